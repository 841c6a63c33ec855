import CLua
import Foundation
import LuaBridge
import OrderedCollections
import TesseraCore

/// A Lua 5.4 state with Tessera's sandbox, limits and `tessera` module.
///
/// One host owns one `lua_State`. It is not `Sendable`: one host per thread (or per actor), used
/// from one thread at a time; only `interrupt()` may be called from elsewhere. The layouts and
/// results it makes are `Sendable` (every `Layout` is): each of their calls into Lua holds the
/// host's `lock`, so several tasks may share them, one call at a time, as long as the host's own
/// thread does not call the host meanwhile. Every call into Lua is
/// protected, carries a traceback, and runs under `limits`; after any failure the host stays
/// usable. Scripts run in their own sandboxed environments.
///
/// ```swift
/// let host = try LuaHost()
/// let env = try host.newEnvironment()
/// let values = try host.evaluate("return 1 + 2", chunkName: "=stdin", environment: env)  // [.integer(3)]
/// let waterfall = try host.loadLayoutScript(path: "layouts/waterfall.lua")
/// let result = try waterfall.configured(["columns": 3]).layout(context)
/// ```
public final class LuaHost {
    /// The state's main thread.
    let mainState: OpaquePointer
    /// The thread to read and push on: the coroutine whose host function runs now (a host
    /// function called inside a coroutine must use that coroutine's stack), else the main one.
    var L: OpaquePointer { tb_current(mainState) }
    /// Held by every call into Lua made by a layout, result or reference that may have left the
    /// host's thread (recursive: a layout's closures call Lua inside its `layout`).
    let lock = NSRecursiveLock()
    /// The limits every call from Swift into Lua runs under.
    public var limits: ScriptLimits { didSet { applyLimits() } }
    /// Folders `require` searches after the requiring script's own folder and the nearest
    /// `layouts/` folder above it. Relative paths are relative to the working directory.
    public var searchPaths: [String]
    /// Where the scripts' `print` writes (one call per line, without the newline). Default: stderr,
    /// so that a layout's debugging output never mixes with `tessera run`'s JSON.
    public var output: (String) -> Void = { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
    /// Every file `require` found, in the order it found them (a watcher re-runs on their saves).
    public private(set) var requiredPaths: [String] = []

    /// Test switch: when set, `ctx` answers through its simple reference paths instead of the
    /// fast ones: `ctx:size` asks `LayoutContext.size(at:proposed:)` for every item (no copied
    /// storage, no sizing in C), `ctx:item(i)` builds a read-only table of every field on each
    /// call, and `ctx:column` reads the items one by one. Results must be identical either way.
    var referenceDataAccess = false

    /// The deepest layout value a host function read as an argument (see `pushLayout`).
    var deepestLayoutRead = 0
    /// Layout values nest (t.inset over t.inset ...) at most this deep, and layouts chosen at
    /// layout time (a t.sections function) nest at most this deep while laying out.
    static let maxLayoutNesting = 200
    /// How deep layouts chosen at layout time are nested right now (see `NestingGuard`).
    var layoutNesting = 0

    var preludeRef: Int32 = LUA_NOREF
    var tesseraRef: Int32 = LUA_NOREF
    var layoutMetaRef: Int32 = LUA_NOREF
    var boxMetaRef: Int32 = LUA_NOREF
    /// The metatable of `ctx` tables: `__index` raises for a field ctx doesn't have.
    var contextMetaRef: Int32 = LUA_NOREF
    /// The metatable of script layout tables that have none: `__index` has the layout methods.
    var scriptMetaRef: Int32 = LUA_NOREF
    /// Metatables of providers and engines, and errors their callbacks met (Module/+Engine).
    var engineSupport = EngineSupport()

    /// Creates a state, opens the standard library for the prelude, and builds the `tessera` module.
    /// - Throws: `LuaScriptError` if the state cannot be created (out of memory).
    public init(limits: ScriptLimits = ScriptLimits(), searchPaths: [String] = LuaHost.standardSearchPaths()) throws {
        guard let state = tb_newstate(0) else {
            throw LuaScriptError(.memory, message: "cannot create a Lua state: out of memory")
        }
        mainState = state
        self.limits = limits
        self.searchPaths = searchPaths
        luaL_openlibs(L)
        tb_openpatterns(L)
        tb_opentables(L)
        makeMetatables()
        try runPrelude()
        makeTesseraModule()
        applyLimits()
    }

    deinit { tb_close(mainState) }

    /// Runs `body` holding the host's lock.
    func locked<R>(_ body: () throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// The pointer host functions get back as their context; valid while the state is open,
    /// which is exactly as long as `self` lives.
    var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static func from(_ context: UnsafeMutableRawPointer?) -> LuaHost {
        Unmanaged<LuaHost>.fromOpaque(context!).takeUnretainedValue()
    }

    private func applyLimits() {
        tb_setlimits(L, max(0, limits.maxMemoryBytes), limits.timeLimit ?? 0, Int64(limits.maxInstructions ?? 0))
    }

    // MARK: Public API for callers such as the REPL

    /// A new sandboxed environment (`_ENV`) whose `require` searches `directory` first.
    public func newEnvironment(directory: String = ".") throws -> LuaReference {
        try pushEnvironment(directory: directory, loaded: nil)
        return popReference()
    }

    /// Compiles `source` (text only) with `environment` as its `_ENV`, without running it.
    /// - Parameter chunkName: `@path` for files (messages say `path:line:`), `=name` for others.
    /// - Throws: `LuaScriptError` of kind `.syntax`; its message is Lua's, so an unfinished chunk's
    ///   ends with `<eof>`.
    public func load(_ source: String, chunkName: String, environment: LuaReference) throws -> LuaReference {
        try loadChunk(Array(source.utf8), chunkName: chunkName)
        push(environment)
        _ = lua_setupvalue(L, -2, 1)
        return popReference()
    }

    /// Calls `function` with `arguments` under the limits. O(1) plus the callee.
    /// - Returns: every result. - Throws: `LuaScriptError` with the traceback.
    @discardableResult
    public func call(_ function: LuaValue, _ arguments: [LuaValue] = []) throws -> [LuaValue] {
        let base = lua_gettop(L)
        _ = lua_checkstack(L, Int32(arguments.count) + 2)
        push(function)
        for a in arguments { push(a) }
        try protectedCall(arguments: Int32(arguments.count), results: LUA_MULTRET)
        let count = lua_gettop(L) - base
        let values = (0..<count).map { value(at: base + 1 + $0) }
        lua_settop(L, base)
        return values
    }

    /// Calls `function(ctx, arguments...)` with a `ctx` table for `context` (the README's "Write your first layout"; its
    /// `ctx.set` is closed, since no frames are being collected).
    @discardableResult
    public func call(_ function: LuaValue, context: LayoutContext, _ arguments: [LuaValue] = []) throws -> [LuaValue] {
        pushContext(context, frames: nil)
        let ctx = popValue()
        return try call(function, [ctx] + arguments)
    }

    /// A layout from a Lua value: a `t.*` value, or a script table (`simpleLayout`, or `frame`
    /// and `visible`) with `params` overriding its defaults. The layout keeps this host alive.
    public func layout(from value: LuaValue, params: OrderedDictionary<String, JSONValue> = [:]) throws -> any Layout {
        push(value)
        defer { tb_pop(L, 1) }
        let version = try scriptVersion(at: -1, source: nil)
        _ = try version.resolve(params)
        return ScriptedLayout(version: version, params: params, anchor: self)
    }

    /// Compiles and runs `source` in `environment`; returns what the chunk returned.
    @discardableResult
    public func evaluate(_ source: String, chunkName: String = "=stdin", environment: LuaReference) throws -> [LuaValue] {
        try call(.function(load(source, chunkName: chunkName, environment: environment)))
    }

    /// Stops the call running now (from any thread, but not from a signal handler) at its next
    /// Lua instruction, with the error "interrupted". Does nothing when no call runs.
    public func interrupt() { tb_interrupt(L) }

    /// Bytes the Lua state holds now, and the most it held since `resetMemoryPeak()`.
    public var memoryUsed: Int { tb_memoryused(L) }
    public var memoryPeak: Int { tb_memorypeak(L) }
    public func resetMemoryPeak() { tb_resetpeak(L) }

    /// Runs a full garbage collection.
    public func collectGarbage() { _ = tb_gccollect(L) }

    /// A read-only view of the `tessera` module (what `require("tessera")` returns); each call
    /// gives a new view, so one holder's `rawset` reaches no other.
    public var tessera: LuaReference {
        pushTesseraModule()
        return popReference()
    }

    /// `table[key]` without metamethods.
    public func field(_ key: String, of table: LuaReference) -> LuaValue {
        push(table)
        guard lua_type(L, -1) == LUA_TTABLE else { tb_pop(L, 1); return .nil }
        LuaStack.rawField(L, -1, key)
        defer { tb_pop(L, 2) }
        return value(at: -1)
    }

    /// `table[key] = value` without metamethods.
    public func setField(_ key: String, of table: LuaReference, to newValue: LuaValue) {
        push(table)
        guard lua_type(L, -1) == LUA_TTABLE else { tb_pop(L, 1); return }
        push(newValue)
        LuaStack.setField(L, -2, key)
        tb_pop(L, 1)
    }

    /// A read-only Lua table (or scalar) holding `json`; `data` in the REPL, for example.
    public func value(_ json: JSONValue) -> LuaValue {
        LuaStack.push(L, json: json, readOnly: true)
        return popValue()
    }

    // MARK: Calls and errors

    /// [-(n+1), +r, -] Runs the function below the `arguments` with `tb_pcall`; on failure pops
    /// the error and throws it.
    func protectedCall(arguments: Int32, results: Int32) throws {
        let status = tb_pcall(L, arguments, results)
        if status != LUA_OK { throw popError(status: status) }
    }

    /// [-1, +0, -] Turns the error object on top (already through the message handler) into
    /// a `LuaScriptError`, using why the bridge stopped the call.
    func popError(status: Int32) -> LuaScriptError {
        let text = LuaStack.string(L, -1) ?? "(error object is a \(LuaStack.typeName(L, -1)) value)"
        tb_pop(L, 1)
        let memoryWhere = String(cString: tb_memorywhere(L))
        if tb_laststop(L) == Int32(TB_STOP_MEMORY) || (status == LUA_ERRMEM && !memoryWhere.isEmpty) {
            let prefix = memoryWhere.isEmpty ? "" : memoryWhere + " "
            return LuaScriptError(.memory, message: prefix + "memory limit of \(Self.formatBytes(limits.maxMemoryBytes)) exceeded",
                                  traceback: String(cString: tb_memorytraceback(L)))
        }
        switch Int(tb_laststop(L)) {
        case Int(TB_STOP_TIME): return LuaScriptError(.timeLimit, handled: text)
        case Int(TB_STOP_INSTRUCTIONS): return LuaScriptError(.instructionLimit, handled: text)
        case Int(TB_STOP_INTERRUPT): return LuaScriptError(.interrupted, handled: text)
        default: return LuaScriptError(status == LUA_ERRMEM ? .memory : .runtime, handled: text)
        }
    }

    static func formatBytes(_ bytes: Int) -> String {
        let mb = 1_048_576
        if bytes % mb == 0 { return "\(bytes / mb) MB" }
        if bytes % 1024 == 0 { return "\(bytes / 1024) KB" }
        return "\(bytes) bytes"
    }

    /// [-0, +1, -] Compiles a text chunk and pushes it. Loading runs no script code, so it
    /// cannot hit a limit; a syntax error has no Lua stack, hence the one-line traceback.
    func loadChunk(_ bytes: [UInt8], chunkName: String) throws {
        var bytes = bytes
        if bytes.isEmpty { bytes = [0x20] }   // a non-nil buffer; a blank chunk compiles the same
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                luaL_loadbufferx(L, $0.baseAddress, $0.count, chunkName, "t")
            }
        }
        if status != LUA_OK {
            let text = LuaStack.string(L, -1) ?? "cannot load \(chunkName)"
            tb_pop(L, 1)
            throw LuaScriptError(status == LUA_ERRSYNTAX ? .syntax : .memory, message: text,
                                 traceback: "stack traceback:\n\t[C]: in ?")
        }
    }

    /// [-1, +0, m]
    func popReference() -> LuaReference {
        LuaReference(host: self, ref: luaL_ref(L, LuaStack.registry))
    }

    // MARK: Set-up

    private func runPrelude() throws {
        try loadChunk(Array(Prelude.source.utf8), chunkName: Prelude.chunkName)
        lua_createtable(L, 0, 4)
        tb_pushhostfunction(L, LuaHost.write, context, 0)
        LuaStack.setField(L, -2, "write")
        lua_pushcclosure(L, tb_setmetatable, 0)
        LuaStack.setField(L, -2, "setmetatable")
        lua_pushcclosure(L, tb_resume, 0)
        LuaStack.setField(L, -2, "resume")
        lua_pushcclosure(L, tb_coclose, 0)
        LuaStack.setField(L, -2, "close")
        try protectedCall(arguments: 1, results: 1)
        preludeRef = luaL_ref(L, LuaStack.registry)
    }

    /// [-0, +1, -] Pushes prelude function `name`.
    func pushPrelude(_ name: String) {
        lua_rawgeti(L, LuaStack.registry, lua_Integer(preludeRef))
        LuaStack.rawField(L, -1, name)
        lua_rotate(L, -2, 1)
        tb_pop(L, 1)
    }

    /// `print`'s sink: write(line).
    static let write: tb_HostFunction = { L, context in
        let host = LuaHost.from(context)
        host.output(LuaStack.string(L!, 1) ?? "")
        return 0
    }

    // MARK: Environments and require

    /// [-0, +1, -] Pushes a new sandboxed environment whose `require` searches `directory`
    /// first and caches modules in `loaded` (the table at that index; a new one when nil).
    func pushEnvironment(directory: String, loaded: Int32?) throws {
        let top = lua_gettop(L)
        pushPrelude("newenv")
        LuaStack.push(L, directory)
        tb_pushhostfunction(L, LuaHost.searchModule, context, 1)
        if let loaded { lua_pushvalue(L, loaded) } else { lua_createtable(L, 0, 4) }
        lua_pushvalue(L, -1)
        tb_pushhostfunction(L, LuaHost.loadModule, context, 1)
        lua_rotate(L, -2, 1)                       // searcher loader loaded
        pushTesseraModule()
        lua_rawgeti(L, LuaStack.registry, lua_Integer(scriptMetaRef))
        tb_pushrequire(L)
        do {
            try protectedCall(arguments: 1, results: 1)
        } catch {
            lua_settop(L, top)
            throw error
        }
    }

    /// The folders `require` searches after the script's own and the nearest `layouts/` above
    /// it: `layouts` in the working directory, each folder of `TESSERA_PATH` (colon-separated),
    /// then the shipped layouts next to the running executable: `layouts/` beside it, in
    /// `../share/tessera/`, or in the nearest folder above it that has one (a build tree).
    /// Only the executable's folders that exist are listed. O(depth of the executable's path).
    public static func standardSearchPaths(environment: [String: String] = ProcessInfo.processInfo.environment,
                                           executable: String? = Bundle.main.executablePath) -> [String] {
        var paths = ["layouts"]
        paths += (environment["TESSERA_PATH"] ?? "").split(separator: ":").map(String.init)
        guard let executable else { return paths }
        let folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        func isFolder(_ url: URL) -> Bool {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        let beside = [folder.appendingPathComponent("layouts"),
                      folder.deletingLastPathComponent().appendingPathComponent("share/tessera/layouts")]
        if let found = beside.first(where: isFolder) {
            paths.append(found.path)
        } else {
            var url = folder
            for _ in 0..<8 {
                let candidate = url.appendingPathComponent("layouts")
                if isFolder(candidate) { paths.append(candidate.path); break }
                let parent = url.deletingLastPathComponent()
                if parent.path == url.path { break }
                url = parent
            }
        }
        return paths
    }

    /// Folders `require` looks in for a script in `directory`: that folder, the nearest
    /// `layouts/` folder above it, then `searchPaths`.
    func moduleDirectories(for directory: String) -> [String] {
        var result = [directory]
        var url = URL(fileURLWithPath: directory).standardizedFileURL
        for _ in 0..<32 {
            let candidate = url.appendingPathComponent("layouts")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue {
                result.append(relativeIfPossible(candidate.path))
                break
            }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { break }
            url = parent
        }
        result += searchPaths
        var seen = Set<String>()
        return result.filter { seen.insert(URL(fileURLWithPath: $0).standardizedFileURL.path).inserted }
    }

    private func relativeIfPossible(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        return path.hasPrefix(cwd + "/") ? String(path.dropFirst(cwd.count + 1)) : path
    }

    static func join(_ directory: String, _ file: String) -> String {
        directory == "." || directory.isEmpty ? file : (directory.hasSuffix("/") ? directory + file : directory + "/" + file)
    }

    /// require's searcher(name) -> path | nil, message. Upvalue: the requiring script's folder.
    static let searchModule: tb_HostFunction = { L, context in
        let L = L!
        let host = LuaHost.from(context)
        let name = LuaStack.string(L, 1) ?? ""
        let directory = LuaStack.string(L, tb_upvalueindex(TB_HOST_UPVALUES + 1)) ?? "."
        switch ModulePaths.find(name, in: host.moduleDirectories(for: directory)) {
        case .success(let path):
            host.requiredPaths.append(path)
            LuaStack.push(L, path)
            return 1
        case .failure(let error):
            lua_pushnil(L)
            LuaStack.push(L, error.message)
            return 2
        }
    }

    /// require's loader(path) -> chunk | nil, message. Upvalue: the `loaded` table.
    static let loadModule: tb_HostFunction = { L, context in
        let L = L!
        let host = LuaHost.from(context)
        guard let path = LuaStack.string(L, 1) else { return 0 }
        guard let data = FileManager.default.contents(atPath: path) else {
            lua_pushnil(L)
            LuaStack.push(L, "cannot read module file '\(path)'")
            return 2
        }
        do {
            try host.loadChunk(Array(data), chunkName: "@" + path)
            let directory = (path as NSString).deletingLastPathComponent
            try host.pushEnvironment(directory: directory.isEmpty ? "." : directory,
                                     loaded: tb_upvalueindex(TB_HOST_UPVALUES + 1))
            _ = lua_setupvalue(L, -2, 1)
            return 1
        } catch let error as LuaScriptError {
            lua_pushnil(L)
            LuaStack.push(L, error.kind == .syntax ? error.message : error.description)
            return 2
        } catch {
            lua_pushnil(L)
            LuaStack.push(L, "\(error)")
            return 2
        }
    }

    // MARK: Script files

    /// Loads a layout script in a new environment; see `LayoutScript`.
    public func loadLayoutScript(path: String) throws -> LayoutScript {
        try LayoutScript(host: self, path: path)
    }

    /// Reads, compiles and runs a script file; returns what it returned (kept in the
    /// registry) and the environment it ran in.
    func runFile(path: String) throws -> (result: LuaReference, environment: LuaReference) {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "does not exist"
            throw LuaScriptError(.file, message: "\(path): the script \(reason)")
        }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        try loadChunk(Array(data), chunkName: "@" + path)
        let directory = (path as NSString).deletingLastPathComponent
        try pushEnvironment(directory: directory.isEmpty ? "." : directory, loaded: nil)
        lua_pushvalue(L, -1)
        let environment = popReference()
        _ = lua_setupvalue(L, -2, 1)
        try protectedCall(arguments: 0, results: 1)
        return (popReference(), environment)
    }
}

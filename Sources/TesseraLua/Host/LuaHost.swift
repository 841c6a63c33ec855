import CLua
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
    let lock = RecursiveLock()
    /// The limits every call from Swift into Lua runs under.
    public var limits: ScriptLimits { didSet { applyLimits() } }
    /// Folders `require` searches after the requiring script's own folder and the nearest
    /// `layouts/` folder above it. Relative paths are relative to the working directory.
    public var searchPaths: [String]
    /// Where the scripts' `print` writes (one call per line, without the newline). Default: stderr,
    /// so that a layout's debugging output never mixes with `tessera run`'s JSON.
    public var output: (String) -> Void = { line in ScriptFiles.writeError(line) }
    /// Where `print` writes instead of `output` when set: the line's bytes unchanged (the REPL's,
    /// which writes Lua strings' bytes as they are).
    var outputBytes: (([UInt8]) -> Void)?
    /// What `e:show()` and the REPL's `r:show()` draw with; nil (where `defaultPictures` is
    /// nil) makes them say that no picture renderer is set.
    public var pictures: LuaPictures? = LuaHost.defaultPictures
    /// The `pictures` every new host starts with; the tessera CLI sets it once at launch.
    nonisolated(unsafe) public static var defaultPictures: LuaPictures?
    /// Every file `require` found, each once, in the order it first found them (a watcher
    /// re-runs on their saves). A module required again, even on every layout pass, adds nothing.
    public var requiredPaths: [String] { requiredFiles.elements }
    /// `requiredPaths` in an ordered set: a repeated `require` is told in O(1).
    var requiredFiles: OrderedSet<String> = []
    /// Reads a script or module file this host runs (nil: it cannot be read, or it is larger
    /// than `maxSourceBytes`). A watcher that compared the files' bytes hands those, so a run
    /// runs exactly what it compared.
    package var readScriptFile: (String) -> [UInt8]? = { ScriptFiles.readSource($0) }
    /// The largest Lua source file a host reads, in bytes (16 MiB; `ScriptFiles.maxSourceBytes`
    /// says why), for readers of script files outside it (`tessera preview`'s).
    package static var maxSourceBytes: Int { ScriptFiles.maxSourceBytes }
    /// The source each file chunk was last compiled from, by path (`loadChunk` of "@path"), so
    /// a message that names a line in a script reads what ran, not a file edited since.
    var loadedSources: [String: [UInt8]] = [:]
    /// Bytes of text handed to Lua's compiler so far: what tests count to see that compiling
    /// a chunk costs its own size, not the lines before it.
    var compiledBytes = 0

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
    /// Metatables of providers and engines, and errors their callbacks met (Module/Engine).
    var engineSupport = EngineSupport()
    /// The test file this host runs, when it runs one (`tessera test`): what `t.run`, the
    /// snapshots and the run checks read and record.
    var layoutTestSession: LayoutTestSession?

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
}

import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

/// A Lua layout script with its parameters: a `Layout` like any native one, so native
/// decorators wrap it (`InsetLayout(scripted, ...)`) and it runs wherever layouts run.
///
/// - `simpleLayout` scripts give a `FramesResult` (every frame validated, spatial index, the
///   content size as the bounding box of the frames and the origin), like native layouts.
/// - Analytic scripts give a `ScriptedAnalyticResult` that asks Lua per query and never
///   materialises the frames.
/// - Scripts that return a `t.*` value run that native layout; scripts with `build(params)`
///   run the `t.*` layout it returns for their params.
///
/// Built from a `LayoutScript`, it follows the script's reloads; built from a table inside
/// Lua (`t.inset(require("mosaic"), 8)`), it keeps that version.
///
/// `@unchecked Sendable`: it keeps its host (not `Sendable`), and `layout` holds the host's lock
/// while it calls into Lua.
public struct ScriptedLayout: Layout, @unchecked Sendable {
    enum Source {
        case script(LayoutScript)
        case version(ScriptVersion)
    }

    let source: Source
    /// Parameter overrides (the script's `params`), checked against the script's defaults.
    public let params: OrderedDictionary<String, JSONValue>
    /// Keeps the host alive for layouts handed to Swift code; nil for layouts that live inside
    /// Lua (a strong reference there would keep the host alive through its own registry).
    let anchor: LuaHost?

    init(script: LayoutScript, params: OrderedDictionary<String, JSONValue>) {
        source = .script(script)
        self.params = params
        anchor = nil   // the script holds its host
    }

    init(version: ScriptVersion, params: OrderedDictionary<String, JSONValue> = [:], anchor: LuaHost? = nil) {
        source = .version(version)
        self.params = params
        self.anchor = anchor
    }

    private init(source: Source, params: OrderedDictionary<String, JSONValue>, anchor: LuaHost?) {
        self.source = source
        self.params = params
        self.anchor = anchor
    }

    /// The same script with `overrides` on top of its params (Lua's `layout:with{...}`).
    /// - Throws: `LuaScriptError` (`.script`) as `--param` does: an unknown name (listing the
    ///   known ones) or a value of the wrong type.
    public func with(_ overrides: OrderedDictionary<String, JSONValue>) throws -> ScriptedLayout {
        var merged = params
        for (key, value) in overrides { merged[key] = value }
        _ = try version.resolve(merged)
        return ScriptedLayout(source: source, params: merged, anchor: anchor)
    }

    var version: ScriptVersion {
        switch source {
        case .script(let script): return script.version
        case .version(let version): return version
        }
    }

    /// The script's `name` (or its file name).
    public var name: String { version.name }

    /// The frames of a `simpleLayout` script, checked, without building the result's index
    /// (what `tessera bench lua` times). Other forms lay out and read every frame.
    public func frames(_ context: LayoutContext) throws -> [Rect] {
        let version = self.version
        guard case .simple = version.form, let host = version.host else { return try layout(context).allFrames }
        return try host.simpleFrames(version, params: version.resolve(params), context: context)
    }

    /// - Complexity: `simpleLayout`: the script's loop, O(1) per `ctx.set`, plus O(n log n) for
    ///   the index; analytic: `layout(ctx, p)` only (O(n) `frame` calls when it is missing).
    public func layout(_ context: LayoutContext) throws -> any LayoutResult {
        let version = self.version
        guard let host = version.host else {
            throw LuaScriptError(.script, message: "\(version.source): the Lua host of this layout was closed")
        }
        return try host.locked { try layout(context, version: version, host: host) }
    }

    private func layout(_ context: LayoutContext, version: ScriptVersion, host: LuaHost) throws -> any LayoutResult {
        let resolved = try version.resolve(params)
        switch version.form {
        case .native(let layout, let origin):
            do { return HostAnchoredResult.anchored(try layout.layout(context), host: host) }
            catch let error as LayoutError where !origin.isEmpty { throw LayoutError(origin + error.message) }
        case .built: return HostAnchoredResult.anchored(try host.buildLayout(version, params: resolved).layout(context), host: host)
        case .simple: return try host.runSimple(version, params: resolved, context: context)
        case .analytic: return try host.runAnalytic(version, params: resolved, context: context)
        }
    }
}

/// `Rect` must be four `Double`s in declaration order for the frame writer to fill `[Rect]`
/// storage directly. Checked once at run time rather than assumed.
let rectIsFourDoubles: Bool = MemoryLayout<Rect>.size == 32 && MemoryLayout<Rect>.stride == 32
    && MemoryLayout<Rect>.offset(of: \Rect.x) == 0 && MemoryLayout<Rect>.offset(of: \Rect.y) == 8
    && MemoryLayout<Rect>.offset(of: \Rect.width) == 16 && MemoryLayout<Rect>.offset(of: \Rect.height) == 24

extension LuaHost {
    /// [-0, +1, m] Pushes a fresh params table.
    func pushParams(_ params: OrderedDictionary<String, JSONValue>) {
        LuaStack.push(L, json: .object(params), readOnly: false)
    }

    /// Runs `simpleLayout` and builds the result (validation and spatial index) with the
    /// elements the script emitted; a `layout(ctx, params)` next to it gives the content size.
    func runSimple(_ version: ScriptVersion, params: OrderedDictionary<String, JSONValue>,
                   context: LayoutContext) throws -> FramesResult {
        let (frames, box) = try simpleOutput(version, params: params, context: context)
        var contentSize: Size?
        if version.layoutFunction != LUA_NOREF {
            let top = lua_gettop(L)
            defer { lua_settop(L, top) }
            pushContext(context, frames: nil, scriptSize: version.size)
            let ctx = popReference()
            pushParams(params)
            contentSize = try callLayoutFunction(version, ctx: ctx, params: popReference())
        }
        return try FramesResult(frames: frames, contentSize: contentSize, elements: box.elements,
                                sections: box.sections.map(\.range), layoutName: version.name)
    }

    /// The `t.*` layout `build(params)` returns. One protected call.
    /// - Throws: `LuaScriptError` (`.script`) when it returns anything else.
    func buildLayout(_ version: ScriptVersion, params: OrderedDictionary<String, JSONValue>) throws -> any Layout {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        lua_rawgeti(L, LuaStack.registry, lua_Integer(version.build))
        pushParams(params)
        try protectedCall(arguments: 1, results: 1)
        guard let boxed = box(at: -1, meta: layoutMetaRef, as: LayoutBox.self) else {
            throw LuaScriptError(.script, message: "\(version.source): build(params) must return a layout built with the tessera module (t.compositional{...}), got a \(LuaStack.typeName(L, -1))")
        }
        return boxed.layout
    }

    /// `layout(ctx, params)`'s content size `w, h` (checked by the bridge). One protected call.
    func callLayoutFunction(_ version: ScriptVersion, ctx: LuaReference, params: LuaReference) throws -> Size? {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        lua_pushcclosure(L, tb_runlayout, 0)
        lua_rawgeti(L, LuaStack.registry, lua_Integer(version.layoutFunction))
        push(ctx)
        push(params)
        try protectedCall(arguments: 3, results: 2)
        guard let w = LuaStack.number(L, -2), let h = LuaStack.number(L, -1) else { return nil }
        return Size(width: w, height: h)
    }

    /// Runs `simpleLayout(ctx, params)`; `ctx.set` writes straight into the result's `[Rect]`
    /// storage, a returned array of frames is read by the bridge into the same storage.
    func simpleFrames(_ version: ScriptVersion, params: OrderedDictionary<String, JSONValue>,
                      context: LayoutContext) throws -> [Rect] {
        try simpleOutput(version, params: params, context: context).frames
    }

    /// The frames `simpleLayout` set and the context box holding the elements it emitted.
    func simpleOutput(_ version: ScriptVersion, params: OrderedDictionary<String, JSONValue>,
                      context: LayoutContext) throws -> (frames: [Rect], box: ContextBox) {
        precondition(rectIsFourDoubles, "Rect is not laid out as four Doubles")
        let n = context.count
        var seen = [UInt8](repeating: 0, count: n)
        var failure: LuaScriptError?
        var box: ContextBox?
        let frames = [Rect](unsafeUninitializedCapacity: n) { buffer, initialized in
            // The bridge writes x, y, w, h as doubles: it sees the Rect storage as 4n Doubles.
            failure = buffer.withMemoryRebound(to: Double.self) { doubles in
                seen.withUnsafeMutableBufferPointer { seenBuffer in
                    runSimpleLayout(version, params: params, context: context, into: doubles, seen: seenBuffer, box: &box)
                }
            }
            if failure == nil { initialized = n }
        }
        if let failure { throw failure }
        return (frames, box!)
    }

    /// One protected call of the `tb_runsimple` driver writing into `frames` (4 per item) and
    /// `seen` (1 per item). The writer is closed before the buffers go away, so a `ctx.set`
    /// kept by the script and called later raises instead of writing.
    private func runSimpleLayout(_ version: ScriptVersion, params: OrderedDictionary<String, JSONValue>,
                                 context: LayoutContext, into frames: UnsafeMutableBufferPointer<Double>,
                                 seen: UnsafeMutableBufferPointer<UInt8>, box: inout ContextBox?) -> LuaScriptError? {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        lua_pushcclosure(L, tb_runsimple, 0)
        lua_rawgeti(L, LuaStack.registry, lua_Integer(version.simpleLayout))
        let writer = tb_newframes(L)!
        let writerSlot = lua_gettop(L)
        box = pushContext(context, frames: writerSlot, scriptSize: version.size)
        pushParams(params)
        lua_rotate(L, writerSlot, -1)        // driver fn ctx params frames
        writer.pointee = tb_Frames(frames: frames.baseAddress, seen: seen.baseAddress,
                                   count: lua_Integer(context.count), open: 1)
        let status = tb_pcall(L, 4, 0)
        writer.pointee = tb_Frames(frames: nil, seen: nil, count: 0, open: 0)
        return status == LUA_OK ? nil : popError(status: status)
    }

    /// Runs the analytic `layout(ctx, params)` when the script has one, and returns a result
    /// that calls `frame` and `visible` per query.
    func runAnalytic(_ version: ScriptVersion, params: OrderedDictionary<String, JSONValue>,
                     context: LayoutContext) throws -> ScriptedAnalyticResult {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        pushContext(context, frames: nil, scriptSize: version.size)
        let ctx = popReference()
        pushParams(params)
        let paramsRef = popReference()
        let state = ScriptedAnalyticResult.State(host: self, version: version, context: ctx, params: paramsRef,
                                                 count: context.count)
        var contentSize: Size?
        if version.layoutFunction != LUA_NOREF {
            contentSize = try callLayoutFunction(version, ctx: ctx, params: paramsRef)
        }
        if contentSize == nil {
            // Without layout(), the content is the bounding box of every frame and the origin.
            var maxX = 0.0, maxY = 0.0
            for i in 0..<context.count {
                let f = try state.frame(at: i)
                maxX = max(maxX, f.maxX); maxY = max(maxY, f.maxY)
            }
            contentSize = Size(width: maxX, height: maxY)
        }
        return ScriptedAnalyticResult(state: state, contentSize: contentSize!)
    }
}

/// The result of an analytic script (`frame(i)`, `visible(x, y, w, h)`): every query is a
/// protected call into Lua, so a 10-million-cell grid costs nothing until it is asked.
///
/// A query the script fails throws the script's error (file:line, message, traceback) to
/// whoever asked: the CLI, the REPL, the engine and the renderers all see it the same way.
public struct ScriptedAnalyticResult: LayoutResult {
    /// `@unchecked Sendable`: every query holds the host's lock (see `frame(at:)`, `visible(in:)`).
    final class State: @unchecked Sendable {
        let host: LuaHost
        let version: ScriptVersion
        let context: LuaReference
        let params: LuaReference
        let count: Int

        init(host: LuaHost, version: ScriptVersion, context: LuaReference, params: LuaReference, count: Int) {
            self.host = host; self.version = version; self.context = context; self.params = params; self.count = count
        }

        /// frame(i + 1, ctx, params), checked by the bridge. One protected call.
        func frame(at index: Int) throws -> Rect {
            try host.locked { try unlockedFrame(at: index) }
        }

        private func unlockedFrame(at index: Int) throws -> Rect {
            let L = host.L
            let top = lua_gettop(L)
            defer { lua_settop(L, top) }
            lua_pushcclosure(L, tb_runframe, 0)
            lua_rawgeti(L, LuaStack.registry, lua_Integer(version.frame))
            lua_pushinteger(L, lua_Integer(index + 1))
            host.push(context)
            host.push(params)
            try host.protectedCall(arguments: 4, results: 4)
            return Rect(x: lua_tonumberx(L, -4, nil), y: lua_tonumberx(L, -3, nil),
                        width: lua_tonumberx(L, -2, nil), height: lua_tonumberx(L, -1, nil))
        }

        /// visible(x, y, w, h, ctx, params) as 0-based indices, sorted, without repeats, and
        /// kept only where frame(i) really overlaps `rect` with a positive area, so that the
        /// result honours the `LayoutResult` contract even if the script over-approximates.
        func visible(in rect: Rect) throws -> [Int] {
            try host.locked { try unlockedVisible(in: rect) }
        }

        private func unlockedVisible(in rect: Rect) throws -> [Int] {
            let L = host.L
            let top = lua_gettop(L)
            defer { lua_settop(L, top) }
            lua_pushcclosure(L, tb_runvisible, 0)
            lua_rawgeti(L, LuaStack.registry, lua_Integer(version.visible))
            for v in [rect.x, rect.y, rect.width, rect.height] { lua_pushnumber(L, v) }
            lua_pushinteger(L, lua_Integer(count))
            host.push(context)
            host.push(params)
            try host.protectedCall(arguments: 8, results: 1)
            let n = Int(tb_rawlen(L, -1))
            var indices: [Int] = []
            indices.reserveCapacity(n)
            for k in stride(from: 1, through: n, by: 1) {
                tb_rawgeti(L, -1, lua_Integer(k))
                indices.append(Int(lua_tointegerx(L, -1, nil)) - 1)
                tb_pop(L, 1)
            }
            indices.sort()
            var result: [Int] = []
            result.reserveCapacity(indices.count)
            for i in indices where i != result.last {
                if try frame(at: i).overlapsWithPositiveArea(rect) { result.append(i) }
            }
            return result
        }
    }

    let state: State
    public let contentSize: Size

    public var count: Int { state.count }

    /// Item `index`'s frame, or the script's error. O(1) protected call.
    public func frame(at index: Int) throws -> Rect { try state.frame(at: index) }

    /// The items visible in `rect`, or the script's error. O(k) protected calls.
    public func visible(in rect: Rect) throws -> [Int] { try state.visible(in: rect) }
}

import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

// One layout pass of a script, by its form: simpleLayout writing frames, build(params)
// returning a t.* layout, an analytic script answering queries.

/// `Rect` must be four `Double`s in declaration order for the frame writer to fill `[Rect]`
/// storage directly. Checked once at run time rather than assumed.
let rectIsFourDoubles: Bool = MemoryLayout<Rect>.size == 32 && MemoryLayout<Rect>.stride == 32
    && MemoryLayout<Rect>.offset(of: \Rect.x) == 0 && MemoryLayout<Rect>.offset(of: \Rect.y) == 8
    && MemoryLayout<Rect>.offset(of: \Rect.width) == 16 && MemoryLayout<Rect>.offset(of: \Rect.height) == 24

extension LuaHost {
    /// [-0, +1, m] Pushes a fresh params table of `version` (scripts may write to it; reading
    /// a name the script does not declare raises, saying so when its entry is nil).
    func pushParams(_ params: OrderedDictionary<String, JSONValue>, of version: ScriptVersion) {
        LuaStack.push(L, params: params, readOnly: false, nilEntries: version.nilEntries)
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
            let pass = pushContext(context, scriptSize: version.size).itemPass
            defer { endItems(pass) }
            let ctx = popReference()
            pushParams(params, of: version)
            contentSize = try callLayoutFunction(version, ctx: ctx, params: popReference())
        }
        return try FramesResult(frames: frames, contentSize: contentSize, elements: box.elements,
                                sections: box.sections.map(\.range), layoutName: version.name)
    }

    /// The `t.*` layout `build(params)` returns, sized by the script's `size(item, pw, ph, i)`
    /// when it has one (as `layout:sized(size)` sizes it: the same hook as `ctx:size` answers
    /// with in the other forms). One protected call.
    /// - Throws: `LuaScriptError` at build's line when it returns anything else.
    func buildLayout(_ version: ScriptVersion, params: OrderedDictionary<String, JSONValue>) throws -> any Layout {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        lua_rawgeti(L, LuaStack.registry, lua_Integer(version.build))
        pushParams(params, of: version)
        try protectedCall(arguments: 1, results: 1)
        guard let boxed = box(at: -1, meta: layoutMetaRef, as: LayoutBox.self) else {
            let got = lua_type(L, -1) == LUA_TNIL ? LuaHost.buildReturnedNothing : LuaStack.typeName(L, -1)
            lua_rawgeti(L, LuaStack.registry, lua_Integer(version.build))
            // Placed at the line defining build, as layout's and visible's wrong results are.
            throw blaming(popReference(), LuaArguments.statement("build", "must return a layout built with the tessera module (t.waterfall{...}), got \(got)",
                                                                 file: version.source))
        }
        guard version.size != LUA_NOREF else { return boxed.layout }
        lua_rawgeti(L, LuaStack.registry, lua_Integer(version.size))
        return LuaSizedLayout(root: boxed.layout, size: popReference(), order: .indexLast)
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
    /// `seen` (1 per item). `ctx.set` writes there only while the call runs: afterwards the
    /// buffer before it is back (none, or an outer pass's), so a `ctx.set` kept by the script
    /// and called later raises instead of writing; so is ctx:item's pass ended.
    private func runSimpleLayout(_ version: ScriptVersion, params: OrderedDictionary<String, JSONValue>,
                                 context: LayoutContext, into frames: UnsafeMutableBufferPointer<Double>,
                                 seen: UnsafeMutableBufferPointer<UInt8>, box: inout ContextBox?) -> LuaScriptError? {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        lua_pushcclosure(L, tb_runsimple, 0)
        lua_rawgeti(L, LuaStack.registry, lua_Integer(version.simpleLayout))
        box = pushContext(context, scriptSize: version.size)
        pushParams(params, of: version)                   // driver fn ctx params
        var writer = tb_Frames(frames: frames.baseAddress, seen: seen.baseAddress, count: lua_Integer(context.count))
        let status = withUnsafePointer(to: &writer) { writer in
            let outer = tb_setframes(L, writer)
            defer { tb_setframes(L, outer) }
            return tb_pcall(L, 3, 0)
        }
        endItems(box!.itemPass)
        return status == LUA_OK ? nil : popError(status: status)
    }

    /// Runs the analytic `layout(ctx, params)` when the script has one, and returns a result
    /// that calls `frame` and `visible` per query.
    func runAnalytic(_ version: ScriptVersion, params: OrderedDictionary<String, JSONValue>,
                     context: LayoutContext) throws -> ScriptedAnalyticResult {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let pass = pushContext(context, scriptSize: version.size).itemPass
        let ctx = popReference()
        pushParams(params, of: version)
        let paramsRef = popReference()
        let state = ScriptedAnalyticResult.State(host: self, version: version, context: ctx, params: paramsRef,
                                                 count: context.count, itemPass: pass)
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

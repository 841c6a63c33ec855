import CLua
import LuaBridge

/// The script line that set one item's frame: where a layout script called `ctx.set` for it
/// (the last such call wins), else the line that stored it in a frames table a `simpleLayout`
/// returns, else the `return` of an analytic script's `frame(i)` that gave it.
package struct FrameOrigin: Hashable, Sendable {
    public var file: String
    public var line: Int
    /// `ctx.set`, `frames table` or `frame`.
    public var via: String

    public init(file: String, line: Int, via: String) { self.file = file; self.line = line; self.via = via }
}

extension LuaHost {
    /// Runs `body` (which lays a layout of this host out and reads item `index`'s frame, 0-based)
    /// with a call, return and line hook that records where the item's frame was set. The hook
    /// costs a check per Lua call and a scan of the running function's locals per line, so only
    /// an inspection pays it: no other run installs it.
    ///
    /// The bridge removes every hook when a call into Lua ends, so `body` gets `arm`, to call
    /// before each further call that may set the frame (a lazy result's `frame(at:)`).
    /// Returns nil when no script line set it (a built-in layout placed the item, or a table
    /// constructor listed the frames). With `--max-instructions` the bridge's own count hook
    /// replaces this one and nothing is recorded.
    package func recordingFrameOrigin(of index: Int, _ body: (_ arm: () -> Void) throws -> Void) throws -> FrameOrigin? {
        let state = mainState
        tb_pushsetter(state)
        let recorder = FrameOriginRecorder(target: lua_Integer(index) + 1, setter: lua_tocfunction(state, -1))
        lua_settop(state, -2)
        let key = Unmanaged.passUnretained(frameOriginKey).toOpaque()
        lua_pushlightuserdata(state, Unmanaged.passUnretained(recorder).toOpaque())
        lua_rawsetp(state, LuaStack.registry, key)
        defer {
            lua_sethook(state, nil, 0, 0)
            lua_pushnil(state)
            lua_rawsetp(state, LuaStack.registry, key)
        }
        let arm = { lua_sethook(state, frameOriginHook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE, 0) }
        arm()
        try withExtendedLifetime(recorder) { try body(arm) }
        return recorder.found
    }
}

/// The registry key (by address) of the running recorder.
private final class FrameOriginKey: Sendable {}
private let frameOriginKey = FrameOriginKey()

private final class FrameOriginRecorder {
    let target: lua_Integer
    let setter: lua_CFunction?
    var setByCall, setInTable, returned: FrameOrigin?
    var found: FrameOrigin? { setByCall ?? setInTable ?? returned }
    /// Per running function (its CallInfo), the line of its last line event.
    var lastLine: [Int: Int32] = [:]
    /// The (table, entry) pairs already seen holding the item's frame.
    var seenEntries = Set<[UInt]>()

    init(target: lua_Integer, setter: lua_CFunction?) { self.target = target; self.setter = setter }

    static func same(_ a: lua_CFunction?, _ b: lua_CFunction?) -> Bool {
        guard let a, let b else { return false }
        return unsafeBitCast(a, to: UnsafeRawPointer.self) == unsafeBitCast(b, to: UnsafeRawPointer.self)
    }

    /// [-0, +0, -] The integer argument `n` of the function at `ar`, if it is one.
    static func integerArgument(_ L: OpaquePointer, _ ar: UnsafeMutablePointer<lua_Debug>, _ n: Int32) -> lua_Integer? {
        guard lua_getlocal(L, ar, n) != nil else { return nil }
        var isInteger: Int32 = 0
        let value = lua_tointegerx(L, -1, &isInteger)
        lua_settop(L, -2)
        return isInteger != 0 ? value : nil
    }

    /// [-0, +0, -] The C function of the function at `ar`, or nil for a Lua function.
    static func cFunction(_ L: OpaquePointer, _ ar: UnsafeMutablePointer<lua_Debug>) -> lua_CFunction? {
        guard lua_getinfo(L, "f", ar) != 0 else { return nil }
        let function = lua_tocfunction(L, -1)
        lua_settop(L, -2)
        return function
    }

    /// [-0, +0, -] A hook's observation: a call of `ctx.set(target, ...)` records its nearest Lua
    /// caller's line; a Lua function returning into the analytic driver for `frame(target)`
    /// records its own current line (the `return`).
    func observe(_ L: OpaquePointer, _ ar: UnsafeMutablePointer<lua_Debug>) {
        switch ar.pointee.event {
        case LUA_HOOKCALL:
            lastLine[Int(bitPattern: UnsafeRawPointer(ar.pointee.i_ci))] = nil
            guard Self.same(Self.cFunction(L, ar), setter), Self.integerArgument(L, ar, 1) == target else { return }
            var level: Int32 = 1
            var caller = lua_Debug()
            while lua_getstack(L, level, &caller) != 0 {
                if lua_getinfo(L, "Sl", &caller) != 0, caller.currentline > 0 {
                    setByCall = Self.origin(caller, line: caller.currentline, via: "ctx.set")
                    return
                }
                level += 1
            }
        case LUA_HOOKRET:
            var caller = lua_Debug()
            guard lua_getstack(L, 1, &caller) != 0, Self.same(Self.cFunction(L, &caller), tb_runframe),
                  Self.integerArgument(L, &caller, 2) == target, lua_getinfo(L, "Sl", ar) != 0, ar.pointee.currentline > 0 else { return }
            returned = Self.origin(ar.pointee, line: ar.pointee.currentline, via: "frame")
        case LUA_HOOKLINE:
            observeLine(L, ar)
        default:
            return
        }
    }

    /// [-0, +0, -] A line event: when a table among the running function's locals and
    /// temporaries now holds, at the item's index, a frame-like entry (four numbers, or x/y
    /// fields) it did not hold at this function's previous line event, that previous line
    /// stored it.
    private func observeLine(_ L: OpaquePointer, _ ar: UnsafeMutablePointer<lua_Debug>) {
        let call = Int(bitPattern: UnsafeRawPointer(ar.pointee.i_ci))
        let previous = lastLine[call]
        lastLine[call] = ar.pointee.currentline
        guard let previous, previous > 0 else { return }
        var n: Int32 = 1
        while lua_getlocal(L, ar, n) != nil {
            defer { lua_settop(L, -2); n += 1 }
            guard lua_type(L, -1) == LUA_TTABLE else { continue }
            guard lua_rawgeti(L, -1, target) == LUA_TTABLE else { lua_settop(L, -2); continue }
            let pair = [UInt(bitPattern: lua_topointer(L, -2)), UInt(bitPattern: lua_topointer(L, -1))]
            let frameLike = Self.isFrameLike(L)
            lua_settop(L, -2)
            guard frameLike, seenEntries.insert(pair).inserted, lua_getinfo(L, "S", ar) != 0 else { continue }
            setInTable = Self.origin(ar.pointee, line: previous, via: "frames table")
        }
    }

    /// [-0, +0, -] Whether the table on top is `{x, y, w, h}` or has numeric `x` and `y` fields
    /// (among its first 16 pairs: read with lua_next, which allocates nothing, as a hook must).
    static func isFrameLike(_ L: OpaquePointer) -> Bool {
        var numbers = 0
        for k in 1...4 { if lua_rawgeti(L, -1, lua_Integer(k)) == LUA_TNUMBER { numbers += 1 }; lua_settop(L, -2) }
        if numbers == 4 { return true }
        var named = 0, pairs = 0
        lua_pushnil(L)
        while lua_next(L, -2) != 0 {
            if lua_type(L, -2) == LUA_TSTRING, lua_type(L, -1) == LUA_TNUMBER, let key = lua_tolstring(L, -2, nil) {
                if (key[0] == 0x78 || key[0] == 0x79) && key[1] == 0 { named += 1 }   // "x" or "y"
            }
            lua_settop(L, -2)
            pairs += 1
            if named == 2 || pairs == 16 { lua_settop(L, -2); break }
        }
        return named == 2
    }

    static func origin(_ d: lua_Debug, line: Int32, via: String) -> FrameOrigin? {
        guard let source = d.source else { return nil }
        var file = String(cString: source)
        if file.hasPrefix("@") || file.hasPrefix("=") { file.removeFirst() }
        return FrameOrigin(file: file, line: Int(line), via: via)
    }
}

/// [-0, +0, -] The hook: finds the recorder through the registry (a raw read by address: no
/// allocation, nothing raised) and hands it the event.
private let frameOriginHook: lua_Hook = { L, ar in
    guard let L, let ar else { return }
    lua_rawgetp(L, LuaStack.registry, Unmanaged.passUnretained(frameOriginKey).toOpaque())
    let pointer = lua_touserdata(L, -1)
    lua_settop(L, -2)
    guard let pointer else { return }
    Unmanaged<FrameOriginRecorder>.fromOpaque(pointer).takeUnretainedValue().observe(L, ar)
}

import CLua
import LuaBridge

/// The script line that set one item's frame: where a layout script called `ctx.set` for it
/// (the last such call wins), or the `return` of an analytic script's `frame(i)` that gave it.
public struct FrameOrigin: Hashable, Sendable {
    public var file: String
    public var line: Int
    /// `ctx.set` or `frame`.
    public var via: String

    public init(file: String, line: Int, via: String) { self.file = file; self.line = line; self.via = via }
}

extension LuaHost {
    /// Runs `body` (which lays a layout of this host out and reads item `index`'s frame, 0-based)
    /// with a call-and-return hook that records where the item's frame was set. The hook costs
    /// a check per Lua call, so only an inspection pays it: no other run installs it.
    ///
    /// The bridge removes every hook when a call into Lua ends, so `body` gets `arm`, to call
    /// before each further call that may set the frame (a lazy result's `frame(at:)`).
    /// Returns nil when no script line set it (a built-in layout placed the item, or a script
    /// returned an array of frames). With `--max-instructions` the bridge's own count hook
    /// replaces this one and nothing is recorded.
    public func recordingFrameOrigin(of index: Int, _ body: (_ arm: () -> Void) throws -> Void) throws -> FrameOrigin? {
        let state = mainState
        _ = tb_newframes(state)
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
        let arm = { lua_sethook(state, frameOriginHook, LUA_MASKCALL | LUA_MASKRET, 0) }
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
    var found: FrameOrigin?

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
            guard Self.same(Self.cFunction(L, ar), setter), Self.integerArgument(L, ar, 1) == target else { return }
            var level: Int32 = 1
            var caller = lua_Debug()
            while lua_getstack(L, level, &caller) != 0 {
                if lua_getinfo(L, "Sl", &caller) != 0, caller.currentline > 0 {
                    record(caller, via: "ctx.set")
                    return
                }
                level += 1
            }
        case LUA_HOOKRET:
            var caller = lua_Debug()
            guard lua_getstack(L, 1, &caller) != 0, Self.same(Self.cFunction(L, &caller), tb_runframe),
                  Self.integerArgument(L, &caller, 2) == target, lua_getinfo(L, "Sl", ar) != 0, ar.pointee.currentline > 0 else { return }
            record(ar.pointee, via: "frame")
        default:
            return
        }
    }

    private func record(_ d: lua_Debug, via: String) {
        guard let source = d.source else { return }
        var file = String(cString: source)
        if file.hasPrefix("@") || file.hasPrefix("=") { file.removeFirst() }
        found = FrameOrigin(file: file, line: Int(d.currentline), via: via)
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

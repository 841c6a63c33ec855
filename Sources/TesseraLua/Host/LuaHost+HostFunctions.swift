import CLua
import LuaBridge
import TesseraCore

/// Swift functions callable from Lua, and the one trampoline every body runs through.
///
/// A host function is a `tb_HostFunction` that the C bridge calls (`tb_pushhostfunction`).
/// Swift must never be unwound by a Lua error, so a body throws instead, and `raising` turns
/// what it threw into an error code the bridge raises in C:
/// - a script-shaped complaint (`LuaScriptError.script`, `LayoutError`, any other error)
///   gets the caller's `file:line:` prefix;
/// - an error from nested script code already names its own `file:line:`: raised as it is
///   (syntax and file errors without a traceback, others with theirs, which the bridge
///   records so that the enclosing call's handler keeps it as the only one);
/// - a loop that found the call must stop (`LimitPoll.Stop`) raises the limit's own error.
extension LuaHost {
    /// Runs a host function body with its arguments named as registered; see the type comment.
    static func hosted(_ L: OpaquePointer?, _ context: UnsafeMutableRawPointer?,
                       _ body: (LuaHost, LuaArguments) throws -> Int32) -> Int32 {
        let L = L!
        let host = LuaHost.from(context)
        host.deepestLayoutRead = 0
        return raising(L) { try body(host, LuaArguments(L, fallback: "tessera")) }
    }

    /// The error mapping of every host function (see the type comment).
    static func raising(_ L: OpaquePointer, _ body: () throws -> Int32) -> Int32 {
        do {
            return try body()
        } catch let error as LuaScriptError {
            switch error.kind {
            case .script:
                LuaStack.push(L, error.message)
                return TB_RAISE
            case .syntax, .file:
                LuaStack.push(L, error.message)
                return TB_RAISE_ASIS
            case _ where error.traceback.isEmpty:   // the enclosing call's handler adds one
                LuaStack.push(L, error.message)
                return TB_RAISE_ASIS
            default:
                // The bridge records it as traced: the enclosing handler adds no second traceback.
                LuaStack.push(L, error.description)
                lua_pushinteger(L, lua_Integer(error.message.utf8.count))
                return TB_RAISE_TRACED
            }
        } catch let error as LayoutError {
            LuaStack.push(L, error.message)
            return TB_RAISE
        } catch is LimitPoll.Stop {
            return TB_RAISE_STOP
        } catch {
            LuaStack.push(L, "\(error)")
            return TB_RAISE
        }
    }

    /// [-nup, +1, m] Pushes `function` as a host function called `name` (what its argument
    /// errors say: `t.inset`, `layout:inset`, `ctx:size`); the `nup` values on top become its
    /// upvalues after the host's own. With `arguments` (the most a caller passes, a method's
    /// self aside), the bridge refuses one more that is not nil before the body runs:
    /// `engine:scroll: argument #3 must be absent (engine:scroll takes at most 2 arguments), got string`.
    func pushHostFunction(_ function: tb_HostFunction, named name: String, upvalues nup: Int32 = 0, arguments: Int? = nil) {
        tb_pushhostfunction(L, function, context, nup)
        LuaStack.push(L, name)
        _ = lua_setupvalue(L, -2, 2)
        // A byte search: `contains(":")` compares Characters, which a context pushed per section
        // of a t.sections layout made a tenth of the pass.
        if let arguments { tb_sethostarguments(L, Int32(arguments + (name.utf8.contains(UInt8(ascii: ":")) ? 1 : 0))) }
    }

    /// A number as messages show it, the same text as the C bridge's (`tb_formatnumber`):
    /// `-1`, `2.5`, `0.3` for 0.1 + 0.2, `nan`, `inf`.
    static func numberText(_ v: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 32)
        tb_formatnumber(v, &buffer, buffer.count)
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}

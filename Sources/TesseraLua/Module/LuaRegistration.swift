import CLua
import LuaBridge
import TesseraCore

/// One Swift function visible to Lua, where, and how many arguments it takes at most (a
/// method's self aside): the bridge refuses more (`LuaHost.pushHostFunction`).
struct LuaRegistration {
    enum Place: Sendable { case module, layoutMethod, context }
    let place: Place
    let name: String
    let arguments: Int
    let function: tb_HostFunction

    static func module(_ name: String, _ arguments: Int, _ function: tb_HostFunction) -> Self {
        .init(place: .module, name: name, arguments: arguments, function: function)
    }
    static func layoutMethod(_ name: String, _ arguments: Int, _ function: tb_HostFunction) -> Self {
        .init(place: .layoutMethod, name: name, arguments: arguments, function: function)
    }
    static func context(_ name: String, _ arguments: Int, _ function: tb_HostFunction) -> Self {
        .init(place: .context, name: name, arguments: arguments, function: function)
    }

    /// What messages call it: `t.inset`, `layout:inset`, `ctx:size`.
    var qualifiedName: String {
        switch place {
        case .module: "t.\(name)"
        case .layoutMethod: "layout:\(name)"
        case .context: "ctx:\(name)"
        }
    }
}

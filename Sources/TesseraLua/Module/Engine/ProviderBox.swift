import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

/// A provider in Lua, with its fields as assigned (a registry reference to a plain table).
final class ProviderBox {
    let provider: Provider
    let constructor: String
    let fields: LuaReference
    init(_ provider: Provider, constructor: String, fields: LuaReference) {
        self.provider = provider; self.constructor = constructor; self.fields = fields
    }
}

extension LuaHost {
    /// The provider in the box at `slot`, if it is one.
    func providerBox(at slot: Int32) -> ProviderBox? {
        box(at: slot, meta: engineSupport.providerMetaRef, as: ProviderBox.self)
    }
}

extension LuaHost {
    /// fields[key] = the value at `slot`.
    func storeField(_ box: ProviderBox, _ key: String, _ slot: Int32) throws {
        push(box.fields)
        lua_pushvalue(L, slot)
        LuaStack.setField(L, -2, key)
        tb_pop(L, 1)
    }

    /// [-0, +1, -] Pushes fields[key] of a provider box.
    func pushProviderField(_ box: ProviderBox, _ key: String) {
        push(box.fields)
        LuaStack.rawField(L, -1, key)
        lua_rotate(L, -2, -1); tb_pop(L, 1)
    }
}

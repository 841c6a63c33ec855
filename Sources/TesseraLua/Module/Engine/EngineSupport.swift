import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

/// Metatable references of the engine's Lua values.
struct EngineSupport {
    var providerMetaRef: Int32 = LUA_NOREF
    var engineMetaRef: Int32 = LUA_NOREF
    var animatorMetaRef: Int32 = LUA_NOREF
}

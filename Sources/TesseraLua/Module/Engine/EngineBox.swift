import CLua
import LuaBridge
import TesseraCore

/// An engine in Lua, with the provider value it shows.
final class EngineBox {
    let engine: CollectionEngine
    let fields: LuaReference
    init(_ engine: CollectionEngine, fields: LuaReference) { self.engine = engine; self.fields = fields }
}

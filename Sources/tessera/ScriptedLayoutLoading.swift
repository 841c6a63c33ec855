import OrderedCollections
import TesseraCore

/// Limits a Lua script runs under (SPEC §7); the Lua host fills in the defaults.
struct ScriptLimitOptions {
    var maxMemoryBytes: Int?
    var maxInstructions: Int?
    var timeLimitSeconds: Double?
}

/// Loads a `.lua` layout script. (The Lua scripting work replaces this body.)
func loadScriptedLayout(path: String, params: OrderedDictionary<String, JSONValue>,
                        limits: ScriptLimitOptions) throws -> any Layout {
    throw CLIError("\(path): Lua layouts are not supported yet; use a built-in layout name (flow, row, waterfall, overlay)")
}

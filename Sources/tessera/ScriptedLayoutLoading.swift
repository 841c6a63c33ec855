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

import ArgumentParser

/// The sandbox limit flags shared by every command that runs Lua (run, check, repl).
struct ScriptLimitFlags: ParsableArguments {
    @Option(help: "Memory cap for Lua scripts in MB.") var maxMemory: Double?
    @Option(help: "Instruction budget for Lua scripts.") var maxInstructions: Int?
    @Option(help: "Time limit for Lua scripts in seconds.") var timeLimit: Double?

    var options: ScriptLimitOptions {
        ScriptLimitOptions(maxMemoryBytes: maxMemory.map { Int($0 * 1_048_576) },
                           maxInstructions: maxInstructions, timeLimitSeconds: timeLimit)
    }
}

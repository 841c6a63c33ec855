import ArgumentParser
import Foundation
import OrderedCollections
import TesseraCore
import TesseraLua

/// Limits a Lua script runs under (SPEC §7); nil fields take the Lua host's defaults.
struct ScriptLimitOptions {
    var maxMemoryBytes: Int?
    var maxInstructions: Int?
    var timeLimitSeconds: Double?

    /// The host's limits with these overrides; a time limit or budget of 0 switches it off.
    var scriptLimits: ScriptLimits {
        var limits = ScriptLimits()
        if let bytes = maxMemoryBytes { limits.maxMemoryBytes = bytes }
        if let seconds = timeLimitSeconds { limits.timeLimit = seconds > 0 ? seconds : nil }
        if let count = maxInstructions { limits.maxInstructions = count > 0 ? count : nil }
        return limits
    }
}

/// The sandbox limit flags shared by every command that runs Lua (run, check, repl):
/// `@OptionGroup var limits: ScriptLimitFlags`, then `limits.options`.
struct ScriptLimitFlags: ParsableArguments {
    @Option(help: ArgumentHelp("Memory cap for a Lua script, in MB (default \(ScriptLimits.defaultMaxMemoryBytes / 1_048_576)).",
                               valueName: "MB"))
    var maxMemory: Double?

    @Option(help: ArgumentHelp("Instruction budget per call into Lua (default: none). Counting slows scripts about 1.6-1.95x.",
                               valueName: "N"))
    var maxInstructions: Int?

    @Option(help: ArgumentHelp("Time limit per call into Lua, in seconds; 0 for none (default \(JSONWriter.format(ScriptLimits.defaultTimeLimit))).",
                               valueName: "SECONDS"))
    var timeLimit: Double?

    func validate() throws {
        if let maxMemory, !(maxMemory > 0 && maxMemory.isFinite) {
            throw ValidationError("--max-memory must be a positive number of MB, got \(JSONWriter.format(maxMemory))")
        }
        if let maxInstructions, maxInstructions < 0 {
            throw ValidationError("--max-instructions must not be negative, got \(maxInstructions)")
        }
        if let timeLimit, !(timeLimit >= 0 && timeLimit.isFinite) {
            throw ValidationError("--time-limit must be a non-negative number of seconds, got \(JSONWriter.format(timeLimit))")
        }
    }

    var options: ScriptLimitOptions {
        ScriptLimitOptions(maxMemoryBytes: maxMemory.map { Int($0 * 1_048_576) },
                           maxInstructions: maxInstructions, timeLimitSeconds: timeLimit)
    }
}

/// Loads a `.lua` layout script into a new sandboxed host: the `LAYOUT.lua` of `tessera run`.
///
/// Script errors become `CLIError`s whose text is `file:line: message` plus the Lua traceback.
/// An analytic script's queries cannot throw through `LayoutResult`, so in the CLI a failing
/// `frame(i)` or `visible(...)` prints its error and exits with status 1 at once, before any
/// output is written.
func loadScriptedLayout(path: String, params: OrderedDictionary<String, JSONValue>,
                        limits: ScriptLimitOptions) throws -> any Layout {
    do {
        let host = try LuaHost(limits: limits.scriptLimits)
        host.onQueryFailure = { error in
            FileHandle.standardError.write(Data("Error: \(error.description)\n".utf8))
            exit(1)
        }
        let script = try host.loadLayoutScript(path: path)
        return CLIScriptedLayout(base: try script.configured(params))
    } catch let error as LuaScriptError {
        throw CLIError(error.description)
    }
}

/// A scripted layout whose script errors surface as `CLIError`s.
struct CLIScriptedLayout: Layout {
    let base: ScriptedLayout

    func layout(_ context: LayoutContext) throws -> any LayoutResult {
        do {
            return try base.layout(context)
        } catch let error as LuaScriptError {
            throw CLIError(error.description)
        }
    }
}

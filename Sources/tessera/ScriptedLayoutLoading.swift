import ArgumentParser
import Foundation
import OrderedCollections
import TesseraCore
import TesseraLua

/// Limits a Lua script runs under; nil fields take the Lua host's defaults.
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
///
/// The values are read as text so that a negative, non-finite or out-of-range value gets a
/// message stating the allowed range (and echoing the value, shortened), never a parser
/// error, a crash, or a deadline that overflows.
struct ScriptLimitFlags: ParsableArguments {
    static let maxMemoryRange = "greater than 0 and at most \(maxMemoryMB)"
    static let maxMemoryMB = 1_048_576.0          // 1 TB
    static let maxTimeLimit = 86_400.0            // a day; 0 means none

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Memory cap for a Lua script, in MB, at most \(JSONWriter.format(maxMemoryMB)) (default \(ScriptLimits.defaultMaxMemoryBytes / 1_048_576)).",
                               valueName: "MB"))
    var maxMemory: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Instruction budget per call into Lua (default: none). Counting slows scripts about 1.6-1.95x.",
                               valueName: "N"))
    var maxInstructions: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Time limit per call into Lua, in seconds, at most \(JSONWriter.format(maxTimeLimit)); 0 for none (default \(JSONWriter.format(ScriptLimits.defaultTimeLimit))).",
                               valueName: "SECONDS"))
    var timeLimit: String?

    func validate() throws { _ = try parsed() }

    /// The flags as numbers, checked against their ranges.
    func parsed() throws -> ScriptLimitOptions {
        var options = ScriptLimitOptions()
        if let maxMemory {
            guard let mb = Double(maxMemory), mb > 0, mb <= Self.maxMemoryMB else {
                throw ValidationError("--max-memory expects a number of MB greater than 0 and at most \(JSONWriter.format(Self.maxMemoryMB)), got \(quotedArgument(maxMemory))")
            }
            options.maxMemoryBytes = Int(clamping: mb * 1_048_576, into: 1...Int.max)
        }
        if let maxInstructions {
            guard let n = Int(maxInstructions), n >= 0 else {
                throw ValidationError("--max-instructions expects a whole number from 0 (no budget) to \(Int.max), got \(quotedArgument(maxInstructions))")
            }
            options.maxInstructions = n
        }
        if let timeLimit {
            guard let seconds = Double(timeLimit), seconds >= 0, seconds <= Self.maxTimeLimit else {
                throw ValidationError("--time-limit expects a number of seconds from 0 (no limit) to \(JSONWriter.format(Self.maxTimeLimit)), got \(quotedArgument(timeLimit))")
            }
            options.timeLimitSeconds = seconds
        }
        return options
    }

    /// The checked limits (validate() ran before any command's run()).
    var options: ScriptLimitOptions { (try? parsed()) ?? ScriptLimitOptions() }
}

/// A command-line value for a message: quoted, and shortened when long (a 100,000-digit number
/// is not echoed whole).
func quotedArgument(_ text: String, limit: Int = 40) -> String {
    guard text.count > limit else { return "'\(text)'" }
    return "'\(text.prefix(limit))...' (\(text.count) characters)"
}

/// The layout `run` and `check` name: a built-in, or a `.lua` script loaded into a new
/// sandboxed host under `limits` (`LuaHost.layout(named:params:)`, which the REPL uses too).
///
/// Errors keep their own text (`file:line: message` plus the Lua traceback for a script); an
/// analytic script's failing `frame(i)` or `visible(...)` is thrown by the query that ran it.
func resolveLayout(_ nameOrPath: String, params: OrderedDictionary<String, JSONValue>,
                   limits: ScriptLimitOptions) throws -> any Layout {
    let host = try LuaHost(limits: limits.scriptLimits)
    host.output = { line in try? StandardStream.error.write(line: line) }
    return try host.layout(named: nameOrPath, params: params)
}

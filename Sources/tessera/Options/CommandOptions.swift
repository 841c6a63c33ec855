import ArgumentParser
import Foundation
import OrderedCollections
import TesseraCore
import TesseraLua
import TesseraRender

// The command line's options: the option groups commands share, and every parser of an
// option's text (sizes, offsets, parameters, rules, policies), each with the message a bad
// value gets.

/// The options every command that lays out a dataset shares (run, check, repl).
struct LayoutInputOptions: ParsableArguments {
    @Option(help: "Dataset: .json, .jsonl or .csv (default: 100 generated items).")
    var data: String?

    @OptionGroup var shape: LayoutShapeOptions

    @Option(help: "Duplicate ids: reject, pairInOrder or suffix.")
    var duplicates: String = "reject"

    @OptionGroup var limits: ScriptLimitFlags

    @OptionGroup var dataLimit: DataLimitFlags
}

/// The options that shape one layout pass, shared by every command that lays a dataset out:
/// the collection size, the layout's parameters and the sizing rule.
struct LayoutShapeOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "The collection size WxH.")
    var viewport: String = "375x812"

    @Option(name: .customLong("param"), help: "A layout parameter K=V (V is JSON, a comma list, or a string). Repeatable.")
    var params: [String] = []

    @Option(help: "Sizing rule: fit, fillWidth, intrinsic or fill.")
    var sizing: String = "fit"
}

/// `--max-data-size MB` and `--section-by FIELD`, shared by every command that reads datasets
/// (run, check, diff, scroll, animate, preview, repl): data files larger than the limit are
/// refused before they are read, and every dataset loaded is regrouped by the field when asked.
struct DataLimitFlags: ParsableArguments {
    static let maxMB = 1_048_576.0   // 1 TB: anything above is a typo

    @Option(help: ArgumentHelp("Group the data by a field: consecutive items with the same value form one section, titled by the value (the order is kept, nothing is sorted).",
                               valueName: "FIELD"))
    var sectionBy: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Largest data file to read, in MB (default \(DatasetLoader.defaultMaxBytes / 1_048_576)).",
                               valueName: "MB"))
    var maxDataSize: String?

    func validate() throws { _ = try maxBytes() }

    /// The limit in bytes.
    func maxBytes() throws -> Int {
        guard let maxDataSize else { return DatasetLoader.defaultMaxBytes }
        guard let mb = Double(maxDataSize), mb > 0, mb <= Self.maxMB else {
            throw ValidationError("--max-data-size expects a number of MB greater than 0 and at most \(JSONWriter.format(Self.maxMB)), got \(quotedArgument(maxDataSize))")
        }
        return Int(clamping: mb * 1_048_576, into: 1...Int.max)
    }

    /// Loads a file of measured sizes (`--measured`) under the size limit; its errors become `CLIError`s.
    func loadMeasuredSizes(_ path: String) throws -> [String: Size] {
        do {
            return try MeasuredSizesFile.load(path: path, maxBytes: (try? maxBytes()) ?? DatasetLoader.defaultMaxBytes)
        } catch let error as DatasetError {
            throw CLIError(error.description)
        }
    }

    /// Loads a dataset under the size limit; its errors become `CLIError`s.
    func load(_ path: String, duplicatePolicy: DuplicatePolicy) throws -> Dataset {
        do {
            let dataset = try DatasetLoader.load(path: path, duplicatePolicy: duplicatePolicy,
                                                 maxBytes: (try? maxBytes()) ?? DatasetLoader.defaultMaxBytes)
            return try sectionBy.map { try dataset.sectioned(by: $0) } ?? dataset
        } catch let error as DatasetError {
            throw CLIError(error.description)
        }
    }
}

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

enum OutputFormat: String {
    case json, text, svg, html
}

/// Parses `K=V` pairs; V as `--param` reads it (JSON, else a comma list, else a string).
func parseParameters(_ raw: [String]) throws -> OrderedDictionary<String, JSONValue> {
    var result: OrderedDictionary<String, JSONValue> = [:]
    for entry in raw {
        guard let eq = entry.firstIndex(of: "="), eq != entry.startIndex else {
            throw CLIError("--param \(quotedArgument(entry)) is not K=V; expected for example --param columns=3")
        }
        result[String(entry[..<eq])] = JSONValue.parseParameter(String(entry[entry.index(after: eq)...]))
    }
    return result
}

/// Parses `--section-offset S=X,Y` values into offsets by 0-based section.
func parseSectionOffsets(_ raw: [String]) throws -> [Int: Point] {
    var offsets: [Int: Point] = [:]
    for entry in raw {
        guard let eq = entry.firstIndex(of: "="), let section = Int(entry[..<eq]), section >= 0,
              let (x, y) = try? parsePair(String(entry[entry.index(after: eq)...]), separator: ",", what: "", example: "") else {
            throw CLIError("--section-offset \(quotedArgument(entry)) is not valid; expected S=X,Y with a 0-based section and two finite numbers, for example 1=120,0")
        }
        guard isWithinOffsetRange(x), isWithinOffsetRange(y) else {
            throw CLIError("--section-offset \(quotedArgument(entry)) is too far out; \(offsetRangeText("coordinates"))")
        }
        offsets[section] = Point(x: x, y: y)
    }
    return offsets
}

/// Parses `--viewport WxH` (shared by run, check and repl).
func parseViewport(_ text: String) throws -> Size {
    let size = try parsePair(text, separator: "x", what: "--viewport", example: "375x812")
    guard size.0 >= 0, size.1 >= 0 else {
        throw CLIError("--viewport \(quotedArgument(text)) must not be negative; expected WxH, for example 375x812")
    }
    return Size(width: size.0, height: size.1)
}

/// Parses `--sizing RULE` (shared by run, scroll and animate).
func parseSizingRule(_ text: String) throws -> SizingRule {
    guard let rule = SizingRule(rawValue: text) else {
        throw CLIError("unknown --sizing '\(text)'; expected one of \(SizingRule.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return rule
}

/// The largest offset coordinate (`--offset`, `--section-offset`, scroll's `--from` and `--to`):
/// beyond it a double's spacing exceeds a point, so the viewport's far edge would round onto
/// its origin.
let maxOffset = 1e15

/// Whether `v` is an offset coordinate a viewport keeps its precision at.
func isWithinOffsetRange(_ v: Double) -> Bool { v.isFinite && abs(v) <= maxOffset }

/// The sentence every out-of-range offset ends with ("coordinates" for a pair, "an offset" for one).
func offsetRangeText(_ what: String) -> String {
    "expected \(what) from -1e15 to 1e15 (beyond, a viewport's edges lose their precision)"
}

/// Parses an offset `X,Y` (`run --offset`, `animate --offset`), each within ±`maxOffset`.
func parseOffset(_ text: String, flag: String = "--offset") throws -> Point {
    let origin = try parsePair(text, separator: ",", what: flag, example: "0,2000")
    guard isWithinOffsetRange(origin.0), isWithinOffsetRange(origin.1) else {
        throw CLIError("\(flag) \(quotedArgument(text)) is too far out; \(offsetRangeText("coordinates"))")
    }
    return Point(x: origin.0, y: origin.1)
}

/// Checks one offset coordinate given as a number (`scroll --from`, `--to`).
func checkOffset(_ value: Double, flag: String) throws {
    guard value.isFinite else { throw CLIError("\(flag) expects a finite offset from -1e15 to 1e15, got \(NumberText.display(value))") }
    guard isWithinOffsetRange(value) else {
        throw CLIError("\(flag) \(NumberText.display(value)) is too far out; \(offsetRangeText("an offset"))")
    }
}

/// Parses `--duplicates` (shared by run, check, diff, scroll and animate).
func parseDuplicatePolicy(_ text: String) throws -> DuplicatePolicy {
    guard let policy = DuplicatePolicy(rawValue: text) else {
        throw CLIError("unknown --duplicates '\(text)'; expected reject, pairInOrder or suffix")
    }
    return policy
}

/// Parses "AxB" style pairs of finite numbers.
func parsePair(_ text: String, separator: Character, what: String, example: String) throws -> (Double, Double) {
    let parts = text.split(separator: separator, omittingEmptySubsequences: false)
    guard parts.count == 2, let a = Double(parts[0].trimmingCharacters(in: .whitespaces)),
          let b = Double(parts[1].trimmingCharacters(in: .whitespaces)), a.isFinite, b.isFinite else {
        throw CLIError("\(what) \(quotedArgument(text)) is not valid; expected two finite numbers like \(example)")
    }
    return (a, b)
}

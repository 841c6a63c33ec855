import ArgumentParser
import OrderedCollections
import TesseraCore
import TesseraLua

// The option groups commands share. Each option's value is read once, by ArgumentParser, into
// its own type (`OptionValue`), which says what a bad text should have been; each group's
// `validate()` throws that sentence as a usage error (exit status 64) before any command runs.

/// The LAYOUT argument and what a pass of it takes: its parameters, the collection size and the
/// sizing rule, and the limits a script runs under.
struct LayoutOptions {
    var name: String
    var shape: LayoutShapeOptions
    var limits: ScriptLimitFlags

    /// The layout by name or path, with the `--param`s, under the limits; mirrored right to left
    /// when `rightToLeft` (`--rtl`).
    func resolve(rightToLeft: Bool = false) throws -> any Layout {
        let layout = try resolveLayout(name, params: try shape.parameters(), limits: limits.options)
        return rightToLeft ? MirroredLayout(layout) : layout
    }
}

/// A command that lays LAYOUT out over a dataset (run, check, scroll, animate). Each holds these
/// option groups itself rather than through a group of groups: every level of groups nested in
/// groups multiplies what ArgumentParser's debug build checks at every start, about five times a
/// level (`tessera run` took 160 ms to start with three levels, 30 ms with one).
protocol LayoutCommand {
    var layoutName: String { get }
    var shape: LayoutShapeOptions { get }
    var limits: ScriptLimitFlags { get }
    var dataset: DatasetOptions { get }
    var guides: GuideOptions { get }
}

extension LayoutCommand {
    var layout: LayoutOptions { LayoutOptions(name: layoutName, shape: shape, limits: limits) }

    /// An empty LAYOUT names no layout: a usage error, as an empty `--animator` is.
    func checkLayoutNamed() throws(ValidationError) { try checkLayoutArgument(layoutName) }
}

/// `emptyValueError` as a usage error when the LAYOUT argument (`name`) names nothing, for every
/// command that takes one (`preview` too, which is no `LayoutCommand`).
func checkLayoutArgument(_ name: String) throws(ValidationError) {
    try checkArgumentsNotEmpty([("<layout>", name, "a layout's name or a .lua file")])
}

/// `--sizing RULE` (every command that lays out, the REPL too).
let sizingHelp = ArgumentHelp("Sizing rule: fit, fillWidth, intrinsic or fill. (default: fit)", valueName: "RULE")

/// `--data` of the commands that lay a dataset out (run, check, scroll, animate), which lay out
/// the generated sample without one (`datasetOrSample`).
let dataHelp = ArgumentHelp("Dataset: .json, .jsonl or .csv. (default: \(Dataset.generatedSampleName))", valueName: "FILE")

/// What a command lays out: the dataset at `path`, read by `load`, or without a path (no
/// `--data`) the generated sample; regrouped by `field` (`--section-by`) either way, so a field
/// the generated items lack is the same error as a field a file lacks. Every command that takes
/// `--data` picks its data here.
func datasetOrSample(_ path: String?, sectionBy field: String?, load: (String) throws -> Dataset) throws -> Dataset {
    let dataset = try path.map(load) ?? .generatedSample
    return try field.map { try dataset.sectioned(by: $0) } ?? dataset
}

/// What `--rtl` does (run, check, scroll). A help text, not an option group: a group is one more type
/// for ArgumentParser to look up at every start (about a million instructions).
let rightToLeftHelp = ArgumentHelp(
    "Right to left: mirror the layout around the viewport width (x' = W - x - w); content wider than it scrolls towards negative x.")

/// The LAYOUT argument: what it accepts (run, check, scroll, animate and preview resolve it alike).
let layoutArgument = ArgumentHelp("A built-in layout (\(BuiltinLayouts.names.joined(separator: ", "))), a layout script by name "
                                  + "(appstore; `tessera layouts` lists them), or a .lua file.", valueName: "layout")

/// The options that shape one layout pass, shared by every command that lays a dataset out:
/// the collection size, the layout's parameters and the sizing rule.
struct LayoutShapeOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("The collection size WxH.", valueName: "WxH"))
    var viewport = Checked(Viewport.standard)

    @Option(name: .customLong("param"), help: ArgumentHelp("A layout param K=V (V is JSON, a comma list, or a string). Repeatable.", valueName: "K=V"))
    var params: [Checked<LayoutParameter>] = []

    @Option(help: sizingHelp)
    var sizing: Checked<SizingRule>?

    func validate() throws {
        try viewport.checkUsage()
        try params.checkUsage()
        try sizing?.checkUsage()
    }

    /// The `--sizing` rule, fit when none is given.
    func sizingRule() throws(CLIError) -> SizingRule { try sizing?.get() ?? .fit }

    /// The `--param`s by name.
    func parameters() throws(CLIError) -> OrderedDictionary<String, JSONValue> {
        LayoutParameter.byName(try params.get())
    }
}

/// `--duplicates POLICY`, `--section-by FIELD` and `--max-data-size MB`, shared by every command
/// that reads datasets (run, check, diff, scroll, animate, preview, repl): data files larger than
/// the limit are refused before they are read, repeated ids are handled by the policy, and every
/// dataset loaded is regrouped by the field when asked.
struct DatasetOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Duplicate ids: reject, pairInOrder or suffix.", valueName: "POLICY"))
    var duplicates = Checked(DuplicatePolicy.reject)

    @Option(help: ArgumentHelp("Group the data by a field: consecutive items with the same value form one section, titled by the value (the order is kept, nothing is sorted).",
                               valueName: "FIELD"))
    var sectionBy: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Largest data file to read, in MB. (default: \(DatasetLoader.defaultMaxBytes / 1_048_576))",
                               valueName: "MB"))
    var maxDataSize: Checked<DataSizeLimit>?

    /// Before any command's run(), so a bad value stops it even when it reads no dataset.
    func validate() throws {
        try duplicates.checkUsage()
        try maxDataSize?.checkUsage()
    }

    /// The limit in bytes (validate() checked the flag).
    var maxBytes: Int { (try? maxDataSize?.get().bytes) ?? DatasetLoader.defaultMaxBytes }

    /// Loads a file of measured sizes (`--measured`) under the size limit; its errors become
    /// `CLIError`s. Keys that name none of `ids` are warned about on stderr, as a stale file
    /// (recorded over an older version of the data) still serves the rest.
    func loadMeasuredSizes(_ path: String, ids: [ItemID]) throws -> [String: Size] {
        do {
            let text = try DatasetLoader.readBytes(ofFile: path, maxBytes: maxBytes, expected: "a sizes file")
            let sizes = try MeasuredSizesFile.sizes(in: text, file: path)
            let unused = MeasuredSizesFile.unusedKeys(of: sizes, ids: ids, text: text)
            for (key, line, column) in unused.placed {
                let place = [path, line.map(String.init), column.map(String.init)].compactMap { $0 }.joined(separator: ":")
                reportError("warning: \(place): \(describeIdentifier(key)) names no item of the data; its size is not used")
            }
            if unused.count > unused.placed.count {
                reportError("warning: \(path): \(NumberText.counted(unused.count - unused.placed.count, "more key")) naming no item, not used")
            }
            return sizes
        } catch let error as DatasetError {
            throw CLIError(error.namingFlags.description)
        }
    }

    /// Loads the dataset `path` names under the size limit and the duplicates policy, or without
    /// one the generated sample, regrouped by `--section-by`; its errors become `CLIError`s.
    func loadOrSample(_ path: String?) throws -> Dataset {
        let policy = try duplicates.get()
        do {
            return try datasetOrSample(path, sectionBy: sectionBy) {
                try DatasetLoader.load(path: $0, duplicatePolicy: policy, maxBytes: maxBytes)
            }
        } catch let error as DatasetError {
            throw CLIError(error.namingFlags.description)
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

/// The sandbox limit flags shared by every command that runs Lua (run, check, scroll, animate,
/// preview, repl, test): `@OptionGroup var limits: ScriptLimitFlags`, then `limits.options`.
/// A value out of its range is a usage error (`validate()`).
struct ScriptLimitFlags: ParsableArguments {
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Memory cap for a Lua script, in MB, at most \(NumberText.grouped(Int(MemoryCap.maxMB))). (default: \(ScriptLimits.defaultMaxMemoryBytes / 1_048_576))",
                               valueName: "MB"))
    var maxMemory: Checked<MemoryCap>?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Instruction budget per call into Lua. Counting slows scripts about 1.6-1.95x. (default: none)",
                               valueName: "N"))
    var maxInstructions: Checked<InstructionBudget>?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Time limit per call into Lua, in seconds of CPU time, at most \(NumberText.grouped(Int(TimeLimit.maxSeconds))); 0 for none. (default: \(JSONWriter.format(ScriptLimits.defaultTimeLimit)))",
                               valueName: "SECONDS"))
    var timeLimit: Checked<TimeLimit>?

    func validate() throws {
        try maxMemory?.checkUsage()
        try maxInstructions?.checkUsage()
        try timeLimit?.checkUsage()
    }

    /// The limits given (validate() checked them before any command's run()).
    var options: ScriptLimitOptions {
        ScriptLimitOptions(maxMemoryBytes: try? maxMemory?.get().bytes, maxInstructions: try? maxInstructions?.get().value,
                           timeLimitSeconds: try? timeLimit?.get().seconds)
    }
}

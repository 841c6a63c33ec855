import Foundation
import TesseraCore

// The options whose text is one of a few names: the sizing rule, the duplicates policy and each
// command's formats.

extension SizingRule: OptionChoice {
    static var flag: String { "--sizing" }
    static var expected: String { "one of " + allCases.map(\.rawValue).joined(separator: ", ") }
}

extension DuplicatePolicy: OptionChoice {
    static var flag: String { "--duplicates" }
    static var expected: String { alternatives }
}

/// `run --format`.
enum RunFormat: String, OptionChoice {
    case json, text, svg, html
    static var flag: String { "--format" }
    static var expected: String { alternatives }
}

/// The formats a command writes to a file with `--out` (run's cover animate's): a file
/// extension naming one of these names a format, one naming none (`.dat`) does not.
let outputFormats = Set(RunFormat.allCases.map(\.rawValue) + TimelineFormat.allCases.map(\.rawValue))

/// Picture and document formats no command writes: `--out stamps.png` without `--format` is
/// refused rather than filled with JSON a viewer cannot open.
let undrawnPictureFormats: Set = ["png", "jpg", "jpeg", "gif", "webp", "avif", "bmp", "tif", "tiff", "pdf"]

/// `diff --format` and `scroll --format`.
enum ReportFormat: String, OptionChoice {
    case json, text
    static var flag: String { "--format" }
    static var expected: String { alternatives }
}

/// `animate --format`.
enum TimelineFormat: String, OptionChoice {
    case json, html
    static var flag: String { "--format" }
    static var expected: String { alternatives }
}

/// `bench --format`.
enum BenchFormat: String, OptionChoice {
    case table, json
    static var flag: String { "--format" }
    static var expected: String { alternatives }
}

/// `check --fail-on KINDS`: a comma list of warning kinds.
struct WarningKinds: OptionValue {
    var kinds: Set<LayoutCheck.Kind>

    init(reading text: String) throws(CLIError) {
        var kinds: Set<LayoutCheck.Kind> = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard let kind = LayoutCheck.Kind(rawValue: trimmed) else {
                let hint = DidYouMean.suggestion(for: trimmed, among: LayoutCheck.Kind.allCases.map(\.rawValue)).map { "; did you mean \($0)?" } ?? ""
                throw optionError("--fail-on", text, note: " (\(quotedArgument(trimmed)) is no kind\(hint))", expected: "a comma list of \(Self.names)")
            }
            kinds.insert(kind)
        }
        self.kinds = kinds
    }

    /// Every kind, in the order `check` lists them.
    static var names: String { LayoutCheck.Kind.allCases.map(\.rawValue).joined(separator: ", ") }

    var argumentText: String { LayoutCheck.Kind.allCases.filter(kinds.contains).map(\.rawValue).joined(separator: ",") }
}

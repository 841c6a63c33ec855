import ArgumentParser
import Foundation
import TesseraCore

// The options whose text is a size or an offset: `--viewport`, `--item-size`, `--offset` and
// `--section-offset`, each with the message a bad text gets.

/// `--viewport WxH` (run, check, scroll, animate, preview, repl).
struct Viewport: OptionValue {
    static let standard = Viewport(size: Size(width: 375, height: 812))
    var size: Size

    init(size: Size) { self.size = size }

    init(reading text: String) throws(CLIError) {
        size = try nonNegativeSize(text, flag: "--viewport", example: "375x812")
    }

    var argumentText: String { "\(JSONWriter.format(size.width))x\(JSONWriter.format(size.height))" }
}

/// `animate --item-size WxH`: every item's size instead of the sizing rule.
struct ItemSize: OptionValue {
    var size: Size

    init(reading text: String) throws(CLIError) {
        size = try nonNegativeSize(text, flag: "--item-size", example: "60x60")
    }

    var argumentText: String { "\(JSONWriter.format(size.width))x\(JSONWriter.format(size.height))" }
}

/// `--offset X,Y` (run, animate), each within ±`maxOffset`.
struct ContentOffset: OptionValue {
    var point: Point

    init(reading text: String) throws(CLIError) {
        let (x, y) = try numberPair(text, separators: [","], flag: "--offset", example: "0,2000")
        try checkOption(isWithinOffsetRange(x) && isWithinOffsetRange(y), "--offset", text, expected: offsetRangeText("coordinates"))
        point = Point(x: x, y: y)
    }

    var argumentText: String { "\(JSONWriter.format(point.x)),\(JSONWriter.format(point.y))" }
}

/// `run --section-offset S=X,Y`: orthogonal section S (0-based) scrolled to X,Y.
struct SectionOffset: OptionValue {
    var section: Int
    var point: Point

    init(reading text: String) throws(CLIError) {
        guard let eq = text.firstIndex(of: "="), let section = Int(text[..<eq]), section >= 0,
              let (x, y) = try? numberPair(String(text[text.index(after: eq)...]), separators: [","], flag: "", example: "") else {
            throw optionError("--section-offset", text, expected: "S=X,Y with a 0-based section and two finite numbers, for example 1=120,0")
        }
        try checkOption(isWithinOffsetRange(x) && isWithinOffsetRange(y), "--section-offset", text, expected: offsetRangeText("coordinates"))
        self.section = section
        point = Point(x: x, y: y)
    }

    var argumentText: String { "\(section)=\(JSONWriter.format(point.x)),\(JSONWriter.format(point.y))" }

    /// The offsets by section. Each section comes once: the command line refused a section
    /// given twice before any command ran (`repeatedOptionMessage`, the one rule for a repeated value). O(n).
    static func bySection(_ offsets: [SectionOffset]) -> [Int: Point] {
        Dictionary(uniqueKeysWithValues: offsets.map { ($0.section, $0.point) })
    }

    /// Refuses an offset for a section that does not scroll sideways (`scrollers`: the 0-based
    /// sections that do), which would otherwise change nothing without a word.
    static func check(_ offsets: [Int: Point], scrollers: [Int]) throws(CLIError) {
        guard let stray = offsets.keys.sorted().first(where: { !scrollers.contains($0) }) else { return }
        let which = scrollers.isEmpty ? "no section of this layout does"
            : "the sections that do are \(scrollers.sorted().map(String.init).joined(separator: ", ")) (0-based)"
        throw CLIError("--section-offset names section \(stray), which does not scroll sideways; \(which)")
    }
}

/// The largest offset coordinate (`--offset`, `--section-offset`, scroll's `--from` and `--to`):
/// beyond it a double's spacing exceeds a point, so the viewport's far edge would round onto
/// its origin.
let maxOffset = 1e15

/// Whether `v` is an offset coordinate a viewport keeps its precision at.
func isWithinOffsetRange(_ v: Double) -> Bool { v.isFinite && abs(v) <= maxOffset }

/// What an out-of-range offset was expected to be ("coordinates" for a pair, "an offset" for one).
func offsetRangeText(_ what: String) -> String {
    "\(what) from -1e15 to 1e15 (beyond, a viewport's edges lose their precision)"
}

/// An option whose text is one offset coordinate, within ±`maxOffset` (`scroll --from`, `--to`).
protocol OffsetOption: OptionValue {
    static var flag: String { get }
    var value: Double { get }
    init(value: Double)
}

extension OffsetOption {
    init(reading text: String) throws(CLIError) {
        self.init(value: try numberOption(text, flag: Self.flag, expected: offsetRangeText("an offset"), accepts: isWithinOffsetRange))
    }

    var argumentText: String { JSONWriter.format(value) }
}

/// `scroll --from Y`: the first content offset on the scroll axis.
struct ScrollStart: OffsetOption {
    static let flag = "--from"
    var value: Double
}

/// `scroll --to Y`: the last content offset on the scroll axis.
struct ScrollEnd: OffsetOption {
    static let flag = "--to"
    var value: Double
}

/// What separates a size's width from its height: `x` as in `375x812`, and what people type
/// for it too (`375X812`, `375×812`); spaces around it are allowed.
private let sizeSeparators: Set<Character> = ["x", "X", "×"]

/// A size `WxH` of two finite numbers, neither negative.
private func nonNegativeSize(_ text: String, flag: String, example: String) throws(CLIError) -> Size {
    let (width, height) = try numberPair(text, separators: sizeSeparators, flag: flag, example: example)
    try checkOption(width >= 0 && height >= 0, flag, text, expected: "two numbers, neither negative, like \(example)")
    return Size(width: width, height: height)
}

/// Two finite numbers around one of `separators` ("375x812", "0,2000"), spaces around each allowed.
private func numberPair(_ text: String, separators: Set<Character>, flag: String, example: String) throws(CLIError) -> (Double, Double) {
    let parts = text.split(omittingEmptySubsequences: false, whereSeparator: separators.contains)
    guard parts.count == 2, let a = decimalNumber(parts[0].trimmingCharacters(in: .whitespaces)),
          let b = decimalNumber(parts[1].trimmingCharacters(in: .whitespaces)), a.isFinite, b.isFinite else {
        throw optionError(flag, text, expected: "two finite numbers like \(example)")
    }
    return (a, b)
}

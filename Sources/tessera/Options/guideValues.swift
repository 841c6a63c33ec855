import ArgumentParser
import Foundation
import TesseraCore

// The viewport's guides (run, check, scroll, animate, preview): `--safe-area`, `--layout-margins` and `--readable-width`,
// which a compositional layout's `contentInsetsReference` measures its sections from.

/// An option whose text is insets: one length for every edge, or T,L,B,R (top, left, bottom,
/// right), each finite and non-negative.
protocol InsetsOption: OptionValue {
    static var flag: String { get }
    var insets: EdgeInsets { get }
    init(insets: EdgeInsets)
}

extension InsetsOption {
    init(reading text: String) throws(CLIError) {
        let values = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { decimalNumber($0.trimmingCharacters(in: .whitespaces)) }
        let numbers = values.compactMap { $0 }
        guard numbers.count == values.count, numbers.count == 1 || numbers.count == 4,
              numbers.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
            throw optionError(Self.flag, text, expected: "one non-negative length or four as T,L,B,R, for example 0,44,21,44")
        }
        self.init(insets: numbers.count == 1 ? EdgeInsets(all: numbers[0])
                  : EdgeInsets(top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3]))
    }

    var argumentText: String {
        [insets.top, insets.left, insets.bottom, insets.right].map { JSONWriter.format($0) }.joined(separator: ",")
    }
}

/// `--safe-area T,L,B,R`: the viewport's safe area.
struct SafeAreaOption: InsetsOption {
    static let flag = "--safe-area"
    var insets: EdgeInsets
}

/// `--layout-margins T,L,B,R`: the layout margins, from the safe area's edges.
struct LayoutMarginsOption: InsetsOption {
    static let flag = "--layout-margins"
    var insets: EdgeInsets
}

/// `--readable-width W`: the widest the readable content guide may be.
struct ReadableWidthOption: OptionValue {
    var width: Double

    init(reading text: String) throws(CLIError) {
        guard let w = decimalNumber(text.trimmingCharacters(in: .whitespaces)), w.isFinite, w >= 0 else {
            throw optionError("--readable-width", text, expected: "a non-negative length, for example 672")
        }
        width = w
    }

    var argumentText: String { JSONWriter.format(width) }
}

/// The viewport's guides of `run`, `check`, `scroll`, `animate` and `preview`, zero unless given.
struct GuideOptions: ParsableArguments {
    // Unconditional, as every number: `-5` is a value, refused by its reading, not a flag.
    @Option(parsing: .unconditional, help: ArgumentHelp("The viewport's safe area: one length, or T,L,B,R (compositional contentInsetsReference).", valueName: "T,L,B,R"))
    var safeArea: Checked<SafeAreaOption>?

    @Option(parsing: .unconditional, help: ArgumentHelp("The layout margins, from the safe area: one length, or T,L,B,R.", valueName: "T,L,B,R"))
    var layoutMargins: Checked<LayoutMarginsOption>?

    @Option(parsing: .unconditional, help: ArgumentHelp("The widest the readable content guide may be. (default: no limit)", valueName: "W"))
    var readableWidth: Checked<ReadableWidthOption>?

    func validate() throws {
        try safeArea?.checkUsage()
        try layoutMargins?.checkUsage()
        try readableWidth?.checkUsage()
    }

    /// The guides the options give.
    func guides() throws -> ViewportGuides {
        ViewportGuides(safeArea: try safeArea?.get().insets ?? .zero, layoutMargins: try layoutMargins?.get().insets ?? .zero,
                       readableWidth: try readableWidth?.get().width)
    }
}

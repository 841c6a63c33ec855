import TesseraCore

// The options whose text is one number with a range of its own: scroll's step count, animate's
// frame rate, check's warning limit and the preview's port.

/// An option whose text is one whole number in a range of its own; a text outside it gets the
/// one option message, saying what was `expected`.
protocol WholeNumberOption: OptionValue {
    static var flag: String { get }
    static var range: ClosedRange<Int> { get }
    static var expected: String { get }
    var value: Int { get }
    init(value: Int)
}

extension WholeNumberOption {
    init(reading text: String) throws(CLIError) {
        self.init(value: try wholeNumberOption(text, flag: Self.flag, in: Self.range, expected: Self.expected))
    }

    var argumentText: String { String(value) }
}

/// `scroll --steps N`: how many offsets, the first pass included.
struct StepCount: WholeNumberOption {
    static let flag = "--steps", range = 1...10_000_000
    static let expected = "a whole number from 1 to \(range.upperBound)"
    var value: Int
}

/// `check --max-warnings N`: how many warnings of each kind to list.
struct WarningLimit: WholeNumberOption {
    static let flag = "--max-warnings", range = 0...Int.max, expected = "a whole number, 0 or more"
    var value: Int
}

/// `preview --port N`: the port on 127.0.0.1, 0 for any free one.
struct PortNumber: WholeNumberOption {
    static let flag = "--port", range = 0...65_535, expected = "a port from 0 (any free port) to 65535"
    var value: Int
}

/// `animate --fps N`: frames per second, greater than 0 and at most 1000.
struct FrameRate: OptionValue {
    var perSecond: Double

    init(reading text: String) throws(CLIError) {
        perSecond = try numberOption(text, flag: "--fps", expected: "a number of frames per second greater than 0 and at most 1000") {
            $0 > 0 && $0 <= 1000
        }
    }

    var argumentText: String { JSONWriter.format(perSecond) }
}

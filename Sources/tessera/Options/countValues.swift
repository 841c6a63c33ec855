import TesseraCore

// The options whose text is one number with a range of its own: scroll's step count, animate's
// frame rate, check's warning limit and the preview's port.

/// An option whose text is one whole number in a range of its own; a text outside it gets the
/// one option message, saying what was `expected`.
protocol WholeNumberOption: OptionValue {
    static var flag: String { get }
    static var range: ClosedRange<Int> { get }
    static var expected: String { get }
    /// A bound as the messages write it: grouped, as counts are (a port, a name, is plain).
    static func limitText(_ n: Int) -> String
    var value: Int { get }
    init(value: Int)
}

extension WholeNumberOption {
    init(reading text: String) throws(CLIError) {
        self.init(value: try wholeNumberOption(text, flag: Self.flag, in: Self.range, expected: Self.expected, limit: Self.limitText))
    }

    static func limitText(_ n: Int) -> String { NumberText.grouped(n) }

    var argumentText: String { String(value) }
}

/// `scroll --steps N`: how many offsets, the first pass included.
struct StepCount: WholeNumberOption {
    static let flag = "--steps", range = 1...10_000_000
    static let expected = "a whole number from 1 to \(NumberText.grouped(range.upperBound))"
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

    static func limitText(_ n: Int) -> String { String(n) }
}

/// `animate --fps N`: frames per second, from 1 to 1000. The rate is the spacing of the samples
/// (json) and of the page's pictures, which the page shows each until the next (html); the
/// first and last states are sampled at any rate. Under one frame per second a page would hold
/// each picture for seconds and the samples of an animation lasting tenths of a second, as
/// the animators' do, would be those two states only: no frame rate a screen plays.
struct FrameRate: OptionValue {
    static let range = 1.0...1000.0
    var perSecond: Double

    init(reading text: String) throws(CLIError) {
        perSecond = try numberOption(text, flag: "--fps", expected: "a number of frames per second from 1 to \(NumberText.grouped(Int(Self.range.upperBound)))") {
            Self.range.contains($0)
        }
    }

    var argumentText: String { JSONWriter.format(perSecond) }
}

import TesseraCore

// The options whose text is one number with a range of its own: scroll's step count, animate's
// frame rate, check's warning limit and the preview's port.

/// `scroll --steps N`: how many offsets, the first pass included.
struct StepCount: OptionValue {
    static let maxSteps = 10_000_000
    var count: Int

    init(count: Int) { self.count = count }

    init(reading text: String) throws(CLIError) {
        count = try wholeNumberOption(text, flag: "--steps", in: 1...Self.maxSteps, expected: "a whole number from 1 to \(Self.maxSteps)")
    }

    var argumentText: String { String(count) }
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

/// `check --max-warnings N`: how many warnings of each kind to list.
struct WarningLimit: OptionValue {
    var count: Int

    init(count: Int) { self.count = count }

    init(reading text: String) throws(CLIError) {
        count = try wholeNumberOption(text, flag: "--max-warnings", in: 0...Int.max, expected: "a whole number, 0 or more")
    }

    var argumentText: String { String(count) }
}

/// `preview --port N`: the port on 127.0.0.1, 0 for any free one.
struct PortNumber: OptionValue {
    var number: Int

    init(number: Int) { self.number = number }

    init(reading text: String) throws(CLIError) {
        number = try wholeNumberOption(text, flag: "--port", in: 0...65_535, expected: "a port from 0 (any free port) to 65535")
    }

    var argumentText: String { String(number) }
}

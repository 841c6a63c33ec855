import TesseraCore
import TesseraLua

// The options that bound what a command reads and runs: the Lua sandbox's memory cap,
// instruction budget and time limit, and the largest data file. Each states its range, so a
// negative, non-finite or out-of-range value gets a message echoing it (shortened), never a
// crash or a deadline that overflows.

/// `--max-memory MB`: the memory cap for a Lua script.
struct MemoryCap: MegabyteOption {
    static let flag = "--max-memory"
    var bytes: Int
}

/// `--max-instructions N`: the instruction budget per call into Lua; 0 for none.
struct InstructionBudget: WholeNumberOption {
    static let flag = "--max-instructions", range = 0...Int.max
    static let expected = "a whole number from 0 (no budget) to \(NumberText.grouped(Int.max))"
    var value: Int
}

/// `--time-limit SECONDS`: the time limit per call into Lua; 0 for none.
struct TimeLimit: OptionValue {
    static let maxSeconds = 86_400.0   // a day
    var seconds: Double

    init(reading text: String) throws(CLIError) {
        seconds = try numberOption(text, flag: "--time-limit",
                                   expected: "a number of seconds from 0 (no limit) to \(NumberText.grouped(Int(Self.maxSeconds)))") {
            $0 >= 0 && $0 <= Self.maxSeconds
        }
    }

    var argumentText: String { JSONWriter.format(seconds) }
}

/// `--max-data-size MB`: the largest data file read.
struct DataSizeLimit: MegabyteOption {
    static let flag = "--max-data-size"
    var bytes: Int
}

/// A number of MB greater than 0 and at most 1 TB (anything above is a typo), held as bytes.
protocol MegabyteOption: OptionValue {
    static var flag: String { get }
    var bytes: Int { get }
    init(bytes: Int)
}

extension MegabyteOption {
    static var maxMB: Double { 1_048_576 }

    init(reading text: String) throws(CLIError) {
        let mb = try numberOption(text, flag: Self.flag,
                                  expected: "a number of MB greater than 0 and at most \(NumberText.grouped(Int(Self.maxMB)))") {
            $0 > 0 && $0 <= Self.maxMB
        }
        self.init(bytes: Int(clamping: mb * 1_048_576, into: 1...Int.max))
    }

    var argumentText: String { JSONWriter.format(Double(bytes) / 1_048_576) }
}

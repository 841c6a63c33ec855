import Foundation
import Testing

/// Every option value the command line refuses gets one shape of sentence: the flag, the text
/// given, then what was expected (`--viewport '375' is not valid; expected ...`), with the usage
/// below it and exit status 64.
@Suite struct OptionValueMessagesCLITests {
    static let emoji = "datasets/emoji-15.1.json"

    /// The numbers ArgumentParser read itself before are read as every option's value is: the
    /// text as typed, and the range.
    @Test(arguments: [
        (["scroll", "waterfall", "--data", emoji, "--steps", "many"], "--steps 'many' is not valid; expected a whole number from 1 to 10000000"),
        (["scroll", "waterfall", "--data", emoji, "--from", "top"],
         "--from 'top' is not valid; expected an offset from -1e15 to 1e15 (beyond, a viewport's edges lose their precision)"),
        (["animate", "flow", "--data", emoji, "--to", emoji, "--fps", "fast"],
         "--fps 'fast' is not valid; expected a number of frames per second greater than 0 and at most 1000"),
        (["check", "waterfall", "--max-warnings", "1.5"], "--max-warnings '1.5' is not valid; expected a whole number, 0 or more"),
        (["bench", "--format", "jsno"], "--format 'jsno' is not valid (did you mean json?); expected table or json"),
        (["check", "waterfall", "--fail-on", "overlap,pins"],
         "--fail-on 'overlap,pins' is not valid ('pins' is no kind); expected a comma list of overlap, outside, visible, covered, pinned"),
    ])
    func numbersAndNamesTakeTheOneShape(arguments: [String], message: String) throws {
        try expectUsageError(arguments, message)
    }
}

import ArgumentParser
import TesseraCore

// Every option value the command line refuses is worded here and nowhere else, as lauxlib words
// every argument error through luaL_argerror: the flag, the text given, then what was expected,
// in that order (`--viewport '375' is not valid; expected two finite numbers like 375x812`). A
// command checks a value with these functions and never words its own sentence.

/// The sentence for `text`, given to `flag`, that names no value of it; `note` says what was
/// wrong with it when the expectation alone does not (` (did you mean json?)`), written after
/// the text. `text` is shortened when long. O(length of text).
func optionError(_ flag: String, _ text: String, note: String = "", expected: String) -> CLIError {
    CLIError("\(flag) \(quotedArgument(text)) is not valid\(note); expected \(expected)")
}

/// `optionError` as a usage error (exit status 64, the usage below it), for a `validate()`
/// that checks a value ArgumentParser read itself.
func optionUsageError(_ flag: String, _ text: String, note: String = "", expected: String) -> ValidationError {
    ValidationError(optionError(flag, text, note: note, expected: expected).description)
}

/// The sentence for a value that must name something and names nothing: "" (`--data ''`), or
/// `-`, which reads as standard input elsewhere and here is a name like any other; of a flag, or
/// of an argument named as the usage writes it (`tessera diff '' new.json`: `<old>`). `expected`
/// says what it names ("a file name").
func emptyValueError(_ name: String, _ value: String = "", expected: String) -> CLIError {
    optionError(name, value, note: value == "-" ? standardInputNote : "", expected: expected)
}

/// What `-` is told wherever a name is expected (a command, a file, a layout): no command
/// reads standard input.
let standardInputNote = " (no command reads standard input)"

/// Whether `value` names nothing: "" or `-` (`emptyValueError`).
func namesNothing(_ value: String?) -> Bool { value == "" || value == "-" }

/// `emptyValueError` as a usage error for the first of `arguments` (each as the usage names
/// it, with what it names) that names nothing.
func checkArgumentsNotEmpty(_ arguments: [(name: String, value: String, expected: String)]) throws(ValidationError) {
    guard let empty = arguments.first(where: { namesNothing($0.value) }) else { return }
    throw ValidationError(emptyValueError(empty.name, empty.value, expected: empty.expected).description)
}

/// Throws `optionError` unless `condition` holds.
func checkOption(_ condition: Bool, _ flag: String, _ text: String, note: @autoclosure () -> String = "",
                 expected: @autoclosure () -> String) throws(CLIError) {
    guard condition else { throw optionError(flag, text, note: note(), expected: expected()) }
}

/// The decimal number `text` spells (`12`, `-0.5`, `1e3`), or nil. Swift's `Double(_:)` also
/// reads hexadecimal (`0x10` as 16, `0x1p3` as 8), which no whole-number flag and no JSON
/// value takes, so `--fps 0x10` would have meant 16 where `--steps 0x10` is refused.
func decimalNumber(_ text: some StringProtocol) -> Double? {
    text.contains(where: { $0 == "x" || $0 == "X" }) ? nil : Double(text)
}

/// The number `text` names when `accepts` takes it (a range check), else `optionError`.
func numberOption(_ text: String, flag: String, expected: String, accepts: (Double) -> Bool) throws(CLIError) -> Double {
    guard let value = decimalNumber(text), accepts(value) else { throw optionError(flag, text, expected: expected) }
    return value
}

/// The whole number `text` names when it is within `range`, else `optionError`; a number above
/// the range, or too many digits for any (`99999999999999999999`), is said to be too large,
/// with the largest allowed written as `limit` writes it (`grouped`: a count).
func wholeNumberOption(_ text: String, flag: String, in range: ClosedRange<Int>, expected: String,
                       limit: (Int) -> String = NumberText.grouped) throws(CLIError) -> Int {
    if let value = Int(text), range.contains(value) { return value }
    let digits = text.first == "+" ? text.dropFirst() : Substring(text)
    let tooLarge = Int(text).map { $0 > range.upperBound } ?? (!digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber })
    throw optionError(flag, text, note: tooLarge ? " (too large: the largest is \(limit(range.upperBound)))" : "", expected: expected)
}

/// What a value-taking flag followed by another flag gets (`--viewport --rounds 3`): the flag
/// took the next flag as its text, or ArgumentParser found it had none. `valueName` is the
/// value as the usage shows it (`WxH`).
func swallowedFlagError(_ flag: String, _ next: String, valueName: String) -> CLIError {
    optionError(flag, next, expected: "a value (\(valueName)), not another flag")
}

/// What a value-taking flag that ArgumentParser found no value for gets: one ending the line
/// (`tessera run waterfall --viewport`), or followed by an argument that reads as a flag
/// (`--label -x`: `next`, which `--label=-x` gives as the value). `valueName` is the value as
/// the usage shows it (`WxH`).
func missingValueError(_ flag: String, valueName: String, next: String? = nil) -> CLIError {
    let note = next.map { " (\(quotedArgument($0)) reads as a flag; write \(flag)=\($0) to give it)" } ?? ""
    return CLIError("\(flag) needs a value\(note); expected \(valueName)")
}

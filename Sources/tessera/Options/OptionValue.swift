import ArgumentParser
import TesseraCore

// How an option's text becomes a value: once, when ArgumentParser reads the command line.

/// A value an option's text names, read by `init(reading:)`. A text that names none throws one
/// sentence naming the flag, the text (shortened when long) and what was expected.
protocol OptionValue {
    init(reading text: String) throws(CLIError)
    /// How `--help` shows the value as a default.
    var argumentText: String { get }
}

/// An option's value as ArgumentParser hands it over: the value, or the sentence saying why the
/// text names none.
///
/// ArgumentParser answers a failed `init?(argument:)` or a throwing `transform:` with words of its
/// own ("The value 'x' is invalid for '--viewport <viewport>': ..."). Kept here, the value's own
/// sentence is thrown by the `validate()` of the group or command that declares the option
/// (`checkUsage()`), as a usage error like ArgumentParser's: exit status 64, the sentence, then
/// the usage. The command's `run()` then takes the value with `get()`.
struct Checked<Value: OptionValue>: ExpressibleByArgument {
    private let result: Result<Value, CLIError>
    /// The text given, or the default's (for a message about a value that is well formed but
    /// refused later, in the text as typed).
    let text: String

    init(_ value: Value) { (result, text) = (.success(value), value.argumentText) }

    init(argument: String) { (result, text) = (Result { () throws(CLIError) in try Value(reading: argument) }, argument) }

    /// The value, or the sentence saying why the text named none (`validate()` has thrown it by then).
    func get() throws(CLIError) -> Value { try result.get() }

    /// Throws the sentence as a usage error (exit status 64, the usage below it), for `validate()`.
    func checkUsage() throws {
        if case .failure(let error) = result { throw ValidationError(error.description) }
    }

    var defaultValueDescription: String { (try? result.get())?.argumentText ?? "" }
}

/// Throws what `check` throws as a usage error (exit status 64, the usage below it), for a
/// `validate()` asking what its values make together.
func checkUsage<Value>(_ check: () throws(CLIError) -> Value) throws {
    do { _ = try check() } catch { throw ValidationError(error.description) }
}

extension Array {
    /// The values of a repeatable option, or the first text's sentence.
    func get<Value>() throws(CLIError) -> [Value] where Element == Checked<Value> {
        var values: [Value] = []
        for checked in self { values.append(try checked.get()) }
        return values
    }

    /// Throws the first text's sentence as a usage error, for `validate()`.
    func checkUsage<Value>() throws where Element == Checked<Value> {
        for checked in self { try checked.checkUsage() }
    }
}

/// An option whose text is one of a few names (`--format`, `--sizing`, `--duplicates`).
protocol OptionChoice: OptionValue, CaseIterable, RawRepresentable<String> {
    /// The option, as its error names it.
    static var flag: String { get }
    /// The names as its error lists them ("json or text", "one of fit, fillWidth, ...").
    static var expected: String { get }
}

extension OptionChoice {
    init(reading text: String) throws(CLIError) {
        guard let value = Self(rawValue: text) else {
            throw optionError(Self.flag, text, note: DidYouMean.hint(for: text, among: Self.allCases.map(\.rawValue)), expected: Self.expected)
        }
        self = value
    }

    var argumentText: String { rawValue }

    /// What `--out FILE` writes when no `--format` is given: the choice its extension names
    /// (`out.svg`: svg, `out.txt`: text), else `fallback` when the extension names no format
    /// (`out.dat`, none). One naming a format of another command (`animate --out x.svg`) or a
    /// picture no command draws (`run --out x.png`) is an error naming `command`: `fallback`
    /// written under that name would pass for what it is not.
    static func written(to path: String?, by command: String, otherwise fallback: Self) throws(CLIError) -> Self {
        guard let format = path.flatMap(formatNamed(byExtensionOf:)) else { return fallback }
        if let choice = Self(rawValue: format) { return choice }
        guard outputFormats.contains(format) || undrawnPictureFormats.contains(format) else { return fallback }
        let names = allCases.map(\.rawValue)
        let extensions = names.map { "." + fileExtension(of: $0) }
        throw optionError("--out", path!, note: " (\(command) writes \(listed(names)), not \(format))",
                          expected: "a name ending in \(listed(extensions)), or --format \(fallback.rawValue) to write \(fallback.rawValue.uppercased()) under this name")
    }

    /// The names as "a, b or c".
    static var alternatives: String { listed(allCases.map(\.rawValue)) }
}

/// The format a file name's extension names (`out.svg`: svg, `out.TXT`: text), or nil when it
/// has none (`out`, `.svg`); whether a command writes it is the caller's question.
private func formatNamed(byExtensionOf path: String) -> String? {
    guard let name = path.split(separator: "/").last, let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    let ext = name[name.index(after: dot)...].lowercased()
    return ext == "txt" ? "text" : ext
}

/// The extension a file of the format `name` is given: the name, but `txt` for text.
private func fileExtension(of name: String) -> String { name == "text" ? "txt" : name }

/// A command-line value for a message, cut as every message cuts a user's value (a
/// 100,000-digit number is not echoed whole). Single quotes, as ArgumentParser's own messages
/// quote what was typed (`'--fps'`), not `describeIdentifier`'s JSON quotes: those tell the
/// string "5" from the integer 5, and a command line's text has no such type to tell.
func quotedArgument(_ text: String) -> String {
    shortenedForMessage(text) { "'\($0)'" }
}

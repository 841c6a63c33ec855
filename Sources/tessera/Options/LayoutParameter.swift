import OrderedCollections
import TesseraCore

/// `--param K=V`: V as JSON, else a comma list, else a string.
struct LayoutParameter: OptionValue {
    var name: String
    var value: JSONValue

    init(reading text: String) throws(CLIError) { try self.init(reading: text, flag: "--param", example: "columns=3") }

    /// The text of `flag`, whose messages show `example`.
    init(reading text: String, flag: String, example: String) throws(CLIError) {
        guard let eq = text.firstIndex(of: "="), eq != text.startIndex else {
            throw optionError(flag, text, expected: "K=V, for example \(flag) \(example)")
        }
        name = String(text[..<eq])
        value = JSONValue.parseParameter(String(text[text.index(after: eq)...]))
    }

    var argumentText: String { name + "=" + JSONWriter.write(value) }

    /// The parameters by name, in the order given. Each name comes once: the command line
    /// refused a name given twice before any command ran (`repeatedOptionMessage`, the one rule for a
    /// repeated value). O(n).
    static func byName(_ parameters: [LayoutParameter]) -> OrderedDictionary<String, JSONValue> {
        OrderedDictionary(uniqueKeysWithValues: parameters.map { ($0.name, $0.value) })
    }
}

/// `--animator-param K=V`: a `LayoutParameter` whose message names its own flag.
struct AnimatorParameter: OptionValue {
    var parameter: LayoutParameter

    init(reading text: String) throws(CLIError) {
        parameter = try LayoutParameter(reading: text, flag: "--animator-param", example: "duration=0.5")
    }

    var argumentText: String { parameter.argumentText }

    /// The parameters by name, as `LayoutParameter.byName`.
    static func byName(_ parameters: [AnimatorParameter]) -> OrderedDictionary<String, JSONValue> {
        LayoutParameter.byName(parameters.map(\.parameter))
    }
}

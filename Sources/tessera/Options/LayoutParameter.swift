import OrderedCollections
import TesseraCore

/// `--param K=V` and `--animator-param K=V`: V as JSON, else a comma list, else a string.
struct LayoutParameter: OptionValue {
    var name: String
    var value: JSONValue

    init(reading text: String) throws(CLIError) {
        guard let eq = text.firstIndex(of: "="), eq != text.startIndex else {
            throw CLIError("--param \(quotedArgument(text)) is not K=V; expected for example --param columns=3")
        }
        name = String(text[..<eq])
        value = JSONValue.parseParameter(String(text[text.index(after: eq)...]))
    }

    var argumentText: String { name + "=" + JSONWriter.write(value) }

    /// The parameters by name, in the order first given; a later value for a name replaces an earlier one.
    static func byName(_ parameters: [LayoutParameter]) -> OrderedDictionary<String, JSONValue> {
        var result: OrderedDictionary<String, JSONValue> = [:]
        for parameter in parameters { result[parameter.name] = parameter.value }
        return result
    }
}

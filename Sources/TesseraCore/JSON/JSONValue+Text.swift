extension JSONValue {
    /// The value of a JSON document: objects keep their keys' order, integers stay `.int` and
    /// numbers with a fraction or exponent are `.double`, as datasets and parameters are read.
    /// - Throws: `JSONParseError` with the line and column of the first problem (nesting deeper
    ///   than 512 levels included).
    /// - Complexity: O(length of `text`).
    public init(parsing text: String) throws {
        self = try JSONParser.parse(text)
    }

    /// The value as JSON text that parses back to an equal value (`init(parsing:)`; a double keeps
    /// its `.0`): compact, or with `pretty` spaced after `:` and `,`, and indented by two spaces
    /// where a value nests more than two levels deep (an array of objects, one a line). Nil when
    /// the value holds a NaN or infinite double, which JSON cannot write.
    /// - Complexity: O(size of the output).
    public func jsonText(pretty: Bool = false) -> String? {
        guard firstNonFiniteNumber() == nil else { return nil }
        return JSONWriter.write(self, options: JSONWriter.Options(pretty: pretty, integralDoublesAsIntegers: false))
    }
}

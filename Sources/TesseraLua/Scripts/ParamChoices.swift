import OrderedCollections
import TesseraCore

/// A layout or animator script's `choices = { mode = {"grid", "list"} }`: the values a param allows, as a
/// Storybook control's `options` (the preview shows such a param as a menu). A separate table
/// beside `params`, so `params` stays a table of plain defaults and every script written
/// before keeps its meaning.
enum ParamChoices {
    /// The choices read from `declared` (the `choices` table as JSON), checked against the
    /// script's `defaults`: each key a declared param whose default is a number or a string, each
    /// value a non-empty list of values of the default's type that includes the default.
    /// O(choices).
    /// - Throws: `LuaScriptError` naming `file`, the line of the param's entry where `text`
    ///   (the source the script was compiled from) shows it, and the param.
    static func read(_ declared: JSONValue, defaults: OrderedDictionary<String, JSONValue>,
                     file: String, text: [UInt8]?) throws -> OrderedDictionary<String, [JSONValue]> {
        let table: OrderedDictionary<String, JSONValue>
        switch declared {
        case .object(let o): table = o
        case .array(let a) where a.isEmpty: return [:]
        default: throw LuaArguments.mismatch("\(TableEntryLine.place(file, text: text, table: "choices")): field 'choices'", mustBe: "a table of lists by param name, like { mode = {\"grid\", \"list\"} }",
                                             got: declared.briefDescription, file: file)
        }
        var result: OrderedDictionary<String, [JSONValue]> = [:]
        for (key, list) in table.sorted(by: { $0.key < $1.key }) {
            // The entry's line is looked up only for a message: a script that loads scans no source.
            var what: String { "\(TableEntryLine.place(file, text: text, table: "choices", key: key)): choices.\(key)" }
            guard let fallback = defaults[key] else {
                let known = defaults.isEmpty ? "the script declares no params" : "known params: " + defaults.keys.joined(separator: ", ")
                throw LuaArguments.statement(what, "names no declared param; \(known)", file: file)
            }
            let isNumber = fallback.number != nil
            guard isNumber || fallback.string != nil else {
                throw LuaArguments.statement(what, "is for a param whose default is \(fallback.briefDescription); choices are for numbers and strings", file: file)
            }
            guard case .array(let values) = list, !values.isEmpty else {
                throw LuaArguments.mismatch(what, mustBe: "a non-empty list of values", got: list.briefDescription, file: file)
            }
            for (k, value) in values.enumerated() where !fits(value, number: isNumber) {
                throw LuaArguments.mismatch("\(what)[\(k + 1)]", mustBe: isNumber ? "a finite number, as the default is" : "a string, as the default is",
                                            got: value.briefDescription, file: file)
            }
            guard values.contains(where: { ParameterDefaults.same($0, fallback) }) else {
                throw LuaArguments.statement(what, "does not include the default \(fallback.briefDescription)", file: file)
            }
            result[key] = values
        }
        return result
    }

    /// A finite number for a number param, a string for a string param.
    private static func fits(_ value: JSONValue, number: Bool) -> Bool {
        if number { return value.number?.isFinite ?? false }
        return value.string != nil
    }
}

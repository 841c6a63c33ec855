import TesseraCore

/// A JSON object written member by member, byte for byte what `JSONWriter.write(_:options: .pretty)`
/// writes for the whole object, so that its long lists of records are written as they are made.
///
/// The pretty writer indents a nested value by its depth only after its newlines, and strings
/// never hold a raw newline (they are escaped), so a value at depth `d` is its own pretty text
/// with `2·d` spaces added after every newline. Lists of records (arrays of objects) are always
/// expanded, one record per line; the object itself stays on one line only when every member is
/// shallow (the writer's `inlineDepth` of 2), which a list of records never is, even an empty one:
/// a document that streams records (`run --format json`) has one shape whatever its count.
package struct PrettyJSONObject {
    /// One member's value: a value written whole, or a list of `count` records, the `k`-th written
    /// by `record(k, writer)` as the pretty writer would write it inline.
    package enum Member {
        case value(JSONValue)
        case records(count: Int, record: (Int, BufferedWriter) -> Void)
    }

    package var members: [(key: String, value: Member)] = []

    package init() {}

    package mutating func add(_ key: String, _ value: JSONValue) { members.append((key, .value(value))) }

    package mutating func add(_ key: String, records count: Int, _ record: @escaping (Int, BufferedWriter) -> Void) {
        members.append((key, .records(count: count, record: record)))
    }

    /// A list of records given as values (each written as the pretty writer writes it at its depth).
    package mutating func add(_ key: String, records values: [JSONValue]) {
        members.append((key, .records(count: values.count) { k, out in Self.write(values[k], level: 2, to: out) }))
    }

    /// Writes the object at depth 0. O(size of the output); memory O(largest single value).
    package func write(to out: BufferedWriter) {
        let multiline = members.contains { !Self.isShallow($0.value) }
        out.append(UInt8(ascii: "{"))
        for (k, member) in members.enumerated() {
            if k > 0 { out.append(multiline ? "," : ", ") }
            if multiline { out.append("\n  ") }
            out.withBuffer { JSONWriter.appendString(member.key, to: &$0) }
            out.append(": ")
            switch member.value {
            case .value(let v): Self.write(v, level: 1, to: out)
            case .records(let count, let record):
                guard count > 0 else { out.append("[]"); continue }
                out.append(UInt8(ascii: "["))
                for r in 0..<count {
                    out.append(r > 0 ? ",\n    " : "\n    ")
                    record(r, out)
                }
                out.append("\n  ]")
            }
        }
        if multiline && !members.isEmpty { out.append("\n") }
        out.append(UInt8(ascii: "}"))
    }

    /// `value` as `JSONWriter` writes it pretty; an object's lists holding objects are written
    /// record by record (the value itself is already in memory; its text is not built whole).
    package static func write(_ value: JSONValue, to out: BufferedWriter) {
        guard case .object(let fields) = value else { return write(value, level: 0, to: out) }
        var object = PrettyJSONObject()
        for (key, field) in fields {
            if case .array(let list) = field, list.contains(where: { if case .object = $0 { true } else { false } }) {
                object.add(key, records: list)
            } else {
                object.add(key, field)
            }
        }
        object.write(to: out)
    }

    /// `v` as the pretty writer writes it `level` containers deep.
    package static func write(_ v: JSONValue, level: Int, to out: BufferedWriter) {
        var text: [UInt8] = []
        JSONWriter.write(v, options: .pretty, into: &text)
        guard level > 0, text.contains(0x0A) else { return out.append(contentsOf: text) }
        let indent = [UInt8](repeating: UInt8(ascii: " "), count: 2 * level)
        for byte in text {
            out.append(byte)
            if byte == 0x0A { out.append(contentsOf: indent) }
        }
    }

    /// Whether a member leaves the object on one line: a value nesting at most one level.
    private static func isShallow(_ member: Member) -> Bool {
        switch member {
        case .records: return false
        case .value(let v):
            switch v {
            case .array(let a): return a.allSatisfy(isScalar)
            case .object(let o): return o.values.allSatisfy(isScalar)
            default: return true
            }
        }
    }

    private static func isScalar(_ v: JSONValue) -> Bool {
        switch v {
        case .array, .object: return false
        default: return true
        }
    }
}

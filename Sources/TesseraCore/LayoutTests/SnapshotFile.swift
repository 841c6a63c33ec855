import OrderedCollections

/// The snapshots of one test file, `__snapshots__/FILE.snap.json` beside it: a JSON object
/// from snapshot name to value. It is written for people reading a pull request's diff: names
/// sorted, every object's keys sorted with `id` first, and each element of a list of records
/// (items, supplementaries, ...) on a line of its own, so a moved item is a one-line change.
package struct SnapshotFile: Sendable {
    /// The folder snapshot files live in, beside their test files.
    public static let folderName = "__snapshots__"

    /// Snapshot values by name.
    public var entries: [String: JSONValue]

    /// A file holding `entries`.
    public init(entries: [String: JSONValue] = [:]) { self.entries = entries }

    /// Reads a snapshot file's text. - Throws: `SnapshotFileError` naming `file`, the line
    /// and the column when the text is not a JSON object. O(size of the text).
    public init(parsing bytes: [UInt8], file: String) throws {
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch let error as JSONParseError {
            throw SnapshotFileError(message: "\(file):\(error.line):\(error.column): not a snapshot file: \(error.message)")
        }
        guard case .object(let object) = value else {
            throw SnapshotFileError(message: "\(file): not a snapshot file: expected an object of snapshots, got \(value.typeDescription)")
        }
        entries = Dictionary(uniqueKeysWithValues: object.map { ($0.key, $0.value) })
    }

    /// The file's text: the canonical entries in `JSONWriter`'s pretty form, one snapshot after
    /// another, ending in a newline. The same entries always give the same bytes.
    /// O(size of the output).
    public func text() -> [UInt8] {
        // Each snapshot on lines of its own, even a shallow one JSONWriter would keep inline: its
        // pretty text indented one level (strings hold no raw newline, so every newline is one
        // of the layout's).
        var out: [UInt8] = Array("{".utf8)
        for (k, key) in entries.keys.sorted().enumerated() {
            out.append(contentsOf: Array((k == 0 ? "\n  " : ",\n  ").utf8))
            JSONWriter.write(.string(key), into: &out)
            out.append(contentsOf: Array(": ".utf8))
            var value: [UInt8] = []
            JSONWriter.write(Self.canonical(entries[key]!), options: .pretty, into: &value)
            for byte in value {
                out.append(byte)
                if byte == 0x0A { out.append(contentsOf: [0x20, 0x20]) }
            }
        }
        out.append(contentsOf: Array((entries.isEmpty ? "}\n" : "\n}\n").utf8))
        return out
    }

    /// `value` with every object's keys in the snapshot order: `id` first, then sorted.
    /// O(size of the value).
    public static func canonical(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let elements): return .array(elements.map(canonical))
        case .object(let object):
            let keys = object.keys.sorted { a, b in a == "id" ? b != "id" : (b == "id" ? false : a < b) }
            var sorted = OrderedDictionary<String, JSONValue>(minimumCapacity: object.count)
            for key in keys { sorted[key] = canonical(object[key]!) }
            return .object(sorted)
        default: return value
        }
    }

    /// The snapshot file of the test file at `testPath`: `FOLDER/__snapshots__/NAME.snap.json`.
    public static func path(forTest testPath: String) -> String {
        guard let slash = testPath.lastIndex(of: "/") else { return "\(folderName)/\(testPath).snap.json" }
        return "\(testPath[..<slash])/\(folderName)/\(testPath[testPath.index(after: slash)...]).snap.json"
    }
}

/// A snapshot file that cannot be read as one.
package struct SnapshotFileError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public var description: String { message }
}

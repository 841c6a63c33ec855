/// The sizes a host measures, as a file (`tessera scroll --measured SIZES.json`): one JSON object
/// from element id to `[width, height]`:
///
///     {"auralquiz": [375, 132], "0-header": [375, 44]}
///
/// A key names an id by its text, so `"5"` names the integer id 5 and the string id "5" alike.
/// Errors are `DatasetError`s, as for a dataset: the file, the line and column of a syntax error
/// or of a bad member's value, the key (quoted and cut as every message shows a user's text),
/// what was expected and what was found.
package enum MeasuredSizesFile {
    /// The sizes in `bytes`, the text of the file `file`.
    /// - Complexity: O(file size).
    package static func sizes(in bytes: [UInt8], file path: String) throws -> [String: Size] {
        try DatasetLoader.checkNotEmpty(bytes, fileName: path, format: .json)
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch let error as JSONParseError {
            throw DatasetError(file: path, line: error.line, column: error.column, message: error.message)
        }
        return try sizes(in: document, file: path, text: bytes)
    }

    /// The keys of the file `text` (read as `sizes`) that name none of `ids`, in the file's
    /// order: at most `limit` of them with their value's line and column, and how many there are
    /// in all. A stale file (recorded over an older version of the data) is a normal case, so
    /// these are warned about rather than refused.
    /// - Complexity: O(keys + ids + file size), plus O(file size) for each key placed.
    package static func unusedKeys(of sizes: [String: Size], ids: [ItemID], text: [UInt8],
                                   limit: Int = 3) -> (placed: [(key: String, line: Int?, column: Int?)], count: Int) {
        let named = Set(ids.map(\.description))
        let unused = sizes.keys.filter { !named.contains($0) }
        guard !unused.isEmpty else { return ([], 0) }
        let order = keyOrder(in: text)
        let sorted = unused.sorted { (order[$0] ?? .max, $0) < (order[$1] ?? .max, $1) }
        let placed = sorted.prefix(limit).map { key in
            let at = JSONParser.lineAndColumn(of: [.key(key)], in: text)
            return (key: key, line: at?.line, column: at?.column)
        }
        return (placed, unused.count)
    }

    /// Each top-level member's position among the members of the object `bytes` holds.
    /// O(file size).
    private static func keyOrder(in bytes: [UInt8]) -> [String: Int] {
        guard case .object(let fields)? = try? JSONParser.parse(bytes) else { return [:] }
        var order: [String: Int] = [:]
        for (k, key) in fields.keys.enumerated() where order[key] == nil { order[key] = k }
        return order
    }

    /// The sizes of a parsed document, by id text; `file` names it in errors, and `text`, the
    /// document's bytes when known, places a bad member at its value's line and column.
    package static func sizes(in document: JSONValue, file: String, text: [UInt8]? = nil) throws -> [String: Size] {
        guard case .object(let fields) = document else {
            throw DatasetError(file: file, message: "expected an object from id to [width, height], found \(document.briefDescription)")
        }
        var sizes: [String: Size] = [:]
        sizes.reserveCapacity(fields.count)
        for (id, value) in fields {
            guard case .array(let pair) = value, pair.count == 2, let w = pair[0].number, let h = pair[1].number,
                  Item.isAllowedSize(w), Item.isAllowedSize(h) else {
                var error = DatasetError(file: file, path: describeIdentifier(id),
                                         message: "expected [width, height] with numbers \(Item.sizeRange), found \(found(value))")
                // Its value's line and column, found again in the text (only for an error).
                if let text, let at = JSONParser.lineAndColumn(of: [.key(id)], in: text) { (error.line, error.column) = (at.line, at.column) }
                throw error
            }
            sizes[id] = Size(width: w, height: h)
        }
        return sizes
    }

    /// A wrong size as a message shows it: an array as its JSON text (cut when long, so a huge
    /// array is not echoed whole), anything else as `briefDescription` shows a value.
    static func found(_ value: JSONValue) -> String {
        guard case .array = value else { return value.briefDescription }
        return shortenedForMessage(JSONWriter.write(value))
    }
}

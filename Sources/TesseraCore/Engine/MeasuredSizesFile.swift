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
    /// The sizes in the file at `path` (at most `maxBytes` long), by id text.
    /// - Complexity: O(file size).
    package static func load(path: String, maxBytes: Int = DatasetLoader.defaultMaxBytes) throws -> [String: Size] {
        let bytes = try DatasetLoader.readBytes(ofFile: path, maxBytes: maxBytes)
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch let error as JSONParseError {
            throw DatasetError(file: path, line: error.line, column: error.column, message: error.message)
        }
        return try sizes(in: document, file: path, text: bytes)
    }

    /// The 1-based line and column where the value of member `key` of the top-level object in
    /// `bytes` starts; nil when the text is not such an object or has no such member.
    /// - Complexity: O(file size); asked only for an error.
    static func position(ofMember key: String, in bytes: [UInt8]) -> (line: Int, column: Int)? {
        bytes.withUnsafeBufferPointer { b -> (line: Int, column: Int)? in
            var reader = JSONReader(b)
            if b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF { reader.i = 3 }
            reader.skipWhitespace()
            guard reader.peek == UInt8(ascii: "{") else { return nil }
            reader.i += 1
            while true {
                reader.skipWhitespace()
                guard reader.peek == UInt8(ascii: "\""), let name = try? reader.string() else { return nil }
                reader.skipWhitespace()
                guard reader.peek == UInt8(ascii: ":") else { return nil }
                reader.i += 1
                reader.skipWhitespace()
                if name == key { return JSONParser.lineAndColumn(b, offset: reader.i) }
                guard (try? reader.value(expected: "a JSON value")) != nil else { return nil }
                reader.skipWhitespace()
                guard reader.peek == UInt8(ascii: ",") else { return nil }
                reader.i += 1
            }
        }
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
                if let text, let at = position(ofMember: id, in: text) { (error.line, error.column) = (at.line, at.column) }
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

/// The sizes a host measures, as a file (`tessera scroll --measured SIZES.json`): one JSON object
/// from element id to `[width, height]`:
///
///     {"auralquiz": [375, 132], "0-header": [375, 44]}
///
/// A key names an id by its text, so `"5"` names the integer id 5 and the string id "5" alike.
/// Errors are `DatasetError`s, as for a dataset: the file, the line and column of a syntax error,
/// the key (quoted and cut as every message shows a user's text), what was expected and what was
/// found.
package enum MeasuredSizesFile {
    /// The largest width or height a host may report, here and from the preview's page: far
    /// beyond any screen, and small enough that offsets and sums of sizes keep their precision.
    package static let largestSize = 1e7

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
        return try sizes(in: document, file: path)
    }

    /// The sizes of a parsed document, by id text; `file` names it in errors.
    package static func sizes(in document: JSONValue, file: String) throws -> [String: Size] {
        guard case .object(let fields) = document else {
            throw DatasetError(file: file, message: "expected an object from id to [width, height], found \(document.briefDescription)")
        }
        var sizes: [String: Size] = [:]
        sizes.reserveCapacity(fields.count)
        for (id, value) in fields {
            guard case .array(let pair) = value, pair.count == 2, let w = pair[0].number, let h = pair[1].number,
                  (0...largestSize).contains(w), (0...largestSize).contains(h) else {
                throw DatasetError(file: file, path: describeIdentifier(id),
                                   message: "expected [width, height] with numbers from 0 to 1e7, found \(found(value))")
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

import OrderedCollections

// The `.json` format: `{"items": [...]}`, `{"sections": [{"id": ..., "items": [...]}, ...]}` or a
// bare array of items. Other top-level keys are metadata; section keys other than `id`/`items` are
// the section's fields; a section without an `id` gets its index (as CollectionKit does).
// `JSONDatasetReader` reads the bytes straight into the dataset's columns.
extension DatasetLoader {
    static func parseJSON(_ bytes: [UInt8], fileName file: String, policy: DuplicatePolicy) throws -> Dataset {
        var reader = try readJSONDocument(bytes, fileName: file)
        return try reader.finish(policy: policy) { bytes }
    }

    /// What a top-level object with neither "items" nor "sections" is told, with what it holds
    /// instead: that it maps ids to `[w, h]` as a file of measured sizes does, or its first keys.
    static func neitherItemsNorSections(_ members: OrderedDictionary<String, JSONValue>) -> String {
        let message = "expected an \"items\" or a \"sections\" array at the top level, found neither"
        if members.isEmpty { return message }
        let sized = members.values.allSatisfy { value in
            guard case .array(let pair) = value, pair.count == 2 else { return false }
            return pair.allSatisfy { $0.number != nil }
        }
        if sized { return message + " (it maps ids to [w, h] sizes: a file of measured sizes, not a dataset)" }
        let keys = members.keys.prefix(5).map(describeIdentifier).joined(separator: ", ")
        return message + " (its keys: \(keys)\(members.count > 5 ? ", ..." : ""))"
    }

    /// The document read into columns, every item checked; `finish` gives the dataset.
    static func readJSONDocument(_ bytes: [UInt8], fileName file: String) throws -> JSONDatasetReader {
        do {
            return try bytes.withUnsafeBufferPointer { buffer in
                var reader = JSONDatasetReader(buffer, file: file)
                try reader.readDocument()
                return reader
            }
        } catch let e as JSONParseError {
            throw DatasetError(file: file, line: e.line, column: e.column, message: e.message + jsonDocumentNote(e, bytes))
        }
    }
}

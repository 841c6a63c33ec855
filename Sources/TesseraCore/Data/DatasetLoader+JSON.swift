// The `.json` format: `{"items": [...]}`, `{"sections": [{"id": ..., "items": [...]}, ...]}` or a
// bare array of items. Other top-level keys are metadata; section keys other than `id`/`items` are
// the section's fields; a section without an `id` gets its index (as CollectionKit does).
// `JSONDatasetReader` reads the bytes straight into the dataset's columns.
extension DatasetLoader {
    static func parseJSON(_ bytes: [UInt8], fileName file: String, policy: DuplicatePolicy) throws -> Dataset {
        var reader = try readJSONDocument(bytes, fileName: file)
        return try reader.finish(policy: policy)
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
            throw DatasetError(file: file, line: e.line, column: e.column, message: e.message)
        }
    }
}

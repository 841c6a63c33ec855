// The `.json` format: `{"items": [...]}`, `{"sections": [{"id": ..., "items": [...]}, ...]}` or a
// bare array of items. Other top-level keys are metadata; section keys other than `id`/`items` are
// the section's fields; a section without an `id` gets its index (as CollectionKit does).
// `JSONDatasetReader` reads the bytes straight into the dataset's columns.
extension DatasetLoader {
    static func parseJSON(_ bytes: [UInt8], fileName file: String, policy: DuplicatePolicy) throws -> Dataset {
        do {
            return try bytes.withUnsafeBufferPointer { buffer in
                var reader = JSONDatasetReader(buffer, file: file)
                return try reader.read(policy: policy)
            }
        } catch let e as JSONParseError {
            throw DatasetError(file: file, line: e.line, column: e.column, message: e.message)
        }
    }
}

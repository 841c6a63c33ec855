/// A data file over the size limit as an error that knows it is one: `kind` is `.tooLarge`, and
/// its message says "(or a larger limit)", which a caller words again with `naming(limitNote:)`.
extension DatasetError {
    /// The error for `file`, of `size` bytes, over the limit of `limit` bytes.
    init(file: String, size: Int, overLimit limit: Int) {
        let parts = NotedMessage(before: "expected a data file of at most \(Self.dataSize(limit))", after: ", found \(Self.dataSize(size))")
        self.init(file: file, message: parts.message(note: "(or a larger limit)"), kind: .tooLarge)
        self.parts = parts
    }

    /// A size in MB to one decimal (whole MB without one); a size that would read "0.0 MB" in
    /// bytes, so a small limit and the file it refused never print as the same nothing.
    private static func dataSize(_ bytes: Int) -> String {
        if bytes % 1_048_576 == 0 { return "\(NumberText.grouped(bytes / 1_048_576)) MB" }
        let tenths = (Double(bytes) / 104_857.6).rounded()
        return tenths == 0 ? NumberText.counted(bytes, "byte") : "\(NumberText.grouped(Int(tenths) / 10)).\(Int(tenths) % 10) MB"
    }
}

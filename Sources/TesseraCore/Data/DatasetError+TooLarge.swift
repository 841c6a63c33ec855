/// A data file over the size limit as an error that knows it is one: `kind` is `.tooLarge`, and
/// the error keeps its sizes, so a caller that sets the limit its own way (a command-line flag)
/// can name that way where the message says "(or a larger limit)", without looking for those
/// words in the text.
extension DatasetError {
    /// The error for `file`, larger than the limit `tooLarge` names.
    init(_ tooLarge: TooLargeFile, file: String) {
        self.init(file: file, message: tooLarge.message(limitNote: TooLargeFile.limitNote), kind: .tooLarge)
        self.tooLarge = tooLarge
    }

    /// This error with `limitNote` where a too-large file's message says how to read it anyway
    /// ("(or a larger limit)"); any other error as it is.
    package func naming(limitNote: String) -> DatasetError {
        guard let tooLarge else { return self }
        var named = self
        named.message = tooLarge.message(limitNote: limitNote)
        return named
    }
}

/// The parts of a too-large file's message: the limit and the size found, in bytes.
struct TooLargeFile: Sendable {
    var limit: Int
    var size: Int

    /// How TesseraCore's message says the file can still be read.
    static let limitNote = "(or a larger limit)"

    /// "expected a data file of at most 40 bytes (or a larger limit), found 50 bytes", with
    /// `limitNote` in place of "(or a larger limit)".
    func message(limitNote: String) -> String {
        "expected a data file of at most \(Self.dataSize(limit)) \(limitNote), found \(Self.dataSize(size))"
    }

    /// A size in MB to one decimal (whole MB without one); a size that would read "0.0 MB" in
    /// bytes, so a small limit and the file it refused never print as the same nothing.
    static func dataSize(_ bytes: Int) -> String {
        if bytes % 1_048_576 == 0 { return "\(bytes / 1_048_576) MB" }
        let tenths = (Double(bytes) / 104_857.6).rounded()
        return tenths == 0 ? "\(bytes) bytes" : "\(tenths / 10) MB"
    }
}

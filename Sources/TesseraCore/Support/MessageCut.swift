/// Error messages cut to a readable length: a message longer than `limit` characters keeps its
/// first three quarters of `limit` and its last quarter (the start says what went wrong, the
/// end holds a traceback's outermost frames), with a note in between saying how many
/// characters were left out. Characters here are Unicode scalars, which the note can count
/// from a message's bytes without decoding them.
///
/// A message may be cut where it is made (a script's `error` of 50 MB is cut before it becomes
/// a Swift string) and again where it is shown, with more text around it: the second cut
/// counts the first one's note as the characters it stands for, so the note shown says how
/// many characters left the whole message.
public enum MessageCut {
    /// Longest message kept whole.
    public static let limit = 4000

    /// `text` with its middle cut out when longer than `limit` characters. O(n).
    public static func cut(_ text: String, limit: Int = limit) -> String {
        guard text.unicodeScalars.count > limit else { return text }
        let head = text.unicodeScalars.prefix(limit * 3 / 4), tail = text.unicodeScalars.suffix(limit / 4)
        let middle = text.unicodeScalars[head.endIndex..<tail.startIndex]
        return String(head) + note(omitting: omitted(in: Substring(middle))) + String(tail)
    }

    /// The UTF-8 `bytes` of a message as text, cut as `cut(_:limit:)` cuts it, decoding only
    /// what is kept: O(limit) work besides one count of the scalars (no copy of the bytes).
    public static func cut(utf8 bytes: UnsafeRawBufferPointer, limit: Int = limit) -> String {
        // A window holds the kept characters however many bytes each takes (at most 4).
        let window = 4 * limit
        guard bytes.count > 2 * window else { return cut(String(decoding: bytes, as: UTF8.self), limit: limit) }
        var tailStart = bytes.count - window
        while tailStart < bytes.count, bytes[tailStart] & 0xC0 == 0x80 { tailStart += 1 }   // a scalar's start
        let head = String(decoding: bytes[..<window], as: UTF8.self).unicodeScalars.prefix(limit * 3 / 4)
        let tail = String(decoding: bytes[tailStart...], as: UTF8.self).unicodeScalars.suffix(limit / 4)
        let omitted = scalarCount(bytes) - head.count - tail.count
        return String(head) + note(omitting: omitted) + String(tail)
    }

    /// The note that stands for `count` characters cut out.
    static func note(omitting count: Int) -> String {
        "\n[... \(NumberText.grouped(count)) characters cut from this message ...]\n"
    }

    /// The characters `middle` stands for: its own, but a note of an earlier cut counted as
    /// the characters it stands for.
    static func omitted(in middle: Substring) -> Int {
        let count = middle.unicodeScalars.count
        guard let start = middle.utf8.firstRange(of: "\n[... ".utf8) else { return count }
        let rest = middle.utf8[start.upperBound...]
        // The count is grouped (`996,049`), as `note(omitting:)` writes it.
        let digits = rest.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") || $0 == UInt8(ascii: ",") }
        guard let earlier = Int(String(Substring(digits)).filter { $0 != "," }),
              rest[digits.endIndex...].starts(with: " characters cut from this message ...]\n".utf8) else { return count }
        return count - note(omitting: earlier).unicodeScalars.count + earlier
    }

    /// The scalars UTF-8 `bytes` decode to: the bytes that start one (of ill-formed bytes,
    /// which decode to replacement characters, a count near theirs). O(n).
    static func scalarCount(_ bytes: UnsafeRawBufferPointer) -> Int {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }
}

/// Where a script declares an entry of one of its top-level tables (`params = { columns = 2 }`,
/// `choices = { mode = {...} }`), for messages about it. Lua keeps no line for a table
/// constructor's fields, so this scans the source the script was compiled from (kept by its
/// host, not read again: a file saved since may have moved the entry): when an error is being
/// built, and once when a script loads for the params entries that are nil (`nilEntries`).
enum TableEntryLine {
    /// "file:LINE" for `key` inside the `table = {` constructor of `text`, the source the script
    /// at `file` was compiled from (the line of `table = {` itself when `key` is nil or not found
    /// there), or `file` alone when there is no text or it has no such table. O(text).
    static func place(_ file: String, text: [UInt8]?, table: String, key: String? = nil) -> String {
        guard let text, let line = line(in: text, table: table, key: key) else { return file }
        return "\(file):\(line)"
    }

    /// The 1-based line of `key` in the first `table = {` of `source` (of the constructor when
    /// `key` is nil or absent from it), or nil when `source` has no such constructor. Strings and
    /// comments are skipped, so a `columns` in either is not taken for the key. O(source).
    static func line(in source: [UInt8], table: String, key: String?) -> Int? {
        lines(in: source, table: table, key: key).map { $0.entry ?? $0.table }
    }

    /// The 1-based line of `key`'s own entry in the first `table = {` of `source`, or nil when
    /// the constructor has none (or `source` has no such constructor). O(source).
    static func entryLine(in source: [UInt8], table: String, key: String) -> Int? {
        lines(in: source, table: table, key: key)?.entry
    }

    /// "file:LINE" of each entry of the first `params = {` of `text` (the source the script at
    /// `file` was compiled from) that is not among `declared`: an entry whose value is nil,
    /// which Lua drops, so the script declares no such param. Empty when there is none, the
    /// usual case. O(text).
    static func nilEntries(in text: [UInt8]?, file: String, declared: some Collection<String>) -> [String: String] {
        var found: [String: String] = [:]
        guard let text, !text.isEmpty else { return found }
        _ = lines(in: text, table: "params", key: nil) { key, line in
            if !declared.contains(key), found[key] == nil { found[key] = "\(file):\(line)" }
            return false
        }
        return found
    }

    /// The line of the first `table = {` of `source` and of `key`'s entry in it (nil when
    /// absent); `visit` sees each entry's key and line before, and ends the scan by returning
    /// true.
    private static func lines(in source: [UInt8], table: String, key: String?,
                              visit: (String, Int) -> Bool = { _, _ in false }) -> (table: Int, entry: Int?)? {
        var scan = Scanner(bytes: source)
        var start: (line: Int, depth: Int)?
        while let word = scan.nextToken() {
            guard let opened = start else {
                // The table's own name followed by `=` and `{`.
                if word.text == table, scan.skip("="), scan.peek(UInt8(ascii: "{")) { start = (word.line, scan.depth) }
                continue
            }
            if scan.depth <= opened.depth { break }   // the constructor closed without the key
            guard scan.depth == opened.depth + 1 else { continue }
            let entry: String? = if word.text.hasPrefix("[") { String(word.text.dropFirst().dropLast()) }
                else if scan.skip("=") { word.text } else { nil }
            guard let entry else { continue }
            if entry == key || visit(entry, word.line) { return (opened.line, word.line) }
        }
        return start.map { ($0.line, nil) }
    }

    /// Walks Lua source token by token, keeping the line and the brace depth; yields names and
    /// `["string"]` keys, skips everything else.
    private struct Scanner {
        let bytes: [UInt8]
        var at = 0
        var lineNumber = 1
        var depth = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        func peek(_ byte: UInt8) -> Bool { at < bytes.count && bytes[at] == byte }

        /// Skips blanks, then `text` if it is next and not the start of `==`.
        mutating func skip(_ text: String) -> Bool {
            skipBlanks()
            let wanted = Array(text.utf8)
            guard at + wanted.count <= bytes.count, Array(bytes[at..<at + wanted.count]) == wanted,
                  !(at + wanted.count < bytes.count && bytes[at + wanted.count] == UInt8(ascii: "=")) else { return false }
            at += wanted.count
            skipBlanks()
            return true
        }

        mutating func skipBlanks() {
            while at < bytes.count {
                let c = bytes[at]
                if c == UInt8(ascii: "\n") { lineNumber += 1; at += 1 }
                else if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\r") { at += 1 }
                else if c == UInt8(ascii: "-"), at + 1 < bytes.count, bytes[at + 1] == UInt8(ascii: "-") { skipComment() }
                else { return }
            }
        }

        /// The next name (or `["key"]`) with its line, keeping `depth` over the braces passed.
        mutating func nextToken() -> (text: String, line: Int)? {
            while true {
                skipBlanks()
                guard at < bytes.count else { return nil }
                let c = bytes[at]
                if LuaName.isNameStart(c) {
                    let begin = at
                    while at < bytes.count, LuaName.isNamePart(bytes[at]) { at += 1 }
                    return (String(decoding: bytes[begin..<at], as: UTF8.self), lineNumber)
                }
                if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                    skipString(c)
                } else if c == UInt8(ascii: "["), let level = longBracket() {
                    skipLong(level)
                } else if c == UInt8(ascii: "["), at + 1 < bytes.count, bytes[at + 1] == UInt8(ascii: "\"") || bytes[at + 1] == UInt8(ascii: "'") {
                    let line = lineNumber, quote = bytes[at + 1]
                    at += 1
                    let begin = at + 1
                    skipString(quote)
                    let text = String(decoding: bytes[begin..<max(begin, at - 1)], as: UTF8.self)
                    if peek(UInt8(ascii: "]")) { at += 1; return ("[" + text + "]", line) }
                } else {
                    if c == UInt8(ascii: "{") { depth += 1 } else if c == UInt8(ascii: "}") { depth -= 1 }
                    at += 1
                }
            }
        }

        /// From a quote: past the closing one (an escaped quote does not close it).
        private mutating func skipString(_ quote: UInt8) {
            at += 1
            while at < bytes.count, bytes[at] != quote, bytes[at] != UInt8(ascii: "\n") {
                at += bytes[at] == UInt8(ascii: "\\") ? 2 : 1
            }
            at += 1
        }

        /// From `--`: past the end of the line, or of a long comment `--[==[ ... ]==]`.
        private mutating func skipComment() {
            at += 2
            if peek(UInt8(ascii: "[")), let level = longBracket() { skipLong(level); return }
            while at < bytes.count, bytes[at] != UInt8(ascii: "\n") { at += 1 }
        }

        /// The level of the long bracket `[==[` at `at`, or nil when none opens there.
        private func longBracket() -> Int? {
            var k = at + 1, level = 0
            while k < bytes.count, bytes[k] == UInt8(ascii: "=") { level += 1; k += 1 }
            return k < bytes.count && bytes[k] == UInt8(ascii: "[") ? level : nil
        }

        /// From a long bracket of `level`: past its closing `]==]`, counting the lines inside.
        private mutating func skipLong(_ level: Int) {
            at += level + 2
            let close = [UInt8(ascii: "]")] + Array(repeating: UInt8(ascii: "="), count: level) + [UInt8(ascii: "]")]
            while at < bytes.count {
                if bytes[at] == UInt8(ascii: "]"), at + close.count <= bytes.count, Array(bytes[at..<at + close.count]) == close {
                    at += close.count
                    return
                }
                if bytes[at] == UInt8(ascii: "\n") { lineNumber += 1 }
                at += 1
            }
        }
    }
}

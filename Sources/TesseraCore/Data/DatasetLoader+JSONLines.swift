// The `.jsonl` format: one item object per line; blank lines are skipped. A `"section"` field (a
// string or an integer) groups items into sections in first-seen order, items keeping their
// relative order. Either every item has a section or none has: an item without one in a sectioned
// file would belong nowhere, so that is an error rather than a guess.
extension DatasetLoader {
    /// The file read straight into columns (`JSONDatasetReader`, line by line: no `JSONValue` or
    /// `Item` per item), then grouped by the section keys when it has them.
    static func parseJSONLines(_ bytes: [UInt8], fileName file: String, policy: DuplicatePolicy) throws -> Dataset {
        var reader = JSONDatasetReader(file: file)
        var lines: [Int] = []
        var sections = LineSections()
        _ = try bytes.withUnsafeBufferPointer { b in
            try forEachLine(b) { lineNumber, line in
                let position = SourcePosition.line(lineNumber)
                let sectionValue: JSONValue?
                do {
                    sectionValue = try reader.readLineItem(line, at: position)
                } catch let e as JSONParseError {
                    throw lineError(e, line, lineNumber, file: file)
                }
                // One test for the usual line (no section, in a file without sections).
                if sectionValue != nil || sections.sectioned || lines.isEmpty {
                    try sections.note(sectionValue, at: lineNumber, first: lines.isEmpty, file: file)
                }
                lines.append(lineNumber)
                return true
            }
        }
        let flat = try reader.finishLines(policy: policy, position: { .line(lines[$0]) }, place: { position in
            position.line.flatMap { idPlace(onLine: $0, in: bytes) }
        })
        return sections.sectioned ? grouped(flat, by: sections.keys) : flat
    }

    /// Where the "id" value of line `number` starts, found again in the file: for a repeated
    /// id, placed by line and column as an invalid one is. O(file size), only for that error.
    private static func idPlace(onLine number: Int, in bytes: [UInt8]) -> (line: Int, column: Int)? {
        bytes.withUnsafeBufferPointer { b in
            var found: (line: Int, column: Int)?
            _ = forEachLine(b) { lineNumber, line in
                guard lineNumber == number else { return true }
                found = JSONParser.offset(of: [.key("id")], in: line).map { (number, JSONParser.lineAndColumn(line, offset: $0).column) }
                return false
            }
            return found
        }
    }

    /// The section keys of a JSON Lines file, and the rule that every line has one or none does.
    private struct LineSections {
        var keys: [ItemID] = []
        var sectioned = false
        var firstLine = 0            // the first item's line: the reference for "section or not"

        /// Notes line `lineNumber`'s `section` value (nil: none); `first` for the file's first item.
        @inline(never)
        mutating func note(_ value: JSONValue?, at lineNumber: Int, first: Bool, file: String) throws {
            let position = SourcePosition.line(lineNumber)
            let section = try value.map { try identifier($0, file: file, at: position, field: "section") }
            if first {
                firstLine = lineNumber
                sectioned = section != nil
            } else if sectioned && section == nil {
                throw position.error(file, "expected a \"section\" field (line \(firstLine) has one), found none")
            } else if !sectioned, let section {
                throw position.error(file, field: "section",
                                     "expected no \"section\" field (line \(firstLine) has none), found \(section.jsonValue.briefDescription)")
            }
            if let section { keys.append(section) }
        }
    }

    /// Calls `body(lineNumber, line)` for every line that is not blank (the line without its LF
    /// or CRLF) until it returns false; returns whether it was stopped.
    private static func forEachLine(_ b: UnsafeBufferPointer<UInt8>,
                                    _ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Bool) rethrows -> Bool {
        var lineNumber = 0
        var start = 0
        while start < b.count {
            lineNumber += 1
            var end = start
            while end < b.count && b[end] != 0x0A { end += 1 }
            let next = end + 1
            if end > start && b[end - 1] == 0x0D { end -= 1 }
            defer { start = next }
            let line = UnsafeBufferPointer(rebasing: b[start..<end])
            // A byte-order mark opening a line is no content (the reader skips it, as files joined
            // from ones that each had one carry it): with only it, the line is blank.
            let content = line.first == 0xEF && line.starts(with: utf8ByteOrderMark) ? UnsafeBufferPointer(rebasing: line[3...]) : line
            if content.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            if try !body(lineNumber, line) { return true }
        }
        return false
    }

    /// The dataset error for the syntax error `e` within `line`.
    private static func lineError(_ e: JSONParseError, _ line: UnsafeBufferPointer<UInt8>, _ lineNumber: Int,
                                  file: String) -> DatasetError {
        // A lone CR is whitespace to JSON, so a file with CR line ends reads as one line.
        if let cr = line.firstIndex(of: 0x0D),
           (try? JSONParser.parse(buffer: UnsafeBufferPointer(rebasing: line[..<cr]))) != nil {
            return DatasetError(file: file, line: lineNumber, column: cr + 1,
                                message: "expected lines ending in LF or CRLF, found a line break that is a lone carriage return (CR); convert the file's line ends (for example with dos2unix -c mac)")
        }
        let placed = e.movedDown(by: lineNumber - 1)
        return DatasetError(file: file, line: placed.line, column: placed.column, message: placed.message + jsonSyntaxNote(e))
    }
}

// The `.jsonl` format: one item object per line; blank lines are skipped. A `"section"` field (a
// string or an integer) groups items into sections in first-seen order, items keeping their
// relative order. Either every item has a section or none has: an item without one in a sectioned
// file would belong nowhere, so that is an error rather than a guess.
extension DatasetLoader {
    static func parseJSONLines(_ bytes: [UInt8], fileName file: String, policy: DuplicatePolicy) throws -> Dataset {
        if let dataset = try parseUnsectionedJSONLines(bytes, fileName: file, policy: policy) { return dataset }
        var items: [Item] = []
        var lines: [Int] = []
        var sectionKeys: [ItemID] = []
        var firstLine = 0            // the first item's line: the reference for "section or not"
        var sectioned = false
        _ = try bytes.withUnsafeBufferPointer { b in
            try forEachLine(b) { lineNumber, line in
                let value: JSONValue
                do {
                    value = try JSONParser.parse(buffer: line)
                } catch let e as JSONParseError {
                    throw lineError(e, line, lineNumber, file: file)
                }
                let position = SourcePosition.line(lineNumber)
                let item = try item(value, file: file, at: position)
                let section = try item.fields["section"].map { try identifier($0, file: file, at: position, field: "section") }
                if items.isEmpty {
                    firstLine = lineNumber
                    sectioned = section != nil
                } else if sectioned && section == nil {
                    throw position.error(file, "expected a \"section\" field (line \(firstLine) has one), found none")
                } else if !sectioned, let section {
                    throw position.error(file, field: "section",
                                         "expected no \"section\" field (line \(firstLine) has none), found \(section.jsonValue.briefDescription)")
                }
                items.append(item)
                lines.append(lineNumber)
                if let section { sectionKeys.append(section) }
                return true
            }
        }
        if items.isEmpty {
            throw DatasetError(file: file, message: "expected one JSON object per line, found only blank lines")
        }
        try dedupeItems(&items, file: file, policy: policy) { .line(lines[$0]) }
        guard sectioned else { return Dataset(items: items, sourceName: file) }
        let (ordered, sections) = group(items, by: sectionKeys)
        return Dataset(items: ordered, sections: sections, sourceName: file)
    }

    /// An unsectioned file read straight into columns (`JSONDatasetReader`, line by line: no
    /// `JSONValue` or `Item` per item); nil when the first item has a section, which the caller
    /// then reads whole. Its messages are the caller's.
    private static func parseUnsectionedJSONLines(_ bytes: [UInt8], fileName file: String,
                                                  policy: DuplicatePolicy) throws -> Dataset? {
        var reader = JSONDatasetReader(file: file)
        var lines: [Int] = []
        var firstLine = 0
        let sectioned: Bool = try bytes.withUnsafeBufferPointer { b in
            try forEachLine(b) { lineNumber, line in
                let position = SourcePosition.line(lineNumber)
                let sectionValue: JSONValue?
                do {
                    sectionValue = try reader.readLineItem(line, at: position)
                } catch let e as JSONParseError {
                    throw lineError(e, line, lineNumber, file: file)
                }
                if lines.isEmpty { firstLine = lineNumber }
                if let sectionValue {
                    if lines.isEmpty { return false }
                    let section = try identifier(sectionValue, file: file, at: position, field: "section")
                    throw position.error(file, field: "section",
                                         "expected no \"section\" field (line \(firstLine) has none), found \(section.jsonValue.briefDescription)")
                }
                lines.append(lineNumber)
                return true
            }
        }
        if sectioned { return nil }
        if lines.isEmpty {
            throw DatasetError(file: file, message: "expected one JSON object per line, found only blank lines")
        }
        return try reader.finishLines(policy: policy) { .line(lines[$0]) }
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
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
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
        return DatasetError(file: file, line: lineNumber + e.line - 1, column: e.column, message: e.message)
    }
}

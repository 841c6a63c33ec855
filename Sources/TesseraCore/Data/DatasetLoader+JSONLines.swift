// The `.jsonl` format: one item object per line; blank lines are skipped. A `"section"` field (a
// string or an integer) groups items into sections in first-seen order, items keeping their
// relative order. Either every item has a section or none has: an item without one in a sectioned
// file would belong nowhere, so that is an error rather than a guess.
extension DatasetLoader {
    static func parseJSONLines(_ bytes: [UInt8], fileName file: String, policy: DuplicatePolicy) throws -> Dataset {
        var items: [Item] = []
        var lines: [Int] = []
        var sectionKeys: [ItemID] = []
        var firstLine = 0            // the first item's line: the reference for "section or not"
        var sectioned = false
        try bytes.withUnsafeBufferPointer { b in
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

                let value: JSONValue
                do {
                    value = try JSONParser.parse(buffer: line)
                } catch let e as JSONParseError {
                    // A lone CR is whitespace to JSON, so a file with CR line ends reads as one line.
                    if let cr = line.firstIndex(of: 0x0D),
                       (try? JSONParser.parse(buffer: UnsafeBufferPointer(rebasing: line[..<cr]))) != nil {
                        throw DatasetError(file: file, line: lineNumber, column: cr + 1,
                                           message: "expected lines ending in LF or CRLF, found a line break that is a lone carriage return (CR); convert the file's line ends (for example with dos2unix -c mac)")
                    }
                    throw DatasetError(file: file, line: lineNumber + e.line - 1, column: e.column, message: e.message)
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
}

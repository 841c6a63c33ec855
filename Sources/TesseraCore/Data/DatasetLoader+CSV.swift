// The `.csv` format (RFC 4180): a header row naming the columns, then one record per item.
// Records end with CRLF, LF or CR; cells may be quoted ("a, b", "say ""hi""", line breaks inside);
// blank lines are skipped. Columns:
// - `id` (required): an integer when the cell is one (`42`), otherwise the string (`007`, `a1`);
// - `w`, `h` (and `width`, `height`): numbers from 0 to `Item.largestSize`; an empty cell means
//   "not given";
// - `section` (optional): groups items like the JSON Lines `"section"` field; every row needs one;
// - every other column is a field: a number when the cell reads as a JSON number, else the string
//   (an empty cell is the empty string, so every column reaches `Item.fields`).
// A quoted cell is text, as a spreadsheet that quotes only its text cells means it: `"1"` is the
// string "1" in `id`, `section` and the other columns. In a size column, where only a number
// belongs, a quoted number is the number (so a file that quotes every cell still loads).
extension DatasetLoader {
    static func parseCSV(_ bytes: [UInt8], fileName file: String, policy: DuplicatePolicy) throws -> Dataset {
        // Records are read into the columns one at a time: holding every record's cells first
        // doubled the peak memory (1M rows of id, w, h: 419 MB, now 208 MB, as the same JSON).
        var reader: CSVItemReader?
        try forEachCSVRecord(bytes, file: file) { record in
            if reader == nil {
                reader = try CSVItemReader(header: record, file: file)
            } else {
                try reader!.append(record)
            }
        }
        // Invariant: a file of line breaks only was refused as empty before parsing.
        guard let reader else {
            throw DatasetError(file: file, message: "expected a header row, found an empty file")
        }
        return try reader.dataset(policy: policy)
    }

    /// Reads a CSV file's records into columns as they come, after checking the header.
    struct CSVItemReader {
        let file: String
        let header: CSVRecord
        let sectioned: Bool
        /// What each column holds, told apart once rather than per cell.
        enum Kind { case key, size, other }
        let kinds: [Kind]
        let names: [Int32]
        var ids = IDColumn(), columns = FieldColumns()
        var lines: [Int] = []
        var sectionKeys: [ItemID] = []

        init(header: CSVRecord, file: String) throws {
            var seen = Set<String>()
            for (k, name) in header.cells.enumerated() {
                if name.isEmpty {
                    throw DatasetError(file: file, line: header.line, message: "expected a name for column \(k + 1), found an empty cell")
                }
                if !seen.insert(name).inserted {
                    throw DatasetError(file: file, line: header.line, message: "expected unique column names, found \(describeIdentifier(name)) twice")
                }
            }
            guard seen.contains("id") else {
                throw DatasetError(file: file, line: header.line, message: "expected an \"id\" column in the header, found \(header.cells.map(describeIdentifier).joined(separator: ", "))")
            }
            self.file = file
            self.header = header
            sectioned = seen.contains("section")
            // Straight into columns (each column's name interned once), sectioned or not.
            var columns = FieldColumns()
            names = header.cells.map { columns.name($0) }
            self.columns = columns
            kinds = header.cells.map { $0 == "id" || $0 == "section" ? Kind.key : sizeFields.contains($0) ? .size : .other }
        }

        mutating func append(_ record: CSVRecord) throws {
            let position = SourcePosition.line(record.line)
            guard record.cells.count == header.cells.count else {
                throw position.error(file, "expected \(NumberText.counted(header.cells.count, "cell")) as in the header, found \(NumberText.grouped(record.cells.count))")
            }
            var id: ItemID?
            var section: ItemID?
            for (k, (name, cell)) in zip(header.cells, record.cells).enumerated() {
                let value: JSONValue
                switch kinds[k] {
                case .key:
                    guard !cell.isEmpty else {
                        throw position.error(file, field: name, "expected a string or an integer, found an empty cell")
                    }
                    let key: ItemID
                    if !record.isQuoted(k), case .int(let n)? = csvNumber(cell) { key = .int(n) } else { key = .string(cell) }
                    if name == "id" { id = key } else { section = key }
                    if name == "id" { columns.appendIDField(names[k]); continue }
                    value = key.jsonValue
                case .size:
                    if cell.isEmpty { continue }  // size not given
                    guard let v = csvNumber(cell), let d = v.number, Item.isAllowedSize(d) else {
                        // A number as written ("1e308"; "NaN", "inf", "1e999": numbers to Double,
                        // but not finite ones), anything else as text.
                        let found = csvNumber(cell) != nil || Double(cell).map({ !$0.isFinite }) == true
                            ? shortenedForMessage(cell) : describeIdentifier(cell)
                        throw position.error(file, field: name, "\(sizeExpectation), found \(found)")
                    }
                    value = v
                case .other:
                    value = record.isQuoted(k) ? .string(cell) : csvNumber(cell) ?? .string(cell)
                }
                columns.appendValue(names[k], value)
            }
            ids.append(id!)
            columns.endItem()
            lines.append(record.line)
            if let section { sectionKeys.append(section) }
        }

        func dataset(policy: DuplicatePolicy) throws -> Dataset {
            var ids = ids
            try dedupeColumns(&ids, file: file, policy: policy) { .line(lines[$0]) }
            let flat = Dataset(ids: ids, fields: columns, sections: nil, metadata: [:], sourceName: file)
            return sectioned ? grouped(flat, by: sectionKeys) : flat
        }
    }

    /// A cell that reads as a JSON number (exactly: no spaces, no `+`, no leading zeros) and is
    /// finite, as `.int` or `.double`; nil otherwise. O(length of the cell).
    static func csvNumber(_ cell: String) -> JSONValue? {
        guard let c = cell.utf8.first, c == UInt8(ascii: "-") || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")),
              let last = cell.utf8.last, last >= UInt8(ascii: "0") && last <= UInt8(ascii: "9"),
              let v = try? JSONParser.parse(cell) else { return nil }
        switch v {
        case .int, .double: return v
        default: return nil
        }
    }

    /// A CSV record: its cells and the line it starts on.
    struct CSVRecord {
        var line: Int
        var cells: [String]
        /// Which cells were quoted, by position; empty (no allocation) when none was.
        var quoted: [Bool] = []

        /// Whether cell `k` was quoted (text, whatever it reads as). O(1).
        func isQuoted(_ k: Int) -> Bool { k < quoted.count && quoted[k] }
    }

    /// Splits CSV bytes into records (RFC 4180), handing each to `body` in file order. Validates
    /// UTF-8 first so cells can be decoded without repair. O(n).
    static func forEachCSVRecord(_ bytes: [UInt8], file: String, _ body: (CSVRecord) throws -> Void) throws {
        try bytes.withUnsafeBufferPointer { b in
            var i = 0
            if b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF { i = 3 }  // byte-order mark
            var k = i
            while k < b.count {
                guard let n = JSONParser.utf8ScalarLength(b, at: k) else {
                    let line = JSONParser.lineAndColumn(b, offset: k).line
                    throw DatasetError(file: file, line: line, message: "expected UTF-8 text, found the byte 0x" + String(b[k], radix: 16, uppercase: true) + notUTF8Note)
                }
                k += n
            }

            var line = 1
            func text(_ r: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: b[r]), as: UTF8.self) }
            /// Consumes a line break at `i` (CRLF, LF or CR), if any.
            func lineBreak(_ i: inout Int) -> Bool {
                guard i < b.count else { return false }
                if b[i] == 0x0A { i += 1; return true }
                if b[i] == 0x0D { i += (i + 1 < b.count && b[i + 1] == 0x0A) ? 2 : 1; return true }
                return false
            }

            while i < b.count {
                let recordLine = line
                var cells: [String] = []
                var quoted: [Bool] = []
                var blank = true
                while true {
                    if i < b.count && b[i] == UInt8(ascii: "\"") {
                        // Quoted cell: "" is a quote; commas and line breaks are text.
                        blank = false
                        let cellLine = line
                        i += 1
                        var cell: [UInt8] = []
                        var closed = false
                        while i < b.count {
                            let c = b[i]
                            if c == UInt8(ascii: "\"") {
                                if i + 1 < b.count && b[i + 1] == UInt8(ascii: "\"") { cell.append(c); i += 2; continue }
                                i += 1; closed = true; break
                            }
                            if c == 0x0A || (c == 0x0D && !(i + 1 < b.count && b[i + 1] == 0x0A)) { line += 1 }
                            cell.append(c)
                            i += 1
                        }
                        guard closed else {
                            throw DatasetError(file: file, line: cellLine, message: "expected a closing '\"' for the quoted cell that starts on this line, found end of input")
                        }
                        guard i >= b.count || b[i] == UInt8(ascii: ",") || b[i] == 0x0A || b[i] == 0x0D else {
                            throw DatasetError(file: file, line: line, message: "expected ',' or a line break after a closing '\"', found '\(Character(Unicode.Scalar(b[i])))'")
                        }
                        if quoted.isEmpty { quoted = Array(repeating: false, count: cells.count) }
                        quoted.append(true)
                        cells.append(String(decoding: cell, as: UTF8.self))
                    } else {
                        let start = i
                        while i < b.count && b[i] != UInt8(ascii: ",") && b[i] != 0x0A && b[i] != 0x0D {
                            if b[i] == UInt8(ascii: "\"") {
                                throw DatasetError(file: file, line: line, message: "expected '\"' only around a whole cell, found one inside the unquoted cell \(describeIdentifier(text(start..<(i + 1))))")
                            }
                            i += 1
                        }
                        if i > start { blank = false }
                        if !quoted.isEmpty { quoted.append(false) }
                        cells.append(text(start..<i))
                    }
                    if i < b.count && b[i] == UInt8(ascii: ",") {
                        blank = false
                        i += 1
                        continue
                    }
                    if lineBreak(&i) { line += 1 }
                    break
                }
                if !(blank && cells.count == 1) { try body(CSVRecord(line: recordLine, cells: cells, quoted: quoted)) }
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import OrderedCollections

/// The file formats a dataset can be read from, chosen by extension.
public enum DatasetFormat: String, CaseIterable, Sendable {
    /// `{"items": [...]}`, `{"sections": [{"id", "items": [...]}]}` or a bare array of items.
    case json
    /// One item object per line; an optional `"section"` field groups items.
    case jsonLines = "jsonl"
    /// A header row, then one item per record (RFC 4180).
    case csv

    /// The format for a file name's extension (case-insensitive; `.ndjson` counts as JSON Lines).
    public init?(fileName: String) {
        guard let ext = fileExtension(fileName)?.lowercased() else { return nil }
        switch ext {
        case "json": self = .json
        case "jsonl", "ndjson": self = .jsonLines
        case "csv": self = .csv
        default: return nil
        }
    }
}

/// Reads datasets from files or bytes, validating them completely: a malformed file is a
/// `DatasetError` naming the file, the line (and column) and JSON path, and what was expected.
///
/// What every format shares:
/// - an item has an `id`, a string or an integer (`5` and `"5"` are different ids);
/// - `w`, `h`, `width` and `height`, when present, are finite numbers >= 0 (an item may give only one);
/// - every field of the record reaches `Item.fields`, in source order;
/// - ids are unique across the dataset unless `duplicatePolicy` says otherwise: `.reject` (the
///   default) is an error naming the id and both positions, `.pairInOrder` keeps duplicates, and
///   `.suffix` renames the n-th repeat of `x` to the string `x(n)` (skipping names already taken);
///   section ids follow the same policy;
/// - an empty (or whitespace-only) file is an error.
public enum DatasetLoader {
    /// The largest data file `load` reads unless told otherwise: 256 MB.
    public static let defaultMaxBytes = 256 * 1_048_576

    /// Loads the dataset at `path`; the format comes from the extension. Only regular files are
    /// read (a FIFO or a device could block or never end), and only up to `maxBytes`.
    /// O(file size) time and memory.
    public static func load(path: String, duplicatePolicy: DuplicatePolicy = .reject,
                            maxBytes: Int = DatasetLoader.defaultMaxBytes) throws -> Dataset {
        let format = try Self.format(ofFile: path)
        var bytes = try readBytes(ofFile: path, maxBytes: maxBytes)
        guard format == .json else {
            return try parse(data: bytes, fileName: path, format: format, duplicatePolicy: duplicatePolicy)
        }
        try checkStart(bytes, fileName: path, format: format)
        var reader = try readJSONDocument(bytes, fileName: path)
        bytes = []   // what is left (duplicates, sizes) reads only the columns: free the file first
        // An error found then is placed in the file read again.
        return try reader.finish(policy: duplicatePolicy) { try? readBytes(ofFile: path, maxBytes: maxBytes) }
    }

    /// The format of the data file at `path`, by its extension, as `load` reads it (a watcher
    /// that read the bytes itself parses them with it). O(length of path).
    /// - Throws: `DatasetError` when the extension is not .json, .jsonl or .csv.
    package static func format(ofFile path: String) throws -> DatasetFormat {
        guard let format = DatasetFormat(fileName: path) else {
            // A folder (`--data datasets`) is named as one: its lack of an extension is beside the point.
            var info = stat()
            let isFolder = stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            throw isFolder ? unknownFormat(path, found: "a directory") : unknownFormat(path)
        }
        return format
    }

    /// The refusal of a data file whose name gives no format: what its extension is, or `found`.
    private static func unknownFormat(_ fileName: String, found: String? = nil) -> DatasetError {
        let found = found ?? fileExtension(fileName).map { "the extension \"." + $0 + "\"" } ?? "no extension"
        return DatasetError(file: fileName, message: "expected a .json, .jsonl or .csv file, found \(found)")
    }

    /// Parses a dataset from UTF-8 bytes; `fileName` is used in messages and as `sourceName`.
    /// O(n) in the size of the data.
    public static func parse(data: [UInt8], fileName: String, format: DatasetFormat,
                             duplicatePolicy: DuplicatePolicy = .reject) throws -> Dataset {
        try checkStart(data, fileName: fileName, format: format)
        switch format {
        case .json: return try parseJSON(data, fileName: fileName, policy: duplicatePolicy)
        case .jsonLines: return try parseJSONLines(data, fileName: fileName, policy: duplicatePolicy)
        case .csv: return try parseCSV(data, fileName: fileName, policy: duplicatePolicy)
        }
    }

    /// What every format refuses before it parses: an empty file, a UTF-16 one.
    private static func checkStart(_ data: [UInt8], fileName: String, format: DatasetFormat) throws {
        try checkNotEmpty(data, fileName: fileName, format: format)
        try checkNotUTF16(data, fileName: fileName)
    }

    /// An empty (or whitespace-only) JSON or CSV file is an error: it holds no document, no header
    /// row. A JSON Lines file with no lines is a dataset of no items, as `[]` is in a `.json` file.
    /// A UTF-8 byte-order mark is no content: a file of one and blank lines is empty too (every
    /// parser skips the mark). The file of measured sizes is refused in the same words.
    package static func checkNotEmpty(_ data: [UInt8], fileName: String, format: DatasetFormat) throws {
        guard format != .jsonLines else { return }
        let start = data.starts(with: utf8ByteOrderMark) ? utf8ByteOrderMark.count : 0
        guard data[start...].allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else { return }
        let expected = format == .json ? "a JSON document" : "a header row"
        throw DatasetError(file: fileName, message: "expected \(expected), found an empty file")
    }

    /// The bytes a UTF-8 file may start with to say it is UTF-8.
    static let utf8ByteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// A file that starts with a UTF-16 byte-order mark is an error that says so (the parsers
    /// would name its first byte, 0xFF, or the U+0000 after it). O(1).
    private static func checkNotUTF16(_ data: [UInt8], fileName: String) throws {
        guard data.count >= 2, (data[0] == 0xFF && data[1] == 0xFE) || (data[0] == 0xFE && data[1] == 0xFF) else { return }
        let order = data[0] == 0xFF ? "little" : "big"
        throw DatasetError(file: fileName, line: 1, message: "expected UTF-8 text, found a UTF-16 (\(order)-endian) byte-order mark; convert the file to UTF-8 (iconv -f UTF-16 -t UTF-8)")
    }

    /// Parses a dataset from text. O(n) in the length of the text.
    public static func parse(text: String, fileName: String, format: DatasetFormat,
                             duplicatePolicy: DuplicatePolicy = .reject) throws -> Dataset {
        try parse(data: Array(text.utf8), fileName: fileName, format: format, duplicatePolicy: duplicatePolicy)
    }

    /// Parses a dataset held in memory as the file `fileName` would be loaded: the format comes
    /// from its extension (`DatasetFormat(fileName:)`), and every message names it as the file
    /// (`feed.json:1:17: [0].w: ...`). O(n) in the length of the text.
    /// - Throws: `DatasetError`, the one loading such a file throws: for a name without a .json,
    ///   .jsonl or .csv extension, or for what the text holds.
    public static func parse(text: String, fileName: String, duplicatePolicy: DuplicatePolicy = .reject) throws -> Dataset {
        try parse(data: Array(text.utf8), fileName: fileName, duplicatePolicy: duplicatePolicy)
    }

    /// Parses UTF-8 bytes as `parse(text:fileName:duplicatePolicy:)` parses text: the format
    /// from `fileName`'s extension. O(n) in the size of the data.
    /// - Throws: `DatasetError` for a name without a .json, .jsonl or .csv extension, or for
    ///   what the data holds.
    public static func parse(data: [UInt8], fileName: String, duplicatePolicy: DuplicatePolicy = .reject) throws -> Dataset {
        guard let format = DatasetFormat(fileName: fileName) else { throw unknownFormat(fileName) }
        return try parse(data: data, fileName: fileName, format: format, duplicatePolicy: duplicatePolicy)
    }
}

// MARK: - Shared steps

extension DatasetLoader {
    /// Where an item or section came from, for messages.
    enum SourcePosition: Equatable {
        case topItem(Int)              // items[i]
        case bareItem(Int)             // [i]
        case sectionItem(Int, Int)     // sections[s].items[i]
        case section(Int)              // sections[s]
        case line(Int)                 // JSON Lines or CSV record

        /// The JSON path of the item or section itself (nil for lines).
        var path: String? {
            switch self {
            case .topItem(let i): return "items[\(i)]"
            case .bareItem(let i): return "[\(i)]"
            case .sectionItem(let s, let i): return "sections[\(s)].items[\(i)]"
            case .section(let s): return "sections[\(s)]"
            case .line: return nil
            }
        }

        /// The same path as steps, to find it in the file again (nil for lines).
        var steps: [JSONPathStep]? {
            switch self {
            case .topItem(let i): return [.key("items"), .index(i)]
            case .bareItem(let i): return [.index(i)]
            case .sectionItem(let s, let i): return [.key("sections"), .index(s), .key("items"), .index(i)]
            case .section(let s): return [.key("sections"), .index(s)]
            case .line: return nil
            }
        }

        var line: Int? { if case .line(let l) = self { return l } else { return nil } }

        /// The JSON path of a field of the item, or just the field name for lines.
        func path(_ field: String) -> String { path.map { $0 + "." + field } ?? field }

        /// "at items[3]" or "on line 3", for "(first ...)" in duplicate messages; "at items[3],
        /// line 5" when the item's line is known.
        func reference(line found: Int? = nil) -> String {
            if case .line(let l) = self { return "on line \(l)" }
            return "at " + path! + (found.map { ", line \($0)" } ?? "")
        }

        func error(_ file: String, field: String? = nil, _ message: String) -> DatasetError {
            DatasetError(file: file, line: line, path: field.map { path($0) } ?? path, message: message)
        }
    }
}

extension DatasetLoader {
    static let sizeFields = ItemRules.sizeFields
    static let sizeExpectation = ItemRules.sizeExpectation

    /// An id (item or section) from a JSON value: a string or an integer (`ItemRules`).
    static func identifier(_ value: JSONValue, file: String, at position: SourcePosition, field: String = "id") throws -> ItemID {
        switch ItemRules.identifier(value, field: field) {
        case .success(let id): return id
        case .failure(let problem): throw position.error(file, field: problem.field, problem.message)
        }
    }

    /// Applies `policy` to `ids` (in source order). Throws `duplicate(id, first, second)` for
    /// `.reject`; returns the renames `(index, newID)` for `.suffix`. O(n) expected.
    static func resolveDuplicates(_ ids: [ItemID], policy: DuplicatePolicy,
                                  duplicate: (ItemID, Int, Int) -> DatasetError) throws -> [(Int, ItemID)] {
        guard let (first, second) = DuplicateIDs.first(in: ids) else { return [] }
        if policy == .reject { throw duplicate(ids[second], first, second) }
        guard policy == .suffix else { return [] }
        return DuplicatePolicy.suffixRenames(ids)
    }

    /// Where a position's `id` is in the file, when that can be found again: its line and
    /// column. Asked only for an error.
    typealias IDPlacer = (SourcePosition) -> (line: Int, column: Int)?

    /// The duplicate-id error: "expected a unique id ..., found "a" again (first at items[3])";
    /// with `place`, at the repeat's line and column, and "(first at items[3], line 4)".
    static func duplicateError(file: String, what: String, id: ItemID, first: SourcePosition,
                               second: SourcePosition, place: IDPlacer = { _ in nil }) -> DatasetError {
        let firstLine = first.line == nil ? place(first)?.line : nil
        var error = DatasetError(RepeatedID(what: what, id: id, first: first.reference(line: firstLine)), file: file, at: second)
        if let at = place(second) { (error.line, error.column) = (at.line, at.column) }
        return error
    }

    /// Applies the duplicate policy to an id column whose positions are given by `position`
    /// (a renamed id's `id` field reads the column, so it follows); `place` places a repeat.
    static func dedupeColumns(_ ids: inout IDColumn, file: String, policy: DuplicatePolicy,
                              position: (Int) -> SourcePosition, place: IDPlacer = { _ in nil }) throws {
        guard let (first, second) = DuplicateIDs.first(in: ids) else { return }
        if policy == .reject {
            throw duplicateError(file: file, what: "id", id: ids[second], first: position(first), second: position(second), place: place)
        }
        guard policy == .suffix else { return }
        for (k, newID) in DuplicatePolicy.suffixRenames(ids.all) { ids.replace(k, with: newID) }
    }

    /// `flat`'s items grouped by `keys` (one per item): sections in first-seen order, items
    /// keeping their relative order (JSON Lines, CSV). When each key's items are already together
    /// (a file written section by section) the columns stay as they are; else the items are
    /// reordered, through `Item`s. O(n).
    static func grouped(_ flat: Dataset, by keys: [ItemID]) -> Dataset {
        var runs: [(key: ItemID, start: Int)] = []
        for (k, key) in keys.enumerated() where runs.last?.key != key { runs.append((key, k)) }
        guard Set(runs.map(\.key)).count == runs.count else {
            let (ordered, sections) = group(Array(flat.items), by: keys)
            return Dataset(items: ordered, sections: sections, sourceName: flat.sourceName)
        }
        var dataset = flat
        dataset.sections = runs.indices.map { r in
            Dataset.Section(id: runs[r].key, range: runs[r].start..<(r + 1 < runs.count ? runs[r + 1].start : keys.count))
        }
        return dataset
    }

    /// Stable grouping of items by section key, sections in first-seen order.
    static func group(_ items: [Item], by keys: [ItemID]) -> ([Item], [Dataset.Section]) {
        var members = OrderedDictionary<ItemID, [Int]>()
        for (k, key) in keys.enumerated() { members[key, default: []].append(k) }
        var ordered: [Item] = []
        ordered.reserveCapacity(items.count)
        var sections: [Dataset.Section] = []
        for (key, indices) in members {
            let start = ordered.count
            for k in indices { ordered.append(items[k]) }
            sections.append(Dataset.Section(id: key, range: start..<ordered.count))
        }
        return (ordered, sections)
    }
}

// MARK: - Files

/// The extension of the last path component, without the dot; nil when there is none.
private func fileExtension(_ path: String) -> String? {
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    let ext = name[name.index(after: dot)...]
    return ext.isEmpty ? nil : String(ext)
}

extension DatasetLoader {
    /// The whole file as bytes, with POSIX calls so the reason for a failure is exact and the
    /// same on every platform. Opens without blocking (a FIFO would wait for a writer), then
    /// refuses anything but a regular file, and a file over `maxBytes` (also one that grows past
    /// it while read), which `readToEnd` then reads. `tessera preview` reads its inputs with it
    /// too; `kind` is what a missing file is said to have been expected to be ("a sizes file").
    /// O(file size).
    package static func readBytes(ofFile path: String, maxBytes: Int = .max, expected kind: String = "a dataset file") throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw DatasetError(file: path, message: openFailure(errno, path: path, expected: kind)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw DatasetError(file: path, message: "cannot read the file (\(systemReason(errno)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw DatasetError(file: path, message: regularFileExpected(info.st_mode))
        }
        if Int(info.st_size) > maxBytes { throw DatasetError(file: path, size: Int(info.st_size), overLimit: maxBytes) }
        return try readToEnd(fd, path: path, sizeHint: Int(info.st_size), maxBytes: maxBytes)
    }
}

/// "expected a regular file, found a directory" when something other than a regular file is at
/// `path` (a folder, a FIFO, ...), and "cannot read the file (too many levels of symbolic
/// links)" for a symbolic link loop, as the readers word them; nil for a regular file or
/// nothing there. For a check before a file is read (a command's start), the reader's own after.
package func notARegularFile(_ path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return errno == ELOOP ? openFailure(ELOOP, path: path) : nil }
    return (info.st_mode & S_IFMT) != S_IFREG ? regularFileExpected(info.st_mode) : nil
}

private func regularFileExpected(_ mode: mode_t) -> String { "expected a regular file, found \(fileKind(mode))" }

/// "a directory", "a FIFO", ... for a file that is not a regular one.
package func fileKind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: return "a directory"
    case S_IFIFO: return "a FIFO (named pipe)"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    case S_IFLNK: return "a symbolic link"
    default: return "a special file"
    }
}

/// "expected a dataset file, found no such file", with the dataset file `path` most likely meant;
/// `kind` names another JSON file read as a dataset is ("a sizes file").
package func noSuchDatasetFile(_ path: String, expected kind: String = "a dataset file") -> String {
    NearbyFile.missing(path, expected: kind, extensions: ["json", "jsonl", "csv"])
}

private func openFailure(_ code: Int32, path: String, expected kind: String = "a dataset file") -> String {
    switch code {
    case ENOENT: return noSuchDatasetFile(path, expected: kind)
    case EACCES: return "cannot read the file (permission denied)"
    case EISDIR: return "expected a regular file, found a directory"
    default: return "cannot read the file (\(systemReason(code)))"
    }
}

import Foundation
import OrderedCollections
import Testing
@testable import TesseraCore

/// The repository's `datasets/` folder, found from this file's path.
private let datasetsFolder: String = {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/TesseraCoreTests/DatasetLoaderTests.swift
    return parts.joined(separator: "/") + "/datasets"
}()

/// Writes `contents` to a fresh temporary file called `name` and loads it.
private func loadTemp(_ name: String, _ contents: [UInt8], policy: DuplicatePolicy = .reject) throws -> Dataset {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-data-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent(name).path
    _ = FileManager.default.createFile(atPath: path, contents: Data(contents))
    do {
        return try DatasetLoader.load(path: path, duplicatePolicy: policy)
    } catch var error as DatasetError {
        #expect(error.file == path)  // the message names the file as given
        error.file = name
        throw error
    }
}

private func loadTemp(_ name: String, _ text: String, policy: DuplicatePolicy = .reject) throws -> Dataset {
    try loadTemp(name, Array(text.utf8), policy: policy)
}

/// The error message for loading `text` from a file called `name` (the directory left out).
private func loadError(_ name: String, _ text: String, policy: DuplicatePolicy = .reject) -> String? {
    loadError(name, Array(text.utf8), policy: policy)
}

private func loadError(_ name: String, _ bytes: [UInt8], policy: DuplicatePolicy = .reject) -> String? {
    do {
        _ = try loadTemp(name, bytes, policy: policy)
        return nil
    } catch {
        return "\(error)"
    }
}

private func ids(_ d: Dataset) -> [String] { d.items.map(\.id.description) }

private func sectionSummary(_ d: Dataset) -> [String] {
    d.sections.map { "\($0.id.jsonValue.briefDescription) \($0.range.lowerBound)..<\($0.range.upperBound)" }
}

@Suite("Dataset loader: errors")
struct DatasetLoaderErrorTests {
    @Test func filesAndFormats() throws {
        #expect(throws: DatasetError(file: "/nonexistent/tessera/photos.json", message: "expected a dataset file, found no such file")) {
            try DatasetLoader.load(path: "/nonexistent/tessera/photos.json")
        }
        #expect("\(DatasetError(file: "/nonexistent/photos.json", message: "expected a dataset file, found no such file"))"
                == "/nonexistent/photos.json: expected a dataset file, found no such file.")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-dir-\(UUID().uuidString).json").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(throws: DatasetError(file: dir, message: "expected a regular file, found a directory")) {
            try DatasetLoader.load(path: dir)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-dir-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: DatasetError(file: folder, message: "expected a .json, .jsonl or .csv file, found a directory")) {
            try DatasetLoader.load(path: folder)
        }
        #expect(loadError("photos.txt", "id\n1\n") == "photos.txt: expected a .json, .jsonl or .csv file, found the extension \".txt\".")
        #expect(loadError("photos", "id\n1\n") == "photos: expected a .json, .jsonl or .csv file, found no extension.")
        #expect(loadError("empty.json", "") == "empty.json: expected a JSON document, found an empty file.")
        #expect(loadError("blank.json", " \n\t\n") == "blank.json: expected a JSON document, found an empty file.")
        #expect(loadError("empty.csv", "") == "empty.csv: expected a header row, found an empty file.")
    }

    /// A JSON Lines file with no lines (empty, blank lines, a byte-order mark) is a dataset of no
    /// items, as `[]` is in a `.json` file; it was refused as "found an empty file".
    @Test func aJSONLinesFileWithNoLinesHasNoItems() throws {
        let array = try loadTemp("empty.json", "[]")
        for text in ["", "\n\n", " \r\n\t", "\u{FEFF}", "\u{FEFF}\n \r\n"] {
            let d = try loadTemp("empty.jsonl", text)
            #expect(d.count == 0 && d.items.isEmpty && d.metadata.isEmpty, "\(text.debugDescription)")
            #expect(d.sections == array.sections, "\(text.debugDescription)")
        }
    }

    /// A UTF-8 byte-order mark is no content: a JSON or CSV file of one (a spreadsheet's export of
    /// nothing), blank lines after it or not, is an empty file.
    @Test func aFileOfOnlyAByteOrderMarkIsEmpty() {
        #expect(loadError("bom.json", "\u{FEFF}") == "bom.json: expected a JSON document, found an empty file.")
        #expect(loadError("bom.csv", "\u{FEFF}") == "bom.csv: expected a header row, found an empty file.")
        #expect(loadError("bom.csv", "\u{FEFF}\r\n\n") == "bom.csv: expected a header row, found an empty file.")
    }

    /// A JSON Lines line of only a byte-order mark (the file's, or one of files joined, each with
    /// its own) is blank and skipped as any blank line is; it read "expected a JSON value, found
    /// end of input".
    @Test func aJSONLinesLineOfOnlyAByteOrderMarkIsBlank() throws {
        let d = try loadTemp("bom.jsonl", "\u{FEFF}\r\n{\"id\": 1}\n\u{FEFF} \n\u{FEFF}{\"id\": 2}\n")
        #expect(d.items == [Item(id: .int(1), fields: ["id": 1]), Item(id: .int(2), fields: ["id": 2])])
    }

    /// A byte-order mark is no column of the first line, as an editor shows none: these read one
    /// column to the right (1:16, 1:28, 1:8).
    @Test func aByteOrderMarkIsNoColumn() {
        #expect(loadError("bom.json", "\u{FEFF}{\"items\":[{\"id\":\"a\",\"w\":1,}]}")
                == "bom.json:1:27: expected a string key after ',' in an object, found '}'; JSON takes no comma before a closing ] or }: remove the comma.")
        #expect(loadError("bom.json", "\u{FEFF}{\"items\":[{\"id\":\"a\",\"w\":-1}]}")
                == "bom.json:1:25: items[0].w: expected a number from 0 to 1e7, found -1.")
        #expect(loadError("bom.jsonl", "\u{FEFF}{\"id\":\"a\",\"w\":-1,\"h\":1}\n")
                == "bom.jsonl:1:15: w: expected a number from 0 to 1e7, found -1.")
        #expect(loadError("bom.jsonl", "\u{FEFF}{\"id\":true}\n")
                == "bom.jsonl:1:7: id: expected a string or an integer, found true.")
    }

    @Test func invalidJSON() {
        #expect(loadError("bad.json", "{\"items\": [\n  {\"id\": 1}\n  {\"id\": 2}\n]}")
                == "bad.json:3:3: expected ',' or ']' after an array element, found '{'.")
        #expect(loadError("bad.json", "{\"items\": [{\"id\": 1, \"w\": NaN}]}")
                == "bad.json:1:27: expected a JSON value after ':', found 'NaN'; NaN and Infinity are not JSON (Python's json.dump writes them unless allow_nan=False): give a number.")
        #expect(loadError("bad.json", "{\"items\": [{\"id\": 1, \"id\": 2}]}")
                == "bad.json:1:22: expected unique keys in an object, found \"id\" twice.")
        #expect(loadError("bad.json", [0x5B, 0x22, 0xFF, 0x22, 0x5D])
                == "bad.json:1:3: expected valid UTF-8 text, found the byte 0xFF; the file is not UTF-8: convert it (iconv -f WINDOWS-1252 -t UTF-8, if it was saved as Latin-1 or Windows-1252).")
    }

    /// A UTF-16 file says what it is, in every format (it read "found the byte 0xFF" or, big-endian,
    /// "found U+0000").
    @Test(arguments: ["json", "jsonl", "csv"])
    func utf16IsNamed(format: String) {
        let little: [UInt8] = [0xFF, 0xFE] + "[{\"id\":\"a\"}]".utf8.flatMap { [$0, 0] }
        let big: [UInt8] = [0xFE, 0xFF] + "id\na\n".utf8.flatMap { [0, $0] }
        let advice = "byte-order mark; convert the file to UTF-8 (iconv -f UTF-16 -t UTF-8)."
        #expect(loadError("u16.\(format)", little) == "u16.\(format):1: expected UTF-8 text, found a UTF-16 (little-endian) \(advice)")
        #expect(loadError("u16.\(format)", big) == "u16.\(format):1: expected UTF-8 text, found a UTF-16 (big-endian) \(advice)")
    }

    @Test func wrongShapes() {
        #expect(loadError("top.json", "\"items\"")
                == "top.json: expected an object with \"items\" or \"sections\", or an array of items, at the top level, found \"items\".")
        #expect(loadError("top.json", "42")
                == "top.json: expected an object with \"items\" or \"sections\", or an array of items, at the top level, found 42.")
        #expect(loadError("top.json", #"{"source": "x", "count": 0}"#)
                == "top.json: expected an \"items\" or a \"sections\" array at the top level, found neither (its keys: \"source\", \"count\").")
        #expect(loadError("top.json", "{}") == "top.json: expected an \"items\" or a \"sections\" array at the top level, found neither.")
        #expect(loadError("top.json", #"{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6}"#)
                == "top.json: expected an \"items\" or a \"sections\" array at the top level, found neither (its keys: \"a\", \"b\", \"c\", \"d\", \"e\", ...).")
        #expect(loadError("sizes.json", #"{"a": [375, 218], "b": [375.5, 1e2]}"#)
                == "sizes.json: expected an \"items\" or a \"sections\" array at the top level, found neither (it maps ids to [w, h] sizes: a file of measured sizes, not a dataset).")
        #expect(loadError("top.json", #"{"a": [375, 218], "b": [1, 2, 3]}"#)
                == "top.json: expected an \"items\" or a \"sections\" array at the top level, found neither (its keys: \"a\", \"b\").")
        #expect(loadError("top.json", #"{"items": [], "sections": []}"#)
                == "top.json: expected either \"items\" or \"sections\" at the top level, found both.")
        #expect(loadError("top.json", #"{"items": {"id": 1}}"#)
                == "top.json:1:11: items: expected an array of items, found an object.")
        #expect(loadError("top.json", #"{"sections": {"id": 1}}"#)
                == "top.json:1:14: sections: expected an array of sections, found an object.")
        #expect(loadError("top.json", #"{"sections": [{"id": "a", "items": []}, [1]]}"#)
                == "top.json:1:41: sections[1]: expected a section object, found an array.")
        #expect(loadError("top.json", #"{"sections": [{"id": "a"}]}"#)
                == "top.json:1:15: sections[0]: expected an \"items\" array in the section, found none.")
        #expect(loadError("top.json", #"{"sections": [{"id": "a", "items": "none"}]}"#)
                == "top.json:1:36: sections[0].items: expected an array of items, found \"none\".")
        #expect(loadError("top.json", #"{"sections": [{"id": 1.5, "items": []}]}"#)
                == "top.json:1:22: sections[0].id: expected a string or an integer, found 1.5.")
    }

    @Test func badItems() {
        #expect(loadError("items.json", #"{"items": [{"id": 1}, 2]}"#)
                == "items.json:1:23: items[1]: expected an item object, found 2.")
        #expect(loadError("items.json", #"[{"id": 1}, null]"#)
                == "items.json:1:13: [1]: expected an item object, found null.")
        #expect(loadError("items.json", #"{"items": [{"id": 1}, {"w": 10, "h": 10}]}"#)
                == "items.json:1:23: items[1]: expected an \"id\" field (a string or an integer), found none.")
        #expect(loadError("items.json", #"{"items": [{"id": 1.5}]}"#)
                == "items.json:1:19: items[0].id: expected a string or an integer, found 1.5.")
        #expect(loadError("items.json", #"{"items": [{"id": true}]}"#)
                == "items.json:1:19: items[0].id: expected a string or an integer, found true.")
        #expect(loadError("items.json", #"{"items": [{"id": ["a"]}]}"#)
                == "items.json:1:19: items[0].id: expected a string or an integer, found an array.")
        #expect(loadError("items.json", #"{"sections": [{"id": "s", "items": [{"id": "a"}]}, {"id": "t", "items": [{"id": "b"}, {"id": "c", "w": -5}]}]}"#)
                == "items.json:1:104: sections[1].items[1].w: expected a number from 0 to 1e7, found -5.")
        #expect(loadError("items.json", #"{"items": [{"id": "a", "w": "12"}]}"#)
                == "items.json:1:29: items[0].w: expected a number from 0 to 1e7, found \"12\".")
        #expect(loadError("items.json", #"{"items": [{"id": "a", "height": null}]}"#)
                == "items.json:1:34: items[0].height: expected a number from 0 to 1e7, found null.")
        #expect(loadError("items.json", #"{"items": [{"id": "a", "width": -0.5}]}"#)
                == "items.json:1:33: items[0].width: expected a number from 0 to 1e7, found -0.5.")
        let long = String(repeating: "x", count: 100)
        #expect(loadError("items.json", "{\"items\": [{\"id\": \"a\", \"h\": \"\(long)\"}]}")
                == "items.json:1:29: items[0].h: expected a number from 0 to 1e7, found \"\(String(repeating: "x", count: 64))\"… (100 characters).")
    }

    /// A size past `Item.largestSize` is refused where it enters, in every form a dataset comes
    /// in, at its value's line (and column, in JSON): a 1e308 × 1e308 item came out 0 × 100 under
    /// `fit` in a 100-point box. The bound itself loads.
    @Test func sizesPastTheLargestAreRefusedInEveryForm() throws {
        #expect(Item.largestSize == 1e7 && Item.sizeRange == "from 0 to 1e7")
        #expect(loadError("big.json", "{\"items\": [{\"id\": \"a\", \"w\": 10},\n  {\"id\": \"b\", \"w\": 1e308, \"h\": 1e308}]}")
                == "big.json:2:20: items[1].w: expected a number from 0 to 1e7, found 1e308.")
        #expect(loadError("big.json", "[{\"id\": 1, \"h\": 10000000.5}]")
                == "big.json:1:17: [0].h: expected a number from 0 to 1e7, found 10000000.5.")
        #expect(loadError("big.json", "{\"sections\": [{\"items\": [{\"id\": 1, \"height\": 12345678901234567890}]}]}")
                == "big.json:1:46: sections[0].items[0].height: expected a number from 0 to 1e7, found 12345678901234567890.")
        #expect(loadError("big.jsonl", "{\"id\": 1, \"w\": 3}\n\n{\"id\": 2, \"width\": 2e7}\n")
                == "big.jsonl:3:20: width: expected a number from 0 to 1e7, found 2e7.")
        #expect(loadError("big.csv", "id,w,h\na,1,2\nb,1e308,1e308\n") == "big.csv:3: w: expected a number from 0 to 1e7, found 1e308.")
        #expect(loadError("big.csv", "id,h\na,\"10000001\"\n") == "big.csv:2: h: expected a number from 0 to 1e7, found 10000001.")
        // The first size problem in the order w, h, width, height, wherever it is in the item.
        #expect(loadError("big.json", "[{\"id\": 1, \"h\": 1e300, \"w\": -1}]")
                == "big.json:1:29: [0].w: expected a number from 0 to 1e7, found -1.")
        let edge = try loadTemp("edge.json", "[{\"id\": 1, \"w\": 1e7, \"h\": 10000000}, {\"id\": 2, \"w\": 0, \"h\": 0.5}]")
        #expect(edge.widths == [1e7, 0] && edge.heights == [1e7, 0.5])
        // Items built in code are held to the same bound.
        #expect(throws: DatasetError(file: "<memory>", path: "w", message: "expected a number from 0 to 1e7, found 1e+308")) {
            try Item(validating: "z", size: Size(width: 1e308, height: 1))
        }
        #expect(throws: DatasetError(file: "cards", path: "items[0].h", message: "expected a number from 0 to 1e7, found 20000000")) {
            try Dataset(validating: [Item(id: "n", fields: ["h": 20_000_000])], sourceName: "cards")
        }
    }

    @Test func duplicateIdsNameBothPositions() {
        #expect(loadError("dup.json", #"{"items": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "a"}]}"#)
                == "dup.json:1:58: items[3].id: expected a unique id (or a duplicate policy), found \"a\" again (first at items[0], line 1).")
        #expect(loadError("dup.json", #"[{"id": 5}, {"id": "5"}, {"id": 5}]"#)
                == "dup.json:1:33: [2].id: expected a unique id (or a duplicate policy), found 5 again (first at [0], line 1).")
        #expect(loadError("dup.json", #"{"sections": [{"id": "s", "items": [{"id": "x"}, {"id": "y"}]}, {"id": "t", "items": [{"id": "z"}, {"id": "y"}]}]}"#)
                == "dup.json:1:107: sections[1].items[1].id: expected a unique id (or a duplicate policy), found \"y\" again (first at sections[0].items[1], line 1).")
        #expect(loadError("dup.json", #"{"sections": [{"id": "s", "items": []}, {"id": "t", "items": []}, {"id": "s", "items": []}]}"#)
                == "dup.json:1:74: sections[2].id: expected a unique section id (or a duplicate policy), found \"s\" again (first at sections[0], line 1).")
        #expect(loadError("dup.jsonl", "{\"id\": \"a\"}\n{\"id\": \"b\"}\n\n{\"id\": \"a\"}\n")
                == "dup.jsonl:4:8: id: expected a unique id (or a duplicate policy), found \"a\" again (first on line 1).")
        #expect(loadError("dup.csv", "id,w\n7,1\n8,2\n7,3\n")
                == "dup.csv:4: id: expected a unique id (or a duplicate policy), found 7 again (first on line 2).")
    }

    /// A repeat is placed at its id's line and column, and its first by its line, as an invalid
    /// id is: found by walking the file again for the error (keys spelled with escapes, items
    /// on lines of their own, a section without an id placed at itself).
    @Test func repeatedIdsAreFoundByLineAndColumn() {
        #expect(loadError("dup.json", "{\"items\":[{\"id\":\"a\",\"w\":1,\"h\":2},\n{\"id\":\"a\",\"w\":1,\"h\":2}]}\n")
                == "dup.json:2:7: items[1].id: expected a unique id (or a duplicate policy), found \"a\" again (first at items[0], line 1).")
        #expect(loadError("dup.json", "\u{FEFF}[{\"id\": 1},\r\n {\"id\": 2},\r\n {\"id\": 1}]")
                == "dup.json:3:9: [2].id: expected a unique id (or a duplicate policy), found 1 again (first at [0], line 1).")
        let sectioned = """
            {"sections": [
              {"id": "s", "items": [
                {"id": "a"},
                {"w": 1, "\\u0069d": "b"}
              ]},
              {"id": "t", "items": [{"id": "c"}, {"h": 2,
                 "id": "b"}]}
            ]}
            """
        #expect(loadError("dup.json", sectioned)
                == "dup.json:7:12: sections[1].items[1].id: expected a unique id (or a duplicate policy), found \"b\" again (first at sections[0].items[1], line 4).")
        #expect(loadError("dup.json", "{\"sections\": [{\"id\": \"s\", \"items\": []},\n  {\"items\": []},\n  {\"id\": 1, \"items\": []}]}")
                == "dup.json:3:10: sections[2].id: expected a unique section id (or a duplicate policy), found 1 again (first at sections[1], line 2).")
        #expect(loadError("dup.jsonl", "{\"id\": \"a\"}\n\n  {\"w\": 1, \"id\": \"a\"}\n")
                == "dup.jsonl:3:18: id: expected a unique id (or a duplicate policy), found \"a\" again (first on line 1).")
        // CSV errors give lines only: a record's is the line it starts on.
        #expect(loadError("dup.csv", "id,title\na,\"two\nlines\"\nb,x\na,y\n")
                == "dup.csv:5: id: expected a unique id (or a duplicate policy), found \"a\" again (first on line 2).")
    }

    /// Ids are Swift strings, equal under canonical equivalence as everywhere else (the diff's
    /// snapshots, the engine, `t.diff`): "café" written precomposed and decomposed is one id, a
    /// duplicate the loader names, not one the diff finds later.
    @Test func canonicallyEquivalentIdsAreOneId() throws {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        #expect(composed == decomposed && Array(composed.utf8) != Array(decomposed.utf8))
        #expect(loadError("nfd.json", #"{"items": [{"id": "caf\u00e9"}, {"id": "b"}, {"id": "cafe\u0301"}]}"#)
                == "nfd.json:1:53: items[2].id: expected a unique id (or a duplicate policy), found \"\(decomposed)\" again (first at items[0], line 1).")
        #expect(loadError("nfd.json", #"{"sections": [{"id": "\u00c5", "items": []}, {"id": "A\u030a", "items": []}]}"#)
                == "nfd.json:1:53: sections[1].id: expected a unique section id (or a duplicate policy), found \"A\u{30A}\" again (first at sections[0], line 1).")
        #expect(loadError("nfd.jsonl", "{\"id\": \"\(composed)\"}\n{\"id\": \"\(decomposed)\"}\n")
                == "nfd.jsonl:2:8: id: expected a unique id (or a duplicate policy), found \"\(decomposed)\" again (first on line 1).")
        // Ids whose bytes differ and that are not equivalent stay distinct (the same hash is not
        // the same id): a 4-byte emoji, its neighbour, and an ASCII id.
        let fine = try loadTemp("fine.json", #"{"items": [{"id": "\u00e9"}, {"id": "e"}, {"id": "😀"}, {"id": "😁"}]}"#)
        #expect(fine.count == 4)
        // Under pairInOrder the two spellings load and pair as repeats.
        let paired = try loadTemp("nfd.json", #"[{"id": "caf\u00e9"}, {"id": "cafe\u0301"}]"#, policy: .pairInOrder)
        #expect(paired.count == 2)
    }

    /// The usual slips get their fix after the sentence.
    @Test func aFormatOrEncodingSlipGetsItsFix() {
        #expect(loadError("lines.json", "{\"id\": 1}\n{\"id\": 2}\n")
                == "lines.json:2:1: expected the end of input after the top-level value, found '{'; one JSON object per line is JSON Lines: name the file .jsonl.")
        #expect(loadError("table.json", "id,w,h\na,1,2\n")
                == "table.json:1:1: expected a JSON value, found 'id'; a first line of comma-separated names reads as CSV: name the file .csv.")
        #expect(loadError("word.json", "id\n") == "word.json:1:1: expected a JSON value, found 'id'.")
        #expect(loadError("two.json", "[1] [2]") == "two.json:1:5: expected the end of input after the top-level value, found '['.")
        #expect(loadError("latin1.json", [0x5B, 0x22, 0x63, 0x61, 0x66, 0xE9, 0x22, 0x5D])
                == "latin1.json:1:6: expected valid UTF-8 text, found the byte 0xE9; the file is not UTF-8: convert it (iconv -f WINDOWS-1252 -t UTF-8, if it was saved as Latin-1 or Windows-1252).")
        #expect(loadError("latin1.jsonl", [0x7B, 0x22, 0x69, 0x64, 0x22, 0x3A, 0x22, 0xE9, 0x22, 0x7D])
                == "latin1.jsonl:1:8: expected valid UTF-8 text, found the byte 0xE9; the file is not UTF-8: convert it (iconv -f WINDOWS-1252 -t UTF-8, if it was saved as Latin-1 or Windows-1252).")
        #expect(loadError("comma.json", "{\"items\": [{\"id\": \"a\"},]}")
                == "comma.json:1:24: expected a JSON value after ',' in an array, found ']'; JSON takes no comma before a closing ] or }: remove the comma.")
        // A ']' that closes no array: no comma to remove.
        #expect(loadError("bracket.json", "{\"items\": [{\"id\": \"a\",]}")
                == "bracket.json:1:23: expected a string key after ',' in an object, found ']'.")
    }

    /// Python's json.dump writes NaN, Infinity and -Infinity unless told not to: the sentence
    /// names the word where a value was expected, and the note says what writes them.
    @Test func nanAndInfinityGetTheirFix() {
        let note = "; NaN and Infinity are not JSON (Python's json.dump writes them unless allow_nan=False): give a number."
        #expect(loadError("nan.json", "[{\"id\": \"a\", \"w\": NaN}]")
                == "nan.json:1:19: expected a JSON value after ':', found 'NaN'" + note)
        #expect(loadError("inf.json", "{\"items\": [{\"id\": \"a\", \"h\": Infinity}]}")
                == "inf.json:1:29: expected a JSON value after ':', found 'Infinity'" + note)
        #expect(loadError("minus.json", "[{\"id\": \"a\", \"w\": -Infinity}]")
                == "minus.json:1:19: expected a JSON value after ':', found '-Infinity'" + note)
        #expect(loadError("scores.json", "[{\"id\": \"a\", \"scores\": [1, -Infinity]}]")
                == "scores.json:1:28: expected a JSON value after ',' in an array, found '-Infinity'" + note)
        #expect(loadError("nan.jsonl", "{\"id\": 1}\n{\"id\": 2, \"score\": NaN}\n")
                == "nan.jsonl:2:20: expected a JSON value after ':', found 'NaN'" + note)
        // Other words and a bare '-' keep their plain sentence.
        #expect(loadError("nil.json", "[{\"id\": \"a\", \"w\": nil}]")
                == "nil.json:1:19: expected a JSON value after ':', found 'nil'.")
        #expect(loadError("minus.json", "[{\"id\": \"a\", \"w\": -Inf}]")
                == "minus.json:1:20: expected a digit after '-', found 'Inf'.")
    }

    @Test func jsonLinesErrors() {
        #expect(loadError("bad.jsonl", "{\"id\": 1}\n{\"id\": 2,}\n")
                == "bad.jsonl:2:10: expected a string key after ',' in an object, found '}'; JSON takes no comma before a closing ] or }: remove the comma.")
        #expect(loadError("bad.jsonl", "{\"id\": 1}\r\n\r\n[1, 2]\r\n")
                == "bad.jsonl:3: expected an item object, found an array.")
        #expect(loadError("bad.jsonl", "{\"id\": 1}\n{\"name\": \"x\"}\n")
                == "bad.jsonl:2: expected an \"id\" field (a string or an integer), found none.")
        #expect(loadError("bad.jsonl", "{\"id\": {\"a\": 1}}\n")
                == "bad.jsonl:1:8: id: expected a string or an integer, found an object.")
        #expect(loadError("bad.jsonl", "{\"id\": 1, \"w\": \"wide\"}\n")
                == "bad.jsonl:1:16: w: expected a number from 0 to 1e7, found \"wide\".")
        #expect(loadError("bad.jsonl", "{\"id\": 1, \"h\": -1}\n")
                == "bad.jsonl:1:16: h: expected a number from 0 to 1e7, found -1.")
        #expect(loadError("bad.jsonl", "{\"id\": 1, \"section\": \"a\"}\n{\"id\": 2}\n")
                == "bad.jsonl:2: expected a \"section\" field (line 1 has one), found none.")
        #expect(loadError("bad.jsonl", "{\"id\": 1}\n{\"id\": 2, \"section\": \"a\"}\n")
                == "bad.jsonl:2: section: expected no \"section\" field (line 1 has none), found \"a\".")
        #expect(loadError("bad.jsonl", "{\"id\": 1, \"section\": [1]}\n")
                == "bad.jsonl:1: section: expected a string or an integer, found an array.")
        #expect(loadError("bad.jsonl", "{\"id\": 1,\n\"w\": 2}\n")
                == "bad.jsonl:1:10: expected a string key after ',' in an object, found end of input.")
        // A file cut off inside a string: the opening quote's line counts from the file's start too.
        #expect(loadError("bad.jsonl", "{\"id\": 1}\n\n{\"id\": 2, \"t\": \"x")
                == "bad.jsonl:3:18: expected a closing '\"' for the string that starts at line 3, column 16, found end of input.")
    }

    /// Field names, keys and cells are shown as ids are: quoted as JSON, and a long one cut
    /// after 64 characters with its length outside the quotes.
    @Test func longNamesAndCellsAreCutAsIdsAre() {
        let long = String(repeating: "k", count: 100), shown = "\"" + String(repeating: "k", count: 64) + "\"… (100 characters)"
        #expect(loadError("bad.csv", "id,\(long),\(long)\n") == "bad.csv:1: expected unique column names, found \(shown) twice.")
        #expect(loadError("bad.csv", "\(long),w\n") == "bad.csv:1: expected an \"id\" column in the header, found \(shown), \"w\".")
        #expect(loadError("bad.csv", "id,w\na,\(long)\n") == "bad.csv:2: w: expected a number from 0 to 1e7, found \(shown).")
        #expect(loadError("bad.json", "{\"items\": [{\"id\": 1, \"\(long)\": 1, \"\(long)\": 2}]}")
                == "bad.json:1:129: expected unique keys in an object, found \(shown) twice.")
        #expect(loadError("bad.json", "[1\(String(repeating: "0", count: 400))]")
                == "bad.json:1:2: expected a number within the range of a double, found 1\(String(repeating: "0", count: 63))… (401 characters).")
    }

    @Test func csvErrors() {
        #expect(loadError("bad.csv", "id,w,h\na,1,2\nb,3\n") == "bad.csv:3: expected 3 cells as in the header, found 2.")
        #expect(loadError("bad.csv", "id,w,h\na,1,2,3\n") == "bad.csv:2: expected 3 cells as in the header, found 4.")
        #expect(loadError("bad.csv", "name,w\nx,1\n") == "bad.csv:1: expected an \"id\" column in the header, found \"name\", \"w\".")
        #expect(loadError("bad.csv", "id,w,w\n") == "bad.csv:1: expected unique column names, found \"w\" twice.")
        #expect(loadError("bad.csv", "id,,h\n") == "bad.csv:1: expected a name for column 2, found an empty cell.")
        #expect(loadError("bad.csv", "id,w\n,1\n") == "bad.csv:2: id: expected a string or an integer, found an empty cell.")
        #expect(loadError("bad.csv", "id,w\na,-3\n") == "bad.csv:2: w: expected a number from 0 to 1e7, found -3.")
        #expect(loadError("bad.csv", "id,w\na,wide\n") == "bad.csv:2: w: expected a number from 0 to 1e7, found \"wide\".")
        #expect(loadError("bad.csv", "id,w\na,NaN\n") == "bad.csv:2: w: expected a number from 0 to 1e7, found NaN.")
        #expect(loadError("bad.csv", "id,h\na,inf\n") == "bad.csv:2: h: expected a number from 0 to 1e7, found inf.")
        #expect(loadError("bad.csv", "id,height\na,-Infinity\n") == "bad.csv:2: height: expected a number from 0 to 1e7, found -Infinity.")
        #expect(loadError("bad.csv", "id,w\na,1e999\n") == "bad.csv:2: w: expected a number from 0 to 1e7, found 1e999.")
        #expect(loadError("bad.csv", "id,w\na, 12\n") == "bad.csv:2: w: expected a number from 0 to 1e7, found \" 12\".")
        #expect(loadError("bad.csv", "id,section\na,\n") == "bad.csv:2: section: expected a string or an integer, found an empty cell.")
        #expect(loadError("bad.csv", "id,title\na,\"unclosed\nb,x\n") == "bad.csv:2: expected a closing '\"' for the quoted cell that starts on this line, found end of input.")
        #expect(loadError("bad.csv", "id,title\na,\"quoted\"x\n") == "bad.csv:2: expected ',' or a line break after a closing '\"', found 'x'.")
        #expect(loadError("bad.csv", "id,title\na,say \"hi\"\n") == "bad.csv:2: expected '\"' only around a whole cell, found one inside the unquoted cell \"say \\\"\".")
        #expect(loadError("bad.csv", "id,title\n\"a\",\"two\nlines\"\nb\n") == "bad.csv:4: expected 2 cells as in the header, found 1.")
        #expect(loadError("bad.csv", [0x69, 0x64, 0x0A, 0x61, 0xFF, 0x0A]) == "bad.csv:2: expected UTF-8 text, found the byte 0xFF; the file is not UTF-8: convert it (iconv -f WINDOWS-1252 -t UTF-8, if it was saved as Latin-1 or Windows-1252).")
    }

    /// Rows are read into the columns one at a time, so the first error in the file is the one
    /// reported, as in the other formats (the whole file was split into rows first, and an open
    /// quote further down was reported before a bad cell above it).
    @Test func csvErrorsComeInFileOrder() {
        #expect(loadError("bad.csv", "id,w\na,-1\nb,\"unclosed\n")
                == "bad.csv:2: w: expected a number from 0 to 1e7, found -1.")
        #expect(loadError("bad.csv", "id,w,w\na,\"unclosed\n") == "bad.csv:1: expected unique column names, found \"w\" twice.")
    }
}

@Suite("Dataset loader: formats")
struct DatasetLoaderFormatTests {
    @Test func jsonItemsWithMetadata() throws {
        let d = try loadTemp("items.json", #"""
        {"source": "made up", "items": [
          {"id": "a", "w": 120, "h": 140.35, "text": "Hello", "tags": ["x", "y"], "meta": {"k": null}},
          {"id": 7, "height": 44},
          {"id": "c", "width": 10.5}
        ], "licence": "CC0", "count": 3}
        """#)
        #expect(d.sourceName.hasSuffix("/items.json"))
        #expect(d.metadata == ["source": "made up", "licence": "CC0", "count": 3])
        #expect(d.items.map(\.id) == [.string("a"), .int(7), .string("c")])
        #expect(d.items[0].fields == ["id": "a", "w": 120, "h": 140.35, "text": "Hello", "tags": ["x", "y"], "meta": ["k": nil]])
        #expect(Array(d.items[0].fields.keys) == ["id", "w", "h", "text", "tags", "meta"])
        #expect(d.items[1].fields == ["id": 7, "height": 44])
        #expect(d.items[0].text == "Hello")
        #expect(d.widths[0] == 120 && d.heights[0] == 140.35)
        #expect(d.widths[1].isNaN && d.heights[1] == 44)      // only a height: allowed
        #expect(d.widths[2] == 10.5 && d.heights[2].isNaN)
        #expect(d.sections == [Dataset.Section(id: .int(0), range: 0..<3)])
    }

    @Test func jsonBareArray() throws {
        let d = try loadTemp("bare.json", #"[{"id": 1, "w": 1, "h": 2}, {"id": 2}]"#)
        #expect(d.items == [Item(id: .int(1), fields: ["id": 1, "w": 1, "h": 2]), Item(id: .int(2), fields: ["id": 2])])
        #expect(d.metadata.isEmpty)
        #expect(d.sections.count == 1 && d.sections[0].range == 0..<2)
    }

    @Test func jsonSections() throws {
        let d = try loadTemp("sections.json", #"""
        {"count": 4, "sections": [
          {"id": "animals", "title": "Animals", "items": [{"id": "frog", "w": 171, "h": 200}, {"id": "cat"}]},
          {"title": "Untitled", "items": []},
          {"id": 9, "items": [{"id": "car", "text": "A car."}, {"id": 3}]}
        ]}
        """#)
        #expect(d.metadata == ["count": 4])
        #expect(ids(d) == ["frog", "cat", "car", "3"])
        #expect(d.sections == [
            Dataset.Section(id: .string("animals"), fields: ["title": "Animals"], range: 0..<2),
            Dataset.Section(id: .int(1), fields: ["title": "Untitled"], range: 2..<2),  // no id: its index
            Dataset.Section(id: .int(9), range: 2..<4),
        ])
        #expect(d.sectionIndex(containing: 2) == 2)
        #expect(d.items[2].fields == ["id": "car", "text": "A car."])
    }

    /// The expected content of datasets/examples/photos.{jsonl,csv}, in loaded (grouped) order.
    private static let photoIDs = ["p01", "p03", "p07", "p10", "p02", "p05", "p08", "p11", "p04", "p06", "p09", "p12"]

    private func checkPhotos(_ d: Dataset) {
        #expect(ids(d) == Self.photoIDs)
        #expect(sectionSummary(d) == ["\"beach\" 0..<4", "\"city\" 4..<8", "\"forest\" 8..<12"])
        #expect(d.sections.allSatisfy { $0.fields.isEmpty })
        #expect(d.items[0].fields == ["id": "p01", "section": "beach", "w": 4000, "h": 3000, "title": "Low tide", "rating": 4])
        #expect(d.items[3].fields == ["id": "p10", "section": "beach", "w": 5000, "h": 2500, "title": "Dunes, after \"the\" rain", "rating": 4])
        #expect(d.items[4].fields == ["id": "p02", "section": "city", "w": 3000, "h": 4000, "title": "Night market, Taipei", "rating": 5])
        #expect(d.items[5].fields["rating"] == .double(2.5))
        #expect(d.items[7].fields["title"] == "Café terrace")
        #expect(d.items[10].fields["rating"] == .double(4.5))
        #expect(d.widths[6].isNaN && d.heights[6] == 800)  // p08: only a height
        #expect(d.items[6].fields.keys.contains("w") == false)
    }

    @Test func jsonLinesExample() throws {
        let d = try DatasetLoader.load(path: datasetsFolder + "/examples/photos.jsonl")
        checkPhotos(d)
        #expect(d.items[6].fields == ["id": "p08", "section": "city", "h": 800, "title": "Panorama strip", "rating": 3])
    }

    @Test func csvExample() throws {
        let d = try DatasetLoader.load(path: datasetsFolder + "/examples/photos.csv")
        checkPhotos(d)
        // CSV keeps column order; the empty `w` cell means "no width".
        #expect(d.items[6].fields == ["id": "p08", "section": "city", "h": 800, "title": "Panorama strip", "rating": 3])
        let jsonl = try DatasetLoader.load(path: datasetsFolder + "/examples/photos.jsonl")
        #expect(d.items == jsonl.items)
        #expect(d.sections == jsonl.sections)
    }

    @Test func jsonLinesWithoutSections() throws {
        let d = try loadTemp("flat.jsonl", "\u{FEFF}{\"id\": 3, \"w\": 1.5}\r\n   \n{\"id\": \"x\", \"text\": \"a\\nb\", \"n\": [1, {\"k\": false}]}")
        #expect(d.items == [Item(id: .int(3), fields: ["id": 3, "w": 1.5]),
                            Item(id: .string("x"), fields: ["id": "x", "text": "a\nb", "n": [1, ["k": false]]])])
        #expect(d.sections == [Dataset.Section(id: .int(0), range: 0..<2)])
        #expect(d.metadata.isEmpty)
    }

    @Test func jsonLinesIntegerSections() throws {
        let d = try loadTemp("s.jsonl", "{\"id\": 1, \"section\": 2}\n{\"id\": 2, \"section\": 1}\n{\"id\": 3, \"section\": 2}\n")
        #expect(ids(d) == ["1", "3", "2"])
        #expect(sectionSummary(d) == ["2 0..<2", "1 2..<3"])
    }

    @Test func sectionedLinesAndCSVGroupInFirstSeenOrder() throws {
        // Each section's rows together (the columns stay as read) and apart (the items reordered).
        let together = try loadTemp("t.csv", "id,section,w\na,x,1\nb,x,2\nc,y,3\n")
        #expect(ids(together) == ["a", "b", "c"])
        #expect(sectionSummary(together) == ["\"x\" 0..<2", "\"y\" 2..<3"])
        #expect(together.items[2].fields == ["id": "c", "section": "y", "w": 3])
        #expect(together.items[2].intrinsicWidth == 3)
        let apart = try loadTemp("a.csv", "id,section,w\na,x,1\nc,y,3\nb,x,2\n")
        #expect(apart.items == together.items && apart.sections == together.sections)
        let lines = try loadTemp("a.jsonl", "{\"id\": \"a\", \"section\": \"x\", \"w\": 1}\n{\"id\": \"c\", \"section\": \"y\", \"w\": 3}\n"
                                 + "{\"id\": \"b\", \"section\": \"x\", \"w\": 2}\n")
        #expect(lines.items == together.items && lines.sections == together.sections)
        // A duplicate id in a sectioned file, suffixed in file order before grouping.
        let suffixed = try loadTemp("dup.csv", "id,section\na,x\na,y\na,x\n", policy: .suffix)
        #expect(ids(suffixed) == ["a", "a(2)", "a(1)"])
        #expect(suffixed.items[1].fields == ["id": "a(2)", "section": "x"])
        #expect(sectionSummary(suffixed) == ["\"x\" 0..<2", "\"y\" 2..<3"])
    }

    @Test func csvCellsAndQuoting() throws {
        let csv = "\u{FEFF}id,w,h,caption,code,ratio,note\n"
            + "1,10,20,\"Hello, \"\"world\"\"\",007,0.5,\n"
            + "\n"
            + "two,,5,\"multi\nline\",-0,1e3,x\r\n"
            + "3,1.25,,plain,12,-2.5,\"\""
        let d = try loadTemp("cells.csv", csv)
        #expect(d.items == [
            Item(id: .int(1), fields: ["id": 1, "w": 10, "h": 20, "caption": "Hello, \"world\"", "code": "007", "ratio": 0.5, "note": ""]),
            Item(id: .string("two"), fields: ["id": "two", "h": 5, "caption": "multi\nline", "code": 0, "ratio": 1000.0, "note": "x"]),
            Item(id: .int(3), fields: ["id": 3, "w": 1.25, "caption": "plain", "code": 12, "ratio": -2.5, "note": ""]),
        ])
        #expect(d.sections.count == 1)
        // Line numbers after a quoted line break still match the file.
        #expect(loadError("cells.csv", csv + "\n4,1\n") == "cells.csv:7: expected 7 cells as in the header, found 2.")
    }

    /// A quoted cell is text (RFC 4180 quoting, as a spreadsheet writes a text cell that reads
    /// as a number): `"1"` is the id "1", beside the integer id 1, and `"007"`, `"2"` stay
    /// strings; a size column takes a quoted number as the number.
    @Test func quotedCellsAreText() throws {
        let d = try loadTemp("q.csv", "id,section,w,h,code,title\n\"1\",\"5\",\"3\",4,\"2\",\"007\"\n1,5,,\"\",2,007\n")
        #expect(d.items.map(\.id) == [.string("1"), .int(1)])
        #expect(d.items.map(\.fields) == [["id": "1", "section": "5", "w": 3, "h": 4, "code": "2", "title": "007"],
                                          ["id": 1, "section": 5, "code": 2, "title": "007"]])
        #expect(sectionSummary(d) == ["\"5\" 0..<1", "5 1..<2"])
        #expect(loadError("q.csv", "id\n\"7\"\n\"7\"\n") == "q.csv:3: id: expected a unique id (or a duplicate policy), found \"7\" again (first on line 2).")
        #expect(loadError("q.csv", "id,w\na,\"wide\"\n") == "q.csv:2: w: expected a number from 0 to 1e7, found \"wide\".")
    }

    @Test func csvHeaderOnlyIsAnEmptyDataset() throws {
        let d = try loadTemp("h.csv", "id,w,h\n")
        #expect(d.count == 0)
        #expect(d.sections == [Dataset.Section(id: .int(0), range: 0..<0)])
    }

    @Test func csvFieldsAreNumbersOnlyWhenTheyReadAsJSONNumbers() {
        #expect(DatasetLoader.csvNumber("12") == .int(12))
        #expect(DatasetLoader.csvNumber("-4.5") == .double(-4.5))
        #expect(DatasetLoader.csvNumber("2E2") == .double(200))
        #expect(DatasetLoader.csvNumber("007") == nil)
        #expect(DatasetLoader.csvNumber("+1") == nil)
        #expect(DatasetLoader.csvNumber(" 1") == nil)
        #expect(DatasetLoader.csvNumber("1 ") == nil)
        #expect(DatasetLoader.csvNumber("1.") == nil)
        #expect(DatasetLoader.csvNumber("NaN") == nil)
        #expect(DatasetLoader.csvNumber("1e999") == nil)
        #expect(DatasetLoader.csvNumber("") == nil)
    }

    @Test func formatsByExtension() {
        #expect(DatasetFormat(fileName: "a/b.JSON") == .json)
        #expect(DatasetFormat(fileName: "x.jsonl") == .jsonLines)
        #expect(DatasetFormat(fileName: "x.ndjson") == .jsonLines)
        #expect(DatasetFormat(fileName: "x.csv") == .csv)
        #expect(DatasetFormat(fileName: "x.tsv") == nil)
        #expect(DatasetFormat(fileName: "dir.json/file") == nil)
        #expect(DatasetFormat(fileName: ".json") == nil)
    }

    @Test func parseFromMemory() throws {
        let d = try DatasetLoader.parse(text: "id,w\na,1\n", fileName: "<memory>", format: .csv)
        #expect(d.sourceName == "<memory>")
        #expect(d.items == [Item(id: .string("a"), fields: ["id": "a", "w": 1])])
        #expect(throws: DatasetError(file: "<stdin>", line: 1, column: 16, path: "w", message: "expected a number from 0 to 1e7, found true")) {
            try DatasetLoader.parse(data: Array(#"{"id": 1, "w": true}"#.utf8), fileName: "<stdin>", format: .jsonLines)
        }
    }

    /// Text held in memory with a file name is read as that file is loaded: the format from the
    /// name's extension, and the same error, naming it, as loading the file gives.
    @Test func parseFromMemoryTakesTheFormatFromTheFileName() throws {
        let lines = "{\"id\": \"a\", \"w\": 10, \"section\": \"x\"}\n{\"id\": 2, \"h\": 5, \"section\": \"y\"}\n"
        let parsed = try DatasetLoader.parse(text: lines, fileName: "feed.ndjson")
        #expect(parsed.sourceName == "feed.ndjson")
        #expect(parsed.items.map(\.id) == [.string("a"), .int(2)])
        #expect(parsed.sections.map(\.id) == [.string("x"), .string("y")])
        #expect(try parsed.items == loadTemp("feed.ndjson", lines).items)
        #expect(try DatasetLoader.parse(data: Array("id,w\nb,3\n".utf8), fileName: "t.CSV").items
                == [Item(id: .string("b"), fields: ["id": "b", "w": 3])])

        let negative = #"[{"id": 1, "w": -3}]"#
        let refused = DatasetError(file: "feed.json", line: 1, column: 17, path: "[0].w", message: "expected a number from 0 to 1e7, found -3")
        #expect(refused.description == "feed.json:1:17: [0].w: expected a number from 0 to 1e7, found -3.")
        #expect(throws: refused) { try DatasetLoader.parse(text: negative, fileName: "feed.json") }
        #expect(throws: refused) { try loadTemp("feed.json", negative) }

        for (name, found) in [("feed.txt", "the extension \".txt\""), ("feed", "no extension")] {
            let unknown = DatasetError(file: name, message: "expected a .json, .jsonl or .csv file, found \(found)")
            #expect(throws: unknown) { try DatasetLoader.parse(text: negative, fileName: name) }
            #expect(throws: unknown) { try loadTemp(name, negative) }
        }
        #expect(throws: DatasetError(file: "e.csv", message: "expected a header row, found an empty file")) {
            try DatasetLoader.parse(text: " \n", fileName: "e.csv")
        }
    }
}

@Suite("Dataset loader: duplicate policies")
struct DuplicatePolicyTests {
    let json = #"{"sections": [{"id": "s", "items": [{"id": "a"}, {"id": 5}, {"id": "a"}]}, {"id": "s", "items": [{"id": "a(1)"}, {"id": 5}, {"id": "a"}]}]}"#

    @Test func pairInOrderKeepsDuplicates() throws {
        let d = try loadTemp("dup.json", json, policy: .pairInOrder)
        #expect(d.items.map(\.id) == [.string("a"), .int(5), .string("a"), .string("a(1)"), .int(5), .string("a")])
        #expect(d.sections.map(\.id) == [.string("s"), .string("s")])
    }

    @Test func suffixRenamesRepeatsInOrder() throws {
        let d = try loadTemp("dup.json", json, policy: .suffix)
        // "a(1)" is already in the file, so the repeats of "a" become a(2) and a(3); integer 5 becomes "5(1)".
        #expect(d.items.map(\.id) == [.string("a"), .int(5), .string("a(2)"), .string("a(1)"), .string("5(1)"), .string("a(3)")])
        #expect(d.items[2].fields["id"] == "a(2)")
        #expect(d.items[4].fields == ["id": "5(1)"])
        #expect(d.sections.map(\.id) == [.string("s"), .string("s(1)")])
        #expect(d.sections.map(\.range) == [0..<3, 3..<6])
    }

    @Test func suffixInJSONLinesFollowsFileOrderBeforeGrouping() throws {
        let text = "{\"id\": \"x\", \"section\": \"b\"}\n{\"id\": \"x\", \"section\": \"a\"}\n{\"id\": \"x\", \"section\": \"b\"}\n"
        let d = try loadTemp("dup.jsonl", text, policy: .suffix)
        #expect(ids(d) == ["x", "x(2)", "x(1)"])
        #expect(sectionSummary(d) == ["\"b\" 0..<2", "\"a\" 2..<3"])
        #expect(loadError("dup.jsonl", text) == "dup.jsonl:2:8: id: expected a unique id (or a duplicate policy), found \"x\" again (first on line 1).")
    }

    @Test func suffixInCSV() throws {
        let d = try loadTemp("dup.csv", "id\n1\n1\n1\n", policy: .suffix)
        #expect(d.items.map(\.id) == [.int(1), .string("1(1)"), .string("1(2)")])
    }
}

@Suite("Dataset loader: real datasets")
struct RealDatasetTests {
    /// Every `.json` file in datasets/ (the five the demo and tests need, and any added later).
    static let realDatasets: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: datasetsFolder)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    @Test func theDemoDatasetsArePresent() {
        for name in ["tuxpaint-stamps.json", "images-wallpapers.json", "images-gimp-help.json",
                     "debian-bookworm-games.json", "appstream-screenshots-bookworm.json"] {
            #expect(Self.realDatasets.contains(name), "datasets/\(name) is missing")
        }
    }

    @Test(arguments: realDatasets)
    func loadsWithTheAdvertisedCount(_ name: String) throws {
        let d = try DatasetLoader.load(path: datasetsFolder + "/" + name)
        #expect(d.metadata["count"] == .int(d.count))
        #expect(d.metadata["source"]?.string?.isEmpty == false)
        #expect(d.metadata["licence"]?.string?.isEmpty == false)
        #expect(d.checkInvariants())
        #expect(Set(d.items.map(\.id)).count == d.count)
        // Every JSON field of every item reaches Item.fields unchanged: compare with a plain parse.
        let raw = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: datasetsFolder + "/" + name))))
        let rawItems: [JSONValue]
        if case .array(let sections)? = raw["sections"] {
            rawItems = sections.flatMap { s -> [JSONValue] in
                if case .array(let a)? = s["items"] { return a } else { return [] }
            }
            #expect(d.sections.count == sections.count)
            #expect(d.sections.map(\.id.jsonValue) == sections.map { $0["id"]! })
        } else if case .array(let a)? = raw["items"] {
            rawItems = a
        } else {
            rawItems = []
        }
        #expect(d.items.map { JSONValue.object($0.fields) } == rawItems)
        // The writer reproduces what it read (exactly, when integral doubles such as the stamps'
        // `600.0` keep their fraction).
        #expect(try JSONParser.parse(JSONWriter.write(raw, options: JSONWriter.Options(integralDoublesAsIntegers: false))) == raw)
        #expect(try JSONParser.parse(JSONWriter.write(raw, options: JSONWriter.Options(pretty: true, integralDoublesAsIntegers: false))) == raw)
    }

    @Test func knownCountsAndSections() throws {
        let stamps = try DatasetLoader.load(path: datasetsFolder + "/tuxpaint-stamps.json")
        #expect(stamps.count == 961 && stamps.sections.count == 16)
        #expect(stamps.sections[0].id == .string("animals") && stamps.sections[0].fields == ["title": "Animals"])
        #expect(stamps.items[0].fields == ["id": "animals/amphibians/frog-1", "w": 171, "h": 200, "format": "png",
                                           "subcategory": "amphibians", "text": "A frog."])
        let screenshots = try DatasetLoader.load(path: datasetsFolder + "/appstream-screenshots-bookworm.json")
        #expect(screenshots.count == 1466 && screenshots.sections.count == 1)
        let games = try DatasetLoader.load(path: datasetsFolder + "/debian-bookworm-games.json")
        #expect(games.count == 1108 && games.items[0].id == .string("auralquiz"))
    }
}

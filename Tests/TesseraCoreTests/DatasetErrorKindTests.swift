import Foundation
import Testing
import TesseraCore

/// A repeated id is a `DatasetError` of kind `.repeatedID`, whatever the format and whether the
/// id is an item's or a section's; a file over the size limit is `.tooLarge`; every other dataset
/// problem is `.other`, a repeat that is no id (a CSV column named twice, a JSON key twice)
/// included. Read through the public API only.
@Suite struct DatasetErrorKindTests {
    private func error(_ text: String, _ format: DatasetFormat, policy: DuplicatePolicy = .reject) -> DatasetError? {
        do {
            _ = try DatasetLoader.parse(text: text, fileName: "d." + format.rawValue, format: format, duplicatePolicy: policy)
            return nil
        } catch {
            return error as? DatasetError
        }
    }

    @Test func aRepeatedIdIsOfKindRepeatedID() throws {
        let repeats: [(String, DatasetFormat, String)] = [
            (#"{"items": [{"id": "a"}, {"id": "a"}]}"#, .json,
             #"d.json:1:32: items[1].id: expected a unique id (or a duplicate policy), found "a" again (first at items[0], line 1)."#),
            (#"{"sections": [{"id": "s", "items": []}, {"id": "s", "items": []}]}"#, .json,
             #"d.json:1:48: sections[1].id: expected a unique section id (or a duplicate policy), found "s" again (first at sections[0], line 1)."#),
            ("{\"id\": 1}\n{\"id\": 1}\n", .jsonLines,
             "d.jsonl:2:8: id: expected a unique id (or a duplicate policy), found 1 again (first on line 1)."),
            ("id\nx\nx\n", .csv,
             #"d.csv:3: id: expected a unique id (or a duplicate policy), found "x" again (first on line 2)."#),
        ]
        for (text, format, message) in repeats {
            let found = try #require(error(text, format))
            #expect(found.kind == .repeatedID)
            #expect(found.description == message)
        }
        func kind(_ build: () throws -> Void) -> DatasetError.Kind? {
            do { try build(); return nil } catch { return (error as? DatasetError)?.kind }
        }
        let a = Item(id: "a")
        #expect(kind { _ = try Dataset(validating: [a, a]) } == .repeatedID)
        #expect(kind { _ = try Dataset(validating: [a], sections: [.init(id: "s", range: 0..<1), .init(id: "s", range: 1..<1)]) } == .repeatedID)
        // Kept by a policy, a repeat is no error.
        #expect(error(#"[{"id": "a"}, {"id": "a"}]"#, .json, policy: .suffix) == nil)
        #expect(error(#"[{"id": "a"}, {"id": "a"}]"#, .json, policy: .pairInOrder) == nil)
    }

    @Test func everyOtherProblemIsOfKindOther() throws {
        let others: [(String, DatasetFormat, String)] = [
            (#"{"items": [{"id": "a"}, ]}"#, .json, "d.json:1:25: expected a JSON value after ',' in an array, found ']'; JSON takes no comma before a closing ] or }: remove the comma."),
            (#"[{"id": "a", "id": "b"}]"#, .json, #"d.json:1:14: expected unique keys in an object, found "id" twice."#),
            (#"[{"id": true}]"#, .json, "d.json:1:9: [0].id: expected a string or an integer, found true."),
            (#"[{"id": "a", "w": -1}]"#, .json, "d.json:1:19: [0].w: expected a number from 0 to 1e7, found -1."),
            ("id,id\na,b\n", .csv, #"d.csv:1: expected unique column names, found "id" twice."#),
            ("{\"w\": 1}\n", .jsonLines, "d.jsonl:1: expected an \"id\" field (a string or an integer), found none."),
        ]
        for (text, format, message) in others {
            let found = try #require(error(text, format))
            #expect(found.kind == .other)
            #expect(found.description == message)
        }
        let unsectioned = try Dataset(validating: [Item(id: "a")])
        #expect(throws: DatasetError(file: "<memory>", message: #"expected some item to have the field "group" to section by, found no item with it"#,
                                     kind: .other)) {
            try unsectioned.sectioned(by: "group")
        }
    }

    /// The message names no command-line flag: how a limit is raised is the caller's to say.
    @Test func aFileOverTheLimitIsOfKindTooLargeInNeutralWords() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-toolarge-\(UUID().uuidString).json").path
        try #"{"items": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let expected = DatasetError(file: path, message: "expected a data file of at most 40 bytes (or a larger limit), found 50 bytes", kind: .tooLarge)
        #expect(throws: expected) { try DatasetLoader.load(path: path, maxBytes: 40) }
        #expect(throws: Never.self) { try DatasetLoader.load(path: path, maxBytes: 50) }
    }

    /// An error built in code compares by what it says, its kind included.
    @Test func errorsCompareByTheirPublicProperties() {
        let expected = DatasetError(file: "<memory>", path: "items[1].id",
                                    message: #"expected a unique id (or a duplicate policy), found "a" again (first at items[0])"#, kind: .repeatedID)
        #expect(throws: expected) { try Dataset(validating: [Item(id: "a"), Item(id: "a")]) }
        var other = expected
        other.kind = .other
        #expect(other != expected)
    }
}

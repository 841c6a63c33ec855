import Foundation
import OrderedCollections
import Testing
@_spi(Testing) @testable import TesseraCore

/// The compact dataset gives every item's fields exactly as the JSON parser does: for every
/// shipped dataset, for random files (unicode keys and strings, escapes, numbers of every form,
/// nested values, duplicate keys, invalid items) and for mutated real files, loading into columns
/// gives the same ids, fields (values, key order, integer or double), sizes, sections and
/// metadata, or the same error, as parsing the whole document into `JSONValue`s and checking
/// it item by item (`ReferenceLoader`, the loader as it was before columns).
@Suite struct CompactDatasetTests {
    @Test func everyShippedJsonDatasetReadsAsTheParserReadsIt() throws {
        let folder = DatasetFuzzTests.root + "/datasets"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
        #expect(names.count >= 10)
        for name in names {
            let bytes = try DatasetFuzzTests.seed("datasets/" + name)
            let loaded = try DatasetLoader.parse(data: bytes, fileName: name, format: .json)
            try expectSame(loaded, try ReferenceLoader.parse(bytes, file: name, policy: .reject), name)
        }
    }

    @Test func shippedJsonlAndCsvExamplesKeepEveryField() throws {
        for (path, format) in [("datasets/examples/photos.jsonl", DatasetFormat.jsonLines), ("datasets/examples/photos.csv", .csv)] {
            let d = try DatasetLoader.parse(data: try DatasetFuzzTests.seed(path), fileName: path, format: format)
            // Rebuilt from its own decoded items, the dataset decodes to the same items again.
            let again = Dataset(items: Array(d.items), sections: d.sections)
            #expect(again.items == d.items, "\(path)")
            #expect(bits(again.widths) == bits(d.widths) && bits(again.heights) == bits(d.heights))
        }
    }

    @Test(arguments: 0..<6)
    func randomFilesReadAsTheParserReadsThem(block: Int) throws {
        var rng = SplitMix64(seed: 0xDA7A_5E7 &+ UInt64(block))
        var loaded = 0
        for k in 0..<60 {
            let text = RandomDataset.document(&rng)
            let policy = DuplicatePolicy.allCases[rng.below(3)]
            if try expectSameOutcome(Array(text.utf8), policy: policy, "block \(block) case \(k): \(text.prefix(300))") { loaded += 1 }
        }
        // Both outcomes are exercised: datasets compared field by field, and errors compared.
        #expect(loaded >= 20 && loaded <= 50, "\(loaded) of 60 loaded")
    }

    @Test func mutatedRealFilesReadOrFailAsBefore() throws {
        let original = try DatasetFuzzTests.seed("datasets/images-wallpapers.json")
        var rng = SplitMix64(seed: 0xC0_1A_B5)
        for k in 0..<60 {
            var bytes = original
            for _ in 0..<(1 + rng.next() % 3) { bytes = DatasetFuzzTests.mutate(bytes, &rng) }
            try expectSameOutcome(bytes, policy: .reject, "mutation \(k)")
        }
    }

    @Test func itemsBuiltInCodeDecodeToThemselves() throws {
        let items: [Item] = [
            Item(id: "a", fields: ["w": 1, "h": 2.5, "big": .int(1 << 60), "nan": .double(.nan), "inf": .double(-.infinity),
                                   "nested": ["x": [1, 2.0, "é"], "deep": .object(["k": .double(.nan)])], "text": "hi"]),
            Item(id: 7, fields: ["id": "not the id", "w": -0.0, "tags": []]),
            Item(id: .scoped("0-1", "b"), size: Size(width: 3, height: 4)),
        ]
        let d = Dataset(items: items)
        for (a, b) in zip(d.items, items) {
            #expect(a.id == b.id)
            #expect(Array(a.fields.keys) == Array(b.fields.keys))
            for (key, value) in b.fields {
                let decoded = try #require(a.fields[key])
                #expect(JSONValueBits(decoded) == JSONValueBits(value), "\(key)")
            }
        }
        #expect(d.field("text", at: 0) == "hi")
        #expect(d.field("missing", at: 0) == nil)
        #expect(d.id(at: 1) == .int(7) && d.field("id", at: 1) == "not the id")
        #expect(d.widths[2] == 3 && d.heights[2] == 4 && d.items[2].fields == ["id": "0-1-b", "w": 3, "h": 4])
    }

    // MARK: Comparing

    /// Whether the file loaded.
    @discardableResult
    private func expectSameOutcome(_ bytes: [UInt8], policy: DuplicatePolicy, _ note: String) throws -> Bool {
        let reference: Result<ReferenceLoader.Loaded, DatasetError>
        do { reference = .success(try ReferenceLoader.parse(bytes, file: "r.json", policy: policy)) }
        catch let e as DatasetError { reference = .failure(e) }
        do {
            let loaded = try DatasetLoader.parse(data: bytes, fileName: "r.json", format: .json, duplicatePolicy: policy)
            guard case .success(let expected) = reference else {
                Issue.record("loaded, expected \(reference): \(note)")
                return true
            }
            try expectSame(loaded, expected, note)
            return true
        } catch let e as DatasetError {
            guard case .failure(let expected) = reference else {
                Issue.record("failed with \(e), expected a dataset: \(note)")
                return false
            }
            // The reference knows no places: the loader places every error about an item or a
            // section by line and column, and a repeated id's first by its line (DatasetLoaderTests
            // checks those). It shows a wrong size as its value, the loader as written: the same
            // number, parsed.
            var placed = e
            if expected.line == nil {
                (placed.line, placed.column) = (nil, nil)
                placed.message = placed.message.replacing(#/, line \d+\)$/#, with: ")")
            }
            if expected.line == nil, e.message.hasPrefix(ItemRules.sizeExpectation) {
                if let found = e.message.range(of: ", found ").map({ String(e.message[$0.upperBound...]) }),
                   let number = try? JSONParser.parse(found), number.number != nil {
                    placed.message = "\(ItemRules.sizeExpectation), found \(number.briefDescription)"
                }
            }
            #expect(placed.description == expected.description, "\(note)")
            return false
        }
    }

    private func expectSame(_ d: Dataset, _ r: ReferenceLoader.Loaded, _ note: String) throws {
        try #require(d.count == r.items.count, "\(note)")
        for (i, item) in r.items.enumerated() {
            let decoded = d.items[i]
            #expect(decoded.id == item.id, "\(note) item \(i)")
            #expect(d.id(at: i) == item.id)
            #expect(decoded.fields == item.fields, "\(note) item \(i)")
            #expect(Array(decoded.fields.keys) == Array(item.fields.keys), "\(note) item \(i)")
            #expect(decoded.fields.values.map(JSONValueBits.init) == item.fields.values.map(JSONValueBits.init), "\(note) item \(i)")
            for (key, value) in item.fields { #expect(d.field(key, at: i).map(JSONValueBits.init) == JSONValueBits(value)) }
            #expect(d.widths[i].bitPattern == (item.intrinsicWidth ?? .nan).bitPattern, "\(note) item \(i)")
            #expect(d.heights[i].bitPattern == (item.intrinsicHeight ?? .nan).bitPattern, "\(note) item \(i)")
        }
        #expect(d.sections == r.sections, "\(note)")
        #expect(d.metadata == r.metadata, "\(note)")
    }

    private func bits(_ v: [Double]) -> [UInt64] { v.map(\.bitPattern) }
}

/// A JSON value compared exactly: doubles by their bits (so -0.0 and 0.0 differ, NaN equals
/// itself), strings by their UTF-8 bytes, integers apart from doubles.
private indirect enum JSONValueBits: Equatable {
    case null, bool(Bool), int(Int), double(UInt64), string([UInt8]), array([JSONValueBits]), object([[UInt8]], [JSONValueBits])

    init(_ v: JSONValue) {
        switch v {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .int(let n): self = .int(n)
        case .double(let d): self = .double(d.bitPattern)
        case .string(let s): self = .string(Array(s.utf8))
        case .array(let a): self = .array(a.map(JSONValueBits.init))
        case .object(let o): self = .object(o.keys.map { Array($0.utf8) }, o.values.map(JSONValueBits.init))
        }
    }
}

/// Random dataset documents: items with unicode and escaped keys and strings, numbers of every
/// form, nested values, and now and then an invalid id, size or item, a repeated key or id.
enum RandomDataset {
    static let keys = ["w", "h", "width", "height", "text", "title", "é", "e\\u0301", "\\u00e9", "日本", "a\\nb", "\\\"q\\\"",
                       "😀", "\\ud83d\\ude00", "section", "rating", "tags", "meta", "n1", "n2", "n3", "n4", "n5", "n6", "n7",
                       "n8", "n9", "n10", "n11", "n12", "n13", "n14", "n15", "n16", "n17", "n18"]
    static let numbers = ["0", "-0", "-0.0", "1", "1.0", "1.50", "12.5e3", "1E-7", "9007199254740993", "-9007199254740993",
                          "9223372036854775807", "-9223372036854775808", "9223372036854775808", "1e308", "5e-324", "0.1",
                          "123456789012345678901234567890", "42", "-3", "2.5"]
    static let strings = ["\"\"", "\"a\"", "\"café\"", "\"cafe\\u0301\"", "\"\\ud83d\\ude00 ok\"", "\"tab\\tnew\\nline\"",
                          "\"日本語のテキスト\"", "\"\\\"quoted\\\" \\\\ slash \\/\"", "\"a long string that is longer than fifteen bytes\""]

    static func pick<T>(_ a: [T], _ rng: inout SplitMix64) -> T { a[rng.below(a.count)] }
    static func space(_ rng: inout SplitMix64) -> String { pick(["", "", "", " ", "\n  ", "\t"], &rng) }

    static func value(_ rng: inout SplitMix64, depth: Int) -> String {
        switch rng.next() % (depth > 2 ? 6 : 9) {
        case 0, 1, 2: return pick(numbers, &rng)
        case 3, 4: return pick(strings, &rng)
        case 5: return pick(["true", "false", "null"], &rng)
        case 6: return "[" + (0..<rng.below(4)).map { _ in value(&rng, depth: depth + 1) }.joined(separator: "," + space(&rng)) + "]"
        default:
            var members: [String] = []
            for _ in 0..<rng.below(4) { members.append("\"\(pick(keys, &rng))\":" + space(&rng) + value(&rng, depth: depth + 1)) }
            return "{" + members.joined(separator: ",") + "}"
        }
    }

    static func id(_ rng: inout SplitMix64, _ k: Int, clean: Bool) -> String {
        let r = rng.next() % 40
        switch clean && r < 2 ? 3 : r {
        case 0: return pick(["1.0", "true", "null", "[1]", "1e3", "{}"], &rng)          // invalid
        case 1: return "\"dup\""                                                        // repeated
        case 2: return "\"é\\u0301\(k)\""
        case 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19: return String(k)
        default: return "\"i\(k)\""
        }
    }

    /// An item; a `clean` one is valid (its keys distinct, its id and sizes right).
    static func item(_ rng: inout SplitMix64, _ k: Int, clean: Bool) -> String {
        if !clean && rng.next() % 150 == 0 { return pick(["1", "\"x\"", "[]", "null"], &rng) }
        var members: [String] = []
        let idAt = !clean && rng.next() % 50 == 0 ? -1 : rng.below(3)
        let n = rng.below(6)
        var used: Set<String> = []
        for m in 0...n {
            if m == idAt { members.append("\"id\":" + space(&rng) + id(&rng, k, clean: clean)) }
            var key = pick(keys, &rng)
            if clean {
                // Canonically equal spellings of é are one key.
                while !used.insert(["e\\u0301", "\\u00e9"].contains(key) ? "é" : key == "\\ud83d\\ude00" ? "😀" : key).inserted { key = "k\(used.count)" }
            }
            let isSize = ["w", "h", "width", "height"].contains(key)
            let v = isSize && (clean || rng.next() % 8 != 0) ? pick(["10", "0", "2.5", "1e2", "-0", "7"], &rng) : value(&rng, depth: 0)
            members.append("\"\(key)\"" + space(&rng) + ":" + v)
        }
        if idAt > n { members.append("\"id\":\(k)") }
        return "{" + space(&rng) + members.joined(separator: "," + space(&rng)) + "}"
    }

    static func items(_ rng: inout SplitMix64, from: Int, count: Int, clean: Bool) -> String {
        "[" + (from..<(from + count)).map { item(&rng, $0, clean: clean) }.joined(separator: ",") + "]"
    }

    /// A document; half of them clean (every item valid, sections too), so most load.
    static func document(_ rng: inout SplitMix64) -> String {
        let clean = rng.next() % 2 == 0
        let count = rng.below(12)
        switch rng.next() % 4 {
        case 0: return items(&rng, from: 0, count: count, clean: clean)
        case 1: return "{\"source\": \"x\", \"items\": " + items(&rng, from: 0, count: count, clean: clean) + ", \"licence\": {\"a\": [1]}}"
        default:
            var sections: [String] = []
            var next = 0
            for s in 0..<rng.below(5) {
                let n = rng.below(4)
                var members = ["\"items\":" + items(&rng, from: next, count: n, clean: clean)]
                next += n
                switch clean ? 4 + rng.next() % 8 : rng.next() % 12 {
                case 0: break                                          // no id: its index
                case 1: members.append("\"id\": 1.5")                  // invalid
                case 2: members = ["\"id\": \(s)"]                     // no items
                case 3: members.append("\"id\": \"s\"")                // repeated, maybe
                default: members.insert("\"id\": \(s)", at: rng.below(2))
                }
                if rng.next() % 3 == 0 { members.append("\"title\": " + pick(strings, &rng)) }
                sections.append("{" + members.joined(separator: ", ") + "}")
            }
            let extra = !clean && rng.next() % 10 == 0 ? ", \"items\": []" : ""
            return "{\"sections\": [" + sections.joined(separator: ",\n") + "]" + extra + "}"
        }
    }
}

/// The JSON loader as it was before columns: the whole document parsed into `JSONValue`s, then
/// checked item by item, then duplicates. The reference the compact loader must agree with.
enum ReferenceLoader {
    // An item from a JSON object, checked by `ItemRules`, and the duplicate policy applied to
    // whole items: how the loaders worked before they read into columns.
    static func item(_ value: JSONValue, file: String, at position: DatasetLoader.SourcePosition) throws -> Item {
        switch ItemRules.check(value) {
        case .success(let id):
            guard case .object(let fields) = value else { preconditionFailure("checked as an object") }
            return Item(id: id, fields: fields)
        case .failure(let problem): throw position.error(file, field: problem.field, problem.message)
        }
    }

    static func dedupeItems(_ items: inout [Item], file: String, policy: DuplicatePolicy,
                            position: (Int) -> DatasetLoader.SourcePosition) throws {
        let renames = try DatasetLoader.resolveDuplicates(items.map(\.id), policy: policy) { id, a, b in
            DatasetLoader.duplicateError(file: file, what: "id", id: id, first: position(a), second: position(b))
        }
        for (k, newID) in renames {
            items[k].id = newID
            items[k].fields["id"] = newID.jsonValue
        }
    }

    struct Loaded {
        var items: [Item]
        var sections: [Dataset.Section]
        var metadata: OrderedDictionary<String, JSONValue>
    }

    static func parse(_ bytes: [UInt8], file: String, policy: DuplicatePolicy) throws -> Loaded {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw DatasetError(file: file, message: "expected a JSON document, found an empty file")
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch let e as JSONParseError {
            // The note that names a slip's fix is the loader's, after the parser's sentence.
            throw DatasetError(file: file, line: e.line, column: e.column, message: e.message + DatasetLoader.jsonDocumentNote(e, bytes))
        }
        switch root {
        case .array(let elements):
            var items = try elements.enumerated().map { try ReferenceLoader.item($1, file: file, at: .bareItem($0)) }
            try ReferenceLoader.dedupeItems(&items, file: file, policy: policy) { .bareItem($0) }
            return Loaded(items: items, sections: [Dataset.Section(id: .int(0), range: 0..<items.count)], metadata: [:])
        case .object(var top):
            let itemsValue = top.removeValue(forKey: "items")
            let sectionsValue = top.removeValue(forKey: "sections")
            switch (itemsValue, sectionsValue) {
            case (nil, nil):
                throw DatasetError(file: file, message: DatasetLoader.neitherItemsNorSections(top))
            case (.some, .some):
                throw DatasetError(file: file, message: "expected either \"items\" or \"sections\" at the top level, found both")
            case (let itemsValue?, nil):
                guard case .array(let elements) = itemsValue else {
                    throw DatasetError(file: file, path: "items", message: "expected an array of items, found \(itemsValue.briefDescription)")
                }
                var items = try elements.enumerated().map { try ReferenceLoader.item($1, file: file, at: .topItem($0)) }
                try ReferenceLoader.dedupeItems(&items, file: file, policy: policy) { .topItem($0) }
                return Loaded(items: items, sections: [Dataset.Section(id: .int(0), range: 0..<items.count)], metadata: top)
            case (nil, let sectionsValue?):
                return try sectioned(sectionsValue, metadata: top, file: file, policy: policy)
            }
        default:
            throw DatasetError(file: file, message: "expected an object with \"items\" or \"sections\", or an array of items, at the top level, found \(root.briefDescription)")
        }
    }

    private static func sectioned(_ value: JSONValue, metadata: OrderedDictionary<String, JSONValue>,
                                  file: String, policy: DuplicatePolicy) throws -> Loaded {
        guard case .array(let sectionValues) = value else {
            throw DatasetError(file: file, path: "sections", message: "expected an array of sections, found \(value.briefDescription)")
        }
        var items: [Item] = []
        var sections: [Dataset.Section] = []
        for (s, sectionValue) in sectionValues.enumerated() {
            let position = DatasetLoader.SourcePosition.section(s)
            guard case .object(let object) = sectionValue else {
                throw position.error(file, "expected a section object, found \(sectionValue.briefDescription)")
            }
            let idValue = object["id"]
            let id = try idValue.map { try DatasetLoader.identifier($0, file: file, at: position) } ?? .int(s)
            guard let itemsValue = object["items"] else {
                throw position.error(file, "expected an \"items\" array in the section, found none")
            }
            let fields = object.filter { $0.key != "id" && $0.key != "items" }
            guard case .array(let elements) = itemsValue else {
                throw position.error(file, field: "items", "expected an array of items, found \(itemsValue.briefDescription)")
            }
            let start = items.count
            for (i, element) in elements.enumerated() {
                items.append(try ReferenceLoader.item(element, file: file, at: .sectionItem(s, i)))
            }
            sections.append(Dataset.Section(id: id, fields: fields, range: start..<items.count))
        }
        let renames = try DatasetLoader.resolveDuplicates(sections.map(\.id), policy: policy) { id, a, b in
            DatasetLoader.duplicateError(file: file, what: "section id", id: id, first: .section(a), second: .section(b))
        }
        for (k, newID) in renames { sections[k].id = newID }
        try ReferenceLoader.dedupeItems(&items, file: file, policy: policy) { flat in
            let s = Dataset.sectionIndex(containing: flat, in: sections)
            return .sectionItem(s, flat - sections[s].range.lowerBound)
        }
        return Loaded(items: items, sections: sections, metadata: metadata)
    }
}

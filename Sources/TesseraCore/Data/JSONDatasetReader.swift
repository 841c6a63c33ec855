import OrderedCollections

// Reading a `.json` dataset straight into columns: one pass over the bytes with the JSON
// parser's reader, item objects read member by member (numbers into their columns, ids into the
// id arena, other values copied as their JSON text), so no `JSONValue` is built per item.
//
// It keeps the order in which the loader has always reported problems: a syntax error anywhere
// wins (so reading goes on to the end after the first invalid item, only checking syntax); then
// the top level ("items" and "sections" both or neither, either not an array); then the first
// invalid section or item in document order, a section's own problems (its id, its "items")
// before those of its items; then duplicate ids.
struct JSONDatasetReader {
    private var r: JSONReader
    private let file: String
    private var ids = IDColumn()
    private var fields = FieldColumns()
    private var sections: [Dataset.Section] = []
    /// The first invalid item or section; once set, the rest is only checked for syntax.
    private var failure: DatasetError? { didSet { failed = failure != nil } }
    /// `failure != nil`, read once per item and section without copying the error.
    private var failed = false
    /// The names `id`, `w`, `h`, `width` and `height` are interned first, in that order, so a
    /// size field is one whose name is at most `heightName`.
    private let idName, heightName: Int32
    /// The keys the previous item had, by position: their name and their text in the file (which
    /// outlives the reading), so the next item's keys are recognised by comparing bytes, with no
    /// `String` built, also when the next item is on the next JSON Lines line.
    private var recentKeys: [(name: Int32, text: UnsafeBufferPointer<UInt8>)] = []
    /// The `section` field's name once an item has had it, and how many names there were when
    /// that was last looked up (JSON Lines).
    private var sectionName: Int32?, namesLookedUp = 0

    init(_ buffer: UnsafeBufferPointer<UInt8> = UnsafeBufferPointer(start: nil, count: 0), file: String) {
        r = JSONReader(buffer)
        self.file = file
        idName = fields.name("id")
        for size in ["w", "h", "width"] { _ = fields.name(size) }
        heightName = fields.name("height")
    }

    private enum Member { case absent, array, other(JSONValue) }

    /// What the top level held, once read.
    private enum Top { case bare, object(items: Member, sections: Member, metadata: OrderedDictionary<String, JSONValue>) }
    private var top = Top.bare

    /// Reads the whole document: its syntax, and each item and section as it comes. What is
    /// left for `finish` needs no byte of the file, so the caller can free it first.
    mutating func readDocument() throws {
        let b = r.b
        if b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF { r.i = 3 }
        r.skipWhitespace()
        switch r.peek {
        case UInt8(ascii: "["):
            try readItems { .bareItem($0) }
        case UInt8(ascii: "{"):
            try readTopObject()
        default:
            let root = try r.value(expected: "a JSON value")
            try finishDocument()
            throw DatasetError(file: file, message: "expected an object with \"items\" or \"sections\", or an array of items, at the top level, found \(root.briefDescription)")
        }
        try finishDocument()
        r = JSONReader(UnsafeBufferPointer(start: nil, count: 0))   // the file's bytes are not read again
        recentKeys = []
    }

    /// Reads one JSON Lines line (its bytes, without the line break) as one item into the columns,
    /// judged as `JSONParser.parse(buffer:)` and then `DatasetLoader.item` would judge it: a
    /// syntax error (a `JSONParseError`, placed within the line) first, then the item's first
    /// problem. Returns the item's `section` field, if it has one. The caller keeps the file's
    /// bytes alive until it calls `finishLines`.
    mutating func readLineItem(_ line: UnsafeBufferPointer<UInt8>, at position: DatasetLoader.SourcePosition) throws -> JSONValue? {
        r = JSONReader(line)
        if line.count >= 3 && line[0] == 0xEF && line[1] == 0xBB && line[2] == 0xBF { r.i = 3 }
        r.skipWhitespace()
        try readItem(position, expected: "a JSON value")
        try finishDocument()
        if let failure { throw failure }
        if sectionName == nil && fields.names.count != namesLookedUp {
            sectionName = fields.nameIndex(of: "section")
            namesLookedUp = fields.names.count
        }
        guard let sectionName else { return nil }
        let last = ids.count - 1
        return fields.value(sectionName, at: last, ids: ids)
    }

    /// The dataset of the lines read (in one section: the caller groups them), after applying
    /// the duplicate policy; `place` places a repeated id.
    mutating func finishLines(policy: DuplicatePolicy, position: (Int) -> DatasetLoader.SourcePosition,
                              place: DatasetLoader.IDPlacer) throws -> Dataset {
        r = JSONReader(UnsafeBufferPointer(start: nil, count: 0))
        recentKeys = []
        try dedupeItems(policy: policy, position: position, place: place)
        return dataset(metadata: [:])
    }

    private mutating func finishDocument() throws {
        r.skipWhitespace()
        if r.i < r.b.count { throw r.error(JSONParser.endExpectation) }
    }

    private mutating func readTopObject() throws {
        var items = Member.absent, sectionsMember = Member.absent
        var metadata = OrderedDictionary<String, JSONValue>()
        var seen = Set<String>()
        try readObject { reader, key, keyStart in
            switch key {
            case "items":
                if reader.r.peek == UInt8(ascii: "[") { items = .array; try reader.readItems { .topItem($0) } }
                else { items = .other(try reader.r.value(expected: "a JSON value after ':'")) }
            case "sections":
                if reader.r.peek == UInt8(ascii: "[") { sectionsMember = .array; try reader.readSections() }
                else { sectionsMember = .other(try reader.r.value(expected: "a JSON value after ':'")) }
            default:
                metadata[key] = try reader.r.value(expected: "a JSON value after ':'")
            }
            if !seen.insert(key).inserted { throw reader.repeatedKey(key, at: keyStart) }
        }
        top = .object(items: items, sections: sectionsMember, metadata: metadata)
    }

    /// The dataset, after `readDocument`: the top level's problems, then the first invalid item
    /// or section, then duplicate ids, as the loader has always reported them. An error found
    /// here is placed at its line and column by walking the file again: `document()` gives its
    /// bytes (nil when they cannot be had), asked for only then.
    mutating func finish(policy: DuplicatePolicy, document: () -> [UInt8]?) throws -> Dataset {
        var text: [UInt8]?, asked = false
        func at(_ steps: [JSONPathStep]) -> (line: Int, column: Int)? {
            if !asked { (text, asked) = (document(), true) }
            return text.flatMap { JSONParser.lineAndColumn(of: steps, in: $0) }
        }
        // A section without an id has none to point at: the section itself, then.
        func placeID(_ position: DatasetLoader.SourcePosition) -> (line: Int, column: Int)? {
            position.steps.flatMap { at($0 + [.key("id")]) ?? at($0) }
        }
        func member(_ key: String, _ message: String) -> DatasetError {
            var error = DatasetError(file: file, path: key, message: message)
            if let place = at([.key(key)]) { (error.line, error.column) = (place.line, place.column) }
            return error
        }
        guard case .object(let items, let sectionsMember, let metadata) = top else {
            if let failure { throw failure }
            try dedupeItems(policy: policy, position: { .bareItem($0) }, place: placeID)
            return dataset(metadata: [:])
        }
        switch (items, sectionsMember) {
        case (.absent, .absent):
            throw DatasetError(file: file, message: DatasetLoader.neitherItemsNorSections(metadata))
        case (.absent, _):
            if case .other(let v) = sectionsMember {
                throw member("sections", "expected an array of sections, found \(v.briefDescription)")
            }
            if let failure { throw failure }
            let file = self.file
            let renames = try DatasetLoader.resolveDuplicates(sections.map(\.id), policy: policy) { id, a, b in
                DatasetLoader.duplicateError(file: file, what: "section id", id: id, first: .section(a), second: .section(b), place: placeID)
            }
            for (k, newID) in renames { sections[k].id = newID }
            let sections = self.sections
            try dedupeItems(policy: policy, position: { flat in
                let s = Dataset.sectionIndex(containing: flat, in: sections)
                return .sectionItem(s, flat - sections[s].range.lowerBound)
            }, place: placeID)
            return dataset(metadata: metadata, sectioned: true)
        case (_, .absent):
            if case .other(let v) = items {
                throw member("items", "expected an array of items, found \(v.briefDescription)")
            }
            if let failure { throw failure }
            try dedupeItems(policy: policy, position: { .topItem($0) }, place: placeID)
            return dataset(metadata: metadata)
        default:
            throw DatasetError(file: file, message: "expected either \"items\" or \"sections\" at the top level, found both")
        }
    }

    private func dataset(metadata: OrderedDictionary<String, JSONValue>, sectioned: Bool = false) -> Dataset {
        Dataset(ids: ids, fields: fields, sections: sectioned ? sections : nil, metadata: metadata, sourceName: file)
    }

    private mutating func dedupeItems(policy: DuplicatePolicy, position: (Int) -> DatasetLoader.SourcePosition,
                                      place: DatasetLoader.IDPlacer = { _ in nil }) throws {
        try DatasetLoader.dedupeColumns(&ids, file: file, policy: policy, position: position, place: place)
    }

    // MARK: Containers

    /// Reads an object at the cursor member by member: `member(self, key, keyStart)` reads the
    /// value (the cursor after the ':' and its whitespace) and checks the key is not repeated.
    @inline(__always)
    private mutating func readObject(_ member: (inout JSONDatasetReader, String, Int) throws -> Void) throws {
        try r.enter()
        r.i += 1
        r.skipWhitespace()
        if r.peek == UInt8(ascii: "}") { r.i += 1; r.depth -= 1; return }
        var keyExpectation = "a string key or '}'"
        while true {
            guard r.peek == UInt8(ascii: "\"") else { throw r.error(keyExpectation) }
            let keyStart = r.i
            let key = try objectKey()
            try colon()
            try member(&self, key, keyStart)
            if try r.closes(UInt8(ascii: "}"), else: "',' or '}' after an object member") { return }
            keyExpectation = "a string key after ',' in an object"
        }
    }

    /// The key at the cursor. The names the reader looks for ("id", "items", "sections") are
    /// recognised by their bytes and given as literals, so a million sections decode no key.
    private mutating func objectKey() throws -> String {
        guard let text = try r.plainString() else { return try r.string() }   // an escape: the cursor is back at the quote
        let bytes = UnsafeBufferPointer(rebasing: r.b[text])
        switch bytes.count {
        case 2 where bytes[0] == UInt8(ascii: "i") && bytes[1] == UInt8(ascii: "d"): return "id"
        case 5 where memcmpEqual(bytes, UnsafeBufferPointer(start: ("items" as StaticString).utf8Start, count: 5)): return "items"
        case 8 where memcmpEqual(bytes, UnsafeBufferPointer(start: ("sections" as StaticString).utf8Start, count: 8)): return "sections"
        default: return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Reads an array at the cursor: `element(self, index, expectation)` reads each element.
    private mutating func readArray(_ element: (inout JSONDatasetReader, Int, String) throws -> Void) throws {
        try r.enter()
        r.i += 1
        r.skipWhitespace()
        if r.peek == UInt8(ascii: "]") { r.i += 1; r.depth -= 1; return }
        var expectation = "a JSON value or ']'"
        var index = 0
        while true {
            try element(&self, index, expectation)
            index += 1
            if try r.closes(UInt8(ascii: "]"), else: "',' or ']' after an array element") { return }
            expectation = "a JSON value after ',' in an array"
        }
    }

    private mutating func colon() throws {
        r.skipWhitespace()
        guard r.peek == UInt8(ascii: ":") else { throw r.error("':' after an object key") }
        r.i += 1
        r.skipWhitespace()
    }

    /// The parser's error for a key an object already has, at the key.
    private func repeatedKey(_ key: String, at keyStart: Int) -> JSONParseError {
        var at = r
        at.i = keyStart
        return at.error("unique keys in an object", found: "\(describeIdentifier(key)) twice")
    }

    /// `error` at the line and column of byte `offset` too, as a syntax error is: a path alone is
    /// hard to find in a big file. Only for an item's failure, so the cost is the error's.
    private func placed(_ error: DatasetError, at offset: Int, _ position: DatasetLoader.SourcePosition) -> DatasetError {
        let at = JSONParser.lineAndColumn(r.b, offset: offset)
        var error = error
        error.line = (position.line ?? 1) + at.line - 1
        error.column = at.column
        return error
    }

    /// `error`, about the item or section at `position` (its member `field`, when it has one),
    /// at the line and column where that is, found by walking the document again from its start:
    /// for a failure noticed after its place was passed (an item without an id), at no cost to
    /// the items that have one. Lines (JSON Lines) have their line already.
    private func located(_ error: DatasetError, _ position: DatasetLoader.SourcePosition, field: String? = nil) -> DatasetError {
        guard error.line == nil, let steps = position.steps,
              let offset = field.flatMap({ JSONParser.offset(of: steps + [.key($0)], in: r.b) }) ?? JSONParser.offset(of: steps, in: r.b)
        else { return error }
        return placed(error, at: offset, position)
    }

    private mutating func fail(_ error: DatasetError) {
        if failure == nil { failure = error }
    }

    // MARK: Sections

    private mutating func readSections() throws {
        try readArray { reader, s, expectation in try reader.readSection(s, expected: expectation) }
    }

    private mutating func readSection(_ s: Int, expected: String) throws {
        let position = DatasetLoader.SourcePosition.section(s)
        guard r.peek == UInt8(ascii: "{"), !failed else {
            let value = try r.value(expected: expected)
            if case .object = value {} else {
                fail(located(position.error(file, "expected a section object, found \(value.briefDescription)"), position))
            }
            return
        }
        let start = ids.count
        var idValue: JSONValue?, idStart = 0
        var items = Member.absent
        var own = OrderedDictionary<String, JSONValue>()
        var seenID = false, seenItems = false
        try readObject { reader, key, keyStart in
            let repeated: Bool
            switch key {
            case "id":
                idStart = reader.r.i
                idValue = try reader.r.value(expected: "a JSON value after ':'")
                repeated = seenID
                seenID = true
            case "items":
                if reader.r.peek == UInt8(ascii: "[") { items = .array; try reader.readItems { .sectionItem(s, $0) } }
                else { items = .other(try reader.r.value(expected: "a JSON value after ':'")) }
                repeated = seenItems
                seenItems = true
            default:
                repeated = own.updateValue(try reader.r.value(expected: "a JSON value after ':'"), forKey: key) != nil
            }
            if repeated { throw reader.repeatedKey(key, at: keyStart) }
        }
        // The section's own problems come before its items' (its id and "items" are read first).
        var id = ItemID.int(s)
        do {
            if case .int(let n)? = idValue { id = .int(n) }
            else if let idValue {
                do { id = try DatasetLoader.identifier(idValue, file: file, at: position) }
                catch let error as DatasetError { throw placed(error, at: idStart, position) }
            }
            switch items {
            case .absent: throw position.error(file, "expected an \"items\" array in the section, found none")
            case .other(let v): throw position.error(file, field: "items", "expected an array of items, found \(v.briefDescription)")
            case .array: break
            }
        } catch let error as DatasetError {
            // Nothing had failed before this section: any failure is one of its items. An
            // "items" that is missing is placed at the section.
            failure = located(error, position, field: "items")
            return
        }
        guard !failed else { return }
        sections.append(Dataset.Section(id: id, fields: own, range: start..<ids.count))
    }

    // MARK: Items

    private mutating func readItems(_ position: (Int) -> DatasetLoader.SourcePosition) throws {
        try readArray { reader, i, expectation in try reader.readItem(position(i), expected: expectation) }
    }

    /// One item: its members go straight to the columns; the checks run at its end, in the
    /// order `DatasetLoader.item` makes them (the id, then w, h, width, height).
    private mutating func readItem(_ position: DatasetLoader.SourcePosition, expected: String) throws {
        guard r.peek == UInt8(ascii: "{"), !failed else {
            let value = try r.value(expected: expected)
            if case .object = value {} else {
                fail(located(position.error(file, "expected an item object, found \(value.briefDescription)"), position))
            }
            return
        }
        var hasID = false
        // An id that is neither a string nor an integer, and where it starts.
        var idProblem: (value: JSONValue, at: Int)?
        // The first in the order w, h, width, height: the value as the message shows it, and where it starts.
        var sizeProblem: (name: Int32, found: String, at: Int)?
        var slot = 0
        try r.enter()
        r.i += 1
        r.skipWhitespace()
        if r.peek == UInt8(ascii: "}") {
            r.i += 1
            r.depth -= 1
        } else {
            var keyExpectation = "a string key or '}'"
            while true {
                guard r.peek == UInt8(ascii: "\"") else { throw r.error(keyExpectation) }
                let keyStart = r.i
                let name = try key(at: slot)
                try colon()
                guard r.i < r.b.count else { throw r.error("a JSON value after ':'") }
                let c = r.b[r.i], start = r.i
                if name == idName {
                    if c == UInt8(ascii: "\""), let text = try r.plainString() {
                        guard fields.claim(name) else { throw repeatedKey(key(named: name, at: keyStart), at: keyStart) }
                        ids.appendString(UnsafeBufferPointer(rebasing: r.b[text]))
                        hasID = true
                        fields.appendIDField(name)
                    } else {
                        let value = try r.value(expected: "a JSON value after ':'")
                        guard fields.claim(name) else { throw repeatedKey(key(named: name, at: keyStart), at: keyStart) }
                        switch value {
                        case .int(let n): ids.appendInteger(n); hasID = true; fields.appendIDField(name)
                        case .string(let s): ids.append(.string(s)); hasID = true; fields.appendIDField(name)
                        default: idProblem = (value, start)
                        }
                    }
                } else if c == UInt8(ascii: "-") || (c &- UInt8(ascii: "0")) < 10 {
                    let value: JSONValue
                    do { value = try r.number() } catch is JSONReader.MinusInfinity { throw r.error("a JSON value after ':'", found: "'-Infinity'") }
                    guard fields.claim(name) else { throw repeatedKey(key(named: name, at: keyStart), at: keyStart) }
                    let d = value.number!
                    if name <= heightName && !Item.isAllowedSize(d) && name < sizeProblem?.name ?? .max {
                        // A number as written: 2e7 reads better than 20000000.0.
                        sizeProblem = (name, shortenedForMessage(String(decoding: UnsafeBufferPointer(rebasing: r.b[start..<r.i]), as: UTF8.self)), start)
                    }
                    switch value {
                    case .int(let n) where n.magnitude <= 1 << 53 && fields.hasColumn(for: name):
                        fields.appendNumber(name, d, integer: true)
                    case .double where fields.hasColumn(for: name):
                        fields.appendNumber(name, d, integer: false)
                    default:
                        fields.appendRaw(name, UnsafeBufferPointer(rebasing: r.b[start..<r.i]))
                    }
                } else {
                    var value: JSONValue?
                    if c == UInt8(ascii: "\"") {
                        if try r.plainString() == nil { value = .string(try r.string()) }
                    } else {
                        value = try r.value(expected: "a JSON value after ':'")
                    }
                    guard fields.claim(name) else { throw repeatedKey(key(named: name, at: keyStart), at: keyStart) }
                    if name <= heightName && name < sizeProblem?.name ?? .max {
                        let found = try value ?? JSONParser.parse(buffer: UnsafeBufferPointer(rebasing: r.b[start..<r.i]))
                        sizeProblem = (name, found.briefDescription, start)
                    }
                    fields.appendRaw(name, UnsafeBufferPointer(rebasing: r.b[start..<r.i]))
                }
                slot += 1
                if try r.closes(UInt8(ascii: "}"), else: "',' or '}' after an object member") { break }
                keyExpectation = "a string key after ',' in an object"
            }
        }
        if !hasID && idProblem == nil {
            return fail(located(position.error(file, "expected an \"id\" field (a string or an integer), found none"), position))
        }
        if let idProblem {
            do { _ = try DatasetLoader.identifier(idProblem.value, file: file, at: position) }
            catch let error as DatasetError { return fail(placed(error, at: idProblem.at, position)) }
        }
        if let problem = sizeProblem {
            return fail(placed(DatasetError(file: file, path: position.path(fields.names[Int(problem.name)]),
                                            message: "\(DatasetLoader.sizeExpectation), found \(problem.found)"),
                               at: problem.at, position))
        }
        fields.endItem()
    }

    /// The key at the cursor as a field name: compared by its bytes with the name the previous
    /// item had at this position first, so a file of same-shaped items builds no key strings.
    private mutating func key(at slot: Int) throws -> Int32 {
        let start = r.i
        guard let text = try r.plainString() else {
            r.i = start
            return fields.name(try r.string())
        }
        let bytes = UnsafeBufferPointer(rebasing: r.b[text])
        if slot < recentKeys.count, case let recent = recentKeys[slot], memcmpEqual(recent.text, bytes) {
            return recent.name
        }
        let name = fields.name(String(decoding: bytes, as: UTF8.self))
        if slot < recentKeys.count { recentKeys[slot] = (name, bytes) } else if slot == recentKeys.count { recentKeys.append((name, bytes)) }
        return name
    }

    /// The key as written at `keyStart` (for the repeated-key message).
    private func key(named name: Int32, at keyStart: Int) -> String {
        var at = r
        at.i = keyStart
        return (try? at.string()) ?? fields.names[Int(name)]
    }
}

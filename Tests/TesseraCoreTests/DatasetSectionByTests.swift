import Testing
@testable import TesseraCore

/// `Dataset.sectioned(by:)`, behind every command's `--section-by`: runs of consecutive items
/// with the same value become sections titled by it; nothing is sorted.
@Suite struct DatasetSectionByTests {
    let apps = Dataset(items: [
        Item(id: "a", fields: ["app": "mail"]), Item(id: "b", fields: ["app": "mail"]),
        Item(id: "c", fields: ["app": 7]), Item(id: "d", fields: ["app": "mail"]),
        Item(id: "e", fields: ["app": ["x"]]),
    ], sourceName: "apps.json")

    @Test func consecutiveRunsBecomeSectionsTitledByTheirValue() throws {
        let grouped = try apps.sectioned(by: "app")
        #expect(grouped.sections == [
            Dataset.Section(id: "mail", fields: ["title": "mail"], range: 0..<2),
            Dataset.Section(id: .int(7), fields: ["title": "7"], range: 2..<3),
            Dataset.Section(id: .string("mail(1)"), fields: ["title": "mail"], range: 3..<4),
            Dataset.Section(id: .string("[\"x\"]"), fields: ["title": "[\"x\"]"], range: 4..<5),
        ])
        #expect(grouped.ids == apps.ids, "the items and their order are kept")
        #expect(grouped.items == apps.items)
    }

    /// Each run of items without the field is a section of its own, `no FIELD`, suffixed as a
    /// repeated value is; a value's section keeps its id even when such a run comes first.
    @Test func runsWithoutTheFieldAreSectionsNamedNoField() throws {
        let mixed = Dataset(items: [
            Item(id: "a"), Item(id: "b"), Item(id: "c", fields: ["app": "mail"]),
            Item(id: "d"), Item(id: "e", fields: ["app": "no app"]), Item(id: "f", fields: ["app": "mail"]),
        ], sourceName: "mixed.json")
        let grouped = try mixed.sectioned(by: "app")
        #expect(grouped.sections == [
            Dataset.Section(id: .string("no app(1)"), fields: ["title": "no app"], range: 0..<2),
            Dataset.Section(id: "mail", fields: ["title": "mail"], range: 2..<3),
            Dataset.Section(id: .string("no app(2)"), fields: ["title": "no app"], range: 3..<4),
            Dataset.Section(id: .string("no app"), fields: ["title": "no app"], range: 4..<5),
            Dataset.Section(id: .string("mail(1)"), fields: ["title": "mail"], range: 5..<6),
        ])
        #expect(grouped.items == mixed.items)
        let trailing = Dataset(items: [Item(id: 1, fields: ["g": 1]), Item(id: 2), Item(id: 3)], sourceName: "p.json")
        #expect(try trailing.sectioned(by: "g").sections == [
            Dataset.Section(id: .int(1), fields: ["title": "1"], range: 0..<1),
            Dataset.Section(id: .string("no g"), fields: ["title": "no g"], range: 1..<3),
        ])
    }

    /// The id of a run without the field depends on nothing but the runs before it, so an item
    /// added to such a run changes no section id.
    @Test func anItemAddedToARunWithoutTheFieldKeepsTheSectionIDs() throws {
        let old = Dataset(items: [Item(id: "a", fields: ["app": "mail"]), Item(id: "b")])
        let new = Dataset(items: [Item(id: "a", fields: ["app": "mail"]), Item(id: "x"), Item(id: "b")])
        #expect(try old.sectioned(by: "app").sections.map(\.id) == ["mail", "no app"])
        #expect(try new.sectioned(by: "app").sections.map(\.id) == ["mail", "no app"])
    }

    @Test func aFieldNoItemHasIsAnErrorWithTheClosestName() throws {
        #expect(throws: DatasetError(file: "apps.json", message: "expected some item to have the field \"team\" to section by, found no item with it; the items' fields are \"app\"")) {
            try apps.sectioned(by: "team")
        }
        #expect(throws: DatasetError(file: "apps.json", message: "expected some item to have the field \"ap\" to section by, found no item with it (did you mean app?)")) {
            try apps.sectioned(by: "ap")
        }
        #expect(try Dataset(items: []).sectioned(by: "g").sections == [Dataset.Section(id: .int(0), range: 0..<0)])
        // Nothing close: the fields the items have, in the order first seen, at most 12 of them.
        let stamps = Dataset(items: [Item(id: "frog", fields: ["format": "png", "subcategory": "amphibians", "text": "A frog."])],
                             sourceName: "stamps.json")
        #expect(throws: DatasetError(file: "stamps.json", message: "expected some item to have the field \"categroy\" to section by, found no item with it; the items' fields are \"format\", \"subcategory\", \"text\"")) {
            try stamps.sectioned(by: "categroy")
        }
        let wide = Dataset(items: [Item(id: "a", fields: OrderedDictionary(uniqueKeysWithValues: (1...14).map { ("f\($0)", JSONValue.int($0)) }))],
                           sourceName: "wide.json")
        #expect(throws: DatasetError(file: "wide.json", message: "expected some item to have the field \"group\" to section by, found no item with it; the items' fields are \"f1\", \"f2\", \"f3\", \"f4\", \"f5\", \"f6\", \"f7\", \"f8\", \"f9\", \"f10\", \"f11\", \"f12\" and 2 more")) {
            try wide.sectioned(by: "group")
        }
        // Items with no fields besides their id and size: nothing to list.
        #expect(throws: DatasetError(file: "bare.json", message: "expected some item to have the field \"app\" to section by, found no item with it")) {
            try Dataset(items: [Item(id: "a")], sourceName: "bare.json").sectioned(by: "app")
        }
    }
}

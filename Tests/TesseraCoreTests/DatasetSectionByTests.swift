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

    @Test func anItemWithoutTheFieldIsAnError() throws {
        #expect(throws: DatasetError(file: "apps.json", message: "expected every item to have the field \"team\" to section by, found none on item 0 (id \"a\")")) {
            try apps.sectioned(by: "team")
        }
        let partial = Dataset(items: [Item(id: 1, fields: ["g": 1]), Item(id: 2)], sourceName: "p.json")
        #expect(throws: DatasetError(file: "p.json", message: "expected every item to have the field \"g\" to section by, found none on item 1 (id 2)")) {
            try partial.sectioned(by: "g")
        }
        #expect(try Dataset(items: []).sectioned(by: "g").sections == [Dataset.Section(id: .int(0), range: 0..<0)])
    }
}

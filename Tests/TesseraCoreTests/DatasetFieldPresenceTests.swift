import OrderedCollections
import Testing
@testable import TesseraCore

/// Which items have a field, read from their shapes: the same answers as building each item
/// and looking, for one shape or many, numbers or text, in any range.
@Suite struct DatasetFieldPresenceTests {
    let dataset = Dataset(items: [
        Item(id: "a", fields: ["rating": 3, "title": "A"]),
        Item(id: 7, fields: ["title": "B"]),
        Item(id: "c", fields: ["title": "C", "rating": .null]),
        Item(id: "d", fields: ["tags": ["x"], "title": "D"]),
    ])

    @Test func countsTheItemsLackingAFieldAndNamesTheFirst() {
        #expect(dataset.itemsLacking(field: "rating", in: 0..<4) == (2, 1))
        #expect(dataset.itemsLacking(field: "rating", in: 2..<4) == (1, 3))
        #expect(dataset.itemsLacking(field: "rating", in: 0..<1) == (0, nil))
        #expect(dataset.itemsLacking(field: "title", in: 0..<4) == (0, nil))
        #expect(dataset.itemsLacking(field: "nothing", in: 1..<3) == (2, 1))
        #expect(dataset.itemsLacking(field: "rating", in: 2..<2) == (0, nil))
        // An `id` field is one of the item's fields (Item adds it).
        #expect(dataset.itemsLacking(field: "id", in: 0..<4) == (0, nil))
    }

    @Test func namesTheFieldsInTheOrderTheItemsFirstHaveThem() {
        #expect(dataset.fieldNames(in: 0..<4) == ["id", "rating", "title", "tags"])
        #expect(dataset.fieldNames(in: 1..<4) == ["id", "title", "rating", "tags"])
        #expect(dataset.fieldNames(in: 3..<4) == ["id", "tags", "title"])
        #expect(dataset.fieldNames(in: 0..<0) == [])
    }

    @Test func itemsOfOneShapeAndGeneratedOnes() {
        let same = Dataset(items: (0..<5).map { Item(id: .int($0), fields: ["rating": .int($0)]) })
        #expect(same.itemsLacking(field: "rating", in: 0..<5) == (0, nil))
        #expect(same.itemsLacking(field: "ratng", in: 1..<5) == (4, 1))
        #expect(same.fieldNames(in: 2..<5) == ["id", "rating"])
        let generated = Dataset.synthetic(count: 3) { _ in Size(width: 1, height: 1) }
        #expect(generated.itemsLacking(field: "rating", in: 0..<3) == (3, 0))
        #expect(generated.fieldNames(in: 0..<3) == [])
        #expect(Dataset(items: []).itemsLacking(field: "rating", in: 0..<0) == (0, nil))
    }

    /// Many shapes (fields present or not, in varying order, more numeric fields than get a
    /// column): every range of every field answers as the items built one by one do.
    @Test func agreesWithTheItemsBuiltOneByOne() throws {
        let names = (0..<20).map { "f\($0)" }
        let items = (0..<60).map { i -> Item in
            var fields: OrderedDictionary<String, JSONValue> = [:]
            for (k, name) in names.enumerated() where (i * 7 + k * 3) % 5 != 0 {
                fields[name] = k % 3 == 0 ? .string("v\(i)") : .int(i * k)
            }
            if i % 4 == 0 { fields.reverse() }
            return Item(id: .int(i), fields: fields)
        }
        let dataset = Dataset(items: items)
        for range in [0..<60, 0..<1, 13..<47, 59..<60] {
            for name in names + ["id", "absent"] {
                let lacking = range.filter { items[$0].fields[name] == nil }
                let found = dataset.itemsLacking(field: name, in: range)
                #expect(found.count == lacking.count && found.first == lacking.first, "\(name) \(range)")
            }
            var expected: [String] = []
            for i in range { for key in items[i].fields.keys where !expected.contains(key) { expected.append(key) } }
            #expect(dataset.fieldNames(in: range) == expected, "\(range)")
        }
    }
}

import OrderedCollections
import Testing
import TesseraCore

/// Reading an item's fields: all of them, the text that text sizing measures, and one field
/// across a range of items.
@Suite struct DatasetFieldAccessTests {
    let dataset = Dataset(items: [
        Item(id: "a", size: Size(width: 10, height: 20), fields: ["text": "hello", "rank": 1]),
        Item(id: "b", fields: ["text": 5]),
        Item(id: "c", fields: ["rank": 2.5, "tag": "x"]),
    ])

    @Test("fields(at:) gives the item's fields in order: an added id first, a sized item's w and h after it")
    func fieldsOfOneItem() {
        #expect(dataset.fields(at: 0) == ["id": "a", "w": 10, "h": 20, "text": "hello", "rank": 1])
        #expect(dataset.fields(at: 2) == ["id": "c", "rank": 2.5, "tag": "x"])
    }

    @Test("both item initialisers order the same fields the same way: a given id stays in place, a missing one comes first")
    func bothInitialisersAgree() {
        let inputs: [OrderedDictionary<String, JSONValue>] = [[:], ["rank": 2.5, "tag": "x"], ["rank": 2.5, "id": "c", "tag": "x"]]
        for fields in inputs {
            #expect(Array(Item(id: "c", fields: fields).fields.keys) == Array(Item(id: "c", size: nil, fields: fields).fields.keys))
        }
        #expect(Array(Item(id: "c", fields: ["rank": 2.5, "tag": "x"]).fields.keys) == ["id", "rank", "tag"])
        #expect(Array(Item(id: "c", fields: ["rank": 2.5, "id": "c", "tag": "x"]).fields.keys) == ["rank", "id", "tag"])
        #expect(Array(Item(id: "c", size: Size(width: 1, height: 2), fields: ["rank": 2.5, "id": "c", "w": 9]).fields.keys)
            == ["rank", "id", "w", "h"])
    }

    @Test("text(at:) is the text field when it is a string")
    func text() {
        #expect(dataset.text(at: 0) == "hello")
        #expect(dataset.text(at: 1) == nil)
        #expect(dataset.text(at: 2) == nil)
    }

    @Test("forEachValue visits the items of the range that have the field, in order")
    func oneFieldAcrossItems() {
        var seen: [Int] = [], values: [JSONValue] = []
        dataset.forEachValue(of: "rank", in: 0..<3) { i, value in seen.append(i); values.append(value) }
        #expect(seen == [0, 2] && values == [1, 2.5])
        seen = []
        dataset.forEachValue(of: "rank", in: 1..<2) { i, _ in seen.append(i) }
        dataset.forEachValue(of: "missing", in: 0..<3) { i, _ in seen.append(i) }
        #expect(seen == [])
    }
}

import Testing
import TesseraCore
@testable import TesseraLua

/// A script that fails on a nil field is told what the data holds: which items lack the field,
/// or the field the items have that a misspelt name meant; nothing when the data cannot tell.
@Suite struct MissingFieldNoteTests {
    static let items = [
        Item(id: "a", fields: ["rating": 3, "title": "A"]),
        Item(id: 7, fields: ["title": "B"]),
        Item(id: "c", fields: ["title": "C"]),
    ]

    func note(_ message: String, items: [Item] = items) -> String? {
        MissingFieldNote.note(for: message, count: items.count, item: { items[$0] })
    }

    @Test func itemsLackingTheFieldAreCountedAndTheFirstNamed() {
        #expect(note("s.lua:5: attempt to perform arithmetic on a nil value (field 'rating')") ==
                "; 2 of the 3 items have no field 'rating', the first ctx:item(2) (id 7): give them one in the data, or read it with a default (ctx:item(i).rating or 0)")
        let dashed = [Item(id: "a", fields: ["my-title": "A"]), Item(id: "b", fields: [:])]
        #expect(note("s.lua:5: attempt to concatenate a nil value (field 'my-title')", items: dashed) ==
                "; 1 of the 2 items has no field 'my-title', the first ctx:item(2) (id \"b\"): give it one in the data, or read it with a default (ctx:item(i)[\"my-title\"] or \"\")")
    }

    @Test func largeCountsAreGrouped() {
        let many = (0..<2_500).map { i -> Item in Item(id: .int(i), fields: i < 1_000 ? ["rating": 1] : [:]) }
        #expect(note("s.lua:5: attempt to perform arithmetic on a nil value (field 'rating')", items: many) ==
                "; 1,500 of the 2,500 items have no field 'rating', the first ctx:item(1001) (id 1000): give them one in the data, or read it with a default (ctx:item(i).rating or 0)")
    }

    @Test func aFieldNoItemHasGetsTheCloseOne() {
        #expect(note("s.lua:5: attempt to perform arithmetic on a nil value (field 'ratng')") == "; no item has a field 'ratng' (did you mean rating?)")
    }

    @Test func nothingWhenTheDataCannotTell() {
        // Every item has it: the nil came from elsewhere.
        #expect(note("s.lua:5: attempt to concatenate a nil value (field 'title')") == nil)
        // No item has it and nothing is close; a key Lua cannot name; a short name; no field at all.
        #expect(note("s.lua:5: attempt to perform arithmetic on a nil value (field 'gutter')") == nil)
        #expect(note("s.lua:6: attempt to perform arithmetic on a nil value (field '?')") == nil)
        #expect(note("s.lua:6: attempt to perform arithmetic on a nil value (field 'ti')") == nil)
        #expect(note("s.lua:6: attempt to perform arithmetic on a nil value (local 'x')") == nil)
        // Generated items have no data to look at.
        #expect(MissingFieldNote.note(for: "s.lua:5: attempt to index a nil value (field 'rating')", count: 2, item: { _ in nil }) == nil)
    }

    /// A context over a dataset is read from the items' shapes, building no item: the same notes,
    /// counted within the context's own items (a slice counts from its first).
    @Test func aDatasetContextGivesTheSameNotes() {
        let items = Self.items + [Item(id: "d", fields: ["rating": 1, "title": "D"]), Item(id: 9, fields: [:])]
        let context = LayoutContext(dataset: Dataset(items: items))
        let messages = ["s.lua:5: attempt to perform arithmetic on a nil value (field 'rating')",
                        "s.lua:5: attempt to concatenate a nil value (field 'title')",
                        "s.lua:5: attempt to perform arithmetic on a nil value (field 'ratng')",
                        "s.lua:5: attempt to perform arithmetic on a nil value (field 'gutter')",
                        "s.lua:6: attempt to perform arithmetic on a nil value (field '?')",
                        "s.lua:6: attempt to perform arithmetic on a nil value (local 'x')"]
        for message in messages {
            #expect(MissingFieldNote.note(for: message, context: context) == note(message, items: items), "\(message)")
        }
        #expect(MissingFieldNote.note(for: messages[0], context: context) ==
                "; 3 of the 5 items have no field 'rating', the first ctx:item(2) (id 7): give them one in the data, or read it with a default (ctx:item(i).rating or 0)")
        let slice = context.slice(2..<5)
        #expect(MissingFieldNote.note(for: messages[0], context: slice) ==
                "; 2 of the 3 items have no field 'rating', the first ctx:item(1) (id \"c\"): give them one in the data, or read it with a default (ctx:item(i).rating or 0)")
        #expect(MissingFieldNote.note(for: messages[1], context: slice) ==
                "; 1 of the 3 items has no field 'title', the first ctx:item(3) (id 9): give it one in the data, or read it with a default (ctx:item(i).title or \"\")")
        #expect(MissingFieldNote.note(for: messages[0], context: context.slice(3..<4)) == nil)
        // Generated items have no data to look at.
        let generated = LayoutContext(dataset: .synthetic(count: 2) { _ in Size(width: 1, height: 1) })
        #expect(MissingFieldNote.note(for: messages[0], context: generated) == nil)
    }
}

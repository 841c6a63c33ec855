import OrderedCollections
import Testing
@testable import TesseraCore

/// What a sizing rule reads from an item given as a value: `w` before `width`, `h` before
/// `height`, `text`; the same whether an object has a few fields (one pass) or many (look-ups).
@Suite struct SizeInputTests {
    /// `fields` as an object, padded with `extra` unrelated fields.
    func input(_ fields: OrderedDictionary<String, JSONValue>, extra: Int = 0) -> SizeInput {
        var object = fields
        for k in 0..<extra { object["pad\(k)"] = .int(k) }
        return SizeInput(.object(object))
    }

    func read(_ s: SizeInput) -> String {
        "\(s.w.isNaN ? "nan" : String(s.w)) \(s.h.isNaN ? "nan" : String(s.h)) \(s.text ?? "-")"
    }

    @Test(arguments: [0, 10])
    func shortNamesComeFirstAndANonNumberReadsAsNone(extra: Int) {
        #expect(read(input(["width": .int(5), "height": .double(2.5), "text": .string("hi")], extra: extra)) == "5.0 2.5 hi")
        #expect(read(input(["height": .int(9), "w": .int(1), "width": .int(5), "h": .int(3)], extra: extra)) == "1.0 3.0 -")
        // A `w` that is not a number hides `width`: the item has no width.
        #expect(read(input(["w": .string("x"), "width": .int(5), "h": .null, "height": .int(4)], extra: extra)) == "nan nan -")
        #expect(read(input(["text": .int(3), "id": .int(1)], extra: extra)) == "nan nan -")
    }

    @Test func otherValuesHaveNoSize() {
        #expect(read(SizeInput(.int(4))) == "nan nan -")
        #expect(read(SizeInput(.array([.int(1), .int(2)]))) == "nan nan -")
        #expect(read(SizeInput(.string("w"))) == "nan nan -")
    }
    /// Only the exact names count: names of another length or case, a name with a combining
    /// mark (another string, not just other bytes) and names sharing a length are told apart.
    @Test(arguments: [0, 10])
    func onlyTheExactNamesAreRead(extra: Int) {
        #expect(read(input(["W": .int(1), "wi": .int(2), "widths": .int(3), "texts": .string("a"), "hight": .int(4)],
                           extra: extra)) == "nan nan -")
        #expect(read(input(["w\u{301}": .int(1), "h": .int(2), "heigh": .int(3), "width": .int(4), "Text": .string("b")],
                           extra: extra)) == "4.0 2.0 -")
        #expect(read(input(["id": .int(7), "x": .int(1), "h": .int(6), "text": .string("t"), "height": .int(8)],
                           extra: extra)) == "nan 6.0 t")
    }
}

import Testing
import TesseraCore

/// The default id rule and the size inputs a source of values gives its sizing rules.
@Suite struct ItemSourceTests {
    @Test func theDefaultIdentifierIsTheIDFieldTypedAsGivenElseTheIndex() {
        func id(_ value: JSONValue, _ index: Int = 7) -> ItemID { ItemSource.defaultIdentifier(value, index) }
        #expect(id(["id": "a"]) == .string("a"))
        #expect(id(["id": 3]) == .int(3))
        // A fractional number is written as JSON writes it; other values as their JSON text.
        #expect(id(["id": 2.5]) == .string("2.5"))
        #expect(id(["id": true]) == .string("true"))
        #expect(id(["id": [1, 2]]) == .string("[1,2]"))
        // No id field, or not an object: the 0-based index as a string.
        #expect(id(["name": "x"]) == .string("7"))
        #expect(id(.int(42), 0) == .string("0"))
        #expect(id("id", 3) == .string("3"))
    }

    @Test func aSourceOfValuesGivesEachItsIDAndDataAndSizeInput() throws {
        let source = ItemSource(values: [["id": "a", "w": 10, "h": 20], ["text": "hi"], 5])
        #expect(source.count == 3)
        #expect(try (0..<3).map(source.identifier) == [.string("a"), .string("1"), .string("2")])
        #expect(source.value(2) == .int(5))
        let first = source.sizeInput(0), second = source.sizeInput(1), third = source.sizeInput(2)
        #expect(first.w == 10 && first.h == 20 && first.text == nil)
        #expect(second.w.isNaN && second.h.isNaN && second.text == "hi")
        #expect(third.w.isNaN && third.h.isNaN && third.text == nil)
    }

    @Test func aSizeInputDefaultsToNoSizeAndNoText() {
        let none = SizeInput()
        #expect(none.w.isNaN && none.h.isNaN && none.text == nil)
        let given = SizeInput(w: 3, text: "t")
        #expect(given.w == 3 && given.h.isNaN && given.text == "t")
    }

    @Test func aFixedDimensionIsPointsOrAShareOfTheProposalOnItsAxis() throws {
        #expect(SizeDimension.absolute(12).resolve(in: 300) == 12)
        #expect(SizeDimension.fraction(0.5).resolve(in: 300) == 150)
        #expect(SizeDimension.fraction(1).resolve(in: 0) == 0)
        let fixed = SizeSource.fixed(.fraction(0.25), .absolute(44))
        #expect(try fixed.size(0, Size(width: 400, height: 900), input: { _ in SizeInput() }) == Size(width: 100, height: 44))
    }

    @Test func anInsetRuleIsFixedOrComputedFromTheContainerEachTime() {
        #expect(InsetRule.fixed(EdgeInsets(all: 3)).resolve(for: Size(width: 1, height: 1)) == EdgeInsets(all: 3))
        let half = InsetRule.computed { EdgeInsets(top: 0, left: $0.width / 4, bottom: 0, right: $0.width / 4) }
        #expect(half.resolve(for: Size(width: 100, height: 5)) == EdgeInsets(top: 0, left: 25, bottom: 0, right: 25))
        #expect(half.resolve(for: Size(width: 40, height: 5)) == EdgeInsets(top: 0, left: 10, bottom: 0, right: 10))
    }
}

import Testing
@testable import TesseraCore

/// What a layout gets when it asks an item's size.
@Suite struct SizingTests {
    func size(_ rule: SizingRule, w: Double = .nan, h: Double = .nan, text: String? = nil, _ proposed: Size) -> Size {
        ItemSizing(rule: rule).size(w: w, h: h, text: { text }, proposed: proposed)
    }

    @Test func fitScalesDownKeepingTheAspectRatioAndNeverUp() {
        #expect(size(.fit, w: 400, h: 200, s(100, 1000)) == s(100, 50))
        #expect(size(.fit, w: 200, h: 400, s(1000, 100)) == s(50, 100))
        // Width first, then height (CollectionKit's image size source).
        #expect(size(.fit, w: 400, h: 400, s(200, 100)) == s(100, 100))
        #expect(size(.fit, w: 40, h: 20, s(100, 100)) == s(40, 20))
    }

    @Test func fillWidthScalesUpOrDownToTheProposedWidth() {
        #expect(size(.fillWidth, w: 40, h: 20, s(100, 10)) == s(100, 50))
        #expect(size(.fillWidth, w: 400, h: 200, s(100, 10)) == s(100, 50))
    }

    @Test func intrinsicAndFill() {
        #expect(size(.intrinsic, w: 400, h: 200, s(100, 10)) == s(400, 200))
        #expect(size(.fill, w: 400, h: 200, s(100, 10)) == s(100, 10))
    }

    @Test func aMissingAxisTakesTheProposal() {
        #expect(size(.fit, h: 30, s(100, 10)) == s(100, 30))
        #expect(size(.fit, w: 30, s(100, 10)) == s(30, 10))
    }

    @Test func textItemsGetTheProposedWidthAndTheMeasuredHeight() {
        let measurer = TextMeasurer()
        let text = "The quick brown fox jumps over the lazy dog, twice over and then once more."
        let expected = measurer.height(of: text, width: 120)
        #expect(expected > measurer.lineHeight)   // it wraps at 120
        #expect(size(.fit, text: text, s(120, 50)) == s(120, expected))
    }

    @Test func noSizeAndNoTextFillsTheProposal() {
        #expect(size(.fit, s(120, 50)) == s(120, 50))
    }

    @Test func datasetContextsApplyTheRulePerItem() throws {
        let dataset = Dataset(items: [
            Item(id: .string("photo"), fields: ["w": .int(300), "h": .int(150)]),
            Item(id: .string("note"), fields: ["text": .string("hello")]),
        ])
        let ctx = LayoutContext(dataset: dataset, collectionSize: s(100, 500))
        #expect(try ctx.size(at: 0, proposed: s(100, 500)) == s(100, 50))
        #expect(try ctx.size(at: 1, proposed: s(100, 500)) == s(100, TextMeasurer().height(of: "hello", width: 100)))
        #expect(ctx.identifier(at: 1) == "note")
        #expect(ctx.slice(1..<2).identifier(at: 0) == "note")
    }
}

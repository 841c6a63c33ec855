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

/// The size an item with no size gets (`unsizedItem`), and `forEachSize` agreeing with
/// `size(at:proposed:)` on every path.
@Suite struct UnsizedItemAndForEachSizeTests {
    let none: () -> String? = { nil }

    @Test func anUnsizedItemTakesUnsizedItemUnderFitAndFillWidthAndTheProposalOtherwise() {
        let proposal = Size(width: 80, height: 1000)
        let cell = Size(width: 100, height: 50)
        #expect(ItemSizing(rule: .fit, unsizedItem: cell).size(w: .nan, h: .nan, text: none, proposed: proposal) == Size(width: 80, height: 40))
        #expect(ItemSizing(rule: .fillWidth, unsizedItem: Size(width: 40, height: 10)).size(w: .nan, h: .nan, text: none, proposed: proposal)
                == Size(width: 80, height: 20))
        #expect(ItemSizing(rule: .intrinsic, unsizedItem: cell).size(w: .nan, h: .nan, text: none, proposed: proposal) == proposal)
        #expect(ItemSizing(rule: .fill, unsizedItem: cell).size(w: .nan, h: .nan, text: none, proposed: proposal) == proposal)
        // Without it, or with a NaN side, the whole proposal (CollectionKit's default).
        #expect(ItemSizing(rule: .fit).size(w: .nan, h: .nan, text: none, proposed: proposal) == proposal)
        #expect(ItemSizing(rule: .fit, unsizedItem: Size(width: .nan, height: 5)).size(w: .nan, h: .nan, text: none, proposed: proposal)
                == proposal)
        // Text wins over it: measured at the proposed width by the sizing's measurer.
        var sizing = ItemSizing(rule: .fit, unsizedItem: cell)
        sizing.textMeasurer = TextMeasurer(fontSize: 16, lineHeight: 30)
        #expect(sizing.textMeasurer.fontSize == 16)
        #expect(sizing.size(w: .nan, h: .nan, text: { "hi" }, proposed: proposal) == Size(width: 80, height: 30))
    }

    @Test func forEachSizeVisitsEveryItemInOrderWithTheSizeSizeAtGives() throws {
        let items = [Item(id: "a", size: Size(width: 10, height: 20)), Item(id: "b", size: nil),
                     Item(id: "c", size: Size(width: 400, height: 100)), Item(id: "d", fields: ["text": "some words"])]
        let proposal = Size(width: 200, height: 300)
        let dataset = LayoutContext(dataset: Dataset(items: items), collectionSize: Size(width: 200, height: 300),
                                    sizing: ItemSizing(rule: .fit, unsizedItem: Size(width: 50, height: 50)))
        let closure = LayoutContext(collectionSize: Size(width: 200, height: 300), count: 3, item: { _ in nil },
                                    size: { i, p in Size(width: p.width / Double(i + 1), height: Double(i)) })
        for context in [dataset, closure] {
            var visited: [(Int, Size)] = []
            try context.forEachSize(proposed: proposal) { visited.append(($0, $1)) }
            #expect(visited.map(\.0) == Array(0..<context.count))
            #expect(try visited.map(\.1) == (0..<context.count).map { try context.size(at: $0, proposed: proposal) })
            #expect(try visited.map(\.1) == context.sizes(proposed: proposal))
        }
        var sizes: [Size] = []
        try dataset.forEachSize(proposed: proposal) { sizes.append($1) }
        #expect(Array(sizes.prefix(3)) == [Size(width: 10, height: 20), Size(width: 50, height: 50), Size(width: 200, height: 50)])
        // What the body throws leaves forEachSize after the items before it.
        var seen = 0
        #expect(throws: LayoutError("stop")) {
            try closure.forEachSize(proposed: proposal) { i, _ in
                if i == 1 { throw LayoutError("stop") }
                seen += 1
            }
        }
        #expect(seen == 1)
    }

    // A split layout walks its sections with forEachSize(in:), which reads the storage from an
    // offset: sizes, text, measured sizes and an overflow's item must all come from the right place.
    @Test func forEachSizeInARangeGivesTheSlicesSizesAndNamesTheDatasetItem() throws {
        let items = [Item(id: "a", size: Size(width: 10, height: 20)), Item(id: "b", size: Size(width: 400, height: 100)),
                     Item(id: "c", fields: ["text": "some words"]), Item(id: "d", size: nil),
                     Item(id: "e", size: Size(width: 30, height: 60)), Item(id: "f", size: Size(width: 1e-300, height: 1e300))]
        let proposal = Size(width: 200, height: 300)
        let sizing = ItemSizing(rule: .fit, textMeasurer: TextMeasurer(fontSize: 16, lineHeight: 30), unsizedItem: Size(width: 50, height: 50))
        let whole = LayoutContext(dataset: Dataset(items: items), collectionSize: proposal, sizing: sizing)
        // Item e measured (index 4 of the whole), within a slice from item 1 (base 1).
        let context = whole.measured(MeasuredOverrides([4: Size(width: 7, height: 8)])).slice(1..<6)
        var visited: [(Int, Size)] = []
        try context.forEachSize(in: 1..<4, proposed: proposal) { visited.append(($0, $1)) }
        #expect(visited.map(\.0) == [0, 1, 2])
        #expect(visited.map(\.1) == [Size(width: 200, height: 30), Size(width: 50, height: 50), Size(width: 7, height: 8)])
        #expect(try visited.map(\.1) == context.slice(1..<4).sizes(proposed: proposal))
        // Item f overflows under fillWidth: the error names it by its dataset index and id.
        let fillWidth = LayoutContext(dataset: Dataset(items: items), collectionSize: proposal, sizing: ItemSizing(rule: .fillWidth)).slice(2..<6)
        #expect(throws: LayoutError.sizeOverflow(file: "<memory>", index: 5, id: "f", intrinsic: Size(width: 1e-300, height: 1e300), rule: .fillWidth,
                                                 size: Size(width: 200, height: .infinity), proposal: proposal)) {
            try fillWidth.forEachSize(in: 2..<4, proposed: proposal) { _, _ in }
        }
    }

    // A waterfall sizes a block of items before it places them: the blocks must tile the items
    // in order, measured sizes included (here on both sides of a block edge), and give the
    // sizes forEachSize gives.
    @Test func forEachSizeBlockTilesTheItemsWithTheSameSizes() throws {
        let dataset = Dataset.synthetic(count: 600) { i in Size(width: 300, height: Double(50 + i % 37)) }
        let measured = MeasuredOverrides([255: Size(width: 7, height: 8), 256: Size(width: 9, height: 10), 599: Size(width: 1, height: 2)])
        let context = LayoutContext(dataset: dataset, collectionSize: Size(width: 375, height: 812)).measured(measured)
        let proposal = Size(width: 122, height: 812)
        var firsts: [Int] = [], sizes: [Size] = []
        try context.forEachSizeBlock(proposed: proposal) { first, block in
            firsts.append(first)
            sizes += block
        }
        #expect(firsts == [0, 256, 512])
        #expect(try sizes == context.sizes(proposed: proposal))
        #expect(sizes[255] == Size(width: 7, height: 8) && sizes[256] == Size(width: 9, height: 10) && sizes[599] == Size(width: 1, height: 2))
        #expect(sizes[0] == Size(width: 122, height: 50 * 122 / 300))
        let frames = try WaterfallLayout(columns: 3, spacing: 4.5).frames(context)
        #expect(frames == ColumnOrderTests.scannedFrames(sizes.map(\.height), columns: 3, spacing: 4.5, width: 375))
    }
    /// The sizing loop runs one copy per rule, with a fast path for items whose sizes are both
    /// positive: under every rule it must give what sizing each item alone gives, for every
    /// kind of item (both sizes, zeros, one side only, text only, nothing).
    @Test func theSizingLoopGivesEachRuleTheSizesOfItemsSizedOneByOne() throws {
        let items: [Item] = [
            Item(id: "wide", fields: ["w": 400, "h": 100]), Item(id: "small", fields: ["w": 40, "h": 30]),
            Item(id: "tall", fields: ["w": 100, "h": 2000]), Item(id: "zero", fields: ["w": 0, "h": 50]),
            Item(id: "width", fields: ["w": 70]), Item(id: "height", fields: ["h": 60]),
            Item(id: "text", fields: ["text": "a few words of text"]), Item(id: "none", fields: [:]),
        ]
        let proposal = Size(width: 200, height: 500)
        let expected: [SizingRule: [Size]] = [
            .fit: [s(200, 50), s(40, 30), s(25, 500), s(0, 50), s(70, 500), s(200, 60), s(200, 20), s(200, 500)],
            .fillWidth: [s(200, 50), s(200, 150), s(200, 4000), s(0, 50), s(70, 500), s(200, 60), s(200, 20), s(200, 500)],
            .intrinsic: [s(400, 100), s(40, 30), s(100, 2000), s(0, 50), s(70, 500), s(200, 60), s(200, 500), s(200, 500)],
            .fill: Array(repeating: proposal, count: 8),
        ]
        for rule in SizingRule.allCases {
            let context = LayoutContext(dataset: Dataset(items: items), sizing: ItemSizing(rule: rule))
            let oneByOne = try (0..<items.count).map { try context.size(at: $0, proposed: proposal) }
            #expect(try context.sizes(proposed: proposal) == oneByOne, "\(rule)")
            #expect(oneByOne == expected[rule], "\(rule)")
        }
    }
}

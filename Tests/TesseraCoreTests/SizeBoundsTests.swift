import Testing
@testable import TesseraCore

/// The dataset bounds that let a layout loop skip checking each size: they prove finite only
/// what every item's size is, and a layout whose loop skips the check still refuses an
/// infinite size with the same message, even in a dimension it never reads.
@Suite struct SizeBoundsTests {
    private func bounds(_ sizes: [(Double, Double)]) -> SizeBounds {
        SizeBounds(widths: sizes.map(\.0), heights: sizes.map(\.1))
    }

    private let container = Size(width: 375, height: 812)

    @Test func ordinarySizesAreFiniteUnderEveryRule() {
        let b = bounds([(300, 200), (.nan, 40), (0, 0), (1200, .nan)])
        for rule in SizingRule.allCases {
            #expect(b.provesFinite(ItemSizing(rule: rule), proposed: container), "\(rule)")
        }
    }

    @Test func anInfiniteSizeOrProposalProvesNothing() {
        #expect(!bounds([(300, .infinity)]).provesFinite(ItemSizing(rule: .intrinsic), proposed: container))
        #expect(!bounds([(-.infinity, 3)]).provesFinite(ItemSizing(rule: .fill), proposed: container))
        #expect(!bounds([(300, 200)]).provesFinite(ItemSizing(), proposed: Size(width: 375, height: .infinity)))
        #expect(!bounds([(300, 200)]).provesFinite(ItemSizing(), proposed: Size(width: .nan, height: 812)))
        #expect(!bounds([(300, 200)]).provesFinite(ItemSizing(), proposed: Size(width: -1, height: 812)))
    }

    @Test func anItemWithoutASizeIsProvedOnlyWhereTheRuleIgnoresItsText() {
        let b = bounds([(300, 200), (.nan, .nan)])
        #expect(!b.provesFinite(ItemSizing(rule: .fit), proposed: container))
        #expect(!b.provesFinite(ItemSizing(rule: .fillWidth), proposed: container))
        #expect(b.provesFinite(ItemSizing(rule: .intrinsic), proposed: container))
        #expect(b.provesFinite(ItemSizing(rule: .fill), proposed: container))
    }

    @Test func scalingThatCouldOverflowIsLeftToThePerItemCheck() {
        // fit scales h·pw (and pw·ph): 1e299 · 375 passes 2^1000; 1e290 · 375 does not.
        #expect(!bounds([(1e300, 1e299)]).provesFinite(ItemSizing(rule: .fit), proposed: container))
        #expect(bounds([(1e300, 1e290)]).provesFinite(ItemSizing(rule: .fit), proposed: container))
        #expect(!bounds([(1, 1)]).provesFinite(ItemSizing(rule: .fit), proposed: Size(width: 1e200, height: 1e200)))
        // fillWidth divides by the smallest positive width.
        #expect(!bounds([(1e-300, 1e10), (5, 5)]).provesFinite(ItemSizing(rule: .fillWidth), proposed: container))
        #expect(bounds([(1e-30, 1e10), (5, 5)]).provesFinite(ItemSizing(rule: .fillWidth), proposed: container))
    }

    @Test func aWaterfallStillRefusesAnInfiniteWidthItNeverReads() throws {
        // fit: 1e300 wide fits the column; 1.5e300 high is scaled to the 1e300 container, and the
        // width with it: 1e300 · 1e300 / 1.5e300 overflows while the height stays finite.
        // Built in code: a dataset file refuses such sizes (past `Item.largestSize`).
        let dataset = Dataset(items: [Item(id: "a", size: Size(width: 1e300, height: 1.5e300))], sourceName: "tall.jsonl")
        let context = LayoutContext(dataset: dataset, collectionSize: Size(width: 1e300, height: 1e300))
        let message = "tall.jsonl: item 0 (id \"a\") is 1e+300 x 1.5e+300, which the fit sizing rule scales to inf x 1e+300 for a 1e+300 x 1e+300 container, too large for a number; expected an item size with a less extreme aspect ratio"
        #expect(throws: LayoutError(message)) { try WaterfallLayout(columns: 1).frames(context) }
    }

    @Test func provedAndCheckedLoopsGiveTheSameSizes() throws {
        // The same items under a proposal the bounds prove (375 wide) and one they cannot
        // (infinitely tall): each item's size agrees with the one-at-a-time query.
        let dataset = Dataset.synthetic(count: 40) { i in Size(width: Double(50 + 37 * i % 400), height: Double(20 + 53 * i % 300)) }
        let context = LayoutContext(dataset: dataset, collectionSize: container)
        for proposal in [Size(width: 122, height: 812), Size(width: 122, height: .infinity)] {
            let sizes = try context.sizes(proposed: proposal)
            #expect(sizes == (0..<40).map { try! context.size(at: $0, proposed: proposal) })
        }
        #expect(dataset.sizeBounds.provesFinite(ItemSizing(), proposed: Size(width: 122, height: 812)))
        #expect(!dataset.sizeBounds.provesFinite(ItemSizing(), proposed: Size(width: 122, height: .infinity)))
    }
}

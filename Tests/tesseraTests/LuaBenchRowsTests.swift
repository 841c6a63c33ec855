import Testing
import TesseraCore
@testable import tessera

/// `tessera bench lua`'s rows, on a few hundred items: every row's name, in order, and the
/// unsized text items' rows, which guard what `ctx:size` costs on an item with no size.
@Suite struct LuaBenchRowsTests {
    @Test func theSuiteReportsItsRowsInOrderWithTheUnsizedTextItemsAgainstTheirOwnBaselines() throws {
        var rows: [BenchResult] = []
        try LuaBench.run(counts: [300], quick: true) { rows.append($0) }
        let unsizedBaseline = "the same loop over a plain Lua array of the text items' heights, frames discarded"
        #expect(rows.map(\.name) == BenchSmokeTests.luaRows)
        #expect(rows[8].name == "baseline: " + unsizedBaseline)
        #expect(Set(rows.map(\.suite)) == ["lua"])
        #expect(Set(rows.map(\.n)) == [300])
        let (base, unsized, native) = (rows[8], rows[9], rows[11])
        #expect(base.baseline == unsizedBaseline)
        #expect(base.baseline_median_ms == base.median_ms)
        #expect(unsized.baseline == unsizedBaseline)
        #expect(unsized.baseline_median_ms == base.median_ms)
        #expect(unsized.notes == ["x_slower": unsized.median_ms / base.median_ms, "ns_per_item": unsized.median_ms * 1e6 / 300])
        #expect(native.baseline == "native WaterfallLayout frames, same text items")
        #expect(native.median_ms == unsized.median_ms)
        #expect(native.notes == nil)
        let visible = rows[16]
        #expect(visible.baseline == "native visible query, same frames")
        #expect(visible.notes?["x_slower"] == visible.median_ms / visible.baseline_median_ms!)
        #expect(visible.notes?["hits_per_query"].map { $0 > 0 } == true)
    }

    /// The items carry text and no size, so the sizing rule measures each one's text.
    @Test func theTextItemsHaveNoSizeAndTextOfSeveralWords() {
        let items = LuaBench.textItems(count: 50)
        #expect(items.count == 50)
        #expect(items.widths.allSatisfy(\.isNaN) && items.heights.allSatisfy(\.isNaN))
        let words = (0..<50).map { items.text(at: $0)?.split(separator: " ").count ?? 0 }
        #expect(words.allSatisfy { (3...14).contains($0) })
        #expect(Set(words).count > 5)
        #expect(LuaBench.textItems(count: 50).text(at: 49) == items.text(at: 49))
        let context = LayoutContext(dataset: items, collectionSize: Size(width: 375, height: 812))
        #expect(Set((0..<50).map { (try? context.size(at: $0, proposed: Size(width: 122, height: 812)).height) ?? 0 }).count > 1)
    }
}

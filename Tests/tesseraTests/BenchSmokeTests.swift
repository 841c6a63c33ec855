import Foundation
import Testing
@testable import tessera

/// Every `tessera bench` suite run at smoke size (a few hundred to a few thousand items) in the
/// debug test build, so the internal checks and the suites' own checks see the benches' data,
/// as no run of `tessera bench` in a debug build otherwise does. Each suite must report exactly
/// the rows it promises, in order, at the smoke sizes, with finite positive medians.
///
/// The preview suite is left out: it measures a headless Chromium painting a real preview
/// session's page (seconds of browser start-up and pauses between saves, whatever the size),
/// and drops from a row a save that a busy machine turned into a timeout; the browser tests
/// and `PreviewServerTests` cover what it runs.
@Suite struct BenchSmokeTests {
    /// Each suite's rows: name and item count, in the order it reports them.
    static let expected: [String: [(String, Int)]] = [
        "layout": [300, 2_000].flatMap { n in
            [("waterfall frames (3 columns)", n), ("waterfall layout+index", n), ("flow layout+index", n)]
        } + [("FramesResult.init (validation + index)", 2_000), ("JSON output, 1M items (waterfall)", 2_000)],
        "visible": [("waterfall 3 columns: index build", 2_000), ("waterfall 3 columns: viewport query", 2_000),
                    ("scatter 2-D shuffled: index build", 2_000), ("scatter 2-D shuffled: viewport query", 2_000)],
        "diff": [("Int ids, 5 sections x 20,001, 15% replaced", 1_005)]
            + [(500, "20% del, 20% ins, 4% shuffled"), (2_000, "10% del, 10% ins, 2% shuffled"),
               (2_000, "1% del, 1% ins, 0.2% shuffled")].flatMap { n, label in
                [("Int ids, " + label, n), ("UUID string ids, " + label, n)]
            },
        "load": [("300k sections of 1 item", 600), ("1M items, 1 section", 2_000), ("1M items, 1,000 sections of 1,000", 2_000),
                 ("1M items, 1M sections of 1", 2_000)],
        "lua": [300, 2_000].flatMap { n in luaRows.map { ($0, n) } },
        "animator": [("wobble script, scroll tick of 30 views", 30)],
        "engine": [("scroll 1M waterfall, 100 steps", 2_000), ("scroll App Store kinds 100k, 100 steps", 1_000),
                   ("reload 100k items, 10% changed", 1_000), ("reload 100k items from a Lua array, one changed", 1_000),
                   ("apply 20 measurements near the viewport, 1M-item feed", 2_000)],
        "compositional": [("App Store kinds: layout+index", 1_000), ("element query, pinned headers + shelf offsets", 10_000)],
        "test": [("10 snapshot tests of 1k-item layouts", 10_000)],
    ]

    /// The lua suite's rows at each size (`LuaBenchRowsTests` checks their baselines).
    static let luaRows = [
        "baseline: Lua waterfall over a plain Lua array, frames discarded",
        "scripted waterfall frames (ctx:size + ctx.set)",
        "same loop, ctx:size only, frames discarded",
        "justified rows, w and h via ctx:column (ctx.set)",
        "justified rows, w and h via ctx:item(i).w (ctx.set)",
        "justified rows, w and h from plain arrays, frames discarded",
        "baseline: the plainly written loop over a plain Lua array, frames discarded",
        "waterfall written plainly (ctx:size(i, w, ctx.height), p.* in the loop; ctx.set)",
        "baseline: the same loop over a plain Lua array of the text items' heights, frames discarded",
        "scripted waterfall frames, unsized text items (ctx:size + ctx.set)",
        "scripted waterfall frames (ctx.set)",
        "scripted waterfall frames, unsized text items (ctx.set)",
        "scripted waterfall layout+index",
        "scripted waterfall frames (returns {x,y,w,h})",
        "scripted waterfall frames, --time-limit 30",
        "scripted waterfall frames, --max-instructions",
        "scripted visible (layouts/grid.lua), viewport query",
    ]

    @Test func everySuiteButThePreviewIsSmokeTested() {
        #expect(Set(BenchCommand.suites.map { $0.name }) == Set(Self.expected.keys).union(["preview"]))
    }

    @Test(arguments: BenchCommand.suites.filter { $0.name != "preview" }.map { $0.name })
    func aSmokeRunReportsEveryRowWithFinitePositiveMedians(suite: String) throws {
        let bench = try #require(BenchCommand.suites.first { $0.name == suite })
        var rows: [BenchResult] = []
        try bench.run(.smoke) { rows.append($0) }
        let expected = try #require(Self.expected[suite])
        #expect(rows.map(\.name) == expected.map(\.0))
        #expect(rows.map(\.n) == expected.map(\.1))
        for row in rows {
            #expect(row.suite == suite, "\(row.name)")
            #expect(row.median_ms.isFinite && row.median_ms > 0, "\(row.name): median \(row.median_ms)")
            if let base = row.baseline_median_ms {
                #expect(base.isFinite && base > 0, "\(row.name): baseline \(base)")
                #expect(row.ratio == base / row.median_ms, "\(row.name)")
            }
            for (key, value) in row.notes ?? [:] { #expect(value.isFinite, "\(row.name): \(key) \(value)") }
        }
    }
}

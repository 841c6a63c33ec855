import Foundation
import Testing
@_spi(Testing) import TesseraCore
import TesseraLua
@testable import tessera

/// `tessera bench LAYOUT.lua --data FILE`'s `viewport query` row: the index's answers are checked
/// against a scan of the frames as drawn, pinned items and sideways sections included.
@Suite struct ScriptBenchCrossCheckTests {
    @Test func answersThatDifferFailNamingTheViewportAndTheItems() {
        let viewport = Rect(x: 0, y: 1200.5, width: 375, height: 812)
        let error = #expect(throws: CLIError.self) {
            try ScriptBench.crossCheck([Rect(x: 0, y: 0, width: 375, height: 812), viewport],
                                       index: { $0.y == 0 ? [1, 2] : [1, 2, 3] }, scan: { $0.y == 0 ? [2, 1] : [2, 3, 4, 9] })
        }
        #expect(error?.description == "bench: the spatial index and a linear scan of the frames disagree on the viewport "
                + "375x812 at 0,1200.5: items only the index finds: 1; only the scan: 4, 9")
    }

    @Test func longListsAreCut() {
        let error = #expect(throws: CLIError.self) {
            try ScriptBench.crossCheck([Rect(x: -10, y: 20, width: 100, height: 50)], index: { _ in Array(0..<8) }, scan: { _ in [] })
        }
        #expect(error?.description == "bench: the spatial index and a linear scan of the frames disagree on the viewport "
                + "100x50 at -10,20: items only the index finds: 0, 1, 2, 3, 4 and 3 more; only the scan: none")
    }

    /// The App Store screen (sideways shelves, pinned category headers) and a sticky waterfall
    /// (pinned items): the scan of drawn frames agrees with the index at every offset tried,
    /// where a scan of the resting frames does not.
    @Test(arguments: [("layouts/appstore.lua", "datasets/appstream-bookworm.json"),
                      ("sticky.lua", "datasets/examples/photos.jsonl")])
    func theScanOfDrawnFramesAgreesWithTheIndexOnPinnedAndSidewaysLayouts(script: String, data: String) throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sticky = folder.appendingPathComponent("sticky.lua")
        try "local t = require(\"tessera\")\nreturn t.waterfall{ columns = 1, spacing = 4 }:sticky()\n"
            .write(to: sticky, atomically: true, encoding: .utf8)
        let host = try LuaHost()
        let path = script == "sticky.lua" ? sticky.path : repositoryRoot.appendingPathComponent(script).path
        let layout = try host.layout(named: path)
        let viewport = Size(width: 375, height: script == "sticky.lua" ? 300 : 812)
        let context = LayoutContext(dataset: try DatasetLoader.load(path: repositoryRoot.appendingPathComponent(data).path),
                                    collectionSize: viewport)
        let result = try layout.layout(context)
        let frames = try result.allFrames
        var random = SplitMix64(seed: 777)
        let queries = (0..<60).map { _ in
            // Sideways too: past a shelf's scroller, its items at rest lie outside what it shows.
            Rect(x: random.unit() * 1000 - 200, y: random.unit() * max(0, result.contentSize.height - viewport.height),
                 width: viewport.width, height: viewport.height)
        }
        try ScriptBench.crossCheck(queries, index: { try result.visible(in: $0) }, scan: { try ScriptBench.drawnScan(result, $0) })
        #expect(try queries.contains { try Set(result.visible(in: $0)) != Set(VisibleBench.linearScan(frames, $0)) })
    }
}

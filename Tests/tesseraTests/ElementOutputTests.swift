import Foundation
import Testing

/// `run --format json` elements: supplementaries, decorations and, with --offset,
/// visibleElements with pinned headers at their pinned place.
@Suite struct ElementOutputTests {
    struct Report: Decodable {
        struct Element: Decodable, Equatable {
            var category: String?
            var kind: String
            var section: Int
            var index: Int?
            var frame: [Double]
            var zIndex: Int
            var pinned: Bool?
        }
        var contentSize: [Double]
        var supplementaries: [Element]
        var decorations: [Element]?
        var visible: [Int]?
        var visibleElements: [Element]?
    }

    @Test func sectionedScriptPrintsOnePinnedHeaderPerSection() throws {
        let run = try runTessera(["run", "layouts/sectioned.lua", "--data", "datasets/tuxpaint-stamps.json",
                                  "--offset", "0,3000", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8))
        #expect(report.supplementaries.count == 16)
        #expect(report.supplementaries.map(\.section) == Array(0..<16))
        #expect(report.supplementaries.allSatisfy { $0.kind == "header" && $0.pinned == true && $0.zIndex == 1 && $0.frame[3] == 44 })
        #expect(report.supplementaries[0].frame == [0, 0, 375, 44])
        // At y 3000 the first section (5607 tall) is on screen: its header is pinned at the top.
        #expect(report.visibleElements == [.init(category: "supplementary", kind: "header", section: 0, index: nil,
                                                 frame: [0, 3000, 375, 44], zIndex: 1, pinned: true)])
        #expect(report.decorations == nil)
    }
}

import Foundation
import Testing

/// `run --rtl` mirrors any layout, built-in or scripted, around its content width:
/// x' = W − x − w for items and elements, y unchanged.
@Suite struct RightToLeftCLITests {
    struct Report: Decodable {
        struct Item: Decodable { var id: JSONID; var frame: [Double] }
        struct Element: Decodable { var kind: String; var section: Int; var frame: [Double] }
        var contentSize: [Double]
        var items: [Item]
        var supplementaries: [Element]
        var visible: [Int]?
    }
    /// An id printed as a number or a string.
    struct JSONID: Decodable, Equatable {
        var text: String
        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let s = try? c.decode(String.self) { text = s } else { text = String(try c.decode(Int.self)) }
        }
    }

    func report(_ arguments: [String]) throws -> Report {
        let run = try runTessera(["run"] + arguments + ["--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        return try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8))
    }

    func mirrored(_ f: [Double], width: Double) -> [Double] { [width - f[0] - f[2], f[1], f[2], f[3]] }

    func expectMirrored(_ arguments: [String], elements: Bool) throws {
        let ltr = try report(arguments), rtl = try report(arguments + ["--rtl"])
        let width = ltr.contentSize[0]
        #expect(rtl.contentSize == ltr.contentSize)
        #expect(rtl.items.map(\.id) == ltr.items.map(\.id))
        #expect(rtl.items.map(\.frame) == ltr.items.map { mirrored($0.frame, width: width) })
        #expect(!ltr.supplementaries.isEmpty == elements)
        #expect(rtl.supplementaries.map(\.frame) == ltr.supplementaries.map { mirrored($0.frame, width: width) })
        // Some item actually moved.
        #expect(zip(rtl.items, ltr.items).contains { $0.frame != $1.frame })
    }

    @Test func the_builtin_waterfall_is_mirrored() throws {
        try expectMirrored(["waterfall", "--param", "columns=3", "--param", "spacing=5"], elements: false)
        // The visible query answers for the mirrored picture: a viewport hanging 200 points off
        // the left edge of the mirror (x −200..175 of 375) shows what x 200..575 showed.
        let left = try report(["waterfall", "--param", "columns=3", "--offset", "-200,0"] + ["--rtl"])
        let right = try report(["waterfall", "--param", "columns=3", "--offset", "200,0"])
        let all = try report(["waterfall", "--param", "columns=3", "--offset", "0,0"])
        #expect(left.visible != nil && left.visible == right.visible && left.visible != all.visible)
    }

    @Test func a_scripted_layout_is_mirrored_with_its_headers() throws {
        try expectMirrored(["layouts/sectioned.lua", "--data", "datasets/tuxpaint-stamps.json"], elements: true)
    }
}

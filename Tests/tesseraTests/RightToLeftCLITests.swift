import Foundation
import Testing

/// `run --rtl` mirrors any layout, built-in or scripted, around the viewport width:
/// x' = W − x − w for items and elements, y unchanged. W is the container's width, not the
/// content's, because that is what CSS `direction: rtl` and UIKit's right-to-left collection
/// views do: a line that doesn't reach the right edge starts from it.
@Suite struct RightToLeftCLITests {
    // The part of run's JSON this suite reads; each CLI suite decodes what it checks.
    struct Report: Decodable {
        struct Item: Decodable { var id: JSONID; var frame: [Double] }
        struct Element: Decodable { var kind: String; var section: Int; var frame: [Double] }
        var viewport: [Double]
        var contentSize: [Double]
        var contentOrigin: [Double]?
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
        let width = ltr.viewport[0]
        #expect(rtl.contentSize == ltr.contentSize)
        #expect(rtl.items.map(\.id) == ltr.items.map(\.id))
        #expect(rtl.items.map(\.frame) == ltr.items.map { mirrored($0.frame, width: width) })
        #expect(!ltr.supplementaries.isEmpty == elements)
        #expect(rtl.supplementaries.map(\.frame) == ltr.supplementaries.map { mirrored($0.frame, width: width) })
        // Some item actually moved.
        #expect(zip(rtl.items, ltr.items).contains { $0.frame != $1.frame })
    }

    @Test func theBuiltinWaterfallIsMirrored() throws {
        try expectMirrored(["waterfall", "--param", "columns=3", "--param", "spacing=5"], elements: false)
        // The visible query answers for the mirrored picture: a viewport hanging 200 points off
        // the left edge of the mirror (x −200..175 of 375) shows what x 200..575 showed.
        let left = try report(["waterfall", "--param", "columns=3", "--offset", "-200,0"] + ["--rtl"])
        let right = try report(["waterfall", "--param", "columns=3", "--offset", "200,0"])
        let all = try report(["waterfall", "--param", "columns=3", "--offset", "0,0"])
        #expect(left.visible != nil && left.visible == right.visible && left.visible != all.visible)
    }

    /// A row wider than the viewport hangs off its left edge: the report says where the content
    /// starts, as the left-to-right one (at 0) does not.
    @Test func aWideRowSaysItsContentStartsAtNegativeX() throws {
        let args = ["row", "--data", "datasets/images-wallpapers.json"]
        let ltr = try report(args), rtl = try report(args + ["--rtl"])
        #expect(ltr.contentOrigin == nil)
        #expect(rtl.contentOrigin == [ltr.viewport[0] - ltr.contentSize[0], 0])
        #expect(rtl.items.map(\.frame[0]).min() == rtl.contentOrigin?[0])
    }

    @Test func aScriptedLayoutIsMirroredWithItsHeaders() throws {
        try expectMirrored(["layouts/sectioned.lua", "--data", "datasets/tuxpaint-stamps.json"], elements: true)
    }

    /// A line narrower than the viewport starts from its right edge, as a browser draws
    /// `dir="rtl"`: mirrored around the content width (100) it would stay against the left edge.
    @Test func aShortLineStartsFromTheRightEdgeOfTheViewport() throws {
        let dir = try temporaryDirectory()
        let data = dir.appendingPathComponent("r.json")
        try #"{"items":[{"id":"a","w":50,"h":10},{"id":"b","w":50,"h":10}]}"#.write(to: data, atomically: true, encoding: .utf8)
        let rtl = try report(["flow", "--data", data.path, "--viewport", "140x120", "--sizing", "intrinsic", "--rtl"])
        #expect(rtl.items.map(\.id.text) == ["a", "b"])
        #expect(rtl.items.map(\.frame) == [[90, 0, 50, 10], [40, 0, 50, 10]])
        #expect(rtl.contentSize == [100, 10])
        #expect(rtl.contentOrigin == [40, 0])   // the content box mirrored: 140 − 0 − 100
        // Centred, the row stays centred in the viewport (it went to the left edge before).
        let centred = try report(["flow", "--data", data.path, "--viewport", "140x120", "--sizing", "intrinsic",
                                  "--param", "justifyContent=center", "--rtl"])
        #expect(centred.items.map(\.frame) == [[70, 0, 50, 10], [20, 0, 50, 10]])
    }

    /// The content box is mirrored with the frames, so origin and size always contain them: a
    /// line of 100 in a 140 viewport starts at 40, one of exactly 140 at 0 (no origin reported),
    /// one of 200 at −60. `check --rtl` measures the items against that box.
    @Test func theContentBoxFollowsTheMirror() throws {
        let dir = try temporaryDirectory()
        /// A line of items `widths` wide and 10 high, in a file.
        func line(_ name: String, _ widths: [Int]) throws -> String {
            let data = dir.appendingPathComponent("\(name).json")
            let items = widths.enumerated().map { #"{"id":"\#($0.offset)","w":\#($0.element),"h":10}"# }
            try #"{"items":[\#(items.joined(separator: ","))]}"#.write(to: data, atomically: true, encoding: .utf8)
            return data.path
        }
        let shape = ["--viewport", "140x120", "--sizing", "intrinsic", "--rtl"]
        let narrow = try line("narrow", [50, 50]), exact = try line("exact", [90, 50]), wide = try line("wide", [200])
        let short = try report(["flow", "--data", narrow] + shape)
        #expect(short.items.map(\.frame) == [[90, 0, 50, 10], [40, 0, 50, 10]])
        #expect(short.contentOrigin == [40, 0] && short.contentSize == [100, 10])
        let full = try report(["flow", "--data", exact] + shape)
        #expect(full.items.map(\.frame) == [[50, 0, 90, 10], [0, 0, 50, 10]])
        #expect(full.contentOrigin == nil && full.contentSize == [140, 10])
        let long = try report(["flow", "--data", wide] + shape)
        #expect(long.items.map(\.frame) == [[-60, 0, 200, 10]])
        #expect(long.contentOrigin == [-60, 0] && long.contentSize == [200, 10])

        let text = try runTessera(["run", "flow", "--data", narrow, "--format", "text"] + shape)
        #expect(text.stdout.split(separator: "\n").filter { $0.hasPrefix("content size:") } == ["content size: 100 x 10 at 40,0"])

        for (path, facts) in [(narrow, "2 items, content 100x10 at (40, 0)"), (exact, "2 items, content 140x10"),
                              (wide, "1 item, content 200x10 at (-60, 0)")] {
            let check = try runTessera(["check", "flow", "--data", path] + shape)
            #expect(check.status == 0, "\(check.stderr)")
            #expect(check.stdout == "flow: ok on \(path): \(facts), 0 warnings\n")
        }
    }
}

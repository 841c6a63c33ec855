import Foundation
import Testing

/// `scroll` and `animate` give the viewport's guides to the engine, as `run` gives them to its
/// layout: a compositional section measured from the safe area (the configuration's default) is
/// inset in every pass. Rows half as tall as they are wide show it along the scroll axis too.
@Suite struct EngineGuidesCLITests {
    static let script = """
        local t = require("tessera")
        return t.compositional{ section = t.section{
          group = t.hgroup{ size = { "100%", t.fw(0.5) }, items = { t.item{ size = { "100%", "100%" } } } } } }
        """

    func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("engine-guides-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.script.write(to: folder.appendingPathComponent("rows.lua"), atomically: true, encoding: .utf8)
        try #"[{"id": 1}, {"id": 2}, {"id": 3}, {"id": 4}, {"id": 5}, {"id": 6}]"#
            .write(to: folder.appendingPathComponent("d.json"), atomically: true, encoding: .utf8)
        try #"[{"id": 1}, {"id": 3}, {"id": 4}, {"id": 5}, {"id": 6}]"#
            .write(to: folder.appendingPathComponent("d2.json"), atomically: true, encoding: .utf8)
        return folder
    }

    struct Scroll: Decodable {
        struct Step: Decodable, Equatable { var offset: [Double]; var visible: Int; var inserted: [Int]; var deleted: [Int] }
        var steps: [Step]
    }

    /// Inside the safe area (20 left, 40 right) the rows are 240 wide and 120 tall: the content
    /// is 720 tall, its last screen at 470 shows rows 4 to 6; without guides 150-tall rows end
    /// at 900 and the last screen (650) shows rows 5 and 6.
    @Test func scrollLaysOutWithTheGuides() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        func steps(_ extra: [String]) throws -> [Scroll.Step] {
            let run = try runTessera(["scroll", "rows.lua", "--data", "d.json", "--viewport", "300x250", "--steps", "2",
                                      "--format", "json"] + extra, in: dir)
            #expect(run.status == 0, "\(run.stderr)")
            return try JSONDecoder().decode(Scroll.self, from: Data(run.stdout.utf8)).steps
        }
        #expect(try steps(["--safe-area", "30,20,10,40"]) == [
            .init(offset: [0, 0], visible: 3, inserted: [1, 2, 3], deleted: []),
            .init(offset: [0, 470], visible: 3, inserted: [4, 5, 6], deleted: [1, 2, 3]),
        ])
        #expect(try steps([]) == [
            .init(offset: [0, 0], visible: 2, inserted: [1, 2], deleted: []),
            .init(offset: [0, 650], visible: 2, inserted: [5, 6], deleted: [1, 2]),
        ])
        let bad = try runTessera(["scroll", "rows.lua", "--data", "d.json", "--layout-margins", "1,2"], in: dir)
        #expect(bad.status == 64 && bad.stderr.contains("--layout-margins '1,2' is not valid; expected one non-negative length or four as T,L,B,R, for example 0,44,21,44"),
                "\(bad.stderr)")
    }

    /// The animation of a reload moves the views within the safe area.
    @Test func animateLaysOutWithTheGuides() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try runTessera(["animate", "rows.lua", "--data", "d.json", "--to", "d2.json", "--viewport", "300x250",
                                  "--offset", "0,0", "--safe-area", "0,20,0,40"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        struct Timeline: Decodable {
            struct State: Decodable { var frame: [Double] }
            struct Track: Decodable { var id: Int; var event: String; var from: State; var to: State }
            var tracks: [Track]
        }
        let tracks = try JSONDecoder().decode(Timeline.self, from: Data(run.stdout.utf8)).tracks
        #expect(tracks.map { "\($0.id) \($0.event) \($0.from.frame) -> \($0.to.frame)" } == [
            "2 delete [20.0, 120.0, 240.0, 120.0] -> [20.0, 120.0, 240.0, 120.0]",
            "3 move [20.0, 240.0, 240.0, 120.0] -> [20.0, 120.0, 240.0, 120.0]",
            "4 update [20.0, 360.0, 240.0, 120.0] -> [20.0, 240.0, 240.0, 120.0]",
        ])
    }

    /// `preview` takes the same option group: its help lists the guides, and a bad one is a
    /// usage error in the same words before anything is served.
    @Test func previewTakesTheGuideOptions() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = try runTessera(["preview", "rows.lua", "--data", "d.json", "--readable-width", "wide"], in: dir)
        #expect(bad.status == 64 && bad.stderr.contains("--readable-width 'wide' is not valid; expected a non-negative length, for example 672"),
                "\(bad.stderr)")
        #expect(bad.stdout == "")
        let help = try runTessera(["preview", "--help"], in: dir)
        for flag in ["--safe-area <T,L,B,R>", "--layout-margins <T,L,B,R>", "--readable-width <W>"] {
            #expect(help.stdout.contains(flag), "\(flag)")
        }
    }
}

import Foundation
import Testing

/// `run` with a compositional script: the JSON carries headers, orthogonal sections and their
/// content sizes, and `--section-offset` scrolls a shelf for `visible`.
@Suite struct CompositionalCLITests {
    struct Report: Decodable {
        struct Orthogonal: Decodable { var section: Int; var frame: [Double]; var contentSize: [Double]; var offset: [Double] }
        struct Element: Decodable { var kind: String; var section: Int; var pinned: Bool? }
        var orthogonal: [Orthogonal]?
        var supplementaries: [Element]
        var decorations: [Element]?
        var visible: [Int]?
    }

    func report(_ extra: [String]) throws -> Report {
        let run = try runTessera(["run", "layouts/appstore.lua", "--data", "datasets/appstream-bookworm.json",
                                  "--viewport", "375x400", "--format", "json"] + extra)
        #expect(run.status == 0, "\(run.stderr)")
        return try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8))
    }

    @Test func sectionOffsetsScrollTheShelvesTheVisibleQuerySees() throws {
        let rest = try report(["--offset", "0,60"])
        #expect(rest.supplementaries.count == 12 && rest.supplementaries.allSatisfy { $0.kind == "header" && $0.pinned == true })
        let shelves = rest.orthogonal ?? []
        #expect(shelves.count == 10 && shelves.first?.frame == [0, 50, 375, 160])
        #expect(shelves.first?.contentSize == [15 + 423 * 345 + 15, 160])
        #expect(rest.decorations?.map(\.section) == [10, 11])
        // At rest the featured shelf shows its first card and the edge of the second; scrolled
        // to 2 · 345 the third card is centred with its neighbours peeking in.
        #expect(rest.visible?.prefix(2) == [0, 1])
        let scrolled = try report(["--offset", "0,60", "--section-offset", "0=690,0"])
        #expect(scrolled.orthogonal?.first?.offset == [690, 0])
        #expect(scrolled.visible?.prefix(3) == [1, 2, 3])
        let bad = try runTessera(["run", "grid", "--section-offset", "1=x,2"])
        #expect(bad.status != 0 && bad.stderr.contains("--section-offset '1=x,2' is not valid; expected S=X,Y with a 0-based section and two finite numbers, for example 1=120,0"))
    }

    /// A section offset beyond what the shelf can scroll to is drawn, and reported, where a scroll
    /// view keeps it: within its own content (towards negative x right to left), on its own axis
    /// only. The content offset is the rectangle `visible` answers for, taken as given.
    @Test func offsetsAreKeptWithinWhatTheyScroll() throws {
        let room = Double(15 + 423 * 345 + 15 - 375)
        #expect(try report(["--section-offset", "0=1e6,50"]).orthogonal?.first?.offset == [room, 0])
        #expect(try report(["--section-offset", "0=-20,0"]).orthogonal?.first?.offset == [0, 0])
        #expect(try report(["--rtl", "--section-offset", "0=-1e6,0"]).orthogonal?.first?.offset == [-room, 0])
        #expect(try report(["--rtl", "--section-offset", "0=20,0"]).orthogonal?.first?.offset == [0, 0])
        #expect(try report(["--offset", "0,1e15"]).visible == [])
    }

    /// `--safe-area`, `--layout-margins` and `--readable-width` are the viewport's guides a
    /// section's `contentInsetsReference` measures its insets from; bad values are refused.
    @Test func theViewportsGuidesComeFromTheCommandLine() throws {
        struct Items: Decodable { struct Item: Decodable { var frame: [Double] }; var items: [Item] }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("guides-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("rows.lua").path
        try """
            local t = require("tessera")
            return t.compositional{ contentInsetsReference = "layoutMargins", sections = {
              t.section{ group = t.hgroup{ size = { "100%", 40 }, items = { t.item{} } }, insets = { leading = 1 } },
              t.section{ group = t.hgroup{ size = { "100%", 40 }, items = { t.item{} } }, contentInsetsReference = "readableContent" },
              t.section{ group = t.hgroup{ size = { "100%", 40 }, items = { t.item{} } }, contentInsetsReference = "none" } } }
            """.write(toFile: script, atomically: true, encoding: .utf8)
        let data = folder.appendingPathComponent("d.json").path
        try #"[{"id": 1, "s": "a"}, {"id": 2, "s": "b"}, {"id": 3, "s": "c"}]"#.write(toFile: data, atomically: true, encoding: .utf8)
        func frames(_ extra: [String]) throws -> [[Double]] {
            let run = try runTessera(["run", script, "--data", data, "--section-by", "s", "--viewport", "400x600", "--format", "json"] + extra)
            #expect(run.status == 0, "\(run.stderr)")
            return try JSONDecoder().decode(Items.self, from: Data(run.stdout.utf8)).items.map(\.frame)
        }
        #expect(try frames([]) == [[1, 0, 399, 40], [0, 40, 400, 40], [0, 80, 400, 40]])
        #expect(try frames(["--safe-area", "30,10,40,20", "--layout-margins", "5", "--readable-width", "200"])
                == [[16, 0, 359, 40], [95, 40, 200, 40], [0, 80, 400, 40]])
        // Mirrored, the screen's insets stay where they are: the safe area's 10 on the left, 20
        // on the right, and the leading inset of 1 moves to the right.
        #expect(try frames(["--safe-area", "30,10,40,20", "--layout-margins", "5", "--readable-width", "200", "--rtl"])
                == [[15, 0, 359, 40], [95, 40, 200, 40], [0, 80, 400, 40]])
        let bad = try runTessera(["run", "grid", "--safe-area", "1,2,3"])
        #expect(bad.status == 64 && bad.stderr.contains("--safe-area '1,2,3' is not valid; expected one non-negative length or four as T,L,B,R, for example 0,44,21,44"), "\(bad.stderr)")
        let negative = try runTessera(["run", "grid", "--readable-width=-1"])
        #expect(negative.status == 64 && negative.stderr.contains("--readable-width '-1' is not valid; expected a non-negative length, for example 672"), "\(negative.stderr)")
    }

    /// A group's badge prints its `groupLevel`, so it and its first item's badge of the same kind
    /// are two elements in the JSON; a layout without group badges prints none.
    @Test func aGroupBadgeCarriesItsGroupLevelInTheJSON() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("badges-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("badges.lua").path
        try """
            local t = require("tessera")
            local badge = { kind = "badge", size = { 8, 8 }, anchor = "topLeading" }
            return t.compositional{ section = t.section{ group = t.hgroup{ size = { 200, 50 }, supplementaries = { badge },
              items = { t.item{ size = { 100, 50 }, supplementaries = { badge } } } } } }
            """.write(toFile: script, atomically: true, encoding: .utf8)
        let data = folder.appendingPathComponent("d.json").path
        try #"[{"id": "a"}]"#.write(toFile: data, atomically: true, encoding: .utf8)
        let run = try runTessera(["run", script, "--viewport", "200x100", "--format", "json", "--data", data])
        #expect(run.status == 0, "\(run.stderr)")
        struct Badges: Decodable {
            struct Element: Decodable { var kind: String; var index: Int?; var groupLevel: Int?; var frame: [Double] }
            var supplementaries: [Element]
        }
        let badges = try JSONDecoder().decode(Badges.self, from: Data(run.stdout.utf8)).supplementaries
        #expect(badges.map { "\($0.kind) \($0.index ?? -1) \($0.groupLevel.map(String.init) ?? "-") \($0.frame)" }
                == ["badge 0 1 [0.0, 0.0, 8.0, 8.0]", "badge 0 - [0.0, 0.0, 8.0, 8.0]"])
        let plain = try runTessera(["run", "layouts/appstore.lua", "--data", "datasets/appstream-bookworm.json", "--format", "json"])
        #expect(plain.status == 0 && !plain.stdout.contains("groupLevel"))
    }

    @Test func aSectionOffsetForASectionThatDoesNotScrollSidewaysIsRefused() throws {
        // It used to change nothing, silently: a typo in S looked like a shelf that would not move.
        let shelfless = try runTessera(["run", "layouts/appstore.lua", "--data", "datasets/appstream-bookworm.json",
                                        "--section-offset", "1=345,0", "--section-offset", "10=5,0"])
        #expect(shelfless.status == 1 && shelfless.stdout == "")
        #expect(shelfless.stderr == "Error: --section-offset names section 10, which does not scroll sideways; the sections that do are 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 (0-based).\n")
        let flat = try runTessera(["run", "flow", "--section-offset", "0=10,0"])
        #expect(flat.status == 1 && flat.stderr == "Error: --section-offset names section 0, which does not scroll sideways; no section of this layout does.\n")
    }

    /// Items in sideways-scrolling shelves are checked against their shelf's content, not the
    /// screen's width: the App Store screen has no warnings (it had 1,943 "outside" ones).
    @Test func checkFindsNothingOutsideOnTheAppStoreScreen() throws {
        let check = try runTessera(["check", "layouts/appstore.lua", "--data", "datasets/appstream-bookworm.json"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout == "layouts/appstore.lua: ok on datasets/appstream-bookworm.json: 1,988 items, content 375x4149.2, 0 warnings\n")
        #expect(check.stderr == "")
    }

    @Test func theScreenParamPicksTodayOrUpdates() throws {
        let today = try report(["--param", "screen=today"])
        #expect(today.orthogonal == nil && today.decorations == nil)
        #expect(today.supplementaries.count == 12 && today.supplementaries.allSatisfy { $0.kind == "header" && $0.pinned == true })
        let updates = try report(["--param", "screen=updates"])
        #expect(updates.orthogonal == nil && updates.decorations?.map(\.section) == Array(0..<12))
        let bad = try runTessera(["run", "layouts/appstore.lua", "--param", "screen=games"])
        #expect(bad.status != 0 && bad.stderr.hasPrefix("Error: layouts/appstore.lua:88: unknown screen 'games'; expected apps, today or updates.\n"), "\(bad.stderr)")
    }

    @Test func aVisibleItemsHandlerShowsInTheJsonOfVisibleItems() throws {
        let script = try temporaryDirectory().appendingPathComponent("carousel.lua")
        try """
        local t = require("tessera")
        return t.compositional{
          section = t.section{
            group = t.hgroup{ size = { 100, 50 }, items = { t.item{} } },
            orthogonalScrolling = "continuous",
            visibleItemsHandler = function(items, offset, env)
              for _, item in ipairs(items) do
                local f = item.frame
                local d = math.abs(f[1] + f[3] / 2 - offset.x - env.width / 2)
                item.alpha = d <= 50 and 1 or 0.25
                item.zIndex = d <= 50 and 3 or 1
              end
            end,
          },
        }
        """.write(to: script, atomically: true, encoding: .utf8)
        let run = try runTessera(["run", script.path, "--viewport", "300x200", "--offset", "0,0", "--section-offset", "0=150,0"])
        #expect(run.status == 0, "\(run.stderr)")
        struct Styled: Decodable { var index: Int; var frame: [Double]; var zIndex: Int; var alpha: Double? }
        struct Doc: Decodable { var visible: [Int]; var visibleItems: [Styled] }
        let doc = try JSONDecoder().decode(Doc.self, from: Data(run.stdout.utf8))
        #expect(doc.visible == [1, 2, 3, 4])
        // Cards 1 and 4 (150 points off the centre) faded; 2 and 3 keep alpha 1 and so are not listed.
        #expect(doc.visibleItems.map(\.index) == [1, 4])
        #expect(doc.visibleItems.map(\.alpha) == [0.25, 0.25])
        #expect(doc.visibleItems.map(\.frame) == [[-50, 0, 100, 50], [250, 0, 100, 50]])
    }
}

import Foundation
import Testing

/// `tessera animate` (the same change timeline the preview plays on a data save): cells that a
/// reload pushes out of the viewport move out of view; only removed data is deleted.
@Suite struct AnimateMoveOutCLITests {
    @Test func cellsPushedOutOfViewMoveAndOnlyRemovedDataIsDeleted() throws {
        let dir = try temporaryDirectory()
        func items(_ ids: String) -> String {
            "{\"items\": [" + ids.map { "{\"id\": \"\($0)\", \"w\": 100, \"h\": 100}" }.joined(separator: ", ") + "]}"
        }
        // a, b and c show in a 100x250 viewport; x and y come in above them and b is removed.
        try items("abcdef").write(to: dir.appendingPathComponent("old.json"), atomically: true, encoding: .utf8)
        try items("xyacdf").write(to: dir.appendingPathComponent("new.json"), atomically: true, encoding: .utf8)
        let run = try runTessera(["animate", "flow", "--data", "old.json", "--to", "new.json", "--viewport", "100x250",
                                  "--offset", "0,0", "--animator", "fade", "--fps", "2"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let tracks = try #require(document["tracks"] as? [[String: Any]])
        let summary = tracks.map { track -> String in
            let from = ((track["from"] as? [String: Any])?["frame"] as? [Double]) ?? []
            let to = ((track["to"] as? [String: Any])?["frame"] as? [Double]) ?? []
            return "\(track["event"] ?? "") \(track["id"] ?? "") y \(Int(from[1])) -> \(Int(to[1]))"
        }
        #expect(summary == [
            "delete b y 100 -> 100",      // removed from the data: fades out where it was
            "update c y 200 -> 300",      // pushed below the viewport: moves there
            "insert x y 0 -> 0",
            "insert y y 100 -> 100",
            "move a y 0 -> 200",
        ])
    }

    /// An `--offset` beyond the content plays the reload at the last screen, and the JSON's
    /// `offset` says so: six 100-high items in a 250-high viewport scroll to 350 at most.
    @Test func anOffsetBeyondTheContentIsKeptWithinIt() throws {
        let dir = try temporaryDirectory()
        let items = "{\"items\": [" + "abcdef".map { "{\"id\": \"\($0)\", \"w\": 100, \"h\": 100}" }.joined(separator: ", ") + "]}"
        try items.write(to: dir.appendingPathComponent("six.json"), atomically: true, encoding: .utf8)
        let run = try runTessera(["animate", "flow", "--data", "six.json", "--to", "six.json", "--viewport", "100x250",
                                  "--offset", "0,1e15"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == #"{"viewport":[100,250],"offset":[0,350],"duration":0,"tracks":[]}"# + "\n", "\(run.stdout)")
    }

    /// A layout of rows under a 20-high header per section, each row with a 10x10 badge at its
    /// right, and `gap` points after each section; and data with sections A and B.
    static func files(gap: Double, in dir: URL) throws {
        func layout(_ gap: Int) -> String {
            """
            return {
              simpleLayout = function(ctx)
                local y = 0
                for s, section in ipairs(ctx.sections) do
                  ctx.supplementary("header", s, 0, y, ctx.width, 20)
                  y = y + 20
                  for i = section.first, section.first + section.count - 1 do
                    ctx.set(i, 0, y, ctx.width, 50)
                    ctx.supplementary("badge", s, ctx.width - 10, y, 10, 10, { item = i })
                    y = y + 50
                  end
                  y = y + \(gap)
                end
              end,
            }
            """
        }
        try layout(0).write(to: dir.appendingPathComponent("rows.lua"), atomically: true, encoding: .utf8)
        try layout(Int(gap)).write(to: dir.appendingPathComponent("gapped.lua"), atomically: true, encoding: .utf8)
        func data(_ a: [String], _ b: [String]) -> String {
            func items(_ ids: [String]) -> String { ids.map { "{\"id\": \"\($0)\"}" }.joined(separator: ", ") }
            return "{\"sections\": [{\"id\": \"A\", \"items\": [\(items(a))]}, {\"id\": \"B\", \"items\": [\(items(b))]}]}"
        }
        try data(["a1"], ["b1", "b2"]).write(to: dir.appendingPathComponent("old.json"), atomically: true, encoding: .utf8)
        try data(["a1", "a2", "a3"], ["b1", "b2"]).write(to: dir.appendingPathComponent("grown.json"), atomically: true, encoding: .utf8)
        try data(["a1"], ["b1"]).write(to: dir.appendingPathComponent("shrunk.json"), atomically: true, encoding: .utf8)
    }

    /// `event id y from -> to` for each item track, then each element track, of `tessera animate ARGS`.
    static func animate(_ arguments: [String], in dir: URL) throws -> [String] {
        let run = try runTessera(["animate"] + arguments + ["--viewport", "100x150", "--offset", "0,0", "--animator", "fade"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let tracks = (document["tracks"] as? [[String: Any]] ?? []) + (document["elements"] as? [[String: Any]] ?? [])
        return tracks.map { track -> String in
            let from = ((track["from"] as? [String: Any])?["frame"] as? [Double]) ?? []
            let to = ((track["to"] as? [String: Any])?["frame"] as? [Double]) ?? []
            return "\(track["event"] ?? "") \(track["id"] ?? "") y \(Int(from[1])) -> \(Int(to[1]))"
        }
    }

    /// In 100x150: A's header, a1 and its badge, B's header, b1, b2 and their badges show.
    @Test func headersAndBadgesPushedOutOfViewByAReloadMoveWithTheirCells() throws {
        let dir = try temporaryDirectory()
        try Self.files(gap: 100, in: dir)
        // a2 and a3 come into section A: all of B is pushed below the viewport.
        #expect(try Self.animate(["rows.lua", "--data", "old.json", "--to", "grown.json"], in: dir) == [
            "update b1 y 90 -> 190",
            "update b2 y 140 -> 240",
            "insert a2 y 70 -> 70",
            "insert a3 y 120 -> 120",
            "update B-header y 70 -> 170",
            "update b1-badge y 90 -> 190",
            "update b2-badge y 140 -> 240",
            "insert a2-badge y 70 -> 70",
            "insert a3-badge y 120 -> 120",
        ])
        // And back: B's views move in from where they were; a2 and a3 are removed data.
        #expect(try Self.animate(["rows.lua", "--data", "grown.json", "--to", "old.json"], in: dir) == [
            "delete a2 y 70 -> 70",
            "delete a3 y 120 -> 120",
            "update b1 y 190 -> 90",
            "update b2 y 240 -> 140",
            "delete a2-badge y 70 -> 70",
            "delete a3-badge y 120 -> 120",
            "update B-header y 170 -> 70",
            "update b1-badge y 190 -> 90",
            "update b2-badge y 240 -> 140",
        ])
        // The page colours what moves in as moved (its frame before is its own, though its view
        // number was a deleted view's), and only removed data as leaving.
        let page = try runTessera(["animate", "rows.lua", "--data", "grown.json", "--to", "old.json", "--viewport", "100x150",
                                   "--offset", "0,0", "--format", "html"], in: dir)
        let start = try #require(page.stdout.range(of: "const timeline = "))
        let end = try #require(page.stdout.range(of: ";\n", range: start.upperBound..<page.stdout.endIndex))
        let data = try #require(try JSONSerialization.jsonObject(with: Data(page.stdout[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
        let cards = try #require(data["cards"] as? [String: [String]])
        let roles = Dictionary(uniqueKeysWithValues: cards.map { (String($0.key.drop { $0 != ":" }.dropFirst()), $0.value[1]) })
        #expect(roles == ["a1": "card still", "b1": "card move", "b2": "card move", "a2": "card delete", "a3": "card delete",
                          "A-header": "element supplementary still", "a1-badge": "element supplementary still",
                          "B-header": "element supplementary move", "b1-badge": "element supplementary move",
                          "b2-badge": "element supplementary move", "a2-badge": "element supplementary delete",
                          "a3-badge": "element supplementary delete"])
        // b2 removed: it and its badge are deleted, nothing else moves.
        #expect(try Self.animate(["rows.lua", "--data", "old.json", "--to", "shrunk.json"], in: dir) == [
            "delete b2 y 140 -> 140",
            "delete b2-badge y 140 -> 140",
        ])
    }

    /// A separator under each 50-point row of section A: the screen at y 260 shows rows a5 to a7
    /// and the separators of a5 and a6. Removing a6 to a9 deletes a6's separator; it used to move
    /// up to the whole layout's second separator (a1's), numbered by its place on screen. (The
    /// six rows end at 312: the reload pulls the offset back to 162, where the separators of a3
    /// and a4 come into view from where they were.)
    @Test func aRepeatedElementThatLeavesIsDeletedNotMovedToAnother() throws {
        let dir = try temporaryDirectory()
        try """
        return {
          simpleLayout = function(ctx)
            local y = 0
            for s, section in ipairs(ctx.sections) do
              for i = section.first, section.first + section.count - 1 do
                ctx.set(i, 0, y, ctx.width, 50)
                ctx.supplementary("sep", s, 0, y + 50, ctx.width, 2)
                y = y + 52
              end
            end
          end,
        }
        """.write(to: dir.appendingPathComponent("seps.lua"), atomically: true, encoding: .utf8)
        func data(_ count: Int) -> String {
            "{\"sections\": [{\"id\": \"A\", \"items\": [" + (0..<count).map { "{\"id\": \"a\($0)\"}" }.joined(separator: ", ") + "]}]}"
        }
        try data(10).write(to: dir.appendingPathComponent("ten.json"), atomically: true, encoding: .utf8)
        try data(6).write(to: dir.appendingPathComponent("six.json"), atomically: true, encoding: .utf8)
        let run = try runTessera(["animate", "seps.lua", "--data", "ten.json", "--to", "six.json", "--viewport", "100x150",
                                  "--offset", "0,260", "--animator", "fade"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let elements = try #require(document["elements"] as? [[String: Any]])
        #expect(elements.map { track -> String in
            let from = ((track["from"] as? [String: Any])?["frame"] as? [Double]) ?? []
            let to = ((track["to"] as? [String: Any])?["frame"] as? [Double]) ?? []
            return "\(track["event"] ?? "") \(track["id"] ?? "") y \(Int(from[1])) -> \(Int(to[1]))"
        } == ["delete A-sep(6) y 362 -> 362", "update A-sep(3) y 206 -> 206", "update A-sep(4) y 258 -> 258"])
        #expect(document["offset"] as? [Double] == [0, 162])
    }

    /// A layout change keeps the data: what it pushes out of view moves there, headers and
    /// badges with their cells, and what it brings into view moves in; nothing is deleted.
    @Test func aLayoutChangeMovesViewsOutOfViewAndIntoIt() throws {
        let dir = try temporaryDirectory()
        try Self.files(gap: 100, in: dir)
        #expect(try Self.animate(["rows.lua", "--data", "old.json", "--to-layout", "gapped.lua"], in: dir) == [
            "update b1 y 90 -> 190",
            "update b2 y 140 -> 240",
            "update B-header y 70 -> 170",
            "update b1-badge y 90 -> 190",
            "update b2-badge y 140 -> 240",
        ])
        #expect(try Self.animate(["gapped.lua", "--data", "old.json", "--to-layout", "rows.lua"], in: dir) == [
            "update b1 y 190 -> 90",
            "update b2 y 240 -> 140",
            "update B-header y 170 -> 70",
            "update b1-badge y 190 -> 90",
            "update b2-badge y 240 -> 140",
        ])
    }
}

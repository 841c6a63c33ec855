import Foundation
import Testing
@testable import TesseraCore

/// A newcomer's first hour, through the real binary: a gallery grouped by a field
/// (`--section-by`, or a script's own groups with `pinUntil` and `label`), a check that can fail
/// a CI job (`--strict`, `--fail-on`), and the REPL as a harness (`repl FILE.lua --batch`).
@Suite struct GroupsCheckCLITests {
    private func folder(_ files: [String: String]) throws -> URL {
        let dir = try temporaryDirectory()
        for (name, source) in files {
            try source.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return dir
    }

    /// 16 groups of 4 cards, a pinned header above each, all in the dataset's one section:
    /// without `pinUntil` every header pins until the content's end and they stack.
    static func groups(pinUntil: Bool) -> String {
        let options = pinUntil ? "{pinned = true, pinUntil = y + 440, label = \"group \" .. (g + 1)}" : "{pinned = true}"
        return """
        return { simpleLayout = function(ctx)
          local y = 0
          for g = 0, 15 do
            ctx.supplementary("header", 1, 0, y, 375, 40, \(options))
            y = y + 40
            for k = 1, 4 do
              local i = g * 4 + k
              if i <= ctx.count then ctx.set(i, 0, y, 375, 100); y = y + 100 end
            end
          end
        end }

        """
    }

    static let items64 = "{\"items\": [" + (0..<64).map { "{\"id\": \($0), \"w\": 10, \"h\": 10}" }.joined(separator: ", ") + "]}"

    @Test func stackedPinnedHeadersAreProblemsAndStrictFailsOnThem() throws {
        let dir = try folder(["stacked.lua": Self.groups(pinUntil: false), "grouped.lua": Self.groups(pinUntil: true),
                              "d.json": Self.items64])
        let plain = try runTessera(["check", "stacked.lua", "--data", "d.json", "--max-warnings", "1"], in: dir)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout == """
        warning: pinned header of section 0 at (0, 0, 375, 40) and header of section 0 at (0, 440, 375, 40) overlap when the visible top is at y = 440
        warning: ... 119 more pairs of pinned elements overlapping
        stacked.lua: problems on d.json: 64 items, content 375x7040, 120 warnings (120 pairs of pinned elements overlapping)

        """)
        let strict = try runTessera(["check", "stacked.lua", "--data", "d.json", "--max-warnings", "0", "--strict"], in: dir)
        #expect(strict.status == 1)
        #expect(strict.stdout == "warning: ... 120 more pairs of pinned elements overlapping\n"
                + "stacked.lua: problems on d.json: 64 items, content 375x7040, 120 warnings (120 pairs of pinned elements overlapping)\n")
        #expect(strict.stderr == "Error: stacked.lua: failed on pinned warnings (--strict).\n")
        // --fail-on names the kinds that fail: overlapping items are not what is wrong here.
        let overlapOnly = try runTessera(["check", "stacked.lua", "--data", "d.json", "--max-warnings", "0", "--fail-on", "overlap,outside"], in: dir)
        #expect(overlapOnly.status == 0, "\(overlapOnly.stderr)")
        let pinnedKind = try runTessera(["check", "stacked.lua", "--data", "d.json", "--max-warnings", "0", "--fail-on", "pinned"], in: dir)
        #expect(pinnedKind.status == 1)
        #expect(pinnedKind.stderr == "Error: stacked.lua: failed on pinned warnings (--fail-on).\n")
        let unknown = try runTessera(["check", "stacked.lua", "--fail-on", "overlap,pins"], in: dir)
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("--fail-on 'overlap,pins' is not valid ('pins' is no kind); expected a comma list of overlap, outside, visible, covered, pinned, field"), "\(unknown.stderr)")
        // pinUntil ends each pin at the next group: nothing stacks.
        let grouped = try runTessera(["check", "grouped.lua", "--data", "d.json", "--strict"], in: dir)
        #expect(grouped.status == 0, "\(grouped.stderr)")
        #expect(grouped.stdout == "grouped.lua: ok on d.json: 64 items, content 375x7040, 0 warnings\n")
    }

    @Test func pinUntilAndLabelReachTheOutputAndPinning() throws {
        let dir = try folder(["grouped.lua": Self.groups(pinUntil: true), "d.json": Self.items64])
        let run = try runTessera(["run", "grouped.lua", "--data", "d.json", "--offset", "0,700", "--viewport", "375x400"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        // The first header is pushed up by its group's end (440), the second pins at the top.
        #expect(run.stdout.contains(#"{"kind": "header", "section": 0, "frame": [0, 0, 375, 40], "zIndex": 1, "pinned": true, "pinUntil": 440, "label": "group 1"}"#), "\(run.stdout)")
        #expect(run.stdout.contains(#"{"category": "supplementary", "kind": "header", "section": 0, "frame": [0, 700, 375, 40], "zIndex": 1, "pinned": true, "pinUntil": 880, "label": "group 2"}"#), "\(run.stdout)")
        let svg = try runTessera(["run", "grouped.lua", "--data", "d.json", "--format", "svg"], in: dir)
        #expect(svg.stdout.contains(">group 2</text>"), "labels are written on the headers")
        let bad = try runTessera(["run", "bad.lua"], in: try folder(["bad.lua": "return { simpleLayout = function(ctx)\n  ctx.supplementary('header', 1, 0, 0, 10, 10, {pinUntil = 5})\nend }\n"]))
        #expect(bad.status == 1)
        #expect(bad.stderr.hasPrefix("Error: bad.lua:2: ctx.supplementary: field 'pinUntil' is set but pinned is not true; pinUntil ends a pin, so add pinned = true.\n"), "\(bad.stderr)")
    }

    /// A script's footer pinned to the bottom: it sticks to the visible bottom until its
    /// section's start pushes it down, and a pinEdge without pinned, or an unknown edge, is an
    /// error naming the field.
    @Test func aScriptsFooterPinsToTheBottomWithPinEdge() throws {
        let script = """
            return { simpleLayout = function(ctx)
              for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * 100, ctx.width, 100) end
              ctx.supplementary('footer', 1, 0, ctx.count * 100 - 30, ctx.width, 30, { pinned = true, pinEdge = 'bottom' })
            end }

            """
        let data = "[" + (0..<10).map { "{\"id\": \($0)}" }.joined(separator: ",") + "]"
        let dir = try folder(["footer.lua": script, "d.json": data])
        func footer(_ y: Int) throws -> String {
            let run = try runTessera(["run", "footer.lua", "--data", "d.json", "--viewport", "375x300", "--offset", "0,\(y)"], in: dir)
            #expect(run.status == 0, "\(run.stderr)")
            guard case .array(let shown)? = try JSONParser.parse(run.stdout)["visibleElements"] else { return "none" }
            return shown.compactMap { $0["frame"].map { JSONWriter.write($0) } }.joined(separator: " ")
        }
        // At rest at 970..1000; scrolled to 0 it sticks to the visible bottom (270), and the
        // section's start (0) never pushes it further down than that.
        #expect(try footer(0) == "[0,270,375,30]")
        #expect(try footer(500) == "[0,770,375,30]")
        #expect(try footer(700) == "[0,970,375,30]")
        let run = try runTessera(["run", "footer.lua", "--data", "d.json"], in: dir)
        #expect(run.stdout.contains(#""pinned": true, "pinEdge": "bottom""#), "\(run.stdout.prefix(600))")
        let cases: [(String, String)] = [
            ("{ pinEdge = 'bottom' }", "Error: bad.lua:2: ctx.supplementary: field 'pinEdge' is set but pinned is not true; pinEdge says where a pinned element sticks, so add pinned = true"),
            ("{ pinned = true, pinEdge = 'botom' }", "Error: bad.lua:2: ctx.supplementary: field 'pinEdge' must be one of top, bottom, left, right, got 'botom' (did you mean bottom?)"),
        ]
        for (options, message) in cases {
            let bad = try runTessera(["run", "bad.lua"], in: try folder(["bad.lua": "return { simpleLayout = function(ctx)\n  ctx.supplementary('footer', 1, 0, 0, 10, 10, \(options))\nend }\n"]))
            #expect(bad.status == 1)
            #expect(bad.stderr.hasPrefix(message), "\(bad.stderr)")
        }
    }

    @Test func sectionByGroupsConsecutiveItemsForEveryCommand() throws {
        let lines = [("a", "mail"), ("b", "mail"), ("c", "maps"), ("d", "mail")]
            .map { "{\"id\": \"\($0.0)\", \"app\": \"\($0.1)\", \"w\": 10, \"h\": 10}" }.joined(separator: "\n") + "\n"
        let dir = try folder(["apps.jsonl": lines])
        let run = try runTessera(["run", "sectioned", "--data", "apps.jsonl", "--section-by", "app", "--format", "text"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("data:         apps.jsonl (4 items in 3 sections)\n"), "\(run.stdout)")
        let json = try runTessera(["run", "sectioned", "--data", "apps.jsonl", "--section-by", "app"], in: dir)
        #expect(json.stdout.contains(#"{"id": "c", "section": 1, "#), "\(json.stdout)")
        #expect(json.stdout.contains(#"{"id": "d", "section": 2, "#), "\(json.stdout)")
        let check = try runTessera(["check", "sectioned", "--data", "apps.jsonl", "--section-by", "app"], in: dir)
        #expect(check.status == 0, "\(check.stderr)")
        let missing = try runTessera(["check", "sectioned", "--data", "apps.jsonl", "--section-by", "team"], in: dir)
        #expect(missing.status == 1)
        #expect(missing.stderr == "Error: apps.jsonl: expected some item to have the field \"team\" to section by, found no item with it; the items' fields are \"app\", \"w\", \"h\".\n")
        let repl = try runTessera(["repl", "--data", "apps.jsonl", "--section-by", "app"], in: dir,
                                  input: "print(#data.sections, data.sections[3].title)\n")
        #expect(repl.stdout == "3\tmail\n", "\(repl.stderr)")
        let scroll = try runTessera(["scroll", "sectioned", "--data", "apps.jsonl", "--section-by", "nope"], in: dir)
        #expect(scroll.stderr == "Error: apps.jsonl: expected some item to have the field \"nope\" to section by, found no item with it; the items' fields are \"app\", \"w\", \"h\".\n")
        let animate = try runTessera(["animate", "sectioned", "--data", "apps.jsonl", "--to", "apps.jsonl", "--section-by", "nope"], in: dir)
        #expect(animate.stderr == "Error: apps.jsonl: expected some item to have the field \"nope\" to section by, found no item with it; the items' fields are \"app\", \"w\", \"h\".\n")
    }

    /// Items without the field form sections of their own run, `no FIELD`; a misspelt field that
    /// no item has is still an error, with the closest name the items have.
    @Test func sectionByGivesRunsWithoutTheFieldSectionsOfTheirOwn() throws {
        let lines = [("a", "\"app\": \"mail\", "), ("b", ""), ("c", ""), ("d", "\"app\": \"mail\", "), ("e", "")]
            .map { "{\"id\": \"\($0.0)\", \($0.1)\"w\": 10, \"h\": 10}" }.joined(separator: "\n") + "\n"
        let dir = try folder(["apps.jsonl": lines])
        let json = try runTessera(["run", "flow", "--data", "apps.jsonl", "--section-by", "app", "--viewport", "10x100"], in: dir)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.contains("""
          "items": [
            {"id": "a", "section": 0, "frame": [0, 0, 10, 10]},
            {"id": "b", "section": 1, "frame": [0, 10, 10, 10]},
            {"id": "c", "section": 1, "frame": [0, 20, 10, 10]},
            {"id": "d", "section": 2, "frame": [0, 30, 10, 10]},
            {"id": "e", "section": 3, "frame": [0, 40, 10, 10]}
          ],
        """), "\(json.stdout)")
        let repl = try runTessera(["repl", "--data", "apps.jsonl", "--section-by", "app"], in: dir, input: """
            for _, s in ipairs(data.sections) do print(s.id, s.title, s.count) end

            """)
        #expect(repl.stdout == "mail\tmail\t1\nno app\tno app\t2\nmail(1)\tmail\t1\nno app(1)\tno app\t1\n", "\(repl.stderr)")
        let typo = try runTessera(["run", "flow", "--data", "apps.jsonl", "--section-by", "ap"], in: dir)
        #expect(typo.status == 1)
        #expect(typo.stderr == "Error: apps.jsonl: expected some item to have the field \"ap\" to section by, found no item with it (did you mean app?).\n")
    }

    /// A diff of two files sectioned by a field that some items lack: an item added to a run
    /// without the field is an insert into that run's section, which keeps its id.
    @Test func aDiffSectionedByAFieldSomeItemsLackKeepsTheSections() throws {
        let old = #"{"id": "a", "app": "mail"}"# + "\n" + #"{"id": "b"}"# + "\n"
        let new = #"{"id": "a", "app": "mail"}"# + "\n" + #"{"id": "x"}"# + "\n" + #"{"id": "b"}"# + "\n"
        let dir = try folder(["old.jsonl": old, "new.jsonl": new])
        let diff = try runTessera(["diff", "old.jsonl", "new.jsonl", "--section-by", "app"], in: dir)
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout == """
            {
              "sections": {"deleted": [], "inserted": [], "moved": [], "updated": []},
              "items": {
                "deleted": [],
                "inserted": [[1, 0]],
                "moved": [],
                "updated": []
              },
              "summary": {"deleted": 0, "inserted": 1, "moved": 0, "updated": 0, "sections": {"deleted": 0, "inserted": 0, "moved": 0, "updated": 0}},
              "changes": [
                {"op": "insert", "id": "x", "at": [1, 0]}
              ],
              "sectionChanges": []
            }

            """)
    }

    @Test func replRunsAFileWithItsOwnLinesAndBatchStopsAtTheFirstFailure() throws {
        let dir = try folder([
            "harness.lua": "x = 1\nprint('first')\nassert(x == 2, 'x should be 2')\nprint('after')\n",
            "ok.lua": "answer = 42\n",
        ])
        let batch = try runTessera(["repl", "harness.lua", "--batch"], in: dir)
        #expect(batch.status == 1)
        #expect(batch.stdout == "first\n")
        #expect(batch.stderr.hasPrefix("harness.lua:3: x should be 2\n"), "\(batch.stderr)")
        // Without --batch the prompt follows; its lines see the file's globals.
        let then = try runTessera(["repl", "ok.lua"], in: dir, input: "print(answer)\n")
        #expect(then.status == 0, "\(then.stderr)")
        #expect(then.stdout == "42\n")
        // --batch on stdin lines: the first failed assert ends the run, nothing after it runs.
        let lines = try runTessera(["repl", "--batch"], in: dir, input: "print(1)\nassert(false, 'no')\nprint(2)\n")
        #expect(lines.status == 1)
        #expect(lines.stdout == "1\n")
        let missing = try runTessera(["repl", "nothing.lua", "--batch"], in: dir)
        #expect(missing.status == 1)
        #expect(missing.stderr == "Error: nothing.lua: expected a script file, found no such file.\n")
        // Read as every script is, byte for byte: Lua strings are bytes, not UTF-8.
        try Data(Array("print(#\"".utf8) + [0xFF, 0xFE] + Array("\")\n".utf8)).write(to: dir.appendingPathComponent("latin.lua"))
        let latin = try runTessera(["repl", "latin.lua", "--batch"], in: dir)
        #expect(latin.status == 0 && latin.stdout == "2\n", "\(latin.stderr)")
    }

    /// The recipe in docs/tutorial/02-groups.md runs and passes `check --strict`.
    @Test func theGroupsRecipeChecksClean() throws {
        let page = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/tutorial/02-groups.md"), encoding: .utf8)
        let script = try #require(page.components(separatedBy: "```lua\n").dropFirst().first?.components(separatedBy: "```").first)
        let rows = [("p1", "beach"), ("p2", "beach"), ("p3", "city"), ("p4", "city"), ("p5", "city"), ("p6", "forest")]
        let data = "{\"items\": [" + rows.map { "{\"id\": \"\($0.0)\", \"subcategory\": \"\($0.1)\", \"w\": 4, \"h\": 3}" }.joined(separator: ", ") + "]}"
        let dir = try folder(["groups.lua": script, "photos.json": data])
        let check = try runTessera(["check", "groups.lua", "--data", "photos.json", "--strict"], in: dir)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout == "groups.lua: ok on photos.json: 6 items, content 375x696, 0 warnings\n")
    }

    /// A newcomer's `"wdth"` loads (items may carry any field) and the item's width falls back to
    /// the proposal: `check` says which item has it and what was meant; `--strict` and `--fail-on
    /// field` fail on it, `--fail-on overlap` does not.
    @Test func aMisspeltSizeFieldIsAWarningNamingTheItemAndTheFieldMeant() throws {
        let dir = try folder([
            "list.lua": "return { simpleLayout = function(ctx)\n  for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * 10, 10, 10) end\nend }\n",
            "d.json": #"{"items": [{"id": "a", "w": 10, "h": 10}, {"id": "b", "wdth": 10, "h": 10}, {"id": 3, "weight": 2, "text": "c"}]}"#,
        ])
        let plain = try runTessera(["check", "list.lua", "--data", "d.json"], in: dir)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout == """
        warning: d.json: item 1 ("b") has a field "wdth": did you mean "width"? (a size is read from w and h, or width and height; any other field is data for scripts)
        list.lua: problems on d.json: 3 items, content 10x30, 1 warning (1 misspelt size field)

        """)
        let strict = try runTessera(["check", "list.lua", "--data", "d.json", "--strict"], in: dir)
        #expect(strict.status == 1)
        #expect(strict.stderr == "Error: list.lua: failed on field warnings (--strict).\n")
        let fieldKind = try runTessera(["check", "list.lua", "--data", "d.json", "--fail-on", "field"], in: dir)
        #expect(fieldKind.status == 1)
        #expect(fieldKind.stderr == "Error: list.lua: failed on field warnings (--fail-on).\n")
        let overlapOnly = try runTessera(["check", "list.lua", "--data", "d.json", "--fail-on", "overlap"], in: dir)
        #expect(overlapOnly.status == 0, "\(overlapOnly.stderr)")
    }
}

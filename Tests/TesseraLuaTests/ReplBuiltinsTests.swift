import Foundation
import Testing
import TesseraCore
import TesseraRender
@testable import TesseraLua

/// Items stacked top to bottom with a `gap`: frames that are easy to state exactly.
let replStackScript = """
return {
  name = "stack",
  params = { gap = 0 },
  simpleLayout = function(ctx, p)
    local y = 0
    for i = 1, ctx.count do
      local w, h = ctx:size(i, ctx.width, ctx.height)
      ctx.set(i, 0, y, w, h)
      y = y + h + p.gap
    end
  end,
}
"""

/// The REPL's built-ins (`run`, results, `data`, `L`, `load`) and commands.
@Suite struct ReplBuiltinsTests {
    let folder = ScriptFolder()

    func session(layout: String? = replStackScript) throws -> (ReplRecorder, String) {
        let repl = try ReplRecorder()
        let path = folder.write("stack.lua", layout ?? "")
        if layout != nil { try repl.session.loadLayout(path: path) }
        return (repl, path)
    }

    @Test func runAndItsResult() throws {
        let (repl, _) = try session()
        repl.feed("L", "r = run(L)", "r:contentSize()", "#r", "#r:frames()", "r:frame(2)", "r:frames()[3]",
                  "r:visible(0, 60, 10, 10)", "r:visible()", "r:visible(0, 1000, 5, 5)")
        #expect(repl.out == ["tessera layout: stack", "100\t150", "3", "3", "0\t50\t100\t50", "{x = 0, y = 100, w = 100, h = 50}",
                             "{2}", "{1, 2, 3}", "{}"])
        #expect(repl.err == [])
    }

    @Test func transitionReadsResultsThroughTheirFrames() throws {
        // The stack with gap 0 and gap 10: item 1 stays, 2 moves 10 down, 3 moves 20 down.
        let (repl, _) = try session()
        repl.feed("m = t.transition(run(L), run(L, {params = {gap = 10}}), 0.5)",
                  "#m, m[2].id, m[2].frame[2], m[3].frame[2], m[3].alpha")
        #expect(repl.out == ["3\t2\t55\t110\t1"])
        #expect(repl.err == [])
    }

    @Test func runTakesAViewportOriginAndParams() throws {
        let (repl, _) = try session()
        repl.feed("run(L, {params = {gap = 10}}):contentSize()", "run(L, {y = 120, height = 100}):visible()",
                  "tostring(run(L, {width = 200, height = 100, x = 5}))")
        #expect(repl.out.count == 3)
        #expect(repl.out[0] == "100\t170")
        #expect(repl.out[1] == "{3}")
        #expect(repl.out[2].hasPrefix("tessera result: stack, 3 items, content 100 x 150, viewport 200x100 at 5,0, laid out in "))
    }

    /// `run` takes the viewport's guides as `t.run` does (one parser): a compositional section
    /// measured from the safe area (its default) is inset by it, from the layout margins by both.
    @Test func runTakesTheViewportsGuides() throws {
        let (repl, _) = try session()
        repl.feed("rows = t.compositional{ section = t.section{ group = t.hgroup{ size = {'100%', 50}, items = {t.item{ size = {'100%', '100%'} }} } } }",
                  "run(rows, {width = 300}):frame(2)",
                  "run(rows, {width = 300, safeArea = {left = 20, right = 40}}):frame(2)",
                  "run(rows, {width = 300, safeArea = 10, layoutMargins = {left = 5}}):frame(2)",
                  "m = t.compositional{ contentInsetsReference = 'layoutMargins', section = t.section{ group = t.hgroup{ size = {'100%', 50}, items = {t.item{ size = {'100%', '100%'} }} } } }",
                  "run(m, {width = 300, safeArea = 10, layoutMargins = {left = 5}}):frame(2)",
                  "run(rows, {safeArea = {left = -1}})", "run(rows, {layoutMargins = 'wide'})", "run(rows, {readableWidth = 0/0})",
                  "run(rows, {safeArea = {leading = 1}})")
        #expect(repl.out == ["0\t50\t300\t50", "20\t50\t240\t50", "10\t50\t280\t50", "15\t50\t275\t50"])
        #expect(repl.err.map { $0.components(separatedBy: "\n")[0] } == [
            "stdin:1: run: field 'safeArea.left' must be a finite, non-negative number, got -1",
            "stdin:1: run: field 'layoutMargins' must be a non-negative length or a table {top =, left =, bottom =, right =}, got string",
            "stdin:1: run: field 'readableWidth' must be a finite, non-negative number, got nan",
            "stdin:1: run: field 'safeArea' has an unknown field 'leading'; known fields: bottom, left, right, top",
        ])
    }

    /// The session's guides (`tessera repl --safe-area` and its siblings) are run's unless its
    /// options give them, field by field.
    @Test func runStartsFromTheSessionsGuides() throws {
        let (repl, _) = try session()
        repl.session.guides = ViewportGuides(safeArea: EdgeInsets(top: 0, left: 20, bottom: 0, right: 40),
                                             layoutMargins: EdgeInsets(all: 5), readableWidth: nil)
        repl.feed("m = t.compositional{ contentInsetsReference = 'layoutMargins', section = t.section{ group = t.hgroup{ size = {'100%', 50}, items = {t.item{ size = {'100%', '100%'} }} } } }",
                  "run(m, {width = 300}):frame(2)", "run(m, {width = 300, safeArea = 0}):frame(2)",
                  "run(m, {width = 300, layoutMargins = {left = 1}}):frame(2)")
        #expect(repl.out == ["25\t50\t230\t50", "5\t50\t290\t50", "21\t50\t239\t50"])
        #expect(repl.err == [])
    }

    @Test func runTakesBuiltinsByValueAndName() throws {
        let (repl, path) = try session()
        let context = LayoutContext(dataset: repl.session.dataset, collectionSize: Size(width: 375, height: 812))
        let native = try BuiltinLayouts.make(name: "waterfall", params: ["columns": .int(3)]).layout(context).contentSize
        let flow = try BuiltinLayouts.make(name: "flow", params: [:]).layout(context).contentSize
        repl.feed("run(t.waterfall{columns = 3}):contentSize()", "run('flow'):contentSize()", "run(t.inset(L, 8)):contentSize()",
                  "run('\(path)'):contentSize()")
        #expect(repl.out == ["\(NumberText.display(native.width))\t\(NumberText.display(native.height))",
                             "\(NumberText.display(flow.width))\t\(NumberText.display(flow.height))", "116\t166", "100\t150"])
    }

    @Test func runComplainsClearly() throws {
        let (repl, path) = try session()
        repl.feed("run(L, {params = {nope = 1}})", "run(t.waterfall{}, {params = {columns = 3}})", "run(L, 5)",
                  "run(L, {width = -1})", "run(L, {spacing = 8})", "run(L, {widht = 300})", "run('nope')", "r = run(L)",
                  "r.frames()", "r:frame(9)", "'alive'")
        #expect(repl.out == ["alive"])
        let messages = repl.err.map { $0.components(separatedBy: "\n")[0] }
        var unknown = ""
        do { _ = try LuaHost().layout(named: "nope") } catch let e as LayoutError { unknown = e.message }
        #expect(unknown.hasPrefix("unknown layout 'nope'; expected a .lua file, a built-in (flow, row, waterfall, overlay, split)"))
        #expect(messages == [
            "stdin:1: \(path):3: unknown param 'nope'; known params: gap",
            "stdin:1: run: field 'params' applies only to layout scripts; give a built-in layout its params when you make it, like t.waterfall{columns = 3}",
            "stdin:1: run: argument #2 (options) must be a table like {width = 375, height = 812}, got number",
            "stdin:1: run: field 'width' must be a finite, non-negative number, got -1",
            "stdin:1: run: argument #2 (options) has an unknown field 'spacing'; known fields: height, layoutMargins, params, readableWidth, safeArea, width, x, y",
            "stdin:1: run: argument #2 (options) has an unknown field 'widht' (did you mean width?); known fields: height, layoutMargins, params, readableWidth, safeArea, width, x, y",
            "stdin:1: run: " + unknown + "; :layouts lists them",
            "stdin:1: r:frames: self must be a result (call it with a colon, like r:frames()), got no value",
            "stdin:1: r:frame: argument #1 (i) must be an integer in 1..3, got 9",
        ])
    }

    /// An unknown name points at `:layouts`, which lists the names `run` takes, a line each, as
    /// `tessera layouts` does, its headings saying how `run` and `t.animator` take them (not the
    /// command line's `tessera run NAME` and `--animator NAME`, which `tessera layouts` keeps).
    @Test func anUnknownNamePointsAtTheLayoutsCommand() throws {
        let (repl, _) = try session()
        repl.feed("run('apstore')", ":layouts")
        #expect(repl.err.map { $0.components(separatedBy: "\n")[0] } == [
            "stdin:1: run: unknown layout 'apstore' (did you mean appstore?); expected a .lua file, a built-in "
                + "(flow, row, waterfall, overlay, split), or a script by name (appstore, emoji-split, grid, justified, mosaic, "
                + "rings, sectioned, timeline); :layouts lists them",
        ])
        let listing = repl.out.last ?? ""
        #expect(listing == ScriptCatalog.listing(layoutFolders: repl.session.host.searchPaths,
                                                 animatorFolders: repl.session.host.animatorDirectories(), howToRun: .repl).joined(separator: "\n"))
        // Only the headings differ from what `tessera layouts` prints.
        let command = ScriptCatalog.listing(layoutFolders: repl.session.host.searchPaths,
                                            animatorFolders: repl.session.host.animatorDirectories(), howToRun: .command)
        let lines = listing.components(separatedBy: "\n")
        #expect(lines.count == command.count)
        #expect(zip(lines, command).filter { $0 != $1 }.map { "\($0) <- \($1)" } == [
            #"Built-in layouts (run("NAME", {params = {K = V}})): <- Built-in layouts (tessera run NAME --param K=V):"#,
            #"Layout scripts (run("NAME")) in layouts/: <- Layout scripts (tessera run NAME) in layouts/:"#,
            #"Built-in animators (t.animator("NAME"), or animator = "NAME" in t.engine{}): <- Built-in animators (--animator NAME, t.animator("NAME")):"#,
            #"Animator scripts (t.animator("NAME"), or animator = "NAME" in t.engine{}) in animators/: <- Animator scripts (--animator NAME) in animators/:"#,
        ], "\(listing)")
        #expect(listing.contains("\n  appstore     "), "\(listing)")
    }

    @Test func frameNamesTheNumberItWasGiven() throws {
        // A float index said "got a non-integer", even for NaN and the integral 2^63.
        let (repl, _) = try session()
        repl.feed("r = run(L)", "r:frame(0/0)", "r:frame(2^63)", "r:frame(1.5)", "r:frame(-math.huge)", "r:frame('x')", "r:frame(3.0)")
        #expect(repl.err.map { $0.components(separatedBy: "\n")[0] } == [
            "stdin:1: r:frame: argument #1 (i) must be an integer in 1..3, got nan",
            "stdin:1: r:frame: argument #1 (i) must be an integer in 1..3, got 9.2233720368548e+18",
            "stdin:1: r:frame: argument #1 (i) must be an integer in 1..3, got 1.5",
            "stdin:1: r:frame: argument #1 (i) must be an integer in 1..3, got -inf",
            "stdin:1: r:frame: argument #1 (i) must be an integer in 1..3, got string",
        ])
        #expect(repl.out == ["0\t100\t100\t50"])
    }

    @Test func zeroBytesInMessagesAreShownNotCut() throws {
        // A message went through C strings and ended at its first zero byte: "stdin:1: a", and
        // load("\0.lua") printed an empty line.
        let (repl, _) = try session()
        repl.feed("error('a\\0b')", "load('x\\0y.lua')", "error('\\0')")
        #expect(repl.err.map { $0.components(separatedBy: "\n")[0] } == [
            "stdin:1: a\\0b",
            "x\\0y.lua: expected a script file, found no such file.",
            "stdin:1: \\0",
        ])
    }

    @Test func withoutALayoutLIsNil() throws {
        let (repl, _) = try session(layout: nil)
        repl.feed("L", "run(L)", ":reload")
        #expect(repl.out == ["nil"])
        #expect(repl.err.count == 2)
        #expect(repl.err[0].hasPrefix("stdin:1: run: argument #1 (layout) must be a layout, like L, t.waterfall{columns = 3} or load(\"my.lua\"), got nil (L is nil when the REPL starts without --layout FILE; a built-in or a shipped script is named in quotes: run(\"waterfall\"))\n"))
        #expect(repl.err[1] == "nothing to reload: start the REPL with --layout FILE, or use load(\"file.lua\")")
    }

    // A built-in's name without its quotes reads an undefined global, nil, with L set or not.
    @Test func anUnquotedNameIsToldToTakeQuotes() throws {
        let (repl, _) = try session()
        repl.feed("run(waterfall)")
        #expect(repl.err.count == 1)
        #expect(repl.err[0].hasPrefix("stdin:1: run: argument #1 (layout) must be a layout, like L, t.waterfall{columns = 3} or load(\"my.lua\"), got nil (a name not defined here reads as nil; a built-in or a shipped script is named in quotes: run(\"waterfall\"))\n"))
    }

    @Test func dataIsTheDatasetReadOnly() throws {
        let items = [Item(id: .string("a"), fields: ["w": .int(10), "h": .int(20), "tag": .string("x")]),
                     Item(id: .string("b"), fields: ["w": .int(30), "h": .double(40.5)])]
        let dataset = Dataset(items: items, sections: [Dataset.Section(id: .string("s"), fields: ["title": .string("S")], range: 0..<2)],
                              metadata: ["source": .string("test")], sourceName: "test.json")
        let repl = try ReplRecorder(dataset: dataset)
        repl.feed("#data", "data[1]", "data[2].h", "data.sections", "data.meta", "data.file", "data.source", "data[1].w = 5", "data[1].w")
        #expect(repl.out == ["2", "{id = \"a\", w = 10, h = 20, tag = \"x\"}", "40.5", "{{id = \"s\", count = 2, first = 1, title = \"S\"}}",
                             "{source = \"test\"}", "test.json", "nil", "10"])
        #expect(repl.err.count == 1)
        #expect(repl.err[0].hasPrefix("stdin:1: attempt to modify a read-only table (key 'w')"))
    }

    @Test func generatedItemsShowTheirSizes() throws {
        let repl = try ReplRecorder()
        repl.feed("data[2]")
        #expect(repl.out == ["{id = 1, w = 100, h = 50}"])
    }

    @Test func loadReadsLayoutScriptsAndKeepsLuasLoad() throws {
        let (repl, _) = try session(layout: nil)
        let path = folder.write("wide.lua", replStackScript.replacingOccurrences(of: "ctx.set(i, 0, y, w, h)", with: "ctx.set(i, 0, y, 2 * w, h)"))
        folder.write("broken.lua", "return {\n  simpleLayout = function(ctx) error('no') end\n}\nthis is not lua")
        repl.feed("g = load('\(path)')", "run(g):contentSize()", "load('return 1 + 1')()", "load('\(folder.path)/missing.lua')",
                  "load('\(folder.path)/broken.lua')", "'alive'")
        #expect(repl.out == ["200\t150", "2", "alive"])
        #expect(repl.err.count == 2)
        #expect(repl.err[0].hasPrefix("\(folder.path)/missing.lua: expected a script file, found no such file.\n"))
        #expect(repl.err[1].hasPrefix("\(folder.path)/broken.lua:4: <eof> expected near 'this'\n"))
    }

    @Test func reloadKeepsTheLastGoodVersion() throws {
        let (repl, path) = try session()
        repl.feed("r1 = run(L)", "r1:contentSize()")
        folder.write("stack.lua", "return {\n  simpleLayout = function(ctx)\n")   // broken: syntax
        repl.feed(":reload", "run(L):contentSize()")
        folder.write("stack.lua", replStackScript.replacingOccurrences(of: "gap = 0", with: "gap = 5"))
        repl.feed(":reload", "run(L):contentSize()", "r1:contentSize()")
        #expect(repl.out == ["100\t150", "100\t150", "reloaded \(path)", "100\t160", "100\t150"])
        #expect(repl.err == ["\(path):3: 'end' expected (to close 'function' at line 2) near <eof>",
                             "kept the last good version of \(path)"])
    }

    @Test func reloadRejectsAScriptThatFailsToLayOut() throws {
        let (repl, path) = try session()
        folder.write("stack.lua", "return {\n  simpleLayout = function(ctx)\n    error('broken edit')\n  end,\n}\n")
        repl.feed(":reload", "run(L):contentSize()")
        #expect(repl.out == ["100\t150"])
        #expect(repl.err.count == 2)
        #expect(repl.err[0].hasPrefix("\(path):3: broken edit\nstack traceback:\n"))
        #expect(repl.err[1] == "kept the last good version of \(path)")
    }

    @Test func viewportHelpAndQuit() throws {
        let (repl, _) = try session()
        repl.feed(":viewport 200x100", "run(L, {}):visible()", ":viewport", ":viewport 12", ":nope", ":hlep")
        #expect(repl.out == ["viewport 200x100", "{1, 2}", "viewport 200x100"])
        #expect(repl.err == ["usage: :viewport WxH with two non-negative numbers, for example :viewport 375x812",
                             "unknown command ':nope'; :help lists the commands",
                             "unknown command ':hlep' (did you mean :help?); :help lists the commands"])
        #expect(repl.session.viewport == Size(width: 200, height: 100))
        #expect(repl.feed(":help") == [.done(history: ":help")])
        #expect(repl.out.last!.hasPrefix("Lua 5.4 with Tessera: an expression prints its values"))
        #expect(repl.out.last!.contains(":viewport WxH (now 200x100)"))
        #expect(repl.feed(":quit") == [.quit])
        #expect(repl.feed(":q") == [.quit])
    }
}

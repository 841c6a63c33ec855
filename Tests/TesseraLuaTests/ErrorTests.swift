import CLua
import Foundation
import Testing
import OrderedCollections
import TesseraCore
import LuaBridge
@testable import TesseraLua

/// Every failure names `file:line`, carries a traceback, and
/// leaves the host usable.
@Suite struct ErrorTests {
    let folder = ScriptFolder()
    let context = sizedContext(Array(repeating: Size(width: 10, height: 10), count: 3))

    /// Loads and lays out `source` (written as `name`); returns the error.
    func failure(_ name: String, _ source: String, host: LuaHost? = nil,
                 params: [String: JSONValue] = [:], in context: LayoutContext? = nil) throws -> LuaScriptError? {
        let host = try host ?? LuaHost()
        let path = folder.write(name, source)
        let error = scriptError {
            var overrides = OrderedDictionaryShim()
            for (k, v) in params { overrides[k] = v }
            _ = try host.loadLayoutScript(path: path).configured(overrides.value).layout(context ?? self.context)
        }
        // The host stays usable after any failure.
        let env = try host.newEnvironment()
        #expect(try host.evaluate("return 40 + 2", environment: env) == [.integer(42)])
        return error
    }

    var dir: String { folder.path }

    // A script that forgets the `return` before its table is told to write it; the same
    // message elsewhere in a file is Lua's alone.
    @Test func bareTableIsToldToReturnIt() throws {
        let e = try #require(try failure("bare.lua", "-- a list\n{ simpleLayout = function(ctx) end }\n"))
        #expect(e.kind == .syntax)
        #expect(e.message == "\(dir)/bare.lua:2: unexpected symbol near '{' (a script returns its table: write `return {`)")
        let later = try #require(try failure("later.lua", "local x = 1\n{ 1 }\n"))
        #expect(later.message == "\(dir)/later.lua:2: unexpected symbol near '{'")
        #expect(BareTableStart.opens(Array("#!/usr/bin/env lua\n--[==[ a ]] long\n]==] -- c\n\t{".utf8)))
        #expect(!BareTableStart.opens(Array("--[[ { ]] return {".utf8)))
        #expect(!BareTableStart.opens(Array("-- {\n".utf8)))
    }

    @Test func syntaxError() throws {
        let e = try #require(try failure("syntax.lua", "return {\n  simpleLayout = function(ctx)\n    local x = = 1\n  end,\n}\n"))
        #expect(e.kind == .syntax)
        let caught: any TesseraError = e   // every Lua failure is a TesseraError of kind .script
        #expect(caught.errorKind == .script && caught.description == e.message)
        #expect(e.message == "\(dir)/syntax.lua:3: unexpected symbol near '='")
        #expect(e.location?.line == 3)
        #expect(e.traceback == "")   // no Lua code ran: no traceback
    }

    @Test func runtimeError() throws {
        let e = try #require(try failure("runtime.lua", """
        local function helper(item)
          return item.missing.field
        end
        return { simpleLayout = function(ctx)
          helper({})
        end }
        """))
        #expect(e.kind == .runtime)
        #expect(e.message == "\(dir)/runtime.lua:2: attempt to index a nil value (field 'missing')")
        #expect(e.traceback.hasPrefix("stack traceback:\n\t\(dir)/runtime.lua:2: in upvalue 'helper'\n\t\(dir)/runtime.lua:5: in function <\(dir)/runtime.lua:4>"))
    }

    /// A message of a megabyte is cut where the error is made, as messages shown are cut: its
    /// start and end, a note counting the rest, the traceback whole.
    @Test func aHugeMessageIsCutWhereItIsMade() throws {
        let e = try #require(try failure("huge.lua", "return { simpleLayout = function(ctx)\n  error(string.rep(\"x\", 1000000))\nend }\n"))
        let start = "\(dir)/huge.lua:2: "
        #expect(e.kind == .runtime && e.line == 2)
        // 1,000,000 + start.count - 4,000 characters cut: 996,0NN with the start's NN, grouped.
        #expect(start.count < 100)
        let cut = "996,0" + (start.count < 10 ? "0" : "") + String(start.count)
        #expect(e.message == start + String(repeating: "x", count: 3000 - start.count)
                + "\n[... \(cut) characters cut from this message ...]\n" + String(repeating: "x", count: 1000))
        #expect(e.traceback == "stack traceback:\n\t[C]: in function 'error'\n\t\(dir)/huge.lua:2: in function <\(dir)/huge.lua:1>")
    }

    // A failing script and its exact message, as each test in this suite is.
    @Test func errorCalledWithATable() throws {
        let e = try #require(try failure("table.lua", "return { simpleLayout = function(ctx) error({}) end }"))
        #expect(e.message == "\(dir)/table.lua:1: error called with a table value; expected a message string")
    }

    /// An error object with __tostring is told by its text, but where it was raised and with a
    /// traceback as every other error (it came out as the bare text, as lua.c prints it).
    @Test func errorCalledWithADescribedTable() throws {
        let e = try #require(try failure("described.lua", """
        local Problem = {__tostring = function(p) return "problem " .. p.code end}
        return { simpleLayout = function(ctx)
          error(setmetatable({code = 7}, Problem))
        end }
        """))
        #expect(e.kind == .runtime)
        #expect(e.message == "\(dir)/described.lua:3: problem 7")
        #expect(e.traceback == "stack traceback:\n\t[C]: in function 'error'\n\t\(dir)/described.lua:3: in function <\(dir)/described.lua:2>")
    }

    /// An item of ctx:item raised as an error is named as every message names one (it was a
    /// "userdata value").
    @Test func errorCalledWithAnItem() throws {
        let e = try #require(try failure("item.lua", "return { simpleLayout = function(ctx) error(ctx:item(1)) end }"))
        #expect(e.message == "\(dir)/item.lua:1: error called with a tessera.item value; expected a message string")
    }

    /// A number raised as an error says where, as a string does (Lua adds no place to one).
    @Test func errorCalledWithANumber() throws {
        let e = try #require(try failure("number.lua", "return { simpleLayout = function(ctx)\n  error(42)\nend }"))
        #expect(e.message == "\(dir)/number.lua:2: 42")
        let f = try #require(try failure("float.lua", "error(-2.5)"))
        #expect(f.message == "\(dir)/float.lua:1: -2.5")
        #expect(f.traceback == "stack traceback:\n\t[C]: in function 'error'\n\t\(dir)/float.lua:1: in main chunk")
    }

    // A failing script and its exact message, as each test in this suite is.
    @Test func wrongFrameCountWithSet() throws {
        let e = try #require(try failure("count.lua", """
        return {
          simpleLayout = function(ctx)
            ctx.set(1, 0, 0, 10, 10)
            ctx.set(3, 0, 0, 10, 10)
          end,
        }
        """))
        #expect(e.kind == .runtime)
        #expect(e.message == "\(dir)/count.lua:2: simpleLayout set 2 of 3 frames; frame 2 (Lua index; item 1 in the output) was never set: every item from 1 to ctx.count needs a ctx.set(i, x, y, w, h)")
        #expect(e.traceback == "")   // the driver found it after the script returned: no Lua frame left
    }

    // A simpleLayout that places nothing is told both ways to give its frames.
    @Test func noFrameSet() throws {
        let e = try #require(try failure("none.lua", "return { simpleLayout = function(ctx)\n  local _ = {1, 0, 0, 10, 10}\nend }"))
        #expect(e.kind == .runtime)
        #expect(e.message == "\(dir)/none.lua:1: simpleLayout set 0 of 3 frames; frame 1 (Lua index; item 0 in the output) was never set: place each item with ctx.set(i, x, y, w, h), or return an array of frames, one per item")
    }

    @Test func wrongFrameCountReturned() throws {
        let e = try #require(try failure("count2.lua", """
        return {
          name = "short",
          simpleLayout = function(ctx)
            return { {0, 0, 1, 1}, {0, 0, 1, 1} }
          end,
        }
        """))
        #expect(e.message == "\(dir)/count2.lua:3: simpleLayout returned 2 frames for 3 items")
    }

    /// One frame, or one item, is said in the singular (it read "returned 1 frames for 2 items").
    @Test func oneFrameOrOneItemIsSingular() throws {
        let one = try #require(try failure("count1.lua", "return { simpleLayout = function(ctx) return { {0, 0, 1, 1} } end }"))
        #expect(one.message == "\(dir)/count1.lua:1: simpleLayout returned 1 frame for 3 items")
        let none = try #require(try failure("count0.lua", "return { simpleLayout = function(ctx) return {} end }"))
        #expect(none.message == "\(dir)/count0.lua:1: simpleLayout returned 0 frames for 3 items")
    }

    /// The bridge writes a count as NumberText.grouped and the pages' displayCount do, on the
    /// cases they share (display-counts.json) and at the ends of lua_Integer.
    @Test func theBridgeGroupsCountsAsSwiftAndThePagesDo() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../TesseraRenderTests/Fixtures/display-counts.json")
        guard case .array(let rows)? = try JSONParser.parse(String(contentsOf: url, encoding: .utf8))["cases"] else {
            Issue.record("display-counts.json has no cases")
            return
        }
        func grouped(_ n: Int) -> String {
            var text = [CChar](repeating: 0, count: 32)
            tb_formatgrouped(lua_Integer(n), &text, text.count)
            return String(cString: text)
        }
        #expect(rows.count == 13)
        for row in rows {
            guard case .array(let pair) = row, let value = pair.first?.number, let text = pair.last?.string else {
                Issue.record("a case is no [count, text] pair: \(row)")
                continue
            }
            #expect(grouped(Int(value)) == text)
        }
        #expect(grouped(Int.min) == "-9,223,372,036,854,775,808")
        #expect(grouped(Int.max) == "9,223,372,036,854,775,807")
    }

    /// The counts are grouped, as every count in a message is; the indices stay plain. On
    /// empty data the message says why no frame was expected.
    @Test func frameCountsAreGroupedAndEmptyDataIsSaid() throws {
        let many = sizedContext(Array(repeating: Size(width: 10, height: 10), count: 12_345))
        let returned = try #require(try failure("returned.lua", """
        return { simpleLayout = function(ctx)
          local frames = {}
          for i = 1, 1000 do frames[i] = {0, 0, 1, 1} end
          return frames
        end }
        """, in: many))
        #expect(returned.message == "\(dir)/returned.lua:1: simpleLayout returned 1,000 frames for 12,345 items")
        let unset = try #require(try failure("unset.lua", """
        return { simpleLayout = function(ctx)
          for i = 1, 1234 do ctx.set(i, 0, 0, 1, 1) end
        end }
        """, in: many))
        #expect(unset.message == "\(dir)/unset.lua:1: simpleLayout set 1,234 of 12,345 frames; frame 1235 (Lua index; item 1234 in the output) was never set: every item from 1 to ctx.count needs a ctx.set(i, x, y, w, h)")
        let both = try #require(try failure("both.lua", """
        return { simpleLayout = function(ctx)
          local frames = {}
          for i = 1, 1234 do ctx.set(i, 0, 0, 1, 1) end
          for i = 1, 1000 do frames[i] = {0, 0, 1, 1} end
          return frames
        end }
        """, in: many))
        #expect(both.message == "\(dir)/both.lua:1: simpleLayout set 1,234 frames with ctx.set and also returned a list of 1,000; keep one way: "
                + "ctx.set for each of the 12,345 items and return nothing, or return a list of all 12,345 frames")
        let empty = try #require(try failure("empty.lua", "return { simpleLayout = function(ctx) return { {0, 0, 1, 1}, {0, 0, 1, 1} } end }",
                                             in: sizedContext([])))
        #expect(empty.message == "\(dir)/empty.lua:1: simpleLayout returned 2 frames for 0 items (the data is empty)")
    }

    @Test func nanInfinityAndNegativeThroughSet() throws {
        let cases: [(String, String)] = [
            ("0/0, 0, 1, 1", "x = nan"), ("0, 1/0, 1, 1", "y = inf"),
            ("0, 0, -1, 1", "w = -1"), ("0, 0, 1, -math.huge", "h = -inf"),
        ]
        for (k, (args, what)) in cases.enumerated() {
            let e = try #require(try failure("nan\(k).lua", """
            return { simpleLayout = function(ctx)
              for i = 1, ctx.count do
                if i == 2 then ctx.set(i, \(args)) else ctx.set(i, 0, 0, 1, 1) end
              end
            end }
            """))
            #expect(e.kind == .runtime)
            #expect(e.message == "\(dir)/nan\(k).lua:3: ctx.set: frame 2 (Lua index; item 1 in the output) has \(what); a frame needs finite numbers and a non-negative size")
            #expect(e.traceback.contains("\(dir)/nan\(k).lua:3: in function <\(dir)/nan\(k).lua:1>"))
        }
    }

    // A failing script and its exact message, as each test in this suite is.
    @Test func badSetArguments() throws {
        let cases: [(String, String)] = [
            ("ctx.set(4, 0, 0, 1, 1)", "ctx.set: argument #1 (i) must be an item index in 1..3, got 4 (ctx.set(i, x, y, w, h) takes the item's index first, counting from 1)"),
            ("ctx.set(0, 0, 0, 1, 1)", "ctx.set: argument #1 (i) must be an item index in 1..3, got 0 (ctx.set(i, x, y, w, h) takes the item's index first, counting from 1)"),
            ("ctx.set(1.5, 0, 0, 1, 1)", "ctx.set: argument #1 (i) must be an integer, got 1.5 (ctx.set(i, x, y, w, h) takes the item's index first, counting from 1)"),
            ("ctx.set('a', 0, 0, 1, 1)", "ctx.set: argument #1 (i) must be an integer, got string"),
            ("ctx.set(0, 0, 1, 1, 1)", "ctx.set: argument #1 (i) must be an item index in 1..3, got 0 (ctx.set(i, x, y, w, h) takes the item's index first, counting from 1)"),
            ("ctx.set(1, 0, 0, 1)", "ctx.set: argument #5 (h) must be a number, got no value"),
            ("ctx.set(1, 0, {}, 1, 1)", "ctx.set: argument #3 (y) must be a number, got table"),
        ]
        for (k, (call, message)) in cases.enumerated() {
            let e = try #require(try failure("args\(k).lua", "return { simpleLayout = function(ctx)\n  \(call)\nend }"))
            #expect(e.message == "\(dir)/args\(k).lua:2: \(message)")
        }
    }

    // The bridge tests each frame as the script gives it, with the test the layout's result
    // applies: a far edge that overflows from finite terms, or a negative size, is refused with
    // the bridge's message (file, line, Lua index), whichever way the frame came.
    @Test func invalidFrameRefusedFromEitherWay() throws {
        let set = try #require(try failure("edge-set.lua", """
        return { simpleLayout = function(ctx)
          for i = 1, ctx.count do
            if i == 2 then ctx.set(i, 1e308, 0, 1e308, 1) else ctx.set(i, 0, 0, 1, 1) end
          end
        end }
        """))
        #expect(set.message == "\(dir)/edge-set.lua:3: ctx.set: frame 2 (Lua index; item 1 in the output) has x + w = inf; a frame's far edges (x + w, y + h) must be finite numbers")
        let returned = try #require(try failure("edge-returned.lua", """
        return {
          simpleLayout = function(ctx)
            return { {0, 0, 1, 1}, {0, 1e308, 1, 1e308}, {0, 0, 1, 1} }
          end,
        }
        """))
        #expect(returned.message == "\(dir)/edge-returned.lua:2: simpleLayout: frame 2 (Lua index; item 1 in the output) has y + h = inf; a frame's far edges (x + w, y + h) must be finite numbers")
        let negative = try #require(try failure("negative-returned.lua", """
        return {
          simpleLayout = function(ctx)
            return { {0, 0, 1, 1}, {0, 0, 1, 1}, {0, 0, 1, -2} }
          end,
        }
        """))
        #expect(negative.message == "\(dir)/negative-returned.lua:2: simpleLayout: frame 3 (Lua index; item 2 in the output) has h = -2; a frame needs finite numbers and a non-negative size")
    }

    // A failing script and its exact message, as each test in this suite is.
    @Test func nanInReturnedFrames() throws {
        let e = try #require(try failure("nan-returned.lua", """
        return {
          simpleLayout = function(ctx)
            return { {0, 0, 1, 1}, { x = 0, y = 0/0, w = 1, h = 1 }, {0, 0, 1, 1} }
          end,
        }
        """))
        #expect(e.message == "\(dir)/nan-returned.lua:2: simpleLayout: frame 2 (Lua index; item 1 in the output) has y = nan; a frame needs finite numbers and a non-negative size")
        let missing = try #require(try failure("missing-field.lua", """
        return {
          simpleLayout = function(ctx)
            return { {0, 0, 1, 1}, { x = 0, y = 0, w = 1 }, {0, 0, 1, 1} }
          end,
        }
        """))
        #expect(missing.message == "\(dir)/missing-field.lua:2: simpleLayout: frame 2 (Lua index; item 1 in the output) has no number h or height, got nil")
    }

    /// Returned frames that are not frames, and a return that is no list of frames, name the
    /// frame and what it was.
    @Test func returnedFramesOfTheWrongKind() throws {
        let cases: [(String, String)] = [
            ("{ {0, 0, 1, 1}, {0, 'a', 1, 1}, {0, 0, 1, 1} }", "simpleLayout: frame 2 (Lua index; item 1 in the output) has no number at [2] (y), got string"),
            ("{ {0, 0, 1, 1}, 5, {0, 0, 1, 1} }", "simpleLayout: frame 2 (Lua index; item 1 in the output) is a number, expected a table {x, y, w, h}"),
            ("5", "simpleLayout returned a number; expected nothing (after ctx.set) or an array of frames"),
        ]
        for (k, (returned, message)) in cases.enumerated() {
            let e = try #require(try failure("returned\(k).lua", "return { simpleLayout = function(ctx) return \(returned) end }"))
            #expect(e.message == "\(dir)/returned\(k).lua:1: \(message)")
        }
    }

    /// An analytic script's frame that returns no four numbers, and a visible that returns no
    /// list, are errors naming the function, the item and what it returned.
    @Test func analyticAnswersOfTheWrongKind() throws {
        let host = try LuaHost()
        let path = folder.write("answers.lua", """
        return {
          frame = function(i) return 0, 0, 'wide', 10 end,
          visible = function(x, y, w, h) return 5 end,
          layout = function(ctx) return ctx.count * 10, 10 end,
        }
        """)
        let result = try #require(try host.loadLayoutScript(path: path).configured().layout(context).base as? ScriptedAnalyticResult)
        #expect(scriptError { _ = try result.frame(at: 1) }?.message == "\(dir)/answers.lua:2: frame(2) returned w = string; expected four numbers x, y, w, h")
        #expect(scriptError { _ = try result.visible(in: Rect(x: 0, y: 0, width: 100, height: 10)) }?.message
                == "\(dir)/answers.lua:3: visible returned a number; expected an array of item indices")
    }

    /// An index out of range names the range; on empty data, which has none ("1..0"), the
    /// message says the data is empty.
    @Test(arguments: [
        ("4", 3, "visible returned Lua index 4, outside 1..3"),
        ("\"two\"", 0, "visible returned 2 indices; expected none (the data is empty: no index names one)"),
    ])
    func visibleIndexOutOfRange(entry: String, count: Int, message: String) throws {
        let host = try LuaHost()
        let path = folder.write("grid\(count).lua", """
        return {
          frame = function(i) return (i - 1) * 10, 0, 10, 10 end,
          visible = function(x, y, w, h)
            return { 1, \(entry) }
          end,
          layout = function(ctx) return ctx.count * 10, 10 end,
        }
        """)
        let context = sizedContext(Array(repeating: Size(width: 10, height: 10), count: count))
        let result = try #require(try host.loadLayoutScript(path: path).configured().layout(context).base as? ScriptedAnalyticResult)
        let e = try #require(scriptError { _ = try result.visible(in: Rect(x: 0, y: 0, width: 100, height: 10)) })
        #expect(e.message == "\(dir)/grid\(count).lua:3: " + message)
        // Through the protocol, as renderers and the engine ask, the same error is thrown.
        let any: any LayoutResult = result
        #expect(scriptError { _ = try any.visible(in: Rect(x: 0, y: 0, width: 100, height: 10)) } == e)
    }

    /// An entry that is no index is named by its type, a fractional one by its value ("a
    /// number" read as if nothing were wrong).
    @Test(arguments: [
        ("\"two\"", "visible returned a string at [2]; expected Lua item indices 1..3"),
        ("2.5", "visible returned 2.5 at [2]; expected whole Lua item indices 1..3"),
    ])
    func visibleEntryThatIsNoIndex(entry: String, message: String) throws {
        let host = try LuaHost()
        let path = folder.write("words.lua", """
        return {
          frame = function(i) return (i - 1) * 10, 0, 10, 10 end,
          visible = function(x, y, w, h)
            return { 1, \(entry) }
          end,
          layout = function(ctx) return ctx.count * 10, 10 end,
        }
        """)
        let result = try #require(try host.loadLayoutScript(path: path).configured().layout(context).base as? ScriptedAnalyticResult)
        let e = try #require(scriptError { _ = try result.visible(in: Rect(x: 0, y: 0, width: 100, height: 10)) })
        #expect(e.message == "\(dir)/words.lua:3: \(message)")
    }

    @Test func runawayLoopStopsAtTheTimeLimit() throws {
        let host = try LuaHost(limits: ScriptLimits(timeLimit: 0.05))
        let e = try #require(try failure("runaway.lua", "return { simpleLayout = function(ctx)\n  while true do end\nend }", host: host))
        #expect(e.kind == .timeLimit)
        #expect(e.message == "\(dir)/runaway.lua:2: time limit of 0.05 s of CPU time exceeded")
        #expect(e.traceback.contains("\(dir)/runaway.lua:2: in function <\(dir)/runaway.lua:1>"))
        // The next failure on the same host is classified on its own.
        let next = try #require(try failure("after.lua", "return { simpleLayout = function(ctx)\n  error('plain')\nend }", host: host))
        #expect(next.kind == .runtime)
        #expect(next.message == "\(dir)/after.lua:2: plain")
    }

    /// A process out of threads makes no watchdog: the time limit still stops a runaway loop,
    /// through the count hook reading the clock, with the same message; and an instruction
    /// budget beside it still counts.
    @Test func runawayLoopStopsAtTheTimeLimitWithoutAWatchdogThread() throws {
        let host = try LuaHost(limits: ScriptLimits(timeLimit: 0.05))
        tb_refusewatchdog(host.L, 1)
        // Were the clock not read, the loop would run on: interrupt it after 20 s, so the test
        // fails (interrupted, not a time limit) instead of hanging.
        nonisolated(unsafe) let running = host
        DispatchQueue.global().asyncAfter(deadline: .now() + 20) { running.interrupt() }
        let e = try #require(try failure("spin.lua", "return { simpleLayout = function(ctx)\n  while true do end\nend }", host: host))
        #expect(e.kind == .timeLimit)
        #expect(e.message == "\(dir)/spin.lua:2: time limit of 0.05 s of CPU time exceeded")
        let budgeted = try LuaHost(limits: ScriptLimits(timeLimit: 30, maxInstructions: 50_000))
        tb_refusewatchdog(budgeted.L, 1)
        let b = try #require(try failure("count.lua", "return { simpleLayout = function(ctx)\n  while true do end\nend }", host: budgeted))
        #expect(b.kind == .instructionLimit)
        #expect(b.message == "\(dir)/count.lua:2: instruction budget of 50,000 exceeded")
    }

    /// A host made without limits has the default's, 1 s of CPU time. The loop never ends, so
    /// only the limit can stop it (no clock is read here): it runs under a limit of 0.05 s, set
    /// as the default is, rather than burning the whole second.
    @Test func aHostHasTheDefaultTimeLimitAndItStopsARunawayLoop() throws {
        #expect(ScriptLimits.defaultTimeLimit == 1)
        let host = try LuaHost()
        #expect(host.limits == ScriptLimits(timeLimit: 1))
        host.limits.timeLimit = 0.05
        let e = try #require(try failure("forever.lua", "while true do end\nreturn {}", host: host))
        #expect(e.kind == .timeLimit)
        #expect(e.message == "\(dir)/forever.lua:1: time limit of 0.05 s of CPU time exceeded")
    }

    @Test func catchingTheStopWithPcallDoesNotHelp() throws {
        let host = try LuaHost(limits: ScriptLimits(timeLimit: 0.1))
        let e = try #require(try failure("stubborn.lua", """
        return { simpleLayout = function(ctx)
          while true do
            pcall(function() while true do end end)
          end
        end }
        """, host: host))
        #expect(e.kind == .timeLimit)
        #expect(e.message == "\(dir)/stubborn.lua:3: time limit of 0.1 s of CPU time exceeded")
    }

    @Test func instructionBudget() throws {
        let host = try LuaHost(limits: ScriptLimits(timeLimit: nil, maxInstructions: 100_000))
        let e = try #require(try failure("budget.lua", "return { simpleLayout = function(ctx)\n  local n = 0\n  while true do n = n + 1 end\nend }", host: host))
        #expect(e.kind == .instructionLimit)
        #expect(e.message == "\(dir)/budget.lua:3: instruction budget of 100,000 exceeded")
        // A script within the budget runs normally afterwards.
        let ok = folder.write("small.lua", "return { simpleLayout = function(ctx) for i = 1, ctx.count do ctx.set(i, 0, 0, 1, 1) end end }")
        #expect(try host.loadLayoutScript(path: ok).configured().layout(context).count == 3)
    }

    @Test func memoryBombStopsAtTheCap() throws {
        let cap = 8 * 1_048_576
        // No time limit: only the cap may stop the bomb, however slowly a busy machine fills it.
        let host = try LuaHost(limits: ScriptLimits(maxMemoryBytes: cap, timeLimit: nil))
        host.resetMemoryPeak()
        let e = try #require(try failure("bomb.lua", """
        return { simpleLayout = function(ctx)
          local hoard = {}
          for i = 1, math.huge do
            hoard[i] = { i, i + 1, i + 2 }
          end
        end }
        """, host: host))
        #expect(e.kind == .memory)
        #expect(e.message == "\(dir)/bomb.lua:4: memory limit of 8 MB exceeded")
        #expect(e.traceback.hasPrefix("stack traceback:\n\t\(dir)/bomb.lua:4: in function <\(dir)/bomb.lua:1>"))
        #expect(host.memoryPeak <= cap)
    }

    /// The memory cap refuses an allocation as Lua's own out-of-memory error, so `pcall`
    /// catches it as Lua's bare "not enough memory" (unlike the time limit, which passes
    /// `pcall` by), and the script goes on within the cap (docs/sandbox.md says so).
    @Test func aMemoryErrorCaughtByPcallIsLuasOwnAndTheScriptGoesOnWithinTheCap() throws {
        let cap = 8 * 1_048_576
        let host = try LuaHost(limits: ScriptLimits(maxMemoryBytes: cap, timeLimit: nil))
        host.resetMemoryPeak()
        let values = try host.evaluate("""
            local ok, err = pcall(function() local t = {} for i = 1, 1e9 do t[i] = { i } end end)
            return ok, err, #string.rep("x", 1000)
            """, environment: try host.newEnvironment())
        #expect(values == [.boolean(false), .string("not enough memory"), .integer(1000)])
        #expect(host.memoryPeak <= cap)
    }

    @Test func memoryErrorInConcatenationNamesTheLine() throws {
        // The refusals after the script's own (while the call unwinds) must not erase where it ran out.
        let cap = 8 * 1_048_576
        let host = try LuaHost(limits: ScriptLimits(maxMemoryBytes: cap, timeLimit: nil))
        let e = try #require(try failure("concat.lua", """
        return { simpleLayout = function(ctx)
          local t = {} for i = 1, 1e8 do t[i] = string.rep("x", 100) .. i end
        end }
        """, host: host))
        #expect(e.kind == .memory)
        #expect(e.message == "\(dir)/concat.lua:2: memory limit of 8 MB exceeded")
        #expect(e.traceback.hasPrefix("stack traceback:\n\t\(dir)/concat.lua:2: in function <\(dir)/concat.lua:1>"))
    }

    /// The traceback captured at a memory refusal has a fixed room (4096 bytes): one that does
    /// not fit ends with a marker line where it was cut, in place of the line that did not fit
    /// (it was cut mid-line, with nothing to say so).
    @Test func aMemoryTracebackCutForWantOfRoomEndsWithAMarker() throws {
        let name = String(repeating: "a", count: 5000)
        let e = try #require(try failure("cut.lua", """
        local function \(name)() local s = string.rep("x", 1 << 30) end
        return { simpleLayout = function(ctx) \(name)() end }
        """))
        #expect(e.kind == .memory)
        #expect(e.message == "\(dir)/cut.lua:1: memory limit of 256 MB exceeded")
        #expect(e.traceback == "stack traceback:\n\t[C]: in function 'string.rep'\n\t...")
    }

    /// Whether the Lua linked in is 5.4.6 or later (LUA_VERSION_RELEASE_NUM, a macro of an
    /// expression Swift does not import), whose stack moves the allocator cannot place.
    static let luaMovesStacksUnreadably = Int(LUA_VERSION_NUM) * 100 + (Int(LUA_VERSION_RELEASE) ?? 0) >= 50406
    static let refusedAtOnce: Comment = "the Lua linked in is older than 5.4.6, which refuses that growth at once"

    /// Built against Lua 5.4.6 or later, a stack grown past the cap is granted and the error
    /// waits for the next Lua instruction; a call that runs none after it (table.unpack called
    /// from Swift, its results on a stack grown past 8 MB) still fails with the memory error,
    /// with no place to name (it succeeded over the cap). The state stays past the cap after it:
    /// Lua keeps the host's frame as tall as those results, so the stack cannot shrink.
    @Test(.enabled(if: Self.luaMovesStacksUnreadably, Self.refusedAtOnce))
    func aStackGrownPastTheCapByACallThatRunsNoLuaCodeAfterItFails() throws {
        let host = try LuaHost(limits: ScriptLimits(maxMemoryBytes: 8 * 1_048_576, timeLimit: nil))
        let values = try host.evaluate("return table.unpack, {}", environment: try host.newEnvironment())
        let e = try #require(scriptError { _ = try host.call(values[0], [values[1], .integer(1), .integer(600_000)]) })
        #expect(e.kind == .memory)
        #expect(e.message == "memory limit of 8 MB exceeded")
        #expect(e.traceback == "")
    }

    /// The same growth inside a script: no block is asked for after it, so the count hook raises
    /// the error at the script's next instruction (the line after the call), placed and traced
    /// there (it was the bare message).
    @Test(.enabled(if: Self.luaMovesStacksUnreadably, Self.refusedAtOnce))
    func aStackGrownPastTheCapInAHostCallStopsAtTheNextInstruction() throws {
        let host = try LuaHost(limits: ScriptLimits(maxMemoryBytes: 8 * 1_048_576, timeLimit: nil))
        let e = try #require(try failure("unpack.lua", """
        return { simpleLayout = function(ctx)
          table.unpack({}, 1, 600000)
          local after = true
        end }
        """, host: host))
        #expect(e.kind == .memory)
        #expect(e.message == "\(dir)/unpack.lua:3: memory limit of 8 MB exceeded")
        #expect(e.traceback == "stack traceback:\n\t\(dir)/unpack.lua:3: in function <\(dir)/unpack.lua:1>")
    }

    @Test func doublingStringStopsAtTheCap() throws {
        let cap = 8 * 1_048_576
        let host = try LuaHost(limits: ScriptLimits(maxMemoryBytes: cap, timeLimit: nil))
        let e = try #require(try failure("double.lua", """
        local s = "x"
        while true do
          s = s .. s
        end
        """, host: host))
        #expect(e.kind == .memory)
        #expect(e.message == "\(dir)/double.lua:3: memory limit of 8 MB exceeded")
        #expect(host.memoryPeak <= cap)
    }

    @Test func missingRequire() throws {
        let e = try #require(try failure("needs.lua", "local helper = require(\"nope\")\nreturn helper"))
        #expect(e.kind == .runtime)
        #expect(e.message == "\(dir)/needs.lua:1: module 'nope' not found:\n\tno file '\(dir)/nope.lua'\n\tno file 'layouts/nope.lua'")
        #expect(e.traceback.hasPrefix("stack traceback:\n\t[C]: in global 'require'\n\t\(dir)/needs.lua:1: in main chunk"))
    }

    /// A module file that is no regular file is named with what it is, not taken for a missing
    /// one, and never opened (a FIFO would wait for a writer); a link loop likewise.
    @Test func aRequiredModuleThatIsNoRegularFileIsNamed() throws {
        #expect(mkfifo(dir + "/pipe.lua", 0o644) == 0)
        try FileManager.default.createDirectory(atPath: dir + "/folder.lua", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: dir + "/loop.lua", withDestinationPath: "loop.lua")
        let expected = [
            "pipe": "expected a regular file, found a FIFO (named pipe)",
            "folder": "expected a regular file, found a directory",
            "loop": "cannot read the file (too many levels of symbolic links)",
        ]
        for (name, problem) in expected {
            let e = try #require(try failure("needs-\(name).lua", "return require(\"\(name)\")"))
            #expect(e.message == "\(dir)/needs-\(name).lua:1: module '\(name)': \(dir)/\(name).lua: \(problem)")
        }
    }

    @Test func syntaxErrorInARequiredModule() throws {
        folder.write("broken.lua", "return {\n  x = ,\n}")
        let e = try #require(try failure("uses-broken.lua", "local b = require(\"broken\")\nreturn b"))
        #expect(e.message == "\(dir)/broken.lua:2: unexpected symbol near ','")
        #expect(e.traceback.hasPrefix("stack traceback:\n\t[C]: in global 'require'\n\t\(dir)/uses-broken.lua:1: in main chunk"))
    }

    @Test func notALayout() throws {
        let e = try #require(try failure("nothing.lua", "local x = 1"))
        #expect(e.kind == .script)
        #expect(e.message == "\(dir)/nothing.lua:1: the script returned nothing; end it with `return <table>`")
    }

    /// A result that is no table, a hook that is no function, and a param given to a script that
    /// returns a built-in layout are each named.
    @Test func notALayoutHookOrParam() throws {
        let number = try #require(try failure("number.lua", "return 3"))
        #expect(number.message == "\(dir)/number.lua: the script's result must be \(LuaHost.layoutShape), got number")
        let hook = try #require(try failure("hook.lua", "return { simpleLayout = 5 }"))
        #expect(hook.message == "\(dir)/hook.lua: field 'simpleLayout' must be a function, got number")
        let native = try #require(try failure("native.lua", "return require('tessera').flow{}", params: ["spacing": 8]))
        #expect(native.message == "\(dir)/native.lua: param 'spacing' is unknown; the script returns a built-in layout, which takes its params in the script (return { params = {...}, build = function(p) ... end } to declare some)")
    }

    /// A Lua source larger than the host reads (16 MiB) is refused from its size, before it is
    /// read: a layout, a module it requires, an animator, a file the REPL runs. The files are
    /// sparse (`truncate`), so nothing of that size is written.
    @Test func aSourceFileOverTheSizeLimitIsRefusedNamingItsSizeAndTheLimit() throws {
        #expect(ScriptFiles.maxSourceBytes == 16 * 1_048_576)
        func sparse(_ name: String, bytes: Int) -> String {
            let path = folder.write(name, "")
            #expect(truncate(path, off_t(bytes)) == 0)
            return path
        }
        let big = sparse("big.lua", bytes: 20 * 1_048_576)
        let host = try LuaHost()
        let layout = try #require(scriptError { _ = try host.loadLayoutScript(path: big) })
        #expect(layout.kind == .file)
        #expect(layout.message == "\(big): the script cannot be read (expected a Lua source file of at most 16 MB, found 20 MB).")
        let animator = try #require(scriptError { _ = try host.loadAnimatorScript(path: big) })
        #expect(animator.message == layout.message)
        #expect(try #require(scriptError { _ = try ReplRecorder().session.runFile(path: big) }).message == layout.message)
        // One byte over is refused too, its size in bytes.
        let over = sparse("over.lua", bytes: 16 * 1_048_576 + 1)
        #expect(scriptError { _ = try host.loadLayoutScript(path: over) }?.message
                == "\(over): the script cannot be read (expected a Lua source file of at most 16 MB, found 16,777,217 bytes).")
        let module = try #require(try failure("needs-big.lua", "return require(\"big\")"))
        #expect(module.message == "\(dir)/needs-big.lua:1: module 'big': \(big): expected a Lua source file of at most 16 MB, found 20 MB")
        #expect(LuaHost.scriptFileProblem(big) == "the script cannot be read (expected a Lua source file of at most 16 MB, found 20 MB).")
    }

    /// A module that passes the size limit only after `require` found it (it grew in between)
    /// is refused at the line of the `require`, as one found too large already is. The growth
    /// happens between the search and the read through the host's reader; the file is sparse.
    @Test func aModuleThatGrowsPastTheLimitOnceFoundIsNamedAtItsRequire() throws {
        let grows = folder.write("grows.lua", "return {}")
        let host = try LuaHost()
        let read = host.readScriptFile
        host.readScriptFile = { path in
            if path.hasSuffix("/grows.lua") { #expect(truncate(path, off_t(20 * 1_048_576)) == 0) }
            return read(path)
        }
        let error = try #require(try failure("needs-grows.lua", "-- a module\nreturn require(\"grows\")", host: host))
        #expect(error.message == "\(dir)/needs-grows.lua:2: module 'grows': \(grows) cannot be read (expected a Lua source file of at most 16 MB, found 20 MB)")
    }

    @Test func missingFile() throws {
        let host = try LuaHost()
        let e = try #require(scriptError { _ = try host.loadLayoutScript(path: "\(dir)/absent.lua") })
        #expect(e.kind == .file)
        #expect(e.message == "\(dir)/absent.lua: expected a script file, found no such file.")
    }

    @Test("a script error's kind is named by its raw value")
    func errorKindNames() {
        let kinds: [LuaScriptError.Kind] = [.syntax, .runtime, .memory, .timeLimit, .instructionLimit, .interrupted, .file, .script]
        #expect(kinds.map(\.rawValue) == ["syntax", "runtime", "memory", "timeLimit", "instructionLimit", "interrupted", "file", "script"])
        for kind in kinds { #expect(LuaScriptError.Kind(rawValue: kind.rawValue) == kind) }
        #expect(LuaScriptError.Kind(rawValue: "Syntax") == nil && LuaScriptError.Kind(rawValue: "time") == nil)
    }
}

/// `[String: JSONValue]` literal to an ordered dictionary, keys sorted.
struct OrderedDictionaryShim {
    var storage: [String: JSONValue] = [:]
    subscript(key: String) -> JSONValue? {
        get { storage[key] }
        set { storage[key] = newValue }
    }
    var value: OrderedDictionary<String, JSONValue> {
        OrderedDictionary(uniqueKeysWithValues: storage.sorted { $0.key < $1.key })
    }
}

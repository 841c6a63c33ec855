import Foundation
import Testing
import TesseraCore
@testable import TesseraLua

/// What a script cannot do to the host: reach a host metatable, confuse a host function by
/// calling it in a coroutine, crash it with a non-table where a table belongs, nest values
/// without end, loop in C past the limits, or load files outside the search folders.
@Suite struct BridgeHardeningTests {
    let folder = ScriptFolder()

    func evaluate(_ source: String, host: LuaHost? = nil) throws -> [LuaValue] {
        try TesseraLuaTests.evaluate(source, chunkName: "=hardening", host: host)
    }

    func error(_ source: String, host: LuaHost? = nil) -> LuaScriptError? {
        scriptError { _ = try evaluate(source, host: host) }
    }

    /// One value of every kind the API returns, built by calling each `t.*` function (the test
    /// fails when a new function has no entry here), plus ctx, its items, engine results and
    /// script layouts; then every value reachable from them is walked and `getmetatable` must
    /// give no table for any of them.
    static let everyValue = """
    local t = require("tessera")
    local calls = {
      inset = { t.flow{}, 5 }, transpose = { t.flow{} }, sticky = { t.flow{}, function() return false end },
      visibleFrameInset = { t.flow{}, 5 }, sized = { t.flow{}, function() return 1, 1 end },
      closure = { function() return 0, 0, 1, 1 end },
      sections = { { default = t.flow{} } },
      provider = { { data = { { id = 1 } } } }, composed = { { sections = { t.spacer{} } } },
      headers = { { sections = { t.spacer{} } } }, spacer = { {} }, emptyState = { { content = t.spacer{} } },
      engine = { { provider = t.spacer{}, viewport = { 100, 100 } } },
      animator = { "fade" }, transition = { { { 0, 0, 1, 1 } }, { { 0, 0, 2, 2 } }, 0.5 },
      compositional = { { section = t.section{ group = t.vgroup{ items = { t.item{} } } } } },
      section = { { group = t.vgroup{ items = { t.item{} } } } },
      hgroup = { { items = { t.item{} } } }, vgroup = { { items = { t.item{} } } },
      customGroup = { function() return {} end }, item = { {} }, boundary = { {} }, decoration = { {} },
      fw = { 1 }, fh = { 1 }, estimated = { 10 }, uniformAcrossSiblings = { 10 }, flexible = { 1 },
      split = { {} }, distribute = { "center", 100, 10, 10, 0 }, align = { "center", 10, 0, 100 },
      diff = { { "a", "b" }, { "b", "c" } },
    }
    for _, name in ipairs(t.builtins) do calls[name] = { {} } end
    local values, missing, failed = {}, {}, {}
    for name, f in pairs(t) do
      if type(f) == "function" then
        local args = calls[name]
        if not args then missing[#missing + 1] = name
        else
          local result = table.pack(pcall(f, table.unpack(args)))
          if not result[1] then failed[#failed + 1] = name .. ": " .. tostring(result[2]) end
          for k = 2, result.n do values["t." .. name .. "#" .. (k - 1)] = result[k] end
        end
      end
    end
    table.sort(missing)
    table.sort(failed)
    values.module = t
    values.script = require("waterfall")
    values.ctx = ctx
    values.item = ctx:item(1)
    values.column = ctx:column("w")
    local e = values["t.engine#1"]
    values.events = e:layout()
    values.views = e:views()
    values.stats = e.stats
    values.providerData = values["t.provider#1"].data
    values.coroutine = coroutine.create(function() end)

    local tables, seen = {}, {}
    local function walk(v, path, depth)
      if seen[v] or depth > 8 then return end
      if type(v) == "table" or type(v) == "userdata" or type(v) == "function" or type(v) == "thread" then seen[v] = true end
      if type(getmetatable(v)) == "table" then tables[#tables + 1] = path end
      if type(v) == "table" then
        for k, x in pairs(v) do walk(x, path .. "." .. tostring(k), depth + 1) end
      end
    end
    for name, v in pairs(values) do walk(v, name, 0) end
    table.sort(tables)
    return table.concat(missing, ","), table.concat(failed, "; "), table.concat(tables, ",")
    """

    @Test func noValueTheAPIReturnsHasAReachableMetatable() throws {
        let host = try LuaHost()
        let env = try host.newEnvironment(directory: folder.path)
        let chunk = try host.load("local ctx = ...\n" + Self.everyValue, chunkName: "=walk", environment: env)
        let values = try host.call(.function(chunk), context: sizedContext([Size(width: 10, height: 10), Size(width: 20, height: 5)]))
        #expect(values == [.string(""), .string(""), .string("")])
    }

    @Test func theHostReleaseFunctionCannotBeTakenOrReplaced() throws {
        #expect(try evaluate("local t = require('tessera') return getmetatable(t.item{}), getmetatable(t.fw(1)), getmetatable(require('waterfall'))") ==
                [.boolean(false), .boolean(false), .boolean(false)])
        #expect(error("local t = require('tessera') getmetatable(t.item{}).__gc = function() end")?.message ==
                "hardening:1: attempt to index a boolean value")
        #expect(error("local t = require('tessera') setmetatable(require('waterfall'), {})")?.message ==
                "hardening:1: cannot change a protected metatable")
    }

    /// Host functions read their arguments from, and push results on, the coroutine that called them.
    @Test func hostFunctionsCalledInACoroutineUseItsStack() throws {
        folder.write("lib.lua", "return require('tessera').waterfall{ columns = 3 }")
        let host = try LuaHost()
        let env = try host.newEnvironment(directory: folder.path)
        #expect(try host.evaluate("""
        local t = require("tessera")
        local flow = coroutine.wrap(function() return t.flow{} end)()
        local inset = coroutine.wrap(function() return t.inset(t.flow{}, 5) end)()
        local required = coroutine.wrap(function() return require("lib") end)()
        local co = coroutine.create(function(a) local b = coroutine.yield(t.fw(a)) return t.estimated(b) end)
        local _, first = coroutine.resume(co, 0.5)
        local _, second = coroutine.resume(co, 7)
        return tostring(flow), tostring(inset), tostring(required), type(first), type(second)
        """, chunkName: "=co", environment: env) == [.string("tessera layout: flow"), .string("tessera layout: inset(flow)"),
                                                     .string("tessera layout: waterfall"), .string("userdata"), .string("userdata")])
    }

    @Test func nonTablesInsideListsAreRefusedNotRead() {
        #expect(error("require('tessera').item{ supplementaries = { 5 } }")?.message ==
                "hardening:1: t.item: field 'supplementaries[1]' must be a table {kind =, size =, anchor =, ...}, got number")
        #expect(error("require('tessera').item{ supplementaries = { true } }")?.message ==
                "hardening:1: t.item: field 'supplementaries[1]' must be a table {kind =, size =, anchor =, ...}, got boolean")
        #expect(error("require('tessera').item{ supplementaries = { 'x' } }")?.message ==
                "hardening:1: t.item: field 'supplementaries[1]' must be a table {kind =, size =, anchor =, ...}, got string")
        #expect(error("require('tessera').item{ supplementaries = { { kidn = 1 } } }")?.message ==
                "hardening:1: t.item: field 'supplementaries[1]' has an unknown field 'kidn' (did you mean kind?); known fields: anchor, itemAnchor, kind, offset, size, zIndex")
        #expect(error("require('tessera').boundary{ offset = 5 }")?.message ==
                "hardening:1: t.boundary: field 'offset' must be {x, y} with finite numbers, got 5")
        #expect(error("local f = pairs(require('tessera')) f(5)")?.message ==
                "hardening:1: bad argument #1 to 'f' (table expected, got number)")
    }

    @Test func groupsNestAtMostTheLayoutLimit() {
        let e = error("""
        local t = require("tessera")
        local g = t.item{}
        for i = 1, 3000 do g = t.vgroup{ items = { g } } end
        """)
        #expect(e?.message == "hardening:3: t.vgroup: the value would be nested 201 levels deep; at most 200 levels are allowed (is a value built from itself in a loop?)")
    }

    @Test func providerTreesRefuseCyclesAndDeepNesting() {
        #expect(error("local t = require('tessera') local p = t.composed{} p.sections = { p }")?.message ==
                "hardening:1: t.composed: field 'sections[1]' would make a cycle: it is or contains this provider; a provider cannot contain itself")
        #expect(error("local t = require('tessera') local e = t.emptyState{ content = t.spacer{} } e.content = e")?.message ==
                "hardening:1: t.emptyState: field 'content' would make a cycle: the content is or contains this provider; a provider cannot contain itself")
        #expect(error("local t = require('tessera') local p = t.spacer{} for i = 1, 10000 do p = t.composed{ sections = { p } } end")?.message ==
                "hardening:1: t.composed: field 'sections' would nest providers more than 200 deep; at most 200 levels are allowed")
        // Attaching a deep tree below a deep parent deepens the tree above it: the next pass refuses it.
        #expect(error("""
        local t = require("tessera")
        local function chain(n) local top = t.composed{} local p = top for i = 2, n do local q = t.composed{} p.sections = { q } p = q end return top, p end
        local top, bottom = chain(150)
        local other = chain(150)
        bottom.sections = { other }
        local e = t.engine{ provider = top, viewport = { 100, 100 } }
        """)?.message == "hardening:6: t.engine: the engine's providers are nested more than 200 deep; at most 200 levels are allowed")
    }

    /// C loops a script sizes stop at the limits (an instruction budget far below the work).
    @Test func cLoopsStopAtTheLimits() throws {
        let budgeted = try LuaHost(limits: ScriptLimits(timeLimit: nil, maxInstructions: 100_000))
        #expect(error("table.move({}, 1, 2^62, 1, {})", host: budgeted)?.message == "hardening:1: instruction budget of 100,000 exceeded")
        #expect(error("table.insert(setmetatable({}, { __len = function() return math.maxinteger - 1 end, __index = rawequal, __newindex = rawequal }), 1, 5)",
                      host: budgeted)?.message == "hardening:1: instruction budget of 100,000 exceeded")
        #expect(error("table.remove(setmetatable({}, { __len = function() return math.maxinteger end, __index = rawequal, __newindex = rawequal }), 1)",
                      host: budgeted)?.message == "hardening:1: instruction budget of 100,000 exceeded")
        #expect(error("table.sort(setmetatable({}, { __len = function() return 2^30 end, __index = tostring, __newindex = rawequal }))",
                      host: budgeted)?.message == "hardening:1: instruction budget of 100,000 exceeded")
        #expect(error("table.concat(setmetatable({}, { __len = function() return math.maxinteger end, __index = rawlen }))",
                      host: budgeted)?.message == "hardening:1: instruction budget of 100,000 exceeded")
        #expect(try evaluate("return string.rep('', math.maxinteger), string.rep('', math.maxinteger, ''), #string.rep('ab', 3, ',')", host: budgeted) ==
                [.string(""), .string(""), .integer(8)])
        // The replacements do what the standard ones do.
        #expect(try evaluate("""
        local t = { 1, 2, 3 }
        table.insert(t, 2, 9); table.insert(t, 4)
        local removed = table.remove(t, 1)
        local moved = table.concat(table.move({ 1, 2, 3 }, 1, 3, 2), ",")
        local into = table.concat(table.move({ 1, 2 }, 1, 2, 3, { 7, 8 }), ",")
        local sorted, down, words = { 5, 3, 9, 1, 7, 3, 8 }, { 5, 3, 9, 1 }, { "b", "a", "c" }
        table.sort(sorted); table.sort(down, function(a, b) return a > b end); table.sort(words)
        return table.concat(t, ","), removed, moved, into, string.rep("ab", 3, "-"), string.rep("x", 1), string.rep("x", 0),
          table.concat(sorted, ","), table.concat(down, ","), table.concat(words, " "), table.concat({ 1, 2, 3 }, ", ", 2, 3)
        """) == [.string("9,2,3,4"), .integer(1), .string("1,1,2,3"), .string("7,8,1,2"), .string("ab-ab-ab"), .string("x"), .string(""),
                 .string("1,3,3,5,7,8,9"), .string("9,5,3,1"), .string("a b c"), .string("2, 3")])
        #expect(error("table.concat({ 1, {}, 3 })")?.message == "hardening:1: invalid value (at index 2) in table for 'concat'")
        #expect(error("table.sort({ 1, 'x' })")?.message == "attempt to compare number with string")   // as Lua's own sort says it
        #expect(error("table.insert({}, 5, 1)")?.message == "hardening:1: bad argument #2 to 'insert' (position out of bounds)")
    }

    /// A plain find is linear in the subject: a subject of 4 MB and a pattern of 40 KB that
    /// almost matches everywhere (1.6e11 steps for a naive scan).
    @Test func plainFindIsLinear() throws {
        #expect(try evaluate("""
        local s = string.rep("a", 4000000) .. "b"
        local p = string.rep("a", 40000) .. "b"
        return string.find(s, p, 1, true), string.find(s, p), string.find("hello world", "o w", 1, true)
        """) == [.integer(3_960_001), .integer(3_960_001), .integer(5), .integer(7)])
    }

    /// __close handlers run by coroutine.close are stopped by the time limit.
    @Test func closeHandlersRunUnderTheLimits() throws {
        let timed = try LuaHost(limits: ScriptLimits(timeLimit: 0.05))
        let e = error("""
        local co = coroutine.create(function()
          local x <close> = setmetatable({}, { __close = function() while true do end end })
          coroutine.yield()
        end)
        coroutine.resume(co)
        coroutine.close(co)
        """, host: timed)
        #expect(e?.kind == .timeLimit)
        #expect(e?.message.hasSuffix("time limit of 0.05 s of CPU time exceeded") == true)
        #expect(try evaluate("""
        local log = {}
        local co = coroutine.create(function()
          local x <close> = setmetatable({}, { __close = function() log[#log + 1] = "closed" end })
          coroutine.yield()
        end)
        coroutine.resume(co)
        return coroutine.close(co), log[1], coroutine.status(co), coroutine.close(coroutine.create(print))
        """) == [.boolean(true), .string("closed"), .string("dead"), .boolean(true)])
    }

    @Test func aModuleThatFailedLoadsAgainNotAsALoop() throws {
        folder.write("broken.lua", "error('broken on purpose')")
        let host = try LuaHost()
        let env = try host.newEnvironment(directory: folder.path)
        let values = try host.evaluate("""
        local _, first = pcall(require, "broken")
        local _, second = pcall(require, "broken")
        return first, second
        """, chunkName: "=req", environment: env)
        let expected = LuaValue.string("\(folder.path)/broken.lua:1: broken on purpose")
        #expect(values == [expected, expected])
    }

    /// t.animator takes names as require does; links out of a search folder are not followed.
    @Test func scriptsNameModulesAndNeverFollowLinksOut() throws {
        folder.write("layouts/inside.lua", "return { simpleLayout = function() end }")
        folder.write("animators/mine.lua", "return { name = 'mine' }")
        let secret = folder.write("secret/passwd.lua", "return { simpleLayout = function() end, name = 'secret' }")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/layouts/shadow.lua", withDestinationPath: secret)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/layouts/alias.lua", withDestinationPath: folder.path + "/layouts/inside.lua")
        let host = try LuaHost(searchPaths: [folder.path + "/layouts"])
        let env = try host.newEnvironment(directory: folder.path + "/layouts")
        func message(_ source: String) -> String? {
            scriptError { _ = try host.evaluate(source, chunkName: "=paths", environment: env) }?.message
        }
        #expect(message("require('shadow')") ==
                "paths:1: module 'shadow': \(folder.path)/layouts/shadow.lua resolves through a symbolic link to '\(secret)', outside its search folder \(folder.path)/layouts; expected a file inside that folder")
        #expect(try host.evaluate("return type(require('alias').simpleLayout)", chunkName: "=paths", environment: env) == [.string("function")])
        #expect(message("require('tessera').animator('\(secret)')") ==
                "paths:1: t.animator: animator name '\(secret)' is not valid; use letters, digits, '_', '-' and '.' (for folders), not a path")
        #expect(message("require('tessera').animator('../secret/passwd')") ==
                "paths:1: t.animator: animator name '../secret/passwd' is not valid; use letters, digits, '_', '-' and '.' (for folders), not a path")
        #expect(try host.evaluate("return tostring(require('tessera').animator('mine'))", chunkName: "=paths", environment: env) == [.string("animator: mine")])
        #expect(mkfifo(folder.path + "/animators/pipe.lua", 0o644) == 0)
        #expect(message("require('tessera').animator('pipe')") ==
                "paths:1: t.animator: animator 'pipe': \(folder.path)/animators/pipe.lua: expected a regular file, found a FIFO (named pipe)")
    }

    /// The script reader judges the file it opened, not an earlier look at its path (a file
    /// swapped for a FIFO between the two blocked the open until a writer came): a FIFO, here
    /// with a writer and a script waiting in it so that a reader that skipped the check would
    /// return it, and a folder give nothing; a file is read. Nothing here waits.
    @Test func theScriptReaderJudgesTheFileItOpened() throws {
        let pipe = folder.path + "/pipe.lua"
        #expect(mkfifo(pipe, 0o644) == 0)
        let readEnd = open(pipe, O_RDONLY | O_NONBLOCK), writeEnd = open(pipe, O_WRONLY | O_NONBLOCK)
        defer { close(readEnd); close(writeEnd) }
        #expect(readEnd >= 0 && writeEnd >= 0)
        #expect(Array("return 1\n".utf8).withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) } == 9)
        #expect(ScriptFiles.read(pipe) == nil && ScriptFiles.readSource(pipe) == nil)
        #expect(ScriptFiles.readFailure(pipe) == "expected a regular file, found a FIFO (named pipe)")
        #expect(ScriptFiles.read(folder.path) == nil)
        #expect(ScriptFiles.read(folder.write("ok.lua", "return 2\n")) == Array("return 2\n".utf8))
        #expect(ScriptFiles.read(folder.path + "/ok.lua", limit: 6) == Array("return".utf8))
    }

    /// Messages that name the bad value and the script line.
    @Test func messagesNameTheBadValueAndTheLine() throws {
        #expect(error("require('tessera').split{ sectionInset = 0/0 }")?.message ==
                "hardening:1: t.split: field 'sectionInset' must be a finite number or {top=, left=, bottom=, right=}, got nan")
        #expect(error("""
        local t = require("tessera")
        local p = t.provider{ data = { { id = 1 } }, size = function() return 0/0, 0/0 end }
        t.engine{ provider = p, viewport = { 100, 100 } }:layout()
        """)?.message == "hardening:2: t.provider: the size function's result for item 1 must be a finite, non-negative width and height, got nan, nan")
        do {
            _ = try AnimationDescription(json: ["duration": 1, "curve": "spring", "damping": 0], what: "animation")
            Issue.record("damping = 0 was accepted")
        } catch {
            #expect(error.message == "animation: damping must be a positive damping ratio (1 is critical damping) of at most 1e15, got 0")
        }
        // Found while the host lays out a t.* value: the error names the line that built it.
        let sideways = folder.write("sideways.lua", """
        local t = require("tessera")
        return t.compositional{ section = t.section{ orthogonalScrolling = "continuous",
          group = t.hgroup{ size = { 1e308, 50 }, items = { t.item{ size = { "100%", 10 } } }, count = 2 } } }
        """)
        let host = try LuaHost()
        let e = #expect(throws: LayoutError.self) {
            _ = try host.loadLayoutScript(path: sideways).configured()
                .layout(sizedContext(Array(repeating: Size(width: 10, height: 10), count: 12), viewport: Size(width: 375, height: 812)))
        }
        #expect(e?.message == "\(sideways):2: compositional layout gave orthogonal section 0 an invalid content size inf x 50; expected finite numbers, not negative")
    }
}

import Foundation
import Testing
import TesseraCore
@testable import TesseraLua

/// The calls layout authors asked for: ctx:textSize, layout:sized, require from anywhere,
/// "did you mean" for a misspelt hook.
@Suite struct AuthorCallsTests {
    let folder = ScriptFolder()

    func frames(_ source: String, context: LayoutContext, name: String = "layout.lua") throws -> [Rect] {
        let host = try LuaHost()
        return try host.loadLayoutScript(path: folder.write(name, source)).configured().layout(context).allFrames
    }

    @Test func textSizeIsTheWidestLineAndTheHeight() throws {
        let host = try LuaHost()
        var lines: [String] = []
        host.output = { lines.append($0) }
        let function = try host.evaluate("""
        return function(ctx)
          print(ctx:textSize("hello world", 40))
          print(ctx:textSize("hello world", 1000))
          print(ctx:textSize("a\\nbb", 1000, { fontSize = 32, lineHeight = 40 }))
          print(ctx:textSize("", 10))
          print(pcall(ctx.textSize, ctx, "x", 0/0))
        end
        """, environment: host.newEnvironment())[0]
        try host.call(function, context: LayoutContext(dataset: Dataset(items: []), collectionSize: Size(width: 100, height: 100)))
        let m = TextMeasurer(), big = TextMeasurer(fontSize: 32, lineHeight: 40)
        func text(_ s: Size) -> String { "\(LuaHost.numberText(s.width))\t\(LuaHost.numberText(s.height))" }
        let wrapped = m.size(of: "hello world", width: 40)
        #expect(wrapped.height == m.height(of: "hello world", width: 40) && wrapped.height == 40)
        #expect(wrapped.width == max(m.width(of: "hello"), m.width(of: "world")))
        #expect(m.size(of: "hello world", width: 1000) == Size(width: m.width(of: "hello world"), height: 20))
        #expect(big.size(of: "a\nbb", width: 1000) == Size(width: big.width(of: "bb"), height: 80))
        #expect(lines.count == 5)
        #expect(lines[0].split(separator: "\t").compactMap { Double($0) } == [wrapped.width, 40])
        #expect(lines[3] == "0.0\t0.0")
        #expect(lines[4] == "false\tctx:textSize: argument #2 (width) must be a finite, non-negative number, got nan")
    }

    /// A built-in inside a script takes its sizes from a Lua function: t.row{} no longer makes
    /// every card the width of the screen.
    @Test func sizedGivesBuiltinsScriptSizes() throws {
        let context = LayoutContext(dataset: Dataset(items: (0..<4).map { Item(id: .int($0), fields: ["w": .int(10 * ($0 + 1))]) }),
                                    collectionSize: Size(width: 300, height: 100))
        let scripted = try frames("""
        local t = require('tessera')
        return t.flow{ spacing = 5 }:sized(function(item, i, pw, ph) return item.w + i, 20 end)
        """, context: context)
        let expected = try FlowLayout(spacing: 5).layout(LayoutContext(collectionSize: context.collectionSize, count: 4,
            item: { context.item(at: $0) }, size: { i, _ in Size(width: Double(10 * (i + 1) + i + 1), height: 20) })).allFrames
        #expect(scripted == expected)
        #expect(scripted.map(\.width) == [11, 22, 33, 44])
        let bad = scriptError { _ = try frames("return require('tessera').flow{}:sized(function() return -1, 2 end)", context: context, name: "bad.lua") }
        #expect(bad?.message == "\(folder.path)/bad.lua:1: size returned w = -1 for item 1 (Lua index; item 0 in the output); a size needs two numbers from 0 to 1e7")
        let notFunction = scriptError { _ = try frames("return require('tessera').flow{}:sized(3)", context: context, name: "nf.lua") }
        #expect(notFunction?.message == "\(folder.path)/nf.lua:1: layout:sized: argument #1 (size) must be a function(item, i, pw, ph) returning w, h, got number")
    }

    /// `sized` calls `fn(item, i, pw, ph)`, a provider's order: here the script asks for item i's
    /// size in the proposal (50 + i) x 70, and the function answers w = 1000·i + pw, h = ph + item.w.
    @Test func sizedPassesItemIndexThenProposal() throws {
        let context = LayoutContext(dataset: Dataset(items: (0..<3).map { Item(id: .int($0), fields: ["w": .int(10 * ($0 + 1))]) }),
                                    collectionSize: Size(width: 300, height: 100))
        let scripted = try frames("""
        local t = require('tessera')
        local column = { simpleLayout = function(ctx)
          for i = 1, ctx.count do local w, h = ctx:size(i, 50 + i, 70); ctx.set(i, 0, 0, w, h) end
        end }
        return t.sized(column, function(item, i, pw, ph) return 1000 * i + pw, ph + item.w end)
        """, context: context)
        #expect(scripted.map(\.width) == [1051, 2052, 3053])
        #expect(scripted.map(\.height) == [80, 90, 100])
    }

    /// A function written for the order `sized` had before, `(item, pw, ph, i)`, would read the
    /// index as pw; one whose second parameter is still named pw is refused when the layout is
    /// made. Other names, and functions with fewer parameters, are taken as they are.
    @Test func sizedRefusesAFunctionWrittenForTheOldOrder() throws {
        let context = LayoutContext(dataset: Dataset(items: [Item(id: .int(0), fields: ["w": .int(10)])]),
                                    collectionSize: Size(width: 300, height: 100))
        let message = "layout:sized: argument #1 (size) takes (item, i, pw, ph), but its second parameter is named pw, as in the order sized had before (item, pw, ph, i); write function(item, i, pw, ph)"
        let old = scriptError { _ = try frames("return require('tessera').flow{}:sized(function(item, pw, ph, i) return pw, ph end)", context: context, name: "old.lua") }
        #expect(old?.message == "\(folder.path)/old.lua:1: " + message)
        let three = scriptError { _ = try frames("local t = require('tessera')\nreturn t.sized(t.flow{}, function(item, pw, ph) return pw, 20 end)", context: context, name: "three.lua") }
        #expect(three?.message == "\(folder.path)/three.lua:2: t.sized: argument #2 (size) takes (item, i, pw, ph), but its second parameter is named pw, as in the order sized had before (item, pw, ph, i); write function(item, i, pw, ph)")
        let renamed = try frames("return require('tessera').flow{}:sized(function(item, index, w, h) return index * 7, 20 end)", context: context)
        #expect(renamed.map(\.width) == [7])
    }

    /// A script's own `size` answers `ctx:size` checked as `:sized`'s function is: a wrong type,
    /// NaN, an infinity or a negative size stops the script naming the size function's line
    /// (it used to reach the script as it was: `ctx:size` gave "wide", nil).
    @Test(arguments: [("'wide', 1", "w = string"), ("1, 0/0", "h = nan"), ("-1, 1", "w = -1"),
                      ("nil", "w = nil"), ("1, math.huge", "h = inf"),
                      // Bounded as a dataset's sizes are (Item.largestSize).
                      ("1e8, 1", "w = 100000000"), ("1, 1e308", "h = 1e+308")])
    func aScriptsOwnSizeIsChecked(returned: String, shown: String) throws {
        let context = LayoutContext(dataset: Dataset(items: [Item(id: .string("a"), fields: [:])]),
                                    collectionSize: Size(width: 300, height: 100))
        let e = scriptError { _ = try frames("""
        return {
          size = function(item, pw, ph) return \(returned) end,
          simpleLayout = function(ctx)
            local w, h = ctx:size(1)
            ctx.set(1, 0, 0, 10, 10)
          end,
        }
        """, context: context, name: "own.lua") }
        #expect(e?.message == "\(folder.path)/own.lua:2: size returned \(shown) for item 1 (Lua index; item 0 in the output); a size needs two numbers from 0 to 1e7")
        #expect(e?.traceback.contains("own.lua:4: in function") == true, "\(e?.traceback ?? "")")
    }

    /// A size that fails while a script asks for it (`ctx:size` under `:sized`) stops the script
    /// at that call with the size function's error, and the layout throws it.
    @Test func aFailingSizeRaisesInTheScriptThatAskedForIt() throws {
        let context = LayoutContext(dataset: Dataset(items: (0..<4).map { Item(id: .int($0), fields: [:]) }),
                                    collectionSize: Size(width: 300, height: 100))
        let e = scriptError { _ = try frames("""
        local t = require('tessera')
        local column = { simpleLayout = function(ctx)
          for i = 1, ctx.count do local w, h = ctx:size(i); ctx.set(i, 0, (i - 1) * h, w, h) end
        end }
        return t.sized(column, function(item, i, pw, ph)
          if i == 3 then error("no size for item 3") end
          return 10, 20
        end)
        """, context: context, name: "failing.lua") }
        #expect(e?.message == "\(folder.path)/failing.lua:6: no size for item 3")
    }

    /// The shipped layouts are found from any working directory (the executable's build tree
    /// here, as next to an installed one), and TESSERA_PATH folders are searched in order.
    @Test func requireFindsShippedLayoutsFromAnywhere() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let fakeExecutable = repository.appendingPathComponent(".build/somewhere/tessera").path
        let paths = LuaHost.standardSearchPaths(environment: ["TESSERA_PATH": "/opt/a:/opt/b"], executable: fakeExecutable)
        #expect(paths == ["layouts", "/opt/a", "/opt/b", repository.appendingPathComponent("layouts").path])
        // Installed: layouts/ beside the executable wins.
        let installed = folder.write("bin/layouts/mine.lua", "return {}")
        let beside = LuaHost.standardSearchPaths(environment: [:], executable: folder.path + "/bin/tessera")
        #expect(beside == ["layouts", (installed as NSString).deletingLastPathComponent])

        let host = try LuaHost(searchPaths: paths)
        let elsewhere = folder.write("elsewhere/uses.lua", "return require('waterfall')")
        let layout = try host.loadLayoutScript(path: elsewhere).configured(["columns": 3])
        let context = LayoutContext(dataset: .synthetic(count: 20) { Size(width: 100, height: Double(10 + $0)) })
        #expect(try layout.layout(context).allFrames == WaterfallLayout(columns: 3).layout(context).allFrames)
        let missing = scriptError { _ = try host.loadLayoutScript(path: folder.write("elsewhere/missing.lua", "return require('nosuch')")) }
        // Every folder searched, once: the working directory's layouts/ is the repository's when
        // the tests run from its root.
        let shipped = repository.appendingPathComponent("layouts").path
        let sameAsCwd = URL(fileURLWithPath: "layouts").standardizedFileURL.path == shipped
        #expect(missing?.message == "\(folder.path)/elsewhere/missing.lua:1: module 'nosuch' not found:" +
                ["\(folder.path)/elsewhere", "layouts", "/opt/a", "/opt/b"].map { "\n\tno file '\($0)/nosuch.lua'" }.joined() +
                (sameAsCwd ? "" : "\n\tno file '\(shipped)/nosuch.lua'"))
    }

    @Test func aMisspeltHookGetsASuggestion() throws {
        let host = try LuaHost()
        let e = scriptError { _ = try host.loadLayoutScript(path: folder.write("typo.lua", "return { simplelayout = function(ctx) end }")) }
        #expect(e?.message == "\(folder.path)/typo.lua:1: field 'simplelayout' is unknown (did you mean simpleLayout?); the script's result must be \(LuaHost.layoutShape)")
        let v = scriptError { _ = try host.loadLayoutScript(path: folder.write("vis.lua", "return { frame = function() end, visibel = function() end }")) }
        #expect(v?.message == "\(folder.path)/vis.lua:1: field 'visibel' is unknown (did you mean visible?); an analytic layout needs visible(x, y, w, h) next to frame(i)")
    }
}

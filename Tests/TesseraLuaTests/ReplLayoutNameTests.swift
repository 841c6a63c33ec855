import Testing
import TesseraCore
@testable import TesseraLua

/// A layout value prints as what made it: the `t.` function's name, the layout it decorates in
/// parentheses, or a script's name; a result names its layout the same way.
@Suite struct ReplLayoutNameTests {
    let folder = ScriptFolder()

    @Test func everyBuiltInPrintsAsTheFunctionThatMadeIt() throws {
        let repl = try ReplRecorder()
        let stack = folder.write("stack.lua", replStackScript)
        let native = folder.write("native.lua", "return require('tessera').row{}")
        repl.feed(
            "t.flow{}", "t.row{}", "t.waterfall{}", "t.overlay{}", "t.split{}",
            "t.sections{ default = t.flow{} }", "t.closure(function() return 0, 0, 1, 1 end)",
            "t.compositional{ section = t.section{ group = t.hgroup{ size = { '100%', 10 }, items = { t.item{ size = { '100%', '100%' } } } } } }",
            "t.inset(t.waterfall{}, 4)", "t.waterfall{}:inset(4)", "t.visibleFrameInset(t.flow{}, -10)",
            "t.transpose(t.row{})", "t.row{}:transposed()", "t.sticky(t.flow{})", "t.flow{}:sticky(function() return true end)",
            "t.flow{}:sized(function() return 1, 1 end)", "t.waterfall{}:inset(8):sticky()",
            "s = load('\(stack)')", "s", "s:with{ gap = 2 }", "s:inset(1)", "t.transpose({ name = 'table', simpleLayout = function() end })",
            "load('\(native)')", "load('\(native)'):inset(2)")
        #expect(repl.err == [])
        #expect(repl.out == [
            "tessera layout: flow", "tessera layout: row", "tessera layout: waterfall", "tessera layout: overlay", "tessera layout: split",
            "tessera layout: sections", "tessera layout: closure", "tessera layout: compositional",
            "tessera layout: inset(waterfall)", "tessera layout: inset(waterfall)", "tessera layout: visibleFrameInset(flow)",
            "tessera layout: transpose(row)", "tessera layout: transpose(row)", "tessera layout: sticky(flow)", "tessera layout: sticky(flow)",
            "tessera layout: sized(flow)", "tessera layout: sticky(inset(waterfall))",
            "tessera layout: stack", "tessera layout: stack", "tessera layout: inset(stack)", "tessera layout: transpose(table)",
            "tessera layout: native", "tessera layout: inset(native)",
        ])
    }

    /// A decorator quotes an inner name of at most 100 bytes whole, else as "...": names are
    /// held outside the script's memory cap, so they must not grow with the nesting.
    @Test func aDeepNameIsCutToItsOuterLevels() throws {
        let repl = try ReplRecorder()
        repl.feed("l = t.flow{} for i = 1, 14 do l = l:inset(1) end", "l",
                  "for i = 15, 20 do l = l:inset(1) end", "l")
        let whole = String(repeating: "inset(", count: 14) + "flow" + String(repeating: ")", count: 14)
        #expect(whole.utf8.count == 102)
        #expect(repl.err == [])
        #expect(repl.out == ["tessera layout: " + whole,
                             "tessera layout: " + String(repeating: "inset(", count: 6) + "..." + String(repeating: ")", count: 6)])
    }

    @Test func aResultNamesItsLayoutAsTheLayoutPrints() throws {
        let repl = try ReplRecorder()
        repl.feed("run(t.flow{}:inset(2))", "run('waterfall')", "run(t.waterfall{}:with{})")
        #expect(repl.out.count == 2)
        #expect(repl.out[0].hasPrefix("tessera result: inset(flow), 3 items, "), "\(repl.out)")
        #expect(repl.out[1].hasPrefix("tessera result: waterfall, 3 items, "), "\(repl.out)")
        #expect(repl.err.first?.hasPrefix("stdin:1: layout:with: self must be a script layout (a table require or load returns; a built-in layout is configured by its constructor), got waterfall") == true, "\(repl.err)")
    }
}

import Foundation
import Testing
import TesseraCore
@testable import TesseraLua

/// Wrong arguments to `t.*` and `ctx` methods (wrong type, NaN, negative, unknown key,
/// unknown option) get one message shape, exactly:
/// `t.distribute: argument #2 (length) must be a finite number, got string`,
/// `t.waterfall: field 'columns' must be a whole number from 1 to 1,000, got string`,
/// `t.provider: argument #1 (options) has an unknown field 'dta' (did you mean data?); known fields: ...`.
@Suite struct ArgumentMessagesTests {
    /// The one shape: the function, then an argument or a field of a table argument, then
    /// what it must be and what it got, or the unknown field and the known ones.
    static var shape: Regex<(Substring, Substring, Substring, Substring?, Substring?)> { #/^(t\.\w+|layout:\w+|ctx[:.]\w+): (argument #\d+ \(\w+\) (must be .+, got .+|has an unknown field '\w+'( \(did you mean [\w, ]+\?\))?; known fields: [\w, ]+)|field '[\w.]+' must be .+, got .+)$/#}

    static let moduleCases: [(String, String)] = [
        // wrong type
        ("t.distribute('center', 'x', 1, 1, 1)", "t.distribute: argument #2 (length) must be a finite number, got string"),
        ("t.align(5, 10, 0, 100)", "t.align: argument #1 (alignment) must be one of start, center, end, stretch, got number"),
        ("t.waterfall(5)", "t.waterfall: argument #1 (params) must be a table of named params, like t.waterfall{ spacing = 8 }, got 5"),
        ("t.waterfall{ columns = '3' }", "t.waterfall: field 'columns' must be a whole number from 1 to 1,000, got string"),
        ("t.row{ spacing = 'x' }", "t.row: field 'spacing' must be a finite, non-negative number, got string"),
        ("t.row{ alwaysFillEmptySpaces = 1 }", "t.row: field 'alwaysFillEmptySpaces' must be true or false, got 1"),
        ("t.inset(5, 2)", "t.inset: argument #1 (layout) must be a layout (a t.* value or a script table with simpleLayout), got number"),
        ("t.inset(t.flow{}, 'x')", "t.inset: argument #2 (insets) must be a number or a table {top=, left=, bottom=, right=}, got string"),
        ("t.flow{}:inset('x')", "layout:inset: argument #1 (insets) must be a number or a table {top=, left=, bottom=, right=}, got string"),
        ("t.transpose(3)", "t.transpose: argument #1 (layout) must be a layout (a t.* value or a script table with simpleLayout), got number"),
        ("t.sticky(t.flow{}, 'yes')", "t.sticky: argument #2 (isSticky) must be a function of the item index and the item, got string"),
        ("t.sized(t.flow{}, 3)", "t.sized: argument #2 (size) must be a function(item, i, pw, ph) returning w, h, got number"),
        ("t.closure(5)", "t.closure: argument #1 (frame) must be a function(i, ctx) returning x, y, w, h, got number"),
        ("t.sections(5)", "t.sections: argument #1 (options) must be a table, got number"),
        ("t.sections{ spacing = 'x' }", "t.sections: field 'spacing' must be a finite, non-negative number, got string"),
        ("t.compositional(5)", "t.compositional: argument #1 (options) must be a table, got number"),
        ("t.compositional{ sections = 5 }", "t.compositional: field 'sections' must be a table of t.section{} by position or section id, got number"),
        ("t.compositional{ section = 'x' }", "t.compositional: field 'section' must be a t.section{} or a function(index, section, env), got string"),
        ("t.headers{ header = { size = 5 } }", "t.headers: field 'header.size' must be a size {w, h} or a function(header, section, pw, ph), got number"),
        ("t.fw('x')", "t.fw: argument #1 (fraction) must be a finite, non-negative number, got string"),
        // nil outside ctx gets no hint about item fields
        ("t.fw(nil)", "t.fw: argument #1 (fraction) must be a finite, non-negative number, got nil"),
        ("t.engine(5)", "t.engine: argument #1 (options) must be a table, got number"),
        ("t.engine{ viewport = 5 }", "t.engine: field 'viewport' must be {width, height}, got number"),
        ("t.engine{ viewport = { 100, -5 } }", "t.engine: field 'viewport' must be {width, height} with finite, non-negative numbers, got {100, -5}"),
        ("t.engine{ viewport = { 100 } }", "t.engine: field 'viewport' must be {width, height} with finite, non-negative numbers, got {100, nil}"),
        ("t.engine{ viewport = { 'wide', 0/0 } }", "t.engine: field 'viewport' must be {width, height} with finite, non-negative numbers, got {wide, nan}"),
        // NaN
        ("t.distribute('center', 0/0, 1, 1, 1)", "t.distribute: argument #2 (length) must be a finite number, got nan"),
        ("t.flow{ spacing = 0/0 }", "t.flow: field 'spacing' must be a finite, non-negative number, got nan"),
        ("t.estimated(0/0)", "t.estimated: argument #1 (estimate) must be a finite, non-negative number, got nan"),
        ("t.split{ splitSpacing = 0/0 }", "t.split: field 'splitSpacing' must be a finite, non-negative number, got nan"),
        ("t.split{ sectionInset = 0/0 }", "t.split: field 'sectionInset' must be a finite number or {top=, left=, bottom=, right=}, got nan"),
        ("t.split{ sectionInset = { top = 0/0 } }", "t.split: field 'sectionInset.top' must be a finite number, got nan"),
        ("t.split{ sectionInset = { left = 'x' } }", "t.split: field 'sectionInset.left' must be a finite number, got string"),
        // negative
        ("t.waterfall{ columns = -1 }", "t.waterfall: field 'columns' must be a whole number from 1 to 1,000, got -1"),
        ("t.row{ spacing = -2 }", "t.row: field 'spacing' must be a finite, non-negative number, got -2"),
        ("t.fh(-1)", "t.fh: argument #1 (fraction) must be a finite, non-negative number, got -1"),
        ("t.sections{ spacing = -1, default = t.flow{} }", "t.sections: field 'spacing' must be a finite, non-negative number, got -1"),
        // unknown key
        ("t.waterfall{ colums = 3 }", "t.waterfall: argument #1 (params) has an unknown field 'colums' (did you mean columns?); known fields: columns, spacing"),
        ("t.flow{ align = 'start' }", "t.flow: argument #1 (params) has an unknown field 'align' (did you mean alignItems or alignContent?); known fields: alignContent, alignItems, interitemSpacing, justifyContent, lineSpacing, spacing"),
        ("t.overlay{ spacing = 1 }", "t.overlay: argument #1 (params) has an unknown field 'spacing'; it takes no fields"),
        ("t.inset(t.flow{}, { tpo = 1 })", "t.inset: argument #2 (insets) has an unknown field 'tpo' (did you mean top?); known fields: bottom, left, right, top"),
        ("t.provider{ dta = {} }", "t.provider: argument #1 (options) has an unknown field 'dta' (did you mean data?); known fields: animator, data, id, identifier, layout, sections, size, tap, view"),
        // unknown option
        ("t.distribute('centre', 1, 1, 1, 1)", "t.distribute: argument #1 (mode) must be one of start, center, end, spaceBetween, spaceAround, spaceEvenly, stretch, got 'centre' (did you mean center?)"),
        ("t.distribute('center', 1, 1, 1, 1, 5)", "t.distribute: argument #6 (rule) must be one of collectionKit, css, got number"),
        ("t.flow{ justifyContent = 'middle' }", "t.flow: field 'justifyContent' must be one of start, center, end, spaceBetween, spaceAround, spaceEvenly, got 'middle'"),
        ("t.flow{ justifyContent = 'centre' }", "t.flow: field 'justifyContent' must be one of start, center, end, spaceBetween, spaceAround, spaceEvenly, got 'centre' (did you mean center?)"),
        ("t.flow{ alignItems = 2 }", "t.flow: field 'alignItems' must be one of start, center, end, stretch, got 2"),
        ("t.provider{ size = 'huge' }", "t.provider: field 'size' must be one of fit, fillWidth, intrinsic, fill, a size {w, h} or a function, got string"),
        ("t.sections{ default = t.flow{}, header = 5 }", "t.sections: field 'header' must be a table {height =, pinned =, zIndex =} or a function of (index, section), got number"),
        ("t.sections{ default = t.flow{}, sections = 5 }", "t.sections: field 'sections' must be a list, a table keyed by section id or a function, got number"),
        ("t.transition(t.flow{}, {}, 0.5)", "t.transition: argument #1 (from) must be a list of frames or of {id =, frame =} tables, or a result with :frames(), got userdata"),
    ]

    /// Called inside simpleLayout with 3 items in one section.
    static let contextCases: [(String, String)] = [
        ("ctx:size('a')", "ctx:size: argument #1 (i) must be an integer, got string"),
        ("ctx:size(0)", "ctx:size: argument #1 (i) must be an item index in 1..3, got 0"),
        ("ctx:size(1, -1)", "ctx:size: argument #2 (pw) must be a finite, non-negative number, got -1"),
        ("ctx:size(1, 0/0)", "ctx:size: argument #2 (pw) must be a finite, non-negative number, got nan"),
        ("ctx:size(1, 10, 'x')", "ctx:size: argument #3 (ph) must be a finite, non-negative number, got string"),
        ("ctx:item(1.5)", "ctx:item: argument #1 (i) must be an integer, got 1.5"),
        ("ctx:item(4)", "ctx:item: argument #1 (i) must be an item index in 1..3, got 4"),
        ("ctx:column(5)", "ctx:column: argument #1 (name) must be a string, got number"),
        ("ctx:id('x')", "ctx:id: argument #1 (i) must be an integer, got string"),
        ("ctx:section(0)", "ctx:section: argument #1 (i) must be an item index in 1..3, got 0"),
        ("ctx:textHeight(5, 10)", "ctx:textHeight: argument #1 (text) must be a string, got number"),
        // nil given to a ctx method, in C (ctx:item, ctx.set) and in Swift (the rest), gets the
        // hint about what reads as nil; no value (ctx.set's h below) does not
        ("ctx:item(nil)", "ctx:item: argument #1 (i) must be an integer, got nil (a variable never set, or an item field that is misspelt or missing, reads as nil)"),
        ("ctx.set(1, nil, 0, 1, 1)", "ctx.set: argument #2 (x) must be a number, got nil (a variable never set, or an item field that is misspelt or missing, reads as nil)"),
        ("ctx:textHeight(nil, 10)", "ctx:textHeight: argument #1 (text) must be a string, got nil (a variable never set, or an item field that is misspelt or missing, reads as nil)"),
        ("ctx:column(nil)", "ctx:column: argument #1 (name) must be a string, got nil (a variable never set, or an item field that is misspelt or missing, reads as nil)"),
        ("ctx.supplementary('header', nil, 0, 0, 1, 1)", "ctx.supplementary: argument #2 (section) must be an integer of at least 1, got nil (a variable never set, or an item field that is misspelt or missing, reads as nil)"),
        ("ctx:textHeight('a', -1)", "ctx:textHeight: argument #2 (width) must be a finite, non-negative number, got -1"),
        ("ctx:textHeight('a', 10, { fontsize = 3 })", "ctx:textHeight: argument #3 (options) has an unknown field 'fontsize' (did you mean fontSize?); known fields: fontSize, lineHeight"),
        ("ctx:textSize('a', 0/0)", "ctx:textSize: argument #2 (width) must be a finite, non-negative number, got nan"),
        ("ctx:textSize('a', 10, { fontSize = -3 })", "ctx:textSize: field 'fontSize' must be a finite, positive number, got -3"),
        ("ctx.set('a', 0, 0, 1, 1)", "ctx.set: argument #1 (i) must be an integer, got string"),
        ("ctx:set(1, 0, 0, 1, 1)", "ctx.set: argument #1 (i) must be an integer, got table (call it with a dot: ctx.set(i, x, y, w, h))"),
        ("ctx.set(1, 0, 0, 'w', 1)", "ctx.set: argument #4 (w) must be a number, got string"),
        ("ctx.set(ctx:item(1), 0, 0, 1, 1)", "ctx.set: argument #1 (i) must be an integer, got tessera.item"),
        ("ctx:id(ctx:item(2))", "ctx:id: argument #1 (i) must be an integer, got tessera.item"),
        ("ctx.supplementary(5, 1, 0, 0, 1, 1)", "ctx.supplementary: argument #1 (kind) must be a string, got number"),
        ("ctx.supplementary('header', 1, 0, 0, -1, 1)", "ctx.supplementary: argument #5 (w) must be a finite, non-negative number, got -1"),
        ("ctx.supplementary('header', 1, 0, 0, 1, 1, { zindex = 1 })", "ctx.supplementary: argument #7 (options) has an unknown field 'zindex' (did you mean zIndex?); known fields: item, label, pinEdge, pinUntil, pinned, zIndex"),
        ("ctx.decoration('bg', 9, 0, 0, 1, 1)", "ctx.decoration: argument #2 (section) must be a section index in 1..1, got 9"),
    ]

    /// The messages of `calls` (each a Lua expression run with pcall), without "file:line: ".
    static func messages(_ host: LuaHost, _ calls: [String], prelude: String = "", inLayout: Bool, count: Int = 3) throws -> [String] {
        let list = calls.map { "function() return \($0) end" }.joined(separator: ",\n")
        let body = """
        \(prelude)
        local out = {}
        for k, f in ipairs({ \(list) }) do
          local ok, e = pcall(f)
          out[k] = ok and "no error" or (tostring(e):gsub("^[^:]*:%d+: ", ""))
        end
        """
        var lines: [String] = []
        host.output = { lines.append($0) }
        if inLayout {
            let layout = try host.evaluate("""
            return { simpleLayout = function(ctx)
              \(body)
              for _, m in ipairs(out) do print(m) end
              for i = 1, ctx.count do ctx.set(i, 0, 0, 1, 1) end
            end }
            """, chunkName: "=args", environment: host.newEnvironment())[0]
            let context = LayoutContext(dataset: Dataset.synthetic(count: count) { _ in Size(width: 10, height: 10) },
                                        collectionSize: Size(width: 100, height: 100))
            _ = try host.layout(from: layout).layout(context)
        } else {
            _ = try host.evaluate("local t = require('tessera')\n\(body)\nfor _, m in ipairs(out) do print(m) end",
                                  chunkName: "=args", environment: host.newEnvironment())
        }
        return lines
    }

    /// A pair field of an engine method names the pair it was given, as t.engine's viewport does.
    @Test func aBadVelocityNamesWhatWasGiven() throws {
        let got = try Self.messages(LuaHost(), ["e:scrollSection(1, 0, 0, { velocity = { 1, 0/0 } })"],
                                    prelude: ExtraArgumentsTests.engine, inLayout: false)
        #expect(got == ["engine:scrollSection: field 'velocity' must be {x, y} with finite numbers, got {1, nan}"])
    }

    /// t.run's viewport and offset name the list they were given; its params, data and sizing
    /// of the wrong kind say what each must be.
    @Test func tRunsOptionsNameWhatWasGiven() throws {
        let (host, _) = try TypesFileTests.testHost()
        let got = try Self.messages(host, ["t.run('flow', { viewport = { 375, -1 } })", "t.run('flow', { viewport = { 1, 2, 3 } })",
                                           "t.run('flow', { offset = { 0 } })", "t.run('flow', { offset = 5 })",
                                           "t.run('flow', { params = 5 })", "t.run('flow', { params = { 1, 2 } })",
                                           "t.run('flow', { data = 5 })", "t.run('flow', { sizing = 'huge' })"], inLayout: false)
        #expect(got == [
            "t.run: field 'viewport' must be {width, height} with two finite, non-negative numbers, got {375, -1}",
            "t.run: field 'viewport' must be {width, height} with two finite, non-negative numbers, got {1, 2, 3}",
            "t.run: field 'offset' must be {x, y} with two finite numbers, got {0, nil}",
            "t.run: field 'offset' must be {x, y} with two finite numbers, got number",
            "t.run: field 'params' must be a table of params, got number",
            "t.run: field 'params' must be a table of params by name, got table",
            "t.run: field 'data' must be a dataset path or an array of items, got number",
            "t.run: field 'sizing' must be one of fit, fillWidth, intrinsic, fill, got string",
        ])
    }

    /// On empty data no index is in range, so an item index names no range ("1..0") but says
    /// why, in C (ctx:item, ctx:size, ctx.set) and in Swift (ctx:id, ctx:section) alike.
    @Test func anItemIndexOnEmptyDataSaysTheDataIsEmpty() throws {
        let calls = ["ctx:item(1)", "ctx:size(1)", "ctx.set(1, 0, 0, 1, 1)", "ctx:id(1)", "ctx:section(0)"]
        let got = try Self.messages(LuaHost(), calls, inLayout: true, count: 0)
        #expect(got == [
            "ctx:item: argument #1 (i) must be an item index, got 1 (the data is empty: no index names one)",
            "ctx:size: argument #1 (i) must be an item index, got 1 (the data is empty: no index names one)",
            "ctx.set: argument #1 (i) must be an item index, got 1 (the data is empty: no index names one)",
            "ctx:id: argument #1 (i) must be an item index, got 1 (the data is empty: no index names one)",
            "ctx:section: argument #1 (i) must be an item index, got 0 (the data is empty: no index names one)",
        ])
        for message in got { #expect(message.wholeMatch(of: Self.shape) != nil, "not in the one shape: \(message)") }
    }

    @Test func everyWrongArgumentGetsItsExactMessageInTheOneShape() throws {
        let host = try LuaHost()
        for (cases, inLayout) in [(Self.moduleCases, false), (Self.contextCases, true)] {
            let got = try Self.messages(host, cases.map(\.0), inLayout: inLayout)
            #expect(got.count == cases.count)
            for (k, (call, expected)) in cases.enumerated() where k < got.count {
                #expect(got[k] == expected, "\(call)")
                #expect(got[k].wholeMatch(of: Self.shape) != nil || got[k].hasSuffix("it takes no fields"),
                        "not in the one shape: \(got[k])")
            }
        }
    }
}

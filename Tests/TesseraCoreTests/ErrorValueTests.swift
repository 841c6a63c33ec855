import Testing
import OrderedCollections
@_spi(Testing) @testable import TesseraCore

/// Errors carry their values in cases, their sentences unchanged, and are reached from the
/// umbrella `TesseraError` without a cast; datasets built in code are checked as files are.
@Suite struct ErrorValueTests {
    func caught(_ body: () throws -> Void) -> (any TesseraError)? {
        do { try body() } catch let error as any TesseraError { return error } catch {}
        return nil
    }

    @Test func layoutErrorsCarryTheParameterAndItsAllowedValues() throws {
        let error = caught { _ = try BuiltinLayouts.make(name: "waterfall", params: ["columns": 0]) }
        #expect(error?.errorKind == .layout)
        guard case let .invalidParameter(name, allowed, got, _, _, _)? = error?.layoutError else {
            Issue.record("not an invalid parameter: \(String(describing: error))"); return
        }
        #expect(name == "columns" && allowed == "a whole number from 1 to 1,000" && got == "0")
        #expect(error?.description == "waterfall param 'columns' expects a whole number from 1 to 1,000, got 0")
        let unknown = caught { _ = try BuiltinLayouts.make(name: "waterfall", params: ["colums": 2]) }
        #expect(unknown?.layoutError == .unknownParameter(name: "colums", layout: "waterfall", known: ["columns", "spacing"], suggestion: "columns"))
        #expect(unknown?.description == "unknown param 'colums' for the waterfall layout (did you mean columns?); known params: columns, spacing")
        #expect(unknown?.applyError == nil && unknown?.datasetError == nil)
    }

    /// A value that is not one of a parameter's few names carries the closest name, if one is
    /// close, and the message ends with it as every misspelt name's does.
    @Test func aMisspeltChoiceCarriesTheClosestName() throws {
        let near = caught { _ = try BuiltinLayouts.make(name: "flow", params: ["justifyContent": "centre"]) }
        guard case let .invalidParameter(name, _, got, _, _, suggestion)? = near?.layoutError else { Issue.record("\(String(describing: near))"); return }
        #expect(name == "justifyContent" && got == "\"centre\"" && suggestion == "center")
        #expect(near?.description == "flow param 'justifyContent' expects one of start, center, end, spaceBetween, spaceAround, spaceEvenly, got \"centre\" (did you mean center?)")
        let far = caught { _ = try BuiltinLayouts.make(name: "flow", params: ["justifyContent": "middle"]) }
        guard case let .invalidParameter(_, _, _, _, _, none)? = far?.layoutError else { Issue.record("\(String(describing: far))"); return }
        #expect(none == nil)
        #expect(far?.description == "flow param 'justifyContent' expects one of start, center, end, spaceBetween, spaceAround, spaceEvenly, got \"middle\"")

        let side = caught { _ = try BuiltinLayouts.make(name: "split", params: ["sections": [["side": "rigth"]]]) }
        #expect(side?.description == "split param 'sections' at position 1: side expects \"left\" or \"right\", got \"rigth\" (did you mean right?)")

        let choices: OrderedDictionary<String, [JSONValue]> = ["mode": ["grid", "list"], "columns": [1, 2, 3]]
        func resolve(_ key: String, _ value: JSONValue) -> String? {
            caught { _ = try ParameterDefaults.resolve([key: value], defaults: ["mode": "grid", "columns": 2], choices: choices, source: "pick.lua") }?.description
        }
        #expect(resolve("mode", "gird") == "pick.lua: param 'mode' expects one of \"grid\", \"list\", got \"gird\" (did you mean grid?)")
        #expect(resolve("mode", "tiles") == "pick.lua: param 'mode' expects one of \"grid\", \"list\", got \"tiles\"")
        #expect(resolve("columns", 4) == "pick.lua: param 'columns' expects one of 1, 2, 3, got 4")
        // The hint survives the prefix of an enclosing table.
        let prefixed = LayoutError.invalidParameter(name: "mode", allowed: "one of a, b", got: "\"c\"", subject: "param 'mode'", verb: "expects",
                                                    suggestion: "a").prefixed("t.run: ")
        #expect(prefixed.description == "t.run: param 'mode' expects one of a, b, got \"c\" (did you mean a?)")
    }

    @Test func layoutErrorsCarryTheIndexAndFrame() throws {
        let context = fixedContext([s(10, 10), s(10, 10)], in: s(100, 100))
        let bad = Rect(x: 0, y: 0, width: -1, height: 5)
        let error = caught { _ = try ClosureLayout { i, _ in i == 1 ? bad : Rect(x: 0, y: 0, width: 1, height: 1) }.layout(context) }
        guard case let .invalidFrame(index, frame, layout)? = error?.layoutError else { Issue.record("\(String(describing: error))"); return }
        #expect(index == 1 && frame == bad && layout == "closure")
        #expect(error?.description == "closure layout produced an invalid frame (0, 0, -1, 5) for item 1; expected finite numbers and a non-negative size")
    }

    /// A refused spacing is shown as it was given (`--param spacing=-1` reads back as `-1`, not
    /// `-1.0`), and an invalid frame's numbers as exactly and as plainly: a line spacing of
    /// 1e308 pushes the third line to infinity.
    @Test func refusedNumbersAreShownAsGiven() throws {
        let spacing = caught { _ = try BuiltinLayouts.make(name: "flow", params: ["spacing": -1]) }
        #expect(spacing?.description == "flow param 'spacing' expects a finite number >= 0, got -1")
        let half = caught { _ = try BuiltinLayouts.make(name: "row", params: ["spacing": -0.5]) }
        #expect(half?.description == "row param 'spacing' expects a finite number >= 0, got -0.5")
        let context = fixedContext([s(375, 10), s(375, 20), s(375, 30)], in: s(375, 812))
        let overflow = caught { _ = try FlowLayout(lineSpacing: 1e308).layout(context) }
        #expect(overflow?.description == "flow layout produced an invalid frame (0, inf, 375, 30) for item 2; expected finite numbers and a non-negative size")
    }

    /// The refusals that used to be one sentence each are cases carrying their values; the
    /// sentences are the ones the command printed before, byte for byte.
    @Test func layoutRefusalsCarryTheirValuesInCases() throws {
        let split = caught { _ = try BuiltinLayouts.make(name: "split", params: ["itemSize": 3]) }
        guard case let .invalidParameter(name, allowed, got, _, _, _)? = split?.layoutError else { Issue.record("\(String(describing: split))"); return }
        #expect(name == "itemSize" && allowed == "[width, height] with finite numbers >= 0" && got == "3")
        #expect(split?.description == "split param 'itemSize' expects [width, height] with finite numbers >= 0, got 3")

        let layout = caught { _ = try BuiltinLayouts.make(name: "watrfall", params: [:]) }
        #expect(layout?.layoutError == .unknownLayout(name: "watrfall", suggestion: nil, builtins: BuiltinLayouts.names, scripts: nil))
        #expect(layout?.description == "unknown layout 'watrfall'; expected a .lua file or one of: flow, row, waterfall, overlay, split")

        let param = caught { _ = try ParameterDefaults.resolve(["gap": 1], defaults: ["columns": 2, "spacing": 8], source: "grid.lua") }
        guard case let .unknownScriptParameter(unknown, known, source)? = param?.layoutError else { Issue.record("\(String(describing: param))"); return }
        #expect(unknown == "gap" && known == ["columns", "spacing"] && source == "grid.lua")
        #expect(param?.description == "grid.lua: unknown param 'gap'; known params: columns, spacing")
        let typed = caught { _ = try ParameterDefaults.resolve(["columns": true], defaults: ["columns": 2], source: "grid.lua") }
        guard case let .invalidParameter(key, expected, value, _, _, _)? = typed?.layoutError else { Issue.record("\(String(describing: typed))"); return }
        #expect(key == "columns" && expected == "a number" && value == "true")
        #expect(typed?.description == "grid.lua: param 'columns' expects a number, got true")

        let edge = caught {
            var p = LayoutParameters(layoutName: "split", values: ["sectionInset": ["up": 1]])
            _ = try p.insets("sectionInset")
        }
        #expect(edge?.layoutError == .unknownEdge(name: "up", subject: "split param 'sectionInset'"))
        #expect(edge?.description == "split param 'sectionInset' has an unknown edge 'up'; expected top, left, bottom, right")

        let badge = LayoutElement.supplementary("badge", section: 2, frame: Rect(x: 0, y: 0, width: 5, height: 5))
        let element = caught { _ = try FramesResult(frames: [Rect(x: 0, y: 0, width: 10, height: 10)], elements: [badge], layoutName: "closure") }
        guard case let .invalidElement(name2, position, refused, _)? = element?.layoutError else { Issue.record("\(String(describing: element))"); return }
        #expect(name2 == "closure" && position == 0 && refused == badge)
        #expect(element?.description == "closure layout's supplementary 0 (kind 'badge') is in section 2; expected a section in 0..<1")

        let twice = caught {
            let scroller = OrthogonalSection(section: 0, frame: Rect(x: 0, y: 0, width: 10, height: 10), contentSize: Size(width: 20, height: 10))
            _ = try FramesResult(frames: [Rect(x: 0, y: 0, width: 10, height: 10)], orthogonal: [scroller, scroller], layoutName: "closure")
        }
        guard case let .invalidOrthogonalSection(_, section, _)? = twice?.layoutError else { Issue.record("\(String(describing: twice))"); return }
        #expect(section == 0)
        #expect(twice?.description == "closure layout made section 0 orthogonal twice")

        let context = fixedContext([s(10, 10)], in: s(100, 100))
        let header = caught {
            _ = try SectionsLayout(header: { _, _ in SectionBoundary(height: -2) }) { _, _ in FlowLayout() }.layout(context)
        }
        guard case let .invalidSectionSize(_, what, got2, section2, _)? = header?.layoutError else { Issue.record("\(String(describing: header))"); return }
        #expect(what == "header height" && got2 == "-2" && section2 == 0)
        #expect(header?.description == "sections layout got a header height of -2 for section 0; expected a finite number >= 0")

        let endless = caught { _ = try FramesResult(frames: [], minimumContentSize: Size(width: .infinity, height: 1), layoutName: "closure") }
        guard case let .contentSizeNotFinite(name3, width, height)? = endless?.layoutError else { Issue.record("\(String(describing: endless))"); return }
        #expect(name3 == "closure" && width == .infinity && height == 1)
        #expect(endless?.description == "closure layout's content size infx1 is not finite; expected a finite minimum content size")
    }

    @Test func applyErrorsCarryThePathAndCount() throws {
        let old = try Snapshot<String, Int>(section: "s", items: [1, 2])
        let error = caught { _ = try Changeset(itemsDeleted: [ItemPath(section: 0, item: 5)]).apply(to: old, insertingFrom: old) }
        #expect(error?.errorKind == .apply)
        guard case let .itemOutOfRange(operation, path, count)? = error?.applyError else { Issue.record("\(String(describing: error))"); return }
        #expect(operation == "deleted" && path == ItemPath(section: 0, item: 5) && count == 2)
        #expect(error?.description == "deleted item [0, 5] is out of range: OLD section 0 has 2 items.")
        let section = caught { _ = try Changeset(sectionsDeleted: [3]).apply(to: old, insertingFrom: old) }
        #expect(section?.applyError == .sectionOutOfRange(operation: "deleted", section: 3, sectionCount: 1, state: .old))
    }

    @Test func datasetsBuiltInCodeAreRefusedAsFilesAre() throws {
        func message(_ body: () throws -> Void) -> String? { caught(body)?.description }
        let a = Item(id: "a", size: Size(width: 10, height: 10)), b = Item(id: "b", size: Size(width: 10, height: 10))
        #expect(try Dataset(validating: [a, b]).count == 2)
        #expect(message { _ = try Dataset(validating: [a, b, a]) }
                == #"<memory>: items[2].id: expected a unique id (or a duplicate policy), found "a" again (first at items[0])."#)
        #expect(message { _ = try Dataset(validating: [a, Item(id: "n", fields: ["w": -1, "h": 1])], sourceName: "cards") }
                == "cards: items[1].w: expected a number from 0 to 1e7, found -1.")
        #expect(message { _ = try Dataset(validating: [a, Item(id: "n", fields: ["h": .double(.infinity)])]) }
                == "<memory>: items[1].h: expected a number from 0 to 1e7, found inf.")
        let sections = [Dataset.Section(id: "x", range: 0..<1), Dataset.Section(id: "x", range: 1..<2)]
        #expect(message { _ = try Dataset(validating: [a, b], sections: sections) }
                == #"<memory>: sections[1].id: expected a unique section id (or a duplicate policy), found "x" again (first at sections[0])."#)
        #expect(message { _ = try Dataset(validating: [a, a], sections: [.init(id: "x", range: 0..<1), .init(id: "y", range: 1..<2)]) }
                == #"<memory>: sections[1].items[0].id: expected a unique id (or a duplicate policy), found "a" again (first at sections[0].items[0])."#)
        #expect(message { _ = try Dataset(validating: [a, b], sections: [.init(id: "x", range: 0..<1)]) }
                == "<memory>: sections: expected sections that cover all 2 items, found 1 covered.")
        #expect(message { _ = try Item(validating: "z", size: Size(width: .nan, height: 1)) }
                == "<memory>: w: expected a number from 0 to 1e7, found nan.")
        #expect(message { _ = try Item(validating: "z", size: nil, fields: ["width": "wide"]) }
                == #"<memory>: width: expected a number from 0 to 1e7, found "wide"."#)
        #expect(try Item(validating: "z", size: Size(width: 3, height: 4)) == Item(id: "z", size: Size(width: 3, height: 4)))
    }
}

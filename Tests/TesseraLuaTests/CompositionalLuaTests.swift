import Testing
import TesseraCore
@testable import TesseraLua

/// t.compositional{} and its parts build the same layout as the native model, and every table
/// is checked with a one-sentence error at the script's line.
@Suite struct CompositionalLuaTests {
    let folder = ScriptFolder()

    /// Sections of `counts` items (ids "s-i") in a 300 × 600 viewport.
    func context(_ counts: [Int]) -> LayoutContext {
        var items: [Item] = [], sections: [Dataset.Section] = []
        for (s, n) in counts.enumerated() {
            sections.append(Dataset.Section(id: .string("s\(s)"), range: items.count..<(items.count + n)))
            items += (0..<n).map { Item(id: .string("\(s)-\($0)")) }
        }
        return LayoutContext(dataset: Dataset(items: items, sections: sections), collectionSize: Size(width: 300, height: 600),
                             sizing: ItemSizing(rule: .fill))
    }

    func result(_ source: String, _ counts: [Int]) throws -> any LayoutResult {
        let host = try LuaHost()
        let path = folder.write("layout.lua", "local t = require('tessera')\n" + source)
        return try host.loadLayoutScript(path: path).configured().layout(context(counts))
    }

    @Test func luaTablesBuildTheNativeModel() throws {
        let lua = try result("""
            return t.compositional{
              interSectionSpacing = 12,
              section = function(index, section, env)
                if index == 1 then
                  return t.section{
                    group = t.hgroup{ size = { "80%", 100 }, items = { t.item{ size = { "100%", "100%" }, insets = 4,
                      supplementaries = { { kind = "badge", size = { 10, 10 }, anchor = "topTrailing", offset = { "50%", "-50%" } } } } } },
                    interGroupSpacing = 8, orthogonalScrolling = "groupPaging",
                    insets = { leading = 10, trailing = 10 },
                    headers = { t.boundary{ size = { "100%", 30 }, align = "topLeading", pinned = true, offset = { 0, -2 } } },
                  }
                end
                return t.section{
                  group = t.vgroup{ size = { t.fw(1), 90 }, items = { t.item{ size = { "100%", t.fh(0.5) } } }, spacing = t.flexible(10) },
                  background = t.decoration{ insets = { top = 1, leading = 2, bottom = 3, trailing = 4 } },
                  footers = { t.boundary{ size = { "100%", 20 } } },
                }
              end,
            }
            """, [3, 4])
        let badge = Compositional.ItemSupplementary(kind: "badge", size: Compositional.LayoutSize(width: .absolute(10), height: .absolute(10)),
                                                    containerAnchor: .topTrailing, offset: .fractional(Point(x: 0.5, y: -0.5)))
        let shelf = Compositional.Section(
            group: .horizontal(Compositional.LayoutSize(width: .fractionalWidth(0.8), height: .absolute(100)),
                               [.item(Compositional.Item(size: Compositional.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)),
                                                         contentInsets: Compositional.DirectionalEdgeInsets(all: 4), supplementaries: [badge]))]),
            interGroupSpacing: 8, contentInsets: Compositional.DirectionalEdgeInsets(leading: 10, trailing: 10),
            boundaryItems: [Compositional.BoundaryItem(kind: "header", size: Compositional.LayoutSize(width: .fractionalWidth(1), height: .absolute(30)),
                                                   alignment: .topLeading, offset: Point(x: 0, y: -2), pinned: true)],
            orthogonalScrolling: .groupPaging)
        let stack = Compositional.Section(
            group: .vertical(Compositional.LayoutSize(width: .fractionalWidth(1), height: .absolute(90)),
                             [.item(Compositional.Item(size: Compositional.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(0.5))))],
                             spacing: .flexible(10)),
            boundaryItems: [Compositional.BoundaryItem(kind: "footer", size: Compositional.LayoutSize(width: .fractionalWidth(1), height: .absolute(20)), alignment: .bottom)],
            decorations: [Compositional.Decoration(kind: "background", contentInsets: Compositional.DirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))])
        let native = try CompositionalLayout(configuration: Compositional.Configuration(interSectionSpacing: 12)) { index, _, _ in
            index == 0 ? shelf : stack
        }.layout(context([3, 4]))
        #expect(try lua.allFrames == native.allFrames)
        #expect(lua.elements == native.elements)
        #expect(lua.orthogonalSections == native.orthogonalSections)
        #expect(lua.contentSize == native.contentSize)
        #expect(!lua.elements.isEmpty && !lua.orthogonalSections.isEmpty)
    }

    /// A group's `supplementaries` take the same table as an item's and are anchored to the
    /// group; a bad entry is named at the script's line as it is on an item.
    @Test func groupSupplementariesComeFromTheGroupTable() throws {
        let lua = try result("""
            return t.compositional{ section = t.section{
              group = t.hgroup{ size = { "100%", 50 }, items = { t.item{ size = { "50%", "100%" } } },
                supplementaries = { { kind = "frame", size = { "100%", 2 }, anchor = "bottom" },
                                    { size = { 8, 8 }, offset = { "50%", "-50%" }, zIndex = 3 } } } } }
            """, [3])
        #expect(try lua.allFrames == [Rect(x: 0, y: 0, width: 150, height: 50), Rect(x: 150, y: 0, width: 150, height: 50),
                                      Rect(x: 0, y: 50, width: 150, height: 50)])
        let expected: [LayoutElement] = [
            .supplementary("frame", section: 0, index: 0, frame: Rect(x: 0, y: 48, width: 300, height: 2)),
            .supplementary("badge", section: 0, index: 0, frame: Rect(x: 296, y: -4, width: 8, height: 8), zIndex: 3),
            .supplementary("frame", section: 0, index: 2, frame: Rect(x: 0, y: 98, width: 300, height: 2)),
            .supplementary("badge", section: 0, index: 2, frame: Rect(x: 296, y: 46, width: 8, height: 8), zIndex: 3),
        ]
        #expect(lua.elements == expected.map { (e: LayoutElement) -> LayoutElement in var e = e; e.groupLevel = 1; return e })
        let error = scriptError { _ = try result("return t.hgroup{ items = { t.item{} }, supplementaries = { { size = { 1, 1 }, anchor = 'up' } } }", [1]) }
        #expect(error?.message.hasSuffix("layout.lua:2: t.hgroup: field 'anchor' must be one of none, top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing, got 'up'") == true,
                "\(error?.message ?? "no error")")
    }

    /// `t.customGroup{}` takes what a Swift custom group does: insets (its provider sees the size
    /// after them), edge spacing and supplementaries anchored to the group's frame.
    @Test func customGroupTablesTakeInsetsEdgeSpacingAndSupplementaries() throws {
        let lua = try result("""
            return t.compositional{ section = t.section{ group = t.vgroup{ size = { "100%", 60 }, items = {
              t.customGroup{ size = { "100%", 40 }, insets = { leading = 10, trailing = 10 }, edgeSpacing = { top = 5 },
                supplementaries = { { kind = "badge", size = { 6, 6 }, anchor = "topTrailing" } },
                provider = function(env) return { { 0, 0, env.effectiveWidth / 2, env.effectiveHeight } } end } } } } }
            """, [2])
        let native = try CompositionalLayout(section: Compositional.Section(group: .vertical(
            Compositional.LayoutSize(width: .fractionalWidth(1), height: .absolute(60)),
            [.group(.custom(Compositional.LayoutSize(width: .fractionalWidth(1), height: .absolute(40)),
                            insets: Compositional.DirectionalEdgeInsets(leading: 10, trailing: 10),
                            edgeSpacing: Compositional.EdgeSpacing(top: .fixed(5)),
                            supplementaries: [Compositional.ItemSupplementary(
                                kind: "badge", size: Compositional.LayoutSize(width: .absolute(6), height: .absolute(6)), containerAnchor: .topTrailing)]) { env in
                [Compositional.CustomItem(frame: Rect(x: 0, y: 0, width: env.effectiveContentSize.width / 2, height: env.effectiveContentSize.height))]
            })]))).layout(context([2]))
        let frames = [Rect(x: 0, y: 5, width: 140, height: 40), Rect(x: 0, y: 65, width: 140, height: 40)]
        // The custom group is in the section's group: depth 2.
        var elements: [LayoutElement] = [.supplementary("badge", section: 0, index: 0, frame: Rect(x: 294, y: 5, width: 6, height: 6)),
                                         .supplementary("badge", section: 0, index: 1, frame: Rect(x: 294, y: 65, width: 6, height: 6))]
        for k in elements.indices { elements[k].groupLevel = 2 }
        #expect(try lua.allFrames == frames)
        #expect(try native.allFrames == frames)
        #expect(lua.elements == elements)
        #expect(native.elements == elements)
        let missing = scriptError { _ = try result("return t.customGroup{ size = { 10, 10 } }", [1]) }
        #expect(missing?.message.hasSuffix("layout.lua:2: t.customGroup: field 'provider' is required: a function(env) returning the group's frames") == true,
                "\(missing?.message ?? "no error")")
        let unknown = scriptError { _ = try result("return t.customGroup{ provider = function() return {} end, count = 2 }", [1]) }
        #expect(unknown?.message.contains("unknown field 'count'") == true, "\(unknown?.message ?? "no error")")
    }

    /// `contentInsetsReference` on t.compositional{} (the safe area by default) and t.section{}
    /// (the configuration's by default) measure section insets from the context's guides.
    @Test func contentInsetsReferenceMeasuresFromTheViewportsGuides() throws {
        let host = try LuaHost()
        let path = folder.write("layout.lua", """
            local t = require('tessera')
            local row = t.hgroup{ size = { "100%", 40 }, items = { t.item{} } }
            return t.compositional{ sections = {
              t.section{ group = row, insets = { leading = 1 } },
              t.section{ group = row, contentInsetsReference = "layoutMargins" },
              t.section{ group = row, contentInsetsReference = "readableContent" },
              t.section{ group = row, contentInsetsReference = "none" } } }
            """)
        var guided = context([1, 1, 1, 1])
        guided.guides = ViewportGuides(safeArea: EdgeInsets(left: 10, right: 20), layoutMargins: EdgeInsets(all: 5), readableWidth: 100)
        #expect(try host.loadLayoutScript(path: path).configured().layout(guided).allFrames == [
            Rect(x: 11, y: 0, width: 269, height: 40), Rect(x: 15, y: 40, width: 260, height: 40),
            Rect(x: 95, y: 80, width: 100, height: 40), Rect(x: 0, y: 120, width: 300, height: 40)])
        let bad = scriptError { _ = try result("return t.section{ group = t.hgroup{ items = { t.item{} } }, contentInsetsReference = 'margins' }", [1]) }
        #expect(bad?.message.hasSuffix("layout.lua:2: t.section: field 'contentInsetsReference' must be one of automatic, none, safeArea, layoutMargins, readableContent, got 'margins' (did you mean layoutMargins?)") == true,
                "\(bad?.message ?? "no error")")
    }

    /// t.uniformAcrossSiblings(n) is Swift's `.uniformAcrossSiblings(estimate: n)`: measured
    /// items grow to the tallest uniform sibling of their group.
    @Test func uniformAcrossSiblingsGrowsItemsToTheTallestSibling() throws {
        let host = try LuaHost()
        let path = folder.write("layout.lua", """
            local t = require('tessera')
            return t.compositional{ section = t.section{ group = t.hgroup{ size = { "100%", t.estimated(50) },
              items = { t.item{ size = { "50%", t.uniformAcrossSiblings(50) } } } } } }
            """)
        let heights: [Double] = [20, 70, 35]
        let measured = LayoutContext(collectionSize: Size(width: 200, height: 600), count: 3, item: { _ in nil },
                                     size: { i, proposal in Size(width: proposal.width, height: heights[i]) })
        #expect(try host.loadLayoutScript(path: path).configured().layout(measured).allFrames == [
            Rect(x: 0, y: 0, width: 100, height: 70), Rect(x: 100, y: 0, width: 100, height: 70), Rect(x: 0, y: 70, width: 100, height: 35)])
        let bad = scriptError { _ = try result("return t.uniformAcrossSiblings(-1)", [1]) }
        #expect(bad?.message.contains("t.uniformAcrossSiblings: argument #1 (estimate)") == true, "\(bad?.message ?? "no error")")
    }

    /// `repeating = N` places N copies of the one item at its own size (UIKit's
    /// repeatingSubitem:count:), where `count = N` makes N equal slots.
    @Test func repeatingCopiesTheItemAtItsOwnSize() throws {
        let row = { (fields: String) in
            "return t.compositional{ section = t.section{\n  group = t.hgroup{ size = { '100%', 40 }, items = { t.item{ size = { 80, '100%' } } }, spacing = 10, \(fields) } } }"
        }
        let frames = { (fields: String) throws -> [Rect] in try result(row(fields), [3]).allFrames }
        #expect(try frames("repeating = 2") == [Rect(x: 0, y: 0, width: 80, height: 40), Rect(x: 90, y: 0, width: 80, height: 40),
                                                 Rect(x: 0, y: 40, width: 80, height: 40)])
        #expect(try frames("count = 2") == [Rect(x: 0, y: 0, width: 145, height: 40), Rect(x: 155, y: 0, width: 145, height: 40),
                                             Rect(x: 0, y: 40, width: 145, height: 40)])
        for (fields, message) in [
            ("repeating = 2, count = 2", "a compositional repeating group needs either `repeating` or `count`, got both"),
            ("repeating = 0", "field 'repeating' must be an integer from 1 to 1,000,000, got 0"),
            ("repeating = 1.5", "field 'repeating' must be an integer from 1 to 1,000,000, got 1.5"),
        ] {
            let e = scriptError { _ = try frames(fields) }
            #expect(e?.message.hasSuffix("layout.lua:3: t.hgroup: " + message) == true, "\(e?.message ?? "no error")")
        }
        let two = scriptError { _ = try result("return t.hgroup{ items = { t.item{}, t.item{} }, repeating = 3 }", [1]) }
        // The core's rule and sentence, as a Swift group gets them.
        #expect(two?.message.hasSuffix("layout.lua:2: t.hgroup: a compositional repeating group needs exactly one subitem (an item or a group) to repeat, got 2") == true,
                "\(two?.message ?? "no error")")
    }

    /// Insets are points everywhere, as UIKit's are (0.5 is half a point, not half the
    /// container); only a string "N%" is a fraction, edge by edge.
    @Test func insetsArePointsAndFractionsOnlyAsPercentStrings() throws {
        func frames(_ insets: String) throws -> [Rect] {
            try result("""
                return t.compositional{ section = t.section{
                  group = t.hgroup{ size = { "100%", 40 }, items = { t.item{ size = { "100%", "100%" }, insets = \(insets) } } } } }
                """, [1]).allFrames
        }
        #expect(try frames("0.5") == [Rect(x: 0.5, y: 0.5, width: 299, height: 39)])
        #expect(try frames("{ leading = 0.25, top = 1 }") == [Rect(x: 0.25, y: 1, width: 299.75, height: 39)])
        #expect(try frames("'10%'") == [Rect(x: 30, y: 4, width: 240, height: 32)])
        #expect(try frames("{ leading = '10%', trailing = 2, top = '25%' }") == [Rect(x: 30, y: 10, width: 268, height: 30)])
        let section = try result("""
            return t.compositional{ section = t.section{ insets = { leading = 0.5, top = "50%" },
              group = t.hgroup{ size = { "100%", 40 }, items = { t.item{ size = { "100%", "100%" } } } } } }
            """, [1]).allFrames
        #expect(section == [Rect(x: 0.5, y: 300, width: 299.5, height: 40)])
        for (insets, message) in [("'10'", "field 'insets' must be points (a number), a fraction (\"15%\") or {top =, leading =, bottom =, trailing =}, got '10'"),
                                  ("{ top = 'x%' }", "field 'insets'.top must be points (a number) or a fraction (\"15%\"), got 'x%'")] {
            let e = scriptError { _ = try frames(insets) }
            #expect(e?.message.hasSuffix(message) == true, "\(e?.message ?? "no error")")
        }
    }

    @Test func layoutLevelHeadersAndFootersComeFromTheCompositionalTable() throws {
        let lua = try result("""
            return t.compositional{
              section = t.section{ group = t.hgroup{ size = { "100%", 50 }, items = { t.item{} } } },
              headers = { t.boundary{ size = { "100%", 30 }, pinned = true } },
              footers = { t.boundary{ size = { 100, 20 }, align = "bottomTrailing", offset = { -5, 0 }, pinned = true } },
            }
            """, [1, 2])
        #expect(try lua.allFrames == [Rect(x: 0, y: 30, width: 300, height: 50), Rect(x: 0, y: 80, width: 300, height: 50),
                                  Rect(x: 0, y: 130, width: 300, height: 50)])
        #expect(lua.elements == [
            .supplementary("header", section: 0, frame: Rect(x: 0, y: 0, width: 300, height: 30), pinned: true, isGlobal: true),
            .supplementary("footer", section: 0, frame: Rect(x: 195, y: 180, width: 100, height: 20), pinned: true,
                           pinEdge: .bottom, isGlobal: true),
        ])
        let error = scriptError { _ = try result("return t.compositional{ section = t.section{ group = t.hgroup{ items = { t.item{} } } }, headers = { 3 } }", [1]) }
        #expect(error?.message.hasSuffix("layout.lua:2: t.compositional: field 'headers'[1] must be a t.boundary{}, got number") == true,
                "\(error?.message ?? "no error")")
    }

    /// In `footers`, a boundary's alignment defaults to the bottom and its kind to "footer", but
    /// an alignment or kind given explicitly is kept (boundary items take any alignment).
    @Test func footersKeepAnAlignmentAndKindGivenExplicitly() throws {
        let lua = try result("""
            return t.compositional{
              section = t.section{
                group = t.hgroup{ size = { "100%", 50 }, items = { t.item{} } },
                footers = { t.boundary{ size = { "100%", 20 } },
                            t.boundary{ kind = "header", align = "top", size = { 40, 10 }, extendsBoundary = false } },
              },
            }
            """, [1])
        // Items 0..50, the default footer after them; the explicit one at the top, centred: (300 − 40) / 2.
        #expect(lua.elements == [.supplementary("footer", section: 0, frame: Rect(x: 0, y: 50, width: 300, height: 20)),
                                 .supplementary("header", section: 0, frame: Rect(x: 130, y: 0, width: 40, height: 10))])
    }

    func shelf(_ handlerBody: String) -> String {
        """
        return t.compositional{
          section = t.section{
            group = t.hgroup{ size = { 100, 50 }, items = { t.item{} } },
            orthogonalScrolling = "continuous",
            visibleItemsHandler = function(items, offset, env)
        \(handlerBody)
            end,
          },
        }
        """
    }

    @Test func aLuaVisibleItemsHandlerChangesAlphaTransformAndZIndexAtQueryTime() throws {
        let host = try LuaHost()
        let lua = try host.loadLayoutScript(path: folder.write("layout.lua", "local t = require('tessera')\n" + shelf("""
              for _, item in ipairs(items) do
                local f = item.frame
                local d = math.abs(f[1] + f[3] / 2 - offset.x - env.width / 2)
                item.scale = 1 - d / env.width
                item.alpha = (item.index - 1) % 2 == 0 and 1 or 0.5
                item.zIndex = d <= 50 and 3 or 1
                item.rotation, item.tx, item.ty = 0.25, 2, -1
              end
            """))).configured().layout(context([6]))
        // Scrolled by 150, cards 1...4 (0-based) show at distances 150, 50, 50, 150 from the centre.
        let viewport = Rect(x: 0, y: 0, width: 300, height: 600)
        let drawn = try lua.elements(in: viewport, scroll: ScrollState(showing: viewport, sectionOffsets: [0: Point(x: 150, y: 0)]))
        #expect(drawn.map(\.index) == [1, 4, 2, 3])
        #expect(drawn.map(\.zIndex) == [1, 1, 3, 3])
        #expect(drawn.map(\.alpha) == [0.5, 1, 1, 0.5])
        let near: Double = 1 - 50.0 / 300
        #expect(drawn.map(\.transform) == [0.5, 0.5, near, near].map { ElementTransform(scale: $0, rotation: 0.25, tx: 2, ty: -1) })
        #expect(drawn.map(\.frame.x) == [-50, 250, 50, 150])
    }

    @Test func aFailingVisibleItemsHandlerIsThrownByTheQuery() throws {
        for (body, message) in [
            ("items[1].alpha = 2", "layout.lua:6: t.section: field 'alpha' of item 1 set by visibleItemsHandler must be a number from 0 to 1, got 2"),
            ("items[2].zIndex = 'top'", "layout.lua:6: t.section: field 'zIndex' of item 2 set by visibleItemsHandler must be an integer, got 'top'"),
            ("error('no carousel today')", "layout.lua:7: no carousel today"),
        ] {
            let host = try LuaHost()
            let path = folder.write("layout.lua", "local t = require('tessera')\n" + shelf("      " + body))
            let lua = try host.loadLayoutScript(path: path).configured().layout(context([6]))
            let viewport = Rect(x: 0, y: 0, width: 300, height: 600)
            let thrown = scriptError { _ = try lua.elements(in: viewport, scroll: ScrollState(showing: viewport)) }
            #expect(thrown?.message.hasSuffix(message) == true, "\(thrown?.message ?? "no error")")
        }
        let error = scriptError { _ = try result("return t.compositional{ section = t.section{ group = t.hgroup{ items = { t.item{} } }, visibleItemsHandler = 3 } }", [1]) }
        #expect(error?.message.hasSuffix("layout.lua:2: t.section: field 'visibleItemsHandler' must be a function(items, offset, env), got number") == true,
                "\(error?.message ?? "no error")")
    }

    @Test func theSectionFunctionSeesIndexSectionAndEnvAndCustomGroupsGiveFrames() throws {
        let lua = try result("""
            return t.compositional{
              layoutDirection = "rtl",
              section = function(index, section, env)
                assert(section.id == "s" .. (index - 1) and env.width == 300 and env.layoutDirection == "rtl")
                return t.section{ group = t.customGroup(function(g)
                  return { { 0, 0, g.width / 2, 10 }, { x = g.width / 2, y = 10, w = 20, h = 5, zIndex = 2 } }
                end, { "100%", 15 }) }
              end,
            }
            """, [3, 1])
        #expect(try lua.allFrames == [Rect(x: 150, y: 0, width: 150, height: 10), Rect(x: 130, y: 10, width: 20, height: 5),
                                  Rect(x: 150, y: 15, width: 150, height: 10), Rect(x: 150, y: 30, width: 150, height: 10)])
        #expect(try lua.zIndex(ofItem: 1) == 2)
    }

    @Test func badTablesAreOneSentenceErrorsAtTheScriptLine() {
        let cases: [(String, String)] = [
            ("t.item{ size = { '5x', 10 } }",
             "layout.lua:3: t.item: field 'size'[1] must be a non-negative number, a percentage like \"50%\", t.fw(f), t.fh(f), t.estimated(n) or t.uniformAcrossSiblings(n), got '5x'"),
            ("t.item{ size = { 10, -4 } }",
             "layout.lua:3: t.item: field 'size'[2] must be a non-negative number, a percentage like \"50%\", t.fw(f), t.fh(f), t.estimated(n) or t.uniformAcrossSiblings(n), got -4"),
            ("t.hgroup{ items = { t.item{} }, spacin = 3 }",
             "layout.lua:3: t.hgroup: argument #1 (options) has an unknown field 'spacin' (did you mean spacing or edgeSpacing?); known fields: count, edgeSpacing, insets, items, repeating, size, spacing, supplementaries"),
            ("t.estimated(-1)", "layout.lua:3: t.estimated: argument #1 (estimate) must be a finite, non-negative number, got -1"),
            ("t.section{ group = t.hgroup{ items = { t.item{} } }, orthogonalScrolling = 'pagin' }",
             "layout.lua:3: t.section: field 'orthogonalScrolling' must be one of none, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered, got 'pagin' (did you mean paging, groupPaging or groupPagingCentered?)"),
            ("t.compositional{ section = 4 }",
             "layout.lua:3: t.compositional: field 'section' must be a t.section{} or a function(index, section, env), got number"),
            ("t.compositional{}",
             "layout.lua:3: t.compositional: argument #1 (options) needs section = t.section{...} or a function(index, section, env), or sections = {...}"),
        ]
        for (expression, message) in cases {
            let error = scriptError { _ = try result("\nlocal x = \(expression)\nreturn t.flow{}", [1]) }
            #expect(error?.message.hasSuffix(message) == true, "\(error?.message ?? "no error")")
        }
    }
}

import CLua
import Foundation
import LuaBridge
import OrderedCollections
import Testing
@_spi(Testing) import TesseraCore
@testable import TesseraLua

/// The repository root, so the tests read the shipped `layouts/` and `datasets/`.
private let root: String = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// A host whose scripts `require` from `layouts/`, with `data` as the REPL hands it to Lua.
private func host(data: Dataset?) throws -> (LuaHost, LuaReference) {
    let host = try LuaHost()
    let env = try host.newEnvironment(directory: root + "/layouts")
    if let data {
        host.push(env)
        host.pushDataset(data)
        LuaStack.setField(host.L, -2, "data")
        lua_settop(host.L, -2)
    }
    return (host, env)
}

/// The provider a chunk returns.
private func provider(_ source: String, data: Dataset? = nil) throws -> (Provider, LuaHost) {
    let (host, env) = try host(data: data)
    let values = try host.evaluate("local t = require('tessera')\n" + source, chunkName: "=test", environment: env)
    guard case .userdata(let ref)? = values.first else { throw LayoutError("the chunk returned no provider") }
    host.push(ref)
    defer { lua_settop(host.L, -2) }
    guard let box = host.providerBox(at: -1) else { throw LayoutError("the chunk returned no provider") }
    return (box.provider, host)
}

private func dataset(_ name: String) throws -> Dataset { try DatasetLoader.load(path: root + "/datasets/" + name) }

/// `result` moved by `dy` with its sections numbered from `base`: what a provider nested under
/// `base` empty sections and `dy` points of space shows of a child whose own result is `result`.
private struct Moved {
    var frames: [Rect]
    var elements: [LayoutElement]
    var orthogonal: [OrthogonalSection]
    var ranges: [Range<Int>]

    init(_ result: any LayoutResult, dx: Double = 0, dy: Double, sectionBase base: Int, itemBase first: Int = 0) throws {
        frames = try result.allFrames.map { $0.offsetBy(dx: dx, dy: dy) }
        elements = result.elements.map { e in
            var m = e.offsetBy(dx: dx, dy: dy)
            m.section += base
            m.index = e.index.map { $0 + first }
            return m
        }
        orthogonal = result.orthogonalSections.map {
            OrthogonalSection(section: $0.section + base, frame: $0.frame.offsetBy(dx: dx, dy: dy), contentSize: $0.contentSize)
        }
        ranges = result.sectionRanges.map { ($0.lowerBound + first)..<($0.upperBound + first) }
    }
}

/// Every answer of `a` equals `b`'s: frames, sections, zIndices, elements, scrollers, and the
/// element query at a few offsets, shelves scrolled too.
private func expectSame(_ a: any LayoutResult, _ b: any LayoutResult, viewport: Size, _ what: String) throws {
    #expect(a.count == b.count, "\(what): count")
    #expect(a.contentSize == b.contentSize, "\(what): content size")
    #expect(try a.allFrames == b.allFrames, "\(what): frames")
    #expect(a.sectionRanges == b.sectionRanges, "\(what): sections")
    #expect(try (0..<a.count).map { try a.section(ofItem: $0) } == (0..<b.count).map { try b.section(ofItem: $0) }, "\(what): item sections")
    #expect(try (0..<a.count).map { try a.zIndex(ofItem: $0) } == (0..<b.count).map { try b.zIndex(ofItem: $0) }, "\(what): zIndices")
    #expect(a.elements == b.elements, "\(what): elements")
    #expect(a.orthogonalSections == b.orthogonalSections, "\(what): orthogonal sections")
    for o in b.orthogonalSections {
        for (p, v) in [(Point(x: 130, y: 0), Point(x: 1, y: 0)), (Point(x: 500, y: 0), Point(x: -0.1, y: 0))] {
            #expect(a.targetContentOffset(section: o.section, proposed: p, velocity: v)
                    == b.targetContentOffset(section: o.section, proposed: p, velocity: v), "\(what): shelf \(o.section) rests")
        }
    }
    let shelves = Dictionary(uniqueKeysWithValues: b.orthogonalSections.map { ($0.section, Point(x: 120, y: 0)) })
    for y in [0, 0.37 * b.contentSize.height, 0.8 * b.contentSize.height] {
        for offsets in [[:], shelves] {
            let rect = Rect(origin: Point(x: 0, y: y), size: viewport)
            let scroll = ScrollState(showing: rect, sectionOffsets: offsets)
            #expect(try a.elements(in: rect, scroll: scroll) == b.elements(in: rect, scroll: scroll), "\(what): elements at \(y)")
        }
    }
}

@Suite struct ProviderSectionsTests {
    static let viewport = Size(width: 375, height: 812)

    /// What `tessera run LAYOUT --data FILE` lays out.
    static func run(_ host: LuaHost, _ layout: String, _ data: Dataset, params: OrderedDictionary<String, JSONValue> = [:]) throws -> any LayoutResult {
        try host.layout(named: root + "/layouts/" + layout, params: params).layout(LayoutContext(dataset: data, collectionSize: viewport))
    }

    /// Through the engine: the provider's flattened result after a pass.
    static func engineResult(_ p: Provider) throws -> any LayoutResult {
        let engine = CollectionEngine(provider: p, viewport: viewport)
        try engine.layout()
        return engine.layoutResult
    }

    @Test(arguments: ["apps", "today", "updates"])
    func theAppStoreScreenAsAProviderIsTheScreenRunLaysOut(screen: String) throws {
        let data = try dataset("appstream-bookworm.json")
        let (p, host) = try provider("""
        return t.provider{ data = data, layout = require("appstore"):with{ screen = "\(screen)" } }
        """, data: data)
        let expected = try Self.run(host, "appstore.lua", data, params: ["screen": .string(screen)])
        let result = try Self.engineResult(p)
        try expectSame(result, expected, viewport: Self.viewport, "appstore \(screen)")
        // The categories stay sections, each with its pinned header.
        #expect(result.sectionRanges.count == data.sections.count && data.sections.count == 12)
        #expect(result.supplementaries.count == 12)
        if screen == "apps" {
            #expect(result.contentSize == Size(width: 375, height: 4149.199999999999))
            #expect(result.orthogonalSections.count == 10)
        }
    }

    @Test func theEmojiSplitAndTheSectionedScriptAsProvidersAreWhatRunLaysOut() throws {
        for (layout, file) in [("emoji-split.lua", "emoji-15.1.json"), ("sectioned.lua", "tuxpaint-stamps.json")] {
            let data = try dataset(file)
            let (p, host) = try provider("""
            return t.provider{ data = data, layout = require("\(layout.dropLast(4))") }
            """, data: data)
            let expected = try Self.run(host, layout, data)
            try expectSame(try Self.engineResult(p), expected, viewport: Self.viewport, layout)
            #expect(expected.sectionRanges.count == data.sections.count && data.sections.count > 1)
        }
    }

    /// CollectionKit's vertical stack with one flexible child: the row's fill names a section by
    /// its identifier, and that section takes the height the others leave.
    @Test func aComposedRowFillsTheSectionNamedByItsIdentifier() throws {
        let (p, _) = try provider("""
        local head = t.provider{ data = { 1 }, size = { "100%", 30 } }
        local body = t.provider{ identifier = "content", data = { 2, 3 }, size = { "100%", 50 } }
        return t.composed{ sections = { head, body }, layout = t.row{ fill = { "content" } }:transposed() }
        """)
        let result = try Self.engineResult(p)
        #expect(try result.allFrames == [Rect(x: 0, y: 0, width: 375, height: 30), Rect(x: 0, y: 30, width: 375, height: 50),
                                         Rect(x: 0, y: 80, width: 375, height: 50)])
        #expect(result.contentSize == Self.viewport)
    }

    /// Nested under a 100-point spacer: the same screen, 100 points down and one section on.
    @Test func aNestedProviderKeepsItsHeadersBackgroundsAndShelves() throws {
        let data = try dataset("appstream-bookworm.json")
        let (p, host) = try provider("""
        return t.composed{ sections = { t.spacer{ height = 100 }, t.provider{ data = data, layout = require("appstore") } } }
        """, data: data)
        let alone = try Self.run(host, "appstore.lua", data)
        let result = try Self.engineResult(p)
        let moved = try Moved(alone, dy: 100, sectionBase: 1)
        #expect(try result.allFrames == moved.frames)
        #expect(result.elements == moved.elements)
        #expect(result.orthogonalSections == moved.orthogonal)
        #expect(result.sectionRanges == [0..<0] + moved.ranges)
        #expect(result.contentSize == Size(width: 375, height: alone.contentSize.height + 100))
        // The second shelf (flattened section 3) scrolls sideways through the element query.
        let shelf = try #require(result.orthogonalSections.first { $0.section == 3 })
        let rect = Rect(x: 0, y: shelf.frame.minY, width: 375, height: shelf.frame.height)
        let atRest = try result.elements(in: rect, scroll: ScrollState(showing: rect)).filter { $0.category == .item }
        let scrolled = try result.elements(in: rect, scroll: ScrollState(showing: rect, sectionOffsets: [3: Point(x: 800, y: 0)]))
            .filter { $0.category == .item }
        let inSection3 = try scrolled.allSatisfy { try result.section(ofItem: $0.index!) == 3 }
        #expect(!scrolled.isEmpty && inSection3)
        #expect(try scrolled.allSatisfy { try $0.frame == result.frame(at: $0.index!).offsetBy(dx: -800, dy: 0) })
        #expect(Set(scrolled.map(\.index)).isDisjoint(with: atRest.map(\.index)))
        // Each shelf comes to rest as the screen's own (groupPagingCentered: 92% pages, centred).
        for o in alone.orthogonalSections {
            let p = Point(x: 500, y: 0), v = Point(x: 1, y: 0)
            let rest = alone.targetContentOffset(section: o.section, proposed: p, velocity: v)
            #expect(result.targetContentOffset(section: o.section + 1, proposed: p, velocity: v) == rest)
            #expect(rest != p && rest.y == 0)
        }
        #expect(result.targetContentOffset(section: 0, proposed: Point(x: 500, y: 0), velocity: .zero) == Point(x: 500, y: 0))
    }

    /// Three deep: a composed provider of headers providers of compositional children, each
    /// child in two sections with shelves, titles, badges and backgrounds.
    @Test func providersNestedThreeDeepKeepEveryElementRenumbered() throws {
        let (p, host) = try provider("""
        local comp = t.compositional{ section = function()
          return t.section{
            group = t.hgroup{ size = { 50, 30 }, items = { t.item{ size = { "100%", "100%" },
              supplementaries = { { kind = "badge", size = { 10, 10 }, anchor = "topTrailing" } } } } },
            orthogonalScrolling = "continuous",
            headers = { t.boundary{ kind = "title", size = { "100%", 20 }, align = "top", pinned = true } },
            background = t.decoration{ kind = "background" },
          }
        end }
        local function child(n, counts)
          local items, sections = {}, {}
          for i = 1, n do items[i] = { id = "x" .. i } end
          for k, c in ipairs(counts) do sections[k] = { id = "s" .. k, count = c } end
          return t.provider{ data = items, sections = sections, layout = comp }
        end
        local a, b, c = child(9, { 6, 3 }), child(2, { 1, 1 }), child(8, { 8 })
        return t.composed{ sections = {
          t.headers{ sections = { a, b }, header = { size = { "100%", 10 } } },
          t.headers{ sections = { c }, header = { size = { "100%", 16 }, view = "banner" } },
        } }
        """)
        defer { withExtendedLifetime(host) {} }
        let composed = try #require(p as? ComposedProvider)
        let h1 = try #require(composed.sections[0] as? HeadersProvider), h2 = try #require(composed.sections[1] as? HeadersProvider)
        let children = h1.sections + h2.sections
        let size = Size(width: 200, height: 400)
        let alone = try children.map { try $0.layout(in: size).result }
        #expect(alone.map(\.sectionRanges.count) == [2, 2, 1])
        #expect(alone.map { $0.orthogonalSections.count } == [2, 2, 1])

        let laid = try p.layout(in: size)
        let result = laid.result
        // Children's places: a under a 10-point header, b under the next, c under a 16-point one.
        let ya = 10.0, yb = ya + alone[0].contentSize.height + 10
        let h1Height = yb + alone[1].contentSize.height, yc = h1Height + 16
        let parts = [try Moved(alone[0], dy: ya, sectionBase: 0, itemBase: 0),
                     try Moved(alone[1], dy: yb, sectionBase: 2, itemBase: 9),
                     try Moved(alone[2], dy: yc, sectionBase: 4, itemBase: 11)]
        #expect(result.count == 19)
        #expect(result.sectionRanges == [0..<6, 6..<9, 9..<10, 10..<11, 11..<19])
        #expect(try result.allFrames == parts.flatMap(\.frames))
        #expect(result.orthogonalSections == parts.flatMap(\.orthogonal))
        #expect(result.contentSize == Size(width: 200, height: yc + alone[2].contentSize.height))
        let headers: [LayoutElement] = [
            .supplementary("header", section: 0, frame: Rect(x: 0, y: 0, width: 200, height: 10), pinned: true, sectionSpan: 2),
            .supplementary("header", section: 2, frame: Rect(x: 0, y: yb - 10, width: 200, height: 10), pinned: true, sectionSpan: 2),
            .supplementary("banner", section: 4, frame: Rect(x: 0, y: h1Height, width: 200, height: 16), pinned: true),
        ]
        #expect(result.elements == [headers[0]] + parts[0].elements + [headers[1]] + parts[1].elements + [headers[2]] + parts[2].elements)
        // Every kind survives: titles, badges (anchored to their remapped items) and backgrounds.
        #expect(result.elements.filter { $0.kind == "title" }.map(\.section) == [0, 1, 2, 3, 4])
        #expect(result.elements.filter { $0.kind == "background" }.map(\.section) == [0, 1, 2, 3, 4])
        #expect(result.elements.filter { $0.kind == "badge" }.compactMap(\.index) == Array(0..<19))
        #expect(laid.headers.map(\.identifier.description) == ["0-0-header", "0-1-header", "1-0-header"])
        #expect(laid.headers.map(\.section) == [0, 2, 4])
        #expect(laid.headers.last { $0.section == headers[2].section && $0.kind == headers[2].kind }?.owner === h2)

        // Scrolled into a's second section: a's header is pushed up by a's end (both sections),
        // b's shelf (flattened section 2) scrolls on its own.
        let aEnd = ya + alone[0].contentSize.height
        let top = aEnd - 5
        let rect = Rect(x: 0, y: top, width: 200, height: 100)
        let shown = try result.elements(in: rect, scroll: ScrollState(showing: rect, sectionOffsets: [2: Point(x: 20, y: 0)]))
        #expect(shown.first { $0.kind == "header" && $0.section == 0 }?.frame == Rect(x: 0, y: aEnd - 10, width: 200, height: 10))
        let bItem = try #require(shown.first { $0.category == .item && $0.index == 9 })
        #expect(bItem.frame == parts[1].frames[0].offsetBy(dx: -20, dy: 0))
    }

    @Test func aDatasetProviderBindsItsItemsAsTheScriptSeesThem() throws {
        let data = try dataset("appstream-bookworm.json")
        let (p, host) = try provider("return t.provider{ data = data, layout = t.sections{ default = t.flow{} } }", data: data)
        defer { withExtendedLifetime(host) {} }
        let basic = try #require(p as? BasicProvider)
        let first = basic.value(at: 0)
        #expect(first["id"] == data.items[0].id.jsonValue)
        #expect(first == .object(data.items[0].fields.merging(["id": data.items[0].id.jsonValue]) { a, _ in a }))
        #expect(try p.layout(in: Self.viewport).result.sectionRanges == data.sections.map(\.range))
    }

    /// A shelf whose `visibleItemsHandler` restyles its cards draws them so nested too.
    @Test func aNestedShelfKeepsItsVisibleItemsHandler() throws {
        let (p, host) = try provider("""
        local comp = t.compositional{ section = function()
          return t.section{
            group = t.hgroup{ size = { 100, 80 }, items = { t.item{ size = { "100%", "100%" } } } },
            orthogonalScrolling = "continuous",
            headers = { t.boundary{ kind = "header", size = { "100%", 20 }, align = "top" } },
            visibleItemsHandler = function(items, offset, env)
              for _, item in ipairs(items) do
                if item.index then
                  item.alpha = (item.index - 1) % 2 == 0 and 1 or 0.5
                  item.zIndex = item.index + math.floor(offset.x / 10)
                end
              end
            end,
          }
        end }
        local items = {}
        for i = 1, 6 do items[i] = { id = i } end
        return t.headers{ sections = { t.spacer{ height = 30 }, t.provider{ data = items, layout = comp } },
                          header = { size = { "100%", 20 } } }
        """)
        defer { withExtendedLifetime(host) {} }
        let headers = try #require(p as? HeadersProvider)
        let size = Size(width: 250, height: 300)
        let alone = try headers.sections[1].layout(in: size).result
        let result = try p.layout(in: size).result
        // The shelf sits under the spacer (20 + 30) and its own header (20), in section 1.
        let dy = 70.0
        let rect = Rect(x: 0, y: 0, width: 250, height: 300)
        let local = Rect(x: 0, y: -dy, width: 250, height: 300)
        let shown = try result.elements(in: rect, scroll: ScrollState(showing: rect, sectionOffsets: [1: Point(x: 30, y: 0)]))
        let own = try alone.elements(in: local, scroll: ScrollState(showing: local, sectionOffsets: [0: Point(x: 30, y: 0)]))
        let cards = shown.filter { $0.category == .item }
        #expect(cards.map(\.index) == own.filter { $0.category == .item }.map(\.index))
        #expect(cards.map(\.alpha) == [1, 0.5, 1])
        #expect(cards.map(\.zIndex) == [4, 5, 6])
        #expect(cards.map(\.frame) == own.filter { $0.category == .item }.map { $0.frame.offsetBy(dx: 0, dy: dy) })
        #expect(cards.map(\.frame.x) == [-30, 70, 170])
        // The provider's header and the shelf's own are told apart: neither is a card.
        let shownHeaders = shown.filter { $0.kind == "header" }
        #expect(shownHeaders.map(\.frame.y).sorted() == [0, 50, 70])
        #expect(shownHeaders.allSatisfy { $0.alpha == 1 && $0.frame.size == Size(width: 250, height: 20) })
        #expect(shownHeaders.map(\.zIndex) == own.filter { $0.kind == "header" }.map(\.zIndex) + [1, 1])
    }

    @Test func aProviderTakesSectionsExplicitly() throws {
        let (p, _) = try provider("""
        return t.provider{ data = { 1, 2, 3 }, sections = { { id = "a", count = 2, title = "A" }, { count = 1 } },
          size = { "100%", 10 }, layout = t.sections{ default = t.flow{}, header = { height = 5 } } }
        """)
        let result = try p.layout(in: Size(width: 100, height: 100)).result
        #expect(result.sectionRanges == [0..<2, 2..<3])
        #expect(try result.allFrames == [Rect(x: 0, y: 5, width: 100, height: 10), Rect(x: 0, y: 15, width: 100, height: 10),
                                         Rect(x: 0, y: 30, width: 100, height: 10)])
        for (source, message) in [
            ("t.provider{ data = { 1, 2 }, sections = { { count = 1 } } }", "test:2: t.provider: field 'sections' cover 1 item; expected all 2 items of the data"),
            ("t.provider{ data = { 1 }, sections = { { id = true, count = 1 } } }", "test:2: t.provider: field 'sections'[1].id must be a string or an integer, got true"),
            ("t.provider{ data = { 1 }, sections = { { first = 2, count = 1 } } }", "test:2: t.provider: field 'sections'[1] starts at item 2; expected 1, right after the sections before it"),
            ("t.provider{ data = { 1, 2 }, sections = { { count = 1 }, { count = 2 } } }", "test:2: t.provider: field 'sections' cover more than 2 items; expected all 2 items of the data"),
            ("t.provider{ data = { 1, 2 }, sections = { { count = 1 }, { count = math.maxinteger } } }", "test:2: t.provider: field 'sections' cover more than 2 items; expected all 2 items of the data"),
            ("t.provider{ data = { 1 }, sections = 3 }", "test:2: t.provider: field 'sections' must be a list of sections {id =, count =}, got number"),
        ] {
            let error = scriptError { _ = try provider("return " + source) }
            #expect(error?.message.components(separatedBy: "\n").first == message, "\(source)")
        }
    }

    @Test func stickyIsAnotherNameForPinned() throws {
        func pinned(_ header: String) throws -> Bool {
            let (p, _) = try provider("return t.headers{ sections = { t.provider{ data = { 1 } } }, header = \(header) }")
            return try #require(p as? HeadersProvider).isPinned
        }
        #expect(try pinned("{}") && pinned("{ sticky = true }") && pinned("{ pinned = true }") && pinned("{ pinned = true, sticky = true }"))
        #expect(try !pinned("{ sticky = false }") && !pinned("{ pinned = false }"))
        let error = scriptError { _ = try pinned("{ pinned = true, sticky = false }") }
        #expect(error?.message.components(separatedBy: "\n").first
                == "test:2: t.headers: field 'header'.sticky must be absent or equal to pinned (it is another name for pinned), got false with pinned = true")
        // The one meaning: not pinned, the header stays at rest.
        let (p, _) = try provider("return t.headers{ sections = { t.provider{ data = { 1, 2 }, size = { 100, 100 } } }, header = { sticky = false } }")
        let result = try p.layout(in: Size(width: 100, height: 100)).result
        #expect(result.elements == [.supplementary("header", section: 0, frame: Rect(x: 0, y: 0, width: 100, height: 44), sectionSpan: 1)])
    }

    @Test func aProviderTreeMayNotContainItself() throws {
        let error = scriptError {
            _ = try provider("""
            local a = t.composed{ sections = {} }
            local b = t.headers{ sections = { a } }
            a.sections = { t.provider{ data = { 1 } }, b }
            return a
            """)
        }
        #expect(error?.message.components(separatedBy: "\n").first
                == "test:4: t.composed: field 'sections[2]' would make a cycle: it is or contains this provider; a provider cannot contain itself")
        let self_ = scriptError {
            _ = try provider("local e = t.emptyState{ content = t.provider{ data = {} } }\ne.content = e\nreturn e")
        }
        #expect(self_?.message.components(separatedBy: "\n").first
                == "test:3: t.emptyState: field 'content' would make a cycle: the content is or contains this provider; a provider cannot contain itself")
        // Swift code can build a cycle through a shared provider; a pass refuses it.
        let a = ComposedProvider(sections: []), b = HeadersProvider(sections: [a])
        let shared = ComposedProvider(sections: [b])
        a.sections = [shared]
        #expect(throws: LayoutError("the provider tree has a cycle (composed provider > headers provider > composed provider > composed provider); a provider cannot contain itself")) {
            try CollectionEngine(provider: shared).layout()
        }
    }

    @Test func withChecksParamsAsParamDoes() throws {
        let folder = ScriptFolder()
        let helper = folder.write("helper.lua", """
        local t = require("tessera")
        return { params = { columns = 2, name = "a" }, build = function(p) return t.waterfall{ columns = p.columns } end }
        """)
        let host = try LuaHost()
        let direct = scriptError { _ = try host.loadLayoutScript(path: helper).configured(["colums": .int(3)]) }
        let typed = scriptError { _ = try host.loadLayoutScript(path: helper).configured(["columns": .bool(true)]) }
        #expect(direct?.message == "\(helper):2: unknown param 'colums' (did you mean columns?); known params: columns, name")
        #expect(typed?.message == "\(helper):2: param 'columns' expects a number, got true")
        for (call, expected) in [("require('helper'):with{ colums = 3 }", direct!.message),
                                 ("require('helper'):with{ columns = true }", typed!.message),
                                 ("require('helper'):with{ columns = 3 }:with{ colums = 1 }", direct!.message)] {
            let main = folder.write("main.lua", "return " + call)
            let error = scriptError { _ = try LuaHost().loadLayoutScript(path: main) }
            #expect(error?.message.components(separatedBy: "\n").first == "\(main):1: \(expected)", "\(call)")
        }
        // Good params change the layout; :with on :with keeps the earlier ones.
        let main = folder.write("main.lua", "return require('helper'):with{ name = 'b' }:with{ columns = 3 }")
        let layout = try LuaHost().loadLayoutScript(path: main).configured()
        let result = try layout.layout(sizedContext(Array(repeating: Size(width: 10, height: 10), count: 3), viewport: Size(width: 90, height: 100)))
        #expect(try result.allFrames.map(\.x) == [0, 30, 60])
        let native = scriptError { _ = try provider("return t.provider{ layout = t.flow{}:with{ spacing = 3 } }") }
        #expect(native?.message.components(separatedBy: "\n").first
                == "test:2: layout:with: self must be a script layout (a table require or load returns; a built-in layout is configured by its constructor), got flow")
    }
}

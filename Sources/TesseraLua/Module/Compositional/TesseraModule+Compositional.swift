import CLua
import OrderedCollections
import LuaBridge
import TesseraCore

// t.compositional{} and its parts: t.section{}, t.hgroup{}, t.vgroup{}, t.customGroup(fn),
// t.item{}, t.boundary{}, t.decoration{}, and the values t.fw(f), t.fh(f), t.estimated(n),
// t.flexible(n). Each part is checked when it is built (unknown fields, bad dimensions,
// negative sizes) and kept as a Swift value in a box; t.compositional reads sections from a
// list, a table keyed by section id, or a Lua function called for each section at layout time.

/// A part of a compositional layout built in Lua.
final class CompositionalPart {
    /// How many parts deep it is built (a group in a group counts each); see Nesting.swift.
    var depth = 1
    enum Value {
        case item(Compositional.Item)
        case group(Compositional.Group)
        case section(Compositional.Section)
        case boundary(Compositional.Boundary)
        case decoration(Compositional.Decoration)
        case dimension(Compositional.Dimension)
        case flexible(Double)
    }
    let value: Value
    init(_ value: Value) { self.value = value }
}

extension LuaHost {
    /// [-0, +1, m] Pushes a part built from the values read so far (its depth checked).
    func pushPart(_ value: CompositionalPart.Value, _ args: LuaArguments) throws {
        let part = CompositionalPart(value)
        part.depth = try nextNestingDepth(args)
        pushBox(part, meta: boxMetaRef)
    }
    /// The part at `index`; reading it counts towards the depth of the value built next.
    func part(at index: Int32) -> CompositionalPart.Value? {
        guard let part = box(at: index, meta: boxMetaRef, as: CompositionalPart.self) else { return nil }
        deepestLayoutRead = max(deepestLayoutRead, part.depth)
        return part.value
    }

    static let moduleFractionalWidth: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            try host.pushPart(.dimension(.fractionalWidth(try args.number(1, "fraction", .nonNegative))), args); return 1
        }
    }
    static let moduleFractionalHeight: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            try host.pushPart(.dimension(.fractionalHeight(try args.number(1, "fraction", .nonNegative))), args); return 1
        }
    }
    static let moduleEstimated: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            try host.pushPart(.dimension(.estimated(try args.number(1, "estimate", .nonNegative))), args); return 1
        }
    }
    static let moduleFlexible: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            try host.pushPart(.flexible(try args.number(1, "minimum", .nonNegative)), args); return 1
        }
    }

    /// t.item{ size =, insets =, edgeSpacing =, supplementaries = }
    static let moduleItem: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            let o = try args.table(1, "options", known: ["size", "insets", "edgeSpacing", "supplementaries"])
            var badges: [Compositional.ItemSupplementary] = []
            try o.list("supplementaries") { top, k in
                let b = try LuaTableArgument.field(args, slot: top, name: "supplementaries[\(k)]",
                                                   expected: "a table {kind =, size =, anchor =, ...}")
                try b.rejectUnknownKeys(["kind", "size", "anchor", "itemAnchor", "offset", "zIndex"])
                badges.append(Compositional.ItemSupplementary(
                    kind: try b.optString("kind") ?? "badge", size: try b.layoutSize("size", host: host, default: nil),
                    containerAnchor: try b.alignment("anchor", default: .topTrailing),
                    itemAnchor: b.has("itemAnchor") ? try b.alignment("itemAnchor", default: .none) : nil,
                    offset: try b.anchorOffset("offset"), zIndex: try b.integer("zIndex", default: 1)))
            }
            try host.pushPart(.item(Compositional.Item(
                size: try o.layoutSize("size", host: host), contentInsets: try o.insets("insets"),
                edgeSpacing: try o.edgeSpacing("edgeSpacing", host: host), supplementaries: badges)), args)
            return 1
        }
    }

    static let moduleHorizontalGroup: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in try host.group(args, .horizontal) }
    }
    static let moduleVerticalGroup: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in try host.group(args, .vertical) }
    }

    /// t.hgroup{ size =, items =, spacing =, count =, insets =, edgeSpacing = } (and t.vgroup).
    private func group(_ args: LuaArguments, _ arrangement: Compositional.Group.Arrangement) throws -> Int32 {
        let o = try args.table(1, "options", known: ["size", "items", "spacing", "count", "insets", "edgeSpacing"])
        var subitems: [Compositional.Subitem] = []
        try o.list("items") { top, k in
            switch part(at: top) {
            case .item(let item)?: subitems.append(.item(item))
            case .group(let group)?: subitems.append(.group(group))
            default: throw args.error("field 'items' must be a list of t.item{} and groups, got \(LuaStack.typeName(L, top)) at [\(k)]")
            }
        }
        guard !subitems.isEmpty else { throw args.error("field 'items' must be a non-empty list of t.item{} and groups") }
        let count = try o.optNumber("count", .positive).map { n -> Int in
            guard let count = Int(whole: n, in: 1...Compositional.Group.maxLeaves) else {
                throw args.error("field 'count' must be an integer from 1 to \(Compositional.Group.maxLeaves), got \(LuaHost.numberText(n))")
            }
            return count
        }
        try pushPart(.group(Compositional.Group(
            size: try o.layoutSize("size", host: self), arrangement: arrangement, subitems: subitems, count: count,
            interItemSpacing: try o.spacing("spacing", host: self), contentInsets: try o.insets("insets"),
            edgeSpacing: try o.edgeSpacing("edgeSpacing", host: self))), args)
        return 1
    }

    /// t.customGroup(fn [, size]): fn(env) returns the group's frames, `{x, y, w, h}` or
    /// `{x =, y =, w =, h =, zIndex =}`, relative to the group's origin.
    static let moduleCustomGroup: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            let function = try args.function(1, "fn", host: host)
            var size = Compositional.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1))
            if !args.isAbsent(2) { size = try host.layoutSize(at: 2, what: "argument #2 (size)", args: args) }
            luaL_where(L, 1)
            let origin = LuaStack.string(L!, -1) ?? ""
            tb_pop(L, 1)
            try host.pushPart(.group(.custom(size) { [weakHost = WeakHost(host)] env in
                guard let host = weakHost.host else { throw LuaHost.moduleError("t.customGroup: the Lua host was closed") }
                return try host.callCustomGroup(function, env, origin: origin)
            }), args)
            return 1
        }
    }

    private func callCustomGroup(_ function: LuaReference, _ env: Compositional.CustomGroupEnvironment,
                                 origin: String) throws -> [Compositional.CustomItem] {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        push(function)
        LuaStack.push(L, json: .object([
            "width": .double(env.contentSize.width), "height": .double(env.contentSize.height),
            "effectiveWidth": .double(env.effectiveContentSize.width), "effectiveHeight": .double(env.effectiveContentSize.height),
            "layoutDirection": .string(env.layoutDirection.rawValue)]), readOnly: true)
        try protectedCall(arguments: 1, results: 1)
        let list = lua_absindex(L, -1)
        guard lua_type(L, list) == LUA_TTABLE else {
            throw LuaHost.moduleError("\(origin)t.customGroup: the function must return a list of frames, got \(LuaStack.typeName(L, list))")
        }
        var items: [Compositional.CustomItem] = []
        let n = Int(tb_rawlen(L, list))
        for k in 1...max(n, 1) where k <= n {
            tb_rawgeti(L, list, lua_Integer(k))
            defer { tb_pop(L, 1) }
            let entry = lua_gettop(L)
            func field(_ i: Int, _ name: String, _ alt: String) -> Double? {
                tb_rawgeti(L, entry, lua_Integer(i))
                if lua_type(L, -1) == LUA_TNIL { tb_pop(L, 1); _ = LuaStack.rawField(L, entry, name) }
                if lua_type(L, -1) == LUA_TNIL { tb_pop(L, 1); _ = LuaStack.rawField(L, entry, alt) }
                defer { tb_pop(L, 1) }
                return LuaStack.number(L, -1)
            }
            guard lua_type(L, entry) == LUA_TTABLE, let x = field(1, "x", "x"), let y = field(2, "y", "y"),
                  let w = field(3, "w", "width"), let h = field(4, "h", "height") else {
                throw LuaHost.moduleError("\(origin)t.customGroup: frame \(k) must be {x, y, w, h} or {x =, y =, w =, h =}")
            }
            let frame = Rect(x: x, y: y, width: w, height: h)
            guard frame.isValidFrame else {
                throw LuaHost.moduleError("\(origin)t.customGroup: frame \(k) \(frame) must have finite numbers and a non-negative size")
            }
            _ = LuaStack.rawField(L, entry, "zIndex")
            let z = LuaStack.integer(L, -1) ?? 0
            tb_pop(L, 1)
            items.append(Compositional.CustomItem(frame: frame, zIndex: z))
        }
        return items
    }

    /// t.boundary{ kind =, size =, align =, offset = {x, y}, pinned =, extendsBoundary =, zIndex = }
    static let moduleBoundary: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            let o = try args.table(1, "options", known: ["kind", "size", "align", "offset", "pinned", "extendsBoundary", "zIndex"])
            let offset = try o.point("offset")
            try host.pushPart(.boundary(Compositional.Boundary(
                kind: try o.optString("kind") ?? "header",
                size: try o.layoutSize("size", host: host, default: Compositional.LayoutSize(width: .fractionalWidth(1), height: .absolute(44))),
                alignment: try o.alignment("align", default: .top), offset: offset,
                extendsBoundary: try o.bool("extendsBoundary", default: true), pinned: try o.bool("pinned", default: false),
                zIndex: try o.integer("zIndex", default: 1))), args)
            return 1
        }
    }

    /// t.decoration{ kind =, insets =, zIndex = }
    static let moduleDecoration: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            let o = try args.table(1, "options", known: ["kind", "insets", "zIndex"])
            try host.pushPart(.decoration(Compositional.Decoration(
                kind: try o.optString("kind") ?? "background", contentInsets: try o.insets("insets"),
                zIndex: try o.integer("zIndex", default: 0))), args)
            return 1
        }
    }

    /// t.section{ group =, interGroupSpacing =, insets =, orthogonalScrolling =, headers =,
    /// footers =, background =, decorations =, supplementariesFollowContentInsets =,
    /// visibleItemsHandler = }
    static let moduleSection: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            let o = try args.table(1, "options", known: ["group", "interGroupSpacing", "insets", "orthogonalScrolling",
                                                         "headers", "footers", "background", "decorations",
                                                         "supplementariesFollowContentInsets", "visibleItemsHandler"])
            let group: Compositional.Group = try o.with("group") { top in
                guard case .group(let g)? = host.part(at: top) else {
                    throw o.error("group", mustBe: "a group (t.hgroup{}, t.vgroup{} or t.customGroup(fn))", numeric: false)
                }
                return g
            }
            let boundaries = try host.boundaries(o, args)
            var decorations: [Compositional.Decoration] = []
            func decoration(_ top: Int32, _ key: String) throws {
                guard case .decoration(let d)? = host.part(at: top) else {
                    throw args.error("field '\(key)' must be a t.decoration{}, got \(LuaStack.typeName(L!, top))")
                }
                decorations.append(d)
            }
            try o.with("background") { top in if lua_type(L, top) != LUA_TNIL { try decoration(top, "background") } }
            try o.list("decorations") { top, _ in try decoration(top, "decorations") }
            let scrolling: Compositional.OrthogonalScrolling = try o.option("orthogonalScrolling", default: .none)
            let handler = try host.visibleItemsHandler(o)
            try host.pushPart(.section(Compositional.Section(
                group: group, interGroupSpacing: try o.number("interGroupSpacing", .nonNegative, default: 0),
                contentInsets: try o.insets("insets"), boundaryItems: boundaries, decorations: decorations,
                supplementariesFollowContentInsets: try o.bool("supplementariesFollowContentInsets", default: true),
                orthogonalScrolling: scrolling, visibleItemsHandler: handler)), args)
            return 1
        }
    }

    /// The `headers` and `footers` lists of t.boundary{} in table `o`, headers first. A footer's
    /// default alignment is the bottom and its default kind "footer".
    private func boundaries(_ o: LuaTableArgument, _ args: LuaArguments) throws -> [Compositional.Boundary] {
        var boundaries: [Compositional.Boundary] = []
        for key in ["headers", "footers"] {
            try o.list(key) { top, k in
                guard case .boundary(var b)? = part(at: top) else {
                    throw args.error("field '\(key)' must be a list of t.boundary{}, got \(LuaStack.typeName(L, top)) at [\(k)]")
                }
                if key == "footers" && b.alignment == .top { b.alignment = .bottom }
                if key == "footers" && b.kind == "header" { b.kind = "footer" }
                boundaries.append(b)
            }
        }
        return boundaries
    }

    /// The `visibleItemsHandler` field of a t.section{} table: a Lua function(items, offset, env)
    /// that changes `alpha`, `scale`, `rotation`, `tx`, `ty` and `zIndex` of the item tables it
    /// is given. Called at query time holding the host's lock; a Lua error (or a bad value) is
    /// thrown by the query that called it.
    private func visibleItemsHandler(_ o: LuaTableArgument) throws -> Compositional.VisibleItemsHandler? {
        try o.with("visibleItemsHandler") { top in
            if lua_type(L, top) == LUA_TNIL { return nil }
            guard lua_type(L, top) == LUA_TFUNCTION else {
                throw o.error("visibleItemsHandler", mustBe: "a function(items, offset, env)", numeric: false)
            }
            let function = reference(at: top)
            luaL_where(L, 1)
            let origin = LuaStack.string(L, -1) ?? ""
            tb_pop(L, 1)
            return { [weakHost = WeakHost(self)] items, offset, env in
                guard let host = weakHost.host else { return }
                try host.locked {
                    items = try host.callVisibleItemsHandler(function, items, offset, env, origin: origin)
                }
            }
        }
    }

    private func callVisibleItemsHandler(_ function: LuaReference, _ items: [Compositional.VisibleItem], _ offset: Point,
                                         _ env: Compositional.Environment, origin: String) throws -> [Compositional.VisibleItem] {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        LuaStack.push(L, json: .array(items.map { item in
            var entry: OrderedDictionary<String, JSONValue> = ["category": .string(item.category.rawValue), "kind": .string(item.kind)]
            if let index = item.index { entry["index"] = .int(index + 1) }
            entry["frame"] = .array([.double(item.frame.x), .double(item.frame.y), .double(item.frame.width), .double(item.frame.height)])
            entry["alpha"] = .double(item.alpha); entry["scale"] = .double(item.transform.scale)
            entry["rotation"] = .double(item.transform.rotation); entry["tx"] = .double(item.transform.tx)
            entry["ty"] = .double(item.transform.ty); entry["zIndex"] = .int(item.zIndex)
            return .object(entry)
        }), readOnly: false)
        let list = lua_gettop(L)
        push(function)
        lua_pushvalue(L, list)
        LuaStack.push(L, json: .object(["x": .double(offset.x), "y": .double(offset.y)]), readOnly: true)
        LuaStack.push(L, json: .object([
            "width": .double(env.container.width), "height": .double(env.container.height),
            "effectiveWidth": .double(env.effectiveContainer.width), "effectiveHeight": .double(env.effectiveContainer.height),
            "layoutDirection": .string(env.layoutDirection.rawValue)]), readOnly: true)
        try protectedCall(arguments: 3, results: 0)
        var changed = items
        for k in changed.indices {
            tb_rawgeti(L, list, lua_Integer(k + 1))
            defer { tb_pop(L, 1) }
            let entry = lua_gettop(L)
            guard lua_type(L, entry) == LUA_TTABLE else { continue }
            func number(_ key: String, _ valid: (Double) -> Bool, _ expected: String) throws -> Double {
                _ = LuaStack.rawField(L, entry, key)
                defer { tb_pop(L, 1) }
                guard let v = LuaStack.number(L, -1), valid(v) else {
                    let got = LuaStack.number(L, -1).map(LuaHost.numberText)
                        ?? LuaStack.string(L, -1).map { "'\($0)'" } ?? LuaStack.typeName(L, -1)
                    throw LuaHost.moduleError("\(origin)t.section: visibleItemsHandler set item \(k + 1)'s \(key) to \(got); expected \(expected)")
                }
                return v
            }
            changed[k].alpha = try number("alpha", { $0 >= 0 && $0 <= 1 }, "a number from 0 to 1")
            changed[k].transform = ElementTransform(scale: try number("scale", \.isFinite, "a finite number"),
                                                    rotation: try number("rotation", \.isFinite, "a finite number"),
                                                    tx: try number("tx", \.isFinite, "a finite number"),
                                                    ty: try number("ty", \.isFinite, "a finite number"))
            changed[k].zIndex = Int(clamping: try number("zIndex", { $0.isFinite && $0 == $0.rounded() && abs($0) < 1e15 }, "an integer"),
                                    into: -999_999_999_999_999...999_999_999_999_999)
        }
        return changed
    }

    /// t.compositional{ section = t.section{} or function(index, section, env), sections = {...},
    /// scrollDirection =, interSectionSpacing =, layoutDirection =, headers =, footers = }
    static let moduleCompositional: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            let o = try args.table(1, "options", known: ["section", "sections", "scrollDirection", "interSectionSpacing",
                                                         "layoutDirection", "headers", "footers"])
            let direction: ScrollDirectionName = try o.option("scrollDirection", default: .vertical)
            let configuration = Compositional.Configuration(
                scrollDirection: direction == .vertical ? .vertical : .horizontal,
                interSectionSpacing: try o.number("interSectionSpacing", .nonNegative, default: 0),
                layoutDirection: try o.option("layoutDirection", default: .leftToRight),
                boundaryItems: try host.boundaries(o, args))
            luaL_where(L, 1)
            let origin = LuaStack.string(L!, -1) ?? ""
            tb_pop(L, 1)
            let key = o.has("section") ? "section" : "sections"
            let provider = try o.with(key) { top in try host.sectionProvider(at: top, key: key, args: args, origin: origin) }
            host.pushLayout(CompositionalLayout(configuration: configuration, sectionProvider: provider))
            return 1
        }
    }

    enum ScrollDirectionName: String, CaseIterable { case vertical, horizontal }

    /// The section provider from `section`/`sections` at `top`.
    private func sectionProvider(at top: Int32, key: String, args: LuaArguments, origin: String) throws
        -> @Sendable (Int, Dataset.Section, Compositional.Environment) throws -> Compositional.Section {
        if case .section(let section)? = part(at: top) { return { _, _, _ in section } }
        switch lua_type(L, top) {
        case LUA_TFUNCTION:
            let function = reference(at: top)
            return { [weakHost = WeakHost(self)] index, section, env in
                guard let self = weakHost.host else { throw LuaHost.moduleError("t.compositional: the Lua host was closed") }
                return try self.callSectionProvider(function, index: index, section: section, env: env, origin: origin)
            }
        case LUA_TTABLE:
            var byPosition: [Int: Compositional.Section] = [:], byID: [String: Compositional.Section] = [:]
            lua_pushnil(L)
            while tb_next(L, top) != 0 {
                defer { tb_pop(L, 1) }
                guard case .section(let section)? = part(at: -1) else {
                    throw args.error("field '\(key)' must hold t.section{} values, got \(LuaStack.typeName(L, -1))")
                }
                if let k = LuaStack.integer(L, -2) { byPosition[k] = section } else if let k = LuaStack.string(L, -2) { byID[k] = section }
            }
            return { [byID, byPosition] index, section, _ in
                if let found = byID[section.id.description] ?? byPosition[index + 1] { return found }
                throw LuaHost.moduleError("\(origin)t.compositional has no section for section \(index + 1) (id '\(section.id.description)')")
            }
        default:
            throw args.error("needs section = t.section{...} or a function(index, section, env), or sections = {...}")
        }
    }

    private func callSectionProvider(_ function: LuaReference, index: Int, section: Dataset.Section,
                                     env: Compositional.Environment, origin: String) throws -> Compositional.Section {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        push(function)
        lua_pushinteger(L, lua_Integer(index + 1))
        LuaStack.push(L, json: LuaHost.sectionEntry(id: section.id, fields: section.fields, range: section.range), readOnly: true)
        LuaStack.push(L, json: .object([
            "width": .double(env.container.width), "height": .double(env.container.height),
            "effectiveWidth": .double(env.effectiveContainer.width), "effectiveHeight": .double(env.effectiveContainer.height),
            "layoutDirection": .string(env.layoutDirection.rawValue)]), readOnly: true)
        try protectedCall(arguments: 3, results: 1)
        guard case .section(let result)? = part(at: -1) else {
            throw LuaHost.moduleError("\(origin)t.compositional: the section function must return a t.section{...} for section \(index + 1), got \(LuaStack.typeName(L, -1))")
        }
        return result
    }

    /// The value at `slot` as a message shows it: a number, a quoted string, else its type.
    static func shownValue(_ L: OpaquePointer, _ slot: Int32) -> String {
        LuaStack.number(L, slot).map(LuaHost.numberText) ?? LuaStack.string(L, slot).map { "'\($0)'" } ?? LuaStack.typeName(L, slot)
    }

    /// A `{width, height}` size at `index`.
    func layoutSize(at index: Int32, what: String, args: LuaArguments) throws -> Compositional.LayoutSize {
        let index = lua_absindex(L, index)
        let expected = "{width, height}, each a non-negative number, a percentage like \"50%\", t.fw(f), t.fh(f) or t.estimated(n)"
        guard lua_type(L, index) == LUA_TTABLE, tb_rawlen(L, index) == 2 else {
            throw args.error("\(what) must be \(expected), got \(LuaStack.typeName(L, index))")
        }
        func dimension(_ k: Int, _ axis: Axis) throws -> Compositional.Dimension {
            tb_rawgeti(L, index, lua_Integer(k))
            defer { tb_pop(L, 1) }
            if let v = LuaStack.number(L, -1), v.isFinite, v >= 0 { return .absolute(v) }
            if let s = LuaStack.string(L, -1), s.hasSuffix("%"), let f = Double(s.dropLast()), f.isFinite, f >= 0 {
                return axis == .horizontal ? .fractionalWidth(f / 100) : .fractionalHeight(f / 100)
            }
            if case .dimension(let d)? = part(at: -1) { return d }
            let got = LuaHost.shownValue(L, -1)
            throw args.error("\(what)[\(k)] must be a non-negative number, a percentage like \"50%\", t.fw(f), t.fh(f) or t.estimated(n), got \(got)")
        }
        return Compositional.LayoutSize(width: try dimension(1, .horizontal), height: try dimension(2, .vertical))
    }
}

extension LuaTableArgument {
    /// Runs `body(slot, k)` for each entry of the list field `key` (absent: none).
    func list(_ key: String, _ body: (Int32, Int) throws -> Void) throws {
        try with(key) { top in
            if lua_type(L, top) == LUA_TNIL { return }
            guard lua_type(L, top) == LUA_TTABLE else { throw error(key, mustBe: "a list", numeric: false) }
            let n = Int(tb_rawlen(L, top))
            for k in 1...max(n, 1) where k <= n {
                tb_rawgeti(L, top, lua_Integer(k))
                defer { tb_pop(L, 1) }
                try body(lua_gettop(L), k)
            }
        }
    }

    func layoutSize(_ key: String, host: LuaHost,
                    default fallback: Compositional.LayoutSize? = Compositional.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))
        throws -> Compositional.LayoutSize {
        try with(key) { top in
            if lua_type(L, top) == LUA_TNIL {
                if let fallback { return fallback }
                throw arguments.error("field '\(key)' is required: {width, height}")
            }
            return try host.layoutSize(at: top, what: "field '\(key)'", args: arguments)
        }
    }

    /// Content insets: one value for every edge, or `{top =, leading =, bottom =, trailing =}`;
    /// each value points (a number, as UIKit's insets are: 0.5 is half a point) or a fraction
    /// of the size on its axis as a string `"15%"`.
    func insets(_ key: String) throws -> Compositional.Insets {
        try with(key) { (top: Int32) throws -> Compositional.Insets in
            if lua_type(L, top) == LUA_TNIL { return .zero }
            if lua_type(L, top) != LUA_TTABLE {
                guard let one = insetValue(at: top) else {
                    throw arguments.error("field '\(key)' must be points (a number), a fraction (\"15%\") or "
                                          + "{top =, leading =, bottom =, trailing =}, got \(LuaHost.shownValue(L, top))")
                }
                return Compositional.Insets(top: one.value, leading: one.value, bottom: one.value, trailing: one.value,
                                            fractionalEdges: one.fraction ? .all : [])
            }
            let t = try LuaTableArgument.field(arguments, slot: top, name: key)
            try t.rejectUnknownKeys(["top", "leading", "bottom", "trailing"])
            let top = try t.inset("top"), leading = try t.inset("leading")
            let bottom = try t.inset("bottom"), trailing = try t.inset("trailing")
            var fractional: Compositional.Insets.Edges = []
            if top.fraction { fractional.insert(.top) }
            if leading.fraction { fractional.insert(.leading) }
            if bottom.fraction { fractional.insert(.bottom) }
            if trailing.fraction { fractional.insert(.trailing) }
            return Compositional.Insets(top: top.value, leading: leading.value, bottom: bottom.value,
                                        trailing: trailing.value, fractionalEdges: fractional)
        }
    }

    /// One edge of an insets table: 0 when absent.
    private func inset(_ name: String) throws -> (value: Double, fraction: Bool) {
        try with(name) { (slot: Int32) throws -> (value: Double, fraction: Bool) in
            if lua_type(L, slot) == LUA_TNIL { return (0, false) }
            guard let value = insetValue(at: slot) else {
                throw arguments.error("field '\(self.name ?? "insets")'.\(name) must be points (a number) or a fraction (\"15%\"), got \(LuaHost.shownValue(L, slot))")
            }
            return value
        }
    }

    /// An inset at `slot`: a finite number (points) or `"N%"` (the fraction N / 100); nil otherwise.
    private func insetValue(at slot: Int32) -> (value: Double, fraction: Bool)? {
        if lua_type(L, slot) == LUA_TNUMBER, let v = LuaStack.number(L, slot), v.isFinite { return (v, false) }
        if lua_type(L, slot) == LUA_TSTRING, let s = LuaStack.string(L, slot), s.hasSuffix("%"),
           let f = Double(s.dropLast()), f.isFinite { return (f / 100, true) }
        return nil
    }

    /// A spacing at `top`: a number (fixed) or t.flexible(n).
    func spacing(at top: Int32, _ key: String, host: LuaHost) throws -> Compositional.Spacing? {
        if lua_type(L, top) == LUA_TNIL { return nil }
        if let v = LuaStack.number(L, top), v.isFinite, v >= 0 { return .fixed(v) }
        if case .flexible(let v)? = host.part(at: top) { return .flexible(v) }
        throw arguments.error("field '\(key)' must be a non-negative number or t.flexible(n), got \(arguments.describe(top))")
    }

    func spacing(_ key: String, host: LuaHost) throws -> Compositional.Spacing? {
        try with(key) { try spacing(at: $0, key, host: host) }
    }

    func edgeSpacing(_ key: String, host: LuaHost) throws -> Compositional.EdgeSpacing {
        try with(key) { top in
            if lua_type(L, top) == LUA_TNIL { return .none }
            guard lua_type(L, top) == LUA_TTABLE else { throw error(key, mustBe: "{leading =, top =, trailing =, bottom =}", numeric: false) }
            let t = try LuaTableArgument.field(arguments, slot: top, name: key)
            try t.rejectUnknownKeys(["leading", "top", "trailing", "bottom"])
            return Compositional.EdgeSpacing(leading: try t.spacing("leading", host: host), top: try t.spacing("top", host: host),
                                             trailing: try t.spacing("trailing", host: host), bottom: try t.spacing("bottom", host: host))
        }
    }

    func alignment(_ key: String, default fallback: Compositional.RectAlignment) throws -> Compositional.RectAlignment {
        try option(key, default: fallback)
    }

    /// One of a fixed set of names, or `fallback` when absent.
    func option<T: RawRepresentable & CaseIterable>(_ key: String, default fallback: T) throws -> T where T.RawValue == String {
        try with(key) { top in
            if lua_type(L, top) == LUA_TNIL { return fallback }
            if let s = LuaStack.string(L, top), let v = T(rawValue: s) { return v }
            throw arguments.optionError(top, nil, T.allCases.map(\.rawValue)).prefixedField(key)
        }
    }

    /// `{x, y}` in points (absent: 0, 0).
    func point(_ key: String) throws -> Point {
        try with(key) { top in
            if lua_type(L, top) == LUA_TNIL { return .zero }
            tb_rawgeti(L, top, 1); tb_rawgeti(L, top, 2)
            defer { tb_pop(L, 2) }
            guard let x = LuaStack.number(L, -2), let y = LuaStack.number(L, -1), x.isFinite, y.isFinite else {
                throw arguments.error("field '\(key)' must be {x, y} with finite numbers")
            }
            return Point(x: x, y: y)
        }
    }

    /// A badge offset: `{x, y}` in points, or `{"30%", "-50%"}` as fractions of the badge's size.
    func anchorOffset(_ key: String) throws -> Compositional.AnchorOffset {
        try with(key) { top in
            if lua_type(L, top) == LUA_TNIL { return .zero }
            tb_rawgeti(L, top, 1); tb_rawgeti(L, top, 2)
            defer { tb_pop(L, 2) }
            if let x = LuaStack.number(L, -2), let y = LuaStack.number(L, -1), x.isFinite, y.isFinite {
                return .absolute(Point(x: x, y: y))
            }
            func percent(_ i: Int32) -> Double? {
                guard let s = LuaStack.string(L, i), s.hasSuffix("%"), let f = Double(s.dropLast()), f.isFinite else { return nil }
                return f / 100
            }
            guard let x = percent(-2), let y = percent(-1) else {
                throw arguments.error("field '\(key)' must be {x, y} in points or {\"x%\", \"y%\"} of the supplementary's size")
            }
            return .fractional(Point(x: x, y: y))
        }
    }
}

extension LuaScriptError {
    /// The same message about field `key` instead of an argument.
    func prefixedField(_ key: String) -> LuaScriptError {
        guard let range = message.range(of: "argument #") , let colon = message[range.upperBound...].range(of: " must") else { return self }
        return LuaScriptError(kind, message: message[..<range.lowerBound] + "field '\(key)'" + message[colon.lowerBound...])
    }
}

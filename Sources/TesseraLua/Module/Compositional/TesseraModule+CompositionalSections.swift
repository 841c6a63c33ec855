import CLua
import OrderedCollections
import LuaBridge
import TesseraCore

// A compositional section and what hangs off it: t.section{}, t.boundary{}, t.decoration{},
// and the visibleItemsHandler called at query time.

extension TesseraModule {
    /// t.boundary{ kind =, size =, align =, offset = {x, y}, pinned =, extendsBoundary =, zIndex = }
    static let moduleBoundary: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            let o = try args.table(1, "options", known: ["kind", "size", "align", "offset", "pinned", "extendsBoundary", "zIndex"])
            let offset = try o.point("offset")
            let header = Compositional.BoundaryItem(
                kind: try o.optString("kind") ?? "header",
                size: try o.layoutSize("size", host: host, default: Compositional.LayoutSize(width: .fractionalWidth(1), height: .absolute(44))),
                alignment: try o.alignment("align", default: .top), offset: offset,
                extendsBoundary: try o.bool("extendsBoundary", default: true), pinned: try o.bool("pinned", default: false),
                zIndex: try o.integer("zIndex", default: 1))
            var footer = header
            if !o.has("align") { footer.alignment = .bottom }
            if !o.has("kind") { footer.kind = "footer" }
            try host.pushPart(.boundary(header, asFooter: footer), args)
            return 1
        }
    }

    /// t.decoration{ kind =, insets =, zIndex = }
    static let moduleDecoration: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            let o = try args.table(1, "options", known: ["kind", "insets", "zIndex"])
            try host.pushPart(.decoration(Compositional.Decoration(
                kind: try o.optString("kind") ?? "background", contentInsets: try o.insets("insets"),
                zIndex: try o.integer("zIndex", default: 0))), args)
            return 1
        }
    }

    /// t.section{ group =, interGroupSpacing =, insets =, orthogonalScrolling =, headers =,
    /// footers =, background =, decorations =, supplementariesFollowContentInsets =,
    /// visibleItemsHandler =, contentInsetsReference = }
    static let moduleSection: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            let o = try args.table(1, "options", known: ["group", "interGroupSpacing", "insets", "orthogonalScrolling",
                                                         "headers", "footers", "background", "decorations",
                                                         "supplementariesFollowContentInsets", "visibleItemsHandler",
                                                         "contentInsetsReference"])
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
                    throw args.error(.field(key), at: top, mustBe: "a t.decoration{}", numeric: false)
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
                orthogonalScrolling: scrolling, visibleItemsHandler: handler,
                contentInsetsReference: try o.option("contentInsetsReference", default: .automatic))), args)
            return 1
        }
    }
}

extension LuaHost {
    /// The `headers` and `footers` lists of t.boundary{} in table `o`, headers first. A footer's
    /// default alignment is the bottom and its default kind "footer"; given ones are kept.
    func boundaries(_ o: LuaTableArgument, _ args: LuaArguments) throws -> [Compositional.BoundaryItem] {
        var boundaries: [Compositional.BoundaryItem] = []
        for key in ["headers", "footers"] {
            try o.list(key) { top, k in
                guard case .boundary(let header, let footer)? = part(at: top) else {
                    throw args.error(.part(.field(key), "[\(k)]"), at: top, mustBe: "a t.boundary{}", numeric: false)
                }
                boundaries.append(key == "footers" ? footer : header)
            }
        }
        return boundaries
    }

    /// The `visibleItemsHandler` field of a t.section{} table: a Lua function(items, offset, env)
    /// that changes `alpha`, `scale`, `rotation`, `tx`, `ty` and `zIndex` of the item tables it
    /// is given. Called at query time holding the host's lock; a Lua error (or a bad value) is
    /// thrown by the query that called it.
    fileprivate func visibleItemsHandler(_ o: LuaTableArgument) throws -> Compositional.VisibleItemsHandler? {
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
        pushEnvironment(env)
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
                    let got = LuaArguments.shownValue(L, -1)
                    throw blaming(function, LuaArguments.mismatch("t.section: field \(LuaArguments.quoted(key)) of item \(k + 1) set by visibleItemsHandler",
                                                                  mustBe: expected, got: got), orElse: origin)
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
}

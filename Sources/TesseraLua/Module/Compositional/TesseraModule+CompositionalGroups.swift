import CLua
import OrderedCollections
import LuaBridge
import TesseraCore

// The items and groups of a compositional section: t.item{}, t.hgroup{}, t.vgroup{} and
// t.customGroup(fn), each checked when it is built and kept as a Swift value in a box.

extension TesseraModule {
    /// t.item{ size =, insets =, edgeSpacing =, supplementaries = }
    static let moduleItem: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            let o = try args.table(1, "options", known: ["size", "insets", "edgeSpacing", "supplementaries"])
            let badges = try o.supplementaries(host: host)
            try host.pushPart(.item(Compositional.Item(
                size: try o.layoutSize("size", host: host), contentInsets: try o.insets("insets"),
                edgeSpacing: try o.edgeSpacing("edgeSpacing", host: host), supplementaries: badges)), args)
            return 1
        }
    }

    static let moduleHorizontalGroup: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in try host.group(args, .horizontal) }
    }
    static let moduleVerticalGroup: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in try host.group(args, .vertical) }
    }

    /// t.customGroup(fn [, size]), or t.customGroup{ provider = fn, size =, insets =, edgeSpacing =,
    /// supplementaries = } (what a Swift custom group takes): fn(env) returns the group's frames,
    /// `{x, y, w, h}` or `{x =, y =, w =, h =, zIndex =}`, relative to the group's origin.
    static let moduleCustomGroup: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            var group: Compositional.Group
            let function: LuaReference
            if lua_type(L, 1) == LUA_TTABLE {
                let o = try args.table(1, "options", known: ["provider", "size", "insets", "edgeSpacing", "supplementaries"])
                guard let provider = try o.optFunction("provider", host: host) else {
                    throw args.error(.field("provider"), "is required: a function(env) returning the group's frames")
                }
                function = provider
                group = .custom(try o.layoutSize("size", host: host), insets: try o.insets("insets"),
                                edgeSpacing: try o.edgeSpacing("edgeSpacing", host: host),
                                supplementaries: try o.supplementaries(host: host)) { _ in [] }
            } else {
                function = try args.function(1, "fn", host: host)
                var size = Compositional.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1))
                if !args.isAbsent(2) { size = try host.layoutSize(at: 2, .argument(2, "size"), args: args) }
                group = .custom(size) { _ in [] }
            }
            luaL_where(L, 1)
            let origin = LuaStack.string(L!, -1) ?? ""
            tb_pop(L, 1)
            group.arrangement = .custom { [weakHost = WeakHost(host)] env in
                guard let host = weakHost.host else { throw LuaArguments.hostClosed("t.customGroup") }
                return try host.callCustomGroup(function, env, origin: origin)
            }
            try host.pushPart(.group(group), args)
            return 1
        }
    }
}

extension LuaHost {
    /// t.hgroup{ size =, items =, spacing =, count =, repeating =, insets =, edgeSpacing =,
    /// supplementaries = } (and t.vgroup).
    fileprivate func group(_ args: LuaArguments, _ arrangement: Compositional.Group.Arrangement) throws -> Int32 {
        let o = try args.table(1, "options", known: ["size", "items", "spacing", "count", "repeating", "insets", "edgeSpacing",
                                                     "supplementaries"])
        var subitems: [Compositional.Subitem] = []
        try o.list("items") { top, k in
            switch part(at: top) {
            case .item(let item)?: subitems.append(.item(item))
            case .group(let group)?: subitems.append(.group(group))
            default: throw args.error(.part(.field("items"), "[\(k)]"), at: top, mustBe: "a t.item{} or a group", numeric: false)
            }
        }
        guard !subitems.isEmpty else { throw args.error(.field("items"), at: 0, mustBe: "a non-empty list of t.item{} and groups", got: "an empty list") }
        func copies(_ key: String) throws -> Int? {
            func expected() -> String { "an integer from 1 to \(NumberText.grouped(Compositional.Group.maxLeaves))" }
            return try o.optInteger(key, mustBe: expected()).map { n -> Int in
                guard (1...Compositional.Group.maxLeaves).contains(n) else { throw args.error(.field(key), at: 0, mustBe: expected(), got: String(n)) }
                return n
            }
        }
        let count = try copies("count"), repeating = try copies("repeating")
        let group = Compositional.Group(
            size: try o.layoutSize("size", host: self), arrangement: arrangement, subitems: subitems, count: count, repeating: repeating,
            interItemSpacing: try o.spacing("spacing", host: self), contentInsets: try o.insets("insets"),
            edgeSpacing: try o.edgeSpacing("edgeSpacing", host: self), supplementaries: try o.supplementaries(host: self))
        do { try group.checkRepeating() } catch let e as LayoutError { throw args.relayed(e.message) }
        try pushPart(.group(group), args)
        return 1
    }

    fileprivate func callCustomGroup(_ function: LuaReference, _ env: Compositional.CustomGroupEnvironment,
                                 origin: String) throws -> [Compositional.CustomItem] {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        push(function)
        LuaStack.push(L, json: .object([
            "width": .double(env.contentSize.width), "height": .double(env.contentSize.height),
            "effectiveWidth": .double(env.effectiveContentSize.width), "effectiveHeight": .double(env.effectiveContentSize.height),
            "layoutDirection": .string(env.layoutDirection.rawValue)]), readOnly: true)
        try protectedCall(arguments: 1, results: 1)
        return try blamingDefinition(of: function, orElse: origin) { try customItems(at: lua_absindex(L, -1)) }
    }

    /// The frames a t.customGroup function returned, from the list at `list`.
    private func customItems(at list: Int32) throws -> [Compositional.CustomItem] {
        guard lua_type(L, list) == LUA_TTABLE else {
            throw LuaArguments.returned("t.customGroup", "group", for: "its frames", mustBe: "a list of frames", got: LuaStack.typeName(L, list))
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
                throw LuaArguments.returned("t.customGroup", "group", for: "frame \(k)", mustBe: "{x, y, w, h} or {x =, y =, w =, h =} with numbers", got: LuaArguments.shownValue(L, entry))
            }
            let frame = Rect(x: x, y: y, width: w, height: h)
            guard frame.isValidFrame else {
                throw LuaArguments.returned("t.customGroup", "group", for: "frame \(k)", mustBe: "finite numbers with a non-negative size", got: "\(frame)")
            }
            _ = LuaStack.rawField(L, entry, "zIndex")
            let z = LuaStack.integer(L, -1) ?? 0
            tb_pop(L, 1)
            items.append(Compositional.CustomItem(frame: frame, zIndex: z))
        }
        return items
    }
}

import CLua
import OrderedCollections
import LuaBridge
import TesseraCore

// t.compositional{}: reads its sections from a list, a table keyed by section id, or a Lua
// function called for each section at layout time. Its parts are built by t.section{},
// t.hgroup{}, t.vgroup{}, t.customGroup(fn), t.item{}, t.boundary{}, t.decoration{}, and the
// values t.fw(f), t.fh(f), t.estimated(n), t.flexible(n); each is checked when it is built
// (unknown fields, bad dimensions, negative sizes) and kept as a Swift value in a box.

extension TesseraModule {
    /// t.compositional{ section = t.section{} or function(index, section, env), sections = {...},
    /// scrollDirection =, interSectionSpacing =, layoutDirection =, headers =, footers =,
    /// contentInsetsReference = }
    static let moduleCompositional: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            let o = try args.table(1, "options", known: ["section", "sections", "scrollDirection", "interSectionSpacing",
                                                         "layoutDirection", "headers", "footers", "contentInsetsReference"])
            let direction: ScrollDirectionName = try o.option("scrollDirection", default: .vertical)
            let configuration = Compositional.Configuration(
                scrollDirection: direction == .vertical ? .vertical : .horizontal,
                interSectionSpacing: try o.number("interSectionSpacing", .nonNegative, default: 0),
                layoutDirection: try o.option("layoutDirection", default: .leftToRight),
                boundaryItems: try host.boundaries(o, args),
                contentInsetsReference: try o.option("contentInsetsReference", default: .safeArea))
            luaL_where(L, 1)
            let origin = LuaStack.string(L!, -1) ?? ""
            tb_pop(L, 1)
            let key = o.has("section") ? "section" : "sections"
            let (provider, idKeys) = try o.with(key) { top in try host.sectionProvider(at: top, key: key, args: args, origin: origin) }
            var layout = CompositionalLayout(configuration: configuration, sectionProvider: provider)
            if !idKeys.isEmpty { layout.sectionKeys = [SectionKeys(table: "t.compositional: field 'sections'", keys: idKeys, indexBase: 1)] }
            host.pushLayout(layout, name: "compositional")
            return 1
        }
    }

    enum ScrollDirectionName: String, CaseIterable { case vertical, horizontal }
}

extension LuaHost {
    /// The section provider from `section`/`sections` at `top`, and the keys that name sections
    /// by id when it is a table keyed by id.
    fileprivate func sectionProvider(at top: Int32, key: String, args: LuaArguments, origin: String) throws
        -> (@Sendable (Int, Dataset.Section, Compositional.Environment) throws -> Compositional.Section, idKeys: [String]) {
        if case .section(let section)? = part(at: top) { return ({ _, _, _ in section }, []) }
        switch lua_type(L, top) {
        case LUA_TFUNCTION:
            let function = reference(at: top)
            return ({ [weakHost = WeakHost(self)] index, section, env in
                guard let self = weakHost.host else { throw LuaArguments.hostClosed("t.compositional") }
                return try self.callSectionProvider(function, index: index, section: section, env: env, origin: origin)
            }, [])
        case LUA_TTABLE:
            var byPosition: [Int: Compositional.Section] = [:], byID: [String: Compositional.Section] = [:]
            lua_pushnil(L)
            while tb_next(L, top) != 0 {
                defer { tb_pop(L, 1) }
                guard case .section(let section)? = part(at: -1) else {
                    let entry = LuaStack.integer(L, -2).map { "[\($0)]" } ?? LuaStack.string(L, -2).map { "[\(describeIdentifier($0))]" } ?? ""
                    throw args.error(.part(.field(key), entry), at: -1, mustBe: "a t.section{}", numeric: false)
                }
                if let k = LuaStack.integer(L, -2) { byPosition[k] = section } else if let k = LuaStack.string(L, -2) { byID[k] = section }
            }
            return ({ [byID, byPosition] index, section, _ in
                if let found = byID[section.id.description] ?? byPosition[index + 1] { return found }
                throw LuaArguments.fieldStatement("\(origin)t.compositional", "sections", "has no entry for section \(index + 1) (id \(describeIdentifier(section.id)))")
            }, Array(byID.keys))
        case LUA_TNIL:
            throw args.error(.argument(1, "options"), "needs section = t.section{...} or a function(index, section, env), or sections = {...}")
        default:
            let expected = key == "section" ? "a t.section{} or a function(index, section, env)"
                : "a table of t.section{} by position or section id"
            throw args.error(.field(key), at: top, mustBe: expected, numeric: false)
        }
    }

    private func callSectionProvider(_ function: LuaReference, index: Int, section: Dataset.Section,
                                     env: Compositional.Environment, origin: String) throws -> Compositional.Section {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        push(function)
        lua_pushinteger(L, lua_Integer(index + 1))
        Self.pushSectionEntry(L, id: section.id, fields: section.fields, range: section.range)
        pushEnvironment(env)
        try protectedCall(arguments: 3, results: 1)
        guard case .section(let result)? = part(at: -1) else {
            throw blaming(function, LuaArguments.returned("t.compositional", "section", for: "section \(index + 1)", mustBe: "a t.section{...}",
                                                          got: LuaStack.typeName(L, -1)), orElse: origin)
        }
        return result
    }

    /// [-0, +1] Pushes `env` as the read-only table a section function gets (t.compositional's
    /// and t.sections'): width, height, effectiveWidth, effectiveHeight, layoutDirection.
    /// Set field by field, in that order, rather than built as a JSON object first: a layout
    /// pass pushes one per section.
    func pushEnvironment(_ env: Compositional.Environment) {
        _ = lua_checkstack(L, 3)
        lua_createtable(L, 0, 5)
        let table = lua_gettop(L)
        func number(_ key: String, _ value: Double) {
            lua_pushnumber(L, value)
            LuaStack.setField(L, table, key)
        }
        number("width", env.container.width)
        number("height", env.container.height)
        number("effectiveWidth", env.effectiveContainer.width)
        number("effectiveHeight", env.effectiveContainer.height)
        LuaStack.push(L, env.layoutDirection.rawValue)
        LuaStack.setField(L, table, "layoutDirection")
        tb_pushreadonly(L)
    }
}

import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

extension TesseraModule {
    /// t.sections{ sections = ..., layout = arrangement, spacing = 0, default = layout,
    /// header = ..., footer = ... }: one layout per dataset section; `sections` is a list (by
    /// position), a table keyed by section id, or a function(index, section, env) returning a
    /// layout (env as a compositional section provider's: width, height, effectiveWidth,
    /// effectiveHeight, layoutDirection). `header`/`footer` give every section a supplementary of that kind:
    /// `{height =, pinned = false, zIndex = 1}`, or a function(index, section) returning such a
    /// table or nil.
    static let moduleSections: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            let options = try args.table(1, "options", known: ["sections", "layout", "spacing", "default", "header", "footer"])
            let arrangement = try options.optLayout("layout", host: host)
            let fallback = try options.optLayout("default", host: host)
            let spacing = try options.number("spacing", .nonNegative, default: 0)
            let (chooser, idKeys) = try host.sectionChooser(args, at: { LuaStack.rawField(L!, options.slot, "sections") }, fallback: fallback)
            let header = try host.sectionBoundary(options, "header")
            let footer = try host.sectionBoundary(options, "footer")
            var layout = SectionsLayout(arrangement: arrangement, spacing: spacing, header: header, footer: footer, sectionProvider: chooser)
            if !idKeys.isEmpty { layout.sectionKeys = [SectionKeys(table: "t.sections: field 'sections'", keys: idKeys, indexBase: 1)] }
            host.pushLayout(layout, name: "sections")
            return 1
        }
    }

    static let boundaryFields = ["height", "pinned", "zIndex"]
}

extension LuaHost {
    /// The `header` or `footer` option of t.sections: a fixed boundary, or a Lua function
    /// called once per section per layout pass.
    func sectionBoundary(_ options: LuaTableArgument, _ key: String) throws
        -> (@Sendable (Int, Dataset.Section?) throws -> SectionBoundary?)? {
        try options.with(key) { top in
            switch lua_type(L, top) {
            case LUA_TNIL:
                return nil
            case LUA_TTABLE:
                let fixed = try boundary(at: top, options.arguments, what: "field '\(key)'")
                return { _, _ in fixed }
            case LUA_TFUNCTION:
                let function = reference(at: top)
                return { [weakHost = WeakHost(self)] index, section in
                    guard let self = weakHost.host else { throw LuaArguments.hostClosed("t.sections") }
                    return try self.callBoundaryFunction(function, key, index: index, section: section)
                }
            default:
                throw options.error(key, mustBe: "a table {height =, pinned =, zIndex =} or a function of (index, section)", numeric: false)
            }
        }
    }

    /// Reads `{height =, pinned =, zIndex =}` at `slot`; `what` names it in messages.
    func boundary(at slot: Int32, _ args: LuaArguments, what: String) throws -> SectionBoundary {
        let table = LuaTableArgument(arguments: LuaArguments(L, function: "\(args.function): \(what)"), slot: lua_absindex(L, slot), name: nil)
        let allowed = Set(TesseraModule.boundaryFields)
        lua_pushnil(L)
        while tb_next(L, table.slot) != 0 {
            tb_pop(L, 1)
            guard let k = LuaStack.string(L, -1), allowed.contains(k) else {
                let key = LuaStack.string(L, -1) ?? "[\(args.describe(-1))]"
                tb_pop(L, 1)
                throw table.arguments.unknownField(key, known: TesseraModule.boundaryFields)
            }
        }
        guard let height = try table.optNumber("height", .nonNegative) else {
            throw table.arguments.error(.field("height"), at: 0, mustBe: "a finite, non-negative number", got: "nil")
        }
        return SectionBoundary(height: height, pinned: try table.bool("pinned", default: false),
                                       zIndex: try table.integer("zIndex", default: 1))
    }

    func callBoundaryFunction(_ function: LuaReference, _ key: String, index: Int, section: Dataset.Section?) throws
        -> SectionBoundary? {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        try callWithSection(function, index: index, section: section)
        return try blamingDefinition(of: function) {
            switch lua_type(L, -1) {
            case LUA_TNIL: return nil
            case LUA_TTABLE:
                return try boundary(at: -1, LuaArguments(L, function: "t.sections"), what: "the \(key) of section \(index + 1)")
            default:
                throw LuaArguments.returned("t.sections", key, for: "section \(index + 1)", mustBe: "a table {height =, pinned =, zIndex =} or nil", got: LuaStack.typeName(L, -1))
            }
        }
    }

    /// The per-section choice of t.sections, from the value `pushSections` pushes, and the keys
    /// that name sections by id when it is a table keyed by id. A function is called with the
    /// layout pass's environment as its third argument.
    func sectionChooser(_ args: LuaArguments, at pushSections: () -> Int32, fallback: (any Layout)?) throws
        -> (@Sendable (Int, Dataset.Section?, Compositional.Environment) throws -> any Layout, idKeys: [String]) {
        let type = pushSections()
        defer { tb_pop(L, 1) }
        switch type {
        case LUA_TNIL:
            guard let fallback else { throw args.error(.argument(1, "options"), "needs sections = {...} or a default layout") }
            return ({ _, _, _ in fallback }, [])
        case LUA_TFUNCTION:
            let function = reference(at: -1)
            luaL_where(L, 1)
            let origin = LuaStack.string(L, -1) ?? ""
            tb_pop(L, 1)
            return ({ [weakHost = WeakHost(self)] index, section, env in
                guard let self = weakHost.host else { throw LuaArguments.hostClosed("t.sections") }
                let chosen = try self.callSectionFunction(function, index: index, section: section, env: env, fallback: fallback)
                return NestingGuard(base: chosen, host: self, origin: origin)
            }, [])
        case LUA_TTABLE:
            var byPosition: [Int: any Layout] = [:]
            var byID: [String: any Layout] = [:]
            let table = lua_gettop(L)
            lua_pushnil(L)
            while tb_next(L, table) != 0 {
                if let k = LuaStack.integer(L, -2) {
                    byPosition[k] = try layout(at: -1, what: "t.sections: sections[\(k)]")
                } else if let k = LuaStack.string(L, -2) {
                    byID[k] = try layout(at: -1, what: "t.sections: sections[\(describeIdentifier(k))]")
                }
                tb_pop(L, 1)
            }
            let keyedByID = !byID.isEmpty
            return ({ [byID, byPosition] index, section, _ in
                let id = section?.id.description ?? String(index)
                if let layout = keyedByID ? byID[id] : byPosition[index + 1] { return layout }
                if let fallback { return fallback }
                throw LuaArguments.fieldStatement("t.sections", "sections", keyedByID ? "has no layout for section \(section.map { describeIdentifier($0.id) } ?? String(index)) and there is no default"
                                                                             : "has no layout for section \(index + 1) and there is no default")
            }, Array(byID.keys))
        default:
            throw args.error(.field("sections"), at: -1, mustBe: "a list, a table keyed by section id or a function", numeric: false)
        }
    }

    func callSectionFunction(_ function: LuaReference, index: Int, section: Dataset.Section?,
                             env: Compositional.Environment, fallback: (any Layout)?) throws -> any Layout {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        try callWithSection(function, index: index, section: section, env: env)
        if lua_type(L, -1) == LUA_TNIL, let fallback { return fallback }
        return try blamingDefinition(of: function) { try layout(at: -1, what: "the layout t.sections got for section \(index + 1)") }
    }

    /// [-0, +1] Calls `function(index, section)` (1-based index), or `function(index, section,
    /// env)` when given `env`, and leaves its one result.
    func callWithSection(_ function: LuaReference, index: Int, section: Dataset.Section?,
                         env: Compositional.Environment? = nil) throws {
        push(function)
        lua_pushinteger(L, lua_Integer(index + 1))
        // The same shape as a `ctx.sections` entry (`first` in the layout t.sections lays out).
        Self.pushSectionEntry(L, id: section?.id ?? .int(index), fields: section?.fields ?? [:], range: section?.range ?? 0..<0)
        if let env { pushEnvironment(env) }
        try protectedCall(arguments: env == nil ? 2 : 3, results: 1)
    }
}

/// A layout a t.sections function chose at layout time, counted while it lays out: a function
/// that returns its own t.sections layout (directly or through others) would otherwise recurse
/// until the native stack overflows. `origin` is where t.sections was called ("file:line: ").
/// `@unchecked Sendable`: it keeps its host weakly and runs only inside a layout pass of the
/// host's layouts (see `WeakHost`).
struct NestingGuard: Layout, @unchecked Sendable {
    let base: any Layout
    weak var host: LuaHost?
    let origin: String

    func layout(_ context: LayoutContext) throws -> AnyLayoutResult {
        guard let host else { throw LuaArguments.hostClosed("t.sections") }
        guard host.layoutNesting < LuaHost.maxLayoutNesting else {
            var error = LuaArguments.tooDeep("\(origin)t.sections: the layouts its sections function chose", "are nested", hint: "; expected a layout that does not contain this t.sections (does the function return it?)")
            // It names where t.sections was called; a Lua caller's line (t.run's) would be a
            // second place, so it is raised as it is, as an error of the script's own code.
            if !origin.isEmpty { error.kind = .runtime }
            throw error
        }
        host.layoutNesting += 1
        defer { host.layoutNesting -= 1 }
        return AnyLayoutResult(try base.layout(context))
    }
}

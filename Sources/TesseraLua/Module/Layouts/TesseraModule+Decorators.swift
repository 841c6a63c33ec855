import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

/// The decorators: t.inset / layout:inset, t.visibleFrameInset, t.transpose /
/// layout:transposed, t.sticky / layout:sticky, as TesseraCore's types.
extension TesseraModule {
    /// Insets from a number or {top=, left=, bottom=, right=} at `slot`.
    static func insets(_ args: LuaArguments, at slot: Int32) throws -> EdgeInsets {
        let L = args.L
        if let v = LuaStack.number(L, slot) {
            guard v.isFinite else { throw args.error(slot, "insets", mustBe: insetsExpectation) }
            return EdgeInsets(all: v)
        }
        guard lua_type(L, slot) == LUA_TTABLE else { throw args.error(slot, "insets", mustBe: insetsExpectation) }
        let table = try args.table(slot, "insets", known: ["top", "left", "bottom", "right"])
        return EdgeInsets(top: try table.number("top", default: 0), left: try table.number("left", default: 0),
                          bottom: try table.number("bottom", default: 0), right: try table.number("right", default: 0))
    }

    static let insetsExpectation = "a number or a table {top=, left=, bottom=, right=}"

    /// t.inset(layout, insets) and layout:inset(insets).
    static let moduleInset: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            let root = try args.layout(1, "layout", host: host)
            host.pushLayout(InsetLayout(root, insets: try insets(args, at: 2)), name: host.decoratedName("inset", at: 1, of: root))
            return 1
        }
    }

    /// t.visibleFrameInset(layout, insets): negative insets preload items outside the viewport.
    static let moduleVisibleFrameInset: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            let root = try args.layout(1, "layout", host: host)
            host.pushLayout(VisibleFrameInsetLayout(root, insets: try insets(args, at: 2)),
                            name: host.decoratedName("visibleFrameInset", at: 1, of: root))
            return 1
        }
    }

    /// t.transpose(layout) and layout:transposed().
    static let moduleTranspose: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            let root = try args.layout(1, "layout", host: host)
            host.pushLayout(TransposeLayout(root), name: host.decoratedName("transpose", at: 1, of: root))
            return 1
        }
    }

    /// layout:with{ name = value, ... }: a script layout (a table `require` returns, a layout
    /// `load` returns, or one made by `:with`) with other params, checked now as `--param` is.
    static let moduleWith: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            let L = host.L
            if lua_type(L, 1) != LUA_TTABLE, host.box(at: 1, meta: host.layoutMetaRef, as: LayoutBox.self) == nil {
                throw args.error(1, "layout", mustBe: LuaArguments.layoutExpectation, got: args.describe(1, numeric: false))
            }
            guard lua_type(L, 2) == LUA_TTABLE else {
                throw args.error(2, "params", mustBe: "a table of params {name = value}", got: args.describe(2, numeric: false))
            }
            let overrides: OrderedDictionary<String, JSONValue>
            do {
                switch try LuaStack.json(L, 2, path: "params") {
                case .object(let o): overrides = o
                case .array(let a) where a.isEmpty: overrides = [:]
                default: throw args.error(2, "params", mustBe: "a table of named values, like { screen = \"today\" }", got: "a list")
                }
            } catch let e as LuaStack.ConversionError { throw args.relayed(e.message) }
            let scripted: ScriptedLayout
            if let boxed = host.box(at: 1, meta: host.layoutMetaRef, as: LayoutBox.self) {
                guard let s = boxed.layout as? ScriptedLayout else {
                    throw args.error(.argument(1, "layout"), at: 1, mustBe: "a script layout (a table require or load returns; a built-in layout is configured by its constructor)",
                                     got: boxed.name)
                }
                scripted = s
            } else {
                scripted = ScriptedLayout(version: try host.scriptVersion(at: 1, source: nil))
            }
            let configured = try scripted.with(overrides)
            host.pushLayout(configured, name: configured.name)
            return 1
        }
    }

    /// t.sticky(layout [, isSticky]) and layout:sticky([isSticky]). `isSticky(i, item)` gets a
    /// 1-based index and the dataset item; the default makes odd Lua indices sticky (headers
    /// before their items).
    static let moduleSticky: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            let root = try args.layout(1, "layout", host: host)
            let name = host.decoratedName("sticky", at: 1, of: root)
            if args.isAbsent(2) {
                host.pushLayout(PinnedLayout(root), name: name)
            } else {
                let isSticky = try args.function(2, "isSticky", host: host, expected: "a function of the item index and the item")
                host.pushLayout(LuaPinnedLayout(root: root, isSticky: isSticky), name: name)
            }
            return 1
        }
    }
}

/// PinnedLayout with a Lua predicate: the flags are computed in one Lua call per layout pass
/// (PinnedLayout's own predicate cannot throw).
struct LuaPinnedLayout: Layout {
    let root: any Layout
    let isSticky: LuaReference

    func layout(_ context: LayoutContext) throws -> AnyLayoutResult {
        guard let host = isSticky.host else { throw LuaArguments.hostClosed("t.sticky") }
        let flags = try host.stickyFlags(isSticky, context: context)
        return try PinnedLayout(root, isPinned: { flags[$0] }).layout(context)
    }
}

extension LuaHost {
    /// `isSticky(i, item)` for every item (1-based `i`; `item` is nil without a dataset).
    func stickyFlags(_ function: LuaReference, context: LayoutContext) throws -> [Bool] {
        let count = context.count
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        pushPrelude("stickyflags")
        push(function)
        lua_pushinteger(L, lua_Integer(count))
        let pass = pushContext(context).itemPass
        defer { endItems(pass) }
        try protectedCall(arguments: 3, results: 1)
        return (0..<count).map { i in
            tb_rawgeti(L, -1, lua_Integer(i + 1))
            defer { tb_pop(L, 1) }
            return lua_toboolean(L, -1) != 0
        }
    }
}

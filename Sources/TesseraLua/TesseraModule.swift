import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

/// The `tessera` Lua module (SPEC §6, §7): the built-in layouts by name (`t.flow{}`,
/// `t.waterfall{}`, ...) through `BuiltinLayouts.make`, the same code path as `--param`; the
/// decorators as TesseraCore's types; and the LayoutHelper functions.
extension LuaHost {
    static let moduleFunctions: [(String, tb_HostFunction)] = [
        ("inset", LuaHost.moduleInset), ("transpose", LuaHost.moduleTranspose),
        ("sticky", LuaHost.moduleSticky), ("visibleFrameInset", LuaHost.moduleVisibleFrameInset),
        ("closure", LuaHost.moduleClosure), ("sections", LuaHost.moduleSections),
        ("distribute", LuaHost.moduleDistribute), ("align", LuaHost.moduleAlign),
    ]

    /// Methods of every layout value: `layout:inset(8)`, `:transposed()`, `:sticky(fn)`,
    /// `:visibleFrameInset(insets)`.
    static let layoutMethods: [(String, tb_HostFunction)] = [
        ("inset", LuaHost.moduleInset), ("transposed", LuaHost.moduleTranspose),
        ("sticky", LuaHost.moduleSticky), ("visibleFrameInset", LuaHost.moduleVisibleFrameInset),
    ]

    func makeTesseraModule() {
        lua_createtable(L, 0, 16)
        for name in BuiltinLayouts.names {
            LuaStack.push(L, name)
            tb_pushhostfunction(L, LuaHost.moduleBuiltin, context, 1)
            LuaStack.setField(L, -2, name)
        }
        for (name, function) in LuaHost.moduleFunctions {
            tb_pushhostfunction(L, function, context, 0)
            LuaStack.setField(L, -2, name)
        }
        LuaStack.push(L, json: .array(BuiltinLayouts.names.map { .string($0) }), readOnly: true)
        LuaStack.setField(L, -2, "builtins")
        tb_pushreadonly(L)
        tesseraRef = luaL_ref(L, LuaStack.registry)
    }

    /// Runs a module function body; a thrown error becomes a Lua error at the caller's line.
    static func hosted(_ L: OpaquePointer?, _ context: UnsafeMutableRawPointer?,
                       _ body: (LuaHost, OpaquePointer) throws -> Int32) -> Int32 {
        let L = L!
        let host = LuaHost.from(context)
        do {
            return try body(host, L)
        } catch let error as LuaScriptError where error.kind != .script {
            // An error from a nested call already names its own file:line; raise it as is.
            LuaStack.push(L, error.description)
            return TB_RAISE_ASIS
        } catch let error as LuaScriptError {
            LuaStack.push(L, error.message)
            return TB_RAISE
        } catch {
            LuaStack.push(L, "\(error)")
            return TB_RAISE
        }
    }

    static func moduleError(_ message: String) -> LuaScriptError { LuaScriptError(.script, message: message) }

    /// [-0, +1, m] Pushes `layout` as a layout value.
    func pushLayout(_ layout: any Layout) {
        pushBox(LayoutBox(layout), meta: layoutMetaRef)
    }

    /// t.flow{...}, t.row{...}, t.waterfall{...}, t.overlay{}: upvalue = the built-in's name.
    static let moduleBuiltin: tb_HostFunction = { L, context in
        hosted(L, context) { host, L in
            let name = LuaStack.string(L, tb_upvalueindex(TB_HOST_UPVALUES + 1)) ?? "?"
            var params: OrderedDictionary<String, JSONValue> = [:]
            switch lua_type(L, 1) {
            case LUA_TNONE, LUA_TNIL: break
            case LUA_TTABLE:
                do {
                    switch try LuaStack.json(L, 1, path: "t.\(name) parameter table") {
                    case .object(let o): params = o
                    case .array(let a) where a.isEmpty: break
                    default: throw moduleError("t.\(name) takes a table of named parameters, like t.\(name){ spacing = 8 }")
                    }
                } catch let e as LuaStack.ConversionError { throw moduleError(e.message) }
            default:
                throw moduleError("t.\(name) takes a table of named parameters, got \(LuaStack.typeName(L, 1))")
            }
            do {
                host.pushLayout(try BuiltinLayouts.make(name: name, params: params))
            } catch let e as LayoutError {
                throw moduleError("t.\(name): \(e.message)")
            }
            return 1
        }
    }

    /// Insets from a number or {top=, left=, bottom=, right=} at `index`.
    func insets(at index: Int32, what: String) throws -> EdgeInsets {
        let value: JSONValue
        do { value = try LuaStack.json(L, index, path: what) } catch let e as LuaStack.ConversionError {
            throw LuaHost.moduleError(e.message)
        }
        if value == .array([]) { return .zero }
        do { return try LayoutParameters.insets(from: value, what: what) } catch let e as LayoutError {
            throw LuaHost.moduleError(e.message)
        }
    }

    /// t.inset(layout, insets) and layout:inset(insets).
    static let moduleInset: tb_HostFunction = { L, context in
        hosted(L, context) { host, L in
            let root = try host.layout(at: 1, what: "t.inset: argument #1")
            host.pushLayout(InsetLayout(root, insets: try host.insets(at: 2, what: "t.inset: insets")))
            return 1
        }
    }

    /// t.visibleFrameInset(layout, insets): negative insets preload items outside the viewport.
    static let moduleVisibleFrameInset: tb_HostFunction = { L, context in
        hosted(L, context) { host, L in
            let root = try host.layout(at: 1, what: "t.visibleFrameInset: argument #1")
            host.pushLayout(VisibleFrameInsetLayout(root, insets: try host.insets(at: 2, what: "t.visibleFrameInset: insets")))
            return 1
        }
    }

    /// t.transpose(layout) and layout:transposed().
    static let moduleTranspose: tb_HostFunction = { L, context in
        hosted(L, context) { host, L in
            host.pushLayout(TransposeLayout(try host.layout(at: 1, what: "t.transpose: argument #1")))
            return 1
        }
    }

    /// t.sticky(layout [, isSticky]) and layout:sticky([isSticky]). `isSticky(i)` gets a 1-based
    /// index; the default makes odd Lua indices sticky (headers before their items).
    static let moduleSticky: tb_HostFunction = { L, context in
        hosted(L, context) { host, L in
            let root = try host.layout(at: 1, what: "t.sticky: argument #1")
            switch lua_type(L, 2) {
            case LUA_TNONE, LUA_TNIL:
                host.pushLayout(StickyLayout(root))
            case LUA_TFUNCTION:
                host.pushLayout(LuaStickyLayout(root: root, isSticky: host.reference(at: 2)))
            default:
                throw moduleError("t.sticky: isSticky must be a function of the item index, got \(LuaStack.typeName(L, 2))")
            }
            return 1
        }
    }

    /// t.closure(fn): `fn(i, ctx)` returns x, y, w, h for item i.
    static let moduleClosure: tb_HostFunction = { L, context in
        hosted(L, context) { host, L in
            guard lua_type(L, 1) == LUA_TFUNCTION else {
                throw moduleError("t.closure: argument #1 must be a function(i, ctx) returning x, y, w, h, got \(LuaStack.typeName(L, 1))")
            }
            host.pushLayout(LuaClosure(function: host.reference(at: 1)).layout)
            return 1
        }
    }

    /// t.sections{ sections = ..., layout = arrangement, spacing = 0, default = layout }:
    /// one layout per dataset section; `sections` is a list (by position), a table keyed by
    /// section id, or a function(index, section) returning a layout.
    static let moduleSections: tb_HostFunction = { L, context in
        hosted(L, context) { host, L in
            guard lua_type(L, 1) == LUA_TTABLE else {
                throw moduleError("t.sections takes a table { sections = ..., layout = ..., spacing = ... }, got \(LuaStack.typeName(L, 1))")
            }
            let known: Set<String> = ["sections", "layout", "spacing", "default"]
            lua_pushnil(L)
            while lua_next(L, 1) != 0 {
                let key = LuaStack.string(L, -2)
                tb_pop(L, 1)
                guard let key, known.contains(key) else {
                    tb_pop(L, 1)
                    throw moduleError("t.sections: unknown field '\(key ?? "?")'; known fields: default, layout, sections, spacing")
                }
            }
            var arrangement: (any Layout)?
            if LuaStack.rawField(L, 1, "layout") != LUA_TNIL {
                arrangement = try host.layout(at: -1, what: "t.sections: layout")
            }
            tb_pop(L, 1)
            var fallback: (any Layout)?
            if LuaStack.rawField(L, 1, "default") != LUA_TNIL {
                fallback = try host.layout(at: -1, what: "t.sections: default")
            }
            tb_pop(L, 1)
            var spacing = 0.0
            if LuaStack.rawField(L, 1, "spacing") != LUA_TNIL {
                guard let s = LuaStack.number(L, -1), s.isFinite, s >= 0 else {
                    throw moduleError("t.sections: spacing must be a finite, non-negative number")
                }
                spacing = s
            }
            tb_pop(L, 1)
            let chooser = try host.sectionChooser(at: { LuaStack.rawField(L, 1, "sections") }, fallback: fallback)
            host.pushLayout(SectionsLayout(arrangement: arrangement, spacing: spacing, sectionLayout: chooser))
            return 1
        }
    }

    /// The per-section choice of t.sections, from the value `pushSections` pushes.
    func sectionChooser(at pushSections: () -> Int32, fallback: (any Layout)?) throws
        -> (Int, Dataset.Section?) throws -> any Layout {
        let type = pushSections()
        defer { tb_pop(L, 1) }
        switch type {
        case LUA_TNIL:
            guard let fallback else { throw LuaHost.moduleError("t.sections needs sections = {...} or a default layout") }
            return { _, _ in fallback }
        case LUA_TFUNCTION:
            let function = reference(at: -1)
            return { [weak self] index, section in
                guard let self else { throw LuaHost.moduleError("t.sections: the Lua host was closed") }
                return try self.callSectionFunction(function, index: index, section: section, fallback: fallback)
            }
        case LUA_TTABLE:
            var byPosition: [Int: any Layout] = [:]
            var byID: [String: any Layout] = [:]
            let table = lua_gettop(L)
            lua_pushnil(L)
            while lua_next(L, table) != 0 {
                if let k = LuaStack.integer(L, -2) {
                    byPosition[k] = try layout(at: -1, what: "t.sections: sections[\(k)]")
                } else if let k = LuaStack.string(L, -2) {
                    byID[k] = try layout(at: -1, what: "t.sections: sections.\(k)")
                }
                tb_pop(L, 1)
            }
            let keyedByID = !byID.isEmpty
            return { index, section in
                let id = section?.id.description ?? String(index)
                if let layout = keyedByID ? byID[id] : byPosition[index + 1] { return layout }
                if let fallback { return fallback }
                throw LuaHost.moduleError(keyedByID ? "t.sections has no layout for section '\(id)' and no default"
                                                    : "t.sections has no layout for section \(index + 1) and no default")
            }
        default:
            throw LuaHost.moduleError("t.sections: sections must be a list, a table keyed by section id or a function, got \(LuaStack.typeName(L, -1))")
        }
    }

    func callSectionFunction(_ function: LuaReference, index: Int, section: Dataset.Section?,
                             fallback: (any Layout)?) throws -> any Layout {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        push(function)
        lua_pushinteger(L, lua_Integer(index + 1))
        // The same shape as a `ctx.sections` entry (`first` in the layout t.sections lays out).
        LuaStack.push(L, json: LuaHost.sectionEntry(id: section?.id ?? .int(index), fields: section?.fields ?? [:],
                                                    range: section?.range ?? 0..<0), readOnly: true)
        try protectedCall(arguments: 2, results: 1)
        if lua_type(L, -1) == LUA_TNIL, let fallback { return fallback }
        return try layout(at: -1, what: "the layout t.sections got for section \(index + 1)")
    }

    /// t.distribute(mode, length, total, spacing, count [, rule]) -> offset, spacing, stretch
    /// (CollectionKit's LayoutHelper.distribute; rule "collectionKit" (default) or "css").
    static let moduleDistribute: tb_HostFunction = { L, context in
        hosted(L, context) { host, L in
            guard let modeName = LuaStack.string(L, 1), let mode = AlignContent(rawValue: modeName) else {
                throw moduleError("t.distribute: mode must be one of \(AlignContent.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            var numbers: [Double] = []
            for (slot, name) in [(Int32(2), "length"), (3, "total"), (4, "spacing"), (5, "count")] {
                guard let v = LuaStack.number(L, slot), v.isFinite else {
                    throw moduleError("t.distribute: \(name) must be a finite number, got \(LuaStack.typeName(L, slot))")
                }
                numbers.append(v)
            }
            var rule = DistributionRule.collectionKit
            if lua_type(L, 6) > LUA_TNIL {
                guard let r = LuaStack.string(L, 6).flatMap(DistributionRule.init(rawValue:)) else {
                    throw moduleError("t.distribute: rule must be collectionKit or css")
                }
                rule = r
            }
            let d = distribute(mode, length: numbers[0], total: numbers[1], spacing: numbers[2],
                               count: max(0, Int(numbers[3])), rule: rule)
            lua_pushnumber(L, d.offset)
            lua_pushnumber(L, d.spacing)
            lua_pushnumber(L, d.stretch)
            _ = host
            return 3
        }
    }

    /// t.align(alignment, length, lineStart, lineLength) -> start, length; or
    /// t.align(alignment, sizes, x, spacing, lineStart, lineLength) -> frames, where sizes is
    /// an array of {w, h} and frames of {x, y, w, h} (CollectionKit's alignItem).
    static let moduleAlign: tb_HostFunction = { L, context in
        hosted(L, context) { host, L in
            guard let name = LuaStack.string(L, 1), let alignment = AlignItems(rawValue: name) else {
                throw moduleError("t.align: alignment must be one of \(AlignItems.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            func number(_ slot: Int32, _ what: String) throws -> Double {
                guard let v = LuaStack.number(L, slot), v.isFinite else {
                    throw moduleError("t.align: \(what) must be a finite number, got \(LuaStack.typeName(L, slot))")
                }
                return v
            }
            if lua_type(L, 2) != LUA_TTABLE {
                let (start, length) = align(alignment, length: try number(2, "length"),
                                            lineStart: try number(3, "lineStart"), lineLength: try number(4, "lineLength"))
                lua_pushnumber(L, start)
                lua_pushnumber(L, length)
                return 2
            }
            var sizes: [Size] = []
            let n = Int(lua_rawlen(L, 2))
            for k in stride(from: 1, through: n, by: 1) {
                lua_rawgeti(L, 2, lua_Integer(k))
                defer { tb_pop(L, 1) }
                let positional = lua_rawgeti(L, -1, 1) == LUA_TNUMBER
                tb_pop(L, 1)
                var wh: [Double] = []
                for (index, key) in [(1, "w"), (2, "h")] {
                    if positional { lua_rawgeti(L, -1, lua_Integer(index)) } else { LuaStack.rawField(L, -1, key) }
                    let v = LuaStack.number(L, -1)
                    tb_pop(L, 1)
                    guard let v, v.isFinite, v >= 0 else { throw moduleError("t.align: sizes[\(k)] needs numbers w and h") }
                    wh.append(v)
                }
                sizes.append(Size(width: wh[0], height: wh[1]))
            }
            let frames = align(alignment, sizes: sizes, x: try number(3, "x"), spacing: try number(4, "spacing"),
                               lineStart: try number(5, "lineStart"), lineLength: try number(6, "lineLength"))
            LuaStack.push(L, json: .array(frames.map { .array([.double($0.x), .double($0.y), .double($0.width), .double($0.height)]) }),
                          readOnly: false)
            _ = host
            return 1
        }
    }
}

/// StickyLayout with a Lua predicate: the flags are computed in one Lua call per layout pass
/// (StickyLayout's own predicate cannot throw).
struct LuaStickyLayout: Layout {
    let root: any Layout
    let isSticky: LuaReference

    func layout(_ context: LayoutContext) throws -> any LayoutResult {
        guard let host = isSticky.host else { throw LuaHost.moduleError("t.sticky: the Lua host was closed") }
        let flags = try host.stickyFlags(isSticky, count: context.count)
        return try StickyLayout(root, isSticky: { flags[$0] }).layout(context)
    }
}

extension LuaHost {
    func stickyFlags(_ function: LuaReference, count: Int) throws -> [Bool] {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        pushPrelude("stickyflags")
        push(function)
        lua_pushinteger(L, lua_Integer(count))
        try protectedCall(arguments: 2, results: 1)
        return (0..<count).map { i in
            lua_rawgeti(L, -1, lua_Integer(i + 1))
            defer { tb_pop(L, 1) }
            return lua_toboolean(L, -1) != 0
        }
    }
}

/// t.closure(fn) as TesseraCore's ClosureLayout: one checked call of `fn(i, ctx)` per item,
/// with one `ctx` table per layout pass.
final class LuaClosure {
    let function: LuaReference
    private var ctx: LuaReference?

    init(function: LuaReference) { self.function = function }

    var layout: ClosureLayout {
        ClosureLayout { [self] index, context in try self.frame(index, context) }
    }

    private func frame(_ index: Int, _ context: LayoutContext) throws -> Rect {
        guard let host = function.host else { throw LuaHost.moduleError("t.closure: the Lua host was closed") }
        let L = host.L
        if index == 0 || ctx == nil {   // ClosureLayout asks for items 0, 1, 2, ... per pass
            host.pushContext(context, frames: nil)
            ctx = host.popReference()
        }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        lua_pushcclosure(L, tb_runframe, 0)
        host.push(function)
        lua_pushinteger(L, lua_Integer(index + 1))
        host.push(ctx!)
        lua_pushnil(L)
        try host.protectedCall(arguments: 4, results: 4)
        return Rect(x: lua_tonumberx(L, -4, nil), y: lua_tonumberx(L, -3, nil),
                    width: lua_tonumberx(L, -2, nil), height: lua_tonumberx(L, -1, nil))
    }
}

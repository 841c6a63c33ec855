import CLua
import OrderedCollections
import LuaBridge
import TesseraCore

// The field readers of compositional layout's values (t.item{}, t.section{}, t.boundary{}, ...):
// sizes, insets, spacings, alignments and badge offsets, with their messages.

extension LuaTableArgument {
    func layoutSize(_ key: String, host: LuaHost,
                    default fallback: Compositional.LayoutSize? = Compositional.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))
        throws -> Compositional.LayoutSize {
        try with(key) { top in
            if lua_type(L, top) == LUA_TNIL {
                if let fallback { return fallback }
                throw arguments.error(.field(key), "is required: {width, height}")
            }
            return try host.layoutSize(at: top, .field(key), args: arguments)
        }
    }

    /// Content insets: one value for every edge, or `{top =, leading =, bottom =, trailing =}`;
    /// each value points (a number, as UIKit's insets are: 0.5 is half a point) or a fraction
    /// of the size on its axis as a string `"15%"`.
    func insets(_ key: String) throws -> Compositional.DirectionalEdgeInsets {
        try with(key) { (top: Int32) throws -> Compositional.DirectionalEdgeInsets in
            if lua_type(L, top) == LUA_TNIL { return .zero }
            if lua_type(L, top) != LUA_TTABLE {
                guard let one = insetValue(at: top) else {
                    throw arguments.error(.field(key), at: top, mustBe: "points (a number), a fraction (\"15%\") or {top =, leading =, bottom =, trailing =}",
                                          got: LuaArguments.shownValue(L, top))
                }
                return Compositional.DirectionalEdgeInsets(top: one.value, leading: one.value, bottom: one.value, trailing: one.value,
                                            fractionalEdges: one.fraction ? .all : [])
            }
            let t = try LuaTableArgument.field(arguments, slot: top, name: key)
            try t.rejectUnknownKeys(["top", "leading", "bottom", "trailing"])
            let top = try t.inset("top"), leading = try t.inset("leading")
            let bottom = try t.inset("bottom"), trailing = try t.inset("trailing")
            var fractional: Compositional.DirectionalEdgeInsets.Edges = []
            if top.fraction { fractional.insert(.top) }
            if leading.fraction { fractional.insert(.leading) }
            if bottom.fraction { fractional.insert(.bottom) }
            if trailing.fraction { fractional.insert(.trailing) }
            return Compositional.DirectionalEdgeInsets(top: top.value, leading: leading.value, bottom: bottom.value,
                                        trailing: trailing.value, fractionalEdges: fractional)
        }
    }

    /// One edge of an insets table: 0 when absent.
    private func inset(_ name: String) throws -> (value: Double, fraction: Bool) {
        try with(name) { (slot: Int32) throws -> (value: Double, fraction: Bool) in
            if lua_type(L, slot) == LUA_TNIL { return (0, false) }
            guard let value = insetValue(at: slot) else {
                throw arguments.error(.part(.field(self.name ?? "insets"), ".\(name)"), at: slot, mustBe: "points (a number) or a fraction (\"15%\")", got: LuaArguments.shownValue(L, slot))
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
        throw arguments.error(.field(key), at: top, mustBe: "a non-negative number or t.flexible(n)")
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

    /// The `supplementaries` list of an item or a group: `{kind =, size =, anchor =, itemAnchor =,
    /// offset =, zIndex =}` tables, anchored to their host (the item's cell, the group's frame).
    func supplementaries(host: LuaHost) throws -> [Compositional.ItemSupplementary] {
        var badges: [Compositional.ItemSupplementary] = []
        try list("supplementaries") { top, k in
            let b = try LuaTableArgument.field(arguments, slot: top, name: "supplementaries[\(k)]",
                                               expected: "a table {kind =, size =, anchor =, ...}")
            try b.rejectUnknownKeys(["kind", "size", "anchor", "itemAnchor", "offset", "zIndex"])
            badges.append(Compositional.ItemSupplementary(
                kind: try b.optString("kind") ?? "badge", size: try b.layoutSize("size", host: host, default: nil),
                containerAnchor: try b.alignment("anchor", default: .topTrailing),
                itemAnchor: b.has("itemAnchor") ? try b.alignment("itemAnchor", default: .none) : nil,
                offset: try b.anchorOffset("offset"), zIndex: try b.integer("zIndex", default: 1)))
        }
        return badges
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
                throw arguments.error(.field(key), "must be {x, y} in points or {\"x%\", \"y%\"} of the supplementary's size")
            }
            return .fractional(Point(x: x, y: y))
        }
    }
}

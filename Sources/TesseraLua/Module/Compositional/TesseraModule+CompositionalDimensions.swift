import CLua
import OrderedCollections
import LuaBridge
import TesseraCore

// The values a compositional size is made of: t.fw(f), t.fh(f), t.estimated(n),
// t.uniformAcrossSiblings(n), t.flexible(n),
// and the {width, height} pairs built from them, numbers and percentages.

extension TesseraModule {
    static let moduleFractionalWidth: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            try host.pushPart(.dimension(.fractionalWidth(try args.number(1, "fraction", .nonNegative))), args); return 1
        }
    }
    static let moduleFractionalHeight: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            try host.pushPart(.dimension(.fractionalHeight(try args.number(1, "fraction", .nonNegative))), args); return 1
        }
    }
    static let moduleEstimated: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            try host.pushPart(.dimension(.estimated(try args.number(1, "estimate", .nonNegative))), args); return 1
        }
    }
    static let moduleUniformAcrossSiblings: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            try host.pushPart(.dimension(.uniformAcrossSiblings(estimate: try args.number(1, "estimate", .nonNegative))), args); return 1
        }
    }
    static let moduleFlexible: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            try host.pushPart(.flexible(try args.number(1, "minimum", .nonNegative)), args); return 1
        }
    }
}

extension LuaHost {
    /// A `{width, height}` size at `index`.
    func layoutSize(at index: Int32, _ subject: LuaArguments.Subject, args: LuaArguments) throws -> Compositional.LayoutSize {
        let index = lua_absindex(L, index)
        let expected = "{width, height}, each a non-negative number, a percentage like \"50%\", t.fw(f), t.fh(f), t.estimated(n) or t.uniformAcrossSiblings(n)"
        guard lua_type(L, index) == LUA_TTABLE, tb_rawlen(L, index) == 2 else {
            throw args.error(subject, at: index, mustBe: expected, numeric: false)
        }
        func dimension(_ k: Int, _ axis: Axis) throws -> Compositional.Dimension {
            tb_rawgeti(L, index, lua_Integer(k))
            defer { tb_pop(L, 1) }
            if let v = LuaStack.number(L, -1), v.isFinite, v >= 0 { return .absolute(v) }
            if let s = LuaStack.string(L, -1), s.hasSuffix("%"), let f = Double(s.dropLast()), f.isFinite, f >= 0 {
                return axis == .horizontal ? .fractionalWidth(f / 100) : .fractionalHeight(f / 100)
            }
            if case .dimension(let d)? = part(at: -1) { return d }
            throw args.error(.part(subject, "[\(k)]"), at: -1, mustBe: "a non-negative number, a percentage like \"50%\", t.fw(f), t.fh(f), t.estimated(n) or t.uniformAcrossSiblings(n)",
                             got: LuaArguments.shownValue(L, -1))
        }
        return Compositional.LayoutSize(width: try dimension(1, .horizontal), height: try dimension(2, .vertical))
    }
}

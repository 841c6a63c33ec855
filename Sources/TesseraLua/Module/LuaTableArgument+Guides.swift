import CLua
import LuaBridge
import TesseraCore

extension LuaTableArgument {
    /// The viewport's guides from the fields `safeArea` and `layoutMargins` (a length, or
    /// `{top =, left =, bottom =, right =}`, missing edges 0) and `readableWidth` (a length), as
    /// `--safe-area` and its siblings give them (t.run, t.engine, the REPL's run, e.guides =);
    /// `base`'s where absent (zero unless given). Throws at the first that is not finite and non-negative, naming it ("field
    /// 'safeArea.left' must be ..."; in a table that is itself a field, under its name: "field
    /// 'guides.safeArea.left'").
    func guides(over base: ViewportGuides = .zero) throws -> ViewportGuides {
        ViewportGuides(safeArea: try guideInsets("safeArea", absent: base.safeArea),
                       layoutMargins: try guideInsets("layoutMargins", absent: base.layoutMargins),
                       readableWidth: try with("readableWidth") { top in
                           if lua_type(L, top) == LUA_TNIL { return base.readableWidth }
                           guard let v = LuaStack.number(L, top), NumberRule.nonNegative.accepts(v) else {
                               throw arguments.error(.field(guidePath("readableWidth")), at: top, mustBe: NumberRule.nonNegative.description)
                           }
                           return v
                       })
    }

    /// The fields `guides()` reads, for an options table's known keys.
    static let guideFields = ["safeArea", "layoutMargins", "readableWidth"]

    /// How messages name field `key` of this table: under the table's own name when it is a field.
    private func guidePath(_ key: String) -> String { isField ? "\(name ?? "?").\(key)" : key }

    /// The insets of field `key`: one length for every edge, or a table of edges; `absent` when nil.
    private func guideInsets(_ key: String, absent: EdgeInsets) throws -> EdgeInsets {
        let path = guidePath(key)
        return try with(key) { slot in
            switch lua_type(L, slot) {
            case LUA_TNIL:
                return absent
            case LUA_TNUMBER:
                let v = LuaStack.number(L, slot) ?? .nan
                guard NumberRule.nonNegative.accepts(v) else { throw arguments.error(.field(path), at: slot, mustBe: Self.insetsExpectation) }
                return EdgeInsets(all: v)
            case LUA_TTABLE:
                let table = try LuaTableArgument.field(arguments, slot: slot, name: path)
                try table.rejectUnknownKeys(["top", "left", "bottom", "right"])
                func edge(_ name: String) throws -> Double {
                    try table.with(name) { top in
                        if lua_type(L, top) == LUA_TNIL { return 0 }
                        guard let v = LuaStack.number(L, top), NumberRule.nonNegative.accepts(v) else {
                            throw arguments.error(.field("\(path).\(name)"), at: top, mustBe: NumberRule.nonNegative.description)
                        }
                        return v
                    }
                }
                return EdgeInsets(top: try edge("top"), left: try edge("left"), bottom: try edge("bottom"), right: try edge("right"))
            default:
                throw arguments.error(.field(path), at: slot, mustBe: Self.insetsExpectation, numeric: false)
            }
        }
    }

    static let insetsExpectation = "a non-negative length or a table {top =, left =, bottom =, right =}"
}

import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

// An engine's `guides` field: read as a table in the shape t.engine{} takes them, assigned
// from one (which relayouts the engine at its next pass, as `CollectionEngine.guides` does).

extension LuaHost {
    /// Pushes `guides` as `{safeArea = {top =, left =, bottom =, right =}, layoutMargins = {...},
    /// readableWidth = w}` (no `readableWidth` when there is no limit): a new plain table, so
    /// changing it changes nothing until it is assigned back.
    func pushGuides(_ guides: ViewportGuides) {
        func edges(_ insets: EdgeInsets) -> JSONValue {
            .object(["top": .double(insets.top), "left": .double(insets.left), "bottom": .double(insets.bottom),
                     "right": .double(insets.right)])
        }
        var fields: OrderedDictionary<String, JSONValue> = ["safeArea": edges(guides.safeArea), "layoutMargins": edges(guides.layoutMargins)]
        if let width = guides.readableWidth { fields["readableWidth"] = .double(width) }
        LuaStack.push(L, json: .object(fields), readOnly: false)
    }

    /// `e.guides = value`: a table of the guides t.engine{} takes (absent ones zero), or nil for
    /// none. Throws "engine: field 'guides.safeArea.left' must be ..." and the like.
    func setEngineGuides(_ box: EngineBox, at slot: Int32) throws {
        let args = LuaArguments(L, function: "engine")
        if lua_type(L, slot) == LUA_TNIL {
            box.engine.guides = .zero
            return
        }
        let table = try args.table(field: "guides", at: slot,
                                   expected: "a table like {safeArea = {top = 47, bottom = 34}, layoutMargins = 16, readableWidth = 672}")
        try table.rejectUnknownKeys(LuaTableArgument.guideFields)
        box.engine.guides = try table.guides()
    }
}

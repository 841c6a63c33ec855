import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

extension TesseraModule {
    /// t.split{...}: the split layout. Plain values are read as the built-in `split`'s
    /// parameters (the same code path as `--param`); these may also be Lua functions, called
    /// once per section (or per layout for the ratio) on every layout pass:
    /// `side(index, section)` → "left" | "right", `sections(index, section)` → a table of
    /// overrides or nil, `header`/`footer(index, section)` → a height, `{height =, pinned =}` or
    /// nil, `leftSideRatio(viewportWidth)` → a number from 0 to 1.
    static let moduleSplit: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            let options = try args.table(1, "options", known: splitOptionNames)
            var params: OrderedDictionary<String, JSONValue> = [:]
            var functions: [String: LuaReference] = [:]
            lua_pushnil(L)
            while tb_next(L, options.slot) != 0 {
                let key = LuaStack.string(L!, -2) ?? ""
                if lua_type(L, -1) == LUA_TFUNCTION && splitFunctionNames.contains(key) {
                    functions[key] = host.reference(at: -1)
                } else {
                    do { params[key] = try LuaStack.json(L!, -1, path: "t.split: field \(LuaArguments.quoted(key))") } catch let e as LuaStack.ConversionError {
                        tb_pop(L, 2)
                        throw LuaArguments.relayed(e.message)
                    }
                }
                tb_pop(L, 1)
            }
            var layout: SplitLayout
            do {
                var p = LayoutParameters(layoutName: "split", values: params, style: TesseraModule.fieldStyle)
                layout = try SplitLayout(parameters: &p)
                try p.finish()
            } catch let e as LayoutError { throw args.relayed(e.message) }
            if let f = functions["leftSideRatio"] {
                layout.leftSideRatio = { [weakHost = WeakHost(host)] width in
                    guard let host = weakHost.host else { throw LuaArguments.hostClosed("t.split") }
                    return try host.callSplitFunction(f, "leftSideRatio", width: width) { L in
                        guard let n = LuaStack.number(L, -1), n >= 0, n <= 1 else { return nil }
                        return n
                    }
                }
            }
            if let f = functions["side"] {
                layout.side = { [weakHost = WeakHost(host)] index, section in
                    guard let host = weakHost.host else { throw LuaArguments.hostClosed("t.split") }
                    return try host.callSplitFunction(f, "side", index: index, section: section, expected: "\"left\" or \"right\"") { value, _ in
                        value.string.flatMap(SplitSide.init(rawValue:))
                    }
                }
            }
            if let f = functions["sections"] {
                layout.sectionOverrides = { [weakHost = WeakHost(host)] index, section in
                    guard let host = weakHost.host else { throw LuaArguments.hostClosed("t.split") }
                    return try host.callSplitFunction(f, "sections", index: index, section: section, expected: "a table of overrides or nil",
                                                      nilValue: SplitSectionOverrides()) { value, what in
                        try SplitLayout.overrides(value, what)
                    }
                }
            }
            for key in ["header", "footer"] {
                guard let f = functions[key] else { continue }
                let boundary: @Sendable (Int, Dataset.Section) throws -> SectionBoundary? = { [weakHost = WeakHost(host)] index, section in
                    guard let host = weakHost.host else { throw LuaArguments.hostClosed("t.split") }
                    return try host.callSplitFunction(f, key, index: index, section: section, expected: "a height, {height =, pinned =} or nil",
                                                      nilValue: Optional<SectionBoundary>.none) { value, what in
                        try SplitLayout.boundary(value, what)
                    }
                }
                if key == "header" { layout.header = boundary } else { layout.footer = boundary }
            }
            host.pushLayout(layout, name: "split")
            return 1
        }
    }

    static let splitFunctionNames: Set<String> = ["leftSideRatio", "side", "sections", "header", "footer", "itemSize"]
    static let splitOptionNames = ["leftSideRatio", "splitSpacing", "minimumInterItemSpacing", "minimumItemLineSpacing",
                                   "sectionInset", "isNormalizingLineHeight", "pinHeaders", "hideCollapsedSections",
                                   "side", "sections", "header", "footer", "itemSize"]
}

extension LuaHost {
    /// Calls a t.split per-section function with `(index, section)` and reads its result as
    /// JSON through `read`; nil gives `nilValue` when one is allowed. A result found wanting
    /// is blamed on the line that defines the function.
    func callSplitFunction<T>(_ function: LuaReference, _ key: String, index: Int, section: Dataset.Section,
                              expected: String, nilValue: T? = nil,
                              read: (JSONValue, String) throws -> T?) throws -> T {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        try callWithSection(function, index: index, section: section)
        if lua_type(L, -1) == LUA_TNIL, let nilValue { return nilValue }
        return try blamingDefinition(of: function) {
            let what = "t.split: the \(key) function's result for section \(index + 1)"
            let value: JSONValue
            do { value = try LuaStack.json(L, -1, path: what) } catch let e as LuaStack.ConversionError { throw LuaArguments.relayed(e.message) }
            let parsed: T?
            do { parsed = try read(value, what) } catch let e as LayoutError { throw LuaArguments.relayed(e.message) }
            guard let parsed else {
                throw LuaArguments.returned("t.split", key, for: "section \(index + 1)", mustBe: expected, got: value.briefDescription)
            }
            return parsed
        }
    }

    /// Calls `leftSideRatio(viewportWidth)`.
    func callSplitFunction(_ function: LuaReference, _ key: String, width: Double, read: (OpaquePointer) -> Double?) throws -> Double {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        push(function)
        lua_pushnumber(L, width)
        try protectedCall(arguments: 1, results: 1)
        return try blamingDefinition(of: function) {
            guard let n = read(L) else {
                throw LuaArguments.returned("t.split", key, for: "viewport width \(LuaHost.numberText(width))", mustBe: "a number from 0 to 1",
                                              got: LuaArguments.numberText(L, -1) ?? LuaStack.typeName(L, -1))
            }
            return n
        }
    }
}

import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

/// One loaded version of a layout: what a script returned, with its functions pinned in the
/// registry. Immutable; a reload makes a new version.
///
/// Holds its host weakly: versions live inside Lua too (in layout userdata), and a strong
/// reference there would keep the host alive through its own registry.
final class ScriptVersion {
    enum Form {
        /// `simpleLayout(ctx, params)` computes every frame.
        case simple
        /// `frame(i)` and `visible(x, y, w, h)`, optionally `layout(ctx, params)`.
        case analytic
        /// A layout built with `t.*` (a native layout or a decorator tree).
        case native(any Layout, origin: String)
        /// `build(params)` returns a `t.*` layout for the resolved params, on every pass.
        case built
    }

    weak var host: LuaHost?
    let form: Form
    /// `name` from the script, else its file name without `.lua`.
    let name: String
    /// The file the script came from, as messages name it.
    let source: String
    /// The source text the script was compiled from (nil for a table no file chunk made), where
    /// messages find the line of a params entry.
    let text: [UInt8]?
    /// Parameter defaults (`params = {...}`), keys sorted.
    let defaults: OrderedDictionary<String, JSONValue>
    /// The values some params allow (`choices = {...}`, `ParamChoices`), keys sorted.
    let choices: OrderedDictionary<String, [JSONValue]>
    /// The params entries of `text` that are nil, which Lua drops, by name: their "file:line".
    let nilEntries: [String: String]
    let table: Int32, simpleLayout: Int32, frame: Int32, visible: Int32, layoutFunction: Int32, size: Int32, build: Int32

    init(host: LuaHost, form: Form, name: String, source: String, text: [UInt8]? = nil, defaults: OrderedDictionary<String, JSONValue>,
         choices: OrderedDictionary<String, [JSONValue]> = [:], refs: [String: Int32] = [:]) {
        self.host = host
        self.form = form
        self.name = name
        self.source = source
        self.text = text
        self.defaults = defaults
        self.choices = choices
        nilEntries = TableEntryLine.nilEntries(in: text, file: source, declared: defaults.keys)
        table = refs["table"] ?? LUA_NOREF
        simpleLayout = refs["simpleLayout"] ?? LUA_NOREF
        frame = refs["frame"] ?? LUA_NOREF
        visible = refs["visible"] ?? LUA_NOREF
        layoutFunction = refs["layout"] ?? LUA_NOREF
        size = refs["size"] ?? LUA_NOREF
        build = refs["build"] ?? LUA_NOREF
    }

    deinit {
        guard let host else { return }
        for ref in [table, simpleLayout, frame, visible, layoutFunction, size, build] where ref != LUA_NOREF {
            host.unref(ref)
        }
    }

    /// The defaults with `overrides` applied, each override typed like its default: numbers
    /// for numbers, `true`/`false` for booleans, strings (numbers are spelled out) for strings,
    /// arrays or objects for tables; a param with `choices` takes only one of them. O(params).
    /// - Throws: `LuaScriptError` (`.script`) for an unknown name, listing the known ones, a
    ///   value of the wrong type or one not among the param's choices.
    func resolve(_ overrides: OrderedDictionary<String, JSONValue>) throws -> OrderedDictionary<String, JSONValue> {
        if case .native = form, let key = overrides.keys.first {
            throw LuaArguments.statement("\(source): param \(LuaArguments.quoted(key))", "is unknown; the script returns a built-in layout, which takes its params in the script (return { params = {...}, build = function(p) ... end } to declare some)", file: source)
        }
        return try ScriptVersion.resolve(overrides, defaults: defaults, choices: choices, source: source, text: text)
    }

    /// `defaults` with `overrides` applied, each typed like its default (see `resolve(_:)`);
    /// shared by layout and animator scripts. `text` is the source the script at `source` was
    /// compiled from, for the line of a params entry. O(params).
    static func resolve(_ overrides: OrderedDictionary<String, JSONValue>, defaults: OrderedDictionary<String, JSONValue>,
                        choices: OrderedDictionary<String, [JSONValue]> = [:],
                        source: String, text: [UInt8]?) throws -> OrderedDictionary<String, JSONValue> {
        do { return try ParameterDefaults.resolve(overrides, defaults: defaults, choices: choices, source: source) }
        catch let error as LayoutError {
            // Named at the params entry the override was checked against (the `params = {`
            // line for an unknown name): the same check again, with the line in its source.
            var key: String?
            if case .invalidParameter(let name, _, _, _, _, _) = error { key = name }
            if case .unknownScriptParameter(let name, _, _) = error, let text,
               let line = TableEntryLine.entryLine(in: text, table: "params", key: name) {
                throw LuaHost.nilDefault(name, at: "\(source):\(line)", file: source)
            }
            let place = TableEntryLine.place(source, text: text, table: "params", key: key)
            do { _ = try ParameterDefaults.resolve(overrides, defaults: defaults, choices: choices, source: place) }
            catch let placed as LayoutError { throw LuaArguments.relayed(placed.message, file: source) }
            throw LuaArguments.relayed(error.message, file: source)
        }
    }
}

extension LuaHost {
    /// Reads the layout at `index`: a `t.*` value, or a script table with `simpleLayout`, or
    /// `frame` and `visible`. A table without them, falls back to those globals in `environment`
    /// (river-style scripts). `source` names the file in messages; nil takes it from the
    /// functions' debug information.
    func scriptVersion(at index: Int32, source: String?, environment: LuaReference? = nil) throws -> ScriptVersion {
        let index = lua_absindex(L, index)
        if let boxed = box(at: index, meta: layoutMetaRef, as: LayoutBox.self) {
            // A file's layout is named as its script would be: by the file.
            return ScriptVersion(host: self, form: .native(boxed.layout, origin: boxed.origin), name: source.map(LuaHost.scriptName(fromPath:)) ?? boxed.name,
                                 source: source ?? "<layout>", defaults: [:])
        }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let table: Int32
        if lua_type(L, index) == LUA_TTABLE {
            table = index
        } else if lua_type(L, index) == LUA_TNIL, let environment {
            push(environment)
            table = lua_gettop(L)
        } else {
            throw LuaArguments.mismatch("\(source ?? "<layout>"): the script's result", mustBe: LuaHost.layoutShape, got: LuaStack.typeName(L, index))
        }
        var functions: [String: Int32] = [:]   // stack slots of the functions found
        for key in LuaHost.hookNames {
            let type = LuaStack.rawField(L, table, key)
            if type == LUA_TFUNCTION {
                functions[key] = lua_gettop(L)
            } else if type != LUA_TNIL {
                throw LuaArguments(L, function: source ?? "<layout>").error(.field(key), at: -1, mustBe: "a function", numeric: false)
            }
        }
        let file = source ?? functions.values.lazy.compactMap { self.definitionSource(at: $0) }.first ?? "<layout>"
        let text = loadedSources[file]
        let form: ScriptVersion.Form
        if functions["simpleLayout"] != nil {
            form = .simple
        } else if functions["frame"] != nil {
            guard functions["visible"] != nil else {
                let needs = "an analytic layout needs visible(x, y, w, h) next to frame(i)"
                throw misspeltHook(in: table, file: file, then: needs) ?? LuaArguments.statement("\(file):", needs, file: file)
            }
            form = .analytic
        } else if functions["build"] != nil {
            form = .built
        } else if lua_type(L, index) == LUA_TNIL {
            throw LuaHost.nothingReturned(file, text: text)
        } else {
            throw misspeltHook(in: table, file: file, then: "the script's result must be " + LuaHost.layoutShape, alone: true)
                ?? LuaArguments.mismatch("\(file): the script's result", mustBe: LuaHost.layoutShape, got: "a table without them", file: file)
        }

        var defaults: OrderedDictionary<String, JSONValue> = [:]
        let paramsType = LuaStack.rawField(L, table, "params")
        if paramsType == LUA_TTABLE {
            let json: JSONValue
            do { json = try LuaStack.json(L, -1, path: "params") } catch let e as LuaStack.ConversionError {
                throw LuaArguments.relayed("\(file): \(e.message)", file: file)
            }
            switch json {
            case .object(let o): defaults = o
            case .array(let a) where a.isEmpty: break
            default: throw LuaArguments(L, function: file, file: file).error(.field("params"), "must be a table of named defaults, like { columns = 2 }")
            }
        } else if paramsType != LUA_TNIL {
            throw LuaArguments(L, function: file, file: file).error(.field("params"), at: -1, mustBe: "a table of named defaults", numeric: false)
        }
        tb_pop(L, 1)

        var choices: OrderedDictionary<String, [JSONValue]> = [:]
        if LuaStack.rawField(L, table, "choices") != LUA_TNIL {
            let json: JSONValue
            do { json = try LuaStack.json(L, -1, path: "choices") } catch let e as LuaStack.ConversionError {
                throw LuaArguments.relayed("\(file): \(e.message)", file: file)
            }
            choices = try ParamChoices.read(json, defaults: defaults, file: file, text: text)
        }
        tb_pop(L, 1)

        var name = LuaHost.scriptName(fromPath: file)
        if LuaStack.rawField(L, table, "name") == LUA_TSTRING, let n = LuaStack.string(L, -1) { name = n }
        tb_pop(L, 1)

        var refs: [String: Int32] = [:]
        for (key, slot) in functions {
            lua_pushvalue(L, slot)
            refs[key] = luaL_ref(L, LuaStack.registry)
        }
        if table == index { adoptScriptTable(at: table) }   // not a river-style environment
        lua_pushvalue(L, table)
        refs["table"] = luaL_ref(L, LuaStack.registry)
        return ScriptVersion(host: self, form: form, name: name, source: file, text: text, defaults: defaults, choices: choices, refs: refs)
    }

    static let hookNames = ["simpleLayout", "frame", "visible", "layout", "size", "build"]

    /// "file:2: field 'simplelayout' is unknown (did you mean simpleLayout?); <then>" for the
    /// function field of the table at `table` whose name is closest to a hook's (the first by
    /// name among equals), at the line that defines it; nil when no field's name is close to one.
    /// `alone`: the table has no hook that places items, so a hook that only helps one (layout,
    /// size, visible) is followed by what it needs beside it, not `then`: renaming the field
    /// alone would still be no layout. O(fields).
    func misspeltHook(in table: Int32, file: String, then: String, alone: Bool = false) -> LuaScriptError? {
        var found: (key: String, hook: String, line: Int)?
        lua_pushnil(L)
        while tb_next(L, table) != 0 {
            if lua_type(L, -1) == LUA_TFUNCTION, let key = LuaStack.string(L, -2), !LuaHost.hookNames.contains(key),
               found.map({ key < $0.key }) ?? true, let hook = DidYouMean.suggestion(for: key, among: LuaHost.hookNames) {
                found = (key, hook, definition(at: -1)?.line ?? 0)
            }
            tb_pop(L, 1)
        }
        guard let found else { return nil }
        let place = found.line > 0 ? "\(file):\(found.line)" : file
        let next = alone ? LuaHost.helperHooks[found.hook] ?? then : then
        return LuaArguments(L, function: place, file: file).error(.field(found.key), "is unknown (did you mean \(found.hook)?); \(next)")
    }

    /// The hooks that make no layout alone, with what they need beside them.
    static let helperHooks = [
        "layout": "layout(ctx, params) alone is no layout: it returns the content size, beside simpleLayout(ctx, params) or beside frame(i) and visible(x, y, w, h); to place every item in one function, name it simpleLayout",
        "size": "size(item, pw, ph, i) alone is no layout: it sizes the items for simpleLayout(ctx, params), for frame(i) and visible(x, y, w, h), or for build(params), which place them",
        "visible": "visible(x, y, w, h) alone is no layout: an analytic layout has frame(i) beside it",
    ]

    /// What a layout script must return, for "file: the script's result must be <this>, got ...".
    static let layoutShape = "a layout: a table with simpleLayout(ctx, params), or with frame(i) and visible(x, y, w, h), or with build(params) returning a t.* layout, or a value built with the tessera module (t.waterfall{...})"

    /// "file:LAST: the script returned nothing; end it with `return <table>`": a layout or
    /// animator file whose result is nil, placed at the last line of `text` (the source it was
    /// compiled from), where the `return` belongs. O(size of the text), only when raised.
    static func nothingReturned(_ file: String, text: [UInt8]?) -> LuaScriptError {
        let last = text.flatMap(lastLine)
        return LuaArguments.statement(last.map { "\(file):\($0):" } ?? "\(file):", "the script returned nothing; end it with `return <table>`", file: file)
    }

    /// "file:LINE: params has no 'columns': its entry is nil, ...": an override of a param whose
    /// entry in `params = {...}` is there in the source but nil, which Lua drops, so the
    /// script declares no such param; worded as reading the name is (TB_PARAMSNILWHY).
    /// `place` is the entry's "file:line".
    static func nilDefault(_ key: String, at place: String, file: String) -> LuaScriptError {
        LuaArguments.statement("\(place): params", "has no \(LuaArguments.quoted(key)): its entry \(TB_PARAMSNILWHY)", file: file)
    }

    /// The 1-based number of the last line of `source` with more than blanks on it, or nil
    /// when there is none. O(source).
    static func lastLine(_ source: [UInt8]) -> Int? {
        var line = 1, last: Int?
        for byte in source {
            if byte == UInt8(ascii: "\n") { line += 1 }
            else if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\r") { last = line }
        }
        return last
    }

    /// What a `build(params)` that returned nothing got, with its usual cause: a `return` left out
    /// before the `t.*` call.
    static let buildReturnedNothing = "nil (build returns nothing: return the layout it makes)"

    /// The layout at `index`, for decorators: a `t.*` value or a script table (with its
    /// default params). - Throws: `LuaScriptError` naming `what` (e.g. "t.inset: argument #1").
    func layout(at index: Int32, what: String) throws -> any Layout {
        if let boxed = box(at: index, meta: layoutMetaRef, as: LayoutBox.self) {
            guard boxed.depth < LuaHost.maxLayoutNesting else {
                throw LuaArguments.statement(what, "is already nested \(NumberText.counted(boxed.depth, "layout")) deep; at most \(NumberText.grouped(LuaHost.maxLayoutNesting)) levels are allowed")
            }
            deepestLayoutRead = max(deepestLayoutRead, boxed.depth)
            return boxed.layout
        }
        guard lua_type(L, index) == LUA_TTABLE else {
            throw LuaArguments.mismatch(what, mustBe: LuaArguments.layoutExpectation, got: LuaStack.typeName(L, index))
        }
        let version = try scriptVersion(at: index, source: nil)
        return ScriptedLayout(version: version)
    }
}

extension LuaHost {
    /// "layouts/waterfall.lua" -> "waterfall".
    static func scriptName(fromPath path: String) -> String {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        return last.hasSuffix(".lua") ? String(last.dropLast(4)) : last
    }
}

import CLua
import LuaBridge
import TesseraCore

/// The messages of the check family (`LuaArguments`): every error a host function, a `ctx`
/// method, the REPL's built-ins, an animator or a script table raises is built here, in
/// lauxlib's shape:
///
///     t.inset: argument #2 (insets) must be a number or a table {...}, got string
///     engine: field 'offest' is unknown (did you mean offset?); known fields: ...
///     t.sections: the header function's result for section 2 must be a table ..., got number
///     t.split: the Lua host was closed
///
/// Members that take a call's arguments name the function as the caller did; the static ones
/// serve checks made where no call is running (a callback's result at layout time, a script
/// table read by the host) and take the name of the function or file they report on.
extension LuaArguments {
    /// What a message says the value at `slot` is: its type name (`string`, `nil`, `no value`),
    /// or for a number where a number was expected, its text (`-5`, `nan`), as the bridge's
    /// `tb_pushvaluetext`.
    func describe(_ slot: Int32, numeric: Bool = true) -> String {
        (numeric ? Self.numberText(L, slot) : nil) ?? LuaStack.typeName(L, slot)
    }

    /// [-0, +0] The number at `slot` as messages print it, or nil for another value: an integer
    /// as Lua writes it (a double would round 2^63 - 1 to 9.2233720368548e+18), a float as the
    /// bridge prints it (`LuaHost.numberText`).
    static func numberText(_ L: OpaquePointer, _ slot: Int32) -> String? {
        if lua_isinteger(L, slot) != 0 { return String(lua_tointegerx(L, slot, nil)) }
        return LuaStack.number(L, slot).map(LuaHost.numberText)
    }

    /// The value at `slot` as a message shows it: a number, a quoted string (cut as every
    /// message cuts a user's text), else its type.
    static func shownValue(_ L: OpaquePointer, _ slot: Int32) -> String {
        numberText(L, slot) ?? LuaStack.string(L, slot).map(quoted) ?? LuaStack.typeName(L, slot)
    }

    /// [-0, +0] The first `count` entries of the table at `slot` as a message shows them:
    /// `{a, 10, nil}` (numbers as `numberText` prints them, strings bare), or the value's type when
    /// it is not a table. O(count).
    static func shownEntries(_ L: OpaquePointer, _ slot: Int32, count: Int) -> String {
        guard lua_type(L, slot) == LUA_TTABLE else { return LuaStack.typeName(L, slot) }
        let parts = (1...max(count, 1)).map { k -> String in
            tb_rawgeti(L, slot, lua_Integer(k))
            defer { tb_pop(L, 1) }
            return numberText(L, -1) ?? LuaStack.string(L, -1) ?? LuaStack.typeName(L, -1)
        }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    /// [-0, +0] A list where a pair was wanted, as a message shows it: its entries (at least two,
    /// at most four: `{375, -1}`, `{1, 2, 3}`), or the value's type when it is not a table.
    static func shownList(_ L: OpaquePointer, _ slot: Int32) -> String {
        shownEntries(L, slot, count: min(max(Int(tb_rawlen(L, slot)), 2), 4))
    }

    /// A script's name or text in single quotes, cut after its first characters as
    /// `describeIdentifier` cuts one (`'aaaa…… (1048576 characters)'`), so a 1 MB field name makes
    /// no 1 MB message. O(length of the text).
    static func quoted(_ text: String) -> String { "'\(shortenedForMessage(text))'" }

    /// What a message is about: argument #n (named), `self` (a method's slot 1), a field of
    /// a table argument or of a value being assigned (`field 'size'`, `field 'view[2].size'`),
    /// or a value named by its place in Lua terms where no argument number reads well
    /// (`old[3].id`, `new.sections`, `layout 'grid.lua'`).
    enum Subject {
        case argument(Int32, String?)
        case field(String)
        case path(String)
        /// A part of an argument or field: `.part(.argument(2, "from"), "[3].id")` is
        /// "argument #2 (from)[3].id", `.part(.field("size"), "[1]")` is "field 'size'[1]".
        indirect case part(Subject, String)
    }

    /// "argument #2 (length)", "self", "field 'size'".
    func label(_ subject: Subject) -> String {
        switch subject {
        case .argument(let slot, let name):
            position(slot) == 0 ? "self" : "argument #\(position(slot))" + (name.map { " (\($0))" } ?? "")
        case .field(let key): "field \(LuaArguments.quoted(key))"
        case .path(let path): path
        case .part(let whole, let path): label(whole) + path
        }
    }

    /// "fn: <subject> must be <expected>, got <value at slot>" (`got` defaults to `describe`),
    /// then `hint`, which defaults, for an argument of a ctx method given nil, to the bridge's
    /// (`tb_nilhint`: a variable never set, or an item field misspelt or missing, reads as nil). A caller that knows the cause better
    /// passes its own, so a message carries one hint.
    func error(_ subject: Subject, at slot: Int32, mustBe expected: String, got: String? = nil,
               numeric: Bool = true, hint: String? = nil) -> LuaScriptError {
        var hint = hint
        if hint == nil, case .argument = subject { hint = String(cString: tb_nilhint(L, slot, function)) }
        return LuaArguments.failure("\(function): \(label(subject)) must be \(expected), got \(got ?? describe(slot, numeric: numeric))\(hint ?? "")", file: file)
    }

    /// `error` for an index outside `first...last`: "must be an item index in 1..3, got 4". With
    /// nothing to index (`last < first`) there is no range to give ("in 1..0"): `empty` says why
    /// ("must be an item index, got 1 (the data is empty: no index names one)").
    func indexError(_ subject: Subject, at slot: Int32, _ what: String, first: Int, last: Int, empty: String,
                    got: String? = nil) -> LuaScriptError {
        guard last < first else { return error(subject, at: slot, mustBe: "\(what) in \(first)..\(last)", got: got) }
        return error(subject, at: slot, mustBe: what, got: got, hint: " (\(empty): no index names one)")
    }

    /// "fn: argument #n (name) must be <expected>, got <value>" (`got` defaults to `describe`).
    func error(_ slot: Int32, _ name: String?, mustBe expected: String, got: String? = nil) -> LuaScriptError {
        error(.argument(slot, name), at: slot, mustBe: expected, got: got)
    }

    /// "fn: <subject> <statement>", for what is not a type mismatch (a cycle, a missing field).
    func error(_ subject: Subject, _ statement: String) -> LuaScriptError {
        LuaArguments.failure("\(function): \(label(subject)) \(statement)", file: file)
    }

    /// The error every message of this family becomes: a script error raised at the caller's
    /// line. Private: every message is built by one of the members above or below.
    fileprivate static func failure(_ message: String, file: String? = nil) -> LuaScriptError {
        LuaScriptError(.script, message: message, file: file)
    }

    /// "fn: field 'k' is unknown (did you mean x?); known fields: a, b": a value (ctx, an
    /// engine, a provider) read or written by a name it lacks. O(known × name length²).
    func unknownField(_ key: String, known: [String]) -> LuaScriptError {
        error(.field(key), "is unknown\(DidYouMean.hint(for: key, among: known)); known fields: \(known.joined(separator: ", "))")
    }

    /// "fn: fn is only available in test files": `t.run` called outside `tessera test`.
    func onlyInTestFiles() -> LuaScriptError {
        LuaArguments.failure("\(function): \(function) is only available in test files", file: file)
    }

    /// "fn: <what> is outside the project (roots); tests read only files inside it: ...", with
    /// the way out of the usual slip, tests run from a folder below the data's.
    func outsideProject(_ what: String, roots: [String]) -> LuaScriptError {
        error(.path(what), "is outside the project (\(roots.joined(separator: ", "))); tests read only files inside it: run tessera test from a folder that holds both")
    }

    /// "fn: no picture renderer is set (LuaHost.pictures)": `e:show()` or `r:show()` on a
    /// host without one.
    func noPictureRenderer() -> LuaScriptError {
        LuaArguments.failure("\(function): no picture renderer is set (LuaHost.pictures)", file: file)
    }

    /// "fn: <what> would need about N MB, more than the memory limit leaves; use <instead>".
    func tooLarge(_ what: String, megabytes: Int, instead: String) -> LuaScriptError {
        error(.path(what), "would need about \(NumberText.grouped(megabytes)) MB, more than the memory limit leaves; use \(instead)")
    }

    /// "fn: the value would be nested N levels deep; at most M levels are allowed (...)": a value
    /// built from values already at the nesting limit.
    func nestedTooDeep(_ depth: Int) -> LuaScriptError {
        LuaArguments.failure("\(function): the value would be nested \(NumberText.counted(depth, "level")) deep; at most \(NumberText.grouped(LuaHost.maxLayoutNesting)) levels are allowed (is a value built from itself in a loop?)", file: file)
    }

    /// "fn: the engine's providers lay out N items, D of them distinct (...); the memory limit
    /// of X holds at most M": a provider tree whose shared providers multiply past the limit.
    static func providersTooLarge(_ function: String, items: Int, distinct: Int, limit: String, most: Int) -> LuaScriptError {
        failure("\(function): the engine's providers lay out \(NumberText.counted(items, "item")), \(NumberText.grouped(distinct)) of them distinct (a provider in several sections is laid out at each place); the memory limit of \(limit) holds at most \(NumberText.grouped(most))")
    }

    /// "fn: no animator 'x' (did you mean fade?); expected a built-in (fade, scale, wobble), or a
    /// script by name (cascade, ...)": a `t.animator` name that is neither a built-in nor a
    /// script found, listed as `--animator` lists them. A name with `.lua` gets the name it may
    /// have meant, as `--animator cascad.lua` does: "fn: no animator 'cascad.lua' (did you mean
    /// cascade, the animator script animators/cascade.lua?); expected ...".
    static func noAnimator(_ function: String, _ name: String, scripts: [ScriptCatalog.Entry]) -> LuaScriptError {
        let hint = ScriptByNameHint.forName(name, scripts: scripts, builtins: BuiltinAnimators.names, kind: "animator")
        return failure("\(function): no animator \(AnimatorNames.unknown(name, scripts: scripts.map(\.name), hint: hint))")
    }

    /// "fn: the Lua host was closed": a layout, an animator or a callback used after the host
    /// that made it was closed.
    static func hostClosed(_ function: String, file: String? = nil) -> LuaScriptError {
        failure("\(function): the Lua host was closed", file: file)
    }

    /// "fn: <message>": a message the core or a conversion built whole, in this call's name.
    func relayed(_ message: String) -> LuaScriptError { LuaArguments.failure("\(function): \(message)", file: file) }

    /// A message the core or a conversion built whole (`LayoutError`, a JSON conversion),
    /// raised as this family's are.
    static func relayed(_ message: String, file: String? = nil) -> LuaScriptError { failure(message, file: file) }

    /// "<what> must be <expected>, got <got>", for a value a label names where no call's
    /// arguments are at hand (`t.sections: sections[2]`, `t.transition: argument #1 (from)[3]`).
    static func mismatch(_ what: String, mustBe expected: String, got: String, file: String? = nil) -> LuaScriptError {
        failure("\(what) must be \(expected), got \(got)", file: file)
    }

    /// "<what> <statement>", for what is not a type mismatch, about a value a label names
    /// where no call's arguments are at hand (a script file, a layout made earlier).
    static func statement(_ what: String, _ statement: String, file: String? = nil) -> LuaScriptError {
        failure("\(what) \(statement)", file: file)
    }

    /// "fn: field 'key' <statement>", for a field found wanting where no call's arguments are
    /// at hand (a section asked for at layout time).
    static func fieldStatement(_ function: String, _ key: String, _ statement: String, file: String? = nil) -> LuaScriptError {
        failure("\(function): field \(quoted(key)) \(statement)", file: file)
    }

    /// "fn: the <callback> function's result for <place> must be <expected>, got <got>": a
    /// script function's result checked when the host calls it (`t.sections`' header, a
    /// provider's size function).
    static func returned(_ function: String, _ callback: String, for place: String, mustBe expected: String, got: String,
                         file: String? = nil) -> LuaScriptError {
        failure("\(function): the \(callback) function's result for \(place) must be \(expected), got \(got)", file: file)
    }

    /// "<what> <nesting> more than N deep; at most N levels are allowed", N being
    /// `LuaHost.maxLayoutNesting`, plus a `hint`.
    static func tooDeep(_ what: String, _ nesting: String, hint: String = "") -> LuaScriptError {
        failure("\(what) \(nesting) more than \(NumberText.grouped(LuaHost.maxLayoutNesting)) deep; at most \(NumberText.grouped(LuaHost.maxLayoutNesting)) levels are allowed\(hint)")
    }
}

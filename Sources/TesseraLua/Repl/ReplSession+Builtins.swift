import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

/// What the REPL's host functions find their session through: a box owned by Lua (an upvalue
/// of each function, released by `__gc`) holding the session weakly, so a host that outlives
/// its session raises an error instead of touching freed memory.
final class ReplLink {
    weak var session: ReplSession?
    init(_ session: ReplSession) { self.session = session }
}

extension ReplSession {
    /// [-0, +0, m] A host function bound to this session, called `name` (what its messages
    /// say: `run`, `r:frame`), taking at most `arguments` (nil: any number), as a registry reference.
    func hostFunction(_ function: tb_HostFunction, named name: String, arguments: Int? = nil) -> LuaReference {
        host.pushBox(ReplLink(self), meta: host.boxMetaRef)
        host.pushHostFunction(function, named: name, upvalues: 1, arguments: arguments)
        return host.popReference()
    }

    /// Runs the body of a REPL host function with its session; a thrown error becomes a Lua
    /// error as for every host function (`LuaHost.raising`): the REPL's own complaints get the
    /// caller's `stdin:1:`, errors from nested script calls keep their own `file:line`.
    static func hosted(_ L: OpaquePointer?, _ body: (ReplSession, OpaquePointer) throws -> Int32) -> Int32 {
        let L = L!
        guard let slot = lua_touserdata(L, tb_upvalueindex(TB_HOST_UPVALUES + 1)),
              let pointer = slot.load(as: UnsafeMutableRawPointer?.self),
              let session = Unmanaged<ReplLink>.fromOpaque(pointer).takeUnretainedValue().session else {
            LuaStack.push(L, "the REPL session of this function has ended")
            return TB_RAISE
        }
        return LuaHost.raising(L) { try body(session, L) }
    }

    // MARK: print's sink and load(path)

    /// write(text): the end of the session's `print`.
    static let writeFunction: tb_HostFunction = { L, _ in
        hosted(L) { session, L in
            session.writeStandard(bytes: LuaStack.bytes(L, 1) ?? [])
            return 0
        }
    }

    /// load(path), behind the prompt's `load` of a .lua path -> a layout value following the script at `path`.
    static let loadScriptFunction: tb_HostFunction = { L, _ in
        hosted(L) { session, L in
            let path = try LuaArguments(L, function: "load").string(1, "path")
            let script = try session.host.loadLayoutScript(path: path)
            session.host.pushLayout(try script.configured(), name: script.name)
            return 1
        }
    }

    // MARK: run

    /// run(layout [, {width=, height=, x=, y=, params=, safeArea=, layoutMargins=, readableWidth=}])
    /// -> a result (see `ReplResult`):
    /// lays the session's dataset out in a viewport of `width` x `height` (default: the
    /// session's) whose origin is `x`, `y` (default 0, 0; used by `:show()` and `:visible()`),
    /// with the viewport's guides as `t.run` reads them (the session's `guides` where absent).
    /// `layout` is a layout value (`L`, `t.*`, `load(...)`), a script table, a built-in's
    /// name, or a script's path (ending in `.lua`); `params` overrides a script's parameters
    /// or, with a name, configures the built-in it names, as `t.run` and `--param` do.
    static let runFunction: tb_HostFunction = { L, _ in
        hosted(L) { session, L in
            let args = LuaArguments(L, function: "run")
            var size = session.viewport
            var origin = Point(x: 0, y: 0)
            var guides = session.guides
            var params: OrderedDictionary<String, JSONValue> = [:]
            switch lua_type(L, 2) {
            case LUA_TNONE, LUA_TNIL: break
            case LUA_TTABLE:
                let options = try args.table(2, "options", known: ["width", "height", "x", "y", "params"] + LuaTableArgument.guideFields)
                guides = try options.guides(over: session.guides)
                size.width = try number(L, table: 2, key: "width", default: size.width, nonNegative: true)
                size.height = try number(L, table: 2, key: "height", default: size.height, nonNegative: true)
                origin.x = try number(L, table: 2, key: "x", default: 0, nonNegative: false)
                origin.y = try number(L, table: 2, key: "y", default: 0, nonNegative: false)
                params = try options.params(host: session.host, args: args)
            default:
                throw args.error(2, "options", mustBe: "a table like {width = 375, height = 812}", got: LuaStack.typeName(L, 2))
            }
            let (layout, name) = try session.layoutArgument(L, at: 1, params: params)
            let clock = ContinuousClock()
            let start = clock.now
            var context = session.context(size: size)
            context.guides = guides
            let result = try layout.layout(context)
            let elapsed = start.duration(to: clock.now).components
            let milliseconds = Double(elapsed.seconds) * 1e3 + Double(elapsed.attoseconds) / 1e15
            let box = ReplResult(result: result, viewport: Rect(origin: origin, size: size),
                                 layoutName: name, milliseconds: milliseconds)
            session.host.pushBox(box, meta: session.resultMetaRef)
            return 1
        }
    }

    /// The layout at `index` of a call to `run`, with `params`: a name resolves with them as
    /// `t.run`'s does (a built-in configured, a script's defaults overridden); a layout value
    /// takes them when it is a script (`configure`). Its name is the layout value's (as
    /// `tostring` shows it), a script's, or the name given.
    func layoutArgument(_ L: OpaquePointer, at index: Int32, params: OrderedDictionary<String, JSONValue>) throws -> (layout: any Layout, name: String) {
        switch lua_type(L, index) {
        case LUA_TSTRING:
            let name = LuaStack.string(L, index) ?? ""
            do {
                let layout = try host.layout(named: name, params: params, style: TesseraModule.runParameterStyle)
                return (layout, (layout as? ScriptedLayout)?.name ?? name)
            } catch let e as LayoutError {
                // An unknown name's message lists the names; `:layouts` gives a line about each.
                guard case .unknownLayout(_, _, _, _?) = e else { throw LuaArguments(L, function: "run").relayed(e.message) }
                throw LuaArguments(L, function: "run").relayed(e.message + "; :layouts lists them")
            }
        case LUA_TNONE, LUA_TNIL:
            // `run(waterfall)`, a name without its quotes, reads an undefined global: nil.
            let why = layoutScript == nil ? "L is nil when the REPL starts without --layout FILE" : "a name not defined here reads as nil"
            let hint = " (\(why); a built-in or a shipped script is named in quotes: run(\"waterfall\"))"
            throw LuaArguments(L, function: "run").error(index, "layout", mustBe: "a layout, like L, t.waterfall{columns = 3} or load(\"my.lua\")", got: "nil" + hint)
        default:
            let layout = try host.layout(at: index, what: "run: argument #1 (layout)")
            return (params.isEmpty ? layout : try configure(layout, with: params), host.layoutName(at: index, of: layout))
        }
    }

    /// `layout` with script parameters overridden. - Throws: for a native layout, or an
    /// unknown or mistyped parameter (the script's own message).
    func configure(_ layout: any Layout, with overrides: OrderedDictionary<String, JSONValue>) throws -> any Layout {
        guard let scripted = layout as? ScriptedLayout else {
            throw LuaArguments(host.L, function: "run").error(.field("params"), "applies only to layout scripts; give a built-in layout its params when you make it, like t.waterfall{columns = 3}")
        }
        var merged = scripted.params
        for (key, value) in overrides { merged[key] = value }
        switch scripted.source {
        case .script(let script): return try script.configured(merged)
        case .version(let version):
            _ = try version.resolve(merged)
            return ScriptedLayout(version: version, params: merged)
        }
    }

    /// `table[key]` as a finite number (non-negative if asked), or `fallback` when absent.
    /// `function` names the caller in the message (`run`, `show`).
    static func number(_ L: OpaquePointer, table: Int32, key: String, default fallback: Double, nonNegative: Bool,
                       function: String = "run") throws -> Double {
        let type = LuaStack.rawField(L, table, key)
        defer { tb_pop(L, 1) }
        if type == LUA_TNIL { return fallback }
        guard let v = LuaStack.number(L, -1), v.isFinite, !nonNegative || v >= 0 else {
            let what = nonNegative ? "a finite, non-negative number" : "a finite number"
            throw LuaArguments(L, function: function).error(.field(key), at: -1, mustBe: what)
        }
        return v
    }

    // MARK: data

    /// [-0, +1, m] Pushes `data` (see `LuaHost.pushDataset`). O(size of the dataset).
    func pushData() { host.pushDataset(dataset) }
}

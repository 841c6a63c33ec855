import CLua
import LuaBridge
import TesseraCore

/// What `run(...)` returns in the REPL: a laid-out result and the viewport it was run with.
/// A userdata with the methods
///
///     r:frames()               every frame, {x=, y=, w=, h=} per item (1-based)
///     r:frame(i)               x, y, w, h of item i
///     r:visible([x, y, w, h])  the items (1-based) overlapping the rectangle, default the viewport
///     r:contentSize()          w, h
///     r:show([{x=, y=, columns=, rows=}])  a preview fitted to the terminal, viewport outlined
///     #r                       the item count
///
/// Frames are the resting ones (`frame(at:)`), as `tessera run` prints them without `--offset`.
/// Numbers with integral values come back as Lua integers, so they print as `tessera run`'s
/// JSON does (`120`, not `120.0`).
final class ReplResult {
    let result: any LayoutResult
    let viewport: Rect
    let layoutName: String
    let milliseconds: Double

    init(result: any LayoutResult, viewport: Rect, layoutName: String, milliseconds: Double) {
        self.result = result
        self.viewport = viewport
        self.layoutName = layoutName
        self.milliseconds = milliseconds
    }

    /// Item `index`'s frame; an analytic script's failure is thrown.
    func frame(at index: Int) throws -> Rect { try result.frame(at: index) }

    func visible(in rect: Rect) throws -> [Int] { try result.visible(in: rect) }
}

extension ReplSession {
    /// Each method's name, the most arguments it takes (self aside) and its function.
    static let resultMethods: [(String, Int, tb_HostFunction)] = [
        ("frames", 0, ReplSession.resultFrames), ("frame", 1, ReplSession.resultFrame),
        ("visible", 4, ReplSession.resultVisible), ("contentSize", 0, ReplSession.resultContentSize),
        ("show", 1, ReplSession.resultShow),
    ]

    /// The metatable of results: methods, `#`, `tostring`, and `__gc` releasing the box.
    func makeResultMetatable() {
        let L = host.L
        lua_createtable(L, 0, 6)
        lua_pushcclosure(L, LuaHost.releaseBox, 0)
        LuaStack.setField(L, -2, "__gc")
        host.push(.function(hostFunction(ReplSession.resultLength, named: "result")))
        LuaStack.setField(L, -2, "__len")
        host.push(.function(hostFunction(ReplSession.resultToString, named: "result")))
        LuaStack.setField(L, -2, "__tostring")
        LuaStack.push(L, "tessera.result")
        LuaStack.setField(L, -2, "__name")
        LuaStack.push(L, "tessera.result")
        LuaStack.setField(L, -2, "__metatable")
        lua_createtable(L, 0, Int32(ReplSession.resultMethods.count))
        for (name, arguments, function) in ReplSession.resultMethods {
            host.push(.function(hostFunction(function, named: "r:\(name)", arguments: arguments)))
            LuaStack.setField(L, -2, name)
        }
        LuaStack.setField(L, -2, "__index")
        resultMetaRef = luaL_ref(L, LuaStack.registry)
    }

    /// The result that `r:method(...)` was called on.
    func resultArgument(_ L: OpaquePointer, method: String) throws -> ReplResult {
        guard let box = host.box(at: 1, meta: resultMetaRef, as: ReplResult.self) else {
            throw LuaArguments(L, function: "r:\(method)").error(.argument(1, nil), at: 1, mustBe: "a result (call it with a colon, like r:\(method)())", numeric: false)
        }
        return box
    }

    /// [-0, +1, -] Pushes an integral value as an integer, others as floats.
    static func pushNumber(_ L: OpaquePointer, _ v: Double) {
        if let n = Int(whole: v, in: -8_999_999_999_999_999...8_999_999_999_999_999) { lua_pushinteger(L, lua_Integer(n)) } else { lua_pushnumber(L, v) }
    }

    /// Roughly what one frame table costs in Lua (a table with a 4-slot hash part).
    static let bytesPerFrameTable = 200

    static let resultFrames: tb_HostFunction = { L, _ in
        hosted(L) { session, L in
            let r = try session.resultArgument(L, method: "frames")
            let n = r.result.count
            // Host functions allocate outside the memory cap, so check it here.
            let room = session.host.limits.maxMemoryBytes - session.host.memoryUsed
            if session.host.limits.maxMemoryBytes > 0, n * bytesPerFrameTable > room {
                throw LuaArguments(L, function: "r:frames").tooLarge("\(NumberText.counted(n, "frame table"))", megabytes: n * bytesPerFrameTable / 1_048_576 + 1,
                                                                     instead: "r:frame(i) or r:visible(x, y, w, h)")
            }
            lua_createtable(L, Int32(clamping: n), 0)
            let poll = LimitPoll(L)
            for i in 0..<n {
                try poll.step()
                let f = try r.frame(at: i)
                lua_createtable(L, 0, 4)
                for (key, v) in [("x", f.x), ("y", f.y), ("w", f.width), ("h", f.height)] {
                    pushNumber(L, v)
                    LuaStack.setField(L, -2, key)
                }
                lua_rawseti(L, -2, lua_Integer(i + 1))
            }
            return 1
        }
    }

    static let resultFrame: tb_HostFunction = { L, _ in
        hosted(L) { session, L in
            let r = try session.resultArgument(L, method: "frame")
            guard let i = LuaStack.integer(L, 2), i >= 1, i <= r.result.count else {
                throw LuaArguments(L, function: "r:frame").error(2, "i", mustBe: "an integer in 1..\(r.result.count)")
            }
            let f = try r.frame(at: i - 1)
            for v in [f.x, f.y, f.width, f.height] { pushNumber(L, v) }
            return 4
        }
    }

    static let resultVisible: tb_HostFunction = { L, _ in
        hosted(L) { session, L in
            let r = try session.resultArgument(L, method: "visible")
            var rect = r.viewport
            if lua_type(L, 2) > LUA_TNIL {
                var v: [Double] = []
                for slot in Int32(2)...5 {
                    guard let n = LuaStack.number(L, slot), n.isFinite else {
                        throw LuaArguments(L, function: "r:visible").error(slot, ["x", "y", "w", "h"][Int(slot) - 2], mustBe: "a finite number (x, y, w, h, or none for the viewport)")
                    }
                    v.append(n)
                }
                for k in 2...3 where v[k] < 0 { throw LuaArguments(L, function: "r:visible").error(Int32(k + 2), ["w", "h"][k - 2], mustBe: "a finite, non-negative number") }
                rect = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
            }
            let indices = try r.visible(in: rect)
            lua_createtable(L, Int32(clamping: indices.count), 0)
            for (k, i) in indices.enumerated() {
                lua_pushinteger(L, lua_Integer(i + 1))
                lua_rawseti(L, -2, lua_Integer(k + 1))
            }
            return 1
        }
    }

    static let resultContentSize: tb_HostFunction = { L, _ in
        hosted(L) { session, L in
            let r = try session.resultArgument(L, method: "contentSize")
            pushNumber(L, r.result.contentSize.width)
            pushNumber(L, r.result.contentSize.height)
            return 2
        }
    }

    static let resultLength: tb_HostFunction = { L, _ in
        hosted(L) { session, L in
            let r = try session.resultArgument(L, method: "count")
            lua_pushinteger(L, lua_Integer(r.result.count))
            return 1
        }
    }

    static let resultToString: tb_HostFunction = { L, _ in
        hosted(L) { session, L in
            let r = try session.resultArgument(L, method: "tostring")
            let size = r.result.contentSize
            LuaStack.push(L, "tessera result: \(r.layoutName), \(r.result.count) items, content \(NumberText.display(size.width)) x \(NumberText.display(size.height)), viewport \(NumberText.display(r.viewport.width))x\(NumberText.display(r.viewport.height)) at \(NumberText.display(r.viewport.x)),\(NumberText.display(r.viewport.y)), laid out in \(NumberText.fixed(r.milliseconds, decimals: 2)) ms")
            return 1
        }
    }

    /// r:show([{x=, y=, columns=, rows=}]): prints the preview; `x`, `y` move the viewport.
    static let resultShow: tb_HostFunction = { L, _ in
        hosted(L) { session, L in
            let r = try session.resultArgument(L, method: "show")
            var viewport = r.viewport
            let terminal = session.terminalSize()
            var columns = terminal.map { $0.columns - 1 } ?? 80
            var rows = terminal.map { $0.rows - 4 } ?? 40
            switch lua_type(L, 2) {
            case LUA_TNONE, LUA_TNIL: break
            case LUA_TTABLE:
                _ = try LuaArguments(L, function: "r:show").table(2, "options", known: ["x", "y", "columns", "rows"])
                viewport.x = try number(L, table: 2, key: "x", default: viewport.x, nonNegative: false, function: "r:show")
                viewport.y = try number(L, table: 2, key: "y", default: viewport.y, nonNegative: false, function: "r:show")
                // The renderer bounds the picture (8 to 1000 columns, 4 to 1000 rows in the CLI's).
                columns = Int(clamping: try number(L, table: 2, key: "columns", default: Double(columns), nonNegative: true, function: "r:show"),
                              into: 0...Int(Int32.max))
                rows = Int(clamping: try number(L, table: 2, key: "rows", default: Double(rows), nonNegative: true, function: "r:show"),
                           into: 0...Int(Int32.max))
            default:
                throw LuaArguments(L, function: "r:show").error(2, "options", mustBe: "a table like {y = 2000, columns = 60}", got: LuaStack.typeName(L, 2))
            }
            guard let pictures = session.host.pictures else {
                throw LuaArguments(L, function: "r:show").noPictureRenderer()
            }
            session.output.standard(try pictures.result(r.result, viewport, columns, rows, session.unicode))
            return 0
        }
    }
}

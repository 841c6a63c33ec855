import CLua
import LuaBridge
import TesseraCore

/// CollectionKit's LayoutHelper functions: t.distribute and t.align.
extension TesseraModule {
    /// t.distribute(mode, length, total, spacing, count [, rule]) -> offset, spacing, stretch
    /// (rule "collectionKit" (default) or "css").
    static let moduleDistribute: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { _, args in
            let mode = try args.option(1, "mode", AlignContent.self)
            let length = try args.number(2, "length")
            let total = try args.number(3, "total")
            let spacing = try args.number(4, "spacing")
            let count = try args.number(5, "count", .nonNegative)
            let rule = try args.optOption(6, "rule", default: DistributionRule.collectionKit)
            let d = LayoutHelper.distribute(mode, length: length, total: total, spacing: spacing, count: Int(clamping: count, into: 0...Int.max), rule: rule)
            lua_pushnumber(L, d.offset)
            lua_pushnumber(L, d.spacing)
            lua_pushnumber(L, d.stretch)
            return 3
        }
    }

    /// t.align(alignment, length, lineStart, lineLength) -> start, length; or
    /// t.align(alignment, sizes, x, spacing, lineStart, lineLength) -> frames, where sizes is
    /// an array of {w, h} and frames of {x, y, w, h} (CollectionKit's alignItem).
    static let moduleAlign: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { _, args in
            let L = L!
            let alignment = try args.option(1, "alignment", AlignItems.self)
            if lua_type(L, 2) != LUA_TTABLE {
                let (start, length) = LayoutHelper.align(alignment, length: try args.number(2, "length"),
                                            lineStart: try args.number(3, "lineStart"), lineLength: try args.number(4, "lineLength"))
                lua_pushnumber(L, start)
                lua_pushnumber(L, length)
                return 2
            }
            var sizes: [Size] = []
            let n = Int(tb_rawlen(L, 2))
            let poll = LimitPoll(L)
            for k in stride(from: 1, through: n, by: 1) {
                try poll.step()
                tb_rawgeti(L, 2, lua_Integer(k))
                defer { tb_pop(L, 1) }
                let positional = tb_rawgeti(L, -1, 1) == LUA_TNUMBER
                tb_pop(L, 1)
                var wh: [Double] = []
                for (index, key) in [(1, "w"), (2, "h")] {
                    if positional { tb_rawgeti(L, -1, lua_Integer(index)) } else { LuaStack.rawField(L, -1, key) }
                    defer { tb_pop(L, 1) }
                    guard let v = LuaStack.number(L, -1), NumberRule.nonNegative.accepts(v) else {
                        throw args.error(.part(.argument(2, "sizes"), "[\(k)].\(key)"), at: -1, mustBe: "a finite, non-negative number")
                    }
                    wh.append(v)
                }
                sizes.append(Size(width: wh[0], height: wh[1]))
            }
            let frames = LayoutHelper.align(alignment, sizes: sizes, x: try args.number(3, "x"), spacing: try args.number(4, "spacing"),
                               lineStart: try args.number(5, "lineStart"), lineLength: try args.number(6, "lineLength"))
            try poll.check()
            try LuaStack.push(L, json: .array(frames.map { .array([.double($0.x), .double($0.y), .double($0.width), .double($0.height)]) }),
                              readOnly: false, poll: poll)
            return 1
        }
    }
}

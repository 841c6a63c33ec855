import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

// The methods of `ctx` written in Swift: ctx:column, ctx:id, ctx:section, ctx:textHeight,
// ctx:textSize (ctx.set, ctx:size and ctx:item are C functions over the same storage), and
// ctx's `__index`, which answers a misspelt field.

extension TesseraModule {
    /// ctx's `__index(ctx, key)`: reached only for a key the table lacks, so it raises
    /// "ctx: field 'widht' is unknown (did you mean width?); known fields: ...", the fields being
    /// the table's own (a field the script set itself counts). O(fields).
    static let contextIndex: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { _, args in
            let L = L!
            guard lua_type(L, 2) == LUA_TSTRING, let key = LuaStack.string(L, 2) else {
                throw args.error(2, "key", mustBe: "a string", got: args.describe(2, numeric: false))
            }
            var known: [String] = []
            lua_pushnil(L)
            while lua_next(L, 1) != 0 {
                if lua_type(L, -2) == LUA_TSTRING, let name = LuaStack.string(L, -2) { known.append(name) }
                tb_pop(L, 1)
            }
            throw args.unknownField(key, known: known.sorted())
        }
    }

    /// The box of a ctx method (its first upvalue after the host's own).
    static func contextBox(_ L: OpaquePointer) -> ContextBox {
        let slot = lua_touserdata(L, tb_upvalueindex(TB_HOST_UPVALUES + 1))!
        return Unmanaged<ContextBox>.fromOpaque(slot.load(as: UnsafeMutableRawPointer?.self)!).takeUnretainedValue()
    }

    /// Runs a ctx method body with its arguments and the context's box.
    static func contextMethod(_ L: OpaquePointer?, _ body: (ContextBox, LuaArguments) throws -> Int32) -> Int32 {
        let L = L!
        return LuaHost.raising(L) { try body(contextBox(L), LuaArguments(L, fallback: "ctx")) }
    }

    /// The 0-based item index from the 1-based one at stack slot 2 of `ctx:method(i, ...)`.
    static func itemIndex(_ args: LuaArguments, _ box: ContextBox) throws -> Int {
        let L = args.L
        guard let i = LuaStack.integer(L, 2) else {
            // Called with a dot, the index is in the wrong slot: that, not a missing field, is the cause.
            let hint = lua_type(L, 1) == LUA_TTABLE ? nil : " (call it with a colon: \(args.function)(i))"
            throw args.error(.argument(2, "i"), at: 2, mustBe: "an integer", hint: hint)
        }
        guard i >= 1 && i <= box.context.count else {
            throw args.indexError(.argument(2, "i"), at: 2, "an item index", first: 1, last: box.context.count,
                                  empty: "the data is empty")
        }
        return i - 1
    }

    /// ctx:column(name) -> a read-only array whose entry i is `ctx:item(i)[name]` (nil where
    /// the item has no such field): one call for a hot loop instead of one `ctx:item` per item.
    /// Built once per `ctx` and name, shared with ctx:item. - Complexity: O(count) on the
    /// first call, O(1) after.
    static let contextColumn: tb_HostFunction = { L, _ in
        contextMethod(L) { box, args in
            let L = args.L
            let name = try args.string(2, "name")
            let views = tb_upvalueindex(TB_HOST_UPVALUES + 3)
            if LuaStack.rawField(L, views, name) != LUA_TNIL { return 1 }
            tb_pop(L, 1)
            try pushColumn(L, box, name, poll: LimitPoll(L))
            tb_pushreadonly(L)
            LuaStack.push(L, name)
            lua_pushvalue(L, -2)
            lua_rawset(L, views)
            return 1
        }
    }

    /// [-0, +1, m] Pushes the plain array of field `name` of every item, from the columns
    /// cache (upvalue 2) or built now and cached. Values are as `ctx:item` gives them (nested
    /// tables read-only). `poll` counts every item (a run of numbers a block at a time): a
    /// column of a huge dataset stops at the script's limits.
    static func pushColumn(_ L: OpaquePointer, _ box: ContextBox, _ name: String, poll: LimitPoll) throws {
        let columns = tb_upvalueindex(TB_HOST_UPVALUES + 2)
        if LuaStack.rawField(L, columns, name) == LUA_TTABLE { return }
        tb_pop(L, 1)
        let n = box.context.count
        lua_createtable(L, Int32(clamping: n), 0)
        if let storage = box.context.sizeStorage, box.widths != nil {   // the dataset's items, without a closure call each
            let base = storage.base
            // Numbers are copied straight from the field's column; other values decoded one by one.
            try storage.dataset.forEachValue(of: name, in: base..<(base + n), numbers: { run, column in
                try pushNumbers(L, column, run, at: 1 - base, poll: poll)
            }, other: { i, value in
                try poll.step()
                LuaStack.push(L, json: value, readOnly: true)
                lua_rawseti(L, -2, lua_Integer(i - base + 1))
            })
        } else {
            for i in 0..<n {
                try poll.step()
                guard let value = box.fields(i)?[name] else { continue }
                LuaStack.push(L, json: value, readOnly: true)
                lua_rawseti(L, -2, lua_Integer(i + 1))
            }
        }
        LuaStack.push(L, name)
        lua_pushvalue(L, -2)
        lua_rawset(L, columns)
    }

    /// [-0, +0, m] Stores `column`'s values at items `run` into the table on top of the stack,
    /// item `i` at key `i + offset`: an integer where the value was written as one, else a
    /// float (what `math.type` tells apart). Polls the limits once per block of values.
    /// - Complexity: O(run.count).
    static func pushNumbers(_ L: OpaquePointer, _ column: NumberColumn, _ run: Range<Int>, at offset: Int,
                            poll: LimitPoll) throws {
        try column.values.withUnsafeBufferPointer { values in
            try column.integers.withUnsafeBufferPointer { integers in
                var start = run.lowerBound
                while start < run.upperBound {
                    let end = min(start + 1024, run.upperBound)
                    try poll.step(end - start)
                    for i in start..<end {
                        if integers[i >> 6] & (1 << UInt64(i & 63)) != 0 {
                            lua_pushinteger(L, lua_Integer(values[i]))
                        } else {
                            lua_pushnumber(L, values[i])
                        }
                        lua_rawseti(L, -2, lua_Integer(i + offset))
                    }
                    start = end
                }
            }
        }
    }

    /// column(name) of ctx:item's proxies: the plain column array.
    static let contextColumnData: tb_HostFunction = { L, _ in
        contextMethod(L) { box, args in
            try pushColumn(args.L, box, try args.string(1, "name"), poll: LimitPoll(args.L))
            return 1
        }
    }

    /// numbers(name) of ctx:item's items: field `name` of every item as a number column's
    /// userdata (`tb_NumberColumn`) pointing into the dataset's own column of that field (a
    /// dataset keeps one per field name, NaN where an item lacks it), kept alive by the column's
    /// user value, this context's box; nil when some item has something else there (a text, an
    /// id) or none has the field (the items then read the plain column).
    /// - Complexity: O(count) to find that out; nothing is copied.
    static let contextNumberColumn: tb_HostFunction = { L, _ in
        contextMethod(L) { box, args in
            let L = args.L, name = try args.string(1, "name")
            guard let storage = box.context.sizeStorage, box.widths != nil else {
                lua_pushnil(L)
                return 1
            }
            let base = storage.base
            var shared: NumberColumn?, numeric = true
            storage.dataset.forEachValue(of: name, in: base..<(base + box.context.count),
                                         numbers: { _, column in shared = column }, other: { _, _ in numeric = false })
            guard numeric, let shared else {
                lua_pushnil(L)
                return 1
            }
            // The dataset is never mutated and the box holds it, so its arrays' storage stays put.
            let column = tb_pushnumbercolumn(L)!
            column.pointee.values = shared.values.withUnsafeBufferPointer { $0.baseAddress! + base }
            column.pointee.integers = shared.integers.withUnsafeBufferPointer { $0.baseAddress! + base >> 6 }
            column.pointee.first = lua_Integer(base & 63)
            lua_pushvalue(L, tb_upvalueindex(TB_HOST_UPVALUES + 1))
            lua_setiuservalue(L, -2, 1)
            return 1
        }
    }

    /// field(i, name) of ctx:item's proxies (1-based i): one field of one item.
    static let contextField: tb_HostFunction = { L, _ in
        contextMethod(L) { box, args in
            let i = try args.integer(1, "i"), name = try args.string(2, "name")
            LuaStack.push(args.L, json: box.fields(i - 1)?[name] ?? .null, readOnly: true)
            return 1
        }
    }

    /// ctx:item(i) on the reference paths (`LuaHost.referenceDataAccess`): a new read-only
    /// table of every field of the item on each call, nil for a context without a dataset.
    static let contextItemTable: tb_HostFunction = { L, _ in
        contextMethod(L) { box, args in
            let i = try itemIndex(args, box)
            guard let fields = box.fields(i) else { lua_pushnil(L); return 1 }
            LuaStack.push(args.L, json: .object(fields), readOnly: true)
            return 1
        }
    }

    /// fields(i) of ctx:item's proxies (1-based i): a table of every field (for pairs).
    static let contextFields: tb_HostFunction = { L, _ in
        contextMethod(L) { box, args in
            let i = try args.integer(1, "i")
            let fields = box.fields(i - 1) ?? [:]
            lua_createtable(L, 0, Int32(clamping: fields.count))
            for (key, value) in fields {
                LuaStack.push(args.L, json: value, readOnly: true)
                LuaStack.setField(args.L, -2, key)
            }
            return 1
        }
    }

    /// ctx:id(i) -> the item's id (an integer or a string).
    static let contextID: tb_HostFunction = { L, _ in
        contextMethod(L) { box, args in
            let i = try itemIndex(args, box)
            LuaStack.push(L!, id: box.context.identifier(at: i))
            return 1
        }
    }

    /// ctx:section(i) -> the index of the item's section in ctx.sections, and the item's
    /// position in it (both 1-based).
    static let contextSection: tb_HostFunction = { L, _ in
        contextMethod(L) { box, args in
            let (section, item) = box.section(of: try itemIndex(args, box))
            lua_pushinteger(L, lua_Integer(section + 1))
            lua_pushinteger(L, lua_Integer(item + 1))
            return 2
        }
    }

    /// ctx:textHeight(text, width [, {fontSize=, lineHeight=}]) -> the height of `text`
    /// wrapped to `width` by the built-in deterministic measurer.
    static let contextTextHeight: tb_HostFunction = { L, _ in
        contextMethod(L) { _, args in
            let (text, width, measurer) = try textArguments(args)
            lua_pushnumber(L, measurer.height(of: text, width: width))
            return 1
        }
    }
}

extension TesseraModule {
    /// ctx:textSize(text, maxWidth [, {fontSize=, lineHeight=}]) -> w, h: the width of the
    /// widest wrapped line and the height, from the same measurer as ctx:textHeight.
    static let contextTextSize: tb_HostFunction = { L, _ in
        contextMethod(L) { _, args in
            let (text, width, measurer) = try textArguments(args)
            let size = measurer.size(of: text, width: width)
            lua_pushnumber(L, size.width)
            lua_pushnumber(L, size.height)
            return 2
        }
    }

    /// (text, width [, options]) of the text measuring methods.
    static func textArguments(_ args: LuaArguments) throws -> (String, Double, TextMeasurer) {
        let text = try args.string(2, "text")
        let width = try args.number(3, "width", .nonNegative)
        var measurer = TextMeasurer()
        if let options = try args.optTable(4, "options", known: ["fontSize", "lineHeight"]) {
            if let v = try options.optNumber("fontSize", .positive) { measurer.fontSize = v }
            if let v = try options.optNumber("lineHeight", .positive) { measurer.lineHeight = v }
        }
        return (text, width, measurer)
    }
}

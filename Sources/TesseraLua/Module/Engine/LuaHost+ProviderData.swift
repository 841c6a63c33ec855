import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

// A basic provider's items from its Lua fields, and the calls into its Lua callbacks. Lua
// callbacks (`id`, `when`, `size`, `tap`) run inside engine passes and throw what they
// raise, with the script's file:line: the error leaves the pass, and the engine method that ran
// it raises it.

extension LuaHost {
    /// The item source from the stored `data`, `sections` and `id` fields. A dataset as the host
    /// hands it to scripts (the REPL's `data`) is used as it is: its sections, sizes and typed
    /// ids, as `tessera run` lays it out; an entry of its `sections` is that section's items, the
    /// same way. Any other array: each item becomes plain data (its bound data); a table with
    /// other keys than its items and `sections` is an error. Ids come from `id(item, i)`, else the default rule; sections from `sections`, else
    /// the data's own (`data.sections`, in the host's `{id =, first =, count =}` form), else one.
    func rebuildSource(_ box: ProviderBox, _ provider: BasicProvider) throws {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        pushProviderField(box, "data")
        guard lua_type(L, -1) == LUA_TTABLE else { provider.data = .empty; return }
        let dataSlot = lua_gettop(L)
        var source: ItemSource
        if let part = datasetPart(at: dataSlot) {
            let dataset = part.dataset, base = part.section?.range.lowerBound ?? 0
            source = part.section.map { ItemSource(dataset: dataset, section: $0) } ?? ItemSource(dataset: dataset)
            // Views are bound to the items as the script sees them in `data`.
            source.value = { LuaHost.itemValue(dataset, base + $0) }
        } else {
            let list = LuaStack.pushPlainTable(L, dataSlot)
            let count = Int(tb_rawlen(L, list))
            if let key = LuaHost.keyOutsideArray(L, list, count: count) {
                throw LuaArguments.mismatch("\(box.constructor): field 'data'",
                                            mustBe: "the dataset, one of its sections (data.sections[i]) or an array of items",
                                            got: "a table with the key \(key)")
            }
            var values: [JSONValue] = []
            values.reserveCapacity(count)
            // One converter for all items: items of one shape share their field names.
            var converter = LuaJSONConverter(L, poll: LimitPoll(L))
            for i in stride(from: 1, through: count, by: 1) {
                tb_rawgeti(L, list, lua_Integer(i))
                do { values.append(try converter.json(-1, path: "\(box.constructor): data[\(i)]")) }
                catch let e as LuaStack.ConversionError { throw LuaArguments.relayed(e.message) }
                tb_pop(L, 1)
            }
            source = ItemSource(values: values)
            if LuaStack.rawField(L, list, "sections") == LUA_TTABLE {
                source.sections = try providerSections(at: lua_gettop(L), count: count, what: "\(box.constructor): data.sections")
            }
        }
        pushProviderField(box, "sections")
        if lua_type(L, -1) == LUA_TTABLE {
            source.sections = try providerSections(at: lua_gettop(L), count: source.count, what: "\(box.constructor): field 'sections'")
        }
        pushProviderField(box, "id")
        if lua_type(L, -1) == LUA_TFUNCTION {
            let fn = reference(at: -1)
            source.identifier = { [owner = ProviderCallbackOwner(self, box)] local in
                guard let self = owner.host, let box = owner.box else { return .string(String(local)) }
                return try self.runCallback {
                    let base = try self.callItemFunction(fn, box: box, local: local, results: 1)
                    return try self.blamingDefinition(of: fn) {
                        try self.identifier(at: base, what: "\(box.constructor): the id function's result for item \(local + 1)")
                    }
                }
            }
        }
        provider.data = source
    }

    /// Sections of `count` items from the list at `slot`: each `{id =, count =}` (plus any
    /// fields; `first`, 1-based, may be given and must follow on), tiling the items in order.
    /// A section without an id gets its 0-based position, as a dataset file's does.
    func providerSections(at slot: Int32, count: Int, what: String) throws -> [Dataset.Section] {
        let list = LuaStack.pushPlainTable(L, slot)
        defer { lua_settop(L, list - 1) }
        var sections: [Dataset.Section] = []
        var next = 0
        for s in stride(from: 1, through: Int(tb_rawlen(L, list)), by: 1) {
            tb_rawgeti(L, list, lua_Integer(s))
            let path = "\(what)[\(s)]"
            let fields: OrderedDictionary<String, JSONValue>
            switch try? LuaStack.json(L, -1, path: path) {
            case .object(let o)?: fields = o
            default: throw LuaArguments.mismatch(path, mustBe: "a table {id =, count =}", got: LuaStack.typeName(L, -1))
            }
            tb_pop(L, 1)
            guard case .int(let n)? = fields["count"], n >= 0 else {
                throw LuaArguments.statement(path, "needs count = a whole number >= 0 (its number of items)")
            }
            // Compared without adding: next + n traps for count = math.maxinteger.
            guard n <= count - next else {
                throw LuaArguments.statement(what, "cover more than \(NumberText.counted(count, "item")); expected all \(NumberText.counted(count, "item")) of the data")
            }
            if let first = fields["first"], first != .int(next + 1) {
                throw LuaArguments.statement(path, "starts at item \(first.briefDescription); expected \(next + 1), right after the sections before it")
            }
            let id: ItemID
            switch fields["id"] {
            case .int(let i)?: id = .int(i)
            case .string(let t)?: id = .string(t)
            case nil: id = .int(s - 1)
            case let other?: throw LuaArguments.mismatch("\(path).id", mustBe: "a string or an integer", got: other.briefDescription)
            }
            var rest = fields
            for key in ["id", "first", "count"] { rest.removeValue(forKey: key) }
            sections.append(Dataset.Section(id: id, fields: rest, range: next..<(next + n)))
            next += n
        }
        guard next == count else {
            throw LuaArguments.statement(what, "cover \(NumberText.counted(next, "item")); expected all \(NumberText.counted(count, "item")) of the data")
        }
        return sections
    }

    /// A string or number as an identifier, typed as Lua gave it (an integer stays an
    /// integer); other values are an error.
    func identifier(at slot: Int32, what: String) throws -> ItemID {
        if lua_type(L, slot) == LUA_TSTRING, let s = LuaStack.string(L, slot) { return .string(s) }
        if let i = LuaStack.integer(L, slot) { return .int(Int(i)) }
        if let v = LuaStack.number(L, slot) { return .string(LuaHost.numberText(v)) }
        throw LuaArguments.mismatch(what, mustBe: "a string or a number", got: LuaStack.typeName(L, slot))
    }

    /// Calls `fn(data[local + 1], local + 1, extra...)` with the provider's stored data; returns
    /// the slot of the first result (results stay on the stack for the caller, who resets it).
    func callItemFunction(_ fn: LuaReference, box: ProviderBox, local: Int, extra: [Double] = [], results: Int32) throws -> Int32 {
        _ = lua_checkstack(L, 8)
        push(fn)
        pushProviderField(box, "data")
        if lua_type(L, -1) == LUA_TTABLE {
            let list = LuaStack.pushPlainTable(L, -1)
            // A section's entry holds no items: its item `local` is the dataset's, read here.
            if tb_rawgeti(L, list, lua_Integer(local + 1)) == LUA_TNIL, let part = datasetPart(at: list - 1), let section = part.section {
                tb_pop(L, 1)
                LuaStack.push(L, json: LuaHost.itemValue(part.dataset, section.range.lowerBound + local), readOnly: true)
            }
            lua_copy(L, -1, -3); tb_pop(L, 1)
            tb_pop(L, 1)
        }
        lua_pushinteger(L, lua_Integer(local + 1))
        for v in extra { lua_pushnumber(L, v) }
        let base = lua_gettop(L) - Int32(1 + 1 + extra.count)
        try protectedCall(arguments: Int32(2 + extra.count), results: results)
        return base
    }

    /// Runs a callback body inside an engine pass with the stack restored afterwards; what it
    /// throws leaves the pass (a Lua error keeps the script's file:line and traceback).
    @discardableResult
    func runCallback<T>(_ body: () throws -> T) throws -> T {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        return try body()
    }
}

extension LuaHost {
    /// The first key of the plain table at `list` that is neither an index 1...count nor
    /// `sections`, as a message shows it (`'items'`, `[0]`); nil when there is none. O(size of
    /// the table).
    static func keyOutsideArray(_ L: OpaquePointer, _ list: Int32, count: Int) -> String? {
        lua_pushnil(L)
        while tb_next(L, list) != 0 {
            tb_pop(L, 1)
            if let i = LuaStack.integer(L, -1), i >= 1, i <= count { continue }
            if lua_type(L, -1) == LUA_TSTRING, LuaStack.string(L, -1) == "sections" { continue }
            let key = lua_type(L, -1) == LUA_TSTRING ? LuaArguments.quoted(LuaStack.string(L, -1) ?? "")
                : "[\(LuaArguments(L, function: "").describe(-1))]"
            tb_pop(L, 1)
            return key
        }
        return nil
    }
}

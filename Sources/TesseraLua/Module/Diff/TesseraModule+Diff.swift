import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

// t.diff(old, new [, {staged = true}]): the diff `tessera diff` prints, from Lua values.
//
// Each side is read into a `Dataset`, then diffed by `DatasetChanges` exactly as two files
// are, and the JSON value comes back as a plain Lua table with 1-based indices (the host
// converts, as everywhere in Lua): `sections`, `items`, `summary`, `changes`, `sectionChanges`,
// or with `staged = true` `{stages = {...}}` where each stage also has `after`.
//
// A side may be:
// - a dataset as the host hands it to scripts (the REPL's `data`: items in the array part,
//   `sections` entries with `id`, `first` (1-based) and `count`, and other fields);
// - a plain array of ids (strings or integers) or of item tables with an `id` field;
// - `{items = {...}}`, or `{sections = {{id = ..., items = {...}}, ...}}` as in a JSON file
//   (a section without an `id` gets its 0-based position, as the JSON loader gives it).
// Ids must be unique on each side. Reading a side is O(n + fields); the diff is O(S + n + m + f).
// All of it is one host call, so it keeps to the script's limits itself: reading and pushing
// poll them per value, and a large diff runs on its own thread while the call polls them.
extension TesseraModule {
    static let moduleDiff: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { _, args in
            let poll = LimitPoll(args.L)
            let old = try DiffSide(args, slot: 1, name: "old", poll: poll).dataset()
            let new = try DiffSide(args, slot: 2, name: "new", poll: poll).dataset()
            let staged = try args.optTable(3, "options", known: ["staged"])?.bool("staged", default: false) ?? false
            // The core's diff knows nothing of Lua and cannot poll: a large one runs beside the poll.
            let size = old.count + new.count + old.sections.count + new.sections.count
            let value = try poll.run(size: size) {
                let changes = DatasetChanges(old: old, new: new, oldSnapshot: try DatasetDiff.snapshot(of: old),
                                             newSnapshot: try DatasetDiff.snapshot(of: new))
                return staged ? changes.jsonValue(of: changes.staged(), indexBase: 1)
                    : changes.jsonValue(of: changes.batch(), indexBase: 1)
            }
            try poll.check()
            try LuaStack.push(args.L, json: value, readOnly: false, poll: poll)
            return 1
        }
    }
}

/// One argument of t.diff read into a `Dataset`. Messages name the place in Lua terms:
/// `t.diff: old[3].id must be a string or an integer, got boolean`.
struct DiffSide {
    let args: LuaArguments
    let slot: Int32
    let name: String
    /// Polled once per section, item and value read, so a huge side stops at the limits.
    let poll: LimitPoll
    var L: OpaquePointer { args.L }

    init(_ args: LuaArguments, slot: Int32, name: String, poll: LimitPoll) {
        self.args = args
        self.slot = slot
        self.name = name
        self.poll = poll
    }

    func dataset() throws -> Dataset {
        guard lua_type(L, slot) == LUA_TTABLE else {
            throw args.error(slot, name, mustBe: "a dataset, or an array of ids or of items with ids",
                             got: args.describe(slot, numeric: false))
        }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        _ = lua_checkstack(L, 8)
        let table = LuaStack.pushPlainTable(L, slot)
        let itemsType = LuaStack.rawField(L, table, "items")
        let itemsSlot = lua_gettop(L)
        let sectionsType = LuaStack.rawField(L, table, "sections")
        let sectionsSlot = lua_gettop(L)
        if sectionsType != LUA_TNIL {
            guard sectionsType == LUA_TTABLE else { throw typeError("\(name).sections", sectionsSlot, "an array of sections") }
            guard itemsType == LUA_TNIL else {
                throw args.error(.path(name), "has both items and sections; expected one of them")
            }
            return try sectioned(LuaStack.pushPlainTable(L, sectionsSlot), arrayPart: table)
        }
        if itemsType != LUA_TNIL {
            guard itemsType == LUA_TTABLE else { throw typeError("\(name).items", itemsSlot, "an array of ids or items") }
            var items: [Item] = []
            try appendItems(of: LuaStack.pushPlainTable(L, itemsSlot), path: "\(name).items", to: &items)
            return try checked(Dataset(items: items, sourceName: name), sectioned: false)
        }
        var items: [Item] = []
        try appendItems(of: table, path: name, to: &items)
        return try checked(Dataset(items: items, sourceName: name), sectioned: false)
    }

    /// Sections that list their items (`items`), or that cover the array part (`first`, `count`).
    private func sectioned(_ sectionsSlot: Int32, arrayPart: Int32) throws -> Dataset {
        var items: [Item] = []
        var hostItems: [Item]?
        var sections: [Dataset.Section] = []
        let count = Int(tb_rawlen(L, sectionsSlot))
        for s in stride(from: 1, through: count, by: 1) {
            // Paths are built only for a message: building them for every section and item
            // cost more than the diff itself.
            func path() -> String { "\(name).sections[\(s)]" }
            try poll.step()
            tb_rawgeti(L, sectionsSlot, lua_Integer(s))
            guard lua_type(L, -1) == LUA_TTABLE else { throw typeError(path(), -1, "a section table") }
            let section = LuaStack.pushPlainTable(L, -1)
            var fields = try objectFields(section, path: path(), skipping: "items")
            let id = try fields.removeValue(forKey: "id").map { try identifier($0, path: "\(path()).id") } ?? .int(s - 1)
            if LuaStack.rawField(L, section, "items") != LUA_TNIL {
                guard lua_type(L, -1) == LUA_TTABLE else { throw typeError("\(path()).items", -1, "an array of ids or items") }
                let start = items.count
                try appendItems(of: LuaStack.pushPlainTable(L, -1), path: "\(path()).items", to: &items)
                sections.append(Dataset.Section(id: id, fields: fields, range: start..<items.count))
            }
            else {
                // The host's form: the section covers items first ..< first + count of the array part.
                let all: [Item]
                if let hostItems { all = hostItems }
                else {
                    var read: [Item] = []
                    try appendItems(of: arrayPart, path: name, to: &read)
                    hostItems = read
                    all = read
                }
                guard case .int(let first)? = fields.removeValue(forKey: "first"),
                      case .int(let n)? = fields.removeValue(forKey: "count"), n >= 0 else {
                    throw args.error(.path(path()), "must list its items (items = {...}) or give first and count (integers) over \(name)'s items")
                }
                // Compared without adding to the script's integers, which may be math.maxinteger.
                guard first == items.count + 1, n <= all.count - items.count else {
                    let last = first.addingReportingOverflow(n - 1)
                    let span = last.overflow ? "\(NumberText.counted(n, "item")) from item \(first)" : "items \(first) to \(last.partialValue)"
                    throw args.error(.path(path()), "covers \(span); expected it to start at \(items.count + 1) and end by \(all.count)")
                }
                items.append(contentsOf: all[(first - 1)..<(first - 1 + n)])
                sections.append(Dataset.Section(id: id, fields: fields, range: (first - 1)..<(first - 1 + n)))
            }
            lua_settop(L, sectionsSlot)
        }
        if let hostItems, hostItems.count != items.count {
            throw args.error(.path("\(name).sections"), "cover \(NumberText.counted(items.count, "item")); expected all \(NumberText.counted(hostItems.count, "item")) of \(name)")
        }
        return try checked(Dataset(items: items, sections: sections, sourceName: name), sectioned: true)
    }

    /// Appends the array part of the table at `list`: ids, or item tables (or `ctx:item`'s items)
    /// with an `id`.
    private func appendItems(of list: Int32, path: @autoclosure () -> String, to items: inout [Item]) throws {
        let count = Int(tb_rawlen(L, list))
        // Grow geometrically: reserving exactly count more for each section copied every item
        // read so far again, quadratic in sections.
        if items.capacity < items.count + count { items.reserveCapacity(max(items.count + count, 2 * items.capacity)) }
        for k in stride(from: 1, through: count, by: 1) {
            tb_rawgeti(L, list, lua_Integer(k))
            defer { tb_pop(L, 1) }
            func itemPath() -> String { "\(path())[\(k)]" }
            switch lua_type(L, -1) {
            case LUA_TSTRING, LUA_TNUMBER:
                items.append(Item(id: try identifier(try json(-1, path: itemPath()), path: itemPath())))
            case let type where type == LUA_TTABLE || tb_isitem(L, -1) != 0:   // a table, or an item of ctx:item
                let fields = try objectFields(-1, path: itemPath())
                guard let idValue = fields["id"] else {
                    throw args.error(.path(itemPath()), "has no id; expected an id field (a string or an integer)")
                }
                items.append(Item(id: try identifier(idValue, path: "\(itemPath()).id"), fields: fields))
            default:
                throw typeError(itemPath(), -1, "an id (a string or an integer) or an item table with an id")
            }
        }
    }

    /// The fields of the table at `index` (read-only views read through), as a JSON object.
    private func objectFields(_ index: Int32, path: @autoclosure () -> String) throws -> OrderedDictionary<String, JSONValue> {
        switch try json(index, path: path()) {
        case .object(let fields): return fields
        case .array(let a) where a.isEmpty: return [:]
        default: throw args.error(.path(path()), at: 0, mustBe: "a table of named fields", got: "an array")
        }
    }

    /// The named fields of the plain table at `table` except `skipped`, keys sorted.
    private func objectFields(_ table: Int32, path: @autoclosure () -> String, skipping skipped: String) throws -> OrderedDictionary<String, JSONValue> {
        var fields: [(String, JSONValue)] = []
        lua_pushnil(L)
        while tb_next(L, table) != 0 {
            guard let key = LuaStack.string(L, -2) else {
                tb_pop(L, 2)
                throw args.error(.path(path()), at: 0, mustBe: "a table of named fields", got: "a key that is not a string")
            }
            if key != skipped { fields.append((key, try json(-1, path: "\(path()).\(key)"))) }
            tb_pop(L, 1)
        }
        // Distinct Lua strings can be equal Strings (canonically equivalent Unicode), which
        // `uniqueKeysWithValues` would trap on: the later one wins, as in LuaStack.json.
        return OrderedDictionary(fields.sorted { $0.0 < $1.0 }, uniquingKeysWith: { _, last in last })
    }

    private func json(_ index: Int32, path: @autoclosure () -> String) throws -> JSONValue {
        do { return try LuaStack.json(L, index, path: path(), poll: poll) }
        catch let e as LuaStack.ConversionError { throw args.relayed(e.message) }
    }

    private func identifier(_ value: JSONValue, path: @autoclosure () -> String) throws -> ItemID {
        switch value {
        case .int(let i): return .int(i)
        case .string(let s): return .string(s)
        case .double(let d) where d.isFinite && d == d.rounded() && abs(d) < 1e15:
            // a float that holds an integer (1e6, 2^10): Lua prints it without ".0"; say what it is
            throw args.error(.path(path()), at: 0, mustBe: "a string or an integer", got: "the float \(Int(d)).0 (math.tointeger(x) makes an integer of it)")
        case .double(let d): throw args.error(.path(path()), at: 0, mustBe: "a string or an integer", got: LuaHost.numberText(d))
        default: throw args.error(.path(path()), at: 0, mustBe: "a string or an integer", got: value.briefDescription)
        }
    }

    private func typeError(_ path: String, _ index: Int32, _ expected: String) -> LuaScriptError {
        args.error(.path(path), at: index, mustBe: expected, numeric: false)
    }

    /// The dataset, once its ids are known to be unique (section ids, then item ids).
    private func checked(_ dataset: Dataset, sectioned: Bool) throws -> Dataset {
        func place(_ flat: Int) -> String {
            let s = dataset.sectionIndex(containing: flat)
            return "item \(flat - dataset.sections[s].range.lowerBound + 1) of section \(s + 1)"
        }
        var sectionPositions = [ItemID: Int](minimumCapacity: dataset.sections.count)
        for (s, section) in dataset.sections.enumerated() {
            try poll.step()
            if let first = sectionPositions.updateValue(s, forKey: section.id) {
                throw args.error(.path(name), "repeats the section id \(describeIdentifier(section.id)) (sections \(first + 1) and \(s + 1)); expected unique ids")
            }
        }
        var itemPositions = [ItemID: Int](minimumCapacity: dataset.count)
        for p in 0..<dataset.count {
            try poll.step()
            let id = dataset.id(at: p)
            if let first = itemPositions.updateValue(p, forKey: id) {
                throw args.error(.path(name), "repeats the id \(describeIdentifier(id)) (\(sectioned ? "\(place(first)) and \(place(p))" : "items \(first + 1) and \(p + 1)")); expected unique ids")
            }
        }
        return dataset
    }
}

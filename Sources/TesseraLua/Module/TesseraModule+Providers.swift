import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

// The engine's providers in Lua: t.provider{}, t.composed{}, t.headers{}, t.spacer{},
// t.emptyState{}. Each is a userdata holding the Swift provider and a table of the fields as Lua
// gave them, so `p.data` reads back what was assigned. Assigning a field goes through the same
// setter as the constructor, and the Swift provider schedules a reload (data, sections, view,
// id) or a relayout (layout, size) on the engine showing it.
//
// Lua callbacks (`id`, `when`, `size`, `tap`) run inside engine passes and throw what they
// raise, with the script's file:line: the error leaves the pass, and the engine method that ran
// it raises it.

/// Metatable references of the engine's Lua values.
struct EngineSupport {
    var providerMetaRef: Int32 = LUA_NOREF
    var engineMetaRef: Int32 = LUA_NOREF
    var animatorMetaRef: Int32 = LUA_NOREF
}

/// A provider in Lua, with its fields as assigned (a registry reference to a plain table).
final class ProviderBox {
    let provider: Provider
    let constructor: String
    let fields: LuaReference
    init(_ provider: Provider, constructor: String, fields: LuaReference) {
        self.provider = provider; self.constructor = constructor; self.fields = fields
    }
}

extension LuaHost {
    static let providerFields = ["data", "sections", "id", "layout", "size", "view", "tap", "identifier", "animator"]
    static let composedFields = ["sections", "layout", "identifier", "animator"]
    static let headersFields = ["sections", "layout", "header", "identifier", "animator"]
    static let spacerFields = ["width", "height", "identifier"]
    static let emptyStateFields = ["content", "view", "tap", "identifier", "animator"]

    /// t.provider{ data =, sections =, id =, layout =, size =, view =, tap =, identifier =, animator = }
    static let moduleProvider: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            try host.constructProvider(args, known: providerFields,
                                       BasicProvider(data: .empty, layout: FlowLayout()))
        }
    }

    /// t.composed{ sections = {...}, layout = }: sections laid out as the items of `layout`
    /// (default: stacked vertically).
    static let moduleComposed: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            try host.constructProvider(args, known: composedFields, ComposedProvider(sections: []))
        }
    }

    /// t.headers{ sections = {...}, layout =, header = { size =, view =, pinned =, tap = } }
    /// (`sticky` is another name for `pinned`).
    static let moduleHeaders: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            try host.constructProvider(args, known: headersFields, HeadersProvider(sections: []))
        }
    }

    /// t.spacer{ width = "100%", height = 0 }: a section with only a size.
    static let moduleSpacer: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            try host.constructProvider(args, known: spacerFields, SpacerProvider())
        }
    }

    /// t.emptyState{ content = provider, view = "empty", tap = }: a placeholder when the content is empty.
    static let moduleEmptyState: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            try host.constructProvider(args, known: emptyStateFields, EmptyStateProvider(content: SpacerProvider()))
        }
    }

    /// Builds a provider box from the options table at argument 1 and pushes it.
    func constructProvider(_ args: LuaArguments, known: [String], _ provider: Provider) throws -> Int32 {
        let options = try args.optTable(1, "options", known: known)
        lua_createtable(L, 0, 8)
        let box = ProviderBox(provider, constructor: args.function, fields: reference(at: -1))
        tb_pop(L, 1)
        for key in known {
            guard let options, options.has(key) else { continue }
            try options.with(key) { slot in try setProviderField(box, key, at: slot, args: args) }
        }
        if provider is EmptyStateProvider, !(options?.has("content") ?? false) {
            throw args.error("needs content = a provider")
        }
        pushBox(box, meta: engineSupport.providerMetaRef)
        return 1
    }

    /// The provider in the box at `slot`, if it is one.
    func providerBox(at slot: Int32) -> ProviderBox? {
        box(at: slot, meta: engineSupport.providerMetaRef, as: ProviderBox.self)
    }

    /// Sets field `key` of a provider from the value at `slot`, checking it; records the Lua value.
    func setProviderField(_ box: ProviderBox, _ key: String, at slot: Int32, args: LuaArguments) throws {
        let slot = lua_absindex(L, slot)
        let field = FieldReader(host: self, function: box.constructor, key: key, slot: slot)
        switch (box.provider, key) {
        case (_, "identifier"):
            box.provider.identifier = try field.optString()
        case (_, "animator"):
            box.provider.animator = try animatorField(field)
        case (let p as BasicProvider, "data"):
            try field.requireTable("a list of items")
            try storeField(box, key, slot)
            try rebuildSource(box, p)
            return
        case (let p as BasicProvider, "sections"):
            if !field.isNil { try field.requireTable("a list of sections {id =, count =}") }
            try storeField(box, key, slot)
            if p.data.count > 0 || !field.isNil { try rebuildSource(box, p) }
            return
        case (let p as BasicProvider, "id"):
            _ = try field.optFunction()
            try storeField(box, key, slot)
            if p.data.count > 0 || !field.isNil { try rebuildSource(box, p) }
            return
        case (let p as BasicProvider, "layout"):
            p.layout = try field.layout()
        case (let p as BasicProvider, "size"):
            p.size = try itemSize(field, box: box)
        case (let p as BasicProvider, "view"):
            p.view = try viewRegistration(field, box: box)
        case (let p as BasicProvider, "tap"):
            let tap = try field.optFunction()
            p.tap = tap.map { fn in { [weak self, weak box] local in
                guard let self, let box else { return }
                try self.runCallback { _ = try self.callItemFunction(fn, box: box, local: local, results: 0) }
            } }
            p.tapElement = tap.map { fn in { [weak self, weak box] element, localSection in
                guard let self, let box else { return }
                try self.runCallback {
                    self.push(fn)
                    lua_createtable(self.L, 0, 3)
                    LuaStack.push(self.L, LuaHost.categoryName(element.category)); LuaStack.setField(self.L, -2, "category")
                    LuaStack.push(self.L, element.kind); LuaStack.setField(self.L, -2, "kind")
                    lua_pushinteger(self.L, lua_Integer(localSection + 1)); LuaStack.setField(self.L, -2, "section")
                    lua_pushinteger(self.L, lua_Integer(localSection + 1))
                    try self.protectedCall(arguments: 2, results: 0)
                }
                _ = box
            } }
        case (let p as ComposedProvider, "sections"):
            let sections = try sectionList(field, of: p)
            try checkNesting(sections, function: box.constructor, key: key)
            p.sections = sections
        case (let p as ComposedProvider, "layout"):
            p.layout = try field.optLayout()
        case (let p as HeadersProvider, "sections"):
            let sections = try sectionList(field, of: p)
            try checkNesting(sections, function: box.constructor, key: key)
            p.sections = sections
        case (let p as HeadersProvider, "layout"):
            p.layout = try field.optLayout()
        case (let p as HeadersProvider, "header"):
            try setHeader(p, field)
        case (let p as SpacerProvider, "width"):
            p.width = try field.isNil ? .fraction(1) : dimension(field, at: slot)
        case (let p as SpacerProvider, "height"):
            p.height = try field.isNil ? .absolute(0) : dimension(field, at: slot)
        case (let p as EmptyStateProvider, "content"):
            guard let content = providerBox(at: slot) else { throw field.error("must be a provider", got: true) }
            if content.provider === p || content.provider.contains(p) {
                throw field.error("would make a cycle: the content is or contains this provider; a provider cannot contain itself")
            }
            try checkNesting([content.provider], function: box.constructor, key: key)
            p.content = content.provider
        case (let p as EmptyStateProvider, "view"):
            p.emptyKind = try field.optString() ?? "empty"
        case (let p as EmptyStateProvider, "tap"):
            let tap = try field.optFunction()
            p.tapEmpty = tap.map { fn in { [weak self] in
                guard let self else { return }
                try self.runCallback {
                    self.push(fn)
                    try self.protectedCall(arguments: 0, results: 0)
                }
            } }
        default:
            let known = LuaHost.fields(of: box.provider)
            let hint = DidYouMean.suggestion(for: key, among: known).map { " (did you mean \($0)?)" } ?? ""
            throw LuaHost.moduleError("\(box.constructor): a provider has no field '\(key)'\(hint); known fields: \(known.joined(separator: ", "))")
        }
        try storeField(box, key, slot)
    }

    static func fields(of provider: Provider) -> [String] {
        switch provider {
        case is BasicProvider: providerFields
        case is ComposedProvider: composedFields
        case is HeadersProvider: headersFields
        case is SpacerProvider: spacerFields
        default: emptyStateFields
        }
    }

    /// fields[key] = the value at `slot`.
    private func storeField(_ box: ProviderBox, _ key: String, _ slot: Int32) throws {
        push(box.fields)
        lua_pushvalue(L, slot)
        LuaStack.setField(L, -2, key)
        tb_pop(L, 1)
    }

    /// [-0, +1, -] Pushes fields[key] of a provider box.
    func pushProviderField(_ box: ProviderBox, _ key: String) {
        push(box.fields)
        LuaStack.rawField(L, -1, key)
        lua_rotate(L, -2, -1); tb_pop(L, 1)
    }

    /// The item source from the stored `data`, `sections` and `id` fields. A dataset as the host
    /// hands it to scripts (the REPL's `data`) is used as it is: its sections, sizes and typed
    /// ids, as `tessera run` lays it out. Any other list: each item becomes plain data (its bound
    /// data). Ids come from `id(item, i)`, else the default rule; sections from `sections`, else
    /// the data's own (`data.sections`, in the host's `{id =, first =, count =}` form), else one.
    private func rebuildSource(_ box: ProviderBox, _ provider: BasicProvider) throws {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        pushProviderField(box, "data")
        guard lua_type(L, -1) == LUA_TTABLE else { provider.data = .empty; return }
        let dataSlot = lua_gettop(L)
        var source: ItemSource
        if let dataset = dataset(at: dataSlot) {
            source = ItemSource(dataset: dataset)
            // Views are bound to the items as the script sees them in `data`.
            source.value = { LuaHost.itemValue(dataset, $0) }
        } else {
            let list = LuaStack.pushPlainTable(L, dataSlot)
            let count = Int(tb_rawlen(L, list))
            var values: [JSONValue] = []
            values.reserveCapacity(count)
            let poll = LimitPoll(L)
            for i in stride(from: 1, through: count, by: 1) {
                tb_rawgeti(L, list, lua_Integer(i))
                do { values.append(try LuaStack.json(L, -1, path: "\(box.constructor): data[\(i)]", poll: poll)) }
                catch let e as LuaStack.ConversionError { throw LuaHost.moduleError(e.message) }
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
            source.identifier = { [weak self, weak box] local in
                guard let self, let box else { return .string(String(local)) }
                return try self.runCallback {
                    let base = try self.callItemFunction(fn, box: box, local: local, results: 1)
                    return try self.identifier(at: base, what: "\(box.constructor): the id function's result for item \(local + 1)")
                }
            }
        }
        provider.data = source
    }

    /// Sections of `count` items from the list at `slot`: each `{id =, count =}` (plus any
    /// fields; `first`, 1-based, may be given and must follow on), tiling the items in order.
    /// A section without an id gets its 0-based position, as a dataset file's does.
    private func providerSections(at slot: Int32, count: Int, what: String) throws -> [Dataset.Section] {
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
            default: throw LuaHost.moduleError("\(path) must be a table {id =, count =}, got \(LuaStack.typeName(L, -1))")
            }
            tb_pop(L, 1)
            guard case .int(let n)? = fields["count"], n >= 0 else {
                throw LuaHost.moduleError("\(path) needs count = a whole number >= 0 (its number of items)")
            }
            if let first = fields["first"], first != .int(next + 1) {
                throw LuaHost.moduleError("\(path) starts at item \(first.briefDescription); expected \(next + 1), right after the sections before it")
            }
            let id: ItemID
            switch fields["id"] {
            case .int(let i)?: id = .int(i)
            case .string(let t)?: id = .string(t)
            case nil: id = .int(s - 1)
            case let other?: throw LuaHost.moduleError("\(path).id must be a string or an integer, got \(other.briefDescription)")
            }
            var rest = fields
            for key in ["id", "first", "count"] { rest.removeValue(forKey: key) }
            sections.append(Dataset.Section(id: id, fields: rest, range: next..<(next + n)))
            next += n
        }
        guard next == count else {
            throw LuaHost.moduleError("\(what) cover \(next) items; expected all \(count) items of the data")
        }
        return sections
    }

    /// A string or number as an identifier, typed as Lua gave it (an integer stays an
    /// integer); other values are an error.
    private func identifier(at slot: Int32, what: String) throws -> ItemID {
        if lua_type(L, slot) == LUA_TSTRING, let s = LuaStack.string(L, slot) { return .string(s) }
        if let i = LuaStack.integer(L, slot) { return .int(Int(i)) }
        if let v = LuaStack.number(L, slot) { return .string(LuaHost.numberText(v)) }
        throw LuaHost.moduleError("\(what) must be a string or a number, got \(LuaStack.typeName(L, slot))")
    }

    /// Calls `fn(data[local + 1], local + 1, extra...)` with the provider's stored data; returns
    /// the slot of the first result (results stay on the stack for the caller, who resets it).
    func callItemFunction(_ fn: LuaReference, box: ProviderBox, local: Int, extra: [Double] = [], results: Int32) throws -> Int32 {
        _ = lua_checkstack(L, 8)
        push(fn)
        pushProviderField(box, "data")
        if lua_type(L, -1) == LUA_TTABLE {
            let list = LuaStack.pushPlainTable(L, -1)
            tb_rawgeti(L, list, lua_Integer(local + 1))
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

    /// A size rule: a rule name, `{w, h}` (numbers or "50%"), or function(item, i, pw, ph) -> w, h.
    private func itemSize(_ field: FieldReader, box: ProviderBox) throws -> ItemSize {
        let slot = field.slot
        if field.isNil { return .fit }
        if let name = LuaStack.string(L, slot) {
            guard let rule = SizingRule(rawValue: name) else {
                throw field.error("must be one of \(SizingRule.allCases.map(\.rawValue).joined(separator: ", ")), a size {w, h} or a function", got: true)
            }
            return .rule(ItemSizing(rule: rule))
        }
        if lua_type(L, slot) == LUA_TFUNCTION {
            let fn = reference(at: slot)
            return .custom { [weak self, weak box] local, proposal in
                guard let self, let box else { return proposal }
                return try self.runCallback {
                    let base = try self.callItemFunction(fn, box: box, local: local, extra: [proposal.width, proposal.height], results: 2)
                    guard let w = LuaStack.number(self.L, base), let h = LuaStack.number(self.L, base + 1),
                          w.isFinite, h.isFinite, w >= 0, h >= 0 else {
                        throw LuaHost.moduleError("\(box.constructor): the size function must return a finite, non-negative width and height for item \(local + 1), got \(LuaArguments(self.L, function: "").describe(base)), \(LuaArguments(self.L, function: "").describe(base + 1))")
                    }
                    return Size(width: w, height: h)
                }
            }
        }
        return try fixedSize(field)
    }

    /// `{w, h}` where each is a number or a percentage string.
    private func fixedSize(_ field: FieldReader) throws -> ItemSize {
        let slot = field.slot
        guard lua_type(L, slot) == LUA_TTABLE, tb_rawlen(L, slot) == 2 else {
            throw field.error("must be a sizing rule name, a size {w, h} or a function", got: true)
        }
        tb_rawgeti(L, slot, 1)
        tb_rawgeti(L, slot, 2)
        defer { tb_pop(L, 2) }
        return .fixed(try dimension(field, at: -2), try dimension(field, at: -1))
    }

    /// A number (points) or a string like "100%" (a fraction of the proposal).
    private func dimension(_ field: FieldReader, at slot: Int32) throws -> SizeDimension {
        if let v = LuaStack.number(L, slot), v.isFinite, v >= 0 { return .absolute(v) }
        if let s = LuaStack.string(L, slot), s.hasSuffix("%"), let v = Double(s.dropLast()), v.isFinite, v >= 0 {
            return .fraction(v / 100)
        }
        throw field.error("must have non-negative numbers or percentages like \"100%\" as sizes")
    }

    /// `view`: a kind name, or a list of {kind =, when = function(item, i), size = ...}.
    private func viewRegistration(_ field: FieldReader, box: ProviderBox) throws -> ViewRegistration {
        let slot = field.slot
        if field.isNil { return ViewRegistration() }
        if let name = LuaStack.string(L, slot) { return ViewRegistration(name) }
        guard lua_type(L, slot) == LUA_TTABLE, tb_rawlen(L, slot) > 0 else {
            throw field.error("must be a kind name or a list of {kind =, when =, size =}", got: true)
        }
        var kinds: [ViewRegistration.Kind] = []
        for k in 1...Int(tb_rawlen(L, slot)) {
            tb_rawgeti(L, slot, lua_Integer(k))
            defer { tb_pop(L, 1) }
            let entry = FieldReader(host: self, function: box.constructor, key: "view[\(k)]", slot: lua_gettop(L))
            guard lua_type(L, -1) == LUA_TTABLE else { throw entry.error("must be a table {kind =, when =, size =}", got: true) }
            let args = LuaArguments(L, function: box.constructor)
            let table = LuaTableArgument(arguments: args, slot: lua_gettop(L), name: "view[\(k)]")
            try table.rejectUnknownKeys(["kind", "when", "size"])
            guard let name = try table.optString("kind") else { throw entry.error("needs kind = a name") }
            let when = try table.optFunction("when", host: self)
            let size: ItemSize? = try table.with("size") { s in
                lua_type(L, s) == LUA_TNIL ? nil
                    : try itemSize(FieldReader(host: self, function: box.constructor, key: "view[\(k)].size", slot: s), box: box)
            }
            kinds.append(.init(name, when: when.map { fn in { [weak self, weak box] local in
                guard let self, let box else { return false }
                return try self.runCallback {
                    let base = try self.callItemFunction(fn, box: box, local: local, results: 1)
                    return lua_toboolean(self.L, base) != 0
                }
            } }, size: size))
        }
        return ViewRegistration(kinds: kinds)
    }

    /// A list of provider values for `parent`'s sections; none may be or contain `parent`.
    private func sectionList(_ field: FieldReader, of parent: Provider) throws -> [Provider] {
        try field.requireTable("a list of providers")
        let list = LuaStack.pushPlainTable(L, field.slot)
        defer { tb_pop(L, 1) }
        return try (0..<Int(tb_rawlen(L, list))).map { k in
            tb_rawgeti(L, list, lua_Integer(k + 1))
            defer { tb_pop(L, 1) }
            guard let p = providerBox(at: -1) else {
                throw LuaHost.moduleError("\(field.function): sections[\(k + 1)] must be a provider (t.provider{}, t.composed{}, ...), got \(LuaStack.typeName(L, -1))")
            }
            if p.provider === parent || p.provider.contains(parent) {
                throw LuaHost.moduleError("\(field.function): sections[\(k + 1)] would make a cycle: it is or contains this provider; a provider cannot contain itself")
            }
            return p.provider
        }
    }

    /// header = { size = {w, h}, view = "header", pinned = true, tap = function(section, i) };
    /// `sticky` is another name for `pinned` (CollectionKit's word), with the same meaning.
    private func setHeader(_ p: HeadersProvider, _ field: FieldReader) throws {
        if field.isNil { return }
        try field.requireTable("a table {size =, view =, pinned =, tap =}")
        let args = LuaArguments(L, function: field.function)
        let table = LuaTableArgument(arguments: args, slot: field.slot, name: "header")
        try table.rejectUnknownKeys(["size", "view", "pinned", "sticky", "tap"])
        try table.with("size") { s in
            if lua_type(L, s) != LUA_TNIL {
                p.headerSize = try fixedSize(FieldReader(host: self, function: field.function, key: "header.size", slot: s))
            }
        }
        p.headerKind = try table.optString("view") ?? "header"
        let pinned = table.with("pinned") { lua_type(L, $0) == LUA_TNIL ? nil : lua_toboolean(L, $0) != 0 }
        let sticky = table.with("sticky") { lua_type(L, $0) == LUA_TNIL ? nil : lua_toboolean(L, $0) != 0 }
        if let pinned, let sticky, pinned != sticky {
            throw LuaHost.moduleError("\(field.function): header.sticky is another name for header.pinned; got pinned = \(pinned) and sticky = \(sticky), expected one of them")
        }
        p.isPinned = pinned ?? sticky ?? true
        let tap = try table.optFunction("tap", host: self)
        p.tapHeader = tap.map { fn in { [weak self, weak p] s in
            guard let self, let p else { return }
            try self.runCallback {
                self.push(fn)
                LuaStack.push(self.L, json: p.value(at: s), readOnly: true)
                lua_pushinteger(self.L, lua_Integer(s + 1))
                try self.protectedCall(arguments: 2, results: 0)
            }
        } }
    }
}

/// One field of a provider being set, for checks and messages
/// ("t.provider: field 'size' must be ..., got string").
struct FieldReader {
    let host: LuaHost
    let function: String
    let key: String
    let slot: Int32
    var L: OpaquePointer { host.L }

    var isNil: Bool { lua_type(L, slot) <= LUA_TNIL }

    func error(_ text: String, got: Bool = false) -> LuaScriptError {
        LuaHost.moduleError("\(function): field '\(key)' \(text)\(got ? ", got \(LuaStack.typeName(L, slot))" : "")")
    }

    func requireTable(_ expected: String) throws {
        guard lua_type(L, slot) == LUA_TTABLE else { throw error("must be \(expected)", got: true) }
    }

    func optString() throws -> String? {
        if isNil { return nil }
        guard let s = LuaStack.string(L, slot) else { throw error("must be a string", got: true) }
        return s
    }

    func optFunction() throws -> LuaReference? {
        if isNil { return nil }
        guard lua_type(L, slot) == LUA_TFUNCTION else { throw error("must be a function", got: true) }
        return host.reference(at: slot)
    }

    func layout() throws -> any Layout {
        guard let layout = try optLayout() else { throw error("must be \(LuaArguments.layoutExpectation)", got: true) }
        return layout
    }

    func optLayout() throws -> (any Layout)? {
        if isNil { return nil }
        if lua_type(L, slot) != LUA_TTABLE, host.box(at: slot, meta: host.layoutMetaRef, as: LayoutBox.self) == nil {
            throw error("must be \(LuaArguments.layoutExpectation)", got: true)
        }
        return try host.layout(at: slot, what: "\(function): field '\(key)'")
    }
}

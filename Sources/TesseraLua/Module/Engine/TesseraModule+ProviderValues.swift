import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

// The values a provider's fields hold, read from Lua: size rules, view registrations, section
// lists and headers.

extension LuaHost {
    /// A size rule: a rule name, `{w, h}` (numbers or "50%"), or function(item, i, pw, ph) -> w, h.
    func itemSize(_ field: FieldReader, box: ProviderBox) throws -> ItemSize {
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
            return .custom { [owner = ProviderCallbackOwner(self, box)] local, proposal in
                guard let self = owner.host, let box = owner.box else { return proposal }
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
    func fixedSize(_ field: FieldReader) throws -> ItemSize {
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
    func dimension(_ field: FieldReader, at slot: Int32) throws -> SizeDimension {
        if let v = LuaStack.number(L, slot), v.isFinite, v >= 0 { return .absolute(v) }
        if let s = LuaStack.string(L, slot), s.hasSuffix("%"), let v = Double(s.dropLast()), v.isFinite, v >= 0 {
            return .fraction(v / 100)
        }
        throw field.error("must have non-negative numbers or percentages like \"100%\" as sizes")
    }

    /// `view`: a kind name, or a list of {kind =, when = function(item, i), size = ...}.
    func viewRegistration(_ field: FieldReader, box: ProviderBox) throws -> ViewRegistration {
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
            var accepts: (@Sendable (Int) throws -> Bool)?
            if let fn = when {
                accepts = { [owner = ProviderCallbackOwner(self, box)] local in
                    guard let self = owner.host, let box = owner.box else { return false }
                    return try self.runCallback {
                        let base = try self.callItemFunction(fn, box: box, local: local, results: 1)
                        return lua_toboolean(self.L, base) != 0
                    }
                }
            }
            kinds.append(.init(name, when: accepts, size: size))
        }
        return ViewRegistration(kinds: kinds)
    }

    /// A list of provider values for `parent`'s sections; none may be or contain `parent`.
    func sectionList(_ field: FieldReader, of parent: Provider) throws -> [Provider] {
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
    func setHeader(_ p: HeadersProvider, _ field: FieldReader) throws {
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

import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

// The values a provider's fields hold, read from Lua: size rules, view registrations, section
// lists and headers.

extension LuaHost {
    /// A size rule: a rule name, `{w, h}` (numbers or "50%"), or function(item, i, pw, ph) -> w, h.
    func itemSize(_ field: LuaArguments, key: String, at slot: Int32, box: ProviderBox) throws -> SizeSource {
        if field.isAbsent(slot) { return .fit }
        if let name = LuaStack.string(L, slot) {
            guard let rule = SizingRule(rawValue: name) else {
                throw field.error(.field(key), at: slot, mustBe: "one of \(SizingRule.allCases.map(\.rawValue).joined(separator: ", ")), a size {w, h} or a function", numeric: false)
            }
            return .rule(ItemSizing(rule: rule))
        }
        if lua_type(L, slot) == LUA_TFUNCTION {
            let fn = reference(at: slot)
            return .custom { [owner = ProviderCallbackOwner(self, box)] local, proposal in
                guard let self = owner.host, let box = owner.box else { return proposal }
                return try self.runCallback {
                    let base = try self.callItemFunction(fn, box: box, local: local, extra: [proposal.width, proposal.height], results: 2)
                    return try self.returnedSize(at: base, of: fn, box.constructor, "size", for: "item \(local + 1)")
                }
            }
        }
        return try fixedSize(field, key: key, at: slot)
    }

    /// [-0, +0, -] The width and height a size function `fn` returned at `base` and `base + 1`:
    /// finite and non-negative, else an error on `fn`'s line naming `function`'s `callback` result
    /// for `subject` ("t.provider: the size function's result for item 3 must be ...").
    func returnedSize(at base: Int32, of fn: LuaReference, _ function: String, _ callback: String, for subject: String) throws -> Size {
        guard let w = LuaStack.number(L, base), let h = LuaStack.number(L, base + 1), w.isFinite, h.isFinite, w >= 0, h >= 0 else {
            let check = LuaArguments(L, function: "")
            throw blaming(fn, LuaArguments.returned(function, callback, for: subject, mustBe: "a finite, non-negative width and height",
                                                    got: "\(check.describe(base)), \(check.describe(base + 1))"))
        }
        return Size(width: w, height: h)
    }

    /// `{w, h}` where each is a number or a percentage string.
    func fixedSize(_ field: LuaArguments, key: String, at slot: Int32,
                   expected: String = "a sizing rule name, a size {w, h} or a function") throws -> SizeSource {
        guard lua_type(L, slot) == LUA_TTABLE, tb_rawlen(L, slot) == 2 else {
            throw field.error(.field(key), at: slot, mustBe: expected, numeric: false)
        }
        tb_rawgeti(L, slot, 1)
        tb_rawgeti(L, slot, 2)
        defer { tb_pop(L, 2) }
        return .fixed(try dimension(field, key: key, at: -2), try dimension(field, key: key, at: -1))
    }

    /// A number (points) or a string like "100%" (a fraction of the proposal).
    func dimension(_ field: LuaArguments, key: String, at slot: Int32) throws -> SizeDimension {
        if let v = LuaStack.number(L, slot), v.isFinite, v >= 0 { return .absolute(v) }
        if let s = LuaStack.string(L, slot), s.hasSuffix("%"), let v = Double(s.dropLast()), v.isFinite, v >= 0 {
            return .fraction(v / 100)
        }
        throw field.error(.field(key), "must have non-negative numbers or percentages like \"100%\" as sizes")
    }

    /// `view`: a kind name, or a list of {kind =, when = function(item, i), size = ...}.
    func viewRegistration(_ field: LuaArguments, key: String, at slot: Int32, box: ProviderBox) throws -> ViewRegistration {
        if field.isAbsent(slot) { return ViewRegistration() }
        if let name = LuaStack.string(L, slot) { return ViewRegistration(name) }
        guard lua_type(L, slot) == LUA_TTABLE, tb_rawlen(L, slot) > 0 else {
            throw field.error(.field(key), at: slot, mustBe: "a kind name or a list of {kind =, when =, size =}", numeric: false)
        }
        var kinds: [ViewRegistration.Kind] = []
        for k in 1...Int(tb_rawlen(L, slot)) {
            tb_rawgeti(L, slot, lua_Integer(k))
            defer { tb_pop(L, 1) }
            let entry = "view[\(k)]"
            let table = try field.table(field: entry, at: -1, expected: "a table {kind =, when =, size =}")
            try table.rejectUnknownKeys(["kind", "when", "size"])
            guard let name = try table.optString("kind") else { throw field.error(.field(entry), "needs kind = a name") }
            let when = try table.optFunction("when", host: self)
            let size: SizeSource? = try table.with("size") { s in
                lua_type(L, s) == LUA_TNIL ? nil
                    : try itemSize(field, key: "view[\(k)].size", at: s, box: box)
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
    func sectionList(_ field: LuaArguments, key: String, at slot: Int32, of parent: Provider) throws -> [Provider] {
        _ = try field.table(field: key, at: slot, expected: "a list of providers")
        let list = LuaStack.pushPlainTable(L, slot)
        defer { tb_pop(L, 1) }
        return try (0..<Int(tb_rawlen(L, list))).map { k in
            tb_rawgeti(L, list, lua_Integer(k + 1))
            defer { tb_pop(L, 1) }
            guard let p = providerBox(at: -1) else {
                throw field.error(.field("\(key)[\(k + 1)]"), at: -1, mustBe: "a provider (t.provider{}, t.composed{}, ...)", numeric: false)
            }
            if p.provider === parent || p.provider.contains(parent) {
                throw field.error(.field("\(key)[\(k + 1)]"), "would make a cycle: it is or contains this provider; a provider cannot contain itself")
            }
            return p.provider
        }
    }

    /// header.size = function(header, section, pw, ph) -> w, h (CollectionKit's headerSizeSource),
    /// `header` the header's bound data.
    private func headerSizeFunction(_ fn: LuaReference, of p: HeadersProvider) -> SizeSource {
        .custom { [owner = HeaderCallbackOwner(host: self, provider: p)] s, proposal in
            guard let self = owner.host, let p = owner.provider else { return proposal }
            return try self.runCallback {
                self.push(fn)
                LuaStack.push(self.L, json: p.value(at: s), readOnly: true)
                lua_pushinteger(self.L, lua_Integer(s + 1))
                lua_pushnumber(self.L, proposal.width)
                lua_pushnumber(self.L, proposal.height)
                let base = lua_gettop(self.L) - 4
                try self.protectedCall(arguments: 4, results: 2)
                return try self.returnedSize(at: base, of: fn, "t.headers", "header size", for: "section \(s + 1)")
            }
        }
    }

    /// header = { size = {w, h} or a function, view = "header", pinned = true, tap = function(section, i) };
    /// `sticky` is another name for `pinned` (CollectionKit's word), with the same meaning.
    func setHeader(_ p: HeadersProvider, _ field: LuaArguments, at slot: Int32) throws {
        if field.isAbsent(slot) { return }
        let table = try field.table(field: "header", at: slot, expected: "a table {size =, view =, pinned =, tap =}")
        try table.rejectUnknownKeys(["size", "view", "pinned", "sticky", "tap"])
        try table.with("size") { s in
            if lua_type(L, s) == LUA_TFUNCTION {
                p.headerSize = headerSizeFunction(reference(at: s), of: p)
            } else if lua_type(L, s) != LUA_TNIL {
                p.headerSize = try fixedSize(field, key: "header.size", at: s, expected: "a size {w, h} or a function(header, section, pw, ph)")
            }
        }
        p.headerKind = try table.optString("view") ?? "header"
        let pinned = table.with("pinned") { lua_type(L, $0) == LUA_TNIL ? nil : lua_toboolean(L, $0) != 0 }
        let sticky = table.with("sticky") { lua_type(L, $0) == LUA_TNIL ? nil : lua_toboolean(L, $0) != 0 }
        if let pinned, let sticky, pinned != sticky {
            throw field.error(.part(.field("header"), ".sticky"), at: 0, mustBe: "absent or equal to pinned (it is another name for pinned)",
                              got: "\(sticky) with pinned = \(pinned)")
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

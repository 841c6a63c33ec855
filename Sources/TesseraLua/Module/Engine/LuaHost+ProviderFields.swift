import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

extension LuaHost {
    /// Sets field `key` of a provider from the value at `slot`, checking it; records the Lua value.
    func setProviderField(_ box: ProviderBox, _ key: String, at slot: Int32, args: LuaArguments) throws {
        let slot = lua_absindex(L, slot)
        let field = LuaArguments(L, function: box.constructor)
        switch (box.provider, key) {
        case (_, "identifier"):
            box.provider.identifier = try field.optString(field: key, at: slot)
        case (_, "animator"):
            box.provider.animator = try animatorField(field, key: key, at: slot)
        case (let p as BasicProvider, "data"):
            _ = try field.table(field: key, at: slot, expected: "a list of items")
            try storeField(box, key, slot)
            try rebuildSource(box, p)
            return
        case (let p as BasicProvider, "sections"):
            if !field.isAbsent(slot) { _ = try field.table(field: key, at: slot, expected: "a list of sections {id =, count =}") }
            try storeField(box, key, slot)
            if p.data.count > 0 || !field.isAbsent(slot) { try rebuildSource(box, p) }
            return
        case (let p as BasicProvider, "id"):
            _ = try field.optFunction(field: key, at: slot, host: self)
            try storeField(box, key, slot)
            if p.data.count > 0 || !field.isAbsent(slot) { try rebuildSource(box, p) }
            return
        case (let p as BasicProvider, "layout"):
            p.layout = try field.layout(field: key, at: slot, host: self)
        case (let p as BasicProvider, "size"):
            p.size = try itemSize(field, key: key, at: slot, box: box)
        case (let p as BasicProvider, "view"):
            p.view = try viewRegistration(field, key: key, at: slot, box: box)
        case (let p as BasicProvider, "tap"):
            let tap = try field.optFunction(field: key, at: slot, host: self)
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
        case (let p as any ComposingProvider, "sections"):
            let sections = try sectionList(field, key: key, at: slot, of: p)
            try checkNesting(sections, function: box.constructor, key: key)
            p.sections = sections
        case (let p as any ComposingProvider, "layout"):
            p.layout = try field.optLayout(field: key, at: slot, host: self)
        case (let p as HeadersProvider, "header"):
            try setHeader(p, field, at: slot)
        case (let p as SpacerProvider, "width"):
            p.width = try field.isAbsent(slot) ? .fraction(1) : dimension(field, key: key, at: slot)
        case (let p as SpacerProvider, "height"):
            p.height = try field.isAbsent(slot) ? .absolute(0) : dimension(field, key: key, at: slot)
        case (let p as EmptyStateProvider, "content"):
            guard let content = providerBox(at: slot) else { throw field.error(.field(key), at: slot, mustBe: "a provider", numeric: false) }
            if content.provider === p || content.provider.contains(p) {
                throw field.error(.field(key), "would make a cycle: the content is or contains this provider; a provider cannot contain itself")
            }
            try checkNesting([content.provider], function: box.constructor, key: key)
            p.content = content.provider
        case (let p as EmptyStateProvider, "view"):
            p.emptyKind = try field.optString(field: key, at: slot) ?? "empty"
        case (let p as EmptyStateProvider, "tap"):
            let tap = try field.optFunction(field: key, at: slot, host: self)
            p.tapEmpty = tap.map { fn in { [weak self] in
                guard let self else { return }
                try self.runCallback {
                    self.push(fn)
                    try self.protectedCall(arguments: 0, results: 0)
                }
            } }
        default:
            let known = TesseraModule.fields(of: box.provider)
            throw field.unknownField(key, known: known)
        }
        try storeField(box, key, slot)
    }
}

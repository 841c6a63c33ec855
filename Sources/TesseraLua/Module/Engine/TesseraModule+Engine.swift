import CLua
import LuaBridge
import TesseraCore

// t.engine{ provider =, viewport = {w, h}, keepFirstVisible = false, animator =, safeArea =,
// layoutMargins =, readableWidth = }, its fields
// e.reloadCount, e.contentSize, e.offset, e.viewport, e.sectionOffsets, e.stats, e.provider and
// e.animator (both assignable: they schedule a reload), e.anchor and e.guides (assignable; new
// guides relayout at the next pass), and the field access of providers.

extension TesseraModule {
    /// Each method's name, the most arguments it takes (self aside) and its function.
    static let engineMethods: [(String, Int, tb_HostFunction)] = [
        ("layout", 0, engineLayout), ("views", 0, engineViews), ("scroll", 2, engineScroll), ("resize", 2, engineResize),
        ("tap", 2, engineTap), ("frame", 1, engineFrame), ("scrollTo", 2, engineScrollTo), ("show", 1, engineShow),
        ("scrollSection", 4, engineScrollSection), ("measure", 3, engineMeasure),
    ]

    static let providerIndex: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            guard let box = host.providerBox(at: 1) else { throw args.error(.argument(1, nil), at: 1, mustBe: "a provider", numeric: false) }
            let named = LuaArguments(L!, function: box.constructor)
            let key = try named.string(2, "key")
            guard TesseraModule.fields(of: box.provider).contains(key) else { throw named.unknownField(key, known: TesseraModule.fields(of: box.provider)) }
            host.pushProviderField(box, key)
            return 1
        }
    }

    static let providerNewIndex: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            guard let box = host.providerBox(at: 1) else { throw args.error(.argument(1, nil), at: 1, mustBe: "a provider", numeric: false) }
            try host.setProviderField(box, try LuaArguments(L!, function: box.constructor).string(2, "key"), at: 3, args: args)
            return 0
        }
    }

    /// t.engine{ provider =, viewport = {w, h}, keepFirstVisible = false, animator =, anchor =,
    /// safeArea =, layoutMargins =, readableWidth = } (the guides as t.run takes them)
    static let moduleEngine: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            let options = try args.optTable(1, "options", known: ["provider", "viewport", "anchor", "keepFirstVisible", "animator"]
                                                + LuaTableArgument.guideFields)
            var size = Size.defaultViewport
            try options?.with("viewport") { slot in
                if lua_type(L, slot) != LUA_TNIL { size = try args.pair(field: "viewport", at: slot) }
            }
            let engine = CollectionEngine(viewport: size, guides: try options?.guides() ?? .zero)
            engine.keepsFirstVisibleOnReload = options?.with("keepFirstVisible") { lua_toboolean(L, $0) != 0 } ?? false
            try options?.with("anchor") { slot in
                if lua_type(L, slot) != LUA_TNIL { engine.anchor = try args.option(field: "anchor", at: slot, ScrollAnchor.self) }
            }
            lua_createtable(L, 0, 1)
            let box = EngineBox(engine, fields: host.reference(at: -1))
            tb_pop(L, 1)
            if let options {
                try options.with("provider") { try host.setEngineProvider(box, at: $0, args: args) }
                try options.with("animator") { try host.setEngineAnimator(box, at: $0, function: args.function) }
            }
            host.pushBox(box, meta: host.engineSupport.engineMetaRef)
            return 1
        }
    }

    /// The fields an engine value reads (its methods aside).
    static let engineFields = ["reloadCount", "contentSize", "offset", "viewport", "sectionOffsets", "stats", "anchor", "guides", "provider",
                               "animator"]

    static let engineIndex: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            let box = try host.engineBox(args)
            let key = try args.string(2, "key")
            let engine = box.engine
            switch key {
            case "reloadCount": lua_pushinteger(L, lua_Integer(engine.reloadCount))
            case "contentSize": host.pushNumbers([engine.contentSize.width, engine.contentSize.height])
            case "offset": host.pushNumbers([engine.scrollState.contentOffset.x, engine.scrollState.contentOffset.y])
            case "viewport": host.pushNumbers([engine.viewportSize.width, engine.viewportSize.height])
            case "sectionOffsets":
                // {[section] = {x, y}} for the sideways sections scrolled so far (1-based).
                let offsets = engine.scrollState.sectionOffsets
                lua_createtable(L, 0, Int32(offsets.count))
                for (s, o) in offsets {
                    host.pushNumbers([o.x, o.y])
                    lua_rawseti(L, -2, lua_Integer(s + 1))
                }
            case "stats": LuaStack.push(L!, json: .object(["created": .int(engine.stats.created), "reused": .int(engine.stats.reused)]), readOnly: false)
            case "anchor": LuaStack.push(L!, engine.anchor.rawValue)
            case "guides": host.pushGuides(engine.guides)
            case "provider", "animator":
                host.push(box.fields)
                LuaStack.rawField(L!, -1, key)
            default:
                lua_pushvalue(L, tb_upvalueindex(TB_HOST_UPVALUES + 1))
                guard LuaStack.rawField(L!, -1, key) == LUA_TFUNCTION else {
                    let known = TesseraModule.engineFields + TesseraModule.engineMethods.map(\.0)
                    throw args.unknownField(key, known: known)
                }
            }
            return 1
        }
    }

    static let engineNewIndex: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            let box = try host.engineBox(args)
            let key = try args.string(2, "key")
            switch key {
            case "provider": try host.setEngineProvider(box, at: 3, args: LuaArguments(L!, function: "engine"))
            case "animator": try host.setEngineAnimator(box, at: 3, function: "engine")
            case "anchor": box.engine.anchor = try LuaArguments(L!, function: "engine").option(field: "anchor", at: 3, ScrollAnchor.self)
            case "guides": try host.setEngineGuides(box, at: 3)
            default:
                throw args.error(.field(key), "cannot be assigned (use e:scroll, e:resize, e.provider = ..., e.animator = ..., e.anchor = ... or e.guides = ...)")
            }
            return 0
        }
    }
}

extension LuaHost {
    /// The provider and engine metatables: `__index`/`__newindex` host functions.
    func makeEngineMetatables() {
        engineSupport.providerMetaRef = makeBoxMetatable(named: "provider", [
            ("__index", { self.pushHostFunction(TesseraModule.providerIndex, named: "provider") }),
            ("__newindex", { self.pushHostFunction(TesseraModule.providerNewIndex, named: "provider") }),
        ])
        engineSupport.engineMetaRef = makeBoxMetatable(named: "engine", [
            ("__index", {
                // The methods table is the __index function's upvalue.
                lua_createtable(self.L, 0, Int32(TesseraModule.engineMethods.count))
                for (name, arguments, function) in TesseraModule.engineMethods {
                    self.pushHostFunction(function, named: "engine:\(name)", arguments: arguments)
                    LuaStack.setField(self.L, -2, name)
                }
                self.pushHostFunction(TesseraModule.engineIndex, named: "engine", upvalues: 1)
            }),
            ("__newindex", { self.pushHostFunction(TesseraModule.engineNewIndex, named: "engine") }),
            // The fields `__index` computes, for the REPL's Tab completion (which runs no code).
            ("__fields", { LuaStack.push(self.L, json: .array(TesseraModule.engineFields.map { .string($0) }), readOnly: false) }),
        ])
        makeAnimatorMetatable()
    }

    func setEngineProvider(_ box: EngineBox, at slot: Int32, args: LuaArguments) throws {
        if lua_type(L, slot) == LUA_TNIL {
            box.engine.provider = nil
        } else {
            guard let p = providerBox(at: slot) else {
                throw args.error(.field("provider"), at: slot, mustBe: "a provider (t.provider{}, t.composed{}, t.headers{}, ...)", numeric: false)
            }
            try checkProviderTree(p.provider, function: args.function)
            box.engine.provider = p.provider
        }
        push(box.fields)
        lua_pushvalue(L, slot)
        LuaStack.setField(L, -2, "provider")
        tb_pop(L, 1)
    }

    func setEngineAnimator(_ box: EngineBox, at slot: Int32, function: String) throws {
        let slot = lua_absindex(L, slot)
        box.engine.animator = try animatorField(LuaArguments(L, function: function), key: "animator", at: slot)
        push(box.fields)
        lua_pushvalue(L, slot)
        LuaStack.setField(L, -2, "animator")
        tb_pop(L, 1)
    }

    func engineBox(_ args: LuaArguments) throws -> EngineBox {
        guard let box = box(at: 1, meta: engineSupport.engineMetaRef, as: EngineBox.self) else {
            throw args.error(.argument(1, nil), at: 1, mustBe: "an engine (e:\(args.function.split(separator: ":").last ?? "")(...))", numeric: false)
        }
        // A tree deepened through its ancestors since it was attached is caught before a pass.
        try checkProviderTree(box.engine.provider, function: "engine")
        return box
    }
}

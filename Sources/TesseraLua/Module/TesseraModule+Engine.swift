import CLua
import LuaBridge
import TesseraCore
import TesseraRender

// t.engine{ provider =, viewport = {w, h}, keepFirstVisible = false, animator = } and its
// methods: e:layout(), e:views(), e:scroll(x, y), e:resize(w, h), e:tap(x, y), e:frame(i),
// e:scrollTo(i [, "top"|"center"|"bottom"]), e:show(); fields e.reloadCount, e.contentSize,
// e.offset, e.viewport, e.stats, e.provider and e.animator (both assignable: they schedule a
// reload). Indices are 1-based here; events and views are tables; an event carries the
// `animation` its view's animator returned. A pass whose animator failed completes without
// those animations, and the method that ran it then raises the animator's error.

/// An engine in Lua, with the provider value it shows.
final class EngineBox {
    let engine: CollectionEngine
    let fields: LuaReference
    init(_ engine: CollectionEngine, fields: LuaReference) { self.engine = engine; self.fields = fields }
}

extension LuaHost {
    static let engineMethods: [(String, tb_HostFunction)] = [
        ("layout", engineLayout), ("views", engineViews), ("scroll", engineScroll), ("resize", engineResize),
        ("tap", engineTap), ("frame", engineFrame), ("scrollTo", engineScrollTo), ("show", engineShow),
        ("scrollSection", engineScrollSection),
    ]

    /// The provider and engine metatables: `__index`/`__newindex` host functions.
    func makeEngineMetatables() {
        engineSupport.providerMetaRef = makeBoxMetatable(named: "provider", [
            ("__index", { self.pushHostFunction(LuaHost.providerIndex, named: "provider") }),
            ("__newindex", { self.pushHostFunction(LuaHost.providerNewIndex, named: "provider") }),
        ])
        engineSupport.engineMetaRef = makeBoxMetatable(named: "engine", [
            ("__index", {
                // The methods table is the __index function's upvalue.
                lua_createtable(self.L, 0, Int32(LuaHost.engineMethods.count))
                for (name, function) in LuaHost.engineMethods {
                    self.pushHostFunction(function, named: "engine:\(name)")
                    LuaStack.setField(self.L, -2, name)
                }
                self.pushHostFunction(LuaHost.engineIndex, named: "engine", upvalues: 1)
            }),
            ("__newindex", { self.pushHostFunction(LuaHost.engineNewIndex, named: "engine") }),
        ])
        makeAnimatorMetatable()
    }

    static let providerIndex: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            guard let box = host.providerBox(at: 1) else { throw args.error("expected a provider") }
            let key = try args.string(2, "key")
            guard LuaHost.fields(of: box.provider).contains(key) else {
                throw LuaHost.moduleError("\(box.constructor): a provider has no field '\(key)'; known fields: \(LuaHost.fields(of: box.provider).joined(separator: ", "))")
            }
            host.pushProviderField(box, key)
            return 1
        }
    }

    static let providerNewIndex: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            guard let box = host.providerBox(at: 1) else { throw args.error("expected a provider") }
            try host.setProviderField(box, try args.string(2, "key"), at: 3, args: args)
            return 0
        }
    }

    /// t.engine{ provider =, viewport = {w, h}, keepFirstVisible = false }
    static let moduleEngine: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            let options = try args.optTable(1, "options", known: ["provider", "viewport", "keepFirstVisible", "animator"])
            var size = Size.defaultViewport
            try options?.with("viewport") { slot in
                if lua_type(L, slot) != LUA_TNIL { size = try host.pair(args, slot, "viewport") }
            }
            let engine = CollectionEngine(viewport: size)
            engine.keepsFirstVisibleOnReload = options?.with("keepFirstVisible") { lua_toboolean(L, $0) != 0 } ?? false
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

    /// Two numbers from `{a, b}` at `slot`, as a size (non-negative).
    func pair(_ args: LuaArguments, _ slot: Int32, _ name: String) throws -> Size {
        guard lua_type(L, slot) == LUA_TTABLE else { throw LuaHost.moduleError("\(args.function): field '\(name)' must be {width, height}, got \(LuaStack.typeName(L, slot))") }
        lua_rawgeti(L, slot, 1)
        lua_rawgeti(L, slot, 2)
        defer { tb_pop(L, 2) }
        guard let w = LuaStack.number(L, -2), let h = LuaStack.number(L, -1), w.isFinite, h.isFinite, w >= 0, h >= 0 else {
            throw LuaHost.moduleError("\(args.function): field '\(name)' must be {width, height} with finite, non-negative numbers")
        }
        return Size(width: w, height: h)
    }

    func setEngineProvider(_ box: EngineBox, at slot: Int32, args: LuaArguments) throws {
        if lua_type(L, slot) == LUA_TNIL {
            box.engine.provider = nil
        } else {
            guard let p = providerBox(at: slot) else {
                throw LuaHost.moduleError("\(args.function): field 'provider' must be a provider (t.provider{}, t.composed{}, t.headers{}, ...), got \(LuaStack.typeName(L, slot))")
            }
            box.engine.provider = p.provider
        }
        push(box.fields)
        lua_pushvalue(L, slot)
        LuaStack.setField(L, -2, "provider")
        tb_pop(L, 1)
    }

    func setEngineAnimator(_ box: EngineBox, at slot: Int32, function: String) throws {
        let slot = lua_absindex(L, slot)
        box.engine.animator = try animatorField(FieldReader(host: self, function: function, key: "animator", slot: slot))
        push(box.fields)
        lua_pushvalue(L, slot)
        LuaStack.setField(L, -2, "animator")
        tb_pop(L, 1)
    }

    func engineBox(_ args: LuaArguments) throws -> EngineBox {
        guard let box = box(at: 1, meta: engineSupport.engineMetaRef, as: EngineBox.self) else {
            throw args.error("must be called on an engine (e:\(args.function.split(separator: ":").last ?? "")(...)), got \(LuaStack.typeName(L, 1))")
        }
        return box
    }

    static let engineIndex: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            let box = try host.engineBox(args)
            let key = try args.string(2, "key")
            let engine = box.engine
            switch key {
            case "reloadCount": lua_pushinteger(L, lua_Integer(engine.reloadCount))
            case "contentSize": host.pushNumbers([engine.contentSize.width, engine.contentSize.height])
            case "offset": host.pushNumbers([engine.viewport.offset.x, engine.viewport.offset.y])
            case "viewport": host.pushNumbers([engine.viewport.size.width, engine.viewport.size.height])
            case "stats": LuaStack.push(L!, json: .object(["created": .int(engine.stats.created), "reused": .int(engine.stats.reused)]), readOnly: false)
            case "provider", "animator":
                host.push(box.fields)
                LuaStack.rawField(L!, -1, key)
            default:
                lua_pushvalue(L, tb_upvalueindex(TB_HOST_UPVALUES + 1))
                guard LuaStack.rawField(L!, -1, key) == LUA_TFUNCTION else {
                    let known = ["reloadCount", "contentSize", "offset", "viewport", "stats", "provider", "animator"] + LuaHost.engineMethods.map(\.0)
                    let hint = DidYouMean.suggestion(for: key, among: known).map { " (did you mean \($0)?)" } ?? ""
                    throw LuaHost.moduleError("engine has no field '\(key)'\(hint)")
                }
            }
            return 1
        }
    }

    static let engineNewIndex: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            let box = try host.engineBox(args)
            let key = try args.string(2, "key")
            switch key {
            case "provider": try host.setEngineProvider(box, at: 3, args: LuaArguments(L!, function: "engine"))
            case "animator": try host.setEngineAnimator(box, at: 3, function: "engine")
            default:
                throw LuaHost.moduleError("engine: field '\(key)' cannot be assigned (use e:scroll, e:resize, e.provider = ... or e.animator = ...)")
            }
            return 0
        }
    }

    /// [-0, +1, m] A list of numbers; whole ones as Lua integers, so they print as `50`.
    func pushNumbers(_ values: [Double]) {
        lua_createtable(L, Int32(values.count), 0)
        for (k, v) in values.enumerated() {
            pushNumber(v)
            lua_rawseti(L, -2, lua_Integer(k + 1))
        }
    }

    /// [-0, +1, -] A number; a whole one as a Lua integer.
    func pushNumber(_ v: Double) {
        if let n = Int(whole: v, in: -999_999_999_999_999...999_999_999_999_999) { lua_pushinteger(L, lua_Integer(n)) } else { lua_pushnumber(L, v) }
    }

    /// Runs one engine call; raises a callback's error (the first), else the error of an
    /// animator that failed during the pass, after it.
    func runPass<T>(_ engine: CollectionEngine? = nil, _ body: () throws -> T) throws -> T {
        engineSupport.failure = nil
        let value = try body()
        if let failure = engineSupport.failure {
            engineSupport.failure = nil
            throw failure
        }
        if let error = engine?.animatorError { throw error }
        return value
    }

    /// [-0, +1, m] Events as a list of tables (1-based indices, frames as {x, y, w, h}).
    func pushEvents(_ events: [EngineEvent]) {
        lua_createtable(L, Int32(events.count), 0)
        for (k, e) in events.enumerated() {
            lua_createtable(L, 0, 9)
            LuaStack.push(L, e.type.rawValue); LuaStack.setField(L, -2, "type")
            lua_pushinteger(L, lua_Integer(e.view)); LuaStack.setField(L, -2, "view")
            LuaStack.push(L, e.kind); LuaStack.setField(L, -2, "kind")
            LuaStack.push(L, e.id); LuaStack.setField(L, -2, "id")
            lua_pushinteger(L, lua_Integer(e.index + 1)); LuaStack.setField(L, -2, "index")
            pushFrame(e.frame); LuaStack.setField(L, -2, "frame")
            if let old = e.oldFrame { pushFrame(old); LuaStack.setField(L, -2, "oldFrame") }
            if let animation = e.animation { pushAnimation(animation); LuaStack.setField(L, -2, "animation") }
            lua_rawseti(L, -2, lua_Integer(k + 1))
        }
    }

    func pushFrame(_ f: Rect) { pushNumbers([f.x, f.y, f.width, f.height]) }

    static let engineLayout: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            let engine = try host.engineBox(args).engine
            host.pushEvents(try host.runPass(engine) { try engine.layout() })
            return 1
        }
    }

    static let engineScroll: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            let engine = try host.engineBox(args).engine
            let x = try args.number(2, "x"), y = try args.number(3, "y")
            host.pushEvents(try host.runPass(engine) { try engine.scroll(to: Point(x: x, y: y)) })
            return 1
        }
    }

    static let engineResize: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            let engine = try host.engineBox(args).engine
            let w = try args.number(2, "width", .nonNegative), h = try args.number(3, "height", .nonNegative)
            host.pushEvents(try host.runPass(engine) { try engine.resize(to: Size(width: w, height: h)) })
            return 1
        }
    }

    static let engineScrollTo: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            let engine = try host.engineBox(args).engine
            let index = try args.integer(2, "index", minimum: 1)
            let position = try args.optOption(3, "position", default: CollectionEngine.ScrollPosition.top)
            guard index <= engine.itemCount else {
                throw args.error(2, "index", mustBe: "an item index from 1 to \(engine.itemCount)")
            }
            host.pushEvents(try host.runPass(engine) { try engine.scroll(toItem: index - 1, at: position) })
            return 1
        }
    }

    /// e:scrollSection(section, x, y): a section that scrolls sideways (1-based) to offset x, y; a pass.
    static let engineScrollSection: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            let engine = try host.engineBox(args).engine
            let section = try args.integer(2, "section", minimum: 1)
            let x = try args.number(3, "x"), y = try args.number(4, "y")
            let sideways = engine.layoutResult.orthogonalSections.map { $0.section + 1 }
            guard sideways.contains(section) else {
                let expected = sideways.isEmpty ? "a section that scrolls sideways (this layout has none)"
                    : "a section that scrolls sideways (\(sideways.map(String.init).joined(separator: ", ")))"
                throw args.error(2, "section", mustBe: expected)
            }
            engine.setOffset(Point(x: x, y: y), ofSection: section - 1)
            host.pushEvents(try host.runPass(engine) { try engine.layout() })
            return 1
        }
    }

    /// e:views(): {view=, kind=, id=, index=, frame={x, y, w, h}, data=} in drawing order.
    static let engineViews: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            let views = try host.engineBox(args).engine.views
            lua_createtable(L, Int32(views.count), 0)
            for (k, v) in views.enumerated() {
                lua_createtable(L, 0, 7)
                lua_pushinteger(L, lua_Integer(v.number)); LuaStack.setField(L!, -2, "view")
                LuaStack.push(L!, v.kind); LuaStack.setField(L!, -2, "kind")
                LuaStack.push(L!, v.id); LuaStack.setField(L!, -2, "id")
                lua_pushinteger(L, lua_Integer(v.index + 1)); LuaStack.setField(L!, -2, "index")
                host.pushFrame(v.frame); LuaStack.setField(L!, -2, "frame")
                lua_pushinteger(L, lua_Integer(v.zIndex)); LuaStack.setField(L!, -2, "zIndex")
                LuaStack.push(L!, json: v.data, readOnly: false); LuaStack.setField(L!, -2, "data")
                lua_rawseti(L, -2, lua_Integer(k + 1))
            }
            return 1
        }
    }

    /// e:tap(x, y) -> index, id (nil when no view is there); calls the provider's tap handler.
    static let engineTap: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            let engine = try host.engineBox(args).engine
            let point = Point(x: try args.number(2, "x"), y: try args.number(3, "y"))
            guard let hit = try host.runPass(nil, { engine.tap(at: point) }) else {
                lua_pushnil(L)
                return 1
            }
            lua_pushinteger(L, lua_Integer(hit.index + 1))
            LuaStack.push(L!, hit.id)
            return 2
        }
    }

    /// e:frame(i) -> {x, y, w, h} (the resting frame), or nil.
    static let engineFrame: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            let engine = try host.engineBox(args).engine
            let index = try args.integer(2, "index")
            if let f = try engine.frame(at: index - 1) { host.pushFrame(f) } else { lua_pushnil(L) }
            return 1
        }
    }

    /// e:show([columns]): prints the visible views, each drawn with a letter, and a legend; the
    /// picture is 8 to `AsciiPreview.maxSide` columns wide.
    static let engineShow: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            let engine = try host.engineBox(args).engine
            // The picture is 8 to AsciiPreview.maxSide columns wide, whatever is asked.
            let columns = Int(clamping: try args.optNumber(2, "columns", .positive, default: 60), into: 0...AsciiPreview.maxSide)
            for line in try EngineSketch.lines(engine, columns: columns) { host.output(line) }
            return 0
        }
    }
}

/// A character picture of an engine's visible area: view k (in drawing order) is drawn with the
/// k-th letter, later views over earlier ones, followed by one legend line per view.
enum EngineSketch {
    static func lines(_ engine: CollectionEngine, columns: Int) throws -> [String] {
        let rect = engine.viewport.rect
        let views = engine.views
        let frames = try FramesResult(frames: views.map { $0.frame }, minimumContentSize: Size(width: rect.maxX, height: rect.maxY),
                                      layoutName: "engine views")
        let picture = try AsciiPreview(columns: columns, maxRows: 60).render(frames, region: rect)
        let f = NumberText.display
        var lines = picture.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.append("viewport \(f(rect.width))x\(f(rect.height)) at \(f(rect.x)),\(f(rect.y)); content \(f(engine.contentSize.width))x\(f(engine.contentSize.height)); \(views.count) views; reloads \(engine.reloadCount); created \(engine.stats.created), reused \(engine.stats.reused)")
        for (k, v) in views.enumerated() {
            let fr = v.frame
            lines.append("\(AsciiPreview.glyph(for: k)) view \(v.number) \(v.kind) #\(v.index + 1) \(v.id) (\(f(fr.x)), \(f(fr.y)), \(f(fr.width)), \(f(fr.height)))")
        }
        return lines
    }
}

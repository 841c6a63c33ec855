import CLua
import LuaBridge
import TesseraCore
import TesseraRender

// t.engine{ provider =, viewport = {w, h}, keepFirstVisible = false, animator = } and its
// methods: e:layout(), e:views(), e:scroll(x, y), e:resize(w, h), e:tap(x, y), e:frame(i),
// e:scrollTo(i [, "top"|"center"|"bottom"]), e:scrollSection(s, x, y [, {velocity = v}]),
// e:show(); fields e.reloadCount, e.contentSize, e.offset, e.viewport, e.sectionOffsets,
// e.stats, e.provider and
// e.animator (both assignable: they schedule a reload). Indices and sections are 1-based here;
// events and views are tables with the view's category ("cell", "supplementary",
// "decoration") and kind; an event carries the `animation` its view's animator returned. A
// provider callback or an animator that fails raises its error (with the script's file:line)
// from the method that ran the pass, and the engine keeps its state from before that pass.

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
    func pair(_ args: LuaArguments, _ slot: Int32, _ name: String, allowNegative: Bool = false) throws -> Size {
        guard lua_type(L, slot) == LUA_TTABLE else { throw LuaHost.moduleError("\(args.function): field '\(name)' must be {width, height}, got \(LuaStack.typeName(L, slot))") }
        tb_rawgeti(L, slot, 1)
        tb_rawgeti(L, slot, 2)
        defer { tb_pop(L, 2) }
        guard let w = LuaStack.number(L, -2), let h = LuaStack.number(L, -1), w.isFinite, h.isFinite,
              allowNegative || (w >= 0 && h >= 0) else {
            throw LuaHost.moduleError("\(args.function): field '\(name)' must be {\(allowNegative ? "x, y" : "width, height")} with finite\(allowNegative ? "" : ", non-negative") numbers")
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
        // A tree deepened through its ancestors since it was attached is caught before a pass.
        try checkProviderTree(box.engine.provider, function: "engine")
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
            case "provider", "animator":
                host.push(box.fields)
                LuaStack.rawField(L!, -1, key)
            default:
                lua_pushvalue(L, tb_upvalueindex(TB_HOST_UPVALUES + 1))
                guard LuaStack.rawField(L!, -1, key) == LUA_TFUNCTION else {
                    let known = ["reloadCount", "contentSize", "offset", "viewport", "sectionOffsets", "stats", "provider", "animator"] + LuaHost.engineMethods.map(\.0)
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

    /// The name of a view's category in Lua and JSON: a cell is `"cell"`.
    static func categoryName(_ c: ElementCategory) -> String { c == .item ? "cell" : c.rawValue }

    /// [-0, +0, m] Sets `category`, `kind`, `id`, `index` (1-based, absent for a section's
    /// header, footer or background) and `section` (1-based) of the table on top.
    func setViewFields(category: ElementCategory, kind: String, id: ItemID, index: Int?, section: Int) {
        LuaStack.push(L, LuaHost.categoryName(category)); LuaStack.setField(L, -2, "category")
        LuaStack.push(L, kind); LuaStack.setField(L, -2, "kind")
        LuaStack.push(L, id: id); LuaStack.setField(L, -2, "id")
        if let index { lua_pushinteger(L, lua_Integer(index + 1)); LuaStack.setField(L, -2, "index") }
        lua_pushinteger(L, lua_Integer(section + 1)); LuaStack.setField(L, -2, "section")
    }

    /// [-0, +1, m] Events as a list of tables (1-based indices, frames as {x, y, w, h}).
    func pushEvents(_ events: [EngineEvent]) {
        lua_createtable(L, Int32(events.count), 0)
        for (k, e) in events.enumerated() {
            lua_createtable(L, 0, 10)
            LuaStack.push(L, e.type.rawValue); LuaStack.setField(L, -2, "type")
            lua_pushinteger(L, lua_Integer(e.view)); LuaStack.setField(L, -2, "view")
            setViewFields(category: e.category, kind: e.kind, id: e.id, index: e.index, section: e.section)
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
            host.pushEvents(try engine.layout())
            return 1
        }
    }

    static let engineScroll: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            let engine = try host.engineBox(args).engine
            let x = try args.number(2, "x"), y = try args.number(3, "y")
            host.pushEvents(try engine.scroll(to: Point(x: x, y: y)))
            return 1
        }
    }

    static let engineResize: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            let engine = try host.engineBox(args).engine
            let w = try args.number(2, "width", .nonNegative), h = try args.number(3, "height", .nonNegative)
            host.pushEvents(try engine.resize(to: Size(width: w, height: h)))
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
            host.pushEvents(try engine.scroll(toItem: index - 1, at: position))
            return 1
        }
    }

    /// e:scrollSection(section, x, y [, { velocity = v }]): a section that scrolls sideways
    /// (1-based) to offset x, y, and a pass; with a velocity (points per second along the
    /// section's scrolling axis, or {vx, vy}) it comes to rest at the section's
    /// targetContentOffset for its paging behaviour. Pending work (the first pass, a reload)
    /// runs first, so every sideways section of the tree as it is now can be scrolled; the
    /// events of both passes are returned.
    static let engineScrollSection: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            let engine = try host.engineBox(args).engine
            let section = try args.integer(2, "section", minimum: 1)
            let x = try args.number(3, "x"), y = try args.number(4, "y")
            let options = try args.optTable(5, "options", known: ["velocity"])
            var velocity: Point?
            try options?.with("velocity") { slot in
                if lua_type(L, slot) == LUA_TNIL { return }
                if let v = LuaStack.number(L!, slot), v.isFinite {
                    velocity = Point(x: v, y: v)
                } else if lua_type(L, slot) == LUA_TTABLE {
                    let pair = try host.pair(args, slot, "velocity", allowNegative: true)
                    velocity = Point(x: pair.width, y: pair.height)
                } else {
                    throw LuaHost.moduleError("\(args.function): field 'velocity' must be a finite number or {vx, vy}, got \(LuaStack.typeName(L!, slot))")
                }
            }
            var events = engine.hasPendingPass ? try engine.layout() : []
            let sideways = engine.layoutResult.orthogonalSections.map { $0.section + 1 }
            guard sideways.contains(section) else {
                let expected = sideways.isEmpty ? "a section that scrolls sideways (this layout has none)"
                    : "a section that scrolls sideways (\(sideways.map(String.init).joined(separator: ", ")))"
                throw args.error(2, "section", mustBe: expected)
            }
            events += try engine.scrollSection(section - 1, to: Point(x: x, y: y), velocity: velocity)
            host.pushEvents(events)
            return 1
        }
    }

    /// [-0, +1, m] A view as a table: {view=, category=, kind=, id=, index=, section=,
    /// frame={x, y, w, h}, zIndex=, pinned=, data=}.
    func pushView(_ v: EngineView) {
        lua_createtable(L, 0, 10)
        lua_pushinteger(L, lua_Integer(v.number)); LuaStack.setField(L, -2, "view")
        setViewFields(category: v.category, kind: v.kind, id: v.id, index: v.index, section: v.section)
        pushFrame(v.frame); LuaStack.setField(L, -2, "frame")
        lua_pushinteger(L, lua_Integer(v.zIndex)); LuaStack.setField(L, -2, "zIndex")
        if v.pinned { lua_pushboolean(L, 1); LuaStack.setField(L, -2, "pinned") }
        LuaStack.push(L, json: v.data, readOnly: false); LuaStack.setField(L, -2, "data")
    }

    /// e:views(): every visible view (cells, headers, footers, badges, backgrounds) in drawing order.
    static let engineViews: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            let views = try host.engineBox(args).engine.views
            lua_createtable(L, Int32(views.count), 0)
            for (k, v) in views.enumerated() {
                host.pushView(v)
                lua_rawseti(L, -2, lua_Integer(k + 1))
            }
            return 1
        }
    }

    /// e:tap(x, y) -> index, id, view (nil when no view is there): the topmost view at the
    /// point, a cell or a header, footer, badge or background (index nil for a section's
    /// element); calls its provider's tap handler.
    static let engineTap: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            let engine = try host.engineBox(args).engine
            let point = Point(x: try args.number(2, "x"), y: try args.number(3, "y"))
            guard let hit = try engine.tap(at: point) else {
                lua_pushnil(L)
                return 1
            }
            if let index = hit.index { lua_pushinteger(L, lua_Integer(index + 1)) } else { lua_pushnil(L) }
            LuaStack.push(L!, id: hit.id)
            host.pushView(hit)
            return 3
        }
    }

    /// e:frame(i) -> {x, y, w, h} (the resting frame), or nil.
    static let engineFrame: tb_HostFunction = { L, context in
        hosted(L, context) { host, args in
            let engine = try host.engineBox(args).engine
            let index = try args.integer(2, "index")
            // index - 1 would overflow for math.mininteger; no index below 1 has a frame
            if index >= 1, let f = try engine.frame(at: index - 1) { host.pushFrame(f) } else { lua_pushnil(L) }
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
        let rect = engine.visibleRect
        let views = engine.views
        let frames = try FramesResult(frames: views.map { $0.frame }, minimumContentSize: Size(width: rect.maxX, height: rect.maxY),
                                      layoutName: "engine views")
        let picture = try AsciiPreview(columns: columns, maxRows: 60).render(frames, region: rect)
        let f = NumberText.display
        var lines = picture.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.append("viewport \(f(rect.width))x\(f(rect.height)) at \(f(rect.x)),\(f(rect.y)); content \(f(engine.contentSize.width))x\(f(engine.contentSize.height)); \(views.count) views; reloads \(engine.reloadCount); created \(engine.stats.created), reused \(engine.stats.reused)")
        for (k, v) in views.enumerated() {
            let fr = v.frame
            let place = v.index.map { "#\($0 + 1)" } ?? "s\(v.section + 1)"
            lines.append("\(AsciiPreview.glyph(for: k)) view \(v.number) \(v.kind) \(place) \(v.id) (\(f(fr.x)), \(f(fr.y)), \(f(fr.width)), \(f(fr.height)))")
        }
        return lines
    }
}

import CLua
import LuaBridge
import TesseraCore

// An engine's methods: e:layout(), e:views(), e:scroll(x, y), e:resize(w, h), e:tap(x, y),
// e:frame(i or id), e:scrollTo(i or id [, "top"|"center"|"bottom"]), e:scrollSection(s, x, y [, {velocity = v}]),
// e:measure(id, w, h), e:measure{ {id, w, h}, ... }, e:measure(id, nil), e:show(). A provider callback or an animator that fails raises its error (with the script's
// file:line) from the method that ran the pass, and the engine keeps its state from before
// that pass.

extension TesseraModule {
    static let engineLayout: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            let engine = try host.engineBox(args).engine
            host.pushEvents(try host.inPass { try engine.layout() })
            return 1
        }
    }

    static let engineScroll: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            let engine = try host.engineBox(args).engine
            let x = try args.number(2, "x"), y = try args.number(3, "y")
            host.pushEvents(try host.inPass { try engine.scroll(to: Point(x: x, y: y)) })
            return 1
        }
    }

    static let engineResize: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            let engine = try host.engineBox(args).engine
            let w = try args.number(2, "width", .nonNegative), h = try args.number(3, "height", .nonNegative)
            host.pushEvents(try host.inPass { try engine.resize(to: Size(width: w, height: h)) })
            return 1
        }
    }

    /// e:scrollTo(target [, "top"|"center"|"bottom"]): an item by 1-based index (an integer) or
    /// by id (a string), kept at that place through the passes that follow until the next e:scroll.
    static let engineScrollTo: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            let engine = try host.engineBox(args).engine
            let position = try args.optOption(3, "position", default: CollectionEngine.ScrollPosition.top)
            // Pending work first, so the target is looked up in the data as it is now; a value
            // that names no item at all is refused before any pass runs.
            let names = lua_type(L, 2) == LUA_TSTRING || LuaStack.integer(L!, 2) != nil
            var events = names && engine.hasPendingPass ? try host.inPass { try engine.layout() } : []
            let item = try args.engineItem(2, of: engine)
            // By id, the target is kept by its id through the passes that follow.
            events += try host.inPass {
                if let id = item.id { try engine.scrollTo(id, align: position) } else { try engine.scrollTo(item.index, align: position) }
            }
            host.pushEvents(events)
            return 1
        }
    }

    /// e:measure(id, w, h): the host's view of element `id` (a cell's id, or an element id such as
    /// "0-header") is w x h; e:measure(id, nil) forgets it; e:measure{ {id, w, h}, ... } reports
    /// several. Schedules a relayout; the next pass uses the sizes.
    static let engineMeasure: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            let engine = try host.engineBox(args).engine
            if lua_type(L, 2) == LUA_TTABLE {
                let n = Int(lua_rawlen(L, 2))
                var sizes: [(ItemID, Size)] = []
                for k in 1...max(n, 1) where n > 0 {
                    tb_rawgeti(L, 2, lua_Integer(k))
                    let entry = lua_gettop(L)
                    // A non-table entry gets three nils, so one check below refuses it.
                    let isTable = lua_type(L, entry) == LUA_TTABLE
                    for field in 1...3 { if isTable { tb_rawgeti(L, entry, lua_Integer(field)) } else { lua_pushnil(L) } }
                    defer { tb_pop(L, 4) }
                    let id = try? host.identifier(at: entry + 1, what: "id")
                    guard isTable, let id,
                          let w = LuaStack.number(L!, entry + 2), let h = LuaStack.number(L!, entry + 3),
                          NumberRule.measuredSize.accepts(w), NumberRule.measuredSize.accepts(h) else {
                        throw args.error(.argument(2, "measurements"), at: 2,
                                         mustBe: "a list of {id, width, height} with sizes \(Item.sizeRange)",
                                         got: "entry \(k): " + LuaArguments.shownEntries(L!, entry, count: 3))
                    }
                    try args.checkElement(id, of: engine, .part(.argument(2, "measurements"), "[\(k)][1]"), at: entry + 1)
                    sizes.append((id, Size(width: w, height: h)))
                }
                // Every entry was checked above, so none is stored when one is refused.
                for (id, size) in sizes { try engine.measure(id, size: size) }
                return 0
            }
            let id = try host.identifier(at: 2, what: "\(args.function): argument #1 (id)")
            if args.isAbsent(3) && args.isAbsent(4) {
                try args.checkElement(id, of: engine, .argument(2, "id"), at: 2, kept: true)
                try engine.measure(id, size: nil)
                return 0
            }
            let w = try args.number(3, "width", .measuredSize), h = try args.number(4, "height", .measuredSize)
            try args.checkElement(id, of: engine, .argument(2, "id"), at: 2)
            try engine.measure(id, size: Size(width: w, height: h))
            return 0
        }
    }

    /// e:scrollSection(section, x, y [, { velocity = v }]): a section that scrolls sideways
    /// (1-based) to offset x, y, and a pass; with a velocity (points per second along the
    /// section's scrolling axis, or {vx, vy}) it comes to rest at the section's
    /// targetContentOffset for its paging behaviour. Pending work (the first pass, a reload)
    /// runs first, so every sideways section of the tree as it is now can be scrolled; the
    /// events of both passes are returned.
    static let engineScrollSection: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
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
                    let pair = try args.pair(field: "velocity", at: slot, allowNegative: true)
                    velocity = Point(x: pair.width, y: pair.height)
                } else {
                    throw args.error(.field("velocity"), at: slot, mustBe: "a finite number or {vx, vy}", numeric: false)
                }
            }
            var events = engine.hasPendingPass ? try host.inPass { try engine.layout() } : []
            let sideways = engine.layoutResult.orthogonalSections.map { $0.section + 1 }
            guard sideways.contains(section) else {
                let expected = sideways.isEmpty ? "a section that scrolls sideways (this layout has none)"
                    : "a section that scrolls sideways (\(sideways.map(String.init).joined(separator: ", ")))"
                throw args.error(2, "section", mustBe: expected)
            }
            events += try host.inPass { try engine.scrollSection(section - 1, to: Point(x: x, y: y), velocity: velocity) }
            host.pushEvents(events)
            return 1
        }
    }
}

extension TesseraModule {
    /// e:views(): every visible view (cells, headers, footers, badges, backgrounds) in drawing order.
    static let engineViews: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
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
        LuaHost.hosted(L, context) { host, args in
            let engine = try host.engineBox(args).engine
            let point = Point(x: try args.number(2, "x"), y: try args.number(3, "y"))
            guard let hit = try host.inPass({ try engine.tap(at: point) }) else {
                lua_pushnil(L)
                return 1
            }
            if let index = hit.index { lua_pushinteger(L, lua_Integer(index + 1)) } else { lua_pushnil(L) }
            LuaStack.push(L!, id: hit.id)
            host.pushView(hit)
            return 3
        }
    }

    /// e:frame(target) -> {x, y, w, h}: the resting frame, as of the last pass, of an item named
    /// as e:scrollTo names one (a 1-based index or an id), refused as e:scrollTo refuses one.
    static let engineFrame: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            let engine = try host.engineBox(args).engine
            let item = try args.engineItem(2, of: engine)
            if let f = try host.inPass({ try engine.frame(at: item.index) }) { host.pushFrame(f) } else { lua_pushnil(L) }
            return 1
        }
    }

    /// e:show([columns]): prints the visible views, each drawn with a letter, and a legend, with
    /// the host's `pictures`.
    static let engineShow: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            let engine = try host.engineBox(args).engine
            // The renderer bounds the width (8 to 1000 columns in the CLI's), whatever is asked.
            let columns = Int(clamping: try args.optNumber(2, "columns", .positive, default: 60), into: 0...Int(Int32.max))
            guard let pictures = host.pictures else { throw args.noPictureRenderer() }
            for line in try pictures.engine(engine, columns) { host.output(line) }
            return 0
        }
    }
}

import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

/// The `LayoutContext` behind a Lua `ctx` table, kept alive by the table's methods.
final class ContextBox {
    let context: LayoutContext
    /// The context's sections, in its 0-based indices (see `LayoutContext.sections`).
    let sections: [Dataset.Section]
    /// Supplementaries and decorations the script emitted (`ctx.supplementary`, `ctx.decoration`).
    var elements: [LayoutElement] = []
    /// For ctx:size: the intrinsic sizes of this context's items, copied out of the dataset
    /// (O(count), about 2 ns per item) so the hot path reads plain memory; nil when the
    /// context's sizes come from a closure, or for the reference paths.
    let widths, heights: UnsafeMutableBufferPointer<Double>?
    let sizing: ItemSizing

    /// - Parameter reference: ask `context.size(at:proposed:)` for every size (the simple path
    ///   the fast ones must agree with; see `LuaHost.referenceDataAccess`).
    init(_ context: LayoutContext, reference: Bool = false) {
        self.context = context
        self.sections = context.sections
        if let storage = context.sizeStorage, !reference {
            let range = storage.base..<(storage.base + context.count)
            widths = .allocate(capacity: context.count)
            heights = .allocate(capacity: context.count)
            _ = widths!.initialize(from: storage.dataset.widths[range])
            _ = heights!.initialize(from: storage.dataset.heights[range])
            sizing = storage.sizing
        } else {
            widths = nil
            heights = nil
            sizing = ItemSizing()
        }
    }

    deinit {
        widths?.deallocate()
        heights?.deallocate()
    }

    /// Item `index`'s (0-based) size for `proposed`: `context.size(at:proposed:)`, read from
    /// the copied storage when there is one. O(1) for sized items. Throws what the context's
    /// size rule throws (a section that fails to lay out, a size function's error).
    @inline(__always)
    func size(_ index: Int, _ proposed: Size) throws -> Size {
        guard let widths, let heights else { return try context.size(at: index, proposed: proposed) }
        return sizing.size(w: widths[index], h: heights[index], text: { self.context.item(at: index)?.text }, proposed: proposed)
    }

    /// ctx:size's source (`tb_Sizer.size`): never raises; a size that fails is pushed as an
    /// error code (`LuaHost.raising`) for the bridge to raise. Allocates nothing on success.
    static let sizeOfItem: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, lua_Integer, Double, Double,
                                           UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?) -> Int32 = { source, L, i, pw, ph, w, h in
        Unmanaged<ContextBox>.fromOpaque(source!)._withUnsafeGuaranteedRef { box in
            LuaHost.raising(L!) {
                let size = try box.size(Int(i), Size(width: pw, height: ph))
                w!.pointee = size.width
                h!.pointee = size.height
                return 0
            }
        }
    }

    /// The bridge's code (TB_SIZE_*) for a sizing rule.
    static func bridgeRule(_ rule: SizingRule) -> Int {
        switch rule {
        case .fit: Int(TB_SIZE_FIT)
        case .fillWidth: Int(TB_SIZE_FILLWIDTH)
        case .intrinsic: Int(TB_SIZE_INTRINSIC)
        case .fill: Int(TB_SIZE_FILL)
        }
    }

    /// The section holding item `index` (0-based) and the item's place in it. O(log sections).
    func section(of index: Int) -> (section: Int, item: Int) {
        let s = Dataset.sectionIndex(containing: index, in: sections)
        return (s, index - sections[s].range.lowerBound)
    }

    /// Item `index`'s fields (nil for a context without a dataset).
    func fields(_ index: Int) -> OrderedDictionary<String, JSONValue>? { context.item(at: index)?.fields }
}

extension LuaHost {
    /// [-0, +1, m] Pushes the `ctx` table for `context` (the README's "Write your first layout"): fields `width`, `height`,
    /// `count`, `sections`, the writer `set`, and the methods `item`, `section`, `id`, `size`,
    /// `textHeight`. `frames` is the stack slot of the frames userdata `set` writes into
    /// (nil: a closed one, so `set` raises). With a script `size` function (a registry ref),
    /// `ctx:size` calls it with the item instead of the context's size rule.
    /// The returned box collects the elements the script emits.
    /// - Complexity: O(sections).
    @discardableResult
    func pushContext(_ context: LayoutContext, frames: Int32?, scriptSize: Int32 = LUA_NOREF) -> ContextBox {
        _ = lua_checkstack(L, 12)
        let box = ContextBox(context, reference: referenceDataAccess)
        lua_createtable(L, 0, 12)
        let ctx = lua_gettop(L)
        lua_pushnumber(L, context.collectionSize.width)
        LuaStack.setField(L, ctx, "width")
        lua_pushnumber(L, context.collectionSize.height)
        LuaStack.setField(L, ctx, "height")
        lua_pushinteger(L, lua_Integer(context.count))
        LuaStack.setField(L, ctx, "count")

        lua_createtable(L, Int32(clamping: box.sections.count), 0)
        for (k, s) in box.sections.enumerated() {
            LuaStack.push(L, json: LuaHost.sectionEntry(id: s.id, fields: s.fields, range: s.range), readOnly: true)
            lua_rawseti(L, -2, lua_Integer(k + 1))
        }
        tb_pushreadonly(L)
        LuaStack.setField(L, ctx, "sections")

        if let frames { lua_pushvalue(L, frames) } else { _ = tb_newframes(L) }
        tb_pushsetter(L)
        LuaStack.setField(L, ctx, "set")

        pushBox(box, meta: boxMetaRef)
        let boxSlot = lua_gettop(L)
        lua_createtable(L, 0, 2)   // columns: plain arrays by field name (ctx:column, ctx:item)
        lua_createtable(L, 0, 2)   // their read-only views (ctx:column)
        func pushMethod(_ function: tb_HostFunction, _ name: String) {
            for k in 0..<3 { lua_pushvalue(L, boxSlot + Int32(k)) }
            pushHostFunction(function, named: name, upvalues: 3)
        }
        for entry in LuaHost.registrations(.context) {
            pushMethod(entry.function, entry.qualifiedName)
            LuaStack.setField(L, ctx, entry.name)
        }
        // Plain functions, called with a dot like ctx.set.
        for (name, function) in [("supplementary", LuaHost.contextSupplementary), ("decoration", LuaHost.contextDecoration)] {
            pushMethod(function, "ctx.\(name)")
            LuaStack.setField(L, ctx, name)
        }

        // ctx:item and ctx:size are C functions (Items.c) over Swift storage.
        if referenceDataAccess {
            pushMethod(LuaHost.contextItemTable, "ctx:item")
        } else {
            lua_pushvalue(L, boxSlot + 1)
            lua_createtable(L, 0, 2)   // reads per field name
            pushMethod(LuaHost.contextColumnData, "ctx:item")
            pushMethod(LuaHost.contextField, "ctx:item")
            pushMethod(LuaHost.contextFields, "ctx:item")
            tb_pushitemaccess(L, lua_Integer(context.count), context.count == 0 || box.fields(0) != nil ? 1 : 0)
        }
        LuaStack.setField(L, ctx, "item")

        if scriptSize != LUA_NOREF {
            lua_rawgeti(L, LuaStack.registry, lua_Integer(scriptSize))
            LuaStack.rawField(L, ctx, "item")
            lua_pushnumber(L, context.collectionSize.width)
            lua_pushnumber(L, context.collectionSize.height)
            tb_pushscriptsize(L)
        } else {
            lua_pushvalue(L, boxSlot)
            let sizer = tb_pushsizer(L)!
            sizer.pointee.size = ContextBox.sizeOfItem
            sizer.pointee.source = Unmanaged.passUnretained(box).toOpaque()
            if let widths = box.widths, let heights = box.heights {   // sized items answered in C
                sizer.pointee.widths = UnsafePointer(widths.baseAddress)
                sizer.pointee.heights = UnsafePointer(heights.baseAddress)
                sizer.pointee.rule = Int32(ContextBox.bridgeRule(box.sizing.rule))
            }
            sizer.pointee.count = lua_Integer(context.count)
            sizer.pointee.width = context.collectionSize.width
            sizer.pointee.height = context.collectionSize.height
        }
        LuaStack.setField(L, ctx, "size")
        lua_settop(L, ctx)
        lua_rawgeti(L, LuaStack.registry, lua_Integer(contextMetaRef))
        lua_setmetatable(L, ctx)
        return box
    }

    /// ctx's `__index(ctx, key)`: reached only for a key the table lacks, so it raises
    /// "ctx has no field 'widht' (did you mean width?); known fields: ...", the fields being
    /// the table's own (a field the script set itself counts). O(fields).
    static let contextIndex: tb_HostFunction = { L, context in
        hosted(L, context) { _, _ in
            let L = L!
            var known: [String] = []
            lua_pushnil(L)
            while lua_next(L, 1) != 0 {
                if lua_type(L, -2) == LUA_TSTRING, let name = LuaStack.string(L, -2) { known.append(name) }
                tb_pop(L, 1)
            }
            known.sort()
            let key = lua_type(L, 2) == LUA_TSTRING ? LuaStack.string(L, 2) : nil
            let missing = key.map { "field '\($0)'" } ?? "\(LuaStack.typeName(L, 2)) keys"
            let hint = key.flatMap { DidYouMean.suggestion(for: $0, among: known) }.map { " (did you mean \($0)?)" } ?? ""
            throw LuaHost.moduleError("ctx has no \(missing)\(hint); known fields: \(known.joined(separator: ", "))")
        }
    }

    /// A section as Lua sees it (`ctx.sections`, `data.sections`, t.sections' function): its
    /// fields, then `id`, `first` (1-based) and `count`.
    static func sectionEntry(id: ItemID, fields: OrderedDictionary<String, JSONValue>, range: Range<Int>) -> JSONValue {
        var fields = fields
        fields["id"] = id.jsonValue
        fields["first"] = .int(range.lowerBound + 1)
        fields["count"] = .int(range.count)
        return .object(fields)
    }

    /// The box of a ctx method (its first upvalue after the host's own).
    static func contextBox(_ L: OpaquePointer) -> ContextBox {
        let slot = lua_touserdata(L, tb_upvalueindex(TB_HOST_UPVALUES + 1))!
        return Unmanaged<ContextBox>.fromOpaque(slot.load(as: UnsafeMutableRawPointer?.self)!).takeUnretainedValue()
    }

    /// Runs a ctx method body with its arguments and the context's box.
    static func contextMethod(_ L: OpaquePointer?, _ body: (ContextBox, LuaArguments) throws -> Int32) -> Int32 {
        let L = L!
        return raising(L) { try body(contextBox(L), LuaArguments(L, fallback: "ctx")) }
    }

    /// The 0-based item index from the 1-based one at stack slot 2 of `ctx:method(i, ...)`.
    static func itemIndex(_ args: LuaArguments, _ box: ContextBox) throws -> Int {
        let L = args.L
        guard let i = LuaStack.integer(L, 2) else {
            let hint = lua_type(L, 1) == LUA_TTABLE ? "" : " (call it with a colon: \(args.function)(i))"
            throw args.error(2, "i", mustBe: "an integer", got: args.describe(2) + hint)
        }
        guard i >= 1 && i <= box.context.count else {
            throw args.error(2, "i", mustBe: "an item index in 1..\(box.context.count)")
        }
        return i - 1
    }

    /// ctx:column(name) -> a read-only array whose entry i is `ctx:item(i)[name]` (nil where
    /// the item has no such field): one call for a hot loop instead of one `ctx:item` per item.
    /// Built once per `ctx` and name, shared with ctx:item. - Complexity: O(count) on the
    /// first call, O(1) after.
    static let contextColumn: tb_HostFunction = { L, _ in
        contextMethod(L) { box, args in
            let L = args.L
            let name = try args.string(2, "name")
            let views = tb_upvalueindex(TB_HOST_UPVALUES + 3)
            if LuaStack.rawField(L, views, name) != LUA_TNIL { return 1 }
            tb_pop(L, 1)
            pushColumn(L, box, name)
            tb_pushreadonly(L)
            LuaStack.push(L, name)
            lua_pushvalue(L, -2)
            lua_rawset(L, views)
            return 1
        }
    }

    /// [-0, +1, m] Pushes the plain array of field `name` of every item, from the columns
    /// cache (upvalue 2) or built now and cached. Values are as `ctx:item` gives them (nested
    /// tables read-only).
    static func pushColumn(_ L: OpaquePointer, _ box: ContextBox, _ name: String) {
        let columns = tb_upvalueindex(TB_HOST_UPVALUES + 2)
        if LuaStack.rawField(L, columns, name) == LUA_TTABLE { return }
        tb_pop(L, 1)
        let n = box.context.count
        lua_createtable(L, Int32(clamping: n), 0)
        if let storage = box.context.sizeStorage, box.widths != nil {   // the dataset's items, without a closure call each
            let base = storage.base
            storage.dataset.items.withUnsafeBufferPointer { items in
                // Loaders keep one key order: look where the last item had the field first. Only
                // what is read is copied out of the item, so a number costs no retain.
                var position = 0
                for i in 0..<n {
                    let k: Int
                    if position < items[base + i].fields.count, items[base + i].fields.keys[position] == name {
                        k = position
                    } else if let found = items[base + i].fields.index(forKey: name) {
                        k = found
                        position = found
                    } else { continue }
                    switch items[base + i].fields.values[k] {   // numbers read in place, the rest copied out
                    case .int(let v): lua_pushinteger(L, lua_Integer(v))
                    case .double(let v): lua_pushnumber(L, v)
                    case let value: LuaStack.push(L, json: value, readOnly: true)
                    }
                    lua_rawseti(L, -2, lua_Integer(i + 1))
                }
            }
        } else {
            for i in 0..<n {
                guard let value = box.fields(i)?[name] else { continue }
                LuaStack.push(L, json: value, readOnly: true)
                lua_rawseti(L, -2, lua_Integer(i + 1))
            }
        }
        LuaStack.push(L, name)
        lua_pushvalue(L, -2)
        lua_rawset(L, columns)
    }

    /// column(name) of ctx:item's proxies: the plain column array.
    static let contextColumnData: tb_HostFunction = { L, _ in
        contextMethod(L) { box, args in
            pushColumn(args.L, box, try args.string(1, "name"))
            return 1
        }
    }

    /// field(i, name) of ctx:item's proxies (1-based i): one field of one item.
    static let contextField: tb_HostFunction = { L, _ in
        contextMethod(L) { box, args in
            let i = try args.integer(1, "i"), name = try args.string(2, "name")
            LuaStack.push(args.L, json: box.fields(i - 1)?[name] ?? .null, readOnly: true)
            return 1
        }
    }

    /// ctx:item(i) on the reference paths (`LuaHost.referenceDataAccess`): a new read-only
    /// table of every field of the item on each call, nil for a context without a dataset.
    static let contextItemTable: tb_HostFunction = { L, _ in
        contextMethod(L) { box, args in
            let i = try itemIndex(args, box)
            guard let fields = box.fields(i) else { lua_pushnil(L); return 1 }
            LuaStack.push(args.L, json: .object(fields), readOnly: true)
            return 1
        }
    }

    /// fields(i) of ctx:item's proxies (1-based i): a table of every field (for pairs).
    static let contextFields: tb_HostFunction = { L, _ in
        contextMethod(L) { box, args in
            let i = try args.integer(1, "i")
            let fields = box.fields(i - 1) ?? [:]
            lua_createtable(L, 0, Int32(clamping: fields.count))
            for (key, value) in fields {
                LuaStack.push(args.L, json: value, readOnly: true)
                LuaStack.setField(args.L, -2, key)
            }
            return 1
        }
    }

    /// ctx:id(i) -> the item's id (an integer or a string).
    static let contextID: tb_HostFunction = { L, _ in
        contextMethod(L) { box, args in
            let i = try itemIndex(args, box)
            LuaStack.push(L!, id: box.context.identifier(at: i))
            return 1
        }
    }

    /// ctx:section(i) -> the index of the item's section in ctx.sections, and the item's
    /// position in it (both 1-based).
    static let contextSection: tb_HostFunction = { L, _ in
        contextMethod(L) { box, args in
            let (section, item) = box.section(of: try itemIndex(args, box))
            lua_pushinteger(L, lua_Integer(section + 1))
            lua_pushinteger(L, lua_Integer(item + 1))
            return 2
        }
    }

    /// ctx:textHeight(text, width [, {fontSize=, lineHeight=}]) -> the height of `text`
    /// wrapped to `width` by the built-in deterministic measurer.
    static let contextTextHeight: tb_HostFunction = { L, _ in
        contextMethod(L) { _, args in
            let (text, width, measurer) = try textArguments(args)
            lua_pushnumber(L, measurer.height(of: text, width: width))
            return 1
        }
    }

    /// ctx.supplementary(kind, section, x, y, w, h [, {zIndex = 1, pinned = false, item = i}])
    /// and ctx.decoration(kind, section, x, y, w, h [, {zIndex = 0}]): plain functions (no
    /// colon) that add a header, footer or badge (anchored to item `i` when given), or a
    /// background, to the result. `section` is 1-based.
    static let contextSupplementary: tb_HostFunction = { L, _ in
        contextMethod(L) { box, args in try addElement(.supplementary, box, args) }
    }

    static let contextDecoration: tb_HostFunction = { L, _ in
        contextMethod(L) { box, args in try addElement(.decoration, box, args) }
    }

    private static func addElement(_ category: ElementCategory, _ box: ContextBox, _ args: LuaArguments) throws -> Int32 {
        let kind = try args.string(1, "kind")
        let section = try args.integer(2, "section", minimum: 1)
        guard section <= box.sections.count else {
            throw args.error(2, "section", mustBe: "a section index in 1..\(box.sections.count)")
        }
        let frame = Rect(x: try args.number(3, "x"), y: try args.number(4, "y"),
                         width: try args.number(5, "w", .nonNegative), height: try args.number(6, "h", .nonNegative))
        let known = category == .supplementary ? ["zIndex", "pinned", "item"] : ["zIndex"]
        var element = LayoutElement(category: category, kind: kind, section: section - 1, frame: frame)
        if let options = try args.optTable(7, "options", known: known) {
            element.zIndex = try options.integer("zIndex", default: element.zIndex)
            if category == .supplementary {
                element.pinned = try options.bool("pinned", default: false)
                if let item = try options.optNumber("item") {
                    let range = box.sections[section - 1].range
                    guard let i = Int(exactly: item), range.contains(i - 1) else {
                        throw args.error("field 'item' must be the index of an item of section \(section) (\(range.lowerBound + 1)..\(range.upperBound)), got \(LuaHost.numberText(item))")
                    }
                    element.index = i - 1
                }
            }
        }
        box.elements.append(element)
        return 0
    }

    /// ctx:textSize(text, maxWidth [, {fontSize=, lineHeight=}]) -> w, h: the width of the
    /// widest wrapped line and the height, from the same measurer as ctx:textHeight.
    static let contextTextSize: tb_HostFunction = { L, _ in
        contextMethod(L) { _, args in
            let (text, width, measurer) = try textArguments(args)
            let size = measurer.size(of: text, width: width)
            lua_pushnumber(L, size.width)
            lua_pushnumber(L, size.height)
            return 2
        }
    }

    /// (text, width [, options]) of the text measuring methods.
    static func textArguments(_ args: LuaArguments) throws -> (String, Double, TextMeasurer) {
        let text = try args.string(2, "text")
        let width = try args.number(3, "width", .nonNegative)
        var measurer = TextMeasurer()
        if let options = try args.optTable(4, "options", known: ["fontSize", "lineHeight"]) {
            if let v = try options.optNumber("fontSize", .positive) { measurer.fontSize = v }
            if let v = try options.optNumber("lineHeight", .positive) { measurer.lineHeight = v }
        }
        return (text, width, measurer)
    }
}

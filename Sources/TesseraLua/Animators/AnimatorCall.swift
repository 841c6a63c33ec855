import CLua
import LuaBridge
import TesseraCore

/// The hot path of an animator script's pass (every visible view on every scroll tick): events
/// are written into event tables kept between calls, and hook results are read straight from Lua
/// into descriptions.
///
/// - Every key string the call uses is pushed once per call onto consecutive stack slots, and
///   fields are set through those interned strings (`lua_rawset`) and keys are recognised by
///   their string object's address (short strings are interned, so equal means identical), so
///   no key is hashed from C text per event.
/// - Event k of a call is written into the k-th table of a pool kept in the registry, its frame
///   tables filled in place: a hook's `e` is valid only during its call.
/// - `fastDescription` accepts exactly what `AnimationDescription(json:what:)` accepts; on anything
///   else it answers nil and the caller takes the JSON path, whose messages name the bad key.
enum AnimatorCall {
    static let eventKeys = ["type", "index", "id", "view", "frame", "oldFrame", "visibleFrame", "contentOffset",
                            "velocity", "delta", "reloadCount", "isReloading", "onScreen", "category", "kind", "section"]
    static let descriptionKeys = AnimationDescription.keys
    static let stateKeys = PartialViewState.keys
    static let curveNames = AnimationCurve.names
    static let kindNames = AnimationEventKind.allCases.map(\.rawValue)
    /// An event's `category`: `cell` for a cell's event, else its element's category.
    static let categoryNames = ["cell"] + ElementCategory.allCases.map(\.rawValue)
    static let all = eventKeys + descriptionKeys + stateKeys + curveNames + kindNames + categoryNames

    // Offsets of each group in `all`.
    static let descriptionBase = Int32(eventKeys.count)
    static let stateBase = descriptionBase + Int32(descriptionKeys.count)
    static let curveBase = stateBase + Int32(stateKeys.count)
    static let kindBase = curveBase + Int32(curveNames.count)
    static let categoryBase = kindBase + Int32(kindNames.count)

    /// [-0, +1, m] A new list of the key strings (made once per script).
    static func pushKeyList(_ L: OpaquePointer) {
        lua_createtable(L, Int32(all.count), 0)
        for (k, key) in all.enumerated() {
            LuaStack.push(L, key)
            lua_rawseti(L, -2, lua_Integer(k + 1))
        }
    }

    /// The key strings of one call: their first stack slot and each one's address.
    struct Keys {
        let base: Int32
        let addresses: [UnsafeRawPointer?]

        /// The position among the `count` keys from `first` of the string at `index`, or nil.
        func match(_ L: OpaquePointer, _ index: Int32, _ first: Int32, _ count: Int) -> Int? {
            let address = lua_topointer(L, index)
            for k in 0..<count where addresses[Int(first) + k] == address { return k }
            return nil
        }
    }

    /// [-0, +count, m] Pushes the key strings of the list at `list`.
    static func pushKeys(_ L: OpaquePointer, list: Int32) -> Keys {
        _ = lua_checkstack(L, Int32(all.count) + 16)
        let base = lua_gettop(L) + 1
        for k in 1...all.count { tb_rawgeti(L, list, lua_Integer(k)) }
        return Keys(base: base, addresses: (0..<Int32(all.count)).map { lua_topointer(L, base + $0) })
    }

    /// [-0, +0, m] Writes `event` into the table at `table` as a hook sees it: 1-based `index`,
    /// frames `{x, y, w, h}`, points `{x, y}`, `onScreen`; `oldFrame` nil when there is none;
    /// `category` (`cell`, or a header's `supplementary`, a background's `decoration`), and for
    /// those their `kind` and 1-based `section` (nil for a cell).
    static func write(_ L: OpaquePointer, _ event: AnimationEvent, into table: Int32, keys: Keys) {
        let base = keys.base
        func key(_ k: Int) { lua_pushvalue(L, base + Int32(k)) }
        func list(_ k: Int, _ a: Double, _ b: Double, _ c: Double? = nil, _ d: Double? = nil) {
            key(k)
            if tb_rawget(L, table) != LUA_TTABLE {
                tb_pop(L, 1)
                lua_createtable(L, c == nil ? 2 : 4, 0)
                key(k)
                lua_pushvalue(L, -2)
                lua_rawset(L, table)
            }
            lua_pushnumber(L, a); lua_rawseti(L, -2, 1)
            lua_pushnumber(L, b); lua_rawseti(L, -2, 2)
            if let c, let d {
                lua_pushnumber(L, c); lua_rawseti(L, -2, 3)
                lua_pushnumber(L, d); lua_rawseti(L, -2, 4)
            }
            tb_pop(L, 1)
        }
        func rect(_ k: Int, _ r: Rect) { list(k, r.x, r.y, r.width, r.height) }
        key(0); lua_pushvalue(L, base + kindBase + Int32(AnimationEventKind.allCases.firstIndex(of: event.kind)!)); lua_rawset(L, table)
        key(1); lua_pushinteger(L, lua_Integer(event.index + 1)); lua_rawset(L, table)
        key(2); LuaStack.push(L, id: event.id); lua_rawset(L, table)
        key(3); lua_pushinteger(L, lua_Integer(event.view)); lua_rawset(L, table)
        rect(4, event.frame)
        if let old = event.oldFrame { rect(5, old) } else { key(5); lua_pushnil(L); lua_rawset(L, table) }
        rect(6, event.visibleFrame)
        list(7, event.contentOffset.x, event.contentOffset.y)
        list(8, event.velocity.x, event.velocity.y)
        list(9, event.delta.x, event.delta.y)
        key(10); lua_pushinteger(L, lua_Integer(event.reloadCount)); lua_rawset(L, table)
        key(11); lua_pushboolean(L, event.isReloading ? 1 : 0); lua_rawset(L, table)
        key(12); lua_pushboolean(L, event.isOnScreen ? 1 : 0); lua_rawset(L, table)
        let category = event.element.map { 1 + ElementCategory.allCases.firstIndex(of: $0.category)! } ?? 0
        key(13); lua_pushvalue(L, base + categoryBase + Int32(category)); lua_rawset(L, table)
        key(14); if let element = event.element { LuaStack.push(L, element.kind) } else { lua_pushnil(L) }; lua_rawset(L, table)
        key(15); if let element = event.element { lua_pushinteger(L, lua_Integer(element.section + 1)) } else { lua_pushnil(L) }
        lua_rawset(L, table)
    }

    /// The number at -1 when the JSON path accepts it as an animated property (finite, ±1e15).
    private static func finite(_ L: OpaquePointer) -> Double? {
        guard lua_type(L, -1) == LUA_TNUMBER else { return nil }
        let v = lua_tonumberx(L, -1, nil)
        return PartialViewState.accepts(v) ? v : nil
    }

    /// The number at -1 when the JSON path accepts it as seconds (0 to `maxSeconds`).
    private static func seconds(_ L: OpaquePointer) -> Double? {
        guard let v = finite(L), v >= 0, v <= AnimationDescription.maxSeconds else { return nil }
        return v
    }

    /// [-0, +0, -] The description table at `index`, or nil when it is anything the JSON path
    /// should look at (not a table, an unknown key, a bad value).
    static func fastDescription(_ L: OpaquePointer, _ index: Int32, keys: Keys) -> AnimationDescription? {
        guard lua_type(L, index) == LUA_TTABLE else { return nil }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        var description = AnimationDescription()
        var curve: Int?, damping: Double?, response: Double?, transform: PartialViewState?, others = 0
        lua_pushnil(L)
        while tb_next(L, index) != 0 {
            guard lua_type(L, -2) == LUA_TSTRING, let k = keys.match(L, -2, descriptionBase, descriptionKeys.count) else { return nil }
            if k != 7 { others += 1 }
            switch k {
            case 0, 1:
                guard let state = fastState(L, lua_gettop(L), keys: keys) else { return nil }
                if k == 0 { description.from = state } else { description.to = state }
            case 2:
                guard let v = seconds(L) else { return nil }
                description.duration = v
            case 3:
                guard let v = seconds(L) else { return nil }
                description.delay = v
            case 4:
                guard lua_type(L, -1) == LUA_TSTRING else { return nil }
                guard let found = keys.match(L, -1, curveBase, curveNames.count) else { return nil }
                curve = found
            case 5, 6:
                guard let v = k == 5 ? finite(L) : seconds(L), v > 0 else { return nil }
                if k == 5 { damping = v } else { response = v }
            default:
                guard let state = fastState(L, lua_gettop(L), keys: keys), state.frame == nil else { return nil }
                transform = state
            }
            tb_pop(L, 1)
        }
        if let transform { return others == 0 ? AnimationDescription(transform: transform) : nil }
        if response != nil { description.duration = nil }   // a response outranks a duration
        let spring = Spring(dampingRatio: damping ?? Spring.defaultDampingRatio, response: response ?? Spring.defaultResponse)
        if let curve {
            guard let named = AnimationCurve(name: curveNames[curve], spring: spring) else { return nil }
            description.curve = named
        }
        if damping != nil || response != nil, description.curve.name != "spring" { return nil }
        return description
    }

    /// [-0, +0, -] The state table at `index` (`from` or `to`), or nil for anything unusual.
    private static func fastState(_ L: OpaquePointer, _ index: Int32, keys: Keys) -> PartialViewState? {
        guard lua_type(L, index) == LUA_TTABLE else { return nil }
        var state = PartialViewState()
        lua_pushnil(L)
        while tb_next(L, index) != 0 {
            guard lua_type(L, -2) == LUA_TSTRING, let k = keys.match(L, -2, stateBase, stateKeys.count) else { return nil }
            if k == 0 {
                guard let frame = fastFrame(L, lua_gettop(L)) else { return nil }
                state.frame = frame
            } else {
                guard let v = finite(L) else { return nil }
                switch k {
                case 1: state.alpha = v
                case 2: state.scale = v
                case 3: state.rotation = v
                case 4: state.tx = v
                case 5: state.ty = v
                default: state.zIndex = v
                }
            }
            tb_pop(L, 1)
        }
        return state
    }

    /// [-0, +0, -] `{x, y, w, h}` at `index`: exactly four finite numbers, a non-negative size.
    private static func fastFrame(_ L: OpaquePointer, _ index: Int32) -> Rect? {
        guard lua_type(L, index) == LUA_TTABLE, tb_rawlen(L, index) == 4 else { return nil }
        var entries = 0
        lua_pushnil(L)
        while tb_next(L, index) != 0 {
            tb_pop(L, 1)
            entries += 1
            if entries > 4 { tb_pop(L, 1); return nil }
        }
        var v: [Double] = [0, 0, 0, 0]
        for k in 0..<4 {
            tb_rawgeti(L, index, lua_Integer(k + 1))
            defer { tb_pop(L, 1) }
            guard let n = finite(L) else { return nil }
            v[k] = n
        }
        guard v[2] >= 0, v[3] >= 0 else { return nil }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }
}

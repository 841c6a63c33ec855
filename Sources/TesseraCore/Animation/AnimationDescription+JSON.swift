import OrderedCollections

/// Why an animation description (from a script or a file) was rejected: one sentence that names
/// the key and what was expected.
public struct AnimationFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The sentence shown to the user.
    public var message: String
    /// An error with `message`.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension AnimationDescription {
    /// The keys of a description's script form, in the order a reader that matches keys by
    /// position (the Lua bridge's fast path) numbers them.
    public static let keys = ["from", "to", "duration", "delay", "curve", "damping", "response", "transform"]

    /// Reads a description in its script form: `{from = {...}, to = {...}, duration =, delay =,
    /// curve = "easeOut", damping =, response =}`, or `{transform = {...}}` alone. `what` names
    /// the value in messages ("fade.lua: the insert hook's animation"). Unknown keys, wrong types,
    /// negative or non-finite times, spring parameters on another curve, and a transform with
    /// any other key are errors; a spring given a response runs until it settles, whatever
    /// `duration` says. O(keys).
    public init(json value: JSONValue, what: String) throws(AnimationFormatError) {
        // An empty table reads as an empty list: the description with every default.
        guard case .object(let fields) = value.emptyListAsObject else {
            throw AnimationFormatError("\(what) must be a table, got \(value.typeDescription)")
        }
        try Self.rejectUnknownKeys(fields, known: Self.keys, what: what)
        if let transform = fields["transform"] {
            if let other = fields.keys.first(where: { $0 != "transform" }) {
                throw AnimationFormatError("\(what): \(Self.transformAlone(other))")
            }
            self.init(transform: try PartialViewState(json: transform, what: "\(what): transform", known: PartialViewState.lookKeys))
            return
        }
        func seconds(_ key: String, positive: Bool = false) throws(AnimationFormatError) -> Double? {
            guard let field = fields[key] else { return nil }
            guard let v = field.number, v.isFinite, positive ? v > 0 : v >= 0, v <= Self.maxSeconds else {
                throw AnimationFormatError("\(what): \(key) must be a \(positive ? "positive" : "non-negative") number of seconds of at most \(NumberText.grouped(Int(Self.maxSeconds))), got \(field.briefDescription)")
            }
            return v
        }
        var damping = Spring.defaultDampingRatio
        if let field = fields["damping"] {
            guard let given = field.number, given > 0, given <= 1e15 else {
                throw AnimationFormatError("\(what): damping must be a positive damping ratio (1 is critical damping) of at most 1e15, got \(field.briefDescription)")
            }
            damping = given
        }
        let spring = Spring(dampingRatio: damping, response: try seconds("response", positive: true) ?? Spring.defaultResponse)
        var curve = AnimationCurve.easeInOut
        if let name = fields["curve"] {
            guard let text = name.string, let named = AnimationCurve(name: text, spring: spring) else {
                throw AnimationFormatError("\(what): curve must be one of \(AnimationCurve.names.joined(separator: ", ")), got \(name.briefDescription)")
            }
            curve = named
        }
        if fields["damping"] != nil || fields["response"] != nil, curve.name != "spring" {
            throw AnimationFormatError("\(what): damping and response apply only to curve = \"spring\"")
        }
        // A spring given its response has its own time: a duration beside it is checked but not
        // used, as UIKit's spring timing parameters set physically override the animator's.
        let duration = try seconds("duration")
        self.init(from: try PartialViewState(json: fields["from"], what: "\(what): from"),
                  to: try PartialViewState(json: fields["to"], what: "\(what): to"),
                  duration: fields["response"] != nil ? nil : duration, delay: try seconds("delay") ?? 0, curve: curve)
    }

    /// The description in its script form, the inverse of `init(json:what:)`: only the keys it
    /// sets (`duration` when given, `delay` when not 0, a spring's `damping`, and its `response`
    /// when no duration is given), or `transform` alone.
    package var json: JSONValue {
        if let transform { return .object(["transform": transform.json]) }
        var fields: OrderedDictionary<String, JSONValue> = [:]
        if !from.isEmpty { fields["from"] = from.json }
        if !to.isEmpty { fields["to"] = to.json }
        if let duration { fields["duration"] = .double(duration) }
        if delay != 0 { fields["delay"] = .double(delay) }
        fields["curve"] = .string(curve.name)
        if case .spring(let spring) = curve {
            fields["damping"] = .double(spring.dampingRatio)
            if duration == nil { fields["response"] = .double(spring.response) }
        }
        return .object(fields)
    }

    static func rejectUnknownKeys(_ fields: OrderedDictionary<String, JSONValue>, known: [String],
                                  what: String) throws(AnimationFormatError) {
        if let unknown = fields.keys.first(where: { !known.contains($0) }) {
            throw AnimationFormatError("\(what) has an unknown key '\(unknown)'; known keys: \(known.joined(separator: ", "))")
        }
    }
}

extension PartialViewState {
    /// Whether `v` may be an animated property: finite and within ±1e15, so interpolating between
    /// two of them (and a spring's overshoot) stays finite.
    public static func accepts(_ v: Double) -> Bool { v.isFinite && abs(v) <= 1e15 }

    /// The keys of a state's script form, the frame first, in the order a reader that matches
    /// keys by position (the Lua bridge's fast path) numbers them.
    public static let keys = ["frame", "alpha", "scale", "rotation", "tx", "ty", "zIndex"]
    /// The properties of a view's look: all but the frame, which the layout places.
    static let lookKeys = Array(keys.dropFirst())

    /// Reads `{frame = {x, y, w, h}, alpha =, scale =, rotation =, tx =, ty =, zIndex =}` (the
    /// `known` keys of them); nil gives the empty state.
    init(json value: JSONValue?, what: String, known: [String] = keys) throws(AnimationFormatError) {
        self.init()
        guard let value else { return }
        guard case .object(let fields) = value.emptyListAsObject else {
            throw AnimationFormatError("\(what) must be a table of animated properties, got \(value.typeDescription)")
        }
        try AnimationDescription.rejectUnknownKeys(fields, known: known, what: what)
        func number(_ key: String) throws(AnimationFormatError) -> Double? {
            guard let field = fields[key] else { return nil }
            guard let v = field.number, PartialViewState.accepts(v) else {
                throw AnimationFormatError("\(what): \(key) must be a number from -1e15 to 1e15, got \(field.briefDescription)")
            }
            return v
        }
        if let frame = fields["frame"] {
            guard case .array(let parts) = frame, parts.count == 4,
                  let numbers = Optional(parts.compactMap(\.number)), numbers.count == 4,
                  numbers.allSatisfy(PartialViewState.accepts), numbers[2] >= 0, numbers[3] >= 0 else {
                throw AnimationFormatError("\(what): frame must be {x, y, w, h} with numbers from -1e15 to 1e15 and a non-negative size")
            }
            self.frame = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        }
        alpha = try number("alpha"); scale = try number("scale"); rotation = try number("rotation")
        tx = try number("tx"); ty = try number("ty"); zIndex = try number("zIndex")
    }
}

extension PartialViewState {
    /// `{"frame": [x, y, w, h], "alpha": ...}` with only the properties it sets.
    package var json: JSONValue {
        var fields: OrderedDictionary<String, JSONValue> = [:]
        if let frame { fields["frame"] = .array([frame.x, frame.y, frame.width, frame.height].map(JSONValue.double)) }
        for (key, value) in [("alpha", alpha), ("scale", scale), ("rotation", rotation), ("tx", tx), ("ty", ty), ("zIndex", zIndex)] {
            if let value { fields[key] = .double(value) }
        }
        return .object(fields)
    }
}

extension ViewState {
    /// `{"frame": [x, y, w, h], "alpha":, "scale":, "rotation":, "tx":, "ty":, "zIndex":}`.
    package var json: JSONValue {
        .object(["frame": .array([frame.x, frame.y, frame.width, frame.height].map(JSONValue.double)),
                 "alpha": .double(alpha), "scale": .double(scale), "rotation": .double(rotation),
                 "tx": .double(tx), "ty": .double(ty), "zIndex": .double(zIndex)])
    }
}

extension AnimatedElement {
    /// The element's fields as the timeline JSON prints them after `view` and `id`: `category`,
    /// `kind`, `section`, a badge's `index`, and `"pinned": true` when pinned (as `run`'s
    /// `visibleElements`).
    func insertJSON(into fields: inout OrderedDictionary<String, JSONValue>, at position: Int) {
        var entries: [(String, JSONValue)] = [("category", .string(category.rawValue)), ("kind", .string(kind)),
                                              ("section", .int(section))]
        if let index { entries.append(("index", .int(index))) }
        if pinned { entries.append(("pinned", .bool(true))) }
        for (k, (key, value)) in entries.enumerated() { fields.updateValue(value, forKey: key, insertingAt: position + k) }
    }
}

extension AnimationTrack {
    /// The track as the timeline JSON prints it: id, view, (an element's category, kind,
    /// section, ...), event, `"removesView": true` for an `update` that takes its view out of
    /// view (a `delete` always does), delay, duration, curve (a spring's `damping` and
    /// `response` after it, the spring played), and the whole `from` and `to` states.
    package var json: JSONValue {
        var fields: OrderedDictionary<String, JSONValue> = [
            "id": id.jsonValue, "view": .int(view), "event": .string(event.rawValue),
            "delay": .double(delay), "duration": .double(duration), "curve": .string(curve.name)]
        if case .spring(let spring) = curve {
            fields["damping"] = .double(spring.dampingRatio)
            fields["response"] = .double(spring.response)
        }
        fields["from"] = from.json
        fields["to"] = to.json
        if removesView && event != .delete { fields.updateValue(.bool(true), forKey: "removesView", insertingAt: 3) }
        element?.insertJSON(into: &fields, at: 2)
        return .object(fields)
    }
}

extension Timeline.ViewSample {
    /// `{"view":, "id":, (an element's category, kind, section, ...), "frame":, "alpha":, ...}`.
    package var json: JSONValue {
        guard case .object(var fields) = state.json else { return .null }
        fields.updateValue(id.jsonValue, forKey: "id", insertingAt: 0)
        fields.updateValue(.int(view), forKey: "view", insertingAt: 0)
        element?.insertJSON(into: &fields, at: 2)
        return .object(fields)
    }
}

extension JSONValue {
    /// An empty object for an empty list (how an empty Lua table converts); else self.
    var emptyListAsObject: JSONValue {
        if case .array(let list) = self, list.isEmpty { return .object([:]) }
        return self
    }
}

import OrderedCollections

/// How one `run --format json` document differs from another, element by element: items by
/// id, supplementaries by kind, section and item, decorations by kind and section, sideways
/// sections by section. An element whose frame changed (beyond `SnapshotComparison.tolerance`)
/// moved; one only in the new document appeared; one only in the old disappeared; one whose
/// frame stayed but another member differs (pinned, zIndex, pinUntil, ...) changed. Other
/// members of the document that differ (contentSize, visible, ...) are named by key.
package struct RunDifference: Sendable {
    /// What happened to an element.
    public enum Change: Int, Sendable { case unchanged = 0, moved = 1, appearedOrDisappeared = 2 }

    /// One element of a document: its name in messages (`item "a"`, `header of section 0`),
    /// its frame, and what happened to it.
    public struct Element: Sendable {
        public var name: String
        public var frame: Rect
        public var change: Change
    }

    /// The old document's elements and the new one's, in document order, each marked.
    public private(set) var old: [Element] = []
    public private(set) var new: [Element] = []
    /// The old and new content sizes.
    public let oldContentSize: Size
    public let newContentSize: Size
    /// Elements in both documents whose frames differ: (name, old frame, new frame).
    public private(set) var moved: [(name: String, old: Rect, new: Rect)] = []
    /// Elements only in the new document.
    public private(set) var appeared: [(name: String, frame: Rect)] = []
    /// Elements only in the old document.
    public private(set) var disappeared: [(name: String, frame: Rect)] = []
    /// Elements in both documents with the same frame whose other members differ, as lines:
    /// `header of section 0: pinUntil: (none) → 374.8`.
    public private(set) var changed: [String] = []
    /// Other members that differ, as lines: `contentSize: [375, 100] → [375, 108]`.
    public private(set) var otherChanges: [String] = []

    /// Compares two run documents; nil when either is not one (no `items` list of framed
    /// records or no `contentSize`). O(n) for n elements.
    public init?(old oldDocument: JSONValue, new newDocument: JSONValue) {
        guard let oldElements = Self.elements(of: oldDocument), let newElements = Self.elements(of: newDocument),
              let oldSize = Self.size(oldDocument["contentSize"]), let newSize = Self.size(newDocument["contentSize"]) else { return nil }
        oldContentSize = oldSize
        newContentSize = newSize
        var newByKey: [String: Int] = [:]
        newByKey.reserveCapacity(newElements.count)
        for (k, e) in newElements.enumerated() { newByKey[e.key] = k }
        new = newElements.map { Element(name: $0.name, frame: $0.frame, change: .appearedOrDisappeared) }
        old.reserveCapacity(oldElements.count)
        for e in oldElements {
            guard let k = newByKey[e.key] else {
                old.append(Element(name: e.name, frame: e.frame, change: .appearedOrDisappeared))
                disappeared.append((e.name, e.frame))
                continue
            }
            let now = newElements[k].frame
            let same = Self.sameFrame(e.frame, now)
            old.append(Element(name: e.name, frame: e.frame, change: same ? .unchanged : .moved))
            new[k].change = same ? .unchanged : .moved
            if !same { moved.append((e.name, e.frame, now)) }
            else if !SnapshotComparison.equal(e.record, newElements[k].record) {
                changed.append("\(e.name): " + Self.memberChanges(e.record, newElements[k].record).joined(separator: ", "))
            }
        }
        appeared = new.filter { $0.change == .appearedOrDisappeared }.map { ($0.name, $0.frame) }
        otherChanges = Self.memberChanges(oldDocument, newDocument, skipping: Self.elementKeys)
    }

    /// The members of two objects that differ, as `key: old → new`, in key order of `a` then `b`.
    private static func memberChanges(_ a: JSONValue, _ b: JSONValue, skipping skipped: Set<String> = ["frame"]) -> [String] {
        guard case .object(let a) = a, case .object(let b) = b else { return [] }
        return OrderedSet(a.keys).union(b.keys).compactMap { key in
            guard !skipped.contains(key) else { return nil }
            switch (a[key], b[key]) {
            case (let x?, let y?) where SnapshotComparison.equal(x, y): return nil
            case (let x?, let y?): return "\(key): \(Self.shown(x, y)) → \(Self.shown(y, x))"
            case (let x?, nil): return "\(key): \(Self.shown(x, x)) → (none)"
            case (nil, let y?): return "\(key): (none) → \(Self.shown(y, y))"
            case (nil, nil): return nil
            }
        }
    }

    /// Whether nothing differs.
    public var isEmpty: Bool { moved.isEmpty && appeared.isEmpty && disappeared.isEmpty && changed.isEmpty && otherChanges.isEmpty }

    /// The move that changed a frame the most (largest change of any edge or size), and by how much.
    public var largestMove: (name: String, old: Rect, new: Rect, distance: Double)? {
        var best: (name: String, old: Rect, new: Rect, distance: Double)?
        for m in moved {
            let d = max(abs(m.new.x - m.old.x), abs(m.new.y - m.old.y), abs(m.new.width - m.old.width), abs(m.new.height - m.old.height))
            if best == nil || d > best!.distance { best = (m.name, m.old, m.new, d) }
        }
        return best
    }

    /// `9 elements moved, 1 appeared, 0 disappeared`, and `, 2 changed otherwise` when frames
    /// stayed but other members changed.
    public var counts: String {
        "\(NumberText.counted(moved.count, "element")) moved, \(NumberText.grouped(appeared.count)) appeared, "
            + "\(NumberText.grouped(disappeared.count)) disappeared"
            + (changed.isEmpty ? "" : ", \(NumberText.grouped(changed.count)) changed otherwise")
    }

    /// The lines a failure prints under its first: the first `limit` of each kind with old and
    /// new frames, the largest move, and the other members that changed.
    public func lines(limit: Int = 10) -> [String] {
        var lines: [String] = []
        func list<T>(_ title: String, _ entries: [T], _ line: (T) -> String) {
            guard !entries.isEmpty else { return }
            lines.append("\(title):")
            lines += entries.prefix(limit).map { "  " + line($0) }
            if entries.count > limit { lines.append("  ... \(NumberText.grouped(entries.count - limit)) more") }
        }
        list("moved", moved) { "\($0.name): \($0.old.compact) → \($0.new.compact)" }
        list("appeared", appeared) { "\($0.name): \($0.frame.compact)" }
        list("disappeared", disappeared) { "\($0.name): \($0.frame.compact)" }
        list("changed otherwise", changed) { $0 }
        if let m = largestMove { lines.append("largest move: \(m.name) by \(LayoutCheck.number(m.distance)), \(m.old.compact) → \(m.new.compact)") }
        lines += otherChanges
        return lines
    }

    private static let elementKeys: Set<String> = ["items", "supplementaries", "decorations", "orthogonal"]

    /// `value` for a person, its numbers rounded as the frames above it are (`[375, 4049.95]`,
    /// not `[375, 4049.94950557712]`); in full when rounding would make it read as `other`.
    private static func shown(_ value: JSONValue, _ other: JSONValue) -> String {
        let text = SnapshotComparison.brief(rounded(value))
        guard value != other, text == SnapshotComparison.brief(rounded(other)) else { return text }
        return SnapshotComparison.brief(value)
    }

    /// `value` with every number rounded as `LayoutCheck.number` rounds it.
    private static func rounded(_ value: JSONValue) -> JSONValue {
        switch value {
        case .double(let v): return .double(LayoutCheck.rounded(v))
        case .array(let values): return .array(values.map(rounded))
        case .object(let members): return .object(members.mapValues(rounded))
        default: return value
        }
    }

    /// Whether two frames are equal within `SnapshotComparison.tolerance`, edge by edge.
    public static func sameFrame(_ a: Rect, _ b: Rect) -> Bool {
        SnapshotComparison.close(a.x, b.x) && SnapshotComparison.close(a.y, b.y)
            && SnapshotComparison.close(a.width, b.width) && SnapshotComparison.close(a.height, b.height)
    }

    private static func size(_ value: JSONValue?) -> Size? {
        guard case .array(let v)? = value, v.count == 2, let w = v[0].number, let h = v[1].number else { return nil }
        return Size(width: w, height: h)
    }

    private static func rect(_ value: JSONValue?) -> Rect? {
        guard case .array(let v)? = value, v.count == 4, let x = v[0].number, let y = v[1].number,
              let w = v[2].number, let h = v[3].number else { return nil }
        return Rect(x: x, y: y, width: w, height: h)
    }

    /// The document's framed elements with a key unique in it and a name for messages.
    private static func elements(of document: JSONValue) -> [(key: String, name: String, frame: Rect, record: JSONValue)]? {
        guard case .array(let items)? = document["items"] else { return nil }
        var result: [(key: String, name: String, frame: Rect, record: JSONValue)] = []
        result.reserveCapacity(items.count)
        var seen: [String: Int] = [:]
        func add(_ key: String, _ name: String, _ frame: Rect, _ record: JSONValue) {
            let n = seen[key, default: 0]
            seen[key] = n + 1
            result.append(n == 0 ? (key, name, frame, record) : ("\(key)#\(n + 1)", "\(name) (#\(n + 1))", frame, record))
        }
        for (i, item) in items.enumerated() {
            guard let frame = rect(item["frame"]) else { return nil }
            let id = item["id"].map { JSONWriter.write($0) } ?? String(i)
            add("i" + id, "item \(id)", frame, item)
        }
        for (list, prefix) in [("supplementaries", "s"), ("decorations", "d")] {
            guard case .array(let elements)? = document[list] else { continue }
            for e in elements {
                guard let frame = rect(e["frame"]) else { continue }
                let kind = e["kind"]?.string ?? "element"
                let section = e["section"].map { JSONWriter.write($0) } ?? "?"
                let owner = e["index"].map { "item \(JSONWriter.write($0))" } ?? "section \(section)"
                // A group's supplementary is keyed apart from its first item's of the same kind.
                let level = e["groupLevel"].map { "/g" + JSONWriter.write($0) } ?? ""
                let host = e["groupLevel"] == nil ? owner : "the group (level \(JSONWriter.write(e["groupLevel"]!))) of \(owner)"
                add("\(prefix)\(kind)/\(section)/\(e["index"].map { JSONWriter.write($0) } ?? "")\(level)", "\(kind) of \(host)", frame, e)
            }
        }
        if case .array(let shelves)? = document["orthogonal"] {
            for o in shelves {
                guard let frame = rect(o["frame"]) else { continue }
                let section = o["section"].map { JSONWriter.write($0) } ?? "?"
                add("o" + section, "sideways section \(section)", frame, o)
            }
        }
        return result
    }
}

/// The supplementaries and decorations (headers, footers, badges, backgrounds) on screen before
/// and after a reload or a layout change, paired the way views are: by category, kind and what
/// they belong to (their section's id, a badge's item id, nothing for a layout-wide element), the
/// n-th of equal identities with the n-th (counted in the whole layouts when they are given, so
/// that the screen's n-th is the whole layout's and a repeat that leaves is not taken for
/// another one laid out elsewhere). A pair is a kept element: `update` when its frame
/// changed, else `move` when its section or item index changed, else no event (it stays still).
/// An element only on screen after enters (`insert`), one only on screen before leaves
/// (`delete`), as cells do, so a section inserted with its header fades in with it under the
/// same animator; but given the whole layouts, one whose identity is laid out on the other side
/// of the change moves (`update`) to where it is now, or from where it was, instead: only
/// removed data is deleted, only new data inserted. O(k) for k elements (O(m) with the whole
/// layouts' m).
package struct ElementTransition: Sendable {
    /// One side of the transition: the elements drawn on screen (items among them are ignored)
    /// and the data they were laid out from, which names their sections and items.
    public struct Side: Sendable {
        /// The side's supplementaries and decorations (items removed).
        public var elements: [LayoutElement]
        /// The data the elements were laid out from.
        public var dataset: Dataset

        /// A side of `elements` (items among them are dropped) laid out from `dataset`.
        public init(elements: [LayoutElement], dataset: Dataset) {
            self.elements = elements.filter { $0.category != .item }
            self.dataset = dataset
        }
    }

    /// One element of the transition, as a view: a number, an identifier, and the element
    /// before (nil when it enters) and after (nil when it leaves).
    public struct Entry: Hashable, Sendable {
        /// The view's number.
        public var view: Int
        /// The element's identity: category, kind and what it belongs to.
        public var id: String
        /// The element before; nil when it enters.
        public var old: LayoutElement?
        /// The element after; nil when it leaves.
        public var new: LayoutElement?
        /// Its event; nil for an element that stays as it was.
        public var event: AnimationEventKind?
        /// It is not on screen after the change: a `delete`, or an `update` to where it is now,
        /// off screen (`new`), for one the change moved out of view.
        public var leavesScreen = false
    }

    /// The leaving elements (in their old drawing order), then every element on screen after
    /// (in drawing order), numbered from `firstView` on.
    public var entries: [Entry]

    /// Pairs `old`'s elements with `new`'s and numbers the views from `firstView`. `whole`, when
    /// given: every element of the layouts before and after, drawn where they are
    /// (`LayoutResult.drawnElements`), where an element that leaves or enters the screen is
    /// looked for by its identity.
    public init(from old: Side, to new: Side, firstView: Int, whole: (before: Side, after: Side)? = nil) {
        let oldKeys = whole.map { Self.keys(old, numberedIn: $0.before) } ?? Self.keys(old)
        let newKeys = whole.map { Self.keys(new, numberedIn: $0.after) } ?? Self.keys(new)
        let pairs = KeyedPairing.pair(old: oldKeys, new: newKeys)
        let before = whole.map { Self.byKey($0.before) } ?? [:], after = whole.map { Self.byKey($0.after) } ?? [:]
        var entries: [Entry] = []
        entries.reserveCapacity(pairs.unmatched.count + new.elements.count)
        for p in pairs.unmatched {
            let now = after[oldKeys[p]]
            entries.append(Entry(view: firstView + entries.count, id: oldKeys[p].description,
                                 old: old.elements[p], new: now, event: now == nil ? .delete : .update, leavesScreen: true))
        }
        for (k, element) in new.elements.enumerated() {
            var event: AnimationEventKind? = .update
            var was = pairs.matches[k].map { old.elements[$0] }
            if let was {
                event = was.frame != element.frame ? .update
                    : was.section != element.section || was.index != element.index ? .move : nil
            } else {
                was = before[newKeys[k]]
                if was == nil { event = .insert }
            }
            entries.append(Entry(view: firstView + entries.count, id: newKeys[k].description,
                                 old: was, new: element, event: event))
        }
        self.entries = entries
    }

    /// A side's elements by identity.
    private static func byKey(_ side: Side) -> [Key: LayoutElement] {
        Dictionary(zip(keys(side), side.elements), uniquingKeysWith: { first, _ in first })
    }

    /// The events for an animator: one per entry with an event, in entry order, told as views'
    /// events are (`reloadCount` reloads done before this one; a section's element carries its
    /// section's first item index, a badge its item's).
    public func events(visibleFrame: Rect, reloadCount: Int, isReloading: Bool, old: Dataset, new: Dataset) -> [AnimationEvent] {
        entries.compactMap { entry in
            guard let kind = entry.event, let element = entry.new ?? entry.old else { return nil }
            let data = entry.new == nil ? old : new
            let index = element.index ?? (element.isGlobal || !data.sections.indices.contains(element.section)
                                          ? 0 : data.sections[element.section].range.lowerBound)
            var event = AnimationEvent(kind: kind, index: index, id: .string(entry.id), view: entry.view, frame: element.frame,
                                       oldFrame: entry.new == nil ? nil : entry.old?.frame, visibleFrame: visibleFrame,
                                       reloadCount: reloadCount, isReloading: isReloading)
            event.element = AnimatedElement(element)
            return event
        }
    }

    /// What an element belongs to, for pairing.
    enum Owner: Hashable {
        case layout
        case section(ItemID)
        /// A section the dataset does not name (a layout with sections of its own).
        case sectionPosition(Int)
        case item(ItemID)
    }

    struct Key: Hashable, CustomStringConvertible {
        var category: ElementCategory
        var kind: String
        var owner: Owner
        /// A compositional group's supplementary: its group's depth (0 for other elements).
        var groupLevel = 0
        /// The n-th element of equal category, kind, owner and group level (0 for the first).
        var occurrence: Int

        /// `"<section id>-<kind>"` (a badge: its item's id; a layout-wide element: the kind alone),
        /// suffixed `(n)` for the n-th repeat, as duplicate view identifiers are.
        var description: String {
            let base: String
            switch owner {
            case .layout: base = kind
            case .section(let id), .item(let id): base = "\(id)-\(kind)"
            case .sectionPosition(let s): base = "\(s)-\(kind)"
            }
            let hosted = groupLevel == 0 ? base : "\(base)-group\(groupLevel)"
            return occurrence == 0 ? hosted : "\(hosted)(\(occurrence))"
        }
    }

    /// `side`'s keys with repeats numbered as the same elements are in `whole` (the n-th of equal
    /// identities in the whole layout, not the n-th on screen), so that a key names one element
    /// on screen and in the whole layout alike; an element `whole` lacks keeps its number on
    /// screen. O(k + m).
    static func keys(_ side: Side, numberedIn whole: Side) -> [Key] {
        let wholeKeys = keys(whole)
        var found: [Place: [Int]] = [:]
        for (k, e) in whole.elements.enumerated() { found[Place(e), default: []].append(k) }
        var screen = keys(side)
        for (k, e) in side.elements.enumerated() {
            guard var positions = found[Place(e)], !positions.isEmpty else { continue }
            screen[k] = wholeKeys[positions.removeFirst()]
            found[Place(e)] = positions
        }
        return screen
    }

    /// Where an element is drawn, which finds an element of the screen in the whole layout.
    struct Place: Hashable {
        var category: ElementCategory, kind: String, section: Int, index: Int?, groupLevel: Int, frame: Rect
        init(_ e: LayoutElement) {
            category = e.category; kind = e.kind; section = e.section; index = e.index; groupLevel = e.groupLevel; frame = e.frame
        }
    }

    static func keys(_ side: Side) -> [Key] {
        var seen: [Key: Int] = [:]
        let sections = side.dataset.sections, dataset = side.dataset
        return side.elements.map { e in
            let owner: Owner
            if let i = e.index, i >= 0, i < dataset.count {
                owner = .item(dataset.id(at: i))
            } else if e.isGlobal {
                owner = .layout
            } else {
                owner = sections.indices.contains(e.section) ? .section(sections[e.section].id) : .sectionPosition(e.section)
            }
            var key = Key(category: e.category, kind: e.kind, owner: owner, groupLevel: e.groupLevel, occurrence: 0)
            let n = seen[key, default: 0]
            seen[key] = n + 1
            key.occurrence = n
            return key
        }
    }
}

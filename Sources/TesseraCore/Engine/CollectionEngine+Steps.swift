/// The steps of loading cells (CollectionKit's `_loadCells`, split up): query the visible set in
/// drawing order, match it against the current views (by identifier on reload, by index
/// otherwise), resolve unique identifiers, delete the views that left, then insert or keep a view
/// for every visible item. The new `views` array is already in drawing order, which is the z-order.
extension CollectionEngine {
    /// One visible item: its flattened index, its frame as drawn, its drawing layer.
    struct Slot {
        var index: Int
        var frame: Rect
        var zIndex: Int
    }

    /// For each slot, the position in `views` of the view it keeps (nil: a view enters); and the
    /// positions of views that leave.
    struct Matches {
        var kept: [Int?]
        var leaving: [Int]
    }

    /// Step 1, query: the visible items, strictly overlapping the visible rectangle, as drawn,
    /// in flattened order. Items of a section scrolled on the cross axis
    /// (`setOffset(_:ofSection:)`) are found and drawn at that offset, and only where they show
    /// through the section's scroller.
    /// - Complexity: the result's query, O(log n + k).
    func visibleSlots() throws -> [Slot] {
        let rect = viewport.rect
        var slots: [Slot]
        if viewport.sectionOffsets.isEmpty {
            slots = try result.visible(in: rect).map { i in
                Slot(index: i, frame: try result.frame(at: i, viewport: rect), zIndex: 0)
            }
        } else {
            // The element query is the one that takes section offsets; the engine's views are items.
            let scroll = ScrollState(showing: rect, sectionOffsets: viewport.sectionOffsets)
            slots = try result.elements(in: rect, scroll: scroll).compactMap { e in
                guard e.category == .item, let i = e.index else { return nil }
                return Slot(index: i, frame: e.frame, zIndex: 0)
            }
            slots.sort { $0.index < $1.index }
        }
        return slots
    }

    /// Step 2 on reload: current views matched to slots by identifier.
    func matchByIdentifier(_ ids: [String]) -> Matches {
        var old = [String: Int](minimumCapacity: views.count)
        for (p, view) in views.enumerated() { old[view.id] = p }
        var kept = [Int?]()
        kept.reserveCapacity(ids.count)
        for id in ids { kept.append(old.removeValue(forKey: id)) }
        return Matches(kept: kept, leaving: old.values.sorted())
    }

    /// Step 2 on scroll and relayout: current views matched to slots by flattened index
    /// (identifiers cannot change without a reload).
    func matchByIndex(_ slots: [Slot]) -> Matches {
        var old = [Int: Int](minimumCapacity: views.count)
        for (p, view) in views.enumerated() { old[view.index] = p }
        var kept = [Int?]()
        kept.reserveCapacity(slots.count)
        for slot in slots { kept.append(old.removeValue(forKey: slot.index)) }
        return Matches(kept: kept, leaving: old.values.sorted())
    }

    /// Step 3, identifiers: kept views keep theirs; every other slot gets its item's identifier,
    /// suffixed `(1)`, `(2)`, ... while that name is taken in the visible set (CollectionKit's
    /// de-duplication). Checking against every name in use, kept ones included, means two visible
    /// items never share an identifier.
    /// - Complexity: O(k) identifier lookups and hashes, plus the suffixes tried.
    func resolveIdentifiers(_ slots: [Slot], keeping kept: [Int?]) -> [String] {
        var taken = Set<String>(minimumCapacity: slots.count)
        var ids = [String](repeating: "", count: slots.count)
        for (k, position) in kept.enumerated() {
            guard let position else { continue }
            ids[k] = views[position].id
            taken.insert(ids[k])
        }
        for k in slots.indices where kept.isEmpty || kept[k] == nil {
            ids[k] = Self.unique(flat.identifier(at: slots[k].index), taken: &taken)
        }
        return ids
    }

    /// `base`, or the first of `base(1)`, `base(2)`, ... not in `taken`; inserted into `taken`.
    static func unique(_ base: String, taken: inout Set<String>) -> String {
        if taken.insert(base).inserted { return base }
        var n = 1
        while !taken.insert("\(base)(\(n))").inserted { n += 1 }
        return "\(base)(\(n))"
    }

    /// Step 4, delete: leaving views go back to their pools before any view enters, so views
    /// freed in this pass are reused by it.
    func deleteLeaving(_ leaving: [Int]) -> [EngineEvent] {
        leaving.map { p in
            let view = views[p]
            pools.recycle(view.number, kind: view.kind)
            return EngineEvent(type: .delete, view: view.number, kind: view.kind, id: view.id,
                               index: view.index, frame: view.frame)
        }
    }

    /// Step 5, insert or keep, in drawing order: a kept view takes its new index and frame (and,
    /// on reload, its new data); an entering view of a kind takes a pooled view or a new one and
    /// binds its item's data. The array built is the new z-order.
    func insertOrKeep(_ slots: [Slot], ids: [String], kept: [Int?], rebind: Bool,
                      keptEvent: EngineEvent.EventType) -> [EngineEvent] {
        var events: [EngineEvent] = []
        var next: [EngineView] = []
        next.reserveCapacity(slots.count)
        for (k, slot) in slots.enumerated() {
            let (leaf, local) = flat.locate(slot.index)
            if let p = kept[k] {
                var view = views[p]
                let old = view
                view.index = slot.index
                view.frame = slot.frame
                view.zIndex = slot.zIndex
                if rebind { view.data = leaf.owner.value(at: local) }
                next.append(view)
                func event(_ type: EngineEvent.EventType) -> EngineEvent {
                    EngineEvent(type: type, view: view.number, kind: view.kind, id: view.id, index: view.index,
                                frame: view.frame, oldFrame: old.frame)
                }
                if old.index != view.index { events.append(event(.move)) }
                let changed = old.frame != view.frame || old.data != view.data
                if changed || (keptEvent == .scroll && (leaf.animator != nil || animator != nil)) {
                    events.append(event(keptEvent))
                }
            } else {
                let kind = leaf.owner.kind(at: local)
                let view = EngineView(number: pools.dequeue(kind: kind), kind: kind, index: slot.index, id: ids[k],
                                      frame: slot.frame, data: leaf.owner.value(at: local), zIndex: slot.zIndex)
                next.append(view)
                events.append(EngineEvent(type: .insert, view: view.number, kind: kind, id: view.id,
                                          index: view.index, frame: view.frame))
            }
        }
        views = next
        return events
    }

    /// Fills each event's animation from its view's animator: its provider's, else the nearest
    /// ancestor's, else the engine's. A deleted view's provider is looked up in `previous`, the
    /// tree it was shown from. Each animator is asked once per pass, with all of the pass's
    /// events it owns in pass order, so a scripted animator costs one call into its script per
    /// pass rather than one per view. An animator that throws leaves its events without
    /// animation. O(events × log leaves); nothing to do without animators.
    func animate(_ events: inout [EngineEvent], previous: FlatProvider, velocity: Point, delta: Point, isReloading: Bool) {
        animatorError = nil
        guard animator != nil || flat.hasAnimators || previous.hasAnimators else { return }
        var batches: [(animator: any Animator, positions: [Int])] = []
        var batchOfOwner: [ObjectIdentifier?: Int] = [:]
        for (k, event) in events.enumerated() {
            let tree = event.type == .delete ? previous : flat
            let owned = event.index < tree.count ? tree.locate(event.index).leaf.animator : nil
            guard let chosen = owned?.animator ?? animator else { continue }
            if let b = batchOfOwner[owned?.owner] {
                batches[b].positions.append(k)
            } else {
                batchOfOwner[owned?.owner] = batches.count
                batches.append((chosen, [k]))
            }
        }
        let visible = viewport.rect
        for batch in batches {
            let asked = batch.positions.map { k in
                let e = events[k]
                return AnimationEvent(kind: AnimationEventKind(rawValue: e.type.rawValue) ?? .update, index: e.index,
                                      id: e.id, view: e.view, frame: e.frame, oldFrame: e.oldFrame,
                                      visibleFrame: visible, velocity: velocity, delta: delta,
                                      reloadCount: reloadCount, isReloading: isReloading)
            }
            do {
                let animations = try batch.animator.animations(for: asked)
                precondition(animations.count == asked.count, "an animator must answer every event of its batch")
                for (k, animation) in zip(batch.positions, animations) { events[k].animation = animation }
            } catch {
                animatorError = error
            }
        }
    }
}

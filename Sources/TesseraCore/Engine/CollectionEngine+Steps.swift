/// The steps of loading views (CollectionKit's `_loadCells`, split up, for every element): query
/// the visible elements in drawing order, match them against the current views (by identifier
/// on reload, by place otherwise), resolve unique identifiers, delete (or, after a layout anew,
/// move away) the views that left, then insert (or move in) or keep a view for every visible
/// element; after a layout anew, a kept view whose kind changed is replaced (deleted, and a view
/// of the new kind inserted). Everything is computed on copies (`Pass`),
/// so a callback that throws leaves the engine as it was.
extension CollectionEngine {
    /// A computed pass: the views after it, the pools after it, and its events.
    struct Pass {
        var views: [EngineView]
        var pools: ReusePools
        var events: [EngineEvent]
        /// Positions in `events` of kept views that moved with the anchor (their data the
        /// same): their animators' `shift` hook is asked.
        var shifted: Set<Int> = []
        /// How many events, first in `events`, are those of views that left (their animations
        /// asked already).
        var leaving = 0
    }

    /// One pass over `tree` shown at `state`: `byIdentifier` on reload (ids may change),
    /// else by place; `keptEvent` is what a kept view whose frame changed gets (`update` when
    /// the tree was laid out anew, then views whose data is still there move out of view and
    /// into it instead of being deleted and inserted: `placeAfter`, `frameBefore`); `shifting`:
    /// the pass moved the content offset to keep its anchor.
    /// - Complexity: the element query, O(log n + k), plus O(k log k) matching (`matchByPlace`), ids of
    ///   entering views, and the kinds of entering views (after a layout anew: of all k views).
    func reconcile(_ tree: EngineTree, state: ScrollState, byIdentifier: Bool,
                   keptEvent: AnimationEventKind, shifting: Bool = false,
                   animatingLeaving: (inout [EngineEvent]) throws -> Void = { _ in }) throws -> Pass {
        // The views as a local array: reading one needs no exclusivity check and no copy.
        let views = self.views
        let rect = Rect(origin: state.contentOffset, size: state.viewportSize ?? .zero)
        var slots = try tree.result.elements(in: rect, scroll: state)
        // Only a result with more items than the tree can show a cell past them.
        if tree.result.count > tree.count { slots.removeAll { $0.category == .item && $0.index! >= tree.count } }
        var keys = slots.map(ElementKey.init)
        var seen: [ElementKey: Int] = [:]
        for k in keys.indices where keys[k].category != .item {
            keys[k].occurrence = seen[keys[k], default: 0]
            seen[keys[k], default: 0] += 1
        }
        var kept: [Int?], ids: [ItemID?], leaving: [Int]
        if byIdentifier {
            kept = [Int?](repeating: nil, count: slots.count)
            ids = [ItemID?](repeating: nil, count: slots.count)
            var taken = Set<ElementKey>(minimumCapacity: slots.count)
            for k in slots.indices {
                ids[k] = Self.unique(try tree.id(of: slots[k]), category: slots[k].category, taken: &taken)
            }
            var old = [ElementKey: Int](minimumCapacity: views.count)
            for (p, view) in views.enumerated() { old[ElementKey(category: view.category, id: view.id)] = p }
            for k in slots.indices { kept[k] = old.removeValue(forKey: ElementKey(category: slots[k].category, id: ids[k]!)) }
            leaving = old.values.sorted()
        } else {
            (kept, ids, leaving) = try matchByPlace(slots, keys: keys, in: tree)
        }
        // What entering views show, asked before anything changes (callbacks may throw); after a
        // layout anew, what kept views show too (a scroll binds nothing anew, so it asks only
        // entering views): a view of one kind is never shown as another, so a kept view whose
        // kind changed is replaced, the old view deleted and one of the new kind inserted.
        let laidOutAnew = keptEvent == .update
        var kinds = [String](repeating: "", count: slots.count)
        var replaced = Set<Int>(), replacing = Set<Int>()   // views, and the slots they leave
        for k in slots.indices where kept[k] == nil || laidOutAnew {
            if slots[k].category == .item, let i = slots[k].index {
                kinds[k] = try tree.cellKind(i)
            } else {
                kinds[k] = try tree.kind(of: slots[k])
            }
            if let p = kept[k], views[p].kind != kinds[k] {
                replaced.insert(p)
                replacing.insert(k)
                kept[k] = nil
            }
        }

        var pass = Pass(views: [], pools: pools, events: [])
        pass.events.reserveCapacity(leaving.count + slots.count)
        var placesAfter: ElementPlaces?, placesBefore: ElementPlaces?
        // On a reload, where the cells that left are now: looked up together, in one walk.
        let cellsAfter = laidOutAnew && byIdentifier
            ? try tree.indices(of: leaving.compactMap { views[$0].category == .item ? views[$0].id : nil }) : [:]
        // Views held out of their pools by the last pass's animations go back first.
        pass.pools.releaseHeld()
        // Replaced views leave in drawing order with the others, deleted: their data stays in view.
        if !replaced.isEmpty { leaving = (leaving + replaced).sorted() }
        for p in leaving {
            let moved = laidOutAnew && !replaced.contains(p) ? try placeAfter(views[p], in: tree, state: state, byIdentifier: byIdentifier,
                                                     cells: cellsAfter, places: &placesAfter) : nil
            pass.events.append(Self.leavingEvent(views[p], movedTo: moved))
        }
        // The leaving views' animations are asked before any view enters (CollectionKit runs its
        // deletes first): a view animating away is still drawn, so no entering view may take its
        // number in this pass; one that leaves at once goes back to its pool now.
        if !leaving.isEmpty { try animatingLeaving(&pass.events) }
        for (e, p) in leaving.enumerated() {
            if pass.events[e].animation?.plays == true {
                pass.pools.hold(views[p].number, kind: views[p].poolKind)
            } else {
                pass.pools.recycle(views[p].number, kind: views[p].poolKind)
            }
        }
        pass.leaving = leaving.count
        pass.views.reserveCapacity(slots.count)
        // Slots are read in place (`slots[k].frame`): a `LayoutElement` is large, and copying one
        // per view costs more than the rest of keeping it.
        for k in slots.indices {
            let cell = slots[k].category == .item ? slots[k].index : nil
            if let p = kept[k] {
                let old = views[p]
                var view = old
                view.index = slots[k].index
                view.section = slots[k].section
                view.frame = slots[k].frame
                view.zIndex = slots[k].zIndex
                view.pinned = slots[k].pinned
                view.key = keys[k]
                if byIdentifier { view.data = cell.map(tree.cellData) ?? tree.data(of: slots[k]) }
                pass.views.append(view)
                if old.index != view.index || old.section != view.section { pass.events.append(EngineEvent(.move, view, oldFrame: old.frame)) }
                let changed = old.frame != view.frame || old.data != view.data
                if changed || (keptEvent == .scroll && (tree.flat.hasAnimators || animator != nil)) {
                    if shifting && old.frame != view.frame && old.data == view.data { pass.shifted.insert(pass.events.count) }
                    pass.events.append(EngineEvent(keptEvent, view, oldFrame: old.frame))
                }
            } else {
                var view = EngineView(number: 0, category: slots[k].category, kind: kinds[k], section: slots[k].section,
                                      index: slots[k].index, id: ids[k]!, frame: slots[k].frame,
                                      data: cell.map(tree.cellData) ?? tree.data(of: slots[k]),
                                      zIndex: slots[k].zIndex, pinned: slots[k].pinned, key: keys[k])
                view.number = pass.pools.dequeue(kind: view.poolKind)
                // A view whose data was there moves in from where it was: on a relayout (the same
                // items) found by place; on a reload, a cell where its caller says it was.
                // A replacing view is new where its data was shown: it is inserted.
                let old = !laidOutAnew || replacing.contains(k) ? nil : byIdentifier
                    ? (slots[k].category == .item ? try cellFramesBeforeReload?(ids[k]!) : nil)
                    : try frameBefore(keys[k], places: &placesBefore)
                if let old {
                    var event = EngineEvent(.update, view, oldFrame: old)
                    event.addsView = true
                    pass.events.append(event)
                } else {
                    pass.events.append(EngineEvent(.insert, view))
                }
                // Last, so the view moves into the list rather than being copied.
                pass.views.append(view)
            }
        }
        return pass
    }

    /// What a view that is no longer shown gets: when its data is still there (`moved`: where it
    /// is now, off screen), an `update` to there (its animator's move), marked `removesView`;
    /// else a `delete`.
    static func leavingEvent(_ view: EngineView, movedTo moved: EngineView?) -> EngineEvent {
        guard let moved else { return EngineEvent(.delete, view) }
        var event = EngineEvent(.update, moved, oldFrame: view.frame)
        event.removesView = true
        return event
    }

    /// `base`, or the first of `base(1)`, `base(2)`, ... not taken in its category; marked taken.
    static func unique(_ base: ItemID, category: ElementCategory, taken: inout Set<ElementKey>) -> ItemID {
        if taken.insert(ElementKey(category: category, id: base)).inserted { return base }
        var n = 1
        while !taken.insert(ElementKey(category: category, id: .duplicate(base, n))).inserted { n += 1 }
        return .duplicate(base, n)
    }

    /// Fills each event's animation from its view's animator: its provider's (a header's: its
    /// section's provider), else the nearest ancestor's, else the engine's. A deleted view's
    /// provider is looked up in `previous`, the tree it was shown from. Each animator is asked
    /// once per call, with all of the events at `asked` (all by default) it owns in pass order, so
    /// a scripted animator costs one call into its script (two in a pass where views leave: see
    /// `reconcile`) rather than one per view. What an animator throws leaves the pass; with
    /// `itemsOnly`, the events of other views carry no animation.
    /// O(events × log leaves); nothing to do without animators.
    /// The events at `shifted` (kept views that moved with the anchor) ask the `shift` hook.
    func animate(_ events: inout [EngineEvent], tree: EngineTree, previous: EngineTree, state: ScrollState,
                 delta: Point, isReloading: Bool, itemsOnly: Bool, shifted: Set<Int>, asked: Range<Int>? = nil) throws {
        guard animator != nil || tree.flat.hasAnimators || previous.flat.hasAnimators else { return }
        var batches: [(animator: any Animator, positions: [Int])] = []
        var batchOfOwner: [ObjectIdentifier?: Int] = [:]
        for k in asked ?? events.indices where !itemsOnly || events[k].category == .item {
            let event = events[k]
            let owner = event.type == .delete ? previous : tree
            let view = ElementKey(category: event.category, kind: event.kind, section: event.section,
                                  span: event.sectionSpan, index: event.index)
            var owned = owner.animator(of: view)
            // A deleted view's provider is asked for the animator it has now (one set since the
            // tree was shown counts, as it does for the other events).
            if event.type == .delete, let p = owner.provider(of: view) { owned = currentAnimator(of: p, shown: owned) }
            guard let chosen = owned?.animator ?? animator else { continue }
            if let b = batchOfOwner[owned?.owner] {
                batches[b].positions.append(k)
            } else {
                batchOfOwner[owned?.owner] = batches.count
                batches.append((chosen, [k]))
            }
        }
        let visible = Rect(origin: state.contentOffset, size: state.viewportSize ?? .zero)
        let moved = velocity(to: scrollState)
        for batch in batches {
            let asked = batch.positions.map { k in
                let e = events[k]
                let shown = e.type == .delete ? previous : tree
                // A section's element is told its section's first item, as animate's elements are.
                let index = e.index ?? shown.firstItem(ofSection: e.section) ?? 0
                var asked = AnimationEvent(kind: shifted.contains(k) ? .shift : e.type, index: index,
                                           id: e.id, view: e.view, frame: e.frame, oldFrame: e.oldFrame,
                                           visibleFrame: visible, velocity: moved, delta: delta,
                                           reloadCount: reloadCount, isReloading: isReloading)
                if e.category != .item {
                    asked.element = AnimatedElement(category: e.category, kind: e.kind, section: e.section, index: e.index)
                }
                return asked
            }
            let animations = try batch.animator.animations(for: asked)
            // An animator of the caller's own may miscount: refuse the pass rather than crash.
            guard animations.count == asked.count else {
                throw AnimationFormatError("the animator returned \(NumberText.grouped(animations.count)) animation(s) for \(NumberText.grouped(asked.count)) event(s); "
                    + "it must return one (or nil) per event, in the events' order")
            }
            for (k, animation) in zip(batch.positions, animations) {
                // A description that cannot be played (`AnimationDescription.problem`) leaves the pass too.
                if let problem = animation?.problem {
                    throw AnimationFormatError("the \(events[k].type.rawValue) animation of \(describeIdentifier(events[k].id)): \(problem)")
                }
                events[k].animation = animation
            }
        }
    }

    /// The animator `owner` has now: its own, else its nearest ancestor's, when it
    /// is still in the engine's tree; `shown` (the one it had when flattened) when it left it.
    private func currentAnimator(of owner: Provider, shown: OwnedAnimator?) -> OwnedAnimator? {
        var chain: [Provider] = []
        var node: Provider? = owner
        while let p = node { chain.append(p); node = p.parent }
        guard chain.last === provider else { return shown }
        return chain.lazy.compactMap { p in p.animator.map { OwnedAnimator(animator: $0, owner: ObjectIdentifier(p)) } }.first
    }
}

/// Views a pass that lays out anew (a reload or a relayout) moves across the viewport's edge:
/// one whose item (a cell's, a badge's) or section is still in the data moves to, or from, where
/// it is drawn on the other side of the pass, so that only removed data is deleted and only new
/// data inserted. A scroll moves nothing: there, views that leave are deleted and views that
/// come in are inserted.
extension CollectionEngine {
    /// `view`, shown before the pass, as `tree` draws it at `state` after it, off screen; nil
    /// when its data is gone. On a reload (`byIdentifier`) a view is found by its id (a cell's
    /// index in `cells`, the pass's cells that left looked up together), on a relayout (the
    /// same items) by its place. `places` is built on first need.
    /// - Complexity: O(1) for a cell; for another element O(m) once per pass, plus, on a
    ///   reload, the ids of the section-level elements of its kind.
    func placeAfter(_ view: EngineView, in tree: EngineTree, state: ScrollState, byIdentifier: Bool,
                    cells: [ItemID: Int], places: inout ElementPlaces?) throws -> EngineView? {
        var moved = view
        if view.category == .item {
            guard let i = byIdentifier ? cells[view.id] : view.index, i < tree.count else { return nil }
            moved.index = i
            moved.section = try tree.result.section(ofItem: i)
            moved.frame = try tree.result.frame(at: i, scroll: state)
            return moved
        }
        if places == nil { places = ElementPlaces(tree.result, scroll: state) }
        let found = byIdentifier ? try element(named: view, in: tree, places: places!)
            : places!.element(at: ElementPlaces.Place(view.key), occurrence: view.key.occurrence)
        guard let e = found else { return nil }
        moved.index = e.index
        moved.section = e.section
        moved.frame = e.frame
        moved.key.span = e.sectionSpan
        return moved
    }

    /// The frame the view entering at `key` had before a relayout (the same items): its item's,
    /// or its element's, drawn at the state the last pass showed; nil when it had none.
    /// `places` (the last pass's elements) is built on first need.
    func frameBefore(_ key: ElementKey, places: inout ElementPlaces?) throws -> Rect? {
        guard let before = loaded else { return nil }
        if key.category == .item {
            guard let i = key.index, i < tree.count else { return nil }
            return try tree.result.frame(at: i, scroll: before)
        }
        if places == nil { places = ElementPlaces(tree.result, scroll: before) }
        return places!.element(at: ElementPlaces.Place(key), occurrence: key.occurrence)?.frame
    }

    /// The element of `tree` with `view`'s id: a badge by its item's id, another element by the
    /// id `tree` gives it (its section's id and kind, a provider header's own id, a layout-level
    /// element's kind); a repeated id (`a(1)`) names the repeat.
    private func element(named view: EngineView, in tree: EngineTree, places: ElementPlaces) throws -> LayoutElement? {
        var base = view.id, repeatNumber = 0
        if case .duplicate(let id, let n) = view.id { (base, repeatNumber) = (id, n) }
        if view.key.index != nil {
            guard case .scoped(let item, _) = base, let i = try tree.index(of: item), i < tree.count else { return nil }
            let place = ElementPlaces.Place(category: view.category, kind: view.key.kind,
                                            section: try tree.result.section(ofItem: i), index: i)
            return places.element(at: place, occurrence: repeatNumber)
        }
        var seen = 0
        for e in places.unanchored(view.category, kind: view.key.kind) where try tree.id(of: e) == base {
            if seen == repeatNumber { return e }
            seen += 1
        }
        return nil
    }
}

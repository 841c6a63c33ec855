/// Scroll anchoring (CSS's `overflow-anchor`): what the user looks at does not move because
/// sizes or data above it changed.
///
/// Before a relayout or a reload the engine notes its anchor: the first cell in flattened order
/// whose frame intersects the viewport (partly visible counts; a pinned element never anchors).
/// One exception keeps what was drawn still: a cell measured for this pass that the viewport's
/// top (or leading edge) cuts, or that only entered in the last pass (a host measures a cell
/// before it first draws it; a host that draws first says so with `didDrawViews()`), is passed
/// over for the next visible cell that was drawn before (it did not just enter). So a cell that scrolls in from above and turns out taller grows
/// upwards, off screen, instead of pushing everything below it down; a cell re-measured where
/// it was drawn keeps its top; and on a screen where every cell is new (the first one, or after
/// a jump) the first cell keeps its top: measuring the top cell of the first screen leaves the
/// offset at 0.
/// After laying out, it moves the content offset by the anchor's displacement, within the
/// content's scroll range (towards negative x for a right-to-left content), so the anchor's
/// top-left stays where it was on screen (a growing anchor keeps its top); an offset within the
/// scroll range before the pass stays within it, so content that shrank past the viewport's far
/// edge pulls it back to the new end (one the host put past an edge, a bounce, stays). When a reload deletes
/// the anchor, the first visible cell after it that the reload keeps takes its place (else
/// nothing moves). Measured sizes and a resize always anchor; data changes as `anchor` says (in
/// a pass with both under `.none`, the offset moves by as much as the sizes alone move the
/// anchor, measured from the new data laid out with the last pass's sizes);
/// under every mode an offset within the scroll range before the pass is within it after. A bottom-anchored
/// list (`.end`) that touched its end stays at its end. A target of `scrollTo(_:align:)` comes
/// before all of these: it is placed where it was asked, as sizes above it become known
/// (deleted, it is forgotten and anchoring goes on as without it: an item with its id that comes
/// back later is not scrolled to).
extension CollectionEngine {
    /// What a pass keeps in place: the anchor cell (its id, flattened index and resting frame)
    /// and whether the viewport touched the content's end.
    package struct AnchorNote {
        var id: ItemID
        var index: Int
        var frame: Rect
        /// Each sideways section's own anchor, by section: kept on the section's own axis.
        var shelves: [Int: ShelfAnchor] = [:]
    }

    /// A sideways section's anchor: its first visible cell and its resting frame.
    package struct ShelfAnchor {
        var id: ItemID
        var index: Int
        var frame: Rect
    }

    /// An element `scrollTo(_:align:)` keeps at a place until the next `scroll(to:)`.
    struct ScrollTarget {
        var id: ItemID?
        var index: Int?
        var position: ScrollPosition
    }

    /// Where the content offset lands, measured on the y axis: within half a point of the end.
    private static let endSlack = 0.5

    /// The anchor of the views shown now: the visible cell of lowest flattened index that is
    /// not pinned and does not scroll sideways (cells of a sideways section only when nothing
    /// else shows), passing over a cell measured for this pass that the viewport's top or
    /// leading edge cuts or that entered in the last pass, when a cell drawn before qualifies. Nil before
    /// the first pass or with no cell in view. O(k log k) for k views.
    package func noteAnchor() throws -> AnchorNote? {
        guard loaded != nil else { return nil }
        let scrollers = tree.result.orthogonalSections
        let (cells, main) = anchorCandidates(scrollers)
        /// The first of `candidates`, unless it grows away from what was drawn (see above): then
        /// the next that was drawn (it did not just enter) and does not, else the first after all.
        func first(_ candidates: [EngineView], origin: Point) -> EngineView? {
            func growsAway(_ v: EngineView) -> Bool {
                measuredSinceLastPass.contains(where: { ItemID.names(v.id, $0) })
                    && (v.frame.minY < origin.y || v.frame.minX < origin.x || entered(lastPass: v.id))
            }
            guard let head = candidates.first, growsAway(head) else { return candidates.first }
            return candidates.dropFirst().first { !growsAway($0) && !entered(lastPass: $0.id) } ?? head
        }
        var note: AnchorNote?
        if let chosen = first(main.isEmpty ? cells : main, origin: scrollState.contentOffset), let index = chosen.index {
            note = AnchorNote(id: chosen.id, index: index, frame: try tree.result.frame(at: index))
        }
        for scroller in scrollers {
            let inside = cells.filter { $0.section == scroller.section }
            guard let chosen = first(inside, origin: scroller.frame.origin), let index = chosen.index else { continue }
            note?.shelves[scroller.section] = ShelfAnchor(id: chosen.id, index: index, frame: try tree.result.frame(at: index))
        }
        return note
    }

    /// Tells the engine the host has drawn the views of the last pass, as a page that draws a
    /// cell at its estimate and then measures it does: none of them counts as just entered when
    /// the next pass anchors, so a measured cell the viewport's top does not cut keeps its top
    /// (the host showed it). A host that measures a cell before it first draws it does not call
    /// this. O(1).
    public func didDrawViews() {
        lastPassEvents = []
    }

    /// The visible cells that may anchor, by flattened index: every unpinned cell, and those
    /// that do not scroll sideways (`main`). O(k log k) for k views.
    private func anchorCandidates(_ scrollers: [OrthogonalSection]) -> (cells: [EngineView], main: [EngineView]) {
        let sideways = Set(scrollers.map(\.section))
        let cells = views.filter { $0.category == .item && !$0.pinned && $0.index.map { $0 < tree.result.count } == true }
            .sorted { $0.index! < $1.index! }
        return (cells, cells.filter { !sideways.contains($0.section) })
    }

    /// True when the viewport touches the end of the content on the y axis (or nothing was shown yet).
    var isAtEnd: Bool {
        guard loaded != nil else { return true }
        return scrollState.contentOffset.y + viewportSize.height >= contentSize.height - Self.endSlack
    }

    /// The target of `scrollTo` and its flattened index in `next`; nil when there is none or a
    /// reload deleted it (it keeps nothing in place, and the pass forgets it).
    func keptTarget(in next: EngineTree) throws -> (ScrollTarget, Int)? {
        guard let target = scrollTarget, let index = try targetIndex(target, in: next) else { return nil }
        return (target, index)
    }

    /// The scroll state after laying out `next`: `target` (`keptTarget(in:)`) placed, the end
    /// kept, or the anchor kept in place, as the pass calls for (`anchoring`: keep `note` in
    /// place), then kept within `next`'s scroll range (`keptInRange`) whatever moved it or not:
    /// a reload that shrinks content under `.none` pulls the offset back to the new end, where a
    /// scroll view would clamp it, so the visible set is the one the host shows.
    /// `reference`: the tree the anchor's displacement is measured from, when not the last
    /// pass's (the same items as `next`, at their old sizes).
    func anchoredState(in next: EngineTree, target: (ScrollTarget, Int)?, note: AnchorNote?, anchoring: Bool,
                       reference: EngineTree? = nil, atEnd: Bool) throws -> ScrollState {
        var state = try movedState(in: next, target: target, note: note, anchoring: anchoring, reference: reference,
                                   atEnd: atEnd)
        if let loaded {
            let before = tree.result.scrollRange(viewport: loaded.viewportSize ?? viewportSize)
            state.contentOffset = Self.keptInRange(state.contentOffset, was: scrollState.contentOffset, before: before,
                                                   now: next.result.scrollRange(viewport: viewportSize))
        }
        return state
    }

    /// The scroll state `anchoredState` keeps in range: moved to the target, the end or by the
    /// anchor's displacement.
    private func movedState(in next: EngineTree, target: (ScrollTarget, Int)?, note: AnchorNote?, anchoring: Bool,
                            reference: EngineTree?, atEnd: Bool) throws -> ScrollState {
        var state = scrollState
        let viewport = viewportSize
        if let (target, index) = target {
            state.contentOffset = Self.offset(showing: try next.result.frame(at: index), at: target.position,
                                              viewport: viewport, range: next.result.scrollRange(viewport: viewport),
                                              current: state.contentOffset)
            return state
        }
        if anchor == .end && atEnd {
            state.contentOffset.y = next.result.scrollRange(viewport: viewport).y.upperBound
            return state
        }
        guard anchoring else { return state }
        let range = next.result.scrollRange(viewport: viewport)
        if let note, let (index, shown) = try kept(note, in: next) {
            let was = try reference?.result.frame(at: index) ?? shown
            let now = try next.result.frame(at: index)
            let dx = now.minX - was.minX, dy = now.minY - was.minY
            if dx != 0 { state.contentOffset.x = range.x.clamping(state.contentOffset.x + dx) }
            if dy != 0 { state.contentOffset.y = range.y.clamping(state.contentOffset.y + dy) }
            try keepShelves(note.shelves, in: next, reference: reference, state: &state)
        }
        return state
    }

    /// `offset` moved into `now` on each axis where `was` (the offset before the pass) lay
    /// within `before`: content that shrank past the viewport's far edge (the last cell measured
    /// shorter at the end) pulls the offset back to its new end rather than leaving a gap, while
    /// an offset the host put past an edge (a bounce) stays where it is. O(1).
    static func keptInRange(_ offset: Point, was: Point, before: ScrollRange, now: ScrollRange) -> Point {
        Point(x: before.x.contains(was.x) ? now.x.clamping(offset.x) : offset.x,
              y: before.y.contains(was.y) ? now.y.clamping(offset.y) : offset.y)
    }

    /// The cell `note` keeps still, as its flattened index in `next` and its resting frame
    /// before: the anchor, else (the reload deleted it) the first visible cell after it that
    /// `next` still holds; nil when none is left.
    private func kept(_ note: AnchorNote, in next: EngineTree) throws -> (Int, Rect)? {
        try kept(note.id, at: note.index, frame: note.frame, in: next) {
            let (cells, main) = anchorCandidates(tree.result.orthogonalSections)
            return main.isEmpty ? cells : main
        }
    }

    /// Cell `id`'s flattened index in `next` and `frame`, else (deleted) those of the first of
    /// `candidates` (the visible cells that may anchor with it, asked only then) after `index`
    /// that `next` still holds, its frame the last pass's; nil when none is left.
    private func kept(_ id: ItemID, at index: Int, frame: Rect, in next: EngineTree,
                      candidates: () -> [EngineView]) throws -> (Int, Rect)? {
        if let now = try next.index(of: id, hint: index), now < next.result.count { return (now, frame) }
        for cell in candidates() where cell.index! > index {
            guard let now = try next.index(of: cell.id, hint: cell.index), now < next.result.count else { continue }
            return (now, try tree.result.frame(at: cell.index!))
        }
        return nil
    }

    /// Moves each sideways section's own offset, on its own axis, by its anchor's displacement
    /// within the section (deleted, the next visible card's of the section), within what the
    /// section can scroll either way (a right-to-left shelf scrolls towards negative x).
    private func keepShelves(_ shelves: [Int: ShelfAnchor], in next: EngineTree, reference: EngineTree?,
                             state: inout ScrollState) throws {
        guard !shelves.isEmpty else { return }
        for scroller in next.result.orthogonalSections {
            guard let anchor = shelves[scroller.section], let (index, shown) = try kept(
                anchor.id, at: anchor.index, frame: anchor.frame, in: next,
                candidates: { anchorCandidates(tree.result.orthogonalSections).cells.filter { $0.section == scroller.section } })
            else { continue }
            let was = try reference?.result.frame(at: index) ?? shown
            let now = try next.result.frame(at: index)
            var offset = state.offset(ofSection: scroller.section)
            if scroller.contentSize.height > scroller.frame.height {
                let room = scroller.contentSize.height - scroller.frame.height
                offset.y = (-room...room).clamping(offset.y + now.minY - was.minY)
            } else {
                let room = max(0, scroller.contentSize.width - scroller.frame.width)
                offset.x = (-room...room).clamping(offset.x + now.minX - was.minX)
            }
            if offset != state.offset(ofSection: scroller.section) { state.sectionOffsets[scroller.section] = offset }
        }
    }

    /// The flattened index of `target` in `tree`, or nil when it is gone.
    private func targetIndex(_ target: ScrollTarget, in tree: EngineTree) throws -> Int? {
        if let id = target.id { return try tree.index(of: id, hint: target.index) }
        guard let index = target.index, index < tree.result.count else { return nil }
        return index
    }

    /// The offset that shows `f` at `position` (on each axis where the content is larger than
    /// the viewport; elsewhere `current`), within `range`.
    static func offset(showing f: Rect, at position: ScrollPosition, viewport: Size, range: ScrollRange,
                       current: Point) -> Point {
        func axis(_ minV: Double, _ length: Double, _ view: Double, _ range: ClosedRange<Double>, _ current: Double) -> Double {
            guard range.lowerBound < range.upperBound else { return current }
            let target: Double
            switch position {
            case .top: target = minV
            case .center: target = minV + length / 2 - view / 2
            case .bottom: target = minV + length - view
            }
            return range.clamping(target)
        }
        return Point(x: axis(f.minX, f.width, viewport.width, range.x, current.x),
                     y: axis(f.minY, f.height, viewport.height, range.y, current.y))
    }

    /// Scrolls so the item whose id is `id` is at `position`, runs a pass, and keeps it there
    /// through the passes that follow (as measurements arrive above it) until the next
    /// `scroll(to:)` or a reload that deletes it. Pending work (the first pass, a reload) runs
    /// first, so the target is looked up in the data as it is now; the events of both passes are
    /// returned.
    /// - Throws: `LayoutError.invalid` naming the id when no item has it (nothing changes), or
    ///   what a pass throws.
    @discardableResult
    public func scrollTo(_ id: ItemID, align position: ScrollPosition = .top) throws -> [EngineEvent] {
        var events = hasPendingWork ? try layout() : []
        guard let index = try tree.index(of: id) else {
            throw LayoutError.invalid("no item has the id \(describeIdentifier(id)); scrollTo expects the id of one of the \(NumberText.counted(tree.flat.count, "item"))")
        }
        events += try scrollTo(index: index, id: id, align: position)
        return events
    }

    /// Scrolls so flattened item `index` is at `position`, runs a pass, and keeps it there as
    /// `scrollTo(_:align:)` does. An integer literal picks this overload (`scrollTo(3)` is the
    /// fourth item) even where ids are integers: write `scrollTo(ItemID.int(3))` for the id 3.
    /// - Throws: `LayoutError.indexOutOfRange` naming the index when there is no such item
    ///   (nothing changes), or what a pass throws.
    @discardableResult
    public func scrollTo(_ index: Int, align position: ScrollPosition = .top) throws -> [EngineEvent] {
        var events = hasPendingWork ? try layout() : []
        guard index >= 0, index < tree.result.count else {
            throw LayoutError.indexOutOfRange(index: index, count: tree.result.count)
        }
        events += try scrollTo(index: index, id: nil, align: position)
        return events
    }

    private func scrollTo(index: Int, id: ItemID?, align position: ScrollPosition) throws -> [EngineEvent] {
        let offset = Self.offset(showing: try tree.result.frame(at: index), at: position, viewport: viewportSize,
                                 range: tree.result.scrollRange(viewport: viewportSize), current: scrollState.contentOffset)
        let before = (scrollState, scrollTarget)
        scrollState.contentOffset = offset
        scrollTarget = ScrollTarget(id: id, index: index, position: position)
        do {
            return try layout()
        } catch {
            (scrollState, scrollTarget) = before
            throw error
        }
    }

    /// A reload, a relayout or a first pass is scheduled.
    var hasPendingWork: Bool { needsReload || needsRelayout || loaded == nil || viewportSize != loaded?.viewportSize }
}

extension CollectionEngine {
    /// The flattened index of the item whose id is `id` as of the last reload, or nil. Where no
    /// id is exactly `id`, a string names an integer id by its text (`"14"`) and an integer a
    /// string id that is its text (a default id, `"0"`), as a host with only text or numbers
    /// names them; `scrollTo(_:align:)` and `measure(_:size:)` look ids up the same way.
    /// - Complexity: O(1) after a table built once per reload (O(n)), or O(log leaves) for a
    ///   visible item.
    public func index(of id: ItemID) throws -> Int? {
        try tree.index(of: id, hint: views.first { $0.category == .item && ItemID.names($0.id, id) }?.index)
    }
}

/// A collection view with no views (CollectionKit's CollectionView, headless): it owns a provider
/// tree, a scroll state and the visible views, and emits events instead of touching views.
///
/// Changes only schedule work; `layout()` runs one pass, in CollectionKit's priority order:
/// 1. a reload if one is scheduled (lay out, which records who owns each item, diff the visible
///    views by identifier, rebind kept views, count the reload);
/// 2. else a relayout if the viewport size changed or one is scheduled (lay out again, same
///    items, no rebinding);
/// 3. else loading views if the content offset or a section's offset changed (views entering
///    and leaving).
///
/// Views come from the layout result's element query: cells, and the headers, footers, badges
/// and backgrounds of any layout, each with its category, kind, zIndex and frame as drawn.
/// Only visible views are ever reconciled, so a pass costs O(log n + k) after the layout itself.
///
/// A pass is computed before anything is kept: when a layout, a provider callback (id, size,
/// view kind) or an animator throws, the pass throws that error and the engine keeps its
/// previous state (its views, pools, offsets and scheduled work), so the next pass tries again.
///
/// Invariants after every pass: `views` holds exactly the elements whose drawn frames overlap
/// the visible rectangle with a positive area, in drawing order; their ids are unique within a
/// category; no two hold the same view number; a view number is either held by one visible view,
/// by a view the pass animated away (still drawn: back in its pool at the next pass), or in its
/// kind's pool.
public final class CollectionEngine {
    /// The root provider. Setting it schedules a reload.
    public var provider: Provider? {
        didSet {
            if oldValue !== provider { oldValue?.observers[ObjectIdentifier(self)] = nil }
            observe(provider)
            needsReload = true
        }
    }
    /// The fallback animator, after the providers' own. Setting it schedules a reload.
    public var animator: (any Animator)? { didSet { needsReload = true } }
    /// What a reload keeps still on screen (see `ScrollAnchor`); measured sizes and a resize
    /// always keep the first visible cell in place (under `.none`, a reload in the same pass
    /// moves it as much as the sizes alone do). Default `.none`, CollectionKit's behaviour.
    public var anchor: ScrollAnchor = .none
    /// On reload, move the content offset so the first visible item stays where it was on screen
    /// (chat-style prepends): `anchor == .firstVisible`, its older spelling.
    public var keepsFirstVisibleOnReload: Bool {
        get { anchor == .firstVisible }
        set { anchor = newValue ? .firstVisible : .none }
    }

    /// Where the content is scrolled: content offset, sideways sections' offsets and the
    /// viewport size (always set). Changed through `scroll(to:)`, `scrollSection(_:to:velocity:)`,
    /// `setOffset(_:ofSection:)` and `resize(to:)`.
    public internal(set) var scrollState: ScrollState
    /// The viewport's safe area, layout margins and readable width, which every layout of the
    /// provider tree reads (a compositional layout's `contentInsetsReference`); zero by default.
    /// Other guides schedule a relayout, which keeps the first visible cell in place as a resize
    /// does and checks them (finite, non-negative). O(1).
    public var guides: ViewportGuides { didSet { if guides != oldValue { needsRelayout = true } } }
    /// The guides the last pass laid out with.
    var laidOutGuides = ViewportGuides.zero
    /// Visible views in drawing order: ascending zIndex, pinned above unpinned, then
    /// backgrounds, cells, headers, then flattened index.
    public internal(set) var views: [EngineView] = []
    /// Reloads completed so far (0 until the first pass).
    public private(set) var reloadCount = 0
    /// The content size of the last pass's layout.
    public private(set) var contentSize = Size.zero
    /// How many views were created and how many reused so far.
    public var stats: EngineStats { pools.stats }

    var needsReload = true
    var needsRelayout = false
    /// A provider's layout or size rule changed since the last pass: the next relayout lays
    /// everything out again, where measurements alone would let it splice.
    var layoutChanged = false
    /// The scroll state the visible views were last loaded for (nil before the first pass).
    var loaded: ScrollState?
    var tree = EngineTree(nil)
    var pools = ReusePools()
    /// Sizes the host measured, by element id (see `measure(_:size:)`).
    var measurements: [ItemID: Measurement] = [:]
    /// The measurements as the last pass resolved them, for the items it showed.
    var resolved: Resolution?
    /// The ids measured or forgotten since the last pass: the next one anchors, and a cell cut
    /// by the viewport's top among them does not anchor it.
    var measuredSinceLastPass: Set<ItemID> = []
    /// What each id of `measuredSinceLastPass` measured before it (none: it was not measured),
    /// for a pass that must tell the sizes' displacement from the data's (`lastSizesTree`).
    var measuredBeforePass: [ItemID: Measurement] = [:]
    /// Whether the last pass's tree held each id measured since it, found when it was measured
    /// while that tree's data was still its providers' (no reload scheduled yet).
    var heldWhenMeasured: [ItemID: Bool] = [:]
    /// What `scrollTo` keeps in place until the next `scroll(to:)` or a pass that finds it deleted.
    var scrollTarget: ScrollTarget?
    /// Where each item was drawn before the next reload, by its view's id, for a caller that
    /// kept the data and layout the engine showed (the engine keeps no old ids: they are its
    /// providers' data, which the reload's change replaced): a cell that reload brings into view
    /// moves in from there (an `update` with `addsView`) instead of being inserted. The reload
    /// clears it.
    package var cellFramesBeforeReload: ((ItemID) throws -> Rect?)?
    /// The last pass's events, kept as they are (no copy): the cells they add to the visible
    /// set (`entered(lastPass:)`), measured now, have not been drawn at their old size, so they
    /// do not anchor. Asked only of a measured cell the viewport cuts, so it is searched then
    /// rather than indexed on every pass.
    var lastPassEvents: [EngineEvent] = []

    /// An engine showing `provider` in a viewport of `viewport` with `guides`; nothing runs
    /// until `layout()`, which also checks the viewport size and the guides. O(1).
    public init(provider: Provider? = nil, viewport: Size = .defaultViewport, guides: ViewportGuides = .zero) {
        self.scrollState = ScrollState(contentOffset: .zero, viewportSize: viewport)
        self.guides = guides
        self.provider = provider
        observe(provider)
    }

    deinit { provider?.observers[ObjectIdentifier(self)] = nil }

    /// Hears `provider`'s changes (other engines showing it keep hearing them too).
    private func observe(_ provider: Provider?) {
        provider?.observers[ObjectIdentifier(self)] = { [weak self] in self?.schedule($0) }
    }

    func schedule(_ change: ProviderChange) {
        switch change {
        case .reload: needsReload = true
        case .relayout: needsRelayout = true; layoutChanged = true
        }
    }

    /// The visible area's size.
    public var viewportSize: Size { scrollState.viewportSize ?? .zero }
    /// The visible rectangle in content coordinates.
    public var visibleRect: Rect { Rect(origin: scrollState.contentOffset, size: viewportSize) }

    /// Schedules a reload (CollectionKit's `setNeedsReload`). O(1): the next pass does the work.
    public func setNeedsReload() { needsReload = true }

    /// True when the next `layout()` has work to do (a reload, a relayout, or views to load for
    /// a changed scroll state).
    public var hasPendingPass: Bool { needsReload || needsRelayout || loaded != scrollState }

    /// The guides differ from those the last pass laid out with (none before the first pass).
    var guidesChanged: Bool { loaded != nil && guides != laidOutGuides }

    /// Runs one pass and returns its events (none when nothing changed). Throws what a layout,
    /// a provider callback or an animator throws, and a `LayoutError` for a viewport size or
    /// guides that are not finite and non-negative, or a section offset that is not finite; the
    /// engine then keeps its previous state.
    /// - Complexity: a reload or relayout lays the provider tree out again (each layout's own
    ///   cost, O(n) for the built-in ones; after measurements, a flow or waterfall only from the
    ///   first measured item) and diffs the visible views by id; a pass that only scrolled asks
    ///   the spatial index, O(log n + k) for k views in view.
    @discardableResult
    public func layout() throws -> [EngineEvent] { try pass(animatingItemsOnly: false) }

    /// Runs one pass as `layout()` does, asking the animators about the events of item views
    /// only; the other events carry no animation. For a caller that animates headers, footers
    /// and backgrounds itself, as pairs across a change (`ElementTransition`), so that the
    /// animator is asked about each element event once.
    @discardableResult
    package func layoutAnimatingItemsOnly() throws -> [EngineEvent] { try pass(animatingItemsOnly: true) }

    /// The pass `layout()` runs; `itemsOnly`: the animators are asked about item views only.
    private func pass(animatingItemsOnly itemsOnly: Bool) throws -> [EngineEvent] {
        try Self.checkViewport(viewportSize)
        // setOffset(_:ofSection:) checks nothing (its section may not exist yet): a NaN offset
        // would hide the section's views with no error.
        for (section, offset) in scrollState.sectionOffsets { try Self.checkOffset(offset, "section \(section)'s offset") }
        if needsReload { return try reload(animatingItemsOnly: itemsOnly) }
        if needsRelayout || viewportSize != loaded?.viewportSize { return try relayout(animatingItemsOnly: itemsOnly) }
        if scrollState != loaded { return try loadViews(animatingItemsOnly: itemsOnly) }
        return []
    }

    /// Moves the visible area to `offset` and runs a pass. Ends what `scrollTo` kept in place.
    /// - Throws: `LayoutError.invalidParameter` for an offset that is not finite (nothing
    ///   changes); what the pass throws.
    /// - Complexity: the pass's (see `layout()`): O(log n + k) when nothing else changed.
    @discardableResult
    public func scroll(to offset: Point) throws -> [EngineEvent] {
        try Self.checkOffset(offset, "the engine's content offset")
        scrollState.contentOffset = offset
        scrollTarget = nil
        return try layout()
    }

    /// Resizes the visible area and runs a pass, which keeps the first visible cell in place
    /// whatever `anchor` says (the same data laid out at another size).
    /// - Throws: `LayoutError.invalidParameter` for a size that is not finite and non-negative
    ///   (nothing changes); what the pass throws.
    /// - Complexity: a relayout's (see `layout()`).
    @discardableResult
    public func resize(to size: Size) throws -> [EngineEvent] {
        try Self.checkViewport(size)
        scrollState.viewportSize = size
        return try layout()
    }

    /// Sets the cross-axis offset of an orthogonal section (0-based, as in `layoutResult`),
    /// applied by the next pass: its views are drawn at that offset, and enter and leave as they
    /// show through the section's scroller. Nothing is checked now, since the section may only
    /// exist after that pass: an offset kept for a section that does not scroll sideways moves
    /// nothing (`scrollSection(_:to:velocity:)` runs the pass first and throws for one), and one
    /// that is not finite makes the next pass throw. O(1).
    public func setOffset(_ offset: Point, ofSection section: Int) {
        scrollState.sectionOffsets[section] = offset
    }

    /// Scrolls sideways section `section` (0-based) to `offset` and runs a pass. A scroll that
    /// ends with a `velocity` comes to rest at the section's `targetContentOffset` for its
    /// paging behaviour instead. Pending work (the first pass, a reload) runs first, so every
    /// sideways section of the tree as it is now can be scrolled; the events of both passes are
    /// returned. Throws a `LayoutError` when the section does not scroll sideways, or when
    /// `offset` or `velocity` is not finite.
    @discardableResult
    public func scrollSection(_ section: Int, to offset: Point, velocity: Point? = nil) throws -> [EngineEvent] {
        try Self.checkOffset(offset, "section \(section)'s offset")
        if let velocity { try Self.checkOffset(velocity, "section \(section)'s velocity") }
        var events = needsReload || needsRelayout || loaded == nil ? try layout() : []
        guard tree.result.orthogonalSections.contains(where: { $0.section == section }) else {
            throw LayoutError.notOrthogonal(section: section, orthogonalSections: tree.result.orthogonalSections.map(\.section))
        }
        let resting = velocity.map { tree.result.targetContentOffset(section: section, proposed: offset, velocity: $0) } ?? offset
        scrollState.sectionOffsets[section] = resting
        events += try layout()
        return events
    }

    /// The layout of every flattened item and element as of the last pass.
    public var layoutResult: any LayoutResult { tree.result }

    /// Number of flattened items as of the last reload.
    public var itemCount: Int { tree.flat.count }

    // MARK: passes

    /// Lays the tree out, in one walk that records who owns each item, then diffs the visible
    /// views by identifier. Measured sizes go to the providers that held them in the last pass,
    /// found in their data as it is now (`expectedMeasurements`); when the new items resolve
    /// them otherwise (they moved to another provider, their data changed), the tree is laid
    /// out once more with the sizes as resolved.
    func reload(animatingItemsOnly itemsOnly: Bool) throws -> [EngineEvent] {
        try Self.checkGuides(guides)
        let expected = try expectedMeasurements()
        var next = try EngineTree.laidOut(provider, in: viewportSize, guides: guides, measured: expected)
        let measured = try resolvedMeasurements(in: next, rebinding: true)
        if measured != expected { next = try next.relaidOut(provider, in: viewportSize, guides: guides, measured: measured) }
        return try run(next, anchoring: anchorsThisPass, reference: try lastSizesTree(next, measured: measured),
                       isReloading: true, itemsOnly: itemsOnly)
    }

    /// Lays the same items out again (size, layout or measured sizes changed) and reloads
    /// views. After measurements alone, from the first measured item on where the layout can
    /// splice (`splicedTree`).
    func relayout(animatingItemsOnly itemsOnly: Bool) throws -> [EngineEvent] {
        try Self.checkGuides(guides)
        let measured = try resolvedMeasurements(in: tree, rebinding: false)
        let next = try splicedTree(measured: measured)
            ?? tree.relaidOut(provider, in: viewportSize, guides: guides, measured: measured)
        return try run(next, anchoring: anchorsThisPass, reference: nil, isReloading: false, itemsOnly: itemsOnly)
    }

    /// Whether this pass keeps its anchor still: always when sizes changed (measurements, or a
    /// new viewport size, which lays the same data out again), and for data changes as `anchor`
    /// says (under `.none`, a reload in the same pass as new sizes moves the anchor by as much as
    /// the sizes alone move it: `lastSizesTree`).
    private var anchorsThisPass: Bool { anchor != .none || sizesChanged }

    /// Measurements arrived, or the viewport was resized or given other guides, since the last pass.
    private var sizesChanged: Bool {
        !measuredSinceLastPass.isEmpty || (loaded.map { $0.viewportSize != scrollState.viewportSize } ?? false) || guidesChanged
    }

    /// For a reload whose data change does not anchor (`.none`) in a pass that also brings new
    /// sizes: the new data laid out with the last pass's sizes (its viewport size and guides, and
    /// what the ids measured since then measured before), so the offset moves by the anchor's
    /// displacement from it to `next`, the sizes' alone. The offset is then the same whether the
    /// host ran a pass between the sizes and the data change or not (and in which order), as far
    /// as the first visible cell is the same. Nil otherwise.
    /// - Complexity: one more layout of the tree, only in such a pass.
    private func lastSizesTree(_ next: EngineTree, measured: MeasuredSizes) throws -> EngineTree? {
        guard anchor == .none, sizesChanged, let loaded, views.contains(where: { $0.category == .item }) else { return nil }
        var before = measured
        for id in measuredSinceLastPass {
            // An id the last pass did not hold arrives with the data: its size is the data's (the
            // last tree's owners hold other data now: it is asked only what it recorded).
            let held = heldWhenMeasured[id] ?? (tree.knownToHold(id) || views.contains { ItemID.names($0.id, id) })
            if !held { continue }
            if let (owner, section) = next.headerOwner(of: id) {
                before.headers[ObjectIdentifier(owner), default: [:]][section] = measuredBeforePass[id]?.size
            } else if let index = try next.index(of: id, hint: nil), index < next.count {
                let (leaf, local) = next.flat.locate(index)
                // A measurement of other data than the item shows now would not apply to it.
                let old = measuredBeforePass[id].flatMap { m in m.data.map { $0 == leaf.owner.value(at: local) } ?? true ? m.size : nil }
                let key = ObjectIdentifier(leaf.owner)
                if old != nil || before.items[key]?[local] != nil { before.items[key, default: MeasuredOverrides()].set(local, old) }
            }
        }
        let size = loaded.viewportSize ?? viewportSize
        if before == measured && size == viewportSize && laidOutGuides == guides { return next }
        return try next.relaidOut(provider, in: size, guides: laidOutGuides, measured: before)
    }

    /// Shows `next` (laid out anew): the offset adjusted as anchoring says (an `adjust` event
    /// first when it or a shelf's offset moved; `reference`: the tree the anchor's displacement is
    /// measured from, when not the last pass's), the views reconciled (by identifier on reload)
    /// and animated.
    private func run(_ next: EngineTree, anchoring: Bool, reference: EngineTree?, isReloading: Bool,
                     itemsOnly: Bool) throws -> [EngineEvent] {
        let previous = tree
        let target = try keptTarget(in: next)
        let state = try anchoredState(in: next, target: target, note: try noteAnchor(), anchoring: anchoring,
                                      reference: reference, atEnd: isAtEnd)
        let delta = Point(x: state.contentOffset.x - scrollState.contentOffset.x,
                          y: state.contentOffset.y - scrollState.contentOffset.y)
        // Asked twice: about the views that left (inside the pass), then about the rest.
        func animating(_ events: inout [EngineEvent], shifted: Set<Int>, asked: Range<Int>?) throws {
            try animate(&events, tree: next, previous: previous, state: state, delta: delta, isReloading: isReloading,
                        itemsOnly: itemsOnly, shifted: shifted, asked: asked)
        }
        var pass = try reconcile(next, state: state, byIdentifier: isReloading, keptEvent: .update, shifting: delta != .zero) {
            try animating(&$0, shifted: [], asked: nil)
        }
        try animating(&pass.events, shifted: pass.shifted, asked: pass.leaving..<pass.events.count)
        let shelves = Set(state.sectionOffsets.keys).union(scrollState.sectionOffsets.keys)
            .filter { state.offset(ofSection: $0) != scrollState.offset(ofSection: $0) }
        if delta != .zero || !shelves.isEmpty {
            let moved = Dictionary(uniqueKeysWithValues: shelves.map { ($0, state.offset(ofSection: $0)) })
            pass.events.insert(.adjust(by: delta, to: state.contentOffset, sectionOffsets: moved), at: 0)
        }
        commit(pass, tree: next, state: state)
        laidOutGuides = guides
        if target == nil { scrollTarget = nil }
        if isReloading {
            needsReload = false
            reloadCount += 1
            cellFramesBeforeReload = nil
        }
        return pass.events
    }

    /// A scroll: views entering and leaving; kept views keep their data.
    func loadViews(animatingItemsOnly itemsOnly: Bool) throws -> [EngineEvent] {
        func animating(_ events: inout [EngineEvent], asked: Range<Int>?) throws {
            try animate(&events, tree: tree, previous: tree, state: scrollState, delta: .zero, isReloading: false,
                        itemsOnly: itemsOnly, shifted: [], asked: asked)
        }
        var pass = try reconcile(tree, state: scrollState, byIdentifier: false, keptEvent: .scroll) { try animating(&$0, asked: nil) }
        try animating(&pass.events, asked: pass.leaving..<pass.events.count)
        commit(pass, tree: tree, state: scrollState)
        return pass.events
    }

    /// Keeps a computed pass: its views and pools, the tree it showed and the state it showed.
    private func commit(_ pass: Pass, tree next: EngineTree, state: ScrollState) {
        tree = next
        contentSize = next.result.contentSize
        scrollState = state
        views = pass.views
        pools = pass.pools
        needsRelayout = false
        layoutChanged = false
        measuredSinceLastPass = []
        measuredBeforePass = [:]
        heldWhenMeasured = [:]
        lastPassEvents = pass.events
        loaded = state
    }

    /// True when the cell `id` entered the visible set in the last pass. O(events).
    func entered(lastPass id: ItemID) -> Bool {
        lastPassEvents.contains { $0.addsView && $0.category == .item && $0.id == id }
    }

    /// The content offset's change since the last pass.
    func velocity(to state: ScrollState) -> Point {
        guard let loaded else { return .zero }
        return Point(x: state.contentOffset.x - loaded.contentOffset.x, y: state.contentOffset.y - loaded.contentOffset.y)
    }
}

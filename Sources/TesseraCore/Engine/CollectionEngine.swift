/// A collection view with no views (CollectionKit's CollectionView, headless): it owns a provider
/// tree, a viewport and the visible views, and emits events instead of touching views.
///
/// Changes only schedule work; `layout()` runs one pass, in CollectionKit's priority order:
/// 1. a reload if one is scheduled (flatten, lay out, diff the visible views by identifier,
///    rebind kept views, count the reload);
/// 2. else a relayout if the viewport size changed or one is scheduled (lay out again, same
///    flattening, no rebinding);
/// 3. else loading cells if the offset changed (views entering and leaving).
///
/// Only visible views are ever reconciled, so a pass costs O(log n + k) after the layout itself.
/// Invariants after every pass: `views` holds exactly the items whose drawn frames overlap the
/// visible rectangle with a positive area, in drawing order; their ids are unique; no two hold the
/// same view number; a view number is either held by one visible view or in its kind's pool.
public final class CollectionEngine {
    /// The root provider. Setting it schedules a reload.
    public var provider: Provider? {
        didSet {
            if oldValue !== provider { oldValue?.onChange = nil }
            provider?.onChange = { [weak self] in self?.schedule($0) }
            needsReload = true
        }
    }
    /// The fallback animator, after the providers' own. Setting it schedules a reload.
    public var animator: (any Animator)? { didSet { needsReload = true } }
    /// On reload, move the content offset so the first visible item stays where it was on screen
    /// (chat-style prepends).
    public var keepsFirstVisibleOnReload = false

    public internal(set) var viewport: Viewport
    /// Visible views in drawing order: ascending zIndex, then flattened index.
    public internal(set) var views: [EngineView] = []
    public private(set) var reloadCount = 0
    /// The error of the last pass whose animator failed (a script error), cleared by the next pass
    /// whose animators all answered. Such a pass completes with no animation for that animator's
    /// events; nothing else about it changes.
    public internal(set) var animatorError: (any Error)?
    public private(set) var contentSize = Size.zero
    public var stats: EngineStats { pools.stats }

    var needsReload = true
    var needsRelayout = false
    /// The viewport the visible views were last loaded for (nil before the first pass).
    var loaded: Viewport?
    var flat = FlatProvider(nil)
    var result: any LayoutResult = EmptyResult()
    var pools = ReusePools()

    public init(provider: Provider? = nil, viewport: Size = .defaultViewport) {
        self.viewport = Viewport(size: viewport)
        self.provider = provider
        provider?.onChange = { [weak self] in self?.schedule($0) }
    }

    func schedule(_ change: ProviderChange) {
        switch change {
        case .reload: needsReload = true
        case .relayout: needsRelayout = true
        }
    }

    /// Schedules a reload (CollectionKit's `setNeedsReload`).
    public func setNeedsReload() { needsReload = true }

    /// Runs one pass and returns its events (none when nothing changed).
    /// Throws when a layout fails; the engine then keeps its previous state.
    @discardableResult
    public func layout() throws -> [EngineEvent] {
        if needsReload { return try reload() }
        if needsRelayout || viewport.size != loaded?.size { return try relayout() }
        if viewport != loaded { return try loadCells() }
        return []
    }

    /// Moves the visible area to `offset` and runs a pass.
    @discardableResult
    public func scroll(to offset: Point) throws -> [EngineEvent] {
        viewport.offset = offset
        return try layout()
    }

    /// Resizes the visible area and runs a pass.
    @discardableResult
    public func resize(to size: Size) throws -> [EngineEvent] {
        viewport.size = size
        return try layout()
    }

    /// Sets the cross-axis offset of an orthogonal section (0-based, as in `layoutResult`),
    /// applied by the next pass: its views are drawn at that offset, and enter and leave as they
    /// show through the section's scroller. O(1).
    public func setOffset(_ offset: Point, ofSection section: Int) {
        viewport.sectionOffsets[section] = offset
    }

    /// The layout of every flattened item as of the last pass.
    public var layoutResult: any LayoutResult { result }

    /// Number of flattened items as of the last reload.
    public var itemCount: Int { flat.count }

    // MARK: passes

    /// Flattens and lays out the tree, then diffs the visible views by identifier.
    func reload() throws -> [EngineEvent] {
        try provider?.checkAcyclic()
        let newFlat = FlatProvider(provider)
        let newResult = try provider?.layout(in: viewport.size).flattenedResult() ?? EmptyResult()
        let anchor = keepsFirstVisibleOnReload ? try firstVisibleAnchor() : nil
        let velocity = scrollVelocity()
        let previous = flat
        flat = newFlat
        result = newResult
        contentSize = newResult.contentSize
        var delta = Point.zero
        if let anchor, let moved = try adjustOffset(keeping: anchor) { delta = moved }
        let slots = try visibleSlots()
        let ids = resolveIdentifiers(slots, keeping: [])
        let matches = matchByIdentifier(ids)
        var events = deleteLeaving(matches.leaving)
        events += insertOrKeep(slots, ids: ids, kept: matches.kept, rebind: true, keptEvent: .update)
        needsReload = false
        needsRelayout = false
        loaded = viewport
        animate(&events, previous: previous, velocity: velocity, delta: delta, isReloading: true)
        reloadCount += 1
        return events
    }

    /// Lays the same flattened tree out again (size or layout changed) and reloads cells.
    func relayout() throws -> [EngineEvent] {
        let newResult = try provider?.layout(in: viewport.size).flattenedResult() ?? EmptyResult()
        result = newResult
        contentSize = newResult.contentSize
        needsRelayout = false
        return try reconcileByIndex(keptEvent: .update)
    }

    /// A scroll: views entering and leaving; kept views keep their data.
    func loadCells() throws -> [EngineEvent] { try reconcileByIndex(keptEvent: .scroll) }

    private func reconcileByIndex(keptEvent: EngineEvent.EventType) throws -> [EngineEvent] {
        let velocity = scrollVelocity()
        let slots = try visibleSlots()
        let matches = matchByIndex(slots)
        let ids = resolveIdentifiers(slots, keeping: matches.kept)
        var events = deleteLeaving(matches.leaving)
        events += insertOrKeep(slots, ids: ids, kept: matches.kept, rebind: false, keptEvent: keptEvent)
        loaded = viewport
        animate(&events, previous: flat, velocity: velocity, delta: .zero, isReloading: false)
        return events
    }

    private func scrollVelocity() -> Point {
        guard let loaded else { return .zero }
        return Point(x: viewport.offset.x - loaded.offset.x, y: viewport.offset.y - loaded.offset.y)
    }
}

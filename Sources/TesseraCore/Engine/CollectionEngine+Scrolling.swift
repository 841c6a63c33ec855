/// Scroll helpers CollectionKit users write by hand: an item's frame, scrolling to an item, hit
/// testing.
extension CollectionEngine {
    /// Where a view should end up when scrolled to.
    public enum ScrollPosition: String, Sendable, CaseIterable {
        /// The item's top edge at the visible area's top.
        case top
        /// The item's centre at the visible area's centre.
        case center
        /// The item's bottom edge at the visible area's bottom.
        case bottom
    }

    /// Flattened item `index`'s resting frame, or nil when there is no such item (an index
    /// outside `0..<layoutResult.count`: lookups that return an optional answer a missing item
    /// with nil, never a trap); throws what a provider's layout throws when asked (an analytic
    /// script's error). O(1) for most results.
    public func frame(at index: Int) throws -> Rect? {
        index >= 0 && index < tree.result.count ? try tree.result.frame(at: index) : nil
    }

    /// The resting frame of the item whose id is `id`, or nil when no item has it: `frame(at:)`
    /// by id, as `scrollTo(_:align:)` takes an id or an index. The id is looked up as
    /// `index(of:)` looks it up (an integer id also by its text, `"14"`).
    /// - Complexity: `index(of:)`'s, then `frame(at:)`'s.
    public func frame(of id: ItemID) throws -> Rect? {
        guard let index = try index(of: id) else { return nil }
        return try frame(at: index)
    }

    /// The offset that shows item `index` at `position` (on each axis where the content is larger
    /// than the viewport), within the content's scroll range. Nil when there is no such item (an
    /// index outside `0..<layoutResult.count`).
    public func offset(showing index: Int, at position: ScrollPosition = .top) throws -> Point? {
        guard let f = try frame(at: index) else { return nil }
        return Self.offset(showing: f, at: position, viewport: viewportSize, range: tree.result.scrollRange(viewport: viewportSize),
                           current: scrollState.contentOffset)
    }

    /// Scrolls so item `index` is at `position`: the same action as `scrollTo(_:align:)`, under
    /// the name the engine used first. Call `scrollTo(_:align:)`, which takes an id or an index.
    /// - Throws: `LayoutError.indexOutOfRange` naming the index when there is no such item
    ///   (nothing changes), or what the pass throws.
    @available(*, deprecated, renamed: "scrollTo(_:align:)")
    @discardableResult
    public func scroll(toItem index: Int, at position: ScrollPosition = .top) throws -> [EngineEvent] {
        try scrollTo(index, align: position)
    }

    /// The topmost visible view at `point` (highest zIndex, a pinned header first, then reverse
    /// drawing order): a cell, a header, a footer, a badge or a background, where it shows (a
    /// cell or badge of a section that scrolls sideways only through its scroller). Calls the
    /// owning provider's tap handler (a cell's with its local index, an element's with its
    /// section within the provider) and returns the view; nil when no view is there. Throws what
    /// the tap handler throws.
    /// - Complexity: O(k) for k views, plus a section lookup per view tested when the layout has
    ///   scrollers.
    @discardableResult
    public func tap(at point: Point) throws -> EngineView? {
        let scrollers = tree.result.orthogonalSections
        guard let view = views.last(where: { Self.contains(shownPart(of: $0, scrollers: scrollers), point) }) else { return nil }
        if view.category == .item, let i = view.index, i < tree.flat.count {
            let (leaf, local) = tree.flat.locate(i)
            try leaf.owner.didTap(at: local)
        } else if let header = tree.providerHeader(view.key) {
            try header.owner.didTapHeader(header.local)
        } else if let (owned, localSection) = tree.owner(ofSection: view.section) {
            // A badge's index is its item's, within the owner as a cell's is.
            let index = view.index.map { $0 < tree.flat.count ? tree.flat.locate($0).local : $0 }
            let element = LayoutElement(category: view.category, kind: view.kind, section: localSection, index: index,
                                        frame: view.frame, zIndex: view.zIndex, pinned: view.pinned)
            try owned.owner.didTap(element, localSection: localSection)
        }
        return view
    }

    /// The part of `view` that shows: its frame, clipped to its section's scroller when it
    /// moves with one (a cell or a badge).
    private func shownPart(of view: EngineView, scrollers: [OrthogonalSection]) -> Rect {
        guard !scrollers.isEmpty, view.index != nil,
              let scroller = scrollers.first(where: { $0.section == view.section }) else { return view.frame }
        return view.frame.clipped(to: scroller.frame)
    }

    /// Half-open containment, so a point on the edge between two views hits only one.
    static func contains(_ r: Rect, _ p: Point) -> Bool {
        r.width > 0 && r.height > 0 && p.x >= r.minX && p.x < r.maxX && p.y >= r.minY && p.y < r.maxY
    }
}

/// Scroll helpers CollectionKit users write by hand: an item's frame, scrolling to an item, hit
/// testing, and the reload's offset adjustment that keeps the first visible item in place.
extension CollectionEngine {
    /// Where a view should end up when scrolled to.
    public enum ScrollPosition: String, Sendable, CaseIterable {
        case top, center, bottom
    }

    /// Flattened item `index`'s resting frame, or nil when there is no such item; throws what a
    /// provider's layout throws when asked (an analytic script's error). O(1) for most results.
    public func frame(at index: Int) throws -> Rect? {
        index >= 0 && index < result.count ? try result.frame(at: index) : nil
    }

    /// The offset that shows item `index` at `position` (on each axis where the content is larger
    /// than the viewport), clamped to the content. Nil when there is no such item.
    public func offset(showing index: Int, at position: ScrollPosition = .top) throws -> Point? {
        guard let f = try frame(at: index) else { return nil }
        func axis(_ minV: Double, _ length: Double, _ view: Double, _ content: Double, _ current: Double) -> Double {
            guard content > view else { return current }
            let target: Double
            switch position {
            case .top: target = minV
            case .center: target = minV + length / 2 - view / 2
            case .bottom: target = minV + length - view
            }
            return min(max(target, 0), content - view)
        }
        let size = viewport.size
        return Point(x: axis(f.minX, f.width, size.width, contentSize.width, viewport.offset.x),
                     y: axis(f.minY, f.height, size.height, contentSize.height, viewport.offset.y))
    }

    /// Scrolls so item `index` is at `position`, and runs a pass. No item: no change.
    @discardableResult
    public func scroll(toItem index: Int, at position: ScrollPosition = .top) throws -> [EngineEvent] {
        guard let offset = try offset(showing: index, at: position) else { return [] }
        return try scroll(to: offset)
    }

    /// The topmost visible view at `point` (highest zIndex, a pinned header first, then reverse
    /// drawing order), where it shows: a view in a section that scrolls on the cross axis only
    /// through its scroller. Calls its owning provider's tap handler with the item's local index
    /// and returns the flattened index and id; nil when no view is there.
    /// - Complexity: O(k) for k views, plus a section lookup per view tested when the layout has
    ///   scrollers.
    @discardableResult
    public func tap(at point: Point) -> (index: Int, id: String)? {
        let scrollers = result.orthogonalSections
        guard let view = views.last(where: { Self.contains(shownPart(of: $0, scrollers: scrollers), point) }) else { return nil }
        let (leaf, local) = flat.locate(view.index)
        leaf.owner.didTap(at: local)
        return (view.index, view.id)
    }

    /// The part of `view` that shows: its frame, clipped to its section's scroller if it has one.
    private func shownPart(of view: EngineView, scrollers: [OrthogonalSection]) -> Rect {
        guard !scrollers.isEmpty, view.index < result.count else { return view.frame }
        let section = result.section(ofItem: view.index)
        guard let scroller = scrollers.first(where: { $0.section == section }) else { return view.frame }
        return OrthogonalSection.clip(view.frame, to: scroller.frame)
    }

    /// Half-open containment, so a point on the edge between two views hits only one.
    static func contains(_ r: Rect, _ p: Point) -> Bool {
        r.width > 0 && r.height > 0 && p.x >= r.minX && p.x < r.maxX && p.y >= r.minY && p.y < r.maxY
    }

    /// Before a reload: the first visible item (lowest index among items), by the identifier its
    /// view shows (the providers already hold the new data), and its resting frame.
    func firstVisibleAnchor() throws -> (id: String, frame: Rect)? {
        guard let first = views.filter({ $0.zIndex == 0 }).min(by: { $0.index < $1.index }),
              first.index < result.count else { return nil }
        return (first.id, try result.frame(at: first.index))
    }

    /// After a reload's layout: moves the offset by how far the anchor item moved, so it stays in
    /// place on screen; returns the change (nil when the item is gone or did not move).
    /// - Complexity: O(position of the item) identifier lookups.
    func adjustOffset(keeping anchor: (id: String, frame: Rect)) throws -> Point? {
        guard let index = (0..<flat.count).first(where: { flat.identifier(at: $0) == anchor.id }) else { return nil }
        let now = try result.frame(at: index)
        let delta = Point(x: now.minX - anchor.frame.minX, y: now.minY - anchor.frame.minY)
        guard delta != .zero else { return nil }
        viewport.offset = Point(x: viewport.offset.x + delta.x, y: viewport.offset.y + delta.y)
        return delta
    }
}

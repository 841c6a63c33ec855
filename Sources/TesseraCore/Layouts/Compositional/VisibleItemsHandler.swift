/// A section's `visibleItemsHandler` (UIKit's `visibleItemsInvalidationHandler`): at query time
/// it sees the section's visible elements and may change how they are drawn (alpha, transform,
/// zIndex), for example to scale the cards of a shelf by their distance from its centre.
///
/// It is a pure function of what it is given: the visible elements of its section, the scroll
/// offset and the environment. Nothing is kept between calls, so the same query always draws
/// the same way. Frames are given as UIKit gives them: items (and badges) of an orthogonal
/// section at rest, with `offset` the section's own scroll offset; otherwise as drawn, with
/// `offset` the content offset. Only alpha, transform and zIndex are read back; frames and
/// every query about positions (`visible`, `frame(at:)`) are unchanged.
extension Compositional {
    /// One visible element of a section, as a `visibleItemsHandler` sees it.
    public struct VisibleItem: Hashable, Sendable {
        /// Item, supplementary or decoration.
        public let category: ElementCategory
        /// The supplementary or decoration kind; empty for items.
        public let kind: String
        /// The flattened index of the item (or of the item a badge is anchored to).
        public let index: Int?
        /// The element's frame (read only).
        public let frame: Rect
        /// Opacity; the handler may change it.
        public var alpha: Double
        /// Scale, rotation and translation; the handler may change them.
        public var transform: ElementTransform
        /// Drawing order; the handler may change it.
        public var zIndex: Int

        /// A visible element as a handler would be given it, to call a handler of your own in a
        /// test: an item by default, drawn as a layout draws it (opaque, untransformed, zIndex 0).
        public init(category: ElementCategory = .item, kind: String = "", index: Int?, frame: Rect,
                    alpha: Double = 1, transform: ElementTransform = .identity, zIndex: Int = 0) {
            self.category = category; self.kind = kind; self.index = index; self.frame = frame
            self.alpha = alpha; self.transform = transform; self.zIndex = zIndex
        }

        init(_ e: LayoutElement, frame: Rect) {
            category = e.category; kind = e.kind; index = e.index; self.frame = frame
            alpha = e.alpha; transform = e.transform; zIndex = e.zIndex
        }
    }

    /// `(items, offset, environment)`; changes the items in place. Items it removes, adds or
    /// reorders are left as they were. What it throws is thrown by the query that called it.
    public typealias VisibleItemsHandler = @Sendable (_ items: inout [VisibleItem], _ offset: Point,
                                                       _ environment: Environment) throws -> Void
}

extension CompositionalResult {
    /// `found` (elements in drawing order) with each section's `visibleItemsHandler` applied,
    /// back in drawing order. O(k log k) plus the handlers.
    func applyingVisibleItemsHandlers(_ found: [LayoutElement], scroll: ScrollState) throws -> [LayoutElement] {
        var positions: [Int: [Int]] = [:]
        for (k, e) in found.enumerated() where !e.isGlobal && visibleItemsHandlers[e.section] != nil {
            positions[e.section, default: []].append(k)
        }
        guard !positions.isEmpty else { return found }
        var out = found
        for (section, ks) in positions.sorted(by: { $0.key < $1.key }) {
            let scrolls = sections[section].scroller != nil
            let offset = scrolls ? scroll.offset(ofSection: section) : scroll.contentOffset
            let given = ks.map { k -> Compositional.VisibleItem in
                let e = found[k]
                return Compositional.VisibleItem(e, frame: scrolls && e.index != nil ? e.frame.offsetBy(dx: offset.x, dy: offset.y) : e.frame)
            }
            var items = given
            try visibleItemsHandlers[section]!(&items, offset, environment)
            guard items.count == given.count else { continue }
            for (k, (before, after)) in zip(ks, zip(given, items))
            where before.category == after.category && before.kind == after.kind && before.index == after.index && before.frame == after.frame {
                out[k].alpha = after.alpha
                out[k].transform = after.transform
                out[k].zIndex = after.zIndex
            }
        }
        return LayoutElement.inDrawingOrder(out)
    }
}

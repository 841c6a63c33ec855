import TesseraCore

/// The supplementary and decoration elements a picture draws besides the items, in the order
/// the result lists them, with what drawing needs: role, kind, section, resting frame, z-index
/// and, for a pinned element, the rectangle it may slide in while pinned.
struct PictureElements {
    enum Role: String {
        case supplementary, decoration
    }

    struct Element {
        var role: Role
        var kind: String
        var section: Int
        var frame: Rect
        var zIndex: Double
        /// Where a pinned element may move to stay in view; nil when it does not pin.
        var pinBounds: Rect?

        /// The frame as drawn with `viewport`: a pinned element keeps to the viewport's
        /// top-left corner as far as its pin bounds allow, and never moves up or left of its
        /// resting place (the page's script computes the same). O(1).
        func drawnFrame(viewport: Rect?) -> Rect {
            guard let bounds = pinBounds, let viewport else { return frame }
            return Rect(x: max(frame.x, min(viewport.x, bounds.maxX - frame.width)),
                        y: max(frame.y, min(viewport.y, bounds.maxY - frame.height)),
                        width: frame.width, height: frame.height)
        }
    }

    var elements: [Element]

    /// - Complexity: O(e) for e elements.
    init(result: any LayoutResult) {
        elements = result.supplementaries.map {
            Element(role: .supplementary, kind: $0.kind, section: $0.section, frame: $0.frame, zIndex: 0, pinBounds: nil)
        }
    }
}

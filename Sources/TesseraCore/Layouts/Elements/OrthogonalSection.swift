/// A section that scrolls on the cross axis (UIKit's orthogonal scrolling): its items live in a
/// scroller of their own.
///
/// `LayoutResult.frame(at:)` gives such a section's items at rest (section offset 0, 0). Drawn
/// for a scroll state, they are shifted by minus the section's offset and clipped to `frame`;
/// item-anchored supplementaries (badges) move with them, while section headers, footers and
/// backgrounds stay where they are.
public struct OrthogonalSection: Hashable, Sendable {
    /// 0-based section index.
    public var section: Int
    /// The scroller's frame in content coordinates (what the section shows).
    public var frame: Rect
    /// The size of what scrolls inside it, in the scroller's own coordinates.
    public var contentSize: Size

    /// The scroller of `section` at `frame`, scrolling content of `contentSize`.
    public init(section: Int, frame: Rect, contentSize: Size) {
        self.section = section
        self.frame = frame
        self.contentSize = contentSize
    }
}

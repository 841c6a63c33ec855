/// Where one split section's parts lie, in content coordinates.
package struct SplitSectionFrames: Equatable, Sendable {
    /// The column the section went to (after a collapsed side flowed into the other one).
    public var side: SplitSide
    /// The section's items, as flattened indices.
    public var items: Range<Int>
    /// Full column width, above the section inset; nil when the section has no header.
    public var header: Rect?
    /// Whether the header sticks to the top of the visible area.
    public var headerPinned: Bool
    /// Full column width, from below the header to below the bottom inset (the items' area
    /// with the section inset); nil for a hidden section.
    public var background: Rect?
    /// Full column width, below the bottom inset; nil when the section has no footer.
    public var footer: Rect?
    /// The bottom of the section's content: the tallest item of the last row plus the bottom inset.
    public var contentBottom: Double
    /// Where the next section of this column starts.
    public var end: Double
}

/// A header or footer of a split section: its height (it always spans its column) and
/// whether it pins. A height of 0 means no element.
public struct SplitBoundary: Equatable, Sendable {
    /// The element's height; 0 means none.
    public var height: Double
    /// Pinned to the top of the visible area while its section is on screen.
    public var pinned: Bool

    /// A header or footer `height` tall.
    public init(height: Double, pinned: Bool = false) {
        self.height = height
        self.pinned = pinned
    }
}

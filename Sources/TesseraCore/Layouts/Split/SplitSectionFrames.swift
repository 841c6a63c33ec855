/// Where one split section's parts lie, in content coordinates.
package struct SplitSectionFrames: Equatable, Sendable {
    /// The column the section went to (after a collapsed side flowed into the other one).
    public var side: SplitSide
    /// The section's items, as flattened indices.
    public var items: Range<Int>
    /// Above the section inset, the column's width unless the header gives its own; nil when
    /// the section has no header.
    public var header: Rect?
    /// Whether the header sticks to the top of the visible area.
    public var headerPinned: Bool
    /// The header's kind and drawing order, as given (nil: a "header" at zIndex 1).
    public var headerBoundary: SectionBoundary? = nil
    /// The footer's kind, drawing order and pinning, as given (nil: a "footer" at zIndex 1).
    public var footerBoundary: SectionBoundary? = nil
    /// Full column width, from below the header to below the bottom inset (the items' area
    /// with the section inset); nil for a hidden section.
    public var background: Rect?
    /// Below the bottom inset, the column's width unless the footer gives its own; nil when the
    /// section has no footer.
    public var footer: Rect?
    /// The bottom of the section's content: the tallest item of the last row plus the bottom inset.
    public var contentBottom: Double
    /// Where the next section of this column starts.
    public var end: Double
}

/// Where a pinned split header is drawn for a scroll position.
///
/// The header sticks to the top of the visible area (`visibleTop`, the content offset's y) but
/// never above its resting place, and is pushed up once its bottom reaches the bottom of its
/// section's content (the tallest item of the last row plus the bottom inset):
/// `y = max(resting.minY, min(visibleTop, contentBottom − height))`. x never changes.
public enum SplitPinning {
    /// The pinned frame of a header resting at `resting` in a section whose content ends at
    /// `contentBottom`. O(1).
    public static func headerFrame(resting: Rect, contentBottom: Double, visibleTop: Double) -> Rect {
        var frame = resting
        frame.y = max(resting.minY, min(visibleTop, contentBottom - resting.height))
        return frame
    }
}

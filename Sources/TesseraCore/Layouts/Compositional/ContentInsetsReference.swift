extension Compositional {
    /// What a section's content insets are measured from (`UIContentInsetsReference`): the
    /// collection's edges (`none`), or one of the viewport's guides (`ViewportGuides`).
    ///
    /// Applied on the cross axis only (left and right of a vertical layout): UIKit leaves the
    /// scroll axis's safe area to the scroll view's adjusted content inset, which a headless
    /// layout's frames do not include.
    public enum ContentInsetsReference: String, CaseIterable, Hashable, Sendable {
        /// The system's default: a section's follows the configuration's; the configuration's
        /// is the safe area.
        case automatic
        /// The collection's edges.
        case none
        /// The safe area.
        case safeArea
        /// The layout margins guide: the safe area inset by the layout margins.
        case layoutMargins
        /// The readable content guide: the layout margins guide, at most `readableWidth` wide and
        /// centred in it (on the horizontal axis; vertically it is the margins guide).
        case readableContent

        /// The insets this reference puts between a collection of `size` and its sections, on
        /// both axes (the caller keeps the cross axis's); `automatic` is the safe area. O(1).
        public func insets(in size: Size, guides: ViewportGuides) -> EdgeInsets {
            let safe = guides.safeArea, margins = guides.layoutMargins
            switch self {
            case .none: return .zero
            case .automatic, .safeArea: return safe
            case .layoutMargins, .readableContent:
                var insets = EdgeInsets(top: safe.top + margins.top, left: safe.left + margins.left,
                                        bottom: safe.bottom + margins.bottom, right: safe.right + margins.right)
                if self == .readableContent, let readable = guides.readableWidth {
                    let extra = Swift.max(0, size.width - insets.horizontal - readable) / 2
                    insets.left += extra; insets.right += extra
                }
                return insets
            }
        }
    }
}

/// What a host's viewport holds besides its size, as UIKit's views do: the safe area, the layout
/// margins and the readable width. Zero (and no readable limit) unless a host sets them, so a
/// layout that does not read them, or a viewport that has none, lays out as before.
///
/// Only the compositional layout reads them (its `contentInsetsReference`). Insets are physical
/// (left and right, as `UIEdgeInsets`); a right-to-left layout, and any layout in a
/// `MirroredLayout` (`--rtl`), reads them as the screen has them.
public struct ViewportGuides: Hashable, Sendable {
    /// The safe area's insets from the viewport's edges (UIKit's `safeAreaInsets`).
    public var safeArea: EdgeInsets
    /// The layout margins, measured from the safe area's edges, as UIKit's are by default
    /// (`insetsLayoutMarginsFromSafeArea`): the margins guide is the safe area inset by them.
    public var layoutMargins: EdgeInsets
    /// The widest the readable content guide may be (UIKit's depends on the text size); nil: no
    /// limit, the guide is the layout margins guide.
    public var readableWidth: Double?

    /// Guides with the given values.
    public init(safeArea: EdgeInsets = .zero, layoutMargins: EdgeInsets = .zero, readableWidth: Double? = nil) {
        self.safeArea = safeArea; self.layoutMargins = layoutMargins; self.readableWidth = readableWidth
    }

    /// No safe area, no margins, no readable limit.
    public static let zero = ViewportGuides()

    /// The guides with x and y swapped (for a transposed context). O(1).
    public var transposed: ViewportGuides {
        ViewportGuides(safeArea: safeArea.transposed, layoutMargins: layoutMargins.transposed, readableWidth: readableWidth)
    }

    /// The guides with left and right swapped: what a layout solved left to right and then
    /// mirrored must read, so the screen's left inset ends up on the left. O(1).
    var mirrored: ViewportGuides {
        ViewportGuides(safeArea: safeArea.mirrored, layoutMargins: layoutMargins.mirrored, readableWidth: readableWidth)
    }

    /// The first value that is negative or not finite, named as `label` would name it
    /// ("safeArea.left"), with the value; nil when every value is a finite length. O(1).
    public var invalidValue: (name: String, value: Double)? {
        for (name, insets) in [("safeArea", safeArea), ("layoutMargins", layoutMargins)] {
            for (edge, v) in [("top", insets.top), ("left", insets.left), ("bottom", insets.bottom), ("right", insets.right)]
            where !(v.isFinite && v >= 0) {
                return ("\(name).\(edge)", v)
            }
        }
        if let w = readableWidth, !(w.isFinite && w >= 0) { return ("readableWidth", w) }
        return nil
    }
}

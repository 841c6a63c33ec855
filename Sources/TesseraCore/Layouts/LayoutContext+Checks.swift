extension LayoutContext {
    /// Throws when a side of the container size is NaN: every item would be laid out at zero or
    /// at its own size with no error (an inset clamps the side to zero, a sizing rule falls back
    /// to the item's size). An infinite side is kept: one the layout leaves unbounded (a SwiftUI
    /// scroll view proposes infinity along its axis); a negative one is left to each layout,
    /// which clamps it or names the parameter that no longer fits. The engine and the CLI check
    /// their viewports before any layout runs; this is for contexts built by hand. O(1).
    package func checkCollectionSize(layout name: String) throws(LayoutError) {
        let size = collectionSize
        guard !size.width.isNaN, !size.height.isNaN else {
            throw .invalidParameter(name: "collectionSize", allowed: "a number on each side (infinity for an unbounded one)",
                                    got: "\(NumberText.exact(size.width))x\(NumberText.exact(size.height))",
                                    subject: "the \(name) layout's container size", verb: "must be")
        }
    }
}

extension LayoutContext {
    /// Throws when a side of the container size is NaN or negative. A NaN side would lay every
    /// item out at zero or at its own size with no error (an inset clamps the side to zero, a
    /// sizing rule falls back to the item's size); a negative one would reach each layout's own
    /// arithmetic and come out as a message about a parameter that was never wrong ("a spacing of
    /// at most -100"). An infinite side is kept: one the layout leaves unbounded (a SwiftUI
    /// scroll view proposes infinity along its axis). The engine and the CLI check their
    /// viewports before any layout runs; this is for contexts built by hand, and every layout,
    /// built-in or scripted, runs it before it reads the context. O(1).
    package func checkCollectionSize(layout name: String) throws(LayoutError) {
        let size = collectionSize
        guard size.width >= 0, size.height >= 0 else {  // false for NaN too
            throw .invalidParameter(name: "collectionSize", allowed: "a number of at least 0 on each side (infinity for an unbounded one)",
                                    got: "\(NumberText.exact(size.width))x\(NumberText.exact(size.height))",
                                    subject: "the \(name) layout's container size", verb: "must be")
        }
    }
}

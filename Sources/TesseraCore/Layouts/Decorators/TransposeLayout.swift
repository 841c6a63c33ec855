/// Swaps the axes of a layout (CollectionKit's TransposeLayout): a vertical flow becomes a
/// horizontally scrolling column-major flow. Item sizes are still asked and answered in real
/// coordinates, so a size rule never sees swapped axes (see `LayoutContext.transposed()`).
public struct TransposeLayout: Layout {
    /// The layout transposed.
    public var root: any Layout

    /// `root` with its axes swapped.
    public init(_ root: any Layout) { self.root = root }

    /// - Throws: `LayoutError.invalidParameter` for a container with a negative or NaN side
    ///   (checked before the swap, so the message shows the sides as given); what the root throws.
    /// - Complexity: the root's layout, plus O(1).
    public func layout(_ context: LayoutContext) throws -> AnyLayoutResult {
        try context.checkCollectionSize(layout: "transpose")
        let base = try root.layout(context.transposed())
        return AnyLayoutResult(MappedResult(base: base, transpose: true, dx: 0, dy: 0, contentSize: base.contentSize.transposed))
    }
}

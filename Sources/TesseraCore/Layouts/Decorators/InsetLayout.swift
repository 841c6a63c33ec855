/// Insets a layout (CollectionKit's InsetLayout): the root lays out in the container minus the
/// insets, its frames move by (left, top) and the content grows by the insets on every side.
///
/// Unlike CollectionKit, the visible query is translated exactly (no extra margin on the far
/// sides), and a container smaller than the insets is clamped to zero instead of going negative.
/// Negative insets (a bleed past the container's edges) shrink the content size, never below zero.
public struct InsetLayout: InsetDecorator {
    /// The layout inset.
    public var root: any Layout
    /// The insets, fixed or computed from the container size.
    public var insets: InsetRule

    /// `root` inset by `insets`.
    public init(_ root: any Layout, insets: InsetRule) {
        self.root = root
        self.insets = insets
    }

    /// - Throws: `LayoutError.invalidParameter` when an inset is not a finite number (NaN or
    ///   infinite insets would give every frame and the content size NaN); what the root throws.
    /// - Complexity: the root's layout, plus O(1).
    public func layout(_ context: LayoutContext) throws -> AnyLayoutResult {
        // Before the inner size is clamped to zero, which would hide a NaN side.
        try context.checkCollectionSize(layout: "inset")
        let e = insets.resolve(for: context.collectionSize)
        guard e.top.isFinite, e.left.isFinite, e.bottom.isFinite, e.right.isFinite else {
            throw LayoutError.invalidParameter(name: "insets", allowed: "finite insets",
                                               got: "top \(e.top), left \(e.left), bottom \(e.bottom), right \(e.right)",
                                               subject: "inset layout", verb: "needs")
        }
        let inner = Size(width: max(0, context.collectionSize.width - e.horizontal),
                         height: max(0, context.collectionSize.height - e.vertical))
        let base = try root.layout(context.with(collectionSize: inner))
        // Negative insets larger than the root's content would give a negative content size.
        let content = Size(width: max(0, base.contentSize.width + e.horizontal),
                           height: max(0, base.contentSize.height + e.vertical))
        return AnyLayoutResult(MappedResult(base: base, transpose: false, dx: e.left, dy: e.top, contentSize: content))
    }
}

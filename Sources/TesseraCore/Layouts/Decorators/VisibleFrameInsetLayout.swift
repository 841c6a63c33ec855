/// Changes only which items count as visible (CollectionKit's VisibleFrameInsetLayout): the
/// query rectangle is inset by `insets` before the root answers. Negative insets enlarge it,
/// which preloads items just outside the viewport. Frames and content size are unchanged.
public struct VisibleFrameInsetLayout: InsetDecorator {
    /// The layout whose visible query is inset.
    public var root: any Layout
    /// The insets of the query rectangle (negative ones enlarge it).
    public var insets: InsetRule

    /// `root` with its visible query inset by `insets`.
    public init(_ root: any Layout, insets: InsetRule) {
        self.root = root
        self.insets = insets
    }

    public func layout(_ context: LayoutContext) throws -> AnyLayoutResult {
        let e = insets.resolve(for: context.collectionSize)
        return AnyLayoutResult(VisibleFrameInsetResult(base: try root.layout(context), insets: e))
    }
}

struct VisibleFrameInsetResult: ForwardingLayoutResult {
    let base: any LayoutResult
    let insets: EdgeInsets

    func visible(in rect: Rect) throws -> [Int] { try base.visible(in: rect.inset(by: insets)) }
    func elements(in rect: Rect, scroll: ScrollState) throws -> [LayoutElement] {
        try base.elements(in: rect.inset(by: insets), scroll: scroll)
    }
}

/// Changes only which items count as visible (CollectionKit's VisibleFrameInsetLayout): the
/// query rectangle is inset by `insets` before the root answers. Negative insets enlarge it,
/// which preloads items just outside the viewport. Frames and content size are unchanged.
public struct VisibleFrameInsetLayout: Layout {
    public var root: any Layout
    public var insets: EdgeInsets
    /// When set, evaluated on every layout with the container size; overrides `insets`.
    public var insetProvider: ((Size) -> EdgeInsets)?

    public init(_ root: any Layout, insets: EdgeInsets) {
        self.root = root
        self.insets = insets
    }

    public init(_ root: any Layout, insetProvider: @escaping (Size) -> EdgeInsets) {
        self.root = root
        self.insets = .zero
        self.insetProvider = insetProvider
    }

    public func layout(_ context: LayoutContext) throws -> any LayoutResult {
        let e = insetProvider?(context.collectionSize) ?? insets
        return VisibleFrameInsetResult(base: try root.layout(context), insets: e)
    }
}

struct VisibleFrameInsetResult: LayoutResult {
    let base: any LayoutResult
    let insets: EdgeInsets

    var count: Int { base.count }
    var contentSize: Size { base.contentSize }
    var supplementaries: [Supplementary] { base.supplementaries }
    func frame(at index: Int) -> Rect { base.frame(at: index) }
    func frame(at index: Int, viewport: Rect) -> Rect { base.frame(at: index, viewport: viewport) }
    func visible(in rect: Rect) -> [Int] { base.visible(in: rect.inset(by: insets)) }
}

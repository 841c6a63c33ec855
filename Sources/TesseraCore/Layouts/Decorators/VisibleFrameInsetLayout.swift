/// Changes only which items count as visible (CollectionKit's VisibleFrameInsetLayout): the
/// query rectangle is inset by `insets` before the root answers. Negative insets enlarge it,
/// which preloads items just outside the viewport. Frames and content size are unchanged.
public struct VisibleFrameInsetLayout: Layout {
    public var root: any Layout
    public var insets: InsetRule

    public init(_ root: any Layout, insets: EdgeInsets) {
        self.root = root
        self.insets = .fixed(insets)
    }

    /// Insets computed from the container size on every layout.
    public init(_ root: any Layout, insetProvider: @escaping @Sendable (Size) -> EdgeInsets) {
        self.root = root
        self.insets = .computed(insetProvider)
    }

    public func layout(_ context: LayoutContext) throws -> any LayoutResult {
        let e = insets.resolve(for: context.collectionSize)
        return VisibleFrameInsetResult(base: try root.layout(context), insets: e)
    }
}

struct VisibleFrameInsetResult: LayoutResult {
    let base: any LayoutResult
    let insets: EdgeInsets

    var count: Int { base.count }
    var contentSize: Size { base.contentSize }
    var elements: [LayoutElement] { base.elements }
    var orthogonalSections: [OrthogonalSection] { base.orthogonalSections }
    func frame(at index: Int) throws -> Rect { try base.frame(at: index) }
    func frame(at index: Int, scroll: ScrollState) throws -> Rect { try base.frame(at: index, scroll: scroll) }
    func section(ofItem index: Int) -> Int { base.section(ofItem: index) }
    func zIndex(ofItem index: Int) -> Int { base.zIndex(ofItem: index) }
    func visible(in rect: Rect) throws -> [Int] { try base.visible(in: rect.inset(by: insets)) }
    func elements(in rect: Rect, scroll: ScrollState) throws -> [LayoutElement] {
        try base.elements(in: rect.inset(by: insets), scroll: scroll)
    }
}

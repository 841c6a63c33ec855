/// Shows its content, or one placeholder item filling the container when the content has no
/// items (CollectionKit's EmptyStateProvider). The choice is made at each layout, by what the
/// content placed; the content's identifiers are not prefixed (the provider is a wrapper, not a
/// section).
public final class EmptyStateProvider: Provider, ItemOwner {
    /// What is shown when it has items.
    public var content: Provider {
        didSet { adopt([content], replacing: [oldValue]); setNeedsReload() }
    }
    /// The view kind of the placeholder.
    public var emptyKind: String { didSet { setNeedsReload() } }
    /// Called when the placeholder is tapped.
    public var tapEmpty: (() throws -> Void)?

    /// A provider showing `content`, or a placeholder of `emptyKind` when it is empty.
    public init(content: Provider, emptyKind: String = "empty", tapEmpty: (() throws -> Void)? = nil) {
        self.content = content
        self.emptyKind = emptyKind
        self.tapEmpty = tapEmpty
        super.init()
        adopt([content], replacing: [])
    }

    public override var itemCount: Int { max(content.itemCount, 1) }

    /// The content where it placed items, else the placeholder filling the container.
    override func laidOut(in size: Size, at place: ProviderPlace, walk: ProviderWalk) throws -> ProviderLayout {
        let inner = ProviderPlace(scope: place.scope, animator: animator(orInherited: place.animator))
        let shown = try content.placed(in: size, at: inner, walk: walk)
        guard shown.result.count == 0 else { return shown }
        let placeholder = FlatProvider.Leaf(begin: 0, count: 1, owner: self, localBase: 0, scope: place.scope, animator: inner.animator)
        let owned = ProviderLayout.SectionOwner(sections: 0..<1, owner: self, scope: place.scope, animator: inner.animator)
        return ProviderLayout(result: try FramesResult(frames: [Rect(origin: .zero, size: size)], layoutName: "empty state"),
                              leaves: [placeholder], sectionOwners: [owned])
    }

    override var children: [Provider] { [content] }
    override var kindName: String { "empty-state provider" }

    public func identifier(at local: Int) -> ItemID { "empty" }
    package var ownedCount: Int { 1 }
    public func kind(at local: Int) -> String { emptyKind }
    public func value(at local: Int) -> JSONValue { .null }
    public func didTap(at local: Int) throws { try tapEmpty?() }
}

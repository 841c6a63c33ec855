/// Shows its content, or one placeholder item filling the container when the content has no
/// items (CollectionKit's EmptyStateProvider). The choice is made at each reload; the content's
/// identifiers are not prefixed (the provider is a wrapper, not a section).
public final class EmptyStateProvider: Provider, ItemOwner {
    /// What is shown when it has items.
    public var content: Provider {
        didSet { adopt([content], replacing: [oldValue]); setNeedsReload() }
    }
    /// The view kind of the placeholder.
    public var emptyKind: String { didSet { setNeedsReload() } }
    /// Called when the placeholder is tapped.
    public var tapEmpty: (() throws -> Void)?
    /// Decided by the last flattening, so a relayout lays out what was flattened.
    private var showsEmpty = false

    /// A provider showing `content`, or a placeholder of `emptyKind` when it is empty.
    public init(content: Provider, emptyKind: String = "empty", tapEmpty: (() throws -> Void)? = nil) {
        self.content = content
        self.emptyKind = emptyKind
        self.tapEmpty = tapEmpty
        super.init()
        adopt([content], replacing: [])
    }

    public override var itemCount: Int { max(content.itemCount, 1) }

    override func flatten(into builder: inout FlatBuilder, prefix: String, inherited: OwnedAnimator?) {
        showsEmpty = content.itemCount == 0
        if showsEmpty {
            builder.append(self, count: 1, prefix: prefix, animator: animator(orInherited: inherited))
        } else {
            content.flatten(into: &builder, prefix: prefix, inherited: animator(orInherited: inherited))
        }
    }

    override func laidOut(in size: Size, measured: MeasuredSizes) throws -> ProviderLayout {
        guard showsEmpty else { return try content.laidOut(in: size, measured: measured) }
        return ProviderLayout(result: try FramesResult(frames: [Rect(origin: .zero, size: size)], layoutName: "empty state"),
                              headers: [])
    }

    override var children: [Provider] { [content] }
    override func sectionPrefix(_ child: Provider, _ position: Int) -> String { "" }
    override var kindName: String { "empty-state provider" }

    public func identifier(at local: Int) -> ItemID { "empty" }
    public func kind(at local: Int) -> String { emptyKind }
    public func value(at local: Int) -> JSONValue { .null }
    public func didTap(at local: Int) throws { try tapEmpty?() }
}

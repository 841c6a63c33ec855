/// A header before each section (CollectionKit's ComposedHeaderProvider): headers and sections
/// alternate as the items of an outer layout (default: a vertical stack), and headers stick to the
/// top of the viewport while their section is on screen, pushed up by the section's end.
///
/// Header `s` is one flattened item with identifier `"<section id>-header"`, kind `headerKind`,
/// bound data `{"section": s, "id": <section id>}`, drawn above items. Section `s`'s items are
/// identified under `"<section id>-"` (its identifier, else `s`).
public final class HeadersProvider: Provider, ItemOwner {
    public var sections: [Provider] {
        didSet { adopt(sections, replacing: oldValue); setNeedsReload() }
    }
    public var layout: (any Layout)? { didSet { setNeedsRelayout() } }
    /// The headers' size; the item index it gets is the section index. Default: full width × 44.
    public var headerSize: ItemSize { didSet { setNeedsRelayout() } }
    public var headerKind: String { didSet { setNeedsReload() } }
    public var isSticky: Bool { didSet { setNeedsReload() } }
    /// Called with the section index of a tapped header.
    public var tapHeader: ((Int) throws -> Void)?

    public init(sections: [Provider], layout: (any Layout)? = nil,
                headerSize: ItemSize = .fixed(.fraction(1), .absolute(44)), headerKind: String = "header",
                isSticky: Bool = true, tapHeader: ((Int) throws -> Void)? = nil) {
        self.sections = sections
        self.layout = layout
        self.headerSize = headerSize
        self.headerKind = headerKind
        self.isSticky = isSticky
        self.tapHeader = tapHeader
        super.init()
        adopt(sections, replacing: [])
    }

    public override var itemCount: Int { sections.reduce(sections.count) { $0 + $1.itemCount } }

    override func flatten(into builder: inout FlatBuilder, prefix: String, inherited: OwnedAnimator?) {
        let owned = animator(orInherited: inherited)
        for (s, section) in sections.enumerated() {
            builder.append(self, count: 1, localBase: s, prefix: prefix, zIndex: 1, animator: owned)
            section.flatten(into: &builder, prefix: prefix + sectionIdentifier(section, s) + "-", inherited: owned)
        }
    }

    override func layout(in size: Size) throws -> ProviderLayout {
        let sections = self.sections, headerSize = self.headerSize
        var parts = try arrangeSections(count: 2 * sections.count, outer: layout, in: size) { k, proposal in
            guard k % 2 == 0 else { return try sections[k / 2].layout(in: proposal) }
            let header = try headerSize.size(k / 2, proposal, input: { _ in SizeInput() })
            let frame = Rect(origin: .zero, size: header)
            return ProviderLayout(contentSize: header, content: .items(try FramesResult(frames: [frame], layoutName: "header")))
        }
        if isSticky { for k in stride(from: 0, to: parts.count, by: 2) { parts[k].sticky = true } }
        return ProviderLayout(contentSize: contentSize(of: parts), content: .parts(parts))
    }

    public func identifier(at s: Int) -> ItemID { .scoped(sectionIdentifier(sections[s], s), "header") }
    public func kind(at s: Int) -> String { headerKind }
    public func value(at s: Int) -> JSONValue {
        .object(["section": .int(s), "id": .string(sectionIdentifier(sections[s], s))])
    }
    public func didTap(at s: Int) throws { try tapHeader?(s) }
}

/// A header above each section (CollectionKit's ComposedHeaderProvider): headers and sections
/// alternate as the items of an outer layout (header `s` is item `2s`, section `s` item `2s + 1`;
/// default: a vertical stack), each header pinning to the top of the visible area while its
/// section is on screen and pushed up by the section's end.
///
/// Headers are `header` supplementaries of the flattened result (kind `headerKind`), as in
/// `t.sections`: header `s` belongs to section `s`'s first flattened section and spans all of
/// its sections, is drawn above items (zIndex 1) and is `pinned` when `isPinned`. The engine
/// reaches `tapHeader` through `ProviderLayout.headers` and `didTapHeader(_:)`. Section
/// `s`'s items are identified under `"<section id>-"` (its identifier, else `s`); its header is
/// `"<section id>-header"`, bound to `{"section": s, "id": <section id>}`.
public final class HeadersProvider: Provider {
    /// The sections, each under its header.
    public var sections: [Provider] {
        didSet { adopt(sections, replacing: oldValue); setNeedsReload() }
    }
    /// How sections are arranged; nil stacks them vertically.
    public var layout: (any Layout)? { didSet { setNeedsRelayout() } }
    /// The headers' size, for the container's size; the index it gets is the section index.
    /// The height is the header's; a width other than the container's gives a narrower header
    /// at the section's leading edge. Default: full width × 44.
    public var headerSize: SizeSource { didSet { setNeedsRelayout() } }
    /// The headers' view kind.
    public var headerKind: String { didSet { setNeedsReload() } }
    /// Headers pin to the top of the visible area (Lua: `pinned`, or its alias `sticky`).
    public var isPinned: Bool { didSet { setNeedsRelayout() } }
    /// Called with the section index of a tapped header.
    public var tapHeader: ((Int) throws -> Void)?

    /// A provider of `sections`, each with a header of `headerSize`.
    public init(sections: [Provider], layout: (any Layout)? = nil,
                headerSize: SizeSource = .fixed(.fraction(1), .absolute(44)), headerKind: String = "header",
                isPinned: Bool = true, tapHeader: ((Int) throws -> Void)? = nil) {
        self.sections = sections
        self.layout = layout
        self.headerSize = headerSize
        self.headerKind = headerKind
        self.isPinned = isPinned
        self.tapHeader = tapHeader
        super.init()
        adopt(sections, replacing: [])
    }

    public override var itemCount: Int { sections.reduce(0) { $0 + $1.itemCount } }

    override func laidOut(in size: Size, at place: ProviderPlace, walk: ProviderWalk) throws -> ProviderLayout {
        let sections = self.sections, kind = headerKind, pinned = isPinned
        let places = places(of: sections, in: place)
        let boundaries = try sections.indices.map { s in
            let header = try walk.measured.header(of: self, section: s) ?? headerSize.size(s, size, input: { _ in SizeInput() })
            guard header.width.isFinite, header.height.isFinite, header.width >= 0, header.height >= 0 else {
                throw LayoutError.invalidSectionSize(subject: "headers provider", what: "header size", got: "\(NumberText.exact(header.width))x\(NumberText.exact(header.height))",
                                                     section: s, expected: "finite, non-negative numbers")
            }
            return SectionBoundary(height: header.height, pinned: pinned, kind: kind,
                                           width: header.width == size.width ? nil : header.width)
        }
        return try ProviderSections(sections, places: places, walk: walk).layout(
            in: size, outer: layout,
            header: { s, _ in boundaries[s] },
            own: { s, base, span in
                ProviderLayout.Header(section: base, sectionSpan: span, kind: kind, owner: self, local: s,
                                      identifier: .scoped(in: places[s].scope, "header"))
            })
    }

    override var children: [Provider] { sections }
    override var kindName: String { "headers provider" }

    /// Header `s`'s identifier within this provider.
    public func identifier(at s: Int) -> ItemID { .scoped(.string(sectionIdentifier(sections[s], s)), "header") }
    /// Header `s`'s bound data.
    public func value(at s: Int) -> JSONValue {
        .object(["section": .int(s), "id": .string(sectionIdentifier(sections[s], s))])
    }
    /// Runs the tap handler for header `s`.
    public func didTapHeader(_ s: Int) throws { try tapHeader?(s) }
}

/// Sections that are providers, laid out as the items of an outer layout (CollectionKit's
/// ComposedProvider; default: a vertical stack). Section `i`'s items are identified under
/// `section.identifier ?? "i"`, so nesting gives `"0-1-a"`; the outer layout sees section `i` as
/// an item under that identifier (a string), so `RowLayout("content").transposed()` is a vertical
/// stack whose section "content" takes the height the others leave. Each section keeps its own
/// sections, headers, backgrounds and sideways-scrolling shelves (`ProviderLayout`).
///
/// Setting `sections` schedules a reload; setting `layout` a relayout.
public final class ComposedProvider: Provider {
    /// The providers shown one after another, each a section.
    public var sections: [Provider] {
        didSet { adopt(sections, replacing: oldValue); setNeedsReload() }
    }
    /// How sections are arranged; nil stacks them vertically.
    public var layout: (any Layout)? { didSet { setNeedsRelayout() } }

    /// A provider of `sections` arranged by `layout` (nil: stacked vertically).
    public init(sections: [Provider], layout: (any Layout)? = nil) {
        self.sections = sections
        self.layout = layout
        super.init()
        adopt(sections, replacing: [])
    }

    public override var itemCount: Int { sections.reduce(0) { $0 + $1.itemCount } }

    override func laidOut(in size: Size, at place: ProviderPlace, walk: ProviderWalk) throws -> ProviderLayout {
        try ProviderSections(sections, places: places(of: sections, in: place), walk: walk).layout(in: size, outer: layout)
    }

    override var children: [Provider] { sections }
    override var kindName: String { "composed provider" }
}

extension Provider {
    /// Makes `self` the parent of `children` and releases the ones it no longer holds.
    func adopt(_ children: [Provider], replacing old: [Provider]) {
        for child in old where child.parent === self { child.parent = nil }
        for child in children { child.parent = self }
    }

    /// The places of `sections` (a composed or headers provider's) under this provider at `place`.
    func places(of sections: [Provider], in place: ProviderPlace) -> [ProviderPlace] {
        sections.enumerated().map { self.place(of: $1, $0, in: place) }
    }

    /// A section's identifier inside its parent: its own, else its position.
    func sectionIdentifier(_ section: Provider, _ position: Int) -> String {
        section.identifier ?? String(position)
    }
}

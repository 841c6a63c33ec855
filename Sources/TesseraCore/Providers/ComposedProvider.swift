/// Sections that are providers, laid out as the items of an outer layout (CollectionKit's
/// ComposedProvider; default: a vertical stack). Section `i`'s items are identified under
/// `section.identifier ?? "i"`, so nesting gives `"0-1-a"`. Each section keeps its own sections,
/// headers, backgrounds and sideways-scrolling shelves (`ProviderLayout`).
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

    override func flatten(into builder: inout FlatBuilder, prefix: String, inherited: OwnedAnimator?) {
        flatten(sections: sections, into: &builder, prefix: prefix, inherited: inherited)
    }

    override func laidOut(in size: Size, measured: MeasuredSizes) throws -> ProviderLayout {
        let sections = self.sections
        return try ProviderSections(sections, measured: measured).layout(in: size, outer: layout, prefix: { self.sectionIdentifier(sections[$0], $0) + "-" })
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

    /// Flattens `sections` one after another, each under `prefix`, its identifier and "-", with
    /// this provider's animator, else `inherited` (a composed or headers provider's sections).
    func flatten(sections: [Provider], into builder: inout FlatBuilder, prefix: String, inherited: OwnedAnimator?) {
        let owned = animator(orInherited: inherited)
        for (s, section) in sections.enumerated() {
            section.flatten(into: &builder, prefix: prefix + sectionIdentifier(section, s) + "-", inherited: owned)
        }
    }

    /// A section's identifier inside its parent: its own, else its position.
    func sectionIdentifier(_ section: Provider, _ position: Int) -> String {
        section.identifier ?? String(position)
    }
}

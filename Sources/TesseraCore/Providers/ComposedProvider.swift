/// Sections that are providers, laid out as the items of an outer layout (CollectionKit's
/// ComposedProvider; default: a vertical stack). Section `i`'s items are identified under
/// `section.identifier ?? "i"`, so nesting gives `"0-1-a"`.
///
/// Setting `sections` schedules a reload; setting `layout` a relayout.
public final class ComposedProvider: Provider {
    public var sections: [Provider] {
        didSet { adopt(sections, replacing: oldValue); setNeedsReload() }
    }
    /// How sections are arranged; nil stacks them vertically.
    public var layout: (any Layout)? { didSet { setNeedsRelayout() } }

    public init(sections: [Provider], layout: (any Layout)? = nil) {
        self.sections = sections
        self.layout = layout
        super.init()
        adopt(sections, replacing: [])
    }

    public override var itemCount: Int { sections.reduce(0) { $0 + $1.itemCount } }

    override func flatten(into builder: inout FlatBuilder, prefix: String, inherited: OwnedAnimator?) {
        for (i, section) in sections.enumerated() {
            section.flatten(into: &builder, prefix: prefix + sectionIdentifier(section, i) + "-",
                            inherited: animator(orInherited: inherited))
        }
    }

    override func layout(in size: Size) throws -> ProviderLayout {
        let sections = self.sections
        let parts = try arrangeSections(count: sections.count, outer: layout, in: size) { s, proposal in
            try sections[s].layout(in: proposal)
        }
        return ProviderLayout(contentSize: contentSize(of: parts), content: .parts(parts))
    }
}

extension Provider {
    /// Makes `self` the parent of `children` and releases the ones it no longer holds.
    func adopt(_ children: [Provider], replacing old: [Provider]) {
        for child in old where child.parent === self { child.parent = nil }
        for child in children { child.parent = self }
    }

    /// A section's identifier inside its parent: its own, else its position.
    func sectionIdentifier(_ section: Provider, _ position: Int) -> String {
        section.identifier ?? String(position)
    }
}

/// The bounding box of placed parts and the origin.
func contentSize(of parts: [ProviderLayout.Part]) -> Size {
    parts.reduce(Size.zero) { size, part in
        Size(width: max(size.width, part.origin.x + part.layout.contentSize.width),
             height: max(size.height, part.origin.y + part.layout.contentSize.height))
    }
}

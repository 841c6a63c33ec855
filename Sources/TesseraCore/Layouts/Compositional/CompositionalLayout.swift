/// UIKit's compositional layout (`UICollectionViewCompositionalLayout`): a section provider gives
/// each dataset section its blueprint, and sections stack along the scroll direction,
/// `interSectionSpacing` apart.
///
/// Each section is solved once as a template group (`GroupSolver`); item i of a section takes the
/// template's slot i mod n, moved by ⌊i / n⌋ group pitches (group length + interGroupSpacing).
public struct CompositionalLayout: Layout {
    public var configuration: Compositional.Configuration
    /// The blueprint of section `index` (0-based) holding dataset section `section`.
    public var sectionProvider: (Int, Dataset.Section, Compositional.Environment) throws -> Compositional.Section

    public init(configuration: Compositional.Configuration = .init(),
                sectionProvider: @escaping (Int, Dataset.Section, Compositional.Environment) throws -> Compositional.Section) {
        self.configuration = configuration
        self.sectionProvider = sectionProvider
    }

    /// The same section blueprint for every section.
    public init(section: Compositional.Section, configuration: Compositional.Configuration = .init()) {
        self.init(configuration: configuration) { _, _, _ in section }
    }

    /// - Complexity: O(n) plus the template groups (one per section) and the index build.
    public func layout(_ context: LayoutContext) throws -> any LayoutResult {
        try solve(context)
    }

    /// The laid-out result with its section geometry.
    public func solve(_ context: LayoutContext) throws -> CompositionalResult {
        let axis = configuration.scrollDirection
        let collection = context.collectionSize
        let environment = Compositional.Environment(container: collection, effectiveContainer: collection,
                                                    layoutDirection: configuration.layoutDirection)
        let solver = GroupSolver(layoutDirection: configuration.layoutDirection)
        let datasetSections = context.sections
        var output = SectionSolver.Output()
        output.frames.reserveCapacity(context.count)
        output.zIndices.reserveCapacity(context.count)
        var sections: [CompositionalResult.SectionGeometry] = []
        sections.reserveCapacity(datasetSections.count)
        var cursor = 0.0
        for (index, datasetSection) in datasetSections.enumerated() {
            if index > 0 { cursor += configuration.interSectionSpacing }
            let blueprint = try sectionProvider(index, datasetSection, environment)
            let geometry = try SectionSolver(axis: axis, collection: collection, solver: solver)
                .place(blueprint, index: index, items: datasetSection.range, at: cursor, into: &output)
            sections.append(geometry)
            cursor = geometry.frame.end(along: axis)
        }
        let minimum = Size(axis: axis, main: cursor, cross: collection.length(along: axis.cross))
        let result = try FramesResult(frames: output.frames, minimumContentSize: minimum, elements: output.elements,
                                      sections: sections.map(\.items),
                                      itemZIndices: output.hasZIndices ? output.zIndices : [],
                                      orthogonal: output.orthogonal,
                                      layoutName: "compositional")
        return CompositionalResult(scrollDirection: axis, result: result, sections: sections)
    }
}

/// UIKit's compositional layout (`UICollectionViewCompositionalLayout`): a section provider gives
/// each dataset section its blueprint, and sections stack along the scroll direction,
/// `interSectionSpacing` apart.
///
/// Each section is solved once as a template group (`GroupSolver`); item i of a section takes the
/// template's slot i mod n, moved by ⌊i / n⌋ group pitches (group length + interGroupSpacing).
///
/// Layout-level boundary items (headers and footers of the whole layout) are sized in the
/// collection and aligned on the whole content, from 0 to the end of the last section, across
/// the collection; one that extends the boundary makes room before the first section (or after
/// the last), the room being the tallest such item on that side.
///
/// Right to left, as UIKit's right-to-left collection views: the layout is solved left to right
/// and every frame mirrored within the collection's width (x' = W − x − w), items, elements and
/// scrollers alike, so a section narrower than the collection sits against its right edge. An
/// orthogonal section then starts at the right and scrolls towards negative x: its offsets are
/// the mirror of the left-to-right ones (x' = −x). Content wider than the collection (a
/// horizontal layout) hangs off the left edge the same way, as `MirroredLayout` explains.
public struct CompositionalLayout: Layout {
    /// Layout-wide settings.
    public var configuration: Compositional.Configuration
    /// The blueprint of section `index` (0-based) holding dataset section `section`.
    public var sectionProvider: @Sendable (Int, Dataset.Section, Compositional.Environment) throws -> Compositional.Section
    /// A `sectionProvider` table that names sections by id, checked on every layout.
    package var sectionKeys: [SectionKeys] = []

    /// A layout asking `sectionProvider` for each section's blueprint.
    public init(configuration: Compositional.Configuration = .init(),
                sectionProvider: @escaping @Sendable (Int, Dataset.Section, Compositional.Environment) throws -> Compositional.Section) {
        self.configuration = configuration
        self.sectionProvider = sectionProvider
    }

    /// The same section blueprint for every section.
    public init(section: Compositional.Section, configuration: Compositional.Configuration = .init()) {
        self.init(configuration: configuration) { _, _, _ in section }
    }

    /// - Complexity: O(n) plus the template groups (one per section) and the index build.
    public func layout(_ context: LayoutContext) throws -> CompositionalResult {
        try solve(context)
    }

    /// The laid-out result with its section geometry.
    public func solve(_ context: LayoutContext) throws -> CompositionalResult {
        try context.checkCollectionSize(layout: "compositional")
        let axis = configuration.scrollDirection
        let collection = context.collectionSize
        // Solved left to right and mirrored: a right-to-left layout's left guide is its trailing one.
        let guides = configuration.layoutDirection == .rightToLeft ? context.guides.mirrored : context.guides
        let reference = configuration.contentInsetsReference.insets(in: collection, guides: guides)
        // Providers see the direction the layout is read in, as UIKit's trait collection gives
        // the collection view's: its own, flipped by each mirror it lies in (`--rtl`).
        let reading = configuration.layoutDirection.within(context.layoutDirection)
        let environment = Compositional.Environment(container: collection, reference: reference, axis: axis,
                                                    layoutDirection: reading)
        let datasetSections = context.sections
        for keys in sectionKeys { try keys.check(datasetSections) }
        var output = SectionSolver.Output()
        output.frames.reserveCapacity(context.count)
        output.zIndices.reserveCapacity(context.count)
        var sections: [CompositionalResult.SectionGeometry] = []
        sections.reserveCapacity(datasetSections.count)
        let global = configuration.boundaryItems
        for item in global { try item.size.check("a compositional boundary item") }
        let globalSizes = global.map { $0.size.resolved(in: collection) }
        let (before, after) = Compositional.BoundaryItem.room(global, sizes: globalSizes, along: axis)
        var cursor = before
        var handlers: [Int: Compositional.VisibleItemsHandler] = [:]
        for (index, datasetSection) in datasetSections.enumerated() {
            if index > 0 { cursor += configuration.interSectionSpacing }
            let blueprint = try sectionProvider(index, datasetSection, environment)
            try blueprint.checkSizes()
            if let handler = blueprint.visibleItemsHandler { handlers[index] = handler }
            // Each item is measured at most once per pass, even when a group is solved again;
            // only sections with estimated sizes measure.
            var measured: [Int: Size] = [:]
            let base = datasetSection.range.lowerBound
            let measure: ((Int, Size) throws -> Size)? = !blueprint.group.hasEstimatedDimension ? nil : { k, proposal in
                if let size = measured[k] { return size }
                let size = try context.size(at: base + k, proposed: proposal)
                measured[k] = size
                return size
            }
            let sectionReference = blueprint.contentInsetsReference == .automatic
                ? reference : blueprint.contentInsetsReference.insets(in: collection, guides: guides)
            let geometry = try SectionSolver(axis: axis, collection: collection, reference: sectionReference,
                                             layoutDirection: reading, measure: measure)
                .place(blueprint, index: index, items: datasetSection.range, at: cursor, into: &output)
            sections.append(geometry)
            cursor = geometry.frame.end(along: axis)
        }
        cursor += after
        if !global.isEmpty && !datasetSections.isEmpty {
            let content = Rect(axis: axis, main: 0, cross: 0, mainLength: cursor, crossLength: collection.length(along: axis.cross))
            let placed = zip(global, globalSizes).map { boundary, size -> LayoutElement in
                let pin = boundary.pinEdge(along: axis)
                return .supplementary(boundary.kind, section: 0,
                                      frame: Compositional.RectAlignment.place(size, in: content, containerAnchor: boundary.alignment,
                                                                               offset: boundary.offset),
                                      zIndex: boundary.zIndex, pinned: pin != nil, pinEdge: pin ?? .top, isGlobal: true)
            }
            output.elements.insert(contentsOf: placed, at: 0)
        }
        let minimum = Size(axis: axis, main: cursor, cross: collection.length(along: axis.cross))
        func indexed(_ output: SectionSolver.Output) throws -> FramesResult {
            try FramesResult(frames: output.frames, minimumContentSize: minimum, elements: output.elements,
                             sections: sections.map(\.items),
                             itemZIndices: output.hasZIndices ? output.zIndices : [],
                             orthogonal: output.orthogonal, layoutName: "compositional")
        }
        var result = try indexed(output)
        if configuration.layoutDirection == .rightToLeft {
            let width = collection.width
            output.frames = output.frames.map { $0.mirrored(inWidth: width) }
            output.elements = zip(output.elements, result.pinLimits).map { element, limit in
                var e = element
                e.frame = e.frame.mirrored(inWidth: width)
                e.pinEdge = e.pinEdge.mirrored   // a leading header of a horizontal layout pins to the right
                // A sideways pin's limit is an x: a section's (stated) is mirrored with its frame; a
                // layout-level one runs over the whole content, which now ends at the collection's
                // right edge and starts left of 0: its limit is the mirrored one too.
                if e.isGlobal || e.pinUntil != nil, e.pinEdge.isAlongX, let limit { e.pinUntil = width - limit }
                return e
            }
            output.orthogonal = output.orthogonal.map {
                OrthogonalSection(section: $0.section, frame: $0.frame.mirrored(inWidth: width), contentSize: $0.contentSize)
            }
            sections = sections.map {
                var geometry = $0
                geometry.frame = geometry.frame.mirrored(inWidth: width)
                geometry.scroller = geometry.scroller.map {
                    OrthogonalSection(section: $0.section, frame: $0.frame.mirrored(inWidth: width), contentSize: $0.contentSize)
                }
                return geometry
            }
            result = try indexed(output)
        }
        return CompositionalResult(scrollDirection: axis, layoutDirection: configuration.layoutDirection,
                                   result: result, sections: sections, visibleItemsHandlers: handlers,
                                   environment: environment)
    }
}

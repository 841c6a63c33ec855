/// One layout per dataset section, the sections arranged by an outer layout (CollectionKit's
/// ComposedProvider). Items keep their flattened indices; a section's frame origin offsets its
/// items' frames.
///
/// The outer layout sees one item per section. Its size for a proposal is the section's content
/// size when laid out in that proposal (the last proposal wins, as in CollectionKit). Sections the
/// outer layout never measured are laid out in the size of the frame it gave them. With no outer
/// layout, sections are stacked vertically with `spacing` between them.
public struct SectionsLayout: Layout {
    /// The layout for section `index` (with its dataset section, when there is one).
    public var sectionLayout: (Int, Dataset.Section?) throws -> any Layout
    /// How sections are arranged; nil stacks them vertically.
    public var arrangement: (any Layout)?
    public var spacing: Double

    public init(arrangement: (any Layout)? = nil, spacing: Double = 0,
                sectionLayout: @escaping (Int, Dataset.Section?) throws -> any Layout) {
        self.arrangement = arrangement
        self.spacing = spacing
        self.sectionLayout = sectionLayout
    }

    /// - Complexity: the sum of the section layouts (each run once per distinct measure) plus
    ///   O(n) to flatten frames and build one index over all items.
    public func layout(_ context: LayoutContext) throws -> any LayoutResult {
        let sections = context.sections
        let layouts = try sections.indices.map { try sectionLayout($0, sections[$0]) }

        var measured = [(any LayoutResult)?](repeating: nil, count: sections.count)
        var failure: Error?
        func layoutSection(_ s: Int, in size: Size) -> any LayoutResult {
            do {
                let result = try layouts[s].layout(context.slice(sections[s].range).with(collectionSize: size))
                measured[s] = result
                return result
            } catch {
                failure = failure ?? error
                return EmptyResult()
            }
        }

        let origins: [Point]
        if let arrangement {
            let outer = LayoutContext(collectionSize: context.collectionSize, count: sections.count,
                                      item: { _ in nil },
                                      size: { s, proposal in layoutSection(s, in: proposal).contentSize })
            let placed = try arrangement.layout(outer)
            if let failure { throw failure }
            origins = (0..<sections.count).map { s in
                let frame = placed.frame(at: s)
                if measured[s] == nil { _ = layoutSection(s, in: frame.size) }
                return frame.origin
            }
        } else {
            var y = 0.0
            origins = (0..<sections.count).map { s in
                let result = layoutSection(s, in: context.collectionSize)
                defer { y += result.contentSize.height + (s + 1 < sections.count ? spacing : 0) }
                return Point(x: 0, y: y)
            }
        }
        if let failure { throw failure }

        var frames: [Rect] = []
        frames.reserveCapacity(context.count)
        var elements: [LayoutElement] = []
        var orthogonal: [OrthogonalSection] = []
        var zIndices: [Int] = []
        var content = Size.zero
        for (s, result) in measured.enumerated() {
            guard let result else { continue }
            let o = origins[s], first = sections[s].range.lowerBound
            // Content includes each section's own content size (insets, trailing space).
            content.width = max(content.width, o.x + result.contentSize.width)
            content.height = max(content.height, o.y + result.contentSize.height)
            for i in 0..<result.count { frames.append(result.frame(at: i).offsetBy(dx: o.x, dy: o.y)) }
            for i in 0..<result.count where zIndices.isEmpty == false || result.zIndex(ofItem: i) != 0 {
                if zIndices.isEmpty { zIndices = Array(repeating: 0, count: context.count) }
                zIndices[first + i] = result.zIndex(ofItem: i)
            }
            elements += result.elements.map {
                var e = $0.offsetBy(dx: o.x, dy: o.y)
                e.section = s
                e.index = $0.index.map { first + $0 }
                return e
            }
            orthogonal += result.orthogonalSections.prefix(1).map {
                OrthogonalSection(section: s, frame: $0.frame.offsetBy(dx: o.x, dy: o.y), contentSize: $0.contentSize)
            }
        }
        return try FramesResult(frames: frames, minimumContentSize: content, elements: elements,
                                sections: sections.map(\.range), itemZIndices: zIndices, orthogonal: orthogonal,
                                layoutName: "sections")
    }
}

/// A result with no items (a section that failed to lay out, an empty provider).
struct EmptyResult: LayoutResult {
    var count: Int { 0 }
    var contentSize: Size { .zero }
    func frame(at index: Int) -> Rect { preconditionFailure("EmptyResult has no items") }
    func visible(in rect: Rect) -> [Int] { [] }
}

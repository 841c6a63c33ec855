/// Child providers laid out as the sections of a `SectionsLayout`: one composition path for
/// composed and headers providers, the same as `t.sections` over a dataset's sections.
///
/// The outer layout may measure a child several times (CollectionKit's "the last proposal
/// wins"); each child's last layout is kept, which is the one `SectionsLayout` placed, so its
/// leaves and headers can be renumbered into the flattened items and sections. Children are
/// not counted beforehand: a child's items are what its layout placed, so the walk that lays
/// the tree out is its only pass.
final class ProviderSections: @unchecked Sendable {
    let providers: [Provider]
    /// Each child's place in the tree.
    let places: [ProviderPlace]
    let walk: ProviderWalk
    private(set) var laidOut: [ProviderLayout?]

    init(_ providers: [Provider], places: [ProviderPlace], walk: ProviderWalk) {
        self.providers = providers
        self.places = places
        self.walk = walk
        laidOut = Array(repeating: nil, count: providers.count)
    }

    /// Child `s` as a section layout: it lays the child out in the size it is offered.
    struct Section: Layout, @unchecked Sendable {
        let sections: ProviderSections
        let index: Int
        func layout(_ context: LayoutContext) throws -> AnyLayoutResult {
            // A provider shared by several sections is laid out at each of its places: the
            // pass's host checks its limits at every one.
            try ProviderPass.checkpoint?.check()
            let laid = try sections.providers[index].placed(in: context.collectionSize, at: sections.places[index],
                                                             walk: sections.walk)
            sections.laidOut[index] = laid
            return AnyLayoutResult(laid.result)
        }
    }

    /// Lays the children out as sections arranged by `outer` (nil: stacked vertically), with
    /// `header(s)` above child `s`. The children's leaves and headers follow, renumbered; `own`
    /// names this provider's own header above child `s` (its section and span).
    /// - Complexity: each child's layout per distinct proposal, plus O(n) to flatten.
    func layout(in size: Size, outer: (any Layout)?,
                header: (@Sendable (Int, Dataset.Section?) throws -> SectionBoundary?)? = nil,
                own: ((Int, Int, Int) -> ProviderLayout.Header)? = nil) throws -> ProviderLayout {
        // One empty range per child, under its identifier (what an outer row's fill names): a
        // child's items are counted by its layout, not before.
        let ranges = providers.indices.map { Dataset.Section(id: .string(providers[$0].identifier ?? String($0)), range: 0..<0) }
        var context = LayoutContext(collectionSize: size, count: 0, sections: ranges, item: { _ in nil },
                                    size: { _, proposal in proposal })
        context.guides = walk.guides
        var layout = SectionsLayout(arrangement: outer, header: header) { s, _ in Section(sections: self, index: s) }
        layout.arrangesHeaders = header != nil
        let result = try layout.layout(context)
        var composed = ProviderLayout(result: result)
        var section = 0, item = 0
        for s in providers.indices {
            guard let laid = laidOut[s] else { continue }
            let span = laid.result.sectionRanges.count
            if let own { composed.headers.append(own(s, section, span)) }
            composed.headers += laid.headers.map { h in
                var moved = h
                moved.section += section
                return moved
            }
            composed.leaves += laid.leaves.map { leaf in
                var moved = leaf
                moved.begin += item
                return moved
            }
            composed.sectionOwners += laid.sectionOwners.map { owned in
                var moved = owned
                moved.sections = (owned.sections.lowerBound + section)..<(min(owned.sections.upperBound, span) + section)
                return moved
            }
            section += span
            item += laid.result.count
        }
        return composed
    }
}

/// What a provider pass checks at each place it lays a provider out: the limits of the host
/// running the pass (a script's time limit), bound for the pass with `withCheckpoint`.
package enum ProviderPass {
    /// A check that throws once the pass must stop.
    package struct Checkpoint: @unchecked Sendable {
        package let check: () throws -> Void
        package init(_ check: @escaping () throws -> Void) { self.check = check }
    }

    @TaskLocal package static var checkpoint: Checkpoint?

    /// Runs `body` (an engine pass) with `checkpoint` checked at every provider place.
    package static func withCheckpoint<T>(_ checkpoint: Checkpoint, _ body: () throws -> T) throws -> T {
        try $checkpoint.withValue(checkpoint) { try body() }
    }
}

/// Child providers laid out as the sections of a `SectionsLayout`: one composition path for
/// composed and headers providers, the same as `t.sections` over a dataset's sections.
///
/// The outer layout may measure a child several times (CollectionKit's "the last proposal
/// wins"); each child's last layout is kept, which is the one `SectionsLayout` placed, so its
/// headers can be renumbered into the flattened sections.
final class ProviderSections: @unchecked Sendable {
    let providers: [Provider]
    let measured: MeasuredSizes
    private(set) var laidOut: [ProviderLayout?]

    init(_ providers: [Provider], measured: MeasuredSizes) {
        self.providers = providers
        self.measured = measured
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
            let laid = try sections.providers[index].laidOut(in: context.collectionSize, measured: sections.measured)
            sections.laidOut[index] = laid
            return AnyLayoutResult(laid.result)
        }
    }

    /// Lays the children out as sections arranged by `outer` (nil: stacked vertically), with
    /// `header(s)` above child `s`. The children's headers follow theirs, renumbered; `own`
    /// names this provider's own headers (child `s`'s identifier prefix and header owner).
    /// - Complexity: each child's layout per distinct proposal, plus O(n) to flatten.
    func layout(in size: Size, outer: (any Layout)?, prefix: (Int) -> String,
                header: (@Sendable (Int, Dataset.Section?) throws -> SectionBoundary?)? = nil,
                own: ((Int, Int, Int) -> ProviderLayout.Header)? = nil) throws -> ProviderLayout {
        var ranges: [Dataset.Section] = []
        var next = 0
        for (s, p) in providers.enumerated() {
            let n = p.itemCount
            ranges.append(Dataset.Section(id: .int(s), range: next..<(next + n)))
            next += n
        }
        let context = LayoutContext(collectionSize: size, count: next, sections: ranges, item: { _ in nil },
                                    size: { _, proposal in proposal })
        var layout = SectionsLayout(arrangement: outer, header: header) { s, _ in Section(sections: self, index: s) }
        layout.arrangesHeaders = header != nil
        let result = try layout.layout(context)
        var headers: [ProviderLayout.Header] = []
        var base = 0
        for s in providers.indices {
            guard let laid = laidOut[s] else { continue }
            let span = laid.result.sectionRanges.count
            if let own { headers.append(own(s, base, span)) }
            headers += laid.headers(movedBy: base, prefix: prefix(s))
            base += span
        }
        return ProviderLayout(result: result, headers: headers)
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

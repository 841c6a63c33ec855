import Testing
@testable import TesseraCore

/// A pass walks the provider tree once: the walk that lays it out records who owns each item
/// and header, so nothing flattens the tree, collects its headers, counts its items or checks
/// it for cycles beforehand.
@Suite struct EngineWalkTests {
    /// A section with no items that counts every way a pass can reach it: asked for its
    /// layout, its children (how trees are walked) or its item count.
    final class CountingProvider: Provider {
        var layouts = 0, childReads = 0, countReads = 0
        var visits: Int { layouts + childReads + countReads }
        override var children: [Provider] { childReads += 1; return [] }
        override var itemCount: Int { countReads += 1; return 0 }
        override func laidOut(in size: Size, at place: ProviderPlace, walk: ProviderWalk) throws -> ProviderLayout {
            layouts += 1
            return try super.laidOut(in: size, at: place, walk: walk)
        }
    }

    /// Headers over a composed section (items, then a counter) and an empty state over a counter.
    static func tree(_ items: BasicProvider) -> (root: Provider, deep: CountingProvider, wrapped: CountingProvider) {
        let deep = CountingProvider(), wrapped = CountingProvider()
        let root = HeadersProvider(sections: [ComposedProvider(sections: [items, deep]), EmptyStateProvider(content: wrapped)],
                                   headerSize: .fixed(.fraction(1), .absolute(20)))
        return (root, deep, wrapped)
    }

    @Test func a_reload_and_a_relayout_each_visit_every_provider_once() throws {
        let items = numbers([1, 2, 3], size: s(100, 30))
        let (root, deep, wrapped) = Self.tree(items)
        let engine = CollectionEngine(provider: root, viewport: s(100, 200))
        try engine.layout()
        #expect(engine.reloadCount == 1)
        #expect([deep.layouts, deep.childReads, deep.countReads] == [1, 0, 0])
        #expect([wrapped.layouts, wrapped.childReads, wrapped.countReads] == [1, 0, 0])
        // The walk recorded the owners: the items', the placeholder's and the headers' ids.
        #expect(engine.views.map(\.id.description) == ["0-0-0", "0-0-1", "0-0-2", "1-empty", "0-header", "1-header"])
        #expect(engine.itemCount == 4)

        items.data = source([1, 2, 3, 4])
        try engine.layout()
        #expect(engine.reloadCount == 2)
        #expect(deep.visits == 2 && wrapped.visits == 2)

        try engine.resize(to: s(100, 220))
        #expect(engine.reloadCount == 2)
        #expect(deep.visits == 3 && wrapped.visits == 3)
    }

    @Test func a_reload_after_measurements_walks_once_unless_they_resolve_to_other_items() throws {
        let items = numbers([1, 2, 3], size: s(100, 30))
        items.data = source([1, 2, 3], ids: { "v\($0)" })
        let (root, deep, _) = Self.tree(items)
        let engine = CollectionEngine(provider: root, viewport: s(100, 300))
        try engine.layout()
        try engine.measure("0-0-v2", size: s(100, 45))
        try engine.layout()
        #expect(deep.visits == 2)
        // Two items before the measured one: it moves within its provider, its size goes with it.
        items.data = source([8, 9, 1, 2, 3], ids: { "v\($0)" })
        try engine.layout()
        #expect(deep.visits == 3)
        #expect(try engine.frame(at: 3) == r(0, 20 + 90, 100, 45))
        // Its data changed: the measurement is forgotten, as expected before the walk.
        items.data = ItemSource(values: [.int(8), .int(9), .int(1), .int(20), .int(3)])
        items.data.identifier = { ["v8", "v9", "v1", "v2", "v3"][$0] }
        try engine.layout()
        #expect(deep.visits == 4)
        #expect(engine.measuredSize(of: "0-0-v2") == nil)
        #expect(try engine.frame(at: 3) == r(0, 20 + 90, 100, 30))
        // Measured before it exists: the reload could not expect it, so it lays out again.
        try engine.measure("0-0-v7", size: s(100, 60))
        items.data = source([7, 8], ids: { "v\($0)" })
        try engine.layout()
        #expect(deep.visits == 6)
        #expect(try engine.frame(at: 0) == r(0, 20, 100, 60))
    }

    @Test func a_cycle_is_refused_where_the_walk_meets_it() throws {
        let inner = ComposedProvider(sections: [numbers([1])])
        let root = ComposedProvider(sections: [inner])
        inner.sections.append(root)
        let engine = CollectionEngine(provider: root, viewport: s(100, 100))
        #expect(throws: LayoutError("the provider tree has a cycle (composed provider > composed provider > composed provider); a provider cannot contain itself")) {
            try engine.layout()
        }
        #expect(engine.reloadCount == 0)
    }
}

import Testing
@testable import TesseraCore

/// A size measured for an id that no element has yet is kept, changes nothing on screen, and
/// sizes that item when it arrives (a host may measure a cell before the data that holds it
/// reaches the engine).
@Suite struct MeasureAheadTests {
    /// Full-width rows 50 points tall, in one column, sized from the items.
    static func provider(_ ids: [String]) -> BasicProvider {
        let items = ids.map { Item(id: .string($0), size: Size(width: 100, height: 50)) }
        return BasicProvider(data: ItemSource(dataset: Dataset(items: items)), layout: WaterfallLayout(columns: 1),
                             size: .rule(ItemSizing(rule: .intrinsic)))
    }

    func frames(_ engine: CollectionEngine) throws -> [String] {
        try (0..<engine.itemCount).map { "\(try engine.layoutResult.frame(at: $0))" }
    }

    @Test("the measurement waits for its item through passes and reloads, then sizes it")
    func keptUntilTheItemArrives() throws {
        let provider = Self.provider(["a", "b"])
        let engine = CollectionEngine(provider: provider, viewport: Size(width: 100, height: 400))
        try engine.layout()
        try engine.measure("c", size: Size(width: 100, height: 200))
        #expect(engine.measuredSize(of: "c") == Size(width: 100, height: 200))
        try engine.layout()
        #expect(try frames(engine) == ["(0.0, 0.0, 100.0, 50.0)", "(0.0, 50.0, 100.0, 50.0)"])
        #expect(engine.measuredSizes == ["c": Size(width: 100, height: 200)])

        // A reload whose data still lacks "c" keeps the measurement too.
        provider.data = ItemSource(dataset: Dataset(items: [Item(id: "b", size: Size(width: 100, height: 50))]))
        try engine.layout()
        #expect(try frames(engine) == ["(0.0, 0.0, 100.0, 50.0)"])
        #expect(engine.measuredSizes == ["c": Size(width: 100, height: 200)])

        provider.data = Self.provider(["b", "c", "d"]).data
        try engine.layout()
        #expect(try frames(engine) == ["(0.0, 0.0, 100.0, 50.0)", "(0.0, 50.0, 100.0, 200.0)", "(0.0, 250.0, 100.0, 50.0)"])
        #expect(engine.measuredSize(of: "c") == Size(width: 100, height: 200))
    }

    @Test("measured before the first pass, the size is used by it")
    func measuredBeforeTheFirstPass() throws {
        let engine = CollectionEngine(provider: Self.provider(["a", "b"]), viewport: Size(width: 100, height: 400))
        try engine.measure("b", size: Size(width: 100, height: 80))
        try engine.measure("z", size: Size(width: 100, height: 10))
        try engine.layout()
        #expect(try frames(engine) == ["(0.0, 0.0, 100.0, 50.0)", "(0.0, 50.0, 100.0, 80.0)"])
        #expect(engine.measuredSizes == ["b": Size(width: 100, height: 80), "z": Size(width: 100, height: 10)])
    }
}

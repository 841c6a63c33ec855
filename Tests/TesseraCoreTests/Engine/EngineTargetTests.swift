import Testing
@testable import TesseraCore

/// The engine's helpers that name an item agree: `frame(of:)` takes an id as `scrollTo(_:align:)`
/// does, and `measure(_:size:)` takes any id, a stale one included, without failing or moving
/// a frame. Exact frames and messages.
@Suite struct EngineTargetTests {
    /// Rows 100 x 50 in a 100 x 400 viewport: `values` with `ids`, in order.
    static func rows(_ values: [String], ids: [String]) -> BasicProvider {
        var data = ItemSource(values: values.map { .string($0) })
        data.identifier = { .string(ids[$0]) }
        return BasicProvider(data: data, layout: FlowLayout(), size: .fixed(.absolute(100), .absolute(50)))
    }

    func frames(_ engine: CollectionEngine) throws -> [String] {
        try (0..<engine.itemCount).map { "\(try engine.frame(at: $0)!)" }
    }

    @Test func frameOfAnIdIsTheFrameAtItsIndex() throws {
        let engine = CollectionEngine(provider: Self.rows(["x", "y", "z"], ids: ["a", "b", "c"]), viewport: Size(width: 100, height: 400))
        _ = try engine.layout()
        #expect(try engine.frame(of: "b") == Rect(x: 0, y: 50, width: 100, height: 50))
        #expect(try engine.frame(of: "c") == engine.frame(at: 2))
        #expect(try engine.frame(of: "d") == nil)
        #expect(try engine.frame(at: 3) == nil)
        // An integer id is named by its text, as scrollTo and index(of:) name it.
        let numbered = CollectionEngine(provider: numbers([10, 11, 12], size: Size(width: 100, height: 50)), viewport: Size(width: 100, height: 400))
        _ = try numbered.layout()
        #expect(try numbered.frame(of: .int(2)) == Rect(x: 0, y: 100, width: 100, height: 50))
    }

    /// A cell reports its size just as its data is deleted (the host's view is still on screen):
    /// no error, no frame moves, and an item that arrives later with that id and other data is
    /// not sized by the stale measurement.
    @Test func aStaleIdIsMeasuredWithoutFailingAndSizesNothing() throws {
        let provider = Self.rows(["x", "y", "z"], ids: ["a", "b", "c"])
        let engine = CollectionEngine(provider: provider, viewport: Size(width: 100, height: 400))
        _ = try engine.layout()
        provider.data = Self.rows(["x", "y"], ids: ["a", "b"]).data
        try engine.measure("c", size: Size(width: 100, height: 200))
        let events = try engine.layout()
        #expect(types(events) == ["delete c"])
        #expect(try frames(engine) == ["(0.0, 0.0, 100.0, 50.0)", "(0.0, 50.0, 100.0, 50.0)"])
        #expect(engine.contentSize == Size(width: 100, height: 100))

        provider.data = Self.rows(["x", "y", "new"], ids: ["a", "b", "c"]).data
        _ = try engine.layout()
        #expect(try frames(engine) == ["(0.0, 0.0, 100.0, 50.0)", "(0.0, 50.0, 100.0, 50.0)", "(0.0, 100.0, 100.0, 50.0)"])
        #expect(engine.measuredSizes.isEmpty)
    }

    @Test func measuredSizesThatAreNotFiniteAreRefused() throws {
        let engine = CollectionEngine(provider: Self.rows(["x"], ids: ["a"]), viewport: Size(width: 100, height: 400))
        _ = try engine.layout()
        func message(_ size: Size) -> String? {
            do { try engine.measure("a", size: size); return nil } catch { return "\(error)" }
        }
        #expect(message(Size(width: .infinity, height: 10)) == "the measured size of \"a\" must be numbers from 0 to 1e7, got infx10")
        #expect(message(Size(width: 10, height: -.infinity)) == "the measured size of \"a\" must be numbers from 0 to 1e7, got 10x-inf")
        #expect(message(Size(width: .nan, height: -1)) == "the measured size of \"a\" must be numbers from 0 to 1e7, got nanx-1")
        #expect(engine.measuredSizes.isEmpty)
        #expect(!engine.hasPendingPass)
    }
}

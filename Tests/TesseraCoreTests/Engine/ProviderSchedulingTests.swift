import Synchronization
import Testing
import TesseraCore

/// What `setNeedsReload` and `setNeedsRelayout` schedule: nothing runs until the engine's next
/// pass; a reload binds the data again, a relayout only lays it out again.
@Suite struct ProviderSchedulingTests {
    /// Numbers a test changes behind its providers' backs.
    final class Box: Sendable {
        let numbers: Mutex<[Int]>
        init(_ numbers: [Int]) { self.numbers = Mutex(numbers) }
        func set(_ new: [Int]) { numbers.withLock { $0 = new } }
        func value(_ i: Int) -> JSONValue { numbers.withLock { JSONValue.int($0[i]) } }
    }

    /// Data read from `box` on every call, so a reload shows what it holds then.
    func boxed(_ box: Box, count: Int) -> ItemSource {
        ItemSource(count: count, value: { box.value($0) },
                   identifier: { .string("n\($0)") },
                   sizeInput: { _ in SizeInput(w: 10, h: 20) })
    }

    @Test func anEnginesReloadBindsTheDataAgainOnlyAtTheNextPass() throws {
        let box = Box([1, 2])
        let provider = BasicProvider(data: boxed(box, count: 2), layout: FlowLayout(), size: .rule(ItemSizing(rule: .intrinsic)))
        let engine = CollectionEngine(provider: provider, viewport: s(100, 100))
        try engine.layout()
        #expect(engine.reloadCount == 1 && !engine.hasPendingPass)
        #expect(engine.views.map(\.data) == [.int(1), .int(2)])
        box.set([7, 8])
        #expect(!engine.hasPendingPass, "the engine cannot see the box")
        engine.setNeedsReload()
        #expect(engine.hasPendingPass)
        #expect(engine.views.map(\.data) == [.int(1), .int(2)], "nothing runs before the pass")
        let events = try engine.layout()
        #expect(engine.reloadCount == 2)
        #expect(engine.views.map(\.data) == [.int(7), .int(8)])
        #expect(events.map { "\($0.type.rawValue) \($0.id)" } == ["update n0", "update n1"])
        // The sizes come from the source's sizeInput, under the intrinsic rule.
        #expect(engine.views.map(\.frame) == [r(0, 0, 10, 20), r(10, 0, 10, 20)])
    }

    @Test func aProvidersReloadReachesTheEngineShowingItsRoot() throws {
        let box = Box([1])
        let inner = BasicProvider(data: boxed(box, count: 1))
        let engine = CollectionEngine(provider: ComposedProvider(sections: [inner]), viewport: s(100, 100))
        try engine.layout()
        box.set([5])
        inner.setNeedsReload()
        #expect(engine.hasPendingPass)
        try engine.layout()
        #expect(engine.reloadCount == 2)
        #expect(engine.views.map(\.data) == [.int(5)])
        // A provider no engine shows schedules nothing, and does not throw.
        BasicProvider(data: boxed(box, count: 1)).setNeedsReload()
    }

    @Test func aRelayoutLaysOutAgainWithoutReloading() throws {
        let box = Box([1, 2])
        let provider = BasicProvider(data: boxed(box, count: 2), layout: FlowLayout(), size: .rule(ItemSizing(rule: .intrinsic)))
        let engine = CollectionEngine(provider: provider, viewport: s(100, 100))
        try engine.layout()
        box.set([7, 8])
        provider.setNeedsRelayout()
        #expect(engine.hasPendingPass)
        try engine.layout()
        #expect(engine.reloadCount == 1, "a relayout is not a reload")
        #expect(engine.views.map(\.data) == [.int(1), .int(2)], "nor does it bind the data again")
        #expect(!engine.hasPendingPass)
    }
}

import Testing
@testable import TesseraCore

/// A view of one kind is never shown as another: a reload or relayout that gives a kept item
/// another view kind replaces its view (a delete, then an insert with a view from the new kind's
/// pool); a scroll asks the kinds of entering views only.
@Suite struct EngineKindChangeTests {
    /// Which items (by local index) a registration's `when` calls the kind "b", and how many
    /// times it was asked.
    final class KindSwitch: @unchecked Sendable {
        var b: Set<Int> = []
        var asked = 0
    }

    /// A registration asking `choice`: kind "b" for the items it names, else "a".
    func registration(_ choice: KindSwitch) -> ViewRegistration {
        ViewRegistration(kinds: [.init("b", when: { choice.asked += 1; return choice.b.contains($0) }), .init("a")])
    }

    /// An engine over `values` whose kinds `choice` picks, laid out once.
    func laidOut(_ values: [Int], kinds choice: KindSwitch, viewport: Size) throws -> (BasicProvider, CollectionEngine) {
        let provider = numbers(values)
        provider.view = registration(choice)
        let engine = CollectionEngine(provider: provider, viewport: viewport)
        try engine.layout()
        return (provider, engine)
    }

    /// Events as "type view kind id frame", with the flags a host acts on.
    func described(_ events: [EngineEvent]) -> [String] {
        events.map { e in
            "\(e.type.rawValue) \(e.view) \(e.kind) \(e.id) \(e.frame)"
                + (e.addsView ? " adds" : "") + (e.removesView ? " removes" : "") + (e.oldFrame.map { " from \($0)" } ?? "")
        }
    }

    @Test func aReloadThatChangesTheProvidersViewReplacesEveryKeptView() throws {
        let provider = numbers([1, 2, 3, 4])
        provider.view = ViewRegistration("a")
        let engine = CollectionEngine(provider: provider, viewport: s(100, 49))
        try engine.layout()
        provider.view = ViewRegistration("b")
        let events = try engine.layout()
        #expect(described(events) == [
            "delete 0 a 0 (0.0, 0.0, 50.0, 50.0) removes", "delete 1 a 1 (50.0, 0.0, 50.0, 50.0) removes",
            "insert 2 b 0 (0.0, 0.0, 50.0, 50.0) adds", "insert 3 b 1 (50.0, 0.0, 50.0, 50.0) adds",
        ])
        #expect(engine.views.map { "\($0.number) \($0.kind) \($0.id)" } == ["2 b 0", "3 b 1"])
        #expect(engine.stats == EngineStats(created: 4, reused: 0))
        // Back to "a": the new views take the old ones back from their pool, in reverse order.
        provider.view = ViewRegistration("a")
        #expect(described(try engine.layout()) == [
            "delete 2 b 0 (0.0, 0.0, 50.0, 50.0) removes", "delete 3 b 1 (50.0, 0.0, 50.0, 50.0) removes",
            "insert 1 a 0 (0.0, 0.0, 50.0, 50.0) adds", "insert 0 a 1 (50.0, 0.0, 50.0, 50.0) adds",
        ])
        #expect(engine.stats == EngineStats(created: 4, reused: 2))
    }

    @Test func onlyTheItemWhoseKindChangedIsReplacedAndItsDataRebound() throws {
        let choice = KindSwitch()
        let (provider, engine) = try laidOut([1, 2, 3, 4], kinds: choice, viewport: s(100, 49))
        choice.b = [1]
        provider.data = source([1, 7, 3, 4])
        let events = try engine.layout()
        #expect(described(events) == ["delete 1 a 1 (50.0, 0.0, 50.0, 50.0) removes", "insert 2 b 1 (50.0, 0.0, 50.0, 50.0) adds"])
        #expect(shown(engine) == ["0 0=1 (0.0, 0.0, 50.0, 50.0)", "2 1=7 (50.0, 0.0, 50.0, 50.0)"])
        #expect(engine.views.map(\.kind) == ["a", "b"])
    }

    @Test func aRelayoutReplacesAKeptViewWhoseKindChangedInsteadOfMovingIt() throws {
        let choice = KindSwitch()
        let (provider, engine) = try laidOut([1, 2, 3, 4], kinds: choice, viewport: s(100, 100))
        choice.b = [1]
        provider.layout = TransposeLayout(FlowLayout())
        let events = try engine.layout()
        // Items 1 and 2 swap places: item 2 keeps its view and moves; item 1, now a "b", gets a
        // new view where it is drawn now, inserted rather than moved in from where it was.
        #expect(described(events) == [
            "delete 1 a 1 (50.0, 0.0, 50.0, 50.0) removes",
            "insert 4 b 1 (0.0, 50.0, 50.0, 50.0) adds",
            "update 2 a 2 (50.0, 0.0, 50.0, 50.0) from (0.0, 50.0, 50.0, 50.0)",
        ])
        #expect(engine.reloadCount == 1)
        #expect(engine.views.map { "\($0.number) \($0.kind) \($0.id)" } == ["0 a 0", "4 b 1", "2 a 2", "3 a 3"])
    }

    @Test func aScrollAsksTheKindsOfEnteringViewsOnly() throws {
        let choice = KindSwitch()
        let (provider, engine) = try laidOut([1, 2, 3, 4, 5, 6], kinds: choice, viewport: s(100, 99))
        choice.b = [0, 1, 2, 3, 4, 5]
        choice.asked = 0
        let events = try engine.scroll(to: Point(x: 0, y: 50))
        // Items 2 and 3 stay "a" (nothing rebinds them); items 4 and 5 enter as "b".
        #expect(types(events) == ["delete 0", "delete 1", "insert 4", "insert 5"])
        #expect(engine.views.map(\.kind) == ["a", "a", "b", "b"])
        #expect(choice.asked == 2)
        // The next layout anew asks every visible view, and replaces the two left over.
        choice.asked = 0
        provider.layout = FlowLayout()
        #expect(types(try engine.layout()) == ["delete 2", "delete 3", "insert 2", "insert 3"])
        #expect(engine.views.map(\.kind) == ["b", "b", "b", "b"])
        #expect(choice.asked == 4)
    }

    @Test func aKindCallbackThatThrowsForAKeptViewLeavesTheEngineAsItWas() throws {
        struct Refused: Error {}
        let choice = KindSwitch()
        let (provider, engine) = try laidOut([1, 2, 3, 4], kinds: choice, viewport: s(100, 49))
        let before = engine.views
        provider.view = ViewRegistration(kinds: [.init("b", when: { i in if i == 1 { throw Refused() }; return false }), .init("a")])
        #expect(throws: Refused.self) { try engine.layout() }
        #expect(engine.views == before)
        provider.view = ViewRegistration("a")
        #expect(try engine.layout().isEmpty)
    }
}

import Testing
import TesseraCore

/// Which kind of view each item gets: the first kind whose predicate accepts it, else the last.
@Suite struct ViewRegistrationTests {
    struct Refused: Error, Equatable {}

    @Test("kinds are tried in order; an item none accepts gets the last; no kinds means one \"cell\"")
    func kindsInOrder() throws {
        let registration = ViewRegistration(kinds: [.init("hero", when: { $0 == 0 }), .init("even", when: { $0 % 2 == 0 }),
                                                    .init("odd", when: { $0 % 2 == 1 })])
        #expect(try (0..<4).map(registration.kind) == ["hero", "odd", "even", "odd"])
        #expect(try (0..<4).map(registration.kindPosition) == [0, 2, 1, 2])
        let fallback = ViewRegistration(kinds: [.init("big", when: { $0 > 9 }), .init("small", when: { $0 < 3 })])
        #expect(try fallback.kind(5) == "small" && fallback.kindPosition(5) == 1)
        #expect(try ViewRegistration(kinds: []).kind(3) == "cell")
        #expect(try ViewRegistration("photo").kind(3) == "photo")
    }

    @Test("a predicate's error reaches the caller")
    func predicateErrors() {
        let registration = ViewRegistration(kinds: [.init("a", when: { _ in throw Refused() }), .init("b")])
        #expect(throws: Refused()) { try registration.kind(0) }
    }

    @Test("hasSizeRules: some kind carries its own size")
    func sizeRules() {
        #expect(!ViewRegistration().hasSizeRules)
        #expect(ViewRegistration(kinds: [.init("a"), .init("b", size: .fixed(.absolute(10), .absolute(10)))]).hasSizeRules)
    }
}

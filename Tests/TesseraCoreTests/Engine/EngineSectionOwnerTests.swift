import Testing
@_spi(Testing) @testable import TesseraCore

/// A section belongs to the provider whose layout placed it, empty or not: its headers and
/// backgrounds take their ids from that provider's data, and a tap on them reaches that
/// provider with the section's index among its own sections (a badge's, with its item's index
/// within the provider).
@Suite struct EngineSectionOwnerTests {
    /// `category kind s<section> #<index>` of each element a provider's `tapElement` was given.
    static func recordTaps(of provider: BasicProvider, into taps: Box) {
        provider.tapElement = { e, s in
            taps.lines.append("\(e.category.rawValue) \(e.kind) s\(s) #\(e.index.map(String.init) ?? "-") section \(e.section)")
        }
    }

    final class Box { var lines: [String] = [] }

    @Test func anEmptyFirstSectionOwnsItsHeaderAndTheSectionsAfterItKeepTheirIndices() throws {
        // Section "e" has no items; "s" is a shelf, "l" a list (EngineElementTests' blueprints).
        let blueprints = EngineElementTests.layout()
        let layout = CompositionalLayout(sectionProvider: { i, section, environment in
            try blueprints.sectionProvider(i == 1 ? 0 : 1, section, environment)
        })
        let provider = BasicProvider(data: ItemSource(dataset: EngineElementTests.data([("e", 0), ("s", 5), ("l", 10)])),
                                     layout: layout, size: .rule(ItemSizing(rule: .fill)))
        let engine = CollectionEngine(provider: provider, viewport: Size(width: 200, height: 300))
        let taps = Box()
        Self.recordTaps(of: provider, into: taps)
        try engine.layout()
        #expect(engine.views.filter { $0.category != .item }.map { "\($0.id) s\($0.section)" }
                == ["e-background s0", "l-background s2", "e-header s0", "s-header s1", "l-header s2"])
        let header = try #require(engine.views.first { $0.id == .scoped("e", "header") })
        #expect(header.data == .object(["section": .int(0), "id": .string("e")]))
        #expect(try engine.tap(at: Point(x: 10, y: 10))?.id == .scoped("e", "header"))
        #expect(try engine.tap(at: Point(x: 10, y: 40))?.id == .scoped("s", "header"))
        #expect(try engine.tap(at: Point(x: 10, y: 170))?.id == .scoped("l", "header"))
        #expect(taps.lines == ["supplementary header s0 #- section 0", "supplementary header s1 #- section 1",
                               "supplementary header s2 #- section 2"])
    }

    @Test func inAComposedProviderEachSectionAndBadgeReachesItsOwnProvider() throws {
        // Stacked: "0" has section "a" (2 rows); "1" has an empty section "e", then "b" (2 rows).
        // Rows: a 30-high header per section, 50-high rows with a 10x10 badge at their right.
        let first = EngineRelayoutMoveOutTests.provider([("a", 2)])
        let second = EngineRelayoutMoveOutTests.provider([("e", 0), ("b", 2)])
        let engine = CollectionEngine(provider: ComposedProvider(sections: [first, second]),
                                      viewport: Size(width: 100, height: 300))
        let firstTaps = Box(), secondTaps = Box()
        Self.recordTaps(of: first, into: firstTaps)
        Self.recordTaps(of: second, into: secondTaps)
        try engine.layout()
        #expect(engine.views.filter { $0.category != .item }.map { "\($0.id) s\($0.section)" } == [
            "0-a-header s0", "1-e-header s1", "1-b-header s2", "0-a0-badge s0", "0-a1-badge s0", "1-b0-badge s2", "1-b1-badge s2",
        ])
        #expect(try engine.tap(at: Point(x: 5, y: 135))?.id.description == "1-e-header")
        #expect(try engine.tap(at: Point(x: 5, y: 165))?.id.description == "1-b-header")
        #expect(try engine.tap(at: Point(x: 95, y: 245))?.id.description == "1-b1-badge")
        #expect(try engine.tap(at: Point(x: 5, y: 5))?.id.description == "0-a-header")
        #expect(try engine.tap(at: Point(x: 95, y: 85))?.id.description == "0-a1-badge")
        #expect(secondTaps.lines == ["supplementary header s0 #- section 0", "supplementary header s1 #- section 1",
                                     "supplementary badge s1 #1 section 1"])
        #expect(firstTaps.lines == ["supplementary header s0 #- section 0", "supplementary badge s0 #1 section 0"])
    }
}

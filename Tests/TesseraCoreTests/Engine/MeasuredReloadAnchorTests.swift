import Testing
@testable import TesseraCore

/// Under anchor `.none` a data change does not anchor and new sizes do. A pass that brings both
/// moves the offset by as much as the sizes alone move the anchor: the same offset whether the
/// host ran a pass between the two (in either order) or not. It used to anchor the data change
/// too when a measurement happened to arrive before the same pass.
@Suite struct MeasuredReloadAnchorTests {
    /// Cells "1" to "10", 50 x 50, one a row in a 50 x 100 viewport at y 200 (cells 5 and 6).
    func scrolled() throws -> (BasicProvider, CollectionEngine) {
        let provider = numbers(Array(1...10), ids: { String($0) })
        let engine = CollectionEngine(provider: provider, viewport: s(50, 100))
        try engine.layout()
        try engine.scroll(to: Point(x: 0, y: 200))
        #expect(engine.views.map(\.id.description) == ["5", "6"])
        return (provider, engine)
    }

    /// The next pass begins with an adjust by `dy` to `y`, and shows cells `ids`.
    func expectPass(_ engine: CollectionEngine, adjustedBy dy: Double, to y: Double, showing ids: [String],
                    sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try engine.layout().first == .adjust(by: Point(x: 0, y: dy), to: Point(x: 0, y: y)), sourceLocation: sourceLocation)
        #expect(engine.views.map(\.id.description) == ids, sourceLocation: sourceLocation)
    }

    /// Cell "0" arrives first: 50 points of data above the viewport.
    func prepend(_ provider: BasicProvider) { provider.data = source(Array(0...10), ids: { String($0) }) }

    @Test func aMeasurementAndADataChangeInOnePassAnchorTheMeasurementOnly() throws {
        let (provider, engine) = try scrolled()
        try engine.measure("2", size: s(50, 80))  // 30 points taller, above the viewport
        prepend(provider)
        try expectPass(engine, adjustedBy: 30, to: 230, showing: ["4", "5"])
    }

    @Test func theMeasurementFirstInAPassOfItsOwnGivesTheSameOffset() throws {
        let (provider, engine) = try scrolled()
        try engine.measure("2", size: s(50, 80))
        #expect(try engine.layout().first == .adjust(by: Point(x: 0, y: 30), to: Point(x: 0, y: 230)))
        prepend(provider)
        #expect(try engine.layout().first?.type != .adjust)
        #expect(engine.scrollState.contentOffset == Point(x: 0, y: 230))
        #expect(engine.views.map(\.id.description) == ["4", "5"])
    }

    @Test func theDataChangeFirstInAPassOfItsOwnGivesTheSameOffset() throws {
        let (provider, engine) = try scrolled()
        prepend(provider)
        #expect(try engine.layout().first?.type != .adjust)
        try engine.measure("2", size: s(50, 80))
        try expectPass(engine, adjustedBy: 30, to: 230, showing: ["4", "5"])
    }

    @Test func aCellMeasuredAgainMovesTheAnchorByItsChangeFromTheLastMeasurement() throws {
        let (provider, engine) = try scrolled()
        try engine.measure("2", size: s(50, 80))
        try engine.layout()
        #expect(engine.scrollState.contentOffset == Point(x: 0, y: 230))
        // 80 → 100: 20 more points, and the prepend's 50 are not anchored.
        try engine.measure("2", size: s(50, 100))
        prepend(provider)
        try expectPass(engine, adjustedBy: 20, to: 250, showing: ["4", "5"])
    }

    @Test func aForgottenMeasurementAndADataChangeAnchorTheForgettingOnly() throws {
        let (provider, engine) = try scrolled()
        try engine.measure("2", size: s(50, 80))
        try engine.layout()
        try engine.measure("2", size: nil)  // back to 50: 30 points shorter
        prepend(provider)
        try expectPass(engine, adjustedBy: -30, to: 200, showing: ["4", "5"])
    }

    @Test func aCellMeasuredBeforeItArrivesComesWithTheDataAndMovesNothing() throws {
        let (provider, engine) = try scrolled()
        try engine.measure("2", size: s(50, 80))
        try engine.layout()
        // "0" is no item yet (the last pass looked "2" up among every id): measured then laid
        // out, it would change nothing.
        try engine.measure("0", size: s(50, 80))
        prepend(provider)
        #expect(try engine.layout().first?.type != .adjust)
        #expect(engine.scrollState.contentOffset == Point(x: 0, y: 230))
        #expect(try engine.frame(at: 0) == r(0, 0, 50, 80))
        #expect(engine.views.map(\.id.description) == ["3", "4", "5"])
    }

    @Test func aCellMeasuredAndDeletedInOnePassMovesNothing() throws {
        let (provider, engine) = try scrolled()
        try engine.measure("6", size: s(50, 120))
        provider.data = source([1, 2, 3, 4, 5, 7, 8, 9, 10], ids: { String($0) })
        #expect(types(try engine.layout()) == ["delete 6", "insert 7"])
        #expect(engine.scrollState.contentOffset == Point(x: 0, y: 200))
        #expect(engine.views.map(\.id.description) == ["5", "7"])
    }

    @Test func underFirstVisibleThePassAnchorsBoth() throws {
        let (provider, engine) = try scrolled()
        engine.anchor = .firstVisible
        try engine.measure("2", size: s(50, 80))
        prepend(provider)
        try expectPass(engine, adjustedBy: 80, to: 280, showing: ["5", "6"])
    }
}

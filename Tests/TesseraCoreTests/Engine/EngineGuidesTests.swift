import Testing
@_spi(Testing) @testable import TesseraCore

/// The engine lays its provider tree out with the viewport's guides, as `tessera run` does: a
/// compositional section measured from the safe area is inset in every pass, other guides lay
/// out again keeping the first visible cell in place, and bad guides are refused before a pass.
@Suite struct EngineGuidesTests {
    /// Safe area: 20 on the left, 40 on the right (top and bottom are the scroll axis's: unused).
    let safeArea = ViewportGuides(safeArea: EdgeInsets(top: 30, left: 20, bottom: 10, right: 40))

    /// Full-width rows half as tall as they are wide, from the safe area (the configuration's
    /// default reference), so the guides change the rows' heights too.
    func provider(count: Int = 6) -> BasicProvider {
        let row = C.Group.horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .fractionalWidth(0.5)),
                                     [item(C.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))])
        return BasicProvider(data: ItemSource(values: (1...count).map { .int($0) }),
                             layout: CompositionalLayout(section: C.Section(group: row)), size: .fixed(.absolute(1), .absolute(1)))
    }

    func frames(_ engine: CollectionEngine) -> [String] {
        engine.views.map { "\($0.id) \($0.frame.x),\($0.frame.y),\($0.frame.width),\($0.frame.height)" }
    }

    @Test func aSectionFromTheSafeAreaIsInsetInEveryPass() throws {
        let engine = CollectionEngine(provider: provider(), viewport: Size(width: 300, height: 250), guides: safeArea)
        try engine.layout()
        #expect(frames(engine) == ["0 20.0,0.0,240.0,120.0", "1 20.0,120.0,240.0,120.0", "2 20.0,240.0,240.0,120.0"])
        #expect(engine.contentSize == Size(width: 300, height: 720))
        try engine.scroll(to: Point(x: 0, y: 470))
        #expect(frames(engine) == ["3 20.0,360.0,240.0,120.0", "4 20.0,480.0,240.0,120.0", "5 20.0,600.0,240.0,120.0"])
        // Without guides, the same engine lays out as before they existed.
        let plain = CollectionEngine(provider: provider(), viewport: Size(width: 300, height: 250))
        try plain.layout()
        #expect(frames(plain) == ["0 0.0,0.0,300.0,150.0", "1 0.0,150.0,300.0,150.0"])
    }

    /// A composed tree gives its sections the guides as they are.
    @Test func aComposedProvidersSectionsReadTheGuides() throws {
        let engine = CollectionEngine(provider: ComposedProvider(sections: [provider(count: 1), provider(count: 1)]),
                                      viewport: Size(width: 300, height: 250), guides: safeArea)
        try engine.layout()
        #expect(frames(engine) == ["0-0 20.0,0.0,240.0,120.0", "1-0 20.0,120.0,240.0,120.0"])
    }

    /// New guides are a relayout, as a resize is: the first visible cell keeps its place on
    /// screen (the second, 10 points above the top), and the offset moves with it.
    @Test func otherGuidesLayOutAgainKeepingTheFirstVisibleCell() throws {
        let engine = CollectionEngine(provider: provider(), viewport: Size(width: 300, height: 250), guides: safeArea)
        try engine.scroll(to: Point(x: 0, y: 130))
        #expect(!engine.hasPendingPass)
        engine.guides = .zero
        #expect(engine.hasPendingPass)
        let events = try engine.layout()
        #expect(events.first?.type == .adjust && events.first?.delta == Point(x: 0, y: 30))
        #expect(engine.scrollState.contentOffset == Point(x: 0, y: 160))
        #expect(frames(engine) == ["1 0.0,150.0,300.0,150.0", "2 0.0,300.0,300.0,150.0"])
        #expect(try engine.layout().isEmpty)
    }

    /// Measured sizes and new guides in one pass: both are laid out.
    @Test func aMeasurementAndNewGuidesInOnePass() throws {
        let row = C.Group.horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .estimated(50)),
                                     [item(C.LayoutSize(width: .fractionalWidth(1), height: .estimated(50)))])
        let list = BasicProvider(data: ItemSource(values: (1...3).map { .int($0) }),
                                 layout: CompositionalLayout(section: C.Section(group: row)), size: .fixed(.fraction(1), .absolute(50)))
        let engine = CollectionEngine(provider: list, viewport: Size(width: 300, height: 400))
        try engine.layout()
        #expect(frames(engine) == ["0 0.0,0.0,300.0,50.0", "1 0.0,50.0,300.0,50.0", "2 0.0,100.0,300.0,50.0"])
        engine.guides = safeArea
        try engine.measure(.int(1), size: Size(width: 240, height: 70))
        try engine.layout()
        #expect(frames(engine) == ["0 20.0,0.0,240.0,50.0", "1 20.0,50.0,240.0,70.0", "2 20.0,120.0,240.0,50.0"])
    }

    @Test func badGuidesAreRefusedAndTheEngineKeepsItsState() throws {
        let engine = CollectionEngine(provider: provider(), viewport: Size(width: 300, height: 250), guides: safeArea)
        try engine.layout()
        let before = frames(engine)
        engine.guides = ViewportGuides(layoutMargins: EdgeInsets(top: 0, left: .nan, bottom: 0, right: 0))
        #expect { try engine.layout() } throws: {
            ($0 as? LayoutError)?.description == "the engine's layoutMargins.left must be a finite, non-negative number, got nan"
        }
        engine.guides = ViewportGuides(readableWidth: -1)
        #expect { try engine.layout() } throws: {
            ($0 as? LayoutError)?.description == "the engine's readableWidth must be a finite, non-negative number, got -1"
        }
        #expect(frames(engine) == before)
        // A first pass checks them too.
        let fresh = CollectionEngine(provider: provider(), guides: ViewportGuides(safeArea: EdgeInsets(all: -2)))
        #expect { try fresh.layout() } throws: {
            ($0 as? LayoutError)?.description == "the engine's safeArea.top must be a finite, non-negative number, got -2"
        }
        #expect(fresh.views.isEmpty)
    }
}

import Testing
import TesseraCore

/// The empty state's placeholder: its kind, its tap, and its content's taps.
@Suite struct EmptyStateProviderTests {
    @Test func thePlaceholderHasTheEmptyKindAndItsTapCallsTapEmpty() throws {
        var taps = 0
        let content = numbers([])
        let empty = EmptyStateProvider(content: content, emptyKind: "nothing", tapEmpty: { taps += 1 })
        let engine = CollectionEngine(provider: empty, viewport: s(100, 80))
        try engine.layout()
        #expect(engine.views.map(\.kind) == ["nothing"])
        #expect(empty.kind(at: 0) == "nothing")
        #expect(try engine.tap(at: Point(x: 99, y: 79))?.id == "empty")
        #expect(taps == 1)
        try empty.didTap(at: 0)
        #expect(taps == 2)
        // Without a handler a tap does nothing.
        empty.tapEmpty = nil
        try empty.didTap(at: 0)
        #expect(taps == 2)
    }

    @Test func changingTheEmptyKindReloadsAndTheViewTakesTheNewKind() throws {
        let empty = EmptyStateProvider(content: numbers([]))
        let engine = CollectionEngine(provider: empty, viewport: s(100, 80))
        try engine.layout()
        #expect(empty.emptyKind == "empty" && engine.views.map(\.kind) == ["empty"])
        empty.emptyKind = "placeholder"
        #expect(engine.hasPendingPass)
        try engine.layout()
        #expect(engine.reloadCount == 2)
        #expect(engine.views.map(\.kind) == ["placeholder"])
    }

    @Test func aTapOnContentReachesTheContentNotTapEmpty() throws {
        var taps: [String] = []
        let content = numbers([1, 2])
        content.tap = { taps.append("item \($0)") }
        let empty = EmptyStateProvider(content: content, tapEmpty: { taps.append("empty") })
        let engine = CollectionEngine(provider: empty, viewport: s(100, 80))
        try engine.layout()
        #expect(try engine.tap(at: Point(x: 60, y: 10))?.index == 1)
        #expect(taps == ["item 1"])
    }

    @Test func theHeadersProvidersHeaderKindAndSizeShapeItsHeaders() throws {
        var tapped: [Int] = []
        let headers = HeadersProvider(sections: [numbers([1], size: s(100, 50))])
        // Defaults: full width by 44, kind "header", no tap handler.
        #expect(headers.headerKind == "header" && headers.tapHeader == nil)
        let engine = CollectionEngine(provider: headers, viewport: s(100, 200))
        try engine.layout()
        #expect(engine.views.map { "\($0.kind) \($0.frame)" } == ["cell (0.0, 44.0, 100.0, 50.0)", "header (0.0, 0.0, 100.0, 44.0)"])
        headers.headerKind = "title"
        headers.headerSize = .fixed(.fraction(0.5), .absolute(10))
        headers.tapHeader = { tapped.append($0) }
        try engine.layout()
        #expect(engine.views.map { "\($0.kind) \($0.frame)" } == ["cell (0.0, 10.0, 100.0, 50.0)", "title (0.0, 0.0, 50.0, 10.0)"])
        #expect(try engine.tap(at: Point(x: 49, y: 9))?.kind == "title")
        #expect(tapped == [0])
    }
}

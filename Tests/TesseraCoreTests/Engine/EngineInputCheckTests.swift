import Testing
@testable import TesseraCore

/// What a caller gives the engine through public API (offsets, viewport sizes, a provider's
/// data) is checked: bad values throw a `LayoutError` naming them and change nothing, instead of
/// trapping or leaving NaN in the scroll state.
@Suite struct EngineInputCheckTests {
    func engine() throws -> CollectionEngine {
        let engine = CollectionEngine(provider: numbers(Array(0..<10)), viewport: Size(width: 100, height: 100))
        _ = try engine.layout()
        return engine
    }

    func message(_ body: () throws -> Void) -> String? {
        do { try body() } catch { return "\(error)" }
        return nil
    }

    @Test func offsetsThatAreNotFiniteAreRefused() throws {
        let engine = try engine()
        _ = try engine.scroll(to: Point(x: 0, y: 50))
        #expect(message { try engine.scroll(to: Point(x: .nan, y: 0)) }
                == "the engine's content offset must be finite numbers, got nan,0")
        #expect(message { try engine.scroll(to: Point(x: 0, y: .infinity)) }
                == "the engine's content offset must be finite numbers, got 0,inf")
        #expect(engine.visibleRect == Rect(x: 0, y: 50, width: 100, height: 100))
        #expect(message { try engine.scrollSection(0, to: Point(x: .nan, y: 0)) }
                == "section 0's offset must be finite numbers, got nan,0")
        #expect(message { try engine.scrollSection(0, to: .zero, velocity: Point(x: -.infinity, y: 0)) }
                == "section 0's velocity must be finite numbers, got -inf,0")
    }

    @Test func viewportSizesThatAreNotFiniteOrAreNegativeAreRefused() throws {
        let engine = try engine()
        #expect(message { try engine.resize(to: Size(width: .nan, height: 10)) }
                == "the engine's viewport size must be finite, non-negative numbers, got nanx10")
        #expect(message { try engine.resize(to: Size(width: 10, height: -1)) }
                == "the engine's viewport size must be finite, non-negative numbers, got 10x-1")
        #expect(engine.viewportSize == Size(width: 100, height: 100))
        // The viewport given to `init` is checked by the first pass.
        let fresh = CollectionEngine(provider: numbers([1]), viewport: Size(width: -1, height: 5))
        #expect(message { try fresh.layout() } == "the engine's viewport size must be finite, non-negative numbers, got -1x5")
        #expect(fresh.views.isEmpty)
    }

    /// A measured size must be a number from 0 to 1e7 on each axis: a huge one would make the
    /// frames after it collapse onto one offset (1e300) or overflow (1e308), and every later pass,
    /// scrolls included, would fail until the host forgot it. Refused, nothing changes.
    @Test func measuredSizesOutsideZeroTo1e7AreRefused() throws {
        let engine = try engine()
        #expect(message { try engine.measure(.string("3"), size: Size(width: 100, height: 1e9)) }
                == "the measured size of \"3\" must be numbers from 0 to 1e7, got 100x1000000000")
        #expect(message { try engine.measure(.string("3"), size: Size(width: -1, height: 10)) }
                == "the measured size of \"3\" must be numbers from 0 to 1e7, got -1x10")
        #expect(message { try engine.measure(.string("3"), size: Size(width: 100, height: .nan)) }
                == "the measured size of \"3\" must be numbers from 0 to 1e7, got 100xnan")
        #expect(engine.measuredSizes.isEmpty)
        #expect(!engine.hasPendingPass)
        try engine.measure(.string("3"), size: Size(width: 100, height: 1e7))
        _ = try engine.layout()
        #expect(engine.contentSize.height == 1e7 + 250)        // 0-1, 2, 3 alone, 4-5, 6-7, 8-9
    }

    @Test func aProvidersInvalidDataFailsThePassInsteadOfTrapping() throws {
        let provider = numbers(Array(0..<4))
        let engine = CollectionEngine(provider: provider, viewport: Size(width: 100, height: 100))
        _ = try engine.layout()
        let before = shown(engine)

        var negative = provider.data
        negative.count = -2
        provider.data = negative
        #expect(message { try engine.layout() } == "a basic provider's data is invalid: its item count is -2; expected 0 or more")
        #expect(shown(engine) == before)

        var gap = source(Array(0..<4))
        gap.sections = [Dataset.Section(id: "a", range: 0..<2), Dataset.Section(id: "b", range: 3..<4)]
        provider.data = gap
        #expect(message { try engine.layout() } == "a basic provider's data is invalid: its section 1 (id \"b\") starts at 3, "
                + "where 2 was expected; sections must tile its 4 items in order")
        gap.sections = [Dataset.Section(id: "a", range: 0..<3)]
        provider.data = gap
        #expect(message { try engine.layout() } == "a basic provider's data is invalid: its sections end at 3; "
                + "they must tile its 4 items in order")

        let dataset = Dataset.synthetic(count: 5) { _ in Size(width: 10, height: 10) }
        provider.data = ItemSource(dataset: dataset, range: 3..<8)
        #expect(message { try engine.layout() } == "a basic provider's data is invalid: its dataset range 3..<8 does not "
                + "hold its 5 items within the dataset's 5")
        #expect(shown(engine) == before)

        // Fixed data runs again.
        provider.data = ItemSource(dataset: dataset, range: 3..<5)
        #expect(types(try engine.layout()).count == 6)
    }

    @Test func insetsThatAreNotFiniteAreRefused() throws {
        let context = LayoutContext(dataset: Dataset.synthetic(count: 3) { _ in Size(width: 10, height: 10) })
        #expect(message { _ = try FlowLayout().inset(.nan).layout(context) }
                == "inset layout needs finite insets, got top nan, left nan, bottom nan, right nan")
        #expect(message { _ = try FlowLayout().inset(EdgeInsets(top: .infinity)).layout(context) }
                == "inset layout needs finite insets, got top inf, left 0.0, bottom 0.0, right 0.0")
        let inset = try FlowLayout().inset(4).layout(context)
        #expect(inset.contentSize == Size(width: 38, height: 18))
        #expect(try inset.frame(at: 2) == Rect(x: 24, y: 4, width: 10, height: 10))
    }

    @Test func flowAndRowSpacingsAreCheckedAsTheirParametersAre() {
        let context = LayoutContext(dataset: Dataset.synthetic(count: 3) { _ in Size(width: 10, height: 10) })
        #expect(message { _ = try FlowLayout(spacing: -50).layout(context) }
                == "flow layout needs a finite lineSpacing >= 0, got -50.0")
        #expect(message { _ = try FlowLayout(interitemSpacing: .nan).layout(context) }
                == "flow layout needs a finite interitemSpacing >= 0, got nan")
        #expect(message { _ = try RowLayout(spacing: -1).layout(context) } == "row layout needs a finite spacing >= 0, got -1.0")
        #expect(message { _ = try WaterfallLayout(spacing: .infinity).layout(context) }
                == "waterfall layout needs a finite spacing >= 0, got inf")
    }
}

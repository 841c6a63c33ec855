import Testing
import TesseraCore

/// The first guide value that is not a finite length, and the engine's refusal naming it.
@Suite struct ViewportGuidesTests {
    @Test func finiteNonNegativeGuidesHaveNoInvalidValue() {
        #expect(ViewportGuides.zero.invalidValue == nil)
        let guides = ViewportGuides(safeArea: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4),
                                    layoutMargins: EdgeInsets(all: 8), readableWidth: 0)
        #expect(guides.invalidValue == nil)
    }

    @Test func theFirstBadValueIsNamedInSafeAreaMarginsReadableOrder() {
        func first(_ g: ViewportGuides) -> String? { g.invalidValue.map { "\($0.name) \($0.value)" } }
        #expect(first(ViewportGuides(safeArea: EdgeInsets(top: 0, left: -1, bottom: .nan, right: 0))) == "safeArea.left -1.0")
        #expect(first(ViewportGuides(safeArea: EdgeInsets(top: 0, left: 0, bottom: .nan, right: 0))) == "safeArea.bottom nan")
        #expect(first(ViewportGuides(layoutMargins: EdgeInsets(top: 0, left: 0, bottom: 0, right: .infinity), readableWidth: -1))
                == "layoutMargins.right inf")
        #expect(first(ViewportGuides(safeArea: EdgeInsets(all: 1), readableWidth: -0.5)) == "readableWidth -0.5")
        #expect(first(ViewportGuides(readableWidth: .infinity)) == "readableWidth inf")
        // Negative zero is zero: allowed.
        #expect(first(ViewportGuides(safeArea: EdgeInsets(top: -0.0, left: 0, bottom: 0, right: 0))) == nil)
    }

    @Test func theEngineRefusesThePassNamingTheValue() throws {
        let engine = CollectionEngine(provider: numbers([1]), viewport: s(100, 100),
                                      guides: ViewportGuides(layoutMargins: EdgeInsets(top: 0, left: 0, bottom: -2, right: 0)))
        #expect(throws: LayoutError("the engine's layoutMargins.bottom must be a finite, non-negative number, got -2")) {
            try engine.layout()
        }
    }
}

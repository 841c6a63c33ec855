import Testing
import TesseraCore

/// The pieces of a split layout's settings: sides, a section's overrides over the layout's
/// defaults, and headers and footers read from parameters.
@Suite struct SplitSettingsTests {
    @Test("sections alternate from the left; opposite swaps the side")
    func sides() {
        #expect((0..<5).map(SplitSide.alternating) == [.left, .right, .left, .right, .left])
        #expect(SplitSide.left.opposite == .right && SplitSide.right.opposite == .left)
    }

    @Test("a section's overrides replace only the values they set")
    func overridesOverDefaults() {
        let layout = SplitLayout(minimumInterItemSpacing: 4, minimumItemLineSpacing: 6, sectionInset: EdgeInsets(all: 5))
        #expect(layout.defaultStyle == SplitSectionStyle(sectionInset: EdgeInsets(all: 5), minimumInterItemSpacing: 4,
                                                          minimumItemLineSpacing: 6, isNormalizingLineHeight: false))
        let overrides = SplitSectionOverrides(side: .right, minimumItemLineSpacing: 0, isNormalizingLineHeight: true)
        #expect(overrides.applied(to: layout.defaultStyle) == SplitSectionStyle(
            sectionInset: EdgeInsets(all: 5), minimumInterItemSpacing: 4, minimumItemLineSpacing: 0, isNormalizingLineHeight: true))
        #expect(SplitSectionOverrides().applied(to: layout.defaultStyle) == layout.defaultStyle)
    }

    @Test("a header or footer parameter is a height or {height, pinned}; anything else is refused by name")
    func boundaries() throws {
        #expect(try SplitLayout.boundary(44, "header") == SectionBoundary(height: 44))
        #expect(try SplitLayout.boundary(["height": 30, "pinned": true], "header") == SectionBoundary(height: 30, pinned: true))
        #expect(try SplitLayout.boundary(["height": 30], "footer") == SectionBoundary(height: 30))
        #expect(throws: LayoutError.invalidParameter(name: "header", allowed: "a height or {height = 44, pinned = true}",
                                                     got: "an object", subject: "header", verb: "expects")) {
            try SplitLayout.boundary(["height": 30, "pin": true], "header")
        }
    }
}

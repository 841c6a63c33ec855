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
                                                     got: "an object with an unknown key \"pin\"", subject: "header", verb: "expects",
                                                     suggestion: "pinned")) {
            try SplitLayout.boundary(["height": 30, "pin": true], "header")
        }
    }

    @Test("an object header says what is wrong with it: a key it does not take, no height, a height or pinned of the wrong kind")
    func boundaryObjects() {
        let shape = "header expects a height or {height = 44, pinned = true}, got an object"
        #expect(boundaryOutcome(["heigth": 30]) == shape + " with an unknown key \"heigth\" (did you mean height?)")
        #expect(boundaryOutcome(["height": 30, "pinnd": true]) == shape + " with an unknown key \"pinnd\" (did you mean pinned?)")
        #expect(boundaryOutcome(["height": 30, "color": "red"]) == shape + " with an unknown key \"color\"")
        #expect(boundaryOutcome(["pinned": true]) == shape + " without height")
        #expect(boundaryOutcome([:]) == shape + " without height")
        #expect(boundaryOutcome(["height": "30"]) == "header.height expects a finite number >= 0, got \"30\"")
        #expect(boundaryOutcome(["height": 30, "pinned": "yes"]) == "header.pinned expects true or false, got \"yes\"")
    }

    @Test("a negative, NaN or infinite height is refused when the parameter is read, bare or in an object")
    func badHeights() throws {
        for (height, shown) in [(JSONValue.int(-5), "-5"), (.double(-0.5), "-0.5"), (.double(.nan), "nan"),
                                (.double(.infinity), "inf"), (.double(-.infinity), "-inf")] {
            #expect(boundaryOutcome(height) == "header expects a finite height >= 0 or {height = 44, pinned = true}, got \(shown)")
            #expect(boundaryOutcome(["height": height, "pinned": true]) == "header.height expects a finite number >= 0, got \(shown)")
        }
        #expect(try SplitLayout.boundary(0, "header") == SectionBoundary(height: 0))
        #expect(try SplitLayout.boundary(["height": -0.0], "header") == SectionBoundary(height: 0))
    }

    /// The message `value` is refused with as a header, or "accepted".
    private func boundaryOutcome(_ value: JSONValue) -> String {
        do { _ = try SplitLayout.boundary(value, "header"); return "accepted" } catch { return "\(error)" }
    }
}

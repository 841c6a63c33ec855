import Testing
import TesseraCore
@testable import TesseraRender

/// Where the svg picture writes a box's label, clear of the section titles' dark boxes. At 11 px
/// "grinning face" is 72.44 px wide (its line 76.44 with 2 px either side, 15 px tall); a title
/// box here spans x 50 to 77 and y 2 to 16, as in a section's top-right corner.
@Suite struct LabelPlaceTests {
    private let title = Rect(x: 50, y: 2, width: 27, height: 14)

    @Test func aLabelClearOfEveryTitleStaysInTheTopLeftCorner() {
        #expect(LabelPlace.place("a", in: Rect(x: 0, y: 0, width: 100, height: 50), scale: 1, clearOf: [title])
                == LabelPlace(text: "a", x: 2, baseline: 12, size: 11))
        #expect(LabelPlace.place("grinning face", in: Rect(x: 0, y: 0, width: 80, height: 40), scale: 1, clearOf: [])
                == LabelPlace(text: "grinning face", x: 2, baseline: 12, size: 11))
        // A title beside the box, or over it but right of the short text, leaves the label where it was.
        #expect(LabelPlace.place("a", in: Rect(x: 0, y: 0, width: 100, height: 50), scale: 1,
                                 clearOf: [Rect(x: 100, y: 0, width: 30, height: 14)])
                == LabelPlace(text: "a", x: 2, baseline: 12, size: 11))
    }

    /// The title covers the label's end: the label moves just under it, whole (baseline 12 px
    /// below the line's top at 16).
    @Test func aLabelUnderATitleMovesBelowItWhenTheBoxIsTallEnough() {
        #expect(LabelPlace.place("grinning face", in: Rect(x: 0, y: 0, width: 80, height: 40), scale: 1, clearOf: [title])
                == LabelPlace(text: "grinning face", x: 2, baseline: 28, size: 11))
        // A second section's title just below the first: under both, its line from 32 to 47 of 60.
        let next = Rect(x: 50, y: 18, width: 27, height: 14)
        #expect(LabelPlace.place("grinning face", in: Rect(x: 0, y: 0, width: 80, height: 60), scale: 1, clearOf: [title, next])
                == LabelPlace(text: "grinning face", x: 2, baseline: 44, size: 11))
    }

    /// A box 20 px tall has no room under the title (a line from 16 to 31): the label is cut to
    /// the 50 px left of it ("grinni…", 42.56 px, and 2 px either side).
    @Test func aLabelWithNoRoomBelowIsCutShortOfTheTitle() {
        #expect(LabelPlace.place("grinning face", in: Rect(x: 0, y: 0, width: 80, height: 20), scale: 1, clearOf: [title])
                == LabelPlace(text: "grinni…", x: 2, baseline: 12, size: 11))
    }

    /// A 20 x 20 card under a title that starts 2 px into it: no room below, none beside.
    @Test func aLabelWithNoClearPlaceIsLeftOff() {
        #expect(LabelPlace.place("ab", in: Rect(x: 0, y: 0, width: 20, height: 20), scale: 1,
                                 clearOf: [Rect(x: 2, y: 2, width: 17, height: 14)]) == nil)
        #expect(LabelPlace.place("ab", in: Rect(x: 0, y: 0, width: 20, height: 20), scale: 1, clearOf: [])
                == LabelPlace(text: "ab", x: 2, baseline: 12, size: 11))
        // Boxes too small on screen, or an empty label, get none, as before.
        #expect(LabelPlace.place("a", in: Rect(x: 0, y: 0, width: 13, height: 40), scale: 1, clearOf: []) == nil)
        #expect(LabelPlace.place("a", in: Rect(x: 0, y: 0, width: 40, height: 9), scale: 1, clearOf: []) == nil)
        #expect(LabelPlace.place("", in: Rect(x: 0, y: 0, width: 40, height: 40), scale: 1, clearOf: []) == nil)
    }

    /// Drawn at twice the size, a 40 x 20 box is 80 x 40 px: the same rule in content units
    /// (half a unit a pixel), its title box 13.5 x 7 at (25, 1).
    @Test func thePlaceIsMeasuredInPixelsOnScreen() {
        #expect(LabelPlace.place("grinning face", in: Rect(x: 0, y: 0, width: 40, height: 20), scale: 2,
                                 clearOf: [Rect(x: 25, y: 1, width: 13.5, height: 7)])
                == LabelPlace(text: "grinning face", x: 1, baseline: 14, size: 5.5))
    }
}

import Testing
@testable import TesseraCore

/// A context whose collection size is NaN (a host's unset bounds) gets a layout error that
/// names the container; an infinite side (SwiftUI's unspecified proposal) is laid
/// out as unbounded, and an item that cannot be sized in it gets an error whose message never
/// traps, also for an item that gives only one dimension (NaN in its intrinsic size).
@Suite struct NonFiniteContainerTests {
    private let strip = Dataset(items: [Item(id: "strip", fields: ["h": .double(800)])], sourceName: "strip.json")

    @Test func aNaNContainerIsNamedAsWhatIsWrong() {
        // The item gives only its height: the fit rule takes its width from the container.
        let nan = LayoutContext(dataset: strip, collectionSize: Size(width: .nan, height: .nan))
        #expect(layoutOutcome(FlowLayout(spacing: 4), nan)
            == "the flow layout's container size must be a number of at least 0 on each side (infinity for an unbounded one), got nanxnan")
        let unset = LayoutContext(dataset: strip, collectionSize: Size(width: 375, height: .nan))
        let expected = "container size must be a number of at least 0 on each side (infinity for an unbounded one), got 375xnan"
        let layouts: [(String, any Layout)] = [
            ("waterfall", WaterfallLayout(columns: 1, spacing: 0)), ("row", RowLayout()), ("split", SplitLayout()),
            ("compositional", CompositionalLayout(section: C.Section(group: .horizontal(abs_(10, 10), [item(abs_(10, 10))])))),
            // Before the inset clamps the inner height to zero.
            ("inset", FlowLayout().inset(8)),
        ]
        for (name, layout) in layouts {
            #expect(layoutOutcome(layout, unset) == "the \(name) layout's \(expected)")
        }
    }

    @Test func waterfallFramesOfANegativeOrNaNWidthAreAnErrorNotATrap() {
        // `frames` runs no container check: its own message must not trap on -inf or NaN.
        for width in [-1.0, .nan] {
            let context = LayoutContext(dataset: strip, collectionSize: Size(width: width, height: 812))
            #expect(throws: LayoutError.self) { try WaterfallLayout(columns: 1, spacing: 0).frames(context) }
        }
        let context = LayoutContext(dataset: strip, collectionSize: Size(width: -1, height: 812))
        #expect(throws: LayoutError.invalidParameter(name: "spacing", allowed: "a spacing of at most -inf for 1 columns in a width of -1",
                                                     got: "0", subject: "waterfall layout", verb: "needs")) {
            try WaterfallLayout(columns: 1, spacing: 0).frames(context)
        }
    }

    @Test func anInfiniteSideIsLaidOutAsUnbounded() throws {
        let items = Dataset(items: [Item(id: "a", size: Size(width: 100, height: 50)), Item(id: "b", size: Size(width: 100, height: 50))],
                            sourceName: "two.json")
        let context = LayoutContext(dataset: items, collectionSize: Size(width: .infinity, height: 812))
        #expect(try FlowLayout(spacing: 4).layout(context).allFrames
            == [Rect(x: 0, y: 0, width: 100, height: 50), Rect(x: 104, y: 0, width: 100, height: 50)])
    }

    @Test func anItemWithOneDimensionInAnInfinitelyWideContainerSaysSo() {
        #expect(strip.items[0].intrinsicWidth == nil)
        let context = LayoutContext(dataset: strip, collectionSize: Size(width: .infinity, height: 812))
        #expect(layoutOutcome(FlowLayout(spacing: 4), context)
            == "strip.json: item 0 (id \"strip\") is nan x 800, which the fit sizing rule scales to inf x 800 for a inf x 812 "
            + "container, too large for a number; expected an item size with a less extreme aspect ratio, or a container of finite size")
    }

    @Test func theOverflowMessageOfAFiniteContainerIsUnchanged() {
        let error = LayoutError.sizeOverflow(file: "tall.jsonl", index: 0, id: "a", intrinsic: Size(width: .nan, height: 1e300),
                                             rule: .fillWidth, size: Size(width: 375, height: .infinity),
                                             proposal: Size(width: 375, height: 812))
        #expect(error.description == "tall.jsonl: item 0 (id \"a\") is nan x 1e+300, which the fillWidth sizing rule scales to "
            + "375 x inf for a 375 x 812 container, too large for a number; expected an item size with a less extreme aspect ratio")
    }
}

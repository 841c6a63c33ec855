import Testing
@_spi(Testing) @testable import TesseraCore

/// Layouts at the edges of the containers they can be given: a negative side is refused with one
/// message whatever the layout, insets wider than the container squeeze content to zero size
/// instead of making negative frames, and content larger than the container is aligned safely,
/// never above or left of the origin, where no scroll could reach it.
@Suite struct ExtremeContainerTests {
    private let strip = Dataset(items: [Item(id: "strip", fields: ["w": .double(10), "h": .double(800)])], sourceName: "strip.json")

    @Test func aNegativeSideIsRefusedInTheSameWordsByEveryLayout() {
        let layouts: [(String, any Layout)] = [
            ("flow", FlowLayout()), ("row", RowLayout()), ("waterfall", WaterfallLayout(columns: 2, spacing: 100)),
            ("overlay", OverlayLayout()), ("split", SplitLayout()),
            ("compositional", CompositionalLayout(section: C.Section(group: .horizontal(abs_(10, 10), [item(abs_(10, 10))])))),
            ("inset", FlowLayout().inset(8)),
            // Checked before the axes are swapped: the sides as given, not the root's (800x-300).
            ("transpose", FlowLayout().transposed()),
        ]
        for (width, height, shown) in [(-300.0, 800.0, "-300x800"), (375, -1, "375x-1"), (-.infinity, 800, "-infx800")] {
            let context = LayoutContext(dataset: strip, collectionSize: Size(width: width, height: height))
            for (name, layout) in layouts {
                #expect(layoutOutcome(layout, context) == "the \(name) layout's container size must be a number of at least 0 on each side "
                    + "(infinity for an unbounded one), got \(shown)")
            }
        }
        // Zero is a container: nothing of it is refused.
        #expect(layoutOutcome(FlowLayout(), LayoutContext(dataset: strip, collectionSize: Size(width: 0, height: 0))) == "laid out")
    }

    @Test func sectionInsetsWiderThanTheContainerLeaveZeroWidthCells() throws {
        // The App Store list section at a 1-point-wide viewport: insets of 16 on each side.
        let cell = item(C.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)), insets: C.DirectionalEdgeInsets(all: 4))
        let section = C.Section(group: .horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .absolute(50)), [cell]),
                                contentInsets: C.DirectionalEdgeInsets(top: 4, leading: 16, bottom: 12, trailing: 16),
                                decorations: [C.Decoration(kind: "background", contentInsets: C.DirectionalEdgeInsets(leading: 8, trailing: 8))])
        let result = try compositional(section, counts: [2], width: 1, height: 1)
        expectFrames(try result.allFrames, [r(20, 8, 0, 42), r(20, 58, 0, 42)])
        #expect(result.elements.filter { $0.category == .decoration }.map(\.frame) == [r(8, 0, 0, 116)])
        #expect(result.contentSize == s(20, 116))
    }

    @Test func aCountGroupWhoseGapsAreWiderThanItHasSlotsOfNoWidth() throws {
        let cell = item(C.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))
        let group = C.Group.horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .absolute(10)), [cell], count: 3,
                                       spacing: .fixed(20))
        let result = try compositional(C.Section(group: group), counts: [3], width: 30)
        expectFrames(try result.allFrames, [r(0, 0, 0, 10), r(20, 0, 0, 10), r(40, 0, 0, 10)])
    }

    @Test func flowLinesTallerThanTheContainerStartAtTheTop() throws {
        let sizes = [s(100, 60), s(100, 60), s(100, 60)]
        for align in [AlignContent.center, .end] {
            let result = try FlowLayout(alignContent: align).layout(fixedContext(sizes, in: s(100, 100)))
            // CSS's unsafe centring would start the lines at y = -40 (end: -80), out of reach.
            expectFrames(result.allFrames, [r(0, 0, 100, 60), r(0, 60, 100, 60), r(0, 120, 100, 60)])
            #expect(result.contentSize == s(100, 180))
        }
        // Lines that fit are still centred.
        let short = try FlowLayout(alignContent: .center).layout(fixedContext([s(100, 60)], in: s(100, 100)))
        expectFrames(short.allFrames, [r(0, 20, 100, 60)])
    }

    @Test func aFlowLineWiderThanTheContainerStartsAtTheLeft() throws {
        for justify in [JustifyContent.center, .end] {
            let result = try FlowLayout(justifyContent: justify).layout(fixedContext([s(150, 10), s(50, 10)], in: s(100, 100)))
            let x: Double = justify == .center ? 25 : 50
            expectFrames(result.allFrames, [r(0, 0, 150, 10), r(x, 10, 50, 10)])
        }
    }

    @Test func rowItemsTallerThanTheContainerStartAtTheTop() throws {
        let context = fixedContext([s(40, 80), s(40, 20)], in: s(100, 50))
        expectFrames(try RowLayout(alignItems: .center).layout(context).allFrames, [r(0, 0, 40, 80), r(40, 15, 40, 20)])
        expectFrames(try RowLayout(alignItems: .end).layout(context).allFrames, [r(0, 0, 40, 80), r(40, 30, 40, 20)])
    }

    @Test func splitItemsWiderThanTheirColumnAreNarrowedToIt() throws {
        let layout = SplitLayout(leftSideRatio: 0.5, sectionInset: EdgeInsets(top: 0, left: 10, bottom: 0, right: 10))
        let result = try layout.layout(splitContext([[s(400, 100), s(20, 20)], [s(50, 50)]], in: s(300, 800)))
        // The 400-wide item would cover the right column from x = 150 on.
        expectFrames(result.allFrames, [r(10, 0, 130, 100), r(10, 100, 20, 20), r(160, 0, 50, 50)])
        #expect(try LayoutCheck(result: result).overlaps.isEmpty)
    }
}

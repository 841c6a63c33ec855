import Testing
@testable import TesseraCore

private func ck(_ mode: AlignContent, _ length: Double, _ total: Double, _ spacing: Double, _ n: Int) -> Distribution {
    LayoutHelper.distribute(mode, length: length, total: total, spacing: spacing, count: n)
}

private func css(_ mode: AlignContent, _ length: Double, _ total: Double, _ spacing: Double, _ n: Int) -> Distribution {
    LayoutHelper.distribute(mode, length: length, total: total, spacing: spacing, count: n, rule: .css)
}

@Suite struct LayoutHelperTests {
    @Test func rawValuesAreTheSpecNames() {
        #expect(JustifyContent.allCases.map(\.rawValue)
                == ["start", "center", "end", "spaceBetween", "spaceAround", "spaceEvenly"])
        #expect(AlignContent.allCases.map(\.rawValue)
                == ["start", "center", "end", "spaceBetween", "spaceAround", "spaceEvenly", "stretch"])
        #expect(AlignItems.allCases.map(\.rawValue) == ["start", "center", "end", "stretch"])
        #expect(DistributionRule.allCases.map(\.rawValue) == ["collectionKit", "css"])
        #expect(AlignContent(JustifyContent.spaceEvenly) == .spaceEvenly)
    }

    @Test func collectionKitTable() {
        // n = 2, s = 10, M = 100, T = 70: leftover 30, free after spacing 20.
        #expect(ck(.start, 100, 70, 10, 2) == Distribution(offset: 0, spacing: 10))
        #expect(ck(.center, 100, 70, 10, 2) == Distribution(offset: 10, spacing: 10))
        #expect(ck(.end, 100, 70, 10, 2) == Distribution(offset: 20, spacing: 10))
        #expect(ck(.spaceBetween, 100, 70, 10, 2) == Distribution(offset: 0, spacing: 30))
        #expect(ck(.spaceAround, 100, 70, 10, 2) == Distribution(offset: 7.5, spacing: 15))
        #expect(ck(.spaceEvenly, 100, 70, 10, 2) == Distribution(offset: 10, spacing: 10))
        #expect(ck(.stretch, 100, 70, 10, 2) == Distribution(offset: 0, spacing: 10, stretch: 10))
    }

    @Test func collectionKitQuirks() {
        #expect(ck(.center, 100, 0, 10, 0) == Distribution(offset: 0, spacing: 10))       // no boxes
        #expect(ck(.center, 100, 90, 10, 2) == Distribution(offset: 0, spacing: 10))      // exact fit: start
        #expect(ck(.end, 100, 150, 10, 1) == Distribution(offset: 0, spacing: 10))        // overflow: start
        #expect(ck(.spaceBetween, 100, 40, 10, 1) == Distribution(offset: 0, spacing: 10)) // one box: start
        #expect(ck(.spaceAround, 100, 85, 10, 2) == Distribution(offset: 3.75, spacing: 7.5)) // below s
    }

    @Test func cssTakesFreeSpaceAfterTheGaps() {
        #expect(css(.spaceBetween, 100, 70, 10, 2) == Distribution(offset: 0, spacing: 30))
        #expect(css(.spaceAround, 100, 85, 10, 2) == Distribution(offset: 1.25, spacing: 12.5))
        #expect(css(.spaceEvenly, 100, 70, 10, 3) == Distribution(offset: 2.5, spacing: 12.5))
        #expect(css(.stretch, 100, 40, 10, 3) == Distribution(offset: 0, spacing: 10, stretch: 40.0 / 3))
        #expect(css(.center, 100, 90, 10, 2) == Distribution(offset: 0, spacing: 10))
    }

    @Test func cssOverflowAndSingleBoxFallbacks() {
        #expect(css(.center, 100, 150, 10, 1) == Distribution(offset: -25, spacing: 10))
        #expect(css(.end, 100, 150, 10, 1) == Distribution(offset: -50, spacing: 10))
        #expect(css(.center, 100, 100, 10, 2) == Distribution(offset: -5, spacing: 10))
        for safe in [AlignContent.start, .spaceBetween, .spaceAround, .spaceEvenly, .stretch] {
            #expect(css(safe, 100, 150, 10, 1) == Distribution(offset: 0, spacing: 10))
        }
        #expect(css(.spaceBetween, 100, 40, 10, 1) == Distribution(offset: 0, spacing: 10))
        #expect(css(.spaceAround, 100, 40, 10, 1) == Distribution(offset: 30, spacing: 70))
        #expect(css(.spaceEvenly, 100, 40, 10, 1) == Distribution(offset: 30, spacing: 40))
        #expect(css(.center, 100, 0, 10, 0) == Distribution(offset: 0, spacing: 10))
    }

    @Test func justificationOverloadForwards() {
        #expect(LayoutHelper.distribute(JustifyContent.end, length: 100, total: 70, spacing: 10, count: 2, rule: .css)
                == Distribution(offset: 20, spacing: 10))
    }

    @Test func alignOneBox() {
        #expect(LayoutHelper.align(.start, length: 10, lineStart: 5, lineLength: 30) == (5, 10))
        #expect(LayoutHelper.align(.center, length: 10, lineStart: 5, lineLength: 30) == (15, 10))
        #expect(LayoutHelper.align(.end, length: 10, lineStart: 5, lineLength: 30) == (25, 10))
        #expect(LayoutHelper.align(.stretch, length: 10, lineStart: 5, lineLength: 30) == (5, 30))
    }

    @Test func alignALine() {
        let sizes = [Size(width: 20, height: 10), Size(width: 30, height: 40)]
        #expect(LayoutHelper.align(.center, sizes: sizes, x: 5, spacing: 4, lineStart: 100, lineLength: 40)
                == [Rect(x: 5, y: 115, width: 20, height: 10), Rect(x: 29, y: 100, width: 30, height: 40)])
        #expect(LayoutHelper.align(.stretch, sizes: sizes, x: 0, spacing: 0, lineStart: 0, lineLength: 50).map(\.height) == [50, 50])
        #expect(LayoutHelper.align(.end, sizes: [], x: 0, spacing: 0, lineStart: 0, lineLength: 50).isEmpty)
    }
}

import Foundation
import Testing
@testable import TesseraCore

/// A case rendered by headless Chromium (scripts/flow-fixtures): the input and every box's rect.
/// `direction` is "rtl" for a case rendered in a `dir="rtl"` container, absent left to right.
private struct FlowFixture: Decodable {
    var name: String
    var container: [Double]
    var lineSpacing, interitemSpacing: Double
    var justifyContent, alignItems, alignContent: String
    var sizes: [[Double]]
    var frames: [[Double]]
    var direction: String?
}

private struct FlowFixtureFile: Decodable {
    var renderer: String
    var cases: [FlowFixture]
}

/// A context whose items have fixed sizes, whatever the proposal (CollectionKit's MockLayoutContext).
private func context(_ width: Double, _ height: Double, _ sizes: [Size]) -> LayoutContext {
    LayoutContext(collectionSize: Size(width: width, height: height), count: sizes.count,
                  item: { _ in nil }, size: { i, _ in sizes[i] })
}

private func frames(_ layout: FlowLayout, _ width: Double, _ height: Double, _ sizes: [Size]) throws -> [Rect] {
    try layout.layout(context(width, height, sizes)).allFrames
}

private func sizes(_ pairs: (Double, Double)...) -> [Size] { pairs.map { Size(width: $0.0, height: $0.1) } }

private let fixtureDirectory = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
    .appendingPathComponent("flow")

private func loadFixtures(_ name: String) throws -> FlowFixtureFile {
    let data = try Data(contentsOf: fixtureDirectory.appendingPathComponent("\(name).json"))
    return try JSONDecoder().decode(FlowFixtureFile.self, from: data)
}

@Suite struct FlowLayoutChromiumTests {
    static let files = ["combinations", "edges", "random", "rtl-combinations", "rtl-edges", "rtl-random"]

    @Test func fixturesCoverEveryValue() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: fixtureDirectory.path)
        #expect(files.sorted() == Self.files.map { $0 + ".json" }.sorted())
        for prefix in ["", "rtl-"] {
            let cases = try ["combinations", "edges", "random"].flatMap { try loadFixtures(prefix + $0).cases }
            #expect(cases.count == 506)
            #expect(cases.allSatisfy { $0.direction == (prefix.isEmpty ? nil : "rtl") })
            #expect(Set(cases.map(\.justifyContent)) == Set(JustifyContent.allCases.map(\.rawValue)))
            #expect(Set(cases.map(\.alignItems)) == Set(AlignItems.allCases.map(\.rawValue)))
            #expect(Set(cases.map(\.alignContent)) == Set(AlignContent.allCases.map(\.rawValue)))
        }
    }

    /// Every left-to-right case is also rendered right to left, with the same input.
    @Test(arguments: ["combinations", "edges", "random"])
    func everyCaseIsAlsoRightToLeft(file: String) throws {
        let ltr = try loadFixtures(file).cases, rtl = try loadFixtures("rtl-" + file).cases
        #expect(ltr.map(\.name) == rtl.map(\.name))
        for (a, b) in zip(ltr, rtl) {
            #expect(a.container == b.container && a.sizes == b.sizes && a.lineSpacing == b.lineSpacing
                    && a.interitemSpacing == b.interitemSpacing && a.justifyContent == b.justifyContent
                    && a.alignItems == b.alignItems && a.alignContent == b.alignContent, "\(a.name)")
        }
    }

    /// Right-to-left cases are the flow mirrored around the container's width (`MirroredLayout`,
    /// what `run --rtl` does), which is what CSS `direction: rtl` gives, overflow included.
    @Test(arguments: Self.files)
    func matchesChromium(file: String) throws {
        let fixtures = try loadFixtures(file)
        #expect(!fixtures.cases.isEmpty)
        for c in fixtures.cases {
            let layout = FlowLayout(lineSpacing: c.lineSpacing, interitemSpacing: c.interitemSpacing,
                                    justifyContent: try #require(JustifyContent(rawValue: c.justifyContent)),
                                    alignItems: try #require(AlignItems(rawValue: c.alignItems)),
                                    alignContent: try #require(AlignContent(rawValue: c.alignContent)))
            let input = context(c.container[0], c.container[1], c.sizes.map { Size(width: $0[0], height: $0[1]) })
            let got = c.direction == "rtl" ? try MirroredLayout(layout).layout(input).allFrames
                                           : try layout.layout(input).allFrames
            try #require(got.count == c.frames.count, "\(c.name): frame count")
            expectChromium(got, c)
        }
    }

    /// A splice (one item measured again) lands where Chromium puts the items too, for every
    /// case a flow splices: lines from the top, items at their line's top. The middle item is
    /// first laid out 1x1, then given its size. Right-to-left cases mirror the spliced frames.
    @Test(arguments: Self.files)
    func splicesMatchChromium(file: String) throws {
        let cases = try loadFixtures(file).cases.filter {
            $0.alignContent == "start" && ($0.alignItems == "start" || $0.alignItems == "stretch") && !$0.sizes.isEmpty
        }
        #expect(Set(cases.map(\.justifyContent)) == Set(JustifyContent.allCases.map(\.rawValue)))
        for c in cases {
            let layout = FlowLayout(lineSpacing: c.lineSpacing, interitemSpacing: c.interitemSpacing,
                                    justifyContent: try #require(JustifyContent(rawValue: c.justifyContent)),
                                    alignItems: try #require(AlignItems(rawValue: c.alignItems)))
            let sizes = c.sizes.map { Size(width: $0[0], height: $0[1]) }, k = sizes.count / 2
            var before = sizes
            before[k] = Size(width: 1, height: 1)
            let previous = try layout.layout(context(c.container[0], c.container[1], before))
            let spliced = try #require(try layout.relayout(context(c.container[0], c.container[1], sizes),
                                                           previous: previous, changed: k..<k + 1), "\(c.name)")
            let width = c.container[0]
            let got = try spliced.allFrames.map { c.direction == "rtl" ? Rect(x: width - $0.maxX, y: $0.y, width: $0.width, height: $0.height) : $0 }
            expectChromium(got, c)
        }
    }

    private func expectChromium(_ got: [Rect], _ c: FlowFixture) {
        for (i, (g, want)) in zip(got, c.frames).enumerated() {
            let deviation = zip([g.x, g.y, g.width, g.height], want).map { abs($0 - $1) }.max()!
            #expect(deviation <= 0.05, "\(c.name) item \(i): \(g) vs Chromium \(want)")
        }
    }
}

/// CollectionKit's documented FlowLayout behaviour, with exact frames (CSS agrees on all of it).
@Suite struct FlowLayoutCollectionKitTests {
    @Test func breaksLinesGreedilyCountingSpacingAfterEveryItem() throws {
        let got = try frames(FlowLayout(spacing: 10), 100, 800,
                             sizes((40, 20), (40, 30), (10, 10), (50, 10), (50, 20)))
        #expect(got == [Rect(x: 0, y: 0, width: 40, height: 20), Rect(x: 50, y: 0, width: 40, height: 30),
                        Rect(x: 0, y: 40, width: 10, height: 10), Rect(x: 20, y: 40, width: 50, height: 10),
                        Rect(x: 0, y: 60, width: 50, height: 20)])
        let result = try FlowLayout(spacing: 10).layout(context(100, 800, sizes((40, 20), (40, 30))))
        #expect(result.contentSize == Size(width: 90, height: 30))  // no trailing spacing
    }

    @Test func anExactFitStaysOnTheLine() throws {
        let layout = FlowLayout(interitemSpacing: 10)
        #expect(try frames(layout, 100, 800, sizes((30, 10), (30, 10), (20, 10))).map(\.y) == [0, 0, 0])
        #expect(try frames(layout, 100, 800, sizes((30, 10), (30, 10), (20.5, 10))).map(\.y) == [0, 0, 10])
    }

    @Test func spacingSetsBoth() {
        let layout = FlowLayout(spacing: 7)
        #expect(layout.lineSpacing == 7 && layout.interitemSpacing == 7)
        let defaults = FlowLayout()
        #expect(defaults.lineSpacing == 0 && defaults.interitemSpacing == 0)
        #expect(defaults.justifyContent == .start && defaults.alignItems == .start && defaults.alignContent == .start)
    }

    @Test func oversizeItemSitsAloneAndWidensContent() throws {
        let result = try FlowLayout().layout(context(100, 800, sizes((30, 10), (150, 20), (30, 10))))
        #expect(result.allFrames == [Rect(x: 0, y: 0, width: 30, height: 10), Rect(x: 0, y: 10, width: 150, height: 20),
                                     Rect(x: 0, y: 30, width: 30, height: 10)])
        #expect(result.contentSize == Size(width: 150, height: 40))
    }

    @Test func emptyDataHasNoFramesAndZeroContent() throws {
        let result = try FlowLayout(spacing: 10, justifyContent: .center, alignContent: .center)
            .layout(context(100, 800, []))
        #expect(result.count == 0)
        #expect(result.contentSize == .zero)
    }

    @Test func justifiesTheLastLineToo() throws {
        let got = try frames(FlowLayout(justifyContent: .center), 100, 800, sizes((40, 10), (40, 10), (40, 10)))
        #expect(got.map(\.x) == [10, 50, 30])
        #expect(got.map(\.y) == [0, 0, 10])
    }

    @Test func singleItemSpaceBetweenStaysAtStart() throws {
        #expect(try frames(FlowLayout(justifyContent: .spaceBetween), 100, 800, sizes((40, 10))).map(\.x) == [0])
        let three = try frames(FlowLayout(interitemSpacing: 10, justifyContent: .spaceBetween), 100, 800,
                               sizes((20, 10), (20, 10), (20, 10)))
        #expect(three.map(\.x) == [0, 40, 80])
    }

    @Test func alignContentUsesTheContainerHeight() throws {
        let result = try FlowLayout(lineSpacing: 10, alignContent: .center)
            .layout(context(100, 100, sizes((60, 20), (60, 10))))
        #expect(result.allFrames.map(\.y) == [30, 60])
        #expect(result.contentSize == Size(width: 60, height: 70))  // includes the leading offset
    }

    @Test func alignItemsWithinTheTallestItem() throws {
        let s = sizes((20, 10), (20, 30), (20, 20))
        #expect(try frames(FlowLayout(alignItems: .center), 100, 800, s).map(\.y) == [10, 0, 5])
        #expect(try frames(FlowLayout(alignItems: .end), 100, 800, s).map(\.y) == [20, 0, 10])
        #expect(try frames(FlowLayout(alignItems: .stretch), 100, 800, s).map(\.height) == [30, 30, 30])
    }
}

/// Where FlowLayout follows CSS rather than CollectionKit, with exact frames.
@Suite struct FlowLayoutCSSTests {
    @Test func spaceAroundKeepsTheMinimumGap() throws {
        // CollectionKit: gap 7.5 (leftover before spacing); CSS: 5 px free after the 10 px gap.
        let got = try frames(FlowLayout(interitemSpacing: 10, justifyContent: .spaceAround), 100, 800,
                             sizes((40, 10), (45, 10)))
        #expect(got.map(\.x) == [1.25, 53.75])
    }

    @Test func overflowingLineStartsAtTheLeft() throws {
        // Safe alignment (CSS's unsafe centring gives -25, end -50: out of scroll's reach).
        let big = sizes((150, 10))
        #expect(try frames(FlowLayout(justifyContent: .center), 100, 800, big).map(\.x) == [0])
        #expect(try frames(FlowLayout(justifyContent: .end), 100, 800, big).map(\.x) == [0])
        for safe in [JustifyContent.spaceBetween, .spaceAround, .spaceEvenly] {
            #expect(try frames(FlowLayout(justifyContent: safe), 100, 800, big).map(\.x) == [0])
        }
    }

    @Test func overflowingLinesAgainstTheContainerHeight() throws {
        let s = sizes((60, 40), (60, 40))
        // Safe alignment: lines taller than the container start at 0 (CSS's unsafe: -15 and -30).
        #expect(try frames(FlowLayout(alignContent: .center), 100, 50, s).map(\.y) == [0, 40])
        #expect(try frames(FlowLayout(alignContent: .end), 100, 50, s).map(\.y) == [0, 40])
        #expect(try frames(FlowLayout(alignContent: .spaceEvenly), 100, 50, s).map(\.y) == [0, 40])
    }

    @Test func stretchGrowsLinesAndStretchedItems() throws {
        let got = try frames(FlowLayout(lineSpacing: 10, alignItems: .stretch, alignContent: .stretch), 100, 100,
                             sizes((60, 20), (60, 30)))
        #expect(got == [Rect(x: 0, y: 0, width: 60, height: 40), Rect(x: 0, y: 50, width: 60, height: 50)])
    }
}

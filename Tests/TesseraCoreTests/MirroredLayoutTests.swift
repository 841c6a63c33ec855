import Testing
@_spi(Testing) @testable import TesseraCore

/// `MirroredLayout` (what `tessera run --rtl` wraps any layout in): every frame is the mirror of
/// the base's around the container's width, and queries answer for the mirrored picture. The
/// container's width, not the content's, because CSS `direction: rtl` and UIKit's right-to-left
/// collection views mirror there: content narrower than the container starts from its right edge.
@Suite struct MirroredLayoutTests {
    @Test func aMirroredWaterfallPutsEveryFrameAtWMinusXMinusW() throws {
        let dataset = Dataset.synthetic(count: 200) { i in Size(width: 100, height: 40 + Double((i * 37) % 90)) }
        let context = LayoutContext(dataset: dataset, collectionSize: s(375, 600))
        let base = try WaterfallLayout(columns: 3, spacing: 7).layout(context)
        let mirrored = try MirroredLayout(WaterfallLayout(columns: 3, spacing: 7)).layout(context)
        let width = context.collectionSize.width
        #expect(mirrored.contentSize == base.contentSize)
        expectFrames(try mirrored.allFrames, base.allFrames.map { Rect(x: width - $0.x - $0.width, y: $0.y, width: $0.width, height: $0.height) })
        // The first item of the first column now sits flush with the right edge.
        #expect(try mirrored.frame(at: 0).maxX == width && base.frame(at: 0).minX == 0)
        // Visible queries see the mirrored frames (brute force over the mirrored frames).
        var rng = SplitMix64(seed: 7)
        for _ in 0..<50 {
            let rect = r(Double.random(in: -50...300, using: &rng), Double.random(in: -50...(base.contentSize.height), using: &rng),
                         Double.random(in: 1...200, using: &rng), Double.random(in: 1...400, using: &rng))
            let expected = try (0..<mirrored.count).filter { try mirrored.frame(at: $0).overlapsWithPositiveArea(rect) }
            #expect(try mirrored.visible(in: rect) == expected)
            #expect(try mirrored.elements(in: rect, scroll: ScrollState(showing: rect)).compactMap(\.index).sorted() == expected)
        }
    }

    /// Content narrower than the container ends at the container's right edge; content wider
    /// than it hangs off the left edge (negative x) by as much as it hung off the right one, and
    /// a viewport scrolled to x shows, mirrored, what the left-to-right one scrolled to −x shows.
    @Test func theMirrorIsTheContainerNotTheContent() throws {
        let narrow = LayoutContext(collectionSize: s(140, 120), count: 2, item: { _ in nil }, size: { _, _ in s(50, 10) })
        let short = try MirroredLayout(FlowLayout()).layout(narrow)
        expectFrames(try short.allFrames, [r(90, 0, 50, 10), r(40, 0, 50, 10)])
        #expect(short.contentSize == s(100, 10))
        let wide = LayoutContext(collectionSize: s(100, 300), count: 3, item: { _ in nil },
                                 size: { i, _ in [s(30, 10), s(150, 20), s(30, 10)][i] })
        let base = try FlowLayout().layout(wide), mirrored = try MirroredLayout(FlowLayout()).layout(wide)
        expectFrames(try mirrored.allFrames, [r(70, 0, 30, 10), r(-50, 10, 150, 20), r(70, 30, 30, 10)])
        #expect(mirrored.contentSize == base.contentSize)
        for x in [0.0, 20, 50] {
            let shown = base.visible(in: r(x, 0, 100, 40))
            #expect(try mirrored.visible(in: r(-x, 0, 100, 40)) == shown)
        }
        #expect(try mirrored.visible(in: r(-60, 0, 10, 40)) == [])
        #expect(try mirrored.visible(in: r(-50, 0, 10, 40)) == [1])
    }

    /// The content's scroll range: a mirrored content wider than its container starts at
    /// negative x and scrolls from 0 towards it; a narrower one does not scroll; decorators keep
    /// the corner (an inset grows the content around it, a transpose swaps its axes).
    @Test func aMirroredContentScrollsTowardsNegativeX() throws {
        let wide = LayoutContext(collectionSize: s(100, 300), count: 3, item: { _ in nil },
                                 size: { i, _ in [s(30, 10), s(150, 20), s(30, 10)][i] })
        let mirrored = try MirroredLayout(FlowLayout()).layout(wide)
        // The widest line, 150, hangs 50 off the container's left edge: 100 − 0 − 150 = −50.
        #expect(mirrored.contentOrigin == Point(x: -50, y: 0))
        #expect(mirrored.scrollRange(viewport: s(100, 20)) == ScrollRange(origin: Point(x: -50, y: 0), content: s(150, 40), viewport: s(100, 20)))
        let range = mirrored.scrollRange(viewport: s(100, 20))
        #expect(range.x == -50...0 && range.y == 0...20)
        #expect(range.clamped(Point(x: -80, y: -5)) == Point(x: -50, y: 0))
        #expect(range.clamped(Point(x: 7, y: 25)) == Point(x: 0, y: 20))
        #expect(try FlowLayout().layout(wide).scrollRange(viewport: s(100, 20)).x == 0...50)
        let narrow = LayoutContext(collectionSize: s(140, 120), count: 2, item: { _ in nil }, size: { _, _ in s(50, 10) })
        let short = try MirroredLayout(FlowLayout()).layout(narrow)
        #expect(short.contentOrigin == Point(x: 40, y: 0))                       // 140 − 100
        #expect(short.scrollRange(viewport: s(140, 120)) == ScrollRange(origin: .zero, content: .zero, viewport: .zero))
        let inset = try InsetLayout(MirroredLayout(FlowLayout()), insets: .fixed(EdgeInsets(top: 5, left: 10, bottom: 5, right: 10))).layout(wide)
        // Inside: a container of 80, the line of 150 at 80 − 150 = −70, moved right by 10: −60,
        // and the content grown by 10 on the left: it starts at −70.
        #expect(try inset.frame(at: 1).minX == -60)
        #expect(inset.contentOrigin == Point(x: -70, y: 0))
        #expect(try TransposeLayout(MirroredLayout(FlowLayout())).layout(wide.transposed()).contentOrigin == Point(x: 0, y: -50))
    }

    /// The content box is mirrored as the frames are (x' = W − x − w of the box), so it always
    /// contains them: a 50-wide line in a 100 container starts at 50, a line exactly 100 wide at
    /// 0, a 150-wide one at −50; the size never changes and the checker finds nothing outside.
    @Test func theContentBoxIsMirroredWithTheFrames() throws {
        func mirroredFlow(_ widths: [Double]) throws -> AnyLayoutResult {
            let context = LayoutContext(collectionSize: s(100, 300), count: widths.count, item: { _ in nil },
                                        size: { i, _ in s(widths[i], 10) })
            return try MirroredLayout(FlowLayout()).layout(context)
        }
        let narrow = try mirroredFlow([30, 20]), exact = try mirroredFlow([60, 40]), wide = try mirroredFlow([150])
        expectFrames(try narrow.allFrames, [r(70, 0, 30, 10), r(50, 0, 20, 10)])
        #expect(narrow.contentOrigin == Point(x: 50, y: 0) && narrow.contentSize == s(50, 10))
        expectFrames(try exact.allFrames, [r(40, 0, 60, 10), r(0, 0, 40, 10)])
        #expect(exact.contentOrigin == Point(x: 0, y: 0) && exact.contentSize == s(100, 10))
        expectFrames(try wide.allFrames, [r(-50, 0, 150, 10)])
        #expect(wide.contentOrigin == Point(x: -50, y: 0) && wide.contentSize == s(150, 10))
        for result in [narrow, exact, wide] {
            let check = try LayoutCheck(result: result)
            #expect(check.outside == [])
            #expect(check.contentOrigin == result.contentOrigin)
        }
        // Unmirrored, the narrow line's box starts at 0, where its frames are.
        let ltr = try FlowLayout().layout(LayoutContext(collectionSize: s(100, 300), count: 2, item: { _ in nil },
                                                         size: { i, _ in s([30.0, 20][i], 10) }))
        #expect(ltr.contentOrigin == .zero && ltr.contentSize == s(50, 10))
    }

    /// The checker's messages name the content box by its size, and where it starts when that
    /// is not (0, 0) (a mirrored narrow content).
    @Test func aCheckNamesTheMirroredContentBox() throws {
        #expect(LayoutCheck.bounds(origin: Point(x: 119.98, y: 0), size: s(255.02, 180)) == "255.02x180 at (119.98, 0)")
        #expect(LayoutCheck.bounds(origin: .zero, size: s(255.02, 180)) == "255.02x180")
    }

    /// Every built-in layout (flow, row, waterfall, overlay, split), with its elements, short of
    /// the container width so the rule matters: x' = 300 − x − w.
    @Test(arguments: BuiltinLayouts.names)
    func everyBuiltinLayoutMirrorsAroundTheContainer(name: String) throws {
        let layout: any Layout = name == "row" ? RowLayout(justifyContent: .center) : try BuiltinLayouts.make(name: name)
        let dataset = Dataset(items: (0..<5).map { Item(id: .int($0), size: s(40 + Double($0) * 5, 30)) },
                              sections: [Dataset.Section(id: .string("a"), range: 0..<3), Dataset.Section(id: .string("b"), range: 3..<5)])
        let context = LayoutContext(dataset: dataset, collectionSize: s(300, 400), sizing: ItemSizing(rule: .intrinsic))
        let base = try layout.layout(context), mirrored = try MirroredLayout(layout).layout(context)
        expectFrames(try mirrored.allFrames, try base.allFrames.map { $0.mirrored(inWidth: 300) })
        #expect(mirrored.elements.map(\.frame) == base.elements.map { $0.frame.mirrored(inWidth: 300) })
        #expect(try mirrored.allFrames != base.allFrames)
    }

    @Test func mirroringALeftToRightCompositionalLayoutGivesItsRightToLeftLayout() throws {
        let context = sectionedContext([5, 7, 3, 9], in: s(333, 500))
        var rng = SplitMix64(seed: 17)
        for (name, layout) in CompositionalEstimatedTests().mirrorCases {
            var rtlLayout = layout
            rtlLayout.configuration.layoutDirection = .rightToLeft
            let rtl = try rtlLayout.solve(context)
            let mirrored = try MirroredLayout(layout).layout(context)
            #expect(mirrored.contentSize == rtl.contentSize, "\(name)")
            expectFrames(try mirrored.allFrames, try rtl.allFrames)
            #expect(mirrored.elements == rtl.elements, "\(name)")
            #expect(mirrored.orthogonalSections == rtl.orthogonalSections, "\(name)")
            // Drawn for the same scroll states (orthogonal offsets run towards negative x).
            for _ in 0..<20 {
                let rect = r(Double.random(in: -20...200, using: &rng), Double.random(in: -20...rtl.contentSize.height, using: &rng),
                             Double.random(in: 10...333, using: &rng), Double.random(in: 10...300, using: &rng))
                let offsets = Dictionary(uniqueKeysWithValues: rtl.orthogonalSections.map {
                    ($0.section, Point(x: -Double.random(in: 0...400, using: &rng), y: 0))
                })
                let scroll = ScrollState(showing: rect, sectionOffsets: offsets)
                let a = try mirrored.elements(in: rect, scroll: scroll), b = try rtl.elements(in: rect, scroll: scroll)
                #expect(a.count == b.count, "\(name)")
                for (x, y) in zip(a, b) {
                    #expect(x.index == y.index && x.kind == y.kind && abs(x.frame.x - y.frame.x) < 1e-9 && x.frame.y == y.frame.y
                            && x.frame.size == y.frame.size, "\(name): \(x) vs \(y)")
                }
            }
        }
    }
}

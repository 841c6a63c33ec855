import Testing
@_spi(Testing) @testable import TesseraCore

/// `MirroredLayout` (what `tessera run --rtl` wraps any layout in): every frame is the mirror of
/// the base's around the content width, and queries answer for the mirrored picture.
@Suite struct MirroredLayoutTests {
    @Test func a_mirrored_waterfall_puts_every_frame_at_W_minus_x_minus_w() throws {
        let dataset = Dataset.synthetic(count: 200) { i in Size(width: 100, height: 40 + Double((i * 37) % 90)) }
        let context = LayoutContext(dataset: dataset, collectionSize: s(375, 600))
        let base = try WaterfallLayout(columns: 3, spacing: 7).layout(context)
        let mirrored = try MirroredLayout(WaterfallLayout(columns: 3, spacing: 7)).layout(context)
        let width = base.contentSize.width
        #expect(mirrored.contentSize == base.contentSize)
        expectFrames(try mirrored.allFrames, try base.allFrames.map { Rect(x: width - $0.x - $0.width, y: $0.y, width: $0.width, height: $0.height) })
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

    @Test func mirroring_a_left_to_right_compositional_layout_gives_its_right_to_left_layout() throws {
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

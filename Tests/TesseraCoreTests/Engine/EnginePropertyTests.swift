import Testing
@_spi(Testing) @testable import TesseraCore

/// After any sequence of reloads, scrolls and resizes, the engine's views are exactly a brute-force
/// scan of the layout at that offset, with unique ids and view numbers.
@Suite struct EnginePropertyTests {
    /// Items with random heights and ids drawn from a small alphabet, so duplicates happen.
    static func randomSource(_ rng: inout SplitMix64) -> ItemSource {
        let count = Int.random(in: 0...30, using: &rng)
        let values: [JSONValue] = (0..<count).map { _ in
            .object(["id": .string(String(UnicodeScalar(UInt8(97 + Int.random(in: 0..<12, using: &rng))))),
                     "w": .int(Int.random(in: 10...120, using: &rng)), "h": .int(Int.random(in: 5...90, using: &rng))])
        }
        return ItemSource(values: values)
    }

    static func randomLayout(_ rng: inout SplitMix64) -> any Layout {
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: return FlowLayout(spacing: Double(Int.random(in: 0...8, using: &rng)))
        case 1: return WaterfallLayout(columns: Int.random(in: 1...3, using: &rng), spacing: 4)
        default: return TransposeLayout(FlowLayout())
        }
    }

    static func check(_ engine: CollectionEngine) throws {
        let rect = engine.visibleRect, result = engine.layoutResult
        let expected = try bruteForceVisible(result, rect)
        let cells = engine.views.filter { $0.category == .item }
        #expect(cells.compactMap(\.index).sorted() == expected)
        #expect(Set(cells.map(\.id)).count == cells.count, "ids unique")
        #expect(Set(engine.views.map(\.number)).count == engine.views.count, "view numbers held once")
        for view in cells {
            let index = try #require(view.index)
            #expect(try view.frame == result.frame(at: index, viewport: rect))
            let base = try engine.tree.flat.identifier(at: index)
            if case .duplicate(let id, _) = view.id { #expect(id == base) } else { #expect(view.id == base) }
            let (leaf, local) = engine.tree.flat.locate(index)
            #expect(view.data == leaf.owner.value(at: local))
        }
        // Every element the result draws (headers included) is a view, in drawing order.
        let drawn = try result.elements(in: rect, scroll: engine.scrollState)
        #expect(engine.views.map { "\($0.category) s\($0.section) \($0.index ?? -1) \($0.frame) z\($0.zIndex)" }
                == drawn.map { "\($0.category) s\($0.section) \($0.index ?? -1) \($0.frame) z\($0.zIndex)" }, "drawing order")
    }

    @Test(arguments: 0..<40) func randomPassesMatchABruteForceScan(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &* 7919 &+ 13)
        let leaves = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
            BasicProvider(data: Self.randomSource(&rng), layout: Self.randomLayout(&rng))
        }
        let root: Provider = seed % 3 == 0 ? ComposedProvider(sections: leaves)
            : HeadersProvider(sections: leaves, headerSize: .fixed(.fraction(1), .absolute(Double(Int.random(in: 10...30, using: &rng)))))
        let engine = CollectionEngine(provider: root, viewport: s(Double(Int.random(in: 60...200, using: &rng)),
                                                                  Double(Int.random(in: 40...200, using: &rng))))
        try engine.layout()
        try Self.check(engine)
        for _ in 0..<40 {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0, 1:
                leaves[Int.random(in: 0..<leaves.count, using: &rng)].data = Self.randomSource(&rng)
                try engine.layout()
            case 2:
                try engine.resize(to: s(Double(Int.random(in: 30...250, using: &rng)), Double(Int.random(in: 20...250, using: &rng))))
            case 3:
                leaves[Int.random(in: 0..<leaves.count, using: &rng)].layout = Self.randomLayout(&rng)
                try engine.layout()
            default:
                let content = engine.contentSize
                try engine.scroll(to: Point(x: content.width > 0 ? (rng.unit() - 0.1) * content.width : 0,
                                            y: (rng.unit() * 1.2 - 0.1) * max(content.height, 1)))
            }
            try Self.check(engine)
        }
    }
}

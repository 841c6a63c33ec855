import Testing
@_spi(Testing) @testable import TesseraCore

/// The waterfall of up to `ColumnOrder.capacity` columns keeps its columns sorted instead of
/// scanning them: it must place every item exactly where the scan does, ties, zeros, negative
/// and non-finite heights included.
@Suite struct ColumnOrderTests {
    /// The waterfall as a plain scan over the column tops: the shortest column, the lowest on a tie.
    static func scannedFrames(_ heights: [Double], columns: Int, spacing: Double, width: Double) -> [Rect] {
        let columnWidth = (width - Double(columns - 1) * spacing) / Double(columns)
        var tops = [Double](repeating: 0, count: columns)
        return heights.map { h in
            var column = 0
            for c in 1..<columns where tops[c] < tops[column] { column = c }
            let frame = Rect(x: Double(column) * (columnWidth + spacing), y: tops[column], width: columnWidth, height: h)
            tops[column] += h + spacing
            return frame
        }
    }

    /// Bit patterns, so NaN frames compare too.
    static func bits(_ frames: [Rect]) -> [[UInt64]] {
        frames.map { [$0.x.bitPattern, $0.y.bitPattern, $0.width.bitPattern, $0.height.bitPattern] }
    }

    static func frames(_ heights: [Double], columns: Int, spacing: Double) throws -> [Rect] {
        let context = LayoutContext(collectionSize: Size(width: 375, height: 812), count: heights.count, item: { _ in nil },
                                    size: { i, _ in Size(width: 100, height: heights[i]) })
        return try WaterfallLayout(columns: columns, spacing: spacing).frames(context)
    }

    @Test(arguments: [
        "ties", "zeros", "negative", "negative zero", "nan", "nan ending a block", "nan starting a block",
        "infinity", "negative infinity", "both infinities", "huge",
    ])
    func placesEveryItemWhereTheScanDoes(_ kind: String) throws {
        var random = BenchRandom(seed: 7)
        func next() -> Double { random.unit() }
        let heights: [Double] = (0..<600).map { i in
            switch kind {
            case "ties": return [10, 20, 30][Int(next() * 3)]
            case "zeros": return i % 5 == 0 ? 0 : 10
            case "negative": return i % 7 == 3 ? -25 : 10 + next()
            case "negative zero": return i % 9 == 4 ? -0.0 : 10 + next()
            case "nan": return i == 200 ? .nan : 10 + next()
            // Sizes come in blocks of `LayoutContext.sizeBlock`: the scan takes over at either edge.
            case "nan ending a block": return i == LayoutContext.sizeBlock - 1 ? .nan : 10 + next()
            case "nan starting a block": return i == LayoutContext.sizeBlock ? .nan : 10 + next()
            case "infinity": return i == 200 ? .infinity : 10 + next()
            case "negative infinity": return i == 200 ? -.infinity : 10 + next()
            case "both infinities": return i == 200 ? -.infinity : i == 300 ? .infinity : 10 + next()
            default: return 1e307 * (1 + next())   // tops overflow to infinity
            }
        }
        for columns in 1...(ColumnOrder.capacity + 2) {
            for spacing in [0.0, 4.5] {
                let expected = Self.scannedFrames(heights, columns: columns, spacing: spacing, width: 375)
                let got = try Self.frames(heights, columns: columns, spacing: spacing)
                #expect(Self.bits(got) == Self.bits(expected), "\(kind), \(columns) columns, spacing \(spacing)")
            }
        }
    }

    @Test func keepsColumnsSortedByTopThenNumber() {
        var order = ColumnOrder(columns: 3)
        var placed: [Int] = []
        for top in [5.0, 5.0, 3.0, 8.0] {
            placed.append(order.shortest)
            order.raiseShortest(to: order.shortestTop + top)
        }
        // Tops 0,0,0 -> column 0 gets 5; then column 1 gets 5; column 2 gets 3; column 2 (3) again.
        #expect(placed == [0, 1, 2, 2])
        #expect(order.tops(count: 3) == [5, 5, 11])
    }
}

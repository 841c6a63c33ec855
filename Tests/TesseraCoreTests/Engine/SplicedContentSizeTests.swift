import Testing
@_spi(Testing) @testable import TesseraCore

/// A spliced result's content size is the bounding box of its frames exactly as it draws them,
/// also when fractional sizes far down a long list make y + shift + h round differently from
/// maxY + shift (a million-item feed measured near its middle did: 697,583,247.8553505 against
/// frames reaching 697,583,247.8553506).
@Suite struct SplicedContentSizeTests {
    /// A column of `n` frames with fractional heights, starting far down.
    static func column(_ n: Int, from top: Double, seed: UInt64) throws -> FramesResult {
        var rng = SplitMix64(seed: seed)
        var y = top
        let frames = (0..<n).map { _ in
            let h = 50 + 350 * rng.unit()
            defer { y += h }
            return Rect(x: 0, y: y, width: 375, height: h)
        }
        return try FramesResult(frames: frames, layoutName: "column")
    }

    /// The bounding box of the origin and every frame, as `frame(at:)` gives them.
    static func box(_ result: SplicedResult) throws -> Size {
        var width = 0.0, height = 0.0
        for i in 0..<result.count {
            let f = try result.frame(at: i)
            width = max(width, f.maxX); height = max(height, f.maxY)
        }
        return Size(width: width, height: height)
    }

    /// What the content height was before: each piece's largest maxY, moved by its shift.
    static func movedMaxima(_ result: SplicedResult) -> Double {
        result.pieces.map { p in p.maxima.extent(of: p.sourceStart..<(p.sourceStart + p.count), in: p.source).y + p.shift }.max()!
    }

    @Test func aShiftWhoseRoundingMovesTheLastFrameKeepsTheExactBoundingBox() throws {
        // The last frame drawn moved by `shift` (y + shift, then + h) ends one unit in the last
        // place beyond its maxY moved by the shift (690,976,121.6277615 against
        // 690,976,121.6277612).
        let last = Rect(x: 0, y: 690_591_005.4042705, width: 375, height: 95.2114864099093)
        let shift = 385_021.01200443506
        #expect(last.offsetBy(dx: 0, dy: shift).maxY == last.maxY + shift + (last.maxY + shift).ulp)
        let column = try FramesResult(frames: (0..<2999).map { Rect(x: 0, y: Double($0) * 100, width: 375, height: 100) } + [last],
                                      layoutName: "column")
        // Item 0 again, and every item after it moved by `shift` (one piece of 2,999, not copied).
        let result = try #require(SplicedResult(column)).replacing(0..<1, with: [try column.frame(at: 0)], shift: shift,
                                                                   layoutName: "column")
        #expect(result.pieces.map(\.count) == [1, 2999])
        #expect(result.contentSize == Size(width: 375, height: last.offsetBy(dx: 0, dy: shift).maxY))
        #expect(result.contentSize == (try Self.box(result)))
        #expect(result.invariantsHold())
    }

    @Test func splicesWithFractionalShiftsKeepTheExactBoundingBox() throws {
        var rng = SplitMix64(seed: 0xb0c5)
        for round in 0..<20 {
            // Long enough that the moved tail stays a piece of its own (not copied into one).
            var result = try #require(SplicedResult(try Self.column(8000, from: 6.9e8, seed: UInt64(round))))
            for _ in 0..<6 {
                let start = rng.below(1000), count = 1 + rng.below(20)
                let old = try (start..<(start + count)).map { try result.frame(at: $0) }
                var y = old[0].minY
                let grown = old.map { f in
                    let h = f.height + 4e5 * rng.unit()
                    defer { y += h }
                    return Rect(x: f.minX, y: y, width: f.width, height: h)
                }
                result = try result.replacing(start..<(start + count), with: grown, shift: y - old.last!.maxY, layoutName: "column")
                #expect(result.contentSize == (try Self.box(result)), "round \(round): content size against the frames' box")
                #expect(result.invariantsHold(), "round \(round)")
            }
        }
    }
}

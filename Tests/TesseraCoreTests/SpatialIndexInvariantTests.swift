import Testing
@testable import TesseraCore

/// `SpatialIndex.invariantsHold`, which `_checkInvariants()` runs after every build under
/// TESSERA_INTERNAL_CHECKS: true of indexes of every shape, false for each invariant broken.
@Suite("SpatialIndex: the invariant check")
struct SpatialIndexInvariantTests {
    /// 50 items down one column, in frame order: the band, 13 leaves of 4 (the last one short,
    /// so its quad has padding lanes), four levels.
    let column = (0..<50).map { r(0, Double($0) * 10, 100, 10) }

    @Test func holdsForEveryPacking() {
        let scattered = (0..<50).map { i -> Rect in
            let x = Double(i * 37 % 50) * 10, y = Double(i * 11 % 50) * 10
            return r(x, y, 15, 15)
        }
        let sets: [[Rect]] = [column, scattered, [], [r(0, 0, 0, 0)], [r(1, 1, 1, 1)]]
        for frames in sets {
            for packing in [EntryPacking.Choice.automatic, .frameOrder, .tiled] {
                #expect(SpatialIndex(frames: frames, fanout: 4, packing: packing).invariantsHold())
            }
        }
        #expect(SpatialIndex(frames: column, listing: [40..<50, 0..<10], fanout: 4).invariantsHold(listed: Array(40..<50) + Array(0..<10)))
    }

    @Test func aFrameOutsideItsLeafBreaksIt() {
        var index = SpatialIndex(frames: column, fanout: 4, packing: .tiled)
        index.frames[7].x += 1
        #expect(!index.invariantsHold())
    }

    /// The lanes past a level's end hold `BoxQuad.empty` (the walk masks them, the check sees them).
    @Test func aPaddingLaneThatIsNotEmptyBreaksIt() {
        var index = SpatialIndex(frames: column, fanout: 4, packing: .frameOrder)
        #expect(index.levels[0].count == 13)
        index.nodes[3][1] = CompactBox(minX: 0, minY: 0, maxX: 1, maxY: 1)   // leaf 13 does not exist
        #expect(!index.invariantsHold())
        var tiled = SpatialIndex(frames: Array(column.prefix(49)), fanout: 4, packing: .tiled)
        tiled.entryQuads[12][1] = CompactBox(minX: 0, minY: 0, maxX: 1, maxY: 1)   // entry 49 does not exist
        #expect(!tiled.invariantsHold())
    }

    /// A band whose reaches all pass every top from the first leaf on: each reach still encloses
    /// what it should, but a query low in the column would test every entry above it.
    @Test func aBandThatLagsMoreThanItsMaximumBreaksIt() throws {
        var index = SpatialIndex(frames: column, fanout: 4, packing: .frameOrder)
        var band = try #require(index.band)
        band.reach = band.reach.map { _ in 1e6 }
        band.blockReach = band.blockReach.map { _ in 1e6 }
        index.band = band
        #expect(!index.invariantsHold())
        // Four leaves of lag is what the band allows.
        band.reach = (0..<13).map { j -> Float in Float((j + 1 + LeafBand.maximumLag) * 40) }
        band.blockReach = [band.reach[12]]
        index.band = band
        #expect(index.invariantsHold())
    }
}

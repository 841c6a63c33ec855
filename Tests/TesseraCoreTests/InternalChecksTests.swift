import Testing
@testable import TesseraCore

/// The invariant checks behind TESSERA_INTERNAL_CHECKS: on in the tests' (debug) build, and
/// true of results that use every part of `FramesResult`'s storage.
@Suite struct InternalChecksTests {
    @Test func theTestBuildRunsTheInvariantChecks() {
        #expect(internalChecksEnabled)
    }

    @Test func aResultWithSectionsElementsShelvesAndZIndicesKeepsItsStorageInvariants() throws {
        // 600 items in three sections (the block table spans three blocks), the middle one a shelf.
        let frames = (0..<600).map { Rect(x: Double($0 % 3) * 100, y: Double($0 / 3) * 50, width: 90, height: 40) }
        let elements: [LayoutElement] = [
            .supplementary("header", section: 0, frame: Rect(x: 0, y: 0, width: 300, height: 20), pinned: true),
            .supplementary("footer", section: 2, frame: Rect(x: 0, y: 9_000, width: 300, height: 20), pinned: true, pinEdge: .bottom),
            .decoration("background", section: 1, frame: Rect(x: 0, y: 3_000, width: 300, height: 500)),
        ]
        let result = try FramesResult(frames: frames, elements: elements, sections: [0..<250, 250..<300, 300..<600],
                                      itemZIndices: (0..<600).map { $0 % 2 },
                                      orthogonal: [OrthogonalSection(section: 1, frame: Rect(x: 0, y: 4_150, width: 300, height: 900),
                                                                     contentSize: Size(width: 900, height: 900))])
        #expect(result.invariantsHold())
        #expect(try FramesResult(frames: []).invariantsHold())
    }

    @Test func aSplicedResultKeepsItsPiecesAndContentSizeInvariants() throws {
        // 5000 items of fractional heights, so shifted frames round; three splices: one inside the
        // first piece, one that merges small neighbours, one that moves everything after it up.
        let frames = (0..<5_000).map { Rect(x: Double($0 % 2) * 100, y: Double($0 / 2) * 33.3, width: 90, height: 30.1) }
        var result = try #require(SplicedResult(try FramesResult(frames: frames)))
        #expect(result.invariantsHold())
        result = try result.replacing(100..<102, with: [Rect(x: 0, y: 1_665, width: 90, height: 70.7),
                                                        Rect(x: 100, y: 1_665, width: 90, height: 0.3)], shift: 40.6, layoutName: "t")
        #expect(result.invariantsHold())
        result = try result.replacing(103..<104, with: [Rect(x: 100, y: 1_740, width: 90, height: 12.5)], shift: 0.1, layoutName: "t")
        #expect(result.invariantsHold())
        result = try result.replacing(4_000..<4_000, with: [], shift: -1e-3, layoutName: "t")
        #expect(result.invariantsHold())
        #expect(result.pieces.count > 1 && result.generation == 3)
    }
}

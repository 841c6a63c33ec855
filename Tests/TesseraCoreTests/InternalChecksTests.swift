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
}

import Foundation
import Testing
import TesseraCore

/// Counts and limits in the core's messages have their digits grouped, as the command's are
/// (`1,225 more overlapping pairs`); the frames and indices beside them stay plain.
@Suite struct GroupedCountMessageTests {
    /// 50 frames on one spot overlap in 1,225 pairs; 1,200 frames left of the content lie outside.
    @Test func layoutCheckGroupsTheCountsOfItsMoreLines() throws {
        let stacked = try LayoutCheck(result: FramesResult(frames: Array(repeating: r(0, 0, 10, 10), count: 50)))
        #expect(stacked.overlaps.count == 1225)
        #expect(stacked.warnings(limit: 0) == ["... 1,225 more overlapping pairs"])
        let strayed = try LayoutCheck(result: FramesResult(frames: [r(0, 0, 10, 10)] + (0..<1200).map { r(-5, Double($0) * 10, 1, 1) }))
        #expect(strayed.outside.count == 1200)
        #expect(strayed.outsideWarnings(limit: 1) == [
            "item 1 at (-5, 0, 1, 1) lies outside the content bounds from (0, 0) to (10, 11991)",
            "... 1,199 more items outside the content bounds",
        ])
    }

    @Test func changesetErrorsGroupTheCountsTheyName() {
        #expect(ChangesetApplyError.sectionOutOfRange(operation: "deleted", section: 12000, sectionCount: 12000, state: .old).description
                == "deleted section 12000 is out of range: OLD has 12,000 sections.")
        #expect(ChangesetApplyError.sectionOutOfRange(operation: "inserted", section: 1, sectionCount: 1, state: .result).description
                == "inserted section 1 is out of range: the result has 1 section.")
        #expect(ChangesetApplyError.itemOutOfRange(operation: "updated", path: ItemPath(section: 0, item: 1500), itemCount: 1500).description
                == "updated item [0, 1500] is out of range: OLD section 0 has 1,500 items.")
        #expect(ChangesetApplyError.itemSectionOutOfRange(operation: "moved", path: ItemPath(section: 2, item: 0), sectionCount: 2).description
                == "moved item [2, 0] is out of range: the result has 2 sections.")
    }

    /// A result whose sections or zIndex values do not match its 1,500 items names both counts
    /// grouped, and one item in the singular.
    @Test func framesResultRefusalsGroupTheirCounts() {
        let frames = Array(repeating: r(0, 0, 10, 10), count: 1500)
        func refusal(_ make: () throws -> FramesResult) -> String? {
            do { _ = try make(); return nil } catch { return "\(error)" }
        }
        #expect(refusal { try FramesResult(frames: frames, sections: [0..<1000], layoutName: "shelf") }
                == "shelf layout gave sections that do not tile its 1,500 items in order")
        #expect(refusal { try FramesResult(frames: [r(0, 0, 10, 10)], sections: [0..<2], layoutName: "shelf") }
                == "shelf layout gave sections that do not tile its 1 item in order")
        #expect(refusal { try FramesResult(frames: frames, itemZIndices: Array(repeating: 1, count: 1234), layoutName: "shelf") }
                == "shelf layout gave 1,234 item zIndex values for 1,500 items")
        #expect(refusal { try FramesResult(frames: frames, itemZIndices: [1], layoutName: "shelf") }
                == "shelf layout gave 1 item zIndex value for 1,500 items")
    }

    /// A size limit under a tenth of a MB is written in bytes, grouped; a whole number of MB too.
    @Test func aDataFileOverTheLimitGroupsItsSizes() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-grouped-\(UUID().uuidString).json").path
        let items = (0..<300).map { #"{"id": \#($0)}"# }.joined(separator: ", ")
        let text = #"{"items": [\#(items)]}"#
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let size = text.utf8.count
        #expect(size == 3_801)
        let expected = DatasetError(file: path, message: "expected a data file of at most 1,500 bytes (or a larger limit), found 3,801 bytes",
                                    kind: .tooLarge)
        #expect(throws: expected) { try DatasetLoader.load(path: path, maxBytes: 1500) }
    }
}

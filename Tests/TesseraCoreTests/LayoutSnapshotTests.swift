import Testing
@testable import TesseraCore

/// The pieces of `tessera test` that know nothing of Lua: the snapshot file's text, the
/// tolerant comparison and the element-by-element difference of two run documents.
@Suite struct LayoutSnapshotTests {
    static func run(_ frames: [(String, [Double])], contentSize: [Double] = [375, 100]) -> JSONValue {
        .object(["viewport": [375, 812], "contentSize": .array(contentSize.map { .double($0) }),
                 "items": .array(frames.map { .object(["id": .string($0.0), "section": 0, "frame": .array($0.1.map { .double($0) })]) }),
                 "supplementaries": []])
    }

    @Test func theFileIsSortedWithIdsFirstAndOneElementPerLine() throws {
        let file = SnapshotFile(entries: [
            "b test 1": .object(["zeta": 1, "alpha": .array([.object(["section": 0, "id": "x", "frame": [0, 0.5, 1, 2]])])]),
            "a test: named": .string("value"),
        ])
        let text = String(decoding: file.text(), as: UTF8.self)
        #expect(text == """
        {
          "a test: named": "value",
          "b test 1": {
            "alpha": [
              {"id": "x", "frame": [0, 0.5, 1, 2], "section": 0}
            ],
            "zeta": 1
          }
        }

        """)
        // It reads back to the same entries, and writes the same bytes again.
        let read = try SnapshotFile(parsing: file.text(), file: "s.snap.json")
        #expect(read.text() == file.text())
    }

    @Test func aBrokenFileNamesItsLineAndColumn() {
        #expect(throws: SnapshotFileError.self) { try SnapshotFile(parsing: Array("{\n  \"a\": ]".utf8), file: "x.snap.json") }
        do { _ = try SnapshotFile(parsing: Array("[1]".utf8), file: "x.snap.json") } catch {
            #expect("\(error)" == "x.snap.json: not a snapshot file: expected an object of snapshots, got an array")
        }
        #expect(SnapshotFile.path(forTest: "tests/a_test.lua") == "tests/__snapshots__/a_test.lua.snap.json")
        #expect(SnapshotFile.path(forTest: "a_test.lua") == "__snapshots__/a_test.lua.snap.json")
    }

    @Test func numbersAreComparedToOnePartInAMillion() {
        #expect(SnapshotComparison.equal(.int(100), .double(100.00009)))
        #expect(!SnapshotComparison.equal(.int(100), .double(100.0002)))
        #expect(SnapshotComparison.equal(.double(0), .double(1e-7)))          // absolute below 1
        #expect(!SnapshotComparison.equal(.double(0), .double(1e-5)))
        #expect(SnapshotComparison.equal(["a": 1, "b": 2], ["b": 2, "a": 1]))  // key order does not matter
        #expect(SnapshotComparison.describe(expected: ["items": [[0, 1], [2, 3]]], actual: ["items": [[0, 1], [2, 4]]])
                == "items[1][1] is 4, expected 3")
        #expect(SnapshotComparison.describe(expected: [1, 2], actual: [1, 2, 3], indexBase: 1) == "[3] is 3, expected nothing there")
        #expect(SnapshotComparison.describe(expected: ["a": 1], actual: [:]) == "a is missing, expected 1")
    }

    @Test func aRunDifferenceCountsMovedAppearedAndDisappearedElements() throws {
        let old = Self.run([("a", [0, 0, 10, 10]), ("b", [10, 0, 10, 10]), ("c", [20, 0, 10, 10])])
        let new = Self.run([("a", [0, 0, 10, 10]), ("b", [12, 0, 10, 10]), ("d", [30, 5, 10, 10])], contentSize: [375, 120])
        let d = try #require(RunDifference(old: old, new: new))
        #expect(d.counts == "1 element moved, 1 appeared, 1 disappeared")
        #expect(d.lines() == [
            "moved:", "  item \"b\": (10, 0, 10, 10) → (12, 0, 10, 10)",
            "appeared:", "  item \"d\": (30, 5, 10, 10)",
            "disappeared:", "  item \"c\": (20, 0, 10, 10)",
            "largest move: item \"b\" by 2, (10, 0, 10, 10) → (12, 0, 10, 10)",
            "contentSize: [375, 100] → [375, 120]",
        ])
        #expect(d.old.map(\.change) == [.unchanged, .moved, .appearedOrDisappeared])
        #expect(d.new.map(\.change) == [.unchanged, .moved, .appearedOrDisappeared])
        #expect(RunDifference(old: old, new: old)?.isEmpty == true)
        #expect(RunDifference(old: .int(3), new: old) == nil)
    }

    /// An element whose frame stayed but whose other members changed (a header's pin limit, its
    /// zIndex) is named with what changed: before, such a mismatch read "0 elements moved, 0
    /// appeared, 0 disappeared" with nothing under it.
    @Test func anElementThatKeepsItsFrameButChangesAMemberIsNamed() throws {
        func document(_ header: JSONValue) -> JSONValue {
            ["items": [["id": "a", "frame": [0, 50, 10, 10]]], "contentSize": [375, 100], "supplementaries": [header]]
        }
        let old = document(["frame": [0, 0, 375, 50], "kind": "header", "pinned": true, "section": 0, "zIndex": 2])
        let new = document(["frame": [0, 0, 375, 50], "kind": "header", "pinUntil": 374.8, "pinned": true, "section": 0, "zIndex": 3])
        let d = try #require(RunDifference(old: old, new: new))
        #expect(!d.isEmpty)
        #expect(d.counts == "0 elements moved, 0 appeared, 0 disappeared, 1 changed otherwise")
        #expect(d.lines() == ["changed otherwise:", "  header of section 0: zIndex: 2 → 3, pinUntil: (none) → 374.8"])
        #expect(d.new.map(\.change) == [.unchanged, .unchanged])
    }

    @Test func aChangedContentSizeIsRoundedAsTheFramesAreUnlessThatHidesTheChange() throws {
        let frames = [("a", [0.0, 0, 10, 10])]
        let taller = try #require(RunDifference(old: Self.run(frames, contentSize: [375, 2300.935424668867]),
                                                new: Self.run(frames, contentSize: [375, 4049.94950557712])))
        #expect(taller.lines() == ["contentSize: [375, 2300.94] → [375, 4049.95]"])
        // Two sizes that differ only past the second decimal are shown in full.
        let nudged = try #require(RunDifference(old: Self.run(frames, contentSize: [375, 100.001]),
                                                new: Self.run(frames, contentSize: [375, 100.002])))
        #expect(nudged.lines() == ["contentSize: [375, 100.001] → [375, 100.002]"])
    }

    @Test func onlyTheFirstTenOfEachKindAreListed() throws {
        let old = Self.run((0..<25).map { ("i\($0)", [0, Double($0) * 10, 10, 10]) })
        let new = Self.run((0..<25).map { ("i\($0)", [0, Double($0) * 10 + 1, 10, 10]) })
        let lines = try #require(RunDifference(old: old, new: new)).lines()
        #expect(lines.count == 1 + 10 + 1 + 1)
        #expect(lines[11] == "  ... 15 more")
    }
}

import Foundation
import Testing
@testable import tessera

/// `tessera diff --format text` on the two ends its lists have no test for elsewhere: datasets
/// that do not differ (the report says so instead of ending at the table), and a section that
/// moved whole (listed under "moved sections", by old and new index and id).
@Suite struct DiffTextEdgesCLITests {
    static let two = #"{"sections": [{"id": "A", "items": [{"id": "a1"}, {"id": "a2"}]}, {"id": "B", "items": [{"id": "b1"}]}]}"#
    static let swapped = #"{"sections": [{"id": "B", "items": [{"id": "b1"}]}, {"id": "A", "items": [{"id": "a1"}, {"id": "a2"}]}]}"#

    /// Runs `tessera diff old.json new.json --format text` (plus `extra`) in a folder holding the
    /// two texts; the time of the run is masked as the golden outputs mask it.
    func diffText(_ old: String, _ new: String, _ extra: [String] = []) throws -> CLIOutcome {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try old.write(to: dir.appendingPathComponent("old.json"), atomically: true, encoding: .utf8)
        try new.write(to: dir.appendingPathComponent("new.json"), atomically: true, encoding: .utf8)
        var r = try runTessera(["diff", "old.json", "new.json", "--format", "text"] + extra, in: dir)
        r.stdout = GoldenOutputTests.wallClockless(r.stdout)
        return r
    }

    @Test func identicalDatasetsSayNoChanges() throws {
        let r = try diffText(Self.two, Self.two)
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout == """
            old.json -> new.json
            sections: 2 -> 2: 0 deleted, 0 inserted, 0 moved, 0 updated
            items: 3 -> 3: 0 deleted, 0 inserted, 0 moved, 0 updated
            apply as: one batch (an item both moved and updated is deleted and inserted, and so is a section moved with changes inside or updated among other changes), or 0 stages with --staged; loaded and diffed in N ms

            section   items  deleted  inserted  moved within  moved in  moved out  updated
            "A"      2 -> 2        0         0             0         0          0        0
            "B"      1 -> 1        0         0             0         0          0        0

            no changes

            """)
    }

    @Test func aSectionMovedWholeIsListedByIndexAndId() throws {
        let r = try diffText(Self.two, Self.swapped)
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout == """
            old.json -> new.json
            sections: 2 -> 2: 0 deleted, 0 inserted, 1 moved, 0 updated
            items: 3 -> 3: 0 deleted, 0 inserted, 0 moved, 0 updated
            apply as: one batch (an item both moved and updated is deleted and inserted, and so is a section moved with changes inside or updated among other changes), or 1 stage with --staged; loaded and diffed in N ms

            section       items  deleted  inserted  moved within  moved in  moved out  updated
            "B" (was 1)  1 -> 1        0         0             0         0          0        0
            "A" (was 0)  2 -> 2        0         0             0         0          0        0

            moved sections:
              1 -> 0 "B"

            """)
    }

    @Test func aMovedSectionIsOneStage() throws {
        let r = try diffText(Self.two, Self.swapped, ["--staged"])
        #expect(r.status == 0)
        #expect(r.stdout.hasSuffix("moved sections:\n  1 -> 0 \"B\"\n\nstages:\n  1. 1 section moved; leaves 2 sections, 3 items\n"),
                "\(r.stdout)")
    }

    /// Every control character in an id is escaped as JSON escapes U+0001: DEL and the C1
    /// controls too (U+009B starts a terminal escape sequence), which JSON would leave raw.
    @Test func controlCharactersInIdsAreEscaped() throws {
        let old = #"{"sections": [{"id": "A", "items": [{"id": "a"}]}]}"#
        let new = #"{"sections": [{"id": "A", "items": [{"id": "a"}, {"id": "b\u0001"}, {"id": "c\u007f"}, {"id": "d\u0080"}, {"id": "e\u009b\u009f\u00a0"}]}]}"#
        let r = try diffText(old, new)
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout.hasSuffix("""
            inserted items:
              [0, 1] "b\\u0001"
              [0, 2] "c\\u007f"
              [0, 3] "d\\u0080"
              [0, 4] "e\\u009b\\u009f\u{A0}"

            """), "\(r.stdout)")
    }

    /// A changed field's name comes from the data: a plain one is listed bare, any other quoted
    /// and cut as a string id is, so a comma, a line break, an escape sequence or a right-to-left
    /// override in it neither splits the list nor acts on the terminal. The JSON is the data's.
    @Test func changedFieldNamesThatAreNotPlainAreQuoted() throws {
        let long = String(repeating: "x", count: 70)
        let fields = ["title", "a, b", "line\\nbreak", "\\u001b[31m", "r\\u202el", long, "", "ok_name-1.2"]
        func data(_ value: Int) -> String {
            #"{"sections": [{"id": "A", "items": [{"id": "p", "# + fields.map { #""\#($0)": \#(value)"# }.joined(separator: ", ") + "}]}]}"
        }
        let r = try diffText(data(1), data(2))
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout.hasSuffix("""
            updated items:
              [0, 0] "p": title, "a, b", "line\\nbreak", "\\u001b[31m", "r\\u202el", "\(String(repeating: "x", count: 64))"… (70 characters), "", ok_name-1.2

            """), "\(r.stdout)")
        let sections = { (value: Int) in #"{"sections": [{"id": "A", "tag\n": \#(value), "items": [{"id": "p"}]}]}"# }
        let s = try diffText(sections(1), sections(2))
        #expect(s.stdout.hasSuffix("updated sections:\n  0 \"A\": \"tag\\n\"\n"), "\(s.stdout)")
    }
}

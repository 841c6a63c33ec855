import Foundation
import Testing

/// `tessera scroll --format text` lists the ids that entered and left on one line per step: an
/// id that is not one plain word is quoted, so it cannot pass for two ids or break the line.
@Suite struct ScrollTextIDsTests {
    @Test func oddIdsAreQuotedOnTheStepsLine() throws {
        let dir = try temporaryDirectory()
        try #"{"items": [{"id": "a b", "w": 10, "h": 10}, {"id": "", "w": 10, "h": 10}, {"id": "c\nd", "w": 10, "h": 10}, {"id": 5, "w": 10, "h": 10}]}"#
            .write(to: dir.appendingPathComponent("d.json"), atomically: true, encoding: .utf8)
        let r = try runTessera(["scroll", "flow", "--data", "d.json", "--steps", "1"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let first = r.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix(#"step 1 offset 0,0: 4 visible; in "a b" "" "c\nd" 5; out -; "#), "\(r.stdout)")
    }
}

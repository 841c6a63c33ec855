import Foundation
import Testing

/// `tessera scroll --format text` lists the ids that entered and left on one line per step, as
/// every message writes ids: integers bare, strings quoted as JSON quotes them, so an odd id
/// cannot pass for two ids or break the line, and the integer 0 and the string "0" read apart.
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

    @Test func theIntegerZeroAndTheStringZeroReadApart() throws {
        let dir = try temporaryDirectory()
        try #"{"items": [{"id": 0, "w": 10, "h": 10}, {"id": "0", "w": 10, "h": 10}, {"id": "p05", "w": 10, "h": 10}]}"#
            .write(to: dir.appendingPathComponent("d.json"), atomically: true, encoding: .utf8)
        let r = try runTessera(["scroll", "flow", "--data", "d.json", "--steps", "1"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let first = r.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix(#"step 1 offset 0,0: 3 visible; in 0 "0" "p05"; out -; "#), "\(r.stdout)")
    }

    @Test func longIdsAreListedAsFarAsTheLineAllowsAndCounted() throws {
        let dir = try temporaryDirectory()
        let items = (1...10).map { #"{"id": "stamp-\#(String(format: "%04d", $0))-long-name", "w": 10, "h": 10}"# }
        try #"{"items": [\#(items.joined(separator: ", "))]}"#.write(to: dir.appendingPathComponent("d.json"), atomically: true, encoding: .utf8)
        let r = try runTessera(["scroll", "flow", "--data", "d.json", "--steps", "1"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let first = r.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix(#"step 1 offset 0,0: 10 visible; in "stamp-0001-long-name" "stamp-0002-long-name" (+8); out -; "#), "\(r.stdout)")
    }

    @Test func anIdLongerThanTheListIsStillListed() throws {
        let dir = try temporaryDirectory()
        let long = String(repeating: "x", count: 60)
        try #"{"items": [{"id": "\#(long)", "w": 10, "h": 10}, {"id": "b", "w": 10, "h": 10}]}"#
            .write(to: dir.appendingPathComponent("d.json"), atomically: true, encoding: .utf8)
        let r = try runTessera(["scroll", "flow", "--data", "d.json", "--steps", "1"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let first = r.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix(#"step 1 offset 0,0: 2 visible; in "\#(long)" (+1); out -; "#), "\(r.stdout)")
    }
}

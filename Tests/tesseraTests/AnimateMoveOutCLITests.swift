import Foundation
import Testing

/// `tessera animate` (the same change timeline the preview plays on a data save): cells that a
/// reload pushes out of the viewport move out of view; only removed data is deleted.
@Suite struct AnimateMoveOutCLITests {
    @Test func cellsPushedOutOfViewMoveAndOnlyRemovedDataIsDeleted() throws {
        let dir = try temporaryDirectory()
        func items(_ ids: String) -> String {
            "{\"items\": [" + ids.map { "{\"id\": \"\($0)\", \"w\": 100, \"h\": 100}" }.joined(separator: ", ") + "]}"
        }
        // a, b and c show in a 100x250 viewport; x and y come in above them and b is removed.
        try items("abcdef").write(to: dir.appendingPathComponent("old.json"), atomically: true, encoding: .utf8)
        try items("xyacdf").write(to: dir.appendingPathComponent("new.json"), atomically: true, encoding: .utf8)
        let run = try runTessera(["animate", "flow", "--data", "old.json", "--to", "new.json", "--viewport", "100x250",
                                  "--offset", "0,0", "--animator", "fade", "--fps", "2"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let tracks = try #require(document["tracks"] as? [[String: Any]])
        let summary = tracks.map { track -> String in
            let from = ((track["from"] as? [String: Any])?["frame"] as? [Double]) ?? []
            let to = ((track["to"] as? [String: Any])?["frame"] as? [Double]) ?? []
            return "\(track["event"] ?? "") \(track["id"] ?? "") y \(Int(from[1])) -> \(Int(to[1]))"
        }
        #expect(summary == [
            "delete b y 100 -> 100",      // removed from the data: fades out where it was
            "update c y 200 -> 300",      // pushed below the viewport: moves there
            "insert x y 0 -> 0",
            "insert y y 100 -> 100",
            "move a y 0 -> 200",
        ])
    }
}

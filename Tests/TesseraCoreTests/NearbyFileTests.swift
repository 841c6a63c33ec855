import Foundation
import Testing
@testable import TesseraCore

/// The file a missing path most likely meant: a close name in its folder, else the only one its
/// name begins, else the same name one or two folders down; never a file of another kind, a
/// hidden one, one under node_modules or a folder.
struct NearbyFileTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-\(UUID().uuidString)").path
        for file in ["photos.jsonl", "notes.txt", ".stamps.json", "examples/cards.csv", "examples/deeper/wide.json",
                     "tuxpaint-stamps.json", "emoji-15.1.json", "emoji-17.0.json", "notebook.txt",
                     "examples/deeper/deepest/far.json", "node_modules/pkg/lib.json", ".hidden/inside/secret.json"] {
            let path = folder + "/" + file
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data("[]".utf8).write(to: URL(fileURLWithPath: path))
        }
        try FileManager.default.createDirectory(atPath: folder + "/photo.json", withIntermediateDirectories: true)
    }

    @Test(arguments: [
        ("photo.jsonl", "photos.jsonl"),            // a letter missing
        ("photos.json", "photos.jsonl"),            // the wrong extension
        ("cards.csv", "examples/cards.csv"),        // one folder too high
        ("wide.json", "examples/deeper/wide.json"), // two folders too high
        ("far.json", nil),                          // three folders too high: not looked for
        ("lib.json", nil),                          // node_modules is not looked into
        ("secret.json", nil),                       // nor are hidden folders
        ("notes.txs", nil),                         // close, but not a dataset
        ("stamps.json", nil),                       // hidden files are not offered
        ("photo.jso", "photos.jsonl"),              // a folder named like a dataset is not offered
        ("zzzzzzzz.json", nil),
        ("tuxpaint.json", "tuxpaint-stamps.json"),  // the start of one file's name
        ("TUXPAINT", "tuxpaint-stamps.json"),       // in any case, with no extension
        ("emoji.json", nil),                        // the start of two files' names
        ("tu.json", nil),                           // too short to stand for one
        ("note.json", nil),                         // the start of a file that is not a dataset
    ] as [(String, String?)])
    func suggestsTheFileMeant(missing: String, expected: String?) {
        let json: Set<String> = ["json", "jsonl", "csv"]
        #expect(NearbyFile.suggestion(for: folder + "/" + missing, extensions: json) == expected.map { folder + "/" + $0 })
    }

    /// A symbolic link to nothing is said to be one, with its target; a path the system would
    /// not look up is said to be that, with the system's reason, never "no such file".
    @Test func aBrokenLinkAndAnUnreachablePathAreNoMissingFile() throws {
        let link = folder + "/old.json"
        #expect(symlink("moved.json", link) == 0)
        #expect(NearbyFile.missing(link, expected: "a dataset file", extensions: ["json"])
                == "expected a dataset file, found a broken symbolic link (to 'moved.json')")
        #expect(NearbyFile.missing(folder + "/zzzzzzzz.json", expected: "a dataset file", extensions: ["json"])
                == "expected a dataset file, found no such file")
        #expect(NearbyFile.unreachable(EACCES) == "a path that cannot be checked (permission denied)")
        #expect(NearbyFile.unreachable(ELOOP) == "a path that cannot be checked (too many levels of symbolic links)")
    }

    /// Two levels down costs a listing of every subfolder, so it stops after `deeperLimit`
    /// entries; one level down costs no listing and is always looked at.
    @Test func theSearchTwoLevelsDownStopsAtItsLimit() {
        let json: Set<String> = ["json", "csv"]
        #expect(NearbyFile.suggestion(for: folder + "/wide.json", extensions: json, deeperLimit: 0) == nil)
        #expect(NearbyFile.suggestion(for: folder + "/cards.csv", extensions: json, deeperLimit: 0) == folder + "/examples/cards.csv")
        #expect(NearbyFile.suggestion(for: folder + "/wide.json", extensions: json, deeperLimit: 100) == folder + "/examples/deeper/wide.json")
    }

    /// The folder's own listing counts against `deeperLimit`: its 11 entries (hidden ones
    /// included, as they were read) leave nothing of 11 for its subfolders, and 2 of 13 for
    /// examples/, which holds cards.csv and deeper/.
    @Test func theFoldersOwnEntriesCountAgainstTheLimit() {
        let json: Set<String> = ["json", "csv"]
        #expect(NearbyFile.suggestion(for: folder + "/wide.json", extensions: json, deeperLimit: 11) == nil)
        #expect(NearbyFile.suggestion(for: folder + "/wide.json", extensions: json, deeperLimit: 13) == folder + "/examples/deeper/wide.json")
    }

    @Test func aHintIsTheDidYouMeanShapeAndEmptyForNone() {
        #expect(NearbyFile.hint(for: folder + "/photo.jsonl", extensions: ["jsonl"]) == " (did you mean \(folder)/photos.jsonl?)")
        #expect(NearbyFile.hint(for: folder + "/photo.jsonl", extensions: ["lua"]) == "")
        #expect(NearbyFile.hint(for: folder + "/nowhere/photo.jsonl", extensions: ["jsonl"]) == "")
        #expect(NearbyFile.hint(for: folder + "/", extensions: ["jsonl"]) == "")
    }
}

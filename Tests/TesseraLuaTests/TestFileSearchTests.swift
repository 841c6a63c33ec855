import Foundation
import Testing
@testable import TesseraLua

/// `tessera test`'s folder search on a made-up file system, for what a scratch folder cannot
/// show a test run as root: a folder on another file system, and one that cannot be listed.
@Suite struct TestFileSearchTests {
    /// A file system of `entries` (path → kind and file system), each folder's names read from
    /// the paths; the folders in `unreadable` cannot be listed.
    static func search(_ entries: [String: (FileEntry.Kind, UInt64)], unreadable: Set<String> = []) -> TestFileSearch {
        let inodes = Dictionary(uniqueKeysWithValues: entries.keys.sorted().enumerated().map { ($1, UInt64($0)) })
        return TestFileSearch(
            entry: { path, _ in
                entries[path].map { FileEntry(kind: $0.0, identity: FileEntry.Identity(device: $0.1, inode: inodes[path]!)) }
            },
            list: { folder in
                guard entries[folder]?.0 == .folder, !unreadable.contains(folder) else { return nil }
                return names(in: folder, of: entries.keys)
            })
    }

    /// The names in `folder` of the made-up file system whose paths are `paths`.
    static func names(in folder: String, of paths: some Collection<String>) -> [String] {
        paths.filter { $0.hasPrefix(folder + "/") && !$0.dropFirst(folder.count + 1).contains("/") }
            .map { String($0.dropFirst(folder.count + 1)) }
    }

    static let tree: [String: (FileEntry.Kind, UInt64)] = [
        "root": (.folder, 1), "root/a_test.lua": (.file, 1),
        "root/proc": (.folder, 2), "root/proc/b_test.lua": (.file, 2),
        "root/sub": (.folder, 1), "root/sub/c_test.lua": (.file, 1), "root/sub/notes.lua": (.file, 1),
    ]

    @Test func theSearchStaysOnTheFileSystemItStartsOn() throws {
        var found: [String] = []
        var searched = Set<FileEntry.Identity>()
        try Self.search(Self.tree).collect("root", suffix: "_test.lua", into: &found, searched: &searched)
        #expect(found == ["root/a_test.lua", "root/sub/c_test.lua"])
        // Named itself, the other file system is searched.
        found = []
        try Self.search(Self.tree).collect("root/proc", suffix: "_test.lua", into: &found, searched: &searched)
        #expect(found == ["root/proc/b_test.lua"])
    }

    @Test func aFolderThatCannotBeListedIsAnErrorNamingIt() {
        var found: [String] = []
        var searched = Set<FileEntry.Identity>()
        #expect {
            try Self.search(Self.tree, unreadable: ["root/sub"]).collect("root", suffix: "_test.lua", into: &found, searched: &searched)
        } throws: { error in
            "\(error)" == "root/sub: expected a folder this user may list, found one that cannot be read (name the readable folders as PATHs instead)."
        }
    }

    /// Without a PATH only a project is searched: a folder with a tests or layouts folder (any
    /// case; a link to one counts) or a test file of its own (a link to one counts; a FIFO or a
    /// folder of that name does not).
    @Test func aProjectHoldsATestsOrLayoutsFolderOrATestFile() {
        let cases: [([String: FileEntry.Kind], Bool?)] = [
            (["p": .folder, "p/tests": .folder], true),
            (["p": .folder, "p/layouts": .folder, "p/README.md": .file], true),
            (["p": .folder, "p/Tests": .folder], true),
            (["p": .folder, "p/tests": .symbolicLink, "tests": .folder], true),
            (["p": .folder, "p/a_test.lua": .file], true),
            (["p": .folder, "p/a_test.lua": .symbolicLink, "a_test.lua": .file], true),
            (["p": .folder], false),
            (["p": .folder, "p/tests.txt": .file, "p/src": .folder, "p/src/tests": .folder], false),
            (["p": .folder, "p/a_test.lua": .other, "p/b_test.lua": .folder], false),
            (["p": .folder, "p/a_test.lua": .symbolicLink], false),
            (["q": .folder], nil),
        ]
        for (entries, expected) in cases {
            let search = TestFileSearch(
                entry: { path, following in
                    // A link named p/X leads to the entry named X.
                    var kind = entries[path]
                    if following, kind == .symbolicLink { kind = entries[String(path.dropFirst(2))] }
                    return kind.map { FileEntry(kind: $0, identity: nil) }
                },
                list: { folder in entries[folder] == .folder ? Self.names(in: folder, of: entries.keys) : nil })
            #expect(search.isProject("p", suffix: "_test.lua") == expected, "\(entries)")
        }
    }

    /// This repository is a project: its layout scripts' tests run with a bare `tessera test`.
    @Test func thisRepositoryIsAProject() {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        #expect(LayoutTestSuite.isProject(root.path) == true)
        #expect(LayoutTestSuite.isProject(root.appendingPathComponent("Sources").path) == false)
    }
}

import TesseraCore

/// How `tessera test` searches a folder for test files, as pytest, Jest and busted do, so that
/// `tessera test ~` or `tessera test /` ends, and ends soon: only regular files are tests (a
/// FIFO, socket, device or broken link of a test's name is passed over, as a hidden folder is);
/// a symbolic link to a folder is not followed (a link to a test file is run); hidden names (`.git`, `.build`), `node_modules`
/// and `__snapshots__` are skipped; the search stays on the file system of the folder it starts
/// from (so `/proc`, `/sys` and `/dev` stay out); and each folder is searched once, however it
/// is reached. The folder it starts from was named by the user and is searched whatever it is.
struct TestFileSearch: Sendable {
    /// What `path` is, without following a link unless asked (`ScriptFiles.entry`).
    var entry: @Sendable (_ path: String, _ followingLinks: Bool) -> FileEntry?
    /// The names in a folder, or nil when it cannot be listed (`ScriptFiles.list`).
    var list: @Sendable (_ folder: String) -> [String]?

    /// The search on the file system itself.
    static let files = TestFileSearch(entry: ScriptFiles.entry, list: ScriptFiles.list)

    /// Folder names never searched (besides hidden ones): installed packages, and the
    /// snapshots beside each test file.
    static let skippedFolders: Set<String> = ["node_modules", SnapshotFile.folderName]

    /// Adds to `found` the test files (`*suffix`) under `folder`, a folder's names in sorted
    /// order, skipping the folders already in `searched` (and adding the ones it searches).
    /// - Throws: `LayoutTestPathError` naming a folder that cannot be listed.
    /// - Complexity: O(entries under `folder`) lookups.
    func collect(_ folder: String, suffix: String, into found: inout [String],
                 searched: inout Set<FileEntry.Identity>) throws {
        let start = entry(folder, true)
        try search(folder, identity: start?.identity, device: start?.identity?.device, suffix: suffix,
                   into: &found, searched: &searched)
    }

    private func search(_ folder: String, identity: FileEntry.Identity?, device: UInt64?, suffix: String,
                        into found: inout [String], searched: inout Set<FileEntry.Identity>) throws {
        if let identity, !searched.insert(identity).inserted { return }
        guard let names = list(folder) else {
            // One removed while the search ran is no longer there to test.
            guard entry(folder, false) == nil else {
                throw LayoutTestPathError(folder, expected: "a folder this user may list",
                                          found: "one that cannot be read (name the readable folders as PATHs instead)")
            }
            return
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = folder == "." ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
            guard let child = entry(path, false) else { continue }
            switch child.kind {
            case .folder:
                guard !Self.skippedFolders.contains(name), child.identity?.device == device else { continue }
                try search(path, identity: child.identity, device: device, suffix: suffix, into: &found, searched: &searched)
            case .file:
                if name.hasSuffix(suffix) { found.append(path) }
            case .symbolicLink:
                if name.hasSuffix(suffix), entry(path, true)?.kind == .file { found.append(path) }
            case .other:
                // A FIFO, socket or device is no test whatever its name (reading a FIFO blocks).
                continue
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file a path that names nothing most likely meant, for "found no such file (did you mean
/// datasets/tuxpaint-stamps.json?)": a misspelt or shortened name in the right folder
/// (`datasets/tuxpaint.json`), or the right name one or two folders too high (`photos.jsonl` for
/// `datasets/photos.jsonl` or `datasets/examples/photos.jsonl`). Asked only
/// once a file is known to be missing, so listing a folder costs nothing on the way that works.
package enum NearbyFile {
    /// Entries of the path's folder looked at, at most: a hint is not worth a long wait in a huge folder.
    static let entryLimit = 10_000

    /// Entries read in all, the folder's own first, before looking two levels down stops: run
    /// from a home folder, the search gives up rather than walk it.
    static let deeperLimit = 4_000

    /// Folders never looked into, besides hidden ones (`.git`, `.build`): a package
    /// manager's, holding thousands of files nobody names.
    static let skippedFolders: Set<String> = ["node_modules"]

    /// What every command says of an input file that is not there, `kind` saying what it should
    /// have been: "expected a dataset file, found no such file (did you mean
    /// datasets/tuxpaint-stamps.json?)", the hint from the files of `extensions` near `path`; a
    /// symbolic link to nothing is said to be one ("found a broken symbolic link (to 'old.lua')"),
    /// and a path the system would not look up is no missing file ("found a path that cannot be
    /// checked (permission denied)": a folder on it may not be searched). The caller ends the
    /// sentence. O(1) system calls, and a folder listed for the hint.
    package static func missing(_ path: String, expected kind: String, extensions: Set<String>) -> String {
        var info = stat()
        if lstat(path, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFLNK { return "expected \(kind), found a broken symbolic link" + linkTarget(path) }
        } else if errno != ENOENT && errno != ENOTDIR {
            return "expected \(kind), found \(unreachable(errno))"
        }
        return "expected \(kind), found no such file" + hint(for: path, extensions: extensions)
    }

    /// What a path that cannot be looked up for the C library's `code` (not ENOENT) is: "a path
    /// that cannot be checked (permission denied)".
    package static func unreachable(_ code: Int32) -> String {
        "a path that cannot be checked (\(systemReason(code)))"
    }

    /// " (to 'TARGET')" for the symbolic link `path`, else "" (when it cannot be read).
    static func linkTarget(_ path: String) -> String {
        var buffer = [CChar](repeating: 0, count: 4_097)
        let n = readlink(path, &buffer, 4_096)
        guard n > 0 else { return "" }
        let target = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return " (to \(shortenedForMessage(target) { "'\($0)'" }))"
    }

    /// " (did you mean FOLDER/NAME?)" for a missing `path`, else "".
    package static func hint(for path: String, extensions: Set<String>) -> String {
        DidYouMean.hint(suggestion(for: path, extensions: extensions))
    }

    /// The closest file of `path`'s folder whose extension is one of `extensions` (lowercase,
    /// without the dot), by `DidYouMean`'s rule; failing that, the only such file whose name
    /// starts with `path`'s name less its extension; failing that, a file of exactly `path`'s
    /// name in one of the folder's subfolders, then in one of theirs (listed while fewer than
    /// `deeperLimit` entries, the folder's own counted, have been read). Written with the folder
    /// as `path` writes it; nil for none.
    package static func suggestion(for path: String, extensions: Set<String>, deeperLimit: Int = deeperLimit) -> String? {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty else { return nil }
        var read = 0
        let entries = listing(folder.isEmpty ? "." : folder, limit: entryLimit, read: &read)
        let files = entries.filter { !$0.isFolder && extensions.contains(fileExtension($0.name)) }.map(\.name)
        // One name is a hint; several are a guess the user has to check anyway.
        let close = DidYouMean.suggestions(for: name, among: files)
        if close.count == 1 { return folder + close[0] }
        if let longer = onlyFile(startingWith: name, among: files) { return folder + longer }
        var level = entries.filter(\.isFolder).map { folder + $0.name + "/" }
        var budget = deeperLimit - read
        for depth in 1...2 {
            if let found = level.first(where: { isRegularFile($0 + name) }) { return found + name }
            guard depth < 2 else { break }
            var next: [String] = []
            for subfolder in level where budget > 0 {
                var read = 0
                next += listing(subfolder, limit: budget, read: &read).filter(\.isFolder).map { subfolder + $0.name + "/" }
                budget -= read
            }
            level = next
        }
        return nil
    }

    /// The one file of `files` whose name starts with `name` less its extension, in any case
    /// (`tuxpaint.json`: `tuxpaint-stamps.json`); nil when none or several do, or when that
    /// stem is shorter than 3 characters, too short to stand for one file.
    static func onlyFile(startingWith name: String, among files: [String]) -> String? {
        let stem = fileExtension(name).isEmpty ? name : String(name[..<name.lastIndex(of: ".")!])
        guard stem.count >= 3 else { return nil }
        let lowered = stem.lowercased()
        let matches = files.filter { $0.lowercased().hasPrefix(lowered) }
        return matches.count == 1 ? matches[0] : nil
    }

    /// The lowercased text after the last dot of a file name ("" for none).
    static func fileExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...]).lowercased()
    }

    /// The entries of `folder` other than hidden ones and `skippedFolders`, sorted by name, each
    /// marked when it is a folder (a symbolic link to one counts); empty when it cannot be read.
    /// At most `limit` names are read; `read` is how many were.
    static func listing(_ folder: String, limit: Int, read: inout Int) -> [(name: String, isFolder: Bool)] {
        let all = folderNames(folder, limit: limit) ?? []
        read = all.count
        let names = all.filter { !$0.hasPrefix(".") && !skippedFolders.contains($0) }
        return names.sorted().map { name in
            var info = stat()
            return (name, stat(folder + "/" + name, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR)
        }
    }

    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }
}

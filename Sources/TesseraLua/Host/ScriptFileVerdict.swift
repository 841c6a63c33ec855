#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TesseraCore

/// What one path holds as a Lua script file: a script to run, or why not. The one judgement of
/// a script file that a lookup by name (a layout's, an animator's), `require`, `t.animator` and
/// the script listing all consult; each words a refusal its own way (`LuaHost.scriptFileProblem`,
/// `ModulePaths.find`). The checks go in this order, the first that fails deciding: something is
/// there (a symbolic link to nothing is a broken link), it is a regular file, it is within
/// `ScriptFiles.maxSourceBytes`, this user may read it, and, when a folder is given, it stays
/// inside that folder once its links are resolved (`ScriptSearch` says how a lookup uses this).
enum ScriptFileVerdict: Equatable {
    /// A readable regular file within the size limit (inside its folder, when one was given).
    case script
    /// Nothing at the path, not even a link (or a path the system would not look up).
    case absent
    /// A symbolic link to nothing.
    case brokenLink
    /// Something other than a regular file (a folder, a FIFO, which would block a read) or a
    /// symbolic link loop, worded as the dataset reader words it: "expected a regular file,
    /// found a directory".
    case notARegularFile(String)
    /// A regular file larger than a Lua source may be: "expected a Lua source file of at most
    /// 16 MB, found 20 MB".
    case tooLarge(String)
    /// A regular file this user may not read, with the C library's reason ("permission denied").
    case unreadable(String)
    /// A readable file that leads out of its folder: "path resolves through a symbolic link to
    /// '/elsewhere/x.lua', outside its search folder folder; expected a file inside that folder".
    case linkOut(String)

    /// The verdict on `path`; `folder`, when given, is the search folder it must stay inside.
    /// A shipped script (`<tessera>/...`) is a script or absent. Costs one `stat` and one
    /// `access` for a script (and two `realpath` calls when `folder` is given); a refusal costs
    /// one more `stat` or `lstat` to name what is there.
    init(_ path: String, inside folder: String? = nil) {
        if ScriptFiles.isShipped(path) {
            self = ScriptFiles.isFile(path) ? .script : .absent
            return
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            // A link loop is something there that is no file; a link to nothing is a broken link.
            if errno == ELOOP, let problem = TesseraCore.notARegularFile(path) { self = .notARegularFile(problem); return }
            self = lstat(path, &info) == 0 ? .brokenLink : .absent
            return
        }
        if (info.st_mode & S_IFMT) != S_IFREG, let problem = TesseraCore.notARegularFile(path) {
            self = .notARegularFile(problem)
        } else if let problem = ScriptFiles.tooLarge(size: Int(info.st_size)) {
            self = .tooLarge(problem)
        } else if access(path, R_OK) != 0 {
            self = .unreadable(systemReason(errno))
        } else if let folder, let outside = Self.linkOut(path, of: folder) {
            self = .linkOut(outside)
        } else {
            self = .script
        }
    }

    /// "path resolves through a symbolic link to '/elsewhere/x.lua', outside its search folder
    /// folder; expected a file inside that folder" when `path`, once its links are resolved (its
    /// own, a chain of them, a linked folder on the way), is not inside `folder` (or cannot be
    /// resolved); nil when it stays inside. A linked folder on the way that leads out is named
    /// with where it leads ("a symbolic link (folder/lib -> /elsewhere/lib) to ..."), since the
    /// path alone does not show which part is the link. The folder is resolved too, so a search
    /// folder that is itself a link is searched where it leads. Two `realpath` calls, and one a
    /// folder on the way when the path leads out.
    private static func linkOut(_ path: String, of folder: String) -> String? {
        let real = ScriptFiles.realPath(path)
        let root = ScriptFiles.realPath(folder)
        if let real, let root, isInside(real, root) { return nil }
        let link = root.flatMap { leavingFolder(path, of: folder, root: $0) }.map { " (\($0.link) -> \($0.target))" } ?? ""
        return "\(path) resolves through a symbolic link\(link) to '\(real ?? "?")', outside its search folder \(folder); "
            + "expected a file inside that folder"
    }

    /// The first folder on the way from `folder` to `path` (`folder/lib` of `folder/lib/grid.lua`)
    /// that resolves outside `root` (the folder resolved), with where it leads; nil when none
    /// does (the file itself is the link that leads out) or one cannot be resolved. O(depth)
    /// `realpath` calls.
    private static func leavingFolder(_ path: String, of folder: String, root: String) -> (link: String, target: String)? {
        let start = LuaHost.join(folder, "")
        guard path.hasPrefix(start) else { return nil }
        var prefix = folder
        for part in path.dropFirst(start.count).split(separator: "/").dropLast() {
            prefix = LuaHost.join(prefix, String(part))
            guard let target = ScriptFiles.realPath(prefix) else { return nil }
            if target != root, !isInside(target, root) { return (prefix, target) }
        }
        return nil
    }

    /// Whether the resolved path `real` is below the resolved folder `root`. O(root).
    private static func isInside(_ real: String, _ root: String) -> Bool {
        real.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The names in the folder at `path` other than `.` and `..`, in the order the file system
/// gives them, at most `limit` of them; nil when the folder cannot be listed. The one reader of
/// folders through the C library (the script search, the missing-file hint, `--out`'s clean-up).
/// O(entries read).
package func folderNames(_ path: String, limit: Int = .max) -> [String]? {
    guard let folder = opendir(path) else { return nil }
    defer { closedir(folder) }
    var names: [String] = []
    while names.count < limit, let entry = readdir(folder) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name != ".", name != ".." { names.append(name) }
    }
    return names
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A PATH given to `tessera test` quoted, so the shell left its pattern alone
/// (`tessera test 'tests/*_test.lua'`): expanded as the shell would have (glob(3): `*`, `?`,
/// `[...]`, no leading dots), so quoting it changes nothing.
enum PathPattern {
    /// Whether `path` holds a pattern character.
    static func isPattern(_ path: String) -> Bool {
        path.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    /// The paths `pattern` matches, sorted; [] when none does. O(files searched).
    static func matches(_ pattern: String) -> [String] {
        var found = glob_t()
        defer { globfree(&found) }
        guard glob(pattern, 0, nil, &found) == 0 else { return [] }
        return (0..<Int(found.gl_pathc)).compactMap { found.gl_pathv[$0].map { String(cString: $0) } }
    }
}

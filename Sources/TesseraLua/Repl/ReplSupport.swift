/// Lua code the REPL runs once per session, in a private sandboxed environment: the session's
/// `print` and `load`. It is Lua because printing a value means calling `tostring`, `#` and
/// `pairs` with their metamethods, and those are user code that must run under the limits.
///
/// `print(...)` writes its arguments tab-separated, as Lua's does, except that a plain table
/// (one whose `tostring` is the default `table: 0x...`) prints as a nested constructor:
/// sequence items `1..#t` first, then the other keys (`id`, `name`, `x`, `y`, `w`, `h`,
/// `width`, `height` first, as items and frames read best that way; then numbers, strings and
/// the rest in order). A table met again inside itself prints as `<cycle: root.path>`.
/// Floats print with the fewest digits (14 to 17) that read back exactly, where Lua's
/// `tostring` always uses 14, so values match `tessera run`'s JSON.
/// Short tables stay on one line when they fit `settings.width`, others take an entry a line,
/// but for a list's numbers, strings and booleans, packed as many to a line as fit; output stops after
/// `settings.lines` lines, each cut table saying how many entries it left out, followed by a
/// note. Strings inside tables longer than `settings.stringlimit` bytes are shortened. At most
/// 1000 entries of a table are visited, so printing a huge table stays within the line's limits.
///
/// `load(path)` with one string argument ending in `.lua` loads a layout script (the REPL's
/// built-in); any other call is the sandbox's text-only `load`.
enum ReplSupport {
    static let chunkName = "=[repl]"

    /// repl-support.lua, beside this file (compiled in by SwiftPM: `.embedInCode`).
    static let source = String(decoding: PackageResources.repl_support_lua, as: UTF8.self)
}

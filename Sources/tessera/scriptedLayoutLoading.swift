import Foundation
import OrderedCollections
import TesseraCore
import TesseraLua

/// The layout `run` and `check` name: a built-in, or a `.lua` script loaded into a new
/// sandboxed host under `limits` (`LuaHost.layout(named:params:)`, which the REPL uses too).
///
/// Errors keep their own text (`file:line: message` plus the Lua traceback for a script); an
/// analytic script's failing `frame(i)` or `visible(...)` is thrown by the query that ran it.
func resolveLayout(_ nameOrPath: String, params: OrderedDictionary<String, JSONValue>,
                   limits: ScriptLimitOptions) throws -> any Layout {
    try scriptHost(limits: limits).layout(named: nameOrPath, params: params)
}

/// A new sandboxed Lua host under `limits` whose `print` writes to stderr (`writeScriptLine`).
func scriptHost(limits: ScriptLimitOptions) throws -> LuaHost {
    let host = try LuaHost(limits: limits.scriptLimits)
    host.output = writeScriptLine
    return host
}

/// Where a script's `print` lines go unless a command sends them elsewhere: standard error,
/// escaped for a terminal, so they never mix with a command's output.
@Sendable func writeScriptLine(_ line: String) {
    try? StandardStream.error.write(line: line)
}

/// The file `LuaHost.layout(named:)` loads for `nameOrPath` when it is one on disk (a `.lua`
/// path, or the script a name finds in a `layouts/` folder), which the preview reads and
/// watches; nil for a built-in or a script shipped inside the program.
func layoutScriptFile(_ nameOrPath: String) -> String? {
    if nameOrPath.hasSuffix(".lua") { return nameOrPath }
    guard !BuiltinLayouts.names.contains(nameOrPath), let path = try? LuaHost().layoutScriptPath(nameOrPath) else { return nil }
    return FileManager.default.isReadableFile(atPath: path) ? path : nil
}

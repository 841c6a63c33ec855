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
    let host = try LuaHost(limits: limits.scriptLimits)
    host.output = { line in try? StandardStream.error.write(line: line) }
    return try host.layout(named: nameOrPath, params: params)
}

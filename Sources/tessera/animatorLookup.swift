import OrderedCollections
import TesseraCore
import TesseraLua

// The one lookup of an animator by the name a person gives (`--animator`): `tessera animate`,
// `tessera scroll` and `tessera preview` all find theirs here.

/// An animator by name: a built-in (`fade`, `scale`, `wobble`), a script in an `animators/`
/// folder (`cascade`), or a `.lua` file, with its `K=V` parameters (`tessera animate`,
/// `tessera scroll`, `tessera preview`).
func animatorNamed(_ animator: String, params: OrderedDictionary<String, JSONValue>, _ options: ScriptLimitOptions) throws
    -> any Animator {
    if let builtin = try BuiltinAnimators.make(animator, params: params, source: "--animator \(animator)") { return builtin }
    let host = try LuaHost(limits: options.scriptLimits)
    host.output = { line in try? StandardStream.error.write(line: line) }
    guard let path = host.animatorScriptPath(animator) else {
        if animator.hasSuffix(".lua") { throw CLIError("\(animator): the animator script does not exist") }
        throw CLIError("unknown --animator '\(animator)'; expected a .lua script, a script in \(host.animatorDirectories().joined(separator: ", ")), or one of \(BuiltinAnimators.names.joined(separator: ", "))")
    }
    return try AnimatorScript(host: host, path: path, params: params)
}

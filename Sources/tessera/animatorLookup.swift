import Foundation
import OrderedCollections
import TesseraCore
import TesseraLua

// `tessera animate`, `tessera scroll` and `tessera preview` find their animator here, through
// the library's lookup (`LuaHost.animator(named:params:)`), worded for `--animator`; the preview
// watches the file this lookup loads.

/// An animator by name: a built-in (`fade`, `scale`, `wobble`), a script in an `animators/`
/// folder (`cascade`), or a `.lua` file, with its `K=V` parameters (`tessera animate`,
/// `tessera scroll`, `tessera preview`). With `files`, the script and what it requires are run
/// from those bytes (the preview's, as its read stage compared them), not read again. A script's
/// `print` lines go to `output` (`writeScriptLine` unless given).
func animatorNamed(_ animator: String, params: OrderedDictionary<String, JSONValue>, _ options: ScriptLimitOptions,
                   reading files: ScriptFileBytes? = nil, output: @escaping (String) -> Void = writeScriptLine) throws -> any Animator {
    let host = try LuaHost(limits: options.scriptLimits)
    host.output = output
    files?.serve(host)
    return try host.animator(named: animator, params: params, wording: animatorFlagWording)
}

/// How `--animator` words the lookup's messages: "unknown --animator 'x' ...; `tessera layouts`
/// lists them", "--animator fade: unknown param ...".
let animatorFlagWording = AnimatorWording(flag: "--animator", listing: listedByLayoutsCommand)

/// The file `animatorNamed` loads for `name` when it is one on disk (a `.lua` path, or a script
/// found in an `animators/` folder), which the preview reads and watches as it does the layout
/// script; nil for a built-in or a script shipped inside the program.
func animatorFile(_ name: String) throws -> String? {
    guard !BuiltinAnimators.names.contains(name), let path = try LuaHost().animatorScriptPath(name) else { return nil }
    return FileManager.default.isReadableFile(atPath: path) ? path : nil
}

/// The layout `resolve` gives, or its error for a `--param K` a built-in layout does not take,
/// told where K belongs when the animator `animator` declares it (a newcomer passes the animator's
/// params with `--param`): `...; 'from' is a param of --animator pop.lua, given with
/// --animator-param from=V`. `tessera animate` and `tessera scroll` resolve their layouts here.
func layoutTellingAnimatorParams(_ animator: String?, _ options: ScriptLimitOptions,
                                 _ resolve: () throws -> any Layout) throws -> any Layout {
    do {
        return try resolve()
    } catch let error as LayoutError {
        guard case let .unknownParameter(name, _?, _, _) = error, let animator,
              animatorParameterNames(animator, options).contains(name) else { throw error }
        throw CLIError("\(error.description); '\(name)' is a param of --animator \(animator), given with --animator-param \(name)=V")
    }
}

/// The params the animator `name` declares (a built-in's, or a script's `params`); none when
/// it names no animator or does not load (its own error comes when it is used).
func animatorParameterNames(_ name: String, _ options: ScriptLimitOptions) -> [String] {
    if let defaults = BuiltinAnimators.defaults(name) { return Array(defaults.keys) }
    guard let script = (try? animatorNamed(name, params: [:], options)) as? AnimatorScript else { return [] }
    return Array(script.defaultParams.keys)
}

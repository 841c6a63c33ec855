import TesseraCore
import TesseraLua

/// The script `repl --layout` loads as `L`: a path ending in `.lua` as given, or a script by the
/// name `tessera run` knows it by (`appstore` is the shipped `layouts/appstore.lua`), so the names
/// a newcomer has just used with `run` work here too. A built-in layout has no script for
/// `:reload` to re-read, and says how to get it at the prompt instead; any other name gets
/// `run`'s message, which lists the names there are.
func replLayoutPath(_ name: String, host: LuaHost) throws -> String {
    if name.hasSuffix(".lua") { return name }
    if BuiltinLayouts.names.contains(name) {
        throw CLIError("--layout \(name): a built-in layout has no script for :reload to re-read; "
                       + "expected a .lua file or a script's name (`tessera layouts` lists them), "
                       + "or type L = t.\(name){} at the prompt")
    }
    if let path = host.layoutScriptPath(name) { return path }
    do { _ = try host.layout(named: name) } catch { throw CLIError("\(pointingAtLayoutsCommand(error))") }
    return name
}

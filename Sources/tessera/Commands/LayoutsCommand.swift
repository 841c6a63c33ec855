import ArgumentParser
import TesseraCore
import TesseraLua

/// `tessera layouts`: every name `run`, `check`, `scroll` and `animate` accept, a line each:
/// the built-in layouts, the layout scripts found by name (the working directory's `layouts/`,
/// `TESSERA_PATH`, the shipped `layouts/`), the built-in animators and the animator scripts.
struct LayoutsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layouts",
        abstract: "List the built-in layouts, the layout scripts and the animators, a line each.")

    func run() throws {
        let host = try LuaHost()
        for line in ScriptCatalog.listing(layoutFolders: host.searchPaths, animatorFolders: host.animatorDirectories(),
                                          howToRun: .command) {
            printLine(line)
        }
    }
}

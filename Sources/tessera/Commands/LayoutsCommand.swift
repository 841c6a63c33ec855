import ArgumentParser
import Foundation
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
        for line in Self.lines(layoutFolders: host.searchPaths, animatorFolders: host.animatorDirectories()) {
            printLine(line)
        }
    }

    /// The listing for these folders (see the type's comment), scripts under the folder they
    /// are in. A script that shares a built-in's name is reached by its path only (the name
    /// gives the built-in), and says so.
    static func lines(layoutFolders: [String], animatorFolders: [String]) -> [String] {
        let layoutScripts = ScriptCatalog.scripts(in: layoutFolders)
        let animatorScripts = ScriptCatalog.scripts(in: animatorFolders, lookup: .animator)
        let width = (ScriptCatalog.builtinLayoutSummaries.map(\.name) + layoutScripts.map(\.name)
            + animatorScripts.map(\.name)).map(\.count).max() ?? 0
        func row(_ name: String, _ summary: String) -> String {
            "  " + name + String(repeating: " ", count: max(2, width - name.count + 2)) + summary
        }
        func scriptRows(_ scripts: [ScriptCatalog.Entry], folders: [String], builtins: [String], use: String) -> [String] {
            guard !scripts.isEmpty else { return ["", "\(use): none found in \(folders.joined(separator: ", "))"] }
            var lines: [String] = []
            var folder: String?
            for entry in scripts {
                let parent = (entry.path as NSString).deletingLastPathComponent
                if parent != folder {
                    folder = parent
                    lines += ["", "\(use) in \(parent.isEmpty ? "." : parent)/:"]
                }
                lines.append(row(entry.name, entry.summary + (builtins.contains(entry.name) ? " (by path only)" : "")))
            }
            return lines
        }
        var lines = ["Built-in layouts (tessera run NAME --param K=V):"]
        lines += ScriptCatalog.builtinLayoutSummaries.map { row($0.name, $0.summary) }
        lines += scriptRows(layoutScripts, folders: layoutFolders, builtins: BuiltinLayouts.names,
                            use: "Layout scripts (tessera run NAME)")
        lines += ["", "Built-in animators (--animator NAME, t.animator(\"NAME\")):"]
        lines += ScriptCatalog.builtinAnimatorSummaries.map { row($0.name, $0.summary) }
        lines += scriptRows(animatorScripts, folders: animatorFolders, builtins: BuiltinAnimators.names,
                            use: "Animator scripts (--animator NAME)")
        return lines
    }
}

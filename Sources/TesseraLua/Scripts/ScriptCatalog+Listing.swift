import TesseraCore

extension ScriptCatalog {
    /// What `tessera layouts` and the REPL's `:layouts` print, a line each: the built-in layouts,
    /// the layout scripts of `layoutFolders`, the built-in animators and the animator scripts of
    /// `animatorFolders`, scripts under the folder they are in. A script that shares a built-in's
    /// name is reached by its path only (the name gives the built-in), and says so. The headings
    /// say how to run a layout and use an animator as `howToRun` does where the listing is read.
    /// O(files × (folders + header length)).
    package static func listing(layoutFolders: [String], animatorFolders: [String], howToRun: HowToRun) -> [String] {
        let layoutScripts = scripts(in: layoutFolders)
        let animatorScripts = scripts(in: animatorFolders, lookup: .animator)
        let width = (builtinLayoutSummaries.map(\.name) + layoutScripts.map(\.name)
            + animatorScripts.map(\.name)).map(\.count).max() ?? 0
        func row(_ name: String, _ summary: String) -> String {
            "  " + name + String(repeating: " ", count: max(2, width - name.count + 2)) + summary
        }
        func scriptRows(_ scripts: [Entry], folders: [String], builtins: [String], use: String) -> [String] {
            guard !scripts.isEmpty else { return ["", "\(use): none found in \(folders.joined(separator: ", "))"] }
            var lines: [String] = []
            var folder: String?
            for entry in scripts {
                let parent = ScriptFiles.folder(of: entry.path)
                if parent != folder {
                    folder = parent
                    lines += ["", "\(use) in \(parent.isEmpty ? "." : parent)/:"]
                }
                lines.append(row(entry.name, entry.summary + (builtins.contains(entry.name) ? " (by path only)" : "")))
            }
            return lines
        }
        var lines = ["Built-in layouts (\(howToRun.builtin)):"]
        lines += builtinLayoutSummaries.map { row($0.name, $0.summary) }
        lines += scriptRows(layoutScripts, folders: layoutFolders, builtins: BuiltinLayouts.names,
                            use: "Layout scripts (\(howToRun.script))")
        lines += ["", "Built-in animators (\(howToRun.builtinAnimator)):"]
        lines += builtinAnimatorSummaries.map { row($0.name, $0.summary) }
        lines += scriptRows(animatorScripts, folders: animatorFolders, builtins: BuiltinAnimators.names,
                            use: "Animator scripts (\(howToRun.animatorScript))")
        return lines
    }
}

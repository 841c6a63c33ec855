extension LuaHost {
    /// The error for script `file` (`x.lua`; `lib/grid.lua` for animator `lib.grid`) in the first
    /// of `folders` that holds an entry of that name (a symbolic link to nothing counts) when
    /// that entry is no script a lookup by name runs: "folder/x.lua: " and why, as
    /// `scriptFileProblem` words it for `what` ("script", "animator script"), or, when
    /// `linksStayInside`, that a readable file is a link out of its folder. nil when no folder
    /// holds the name, or the entry is a script to run. Asked once a name has found nothing, by
    /// the layout and the animator resolvers alike, so that a script there but refused is named
    /// with why, never called unknown. One `ScriptFileVerdict` a folder, up to the first entry.
    static func refusedScript(_ file: String, in folders: [String], what: String, linksStayInside: Bool) -> LuaScriptError? {
        for folder in folders {
            let path = join(folder, file)
            let verdict = ScriptFileVerdict(path, inside: linksStayInside ? folder : nil)
            if verdict == .absent { continue }
            if case .linkOut(let outside) = verdict { return LuaScriptError(.file, message: outside + ".") }
            return scriptFileProblem(verdict, path: path, what: what).map { LuaScriptError(.file, message: "\(path): \($0)") }
        }
        return nil
    }
}

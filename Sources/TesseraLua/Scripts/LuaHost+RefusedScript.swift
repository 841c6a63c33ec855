extension LuaHost {
    /// The error for script `file` (`x.lua`; `lib/grid.lua` for animator `lib.grid`) that
    /// `ScriptSearch` finds in `folders` when that entry is no script a lookup by name runs:
    /// "folder/x.lua: " and why, as `scriptFileProblem` words it for `what` ("script", "animator
    /// script"), or that it leads out of its folder through a symbolic link. nil when no folder
    /// holds the name, or the entry is a script to run. Asked once a name has found nothing, by
    /// the layout and the animator resolvers alike, so that a script there but refused is named
    /// with why, never called unknown. One `ScriptFileVerdict` a folder, up to the first entry.
    static func refusedScript(_ file: String, in folders: [String], what: String) -> LuaScriptError? {
        guard let (path, verdict) = ScriptSearch.first(file, in: folders) else { return nil }
        if case .linkOut(let outside) = verdict { return LuaScriptError(.file, message: outside + ".") }
        return scriptFileProblem(verdict, path: path, what: what).map { LuaScriptError(.file, message: "\(path): \($0)") }
    }
}

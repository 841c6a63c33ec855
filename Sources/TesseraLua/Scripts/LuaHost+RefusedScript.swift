extension LuaHost {
    /// The error for script `file` (`x.lua`; `lib/grid.lua` for animator `lib.grid`) in the first
    /// of `folders` that holds an entry of that name (a symbolic link to nothing counts) when
    /// that entry is no script a lookup by name runs: "folder/x.lua: " and why, as
    /// `scriptFileProblem` words it for `what` ("script", "animator script"), or, when
    /// `linksStayInside`, that a readable file is a link out of its folder. nil when no folder
    /// holds the name, or the entry is a script to run. Asked once a name has found nothing, by
    /// the layout and the animator resolvers alike, so that a script there but refused is named
    /// with why, never called unknown. O(folders) system calls.
    static func refusedScript(_ file: String, in folders: [String], what: String, linksStayInside: Bool) -> LuaScriptError? {
        for folder in folders {
            let path = join(folder, file)
            guard ScriptFiles.isEntry(path) else { continue }
            if let problem = scriptFileProblem(path, what: what) { return LuaScriptError(.file, message: "\(path): \(problem)") }
            guard linksStayInside, let outside = ModulePaths.linkOut(path, of: folder) else { return nil }
            return LuaScriptError(.file, message: outside + ".")
        }
        return nil
    }
}

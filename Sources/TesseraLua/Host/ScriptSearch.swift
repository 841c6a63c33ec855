/// The one rule by which a script file is found by name in search folders, shared by `require`,
/// `t.animator`, a layout's name (`tessera run appstore` finding `layouts/appstore.lua`) and an
/// animator's (`--animator cascade`): the first folder that holds an entry of that file name
/// decides, and its entry is judged by `ScriptFileVerdict` inside that folder. A symbolic link
/// (or a chain of them, or a linked subfolder) that resolves inside the folder is followed; one
/// that resolves outside it is refused, so a layout folder shared in a repository cannot reach
/// the rest of the disk; a link to nothing is refused as a broken link. A refused entry is never
/// passed over for a later folder's file of the same name: that would run a file the user did not
/// mean and hide why theirs was not run.
enum ScriptSearch {
    /// The path of `file` (`x.lua`, `lib/grid.lua`) in the first of `folders` holding an entry of
    /// that name, with the verdict on it; nil when no folder holds one.
    /// - Complexity: one `ScriptFileVerdict` a folder, up to the first entry.
    static func first(_ file: String, in folders: [String]) -> (path: String, verdict: ScriptFileVerdict)? {
        for folder in folders {
            let path = LuaHost.join(folder, file)
            let verdict = ScriptFileVerdict(path, inside: folder)
            if verdict != .absent { return (path, verdict) }
        }
        return nil
    }

    /// The path of `file` in the first of `folders` holding an entry of that name, when that
    /// entry is a script or one too large (found so that `tessera layouts` lists it from its
    /// header and using it says it is too large); nil otherwise. As `first(_:in:)` costs.
    static func listable(_ file: String, in folders: [String]) -> String? {
        guard let found = first(file, in: folders) else { return nil }
        switch found.verdict {
        case .script, .tooLarge: return found.path
        default: return nil
        }
    }
}

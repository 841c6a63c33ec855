/// Whether a folder looks like a project whose layout tests `tessera test` may run when given
/// no PATH. Searching a folder that holds other things (`/tmp`, a home folder) would run the
/// tests of unrelated checkouts and write snapshots into them, so without a PATH the working
/// directory must show its tests are its own: a `tests` or `layouts` folder in it (as a project
/// keeps its layout scripts and their tests; any case, so a Swift package's `Tests` counts), or a
/// test file of its own. Only the folder's own names are read, so the answer comes before any
/// search.
extension TestFileSearch {
    /// The names of folders that mark a project.
    static let projectFolders: Set<String> = ["tests", "layouts"]

    /// Whether `folder` holds a project folder (`projectFolders`, a folder or a link to one) or
    /// a test file (`*suffix`, a regular file or a link to one); nil when it cannot be listed
    /// (the search then says so).
    func isProject(_ folder: String, suffix: String) -> Bool? {
        guard let names = list(folder) else { return nil }
        return names.contains { name in
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            switch entry(path, true)?.kind {
            case .folder?: return Self.projectFolders.contains(name.lowercased())
            case .file?: return name.hasSuffix(suffix)
            default: return false
            }
        }
    }
}

import TesseraCore

/// What `tessera layouts` lists: the built-in layouts and animators, and the `.lua` scripts a
/// name resolves to (layouts in the folders `require` searches, animators in the `animators/`
/// folders beside them), each with a one-line summary.
///
/// A script's summary is the first sentence of its header comment, the convention every
/// shipped script follows (`-- waterfall.lua: masonry columns, as in Pinterest ...`): the
/// leading `--` lines up to the first blank comment line are joined, the `NAME.lua:` prefix is
/// dropped, and the text is cut at the first sentence end, colon or parenthesis, then to
/// `summaryLimit` characters (at a comma, else a space, marked with "...").
package enum ScriptCatalog {
    /// One script a name finds: `name` (the file name without `.lua`), its path, its summary.
    public struct Entry: Equatable, Sendable {
        public var name: String
        public var path: String
        public var summary: String
    }

    /// The longest summary, so that a listing row fits 80 columns.
    public static let summaryLimit = 64

    /// How much of a script the summary is read from: far more than any header comment.
    public static let headerBytes = 16_384

    /// One line about each built-in layout, in `BuiltinLayouts.names` order.
    public static let builtinLayoutSummaries: [(name: String, summary: String)] = [
        ("flow", "CSS flexbox wrap: lines justified and aligned as a browser does"),
        ("row", "one line of items, some of them stretched to fill it (fill=ids)"),
        ("waterfall", "masonry columns: each item goes into the shortest column"),
        ("overlay", "every item fills the container, one over another"),
        ("split", "UICollectionViewSplitLayout: sections in two columns"),
    ]

    /// One line about each built-in animator, in `BuiltinAnimators.names` order.
    public static let builtinAnimatorSummaries: [(name: String, summary: String)] = [
        ("fade", "views fade in and out on reloads after the first load"),
        ("scale", "fade, and views grow from and shrink to a scale"),
        ("wobble", "views are pushed by the scroll velocity and spring back"),
    ]

    /// How a name finds its script in the folders, both as `ScriptSearch.listable` finds one (so a
    /// link out of its folder or a name whose first file is refused finds none, and one too large
    /// is found, and refused when used): a layout's is `NAME.lua`; an animator's is named as
    /// `t.animator` names it (`lib.grid` is `lib/grid.lua`).
    public enum Lookup: Sendable { case layout, animator }

    /// The `.lua` files of `folders`, first folder first, each only when a lookup of its name
    /// finds that very file (so a name is listed once, and a name the lookup refuses never);
    /// folders that do not exist are skipped, and so are test files (`*_test.lua`), which are
    /// not layouts. O(files × (folders + header length)).
    public static func scripts(in folders: [String], lookup: Lookup = .layout) -> [Entry] {
        var seen = Set<String>()
        var entries: [Entry] = []
        for folder in folders {
            guard let files = ScriptFiles.list(folder) else { continue }
            for file in files.sorted() where file.hasSuffix(".lua") && !file.hasSuffix(LayoutTestSuite.fileSuffix) {
                let name = String(file.dropLast(4))
                let path = LuaHost.join(folder, file)
                // Only what a lookup by name would run: a folder, a FIFO or a dangling link
                // named `x.lua` is no script, nor is a link out of its folder.
                guard Self.path(of: name, in: folders, lookup: lookup) == path, seen.insert(name).inserted else { continue }
                // Only the header is read: a script may be gigabytes long.
                let head = ScriptFiles.read(path, limit: headerBytes).map { String(decoding: $0, as: UTF8.self) } ?? ""
                entries.append(Entry(name: name, path: path, summary: summary(ofSource: head, file: file)))
            }
        }
        return entries
    }

    /// Whether `scripts(in: folders)` lists a layout script named `name`, asked without listing
    /// the folders or reading any header: a lookup of it finds a file, and it is no test file.
    /// One `ScriptFileVerdict` a folder, up to the first entry.
    package static func listsLayout(_ name: String, in folders: [String]) -> Bool {
        !(name + ".lua").hasSuffix(LayoutTestSuite.fileSuffix) && LuaHost.layoutScriptPath(name, in: folders) != nil
    }

    /// The file a lookup of `name` finds in `folders`, or nil.
    static func path(of name: String, in folders: [String], lookup: Lookup) -> String? {
        switch lookup {
        case .layout: LuaHost.layoutScriptPath(name, in: folders)
        case .animator: ModulePaths.isValidName(name) ? ScriptSearch.listable(ModulePaths.fileName(of: name), in: folders) : nil
        }
    }

    /// The first sentence of a script's header comment (see the type's comment); "" when the
    /// file starts with no comment. O(header length).
    public static func summary(ofSource source: String, file: String) -> String {
        var words: [Substring] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("--") else { break }
            let text = line.dropFirst(2).trimmingSpaces()
            if text.isEmpty { break }
            words.append(Substring(text))
        }
        var text = words.joined(separator: " ")
        if text.hasPrefix(file + ":") { text = String(text.dropFirst(file.count + 1).trimmingSpaces()) }
        for end in [". ", ": ", " ("] {
            if let range = text.firstRange(of: end) { text = String(text[..<range.lowerBound]) }
        }
        if text.hasSuffix(".") { text.removeLast() }
        guard text.count > summaryLimit else { return text }
        let head = String(text.prefix(summaryLimit))
        if let comma = head.ranges(of: ", ").last { return String(head[..<comma.lowerBound]) }
        let space = head.lastIndex(of: " ") ?? head.endIndex
        return String(head[..<space]) + "..."
    }
}

extension LuaHost {
    /// The script `name` (no `/`, no `.lua`) resolves to: `NAME.lua` in the first of
    /// `searchPaths` (the working directory's `layouts/`, `TESSERA_PATH`, the shipped
    /// `layouts/`) that has it; nil when none does.
    public func layoutScriptPath(_ name: String) -> String? {
        Self.layoutScriptPath(name, in: searchPaths)
    }

    /// `NAME.lua` as `ScriptSearch` finds it in `folders`; nil when no folder has it, or the first
    /// that does holds no script to run there (`refusedScript` says why). A file too large is
    /// found, so `tessera layouts` lists it from its header and running it says it is too large.
    static func layoutScriptPath(_ name: String, in folders: [String]) -> String? {
        layoutScriptFile(name).flatMap { ScriptSearch.listable($0, in: folders) }
    }

    /// `NAME.lua` for a name that names a layout script (not empty, no `/`, no `.lua`), else nil.
    static func layoutScriptFile(_ name: String) -> String? {
        guard !name.isEmpty, !name.contains("/"), !name.hasSuffix(".lua") else { return nil }
        return name + ".lua"
    }
}

import TesseraCore

/// The one path rule of `require` and `t.animator`: a script names a module, never a path. A
/// name is letters, digits, `_`, `-` and `.` (a folder separator: `lib.grid` is `lib/grid.lua`);
/// it is looked for in the search folders as `ScriptSearch` finds a script, so a link
/// `tp/shadow.lua -> /etc/shadow` is refused instead of read. The CLI's `--animator FILE` takes
/// paths; scripts cannot. - Complexity: O(folders) file-system lookups.
enum ModulePaths {
    /// Whether `name` is a module name (see the type comment).
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.hasSuffix(".") && !name.contains("..")
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-") }
    }

    static func invalidNameMessage(_ name: String, what: String) -> String {
        "\(what) name '\(quoted(name))' is not valid; use letters, digits, '_', '-' and '.' (for folders), not a path"
    }

    /// `name` as a message quotes it: bytes outside printable ASCII are written as Lua's decimal
    /// escapes (`\0`, `\27`), so a zero byte cannot cut the message short (it travels as a C
    /// string) and no control character reaches the terminal. O(length of the name).
    static func quoted(_ name: String) -> String {
        var text = ""
        for byte in name.utf8 {
            if byte >= 0x20 && byte < 0x7F { text.unicodeScalars.append(Unicode.Scalar(byte)) } else { text += "\\\(byte)" }
        }
        return text
    }

    /// The file of module `name` in the first of `folders` that has it, or the message saying why
    /// there is none (every file tried, or what `ScriptFileVerdict` finds wrong with the entry
    /// found: no regular file, one larger than a Lua source may be, one this user may not read,
    /// a link to nothing, or a link that leads out of its folder).
    static func find(_ name: String, in folders: [String], what: String = "module") -> Result<String, ModulePathError> {
        guard isValidName(name) else { return .failure(ModulePathError(kind: .refused, message: invalidNameMessage(name, what: what))) }
        let file = fileName(of: name)
        guard let (path, verdict) = ScriptSearch.first(file, in: folders) else {
            let tried = folders.map { "\n\tno file '\(LuaHost.join($0, file))'" }.joined()
            return .failure(ModulePathError(kind: .notFound, message: "\(what) '\(name)' not found:" + tried))
        }
        switch verdict {
        case .script: return .success(path)
        case .absent, .brokenLink: return .failure(.refused(name, what: what, "\(path): " + LuaHost.missingScript(path, what: what == "module" ? what : what + " script")))
        case .notARegularFile(let problem), .tooLarge(let problem): return .failure(.refused(name, what: what, "\(path): \(problem)"))
        case .unreadable(let reason): return .failure(.refused(name, what: what, unreadable(path, because: reason)))
        case .linkOut(let outside): return .failure(.refused(name, what: what, outside))
        }
    }

    /// The file of module `name` inside a search folder: `lib.grid` is `lib/grid.lua`.
    static func fileName(of name: String) -> String {
        String(name.map { $0 == "." ? "/" : $0 }) + ".lua"
    }

    /// "module 'name': path cannot be read (why)", for the file of module `name` found at `path`
    /// that this user may not read, or that could not be read once found. O(1) system calls.
    static func unreadable(_ name: String, path: String, what: String = "module") -> String {
        "\(what) '\(name)': \(unreadable(path, because: ScriptFiles.readFailure(path)))"
    }

    /// "path cannot be read (reason)".
    private static func unreadable(_ path: String, because reason: String) -> String {
        "\(path) cannot be read (\(reason))"
    }
}

/// Why a module name gives no file: no file of that name in any search folder, or one that is
/// refused (an invalid name, a path that is no regular file, a link out of its folder).
struct ModulePathError: Error {
    enum Kind { case notFound, refused }
    let kind: Kind
    let message: String

    /// "module 'name': " and why, for the file of module `name` found and refused.
    static func refused(_ name: String, what: String, _ why: String) -> ModulePathError {
        ModulePathError(kind: .refused, message: "\(what) '\(name)': \(why)")
    }
}

import CLua
import LuaBridge

/// What a newcomer types first at a prompt, from other REPLs: `help`, `quit` and `exit`, bare
/// or called, and Lua's own `os.exit()`. None of them is defined in the sandbox, so Lua would
/// print `nil` or "attempt to call a nil value (global 'help')"; the session says instead what
/// does it here. A line that defines one (`help = 1`) or a session that has defined it runs as
/// Lua, as does everything when `_G` has a metatable (its `__index` may answer the name).
/// So do two slips of a reader copying the pages: a shell command (`tessera run ...`, `$ ...`)
/// typed at the Lua prompt, and a line pasted with the `> ` prompt the pages show before it;
/// Lua would say only "syntax error near 'run'" or "unexpected symbol near '>'".
extension ReplSession {
    /// The global (`["os", "exit"]` for a field; none for a line that is never Lua) a line of
    /// first words reads and the note that answers it, or nil for any other line. `line` is
    /// trimmed. O(line).
    static func firstWords(_ line: String) -> (path: [String], note: String)? {
        if let note = copiedLineNote(line) { return note }
        var word = Substring(line)
        if word.hasSuffix(")"), let open = word.firstIndex(of: "(") {
            let inside = word[word.index(after: open)..<word.index(before: word.endIndex)]
            // os.exit(0), os.exit(true): an argument of digits or a word; nothing else.
            guard inside.allSatisfy({ $0.isLetter || $0.isNumber }) else { return nil }
            word = word[..<open]
        }
        let leave = ":quit or Ctrl-D leaves the REPL"
        switch word {
        case "help": return (["help"], "help is not defined here; :help lists the names and the commands")
        case "quit", "exit": return ([String(word)], "\(word) is not defined here; \(leave)")
        case "os.exit": return (["os", "exit"], "os.exit is not in the sandbox; \(leave)")
        default: return nil
        }
    }

    /// The note for `line` when it is one of `firstWords` and what it reads is nil in the
    /// session (read without metamethods); else nil. O(line).
    func firstWordsNote(_ line: String) -> String? {
        guard let (path, note) = ReplSession.firstWords(line) else { return nil }
        let L = host.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        host.push(environment)
        if lua_getmetatable(L, -1) != 0 { return nil }
        for name in path {
            guard lua_type(L, -1) == LUA_TTABLE else { return nil }
            LuaStack.rawField(L, -1, name)
        }
        return path.isEmpty || lua_type(L, -1) == LUA_TNIL ? note : nil
    }

    /// A shell line or a pasted prompt (see the type's comment). `tessera` followed by a word
    /// that is not `and` or `or` is no Lua statement or expression; followed by `--help` it is a
    /// comment after the global `tessera`, hence the path, so a session that defines `tessera`
    /// runs it. `$ ` and `> ` never start Lua. O(line).
    static func copiedLineNote(_ line: String) -> (path: [String], note: String)? {
        let shell = "a shell command, not Lua; :quit or Ctrl-D leaves the REPL"
        if line.hasPrefix("$ ") { return ([], "this line is \(shell)") }
        if line.hasPrefix("> ") {
            let rest = line.dropFirst(2).trimmingSpaces()
            return ([], "the pages show `> ` before what is typed at the prompt: type only `\(rest)`")
        }
        guard line.hasPrefix("tessera ") else { return nil }
        let next = line.dropFirst("tessera ".count).trimmingSpaces()
        let option = next.hasPrefix("--") && next.dropFirst(2).first?.isLetter == true
        let word = next.prefix { $0.isLetter }
        guard option || (!word.isEmpty && word != "and" && word != "or") else { return nil }
        return (["tessera"], "tessera is \(shell)")
    }
}

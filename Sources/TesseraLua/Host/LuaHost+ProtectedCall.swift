import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

// Calls into Lua and the errors they return: every call is protected and carries a traceback.

extension LuaHost {
    /// [-(n+1), +r, -] Runs the function below the `arguments` with `tb_pcall`; on failure pops
    /// the error and throws it.
    func protectedCall(arguments: Int32, results: Int32) throws {
        let status = tb_pcall(L, arguments, results)
        if status != LUA_OK { throw popError(status: status) }
    }

    /// [-1, +0, -] Turns the error object on top (already through the message handler) into
    /// a `LuaScriptError`, using why the bridge stopped the call; a misspelt name gets its hint
    /// (`hinted(_:forErrorAt:)`). The message is cut as messages
    /// shown are (`MessageCut`) before it becomes a Swift string, so a script's `error` of 50 MB
    /// costs what is kept, not its size.
    func popError(status: Int32) -> LuaScriptError {
        // The message ends where the bridge says, never where the text merely reads like it.
        let (message, traceback) = LuaStack.withBytes(L, -1) { text -> (String, String) in
            var length = 0
            guard tb_tracedmessage(L, -1, &length) != 0, length < text.count, text[length] == UInt8(ascii: "\n") else {
                return (MessageCut.cut(utf8: text), "")
            }
            return (MessageCut.cut(utf8: UnsafeRawBufferPointer(rebasing: text[..<length])),
                    String(decoding: text[(length + 1)...], as: UTF8.self))
        } ?? ("(error object is a \(LuaStack.typeName(L, -1)) value)", "")
        let hinted = hinted(message, forErrorAt: lua_gettop(L))
        tb_pop(L, 1)
        let memoryWhere = String(cString: tb_memorywhere(L))
        if tb_laststop(L) == Int32(TB_STOP_MEMORY) || (status == LUA_ERRMEM && !memoryWhere.isEmpty) {
            let prefix = memoryWhere.isEmpty ? "" : memoryWhere + " "
            return LuaScriptError(.memory, message: prefix + "memory limit of \(Self.formatBytes(limits.maxMemoryBytes)) exceeded",
                                  traceback: String(cString: tb_memorytraceback(L)))
        }
        let kind: LuaScriptError.Kind = switch Int(tb_laststop(L)) {
        case Int(TB_STOP_TIME): .timeLimit
        case Int(TB_STOP_INSTRUCTIONS): .instructionLimit
        case Int(TB_STOP_INTERRUPT): .interrupted
        default: status == LUA_ERRMEM ? .memory : .runtime
        }
        return LuaScriptError(kind, message: hinted, traceback: traceback)
    }

    static func formatBytes(_ bytes: Int) -> String {
        let mb = 1_048_576
        if bytes % mb == 0 { return "\(NumberText.grouped(bytes / mb)) MB" }
        if bytes % 1024 == 0 { return "\(NumberText.grouped(bytes / 1024)) KB" }
        return NumberText.counted(bytes, "byte")
    }

    /// [-0, +1, -] Compiles a text chunk and pushes it. Loading runs no script code, so it
    /// cannot hit a limit; a syntax error has no Lua stack, hence no traceback.
    func loadChunk(_ bytes: [UInt8], chunkName: String) throws {
        var bytes = bytes
        if bytes.isEmpty { bytes = [0x20] }   // a non-nil buffer; a blank chunk compiles the same
        compiledBytes += bytes.count
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                luaL_loadbufferx(L, $0.baseAddress, $0.count, chunkName, "t")
            }
        }
        if status != LUA_OK {
            var text = LuaStack.string(L, -1) ?? "cannot load \(chunkName)"
            tb_pop(L, 1)
            if status == LUA_ERRSYNTAX, chunkName.hasPrefix("@"),
               let hint = MissingEnd.hint(for: text, in: bytes, readsToEnd: readsToEnd) {
                text += hint
            }
            throw LuaScriptError(status == LUA_ERRSYNTAX ? .syntax : .memory, message: text)
        }
        if chunkName.hasPrefix("@") { loadedSources[String(chunkName.dropFirst())] = bytes }
    }

    /// Whether Lua's compiler reads every token of `bytes` and fails only at their end, for
    /// want of an `end` (or of the `until` of a `repeat`). Compiles `bytes`; leaves the stack
    /// as it was.
    func readsToEnd(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty else { return false }
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { luaL_loadbufferx(L, $0.baseAddress, $0.count, "=prefix", "t") }
        }
        let text = LuaStack.string(L, -1) ?? ""
        tb_pop(L, 1)
        return status == LUA_ERRSYNTAX && (text.contains("'end' expected") || text.contains("'until' expected"))
            && text.hasSuffix(" near <eof>")
    }

    /// [-0, +1, -] Compiles a text chunk whose first line is line `firstLine` of its input and
    /// pushes it: messages and tracebacks name the input's lines. O(size of the chunk): the
    /// chunk is compiled alone and its dump's lines moved (`LuaChunkLines`), rather than
    /// compiled behind `firstLine - 1` newlines, which Lua's lexer would read one by one.
    /// - Throws: a syntax error as `loadChunk(_:chunkName:)` does, naming the chunk's own lines
    ///   (from 1): a caller that reports it compiles behind newlines for Lua to write it.
    func loadChunk(_ bytes: [UInt8], chunkName: String, firstLine: Int) throws {
        try loadChunk(bytes, chunkName: chunkName)
        guard firstLine > 1 else { return }
        if let dump = dumpFunction(), let moved = LuaChunkLines.shifted(dump, by: firstLine - 1) {
            let status = moved.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { luaL_loadbufferx(L, $0.baseAddress, $0.count, chunkName, "b") }
            }
            if status == LUA_OK {
                lua_rotate(L, -2, 1)   // the moved chunk replaces the one compiled
                tb_pop(L, 1)
                return
            }
        }
        // Not a dump `LuaChunkLines` reads: compiled behind the newlines.
        tb_pop(L, 1)
        try loadChunk(LuaChunkLines.newlines(firstLine - 1) + bytes, chunkName: chunkName)
    }

    /// [-0, +0, -] The dump (`lua_dump`, with its debug information) of the Lua function on
    /// top of the stack, or nil if Lua could not write it.
    func dumpFunction() -> [UInt8]? {
        var bytes: [UInt8] = []
        let status = withUnsafeMutablePointer(to: &bytes) { pointer in
            lua_dump(L, { _, chunk, size, output in
                guard let chunk, let output else { return 1 }
                output.assumingMemoryBound(to: [UInt8].self).pointee += UnsafeRawBufferPointer(start: chunk, count: size)
                return 0
            }, pointer, 0)
        }
        return status == 0 ? bytes : nil
    }

    /// [-1, +0, m]
    func popReference() -> LuaReference {
        LuaReference(host: self, ref: luaL_ref(L, LuaStack.registry))
    }
}

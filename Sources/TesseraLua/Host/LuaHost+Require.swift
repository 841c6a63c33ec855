import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

// Sandboxed environments and `require`: where modules are looked for and how they are loaded.

extension LuaHost {
    /// [-0, +1, -] Pushes a new sandboxed environment whose `require` searches `directory`
    /// first and caches modules in `loaded` (the table at that index; a new one when nil).
    func pushEnvironment(directory: String, loaded: Int32?) throws {
        let top = lua_gettop(L)
        pushPrelude("newenv")
        LuaStack.push(L, directory)
        pushHostFunction(LuaHost.searchModule, named: "require", upvalues: 1)
        if let loaded { lua_pushvalue(L, loaded) } else { lua_createtable(L, 0, 4) }
        lua_pushvalue(L, -1)
        pushHostFunction(LuaHost.loadModule, named: "require", upvalues: 1)
        lua_rotate(L, -2, 1)                       // searcher loader loaded
        pushTesseraModule()
        lua_rawgeti(L, LuaStack.registry, lua_Integer(scriptMetaRef))
        tb_pushrequire(L)
        do {
            try protectedCall(arguments: 1, results: 1)
        } catch {
            lua_settop(L, top)
            throw error
        }
    }

    /// The folders `require` searches after the script's own and the nearest `layouts/` above
    /// it: `layouts` in the working directory, each folder of `TESSERA_PATH` (colon-separated),
    /// then the shipped layouts next to the running executable: `layouts/` beside it, in
    /// `../share/tessera/`, or in the nearest folder above it that has one (a build tree).
    /// Only the executable's folders that exist are listed; where none does, the copies built
    /// into the library (`<tessera>/layouts`, with `<tessera>/animators` beside it) are, so a
    /// program outside a checkout still finds `waterfall` or `fade` by name.
    /// O(depth of the executable's path).
    public static func standardSearchPaths(environment: [String: String] = ScriptFiles.searchEnvironment(),
                                           executable: String? = ScriptFiles.executablePath()) -> [String] {
        var paths = ["layouts"]
        paths += (environment["TESSERA_PATH"] ?? "").split(separator: ":").map(String.init)
        guard let executable else { return paths + [ScriptFiles.shippedLayouts] }
        let folder = ScriptFiles.folder(of: ScriptFiles.realPath(executable) ?? executable)
        let beside = [join(folder, "layouts"), join(ScriptFiles.folder(of: folder), "share/tessera/layouts")]
        if let found = beside.first(where: ScriptFiles.isFolder) {
            paths.append(found)
            return paths
        }
        var current = folder
        for _ in 0..<8 {
            let candidate = join(current, "layouts")
            if ScriptFiles.isFolder(candidate) { return paths + [candidate] }
            let parent = ScriptFiles.folder(of: current)
            if parent == current || parent.isEmpty { break }
            current = parent
        }
        return paths + [ScriptFiles.shippedLayouts]
    }

    /// Folders `require` looks in for a script in `directory`: that folder, the nearest
    /// `layouts/` folder above it, then `searchPaths`.
    func moduleDirectories(for directory: String) -> [String] {
        var result = [directory]
        var current = ScriptFiles.standardized(directory)
        for _ in 0..<32 where !directory.hasPrefix(ScriptFiles.shippedRoot) {
            let candidate = LuaHost.join(current, "layouts")
            if ScriptFiles.isFolder(candidate) {
                result.append(relativeIfPossible(candidate))
                break
            }
            let parent = ScriptFiles.folder(of: current)
            if parent == current || parent.isEmpty { break }
            current = parent
        }
        result += searchPaths
        var seen = Set<String>()
        return result.filter { seen.insert(ScriptFiles.standardized($0)).inserted }
    }

    private func relativeIfPossible(_ path: String) -> String {
        let cwd = ScriptFiles.currentDirectory()
        return path.hasPrefix(cwd + "/") ? String(path.dropFirst(cwd.count + 1)) : path
    }

    static func join(_ directory: String, _ file: String) -> String {
        directory == "." || directory.isEmpty ? file : (directory.hasSuffix("/") ? directory + file : directory + "/" + file)
    }

    /// require's searcher(name) -> path | nil, message. Upvalue: the requiring script's folder.
    static let searchModule: tb_HostFunction = { L, context in
        let L = L!
        let host = LuaHost.from(context)
        let name = LuaStack.string(L, 1) ?? ""
        let directory = LuaStack.string(L, tb_upvalueindex(TB_HOST_UPVALUES + 1)) ?? "."
        switch ModulePaths.find(name, in: host.moduleDirectories(for: directory)) {
        case .success(let path):
            host.requiredFiles.append(path)   // each file once
            LuaStack.push(L, path)
            return 1
        case .failure(let error):
            lua_pushnil(L)
            LuaStack.push(L, error.message)
            return 2
        }
    }

    /// require's loader(path, name) -> chunk | nil, message[, where]. Upvalue: the `loaded`
    /// table. Only a compile error is the module's own, at its line (no `where`). A file that
    /// cannot be read (one that grew past the size limit or lost its permissions since the
    /// searcher found it) is worded as the searcher words an unreadable module, and `where`
    /// TB_LOADERROR_ATREQUIRE has `require` name the line that called it, as it does for any
    /// other failure (the module's name then starts the message); TB_LOADERROR_MEMORY has it
    /// raise the memory error there (the cap met as the module's environment was set up), as
    /// the memory error of a script's own line reads.
    static let loadModule: tb_HostFunction = { L, context in
        let L = L!
        let host = LuaHost.from(context)
        guard let path = LuaStack.string(L, 1) else { return 0 }
        guard let data = host.readScriptFile(path) else {
            lua_pushnil(L)
            LuaStack.push(L, ModulePaths.unreadable(LuaStack.string(L, 2) ?? "", path: path))
            lua_pushinteger(L, lua_Integer(TB_LOADERROR_ATREQUIRE))
            return 3
        }
        do {
            try host.loadChunk(Array(data), chunkName: "@" + path)
            let directory = ScriptFiles.folder(of: path)
            try host.pushEnvironment(directory: directory.isEmpty ? "." : directory,
                                     loaded: tb_upvalueindex(TB_HOST_UPVALUES + 1))
            _ = lua_setupvalue(L, -2, 1)
            return 1
        } catch let error as LuaScriptError where error.kind == .syntax {
            lua_pushnil(L)
            LuaStack.push(L, error.message)
            return 2
        } catch {
            // The message alone: require's caller adds its own traceback.
            let scriptError = error as? LuaScriptError, message = scriptError?.message ?? "\(error)"
            lua_pushnil(L)
            if scriptError?.kind == .memory {
                LuaStack.push(L, message)
                lua_pushinteger(L, lua_Integer(TB_LOADERROR_MEMORY))
            } else {
                LuaStack.push(L, "module '\(LuaStack.string(L, 2) ?? "")': \(message)")
                lua_pushinteger(L, lua_Integer(TB_LOADERROR_ATREQUIRE))
            }
            return 3
        }
    }
}

import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

extension LuaHost {
    func runPrelude() throws {
        try loadChunk(Array(Prelude.source.utf8), chunkName: Prelude.chunkName)
        lua_createtable(L, 0, 8)
        pushHostFunction(LuaHost.write, named: "print")
        LuaStack.setField(L, -2, "write")
        lua_pushcclosure(L, tb_setmetatable, 0)
        LuaStack.setField(L, -2, "setmetatable")
        lua_pushcclosure(L, tb_rawset, 0)
        LuaStack.setField(L, -2, "rawset")
        lua_pushcclosure(L, tb_scriptpcall, 0)
        LuaStack.setField(L, -2, "pcall")
        lua_pushcclosure(L, tb_xpcall, 0)
        LuaStack.setField(L, -2, "xpcall")
        lua_pushcclosure(L, tb_resume, 0)
        LuaStack.setField(L, -2, "resume")
        lua_pushcclosure(L, tb_coclose, 0)
        LuaStack.setField(L, -2, "close")
        try protectedCall(arguments: 1, results: 1)
        preludeRef = luaL_ref(L, LuaStack.registry)
    }

    /// [-0, +1, -] Pushes prelude function `name`.
    func pushPrelude(_ name: String) {
        lua_rawgeti(L, LuaStack.registry, lua_Integer(preludeRef))
        LuaStack.rawField(L, -1, name)
        lua_rotate(L, -2, 1)
        tb_pop(L, 1)
    }

    /// `print`'s sink: write(line).
    static let write: tb_HostFunction = { L, context in
        let host = LuaHost.from(context)
        if let outputBytes = host.outputBytes {
            outputBytes(LuaStack.bytes(L!, 1) ?? [])
        } else {
            host.output(LuaStack.string(L!, 1) ?? "")
        }
        return 0
    }
}

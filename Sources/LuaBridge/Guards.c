/*
** Guards.c: base functions whose sandboxed versions refuse what would escape the limits.
** setmetatable refuses a metatable with a __gc field: finalizers run with hooks off (during
** a pass, or when the state closes), so neither the time limit, the instruction budget nor
** Ctrl-C could stop one, and one could reach the host while it is being torn down. Lua marks
** an object for finalization only if its metatable has __gc when setmetatable is called, so
** refusing it here is enough. Otherwise it behaves as the standard setmetatable (manual §6.1).
** xpcall hands a limit's stop past the script's message handler: Lua calls the handler for an
** error raised in a hook with hooks still off, so a handler that looped there could never be
** stopped, and the process would hang.
** pcall and xpcall forget the frames carried with a coroutine's error they catch
** (CarriedFrames.c), so an unrelated error with the same text, raised later, does not show them.
** rawset refuses a read-only view (ReadOnly.c) with the message an assignment gets: a raw
** write into the view's empty proxy would shadow the data behind it.
*/
#include "Bridge.h"

int tb_setmetatable(lua_State *L) {
  int t = lua_type(L, 2);
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
  if (t == LUA_TTABLE && lua_getfield(L, 2, "__gc") != LUA_TNIL)
    return tb_deferror(L, "setmetatable: __gc finalizers are not allowed in scripts (they would run outside the time and memory limits)");
  if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
    return tb_deferror(L, "cannot change a protected metatable");
  lua_settop(L, 2);
  lua_setmetatable(L, 1);
  return 1;
}

int tb_rawset(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checkany(L, 2);
  luaL_checkany(L, 3);
  if (tb_isreadonly(L, 1)) return tb_readonlyerror(L);
  lua_settop(L, 3);
  lua_rawset(L, 1);
  return 1;
}

/* [-1, +1, e] The message handler tb_xpcall installs: the script's handler (upvalue 1) with
** the error, unless the call is being stopped, when the stop's message goes on unchanged. */
static int tb_xpcallhandler(lua_State *L) {
  if (atomic_load(&tb_bridge(L)->reason) != TB_STOP_NONE) return 1;
  tb_forgetcarried(L, 1);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

/* [-0, +?, -] What xpcall returns (a continuation, so the called function may yield): true
** and the results, or false and the handled error. */
static int tb_finishxpcall(lua_State *L, int status, lua_KContext extra) {
  if (status != LUA_OK && status != LUA_YIELD) {
    lua_pushboolean(L, 0);
    lua_pushvalue(L, -2);
    return 2;
  }
  return lua_gettop(L) - (int)extra;
}

/* [-0, +?, -] What pcall returns (a continuation, as tb_finishxpcall): true and the results,
** or false and the error, whose carried frames are forgotten. */
static int tb_finishpcall(lua_State *L, int status, lua_KContext extra) {
  if (status != LUA_OK && status != LUA_YIELD) {
    tb_forgetcarried(L, -1);
    lua_pushboolean(L, 0);
    lua_pushvalue(L, -2);
    return 2;
  }
  return lua_gettop(L) - (int)extra;
}

int tb_scriptpcall(lua_State *L) {
  int status;
  luaL_checkany(L, 1);
  lua_pushboolean(L, 1);             /* the first result */
  lua_insert(L, 1);
  status = lua_pcallk(L, lua_gettop(L) - 2, LUA_MULTRET, 0, 0, tb_finishpcall);
  return tb_finishpcall(L, status, 0);
}

int tb_xpcall(lua_State *L) {
  int n = lua_gettop(L), status;
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushvalue(L, 2);
  lua_pushcclosure(L, tb_xpcallhandler, 1);
  lua_replace(L, 2);                 /* the wrapped handler */
  lua_pushboolean(L, 1);             /* the first result */
  lua_pushvalue(L, 1);               /* the function */
  lua_rotate(L, 3, 2);               /* both below the function's arguments */
  status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, tb_finishxpcall);
  return tb_finishxpcall(L, status, 2);
}

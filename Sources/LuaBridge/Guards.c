/*
** Guards.c: base functions whose sandboxed versions refuse what would escape the limits.
** setmetatable refuses a metatable with a __gc field: finalizers run with hooks off (during
** a pass, or when the state closes), so neither the time limit, the instruction budget nor
** Ctrl-C could stop one, and one could reach the host while it is being torn down. Lua marks
** an object for finalization only if its metatable has __gc when setmetatable is called, so
** refusing it here is enough. Otherwise it behaves as the standard setmetatable (manual §6.1).
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

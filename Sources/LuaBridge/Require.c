/*
** Require.c: the sandboxed `require`.
** Scripts get no `package` library, so no search path and no C loaders: the host gives
** `require` a searcher and a loader (host functions) and a cache of loaded modules.
** "tessera" is the host's own module. A module being loaded is marked in the cache, so a
** require loop is an error instead of endless recursion.
*/
#include "LuaBridge.h"

#include <string.h>

static const char tb_loadingkey = 0;  /* its address marks a module being loaded */

/* [-1, +1, e] require(name). Upvalues: 1 searcher, 2 loader, 3 loaded, 4 tessera. */
static int tb_require(lua_State *L) {
  const char *name = luaL_checkstring(L, 1);
  lua_settop(L, 1);
  if (strcmp(name, "tessera") == 0) {
    lua_pushvalue(L, lua_upvalueindex(4));
    return 1;
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushvalue(L, 1);
  lua_call(L, 1, 2);                                   /* 1 name, 2 path|nil, 3 message */
  if (lua_isnil(L, 2)) return luaL_error(L, "%s", lua_tostring(L, 3));
  lua_settop(L, 2);
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(3)) != LUA_TNIL) {  /* 3 cached */
    lua_pushlightuserdata(L, (void *)&tb_loadingkey);
    if (lua_rawequal(L, 3, 4))
      return luaL_error(L, "module '%s' requires itself (a require loop through %s)", name, lua_tostring(L, 2));
    lua_pop(L, 1);
    return 1;
  }
  lua_pop(L, 1);
  lua_pushvalue(L, lua_upvalueindex(2));
  lua_pushvalue(L, 2);
  lua_call(L, 1, 2);                                   /* 3 chunk|nil, 4 message */
  if (lua_isnil(L, 3)) {
    lua_settop(L, 4);
    return lua_error(L);                               /* the module's own "file:line:" */
  }
  lua_settop(L, 3);
  lua_pushvalue(L, 2);
  lua_pushlightuserdata(L, (void *)&tb_loadingkey);
  lua_rawset(L, lua_upvalueindex(3));                  /* loaded[path] = loading */
  lua_pushvalue(L, 1);
  lua_pushvalue(L, 2);
  lua_call(L, 2, 1);                                   /* 3 result */
  if (lua_isnil(L, 3)) { lua_pop(L, 1); lua_pushboolean(L, 1); }
  lua_pushvalue(L, 2);
  lua_pushvalue(L, 3);
  lua_rawset(L, lua_upvalueindex(3));                  /* loaded[path] = result */
  return 1;
}

void tb_pushrequire(lua_State *L) { lua_pushcclosure(L, tb_require, 4); }

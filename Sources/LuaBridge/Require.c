/*
** Require.c: the sandboxed `require`.
** Scripts get no `package` library, so no search path and no C loaders: the host gives
** `require` a searcher and a loader (host functions) and a cache of loaded modules.
** "tessera" is the host's own module. A module being loaded is marked in the cache, so a
** require loop is an error instead of endless recursion; a module that fails is unmarked.
** A module that returns a script layout (a table with a simpleLayout, frame or build function)
** and no metatable of its own gets the host's script-layout metatable, so it answers the layout
** methods (`require("mosaic"):inset(8)`, `require("appstore"):with{...}`, see docs/scripts.md,
** "Scripts as values"); its own fields still win.
*/
#include "Bridge.h"

#include <string.h>

static const char tb_loadingkey = 0;  /* its address marks a module being loaded */

/* [-0, +0, -] Gives the table at `idx` the metatable at `meta` if it is a script layout
** without a metatable. */
static void tb_adoptlayout(lua_State *L, int idx, int meta) {
  int layout;
  if (!lua_istable(L, idx) || lua_getmetatable(L, idx)) {
    if (lua_istable(L, idx)) lua_pop(L, 1);
    return;
  }
  layout = lua_getfield(L, idx, "simpleLayout") == LUA_TFUNCTION;
  lua_pop(L, 1);
  if (!layout) {
    layout = lua_getfield(L, idx, "frame") == LUA_TFUNCTION;
    lua_pop(L, 1);
  }
  if (!layout) {
    layout = lua_getfield(L, idx, "build") == LUA_TFUNCTION;
    lua_pop(L, 1);
  }
  if (!layout) return;
  lua_pushvalue(L, meta);
  lua_setmetatable(L, idx);
}

/* [-1, +1, e] require(name). Upvalues: 1 searcher, 2 loader, 3 loaded, 4 tessera,
** 5 the script-layout metatable. */
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
  if (lua_isnil(L, 2)) return tb_deferror(L, "%s", lua_tostring(L, 3));
  lua_settop(L, 2);
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(3)) != LUA_TNIL) {  /* 3 cached */
    lua_pushlightuserdata(L, (void *)&tb_loadingkey);
    if (lua_rawequal(L, 3, 4))
      return tb_deferror(L, "module '%s' requires itself (a require loop through %s)", name, lua_tostring(L, 2));
    lua_pop(L, 1);
    return 1;
  }
  lua_pop(L, 1);
  lua_pushvalue(L, lua_upvalueindex(2));
  lua_pushvalue(L, 2);
  lua_pushvalue(L, 1);
  lua_call(L, 2, 3);                                   /* 3 chunk|nil, 4 message, 5 where */
  if (lua_isnil(L, 3)) {
    /* The module's text is not at fault unless it did not compile, so everything else is named
    ** at the require's line: a file that could not be read as the searcher's refusals are, the
    ** memory cap met while its environment was set up as any memory error is (placed where
    ** the script runs, kind and traceback kept). A compile error has the module's own
    ** "file:line:". */
    lua_Integer where = lua_tointeger(L, 5);           /* 0 when absent */
    if (where == TB_LOADERROR_MEMORY) tb_raisememory(L);   /* returns only uncapped */
    if (where != 0) return tb_deferror(L, "%s", lua_tostring(L, 4));
    lua_settop(L, 4);
    return lua_error(L);
  }
  lua_settop(L, 3);
  lua_pushvalue(L, 2);
  lua_pushlightuserdata(L, (void *)&tb_loadingkey);
  lua_rawset(L, lua_upvalueindex(3));                  /* loaded[path] = loading */
  lua_pushvalue(L, 1);
  lua_pushvalue(L, 2);
  if (lua_pcall(L, 2, 1, 0) != LUA_OK) {               /* 3 result | error */
    /* the module failed: unmark it, so the next require loads it again instead of
    ** reporting a loop */
    lua_pushvalue(L, 2);
    lua_pushnil(L);
    lua_rawset(L, lua_upvalueindex(3));
    return lua_error(L);
  }
  if (lua_isnil(L, 3)) { lua_pop(L, 1); lua_pushboolean(L, 1); }
  tb_adoptlayout(L, 3, lua_upvalueindex(5));
  lua_pushvalue(L, 2);
  lua_pushvalue(L, 3);
  lua_rawset(L, lua_upvalueindex(3));                  /* loaded[path] = result */
  return 1;
}

void tb_pushrequire(lua_State *L) { lua_pushcclosure(L, tb_require, 5); }

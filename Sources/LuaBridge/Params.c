/*
** Params.c: the params table a script receives refuses a name the script does not declare.
** Reading `p.colums` used to give nil, and the typo surfaced far from it (`p.gap * 2`, or an
** `if p.reverse` that was silently false). The table gets a metatable whose array part holds
** the declared names and whose __index raises for any other name, at the line that read it.
** A declared name is a plain table read: __index runs only on a miss, so the per-item reads of
** params cost what they did. The hint for the misspelt name is gathered by NameHints.c and
** worded by the host (DidYouMean), as for a misspelt global.
** A name whose entry in the script's `params = {...}` is nil (Lua drops it, so it is no param)
** is told so instead: the host lists those entries in the metatable (TB_PARAMSNILS), only for
** a script that has one.
*/
#include "Bridge.h"

#include <string.h>

/* [-0, +1, m] Pushes the declared names (the array part of the metatable at `meta`) joined with
** ", ". */
static void tb_pushdeclared(lua_State *L, int meta) {
  luaL_Buffer buffer;
  lua_Integer i, n = (lua_Integer)lua_rawlen(L, meta);
  luaL_buffinit(L, &buffer);
  for (i = 1; i <= n; i++) {
    if (i > 1) luaL_addstring(&buffer, ", ");
    lua_rawgeti(L, meta, i);
    luaL_addvalue(&buffer);
  }
  luaL_pushresult(&buffer);
}

int tb_paramsindex(lua_State *L) {
  lua_Integer i, n;
  /* only names are declared: p[1] (ipairs, #) stays nil, as in any table */
  if (lua_type(L, 2) != LUA_TSTRING || !lua_getmetatable(L, 1)) return 0;
  n = (lua_Integer)lua_rawlen(L, 3);
  for (i = 1; i <= n; i++) {
    lua_rawgeti(L, 3, i);
    if (lua_rawequal(L, -1, 2)) return 0;   /* declared, set to nil by the script */
    lua_pop(L, 1);
  }
  if (tb_pushnilentry(L, 3, 2)) {
    const char *entry = lua_tostring(L, -1);
    if (n == 0) return tb_deferror(L, TB_PARAMSMISS "%s': its entry at %s " TB_PARAMSNILWHY, lua_tostring(L, 2), entry);
    tb_pushdeclared(L, 3);
    return tb_deferror(L, TB_PARAMSMISS "%s': its entry at %s " TB_PARAMSNILWHY "; known params: %s", lua_tostring(L, 2), entry, lua_tostring(L, -1));
  }
  lua_pop(L, 1);
  if (n == 0) return tb_deferror(L, TB_PARAMSMISS "%s'; the script declares no params", lua_tostring(L, 2));
  tb_pushdeclared(L, 3);
  return tb_deferror(L, TB_PARAMSMISS "%s'; known params: %s", lua_tostring(L, 2), lua_tostring(L, -1));
}

int tb_pushnilentry(lua_State *L, int meta, int name) {
  lua_pushliteral(L, TB_PARAMSNILS);
  if (lua_rawget(L, meta) != LUA_TTABLE) return 0;
  lua_pushvalue(L, name);
  lua_rawget(L, -2);
  lua_remove(L, -2);
  return lua_type(L, -1) == LUA_TSTRING;
}

void tb_declareparams(lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  if (tb_isreadonly(L, idx)) {
    /* a read-only view: its data refuses the name, after the view's own lookup missed */
    lua_getmetatable(L, idx);
    lua_pushliteral(L, "__index");
    lua_rawget(L, -2);
    lua_replace(L, -2);                                /* names data */
  } else {
    lua_pushvalue(L, idx);                             /* names params */
  }
  lua_pushvalue(L, -2);                                /* names params names */
  lua_pushcfunction(L, tb_paramsindex);
  lua_setfield(L, -2, "__index");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");                  /* setmetatable can't take strictness off */
  lua_setmetatable(L, -2);
  lua_pop(L, 2);
}

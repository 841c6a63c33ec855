/*
** ReadOnly.c: read-only views of tables.
** A view is an empty proxy whose metatable's __index is the data table: reads, #, pairs
** and ipairs see the data; assignments raise; the metatable is locked. So data the host
** hands to scripts (JSON parameters, ctx.sections, the tessera module) stays unchanged.
** The sandbox's rawset (Guards.c) refuses views too: a raw write into the empty proxy would
** shadow the data behind it.
*/
#include "Bridge.h"

/* The data table behind a read-only view is its metatable's __index. */
static void tb_pushdata(lua_State *L, int proxy) {
  if (!lua_getmetatable(L, proxy)) { lua_pushnil(L); return; }
  lua_getfield(L, -1, "__index");
  lua_remove(L, -2);
}

int tb_readonlyerror(lua_State *L) {
  const char *what = lua_type(L, 1) == LUA_TTABLE ? "table" : "item";   /* ctx:item's are userdata */
  return tb_deferror(L, "attempt to modify a read-only %s (key '%s')", what, luaL_tolstring(L, 2, NULL));
}

int tb_isreadonly(lua_State *L, int idx) {
  int is;
  if (!lua_getmetatable(L, idx)) return 0;
  lua_pushliteral(L, "__newindex");
  is = lua_rawget(L, -2) == LUA_TFUNCTION && lua_tocfunction(L, -1) == tb_readonlyerror;
  lua_pop(L, 2);
  return is;
}

static int tb_ro_len(lua_State *L) {
  tb_pushdata(L, 1);
  lua_pushinteger(L, (lua_Integer)lua_rawlen(L, -1));
  return 1;
}

int tb_rawnext(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);   /* pairs hands this function to scripts, who may call it on anything */
  lua_settop(L, 2);
  if (lua_next(L, 1)) return 2;
  lua_pushnil(L);
  return 1;
}

/* next(view, key) over a view's data. The view itself is pairs' state: handing out the data
** table would let a script write through it (local _, d = pairs(view); d.k = v). */
static int tb_ro_next(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);   /* scripts may call the iterator on anything */
  lua_settop(L, 2);
  tb_pushdata(L, 1);                                   /* view key data */
  if (!lua_istable(L, 3)) return luaL_typeerror(L, 1, "read-only table");
  lua_pushvalue(L, 2);                                 /* view key data key */
  if (lua_next(L, 3)) return 2;
  lua_pushnil(L);
  return 1;
}

static int tb_ro_pairs(lua_State *L) {
  lua_pushcfunction(L, tb_ro_next);
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

void tb_pushreadonly(lua_State *L) {
  lua_createtable(L, 0, 0);                            /* data proxy */
  lua_createtable(L, 0, 5);                            /* data proxy meta */
  lua_rotate(L, -3, -1);                               /* proxy meta data */
  lua_setfield(L, -2, "__index");
  tb_setreadonlymethods(L, tb_ro_len);
  lua_pushcfunction(L, tb_ro_pairs);
  lua_setfield(L, -2, "__pairs");
  lua_setmetatable(L, -2);
}

void tb_setreadonlymethods(lua_State *L, lua_CFunction len) {
  lua_pushcfunction(L, tb_readonlyerror);
  lua_setfield(L, -2, "__newindex");
  lua_pushcfunction(L, len);
  lua_setfield(L, -2, "__len");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");                  /* setmetatable can't replace it */
}

/*
** Tables.c: table.move, insert, remove, sort and concat, and string.rep, for the sandbox.
** Lua's own versions loop in C over a count the script chooses (table.move({}, 1, 2^62, 1, {}),
** a table whose __len says math.maxinteger, string.rep("", math.maxinteger)), where neither
** the count hook nor the watchdog's hook can stop them. These do what the manual (§6.6, §6.4)
** says those functions do, written here: each element moved is a step counted as the pattern
** matcher counts its steps (tb_spend), so the time limit, the instruction budget and
** interrupts stop them. table.sort is a heapsort (n log n comparisons at worst, each a step;
** like Lua's, not stable). string.rep builds its result by doubling, so its time is bounded by
** the size of the result, which the memory cap bounds.
*/
#include "Bridge.h"

#include <limits.h>
#include <string.h>

/* [-0, +0, e] Raises unless the value at arg is a table or has the metamethods `what` needs. */
static void tb_checktablelike(lua_State *L, int arg, int read, int write, int len) {
  int ok = 1, n = 1;
  if (lua_type(L, arg) == LUA_TTABLE) return;
  if (!lua_getmetatable(L, arg)) ok = 0;
  else {
    const char *keys[3] = { read ? "__index" : NULL, write ? "__newindex" : NULL, len ? "__len" : NULL };
    int k;
    for (k = 0; k < 3 && ok; k++) {
      if (keys[k] == NULL) continue;
      lua_pushstring(L, keys[k]);
      n++;
      ok = lua_rawget(L, -n) != LUA_TNIL;
    }
    lua_pop(L, n);
  }
  if (!ok) luaL_checktype(L, arg, LUA_TTABLE);
}

/* table.move(a1, f, e, t [, a2]) */
static int tb_tmove(lua_State *L) {
  lua_Integer f = luaL_checkinteger(L, 2), e = luaL_checkinteger(L, 3), t = luaL_checkinteger(L, 4);
  int dest = lua_isnoneornil(L, 5) ? 1 : 5;
  tb_checktablelike(L, 1, 1, 0, 0);
  tb_checktablelike(L, dest, 0, 1, 0);
  if (e >= f) {
    lua_Integer n, k;
    luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3, "too many elements to move");
    n = e - f + 1;
    luaL_argcheck(L, t <= LUA_MAXINTEGER - n + 1, 4, "destination wrap around");
    /* overlapping ranges in the same table move from the end */
    if (t > e || t <= f || (dest != 1 && !lua_compare(L, 1, dest, LUA_OPEQ))) {
      for (k = 0; k < n; k++) {
        tb_spend(L, 1);
        lua_geti(L, 1, f + k);
        lua_seti(L, dest, t + k);
      }
    } else {
      for (k = n - 1; k >= 0; k--) {
        tb_spend(L, 1);
        lua_geti(L, 1, f + k);
        lua_seti(L, dest, t + k);
      }
    }
  }
  lua_pushvalue(L, dest);
  return 1;
}

/* table.insert(list, [pos,] value) */
static int tb_tinsert(lua_State *L) {
  lua_Integer pos, e, k;
  tb_checktablelike(L, 1, 1, 1, 1);
  e = luaL_len(L, 1);
  e = (lua_Integer)((lua_Unsigned)e + 1u);   /* the first empty slot */
  switch (lua_gettop(L)) {
    case 2: pos = e; break;
    case 3:
      pos = luaL_checkinteger(L, 2);
      luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)e, 2, "position out of bounds");
      for (k = e; k > pos; k--) {
        tb_spend(L, 1);
        lua_geti(L, 1, k - 1);
        lua_seti(L, 1, k);
      }
      break;
    default: return tb_deferror(L, "wrong number of arguments to 'insert'");
  }
  lua_seti(L, 1, pos);
  return 0;
}

/* table.remove(list [, pos]) */
static int tb_tremove(lua_State *L) {
  lua_Integer size, pos;
  tb_checktablelike(L, 1, 1, 1, 1);
  size = luaL_len(L, 1);
  pos = luaL_optinteger(L, 2, size);
  if (pos != size)
    luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 2, "position out of bounds");
  lua_geti(L, 1, pos);
  for (; pos < size; pos++) {
    tb_spend(L, 1);
    lua_geti(L, 1, pos + 1);
    lua_seti(L, 1, pos);
  }
  lua_pushnil(L);
  lua_seti(L, 1, pos);
  return 1;
}

/* [-0, +0, e] Whether list[i] comes before list[j]: the order function at 2, else <. */
static int tb_before(lua_State *L, lua_Integer i, lua_Integer j) {
  int r;
  tb_spend(L, 1);
  if (lua_isnil(L, 2)) {
    lua_geti(L, 1, i);
    lua_geti(L, 1, j);
    r = lua_compare(L, -2, -1, LUA_OPLT);
    lua_pop(L, 2);
  } else {
    lua_pushvalue(L, 2);
    lua_geti(L, 1, i);
    lua_geti(L, 1, j);
    lua_call(L, 2, 1);
    r = lua_toboolean(L, -1);
    lua_pop(L, 1);
  }
  return r;
}

/* [-0, +0, e] Exchanges list[i] and list[j]. */
static void tb_swap(lua_State *L, lua_Integer i, lua_Integer j) {
  lua_geti(L, 1, i);
  lua_geti(L, 1, j);
  lua_seti(L, 1, i);
  lua_seti(L, 1, j);
}

/* [-0, +0, e] Moves list[root] down the heap list[1..n] until both children come before it. */
static void tb_siftdown(lua_State *L, lua_Integer root, lua_Integer n) {
  for (;;) {
    lua_Integer child = 2 * root;
    if (child > n) return;
    if (child < n && tb_before(L, child, child + 1)) child++;
    if (!tb_before(L, root, child)) return;
    tb_swap(L, root, child);
    root = child;
  }
}

/* table.sort(list [, comp]) */
static int tb_tsort(lua_State *L) {
  lua_Integer n, k;
  tb_checktablelike(L, 1, 1, 1, 1);
  n = luaL_len(L, 1);
  if (n > 1) {
    luaL_argcheck(L, n < INT_MAX, 1, "array too big");
    if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_settop(L, 2);
    for (k = n / 2; k >= 1; k--) tb_siftdown(L, k, n);
    for (k = n; k > 1; k--) {
      tb_swap(L, 1, k);
      tb_siftdown(L, 1, k - 1);
    }
  }
  return 0;
}

/* table.concat(list [, sep [, i [, j]]]) */
static int tb_tconcat(lua_State *L) {
  luaL_Buffer b;
  size_t lsep;
  const char *sep;
  lua_Integer i, last;
  tb_checktablelike(L, 1, 1, 0, 1);
  last = luaL_len(L, 1);
  sep = luaL_optlstring(L, 2, "", &lsep);
  i = luaL_optinteger(L, 3, 1);
  last = luaL_optinteger(L, 4, last);
  luaL_buffinit(L, &b);
  for (; i <= last; i++) {
    tb_spend(L, 1);
    lua_geti(L, 1, i);
    if (!lua_isstring(L, -1))
      return tb_deferror(L, "invalid value (at index %I) in table for 'concat'", (LUAI_UACINT)i);
    luaL_addvalue(&b);
    if (i == last) break;   /* also keeps i + 1 from overflowing at math.maxinteger */
    luaL_addlstring(&b, sep, lsep);
  }
  luaL_pushresult(&b);
  return 1;
}

/* string.rep(s, n [, sep]) */
static int tb_srep(lua_State *L) {
  size_t l, lsep, total, done;
  const char *s = luaL_checklstring(L, 1, &l);
  lua_Integer n = luaL_checkinteger(L, 2);
  const char *sep = luaL_optlstring(L, 3, "", &lsep);
  luaL_Buffer b;
  char *p;
  if (n <= 0 || l + lsep == 0) { lua_pushliteral(L, ""); return 1; }   /* "" however many times */
  if (l + lsep < l || l + lsep > (size_t)LUA_MAXINTEGER / (size_t)n)
    return tb_deferror(L, "resulting string too large");
  total = (size_t)n * l + (size_t)(n - 1) * lsep;
  p = luaL_buffinitsize(L, &b, total);
  memcpy(p, s, l);
  done = l;
  if (n > 1) {   /* one "sep s" unit, then double what is written */
    memcpy(p + done, sep, lsep);
    memcpy(p + done + lsep, s, l);
    done += lsep + l;
  }
  while (done < total) {
    size_t chunk = done - l;   /* whole "sep s" units after the first s */
    size_t copy = total - done < chunk ? total - done : chunk;
    memcpy(p + done, p + l, copy);
    done += copy;
  }
  luaL_pushresultsize(&b, total);
  return 1;
}

void tb_opentables(lua_State *L) {
  static const luaL_Reg tablefunctions[] = {
    { "move", tb_tmove }, { "insert", tb_tinsert }, { "remove", tb_tremove }, { "sort", tb_tsort },
    { "concat", tb_tconcat }, { NULL, NULL }
  };
  lua_getglobal(L, "table");
  luaL_setfuncs(L, tablefunctions, 0);
  lua_pop(L, 1);
  lua_getglobal(L, "string");
  lua_pushcfunction(L, tb_srep);
  lua_setfield(L, -2, "rep");
  lua_pop(L, 1);
}

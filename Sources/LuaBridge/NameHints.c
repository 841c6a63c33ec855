/*
** NameHints.c: the names a misspelt one may have meant, gathered on the error path only.
** Lua names the nil value it failed to call, index, compute or concatenate after its message ("attempt to call a nil value
** (global 'pirnt')": varinfo in ldebug.c, whose forms are global, local, method, field,
** upvalue, constant and for iterator). A nil global, method or field is most often a typo; a
** nil local or upvalue is a variable the script declared, and a constant is no lookup. So for
** those three only, while the failing frame is still live (in tb_pcall's handler), this
** gathers the names the script could have meant: for a global, the names of the failing
** function's locals and upvalues (a misspelt local reads a global), then the keys of its _ENV
** (and of the tables its __index chain reaches); for a method or field, the
** keys of the tables the frame reaches directly (its locals and pending values, its upvalues,
** its globals' tables: `t`, `string`, `ctx`, ...) and of their metatables' __index tables (a
** string's methods), since Lua no longer holds which value was indexed. The host (Swift)
** picks the close one and words the hint (DidYouMean), so the one shape of hints is kept.
** No metamethod runs: keys are read with lua_next, __index with rawget.
** A params table's refusal of an undeclared name (Params.c) gets the declared names, and the
** place after the name, where the hint goes; a name whose entry is nil gets none (it is meant).
*/
#include "Bridge.h"

#include <string.h>

static const char tb_hintskey = 'H';

/* How many names are gathered at most: a hint looks for a close name, not every one. */
#define TB_HINTNAMES 4096
/* How many __index tables are followed from a value: enough for a class and its base. */
#define TB_HINTDEPTH 4

/* The kinds of names a hint is given for, as varinfo writes them. */
static const char *const tb_hintkinds[] = {"global", "method", "field"};

/* The kind (an index into tb_hintkinds) and the name of a failed lookup that msg ends with,
** or -1; the name is msg's bytes [*name, *name + *length). */
static int tb_hintkind(const char *msg, const char **name, size_t *length) {
  size_t n = strlen(msg), k;
  const char *open, *quote;
  /* luaG_typeerror's "attempt to <call, index, perform arithmetic on, concatenate, get length
  ** of> a nil value (...)" */
  if (strstr(msg, "attempt to ") == NULL || strstr(msg, " a nil value (") == NULL) return -1;
  if (n < 5 || strcmp(msg + n - 2, "')") != 0) return -1;
  for (open = msg + n - 3; open > msg && *open != '('; open--) {}
  if (*open != '(') return -1;
  for (k = 0; k < sizeof tb_hintkinds / sizeof *tb_hintkinds; k++) {
    size_t kindlength = strlen(tb_hintkinds[k]);
    if (strncmp(open + 1, tb_hintkinds[k], kindlength) != 0) continue;
    quote = open + 1 + kindlength;
    if (strncmp(quote, " '", 2) != 0) return -1;
    *name = quote + 2;
    *length = (size_t)(msg + n - 2 - *name);
    return *length > 0 && memchr(*name, '\'', *length) == NULL ? (int)k : -1;
  }
  return -1;
}

/* [-0, +0, m] Appends the string keys of the table at `t` to the array at `names`, while
** there is room. */
static void tb_addkeys(lua_State *L, int names, int t) {
  lua_Integer n = (lua_Integer)lua_rawlen(L, names);
  int top = lua_gettop(L);
  lua_pushnil(L);
  while (n < TB_HINTNAMES && lua_next(L, t)) {
    lua_pop(L, 1);
    if (lua_type(L, -1) == LUA_TSTRING) {
      lua_pushvalue(L, -1);
      lua_rawseti(L, names, ++n);
    }
  }
  lua_settop(L, top);
}

/* [-0, +0, m] Appends a variable's name, unless it is one Lua gives a slot with none
** ("(temporary)", "(for state)") or Lua made none (a chunk without debug information). */
static void tb_addname(lua_State *L, int names, const char *name) {
  lua_Integer n = (lua_Integer)lua_rawlen(L, names);
  if (n >= TB_HINTNAMES || *name == '(' || *name == '\0') return;
  lua_pushstring(L, name);
  lua_rawseti(L, names, n + 1);
}

/* [-0, +0, m] Appends the keys a lookup in the value at `v` could find: its own when it is a
** table, then those of each __index table its metatables lead to. */
static void tb_addvaluekeys(lua_State *L, int names, int v) {
  int top = lua_gettop(L), depth;
  lua_pushvalue(L, v);
  for (depth = 0; depth <= TB_HINTDEPTH; depth++) {
    int at = lua_gettop(L);
    if (lua_type(L, at) == LUA_TTABLE) tb_addkeys(L, names, at);
    if (!lua_getmetatable(L, at)) break;
    lua_pushliteral(L, "__index");
    if (lua_rawget(L, -2) != LUA_TTABLE) break;
  }
  lua_settop(L, top);
}

/* [-0, +0, m] Appends the keys of the tables the globals of the table at `env` hold (not env
** itself, which _G holds). */
static void tb_addglobalskeys(lua_State *L, int names, int env) {
  lua_pushnil(L);
  while (lua_next(L, env)) {
    if (lua_type(L, -1) == LUA_TTABLE && !lua_rawequal(L, -1, env)) tb_addvaluekeys(L, names, lua_gettop(L));
    lua_pop(L, 1);
  }
}

/* [-0, +1, m] Pushes the table of hint names for the failed lookup named msg's bytes [name,
** name + length), of kind `kind`, raised at level 1 of L, or nil when that is no Lua function:
** `name` the name Lua gave, 1..n the names the script may have meant. */
static void tb_pushhintnames(lua_State *L, int kind, const char *name, size_t length) {
  lua_Debug ar;
  const char *upvalue, *local;
  int names, fn, env = 0, i;
  if (!lua_checkstack(L, 32) || !lua_getstack(L, 1, &ar)) {
    lua_pushnil(L);
    return;
  }
  lua_getinfo(L, "Sf", &ar);   /* pushes the function */
  fn = lua_gettop(L);
  if (*ar.what == 'C') {
    lua_pushnil(L);
    lua_replace(L, fn);
    return;
  }
  lua_createtable(L, 64, 2);
  names = lua_gettop(L);
  lua_pushlstring(L, name, length);
  lua_setfield(L, names, "name");
  /* nearest first (of names as close, the first is offered): the frame's locals, for a global
  ** their names (a misspelt local reads a global: `ctz` for `ctx`), for a method or field
  ** their values and the pending ones (a method's self) */
  for (i = 1; (local = lua_getlocal(L, &ar, i)) != NULL; i++) {
    if (kind == 0) tb_addname(L, names, local);
    else tb_addvaluekeys(L, names, lua_gettop(L));
    lua_pop(L, 1);
  }
  /* then its upvalues, likewise, and its globals */
  for (i = 1; (upvalue = lua_getupvalue(L, fn, i)) != NULL; i++) {
    if (env == 0 && strcmp(upvalue, "_ENV") == 0 && lua_istable(L, -1)) {
      env = lua_gettop(L);   /* kept */
      continue;
    }
    if (kind == 0) tb_addname(L, names, upvalue);
    else tb_addvaluekeys(L, names, lua_gettop(L));
    lua_pop(L, 1);
  }
  if (env != 0) {
    if (kind == 0) tb_addvaluekeys(L, names, env);
    else tb_addglobalskeys(L, names, env);
  }
  lua_copy(L, names, fn);
  lua_settop(L, fn);
}

/* [-0, +1, m] When the error at level 1 of L is a params table's refusal of a name (Params.c),
** pushes its hint names: `name` the name read, 1..n the declared ones, `at` the byte of msg
** after the quoted name, where the hint goes; else pushes nil. */
static int tb_pushparamshints(lua_State *L, const char *msg) {
  lua_Debug ar;
  const char *name, *miss = strstr(msg, TB_PARAMSMISS);
  lua_Integer i, n;
  int top = lua_gettop(L), meta;
  if (miss == NULL || !lua_checkstack(L, 8) || !lua_getstack(L, 1, &ar)) {
    lua_pushnil(L);
    return 0;
  }
  lua_getinfo(L, "f", &ar);
  if (lua_tocfunction(L, -1) != tb_paramsindex || lua_getlocal(L, &ar, 2) == NULL
      || (name = lua_tostring(L, -1)) == NULL || lua_getlocal(L, &ar, 1) == NULL
      || !lua_getmetatable(L, -1)) {
    lua_settop(L, top);
    lua_pushnil(L);
    return 0;
  }
  meta = lua_gettop(L);                                /* fn name params meta */
  if (tb_pushnilentry(L, meta, top + 2)) {
    /* the name is the one the script meant: its entry is nil, which the message says */
    lua_settop(L, top);
    lua_pushnil(L);
    return 0;
  }
  lua_pop(L, 1);
  n = (lua_Integer)lua_rawlen(L, meta);
  lua_createtable(L, (int)n, 2);
  lua_pushvalue(L, top + 2);
  lua_setfield(L, -2, "name");
  /* the message holds the name up to a zero byte it may have (%s) */
  lua_pushinteger(L, (lua_Integer)(miss - msg + strlen(TB_PARAMSMISS) + strlen(name) + 1));
  lua_setfield(L, -2, "at");
  for (i = 1; i <= n; i++) {
    lua_rawgeti(L, meta, i);
    lua_rawseti(L, -2, i);
  }
  lua_replace(L, top + 1);
  lua_settop(L, top + 1);
  return 1;
}

int tb_pushhints(lua_State *L, int idx) {
  tb_Bridge *b = tb_bridge(L);
  const char *msg = lua_tostring(L, idx), *name;
  size_t length;
  int kind = msg != NULL ? tb_hintkind(msg, &name, &length) : -1, saved = b->enforce;
  if (kind < 0) {
    if (msg == NULL) {
      lua_pushnil(L);
      return 0;
    }
    b->enforce = 0;
    kind = tb_pushparamshints(L, msg);
    b->enforce = saved;
    return kind;
  }
  b->enforce = 0;   /* a few names past the cap: the error is being reported already */
  tb_pushhintnames(L, kind, name, length);
  b->enforce = saved;
  return lua_istable(L, -1);
}

void tb_recordhints(lua_State *L, int hints) {
  if (!lua_istable(L, hints)) return;
  lua_pushvalue(L, -1);
  lua_setfield(L, hints, "text");
  lua_pushvalue(L, hints);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &tb_hintskey);
}

int tb_pushhintsfor(lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &tb_hintskey) == LUA_TTABLE) {
    lua_getfield(L, -1, "text");
    if (lua_rawequal(L, -1, idx)) {
      lua_pop(L, 1);
      return 1;
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return 0;
}

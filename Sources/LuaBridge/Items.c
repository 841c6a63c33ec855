/*
** Items.c: the data access hot paths of `ctx`: ctx:size and ctx:item.
** ctx:size checks its arguments here and asks Swift for the size through a plain C function
** pointer (no host-function trampoline, no allocation). ctx:item(i) returns an item: a
** userdata holding only i, with one metatable per ctx. Reading a field looks the value up
** in that field's column (one plain array per field name, built by Swift for the whole ctx),
** so a loop over items builds no table of every field. A field read only a few times reads
** the item directly instead of building its column. An item is read-only as the tables the
** host gave before: writes raise, pairs and # see the item's fields, the metatable is
** locked. It is a userdata rather than a table because a table needs a hash node for i,
** which made each ctx:item call cost twice as much (one allocation, no node, and i read
** without a lookup); its __name makes tostring and type errors say "tessera.item".
*/
#include "Bridge.h"


/* ctx:size */

/* [-0, +0, v] The shared checks of an item index in slot 2 of ctx:method(i). Like ctx.set
** and lauxlib's luaL_checkinteger, it takes what lua_tointegerx converts (a numeric string
** too); the type is looked at only to word an error. */
static lua_Integer tb_checkitemindex(lua_State *L, const char *method, lua_Integer count) {
  int isint;
  lua_Integer i = lua_tointegerx(L, 2, &isint);
  if (!isint) {
    if (lua_type(L, 1) != LUA_TTABLE)
      tb_deferror(L, "%s: argument #1 (i) must be an integer, got %v (call it with a colon: %s(i))", method, 2, method);
    tb_argerror(L, 2, method, 1, "i", "an integer");
  }
  if (i < 1 || i > count)
    tb_argerror(L, 2, method, 1, "i", tb_pushfmessage(L, "an item index in 1..%I", count));
  return i;
}

/* [-0, +0, v] An optional proposal dimension in `slot` (what lua_tonumberx converts, as for
** ctx.set), else `fallback` when the slot is nil or absent. */
static double tb_proposal(lua_State *L, int slot, const char *name, double fallback) {
  int isnum;
  double v = lua_tonumberx(L, slot, &isnum);
  if (isnum && v >= 0 && v <= DBL_MAX) return v;
  if (!isnum && lua_type(L, slot) <= LUA_TNIL) return fallback;
  tb_argerror(L, slot, "ctx:size", slot - 1, name, "a finite, non-negative number");
  return v;
}

/* [-?, +?, e] s->size for item i, with the memory cap lifted as for a host function; raises
** the error it reports (a section that fails to lay out, a size function's error). */
static void tb_sizefromswift(lua_State *L, const tb_Sizer *s, lua_Integer i, double pw, double ph,
                             double *w, double *h) {
  tb_Bridge *b = tb_bridge(L);
  int saved = b->enforce, status;
  lua_State *previous;
  b->enforce = 0;
  previous = tb_enterhost(L);
  status = s->size(s->source, L, i, pw, ph, w, h);
  tb_leavehost(L, previous);
  b->enforce = saved;
  if (status != 0) tb_hostresult(L, status);
}

/* The fit rule for an item of positive size iw x ih: scale down to the width, then to the
** height. */
static inline void tb_fit(double iw, double ih, double pw, double ph, double *w, double *h) {
  if (iw > pw) { ih = ih * pw / iw; iw = pw; }
  if (ih > ph) { iw = iw * ph / ih; ih = ph; }
  *w = iw; *h = ih;
}

/* [-0, +0, e] Item i's (0-based) size for the proposal pw x ph, as ItemSizing.size computes
** it: sized items here, the rest through s->size. */
static void tb_sizeof(lua_State *L, const tb_Sizer *s, lua_Integer i, double pw, double ph, double *w, double *h) {
  double iw, ih;
  if (s->widths == NULL) { tb_sizefromswift(L, s, i, pw, ph, w, h); return; }
  iw = s->widths[i]; ih = s->heights[i];
  switch (s->rule) {
    case TB_SIZE_FILL:
      *w = pw; *h = ph;
      return;
    case TB_SIZE_INTRINSIC:
      *w = isnan(iw) ? pw : iw; *h = isnan(ih) ? ph : ih;
      return;
    default:
      if (isnan(iw) && isnan(ih)) { tb_sizefromswift(L, s, i, pw, ph, w, h); return; }  /* text */
      if (isnan(iw)) { *w = pw; *h = ih; return; }
      if (isnan(ih)) { *w = iw; *h = ph; return; }
      if (!(iw > 0 && ih > 0)) { *w = 0 >= iw ? 0 : iw; *h = 0 >= ih ? 0 : ih; return; }  /* Swift max(v, 0) */
      if (s->rule == TB_SIZE_FILLWIDTH) { *w = pw; *h = ih * pw / iw; return; }
      tb_fit(iw, ih, pw, ph, w, h);
  }
}

/* [-0, +2, e] ctx:size for what tb_ctxsize does not answer itself, with the arguments it read
** (i 0 and a proposal 0 where a read failed): checks them again (the messages, an omitted
** proposal) unless they are an index in range and positive finite proposals, then sizes. */
static TB_SLOWPATH int tb_ctxsizechecked(lua_State *L, const tb_Sizer *s, lua_Integer i, double pw, double ph) {
  double w, h;
  if (!((lua_Unsigned)i - 1 < (lua_Unsigned)s->count && pw > 0 && pw <= DBL_MAX && ph > 0 && ph <= DBL_MAX)) {
    i = tb_checkitemindex(L, "ctx:size", s->count);
    pw = tb_proposal(L, 3, "pw", s->width);
    ph = tb_proposal(L, 4, "ph", s->height);
  }
  tb_sizeof(L, s, i - 1, pw, ph, &w, &h);
  lua_pushnumber(L, w);
  lua_pushnumber(L, h);
  return 2;
}

/* ctx:size(i [, pw, ph]) -> w, h. Upvalues: 1 the tb_Sizer (a light userdata: the shortest
** read), 2 its full userdata, 3 what keeps its source alive. The hot path reads each argument
** with one API call and no success flag, and answers an index in range with positive finite
** proposals (a failed read gives 0, which is neither) for an item with both sizes positive
** under the fit rule; anything else (another rule, a zero or omitted proposal, a bad argument)
** takes tb_ctxsizechecked, which gives the same values or raises. */
static int tb_ctxsize(lua_State *L) {
  const tb_Sizer *s = (const tb_Sizer *)lua_touserdata(L, lua_upvalueindex(1));
  lua_Integer i = lua_tointegerx(L, 2, NULL);
  double pw = lua_tonumberx(L, 3, NULL), ph = lua_tonumberx(L, 4, NULL), iw, ih, w, h;
  if (!((lua_Unsigned)i - 1 < (lua_Unsigned)s->count && pw > 0 && pw <= DBL_MAX && ph > 0 && ph <= DBL_MAX
        && s->rule == TB_SIZE_FIT && s->widths != NULL && (iw = s->widths[i - 1]) > 0 && (ih = s->heights[i - 1]) > 0))
    return tb_ctxsizechecked(L, s, i, pw, ph);
  tb_fit(iw, ih, pw, ph, &w, &h);
  lua_pushnumber(L, w);
  lua_pushnumber(L, h);
  return 2;
}

tb_Sizer *tb_pushsizer(lua_State *L) {
  tb_Sizer *s = (tb_Sizer *)lua_newuserdatauv(L, sizeof *s, 0);
  s->size = NULL; s->source = NULL; s->widths = NULL; s->heights = NULL; s->rule = TB_SIZE_FIT;
  s->count = 0; s->width = 0; s->height = 0;
  lua_pushlightuserdata(L, s);
  lua_rotate(L, -3, 1);               /* light keeper sizer */
  lua_rotate(L, -2, 1);               /* light sizer keeper */
  lua_pushcclosure(L, tb_ctxsize, 3);
  return s;
}

/* ctx:item */

#define TB_FIELD_READS_BEFORE_COLUMN 32

/* No stack. The index an item holds (only items reach their metamethods: the metatable is
** locked, so no other value can carry it). */
static lua_Integer tb_itemindexof(lua_State *L, int idx) {
  return *(const lua_Integer *)lua_touserdata(L, idx);
}

/* The two field names read last and where their columns are: __index compares the key's
** string pointer with these (short strings are interned, so an equal name is the same
** pointer) instead of hashing it. Each name is kept alive in an upvalue of __index, so no
** other string can take its address; a long name, which Lua does not intern, just misses. */
typedef struct tb_ItemKeys {
  const char *key[2];
  int next;                            /* the slot the next cached column replaces */
} tb_ItemKeys;

#define TB_KEYS_UPVALUE 5              /* then 6, 7 the cached columns, 8, 9 their names */

/* [-1, +0, -] Remembers the column on top of the stack (left there) as key k's, slot 2
** of __index's stack holding the name. */
static void tb_cachecolumn(lua_State *L, tb_ItemKeys *c, const char *k) {
  int slot = c->next;
  lua_pushvalue(L, -1);
  lua_replace(L, lua_upvalueindex(TB_KEYS_UPVALUE + 1 + slot));
  lua_pushvalue(L, 2);
  lua_replace(L, lua_upvalueindex(TB_KEYS_UPVALUE + 3 + slot));
  c->key[slot] = k;
  c->next = slot ^ 1;
}

/* __index(item, key). Upvalues: 1 columns (name -> array), 2 reads (name -> count),
** 3 column(name) -> array, 4 field(i, name) -> value, 5 the tb_ItemKeys (a light userdata),
** 6 and 7 its columns, 8 and 9 its names, 10 its full userdata. */
static int tb_itemindex(lua_State *L) {
  tb_ItemKeys *c;
  const char *k;
  lua_Integer i, reads;
  if (lua_type(L, 2) != LUA_TSTRING) return 0;
  c = (tb_ItemKeys *)lua_touserdata(L, lua_upvalueindex(TB_KEYS_UPVALUE));
  k = lua_tolstring(L, 2, NULL);
  i = tb_itemindexof(L, 1);
  if (k == c->key[0]) { lua_rawgeti(L, lua_upvalueindex(TB_KEYS_UPVALUE + 1), i); return 1; }
  if (k == c->key[1]) { lua_rawgeti(L, lua_upvalueindex(TB_KEYS_UPVALUE + 2), i); return 1; }
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(1)) == LUA_TTABLE) {
    tb_cachecolumn(L, c, k);
    lua_rawgeti(L, -1, i);
    return 1;
  }
  lua_pop(L, 1);
  lua_pushvalue(L, 2);
  lua_rawget(L, lua_upvalueindex(2));
  reads = lua_tointeger(L, -1) + 1;
  lua_pop(L, 1);
  lua_pushvalue(L, 2);
  lua_pushinteger(L, reads);
  lua_rawset(L, lua_upvalueindex(2));
  if (reads > TB_FIELD_READS_BEFORE_COLUMN) {  /* a hot field: build its column once */
    lua_pushvalue(L, lua_upvalueindex(3));
    lua_pushvalue(L, 2);
    lua_call(L, 1, 1);
    if (lua_type(L, -1) == LUA_TTABLE) tb_cachecolumn(L, c, k);
    lua_rawgeti(L, -1, i);
    return 1;
  }
  lua_pushvalue(L, lua_upvalueindex(4));
  lua_pushinteger(L, i);
  lua_pushvalue(L, 2);
  lua_call(L, 2, 1);
  return 1;
}

static int tb_itemlen(lua_State *L) {
  lua_pushinteger(L, 0);               /* items have named fields only */
  return 1;
}

/* __pairs(item): the item's fields. Upvalue: fields(i) -> a table of every field. */
static int tb_itempairs(lua_State *L) {
  lua_pushcfunction(L, tb_rawnext);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushinteger(L, tb_itemindexof(L, 1));
  lua_call(L, 1, 1);
  lua_pushnil(L);
  return 3;
}

/* [-0, +1, e] ctx:item for what tb_ctxitem does not answer itself: raises for a bad index,
** else pushes nil (a context without item data). */
static TB_SLOWPATH int tb_ctxitemchecked(lua_State *L, lua_Integer count) {
  tb_checkitemindex(L, "ctx:item", count);
  lua_pushnil(L);
  return 1;
}

/* ctx:item(i). Upvalues: 1 the item count, negated when there are no items to read (then
** ctx:item returns nil, as for a context without a dataset), 2 the proxies' metatable. The
** hot path reads i with no success flag: a failed read gives 0, which is out of range
** (as is every i when the count is negated). */
static int tb_ctxitem(lua_State *L) {
  lua_Integer count = lua_tointegerx(L, lua_upvalueindex(1), NULL);
  lua_Integer i = lua_tointegerx(L, 2, NULL);
  if (!(i >= 1 && i <= count))
    return tb_ctxitemchecked(L, count < 0 ? -count : count);
  *(lua_Integer *)lua_newuserdatauv(L, sizeof i, 0) = i;
  lua_pushvalue(L, lua_upvalueindex(2));
  lua_setmetatable(L, -2);
  return 1;
}

void tb_pushitemaccess(lua_State *L, lua_Integer count, int hasitems) {
  tb_ItemKeys *c;
  luaL_checkstack(L, 8, NULL);
  lua_pushcclosure(L, tb_itempairs, 1);              /* columns reads column field pairs */
  lua_createtable(L, 0, 6);
  lua_rotate(L, -2, 1);                              /* ... field meta pairs */
  lua_setfield(L, -2, "__pairs");
  lua_rotate(L, -5, 1);                              /* meta columns reads column field */
  c = (tb_ItemKeys *)lua_newuserdatauv(L, sizeof *c, 0);
  c->key[0] = c->key[1] = NULL; c->next = 0;
  lua_pushlightuserdata(L, c);
  lua_rotate(L, -2, 1);                              /* ... field light keys */
  lua_pushnil(L); lua_pushnil(L); lua_pushnil(L); lua_pushnil(L);
  lua_rotate(L, -5, -1);                             /* ... field light nil nil nil nil keys */
  lua_pushcclosure(L, tb_itemindex, 10);
  lua_setfield(L, -2, "__index");
  lua_pushliteral(L, TB_ITEMNAME);
  lua_setfield(L, -2, "__name");
  tb_setreadonlymethods(L, tb_itemlen);
  lua_pushinteger(L, hasitems ? count : -count);
  lua_rotate(L, -2, 1);                              /* count meta */
  lua_pushcclosure(L, tb_ctxitem, 2);
}

int tb_pushitemfields(lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  luaL_getmetafield(L, idx, "__pairs");              /* pairs */
  lua_pushvalue(L, idx);
  if (lua_pcall(L, 1, 2, 0) != LUA_OK) return 0;     /* next fields | error */
  lua_remove(L, -2);
  return 1;
}

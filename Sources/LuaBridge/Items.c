/*
** Items.c: the data access hot paths of `ctx`: ctx:size and ctx:item.
** ctx:size checks its arguments here and asks Swift for the size through a plain C function
** pointer (no host-function trampoline, no allocation). ctx:item(i) returns an item: a light
** userdata whose bits are i and the number of its layout pass, so a call allocates nothing
** (a full userdata per call cost a quarter of a ctx:item(i).w read, with its collection).
** Reading a field looks the value up in that field's column, found once for the whole ctx: a
** number column (tb_NumberColumn: the dataset's own array of the field's numbers, read with no
** table between) where every item that has the field has a number there, else a plain array
** built by Swift; so a loop over items builds no table of every field. A field read only a few
** times reads the item directly instead of building its column. An item
** is read-only as the tables the host gives: writes raise, pairs and # see the item's fields,
** the metatable is locked; its __name makes tostring and type errors say "tessera.item". It
** can be read while its pass runs: a light userdata keeps nothing alive, so the host ends the
** pass (tb_enditems) and an item read after that raises.
*/
#include "Bridge.h"

#include <stdint.h>
#include <stdio.h>


/* ctx:size */

/* [-0, +0, v] The shared checks of an item index in slot 2 of ctx:method(i). Like ctx.set
** and lauxlib's luaL_checkinteger, it takes what lua_tointegerx converts (a numeric string
** too); the type is looked at only to word an error. */
static lua_Integer tb_checkitemindex(lua_State *L, const char *method, lua_Integer count) {
  int isint;
  lua_Integer i = lua_tointegerx(L, 2, &isint);
  if (!isint) {
    /* Written aside, not pushed: a pushed string would fill slot 2 when i is missing. */
    char colon[80];
    snprintf(colon, sizeof colon, " (call it with a colon: %s(i))", method);
    tb_hintedargerror(L, 2, method, 1, "i", "an integer", lua_type(L, 1) != LUA_TTABLE ? colon : NULL);
  }
  if (i < 1 || i > count) tb_itemindexerror(L, 2, method, 1, count);
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
  /* Rarely taken once scaled to the width: a branch, not a select that always pays the
  ** second division (which waits for the first). */
  if (TB_UNLIKELY(ih > ph)) { iw = iw * ph / ih; ih = ph; }
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
** takes tb_ctxsizechecked, which gives the same values or raises. The proposals take two
** comparisons: the smaller (ph when either is NaN) is positive, and their sum is at most
** DBL_MAX, which it is only when both are finite (a sum that overflows just takes the
** checked path). */
static TB_HOTPATH int tb_ctxsize(lua_State *L) {
  const tb_Sizer *s = (const tb_Sizer *)lua_touserdata(L, lua_upvalueindex(1));
  lua_Integer i = lua_tointegerx(L, 2, NULL);
  double pw = lua_tonumberx(L, 3, NULL), ph = lua_tonumberx(L, 4, NULL), iw, ih, w, h;
  if (!((lua_Unsigned)i - 1 < (lua_Unsigned)s->count && (pw < ph ? pw : ph) > 0 && pw + ph <= DBL_MAX
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

/* An item is a light userdata (ctx:item allocates nothing). Its high half is a tag (its top
** bit) and the number of the pass that gave it, its low half its index i. A light userdata
** references nothing, so each pass keeps its record (below) in the passes table under its
** number until the host ends the pass (tb_enditems, or its guard's __gc as a backstop); reading
** an item of an ended pass raises instead of reading another pass's data. The tag keeps an
** item's bits apart from every address lua_topointer can give (no user-space address has the
** top bit set), so __index tells field names apart by lua_topointer alone. Lua has one
** metatable for every light userdata, set up on first use; the only light userdata scripts
** can reach are items. */
#define TB_ITEMBITS 32
#define TB_ITEMMASK (((lua_Unsigned)1 << TB_ITEMBITS) - 1)
#define TB_ITEMTAG ((lua_Unsigned)1 << (TB_ITEMBITS - 1))   /* in the high half */
#define TB_PASSMAX (TB_ITEMTAG - 1)
#define TB_ITEMGUARD "tessera.itempass"
#define TB_FIELD_READS_BEFORE_COLUMN 32

/* A pass's record: columns (name -> array), reads (name -> count), column(name) -> array,
** numbers(name) -> number column or nil, field(i, name) -> value, fields(i) -> a table of
** every field, numbercolumns (name -> number column). */
enum { TB_REC_COLUMNS = 1, TB_REC_READS, TB_REC_COLUMN, TB_REC_NUMBERS, TB_REC_FIELD, TB_REC_FIELDS,
       TB_REC_NUMBERCOLUMNS };

/* The metamethods' upvalues: 1 the passes table; __index's 2 and 3 the columns of the two
** field names read last (bridge->itemkey; a Lua array or a number column's userdata), 4 and 5
** those names, kept alive so that no other object can take their address. */
enum { TB_UP_PASSES = 1, TB_UP_COLUMN = 2, TB_UP_NAME = 4 };

/* No stack. The bits of the light userdata at idx. */
static lua_Unsigned tb_itembits(lua_State *L, int idx) {
  return (lua_Unsigned)(uintptr_t)lua_touserdata(L, idx);
}

/* [-0, +1, v] Pushes the record of item h's pass, or raises for an ended pass. */
static void tb_pushitemrecord(lua_State *L, lua_Unsigned h) {
  if (lua_rawgeti(L, lua_upvalueindex(TB_UP_PASSES), (lua_Integer)(h >> TB_ITEMBITS & TB_PASSMAX)) != LUA_TTABLE)
    tb_deferror(L, "ctx:item(%I) was kept after its layout pass: an item can be read only while that pass runs",
                (lua_Integer)(h & TB_ITEMMASK));
}

/* No stack. Starts remembering the columns of the items whose high half is `high` (0: of no
** pass) with none yet (the bridge's own address stands for no name: no key's lua_topointer
** gives it); the caller sets the four column and name upvalues to nil. */
static void tb_restartcolumns(tb_Bridge *b, lua_Unsigned high) {
  b->itemkey[0] = b->itemkey[1] = b;
  b->itemnumbers[0] = b->itemnumbers[1] = NULL;
  b->itemnext = 0;
  b->itemhigh = high;
}

/* [-0, +1, -] Pushes item i's (1-based) value in number column c: an integer where it was
** written as one, nil where the item has none. */
static void tb_pushcolumnnumber(lua_State *L, const tb_NumberColumn *c, lua_Integer i) {
  double v = c->values[i - 1];
  lua_Integer k = c->first + i - 1;
  if (c->integers[k >> 6] >> (k & 63) & 1) lua_pushinteger(L, (lua_Integer)v);
  else if (v == v) lua_pushnumber(L, v);
  else lua_pushnil(L);
}

tb_NumberColumn *tb_pushnumbercolumn(lua_State *L) {
  tb_NumberColumn *c = (tb_NumberColumn *)lua_newuserdatauv(L, sizeof *c, 1);
  c->values = NULL; c->integers = NULL; c->first = 0;
  return c;
}

/* [-0, +1, -] Remembers the column on top of the stack (left there: a number column's userdata
** when `numbers`, else a Lua array) as the column of key k, the name in slot 2 of __index's
** stack, and pushes item i's value from it. Returns 1, __index's result count. */
static int tb_readcolumn(lua_State *L, const void *k, const tb_NumberColumn *numbers, lua_Integer i) {
  tb_Bridge *b = tb_bridge(L);
  int slot = b->itemnext;
  lua_pushvalue(L, -1);
  lua_replace(L, lua_upvalueindex(TB_UP_COLUMN + slot));
  lua_pushvalue(L, 2);
  lua_replace(L, lua_upvalueindex(TB_UP_NAME + slot));
  b->itemkey[slot] = k;
  b->itemnumbers[slot] = numbers;
  b->itemnext = slot ^ 1;
  if (numbers != NULL) tb_pushcolumnnumber(L, numbers, i);
  else lua_rawgeti(L, -1, i);
  return 1;
}

/* [-0, +1, e] __index for what tb_itemindex does not answer itself: an ended pass raises; a
** key that is no string reads nil; a name gets its column when one is built (remembered), its
** column built now when it is read often (a number column when every item that has the field
** has a number there, else a Lua array), else the one field. */
static TB_SLOWPATH int tb_itemindexchecked(lua_State *L, lua_Unsigned h) {
  lua_Integer i = (lua_Integer)(h & TB_ITEMMASK), reads;
  const void *k;
  lua_settop(L, 2);
  tb_pushitemrecord(L, h);                           /* item key record */
  if (lua_type(L, 2) != LUA_TSTRING) return 0;
  if (tb_bridge(L)->itemhigh != h >> TB_ITEMBITS) {  /* another pass's item: remember its columns */
    int up;
    for (up = TB_UP_COLUMN; up < TB_UP_NAME + 2; up++) {
      lua_pushnil(L);
      lua_replace(L, lua_upvalueindex(up));
    }
    tb_restartcolumns(tb_bridge(L), h >> TB_ITEMBITS);
  }
  k = lua_topointer(L, 2);
  lua_rawgeti(L, 3, TB_REC_NUMBERCOLUMNS);           /* item key record numbercolumns */
  lua_pushvalue(L, 2);
  if (lua_rawget(L, 4) == LUA_TUSERDATA)
    return tb_readcolumn(L, k, (const tb_NumberColumn *)lua_touserdata(L, -1), i);
  lua_settop(L, 3);
  lua_rawgeti(L, 3, TB_REC_COLUMNS);                 /* item key record columns */
  lua_pushvalue(L, 2);
  if (lua_rawget(L, 4) == LUA_TTABLE) return tb_readcolumn(L, k, NULL, i);
  lua_rawgeti(L, 3, TB_REC_READS);                   /* item key record columns nil reads */
  lua_pushvalue(L, 2);
  lua_rawget(L, -2);
  reads = lua_tointeger(L, -1) + 1;
  lua_pop(L, 1);
  lua_pushvalue(L, 2);
  lua_pushinteger(L, reads);
  lua_rawset(L, -3);
  lua_settop(L, 3);
  if (reads > TB_FIELD_READS_BEFORE_COLUMN) {        /* a hot field: build its column once */
    lua_rawgeti(L, 3, TB_REC_NUMBERS);
    lua_pushvalue(L, 2);
    lua_call(L, 1, 1);                               /* item key record numbers|nil */
    if (lua_type(L, -1) == LUA_TUSERDATA) {
      lua_rawgeti(L, 3, TB_REC_NUMBERCOLUMNS);
      lua_pushvalue(L, 2);
      lua_pushvalue(L, -3);
      lua_rawset(L, -3);
      lua_pop(L, 1);
      return tb_readcolumn(L, k, (const tb_NumberColumn *)lua_touserdata(L, -1), i);
    }
    lua_pop(L, 1);
    lua_rawgeti(L, 3, TB_REC_COLUMN);
    lua_pushvalue(L, 2);
    lua_call(L, 1, 1);                               /* item key record array */
    return tb_readcolumn(L, k, NULL, i);
  }
  lua_rawgeti(L, 3, TB_REC_FIELD);
  lua_pushinteger(L, i);
  lua_pushvalue(L, 2);
  lua_call(L, 2, 1);
  return 1;
}

/* __index(item, key). The hot path: a name read last, of an item of the pass whose columns
** are remembered, is compared by its lua_topointer (short strings are interned, so an equal
** name is the same object; a long name, which Lua does not intern, just misses) and read from
** its column. */
static TB_HOTPATH int tb_itemindex(lua_State *L) {
  const tb_Bridge *b = tb_bridge(L);
  lua_Unsigned h = tb_itembits(L, 1);
  if (h >> TB_ITEMBITS == b->itemhigh) {
    const void *k = lua_topointer(L, 2);
    lua_Integer i = (lua_Integer)(h & TB_ITEMMASK);
    int slot = k == b->itemkey[0] ? 0 : k == b->itemkey[1] ? 1 : -1;
    if (slot >= 0) {
      if (b->itemnumbers[slot] != NULL) tb_pushcolumnnumber(L, b->itemnumbers[slot], i);
      else lua_rawgeti(L, lua_upvalueindex(TB_UP_COLUMN + slot), i);
      return 1;
    }
  }
  return tb_itemindexchecked(L, h);
}

/* __len(item): 0 (items have named fields only), once the item's pass is known to run. */
static int tb_itemlen(lua_State *L) {
  tb_pushitemrecord(L, tb_itembits(L, 1));
  lua_pushinteger(L, 0);
  return 1;
}

/* __pairs(item): the item's fields. */
static int tb_itempairs(lua_State *L) {
  lua_Unsigned h = tb_itembits(L, 1);
  tb_pushitemrecord(L, h);
  lua_pushcfunction(L, tb_rawnext);
  lua_rawgeti(L, -2, TB_REC_FIELDS);
  lua_pushinteger(L, (lua_Integer)(h & TB_ITEMMASK));
  lua_call(L, 1, 1);
  lua_pushnil(L);
  return 3;
}

/* [-0, +1, e] ctx:item for what tb_ctxitem does not answer itself: raises for a bad index,
** else pushes nil (a context without item data). Upvalue 2 is the item count. */
static TB_SLOWPATH int tb_ctxitemchecked(lua_State *L) {
  tb_checkitemindex(L, "ctx:item", lua_tointeger(L, lua_upvalueindex(2)));
  lua_pushnil(L);
  return 1;
}

/* ctx:item(i). Upvalues: 1 a light userdata whose bits are the pass's and the item count
** (0 when there are no items to read: then ctx:item returns nil, as for a context without a
** dataset), 2 the item count, 3 the pass's guard. The hot path reads i with no success flag:
** a failed read gives 0, which is out of range. */
static TB_HOTPATH int tb_ctxitem(lua_State *L) {
  lua_Unsigned base = tb_itembits(L, lua_upvalueindex(1));
  lua_Integer i = lua_tointegerx(L, 2, NULL);
  if (!((lua_Unsigned)i - 1 < (base & TB_ITEMMASK)))
    return tb_ctxitemchecked(L);
  lua_pushlightuserdata(L, (void *)(uintptr_t)((base & ~TB_ITEMMASK) | (lua_Unsigned)i));
  return 1;
}

/* [-0, +1, m] Pushes the passes table, an upvalue of the items' metamethods; the first call
** makes the metatable of light userdata (also registry.TB_ITEMNAME, as luaL_newmetatable
** makes one) and the guards' (whose __gc ends a pass the host did not end). */
static int tb_guardgc(lua_State *L);
static void tb_pushpasses(lua_State *L) {
  lua_pushlightuserdata(L, NULL);
  if (lua_getmetatable(L, -1)) {                     /* null meta */
    lua_pushliteral(L, "__index");
    lua_rawget(L, -2);
    lua_getupvalue(L, -1, TB_UP_PASSES);             /* null meta index passes */
    lua_replace(L, -4);
    lua_pop(L, 2);
    return;
  }
  luaL_newmetatable(L, TB_ITEMNAME);                 /* null meta (in the registry too, with __name) */
  tb_setreadonlymethods(L, tb_itemlen);              /* its __len is replaced by a closure below */
  lua_createtable(L, 0, 0);                          /* null meta passes */
  lua_pushvalue(L, -1);
  lua_pushnil(L); lua_pushnil(L); lua_pushnil(L); lua_pushnil(L);
  lua_pushcclosure(L, tb_itemindex, 5);
  lua_setfield(L, -3, "__index");
  lua_pushvalue(L, -1);
  lua_pushcclosure(L, tb_itempairs, 1);
  lua_setfield(L, -3, "__pairs");
  lua_pushvalue(L, -1);
  lua_pushcclosure(L, tb_itemlen, 1);
  lua_setfield(L, -3, "__len");
  lua_rotate(L, -2, 1);                              /* null passes meta */
  lua_setmetatable(L, -3);                           /* null passes */
  lua_remove(L, -2);
  luaL_newmetatable(L, TB_ITEMGUARD);                /* passes guardmeta */
  lua_pushcfunction(L, tb_guardgc);
  lua_setfield(L, -2, "__gc");
  lua_pop(L, 1);
}

lua_Integer tb_pushitemaccess(lua_State *L, lua_Integer count, int hasitems) {
  tb_Bridge *b = tb_bridge(L);
  lua_Unsigned pass;
  int k;
  luaL_checkstack(L, 10, NULL);
  lua_createtable(L, TB_REC_NUMBERCOLUMNS, 0);
  lua_rotate(L, -7, 1);                              /* record columns reads column numbers field fields */
  for (k = TB_REC_FIELDS; k >= TB_REC_COLUMNS; k--) lua_rawseti(L, -1 - k, k);
  lua_createtable(L, 0, 2);
  lua_rawseti(L, -2, TB_REC_NUMBERCOLUMNS);
  tb_pushpasses(L);                                  /* record passes */
  for (;;) {                                         /* the next number no open pass has: 1..2^31-1, then 1 again */
    pass = b->itempasses = b->itempasses % TB_PASSMAX + 1;
    if (lua_rawgeti(L, -1, (lua_Integer)pass) == LUA_TNIL) break;
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  lua_rotate(L, -2, 1);                              /* passes record */
  lua_rawseti(L, -2, (lua_Integer)pass);
  lua_pop(L, 1);
  lua_pushlightuserdata(L, (void *)(uintptr_t)((TB_ITEMTAG | pass) << TB_ITEMBITS
                                                | (hasitems ? (lua_Unsigned)count & TB_ITEMMASK : 0)));
  lua_pushinteger(L, count);
  *(lua_Unsigned *)lua_newuserdatauv(L, sizeof pass, 0) = pass;
  luaL_setmetatable(L, TB_ITEMGUARD);
  lua_pushcclosure(L, tb_ctxitem, 3);
  return (lua_Integer)pass;
}

void tb_enditems(lua_State *L, lua_Integer pass) {
  int top = lua_gettop(L);
  if (!lua_checkstack(L, 4)) return;
  lua_pushlightuserdata(L, NULL);
  if (lua_getmetatable(L, -1)) {                     /* null meta */
    lua_pushliteral(L, "__index");                   /* an interned metamethod name: no allocation */
    lua_rawget(L, -2);                               /* null meta index */
    lua_getupvalue(L, -1, TB_UP_PASSES);
    lua_pushnil(L);
    lua_rawseti(L, -2, pass);                        /* a nil where a value was: no allocation */
    if (tb_bridge(L)->itemhigh == (TB_ITEMTAG | (lua_Unsigned)pass)) {   /* release its remembered columns */
      int up;
      for (up = TB_UP_COLUMN; up < TB_UP_NAME + 2; up++) {
        lua_pushnil(L);
        lua_setupvalue(L, top + 3, up);
      }
      tb_restartcolumns(tb_bridge(L), 0);
    }
  }
  lua_settop(L, top);
}

/* __gc of a pass's guard (an upvalue of its ctx:item): ends the pass when the host did not. */
static int tb_guardgc(lua_State *L) {
  tb_enditems(L, (lua_Integer)*(const lua_Unsigned *)lua_touserdata(L, 1));
  return 0;
}

int tb_pushitemfields(lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  luaL_getmetafield(L, idx, "__pairs");              /* pairs */
  lua_pushvalue(L, idx);
  if (lua_pcall(L, 1, 2, 0) != LUA_OK) return 0;     /* next fields | error */
  lua_remove(L, -2);
  return 1;
}

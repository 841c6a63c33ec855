/*
** Frames.c: the frame writer `ctx.set` and the checked drivers.
** Frames go from script code into a buffer Swift owns (tb_Frames): through `ctx.set` (the
** hot path; it and its helpers stay in this one file so the compiler can inline them), or
** as the results of simpleLayout, frame, visible, layout and size, which the drivers check
** and reject with "file:line: message" naming the script function's line (every message
** through Messages.c's builder).
*/
#include "Bridge.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const tb_fieldnames[4] = { "x", "y", "w", "h" };
/* A named frame's fields: each with its long name where it has one. */
static const char *const tb_namedfields[4][2] = { {"x", NULL}, {"y", NULL}, {"w", "width"}, {"h", "height"} };

/* One shape for a 1-based Lua index in a message, with the 0-based index the JSON output
** uses for the same item: "frame 3 (Lua index; item 2 in the output)". Takes the format
** "%I (Lua index; item %I in the output)" and its two arguments. */
#define TB_LUAINDEX "%I (Lua index; item %I in the output)"
#define TB_LUAINDEXARGS(i) (lua_Integer)(i), (lua_Integer)((i) - 1)

/* [-0, +0, -] Whether v is a valid frame: finite numbers and a non-negative size, and far
** edges x + w and y + h that are finite too (1e308 + 1e308 is not). A finite sum has finite
** terms (inf + finite is inf, inf - inf and NaN + anything are NaN), so the edges say it all. */
static int tb_validframe(const double v[4]) {
  return v[2] >= 0 && v[3] >= 0 && tb_finite(v[0] + v[2]) && tb_finite(v[1] + v[3]);
}

/* [-0, +1, m] Pushes what is wrong with v, which is no valid frame (tb_validframe), and
** returns it: " x = nan; a frame needs finite numbers and a non-negative size", or
** " x + w = inf; a frame's far edges (x + w, y + h) must be finite numbers". Callers check
** tb_validframe first, so the message is built only for a bad frame. */
static const char *tb_pushframeproblem(lua_State *L, const double v[4]) {
  int k;
  for (k = 0; k < 4; k++)
    if (!tb_finite(v[k]) || (k >= 2 && v[k] < 0))
      return tb_pushfmessage(L, " %s = %N; a frame needs finite numbers and a non-negative size", tb_fieldnames[k], v[k]);
  k = tb_finite(v[0] + v[2]) ? 1 : 0;   /* the far edge that is not finite */
  return tb_pushfmessage(L, " %s + %s = %N; a frame's far edges (x + w, y + h) must be finite numbers",
                         tb_fieldnames[k], tb_fieldnames[k + 2], v[k] + v[k + 2]);
}

/* ctx.set's buffer while no simpleLayout runs: count 0, so every write takes the checked path,
** which says why it is refused. */
static const tb_Frames tb_closedframes = { NULL, NULL, 0 };

const tb_Frames *tb_setframes(lua_State *L, const tb_Frames *f) {
  tb_Bridge *b = tb_bridge(L);
  const tb_Frames *previous = b->frames;
  b->frames = f != NULL ? f : &tb_closedframes;
  return previous == &tb_closedframes ? NULL : previous;
}

/* [-0, +0, e] set(i, x, y, w, h) with every check, in the order the messages take them (a
** closed writer, i, then each number, then the frame): raises what is wrong, else writes the
** frame (one with a zero size, which the hot path leaves to this one). Kept out of tb_set so
** that its hot path is straight-line code. */
/* What an index that names no item adds: where ctx.set wants it and how items count. */
#define TB_SETFIRST " (ctx.set(i, x, y, w, h) takes the item's index first, counting from 1)"

static TB_SLOWPATH int tb_setchecked(lua_State *L, const tb_Frames *f) {
  double v[4];
  int ok[4], isint, k;
  lua_Integer i = lua_tointegerx(L, 1, &isint);
  if (f == &tb_closedframes)
    return tb_deferror(L, "ctx.set can only be called while simpleLayout runs");
  if (!isint && lua_type(L, 1) == LUA_TTABLE)   /* ctx:set(...): the colon passed ctx as i */
    return tb_hintedargerror(L, 1, "ctx.set", 1, "i", "an integer", " (call it with a dot: ctx.set(i, x, y, w, h))");
  /* A number that names no item is most often x given first or a 0-based index. */
  if (!isint) return tb_hintedargerror(L, 1, "ctx.set", 1, "i", "an integer", lua_type(L, 1) == LUA_TNUMBER ? TB_SETFIRST : NULL);
  if (i < 1 || i > f->count) return tb_hinteditemindexerror(L, 1, "ctx.set", 1, f->count, TB_SETFIRST);
  for (k = 0; k < 4; k++) {
    v[k] = lua_tonumberx(L, k + 2, &ok[k]);
    if (!ok[k]) return tb_argerror(L, k + 2, "ctx.set", k + 2, tb_fieldnames[k], "a number");
  }
  if (!tb_validframe(v))
    return tb_deferror(L, "ctx.set: frame " TB_LUAINDEX " has%s", TB_LUAINDEXARGS(i), tb_pushframeproblem(L, v));
  memcpy(f->frames + 4 * (i - 1), v, sizeof v);
  f->seen[i - 1] = 1;
  return 0;
}

/* [-5, +0, e] set(i, x, y, w, h): the hot path, one API call per argument. It writes into the
** buffer of the simpleLayout that runs now, found through the bridge (no upvalue: reading one
** costs more than the bridge's two loads), so one C function serves every ctx. i, w and h are
** read with no success flag: an index in range and a positive size (a failed read gives 0,
** which is neither) with finite far edges are written at once; anything else takes the checked
** path, which writes the same frame or raises. Each test is one comparison: the smaller of w
** and h (which is h when either is NaN) is positive, and the sum of the far edges is finite,
** which it is only when both are (inf + finite is inf, inf - inf and NaN + anything are NaN;
** two huge finite edges whose sum overflows just take the checked path). */
static TB_HOTPATH int tb_set(lua_State *L) {
  const tb_Frames *f = tb_bridge(L)->frames;
  int okx, oky;
  lua_Integer i = lua_tointegerx(L, 1, NULL);
  double x = lua_tonumberx(L, 2, &okx), y = lua_tonumberx(L, 3, &oky);
  double w = lua_tonumberx(L, 4, NULL), h = lua_tonumberx(L, 5, NULL);
  /* A closed writer has count 0, so its range check fails too: tb_setchecked says why. */
  if (!((okx & oky) && (lua_Unsigned)i - 1 < (lua_Unsigned)f->count && (w < h ? w : h) > 0
        && tb_finite((x + w) + (y + h))))
    return tb_setchecked(L, f);
  {
    double *p = f->frames + 4 * (i - 1);
    p[0] = x; p[1] = y; p[2] = w; p[3] = h;
    f->seen[i - 1] = 1;
  }
  return 0;
}

void tb_pushsetter(lua_State *L) { lua_pushcfunction(L, tb_set); }

/* [-0, +0, e] The two values at `first` as a size function (at `fidx`) returned them for Lua
** index i: returns 2 when both are numbers from 0 to TB_LARGESTSIZE, as a dataset's sizes are
** (a larger one overflowed a layout's sums into a far edge of inf, blamed on the layout), else
** raises naming the function's line and the first bad value. NaN fails both compares. */
static int tb_checksize(lua_State *L, int fidx, int first, lua_Integer i) {
  int k, ok;
  for (k = 0; k < 2; k++) {
    double v = lua_tonumberx(L, first + k, &ok);
    if (!ok || !(v >= 0 && v <= TB_LARGESTSIZE))
      return tb_functionerror(L, fidx, "size returned %s = %s for item " TB_LUAINDEX "; a size needs two numbers from 0 to " TB_LARGESTSIZE_TEXT,
                              k == 0 ? "w" : "h", ok ? tb_pushfmessage(L, "%N", v) : luaL_typename(L, first + k),
                              TB_LUAINDEXARGS(i));
  }
  return 2;
}

/* [-4, +2, e] ctx:size(i [, pw, ph]) for a script with its own size(item, pw, ph, i), whose
** answer is checked as t.sized's is. Upvalues: 1 size, 2 ctx.item, 3 width, 4 height. */
static int tb_scriptsize(lua_State *L) {
  lua_settop(L, 4);                                    /* ctx i pw ph */
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushvalue(L, lua_upvalueindex(2));
  lua_pushvalue(L, 1);
  lua_pushvalue(L, 2);
  lua_call(L, 2, 1);                                   /* ctx i pw ph size item */
  lua_pushvalue(L, lua_isnil(L, 3) ? lua_upvalueindex(3) : 3);
  lua_pushvalue(L, lua_isnil(L, 4) ? lua_upvalueindex(4) : 4);
  lua_pushvalue(L, 2);
  lua_call(L, 4, 2);                                   /* ctx i pw ph w h */
  return tb_checksize(L, lua_upvalueindex(1), 5, lua_tointeger(L, 2));
}

void tb_pushscriptsize(lua_State *L) { lua_pushcclosure(L, tb_scriptsize, 4); }

/* [-0, +0, -] Edit distance of ASCII names a and b, case folded, a swap of two neighbours
** counting one edit (optimal string alignment, as the Swift hints measure); names longer than
** 31 characters are far from every frame field and count as such. */
static int tb_namedistance(const char *a, size_t n, const char *b, size_t m) {
  int d[32][32];
  size_t i, j;
  if (n > 31 || m > 31) return 99;
  for (i = 0; i <= n; i++) d[i][0] = (int)i;
  for (j = 0; j <= m; j++) d[0][j] = (int)j;
  for (i = 1; i <= n; i++)
    for (j = 1; j <= m; j++) {
      int ca = a[i - 1] | 0x20, cb = b[j - 1] | 0x20;   /* case folded for letters */
      int best = d[i - 1][j - 1] + (ca != cb);
      if (d[i - 1][j] + 1 < best) best = d[i - 1][j] + 1;
      if (d[i][j - 1] + 1 < best) best = d[i][j - 1] + 1;
      if (i > 1 && j > 1 && ca == (b[j - 2] | 0x20) && (a[i - 2] | 0x20) == cb && d[i - 2][j - 2] + 1 < best)
        best = d[i - 2][j - 2] + 1;
      d[i][j] = best;
    }
  return d[n][m];
}

/* [-0, +1, m] For named frame table `tidx` missing field k (names[0], else names[1]): pushes
** and returns what else it has, "; it has hieght: did you mean height?" for the string key
** nearest a name of field k (within a third of its length, at least one edit; the first by
** byte order among equals), else "; it has foo, which is no frame field (x, y, w or width, h or
** height)" for its first other key, else "". Runs only once the frame is refused. */
static const char *tb_pushstrayfield(lua_State *L, int tidx, const char *const names[2]) {
  static const char *const known[6] = { "x", "y", "w", "width", "h", "height" };
  const char *near = NULL, *nearname = NULL, *other = NULL;
  int neardist = 99, j;
  lua_pushnil(L);
  while (lua_next(L, tidx) != 0) {
    lua_pop(L, 1);
    if (lua_type(L, -1) == LUA_TSTRING) {
      size_t n;
      const char *key = lua_tolstring(L, -1, &n);
      int stray = 1;
      for (j = 0; j < 6; j++) if (strcmp(key, known[j]) == 0) stray = 0;
      if (stray) {
        int allowed = n / 3 > 1 ? (int)(n / 3) : 1;
        if (other == NULL || strcmp(key, other) < 0) other = key;   /* kept alive by the table */
        for (j = 0; j < 2 && names[j] != NULL; j++) {
          int d = tb_namedistance(key, n, names[j], strlen(names[j]));
          if (d <= allowed && (d < neardist || (d == neardist && strcmp(key, near) < 0))) {
            near = key; nearname = names[j]; neardist = d;
          }
        }
      }
    }
  }
  if (near != NULL) return tb_pushfmessage(L, "; it has %s: did you mean %s?", near, nearname);
  if (other != NULL) return tb_pushfmessage(L, "; it has %s, which is no frame field (x, y, w or width, h or height)", other);
  lua_pushliteral(L, "");
  return "";
}

/* [-0, +0, e] Raises that frame table `tidx` (number i, of the function at fidx) has no number
** for field k, the value on top: at [k + 1] when `positional`, else by name, with what else the
** table has when the field is missing. Kept out of tb_readframe, which stays straight-line code. */
static TB_SLOWPATH void tb_frameerror(lua_State *L, int tidx, lua_Integer i, int fidx, int k, int positional) {
  const char *got = luaL_typename(L, -1), *stray;
  if (positional) {
    tb_functionerror(L, fidx, "simpleLayout: frame " TB_LUAINDEX " has no number at [%d] (%s), got %s",
                     TB_LUAINDEXARGS(i), k + 1, tb_fieldnames[k], got);
    return;
  }
  stray = lua_isnil(L, -1) ? tb_pushstrayfield(L, tidx, tb_namedfields[k]) : "";   /* pushed above the value */
  tb_functionerror(L, fidx, "simpleLayout: frame " TB_LUAINDEX " has no number %s%s%s, got %s%s", TB_LUAINDEXARGS(i),
                   tb_namedfields[k][0], tb_namedfields[k][1] ? " or " : "", tb_namedfields[k][1] ? tb_namedfields[k][1] : "", got, stray);
}

/* [-0, +0, e] Reads frame table `t` (index `tidx`) number `i` into v: positional
** {x, y, w, h} when t[1] is a number, else named fields (w or width, h or height). */
static void tb_readframe(lua_State *L, int tidx, lua_Integer i, int fidx, double v[4]) {
  int k, ok;
  int positional = lua_rawgeti(L, tidx, 1) == LUA_TNUMBER;
  lua_pop(L, 1);
  for (k = 0; k < 4; k++) {
    if (positional) lua_geti(L, tidx, k + 1);
    else if (lua_getfield(L, tidx, tb_namedfields[k][0]) == LUA_TNIL && tb_namedfields[k][1] != NULL) {
      lua_pop(L, 1);
      lua_getfield(L, tidx, tb_namedfields[k][1]);
    }
    v[k] = lua_tonumberx(L, -1, &ok);
    if (!ok) tb_frameerror(L, tidx, i, fidx, k, positional);
    lua_pop(L, 1);
  }
}

/* [-0, +0, e] Raises that the running simpleLayout set frames with ctx.set and also returned a
** list of n, saying which way to keep: the one that placed every item, or either when both did. */
static TB_SLOWPATH int tb_bothways(lua_State *L, const tb_Frames *f, lua_Integer n) {
  lua_Integer written = 0, i;
  const char *keep;
  for (i = 0; i < f->count; i++) written += f->seen[i] != 0;
  if (written == f->count && n == f->count) keep = "keep one way: ctx.set and return nothing, or the list without ctx.set";
  else if (written == f->count) keep = "keep ctx.set, which set every frame, and return nothing";
  else if (n == f->count) keep = "keep the list, which has every frame, and leave out ctx.set";
  else
    return tb_functionerror(L, 1, "simpleLayout set %G frame%s with ctx.set and also returned a list of %G; keep one way: "
                            "ctx.set for each of the %G item%s and return nothing, or return a list of all %G frames",
                            written, written == 1 ? "" : "s", n, f->count, f->count == 1 ? "" : "s", f->count);
  return tb_functionerror(L, 1, "simpleLayout set %G frame%s with ctx.set and also returned a list of %G; %s",
                          written, written == 1 ? "" : "s", n, keep);
}

int tb_runsimple(lua_State *L) {
  const tb_Frames *f = tb_bridge(L)->frames;
  lua_Integer n, i;
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_settop(L, 3);
  lua_pushvalue(L, 1);
  lua_pushvalue(L, 2);
  lua_pushvalue(L, 3);
  lua_call(L, 2, 1);                                   /* stack: fn ctx params result */
  if (lua_type(L, 4) == LUA_TTABLE) {
    double v[4];
    n = (lua_Integer)lua_rawlen(L, 4);
    /* Both ways were used: an error, whichever is whole, since neither can silently win (the
    ** list would overwrite what ctx.set placed). One memchr per pass, before the list is read. */
    if (f->count > 0 && memchr(f->seen, 1, (size_t)f->count) != NULL) return tb_bothways(L, f, n);
    if (n != f->count)
      return tb_functionerror(L, 1, "simpleLayout returned %G frame%s for %G item%s%s", n, n == 1 ? "" : "s",
                              f->count, f->count == 1 ? "" : "s", f->count == 0 ? " (the data is empty)" : "");
    for (i = 1; i <= n; i++) {
      if (lua_rawgeti(L, 4, i) != LUA_TTABLE)
        return tb_functionerror(L, 1, "simpleLayout: frame " TB_LUAINDEX " is a %s, expected a table {x, y, w, h}",
                                TB_LUAINDEXARGS(i), luaL_typename(L, -1));
      tb_readframe(L, lua_gettop(L), i, 1, v);
      if (!tb_validframe(v))
        return tb_functionerror(L, 1, "simpleLayout: frame " TB_LUAINDEX " has%s", TB_LUAINDEXARGS(i),
                                tb_pushframeproblem(L, v));
      lua_pop(L, 1);
      memcpy(f->frames + 4 * (i - 1), v, sizeof v);
      f->seen[i - 1] = 1;
    }
    return 0;
  }
  if (!lua_isnil(L, 4))
    return tb_functionerror(L, 1, "simpleLayout returned a %s; expected nothing (after ctx.set) or an array of frames",
                            luaL_typename(L, 4));
  if (f->count > 0 && memchr(f->seen, 0, (size_t)f->count) != NULL) {
    lua_Integer written = 0;
    for (i = 0; i < f->count; i++) written += f->seen[i] != 0;
    for (i = 0; i < f->count && f->seen[i]; i++) {}
    /* None set: the script forgot ctx.set (or to return its frames); some: its loops missed items. */
    return tb_functionerror(L, 1, "simpleLayout set %G of %G frames; frame " TB_LUAINDEX " was never set: %s",
                            written, f->count, TB_LUAINDEXARGS(i + 1),
                            written == 0 ? "place each item with ctx.set(i, x, y, w, h), or return an array of frames, one per item"
                                         : "every item from 1 to ctx.count needs a ctx.set(i, x, y, w, h)");
  }
  return 0;
}

int tb_runframe(lua_State *L) {
  double v[4];
  int k, ok;
  lua_Integer i = lua_tointeger(L, 2);
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_pushvalue(L, 1);
  lua_pushvalue(L, 2);
  lua_pushvalue(L, 3);
  lua_pushvalue(L, 4);
  lua_call(L, 3, 4);                                   /* stack: fn i ctx params x y w h */
  for (k = 0; k < 4; k++) {
    v[k] = lua_tonumberx(L, 5 + k, &ok);
    if (!ok)
      return tb_functionerror(L, 1, "frame(%I) returned %s = %s; expected four numbers x, y, w, h",
                              i, tb_fieldnames[k], luaL_typename(L, 5 + k));
  }
  if (!tb_validframe(v))
    return tb_functionerror(L, 1, "frame(%I) returned%s", i, tb_pushframeproblem(L, v));
  return 4;
}

/* [-0, +0, v] Raises why entry k (on top) of the n that visible returned is no Lua index in
** 1..count; on empty data, that it returned any. */
static TB_SLOWPATH int tb_visibleerror(lua_State *L, lua_Integer k, lua_Integer n, lua_Integer count) {
  int isint;
  lua_Integer i = lua_tointegerx(L, -1, &isint);
  if (count == 0)
    return tb_functionerror(L, 1, "visible returned %G %s; expected none (" TB_EMPTYDATA ")",
                            n, n == 1 ? "index" : "indices");
  if (!isint && lua_type(L, -1) == LUA_TNUMBER)        /* show 1.5 itself: "a number" reads as fine */
    return tb_functionerror(L, 1, "visible returned %s at [%I]; expected whole Lua item indices 1..%I",
                            tb_pushfmessage(L, "%N", lua_tonumber(L, -1)), k, count);
  if (!isint)
    return tb_functionerror(L, 1, "visible returned a %s at [%I]; expected Lua item indices 1..%I",
                            luaL_typename(L, -1), k, count);
  return tb_functionerror(L, 1, "visible returned Lua index %I, outside 1..%I", i, count);
}

int tb_runvisible(lua_State *L) {
  lua_Integer count = lua_tointeger(L, 6), n, k;
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_pushvalue(L, 1);
  for (k = 2; k <= 5; k++) lua_pushvalue(L, (int)k);
  lua_pushvalue(L, 7);
  lua_pushvalue(L, 8);
  lua_call(L, 6, 1);                                   /* stack: fn x y w h count ctx params result */
  if (lua_type(L, 9) != LUA_TTABLE)
    return tb_functionerror(L, 1, "visible returned a %s; expected an array of item indices", luaL_typename(L, 9));
  n = (lua_Integer)lua_rawlen(L, 9);
  for (k = 1; k <= n; k++) {
    int isint;
    lua_Integer i;
    lua_rawgeti(L, 9, k);
    i = lua_tointegerx(L, -1, &isint);
    if (!isint || i < 1 || i > count) return tb_visibleerror(L, k, n, count);
    lua_pop(L, 1);
  }
  return 1;
}

int tb_runlayout(lua_State *L) {
  double w, h;
  int okw, okh;
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_pushvalue(L, 1);
  lua_pushvalue(L, 2);
  lua_pushvalue(L, 3);
  lua_call(L, 2, 2);                                   /* stack: fn ctx params w h */
  if (lua_isnil(L, 4) && lua_isnil(L, 5)) { lua_pushnil(L); return 1; }
  w = lua_tonumberx(L, 4, &okw);
  h = lua_tonumberx(L, 5, &okh);
  if (!okw || !okh || !tb_finite(w) || !tb_finite(h) || w < 0 || h < 0) {
    const char *wtext = okw ? tb_pushfmessage(L, "%N", w) : luaL_typename(L, 4);
    const char *htext = okh ? tb_pushfmessage(L, "%N", h) : luaL_typename(L, 5);
    return tb_functionerror(L, 1, "layout must return the content size as two finite, non-negative numbers w, h, got %s, %s",
                            wtext, htext);
  }
  return 2;
}

int tb_runsize(lua_State *L) {
  int n = lua_gettop(L), k;
  lua_Integer i = lua_tointeger(L, 2);
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_pushvalue(L, 1);
  for (k = 3; k <= n; k++) lua_pushvalue(L, k);
  lua_call(L, n - 2, 2);                               /* stack: fn i args... w h */
  return tb_checksize(L, 1, n + 1, i);
}

/*
** Traceback.c: the one traceback builder, for the message handler (Call.c) and for the
** allocator's capture at a memory refusal (Allocator.c), so the two read alike.
** Frames are written as luaL_traceback writes them ("file:line: in local 'f'", "in function
** <file:line>", "in main chunk", "[C]: in function 'error'" for a function package.loaded
** holds, "(...tail calls...)", the first 10 and last 11 levels of a deeper stack with the
** skip between), except a C function Lua cannot name ("[C]: in ?"): that is always one of
** Tessera's entry points (a driver, a trampoline), never the script's code, so it is left
** out, as are the frames of Tessera's own Lua chunks. A stack with no frame left gives no
** "stack traceback:" header at all.
** Names from package.loaded cost a walk of its modules and their fields, so a traceback walks
** it once for all its frames (stopping when each is named) rather than once per frame, and
** only for C functions: a script's function is never in a table package.loaded holds, since
** scripts run in environments whose library tables are copies and reach none of those tables
** (the prelude), so luaL_traceback's search would find nothing for it and Lua's own frame
** names ("local 'f'", "global 'f'", "field 'f'") are the ones written. Unless a table of
** names is set (tb_setfunctionnames, the REPL's session environment, which plays _G's part
** there): a Lua function that table holds is then named by its key, "function 'f'", as
** luaL_traceback names a function _G holds, also where a tail call left Lua no name for it.
** The fixed text (the allocator's) is cut at whole lines: a piece that would leave no room for
** the marker "\n\t..." and the zero byte after it ends the text with that marker, written in
** place of the line the piece belongs to (over the start of the unfinished last line when the
** piece continues it, after the text when the piece starts a line), and nothing more is
** written. So the text is always whole lines, then the marker if anything was left out.
** The allocator may not allocate, nor use the stack of the thread that ran out, so the
** builder allocates nothing itself when it writes to a fixed buffer, and looks names up on a
** scratch thread of its own made with the state (tb_inittraceback), whose stack has room. Of
** the traced thread it takes one slot above the top, for a moment (lua_getinfo's "f"): while
** Lua allocates, its own emergency collection treats every slot above the top as free too.
*/
#include "Bridge.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define TB_LEVELS1 10  /* levels shown before the skip (as luaL_traceback) */
#define TB_LEVELS2 11  /* levels shown after it */
/* The most frames one traceback shows: every level of a stack one level short of a skip. */
#define TB_FRAMES (TB_LEVELS1 + TB_LEVELS2 + 1)
/* The scratch slots one traceback uses: the one or two keys of each frame's global name
** (tb_findnames) and the walk of package.loaded's two levels. */
#define TB_SCRATCHSLOTS (2 * TB_FRAMES + 5)

static const char tb_scratchkey = 'S';
static const char tb_nameskey = 'N';

/* [-0, +0, m] */
void tb_inittraceback(lua_State *L) {
  tb_Bridge *b = tb_bridge(L);
  b->scratch = lua_newthread(L);
  /* room for two tracebacks at once: the allocator's capture (into the fixed text) may run
  ** while the handler's (into a Lua buffer) is being written, at a refusal of its growth */
  lua_checkstack(b->scratch, 2 * TB_SCRATCHSLOTS);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &tb_scratchkey);   /* kept alive with the state */
}

void tb_setfunctionnames(lua_State *L) {
  if (!lua_istable(L, -1)) {
    lua_pop(L, 1);
    lua_pushnil(L);
  }
  lua_rawsetp(L, LUA_REGISTRYINDEX, &tb_nameskey);
}

/* The line that ends a fixed text cut for want of room, as luaL_traceback marks skipped levels. */
#define TB_CUT "\n\t..."

/* Appends s to the output: to the Lua buffer when there is one, else to the fixed text,
** never past its end. Allocates only through the Lua buffer; no stack but that buffer's. */
static void tb_put(tb_TraceOut *out, const char *s) {
  size_t len;
  if (out->buffer != NULL) {
    luaL_addstring(out->buffer, s);
    return;
  }
  if (out->n + 1 >= out->size) return;   /* cut already */
  len = strlen(s);
  if (out->n + len + sizeof TB_CUT > out->size) {
    /* no room for s and the marker after it: the marker ends the text in place of the line
    ** s begins or continues, and nothing more is written */
    char *line = strrchr(out->text, '\n');
    size_t at = *s != '\n' && line != NULL ? (size_t)(line - out->text) : out->n;
    memcpy(out->text + at, TB_CUT, sizeof TB_CUT);
    out->n = out->size - 1;
    return;
  }
  memcpy(out->text + out->n, s, len + 1);
  out->n += len;
}

/* tb_put of a formatted piece: short ones only (a short_src and a number). As tb_put. */
static void tb_putf(tb_TraceOut *out, const char *fmt, ...) {
  char piece[LUA_IDSIZE + 64];
  va_list args;
  va_start(args, fmt);
  vsnprintf(piece, sizeof piece, fmt, args);
  va_end(args);
  tb_put(out, piece);
}

/* Counts a line about to be written, after the header when it is the first. As tb_put. */
static void tb_putheader(tb_TraceOut *out) {
  if (out->lines++ > 0) return;
  tb_put(out, out->lead);
  tb_put(out, "stack traceback:");
}

void tb_putlines(tb_TraceOut *out, const char *lines) {
  if (*lines == '\0') return;
  tb_putheader(out);
  tb_put(out, lines);
}

/* What the name search looks for in frame `ar` of L: a C function's identity (lua_topointer,
** which tells functions apart as lua_rawequal does), or a Lua function's when `lua` (a table of
** names is set), else NULL for a Lua function (a script's, which no table of package.loaded
** holds, or one of Tessera's own chunks, never written). The function sits on L's stack, one
** value above its top, for a moment. */
static const void *tb_sought(lua_State *L, lua_Debug *ar, int lua) {
  const void *fn = NULL;
  if (!lua_getinfo(L, "f", ar)) return NULL;
  if (lua || lua_iscfunction(L, -1)) fn = lua_topointer(L, -1);
  lua_pop(L, 1);
  return fn;
}

/* [-0, +0, -] Names every frame j (0-based) whose function sought[j] is the value at `value`
** of S by that value's key(s) `key1` and `key2` (0 for none), copied into S's slots names +
** 2j and names + 2j + 1, and stops looking for it (sought[j] becomes NULL). Returns how many
** frames it named. Only a function can be one (a light userdata may hold any pointer). */
static int tb_namematches(lua_State *S, const void **sought, int frames, int names,
                          int value, int key1, int key2) {
  const void *p;
  int j, named = 0;
  if (lua_type(S, value) != LUA_TFUNCTION) return 0;
  p = lua_topointer(S, value);
  for (j = 0; j < frames; j++) {
    if (sought[j] != p) continue;
    lua_copy(S, key1, names + 2 * j);
    if (key2 != 0) lua_copy(S, key2, names + 2 * j + 1);
    sought[j] = NULL;
    named++;
  }
  return named;
}

/* [-0, +2*frames on S, -] luaL_traceback's global names of the `frames` functions in `sought`
** (NULL: none sought), found in one walk of package.loaded for all of them: a module ("name")
** or a field of one ("module.name"), in lua_next's order, so each function gets the name
** luaL_traceback's search of its own would find first; then the Lua functions left, in one
** walk of the table of names (tb_setfunctionnames), by its string keys. Pushes each frame's one or two keys
** (nil where there are none). The walks stop once every function is named. Nothing is
** allocated (the keys are strings already made; no metamethod runs). */
static void tb_findnames(lua_State *S, const void **sought, int frames) {
  int names = lua_gettop(S) + 1, loaded = names + 2 * frames, left = 0, j;
  for (j = 0; j < frames; j++) left += sought[j] != NULL;
  lua_settop(S, loaded - 1);
  if (left > 0 && lua_getfield(S, LUA_REGISTRYINDEX, LUA_LOADED_TABLE) == LUA_TTABLE) {
    lua_pushnil(S);
    while (left > 0 && lua_next(S, loaded)) {          /* S: loaded, module key, module */
      if (lua_type(S, loaded + 1) == LUA_TSTRING) {
        left -= tb_namematches(S, sought, frames, names, loaded + 2, loaded + 1, 0);
        if (lua_type(S, loaded + 2) == LUA_TTABLE) {
          lua_pushnil(S);
          while (left > 0 && lua_next(S, loaded + 2)) {   /* S: ..., module, key, value */
            if (lua_type(S, loaded + 3) == LUA_TSTRING)
              left -= tb_namematches(S, sought, frames, names, loaded + 4, loaded + 1, loaded + 3);
            lua_settop(S, loaded + 3);
          }
        }
      }
      lua_settop(S, loaded + 1);
    }
  }
  lua_settop(S, loaded - 1);
  if (left > 0 && lua_rawgetp(S, LUA_REGISTRYINDEX, &tb_nameskey) == LUA_TTABLE) {
    lua_pushnil(S);
    while (left > 0 && lua_next(S, loaded)) {           /* S: names, key, value */
      if (lua_type(S, loaded + 1) == LUA_TSTRING && !lua_iscfunction(S, loaded + 2))
        left -= tb_namematches(S, sought, frames, names, loaded + 2, loaded + 1, 0);
      lua_settop(S, loaded + 1);
    }
  }
  lua_settop(S, loaded - 1);
}

/* [-0, +0, -] Writes "function 'name'" for the keys in S's slots `name` and name + 1 (nil
** when the name has one key); "_G.print" reads "print", as in luaL_traceback. */
static void tb_putglobalname(tb_TraceOut *out, lua_State *S, int name) {
  const char *first = lua_tostring(S, name), *second = lua_tostring(S, name + 1);
  tb_put(out, "function '");
  if (second != NULL && strcmp(first, LUA_GNAME) == 0) {
    tb_put(out, second);
  } else {
    tb_put(out, strncmp(first, LUA_GNAME ".", 3) == 0 ? first + 3 : first);
    if (second != NULL) {
      tb_put(out, ".");
      tb_put(out, second);
    }
  }
  tb_put(out, "'");
}

/* Writes one frame's line and its tail-call note, its global name (if any) in S's slots `name`
** and name + 1 (tb_findnames); of a C function with no name or a function of Tessera's own
** chunks (tb_ownchunk: the prelude, the REPL's helpers, the test harness), only the note (the
** frames the tail call replaced are still told of). No stack. */
static void tb_putframe(tb_TraceOut *out, lua_State *L, lua_Debug *ar, lua_State *S, int name) {
  int global = !lua_isnil(S, name), own;
  lua_getinfo(L, "Slnt", ar);
  own = *ar->what != 'C' && tb_ownchunk(ar->source);
  if (own || (!global && *ar->namewhat == '\0' && *ar->what == 'C')) {
    if (ar->istailcall) {
      tb_putheader(out);
      tb_put(out, "\n\t(...tail calls...)");
    }
    return;
  }
  tb_putheader(out);
  if (ar->currentline <= 0)
    tb_putf(out, "\n\t%s: in ", ar->short_src);
  else
    tb_putf(out, "\n\t%s:%d: in ", ar->short_src, ar->currentline);
  if (global)
    tb_putglobalname(out, S, name);
  else if (*ar->namewhat != '\0') {
    tb_put(out, ar->namewhat);
    tb_put(out, " '");
    tb_put(out, ar->name);
    tb_put(out, "'");
  }
  else if (*ar->what == 'm')
    tb_put(out, "main chunk");
  else
    tb_putf(out, "function <%s:%d>", ar->short_src, ar->linedefined);
  if (ar->istailcall) tb_put(out, "\n\t(...tail calls...)");
}

/* The last level of L's stack (as luaL_traceback finds it: a binary search). No stack. */
static int tb_lastlevel(lua_State *L) {
  lua_Debug ar;
  int li = 1, le = 1;
  while (lua_getstack(L, le, &ar)) { li = le; le *= 2; }
  while (li < le) {
    int m = (li + le) / 2;
    if (lua_getstack(L, m, &ar)) li = m + 1;
    else le = m;
  }
  return le - 1;
}

/* Walks the frames a traceback of L from `level` shows (as luaL_traceback: all of them, or the
** first TB_LEVELS1 and the last TB_LEVELS2 with the skip between) and returns how many. With
** no `out`, fills sought[] (tb_sought; Lua functions too when `names` is not 0); with one,
** writes them and the skip, frame j (0-based) named by S's slots names + 2j and names + 2j + 1. */
static int tb_walk(tb_TraceOut *out, lua_State *L, int level, const void **sought, lua_State *S, int names) {
  lua_Debug ar;
  int last = tb_lastlevel(L), frames = 0;
  int limit2show = last - level > TB_LEVELS1 + TB_LEVELS2 ? TB_LEVELS1 : -1;
  while (lua_getstack(L, level++, &ar)) {
    if (limit2show-- == 0) {
      int n = last - level - TB_LEVELS2 + 1;
      if (out != NULL) {
        char skipped[32];   /* a count, grouped as messages write one; nothing is allocated */
        tb_formatgrouped(n, skipped, sizeof skipped);
        tb_putheader(out);
        tb_putf(out, "\n\t...\t(skipping %s levels)", skipped);
      }
      level += n;
    } else if (out == NULL) {
      sought[frames++] = tb_sought(L, &ar, names);
    } else {
      tb_putframe(out, L, &ar, S, names + 2 * frames++);
    }
  }
  return frames;
}

void tb_traceback(tb_TraceOut *out, lua_State *L, int level) {
  lua_State *S = tb_bridge(L)->scratch;
  const void *sought[TB_FRAMES];
  int base = lua_gettop(S), frames, named;
  named = lua_rawgetp(S, LUA_REGISTRYINDEX, &tb_nameskey) == LUA_TTABLE;
  lua_pop(S, 1);
  frames = tb_walk(NULL, L, level, sought, S, named);
  tb_findnames(S, sought, frames);
  tb_walk(out, L, level, NULL, S, base + 1);
  lua_settop(S, base);
}

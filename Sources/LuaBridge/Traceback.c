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

static const char tb_scratchkey = 'S';

/* [-0, +0, m] */
void tb_inittraceback(lua_State *L) {
  tb_Bridge *b = tb_bridge(L);
  b->scratch = lua_newthread(L);
  lua_checkstack(b->scratch, 8);   /* tb_pushglobalname uses 6 slots */
  lua_rawsetp(L, LUA_REGISTRYINDEX, &tb_scratchkey);   /* kept alive with the state */
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

/* [-0, +(0|1|2) on S, -] luaL_traceback's global name of the function of frame `ar` of L: a
** module in package.loaded ("name") or a field of one ("module.name"), searched in
** lua_next's order as it does. Pushes on S the one or two keys of that name and returns how
** many; 0 when there is none. The function passes from L to S at once, so L's stack holds
** one value above its top for a moment; nothing is allocated (the keys are strings already
** made; no metamethod runs). */
static int tb_pushglobalname(lua_State *L, lua_Debug *ar, lua_State *S) {
  int top = lua_gettop(S), fn = top + 1, loaded = top + 2;
  lua_getinfo(L, "f", ar);
  lua_xmove(L, S, 1);
  if (lua_getfield(S, LUA_REGISTRYINDEX, LUA_LOADED_TABLE) == LUA_TTABLE) {
    lua_pushnil(S);
    while (lua_next(S, loaded)) {          /* S: fn, loaded, module key, module */
      if (lua_type(S, -2) == LUA_TSTRING) {
        if (lua_rawequal(S, fn, -1)) {
          lua_copy(S, -2, fn);
          lua_settop(S, fn);
          return 1;
        }
        if (lua_type(S, -1) == LUA_TTABLE) {
          lua_pushnil(S);
          while (lua_next(S, -2)) {        /* S: fn, loaded, module key, module, key, value */
            if (lua_type(S, -2) == LUA_TSTRING && lua_rawequal(S, fn, -1)) {
              lua_copy(S, -4, fn);
              lua_copy(S, -2, loaded);
              lua_settop(S, loaded);
              return 2;
            }
            lua_pop(S, 1);
          }
        }
      }
      lua_pop(S, 1);
    }
  }
  lua_settop(S, top);
  return 0;
}

/* [-n on S, +0, -] Writes "function 'name'" for the n keys tb_pushglobalname left on S and
** pops them; "_G.print" reads "print", as in luaL_traceback. */
static void tb_putglobalname(tb_TraceOut *out, lua_State *S, int n) {
  const char *first = lua_tostring(S, -n);
  tb_put(out, "function '");
  if (n == 2 && strcmp(first, LUA_GNAME) == 0) {
    tb_put(out, lua_tostring(S, -1));
  } else {
    tb_put(out, strncmp(first, LUA_GNAME ".", 3) == 0 ? first + 3 : first);
    if (n == 2) {
      tb_put(out, ".");
      tb_put(out, lua_tostring(S, -1));
    }
  }
  tb_put(out, "'");
  lua_pop(S, n);
}

/* Writes one frame's line and its tail-call note; of a C function with no name or a function
** of Tessera's own chunks (tb_ownchunk: the prelude, the REPL's helpers, the test harness),
** only the note (the frames the tail call replaced are still told of). No stack (S as it was). */
static void tb_putframe(tb_TraceOut *out, lua_State *L, lua_Debug *ar, lua_State *S) {
  int global = 0, own;
  lua_getinfo(L, "Slnt", ar);
  own = *ar->what != 'C' && tb_ownchunk(ar->source);
  if (!own) global = tb_pushglobalname(L, ar, S);
  if (own || (global == 0 && *ar->namewhat == '\0' && *ar->what == 'C')) {
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
  if (global > 0)
    tb_putglobalname(out, S, global);
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

void tb_traceback(tb_TraceOut *out, lua_State *L, int level) {
  lua_State *S = tb_bridge(L)->scratch;
  lua_Debug ar;
  int last = tb_lastlevel(L);
  int limit2show = last - level > TB_LEVELS1 + TB_LEVELS2 ? TB_LEVELS1 : -1;
  while (lua_getstack(L, level++, &ar)) {
    if (limit2show-- == 0) {
      int n = last - level - TB_LEVELS2 + 1;
      tb_putheader(out);
      tb_putf(out, "\n\t...\t(skipping %d levels)", n);
      level += n;
    } else {
      tb_putframe(out, L, &ar, S);
    }
  }
}

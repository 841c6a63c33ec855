/*
** CarriedFrames.c: a failed coroutine's frames, carried with its error to the traceback.
** A coroutine runs on a stack of its own, so when its error goes on in the resumer (re-raised
** by the sandbox's wrap, or by the script after resume returned false) the message handler
** (Call.c), which walks the stack it runs on, no longer sees where inside the coroutine the
** error was raised. A coroutine that died by an error keeps its stack until it is closed, so
** a failed resume only keeps a reference to it with the error value (tb_carryframes: no text
** is written, for a script that catches coroutine errors in a loop would pay for it every
** time); its frames are written when the handler meets the same value (tb_pushcarried), or
** earlier when the coroutine is about to be closed (tb_keepframes: the sandbox's wrap closes
** it before raising the error again). The handler then puts those lines first and places the
** message where the coroutine raised it, then the resumer's frames from the script's own (the
** frames that re-raised it, `error` and the sandbox's wrap, are left out).
** A limit's stop counts as the same error (it comes traced from where the limit was hit,
** Watchdog.c, and the resumer raises that same error again). A
** coroutine that dies re-raising a carried error (one that resumed another) adds its frames
** after the carried ones, so the innermost come first, and the innermost's place is kept.
** The error is matched by its value and by the thread it goes on in, the one that resumed the
** coroutine: the same text failing again in a fresh coroutine is a new error, not a re-raise.
** The frames are forgotten when the script catches the error (pcall, xpcall: tb_forgetcarried),
** so an unrelated error with the same text raised later does not take them, and at the end of
** the outermost call, so the dead coroutine is not kept alive past it.
** What resume returns to the script is untouched: only the final traceback changes.
*/
#include "Bridge.h"

/* Registry slots, false when empty: the error value; the frames written so far; the place
** ("file:line: ") where the innermost coroutine raised the error; the dead coroutine whose
** frames are not written yet. */
static const char tb_carriedvaluekey = 'V', tb_carriedframeskey = 'F', tb_carriedwherekey = 'W',
                  tb_carriedthreadkey = 'C';

int tb_scriptlevel(lua_State *L, int level) {
  lua_Debug ar;
  while (lua_getstack(L, level, &ar) && lua_getinfo(L, "S", &ar) &&
         (*ar.what == 'C' || tb_ownchunk(ar.source)))
    level++;
  return level;
}

/* [-1, +0, -] Pops the value on top into the registry slot `key`. The slots exist from the
** start (tb_initcarried), so this allocates nothing. */
static void tb_setslot(lua_State *L, const char *key) { lua_rawsetp(L, LUA_REGISTRYINDEX, key); }

void tb_initcarried(lua_State *L) {
  lua_pushboolean(L, 0);
  tb_setslot(L, &tb_carriedvaluekey);
  lua_pushboolean(L, 0);
  tb_setslot(L, &tb_carriedframeskey);
  lua_pushboolean(L, 0);
  tb_setslot(L, &tb_carriedwherekey);
  lua_pushboolean(L, 0);
  tb_setslot(L, &tb_carriedthreadkey);
}

void tb_dropcarried(lua_State *L) {
  tb_Bridge *b = tb_bridge(L);
  if (!b->carried) return;
  lua_checkstack(L, 1);          /* after a call's results, which may fill the stack */
  tb_initcarried(L);
  b->carried = 0;
}

/* [-0, +0, -] Whether the error at idx is the carried one (or a limit's stop after a
** coroutine was stopped), going on in `resumer`, the thread that resumed the coroutine. */
static int tb_iscarried(lua_State *L, int idx, lua_State *resumer) {
  tb_Bridge *b = tb_bridge(L);
  int same;
  if (!b->carried || b->carriedby != resumer) return 0;
  idx = lua_absindex(L, idx);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &tb_carriedvaluekey);
  same = lua_rawequal(L, idx, -1) || (b->carriedstop && b->raisedstop != TB_STOP_NONE);
  lua_pop(L, 1);
  return same;
}

/* [-0, +0, m] Writes the frames of the carried dead coroutine, if any, after those written
** before, and its place when it is the innermost; then lets the coroutine go. */
static void tb_writecarried(lua_State *L) {
  tb_Bridge *b = tb_bridge(L);
  int saved = b->enforce;
  lua_State *co;
  luaL_Buffer buffer;
  tb_TraceOut out = {&buffer, NULL, 0, 0, "", 1};   /* lines only: the handler writes the header */
  lua_checkstack(L, 4);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &tb_carriedthreadkey);   /* L: co|false */
  co = lua_tothread(L, -1);
  if (co == NULL) {
    lua_pop(L, 1);
    return;
  }
  b->enforce = 0;                /* a few lines of text: the script's cap must not refuse them */
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &tb_carriedwherekey) != LUA_TSTRING) {
    tb_pushscriptwherein(L, co, 0);   /* L: co false where */
    tb_setslot(L, &tb_carriedwherekey);
  }
  lua_pop(L, 1);
  luaL_buffinit(L, &buffer);     /* L: co buffer */
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &tb_carriedframeskey) == LUA_TSTRING) luaL_addvalue(&buffer);
  else lua_pop(L, 1);
  tb_traceback(&out, co, b->carriedlevel);
  luaL_pushresult(&buffer);      /* L: co text */
  tb_setslot(L, &tb_carriedframeskey);
  lua_pop(L, 1);
  lua_pushboolean(L, 0);
  tb_setslot(L, &tb_carriedthreadkey);
  b->enforce = saved;
}

int tb_pushcarried(lua_State *L, int idx) {
  if (!tb_iscarried(L, idx, L)) return 0;
  tb_writecarried(L);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &tb_carriedframeskey);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &tb_carriedwherekey);
  tb_dropcarried(L);
  return 1;
}

void tb_carryframes(lua_State *L, lua_State *co) {
  tb_Bridge *b = tb_bridge(L);
  int chained;
  if (b->refusals > 0) return;   /* the allocator's capture already tells where memory ran out */
  lua_checkstack(L, 2);
  lua_pushvalue(co, -1);
  lua_xmove(co, L, 1);           /* L: error */
  chained = tb_iscarried(L, -1, co);   /* co resumed the carried one, and died re-raising it */
  if (chained) {
    tb_writecarried(L);          /* the coroutine co resumed, before co's frames */
    b->carriedlevel = tb_scriptlevel(co, 0);
  } else {
    tb_initcarried(L);
    b->carriedlevel = 0;
  }
  tb_setslot(L, &tb_carriedvaluekey);
  lua_pushthread(co);
  lua_xmove(co, L, 1);
  tb_setslot(L, &tb_carriedthreadkey);
  b->carried = 1;
  b->carriedby = L;
  b->carriedstop = b->raisedstop != TB_STOP_NONE;
}

void tb_keepframes(lua_State *L, lua_State *co) {
  if (!tb_bridge(L)->carried) return;
  lua_checkstack(L, 1);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &tb_carriedthreadkey);
  if (lua_tothread(L, -1) == co) tb_writecarried(L);
  lua_pop(L, 1);
}

void tb_forgetcarried(lua_State *L, int idx) {
  tb_Bridge *b = tb_bridge(L);
  if (b->carried && !b->carriedstop && tb_iscarried(L, idx, L)) tb_dropcarried(L);
}

int tb_putcarried(tb_TraceOut *out, lua_State *L, int idx, int level) {
  tb_putlines(out, lua_tostring(L, idx));
  return tb_scriptlevel(L, level);
}

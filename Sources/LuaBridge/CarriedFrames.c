/*
** CarriedFrames.c: a failed coroutine's frames, carried with its error to the traceback.
** A coroutine runs on a stack of its own, so when its error goes on in the resumer (re-raised
** by the sandbox's wrap, or by the script after resume returned false) the message handler
** (Call.c), which walks the stack it runs on, no longer sees where inside the coroutine the
** error was raised. Right after a resume fails the dead coroutine's stack is still whole:
** tb_carryframes writes its traceback then and keeps it in the registry with the error value,
** and the handler puts those lines first when it meets the same value, then the resumer's
** frames from the script's own (the frames that re-raised it, `error` and the sandbox's
** wrap, are left out). A limit's stop counts as the same error: the resumer raises it again
** at its own line. A coroutine that dies re-raising a carried error (one that resumed
** another) adds its frames after the carried ones, so the innermost come first.
** What resume returns to the script is untouched: only the final traceback changes.
*/
#include "Bridge.h"

static const char tb_carriedvaluekey = 'V', tb_carriedframeskey = 'F';

/* [-0, +0, -] The first level at or above `level` of L that runs the script's code (a Lua
** function not in one of Tessera's chunks); the frames below it re-raised a carried error. */
static int tb_scriptlevel(lua_State *L, int level) {
  lua_Debug ar;
  while (lua_getstack(L, level, &ar) && lua_getinfo(L, "S", &ar) &&
         (*ar.what == 'C' || tb_ownchunk(ar.source)))
    level++;
  return level;
}

/* [-0, +0, -] Forgets the carried frames. */
static void tb_dropcarried(lua_State *L) {
  lua_pushnil(L);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &tb_carriedvaluekey);
  lua_pushnil(L);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &tb_carriedframeskey);
  tb_bridge(L)->carried = 0;
}

int tb_pushcarried(lua_State *L, int idx) {
  tb_Bridge *b = tb_bridge(L);
  int same;
  if (!b->carried) return 0;
  idx = lua_absindex(L, idx);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &tb_carriedvaluekey);
  same = lua_rawequal(L, idx, -1) || (b->carriedstop && b->raisedstop != TB_STOP_NONE);
  lua_pop(L, 1);
  if (!same) return 0;
  lua_rawgetp(L, LUA_REGISTRYINDEX, &tb_carriedframeskey);
  tb_dropcarried(L);
  return 1;
}

void tb_carryframes(lua_State *L, lua_State *co) {
  tb_Bridge *b = tb_bridge(L);
  int saved = b->enforce, level = 0, carried;
  luaL_Buffer buffer;
  tb_TraceOut out = {&buffer, NULL, 0, 0, "", 1};   /* lines only: the handler writes the header */
  if (b->refusals > 0) return;   /* the allocator's capture already tells where memory ran out */
  b->enforce = 0;                /* a few lines of text: the script's cap must not refuse them */
  lua_checkstack(L, 4);
  lua_pushvalue(co, -1);
  lua_xmove(co, L, 1);           /* L: error */
  carried = tb_pushcarried(L, -1);   /* L: error [frames] */
  if (carried) level = tb_scriptlevel(co, 0);
  luaL_buffinit(L, &buffer);
  if (carried) {
    lua_pushvalue(L, -2);
    luaL_addvalue(&buffer);
  }
  tb_traceback(&out, co, level);
  luaL_pushresult(&buffer);      /* L: error [frames] text */
  if (carried) lua_remove(L, -2);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &tb_carriedframeskey);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &tb_carriedvaluekey);
  b->carried = 1;
  b->carriedstop = b->raisedstop != TB_STOP_NONE;
  b->enforce = saved;
}

int tb_putcarried(tb_TraceOut *out, lua_State *L, int idx, int level) {
  tb_putlines(out, lua_tostring(L, idx));
  return tb_scriptlevel(L, level);
}

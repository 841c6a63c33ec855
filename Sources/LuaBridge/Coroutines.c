/*
** Coroutines.c: coroutine.resume for the sandbox, so the limits apply inside coroutines.
** A coroutine is its own lua_State with its own hook, so a hook installed on the main
** thread (the instruction budget at the start of a call, the stop hook when the time limit
** passes) would not reach code running in a coroutine. tb_resume, as lcorolib's resume,
** therefore (1) gives the coroutine its resumer's hook before resuming it, (2) records it
** as the bridge's running coroutine, which the watchdog's signal handler hooks too, and
** (3) hands a hook installed meanwhile back to the resumer, so a stop reaches every level.
** The running coroutines are chained, innermost first, for the allocator's capture of where
** memory ran out. The memory cap needs nothing else: coroutines allocate through the state's
** allocator. When the resume fails, the dead coroutine's frames go with its error to the
** handler (CarriedFrames.c), for the traceback should the error escape; closing the dead
** coroutine writes them first.
** tb_coclose, as lcorolib's close, runs a suspended coroutine's pending __close handlers, with
** the same three steps, so the limits stop a handler that loops. It carries no frames: Lua
** drops the coroutine's frames before the handlers run, and a failing handler's are unwound.
** Nor does Lua count a close's C calls with its closer's (lua_resetthread runs the handlers
** with the closed coroutine's own count), so handlers that close further coroutines would
** nest C calls without end until the C stack overflowed: tb_coclose counts its own nesting
** and refuses past TB_MAXCLOSEDEPTH with Lua's "C stack overflow". Each level may still nest
** Lua's usual allowance of C calls, so the bound is small.
*/
#include "Bridge.h"

#define TB_MAXCLOSEDEPTH 8

/* [-0, +0, -] Gives co the resumer's hook and makes it the running coroutine, innermost on
** the bridge's chain (`link`, on the caller's C stack). */
static void tb_enterco(tb_Bridge *b, lua_State *L, lua_State *co, tb_Resumed *link) {
  lua_sethook(co, lua_gethook(L), lua_gethookmask(L), lua_gethookcount(L));
  link->co = co;
  link->outer = b->resumed;
  b->resumed = link;
  b->coroutine = co;
}

/* [-0, +0, -] Takes co off the chain and hands a hook installed while it ran back to L (a
** stop reaches every level). */
static void tb_leaveco(tb_Bridge *b, lua_State *L, lua_State *co, tb_Resumed *link) {
  b->resumed = link->outer;
  b->coroutine = link->outer != NULL ? link->outer->co : NULL;
  if (lua_gethook(co) != NULL && lua_gethook(L) == NULL)
    lua_sethook(L, lua_gethook(co), lua_gethookmask(co), lua_gethookcount(co));
  else if (lua_gethook(co) != NULL && lua_gethookcount(co) == 1)
    lua_sethook(L, lua_gethook(co), lua_gethookmask(co), 1);   /* a stop: at once */
}

int tb_resume(lua_State *L) {
  tb_Bridge *b = tb_bridge(L);
  lua_State *co = lua_tothread(L, 1);
  tb_Resumed link;
  int narg, status, nres;
  if (co == NULL) return tb_argerror(L, 1, "coroutine.resume", 1, "co", "a coroutine");
  narg = lua_gettop(L) - 1;
  if (!lua_checkstack(co, narg)) {
    lua_pushboolean(L, 0);
    lua_pushliteral(L, "too many arguments to resume");
    return 2;
  }
  if (lua_status(co) == LUA_OK && lua_gettop(co) == 0) {
    lua_pushboolean(L, 0);
    lua_pushliteral(L, "cannot resume dead coroutine");
    return 2;
  }
  lua_xmove(L, co, narg);
  tb_enterco(b, L, co, &link);
  status = lua_resume(co, L, narg, &nres);
  tb_leaveco(b, L, co, &link);
  if (status == LUA_OK || status == LUA_YIELD) {
    if (!lua_checkstack(L, nres + 1)) {
      lua_pop(co, nres);
      lua_pushboolean(L, 0);
      lua_pushliteral(L, "too many results to resume");
      return 2;
    }
    lua_pushboolean(L, 1);
    lua_xmove(co, L, nres);
    return nres + 1;
  }
  tb_carryframes(L, co);               /* co's frames, for the handler if the error escapes */
  lua_xmove(co, L, 1);                 /* the error object (already on top when co is L) */
  lua_pushboolean(L, 0);
  lua_insert(L, -2);
  return 2;
}

int tb_coclose(lua_State *L) {
  tb_Bridge *b = tb_bridge(L);
  lua_State *co = lua_tothread(L, 1);
  tb_Resumed link;
  int status;
  if (co == NULL) return tb_argerror(L, 1, "coroutine.close", 1, "co", "a coroutine");
  if (co == L) return tb_deferror(L, "cannot close a running coroutine");
  status = lua_status(co);
  if (status == LUA_OK && lua_gettop(co) > 0) {
    lua_Debug ar;
    /* a coroutine that is not suspended but has frames is running or normal */
    if (lua_getstack(co, 0, &ar)) return tb_deferror(L, "cannot close a normal coroutine");
  }
  if (b->closedepth >= TB_MAXCLOSEDEPTH) {
    lua_pushliteral(L, "C stack overflow");   /* bare, as Lua raises it from C */
    return lua_error(L);
  }
  tb_keepframes(L, co);                /* a carried error's frames, before they are dropped */
  b->closedepth++;
  tb_enterco(b, L, co, &link);
  status = lua_resetthread(co);        /* protected: the count always comes back down */
  tb_leaveco(b, L, co, &link);
  b->closedepth--;
  if (status == LUA_OK) {
    lua_pushboolean(L, 1);
    return 1;
  }
  lua_pushboolean(L, 0);
  lua_xmove(co, L, 1);
  return 2;
}

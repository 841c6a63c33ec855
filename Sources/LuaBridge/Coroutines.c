/*
** Coroutines.c: coroutine.resume for the sandbox, so the limits apply inside coroutines.
** A coroutine is its own lua_State with its own hook, so a hook installed on the main
** thread (the instruction budget at the start of a call, the stop hook when the time limit
** passes) would not reach code running in a coroutine. tb_resume, as lcorolib's resume,
** therefore (1) gives the coroutine its resumer's hook before resuming it, (2) records it
** as the bridge's running coroutine, which the watchdog's signal handler hooks too, and
** (3) hands a hook installed meanwhile back to the resumer, so a stop reaches every level.
** The memory cap needs nothing: coroutines allocate through the state's allocator.
*/
#include "Bridge.h"

int tb_resume(lua_State *L) {
  tb_Bridge *b = tb_bridge(L);
  lua_State *co = lua_tothread(L, 1);
  lua_State *previous;
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
  lua_sethook(co, lua_gethook(L), lua_gethookmask(L), lua_gethookcount(L));
  previous = b->coroutine;
  b->coroutine = co;
  status = lua_resume(co, L, narg, &nres);
  b->coroutine = previous;
  if (lua_gethook(co) != NULL && lua_gethook(L) == NULL)
    lua_sethook(L, lua_gethook(co), lua_gethookmask(co), lua_gethookcount(co));
  else if (lua_gethook(co) != NULL && lua_gethookcount(co) == 1)
    lua_sethook(L, lua_gethook(co), lua_gethookmask(co), 1);   /* a stop: at once */
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
  lua_pushboolean(L, 0);
  lua_xmove(co, L, 1);                 /* the error object */
  return 2;
}

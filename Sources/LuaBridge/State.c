/*
** State.c: a state's life cycle and its limits.
** tb_newstate makes a state whose allocator is the capped one (Allocator.c) and whose
** bridge record sits in the state's extra space; errors outside any protected call abort
** with a message (they are host bugs), and warnings are dropped. tb_close also stops the
** state's watchdog thread (Watchdog.c). tb_setlimits sets what tb_pcall arms.
*/
#include "Bridge.h"

#include <stdio.h>
#include <stdlib.h>

/* [-0, +0, -] Errors outside any protected call end here: say so and abort (the host
** never calls a raising function unprotected, so this is a bug, not a script error). */
static int tb_panic(lua_State *L) {
  const char *msg = lua_tostring(L, -1);
  fprintf(stderr, "tessera: unprotected error in the Lua host: %s\n", msg ? msg : "?");
  abort();
  return 0;
}

/* Warnings (from errors in __gc metamethods) are dropped; no stack. */
static void tb_nowarn(void *ud, const char *msg, int tocont) { (void)ud; (void)msg; (void)tocont; }

lua_State *tb_newstate(size_t maxmemory) {
  tb_Bridge *b = (tb_Bridge *)calloc(1, sizeof *b);
  lua_State *L;
  if (b == NULL) return NULL;
  b->cap = maxmemory;
  pthread_mutex_init(&b->mu, NULL);
#ifndef __APPLE__
  {
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&b->cv, &attr);
    pthread_condattr_destroy(&attr);
  }
#else
  pthread_cond_init(&b->cv, NULL);
#endif
  L = lua_newstate(tb_alloc, b);
  if (L == NULL) {
    tb_freepool(b);
    pthread_cond_destroy(&b->cv);
    pthread_mutex_destroy(&b->mu);
    free(b);
    return NULL;
  }
  b->L = L;
  *(tb_Bridge **)lua_getextraspace(L) = b;
  tb_setframes(L, NULL);
  tb_inittraced(L);
  tb_initcarried(L);
  tb_inittraceback(L);
  lua_atpanic(L, tb_panic);
  lua_setwarnf(L, tb_nowarn, NULL);
  return L;
}

void tb_close(lua_State *L) {
  tb_Bridge *b = tb_bridge(L);
  b->closing = 1;   /* the Swift host is going: a finalizer must not reach it */
  lua_close(L);
  tb_freepool(b);
  pthread_mutex_lock(&b->mu);
  b->quit = 1;
  pthread_cond_signal(&b->cv);
  pthread_mutex_unlock(&b->mu);
  if (b->hasthread) pthread_join(b->thread, NULL);
  pthread_cond_destroy(&b->cv);
  pthread_mutex_destroy(&b->mu);
  free(b);
}

/* The longest time limit (s), about three years: a longer one counts as this, since the
** watchdog works in nanoseconds in a long long and its wall-clock limit is ten times the time
** limit (1e300 s would not convert). NaN counts as no limit, as 0 does. */
#define TB_LONGESTLIMIT 1e8

void tb_setlimits(lua_State *L, size_t maxmemory, double seconds, long long instructions) {
  tb_Bridge *b = tb_bridge(L);
  b->cap = maxmemory;
  b->seconds = seconds > 0 ? (seconds < TB_LONGESTLIMIT ? seconds : TB_LONGESTLIMIT) : 0;
  b->maxinstructions = instructions > 0 ? instructions : 0;
}

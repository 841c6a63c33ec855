/*
** Allocator.c: the capped allocator of each state.
** It keeps the memory accounting (used, peak) and, while script code runs, refuses growth
** past the cap so that Lua raises a memory error instead of the process running out. At a
** refusal it records where the script was ("file:line:" and a traceback) without
** allocating, since a memory error gets no message handler to say so. A block that may be a
** thread's stack being moved (Lua 5.4.6 and later), when the stack cannot be read, is granted
** past the cap once instead, and the count hook raises the same error at the next instruction,
** where it can be placed: the overshoot is one stack block.
** Small blocks (tables, their parts, closures, short strings: most of what a script makes
** and the collector frees) go on free lists by size class when freed and are handed out
** again, so a loop making a short-lived table per item pays a list push and pop instead of
** free and malloc. The lists hold at most TB_POOL_MAX bytes; tb_freepool empties them.
*/
#include "Bridge.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* [-0, +0, -] Sets b->memwhere to the first script line ("file:line:") on L's stack, if it has
** one: a script's line, never one of Tessera's own chunks (tb_pushscriptwhere). */
static void tb_scriptline(tb_Bridge *b, lua_State *L) {
  lua_Debug ar;
  int level;
  for (level = 0; b->memwhere[0] == '\0' && lua_getstack(L, level, &ar); level++) {
    if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0 && !tb_ownchunk(ar.source))
      snprintf(b->memwhere, sizeof(b->memwhere), "%s:%d:", ar.short_src, ar.currentline);
  }
}

/* Records where the running Lua code is ("file:line:" of the first script line) and its
** traceback (Traceback.c, into the fixed buffer): the running coroutine's frames first, where
** the block was asked for, then its resumer's, and so on out to the main thread's. Called from
** the allocator when it refuses a block, so it must not allocate: it reads the call chains
** (lua_getstack, lua_getinfo), and the builder writes into the bridge's buffer. Unless
** `placeable` (tb_maybestack), it only forgets an earlier capture. */
static void tb_capturewhere(tb_Bridge *b, int placeable) {
  lua_State *L = b->L, *co = b->coroutine;
  tb_Resumed *link;
  lua_Debug ar;
  tb_TraceOut out = {NULL, b->memtrace, sizeof(b->memtrace), 0, "", 0};
  /* A refusal with no Lua code running (the host unwinding after the script's own refusal)
  ** keeps the earlier capture, which says where the script ran out. */
  if (b->memwhere[0] != '\0' && !lua_getstack(co != NULL ? co : L, 0, &ar)) return;
  b->memwhere[0] = '\0';
  b->memtrace[0] = '\0';
  if (!placeable) return;
  for (link = b->resumed; link != NULL; link = link->outer) {
    tb_scriptline(b, link->co);
    tb_traceback(&out, link->co, 0);
  }
  tb_scriptline(b, L);
  tb_traceback(&out, L, 0);
}

/* Whether a refused block may be a thread's stack being moved to a bigger one, which Lua 5.4.6
** and later do with the stack's pointers turned into offsets: lua_getinfo would follow one
** then and crash, so such a block is granted once (tb_hookmemory) and a second one, before the
** hook ran, refused unplaced (the error still names the memory limit).
** A stack is a block of 16-byte slots (TValues), its size plus 5 spare ones: 45, 85, 165 ...
** A table's array part is a block of them too, but a power of two of them, before and after
** (what its growth always asks for), which a stack's two sizes never both are. 5.4.4, linked
** here on Debian 12, moves a stack only after the new one is allocated: every refusal is placed. */
static int tb_maybestack(const void *ptr, size_t osize, size_t nsize) {
#if LUA_VERSION_RELEASE_NUM >= 50406
  size_t oslots = osize / 16, nslots = nsize / 16;
  int arraysizes = (oslots & (oslots - 1)) == 0 && (nslots & (nslots - 1)) == 0;   /* powers of two */
  return ptr != NULL && osize % 16 == 0 && nsize % 16 == 0 && !arraysizes;
#else
  (void)ptr; (void)osize; (void)nsize;
  return 0;
#endif
}

/* The size class of a small block of n bytes (1..TB_POOL_LARGEST): blocks of class c hold
** (c + 1) * TB_POOL_GRAIN bytes. */
static size_t tb_poolclass(size_t n) { return (n - 1) / TB_POOL_GRAIN; }

/* A block for n bytes: from the pool when n is small and its list has one, else malloc. */
static void *tb_take(tb_Bridge *b, size_t n) {
  if (n <= TB_POOL_LARGEST) {
    size_t c = tb_poolclass(n);
    void *p = b->pool[c];
    if (p != NULL) {
      b->pool[c] = *(void **)p;
      b->pooled -= (c + 1) * TB_POOL_GRAIN;
      return p;
    }
    return malloc((c + 1) * TB_POOL_GRAIN);
  }
  return malloc(n);
}

/* Gives back block p of n bytes (taken by tb_take): to its list while the pool has room. */
static void tb_give(tb_Bridge *b, void *p, size_t n) {
  if (n <= TB_POOL_LARGEST && b->pooled < TB_POOL_MAX) {
    size_t c = tb_poolclass(n);
    *(void **)p = b->pool[c];
    b->pool[c] = p;
    b->pooled += (c + 1) * TB_POOL_GRAIN;
    return;
  }
  free(p);
}

void tb_freepool(tb_Bridge *b) {
  size_t c;
  for (c = 0; c < TB_POOL_CLASSES; c++) {
    while (b->pool[c] != NULL) {
      void *p = b->pool[c];
      b->pool[c] = *(void **)p;
      free(p);
    }
  }
  b->pooled = 0;
}

/* The lua_Alloc contract: ptr NULL means osize is a type tag, not a size; a free must
** always succeed; so must a shrink. Growth past the cap fails only while script code
** runs (b->enforce); Lua then collects garbage, retries, and raises LUA_ERRMEM. Outside
** script code a failed malloc would raise across Swift frames, so it aborts instead.
** A block is small or large for its whole life as Lua sees it (its size), so a small one is
** only ever moved, never realloc'd, and a large one never goes to the pool. */
void *tb_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  tb_Bridge *b = (tb_Bridge *)ud;
  size_t old = ptr ? osize : 0;
  void *p;
  if (nsize == 0) {
    if (ptr != NULL) tb_give(b, ptr, old);
    b->used -= old;
    return NULL;
  }
  if (nsize > old && b->enforce && b->cap > 0 && b->used - old + nsize > b->cap) {
    int placeable = !tb_maybestack(ptr, osize, nsize);
    if (!placeable && !b->overshoot && b->L != NULL) {
      tb_hookmemory(b);              /* granted: the hook raises the error where it can place it */
    } else {
      b->refusals++;
      if (placeable) b->overshoot = 0;   /* this refusal raises the memory error, placed */
      if (b->L != NULL) tb_capturewhere(b, placeable);
      return NULL;
    }
  }
  if (ptr == NULL) p = tb_take(b, nsize);
  else if (old > TB_POOL_LARGEST && nsize > TB_POOL_LARGEST) p = realloc(ptr, nsize);
  else if (old <= TB_POOL_LARGEST && nsize <= TB_POOL_LARGEST && tb_poolclass(old) == tb_poolclass(nsize)) p = ptr;
  else {
    p = tb_take(b, nsize);
    if (p != NULL) {
      memcpy(p, ptr, old < nsize ? old : nsize);
      tb_give(b, ptr, old);
    }
  }
  if (p == NULL) {
    if (nsize <= old) return ptr;  /* a shrink that failed: keep the bigger block */
    if (!b->enforce) {
      fputs("tessera: out of memory in the Lua host\n", stderr);
      abort();
    }
    return NULL;
  }
  b->used = b->used - old + nsize;
  if (b->used > b->peak) b->peak = b->used;
  return p;
}

void tb_raisememory(lua_State *L) {
  tb_Bridge *b = tb_bridge(L);
  if (!b->enforce || b->cap == 0) return;   /* left to the end of the call (tb_pcall) */
  b->overshoot = 0;
  /* a block the cap cannot hold: refused and placed as any refusal, then Lua raises its error */
  lua_newuserdatauv(L, b->cap + 1, 0);
}

size_t tb_memoryused(lua_State *L) { return tb_bridge(L)->used; }
size_t tb_memorypeak(lua_State *L) { return tb_bridge(L)->peak; }
void tb_resetpeak(lua_State *L) { tb_Bridge *b = tb_bridge(L); b->peak = b->used; }
const char *tb_memorywhere(lua_State *L) { return tb_bridge(L)->memwhere; }
const char *tb_memorytraceback(lua_State *L) { return tb_bridge(L)->memtrace; }

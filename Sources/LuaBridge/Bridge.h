#ifndef TESSERA_LUABRIDGE_BRIDGE_H
#define TESSERA_LUABRIDGE_BRIDGE_H
/*
** Bridge.h: LuaBridge's private header (not in include/, so Swift never sees it).
** LuaBridge is the part of Tessera's Lua host that may raise Lua errors, one concern per
** file, each built only on the public Lua API (lua.h, lauxlib.h), as lauxlib.c is. See
** LuaBridge.h for what each public function is for and its stack effect.
**
** This header holds what the files share: the per-state record that the allocator, the
** watchdog and the protected calls use, and the internal functions one file defines and
** another calls.
*/
#include "LuaBridge.h"

#include <float.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <time.h>

/* Internal functions: visible to the other LuaBridge files, not exported (as LUAI_FUNC). */
#if defined(__GNUC__)
#define TB_INTERNAL __attribute__((visibility("hidden"))) extern
#else
#define TB_INTERNAL extern
#endif

/* A hot C function's checked path: kept out of line (and out of the hot code), so the hot
** path saves fewer registers and stays straight-line code. */
/* A hot path called once or more per item (ctx.set, ctx:size, ctx:item and its fields): starts
** on a cache line of its own, so where the linker happens to place it (which moves with every
** change to the bridge) does not move its speed: unaligned, the same code ran the scripted
** waterfall 1.9x or 2.3x the plain loop from one build to the next. */
#if defined(__GNUC__)
#define TB_SLOWPATH __attribute__((noinline, cold))
#define TB_HOTPATH __attribute__((aligned(64)))
#define TB_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define TB_SLOWPATH
#define TB_HOTPATH
#define TB_UNLIKELY(x) (x)
#endif


/* {====================================================================
** The bridge: per-state limits, kept in the state's extra space
** ===================================================================== */

/* The allocator's pool of small blocks (Allocator.c): size classes of TB_POOL_GRAIN bytes up
** to TB_POOL_LARGEST, at most TB_POOL_MAX bytes kept. */
#define TB_POOL_GRAIN 16
#define TB_POOL_CLASSES 8
#define TB_POOL_LARGEST (TB_POOL_GRAIN * TB_POOL_CLASSES)
#define TB_POOL_MAX ((size_t)32 << 20)

/* One coroutine the bridge runs now (Coroutines.c): a record on the C stack of the resume
** that runs it, linked to the record of the coroutine that resumed it (NULL: the main thread). */
typedef struct tb_Resumed {
  lua_State *co;
  struct tb_Resumed *outer;
} tb_Resumed;

typedef struct tb_Bridge {
  lua_State *L;
  /* memory (the allocator runs on the Lua thread only) */
  size_t used, peak, cap;
  void *pool[TB_POOL_CLASSES];  /* free small blocks by size class, linked through their first word */
  size_t pooled;                /* bytes on those lists */
  int enforce;                  /* refuse growth past `cap` only while script code runs */
  int refusals;                 /* allocations refused in the current call */
  int overshoot;                /* a possible stack move was granted past the cap: the count hook
                                ** raises the memory error at the next instruction (Allocator.c) */
  char memwhere[256];           /* "file:line:" of the last refusal */
  char memtrace[4096];          /* traceback captured at the last refusal, or "" */
  lua_State *scratch;           /* a thread whose stack only the traceback builder uses */
  /* calls */
  int depth;                    /* nesting of tb_pcall */
  int closing;                  /* tb_close runs: host functions answer with an error */
  atomic_int reason;            /* TB_STOP_* for the running call */
  int laststop;
  int raisedstop;               /* TB_STOP_* once tb_raisestop raised it in the current call */
  size_t stoplength;            /* ... and the length of its message, traced where it was raised */
  atomic_ulong callgen;         /* numbers outermost calls, so a late signal is ignored */
  atomic_ulong firegen;         /* the call a stop request was meant for */
  /* instruction budget */
  long long maxinstructions, executed;
  unsigned long spent, spentcounted;  /* C steps (tb_spend), and how many of them `executed` holds */
  int clockhook;                /* no watchdog thread could be made: the count hook reads the clock */
  int refusethread;             /* tests: make no watchdog thread, as when pthread_create fails */
  /* watchdog */
  double seconds;
  pthread_mutex_t mu;
  pthread_cond_t cv;
  pthread_t thread, caller;
  int hasthread, quit, active, armed, idle;
  int timed;                    /* the running outermost call has a deadline (tb_stopping) */
  long long cpulimit;           /* the time limit in ns of CPU time */
  long long cpustart;           /* the calling thread's CPU clock when the call began (ns) */
  tb_ThreadClock callerclock;   /* that thread's CPU clock, which the watchdog reads too */
  atomic_llong lent;            /* CPU ns spent for this call on helper threads (tb_lendcpu) */
  double backstop;              /* tests: the wall-clock limit in s; 0 for the rule (tb_backstop) */
  double wallseconds;           /* the running call's wall-clock limit in s */
  atomic_int walled;            /* the call stops at its wall-clock limit, not its CPU time */
  struct timespec deadline;     /* when the wall-clock limit passes (CLOCK_MONOTONIC) */
  struct timespec wake;         /* when the sleeping watchdog wakes next */
  struct tb_Bridge *outer;      /* the bridge running on this thread before this call */
  lua_State *volatile coroutine;  /* the coroutine tb_resume runs now (Coroutines.c), or NULL */
  struct tb_Resumed *resumed;   /* every coroutine running now, innermost first; its first is
                                ** `coroutine`, kept apart as the one volatile read the watchdog needs */
  int closedepth;               /* nesting of tb_coclose: __close handlers closing coroutines */
  int carried;                  /* a failed coroutine's frames wait for the handler (CarriedFrames.c) */
  int carriedstop;              /* ... and that coroutine was stopped by a limit */
  int carriedlevel;             /* ... and the first of its levels to show */
  lua_State *carriedby;         /* ... and the thread that resumed it, where its error goes on */
  /* the thread whose host function (or sizer) runs now: Swift reads and pushes on its stack */
  lua_State *current;
  /* ctx:item's items (Items.c) */
  lua_Unsigned itempasses;      /* the last pass number given out */
  lua_Unsigned itemhigh;        /* the high half of the items whose columns __index remembers, 0 for none */
  const void *itemkey[2];       /* the two field names read last (lua_topointer), else the bridge */
  const tb_NumberColumn *itemnumbers[2];  /* their number columns; NULL for a plain Lua array */
  int itemnext;                 /* the slot of itemkey the next remembered column replaces */
  /* ctx.set (Frames.c) */
  const tb_Frames *frames;      /* the running simpleLayout's buffer, else a closed one: never NULL */
} tb_Bridge;

/* The bridge of L, kept in the state's extra space by tb_newstate; no stack. */
static inline tb_Bridge *tb_bridge(lua_State *L) { return *(tb_Bridge **)lua_getextraspace(L); }

/* [-?, +?, e] What a Swift callback returned: n results, or TB_RAISE / TB_RAISE_ASIS with the
** error on top, or TB_RAISE_STOP, raised here (Call.c). */
int tb_hostresult(lua_State *L, int n);
/* Call.c: [-0, +0, m] Makes the registry slots where the handler records its errors. */
TB_INTERNAL void tb_inittraced(lua_State *L);
/* }==================================================================== */


/* Traceback.c, the one traceback builder. Where it writes: after the message in the
** handler's Lua buffer, or into a fixed text (the allocator's, which nothing may allocate). */
typedef struct tb_TraceOut {
  luaL_Buffer *buffer;          /* the handler's buffer, or NULL for the fixed text */
  char *text;                   /* the fixed text, always ended by a zero byte */
  size_t size, n;               /* its size and the bytes written */
  const char *lead;             /* what goes before "stack traceback:" ("\n" after a message) */
  int lines;                    /* lines written so far: 0 means no header either */
} tb_TraceOut;
/* [-0, +0, -] Writes the traceback of L from `level` on, as luaL_traceback's without the C
** functions Lua cannot name, and nothing when no frame is left. Allocates only through
** out->buffer; uses no stack of L but one slot above its top for a moment (a value Lua
** treats as free while it allocates). */
TB_INTERNAL void tb_traceback(tb_TraceOut *out, lua_State *L, int level);
/* [-0, +0, m] Makes the builder's scratch thread (at state creation). */
TB_INTERNAL void tb_inittraceback(lua_State *L);
/* [-0, +0, -] Writes `lines` (frames written by the builder with no header) as the traceback's
** next lines, after the header when they are its first; nothing for "". */
TB_INTERNAL void tb_putlines(tb_TraceOut *out, const char *lines);

/* CarriedFrames.c, a failed coroutine's frames carried with its error to the handler:
** [-0, +0, m] makes the registry slots that hold them (at state creation); */
TB_INTERNAL void tb_initcarried(lua_State *L);
/* [-0, +0, m] after a resume of co failed (its error on top of co, its frames still there),
** keeps co with that error, after the frames the error already carried when co died
** re-raising it (those are written now); co's own are written only when needed; */
TB_INTERNAL void tb_carryframes(lua_State *L, lua_State *co);
/* [-0, +0, m] before co is closed (its frames dropped): writes them if they are carried; */
TB_INTERNAL void tb_keepframes(lua_State *L, lua_State *co);
/* [-0, +(0|2), m] when the error at idx is the one whose frames are carried (or a limit's
** stop after a coroutine was stopped), pushes those frames' text and the place where the
** innermost coroutine raised it ("file:line: " or ""), forgets them and returns 1; else
** returns 0; */
TB_INTERNAL int tb_pushcarried(lua_State *L, int idx);
/* [-0, +0, -] the script caught the error at idx: when it is the carried one (a limit's stop
** excepted, which a catch cannot end), forgets its frames; */
TB_INTERNAL void tb_forgetcarried(lua_State *L, int idx);
/* [-0, +0, m] forgets whatever is carried (the outermost call ended); */
TB_INTERNAL void tb_dropcarried(lua_State *L);
/* [-0, +0, -] the first level at or above `level` of L that runs the script's code (a Lua
** function not in one of Tessera's chunks); the frames below it re-raised a carried error, or
** resumed the coroutine a limit stopped (Watchdog.c); */
TB_INTERNAL int tb_scriptlevel(lua_State *L, int level);
/* [-0, +0, -] writes the frames' text at idx (tb_pushcarried's) as the traceback's first lines
** and returns the first level at or above `level` of L that runs the script's code: the frames
** below it only re-raised the error (`error`, the sandbox's wrap). */
TB_INTERNAL int tb_putcarried(tb_TraceOut *out, lua_State *L, int idx, int level);

/* NameHints.c, on the error path of tb_pcall's handler:
** [-0, +1, m] when the message at idx ends with a nil global, method or field (Lua's "(global
** 'x')") raised in the Lua function at level 1, pushes the names the script may have meant
** (`name`: Lua's; 1..n: the candidates) and returns 1; else pushes nil and returns 0; */
TB_INTERNAL int tb_pushhints(lua_State *L, int idx);
/* [-0, +0, m] records the table at `hints` (nil: nothing) for the error text on top; */
TB_INTERNAL void tb_recordhints(lua_State *L, int hints);

/* Params.c, the params table a script receives:
** [-2, +0, v] __index of a params table: nil for a declared name (or a key that is no name),
** else raises "file:line: params has no 'x'; known params: a, b"; */
TB_INTERNAL int tb_paramsindex(lua_State *L);
/* what that message says before the name (NameHints.c places the hint after the name). */
#define TB_PARAMSMISS "params has no '"
/* [-0, +1, m] pushes the place ("file:line") of the nil entry named by the key at `name` in the
** params metatable at `meta` and returns 1 when the script's params constructor has one; else
** pushes nil and returns 0; */
TB_INTERNAL int tb_pushnilentry(lua_State *L, int meta, int name);

/* The __name of ctx:item's items (Items.c), by which messages tell them apart (Messages.c). */
#define TB_ITEMNAME "tessera.item"

/* Messages.c, the one builder of the bridge's messages (formats as tb_deferror's):
** [-0, +1, m] pushes the message and returns it; */
TB_INTERNAL const char *tb_pushfmessage(lua_State *L, const char *fmt, ...);
/* [-0, +0, v] tb_argerror with `hint` after the value in place of tb_nilhint's: a caller that
** knows the cause better passes its own (" (call it with a dot: ...)"), so a message carries
** one hint; NULL for tb_nilhint's, "" for none (LuaArguments.error's `hint`, in Swift); */
TB_INTERNAL int tb_hintedargerror(lua_State *L, int arg, const char *fn, int n, const char *name, const char *expected,
                                  const char *hint);
/* [-0, +0, v] raises the argument error of the item index at `arg` (argument #n, named i, of
** fn) that is outside 1..count: "must be an item index in 1..count, got 4"; on empty data,
** which has no range to give, "must be an item index, got 1 (the data is empty: no index
** names one)", as the Swift checks word it (LuaArguments.indexError); */
TB_INTERNAL int tb_itemindexerror(lua_State *L, int arg, const char *fn, int n, lua_Integer count);
/* [-0, +0, v] the same with `hint` after the value when there is a range (as tb_hintedargerror
** takes it); on empty data the hint is why no index is in range, whatever `hint` says; */
TB_INTERNAL int tb_hinteditemindexerror(lua_State *L, int arg, const char *fn, int n, lua_Integer count,
                                        const char *hint);
/* why no index is in range on empty data (count 0), as every message says it. */
#define TB_EMPTYDATA "the data is empty: no index names one"
/* [-0, +0, v] raises it after "file:line: " where the script function at `fidx` was defined
** (the drivers: what that function returned is wrong); */
TB_INTERNAL int tb_functionerror(lua_State *L, int fidx, const char *fmt, ...);
/* [-1, +0, v] raises it after the "file:line: " string on top (the limits' stops). */
TB_INTERNAL int tb_errorwhere(lua_State *L, const char *fmt, ...);
/* [-0, +1, m] Pushes "file:line: " of the first script function at or above `level` that has
** a line, or "": C functions and Tessera's own chunks (tb_ownchunk) are skipped, so an error
** met inside a prelude helper (print, load) or the REPL's printing names the script line that
** called it. */
TB_INTERNAL void tb_pushscriptwhere(lua_State *L, int level);
/* [-0, +1, m] The same for the frames of co (a coroutine, possibly dead by an error), pushed
** on L. */
TB_INTERNAL void tb_pushscriptwherein(lua_State *L, lua_State *co, int level);

/* Call.c: makes L the thread Swift code works on (tb_current) while a host function runs on
** it, and returns the previous one for tb_leavehost. No stack. */
TB_INTERNAL lua_State *tb_enterhost(lua_State *L);
TB_INTERNAL void tb_leavehost(lua_State *L, lua_State *previous);

/* Whether v is finite: one mask and one compare (NaN compares false), where the C library's
** isfinite compiles to a classification sequence several times longer on the hot paths. */
static inline int tb_finite(double v) { return fabs(v) <= DBL_MAX; }

/* Item.largestSize, written as messages write it: the largest width or height an item's size
** may have, wherever the size enters (a dataset, a measurement, a script's size function). */
#define TB_LARGESTSIZE 1e7
#define TB_LARGESTSIZE_TEXT "1e7"

/* Allocator.c: the lua_Alloc that accounts for memory and refuses growth past b->cap
** while script code runs (ud is the tb_Bridge). No stack. */
TB_INTERNAL void *tb_alloc(void *ud, void *ptr, size_t osize, size_t nsize);
/* Allocator.c: [-0, +0, m] Raises the memory error of a block granted past the cap (b->overshoot)
** as a refusal does, placed where L runs now; returns only when the cap is not enforced there,
** leaving the error to the end of the call (tb_pcall). */
TB_INTERNAL void tb_raisememory(lua_State *L);
/* Allocator.c: frees the pooled blocks (after lua_close, when Lua has given every block back). */
TB_INTERNAL void tb_freepool(tb_Bridge *b);

/* ReadOnly.c: __newindex of read-only tables and items: "attempt to modify a read-only table
** (key 'k')", "... read-only item (key 'k')". */
TB_INTERNAL int tb_readonlyerror(lua_State *L);
/* ReadOnly.c: [-0, +0, -] Whether the value at idx is a read-only view or item (its metatable's
** __newindex is tb_readonlyerror, which a script cannot set: setmetatable can't reach it). */
TB_INTERNAL int tb_isreadonly(lua_State *L, int idx);
/* ReadOnly.c: next(t, k) without metamethods, the iterator of read-only tables' __pairs. */
TB_INTERNAL int tb_rawnext(lua_State *L);
/* ReadOnly.c: [-0, +0, m] sets what read-only tables and items share on the metatable on top:
** __newindex raises, __len is `len`, and __metatable keeps setmetatable from replacing it. */
TB_INTERNAL void tb_setreadonlymethods(lua_State *L, lua_CFunction len);

/* Watchdog.c: arm the limits for an outermost tb_pcall on this thread, and disarm them
** after it. No stack. */
TB_INTERNAL void tb_begincall(tb_Bridge *b);
/* [-0, +0, v] Raises "file:line: <why the call stops>" for the stop reason set in the bridge,
** naming the first script function at or above `level` (the count hook uses 0, a C function
** such as the pattern matcher 1), traced there, and leaves a count-1 hook so a pcall cannot
** swallow it: raised again (caught by pcall, xpcall or a coroutine's resume), it is the same
** error, naming where the limit was hit, not the later instruction that raises it again. */
TB_INTERNAL void tb_raisestop(lua_State *L, int level);
TB_INTERNAL void tb_endcall(tb_Bridge *b);
/* No stack; safe inside the allocator while a stack moves. Sets b->overshoot and has the count
** hook run at the next instruction of the running thread (and of the main thread, should the
** running coroutine end first), where it calls tb_raisememory. */
TB_INTERNAL void tb_hookmemory(tb_Bridge *b);
/* [-0, +0, v] Counts `steps` of C work a script asked for (pattern matching, elements moved)
** against the instruction budget, and every 4096 steps raises the stop error if the call was
** asked to stop (time limit, interrupt, budget), naming the calling script line. */
TB_INTERNAL void tb_spend(lua_State *L, unsigned long steps);

#endif

#ifndef TESSERA_LUABRIDGE_H
#define TESSERA_LUABRIDGE_H
/*
** LuaBridge: the C side of Tessera's Lua host.
**
** Swift cannot call Lua's function-like macros, and must never be unwound by a Lua error
** (a longjmp skips Swift's releases and defers). So everything that raises lives here:
** the message handler, the frame writer `ctx.set`, the checked drivers that call script
** functions, the read-only tables, `require`, and the trampoline that turns an error
** code returned by a Swift host function into a Lua error.
**
** In three parts: call mechanics (states, protected calls, host functions, messages), the
** sandbox and its limits, then the layout hot paths (ctx.set, ctx:size, ctx:item, drivers).
**
** Stack effects are stated lauxlib-style: [-o, +p, x] pops o, pushes p; x is `-` (never
** raises), `m` (raises only on memory errors), `e` (may raise any error) or `v` (raises on
** purpose). A lua_CFunction states what a call of it takes and leaves; a function that
** takes no lua_State says "no state".
*/
#include "../../CLua/shim.h"   /* Lua's headers, wherever the system keeps them */
#include <pthread.h>
#include <stdint.h>
#include <time.h>


/* {====================================================================
** Call mechanics: Lua's macros as functions, states, protected calls
** ===================================================================== */

/* [-0, +0, -] LUA_REGISTRYINDEX and lua_upvalueindex(i) (pseudo-indices). */
static inline int tb_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int tb_upvalueindex(int i) { return lua_upvalueindex(i); }
/* [-n, +0, -] */
static inline void tb_pop(lua_State *L, int n) { lua_pop(L, n); }
/* [-0, +1, m] */
static inline void tb_newtable(lua_State *L) { lua_newtable(L); }
/* [-0, +0, -] lua_gc is variadic in 5.4; these are the fixed-arity uses. */
static inline int tb_gccollect(lua_State *L) { return lua_gc(L, LUA_GCCOLLECT); }
static inline int tb_gccountkb(lua_State *L) { return lua_gc(L, LUA_GCCOUNT); }

/* Raw table reads that are safe on any value: Lua's own (lua_rawgeti, lua_rawget, lua_next)
** assume a table and crash on anything else, and lua_rawlen gives a userdata's byte size. The
** Swift host reads script values only through these, so a number where a table was expected
** reads as an empty table (and fails the check that follows) instead of crashing. */
/* [-0, +1, -] t[n] without metamethods; nil when the value at idx is not a table. */
static inline int tb_rawgeti(lua_State *L, int idx, lua_Integer n) {
  if (lua_type(L, idx) != LUA_TTABLE) { lua_pushnil(L); return LUA_TNIL; }
  return lua_rawgeti(L, idx, n);
}
/* [-1, +1, -] t[k] without metamethods; nil when the value at idx is not a table. */
static inline int tb_rawget(lua_State *L, int idx) {
  if (lua_type(L, idx) != LUA_TTABLE) { lua_pop(L, 1); lua_pushnil(L); return LUA_TNIL; }
  return lua_rawget(L, idx);
}
/* [-1, +(2|0), -] lua_next; 0 (the key popped) when the value at idx is not a table. */
static inline int tb_next(lua_State *L, int idx) {
  if (lua_type(L, idx) != LUA_TTABLE) { lua_pop(L, 1); return 0; }
  return lua_next(L, idx);
}
/* [-0, +0, -] The raw length of a table; 0 for any other value. */
static inline lua_Unsigned tb_rawlen(lua_State *L, int idx) {
  return lua_type(L, idx) == LUA_TTABLE ? lua_rawlen(L, idx) : 0;
}

/* [-0, +0, -] (no state) A new state with a capped allocator, a panic handler that aborts
** with a message and warnings switched off. `maxmemory` 0 means no cap. NULL when out of
** memory. */
lua_State *tb_newstate(size_t maxmemory);
/* [-0, +0, -] Closes the state (finalizers run) and stops its watchdog thread. */
void tb_close(lua_State *L);
/* The chunk name of Tessera's own prelude: limits never blame a line in it. */
#define TB_PRELUDE_CHUNK "=[tessera]"
/* [-0, +0, -] (no state) Whether a chunk `source` is one of Tessera's own, named "=[...]" (the
** prelude, the REPL's "=[repl]", the test harness's "=[tessera test]"): a message names the
** script line that called into one, never a line of it. */
static inline int tb_ownchunk(const char *source) { return source[0] == '=' && source[1] == '['; }

/* [-(nargs+1), +(nresults | 1), -]
** lua_pcall with a message handler that appends a traceback (and records the error it made:
** tb_tracedmessage). The traceback leaves out C functions Lua cannot name (Tessera's own
** entry points); with no frame left there is none, and the error is its message alone. The outermost call also arms
** the limits; allocations are refused at the cap only inside it (and not while a Swift
** host function runs), so host-side setup code never sees a memory error. Returns the
** lua_pcall status; tb_laststop tells whether a limit stopped the call. */
int tb_pcall(lua_State *L, int nargs, int nresults);
/* [-0, +0, -] When the value at idx is the error tb_pcall's handler made (or a host function
** raised with TB_RAISE_TRACED), stores in *length the length in bytes of its message (the text
** starts with it; a newline and the traceback follow, when there is one) and returns 1; else 0.
** A script's own text that merely reads like one is not. */
int tb_tracedmessage(lua_State *L, int idx, size_t *length);
/* [-1, +1, m] The message handler tb_pcall uses (a lua_CFunction), for callers that need
** lua_pcallk: the error with a traceback appended. */
int tb_msgh(lua_State *L);
/* [-0, +(0|1), -] When tb_pcall's handler gathered names for the error at idx (its message ends
** with a nil global, method or field, as Lua names it: "(global 'pirnt')"), pushes them (a table:
** `name` the name Lua gave, 1..n the names the script may have meant: the failing function's
** variables, its globals, the fields of the tables it reached) and returns 1; else 0. */
int tb_pushhintsfor(lua_State *L, int idx);
/* [-1, +0, -] Pops a table (anything else: none) whose string keys name Lua functions in
** tracebacks from then on: a frame of a Lua function the table holds reads "in function 'key'", as
** luaL_traceback names a function _G holds, also after a tail call. The REPL sets its session's
** environment, where a typed `local function f` lives as f, and whose lines are tail calls. */
void tb_setfunctionnames(lua_State *L);
/* }==================================================================== */


/* {====================================================================
** Call mechanics: host functions, Swift code called from Lua
** ===================================================================== */

/* A Swift function callable from Lua. It may only use non-raising API calls and `m` calls
** (allocations are never refused while it runs). It returns the number of results, or: */
#define TB_RAISE (-1)        /* raise the string on top, prefixed with the caller's "file:line:" */
#define TB_RAISE_ASIS (-2)   /* raise the value on top unchanged (an error from a nested call) */
#define TB_RAISE_STOP (-3)   /* raise the error the limits raise: "file:line: time limit of 1 s
                             ** of CPU time exceeded" (or the budget's, or "interrupted"), after
                             ** tb_stopping */
#define TB_RAISE_TRACED (-4) /* raise the text below the top unchanged (a nested call's error with
                             ** its traceback), the top being its message's length in bytes */
typedef int (*tb_HostFunction)(lua_State *L, void *context);

/* [-nup, +1, m] Pushes a C closure that calls `f(L, context)`. The nup values on top become
** upvalues, which `f` reads at tb_upvalueindex(TB_HOST_UPVALUES + 1 ...). */
#define TB_HOST_UPVALUES 2
void tb_pushhostfunction(lua_State *L, tb_HostFunction f, void *context, int nup);
/* [-0, +0, m] Makes the host function on top refuse arguments past the first `maxargs` stack
** slots (self counts, for a method: its name has a colon) unless they are nil, before its Swift
** code runs: "engine:scroll: argument #3 must be absent (engine:scroll takes at most 2
** arguments), got string". A new host function takes any number (-1). */
void tb_sethostarguments(lua_State *L, int maxargs);
/* [-0, +0, -] The `maxargs` of the host function at idx; -1 for any number or another value. */
int tb_hostarguments(lua_State *L, int idx);
/* [-0, +0, -] The thread host code must use now: the coroutine whose host function runs (a
** C function must read and push on the stack of the thread that called it), else the main
** thread. */
lua_State *tb_current(lua_State *L);
/* [-0, +0, -] Whether the running call must stop: its time limit (CPU time) or wall-clock
** limit has passed (read from the clocks, so it holds before the watchdog wakes), its instruction budget ran out or tb_interrupt
** was called. Lua code is stopped by the count hook, but a host function runs no Lua
** instructions: one whose work grows with its input polls this every few thousand elements
** and, when it is set, returns TB_RAISE_STOP. */
int tb_stopping(lua_State *L);
/* [-0, +0, -] (no state) A thread's CPU clock, readable from any thread while that thread
** lives: tb_threadclock gives the calling thread's, tb_readthreadclock its CPU time in ns
** (-1 when it cannot be read). */
typedef struct tb_ThreadClock { pthread_t thread; clockid_t clock; } tb_ThreadClock;
tb_ThreadClock tb_threadclock(void);
long long tb_readthreadclock(const tb_ThreadClock *c);
/* [-0, +0, -] Counts `nanoseconds` of CPU time a host function spent for the running call on
** another thread (a worker it waits for) against the call's time limit, which otherwise counts
** only the CPU time of the thread running the call. Safe from any thread. */
void tb_lendcpu(lua_State *L, long long nanoseconds);
/* [-0, +0, -] The CPU ns tb_lendcpu counted for the running outermost call, or for the last one
** once it ended (each outermost call starts from 0): with the calling thread's own CPU time
** over the call, what its time limit counted. */
long long tb_lentcpu(lua_State *L);
/* }==================================================================== */


/* {====================================================================
** Call mechanics: messages, one shape for every error (Messages.c)
** ===================================================================== */

/* [-0, +0, -] (no state) Writes v as every message shows a number: "%.14g" ("-1", "2.5",
** "0.3" for 0.1 + 0.2), or "nan", "inf", "-inf". 32 bytes are always enough. The Swift host
** formats numbers with it. */
void tb_formatnumber(double v, char *out, size_t size);
/* [-0, +0, -] (no state) Writes n as every message shows a count: its digits grouped in threes
** by commas ("999", "1,234", "-1,000,000"), as NumberText.grouped writes it in Swift and
** displayCount on the pages. 32 bytes are always enough. Messages take it through %G. */
void tb_formatgrouped(lua_Integer n, char *out, size_t size);
/* [-0, +1, m] Pushes tb_formatnumber's text. */
void tb_pushnumbertext(lua_State *L, double v);
/* [-0, +0, -] The type name messages give the value at idx: "tessera.item" for an item
** ctx:item gave, else luaL_typename's. */
const char *tb_typename(lua_State *L, int idx);
/* [-0, +0, -] Whether the value at idx is an item ctx:item gave. */
int tb_isitem(lua_State *L, int idx);
/* [-0, +1, m] Pushes what a message says a value is: a number's text, else tb_typename
** ("string", "nil", "no value", "tessera.item"). */
void tb_pushvaluetext(lua_State *L, int idx);
/* [-0, +0, v] luaL_error in Tessera's shape: raises "file:line: " + fmt, where fmt knows
** %s %d %I %% as lua_pushfstring does, %N (a double, as tb_formatnumber writes it), %G (a
** lua_Integer count, as tb_formatgrouped writes it) and %v
** (an int: an absolute stack slot, as tb_pushvaluetext describes it). */
int tb_deferror(lua_State *L, const char *fmt, ...);
/* [-0, +0, v] Raises "fn: argument #n (name) must be <expected>, got <value at arg>", the
** one shape of argument errors (luaL_argerror's role), with tb_nilhint's hint after it. `n` is
** the number the caller sees (for a method called with a colon, one less than the slot).
** `name` may be NULL. A caller with a hint of its own uses tb_hintedargerror (Bridge.h). */
int tb_argerror(lua_State *L, int arg, const char *fn, int n, const char *name, const char *expected);
/* [-0, +0, -] What an argument error adds after "got nil" for the value at idx given to `fn`:
** for a method or function of ctx (a name starting "ctx:" or "ctx.") given nil, where a
** beginner most often passed a local never set or an item field misspelt or missing, " (a
** variable never set, or an item field that is misspelt or missing, reads as nil)"; else "".
** The Swift checks (LuaArguments) add the same. */
const char *tb_nilhint(lua_State *L, int idx, const char *fn);
/* }==================================================================== */


/* {====================================================================
** Sandbox and limits
** ===================================================================== */

/* Why a call stopped (tb_laststop). */
enum {
  TB_STOP_NONE = 0,
  TB_STOP_TIME = 1,          /* the time limit (CPU time) or the wall-clock limit passed */
  TB_STOP_INSTRUCTIONS = 2,  /* the instruction budget ran out (count hook) */
  TB_STOP_MEMORY = 3,        /* an allocation was refused at the memory cap */
  TB_STOP_INTERRUPT = 4      /* tb_interrupt was called */
};

/* [-0, +0, -] Limits for each outermost tb_pcall; 0 switches one off. The time limit counts
** CPU time (the calling thread's, and what tb_lendcpu adds), backed by a wall-clock limit ten
** times it (at least 60 s) for a call that waits. It costs nothing until it passes (a watchdog thread installs a hook only then). The instruction
** budget keeps a count hook installed for the whole call, which makes Lua code ~1.6-1.95x
** slower. */
void tb_setlimits(lua_State *L, size_t maxmemory, double seconds, long long instructions);
/* [-0, +0, -] Bytes the state holds now, at most since tb_resetpeak, and that reset. */
size_t tb_memoryused(lua_State *L);
size_t tb_memorypeak(lua_State *L);
void tb_resetpeak(lua_State *L);
/* [-0, +0, -] Why the last finished tb_pcall (outermost or nested) stopped (TB_STOP_*). */
int tb_laststop(lua_State *L);
/* [-0, +0, -] For TB_STOP_MEMORY: "file:line:" of the Lua code whose allocation was refused,
** and a traceback captured at that moment (a memory error has no message handler), built as
** tb_pcall's handler builds one. "" if none. */
const char *tb_memorywhere(lua_State *L);
const char *tb_memorytraceback(lua_State *L);
/* [-0, +0, -] Stops the running outermost call at its next Lua instruction with
** "interrupted". Safe from any thread (not from a signal handler); does nothing when no call
** runs. */
void tb_interrupt(lua_State *L);
/* [-0, +0, -] For tests: with `refuse` set, the next timed calls make no watchdog thread, as
** when pthread_create fails, so their time limit is kept by the count hook reading the clock. */
void tb_refusewatchdog(lua_State *L, int refuse);
/* [-0, +0, -] For tests: the wall-clock limit of the next calls in seconds, in place of the
** rule (ten times the time limit, at least 60 s); 0 restores the rule. */
void tb_setwallclocklimit(lua_State *L, double seconds);

/* [-0, +0, m] Replaces string.find, match, gmatch and gsub with versions whose matcher stops
** at the time limit, the instruction budget and tb_interrupt (Patterns.c). */
void tb_openpatterns(lua_State *L);
/* [-0, +0, m] Replaces table.move, insert, remove, sort and concat and string.rep with versions
** that stop at the time limit, the instruction budget and tb_interrupt (Tables.c). */
void tb_opentables(lua_State *L);
/* [-2, +1, e] The sandbox's setmetatable (a lua_CFunction, Guards.c): the standard one, but
** a metatable with __gc is refused. */
int tb_setmetatable(lua_State *L);
/* [-3, +1, e] The sandbox's rawset (a lua_CFunction, Guards.c): the standard one, but a
** read-only view is refused as an assignment to it is ("attempt to modify a read-only table
** (key 'k')"). */
int tb_rawset(lua_State *L);
/* [-(1+n), +(1+r), e] The sandbox's pcall(f, ...) (a lua_CFunction, Guards.c): the standard
** one, but an error it catches that a failed coroutine's frames were carried with (for the
** traceback, should it escape) forgets them. */
int tb_scriptpcall(lua_State *L);
/* [-(2+n), +(1+r), e] The sandbox's xpcall(f, handler, ...) (a lua_CFunction, Guards.c): the
** standard one, but once a limit stops the call its error passes the handler by, which would
** otherwise run with hooks off and could never be stopped; and it forgets a caught error's
** carried frames, as tb_scriptpcall. */
int tb_xpcall(lua_State *L);
/* [-(1+n), +(1+r), e] coroutine.resume for the sandbox (a lua_CFunction, Coroutines.c):
** lcorolib's, but the time limit, the instruction budget and interrupts reach code running
** in the coroutine. */
int tb_resume(lua_State *L);
/* [-1, +(1|2), e] coroutine.close for the sandbox (a lua_CFunction): lcorolib's, but a
** suspended coroutine's __close handlers run under the limits as tb_resume runs its code. */
int tb_coclose(lua_State *L);

/* [-1, +0, m] Pops an array of names (the params a script declares) and makes the params table
** at idx (or the data of a read-only view) refuse any other name: reading one raises "file:line:
** params has no 'x'; known params: a, b" at the script's line. Declared names stay plain reads;
** writes are as before. The array's field TB_PARAMSNILS, when set, maps the names whose entry
** in the script's `params = {...}` is nil (Lua drops it) to that entry's "file:line", so
** reading one says so: "params has no 'x': its entry at f.lua:4 is nil, ...". */
void tb_declareparams(lua_State *L, int idx);
#define TB_PARAMSNILS "__nilentries"
/* Why a name whose params entry is nil is no param, after "its entry" (and the entry's place):
** one wording for reading the name (Params.c) and for overriding it (`--param`, the host). */
#define TB_PARAMSNILWHY "is nil, which Lua drops, so the script declares no such param; give it a default (a number, string, boolean or table)"

/* [-1, +1, m] Pops a table; pushes a read-only view of it (reads, #, pairs and ipairs work;
** assignments raise). Nested tables are not wrapped; wrap them first. */
void tb_pushreadonly(lua_State *L);
/* Where `require` raises a loader's error: the loader's third result, an integer (absent for a
** compile error, raised as it is, at the module's own "file:line:"). */
enum {
  TB_LOADERROR_ATREQUIRE = 1,  /* the message, placed at the line of the `require` */
  TB_LOADERROR_MEMORY = 2      /* the memory error, placed there as at a script's own line (the
                               ** message there, where the cap is not enforced) */
};
/* [-5, +1, m] Pops (searcher, loader, loaded, tessera, layoutmeta) and pushes a `require`
** function. searcher(name) returns a path or nil and the "not found" message; loader(path,
** name) returns the compiled chunk, or nil, its error and where to raise it (TB_LOADERROR_*:
** the file could not be read, or its environment could not be set up); `loaded` caches results
** by path; a module returning a script layout table without a metatable gets `layoutmeta`. */
void tb_pushrequire(lua_State *L);
/* }==================================================================== */


/* {====================================================================
** Layout hot paths: the frame writer `ctx.set`, ctx:size, ctx:item, the checked drivers
** ===================================================================== */

/* A frame buffer owned by Swift: 4 doubles (x, y, w, h) and one `seen` byte per item (zero
** until the item's frame is written). */
typedef struct tb_Frames {
  double *frames;
  unsigned char *seen;
  lua_Integer count;    /* items */
} tb_Frames;

/* [-0, +0, -] Makes `f` the buffer ctx.set writes into, for the simpleLayout that runs now
** (NULL: none runs, so set raises), and returns the one before, which the caller restores
** when its pass ends (passes nest). `f` must stay valid until then. */
const tb_Frames *tb_setframes(lua_State *L, const tb_Frames *f);
/* [-0, +1, -] Pushes `set(i, x, y, w, h)`, which writes into the buffer tb_setframes gave. */
void tb_pushsetter(lua_State *L);
/* [-4, +1, m] Pops (size, item, width, height); pushes the `ctx:size(i [, pw, ph])` of a
** script with its own size(item, pw, ph): size(ctx:item(i), pw or width, ph or height). */
void tb_pushscriptsize(lua_State *L);

/* ctx:size's source of sizes (Items.c). With `widths`/`heights` (one entry per item, NaN where
** the item has no size) and a `rule` (TB_SIZE_*), C answers sized items itself; `size(source,
** L, i, pw, ph, &w, &h)` answers the rest (text items, contexts whose sizes come from a closure,
** every item when `widths` is NULL): it never raises, and returns 0, or (when the size could
** not be found: a section that fails to lay out, a size function's error) pushes the error and
** returns TB_RAISE, TB_RAISE_ASIS or TB_RAISE_TRACED for ctx:size to raise; it runs with the memory cap lifted,
** as a host function does. `count` items; `width` x `height` is
** the default proposal. Both paths compute the same IEEE operations in the same order, so
** they agree bit for bit. */
enum { TB_SIZE_FIT = 0, TB_SIZE_FILLWIDTH = 1, TB_SIZE_INTRINSIC = 2, TB_SIZE_FILL = 3 };
typedef struct tb_Sizer {
  int (*size)(void *source, lua_State *L, lua_Integer i, double pw, double ph, double *w, double *h);
  void *source;
  const double *widths, *heights;
  int rule;
  lua_Integer count;
  double width, height;
} tb_Sizer;
/* [-1, +1, m] Pops a value that keeps the sizer's source alive; pushes ctx:size(i [, pw, ph])
** and returns its tb_Sizer for the caller to fill in (before any call). */
tb_Sizer *tb_pushsizer(lua_State *L);
/* A numeric field of every item of a layout pass, read by ctx:item's items where the dataset
** keeps it (no copy, no Lua table between): item i's value is values[i - 1] (NaN where the item
** has no such field), written as an integer where bit first + i - 1 of integers (bit k is bit
** k % 64 of word k / 64) is set (math.type tells the two apart). Never written through. */
typedef struct tb_NumberColumn {
  const double *values;
  const uint64_t *integers;
  lua_Integer first;
} tb_NumberColumn;
/* [-0, +1, m] Pushes a full userdata holding a tb_NumberColumn with one user value, and returns
** it for the caller to point at the numbers and to set the user value (lua_setiuservalue) to
** what keeps them alive. */
tb_NumberColumn *tb_pushnumbercolumn(lua_State *L);
/* [-6, +1, m] Pops (columns, reads, column, numbers, field, fields) and pushes ctx:item(i),
** which returns read-only items 1..count (count < 2^32), light userdata named "tessera.item"
** (nil for every i when !hasitems), and returns the number of the pass they belong to.
** `columns` caches column(name) -> array of every item's field (nil holes); `reads` counts
** reads per field name; numbers(name) returns the field as a tb_NumberColumn's userdata, or
** nil when some item has something else there; field(i, name) reads one field; fields(i)
** returns a table of all of item i's fields. The items can be read until tb_enditems ends
** their pass (or ctx:item is collected). */
lua_Integer tb_pushitemaccess(lua_State *L, lua_Integer count, int hasitems);
/* [-0, +0, -] Ends pass `pass` of tb_pushitemaccess: reading its items raises from now on, and
** what they read (the columns, the field functions) can be collected. */
void tb_enditems(lua_State *L, lua_Integer pass);
/* [-0, +1, -] For an item at idx (tb_isitem): pushes the table of its fields as pairs sees
** them and returns 1, or pushes the error that stopped building it and returns 0. */
int tb_pushitemfields(lua_State *L, int idx);

/* Drivers: lua_CFunctions to run with tb_pcall. Each checks what the script gives back and
** raises "file:line: message" naming the script function's line. Push one with
** lua_pushcclosure(L, tb_runsimple, 0), then its arguments. */

/* [-3, +0, e] (fn, ctx, params) -> () : simpleLayout, with tb_setframes's buffer; either
** ctx.set filled every frame or fn returned an array of {x, y, w, h} / {x=, y=, w= | width=,
** h= | height=} written now. */
int tb_runsimple(lua_State *L);
/* [-4, +4, e] (fn, i, ctx, params) -> x, y, w, h : the analytic frame(i), checked. */
int tb_runframe(lua_State *L);
/* [-8, +1, e] (fn, x, y, w, h, count, ctx, params) -> array : visible(...), every entry an
** integer in 1..count. */
int tb_runvisible(lua_State *L);
/* [-3, +(2|1), e] (fn, ctx, params) -> w, h | nil : the analytic layout(ctx, params),
** checked. */
int tb_runlayout(lua_State *L);
/* [-n, +2, e] (fn, i, args...) -> w, h : fn(args...) for the item at Lua index i, its answer
** checked as a size (a script's size(item, pw, ph, i), layout:sized's fn(item, i, pw, ph)). */
int tb_runsize(lua_State *L);
/* }==================================================================== */

#endif

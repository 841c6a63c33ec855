/*
** LuaBridge.c: the part of Tessera's Lua host that may raise Lua errors.
** Built only on the public Lua API (lua.h, lauxlib.h), as lauxlib.c is.
** See LuaBridge.h for what each function is for and its stack effect.
*/
#include "LuaBridge.h"

#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>


/* {====================================================================
** The bridge: per-state limits, kept in the state's extra space
** ===================================================================== */

typedef struct tb_Bridge {
  lua_State *L;
  /* memory (the allocator runs on the Lua thread only) */
  size_t used, peak, cap;
  int enforce;                  /* refuse growth past `cap` only while script code runs */
  int refusals;                 /* allocations refused in the current call */
  char memwhere[256];           /* "file:line:" of the last refusal */
  char memtrace[1536];          /* traceback captured at the last refusal */
  /* calls */
  int depth;                    /* nesting of tb_pcall */
  atomic_int reason;            /* TB_STOP_* for the running call */
  int laststop;
  atomic_ulong callgen;         /* numbers outermost calls, so a late signal is ignored */
  atomic_ulong firegen;         /* the call a stop request was meant for */
  /* instruction budget */
  long long maxinstructions, executed;
  int hookcount;
  /* watchdog */
  double seconds;
  pthread_mutex_t mu;
  pthread_cond_t cv;
  pthread_t thread, caller;
  int hasthread, quit, active, armed, idle;
  struct timespec deadline;
  struct tb_Bridge *outer;      /* the bridge running on this thread before this call */
} tb_Bridge;

static tb_Bridge *tb_bridge(lua_State *L) { return *(tb_Bridge **)lua_getextraspace(L); }
/* }==================================================================== */


/* {====================================================================
** Capped allocator
** ===================================================================== */

/* Appends to a fixed buffer, never past its end (n stays below size). No stack. */
static void tb_append(char *buf, size_t size, size_t *n, const char *fmt, ...) {
  va_list args;
  int written;
  if (*n + 1 >= size) return;
  va_start(args, fmt);
  written = vsnprintf(buf + *n, size - *n, fmt, args);
  va_end(args);
  if (written > 0) *n += (size_t)written < size - *n ? (size_t)written : size - *n - 1;
}

/* Formats where the running Lua code is, and a traceback like luaL_traceback's, into
** fixed buffers. Called from the allocator when it refuses a block, so it must not
** allocate: it only reads the call chain (lua_getstack, lua_getinfo "Sln"). No stack. */
static void tb_capturewhere(tb_Bridge *b) {
  lua_State *L = b->L;
  lua_Debug ar;
  size_t n = 0, size = sizeof(b->memtrace);
  int level;
  b->memwhere[0] = '\0';
  b->memtrace[0] = '\0';
  tb_append(b->memtrace, size, &n, "stack traceback:");
  for (level = 0; level < 16 && lua_getstack(L, level, &ar); level++) {
    if (!lua_getinfo(L, "Sln", &ar)) break;
    if (b->memwhere[0] == '\0' && ar.currentline > 0)
      snprintf(b->memwhere, sizeof(b->memwhere), "%s:%d:", ar.short_src, ar.currentline);
    tb_append(b->memtrace, size, &n, "\n\t%s:", ar.short_src);
    if (ar.currentline > 0) tb_append(b->memtrace, size, &n, "%d:", ar.currentline);
    if (ar.namewhat != NULL && *ar.namewhat != '\0')
      tb_append(b->memtrace, size, &n, " in %s '%s'", ar.namewhat, ar.name);
    else if (*ar.what == 'm')
      tb_append(b->memtrace, size, &n, " in main chunk");
    else if (*ar.what != 'C')
      tb_append(b->memtrace, size, &n, " in function <%s:%d>", ar.short_src, ar.linedefined);
    else
      tb_append(b->memtrace, size, &n, " in ?");
  }
}

/* The lua_Alloc contract: ptr NULL means osize is a type tag, not a size; a free must
** always succeed; so must a shrink. Growth past the cap fails only while script code
** runs (b->enforce); Lua then collects garbage, retries, and raises LUA_ERRMEM. Outside
** script code a failed malloc would raise across Swift frames, so it aborts instead. */
static void *tb_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  tb_Bridge *b = (tb_Bridge *)ud;
  size_t old = ptr ? osize : 0;
  void *p;
  if (nsize == 0) {
    free(ptr);
    b->used -= old;
    return NULL;
  }
  if (nsize > old && b->enforce && b->cap > 0 && b->used - old + nsize > b->cap) {
    b->refusals++;
    if (b->L != NULL) tb_capturewhere(b);
    return NULL;
  }
  p = realloc(ptr, nsize);
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

size_t tb_memoryused(lua_State *L) { return tb_bridge(L)->used; }
size_t tb_memorypeak(lua_State *L) { return tb_bridge(L)->peak; }
void tb_resetpeak(lua_State *L) { tb_Bridge *b = tb_bridge(L); b->peak = b->used; }
const char *tb_memorywhere(lua_State *L) { return tb_bridge(L)->memwhere; }
const char *tb_memorytraceback(lua_State *L) { return tb_bridge(L)->memtrace; }
/* }==================================================================== */


/* {====================================================================
** Stopping a call: the hook, the watchdog thread and its signal
** ===================================================================== */

/* [-0, +0, v] The count hook: counts the instruction budget down, and raises
** "file:line: <reason>" (the running Lua function's line) once a stop reason is set. It
** stays installed with count 1 after it raised, so a script that catches the error with
** pcall is stopped again at its next instruction. */
static void tb_hook(lua_State *L, lua_Debug *ar) {
  tb_Bridge *b = tb_bridge(L);
  int reason = atomic_load(&b->reason);
  char text[64];
  (void)ar;
  if (reason == TB_STOP_NONE) {
    if (b->maxinstructions <= 0) return;
    b->executed += b->hookcount;
    if (b->executed < b->maxinstructions) {
      long long left = b->maxinstructions - b->executed;
      b->hookcount = left < 1000000 ? (int)left : 1000000;
      lua_sethook(L, tb_hook, LUA_MASKCOUNT, b->hookcount);
      return;
    }
    reason = TB_STOP_INSTRUCTIONS;
    atomic_store(&b->reason, reason);
  }
  lua_sethook(L, tb_hook, LUA_MASKCOUNT, 1);
  luaL_where(L, 0);
  if (reason == TB_STOP_TIME) {
    snprintf(text, sizeof text, "%g", b->seconds);
    lua_pushfstring(L, "time limit of %s s exceeded", text);
  } else if (reason == TB_STOP_INSTRUCTIONS) {
    snprintf(text, sizeof text, "%lld", b->maxinstructions);
    lua_pushfstring(L, "instruction budget of %s exceeded", text);
  } else {
    lua_pushliteral(L, "interrupted");
  }
  lua_concat(L, 2);
  lua_error(L);
}

/* The bridge whose outermost call runs on this thread (read by the signal handler). */
static _Thread_local tb_Bridge *tb_running = NULL;
static _Thread_local int tb_signalready = 0;
static struct sigaction tb_oldaction;
static pthread_once_t tb_signalonce = PTHREAD_ONCE_INIT;

/* SIGURG handler; no stack. lua_sethook is safe in a signal handler on the thread running
** the state (lua.c stops scripts on Ctrl-C this way); calling it from another thread is
** not, since it walks the call chain the Lua thread is changing. So the watchdog signals
** this thread. A host called from inside another host's call is on the `outer` chain. */
static void tb_onsignal(int sig, siginfo_t *info, void *context) {
  tb_Bridge *b;
  for (b = tb_running; b != NULL; b = b->outer)
    if (atomic_load(&b->firegen) == atomic_load(&b->callgen))
      lua_sethook(b->L, tb_hook, LUA_MASKCOUNT, 1);
  if (tb_oldaction.sa_flags & SA_SIGINFO) {
    if (tb_oldaction.sa_sigaction != NULL) tb_oldaction.sa_sigaction(sig, info, context);
  } else if (tb_oldaction.sa_handler != SIG_DFL && tb_oldaction.sa_handler != SIG_IGN &&
             tb_oldaction.sa_handler != NULL) {
    tb_oldaction.sa_handler(sig);
  }
}

/* Installs tb_onsignal once per process, chaining to any earlier SIGURG handler. */
static void tb_installsignal(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = tb_onsignal;
  sa.sa_flags = SA_SIGINFO | SA_RESTART;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGURG, &sa, &tb_oldaction);
}

/* Thread pools (libdispatch) block signals on their threads; a thread that runs Lua
** unblocks SIGURG once. */
static void tb_preparethread(void) {
  sigset_t set;
  pthread_once(&tb_signalonce, tb_installsignal);
  if (tb_signalready) return;
  sigemptyset(&set);
  sigaddset(&set, SIGURG);
  pthread_sigmask(SIG_UNBLOCK, &set, NULL);
  tb_signalready = 1;
}

/* Asks the thread running b's outermost call to stop it; no stack. Called with b->mu held. */
static void tb_requeststop(tb_Bridge *b, int reason) {
  int none = TB_STOP_NONE;
  atomic_compare_exchange_strong(&b->reason, &none, reason);
  atomic_store(&b->firegen, atomic_load(&b->callgen));
  pthread_kill(b->caller, SIGURG);
}

static int tb_before(const struct timespec *a, const struct timespec *b) {
  return a->tv_sec < b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

static void tb_now(struct timespec *ts) { clock_gettime(CLOCK_MONOTONIC, ts); }

/* The watchdog thread (no stack) sleeps until the armed deadline; if the call is still running then, it
** sends the stop signal. Arming does not wake it unless it sleeps without a deadline,
** since deadlines only move later. */
static void *tb_watchdog(void *arg) {
  tb_Bridge *b = (tb_Bridge *)arg;
  pthread_mutex_lock(&b->mu);
  while (!b->quit) {
    if (!b->armed) {
      b->idle = 1;
      pthread_cond_wait(&b->cv, &b->mu);
      b->idle = 0;
      continue;
    }
    struct timespec now, deadline = b->deadline;
    tb_now(&now);
    if (!tb_before(&now, &deadline)) {
      tb_requeststop(b, TB_STOP_TIME);
      b->armed = 0;
      continue;
    }
#ifdef __APPLE__
    struct timespec rel = { deadline.tv_sec - now.tv_sec, deadline.tv_nsec - now.tv_nsec };
    if (rel.tv_nsec < 0) { rel.tv_sec -= 1; rel.tv_nsec += 1000000000L; }
    pthread_cond_timedwait_relative_np(&b->cv, &b->mu, &rel);
#else
    pthread_cond_timedwait(&b->cv, &b->mu, &deadline);
#endif
  }
  pthread_mutex_unlock(&b->mu);
  return NULL;
}

/* Arms the limits for an outermost call on this thread; no stack. tb_running is set
** before the call becomes `active`, so no stop request can miss it. */
static void tb_begincall(tb_Bridge *b) {
  tb_preparethread();
  atomic_fetch_add(&b->callgen, 1);
  atomic_store(&b->reason, TB_STOP_NONE);
  b->refusals = 0;
  b->memwhere[0] = '\0';
  b->memtrace[0] = '\0';
  b->executed = 0;
  b->outer = tb_running;
  tb_running = b;
  pthread_mutex_lock(&b->mu);
  b->active = 1;
  b->caller = pthread_self();
  if (b->seconds > 0) {
    long long ns = (long long)(b->seconds * 1e9);
    tb_now(&b->deadline);
    b->deadline.tv_sec += (time_t)(ns / 1000000000LL);
    b->deadline.tv_nsec += (long)(ns % 1000000000LL);
    if (b->deadline.tv_nsec >= 1000000000L) { b->deadline.tv_sec += 1; b->deadline.tv_nsec -= 1000000000L; }
    b->armed = 1;
    if (!b->hasthread) {
      pthread_attr_t attr;
      pthread_attr_init(&attr);
      pthread_attr_setstacksize(&attr, 64 * 1024);
      b->hasthread = pthread_create(&b->thread, &attr, tb_watchdog, b) == 0;
      pthread_attr_destroy(&attr);
    } else if (b->idle) {
      pthread_cond_signal(&b->cv);
    }
  }
  pthread_mutex_unlock(&b->mu);
  if (b->maxinstructions > 0) {
    b->hookcount = b->maxinstructions < 1000000 ? (int)b->maxinstructions : 1000000;
    lua_sethook(b->L, tb_hook, LUA_MASKCOUNT, b->hookcount);
  }
}

/* Disarms them; no stack. After the unlock the watchdog can no longer send a signal for
** this call, and one already sent is ignored once tb_running is restored; then the hook
** goes. */
static void tb_endcall(tb_Bridge *b) {
  pthread_mutex_lock(&b->mu);
  b->active = 0;
  b->armed = 0;
  pthread_mutex_unlock(&b->mu);
  tb_running = b->outer;
  lua_sethook(b->L, NULL, 0, 0);
  atomic_store(&b->reason, TB_STOP_NONE);
}

void tb_interrupt(lua_State *L) {
  tb_Bridge *b = tb_bridge(L);
  pthread_mutex_lock(&b->mu);
  if (b->active) tb_requeststop(b, TB_STOP_INTERRUPT);
  pthread_mutex_unlock(&b->mu);
}

int tb_laststop(lua_State *L) { return tb_bridge(L)->laststop; }
/* }==================================================================== */


/* {====================================================================
** State life cycle and protected calls
** ===================================================================== */

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
    pthread_cond_destroy(&b->cv);
    pthread_mutex_destroy(&b->mu);
    free(b);
    return NULL;
  }
  b->L = L;
  *(tb_Bridge **)lua_getextraspace(L) = b;
  lua_atpanic(L, tb_panic);
  lua_setwarnf(L, tb_nowarn, NULL);
  return L;
}

void tb_close(lua_State *L) {
  tb_Bridge *b = tb_bridge(L);
  lua_close(L);
  pthread_mutex_lock(&b->mu);
  b->quit = 1;
  pthread_cond_signal(&b->cv);
  pthread_mutex_unlock(&b->mu);
  if (b->hasthread) pthread_join(b->thread, NULL);
  pthread_cond_destroy(&b->cv);
  pthread_mutex_destroy(&b->mu);
  free(b);
}

void tb_setlimits(lua_State *L, size_t maxmemory, double seconds, long long instructions) {
  tb_Bridge *b = tb_bridge(L);
  b->cap = maxmemory;
  b->seconds = seconds > 0 ? seconds : 0;
  b->maxinstructions = instructions > 0 ? instructions : 0;
}

/* [-1, +1, m] As lua.c's msghandler: a non-string error object goes through __tostring
** or is named by its type; then the traceback is appended. */
int tb_msgh(lua_State *L) {
  const char *msg = lua_tostring(L, 1);
  if (msg == NULL) {
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) return 1;
    msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
  }
  luaL_traceback(L, L, msg, 1);
  return 1;
}

/* [-(nargs+1), +(nresults|1), -] */
int tb_pcall(lua_State *L, int nargs, int nresults) {
  tb_Bridge *b = tb_bridge(L);
  int base = lua_gettop(L) - nargs;  /* the function's slot */
  int outer = b->depth == 0;
  int saved = b->enforce;
  int status;
  lua_checkstack(L, 2);
  lua_pushcfunction(L, tb_msgh);     /* a light C function: no allocation */
  lua_insert(L, base);
  b->depth++;
  if (outer) tb_begincall(b);
  b->enforce = 1;
  status = lua_pcall(L, nargs, nresults, base);
  b->enforce = saved;
  /* why this call (outermost or nested) stopped, for tb_laststop */
  b->laststop = status == LUA_OK ? TB_STOP_NONE : atomic_load(&b->reason);
  if ((status == LUA_ERRMEM || status == LUA_ERRERR) && b->refusals > 0) b->laststop = TB_STOP_MEMORY;
  if (outer) tb_endcall(b);
  b->depth--;
  lua_remove(L, base);
  return status;
}
/* }==================================================================== */


/* {====================================================================
** Host functions
** ===================================================================== */

typedef struct tb_HostCall { tb_HostFunction f; void *context; } tb_HostCall;

/* [-?, +?, e] Runs the Swift function with the cap lifted (its allocations must not raise),
** then raises what it reported, here in C. */
static int tb_hosttrampoline(lua_State *L) {
  tb_Bridge *b = tb_bridge(L);
  tb_HostCall *call = (tb_HostCall *)lua_touserdata(L, lua_upvalueindex(1));
  int saved = b->enforce, n;
  b->enforce = 0;
  n = call->f(L, call->context);
  b->enforce = saved;
  if (n == TB_RAISE) {
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
    return lua_error(L);
  }
  if (n == TB_RAISE_ASIS) return lua_error(L);
  return n;
}

void tb_pushhostfunction(lua_State *L, tb_HostFunction f, void *context, int nup) {
  tb_HostCall *call = (tb_HostCall *)lua_newuserdatauv(L, sizeof *call, 0);
  call->f = f;
  call->context = context;
  lua_insert(L, -(nup + 1));         /* the call record becomes upvalue 1 */
  lua_pushnil(L);                    /* upvalue 2 is reserved */
  lua_insert(L, -(nup + 1));
  lua_pushcclosure(L, tb_hosttrampoline, nup + TB_HOST_UPVALUES);
}
/* }==================================================================== */


/* {====================================================================
** Frames
** ===================================================================== */

static const char *const tb_fieldnames[4] = { "x", "y", "w", "h" };

/* [-0, +1, m] Pushes a number as "%.14g" writes it (-1, 2.5), or "nan", "inf", "-inf". */
static void tb_pushnumbertext(lua_State *L, double v) {
  char text[32];
  if (isnan(v)) lua_pushliteral(L, "nan");
  else if (isinf(v)) lua_pushstring(L, v > 0 ? "inf" : "-inf");
  else {
    snprintf(text, sizeof text, "%.14g", v);
    lua_pushstring(L, text);
  }
}

/* [-0, +0, e] Raises "<subject> <field> = <value>; ..." if v is no valid frame. The
** subject ("file:line: ctx.set: frame 3 has") is the string on the stack top. */
static void tb_checkframe(lua_State *L, const double v[4]) {
  int k;
  for (k = 0; k < 4; k++) {
    int bad = !isfinite(v[k]) || (k >= 2 && v[k] < 0);
    if (bad) {
      lua_pushfstring(L, " %s = ", tb_fieldnames[k]);
      tb_pushnumbertext(L, v[k]);
      lua_pushliteral(L, "; a frame needs finite numbers and a non-negative size");
      lua_concat(L, 4);
      lua_error(L);
    }
  }
}

/* [-0, +1, m] Pushes "file:line: " for where function `fidx` was defined. */
static void tb_pushdefinition(lua_State *L, int fidx) {
  lua_Debug ar;
  lua_pushvalue(L, fidx);
  if (lua_getinfo(L, ">S", &ar) && ar.linedefined > 0)
    lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.linedefined);
  else
    lua_pushliteral(L, "");
}

tb_Frames *tb_newframes(lua_State *L) {
  tb_Frames *f = (tb_Frames *)lua_newuserdatauv(L, sizeof *f, 0);
  memset(f, 0, sizeof *f);
  return f;
}

/* [-5, +0, e] set(i, x, y, w, h): the hot path. Upvalue 1 is the frames userdata. */
static int tb_set(lua_State *L) {
  tb_Frames *f = (tb_Frames *)lua_touserdata(L, lua_upvalueindex(1));
  double v[4];
  int ok[4], isint, k;
  lua_Integer i = lua_tointegerx(L, 1, &isint);
  if (!f->open)
    return luaL_error(L, "ctx.set can only be called while simpleLayout runs");
  if (!isint) {
    if (lua_type(L, 1) == LUA_TNUMBER) {
      luaL_where(L, 1);
      lua_pushliteral(L, "ctx.set: the item index must be an integer, got ");
      tb_pushnumbertext(L, lua_tonumber(L, 1));
      lua_concat(L, 3);
      return lua_error(L);
    }
    return luaL_error(L, "ctx.set: the item index must be an integer, got %s", luaL_typename(L, 1));
  }
  if (i < 1 || i > f->count)
    return luaL_error(L, "ctx.set: item %I is out of range 1..%I", (LUAI_UACINT)i, (LUAI_UACINT)f->count);
  for (k = 0; k < 4; k++) v[k] = lua_tonumberx(L, k + 2, &ok[k]);
  if (!(ok[0] & ok[1] & ok[2] & ok[3])) {
    for (k = 0; k < 4 && ok[k]; k++) {}
    return luaL_error(L, "ctx.set: %s must be a number, got %s", tb_fieldnames[k], luaL_typename(L, k + 2));
  }
  if (!(isfinite(v[0]) && isfinite(v[1]) && isfinite(v[2]) && isfinite(v[3]) && v[2] >= 0 && v[3] >= 0)) {
    luaL_where(L, 1);
    lua_pushfstring(L, "ctx.set: frame %I has", (LUAI_UACINT)i);
    lua_concat(L, 2);
    tb_checkframe(L, v);
  }
  {
    double *p = f->frames + 4 * (i - 1);
    p[0] = v[0]; p[1] = v[1]; p[2] = v[2]; p[3] = v[3];
    if (!f->seen[i - 1]) { f->seen[i - 1] = 1; f->written++; }
  }
  return 0;
}

void tb_pushsetter(lua_State *L) { lua_pushcclosure(L, tb_set, 1); }

/* [-4, +2, e] ctx:size(i [, pw, ph]) for a script with its own size(item, pw, ph).
** Upvalues: 1 size, 2 ctx.item, 3 width, 4 height. */
static int tb_scriptsize(lua_State *L) {
  lua_settop(L, 4);                                    /* ctx i pw ph */
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushvalue(L, lua_upvalueindex(2));
  lua_pushvalue(L, 1);
  lua_pushvalue(L, 2);
  lua_call(L, 2, 1);                                   /* ctx i pw ph size item */
  lua_pushvalue(L, lua_isnil(L, 3) ? lua_upvalueindex(3) : 3);
  lua_pushvalue(L, lua_isnil(L, 4) ? lua_upvalueindex(4) : 4);
  lua_call(L, 3, 2);
  return 2;
}

void tb_pushscriptsize(lua_State *L) { lua_pushcclosure(L, tb_scriptsize, 4); }

/* [-0, +0, e] Reads frame table `t` (index `tidx`) number `i` into v: positional
** {x, y, w, h} when t[1] is a number, else named fields (w or width, h or height). */
static void tb_readframe(lua_State *L, int tidx, lua_Integer i, int fidx, double v[4]) {
  static const char *const named[4][2] = { {"x", NULL}, {"y", NULL}, {"w", "width"}, {"h", "height"} };
  int k, ok;
  int positional = lua_rawgeti(L, tidx, 1) == LUA_TNUMBER;
  lua_pop(L, 1);
  for (k = 0; k < 4; k++) {
    if (positional) lua_geti(L, tidx, k + 1);
    else if (lua_getfield(L, tidx, named[k][0]) == LUA_TNIL && named[k][1] != NULL) {
      lua_pop(L, 1);
      lua_getfield(L, tidx, named[k][1]);
    }
    v[k] = lua_tonumberx(L, -1, &ok);
    if (!ok) {
      tb_pushdefinition(L, fidx);
      if (positional)
        lua_pushfstring(L, "simpleLayout: frame %I has no number at [%d] (%s), got %s",
                        (LUAI_UACINT)i, k + 1, tb_fieldnames[k], luaL_typename(L, -2));
      else
        lua_pushfstring(L, "simpleLayout: frame %I has no number %s%s%s, got %s", (LUAI_UACINT)i,
                        named[k][0], named[k][1] ? " or " : "", named[k][1] ? named[k][1] : "",
                        luaL_typename(L, -2));
      lua_concat(L, 2);
      lua_error(L);
    }
    lua_pop(L, 1);
  }
}

int tb_runsimple(lua_State *L) {
  tb_Frames *f = (tb_Frames *)lua_touserdata(L, 4);
  lua_Integer n, i;
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_pushvalue(L, 1);
  lua_pushvalue(L, 2);
  lua_pushvalue(L, 3);
  lua_call(L, 2, 1);                                   /* stack: fn ctx params frames result */
  if (lua_type(L, 5) == LUA_TTABLE) {
    double v[4];
    n = (lua_Integer)lua_rawlen(L, 5);
    if (n != f->count) {
      tb_pushdefinition(L, 1);
      lua_pushfstring(L, "simpleLayout returned %I frames for %I items", (LUAI_UACINT)n, (LUAI_UACINT)f->count);
      lua_concat(L, 2);
      return lua_error(L);
    }
    for (i = 1; i <= n; i++) {
      if (lua_rawgeti(L, 5, i) != LUA_TTABLE) {
        tb_pushdefinition(L, 1);
        lua_pushfstring(L, "simpleLayout: frame %I is a %s, expected a table {x, y, w, h}",
                        (LUAI_UACINT)i, luaL_typename(L, -2));
        lua_concat(L, 2);
        return lua_error(L);
      }
      tb_readframe(L, lua_gettop(L), i, 1, v);
      tb_pushdefinition(L, 1);
      lua_pushfstring(L, "simpleLayout: frame %I has", (LUAI_UACINT)i);
      lua_concat(L, 2);
      tb_checkframe(L, v);
      lua_pop(L, 2);
      memcpy(f->frames + 4 * (i - 1), v, sizeof v);
      if (!f->seen[i - 1]) { f->seen[i - 1] = 1; f->written++; }
    }
    return 0;
  }
  if (!lua_isnil(L, 5)) {
    tb_pushdefinition(L, 1);
    lua_pushfstring(L, "simpleLayout returned a %s; expected nothing (after ctx.set) or an array of frames",
                    luaL_typename(L, 5));
    lua_concat(L, 2);
    return lua_error(L);
  }
  if (f->written != f->count) {
    for (i = 0; i < f->count && f->seen[i]; i++) {}
    tb_pushdefinition(L, 1);
    lua_pushfstring(L, "simpleLayout set %I of %I frames; frame %I was never set",
                    (LUAI_UACINT)f->written, (LUAI_UACINT)f->count, (LUAI_UACINT)(i + 1));
    lua_concat(L, 2);
    return lua_error(L);
  }
  return 0;
}

int tb_runframe(lua_State *L) {
  double v[4];
  int k, ok;
  lua_Integer i = lua_tointeger(L, 2);
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_pushvalue(L, 1);
  lua_pushvalue(L, 2);
  lua_pushvalue(L, 3);
  lua_pushvalue(L, 4);
  lua_call(L, 3, 4);                                   /* stack: fn i ctx params x y w h */
  for (k = 0; k < 4; k++) {
    v[k] = lua_tonumberx(L, 5 + k, &ok);
    if (!ok) {
      tb_pushdefinition(L, 1);
      lua_pushfstring(L, "frame(%I) returned %s = %s; expected four numbers x, y, w, h",
                      (LUAI_UACINT)i, tb_fieldnames[k], luaL_typename(L, 5 + k));
      lua_concat(L, 2);
      return lua_error(L);
    }
  }
  tb_pushdefinition(L, 1);
  lua_pushfstring(L, "frame(%I) returned", (LUAI_UACINT)i);
  lua_concat(L, 2);
  tb_checkframe(L, v);
  lua_pop(L, 1);
  return 4;
}

int tb_runvisible(lua_State *L) {
  lua_Integer count = lua_tointeger(L, 6), n, k;
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_pushvalue(L, 1);
  for (k = 2; k <= 5; k++) lua_pushvalue(L, (int)k);
  lua_pushvalue(L, 7);
  lua_pushvalue(L, 8);
  lua_call(L, 6, 1);                                   /* stack: fn x y w h count ctx params result */
  if (lua_type(L, 9) != LUA_TTABLE) {
    tb_pushdefinition(L, 1);
    lua_pushfstring(L, "visible returned a %s; expected an array of item indices", luaL_typename(L, 9));
    lua_concat(L, 2);
    return lua_error(L);
  }
  n = (lua_Integer)lua_rawlen(L, 9);
  for (k = 1; k <= n; k++) {
    int isint;
    lua_Integer i;
    lua_rawgeti(L, 9, k);
    i = lua_tointegerx(L, -1, &isint);
    if (!isint || i < 1 || i > count) {
      tb_pushdefinition(L, 1);
      if (!isint)
        lua_pushfstring(L, "visible returned a %s at position %I; expected item indices",
                        luaL_typename(L, -2), (LUAI_UACINT)k);
      else
        lua_pushfstring(L, "visible returned index %I, outside 1..%I", (LUAI_UACINT)i, (LUAI_UACINT)count);
      lua_concat(L, 2);
      return lua_error(L);
    }
    lua_pop(L, 1);
  }
  return 1;
}

int tb_runlayout(lua_State *L) {
  double w, h;
  int okw, okh;
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_pushvalue(L, 1);
  lua_pushvalue(L, 2);
  lua_pushvalue(L, 3);
  lua_call(L, 2, 2);                                   /* stack: fn ctx params w h */
  if (lua_isnil(L, 4) && lua_isnil(L, 5)) { lua_pushnil(L); return 1; }
  w = lua_tonumberx(L, 4, &okw);
  h = lua_tonumberx(L, 5, &okh);
  if (!okw || !okh || !isfinite(w) || !isfinite(h) || w < 0 || h < 0) {
    tb_pushdefinition(L, 1);
    lua_pushliteral(L, "layout must return the content size as two finite, non-negative numbers w, h, got ");
    if (okw) tb_pushnumbertext(L, w); else lua_pushstring(L, luaL_typename(L, 4));
    lua_pushliteral(L, ", ");
    if (okh) tb_pushnumbertext(L, h); else lua_pushstring(L, luaL_typename(L, 5));
    lua_concat(L, 5);
    return lua_error(L);
  }
  return 2;
}

int tb_runsize(lua_State *L) {
  double v[2];
  int k, ok;
  lua_Integer i = lua_tointeger(L, 5);
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_pushvalue(L, 1);
  lua_pushvalue(L, 2);
  lua_pushvalue(L, 3);
  lua_pushvalue(L, 4);
  lua_call(L, 3, 2);                                   /* stack: fn item pw ph i w h */
  for (k = 0; k < 2; k++) {
    v[k] = lua_tonumberx(L, 6 + k, &ok);
    if (!ok || !isfinite(v[k]) || v[k] < 0) {
      tb_pushdefinition(L, 1);
      lua_pushfstring(L, "size returned %s = ", k == 0 ? "w" : "h");
      if (ok) tb_pushnumbertext(L, v[k]); else lua_pushstring(L, luaL_typename(L, 6 + k));
      lua_pushfstring(L, " for item %I; a size needs two finite, non-negative numbers", (LUAI_UACINT)i);
      lua_concat(L, 4);
      return lua_error(L);
    }
  }
  return 2;
}
/* }==================================================================== */


/* {====================================================================
** Read-only tables
** ===================================================================== */

/* The data table behind a read-only view is its metatable's __index. */
static void tb_pushdata(lua_State *L, int proxy) {
  if (!lua_getmetatable(L, proxy)) { lua_pushnil(L); return; }
  lua_getfield(L, -1, "__index");
  lua_remove(L, -2);
}

static int tb_ro_newindex(lua_State *L) {
  return luaL_error(L, "attempt to modify a read-only table (key '%s')", luaL_tolstring(L, 2, NULL));
}

static int tb_ro_len(lua_State *L) {
  tb_pushdata(L, 1);
  lua_pushinteger(L, (lua_Integer)lua_rawlen(L, -1));
  return 1;
}

static int tb_ro_next(lua_State *L) {
  lua_settop(L, 2);
  if (lua_next(L, 1)) return 2;
  lua_pushnil(L);
  return 1;
}

static int tb_ro_pairs(lua_State *L) {
  lua_pushcfunction(L, tb_ro_next);
  tb_pushdata(L, 1);
  lua_pushnil(L);
  return 3;
}

void tb_pushreadonly(lua_State *L) {
  lua_createtable(L, 0, 0);                            /* data proxy */
  lua_createtable(L, 0, 5);                            /* data proxy meta */
  lua_rotate(L, -3, -1);                               /* proxy meta data */
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, tb_ro_newindex);
  lua_setfield(L, -2, "__newindex");
  lua_pushcfunction(L, tb_ro_len);
  lua_setfield(L, -2, "__len");
  lua_pushcfunction(L, tb_ro_pairs);
  lua_setfield(L, -2, "__pairs");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");                  /* setmetatable can't replace it */
  lua_setmetatable(L, -2);
}
/* }==================================================================== */


/* {====================================================================
** require
** ===================================================================== */

static const char tb_loadingkey = 0;  /* its address marks a module being loaded */

/* [-1, +1, e] require(name). Upvalues: 1 searcher, 2 loader, 3 loaded, 4 tessera. */
static int tb_require(lua_State *L) {
  const char *name = luaL_checkstring(L, 1);
  lua_settop(L, 1);
  if (strcmp(name, "tessera") == 0) {
    lua_pushvalue(L, lua_upvalueindex(4));
    return 1;
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushvalue(L, 1);
  lua_call(L, 1, 2);                                   /* 1 name, 2 path|nil, 3 message */
  if (lua_isnil(L, 2)) return luaL_error(L, "%s", lua_tostring(L, 3));
  lua_settop(L, 2);
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(3)) != LUA_TNIL) {  /* 3 cached */
    lua_pushlightuserdata(L, (void *)&tb_loadingkey);
    if (lua_rawequal(L, 3, 4))
      return luaL_error(L, "module '%s' requires itself (a require loop through %s)", name, lua_tostring(L, 2));
    lua_pop(L, 1);
    return 1;
  }
  lua_pop(L, 1);
  lua_pushvalue(L, lua_upvalueindex(2));
  lua_pushvalue(L, 2);
  lua_call(L, 1, 2);                                   /* 3 chunk|nil, 4 message */
  if (lua_isnil(L, 3)) {
    lua_settop(L, 4);
    return lua_error(L);                               /* the module's own "file:line:" */
  }
  lua_settop(L, 3);
  lua_pushvalue(L, 2);
  lua_pushlightuserdata(L, (void *)&tb_loadingkey);
  lua_rawset(L, lua_upvalueindex(3));                  /* loaded[path] = loading */
  lua_pushvalue(L, 1);
  lua_pushvalue(L, 2);
  lua_call(L, 2, 1);                                   /* 3 result */
  if (lua_isnil(L, 3)) { lua_pop(L, 1); lua_pushboolean(L, 1); }
  lua_pushvalue(L, 2);
  lua_pushvalue(L, 3);
  lua_rawset(L, lua_upvalueindex(3));                  /* loaded[path] = result */
  return 1;
}

void tb_pushrequire(lua_State *L) { lua_pushcclosure(L, tb_require, 4); }
/* }==================================================================== */

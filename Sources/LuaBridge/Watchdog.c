/*
** Watchdog.c: stopping a running call.
** An outermost tb_pcall is stopped here when its time limit passes, its instruction budget
** runs out or tb_interrupt is called (a refused allocation, Allocator.c, is the other way
** a call stops). All three end in the count hook, which raises "file:line: <reason>" on the
** Lua thread, traced there; a script that catches it gets the same error again at its next
** instruction, so the message and traceback always say where the limit was hit. The time limit counts the CPU time of the thread running the call (plus what
** host functions spend on helper threads, tb_lendcpu), so a script on a busy machine, waiting
** for a core, is not blamed for the wait; a wall-clock limit far above it (tb_wallclocklimit)
** still stops a call that waits without end. The limit costs nothing until it passes: a
** watchdog thread sleeps as long as the CPU time left (a thread's CPU clock runs no faster
** than the wall clock), reads the thread's clock, sleeps again, and once the limit has passed
** signals (SIGURG) the thread running the call, whose handler installs the hook, as lua.c does
** for Ctrl-C. The count hook also raises the memory error of a block the allocator granted past
** the cap while a stack moved (tb_hookmemory). When no watchdog thread can be made (a process out of threads), the count hook
** reads the clocks every TB_CLOCKCHECKS instructions instead, so a runaway script still
** stops. The per-thread and signal state lives only here.
*/
#include "Bridge.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>

static void tb_hook(lua_State *L, lua_Debug *ar);

/* Instructions between two clock reads of the count hook when no watchdog thread runs. */
#define TB_CLOCKCHECKS 10000
/* The shortest sleep of the watchdog: a thread that gets a sliver of a core leaves ever less
** CPU time to wait for, and the watchdog need not wake more often than this for it. */
#define TB_SHORTESTSLEEP 1000000LL
/* How long (ns of wall-clock time) a reading of a thread's CPU clock serves as the start of
** the calls that thread begins (tb_startclock). */
#define TB_CLOCKREUSE 1000000LL

/* No stack. The count of the next hook: what is left of the instruction budget (when there is
** one), at most 1,000,000, and at most TB_CLOCKCHECKS when the hook reads the clock. */
static int tb_nexthookcount(const tb_Bridge *b) {
  long long left = b->maxinstructions > 0 ? b->maxinstructions - b->executed : 1000000;
  if (left > 1000000) left = 1000000;
  if (b->clockhook && left > TB_CLOCKCHECKS) left = TB_CLOCKCHECKS;
  return (int)left;
}

/* The registry slot of the running call's stop, traced where the limit was hit (tb_tracestop);
** its message's length is the bridge's stoplength. */
static const char tb_stopkey = 'P';

/* [-1, +1, m] Replaces the stop's message on top with its traced text, as the message handler
** (Call.c) writes one: the message, then the traceback of L (from its running function: the
** script's, in the hook, or the C function raising, as the handler sees either) and, when L is a running coroutine, of
** each resumer from its script's frames out to the main thread's, innermost first, as a
** coroutine's error that escapes is traced (CarriedFrames.c). Keeps it and the message's length
** for the re-raises, and returns that length. */
static size_t tb_tracestop(lua_State *L, tb_Bridge *b) {
  luaL_Buffer buffer;
  tb_TraceOut out = {&buffer, NULL, 0, 0, "\n", 0};
  tb_Resumed *link = b->resumed;
  size_t length = lua_rawlen(L, -1);
  int saved = b->enforce;
  b->enforce = 0;                /* a few lines of text: the cap must not turn the stop into its own error */
  luaL_buffinit(L, &buffer);
  tb_traceback(&out, L, 0);
  if (link != NULL && link->co == L) {
    for (link = link->outer; link != NULL; link = link->outer)
      tb_traceback(&out, link->co, tb_scriptlevel(link->co, 0));
    tb_traceback(&out, b->L, tb_scriptlevel(b->L, 0));
  }
  luaL_pushresult(&buffer);
  lua_concat(L, 2);
  lua_pushvalue(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &tb_stopkey);
  b->enforce = saved;
  b->stoplength = length;
  return length;
}

void tb_raisestop(lua_State *L, int level) {
  tb_Bridge *b = tb_bridge(L);
  int reason = atomic_load(&b->reason);
  char text[64];
  lua_sethook(L, tb_hook, LUA_MASKCOUNT, 1);
  if (b->raisedstop != TB_STOP_NONE) {
    /* raised before and caught (pcall, a coroutine's resume): the same error, which names
    ** where the limit was hit, not this later instruction */
    lua_rawgetp(L, LUA_REGISTRYINDEX, &tb_stopkey);
    lua_pushinteger(L, (lua_Integer)b->stoplength);
    tb_hostresult(L, TB_RAISE_TRACED);
  }
  b->raisedstop = reason;
  tb_pushscriptwhere(L, level);
  if (reason == TB_STOP_TIME && atomic_load(&b->walled)) {
    char limit[32];
    snprintf(text, sizeof text, "%g", b->wallseconds);
    snprintf(limit, sizeof limit, "%g", b->seconds);
    tb_pushfmessage(L, "wall-clock limit of %s s exceeded (the time limit of %s s of CPU time had "
                    "not passed: the call waited)", text, limit);
  } else if (reason == TB_STOP_TIME) {
    snprintf(text, sizeof text, "%g", b->seconds);
    tb_pushfmessage(L, "time limit of %s s of CPU time exceeded", text);
  } else if (reason == TB_STOP_INSTRUCTIONS) {
    tb_pushfmessage(L, "instruction budget of %G exceeded", (lua_Integer)b->maxinstructions);
  } else {
    lua_pushliteral(L, "interrupted");
  }
  lua_concat(L, 2);
  lua_pushinteger(L, (lua_Integer)tb_tracestop(L, b));
  tb_hostresult(L, TB_RAISE_TRACED);
}

/* [-0, +0, -] Sets L's hook as the limits need it while no stop is due: counting the budget
** down, reading the clock, or none. A stop requested meanwhile (the signal handler set count 1
** between the read of the reason and here) keeps count 1. */
static void tb_resethook(lua_State *L, tb_Bridge *b) {
  if (b->maxinstructions <= 0 && !b->clockhook) {
    lua_sethook(L, NULL, 0, 0);
  } else {
    lua_sethook(L, tb_hook, LUA_MASKCOUNT, tb_nexthookcount(b));
  }
  if (atomic_load(&b->reason) != TB_STOP_NONE) lua_sethook(L, tb_hook, LUA_MASKCOUNT, 1);
}

/* [-0, +0, v] The count hook: raises the memory error of a block granted past the cap first
** (tb_hookmemory), counts the instruction budget down (and reads the clock when no
** watchdog thread runs), and raises "file:line: <reason>" (the running script function's
** line) once a stop reason is set. It
** stays installed with count 1 after it raised, so a script that catches the error with
** pcall is stopped again at its next instruction. Inside Tessera's prelude (bounded helper
** code) it waits for the next script instruction instead, so the error names the script. */
static void tb_hook(lua_State *L, lua_Debug *ar) {
  tb_Bridge *b = tb_bridge(L);
  int reason;
  if (b->overshoot) {
    tb_resethook(L, b);
    tb_raisememory(L);
    return;
  }
  reason = atomic_load(&b->reason);
  if (reason == TB_STOP_NONE) {
    /* the instructions since this thread's hook was set (threads' counts differ for a moment:
    ** a stop or the memory hook set count 1 on some) */
    if (b->maxinstructions > 0) b->executed += lua_gethookcount(L);
    if (b->maxinstructions > 0 && b->executed >= b->maxinstructions) {
      reason = TB_STOP_INSTRUCTIONS;
      atomic_store(&b->reason, reason);
    } else if (!(b->clockhook && tb_stopping(L))) {
      tb_resethook(L, b);
      return;
    }
  }
  if (lua_getinfo(L, "S", ar) && strcmp(ar->source, TB_PRELUDE_CHUNK) == 0) {
    lua_sethook(L, tb_hook, LUA_MASKCOUNT, 1);
    return;
  }
  tb_raisestop(L, 0);
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
    if (atomic_load(&b->firegen) == atomic_load(&b->callgen)) {
      lua_sethook(b->L, tb_hook, LUA_MASKCOUNT, 1);
      if (b->coroutine != NULL) lua_sethook(b->coroutine, tb_hook, LUA_MASKCOUNT, 1);
    }
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

static long long tb_nanoseconds(const struct timespec *ts) {
  return (long long)ts->tv_sec * 1000000000LL + ts->tv_nsec;
}

/* ts + ns (ns >= 0). */
static struct timespec tb_later(struct timespec ts, long long ns) {
  ts.tv_sec += (time_t)(ns / 1000000000LL);
  ts.tv_nsec += (long)(ns % 1000000000LL);
  if (ts.tv_nsec >= 1000000000L) { ts.tv_sec += 1; ts.tv_nsec -= 1000000000L; }
  return ts;
}

/* The CPU time left to b's call (ns): its limit less what its thread and helpers used. A
** clock that cannot be read counts as no time used, leaving the wall-clock limit to stop it. */
static long long tb_cpuleft(const tb_Bridge *b) {
  long long now = tb_readthreadclock(&b->callerclock);
  long long used = (now < 0 ? 0 : now - b->cpustart) + atomic_load(&b->lent);
  return b->cpulimit - used;
}

/* Whether b's call must stop for time, given the wall clock `now`; marks a stop at the
** wall-clock limit for the message. */
static int tb_timeup(tb_Bridge *b, const struct timespec *now) {
  if (!tb_before(now, &b->deadline)) {
    atomic_store(&b->walled, 1);
    return 1;
  }
  return tb_cpuleft(b) <= 0;
}

/* The watchdog thread (no stack) sleeps as long as the armed call's CPU time left, or until
** its wall-clock limit, whichever comes first; if the call is still running and its time is
** up then, it sends the stop signal, else it sleeps again. Arming wakes it when it sleeps
** without a deadline or past the new call's earliest end. */
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
    struct timespec now, deadline;
    long long left;
    tb_now(&now);
    if (tb_timeup(b, &now)) {
      tb_requeststop(b, TB_STOP_TIME);
      b->armed = 0;
      continue;
    }
    left = tb_cpuleft(b);
    deadline = tb_later(now, left > TB_SHORTESTSLEEP ? left : TB_SHORTESTSLEEP);
    if (tb_before(&b->deadline, &deadline)) deadline = b->deadline;
    b->wake = deadline;
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

/* The wall-clock limit of a call (s): ten times its CPU time limit, at least a minute, so only
** a call that waits (or a machine so busy the call gets under a tenth of a core) meets it. */
static double tb_wallclocklimit(const tb_Bridge *b) {
  if (b->backstop > 0) return b->backstop;
  return b->seconds * 10 > 60 ? b->seconds * 10 : 60;
}

/* This thread's CPU clock, and its reading at a wall-clock time: reading a thread's CPU clock
** is a system call (about 0.5 us), too dear for every call when a layout makes thousands. */
static _Thread_local tb_ThreadClock tb_ownclock;
static _Thread_local long long tb_ownread = -1, tb_ownreadat;

/* Sets the CPU clock and start of the call b begins at wall-clock `now`. Within
** TB_CLOCKREUSE of the last reading, the start is that reading plus the wall-clock time since,
** which the CPU time cannot have outrun: the call may run that much (at most 1 ms) longer. */
static void tb_startclock(tb_Bridge *b, const struct timespec *now) {
  long long at = tb_nanoseconds(now);
  if (tb_ownread < 0 || at - tb_ownreadat > TB_CLOCKREUSE) {
    tb_ownclock = tb_threadclock();
    tb_ownread = tb_readthreadclock(&tb_ownclock);
    tb_ownreadat = at;
    if (tb_ownread < 0) tb_ownread = 0;
  }
  b->callerclock = tb_ownclock;
  b->cpustart = tb_ownread + (at - tb_ownreadat);
}

/* Arms the limits for an outermost call on this thread; no stack. tb_running is set
** before the call becomes `active`, so no stop request can miss it. */
void tb_begincall(tb_Bridge *b) {
  tb_preparethread();
  atomic_fetch_add(&b->callgen, 1);
  atomic_store(&b->reason, TB_STOP_NONE);
  b->raisedstop = TB_STOP_NONE;
  b->refusals = 0;
  b->overshoot = 0;
  b->memwhere[0] = '\0';
  b->memtrace[0] = '\0';
  b->executed = 0;
  b->spentcounted = b->spent;
  b->coroutine = NULL;
  b->resumed = NULL;
  b->carried = 0;
  b->outer = tb_running;
  tb_running = b;
  atomic_store(&b->lent, 0);
  atomic_store(&b->walled, 0);
  pthread_mutex_lock(&b->mu);
  b->active = 1;
  b->caller = pthread_self();
  b->timed = b->seconds > 0;
  if (b->seconds > 0) {
    struct timespec now, earliest;
    b->cpulimit = (long long)(b->seconds * 1e9);
    b->wallseconds = tb_wallclocklimit(b);
    tb_now(&now);
    tb_startclock(b, &now);
    b->deadline = tb_later(now, (long long)(b->wallseconds * 1e9));
    /* the call's CPU time cannot pass before this */
    earliest = tb_later(now, b->cpulimit);
    b->armed = 1;
    if (!b->hasthread) {
      pthread_attr_t attr;
      pthread_attr_init(&attr);
      pthread_attr_setstacksize(&attr, 64 * 1024);
      b->hasthread = !b->refusethread && pthread_create(&b->thread, &attr, tb_watchdog, b) == 0;
      pthread_attr_destroy(&attr);
    } else if (b->idle || tb_before(&earliest, &b->wake)) {
      pthread_cond_signal(&b->cv);
    }
  }
  pthread_mutex_unlock(&b->mu);
  b->clockhook = b->timed && !b->hasthread;
  if (b->maxinstructions > 0 || b->clockhook) {
    lua_sethook(b->L, tb_hook, LUA_MASKCOUNT, tb_nexthookcount(b));
  }
}

void tb_hookmemory(tb_Bridge *b) {
  b->overshoot = 1;
  lua_sethook(b->L, tb_hook, LUA_MASKCOUNT, 1);
  if (b->coroutine != NULL) lua_sethook(b->coroutine, tb_hook, LUA_MASKCOUNT, 1);
}

void tb_refusewatchdog(lua_State *L, int refuse) { tb_bridge(L)->refusethread = refuse; }


/* Disarms them; no stack. After the unlock the watchdog can no longer send a signal for
** this call, and one already sent is ignored once tb_running is restored; then the hook
** goes. */
void tb_endcall(tb_Bridge *b) {
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

void tb_spend(lua_State *L, unsigned long steps) {
  tb_Bridge *b = tb_bridge(L);
  unsigned long before = b->spent;
  b->spent += steps;
  if ((before >> 12) == (b->spent >> 12) || b->depth == 0) return;
  if (b->maxinstructions > 0) {
    b->executed += (long long)(b->spent - b->spentcounted);
    b->spentcounted = b->spent;
    if (b->executed >= b->maxinstructions) {
      int none = TB_STOP_NONE;
      atomic_compare_exchange_strong(&b->reason, &none, TB_STOP_INSTRUCTIONS);
    }
  }
  if (atomic_load(&b->reason) != TB_STOP_NONE) tb_raisestop(L, 1);
}

int tb_stopping(lua_State *L) {
  tb_Bridge *b = tb_bridge(L);
  struct timespec now;
  int none = TB_STOP_NONE;
  if (atomic_load(&b->reason) != TB_STOP_NONE) return 1;
  if (b->depth == 0 || !b->timed) return 0;
  /* The limits are written on this thread by tb_begincall: no lock needed to read them. */
  tb_now(&now);
  if (!tb_timeup(b, &now)) return 0;
  atomic_compare_exchange_strong(&b->reason, &none, TB_STOP_TIME);
  return 1;
}

void tb_lendcpu(lua_State *L, long long nanoseconds) {
  if (nanoseconds > 0) atomic_fetch_add(&tb_bridge(L)->lent, nanoseconds);
}

long long tb_lentcpu(lua_State *L) {
  return atomic_load(&tb_bridge(L)->lent);
}

void tb_setwallclocklimit(lua_State *L, double seconds) {
  tb_bridge(L)->backstop = seconds > 0 ? seconds : 0;
}

int tb_laststop(lua_State *L) { return tb_bridge(L)->laststop; }

/*
** Call.c: protected calls and host functions.
** tb_pcall is lua_pcall with a traceback-adding message handler; the outermost one arms the
** limits (Watchdog.c) and lets the allocator enforce the cap (Allocator.c). A host function
** is Swift code called from Lua through a C trampoline: Swift must never be unwound by a
** Lua error, so it returns an error code and the trampoline raises here, in C, with the
** cap lifted while the Swift code runs.
** The handler records the error it made (the whole text and its message's length, in the
** registry): a nested call's error raised on (TB_RAISE_TRACED) is recorded the same way, so
** the next handler passes that exact value on and the host splits it where the message ends.
** A script's own text is never taken for one, however it reads ("x\nstack traceback:...").
*/
#include "Bridge.h"

#include <string.h>

static const char tb_tracedkey = 'T', tb_messagekey = 'M';

/* [-1, +0, -] Records the text below the top as the last traced error and the integer on top
** as its message's length (the text starts with the message; a length, not a copy, so a
** message of 50 MB is not made twice); pops the length. The keys exist from the start
** (tb_inittraced), so setting them allocates nothing. */
static void tb_recordtraced(lua_State *L) {
  lua_rawsetp(L, LUA_REGISTRYINDEX, &tb_messagekey);
  lua_pushvalue(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &tb_tracedkey);
}

void tb_inittraced(lua_State *L) {
  lua_pushboolean(L, 0);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &tb_tracedkey);
  lua_pushboolean(L, 0);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &tb_messagekey);
}

/* [-0, +0, -] Whether the value at idx is the last traced error. */
static int tb_istraced(lua_State *L, int idx) {
  int is;
  idx = lua_absindex(L, idx);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &tb_tracedkey);
  is = lua_type(L, idx) == LUA_TSTRING && lua_rawequal(L, idx, -1);
  lua_pop(L, 1);
  return is;
}

int tb_tracedmessage(lua_State *L, int idx, size_t *length) {
  if (!tb_istraced(L, idx)) return 0;
  lua_rawgetp(L, LUA_REGISTRYINDEX, &tb_messagekey);
  *length = (size_t)lua_tointeger(L, -1);
  lua_pop(L, 1);
  return 1;
}

/* [-0, +0, m] Rewrites a string message at `index` holding zero bytes with each written as
** "\0": from here on it travels as a C string (luaL_traceback), which ends at the first. */
static void tb_showzeros(lua_State *L, int index) {
  size_t n, i;
  const char *s;
  luaL_Buffer b;
  if (lua_type(L, index) != LUA_TSTRING) return;
  s = lua_tolstring(L, index, &n);
  if (strlen(s) == n) return;
  luaL_buffinit(L, &b);
  for (i = 0; i < n; i++) {
    if (s[i] == '\0') luaL_addstring(&b, "\\0");
    else luaL_addchar(&b, s[i]);
  }
  luaL_pushresult(&b);
  lua_replace(L, index);
}

/* Lua's overflow error in msg ("stack overflow", "C stack overflow"), or NULL: bare when
** raised from C, after the script's place `where` when raised in one of its functions (a
** recursion of Lua functions or metamethods); either way the handler words it once. */
static const char *tb_stackoverflow(const char *msg, const char *where) {
  size_t n = strlen(where);
  const char *text = msg;
  if (n > 0 && strncmp(msg, where, n) == 0) text = msg + n;
  return strcmp(text, "C stack overflow") == 0 || strcmp(text, "stack overflow") == 0 ? text : NULL;
}

/* [-1, +1, m] As lua.c's msghandler: a non-string error object goes through __tostring
** or is named by its type; then the traceback is appended (Traceback.c: none when no frame
** is left, so the error is its message alone), after the frames of the coroutine the error
** came from, if any (CarriedFrames.c). A message given a place gets the script's line where
** the error was raised: inside that coroutine when it came from one. Its sentences come
** from the one builder (Messages.c). */
int tb_msgh(lua_State *L) {
  const char *msg, *overflow, *where;
  int at = 1;   /* the slot of the message msg points into */
  int carried, hints;
  /* an error from a nested call (run inside a t.sections function ...) already carries its
  ** traceback: one is enough */
  if (tb_istraced(L, 1)) {
    lua_settop(L, 1);
    return 1;
  }
  lua_settop(L, 1);
  carried = tb_pushcarried(L, 1);
  if (!carried) {   /* 2: the frames of the coroutine it came from, 3: its place */
    lua_pushnil(L);
    tb_pushscriptwhere(L, 1);
  }
  where = lua_tostring(L, 3);
  if (lua_type(L, 1) == LUA_TNUMBER) {
    /* error(42): Lua gives a number no place, as error("...", 0); say where it was raised */
    lua_pushvalue(L, 3);
    lua_pushvalue(L, 1);
    lua_concat(L, 2);
    lua_replace(L, 1);
  }
  tb_showzeros(L, 1);
  msg = lua_tostring(L, 1);
  if (msg == NULL) {
    const char *what = "no value";
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) {
      /* an error object that describes itself: its text, where it was raised (lua.c gives the
      ** bare text, with no place and no traceback) */
      msg = tb_pushfmessage(L, "%s%s", where, lua_tostring(L, -1));
      at = lua_gettop(L);
    } else {
      /* error() or error({}): say where, and what a message should be */
      if (!lua_isnoneornil(L, 1)) what = tb_pushfmessage(L, "a %s value", tb_typename(L, 1));
      msg = tb_pushfmessage(L, "%serror called with %s; expected a message string", where, what);
      at = lua_gettop(L);
    }
  } else if ((overflow = tb_stackoverflow(msg, where)) != NULL) {
    msg = tb_pushfmessage(L, "%s%s (calls nested too deeply: a function that calls itself without end?)",
                          where, overflow);
    at = lua_gettop(L);
  } else if (strncmp(msg, "attempt to yield ", 17) == 0) {
    /* so do these ("... from outside a coroutine", "... across a C-call boundary") */
    msg = tb_pushfmessage(L, "%s%s", where, msg);
    at = lua_gettop(L);
  }
  /* the names a misspelt global, method or field may have meant, while its frame is live (not
  ** for an error carried from a coroutine, whose frames are gone) */
  if (carried) lua_pushnil(L);
  else tb_pushhints(L, at);
  hints = lua_gettop(L);
  {
    /* the message (up to a zero byte a described object may hold), then the traceback: one
    ** copy of the message, however long, made by the concatenation */
    luaL_Buffer buffer;
    tb_TraceOut out = {&buffer, NULL, 0, 0, "\n", 0};
    size_t length = strlen(msg);
    int level = 1;
    if (lua_rawlen(L, at) == length) lua_pushvalue(L, at);
    else lua_pushlstring(L, msg, length);
    luaL_buffinit(L, &buffer);
    if (lua_type(L, 2) == LUA_TSTRING) level = tb_putcarried(&out, L, 2, level);
    tb_traceback(&out, L, level);
    luaL_pushresult(&buffer);
    lua_concat(L, 2);
    lua_pushinteger(L, (lua_Integer)length);
  }
  tb_recordtraced(L);
  tb_recordhints(L, hints);
  return 1;
}

/* [-?, +1, -] A call that ended while a block granted past the cap still waited for the count
** hook (no Lua code ran after a host function grew a stack): its results above `base` give way
** to the memory error, which no longer has a place to name. */
static int tb_failovershoot(lua_State *L, int base) {
  tb_Bridge *b = tb_bridge(L);
  int saved = b->enforce;
  lua_settop(L, base);
  b->enforce = 0;                    /* the message is the host's, past the cap as the block */
  lua_pushliteral(L, "not enough memory");
  b->enforce = saved;
  b->overshoot = 0;
  b->refusals++;
  b->memwhere[0] = '\0';
  b->memtrace[0] = '\0';
  return LUA_ERRMEM;
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
  if (status == LUA_OK && b->overshoot) status = tb_failovershoot(L, base);
  /* why this call (outermost or nested) stopped, for tb_laststop: a limit only once its error
  ** was raised (a syntax error met while the limit passed, in a slow read, is that error) */
  b->laststop = status == LUA_OK ? TB_STOP_NONE : b->raisedstop;
  if ((status == LUA_ERRMEM || status == LUA_ERRERR) && b->refusals > 0) b->laststop = TB_STOP_MEMORY;
  if (outer) {
    tb_endcall(b);
    tb_dropcarried(L);               /* a caught coroutine error's: not kept past the call */
  }
  b->depth--;
  lua_remove(L, base);
  return status;
}


/* maxargs: the most stack slots a call may fill (self counts), or -1 for any number. */
typedef struct tb_HostCall { tb_HostFunction f; void *context; int maxargs; } tb_HostCall;

/* [-0, +0, v] Refuses the first argument past `maxargs` that is not nil (nil reads as absent,
** as an omitted optional argument does), in the one shape of argument errors, numbered as the
** caller counts (a method's self is not an argument). Out of line, so the trampoline saves no
** more registers for it. */
static TB_SLOWPATH void tb_checkarguments(lua_State *L, int maxargs) {
  int top = lua_gettop(L), slot;
  for (slot = maxargs + 1; slot <= top; slot++) {
    if (!lua_isnil(L, slot)) {
      const char *fn = lua_tostring(L, lua_upvalueindex(2));
      int self = fn != NULL && strchr(fn, ':') != NULL, most = maxargs - self;
      if (fn == NULL) fn = "tessera";
      if (most == 0)
        tb_pushfmessage(L, "absent (%s takes no arguments)", fn);
      else
        tb_pushfmessage(L, "absent (%s takes at most %d argument%s)", fn, most, most == 1 ? "" : "s");
      tb_argerror(L, slot, fn, slot - self, NULL, lua_tostring(L, -1));
    }
  }
}

/* [-?, +?, e] Runs the Swift function with the cap lifted (its allocations must not raise),
** then raises what it reported, here in C. */
static int tb_hosttrampoline(lua_State *L) {
  tb_Bridge *b = tb_bridge(L);
  tb_HostCall *call = (tb_HostCall *)lua_touserdata(L, lua_upvalueindex(1));
  int saved = b->enforce, n;
  if (b->closing) return tb_deferror(L, "the Lua host is closed; nothing can call Tessera now");
  if (call->maxargs >= 0 && lua_gettop(L) > call->maxargs) tb_checkarguments(L, call->maxargs);
  lua_State *previous;
  b->enforce = 0;
  previous = tb_enterhost(L);
  n = call->f(L, call->context);
  tb_leavehost(L, previous);
  b->enforce = saved;
  return tb_hostresult(L, n);
}

lua_State *tb_enterhost(lua_State *L) {
  tb_Bridge *b = tb_bridge(L);
  lua_State *previous = b->current;
  b->current = L;
  return previous;
}

void tb_leavehost(lua_State *L, lua_State *previous) { tb_bridge(L)->current = previous; }

lua_State *tb_current(lua_State *L) {
  tb_Bridge *b = tb_bridge(L);
  return b->current != NULL ? b->current : b->L;
}

int tb_hostresult(lua_State *L, int n) {
  if (n == TB_RAISE) {
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
    return lua_error(L);
  }
  if (n == TB_RAISE_ASIS) return lua_error(L);
  if (n == TB_RAISE_TRACED) {
    tb_recordtraced(L);
    return lua_error(L);
  }
  if (n == TB_RAISE_STOP) tb_raisestop(L, 1);
  return n;
}

void tb_pushhostfunction(lua_State *L, tb_HostFunction f, void *context, int nup) {
  tb_HostCall *call = (tb_HostCall *)lua_newuserdatauv(L, sizeof *call, 0);
  call->f = f;
  call->context = context;
  call->maxargs = -1;
  lua_insert(L, -(nup + 1));         /* the call record becomes upvalue 1 */
  lua_pushnil(L);                    /* upvalue 2 is reserved */
  lua_insert(L, -(nup + 1));
  lua_pushcclosure(L, tb_hosttrampoline, nup + TB_HOST_UPVALUES);
}

void tb_sethostarguments(lua_State *L, int maxargs) {
  tb_HostCall *call;
  lua_getupvalue(L, -1, 1);
  call = (tb_HostCall *)lua_touserdata(L, -1);
  lua_pop(L, 1);
  if (call != NULL) call->maxargs = maxargs;
}

int tb_hostarguments(lua_State *L, int idx) {
  tb_HostCall *call;
  int maxargs = -1;
  idx = lua_absindex(L, idx);
  if (lua_tocfunction(L, idx) != tb_hosttrampoline) return -1;
  lua_getupvalue(L, idx, 1);
  call = (tb_HostCall *)lua_touserdata(L, -1);
  if (call != NULL) maxargs = call->maxargs;
  lua_pop(L, 1);
  return maxargs;
}

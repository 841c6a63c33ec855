/*
** Messages.c: one builder for every error message the bridge composes.
** tb_pushfmessage is lua_pushfstring with three more directives (%N a number as messages show
** it, %G a count, %v the value in a stack slot as a message describes it), so C messages and
** the Swift host's (which calls tb_formatnumber, and NumberText.grouped for counts) print
** numbers alike: "%.14g" for finite values (no float noise: 0.1 + 0.2 reads 0.3), and "nan",
** "inf", "-inf" on every platform; counts with their digits grouped ("12,345"). Each error
** is "file:line: " + such a message, the place being the calling script line (tb_deferror,
** luaL_error's role), where a script function was defined (tb_functionerror: what it
** returned is wrong) or any place the caller pushed (tb_errorwhere: the limits' stops).
** Only the standard library's replacements (Patterns.c, Tables.c, Guards.c) keep lauxlib's
** own argument checks, so their argument errors read exactly as Lua's.
** A ctx method given nil gets a hint after its argument error (tb_nilhint), here and in the
** Swift checks alike: a field an item lacks reads as nil, the usual beginner's cause. A caller
** that knows the cause better gives its own hint instead (tb_hintedargerror, ctx.set's index),
** so every argument error, hinted or not, has one shape and one builder.
** Values are named here too (tb_typename): an item of ctx:item (Items.c) is told apart by
** its __name, so Items.c builds on this file and not the other way round.
*/
#include "Bridge.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int tb_isitem(lua_State *L, int idx) {
  int is = 0, type;
  if (lua_type(L, idx) != LUA_TLIGHTUSERDATA) return 0;   /* items are light userdata (Items.c) */
  type = luaL_getmetafield(L, idx, "__name");       /* pushes nothing when there is none */
  if (type != LUA_TNIL) {
    is = type == LUA_TSTRING && strcmp(lua_tostring(L, -1), TB_ITEMNAME) == 0;
    lua_pop(L, 1);
  }
  return is;
}

const char *tb_typename(lua_State *L, int idx) {
  return tb_isitem(L, idx) ? TB_ITEMNAME : luaL_typename(L, idx);
}

void tb_formatnumber(double v, char *out, size_t size) {
  if (isnan(v)) snprintf(out, size, "nan");
  else if (isinf(v)) snprintf(out, size, "%s", v > 0 ? "inf" : "-inf");
  else snprintf(out, size, "%.14g", v);
}

void tb_formatgrouped(lua_Integer n, char *out, size_t size) {
  char digits[24], text[32];
  lua_Unsigned magnitude = n < 0 ? 0u - (lua_Unsigned)n : (lua_Unsigned)n;   /* no overflow at the minimum */
  int count = snprintf(digits, sizeof digits, "%llu", (unsigned long long)magnitude), k, at = 0;
  if (n < 0) text[at++] = '-';
  for (k = 0; k < count; k++) {
    if (k > 0 && (count - k) % 3 == 0) text[at++] = ',';
    text[at++] = digits[k];
  }
  text[at] = '\0';
  snprintf(out, size, "%s", text);
}

void tb_pushnumbertext(lua_State *L, double v) {
  char text[32];
  tb_formatnumber(v, text, sizeof text);
  lua_pushstring(L, text);
}

void tb_pushvaluetext(lua_State *L, int idx) {
  if (lua_type(L, idx) == LUA_TNUMBER) tb_pushnumbertext(L, lua_tonumber(L, idx));
  else lua_pushstring(L, tb_typename(L, idx));
}

/* [-0, +1, m] Pushes fmt with its arguments: %s (a C string), %d (int), %I (lua_Integer),
** %G (lua_Integer, a count, as tb_formatgrouped writes it), %N (double, as number text), %v
** (int: an absolute stack slot at or below `top`, as tb_pushvaluetext describes it), %%. */
static void tb_pushmessage(lua_State *L, int top, const char *fmt, va_list ap) {
  int pieces = 0;
  luaL_checkstack(L, 40, "error message");
  lua_pushliteral(L, "");
  pieces++;
  while (*fmt) {
    const char *percent = strchr(fmt, '%');
    if (percent == NULL) { lua_pushstring(L, fmt); pieces++; break; }
    lua_pushlstring(L, fmt, (size_t)(percent - fmt));
    pieces++;
    switch (percent[1]) {
      case 's': { const char *s = va_arg(ap, const char *); lua_pushstring(L, s ? s : "(null)"); break; }
      case 'd': lua_pushfstring(L, "%d", va_arg(ap, int)); break;
      case 'I': lua_pushfstring(L, "%I", (LUAI_UACINT)va_arg(ap, lua_Integer)); break;
      case 'G': {
        char text[32];
        tb_formatgrouped(va_arg(ap, lua_Integer), text, sizeof text);
        lua_pushstring(L, text);
        break;
      }
      case 'N': tb_pushnumbertext(L, va_arg(ap, double)); break;
      case 'v': {
        int idx = va_arg(ap, int);   /* slots above the caller's top hold our pieces, not arguments */
        if (idx > top) lua_pushliteral(L, "no value"); else tb_pushvaluetext(L, idx);
        break;
      }
      case '%': lua_pushliteral(L, "%"); break;
      default: lua_pushlstring(L, percent, percent[1] ? 2 : 1); break;
    }
    pieces++;
    if (pieces >= 32) { lua_concat(L, pieces); pieces = 1; }
    fmt = percent[1] ? percent + 2 : percent + 1;
  }
  lua_concat(L, pieces);
}

const char *tb_pushfmessage(lua_State *L, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  tb_pushmessage(L, lua_gettop(L), fmt, ap);
  va_end(ap);
  return lua_tostring(L, -1);
}

/* [-2, +0, v] Raises the "file:line: " and the message on top, joined. */
static int tb_raise(lua_State *L) {
  lua_concat(L, 2);
  return lua_error(L);
}

int tb_errorwhere(lua_State *L, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  tb_pushmessage(L, lua_gettop(L) - 1, fmt, ap);   /* %v never names the place below it */
  va_end(ap);
  return tb_raise(L);
}

int tb_deferror(lua_State *L, const char *fmt, ...) {
  va_list ap;
  int top = lua_gettop(L);
  luaL_where(L, 1);
  va_start(ap, fmt);
  tb_pushmessage(L, top, fmt, ap);
  va_end(ap);
  return tb_raise(L);
}

int tb_functionerror(lua_State *L, int fidx, const char *fmt, ...) {
  va_list ap;
  lua_Debug ar;
  int top = lua_gettop(L);
  lua_pushvalue(L, fidx);
  if (lua_getinfo(L, ">S", &ar) && ar.linedefined > 0)
    lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.linedefined);
  else
    lua_pushliteral(L, "");
  va_start(ap, fmt);
  tb_pushmessage(L, top, fmt, ap);
  va_end(ap);
  return tb_raise(L);
}

const char *tb_nilhint(lua_State *L, int idx, const char *fn) {
  int ctx = fn != NULL && strncmp(fn, "ctx", 3) == 0 && (fn[3] == ':' || fn[3] == '.');
  return ctx && lua_type(L, idx) == LUA_TNIL ? " (a variable never set, or an item field that is misspelt or missing, reads as nil)" : "";
}

int tb_argerror(lua_State *L, int arg, const char *fn, int n, const char *name, const char *expected) {
  return tb_hintedargerror(L, arg, fn, n, name, expected, NULL);
}

int tb_hintedargerror(lua_State *L, int arg, const char *fn, int n, const char *name, const char *expected,
                      const char *hint) {
  arg = lua_absindex(L, arg);
  if (hint == NULL) hint = tb_nilhint(L, arg, fn);
  if (name != NULL && *name)
    return tb_deferror(L, "%s: argument #%d (%s) must be %s, got %v%s", fn, n, name, expected, arg, hint);
  return tb_deferror(L, "%s: argument #%d must be %s, got %v%s", fn, n, expected, arg, hint);
}

int tb_itemindexerror(lua_State *L, int arg, const char *fn, int n, lua_Integer count) {
  return tb_hinteditemindexerror(L, arg, fn, n, count, NULL);
}

int tb_hinteditemindexerror(lua_State *L, int arg, const char *fn, int n, lua_Integer count, const char *hint) {
  arg = lua_absindex(L, arg);   /* before the range below is pushed */
  if (count > 0) return tb_hintedargerror(L, arg, fn, n, "i", tb_pushfmessage(L, "an item index in 1..%I", count), hint);
  return tb_hintedargerror(L, arg, fn, n, "i", "an item index", " (" TB_EMPTYDATA ")");
}

void tb_pushscriptwhere(lua_State *L, int level) { tb_pushscriptwherein(L, L, level); }

void tb_pushscriptwherein(lua_State *L, lua_State *co, int level) {
  lua_Debug ar;
  for (; lua_getstack(co, level, &ar); level++) {
    if (lua_getinfo(co, "Sl", &ar) && ar.currentline > 0 && !tb_ownchunk(ar.source)) {
      lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
      return;
    }
  }
  lua_pushliteral(L, "");
}

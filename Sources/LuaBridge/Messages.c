/*
** Messages.c: one shape for every error message the bridge builds.
** tb_deferror is luaL_error with two more directives (%N a number as messages show it, %v
** the value in a stack slot as a message describes it), so C messages and the Swift host's
** (which calls tb_formatnumber) print numbers alike: "%.14g" for finite values (no float
** noise: 0.1 + 0.2 reads 0.3), and "nan", "inf", "-inf" on every platform.
*/
#include "Bridge.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void tb_formatnumber(double v, char *out, size_t size) {
  if (isnan(v)) snprintf(out, size, "nan");
  else if (isinf(v)) snprintf(out, size, "%s", v > 0 ? "inf" : "-inf");
  else snprintf(out, size, "%.14g", v);
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
** %N (double, as number text), %v (int: an absolute stack slot, as tb_pushvaluetext), %%. */
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

int tb_deferror(lua_State *L, const char *fmt, ...) {
  va_list ap;
  int top = lua_gettop(L);
  luaL_where(L, 1);
  va_start(ap, fmt);
  tb_pushmessage(L, top, fmt, ap);
  va_end(ap);
  lua_concat(L, 2);
  return lua_error(L);
}

int tb_argerror(lua_State *L, int arg, const char *fn, int n, const char *name, const char *expected) {
  arg = lua_absindex(L, arg);
  if (name != NULL && *name)
    return tb_deferror(L, "%s: argument #%d (%s) must be %s, got %v", fn, n, name, expected, arg);
  return tb_deferror(L, "%s: argument #%d must be %s, got %v", fn, n, expected, arg);
}

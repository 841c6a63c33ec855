/*
** Patterns.c: string.find, string.match, string.gmatch and string.gsub with a matcher that
** can be stopped.
** Lua's own matcher is C code that never returns to the VM, so neither the count hook nor the
** watchdog's hook can stop it: string.find(string.rep("a", 20000), string.rep(".-", 12) .. "b")
** backtracks for minutes. This matcher implements the same pattern language (Lua 5.4 manual
** §6.4.1: classes, sets, the quantifiers * + - ?, anchors, captures and position captures, %b,
** %f, back references) by backtracking as Lua does, and every 4096 steps it looks at the
** bridge's stop reason: once the time limit has passed (or the call was interrupted, or the
** instruction budget, which matcher steps count against, ran out), it raises the same
** "file:line: time limit of N s of CPU time exceeded" error the hook raises.
** Recursion is bounded as in Lua (200 levels: "pattern too complex"). A plain find (no
** specials, or `plain`) uses memmem, linear in the subject.
*/
#define _GNU_SOURCE   /* memmem */
#include "Bridge.h"

#include <ctype.h>
#include <string.h>

#define TB_MAXCAPTURES 32
#define TB_MAXMATCHDEPTH 200
#define TB_CAP_UNFINISHED (-1)
#define TB_CAP_POSITION (-2)
#define TB_TICKMASK 0xFFFu

typedef struct tb_Match {
  const char *src, *srcend, *pend;
  lua_State *L;
  int depth;
  int level;
  struct { const char *init; ptrdiff_t len; } cap[TB_MAXCAPTURES];
} tb_Match;

static int tb_uchar(char c) { return (unsigned char)c; }

/* Each step counts (tb_spend): every 4096 the stop reason is looked at. */
static void tb_tick(tb_Match *m) { tb_spend(m->L, 1); }

/* The end of the single-character class starting at p. */
static const char *tb_classend(tb_Match *m, const char *p) {
  char c = *p++;
  if (c == '%') {
    if (p >= m->pend) tb_deferror(m->L, "malformed pattern (ends with '%%')");
    return p + 1;
  }
  if (c == '[') {
    if (*p == '^') p++;
    do {   /* the first character of a set is never its end, so "[]]" holds ']' */
      if (p >= m->pend) tb_deferror(m->L, "malformed pattern (missing ']')");
      if (*(p++) == '%' && p < m->pend) p++;
    } while (*p != ']');
    return p + 1;
  }
  return p;
}

/* Whether c is in class %cl (upper case: the complement); other characters match themselves. */
static int tb_inclass(int c, int cl) {
  int in;
  switch (tolower(cl)) {
    case 'a': in = isalpha(c); break;
    case 'c': in = iscntrl(c); break;
    case 'd': in = isdigit(c); break;
    case 'g': in = isgraph(c); break;
    case 'l': in = islower(c); break;
    case 'p': in = ispunct(c); break;
    case 's': in = isspace(c); break;
    case 'u': in = isupper(c); break;
    case 'w': in = isalnum(c); break;
    case 'x': in = isxdigit(c); break;
    case 'z': in = c == 0; break;   /* deprecated, still in 5.4: the zero byte */
    default: return cl == c;
  }
  return isupper(cl) ? !in : in != 0;
}

/* Whether c is in the set [p .. close], p at '[' and close at its ']'. */
static int tb_inset(int c, const char *p, const char *close) {
  int inside = 1;
  p++;
  if (*p == '^') { inside = 0; p++; }
  while (p < close) {
    if (*p == '%' && p + 1 < close) {
      if (tb_inclass(c, tb_uchar(p[1]))) return inside;
      p += 2;
    } else if (p[1] == '-' && p + 2 < close) {
      if (tb_uchar(p[0]) <= c && c <= tb_uchar(p[2])) return inside;
      p += 3;
    } else {
      if (tb_uchar(*p) == c) return inside;
      p++;
    }
  }
  return !inside;
}

/* Whether the character at s matches the single class [p, ep). */
static int tb_single(tb_Match *m, const char *s, const char *p, const char *ep) {
  int c;
  if (s >= m->srcend) return 0;
  c = tb_uchar(*s);
  switch (*p) {
    case '.': return 1;
    case '%': return tb_inclass(c, tb_uchar(p[1]));
    case '[': return tb_inset(c, p, ep - 1);
    default: return tb_uchar(*p) == c;
  }
}

static const char *tb_match(tb_Match *m, const char *s, const char *p);

/* Longest run first, then shorter ones (for * and +). */
static const char *tb_maxexpand(tb_Match *m, const char *s, const char *p, const char *ep) {
  ptrdiff_t n = 0;
  while (tb_single(m, s + n, p, ep)) { n++; tb_tick(m); }
  for (; n >= 0; n--) {
    const char *end = tb_match(m, s + n, ep + 1);
    if (end != NULL) return end;
  }
  return NULL;
}

/* Shortest run first (for -). */
static const char *tb_minexpand(tb_Match *m, const char *s, const char *p, const char *ep) {
  for (;;) {
    const char *end = tb_match(m, s, ep + 1);
    if (end != NULL) return end;
    if (!tb_single(m, s, p, ep)) return NULL;
    s++;
  }
}

static const char *tb_opencapture(tb_Match *m, const char *s, const char *p, ptrdiff_t what) {
  const char *end;
  if (m->level >= TB_MAXCAPTURES) tb_deferror(m->L, "too many captures");
  m->cap[m->level].init = s;
  m->cap[m->level].len = what;
  m->level++;
  end = tb_match(m, s, p);
  if (end == NULL) m->level--;
  return end;
}

static const char *tb_closecapture(tb_Match *m, const char *s, const char *p) {
  int k;
  const char *end;
  for (k = m->level - 1; k >= 0 && m->cap[k].len != TB_CAP_UNFINISHED; k--) {}
  if (k < 0) tb_deferror(m->L, "invalid pattern capture");
  m->cap[k].len = s - m->cap[k].init;
  end = tb_match(m, s, p);
  if (end == NULL) m->cap[k].len = TB_CAP_UNFINISHED;
  return end;
}

/* %bxy: a balanced run from x to its matching y. */
static const char *tb_balance(tb_Match *m, const char *s, const char *p) {
  int open, close, depth = 1;
  if (p + 1 >= m->pend) tb_deferror(m->L, "malformed pattern (missing arguments to '%%b')");
  if (s >= m->srcend || *s != *p) return NULL;
  open = *p;
  close = p[1];
  while (++s < m->srcend) {
    if (*s == close) { if (--depth == 0) return s + 1; }
    else if (*s == open) depth++;
  }
  return NULL;
}

/* %1 .. %9: the text of an earlier, closed capture again. */
static const char *tb_backref(tb_Match *m, const char *s, int digit) {
  int k = digit - '1';
  size_t len;
  if (k < 0 || k >= m->level || m->cap[k].len == TB_CAP_UNFINISHED)
    tb_deferror(m->L, "invalid capture index %%%d", k + 1);
  len = (size_t)m->cap[k].len;
  if ((size_t)(m->srcend - s) >= len && memcmp(m->cap[k].init, s, len) == 0) return s + len;
  return NULL;
}

/* Matches pattern p at s; the end of the match, or NULL. */
static const char *tb_match(tb_Match *m, const char *s, const char *p) {
  if (++m->depth > TB_MAXMATCHDEPTH) tb_deferror(m->L, "pattern too complex");
  tb_tick(m);
  while (s != NULL && p < m->pend) {
    const char *ep;
    if (*p == '(') {
      s = p + 1 < m->pend && p[1] == ')' ? tb_opencapture(m, s, p + 2, TB_CAP_POSITION)
                                         : tb_opencapture(m, s, p + 1, TB_CAP_UNFINISHED);
      break;
    }
    if (*p == ')') { s = tb_closecapture(m, s, p + 1); break; }
    if (*p == '$' && p + 1 == m->pend) { if (s != m->srcend) s = NULL; break; }
    if (*p == '%' && p[1] == 'b') {
      s = tb_balance(m, s, p + 2);
      p += 4;
      continue;
    }
    if (*p == '%' && p[1] == 'f') {
      int before, at;
      p += 2;
      if (*p != '[') tb_deferror(m->L, "missing '[' after '%%f' in pattern");
      ep = tb_classend(m, p);
      before = s == m->src ? 0 : tb_uchar(s[-1]);
      at = s < m->srcend ? tb_uchar(*s) : 0;
      if (tb_inset(before, p, ep - 1) || !tb_inset(at, p, ep - 1)) s = NULL;
      p = ep;
      continue;
    }
    if (*p == '%' && isdigit(tb_uchar(p[1]))) {
      s = tb_backref(m, s, tb_uchar(p[1]));
      p += 2;
      continue;
    }
    ep = tb_classend(m, p);
    if (!tb_single(m, s, p, ep)) {
      if (*ep == '*' || *ep == '?' || *ep == '-') { p = ep + 1; continue; }
      s = NULL;
      break;
    }
    if (*ep == '?') {
      const char *end = tb_match(m, s + 1, ep + 1);
      if (end != NULL) { s = end; break; }
      p = ep + 1;
      continue;
    }
    if (*ep == '+') { s = tb_maxexpand(m, s + 1, p, ep); break; }
    if (*ep == '*') { s = tb_maxexpand(m, s, p, ep); break; }
    if (*ep == '-') { s = tb_minexpand(m, s, p, ep); break; }
    s++;
    p = ep;
  }
  m->depth--;
  return s;
}

static void tb_prepare(tb_Match *m, lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
  m->L = L;
  m->src = s;
  m->srcend = s + ls;
  m->pend = p + lp;
  m->depth = 0;
  m->level = 0;
}

/* [-0, +1, m] Capture k of the match [s, e); capture 0 is the whole match when there are none. */
static void tb_pushcapture(tb_Match *m, int k, const char *s, const char *e) {
  if (k >= m->level) {
    if (k != 0) tb_deferror(m->L, "invalid capture index %%%d", k + 1);
    lua_pushlstring(m->L, s, (size_t)(e - s));
    return;
  }
  if (m->cap[k].len == TB_CAP_UNFINISHED) tb_deferror(m->L, "unfinished capture");
  if (m->cap[k].len == TB_CAP_POSITION)
    lua_pushinteger(m->L, (lua_Integer)(m->cap[k].init - m->src) + 1);
  else
    lua_pushlstring(m->L, m->cap[k].init, (size_t)m->cap[k].len);
}

/* [-0, +n, m] Every capture (the whole match when there are none and s is not NULL). */
static int tb_pushcaptures(tb_Match *m, const char *s, const char *e) {
  int k, n = m->level == 0 && s != NULL ? 1 : m->level;
  luaL_checkstack(m->L, n, "too many captures");
  for (k = 0; k < n; k++) tb_pushcapture(m, k, s, e);
  return n;
}

/* A 1-based start position (negative counts from the end) as a 0-based offset. */
static size_t tb_startoffset(lua_Integer pos, size_t len) {
  if (pos > 0) return (size_t)pos - 1;
  if (pos == 0 || pos < -(lua_Integer)len) return 0;
  return len + (size_t)pos;
}

static int tb_hasspecials(const char *p, size_t lp) {
  size_t k;
  for (k = 0; k < lp; k++)
    if (strchr("^$*+?.([%-", p[k]) != NULL && p[k] != '\0') return 1;
  return 0;
}

static int tb_findormatch(lua_State *L, int find) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  size_t init = tb_startoffset(luaL_optinteger(L, 3, 1), ls);
  tb_Match m;
  const char *at;
  int anchored;
  if (init > ls) { lua_pushnil(L); return 1; }
  if (find && (lua_toboolean(L, 4) || !tb_hasspecials(p, lp))) {
    const char *hit = NULL;
    /* memmem is linear in the subject (two-way), where a naive scan is subject x pattern */
    if (lp == 0) hit = s + init;
    else hit = memmem(s + init, ls - init, p, lp);
    if (hit == NULL) { lua_pushnil(L); return 1; }
    lua_pushinteger(L, (lua_Integer)(hit - s) + 1);
    lua_pushinteger(L, (lua_Integer)(hit - s + lp));
    return 2;
  }
  anchored = *p == '^';
  if (anchored) { p++; lp--; }
  tb_prepare(&m, L, s, ls, p, lp);
  at = s + init;
  do {
    const char *end;
    m.level = 0;
    m.depth = 0;
    end = tb_match(&m, at, p);
    if (end != NULL) {
      if (!find) return tb_pushcaptures(&m, at, end);
      lua_pushinteger(L, (lua_Integer)(at - s) + 1);
      lua_pushinteger(L, (lua_Integer)(end - s));
      return tb_pushcaptures(&m, NULL, NULL) + 2;
    }
  } while (at++ < m.srcend && !anchored);
  lua_pushnil(L);
  return 1;
}

static int tb_find(lua_State *L) { return tb_findormatch(L, 1); }
static int tb_matchfn(lua_State *L) { return tb_findormatch(L, 0); }

/* gmatch's iterator state, a userdata kept as upvalue 3 (upvalues 1 and 2 keep the subject
** and the pattern alive). */
typedef struct tb_GMatch {
  const char *at, *last;
  tb_Match m;
} tb_GMatch;

static int tb_gmatchstep(lua_State *L) {
  tb_GMatch *g = (tb_GMatch *)lua_touserdata(L, lua_upvalueindex(3));
  const char *p = lua_tostring(L, lua_upvalueindex(2));
  g->m.L = L;   /* the iterator may run on another coroutine than gmatch did */
  for (; g->at <= g->m.srcend; g->at++) {
    const char *end;
    g->m.level = 0;
    g->m.depth = 0;
    end = tb_match(&g->m, g->at, p);
    if (end != NULL && end != g->last) {
      const char *start = g->at;
      g->at = g->last = end;
      return tb_pushcaptures(&g->m, start, end);
    }
  }
  return 0;
}

static int tb_gmatch(lua_State *L) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  size_t init = tb_startoffset(luaL_optinteger(L, 3, 1), ls);
  tb_GMatch *g;
  lua_settop(L, 2);
  g = (tb_GMatch *)lua_newuserdatauv(L, sizeof *g, 0);
  if (init > ls) init = ls + 1;   /* start past the end: no matches */
  tb_prepare(&g->m, L, s, ls, p, lp);
  g->at = s + init;
  g->last = NULL;
  lua_pushcclosure(L, tb_gmatchstep, 3);
  return 1;
}

/* Appends the replacement of the match [s, e) to the buffer (gsub's repl at slot 3). */
static void tb_addreplacement(tb_Match *m, luaL_Buffer *buffer, const char *s, const char *e, int kind) {
  lua_State *L = m->L;
  if (kind == LUA_TFUNCTION) {
    int n;
    lua_pushvalue(L, 3);
    n = tb_pushcaptures(m, s, e);
    lua_call(L, n, 1);
  } else if (kind == LUA_TTABLE) {
    tb_pushcapture(m, 0, s, e);
    lua_gettable(L, 3);
  } else {
    size_t l, k;
    const char *repl = lua_tolstring(L, 3, &l);
    for (k = 0; k < l; k++) {
      if (repl[k] != '%') { luaL_addchar(buffer, repl[k]); continue; }
      k++;
      if (k < l && repl[k] == '%') luaL_addchar(buffer, '%');
      else if (k < l && isdigit(tb_uchar(repl[k]))) {
        if (repl[k] == '0') luaL_addlstring(buffer, s, (size_t)(e - s));
        else {
          tb_pushcapture(m, repl[k] - '1', s, e);
          luaL_tolstring(L, -1, NULL);
          lua_remove(L, -2);
          luaL_addvalue(buffer);
        }
      } else {
        tb_deferror(L, "invalid use of '%%' in replacement string");
      }
    }
    return;
  }
  if (!lua_toboolean(L, -1)) {          /* nil or false: keep the original text */
    lua_pop(L, 1);
    luaL_addlstring(buffer, s, (size_t)(e - s));
  } else if (!lua_isstring(L, -1)) {
    tb_deferror(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
  } else {
    luaL_addvalue(buffer);
  }
}

static int tb_gsub(lua_State *L) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  int kind = lua_type(L, 3);
  lua_Integer most = luaL_optinteger(L, 4, (lua_Integer)ls + 1), n = 0;
  const char *last = NULL;
  int anchored = *p == '^';
  tb_Match m;
  luaL_Buffer buffer;
  luaL_argexpected(L, kind == LUA_TNUMBER || kind == LUA_TSTRING || kind == LUA_TFUNCTION || kind == LUA_TTABLE,
                   3, "string/function/table");
  luaL_buffinit(L, &buffer);
  if (anchored) { p++; lp--; }
  tb_prepare(&m, L, s, ls, p, lp);
  while (n < most) {
    const char *end;
    m.level = 0;
    m.depth = 0;
    end = tb_match(&m, s, p);
    if (end != NULL && end != last) {
      n++;
      tb_addreplacement(&m, &buffer, s, end, kind);
      s = last = end;
    } else if (s < m.srcend) {
      luaL_addchar(&buffer, *s++);
    } else {
      break;
    }
    if (anchored) break;
  }
  luaL_addlstring(&buffer, s, (size_t)(m.srcend - s));
  luaL_pushresult(&buffer);
  lua_pushinteger(L, n);
  return 2;
}

void tb_openpatterns(lua_State *L) {
  static const luaL_Reg functions[] = {
    { "find", tb_find }, { "match", tb_matchfn }, { "gmatch", tb_gmatch }, { "gsub", tb_gsub }, { NULL, NULL }
  };
  lua_getglobal(L, "string");
  luaL_setfuncs(L, functions, 0);
  lua_pop(L, 1);
}

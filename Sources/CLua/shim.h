/* Lua 5.4's headers. Debian's liblua5.4-dev puts them in /usr/include/lua5.4, found here by
** that name (on Linux no pkg-config flags are used: see Package.swift); elsewhere pkg-config's
** -I (`pkg-config --cflags lua5.4`) finds them. */
#if defined(__has_include)
#if __has_include(<lua5.4/lua.h>)
#define TB_LUA_HEADERS_IN_LUA54 1
#endif
#endif

#ifdef TB_LUA_HEADERS_IN_LUA54
#include <lua5.4/lua.h>
#include <lua5.4/lualib.h>
#include <lua5.4/lauxlib.h>
#else
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>
#endif

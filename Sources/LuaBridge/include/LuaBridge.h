#ifndef TESSERA_LUABRIDGE_H
#define TESSERA_LUABRIDGE_H
/* The C bridge between Lua and Swift. Built out by the Lua scripting work. */
#include <lua.h>
#endif

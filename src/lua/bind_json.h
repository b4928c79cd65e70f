/*
** bind_json.h - varia.json: Lua values to JSON and back (json.c's reader
** and writer), for trusted Lua code (the lab, `varia run` scripts).
*/
#ifndef varia_bind_json_h
#define varia_bind_json_h

#include <lua.h>

/* Pushes the table {encode = ..., decode = ...}. */
void bind_json_push(lua_State *L);

#endif

/*
** charged.h - the library functions that could loop long in C on a
** script's behalf, made to pay the instruction budget for their work
** (sandbox_charge) and to stop at Ctrl-C.
*/
#ifndef varia_charged_h
#define varia_charged_h

#include <lua.h>

/* Replaces, in the global string, table and utf8 libraries and the base
** functions, every function whose work is not paid for by the VM
** instructions or the memory it takes. Variant scripts copy these tables,
** and reach the string library through strings' metatable: one set of
** functions serves both. [-0, +0, m] */
void charged_open(lua_State *L);

#endif

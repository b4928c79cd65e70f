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

/* One method that sandboxed code can call, in the one table of its object
** type (the game's in binding.c, the hook position's in rulehooks.c):
** its name, its function, what its work costs in instructions, paid
** before it runs while a budget runs (work that grows with an argument,
** a list's length or the board's size, is paid by the method on top), and
** which hooks may call it (a mask of the object type's; 0: any). Every
** entry is written with CHARGED_METHOD, whose four arguments are all
** required: a method without a cost does not build. */
typedef struct ChargedMethod {
  const char *name;
  lua_CFunction func;
  long cost; /* > 0, or CHARGED_REFUSED: not callable under a budget */
  int may;
} ChargedMethod;
#define CHARGED_REFUSED (-1L)
#define CHARGED_METHOD(name, func, cost, may) {name, func, cost, may}
#define CHARGED_END {NULL, NULL, 0, 0}

/* The first method of list (ended by CHARGED_END) whose cost is neither
** positive nor CHARGED_REFUSED, or NULL: tests/unit/test_sandbox.c holds
** every registry to it, and charged_push_methods refuses such a list. */
const ChargedMethod *charged_uncosted(const ChargedMethod *list);

/* Pushes a table of the methods of list, each a closure of call with
** upvalues 1 the method's function, 2 its cost, 3 its name, 4 what may
** call it, CHARGED_UPVALUE_ENTRY its entry of list (a light userdata: the
** four at once, without a conversion each) and CHARGED_UPVALUE_WITH nil;
** call charges and checks, then runs the function. list must outlive the
** state (a static registry). Raises when a method has no cost.
** [-0, +1, m] */
void charged_push_methods(lua_State *L, const ChargedMethod *list, lua_CFunction call);
/* The same with the value at index with as upvalue CHARGED_UPVALUE_WITH
** (the object type's metatable, for a check of the object without a
** registry lookup). [-0, +1, m] */
void charged_push_methods_with(lua_State *L, const ChargedMethod *list, lua_CFunction call, int with);
#define CHARGED_UPVALUE_ENTRY 5
#define CHARGED_UPVALUE_WITH 6

#endif

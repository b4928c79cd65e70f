/*
** rulehooks.h - rules a variant script writes as functions (the `hooks`
** table of a variant), given to the core as its RuleHooks, and the
** position they are handed (docs/api.md, "Rule hooks").
*/
#ifndef varia_rulehooks_h
#define varia_rulehooks_h

#include <lua.h>

#include "variant.h"

/* Reads the hooks table at index idx of L (a variant table's `hooks`)
** for variant v: checks every field, and returns the core's RuleHooks,
** kept alive by the registry until rules_free(); NULL without a hooks
** table. On a problem returns NULL with *bad set and err filled. Runs
** inside the variant's compiling (may raise on memory). */
RuleHooks *rules_new(lua_State *L, int idx, const Variant *v, int *bad, char *err, size_t errlen);
void rules_free(lua_State *L, RuleHooks *r);
/* Around each method or command that may run the hooks. The outermost
** enter chooses the thread the hooks run on (the caller's) and forgets an
** earlier failure; a failure stands until then, so that the outermost
** caller reports it. */
void rules_enter(RuleHooks *r, lua_State *L);
void rules_leave(RuleHooks *r);
/* The failure that stopped the hooks since rules_enter(), or NULL. */
const char *rules_failure(const RuleHooks *r);

#endif

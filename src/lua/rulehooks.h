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
/* Before each method or command that may run the hooks (not while they
** run, nor inside a game's own hooks): the hooks run on the caller's
** thread, and an earlier failure is forgotten. */
void rules_enter(RuleHooks *r, lua_State *L);
/* The same for any variant (nothing without hooks). */
static inline void rules_begin(const Variant *v, lua_State *L) {
  if (v->rules) rules_enter(v->rules, L);
}
/* The failure that stopped the hooks since rules_enter(), or NULL. */
const char *rules_failure(const RuleHooks *r);
static inline const char *rules_failed(const Variant *v) {
  return v->rules ? rules_failure(v->rules) : NULL;
}

/* The registry of the hook position's methods (charged.h), for the test
** that every method has a cost. */
struct ChargedMethod;
const struct ChargedMethod *rules_methods(void);

#endif

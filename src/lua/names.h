/*
** names.h - what other programs call varia's variants.
**
** A variant script declares the names other programs use for its variant
** (its `names` table: XBoard's name, the names other tools write in PGN
** [Variant] tags, the variant whose shuffled start form it is). The compiled
** Variant holds them (Variant.names), which answers "what does XBoard call
** this variant". The reverse, "which variant does this other name mean",
** needs the declarations of every script: an index of all the scripts
** varia can list, built on the first question and kept in the state's
** registry, so that a state runs each script for it once.
**
** The strings returned live in that index, in the registry, for as long
** as the state.
*/
#ifndef varia_names_h
#define varia_names_h

#include <stddef.h>

#include <lua.h>

/* A name as PGN tags are compared: without case, spaces, hyphens,
** underscores or dots ("Three-check" is "threecheck"). */
void names_compare_form(const char *name, char *out, size_t len);

/* The variant (a script's name) that declares a PGN name or an XBoard
** name whose compared form is form; NULL when none does. [-0, +0, m] */
const char *names_by_pgn(lua_State *L, const char *form);

/* The variant that declares xboard as its XBoard name (compared exactly,
** as XBoard sends it); NULL when none does. [-0, +0, m] */
const char *names_by_xboard(lua_State *L, const char *xboard);

/* The variant that declares itself the shuffled start (Chess960) form of
** the variant named (names.shuffled_from); NULL when none. Plain script
** names (no options). [-0, +0, m] */
const char *names_shuffled(lua_State *L, const char *variant);

/* The variant that declares alias among its names.aliases (compared
** exactly); NULL when none does. [-0, +0, m] */
const char *names_by_alias(lua_State *L, const char *alias);

/* script_require(L, spec, NULL) for a variant a user names, where a name
** no script file has may be an alias (names.aliases) of one: so an alias
** works wherever a variant's name does (varia.new, varia.load, --variant,
** the protocols). Not for a script's require, whose modules are files.
** Returns 0 with the script's value pushed, or nonzero with the message
** (the one for spec itself). [-0, +1, e] */
int names_require(lua_State *L, const char *spec);

#endif

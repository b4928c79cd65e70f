/*
** script.h - a variant table (what a script returns) read into a Variant.
** Most users also find and run scripts, so this includes loader.h.
*/
#ifndef varia_script_h
#define varia_script_h

#include <stddef.h>
#include <stdint.h>

#include <lua.h>

#include "loader.h"
#include "variant.h"

/* Fills v from the variant table at idx. Returns 0, or -1 with every
** problem, one per line, in err. */
int script_variant(lua_State *L, int idx, Variant *v, char *err, size_t errlen);

/* Reads only the `names` of the variant table at idx (what other programs
** call the variant), running none of its code. Returns 0, or -1 (not a
** table, or with every problem in err, n then holding what did read).
** [-0, +0, m] */
int script_names(lua_State *L, int idx, VariantNames *n, char *err, size_t errlen);

/* Pushes t[key] for the table at idx, read raw (no metamethod of the
** script's runs). Returns its type. [-0, +1, m] */
int script_rawfield(lua_State *L, int idx, const char *key);

#endif

/*
** script.h - finding and running variant scripts, and turning a variant
** table into a Variant.
**
** Names resolve in this order: a path (it has a '/' or ends in .lua); the
** directory of the script that asks; each directory of $VARIA_PATH; the
** library and variants built into the binary.
*/
#ifndef varia_script_h
#define varia_script_h

#include <stddef.h>
#include <stdint.h>

#include <lua.h>

#include "variant.h"

/* Pushes the value a script returns, running it anew each time (so that no
** script can change what another is given). Returns 0, or -1 with the error
** message pushed instead.
** [-0, +1, e] */
int script_require(lua_State *L, const char *spec, const char *from_dir);

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

/* Pushes the contents of a file (up to 16 MiB) as a string; returns 0, or
** -1 with nothing pushed. [-0, +(1|0), m] */
int script_read_file(lua_State *L, const char *path);

/* A hash of the text of the script spec names (0: not found), to tell
** whether a saved game's script has changed. [-0, +0, m] */
uint64_t script_hash(lua_State *L, const char *spec);

/* Pushes the module table of the built-in translator of Fairy-Stockfish
** variant files (lua/ini.lua); returns 0, or -1 with the message pushed.
** A spec "FILE.ini:SECTION" (or "FILE.ini", a file of one section) names
** the script it writes for that section. [-0, +1, e] */
int script_ini_module(lua_State *L);

/* The length of the part of spec that names the script, before the ':'
** of its options ("NAME" of "NAME:KEY=VALUE"); the section
** of "FILE.ini:SECTION" is part of the name. */
size_t script_name_len(const char *spec);

/* The command as the user typed it (argv[0]: "varia", "./varia"), for
** hints that name a command line; "varia" until set. Kept in the state's
** registry, not in a global. [-0, +0, m] */
void script_set_program(lua_State *L, const char *argv0);
const char *script_program(lua_State *L);

/* Pushes a sorted list of the variant names varia can find. [-0, +1, m] */
void script_list_variants(lua_State *L);

#endif

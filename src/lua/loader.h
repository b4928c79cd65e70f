/*
** loader.h - finding and running variant scripts.
**
** Names resolve in this order: a path (it has a '/' or ends in .lua); the
** directory of the script that asks; each directory of $VARIA_PATH; the
** library and variants built into the binary.
*/
#ifndef varia_loader_h
#define varia_loader_h

#include <stddef.h>
#include <stdint.h>

#include <lua.h>

/* Pushes the value a script returns, running it anew each time (so that no
** script can change what another is given). Returns 0, or -1 with the error
** message pushed instead, or -2 (with the message) when no file has that
** name or path at all (names_require then tries the name as an alias).
** [-0, +1, e] */
int script_require(lua_State *L, const char *spec, const char *from_dir);

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

/* Is s a name a script may have: letters, digits, '_', '-' and '.', at
** least one? */
int script_valid_name(const char *s);

#endif

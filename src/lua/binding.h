/*
** binding.h - the varia Lua module: variants and games as userdata.
*/
#ifndef varia_binding_h
#define varia_binding_h

#include <lua.h>

#include "game.h"

#define VARIANT_MT "varia.Variant"
#define GAME_MT "varia.Game"

/* Opens the module and sets the global varia. [-0, +1, m] */
int luaopen_varia(lua_State *L);

/* Pushes the Variant userdata for spec (a name, a path, or a table at
** spec_idx when spec is NULL), loading it once per spec. Returns it, or
** NULL with the error message pushed. [-0, +1, m] */
const Variant *binding_variant(lua_State *L, const char *spec, int spec_idx);
/* The same with options (a table at opts, or 0); spec may also carry them
** as "name:key=value,key=value". */
const Variant *binding_variant_opts(lua_State *L, const char *spec, int spec_idx, int opts);

/* Forgets the compiled variant of key (Variant.source: its name and
** options), so that the next binding_variant() reads its script again
** (a reload). [-0, +0, m] */
void binding_forget_variant(lua_State *L, const char *key);

/* key (Variant.source: the name and every option, as the cache has it)
** without the options at their declared defaults, as a file or another
** program should see it: "v:o=d" is "v" where d is option o's default. A key not
** compiled is copied as it is. [-0, +0, m] */
void binding_spec_brief(lua_State *L, const char *key, char *out, size_t len);

/* Pushes a new game of the variant userdata at vidx. Returns it, or NULL
** with the message pushed (a bad FEN). [-0, +1, m] */
Game *binding_new_game(lua_State *L, int vidx, const char *fen);

/* The state's computer player's searcher (made on first use). */
struct Searcher;
struct Searcher *binding_searcher(lua_State *L);

/* The line the REPL shows a player: how many positions are still possible
** from what the player has seen (belief.h). Returns its length, or -1
** when the variant keeps no beliefs or the game is over. */
int binding_belief_line(Game *g, int player, char *buf, size_t len);

/* The registry of the game's methods (charged.h), for the test that every
** method has a cost. */
struct ChargedMethod;
const struct ChargedMethod *binding_methods(void);

#endif

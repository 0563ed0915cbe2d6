/* Helpers of the Les Aigles public-API tests (tests/public/test_aigles_*.c): positions built from
   host documents (an army list, a table, a battle), decisions taken by label or by precise move,
   dice, and readers of piece attributes, events, rule tags and odds.  This header and wgaigles.c
   include nothing but wargame.h, wgplay.h and Check; the assertion macros need <check.h> and
   wgplay.h. */
#ifndef WG_WGAIGLES_H
#define WG_WGAIGLES_H

#include <stddef.h>
#include <stdint.h>

#include "wargame.h"

/* ---------------------------------------------------------------- positions */

/* The terrain vocabulary every test table declares (wga_table). */
#define WGA_TABLE_VOCABULARY                                                                                           \
    "terrain open wood village hill field marsh rocky\n"                                                               \
    "flag blocks-sight light-cover hard-cover\n"                                                                       \
    "linetype road stream river crest hedge wall\n"

/* What a position is built from; every field may be zero. */
typedef struct wga_setup {
    const char *army;    /* army list document; NULL: the bundled sample army (data/aigles/sample-army.wgd) */
    const char *table;   /* table document; NULL: wga_table(2600, 1200, NULL) */
    const char *options; /* game options; NULL: none */
    int scale;           /* 25 or 15; 0: 25 */
    int periods;         /* 0: 3 */
    const char *title;   /* battle title; NULL: "test position" */
    const char *army_extra; /* records appended to the army list (may be NULL) */
} wga_setup;

/* The table of the combat tests: 1000 x 1000 paces of open ground, with ground in light cover (the
   Orchard, x 700..1000, y 600..900) and a walled farm in hard cover (the Farm, x 0..300, y 600..900)
   that block no sight, and a wood that does (x 400..600, y 850..920). */
extern const char wga_combat_table[];

/* A table document w x h paces of open ground with the vocabulary above and the area and line
   records of `features` (may be NULL); malloc'd. */
char *wga_table(int w, int h, const char *features);
/* A battle of the French (side 0, near edge y = 0) and the Austrians (side 1, far edge) whose
   officer and unit records are `units`; the status of wg_game_new. */
int wga_try(wg_game **out, wg_ctx *ctx, const wga_setup *s, const char *units);
/* The same, which must succeed. */
wg_game *wga_game(wg_ctx *ctx, const wga_setup *s, const char *units);
/* A position on the combat table with the sample army, `options` (may be NULL) and `periods` (0:
   3); the status of wg_game_new / the game, which must be set up. */
int wga_try_position(wg_game **out, wg_ctx *ctx, const char *options, const char *units, int periods);
wg_game *wga_position(wg_ctx *ctx, const char *options, const char *units);
/* A position on wga_table(2600, 1200, features) with the sample army and `options` (both may be
   NULL); the status / the game, which must be set up. */
int wga_try_battle(wg_game **out, wg_ctx *ctx, const char *features, const char *units, const char *options);
wg_game *wga_battle(wg_ctx *ctx, const char *features, const char *units, const char *options);
/* A context, which must be created. */
wg_ctx *wga_ctx(void);

/* ---------------------------------------------------------------- deciding */

int wga_over(wg_game *g);
/* Whether the current decision's text holds needle. */
int wga_has_decision(wg_game *g, const char *needle);
/* Takes decisions until a die (a chance decision) is asked for, or `stop` (may be NULL) is in the
   decision, or the game ends: at each decision the first option matching one of `prefs` (label
   substrings, NULL-terminated, may be NULL); else it stops at a charisma choice; else the quiet
   default: no marker, no pivot, halt, stay, no charge, stand, hold the fire, no more orders. */
void wga_drive(wg_game *g, const char *const *prefs, const char *stop);
/* The die of the current roll, which must be a chance decision. */
void wga_die(wg_game *g, int d);
/* Each morale test while they come: the highest die whose result is "obeys" (tried on a clone),
   else a 6. */
void wga_obey(wg_game *g);
/* "halt" for every commitment until a decision without it. */
void wga_halt_all(wg_game *g);
/* The action code of the first option holding needle, which must exist. */
uint64_t wga_action(wg_game *g, const char *needle);
/* "move to a point" at (x, y) in table units (1/100 pace); the status. */
int wga_move_to(wg_game *g, int64_t x, int64_t y);
/* "wheel to a facing" about figure `pivot` of the front rank; the status. */
int wga_wheel_to(wg_game *g, int64_t pivot, int64_t fx, int64_t fy);

/* ---------------------------------------------------------------- reading */

/* The piece index of the unit or officer named `name`, or -1. */
int wga_piece(wg_game *g, const char *name);
/* An integer piece attribute as the referee reads it, which must exist. */
int64_t wga_attr(wg_game *g, size_t piece, const char *key);
/* The same by the piece's name. */
int64_t wga_attr_of(wg_game *g, const char *name, const char *key);
/* Whether the piece has the attribute (integer or text) for the referee. */
int wga_has_attr(wg_game *g, size_t piece, const char *key);
/* A text attribute as the referee reads it, which must exist (a static buffer). */
const char *wga_text(wg_game *g, size_t piece, const char *key);
/* A text attribute as `viewer` reads it, or "" when absent for him; the status in *rc (may be NULL). */
const char *wga_text_for(wg_game *g, int viewer, size_t piece, const char *key, int *rc);

/* The first event from `from` on whose referee text holds needle, which must exist. */
long wga_event(wg_game *g, size_t from, const char *needle);
/* The same, and its rule tag is `rule` (NULL: any). */
long wga_expect(wg_game *g, size_t from, const char *needle, const char *rule);
/* No event from `from` on holds needle. */
void wga_no_event(wg_game *g, size_t from, const char *needle);
/* The rule tag of event k ("" when none). */
const char *wga_rule(wg_game *g, long k);

/* The odds JSON of the last wga_odds call. */
extern char wga_odds_buf[16384];
/* The odds of an action as the referee reads them into wga_odds_buf; the status. */
int wga_odds(wg_game *g, const char *action);
/* The same, which must succeed. */
void wga_odds_ok(wg_game *g, const char *action);
void wga_odds_has(const char *needle);
void wga_odds_lacks(const char *needle);

/* ---------------------------------------------------------------- melees */

/* Plays with `prefs`, every morale test rolled by wga_obey, until the first die of a melee (phase 5)
   or the end of the game. */
void wga_to_melee(wg_game *g, const char *const *prefs);
/* The odds of a melee of unit ids a and b, into wga_odds_buf. */
void wga_melee_odds(wg_game *g, int a, int b);
/* The last odds hold the modifier `name` with `value` and row text `text` (NULL: any text). */
void wga_mod(const char *name, int value, const char *text);
/* The last odds hold no modifier `name` with row text `text` (NULL: no modifier `name` at all). */
void wga_no_mod(const char *name, const char *text);
/* Rolls the two dice of the melee now asked for: the first pair (a's die, b's die) whose events hold
   `want` (tried on clones), which must exist; the pair in *da, *db (either may be NULL). */
void wga_roll_for(wg_game *g, const char *want, int *da, int *db);

/* ---------------------------------------------------------------- tables */

/* The loss table of the sample completion (T28): floor((3 n f + 5) / 10), nothing at f <= 0. */
int wga_t28(int f, int n);
/* T30: the die bonus of fire and morale (printed). */
int wga_t30(int die);

/* ---------------------------------------------------------------- assertions */

/* The current decision's text holds needle. */
#define WGA_ASSERT_DECISION(g, needle)                                                                                 \
    ck_assert_msg(wga_has_decision(g, needle), "decision '%s' expected:\n%s", needle, wgp_options_dump(g))
/* An option's label holds needle / none does. */
#define WGA_ASSERT_OPTION(g, needle)                                                                                   \
    ck_assert_msg(wgp_find(g, needle) >= 0, "option '%s' expected:\n%s", needle, wgp_options_dump(g))
#define WGA_ASSERT_NO_OPTION(g, needle)                                                                                \
    ck_assert_msg(wgp_find(g, needle) < 0, "option '%s' unexpected:\n%s", needle, wgp_options_dump(g))
/* `call` is refused with WG_EILLEGAL and the game's message holds every string that follows. */
#define WGA_ASSERT_REFUSED(call, g, ...)                                                                               \
    do {                                                                                                               \
        int rc_ = (call);                                                                                              \
        ck_assert_msg(rc_ == WG_EILLEGAL, "refusal expected, got %s", wg_status_str(rc_));                            \
        const char *want_[] = {__VA_ARGS__};                                                                           \
        for (size_t k_ = 0; k_ < sizeof want_ / sizeof *want_; k_++)                                                   \
            ck_assert_msg(strstr(wg_game_errmsg(g), want_[k_]), "message '%s' lacks '%s'", wg_game_errmsg(g),         \
                          want_[k_]);                                                                                  \
    } while (0)

#endif

/* Helpers for the public-API rule tests (tests/public/): a position is built from host-supplied
   documents through wg_setup_*, decided through wg_game_choose*, and read back through the public
   getters only.  This header and wgplay.c include nothing but wargame.h and Check. */
#ifndef WG_WGPLAY_H
#define WG_WGPLAY_H

#include <check.h>
#include <stddef.h>
#include <stdint.h>

#include "wargame.h"

/* A host document for a data slot of the ruleset ("map", "scenario", "pack", ...). */
typedef struct wgp_doc {
    const char *slot;
    const char *text;
} wgp_doc;

/* A game from a set-up: the ruleset's scenario, options (may be NULL), seed and the documents
   (an array ended by an entry whose slot is NULL; docs may be NULL).  Fails the test with the
   library's message when the game cannot be made. */
wg_game *wgp_new(wg_ctx *ctx, const char *ruleset, const char *scenario, const char *options, uint64_t seed,
                 const wgp_doc *docs);

/* The same, returning the status instead of failing (for set-up errors); *out is NULL on failure. */
int wgp_try_new(wg_game **out, wg_ctx *ctx, const char *ruleset, const char *scenario, const char *options,
                uint64_t seed, const wgp_doc *docs);

/* The label of option i as the deciding player sees it (a static buffer, overwritten by the next call). */
const char *wgp_label(wg_game *g, size_t i);

/* Number of options; index of the first option whose label contains needle (-1 when none);
   number of options whose label contains needle. */
size_t wgp_option_count(wg_game *g);
long wgp_find(wg_game *g, const char *needle);
size_t wgp_count(wg_game *g, const char *needle);

/* Takes the first option whose label contains needle; fails the test (listing the decision and
   its options) when there is none. */
void wgp_choose(wg_game *g, const char *needle);

/* Takes option i; fails the test with the game's message when the library refuses. */
void wgp_choose_index(wg_game *g, size_t i);

/* The current decision: the deciding player (or WG_PLAYER_CHANCE/NONE) and its text. */
int wgp_decider(wg_game *g);
const char *wgp_decision(wg_game *g);

/* The decision and every option label, one per line (a static buffer) — for failure messages. */
const char *wgp_options_dump(wg_game *g);

/* Event i in words as viewer sees it (a static buffer); number of events. */
const char *wgp_event(wg_game *g, size_t i, int viewer);
size_t wgp_event_count(wg_game *g);

/* Index of the first event at or after from whose text for viewer contains needle (-1 when none). */
long wgp_find_event(wg_game *g, size_t from, const char *needle, int viewer);

/* All event texts from `from` on, one per line with their rule tags (a static buffer). */
const char *wgp_events_dump(wg_game *g, size_t from, int viewer);

/* wg_game_describe for viewer (a static buffer). */
const char *wgp_describe(wg_game *g, int viewer);

/* Reads a file of the source tree (NUL-terminated, from malloc; fails the test on error). */
char *wgp_read_source(const char *relpath, size_t *len);

/* The attribute keys a ruleset's document lists, checked against what a game offers, both ways:
   after the heading `section` of the file `doc` (source tree), the first three tables whose header
   starts "| key | type |" list the keys of pieces, options and spaces, in that order, one row per
   key or per comma-separated group ("| `unit`, `unit_name` | int, text | ..."; names in backticks
   or bare, one type for the whole group or one per name).  Fails the test unless every documented
   key is offered exactly once with its type and every offered key is documented or the core's
   (doc/view.md: pieces side, space, space_name, label; options label, action, weight; spaces
   name, kind, terrain, col, row). */
void wgp_check_documented_keys(wg_game *g, const char *doc, const char *section);

/* Replaces the first occurrence of `from` in text by `to` (a new string from malloc; fails the
   test when from does not occur). */
char *wgp_replace(const char *text, const char *from, const char *to);

/* Takes every forced decision (a single option) until one with a choice comes. */
void wgp_skip_forced(wg_game *g);

/* ---- La Grande Armée positions ---- */

/* The options with ask_empty=1 added (La Grande Armée: every decision asked, those with nothing to
   decide included, so that a test names each one); a static buffer, overwritten by the next call. */
const char *wgp_ask_all(const char *options);

/* A game of lga "1806" rules on a host map and a host scenario: "wgdata 1 lga-scenario", a
   scenario record, `turns N` (2 when turns is 0), the records of `rules` (may be ""), one track
   record a turn, the records of `body` (groups, vp, control ...), and two victory levels. */
wg_game *wgp_lga_position(wg_ctx *ctx, const char *map, int turns, const char *rules, const char *body);

/* From the set-up of such a position to the French Movement Phase of Game-Turn 1: places each
   set-up unit on its (single) hex, ends the Allied Movement Phase, declares no Allied attack and
   takes the forced decisions; fails the test when the French cannot move a unit then. */
void wgp_lga_to_french_movement(wg_game *g);

/* Rule-tag trace (the rule_tag_trace ctest): with WGP_RULE_TRACE naming a file, the rule tags of
   the game's events (wgp_trace; the helpers above call it) and those of a refusal message
   (wgp_trace_message) are appended to it. */
void wgp_trace(wg_game *g);
void wgp_trace_message(const char *msg);

/* wg_game_choose_action, tracing the rule tags of the refusal message; returns the status. */
int wgp_refused(wg_game *g, uint64_t action);

#endif

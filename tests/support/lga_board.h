/* A La Grande Armée test board shared by the public combat and combination suites: an 8 x 6 host map
   around the hex Here, host scenarios on it, and the helpers that take a position to the French
   Movement or Combat Phase, resolve battles and read pieces and retreats.  Public API only (wargame.h,
   wgplay.h, Check, libc).  Each suite that includes it has its own copy of the statics. */
#ifndef WG_LGA_BOARD_H
#define WG_LGA_BOARD_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wgplay.h"


static wg_ctx *CTX;

/* Whether the Allies use their Supply units for Stacking Supply in their Combat Phase of Game-Turn 1. */
static int ALLIED_STACK_SUPPLY;

static inline void setup(void)
{
    ck_assert_int_eq(wg_ctx_new(&CTX, NULL, NULL), WG_OK);
    ALLIED_STACK_SUPPLY = 0;
}

static inline void teardown(void)
{
    wg_ctx_free(CTX);
    CTX = NULL;
}

/* The lga map vocabulary; an 8 x 6 board (0-based COL ROW in the records, labels are 1-based CCRR). */
#define MAP_HEAD                                                                                                   \
    "wgdata 1 map\n"                                                                                               \
    "grid hex 8 6 odd-q\n"                                                                                         \
    "terrain clear city fortress mountain pass\n"                                                                  \
    "flag austria prussia saxony passentry linea lineb easta eastb edge-n edge-s edge-e edge-w\n"                  \
    "sideflag river bridge lake\n"

/* Here (0503) and its six neighbours: North 0502, South 0504, NE 0602, Close 0603, NW 0402, SW 0403;
   There (0703) is next to Close; Far (0205), Mid (0303), West (0203), Edge (0103) and Paris (0106) are
   away from them. */
#define NAMES                                                                                                      \
    "hex 4 1 %s \"name=North\"\n"                                                                                  \
    "hex 4 3 %s \"name=South\"\n"                                                                                  \
    "hex 5 1 %s \"name=NE\"\n"                                                                                     \
    "hex 3 1 %s \"name=NW\"\n"                                                                                     \
    "hex 3 2 %s \"name=SW\"\n"                                                                                     \
    "hex 4 2 %s \"name=Here\"\n"                                                                                   \
    "hex 5 2 clear \"name=Close\"\n"                                                                               \
    "hex 6 2 clear \"name=There\"\n"                                                                               \
    "hex 7 2 clear \"name=Beyond\"\n"                                                                              \
    "hex 1 4 clear \"name=Far\"\n"                                                                                 \
    "hex 1 2 clear \"name=West\"\n"                                                                                \
    "hex 0 2 clear \"name=Edge\"\n"                                                                                \
    "hex 2 2 clear \"name=Mid\"\n"                                                                                 \
    "hex 0 5 city \"name=Paris\"\n"

/* The board with every named hex clear. */
static inline const char *clear_map(void)
{
    static char buf[2048];
    snprintf(buf, sizeof buf, MAP_HEAD NAMES, "clear", "clear", "clear", "clear", "clear", "clear");
    return buf;
}

/* The board with the terrain of North, South, NE, NW, SW and Here given, and extra records. */
static inline const char *map_of(const char *n, const char *s, const char *ne, const char *nw, const char *sw,
                          const char *here, const char *extra)
{
    static char buf[4096];
    int k = snprintf(buf, sizeof buf, MAP_HEAD NAMES, n, s, ne, nw, sw, here);
    ck_assert(k > 0 && (size_t)k < sizeof buf);
    snprintf(buf + k, sizeof buf - (size_t)k, "%s", extra);
    return buf;
}

/* A three-turn game of the lga rules on a host map and a host scenario (groups, control ...),
   with library options (NULL for none). */
static inline wg_game *pos(const char *map, const char *options, const char *rules, const char *body)
{
    char scen[8192];
    int n = snprintf(scen, sizeof scen,
                     "wgdata 1 lga-scenario\nscenario t \"test position\"\nturns 3\n%s"
                     "track 1 \"Turn 1\"\ntrack 2 \"Turn 2\"\ntrack 3 \"Turn 3\"\n%s"
                     "level 1 - french-decisive\nlevel - 0 draw\n",
                     rules, body);
    ck_assert(n > 0 && (size_t)n < sizeof scen);
    wgp_doc docs[] = {{"map", map}, {"scenario", scen}, {NULL, NULL}};
    return wgp_new(CTX, "lga", "1806", wgp_ask_all(options), 1, docs);
}

/* Whether the current decision text contains needle. */
static inline int deciding(wg_game *g, const char *needle)
{
    return strstr(wgp_decision(g), needle) != NULL;
}

/* From set-up to the French Movement Phase of Game-Turn 1: places each unit on its set-up hex; the
   Allies move nothing, declare no attack and use every Supply unit for stacking. */
static inline void to_french_movement(wg_game *g)
{
    while (wgp_find(g, "place ") >= 0 && wgp_find(g, "end the Movement Phase") < 0)
        wgp_choose(g, " on ");
    wgp_choose(g, "end the Movement Phase");
    for (int k = 0; k < 20 && wgp_find(g, "move Fr") < 0; k++) {
        if (wgp_find(g, "no more attacks") >= 0)
            wgp_choose(g, "no more attacks");
        else if (ALLIED_STACK_SUPPLY && wgp_find(g, "use supply") >= 0)
            wgp_choose(g, "use supply");
        else if (wgp_find(g, "done") >= 0)
            wgp_choose(g, "done");
        else
            wgp_choose_index(g, 0);
    }
    ck_assert_msg(wgp_find(g, "move Fr") >= 0, "%s", wgp_options_dump(g));
}

/* From set-up to segment (a) of the French Combat Phase of Game-Turn 1 (no unit moves). */
static inline void to_french_combat(wg_game *g)
{
    to_french_movement(g);
    wgp_choose(g, "end the Movement Phase");
    if (deciding(g, "combine units"))
        wgp_choose(g, "done");
    ck_assert_msg(deciding(g, "declare attacks"), "%s", wgp_options_dump(g));
}

/* Takes every "use supply" option of a supply segment, then ends it. */
static inline void use_all_supply(wg_game *g)
{
    while (wgp_find(g, "use supply") >= 0)
        wgp_choose(g, "use supply");
    wgp_choose(g, "done");
}

/* After the attacks are declared ("no more attacks" not yet chosen): both sides use every Supply
   unit, no unit retreats before combat; returns at segment (d) or the die roll. */
static inline void to_battles(wg_game *g)
{
    wgp_choose(g, "no more attacks");
    if (deciding(g, "allocate attacker supply"))
        use_all_supply(g);
    if (deciding(g, "Retreat Before Combat"))
        wgp_choose(g, "done");
    if (deciding(g, "allocate defender supply"))
        use_all_supply(g);
}

/* Chooses the battle on the hex named in segment (d) when that decision is open; returns at the die roll. */
static inline void to_die(wg_game *g, const char *hex)
{
    char lab[64];
    if (deciding(g, "choose the next battle")) {
        snprintf(lab, sizeof lab, "resolve the attack on %s", hex);
        wgp_choose(g, lab);
    }
    ck_assert_msg(deciding(g, "Combat Results Table die roll"), "%s", wgp_options_dump(g));
}

/* Resolves the battle on the hex named with the die face given. */
static inline void roll(wg_game *g, const char *hex, int face)
{
    char lab[64];
    to_die(g, hex);
    snprintf(lab, sizeof lab, "die roll %d", face);
    wgp_choose(g, lab);
}

/* Field f of wg_lga_attack_odds for declared attack b. */
static inline int64_t odds(wg_game *g, int b, int f)
{
    int64_t out[WG_LGA_ODDS_COUNT];
    size_t len = 0;
    int rc = wg_lga_attack_odds(out, WG_LGA_ODDS_COUNT, &len, g, b);
    ck_assert_msg(rc == WG_OK, "odds of attack %d: %s", b, wg_game_errmsg(g));
    return out[f];
}

/* The hex (as CCRR, 1-based) of the k-th piece on the board whose label contains needle, -1 when
   there is none; *label receives its label when not NULL. */
static inline int piece_hex(wg_game *g, const char *needle, int k, char *label)
{
    size_t n = 0;
    ck_assert_int_eq(wg_game_piece_count(&n, g, WG_VIEW_REFEREE), WG_OK);
    for (size_t i = 0; i < n; i++) {
        char lab[256];
        size_t len;
        int side, space;
        ck_assert_int_eq(wg_game_piece(&side, &space, g, WG_VIEW_REFEREE, i), WG_OK);
        ck_assert_int_eq(wg_game_piece_label(lab, sizeof lab, &len, g, WG_VIEW_REFEREE, i), WG_OK);
        if (strstr(lab, needle) && k-- == 0) {
            if (label)
                strcpy(label, lab);
            return (space % 8 + 1) * 100 + space / 8 + 1;
        }
    }
    return -1;
}

/* Number of pieces on the board whose label contains needle. */
static inline int pieces(wg_game *g, const char *needle)
{
    int k = 0;
    while (piece_hex(g, needle, k, NULL) >= 0)
        k++;
    return k;
}

/* Whether the first piece whose label contains needle is disrupted. */
static inline int disrupted(wg_game *g, const char *needle)
{
    char lab[256];
    ck_assert_msg(piece_hex(g, needle, 0, lab) >= 0, "no piece %s\n%s", needle, wgp_describe(g, WG_VIEW_REFEREE));
    return strstr(lab, "[disrupted]") != NULL;
}

#define EVENTS(g, ev) wgp_events_dump(g, ev, WG_VIEW_REFEREE)
#define OPTS(g) wgp_options_dump(g)
#define HAS_EVENT(g, ev, text)                                                                                     \
    ck_assert_msg(wgp_find_event(g, ev, text, WG_VIEW_REFEREE) >= 0, "no event \"%s\":\n%s", text, EVENTS(g, ev))

/* Hex distance between two hexes given as CCRR labels (odd-q offsets). */
static inline int hex_dist(int a, int b)
{
    int ac = a / 100 - 1, ar = a % 100 - 1, bc = b / 100 - 1, br = b % 100 - 1;
    int ax = ac, az = ar - (ac - (ac & 1)) / 2, bx = bc, bz = br - (bc - (bc & 1)) / 2;
    int dx = ax - bx, dz = az - bz, dy = -dx - dz;
    dx = dx < 0 ? -dx : dx;
    dy = dy < 0 ? -dy : dy;
    dz = dz < 0 ? -dz : dz;
    return dx > dy ? (dx > dz ? dx : dz) : (dy > dz ? dy : dz);
}

/* The hexes (CCRR) of the current retreat options, in option order; returns their number. */
static inline int retreat_hexes(wg_game *g, int *out, int cap)
{
    int n = 0;
    for (size_t i = 0; i < wgp_option_count(g) && n < cap; i++) {
        const char *at = strstr(wgp_label(g, i), " to ");
        if (at && strncmp(wgp_label(g, i), "retreat ", 8) == 0)
            out[n++] = atoi(at + 4);
    }
    return n;
}

#endif

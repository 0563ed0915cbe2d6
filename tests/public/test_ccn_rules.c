/* Commands & Colors: Napoleonics rules proven by play through the public API: every position is
   built from host documents (a 13x9 board and a scenario written here, the bundled base pack and
   decks, or a host deck), every decision is taken by its label or by the faces of physical dice
   (1, 2 infantry; 3 cavalry; 4 artillery; 5 saber; 6 flag), and every result is read from option
   labels, attributes, events and the describe text.  Checklist items are cited next to the
   assertions that prove them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgccn.h"
#include "wgplay.h"

/* ---------------------------------------------------------------- positions */


/* What a position is made of: the Coalition at the top edge, the French at the bottom. */
typedef struct setup {
    const char *terrain; /* wgc_board(NULL) */
    const char *records; /* scenario records after `victory` */
    int coalition_first; /* 0: the French move first */
    int cards;           /* Order cards a side (0: 4) */
    int tac_co, tac_fr;  /* Tactician cards at start */
    int victory;         /* 0: 5 */
    const char *options; /* "deck=75" or NULL */
    const char *orders;  /* a host Order deck or NULL */
} setup;

static char *scenario_text(const setup *s)
{
    size_t cap = 16384;
    char *b = malloc(cap);
    ck_assert_ptr_nonnull(b);
    int cards = s->cards ? s->cards : 4;
    snprintf(b, cap,
             "wgdata 1 ccn\nscenario T1 \"test position\"\n"
             "side 0 \"Coalition Army\" commander=A cards=%d tactician=%d edge=top\n"
             "side 1 \"French Army\" commander=B cards=%d tactician=%d edge=bottom\n"
             "first %d\nvictory %d\n%s",
             cards, s->tac_co, cards, s->tac_fr, s->coalition_first ? 0 : 1, s->victory ? s->victory : 5,
             s->records ? s->records : "");
    return b;
}

static int try_make(wg_game **out, wg_ctx *ctx, const setup *s)
{
    char *map = wgc_board(s->terrain), *sc = scenario_text(s);
    wgp_doc docs[4] = {{"map", map}, {"scenario", sc}, {NULL, NULL}, {NULL, NULL}};
    if (s->orders)
        docs[2].slot = "orders", docs[2].text = s->orders;
    int rc = wgp_try_new(out, ctx, "ccn", "S01", s->options, 1, docs);
    free(map);
    free(sc);
    return rc;
}

static wg_game *make(wg_ctx *ctx, const setup *s)
{
    wg_game *g = NULL;
    int rc = try_make(&g, ctx, s);
    ck_assert_msg(rc == WG_OK, "set-up: %s: %s", wg_status_str(rc), wg_ctx_errmsg(ctx));
    return g;
}

/* French first, `cards` Order cards a side, no Tactician cards, victory 5. */
static wg_game *position(wg_ctx *ctx, const char *terrain, const char *records, int cards)
{
    setup s = {terrain, records, 0, cards, 0, 0, 0, NULL, NULL};
    return make(ctx, &s);
}

/* The same with the Coalition moving first. */
static wg_game *coalition_position(wg_ctx *ctx, const char *terrain, const char *records)
{
    setup s = {terrain, records, 1, 4, 0, 0, 0, NULL, NULL};
    return make(ctx, &s);
}

/* ---------------------------------------------------------------- decisions */

static long find_exact(wg_game *g, const char *label)
{
    size_t n = wgp_option_count(g);
    for (size_t i = 0; i < n; i++)
        if (strcmp(wgp_label(g, i), label) == 0)
            return (long)i;
    return -1;
}

/* Name k of a '|'-separated list (the last one repeated when k runs past the end). */
static void nth_name(const char *list, int k, char *out, size_t cap)
{
    const char *p = list;
    for (int i = 0; i < k; i++) {
        const char *bar = strchr(p, '|');
        if (!bar)
            break;
        p = bar + 1;
    }
    size_t n = strcspn(p, "|");
    if (n >= cap)
        n = cap - 1;
    memcpy(out, p, n);
    out[n] = '\0';
}

/* The draws up to the next decision that is not a draw: each side's k-th Order card drawn is name
   k of its list (when the deck still holds one; otherwise the first card the deck lists); every
   Tactician card drawn is the first the deck lists. */
static void deal2(wg_game *g, const char *coal, const char *fr)
{
    int k[2] = {0, 0};
    for (;;) {
        if (wgp_decider(g) != WG_PLAYER_CHANCE)
            break;
        char d[160];
        snprintf(d, sizeof d, "%s", wgp_decision(g));
        if (!strstr(d, " draws "))
            break;
        int p = strncmp(d, "French", 6) == 0;
        long i = -1;
        if (strstr(d, "an Order card")) {
            char name[64], want[80];
            nth_name(p ? fr : coal, k[p]++, name, sizeof name);
            snprintf(want, sizeof want, "draw %s", name);
            i = find_exact(g, want);
        }
        wgp_choose_index(g, i >= 0 ? (size_t)i : 0);
    }
}

static void deal(wg_game *g, const char *card)
{
    deal2(g, card, card);
}


#define ROLL(g, ...)                                                                                                   \
    do {                                                                                                               \
        static const int64_t faces_[] = {__VA_ARGS__};                                                                 \
        wgc_roll((g), faces_, sizeof faces_ / sizeof faces_[0]);                                                           \
    } while (0)


/* The dice of the first option whose label contains needle (which must exist). */
static int64_t dice_of(wg_game *g, const char *needle)
{
    long i = wgp_find(g, needle);
    ck_assert_msg(i >= 0, "no option \"%s\": %s", needle, wgp_options_dump(g));
    return wgc_option_int(g, i, "dice");
}

/* Plays `card` and orders the units at the hexes listed (NULL-terminated; may be NULL). */
static void play_orders(wg_game *g, const char *card, const char *const *hexes)
{
    char want[64];
    snprintf(want, sizeof want, "play %s", card);
    wgp_choose(g, want);
    for (int i = 0; hexes && hexes[i]; i++) {
        snprintf(want, sizeof want, "at %s", hexes[i]);
        long k = wgp_find(g, want);
        ck_assert_msg(k >= 0, "cannot order the unit at %s: %s", hexes[i], wgp_options_dump(g));
        wgp_choose_index(g, (size_t)k);
    }
    wgp_choose(g, "done ordering");
}

/* The turn up to the choice of a combat: play `card`, order the units at the hexes listed, no
   movement. */
static void to_combat(wg_game *g, const char *card, const char *const *hexes)
{
    play_orders(g, card, hexes);
    wgp_choose(g, "end movement");
}

/* In the movement phase: the ordered unit at `from` moves to `to`. */
static void move_to(wg_game *g, const char *from, const char *to)
{
    char want[64];
    snprintf(want, sizeof want, "at %s", from);
    long i = wgp_find(g, want);
    ck_assert_msg(i >= 0 && strncmp(wgp_label(g, (size_t)i), "move ", 5) == 0, "no move from %s: %s", from,
                  wgp_options_dump(g));
    wgp_choose_index(g, (size_t)i);
    snprintf(want, sizeof want, "to %s ", to);
    wgp_choose(g, want);
}

/* Declares the attack whose label contains needle; a reaction window the defender gets is passed. */
static void attack(wg_game *g, const char *needle)
{
    wgp_choose(g, needle);
    if (strstr(wgp_decision(g), " may answer the "))
        wgp_choose(g, "pass (no Tactician card)");
    ck_assert_msg(wgp_decider(g) == WG_PLAYER_CHANCE, "%s", wgp_options_dump(g));
}

/* Ends what is left of the turn (orders, movement, combat, the default action) and deals the draws. */
static void finish(wg_game *g, const char *coal, const char *fr)
{
    static const char *const ends[] = {"done ordering", "end movement", "end combat", "pass (no default action)",
                                       "pass (no Tactician card)"};
    for (int guard = 0; guard < 10; guard++) {
        int took = 0;
        for (size_t k = 0; k < 5 && !took; k++)
            if (wgp_decider(g) >= 0 && find_exact(g, ends[k]) >= 0) {
                wgp_choose(g, ends[k]);
                took = 1;
            }
        if (!took)
            break;
    }
    deal2(g, coal, fr);
}

/* A whole turn doing nothing but playing `card`. */
static void pass_turn(wg_game *g, const char *card)
{
    char want[64];
    snprintf(want, sizeof want, "play %s", card);
    wgp_choose(g, want);
    finish(g, card, card);
}

/* ---------------------------------------------------------------- reading */

static int hex_id(wg_game *g, const char *name)
{
    int h = -1;
    ck_assert_int_eq(wg_game_space_find(&h, g, name), WG_OK);
    return h;
}

/* The piece index of the unit (leader=0) or Leader (leader=1) at hex `name`; -1 when none. */
static long piece_at(wg_game *g, const char *name, int leader)
{
    int h = hex_id(g, name);
    size_t n = 0;
    ck_assert_int_eq(wg_game_piece_count(&n, g, WG_VIEW_REFEREE), WG_OK);
    for (size_t i = 0; i < n; i++) {
        int side = -1, space = -1;
        int64_t l = -1;
        ck_assert_int_eq(wg_game_piece(&side, &space, g, WG_VIEW_REFEREE, i), WG_OK);
        ck_assert_int_eq(wg_game_attr_int(&l, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, i, "leader"), WG_OK);
        if (space == h && l == leader)
            return (long)i;
    }
    return -1;
}

static int64_t piece_int(wg_game *g, long i, const char *key)
{
    int64_t v = -1;
    ck_assert_int_ge(i, 0);
    ck_assert_int_eq(wg_game_attr_int(&v, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, (size_t)i, key), WG_OK);
    return v;
}

static const char *piece_text(wg_game *g, long i, const char *key)
{
    static char buf[128];
    ck_assert_int_ge(i, 0);
    ck_assert_int_eq(wg_game_attr_text(buf, sizeof buf, NULL, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, (size_t)i, key),
                     WG_OK);
    return buf;
}

/* Victory Flags a side holds, as the describe text says. */
static int flags_held(wg_game *g, int side)
{
    const char *d = wgp_describe(g, WG_VIEW_REFEREE);
    const char *key = side ? "French (French Army, B, bottom edge): " : "Coalition (Coalition Army, A, top edge): ";
    const char *p = strstr(d, key);
    ck_assert_ptr_nonnull(p);
    return atoi(p + strlen(key));
}

/* The number after `key` in the describe text for viewer ("Order deck ", "Tactician deck "). */
static int describe_number(wg_game *g, int viewer, const char *key)
{
    const char *p = strstr(wgp_describe(g, viewer), key);
    ck_assert_ptr_nonnull(p);
    return atoi(p + strlen(key));
}

/* ================================================================ orders and sections */

/* CCN-BASE-02: a dotted-line hex (E5: west and centre) belongs to two sections, and a unit in it
   may be ordered from either; CCN-DEC-03: with a per-section card the owner says where it is
   counted.  The top-edge player's left flank is the board's east (doc/ccn-data.md). */
START_TEST(test_sections)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    const char *rec = "unit 1 french line E5\nunit 1 french line A9\nunit 1 french line G9\nunit 1 french line K9\n"
                      "unit 0 british line B1\nunit 0 british line K1\n";

    /* the French (bottom edge): Probe Left Flank orders the west, E5 included */
    wg_game *g = position(ctx, NULL, rec, 4);
    deal2(g, "Probe Center", "Probe Left Flank");
    wgp_choose(g, "play Probe Left Flank");
    ck_assert_int_ge(wgp_find(g, "at E5"), 0); /* CCN-BASE-02 */
    ck_assert_int_ge(wgp_find(g, "at A9"), 0);
    ck_assert_int_lt(wgp_find(g, "at G9"), 0);
    ck_assert_int_lt(wgp_find(g, "at K9"), 0);
    long a9 = wgp_find(g, "at A9");
    uint64_t order_a9 = 0;
    ck_assert_int_eq(wg_game_option_action(&order_a9, g, (size_t)a9), WG_OK);
    /* one order per unit: once ordered, E5 is not offered again */
    wgp_choose(g, "at E5");
    ck_assert_int_lt(wgp_find(g, "at E5"), 0);
    ck_assert_int_ge(wgp_find(g, "at A9"), 0);
    wg_game_free(g);

    /* Probe Center orders the centre, E5 included; ordering A9 is refused with the rule */
    g = position(ctx, NULL, rec, 4);
    deal2(g, "Probe Center", "Probe Center");
    wgp_choose(g, "play Probe Center");
    ck_assert_int_ge(wgp_find(g, "at E5"), 0); /* CCN-BASE-02 */
    ck_assert_int_ge(wgp_find(g, "at G9"), 0);
    ck_assert_int_lt(wgp_find(g, "at A9"), 0);
    ck_assert_int_lt(wgp_find(g, "at K9"), 0);
    ck_assert_int_eq(wgp_refused(g, order_a9), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(wg_game_errmsg(g), "not in a section ordered by Probe Center"));
    wg_game_free(g);

    /* CCN-DEC-03: Recon in Force orders 1 unit in each section; E5 may count in either of its two */
    g = position(ctx, NULL, rec, 4);
    deal2(g, "Probe Center", "Recon in Force");
    wgp_choose(g, "play Recon in Force");
    ck_assert_int_eq(wgp_count(g, "at E5"), 2);
    ck_assert_int_ge(wgp_find(g, "at E5 (counted in the left flank)"), 0);
    ck_assert_int_ge(wgp_find(g, "at E5 (counted in the centre)"), 0);
    wgp_choose(g, "at E5 (counted in the left flank)");
    ck_assert_int_lt(wgp_find(g, "at A9"), 0); /* the left flank's order is given */
    ck_assert_int_ge(wgp_find(g, "at G9 (counted in the centre)"), 0);
    ck_assert_int_ge(wgp_find(g, "at K9 (counted in the right flank)"), 0);
    wg_game_free(g);
    g = position(ctx, NULL, rec, 4);
    deal2(g, "Probe Center", "Recon in Force");
    wgp_choose(g, "play Recon in Force");
    wgp_choose(g, "at E5 (counted in the centre)");
    ck_assert_int_lt(wgp_find(g, "at G9"), 0); /* now the centre's order is given */
    ck_assert_int_ge(wgp_find(g, "at A9 (counted in the left flank)"), 0);
    wg_game_free(g);

    /* the Coalition (top edge): its left flank is the board's east (K1), its right the west (B1) */
    g = coalition_position(ctx, NULL, rec);
    deal2(g, "Probe Left Flank", "Probe Center");
    wgp_choose(g, "play Probe Left Flank");
    ck_assert_int_ge(wgp_find(g, "at K1"), 0);
    ck_assert_int_lt(wgp_find(g, "at B1"), 0);
    ck_assert_int_lt(wgp_find(g, "at E5"), 0); /* not his unit */
    wg_game_free(g);
    g = coalition_position(ctx, NULL, rec);
    deal2(g, "Probe Right Flank", "Probe Center");
    wgp_choose(g, "play Probe Right Flank");
    ck_assert_int_ge(wgp_find(g, "at B1"), 0);
    ck_assert_int_lt(wgp_find(g, "at K1"), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Orders given with a card: as many as the card allows, counted as they are given. */
static int orders_given(wg_game *g)
{
    int k = 0;
    while (wgp_find(g, "order ") >= 0) {
        wgp_choose(g, "order ");
        k++;
        ck_assert_int_le(k, 20);
    }
    ck_assert_int_ge(find_exact(g, "done ordering"), 0);
    return k;
}

/* CCN-BASE-08: Scout orders 1, Probe 2, Attack 3 units in the section; Assault units equal to the
   command, the Order cards in hand, the one just played included; CCN-ORDERS-12: Tactician cards
   never count (CCN-TACTICIAN-11). */
START_TEST(test_order_counts)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    const char *rec = "unit 1 french line F9\nunit 1 french line G9\nunit 1 french line H9\nunit 1 french line F8\n"
                      "unit 1 french line G8\nunit 1 french line H8\nunit 1 french line F7\nunit 1 french line G7\n"
                      "unit 0 british line G1\n";
    static const struct {
        const char *card;
        int n;
    } cases[] = {{"Scout Center", 1}, {"Probe Center", 2}, {"Attack Center", 3}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        wg_game *g = position(ctx, NULL, rec, 4);
        deal2(g, "Probe Center", cases[c].card);
        char want[64];
        snprintf(want, sizeof want, "play %s", cases[c].card);
        wgp_choose(g, want);
        ck_assert_int_eq(orders_given(g), cases[c].n); /* CCN-BASE-08 */
        wg_game_free(g);
    }
    /* Assault Center with 4 Order cards and 3 Tactician cards: a command of 4 */
    setup s = {NULL, rec, 0, 4, 0, 3, 0, NULL, NULL};
    wg_game *g = make(ctx, &s);
    deal2(g, "Probe Center", "Assault Center");
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 1), "French: 4 Order cards ("));
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 1), ", 3 Tactician cards ("));
    wgp_choose(g, "play Assault Center");
    ck_assert_int_eq(orders_given(g), 4); /* CCN-BASE-08, CCN-ORDERS-12 */
    wg_game_free(g);
    /* with 6 Order cards: 6 */
    s.cards = 6;
    g = make(ctx, &s);
    deal2(g, "Probe Center", "Assault Center");
    wgp_choose(g, "play Assault Center");
    ck_assert_int_eq(orders_given(g), 6);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ================================================================ movement */

/* A French unit or Leader (the record `what`, at F9) behind a wall of French units on row 8, F8 holding `f8` (a record,
   or NULL for an empty hex) on terrain `terrain`: the game in the destination choice of that unit. */
static wg_game *wall_position(wg_ctx *ctx, const char *terrain, const char *what, const char *f8)
{
    char rec[2048];
    size_t len = 0;
    len += (size_t)snprintf(rec + len, sizeof rec - len, "%s\nunit 0 british line A1\n", what);
    for (int c = 0; c < 12; c++)
        if (c != 5)
            len += (size_t)snprintf(rec + len, sizeof rec - len, "unit 1 french line %c8\n", 'A' + c);
    if (f8)
        snprintf(rec + len, sizeof rec - len, "%s\n", f8);
    wg_game *g = position(ctx, terrain, rec, 4);
    deal(g, "Attack Center");
    const char *one[] = {"F9", NULL};
    play_orders(g, "Attack Center", one);
    wgp_choose(g, "at F9");
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "French moves "));
    return g;
}

static int can_reach(wg_game *g, const char *hex)
{
    char want[16];
    snprintf(want, sizeof want, "to %s ", hex);
    return wgp_find(g, want) >= 0;
}

/* CCN-BASE-07: no moving into or through a friendly unit or an enemy Leader; a hex with only a
   friendly Leader may be entered, and the move stops there.  CCN-TERRAIN-05: an orchard does not
   stop a move; CCN-BASE-23 and CCN-TERRAIN-10: forest and marsh stop it; CCN-TERRAIN-11: marsh is
   impassable for artillery. */
START_TEST(test_movement_blocking)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    /* the open gap: a light cavalry unit (3 hexes) goes through F8 up to F6 */
    wg_game *g = wall_position(ctx, NULL, "unit 1 french light-cav F9", NULL);
    ck_assert(can_reach(g, "F8") && can_reach(g, "F7") && can_reach(g, "F6"));
    ck_assert(!can_reach(g, "F5"));
    wg_game_free(g);
    /* a friendly unit in the gap: nothing beyond the wall */
    g = wall_position(ctx, NULL, "unit 1 french light-cav F9", "unit 1 french line F8");
    ck_assert(!can_reach(g, "F8") && !can_reach(g, "F7") && !can_reach(g, "E7") && !can_reach(g, "G7"));
    ck_assert(can_reach(g, "E9") && can_reach(g, "I9")); /* along the row: 3 hexes */
    wg_game_free(g);
    /* an enemy Leader alone in the gap: neither entered nor passed */
    g = wall_position(ctx, NULL, "unit 1 french light-cav F9", "leader 0 british F8 \"Paget\"");
    ck_assert(!can_reach(g, "F8") && !can_reach(g, "F7"));
    wg_game_free(g);
    /* a friendly Leader alone in the gap: entered, and the move stops there */
    g = wall_position(ctx, NULL, "unit 1 french light-cav F9", "leader 1 french F8 \"Murat\"");
    ck_assert(can_reach(g, "F8"));
    ck_assert(!can_reach(g, "F7") && !can_reach(g, "G7") && !can_reach(g, "F6"));
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "to F8 ");
    ck_assert_int_ge(wgp_find_event(g, ev, "moved F-LC #1 from F9 to F8", 0), 0);
    ck_assert_int_eq(piece_int(g, piece_at(g, "F8", 1), "attached"), 1);
    wg_game_free(g);

    /* CCN-TERRAIN-05: an orchard in the gap does not stop the cavalry */
    g = wall_position(ctx, "F8=orchard", "unit 1 french light-cav F9", NULL);
    ck_assert(can_reach(g, "F8") && can_reach(g, "F7") && can_reach(g, "F6"));
    wg_game_free(g);
    /* CCN-BASE-23: a forest stops it */
    g = wall_position(ctx, "F8=forest", "unit 1 french light-cav F9", NULL);
    ck_assert(can_reach(g, "F8"));
    ck_assert(!can_reach(g, "F7") && !can_reach(g, "G7"));
    wg_game_free(g);
    /* CCN-TERRAIN-10: so does a marsh, for cavalry, infantry and a Leader */
    g = wall_position(ctx, "F8=marsh", "unit 1 french light-cav F9", NULL);
    ck_assert(can_reach(g, "F8"));
    ck_assert(!can_reach(g, "F7") && !can_reach(g, "G7"));
    wg_game_free(g);
    static const char *const movers[] = {"unit 1 french light F9", "leader 1 french F9 \"Ney\""};
    for (int k = 0; k < 2; k++) {
        g = wall_position(ctx, NULL, movers[k], NULL); /* in the clear: F7 through F8 */
        ck_assert_msg(can_reach(g, "F8") && can_reach(g, "F7"), "%s", wgp_options_dump(g));
        wg_game_free(g);
        g = wall_position(ctx, "F8=marsh", movers[k], NULL);
        ck_assert_msg(can_reach(g, "F8") && !can_reach(g, "F7"), "%s", wgp_options_dump(g));
        wg_game_free(g);
        g = wall_position(ctx, "F8=forest", movers[k], NULL); /* CCN-BASE-23: units and Leaders stop */
        ck_assert_msg(can_reach(g, "F8") && !can_reach(g, "F7"), "%s", wgp_options_dump(g));
        wg_game_free(g);
    }
    /* CCN-TERRAIN-11: foot artillery may not enter the marsh at all */
    g = wall_position(ctx, "F8=marsh", "unit 1 french foot-art F9", NULL);
    ck_assert(!can_reach(g, "F8"));
    ck_assert(can_reach(g, "E9") && can_reach(g, "G9"));
    wg_game_free(g);
    g = wall_position(ctx, NULL, "unit 1 french foot-art F9", NULL);
    ck_assert(can_reach(g, "F8")); /* the same hex in the clear */
    wg_game_free(g);
    /* nor stand there at set-up */
    wg_game *bad = NULL;
    setup s = {"E5=marsh", "unit 1 french foot-art E5\nunit 0 british line E1\n", 0, 4, 0, 0, 0, NULL, NULL};
    ck_assert_int_eq(try_make(&bad, ctx, &s), WG_EDATA);
    ck_assert_ptr_null(bad);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "may not stand on marsh"));
    wg_ctx_free(ctx);
}
END_TEST

/* A unit of `side` (1 French at F9, 0 Coalition at F1) in its destination choice, the board clear. */
static wg_game *mover(wg_ctx *ctx, int side, const char *what)
{
    char rec[256];
    if (side)
        snprintf(rec, sizeof rec, "unit 1 french %s F9\nunit 0 british line A1\n", what);
    else
        snprintf(rec, sizeof rec, "unit 0 %s F1\nunit 1 french line A9\n", what);
    wg_game *g = side ? position(ctx, NULL, rec, 4) : coalition_position(ctx, NULL, rec);
    deal(g, "Attack Center");
    const char *one[] = {side ? "F9" : "F1", NULL};
    play_orders(g, "Attack Center", one);
    wgp_choose(g, side ? "at F9" : "at F1");
    return g;
}

/* The movement allowances of the pack's rows: F9 -> F8 is 1 hex, F7 2, F6 3, F5 4; F1 -> F2 1,
   F3 2, F4 3, F5 4. */
START_TEST(test_move_allowances)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    static const struct {
        int side;
        const char *what, *farthest, *beyond;
    } cases[] = {
        {1, "line", "F8", "F7"},                   /* line infantry: 1 */
        {1, "light", "F7", "F6"},                  /* light infantry: 2 without battle */
        {1, "light-cav", "F6", "F5"},              /* light cavalry: 3 */
        {1, "heavy-cav", "F7", "F6"},              /* heavy cavalry: 2 */
        {1, "guard-horse-art", "F7", "F6"},        /* CCN-GHA-02: 2 without fighting */
        {0, "russian lancer", "F4", "F5"},         /* CCN-LANCER-01: 3 */
        {0, "russian militia-lancer", "F4", "F5"}, /* CCN-MLANCER-01: 3 */
        {0, "british rocket", "F3", "F4"},         /* CCN-ROCKET-02: 1 or 2 */
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        wg_game *g = mover(ctx, cases[c].side, cases[c].what);
        ck_assert_msg(can_reach(g, cases[c].farthest), "%s: %s", cases[c].what, wgp_options_dump(g));
        ck_assert_msg(!can_reach(g, cases[c].beyond), "%s: %s", cases[c].what, wgp_options_dump(g));
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* A French unit at F8 with a British line unit at F5: moved to `to`, the game in its combat choice. */
static wg_game *moved_then_combat(wg_ctx *ctx, const char *terrain, const char *what, const char *target,
                                  const char *to)
{
    char rec[256];
    snprintf(rec, sizeof rec, "unit 1 french %s\nunit 0 %s F5\n", what, target);
    wg_game *g = position(ctx, terrain, rec, 4);
    deal(g, "Attack Center");
    const char *one[] = {"F8", NULL};
    play_orders(g, "Attack Center", one);
    if (to)
        move_to(g, "F8", to);
    wgp_choose(g, "end movement");
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "battles with an ordered unit or ends combat"));
    return g;
}

/* Battle after moving: CCN-BASE-09 (French line: ranged 1 die per block standing, half its blocks
   rounded up after moving; melee +1 die against infantry; French light infantry: 1 and battle or 2
   and no battle, +1 ranged die), CCN-GHA-02, CCN-ROCKET-02, CCN-ROCKET-03. */
START_TEST(test_battle_after_moving)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    /* light infantry moved 1 (F7, 2 hexes from F5): fires with 4/2 + 1 = 3 dice */
    wg_game *g = moved_then_combat(ctx, NULL, "light F8", "british line", "F7");
    ck_assert_int_eq(dice_of(g, "fire: F-LT #1 [4/4] at F7 -> B-LN #2"), 3);
    wg_game_free(g);
    /* moved 2 (F6, adjacent to F5): no battle at all */
    g = moved_then_combat(ctx, NULL, "light F8", "british line", "F6");
    ck_assert_int_eq(wgp_option_count(g), 1);
    ck_assert_int_ge(find_exact(g, "end combat"), 0);
    wg_game_free(g);

    /* a 3-block French line unit: 3 dice standing, 2 (3/2 rounded up) after moving 1 */
    g = moved_then_combat(ctx, NULL, "line F8 blocks=3", "british line", "F7");
    ck_assert_int_eq(dice_of(g, "fire: F-LN #1 [3/4] at F7"), 2);
    wg_game_free(g);
    {
        wg_game *h = position(ctx, NULL, "unit 1 french line F7 blocks=3\nunit 0 british line F5\n", 4);
        deal(h, "Attack Center");
        const char *one[] = {"F7", NULL};
        to_combat(h, "Attack Center", one);
        ck_assert_int_eq(dice_of(h, "fire: F-LN #1 [3/4] at F7"), 3);
        wg_game_free(h);
    }
    /* melee: 4 blocks + 1 against infantry, 4 against cavalry */
    g = position(ctx, NULL,
                 "unit 1 french line F6\nunit 0 british line F5\nunit 1 french line H6\n"
                 "unit 0 british light-cav H5\n",
                 4);
    deal(g, "Attack Center");
    {
        const char *two[] = {"F6", "H6", NULL};
        to_combat(g, "Attack Center", two);
    }
    ck_assert_int_eq(dice_of(g, "melee: F-LN #1 [4/4] at F6 -> B-LN #2"), 5);
    ck_assert_int_eq(dice_of(g, "melee: F-LN #3 [4/4] at H6 -> B-LC #4"), 4);
    wg_game_free(g);

    /* CCN-GHA-02: the Guard Horse Artillery moved 1 may fire; moved 2 it may not battle */
    g = moved_then_combat(ctx, NULL, "guard-horse-art F8", "british line", "F7");
    ck_assert_int_ge(wgp_find(g, "fire: F-GHA #1"), 0);
    wg_game_free(g);
    g = moved_then_combat(ctx, NULL, "guard-horse-art F8", "british line", "F6");
    ck_assert_int_lt(wgp_find(g, "F-GHA #1 [3/3] at F6 ->"), 0);
    ck_assert_int_eq(wgp_option_count(g), 1);
    wg_game_free(g);

    /* CCN-ROCKET-03: a Rocket Battery that did not move targets units 5 hexes away or fewer (F6 is 5
       hexes from F1, F7 6), whatever stands between */
    const char *rb = "unit 0 british rocket F1\nunit 1 french line F6\nunit 1 french line F7\nunit 1 french line A9\n";
    g = coalition_position(ctx, NULL, rb);
    deal(g, "Attack Center");
    {
        const char *one[] = {"F1", NULL};
        to_combat(g, "Attack Center", one);
    }
    ck_assert_int_eq(dice_of(g, "fire: B-RB #1 [3/3] at F1 -> F-LN #2 [4/4] at F6"), 2);
    ck_assert_int_lt(wgp_find(g, "-> F-LN #3 [4/4] at F7"), 0);
    wg_game_free(g);
    /* CCN-ROCKET-02: moved 1 hex (F2, 4 hexes from F6), it does not battle */
    g = coalition_position(ctx, NULL, rb);
    deal(g, "Attack Center");
    {
        const char *one[] = {"F1", NULL};
        play_orders(g, "Attack Center", one);
    }
    move_to(g, "F1", "F2");
    wgp_choose(g, "end movement");
    ck_assert_int_lt(wgp_find(g, "B-RB"), 0);
    ck_assert_int_eq(wgp_option_count(g), 1);
    wg_game_free(g);
    /* CCN-ROCKET-03, CCN-ROCKET-14: an adjacent enemy is no ranged target: the battery melees it with 2
       dice, and may not fire past it */
    g = coalition_position(ctx, NULL, "unit 0 british rocket F1\nunit 1 french line F2\nunit 1 french line F5\n");
    deal(g, "Attack Center");
    {
        const char *one[] = {"F1", NULL};
        to_combat(g, "Attack Center", one);
    }
    ck_assert_int_eq(dice_of(g, "melee: B-RB #1 [3/3] at F1 -> F-LN #2"), 2);
    ck_assert_int_lt(wgp_find(g, "fire: B-RB"), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-BASE-23: a line unit that enters a forest may not battle that turn (light infantry may);
   CCN-TERRAIN-01, CCN-TERRAIN-13: a unit may fight in the turn it enters an orchard or a marsh. */
START_TEST(test_battle_on_entry)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    /* F8 -> F7 (adjacent to the British at F6) */
    static const struct {
        const char *terrain, *what;
        int dice; /* -1: may not battle */
    } cases[] = {
        {"F7=forest", "line", -1}, /* CCN-BASE-23 */
        {"F7=forest", "light", 4}, /* CCN-BASE-23: light infantry battles out of the forest, no reduction */
        {"F7=orchard", "line", 5}, /* CCN-TERRAIN-01; CCN-TERRAIN-02: infantry not reduced */
        {"F7=marsh", "line", 4},   /* CCN-TERRAIN-13; CCN-TERRAIN-14: -1 battling out of a marsh */
        {NULL, "line", 5},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        char rec[128];
        snprintf(rec, sizeof rec, "unit 1 french %s F8\nunit 0 british line F6\n", cases[c].what);
        wg_game *g = position(ctx, cases[c].terrain, rec, 4);
        deal(g, "Attack Center");
        const char *one[] = {"F8", NULL};
        play_orders(g, "Attack Center", one);
        move_to(g, "F8", "F7");
        wgp_choose(g, "end movement");
        long i = wgp_find(g, "melee: F-");
        if (cases[c].dice < 0)
            ck_assert_msg(i < 0 && wgp_option_count(g) == 1, "%s %s: %s", cases[c].terrain, cases[c].what,
                          wgp_options_dump(g));
        else
            ck_assert_msg(i >= 0 && wgc_option_int(g, i, "dice") == cases[c].dice, "%s %s: %s", cases[c].terrain,
                          cases[c].what, wgp_options_dump(g));
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* ================================================================ combat dice and hits */

/* The dice of the roll now to be made ("roll N battle dice: ..."). */
static int dice_of_roll(wg_game *g)
{
    const char *d = strstr(wgp_decision(g), "roll ");
    ck_assert_msg(d != NULL, "%s", wgp_decision(g));
    return atoi(d + 5);
}

/* The dice of the French unit at `from` against the unit at `at`, nobody having moved. */
static int64_t standing_dice(wg_ctx *ctx, const char *terrain, const char *records, const char *from, const char *at)
{
    wg_game *g = position(ctx, terrain, records, 4);
    deal(g, "Attack Center");
    const char *one[] = {from, NULL};
    to_combat(g, "Attack Center", one);
    char want[64];
    snprintf(want, sizeof want, "at %s -> ", from);
    int64_t n = -1;
    size_t cnt = wgp_option_count(g);
    char tail[32];
    snprintf(tail, sizeof tail, "] at %s, ", at);
    for (size_t i = 0; i < cnt; i++) {
        const char *l = wgp_label(g, i);
        if (strstr(l, want) && strstr(l, tail))
            n = wgc_option_int(g, (long)i, "dice");
    }
    wg_game_free(g);
    return n; /* -1: no such attack */
}

/* CCN-TERRAIN-02: battling out of an orchard, artillery -1 (infantry 0); CCN-TERRAIN-03: targeting a
   unit in an orchard -1; CCN-TERRAIN-14: a unit in a marsh -1 in ranged and melee; CCN-TERRAIN-15:
   targeting a unit in a marsh -1 in melee only; CCN-TERRAIN-17, CCN-TERRAIN-18, CCN-TERRAIN-19: a walled garden rolls
   as a forest, a walled farm and a church as a town. */
START_TEST(test_terrain_dice)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    const char *fire = "unit 1 french line E6\nunit 0 british line E4\n";
    const char *art = "unit 1 french foot-art E6\nunit 0 british line E4\n";
    const char *melee = "unit 1 french line E6\nunit 0 british line E5\n";
    int64_t clear_fire = standing_dice(ctx, NULL, fire, "E6", "E4");
    int64_t clear_art = standing_dice(ctx, NULL, art, "E6", "E4");
    int64_t clear_melee = standing_dice(ctx, NULL, melee, "E6", "E5");
    ck_assert_int_eq(clear_fire, 4);
    ck_assert_int_eq(clear_melee, 5);
    ck_assert_int_gt(clear_art, 1);
    /* CCN-TERRAIN-02 */
    ck_assert_int_eq(standing_dice(ctx, "E6=orchard", art, "E6", "E4"), clear_art - 1);
    ck_assert_int_eq(standing_dice(ctx, "E6=orchard", melee, "E6", "E5"), clear_melee);
    /* CCN-TERRAIN-03 */
    ck_assert_int_eq(standing_dice(ctx, "E5=orchard", melee, "E6", "E5"), clear_melee - 1);
    ck_assert_int_eq(standing_dice(ctx, "E4=orchard", fire, "E6", "E4"), clear_fire - 1);
    /* CCN-TERRAIN-14 */
    ck_assert_int_eq(standing_dice(ctx, "E6=marsh", fire, "E6", "E4"), clear_fire - 1);
    ck_assert_int_eq(standing_dice(ctx, "E6=marsh", melee, "E6", "E5"), clear_melee - 1);
    /* CCN-TERRAIN-15 */
    ck_assert_int_eq(standing_dice(ctx, "E4=marsh", fire, "E6", "E4"), clear_fire);
    ck_assert_int_eq(standing_dice(ctx, "E5=marsh", melee, "E6", "E5"), clear_melee - 1);
    /* CCN-TERRAIN-17, CCN-TERRAIN-18, CCN-TERRAIN-19 */
    int64_t forest = standing_dice(ctx, "E5=forest", melee, "E6", "E5");
    int64_t town = standing_dice(ctx, "E5=town", melee, "E6", "E5");
    ck_assert_int_lt(town, forest);
    ck_assert_int_eq(forest, clear_melee - 1); /* CCN-BASE-23: infantry -1 into a forest */
    ck_assert_int_eq(standing_dice(ctx, "E5=walled-garden", melee, "E6", "E5"), forest);
    ck_assert_int_eq(standing_dice(ctx, "E5=walled-farm", melee, "E6", "E5"), town);
    ck_assert_int_eq(standing_dice(ctx, "E5=church", melee, "E6", "E5"), town);
    ck_assert_int_eq(standing_dice(ctx, "E4=walled-garden", fire, "E6", "E4"),
                     standing_dice(ctx, "E4=forest", fire, "E6", "E4"));
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-BASE-10: fewer blocks, fewer dice; a 1-block unit may be left without dice by the terrain. */
START_TEST(test_blocks_and_dice)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    ck_assert_int_eq(standing_dice(ctx, NULL, "unit 1 french line E6 blocks=2\nunit 0 british line E4\n", "E6", "E4"),
                     2);
    ck_assert_int_eq(standing_dice(ctx, NULL, "unit 1 french line E6 blocks=2\nunit 0 british line E5\n", "E6", "E5"),
                     3);
    /* 1 block firing at a unit in an orchard: 1 - 1 = 0, no attack */
    ck_assert_int_eq(
        standing_dice(ctx, "E4=orchard", "unit 1 french line E6 blocks=1\nunit 0 british line E4\n", "E6", "E4"), -1);
    ck_assert_int_eq(standing_dice(ctx, NULL, "unit 1 french line E6 blocks=1\nunit 0 british line E4\n", "E6", "E4"),
                     1);
    /* a 1-block cavalry unit in an orchard (-1) melees nobody; with 2 blocks, 1 die */
    ck_assert_int_eq(
        standing_dice(ctx, "G6=orchard", "unit 1 french light-cav G6 blocks=1\nunit 0 british line H5\n", "G6", "H5"),
        -1);
    ck_assert_int_eq(
        standing_dice(ctx, "G6=orchard", "unit 1 french light-cav G6 blocks=2\nunit 0 british line H5\n", "G6", "H5"),
        1);
    wg_ctx_free(ctx);
}
END_TEST

/* The French line at E6 (fire at E4) or E5 (melee at E4) against the British line at E4: in the
   roll of that combat. */
static wg_game *french_attack_b(wg_ctx *ctx, const char *terrain, const char *target, int blocks, int melee)
{
    char rec[256], b[16] = "";
    if (blocks)
        snprintf(b, sizeof b, " blocks=%d", blocks);
    snprintf(rec, sizeof rec, "unit 1 french line %s\nunit 0 %s E4%s\n", melee ? "E5" : "E6", target, b);
    wg_game *g = position(ctx, terrain, rec, 4);
    deal(g, "Attack Center");
    const char *one[] = {melee ? "E5" : "E6", NULL};
    to_combat(g, "Attack Center", one);
    attack(g, melee ? "melee: F-LN #1" : "fire: F-LN #1");
    return g;
}

static wg_game *french_attack(wg_ctx *ctx, const char *terrain, const char *target, int melee)
{
    return french_attack_b(ctx, terrain, target, 0, melee);
}

/* Sabers hit in melee but not in ranged combat (CCN-GAP-04 proposal); unit icons hit units of that
   arm; militia score no saber hits (CCN-BASE-09); CCN-ROCKET-11: a Rocket Battery is hit by artillery
   icons in ranged combat. */
START_TEST(test_hits)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = french_attack(ctx, NULL, "british line", 0);
    size_t ev = wgp_event_count(g);
    ROLL(g, 5, 5, 1, 3); /* ranged: 1 infantry hits, the sabers do not */
    ck_assert_int_ge(wgp_find_event(g, ev, ": 1 hit, 0 flags", 0), 0);
    ck_assert_int_ge(wgp_find_event(g, ev, "#2 loses 1 block (3 left)", 0), 0);
    wg_game_free(g);
    /* CCN-BASE-01: faces 1 and 2 infantry, 3 cavalry, 4 artillery, 5 saber, 6 flag */
    g = french_attack(ctx, NULL, "british line", 1);
    ev = wgp_event_count(g);
    ROLL(g, 1, 2, 3, 4, 6);
    ck_assert_str_eq(wgp_event(g, (size_t)wgp_find_event(g, ev, "rolled ", 0), 0),
                     "rolled 2 infantry, 1 cavalry, 1 artillery, 1 flag: 2 hits, 1 flag");
    wg_game_free(g);
    g = french_attack(ctx, NULL, "british line", 1);
    ev = wgp_event_count(g);
    ROLL(g, 5, 5, 1, 3, 4); /* melee (5 dice): the infantry and both sabers hit */
    ck_assert_int_ge(wgp_find_event(g, ev, "rolled 1 infantry, 1 cavalry, 1 artillery, 2 sabers", 0), 0);
    ck_assert_int_ge(wgp_find_event(g, ev, ": 3 hits, 0 flags", 0), 0);
    ck_assert_int_ge(wgp_find_event(g, ev, "#2 loses 3 blocks (1 left)", 0), 0);
    wg_game_free(g);
    /* cavalry icons hit cavalry, not infantry */
    g = french_attack(ctx, NULL, "british light-cav", 1);
    ev = wgp_event_count(g);
    ROLL(g, 3, 3, 1, 4);
    ck_assert_int_ge(wgp_find_event(g, ev, ": 2 hits, 0 flags", 0), 0);
    wg_game_free(g);
    /* CCN-ROCKET-11: artillery icons hit the battery, infantry icons do not */
    g = french_attack(ctx, NULL, "british rocket", 0);
    ev = wgp_event_count(g);
    ROLL(g, 4, 4, 1, 2);
    ck_assert_int_ge(wgp_find_event(g, ev, ": 2 hits, 0 flags", 0), 0);
    ck_assert_int_ge(wgp_find_event(g, ev, "#2 loses 2 blocks (1 left)", 0), 0);
    wg_game_free(g);

    /* CCN-BASE-09: Russian militia melee: no saber hits; a Russian line unit's sabers do hit */
    for (int k = 0; k < 2; k++) {
        g = coalition_position(ctx, NULL,
                               k ? "unit 0 russian line E4\nunit 1 french line E5\n"
                                 : "unit 0 russian militia E4 blocks=3\nunit 1 french line E5\n");
        deal(g, "Attack Center");
        const char *one[] = {"E4", NULL};
        to_combat(g, "Attack Center", one);
        attack(g, "melee: R-");
        ck_assert_ptr_nonnull(strstr(wgp_decision(g), "roll 3 battle dice"));
        ev = wgp_event_count(g);
        ROLL(g, 5, 5, 1);
        ck_assert_int_ge(wgp_find_event(g, ev, k ? ": 3 hits, 0 flags" : ": 1 hit, 0 flags", 0), 0);
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-ROCKET-12, CCN-ROCKET-14: a 1-block Rocket Battery still rolls 2 dice, in ranged combat and
   in melee. */
START_TEST(test_rocket_one_block)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = coalition_position(ctx, NULL, "unit 0 british rocket F1 blocks=1\nunit 1 french line F4\n");
    deal(g, "Attack Center");
    const char *one[] = {"F1", NULL};
    to_combat(g, "Attack Center", one);
    ck_assert_int_eq(dice_of(g, "fire: B-RB #1 [1/3]"), 2);
    wg_game_free(g);
    g = coalition_position(ctx, NULL, "unit 0 british rocket F1 blocks=1\nunit 1 french line F2\n");
    deal(g, "Attack Center");
    to_combat(g, "Attack Center", one);
    ck_assert_int_eq(dice_of(g, "melee: B-RB #1 [1/3]"), 2);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-BASE-11, CCN-LEADERCAS-02, CCN-LEADERCAS-06: a lone Leader meleed: one saber eliminates him (even for
   militia, who score no saber hits), flags do nothing, otherwise he retreats 1 to 3 hexes; the
   attacker may take ground.  CCN-BASE-12: in ranged combat one saber is not enough.  CCN-GAP-21: a
   Victory Flag for the eliminated Leader. */
START_TEST(test_lone_leader_melee)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    const char *rec = "unit 1 french line E6\nleader 0 british E5 \"Paget\"\nunit 0 british line A1\n";
    wg_game *g = position(ctx, NULL, rec, 4);
    deal(g, "Attack Center");
    const char *one[] = {"E6", NULL};
    to_combat(g, "Attack Center", one);
    ck_assert_int_eq(dice_of(g, "melee: F-LN #1 [4/4] at E6 -> Leader Paget #2 at E5"), 4); /* CCN-LEADERCAS-02 */
    wg_game *base = NULL;
    ck_assert_int_eq(wg_game_clone(&base, g), WG_OK);
    attack(g, "melee: F-LN #1");
    size_t ev = wgp_event_count(g);
    ROLL(g, 5, 1, 2, 3);
    ck_assert_int_ge(wgp_find_event(g, ev, "the lone Leader #2 is hit", 0), 0);                        /* CCN-BASE-11 */
    ck_assert_int_ge(wgp_find_event(g, ev, "French wins 1 Victory Flag (elimination): 1 held", 0), 0); /* CCN-GAP-21 */
    ck_assert_int_lt(piece_at(g, "E5", 1), 0);
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "French may take ground"));
    wgp_choose(g, "take ground into E5");
    ck_assert_int_ge(piece_at(g, "E5", 0), 0);
    wg_game_free(g);

    /* four flags, no saber: the Leader survives and retreats 1 to 3 hexes, no more (CCN-LEADERCAS-06) */
    ck_assert_int_eq(wg_game_clone(&g, base), WG_OK);
    attack(g, "melee: F-LN #1");
    ev = wgp_event_count(g);
    ROLL(g, 6, 6, 6, 6);
    ck_assert_int_lt(wgp_find_event(g, ev, "is hit", 0), 0);
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "retreats the lone Leader Paget #2 at E5 1 to 3 hexes"));
    ck_assert_int_gt(wgp_count(g, "retreat to "), 0);
    ck_assert_int_ge(wgp_find(g, "retreat to E2"), 0); /* 3 rows up */
    ck_assert_int_lt(wgp_find(g, "retreat to E1"), 0); /* 4: not for 4 flags */
    ck_assert_int_lt(wgp_find(g, "retreat to E6"), 0);
    wgp_choose(g, "retreat to E2");
    ck_assert_int_ge(piece_at(g, "E2", 1), 0);
    /* the attacker may take the vacated hex */
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "French may take ground"));
    wg_game_free(g);
    wg_game_free(base);

    /* CCN-BASE-12: fire with one saber does not eliminate the Leader */
    g = position(ctx, NULL, "unit 1 french line E7\nleader 0 british E5 \"Paget\"\nunit 0 british line A1\n", 4);
    deal(g, "Attack Center");
    const char *e7[] = {"E7", NULL};
    to_combat(g, "Attack Center", e7);
    attack(g, "fire: F-LN #1 [4/4] at E7 -> Leader Paget #2");
    ev = wgp_event_count(g);
    ROLL(g, 5, 1, 2, 3);
    ck_assert_int_lt(wgp_find_event(g, ev, "is hit", 0), 0);
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "1 to 3 hexes"));
    wg_game_free(g);

    /* CCN-BASE-11: militia, who score no saber hits, eliminate a lone Leader with one saber */
    g = coalition_position(ctx, NULL, "unit 0 russian militia E4\nleader 1 french E5 \"Ney\"\nunit 1 french line A9\n");
    deal(g, "Attack Center");
    const char *e4[] = {"E4", NULL};
    to_combat(g, "Attack Center", e4);
    attack(g, "melee: R-MI #1 [4/4] at E4 -> Leader Ney #2");
    ev = wgp_event_count(g);
    ROLL(g, 5, 1, 2, 3);
    ck_assert_int_ge(wgp_find_event(g, ev, "the lone Leader #2 is hit", 0), 0);
    ck_assert_int_ge(wgp_find_event(g, ev, "Coalition wins 1 Victory Flag (elimination)", 0), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-UNITS-02: a Leader is not a unit and never battles, even when ordered alone next to the enemy. */
START_TEST(test_leader_never_battles)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = position(ctx, NULL,
                          "leader 1 french E6 \"Ney\"\nunit 1 french line G6\nunit 0 british line E5\n"
                          "unit 0 british line G5\n",
                          4);
    deal(g, "Probe Center");
    const char *two[] = {"E6", "G6", NULL};
    to_combat(g, "Probe Center", two);
    ck_assert_int_eq(piece_int(g, piece_at(g, "E6", 1), "ordered"), 1);
    ck_assert_int_ge(wgp_find(g, "melee: F-LN #2"), 0);
    ck_assert_int_lt(wgp_find(g, "melee: Leader"), 0);
    ck_assert_int_lt(wgp_find(g, "fire: Leader"), 0);
    ck_assert_int_eq(wgp_option_count(g), 2); /* the line unit's melee and "end combat" */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-S13-09, CCN-S14-09, CCN-S15-07: French line recruits (`recruits side=1`) get no extra melee
   die attacking infantry; CCN-GAP-36: battling back they keep it. */
START_TEST(test_recruits)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    const char *rec =
        "unit 1 french line E5\nunit 0 british line E4\nunit 1 french line G5\nunit 0 british light-cav G4\n";
    char with[512];
    snprintf(with, sizeof with, "%srecruits side=1\n", rec);
    wg_game *g = position(ctx, NULL, with, 4);
    deal(g, "Attack Center");
    const char *two[] = {"E5", "G5", NULL};
    to_combat(g, "Attack Center", two);
    ck_assert_int_eq(dice_of(g, "melee: F-LN #1 [4/4] at E5 -> B-LN #2"), 4);
    ck_assert_int_eq(dice_of(g, "melee: F-LN #3 [4/4] at G5 -> B-LC #4"), 4);
    wg_game_free(g);
    g = position(ctx, NULL, rec, 4);
    deal(g, "Attack Center");
    to_combat(g, "Attack Center", two);
    ck_assert_int_eq(dice_of(g, "melee: F-LN #1 [4/4] at E5 -> B-LN #2"), 5); /* not recruits */
    wg_game_free(g);

    /* battling back, the recruits roll 4 + 1 */
    g = coalition_position(ctx, NULL, with);
    deal(g, "Attack Center");
    const char *e4[] = {"E4", NULL};
    to_combat(g, "Attack Center", e4);
    attack(g, "melee: B-LN #2 [4/4] at E4 -> F-LN #1");
    size_t ev = wgp_event_count(g);
    ROLL(g, 3, 4, 3, 4); /* no hit, no flag */
    ck_assert_ptr_nonnull(
        strstr(wgp_decision(g), "roll 5 battle dice: F-LN #1 [4/4] at E5 battles back against B-LN #2"));
    ck_assert_int_ge(wgp_find_event(g, ev, "battle back with 5 dice: #1 -> #2", 0), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ================================================================ flags and retreats */

/* CCN-DEC-12, CCN-GAP-50: the flags a unit may ignore add up (its own, its terrain's, its attached Leader's) and
   the owner picks how many; CCN-TERRAIN-17, CCN-TERRAIN-18, CCN-TERRAIN-19, CCN-TERRAIN-20: church, walled farm and
   walled garden ignore 1. */
START_TEST(test_flag_ignores)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    /* a British grenadier (ignore 1) in a church (1) with an attached Leader (1), 3 flags */
    wg_game *g = position(ctx, "E4=church",
                          "unit 1 french line E5\nunit 0 british grenadier E4\nleader 0 british E4 \"Hill\"\n", 4);
    deal(g, "Attack Center");
    const char *e5[] = {"E5", NULL};
    to_combat(g, "Attack Center", e5);
    attack(g, "melee: F-LN #1 [4/4] at E5 -> B-GR #2");
    ROLL(g, 6, 6, 6);
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_ptr_nonnull(
        strstr(wgp_decision(g), "how many of the 3 flags against B-GR #2 [4/4] at E4 to ignore (at most 3)"));
    ck_assert_int_eq(wgp_count(g, "ignore "), 4); /* 0, 1, 2 or 3 */
    ck_assert_int_ge(find_exact(g, "ignore 0 of 3 flags"), 0);
    ck_assert_int_ge(find_exact(g, "ignore 3 of 3 flags"), 0);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "ignore 1 of 3 flags");
    ck_assert_int_ge(wgp_find_event(g, ev, "#2 ignores 1 of 3 flags", 0), 0);
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "(2 hexes to go)"));
    wg_game_free(g);

    /* each of the three buildings lets a line unit ignore 1 of 2 flags; in the clear none */
    static const char *const ter[] = {"E4=church", "E4=walled-farm", "E4=walled-garden", NULL};
    for (int k = 0; k < 4; k++) {
        g = french_attack(ctx, ter[k], "british line", 1);
        /* 3 dice into a church or a walled farm, 4 into a walled garden, 5 in the clear */
        if (k < 2)
            ROLL(g, 6, 6, 3);
        else if (k == 2)
            ROLL(g, 6, 6, 3, 3);
        else
            ROLL(g, 6, 6, 3, 3, 3);
        if (ter[k]) {
            ck_assert_msg(strstr(wgp_decision(g), "to ignore (at most 1)"), "%s: %s", ter[k], wgp_decision(g));
            wgp_choose(g, "ignore 1 of 2 flags");
            ck_assert_ptr_nonnull(strstr(wgp_decision(g), "(1 hex to go)")); /* CCN-TERRAIN-20 */
        } else
            ck_assert_ptr_nonnull(strstr(wgp_decision(g), "(2 hexes to go)"));
        wg_game_free(g);
    }

    /* CCN-TERRAIN-20: against a Rocket Battery's 2 flags the church ignores none */
    g = coalition_position(ctx, "E6=church", "unit 0 british rocket E1\nunit 1 french line E6\n");
    deal(g, "Attack Center");
    const char *e1[] = {"E1", NULL};
    to_combat(g, "Attack Center", e1);
    attack(g, "fire: B-RB #1 [3/3] at E1 -> F-LN #2 [4/4] at E6");
    ROLL(g, 6, 6);
    ck_assert_int_eq(wgp_decider(g), 1);
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "French retreats F-LN #2 [4/4] at E6 (2 hexes to go)"));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-GHA-04, CCN-GHA-05: the Guard Horse Artillery may ignore 2 flags and retreats 1 hex per flag; against
   a Rocket Battery it ignores none. */
START_TEST(test_guard_horse_artillery_flags)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    for (int k = 0; k < 2; k++) {
        wg_game *g = coalition_position(ctx, NULL, "unit 0 british line E4\nunit 1 french guard-horse-art E5\n");
        deal(g, "Attack Center");
        const char *e4[] = {"E4", NULL};
        to_combat(g, "Attack Center", e4);
        attack(g, "melee: B-LN #1 [4/4] at E4 -> F-GHA #2 [3/3] at E5");
        ROLL(g, 6, 6, 6, 1); /* 3 flags; the infantry icon does not hit artillery */
        ck_assert_int_eq(wgp_decider(g), 1);
        ck_assert_ptr_nonnull(
            strstr(wgp_decision(g), "how many of the 3 flags against F-GHA #2 [3/3] at E5 to ignore (at most 2)"));
        wgp_choose(g, k ? "ignore 0 of 3 flags" : "ignore 2 of 3 flags");
        ck_assert_ptr_nonnull(strstr(wgp_decision(g), k ? "(3 hexes to go)" : "(1 hex to go)"));
        wg_game_free(g);
    }
    wg_game *g = coalition_position(ctx, NULL, "unit 0 british rocket E1\nunit 1 french guard-horse-art E6\n");
    deal(g, "Attack Center");
    const char *e1[] = {"E1", NULL};
    to_combat(g, "Attack Center", e1);
    attack(g, "fire: B-RB #1");
    ROLL(g, 6, 6);
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "French retreats F-GHA #2 [3/3] at E6 (2 hexes to go)"));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-DEC-13: a retreat goes hex by hex toward the own edge, the owner choosing each hex;
   CCN-TACNOTES-05: a hex that cannot be entered costs a block. */
START_TEST(test_retreats)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = french_attack(ctx, NULL, "british line", 0);
    ROLL(g, 6, 6, 3, 4); /* 2 flags at E4 */
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "Coalition retreats B-LN #2 [4/4] at E4 (2 hexes to go)"));
    ck_assert_int_eq(wgp_count(g, "retreat to "), 2);
    ck_assert_int_ge(find_exact(g, "retreat to E3"), 0);
    ck_assert_int_ge(find_exact(g, "retreat to F3"), 0);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "retreat to F3");
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "at F3 (1 hex to go)"));
    ck_assert_int_eq(wgp_count(g, "retreat to "), 2);
    ck_assert_int_ge(find_exact(g, "retreat to E2"), 0);
    ck_assert_int_ge(find_exact(g, "retreat to F2"), 0);
    wgp_choose(g, "retreat to E2");
    ck_assert_int_ge(wgp_find_event(g, ev, "retreated B-LN #2 from E4 to F3", 0), 0);
    ck_assert_int_ge(wgp_find_event(g, ev, "retreated B-LN #2 from F3 to E2", 0), 0);
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "French battles with an ordered unit or ends combat"));
    wg_game_free(g);

    /* CCN-TACNOTES-05: a cavalry unit on the top edge: both hexes blocked, a block each */
    g = position(ctx, NULL, "unit 1 french line E3\nunit 0 british light-cav E1\n", 4);
    deal(g, "Attack Center");
    const char *e3[] = {"E3", NULL};
    to_combat(g, "Attack Center", e3);
    attack(g, "fire: F-LN #1");
    ev = wgp_event_count(g);
    ROLL(g, 6, 6, 1, 4); /* 2 flags; infantry and artillery icons do not hit cavalry */
    ck_assert_int_ge(wgp_find_event(g, ev, "#2 cannot retreat further from E1: a block lost", 0), 0);
    ck_assert_int_ge(wgp_find_event(g, ev, "#2 loses 1 block (2 left)", 0), 0);
    ck_assert_int_ge(wgp_find_event(g, ev, "#2 loses 1 block (1 left)", 0), 0);
    ck_assert_int_eq(piece_int(g, piece_at(g, "E1", 0), "blocks"), 1);
    wg_game_free(g);

    /* one hex free (E1), the other (F1) held by a friend: one step, then a block for the second */
    g = position(ctx, NULL, "unit 1 french line E4\nunit 0 british light-cav E2\nunit 0 british line F1\n", 4);
    deal(g, "Attack Center");
    const char *e4[] = {"E4", NULL};
    to_combat(g, "Attack Center", e4);
    attack(g, "fire: F-LN #1 [4/4] at E4 -> B-LC #2");
    ROLL(g, 6, 6, 1, 4);
    ck_assert_int_eq(wgp_count(g, "retreat to "), 1);
    ev = wgp_event_count(g);
    wgp_choose(g, "retreat to E1");
    ck_assert_int_ge(wgp_find_event(g, ev, "#2 cannot retreat further from E1: a block lost", 0), 0);
    ck_assert_int_eq(piece_int(g, piece_at(g, "E1", 0), "blocks"), 2);
    wg_game_free(g);

    /* an enemy Leader in the way (D2) and a friend (C2): blocked at once */
    g = position(ctx, NULL,
                 "unit 1 french line E5\nunit 0 british light-cav D3\nunit 0 british line C2\nleader 1 french D2 "
                 "\"Ney\"\n",
                 4);
    deal(g, "Attack Center");
    const char *e5[] = {"E5", NULL};
    to_combat(g, "Attack Center", e5);
    attack(g, "fire: F-LN #1 [4/4] at E5 -> B-LC #2");
    ev = wgp_event_count(g);
    ROLL(g, 6, 1, 2, 4);
    ck_assert_int_ge(wgp_find_event(g, ev, "#2 cannot retreat further from D3: a block lost", 0), 0);
    ck_assert_int_eq(piece_int(g, piece_at(g, "D3", 0), "blocks"), 2);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Hexes of retreat per flag, from the pack: CCN-BASE-10 (line 1 per flag, militia otherwise),
   CCN-SCEN-06 (Hanoverian line 2), CCN-BASE-28 (Prussian line 1 for the first flag, 2 for each
   further), CCN-ROCKET-15 (the Rocket Battery 1). */
START_TEST(test_retreat_hexes)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    static const struct {
        const char *target;
        int flags, hexes;
    } cases[] = {
        {"british line", 1, 1},  {"british line", 2, 2},  {"russian militia", 1, 3}, {"hanoverian line", 1, 2},
        {"prussian line", 1, 1}, {"prussian line", 2, 3}, {"british rocket", 1, 1},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        wg_game *g = french_attack(ctx, NULL, cases[c].target, 0);
        if (cases[c].flags == 1)
            ROLL(g, 6, 5, 3, 3); /* no hit on infantry or artillery in ranged combat */
        else
            ROLL(g, 6, 6, 5, 3);
        char want[32];
        snprintf(want, sizeof want, "(%d hex%s to go)", cases[c].hexes, cases[c].hexes == 1 ? "" : "es");
        ck_assert_msg(strstr(wgp_decision(g), want), "%s, %d flags: %s", cases[c].target, cases[c].flags,
                      wgp_decision(g));
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-DEC-14: a melee that empties the hex lets the attacker take ground (not a ranged combat);
   CCN-BASE-04: a target that stays battles back, one that retreated does not. */
START_TEST(test_take_ground_and_battle_back)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    /* eliminated */
    wg_game *g = french_attack_b(ctx, NULL, "british line", 1, 1);
    size_t ev = wgp_event_count(g);
    ROLL(g, 1, 3, 3, 3, 3);
    ck_assert_int_ge(wgp_find_event(g, ev, "#2 eliminated at E4", 0), 0);
    ck_assert_int_ge(wgp_find_event(g, ev, "French wins 1 Victory Flag (elimination)", 0), 0); /* CCN-GAP-21 */
    ck_assert_int_eq(wgp_decider(g), 1);
    ck_assert_int_ge(find_exact(g, "take ground into E4"), 0);
    ck_assert_int_ge(find_exact(g, "stay, do not take E4"), 0);
    wgp_choose(g, "take ground into E4");
    ck_assert_int_ge(wgp_find_event(g, ev, "took ground F-LN #1 from E5 to E4", 0), 0);
    ck_assert_int_lt(wgp_find_event(g, ev, "battle back", 0), 0);
    wg_game_free(g);
    /* retreated: take ground, no battle back */
    g = french_attack(ctx, NULL, "british line", 1);
    ev = wgp_event_count(g);
    ROLL(g, 6, 3, 3, 3, 3);
    wgp_choose(g, "retreat to E3");
    ck_assert_int_ge(find_exact(g, "take ground into E4"), 0);
    wgp_choose(g, "stay, do not take E4");
    ck_assert_int_lt(wgp_find_event(g, ev, "battle back", 0), 0);
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "French battles with an ordered unit or ends combat"));
    wg_game_free(g);
    /* stayed: it battles back with its own melee dice (4, no bonus) */
    g = french_attack(ctx, NULL, "british line", 1);
    ev = wgp_event_count(g);
    ROLL(g, 3, 3, 3, 3, 4);
    ck_assert_int_ge(wgp_find_event(g, ev, "battle back with 4 dice: #2 -> #1", 0), 0);
    ck_assert_ptr_nonnull(
        strstr(wgp_decision(g), "roll 4 battle dice: B-LN #2 [4/4] at E4 battles back against F-LN #1"));
    ROLL(g, 1, 1, 6, 3);
    ck_assert_int_ge(wgp_find_event(g, ev, "#1 loses 2 blocks (2 left)", 0), 0);
    ck_assert_int_eq(wgp_decider(g), 1); /* the French retreat toward their edge */
    ck_assert_int_ge(find_exact(g, "retreat to D6"), 0);
    ck_assert_int_ge(find_exact(g, "retreat to E6"), 0);
    ck_assert_int_eq(wgp_count(g, "retreat to "), 2);
    wg_game_free(g);
    /* a ranged combat that eliminates: no take ground */
    g = french_attack_b(ctx, NULL, "british line", 1, 0);
    ROLL(g, 1, 3, 3, 3);
    ck_assert_int_lt(wgp_find(g, "take ground"), 0);
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "French battles with an ordered unit or ends combat"));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* The base-game facts the bundled base pack carries, played: CCN-BASE-17 (the terrain chart: into a
   forest infantry -1, cavalry -2, artillery -1; out of it cavalry -2, artillery -1; a hill: into it
   infantry -1, cavalry -1, artillery 0, out of it cavalry -1), CCN-BASE-16 (a castle is a town that
   ignores 2 flags, a tower a town, a church a town that ignores 1), CCN-BASE-21 (the Rocket Battery:
   2 dice at 2 to 5 hexes, none beyond), CCN-BASE-29 (the nation is the placed unit's: a Prussian
   Militia Lancer). */
START_TEST(test_base_pack_facts)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    const char *lm = "unit 1 french line E6\nunit 0 british line E5\n";
    const char *cm = "unit 1 french heavy-cav E6\nunit 0 british line E5\n";
    const char *af = "unit 1 french foot-art E6\nunit 0 british line E4\n";
    const char *lf = "unit 1 french line E6\nunit 0 british line E4\n";
    int64_t l0 = standing_dice(ctx, NULL, lm, "E6", "E5"), c0 = standing_dice(ctx, NULL, cm, "E6", "E5");
    int64_t a0 = standing_dice(ctx, NULL, af, "E6", "E4"), f0 = standing_dice(ctx, NULL, lf, "E6", "E4");
    /* forest: into */
    ck_assert_int_eq(standing_dice(ctx, "E5=forest", lm, "E6", "E5"), l0 - 1);
    ck_assert_int_eq(standing_dice(ctx, "E5=forest", cm, "E6", "E5"), c0 - 2);
    ck_assert_int_eq(standing_dice(ctx, "E4=forest", af, "E6", "E4"), a0 - 1);
    /* forest: out of */
    ck_assert_int_eq(standing_dice(ctx, "E6=forest", lm, "E6", "E5"), l0);
    ck_assert_int_eq(standing_dice(ctx, "E6=forest", cm, "E6", "E5"), c0 - 2);
    ck_assert_int_eq(standing_dice(ctx, "E6=forest", af, "E6", "E4"), a0 - 1);
    /* hill: into, out of */
    ck_assert_int_eq(standing_dice(ctx, "E5=hill", lm, "E6", "E5"), l0 - 1);
    ck_assert_int_eq(standing_dice(ctx, "E5=hill", cm, "E6", "E5"), c0 - 1);
    ck_assert_int_eq(standing_dice(ctx, "E4=hill", af, "E6", "E4"), a0);
    ck_assert_int_eq(standing_dice(ctx, "E4=hill", lf, "E6", "E4"), f0 - 1);
    ck_assert_int_eq(standing_dice(ctx, "E6=hill", lm, "E6", "E5"), l0);
    ck_assert_int_eq(standing_dice(ctx, "E6=hill", cm, "E6", "E5"), c0 - 1);

    /* buildings: the flags a British line unit in them may ignore of 3 */
    static const struct {
        const char *terrain;
        int ign;
    } b[] = {{"E4=castle", 2}, {"E4=tower", 0}, {"E4=church", 1}};
    for (size_t k = 0; k < 3; k++) {
        wg_game *g = french_attack(ctx, b[k].terrain, "british line", 1);
        ck_assert_int_eq(dice_of_roll(g), 3); /* melee into a town-like hex: 4 + 1 - 2 */
        ROLL(g, 6, 6, 6);
        if (b[k].ign) {
            char want[48];
            snprintf(want, sizeof want, "to ignore (at most %d)", b[k].ign);
            ck_assert_msg(strstr(wgp_decision(g), want) != NULL, "%s: %s", b[k].terrain, wgp_decision(g));
        } else
            ck_assert_msg(strstr(wgp_decision(g), "retreats B-LN #2") != NULL, "%s: %s", b[k].terrain,
                          wgp_decision(g));
        wg_game_free(g);
    }

    /* the Rocket Battery: 2 dice at 2 to 5 hexes */
    for (int d = 2; d <= 6; d++) {
        char rec[128], at[4];
        snprintf(at, sizeof at, "E%d", 1 + d);
        snprintf(rec, sizeof rec, "unit 0 british rocket E1\nunit 1 french line %s\n", at);
        wg_game *g = coalition_position(ctx, NULL, rec);
        deal(g, "Attack Center");
        const char *one[] = {"E1", NULL};
        to_combat(g, "Attack Center", one);
        long i = wgp_find(g, "fire: B-RB #1");
        if (d <= 5)
            ck_assert_int_eq(wgc_option_int(g, i, "dice"), 2);
        else
            ck_assert_int_lt(i, 0);
        wg_game_free(g);
    }

    /* a Prussian Militia Lancer is of the Prussian nation */
    wg_game *g = position(ctx, NULL, "unit 0 prussian militia-lancer E2\nunit 1 french line E8\n", 4);
    ck_assert_str_eq(piece_text(g, piece_at(g, "E2", 0), "nation"), "prussian");
    ck_assert_str_eq(piece_text(g, piece_at(g, "E2", 0), "code"), "P-MLNCR");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ================================================================ squares, breakthrough, Combined Arms */

/* A French cavalry unit of `cav` at E5 melees the British line unit at E4 (terrain, British Order
   cards `cards`, `extra` map side records): the reaction window, before any die is rolled. */
static wg_game *cavalry_on_line(wg_ctx *ctx, const char *terrain, int cards, const char *cav, const char *extra)
{
    char rec[256];
    snprintf(rec, sizeof rec, "unit 1 french %s E5\nunit 0 british line E4\n", cav);
    setup st = {terrain, rec, 0, cards, 0, 0, 0, NULL, NULL};
    wg_game *g = NULL;
    if (extra) { /* a map with hexside records */
        char *map = wgc_board(terrain), *sc = scenario_text(&st);
        size_t n = strlen(map) + strlen(extra) + 2;
        char *m2 = malloc(n);
        ck_assert_ptr_nonnull(m2);
        snprintf(m2, n, "%s%s\n", map, extra);
        wgp_doc docs[3] = {{"map", m2}, {"scenario", sc}, {NULL, NULL}};
        int rc = wgp_try_new(&g, ctx, "ccn", "S01", NULL, 1, docs);
        ck_assert_msg(rc == WG_OK, "%s", wg_ctx_errmsg(ctx));
        free(map);
        free(m2);
        free(sc);
    } else
        g = make(ctx, &st);
    deal(g, "Attack Center");
    const char *e5[] = {"E5", NULL};
    to_combat(g, "Attack Center", e5);
    wgp_choose(g, "melee: F-");
    return g;
}

/* CCN-BASE-32 [fan], CCN-DEC-11: infantry meleed by cavalry forms square; a random card of the hand goes
   on the Square track, seen by its owner only; the square strikes first with 1 die, the cavalry then
   rolls 1 die, no battle back; a flag costs the square a block instead of a retreat. */
START_TEST(test_square)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = cavalry_on_line(ctx, NULL, 4, "heavy-cav", NULL);
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_int_ge(find_exact(g, "form square (a random Order card goes on the Square track)"), 0);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "form square");
    /* the chance decision of the card: the British read it, the French may not */
    ck_assert_int_eq(wgp_decider(g), WG_PLAYER_CHANCE);
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "a card of Coalition's Order hand, at random, goes on the Square track"));
    size_t n = 0;
    ck_assert_int_eq(wg_game_option_count_for(&n, g, 0), WG_OK);
    ck_assert_uint_eq(n, 1); /* one kind held: Attack Center x4 */
    ck_assert_int_ne(wg_game_option_count_for(&n, g, 1), WG_OK);
    wgp_choose(g, "Attack Center goes on the Square track");
    ck_assert_int_ge(wgp_find_event(g, ev, "#2 forms square", 1), 0);
    ck_assert_int_ge(wgp_find_event(g, ev, "Coalition: Attack Center goes on the Square track", 0), 0);
    ck_assert_int_lt(wgp_find_event(g, ev, "Attack Center goes on the Square track", 1), 0);
    ck_assert_int_ge(wgp_find_event(g, ev, "Coalition: an Order card goes on the Square track", 1), 0);
    long sq = piece_at(g, "E4", 0);
    ck_assert_int_eq(piece_int(g, sq, "square"), 1);
    ck_assert_str_eq(piece_text(g, sq, "square_card"), "Attack Center");
    char buf[64];
    ck_assert_int_eq(wg_game_attr_text(buf, sizeof buf, NULL, g, 1, WG_ATTR_PIECE, (size_t)sq, "square_card"),
                     WG_ENOTFOUND);
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 1), "Coalition: 3 Order cards")); /* the hand lost a card */
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 1), "Square track: (#2)"));
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 0), "Square track: Attack Center (#2)"));
    /* the square strikes first, 1 die */
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "roll 1 battle dice: B-LN #2 [4/4] in square at E4 battles back "
                                                  "against F-HC #1"));
    ROLL(g, 1); /* an infantry symbol: no hit on cavalry */
    /* then the cavalry, 1 die: a flag costs the square a block, no retreat */
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "roll 1 battle dice: F-HC #1"));
    ev = wgp_event_count(g);
    ROLL(g, 6);
    ck_assert_int_ge(wgp_find_event(g, ev, "#2 loses 1 block (3 left)", 0), 0);
    ck_assert_int_lt(wgp_find_event(g, ev, "battle back", 0), 0);
    ck_assert_int_ge(wgp_find_event(g, ev, "#2 loses 1 block (3 left)", 0), 0);
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "French battles with an ordered unit or ends combat"));
    /* the odds of a cavalry melee on the square: 1 die; a flag costs it a block */
    {
        char odds[4096];
        size_t len = 0;
        ck_assert_int_eq(wg_game_odds(odds, sizeof odds, &len, g, WG_VIEW_REFEREE, "attack from=E5 at=E4"), WG_OK);
        ck_assert_msg(strstr(odds, "\"total\":6,") != NULL, "%s", odds);
        ck_assert_msg(strstr(odds, "{\"label\":\"0 hits, 1 flag, 1 block lost to the flags (square)\",\"weight\":1}"),
                      "%s", odds);
        ck_assert_ptr_nonnull(strstr(odds, "\"name\":\"square\""));
    }
    /* the British turn: ordering the square takes it out of square, its card back in the hand */
    finish(g, "Attack Center", "Attack Center");
    ck_assert_int_eq(wgp_decider(g), 0);
    wgp_choose(g, "play Attack Center");
    ev = wgp_event_count(g);
    wgp_choose(g, "at E4");
    ck_assert_int_ge(wgp_find_event(g, ev, "#2 leaves square", 1), 0);
    ck_assert_int_ge(wgp_find_event(g, ev, "Coalition: Attack Center returns to the hand from the Square track", 0), 0);
    ck_assert_int_eq(piece_int(g, sq, "square"), 0);
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 1), "Coalition: 3 Order cards")); /* 3 - 1 played + 1 back */
    wg_game_free(g);

    /* the square's flag on cavalry cannot be ignored; a flag makes it retreat and it rolls no die */
    g = cavalry_on_line(ctx, NULL, 4, "guard-heavy-cav", NULL);
    wgp_choose(g, "form square");
    wgp_choose(g, "Attack Center goes on the Square track");
    ev = wgp_event_count(g);
    ROLL(g, 6);
    ck_assert_int_eq(wgp_decider(g), 1);
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "French retreats F-GHC #1"));
    ck_assert_int_lt(wgp_find(g, "ignore"), 0);
    wg_game_free(g);

    /* a square attacked by cavalry again: no new card, the square strikes first (odds: 1 die) */
    g = cavalry_on_line(ctx, NULL, 4, "heavy-cav", NULL);
    wgp_choose(g, "form square");
    wgp_choose(g, "Attack Center goes on the Square track");
    ROLL(g, 1);
    ROLL(g, 4); /* an artillery symbol: no hit on infantry */
    finish(g, "Attack Center", "Attack Center");
    pass_turn(g, "Attack Center"); /* the British leave it in square */
    ck_assert_int_eq(wgp_decider(g), 1);
    {
        const char *e5[] = {"E5", NULL};
        to_combat(g, "Attack Center", e5);
    }
    ck_assert_int_eq(dice_of(g, "melee: F-HC #1"), 1);
    ev = wgp_event_count(g);
    wgp_choose(g, "melee: F-HC #1");
    if (strstr(wgp_decision(g), " may answer the "))
        wgp_choose(g, "pass (no Tactician card)");
    ck_assert_int_lt(wgp_find_event(g, ev, "forms square", 0), 0); /* formed already: no new card */
    ck_assert_msg(strstr(wgp_decision(g), "roll 1 battle dice: B-LN #2 [4/4] in square") != NULL, "%s", wgp_options_dump(g));
    wg_game_free(g);

    /* no square with 2 Order cards in hand; in a building; in a marsh (CCN-TERRAIN-12); in an orchard
       it may (CCN-TERRAIN-06); against infantry no square */
    static const struct {
        const char *terrain;
        int cards, can;
    } cases[] = {{NULL, 2, 0}, {NULL, 3, 1}, {"E4=town", 4, 0}, {"E4=marsh", 4, 0}, {"E4=orchard", 4, 1},
                 {"E4=forest", 4, 1}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        g = cavalry_on_line(ctx, cases[k].terrain, cases[k].cards, "heavy-cav", NULL);
        int can = wgp_decider(g) == 0 && wgp_find(g, "form square") >= 0;
        ck_assert_msg(can == cases[k].can, "%s, %d cards: %s", cases[k].terrain ? cases[k].terrain : "clear",
                      cases[k].cards, wgp_options_dump(g));
        wg_game_free(g);
    }
    g = french_attack(ctx, NULL, "british line", 1);
    wg_game_free(g); /* (the helper passes the window; an infantry melee offers no square:) */
    {
        setup st = {NULL, "unit 1 french line E5\nunit 0 british line E4\n", 0, 4, 0, 0, 0, NULL, NULL};
        g = make(ctx, &st);
        deal(g, "Attack Center");
        const char *e5[] = {"E5", NULL};
        to_combat(g, "Attack Center", e5);
        wgp_choose(g, "melee: F-LN");
        ck_assert_int_lt(wgp_find(g, "form square"), 0);
        wg_game_free(g);
    }
    /* CCN-TERRAIN-08: not across a fortified hexside (E4's south-west side faces E5), but across
       another side it may */
    g = cavalry_on_line(ctx, NULL, 4, "heavy-cav", "side 4 3 sw fort");
    ck_assert_int_lt(wgp_find(g, "form square"), 0);
    wg_game_free(g);
    g = cavalry_on_line(ctx, NULL, 4, "heavy-cav", "side 4 3 nw fort");
    ck_assert_int_ge(wgp_find(g, "form square"), 0);
    wg_game_free(g);

    /* the rule is the base pack's record: without it no square; a host's numbers change play */
    char *base = wgp_read_source("data/ccn/base.wgd", NULL);
    static const char *const rows[] = {"", "square min-hand=5 cavalry-dice=2 square-dice=3 src=ours"};
    for (int k = 0; k < 2; k++) {
        char *b2 = wgp_replace(base, "square min-hand=3 cavalry-dice=1 square-dice=1 src=fan", rows[k]);
        setup st = {NULL, "unit 1 french heavy-cav E5\nunit 0 british line E4\n", 0, 5, 0, 0, 0, NULL, NULL};
        char *map = wgc_board(NULL), *sc = scenario_text(&st);
        wgp_doc docs[] = {{"map", map}, {"scenario", sc}, {"base", b2}, {NULL, NULL}};
        g = wgp_new(ctx, "ccn", "S01", NULL, 1, docs);
        deal(g, "Attack Center");
        const char *e5[] = {"E5", NULL};
        to_combat(g, "Attack Center", e5);
        wgp_choose(g, "melee: F-HC");
        ck_assert_int_eq(wgp_find(g, "form square") >= 0, k == 1);
        if (k == 1) { /* 5 cards held: allowed; the square rolls 3 dice, the cavalry 2 */
            wgp_choose(g, "form square");
            wgp_choose(g, "Attack Center goes on the Square track");
            ck_assert_ptr_nonnull(strstr(wgp_decision(g), "roll 3 battle dice: B-LN #2 [4/4] in square"));
            ROLL(g, 1, 1, 1);
            ck_assert_ptr_nonnull(strstr(wgp_decision(g), "roll 2 battle dice: F-HC #1"));
        }
        wg_game_free(g);
        free(b2);
        free(map);
        free(sc);
    }
    free(base);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-DEC-23, CCN-BASE-32 [fan]: an ordered artillery unit adjacent to the target adds its melee dice
   to an infantry or cavalry melee and has battled; never a Rocket Battery (CCN-ROCKET-13); cavalry
   that may retire and reform may against an infantry-led Combined Arms melee (CCN-LANCER-10). */
START_TEST(test_combined_arms)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = position(ctx, NULL, "unit 1 french line E5\nunit 1 french foot-art F5\nunit 0 british line E4\n", 4);
    deal(g, "Attack Center");
    const char *two[] = {"E5", "F5", NULL};
    to_combat(g, "Attack Center", two);
    int64_t line = dice_of(g, "melee: F-LN #1 [4/4] at E5 -> B-LN #3");
    int64_t art = dice_of(g, "melee: F-FA #2 [3/3] at F5 -> B-LN #3");
    long ca = wgp_find(g, "melee: F-LN #1 [4/4] at E5 with F-FA #2 [3/3] at F5 (Combined Arms) -> B-LN #3");
    ck_assert_msg(ca >= 0, "%s", wgp_options_dump(g));
    ck_assert_int_eq(wgc_option_int(g, ca, "dice"), line + art);
    ck_assert_int_eq(wgc_option_int(g, ca, "support"), 2);
    ck_assert_int_eq(wgc_option_int(g, wgp_find(g, "melee: F-LN #1 [4/4] at E5 -> B-LN #3"), "dice"), line);
    int64_t v = 0;
    ck_assert_int_eq(wg_game_attr_int(&v, g, WG_VIEW_REFEREE, WG_ATTR_OPTION,
                                      (size_t)wgp_find(g, "melee: F-LN #1 [4/4] at E5 -> B-LN #3"), "support"),
                     WG_ENOTFOUND);
    /* the artillery supports nobody's melee but infantry's and cavalry's: not its own */
    ck_assert_int_lt(wgp_find(g, "melee: F-FA #2 [3/3] at F5 with"), 0);
    /* the odds with the artillery: 6^(line + art) sequences */
    {
        char odds[16384];
        size_t len = 0;
        ck_assert_int_eq(
            wg_game_odds(odds, sizeof odds, &len, g, WG_VIEW_REFEREE, "attack from=E5 at=E4 with=F5"), WG_OK);
        char want[64];
        uint64_t total = 1;
        for (int k = 0; k < line + art; k++)
            total *= 6;
        snprintf(want, sizeof want, "\"total\":%llu,", (unsigned long long)total);
        ck_assert_msg(strstr(odds, want) != NULL, "%s", odds);
        ck_assert_ptr_nonnull(strstr(odds, "\"name\":\"combined_arms\""));
        ck_assert_int_eq(wg_game_odds(odds, sizeof odds, &len, g, WG_VIEW_REFEREE, "attack from=E5 at=E4 with=E4"),
                         WG_ESTATE);
    }
    size_t ev = wgp_event_count(g);
    wgp_choose_index(g, (size_t)ca);
    if (strstr(wgp_decision(g), " may answer the "))
        wgp_choose(g, "pass (no Tactician card)");
    char roll_txt[80];
    snprintf(roll_txt, sizeof roll_txt, "roll %lld battle dice: F-LN #1", (long long)(line + art));
    ck_assert_msg(strstr(wgp_decision(g), roll_txt) != NULL, "%s", wgp_decision(g));
    char ev_txt[80];
    snprintf(ev_txt, sizeof ev_txt, "melee with %lld dice: #1 -> #3 (Combined Arms with #2)", (long long)(line + art));
    ck_assert_int_ge(wgp_find_event(g, ev, ev_txt, 1), 0);
    {
        int64_t faces[16];
        for (int k = 0; k < line + art; k++)
            faces[k] = 4; /* artillery symbols: no hit on infantry */
        wgc_roll(g, faces, (size_t)(line + art));
    }
    /* the battle back answers the leading unit only */
    ck_assert_msg(strstr(wgp_decision(g), "battles back against F-LN #1") != NULL, "%s", wgp_decision(g));
    ROLL(g, 4, 4, 4, 4);
    /* the artillery has battled */
    ck_assert_int_lt(wgp_find(g, "F-FA #2"), 0);
    wg_game_free(g);

    /* a Rocket Battery next to the target supports no melee; a foot artillery unit there does */
    for (int rocket = 0; rocket < 2; rocket++) {
        char rec[160];
        snprintf(rec, sizeof rec, "unit 0 british line E4\nunit 0 british %s F4\nunit 1 french line F5\n",
                 rocket ? "rocket" : "foot-art");
        g = coalition_position(ctx, NULL, rec);
        deal(g, "Attack Center");
        const char *both[] = {"E4", "F4", NULL};
        to_combat(g, "Attack Center", both);
        ck_assert_int_eq(wgp_find(g, "(Combined Arms)") >= 0, !rocket);
        wg_game_free(g);
    }

    /* CCN-LANCER-10: a Lancer meleed by infantry with Combined Arms may retire and reform */
    g = position(ctx, NULL, "unit 1 french line E5\nunit 1 french foot-art F5\nunit 0 russian lancer E4\n", 4);
    deal(g, "Attack Center");
    to_combat(g, "Attack Center", two);
    wgp_choose(g, "(Combined Arms)");
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_int_ge(wgp_find(g, "retire"), 0);
    wg_game_free(g);
    /* led by cavalry, no retire */
    g = position(ctx, NULL, "unit 1 french heavy-cav E5\nunit 1 french foot-art F5\nunit 0 russian lancer E4\n", 4);
    deal(g, "Attack Center");
    to_combat(g, "Attack Center", two);
    wgp_choose(g, "(Combined Arms)");
    ck_assert_int_lt(wgp_decider(g) == 0 ? wgp_find(g, "retire") : -1, 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-DEC-14, CCN-BASE-32 [fan]: cavalry that took ground may go one hex more and melee again (its
   bonus melee; no second breakthrough); infantry that takes ground does not. */
START_TEST(test_breakthrough)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = position(ctx, NULL,
                          "unit 1 french heavy-cav E5\nunit 0 british line E4 blocks=1\nunit 0 british line E2 blocks=1\n",
                          4);
    deal(g, "Attack Center");
    const char *e5[] = {"E5", NULL};
    to_combat(g, "Attack Center", e5);
    int64_t n = dice_of(g, "melee: F-HC #1");
    wgp_choose(g, "melee: F-HC #1 [4/4] at E5 -> B-LN #2");
    if (wgp_decider(g) == 0)
        wgp_choose(g, "pass (no Tactician card)");
    int64_t ones[16];
    for (int k = 0; k < n; k++)
        ones[k] = 1;
    wgc_roll(g, ones, (size_t)n);
    wgp_choose(g, "take ground into E4");
    ck_assert_int_eq(wgp_decider(g), 1);
    ck_assert_msg(strstr(wgp_decision(g), "F-HC #1 [4/4] at E4 breaks through: one hex more, or stay") != NULL, "%s",
                  wgp_decision(g));
    ck_assert_int_ge(wgp_find(g, "to E3 "), 0);
    ck_assert_int_lt(wgp_find(g, "to E2 "), 0); /* occupied */
    ck_assert_int_lt(wgp_find(g, "to E1 "), 0); /* one hex only */
    ck_assert_int_ge(find_exact(g, "stay"), 0);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "to E3 ");
    ck_assert_int_ge(wgp_find_event(g, ev, "#1 breaks through E4 -> E3", 0), 0);
    ck_assert_msg(strstr(wgp_decision(g), "F-HC #1 [4/4] at E3 may make a bonus melee") != NULL, "%s", wgp_decision(g));
    ck_assert_int_ge(find_exact(g, "no bonus melee"), 0);
    ck_assert_int_eq(wgp_count(g, "bonus melee: "), 1);
    wgp_choose(g, "bonus melee: F-HC #1 [4/4] at E3 -> B-LN #3");
    if (wgp_decider(g) == 0)
        wgp_choose(g, "pass (no Tactician card)");
    wgc_roll(g, ones, (size_t)n);
    ck_assert_int_ge(wgp_find_event(g, ev, "#3 eliminated at E2", 0), 0);
    wgp_choose(g, "take ground into E2"); /* take ground after the bonus melee, then no second breakthrough */
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "French battles with an ordered unit or ends combat"));
    wg_game_free(g);

    /* staying, with no enemy adjacent: only "no bonus melee" */
    g = position(ctx, NULL, "unit 1 french heavy-cav E5\nunit 0 british line E4 blocks=1\nunit 0 british line A1\n", 4);
    deal(g, "Attack Center");
    to_combat(g, "Attack Center", e5);
    wgp_choose(g, "melee: F-HC #1");
    if (wgp_decider(g) == 0)
        wgp_choose(g, "pass (no Tactician card)");
    wgc_roll(g, ones, (size_t)n);
    wgp_choose(g, "take ground into E4");
    wgp_choose(g, "stay");
    ck_assert_int_eq(wgp_option_count(g), 1);
    wgp_choose(g, "no bonus melee");
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "French battles with an ordered unit or ends combat"));
    wg_game_free(g);

    /* infantry that takes ground does not break through */
    g = french_attack_b(ctx, NULL, "british line", 1, 1);
    ROLL(g, 1, 3, 3, 3, 3);
    wgp_choose(g, "take ground into E4");
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "French battles with an ordered unit or ends combat"));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ================================================================ more rules of the board and the nations */

static const char ANYDECK[] = "wgdata 1 ccn-cards\ndeck order \"test deck\"\n"
                              "card \"Assault\" count=40 units=command src=ours\n";

/* CCN-S10-08, CCN-S11-09, CCN-GAP-40: a stream stops movement and prevents a cavalry charge: cavalry
   ordered by Cavalry Charge gets no extra die when it begins the turn in the stream or moves into it. */
START_TEST(test_stream_charge)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    int64_t dice[3];
    for (int k = 0; k < 3; k++) { /* 0: in the clear; 1: in the stream; 2: moved into it */
        const char *terrain = k ? "E6=stream" : NULL;
        setup st = {terrain, k == 2 ? "unit 1 french heavy-cav E7\nunit 0 british line E5\n"
                                    : "unit 1 french heavy-cav E6\nunit 0 british line E5\n",
                    0, 4, 0, 0, 0, NULL,
                    "wgdata 1 ccn-cards\ndeck order \"test deck\"\n"
                    "card \"Cavalry Charge\" count=40 sections=any units=4 arm=cav melee=+1 src=ours\n"};
        wg_game *g = make(ctx, &st);
        deal(g, "Cavalry Charge");
        const char *one[] = {k == 2 ? "E7" : "E6", NULL};
        play_orders(g, "Cavalry Charge", one);
        if (k == 2) {
            move_to(g, "E7", "E6");
            ck_assert_int_lt(wgp_find(g, "move "), 0); /* it stopped in the stream (and nothing else moves) */
        }
        wgp_choose(g, "end movement");
        dice[k] = dice_of(g, "melee: F-HC #1");
        wg_game_free(g);
    }
    ck_assert_int_eq(dice[1], dice[0] - 1);
    ck_assert_int_eq(dice[2], dice[0] - 1);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-TERRAIN-09, CCN-BASE-25: a 4-sided redoubt protects through its 4 fortified hexsides only
   (infantry -1 in melee and ranged combat, a flag ignored). */
START_TEST(test_redoubt)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    setup st = {NULL, "unit 0 british line E4\nunit 1 french line D4\nunit 1 french line E5\nunit 1 french line F4\n"
                      "unit 1 french line E3\n",
                0, 4, 0, 0, 0, NULL, ANYDECK};
    char *map = wgc_board(NULL), *sc = scenario_text(&st);
    size_t n = strlen(map) + 128;
    char *m2 = malloc(n);
    ck_assert_ptr_nonnull(m2);
    snprintf(m2, n, "%sside 4 3 w fort\nside 4 3 sw fort\nside 4 3 se fort\nside 4 3 e fort\n", map);
    wgp_doc docs[] = {{"map", m2}, {"scenario", sc}, {"orders", ANYDECK}, {NULL, NULL}};
    wg_game *g = wgp_new(ctx, "ccn", "S01", NULL, 1, docs);
    deal(g, "Assault");
    const char *all[] = {"D4", "E5", "F4", "E3", NULL};
    to_combat(g, "Assault", all);
    int64_t open = dice_of(g, "melee: F-LN #5 [4/4] at E3");
    ck_assert_int_eq(dice_of(g, "melee: F-LN #2 [4/4] at D4"), open - 1);
    ck_assert_int_eq(dice_of(g, "melee: F-LN #3 [4/4] at E5"), open - 1);
    ck_assert_int_eq(dice_of(g, "melee: F-LN #4 [4/4] at F4"), open - 1);
    int e4 = hex_id(g, "E4");
    int64_t sides = 0;
    ck_assert_int_eq(wg_game_attr_int(&sides, g, 0, WG_ATTR_SPACE, (size_t)e4, "fortified_sides"), WG_OK);
    ck_assert_int_eq(sides, 2 | 4 | 8 | 16);
    wg_game_free(g);
    free(sc);
    /* ranged combat too: fire that comes in through the fortified south sides -1, through the open
       north sides none; the flags the defender may ignore likewise (CCN-BASE-25) */
    setup st2 = {NULL, "unit 0 british line E4\nunit 1 french line E6\nunit 1 french line E2\n", 0, 4, 0, 0, 0, NULL,
                 ANYDECK};
    sc = scenario_text(&st2);
    wgp_doc docs2[] = {{"map", m2}, {"scenario", sc}, {"orders", ANYDECK}, {NULL, NULL}};
    g = wgp_new(ctx, "ccn", "S01", NULL, 1, docs2);
    deal(g, "Assault");
    const char *two[] = {"E6", "E2", NULL};
    to_combat(g, "Assault", two);
    ck_assert_int_eq(dice_of(g, "fire: F-LN #2 [4/4] at E6"), 3);
    ck_assert_int_eq(dice_of(g, "fire: F-LN #3 [4/4] at E2"), 4);
    char odds[4096];
    size_t len = 0;
    ck_assert_int_eq(wg_game_odds(odds, sizeof odds, &len, g, WG_VIEW_REFEREE, "attack from=E6 at=E4"), WG_OK);
    ck_assert_msg(strstr(odds, "up to 1 flags may be ignored") != NULL, "%s", odds);
    ck_assert_int_eq(wg_game_odds(odds, sizeof odds, &len, g, WG_VIEW_REFEREE, "attack from=E2 at=E4"), WG_OK);
    ck_assert_msg(strstr(odds, "up to 0 flags may be ignored") != NULL, "%s", odds);
    wg_game_free(g);
    free(map);
    free(m2);
    free(sc);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-SCEN-02: units of several nations on one side keep their own nation's rules (British line fires
   blocks + 1, Portuguese line blocks); CCN-UNITS-12: the block colours of the nations. */
START_TEST(test_nations_on_one_side)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    setup st = {NULL,
                "unit 0 british line E3\nunit 0 portuguese line G3\nunit 1 french line E5\nunit 1 french line G5\n"
                "unit 0 russian line A1\nunit 0 prussian line M1\nleader 1 french M9 \"Ney\"\n",
                1, 4, 0, 0, 0, NULL, ANYDECK};
    wg_game *g = make(ctx, &st);
    deal(g, "Assault");
    const char *both[] = {"E3", "G3", NULL};
    to_combat(g, "Assault", both);
    ck_assert_int_eq(dice_of(g, "fire: B-LN #1 [4/4] at E3 -> F-LN #3"), 5);
    ck_assert_int_eq(dice_of(g, "fire: P-LN #2 [4/4] at G3 -> F-LN #4"), 4);
    static const struct {
        const char *hex;
        int leader;
        const char *colour;
    } want[] = {{"E3", 0, "red"},   {"G3", 0, "brown"},       {"E5", 0, "dark blue"},
                {"A1", 0, "green"}, {"M1", 0, "medium gray"}, {"M9", 1, "dark blue"}};
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++)
        ck_assert_str_eq(piece_text(g, piece_at(g, want[k].hex, want[k].leader), "colour"), want[k].colour);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-GHA-03: the Guard Horse Artillery fires by the base-game artillery rules: dice by distance
   (the base pack's artdice 2,1,1 at 2, 3, 4 hexes), none beyond its range. */
START_TEST(test_gha_fire)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    static const char *const at[] = {"E5", "E4", "E3", "E2"};
    static const int want[] = {2, 1, 1, 0};
    for (int k = 0; k < 4; k++) {
        char rec[128];
        snprintf(rec, sizeof rec, "unit 1 french guard-horse-art E7\nunit 0 british line %s\n", at[k]);
        wg_game *g = position(ctx, NULL, rec, 4);
        deal(g, "Attack Center");
        const char *one[] = {"E7", NULL};
        to_combat(g, "Attack Center", one);
        long i = wgp_find(g, "fire: F-GHA #1");
        if (want[k])
            ck_assert_int_eq(wgc_option_int(g, i, "dice"), want[k]);
        else
            ck_assert_int_lt(i, 0);
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-GARRISON-05, CCN-GARRISON-08, CCN-BASE-20: a Garrison is infantry in all respects (infantry symbols hit it)
   but receives no national modifier: a British grenadier's Garrison battles back with 1 die. */
START_TEST(test_garrison_is_infantry)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = coalition_position(ctx, "E4=town",
                                    "unit 0 british grenadier E4\nunit 1 french line E5\nunit 1 french line A9\n");
    deal(g, "Attack Center");
    wgp_choose(g, "play Attack Center");
    wgp_choose(g, "at E4");
    wgp_choose(g, "done ordering");
    move_to(g, "E4", "E3");
    wgp_choose(g, "leave a Garrison");
    finish(g, "Attack Center", "Attack Center");
    /* the French melee the Garrison */
    const char *one[] = {"E5", NULL};
    to_combat(g, "Attack Center", one);
    ck_assert_int_eq(dice_of(g, "melee: F-LN #2 [4/4] at E5 -> Coalition Garrison #4"), 3); /* 4 + 1 - 2 (town) */
    attack(g, "melee: F-LN #2 [4/4] at E5 -> Coalition Garrison #4");
    size_t ev = wgp_event_count(g);
    ROLL(g, 4, 4, 4);
    ck_assert_int_ge(wgp_find_event(g, ev, "battle back with 1 dice: #4 -> #2", 0), 0);
    ROLL(g, 1);
    ck_assert_int_ge(wgp_find_event(g, ev, "#2 loses 1 block (3 left)", 0), 0);
    wg_game_free(g);

    /* CCN-BASE-20: in a walled farm (a unit there ignores 1 flag) a Garrison ignores none: a flag
       eliminates it */
    g = coalition_position(ctx, "E4=walled-farm",
                           "unit 0 british grenadier E4\nunit 1 french line E5\nunit 1 french line A9\n");
    deal(g, "Attack Center");
    wgp_choose(g, "play Attack Center");
    wgp_choose(g, "at E4");
    wgp_choose(g, "done ordering");
    move_to(g, "E4", "E3");
    wgp_choose(g, "leave a Garrison");
    finish(g, "Attack Center", "Attack Center");
    to_combat(g, "Attack Center", one);
    attack(g, "melee: F-LN #2 [4/4] at E5 -> Coalition Garrison #4");
    ev = wgp_event_count(g);
    ROLL(g, 6, 4, 4);
    ck_assert_int_lt(wgp_find(g, "ignore "), 0);
    ck_assert_int_ge(wgp_find_event(g, ev, "#4 eliminated at E4", 0), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-S07-09 (DERIVED): the Allies lose 4 Russian light cavalry, 2 Cossacks and 2 Prussian horse
   artillery: 6 counted (Cossacks not), no win; one more cavalry unit: 7, the French win at once. */
START_TEST(test_s07_sudden_count)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    static const char *const types[9] = {"russian light-cav", "russian light-cav", "russian cossack",
                                         "prussian horse-art", "russian light-cav", "russian cossack",
                                         "prussian horse-art", "russian light-cav", "russian light-cav"};
    char rec[2048] = "sudden \"7 Allied cav and art units lost\" side=1 elim=7 arms=cav,art nocossack\n";
    for (int i = 0; i < 9; i++)
        snprintf(rec + strlen(rec), sizeof rec - strlen(rec), "unit 0 %s %c5 blocks=1\nunit 1 french line %c7\n",
                 types[i], 'A' + i, 'A' + i);
    setup st = {NULL, rec, 0, 9, 0, 0, 20, NULL, ANYDECK}; /* victory 20: the flags do not end it */
    wg_game *g = make(ctx, &st);
    deal(g, "Assault");
    const char *all[] = {"A7", "B7", "C7", "D7", "E7", "F7", "G7", "H7", "I7", NULL};
    to_combat(g, "Assault", all);
    for (int i = 0; i < 9; i++) {
        char want[48];
        snprintf(want, sizeof want, "fire: F-LN #%d", 2 * i + 2);
        attack(g, want);
        /* every die its target's icon */
        int64_t faces[6] = {3, 3, 3, 3, 3, 3};
        if (strstr(types[i], "horse-art"))
            for (int k = 0; k < 6; k++)
                faces[k] = 4;
        wgc_roll(g, faces, 4);
        int over = 0;
        wg_game_is_over(&over, g);
        ck_assert_msg(over == (i == 8), "after %d eliminations: over %d", i + 1, over);
    }
    ck_assert_int_ge(wgp_find_event(g, 0, "sudden death: French (7 Allied cav and art units lost)", 0), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ================================================================ Victory Flags */

/* A French line unit at E8 (and one at F8), a British line unit at E5 that can fire at E7, the
   objective records given: the French turn in its movement phase, both French units ordered. */
static wg_game *objective_position(wg_ctx *ctx, const char *objectives, const char *extra)
{
    char rec[1024];
    snprintf(rec, sizeof rec, "unit 1 french line E8\nunit 1 french line F8\nunit 0 british line E5\n%s%s",
             extra ? extra : "", objectives);
    wg_game *g = position(ctx, NULL, rec, 4);
    deal2(g, "Attack Center", "Probe Center");
    const char *two[] = {"E8", "F8", NULL};
    play_orders(g, "Probe Center", two);
    return g;
}

/* The Coalition's turn: the British unit at E5 fires at the French at `at` with these faces. */
static void british_fire(wg_game *g, const char *at, const int64_t *faces, size_t n)
{
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "Coalition plays an Order card"));
    const char *e5[] = {"E5", NULL};
    to_combat(g, "Attack Center", e5);
    char want[48];
    snprintf(want, sizeof want, "] at %s", at);
    size_t cnt = wgp_option_count(g);
    long k = -1;
    for (size_t i = 0; i < cnt && k < 0; i++)
        if (strncmp(wgp_label(g, i), "fire: B-LN", 10) == 0 && strstr(wgp_label(g, i), want))
            k = (long)i;
    ck_assert_msg(k >= 0, "no fire at %s: %s", at, wgp_options_dump(g));
    char label[160];
    snprintf(label, sizeof label, "%s", wgp_label(g, (size_t)k));
    attack(g, label);
    wgc_roll(g, faces, n);
}

static const int64_t FLAG5[] = {6, 3, 3, 3, 3};

/* CCN-FLAGS-02, CCN-FLAGS-03, CCN-FLAGS-04: temporary objectives (doc/ccn-data.md records): won the moment they are
   occupied (either player's turn), lost the moment they are left by a move or a retreat, won again;
   test_flags_elimination below: lost and won the moment a unit is eliminated. */
START_TEST(test_flags_temporary)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    /* Farm (E8) is held from the start */
    wg_game *g = objective_position(ctx,
                                    "objective \"Farm\" side=1 kind=temp when=now test=occupy flags=1 hexes=E8\n"
                                    "objective \"Mill\" side=1 kind=temp when=now test=occupy flags=1 hexes=E7\n",
                                    NULL);
    ck_assert_int_eq(flags_held(g, 1), 1);
    size_t ev = wgp_event_count(g);
    move_to(g, "E8", "E7");
    ck_assert_int_ge(wgp_find_event(g, ev, "French loses 1 Victory Flag (Farm): 0 held", 0), 0);
    ck_assert_int_ge(wgp_find_event(g, ev, "French wins 1 Victory Flag (Mill): 1 held", 0), 0);
    ck_assert_int_eq(flags_held(g, 1), 1);
    finish(g, "Attack Center", "Probe Center");
    /* the Coalition's turn: a flag on E7 makes it retreat into E8 */
    british_fire(g, "E7", FLAG5, 5);
    ck_assert_int_eq(wgp_decider(g), 1);
    ev = wgp_event_count(g);
    wgp_choose(g, "retreat to E8");
    ck_assert_int_ge(wgp_find_event(g, ev, "French loses 1 Victory Flag (Mill)", 0), 0);
    ck_assert_int_ge(wgp_find_event(g, ev, "French wins 1 Victory Flag (Farm)", 0), 0);
    ck_assert_int_eq(flags_held(g, 1), 1);
    finish(g, "Attack Center", "Probe Center");
    /* the French turn: back into E7 (Mill won again, Farm lost) */
    const char *e8[] = {"E8", NULL};
    play_orders(g, "Probe Center", e8);
    ev = wgp_event_count(g);
    move_to(g, "E8", "E7");
    ck_assert_int_ge(wgp_find_event(g, ev, "French loses 1 Victory Flag (Farm)", 0), 0);
    ck_assert_int_ge(wgp_find_event(g, ev, "French wins 1 Victory Flag (Mill)", 0), 0);
    wg_game_free(g);

    wg_ctx_free(ctx);
}
END_TEST

/* CCN-FLAGS-02, CCN-FLAGS-03, CCN-FLAGS-04, CCN-FLAGS-08, CCN-FLAGS-10: the moment a unit is eliminated, the temporary objectives it
   held are lost and those it denied are won, in either player's turn. */
START_TEST(test_flags_elimination)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = objective_position(ctx, "objective \"Mill\" side=1 kind=temp when=now test=occupy flags=1 hexes=E7\n",
                                    NULL);
    move_to(g, "E8", "E7");
    ck_assert_int_eq(flags_held(g, 1), 1);
    finish(g, "Attack Center", "Probe Center");
    /* the British fire at E7: 5 infantry hits eliminate it; the Mill is lost in the same step */
    static const int64_t KILL[] = {1, 2, 1, 2, 1};
    size_t ev = wgp_event_count(g);
    british_fire(g, "E7", KILL, 5);
    long el = wgp_find_event(g, ev, "eliminated at E7", 0);
    ck_assert_int_ge(el, 0);
    ck_assert_int_ge(wgp_find_event(g, (size_t)el, "French loses 1 Victory Flag (Mill): 0 held", 0), 0);
    ck_assert_int_eq(flags_held(g, 1), 0);
    ck_assert_int_eq(flags_held(g, 0), 1); /* the elimination's own flag, to the Coalition (CCN-GAP-21) */
    wg_game_free(g);

    /* a "none" objective won and a majority lost the moment the last enemy unit there is eliminated */
    g = objective_position(ctx,
                           "objective \"Clear\" side=0 kind=temp when=now test=none flags=1 hexes=E7\n"
                           "objective \"Heights\" side=any kind=temp when=now test=majority flags=1,1 hexes=E7,E6\n",
                           NULL);
    move_to(g, "E8", "E7");
    ck_assert_int_ge(wgp_find_event(g, 0, "French wins 1 Victory Flag (Heights)", 0), 0);
    finish(g, "Attack Center", "Probe Center");
    ev = wgp_event_count(g);
    british_fire(g, "E7", KILL, 5);
    el = wgp_find_event(g, ev, "eliminated at E7", 0);
    ck_assert_int_ge(el, 0);
    ck_assert_int_ge(wgp_find_event(g, (size_t)el, "French loses 1 Victory Flag (Heights)", 0), 0);
    ck_assert_int_ge(wgp_find_event(g, (size_t)el, "Coalition wins 1 Victory Flag (Clear)", 0), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-TAKECMD-03, CCN-TAKECMD-04: the unit a Take Command Leader is attached to is ordered with him while he
   stays; when he leaves it, it has no order.  CCN-BASE-06: an attached Leader moves on his own only
   with an order of his own. */
START_TEST(test_leader_orders)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = position(ctx, NULL, "unit 1 french line H7\nleader 1 french H7 \"Ney\"\nunit 0 british line H5\n", 4);
    deal2(g, "Attack Center", "Take Command Any Section");
    wgp_choose(g, "play Take Command Any Section");
    wgp_choose(g, "order Leader Ney");
    wgp_choose(g, "done ordering");
    ck_assert_int_ge(wgp_find(g, "move F-LN #1"), 0); /* ordered with him */
    wgp_choose(g, "move Leader Ney");
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "to I9");
    ck_assert_int_ge(wgp_find_event(g, ev, "#1 has no order: its Leader left it", 0), 0);
    ck_assert_int_lt(wgp_find(g, "move F-LN #1"), 0);
    wgp_choose(g, "end movement");
    ck_assert_int_lt(wgp_find(g, "F-LN #1"), 0); /* and no battle */
    wg_game_free(g);

    g = position(ctx, NULL,
                 "unit 1 french line G9\nleader 1 french G9 \"Ney\"\nunit 1 french line H9\nunit 0 british line A1\n", 4);
    deal2(g, "Attack Center", "Probe Center");
    wgp_choose(g, "play Probe Center");
    wgp_choose(g, "order F-LN #1");
    wgp_choose(g, "order F-LN #3");
    ck_assert_int_lt(wgp_find(g, "order Leader Ney"), 0); /* the 2 orders are given */
    wgp_choose(g, "done ordering");
    ck_assert_int_lt(wgp_find(g, "move Leader Ney"), 0); /* no order of his own: he goes with his unit */
    move_to(g, "G9", "G8");
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 0), "Leader Ney #2 at G8"));
    wg_game_free(g);

    /* with an order of his own he detaches */
    g = position(ctx, NULL,
                 "unit 1 french line G9\nleader 1 french G9 \"Ney\"\nunit 1 french line H9\nunit 0 british line A1\n", 4);
    deal2(g, "Attack Center", "Probe Center");
    wgp_choose(g, "play Probe Center");
    wgp_choose(g, "order Leader Ney");
    wgp_choose(g, "done ordering");
    ck_assert_int_ge(wgp_find(g, "move Leader Ney"), 0);
    ck_assert_int_lt(wgp_find(g, "move F-LN #1"), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-ORDERS-14: Bayonet Charge moves infantry 2 and melees — no ranged combat; CCN-BASE-15: a Cavalry
   Charge gives no extra die into or out of a town. */
START_TEST(test_card_combat_limits)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = position(ctx, NULL, "unit 1 french line F9\nunit 0 british line E5\n", 4);
    deal2(g, "Attack Center", "Bayonet Charge");
    const char *f9[] = {"F9", NULL};
    play_orders(g, "Bayonet Charge", f9);
    move_to(g, "F9", "F7");
    wgp_choose(g, "end movement");
    ck_assert_int_lt(wgp_find(g, "fire: F-LN #1"), 0);
    wg_game_free(g);

    for (int town = 0; town < 3; town++) {
        const char *terrain = town == 1 ? "E5=town" : town == 2 ? "E6=town" : NULL;
        int64_t d[2];
        for (int card = 0; card < 2; card++) {
            g = position(ctx, terrain, "unit 1 french light-cav E6\nunit 0 british line E5\n", 4);
            deal2(g, "Attack Center", card ? "Cavalry Charge" : "Attack Center");
            const char *e6[] = {"E6", NULL};
            to_combat(g, card ? "Cavalry Charge" : "Attack Center", e6);
            d[card] = dice_of(g, "melee: F-LC #1");
            wg_game_free(g);
        }
        if (town)
            ck_assert_int_eq(d[1], d[0]); /* no extra die into or out of the town */
        else
            ck_assert_int_eq(d[1], d[0] + 1);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-FLAGS-01: a start-of-turn objective is won only at the start of the side's own turn (and lost
   at once when left). */
START_TEST(test_flags_start_of_turn)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g =
        objective_position(ctx, "objective \"Mill\" side=1 kind=temp when=sot test=occupy flags=1 hexes=E7\n", NULL);
    size_t ev = wgp_event_count(g);
    move_to(g, "E8", "E7");
    ck_assert_int_lt(wgp_find_event(g, ev, "Victory Flag", 0), 0);
    finish(g, "Attack Center", "Probe Center");
    /* the Coalition's turn starts: nothing for the French */
    ck_assert_int_lt(wgp_find_event(g, ev, "Victory Flag", 0), 0);
    ck_assert_int_ge(wgp_find_event(g, ev, "turn 2: Coalition", 0), 0);
    pass_turn(g, "Attack Center");
    /* the French turn starts: won */
    long t3 = wgp_find_event(g, ev, "turn 3: French", 0);
    ck_assert_int_ge(t3, 0);
    ck_assert_int_ge(wgp_find_event(g, (size_t)t3, "French wins 1 Victory Flag (Mill): 1 held", 0), 0);
    ck_assert_int_eq(flags_held(g, 1), 1);
    /* left: lost at once */
    const char *e7[] = {"E7", NULL};
    play_orders(g, "Probe Center", e7);
    ev = wgp_event_count(g);
    move_to(g, "E7", "D7");
    ck_assert_int_ge(wgp_find_event(g, ev, "French loses 1 Victory Flag (Mill): 0 held", 0), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* A group objective is won when every hex is occupied (at once, or at the start of the side's turn)
   and its flags are all lost when one hex is left. */
START_TEST(test_flags_group)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g =
        objective_position(ctx, "objective \"Ridge\" side=1 kind=temp when=now test=all flags=2 hexes=E7,F7\n", NULL);
    size_t ev = wgp_event_count(g);
    move_to(g, "E8", "E7");
    ck_assert_int_lt(wgp_find_event(g, ev, "Victory Flag", 0), 0); /* one of two */
    move_to(g, "F8", "F7");
    ck_assert_int_ge(wgp_find_event(g, ev, "French wins 2 Victory Flags (Ridge): 2 held", 0), 0);
    finish(g, "Attack Center", "Probe Center");
    ev = wgp_event_count(g);
    british_fire(g, "E7", FLAG5, 5);
    wgp_choose(g, "retreat to");
    ck_assert_int_ge(wgp_find_event(g, ev, "French loses 2 Victory Flags (Ridge): 0 held", 0), 0);
    wg_game_free(g);

    g = objective_position(ctx, "objective \"Ridge\" side=1 kind=temp when=sot test=all flags=2 hexes=E7,F7\n", NULL);
    ev = wgp_event_count(g);
    move_to(g, "E8", "E7");
    move_to(g, "F8", "F7");
    ck_assert_int_lt(wgp_find_event(g, ev, "Victory Flag", 0), 0);
    finish(g, "Attack Center", "Probe Center");
    pass_turn(g, "Attack Center");
    long t3 = wgp_find_event(g, ev, "turn 3: French", 0);
    ck_assert_int_ge(t3, 0);
    ck_assert_int_ge(wgp_find_event(g, (size_t)t3, "French wins 2 Victory Flags (Ridge): 2 held", 0), 0);
    const char *e7[] = {"E7", NULL};
    play_orders(g, "Probe Center", e7);
    ev = wgp_event_count(g);
    move_to(g, "E7", "D7");
    ck_assert_int_ge(wgp_find_event(g, ev, "French loses 2 Victory Flags (Ridge): 0 held", 0), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-FLAGS-09: a majority objective is held with strictly more hexes than the opponent; at the
   start of the side's turn only, it is won then and lost at once. */
START_TEST(test_flags_majority)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    const char *obj = "objective \"Village\" side=any kind=temp when=now test=majority flags=1,1 hexes=E7,F7,G7,H7\n";
    static const struct {
        const char *units;
        int co, fr;
    } cases[] = {
        {"unit 1 french line E7\n", 0, 1}, /* 1 - 0 */
        {"unit 1 french line E7\nunit 1 french line F7\nunit 0 british line G7\nunit 0 british line H7\n", 0,
         0},                                                                               /* 2 - 2 */
        {"unit 1 french line E7\nunit 0 british line G7\nunit 0 british line H7\n", 1, 0}, /* 1 - 2 */
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        char rec[512];
        snprintf(rec, sizeof rec, "%sunit 0 british line A1\nunit 1 french line A9\n%s", cases[c].units, obj);
        wg_game *g = position(ctx, NULL, rec, 4);
        deal(g, "Attack Center");
        ck_assert_int_eq(flags_held(g, 0), cases[c].co);
        ck_assert_int_eq(flags_held(g, 1), cases[c].fr);
        wg_game_free(g);
    }

    /* start of turn: the French move into E7 (1 - 0) and win at the start of their next turn; the
       Coalition then moves into G7 (1 - 1): lost at once */
    wg_game *g = objective_position(
        ctx, "objective \"Village\" side=1 kind=temp when=sot test=majority flags=1 hexes=E7,F7,G7\n",
        "unit 0 british line G6\n");
    size_t ev = wgp_event_count(g);
    move_to(g, "E8", "E7");
    ck_assert_int_lt(wgp_find_event(g, ev, "Victory Flag", 0), 0);
    finish(g, "Attack Center", "Probe Center");
    pass_turn(g, "Attack Center");
    long t3 = wgp_find_event(g, ev, "turn 3: French", 0);
    ck_assert_int_ge(t3, 0);
    ck_assert_int_ge(wgp_find_event(g, (size_t)t3, "French wins 1 Victory Flag (Village): 1 held", 0), 0);
    pass_turn(g, "Probe Center");
    const char *g6[] = {"G6", NULL};
    play_orders(g, "Attack Center", g6);
    ev = wgp_event_count(g);
    move_to(g, "G6", "G7");
    ck_assert_int_ge(wgp_find_event(g, ev, "French loses 1 Victory Flag (Village): 0 held", 0), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-FLAGS-11, CCN-FLAGS-12: a permanent objective is won (at once, or at the start of the side's turn) and
   never lost. */
START_TEST(test_flags_permanent)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g =
        objective_position(ctx, "objective \"Bridge\" side=1 kind=perm when=now test=occupy flags=1 hexes=E7\n", NULL);
    size_t ev = wgp_event_count(g);
    move_to(g, "E8", "E7");
    ck_assert_int_ge(wgp_find_event(g, ev, "French wins 1 Victory Flag (Bridge): 1 held", 0), 0); /* CCN-FLAGS-11 */
    finish(g, "Attack Center", "Probe Center");
    ev = wgp_event_count(g);
    british_fire(g, "E7", FLAG5, 5);
    wgp_choose(g, "retreat to");
    ck_assert_int_lt(wgp_find_event(g, ev, "Victory Flag", 0), 0);
    ck_assert_int_eq(flags_held(g, 1), 1);
    finish(g, "Attack Center", "Probe Center");
    /* back on the hex: not awarded again */
    const char *e8[] = {"E8", NULL};
    play_orders(g, "Probe Center", e8);
    ev = wgp_event_count(g);
    move_to(g, "E8", "E7");
    ck_assert_int_lt(wgp_find_event(g, ev, "Victory Flag", 0), 0);
    ck_assert_int_eq(flags_held(g, 1), 1);
    wg_game_free(g);

    g = objective_position(ctx, "objective \"Bridge\" side=1 kind=perm when=sot test=occupy flags=1 hexes=E7\n", NULL);
    ev = wgp_event_count(g);
    move_to(g, "E8", "E7");
    ck_assert_int_lt(wgp_find_event(g, ev, "Victory Flag", 0), 0);
    finish(g, "Attack Center", "Probe Center");
    pass_turn(g, "Attack Center");
    long t3 = wgp_find_event(g, ev, "turn 3: French", 0);
    ck_assert_int_ge(t3, 0);
    ck_assert_int_ge(wgp_find_event(g, (size_t)t3, "French wins 1 Victory Flag (Bridge): 1 held", 0),
                     0); /* CCN-FLAGS-12 */
    const char *e7[] = {"E7", NULL};
    play_orders(g, "Probe Center", e7);
    ev = wgp_event_count(g);
    move_to(g, "E7", "D7");
    ck_assert_int_lt(wgp_find_event(g, ev, "Victory Flag", 0), 0);
    ck_assert_int_eq(flags_held(g, 1), 1);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* test=each: one flag per hex held; test=none: the side holds the flag while the other side holds
   none of the hexes; CCN-UNITS-14: the flags held are not limited by the 18 tokens. */
START_TEST(test_flags_each_none_unbounded)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g =
        objective_position(ctx, "objective \"Hills\" side=1 kind=temp when=now test=each flags=1 hexes=E7,F7\n", NULL);
    size_t ev = wgp_event_count(g);
    move_to(g, "E8", "E7");
    ck_assert_int_ge(wgp_find_event(g, ev, "French wins 1 Victory Flag (Hills): 1 held", 0), 0);
    move_to(g, "F8", "F7");
    ck_assert_int_ge(wgp_find_event(g, ev, "French wins 1 Victory Flag (Hills): 2 held", 0), 0);
    ck_assert_int_eq(flags_held(g, 1), 2);
    wg_game_free(g);

    /* none: the British at E4 are pushed out of the town hex, the French win its flag */
    g = position(ctx, NULL,
                 "unit 1 french line E6\nunit 0 british line E4\n"
                 "objective \"Town\" side=1 kind=temp when=now test=none flags=1 hexes=E4,F4\n",
                 4);
    deal(g, "Attack Center");
    ck_assert_int_eq(flags_held(g, 1), 0);
    const char *e6[] = {"E6", NULL};
    to_combat(g, "Attack Center", e6);
    attack(g, "fire: F-LN #1");
    ROLL(g, 6, 3, 3, 3);
    ev = wgp_event_count(g);
    wgp_choose(g, "retreat to E3");
    ck_assert_int_ge(wgp_find_event(g, ev, "French wins 1 Victory Flag (Town): 1 held", 0), 0);
    wg_game_free(g);

    /* CCN-UNITS-14: 3 hexes worth 9 flags each: 27 flags held */
    setup s = {NULL,
               "unit 1 french line A9\nunit 1 french line B9\nunit 1 french line C9\nunit 0 british line E1\n"
               "objective \"Camp\" side=1 kind=temp when=now test=each flags=9 hexes=A9,B9,C9\n",
               0,
               4,
               0,
               0,
               30,
               NULL,
               NULL};
    g = make(ctx, &s);
    deal(g, "Attack Center");
    ck_assert_int_eq(flags_held(g, 1), 27);
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 0), "French (French Army, B, bottom edge): 27 of 30 Victory Flags"));
    int over = -1;
    ck_assert_int_eq(wg_game_is_over(&over, g), WG_OK);
    ck_assert_int_eq(over, 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-S01-06: with `scoring blocks` each enemy block eliminated is a flag, and no flag is added for
   the unit; CCN-GAP-21 without it: one flag per unit eliminated. */
START_TEST(test_scoring_blocks)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    for (int k = 0; k < 2; k++) {
        char rec[256];
        snprintf(rec, sizeof rec, "unit 1 french line E6\nunit 0 british line E4 blocks=2\nunit 0 british line A1\n%s",
                 k ? "scoring blocks\n" : "");
        wg_game *g = position(ctx, NULL, rec, 4);
        deal(g, "Attack Center");
        const char *e6[] = {"E6", NULL};
        to_combat(g, "Attack Center", e6);
        attack(g, "fire: F-LN #1 [4/4] at E6 -> B-LN #2");
        size_t ev = wgp_event_count(g);
        ROLL(g, 1, 2, 3, 3);
        ck_assert_int_ge(wgp_find_event(g, ev, "#2 eliminated at E4", 0), 0);
        if (k) {
            ck_assert_int_ge(wgp_find_event(g, ev, "French wins 2 Victory Flags (enemy blocks eliminated): 2 held", 0),
                             0);
            ck_assert_int_lt(wgp_find_event(g, ev, "French wins 1 Victory Flag", 0), 0);
            ck_assert_int_eq(flags_held(g, 1), 2);
        } else {
            ck_assert_int_ge(wgp_find_event(g, ev, "French wins 1 Victory Flag (elimination): 1 held", 0), 0);
            ck_assert_int_eq(flags_held(g, 1), 1);
        }
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-BASE-05: reaching the scenario's Victory Flags ends the game. */
START_TEST(test_victory_ends_game)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    setup s = {
        NULL, "unit 1 french line E6\nunit 0 british line E4 blocks=1\nunit 0 british line A1\n", 0, 4, 0, 0, 1, NULL,
        NULL};
    wg_game *g = make(ctx, &s);
    deal(g, "Attack Center");
    const char *e6[] = {"E6", NULL};
    to_combat(g, "Attack Center", e6);
    int over = -1;
    ck_assert_int_eq(wg_game_is_over(&over, g), WG_OK);
    ck_assert_int_eq(over, 0);
    attack(g, "fire: F-LN #1 [4/4] at E6 -> B-LN #2");
    size_t ev = wgp_event_count(g);
    ROLL(g, 1, 3, 3, 3);
    ck_assert_int_ge(wgp_find_event(g, ev, "French wins with 1 Victory Flags", 0), 0);
    ck_assert_int_eq(wg_game_is_over(&over, g), WG_OK);
    ck_assert_int_eq(over, 1);
    ck_assert_int_eq(wgp_decider(g), WG_PLAYER_NONE);
    char buf[128];
    ck_assert_int_eq(wg_game_result_text(buf, sizeof buf, NULL, g), WG_OK);
    ck_assert_str_eq(buf, "French wins, 0 - 1 Victory Flags");
    int64_t score = 0;
    ck_assert_int_eq(wg_game_score(&score, g), WG_OK);
    ck_assert_int_eq(score, -1);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ================================================================ cards and draws */

/* CCN-ORDERS-02, CCN-ORDERS-03, CCN-ORDERS-05, CCN-ORDERS-06, CCN-ORDERS-07, CCN-ORDERS-08, CCN-TACTICIAN-02: the cards
   that draw a Tactician card at the end of the turn (Elan: both players); CCN-ORDERS-13: the draws end the turn. */
START_TEST(test_tactician_draw_cards)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    static const struct {
        const char *card, *options;
        int fr, co;
    } cases[] = {
        {"Explore", NULL, 1, 0},                     /* CCN-ORDERS-02 */
        {"Elan", NULL, 1, 1},                        /* CCN-ORDERS-03 */
        {"Let Them Try the Cold Steel", NULL, 1, 0}, /* CCN-ORDERS-05 */
        {"La Grande Manoeuvre", NULL, 1, 0},         /* CCN-ORDERS-06 */
        {"Leadership", NULL, 1, 0},                  /* CCN-ORDERS-07 */
        {"Regrouping", NULL, 1, 0},                  /* CCN-ORDERS-08 */
        {"Give Them Cold Steel", "deck=75", 1, 0},   /* CCN-DECK75-05 */
        {"Probe Center", NULL, 0, 0},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        setup s = {NULL, "unit 1 french line E9\nunit 0 british line E1\n", 0, 4, 0, 0, 0, cases[c].options, NULL};
        wg_game *g = make(ctx, &s);
        deal2(g, "Probe Center", cases[c].card);
        char want[64];
        snprintf(want, sizeof want, "play %s", cases[c].card);
        wgp_choose(g, want);
        wgp_choose(g, "done ordering");
        wgp_choose(g, "end movement");
        size_t ev = wgp_event_count(g);
        wgp_choose(g, "end combat");
        ck_assert_str_eq(wgp_decision(g), "French draws an Order card");
        wgp_choose_index(g, 0);
        if (cases[c].fr) {
            ck_assert_msg(strcmp(wgp_decision(g), "French draws a Tactician card") == 0, "%s: %s", cases[c].card,
                          wgp_decision(g));
            wgp_choose_index(g, 0);
        }
        if (cases[c].co) {
            ck_assert_str_eq(wgp_decision(g), "Coalition draws a Tactician card");
            wgp_choose_index(g, 0);
        }
        /* CCN-ORDERS-13: nothing after the draws; the Coalition's turn has begun */
        ck_assert_str_eq(wgp_decision(g), "Coalition plays an Order card");
        size_t n = wgp_event_count(g);
        ck_assert_str_eq(wgp_event(g, n - 1, 0), "turn 2: Coalition");
        ck_assert_ptr_nonnull(strstr(wgp_event(g, n - 2, 0), " draws "));
        char hand[64];
        snprintf(hand, sizeof hand, "French: 4 Order cards, %d Tactician card%s\n", cases[c].fr,
                 cases[c].fr == 1 ? "" : "s");
        ck_assert_msg(strstr(wgp_describe(g, 0), hand), "%s: %s", cases[c].card, wgp_describe(g, 0));
        snprintf(hand, sizeof hand, "Coalition: 4 Order cards, %d Tactician card%s\n", cases[c].co,
                 cases[c].co == 1 ? "" : "s");
        ck_assert_msg(strstr(wgp_describe(g, 1), hand), "%s: %s", cases[c].card, wgp_describe(g, 1));
        long tdraw = wgp_find_event(g, ev, "draws a Tactician card", 0);
        ck_assert_int_eq(tdraw >= 0, cases[c].fr || cases[c].co);
        wg_game_free(g);
    }

    /* CCN-TACTICIAN-03: no limit on the Tactician cards in hand (20 at start, 21 after Explore) */
    setup s = {NULL, "unit 1 french line E9\nunit 0 british line E1\n", 0, 4, 0, 20, 0, NULL, NULL};
    wg_game *g = make(ctx, &s);
    deal2(g, "Probe Center", "Explore");
    wgp_choose(g, "play Explore");
    finish(g, "Probe Center", "Explore");
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 0), "French: 4 Order cards, 21 Tactician cards\n"));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-TACDEFAULT-01, CCN-TACDEFAULT-02, CCN-TACDEFAULT-03, CCN-TACDEFAULT-04, CCN-TACDEFAULT-05: after combat, before
   the draw, a Tactician card may be discarded to move a Leader up to 3 hexes, terrain restrictions applying, once per
   Leader a turn; CCN-TACTICIAN-12: the Tactician discard pile is public; CCN-ORDERS-04: Elan returns both discard piles
   to their decks before the draws. */
START_TEST(test_default_action_and_elan)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    setup s = {
        "E7=river", "leader 1 french E8 \"Ney\"\nunit 1 french line A9\nunit 0 british line E1\n", 0, 4, 0, 4, 0, NULL,
        NULL};
    wg_game *g = make(ctx, &s);
    deal2(g, "Probe Center", "Elan|Probe Center");
    ck_assert_ptr_nonnull(
        strstr(wgp_describe(g, 1), "Tactician cards (Charge if Charged x3, Infantry Forward Leader)"));
    wgp_choose(g, "play Probe Center");
    wgp_choose(g, "done ordering");
    wgp_choose(g, "end movement");
    wgp_choose(g, "end combat");
    /* CCN-TACDEFAULT-02: after combat, before the draw */
    ck_assert_str_eq(wgp_decision(g), "French may discard a Tactician card to move a Leader");
    /* CCN-TACDEFAULT-01: every card has it */
    ck_assert_int_ge(find_exact(g, "discard Charge if Charged to move Leader Ney #1 at E8 up to 3 hexes"), 0);
    ck_assert_int_ge(find_exact(g, "discard Infantry Forward Leader to move Leader Ney #1 at E8 up to 3 hexes"), 0);
    ck_assert_int_ge(find_exact(g, "pass (no default action)"), 0);
    wgp_choose(g, "discard Infantry Forward Leader");
    /* CCN-TACDEFAULT-03: up to 3 hexes (E5 is 3 away, E4 4); CCN-TACDEFAULT-04: not into the river */
    ck_assert(can_reach(g, "E5") && can_reach(g, "F7"));
    ck_assert(!can_reach(g, "E4") && !can_reach(g, "E7"));
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "to E5 ");
    ck_assert_int_ge(
        wgp_find_event(g, ev, "French discards Infantry Forward Leader: Leader Ney moves from E8 to E5", 0), 0);
    ck_assert_int_ge(piece_at(g, "E5", 1), 0);
    /* CCN-TACDEFAULT-05: cards left, but that Leader has had his */
    ck_assert_str_eq(wgp_decision(g), "French may discard a Tactician card to move a Leader");
    ck_assert_int_eq(wgp_option_count(g), 1);
    wgp_choose(g, "pass (no default action)");
    ck_assert_str_eq(wgp_decision(g), "French may play a Tactician card at the end of the turn");
    wgp_choose(g, "pass (no Tactician card)");
    ck_assert_str_eq(wgp_decision(g), "French draws an Order card");
    /* CCN-TACTICIAN-12: the opponent reads the Tactician discard pile */
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 0), "Tactician deck 46, discards: Infantry Forward Leader\n"));
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 0), "French: 3 Order cards, 3 Tactician cards\n"));
    deal2(g, "Probe Center", "Probe Center");
    pass_turn(g, "Probe Center");

    /* CCN-ORDERS-04: Elan */
    wgp_choose(g, "play Elan");
    const char *d = wgp_describe(g, 0);
    ck_assert_ptr_nonnull(strstr(d, "discards: Probe Center x2, Elan\n"));
    int odeck = describe_number(g, 0, "Order deck ");
    wgp_choose(g, "done ordering");
    wgp_choose(g, "end movement");
    wgp_choose(g, "end combat");
    ev = wgp_event_count(g);
    wgp_choose(g, "pass (no default action)");
    /* the piles are back in the decks before the end-of-turn window and the draws (CCN-TACNOTES-30) */
    ck_assert_str_eq(wgp_decision(g), "French may play a Tactician card at the end of the turn");
    ck_assert_int_eq(describe_number(g, 0, "Order deck "), odeck + 3);
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 0), ", discards: none\nTactician deck 47, discards: none\n"));
    long resh = wgp_find_event(g, ev, "both decks are reshuffled with their discard piles", 0);
    ck_assert_int_ge(resh, 0);
    wgp_choose(g, "pass (no Tactician card)");
    ck_assert_str_eq(wgp_decision(g), "French draws an Order card");
    deal2(g, "Probe Center", "Probe Center");
    /* the reshuffle came before the draws */
    ck_assert_int_lt(resh, wgp_find_event(g, ev, "French draws", 0));
    ck_assert_int_ge(wgp_find_event(g, ev, "Coalition draws a Tactician card", 1), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-BASE-08: after a Scout card the player draws two Order cards, keeps one and discards the
   other. */
START_TEST(test_scout_draw)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = position(ctx, NULL, "unit 1 french line G9\nunit 0 british line E1\n", 4);
    deal2(g, "Probe Center", "Scout Center");
    const char *one[] = {"G9", NULL};
    to_combat(g, "Scout Center", one);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "end combat");
    ck_assert_str_eq(wgp_decision(g), "French draws an Order card");
    wgp_choose_index(g, (size_t)find_exact(g, "draw Attack Center"));
    ck_assert_str_eq(wgp_decision(g), "French draws an Order card");
    wgp_choose_index(g, (size_t)find_exact(g, "draw Bombard"));
    ck_assert_int_eq(wgp_decider(g), 1);
    ck_assert_str_eq(wgp_decision(g), "French keeps one of the two cards drawn with the Scout card");
    ck_assert_uint_eq(wgp_option_count(g), 2);
    ck_assert_int_ge(find_exact(g, "keep Bombard, discard Attack Center"), 0);
    wgp_choose(g, "keep Attack Center, discard Bombard");
    ck_assert_int_ge(wgp_find_event(g, ev, "French keeps a card and discards Bombard", 0), 0);
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 1), "French: 4 Order cards ("));
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 1), "Attack Center"));
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 0), "discards: Scout Center, Bombard\n"));
    ck_assert_str_eq(wgp_decision(g), "Coalition plays an Order card");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-TAKECMD-02, CCN-TAKECMD-05, CCN-TAKECMD-06, CCN-TAKECMD-07: Take Command orders the Leader first, then up to 3
   units linked to him (each adjacent to him or to a unit already ordered), in any section. */
START_TEST(test_take_command)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    /* L H7 (centre); U1 I7 (next to L), U2 J7 (next to U1, east), U3 K7 (next to U2, east);
       U5 G7 (next to L); U4 F9 (centre, next to nobody) */
    const char *rec = "leader 1 french H7 \"Ney\"\nunit 1 french line I7\nunit 1 french line J7\n"
                      "unit 1 french line K7\nunit 1 french line G7\nunit 1 french line F9\nunit 0 british line E1\n";
    wg_game *g = position(ctx, NULL, rec, 4);
    deal2(g, "Probe Center", "Take Command Center");
    wgp_choose(g, "play Take Command Center");
    /* the Leader first */
    ck_assert_int_eq(wgp_count(g, "order "), 1);
    ck_assert_int_ge(wgp_find(g, "order Leader Ney #1 at H7"), 0);
    wgp_choose(g, "order Leader Ney");
    ck_assert_int_ge(wgp_find(g, "at I7"), 0);
    ck_assert_int_ge(wgp_find(g, "at G7"), 0);
    ck_assert_int_lt(wgp_find(g, "at J7"), 0);
    ck_assert_int_lt(wgp_find(g, "at F9"), 0);
    wgp_choose(g, "at I7");
    ck_assert_int_ge(wgp_find(g, "at J7"), 0); /* linked through I7, in another section */
    ck_assert_int_lt(wgp_find(g, "at K7"), 0);
    wgp_choose(g, "at J7");
    ck_assert_int_ge(wgp_find(g, "at K7"), 0);
    ck_assert_int_lt(wgp_find(g, "at F9"), 0); /* CCN-TAKECMD-07: U4 never */
    wgp_choose(g, "at K7");
    /* three units: G7, next to the Leader, is no longer offered */
    ck_assert_int_eq(wgp_count(g, "order "), 0);
    ck_assert_int_ge(find_exact(g, "done ordering"), 0);
    wg_game_free(g);

    /* CCN-TAKECMD-05: Take Command Center does not reach a Leader on the left flank; Left does */
    const char *left = "leader 1 french B7 \"Ney\"\nunit 1 french line C7\nunit 0 british line E1\n";
    g = position(ctx, NULL, left, 4);
    deal2(g, "Probe Center", "Take Command Center");
    wgp_choose(g, "play Take Command Center");
    ck_assert_int_eq(wgp_count(g, "order "), 0);
    wg_game_free(g);
    g = position(ctx, NULL, left, 4);
    deal2(g, "Probe Center", "Take Command Left");
    wgp_choose(g, "play Take Command Left");
    ck_assert_int_ge(wgp_find(g, "order Leader Ney #1 at B7"), 0);
    ck_assert_int_eq(wgp_count(g, "order F-"), 0); /* not the unit before the Leader */
    wg_game_free(g);

    /* a Leader attached to the unit at H7: that unit is ordered with him, and three more may be (the
       item of the attached unit is not cited: the unit keeps its order when the Leader leaves it) */
    g = position(ctx, NULL,
                 "unit 1 french line H7\nleader 1 french H7 \"Ney\"\nunit 1 french line I7\nunit 1 french line J7\n"
                 "unit 1 french line K7\nunit 1 french line G7\nunit 0 british line E1\n",
                 4);
    deal2(g, "Probe Center", "Take Command Any Section");
    wgp_choose(g, "play Take Command Any Section");
    wgp_choose(g, "order Leader Ney");
    ck_assert_int_eq(piece_int(g, piece_at(g, "H7", 0), "ordered"), 1);
    ck_assert_int_eq(orders_given(g), 3);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-DECK75-01, CCN-DECK75-02, CCN-DECK75-03, CCN-DECK75-04: option deck=75 deals from the printed 75-card list
   (§4.1): these 28 cards with these counts, 72 in all; no Explore, Regrouping or Take Command Left / Center / Right. */
START_TEST(test_deck75)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    static const struct {
        const char *name;
        int count;
    } printed[] = {
        {"Scout Left Flank", 2},
        {"Scout Center", 2},
        {"Scout Right Flank", 2},
        {"Probe Left Flank", 4},
        {"Probe Center", 6},
        {"Probe Right Flank", 4},
        {"Attack Left Flank", 4},
        {"Attack Center", 6},
        {"Attack Right Flank", 4},
        {"Assault Left Flank", 2},
        {"Assault Center", 2},
        {"Assault Right Flank", 2},
        {"Coordinated Advance", 2},
        {"Flank Attack", 2},
        {"Forward", 2},
        {"Recon in Force", 3},
        {"Bayonet Charge", 2},
        {"Bombard", 2},
        {"Cavalry Charge", 3},
        {"Counter-Attack", 2},
        {"Elan", 1},
        {"Fire and Hold", 2},
        {"Force March", 2},
        {"Give Them Cold Steel", 1},
        {"Leadership", 3},
        {"La Grande Manoeuvre", 1},
        {"Rally", 1},
        {"Take Command Any Section", 3},
    };
    setup s = {NULL, "unit 1 french line E9\nunit 0 british line E1\n", 0, 4, 0, 0, 0, "deck=75", NULL};
    wg_game *g = make(ctx, &s);
    /* the first draw of the deal offers the whole deck, each card weighted by its count */
    ck_assert_str_eq(wgp_decision(g), "Coalition draws an Order card");
    size_t n = wgp_option_count(g);
    ck_assert_uint_eq(n, sizeof printed / sizeof printed[0]);
    int64_t total = 0;
    for (size_t k = 0; k < sizeof printed / sizeof printed[0]; k++) {
        char want[64];
        snprintf(want, sizeof want, "draw %s", printed[k].name);
        long i = find_exact(g, want);
        ck_assert_msg(i >= 0, "%s: %s", want, wgp_options_dump(g));
        ck_assert_int_eq(wgc_option_int(g, i, "weight"), printed[k].count);
        total += wgc_option_int(g, i, "weight");
    }
    ck_assert_int_eq(total, 72);
    ck_assert_int_lt(wgp_find(g, "draw Explore"), 0);
    ck_assert_int_lt(wgp_find(g, "draw Regrouping"), 0);
    ck_assert_int_lt(wgp_find(g, "draw Take Command Left"), 0);
    ck_assert_int_lt(wgp_find(g, "draw Take Command Center"), 0);
    ck_assert_int_lt(wgp_find(g, "draw Take Command Right"), 0);
    wg_game_free(g);
    /* the default deck has them */
    s.options = NULL;
    g = make(ctx, &s);
    ck_assert_int_ge(find_exact(g, "draw Explore"), 0);
    ck_assert_int_ge(find_exact(g, "draw Regrouping"), 0);
    ck_assert_int_ge(find_exact(g, "draw Take Command Left"), 0);
    wg_game_free(g);
    /* CCN-ORDERS-01: the Order deck is data: a host deck of two cards deals only those */
    s.orders = "wgdata 1 ccn-cards\ndeck order \"two cards\"\n"
               "card \"Probe Center\" count=8 sections=C units=2 src=ours\n"
               "card \"Elan\" count=2 sections=any units=command draw=both reshuffle src=ours\n";
    g = make(ctx, &s);
    ck_assert_uint_eq(wgp_option_count(g), 2);
    ck_assert_int_eq(wgc_option_int(g, find_exact(g, "draw Probe Center"), "weight"), 8);
    ck_assert_int_eq(wgc_option_int(g, find_exact(g, "draw Elan"), "weight"), 2);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* The block counts of the unit rows, read from the pieces a host scenario places: CCN-UNITS-01 (per
   nation and type, a scenario's blocks= aside), CCN-UNITS-08 (French Guard Heavy Cavalry 4, Guard
   Horse Artillery 3, CCN-GHA-01), CCN-UNITS-09 (British line 4, Rocket Battery 3, CCN-ROCKET-01),
   CCN-UNITS-10 (Russian light cavalry 4, lancers 4, militia lancers 4, horse artillery 3;
   CCN-LANCER-01, CCN-MLANCER-01), CCN-UNITS-11 (Portuguese line 4, light 3; Prussian cuirassier 3);
   CCN-SCEN-03: every unit set up complete. */
START_TEST(test_unit_rows)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    static const struct {
        const char *rec, *hex, *code;
        int max;
    } rows[] = {
        {"unit 1 french guard-heavy-cav A9", "A9", "F-GHC", 4},
        {"unit 1 french guard-horse-art B9", "B9", "F-GHA", 3},
        {"unit 0 british line A1", "A1", "B-LN", 4},
        {"unit 0 british rocket B1", "B1", "B-RB", 3},
        {"unit 0 russian light-cav C1", "C1", "R-LC", 4},
        {"unit 0 russian lancer D1", "D1", "R-LNCR", 4},
        {"unit 0 russian militia-lancer E1", "E1", "R-MLNCR", 4},
        {"unit 0 russian horse-art F1", "F1", "R-HA", 3},
        {"unit 0 portuguese line G1", "G1", "P-LN", 4},
        {"unit 0 portuguese light H1", "H1", "P-LT", 3},
        /* CCN-SCEN-06: the Hanoverian light infantry has 4 blocks (the Portuguese 3) */
        {"unit 0 prussian cuirassier I1", "I1", "P-CU", 3},
        {"unit 0 hanoverian light J1", "J1", "H-LT", 4},
    };
    char rec[2048] = "";
    size_t len = 0;
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++)
        len += (size_t)snprintf(rec + len, sizeof rec - len, "%s\n", rows[k].rec);
    snprintf(rec + len, sizeof rec - len, "unit 0 british line K1 blocks=2\n");
    wg_game *g = position(ctx, NULL, rec, 4);
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        long i = piece_at(g, rows[k].hex, 0);
        ck_assert_str_eq(piece_text(g, i, "code"), rows[k].code);
        ck_assert_msg(piece_int(g, i, "max_blocks") == rows[k].max, "%s", rows[k].rec);
        ck_assert_int_eq(piece_int(g, i, "blocks"), rows[k].max); /* CCN-SCEN-03 */
    }
    long i = piece_at(g, "K1", 0); /* CCN-UNITS-01: unless the scenario says otherwise */
    ck_assert_int_eq(piece_int(g, i, "blocks"), 2);
    ck_assert_int_eq(piece_int(g, i, "max_blocks"), 4);
    ck_assert_str_eq(piece_text(g, piece_at(g, "D1", 0), "nation"), "russian"); /* CCN-LANCER-01 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-LEADERCAS-03, CCN-LEADERCAS-04, CCN-LEADERCAS-05, CCN-LEADERCAS-07: a 3-block Line Infantry unit
   fires its normal 3 dice at a lone Leader: [saber, saber, flag] eliminates him, [saber, flag,
   infantry] and [flag, flag, flag] make him retreat 1, 2 or 3 hexes, his owner choosing. */
START_TEST(test_lone_leader_fire)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    static const int64_t rolls[3][3] = {{5, 5, 6}, {5, 6, 1}, {6, 6, 6}};
    for (int k = 0; k < 3; k++) {
        wg_game *g = position(
            ctx, NULL, "unit 1 french line E7 blocks=3\nleader 0 british E5 \"Paget\"\nunit 0 british line A1\n", 4);
        deal(g, "Attack Center");
        const char *e7[] = {"E7", NULL};
        to_combat(g, "Attack Center", e7);
        ck_assert_int_eq(dice_of(g, "fire: F-LN #1 [3/4] at E7 -> Leader Paget #2 at E5"), 3);
        attack(g, "fire: F-LN #1 [3/4] at E7 -> Leader Paget #2");
        size_t ev = wgp_event_count(g);
        wgc_roll(g, rolls[k], 3);
        if (k == 0) {
            ck_assert_int_ge(wgp_find_event(g, ev, "the lone Leader #2 is hit", 0), 0);
            ck_assert_int_lt(piece_at(g, "E5", 1), 0);
        } else {
            ck_assert_int_lt(wgp_find_event(g, ev, "is hit", 0), 0);
            ck_assert_int_eq(wgp_decider(g), 0);
            ck_assert_ptr_nonnull(strstr(wgp_decision(g), "retreats the lone Leader Paget #2 at E5 1 to 3 hexes"));
            /* 1 (row 4), 2 (row 3) or 3 (row 2) hexes toward his edge, not 4 */
            ck_assert_int_ge(find_exact(g, "retreat to E4"), 0);
            ck_assert_int_ge(find_exact(g, "retreat to E3"), 0);
            ck_assert_int_ge(find_exact(g, "retreat to E2"), 0);
            ck_assert_int_lt(find_exact(g, "retreat to E1"), 0);
            ck_assert_int_lt(find_exact(g, "retreat to E6"), 0);
            wgp_choose(g, k == 1 ? "retreat to E3" : "retreat to E4");
            ck_assert_int_ge(piece_at(g, k == 1 ? "E3" : "E4", 1), 0);
        }
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* The Rocket Battery's fire: CCN-ROCKET-05 (terrain never reduces its dice), CCN-ROCKET-06 (always 2),
   CCN-ROCKET-07 (a hit takes 2 icons of the target), CCN-ROCKET-08 (no flag ignored: an Old Guard
   unit, which may ignore 2, retreats for both), CCN-ROCKET-09 (two sabers: the battery loses a
   block). */
START_TEST(test_rocket_fire)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    static const struct {
        int64_t faces[2];
        const char *target, *event;
    } cases[] = {
        {{1, 2}, "line", ": 1 hit, 0 flags"},      {{1, 6}, "line", ": 0 hits, 1 flag"},
        {{3, 3}, "light-cav", ": 1 hit, 0 flags"}, {{1, 3}, "light-cav", ": 0 hits, 0 flags"},
        {{5, 5}, "line", ": 0 hits, 0 flags"},     {{6, 6}, "old-guard", ": 0 hits, 2 flags"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        char rec[160];
        snprintf(rec, sizeof rec, "unit 0 british rocket E1\nunit 1 french %s E5\n", cases[c].target);
        wg_game *g = coalition_position(ctx, "E1=orchard E5=forest", rec);
        deal(g, "Attack Center");
        const char *e1[] = {"E1", NULL};
        to_combat(g, "Attack Center", e1);
        ck_assert_int_eq(dice_of(g, "fire: B-RB #1 [3/3] at E1 ->"), 2); /* 3 blocks, two terrains: 2 dice */
        attack(g, "fire: B-RB #1");
        size_t ev = wgp_event_count(g);
        wgc_roll(g, cases[c].faces, 2);
        ck_assert_msg(wgp_find_event(g, ev, cases[c].event, 0) >= 0, "%zu: %s", c, wgp_events_dump(g, ev, 0));
        if (c == 0)
            ck_assert_int_ge(wgp_find_event(g, ev, "#2 loses 1 block (3 left)", 0), 0);
        if (c == 4)
            ck_assert_int_ge(wgp_find_event(g, ev, "#1 loses 1 block (2 left)", 0), 0);
        if (c == 5) {
            ck_assert_int_eq(wgp_decider(g), 1);
            ck_assert_ptr_nonnull(strstr(wgp_decision(g), "French retreats F-OG #2 [4/4] at E5 (2 hexes to go)"));
        }
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* Line of sight: CCN-TERRAIN-04 (an orchard blocks it), CCN-TERRAIN-16 (a marsh does not),
   CCN-BASE-33 (a unit between blocks it; along a hexside both hexes must block; the firer's and the
   target's hexes never block; a unit next to an enemy fires at no other). */
START_TEST(test_line_of_sight)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    const char *row = "unit 1 french line F5\nunit 0 british line H5\n";
    ck_assert_int_eq(standing_dice(ctx, NULL, row, "F5", "H5"), 4);
    ck_assert_int_eq(standing_dice(ctx, "G5=orchard", row, "F5", "H5"), -1);
    ck_assert_int_eq(standing_dice(ctx, "G5=forest", row, "F5", "H5"), -1);
    ck_assert_int_eq(standing_dice(ctx, "G5=marsh", row, "F5", "H5"), 4);
    ck_assert_int_eq(standing_dice(ctx, "F5=orchard H5=orchard", row, "F5", "H5"), 3);
    ck_assert_int_eq(
        standing_dice(ctx, NULL, "unit 1 french line F5\nunit 0 british line H5\nunit 1 french line G5\n", "F5", "H5"),
        -1);
    /* E6 -> E4 runs along the hexside between E5 and F5 */
    const char *side = "unit 1 french line E6\nunit 0 british line E4\n";
    ck_assert_int_eq(standing_dice(ctx, "E5=orchard", side, "E6", "E4"), 4);
    ck_assert_int_eq(standing_dice(ctx, "F5=orchard", side, "E6", "E4"), 4);
    ck_assert_int_eq(standing_dice(ctx, "E5=orchard F5=orchard", side, "E6", "E4"), -1);
    /* next to an enemy unit (D6), no fire at E4 */
    ck_assert_int_eq(
        standing_dice(ctx, NULL, "unit 1 french line E6\nunit 0 british line E4\nunit 0 british line D6\n", "E6", "E4"),
        -1);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-BASE-26: a ford stops a move, a unit may battle on entering it; targeting a unit in it -1 in
   melee only; a unit in it -1 in ranged and melee; it does not block the line of sight. */
START_TEST(test_ford)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = wall_position(ctx, "F8=ford", "unit 1 french light-cav F9", NULL);
    ck_assert(can_reach(g, "F8") && !can_reach(g, "F7"));
    wg_game_free(g);
    g = position(ctx, "F7=ford", "unit 1 french line F8\nunit 0 british line F6\n", 4);
    deal(g, "Attack Center");
    const char *f8[] = {"F8", NULL};
    play_orders(g, "Attack Center", f8);
    move_to(g, "F8", "F7");
    wgp_choose(g, "end movement");
    ck_assert_int_eq(dice_of(g, "melee: F-LN #1 [4/4] at F7"), 4);
    wg_game_free(g);
    const char *fire = "unit 1 french line E6\nunit 0 british line E4\n";
    const char *melee = "unit 1 french line E6\nunit 0 british line E5\n";
    ck_assert_int_eq(standing_dice(ctx, "E4=ford", fire, "E6", "E4"), 4);
    ck_assert_int_eq(standing_dice(ctx, "E5=ford", melee, "E6", "E5"), 4);
    ck_assert_int_eq(standing_dice(ctx, "E6=ford", fire, "E6", "E4"), 3);
    ck_assert_int_eq(standing_dice(ctx, "E6=ford", melee, "E6", "E5"), 4);
    ck_assert_int_eq(standing_dice(ctx, "G5=ford", "unit 1 french line F5\nunit 0 british line H5\n", "F5", "H5"), 4);
    wg_ctx_free(ctx);
}
END_TEST

/* The movement the cards give infantry: Force March up to 2 and fight, Bayonet Charge 2 and melee,
   La Grande Manoeuvre 4 and no fight; the Austrian line under Force March 1 and fight.  (The item of
   these allowances is not cited: the engine also lets a unit ordered by Bayonet Charge fire.) */
START_TEST(test_card_movement)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    static const struct {
        int side;
        const char *card, *records, *from, *farthest, *beyond, *battle;
    } cases[] = {
        /* F9 -> F7 2 hexes, E6 3, F5 4, F4 5; F7 is 2 hexes from E5, F5 next to it */
        {1, "Force March", "unit 1 french line F9\nunit 0 british line E5\n", "F9", "F7", "E6", "fire: F-LN #1"},
        {1, "Bayonet Charge", "unit 1 french line F9\nunit 0 british line F6\n", "F9", "F7", "E6", "melee: F-LN #1"},
        {1, "La Grande Manoeuvre", "unit 1 french line F9\nunit 0 british line E5\n", "F9", "F5", "F4", NULL},
        /* the Austrians (top edge): F1 -> F2 1 hex, F3 2; F2 is 2 hexes from F4 */
        {0, "Force March", "unit 0 austrian line F1\nunit 1 french line F4\n", "F1", "F2", "F3", "fire: A-LN #1"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        wg_game *g;
        if (cases[c].side == 0) {
            g = coalition_position(ctx, NULL, cases[c].records);
            deal2(g, cases[c].card, "Probe Center");
        } else {
            g = position(ctx, NULL, cases[c].records, 4);
            deal2(g, "Probe Center", cases[c].card);
        }
        const char *one[] = {cases[c].from, NULL};
        play_orders(g, cases[c].card, one);
        char want[16];
        snprintf(want, sizeof want, "at %s", cases[c].from);
        wgp_choose(g, want);
        ck_assert_msg(can_reach(g, cases[c].farthest) && !can_reach(g, cases[c].beyond), "%s %s: %s", cases[c].card,
                      cases[c].records, wgp_options_dump(g));
        snprintf(want, sizeof want, "to %s ", cases[c].farthest);
        wgp_choose(g, want);
        wgp_choose(g, "end movement");
        if (cases[c].battle)
            ck_assert_msg(wgp_find(g, cases[c].battle) >= 0, "%s: %s", cases[c].card, wgp_options_dump(g));
        else
            ck_assert_msg(wgp_option_count(g) == 1, "%s: %s", cases[c].card, wgp_options_dump(g)); /* no fight */
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-TAKECMD-01: the Take Command cards of the Order deck; CCN-ORDERS-09: First Strike and Supply
   Under Pressure are Tactician cards, not Order cards. */
START_TEST(test_card_names)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    setup s = {NULL, "unit 1 french line E9\nunit 0 british line E1\n", 0, 1, 1, 0, 0, NULL, NULL};
    wg_game *g = make(ctx, &s);
    ck_assert_str_eq(wgp_decision(g), "Coalition draws an Order card");
    ck_assert_int_ge(find_exact(g, "draw Take Command Any Section"), 0);
    ck_assert_int_ge(find_exact(g, "draw Take Command Left"), 0);
    ck_assert_int_ge(find_exact(g, "draw Take Command Center"), 0);
    ck_assert_int_ge(find_exact(g, "draw Take Command Right"), 0);
    ck_assert_int_lt(wgp_find(g, "draw First Strike"), 0);
    ck_assert_int_lt(wgp_find(g, "draw Supply Under Pressure"), 0);
    wgp_choose_index(g, 0);
    wgp_choose_index(g, 0);
    ck_assert_str_eq(wgp_decision(g), "Coalition draws a Tactician card");
    ck_assert_int_ge(find_exact(g, "draw First Strike"), 0);
    ck_assert_int_ge(find_exact(g, "draw Supply Under Pressure"), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ccn_rules");
    TCase *tc = tcase_create("rules");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_sections);
    tcase_add_test(tc, test_order_counts);
    tcase_add_test(tc, test_movement_blocking);
    tcase_add_test(tc, test_move_allowances);
    tcase_add_test(tc, test_battle_after_moving);
    tcase_add_test(tc, test_battle_on_entry);
    tcase_add_test(tc, test_terrain_dice);
    tcase_add_test(tc, test_blocks_and_dice);
    tcase_add_test(tc, test_hits);
    tcase_add_test(tc, test_rocket_one_block);
    tcase_add_test(tc, test_lone_leader_melee);
    tcase_add_test(tc, test_lone_leader_fire);
    tcase_add_test(tc, test_rocket_fire);
    tcase_add_test(tc, test_line_of_sight);
    tcase_add_test(tc, test_ford);
    tcase_add_test(tc, test_card_movement);
    tcase_add_test(tc, test_card_names);
    tcase_add_test(tc, test_leader_never_battles);
    tcase_add_test(tc, test_recruits);
    tcase_add_test(tc, test_flag_ignores);
    tcase_add_test(tc, test_guard_horse_artillery_flags);
    tcase_add_test(tc, test_retreats);
    tcase_add_test(tc, test_retreat_hexes);
    tcase_add_test(tc, test_take_ground_and_battle_back);
    tcase_add_test(tc, test_flags_temporary);
    tcase_add_test(tc, test_flags_elimination);
    tcase_add_test(tc, test_leader_orders);
    tcase_add_test(tc, test_card_combat_limits);
    tcase_add_test(tc, test_flags_start_of_turn);
    tcase_add_test(tc, test_flags_group);
    tcase_add_test(tc, test_flags_majority);
    tcase_add_test(tc, test_flags_permanent);
    tcase_add_test(tc, test_flags_each_none_unbounded);
    tcase_add_test(tc, test_scoring_blocks);
    tcase_add_test(tc, test_victory_ends_game);
    tcase_add_test(tc, test_tactician_draw_cards);
    tcase_add_test(tc, test_default_action_and_elan);
    tcase_add_test(tc, test_scout_draw);
    tcase_add_test(tc, test_take_command);
    tcase_add_test(tc, test_deck75);
    tcase_add_test(tc, test_unit_rows);
    tcase_add_test(tc, test_square);
    tcase_add_test(tc, test_combined_arms);
    tcase_add_test(tc, test_breakthrough);
    tcase_add_test(tc, test_stream_charge);
    tcase_add_test(tc, test_redoubt);
    tcase_add_test(tc, test_nations_on_one_side);
    tcase_add_test(tc, test_gha_fire);
    tcase_add_test(tc, test_garrison_is_infantry);
    tcase_add_test(tc, test_s07_sudden_count);
    tcase_add_test(tc, test_base_pack_facts);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

/* Commands & Colors: Napoleonics played through the public API: positions from host documents (a
   board and a scenario written here, the bundled base pack and decks), decisions by label or by the
   faces of physical dice, results read from labels, attributes, events, odds and the provenance
   call.  Checklist items are cited where they are played. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgccn.h"
#include "wgplay.h"


/* A scenario: the Coalition at the top edge, the French at the bottom, French move first, with
   `cards` Order cards a side, no Tactician cards, victory 5, and the given records. */
static char *scenario(const char *records, int cards)
{
    size_t cap = 8192;
    char *b = malloc(cap);
    ck_assert_ptr_nonnull(b);
    snprintf(b, cap,
             "wgdata 1 ccn\nscenario T1 \"test position\"\n"
             "side 0 \"Coalition Army\" commander=A cards=%d tactician=0 edge=top\n"
             "side 1 \"French Army\" commander=B cards=%d tactician=0 edge=bottom\n"
             "first 1\nvictory 5\n%s",
             cards, cards, records);
    return b;
}

/* The Order deck the next positions use instead of the bundled one (NULL: the bundled one). */
static const char *host_orders = NULL;

/* A position with Tactician cards: `tac` a side, dealt from the deck document `deck` (kind ccn-cards;
   NULL: the bundled deck), and game options (NULL: none). */
static int try_position_opt(wg_game **out, wg_ctx *ctx, const char *terrain, const char *records, int cards, int tac,
                            const char *deck, const char *options)
{
    char *map = wgc_board(terrain), *sc = scenario(records, cards);
    char *sc2 = malloc(strlen(sc) + 64);
    ck_assert_ptr_nonnull(sc2);
    char tc[32];
    snprintf(tc, sizeof tc, "tactician=%d", tac);
    /* both side records say tactician=0 */
    const char *p = sc;
    size_t n = 0;
    while (*p) {
        if (strncmp(p, "tactician=0", 11) == 0) {
            memcpy(sc2 + n, tc, strlen(tc));
            n += strlen(tc);
            p += 11;
        } else
            sc2[n++] = *p++;
    }
    sc2[n] = '\0';
    wgp_doc docs[5] = {{"map", map}, {"scenario", sc2}, {NULL, NULL}, {NULL, NULL}, {NULL, NULL}};
    size_t nd = 2;
    if (deck)
        docs[nd].slot = "tactician", docs[nd++].text = deck;
    if (host_orders)
        docs[nd].slot = "orders", docs[nd++].text = host_orders;
    int rc = wgp_try_new(out, ctx, "ccn", "S01", options, 1, docs);
    free(map);
    free(sc);
    free(sc2);
    return rc;
}

static wg_game *position_opt(wg_ctx *ctx, const char *terrain, const char *records, int cards, int tac,
                             const char *deck, const char *options)
{
    wg_game *g = NULL;
    int rc = try_position_opt(&g, ctx, terrain, records, cards, tac, deck, options);
    ck_assert_msg(rc == WG_OK, "set-up: %s: %s", wg_status_str(rc), wg_ctx_errmsg(ctx));
    return g;
}

static wg_game *position_tac(wg_ctx *ctx, const char *terrain, const char *records, int cards, int tac,
                             const char *deck)
{
    return position_opt(ctx, terrain, records, cards, tac, deck, NULL);
}

static wg_game *position(wg_ctx *ctx, const char *terrain, const char *records, int cards)
{
    char *map = wgc_board(terrain), *sc = scenario(records, cards);
    wgp_doc docs[] = {{"map", map}, {"scenario", sc}, {NULL, NULL}};
    wg_game *g = wgp_new(ctx, "ccn", "S01", NULL, 1, docs);
    free(map);
    free(sc);
    return g;
}

/* The deal: every Order card drawn is `card` (when the deck still holds one). */
static void deal(wg_game *g, const char *card)
{
    char want[64];
    snprintf(want, sizeof want, "draw %s", card);
    while (wgp_decider(g) == WG_PLAYER_CHANCE && strstr(wgp_decision(g), " draws ")) {
        long i = wgp_find(g, want);
        wgp_choose_index(g, i >= 0 ? (size_t)i : 0);
    }
}



/* The French turn up to the choice of a combat: play `card`, order the units at the hexes listed,
   no movement. */
static void french_to_combat(wg_game *g, const char *card, const char *const *hexes)
{
    char want[64];
    snprintf(want, sizeof want, "play %s", card);
    wgp_choose(g, want);
    for (int i = 0; hexes[i]; i++) {
        snprintf(want, sizeof want, "at %s", hexes[i]);
        long k = wgp_find(g, want);
        ck_assert_msg(k >= 0, "cannot order the unit at %s: %s", hexes[i], wgp_options_dump(g));
        wgp_choose_index(g, (size_t)k);
    }
    wgp_choose(g, "done ordering");
    wgp_choose(g, "end movement");
}

START_TEST(test_provenance)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = wgp_new(ctx, "ccn", "S05", NULL, 1, NULL);
    int prov = -1;
    ck_assert_int_eq(wg_game_provisional(&prov, g), WG_OK);
    ck_assert_int_eq(prov, 1);
    char buf[2048];
    size_t len = 0;
    ck_assert_int_eq(wg_game_provenance(buf, sizeof buf, &len, g), WG_OK);
    ck_assert_ptr_nonnull(strstr(buf, "base: bundled data/ccn/base.wgd; provisional"));
    ck_assert_ptr_nonnull(strstr(buf, "orders: bundled data/ccn/orders-90.wgd; provisional"));
    ck_assert_ptr_nonnull(strstr(buf, "map: bundled data/ccn/s05-map.wgd; provisional"));
    ck_assert_ptr_nonnull(strstr(buf, "90 cards")); /* CCN-UNITS-13, CCN-ORDERS-01: 90 Order cards, */
    ck_assert_ptr_nonnull(strstr(buf, "50 cards")); /* 50 Tactician cards */
    char small[8];
    size_t full = 0;
    ck_assert_int_eq(wg_game_provenance(small, sizeof small, &full, g), WG_EBUFSIZE);
    ck_assert_uint_eq(full, len);
    ck_assert_int_eq(wg_game_provenance(NULL, 5, &full, g), WG_EINVAL);
    ck_assert_int_eq(wg_game_provenance(buf, sizeof buf, &len, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_game_provisional(NULL, g), WG_EINVAL);
    ck_assert_int_eq(wg_game_provisional(&prov, NULL), WG_EINVAL);
    /* the keys doc/ccn.md lists are the keys offered, both ways */
    wgp_check_documented_keys(g, "doc/ccn.md", "## Attributes, names and option order");
    /* the title and describe say so */
    const char *title = NULL;
    ck_assert_int_eq(wg_ruleset_scenario_name(&title, "ccn", 4), WG_OK);
    ck_assert_ptr_nonnull(strstr(title, "provisional data"));
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 0), "provisional data"));
    wg_game_free(g);

    /* CCN-DECK75-02/03, CCN-GAP-46: the printed deck, and the total it really holds */
    g = wgp_new(ctx, "ccn", "S05", "deck=75", 1, NULL);
    ck_assert_int_eq(wg_game_provenance(buf, sizeof buf, &len, g), WG_OK);
    ck_assert_ptr_nonnull(strstr(buf, "orders-75.wgd; the printed 75-card deck, 72 cards as printed"));
    wg_game_free(g);

    /* every document from the host: nothing provisional */
    const char *files[5][2] = {{"base", "data/ccn/base.wgd"},
                               {"orders", "data/ccn/orders-75.wgd"},
                               {"tactician", "data/ccn/tactician.wgd"},
                               {"map", "data/ccn/s05-map.wgd"},
                               {"scenario", "data/ccn/s05.wgd"}};
    char *texts[5];
    wgp_doc docs[6];
    for (int i = 0; i < 5; i++) {
        texts[i] = wgp_read_source(files[i][1], NULL);
        docs[i].slot = files[i][0];
        docs[i].text = texts[i];
    }
    docs[5].slot = NULL;
    docs[5].text = NULL;
    g = wgp_new(ctx, "ccn", "S05", NULL, 1, docs);
    ck_assert_int_eq(wg_game_provisional(&prov, g), WG_OK);
    ck_assert_int_eq(prov, 0);
    ck_assert_int_eq(wg_game_provenance(buf, sizeof buf, &len, g), WG_OK);
    ck_assert_ptr_nonnull(strstr(buf, "map: host document; as supplied"));
    wg_game_free(g);
    for (int i = 0; i < 5; i++)
        free(texts[i]);

    /* the other rulesets: their schematic maps are provisional */
    g = wgp_new(ctx, "marechaux", "1808", NULL, 1, NULL);
    ck_assert_int_eq(wg_game_provisional(&prov, g), WG_OK);
    ck_assert_int_eq(prov, 1);
    ck_assert_int_eq(wg_game_provenance(buf, sizeof buf, &len, g), WG_OK);
    ck_assert_ptr_nonnull(strstr(buf, "map: bundled data/marechaux/1808-map.wgd; provisional"));
    wg_game_free(g);
    g = wgp_new(ctx, "lga", "1806", NULL, 1, NULL);
    ck_assert_int_eq(wg_game_provenance(buf, sizeof buf, &len, g), WG_OK);
    ck_assert_ptr_nonnull(strstr(buf, "crt: the printed cells only (rule)"));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-TERRAIN-07 (DERIVED): a 4-block French Line Infantry unit in an orchard, not moved, fires at a
   unit in another orchard: 4 dice - 1 = 3; CCN-TERRAIN-03: -1 targeting a unit in an orchard. */
START_TEST(test_orchard_fire)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = position(ctx, "E6=orchard E4=orchard",
                          "unit 1 french line E6\nunit 0 british line E4\nunit 1 french light-cav G6 blocks=3\n"
                          "unit 0 british line H5\n",
                          4);
    deal(g, "Attack Center");
    const char *ordered[] = {"E6", "G6", NULL};
    french_to_combat(g, "Attack Center", ordered);
    long i = wgp_find(g, "fire: F-LN #1 [4/4] at E6 -> B-LN #2 [4/4] at E4");
    ck_assert_msg(i >= 0, "%s", wgp_options_dump(g));
    ck_assert_int_eq(wgc_option_int(g, i, "dice"), 3);
    /* the cavalry (3 blocks, 1 die per block, CCN-BASE-28) in the clear melees a unit in the clear: 3 */
    i = wgp_find(g, "melee: F-LC #3 [3/4] at G6 -> B-LN #4 [4/4] at H5");
    ck_assert_msg(i >= 0, "%s", wgp_options_dump(g));
    ck_assert_int_eq(wgc_option_int(g, i, "dice"), 3);
    wg_game_free(g);

    /* the cavalry in an orchard: -1 battling out of it (CCN-TERRAIN-02) */
    g = position(ctx, "G6=orchard", "unit 1 french light-cav G6 blocks=3\nunit 0 british line H5\n", 4);
    deal(g, "Attack Center");
    const char *one[] = {"G6", NULL};
    french_to_combat(g, "Attack Center", one);
    i = wgp_find(g, "melee: F-LC #1 [3/4] at G6");
    ck_assert_msg(i >= 0, "%s", wgp_options_dump(g));
    ck_assert_int_eq(wgc_option_int(g, i, "dice"), 2);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static const int64_t II[] = {1, 2}, IF[] = {1, 6}, SS[] = {5, 5}, FF[] = {6, 6};

/* CCN-ROCKET-10 (DERIVED), CCN-ROCKET-04/05/06/07/08/09: a Rocket Battery fires 2 dice over a forest
   at a unit 3 hexes away in a forest. */
static wg_game *rocket_position(wg_ctx *ctx, const char *target)
{
    char rec[256];
    snprintf(rec, sizeof rec, "unit 0 british rocket E3\nunit 1 %s E6\n", target);
    wg_game *g = position(ctx, "E4=forest E5=forest E6=forest", rec, 4);
    /* the Coalition moves first here: hand it the turn by ending the French one */
    deal(g, "Attack Center");
    wgp_choose(g, "play Attack Center");
    wgp_choose(g, "done ordering");
    wgp_choose(g, "end movement");
    wgp_choose(g, "end combat");
    deal(g, "Attack Center");
    wgp_choose(g, "play Attack Center");
    wgp_choose(g, "at E3");
    wgp_choose(g, "done ordering");
    wgp_choose(g, "end movement");
    return g;
}

START_TEST(test_rocket_battery)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = rocket_position(ctx, "french line");
    long i = wgp_find(g, "fire: B-RB");
    ck_assert_msg(i >= 0, "no line of sight needed, no terrain reduction: %s", wgp_options_dump(g));
    ck_assert_int_eq(wgc_option_int(g, i, "dice"), 2);
    size_t ev = wgp_event_count(g);
    wgp_choose_index(g, (size_t)i);
    wgc_roll(g, II, 2);
    ck_assert_int_ge(wgp_find_event(g, ev, "2 infantry: 1 hit, 0 flags", 0), 0);
    ck_assert_int_ge(wgp_find_event(g, ev, "loses 1 block (3 left)", 0), 0);
    wg_game_free(g);

    g = rocket_position(ctx, "french line");
    wgp_choose(g, "fire: B-RB");
    ev = wgp_event_count(g);
    wgc_roll(g, IF, 2);
    ck_assert_int_ge(wgp_find_event(g, ev, "0 hits, 1 flag", 0), 0);
    /* the flag cannot be ignored: the retreat comes at once (the forest's own flag ignore does not apply) */
    ck_assert_int_eq(wgp_decider(g), 1);
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "retreats"));
    wg_game_free(g);

    g = rocket_position(ctx, "french line");
    wgp_choose(g, "fire: B-RB");
    ev = wgp_event_count(g);
    wgc_roll(g, SS, 2);
    ck_assert_int_ge(wgp_find_event(g, ev, "0 hits, 0 flags", 0), 0);
    ck_assert_int_ge(wgp_find_event(g, ev, "#1 loses 1 block (2 left)", 0), 0); /* the battery itself */
    wg_game_free(g);

    /* two flags against the Old Guard (may ignore 2): none ignored, a retreat of 2 hexes */
    g = rocket_position(ctx, "french old-guard");
    wgp_choose(g, "fire: B-RB");
    wgc_roll(g, FF, 2);
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "(2 hexes to go)"));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-LEADERCAS-01/03/04/05/07: ranged combat at a lone Leader: two sabers eliminate him, otherwise
   he retreats 1 to 3 hexes; flags do nothing. */
START_TEST(test_lone_leader_fire)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    static const int64_t SSF[] = {5, 5, 6}, SFI[] = {5, 6, 1};
    for (int k = 0; k < 2; k++) {
        wg_game *g = position(ctx, NULL, "unit 1 french line E6 blocks=3\nleader 0 british E4 \"Paget\"\n", 4);
        deal(g, "Attack Center");
        const char *ordered[] = {"E6", NULL};
        french_to_combat(g, "Attack Center", ordered);
        long i = wgp_find(g, "-> Leader Paget #2 at E4");
        ck_assert_msg(i >= 0, "%s", wgp_options_dump(g));
        ck_assert_int_eq(wgc_option_int(g, i, "dice"), 3);
        wgp_choose_index(g, (size_t)i);
        size_t ev = wgp_event_count(g);
        wgc_roll(g, k == 0 ? SSF : SFI, 3);
        if (k == 0) {
            ck_assert_int_ge(wgp_find_event(g, ev, "the lone Leader #2 is hit", 0), 0);
            ck_assert_int_ge(wgp_find_event(g, ev, "French wins 1 Victory Flag (elimination)", 0), 0);
        } else {
            ck_assert_int_eq(wgp_decider(g), 0);
            ck_assert_ptr_nonnull(strstr(wgp_decision(g), "1 to 3 hexes"));
            /* toward his own (top) edge: rows 3, 2, 1 */
            ck_assert_int_gt(wgp_count(g, "retreat to"), 0);
            ck_assert_int_lt(wgp_find(g, "retreat to E5"), 0);
            wgp_choose(g, "retreat to");
        }
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-FLAGS-04, CCN-FLAGS-08, CCN-FLAGS-09, CCN-GAP-33: a temporary majority objective with flags pre-awarded. */
START_TEST(test_majority_flags)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    /* the French hold 1 of the group's hexes, the Coalition none: the French keep their start flag */
    wg_game *g = position(ctx, NULL,
                          "unit 1 french line E6\nunit 0 british line E4\n"
                          "objective \"Village\" side=any kind=temp when=now test=majority flags=1,2 hexes=E6,F6,E5 "
                          "start=2 startside=1\n",
                          4);
    deal(g, "Attack Center");
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 1), "French (French Army, B, bottom edge): 2 of 5"));
    wg_game_free(g);
    /* 1 against 1: nobody has the majority, the start flags are lost at once */
    g = position(ctx, NULL,
                 "unit 1 french line E6\nunit 0 british line E5\n"
                 "objective \"Village\" side=any kind=temp when=now test=majority flags=1,2 hexes=E6,F6,E5 "
                 "start=2 startside=1\n",
                 4);
    ck_assert_int_ge(wgp_find_event(g, 0, "French loses 2 Victory Flags (Village)", 1), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-SCEN-04, CCN-SCEN-05: the map codes name the nation and the type. */
START_TEST(test_map_codes)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = position(ctx, NULL,
                          "unit 0 austrian grenzer A1\nunit 0 british line B1\nunit 0 russian light-cav C1\n"
                          "unit 0 prussian light D1\nunit 0 hanoverian line E1\nunit 1 french line E9\n",
                          4);
    const char *d = wgp_describe(g, WG_VIEW_REFEREE);
    ck_assert_ptr_nonnull(strstr(d, "A-GRZ #1"));
    ck_assert_ptr_nonnull(strstr(d, "B-LN #2"));
    ck_assert_ptr_nonnull(strstr(d, "R-LC #3"));
    ck_assert_ptr_nonnull(strstr(d, "P-LT #4"));
    ck_assert_ptr_nonnull(strstr(d, "H-LN #5"));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Orders outside the card's section are refused with the rule (CCN-BASE-06, CCN-DEC-03); a malformed
   scenario names its line and nothing is made. */
START_TEST(test_bad_orders_and_documents)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = position(ctx, NULL, "unit 1 french line A9\nunit 1 french line G9\nunit 0 british line E1\n", 4);
    deal(g, "Probe Center");
    wgp_choose(g, "play Probe Center");
    ck_assert_int_lt(wgp_find(g, "at A9"), 0); /* the left flank is not ordered by a centre card */
    ck_assert_int_ge(wgp_find(g, "at G9"), 0);
    wg_game_free(g);

    char *map = wgc_board(NULL), *sc = scenario("unit 1 french line Z9\n", 4);
    wgp_doc docs[] = {{"map", map}, {"scenario", sc}, {NULL, NULL}};
    wg_game *bad = NULL;
    int rc = wgp_try_new(&bad, ctx, "ccn", "S01", NULL, 1, docs);
    ck_assert_int_eq(rc, WG_EDATA);
    ck_assert_ptr_null(bad);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "ccn scenario line 7"));
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "'Z9' is not a hex name"));
    free(sc);
    sc = scenario("unit 1 french zouave E9\n", 4);
    docs[1].text = sc;
    ck_assert_int_eq(wgp_try_new(&bad, ctx, "ccn", "S01", NULL, 1, docs), WG_EDATA);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "no row for french zouave"));
    free(sc);
    free(map);
    wg_ctx_free(ctx);
}
END_TEST

/* The dice are exact (issue item 7): for rolls of 2, 3 and 4 dice, every one of the 6^N face
   sequences is entered as physical dice and played through the real resolution; the hits and flags
   the events report, counted over the sequences, are the weights of the odds call, summing to 6^N. */
static long outcome_weight(const char *json, const char *label)
{
    /* the outcomes whose label begins with `label` (the rest: the retreat, blocked hexes, the Leader) */
    char key[160];
    snprintf(key, sizeof key, "\"label\":\"%s", label);
    long sum = 0;
    for (const char *p = strstr(json, key); p; p = strstr(p + 1, key)) {
        char next = p[strlen(key)];
        if (next != '"' && next != ',' && next != ':')
            continue;
        const char *w = strstr(p, "\"weight\":");
        if (w)
            sum += strtol(w + 9, NULL, 10);
    }
    return sum;
}

static void brute_force(wg_ctx *ctx, int blocks)
{
    char rec[160];
    snprintf(rec, sizeof rec, "unit 1 french line E6 blocks=%d\nunit 0 british line E4 blocks=4\n", blocks);
    wg_game *g = position(ctx, NULL, rec, 4);
    deal(g, "Attack Center");
    const char *ordered[] = {"E6", NULL};
    french_to_combat(g, "Attack Center", ordered);
    char *odds = NULL;
    size_t len = 0;
    ck_assert_int_eq(wg_game_odds(NULL, 0, &len, g, WG_VIEW_REFEREE, "attack from=E6 at=E4"), WG_OK);
    odds = malloc(len + 1);
    ck_assert_int_eq(wg_game_odds(odds, len + 1, &len, g, WG_VIEW_REFEREE, "attack from=E6 at=E4"), WG_OK);
    wgp_choose(g, "fire: F-LN");
    int n = blocks; /* standing: 1 die per block (CCN-BASE-09) */
    long total = 1;
    for (int k = 0; k < n; k++)
        total *= 6;
    long counts[8][8] = {{0}};
    for (long seq = 0; seq < total; seq++) {
        int64_t faces[4];
        long v = seq;
        for (int k = 0; k < n; k++, v /= 6)
            faces[k] = v % 6 + 1;
        wg_game *h = NULL;
        ck_assert_int_eq(wg_game_clone(&h, g), WG_OK);
        size_t ev = wgp_event_count(h);
        wgc_roll(h, faces, (size_t)n);
        long at = wgp_find_event(h, ev, "rolled ", WG_VIEW_REFEREE);
        ck_assert_int_ge(at, 0);
        const char *t = strstr(wgp_event(h, (size_t)at, WG_VIEW_REFEREE), ": ");
        int hits = -1, flags = -1;
        ck_assert_ptr_nonnull(t);
        ck_assert_int_eq(sscanf(t, ": %d hit%*[s], %d flag", &hits, &flags) == 2 ||
                             sscanf(t, ": %d hit, %d flag", &hits, &flags) == 2,
                         1);
        counts[hits][flags]++;
        wg_game_free(h);
    }
    long sum = 0;
    for (int hh = 0; hh <= n; hh++)
        for (int f = 0; f <= n; f++) {
            if (!counts[hh][f])
                continue;
            char label[96];
            /* the target has 4 blocks: 4 hits eliminate it */
            snprintf(label, sizeof label, "%d hit%s, %d flag%s%s", hh, hh == 1 ? "" : "s", f, f == 1 ? "" : "s",
                     hh >= 4 ? ": eliminated" : "");
            long w = outcome_weight(odds, label);
            ck_assert_msg(w == counts[hh][f], "%d dice, %s: odds %ld, brute force %ld\n%s", n, label, w, counts[hh][f],
                          odds);
            sum += w;
        }
    ck_assert_int_eq(sum, total);
    ck_assert_ptr_nonnull(strstr(odds, "\"total\":"));
    free(odds);
    wg_game_free(g);
}

START_TEST(test_exact_dice)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    for (int n = 2; n <= 4; n++)
        brute_force(ctx, n);
    wg_ctx_free(ctx);
}
END_TEST

/* The Lancer's re-roll is exact too (issue item 7; CCN-LANCER-02, CCN-LANCER-03, CCN-LANCER-05, CCN-GAP-11): a 3-block
   Russian Lancer melees a French Line unit; every initial face sequence and, for each, every
   sequence of its re-rolled flag dice is played through the engine (its second chance decision);
   weighted 6^(3-f) for f flags, they give the odds call's weights over 6^6. */
START_TEST(test_lancer_exact)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = position(ctx, NULL, "unit 0 russian lancer E5 blocks=3\nunit 1 french line E6\n", 4);
    deal(g, "Attack Center");
    wgp_choose(g, "play Attack Center");
    wgp_choose(g, "done ordering");
    wgp_choose(g, "end movement");
    wgp_choose(g, "end combat");
    deal(g, "Attack Center");
    wgp_choose(g, "play Attack Center");
    wgp_choose(g, "at E5");
    wgp_choose(g, "done ordering");
    wgp_choose(g, "end movement");
    size_t len = 0;
    ck_assert_int_eq(wg_game_odds(NULL, 0, &len, g, WG_VIEW_REFEREE, "attack from=E5 at=E6"), WG_OK);
    char *odds = malloc(len + 1);
    ck_assert_int_eq(wg_game_odds(odds, len + 1, &len, g, WG_VIEW_REFEREE, "attack from=E5 at=E6"), WG_OK);
    ck_assert_ptr_nonnull(strstr(odds, "\"total\":46656,"));
    ck_assert_ptr_nonnull(strstr(odds, "\"name\":\"lancer_reroll\""));
    wgp_choose(g, "melee: R-LNCR");
    long counts[8][8] = {{0}}, sum = 0, rerolls = 0;
    for (long seq = 0; seq < 216; seq++) {
        int64_t faces[3];
        long v = seq;
        int f = 0;
        for (int k = 0; k < 3; k++, v /= 6) {
            faces[k] = v % 6 + 1;
            f += faces[k] == 6;
        }
        long nre = 1;
        for (int k = 0; k < f; k++)
            nre *= 6;
        long scale = 1;
        for (int k = f; k < 3; k++)
            scale *= 6;
        for (long rs = 0; rs < nre; rs++) {
            wg_game *h = NULL;
            ck_assert_int_eq(wg_game_clone(&h, g), WG_OK);
            size_t ev = wgp_event_count(h);
            wgc_roll(h, faces, 3);
            if (f) {
                ck_assert_ptr_nonnull(strstr(wgp_decision(h), "the Lancer's re-roll"));
                int64_t rf[3];
                long x = rs;
                for (int k = 0; k < f; k++, x /= 6)
                    rf[k] = x % 6 + 1;
                wgc_roll(h, rf, (size_t)f);
                rerolls++;
            }
            long at = wgp_find_event(h, ev, f ? "re-rolled the flags:" : "rolled ", WG_VIEW_REFEREE);
            ck_assert_int_ge(at, 0);
            const char *t = strrchr(wgp_event(h, (size_t)at, WG_VIEW_REFEREE), ':');
            int hits = -1, flags = -1;
            ck_assert_ptr_nonnull(t);
            ck_assert(sscanf(t, ": %d hit%*[s], %d flag", &hits, &flags) == 2 ||
                      sscanf(t, ": %d hit, %d flag", &hits, &flags) == 2);
            if (hits >= 4) {
                hits = 4;
                flags = 0;
            }
            counts[hits][flags] += scale;
            wg_game_free(h);
        }
    }
    for (int hh = 0; hh < 8; hh++)
        for (int f = 0; f < 8; f++) {
            if (!counts[hh][f])
                continue;
            char label[96];
            snprintf(label, sizeof label, "%d hit%s, %d flag%s%s", hh, hh == 1 ? "" : "s", f, f == 1 ? "" : "s",
                     hh >= 4 ? ": eliminated" : "");
            long w = outcome_weight(odds, label);
            ck_assert_msg(w == counts[hh][f], "%s: odds %ld, brute force %ld\n%s", label, w, counts[hh][f], odds);
            sum += w;
        }
    ck_assert_int_eq(sum, 46656);
    ck_assert_int_eq(rerolls, 1331 - 125); /* 11^3 sequences in all, 5^3 of them without a flag */
    /* the retreat toward the French edge has room for 3 hexes: a 4th flag costs a block
       (CCN-TACNOTES-05) */
    ck_assert_ptr_nonnull(strstr(odds, "\"label\":\"0 hits, 4 flags, retreat 3 hexes, 1 block lost to blocked hexes\""));
    free(odds);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* The Coalition's turn after the French one (nothing ordered by the French). */
static void to_coalition(wg_game *g, const char *card)
{
    char want[64];
    snprintf(want, sizeof want, "play %s", card);
    deal(g, card);
    wgp_choose(g, want);
    wgp_choose(g, "done ordering");
    wgp_choose(g, "end movement");
    wgp_choose(g, "end combat");
    deal(g, card);
    wgp_choose(g, want);
}

/* CCN-S01-05, CCN-S01-06, CCN-S01-07, CCN-S01-09 (DERIVED), CCN-GAP-30, CCN-GAP-39: blocks score as flags; a 3-block French
   cavalry unit with its attached Leader leaves from the exit hex: +4. */
START_TEST(test_exits_and_block_scoring)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = position(ctx, NULL,
                          "unit 1 french light-cav B8 blocks=3\nleader 1 french B8 \"Lasalle\"\n"
                          "unit 1 french line E6\nunit 0 british line E4\nscoring blocks\n"
                          "exit \"ford\" side=1 hexes=A8 who=cav-leader per=block\n",
                          2);
    deal(g, "Attack Left Flank");
    wgp_choose(g, "play Attack Left Flank");
    wgp_choose(g, "at B8");
    wgp_choose(g, "done ordering");
    wgp_choose(g, "move F-LC");
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "leave the battlefield from A8 (ford)");
    ck_assert_int_ge(wgp_find_event(g, ev, "leaves the battlefield from A8 (ford): 4 Victory Flags", 0), 0);
    ck_assert_int_ge(wgp_find_event(g, ev, "French wins 4 Victory Flags (exit): 4 held", 0), 0);
    /* the unit and its Leader are gone from the board, not eliminated: no flag to the Coalition */
    ck_assert_ptr_null(strstr(wgp_describe(g, 0), "Lasalle"));
    ck_assert_int_lt(wgp_find_event(g, ev, "Coalition wins", 0), 0);
    wg_game_free(g);

    /* a French ranged combat removing 2 British blocks: +2 (no flag for a unit) */
    g = position(ctx, NULL, "unit 1 french line E6\nunit 0 british line E4\nscoring blocks\n", 4);
    deal(g, "Attack Center");
    const char *ordered[] = {"E6", NULL};
    french_to_combat(g, "Attack Center", ordered);
    wgp_choose(g, "fire: F-LN");
    ev = wgp_event_count(g);
    static const int64_t two_hits[] = {1, 2, 3, 4};
    wgc_roll(g, two_hits, 4);
    ck_assert_int_ge(wgp_find_event(g, ev, "French wins 2 Victory Flags (enemy blocks eliminated): 2 held", 0), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-S11-07, CCN-S10-06 (two-units, Cossacks leave without counting), CCN-DEC-09. */
START_TEST(test_exits_two_units)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = position(ctx, NULL,
                          "unit 0 russian line F9\nunit 0 russian cossack G9\nunit 0 russian line H9\n"
                          "unit 1 french line A1\n"
                          "exit \"French baseline\" side=0 hexes=F9,G9,H9 who=any per=two-units nocossack\n",
                          4);
    to_coalition(g, "Attack Center");
    wgp_choose(g, "at F9");
    wgp_choose(g, "at G9");
    wgp_choose(g, "at H9");
    wgp_choose(g, "done ordering");
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "move R-LN #1");
    wgp_choose(g, "leave the battlefield from F9");
    ck_assert_int_ge(wgp_find_event(g, ev, "(French baseline): 0 Victory Flags", 0), 0);
    wgp_choose(g, "move R-CO");
    wgp_choose(g, "leave the battlefield from G9");
    ck_assert_int_lt(wgp_find_event(g, ev, "Coalition wins", 0), 0); /* the Cossacks do not count */
    wgp_choose(g, "move R-LN #3");
    wgp_choose(g, "leave the battlefield from H9");
    ck_assert_int_ge(wgp_find_event(g, ev, "Coalition wins 1 Victory Flag (exit): 1 held", 0), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-S07-06, CCN-S07-07, CCN-GAP-38: sudden death on enemy cavalry and artillery eliminated (Cossacks not
   counted); CCN-S13-05, CCN-GAP-37: by occupation at the start of the side's turn. */
START_TEST(test_sudden_death)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    static const int64_t cav_hit[] = {3, 1, 1, 1};
    /* the Cossacks' loss does not end the game; a cavalry unit's does */
    for (int k = 0; k < 2; k++) {
        wg_game *g = position(ctx, NULL,
                              k ? "unit 1 french line E6\nunit 0 russian light-cav E4 blocks=1\n"
                                  "sudden \"cavalry lost\" side=1 elim=1 arms=cav,art nocossack\n"
                                : "unit 1 french line E6\nunit 0 russian cossack E4 blocks=1\n"
                                  "sudden \"cavalry lost\" side=1 elim=1 arms=cav,art nocossack\n",
                              4);
        deal(g, "Attack Center");
        const char *ordered[] = {"E6", NULL};
        french_to_combat(g, "Attack Center", ordered);
        wgp_choose(g, "fire: F-LN");
        size_t ev = wgp_event_count(g);
        wgc_roll(g, cav_hit, 4);
        int over = 0;
        wg_game_is_over(&over, g);
        ck_assert_int_eq(over, k);
        if (k)
            ck_assert_int_ge(wgp_find_event(g, ev, "sudden death: French (cavalry lost)", 0), 0);
        wg_game_free(g);
    }
    wg_game *g = position(ctx, NULL,
                          "unit 1 french line F2\nunit 0 russian line A1\n"
                          "sudden \"Chateau\" side=1 occupy=F2 by=1 when=sot\n",
                          4);
    deal(g, "Attack Center");
    int over = 0;
    wg_game_is_over(&over, g);
    ck_assert_int_eq(over, 1);
    ck_assert_int_ge(wgp_find_event(g, 0, "sudden death: French (Chateau)", 0), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-S09-06, CCN-S09-07, CCN-S09-08, CCN-S09-09, CCN-S09-11 (DERIVED), CCN-GAP-35, CCN-DEC-21: the Lindenau roll at the start of
   each French turn, before the Order card. */
START_TEST(test_lindenau)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    static const int64_t IIF[] = {1, 2, 6}, CCC[] = {3, 3, 3}, ICA[] = {1, 3, 4}, IIS[] = {1, 2, 5}, AAF[] = {4, 4, 6};
    const char *rec = "unit 1 french line E9\nunit 0 austrian line A1\nreinforce side=1 hex=K7\n";
    wg_game *g = position(ctx, NULL, rec, 4);
    deal(g, "Attack Center");
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "Lindenau reinforcement roll"));
    wgc_roll(g, IIF, 3);
    ck_assert_int_eq(wgp_decider(g), 1);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "place a French line on K7");
    ck_assert_int_ge(wgp_find_event(g, ev, "reinforcement F-LN", 0), 0);
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "plays an Order card"));
    wg_game_free(g);

    g = position(ctx, NULL, rec, 4);
    deal(g, "Attack Center");
    wgc_roll(g, CCC, 3);
    ck_assert_int_ge(wgp_find(g, "place a French heavy-cav on K7"), 0);
    ck_assert_int_ge(wgp_find(g, "do not place"), 0); /* "may be placed" */
    wg_game_free(g);

    g = position(ctx, NULL, rec, 4);
    deal(g, "Attack Center");
    wgc_roll(g, AAF, 3);
    ck_assert_int_ge(wgp_find(g, "place a French foot-art on K7"), 0);
    ck_assert_int_ge(wgp_find(g, "place a French horse-art on K7"), 0);
    wg_game_free(g);

    g = position(ctx, NULL, rec, 4);
    deal(g, "Attack Center");
    ev = wgp_event_count(g);
    wgc_roll(g, ICA, 3);
    ck_assert_int_ge(wgp_find_event(g, ev, ": no reinforcement", 0), 0);
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "plays an Order card"));
    wg_game_free(g);

    /* an Austrian unit on the bridge: nothing placed */
    g = position(ctx, NULL, "unit 1 french line E9\nunit 0 austrian line K7\nreinforce side=1 hex=K7\n", 4);
    deal(g, "Attack Center");
    ev = wgp_event_count(g);
    wgc_roll(g, IIS, 3);
    ck_assert_int_ge(wgp_find_event(g, ev, "the bridge is held, none placed", 0), 0);
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "plays an Order card"));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static const char TACDECK[] = "wgdata 1 ccn-cards\ndeck tactician \"test deck\"\n"
                              "card \"Leader Unit Reform\" count=4 window=own-reform code=leader-unit-reform src=rule\n"
                              "card \"Infantry Forward Leader\" count=4 window=own-move code=infantry-forward-leader "
                              "target=inf src=rule\n"
                              "card \"Sappers\" count=4 window=own-combat code=sappers target=inf src=rule\n"
                              "card \"Capable Tactician\" count=4 window=end-turn code=capable-tactician src=rule\n"
                              "card \"First Strike\" count=4 window=react-melee code=first-strike src=ours\n"
                              "card \"Hold the Line\" count=4 window=react-melee ignore=1 src=ours\n"
                              "card \"Light Infantry Skirmish\" count=4 window=own-move code=light-infantry-skirmish "
                              "target=light src=rule\n";

/* The Tactician deal: every card drawn is `card`. */
static void deal_tac(wg_game *g, const char *order, const char *tac)
{
    char want[64];
    while (wgp_decider(g) == WG_PLAYER_CHANCE && strstr(wgp_decision(g), " draws ")) {
        int tdraw = strstr(wgp_decision(g), "Tactician") != NULL;
        snprintf(want, sizeof want, "draw %s", tdraw ? tac : order);
        long i = wgp_find(g, want);
        wgp_choose_index(g, i >= 0 ? (size_t)i : 0);
    }
}

/* An integer attribute of the unit (not Leader) at hex `hex`. */
static int64_t piece_int_at(wg_game *g, const char *hex, const char *key)
{
    int h = -1;
    size_t n = 0;
    ck_assert_int_eq(wg_game_space_find(&h, g, hex), WG_OK);
    ck_assert_int_eq(wg_game_piece_count(&n, g, WG_VIEW_REFEREE), WG_OK);
    for (size_t i = 0; i < n; i++) {
        int side = -1, space = -1;
        int64_t l = 0, v = -1;
        ck_assert_int_eq(wg_game_piece(&side, &space, g, WG_VIEW_REFEREE, i), WG_OK);
        wg_game_attr_int(&l, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, i, "leader");
        if (space == h && !l) {
            ck_assert_int_eq(wg_game_attr_int(&v, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, i, key), WG_OK);
            return v;
        }
    }
    ck_abort_msg("no unit at %s", hex);
    return -1;
}

/* The rest of a turn doing nothing (from its start: the first Order card), to the draws (dealt as
   they come). */
static void pass_french_turn(wg_game *g)
{
    if (strstr(wgp_decision(g), "plays an Order card"))
        wgp_choose(g, "play ");
    static const char *const ends[] = {"done ordering", "end movement", "end combat", "pass (no default action)",
                                       "pass (no Tactician card)"};
    for (size_t k = 0; k < 5; k++)
        if (wgp_decider(g) >= 0 && wgp_find(g, ends[k]) >= 0)
            wgp_choose(g, ends[k]);
    while (wgp_decider(g) == WG_PLAYER_CHANCE || strstr(wgp_decision(g), "keeps one of the two cards"))
        wgp_choose_index(g, 0);
}

/* ================================================================ game options and more Tactician cards */

static const char OPTDECK[] = "wgdata 1 ccn-cards\ndeck tactician \"test deck\"\n"
                              "card \"Sappers\" count=4 window=own-combat code=sappers target=inf src=rule\n"
                              "card \"Capable Tactician\" count=4 window=end-turn code=capable-tactician src=rule\n"
                              "card \"Supply Under Pressure\" count=4 window=own-orders code=supply-under-pressure "
                              "target=enemy melee=-1 src=ours\n"
                              "card \"Fortunes of War\" count=4 window=own-combat reroll target=unit src=ours\n"
                              "card \"Hold the Line\" count=4 window=react-melee ignore=1 target=unit src=ours\n";

/* The game options (doc/ccn.md, "Options"): the readings of the gaps the text leaves open. */
START_TEST(test_game_options)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = NULL;
    const char *rec = "unit 1 french line E7\nunit 0 british line E5\n";
    /* refused: an unknown option, a bad value, an option twice; nothing is made */
    ck_assert_int_eq(try_position_opt(&g, ctx, NULL, rec, 2, 0, NULL, "fog=on"), WG_EINVAL);
    ck_assert_ptr_null(g);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "unknown option 'fog'"));
    ck_assert_int_eq(try_position_opt(&g, ctx, NULL, rec, 2, 0, NULL, "lancer=twice"), WG_EINVAL);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "lancer=twice: the values are add and replace"));
    ck_assert_int_eq(try_position_opt(&g, ctx, NULL, rec, 2, 0, NULL, "deck=75,deck=90"), WG_EINVAL);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "'deck' is given twice"));
    ck_assert_int_eq(try_position_opt(&g, ctx, NULL, rec, 2, 0, NULL, "deck=75 lancer=replace, sappers=all"), WG_OK);
    wg_game_free(g);

    /* CCN-TACNOTES-28, CCN-GAP-25: sappers=all lifts the terrain's ranged reduction too (town: -2) */
    for (int all = 0; all < 2; all++) {
        g = position_opt(ctx, "E5=town", rec, 2, 2, OPTDECK, all ? "sappers=all" : NULL);
        deal_tac(g, "Attack Center", "Sappers");
        const char *ordered[] = {"E7", NULL};
        french_to_combat(g, "Attack Center", ordered);
        ck_assert_int_eq(wgc_option_int(g, wgp_find(g, "fire: F-LN #1"), "dice"), 2);
        wgp_choose(g, "play Sappers on F-LN #1");
        ck_assert_int_eq(wgc_option_int(g, wgp_find(g, "fire: F-LN #1"), "dice"), all ? 4 : 2);
        wg_game_free(g);
    }

    /* CCN-GAP-26: capable=draw, with an empty discard pile the card draws the deck's top card */
    g = position_opt(ctx, NULL, rec, 2, 2, OPTDECK, "capable=draw");
    deal_tac(g, "Attack Center", "Capable Tactician");
    const char *ordered[] = {"E7", NULL};
    french_to_combat(g, "Attack Center", ordered);
    wgp_choose(g, "end combat");
    wgp_choose(g, "pass (no default action)");
    wgp_choose(g, "take nothing (the pile is empty): draw the top card of the deck");
    wgp_choose(g, "pass (no Tactician card)");
    size_t ev = wgp_event_count(g);
    while (wgp_decider(g) == WG_PLAYER_CHANCE)
        wgp_choose_index(g, 0);
    ck_assert_int_ge(wgp_find_event(g, ev, "French draws a Tactician card", 0), 0);
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 0), "French: 2 Order cards, 2 Tactician cards\n"));
    wg_game_free(g);

    /* CCN-GAP-35: lindenau=by-count, two artillery symbols are foot artillery, three horse artillery */
    static const int64_t AAF[] = {4, 4, 6}, AAA[] = {4, 4, 4};
    const char *lrec = "unit 1 french line E9\nunit 0 austrian line A1\nreinforce side=1 hex=K7\n";
    for (int k = 0; k < 2; k++) {
        g = position_opt(ctx, NULL, lrec, 4, 0, NULL, "lindenau=by-count");
        deal(g, "Attack Center");
        wgc_roll(g, k ? AAA : AAF, 3);
        ck_assert_int_eq(wgp_find(g, "place a French foot-art on K7") >= 0, !k);
        ck_assert_int_eq(wgp_find(g, "place a French horse-art on K7") >= 0, k);
        wg_game_free(g);
    }
    g = position_opt(ctx, NULL, lrec, 4, 0, NULL, NULL);
    deal(g, "Attack Center");
    ev = wgp_event_count(g);
    wgc_roll(g, AAA, 3); /* the default: three artillery symbols give nothing */
    ck_assert_int_ge(wgp_find_event(g, ev, ": no reinforcement", 0), 0);
    wg_game_free(g);

    /* CCN-GAP-37: occupation=opponent, the literal reading of S13: the occupier's opponent wins */
    g = position_opt(ctx, NULL,
                     "unit 1 french line F2\nunit 0 russian line A1\nsudden \"Chateau\" side=1 occupy=F2 by=1 when=sot\n",
                     4, 0, NULL, "occupation=opponent");
    deal(g, "Attack Center");
    int over = 0;
    wg_game_is_over(&over, g);
    ck_assert_int_eq(over, 0); /* judged at the start of the Coalition's turn now */
    pass_french_turn(g);
    wg_game_is_over(&over, g);
    ck_assert_msg(over == 1, "%s", wgp_options_dump(g));
    ck_assert_int_ge(wgp_find_event(g, 0, "sudden death: Coalition (Chateau)", 0), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-GAP-18 (2), CCN-UNITS-13: components=physical, the box's 8 Garrison markers; without the
   option no limit.  CCN-GARRISON-04: units leave Garrisons as often as they leave buildings. */
START_TEST(test_garrison_markers)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    static const char *const from[9] = {"E4", "F4", "G4", "H4", "E6", "F6", "G6", "H6", "F8"};
    static const char *const to[9] = {"E3", "F3", "G3", "H3", "E5", "F5", "G5", "H5", "F7"};
    char terrain[256] = "", rec[1024] = "unit 0 british line A1\n";
    for (int i = 0; i < 9; i++) {
        snprintf(terrain + strlen(terrain), sizeof terrain - strlen(terrain), "%s=town ", from[i]);
        snprintf(rec + strlen(rec), sizeof rec - strlen(rec), "unit 1 french line %s\n", from[i]);
    }
    for (int phys = 0; phys < 2; phys++) {
        host_orders = "wgdata 1 ccn-cards\ndeck order \"test deck\"\n"
                      "card \"Assault Center\" count=40 sections=C units=command src=ours\n";
        wg_game *g = position_opt(ctx, terrain, rec, 9, 0, NULL, phys ? "components=physical" : NULL);
        host_orders = NULL;
        deal(g, "Assault Center");
        wgp_choose(g, "play Assault Center");
        for (int i = 0; i < 9; i++) {
            char want[32];
            snprintf(want, sizeof want, "at %s", from[i]);
            wgp_choose(g, want);
        }
        wgp_choose(g, "done ordering");
        int placed = 0;
        for (int i = 0; i < 9; i++) {
            char want[32];
            snprintf(want, sizeof want, "at %s", from[i]);
            wgp_choose(g, want);
            snprintf(want, sizeof want, "to %s ", to[i]);
            wgp_choose(g, want);
            if (strstr(wgp_decision(g), "may leave a Garrison")) {
                wgp_choose(g, "leave a Garrison");
                placed++;
            }
        }
        ck_assert_int_eq(placed, phys ? 8 : 9);
        wg_game_free(g);
    }
    /* CCN-GARRISON-04: one unit leaves a Garrison in E4, then, a turn later, another in E3 */
    host_orders = "wgdata 1 ccn-cards\ndeck order \"test deck\"\n"
                  "card \"Assault Center\" count=40 sections=C units=command src=ours\n";
    wg_game *g = position_opt(ctx, "E4=town E3=town", "unit 1 french line E4\nunit 0 british line A1\n", 4, 0, NULL,
                              NULL);
    host_orders = NULL;
    deal(g, "Assault Center");
    for (int turn = 0; turn < 2; turn++) {
        wgp_choose(g, "play Assault Center");
        wgp_choose(g, "at E");
        wgp_choose(g, "done ordering");
        wgp_choose(g, "at E");
        wgp_choose(g, turn ? "to E2 " : "to E3 ");
        size_t ev = wgp_event_count(g);
        wgp_choose(g, "leave a Garrison");
        ck_assert_int_ge(wgp_find_event(g, ev, "Garrison", 0), 0);
        ck_assert_int_eq(piece_int_at(g, turn ? "E3" : "E4", "garrison"), 1);
        ck_assert_int_eq(piece_int_at(g, turn ? "E2" : "E3", "blocks"), 4); /* the unit keeps its blocks */
        pass_french_turn(g); /* the rest of this turn */
        if (!turn)
            pass_french_turn(g); /* the Coalition's */
    }
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Supply Under Pressure (provisional: tactician.wgd): played in the own orders phase on an enemy unit,
   which battles back with 1 die fewer this turn; CCN-TACTICIAN-13, CCN-GAP-22, CCN-BASE-22: no unit
   receives more than one Tactician card a turn, its owner then plays no card on that unit; CCN-TACTICIAN-07: the next turn it may. */
START_TEST(test_supply_under_pressure)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = position_tac(ctx, NULL, "unit 1 french line E6\nunit 1 french line G6\nunit 0 british line E5\n", 2, 2,
                              OPTDECK);
    deal_tac(g, "Attack Center", "Supply Under Pressure");
    /* the Coalition holds Supply Under Pressure too; the French play theirs on the British line */
    wgp_choose(g, "play Attack Center");
    ck_assert_int_lt(wgp_find(g, "play Supply Under Pressure on F-LN"), 0); /* not on an own unit */
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "play Supply Under Pressure on B-LN #3");
    ck_assert_int_ge(wgp_find_event(g, ev, "French plays Supply Under Pressure on B-LN #3", 0), 0);
    wgp_choose(g, "at E6");
    wgp_choose(g, "done ordering");
    wgp_choose(g, "end movement");
    wgp_choose(g, "melee: F-LN #1");
    ck_assert_int_eq(wgp_decider(g), 0); /* the reaction window: Hold the Line may not be played on B-LN #3 */
    ck_assert_int_lt(wgp_find(g, "play Hold the Line on B-LN #3"), 0);
    wgp_choose(g, "pass");
    static const int64_t none[] = {4, 4, 4, 4, 4};
    ev = wgp_event_count(g);
    wgc_roll(g, none, 5);
    ck_assert_int_ge(wgp_find_event(g, ev, "battle back with 3 dice: #3 -> #1", 0), 0); /* 4 - 1 */
    wg_game_free(g);

    /* without the card it battles back with 4, and may answer with Hold the Line */
    g = position_tac(ctx, NULL, "unit 1 french line E6\nunit 0 british line E5\n", 2, 2, OPTDECK);
    deal_tac(g, "Attack Center", "Hold the Line");
    const char *ordered[] = {"E6", NULL};
    french_to_combat(g, "Attack Center", ordered);
    wgp_choose(g, "melee: F-LN #1");
    ck_assert_int_ge(wgp_find(g, "play Hold the Line on B-LN #2"), 0);
    wgp_choose(g, "pass");
    ev = wgp_event_count(g);
    wgc_roll(g, none, 5);
    ck_assert_int_ge(wgp_find_event(g, ev, "battle back with 4 dice: #2 -> #1", 0), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* The vocabulary's re-roll card (Fortunes of War, provisional): played on an ordered unit before its
   combat, it lets the attacker keep its roll or roll all its dice again, once. */
START_TEST(test_reroll_card)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    for (int again = 0; again < 2; again++) {
        wg_game *g = position_tac(ctx, NULL, "unit 1 french line E7\nunit 0 british line E5\n", 2, 2, OPTDECK);
        deal_tac(g, "Attack Center", "Fortunes of War");
        const char *ordered[] = {"E7", NULL};
        french_to_combat(g, "Attack Center", ordered);
        wgp_choose(g, "play Fortunes of War on F-LN #1");
        wgp_choose(g, "fire: F-LN #1");
        if (wgp_decider(g) == 0)
            wgp_choose(g, "pass");
        static const int64_t miss[] = {4, 4, 4, 4}, hit[] = {1, 1, 4, 4};
        size_t ev = wgp_event_count(g);
        wgc_roll(g, miss, 4);
        ck_assert_int_eq(wgp_decider(g), 1);
        ck_assert_ptr_nonnull(strstr(wgp_decision(g), "French: keep the roll of F-LN #1"));
        ck_assert_int_ge(wgp_find(g, "re-roll the 4 dice (Fortunes of War)"), 0);
        if (!again) {
            wgp_choose(g, "keep the roll");
            ck_assert_ptr_nonnull(strstr(wgp_decision(g), "battles with an ordered unit or ends combat"));
        } else {
            wgp_choose(g, "re-roll the 4 dice");
            ck_assert_int_ge(wgp_find_event(g, ev, "#1 re-rolls its 4 dice", 0), 0);
            wgc_roll(g, hit, 4); /* no second chance: the result stands */
            ck_assert_int_ge(wgp_find_event(g, ev, "#2 loses 2 blocks (2 left)", 0), 0);
        }
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-BASE-24 [site]: artillery on a hill fires over a friendly unit in the lower hex next to it,
   unless that hex blocks sight; CCN-GBATTERY-05: such a unit takes no part in a Great Battery. */
START_TEST(test_hill_overfire)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    static const struct {
        const char *terrain;
        int fires;
    } cases[] = {{"E7=hill", 1}, {NULL, 0}, {"E7=hill E6=forest", 0}, {"E7=hill E6=hill", 0}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        wg_game *g = position(ctx, cases[k].terrain,
                              "unit 1 french foot-art E7\nunit 1 french line E6\nunit 0 british line E4\n", 4);
        deal(g, "Attack Center");
        const char *ordered[] = {"E7", NULL};
        french_to_combat(g, "Attack Center", ordered);
        ck_assert_msg((wgp_find(g, "fire: F-FA #1") >= 0) == cases[k].fires, "%s: %s",
                      cases[k].terrain ? cases[k].terrain : "clear", wgp_options_dump(g));
        wg_game_free(g);
    }
    /* an enemy unit below the hill still blocks */
    wg_game *g = position(ctx, "E7=hill",
                          "unit 1 french foot-art E7\nunit 0 british line E6\nunit 0 british line E4\n", 4);
    deal(g, "Attack Center");
    const char *ordered[] = {"E7", NULL};
    french_to_combat(g, "Attack Center", ordered);
    ck_assert_int_lt(wgp_find(g, "fire: F-FA #1 [3/3] at E7 -> B-LN #3"), 0);
    wg_game_free(g);
    /* two batteries, one of them firing over heads: no Great Battery of them */
    g = position(ctx, "E7=hill F7=hill",
                 "unit 1 french foot-art E7\nunit 1 french foot-art F7\nunit 1 french line E6\nunit 1 french line F6\n"
                 "unit 0 british line E4\n",
                 4);
    deal(g, "Attack Center");
    const char *two[] = {"E7", "F7", NULL};
    french_to_combat(g, "Attack Center", two);
    ck_assert_int_ge(wgp_find(g, "fire: F-FA #1"), 0);
    ck_assert_int_lt(wgp_find(g, "great battery"), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-TACTICIAN-10: a card's extra movement keeps the terrain's restrictions: a cavalry unit moving
   1 hex more with Cavalry Pursuit still stops in the forest it enters. */
START_TEST(test_card_keeps_terrain)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    static const char deck[] = "wgdata 1 ccn-cards\ndeck tactician \"test deck\"\n"
                               "card \"Cavalry Pursuit\" count=4 window=own-move move=+1 target=cav src=ours\n";
    for (int forest = 0; forest < 2; forest++) {
        char terrain[256] = "";
        for (int c = 0; c < 13 && forest; c++)
            snprintf(terrain + strlen(terrain), sizeof terrain - strlen(terrain), "%c6=forest ", 'A' + c);
        wg_game *g = position_tac(ctx, forest ? terrain : NULL, "unit 1 french light-cav E8\nunit 0 british line A1\n",
                                  2, 2, deck);
        deal_tac(g, "Attack Center", "Cavalry Pursuit");
        wgp_choose(g, "play Attack Center");
        wgp_choose(g, "at E8");
        wgp_choose(g, "done ordering");
        wgp_choose(g, "move F-LC #1");
        int before = wgp_find(g, "to E4 ") >= 0;
        wgp_choose(g, "play Cavalry Pursuit on F-LC #1");
        ck_assert_int_eq(wgp_find(g, "to E4 ") >= 0, !forest); /* 4 hexes: only without the forest row */
        ck_assert_int_ge(wgp_find(g, "to E6 "), 0);
        ck_assert_int_eq(before, 0); /* 3 hexes without the card */
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-TACNOTES-18, CCN-TACNOTES-19, CCN-TACNOTES-20, CCN-TACNOTES-21 (DERIVED, per-die reading CCN-GAP-24), CCN-DEC-02: Leader Unit Reform
   before the orders; a 4-block infantry unit at 2 blocks with its Leader: [INF, FLAG] -> 4, [INF, CAV]
   -> 3, [SABER, ART] -> 2; at 3 blocks [INF, FLAG] -> 4 (the cap). */
START_TEST(test_leader_unit_reform)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    static const int64_t IF2[] = {1, 6}, IC[] = {1, 3}, SA[] = {5, 4};
    const int64_t *rolls[4] = {IF2, IC, SA, IF2};
    const int start[4] = {2, 2, 2, 3}, end[4] = {4, 3, 2, 4};
    for (int k = 0; k < 4; k++) {
        char rec[256];
        snprintf(rec, sizeof rec,
                 "unit 1 french line E6 blocks=%d\nleader 1 french E6 \"Ney\"\nunit 1 french line G6 blocks=2\n"
                 "unit 0 british line E2\n",
                 start[k]);
        wg_game *g = position_tac(ctx, NULL, rec, 2, 2, TACDECK);
        deal_tac(g, "Attack Center", "Leader Unit Reform");
        wgp_choose(g, "play Attack Center");
        /* G6 has no Leader with it or next to it: not eligible */
        ck_assert_int_lt(wgp_find(g, "play Leader Unit Reform on F-LN #3"), 0);
        wgp_choose(g, "play Leader Unit Reform on F-LN #1");
        ck_assert_ptr_nonnull(strstr(wgp_decision(g), "Leader Unit Reform roll"));
        size_t ev = wgp_event_count(g);
        wgc_roll(g, rolls[k], 2);
        char want[64];
        snprintf(want, sizeof want, "#1 regains %d block", end[k] - start[k]);
        ck_assert_int_ge(wgp_find_event(g, ev, want, 0), 0);
        snprintf(want, sizeof want, "F-LN #1 [%d/4] at E6", end[k]);
        ck_assert_msg(strstr(wgp_describe(g, 0), want), "%s", wgp_describe(g, 0));
        /* orders follow; the card is gone and no second reform comes (one card a unit, CCN-TACTICIAN-07) */
        ck_assert_int_ge(wgp_find(g, "order F-LN #1"), 0);
        wgp_choose(g, "order F-LN #1");
        ck_assert_int_lt(wgp_find(g, "play Leader Unit Reform"), 0);
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-TACNOTES-09, CCN-TACNOTES-10, CCN-TACNOTES-11, CCN-TACNOTES-17, CCN-DEC-26: Infantry Forward Leader, one hex more with the attached
   Leader, and still battle. */
START_TEST(test_infantry_forward_leader)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = position_tac(ctx, NULL,
                              "unit 1 french line F8\nleader 1 french F8 \"Ney\"\nunit 1 french line H8\n"
                              "unit 1 french light D8\nleader 1 french D8 \"Foy\"\nunit 0 british line F4\n",
                              2, 2, TACDECK);
    deal_tac(g, "Attack Center", "Infantry Forward Leader");
    wgp_choose(g, "play Attack Center");
    wgp_choose(g, "order F-LN #1");
    wgp_choose(g, "order F-LN #3");
    wgp_choose(g, "done ordering");
    /* without the card: 1 hex (CCN-BASE-09) */
    wgp_choose(g, "move F-LN #1");
    ck_assert_int_lt(wgp_find(g, "to F6"), 0);
    ck_assert_int_ge(wgp_find(g, "to F7"), 0);
    wgp_choose(g, "play Infantry Forward Leader on F-LN #1");
    /* now 2 hexes, and it may still fight */
    ck_assert_int_ge(wgp_find(g, "to F6"), 0);
    wgp_choose(g, "to F6");
    const char *d = wgp_describe(g, WG_VIEW_REFEREE);
    ck_assert_ptr_nonnull(strstr(d, "F-LN #1 [4/4] at F6"));
    ck_assert_ptr_nonnull(strstr(d, "Leader Ney #2 at F6"));
    /* the unit without a Leader: no card (CCN-TACNOTES-17) */
    wgp_choose(g, "move F-LN #3");
    ck_assert_int_lt(wgp_find(g, "play Infantry Forward Leader"), 0);
    wgp_choose(g, "stay");
    wgp_choose(g, "end movement");
    ck_assert_int_ge(wgp_find(g, "fire: F-LN #1 [4/4] at F6"), 0); /* moved 2 with the card: battles */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-TACNOTES-27, CCN-GAP-25: Sappers, no melee reduction for the target's terrain. */
START_TEST(test_sappers)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = position_tac(ctx, "E5=town", "unit 1 french line E6\nunit 0 british line E5\n", 2, 2, TACDECK);
    deal_tac(g, "Attack Center", "Sappers");
    const char *ordered[] = {"E6", NULL};
    french_to_combat(g, "Attack Center", ordered);
    long i = wgp_find(g, "melee: F-LN #1");
    ck_assert_int_ge(i, 0);
    int64_t before = wgc_option_int(g, i, "dice"); /* 4 + 1 (against infantry) - 2 (town) */
    ck_assert_int_eq(before, 3);
    wgp_choose(g, "play Sappers on F-LN #1");
    i = wgp_find(g, "melee: F-LN #1");
    ck_assert_int_eq(wgc_option_int(g, i, "dice"), 5);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-TACNOTES-29, CCN-TACNOTES-30, CCN-GAP-26, CCN-TACTICIAN-12: Capable Tactician at the end of the turn takes
   a card of the public discard pile. */
START_TEST(test_capable_tactician)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = position_tac(ctx, "E5=town", "unit 1 french line E6\nunit 0 british line E4\n", 2, 2, TACDECK);
    /* the French hold two Capable Tactician cards */
    deal_tac(g, "Attack Center", "Capable Tactician");
    const char *ordered[] = {"E6", NULL};
    french_to_combat(g, "Attack Center", ordered);
    wgp_choose(g, "end combat");
    wgp_choose(g, "pass (no default action)");
    /* the discard pile is empty: the card yields nothing (CCN-GAP-26) */
    ck_assert_int_ge(wgp_find(g, "take nothing (the pile is empty)"), 0);
    wgp_choose(g, "take nothing");
    /* now the pile holds it: the second one takes it back */
    ck_assert_int_ge(wgp_find(g, "take Capable Tactician from the Tactician discard pile"), 0);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "take Capable Tactician");
    /* CCN-TACTICIAN-06: played face up, the opponent reads it */
    ck_assert_int_ge(wgp_find_event(g, ev, "French plays Capable Tactician and takes Capable Tactician", 0), 0);
    wgp_choose(g, "pass (no Tactician card)");
    /* the Coalition reads the discard pile (public) and the size of the French hand */
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 0), "French: 1 Order card, 1 Tactician card\n"));
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 0), "discards: Capable Tactician\n"));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-DEC-17, CCN-TACTICIAN-05: the defender's reaction window opens for every melee when the deck
   holds a card that answers it, whatever he holds; with First Strike he strikes first. */
START_TEST(test_reaction_window)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    for (int holds = 0; holds < 2; holds++) {
        wg_game *g = position_tac(ctx, NULL, "unit 1 french line E6\nunit 0 british line E5\n", 2, 2, TACDECK);
        /* the Coalition draws first: First Strike x2, or Sappers x2 */
        deal_tac(g, "Attack Center", holds ? "First Strike" : "Sappers");
        const char *ordered[] = {"E6", NULL};
        french_to_combat(g, "Attack Center", ordered);
        wgp_choose(g, "melee: F-LN #1");
        ck_assert_int_eq(wgp_decider(g), 0);
        ck_assert_ptr_nonnull(strstr(wgp_decision(g), "may answer the melee against B-LN #2"));
        /* the French read the same decision either way, and not its options */
        size_t n = 0;
        ck_assert_int_eq(wg_game_option_count_for(&n, g, 1), WG_ESTATE);
        if (!holds) {
            ck_assert_uint_eq(wgp_option_count(g), 1);
            wgp_choose(g, "pass");
            ck_assert_ptr_nonnull(strstr(wgp_decision(g), "F-LN #1 [4/4] at E6 melees B-LN #2"));
        } else {
            size_t ev = wgp_event_count(g);
            wgp_choose(g, "play First Strike on B-LN #2");
            ck_assert_int_ge(wgp_find_event(g, ev, "Coalition plays First Strike on B-LN #2", 1), 0);
            /* CCN-TACTICIAN-04: played in the opponent's turn, not replaced then */
            ck_assert_msg(strstr(wgp_describe(g, 1), "Coalition: 2 Order cards, 1 Tactician card\n"), "%s",
                          wgp_describe(g, 1));
            ck_assert_ptr_nonnull(strstr(wgp_decision(g), "B-LN #2 [4/4] at E5 battles back against F-LN #1"));
            static const int64_t none[] = {4, 4, 4, 4, 4};
            wgc_roll(g, none, 4);
            ck_assert_ptr_nonnull(strstr(wgp_decision(g), "F-LN #1 [4/4] at E6 melees B-LN #2"));
            wgc_roll(g, none, 5);
            /* no battle back after it: the combat phase goes on */
            ck_assert_ptr_nonnull(strstr(wgp_decision(g), "battles with an ordered unit or ends combat"));
        }
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-BASE-08, CCN-DEC-20: a Scout card's draw: two cards, the drawer keeps one, the other is
   discarded face up; the opponent reads only the discard. */
START_TEST(test_scout_draw)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = position(ctx, NULL, "unit 1 french line E6\nunit 1 french line G6\nunit 0 british line E2\n", 1);
    deal(g, "Scout Center");
    wgp_choose(g, "play Scout Center");
    wgp_choose(g, "order F-LN #1");
    ck_assert_uint_eq(wgp_option_count(g), 1); /* one order (CCN-BASE-08): only "done" is left, G6 not */
    wgp_choose(g, "done ordering");
    wgp_choose(g, "end movement");
    wgp_choose(g, "end combat");
    ck_assert_int_eq(wgp_decider(g), WG_PLAYER_CHANCE);
    wgp_choose(g, "draw Probe Center");
    ck_assert_int_eq(wgp_decider(g), WG_PLAYER_CHANCE);
    wgp_choose(g, "draw Attack Center");
    ck_assert_int_eq(wgp_decider(g), 1);
    ck_assert_uint_eq(wgp_option_count(g), 2);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "keep Attack Center, discard Probe Center");
    ck_assert_int_ge(wgp_find_event(g, ev, "French keeps Attack Center and discards Probe Center", 1), 0);
    ck_assert_int_ge(wgp_find_event(g, ev, "French keeps a card and discards Probe Center", 0), 0);
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 0), "French: 1 Order card, 0 Tactician cards\n"));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-BASE-27, CCN-DEC-11, CCN-LANCER-10: cavalry meleed by infantry may retire and reform: only
   cavalry symbols hit, sabers and flags are ignored, it moves back two hexes, no battle back. */
START_TEST(test_retire_and_reform)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = position(ctx, NULL, "unit 1 french line E6\nunit 0 british light-cav E5\n", 2);
    deal(g, "Attack Center");
    const char *ordered[] = {"E6", NULL};
    french_to_combat(g, "Attack Center", ordered);
    wgp_choose(g, "melee: F-LN #1");
    ck_assert_int_eq(wgp_decider(g), 0);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "retire and reform B-LC #2");
    static const int64_t faces[] = {3, 5, 6, 1}; /* 4 dice: no +1, the target is cavalry */
    ck_assert_int_eq(wgp_decider(g), WG_PLAYER_CHANCE);
    size_t cnt = wgp_option_count(g), ok = 0;
    for (size_t i = 0; i < cnt && !ok; i++)
        ok = wg_game_choose_params(g, i, faces, 4) == WG_OK;
    ck_assert(ok);
    ck_assert_int_ge(wgp_find_event(g, ev, "#2 retires and reforms", 0), 0);
    ck_assert_int_ge(wgp_find_event(g, ev, "#2 loses 1 block (2 left)", 0), 0); /* the cavalry symbol only */
    /* two hexes back toward the top edge, chosen by the Coalition */
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "(2 hexes to go)"));
    wgp_choose(g, "retreat to");
    wgp_choose(g, "retreat to");
    /* the French may take ground; no battle back follows */
    ck_assert_int_eq(wgp_decider(g), 1);
    ck_assert_int_ge(wgp_find(g, "take ground into E5"), 0);
    wgp_choose(g, "stay, do not take");
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "battles with an ordered unit or ends combat"));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* The French light cavalry at E6 melees the British light cavalry at E5 (with the records given),
   and the British answer with Charge if Charged: both rolls are still to be made. */
static wg_game *cic_answered(wg_ctx *ctx, const char *records)
{
    static const char deck[] = "wgdata 1 ccn-cards\ndeck tactician \"test deck\"\n"
                               "card \"Charge if Charged\" count=4 window=react-cav-melee code=charge-if-charged "
                               "target=cav src=rule\n";
    char rec[512];
    snprintf(rec, sizeof rec, "unit 1 french light-cav E6\nunit 0 british light-cav E5\n%s", records);
    wg_game *g = position_tac(ctx, NULL, rec, 2, 2, deck);
    deal_tac(g, "Attack Center", "Charge if Charged");
    const char *ordered[] = {"E6", NULL};
    french_to_combat(g, "Attack Center", ordered);
    wgp_choose(g, "melee: F-LC #1");
    ck_assert_int_eq(wgp_decider(g), 0);
    wgp_choose(g, "play Charge if Charged on B-LC #2");
    return g;
}

/* CCN-TACNOTES-01, CCN-TACNOTES-02, CCN-TACNOTES-04, CCN-TACNOTES-06, CCN-TACNOTES-08 (DERIVED), CCN-GAP-27: Charge if Charged. The French cavalry
   melees the British cavalry; the British answer; both roll; the French unit takes 2 flags (its second
   retreat hex held by British units), the British 1: the French lose a block for it before anyone
   moves, then retreat 1 hex, the British 1 hex. */
START_TEST(test_charge_if_charged)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    size_t ev = 0;
    wg_game *g = cic_answered(ctx, "unit 0 british line D8\nunit 0 british line E8\nunit 0 british line F8\n");
    static const int64_t a_roll[] = {6, 1, 1, 4}, d_roll[] = {6, 6, 4};
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "F-LC #1 [4/4] at E6 melees B-LC #2"));
    wgc_roll(g, a_roll, 4);
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "B-LC #2 [3/3] at E5 battles back against F-LC #1"));
    wgc_roll(g, d_roll, 3);
    /* the block lost for the hex it cannot enter comes before any retreat move */
    long blocked = wgp_find_event(g, ev, "#1 cannot retreat further from E6: a block lost", 0);
    ck_assert_int_ge(blocked, 0);
    ck_assert_int_lt(wgp_find_event(g, ev, "retreated", 0), 0);
    ck_assert_int_eq(wgp_decider(g), 1);
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "retreats F-LC #1 [3/4] at E6 (1 hex to go)"));
    wgp_choose(g, "retreat to");
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "retreats B-LC #2 [3/3] at E5 (1 hex to go)"));
    wgp_choose(g, "retreat to");
    /* the attacker retreated: no advance; no battle back */
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "battles with an ordered unit or ends combat"));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-TACNOTES-07: both units must retreat and both are blocked: every block lost to blocked hexes is
   paid before either moves; CCN-BASE-31 [fan]: a Leader attached to a unit hit in the exchange makes
   his casualty check. */
START_TEST(test_charge_if_charged_blocked_and_leader)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = cic_answered(ctx, "unit 0 british line E7\nunit 0 british line F7\nunit 1 french line D4\n"
                                   "unit 1 french line E4\n");
    size_t ev = wgp_event_count(g);
    static const int64_t a_roll[] = {6, 1, 1, 4}, d_roll[] = {6, 4, 4};
    wgc_roll(g, a_roll, 4);
    wgc_roll(g, d_roll, 3);
    ck_assert_int_ge(wgp_find_event(g, ev, "#1 cannot retreat further from E6: a block lost", 0), 0);
    ck_assert_int_ge(wgp_find_event(g, ev, "#2 cannot retreat further from E5: a block lost", 0), 0);
    ck_assert_int_lt(wgp_find_event(g, ev, "retreated", 0), 0);
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "battles with an ordered unit or ends combat"));
    wg_game_free(g);

    /* a British Leader with the light cavalry: hit, he rolls his check */
    g = cic_answered(ctx, "leader 0 british E5 \"Uxbridge\"\n");
    ev = wgp_event_count(g);
    static const int64_t hit[] = {3, 4, 4, 4}, none[] = {4, 4, 4}, two_sabers[] = {5, 5};
    wgc_roll(g, hit, 4);
    wgc_roll(g, none, 3);
    ck_assert_int_ge(wgp_find_event(g, ev, "#2 loses 1 block", 0), 0);
    ck_assert_msg(strstr(wgp_decision(g), "casualty check of Leader Uxbridge") != NULL, "%s", wgp_decision(g));
    wgc_roll(g, two_sabers, 2);
    ck_assert_int_ge(wgp_find_event(g, ev, "#3 eliminated", 0), 0);
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "battles with an ordered unit or ends combat"));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-DEC-17: a Great Battery's fire is a ranged combat: the defender's window opens before its one
   roll, which keeps the Battery's dice. */
START_TEST(test_battery_reaction)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    static const char deck[] = "wgdata 1 ccn-cards\ndeck tactician \"test deck\"\n"
                               "card \"Steady Under Fire\" count=4 window=react-ranged ignore=1 target=unit src=ours\n";
    wg_game *g = position_tac(ctx, NULL,
                              "unit 1 french foot-art E7\nunit 1 french foot-art F7\nunit 0 british line E5\n", 2, 2,
                              deck);
    deal_tac(g, "Attack Center", "Steady Under Fire");
    const char *two[] = {"E7", "F7", NULL};
    french_to_combat(g, "Attack Center", two);
    long b = wgp_find(g, "great battery: ");
    ck_assert_int_ge(b, 0);
    int64_t dice = wgc_option_int(g, b, "dice");
    wgp_choose_index(g, (size_t)b);
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "may answer the ranged combat against B-LN #3"));
    wgp_choose(g, "play Steady Under Fire on B-LN #3");
    char want[48];
    snprintf(want, sizeof want, "roll %lld battle dice", (long long)dice);
    ck_assert_msg(strstr(wgp_decision(g), want) != NULL, "%s", wgp_decision(g));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-GARRISON-01, CCN-GARRISON-02, CCN-GARRISON-03, CCN-GARRISON-06, CCN-GARRISON-07, CCN-GARRISON-09, CCN-GARRISON-10, CCN-GARRISON-11, CCN-GARRISON-12, CCN-GARRISON-13 (DERIVED), CCN-FLAGS-13, CCN-DEC-07,
   CCN-DEC-08. */
START_TEST(test_garrison)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    for (int small = 0; small < 2; small++) {
        char rec[320];
        snprintf(rec, sizeof rec,
                 "unit 1 french line E8 blocks=%d\nunit 0 british line E4\nunit 0 british line A1\n"
                 "objective \"Farm\" side=1 kind=temp when=now test=occupy flags=1 hexes=E8\n",
                 small ? 1 : 3);
        wg_game *g = position(ctx, "E8=walled-farm", rec, 2);
        deal(g, "Attack Center");
        wgp_choose(g, "play Attack Center");
        wgp_choose(g, "order F-LN #1");
        wgp_choose(g, "done ordering");
        wgp_choose(g, "move F-LN #1");
        size_t ev = wgp_event_count(g);
        wgp_choose(g, "to E7");
        if (small) { /* a 1-block unit may not */
            ck_assert_ptr_nonnull(strstr(wgp_decision(g), "moves an ordered unit or ends movement"));
            ck_assert_int_ge(wgp_find_event(g, ev, "French loses 1 Victory Flag (Farm)", 0), 0);
            wg_game_free(g);
            continue;
        }
        ck_assert_int_eq(wgp_decider(g), 1);
        wgp_choose(g, "leave a Garrison in E8");
        const char *d = wgp_describe(g, 0);
        ck_assert_ptr_nonnull(strstr(d, "French Garrison #4 [1] at E8"));
        ck_assert_ptr_nonnull(strstr(d, "F-LN #1 [3/4] at E7")); /* no block lost */
        /* the Garrison holds the objective: the flag was never lost */
        ck_assert_int_lt(wgp_find_event(g, ev, "French loses 1 Victory Flag (Farm)", 0), 0);
        wgp_choose(g, "end movement");
        /* the Garrison was not ordered (it was placed this turn): it does not battle */
        ck_assert_int_lt(wgp_find(g, "Garrison"), 0);
        wgp_choose(g, "end combat");
        /* next French turn: the Garrison cannot move; ordered, it battles with 1 die */
        deal(g, "Attack Center");
        wgp_choose(g, "play Attack Center");
        wgp_choose(g, "done ordering");
        wgp_choose(g, "end movement");
        wgp_choose(g, "end combat");
        deal(g, "Attack Center");
        wgp_choose(g, "play Attack Center");
        wgp_choose(g, "order French Garrison #4");
        wgp_choose(g, "order F-LN #1");
        wgp_choose(g, "done ordering");
        ck_assert_int_lt(wgp_find(g, "move French Garrison"), 0);
        /* a friendly unit entering the Garrison's hex removes it, and gains no block */
        wgp_choose(g, "move F-LN #1");
        ev = wgp_event_count(g);
        wgp_choose(g, "to E8");
        ck_assert_int_ge(wgp_find_event(g, ev, "the French Garrison #4 leaves the game: a unit enters E8", 0), 0);
        ck_assert_ptr_nonnull(strstr(wgp_describe(g, 0), "F-LN #1 [3/4] at E8"));
        wg_game_free(g);
    }

    /* a Garrison hit by a flag it may not ignore is eliminated, and the enemy wins no flag for it */
    wg_game *g = position(ctx, "E8=walled-farm",
                          "unit 1 french line E8\nunit 0 british line E6\nunit 0 british line A1\n", 2);
    deal(g, "Attack Center");
    wgp_choose(g, "play Attack Center");
    wgp_choose(g, "order F-LN #1");
    wgp_choose(g, "done ordering");
    wgp_choose(g, "move F-LN #1");
    wgp_choose(g, "to F8");
    wgp_choose(g, "leave a Garrison in E8");
    wgp_choose(g, "end movement");
    wgp_choose(g, "end combat");
    deal(g, "Attack Center");
    wgp_choose(g, "play Attack Center");
    wgp_choose(g, "order B-LN #2");
    wgp_choose(g, "done ordering");
    wgp_choose(g, "end movement");
    long i = wgp_find(g, "fire: B-LN #2 [4/4] at E6 -> French Garrison");
    ck_assert_int_ge(i, 0);
    wgp_choose_index(g, (size_t)i);
    static const int64_t one_flag[] = {6, 4, 4, 4, 4};
    size_t ev = wgp_event_count(g);
    /* British line: 4 blocks + 1 standing (the pack), -2 for the walled farm (a town) */
    wgc_roll(g, one_flag, 3);
    ck_assert_int_ge(wgp_find_event(g, ev, "eliminated at E8", 0), 0);
    ck_assert_int_lt(wgp_find_event(g, ev, "Coalition wins", 0), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-GBATTERY-01, CCN-GBATTERY-02, CCN-GBATTERY-03, CCN-GBATTERY-07, CCN-GBATTERY-08 (DERIVED), CCN-DEC-05, CCN-DEC-25: three ordered adjacent foot
   artillery units on one target roll their dice (each computed on its own) in one roll; each may
   still fire on its own instead. */
START_TEST(test_great_battery)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = position(ctx, NULL,
                          "unit 1 french foot-art E8\nunit 1 french foot-art F8\nunit 1 french foot-art G8\n"
                          "unit 0 british line F6\nunit 0 british line A1\n",
                          2);
    deal(g, "Attack Center");
    const char *ordered[] = {"E8", "F8", "G8", NULL};
    french_to_combat(g, "Attack Center", ordered);
    int64_t sum = 0;
    const char *who[3] = {"fire: F-FA #1 [3/3] at E8 -> B-LN #4", "fire: F-FA #2 [3/3] at F8 -> B-LN #4",
                          "fire: F-FA #3 [3/3] at G8 -> B-LN #4"};
    for (int i = 0; i < 3; i++) {
        long k = wgp_find(g, who[i]);
        ck_assert_msg(k >= 0, "%s", wgp_options_dump(g));
        sum += wgc_option_int(g, k, "dice");
    }
    long k = wgp_find(g, "great battery: F-FA #1 [3/3] at E8 + F-FA #2 [3/3] at F8 + F-FA #3 [3/3] at G8 -> B-LN #4");
    ck_assert_msg(k >= 0, "%s", wgp_options_dump(g));
    ck_assert_int_eq(wgc_option_int(g, k, "dice"), sum);
    /* a pair that is not contiguous (E8 and G8) is no Great Battery */
    ck_assert_int_lt(wgp_find(g, "great battery: F-FA #1 [3/3] at E8 + F-FA #3"), 0);
    ck_assert_int_ge(wgp_find(g, "great battery: F-FA #1 [3/3] at E8 + F-FA #2 [3/3] at F8 -> B-LN #4"), 0);
    size_t ev = wgp_event_count(g);
    wgp_choose_index(g, (size_t)k);
    if (wgp_decider(g) >= 0 && strstr(wgp_decision(g), "may answer"))
        wgp_choose(g, "pass");
    char want[64];
    snprintf(want, sizeof want, "roll %lld battle dice", (long long)sum);
    ck_assert_msg(strstr(wgp_decision(g), want), "%s", wgp_decision(g));
    ck_assert_int_ge(wgp_find_event(g, ev, "great battery of #1 #2 #3 on #4", 0), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-BASE-13, CCN-SCEN-08, CCN-DEC-22: the Mother Russia pre-battle roll (dice = the Russian's Order
   cards) and its allocation: infantry +1 block to a line unit, cavalry a Cossack unit next to a Russian
   unit, flag +1 to a light unit or any other action, at most one block a unit; sabers no effect. */
START_TEST(test_mother_russia)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = position(ctx, NULL,
                          "unit 0 russian line B2\nunit 0 russian light D2\nunit 1 french line E9\n"
                          "mother-russia side=0 nosabers\n",
                          4);
    deal(g, "Attack Center");
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "Mother Russia pre-battle roll: 4 dice for Coalition"));
    static const int64_t faces[] = {1, 3, 5, 6};
    size_t ev = wgp_event_count(g);
    wgc_roll(g, faces, 4);
    ck_assert_int_ge(wgp_find_event(g, ev, "(sabers have no effect)", 0), 0);
    ck_assert_int_eq(wgp_decider(g), 0);
    /* infantry: the line unit only */
    ck_assert_uint_eq(wgp_option_count(g), 1);
    wgp_choose(g, "infantry result: +1 block to R-LN #1");
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 0), "R-LN #1 [4/4] at B2"));
    /* cavalry: a Cossack unit on an empty hex next to a Russian unit */
    ck_assert_int_ge(wgp_find(g, "cavalry result: a Cossack unit on C2"), 0);
    ck_assert_int_lt(wgp_find(g, "cavalry result: a Cossack unit on H5"), 0);
    wgp_choose(g, "cavalry result: a Cossack unit on C2");
    /* flag: the light unit or another action, never a second block for the line unit */
    ck_assert_int_ge(wgp_find(g, "flag result: +1 block to R-LT #2"), 0);
    ck_assert_int_ge(wgp_find(g, "flag result: a Cossack unit on"), 0);
    ck_assert_int_lt(wgp_find(g, "R-LN #1"), 0);
    wgp_choose(g, "flag result: +1 block to R-LT #2");
    /* then the battle begins */
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "French plays an Order card"));
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 0), "R-COS #4 [2/2] at C2"));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-TACNOTES-22, CCN-TACNOTES-23, CCN-TACNOTES-24, CCN-TACNOTES-25, CCN-TACNOTES-26, CCN-DEC-15: Light Infantry Skirmish: up to 3 hexes through a
   friendly unit and a forest, then ranged combat only with half its blocks, then back or stay. */
START_TEST(test_light_infantry_skirmish)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    for (int back = 0; back < 2; back++) {
        wg_game *g = position_tac(ctx, "E7=forest",
                                  "unit 1 french light E9\nunit 1 french line E8\nunit 0 british line E4\n"
                                  "unit 0 british line A1\n",
                                  2, 2, TACDECK);
        deal_tac(g, "Attack Center", "Light Infantry Skirmish");
        wgp_choose(g, "play Attack Center");
        wgp_choose(g, "order F-LT #1");
        wgp_choose(g, "done ordering");
        wgp_choose(g, "move F-LT #1");
        ck_assert_int_lt(wgp_find(g, "to E6"), 0); /* its own move: 1 and battle or 2 */
        wgp_choose(g, "play Light Infantry Skirmish on F-LT #1");
        /* through the friendly unit at E8 and the forest at E7 (no stop), not into an occupied hex */
        ck_assert_int_ge(wgp_find(g, "to E6"), 0);
        ck_assert_int_lt(wgp_find(g, "to E8"), 0);
        wgp_choose(g, "to E6");
        wgp_choose(g, "end movement");
        /* ranged only, half its 4 blocks (French: rounded up) = 2 dice */
        long i = wgp_find(g, "fire: F-LT #1 [4/4] at E6 -> B-LN #3");
        ck_assert_msg(i >= 0, "%s", wgp_options_dump(g));
        ck_assert_int_eq(wgc_option_int(g, i, "dice"), 2);
        ck_assert_int_lt(wgp_find(g, "melee: F-LT #1"), 0);
        wgp_choose_index(g, (size_t)i);
        static const int64_t miss[] = {4, 4};
        wgc_roll(g, miss, 2);
        /* right after its own combat: back to E9, or stay */
        ck_assert_ptr_nonnull(strstr(wgp_decision(g), "returns to the hex it left or stays"));
        wgp_choose(g, back ? "return to E9" : "stay at E6");
        ck_assert_ptr_nonnull(strstr(wgp_describe(g, 0), back ? "F-LT #1 [4/4] at E9" : "F-LT #1 [4/4] at E6"));
        ck_assert_ptr_nonnull(strstr(wgp_decision(g), "battles with an ordered unit or ends combat"));
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* Issue item 7, CCN-BASE-31: the odds include the attached Leader's casualty check: 2 dice and 2
   sabers when his unit is hit (1 in 36), 1 die and a saber when it is eliminated (1 in 6). */
START_TEST(test_odds_leader_check)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = position(ctx, NULL, "unit 1 french line E6\nunit 0 british line E4\nleader 0 british E4 \"Hill\"\n", 4);
    deal(g, "Attack Center");
    const char *ordered[] = {"E6", NULL};
    french_to_combat(g, "Attack Center", ordered);
    char odds[8192];
    size_t len = 0;
    ck_assert_int_eq(wg_game_odds(odds, sizeof odds, &len, g, WG_VIEW_REFEREE, "attack from=E6 at=E4"), WG_OK);
    ck_assert_ptr_nonnull(strstr(odds, "\"total\":279936,")); /* 6^4 x 36 x 6 */
    /* 4 dice on infantry: 1 hit and no flag in 216 of the 1296 sequences */
    ck_assert_ptr_nonnull(strstr(odds, "{\"label\":\"1 hit, 0 flags, the Leader falls\",\"weight\":1296}"));
    ck_assert_ptr_nonnull(strstr(odds, "{\"label\":\"1 hit, 0 flags, the Leader is unhurt\",\"weight\":45360}"));
    ck_assert_ptr_nonnull(strstr(odds, "{\"label\":\"4 hits, 0 flags: eliminated, the Leader falls\",\"weight\":576}"));
    ck_assert_ptr_nonnull(strstr(odds, "\"name\":\"leader_check\""));
    /* no hit, no check */
    ck_assert_ptr_nonnull(strstr(odds, "{\"label\":\"0 hits, 0 flags\",\"weight\":"));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Issue item 8: a roll of more dice than are worth listing (here a Great Battery of 9 dice) is one
   chance option whose required parameters are the faces; the engine's own roll draws them. */
START_TEST(test_many_dice)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    for (int by_host = 0; by_host < 2; by_host++) {
        wg_game *g = position(ctx, NULL,
                              "unit 1 french foot-art E8\nunit 1 french foot-art F8\nunit 1 french foot-art G8\n"
                              "unit 0 british line F6 blocks=4\nunit 0 british line A1\n",
                              2);
        deal(g, "Attack Center");
        const char *ordered[] = {"E8", "F8", "G8", NULL};
        french_to_combat(g, "Attack Center", ordered);
        long k = wgp_find(g, "great battery: F-FA #1 [3/3] at E8 + F-FA #2 [3/3] at F8 + F-FA #3");
        ck_assert_int_ge(k, 0);
        ck_assert_int_eq(wgc_option_int(g, k, "dice"), 9);
        wgp_choose_index(g, (size_t)k);
        if (wgp_decider(g) >= 0 && strstr(wgp_decision(g), "may answer"))
            wgp_choose(g, "pass");
        ck_assert_uint_eq(wgp_option_count(g), 1);
        size_t np = 0;
        int req = 0;
        ck_assert_int_eq(wg_game_option_param_count(&np, &req, g, 0), WG_OK);
        ck_assert_uint_eq(np, 9);
        ck_assert_int_eq(req, 1);
        size_t ev = wgp_event_count(g);
        if (by_host) {
            static const int64_t faces[9] = {1, 2, 1, 6, 5, 4, 4, 3, 3};
            ck_assert_int_ne(wg_game_choose_params(g, 0, faces, 3), WG_OK); /* all 9 faces are required */
            ck_assert_uint_eq(wgp_event_count(g), ev);
            ck_assert_int_eq(wg_game_choose_params(g, 0, faces, 9), WG_OK);
            ck_assert_int_ge(wgp_find_event(g, ev, "rolled 3 infantry, 2 cavalry, 2 artillery, 1 saber, 1 flag: 3 hits, 1 flag", 0), 0);
        } else {
            size_t chosen = 0;
            ck_assert_int_eq(wg_game_roll(&chosen, g), WG_OK);
            ck_assert_int_ge(wgp_find_event(g, ev, "rolled ", 0), 0);
        }
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* Issue item 9: the base pack is data — a host's pack changes play; a malformed pack or deck is
   refused with its line, and nothing is made. */
START_TEST(test_host_base_pack)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    char *base = wgp_read_source("data/ccn/base.wgd", NULL);
    char *map = wgc_board(NULL), *sc = scenario("unit 1 french line E6\nunit 0 british line E4\n", 4);
    int64_t dice[2];
    for (int k = 0; k < 2; k++) {
        char *b2 = k ? wgp_replace(base, "unit french line code=LN arm=inf class=line blocks=4 move=1 range=2 fire=0",
                                   "unit french line code=LN arm=inf class=line blocks=4 move=1 range=2 fire=2")
                     : NULL;
        wgp_doc docs[] = {{"map", map}, {"scenario", sc}, {"base", k ? b2 : base}, {NULL, NULL}};
        wg_game *g = wgp_new(ctx, "ccn", "S01", NULL, 1, docs);
        deal(g, "Attack Center");
        const char *ordered[] = {"E6", NULL};
        french_to_combat(g, "Attack Center", ordered);
        dice[k] = wgc_option_int(g, wgp_find(g, "fire: F-LN #1"), "dice");
        wg_game_free(g);
        free(b2);
    }
    ck_assert_int_eq(dice[0], 4);
    ck_assert_int_eq(dice[1], 6); /* the host's row: blocks + 2 */

    /* a malformed pack: the line is named */
    char *bad = wgp_replace(base, "blocks=4 move=1 range=2 fire=0", "blocks=9 move=1 range=2 fire=0");
    wgp_doc d2[] = {{"map", map}, {"scenario", sc}, {"base", bad}, {NULL, NULL}};
    wg_game *g = NULL;
    ck_assert_int_eq(wgp_try_new(&g, ctx, "ccn", "S01", NULL, 1, d2), WG_EDATA);
    ck_assert_ptr_null(g);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "ccn base pack line"));
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "blocks 9 is out of range (1..6)"));
    free(bad);
    /* a card without provenance */
    static const char deck[] = "wgdata 1 ccn-cards\ndeck order \"x\"\ncard \"Probe Center\" count=6 sections=C units=2\n";
    wgp_doc d3[] = {{"map", map}, {"scenario", sc}, {"orders", deck}, {NULL, NULL}};
    ck_assert_int_eq(wgp_try_new(&g, ctx, "ccn", "S01", NULL, 1, d3), WG_EDATA);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "ccn order deck line 3"));
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "missing src="));
    /* a map whose terrain the pack lacks */
    char *m2 = wgp_replace(map, "terrain clear orchard", "terrain clear swamp orchard");
    char *m3 = wgp_replace(m2, "hex 0 0 clear west", "hex 0 0 swamp west");
    wgp_doc d4[] = {{"map", m3}, {"scenario", sc}, {NULL, NULL}};
    ck_assert_int_eq(wgp_try_new(&g, ctx, "ccn", "S01", NULL, 1, d4), WG_EDATA);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "hex A1: terrain 'swamp' has no row in the base pack"));
    free(m2);
    free(m3);
    free(map);
    free(sc);
    free(base);
    size_t live = 9;
    ck_assert_int_eq(wg_ctx_live_handles(&live, ctx), WG_OK);
    ck_assert_uint_eq(live, 0); /* nothing half-made */
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-UNITS-03, CCN-UNITS-04, CCN-UNITS-05, CCN-UNITS-06, CCN-UNITS-07: the icon classes of the
   Visual Aids, read as the `class` attribute; the Lancers are light cavalry, the Guard Horse Artillery
   horse artillery. */
START_TEST(test_unit_classes)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    static const struct {
        const char *rec, *cls;
    } rows[] = {{"unit 1 french grenadier A9", "grenadier"}, {"unit 1 french old-guard B9", "grenadier"},
                {"unit 1 french light C9", "light"},         {"unit 1 french young-guard D9", "light"},
                {"unit 1 french heavy-cav E9", "heavycav"},   {"unit 1 french cuirassier F9", "heavycav"},
                {"unit 1 french guard-horse-art G9", "horseart"}, {"unit 1 french line H9", "line"},
                {"unit 0 russian lancer A1", "lightcav"},     {"unit 0 russian militia-lancer B1", "lightcav"},
                {"unit 0 russian cossack C1", "lightcav"},    {"unit 0 russian foot-art D1", "footart"}};
    char rec[1024] = "";
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        strcat(rec, rows[i].rec);
        strcat(rec, "\n");
    }
    wg_game *g = position(ctx, NULL, rec, 2);
    size_t np = 0;
    ck_assert_int_eq(wg_game_piece_count(&np, g, 0), WG_OK);
    ck_assert_uint_eq(np, sizeof rows / sizeof rows[0]);
    for (size_t i = 0; i < np; i++) {
        char c[32];
        size_t len = 0;
        ck_assert_int_eq(wg_game_attr_text(c, sizeof c, &len, g, 0, WG_ATTR_PIECE, i, "class"), WG_OK);
        ck_assert_msg(strcmp(c, rows[i].cls) == 0, "%s: class %s, not %s", rows[i].rec, c, rows[i].cls);
    }
    wg_game_free(g);

    /* the flags a side begins with are read before the deal too (CCN-S06-06) */
    g = wgp_new(ctx, "ccn", "S06", NULL, 1, NULL);
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 0), "French (French Army, Lobau, bottom edge): 1 of 7 Victory Flags"));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-TACNOTES-03: with Charge if Charged, the attacker that neither died nor retreated may advance
   into the hex the defender left. */
START_TEST(test_charge_if_charged_advance)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = cic_answered(ctx, "");
    static const int64_t a_roll[] = {6, 1, 1, 4}, d_roll[] = {4, 4, 4};
    wgc_roll(g, a_roll, 4);
    wgc_roll(g, d_roll, 3);
    ck_assert_int_eq(wgp_decider(g), 0);
    wgp_choose(g, "retreat to");
    ck_assert_int_eq(wgp_decider(g), 1);
    ck_assert_int_ge(wgp_find(g, "take ground into E5"), 0);
    wgp_choose(g, "take ground into E5");
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 0), "F-LC #1 [4/4] at E5"));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-GBATTERY-04, CCN-GBATTERY-06: a unit without the target in range, or a Horse Artillery unit
   that moved, does not join a Great Battery. */
START_TEST(test_great_battery_members)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = position(ctx, NULL,
                          "unit 1 french foot-art E8\nunit 1 french horse-art G9\nunit 1 french foot-art F8\n"
                          "unit 0 british line E4\nunit 0 british line A1\n",
                          2);
    deal(g, "Attack Center");
    wgp_choose(g, "play Attack Center");
    wgp_choose(g, "order F-FA #1");
    wgp_choose(g, "order F-HA #2");
    wgp_choose(g, "order F-FA #3");
    wgp_choose(g, "done ordering");
    wgp_choose(g, "move F-HA #2");
    wgp_choose(g, "to G8");
    wgp_choose(g, "end movement");
    /* the horse artillery moved: never in a battery; the foot artillery at E8 and F8 are */
    ck_assert_int_lt(wgp_find(g, "F-HA #2 [3/3] at G8 +"), 0);
    ck_assert_int_lt(wgp_find(g, "+ F-HA #2"), 0);
    ck_assert_int_ge(wgp_find(g, "great battery: F-FA #1 [3/3] at E8 + F-FA #3 [3/3] at F8 -> B-LN #4"), 0);
    /* A1 is beyond their range: no battery on it */
    ck_assert_int_lt(wgp_find(g, "-> B-LN #5"), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-LANCER-08, CCN-MLANCER-07: a Lancer that answers a melee with First Strike re-rolls its flags. */
START_TEST(test_lancer_first_strike)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    for (int militia = 0; militia < 2; militia++) {
        wg_game *g = position_tac(ctx, NULL,
                                  militia ? "unit 1 french line E6\nunit 0 russian militia-lancer E5\n"
                                          : "unit 1 french line E6\nunit 0 russian lancer E5\n",
                                  2, 2, TACDECK);
        deal_tac(g, "Attack Center", "First Strike");
        const char *ordered[] = {"E6", NULL};
        french_to_combat(g, "Attack Center", ordered);
        wgp_choose(g, "melee: F-LN #1");
        wgp_choose(g, "play First Strike on");
        static const int64_t one_flag[] = {6, 4, 4, 4};
        wgc_roll(g, one_flag, 4);
        ck_assert_ptr_nonnull(strstr(wgp_decision(g), "the Lancer's re-roll"));
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-BASE-03: a turn is the Order card, the orders, the movement (all of it before any combat),
   the combat, the draw; CCN-ROCKET-16: a Rocket Battery meleed by infantry may retire and reform. */
START_TEST(test_turn_sequence)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = position(ctx, NULL, "unit 1 french line E7\nunit 0 british rocket E5\nunit 0 british line A1\n", 2);
    deal(g, "Attack Center");
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "play Attack Center");
    wgp_choose(g, "order F-LN #1");
    ck_assert_int_lt(wgp_find(g, "melee"), 0); /* no combat before the orders and the movement are done */
    wgp_choose(g, "done ordering");
    wgp_choose(g, "move F-LN #1");
    wgp_choose(g, "to E6");
    wgp_choose(g, "end movement");
    wgp_choose(g, "melee: F-LN #1 [4/4] at E6 -> B-RB");
    ck_assert_int_ge(wgp_find(g, "retire and reform B-RB #2"), 0);
    wgp_choose(g, "pass");
    static const int64_t miss[] = {3, 3, 3, 3};
    wgc_roll(g, miss, 4);
    for (int guard = 0; guard < 20 && !strstr(wgp_decision(g), "battles with an ordered unit or ends combat"); guard++)
        wgp_choose_index(g, 0); /* the battle back and what follows */
    wgp_choose(g, "end combat");
    long card = wgp_find_event(g, ev, "French plays Attack Center", 1), order = wgp_find_event(g, ev, "ordered: ", 1),
         move = wgp_find_event(g, ev, "moved F-LN #1", 1), fight = wgp_find_event(g, ev, "melee with", 1);
    deal(g, "Attack Center");
    long draw = wgp_find_event(g, ev, "French draws", 1), next = wgp_find_event(g, ev, "turn 2: Coalition", 1);
    ck_assert(card >= 0 && card < order && order < move && move < fight && fight < draw && draw < next);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Random games of every scenario end (issue item 10), and the bundled scenarios load: CCN-SCEN-01, the 18
   scenarios, with the units of the other nations they need. */
START_TEST(test_every_scenario_ends)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    int wins[2] = {0, 0}, nsc = 0;
    ck_assert_int_eq(wg_ruleset_scenario_count(&nsc, "ccn"), WG_OK);
    ck_assert_int_eq(nsc, 18);
    for (int sc = 1; sc <= 18; sc++) {
        char id[8];
        snprintf(id, sizeof id, "S%02d", sc);
        for (uint64_t seed = 1; seed <= 2; seed++) {
            wg_game *g = wgp_new(ctx, "ccn", id, NULL, seed, NULL);
            uint64_t steps = 0;
            ck_assert_int_eq(wg_game_playout(&steps, g, 1000000), WG_OK);
            int over = 0;
            wg_game_is_over(&over, g);
            ck_assert_msg(over, "%s seed %llu did not end", id, (unsigned long long)seed);
            int64_t score = 0;
            wg_game_score(&score, g);
            wins[score > 0 ? 0 : 1]++;
            wg_game_free(g);
        }
    }
    printf("ccn random games: Coalition %d, French %d wins\n", wins[0], wins[1]);
    wg_ctx_free(ctx);
}
END_TEST

/* Hidden hands: a player reads his own hand, the size of the opponent's and the discard piles
   (issue item 4); a draw's card shows only to the drawer. */
START_TEST(test_hidden_hands)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = wgp_new(ctx, "ccn", "S18", NULL, 3, NULL);
    deal(g, ""); /* CCN-TACTICIAN-01, CCN-S18-01, CCN-S18-03: the hands the battle notes give */
    const char *mine = wgp_describe(g, 1);
    ck_assert_ptr_nonnull(strstr(mine, "French: 5 Order cards ("));
    ck_assert_ptr_nonnull(strstr(mine, "Coalition: 6 Order cards, 6 Tactician cards\n"));
    const char *theirs = wgp_describe(g, 0);
    ck_assert_ptr_nonnull(strstr(theirs, "French: 5 Order cards, 4 Tactician cards\n"));
    /* the draws of the deal: the drawer reads the card, the other player only that a card was drawn */
    long e = wgp_find_event(g, 0, "French draws", 0);
    ck_assert_int_ge(e, 0);
    ck_assert_str_eq(wgp_event(g, (size_t)e, 0), "French draws an Order card");
    ck_assert_str_ne(wgp_event(g, (size_t)e, 1), "French draws an Order card");
    /* the draw's options are the referee's only */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ccn_play");
    TCase *tc = tcase_create("play");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_provenance);
    tcase_add_test(tc, test_orchard_fire);
    tcase_add_test(tc, test_rocket_battery);
    tcase_add_test(tc, test_lone_leader_fire);
    tcase_add_test(tc, test_majority_flags);
    tcase_add_test(tc, test_map_codes);
    tcase_add_test(tc, test_bad_orders_and_documents);
    tcase_add_test(tc, test_exact_dice);
    tcase_add_test(tc, test_lancer_exact);
    tcase_add_test(tc, test_exits_and_block_scoring);
    tcase_add_test(tc, test_exits_two_units);
    tcase_add_test(tc, test_sudden_death);
    tcase_add_test(tc, test_lindenau);
    tcase_add_test(tc, test_game_options);
    tcase_add_test(tc, test_garrison_markers);
    tcase_add_test(tc, test_supply_under_pressure);
    tcase_add_test(tc, test_reroll_card);
    tcase_add_test(tc, test_hill_overfire);
    tcase_add_test(tc, test_charge_if_charged_blocked_and_leader);
    tcase_add_test(tc, test_battery_reaction);
    tcase_add_test(tc, test_card_keeps_terrain);
    tcase_add_test(tc, test_leader_unit_reform);
    tcase_add_test(tc, test_infantry_forward_leader);
    tcase_add_test(tc, test_sappers);
    tcase_add_test(tc, test_capable_tactician);
    tcase_add_test(tc, test_reaction_window);
    tcase_add_test(tc, test_scout_draw);
    tcase_add_test(tc, test_retire_and_reform);
    tcase_add_test(tc, test_charge_if_charged);
    tcase_add_test(tc, test_garrison);
    tcase_add_test(tc, test_great_battery);
    tcase_add_test(tc, test_mother_russia);
    tcase_add_test(tc, test_light_infantry_skirmish);
    tcase_add_test(tc, test_odds_leader_check);
    tcase_add_test(tc, test_many_dice);
    tcase_add_test(tc, test_host_base_pack);
    tcase_add_test(tc, test_unit_classes);
    tcase_add_test(tc, test_charge_if_charged_advance);
    tcase_add_test(tc, test_great_battery_members);
    tcase_add_test(tc, test_lancer_first_strike);
    tcase_add_test(tc, test_turn_sequence);
    tcase_add_test(tc, test_every_scenario_ends);
    tcase_add_test(tc, test_hidden_hands);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

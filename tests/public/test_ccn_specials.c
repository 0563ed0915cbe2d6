/* Commands & Colors: Napoleonics scenario special rules proven by play through the public API: the
   objective records of the bundled scenario documents (data/ccn/sNN.wgd), copied line for line into a
   host scenario on a clear 13x9 board, are judged at the start of each side's turn; the start flags
   of the bundled scenarios are read from the describe text; the rivers of the bundled maps are
   crossed (or not) by ordered units; the bundled base pack's artillery dice are read by range.
   Checklist items are cited next to the assertions that prove them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgccn.h"
#include "wgplay.h"

/* ---------------------------------------------------------------- positions */

/* A board: every hex clear (sections as on the standard board, doc/ccn-data.md). */

/* A host scenario: the Coalition at the top edge, the French at the bottom, French first, 4 Order
   cards a side, no Tactician cards, victory 20 (never reached here), and the records given. */
static const char *side0_extra = "";

static char *scenario(const char *records)
{
    size_t cap = 16384;
    char *b = malloc(cap);
    ck_assert_ptr_nonnull(b);
    snprintf(b, cap,
             "wgdata 1 ccn\nscenario T1 \"test position\"\n"
             "side 0 \"Coalition Army\" commander=A cards=4 tactician=0%s edge=top\n"
             "side 1 \"French Army\" commander=B cards=4 tactician=0 edge=bottom\n"
             "first 1\nvictory 20\n%s",
             side0_extra, records);
    return b;
}

/* A game of the records on the clear board (map NULL) or on the bundled map of scenario sid. */
static wg_game *position_on(wg_ctx *ctx, const char *sid, const char *records, int own_board)
{
    char *map = own_board ? wgc_board(NULL) : NULL, *sc = scenario(records);
    wgp_doc docs[3] = {{"scenario", sc}, {NULL, NULL}, {NULL, NULL}};
    if (map)
        docs[1].slot = "map", docs[1].text = map;
    wg_game *g = wgp_new(ctx, "ccn", sid, NULL, 1, docs);
    free(map);
    free(sc);
    return g;
}

static wg_game *position(wg_ctx *ctx, const char *records)
{
    return position_on(ctx, "S01", records, 1);
}

/* ---------------------------------------------------------------- decisions */

/* Name k of a '|'-separated list (NULL past the end). */
static const char *nth(const char *list, int k, char *out, size_t cap)
{
    const char *p = list;
    for (int i = 0; i < k; i++) {
        p = strchr(p, '|');
        if (!p)
            return NULL;
        p++;
    }
    size_t n = strcspn(p, "|");
    if (n >= cap)
        n = cap - 1;
    memcpy(out, p, n);
    out[n] = '\0';
    return out;
}

/* The first option "PREFIX NAME" for a name of the '|'-separated list `cards` (-1 when none). */
static long find_card(wg_game *g, const char *prefix, const char *cards)
{
    char name[64], want[96];
    for (int k = 0; nth(cards, k, name, sizeof name); k++) {
        snprintf(want, sizeof want, "%s %s", prefix, name);
        long i = wgp_find(g, want);
        if (i >= 0)
            return i;
    }
    return -1;
}

/* The draws up to the next decision that is not a draw: every Order card drawn is the first of the
   '|'-separated list `cards` the deck still holds. */
static void deal(wg_game *g, const char *cards)
{
    while (wgp_decider(g) == WG_PLAYER_CHANCE && strstr(wgp_decision(g), " draws ")) {
        long i = find_card(g, "draw", cards);
        wgp_choose_index(g, i >= 0 ? (size_t)i : 0);
    }
}


#define ROLL(g, ...)                                                                                                   \
    do {                                                                                                               \
        static const int64_t faces_[] = {__VA_ARGS__};                                                                 \
        wgc_roll((g), faces_, sizeof faces_ / sizeof faces_[0]);                                                           \
    } while (0)


/* Plays `card` and orders the units at the hexes listed (NULL-terminated; may be NULL). */
static void play_orders(wg_game *g, const char *card, const char *const *hexes)
{
    char want[64];
    long c = find_card(g, "play", card);
    ck_assert_msg(c >= 0, "no card of %s: %s", card, wgp_options_dump(g));
    wgp_choose_index(g, (size_t)c);
    for (int i = 0; hexes && hexes[i]; i++) {
        snprintf(want, sizeof want, "at %s", hexes[i]);
        long k = wgp_find(g, want);
        ck_assert_msg(k >= 0, "cannot order the unit at %s: %s", hexes[i], wgp_options_dump(g));
        wgp_choose_index(g, (size_t)k);
    }
    wgp_choose(g, "done ordering");
}

/* In the movement phase: picks the ordered unit at `from` (its destinations are then offered). */
static void pick_mover(wg_game *g, const char *from)
{
    char want[64];
    snprintf(want, sizeof want, "at %s", from);
    long i = wgp_find(g, want);
    ck_assert_msg(i >= 0 && strncmp(wgp_label(g, (size_t)i), "move ", 5) == 0, "no move from %s: %s", from,
                  wgp_options_dump(g));
    wgp_choose_index(g, (size_t)i);
}

static void move_to(wg_game *g, const char *from, const char *to)
{
    char want[64];
    pick_mover(g, from);
    snprintf(want, sizeof want, "to %s ", to);
    wgp_choose(g, want);
}

/* Whether a destination option names hex `to`. */
static int offers_hex(wg_game *g, const char *to)
{
    char want[16];
    snprintf(want, sizeof want, "to %s ", to);
    return wgp_find(g, want) >= 0;
}

/* Ends what is left of the turn and deals the draws. */
static void finish(wg_game *g, const char *card)
{
    static const char *const ends[] = {"done ordering", "end movement", "end combat", "pass (no default action)",
                                       "pass (no Tactician card)"};
    for (int guard = 0; guard < 10; guard++) {
        int took = 0;
        for (size_t k = 0; k < 5 && !took; k++)
            if (wgp_decider(g) >= 0 && wgp_find(g, ends[k]) >= 0) {
                wgp_choose(g, ends[k]);
                took = 1;
            }
        if (!took)
            break;
    }
    deal(g, card);
}

static void pass_turn(wg_game *g, const char *card)
{
    long c = find_card(g, "play", card);
    ck_assert_msg(c >= 0, "no card of %s: %s", card, wgp_options_dump(g));
    wgp_choose_index(g, (size_t)c);
    finish(g, card);
}

/* ---------------------------------------------------------------- reading */

/* Victory Flags a side holds, as the describe text says ("French (French Army, ...): N of M"). */
static int flags_held(wg_game *g, int side)
{
    const char *d = wgp_describe(g, WG_VIEW_REFEREE);
    const char *key = side ? "\nFrench (" : "\nCoalition (";
    const char *p = strstr(d, key);
    ck_assert_msg(p != NULL, "%s", d);
    p = strstr(p, "): ");
    ck_assert_ptr_nonnull(p);
    return atoi(p + 3);
}

/* The record of the bundled scenario sid ("S02") whose line starts with `kind` and contains `name`
   (a new string from malloc, ending with a newline). */
static char *bundled_record(const char *sid, const char *kind, const char *name)
{
    char path[64];
    snprintf(path, sizeof path, "data/ccn/s%c%c.wgd", sid[1], sid[2]);
    char *text = wgp_read_source(path, NULL);
    char *line = NULL;
    for (char *p = text; *p && !line;) {
        size_t n = strcspn(p, "\n");
        if (strncmp(p, kind, strlen(kind)) == 0) {
            char *l = malloc(n + 2);
            ck_assert_ptr_nonnull(l);
            memcpy(l, p, n);
            l[n] = '\n';
            l[n + 1] = '\0';
            if (strstr(l, name))
                line = l;
            else
                free(l);
        }
        p += n + (p[n] == '\n');
    }
    free(text);
    ck_assert_msg(line != NULL, "no %s record \"%s\" in %s", kind, name, path);
    return line;
}

/* ================================================================ the objectives of the scenarios */

/* The flags each side holds at the start of the French turn 1 (after the deal: the describe text
   shows 0 before it, see the report) and at the start of the Coalition's turn 2, on the clear board with `units` and the bundled objective records of sid
   named in `names` ('|'-separated). */
typedef struct timeline {
    int t1[2], t2[2];
} timeline;

static timeline judge(wg_ctx *ctx, const char *sid, const char *names, const char *units)
{
    char rec[4096];
    size_t len = (size_t)snprintf(rec, sizeof rec, "%s", units);
    for (const char *p = names; *p;) {
        char name[64];
        size_t n = strcspn(p, "|");
        ck_assert_uint_lt(n, sizeof name);
        memcpy(name, p, n);
        name[n] = '\0';
        char *line = bundled_record(sid, "objective ", name);
        len += (size_t)snprintf(rec + len, sizeof rec - len, "%s", line);
        free(line);
        p += n + (p[n] == '|');
    }
    wg_game *g = position(ctx, rec);
    timeline t;
    deal(g, "Probe Center|Attack Center|Assault Center");
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "French plays an Order card"));
    for (int s = 0; s < 2; s++)
        t.t1[s] = flags_held(g, s);
    pass_turn(g, "Probe Center|Attack Center|Assault Center");
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "Coalition plays an Order card"));
    for (int s = 0; s < 2; s++)
        t.t2[s] = flags_held(g, s);
    wg_game_free(g);
    return t;
}

#define EXPECT(t, a0, a1, b0, b1)                                                                              \
    do {                                                                                                               \
        timeline t_ = (t);                                                                                             \
            ck_assert_msg(t_.t1[0] == (a0) && t_.t1[1] == (a1) &&            \
                          t_.t2[0] == (b0) && t_.t2[1] == (b1),                                                        \
                      "line %d: French turn %d-%d, Coalition turn %d-%d", __LINE__, t_.t1[0], t_.t1[1], t_.t2[0],      \
                      t_.t2[1]);                                                                                       \
    } while (0)

/* Fillers far from every objective: one unit a side. */
#define FILL "unit 0 british line A5\nunit 1 french line M9\n"

/* Majority groups at the start of the side's turn (T-M-SoT): S02, S03, S06, S08, S11, S13. */
START_TEST(test_majority_objectives)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    /* CCN-S02-05, CCN-S02-08 (DERIVED), CCN-FLAGS-10: Oricain heights, French 4 hexes to 3: the French win
       their 2 flags at the start of their turn; the British, in the minority,
       nothing at the start of theirs */
    EXPECT(judge(ctx, "S02", "Oricain heights",
                 FILL "unit 1 french line D3\nunit 1 french line E3\nunit 1 french line F3\nunit 1 french line G3\n"
                      "unit 0 british line H3\nunit 0 british line I3\nunit 0 british line D4\n"),
           0, 2, 0, 2);
    /* CCN-S02-05: the British majority (2 to 1) gives them 1 flag, at the start of their own turn */
    EXPECT(judge(ctx, "S02", "Oricain heights",
                 FILL "unit 1 french line H4\nunit 0 british line D3\nunit 0 british line E3\n"),
           0, 0, 1, 0);
    /* CCN-S03-05: Spanish Hill, the same values: 2 to the French, 1 to the British */
    EXPECT(judge(ctx, "S03", "Spanish Hill", FILL "unit 1 french line C3\nunit 1 french line D3\nunit 0 british line E3\n"),
           0, 2, 0, 2);
    EXPECT(judge(ctx, "S03", "Spanish Hill", FILL "unit 1 french line C3\nunit 0 british line D5\nunit 0 british line C5\n"),
           0, 0, 1, 0);
    /* CCN-S06-05, CCN-S06-06: the 5 villages, 2 to the Russians, 1 to the French; the French begin
       with 1 flag, kept while they hold the majority (CCN-GAP-33) */
    EXPECT(judge(ctx, "S06", "Villages", FILL "unit 1 french line C6\n"), 0, 1, 0, 1);
    EXPECT(judge(ctx, "S06", "Villages", FILL "unit 0 british line C6\nunit 0 british line C8\nunit 1 french line F7\n"),
           0, 0, 2, 0);
    /* CCN-S08-05: Liebertwolkwitz, 2 to the Allies, 1 to the French, who begin with 1 */
    EXPECT(judge(ctx, "S08", "Liebertwolkwitz", FILL "unit 1 french line F6\n"), 0, 1, 0, 1);
    EXPECT(judge(ctx, "S08", "Liebertwolkwitz", FILL "unit 0 british line F6\nunit 0 british line G6\n"), 0, 0, 2,
           0);
    /* CCN-S11-06: Möckern, 3 to the Prussians, 2 to the French, who begin with 2 */
    EXPECT(judge(ctx, "S11", "Möckern", FILL "unit 1 french line C6\nunit 1 french line D6\n"), 0, 2, 0, 2);
    EXPECT(judge(ctx, "S11", "Möckern", FILL "unit 0 british line C6\nunit 0 british line D6\nunit 1 french line E7\n"),
           0, 0, 3, 0);
    /* CCN-S13-07: the 4 village hexes of Brienne, 2 flags to the side with the majority; the Russians
       begin with 2, kept while they hold it */
    EXPECT(judge(ctx, "S13", "Brienne", FILL "unit 0 british line E3\n"), 2, 0, 2, 0);
    EXPECT(judge(ctx, "S13", "Brienne", FILL "unit 1 french line E3\nunit 1 french line F3\nunit 0 british line E4\n"),
           0, 2, 0, 2);
    wg_ctx_free(ctx);
}
END_TEST

/* Occupation, per hex and group objectives won at the start of the side's own turn (T-SoT,
   T-G-SoT). */
START_TEST(test_start_of_turn_objectives)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    /* CCN-S02-06: the British hold the Sorauren bridge: 1 flag at the start of their turn (CCN-FLAGS-05) */
    EXPECT(judge(ctx, "S02", "Sorauren bridge", FILL "unit 0 british line K7\n"), 0, 0, 1, 0);
    /* CCN-S03-06: Arleta */
    EXPECT(judge(ctx, "S03", "Arleta", FILL "unit 0 british line K4\n"), 0, 0, 1, 0);
    /* CCN-S04-07, CCN-S04-08: a flag per village hex and per hill hex the Allies hold */
    EXPECT(judge(ctx, "S04", "Villages", FILL "unit 0 british line K5\nunit 0 british line D7\n"), 0, 0, 2, 0);
    EXPECT(judge(ctx, "S04", "\"Hills\"",
                 FILL "unit 0 british line F6\nunit 0 british line G6\nunit 0 british line F7\n"),
           0, 0, 3, 0);
    /* CCN-S04-06: the French flag while the Allies hold no hill hex, at the start of the French turn */
    EXPECT(judge(ctx, "S04", "Steinker", FILL), 0, 1, 0, 1);
    EXPECT(judge(ctx, "S04", "Steinker", FILL "unit 0 british line G7\n"), 0, 0, 0, 0);
    /* CCN-S05-06: a flag per village hex of Wartenburg and Bleddin */
    EXPECT(judge(ctx, "S05", "Wartenburg",
                 FILL "unit 0 british line C7\nunit 0 british line C8\nunit 0 british line J7\n"),
           0, 0, 3, 0);
    /* CCN-S08-06, CCN-S08-07: Holshausen (one flag for the village), a flag per Gallows Hill hex */
    EXPECT(judge(ctx, "S08", "Holshausen", FILL "unit 0 british line C8\nunit 0 british line C9\n"), 0, 0, 1, 0);
    EXPECT(judge(ctx, "S08", "Gallows Hill", FILL "unit 0 british line I6\nunit 0 british line J7\n"), 0, 0, 2, 0);
    /* CCN-S09-05, CCN-FLAGS-07: Lindenau and the bridge, both needed */
    EXPECT(judge(ctx, "S09", "Lindenau", FILL "unit 0 british line J7\n"), 0, 0, 0, 0);
    EXPECT(judge(ctx, "S09", "Lindenau", FILL "unit 0 british line J7\nunit 0 british line K7\n"), 0, 0, 1, 0);
    /* CCN-S10-05: Gross and Klein Wiederitzsch, both needed */
    EXPECT(judge(ctx, "S10", "Gross and Klein", FILL "unit 0 british line D6\n"), 0, 0, 0, 0);
    EXPECT(judge(ctx, "S10", "Gross and Klein", FILL "unit 0 british line D6\nunit 0 british line I6\n"), 0, 0, 1,
           0);
    /* CCN-S12-05: a flag per village hex (Gohlis, Eutritzsch) and per bridge */
    EXPECT(judge(ctx, "S12", "Gohlis|Eutritzsch|Parthe bridges",
                 FILL "unit 0 british line B6\nunit 0 british line J7\nunit 0 british line C8\nunit 0 british line F7\n"),
           0, 0, 4, 0);
    /* CCN-S14-07: the French hold a bridge of the Marne: 1 flag (not 2 for both) */
    EXPECT(judge(ctx, "S14", "Marne bridges", FILL "unit 1 french line J2\n"), 0, 1, 0, 1);
    EXPECT(judge(ctx, "S14", "Marne bridges", FILL "unit 1 french line J2\nunit 1 french line C2\n"), 0, 1, 0, 1);
    /* CCN-S15-06: a flag per village hex the French hold */
    EXPECT(judge(ctx, "S15", "Villages", FILL "unit 1 french line F3\nunit 1 french line K5\n"), 0, 2, 0, 2);
    /* CCN-S16-05: the Church, a flag for whichever side holds it at the start of its turn */
    EXPECT(judge(ctx, "S16", "Church of St. Boes (Allied)|Church of St. Boes (French)", FILL "unit 0 british line D7\n"),
           0, 0, 1, 0);
    EXPECT(judge(ctx, "S16", "Church of St. Boes (Allied)|Church of St. Boes (French)", FILL "unit 1 french line D7\n"),
           0, 1, 0, 1);
    /* CCN-S16-07, CCN-FLAGS-07: the ridge, all 5 hill hexes */
    EXPECT(judge(ctx, "S16", "St. Boes ridge",
                 FILL "unit 0 british line E7\nunit 0 british line F7\nunit 0 british line G7\nunit 0 british line H7\n"),
           0, 0, 0, 0);
    EXPECT(judge(ctx, "S16", "St. Boes ridge",
                 FILL "unit 0 british line E7\nunit 0 british line F7\nunit 0 british line G7\nunit 0 british line H7\n"
                      "unit 0 british line I7\n"),
           0, 0, 1, 0);
    /* CCN-S17-05: a flag per Orthez hex; CCN-S17-07: the 9 hill hexes, all needed */
    EXPECT(judge(ctx, "S17", "\"Orthez\"", FILL "unit 0 british line C5\nunit 0 british line D6\n"), 0, 0, 2, 0);
    EXPECT(judge(ctx, "S17", "Orthez heights",
                 FILL "unit 0 british line E6\nunit 0 british line F6\nunit 0 british line G6\nunit 0 british line H6\n"
                      "unit 0 british line I6\nunit 0 british line F7\nunit 0 british line G7\nunit 0 british line H7\n"),
           0, 0, 0, 0);
    EXPECT(judge(ctx, "S17", "Orthez heights",
                 FILL "unit 0 british line E6\nunit 0 british line F6\nunit 0 british line G6\nunit 0 british line H6\n"
                      "unit 0 british line I6\nunit 0 british line F7\nunit 0 british line G7\nunit 0 british line H7\n"
                      "unit 0 british line I7\n"),
           0, 0, 1, 0);
    /* CCN-S18-06: the orchard, 1 flag for 1 hex or more */
    EXPECT(judge(ctx, "S18", "Hougoumont orchard", FILL "unit 1 french line G3\nunit 1 french line H3\n"), 0, 1, 0,
           1);
    wg_ctx_free(ctx);
}
END_TEST

/* "None" objectives and the flags a side begins with: S10, S16, S17, S18. */
START_TEST(test_denial_objectives)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    /* CCN-S10-07: the French begin with 1 flag, held while no Allied unit stands in either village */
    EXPECT(judge(ctx, "S10", "Wiederitzsch held", FILL), 0, 1, 0, 1);
    EXPECT(judge(ctx, "S10", "Wiederitzsch held", FILL "unit 0 british line I6\n"), 0, 0, 0, 0);
    /* CCN-S16-06: the French flag while the Allies hold no hex of St. Boes; they begin with it */
    EXPECT(judge(ctx, "S16", "\"St. Boes\"", FILL), 0, 1, 0, 1);
    EXPECT(judge(ctx, "S16", "\"St. Boes\"", FILL "unit 0 british line B8\n"), 0, 0, 0, 0);
    /* CCN-S17-06 */
    EXPECT(judge(ctx, "S17", "Orthez held", FILL), 0, 1, 0, 1);
    EXPECT(judge(ctx, "S17", "Orthez held", FILL "unit 0 british line D5\n"), 0, 0, 0, 0);
    /* CCN-S18-07: the British flag while the French hold none of the 5 Hougoumont hexes; they begin
       with it */
    EXPECT(judge(ctx, "S18", "Hougoumont held", FILL), 1, 0, 1, 0);
    EXPECT(judge(ctx, "S18", "Hougoumont held", FILL "unit 1 french line F3\n"), 0, 0, 0, 0);
    /* CCN-S18-08: 2 French flags while the British hold none of the 3 walled farm hexes */
    EXPECT(judge(ctx, "S18", "Hougoumont farm", FILL), 0, 2, 0, 2);
    EXPECT(judge(ctx, "S18", "Hougoumont farm", FILL "unit 0 british line D4\n"), 0, 0, 0, 0);
    wg_ctx_free(ctx);
}
END_TEST

/* Temporary flags lost the moment their condition fails, in the other side's turn. */
START_TEST(test_losses_at_once)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    /* CCN-S02-08 (DERIVED), CCN-FLAGS-10: the French win the heights' 2 flags with 4 hexes to 3 at the
       start of their turn; in the British turn the count becomes 4 to 4: -2 at once, and the
       British, without more hexes, win nothing */
    char *obj = bundled_record("S02", "objective ", "Oricain heights");
    char rec[2048];
    snprintf(rec, sizeof rec,
             FILL "unit 1 french line D3\nunit 1 french line E3\nunit 1 french line F3\nunit 1 french line G3\n"
                  "unit 0 british line H3\nunit 0 british line I3\nunit 0 british line D4\nunit 0 british line E5\n%s",
             obj);
    free(obj);
    wg_game *g = position(ctx, rec);
    deal(g, "Probe Center|Attack Center|Assault Center");
    ck_assert_int_eq(flags_held(g, 1), 2);
    pass_turn(g, "Probe Center|Attack Center|Assault Center");
    const char *e5[] = {"E5", NULL};
    play_orders(g, "Probe Center|Attack Center|Assault Center", e5);
    size_t ev = wgp_event_count(g);
    move_to(g, "E5", "E4");
    ck_assert_int_ge(wgp_find_event(g, ev, "French loses 2 Victory Flags (Oricain heights): 0 held", 0), 0);
    ck_assert_int_lt(wgp_find_event(g, ev, "Coalition wins", 0), 0);
    ck_assert_int_eq(flags_held(g, 1), 0);
    finish(g, "Probe Center|Attack Center|Assault Center");
    /* the French turn: 4 to 4, nothing won at its start */
    ck_assert_int_eq(flags_held(g, 1), 0);
    ck_assert_int_eq(flags_held(g, 0), 0);
    wg_game_free(g);

    /* CCN-S18-09, CCN-S18-10 (DERIVED): the British baseline holds 2 full-strength units and one
       missing a block: the French hold the flag (from the set-up, judged at once); a third
       full-strength unit arrives: lost at once */
    obj = bundled_record("S18", "objective ", "British baseline");
    snprintf(rec, sizeof rec,
             "unit 1 french line M9\nunit 0 british line A1\nunit 0 british line B1\nunit 0 british line C1 blocks=3\n"
             "unit 0 british line D2\n%s",
             obj);
    free(obj);
    g = position(ctx, rec);
    deal(g, "Probe Right Flank|Attack Right Flank|Assault Right Flank");
    ck_assert_int_eq(flags_held(g, 1), 1);
    pass_turn(g, "Probe Right Flank|Attack Right Flank|Assault Right Flank");
    ck_assert_int_eq(flags_held(g, 1), 1);
    const char *d2[] = {"D2", NULL};
    play_orders(g, "Probe Right Flank|Attack Right Flank|Assault Right Flank", d2);
    ev = wgp_event_count(g);
    move_to(g, "D2", "D1");
    ck_assert_int_ge(wgp_find_event(g, ev, "French loses 1 Victory Flag (British baseline): 0 held", 0), 0);
    wg_game_free(g);

    /* CCN-FLAGS-05: a start-of-turn flag is lost the moment the hex is left (here in the holder's own
       turn), and won again only at a later start of its turn */
    obj = bundled_record("S14", "objective ", "Marne bridges");
    snprintf(rec, sizeof rec, FILL "unit 1 french line J2\n%s", obj);
    free(obj);
    g = position(ctx, rec);
    deal(g, "Probe Right Flank|Attack Right Flank|Assault Right Flank");
    ck_assert_int_eq(flags_held(g, 1), 1);
    const char *j2[] = {"J2", NULL};
    play_orders(g, "Probe Right Flank|Attack Right Flank|Assault Right Flank", j2);
    ev = wgp_event_count(g);
    move_to(g, "J2", "J3");
    ck_assert_int_ge(wgp_find_event(g, ev, "French loses 1 Victory Flag (Marne bridges): 0 held", 0), 0);
    finish(g, "Probe Right Flank|Attack Right Flank|Assault Right Flank");
    pass_turn(g, "Probe Right Flank|Attack Right Flank|Assault Right Flank");
    play_orders(g, "Probe Right Flank|Attack Right Flank|Assault Right Flank", (const char *const[]){"J3", NULL});
    ev = wgp_event_count(g);
    move_to(g, "J3", "J2");
    ck_assert_int_lt(wgp_find_event(g, ev, "Victory Flag", 0), 0); /* not at once */
    finish(g, "Probe Right Flank|Attack Right Flank|Assault Right Flank");
    pass_turn(g, "Probe Right Flank|Attack Right Flank|Assault Right Flank");
    ck_assert_int_eq(flags_held(g, 1), 1); /* at the start of the next French turn */
    wg_game_free(g);

    /* CCN-FLAGS-06: a temporary group objective (not start of turn) is won the moment all of its
       hexes are held */
    g = position(ctx, FILL "unit 1 french line E7\nunit 1 french line F8\n"
                           "objective \"Ridge\" side=1 kind=temp when=now test=all flags=2 hexes=E7,F7\n");
    ck_assert_int_eq(flags_held(g, 1), 0);
    deal(g, "Probe Center|Attack Center|Assault Center");
    play_orders(g, "Probe Center|Attack Center|Assault Center", (const char *const[]){"F8", NULL});
    ev = wgp_event_count(g);
    move_to(g, "F8", "F7");
    ck_assert_int_ge(wgp_find_event(g, ev, "French wins 2 Victory Flags (Ridge): 2 held", 0), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* The flags the bundled scenarios begin with, as the describe text shows them at the set-up. */
START_TEST(test_bundled_start_flags)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    static const struct {
        const char *sid;
        int co, fr;
    } cases[] = {
        {"S06", 0, 1}, /* CCN-S06-06 */
        {"S08", 0, 1}, /* CCN-S08-05 */
        {"S10", 0, 1}, /* CCN-S10-07 */
        {"S11", 0, 2}, /* CCN-S11-06 */
        {"S13", 2, 0}, /* CCN-S13-07 */
        {"S16", 0, 2}, /* CCN-S16-05, CCN-S16-06: one per French objective (CCN-GAP-34) */
        {"S17", 0, 1}, /* CCN-S17-06 */
        {"S18", 1, 0}, /* CCN-S18-07 */
        {"S02", 0, 0},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        wg_game *g = wgp_new(ctx, "ccn", cases[k].sid, NULL, 1, NULL);
        deal(g, "Probe Center|Attack Center|Assault Center");
        ck_assert_msg(flags_held(g, 0) == cases[k].co && flags_held(g, 1) == cases[k].fr, "%s: %d - %d",
                      cases[k].sid, flags_held(g, 0), flags_held(g, 1));
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* ================================================================ rivers of the bundled maps */

/* The hexes of the bundled map of sid whose terrain is `ter`, as names ("A1 A2 "). */
static void map_hexes(const char *sid, const char *ter, char *out, size_t cap)
{
    char path[64];
    snprintf(path, sizeof path, "data/ccn/s%c%c-map.wgd", sid[1], sid[2]);
    char *text = wgp_read_source(path, NULL);
    size_t len = 0;
    out[0] = '\0';
    for (char *p = text; *p;) {
        int c, r;
        char t[32];
        if (sscanf(p, "hex %d %d %31s", &c, &r, t) == 3 && strcmp(t, ter) == 0)
            len += (size_t)snprintf(out + len, cap - len, "%c%d ", 'A' + c, r + 1);
        p += strcspn(p, "\n");
        if (*p)
            p++;
    }
    free(text);
}

/* On the bundled map of sid, the French cavalry at `at` ordered by `card`: no destination is a
   river (impassable) hex, and every hex of `enter` is offered. */
static void river_case(wg_ctx *ctx, const char *sid, const char *units, const char *card, const char *at,
                       const char *enter, const char *ter_banned)
{
    wg_game *g = position_on(ctx, sid, units, 0);
    deal(g, card);
    play_orders(g, card, (const char *const[]){at, NULL});
    pick_mover(g, at);
    char banned[512] = "";
    if (ter_banned) {
        map_hexes(sid, ter_banned, banned, sizeof banned);
        ck_assert_msg(banned[0] != '\0', "%s: no %s hex", sid, ter_banned);
    }
    for (char *p = banned; *p;) {
        char h[8];
        int n = 0;
        if (sscanf(p, "%7s%n", h, &n) != 1)
            break;
        ck_assert_msg(!offers_hex(g, h), "%s: %s (%s) offered: %s", sid, h, ter_banned, wgp_options_dump(g));
        p += n;
    }
    char buf[128];
    snprintf(buf, sizeof buf, "%s", enter);
    for (char *h = strtok(buf, " "); h; h = strtok(NULL, " "))
        ck_assert_msg(offers_hex(g, h), "%s: %s not offered: %s", sid, h, wgp_options_dump(g));
    wg_game_free(g);
}

START_TEST(test_rivers)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    /* CCN-S01-08: the Valderaduey, crossed only at the ford (A4) and the bridge (A6) (CCN-GAP-31) */
    river_case(ctx, "S01", "unit 1 french light-cav B5\nunit 0 british line G2\n", "Probe Left Flank|Attack Left Flank|Assault Left Flank", "B5", "A4 A6",
               "river");
    /* CCN-S02-07: the Ulzama, at the ford (L3) and the bridge (K7) */
    river_case(ctx, "S02", "unit 1 french light-cav K5\nunit 0 british line E2\n", "Probe Right Flank|Attack Right Flank|Assault Right Flank", "K5", "L3 K7",
               "river");
    /* CCN-S06-07: the Elbe, impassable */
    river_case(ctx, "S06", "unit 1 french light-cav B6\nunit 0 british line G2\n", "Probe Left Flank|Attack Left Flank|Assault Left Flank", "B6", "C6", "river");
    /* CCN-S11-08: the Elster, at the ford (B3) and the bridge (B6) */
    river_case(ctx, "S11", "unit 1 french light-cav C3\nunit 0 british line G2\n", "Probe Left Flank|Attack Left Flank|Assault Left Flank", "C3", "B3",
               "river");
    river_case(ctx, "S11", "unit 1 french light-cav C6\nunit 0 british line G2\n", "Probe Left Flank|Attack Left Flank|Assault Left Flank", "C6", "B6",
               "river");
    /* CCN-S13-08: the Aube, impassable */
    river_case(ctx, "S13", "unit 1 french light-cav B5\nunit 0 british line G2\n", "Probe Left Flank|Attack Left Flank|Assault Left Flank", "B5", "C5", "river");
    /* CCN-S14-08: the Marne, at the bridges (J2) and the fords (K2) */
    river_case(ctx, "S14", "unit 1 french light-cav J3\nunit 0 british line E5\n", "Probe Right Flank|Attack Right Flank|Assault Right Flank", "J3", "J2 K2",
               "river");
    /* CCN-S17-09: the Gave de Pau, at the bridge (B5) and the ford (A6) */
    river_case(ctx, "S17", "unit 1 french light-cav C5\nunit 0 british line G2\n", "Probe Left Flank|Attack Left Flank|Assault Left Flank", "C5", "B5 A6",
               "river");
    /* CCN-S03-07: the stream is fordable (J5); CCN-S03-08: the steep hills (rugged) are impassable */
    river_case(ctx, "S03", "unit 1 french light-cav K5\nunit 0 british line E2\n", "Probe Right Flank|Attack Right Flank|Assault Right Flank", "K5", "J5",
               "rugged");
    /* CCN-S12-06: the Parthe is fordable (G7, H7) */
    river_case(ctx, "S12", "unit 1 french light-cav G6\nunit 0 british line E2\n", "Probe Center|Attack Center|Assault Center", "G6", "G7 H7",
               NULL);
    /* CCN-S15-08: the Le Petit Morin is fordable (L5) */
    river_case(ctx, "S15", "unit 1 french light-cav K5\nunit 0 british line E2\n", "Probe Right Flank|Attack Right Flank|Assault Right Flank", "K5", "L5",
               NULL);
    wg_ctx_free(ctx);
}
END_TEST

/* ================================================================ the base pack */

/* CCN-BASE-30: foot artillery fires 3, 2, 1, 1 dice at 2, 3, 4, 5 hexes (1 block: 2, 1, 1 at 2, 3,
   4) and not beyond its range. */
START_TEST(test_artillery_range)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    static const int want3[] = {0, 0, 3, 2, 1, 1, 0}, want1[] = {0, 0, 2, 1, 1};
    for (int blocks = 1; blocks <= 3; blocks += 2)
        for (int d = 2; d <= (blocks == 3 ? 6 : 4); d++) {
            char rec[256];
            snprintf(rec, sizeof rec, "unit 1 french foot-art E9 blocks=%d\nunit 0 british line E%d\nunit 0 british line A1\n",
                     blocks, 9 - d);
            wg_game *g = position(ctx, rec);
            deal(g, "Probe Center|Attack Center|Assault Center");
            play_orders(g, "Probe Center|Attack Center|Assault Center", (const char *const[]){"E9", NULL});
            wgp_choose(g, "end movement");
            long i = wgp_find(g, "fire: F-FA");
            int want = blocks == 3 ? want3[d] : want1[d];
            if (want == 0)
                ck_assert_msg(i < 0, "fire at %d hexes: %s", d, wgp_options_dump(g));
            else
                ck_assert_msg(i >= 0 && wgc_option_int(g, i, "dice") == want, "%d blocks at %d hexes: %s", blocks, d,
                              wgp_options_dump(g));
            wg_game_free(g);
        }
    wg_ctx_free(ctx);
}
END_TEST

/* ================================================================ lancers */

/* The Coalition's turn 2 (the French pass turn 1): the ordered unit at `from` melees the French unit
   at `at`. */
static void coalition_melee(wg_game *g, const char *from, const char *at)
{
    deal(g, "Probe Center|Attack Center");
    pass_turn(g, "Probe Center|Attack Center");
    play_orders(g, "Probe Center|Attack Center", (const char *const[]){from, NULL});
    wgp_choose(g, "end movement");
    char want[48];
    snprintf(want, sizeof want, "] at %s", at);
    size_t cnt = wgp_option_count(g);
    long k = -1;
    for (size_t i = 0; i < cnt && k < 0; i++)
        if (strncmp(wgp_label(g, i), "melee: ", 7) == 0 && strstr(wgp_label(g, i), want))
            k = (long)i;
    ck_assert_msg(k >= 0, "no melee at %s: %s", at, wgp_options_dump(g));
    ck_assert_int_eq(wgc_option_int(g, k, "dice"), 4); /* CCN-LANCER-02, CCN-MLANCER-02: a die a block */
    wgp_choose_index(g, (size_t)k);
}

/* The last roll event's "H hits, F flags" from `from` on (-1, -1 when none). */
static void last_roll(wg_game *g, size_t from, int *hits, int *flags)
{
    *hits = *flags = -1;
    for (size_t i = from; i < wgp_event_count(g); i++) {
        const char *e = wgp_event(g, i, WG_VIEW_REFEREE);
        if (strncmp(e, "rolled ", 7) && strncmp(e, "re-rolled the flags:", 20))
            continue;
        const char *t = strrchr(e, ':');
        ck_assert_ptr_nonnull(t);
        ck_assert(sscanf(t, ": %d hit%*[s], %d flag", hits, flags) == 2 || sscanf(t, ": %d hit, %d flag", hits, flags) == 2);
    }
}

/* CCN-BASE-18: the official text's accounting of the Lancer's re-roll (the initial results kept, the
   re-roll's added) is the one played below (CCN-LANCER-06). */
START_TEST(test_lancers)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    int hits, flags;
    /* CCN-LANCER-06 (DERIVED): [INF, FLAG, FLAG, SABER] on Line Infantry, the 2 flag dice re-rolled
       [INF, CAV]: 3 hits, 2 flags */
    wg_game *g = position(ctx, "unit 0 russian lancer E5\nunit 1 french line E6\nunit 1 french line A9\n");
    coalition_melee(g, "E5", "E6");
    size_t ev = wgp_event_count(g);
    ROLL(g, 1, 6, 6, 5);
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "re-roll the 2 flag dice of"));
    ROLL(g, 1, 3);
    last_roll(g, ev, &hits, &flags);
    ck_assert_int_eq(hits, 3);
    ck_assert_int_eq(flags, 2);
    ck_assert_int_ge(wgp_find_event(g, ev, "loses 3 blocks (1 left)", 0), 0);
    wg_game_free(g);

    /* CCN-LANCER-04, CCN-LANCER-06: the same roll on a Cuirassier unit: no re-roll, 1 hit (the saber),
       2 flags */
    g = position(ctx, "unit 0 russian lancer E5\nunit 1 french cuirassier E6\nunit 1 french line A9\n");
    coalition_melee(g, "E5", "E6");
    ev = wgp_event_count(g);
    ROLL(g, 1, 6, 6, 5);
    ck_assert_ptr_null(strstr(wgp_decision(g), "re-roll"));
    ck_assert_int_lt(wgp_find_event(g, ev, "re-rolled", 0), 0);
    last_roll(g, ev, &hits, &flags);
    ck_assert_int_eq(hits, 1);
    ck_assert_int_eq(flags, 2);
    wg_game_free(g);

    /* CCN-MLANCER-05 (DERIVED), CCN-MLANCER-03, CCN-MLANCER-04: the Militia Lancer, [INF, SABER, FLAG,
       CAV], the flag re-rolled [SABER]: 1 hit, 1 flag (sabers ignored) */
    g = position(ctx, "unit 0 russian militia-lancer E5\nunit 1 french line E6\nunit 1 french line A9\n");
    coalition_melee(g, "E5", "E6");
    ev = wgp_event_count(g);
    ROLL(g, 1, 5, 6, 3);
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "re-roll the 1 flag dice of"));
    ROLL(g, 5);
    last_roll(g, ev, &hits, &flags);
    ck_assert_int_eq(hits, 1);
    ck_assert_int_eq(flags, 1);
    wg_game_free(g);
    /* CCN-MLANCER-04: no re-roll against Cuirassiers */
    g = position(ctx, "unit 0 russian militia-lancer E5\nunit 1 french cuirassier E6\nunit 1 french line A9\n");
    coalition_melee(g, "E5", "E6");
    ev = wgp_event_count(g);
    ROLL(g, 1, 5, 6, 3);
    ck_assert_int_lt(wgp_find_event(g, ev, "re-rolled", 0), 0);
    last_roll(g, ev, &hits, &flags);
    ck_assert_int_eq(hits, 1); /* the cavalry symbol */
    ck_assert_int_eq(flags, 1);
    wg_game_free(g);

    /* CCN-LANCER-07, CCN-MLANCER-06: battling back, neither re-rolls its flags; CCN-MLANCER-09: a
       Militia Lancer meleed by infantry may retire and reform */
    for (int m = 0; m < 2; m++) {
        g = position(ctx, m ? "unit 0 russian militia-lancer E5\nunit 1 french line E6\nunit 0 british line A1\n"
                            : "unit 0 russian lancer E5\nunit 1 french line E6\nunit 0 british line A1\n");
        deal(g, "Probe Center|Attack Center");
        play_orders(g, "Probe Center|Attack Center", (const char *const[]){"E6", NULL});
        wgp_choose(g, "end movement");
        wgp_choose(g, "melee: F-LN");
        if (m)
            ck_assert_int_ge(wgp_find(g, "retire and reform R-MLNCR"), 0);
        ROLL(g, 4, 4, 4, 4); /* no hit, no flag */
        ev = wgp_event_count(g);
        ROLL(g, 6, 4, 4, 4); /* the battle back: a flag */
        ck_assert_int_ge(wgp_find_event(g, ev - 1, "battle back", 0), 0);
        ck_assert_ptr_null(strstr(wgp_decision(g), "re-roll"));
        ck_assert_int_lt(wgp_find_event(g, ev, "re-rolled", 0), 0);
        wg_game_free(g);
    }

    /* CCN-LANCER-09, CCN-MLANCER-08: one flag: the Lancer retreats 1 hex, the Militia Lancer 3 */
    for (int m = 0; m < 2; m++) {
        g = position(ctx, m ? "unit 0 russian militia-lancer E5\nunit 1 french line E7\nunit 0 british line A1\n"
                            : "unit 0 russian lancer E5\nunit 1 french line E7\nunit 0 british line A1\n");
        deal(g, "Probe Center|Attack Center");
        play_orders(g, "Probe Center|Attack Center", (const char *const[]){"E7", NULL});
        wgp_choose(g, "end movement");
        wgp_choose(g, "fire: F-LN");
        ROLL(g, 6, 4, 4, 4);
        ck_assert_msg(strstr(wgp_decision(g), m ? "(3 hexes to go)" : "(1 hex to go)"), "%s", wgp_options_dump(g));
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* ================================================================ Iron Will, Leader casualties */

/* CCN-BASE-14: a Prussian unit may ignore flags by spending Iron Will tokens, one a flag; the tokens
   spent leave play; a unit of another nation of the side may not. */
START_TEST(test_iron_will)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    side0_extra = " ironwill=3";
    wg_game *g = position(ctx, "unit 0 prussian line E5\nunit 0 russian line G5\nunit 1 french line E7\n"
                               "unit 1 french line G7\n");
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 0), ", 3 Iron Will\n"));
    deal(g, "Probe Center|Attack Center");
    play_orders(g, "Probe Center|Attack Center", (const char *const[]){"E7", "G7", NULL});
    wgp_choose(g, "end movement");
    wgp_choose(g, "fire: F-LN #3");
    ROLL(g, 6, 6, 4, 4);
    ck_assert_msg(strstr(wgp_decision(g), "how many of the 2 flags against") && strstr(wgp_decision(g), "(at most 2)"),
                  "%s", wgp_options_dump(g));
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "ignore 2 of 2 flags");
    ck_assert_int_ge(wgp_find_event(g, ev, "#1 ignores 2 of 2 flags", 0), 0);
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 0), ", 1 Iron Will\n"));
    /* the Russian unit (which ignores 1 flag of its own): no token for it */
    wgp_choose(g, "fire: F-LN #4");
    ROLL(g, 6, 6, 4, 4);
    ck_assert_msg(strstr(wgp_decision(g), "how many of the 2 flags against R-LN") && strstr(wgp_decision(g), "(at most 1)"),
                  "%s", wgp_options_dump(g));
    wgp_choose(g, "ignore 1 of 2 flags");
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 0), ", 1 Iron Will\n"));
    wg_game_free(g);
    side0_extra = "";
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-BASE-31: a unit with an attached Leader is hit: 2 dice, the Leader falls on 2 sabers; the unit
   is eliminated: 1 die, a saber. */
START_TEST(test_leader_casualty)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    static const int64_t two_sabers[] = {5, 5}, one_saber[] = {5, 1};
    for (int k = 0; k < 3; k++) {
        wg_game *g = position(ctx, k == 2 ? "unit 0 british line E5 blocks=1\nleader 0 british E5 \"Picton\"\n"
                                            "unit 1 french line E7\n"
                                          : "unit 0 british line E5\nleader 0 british E5 \"Picton\"\nunit 1 french line E7\n");
        deal(g, "Probe Center|Attack Center");
        play_orders(g, "Probe Center|Attack Center", (const char *const[]){"E7", NULL});
        wgp_choose(g, "end movement");
        wgp_choose(g, "fire: F-LN");
        ROLL(g, 1, 4, 4, 4);
        ck_assert_msg(strstr(wgp_decision(g), k == 2 ? "roll 1 die for the casualty check" : "roll 2 die"), "%s",
                      wgp_options_dump(g));
        size_t ev = wgp_event_count(g);
        if (k == 2)
            ROLL(g, 5);
        else
            wgc_roll(g, k ? one_saber : two_sabers, 2);
        ck_assert_int_ge(wgp_find_event(g, ev, k == 1 ? "casualty check of Leader Picton: " : "he falls", 0), 0);
        if (k == 1)
            ck_assert_int_ge(wgp_find_event(g, ev, ": unhurt", 0), 0);
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* ================================================================ exits */

START_TEST(test_exits)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    /* CCN-S15-10: French cavalry leave from the Allied baseline, a flag a unit; infantry may not */
    char *x = bundled_record("S15", "exit ", "Allied baseline");
    char rec[1024];
    snprintf(rec, sizeof rec, "unit 1 french light-cav E1\nunit 1 french line F1\nunit 0 british line A5\n%s", x);
    free(x);
    wg_game *g = position(ctx, rec);
    deal(g, "Probe Center|Attack Center");
    play_orders(g, "Probe Center|Attack Center", (const char *const[]){"E1", "F1", NULL});
    pick_mover(g, "F1");
    ck_assert_int_lt(wgp_find(g, "leave the battlefield"), 0);
    wgp_choose(g, "stay");
    pick_mover(g, "E1");
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "leave the battlefield from E1 (Allied baseline)");
    ck_assert_int_ge(wgp_find_event(g, ev, "leaves the battlefield from E1 (Allied baseline): 1 Victory Flag", 0), 0);
    ck_assert_int_ge(wgp_find_event(g, ev, "French wins 1 Victory Flag (exit): 1 held", 0), 0);
    wg_game_free(g);

    /* CCN-S14-06: an ordered Prussian unit leaves from its own baseline: a flag */
    x = bundled_record("S14", "exit ", "Prussian baseline");
    snprintf(rec, sizeof rec, "unit 0 prussian line K1\nunit 1 french line A9\n%s", x);
    free(x);
    g = position(ctx, rec);
    deal(g, "Probe Left Flank|Attack Left Flank");
    pass_turn(g, "Probe Left Flank|Attack Left Flank");
    play_orders(g, "Probe Left Flank|Attack Left Flank", (const char *const[]){"K1", NULL});
    pick_mover(g, "K1");
    ev = wgp_event_count(g);
    wgp_choose(g, "leave the battlefield from K1 (Prussian baseline)");
    ck_assert_int_ge(wgp_find_event(g, ev, "Coalition wins 1 Victory Flag (exit): 1 held", 0), 0);
    wg_game_free(g);

    /* CCN-S17-08: Allied units leave from the left section of the French baseline (A9..E9), not
       from its centre */
    for (int k = 0; k < 2; k++) {
        x = bundled_record("S17", "exit ", "Left of the French baseline");
        snprintf(rec, sizeof rec, "%s\nunit 1 french line A1\n%s",
                 k ? "unit 0 british line G9" : "unit 0 british line C9", x);
        free(x);
        g = position(ctx, rec);
        const char *card = k ? "Probe Center|Attack Center" : "Probe Right Flank|Attack Right Flank";
        deal(g, card);
        pass_turn(g, card);
        play_orders(g, card, (const char *const[]){k ? "G9" : "C9", NULL});
        pick_mover(g, k ? "G9" : "C9");
        ev = wgp_event_count(g);
        if (k)
            ck_assert_int_lt(wgp_find(g, "leave the battlefield"), 0);
        else {
            wgp_choose(g, "leave the battlefield from C9 (Left of the French baseline)");
            ck_assert_int_ge(wgp_find_event(g, ev, "Coalition wins 1 Victory Flag (exit): 1 held", 0), 0);
        }
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* ================================================================ Infantry Forward Leader with Order cards */

/* A card record of data/ccn/orders-90.wgd, its count raised to 12 (a host deck of such copies). */
static void bundled_card(char *out, size_t cap, const char *name)
{
    char *text = wgp_read_source("data/ccn/orders-90.wgd", NULL);
    char want[80];
    snprintf(want, sizeof want, "card \"%s\" count=", name);
    char *p = strstr(text, want);
    ck_assert_ptr_nonnull(p);
    char *q = p + strlen(want);
    while (*q >= '0' && *q <= '9')
        q++;
    size_t n = strcspn(q, "\n");
    snprintf(out, cap, "%s12%.*s\n", want, (int)n, q);
    free(text);
}

/* A game with a host Order deck of the bundled card `card` only and a host Tactician deck of
   Infantry Forward Leader cards, 2 of them a side. */
static wg_game *ifl_position(wg_ctx *ctx, const char *card, const char *records)
{
    char orders[512], line[400];
    bundled_card(line, sizeof line, card);
    snprintf(orders, sizeof orders, "wgdata 1 ccn-cards\ndeck order \"host deck\"\n%s", line);
    static const char tac[] = "wgdata 1 ccn-cards\ndeck tactician \"host deck\"\n"
                              "card \"Infantry Forward Leader\" count=8 window=own-move code=infantry-forward-leader "
                              "target=inf src=rule\n";
    char *map = wgc_board(NULL), *sc0 = scenario(records);
    char *sc1 = wgp_replace(sc0, "cards=4 tactician=0", "cards=4 tactician=2");
    char *sc = wgp_replace(sc1, "cards=4 tactician=0", "cards=4 tactician=2");
    wgp_doc docs[] = {{"map", map}, {"scenario", sc}, {"orders", orders}, {"tactician", tac}, {NULL, NULL}};
    wg_game *g = wgp_new(ctx, "ccn", "S01", NULL, 1, docs);
    free(map);
    free(sc0);
    free(sc1);
    free(sc);
    deal(g, card);
    play_orders(g, card, (const char *const[]){"E9", NULL});
    pick_mover(g, "E9");
    return g;
}

/* CCN-TACNOTES-12..16: an infantry unit with its attached Leader at E9, ordered by the bundled card;
   the hexes of column E lie at distance 1..5 from E9 (E8 .. E4): the farthest offered without and
   with Infantry Forward Leader, and whether it may battle after moving that far. */
START_TEST(test_forward_leader_cards)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    /* the hexes straight north of E9 by distance: 1 E8 (or D8), 2 E7, 3 E6 (or D6), 4 E5, 5 E4 */
    static const struct {
        const char *card, *unit, *ids;
        int without, with; /* farthest distance along column E */
        int fights;        /* a melee offered after moving the farthest with the card */
    } cases[] = {
        {"Bayonet Charge", "french line", "CCN-TACNOTES-12", 2, 3, 1},
        {"Force March", "french line", "CCN-TACNOTES-13", 2, 3, 1},
        {"Force March", "french light", "CCN-TACNOTES-14", 2, 3, 1},
        {"La Grande Manoeuvre", "french line", "CCN-TACNOTES-15", 4, 5, 0},
        {"Force March", "austrian line", "CCN-TACNOTES-16", 1, 2, 1},
        {"Bayonet Charge", "austrian militia", "CCN-TACNOTES-16", 1, 2, 1},
    };
    /* E8 and E6 sit half a hex off the column on an odd-r board; the destinations by distance */
    static const char *const at[] = {"", "E8", "E7", "E6", "E5", "E4"};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char rec[256];
        int far = cases[k].with;
        /* the British stand next to the farthest hex (E5 next to E6), or in range of it (E2, 2 hexes from
           E4), so that a battle would be offered if the unit could fight */
        snprintf(rec, sizeof rec, "unit 1 %s E9\nleader 1 french E9 \"Foy\"\nunit 0 british line %s\n", cases[k].unit,
                 far == 3 ? "E5" : far == 2 ? "E6" : "E2");
        wg_game *g = ifl_position(ctx, cases[k].card, rec);
        ck_assert_msg(offers_hex(g, at[cases[k].without]), "%s: %s", cases[k].ids, wgp_options_dump(g));
        ck_assert_msg(!offers_hex(g, at[cases[k].without + 1]), "%s: %s", cases[k].ids, wgp_options_dump(g));
        wgp_choose(g, "play Infantry Forward Leader on ");
        ck_assert_msg(offers_hex(g, at[far]), "%s: %s", cases[k].ids, wgp_options_dump(g));
        ck_assert_msg(far + 1 > 5 || !offers_hex(g, at[far + 1]), "%s: %s", cases[k].ids, wgp_options_dump(g));
        char want[16];
        snprintf(want, sizeof want, "to %s ", at[far]);
        wgp_choose(g, want);
        wgp_choose(g, "end movement");
        if (cases[k].fights)
            ck_assert_msg(wgp_find(g, "melee: ") >= 0, "%s: %s", cases[k].ids, wgp_options_dump(g));
        else
            ck_assert_msg(wgp_find(g, "melee: ") < 0 && wgp_find(g, "fire: ") < 0, "%s: %s", cases[k].ids,
                          wgp_options_dump(g));
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* ================================================================ Mother Russia */

/* CCN-S10-09, CCN-S12-07, CCN-S13-10: the Mother Russia pre-battle roll is made before the first turn,
   dice equal to the Russian Order cards, sabers without effect; CCN-S06-08, CCN-S07-08, CCN-S08-08,
   CCN-S15-09: not in these scenarios. */
/* CCN-BASE-13: without "saber rolls have no effect" a saber places field works covering two adjacent
   hexsides of a hex with Russian infantry or artillery; they act as the map's field works (dice across
   them, a flag ignored). */
START_TEST(test_mother_russia_field_works)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    int64_t dice[2] = {0, 0};
    for (int facing = 0; facing < 2; facing++) {
        wg_game *g = position(ctx, "unit 0 russian line E4\nunit 1 french line E5\nmother-russia side=0\n");
        deal(g, "Attack Center");
        static const int64_t roll[] = {5, 4, 4, 4};
        wgc_roll(g, roll, 4);
        for (int k = 0; k < 3; k++) /* three artillery results, no artillery unit */
            wgp_choose(g, "artillery result: no effect");
        ck_assert_int_eq(wgp_count(g, "saber result: field works on E4, hexsides "), 6);
        size_t ev = wgp_event_count(g);
        wgp_choose(g, facing ? "saber result: field works on E4, hexsides se and sw" : "hexsides ne and e");
        ck_assert_int_ge(wgp_find_event(g, ev, facing ? "Mother Russia: field works on E4, hexsides se and sw"
                                                      : "Mother Russia: field works on E4, hexsides ne and e",
                                        0),
                         0);
        int e4 = -1, e5 = -1;
        ck_assert_int_eq(wg_game_space_find(&e4, g, "E4"), WG_OK);
        ck_assert_int_eq(wg_game_space_find(&e5, g, "E5"), WG_OK);
        int64_t f4 = -1, f5 = -1;
        ck_assert_int_eq(wg_game_attr_int(&f4, g, 1, WG_ATTR_SPACE, (size_t)e4, "fortified_sides"), WG_OK);
        ck_assert_int_eq(wg_game_attr_int(&f5, g, 1, WG_ATTR_SPACE, (size_t)e5, "fortified_sides"), WG_OK);
        ck_assert_int_eq(f4, facing ? 4 | 8 : 1 | 2);
        ck_assert_int_eq(f5, facing ? 1 : 0); /* marked on both sides */
        deal(g, "Attack Center");
        wgp_choose(g, "play Attack Center");
        wgp_choose(g, "at E5");
        wgp_choose(g, "done ordering");
        wgp_choose(g, "end movement");
        long i = wgp_find(g, "melee: F-LN #2");
        ck_assert_int_ge(i, 0);
        dice[facing] = wgc_option_int(g, i, "dice");
        char odds[4096];
        size_t len = 0;
        ck_assert_int_eq(wg_game_odds(odds, sizeof odds, &len, g, WG_VIEW_REFEREE, "attack from=E5 at=E4"), WG_OK);
        /* a Russian line unit ignores 1 flag (CCN-BASE-28) and 1 more on field works attacked through
           them (CCN-BASE-25) */
        ck_assert_msg(strstr(odds, facing ? "up to 2 flags may be ignored" : "up to 1 flags may be ignored") != NULL,
                      "%s", odds);
        wg_game_free(g);
    }
    ck_assert_int_eq(dice[1], dice[0] - 1); /* infantry across field works: -1 (CCN-BASE-25) */
    wg_ctx_free(ctx);
}
END_TEST

START_TEST(test_mother_russia)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    static const struct {
        const char *sid;
        int dice; /* 0: no roll */
    } cases[] = {{"S10", 4}, {"S12", 5}, {"S13", 5}, {"S06", 0}, {"S07", 0}, {"S08", 0}, {"S15", 0}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        wg_game *g = wgp_new(ctx, "ccn", cases[k].sid, NULL, 1, NULL);
        deal(g, "Probe Center");
        if (!cases[k].dice) {
            ck_assert_msg(strstr(wgp_decision(g), "plays an Order card"), "%s: %s", cases[k].sid, wgp_decision(g));
            ck_assert_int_lt(wgp_find_event(g, 0, "Mother Russia", 0), 0);
            wg_game_free(g);
            continue;
        }
        char want[96];
        snprintf(want, sizeof want, "the Mother Russia pre-battle roll: %d dice for Coalition", cases[k].dice);
        ck_assert_msg(strstr(wgp_decision(g), want), "%s: %s", cases[k].sid, wgp_decision(g));
        size_t ev = wgp_event_count(g);
        int64_t sabers[6] = {5, 5, 5, 5, 5, 5};
        wgc_roll(g, sabers, (size_t)cases[k].dice);
        ck_assert_int_ge(wgp_find_event(g, ev, "Coalition's Mother Russia roll: ", 0), 0);
        ck_assert_int_ge(wgp_find_event(g, ev, "(sabers have no effect)", 0), 0);
        /* nothing to place or add: the battle begins */
        ck_assert_msg(strstr(wgp_decision(g), "plays an Order card"), "%s: %s", cases[k].sid, wgp_options_dump(g));
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* ================================================================ Garrisons, the Chateau, exits by pairs */

/* CCN-FLAGS-14: an eliminated Garrison gives the opponent no Victory Flag (on the bundled S13 map,
   whose Chateau F2 is a walled farm) */
START_TEST(test_garrison_no_flag)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = position_on(ctx, "S13", "unit 1 french line F2 blocks=3\nunit 0 british line H1\nunit 1 french line M9\n", 0);
    deal(g, "Probe Center|Attack Center");
    play_orders(g, "Probe Center|Attack Center", (const char *const[]){"F2", NULL});
    move_to(g, "F2", "F1");
    wgp_choose(g, "leave a Garrison in F2");
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 0), "French Garrison"));
    finish(g, "Probe Center|Attack Center");
    play_orders(g, "Probe Center|Attack Center", (const char *const[]){"H1", NULL});
    move_to(g, "H1", "G1");
    wgp_choose(g, "end movement");
    long k = wgp_find(g, "-> French Garrison #4 [1] at F2");
    ck_assert_msg(k >= 0, "%s", wgp_options_dump(g));
    int64_t n = wgc_option_int(g, k, "dice");
    ck_assert_int_ge(n, 1);
    wgp_choose_index(g, (size_t)k);
    int64_t inf[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    size_t ev = wgp_event_count(g);
    wgc_roll(g, inf, (size_t)n);
    ck_assert_msg(wgp_find_event(g, ev, "eliminated at F2", 0) >= 0, "%s", wgp_events_dump(g, ev, 0));
    ck_assert_int_lt(wgp_find_event(g, ev, "Coalition wins", 0), 0);
    ck_assert_int_eq(flags_held(g, 0), 0);
    wg_game_free(g);

    /* CCN-S13-06: the Chateau is played as a walled farm: a unit in it may ignore 1 flag */
    g = position_on(ctx, "S13", "unit 0 british line F2\nunit 1 french line G3\n", 0);
    deal(g, "Probe Center|Attack Center");
    play_orders(g, "Probe Center|Attack Center", (const char *const[]){"G3", NULL});
    wgp_choose(g, "end movement");
    k = wgp_find(g, "melee: F-LN");
    ck_assert_int_ge(k, 0);
    n = wgc_option_int(g, k, "dice");
    ck_assert_int_ge(n, 2);
    wgp_choose_index(g, (size_t)k);
    int64_t flags[8] = {6, 6, 4, 4, 4, 4, 4, 4};
    wgc_roll(g, flags, (size_t)n);
    ck_assert_msg(strstr(wgp_decision(g), "how many of the 2 flags against B-LN") && strstr(wgp_decision(g), "(at most 1)"),
                  "%s", wgp_options_dump(g));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-S10-10 (DERIVED): with the bundled S10 exit record, 3 non-Cossack units and 2 Cossacks have left
   the French baseline: 1 flag; a 4th non-Cossack: 2 (a host Order deck of Forward cards). */
START_TEST(test_exit_pairs)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    char orders[512], line[400];
    bundled_card(line, sizeof line, "Forward");
    snprintf(orders, sizeof orders, "wgdata 1 ccn-cards\ndeck order \"host deck\"\n%s", line);
    char *x = bundled_record("S10", "exit ", "French baseline");
    char rec[1024];
    snprintf(rec, sizeof rec,
             "unit 0 russian line A9\nunit 0 russian line B9\nunit 0 russian line C9\nunit 0 russian cossack D9\n"
             "unit 0 russian cossack F9\nunit 0 russian line G9\nunit 1 french line A1\n%s",
             x);
    free(x);
    char *map = wgc_board(NULL), *sc = scenario(rec);
    wgp_doc docs[] = {{"map", map}, {"scenario", sc}, {"orders", orders}, {NULL, NULL}};
    wg_game *g = wgp_new(ctx, "ccn", "S10", NULL, 1, docs);
    free(map);
    free(sc);
    deal(g, "Forward");
    pass_turn(g, "Forward");
    static const char *const first[] = {"A9", "B9", "C9"}, *const second[] = {"D9", "F9", "G9"};
    const int after_first[] = {0, 1, 1}, after_second[] = {1, 1, 2};
    for (int t = 0; t < 2; t++) {
        const char *const *hx = t ? second : first;
        play_orders(g, "Forward", (const char *const[]){hx[0], hx[1], hx[2], NULL});
        for (int i = 0; i < 3; i++) {
            pick_mover(g, hx[i]);
            char want[48];
            snprintf(want, sizeof want, "leave the battlefield from %s", hx[i]);
            wgp_choose(g, want);
            ck_assert_msg(flags_held(g, 0) == (t ? after_second : after_first)[i], "turn %d unit %d: %d", t, i,
                          flags_held(g, 0));
        }
        finish(g, "Forward");
        if (!t)
            pass_turn(g, "Forward");
    }
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-S04-02, CCN-S18-02: Hanoverian and Nassau Line units retreat 2 hexes a flag, their Light
   Infantry units have 4 blocks (the Portuguese: 3). */
START_TEST(test_hanover_nassau)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    static const char *const nations[] = {"hanoverian", "nassau", "portuguese"};
    for (int k = 0; k < 3; k++) {
        char rec[256];
        snprintf(rec, sizeof rec, "unit 0 %s line E5\nunit 0 %s light H3\nunit 1 french line E7\n", nations[k],
                 nations[k]);
        wg_game *g = position(ctx, rec);
        char want[64];
        snprintf(want, sizeof want, "-LT #2 [%d/%d] at H3", k < 2 ? 4 : 3, k < 2 ? 4 : 3);
        ck_assert_msg(strstr(wgp_describe(g, 0), want), "%s: %s", nations[k], wgp_describe(g, 0));
        deal(g, "Probe Center|Attack Center");
        play_orders(g, "Probe Center|Attack Center", (const char *const[]){"E7", NULL});
        wgp_choose(g, "end movement");
        wgp_choose(g, "fire: F-LN");
        ROLL(g, 6, 4, 4, 4);
        ck_assert_msg(strstr(wgp_decision(g), k < 2 ? "(2 hexes to go)" : "(1 hex to go)"), "%s: %s", nations[k],
                      wgp_options_dump(g));
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ccn_specials");
    TCase *tc = tcase_create("specials");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_majority_objectives);
    tcase_add_test(tc, test_start_of_turn_objectives);
    tcase_add_test(tc, test_denial_objectives);
    tcase_add_test(tc, test_losses_at_once);
    tcase_add_test(tc, test_bundled_start_flags);
    tcase_add_test(tc, test_rivers);
    tcase_add_test(tc, test_artillery_range);
    tcase_add_test(tc, test_lancers);
    tcase_add_test(tc, test_iron_will);
    tcase_add_test(tc, test_leader_casualty);
    tcase_add_test(tc, test_exits);
    tcase_add_test(tc, test_forward_leader_cards);
    tcase_add_test(tc, test_mother_russia);
    tcase_add_test(tc, test_mother_russia_field_works);
    tcase_add_test(tc, test_garrison_no_flag);
    tcase_add_test(tc, test_exit_pairs);
    tcase_add_test(tc, test_hanover_nassau);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

/* La Grande Armée Movement, Zones of Control, Stacking and Forced March played through the public
   API on small host maps and host scenarios: the executed move's event says where the unit went and
   what it paid, the Forced March die faces are chance options chosen by label, and the state picture
   (wg_game_describe) says where every unit stands. */
#include <stdio.h>
#include <string.h>

#include "testutil.h"
#include "wgplay.h"

#define REF WG_VIEW_REFEREE
#define ALLIED 0
#define FRENCH 1

static wg_ctx *CTX;

static void setup(void)
{
    ck_assert_int_eq(wg_ctx_new(&CTX, NULL, NULL), WG_OK);
}

static void teardown(void)
{
    wg_ctx_free(CTX);
    CTX = NULL;
}

#define MAP_HEAD                                                                                                   \
    "wgdata 1 map\n"                                                                                               \
    "terrain clear city fortress mountain pass\n"                                                                  \
    "flag austria prussia saxony passentry linea lineb easta eastb edge-n edge-s edge-e edge-w\n"                 \
    "sideflag river bridge lake\n"

/* A board 4 columns wide and 18 rows long: a unit moving straight down a column pays 1 MP a row. */
static const char STRIP[] = "wgdata 1 map\n"
                            "grid hex 4 18 odd-q\n"
                            "terrain clear city fortress mountain pass\n"
                            "flag austria prussia saxony passentry linea lineb easta eastb edge-n edge-s edge-e edge-w\n"
                            "sideflag river bridge lake\n"
                            "hex 0 0 clear \"name=Left\"\n"
                            "hex 1 0 clear \"name=Top\"\n"
                            "hex 2 0 clear \"name=Side\"\n"
                            "hex 3 0 clear \"name=Right\"\n"
                            "hex 0 1 clear \"name=Pair\"\n"
                            "hex 1 1 clear \"name=Below\"\n"
                            "hex 2 1 clear \"name=Cav\"\n"
                            "hex 3 2 clear \"name=Lone\"\n"
                            "hex 3 17 city \"name=Far\"\n";

/* An open 8 x 6 board of clear hexes with a few named ones. */
static const char OPEN[] = "wgdata 1 map\n"
                           "grid hex 8 6 odd-q\n"
                           "terrain clear city fortress mountain pass\n"
                           "flag austria prussia saxony passentry linea lineb easta eastb edge-n edge-s edge-e edge-w\n"
                           "sideflag river bridge lake\n"
                           "hex 2 2 clear \"name=Start\"\n"
                           "hex 2 3 clear \"name=Two\"\n"
                           "hex 2 1 clear \"name=Hq\"\n"
                           "hex 1 2 clear \"name=Fthree\"\n"
                           "hex 5 1 clear \"name=Ftwo\"\n"
                           "hex 4 2 clear \"name=Cz\"\n"
                           "hex 7 5 city \"name=Far\"\n";

/* ---- helpers ---- */

/* Places the set-up units, ends the Allied Movement Phase, declares no Allied attack, creates no
   Supply unit, and stops at the French Movement Phase. */
static void allied_turn_passes(wg_game *g)
{
    while (wgp_find(g, "end the Movement Phase") < 0)
        wgp_choose(g, " on ");
    wgp_choose(g, "end the Movement Phase");
    for (int k = 0; k < 30 && !strstr(wgp_decision(g), "French Player-Turn: Movement Phase"); k++) {
        if (wgp_find(g, "no more attacks") >= 0)
            wgp_choose(g, "no more attacks");
        else if (wgp_find(g, "end the Player-Turn") >= 0)
            wgp_choose(g, "end the Player-Turn");
        else
            wgp_choose_index(g, 0);
    }
    ck_assert_msg(wgp_find(g, "move Fr") >= 0, "%s", wgp_options_dump(g));
}

static wg_game *french_turn(const char *map, const char *rules, const char *body)
{
    wg_game *g = wgp_lga_position(CTX, map, 2, rules, body);
    allied_turn_passes(g);
    return g;
}

/* Selects a unit ("move Fr Inf 2-5 #2") and declares its forced march (NULL: none). */
static void pick(wg_game *g, const char *unit, const char *fm)
{
    wgp_choose(g, unit);
    if (wgp_find(g, "no forced march") >= 0)
        wgp_choose(g, fm ? fm : "no forced march");
}

/* Is the hex CCRR offered as a destination now? */
static int offered(wg_game *g, const char *hex)
{
    char w[32];
    snprintf(w, sizeof w, "-> %s", hex);
    return wgp_find(g, w) >= 0;
}

/* Moves the selected unit to hex CCRR and returns the MP its move event reports. */
static int go(wg_game *g, const char *hex)
{
    char w[64];
    size_t ev = wgp_event_count(g);
    snprintf(w, sizeof w, "-> %s", hex);
    wgp_choose(g, w);
    snprintf(w, sizeof w, " moves to %s", hex);
    long e = wgp_find_event(g, ev, w, REF);
    ck_assert_msg(e >= 0, "no move to %s\n%s", hex, wgp_events_dump(g, ev, REF));
    const char *t = strrchr(wgp_event(g, (size_t)e, REF), '(');
    int mp = -1;
    ck_assert_ptr_nonnull(t);
    ck_assert_int_eq(sscanf(t, "(%d MP)", &mp), 1);
    return mp;
}

/* Does the state picture show the unit (its label, e.g. "Fr Inf 2-5 #2") on hex CCRR? */
static int stands(wg_game *g, const char *unit, const char *hex)
{
    char w[128];
    snprintf(w, sizeof w, "%s at %s", unit, hex);
    return strstr(wgp_describe(g, REF), w) != NULL;
}

static uint64_t step_now(wg_game *g)
{
    uint64_t s = 0;
    ck_assert_int_eq(wg_game_step_count(&s, g), WG_OK);
    return s;
}

static void back_to(wg_game *g, uint64_t s)
{
    ck_assert_int_eq(wg_game_undo_to(g, s), WG_OK);
}

/* The text of the first event at or after from whose rule tag is tag (fails when none). */
static const char *event_of_rule(wg_game *g, size_t from, const char *tag)
{
    size_t n = wgp_event_count(g);
    for (size_t i = from; i < n; i++) {
        const char *rule = NULL;
        if (wg_game_event_rule(&rule, g, i) == WG_OK && rule && strcmp(rule, tag) == 0)
            return wgp_event(g, i, REF);
    }
    ck_abort_msg("no event of %s\n%s", tag, wgp_events_dump(g, from, REF));
    return NULL;
}

/* The text of the first event at or after from containing needle (fails when none). */
static const char *event_with(wg_game *g, size_t from, const char *needle)
{
    long e = wgp_find_event(g, from, needle, REF);
    ck_assert_msg(e >= 0, "no event with \"%s\"\n%s", needle, wgp_events_dump(g, from, REF));
    return wgp_event(g, (size_t)e, REF);
}

/* From the end of a French Movement Phase to the next French Movement Phase: no attacks, no supply,
   the Allied player moves nothing. */
static void to_next_french_movement(wg_game *g)
{
    wgp_choose(g, "end the Movement Phase");
    int left_french = 0;
    for (int k = 0; k < 60; k++) {
        const char *d = wgp_decision(g);
        if (strstr(d, "Allied Player-Turn"))
            left_french = 1;
        if (left_french && strstr(d, "French Player-Turn: Movement Phase") && wgp_find(g, "move Fr") >= 0)
            return;
        if (wgp_find(g, "end the Movement Phase") >= 0)
            wgp_choose(g, "end the Movement Phase");
        else if (wgp_find(g, "no more attacks") >= 0)
            wgp_choose(g, "no more attacks");
        else if (wgp_find(g, "end the Player-Turn") >= 0)
            wgp_choose(g, "end the Player-Turn");
        else if (wgp_find(g, "done") >= 0)
            wgp_choose(g, "done");
        else
            wgp_choose_index(g, 0);
    }
    ck_abort_msg("no French Movement Phase came\n%s", wgp_options_dump(g));
}

/* ---- Movement Allowance ---- */

/* LGA-MOVE-01, LGA-MOVE-03, LGA-MOVE-04, LGA-MOVE-13, LGA-UNIT-04 (Movement General Rule, A, C, E;
   Addendum: Supply General; Sample Unit): a French "2-5" moves at most 5 clear hexes; the 3 MP
   the first one leaves unused go neither to the second unit nor into the next Game-Turn; a unit left
   unmoved stays where it is; a unit next to a Supply unit and one far from any move the same 5. */
START_TEST(test_movement_allowance)
{
    wg_game *g = french_turn(STRIP, "",
                             "group a1 allied setup at=Far one-hex\n"
                             "unit austrian infantry brigade 1-5 x1\n"
                             "group f1 french setup at=Top one-hex\n"
                             "unit french infantry division 2-5 x1\n"
                             "group f2 french setup at=Left one-hex\n"
                             "unit french infantry division 2-5 x1\n"
                             "group f3 french setup at=Side one-hex\n"
                             "unit french supply - 0-4 x1\n");
    /* the Combat Strength and MA printed as 2-5: two units, 4 strength points */
    ck_assert_msg(strstr(wgp_describe(g, REF), "French: 3 units on the map, 4 combat strength points"), "%s",
                  wgp_describe(g, REF));
    ck_assert_int_ge(wgp_find(g, "end the Movement Phase"), 0); /* nothing must move */
    pick(g, "move Fr Inf 2-5 #2", NULL); /* next to the Supply unit at Side */
    ck_assert(offered(g, "0206"));       /* 5 rows down: 5 MP */
    ck_assert(!offered(g, "0207"));      /* 6 MP: more than the MA */
    ck_assert_int_eq(go(g, "0203"), 2);
    ck_assert(stands(g, "Fr Inf 2-5 #2", "0203"));
    /* the second unit, far from any Supply unit, still has exactly its own 5 */
    uint64_t s1 = step_now(g);
    pick(g, "move Fr Inf 2-5 #3", NULL);
    ck_assert(offered(g, "0106"));
    ck_assert(!offered(g, "0107"));
    back_to(g, s1);
    /* the phase ends with #2 unmoved: it stays on Left */
    to_next_french_movement(g);
    ck_assert(stands(g, "Fr Inf 2-5 #3", "0101 Left"));
    ck_assert(stands(g, "Fr Inf 2-5 #2", "0203"));
    /* Game-Turn 2: 5 MP again from 0203, not 5 + 3 */
    pick(g, "move Fr Inf 2-5 #2", NULL);
    ck_assert(offered(g, "0208"));
    ck_assert(!offered(g, "0209"));
    ck_assert_int_eq(go(g, "0208"), 5);
    wg_game_free(g);
}
END_TEST

/* LGA-MOVE-14, LGA-TEC-09, LGA-MOVE-07, LGA-MOVE-03 (TEC Notes; Movement E, K): Crag, a Mountain hex
   holding a French Division, can be entered only across the unbridged River from Bank (its other side
   is a Lake).  The Division on Bank pays 2 + 3 + 1 = 6 MP: with its 5 MP it cannot enter; doubled by
   Forced March Supply (10 MP) it enters for 6. */
START_TEST(test_six_mp_example)
{
    static const char map[] = MAP_HEAD "grid hex 4 4 odd-q\n"
                                       "hex 0 0 mountain \"name=Crag\"\n"
                                       "hex 1 0 clear \"name=Bank\"\n"
                                       "hex 1 1 clear \"name=Camp\"\n"
                                       "hex 3 3 city \"name=Far\"\n"
                                       "side 0 0 s lake\n"
                                       "side 0 0 se river\n";
    wg_game *g = french_turn(map, "",
                             "group a1 allied setup at=Far one-hex\n"
                             "unit austrian infantry brigade 1-5 x1\n"
                             "group f1 french setup at=Crag one-hex\n"
                             "unit french infantry division 2-5 x1\n"
                             "group f2 french setup at=Bank one-hex\n"
                             "unit french infantry division 2-5 x1\n"
                             "group f3 french setup at=Camp one-hex\n"
                             "unit french supply - 0-4 x1\n");
    uint64_t s0 = step_now(g);
    pick(g, "move Fr Inf 2-5 #3", NULL);
    ck_assert_msg(!offered(g, "0101"), "%s", wgp_options_dump(g));
    back_to(g, s0);
    pick(g, "move Fr Inf 2-5 #3", "with Forced March Supply");
    ck_assert_int_eq(go(g, "0101 Crag"), 6);
    ck_assert(stands(g, "Fr Inf 2-5 #3", "0101 Crag"));
    wg_game_free(g);
}
END_TEST

/* ---- Mountains and Mountain Passes ---- */

/* North (0502) and South (0505) are Pass-Entry hexes; P1 (0503) and P2 (0504) Mountain Pass hexes; Side
   (0403) a clear hex that is not a Pass-Entry hex, next to both Pass hexes; the hexes either side of
   the pass are Mountains. */
static const char PASS[] = MAP_HEAD "grid hex 8 6 odd-q\n"
                                    "hex 4 1 clear passentry \"name=North\"\n"
                                    "hex 4 2 pass \"name=P1\"\n"
                                    "hex 4 3 pass \"name=P2\"\n"
                                    "hex 4 4 clear passentry \"name=South\"\n"
                                    "hex 3 2 clear \"name=Side\"\n"
                                    "hex 3 1 mountain\n"
                                    "hex 3 3 mountain\n"
                                    "hex 3 4 mountain\n"
                                    "hex 5 1 mountain\n"
                                    "hex 5 2 mountain\n"
                                    "hex 5 3 mountain\n"
                                    "hex 5 4 mountain\n"
                                    "hex 7 5 city \"name=Far\"\n";

/* LGA-MOVE-10, LGA-TEC-07, LGA-MOVE-11, LGA-MOVE-09, LGA-LEADER-07, LGA-MOVE-06 (TEC; Addendum: TEC
   Mountains and Mountain Passes; Movement E): through the pass from Pass-Entry to Pass-Entry 1 MP a
   hex (North -> P1 1 MP, North -> P1 -> P2 -> South, Pass and Clear hexes in one move, 3 MP); a Pass hex entered from the non-entry hex Side costs 3; a Leader and a Supply
   unit enter the Mountain 0402 at the Infantry cost, 3 MP. */
START_TEST(test_mountain_pass_infantry)
{
    wg_game *g = french_turn(PASS, "",
                             "group a1 allied setup at=Far one-hex\n"
                             "unit austrian infantry brigade 1-5 x1\n"
                             "group f1 french setup at=North one-hex\n"
                             "unit french infantry division 2-5 x1\n"
                             "unit french supply - 0-4 x1\n"
                             "leader french A \"Napoleon\" 25/25 (1)-8\n"
                             "group f2 french setup at=Side one-hex\n"
                             "unit french infantry division 2-5 x1\n");
    uint64_t s0 = step_now(g);
    pick(g, "move Fr Inf 2-5 #2", NULL);
    ck_assert_int_eq(go(g, "0503 P1"), 1);
    back_to(g, s0);
    pick(g, "move Fr Inf 2-5 #2", NULL);
    ck_assert_int_eq(go(g, "0505 South"), 3);
    ck_assert(stands(g, "Fr Inf 2-5 #2", "0505 South"));
    pick(g, "move Fr Inf 2-5 #5", NULL); /* from Side, not a Pass-Entry hex */
    ck_assert_int_eq(go(g, "0503 P1"), 3);
    ck_assert(stands(g, "Fr Inf 2-5 #5", "0503 P1"));
    pick(g, "move Fr Sup 0-4 #3", NULL);
    ck_assert_int_eq(go(g, "0402"), 3);
    pick(g, "move Fr Napoleon", NULL);
    ck_assert_int_eq(go(g, "0402"), 3);
    ck_assert(stands(g, "Fr Napoleon (A 25/25)", "0402"));
    wg_game_free(g);
}
END_TEST

/* LGA-MOVE-11 (Addendum: TEC): a unit leaving a Mountain Pass hex into a hex that is not a Pass-Entry
   hex pays 3 MP: the Division on P1 reaches Side for 3 (P1 -> Side), the way through P2 costs 4. */
START_TEST(test_leaving_the_pass_sideways)
{
    wg_game *g = french_turn(PASS, "",
                             "group a1 allied setup at=Far one-hex\n"
                             "unit austrian infantry brigade 1-5 x1\n"
                             "group f1 french setup at=P1 one-hex\n"
                             "unit french infantry division 2-5 x1\n");
    pick(g, "move Fr Inf 2-5 #2", NULL);
    ck_assert_int_eq(go(g, "0403 Side"), 3);
    ck_assert(stands(g, "Fr Inf 2-5 #2", "0403 Side"));
    wg_game_free(g);
}
END_TEST

/* LGA-MOVE-08, LGA-MOVE-12 (Movement F; Addendum: TEC): Cavalry may enter the Pass from the Pass-Entry
   hex North and go through it (3 MP to South), never the Mountain 0402; from Side it reaches P1 only
   round by North (Side 0303 0302 0401 North P1: 5 MP), and from P1 it reaches Side only the same way
   back (5 MP), never across the P1-Side hex-side (3 MP). */
START_TEST(test_mountain_pass_cavalry)
{
    static const char *const at[3] = {"North", "Side", "P1"};
    wg_game *g[3];
    for (int i = 0; i < 3; i++) {
        char body[256];
        snprintf(body, sizeof body,
                 "group a1 allied setup at=Far one-hex\n"
                 "unit austrian infantry brigade 1-5 x1\n"
                 "group f1 french setup at=%s one-hex\n"
                 "unit french cavalry division 1-8 x1\n",
                 at[i]);
        g[i] = french_turn(PASS, "", body);
        pick(g[i], "move Fr Cav 1-8 #2", NULL);
    }
    ck_assert_msg(!offered(g[0], "0402"), "%s", wgp_options_dump(g[0]));
    ck_assert_int_eq(go(g[0], "0505 South"), 3);
    ck_assert(stands(g[0], "Fr Cav 1-8 #2", "0505 South"));
    ck_assert_int_eq(go(g[1], "0503 P1"), 5);
    ck_assert(stands(g[1], "Fr Cav 1-8 #2", "0503 P1"));
    ck_assert_int_eq(go(g[2], "0403 Side"), 5);
    ck_assert(stands(g[2], "Fr Cav 1-8 #2", "0403 Side"));
    for (int i = 0; i < 3; i++)
        wg_game_free(g[i]);
}
END_TEST

/* ---- Enemy units, Zones of Control ---- */

/* LGA-MOVE-05, LGA-ZOC-01, LGA-UNIT-06 (Movement D; ZOC General Rule; Sample Unit): an Austrian Depot and Mack stand on Two,
   between Start and 0305.  The French Division may not enter Two nor pass through it: 0305 costs 3 MP
   round it, not 2, and the way round runs through hexes next to Two, which the Depot and the Leader
   (Non-combat units) do not control. */
START_TEST(test_enemy_hex_and_noncombat_zoc)
{
    wg_game *g = french_turn(OPEN, "",
                             "group a1 allied setup at=Two one-hex\n"
                             "unit austrian depot - 1-2 x1\n"
                             "leader austrian Z \"Mack\" 4/7 (1)-8\n"
                             "group f1 french setup at=Start one-hex\n"
                             "unit french infantry division 2-5 x1\n");
    pick(g, "move Fr Inf 2-5 #3", NULL);
    ck_assert_msg(!offered(g, "0304"), "%s", wgp_options_dump(g));
    ck_assert_int_eq(go(g, "0305"), 3);
    ck_assert(stands(g, "Fr Inf 2-5 #3", "0305"));
    wg_game_free(g);
}
END_TEST

/* A road down column 0 (0101 Top .. 0108); column 1 lies behind Lake hex-sides except the hex-side
   between Gate (0104) and Camp (0204), whose kind the test chooses. */
static char *road_map(const char *gate_side, const char *gate_terrain, const char *camp_terrain)
{
    static char buf[4096];
    int n = snprintf(buf, sizeof buf,
                     MAP_HEAD "grid hex 2 8 odd-q\n"
                              "hex 0 0 clear \"name=Top\"\n"
                              "hex 0 1 clear \"name=Two\"\n"
                              "hex 0 3 %s \"name=Gate\"\n"
                              "hex 1 3 %s \"name=Camp\"\n"
                              "hex 1 7 clear \"name=Far\"\n",
                     gate_terrain, camp_terrain);
    for (int r = 0; r < 8; r++) {
        if (r > 0)
            n += snprintf(buf + n, sizeof buf - (size_t)n, "side 0 %d ne lake\n", r);
        if (r != 3)
            n += snprintf(buf + n, sizeof buf - (size_t)n, "side 0 %d se lake\n", r);
        else if (gate_side[0])
            n += snprintf(buf + n, sizeof buf - (size_t)n, "side 0 3 se %s\n", gate_side);
    }
    ck_assert((size_t)n < sizeof buf);
    return buf;
}

static wg_game *road(const char *gate_side, const char *gate_terrain, const char *camp_terrain, const char *body)
{
    char full[2048];
    snprintf(full, sizeof full, "group a1 allied setup at=Camp one-hex\n%s", body);
    return french_turn(road_map(gate_side, gate_terrain, camp_terrain), "", full);
}

/* LGA-ZOC-01, LGA-ZOC-05, LGA-ZOC-02 (ZOC General Rule, B): an Austrian Infantry unit on Camp (partial
   ZOC) or an Austrian Cavalry unit (total ZOC) controls Gate: a French Division from Top stops there
   (3 MP) and 0105 is never offered; with only Mack on Camp nothing is controlled and the Division goes
   on to 0106 (5 MP). */
START_TEST(test_zoc_stops_infantry)
{
    const char *allied[] = {"unit austrian infantry brigade 1-5 x1\n", "unit austrian cavalry division 1-6 x1\n"};
    for (int i = 0; i < 2; i++) {
        char body[512];
        snprintf(body, sizeof body,
                 "%sgroup f1 french setup at=Top one-hex\n"
                 "unit french infantry division 2-5 x1\n",
                 allied[i]);
        wg_game *g = road("", "clear", "clear", body);
        pick(g, "move Fr Inf 2-5 #2", NULL);
        ck_assert_msg(!offered(g, "0105"), "%s", wgp_options_dump(g));
        ck_assert_int_eq(go(g, "0104 Gate"), 3);
        ck_assert(stands(g, "Fr Inf 2-5 #2", "0104 Gate"));
        wg_game_free(g);
    }
    wg_game *g = road("", "clear", "clear",
                      "leader austrian Z \"Mack\" 4/7 (1)-8\n"
                      "group f1 french setup at=Top one-hex\n"
                      "unit french infantry division 2-5 x1\n");
    pick(g, "move Fr Inf 2-5 #2", NULL);
    ck_assert_int_eq(go(g, "0106"), 5);
    wg_game_free(g);
}
END_TEST

/* LGA-ZOC-05, LGA-LEADER-07 (ZOC B; Leaders): Non-combat units stop on entering an Enemy-controlled
   hex too: Napoleon and a Supply unit from Top stop on Gate (3 MP each, no stacking penalty with the
   Division already there), 0105 is not offered to them. */
START_TEST(test_zoc_stops_noncombat)
{
    wg_game *g = road("", "clear", "clear",
                      "unit austrian infantry brigade 1-5 x1\n"
                      "group f1 french setup at=Top one-hex\n"
                      "unit french infantry division 2-5 x1\n"
                      "unit french supply - 0-4 x1\n"
                      "leader french A \"Napoleon\" 25/25 (1)-8\n");
    pick(g, "move Fr Inf 2-5 #2", NULL);
    ck_assert_int_eq(go(g, "0104 Gate"), 3);
    pick(g, "move Fr Napoleon", NULL);
    ck_assert_msg(!offered(g, "0105"), "%s", wgp_options_dump(g));
    ck_assert_int_eq(go(g, "0104 Gate"), 3);
    pick(g, "move Fr Sup 0-4 #3", NULL);
    ck_assert_msg(!offered(g, "0105"), "%s", wgp_options_dump(g));
    ck_assert_int_eq(go(g, "0104 Gate"), 3);
    ck_assert(stands(g, "Fr Sup 0-4 #3", "0104 Gate"));
    wg_game_free(g);
}
END_TEST

/* LGA-ZOC-04 (ZOC A): a French Division already on Gate does not negate the Austrian ZOC there during
   the Movement Phase: the Division from Two enters Gate (1 + 1 + 1 for the stack = 3 MP) and stops;
   0105 (5 MP) is not offered. */
START_TEST(test_friendly_units_do_not_negate_zoc)
{
    wg_game *g = road("", "clear", "clear",
                      "unit austrian infantry brigade 1-5 x1\n"
                      "group f1 french setup at=Gate one-hex\n"
                      "unit french infantry division 2-5 x1\n"
                      "group f2 french setup at=Two one-hex\n"
                      "unit french infantry division 2-5 x1\n");
    pick(g, "move Fr Inf 2-5 #3", NULL);
    ck_assert_msg(!offered(g, "0105"), "%s", wgp_options_dump(g));
    ck_assert_int_eq(go(g, "0104 Gate"), 3);
    wg_game_free(g);
}
END_TEST

/* LGA-ZOC-09 (ZOC D): across the unbridged River hex-side Gate-Camp the Austrian unit controls nothing
   (the Division goes on to 0106, 5 MP); across a bridged River it controls Gate (stop there, 3 MP). */
START_TEST(test_zoc_and_rivers)
{
    const char *body = "unit austrian infantry brigade 1-5 x1\n"
                       "group f1 french setup at=Top one-hex\n"
                       "unit french infantry division 2-5 x1\n";
    wg_game *g = road("river", "clear", "clear", body);
    pick(g, "move Fr Inf 2-5 #2", NULL);
    ck_assert_int_eq(go(g, "0106"), 5);
    wg_game_free(g);
    g = road("river bridge", "clear", "clear", body);
    pick(g, "move Fr Inf 2-5 #2", NULL);
    ck_assert_msg(!offered(g, "0105"), "%s", wgp_options_dump(g));
    ck_assert_int_eq(go(g, "0104 Gate"), 3);
    wg_game_free(g);
}
END_TEST

/* LGA-ZOC-10, LGA-TEC-03, LGA-MOVE-06 (ZOC E; TEC; Movement E): no ZOC out of the Fortress Camp, none
   into the Fortress Gate: the Division passes Gate either way (a Fortress costs 1 MP to enter, like the
   Clear hexes before and after it) and reaches 0106 for 5 MP. */
START_TEST(test_zoc_and_fortresses)
{
    const char *body = "unit austrian infantry brigade 1-5 x1\n"
                       "group f1 french setup at=Top one-hex\n"
                       "unit french infantry division 2-5 x1\n";
    wg_game *g = road("", "clear", "fortress", body);
    pick(g, "move Fr Inf 2-5 #2", NULL);
    ck_assert_int_eq(go(g, "0106"), 5);
    wg_game_free(g);
    g = road("", "fortress", "clear", body);
    pick(g, "move Fr Inf 2-5 #2", NULL);
    ck_assert_int_eq(go(g, "0106"), 5);
    wg_game_free(g);
}
END_TEST

/* LGA-ZOC-12 (Combat M): a French Army on Gate automatically eliminates the Austrian Brigade on Camp
   (9 against 1); the Brigade's ZOC is gone at once: the Division from Two, which stopped on Gate
   before, now passes it: 0105 for 1 + 2 (Gate, stack) + 2 (0105, leaving the stack) = 5 MP. */
START_TEST(test_autoeliminated_units_lose_zoc)
{
    wg_game *g = road("", "clear", "clear",
                      "unit austrian infantry brigade 1-5 x1\n"
                      "group f1 french setup at=Gate one-hex\n"
                      "unit french infantry army 18-2 x1\n"
                      "group f2 french setup at=Two one-hex\n"
                      "unit french infantry division 2-5 x1\n");
    uint64_t s0 = step_now(g);
    pick(g, "move Fr Inf 2-5 #3", NULL);
    ck_assert_msg(!offered(g, "0105"), "%s", wgp_options_dump(g));
    back_to(g, s0);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "automatic elimination from 0104 Gate of 0204 Camp");
    ck_assert_ptr_nonnull(strstr(event_with(g, ev, "automatic elimination"), "(9 against 1)"));
    pick(g, "move Fr Inf 2-5 #3", NULL);
    ck_assert_int_eq(go(g, "0105"), 5);
    ck_assert(stands(g, "Fr Inf 2-5 #3", "0105"));
    wg_game_free(g);
}
END_TEST

/* LGA-ZOC-07, LGA-ZOC-02, LGA-ZOC-03 (ZOC General Rule, A, B): Austrian Infantry on Start (0303, partial
   ZOC) and Cavalry on Cz (0503, total ZOC).  Starting on controlled hexes:
   - the French Division on Fthree (0203) may step only to uncontrolled hexes: 0202 and 0304 (next to
     Start) are reached through an uncontrolled hex, for 2 MP instead of 1, and end its move;
   - the French Cavalry on Ftwo (0602, total ZOC of Cz) may not step to 0603 (Cz's ZOC only): 2 MP
     round by 0703;
   - the French Cavalry on Hq (0302, partial ZOC of Start) may step to 0202 (partial only), not to
     0402, reached by both ZOCs and so totally controlled: it gets there only round by 0401. */
START_TEST(test_starting_in_a_zoc)
{
    wg_game *g = french_turn(OPEN, "",
                             "group a1 allied setup at=Start one-hex\n"
                             "unit austrian infantry brigade 1-5 x1\n"
                             "group a2 allied setup at=Cz one-hex\n"
                             "unit austrian cavalry division 1-6 x1\n"
                             "group f1 french setup at=Fthree one-hex\n"
                             "unit french infantry division 2-5 x1\n"
                             "group f2 french setup at=Ftwo one-hex\n"
                             "unit french cavalry division 1-8 x1\n"
                             "group f3 french setup at=Hq one-hex\n"
                             "unit french cavalry division 1-8 x1\n");
    uint64_t s0 = step_now(g);
    pick(g, "move Fr Inf 2-5 #3", NULL);
    ck_assert_int_eq(go(g, "0202"), 2);
    back_to(g, s0);
    pick(g, "move Fr Inf 2-5 #3", NULL);
    ck_assert_int_eq(go(g, "0304"), 2);
    ck_assert(stands(g, "Fr Inf 2-5 #3", "0304"));
    pick(g, "move Fr Cav 1-8 #4", NULL);
    ck_assert_int_eq(go(g, "0603"), 2);
    pick(g, "move Fr Cav 1-8 #5", NULL);
    ck_assert(offered(g, "0202"));
    ck_assert_int_ge(go(g, "0402"), 2); /* never the direct step of 1 MP */
    back_to(g, s0);
    pick(g, "move Fr Cav 1-8 #5", NULL);
    go(g, "0202");
    ck_assert(stands(g, "Fr Cav 1-8 #5", "0202"));
    wg_game_free(g);
}
END_TEST

/* ---- Stacking ---- */

/* LGA-STACK-01, LGA-STACK-06, LGA-LEADER-07, LGA-UNIT-06 (Movement K, O; Sample Unit): entering Two, which holds two French
   Divisions, a Leader and a Supply unit, costs 1 + 1 (a single extra MP); entering Hq, which holds
   only a Leader and a Supply unit, costs 1; the Leader and the Supply unit leave Two for 1 MP. */
START_TEST(test_stacking_costs)
{
    wg_game *g = french_turn(OPEN, "",
                             "group a1 allied setup at=Far one-hex\n"
                             "unit austrian infantry brigade 1-5 x1\n"
                             "group f1 french setup at=Start one-hex\n"
                             "unit french infantry division 2-5 x1\n"
                             "group f2 french setup at=Two one-hex\n"
                             "unit french infantry division 2-5 x2\n"
                             "unit french supply - 0-4 x1\n"
                             "leader french A \"Napoleon\" 25/25 (1)-8\n"
                             "group f3 french setup at=Hq one-hex\n"
                             "unit french supply - 0-4 x1\n"
                             "leader french B \"Davout\" 1/3 (1)-8\n");
    uint64_t s0 = step_now(g);
    pick(g, "move Fr Inf 2-5 #2", NULL);
    ck_assert_int_eq(go(g, "0304 Two"), 2);
    back_to(g, s0);
    pick(g, "move Fr Inf 2-5 #2", NULL);
    ck_assert_int_eq(go(g, "0302 Hq"), 1);
    back_to(g, s0);
    pick(g, "move Fr Napoleon", NULL);
    ck_assert_int_eq(go(g, "0305"), 1);
    pick(g, "move Fr Sup 0-4 #5", NULL);
    ck_assert_int_eq(go(g, "0305"), 1);
    wg_game_free(g);
}
END_TEST

/* Ends the French Movement Phase and declares no attack; returns at the attacker supply decision. */
static void to_french_supply(wg_game *g)
{
    wgp_choose(g, "end the Movement Phase");
    for (int k = 0; k < 10 && !strstr(wgp_decision(g), "allocate attacker supply"); k++) {
        if (wgp_find(g, "no more attacks") >= 0)
            wgp_choose(g, "no more attacks");
        else
            wgp_choose_index(g, 0);
    }
    ck_assert_msg(strstr(wgp_decision(g), "allocate attacker supply"), "%s", wgp_options_dump(g));
}

/* LGA-STACK-03, LGA-STACK-04 (Movement M; Supply Procedure): two French Divisions end the Movement
   Phase on Pair with no Supply unit: the stack stands through the end of the phase; in the Combat
   Phase, after the Attacker Supply-Allocation, the Allied player (the non-phasing one) eliminates one
   of them. */
START_TEST(test_illegal_stack_eliminated)
{
    wg_game *g = french_turn(STRIP, "",
                             "group a1 allied setup at=Far one-hex\n"
                             "unit austrian infantry brigade 1-5 x1\n"
                             "group f1 french setup at=Pair one-hex\n"
                             "unit french infantry division 2-5 x2\n");
    to_french_supply(g);
    ck_assert(stands(g, "Fr Inf 2-5 #2", "0102 Pair"));
    ck_assert(stands(g, "Fr Inf 2-5 #3", "0102 Pair"));
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "done");
    ck_assert_msg(strstr(wgp_decision(g), "eliminate units of an illegal stack"), "%s", wgp_options_dump(g));
    ck_assert_int_eq(wgp_decider(g), ALLIED);
    ck_assert_int_eq(wgp_count(g, "eliminate Fr Inf 2-5"), 2);
    wgp_choose(g, "eliminate Fr Inf 2-5 #3");
    event_with(g, ev, "Fr Inf 2-5 #3 is eliminated at 0102 Pair");
    ck_assert(stands(g, "Fr Inf 2-5 #2", "0102 Pair"));
    ck_assert(!strstr(wgp_describe(g, REF), "Fr Inf 2-5 #3 at"));
    wg_game_free(g);
}
END_TEST

/* LGA-STACK-05, LGA-STACK-04 (Movement N; Supply Procedure): three French Divisions stay on Pair with
   the Supply unit of Top next to them: it is allocated (and expended) in the Attacker
   Supply-Allocation Segment, and no unit is eliminated. */
START_TEST(test_stacking_supply)
{
    wg_game *g = french_turn(STRIP, "",
                             "group a1 allied setup at=Far one-hex\n"
                             "unit austrian infantry brigade 1-5 x1\n"
                             "group f1 french setup at=Pair one-hex\n"
                             "unit french infantry division 2-5 x3\n"
                             "group f2 french setup at=Top one-hex\n"
                             "unit french supply - 0-4 x1\n");
    to_french_supply(g);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "use supply Fr Sup 0-4 #5");
    event_with(g, ev, "Fr Sup 0-4 #5 is used for supply");
    for (int k = 0; k < 10 && !strstr(wgp_decision(g), "Supply Creation"); k++) {
        ck_assert_msg(!strstr(wgp_decision(g), "illegal stack"), "%s", wgp_options_dump(g));
        wgp_choose_index(g, 0);
    }
    ck_assert_int_lt(wgp_find_event(g, ev, "is eliminated", REF), 0);
    ck_assert(!strstr(wgp_describe(g, REF), "Fr Sup 0-4 #5 at")); /* expended */
    for (int i = 2; i <= 4; i++) {
        char u[32];
        snprintf(u, sizeof u, "Fr Inf 2-5 #%d", i);
        ck_assert_msg(stands(g, u, "0102 Pair"), "%s", wgp_describe(g, REF));
    }
    wg_game_free(g);
}
END_TEST

/* LGA-STACK-07 (Supply Procedure): two Austrian Brigades stacked on Far with a Supply unit: in the
   Allied Combat Phase the Supply unit is used (expended); in the French Player-Turn the Allies are the
   non-phasing player and their stack needs no Stacking Supply: nothing of theirs is eliminated. */
START_TEST(test_nonphasing_stack_needs_no_supply)
{
    wg_game *g = wgp_lga_position(CTX, STRIP, 2, "",
                                  "group a1 allied setup at=Far one-hex\n"
                                  "unit austrian infantry brigade 1-5 x2\n"
                                  "unit austrian supply - 0-3 x1\n"
                                  "group f1 french setup at=Top one-hex\n"
                                  "unit french infantry division 2-5 x1\n");
    while (wgp_find(g, "end the Movement Phase") < 0)
        wgp_choose(g, " on ");
    wgp_choose(g, "end the Movement Phase");
    for (int k = 0; k < 10 && !strstr(wgp_decision(g), "allocate attacker supply"); k++) {
        if (wgp_find(g, "no more attacks") >= 0)
            wgp_choose(g, "no more attacks");
        else
            wgp_choose_index(g, 0);
    }
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "use supply Au Sup 0-3 #3");
    event_with(g, ev, "Au Sup 0-3 #3 is used for supply");
    for (int k = 0; k < 20 && wgp_find(g, "move Fr") < 0; k++) {
        ck_assert_msg(!strstr(wgp_decision(g), "illegal stack"), "%s", wgp_options_dump(g));
        wgp_choose_index(g, 0);
    }
    ck_assert(!strstr(wgp_describe(g, REF), "Au Sup 0-3 #3 at"));
    to_french_supply(g);
    for (int k = 0; k < 20 && strstr(wgp_decision(g), "French Player-Turn"); k++) {
        ck_assert_msg(!strstr(wgp_decision(g), "illegal stack"), "%s", wgp_options_dump(g));
        wgp_choose_index(g, 0);
    }
    ck_assert_int_lt(wgp_find_event(g, ev, "is eliminated", REF), 0);
    ck_assert(stands(g, "Au Inf 1-5 #1", "0418 Far"));
    ck_assert(stands(g, "Au Inf 1-5 #2", "0418 Far"));
    wg_game_free(g);
}
END_TEST

/* ---- Forced March ---- */

/* LGA-UNIT-08, LGA-UNIT-09 (Leaders; scenario notation; Combat H, N): a Leader "(1)-8" moves 8 hexes,
   a French Supply unit "0-4" moves 4 and is no Combat unit (counted in no strength total). */
START_TEST(test_leader_and_supply_allowances)
{
    wg_game *g = french_turn(STRIP, "",
                             "group a1 allied setup at=Far one-hex\n"
                             "unit austrian infantry brigade 1-5 x1\n"
                             "group f1 french setup at=Right one-hex\n"
                             "unit french supply - 0-4 x1\n"
                             "leader french A \"Napoleon\" 25/25 (1)-8\n");
    ck_assert_msg(strstr(wgp_describe(g, REF), "French: 2 units on the map, 0 combat strength points"), "%s",
                  wgp_describe(g, REF));
    pick(g, "move Fr Napoleon", NULL);
    ck_assert(!offered(g, "0410"));
    ck_assert_int_eq(go(g, "0409"), 8);
    pick(g, "move Fr Sup 0-4 #2", NULL);
    ck_assert(!offered(g, "0406"));
    ck_assert_int_eq(go(g, "0405"), 4);
    wg_game_free(g);
}
END_TEST

/* LGA-FMARCH-03 (Movement H; Disruption A): the Supply unit on Top force-marches on the table itself,
   rolls a d (raw 6, modified 5) and is disrupted at the end of its move: the Division that started
   next to it on Side may no longer use it for Forced March Supply. */
START_TEST(test_disrupted_supply_gives_no_fm_supply)
{
    wg_game *g = french_turn(STRIP, "",
                             "group a1 allied setup at=Far one-hex\n"
                             "unit austrian infantry brigade 1-5 x1\n"
                             "group f1 french setup at=Top one-hex\n"
                             "unit french supply - 0-4 x1\n"
                             "group f2 french setup at=Side one-hex\n"
                             "unit french infantry division 2-5 x1\n");
    uint64_t s0 = step_now(g);
    wgp_choose(g, "move Fr Inf 2-5 #3");
    ck_assert_int_ge(wgp_find(g, "with Forced March Supply from Fr Sup 0-4 #2"), 0);
    back_to(g, s0);
    pick(g, "move Fr Sup 0-4 #2", "double forced march (roll on the table)");
    ck_assert_int_eq(go(g, "0202"), 1);
    wgp_choose(g, "die roll 6");
    wgp_choose(g, "stop here");
    ck_assert_msg(stands(g, "Fr Sup 0-4 #2 [disrupted]", "0202"), "%s", wgp_describe(g, REF));
    wgp_choose(g, "move Fr Inf 2-5 #3");
    ck_assert_msg(wgp_find(g, "with Forced March Supply") < 0, "%s", wgp_options_dump(g));
    wg_game_free(g);
}
END_TEST

/* LGA-FMARCH-01, LGA-FMARCH-02, LGA-FMARCH-18 (Movement G, J; Forced March Tables): every unit is
   offered a Double Forced March; the Infantry unit a Triple one too; the Cavalry unit, the Leader and
   the Supply unit are not, and a Cavalry unit asking for it is refused. */
START_TEST(test_who_may_force_march)
{
    wg_game *g = french_turn(STRIP, "",
                             "group a1 allied setup at=Far one-hex\n"
                             "unit austrian infantry brigade 1-5 x1\n"
                             "group f1 french setup at=Left one-hex\n"
                             "unit french infantry division 2-5 x1\n"
                             "group f2 french setup at=Right one-hex\n"
                             "unit french cavalry division 1-8 x1\n"
                             "unit french supply - 0-4 x1\n"
                             "leader french A \"Napoleon\" 25/25 (1)-8\n");
    uint64_t s0 = step_now(g);
    wgp_choose(g, "move Fr Inf 2-5 #2");
    ck_assert_int_ge(wgp_find(g, "double forced march (roll on the table)"), 0);
    long t = wgp_find(g, "triple forced march");
    ck_assert_int_ge(t, 0);
    uint64_t triple = 0;
    ck_assert_int_eq(wg_game_option_action(&triple, g, (size_t)t), WG_OK);
    const char *others[] = {"move Fr Cav 1-8 #3", "move Fr Sup 0-4 #4", "move Fr Napoleon"};
    for (int i = 0; i < 3; i++) {
        back_to(g, s0);
        wgp_choose(g, others[i]);
        ck_assert_msg(wgp_find(g, "double forced march (roll on the table)") >= 0, "%s", wgp_options_dump(g));
        ck_assert_msg(wgp_find(g, "triple") < 0, "%s", wgp_options_dump(g));
        if (i == 0) {
            ck_assert_int_ne(wgp_refused(g, triple), WG_OK);
            ck_assert_msg(strstr(wg_game_errmsg(g), "LGA-FMARCH-02"), "%s", wg_game_errmsg(g));
        }
    }
    wg_game_free(g);
}
END_TEST

/* LGA-FMARCH-03, LGA-FMARCH-04, LGA-FMARCH-05, LGA-FMARCH-18 (Movement H; Supply A, B): the Supply
   unit on Top gives Forced March Supply to the Cavalry on Cav and the Division on Side (both next to
   it at the start of the phase): the Cavalry 1-8 moves 16 MP, the Division 10, with no die roll; the
   Division on Lone, not next to it, is not offered Forced March Supply.  The Supply unit is removed at
   the end of the Phase, and gives no Stacking Supply to the two Divisions on Pair, next to it: one of
   them is eliminated. */
START_TEST(test_forced_march_supply)
{
    wg_game *g = french_turn(STRIP, "",
                             "group a1 allied setup at=Far one-hex\n"
                             "unit austrian infantry brigade 1-5 x1\n"
                             "group f1 french setup at=Top one-hex\n"
                             "unit french supply - 0-4 x1\n"
                             "group f2 french setup at=Cav one-hex\n"
                             "unit french cavalry division 1-8 x1\n"
                             "group f3 french setup at=Side one-hex\n"
                             "unit french infantry division 2-5 x1\n"
                             "group f4 french setup at=Lone one-hex\n"
                             "unit french infantry division 2-5 x1\n"
                             "group f5 french setup at=Pair one-hex\n"
                             "unit french infantry division 2-5 x2\n");
    wgp_choose(g, "move Fr Inf 2-5 #5 from 0403 Lone");
    ck_assert_msg(wgp_find(g, "with Forced March Supply") < 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "no forced march");
    wgp_choose(g, "stop here");
    size_t ev = wgp_event_count(g);
    pick(g, "move Fr Cav 1-8 #3", "double forced march with Forced March Supply from Fr Sup 0-4 #2");
    ck_assert(strncmp(event_of_rule(g, ev, "LGA-FMARCH-04"), "Fr Sup 0-4 #2 ", 14) == 0);
    ck_assert(offered(g, "0318"));
    ck_assert_int_eq(go(g, "0318"), 16); /* 0302 -> 0318 */
    ck_assert_int_eq(wgp_decider(g), FRENCH);
    ck_assert_int_lt(wgp_find(g, "die roll"), 0);
    pick(g, "move Fr Inf 2-5 #4", "double forced march with Forced March Supply from Fr Sup 0-4 #2");
    ck_assert(!offered(g, "0312"));
    ck_assert_int_eq(go(g, "0311"), 10); /* 0301 -> 0311 */
    ck_assert_int_lt(wgp_find(g, "die roll"), 0);
    ck_assert(strstr(wgp_decision(g), "choose a unit"));
    ck_assert(!strstr(wgp_describe(g, REF), "[disrupted]"));
    ev = wgp_event_count(g);
    to_french_supply(g);
    event_with(g, ev, "Fr Sup 0-4 #2 is used up and removed");
    ck_assert_int_lt(wgp_find(g, "use supply Fr Sup 0-4 #2"), 0);
    wgp_choose(g, "done");
    ck_assert_msg(strstr(wgp_decision(g), "illegal stack"), "%s", wgp_options_dump(g));
    wgp_choose(g, "eliminate Fr Inf 2-5 #6");
    event_with(g, ev, "Fr Inf 2-5 #6 is eliminated at 0102 Pair");
    wg_game_free(g);
}
END_TEST

/* LGA-FMARCH-06, LGA-FMARCH-15, LGA-FMARCH-17, LGA-UNIT-02 (Movement I; Forced March Tables; Game
   Equipment): a Double Forced March on the table: the Division moves its 5 MP (0206, not 0207), rolls
   one die (six equally likely faces; raw 1, French -1: modified 0, success) and moves 5 MP again
   (0211, not 0212), undisrupted. */
START_TEST(test_double_forced_march_on_the_table)
{
    wg_game *g = french_turn(STRIP, "",
                             "group a1 allied setup at=Far one-hex\n"
                             "unit austrian infantry brigade 1-5 x1\n"
                             "group f1 french setup at=Top one-hex\n"
                             "unit french infantry division 2-5 x1\n");
    pick(g, "move Fr Inf 2-5 #2", "double forced march (roll on the table)");
    ck_assert(offered(g, "0206"));
    ck_assert(!offered(g, "0207"));
    ck_assert_int_eq(go(g, "0206"), 5);
    ck_assert_int_eq(wgp_decider(g), WG_PLAYER_CHANCE);
    /* one die: six faces, equally likely */
    ck_assert_uint_eq(wgp_option_count(g), 6);
    for (size_t i = 0; i < 6; i++) {
        uint64_t w = 0, total = 0;
        char face[16];
        snprintf(face, sizeof face, "die roll %zu", i + 1);
        ck_assert_int_ge(wgp_find(g, face), 0);
        ck_assert_int_eq(wg_game_option_weight(&w, &total, g, i), WG_OK);
        ck_assert_uint_eq(w * 6, total);
    }
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "die roll 1");
    ck_assert_ptr_nonnull(strstr(event_with(g, ev, "forced march: die 1"), "modified 0: success"));
    ck_assert(offered(g, "0211"));
    ck_assert(!offered(g, "0212"));
    ck_assert_int_eq(go(g, "0211"), 5);
    ck_assert(stands(g, "Fr Inf 2-5 #2", "0211"));
    ck_assert(!strstr(wgp_describe(g, REF), "[disrupted]"));
    wg_game_free(g);
}
END_TEST

/* LGA-FMARCH-07, LGA-FMARCH-18, LGA-FMARCH-15, LGA-FMARCH-08 (Movement J; Triple table): a Triple
   Forced March: 10 MP before the roll (0211, not 0212), even next to a Supply unit (Forced March
   Supply is never used for it: the die is rolled); raw 5, modified 4: d; 5 MP more (15 in all) and the
   Division is disrupted at the end of its move; it may not march again that phase. */
START_TEST(test_triple_forced_march)
{
    wg_game *g = french_turn(STRIP, "",
                             "group a1 allied setup at=Far one-hex\n"
                             "unit austrian infantry brigade 1-5 x1\n"
                             "group f1 french setup at=Top one-hex\n"
                             "unit french infantry division 2-5 x1\n"
                             "group f2 french setup at=Side one-hex\n"
                             "unit french supply - 0-4 x1\n");
    pick(g, "move Fr Inf 2-5 #2", "triple forced march (roll on the table)");
    ck_assert(offered(g, "0211"));
    ck_assert(!offered(g, "0212"));
    ck_assert_int_eq(go(g, "0211"), 10);
    ck_assert_int_eq(wgp_decider(g), WG_PLAYER_CHANCE);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "die roll 5");
    ck_assert_ptr_nonnull(strstr(event_with(g, ev, "forced march: die 5"), "modified 4: d (disrupted)"));
    ck_assert_int_lt(wgp_find_event(g, ev, "is disrupted", REF), 0); /* not before the end of its move */
    ck_assert(offered(g, "0216"));
    ck_assert(!offered(g, "0217"));
    ck_assert_int_eq(go(g, "0216"), 5);
    event_with(g, ev, "Fr Inf 2-5 #2 is disrupted");
    ck_assert(stands(g, "Fr Inf 2-5 #2 [disrupted]", "0216"));
    ck_assert_int_lt(wgp_find(g, "move Fr Inf 2-5 #2"), 0);
    ck_assert_int_lt(wgp_find_event(g, 0, "Fr Sup 0-4 #3 is used", REF), 0);
    wg_game_free(g);
}
END_TEST

/* A position where the unit `mover` (on Top, or for the Allies on Far) stands at its first Forced
   March die roll after moving `first` hexes: the French unit in the French Movement Phase, an Allied
   one in the Allied Movement Phase. */
static const char AU[] = "unit austrian infantry brigade 1-5 x1\n";

static wg_game *at_first_roll(const char *allied_unit, int allied_moves, const char *fm, int first)
{
    char body[512];
    snprintf(body, sizeof body,
             "group a1 allied setup at=Far one-hex\n"
             "%s"
             "group f1 french setup at=Top one-hex\n"
             "unit french infantry division 2-5 x1\n",
             allied_unit);
    wg_game *g = wgp_lga_position(CTX, STRIP, 2, "rules prussian\n", body);
    char dest[32];
    if (allied_moves) {
        while (wgp_find(g, "end the Movement Phase") < 0)
            wgp_choose(g, " on ");
        pick(g, "move ", fm);
        snprintf(dest, sizeof dest, "%02d%02d", 4, 18 - first); /* up column 3 from 0418 */
    } else {
        allied_turn_passes(g);
        pick(g, "move Fr Inf 2-5 #2", fm);
        snprintf(dest, sizeof dest, "%02d%02d", 2, 1 + first);
    }
    ck_assert_int_eq(go(g, dest), first);
    ck_assert_int_eq(wgp_decider(g), WG_PLAYER_CHANCE);
    return g;
}

/* The result text of the last Forced March roll event from ev on. */
static const char *last_roll(wg_game *g, size_t ev)
{
    static char buf[256];
    buf[0] = '\0';
    size_t n = wgp_event_count(g);
    for (size_t i = ev; i < n; i++) {
        const char *t = wgp_event(g, i, REF);
        const char *m = strstr(t, "forced march: die ");
        if (m)
            snprintf(buf, sizeof buf, "%s", m + strlen("forced march: "));
    }
    ck_assert_msg(buf[0], "no forced march roll\n%s", wgp_events_dump(g, ev, REF));
    return buf;
}

/* Rolls each face at the first roll and checks the result text "die F, modified M: R". */
static void check_first_rolls(wg_game *g, int mod, const char *const res[6])
{
    uint64_t s = step_now(g);
    for (int f = 1; f <= 6; f++) {
        char face[16], want[64];
        size_t ev = wgp_event_count(g);
        snprintf(face, sizeof face, "die roll %d", f);
        wgp_choose(g, face);
        snprintf(want, sizeof want, "die %d, modified %d: %s", f, f + mod, res[f - 1]);
        ck_assert_msg(strcmp(last_roll(g, ev), want) == 0, "got \"%s\", want \"%s\"", last_roll(g, ev), want);
        back_to(g, s);
    }
}

/* LGA-FMARCH-10, LGA-FMARCH-09, LGA-FMARCH-17 (Double Forced March Table; Forced March Tables): the first
   roll on the Double table for a French unit (raw 1..6, -1: modified 0..5) and for an Austrian and a
   Prussian unit (+1: modified 2..7), and a Russian unit (no modifier: raw 3 is Op):
   0, 1, 2 success; 3, 4 Op; 5 d; 6, 7 e. */
START_TEST(test_double_table_first_roll)
{
    static const char *const french[6] = {"success", "success", "success", "Op", "Op", "d (disrupted)"};
    static const char *const plus1[6] = {"success", "Op", "Op", "d (disrupted)", "e (eliminated)", "e (eliminated)"};
    static const char *const russian[6] = {"success", "success", "Op", "Op", "d (disrupted)", "e (eliminated)"};
    const char *dbl = "double forced march (roll on the table)";
    wg_game *g = at_first_roll(AU, 0, dbl, 5);
    check_first_rolls(g, -1, french);
    wg_game_free(g);
    g = at_first_roll("unit austrian infantry brigade 1-5 x1\n", 1, dbl, 5);
    check_first_rolls(g, +1, plus1);
    wg_game_free(g);
    g = at_first_roll("unit prussian infantry corps 3-3 x1\n", 1, dbl, 3);
    check_first_rolls(g, +1, plus1);
    wg_game_free(g);
    g = at_first_roll("unit russian infantry corps 4-4 x1\n", 1, dbl, 4);
    check_first_rolls(g, 0, russian);
    wg_game_free(g);
}
END_TEST

/* LGA-FMARCH-12, LGA-FMARCH-09 (Triple Forced March Table): the first roll on the Triple table, French
   (modified 0..5) and Austrian (modified 2..7): 0 success; 1, 2, 3 Op; 4 d; 5, 6, 7 e. */
START_TEST(test_triple_table_first_roll)
{
    static const char *const french[6] = {"success", "Op", "Op", "Op", "d (disrupted)", "e (eliminated)"};
    static const char *const plus1[6] = {"Op", "Op", "d (disrupted)", "e (eliminated)", "e (eliminated)",
                                         "e (eliminated)"};
    const char *tri = "triple forced march (roll on the table)";
    wg_game *g = at_first_roll(AU, 0, tri, 10);
    check_first_rolls(g, -1, french);
    wg_game_free(g);
    g = at_first_roll("unit austrian infantry brigade 1-5 x1\n", 1, tri, 10);
    check_first_rolls(g, +1, plus1);
    wg_game_free(g);
}
END_TEST

/* Rolls the first face, takes "roll again (Op)", then each second face, checking the result text. */
static void check_second_rolls(wg_game *g, int first, int mod, const char *const res[6])
{
    char face[16];
    snprintf(face, sizeof face, "die roll %d", first);
    wgp_choose(g, face);
    ck_assert_msg(wgp_find(g, "halt the forced march (Op)") >= 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "roll again (Op)");
    uint64_t s = step_now(g);
    for (int f = 1; f <= 6; f++) {
        char want[64];
        size_t ev = wgp_event_count(g);
        snprintf(face, sizeof face, "die roll %d", f);
        wgp_choose(g, face);
        snprintf(want, sizeof want, "die %d, modified %d: %s", f, f + mod, res[f - 1]);
        ck_assert_msg(strcmp(last_roll(g, ev), want) == 0, "first %d: got \"%s\", want \"%s\"", first,
                      last_roll(g, ev), want);
        back_to(g, s);
    }
}

/* LGA-FMARCH-11, LGA-FMARCH-14 (Double Forced March Table, 2nd Die Roll; Explanation of Results): after
   an Op the die is rolled again on the row of the (modified) first roll.  Row 3: 0, 1 success; 2..5 d;
   6, 7 e.  Row 4: 0 success; 1..4 d; 5, 6, 7 e.  French second rolls are modified 0..5, Austrian 2..7. */
START_TEST(test_double_table_second_roll)
{
    static const char *const S = "success", *const D = "d (disrupted)", *const E = "e (eliminated)";
    const char *dbl = "double forced march (roll on the table)";
    const char *fr3[6] = {S, S, D, D, D, D}, *fr4[6] = {S, D, D, D, D, E};
    const char *au3[6] = {D, D, D, D, E, E}, *au4[6] = {D, D, D, E, E, E};
    wg_game *g = at_first_roll(AU, 0, dbl, 5);
    uint64_t s = step_now(g);
    check_second_rolls(g, 4, -1, fr3);
    back_to(g, s);
    check_second_rolls(g, 5, -1, fr4);
    wg_game_free(g);
    g = at_first_roll("unit austrian infantry brigade 1-5 x1\n", 1, dbl, 5);
    s = step_now(g);
    check_second_rolls(g, 2, +1, au3);
    back_to(g, s);
    check_second_rolls(g, 3, +1, au4);
    wg_game_free(g);
}
END_TEST

/* LGA-FMARCH-13 (Triple Forced March Table, 2nd Die Roll): row 1: 0, 1, 2 success; 3, 4, 5 d; 6, 7 e.
   Row 2: 0, 1 success; 2, 3, 4 d; 5, 6, 7 e.  Row 3: 0 success; 1, 2, 3 d; 4..7 e. */
START_TEST(test_triple_table_second_roll)
{
    static const char *const S = "success", *const D = "d (disrupted)", *const E = "e (eliminated)";
    const char *tri = "triple forced march (roll on the table)";
    const char *fr1[6] = {S, S, S, D, D, D}, *fr2[6] = {S, S, D, D, D, E}, *fr3[6] = {S, D, D, D, E, E};
    const char *au2[6] = {D, D, D, E, E, E};
    wg_game *g = at_first_roll(AU, 0, tri, 10);
    uint64_t s = step_now(g);
    check_second_rolls(g, 2, -1, fr1);
    back_to(g, s);
    check_second_rolls(g, 3, -1, fr2);
    back_to(g, s);
    check_second_rolls(g, 4, -1, fr3);
    wg_game_free(g);
    g = at_first_roll("unit austrian infantry brigade 1-5 x1\n", 1, tri, 10);
    s = step_now(g);
    check_second_rolls(g, 1, +1, au2);
    wg_game_free(g);
}
END_TEST

/* LGA-FMARCH-14, LGA-FMARCH-15 (Explanation of Results): on an Op the French player halts the march:
   "halts its forced march", the Division stays on 0206 undisrupted, its movement ends (the next
   decision is the choice of another unit).  Rolling again instead: a d lets it complete the march
   (5 MP more) disrupted at the end; an e eliminates it where it stands. */
START_TEST(test_op_halt_and_results)
{
    const char *dbl = "double forced march (roll on the table)";
    wg_game *g = at_first_roll(AU, 0, dbl, 5);
    uint64_t s = step_now(g);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "die roll 4"); /* modified 3: Op */
    ck_assert_int_eq(wgp_decider(g), FRENCH);
    wgp_choose(g, "halt the forced march (Op)");
    event_with(g, ev, "Fr Inf 2-5 #2 halts its forced march");
    ck_assert(strstr(wgp_decision(g), "choose a unit"));
    ck_assert(stands(g, "Fr Inf 2-5 #2", "0206"));
    ck_assert(!strstr(wgp_describe(g, REF), "[disrupted]"));
    ck_assert_int_lt(wgp_find(g, "move Fr Inf 2-5 #2"), 0);
    back_to(g, s);
    /* roll again: row 3, second roll 3 (modified 2): d */
    wgp_choose(g, "die roll 4");
    wgp_choose(g, "roll again (Op)");
    wgp_choose(g, "die roll 3");
    ck_assert_int_eq(go(g, "0211"), 5);
    event_with(g, ev, "Fr Inf 2-5 #2 is disrupted");
    ck_assert(stands(g, "Fr Inf 2-5 #2 [disrupted]", "0211"));
    back_to(g, s);
    /* a first roll of 6 (modified 5) is d; on the Austrian side a 6 (modified 7) is e */
    wgp_choose(g, "die roll 6");
    ck_assert_int_lt(wgp_find_event(g, ev, "is disrupted", REF), 0);
    ck_assert_int_eq(go(g, "0211"), 5);
    event_with(g, ev, "Fr Inf 2-5 #2 is disrupted");
    wg_game_free(g);
    g = at_first_roll("unit austrian infantry brigade 1-5 x1\n", 1, dbl, 5);
    ev = wgp_event_count(g);
    wgp_choose(g, "die roll 6");
    event_with(g, ev, "Au Inf 1-5 #1 is eliminated at 0413");
    ck_assert(!strstr(wgp_describe(g, REF), "Au Inf 1-5 #1 at"));
    ck_assert(strstr(wgp_decision(g), "choose a unit"));
    wg_game_free(g);
}
END_TEST

/* LGA-FMARCH-16 (1805 French Reinforcements): the 1805 chart's Game-Turn 3 French group
   carries Forced March Supply and the free Triple Forced March (data/lga/1805.wgd: "fm-supply
   free-triple"); a host group with the same marks arriving on Right: the Division placed there is
   offered the free forced march and moves 15 MP (0401 -> 0416) with no die roll. */
START_TEST(test_free_triple_of_the_1805_reinforcements)
{
    wg_game *g = wgp_lga_position(CTX, STRIP, 2, "",
                                  "group a1 allied setup at=Far one-hex\n"
                                  "unit austrian infantry brigade 1-5 x1\n"
                                  "group f1 french setup at=Left one-hex\n"
                                  "unit french infantry division 2-5 x1\n"
                                  "group f2 french turn=1 at=Right fm-supply free-triple\n"
                                  "unit french infantry division 2-5 x1\n");
    allied_turn_passes(g);
    if (wgp_find(g, "place reinforcement") >= 0)
        wgp_choose(g, "place reinforcement");
    wgp_choose(g, "on 0401 Right");
    wgp_choose(g, "move Fr Inf 2-5 #3");
    ck_assert_msg(wgp_find(g, "free forced march") >= 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "free forced march");
    ck_assert(offered(g, "0416"));
    ck_assert(!offered(g, "0417"));
    ck_assert_int_eq(go(g, "0416"), 15);
    ck_assert_int_lt(wgp_find(g, "die roll"), 0);
    ck_assert(!strstr(wgp_describe(g, REF), "[disrupted]"));
    /* the set-up Division has no such march */
    wgp_choose(g, "move Fr Inf 2-5 #2");
    ck_assert_int_lt(wgp_find(g, "free forced march"), 0);
    wg_game_free(g);
}
END_TEST

/* LGA-FMARCH-04 (Movement H): the event of the Supply unit giving Forced March Supply says so, whatever
   the moving unit's number. */
START_TEST(test_fm_supply_event_text)
{
    wg_game *g = french_turn(STRIP, "",
                             "group a1 allied setup at=Far one-hex\n"
                             "unit austrian infantry brigade 1-5 x1\n"
                             "group f1 french setup at=Top one-hex\n"
                             "unit french supply - 0-4 x1\n"
                             "group f2 french setup at=Cav one-hex\n"
                             "unit french cavalry division 1-8 x1\n");
    size_t ev = wgp_event_count(g);
    pick(g, "move Fr Cav 1-8 #3", "double forced march with Forced March Supply from Fr Sup 0-4 #2");
    ck_assert_str_eq(event_of_rule(g, ev, "LGA-FMARCH-04"), "Fr Sup 0-4 #2 is used for supply");
    ck_assert_int_eq(go(g, "0318"), 16);
    wg_game_free(g);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("lga_movement");
    TCase *t = tcase_create("movement");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_movement_allowance);
    tcase_add_test(t, test_fm_supply_event_text);
    tcase_add_test(t, test_six_mp_example);
    tcase_add_test(t, test_mountain_pass_infantry);
    tcase_add_test(t, test_leaving_the_pass_sideways);
    tcase_add_test(t, test_mountain_pass_cavalry);
    tcase_add_test(t, test_enemy_hex_and_noncombat_zoc);
    suite_add_tcase(s, t);
    t = tcase_create("zoc");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_zoc_stops_infantry);
    tcase_add_test(t, test_zoc_stops_noncombat);
    tcase_add_test(t, test_friendly_units_do_not_negate_zoc);
    tcase_add_test(t, test_zoc_and_rivers);
    tcase_add_test(t, test_zoc_and_fortresses);
    tcase_add_test(t, test_autoeliminated_units_lose_zoc);
    tcase_add_test(t, test_starting_in_a_zoc);
    suite_add_tcase(s, t);
    t = tcase_create("stacking");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_stacking_costs);
    tcase_add_test(t, test_illegal_stack_eliminated);
    tcase_add_test(t, test_stacking_supply);
    tcase_add_test(t, test_nonphasing_stack_needs_no_supply);
    suite_add_tcase(s, t);
    t = tcase_create("forced_march");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_who_may_force_march);
    tcase_add_test(t, test_leader_and_supply_allowances);
    tcase_add_test(t, test_disrupted_supply_gives_no_fm_supply);
    tcase_add_test(t, test_forced_march_supply);
    tcase_add_test(t, test_double_forced_march_on_the_table);
    tcase_add_test(t, test_triple_forced_march);
    tcase_add_test(t, test_double_table_first_roll);
    tcase_add_test(t, test_triple_table_first_roll);
    tcase_add_test(t, test_double_table_second_roll);
    tcase_add_test(t, test_triple_table_second_roll);
    tcase_add_test(t, test_op_halt_and_results);
    tcase_add_test(t, test_free_triple_of_the_1805_reinforcements);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

/* La Grande Armée: the sequence of play, Supply units and Depots, played through the public API on
   small host positions (a host "map" and a host "lga-scenario" document, doc/lga-data.md) and on
   the bundled scenarios. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgplay.h"

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

/* The players as the lga ruleset numbers them. */
enum { ALLIED = 0, FRENCH = 1 };

/* An 8 x 6 board of clear hexes (0-based coordinates; labels are 1-based CCRR).  Row 3 runs
   Edge 0203, Farwest 0303, West 0403, Mid 0503, East 0603, Fareast 0703, Rim 0803; North 0502 and
   South 0504 are the other neighbours of Mid; Low 0505, Bottom 0406, Corner 0101, Paris 0106. */
#define MAP_HEAD                                                                                              \
    "wgdata 1 map\n"                                                                                          \
    "grid hex 8 6 odd-q\n"                                                                                    \
    "terrain clear city fortress mountain pass\n"                                                             \
    "flag austria prussia saxony passentry linea lineb easta eastb edge-n edge-s edge-e edge-w\n"             \
    "sideflag river bridge lake\n"                                                                            \
    "hex 1 2 clear \"name=Edge\"\n"                                                                           \
    "hex 2 2 clear \"name=Farwest\"\n"                                                                        \
    "hex 3 2 clear \"name=West\"\n"                                                                           \
    "hex 5 2 clear \"name=East\"\n"                                                                           \
    "hex 6 2 clear \"name=Fareast\"\n"                                                                        \
    "hex 7 2 clear \"name=Rim\"\n"                                                                            \
    "hex 4 1 clear \"name=North\"\n"                                                                          \
    "hex 4 3 clear \"name=South\"\n"                                                                          \
    "hex 4 4 clear \"name=Low\"\n"                                                                            \
    "hex 3 5 clear \"name=Bottom\"\n"                                                                         \
    "hex 0 0 clear \"name=Corner\"\n"                                                                         \
    "hex 0 5 city \"name=Paris\"\n"

static const char MAP[] = MAP_HEAD "hex 4 2 clear \"name=Mid\"\n";
/* The same board with Mid a Fortress, or a Mountain hex. */
static const char FORT_MAP[] = MAP_HEAD "hex 4 2 fortress \"name=Mid\"\n";
static const char MOUNTAIN_MAP[] = MAP_HEAD "hex 4 2 mountain \"name=Mid\"\n";

/* Index of the first event at or after from whose rule tag is tag (-1 when none). */
static long find_rule(wg_game *g, size_t from, const char *tag)
{
    wgp_trace(g);
    size_t n = wgp_event_count(g);
    for (size_t i = from; i < n; i++) {
        const char *rule = NULL;
        if (wg_game_event_rule(&rule, g, i) == WG_OK && rule && strcmp(rule, tag) == 0)
            return (long)i;
    }
    return -1;
}

/* The rule tag of event i. */
static const char *rule_of(wg_game *g, long i)
{
    const char *rule = NULL;
    ck_assert_int_ge(i, 0);
    ck_assert_int_eq(wg_game_event_rule(&rule, g, (size_t)i), WG_OK);
    ck_assert_ptr_nonnull(rule);
    return rule;
}

static int is_over(wg_game *g)
{
    int over = 0;
    ck_assert_int_eq(wg_game_is_over(&over, g), WG_OK);
    return over;
}

/* Takes decisions until the decision text contains `until`: die faces are 1, every other decision
   takes its first option ("done", "no more attacks", "end the Player-Turn", the first retreat hex). */
static void advance_to(wg_game *g, const char *until)
{
    for (int k = 0; k < 400; k++) {
        if (strstr(wgp_decision(g), until))
            return;
        ck_assert_msg(!is_over(g), "the game ended before \"%s\"", until);
        if (wgp_find(g, "die roll 1") >= 0)
            wgp_choose(g, "die roll 1");
        else
            wgp_choose_index(g, 0);
    }
    ck_abort_msg("no decision \"%s\"\n%s", until, wgp_options_dump(g));
}

/* After a declaration: keeps every unit of the attack. */
static void members_done(wg_game *g)
{
    while (strstr(wgp_decision(g), "choose the units of the attack"))
        wgp_choose(g, "done");
}

/* Ends the declarations (keeping every unit of the last attack) and goes to the Attacker
   Supply-Allocation Segment. */
static void end_declarations(wg_game *g)
{
    members_done(g);
    if (strstr(wgp_decision(g), "declare attacks"))
        wgp_choose(g, "no more attacks");
    ck_assert_msg(strstr(wgp_decision(g), "allocate attacker supply"), "%s", wgp_options_dump(g));
}

/* Ends the French Movement Phase (taking no combination) and goes on to the declaration of attacks. */
static void french_to_declare(wg_game *g)
{
    wgp_choose(g, "end the Movement Phase");
    advance_to(g, "declare attacks");
    ck_assert_int_eq(wgp_decider(g), FRENCH);
}

/* Hex distance between two 0-based odd-q cells. */
static int hex_distance(int c1, int r1, int c2, int r2)
{
    int x1 = c1, z1 = r1 - (c1 - (c1 & 1)) / 2, x2 = c2, z2 = r2 - (c2 - (c2 & 1)) / 2;
    int dx = abs(x1 - x2), dz = abs(z1 - z2), dy = abs((-x1 - z1) - (-x2 - z2));
    return dx > dz ? (dx > dy ? dx : dy) : (dz > dy ? dz : dy);
}

/* The largest distance from (c, r) among the destinations "-> CCRR" offered now. */
static int farthest_destination(wg_game *g, int c, int r)
{
    int best = -1;
    for (size_t i = 0; i < wgp_option_count(g); i++) {
        const char *p = strstr(wgp_label(g, i), "-> ");
        int cc, rr;
        if (p && sscanf(p + 3, "%2d%2d", &cc, &rr) == 2) {
            int d = hex_distance(c, r, cc - 1, rr - 1);
            if (d > best)
                best = d;
        }
    }
    return best;
}

/* ------------------------------------------------------------------ sequence of play */

/* LGA-SEQ-01, LGA-SEQ-02, LGA-SEQ-05, LGA-SEQ-09, LGA-VP-05 (Sequence of Play A-C; Game Length;
   VP A): the Allied Player-Turn comes first, each Player-Turn runs Movement, Combat and Supply
   Creation, the Game-Turn advances after the French Player-Turn, and after the last Game-Turn of the
   two of the scenario the game is over, its level read from the final total (0: draw). */
START_TEST(test_turn_sequence_to_the_end)
{
    wg_game *g = wgp_lga_position(CTX, MAP, 2, "", "group a1 allied setup at=Rim one-hex\n"
                                                   "unit austrian infantry division 3-3 x1\n"
                                                   "group f1 french setup at=Corner one-hex\n"
                                                   "unit french infantry division 5-5 x1\n"
                                                   "unit french depot - 1-2 x1\n");
    static const char *const phases[] = {
        "Game-Turn 1, Allied Movement Phase", "Game-Turn 1, Allied Combat Phase",
        "Game-Turn 1, Allied Supply Creation Phase", "Game-Turn 1, French Movement Phase",
        "Game-Turn 1, French Combat Phase", "Game-Turn 1, French Supply Creation Phase",
        "Game-Turn 2, Allied Movement Phase", "Game-Turn 2, Allied Combat Phase",
        "Game-Turn 2, Allied Supply Creation Phase", "Game-Turn 2, French Movement Phase",
        "Game-Turn 2, French Combat Phase", "Game-Turn 2, French Supply Creation Phase",
        "game over: 0 victory points, Draw"};
    int k = 0;
    while (!is_over(g)) {
        const char *d = wgp_decision(g);
        /* the phasing player decides in his own Movement Phase and Supply Creation Phase */
        if (strstr(d, "Movement Phase: choose") || strstr(d, "Supply Creation Phase")) {
            int want = strstr(d, "Allied Player-Turn") ? ALLIED : FRENCH;
            ck_assert_msg(wgp_decider(g) == want, "%s", d);
        }
        ck_assert_int_lt(k++, 200);
        wgp_choose_index(g, 0);
    }
    size_t n = wgp_event_count(g), at = 0;
    for (size_t p = 0; p < sizeof phases / sizeof phases[0]; p++) {
        long i = wgp_find_event(g, at, phases[p], WG_VIEW_REFEREE);
        ck_assert_msg(i >= 0, "missing \"%s\" in order\n%s", phases[p], wgp_events_dump(g, 0, WG_VIEW_REFEREE));
        at = (size_t)i + 1;
    }
    ck_assert_msg(wgp_find_event(g, 0, "Game-Turn 3", WG_VIEW_REFEREE) < 0, "%s",
                  wgp_events_dump(g, 0, WG_VIEW_REFEREE));
    ck_assert_str_eq(rule_of(g, wgp_find_event(g, 0, "Game-Turn 1, Allied Supply Creation Phase", WG_VIEW_REFEREE)),
                     "LGA-SEQ-05");
    ck_assert_uint_eq(at, n);
    char res[256];
    size_t len;
    ck_assert_int_eq(wg_game_result_text(res, sizeof res, &len, g), WG_OK);
    ck_assert_str_eq(res, "0 victory points: Draw");
    ck_assert_int_eq(wgp_decider(g), WG_PLAYER_NONE);
    wg_game_free(g);
}
END_TEST

/* LGA-SEQ-04, LGA-SEQ-06, LGA-SUPPLY-03 (Combat Procedure; Combat General Rule; Supply Procedure):
   in the Allied Player-Turn the Allies are the Attacker.  The five segments come in order, each
   decided by its player: (a) the Allied declaration and supply allocation, (b) the French Retreat
   Before Combat, (c) the French defender supply, (d) the Allied choice of battle, (e) the Allied
   advance into the French Fortress Mid emptied by a De. */
START_TEST(test_combat_segments_in_order)
{
    wg_game *g = wgp_lga_position(CTX, FORT_MAP, 1, "", "group a1 allied setup at=East one-hex\n"
                                                   "unit austrian infantry corps 12-4 x1\n"
                                                   "group a2 allied setup at=Fareast one-hex\n"
                                                   "unit austrian supply - 0-3 x1\n"
                                                   "group f1 french setup at=Mid one-hex\n"
                                                   "unit french cavalry division 1-8 x1\n"
                                                   "group f2 french setup at=South one-hex\n"
                                                   "unit french supply - 0-4 x1\n"
                                                   "control Mid french\n");
    while (wgp_find(g, "end the Movement Phase") < 0)
        wgp_choose(g, " on ");
    ck_assert_int_eq(wgp_decider(g), ALLIED);
    wgp_choose(g, "end the Movement Phase");
    wgp_skip_forced(g);
    ck_assert_msg(strstr(wgp_decision(g), "Allied Player-Turn: Combat Phase (a): declare attacks"), "%s",
                  wgp_decision(g));
    ck_assert_int_eq(wgp_decider(g), ALLIED);
    wgp_choose(g, "0503 Mid");
    end_declarations(g);
    ck_assert_msg(strstr(wgp_decision(g), "Combat Phase (a): allocate attacker supply"), "%s", wgp_decision(g));
    ck_assert_int_eq(wgp_decider(g), ALLIED);
    /* the French Supply unit is no option of the Attacker */
    ck_assert_msg(wgp_find(g, "use supply Fr") < 0, "%s", wgp_options_dump(g));
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "use supply Au Sup 0-3");
    ck_assert_str_eq(rule_of(g, wgp_find_event(g, ev, "Au Sup 0-3 #2 is used for supply", WG_VIEW_REFEREE)),
                     "LGA-SUPPLY-03");
    wgp_choose(g, "done");
    ck_assert_msg(strstr(wgp_decision(g), "Combat Phase (b): Retreat Before Combat"), "%s", wgp_decision(g));
    ck_assert_int_eq(wgp_decider(g), FRENCH);
    ck_assert_msg(wgp_find(g, "retreat before combat Fr Cav 1-8") >= 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "done");
    ck_assert_msg(strstr(wgp_decision(g), "Combat Phase (c): allocate defender supply"), "%s", wgp_decision(g));
    ck_assert_int_eq(wgp_decider(g), FRENCH);
    ck_assert_msg(wgp_find(g, "use supply Au") < 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "use supply Fr Sup 0-4");
    wgp_choose(g, "done");
    ck_assert_msg(strstr(wgp_decision(g), "Combat Phase (d): choose the next battle"), "%s", wgp_decision(g));
    ck_assert_int_eq(wgp_decider(g), ALLIED);
    ev = wgp_event_count(g);
    wgp_choose(g, "resolve the attack on 0503 Mid");
    /* the Attacker's strength comes first: the supplied 12-4 against the 1-8 tripled */
    ck_assert_msg(wgp_find_event(g, ev, "battle 1: 12 against 3, odds column >=400%", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_int_eq(wgp_decider(g), WG_PLAYER_CHANCE);
    wgp_choose(g, "die roll 1"); /* De at >= 400% */
    ck_assert_msg(wgp_find_event(g, ev, "Fr Cav 1-8 #3 is eliminated at 0503 Mid", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_msg(strstr(wgp_decision(g), "Combat Phase (e): advance after combat"), "%s", wgp_decision(g));
    ck_assert_int_eq(wgp_decider(g), ALLIED);
    ev = wgp_event_count(g);
    wgp_choose(g, "advance Au Inf 12-4 #1 into 0503 Mid");
    ck_assert_msg(wgp_find_event(g, ev, "Au Inf 12-4 #1 advances into 0503 Mid", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    wg_game_free(g);
}
END_TEST

/* LGA-SEQ-07 (Movement B): in the Allied Movement Phase only Allied units move and no attack is
   declared; the one exception offered is Automatic Elimination. */
START_TEST(test_no_enemy_movement_in_movement_phase)
{
    wg_game *g = wgp_lga_position(CTX, MAP, 1, "", "group a1 allied setup at=East one-hex\n"
                                                   "unit austrian infantry corps 12-4 x1\n"
                                                   "group f1 french setup at=Mid one-hex\n"
                                                   "unit french infantry division 1-5 x1\n"
                                                   "group f2 french setup at=Corner one-hex\n"
                                                   "unit french cavalry division 1-8 x1\n");
    while (wgp_find(g, "end the Movement Phase") < 0)
        wgp_choose(g, " on ");
    ck_assert_int_eq(wgp_decider(g), ALLIED);
    for (size_t i = 0; i < wgp_option_count(g); i++) {
        const char *l = wgp_label(g, i);
        ck_assert_msg(strstr(l, " Fr ") == NULL || strncmp(l, "automatic elimination", 21) == 0, "%s",
                      wgp_options_dump(g));
        ck_assert_msg(strncmp(l, "attack", 6) != 0, "%s", wgp_options_dump(g));
    }
    ck_assert_msg(wgp_find(g, "move Au Inf 12-4") >= 0, "%s", wgp_options_dump(g));
    ck_assert_msg(wgp_find(g, "automatic elimination from 0603 East of 0503 Mid") >= 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "move Au Inf 12-4");
    if (wgp_find(g, "no forced march") >= 0)
        wgp_choose(g, "no forced march");
    /* every decision of the phase stays with the Allied player */
    ck_assert_int_eq(wgp_decider(g), ALLIED);
    wg_game_free(g);
}
END_TEST

/* LGA-SEQ-08, LGA-AUTOELIM-04 (Combat M): the French division automatically eliminated in the
   Allied Movement Phase stays on the board until the Combat Phase begins; it is removed first
   thing in that phase, before any battle. */
START_TEST(test_autoelim_removed_at_start_of_combat)
{
    wg_game *g = wgp_lga_position(CTX, MAP, 1, "", "group a1 allied setup at=East one-hex\n"
                                                   "unit austrian infantry corps 12-4 x1\n"
                                                   "group f1 french setup at=Mid one-hex\n"
                                                   "unit french infantry division 1-5 x1\n"
                                                   "group f2 french setup at=Corner one-hex\n"
                                                   "unit french cavalry division 1-8 x1\n");
    while (wgp_find(g, "end the Movement Phase") < 0)
        wgp_choose(g, " on ");
    wgp_choose(g, "automatic elimination from 0603 East of 0503 Mid");
    ck_assert_msg(strstr(wgp_describe(g, WG_VIEW_REFEREE), "Fr Inf 1-5 #2 at 0503 Mid"), "%s",
                  wgp_describe(g, WG_VIEW_REFEREE));
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "end the Movement Phase");
    wgp_skip_forced(g);
    long ph = wgp_find_event(g, ev, "Game-Turn 1, Allied Combat Phase", WG_VIEW_REFEREE);
    long el = wgp_find_event(g, ev, "Fr Inf 1-5 #2 is eliminated at 0503 Mid", WG_VIEW_REFEREE);
    ck_assert_msg(ph >= 0 && el == ph + 1, "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_str_eq(rule_of(g, el), "LGA-SEQ-08");
    ck_assert_msg(strstr(wgp_describe(g, WG_VIEW_REFEREE), "Fr Inf 1-5") == NULL, "%s",
                  wgp_describe(g, WG_VIEW_REFEREE));
    wg_game_free(g);
}
END_TEST

/* Checks that the unit being moved from (c, r) reaches hexes up to ma away and none farther although
   the board has hexes farther away, then moves it to the first hex offered at that distance: the move
   costs ma MP. */
static void moves_full_ma(wg_game *g, int c, int r, int ma)
{
    ck_assert_msg(farthest_destination(g, c, r) == ma, "%s", wgp_options_dump(g));
    int farther = 0;
    for (int cc = 0; cc < 8; cc++)
        for (int rr = 0; rr < 6; rr++)
            farther += hex_distance(c, r, cc, rr) > ma;
    ck_assert_int_gt(farther, 0);
    for (size_t i = 0; i < wgp_option_count(g); i++) {
        const char *p = strstr(wgp_label(g, i), "-> ");
        int cc, rr;
        if (p && sscanf(p + 3, "%2d%2d", &cc, &rr) == 2 && hex_distance(c, r, cc - 1, rr - 1) == ma) {
            char text[64];
            size_t ev = wgp_event_count(g);
            snprintf(text, sizeof text, "moves to %02d%02d", cc, rr);
            wgp_choose_index(g, i);
            long e = wgp_find_event(g, ev, text, WG_VIEW_REFEREE);
            ck_assert_msg(e >= 0, "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
            snprintf(text, sizeof text, "(%d MP)", ma);
            ck_assert_msg(strstr(wgp_event(g, (size_t)e, WG_VIEW_REFEREE), text), "%s",
                          wgp_events_dump(g, ev, WG_VIEW_REFEREE));
            return;
        }
    }
    ck_abort_msg("no destination %d hexes away\n%s", ma, wgp_options_dump(g));
}

/* LGA-SEQ-03, LGA-SUPPLY-12, LGA-ADDENDA-07 (Sequence A; Addendum: Supply General): a 5-5 moves
   up to its full MA of 5 in any direction, no farther, whether it stands with a Supply unit (Corner)
   or far from any (Rim): supply never changes the MA. */
START_TEST(test_supply_never_changes_ma)
{
    wg_game *g = wgp_lga_position(CTX, MAP, 1, "", "group a1 allied setup at=Paris one-hex\n"
                                                   "unit austrian infantry division 3-3 x1\n"
                                                   "group f1 french setup at=Corner one-hex\n"
                                                   "unit french infantry division 5-5 x1\n"
                                                   "unit french supply - 0-4 x1\n"
                                                   "group f2 french setup at=Rim one-hex\n"
                                                   "unit french infantry division 5-5 x1\n");
    wgp_lga_to_french_movement(g);
    wgp_choose(g, "move Fr Inf 5-5 #2 from 0101 Corner");
    wgp_choose(g, "no forced march");
    moves_full_ma(g, 0, 0, 5);
    wgp_skip_forced(g);
    wgp_choose(g, "move Fr Inf 5-5 #4 from 0803 Rim");
    wgp_choose(g, "no forced march");
    moves_full_ma(g, 7, 2, 5);
    wg_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ supply units */

/* LGA-SUPPLY-02, LGA-SUPPLY-04, LGA-SUPPLY-06, LGA-SUPPLY-14 (Supply Procedure; A; B): one French
   Supply unit on Mid, adjacent to both attacking divisions (West, East), supplies both attacks at
   full strength (5 each); the Supply unit on Edge, two hexes from West, is not offered.  The Allied
   Supply unit on Rim supplies the 4-3 on Fareast (4), not the unsupplied one on Farwest (2).  The
   Supply units used are removed at the end of the Combat Phase; the unused one stays. */
START_TEST(test_one_supply_unit_supplies_many)
{
    wg_game *g = wgp_lga_position(CTX, MAP, 1, "", "group a1 allied setup at=Farwest one-hex\n"
                                                   "unit austrian infantry corps 4-3 x1\n"
                                                   "group a2 allied setup at=Fareast one-hex\n"
                                                   "unit austrian infantry corps 4-3 x1\n"
                                                   "group a3 allied setup at=Rim one-hex\n"
                                                   "unit austrian supply - 0-3 x1\n"
                                                   "group f1 french setup at=West one-hex\n"
                                                   "unit french infantry division 5-5 x1\n"
                                                   "group f2 french setup at=East one-hex\n"
                                                   "unit french infantry division 5-5 x1\n"
                                                   "group f3 french setup at=Mid one-hex\n"
                                                   "unit french supply - 0-4 x1\n"
                                                   "group f4 french setup at=Edge one-hex\n"
                                                   "unit french supply - 0-4 x1\n");
    wgp_lga_to_french_movement(g);
    french_to_declare(g);
    wgp_choose(g, "attack from 0403 West on 0303 Farwest");
    members_done(g);
    wgp_choose(g, "attack from 0603 East on 0703 Fareast");
    end_declarations(g);
    ck_assert_msg(wgp_find(g, "use supply Fr Sup 0-4 #6 at 0503 Mid") >= 0, "%s", wgp_options_dump(g));
    ck_assert_msg(wgp_find(g, "at 0203 Edge") < 0, "%s", wgp_options_dump(g));
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "use supply Fr Sup 0-4 #6 at 0503 Mid");
    /* one Supply unit is used once, for every unit in range */
    ck_assert_msg(wgp_find(g, "use supply") < 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "done");
    advance_to(g, "allocate defender supply");
    ck_assert_int_eq(wgp_decider(g), ALLIED);
    wgp_choose(g, "use supply Au Sup 0-3 #3 at 0803 Rim");
    wgp_choose(g, "done");
    ck_assert_msg(wgp_count(g, "resolve the attack") == 2, "%s", wgp_options_dump(g));
    wgp_choose(g, "resolve the attack on 0303 Farwest");
    ck_assert_msg(wgp_find_event(g, ev, "5 against 2, odds column 200-299%", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    advance_to(g, "choose the next battle");
    wgp_choose(g, "resolve the attack on 0703 Fareast");
    ck_assert_msg(wgp_find_event(g, ev, "5 against 4, odds column 120-139%", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    advance_to(g, "Supply Creation Phase");
    long a = wgp_find_event(g, ev, "Fr Sup 0-4 #6 is used up and removed", WG_VIEW_REFEREE);
    long b = wgp_find_event(g, ev, "Au Sup 0-3 #3 is used up and removed", WG_VIEW_REFEREE);
    long p = wgp_find_event(g, ev, "French Supply Creation Phase", WG_VIEW_REFEREE);
    ck_assert_msg(a >= 0 && b >= 0 && a < p && b < p, "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_str_eq(rule_of(g, a), "LGA-SUPPLY-06");
    const char *d = wgp_describe(g, WG_VIEW_REFEREE);
    ck_assert_msg(strstr(d, "Fr Sup 0-4 #7 at 0203 Edge") && !strstr(d, "#6 at") && !strstr(d, "Au Sup"), "%s", d);
    wg_game_free(g);
}
END_TEST

/* LGA-SUPPLY-01, LGA-SUPPLY-05, LGA-SUPPLY-06 (Supply General Rule; A; B): the Supply unit on Mid
   gives Forced March Supply to the division leaving West (no roll on the table).  It is removed at
   the end of that Movement Phase and gives no Stacking Supply to the two divisions on East, so the
   Allied player eliminates one of them. */
START_TEST(test_fm_supply_is_not_stacking_supply)
{
    wg_game *g = wgp_lga_position(CTX, MAP, 1, "", "group a1 allied setup at=Fareast one-hex\n"
                                                   "unit austrian infantry corps 4-3 x1\n"
                                                   "group f1 french setup at=West one-hex\n"
                                                   "unit french infantry division 5-5 x1\n"
                                                   "group f2 french setup at=East one-hex\n"
                                                   "unit french infantry division 5-5 x2\n"
                                                   "group f3 french setup at=Mid one-hex\n"
                                                   "unit french supply - 0-4 x1\n");
    wgp_lga_to_french_movement(g);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "move Fr Inf 5-5 #2 from 0403 West");
    wgp_choose(g, "double forced march with Forced March Supply from Fr Sup 0-4 #5");
    wgp_choose(g, "-> 0106 Paris");
    wgp_skip_forced(g);
    ck_assert_msg(wgp_find_event(g, ev, "Fr Sup 0-4 #5 is used for supply", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_msg(wgp_find_event(g, ev, "forced march: die", WG_VIEW_REFEREE) < 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_msg(wgp_find(g, "move Fr Sup 0-4") >= 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "end the Movement Phase");
    advance_to(g, "declare attacks");
    long rm = wgp_find_event(g, ev, "Fr Sup 0-4 #5 is used up and removed", WG_VIEW_REFEREE);
    long ph = wgp_find_event(g, ev, "Game-Turn 1, French Combat Phase", WG_VIEW_REFEREE);
    ck_assert_msg(rm >= 0 && rm < ph, "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    wgp_choose(g, "no more attacks");
    wgp_skip_forced(g);
    ck_assert_msg(strstr(wgp_decision(g), "eliminate units of an illegal stack"), "%s", wgp_options_dump(g));
    ck_assert_int_eq(wgp_decider(g), ALLIED);
    ck_assert_msg(wgp_count(g, "eliminate Fr Inf 5-5") == 2, "%s", wgp_options_dump(g));
    ev = wgp_event_count(g);
    wgp_choose(g, "eliminate Fr Inf 5-5 #3");
    ck_assert_str_eq(rule_of(g, wgp_find_event(g, ev, "Fr Inf 5-5 #3 is eliminated at 0603 East", WG_VIEW_REFEREE)),
                     "LGA-STACK-03");
    wg_game_free(g);
}
END_TEST

/* LGA-SUPPLY-01, LGA-SUPPLY-05 (Supply A): used in the Attacker Supply-Allocation Segment, the one
   Supply unit on Mid gives the two divisions stacked on East both Stacking Supply (no unit is
   eliminated) and Combat Supply (they attack with 10). */
START_TEST(test_one_supply_for_stacking_and_combat)
{
    wg_game *g = wgp_lga_position(CTX, MAP, 1, "", "group a1 allied setup at=Fareast one-hex\n"
                                                   "unit austrian infantry corps 12-4 x1\n"
                                                   "group f2 french setup at=East one-hex\n"
                                                   "unit french infantry division 5-5 x2\n"
                                                   "group f3 french setup at=Mid one-hex\n"
                                                   "unit french supply - 0-4 x1\n");
    wgp_lga_to_french_movement(g);
    french_to_declare(g);
    wgp_choose(g, "attack from 0603 East on 0703 Fareast");
    end_declarations(g);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "use supply Fr Sup 0-4 #4 at 0503 Mid");
    wgp_choose(g, "done");
    ck_assert_msg(strstr(wgp_decision(g), "Retreat Before Combat"), "%s", wgp_options_dump(g));
    advance_to(g, "choose the next battle");
    wgp_choose(g, "resolve the attack on 0703 Fareast");
    ck_assert_msg(wgp_find_event(g, ev, "battle 1: 10 against 6", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_msg(wgp_find_event(g, ev, "eliminated", WG_VIEW_REFEREE) < 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    wg_game_free(g);
}
END_TEST

/* LGA-SUPPLY-07 (Supply B): the only defender, a cavalry division, Retreats Before Combat; the
   Supply unit the Attacker allocated to that attack is not expended and stays on Mid. */
START_TEST(test_supply_kept_when_all_defenders_retreat)
{
    wg_game *g = wgp_lga_position(CTX, MAP, 1, "", "group a1 allied setup at=Fareast one-hex\n"
                                                   "unit austrian cavalry division 1-6 x1\n"
                                                   "group f2 french setup at=East one-hex\n"
                                                   "unit french infantry division 5-5 x1\n"
                                                   "group f3 french setup at=Mid one-hex\n"
                                                   "unit french supply - 0-4 x1\n");
    wgp_lga_to_french_movement(g);
    french_to_declare(g);
    wgp_choose(g, "attack from 0603 East on 0703 Fareast");
    end_declarations(g);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "use supply Fr Sup 0-4 #3 at 0503 Mid");
    wgp_choose(g, "done");
    ck_assert_int_eq(wgp_decider(g), ALLIED);
    wgp_choose(g, "retreat before combat Au Cav 1-6 #1");
    wgp_choose_index(g, 0);
    advance_to(g, "Supply Creation Phase");
    long k = find_rule(g, ev, "LGA-SUPPLY-07");
    ck_assert_msg(k >= 0, "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_msg(wgp_find_event(g, ev, "no combat", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_msg(wgp_find_event(g, ev, "used up and removed", WG_VIEW_REFEREE) < 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_msg(strstr(wgp_describe(g, WG_VIEW_REFEREE), "Fr Sup 0-4 #3 at 0503 Mid"), "%s",
                  wgp_describe(g, WG_VIEW_REFEREE));
    wg_game_free(g);
}
END_TEST

/* LGA-SUPPLY-13, LGA-FMARCH-15 (Disruption A): the Supply unit leaving Low on a double forced march
   rolls 6 (French -1: 5, "d") and ends on Mid disrupted; in the Combat Phase it is no option for the
   attack from West, which fights at half strength. */
START_TEST(test_disrupted_supply_unit_cannot_supply)
{
    wg_game *g = wgp_lga_position(CTX, MAP, 1, "", "group a1 allied setup at=Farwest one-hex\n"
                                                   "unit austrian infantry corps 4-3 x1\n"
                                                   "group f1 french setup at=West one-hex\n"
                                                   "unit french infantry division 5-5 x1\n"
                                                   "group f3 french setup at=Low one-hex\n"
                                                   "unit french supply - 0-4 x1\n");
    wgp_lga_to_french_movement(g);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "move Fr Sup 0-4 #3 from 0505 Low");
    wgp_choose(g, "double forced march (roll on the table)");
    wgp_choose(g, "-> 0504 South");
    wgp_choose(g, "die roll 6");
    ck_assert_msg(wgp_find_event(g, ev, "forced march: die 6, modified 5: d (disrupted)", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    wgp_choose(g, "-> 0503 Mid");
    wgp_skip_forced(g);
    ck_assert_msg(strstr(wgp_describe(g, WG_VIEW_REFEREE), "Fr Sup 0-4 #3 [disrupted] at 0503 Mid"), "%s",
                  wgp_describe(g, WG_VIEW_REFEREE));
    french_to_declare(g);
    wgp_choose(g, "attack from 0403 West on 0303 Farwest");
    end_declarations(g);
    ck_assert_msg(wgp_find(g, "use supply") < 0, "%s", wgp_options_dump(g));
    advance_to(g, "choose the next battle");
    ev = wgp_event_count(g);
    wgp_choose(g, "resolve the attack on 0303 Farwest");
    ck_assert_msg(wgp_find_event(g, ev, "battle 1: 2 against 2", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    wg_game_free(g);
}
END_TEST

/* LGA-ADDENDA-03, LGA-COMBAT-05 (Addendum: Combat Case C): the 5-5s on West and on East may not add
   their strengths across hexes, but each attacks the Austrian corps on Mid in turn: two battles
   of 2 against 2 (all unsupplied). */
START_TEST(test_successive_attacks_on_one_hex)
{
    wg_game *g = wgp_lga_position(CTX, MAP, 1, "", "group a1 allied setup at=Mid one-hex\n"
                                                   "unit austrian infantry corps 4-3 x1\n"
                                                   "group f1 french setup at=West one-hex\n"
                                                   "unit french infantry division 5-5 x1\n"
                                                   "group f2 french setup at=East one-hex\n"
                                                   "unit french infantry division 5-5 x1\n");
    wgp_lga_to_french_movement(g);
    french_to_declare(g);
    ck_assert_msg(wgp_find(g, "combined") < 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "attack from 0403 West on 0503 Mid");
    members_done(g);
    wgp_choose(g, "attack from 0603 East on 0503 Mid");
    end_declarations(g);
    advance_to(g, "choose the next battle");
    ck_assert_msg(wgp_count(g, "resolve the attack on 0503 Mid") == 2, "%s", wgp_options_dump(g));
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "resolve the attack on 0503 Mid");
    advance_to(g, "choose the next battle");
    wgp_choose(g, "resolve the attack on 0503 Mid");
    ck_assert_msg(wgp_find_event(g, ev, "battle 1: 2 against 2", WG_VIEW_REFEREE) >= 0 &&
                      wgp_find_event(g, ev, "battle 2: 2 against 2", WG_VIEW_REFEREE) >= 0,
                  "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    wg_game_free(g);
}
END_TEST

/* LGA-ADDENDA-05, LGA-RBC-04 (Addendum: Combat Case E(2) and L): the supplied 5-5 on East attacks the
   Austrian 3-3 on Fareast.  With no Allied Supply unit in reach the 3-3 counts unsupplied (1): 500 %,
   and infantry may not Retreat Before Combat.  With an Allied Supply unit on Rim it could have been
   supplied and counts 3 (166 %): it may retreat, though the Supply unit is never used. */
START_TEST(test_rbc_odds_use_supplyable_value)
{
    for (int sup = 0; sup < 2; sup++) {
        char body[1024];
        snprintf(body, sizeof body,
                 "group a1 allied setup at=Fareast one-hex\n"
                 "unit austrian infantry division 3-3 x1\n"
                 "%s"
                 "group f2 french setup at=East one-hex\n"
                 "unit french infantry division 5-5 x1\n"
                 "group f3 french setup at=Mid one-hex\n"
                 "unit french supply - 0-4 x1\n",
                 sup ? "group a2 allied setup at=Rim one-hex\nunit austrian supply - 0-3 x1\n" : "");
        wg_game *g = wgp_lga_position(CTX, MAP, 1, "", body);
        wgp_lga_to_french_movement(g);
        french_to_declare(g);
        wgp_choose(g, "attack from 0603 East on 0703 Fareast");
        end_declarations(g);
        wgp_choose(g, "use supply Fr Sup 0-4");
        wgp_choose(g, "done");
        ck_assert_msg(strstr(wgp_decision(g), "Retreat Before Combat"), "%s", wgp_options_dump(g));
        ck_assert_msg(wgp_count(g, "retreat before combat Au Inf 3-3 #1") == (size_t)sup, "supply %d\n%s", sup,
                      wgp_options_dump(g));
        wg_game_free(g);
    }
}
END_TEST

/* ------------------------------------------------------------------ depots */

/* LGA-SEQ-05, LGA-SUPPLY-08, LGA-SUPPLY-10 (Supply C): no Depot creates in the Movement Phase; in
   the Supply Creation Phase the Depot that stayed on Corner creates one Supply unit on its hex, once;
   the Depot that moved this Player-Turn creates none.  On the next Game-Turn the new Supply unit
   moves and the Depot creates again. */
START_TEST(test_depot_creates_once_per_player_turn)
{
    wg_game *g = wgp_lga_position(CTX, MAP, 2, "", "group a1 allied setup at=Rim one-hex\n"
                                                   "unit austrian infantry division 3-3 x1\n"
                                                   "group f1 french setup at=Corner one-hex\n"
                                                   "unit french depot - 1-2 x1\n"
                                                   "group f2 french setup at=Bottom one-hex\n"
                                                   "unit french depot - 1-2 x1\n");
    wgp_lga_to_french_movement(g);
    ck_assert_msg(wgp_find(g, "create") < 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "move Fr Dep (1)-2 #3 from 0406 Bottom");
    wgp_skip_forced(g);
    if (wgp_find(g, "no forced march") >= 0)
        wgp_choose(g, "no forced march");
    wgp_choose(g, "-> 0506");
    wgp_skip_forced(g);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "end the Movement Phase");
    advance_to(g, "Supply Creation Phase");
    ck_assert_int_eq(wgp_decider(g), FRENCH);
    ck_assert_msg(wgp_count(g, "create a Supply unit") == 1, "%s", wgp_options_dump(g));
    ck_assert_msg(strstr(wgp_describe(g, WG_VIEW_REFEREE), "Fr Sup") == NULL, "%s", wgp_describe(g, WG_VIEW_REFEREE));
    wgp_choose(g, "create a Supply unit at the Depot on 0101 Corner");
    long ph = wgp_find_event(g, ev, "Game-Turn 1, French Supply Creation Phase", WG_VIEW_REFEREE);
    long cr = wgp_find_event(g, ev, "a Depot creates a Supply unit at 0101 Corner", WG_VIEW_REFEREE);
    ck_assert_msg(ph >= 0 && cr > ph, "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_str_eq(rule_of(g, cr), "LGA-SUPPLY-10");
    ck_assert_msg(strstr(wgp_describe(g, WG_VIEW_REFEREE), "Fr Sup 0-4 #4 at 0101 Corner"), "%s",
                  wgp_describe(g, WG_VIEW_REFEREE));
    ck_assert_msg(wgp_find(g, "create") < 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "end the Player-Turn");
    advance_to(g, "French Player-Turn: Movement Phase");
    ck_assert_msg(wgp_find(g, "move Fr Sup 0-4 #4 from 0101 Corner") >= 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "end the Movement Phase");
    advance_to(g, "Supply Creation Phase");
    ck_assert_msg(wgp_count(g, "create a Supply unit") == 2, "%s", wgp_options_dump(g));
    wg_game_free(g);
}
END_TEST

/* LGA-SUPPLY-09, LGA-ADDENDA-08 (Supply C; Addendum: Supply Case C): the French Depot on Mid, with
   Allied divisions on North and South whose Zones of Control cover the other four neighbours, is
   surrounded although a French division stands on West: it creates nothing.  The same holds with
   Mid a Fortress.  With South empty the Depot is not surrounded and creates. */
START_TEST(test_surrounded_depot_creates_nothing)
{
    static const char *const body[2] = {"group a1 allied setup at=North one-hex\n"
                                        "unit austrian infantry division 3-3 x1\n"
                                        "group a2 allied setup at=South one-hex\n"
                                        "unit austrian infantry division 3-3 x1\n"
                                        "group f1 french setup at=Mid one-hex\n"
                                        "unit french depot - 1-2 x1\n"
                                        "group f2 french setup at=West one-hex\n"
                                        "unit french infantry division 5-5 x1\n",
                                        "group a1 allied setup at=North one-hex\n"
                                        "unit austrian infantry division 3-3 x1\n"
                                        "group f1 french setup at=Mid one-hex\n"
                                        "unit french depot - 1-2 x1\n"
                                        "group f2 french setup at=West one-hex\n"
                                        "unit french infantry division 5-5 x1\n"};
    for (int m = 0; m < 2; m++)
        for (int b = 0; b < 2; b++) {
            char text[1024];
            snprintf(text, sizeof text, "%s%s", body[b], m ? "control Mid french\n" : "");
            wg_game *g = wgp_lga_position(CTX, m ? FORT_MAP : MAP, 1, "", text);
            wgp_lga_to_french_movement(g);
            wgp_choose(g, "end the Movement Phase");
            advance_to(g, "Supply Creation Phase");
            ck_assert_msg(wgp_count(g, "create a Supply unit at the Depot on 0503 Mid") == (size_t)b,
                          "map %d body %d\n%s", m, b, wgp_options_dump(g));
            wg_game_free(g);
        }
}
END_TEST

/* LGA-SUPPLY-08 (Supply C; Disruption A): the French Depot on Mid Retreats Before Combat in the Allied
   Player-Turn and is disrupted; in the French Supply Creation Phase it has not moved that Player-Turn
   but creates nothing, while the Depot on Corner creates. */
START_TEST(test_disrupted_depot_creates_nothing)
{
    wg_game *g = wgp_lga_position(CTX, MAP, 1, "", "group a1 allied setup at=East one-hex\n"
                                                   "unit austrian infantry corps 4-3 x1\n"
                                                   "group f1 french setup at=Mid one-hex\n"
                                                   "unit french depot - 1-2 x1\n"
                                                   "group f2 french setup at=South one-hex\n"
                                                   "unit french supply - 0-4 x1\n"
                                                   "group f3 french setup at=Corner one-hex\n"
                                                   "unit french depot - 1-2 x1\n");
    while (wgp_find(g, "end the Movement Phase") < 0)
        wgp_choose(g, " on ");
    wgp_choose(g, "end the Movement Phase");
    advance_to(g, "declare attacks");
    wgp_choose(g, "attack from 0603 East on 0503 Mid");
    end_declarations(g);
    wgp_choose(g, "done");
    ck_assert_int_eq(wgp_decider(g), FRENCH);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "retreat before combat Fr Dep (1)-2 #2");
    wgp_choose_index(g, 0);
    ck_assert_msg(wgp_find_event(g, ev, "Fr Dep (1)-2 #2 is disrupted", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    advance_to(g, "French Player-Turn: Movement Phase");
    ck_assert_msg(wgp_find(g, "move Fr Dep (1)-2 #2") < 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "end the Movement Phase");
    advance_to(g, "French Player-Turn: Supply Creation Phase");
    ck_assert_msg(strstr(wgp_describe(g, WG_VIEW_REFEREE), "Fr Dep (1)-2 #2 [disrupted]"), "%s",
                  wgp_describe(g, WG_VIEW_REFEREE));
    ck_assert_msg(wgp_count(g, "create a Supply unit") == 1 &&
                      wgp_find(g, "create a Supply unit at the Depot on 0101 Corner") >= 0,
                  "%s", wgp_options_dump(g));
    wg_game_free(g);
}
END_TEST

/* LGA-ADDENDA-02, LGA-COMBINE-06 (Addendum: Movement, Case S): two 2-5s combine at the end of the
   Movement Phase only if each has one MP left after paying for stacking: the one moving Farwest ->
   Corner spends 3 + 1 = 4 MP and the pair may combine; the one moving West -> Corner spends
   4 + 1 = 5 MP, none left, and they may not. */
START_TEST(test_combination_mp_after_stacking)
{
    static const char *const from[2] = {"Farwest", "West"};
    for (int k = 0; k < 2; k++) {
        char body[512], mv[64], cost[64];
        snprintf(body, sizeof body,
                 "group a1 allied setup at=Rim one-hex\n"
                 "unit austrian infantry division 3-3 x1\n"
                 "group f1 french setup at=Corner one-hex\n"
                 "unit french infantry division 2-5 x1\n"
                 "group f2 french setup at=%s one-hex\n"
                 "unit french infantry division 2-5 x1\n",
                 from[k]);
        wg_game *g = wgp_lga_position(CTX, MAP, 1, "", body);
        wgp_lga_to_french_movement(g);
        snprintf(mv, sizeof mv, "move Fr Inf 2-5 #3 from %s %s", k ? "0403" : "0303", from[k]);
        wgp_choose(g, mv);
        wgp_choose(g, "no forced march");
        size_t ev = wgp_event_count(g);
        wgp_choose(g, "-> 0101 Corner");
        snprintf(cost, sizeof cost, "Fr Inf 2-5 #3 moves to 0101 Corner (%d MP)", k ? 5 : 4);
        ck_assert_msg(wgp_find_event(g, ev, cost, WG_VIEW_REFEREE) >= 0, "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
        wgp_skip_forced(g);
        if (strstr(wgp_decision(g), "Movement Phase: choose"))
            wgp_choose(g, "end the Movement Phase");
        if (k == 0) {
            ck_assert_msg(strstr(wgp_decision(g), "end of the Movement Phase: combine units") &&
                              wgp_find(g, "combine Inf 2-5 units on 0101 Corner") >= 0,
                          "%s", wgp_options_dump(g));
            ev = wgp_event_count(g);
            wgp_choose(g, "combine Inf 2-5 units on 0101 Corner");
            ck_assert_msg(wgp_find_event(g, ev, "formed by combining 2 units", WG_VIEW_REFEREE) >= 0, "%s",
                          wgp_events_dump(g, ev, WG_VIEW_REFEREE));
        } else {
            ck_assert_msg(wgp_find(g, "combine") < 0, "%s", wgp_options_dump(g));
            ck_assert_msg(wgp_find_event(g, ev, "formed by combining", WG_VIEW_REFEREE) < 0, "%s",
                          wgp_events_dump(g, ev, WG_VIEW_REFEREE));
        }
        wg_game_free(g);
    }
}
END_TEST

/* LGA-ADDENDA-10 (Addendum: TEC Mountains and Mountain Passes): from West, the Supply unit and the Leader
   enter the Mountain hex Mid at the Infantry cost of 3 MP; the cavalry division may not enter it. */
START_TEST(test_mountain_entry_for_supply_and_leaders)
{
    wg_game *g = wgp_lga_position(CTX, MOUNTAIN_MAP, 1, "", "group a1 allied setup at=Paris one-hex\n"
                                                            "unit austrian infantry division 3-3 x1\n"
                                                            "group f1 french setup at=West one-hex\n"
                                                            "unit french supply - 0-4 x1\n"
                                                            "unit french cavalry division 1-8 x1\n"
                                                            "leader french A \"Napoleon\" 25/25 (1)-8\n");
    wgp_lga_to_french_movement(g);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "move Fr Cav 1-8");
    wgp_choose(g, "no forced march");
    ck_assert_msg(wgp_find(g, "-> 0503 Mid") < 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "stop here");
    wgp_skip_forced(g);
    wgp_choose(g, "move Fr Sup 0-4");
    if (wgp_find(g, "no forced march") >= 0)
        wgp_choose(g, "no forced march");
    wgp_choose(g, "-> 0503 Mid");
    ck_assert_msg(wgp_find_event(g, ev, "Fr Sup 0-4 #2 moves to 0503 Mid (3 MP)", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    wgp_skip_forced(g);
    wgp_choose(g, "move Fr Napoleon");
    if (wgp_find(g, "no forced march") >= 0)
        wgp_choose(g, "no forced march");
    wgp_choose(g, "-> 0503 Mid");
    ck_assert_msg(wgp_find_event(g, ev, "Fr Napoleon (A 25/25) moves to 0503 Mid (3 MP)", WG_VIEW_REFEREE) >= 0,
                  "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    wg_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ bundled scenarios */

/* Plays a bundled scenario to its end with the built-in bot and returns the highest Game-Turn its
   phase events name; *seen tells whether some event names `needle`. */
static int last_game_turn(const char *scenario, const char *needle, int *seen)
{
    wg_game *g = wgp_new(CTX, "lga", scenario, "crt=completion", 3, NULL);
    for (int k = 0; k < 2000000 && !is_over(g); k++)
        ck_assert_int_eq(wg_game_bot_step(NULL, g), WG_OK);
    ck_assert(is_over(g));
    int last = 0;
    size_t n = wgp_event_count(g);
    for (size_t i = 0; i < n; i++) {
        int t;
        if (sscanf(wgp_event(g, i, WG_VIEW_REFEREE), "Game-Turn %d, ", &t) == 1 && t > last)
            last = t;
    }
    ck_assert_int_ge(wgp_find_event(g, 0, "game over:", WG_VIEW_REFEREE), 0);
    *seen = wgp_find_event(g, 0, needle, WG_VIEW_REFEREE) >= 0;
    wg_game_free(g);
    return last;
}

/* LGA-SEQ-10, LGA-SEQ-09, LGA-ADDENDA-12 (Scenario Game-Turn tracks; Game Length; Addendum: Scenario
   Sheet): the bundled 1806 scenario ends after its ninth Game-Turn, 1809 after its twelfth.  In 1806
   the Allied reinforcement Bennigsen is rated 3/3, as the Addendum corrects the sheet's 1/3. */
START_TEST(test_bundled_scenario_lengths)
{
    int seen = 0;
    ck_assert_int_eq(last_game_turn("1806", "Ru Bennigsen (K 3/3)", &seen), 9);
    ck_assert(seen);
    ck_assert_int_eq(last_game_turn("1809", "game over", &seen), 12);
}
END_TEST

/* Checks the placement options of the French unit to be placed now: every hex offered lies within
   one hex of the named place, and all seven hexes of that ring are offered. */
static void placed_within_one_hex_of(wg_game *g, const char *place)
{
    int tc = -1, tr = -1, n = 0;
    for (size_t i = 0; i < wgp_option_count(g); i++) {
        const char *l = wgp_label(g, i);
        const char *p = strstr(l, " on ");
        size_t len = strlen(l), pl = strlen(place);
        if (p && len > pl && strcmp(l + len - pl, place) == 0)
            ck_assert_int_eq(sscanf(p + 4, "%2d%2d", &tc, &tr), 2);
    }
    ck_assert_msg(tc > 0, "%s is not offered\n%s", place, wgp_options_dump(g));
    for (size_t i = 0; i < wgp_option_count(g); i++) {
        const char *p = strstr(wgp_label(g, i), " on ");
        int c, r;
        if (!p || sscanf(p + 4, "%2d%2d", &c, &r) != 2)
            continue;
        ck_assert_msg(hex_distance(c - 1, r - 1, tc - 1, tr - 1) <= 1, "%s", wgp_options_dump(g));
        n++;
    }
    ck_assert_msg(n == 7, "%s", wgp_options_dump(g));
}

/* LGA-ADDENDA-13, LGA-SCEN-04 (Addendum: Scenario Sheet): in the bundled 1806 set-up the French units
   named for Koln and for Mainz may each be placed on that town or on any hex next to it. */
START_TEST(test_french_setup_within_one_hex)
{
    wg_game *g = wgp_new(CTX, "lga", "1806", NULL, 1, NULL);
    wgp_choose(g, "place the rest of the set-up automatically");
    ck_assert_int_eq(wgp_decider(g), FRENCH);
    ck_assert_msg(wgp_find(g, "place Fr Inf 2-5") >= 0, "%s", wgp_options_dump(g));
    placed_within_one_hex_of(g, " Koln");
    wgp_choose_index(g, wgp_option_count(g) - 1);
    for (int k = 0; k < 3 && !strstr(wgp_options_dump(g), " Mainz"); k++)
        wgp_choose_index(g, wgp_option_count(g) - 1);
    placed_within_one_hex_of(g, " Mainz");
    wg_game_free(g);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("lga_supply");
    TCase *t = tcase_create("sequence");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_turn_sequence_to_the_end);
    tcase_add_test(t, test_combat_segments_in_order);
    tcase_add_test(t, test_no_enemy_movement_in_movement_phase);
    tcase_add_test(t, test_autoelim_removed_at_start_of_combat);
    tcase_add_test(t, test_supply_never_changes_ma);
    suite_add_tcase(s, t);
    t = tcase_create("supply");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_one_supply_unit_supplies_many);
    tcase_add_test(t, test_fm_supply_is_not_stacking_supply);
    tcase_add_test(t, test_one_supply_for_stacking_and_combat);
    tcase_add_test(t, test_supply_kept_when_all_defenders_retreat);
    tcase_add_test(t, test_disrupted_supply_unit_cannot_supply);
    tcase_add_test(t, test_depot_creates_once_per_player_turn);
    tcase_add_test(t, test_surrounded_depot_creates_nothing);
    tcase_add_test(t, test_successive_attacks_on_one_hex);
    tcase_add_test(t, test_rbc_odds_use_supplyable_value);
    tcase_add_test(t, test_disrupted_depot_creates_nothing);
    tcase_add_test(t, test_combination_mp_after_stacking);
    tcase_add_test(t, test_mountain_entry_for_supply_and_leaders);
    suite_add_tcase(s, t);
    t = tcase_create("bundled");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_set_timeout(t, 300);
    tcase_add_test(t, test_bundled_scenario_lengths);
    tcase_add_test(t, test_french_setup_within_one_hex);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

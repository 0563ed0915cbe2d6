/* La Grande Armée: Fortresses (stacking and combat supply, combat, ZOC, sieges), Victory Points and
   the Prussian special rules, played through the public API on small host positions (a host "map"
   and a host "lga-scenario" document, doc/lga-data.md) and on the bundled scenarios. */
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

enum { ALLIED = 0, FRENCH = 1 };

/* An 8 x 6 board (0-based coordinates; labels are 1-based CCRR).  Keep, a Fortress at 0503, has
   the neighbours Kn 0502, Ks 0504, Knw 0402, Ksw 0403, Kne 0602, Kse 0603; Far 0303 lies beyond
   Ksw and Out 0703 beyond Kse.  Vienna, a Fortress in the corner 0101, has only Near 0102 and
   Other 0201 as neighbours; Beyond 0301 is next to Other.  Town, a City in the corner 0806, has
   only Tn1 0805 and Tn2 0706.  Glogau 0305 is a Prussian Fortress with Gate 0405 next to it;
   Away 0106. */
#define MAP_BODY                                                                                              \
    "wgdata 1 map\n"                                                                                          \
    "grid hex 8 6 odd-q\n"                                                                                    \
    "terrain clear city fortress mountain pass\n"                                                             \
    "flag austria prussia saxony passentry linea lineb easta eastb edge-n edge-s edge-e edge-w\n"             \
    "sideflag river bridge lake\n"                                                                            \
    "hex 4 2 fortress \"name=Keep\"\n"                                                                        \
    "hex 4 1 clear \"name=Kn\"\n"                                                                             \
    "hex 4 3 clear \"name=Ks\"\n"                                                                             \
    "hex 3 1 clear \"name=Knw\"\n"                                                                            \
    "hex 3 2 clear \"name=Ksw\"\n"                                                                            \
    "hex 5 1 clear \"name=Kne\"\n"                                                                            \
    "hex 5 2 clear \"name=Kse\"\n"                                                                            \
    "hex 2 2 clear \"name=Far\"\n"                                                                            \
    "hex 6 2 clear \"name=Out\"\n"                                                                            \
    "hex 0 0 fortress \"name=Vienna\"\n"                                                                      \
    "hex 0 1 clear \"name=Near\"\n"                                                                           \
    "hex 1 0 clear \"name=Other\"\n"                                                                          \
    "hex 2 0 clear \"name=Beyond\"\n"                                                                         \
    "hex 7 5 city \"name=Town\"\n"                                                                            \
    "hex 7 4 clear \"name=Tn1\"\n"                                                                            \
    "hex 6 5 clear \"name=Tn2\"\n"                                                                            \
    "hex 2 4 fortress prussia \"name=Glogau\"\n"                                                              \
    "hex 3 4 clear \"name=Gate\"\n"                                                                           \
    "hex 0 5 clear \"name=Away\"\n"

static const char MAP[] = MAP_BODY;
/* The same board with a River hex-side between Keep and Kn. */
static const char RIVER_MAP[] = MAP_BODY "side 4 2 n river\n";

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

static const char *rule_of(wg_game *g, long i)
{
    const char *rule = NULL;
    ck_assert_int_ge(i, 0);
    ck_assert_int_eq(wg_game_event_rule(&rule, g, (size_t)i), WG_OK);
    ck_assert_ptr_nonnull(rule);
    return rule;
}

static int64_t score(wg_game *g)
{
    int64_t vp = 0;
    ck_assert_int_eq(wg_game_score(&vp, g), WG_OK);
    return vp;
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
        ck_assert_msg(!is_over(g), "the game ended before \"%s\"\n%s", until, wgp_events_dump(g, 0, WG_VIEW_REFEREE));
        if (wgp_find(g, "die roll 1") >= 0)
            wgp_choose(g, "die roll 1");
        else
            wgp_choose_index(g, 0);
    }
    ck_abort_msg("no decision \"%s\"\n%s", until, wgp_options_dump(g));
}

/* Plays on (as advance_to) to the end of the game. */
static void play_out(wg_game *g)
{
    for (int k = 0; k < 400 && !is_over(g); k++) {
        if (wgp_find(g, "die roll 1") >= 0)
            wgp_choose(g, "die roll 1");
        else
            wgp_choose_index(g, 0);
    }
    ck_assert(is_over(g));
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

/* Places the set-up and ends the Allied Movement Phase: the Allied declaration of attacks. */
static void allied_to_declare(wg_game *g)
{
    while (wgp_find(g, "end the Movement Phase") < 0)
        wgp_choose(g, " on ");
    wgp_choose(g, "end the Movement Phase");
    advance_to(g, "declare attacks");
    ck_assert_int_eq(wgp_decider(g), ALLIED);
}

static void french_to_declare(wg_game *g)
{
    wgp_lga_to_french_movement(g);
    wgp_choose(g, "end the Movement Phase");
    advance_to(g, "declare attacks");
    ck_assert_int_eq(wgp_decider(g), FRENCH);
}

static int has_piece(wg_game *g, const char *text)
{
    return strstr(wgp_describe(g, WG_VIEW_REFEREE), text) != NULL;
}

/* ------------------------------------------------------------------ stacking supply */

/* LGA-FORT-15, LGA-FORT-01, LGA-SUPPLY-11 (Fortress A; Supply D): an 18-2 and a 2-5 total 20 on
   the French Fortress Keep, no Supply unit used: at the stacking check of the French Player-Turn
   the Allied player removes exactly one of them, either; the other stays. */
START_TEST(test_fortress_twenty_points_lose_one_unit)
{
    for (int pick = 0; pick < 2; pick++) {
        wg_game *g = wgp_lga_position(CTX, MAP, 1, "", "group a1 allied setup at=Away one-hex\n"
                                                       "unit austrian infantry division 3-3 x1\n"
                                                       "group f1 french setup at=Keep one-hex\n"
                                                       "unit french infantry army 18-2 x1\n"
                                                       "unit french infantry division 2-5 x1\n"
                                                       "control Keep french\n");
        french_to_declare(g);
        wgp_choose(g, "no more attacks");
        wgp_choose(g, "done");
        ck_assert_msg(strstr(wgp_decision(g), "eliminate units of an illegal stack"), "%s", wgp_options_dump(g));
        ck_assert_int_eq(wgp_decider(g), ALLIED);
        ck_assert_uint_eq(wgp_option_count(g), 2);
        ck_assert_msg(wgp_find(g, "eliminate Fr Inf 18-2 #2") >= 0 && wgp_find(g, "eliminate Fr Inf 2-5 #3") >= 0, "%s",
                      wgp_options_dump(g));
        size_t ev = wgp_event_count(g);
        wgp_choose(g, pick ? "eliminate Fr Inf 18-2 #2" : "eliminate Fr Inf 2-5 #3");
        long e = wgp_find_event(g, ev,
                                pick ? "Fr Inf 18-2 #2 is eliminated at 0503 Keep" : "Fr Inf 2-5 #3 is eliminated at 0503 Keep",
                                WG_VIEW_REFEREE);
        ck_assert_str_eq(rule_of(g, e), "LGA-FORT-01");
        ck_assert_msg(!strstr(wgp_decision(g), "illegal stack"), "%s", wgp_options_dump(g));
        ck_assert(has_piece(g, pick ? "Fr Inf 2-5 #3 at 0503 Keep" : "Fr Inf 18-2 #2 at 0503 Keep"));
        wg_game_free(g);
    }
}
END_TEST

/* LGA-FORT-01 (Fortress A): 15 points on Keep need no Supply unit; 22 points (18-2, 2-5, 2-5) lose
   the minimum number of units that brings them to 18: the 18-2 alone is offered. */
START_TEST(test_fortress_stacking_limit)
{
    wg_game *g = wgp_lga_position(CTX, MAP, 1, "", "group a1 allied setup at=Away one-hex\n"
                                                   "unit austrian infantry division 3-3 x1\n"
                                                   "group f1 french setup at=Keep one-hex\n"
                                                   "unit french infantry division 5-5 x3\n"
                                                   "control Keep french\n");
    french_to_declare(g);
    wgp_choose(g, "no more attacks");
    wgp_choose(g, "done");
    ck_assert_msg(!strstr(wgp_decision(g), "illegal stack"), "%s", wgp_options_dump(g));
    wg_game_free(g);

    g = wgp_lga_position(CTX, MAP, 1, "", "group a1 allied setup at=Away one-hex\n"
                                          "unit austrian infantry division 3-3 x1\n"
                                          "group f1 french setup at=Keep one-hex\n"
                                          "unit french infantry army 18-2 x1\n"
                                          "unit french infantry division 2-5 x2\n"
                                          "control Keep french\n");
    french_to_declare(g);
    wgp_choose(g, "no more attacks");
    wgp_choose(g, "done");
    ck_assert_msg(strstr(wgp_decision(g), "illegal stack"), "%s", wgp_options_dump(g));
    ck_assert_msg(wgp_option_count(g) == 1 && wgp_find(g, "eliminate Fr Inf 18-2") == 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "eliminate Fr Inf 18-2");
    ck_assert_msg(!strstr(wgp_decision(g), "illegal stack"), "%s", wgp_options_dump(g));
    ck_assert(has_piece(g, "Fr Inf 2-5 #3 at 0503 Keep") && has_piece(g, "Fr Inf 2-5 #4 at 0503 Keep"));
    wg_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ combat */

/* LGA-FORT-02, LGA-FORT-04, LGA-ADDENDA-04, LGA-SUPPLY-11 (Fortress B, D; Addendum: Combat Case D):
   the Austrian 4-3 on the Allied Fortress Keep has no Supply unit yet defends supplied and tripled
   (12) against the unsupplied 5-5 (2); on the clear hex Out the same corps is halved (2). */
START_TEST(test_fortress_supplies_and_triples_defenders)
{
    wg_game *g = wgp_lga_position(CTX, MAP, 1, "", "group a1 allied setup at=Keep one-hex\n"
                                                   "unit austrian infantry corps 4-3 x1\n"
                                                   "group a2 allied setup at=Out one-hex\n"
                                                   "unit austrian infantry corps 4-3 x1\n"
                                                   "group f1 french setup at=Kn one-hex\n"
                                                   "unit french infantry division 5-5 x1\n"
                                                   "group f2 french setup at=Kse one-hex\n"
                                                   "unit french infantry division 5-5 x1\n"
                                                   "control Keep allied\n");
    french_to_declare(g);
    wgp_choose(g, "on 0503 Keep");
    members_done(g);
    wgp_choose(g, "attack from 0603 Kse on 0703 Out");
    end_declarations(g);
    advance_to(g, "allocate defender supply");
    /* nothing to allocate: the Fortress supplies its 4 points */
    ck_assert_msg(wgp_find(g, "free supply") < 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "done");
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "resolve the attack on 0503 Keep");
    ck_assert_msg(wgp_find_event(g, ev, "battle 1: 2 against 12, odds column <80%", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    advance_to(g, "choose the next battle");
    ev = wgp_event_count(g);
    wgp_choose(g, "resolve the attack on 0703 Out");
    ck_assert_msg(wgp_find_event(g, ev, "2 against 2, odds column 100-109%", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    wg_game_free(g);
}
END_TEST

/* LGA-FORT-02, LGA-GAP-53 (Fortress B): 20 French points on Keep attacked by the Allies: the
   Fortress supplies 18 points at most, chosen by the French in the Defender Supply-Allocation
   Segment.  Supplying the 2-5 leaves the 18-2 halved (9 x 3 + 2 x 3 = 33); supplying the 18-2 leaves
   the 2-5 halved (18 x 3 + 1 x 3 = 57). */
START_TEST(test_fortress_supplies_eighteen_points)
{
    static const char *const pick[2] = {"give Fr Inf 2-5 #4", "give Fr Inf 18-2 #3"};
    static const char *const other[2] = {"give Fr Inf 18-2", "give Fr Inf 2-5"};
    static const char *const total[2] = {"against 33", "against 57"};
    for (int p = 0; p < 2; p++) {
        wg_game *g = wgp_lga_position(CTX, MAP, 1, "", "group a1 allied setup at=Kn one-hex\n"
                                                       "unit austrian infantry corps 12-4 x1\n"
                                                       "group a2 allied setup at=Knw one-hex\n"
                                                       "unit austrian supply - 0-3 x1\n"
                                                       "group f1 french setup at=Keep one-hex\n"
                                                       "unit french infantry army 18-2 x1\n"
                                                       "unit french infantry division 2-5 x1\n"
                                                       "control Keep french\n");
        allied_to_declare(g);
        wgp_choose(g, "on 0503 Keep");
        end_declarations(g);
        wgp_choose(g, "use supply Au Sup 0-3");
        wgp_choose(g, "done");
        advance_to(g, "allocate defender supply");
        ck_assert_int_eq(wgp_decider(g), FRENCH);
        ck_assert_msg(wgp_count(g, "the free supply of the Fortress at 0503 Keep") == 2, "%s", wgp_options_dump(g));
        size_t ev = wgp_event_count(g);
        wgp_choose(g, pick[p]);
        ck_assert_msg(wgp_find_event(g, ev, "takes the free supply of the Fortress at 0503 Keep", WG_VIEW_REFEREE) >= 0,
                      "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
        ck_assert_msg(wgp_find(g, other[p]) < 0, "%s", wgp_options_dump(g));
        wgp_choose(g, "done");
        wgp_choose(g, "resolve the attack on 0503 Keep");
        ck_assert_msg(wgp_find_event(g, ev, total[p], WG_VIEW_REFEREE) >= 0, "%s",
                      wgp_events_dump(g, ev, WG_VIEW_REFEREE));
        wg_game_free(g);
    }
}
END_TEST

/* LGA-FORT-05, LGA-TEC-03 (Fortress D): against the Austrian 4-3 on Keep (12), three supplied 5-5s
   (15, 125 %) roll 1: Dr1, which has no effect on a Fortress; the corps stays on Keep. */
START_TEST(test_fortress_ignores_dr)
{
    wg_game *g = wgp_lga_position(CTX, MAP, 1, "", "group a1 allied setup at=Keep one-hex\n"
                                                   "unit austrian infantry corps 4-3 x1\n"
                                                   "group f1 french setup at=Kn one-hex\n"
                                                   "unit french infantry division 5-5 x3\n"
                                                   "unit french supply - 0-4 x1\n"
                                                   "control Keep allied\n");
    french_to_declare(g);
    wgp_choose(g, "on 0503 Keep");
    end_declarations(g);
    wgp_choose(g, "use supply Fr Sup 0-4");
    advance_to(g, "choose the next battle");
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "resolve the attack on 0503 Keep");
    ck_assert_msg(wgp_find_event(g, ev, "battle 1: 15 against 12, odds column 120-139%", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    wgp_choose(g, "die roll 1");
    long e = wgp_find_event(g, ev, "battle 1: Dr1 has no effect on a Fortress", WG_VIEW_REFEREE);
    ck_assert_msg(e >= 0, "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_str_eq(rule_of(g, e), "LGA-FORT-05");
    ck_assert_msg(wgp_find_event(g, ev, "retreats", WG_VIEW_REFEREE) < 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    wgp_skip_forced(g);
    ck_assert(has_piece(g, "Au Inf 4-3 #1 at 0503 Keep"));
    wg_game_free(g);
}
END_TEST

/* LGA-FORT-05 (Fortress D): two supplied 18-2s (36 against 12, 300 %) roll 1: a half exchange;
   only attacking units are lost and the corps on Keep is never eliminated by it. */
START_TEST(test_fortress_half_exchange_hits_attacker_only)
{
    wg_game *g = wgp_lga_position(CTX, MAP, 1, "", "group a1 allied setup at=Keep one-hex\n"
                                                   "unit austrian infantry corps 4-3 x1\n"
                                                   "group f1 french setup at=Kn one-hex\n"
                                                   "unit french infantry army 18-2 x2\n"
                                                   "unit french supply - 0-4 x1\n"
                                                   "control Keep allied\n");
    french_to_declare(g);
    wgp_choose(g, "on 0503 Keep");
    end_declarations(g);
    wgp_choose(g, "use supply Fr Sup 0-4");
    advance_to(g, "choose the next battle");
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "resolve the attack on 0503 Keep");
    ck_assert_msg(wgp_find_event(g, ev, "36 against 12, odds column 300-399%", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    wgp_choose(g, "die roll 1");
    ck_assert_msg(wgp_find_event(g, ev, "half exchange", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    if (wgp_find(g, "eliminate Fr Inf 18-2") >= 0)
        wgp_choose(g, "eliminate Fr Inf 18-2");
    ck_assert_msg(wgp_find_event(g, ev, "is eliminated at 0502 Kn", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_msg(wgp_find_event(g, ev, "Au Inf 4-3 #1 is eliminated", WG_VIEW_REFEREE) < 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert(has_piece(g, "Au Inf 4-3 #1 at 0503 Keep"));
    wg_game_free(g);
}
END_TEST

/* LGA-FORT-06 (Fortress E): the unsupplied 5-5s on Kn and on Ks, two hexes, make one combined attack
   on Keep: 2 + 2 = 4 against 12. */
START_TEST(test_combined_attack_on_fortress)
{
    wg_game *g = wgp_lga_position(CTX, MAP, 1, "", "group a1 allied setup at=Keep one-hex\n"
                                                   "unit austrian infantry corps 4-3 x1\n"
                                                   "group f1 french setup at=Kn one-hex\n"
                                                   "unit french infantry division 5-5 x1\n"
                                                   "group f2 french setup at=Ks one-hex\n"
                                                   "unit french infantry division 5-5 x1\n"
                                                   "control Keep allied\n");
    french_to_declare(g);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "combined attack on the Fortress 0503 Keep");
    long d = wgp_find_event(g, ev, "declared on 0503 Keep", WG_VIEW_REFEREE);
    ck_assert_str_eq(rule_of(g, d), "LGA-FORT-06");
    end_declarations(g);
    advance_to(g, "choose the next battle");
    ck_assert_uint_eq(wgp_count(g, "resolve the attack"), 1);
    wgp_choose(g, "resolve the attack on 0503 Keep");
    ck_assert_msg(wgp_find_event(g, ev, "battle 1: 4 against 12", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    wg_game_free(g);
}
END_TEST

/* LGA-FORT-07 (Fortress F): the French 5-5 on Keep must attack both adjacent Allied hexes, Kn and
   Ks, in one battle (supplied by the Fortress, 5 against 2 + 2); no attack on a single hex is
   offered from Keep. */
START_TEST(test_attack_out_of_fortress_takes_all_hexes)
{
    wg_game *g = wgp_lga_position(CTX, MAP, 1, "", "group a1 allied setup at=Kn one-hex\n"
                                                   "unit austrian infantry corps 4-3 x1\n"
                                                   "group a2 allied setup at=Ks one-hex\n"
                                                   "unit austrian infantry corps 4-3 x1\n"
                                                   "group f1 french setup at=Keep one-hex\n"
                                                   "unit french infantry division 5-5 x1\n"
                                                   "control Keep french\n");
    french_to_declare(g);
    ck_assert_msg(wgp_count(g, "attack from 0503 Keep") == 1, "%s", wgp_options_dump(g));
    wgp_choose(g, "attack from 0503 Keep");
    end_declarations(g);
    advance_to(g, "choose the next battle");
    ck_assert_uint_eq(wgp_count(g, "resolve the attack"), 1);
    size_t ev = wgp_event_count(g);
    wgp_choose_index(g, 0);
    ck_assert_msg(wgp_find_event(g, ev, "battle 1: 5 against 4", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    wg_game_free(g);
}
END_TEST

/* LGA-FORT-07 (Fortress F): with a River hex-side between Keep and Kn, the French 5-5 on Keep may
   leave Kn out of its battle (5 against the 2 of Ks) or include it (5 against 2 + 2 x 2 = 6, the 4-3
   on Kn doubled behind the river); it never attacks Kn alone. */
START_TEST(test_attack_out_of_fortress_river_hexes_optional)
{
    static const char *const pick[2] = {"attack from 0503 Keep on 0504 Ks", "(with the hexes across rivers)"};
    static const char *const total[2] = {"battle 1: 5 against 2,", "battle 1: 5 against 6,"};
    for (int k = 0; k < 2; k++) {
        wg_game *g = wgp_lga_position(CTX, RIVER_MAP, 1, "", "group a1 allied setup at=Kn one-hex\n"
                                                             "unit austrian infantry corps 4-3 x1\n"
                                                             "group a2 allied setup at=Ks one-hex\n"
                                                             "unit austrian infantry corps 4-3 x1\n"
                                                             "group f1 french setup at=Keep one-hex\n"
                                                             "unit french infantry division 5-5 x1\n"
                                                             "control Keep french\n");
        french_to_declare(g);
        ck_assert_msg(wgp_count(g, "attack from 0503 Keep") == 2 && wgp_count(g, "Keep on 0502 Kn") == 0, "%s",
                      wgp_options_dump(g));
        wgp_choose(g, pick[k]);
        end_declarations(g);
        advance_to(g, "choose the next battle");
        size_t ev = wgp_event_count(g);
        wgp_choose_index(g, 0);
        ck_assert_msg(wgp_find_event(g, ev, total[k], WG_VIEW_REFEREE) >= 0, "%s",
                      wgp_events_dump(g, ev, WG_VIEW_REFEREE));
        wg_game_free(g);
    }
}
END_TEST

/* LGA-ADDENDA-09, LGA-TEC-11 (Addendum: TEC General; TEC Notes): the 4-3 on Keep attacked across the
   River hex-side from Kn is tripled (12), not sextupled, and the attack below 160 % is an Ae. */
START_TEST(test_fortress_behind_river_tripled_only)
{
    wg_game *g = wgp_lga_position(CTX, RIVER_MAP, 1, "", "group a1 allied setup at=Keep one-hex\n"
                                                         "unit austrian infantry corps 4-3 x1\n"
                                                         "group f1 french setup at=Kn one-hex\n"
                                                         "unit french infantry division 5-5 x3\n"
                                                         "unit french supply - 0-4 x1\n"
                                                         "control Keep allied\n");
    french_to_declare(g);
    wgp_choose(g, "on 0503 Keep");
    end_declarations(g);
    wgp_choose(g, "use supply Fr Sup 0-4");
    advance_to(g, "choose the next battle");
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "resolve the attack on 0503 Keep");
    ck_assert_msg(wgp_find_event(g, ev, "battle 1: 15 against 12", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_msg(wgp_find_event(g, ev, "river attack below 160%: Ae", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    wg_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ ZOC and movement */

/* LGA-FORT-03, LGA-FORT-12 (Fortress C; ZOC E; TEC): the Austrian corps on Keep exerts no ZOC: the
   French cavalry moves Far -> Ksw -> Ks -> Kse -> Out past it (4 MP) without stopping.  Entering the
   empty Fortress Vienna costs 1 MP. */
START_TEST(test_fortress_units_exert_no_zoc)
{
    wg_game *g = wgp_lga_position(CTX, MAP, 1, "", "group a1 allied setup at=Keep one-hex\n"
                                                   "unit austrian infantry corps 4-3 x1\n"
                                                   "group f1 french setup at=Far one-hex\n"
                                                   "unit french cavalry division 1-8 x1\n"
                                                   "group f2 french setup at=Other one-hex\n"
                                                   "unit french cavalry division 1-8 x1\n"
                                                   "control Keep allied\n"
                                                   "control Vienna french\n");
    wgp_lga_to_french_movement(g);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "move Fr Cav 1-8 #2 from 0303 Far");
    wgp_choose(g, "no forced march");
    wgp_choose(g, "-> 0703 Out");
    ck_assert_msg(wgp_find_event(g, ev, "Fr Cav 1-8 #2 moves to 0703 Out (4 MP)", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    wgp_skip_forced(g);
    wgp_choose(g, "move Fr Cav 1-8 #3 from 0201 Other");
    wgp_choose(g, "no forced march");
    wgp_choose(g, "-> 0101 Vienna");
    ck_assert_msg(wgp_find_event(g, ev, "Fr Cav 1-8 #3 moves to 0101 Vienna (1 MP)", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    wg_game_free(g);
}
END_TEST

/* LGA-FORT-03 (Fortress C; ZOC E): the Austrian corps on Kne, outside the empty French Fortress Keep,
   exerts no ZOC onto it: the French cavalry goes Ks -> Keep -> Kn in 2 MP; around Keep the way is
   3 MP (Ks -> Ksw -> Knw -> Kn). */
START_TEST(test_no_zoc_onto_fortress_hex)
{
    wg_game *g = wgp_lga_position(CTX, MAP, 1, "", "group a1 allied setup at=Kne one-hex\n"
                                                   "unit austrian infantry corps 4-3 x1\n"
                                                   "group f1 french setup at=Ks one-hex\n"
                                                   "unit french cavalry division 1-8 x1\n"
                                                   "control Keep french\n");
    wgp_lga_to_french_movement(g);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "move Fr Cav 1-8 #2 from 0504 Ks");
    wgp_choose(g, "no forced march");
    wgp_choose(g, "-> 0502 Kn");
    ck_assert_msg(wgp_find_event(g, ev, "Fr Cav 1-8 #2 moves to 0502 Kn (2 MP)", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    wg_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ sieges and victory points */

/* The Vienna position: the Allied Fortress Vienna (30 VP controlled, 15 besieged), empty; a French
   cavalry division on `french_at` (on Near it besieges Vienna: its ZOC covers Other); an Austrian
   division waits on Beyond. */
static wg_game *vienna(int turns, const char *french_at, const char *extra)
{
    char body[1024];
    snprintf(body, sizeof body,
             "group a1 allied setup at=Beyond one-hex\n"
             "unit austrian infantry division 3-3 x1\n"
             "group f1 french setup at=%s one-hex\n"
             "unit french cavalry division 1-8 x1\n"
             "%s"
             "vp place Vienna 30 15\n"
             "control Vienna allied\n",
             french_at, extra);
    return wgp_lga_position(CTX, MAP, turns, "", body);
}

/* LGA-VP-04, LGA-VP-01, LGA-VP-02, LGA-VP-03, LGA-FORT-08, LGA-FORT-10, LGA-FORT-14 (Victory Points
   & Levels; 1805 VP; Fortress G): the French cavalry moves onto Near and besieges Vienna: at the end
   of the French Player-Turn the one total rises by 15, half of the 30 for control, and Vienna stays
   Allied.  The Allied division then moves onto Other and lifts the siege: the Allies bring the total
   down by 15. */
START_TEST(test_vienna_siege_lifted)
{
    wg_game *g = vienna(2, "Away", "");
    wgp_lga_to_french_movement(g);
    ck_assert_int_eq(score(g), 0);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "move Fr Cav 1-8 #2 from 0106 Away");
    wgp_choose(g, "no forced march");
    wgp_choose(g, "-> 0102 Near");
    advance_to(g, "Game-Turn 2, Allied Player-Turn: Movement Phase");
    long v = wgp_find_event(g, ev, "victory points now 15 (+15)", WG_VIEW_REFEREE);
    ck_assert_msg(v >= 0, "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_str_eq(rule_of(g, v), "LGA-VP-02");
    ck_assert_int_eq(score(g), 15);
    ck_assert_msg(wgp_find_event(g, 0, "controlled by the French", WG_VIEW_REFEREE) < 0, "%s",
                  wgp_events_dump(g, 0, WG_VIEW_REFEREE));
    ev = wgp_event_count(g);
    wgp_choose(g, "move Au Inf 3-3 #1 from 0301 Beyond");
    if (wgp_find(g, "no forced march") >= 0)
        wgp_choose(g, "no forced march");
    wgp_choose(g, "-> 0201 Other");
    advance_to(g, "Game-Turn 2, French Player-Turn: Movement Phase");
    ck_assert_msg(wgp_find_event(g, ev, "victory points now 0 (-15)", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_int_eq(score(g), 0);
    wg_game_free(g);
}
END_TEST

/* LGA-VP-04, LGA-VP-03, LGA-FORT-12 (Victory Points & Levels): the besieged Vienna (15) is then
   captured by a French division entering it from Other for 1 MP: the total rises by a further 15,
   to 30. */
START_TEST(test_vienna_siege_then_capture)
{
    wg_game *g = vienna(2, "Near", "group f2 french setup at=Other one-hex\n"
                           "unit french cavalry division 1-8 x1\n");
    wgp_lga_to_french_movement(g);
    ck_assert_int_eq(score(g), 15);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "move Fr Cav 1-8 #3 from 0201 Other");
    wgp_choose(g, "no forced march");
    wgp_choose(g, "-> 0101 Vienna");
    ck_assert_msg(wgp_find_event(g, ev, "moves to 0101 Vienna (1 MP)", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_str_eq(rule_of(g, wgp_find_event(g, ev, "0101 Vienna is now controlled by the French", WG_VIEW_REFEREE)),
                     "LGA-VP-03");
    wgp_skip_forced(g);
    wgp_choose(g, "end the Movement Phase");
    advance_to(g, "Allied Player-Turn");
    ck_assert_msg(wgp_find_event(g, ev, "victory points now 30 (+15)", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_int_eq(score(g), 30);
    wg_game_free(g);
}
END_TEST

/* LGA-FORT-10, LGA-VP-01 (Fortress G; VP General Rule): the French control Vienna (30).  Besieged by
   the Austrian cavalry on Near, the besieged French receive nothing for it: the total is 0; with the
   cavalry away it is 30. */
START_TEST(test_besieged_french_fortress_scores_nothing)
{
    for (int siege = 0; siege < 2; siege++) {
        char body[512];
        snprintf(body, sizeof body,
                 "group a1 allied setup at=%s one-hex\n"
                 "unit austrian cavalry division 1-6 x1\n"
                 "group f1 french setup at=Town one-hex\n"
                 "unit french infantry division 5-5 x1\n"
                 "vp place Vienna 30 15\n"
                 "control Vienna french\n",
                 siege ? "Near" : "Away");
        wg_game *g = wgp_lga_position(CTX, MAP, 1, "", body);
        wgp_lga_to_french_movement(g);
        ck_assert_int_eq(score(g), siege ? 0 : 30);
        wg_game_free(g);
    }
}
END_TEST

/* LGA-FORT-09, LGA-SEQ-09, LGA-VP-05 (Fortress G; Game Length; VP A): an Austrian division is in the
   besieged Vienna when the one Game-Turn ends: it is destroyed, and the final 15 VP read French
   Decisive on the level table. */
START_TEST(test_besieged_units_destroyed_at_end)
{
    wg_game *g = wgp_lga_position(CTX, MAP, 1, "", "group a1 allied setup at=Vienna one-hex\n"
                                                   "unit austrian infantry division 3-3 x1\n"
                                                   "group f1 french setup at=Near one-hex\n"
                                                   "unit french cavalry division 1-8 x1\n"
                                                   "vp place Vienna 30 15\n"
                                                   "control Vienna allied\n");
    wgp_lga_to_french_movement(g);
    size_t ev = wgp_event_count(g);
    ck_assert(has_piece(g, "Au Inf 3-3 #1 at 0101 Vienna"));
    play_out(g);
    long e = wgp_find_event(g, ev, "Au Inf 3-3 #1 is eliminated at 0101 Vienna", WG_VIEW_REFEREE);
    long end = wgp_find_event(g, ev, "game over: 15 victory points, French Decisive", WG_VIEW_REFEREE);
    ck_assert_msg(e >= 0 && end > e, "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_str_eq(rule_of(g, e), "LGA-FORT-09");
    ck_assert_int_eq(score(g), 15);
    wg_game_free(g);
}
END_TEST

/* LGA-FORT-13 (Victory Points & Levels): the City Town is surrounded by French units on both its
   neighbours, but a City is never besieged: the Austrian division in it is not destroyed at the end
   of the game, and a French division entering the Allied City takes it by control, not as the
   capture of a besieged place. */
START_TEST(test_city_never_besieged)
{
    wg_game *g = wgp_lga_position(CTX, MAP, 1, "", "group a1 allied setup at=Town one-hex\n"
                                                   "unit austrian infantry division 3-3 x1\n"
                                                   "group f1 french setup at=Tn1 one-hex\n"
                                                   "unit french cavalry division 1-8 x1\n"
                                                   "group f2 french setup at=Tn2 one-hex\n"
                                                   "unit french cavalry division 1-8 x1\n"
                                                   "vp place Town 20 -\n"
                                                   "control Town allied\n");
    wgp_lga_to_french_movement(g);
    ck_assert_int_eq(score(g), 0);
    size_t ev = wgp_event_count(g);
    play_out(g);
    ck_assert_msg(wgp_find_event(g, ev, "is eliminated at 0806 Town", WG_VIEW_REFEREE) < 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert(has_piece(g, "Au Inf 3-3 #1 at 0806 Town"));
    ck_assert_int_eq(score(g), 0);
    wg_game_free(g);

    g = wgp_lga_position(CTX, MAP, 1, "", "group a1 allied setup at=Away one-hex\n"
                                          "unit austrian infantry division 3-3 x1\n"
                                          "group f1 french setup at=Tn1 one-hex\n"
                                          "unit french cavalry division 1-8 x1\n"
                                          "group f2 french setup at=Tn2 one-hex\n"
                                          "unit french cavalry division 1-8 x1\n"
                                          "vp place Town 20 -\n"
                                          "control Town allied\n");
    wgp_lga_to_french_movement(g);
    ck_assert_int_eq(score(g), 0);
    ev = wgp_event_count(g);
    wgp_choose(g, "move Fr Cav 1-8 #2 from 0805 Tn1");
    wgp_choose(g, "no forced march");
    wgp_choose(g, "-> 0806 Town");
    ck_assert_str_ne(rule_of(g, wgp_find_event(g, ev, "0806 Town is now controlled by the French", WG_VIEW_REFEREE)),
                     "LGA-VP-03");
    wg_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ Prussian rules */

/* LGA-PRUSSIAN-01, LGA-ADDENDA-14 (Addendum: Special Rules for Prussian Army): without the
   scenario's Prussian rules, a second Prussian division marching into Glogau is legal: the Allied
   Movement Phase ends with no elimination and both stay.  With them, one must go. */
START_TEST(test_prussian_rules_only_when_the_scenario_has_them)
{
    for (int rules = 0; rules < 2; rules++) {
        wg_game *g = wgp_lga_position(CTX, MAP, 1, rules ? "rules prussian\n" : "",
                                      "group a1 allied setup at=Glogau one-hex\n"
                                      "unit prussian infantry division 3-3 x1\n"
                                      "group a2 allied setup at=Gate one-hex\n"
                                      "unit prussian infantry division 3-3 x1\n"
                                      "group f1 french setup at=Tn1 one-hex\n"
                                      "unit french infantry division 5-5 x1\n"
                                      "control Glogau allied\n");
        while (wgp_find(g, "end the Movement Phase") < 0)
            wgp_choose(g, " on ");
        wgp_choose(g, "move Pr Inf 3-3 #2 from 0405 Gate");
        if (wgp_find(g, "no forced march") >= 0)
            wgp_choose(g, "no forced march");
        wgp_choose(g, "-> 0305 Glogau");
        wgp_skip_forced(g);
        wgp_choose(g, "end the Movement Phase");
        wgp_skip_forced(g);
        ck_assert_msg(wgp_count(g, "eliminate Pr Inf 3-3") == (size_t)(rules ? 2 : 0), "rules %d\n%s", rules,
                      wgp_options_dump(g));
        if (!rules) {
            ck_assert(has_piece(g, "Pr Inf 3-3 #1 at 0305 Glogau") && has_piece(g, "Pr Inf 3-3 #2 at 0305 Glogau"));
        }
        wg_game_free(g);
    }
}
END_TEST

/* LGA-PRUSSIAN-04, LGA-PRUSSIAN-06, LGA-ADDENDA-14 (Addendum: Retreat Before Combat): a Prussian
   3-3 and the Prussian Leader Hohenloe on Out are attacked by a 5-5 (2 against 1, far below 500 %):
   the Leader may Retreat Before Combat, the Prussian infantry may not; an Austrian 3-3 in the same
   place may. */
START_TEST(test_prussian_infantry_never_retreats_before_combat)
{
    for (int nat = 0; nat < 2; nat++) {
        char body[512];
        snprintf(body, sizeof body,
                 "group a1 allied setup at=Out one-hex\n"
                 "unit %s infantry division 3-3 x1\n"
                 "leader prussian E \"Hohenloe\" 1/1 (1)-8\n"
                 "group f1 french setup at=Kse one-hex\n"
                 "unit french infantry division 5-5 x1\n",
                 nat ? "austrian" : "prussian");
        wg_game *g = wgp_lga_position(CTX, MAP, 1, "rules prussian\n", body);
        french_to_declare(g);
        wgp_choose(g, "attack from 0603 Kse on 0703 Out");
        end_declarations(g);
        wgp_choose(g, "done");
        ck_assert_msg(strstr(wgp_decision(g), "Retreat Before Combat"), "%s", wgp_options_dump(g));
        ck_assert_msg(wgp_find(g, "retreat before combat Pr Hohenloe") >= 0, "%s", wgp_options_dump(g));
        ck_assert_msg(wgp_count(g, nat ? "retreat before combat Au Inf 3-3" : "retreat before combat Pr Inf") ==
                          (size_t)nat,
                      "%s", wgp_options_dump(g));
        size_t ev = wgp_event_count(g);
        wgp_choose(g, "retreat before combat Pr Hohenloe");
        wgp_choose_index(g, 0);
        ck_assert_msg(wgp_find_event(g, ev, "Pr Hohenloe (E 1/1) retreats 0703 Out", WG_VIEW_REFEREE) >= 0, "%s",
                      wgp_events_dump(g, ev, WG_VIEW_REFEREE));
        wg_game_free(g);
    }
}
END_TEST

/* LGA-PRUSSIAN-08 (Forced March Tables): a Prussian division rolling 4 on the double Forced March
   table counts 5 ("d"); a Russian division rolling 4 counts 4 ("Op"). */
START_TEST(test_prussian_forced_march_plus_one)
{
    static const char *const nat[2] = {"prussian", "russian"};
    static const char *const ev_text[2] = {"Pr Inf 3-3 #1 forced march: die 4, modified 5: d (disrupted)",
                                           "Ru Inf 4-4 #1 forced march: die 4, modified 4: Op"};
    for (int n = 0; n < 2; n++) {
        char body[512];
        snprintf(body, sizeof body,
                 "group a1 allied setup at=Away one-hex\n"
                 "unit %s infantry division %s x1\n"
                 "group f1 french setup at=Town one-hex\n"
                 "unit french infantry division 5-5 x1\n",
                 nat[n], n ? "4-4" : "3-3");
        wg_game *g = wgp_lga_position(CTX, MAP, 1, "rules prussian\n", body);
        while (wgp_find(g, "end the Movement Phase") < 0)
            wgp_choose(g, " on ");
        size_t ev = wgp_event_count(g);
        wgp_choose(g, "move ");
        wgp_choose(g, "double forced march (roll on the table)");
        wgp_choose(g, "-> 0105");
        wgp_choose(g, "die roll 4");
        ck_assert_msg(wgp_find_event(g, ev, ev_text[n], WG_VIEW_REFEREE) >= 0, "%s",
                      wgp_events_dump(g, ev, WG_VIEW_REFEREE));
        wg_game_free(g);
    }
}
END_TEST

/* Number of lines of the referee's description naming a piece containing `what` on a hex whose
   label ends with `place`. */
static int pieces_on(wg_game *g, const char *what, const char *place)
{
    const char *d = wgp_describe(g, WG_VIEW_REFEREE);
    int n = 0;
    size_t pl = strlen(place);
    for (const char *p = d; *p;) {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        char line[256];
        snprintf(line, sizeof line, "%.*s", (int)(len < 255 ? len : 255), p);
        size_t ll = strlen(line);
        if (strstr(line, what) && strstr(line, " at ") && ll > pl && strcmp(line + ll - pl, place) == 0)
            n++;
        p += len;
        if (*p)
            p++;
    }
    return n;
}

static int prussian_combat_units_on(wg_game *g, const char *place)
{
    return pieces_on(g, "Pr Inf", place) + pieces_on(g, "Pr Cav", place);
}

/* LGA-PRUSSIAN-09, LGA-PRUSSIAN-02, LGA-PRUSSIAN-03 (Addendum; 1806 Allied Initial Placement): the
   bundled 1806 set-up puts two Prussian 3-3s in Berlin and two 3-3s with a 1-8 in Posen, both
   Prussian Fortresses.  When the Allied Movement Phase of Game-Turn 1 ends with them still there,
   the Allied player eliminates one unit in Berlin and two in Posen, whose two Prussian Supply units
   change nothing: one Prussian Combat unit stays in each. */
START_TEST(test_1806_berlin_and_posen_excess)
{
    wg_game *g = wgp_new(CTX, "lga", "1806", NULL, 1, NULL);
    while (wgp_find(g, "place the rest of the set-up automatically") >= 0)
        wgp_choose(g, "place the rest of the set-up automatically");
    wgp_skip_forced(g);
    ck_assert_msg(wgp_find(g, "end the Movement Phase") >= 0, "%s", wgp_options_dump(g));
    ck_assert_msg(prussian_combat_units_on(g, " Berlin") == 2 && prussian_combat_units_on(g, " Posen") == 3, "%s",
                  wgp_describe(g, WG_VIEW_REFEREE));
    /* the two Prussian Supply units set up in Posen do not raise the limit */
    ck_assert_int_eq(pieces_on(g, "Pr Sup", " Posen"), 2);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "end the Movement Phase");
    if (strstr(wgp_decision(g), "combine units"))
        wgp_choose(g, "done");
    wgp_skip_forced(g);
    int eliminated = 0;
    for (int k = 0; k < 10 && strstr(wgp_decision(g), "excess Prussian units"); k++) {
        ck_assert_int_eq(wgp_decider(g), ALLIED);
        wgp_choose(g, "eliminate Pr");
        eliminated++;
        wgp_skip_forced(g);
    }
    ck_assert_int_eq(eliminated, 3);
    ck_assert_int_eq(prussian_combat_units_on(g, " Berlin"), 1);
    ck_assert_int_eq(prussian_combat_units_on(g, " Posen"), 1);
    int tagged = 0;
    for (long i = find_rule(g, ev, "LGA-PRUSSIAN-03"); i >= 0; i = find_rule(g, (size_t)i + 1, "LGA-PRUSSIAN-03"))
        tagged++;
    ck_assert_msg(tagged == 3, "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_msg(wgp_find_event(g, ev, "Berlin", WG_VIEW_REFEREE) >= 0 &&
                      wgp_find_event(g, ev, "Posen", WG_VIEW_REFEREE) >= 0,
                  "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    wg_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ Addenda on the bundled data */

/* LGA-ADDENDA-11, LGA-ADDENDA-01 (Addendum: Scenario Sheet; Combine/Breakdown Chart): in the 1805
   set-up Mack carries the letter Z; in the 1809 set-up the Austrian cavalry is 1-6 and the Austrian
   Supply units 0-3. */
START_TEST(test_addenda_in_bundled_setups)
{
    wg_game *g = wgp_new(CTX, "lga", "1805", NULL, 1, NULL);
    wgp_choose(g, "place the rest of the set-up automatically");
    const char *d = wgp_describe(g, WG_VIEW_REFEREE);
    ck_assert_msg(strstr(d, "Au Mack (Z 4/7) at"), "%s", d);
    wg_game_free(g);

    g = wgp_new(CTX, "lga", "1809", NULL, 1, NULL);
    wgp_choose(g, "place the rest of the set-up automatically");
    d = wgp_describe(g, WG_VIEW_REFEREE);
    ck_assert_msg(strstr(d, "Au Cav 1-6 #") && strstr(d, "Au Sup 0-3 #"), "%s", d);
    ck_assert_msg(!strstr(d, "Au Cav 1-8") && !strstr(d, "Au Sup 0-2"), "%s", d);
    wg_game_free(g);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("lga_fortress");
    TCase *t = tcase_create("stacking");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_fortress_twenty_points_lose_one_unit);
    tcase_add_test(t, test_fortress_stacking_limit);
    suite_add_tcase(s, t);
    t = tcase_create("combat");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_fortress_supplies_and_triples_defenders);
    tcase_add_test(t, test_fortress_supplies_eighteen_points);
    tcase_add_test(t, test_fortress_ignores_dr);
    tcase_add_test(t, test_fortress_half_exchange_hits_attacker_only);
    tcase_add_test(t, test_combined_attack_on_fortress);
    tcase_add_test(t, test_attack_out_of_fortress_takes_all_hexes);
    tcase_add_test(t, test_attack_out_of_fortress_river_hexes_optional);
    tcase_add_test(t, test_fortress_behind_river_tripled_only);
    tcase_add_test(t, test_fortress_units_exert_no_zoc);
    tcase_add_test(t, test_no_zoc_onto_fortress_hex);
    suite_add_tcase(s, t);
    t = tcase_create("victory");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_vienna_siege_lifted);
    tcase_add_test(t, test_vienna_siege_then_capture);
    tcase_add_test(t, test_besieged_french_fortress_scores_nothing);
    tcase_add_test(t, test_besieged_units_destroyed_at_end);
    tcase_add_test(t, test_city_never_besieged);
    suite_add_tcase(s, t);
    t = tcase_create("prussian");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_prussian_rules_only_when_the_scenario_has_them);
    tcase_add_test(t, test_prussian_infantry_never_retreats_before_combat);
    tcase_add_test(t, test_prussian_forced_march_plus_one);
    tcase_add_test(t, test_1806_berlin_and_posen_excess);
    tcase_add_test(t, test_addenda_in_bundled_setups);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

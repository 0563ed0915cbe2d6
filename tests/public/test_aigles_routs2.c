/* Les Aigles: the end of a rout and of a retreat, proven by play through the public API.  A routing
   unit stops only by a morale test, taken at the end of a period in which it came within 150 paces of
   a friendly formed unit facing the enemy, or when a general joins it; once stopped it spends the next
   full period forming into the formation of its choice, without formation meanwhile.  A routing unit
   taken in the rear by the opponent of the melee it left fights as in MELEERES-06.  A retreat reaching
   the own table edge tests as it leaves: obeying, the unit reorganises at its exit point; else it is
   gone.  Positions are built from documents (tests/support/wgaigles.h); decisions are taken by label
   and dice by "die N".  Checklist items are cited next to the assertions that prove them. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wargame.h"
#include "wgaigles.h"
#include "wgplay.h"

static const char *const STAY[] = {"G stays", "no more orders", NULL};

/* Rolls the morale test now asked for with the first die whose result holds `want` (tried on clones). */
__attribute__((unused)) static void test_result(wg_game *g, const char *want)
{
    ck_assert_msg(wga_has_decision(g, "morale test"), "not a test: %s", wgp_decision(g));
    for (int d = 1; d <= 6; d++) {
        wg_game *c = NULL;
        ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
        size_t e = wgp_event_count(c);
        wga_die(c, d);
        long t = wgp_find_event(c, e, " tests ", WG_VIEW_REFEREE);
        int ok = t >= 0 && strstr(wgp_event(c, (size_t)t, WG_VIEW_REFEREE), want) != NULL;
        wg_game_free(c);
        if (ok) {
            wga_die(g, d);
            return;
        }
    }
    ck_abort_msg("no die gives '%s': %s", want, wgp_decision(g));
}

/* Militia of morale 5 (host data): held back by its general it routs under fire, helped by him it may
   stop its rout. */
#define STOUT "unittype stout-landwehr arm=infantry status=M manoeuvre=C fire=2 combat=1 charge=0 morale=5 weapon=mousquet points=6\n"

/* G (charisma 5) stands behind L, stout Landwehr, which E fires at from 120 paces (die 6: 14
   losses); L tests and G holds it back (-3): the first die that gives a rout (sample T27, 5-6
   Militia), tried on clones.  `more` adds units; the game at the next decision. */
static wg_game *fired_rout(wg_ctx *ctx, const char *more)
{
    wga_setup su = {.periods = 4, .options = "break=none", .army_extra = STOUT};
    char units[2048];
    snprintf(units, sizeof units, "%s%s",
             "officer French G charisma=5 command=1 at=1200,380 facing=0,1\n"
             "unit French L type=stout-landwehr companies=4x3 formation=line front=12 at=1200,600 facing=0,1 "
             "order=hold\n"
             "unit Austrians E type=line-fusiliers companies=4x3 formation=line front=12 at=1200,720 facing=0,-1 "
             "order=hold\n",
             more);
    wg_game *g = wga_game(ctx, &su, units);
    static const char *const p1[] = {"E: fire marker", "E fires at L", "G stays", NULL};
    wga_drive(g, p1, NULL);
    wga_die(g, 6);
    WGA_ASSERT_DECISION(g, "the die of L's morale test under fire for the first time");
    for (int d = 1; d <= 6; d++) {
        wg_game *c = NULL;
        ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
        size_t e = wgp_event_count(c);
        wga_die(c, d);
        WGA_ASSERT_DECISION(c, "the general's charisma modifier");
        wgp_choose(c, "charisma -3");
        int ok = wgp_find_event(c, e, "held back by the general, total 5: routing", WG_VIEW_REFEREE) >= 0;
        wg_game_free(c);
        if (ok) {
            wga_die(g, d);
            wgp_choose(g, "charisma -3");
            ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "L"), "morale"), "routing");
            return g;
        }
    }
    ck_abort_msg("no die routs L");
    return NULL;
}

/* The referee text of the morale test of L from e0 on, which must exist. */
static const char *l_test(wg_game *g, size_t e0)
{
    return wgp_event(g, (size_t)wga_expect(g, e0, "L tests to stop its rout: die ", "LA-MORALE-16"), WG_VIEW_REFEREE);
}

/* A friendly formed unit F facing the enemy: L, within 150 paces of it, tests at the end of the
   period; a halt in place leaves it routing; the period after it runs on, passing within 150 paces of
   F though it ends 155 away, and tests again: obeying, its rout stops. */
START_TEST(test_rout_stopped_near_a_friend)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = fired_rout(ctx, "unit French F type=line-fusiliers companies=4x1 formation=line front=4 at=1450,600 "
                                 "facing=0,1 order=hold\n");
    WGA_ASSERT_DECISION(g, "period 1, the die of L's morale test to stop its rout"); /* LA-ROUT-06 */
    size_t e0 = wgp_event_count(g);
    wga_die(g, 6);
    wgp_choose(g, "charisma +0");
    ck_assert_ptr_nonnull(strstr(l_test(g, e0), ": halted"));
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "L"), "morale"), "routing"); /* LA-ROUT-06: only obeying stops it */
    e0 = wgp_event_count(g);
    wga_drive(g, STAY, NULL);
    wga_expect(g, e0, "L: fall back from (1200, 600) to (1200, 465)", "LA-ROUT-01");
    /* L (465..490) ends 130 paces aside of F (575..600) and 85 short of it: 155 paces away; it passed within 150 */
    WGA_ASSERT_DECISION(g, "period 2, the die of L's morale test to stop its rout"); /* LA-ROUT-06 */
    e0 = wgp_event_count(g);
    wga_die(g, 6);
    wgp_choose(g, "charisma +3");
    ck_assert_ptr_nonnull(strstr(l_test(g, e0), "die 6 with the general, total 9: "));
    wga_expect(g, e0, "L obeys, without formation", "LA-ROUT-06"); /* LA-ROUT-06 */
    size_t l = (size_t)wga_piece(g, "L");
    ck_assert_str_eq(wga_text(g, l, "morale"), "obeys");                  /* LA-ROUT-06 */
    ck_assert_str_eq(wga_text(g, l, "cohesion"), "without formation");   /* LA-ROUT-08 */
    wg_game_free(g);

    /* F facing away from the enemy, or 180 paces aside: no test, the rout runs on */
    const char *const others[] = {
        "unit French F type=line-fusiliers companies=4x1 formation=line front=4 at=1450,600 facing=0,-1 order=hold\n",
        "unit French F type=line-fusiliers companies=4x1 formation=line front=4 at=1500,600 facing=0,1 order=hold\n",
    };
    for (size_t k = 0; k < sizeof others / sizeof *others; k++) {
        g = fired_rout(ctx, others[k]);
        wga_drive(g, STAY, NULL);
        ck_assert_msg(wga_over(g), "%s", wgp_decision(g));
        wga_no_event(g, 0, "tests to stop its rout");                                         /* LA-ROUT-06 */
        ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "L"), "morale"), "routing");        /* LA-ROUT-06 */
        wga_expect(g, 0, "L: fall back from (1200, 355) to (1200, 245)", "LA-ROUT-01");
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* A general joining a routing unit: the test as he arrives; a rout result leaves it routing, obeying stops
   the rout. */
START_TEST(test_rout_stopped_by_a_general)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = fired_rout(ctx, "");
    wga_drive(g, STAY, "period 2, phase 3, half-period 2: French commits the move of G");
    wga_no_event(g, 0, "tests to stop its rout"); /* LA-ROUT-06: no friend near, no test */
    wga_expect(g, 0, "L: fall back from (1200, 600) to (1200, 465)", "LA-ROUT-01");
    size_t e0 = wgp_event_count(g);
    wgp_choose(g, "G joins L");
    wga_drive(g, STAY, NULL);
    WGA_ASSERT_DECISION(g, "period 2, the die of L's morale test to stop its rout"); /* LA-ROUT-06, LA-OFFICER-16 */
    wga_expect(g, e0, "G: from (1200, 380) to L", "LA-OFFICER-10");
    wg_game *c = NULL;
    ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
    /* a result of rout: the rout goes on */
    size_t c0 = wgp_event_count(c);
    wga_die(c, 6);
    wgp_choose(c, "charisma +2");
    ck_assert_ptr_nonnull(strstr(l_test(c, c0), "total 6: routing"));
    ck_assert_str_eq(wga_text(c, (size_t)wga_piece(c, "L"), "morale"), "routing"); /* LA-ROUT-06 */
    wga_drive(c, STAY, "period 3, phase 3");
    wga_expect(c, c0, "L: fall back from (1200, 465)", "LA-ROUT-01"); /* LA-ROUT-06 */
    wg_game_free(c);
    /* with his charisma: it obeys */
    wga_die(g, 6);
    wgp_choose(g, "charisma +5");
    wga_expect(g, e0, "L obeys, without formation", "LA-ROUT-06"); /* LA-ROUT-06 */
    size_t l = (size_t)wga_piece(g, "L");
    ck_assert_str_eq(wga_text(g, l, "morale"), "obeys");                /* LA-ROUT-06 */
    ck_assert_str_eq(wga_text(g, l, "cohesion"), "without formation"); /* LA-ROUT-08 */
    e0 = wgp_event_count(g);
    wga_drive(g, STAY, "period 3, phase 1: French places the marker of L");
    wga_no_event(g, e0, "L: fall back"); /* LA-ROUT-06: stopped */

    /* period 3 is L's to form: under a Movement marker it does not move, stays without formation all the
       period and stands formed at its end */
    wg_game *c2 = NULL;
    ck_assert_int_eq(wg_game_clone(&c2, g), WG_OK);
    wgp_choose(c2, "L: movement marker");
    wga_drive(c2, STAY, "French commits the move of L");
    WGA_ASSERT_DECISION(c2, "period 4, phase 3"); /* LA-ROUT-08: no move of L in period 3 */
    long p3 = wga_expect(c2, e0, "period 3 begins", "LA-SEQ-01");
    long p4 = wga_expect(c2, e0, "period 4 begins", "LA-SEQ-01");
    long f = wga_expect(c2, e0, "L obeys, formed", "LA-ROUT-08"); /* LA-ROUT-08 */
    ck_assert_int_gt(f, p3);                                      /* LA-ROUT-08: a full period */
    ck_assert_int_lt(f, p4);
    wga_no_event(c2, e0, "L: committed: advance"); /* LA-ROUT-08 */
    ck_assert_str_eq(wga_text(c2, (size_t)wga_piece(c2, "L"), "cohesion"), "formed");
    WGA_ASSERT_OPTION(c2, "L: advance"); /* formed, it moves again */
    wg_game_free(c2);

    /* under a Formation marker: the formation of its choice, taking the whole period (T4 asks 5
       half-periods of this Militia for an attack column), without formation meanwhile */
    wgp_choose(g, "L: change of formation marker");
    wga_drive(g, STAY, "French commits the move of L");
    WGA_ASSERT_DECISION(g, "period 3, phase 3, half-period 1: French commits the move of L");
    WGA_ASSERT_OPTION(g, "L: halt");                        /* LA-ROUT-08: its own formation */
    WGA_ASSERT_OPTION(g, "L: change formation to attack");  /* LA-ROUT-08: or another of its choice */
    WGA_ASSERT_NO_OPTION(g, "L: advance");                  /* LA-ROUT-08 */
    e0 = wgp_event_count(g);
    wgp_choose(g, "L: change formation to attack");
    wga_expect(g, e0, "L begins to form attack (2 half-periods)", "LA-FORMTIME-01"); /* LA-ROUT-08: one full period */
    wga_drive(g, STAY, "period 3, phase 3, half-period 2: French commits the move of G");
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "L"), "cohesion"), "without formation"); /* LA-ROUT-08 */
    wga_drive(g, STAY, "period 4, phase 1");
    long st = wga_expect(g, e0, "L stands in attack", "LA-DISORG-02");
    ck_assert_int_gt(wga_expect(g, e0, "L obeys, formed", "LA-ROUT-08"), st); /* LA-ROUT-08 */
    ck_assert_int_lt(st, wga_expect(g, e0, "period 4 begins", "LA-SEQ-01"));
    size_t l2 = (size_t)wga_piece(g, "L");
    ck_assert_str_eq(wga_text(g, l2, "formation"), "attack");  /* LA-ROUT-08 */
    ck_assert_str_eq(wga_text(g, l2, "cohesion"), "formed");   /* LA-ROUT-08 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Blue's hussars beat Red's line, which routs after its test; the period after, Blue advances on it and
   takes it in the rear: Red, in disorder, fights with half its figures, Blue with all of its and the
   follow-up bonus (MELEERES-06). */
START_TEST(test_routing_taken_in_rear)
{
    wg_ctx *ctx = wga_ctx();
    wga_setup su = {.periods = 4, .options = "break=none"};
    wg_game *g = wga_game(ctx, &su,
                          "unit French Blue type=hussars companies=2x4 formation=line front=8 at=1300,500 facing=0,1 "
                          "order=attack toward=1300,1000\n"
                          "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=1300,580 "
                          "facing=0,-1 order=hold\n");
    static const char *const prefs[] = {"Blue: charge marker", "Blue charges Red", "Red stands", NULL};
    wga_to_melee(g, prefs);
    wga_roll_for(g, "Blue wins the melee; Red falls back", NULL, NULL);
    wga_drive(g, NULL, NULL);
    test_result(g, ": routing");
    ck_assert_str_eq(wga_text(g, 1, "morale"), "routing");
    ck_assert(!wga_has_attr(g, 1, "melee_with"));
    size_t e0 = wgp_event_count(g);
    static const char *const advance[] = {"Blue: movement marker", "Blue: advance", NULL};
    wga_to_melee(g, advance);
    WGA_ASSERT_DECISION(g, "period 2, phase 5");
    wga_expect(g, e0, "Red: fall back from", "LA-ROUT-01");
    wga_expect(g, e0, "Blue contacts Red on its rear", NULL);
    ck_assert_str_eq(wga_text(g, 1, "morale"), "routing");
    int rf = (int)wga_attr_of(g, "Red", "figures"), bf = (int)wga_attr_of(g, "Blue", "figures");
    wga_melee_odds(g, 2, 1);
    wga_mod("figures", rf / 2, "figures fighting"); /* LA-ROUT-10: half its figures */
    wga_no_mod("silent", NULL);                     /* LA-ROUT-10: it replies */
    wga_no_mod("T15-melee-common", "followed-up");
    wga_melee_odds(g, 1, 2);
    wga_mod("figures", bf, "figures fighting");    /* LA-ROUT-10: all its figures */
    wga_mod("T15-melee-common", 2, "followed-up"); /* LA-ROUT-10, LA-MELEEFACT-02 */
    e0 = wgp_event_count(g);
    wga_die(g, 3);
    wga_die(g, 3);
    long k = wga_expect(g, e0, "Red fights Blue: die 3, row ", "LA-MELEE-13");
    char want[64];
    snprintf(want, sizeof want, ", %d figures: ", rf / 2);
    ck_assert_ptr_nonnull(strstr(wgp_event(g, (size_t)k, WG_VIEW_REFEREE), want)); /* LA-ROUT-10 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Semi-regular conscripts of morale 6 (host data). */
#define CONSCRIPTS "unittype conscripts arm=infantry status=S-R manoeuvre=B fire=3 combat=3 charge=1 morale=6 weapon=fusil points=8\n"

/* L, conscripts 100 paces from the French edge retreats under E's fire; in
   period 2 its retreat reaches the edge: the test as it leaves. */
static wg_game *retreat_to_edge(wg_ctx *ctx)
{
    wga_setup su = {.periods = 4, .options = "break=none", .army_extra = CONSCRIPTS};
    wg_game *g = wga_game(ctx, &su,
                          "unit French L type=conscripts companies=4x3 formation=line front=12 at=1200,100 facing=0,1 "
                          "order=hold\n"
                          "unit Austrians E type=line-fusiliers companies=4x3 formation=line front=12 at=1200,300 "
                          "facing=0,-1 order=hold\n");
    static const char *const p1[] = {"E: fire marker", "E fires at L", NULL};
    wga_drive(g, p1, NULL);
    wga_die(g, 6);
    test_result(g, ": retreating");
    ck_assert_str_eq(wga_text(g, 0, "morale"), "retreating");
    size_t e0 = wgp_event_count(g);
    wga_drive(g, NULL, NULL);
    wga_expect(g, e0, "L: fall back from (1200, 100) to (1200, 0)", "LA-MORALERES-08");
    WGA_ASSERT_DECISION(g, "period 2, the die of L's morale test as it leaves the table"); /* LA-PRISON-05 */
    return g;
}

START_TEST(test_retreat_off_the_table)
{
    wg_ctx *ctx = wga_ctx();
    /* halted or worse: it leaves for good */
    wg_game *g = retreat_to_edge(ctx);
    size_t e0 = wgp_event_count(g);
    wga_die(g, 1);
    long t = wga_expect(g, e0, "L tests as it leaves the table: die 1", "LA-MORALE-16");
    ck_assert_ptr_null(strstr(wgp_event(g, (size_t)t, WG_VIEW_REFEREE), "obeys"));
    wga_expect(g, e0, "L leaves the table", "LA-PRISON-05"); /* LA-PRISON-05 */
    ck_assert_int_lt(wga_piece(g, "L"), 0);                   /* LA-PRISON-05: gone */
    wg_game_free(g);

    /* obeying: it reorganises at its exit point for the rest of period 2 and all of period 3, and
       stands formed, obeying, at the end of period 3 */
    g = retreat_to_edge(ctx);
    e0 = wgp_event_count(g);
    test_result(g, ": obeys");
    wga_expect(g, e0, "L obeys", "LA-PRISON-05"); /* LA-PRISON-05 */
    wga_no_event(g, e0, "L leaves the table");
    ck_assert_int_ge(wga_piece(g, "L"), 0);
    ck_assert_int_eq(wga_attr_of(g, "L", "y"), 0);
    /* period 3: under a Movement marker, no move of L is asked for */
    wga_drive(g, NULL, "period 3, phase 1: French places the marker of L");
    wgp_choose(g, "L: movement marker");
    wga_drive(g, NULL, "period 4, phase 1: French places the marker of L");
    wga_no_event(g, e0, "L: committed");                               /* LA-PRISON-05 */
    long f = wga_expect(g, e0, "L obeys, formed", "LA-ROUT-08");      /* LA-PRISON-05: reorganised */
    ck_assert_int_lt(f, wga_expect(g, e0, "period 4 begins", "LA-SEQ-01"));
    ck_assert_int_gt(f, wga_expect(g, e0, "period 3 begins", "LA-SEQ-01"));
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "L"), "morale"), "obeys");
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "L"), "cohesion"), "formed");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Blue's hussars beat Red, a line of `front` figures (`companies`), which routs after its test: its front becomes 2/3
   of the melee's, rounded down (DERIVED: 8 -> 5, 6 -> 4). */
static void rout_front(wg_ctx *ctx, const char *companies, int front, int want)
{
    wga_setup su = {.periods = 4, .options = "break=none"};
    char units[512];
    snprintf(units, sizeof units,
             "unit French Blue type=hussars companies=2x4 formation=line front=8 at=1300,500 facing=0,1 "
             "order=attack toward=1300,1000\n"
             "unit Austrians Red type=line-fusiliers companies=%s formation=line front=%d at=1300,580 "
             "facing=0,-1 order=hold\n",
             companies, front);
    wg_game *g = wga_game(ctx, &su, units);
    static const char *const prefs[] = {"Blue: charge marker", "Blue charges Red", "Red stands", NULL};
    wga_to_melee(g, prefs);
    ck_assert_int_eq(wga_attr_of(g, "Red", "front"), front);
    wga_roll_for(g, "Blue wins the melee; Red falls back", NULL, NULL);
    wga_drive(g, NULL, NULL);
    test_result(g, ": routing");
    ck_assert_str_eq(wga_text(g, 1, "morale"), "routing");
    ck_assert_int_eq(wga_attr_of(g, "Red", "front"), want); /* LA-ROUT-04 */
    wg_game_free(g);
}

START_TEST(test_rout_front)
{
    wg_ctx *ctx = wga_ctx();
    rout_front(ctx, "2x4", 8, 5); /* LA-ROUT-04: DERIVED 8 -> 5 */
    rout_front(ctx, "2x3", 6, 4); /* LA-ROUT-04: DERIVED 6 -> 4 */
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("aigles_routs2");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_rout_stopped_near_a_friend);
    tcase_add_test(tc, test_rout_stopped_by_a_general);
    tcase_add_test(tc, test_routing_taken_in_rear);
    tcase_add_test(tc, test_retreat_off_the_table);
    tcase_add_test(tc, test_rout_front);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

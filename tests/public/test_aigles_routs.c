/* Les Aigles routs, flags, prisoners, flight and the morale factors around them, proven by play
   through the public API: the optional capture of flags (option flags=on, T32 with G-40's d6 above 7),
   units that surrender in a construction (the Guard and the Elite refusing as the rules allow), a
   fleeing unit that takes no more tests, retreats made in the first half-period, the tests of a melee
   lost taken at the end of the period, and the morale factors of several enemies beating one unit, of
   threats on a flank and the batteries that fired at them, of routs by their size and status, and of a
   general killed.  Positions are built from documents (tests/support/wgaigles.h); decisions are taken
   by label and dice by "die N".  Checklist items are cited next to the assertions that prove them. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wargame.h"
#include "wgaigles.h"
#include "wgplay.h"

/* Cuirassiers (8 figures in line) facing a line of fusiliers (12 figures) 100 paces away. */
#define CUIRASSIERS_ON_LINE                                                                                            \
    "unit French Blue type=cuirassiers companies=cuirassiers:4,cuirassiers:4 formation=line front=8 at=500,300 "       \
    "facing=0,1 order=hold\n"                                                                                          \
    "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=500,400 facing=0,-1 order=hold\n"

static const char *const CHARGE[] = {"Blue: charge marker", "Blue charges Red", NULL};

static const wga_setup FLAGS = {NULL, NULL, "break=none,flags=on", 0, 0, NULL};
static const wga_setup NOFLAGS = {NULL, NULL, "break=none", 0, 0, NULL};

/* Plays the cuirassiers' charge: Red tests to receive it (die 6), then the melee dice 6 and 5: Blue
   inflicts 26 losses (row 11, 8 figures) and suffers none. */
static wg_game *charge_won(wg_ctx *ctx, const wga_setup *su)
{
    wg_game *g = wga_game(ctx, su, CUIRASSIERS_ON_LINE);
    wga_drive(g, CHARGE, NULL);
    ck_assert_msg(wga_has_decision(g, "morale test to receive a charge"), "%s", wgp_decision(g));
    wga_die(g, 6);
    wga_drive(g, CHARGE, NULL);
    ck_assert_msg(wga_has_decision(g, "phase 5: the die of Blue in its melee with Red"), "%s", wgp_decision(g));
    wga_die(g, 6);
    wga_die(g, 5);
    return g;
}

/* ---------------------------------------------------------------- flags (optional) */

START_TEST(test_flag_option_and_capture)
{
    wg_ctx *ctx = wga_ctx();
    /* without the option no unit carries a flag and no test follows a melee won */
    wg_game *g = charge_won(ctx, &NOFLAGS);
    int red = wga_piece(g, "Red");
    ck_assert(!wga_has_attr(g, (size_t)red, "flag")); /* LA-FLAGS-01: optional */
    ck_assert(!wga_has_decision(g, "test for the flag"));
    wg_game_free(g);

    /* with it, the battalion and the regiment each carry one */
    g = wga_game(ctx, &FLAGS, CUIRASSIERS_ON_LINE);
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "Red"), "flag"), "carried");  /* LA-FLAGS-01 */
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "Blue"), "flag"), "carried"); /* LA-FLAGS-01 */
    wg_game_free(g);

    /* Blue wins the melee: a test for Red's flag.  T32: Red in disorder +2, first melee won +1, one block
       of 15 in 26 losses inflicted +1 = +4; "unit charging" prints no value and the host supplied none:
       not counted (G-40).  A d6: 3 + 4 = 7 is not above 7 */
    g = charge_won(ctx, &FLAGS);
    size_t e0 = wgp_event_count(g);
    ck_assert_msg(wga_has_decision(g, "phase 5: the die of Blue's test for the flag of Red"), "%s", wgp_decision(g));
    ck_assert_int_eq((int)wgp_count(g, "die "), 6); /* LA-FLAGS-02: a d6 (G-40) */
    wga_die(g, 3);
    wga_expect(g, e0,
                        "Blue tests for the flag of Red: die 3, +1 first melee won, +2 opponent in disorder, "
                        "+1 15 losses inflicted: total 7, the flag is kept",
                        "LA-FLAGS-02"); /* LA-FLAGS-02, LA-FLAGS-03, LA-FLAGS-04, LA-FLAGS-05 */
    ck_assert_str_eq(wga_text(g, (size_t)red, "flag"), "carried"); /* LA-FLAGS-02: 7 is not above 7 */
    /* Red's test for the melee lost, end of the period */
    ck_assert_msg(wga_has_decision(g, "Red's morale test for a melee lost"), "%s", wgp_decision(g));
    size_t t0 = wgp_event_count(g);
    wga_die(g, 6);
    long kept = wga_expect(g, t0, "Red tests for a melee lost: die 6", "LA-MORALE-16");
    int total_kept = 0;
    ck_assert(sscanf(strstr(wgp_event(g, (size_t)kept, WG_VIEW_REFEREE), "total ") + 6, "%d", &total_kept) == 1);
    wg_game_free(g);

    /* die 4: 8, above 7: the flag is taken, and Red tests one point lower */
    g = charge_won(ctx, &FLAGS);
    e0 = wgp_event_count(g);
    wga_die(g, 4);
    wga_expect(g, e0, "Blue tests for the flag of Red: die 4", "LA-FLAGS-02");
    wga_expect(g, e0, "total 8, the flag is taken", "LA-FLAGS-02");            /* LA-FLAGS-02 */
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "Red"), "flag"), "lost"); /* LA-FLAGS-02 */
    t0 = wgp_event_count(g);
    wga_die(g, 6);
    long lost = wga_expect(g, t0, "Red tests for a melee lost: die 6", "LA-MORALE-16");
    int total_lost = 0;
    ck_assert(sscanf(strstr(wgp_event(g, (size_t)lost, WG_VIEW_REFEREE), "total ") + 6, "%d", &total_lost) == 1);
    ck_assert_int_eq(total_lost, total_kept - 1); /* LA-FLAGS-06: one morale point less */
    wg_game_free(g);

    /* a host that supplies "unit charging" (G-40 proposes +2): it counts, 2 + 4 + 2 = 8 takes it */
    g = charge_won(ctx, &FLAGS);
    wg_table *t = NULL;
    ck_assert_int_eq(wg_game_table_find(&t, g, "T32-flag-capture"), WG_OK);
    static const char sup[] = "wgdata 1 table\nname T32-flag-capture\ncell unit-charging value +2\n";
    ck_assert_int_eq(wg_table_supply(t, sup, sizeof sup - 1), WG_OK);
    e0 = wgp_event_count(g);
    wga_die(g, 2);
    wga_expect(g, e0, "Blue tests for the flag of Red: die 2, +1 first melee won, +2 opponent in disorder, "
                      "+1 15 losses inflicted, +2 charging: total 8, the flag is taken",
               "LA-FLAGS-02"); /* LA-FLAGS-05 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Hussars charge cuirassiers that stand and win: the winner was charged (-2) and suffered losses
   (-1 per block of 15, G-40). */
START_TEST(test_flag_charged_winner)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = wga_game(ctx, &FLAGS,
                          "unit French Blue type=hussars companies=4x2 formation=line front=8 at=500,160 facing=0,1 "
                          "order=hold\n"
                          "unit Austrians Red type=cuirassiers companies=cuirassiers:4,cuirassiers:4 formation=line "
                          "front=8 at=500,400 facing=0,-1 order=hold\n");
    wga_drive(g, CHARGE, NULL);
    ck_assert_msg(wga_has_decision(g, "Red's morale test to receive a charge"), "%s", wgp_decision(g));
    wga_die(g, 6);
    wga_drive(g, CHARGE, NULL);
    ck_assert_msg(wga_has_decision(g, "Blue's morale test before charging"), "%s", wgp_decision(g));
    wga_die(g, 5); /* total 10: a veteran obeys, and its charge is effective */
    wga_drive(g, CHARGE, NULL);
    ck_assert_msg(wga_has_decision(g, "phase 5: the die of Blue in its melee with Red"), "%s\n%s", wgp_decision(g),
                  wgp_events_dump(g, 0, WG_VIEW_REFEREE));
    wga_die(g, 1);
    wga_die(g, 6);
    /* Blue (row 7) 17 losses, Red (row 9) 22: Red wins, and tests for Blue's flag */
    wga_expect(g, 0, "Red wins the melee; Blue falls back", NULL);
    ck_assert_msg(wga_has_decision(g, "the die of Red's test for the flag of Blue"), "%s", wgp_decision(g));
    size_t e0 = wgp_event_count(g);
    wga_die(g, 6);
    /* +1 first melee won, +1 a block of 15 in 22 inflicted, -1 a block of 15 in 17 suffered (G-40: the
       printed -1 row), -2 the winner was charged: 6 - 1 = 5 */
    wga_expect(g, e0, "Red tests for the flag of Blue: die 6, +1 first melee won, +1 15 losses inflicted, "
                      "-1 15 losses suffered, -2 charged: total 5, the flag is kept",
               "LA-FLAGS-02"); /* LA-FLAGS-03, LA-FLAGS-05 */
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "Blue"), "flag"), "carried");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("aigles_routs");
    TCase *tc = tcase_create("routs");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_flag_option_and_capture);
    tcase_add_test(tc, test_flag_charged_winner);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

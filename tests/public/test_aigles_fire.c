/* Les Aigles fire, morale results and victory proven by play through the public API: fire at half
   effect after moving, halved results rounded up (also on a loss cell the host supplies with
   data=printed), the elite die, no fire into a melee, figures removed from the largest company,
   morale results applied for their duration (uncontrolled advance, halt in place, retreat, the
   Guard's rout and flight read as retreat), the tests at the end of the period (strength below 60 %,
   melee lost, rally), the morale factors of losses, routs, melee and strength (T31's brackets in
   T26), cavalry against an unbroken square and infantry fighting from a slope, the victory bands,
   and the printed cells and gaps of T27, T31, T36 and T37 read through the table API.
   Every position is built from host documents written here; every decision is taken by its label,
   every die by "die N".  Checklist items are cited next to the assertions that prove them. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wargame.h"

#include "testutil.h"
#include "wgaigles.h"
#include "wgplay.h"

/* ---------------------------------------------------------------- positions */

/* The table of a position: the combat table unless a test sets another. */
static const char *table_text = NULL;

/* An open table with a hill (level 1) from y = 380 to y = 590, in front of the farm and the orchard. */
static const char *const TABLE_HILL = "wgdata 1 map\n"
                                      "grid table 1000 1000\n"
                                      "terrain open wood village field hill\n"
                                      "flag blocks-sight light-cover hard-cover\n"
                                      "linetype road stream crest hedge\n"
                                      "area open name=Open 0,0 1000,0 1000,1000 0,1000\n"
                                      "area hill name=Hill level=1 0,380 1000,380 1000,590 0,590\n";

/* Extra army records appended to the sample army list (a Guard battalion for G-18). */
static const char *army_extra = "";

static int try_position(wg_game **out, wg_ctx *ctx, const char *options, const char *body, int periods)
{
    wga_setup s = {.table = table_text ? table_text : wga_combat_table,
                   .options = options,
                   .periods = periods,
                   .army_extra = army_extra};
    return wga_try(out, ctx, &s, body);
}

static wg_game *position(wg_ctx *ctx, const char *options, const char *body)
{
    wg_game *g = NULL;
    int rc = try_position(&g, ctx, options, body, 0);
    ck_assert_msg(rc == WG_OK, "set-up: %s: %s", wg_status_str(rc), wg_ctx_errmsg(ctx));
    return g;
}

/* ---------------------------------------------------------------- tests */

#define BLUE_LINE "unit French Blue type=line-fusiliers companies=4x3 formation=line front=12 at=500,300 facing=0,1 order=hold\n"
#define RED_LINE "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=500,380 facing=0,-1 order=hold\n"

/* The losses in the event of Blue's fire from e0. */
static int fire_losses(wg_game *g, size_t e0)
{
    long k = wga_expect(g, e0, "Blue's fire (die ", "LA-FIRE-19");
    const char *t = strstr(wgp_event(g, (size_t)k, WG_VIEW_REFEREE), "): ");
    ck_assert_ptr_nonnull(t);
    int n = -1;
    ck_assert_int_eq(sscanf(t, "): %d losses", &n), 1);
    return n;
}

/* A Fire marker unit that moves in the second half-period fires at half effect, the halved result
   rounded up; the same fire without the move takes the whole result. */
START_TEST(test_fire_half_effect_after_moving)
{
    wg_ctx *ctx = wga_ctx();
    /* Red 180 paces away, Blue (a B line, 45 paces a half-period) advances to 135: still beyond half
       the fusil's 200 paces, -1: row 3 - 1 + 0 (die 1) = 2 on 12 figures: 7 losses */
#define RED_FAR "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=500,480 facing=0,-1 order=hold\n"
    wg_game *g = position(ctx, NULL, BLUE_LINE RED_FAR);
    const char *still[] = {"Blue: fire marker", "Blue fires at Red", NULL};
    wga_drive(g, still, NULL);
    ck_assert_int_eq(wga_odds(g, "fire from=1 at=2"), WG_OK);
    wga_odds_has("\"value\":-1,\"text\":\"target-beyond-half-range\"");
    size_t e0 = wgp_event_count(g);
    wga_die(g, 1);
    ck_assert_int_eq(fire_losses(g, e0), wga_t28(2, 12)); /* LA-FIRE-12: stationary the whole period, the full result */
    ck_assert_int_eq(wga_odds(g, "fire from=1 at=2"), WG_OK);
    wga_odds_lacks("{\"label\":\"4 losses\"");
    ck_assert_int_eq(wga_t28(2, 12), 7);
    wg_game_free(g);

    g = position(ctx, NULL, BLUE_LINE RED_FAR);
    const char *moving[] = {"Blue: fire marker", "Blue: advance", "Blue fires at Red", NULL};
    e0 = wgp_event_count(g);
    wga_drive(g, moving, NULL);
    ck_assert_int_gt(wga_attr(g, 0, "y"), 300); /* the advance of the second half-period */
    ck_assert_int_eq(wga_odds(g, "fire from=1 at=2"), WG_OK);
    wga_odds_has("\"value\":-1,\"text\":\"target-beyond-half-range\"");
    wga_odds_has("{\"label\":\"4 losses\",\"weight\":2}"); /* LA-FIRE-12, LA-LOSSES-07 */
    e0 = wgp_event_count(g);
    wga_die(g, 1);
    ck_assert_int_eq(fire_losses(g, e0), 4); /* LA-FIRE-12, LA-FIRE-13, LA-LOSSES-07: 7 halved is 4 */
    wg_game_free(g);

    /* the printed tables (data=printed): the loss table's cell (2, 12) is a gap until the host
       supplies it; supplied as 8, the moving fire takes 4 (the rulebook's example: 8 -> 4) */
    g = position(ctx, "data=printed", BLUE_LINE RED_FAR);
    wga_drive(g, moving, NULL);
    ck_assert_int_gt(wga_attr(g, 0, "y"), 300);
    long k = wgp_find(g, "die 1");
    ck_assert_int_ge(k, 0);
    ck_assert_int_eq(wg_game_choose(g, (size_t)k), WG_ETABLEGAP);
    ck_assert_msg(strstr(wg_game_errmsg(g), "T28-losses: cell (2, 12) is not printed") != NULL, "%s", wg_game_errmsg(g));
    wg_table *t = NULL;
    ck_assert_int_eq(wg_game_table_find(&t, g, "T28-losses"), WG_OK);
    static const char cell[] = "wgdata 1 table\nname T28-losses\ncell 2 12 8\n";
    ck_assert_int_eq(wg_table_supply(t, cell, strlen(cell)), WG_OK);
    e0 = wgp_event_count(g);
    wga_die(g, 1);
    ck_assert_int_eq(fire_losses(g, e0), 4); /* LA-FIRE-13, LA-LOSSES-07: 8 halved is 4 */
    wg_game_free(g);
#undef RED_FAR
    wg_ctx_free(ctx);
}
END_TEST

/* A front rank mixing grenadiers (elite) and fusiliers adds 1 to the die before the bonus of T30. */
START_TEST(test_fire_elite_die)
{
    wg_ctx *ctx = wga_ctx();
#define MIXED "unit French Blue companies=grenadiers:3,line-fusiliers:3,line-fusiliers:3,line-fusiliers:3 formation=line front=12 at=500,300 facing=0,1 order=hold\n"
    const char *pf[] = {"Blue: fire marker", "Blue fires at Red", NULL};
    static const int dice[3] = {2, 3, 4};
    for (int k = 0; k < 3; k++) {
        wg_game *g = position(ctx, NULL, MIXED RED_LINE);
        wga_drive(g, pf, NULL);
        size_t e0 = wgp_event_count(g);
        wga_die(g, dice[k]);
        /* roll 2 -> 3 -> bonus +1 (row 4: 14 losses, not 11); roll 3 -> 4 -> bonus +1 (14); roll 4 -> 5
           -> bonus +2 (row 5: 18, not 14) */
        ck_assert_int_eq(fire_losses(g, e0), wga_t28(3 + wga_t30(dice[k] + 1), 12)); /* LA-DICEMOD-04, LA-FIRE-16 */
        wg_game_free(g);
    }
    /* the same fire from fusiliers alone: roll 3 gives +0 */
    wg_game *g = position(ctx, NULL, BLUE_LINE RED_LINE);
    wga_drive(g, pf, NULL);
    size_t e0 = wgp_event_count(g);
    wga_die(g, 4);
    ck_assert_int_eq(fire_losses(g, e0), wga_t28(4, 12)); /* LA-DICEMOD-04: 14, the elite's 18 above */
    wg_game_free(g);
#undef MIXED
    wg_ctx_free(ctx);
}
END_TEST

/* The victory bands on the score: the first side's lead in losses in per cent of the budget. */
static void victory_case(wg_ctx *ctx, const char *red_formation, int red_y, int d, int losses, const char *end)
{
    char body[2048];
    snprintf(body, sizeof body,
             BLUE_LINE "unit French Blue2 type=line-fusiliers companies=4x3 formation=line front=12 at=100,100 facing=0,1 order=hold\n"
                       "unit Austrians Red type=line-fusiliers companies=4x3 formation=%s at=500,%d facing=0,-1 order=hold\n"
                       "unit Austrians Red2 type=line-fusiliers companies=4x3 formation=line front=12 at=900,950 facing=0,-1 order=hold\n",
             red_formation, red_y);
    wg_game *g = NULL;
    int rc = try_position(&g, ctx, "figure=6,break=none", body, 1);
    ck_assert_msg(rc == WG_OK, "set-up: %s", wg_ctx_errmsg(ctx));
    const char *pf[] = {"Blue: fire marker", "Blue fires at Red", NULL};
    wga_drive(g, pf, NULL);
    size_t e0 = wgp_event_count(g);
    wga_die(g, d);
    wga_drive(g, NULL, NULL);
    ck_assert_int_eq(wga_over(g), 1);
    ck_assert_int_eq(fire_losses(g, e0), losses);
    ck_assert_int_eq(wga_attr(g, 2, "figures"), 12 - losses / 6);
    int64_t sc = 0;
    ck_assert_int_eq(wg_game_score(&sc, g), WG_OK);
    /* 10 points a figure of 6 losses, a budget of 240 points a side: 1000 L / 1440 per cent */
    ck_assert_int_eq(sc, losses * 1000 / 1440); /* LA-VICTORY-01 */
    wga_expect(g, e0, end, "LA-VICTORY-01"); /* LA-VICTORY-01, LA-VICTORY-03 (G-38) */
    wg_game_free(g);
}

START_TEST(test_victory_bands)
{
    wg_ctx *ctx = wga_ctx();
    /* 7 losses (150 paces, -1, die 1): 4 %, under 5 %: a draw */
    victory_case(ctx, "line front=12", 450, 1, 7, "the battle ends: a draw (losses +4% of the budget)"); /* LA-VICTORY-01 */
    /* 11 losses: 7 %, from 5 to 10: a minor victory */
    victory_case(ctx, "line front=12", 380, 1, 11, "the battle ends: a minor victory for French"); /* LA-VICTORY-03 */
    /* 18 losses: 12 %, from 10 to 15: a victory */
    victory_case(ctx, "line front=12", 380, 5, 18, "the battle ends: a victory for French"); /* LA-VICTORY-01 */
    /* 25 losses (a mass, +2): 17 %, 15 and more: a major victory */
    victory_case(ctx, "mass front=4", 380, 5, 25, "the battle ends: a major victory for French"); /* LA-VICTORY-01 */
    wg_ctx_free(ctx);
}
END_TEST

/* Takes one decision that is not a die: the first option matching prefs, else the quiet default. */
static void step(wg_game *g, const char *const *prefs)
{
    static const char *const quiet[] = {"none marker", ": halt", ": no charge", " stands", "holds its fire", NULL};
    long k = -1;
    for (size_t p = 0; prefs && prefs[p] && k < 0; p++)
        k = wgp_find(g, prefs[p]);
    for (size_t p = 0; quiet[p] && k < 0; p++)
        k = wgp_find(g, quiet[p]);
    ck_assert_msg(k >= 0, "no option to take:\n%s", wgp_options_dump(g));
    wgp_choose_index(g, (size_t)k);
}

/* Takes the preferred or quiet options until a decision whose text holds needle. */
static void until(wg_game *g, const char *needle, const char *const *prefs)
{
    for (int guard = 0; guard < 200; guard++) {
        ck_assert_msg(!wga_over(g), "over before '%s'", needle);
        if (strstr(wgp_decision(g), needle))
            return;
        ck_assert_msg(wgp_decider(g) != WG_PLAYER_CHANCE, "a die before '%s': %s", needle, wgp_decision(g));
        step(g, prefs);
    }
    ck_abort_msg("no decision '%s'", needle);
}

/* A morale test's event text from e0 (the first "NAME tests"). */
static const char *test_text(wg_game *g, size_t e0, const char *who)
{
    char n[64];
    snprintf(n, sizeof n, "%s tests ", who);
    return wgp_event(g, (size_t)wga_event(g, e0, n), WG_VIEW_REFEREE);
}

/* Uncontrolled advance: Red, with a friend beside it, receives Blue's charge: 3 + 1 (Hold, still) +
   die 5 = 9: a Regular unit advances out of control (T27, printed); it leaves its orders and charges
   the nearest opponent, for the rest of the period. */
START_TEST(test_uncontrolled_advance)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = position(ctx, NULL,
                          BLUE_LINE RED_LINE "unit Austrians Red2 type=line-fusiliers companies=2x3 formation=line front=6 at=800,500 facing=0,-1 order=hold\n");
    const char *pc[] = {"Blue: charge marker", "Blue charges Red", NULL};
    wga_drive(g, pc, NULL);
    size_t e0 = wgp_event_count(g);
    wga_die(g, 5);
    ck_assert_str_eq(test_text(g, e0, "Red"), "Red tests to receive a charge: die 5, total 9: in uncontrolled advance"); /* LA-MORALERES-01, LA-MORALERES-02 */
    wga_expect(g, e0, "Red in uncontrolled advance", "LA-MORALERES-03");
    ck_assert_str_eq(wga_text(g, 1, "morale"), "in uncontrolled advance"); /* LA-MORALE-19: it no longer obeys */
    int64_t y0 = wga_attr(g, 1, "y");
    e0 = wgp_event_count(g);
    for (int k = 0; k < 4 && wgp_find_event(g, e0, "Red: ", WG_VIEW_REFEREE) < 0; k++) {
        wga_drive(g, pc, NULL);
        if (wgp_decider(g) == WG_PLAYER_CHANCE)
            wga_die(g, 6);
    }
    /* it advances on Blue (toward the French edge, y falls) */
    wga_expect(g, e0, "Red: ", "LA-MORALERES-03"); /* LA-MORALERES-03 */
    ck_assert_int_lt(wga_attr(g, 1, "y"), y0);        /* LA-MORALERES-03 */
    wg_game_free(g);
    /* with a Change of formation marker: out of control, it is offered no change of formation */
    g = position(ctx, NULL,
                 BLUE_LINE RED_LINE "unit Austrians Red2 type=line-fusiliers companies=2x3 formation=line front=6 at=800,500 facing=0,-1 order=hold\n");
    const char *pf[] = {"Red: change of formation marker", "Blue: charge marker", "Blue charges Red", NULL};
    wga_drive(g, pf, NULL);
    ck_assert_str_eq(wga_text(g, 1, "marker"), "change of formation");
    wga_die(g, 5);
    ck_assert_str_eq(wga_text(g, 1, "morale"), "in uncontrolled advance");
    int offered = 0;
    for (int n = 0; n < 40 && strstr(wgp_decision(g), "phase 5") == NULL && !wga_over(g); n++) {
        offered |= wgp_find(g, "Red: change formation") >= 0;
        if (wgp_decider(g) == WG_PLAYER_CHANCE)
            wga_die(g, 6);
        else
            step(g, pf);
    }
    ck_assert_int_eq(offered, 0);                             /* LA-MORALERES-05 */
    ck_assert_str_eq(wga_text(g, 1, "formation"), "line"); /* LA-MORALERES-05 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* The charger tests before charging when the charged unit obeys (occasion 1). */
START_TEST(test_charger_tests)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = position(ctx, NULL, BLUE_LINE RED_LINE);
    const char *pc[] = {"Blue: charge marker", "Blue charges Red", NULL};
    wga_drive(g, pc, NULL);
    size_t e0 = wgp_event_count(g);
    wga_die(g, 6); /* Red: 3 - 2 + 1 + 6 = 8: obeys */
    ck_assert_str_eq(test_text(g, e0, "Red"), "Red tests to receive a charge: die 6, total 8: obeys");
    wga_drive(g, pc, NULL);
    ck_assert_str_eq(wgp_decision(g), "period 1, the die of Blue's morale test before charging"); /* LA-MORALE-01 */
    e0 = wgp_event_count(g);
    wga_die(g, 1);
    /* 3 - 2 (more enemies) + 1 (infantry charging) + 1 (Hold, still) + 1 = 4 */
    ck_assert_str_eq(test_text(g, e0, "Blue"), "Blue tests before charging: die 1, total 4: retreating"); /* LA-MORALE-01, LA-MORALERES-02 */
    ck_assert_str_eq(wga_text(g, 0, "morale"), "retreating");
    ck_assert_int_eq(wga_has_attr(g, 0, "charging"), 0); /* LA-MORALE-19: the result overrides the charge */
    wg_game_free(g);
    /* die 2: 5, halted: the charge is abandoned, and in this period's movement the unit may change
       formation, not move (die 4: 7, it obeys and charges) */
    for (int d = 2; d <= 4; d += 2) {
        g = position(ctx, NULL, BLUE_LINE RED_LINE);
        wga_drive(g, pc, NULL);
        wga_die(g, 6);
        wga_drive(g, pc, NULL);
        e0 = wgp_event_count(g);
        wga_die(g, d);
        if (d == 2) {
            ck_assert_str_eq(test_text(g, e0, "Blue"), "Blue tests before charging: die 2, total 5: halted");
            wga_expect(g, e0, "Blue halted", "LA-MORALERES-07");
            ck_assert_int_eq(wga_has_attr(g, 0, "charging"), 0); /* LA-MORALE-01 */
            until(g, "period 2", pc);
            ck_assert_int_eq(wga_attr(g, 0, "y"), 300); /* LA-MORALERES-07: it did not move */
            wga_no_event(g, e0, "Blue contacts Red");
        } else {
            ck_assert_str_eq(test_text(g, e0, "Blue"), "Blue tests before charging: die 4, total 7: obeys");
            ck_assert_int_eq(wga_attr(g, 0, "charging"), 2); /* LA-MORALE-01 */
            until(g, "phase 5", pc);
            wga_event(g, e0, "Blue contacts Red");
        }
        wg_game_free(g);
    }
    /* a charged unit with a Change of formation marker that halts: it may change formation, not
       move */
    g = position(ctx, NULL, BLUE_LINE RED_LINE);
    const char *pf[] = {"Red: change of formation marker", "Blue: charge marker", "Blue charges Red", NULL};
    wga_drive(g, pf, NULL);
    wga_die(g, 4); /* 3 - 2 + 1 + 4 = 6: halted */
    ck_assert_str_eq(wga_text(g, 1, "morale"), "halted");
    until(g, "commits the move of Red", pf);
    ck_assert_msg(wgp_find(g, "Red: change formation") >= 0, "%s", wgp_options_dump(g)); /* LA-MORALERES-07 */
    ck_assert_int_lt(wgp_find(g, "Red: advance"), 0);                                     /* LA-MORALERES-07 */
    ck_assert_int_lt(wgp_find(g, "Red: move to a point"), 0);                             /* LA-MORALERES-07 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Red (6 figures) under Blue's heavy fire (figure=6: 18 losses, 3 figures off, 3 a figure): the test
   of occasion 9 at once, the strength test (3 of 6 figures, below 60 %) at the end of the period. */
#define RED2_FRIEND "unit Austrians Red2 type=line-fusiliers companies=2x3 formation=line front=6 at=800,500 facing=0,-1 order=hold\n"
#define RED6 "unit Austrians Red type=line-fusiliers companies=2x3 formation=line front=6 at=500,380 facing=0,-1 order=hold\n"
static wg_game *heavy_fire(wg_ctx *ctx, const char *extra)
{
    char body[1024];
    snprintf(body, sizeof body, "%s%s%s", BLUE_LINE, RED6, extra ? extra : "");
    wg_game *g = position(ctx, "break=none", body);
    const char *pf[] = {"Blue: fire marker", "Blue fires at Red", NULL};
    wga_drive(g, pf, NULL);
    wga_die(g, 5);
    ck_assert_str_eq(wgp_decision(g), "period 1, the die of Red's morale test for heavy fire");
    return g;
}

START_TEST(test_halt_in_place_for_the_period)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = heavy_fire(ctx, RED2_FRIEND);
    size_t e0 = wgp_event_count(g);
    wga_die(g, 4);
    const char *t = test_text(g, e0, "Red");
    ck_assert_msg(strstr(t, "Red tests for heavy fire: die 4, total ") == t, "%s", t);
    ck_assert_msg(strstr(t, ": halted") != NULL, "%s", t);
    wga_expect(g, e0, "Red halted", "LA-MORALERES-07"); /* LA-MORALERES-07 */
    wga_no_event(g, e0, "Red retreating");
    /* nothing else is decided in period 1: period 2 begins and the halt, taken during period 1,
       is over */
    long k = wga_expect(g, e0, "period 2 begins", "LA-SEQ-01");
    ck_assert_int_gt(k, wga_event(g, e0, "Red halted"));
    ck_assert_str_eq(wga_text(g, 1, "morale"), "obeys"); /* LA-MORALERES-07: for the current period only */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* A Veteran company of 6 figures loses 3 (figure=6, 18 losses: under its 4 a figure, no test at once):
   3 of 6 is below 60 %, a test at the end of the period. */
START_TEST(test_strength_test_at_the_end)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = position(ctx, "figure=6,break=none",
                          BLUE_LINE "unit Austrians Red type=voltigeurs companies=2x3 formation=line front=6 at=500,380 facing=0,-1 order=hold\n"
                          "unit French Blue2 type=line-fusiliers companies=4x3 formation=line front=12 at=150,300 facing=0,1 order=hold\n"
                          "unit Austrians Red2 type=line-fusiliers companies=4x3 formation=line front=12 at=150,380 facing=0,-1 order=hold\n");
    const char *pf[] = {"Blue: fire marker", "Blue2: charge marker", "Blue2 charges Red2", "Blue fires at Red", NULL};
    size_t e0 = wgp_event_count(g);
    for (int n = 0; n < 10 && strstr(wgp_decision(g), "Blue's fire") == NULL; n++) {
        if (wgp_decider(g) == WG_PLAYER_CHANCE)
            wga_die(g, 4);
        else
            wga_drive(g, pf, NULL);
    }
    wga_die(g, 5);
    ck_assert_int_eq(fire_losses(g, e0), 18);
    ck_assert_int_eq(wga_attr(g, 1, "figures"), 3);
    /* the melee of Blue2 and Red2 comes first, then the end of the period's tests */
    for (int n = 0; n < 10 && strstr(wgp_decision(g), "below 60%") == NULL; n++) {
        if (wgp_decider(g) == WG_PLAYER_CHANCE)
            wga_die(g, 4);
        else
            wga_drive(g, pf, NULL);
    }
    ck_assert_str_eq(wgp_decision(g), "period 1, the die of Red's morale test below 60% of its strength"); /* LA-MORALE-04, LA-MORALE-13 */
    ck_assert_int_gt(wgp_event_count(g), (size_t)wga_event(g, e0, "Blue2 fights Red2") + 0); /* LA-MORALE-13: after the melees */
    ck_assert_int_lt(wga_event(g, e0, "Red loses 3 figures"), wga_event(g, e0, "Blue2 fights Red2"));
    e0 = wgp_event_count(g);
    wga_die(g, 6);
    wga_expect(g, e0, "Red tests below 60% of its strength: die 6", "LA-MORALE-16"); /* LA-MORALE-04 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

START_TEST(test_retreat)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = heavy_fire(ctx, RED2_FRIEND);
    size_t e0 = wgp_event_count(g);
    wga_die(g, 1);
    const char *t = test_text(g, e0, "Red");
    ck_assert_msg(strstr(t, ": retreating") != NULL, "%s", t);
    wga_expect(g, e0, "Red retreating", "LA-MORALERES-08"); /* LA-MORALERES-08 */
    ck_assert_str_eq(wga_text(g, 1, "morale"), "retreating");
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "disorganised"); /* LA-MORALERES-08 */
    int64_t y0 = wga_attr(g, 1, "y");
    e0 = wgp_event_count(g);
    wga_drive(g, NULL, NULL);
    /* the next period: it falls back toward its own edge (y grows) */
    wga_expect(g, e0, "Red: fall back from", "LA-MORALERES-08"); /* LA-MORALERES-08 */
    ck_assert_int_gt(wga_attr(g, 1, "y"), y0);
    ck_assert_int_eq(wga_has_attr(g, 1, "marker"), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* G-18: the Guard never routs nor flees; a rout or a flight on T27 is read as a retreat.  The test
   plays with the printed tables (data=printed) and supplies the rows T27 does not print, so the
   result is exactly the supplied cell. */
static void guard_case(wg_ctx *ctx, const char *type, int d, const char *cell, const char *want)
{
    army_extra = "unittype old-guard arm=infantry status=G manoeuvre=A fire=3 combat=6 charge=1 morale=3 weapon=fusil points=20\n";
    char body[1024];
    snprintf(body, sizeof body,
             BLUE_LINE "unit Austrians Red type=%s companies=4x3 formation=line front=12 at=500,380 facing=0,-1 order=hold\n", type);
    wg_game *g = position(ctx, "data=printed", body);
    army_extra = "";
    const char *pc[] = {"Blue: charge marker", "Blue charges Red", NULL};
    wga_drive(g, pc, NULL);
    /* 3 - 2 (more enemies) + 1 (Hold, still) + die: row 5-6 for die 3, 3-4 for die 1: not printed */
    long k = wgp_find(g, d == 3 ? "die 3" : "die 1");
    ck_assert_int_ge(k, 0);
    ck_assert_int_eq(wg_game_choose(g, (size_t)k), WG_ETABLEGAP); /* LA-MORALERES-01, G-02 */
    ck_assert_msg(strstr(wg_game_errmsg(g), "T27-morale-results") != NULL, "%s", wg_game_errmsg(g));
    wg_table *t = NULL;
    ck_assert_int_eq(wg_game_table_find(&t, g, "T27-morale-results"), WG_OK);
    char doc[256];
    snprintf(doc, sizeof doc, "wgdata 1 table\nname T27-morale-results\n%s\n", cell);
    ck_assert_msg(wg_table_supply(t, doc, strlen(doc)) == WG_OK, "%s", wg_table_errmsg(t));
    size_t e0 = wgp_event_count(g);
    wga_die(g, d);
    char text[128];
    snprintf(text, sizeof text, "Red tests to receive a charge: die %d, total %d: %s", d, 2 + d, want);
    ck_assert_str_eq(test_text(g, e0, "Red"), text); /* LA-MORALERES-09 */
    wg_game_free(g);
}

START_TEST(test_guard_never_routs)
{
    wg_ctx *ctx = wga_ctx();
    guard_case(ctx, "line-fusiliers", 3, "cell 5-6 Regular Rout", "routing");
    guard_case(ctx, "old-guard", 3, "cell 5-6 Guard Rout", "retreating");   /* LA-MORALERES-09, G-18 */
    guard_case(ctx, "line-fusiliers", 1, "cell 3-4 Regular Flight", "fleeing");
    guard_case(ctx, "old-guard", 1, "cell 3-4 Guard Flight", "retreating"); /* LA-MORALERES-09, G-18 */
    wg_ctx_free(ctx);
}
END_TEST

/* The strength bracket of T31 (G-11) in the morale factor of T26: a Militia battalion of 18 figures
   under fire (figure=6): 17 left is above 90 % (16), no factor; 16 and 15 count as 90 % (-1); 14
   as 80 % (-3). */
static void strength_case(wg_ctx *ctx, const char *type, const char *formation, int d, int left, const char *factor)
{
    char body[1024];
    snprintf(body, sizeof body,
             BLUE_LINE "unit Austrians Red type=%s companies=6x3 formation=%s at=500,380 facing=0,-1 order=hold\n", type, formation);
    wg_game *g = position(ctx, "figure=6", body);
    const char *pf[] = {"Blue: fire marker", "Blue fires at Red", NULL};
    wga_drive(g, pf, NULL);
    wga_die(g, d);
    ck_assert_int_eq(wga_attr(g, 1, "initial"), 18);
    ck_assert_int_eq(wga_attr(g, 1, "figures"), left);
    ck_assert_int_eq(wga_odds(g, "morale unit=2"), WG_OK);
    if (factor)
        wga_odds_has(factor);
    else
        wga_odds_lacks("T26-");
    wg_game_free(g);
}

START_TEST(test_strength_brackets)
{
    wg_ctx *ctx = wga_ctx();
    strength_case(ctx, "landwehr", "line front=18", 1, 17, NULL); /* 11 losses, LA-ANNEX-02: above the 90 % figure */
    strength_case(ctx, "landwehr", "line front=18", 3, 16,
                  "{\"name\":\"T26-strength-remaining\",\"value\":-1,\"text\":\"90%\""); /* 14 losses, LA-ANNEX-02 */
    /* the rulebook's example: 18 figures, 15 left, counted as 90 % */
    strength_case(ctx, "landwehr", "line front=18", 5, 15,
                  "{\"name\":\"T26-strength-remaining\",\"value\":-1,\"text\":\"90%\""); /* LA-ANNEX-01, LA-MORALEFACT-29 */
    /* 25 losses on a mass (+2, three ranks +1): 14 left, floor(0.8 x 18) = 14: 80 %, Militia -3 */
    strength_case(ctx, "landwehr", "mass front=6", 5, 14,
                  "{\"name\":\"T26-strength-remaining\",\"value\":-3,\"text\":\"80%\""); /* LA-ANNEX-02, LA-MORALEFACT-29 */
    /* Regular: nothing at 90 %, -1 at 80 % */
    strength_case(ctx, "line-fusiliers", "line front=18", 5, 15, NULL); /* LA-MORALEFACT-29 */
    strength_case(ctx, "line-fusiliers", "mass front=6", 5, 14,
                  "{\"name\":\"T26-strength-remaining\",\"value\":-1,\"text\":\"80%\""); /* LA-MORALEFACT-29 */
    wg_ctx_free(ctx);
}
END_TEST

/* The morale factors of losses (T25) after Blue's fire of 18 losses on 6 figures: -1 for the unit
   that caused 15 losses or more, -1 per 5 losses a figure, round(18 / 30) = 1. */
START_TEST(test_losses_factors)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = heavy_fire(ctx, RED2_FRIEND);
    ck_assert_int_eq(wga_odds(g, "morale unit=2 occasion=9"), WG_OK);
    wga_odds_has("{\"name\":\"T25-morale-losses\",\"value\":-1,\"text\":\"per-enemy-unit-causing-15-losses\""); /* LA-MORALEFACT-27 */
    wga_odds_has("{\"name\":\"T25-morale-losses\",\"value\":-1,\"text\":\"per-5-losses-per-figure\"");          /* LA-MORALEFACT-28 */
    wga_odds_has("\"total\":6");
    wg_game_free(g);
    /* 14 losses: below 15, no factor for the firer; round(14 / 30) = 0 */
    g = position(ctx, NULL, BLUE_LINE RED6 RED2_FRIEND);
    const char *pf[] = {"Blue: fire marker", "Blue fires at Red", NULL};
    wga_drive(g, pf, NULL);
    size_t e0 = wgp_event_count(g);
    wga_die(g, 3);
    ck_assert_int_eq(fire_losses(g, e0), 14);
    ck_assert_int_eq(wga_odds(g, "morale unit=2 occasion=9"), WG_OK);
    wga_odds_lacks("per-enemy-unit-causing-15-losses"); /* LA-MORALEFACT-27 */
    wga_odds_lacks("per-5-losses-per-figure");          /* LA-MORALEFACT-28 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* The printed cells and the gaps of T27 (morale results), T31 (strength ratios), T36 (dispersed
   order times) and T37 (scenario index), read on a game's tables with data=printed. */
static int cell_code(wg_table *t, const char *row, const char *col, const char **name)
{
    int r = -1, c = -1, v = 0;
    ck_assert_msg(wg_table_find_row(&r, t, row) == WG_OK, "%s: no row %s", wg_table_name(t), row);
    ck_assert_msg(wg_table_find_col(&c, t, col) == WG_OK, "%s: no col %s", wg_table_name(t), col);
    int rc = wg_table_lookup(&v, t, r, c);
    if (rc == WG_OK && name)
        ck_assert_int_eq(wg_table_code_name(name, t, v), WG_OK);
    return rc;
}

static const char *cell_name(wg_table *t, const char *row, const char *col)
{
    const char *n = NULL;
    int rc = cell_code(t, row, col, &n);
    ck_assert_msg(rc == WG_OK, "%s (%s, %s): %s", wg_table_name(t), row, col, wg_status_str(rc));
    return n;
}

START_TEST(test_printed_tables)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = position(ctx, "data=printed", BLUE_LINE RED_LINE);
    wg_table *t = NULL;
    /* T27 */
    ck_assert_int_eq(wg_game_table_find(&t, g, "T27-morale-results"), WG_OK);
    ck_assert_str_eq(cell_name(t, "11-or-more", "Guard"), "Obey");                    /* LA-MORALERES-01 */
    ck_assert_str_eq(cell_name(t, "11-or-more", "Elite"), "Obey");                    /* LA-MORALERES-01 */
    ck_assert_str_eq(cell_name(t, "11-or-more", "Veteran"), "Uncontrolled advance");  /* LA-MORALERES-01 */
    ck_assert_str_eq(cell_name(t, "11-or-more", "Irregular"), "Uncontrolled advance");/* LA-MORALERES-01 */
    ck_assert_str_eq(cell_name(t, "9-10", "Veteran"), "Obey");                        /* LA-MORALERES-01 */
    ck_assert_str_eq(cell_name(t, "9-10", "Regular"), "Uncontrolled advance");        /* LA-MORALERES-01 */
    ck_assert_str_eq(cell_name(t, "9-10", "Irregular"), "Uncontrolled advance");      /* LA-MORALERES-01 */
    ck_assert_str_eq(cell_name(t, "7-8", "Semi-regular"), "Obey");                    /* LA-MORALERES-01 */
    ck_assert_int_eq(cell_code(t, "7-8", "Militia", NULL), WG_ETABLEGAP);             /* LA-MORALERES-01 */
    ck_assert_int_eq(cell_code(t, "7-8", "Irregular", NULL), WG_ETABLEGAP);           /* LA-MORALERES-01 */
    ck_assert_msg(strstr(wg_table_errmsg(t), "T27-morale-results") != NULL, "%s", wg_table_errmsg(t));
    static const char *const st[] = {"Guard", "Elite", "Veteran", "Regular", "Semi-regular", "Militia", "Irregular"};
    static const char *const low[] = {"5-6", "3-4", "1-2", "0-or-less"};
    for (size_t r = 0; r < 4; r++)
        for (size_t c = 0; c < 7; c++)
            ck_assert_int_eq(cell_code(t, low[r], st[c], NULL), WG_ETABLEGAP); /* LA-MORALERES-01: 6 and below, G-02 */
    /* the result set: the codes T27 may hold (LA-MORALERES-02) */
    int code = -1;
    static const char *const results[] = {"Obey", "Uncontrolled advance", "Halt in place", "Retreat", "Rout", "Flight"};
    for (size_t k = 0; k < 6; k++)
        ck_assert_msg(wg_table_code(&code, t, results[k]) == WG_OK, "no code %s", results[k]); /* LA-MORALERES-02 */
    /* T31: the rows of 2 and 3 figures are printed, "3 -> 80% = 1" among them; 18 is not */
    ck_assert_int_eq(wg_game_table_find(&t, g, "T31-strength-ratios"), WG_OK);
    int rows = 0, cols = 0;
    ck_assert_int_eq(wg_table_size(&rows, &cols, t), WG_OK);
    ck_assert_int_eq(rows, 31); /* LA-ANNEX-01: initial 2 to 32 */
    ck_assert_int_eq(cols, 9);  /* LA-ANNEX-01: 90% to 10% */
    ck_assert_str_eq(cell_name(t, "2", "90%"), "1"); /* LA-ANNEX-01 */
    ck_assert_str_eq(cell_name(t, "3", "90%"), "2"); /* LA-ANNEX-01 */
    ck_assert_str_eq(cell_name(t, "3", "80%"), "1"); /* LA-ANNEX-02: the printed cell the reading of G-11 does not fit */
    ck_assert_int_eq(cell_code(t, "18", "90%", NULL), WG_ETABLEGAP); /* LA-ANNEX-01 */
    /* T36: every cell printed; from a line to skirmish order 1-8 figures half a period */
    static const char *const t36[] = {"T36a-skirmish-from-line", "T36b-skirmish-from-march", "T36c-skirmish-from-division",
                                      "T36d-foraging-from-line", "T36e-foraging-from-march", "T36f-foraging-from-division"};
    for (size_t k = 0; k < 6; k++) {
        ck_assert_msg(wg_game_table_find(&t, g, t36[k]) == WG_OK, "no %s", t36[k]); /* LA-ANNEX-03 */
        ck_assert_int_eq(wg_table_size(&rows, &cols, t), WG_OK);
        ck_assert_int_gt(rows, 0);
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++) {
                int v = 0;
                ck_assert_int_eq(wg_table_lookup(&v, t, r, c), WG_OK); /* LA-ANNEX-03 */
            }
    }
    ck_assert_int_eq(wg_game_table_find(&t, g, "T36a-skirmish-from-line"), WG_OK);
    ck_assert_str_eq(cell_name(t, "1-8", "periods"), "½");   /* LA-ANNEX-03 */
    ck_assert_str_eq(cell_name(t, "27-31", "periods"), "2½"); /* LA-ANNEX-03 */
    /* T37: 34 engagements in 13 conflicts, Quiévrain 30/04/1792 to Hougoumont 18/06/1815 */
    ck_assert_int_eq(wg_game_table_find(&t, g, "T37-scenario-index"), WG_OK);
    ck_assert_int_eq(wg_table_size(&rows, &cols, t), WG_OK);
    ck_assert_int_eq(rows, 34); /* LA-ANNEX-04 */
    ck_assert_str_eq(cell_name(t, "Combat de Quiévrain", "date"), "30/04/1792"); /* LA-ANNEX-04 */
    ck_assert_str_eq(cell_name(t, "Hougoumont", "date"), "18/06/1815");          /* LA-ANNEX-04 */
    const char *conf[34];
    int nconf = 0;
    for (int r = 0; r < rows; r++) {
        int v = 0;
        const char *n = NULL;
        ck_assert_int_eq(wg_table_lookup(&v, t, r, 0), WG_OK);
        ck_assert_int_eq(wg_table_code_name(&n, t, v), WG_OK);
        int seen = 0;
        for (int k = 0; k < nconf; k++)
            seen |= strcmp(conf[k], n) == 0;
        if (!seen)
            conf[nconf++] = n;
    }
    ck_assert_int_eq(nconf, 13); /* LA-ANNEX-04 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Cavalry against an unbroken square: nothing on the first melee turn, from the second -1 for heavy
   cavalry or lancers, -2 for light cavalry (T17).  The first turn is a tie (11 or 7 losses each
   way), so the square stands and the melee goes on into period 2. */
static void square_case(wg_ctx *ctx, const char *cavalry, const char *infantry, int blue_die, int red_die, const char *factor)
{
    char body[1024];
    snprintf(body, sizeof body,
             "unit French Blue type=%s companies=2x4 formation=line front=8 at=500,300 facing=0,1 order=hold\n"
             "unit Austrians Red type=%s companies=4x3 formation=hollow-square front=6 at=500,380 facing=0,-1 order=hold\n",
             cavalry, infantry);
    wg_game *g = position(ctx, NULL, body);
    const char *pc[] = {"Blue: charge marker", "Blue charges Red", NULL};
    int turn1 = 0;
    for (int n = 0; n < 40 && strstr(wgp_decision(g), "period 2, phase 5") == NULL; n++) {
        const char *d = wgp_decision(g);
        if (wgp_decider(g) != WG_PLAYER_CHANCE) {
            wga_drive(g, pc, NULL);
            continue;
        }
        if (strstr(d, "period 1, phase 5: the die of Blue in its melee")) {
            ck_assert_int_eq(wga_odds(g, "melee from=1 at=2"), WG_OK);
            wga_odds_lacks("T17-melee-cavalry"); /* LA-MELEEFACT-18, LA-MELEEFACT-19: not on the first turn */
            turn1 = 1;
        }
        wga_die(g, strstr(d, "to receive a charge") ? 6 : strstr(d, "die of Red in its melee") ? red_die
                                                   : strstr(d, "die of Blue in its melee") ? blue_die : 6);
    }
    ck_assert_int_eq(turn1, 1);
    wga_expect(g, 0, "a tie", NULL);
    ck_assert_str_eq(wgp_decision(g), "period 2, phase 5: the die of Blue in its melee with Red");
    ck_assert_str_eq(wga_text(g, 1, "formation"), "hollow-square");
    ck_assert_int_eq(wga_odds(g, "melee from=1 at=2"), WG_OK);
    wga_odds_has(factor); /* LA-MELEEFACT-18, LA-MELEEFACT-19 */
    wg_game_free(g);
}

START_TEST(test_cavalry_against_square)
{
    wg_ctx *ctx = wga_ctx();
    /* cuirassiers 6 + 2 + 1 (fresh) and die 6 (+2): row 9 on 4 figures, 11; the fusiliers 3 + 1 + 2
       (hollow square against cavalry) - 1 (cuirass) and die 3 (+1): row 6 on 6 figures, 11 */
    square_case(ctx, "cuirassiers", "line-fusiliers", 6, 3,
                "{\"name\":\"T17-melee-cavalry\",\"value\":-1,\"text\":\"heavy-or-lancers-against-unbroken-square\""); /* LA-MELEEFACT-18 */
    /* hussars and die 3: row 6 on 4 figures, 7; landwehr 1 + 1 + 2 and die 1: row 4 on 6, 7 */
    square_case(ctx, "hussars", "landwehr", 3, 1,
                "{\"name\":\"T17-melee-cavalry\",\"value\":-2,\"text\":\"light-against-unbroken-square\""); /* LA-MELEEFACT-19 */
    wg_ctx_free(ctx);
}
END_TEST

/* Figures come off the company with the most figures (the proportions kept), so a battalion of 4
   fusiliers and 5 grenadiers loses a grenadier first.  The morale value shows it: first the
   grenadiers' 5 (the most figures); then 4 against 4, the base troops are the fusiliers (3) and the
   grenadiers, of a superior morale and at least a quarter of them, add 1 (LA-MORALE-17): 4.  Had a
   fusilier gone, the grenadiers' 5 would stand. */
START_TEST(test_losses_removal_order)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = position(ctx, "figure=6",
                          BLUE_LINE "unit Austrians Red companies=line-fusiliers:4,grenadiers:5 formation=line front=9 "
                                    "at=500,380 facing=0,-1 order=hold\n");
    ck_assert_int_eq(wga_odds(g, "morale unit=2"), WG_OK);
    wga_odds_has("{\"name\":\"morale\",\"value\":5,");
    const char *pf[] = {"Blue: fire marker", "Blue fires at Red", NULL};
    wga_drive(g, pf, NULL);
    size_t e0 = wgp_event_count(g);
    wga_die(g, 1); /* 11 losses: one figure */
    ck_assert_int_eq(fire_losses(g, e0), 11);
    ck_assert_int_eq(wga_attr(g, 1, "figures"), 8);
    ck_assert_int_eq(wga_odds(g, "morale unit=2"), WG_OK);
    wga_odds_has("{\"name\":\"morale\",\"value\":4,"); /* LA-LOSSES-03: 4 and 4 left, not 3 and 5; LA-MORALE-17 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* A Militia battalion routs on receiving a charge: the charger counts an enemy rout within 300
   paces (+2), the routing unit its rout (-1, for good) besides the rout itself (-4). */
START_TEST(test_rout_factors)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = position(ctx, "break=none",
                          BLUE_LINE "unit Austrians Red type=landwehr companies=3x4 formation=line front=12 at=500,380 facing=0,-1 order=hold\n");
    const char *pc[] = {"Blue: charge marker", "Blue charges Red", NULL};
    wga_drive(g, pc, NULL);
    ck_assert_int_eq(wga_odds(g, "morale unit=1"), WG_OK);
    wga_odds_lacks("enemy-rout"); /* LA-MORALEFACT-18 */
    size_t e0 = wgp_event_count(g);
    wga_die(g, 6); /* 1 - 2 + 1 + 6 = 6: rout (sample, 5-6 Militia) */
    wga_expect(g, e0, "Red tests to receive a charge: die 6, total 6: routing", NULL);
    /* Red ran in the first half-period (110 paces and its depth), within 300 paces of Blue */
    ck_assert_int_eq(wga_odds(g, "morale unit=1"), WG_OK);
    wga_odds_has("{\"name\":\"T22-morale-environment\",\"value\":2,\"text\":\"each-enemy-rout\""); /* LA-MORALEFACT-18 */
    ck_assert_int_eq(wga_odds(g, "morale unit=2"), WG_OK);
    wga_odds_has("{\"name\":\"T21-morale-circumstances\",\"value\":-4,\"text\":\"rout-or-disorder\"");
    wga_odds_has("{\"name\":\"T21-morale-circumstances\",\"value\":-1,\"text\":\"has-routed\""); /* LA-MORALEFACT-11 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* The test of a melee lost by 27 losses (38 against 11): -1 per 20 losses of difference (T24). */
START_TEST(test_melee_loss_difference)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = position(ctx, NULL,
                          "unit French Blue type=line-fusiliers companies=6x3 formation=line front=18 at=500,300 facing=0,1 order=hold\n"
                          "unit Austrians Red type=landwehr companies=6x3 formation=line front=18 at=500,380 facing=0,-1 order=hold\n"
                          "unit Austrians Red2 type=line-fusiliers companies=2x3 formation=line front=6 at=900,400 facing=0,-1 order=hold\n");
    const char *pc[] = {"Blue: charge marker", "Blue charges Red", NULL};
    wga_drive(g, pc, NULL);
    wga_die(g, 6); /* Red halts: 1 + 1 + 6 = 8 */
    wga_drive(g, pc, NULL);
    size_t e0 = wgp_event_count(g);
    wga_die(g, 6);
    wga_die(g, 1);
    ck_assert_str_eq(wgp_decision(g), "period 1, the die of Red's morale test for a melee lost");
    wga_event(g, e0, "Blue fights Red: die 6, row 7, 18 figures: 38 losses");
    wga_event(g, e0, "Red fights Blue: die 1, row 2, 18 figures: 11 losses");
    ck_assert_int_eq(wga_odds(g, "morale unit=2 occasion=3"), WG_OK);
    wga_odds_has("{\"name\":\"T24-morale-melee\",\"value\":-1,\"text\":\"per-20-losses-difference\""); /* LA-MORALEFACT-26 */
    wga_odds_has("{\"name\":\"T24-morale-melee\",\"value\":-1,\"text\":\"just-lost-melee\"");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* An uncontrolled advance from a test at the end of the period lasts the following period. */
START_TEST(test_uncontrolled_advance_next_period)
{
    wg_ctx *ctx = wga_ctx();
    /* Red: line fusiliers of morale 6, for the hussars behind it are a threat to its rear (-3,
       LA-MORALEFACT-32) */
    army_extra = "unittype steady-fusiliers arm=infantry status=R manoeuvre=B fire=3 combat=3 charge=1 morale=6 "
                 "weapon=fusil points=10\n";
    wg_game *g = position(ctx, NULL,
                          BLUE_LINE "unit Austrians Red type=steady-fusiliers companies=4x3 formation=line front=12 "
                                    "at=500,380 facing=0,-1 order=hold\n"
                                    "unit Austrians Red2 type=line-fusiliers companies=2x3 formation=line front=6 at=800,500 facing=0,-1 order=hold\n"
                          "unit French Hus type=hussars companies=2x2 formation=march front=1 at=500,800 facing=0,-1 order=hold\n");
    const char *pc[] = {"Blue: charge marker", "Blue charges Red", NULL};
    /* Blue, disorganised after its melee (LA-DISORG-08), charges no more: the hussars charge in period 2 */
    const char *pc2[] = {"Hus: charge marker", "Hus charges Red", NULL};
    wga_drive(g, pc, NULL);
    wga_die(g, 2); /* Red: 6 + 1 - 3 + 2 = 6: halted; the charger is exempt */
    wga_drive(g, pc, NULL);
    wga_die(g, 6); /* the melee: Blue wins */
    wga_die(g, 1);
    ck_assert_str_eq(wgp_decision(g), "period 1, the die of Red's morale test for a melee lost");
    size_t e0 = wgp_event_count(g);
    wga_die(g, 6); /* 6 - 1 (lost) + 1 (Hold) - 3 (threat) + 6 = 9: a Regular advances out of control (printed) */
    ck_assert_str_eq(test_text(g, e0, "Red"), "Red tests for a melee lost: die 6, total 9: in uncontrolled advance"); /* LA-MORALE-13 */
    wga_expect(g, e0, "Red in uncontrolled advance", "LA-MORALERES-03");
    /* period 2: still out of control, for the whole of it (a test at the end of the period) */
    wga_expect(g, e0, "period 2 begins", "LA-SEQ-01");
    ck_assert_str_eq(wga_text(g, 1, "morale"), "in uncontrolled advance"); /* LA-MORALERES-03 */
    /* period 2: charged, it is offered no reaction: out of control, it does as its result says
       (LA-MORALE-19), and stays so through the period's movement */
    int over = 0;
    for (int n = 0; n < 40 && strstr(wgp_decision(g), "period 2, phase 3") == NULL; n++) {
        wg_game_is_over(&over, g);
        if (over)
            break;
        ck_assert_msg(strstr(wgp_decision(g), "Red is charged by Blue: its reaction") == NULL, "%s",
                      wgp_decision(g)); /* LA-MORALE-19 */
        if (wgp_decider(g) == WG_PLAYER_CHANCE)
            wga_die(g, 6);
        else
            wga_drive(g, pc2, NULL);
    }
    ck_assert_int_eq(over, 0);
    wga_expect(g, e0, "Hus declares a charge on Red", NULL);
    ck_assert_str_eq(wga_text(g, 1, "morale"), "in uncontrolled advance"); /* LA-MORALERES-03 */
    wga_no_event(g, e0, "Red obeys");
    wg_game_free(g);
    army_extra = "";
    wg_ctx_free(ctx);
}
END_TEST

/* No fire at a unit in a melee. */
START_TEST(test_no_fire_into_a_melee)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = position(ctx, NULL,
                          BLUE_LINE RED_LINE "unit French Blue2 type=line-fusiliers companies=4x1 formation=line front=4 at=300,340 facing=1,0 order=hold\n");
    ck_assert_int_eq(wga_odds(g, "fire from=3 at=2"), WG_OK);
    const char *pc[] = {"Blue: charge marker", "Blue charges Red", "Blue2: fire marker", NULL};
    wga_drive(g, pc, NULL);
    wga_die(g, 6); /* Red halts (Blue2 threatens its flank: -2, LA-MORALEFACT-32) */
    wga_drive(g, pc, NULL);
    ck_assert_msg(strstr(wgp_decision(g), "phase 5: the die of Blue in its melee with Red") != NULL, "%s", wgp_decision(g));
    ck_assert_int_eq(wga_attr(g, 1, "melee_with"), 1);
    wga_no_event(g, 0, "Blue2's fire"); /* LA-FIRE-05 */
    ck_assert_int_eq(wga_odds(g, "fire from=3 at=2"), WG_ESTATE); /* LA-FIRE-05 */
    wg_game_free(g);
    /* Blue where the charge left it but a pace short of contact: Red may be fired on (Blue masks
       nothing) */
    g = position(ctx, NULL,
                 "unit French Blue type=line-fusiliers companies=4x3 formation=line front=12 at=500,377 facing=0,1 order=hold\n" RED_LINE
                 "unit French Blue2 type=line-fusiliers companies=4x1 formation=line front=4 at=300,340 facing=1,0 order=hold\n");
    ck_assert_int_eq(wga_has_attr(g, 1, "melee_with"), 0);
    ck_assert_int_eq(wga_odds(g, "fire from=3 at=2"), WG_OK); /* LA-FIRE-05 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* A routing unit within 150 paces of a formed friend tests to rally at the end of the period. */
START_TEST(test_rally_test)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = position(ctx, "break=none",
                          BLUE_LINE "unit Austrians Red type=landwehr companies=3x4 formation=line front=12 at=500,380 facing=0,-1 order=hold\n"
                                    "unit Austrians Red2 type=line-fusiliers companies=4x3 formation=line front=12 at=500,620 facing=0,-1 order=hold\n");
    const char *pc[] = {"Blue: charge marker", "Blue charges Red", NULL};
    wga_drive(g, pc, NULL);
    size_t e0 = wgp_event_count(g);
    wga_die(g, 4); /* 1 + 1 (Hold) + 4 = 6: rout (sample, 5-6 Militia) */
    ck_assert_str_eq(test_text(g, e0, "Red"), "Red tests to receive a charge: die 4, total 6: routing");
    /* Red2, Regular, does not test at the rout of Militia, of a lower status (LA-MORALE-05) */
    ck_assert_int_lt(wgp_find_event(g, e0, "Red2 tests", WG_VIEW_REFEREE), 0); /* LA-MORALE-05 */
    wga_drive(g, pc, NULL);
    /* after the movement (the rout ran 135 paces, to 105 paces of Red2's front): the test to rally,
       at the end of the period */
    ck_assert_str_eq(wgp_decision(g), "period 1, the die of Red's morale test to stop its rout"); /* LA-MORALE-10, LA-MORALE-13 */
    ck_assert_int_lt(wga_event(g, e0, "Red: fall back from (500, 380) to (500, 515)"), (long)wgp_event_count(g));
    e0 = wgp_event_count(g);
    wga_die(g, 6);
    /* Blue, behind the routing unit, holds its rear in its zone of action: -3 (LA-MORALEFACT-32) */
    wga_expect(g, e0, "Red tests to stop its rout: die 6, total 1: fleeing", "LA-MORALE-16"); /* LA-MORALE-10 */
    wga_expect(g, e0, "Red fleeing, in disorder", "LA-ROUT-07");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Infantry fighting from above, on a slope: +1 (T16); the unit below has nothing. */
START_TEST(test_melee_from_above)
{
    wg_ctx *ctx = wga_ctx();
    for (int hill = 1; hill >= 0; hill--) {
        table_text = hill ? TABLE_HILL : NULL;
        wg_game *g = position(ctx, NULL, BLUE_LINE RED_LINE);
        table_text = NULL;
        const char *pc[] = {"Blue: charge marker", "Blue charges Red", NULL};
        wga_drive(g, pc, NULL);
        wga_die(g, 4); /* Red halts */
        wga_drive(g, pc, NULL);
        ck_assert_str_eq(wgp_decision(g), "period 1, phase 5: the die of Blue in its melee with Red");
        ck_assert_int_eq(wga_odds(g, "melee from=2 at=1"), WG_OK);
        if (hill)
            wga_odds_has("{\"name\":\"T16-melee-infantry\",\"value\":1,\"text\":\"above-on-slope\""); /* LA-MELEEFACT-14 */
        else
            wga_odds_lacks("above-on-slope"); /* LA-MELEEFACT-14 */
        ck_assert_int_eq(wga_odds(g, "melee from=1 at=2"), WG_OK);
        wga_odds_lacks("above-on-slope"); /* LA-MELEEFACT-14: the unit below */
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("aigles_fire");
    TCase *tc = tcase_create("rules");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_fire_half_effect_after_moving);
    tcase_add_test(tc, test_fire_elite_die);
    tcase_add_test(tc, test_victory_bands);
    tcase_add_test(tc, test_uncontrolled_advance);
    tcase_add_test(tc, test_charger_tests);
    tcase_add_test(tc, test_halt_in_place_for_the_period);
    tcase_add_test(tc, test_retreat);
    tcase_add_test(tc, test_strength_test_at_the_end);
    tcase_add_test(tc, test_guard_never_routs);
    tcase_add_test(tc, test_strength_brackets);
    tcase_add_test(tc, test_losses_factors);
    tcase_add_test(tc, test_printed_tables);
    tcase_add_test(tc, test_cavalry_against_square);
    tcase_add_test(tc, test_losses_removal_order);
    tcase_add_test(tc, test_rout_factors);
    tcase_add_test(tc, test_melee_loss_difference);
    tcase_add_test(tc, test_uncontrolled_advance_next_period);
    tcase_add_test(tc, test_no_fire_into_a_melee);
    tcase_add_test(tc, test_rally_test);
    tcase_add_test(tc, test_melee_from_above);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

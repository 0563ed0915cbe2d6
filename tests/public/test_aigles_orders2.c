/* Les Aigles zones of action, budgets, actions the orders did not provide for and the fire of a unit
   on a hill with a general, proven by play through the public API: an infantry, a cavalry and an
   artillery enemy threaten a unit's flank at their own reach (fire range, charge reach, canister
   range) and not beyond or outside their arc, as the morale odds show; the points of each unit and
   each side's budget as a host reads them; the option `unforeseen`; targets behind the nearest enemy.
   Positions are built from documents (tests/support/wgaigles.h); decisions are taken by label and
   dice by "die N".  Checklist items are cited next to the assertions that prove them. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wargame.h"
#include "wgaigles.h"
#include "wgplay.h"

/* Red, the unit whose morale is read: four figures of fusiliers in line facing the French edge. */
#define RED "unit Austrians Red type=line-fusiliers companies=4x1 formation=line front=4 at=500,500 facing=0,-1 order=hold\n"

/* Red's width and depth in paces, read from a position with Red alone and a far enemy. */
static void red_size(wg_ctx *ctx, int *w, int *d)
{
    wg_game *g = wga_battle(ctx, NULL,
                            RED "unit French Far type=line-fusiliers companies=2x1 formation=line front=2 at=2000,100 "
                                "facing=0,1 order=hold\n",
                            NULL);
    *w = (int)wga_attr_of(g, "Red", "width");
    *d = (int)wga_attr_of(g, "Red", "depth");
    wg_game_free(g);
}

/* Whether the morale odds of Red count an enemy on its flank, with `enemy` (a unit record whose
   %d, %d are its x, y) standing `gap` paces off Red's right side, facing it (or `fx`, `fy`). */
static int flank_threat(wg_ctx *ctx, const char *enemy, int gap, int fx, int fy)
{
    int w = 0, d = 0;
    red_size(ctx, &w, &d);
    char rec[512], units[1024];
    /* the enemy's width, read where it stands alone */
    snprintf(rec, sizeof rec, enemy, 2000, 1000, fx, fy);
    snprintf(units, sizeof units, "%s%s", RED, rec);
    wg_game *g = wga_battle(ctx, NULL, units, NULL);
    int ew = fx == 0 ? (int)wga_attr_of(g, "Foe", "width") : 0;
    wg_game_free(g);
    /* the enemy's nearest edge gap paces right of Red's right edge, level with Red's middle */
    snprintf(rec, sizeof rec, enemy, 500 + w / 2 + gap + ew / 2, 500 + d / 2, fx, fy);
    snprintf(units, sizeof units, "%s%s", RED, rec);
    g = wga_battle(ctx, NULL, units, NULL);
    ck_assert_int_eq(wga_attr_of(g, "Red", "x"), 500);
    wga_odds_ok(g, "morale unit=1");
    int yes = strstr(wga_odds_buf, "\"text\":\"enemy-on-the-flank\"") != NULL;
    if (yes)
        wga_odds_has("{\"name\":\"T22-morale-environment\",\"value\":-2,\"text\":\"enemy-on-the-flank\"");
    wg_game_free(g);
    return yes;
}

#define INF "unit French Foe type=line-fusiliers companies=2x1 formation=line front=2 at=%d,%d facing=%d,%d order=hold\n"
#define HUS "unit French Foe type=hussars companies=2x1 formation=line front=2 at=%d,%d facing=%d,%d order=hold\n"
#define BAT                                                                                                            \
    "unit French Foe type=foot-battery companies=3x2 formation=in-battery front=6 at=%d,%d facing=%d,%d order=deny zone=500,100 radius=100\n"

/* An enemy threatens a unit only within its zone of action: infantry its fire range (fusil, 200
   paces), cavalry the reach of its charge (hussars in line, manoeuvre A: 220 + 120 = 340 paces,
   beyond their carbines' 300), artillery its flat-trajectory range (the 6-pounder's canister, 150
   paces, well within its 700 paces of range); and only within its arc. */
START_TEST(test_zone_of_action)
{
    wg_ctx *ctx = wga_ctx();
    ck_assert_int_eq(flank_threat(ctx, INF, 190, -1, 0), 1); /* LA-UNIT-19, LA-MORALEFACT-32 */
    ck_assert_int_eq(flank_threat(ctx, INF, 210, -1, 0), 0); /* LA-UNIT-19 */
    ck_assert_int_eq(flank_threat(ctx, INF, 100, 0, -1), 0); /* LA-UNIT-19: Red outside its arc */
    ck_assert_int_eq(flank_threat(ctx, HUS, 330, -1, 0), 1); /* LA-UNIT-19: beyond its carbines */
    ck_assert_int_eq(flank_threat(ctx, HUS, 350, -1, 0), 0); /* LA-UNIT-19 */
    ck_assert_int_eq(flank_threat(ctx, HUS, 100, 0, 1), 0);  /* LA-UNIT-19: outside its arc */
    ck_assert_int_eq(flank_threat(ctx, BAT, 140, -1, 0), 1); /* LA-UNIT-19 */
    ck_assert_int_eq(flank_threat(ctx, BAT, 160, -1, 0), 0); /* LA-UNIT-19: within range, beyond canister */
    ck_assert_int_eq(flank_threat(ctx, BAT, 100, 0, -1), 0); /* LA-UNIT-19: outside its arc */
    wg_ctx_free(ctx);
}
END_TEST

/* Each side's budget, as a host reads it on any of its pieces, the sum of its units' points; -1 when
   it has no piece. */
static int64_t side_budget(wg_game *g, int side, int64_t *sum)
{
    size_t n = 0;
    int64_t budget = -1;
    *sum = 0;
    ck_assert_int_eq(wg_game_piece_count(&n, g, WG_VIEW_REFEREE), WG_OK);
    for (size_t i = 0; i < n; i++) {
        if (wga_attr(g, i, "side") != side)
            continue;
        int64_t b = wga_attr(g, i, "budget");
        ck_assert(budget < 0 || b == budget); /* LA-SCALE-08: the same on every piece of the side */
        budget = b;
        if (wga_has_attr(g, i, "points"))
            *sum += wga_attr(g, i, "points");
    }
    return budget;
}

/* The points of each unit and each side's budget: a host reads them, the score is a lead in per cent
   of their mean, and the sample battles keep under the 1000 points the rules recommend. */
START_TEST(test_budget)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = NULL;
    int rc = wga_try_position(&g, ctx, "break=none",
                              "unit French Blue type=line-fusiliers companies=4x3 formation=line front=12 at=500,300 facing=0,1 order=hold\n"
                              "unit Austrians Red type=landwehr companies=3x4 formation=line front=12 at=500,380 facing=0,-1 order=hold\n"
                              "unit French Blue2 type=line-fusiliers companies=4x3 formation=march front=2 at=500,555 facing=0,1 order=hold\n"
                              "officer French Ney charisma=2 command=2 at=100,100 facing=0,1\n",
                              1);
    ck_assert_msg(rc == WG_OK, "set-up: %s", wg_ctx_errmsg(ctx));
    /* 12 figures of line fusiliers at 10 points; 12 of landwehr at 6 (the sample army list) */
    ck_assert_int_eq(wga_attr_of(g, "Blue", "points"), 120); /* LA-SCALE-08 */
    ck_assert_int_eq(wga_attr_of(g, "Red", "points"), 72);  /* LA-SCALE-08 */
    ck_assert_int_eq(wga_has_attr(g, (size_t)wga_piece(g, "Ney"), "points"), 0);
    int64_t sum0 = 0, sum1 = 0;
    int64_t b0 = side_budget(g, 0, &sum0), b1 = side_budget(g, 1, &sum1);
    ck_assert_int_eq(b0, 240); /* LA-SCALE-08 */
    ck_assert_int_eq(b0, sum0);
    ck_assert_int_eq(b1, 72); /* LA-SCALE-08 */
    ck_assert_int_eq(b1, sum1);
    ck_assert_int_eq(wga_attr_of(g, "Ney", "budget"), b0);
    /* the budget seen by the other side is the same */
    int64_t v = 0;
    ck_assert_int_eq(wg_game_attr_int(&v, g, 1, WG_ATTR_PIECE, (size_t)wga_piece(g, "Blue"), "budget"), WG_OK);
    ck_assert_int_eq(v, b0);
    const char *pc[] = {"Blue: charge marker", "Blue charges Red", NULL};
    wga_drive(g, pc, NULL);
    wga_die(g, 6); /* Red routs */
    wga_drive(g, pc, NULL);
    ck_assert_int_eq(wga_over(g), 1);
    int64_t sc = 0;
    ck_assert_int_eq(wg_game_score(&sc, g), WG_OK);
    /* Red taken prisoner: its points twice, in per cent of the mean of the two budgets read */
    ck_assert_int_eq(sc, 72 * 2 * 100 / ((b0 + b1) / 2)); /* LA-SCALE-08 */
    wg_game_free(g);
    /* the sample battles: each side's budget under the 1000 points recommended */
    static const char *const sc_names[] = {"crossroads", "ridge"};
    for (int k = 0; k < 2; k++) {
        g = wgp_new(ctx, "aigles", sc_names[k], NULL, 1, NULL);
        for (int side = 0; side < 2; side++) {
            int64_t sum = 0, b = side_budget(g, side, &sum);
            ck_assert_int_eq(b, sum);
            ck_assert_int_gt(b, 0);
            ck_assert_int_lt(b, 1000); /* LA-SCALE-08 */
        }
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* The French grenadiers Blue on a hill (level 1 up to y = 305) with a fire marker, the Austrian line
   Near 60 paces ahead below it (facing away), the Austrian Far `far_y` paces down the table behind
   Near; with the general Ney in base contact when `general`.  The targets Blue is offered. */
static wg_game *over_position(wg_ctx *ctx, int hill, int general, int far_y)
{
    char units[1536];
    /* Blue's depth, read where it stands alone: Ney stands against its rear */
    wg_game *p = wga_battle(ctx, NULL,
                            "unit French Blue type=grenadiers companies=4x3 formation=line front=12 at=500,300 "
                            "facing=0,1 order=hold\n" RED,
                            NULL);
    int depth = (int)wga_attr_of(p, "Blue", "depth");
    wg_game_free(p);
    char ney[128];
    snprintf(ney, sizeof ney, "officer French Ney charisma=2 command=2 at=500,%d facing=0,1\n", 300 - depth);
    snprintf(units, sizeof units,
             "%sunit French Blue type=grenadiers companies=4x3 formation=line front=12 at=500,300 facing=0,1 order=hold\n"
             "unit Austrians Near type=line-fusiliers companies=4x3 formation=line front=12 at=500,360 facing=0,1 "
             "order=hold\n"
             "unit Austrians Far type=line-fusiliers companies=2x1 formation=line front=2 at=500,%d facing=0,-1 "
             "order=hold\n",
             general ? ney : "", far_y);
    wg_game *g = wga_battle(ctx, hill ? "area hill name=Hill level=1 0,0 2600,0 2600,305 0,305\n" : NULL, units, NULL);
    if (general)
        ck_assert_int_eq(wga_attr_of(g, "Ney", "x"), 500);
    const char *pf[] = {"Blue: fire marker", NULL};
    wga_drive(g, pf, "phase 4");
    ck_assert_msg(wga_has_decision(g, "Blue"), "%s\n%s", wgp_decision(g), wgp_events_dump(g, 0, WG_VIEW_REFEREE));
    WGA_ASSERT_OPTION(g, "Blue holds its fire");
    return g;
}

/* A unit on a hill with a general in base contact may fire at an enemy behind the nearest one when
   the gap between them is a tenth of the firing distance or more. */
START_TEST(test_fire_over_the_nearest)
{
    wg_ctx *ctx = wga_ctx();
    /* Far 120 paces from Blue, 60 behind Near: 60 x 10 >= 120 */
    wg_game *g = over_position(ctx, 1, 1, 420);
    WGA_ASSERT_OPTION(g, "Blue fires at Near");
    WGA_ASSERT_OPTION(g, "Blue fires at Far"); /* LA-FIRE-11 */
    size_t e0 = wgp_event_count(g);
    wgp_choose(g, "Blue fires at Far");
    wga_die(g, 6);
    wga_event(g, e0, "Blue fires light arms at Far"); /* LA-FIRE-11 */
    wg_game_free(g);
    /* without the general, the nearest only (LA-FIRE-10) */
    g = over_position(ctx, 1, 0, 420);
    ck_assert_int_eq(wga_odds(g, "fire from=1 at=3"), WG_OK);
    WGA_ASSERT_OPTION(g, "Blue fires at Near");
    WGA_ASSERT_NO_OPTION(g, "Blue fires at Far"); /* LA-FIRE-11 */
    wg_game_free(g);
    /* Far 5 paces behind Near, 65 paces from Blue: 5 x 10 < 65 */
    g = over_position(ctx, 1, 1, 365);
    ck_assert_int_eq(wga_odds(g, "fire from=1 at=3"), WG_OK); /* Blue sees Far over Near (LA-LOS-08) */
    WGA_ASSERT_OPTION(g, "Blue fires at Near");
    WGA_ASSERT_NO_OPTION(g, "Blue fires at Far"); /* LA-FIRE-11 */
    wg_game_free(g);
    /* on the flat Near masks Far */
    g = over_position(ctx, 0, 1, 420);
    WGA_ASSERT_NO_OPTION(g, "Blue fires at Far"); /* LA-FIRE-11 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* S, under a Support order of K, ey - 300 paces from the Austrian column E; the option unforeseen as given. */
static wg_game *unforeseen_position(wg_ctx *ctx, const char *options, int ey)
{
    char units[1024];
    snprintf(units, sizeof units,
             "unit French K type=line-fusiliers companies=4x3 formation=division front=4 at=1000,300 "
             "facing=0,1 order=hold\n"
             "unit French S type=line-fusiliers companies=4x3 formation=division front=4 at=600,300 "
             "facing=0,1 order=support target=K\n"
             "unit Austrians E type=line-fusiliers companies=4x3 formation=division front=4 at=600,%d "
             "facing=0,-1 order=hold\n"
             "unit Austrians F type=line-fusiliers companies=4x3 formation=division front=4 at=1600,400 "
             "facing=0,-1 order=hold\n",
             ey);
    return wga_battle(ctx, NULL, units, options);
}

/* S's charge on E under its Support order, up to the die of its test before that action. */
static wg_game *unforeseen_charge(wg_ctx *ctx)
{
    wg_game *g = unforeseen_position(ctx, "unforeseen=test", 400);
    wgp_choose(g, "K: none marker");
    WGA_ASSERT_DECISION(g, "marker of S");
    WGA_ASSERT_OPTION(g, "S: charge marker"); /* LA-ORDERS-19 */
    wgp_choose(g, "S: charge marker");
    wgp_choose(g, "E: none marker");
    wgp_choose(g, "F: none marker");
    wgp_choose(g, "S charges E");
    /* the test comes before anything else of the charge: E has not tested to receive it */
    WGA_ASSERT_DECISION(g, "the die of S's morale test before an action its orders did not provide for"); /* LA-MORALE-11 */
    wga_no_event(g, 0, "E tests to receive a charge");
    return g;
}

/* An action the orders did not provide for: forbidden by default; with unforeseen=test, offered, and
   taking it asks first a morale test of occasion 11 whose result decides whether the unit does it. */
START_TEST(test_unforeseen_action)
{
    wg_ctx *ctx = wga_ctx();
    /* the default: a Support order charges not (LA-ORDERS-05) */
    wg_game *g = unforeseen_position(ctx, NULL, 400);
    wgp_choose(g, "K: none marker");
    WGA_ASSERT_DECISION(g, "marker of S");
    WGA_ASSERT_NO_OPTION(g, "S: charge marker"); /* LA-ORDERS-19: unforeseen=forbid */
    wg_game_free(g);
    /* the test passed: the charge goes on, E tests to receive it */
    g = unforeseen_charge(ctx);
    ck_assert_int_eq(wga_odds(g, "morale unit=2 occasion=11"), WG_OK); /* LA-MORALE-11 */
    size_t e0 = wgp_event_count(g);
    wga_die(g, 6);
    wga_expect(g, e0, "S tests before an action its orders did not provide for: die 6", "LA-MORALE-16"); /* LA-MORALE-11 */
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "S"), "morale"), "obeys");
    wga_no_event(g, e0, "S halts: no charge on E");
    WGA_ASSERT_DECISION(g, "E's morale test to receive a charge"); /* LA-ORDERS-19 */
    ck_assert_int_eq(wga_attr_of(g, "S", "charging"), wga_attr_of(g, "E", "id")); /* LA-ORDERS-19 */
    wg_game_free(g);
    /* a two-period charge, E 250 paces off: a test each period, for the test holds for its period only */
    g = unforeseen_position(ctx, "unforeseen=test", 550);
    const char *two[] = {"K: none marker", "S: charge marker", "E: none marker", "F: none marker",
                         "S: a two-period charge on E", NULL};
    wga_drive(g, two, NULL);
    e0 = wgp_event_count(g);
    WGA_ASSERT_DECISION(g, "period 1, the die of S's morale test before an action its orders did not provide for"); /* LA-ORDERS-19 */
    wga_die(g, 6);
    wga_expect(g, e0, "S tests before an action its orders did not provide for: die 6, total 7: obeys", NULL);
    wga_drive(g, two, NULL);
    WGA_ASSERT_DECISION(g, "period 2, the die of S's morale test before an action its orders did not provide for"); /* LA-ORDERS-19 */
    wga_die(g, 6);
    WGA_ASSERT_DECISION(g, "E's morale test to receive a charge");
    wg_game_free(g);
    /* the test failed: S halts and does not charge */
    g = unforeseen_charge(ctx);
    e0 = wgp_event_count(g);
    wga_die(g, 5);
    wga_expect(g, e0, "S tests before an action its orders did not provide for: die 5, total 6: halted",
               "LA-MORALE-16"); /* LA-MORALE-11 */
    wga_expect(g, e0, "S halts: no charge on E", "LA-ORDERS-19"); /* LA-ORDERS-19 */
    ck_assert_int_eq(wga_has_attr(g, (size_t)wga_piece(g, "S"), "charging"), 0); /* LA-ORDERS-19 */
    ck_assert_msg(!wga_has_decision(g, "E's morale test to receive a charge"), "%s", wgp_decision(g));
    wga_no_event(g, e0, "E tests to receive a charge");
    wg_game_free(g);
    /* a result worse than halting applies as any test's: S routs, no charge */
    g = unforeseen_charge(ctx);
    e0 = wgp_event_count(g);
    wga_die(g, 1);
    wga_expect(g, e0, "S tests before an action its orders did not provide for: die 1, total 2: routing",
               "LA-MORALE-16"); /* LA-MORALE-11 */
    ck_assert_int_eq(wga_has_attr(g, (size_t)wga_piece(g, "S"), "charging"), 0); /* LA-ORDERS-19 */
    wga_no_event(g, e0, "E tests to receive a charge");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("aigles_orders2");
    TCase *tc = tcase_create("orders2");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_zone_of_action);
    tcase_add_test(tc, test_budget);
    tcase_add_test(tc, test_fire_over_the_nearest);
    tcase_add_test(tc, test_unforeseen_action);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

/* Les Aigles melee results and charges proven by play through the public API: the special cases of
   the result of a melee (cavalry against cavalry, a column against a line, an elite unit that stands,
   a battery whose gunners stand), the follow-up, the counters of consecutive wins and losses seen in
   the morale odds, the charging morale factors, and the cavalry charge refused into a wood.  Every
   position is built from host documents written here; every decision is taken by its label, every
   die by "die N", chosen so that the melee's losses are the ones the case needs on the sample loss
   table (data=sample): floor((3 n f + 5) / 10) losses for n figures at row f > 0.  Checklist items
   are cited next to the assertions that prove them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgaigles.h"
#include "wgplay.h"

/* ---------------------------------------------------------------- positions */


/* Plays `g` with `pc`, rolling the morale tests met on the way with `dice` (0-terminated), up to the
   first die of a melee. */
static void to_melee(wg_game *g, const char *const *pc, const int *dice)
{
    wga_drive(g, pc, NULL);
    for (int k = 0; dice[k]; k++) {
        ck_assert_msg(strstr(wgp_decision(g), "morale test") != NULL, "not a test: %s\n%s", wgp_decision(g),
                      wgp_events_dump(g, 0, WG_VIEW_REFEREE));
        wga_die(g, dice[k]);
        wga_drive(g, pc, NULL);
    }
    ck_assert_msg(strstr(wgp_decision(g), "phase 5: the die of Blue in its melee with Red") != NULL, "%s\n%s", wgp_decision(g),
                  wgp_events_dump(g, 0, WG_VIEW_REFEREE));
}

static const char *const CHARGE[] = {"Blue: charge marker", "Blue charges Red", NULL};

/* The event of a side's melee losses: "<a> fights <b>: die D, row R, N figures: L losses". */
static void fought(wg_game *g, size_t e0, const char *a, const char *b, int d, int row, int n)
{
    char want[128];
    snprintf(want, sizeof want, "%s fights %s: die %d, row %d, %d figures: %d losses", a, b, d, row, n, wga_t28(row, n));
    wga_expect(g, e0, want, "LA-MELEE-13");
}

/* A cavalry melee: Blue's cuirassiers (combat 6, charge 2, fresh +1) charge Red's hussars (combat 4,
   fresh +1, -1 against a cuirass) front to front. */
START_TEST(test_cavalry_melee_fifty_percent)
{
    wg_ctx *ctx = wga_ctx();
    /* 11 figures against 11: Blue row 9 (die 1: 30 losses), Red row 6 (die 5: 20 losses) */
    wg_game *g = wga_position(ctx, "break=none",
                          "unit French Blue type=cuirassiers companies=cuirassiers:6,cuirassiers:5 formation=line front=11 at=500,300 facing=0,1 order=hold\n"
                          "unit Austrians Red type=hussars companies=hussars:6,hussars:5 formation=line front=11 at=500,400 facing=0,-1 order=hold\n");
    static const int t1[] = {4, 1, 0}; /* Red obeys (4 - 2 + 1 + 4 = 7), Blue obeys (5 + 2 + 1 - 2 + 1 = 7) */
    to_melee(g, CHARGE, t1);
    int64_t ry = wga_attr(g, 1, "y");
    size_t e0 = wgp_event_count(g);
    wga_die(g, 1);
    wga_die(g, 5);
    fought(g, e0, "Blue", "Red", 1, 9, 11); /* 30 */
    fought(g, e0, "Red", "Blue", 5, 6, 11); /* 20 */
    ck_assert_int_eq(wga_t28(9, 11), 30);
    ck_assert_int_eq(wga_t28(6, 11), 20);
    /* 30 against 20: 50 % more, the loser without formation (DERIVED: 30 vs 20 yes) */
    wga_expect(g, e0, "Blue wins the melee; Red falls back", "LA-MELEERES-10"); /* LA-MELEERES-10 */
    ck_assert_int_eq(wga_attr(g, 1, "y") - ry >= 29, 1); /* it still falls back */
    /* Hold: the winner does not follow (LA-MELEERES-05) */
    wga_no_event(g, e0, "Blue: advance on the enemy"); /* LA-MELEERES-05 */
    ck_assert_int_eq(wga_attr(g, 0, "y"), 399);    /* LA-MELEERES-05: where its charge ended */
    wg_game_free(g);

    /* 12 dragoons (combat 5, charge 2, fresh +1) against 13 hussars: Blue row 8 (die 1), 12 figures: 29
       losses; Red row 5 (die 1), 13 figures: 20 losses */
    g = wga_position(ctx, "break=none",
                 "unit French Blue type=dragoons companies=2x6 formation=line front=12 at=500,300 facing=0,1 order=hold\n"
                 "unit Austrians Red type=hussars companies=hussars:7,hussars:6 formation=line front=13 at=500,400 facing=0,-1 order=hold\n");
    static const int t2[] = {4, 3, 0}; /* Red obeys; Blue 3 + 2 + 1 - 2 + 3 = 7 obeys */
    to_melee(g, CHARGE, t2);
    e0 = wgp_event_count(g);
    wga_die(g, 1);
    wga_die(g, 1);
    fought(g, e0, "Blue", "Red", 1, 8, 12);  /* 29 */
    fought(g, e0, "Red", "Blue", 1, 5, 13);  /* 20 */
    ck_assert_int_eq(wga_t28(8, 12), 29);
    ck_assert_int_eq(wga_t28(5, 13), 20);
    /* 29 against 20: less than 50 % more, the general case (DERIVED: 29 vs 20 no effect) */
    wga_expect(g, e0, "Blue wins the melee; Red falls back", "LA-MELEERES-01"); /* LA-MELEERES-10 */
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "formed");                      /* LA-MELEERES-10 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* A column of division (4 figures, 3 ranks) charges a Militia line (12 figures): Blue 3 + charge 1 +
   fresh 1 + 2 ranks, Red 1 + fresh 1; Blue fights with its 4, Red with the 4 it faces and an overlap
   figure at each end. */
#define COLUMN(order) "unit French Blue type=line-fusiliers companies=4x3 formation=division front=4 at=500,300 facing=0,1 order=" order "\n"
#define MILITIA "unit Austrians Red type=landwehr companies=3x4 formation=line front=12 at=500,380 facing=0,-1 order=hold\n" \
                "unit Austrians Red2 type=line-fusiliers companies=2x3 formation=line front=6 at=850,400 facing=0,-1 order=hold\n"

START_TEST(test_winner_follows_unless_hold)
{
    wg_ctx *ctx = wga_ctx();
    static const int t[] = {6, 0}; /* Red: 1 + 1 (Hold) + 6 = 8: halted; Blue exempt */
    /* die 5 and 5: 11 losses (row 9, 4 figures) against 7 (row 4, 6 figures) */
    wg_game *g = wga_position(ctx, "break=none", COLUMN("hold") MILITIA);
    to_melee(g, CHARGE, t);
    size_t e0 = wgp_event_count(g);
    wga_die(g, 5);
    wga_die(g, 5);
    fought(g, e0, "Blue", "Red", 5, 9, 4);
    fought(g, e0, "Red", "Blue", 5, 4, 6);
    wga_expect(g, e0, "Blue wins the melee; Red falls back", "LA-MELEERES-01");
    /* under Hold the winner stays */
    wga_no_event(g, e0, "Blue: advance on the enemy");     /* LA-MELEERES-05 */
    ck_assert_int_eq(wga_has_attr(g, 0, "melee_with"), 0); /* LA-MELEERES-05 */
    ck_assert_int_eq(wga_attr(g, 0, "y"), 379);       /* LA-MELEERES-05: where its charge ended */
    wg_game_free(g);

    /* under an Attack order the winner follows the beaten unit and the melee goes on */
    g = wga_position(ctx, "break=none", COLUMN("attack toward=500,900") MILITIA);
    to_melee(g, CHARGE, t);
    int64_t by = wga_attr(g, 0, "y");
    e0 = wgp_event_count(g);
    wga_die(g, 5);
    wga_die(g, 5);
    wga_expect(g, e0, "Blue wins the melee; Red falls back", NULL);
    wga_expect(g, e0, "Blue: advance on the enemy", "LA-MELEERES-05"); /* LA-MELEERES-05 */
    ck_assert_int_eq(wga_attr(g, 0, "y") - by >= 29, 1);                  /* LA-MELEERES-05 */
    ck_assert_int_eq(wga_attr(g, 0, "melee_with"), 2);                     /* LA-MELEERES-05 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Elite grenadiers beaten do not fall back: they stand without formation. */
START_TEST(test_elite_stands)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = wga_position(ctx, "break=none",
                          "unit French Blue type=grenadiers companies=4x3 formation=line front=12 at=500,300 facing=0,1 order=hold\n"
                          "unit Austrians Red type=grenadiers companies=4x3 formation=line front=12 at=500,380 facing=0,-1 order=hold\n");
    static const int t[] = {1, 0}; /* Red: 5 - 2 + 1 + 1 = 5: halted; Blue exempt */
    to_melee(g, CHARGE, t);
    int64_t ry = wga_attr(g, 1, "y");
    size_t e0 = wgp_event_count(g);
    wga_die(g, 1);
    wga_die(g, 1);
    /* Blue 5 + 1 + 1 = row 7: 25; Red 5 + 1 = row 6: 22 */
    fought(g, e0, "Blue", "Red", 1, 7, 12);
    fought(g, e0, "Red", "Blue", 1, 6, 12);
    wga_expect(g, e0, "Blue wins the melee; Red stands", "LA-MELEERES-09"); /* LA-MELEERES-09 */
    ck_assert_int_eq(wga_attr(g, 1, "y"), ry);                              /* LA-MELEERES-09: no fall back */
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "without formation");     /* LA-MELEERES-09 */
    ck_assert_int_eq(wga_attr(g, 1, "melee_with"), 1);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Beaten gunners of a battery in battery do not fall back, test, and fight on; the counters of wins
   and losses show in the morale factors of T24. */
START_TEST(test_battery_stands_and_counters)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = wga_position(ctx, "break=none",
                          "unit French Blue type=line-fusiliers companies=4x3 formation=line front=12 at=500,300 facing=0,1 order=hold\n"
                          "unit Austrians Red type=foot-battery companies=3x2 formation=in-battery front=6 at=500,380 facing=0,-1 "
                          "order=deny zone=500,300 radius=100\n");
    static const int t[] = {5, 0}; /* Red: 3 - 2 + 5 = 6: halted */
    to_melee(g, CHARGE, t);
    ck_assert_int_eq(wga_odds(g, "morale unit=2"), WG_OK);
    wga_odds_lacks("T24-morale-melee"); /* no melee fought yet */
    int64_t ry = wga_attr(g, 1, "y");
    size_t e0 = wgp_event_count(g);
    wga_die(g, 1);
    wga_die(g, 1);
    fought(g, e0, "Blue", "Red", 1, 4, 11);
    wga_expect(g, e0, "Blue wins the melee; Red stands", "LA-MELEERES-01");
    ck_assert_int_eq(wga_attr(g, 1, "y"), ry); /* LA-MELEERES-16: the gunners do not fall back */
    ck_assert_str_eq(wgp_decision(g), "period 1, the die of Red's morale test for a melee lost"); /* LA-MELEERES-16 */
    /* the counters (T24): the winner has just won (+1), the loser has just lost (-1) */
    ck_assert_int_eq(wga_odds(g, "morale unit=1"), WG_OK);
    wga_odds_has("{\"name\":\"T24-morale-melee\",\"value\":1,\"text\":\"just-won-melee\""); /* LA-MELEERES-22 */
    ck_assert_int_eq(wga_odds(g, "morale unit=2"), WG_OK);
    wga_odds_has("{\"name\":\"T24-morale-melee\",\"value\":-1,\"text\":\"just-lost-melee\""); /* LA-MELEERES-22 */
    wga_odds_lacks("just-won-melee");
    wga_die(g, 6);
    long k = wga_expect(g, e0, "Red tests for a melee lost: die 6", "LA-MORALE-16");
    const char *txt = wgp_event(g, (size_t)k, WG_VIEW_REFEREE);
    ck_assert_msg(strstr(txt, "obeys") || strstr(txt, "halted"), "%s", txt);
    ck_assert_int_eq(wga_attr(g, 1, "melee_with"), 1); /* LA-MELEERES-16: it keeps fighting */
    ck_assert_int_eq(wga_attr(g, 1, "y"), ry);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* The charging morale factors (occasion 1): infantry +1, cavalry +2, and +1 under an Attack order. */
START_TEST(test_charging_morale_factors)
{
    wg_ctx *ctx = wga_ctx();
    const char *red = "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=500,450 facing=0,-1 order=hold\n";
    char body[1024];
    snprintf(body, sizeof body, "unit French Blue type=line-fusiliers companies=4x3 formation=line front=12 at=500,300 facing=0,1 order=hold\n%s", red);
    wg_game *g = wga_position(ctx, NULL, body);
    ck_assert_int_eq(wga_odds(g, "morale unit=1 occasion=1 from=2"), WG_OK);
    wga_odds_has("{\"name\":\"T21-morale-circumstances\",\"value\":1,\"text\":\"infantry-charging\""); /* LA-CHARGE-23 */
    wga_odds_lacks("attack, charging");
    ck_assert_int_eq(wga_odds(g, "morale unit=1 occasion=3 from=2"), WG_OK);
    wga_odds_lacks("infantry-charging"); /* LA-CHARGE-23: only when charging */
    wg_game_free(g);
    snprintf(body, sizeof body, "unit French Blue type=hussars companies=2x4 formation=line front=8 at=500,300 facing=0,1 order=attack toward=500,900\n%s", red);
    g = wga_position(ctx, NULL, body);
    ck_assert_int_eq(wga_odds(g, "morale unit=1 occasion=1 from=2"), WG_OK);
    wga_odds_has("{\"name\":\"T21-morale-circumstances\",\"value\":2,\"text\":\"cavalry-charging\""); /* LA-CHARGE-23 */
    wga_odds_has("{\"name\":\"orders\",\"value\":1,\"text\":\"attack, charging (LA-ORDERS-04)\"");      /* LA-CHARGE-23 */
    wga_odds_lacks("infantry-charging");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Cavalry does not charge a unit in a wood; infantry in the same place does. */
START_TEST(test_no_cavalry_charge_into_wood)
{
    wg_ctx *ctx = wga_ctx();
    /* Red stands in the wood, Blue within 20 paces of it: Red is discovered from the start (a unit
       in a wood is hidden until then, LA-TERRAIN-07) */
    const char *red = "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=500,850 facing=0,-1 order=hold\n";
    char body[1024];
    snprintf(body, sizeof body, "unit French Blue type=line-fusiliers companies=4x3 formation=line front=12 at=500,835 facing=0,1 order=hold\n%s", red);
    wg_game *g = wga_position(ctx, "break=none", body);
    wga_drive(g, CHARGE, NULL);
    wga_expect(g, 0, "Blue declares a charge on Red", "LA-CHARGE-01"); /* the infantry may */
    wg_game_free(g);
    snprintf(body, sizeof body, "unit French Blue type=hussars companies=2x5 formation=line front=10 at=500,835 facing=0,1 order=hold\n%s", red);
    g = wga_position(ctx, "break=none", body);
    wga_drive(g, CHARGE, NULL); /* to the end of the battle: never a charge marker nor a target */
    ck_assert_int_eq(wga_over(g), 1);
    wga_no_event(g, 0, "Blue: charge marker");          /* LA-CHARGE-13 */
    wga_no_event(g, 0, "Blue declares a charge on Red"); /* LA-CHARGE-13 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("aigles_melee");
    TCase *tc = tcase_create("rules");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_cavalry_melee_fifty_percent);
    tcase_add_test(tc, test_winner_follows_unless_hold);
    tcase_add_test(tc, test_elite_stands);
    tcase_add_test(tc, test_battery_stands_and_counters);
    tcase_add_test(tc, test_charging_morale_factors);
    tcase_add_test(tc, test_no_cavalry_charge_into_wood);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

/* Les Aigles artillery proven by play through the public API: the round shot's penetration and its
   rebound onto the units behind (the printed Bavarian 12-pounder example), skirmishers that count no
   rank, canister through a skirmish screen, fire past friendly units, losses spread over the
   sections of a battery, the guns left in place when the gunners are lost, abandoned in a rout and
   spiked by the enemy, the battery fighting in the flank and limbered artillery beaten in a melee.
   Every position is built from host documents (the bundled sample army list: a heavy battery is a
   12-pounder, canister 200 paces, rebound 200, six ranks), every decision is taken by its label and
   every die by "die N".  The sample loss table (data=sample) gives floor((3 n f + 5) / 10) losses for n
   figures at row f > 0 (wga_t28).  Checklist items are cited next to the assertions that prove them. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wargame.h"
#include "wgaigles.h"
#include "wgplay.h"

/* ---------------------------------------------------------------- helpers */

/* The loss table's row and the losses of fire event k ("...'s fire (die D, row R): L losses to ..."). */
static void fire_numbers(wg_game *g, long k, int *row, int *losses)
{
    const char *t = strstr(wgp_event(g, (size_t)k, WG_VIEW_REFEREE), "row ");
    ck_assert_ptr_nonnull(t);
    ck_assert_int_eq(sscanf(t, "row %d): %d losses", row, losses), 2);
}

/* The first fire-loss event from `from` on at `target` ("losses to NAME"), -1 for none. */
static long fire_at(wg_game *g, size_t from, const char *target)
{
    char needle[96];
    snprintf(needle, sizeof needle, "losses to %s", target);
    return wgp_find_event(g, from, needle, WG_VIEW_REFEREE);
}

/* The odds JSON of fire from unit `a` at unit `b` (by name), into wga_odds_buf; the status. */
static int fire_odds(wg_game *g, const char *a, const char *b)
{
    char req[96];
    snprintf(req, sizeof req, "fire from=%d at=%d", (int)wga_attr_of(g, a, "id"), (int)wga_attr_of(g, b, "id"));
    return wga_odds(g, req);
}

static int melee_odds(wg_game *g, const char *a, const char *b) __attribute__((unused));
static int melee_odds(wg_game *g, const char *a, const char *b)
{
    char req[96];
    snprintf(req, sizeof req, "melee from=%d at=%d", (int)wga_attr_of(g, a, "id"), (int)wga_attr_of(g, b, "id"));
    return wga_odds(g, req);
}

/* The sample army list with a battery of fire value 9 (`great-battery`, a 12-pounder): heavy enough
   for losses on skirmishers at round-shot range; malloc'd. */
static char *army_great(void)
{
    char *sample = wgp_read_source("data/aigles/sample-army.wgd", NULL);
    const char *extra = "unittype great-battery arm=foot-artillery status=R manoeuvre=C fire=9 combat=1 charge=0 morale=3 "
                        "calibre=12pdr points=26\n";
    size_t cap = strlen(sample) + strlen(extra) + 2;
    char *a = malloc(cap);
    ck_assert_ptr_nonnull(a);
    snprintf(a, cap, "%s\n%s", sample, extra);
    free(sample);
    return a;
}

/* The battery fires at `target` (its marker, then its target); the die of the fire comes next. */
static void battery_fires(wg_game *g, const char *target)
{
    char at[96];
    snprintf(at, sizeof at, "Guns fires at %s ", target);
    const char *const prefs[] = {"Guns: fire marker", at, NULL};
    wga_drive(g, prefs, NULL);
    ck_assert_msg(wga_has_decision(g, "die"), "no fire die: %s\n%s", wgp_decision(g), wgp_options_dump(g));
}

#define BATTERY "unit French Guns type=heavy-battery companies=4x2 formation=in-battery front=8 at=500,200 facing=0,1 order=deny zone=500,500 radius=200\n"
#define COLUMN(name, y)                                                                                                \
    "unit Austrians " name " type=line-fusiliers companies=4x3 formation=division front=4 at=500," #y                    \
    " facing=0,-1 order=hold\n"

/* ---------------------------------------------------------------- round shot */

/* The printed example: a calibre 12 fires at a division column (3 ranks of the 6 it can traverse); the
   shot bounces on for 200 paces and hits the column behind with that column's own factors; its 3
   ranks use up the other 3 and the shot stops: a third column within the rebound is not hit. */
START_TEST(test_rebound_example)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = wga_game(ctx, NULL, BATTERY COLUMN("First", 500) COLUMN("Second", 590) COLUMN("Third", 680));
    battery_fires(g, "First");
    size_t e0 = wgp_event_count(g);
    wga_die(g, 6);
    long k1 = wga_expect(g, e0, "losses to First", "LA-FIRE-19");
    long k2 = wga_expect(g, e0, "losses to Second (the round shot's rebound)", "LA-ARTFIRE-09"); /* LA-ARTFIRE-09 */
    int r1 = 0, l1 = 0, r2 = 0, l2 = 0;
    fire_numbers(g, k1, &r1, &l1);
    fire_numbers(g, k2, &r2, &l2);
    ck_assert_int_gt(k2, k1);
    /* the second column is hit with the factors of where it stands: the same 8 gunners, its own row */
    ck_assert_int_eq(l2, wga_t28(r2, 8)); /* LA-ARTFIRE-10 */
    ck_assert_int_eq(l1, wga_t28(r1, 8));
    ck_assert_int_gt(l2, 0);
    /* 3 + 3 ranks: the shot stops before the third column */
    ck_assert_int_lt(fire_at(g, e0, "Third"), 0); /* LA-ARTFIRE-10 */
    wg_game_free(g);

    /* the same with the second unit in line: one rank counted (LA-ARTFIRE-12), the shot goes on to the
       third column with the 2 ranks left */
    g = wga_game(ctx, NULL,
                 BATTERY COLUMN("First", 500)
                 "unit Austrians Second type=line-fusiliers companies=4x3 formation=line front=12 at=500,590 facing=0,-1 order=hold\n"
                 COLUMN("Third", 640));
    battery_fires(g, "First");
    e0 = wgp_event_count(g);
    wga_die(g, 6);
    wga_expect(g, e0, "losses to Second (the round shot's rebound)", "LA-ARTFIRE-09");
    wga_expect(g, e0, "losses to Third (the round shot's rebound)", "LA-ARTFIRE-09"); /* LA-ARTFIRE-12 */
    wg_game_free(g);

    /* beyond the rebound (200 paces from the target) nothing is hit */
    g = wga_game(ctx, NULL, BATTERY COLUMN("First", 500) COLUMN("Far", 800));
    battery_fires(g, "First");
    e0 = wgp_event_count(g);
    wga_die(g, 6);
    wga_event(g, e0, "losses to First");
    ck_assert_int_lt(fire_at(g, e0, "Far"), 0); /* LA-ARTFIRE-09 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Skirmishers count no rank and protect nothing behind them: the round shot at a column through a
   skirmish screen goes on to the next column; a skirmish target still gives the rebound, and the unit
   behind takes its losses with no deduction for the skirmishers'. */
START_TEST(test_rebound_skirmishers)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = wga_game(ctx, NULL,
                          BATTERY COLUMN("First", 500)
                          "unit Austrians Screen type=voltigeurs companies=2x4 formation=skirmish front=8 at=500,590 facing=0,-1 order=hold\n"
                          COLUMN("Third", 640));
    battery_fires(g, "First");
    size_t e0 = wgp_event_count(g);
    wga_die(g, 6);
    wga_expect(g, e0, "losses to Screen (the round shot's rebound)", "LA-ARTFIRE-09");
    long k3 = wga_expect(g, e0, "losses to Third (the round shot's rebound)", "LA-ARTFIRE-09"); /* LA-ARTFIRE-11 */
    int r3 = 0, l3 = 0;
    fire_numbers(g, k3, &r3, &l3);
    ck_assert_int_eq(l3, wga_t28(r3, 8));
    wg_game_free(g);

    /* the skirmishers targeted: the column behind them within the rebound is hit in full */
    char *army = army_great();
    wga_setup st = {.army = army};
    g = wga_game(ctx, &st,
                 "unit French Guns type=great-battery companies=4x2 formation=in-battery front=8 at=500,200 facing=0,1 "
                 "order=deny zone=500,500 radius=200\n"
                 "unit Austrians Screen type=voltigeurs companies=2x4 formation=skirmish front=8 at=500,500 facing=0,-1 order=hold\n"
                 COLUMN("Behind", 560));
    battery_fires(g, "Screen");
    e0 = wgp_event_count(g);
    wga_die(g, 6);
    long ks = wga_event(g, e0, "losses to Screen");
    long kb = wga_expect(g, e0, "losses to Behind (the round shot's rebound)", "LA-ARTFIRE-11"); /* LA-ARTFIRE-11 */
    int rs = 0, ls = 0, rb = 0, lb = 0;
    fire_numbers(g, ks, &rs, &ls);
    fire_numbers(g, kb, &rb, &lb);
    ck_assert_int_gt(ls, 0);
    ck_assert_int_eq(lb, wga_t28(rb, 8)); /* LA-ARTFIRE-11: no deduction */
    wg_game_free(g);
    free(army);
    wg_ctx_free(ctx);
}
END_TEST

/* Canister: a column or a line protects what stands behind it; a skirmish screen protects beyond a
   quarter of the canister distance (50 paces for a 12-pounder) only, and the unit behind within it
   takes its losses less the skirmishers'. */
START_TEST(test_canister_penetration)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = wga_game(ctx, NULL, BATTERY COLUMN("First", 330) COLUMN("Second", 420));
    battery_fires(g, "First");
    size_t e0 = wgp_event_count(g);
    wga_die(g, 6);
    wga_event(g, e0, "losses to First");
    ck_assert_int_lt(fire_at(g, e0, "Second"), 0); /* LA-ARTFIRE-14: close order protects */
    wg_game_free(g);

    g = wga_game(ctx, NULL,
                 BATTERY "unit Austrians First type=line-fusiliers companies=4x3 formation=line front=12 at=500,330 facing=0,-1 order=hold\n"
                 COLUMN("Second", 380));
    battery_fires(g, "First");
    e0 = wgp_event_count(g);
    wga_die(g, 6);
    ck_assert_int_lt(fire_at(g, e0, "Second"), 0); /* LA-ARTFIRE-14: a line protects */
    wg_game_free(g);

    /* skirmishers at 130 paces, a column 20 paces behind them */
    g = wga_game(ctx, NULL,
                 BATTERY "unit Austrians Screen type=voltigeurs companies=2x4 formation=skirmish front=8 at=500,330 facing=0,-1 order=hold\n"
                 COLUMN("Behind", 375));
    battery_fires(g, "Screen");
    e0 = wgp_event_count(g);
    wga_die(g, 6);
    long ks = wga_event(g, e0, "losses to Screen");
    long kb = wga_expect(g, e0, "losses to Behind (canister through the screen)", "LA-ARTFIRE-14"); /* LA-ARTFIRE-14 */
    int rs = 0, ls = 0, rb = 0, lb = 0;
    fire_numbers(g, ks, &rs, &ls);
    fire_numbers(g, kb, &rb, &lb);
    ck_assert_int_gt(ls, 0);
    ck_assert_int_gt(lb, 0);
    ck_assert_int_eq(lb, wga_t28(rb, 8) > ls ? wga_t28(rb, 8) - ls : 0); /* LA-ARTFIRE-14, G-44 */
    wg_game_free(g);

    /* beyond 50 paces of the screen the column is protected */
    g = wga_game(ctx, NULL,
                 BATTERY "unit Austrians Screen type=voltigeurs companies=2x4 formation=skirmish front=8 at=500,330 facing=0,-1 order=hold\n"
                 COLUMN("Behind", 420));
    battery_fires(g, "Screen");
    e0 = wgp_event_count(g);
    wga_die(g, 6);
    wga_event(g, e0, "losses to Screen");
    ck_assert_int_lt(fire_at(g, e0, "Behind"), 0); /* LA-ARTFIRE-14 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST


/* Fire past friendly units: no canister with a friend between the gun and the target, even from a
   hill where the round shot passes over it; no fire at a target with a friend behind it within the
   ricochet (200 paces for a 12-pounder), nor with a friend alongside within 100 paces. */
START_TEST(test_fire_past_friends)
{
    wg_ctx *ctx = wga_ctx();
    char *hill = wga_table(2600, 1200, "area hill name=Hill level=1 0,0 2600,0 2600,250 0,250\n");
    wga_setup st = {.table = hill};
#define FRIENDS "unit French Friends type=line-fusiliers companies=4x3 formation=line front=12 at=500,290 facing=0,1 order=hold\n"
    /* on the hill, the enemy at 180 paces: canister; without the friends in front it may fire */
    wg_game *g = wga_game(ctx, &st, BATTERY COLUMN("Red", 380));
    ck_assert_int_eq(fire_odds(g, "Guns", "Red"), WG_OK);
    wga_odds_has("target-below-canister-range");
    wg_game_free(g);
    g = wga_game(ctx, &st, BATTERY FRIENDS COLUMN("Red", 380));
    ck_assert_int_eq(fire_odds(g, "Guns", "Red"), WG_ESTATE); /* LA-ARTFIRE-06 */
    ck_assert_ptr_nonnull(strstr(wg_game_errmsg(g), "LA-ARTFIRE-05, -06"));
    wg_game_free(g);
    /* the round shot from the hill over the same friends at 400 paces */
    g = wga_game(ctx, &st, BATTERY FRIENDS COLUMN("Red", 600));
    ck_assert_int_eq(fire_odds(g, "Guns", "Red"), WG_OK); /* LA-ARTFIRE-06: canister only */
    wg_game_free(g);
#undef FRIENDS
    free(hill);

    /* a friend behind the target within the ricochet; beyond it */
    g = wga_game(ctx, NULL,
                 BATTERY COLUMN("Red", 500)
                 "unit French Friends type=line-fusiliers companies=4x3 formation=division front=4 at=500,760 facing=0,1 order=hold\n");
    ck_assert_int_eq(fire_odds(g, "Guns", "Red"), WG_ESTATE); /* LA-ARTFIRE-05 */
    wg_game_free(g);
    g = wga_game(ctx, NULL,
                 BATTERY COLUMN("Red", 500)
                 "unit French Friends type=line-fusiliers companies=4x3 formation=division front=4 at=500,900 facing=0,1 order=hold\n");
    ck_assert_int_eq(fire_odds(g, "Guns", "Red"), WG_OK); /* LA-ARTFIRE-05 */
    wg_game_free(g);
    /* a friend alongside: within 100 paces of the target, then beyond */
    g = wga_game(ctx, NULL,
                 BATTERY COLUMN("Red", 500)
                 "unit French Friends type=line-fusiliers companies=4x3 formation=division front=4 at=620,500 facing=0,1 order=hold\n");
    ck_assert_int_eq(fire_odds(g, "Guns", "Red"), WG_ESTATE); /* LA-ARTFIRE-05 */
    wg_game_free(g);
    g = wga_game(ctx, NULL,
                 BATTERY COLUMN("Red", 500)
                 "unit French Friends type=line-fusiliers companies=4x3 formation=division front=4 at=700,500 facing=0,1 order=hold\n");
    ck_assert_int_eq(fire_odds(g, "Guns", "Red"), WG_OK); /* LA-ARTFIRE-05 */
    /* and by play: the battery's target among the options */
    const char *const prefs[] = {"Guns: fire marker", NULL};
    wga_drive(g, prefs, "the target of Guns's fire");
    ck_assert_int_ge(wgp_find(g, "Guns fires at Red "), 0);
    wg_game_free(g);
    g = wga_game(ctx, NULL,
                 BATTERY COLUMN("Red", 500)
                 "unit Austrians Blue type=line-fusiliers companies=4x3 formation=division front=4 at=380,420 facing=0,-1 order=hold\n"
                 "unit French Friends type=line-fusiliers companies=4x3 formation=division front=4 at=620,500 facing=0,1 order=hold\n");
    wga_drive(g, prefs, "the target of Guns's fire");
    ck_assert(wga_has_decision(g, "the target of Guns's fire"));
    ck_assert_int_ge(wgp_find(g, "Guns fires at Blue "), 0);
    ck_assert_int_lt(wgp_find(g, "Guns fires at Red "), 0); /* LA-ARTFIRE-05 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("aigles_guns");
    TCase *t = tcase_create("guns");
    tcase_set_timeout(t, 600);
    tcase_add_test(t, test_rebound_example);
    tcase_add_test(t, test_rebound_skirmishers);
    tcase_add_test(t, test_canister_penetration);
    tcase_add_test(t, test_fire_past_friends);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

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

/* The figures of the last fire declaration ("... at NAME: N figures") before the end of the log. */
static int fire_figures(wg_game *g)
{
    long k = -1, f = 0;
    while ((f = wgp_find_event(g, (size_t)(k + 1), " figures, factors ", WG_VIEW_REFEREE)) >= 0)
        k = f;
    ck_assert_int_ge(k, 0);
    const char *t = strstr(wgp_event(g, (size_t)k, WG_VIEW_REFEREE), ": ");
    ck_assert_ptr_nonnull(t);
    int n = 0;
    ck_assert_int_eq(sscanf(t, ": %d figures", &n), 1);
    return n;
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

/* An integer attribute of the piece named `name`, or `none` when no piece has that name. */
static int64_t attr_or(wg_game *g, const char *name, const char *key, int64_t none)
{
    int p = wga_piece(g, name);
    return p < 0 ? none : wga_attr(g, (size_t)p, key);
}

/* The die of the current roll for which `name`'s `key` becomes `want` once the die is taken (tried on
   clones), 0 for none. */
static int die_for(wg_game *g, const char *name, const char *key, int64_t want)
{
    for (int d = 1; d <= 6; d++) {
        wg_game *c = NULL;
        ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
        wga_die(c, d);
        int64_t v = attr_or(c, name, key, -1);
        wg_game_free(c);
        if (v == want)
            return d;
    }
    return 0;
}

/* The die of the current roll for which `name`'s text `key` becomes `want` (tried on clones), 0 for none. */
static int die_for_text(wg_game *g, const char *name, const char *key, const char *want)
{
    for (int d = 1; d <= 6; d++) {
        wg_game *c = NULL;
        ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
        wga_die(c, d);
        int p = wga_piece(c, name);
        int ok = p >= 0 && strcmp(wga_text(c, (size_t)p, key), want) == 0;
        wg_game_free(c);
        if (ok)
            return d;
    }
    return 0;
}

/* Plays with `prefs`, every morale test obeyed, up to the first die of a melee (phase 5). */
static void to_melee(wg_game *g, const char *const *prefs)
{
    for (int guard = 0; guard < 40; guard++) {
        wga_drive(g, prefs, NULL);
        ck_assert(!wga_over(g));
        if (wga_has_decision(g, "phase 5"))
            return;
        ck_assert_msg(wga_has_decision(g, "morale test"), "not a test: %s\n%s", wgp_decision(g),
                      wgp_events_dump(g, 0, WG_VIEW_REFEREE));
        wga_obey(g);
    }
    ck_abort_msg("no melee");
}

/* The losses of melee event k ("... figures: L losses"). */
static int melee_losses(wg_game *g, long k)
{
    const char *t = strstr(wgp_event(g, (size_t)k, WG_VIEW_REFEREE), "figures: ");
    ck_assert_ptr_nonnull(t);
    int l = -1;
    ck_assert_int_eq(sscanf(t, "figures: %d losses", &l), 1);
    return l;
}

/* The score of the battle's end event ("losses +N% of the budget"). */
static int end_score(wg_game *g)
{
    long k = wga_event(g, 0, "the battle ends");
    const char *t = strstr(wgp_event(g, (size_t)k, WG_VIEW_REFEREE), "losses ");
    ck_assert_ptr_nonnull(t);
    int v = 0;
    ck_assert_int_eq(sscanf(t, "losses %d%%", &v), 1);
    return v;
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

/* A battery is one unit of sections; its losses are spread over it, every 2 figures lost removing a
   section; the equivalence counts its gunners, not its sections; a battery whose gunners are all
   lost by fire leaves its guns in place, out of action: a unit gone for the break of its side. */
START_TEST(test_sections_and_guns_left)
{
    wg_ctx *ctx = wga_ctx();
    wga_setup st = {.options = "figure=6", .periods = 8};
    wg_game *g = wga_game(ctx, &st,
                          "unit French Guns type=heavy-battery companies=3x2 formation=in-battery front=6 at=500,200 facing=0,1 "
                          "order=deny zone=500,500 radius=200\n"
                          "unit French Reserve type=line-fusiliers companies=4x3 formation=line front=12 at=1800,150 facing=0,1 order=hold\n"
                          "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=500,290 facing=0,-1 order=hold\n");
    int gp = wga_piece(g, "Guns");
    ck_assert_str_eq(wga_text(g, (size_t)gp, "arm"), "foot artillery"); /* LA-UNIT-05: the battery is the unit */
    ck_assert_int_eq(wga_attr(g, (size_t)gp, "sections"), 3);             /* LA-UNIT-05 */
    ck_assert_str_eq(wga_text(g, (size_t)gp, "guns"), "manned");
    ck_assert(!wga_has_attr(g, (size_t)wga_piece(g, "Red"), "sections"));
    const char *const prefs[] = {"Red: fire marker", "Red fires at Guns ", NULL};
    wga_drive(g, prefs, NULL);
    /* one gunner lost: still 3 sections, 5 gunners (LA-SCALE-13's example) */
    int d = die_for(g, "Guns", "figures", 5);
    ck_assert_int_gt(d, 0);
    wga_die(g, d);
    ck_assert_int_eq(wga_attr_of(g, "Guns", "figures"), 5);
    ck_assert_int_eq(wga_attr_of(g, "Guns", "sections"), 3); /* LA-LOSSES-04, LA-SCALE-13 */
    ck_assert_int_eq(wga_attr_of(g, "Guns", "front"), 5);    /* LA-SCALE-13: the gunners */
    /* the next period: two more lost, one section less */
    for (int guard = 0; guard < 20 && !wga_has_decision(g, "die of Red's fire"); guard++) {
        wga_drive(g, prefs, NULL);
        if (wga_has_decision(g, "morale test"))
            wga_obey(g);
    }
    ck_assert(wga_has_decision(g, "die of Red's fire"));
    int d3 = die_for(g, "Guns", "figures", 3);
    int64_t before = wga_attr_of(g, "Guns", "figures");
    if (d3) {
        wga_die(g, d3);
        ck_assert_int_eq(wga_attr_of(g, "Guns", "sections"), 2); /* LA-LOSSES-04: 3 figures lost, 1 section */
        ck_assert_int_eq(wga_attr_of(g, "Guns", "figures"), 3);  /* LA-ARTFIRE-01: losses on the gunners */
    } else {
        wga_die(g, 6);
        ck_assert_int_lt(wga_attr_of(g, "Guns", "figures"), before);
    }
    /* on until the gunners are all lost */
    size_t e0 = wgp_event_count(g);
    for (int guard = 0; guard < 60 && !wga_over(g) && wga_piece(g, "Guns") >= 0 && wga_attr_of(g, "Guns", "figures") > 0;
         guard++) {
        wga_drive(g, prefs, NULL);
        if (wga_has_decision(g, "morale test"))
            wga_obey(g);
        else if (wga_has_decision(g, "die of Red's fire"))
            wga_die(g, 6);
    }
    gp = wga_piece(g, "Guns");
    ck_assert_int_ge(gp, 0); /* LA-ARTFIRE-04: the guns stay on the table */
    ck_assert_int_eq(wga_attr(g, (size_t)gp, "figures"), 0);
    ck_assert_str_eq(wga_text(g, (size_t)gp, "guns"), "abandoned"); /* LA-ARTFIRE-04 */
    ck_assert_int_eq(wga_attr(g, (size_t)gp, "guns_x"), 500);
    ck_assert_int_eq(wga_attr(g, (size_t)gp, "guns_y"), 200);
    ck_assert_int_eq(wga_attr(g, (size_t)gp, "sections"), 0);
    wga_expect(g, e0, "Guns loses all its gunners: its guns stay in place, out of action", "LA-ARTFIRE-04");
    /* out of action: with it, half of the French are gone and they break at the end of the period */
    wga_drive(g, NULL, NULL);
    while (!wga_over(g) && wga_has_decision(g, "morale test")) {
        wga_obey(g);
        wga_drive(g, NULL, NULL);
    }
    ck_assert(wga_over(g));
    wga_event(g, 0, "French breaks"); /* LA-ARTFIRE-04: counted as a loss */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* The lone guns left by their gunners: an enemy that stays on them a period spikes them, and their
   whole value counts in the losses. */
START_TEST(test_lone_gun_spiked)
{
    wg_ctx *ctx = wga_ctx();
    wga_setup st = {.options = "figure=6 break=none", .periods = 3};
    wg_game *g = wga_game(ctx, &st,
                          "unit French Guns type=heavy-battery companies=1x2 formation=in-battery front=2 at=500,200 facing=0,1 "
                          "order=deny zone=500,500 radius=200\n"
                          "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=500,280 facing=0,-1 order=hold\n");
    const char *const fire[] = {"Red: fire marker", "Red fires at Guns ", NULL};
    wga_drive(g, fire, NULL);
    int d = die_for(g, "Guns", "figures", 0);
    ck_assert_int_gt(d, 0);
    wga_die(g, d);
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "Guns"), "guns"), "abandoned");
    /* period 2: Red advances onto the guns, and stops at them (they hinder passage) */
    const char *const onto[] = {"Red: movement marker", "Red: advance", NULL};
    for (int guard = 0; guard < 20 && wga_attr_of(g, "Red", "y") > 201; guard++) {
        wga_drive(g, onto, "period 3");
        if (wga_has_decision(g, "morale test"))
            wga_obey(g);
        if (wga_has_decision(g, "period 3"))
            break;
    }
    ck_assert_int_le(wga_attr_of(g, "Red", "y"), 201);
    ck_assert_int_ge(wga_attr_of(g, "Red", "y"), 200);
    wga_no_event(g, 0, "spikes the guns");
    /* period 3: it stays a period on them, and spikes them at its end */
    size_t e0 = wgp_event_count(g);
    for (int guard = 0; guard < 20 && !wga_over(g); guard++) {
        wga_drive(g, NULL, NULL);
        if (wga_has_decision(g, "morale test"))
            wga_obey(g);
    }
    ck_assert(wga_over(g));
    wga_expect(g, e0, "Red spikes the guns of Guns", "LA-UNIT-06"); /* LA-UNIT-06, LA-MELEERES-19 */
    /* the whole value of the battery: 2 figures at 26 points; budgets 52 and 120 */
    ck_assert_int_eq(end_score(g), (0 - 2 * 26) * 100 / ((2 * 26 + 12 * 10) / 2)); /* LA-ARTFIRE-04, G-38 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* A battery taken in the flank fights with all its gunners, 8 at most, and counts as taken in the
   flank; charged in front it fights with the figures its front equals. */
START_TEST(test_battery_in_flank)
{
    wg_ctx *ctx = wga_ctx();
#define TEN "unit French Guns type=heavy-battery companies=5x2 formation=in-battery front=10 at=500,200 facing=0,1 order=deny zone=500,500 radius=200\n"
    wg_game *g = wga_game(ctx, NULL,
                          TEN "unit Austrians Hussars type=hussars companies=2x4 formation=line front=8 at=180,160 facing=1,0 order=attack toward=800,160\n");
    const char *const prefs[] = {"Hussars: charge marker", "Hussars charges Guns", NULL};
    to_melee(g, prefs);
    ck_assert_int_eq(melee_odds(g, "Guns", "Hussars"), WG_OK);
    wga_odds_has("\"name\":\"figures\",\"value\":8"); /* LA-MELEERES-20 */
    ck_assert_int_eq(melee_odds(g, "Hussars", "Guns"), WG_OK);
    wga_odds_has("flank"); /* LA-MELEERES-20: taken in the flank */
    wg_game_free(g);
    g = wga_game(ctx, NULL,
                 TEN "unit Austrians Hussars type=hussars companies=2x4 formation=line front=8 at=500,300 facing=0,-1 order=attack toward=500,100\n");
    to_melee(g, prefs);
    ck_assert_int_eq(melee_odds(g, "Guns", "Hussars"), WG_OK);
    wga_odds_lacks("\"name\":\"figures\",\"value\":8");
    wg_game_free(g);
#undef TEN
    /* three sections holding 5 gunners charged by a wider line: all 5 fight, not 3 (LA-SCALE-13) */
    g = wga_game(ctx, NULL,
                 "unit French Guns companies=heavy-battery:2,heavy-battery:2,heavy-battery:1 formation=in-battery front=5 "
                 "at=500,200 facing=0,1 order=deny zone=500,500 radius=200\n"
                 "unit Austrians Hussars type=hussars companies=3x4 formation=line front=12 at=500,300 facing=0,-1 order=attack toward=500,100\n");
    ck_assert_int_eq(wga_attr_of(g, "Guns", "sections"), 3);
    to_melee(g, prefs);
    ck_assert_int_eq(melee_odds(g, "Guns", "Hussars"), WG_OK);
    wga_odds_has("\"name\":\"figures\",\"value\":5"); /* LA-SCALE-13 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* The melee of Guns and Hussars fought with dice `dg` (Guns) and `dh` (Hussars); the losses each
   inflicted in *lg and *lh. */
static void fight(wg_game *g, int dg, int dh, int *lg, int *lh)
{
    size_t e0 = wgp_event_count(g);
    ck_assert(wga_has_decision(g, "phase 5"));
    int guns_first = wga_has_decision(g, "the die of Guns");
    wga_die(g, guns_first ? dg : dh);
    wga_die(g, guns_first ? dh : dg);
    *lg = melee_losses(g, wga_event(g, e0, "Guns fights Hussars"));
    *lh = melee_losses(g, wga_event(g, e0, "Hussars fights Guns"));
}

/* Limbered artillery beaten in a melee abandons its guns and routs; the charge of the winner the next
   period stops on the abandoned battery without formation; staying a period on the guns it spikes
   them: the sections are removed and half the value of the gunners left counts in the losses. */
START_TEST(test_limbered_beaten)
{
    wg_ctx *ctx = wga_ctx();
    wga_setup st = {.options = "figure=6 break=none", .periods = 2};
    wg_game *g = wga_game(ctx, &st,
                          "unit French Guns type=horse-battery companies=3x2 formation=limbered front=3 at=500,600 facing=0,1 "
                          "order=deny zone=500,800 radius=200\n"
                          "unit French Reserve type=line-fusiliers companies=4x3 formation=line front=12 at=500,380 facing=0,1 order=hold\n"
                          "unit Austrians Hussars type=hussars companies=2x4 formation=line front=8 at=500,700 facing=0,-1 order=attack toward=500,100\n");
    const char *const prefs[] = {"Hussars: charge marker", "Hussars charges Guns", NULL};
    to_melee(g, prefs);
    size_t e0 = wgp_event_count(g);
    int lg = 0, lh = 0;
    fight(g, 1, 6, &lg, &lh);
    ck_assert_int_gt(lh, lg);
    int gp = wga_piece(g, "Guns");
    wga_expect(g, e0, "Guns routing", "LA-MELEERES-21"); /* LA-MELEERES-21 */
    ck_assert_str_eq(wga_text(g, (size_t)gp, "morale"), "routing");
    ck_assert_str_eq(wga_text(g, (size_t)gp, "guns"), "abandoned"); /* LA-MELEERES-21 */
    ck_assert_int_eq(wga_attr(g, (size_t)gp, "guns_y"), 600);
    /* period 2: the gunners rout away from their guns; the Hussars, disorganised after their melee
       (LA-DISORG-08), stay on the guns */
    e0 = wgp_event_count(g);
    for (int guard = 0; guard < 30 && !wga_over(g); guard++) {
        wga_drive(g, NULL, NULL);
        if (wga_has_decision(g, "morale test"))
            wga_obey(g);
        else if (!wga_over(g))
            ck_abort_msg("unexpected die: %s", wgp_decision(g));
    }
    ck_assert(wga_over(g));
    ck_assert_int_ne(wga_attr_of(g, "Guns", "y"), 600); /* the gunners left, the guns stayed */
    ck_assert_int_eq(wga_attr_of(g, "Guns", "guns_y"), 600);
    wga_expect(g, e0, "Hussars spikes the guns of Guns", "LA-UNIT-06"); /* LA-UNIT-06, LA-MELEERES-19 */
    gp = wga_piece(g, "Guns");
    ck_assert_str_eq(wga_text(g, (size_t)gp, "guns"), "spiked");
    ck_assert_int_eq(wga_attr(g, (size_t)gp, "sections"), 0); /* LA-LOSSES-05: all sections removed */
    /* losses: the Hussars' at 16 a figure, the gunners' at 24, and half of the gunners left (LA-LOSSES-05, G-38);
       budgets 6 x 24 + 12 x 10 and 8 x 16 */
    int64_t figs = wga_attr(g, (size_t)gp, "figures");
    int64_t lost_f = (int64_t)lh * 24 / 6 + figs * 24 / 2, lost_a = (int64_t)lg * 16 / 6;
    ck_assert_int_eq(end_score(g), (lost_a - lost_f) * 100 / ((6 * 24 + 12 * 10 + 8 * 16) / 2)); /* LA-LOSSES-05 */
    wg_game_free(g);

    /* elite gunners stay in place, their losses increased by half */
    char *sample = wgp_read_source("data/aigles/sample-army.wgd", NULL);
    const char *extra = "unittype guard-battery arm=horse-artillery status=E manoeuvre=A fire=3 combat=1 charge=0 morale=5 "
                        "calibre=horse-6pdr points=30\n";
    size_t cap = strlen(sample) + strlen(extra) + 2;
    char *army = malloc(cap);
    ck_assert_ptr_nonnull(army);
    snprintf(army, cap, "%s\n%s", sample, extra);
    free(sample);
    wga_setup se = {.options = "figure=6 break=none", .periods = 2, .army = army};
    g = wga_game(ctx, &se,
                 "unit French Guns type=guard-battery companies=3x2 formation=limbered front=3 at=500,600 facing=0,1 "
                 "order=deny zone=500,800 radius=200\n"
                 "unit Austrians Hussars type=hussars companies=2x4 formation=line front=8 at=500,700 facing=0,-1 order=attack toward=500,100\n");
    to_melee(g, prefs);
    e0 = wgp_event_count(g);
    fight(g, 1, 6, &lg, &lh);
    ck_assert_int_gt(lh, lg);
    long k = wga_expect(g, e0, "Guns loses", "LA-MELEE-13");
    wga_expect(g, (size_t)k + 1, "Guns loses", "LA-MELEERES-21"); /* LA-MELEERES-21: the extra half */
    gp = wga_piece(g, "Guns");
    ck_assert_int_eq(wga_attr(g, (size_t)gp, "figures"), 6 - (lh + (lh + 1) / 2) / 6); /* LA-MELEERES-21 */
    ck_assert_str_eq(wga_text(g, (size_t)gp, "morale"), "obeys");
    ck_assert_str_eq(wga_text(g, (size_t)gp, "guns"), "manned");
    wg_game_free(g);
    free(army);
    wg_ctx_free(ctx);
}
END_TEST

/* A battery's target must be in its arc and range for a half-period at least: for the whole period the
   full result, for the second half-period only the result halved (rounded up), entering its arc in the
   second half-period no fire.  An attack column comes into the battery's arc from the flank (its
   front at 760 paces across or less). */
#define RED_FLANK(x) "unit Austrians Red type=line-fusiliers companies=4x3 formation=attack front=4 at=" #x ",420 facing=-1,0 order=attack toward=100,420\n"
START_TEST(test_half_period_fire)
{
    wg_ctx *ctx = wga_ctx();
    const char *const first[] = {"Guns: fire marker", "Red: movement marker", "Red: advance", NULL};
    const char *const second[] = {"Guns fires at Red ", NULL};
    /* in the arc after the first half-period (810 - 60 = 750): half the result */
    wg_game *g = wga_game(ctx, NULL, BATTERY RED_FLANK(810));
    ck_assert_int_eq(fire_odds(g, "Guns", "Red"), WG_ESTATE);
    wga_drive(g, first, "half-period 2");
    wga_drive(g, second, NULL);
    ck_assert(wga_has_decision(g, "die of Guns's fire"));
    size_t e0 = wgp_event_count(g);
    wga_die(g, 6);
    int row = 0, l = 0;
    fire_numbers(g, wga_event(g, e0, "losses to Red"), &row, &l);
    int n = fire_figures(g);
    ck_assert_int_gt(wga_t28(row, n), 1);
    ck_assert_int_eq(l, (wga_t28(row, n) + 1) / 2); /* LA-ARTFIRE-03 */
    wg_game_free(g);
    /* in the arc the whole period: the full result */
    g = wga_game(ctx, NULL, BATTERY RED_FLANK(740));
    const char *const stay[] = {"Guns: fire marker", "Guns fires at Red ", NULL};
    wga_drive(g, stay, NULL);
    e0 = wgp_event_count(g);
    wga_die(g, 6);
    fire_numbers(g, wga_event(g, e0, "losses to Red"), &row, &l);
    ck_assert_int_eq(l, wga_t28(row, fire_figures(g))); /* LA-ARTFIRE-03 */
    wg_game_free(g);
    /* into the arc in the second half-period only (800 - 30 = 770, then 740): no fire */
    g = wga_game(ctx, NULL, BATTERY RED_FLANK(800));
    const char *const slow[] = {"Guns: fire marker", "Red: movement marker", "Red: advance half", NULL};
    wga_drive(g, slow, "half-period 2");
    ck_assert_int_eq(fire_odds(g, "Guns", "Red"), WG_ESTATE);
    wga_drive(g, slow, "period 2, phase 1");
    ck_assert(wga_has_decision(g, "period 2, phase 1"));
    wga_no_event(g, 0, "Guns fires at Red");   /* LA-ARTFIRE-03 */
    wga_no_event(g, 0, "losses to Red");
    ck_assert_int_eq(fire_odds(g, "Guns", "Red"), WG_OK); /* now in its arc and range */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Limbered artillery moving in line (sections abreast) goes 20 paces less a period: 150 - 20 for a
   foot battery of manoeuvre B, against 150 in column of sections. */
START_TEST(test_limbered_in_line)
{
    wg_ctx *ctx = wga_ctx();
    const char *const prefs[] = {"Guns: movement marker", "Guns: advance", NULL};
    wg_game *g = wga_game(ctx, NULL,
                          "unit French Guns type=foot-battery companies=4x2 formation=limbered front=2 at=500,400 facing=0,1 "
                          "order=deny zone=500,800 radius=200\n"
                          "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=2000,1100 facing=0,-1 order=hold\n");
    wga_drive(g, prefs, "half-period 2");
    /* half a period's move, within the pace the integer facing vector loses */
    ck_assert_int_ge(wga_attr_of(g, "Guns", "y"), 400 + 150 / 2 - 1);
    ck_assert_int_le(wga_attr_of(g, "Guns", "y"), 400 + 150 / 2);
    wg_game_free(g);
    g = wga_game(ctx, NULL,
                 "unit French Guns type=foot-battery companies=4x2 formation=limbered front=4 at=500,400 facing=0,1 "
                 "order=deny zone=500,800 radius=200\n"
                 "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=2000,1100 facing=0,-1 order=hold\n");
    wga_drive(g, prefs, "half-period 2");
    ck_assert_int_ge(wga_attr_of(g, "Guns", "y"), 400 + (150 - 20) / 2 - 1); /* LA-ARTMOVE-08 */
    ck_assert_int_le(wga_attr_of(g, "Guns", "y"), 400 + (150 - 20) / 2);     /* LA-ARTMOVE-08 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* A battery changes its orientation at the start of the movement: the pivot is decided in phase 2,
   made before the moves of phase 3, and is the battery's movement for the period. */
START_TEST(test_battery_pivot)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = wga_game(ctx, NULL, BATTERY "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=2000,1100 facing=0,-1 order=hold\n");
    const char *const prefs[] = {"Guns: movement marker", NULL};
    wga_drive(g, prefs, "phase 2: the pivot of Guns");
    ck_assert(wga_has_decision(g, "phase 2: the pivot of Guns")); /* LA-SEQ-07 */
    ck_assert_int_ge(wgp_find(g, "Guns: pivots 22.5 degrees left"), 0);
    size_t e0 = wgp_event_count(g);
    wgp_choose(g, "Guns: pivots 22.5 degrees left");
    wga_drive(g, NULL, "phase 3");
    ck_assert(wga_has_decision(g, "phase 3"));
    wga_expect(g, e0, "Guns pivots in battery", "LA-ARTMOVE-02"); /* LA-SEQ-07: made before phase 3 */
    ck_assert_int_ne(wga_attr_of(g, "Guns", "facing_x"), 0);
    /* the battery has nothing more to commit this period */
    wga_drive(g, NULL, "period 2, phase 1");
    ck_assert(wga_has_decision(g, "period 2, phase 1"));
    wga_no_event(g, 0, "Guns: committed");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Gunners who rout or flee abandon their guns; the guns stay where they were and still hinder
   passage. */
static void rout_or_flee(const char *state, const char *rule, const char *hussars)
{
    wg_ctx *ctx = wga_ctx();
    wga_setup st = {.options = "break=none", .periods = 3};
    char units[1024];
    snprintf(units, sizeof units, "%s%s", BATTERY, hussars);
    wg_game *g = wga_game(ctx, &st, units);
    const char *const prefs[] = {"Hussars: charge marker", "Hussars charges Guns", NULL};
    to_melee(g, prefs);
    int lg = 0, lh = 0;
    fight(g, 1, 6, &lg, &lh);
    ck_assert_int_gt(lh, lg);
    /* the end-of-period test of the melee lost */
    wga_drive(g, NULL, NULL);
    ck_assert(wga_has_decision(g, "the die of Guns's morale test"));
    int d = die_for_text(g, "Guns", "morale", state);
    ck_assert_int_gt(d, 0);
    size_t e0 = wgp_event_count(g);
    wga_die(g, d);
    int gp = wga_piece(g, "Guns");
    char needle[64];
    snprintf(needle, sizeof needle, "Guns %s", state);
    wga_expect(g, e0, needle, rule);
    ck_assert_str_eq(wga_text(g, (size_t)gp, "guns"), "abandoned"); /* LA-ROUT-09, LA-FLIGHT-05 */
    ck_assert_int_eq(wga_attr(g, (size_t)gp, "guns_x"), 500);
    ck_assert_int_eq(wga_attr(g, (size_t)gp, "guns_y"), 200);
    /* the next period the gunners run; the Hussars advancing are stopped by the guns */
    const char *const on[] = {"Hussars: movement marker", "Hussars: advance", NULL};
    e0 = wgp_event_count(g);
    wga_drive(g, on, "half-period 2");
    wga_event(g, e0, "Guns: fall back from (500, 200)");
    ck_assert_int_eq(wga_attr_of(g, "Guns", "guns_y"), 200);
    wga_expect(g, e0, "Hussars stops short of Guns", "LA-MOVE-02"); /* LA-ROUT-09, LA-FLIGHT-05: the guns hinder */
    wg_game_free(g);
    wg_ctx_free(ctx);
}

START_TEST(test_gunners_rout)
{
    rout_or_flee("routing", "LA-ROUT-09",
                 "unit Austrians Hussars type=hussars companies=2x4 formation=line front=8 at=500,300 facing=0,-1 "
                 "order=attack toward=500,100\n");
}
END_TEST

/* The same in flight: the Hussars charge the battery in the flank (and advance from there). */
START_TEST(test_gunners_flee)
{
    rout_or_flee("fleeing", "LA-FLIGHT-05",
                 "unit Austrians Hussars type=hussars companies=2x4 formation=line front=8 at=150,160 facing=1,0 "
                 "order=attack toward=500,100\n");
}
END_TEST

/* Artillery without formation does not fire: a limbered foot battery (a period to go into battery)
   charged in the second half-period of the change finishes it without formation (LA-DISORG-03); it
   beats the Hussars off, and the next period
   it may not take a Fire marker, where a battery that deployed in peace may.  (A battery of combat 16
   from the army list, to win its melee.) */
START_TEST(test_no_fire_without_formation)
{
    wg_ctx *ctx = wga_ctx();
    char *sample = wgp_read_source("data/aigles/sample-army.wgd", NULL);
    const char *extra = "unittype stout-battery arm=foot-artillery status=V manoeuvre=B fire=3 combat=16 charge=0 morale=5 "
                        "calibre=6pdr points=24\n";
    size_t cap = strlen(sample) + strlen(extra) + 2;
    char *army = malloc(cap);
    ck_assert_ptr_nonnull(army);
    snprintf(army, cap, "%s\n%s", sample, extra);
    free(sample);
    for (int charged = 0; charged < 2; charged++) {
        wga_setup st = {.options = "break=none", .periods = 3, .army = army};
        wg_game *g = wga_game(ctx, &st,
                              "unit French Guns type=stout-battery companies=3x2 formation=limbered front=2 at=500,400 facing=0,1 "
                              "order=deny zone=500,800 radius=200\n"
                              "unit Austrians Hussars type=hussars companies=2x4 formation=line front=8 at=500,560 facing=0,-1 "
                              "order=attack toward=500,100\n");
        const char *const p1[] = {"Guns: change of formation marker", "Guns: change formation to in-battery",
                                  charged ? "Hussars: charge marker" : "Hussars: none marker", "Hussars charges Guns", NULL};
        for (int guard = 0; guard < 60 && !wga_over(g) && !wga_has_decision(g, "period 2, phase 1"); guard++) {
            wga_drive(g, p1, "period 2, phase 1");
            if (wga_has_decision(g, "morale test"))
                wga_obey(g);
            else if (wga_has_decision(g, "the die of Guns in its melee"))
                wga_die(g, 6);
            else if (wga_has_decision(g, "the die of Hussars in its melee"))
                wga_die(g, 1);
        }
        wga_drive(g, NULL, "the marker of Guns");
        ck_assert_msg(wga_has_decision(g, "period 2, phase 1: French places the marker of Guns"), "%s",
                      wgp_events_dump(g, 0, WG_VIEW_REFEREE));
        int gp = wga_piece(g, "Guns");
        ck_assert_str_eq(wga_text(g, (size_t)gp, "formation"), "in-battery");
        ck_assert(!wga_has_attr(g, (size_t)gp, "melee_with"));
        if (charged) {
            wga_expect(g, 0, "Hussars contacts Guns", NULL);
            const char *co = wga_text(g, (size_t)gp, "cohesion");
            ck_assert(strcmp(co, "without formation") == 0 || strcmp(co, "in disorder") == 0);
            ck_assert_str_eq(wga_text(g, (size_t)gp, "morale"), "obeys");
            ck_assert_int_lt(wgp_find(g, "Guns: fire marker"), 0); /* LA-ARTFIRE-08 */
        } else {
            ck_assert_str_eq(wga_text(g, (size_t)gp, "cohesion"), "formed");
            ck_assert_int_ge(wgp_find(g, "Guns: fire marker"), 0);
        }
        wg_game_free(g);
    }
    free(army);
    wg_ctx_free(ctx);
}
END_TEST

/* Gunners about to be charged fire in the first half-period, halved, and abandon their guns in the
   second at their evade speed; the charge stops on the abandoned battery without formation; the
   gunners return to their guns once the enemy has left them. */
START_TEST(test_gunners_abandon)
{
    wg_ctx *ctx = wga_ctx();
    wga_setup st = {.options = "break=none", .periods = 3};
    wg_game *g = wga_game(ctx, &st,
                          BATTERY "unit Austrians Hussars type=hussars companies=2x4 formation=line front=8 at=500,380 facing=0,-1 "
                                  "order=attack toward=500,100\n");
    const char *const prefs[] = {"Guns: fire marker", "Hussars: charge marker", "Hussars charges Guns", NULL};
    for (int guard = 0; guard < 10 && !wga_has_decision(g, "is charged by"); guard++) {
        wga_drive(g, prefs, "is charged by");
        if (wga_has_decision(g, "morale test"))
            wga_obey(g);
    }
    ck_assert(wga_has_decision(g, "Guns is charged by Hussars"));
    ck_assert_int_ge(wgp_find(g, "Guns abandons its guns"), 0); /* LA-MELEERES-17 */
    size_t e0 = wgp_event_count(g);
    wgp_choose(g, "Guns abandons its guns");
    wga_expect(g, e0, "Guns abandons its guns (charged by Hussars)", "LA-MELEERES-17");
    /* the fire of the first half-period, at once */
    ck_assert(wga_has_decision(g, "the die of Guns's fire at Hussars"));
    wga_expect(g, e0, "Guns fires", "LA-ARTFIRE-16");
    int n = fire_figures(g);
    wga_die(g, 6);
    int row = 0, l = 0;
    fire_numbers(g, wga_event(g, e0, "losses to Hussars"), &row, &l);
    ck_assert_int_gt(wga_t28(row, n), 1);
    ck_assert_int_eq(l, (wga_t28(row, n) + 1) / 2); /* LA-ARTFIRE-16: halved */
    /* the movement: they stay the first half-period, leave in the second */
    for (int guard = 0; guard < 20 && !wga_over(g) && !wga_has_decision(g, "period 2, phase 1"); guard++) {
        wga_drive(g, prefs, "period 2, phase 1");
        if (wga_has_decision(g, "morale test"))
            wga_obey(g);
    }
    long ka = wga_expect(g, e0, "the guns of Guns are abandoned", "LA-MELEERES-17"); /* LA-MELEERES-17 */
    wga_expect(g, e0, "Guns: abandon the guns from (500, 200)", "LA-MELEERES-17");
    int gp = wga_piece(g, "Guns");
    ck_assert_str_eq(wga_text(g, (size_t)gp, "guns"), "abandoned");
    ck_assert_int_eq(wga_attr(g, (size_t)gp, "guns_y"), 200);
    ck_assert_int_lt(wga_attr(g, (size_t)gp, "y"), 200);
    /* the charge stops on the battery, without formation, and fights no melee */
    wga_expect(g, e0, "Hussars obeys, without formation", "LA-MELEERES-18"); /* LA-MELEERES-18 */
    wga_no_event(g, e0, "Hussars contacts Guns");
    wga_no_event(g, e0, "Guns fights");
    /* the gunners fire no more in phase 4 */
    ck_assert_int_eq(wgp_find_event(g, (size_t)ka, "Guns fires", WG_VIEW_REFEREE), -1);
    /* period 2: no return while the Hussars stand on the guns; they rally away in the first
       half-period, and the gunners return to their intact guns in the second */
    const char *const p2[] = {"Hussars: movement marker", "Hussars: rally, facing the enemy", "Guns: return to the guns", NULL};
    e0 = wgp_event_count(g);
    wga_drive(g, p2, "half-period 2: French commits the move of Guns");
    ck_assert(wga_has_decision(g, "half-period 2: French commits the move of Guns"));
    wga_event(g, e0, "Hussars: rally");
    ck_assert_int_ge(wgp_find(g, "Guns: return to the guns"), 0);
    /* in the first half-period the Hussars stood on the guns: Guns had nothing but to halt */
    wga_no_event(g, e0, "Guns: committed");
    wga_drive(g, p2, "period 3, phase 1");
    wga_expect(g, e0, "the guns of Guns are manned", "LA-MELEERES-19"); /* LA-MELEERES-19 */
    gp = wga_piece(g, "Guns");
    ck_assert_str_eq(wga_text(g, (size_t)gp, "guns"), "manned");
    ck_assert_int_eq(wga_attr(g, (size_t)gp, "y"), 200);
    ck_assert_str_eq(wga_text(g, (size_t)gp, "formation"), "in-battery");
    ck_assert_int_eq(wga_attr(g, (size_t)gp, "sections"), 4);
    wga_no_event(g, 0, "spikes");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* A battery that moves does nothing else that period: going into battery (or limbering) is a change
   of formation of its own, with no move, and a battery changing formation does not fire. */
START_TEST(test_move_then_deploy)
{
    wg_ctx *ctx = wga_ctx();
#define LIMBERED "unit French Guns type=foot-battery companies=4x2 formation=limbered front=2 at=500,400 facing=0,1 order=deny zone=500,800 radius=200\n"
#define FOE "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=500,900 facing=0,-1 order=hold\n"
    wg_game *g = wga_game(ctx, NULL, LIMBERED FOE);
    const char *const mv[] = {"Guns: movement marker", "Guns: advance", NULL};
    wga_drive(g, mv, "half-period 2: French commits the move of Guns");
    ck_assert(wga_has_decision(g, "half-period 2: French commits the move of Guns"));
    ck_assert_int_ge(wgp_find(g, "Guns: advance"), 0);
    ck_assert_int_lt(wgp_find(g, "change formation"), 0); /* LA-ARTMOVE-01 */
    wg_game_free(g);
    /* the change: no move in either half-period, and no fire in phase 4 (it is not in battery yet) */
    g = wga_game(ctx, NULL, LIMBERED FOE);
    const char *const ch[] = {"Guns: change of formation marker", "Guns: change formation to in-battery", NULL};
    ck_assert(wga_has_decision(g, "the marker of Guns"));
    ck_assert_int_lt(wgp_find(g, "Guns: fire marker"), 0); /* limbered: no fire */
    size_t e0 = wgp_event_count(g);
    wga_drive(g, ch, "period 2, phase 1");
    ck_assert(wga_has_decision(g, "period 2, phase 1"));
    wga_event(g, e0, "Guns begins to form in-battery (2 half-periods)");
    wga_no_event(g, e0, "Guns: advance"); /* LA-ARTMOVE-01 */
    wga_no_event(g, e0, "Guns fires");
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "Guns"), "formation"), "in-battery");
    ck_assert_int_eq(wga_attr_of(g, "Guns", "y"), 400); /* LA-ARTMOVE-01: in battery where it stood */
    wg_game_free(g);
    /* limbering likewise: the battery neither moves nor fires that period (it stands 400 paces from its
       edge, room for the column of its limbers on a section's front, LA-UNIT-17) */
    g = wga_game(ctx, NULL,
                 "unit French Guns type=heavy-battery companies=4x2 formation=in-battery front=8 at=500,400 facing=0,1 "
                 "order=deny zone=500,500 radius=200\n" FOE);
    const char *const lb[] = {"Guns: change of formation marker", "Guns: change formation to limbered", NULL};
    e0 = wgp_event_count(g);
    wga_drive(g, lb, "period 2, phase 1");
    ck_assert(wga_has_decision(g, "period 2, phase 1"));
    wga_event(g, e0, "Guns begins to form limbered");
    wga_no_event(g, e0, "Guns: advance"); /* LA-ARTMOVE-01 */
    wga_no_event(g, e0, "Guns fires");
    ck_assert_int_eq(wga_attr_of(g, "Guns", "y"), 400);
#undef LIMBERED
#undef FOE
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* A unit that masks the target in the second half-period takes the losses of that half-period: the
   result halved.  Mask, a column of hussars (cavalry masks what stands behind it), crosses in front
   of the firing column and hides Red; fired at where it stands from the start, it takes the full
   result. */
START_TEST(test_masking_unit)
{
    wg_ctx *ctx = wga_ctx();
#define FIRER "unit French Blue type=line-fusiliers companies=4x3 formation=division front=4 at=500,200 facing=0,1 order=hold\n"
#define RED "unit Austrians Red type=line-fusiliers companies=4x3 formation=division front=4 at=500,350 facing=0,-1 order=hold\n"
    for (int moving = 0; moving < 2; moving++) {
        wg_game *g = wga_game(ctx, NULL,
                              moving ? FIRER RED "unit Austrians Mask type=hussars companies=2x4 formation=attack front=2 at=635,275 facing=-1,0 order=attack toward=100,275\n"
                                     : FIRER RED "unit Austrians Mask type=hussars companies=2x4 formation=attack front=2 at=440,275 facing=-1,0 order=attack toward=100,275\n");
        if (moving) /* Red in sight after the first half-period */
            ck_assert_int_eq(fire_odds(g, "Blue", "Red"), WG_OK);
        const char *const h1[] = {"Blue: fire marker", moving ? "Mask: movement marker" : "Mask: none marker",
                                  "Mask: advance half", NULL};
        const char *const h2[] = {moving ? "Mask: advance" : "Mask: halt", "Blue fires at Mask ", NULL};
        wga_drive(g, h1, "half-period 2");
        if (moving)
            ck_assert_int_eq(fire_odds(g, "Blue", "Red"), WG_OK);
        wga_drive(g, h2, NULL);
        ck_assert_msg(wga_has_decision(g, "die of Blue's fire at Mask"), "%s\n%s", wgp_decision(g),
                      wgp_events_dump(g, 0, WG_VIEW_REFEREE));
        ck_assert_int_le(wga_attr_of(g, "Mask", "x"), 441);
        ck_assert_int_ge(wga_attr_of(g, "Mask", "x"), 439);
        ck_assert_int_eq(fire_odds(g, "Blue", "Red"), WG_ESTATE); /* Red is masked now */
        size_t e0 = wgp_event_count(g);
        int n = fire_figures(g);
        wga_die(g, 6);
        int row = 0, l = 0;
        fire_numbers(g, wga_event(g, e0, "losses to Mask"), &row, &l);
        ck_assert_int_gt(wga_t28(row, n), 1);
        ck_assert_int_eq(l, moving ? (wga_t28(row, n) + 1) / 2 : wga_t28(row, n)); /* LA-FIRE-09 */
        wg_game_free(g);
    }
#undef FIRER
#undef RED
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
    tcase_add_test(t, test_sections_and_guns_left);
    tcase_add_test(t, test_lone_gun_spiked);
    tcase_add_test(t, test_battery_in_flank);
    tcase_add_test(t, test_limbered_beaten);
    tcase_add_test(t, test_half_period_fire);
    tcase_add_test(t, test_limbered_in_line);
    tcase_add_test(t, test_battery_pivot);
    tcase_add_test(t, test_gunners_rout);
    tcase_add_test(t, test_gunners_flee);
    tcase_add_test(t, test_gunners_abandon);
    tcase_add_test(t, test_move_then_deploy);
    tcase_add_test(t, test_masking_unit);
    tcase_add_test(t, test_no_fire_without_formation);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

/* Les Aigles rules of the table proven by play through the public API: the two scales and the base
   sizes, the formations a unit may take and the times of its changes, re-forming and reorganising,
   the terrain crossed on the way, and sight (woods, villages, crests, slopes, masking units).  Every
   position is built from host documents written here (a table with the terrain needed, a battle of
   a few units, the bundled sample army list or a small one), every decision is taken by its label or
   with the parameters of a precise move, and every result is read from piece attributes, option
   labels, refusals, events and the odds of a fire.  Checklist items are cited next to the assertions
   that prove them.  Lengths: piece attributes in paces (mm at the battle's scale), precise-move
   parameters in table units (1/100 mm). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgaigles.h"
#include "wgplay.h"

/* ---------------------------------------------------------------- positions */

static char *army;

/* A table 2600 x 1200 of open ground, with the features given. */
static const char *TABLE_HEAD = "wgdata 1 map\ntitle \"test table\"\ngrid table 2600 1200\n"
                                "terrain open wood village hill field marsh rocky\n"
                                "flag blocks-sight light-cover hard-cover\n"
                                "linetype road stream crest hedge wall river\n"
                                "area open name=Open 0,0 2600,0 2600,1200 0,1200\n";

/* A small army list of our own: regular fusiliers that only move in line, and irregular infantry. */
static const char *SMALL_ARMY =
    "wgdata 1 aigles-army\ntitle \"test list\"\n"
    "weapon fusil range25=200 range15=150\n"
    "unittype fusiliers arm=infantry status=R manoeuvre=B fire=3 combat=3 charge=1 morale=3 weapon=fusil points=10\n"
    "unittype vendeens arm=infantry status=I manoeuvre=C fire=2 combat=2 charge=1 morale=2 weapon=fusil points=5 "
    "irregular\n"
    "move infantry line B d25=90 d15=60\n"
    "move infantry irregular-mass C d25=120 d15=80\n"
    "charge-bonus infantry d25=40 d15=25\n";

/* A battle at `scale` mm of three periods, French (side 0, the near edge) against Austrians: the units
   given, on the table with `features`, the army list `list` (NULL: the bundled sample). */
static int try_game(wg_game **g, wg_ctx *ctx, int scale, const char *list, const char *features, const char *units,
                    const char *options)
{
    char table[4096], bat[8192];
    snprintf(table, sizeof table, "%s%s", TABLE_HEAD, features ? features : "");
    snprintf(bat, sizeof bat,
             "wgdata 1 aigles-battle\ntitle \"test\"\nscale %d\nperiods 3\nside French\nside Austrians\n%s", scale,
             units);
    if (!army)
        army = wgp_read_source("data/aigles/sample-army.wgd", NULL);
    wgp_doc docs[4] = {{"army", list ? list : army}, {"table", table}, {"battle", bat}, {NULL, NULL}};
    return wgp_try_new(g, ctx, "aigles", "crossroads", options, 1, docs);
}

static wg_game *game(wg_ctx *ctx, int scale, const char *features, const char *units, const char *options)
{
    wg_game *g = NULL;
    int rc = try_game(&g, ctx, scale, NULL, features, units, options);
    ck_assert_msg(rc == WG_OK, "set-up: %s: %s", wg_status_str(rc), wg_ctx_errmsg(ctx));
    return g;
}

static wg_game *battle(wg_ctx *ctx, const char *features, const char *units)
{
    return game(ctx, 25, features, units, NULL);
}

/* An Austrian line far from everything. */
#define FAR_ENEMY                                                                                                      \
    "unit Austrians Z type=line-fusiliers companies=4x3 formation=line front=12 at=2400,1150 facing=0,-1 order=hold\n"

/* The same with the fusiliers of the small army list. */
#define FAR_FUSILIERS                                                                                                  \
    "unit Austrians Z type=fusiliers companies=4x3 formation=line front=12 at=2400,1150 facing=0,-1 order=hold\n"

/* The half-periods a change of formation takes: French unit X (the units' first, with the far
   Austrian line) takes a Change of formation marker and the change labelled `to`.  -1 when the change
   is not offered; -2 when it is refused (the status in change_rc). */
static int change_rc;
static int change_time(wg_ctx *ctx, const char *unit, const char *to, const char *options)
{
    char units[1024];
    snprintf(units, sizeof units, "%s%s", unit, FAR_ENEMY);
    wg_game *g = game(ctx, 25, NULL, units, options);
    wgp_choose(g, "X: change of formation marker");
    size_t e = wgp_event_count(g);
    wgp_choose(g, "Z: none marker");
    char lab[64];
    snprintf(lab, sizeof lab, "X: change formation to %s", to);
    /* a single change offered is taken without a decision */
    long i = wga_has_decision(g, "commits the move of X") ? wgp_find(g, lab) : 0;
    int n = -1;
    if (i >= 0) {
        int rc = wga_has_decision(g, "commits the move of X") ? wg_game_choose(g, (size_t)i) : WG_OK;
        if (rc != WG_OK) {
            n = -2;
            change_rc = rc;
        } else {
            snprintf(lab, sizeof lab, "X begins to form %s (", to);
            long k = wgp_find_event(g, e, lab, WG_VIEW_REFEREE);
            ck_assert_msg(k >= 0, "no change begun:\n%s", wgp_events_dump(g, e, WG_VIEW_REFEREE));
            const char *t = strchr(wgp_event(g, (size_t)k, WG_VIEW_REFEREE), '(');
            ck_assert_ptr_nonnull(t);
            ck_assert_int_eq(sscanf(t, "(%d half-period", &n), 1);
            ck_assert_str_eq(wga_rule(g, (size_t)k), "LA-FORMTIME-01");
        }
    }
    wg_game_free(g);
    return n;
}

/* The status of odds "fire from=1 at=2" in the position (the odds answer only for a target the
   firer may take: in sight, range and arc); the odds text in wga_odds_buf. */
static int fire_odds(wg_ctx *ctx, const char *features, const char *units)
{
    wg_game *g = battle(ctx, features, units);
    int rc = wg_game_odds(wga_odds_buf, sizeof wga_odds_buf, NULL, g, WG_VIEW_REFEREE, "fire from=1 at=2");
    if (rc != WG_OK)
        wga_odds_buf[0] = '\0';
    wg_game_free(g);
    return rc;
}

/* The set-up of a battle of `units` (the far Austrian line added) must fail with `want` in the message. */
static void setup_refused(wg_ctx *ctx, const char *list, const char *units, const char *want)
{
    char u[1024];
    snprintf(u, sizeof u, "%s%s", units, list ? FAR_FUSILIERS : FAR_ENEMY);
    wg_game *g = NULL;
    int rc = try_game(&g, ctx, 25, list, NULL, u, NULL);
    ck_assert_msg(rc != WG_OK, "set-up accepted: %s", units);
    ck_assert_msg(strstr(wg_ctx_errmsg(ctx), want), "message '%s' lacks '%s'", wg_ctx_errmsg(ctx), want);
    ck_assert_ptr_null(g);
}

static void setup_accepted(wg_ctx *ctx, const char *list, const char *units)
{
    char u[1024];
    snprintf(u, sizeof u, "%s%s", units, list ? FAR_FUSILIERS : FAR_ENEMY);
    wg_game *g = NULL;
    int rc = try_game(&g, ctx, 25, list, NULL, u, NULL);
    ck_assert_msg(rc == WG_OK, "set-up: %s: %s", wg_status_str(rc), wg_ctx_errmsg(ctx));
    wg_game_free(g);
}

/* ---------------------------------------------------------------- scales and bases */

/* An infantry line (I), a cavalry line (C), cossacks (K), a battery in battery (A), skirmishers (S)
   and foragers (F). */
static const char *BASES =
    "unit French I type=line-fusiliers companies=4x3 formation=line front=12 at=200,300 facing=0,1 order=hold\n"
    "unit French C type=hussars companies=2x4 formation=line front=8 at=500,300 facing=0,1 order=hold\n"
    "unit French K type=cossacks companies=2x4 formation=irregular-mass front=4 at=800,300 facing=0,1 order=hold\n"
    "unit French A type=foot-battery companies=3x2 formation=in-battery front=6 at=1150,300 facing=0,1 "
    "order=support target=I\n"
    "unit French S type=voltigeurs companies=2x3 formation=skirmish front=6 at=1500,300 facing=0,1 order=hold\n"
    "unit French F type=hussars companies=2x4 formation=foraging front=8 at=1950,300 facing=0,1 order=hold\n"
    "unit Austrians Z type=line-fusiliers companies=4x3 formation=line front=12 at=1200,1100 facing=0,-1 "
    "order=hold\n";

START_TEST(test_bases_at_both_scales)
{
    wg_ctx *ctx = wga_ctx();
    /* T1 at 25 mm (front x depth of a base): close infantry 15 x 25, cavalry 22.5 x 40, irregular
       cavalry 30 x 40, artillery 45 x 80, skirmishers 30 x 30, foragers 50 x 50 */
    wg_game *g = battle(ctx, NULL, BASES);
    ck_assert_int_eq(wga_attr(g, 0, "width"), 180); /* LA-SCALE-09: 12 x 15 */
    ck_assert_int_eq(wga_attr(g, 0, "depth"), 25);
    ck_assert_int_eq(wga_attr(g, 1, "width"), 180); /* LA-SCALE-09: 8 x 22.5 */
    ck_assert_int_eq(wga_attr(g, 1, "depth"), 40);
    ck_assert_int_eq(wga_attr(g, 2, "width"), 120); /* LA-SCALE-09: 4 x 30, two ranks of 40 */
    ck_assert_int_eq(wga_attr(g, 2, "depth"), 80);
    ck_assert_int_eq(wga_attr(g, 3, "width"), 270); /* LA-SCALE-09: 6 x 45 */
    ck_assert_int_eq(wga_attr(g, 3, "depth"), 80);
    ck_assert_int_eq(wga_attr(g, 4, "width"), 180); /* LA-SCALE-09, LA-SCALE-10: 6 skirmish bases of 30 */
    ck_assert_int_eq(wga_attr(g, 4, "depth"), 30);
    ck_assert_int_eq(wga_attr(g, 5, "width"), 400); /* LA-SCALE-09, LA-SCALE-10: 8 forager bases of 50 */
    ck_assert_int_eq(wga_attr(g, 5, "depth"), 50);
    wg_game_free(g);
    /* the same battle at 15 mm reads T1's second column: 10 x 15, 15 x 30, 20 x 30, 30 x 50, 20 x 20,
       35 x 35 (LA-SCALE-05: every distance a printed pair, G-46) */
    g = game(ctx, 15, NULL, BASES, NULL);
    ck_assert_int_eq(wga_attr(g, 0, "width"), 120); /* LA-SCALE-09 */
    ck_assert_int_eq(wga_attr(g, 0, "depth"), 15);
    ck_assert_int_eq(wga_attr(g, 1, "width"), 120);
    ck_assert_int_eq(wga_attr(g, 1, "depth"), 30);
    ck_assert_int_eq(wga_attr(g, 2, "width"), 80);
    ck_assert_int_eq(wga_attr(g, 2, "depth"), 60);
    ck_assert_int_eq(wga_attr(g, 3, "width"), 180);
    ck_assert_int_eq(wga_attr(g, 3, "depth"), 50);
    ck_assert_int_eq(wga_attr(g, 4, "width"), 120);
    ck_assert_int_eq(wga_attr(g, 4, "depth"), 20);
    ck_assert_int_eq(wga_attr(g, 5, "width"), 280); /* LA-SCALE-09: the 15 mm front printed "355" is 35 */
    ck_assert_int_eq(wga_attr(g, 5, "depth"), 35);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

START_TEST(test_scale_distances)
{
    wg_ctx *ctx = wga_ctx();
    const char *units =
        "unit French I type=line-fusiliers companies=4x3 formation=line front=12 at=300,300 facing=0,1 order=hold\n"
        "unit French V type=voltigeurs companies=2x3 formation=skirmish front=6 at=800,300 facing=0,1 order=hold\n"
        "unit Austrians Z type=line-fusiliers companies=4x3 formation=line front=12 at=1200,1100 facing=0,-1 "
        "order=hold\n";
    const char *features = "line hedge name=Hedge 700,330 900,330\n";
    for (int scale = 25; scale >= 15; scale -= 10) {
        wg_game *g = game(ctx, scale, features, units, NULL);
        wgp_choose(g, "I: movement marker");
        wgp_choose(g, "V: movement marker");
        wgp_choose(g, "Z: none marker");
        /* a period is two half-periods (LA-SCALE-04): the line moves half its 90 (25 mm) or 60 (15 mm)
           a period in each (LA-SCALE-05: the army list's pair, not one derived from the other) */
        WGA_ASSERT_DECISION(g, "phase 3, half-period 1: French commits the move of I"); /* LA-SCALE-04 */
        if (scale == 25) {
            WGA_ASSERT_REFUSED(wga_move_to(g, 300 * 100, 346 * 100), g, "46 paces exceeds the 45 paces left",
                           "the line speed is 90 a period");
            ck_assert_int_eq(wga_move_to(g, 300 * 100, 345 * 100), WG_OK);
        } else {
            WGA_ASSERT_REFUSED(wga_move_to(g, 300 * 100, 331 * 100), g, "31 paces exceeds the 30 paces left",
                           "the line speed is 60 a period"); /* LA-SCALE-05 */
            ck_assert_int_eq(wga_move_to(g, 300 * 100, 330 * 100), WG_OK);
        }
        /* a hedge costs skirmishers 20 paces at 25 mm, 15 at 15 mm (LA-TERRAIN-19 read at the scale) */
        WGA_ASSERT_DECISION(g, "commits the move of V");
        if (scale == 25) {
            WGA_ASSERT_REFUSED(wga_move_to(g, 800 * 100, 371 * 100), g, "71 paces costs 91 with the terrain",
                           "the 90 paces left"); /* LA-SCALE-05: skirmish 180 a period */
            ck_assert_int_eq(wga_move_to(g, 800 * 100, 370 * 100), WG_OK);
        } else {
            WGA_ASSERT_REFUSED(wga_move_to(g, 800 * 100, 346 * 100), g, "46 paces costs 61 with the terrain",
                           "the 60 paces left"); /* LA-SCALE-05: skirmish 120 a period, the hedge 15 */
            ck_assert_int_eq(wga_move_to(g, 800 * 100, 345 * 100), WG_OK);
        }
        WGA_ASSERT_DECISION(g, "phase 3, half-period 2"); /* LA-SCALE-04 */
        ck_assert_int_eq(wga_attr(g, 0, "y"), scale == 25 ? 345 : 330);
        ck_assert_int_eq(wga_attr(g, 1, "y"), scale == 25 ? 370 : 345);
        wga_halt_all(g);
        WGA_ASSERT_DECISION(g, "period 2, phase 1"); /* LA-SCALE-04: the next period after two halves */
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- formations */

START_TEST(test_formations_refused)
{
    wg_ctx *ctx = wga_ctx();
    /* a line is one rank; a double line two; a column more than two (LA-FORM-08, LA-FORM-09) */
    setup_refused(ctx, NULL,
                  "unit French X type=line-fusiliers companies=4x3 formation=line front=6 at=300,300 facing=0,1 "
                  "order=hold\n",
                  "a line stands on one rank, not 2 (LA-FORM-08)"); /* LA-FORM-08 */
    setup_refused(ctx, NULL,
                  "unit French X type=line-fusiliers companies=4x3 formation=division front=6 at=300,300 facing=0,1 "
                  "order=hold\n",
                  "a column is more than two ranks deep, not 2 (LA-FORM-09)"); /* LA-FORM-09 */
    setup_refused(ctx, NULL,
                  "unit French X type=line-fusiliers companies=4x3 formation=double-line front=4 at=300,300 "
                  "facing=0,1 order=hold\n",
                  "a double line stands on two ranks, not 3 (LA-FORM-09)"); /* LA-FORM-09 */
    setup_accepted(ctx, NULL,
                   "unit French X type=line-fusiliers companies=4x3 formation=double-line front=6 at=300,300 "
                   "facing=0,1 order=hold\n"); /* LA-FORM-09: two ranks */
    /* squares: infantry only, six figures at least (LA-FORM-10) */
    setup_refused(ctx, NULL,
                  "unit French X type=hussars companies=2x4 formation=hollow-square front=2 at=300,300 facing=0,1 "
                  "order=hold\n",
                  "squares are infantry's (LA-FORM-10)"); /* LA-FORM-10 */
    setup_refused(ctx, NULL,
                  "unit French X type=line-fusiliers companies=1x5 formation=hollow-square front=2 at=300,300 "
                  "facing=0,1 order=hold\n",
                  "a square needs at least six figures, not 5 (LA-FORM-10)"); /* LA-FORM-10 */
    setup_accepted(ctx, NULL,
                   "unit French X type=grenadiers companies=2x3 formation=hollow-square front=2 at=300,300 "
                   "facing=0,1 order=hold\n"); /* LA-FORM-10: six figures */
    /* artillery is limbered or in battery, nothing else; nobody else limbers (LA-FORM-12) */
    setup_refused(ctx, NULL,
                  "unit French X type=foot-battery companies=3x2 formation=line front=6 at=300,300 facing=0,1 "
                  "order=support target=X\n",
                  "artillery is limbered or in battery (LA-FORM-12)"); /* LA-FORM-12 */
    setup_refused(ctx, NULL,
                  "unit French X type=hussars companies=2x4 formation=limbered front=2 at=300,300 facing=0,1 "
                  "order=hold\n",
                  "an artillery formation (LA-FORM-12)"); /* LA-FORM-12 */
    /* the extended column of division is infantry's (LA-FORM-15); echelon cavalry's (LA-FORM-21) */
    setup_refused(ctx, NULL,
                  "unit French X type=hussars companies=3x4 formation=extended-division front=4 at=300,300 "
                  "facing=0,1 order=hold\n",
                  "(LA-FORM-15)"); /* LA-FORM-15 */
    setup_refused(ctx, NULL,
                  "unit French X type=line-fusiliers companies=4x3 formation=echelon front=6 at=300,300 facing=0,1 "
                  "order=hold\n",
                  "echelon is a cavalry formation (LA-FORM-21)"); /* LA-FORM-21 */
    /* skirmish order is infantry's, foraging cavalry's (LA-UNIT-16); skirmishers side by side, on one
       rank (LA-FORM-29) */
    setup_refused(ctx, NULL,
                  "unit French X type=hussars companies=2x4 formation=skirmish front=8 at=300,300 facing=0,1 "
                  "order=hold\n",
                  "skirmish order is infantry's (LA-UNIT-16)"); /* LA-UNIT-16 */
    setup_refused(ctx, NULL,
                  "unit French X type=voltigeurs companies=2x3 formation=foraging front=6 at=300,300 facing=0,1 "
                  "order=hold\n",
                  "foraging order is cavalry's (LA-UNIT-16)"); /* LA-UNIT-16 */
    setup_refused(ctx, NULL,
                  "unit French X type=voltigeurs companies=2x3 formation=skirmish front=3 at=300,300 facing=0,1 "
                  "order=hold\n",
                  "skirmishers stand side by side, on one rank, not 2 (LA-FORM-29)"); /* LA-FORM-29 */
    /* irregulars fight massed, with no line or column (LA-UNIT-23) */
    setup_refused(ctx, NULL,
                  "unit French X type=cossacks companies=2x4 formation=line front=8 at=300,300 facing=0,1 "
                  "order=hold\n",
                  "irregulars fight massed, with no line or column (LA-UNIT-23)"); /* LA-UNIT-23 */
    /* irregular infantry: three in front and three deep at least; below nine figures at most three in
       front and three deep (LA-UNIT-25) */
    setup_refused(ctx, SMALL_ARMY,
                  "unit French X type=vendeens companies=1x12 formation=irregular-mass front=2 at=300,300 facing=0,1 "
                  "order=hold\n",
                  "at least three in front and three deep, not 2 in front (LA-UNIT-25)"); /* LA-UNIT-25 */
    setup_refused(ctx, SMALL_ARMY,
                  "unit French X type=vendeens companies=1x12 formation=irregular-mass front=6 at=300,300 facing=0,1 "
                  "order=hold\n",
                  "(LA-UNIT-25)"); /* LA-UNIT-25: two ranks of six */
    setup_accepted(ctx, SMALL_ARMY,
                   "unit French X type=vendeens companies=1x12 formation=irregular-mass front=4 at=300,300 "
                   "facing=0,1 order=hold\n"); /* LA-UNIT-25: 4 x 3 */
    setup_refused(ctx, SMALL_ARMY,
                  "unit French X type=vendeens companies=1x8 formation=irregular-mass front=4 at=300,300 facing=0,1 "
                  "order=hold\n",
                  "below nine figures, at most three in front and three deep, not 4 in front (LA-UNIT-25)");
    setup_accepted(ctx, SMALL_ARMY,
                   "unit French X type=vendeens companies=1x8 formation=irregular-mass front=3 at=300,300 "
                   "facing=0,1 order=hold\n"); /* LA-UNIT-25: 3 x 3, the last rank short */
    /* the movement allowances are the army list's, not the rulebook's (LA-MOVE-24, G-05): a list
       without a column of division for its fusiliers refuses one */
    setup_refused(ctx, SMALL_ARMY,
                  "unit French X type=fusiliers companies=4x3 formation=division front=4 at=300,300 facing=0,1 "
                  "order=hold\n",
                  "the army list gives no movement for infantry in division at manoeuvre B"); /* LA-MOVE-24 */
    wg_ctx_free(ctx);
}
END_TEST

/* Voltigeurs (V), hussars (H), a limbered battery (B) and a battery in battery (P), all with a Change of
   formation marker: the formations each is offered. */
START_TEST(test_formations_offered)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = battle(
        ctx, NULL,
        "unit French V type=voltigeurs companies=2x4 formation=line front=8 at=300,300 facing=0,1 order=hold\n"
        "unit French H type=hussars companies=2x4 formation=line front=8 at=800,300 facing=0,1 order=hold\n"
        "unit French B type=foot-battery companies=3x2 formation=limbered front=2 at=1300,300 facing=0,1 "
        "order=support target=V\n"
        "unit French P type=foot-battery companies=3x2 formation=in-battery front=6 at=1800,300 facing=0,1 "
        "order=support target=V\n" FAR_ENEMY);
    wgp_choose(g, "V: change of formation marker");
    wgp_choose(g, "H: change of formation marker");
    wgp_choose(g, "B: change of formation marker");
    wgp_choose(g, "P: change of formation marker");
    wgp_choose(g, "Z: none marker");
    /* infantry deploys as skirmishers, never foragers; cavalry the other way (LA-UNIT-16) */
    WGA_ASSERT_DECISION(g, "commits the move of V");
    WGA_ASSERT_OPTION(g, "V: change formation to skirmish"); /* LA-UNIT-16 */
    WGA_ASSERT_OPTION(g, "V: change formation to division");
    WGA_ASSERT_NO_OPTION(g, "foraging");
    WGA_ASSERT_NO_OPTION(g, "limbered");
    WGA_ASSERT_NO_OPTION(g, "echelon"); /* LA-FORM-21 */
    size_t e = wgp_event_count(g);
    wgp_choose(g, "V: change formation to skirmish");
    WGA_ASSERT_DECISION(g, "commits the move of H");
    WGA_ASSERT_OPTION(g, "H: change formation to foraging"); /* LA-UNIT-16 */
    WGA_ASSERT_OPTION(g, "H: change formation to echelon");  /* LA-FORM-21 */
    WGA_ASSERT_NO_OPTION(g, "skirmish");
    WGA_ASSERT_NO_OPTION(g, "square"); /* LA-FORM-10 */
    WGA_ASSERT_NO_OPTION(g, "extended-division"); /* LA-FORM-15 */
    wgp_choose(g, "H: change formation to foraging");
    /* artillery: limbered or in battery, one to the other: the only change offered, taken without a
       decision (LA-FORM-12) */
    ck_assert(!wga_has_decision(g, "commits the move of B"));
    ck_assert(!wga_has_decision(g, "commits the move of P"));
    (size_t)wga_event(g, e, "B begins to form in-battery"); /* LA-FORM-12 */
    (size_t)wga_event(g, e, "P begins to form limbered");   /* LA-FORM-12 */
    /* the skirmishers and foragers stand on their own bases, from the unit's centre (LA-SCALE-10): 8 x
       30 and 8 x 50 paces */
    WGA_ASSERT_DECISION(g, "half-period 2");
    (size_t)wga_event(g, e, "V stands in skirmish");
    ck_assert_str_eq(wga_text(g, 0, "formation"), "skirmish");
    ck_assert_int_eq(wga_attr(g, 0, "width"), 240); /* LA-SCALE-10: was 8 x 15 */
    ck_assert_int_eq(wga_attr(g, 0, "depth"), 30);
    ck_assert_str_eq(wga_text(g, 1, "formation"), "foraging");
    ck_assert_int_eq(wga_attr(g, 1, "width"), 400); /* LA-SCALE-10: was 8 x 22.5 */
    ck_assert_int_eq(wga_attr(g, 1, "depth"), 50);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

#define UNIT_X(type, companies, formation, front)                                                                     \
    "unit French X type=" type " companies=" companies " formation=" formation " front=" front                          \
    " at=1200,900 facing=0,1 order=hold\n"
#define GUNS_X(type, companies, formation, front)                                                                     \
    "unit French X type=" type " companies=" companies " formation=" formation " front=" front                          \
    " at=1200,900 facing=0,1 order=deny zone=1200,1000 radius=100\n"

START_TEST(test_formation_times)
{
    wg_ctx *ctx = wga_ctx();
    /* T4, column of march to double line: infantry 1/2 whatever the manoeuvre; cavalry A 1/2, B 1
       (LA-FORMTIME-03) */
    ck_assert_int_eq(change_time(ctx, UNIT_X("line-fusiliers", "4x3", "march", "2"), "double-line", NULL), 1); /* LA-FORMTIME-03 */
    ck_assert_int_eq(change_time(ctx, UNIT_X("grenadiers", "4x3", "march", "2"), "double-line", NULL), 1); /* LA-FORMTIME-03 */
    ck_assert_int_eq(change_time(ctx, UNIT_X("hussars", "2x4", "march", "2"), "double-line", NULL), 1); /* LA-FORMTIME-03 */
    ck_assert_int_eq(change_time(ctx, UNIT_X("dragoons", "2x4", "march", "2"), "double-line", NULL), 2); /* LA-FORMTIME-03 */
    /* T5, into battery: foot B 1, C 1; horse A 1/2 (LA-FORMTIME-05) */
    ck_assert_int_eq(change_time(ctx, GUNS_X("foot-battery", "3x2", "limbered", "2"), "in-battery", NULL), 2); /* LA-FORMTIME-05 */
    ck_assert_int_eq(change_time(ctx, GUNS_X("heavy-battery", "3x2", "limbered", "2"), "in-battery", NULL), 2); /* LA-FORMTIME-05 */
    ck_assert_int_eq(change_time(ctx, GUNS_X("horse-battery", "3x2", "limbered", "2"), "in-battery", NULL), 1); /* LA-FORMTIME-05 */
    /* T5, limbering: foot B 1, C 1 1/2; horse A 1/2 (LA-FORMTIME-06) */
    ck_assert_int_eq(change_time(ctx, GUNS_X("foot-battery", "3x2", "in-battery", "6"), "limbered", NULL), 2); /* LA-FORMTIME-06 */
    ck_assert_int_eq(change_time(ctx, GUNS_X("heavy-battery", "3x2", "in-battery", "6"), "limbered", NULL), 3); /* LA-FORMTIME-06 */
    ck_assert_int_eq(change_time(ctx, GUNS_X("horse-battery", "3x2", "in-battery", "6"), "limbered", NULL), 1); /* LA-FORMTIME-06 */
    /* a file deeper than 5 sections takes 1/2 more to go into battery, beyond 9 one more; one section
       takes 1/2 for any manoeuvre (LA-FORMTIME-10) */
    ck_assert_int_eq(change_time(ctx, GUNS_X("foot-battery", "5x2", "limbered", "2"), "in-battery", NULL), 2); /* LA-FORMTIME-10 */
    ck_assert_int_eq(change_time(ctx, GUNS_X("foot-battery", "6x2", "limbered", "2"), "in-battery", NULL), 3); /* LA-FORMTIME-10 */
    ck_assert_int_eq(change_time(ctx, GUNS_X("foot-battery", "9x2", "limbered", "2"), "in-battery", NULL), 3); /* LA-FORMTIME-10 */
    ck_assert_int_eq(change_time(ctx, GUNS_X("foot-battery", "10x2", "limbered", "2"), "in-battery", NULL), 4); /* LA-FORMTIME-10 */
    ck_assert_int_eq(change_time(ctx, GUNS_X("heavy-battery", "1x2", "limbered", "1"), "in-battery", NULL), 1); /* LA-FORMTIME-10 */
    ck_assert_int_eq(change_time(ctx, GUNS_X("heavy-battery", "1x2", "in-battery", "2"), "limbered", NULL), 1); /* LA-FORMTIME-10 */
    /* T36, skirmishers from a line by figures: 1-8 1/2, 9-14 1 (LA-FORMTIME-13) */
    ck_assert_int_eq(change_time(ctx, UNIT_X("voltigeurs", "2x4", "line", "8"), "skirmish", NULL), 1); /* LA-FORMTIME-13 */
    ck_assert_int_eq(change_time(ctx, UNIT_X("voltigeurs", "3x3", "line", "9"), "skirmish", NULL), 2); /* LA-FORMTIME-13 */
    ck_assert_int_eq(change_time(ctx, UNIT_X("voltigeurs", "5x3", "line", "15"), "skirmish", NULL), 3); /* LA-FORMTIME-13 */
    /* from a column of march by ranks: 4-5 1, 6 1 1/2 (LA-FORMTIME-14) */
    ck_assert_int_eq(change_time(ctx, UNIT_X("voltigeurs", "4x2", "march", "2"), "skirmish", NULL), 2); /* LA-FORMTIME-14 */
    ck_assert_int_eq(change_time(ctx, UNIT_X("voltigeurs", "4x3", "march", "2"), "skirmish", NULL), 3); /* LA-FORMTIME-14 */
    /* from a column of division by ranks: 3 1, 4 1 1/2 (LA-FORMTIME-15) */
    ck_assert_int_eq(change_time(ctx, UNIT_X("voltigeurs", "4x3", "division", "4"), "skirmish", NULL), 2); /* LA-FORMTIME-15 */
    ck_assert_int_eq(change_time(ctx, UNIT_X("voltigeurs", "4x3", "division", "3"), "skirmish", NULL), 3); /* LA-FORMTIME-15 */
    /* T36, foragers from a line by figures: 1-10 1/2, 11-17 1 (LA-FORMTIME-16) */
    ck_assert_int_eq(change_time(ctx, UNIT_X("hussars", "2x5", "line", "10"), "foraging", NULL), 1); /* LA-FORMTIME-16 */
    ck_assert_int_eq(change_time(ctx, UNIT_X("hussars", "3x4", "line", "12"), "foraging", NULL), 2); /* LA-FORMTIME-16 */
    /* from a column of march by ranks: 4-5 1, 6 1 1/2 (LA-FORMTIME-17) */
    ck_assert_int_eq(change_time(ctx, UNIT_X("hussars", "2x4", "march", "2"), "foraging", NULL), 2); /* LA-FORMTIME-17 */
    ck_assert_int_eq(change_time(ctx, UNIT_X("hussars", "3x4", "march", "2"), "foraging", NULL), 3); /* LA-FORMTIME-17 */
    /* from a column of division by ranks: 3 1, 4 1 1/2, 5 2 1/2, no "2" step (LA-FORMTIME-18) */
    ck_assert_int_eq(change_time(ctx, UNIT_X("hussars", "3x4", "division", "4"), "foraging", NULL), 2); /* LA-FORMTIME-18 */
    ck_assert_int_eq(change_time(ctx, UNIT_X("hussars", "4x4", "division", "4"), "foraging", NULL), 3); /* LA-FORMTIME-18 */
    ck_assert_int_eq(change_time(ctx, UNIT_X("hussars", "5x3", "division", "3"), "foraging", NULL), 5); /* LA-FORMTIME-18 */
    /* a battalion of manoeuvre A and 4 companies in column of march counts as in column of division:
       no table to read; with 6 companies T4's missing row stops the change (LA-FORMTIME-09, G-09) */
    ck_assert_int_eq(change_time(ctx, UNIT_X("grenadiers", "4x3", "march", "2"), "division", "data=printed"), 1); /* LA-FORMTIME-09 */
    ck_assert_int_eq(change_time(ctx, UNIT_X("grenadiers", "6x2", "march", "2"), "division", "data=printed"), -2); /* LA-FORMTIME-09 */
    ck_assert_int_eq(change_rc, WG_ETABLEGAP); /* LA-FORMTIME-09 */
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- sight */

/* French Blue, a line 150 paces from the Austrian line Red (the fusil reaches 200). */
#define BLUE "unit French Blue type=line-fusiliers companies=4x3 formation=line front=12 at=500,300 facing=0,1 order=hold\n"
#define RED "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=500,450 facing=0,-1 order=hold\n"

START_TEST(test_sight_over_terrain)
{
    wg_ctx *ctx = wga_ctx();
    ck_assert_int_eq(fire_odds(ctx, NULL, BLUE RED), WG_OK);
    /* light and hard obstacles do not block sight (LA-LOS-01) */
    ck_assert_int_eq(fire_odds(ctx, "line hedge name=Hedge 300,380 700,380\n", BLUE RED), WG_OK); /* LA-LOS-01 */
    ck_assert_int_eq(fire_odds(ctx, "line wall name=Wall 300,380 700,380\n", BLUE RED), WG_OK);   /* LA-LOS-01 */
    /* a wood and a village between units on the same level block it: no fire (LA-LOS-01, LA-LOS-07) */
    ck_assert_int_eq(fire_odds(ctx, "area wood name=Wood blocks-sight light-cover 250,360 750,360 750,400 250,400\n",
                               BLUE RED),
                     WG_ESTATE); /* LA-LOS-01, LA-LOS-07 */
    ck_assert_int_eq(fire_odds(ctx, "area village name=Hamlet blocks-sight hard-cover 250,360 750,360 750,400 250,400\n",
                               BLUE RED),
                     WG_ESTATE); /* LA-LOS-01 */
    /* a crest between two units each more than a base's length from it hides them (LA-LOS-01, -02) */
    const char *crest = "line crest name=Crest level=1 200,380 800,380\n";
    ck_assert_int_eq(fire_odds(ctx, crest, BLUE RED), WG_ESTATE); /* LA-LOS-01, LA-LOS-02 */
    /* within one base length (25 paces of infantry) of the crest, Blue sees over it (LA-LOS-02) */
    ck_assert_int_eq(fire_odds(ctx, crest,
                               "unit French Blue type=line-fusiliers companies=4x3 formation=line front=12 at=500,360 "
                               "facing=0,1 order=hold\n" RED),
                     WG_OK); /* LA-LOS-02 */
    ck_assert_int_eq(fire_odds(ctx, crest,
                               "unit French Blue type=line-fusiliers companies=4x3 formation=line front=12 at=500,350 "
                               "facing=0,1 order=hold\n" RED),
                     WG_ESTATE); /* LA-LOS-02: 30 paces off */
    wg_ctx_free(ctx);
}
END_TEST

#define MASK_LINE "unit French Mask type=line-fusiliers companies=4x3 formation=line front=12 at=500,380 facing=0,1 order=hold\n"
#define MASK_SKIRMISH "unit French Mask type=voltigeurs companies=2x6 formation=skirmish front=12 at=500,380 facing=0,1 order=hold\n"
#define MASK_CAVALRY "unit French Mask type=hussars companies=3x4 formation=line front=12 at=500,380 facing=0,1 order=hold\n"
#define RED_COLUMN "unit Austrians Red type=line-fusiliers companies=4x3 formation=division front=4 at=500,450 facing=0,-1 order=hold\n"
#define RED_HUSSARS "unit Austrians Red type=hussars companies=2x4 formation=line front=8 at=500,450 facing=0,-1 order=hold\n"
#define BLUE_HUSSARS "unit French Blue type=hussars companies=2x4 formation=line front=8 at=500,300 facing=0,1 order=hold\n"
#define BLUE_GUNS "unit French Blue type=foot-battery companies=3x2 formation=in-battery front=6 at=500,300 facing=0,1 order=deny zone=500,500 radius=100\n"

START_TEST(test_sight_masking)
{
    wg_ctx *ctx = wga_ctx();
    /* an infantry line masks a unit in line behind it, not a column, never cavalry (LA-LOS-05) */
    ck_assert_int_eq(fire_odds(ctx, NULL, BLUE RED MASK_LINE), WG_ESTATE);        /* LA-LOS-05, LA-LOS-07 */
    ck_assert_int_eq(fire_odds(ctx, NULL, BLUE RED_COLUMN MASK_LINE), WG_OK);     /* LA-LOS-05 */
    ck_assert_int_eq(fire_odds(ctx, NULL, BLUE RED_HUSSARS MASK_LINE), WG_OK);    /* LA-LOS-05 */
    /* skirmishers never mask (LA-LOS-05) */
    ck_assert_int_eq(fire_odds(ctx, NULL, BLUE RED MASK_SKIRMISH), WG_OK);        /* LA-LOS-05 */
    /* cavalry masks whatever stands behind it, from infantry and from artillery (LA-LOS-04, -05) */
    ck_assert_int_eq(fire_odds(ctx, NULL, BLUE RED MASK_CAVALRY), WG_ESTATE);     /* LA-LOS-05 */
    ck_assert_int_eq(fire_odds(ctx, NULL, BLUE RED_COLUMN MASK_CAVALRY), WG_ESTATE); /* LA-LOS-04 */
    ck_assert_int_eq(fire_odds(ctx, NULL, BLUE_GUNS RED), WG_OK);
    ck_assert_int_eq(fire_odds(ctx, NULL, BLUE_GUNS RED MASK_CAVALRY), WG_ESTATE); /* LA-LOS-04 */
    /* cavalry sees over infantry and over cavalry (LA-LOS-04) */
    ck_assert_int_eq(fire_odds(ctx, NULL, BLUE_HUSSARS RED MASK_LINE), WG_OK);     /* LA-LOS-04 */
    ck_assert_int_eq(fire_odds(ctx, NULL, BLUE_HUSSARS RED MASK_CAVALRY), WG_OK);  /* LA-LOS-04 */
    wg_ctx_free(ctx);
}
END_TEST

/* Blue on a hill (level 1 up to y = 305), a friendly line below it facing the enemy at `gap` paces. */
static int over_slope(wg_ctx *ctx, int gap, int hill)
{
    char units[1024];
    snprintf(units, sizeof units,
             BLUE RED "unit French Mask type=line-fusiliers companies=4x3 formation=line front=12 at=500,%d "
                      "facing=0,-1 order=hold\n",
             300 + gap);
    return fire_odds(ctx, hill ? "area hill name=Hill level=1 0,0 2600,0 2600,305 0,305\n" : NULL, units);
}

START_TEST(test_sight_from_a_slope)
{
    wg_ctx *ctx = wga_ctx();
    /* a unit on a slope fires over the units below it 20 paces off or more (LA-LOS-08) */
    ck_assert_int_eq(over_slope(ctx, 35, 0), WG_ESTATE); /* on the flat the line masks */
    ck_assert_int_eq(over_slope(ctx, 35, 1), WG_OK);     /* LA-LOS-08 */
    ck_assert_int_eq(over_slope(ctx, 20, 1), WG_OK);     /* LA-LOS-08 */
    ck_assert_int_eq(over_slope(ctx, 19, 1), WG_ESTATE); /* LA-LOS-08 */
    wg_ctx_free(ctx);
}
END_TEST

START_TEST(test_fire_arcs_and_formations)
{
    wg_ctx *ctx = wga_ctx();
    /* a square fires in an arc of 45 degrees, a column in one of 22.5: a target 25 to 45 degrees off
       (LA-FORM-19) */
    const char *off = "unit Austrians Red type=line-fusiliers companies=4x3 formation=division front=4 at=645,420 "
                      "facing=0,-1 order=hold\n";
    char units[1024];
    snprintf(units, sizeof units,
             "unit French Blue type=grenadiers companies=4x3 formation=hollow-square front=3 at=500,300 facing=0,1 "
             "order=hold\n%s", off);
    ck_assert_int_eq(fire_odds(ctx, NULL, units), WG_OK); /* LA-FORM-19 */
    snprintf(units, sizeof units,
             "unit French Blue type=grenadiers companies=4x3 formation=division front=3 at=500,300 facing=0,1 "
             "order=hold\n%s", off);
    ck_assert_int_eq(fire_odds(ctx, NULL, units), WG_ESTATE); /* LA-FORM-19 */
    /* the fire value is the army list's (LA-UNIT-15): fusiliers 3, voltigeurs 4 */
    ck_assert_int_eq(fire_odds(ctx, NULL, BLUE RED), WG_OK);
    wga_odds_has("\"name\":\"value\",\"value\":3"); /* LA-UNIT-15 */
    /* close order: no modifier for the target's order (LA-FORM-02) */
    ck_assert_msg(strstr(wga_odds_buf, "T12-") == NULL, "close order modified: %s", wga_odds_buf); /* LA-FORM-02 */
    ck_assert_int_eq(fire_odds(ctx, NULL,
                               "unit French Blue type=voltigeurs companies=4x3 formation=line front=12 at=500,300 "
                               "facing=0,1 order=hold\n" RED),
                     WG_OK);
    wga_odds_has("\"name\":\"value\",\"value\":4"); /* LA-UNIT-15 */
    /* dispersed order: -3 skirmishers, -2 foragers (LA-FORM-03) */
    ck_assert_int_eq(fire_odds(ctx, NULL,
                               BLUE "unit Austrians Red type=voltigeurs companies=2x4 formation=skirmish front=8 "
                                    "at=500,450 facing=0,-1 order=hold\n"),
                     WG_OK);
    wga_odds_has("\"name\":\"T12-fire-common\",\"value\":-3,\"text\":\"target-skirmish\""); /* LA-FORM-03 */
    ck_assert_int_eq(fire_odds(ctx, NULL,
                               BLUE "unit Austrians Red type=hussars companies=2x4 formation=foraging front=8 "
                                    "at=500,450 facing=0,-1 order=hold\n"),
                     WG_OK);
    wga_odds_has("\"name\":\"T12-fire-common\",\"value\":-2,\"text\":\"target-foragers\""); /* LA-FORM-03 */
    /* a massed column: +1 (LA-FORM-07) */
    ck_assert_int_eq(fire_odds(ctx, NULL,
                               BLUE "unit Austrians Red type=line-fusiliers companies=4x3 formation=mass front=4 "
                                    "at=500,450 facing=0,-1 order=hold\n"),
                     WG_OK);
    wga_odds_has("\"name\":\"T12-fire-common\",\"value\":1,\"text\":\"target-in-mass\""); /* LA-FORM-07 */
    /* a double line counts as a column: light arms +1 (LA-FORM-09, G-23) */
    ck_assert_int_eq(fire_odds(ctx, NULL,
                               BLUE "unit Austrians Red type=line-fusiliers companies=4x3 formation=double-line "
                                    "front=6 at=500,450 facing=0,-1 order=hold\n"),
                     WG_OK);
    wga_odds_has("\"value\":1,\"text\":\"target-more-than-one-rank-or-square\""); /* LA-FORM-09 */
    /* round shot: -2 at a line (LA-FORM-08), +1 at a double line (LA-FORM-09, G-24), +1 a rank at a
       column */
#define GUNS_FAR "unit French Blue type=foot-battery companies=3x2 formation=in-battery front=6 at=500,200 facing=0,1 order=deny zone=500,500 radius=100\n"
    ck_assert_int_eq(fire_odds(ctx, NULL,
                               GUNS_FAR "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 "
                                        "at=500,500 facing=0,-1 order=hold\n"),
                     WG_OK);
    wga_odds_has("\"name\":\"T14-fire-round-shot\",\"value\":-2,\"text\":\"target-in-line\""); /* LA-FORM-08 */
    ck_assert_int_eq(fire_odds(ctx, NULL,
                               GUNS_FAR "unit Austrians Red type=line-fusiliers companies=4x3 formation=double-line "
                                        "front=6 at=500,500 facing=0,-1 order=hold\n"),
                     WG_OK);
    wga_odds_has("\"name\":\"T14-fire-round-shot\",\"value\":1,\"text\":\"per-rank\""); /* LA-FORM-09 */
    ck_assert_int_eq(fire_odds(ctx, NULL,
                               GUNS_FAR "unit Austrians Red type=line-fusiliers companies=4x3 formation=division "
                                        "front=4 at=500,500 facing=0,-1 order=hold\n"),
                     WG_OK);
    wga_odds_has("\"name\":\"T14-fire-round-shot\",\"value\":3,\"text\":\"per-rank\""); /* LA-FORM-09 */
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- movement */

START_TEST(test_turns_and_speeds)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = battle(
        ctx, "area village name=Hamlet blocks-sight hard-cover 1850,320 1950,320 1950,400 1850,400\n",
        "unit French Sq type=hussars companies=1x4 formation=line front=4 at=300,300 facing=0,1 order=hold\n"
        "unit French Rg type=hussars companies=2x4 formation=line front=8 at=700,300 facing=0,1 order=hold\n"
        "unit French Ec type=hussars companies=2x4 formation=echelon front=8 at=1100,300 facing=0,1 order=hold\n"
        "unit French Ck type=cossacks companies=2x4 formation=irregular-mass front=8 at=1500,300 facing=0,1 "
        "order=hold\n"
        "unit French Sp type=sappers companies=2x3 formation=march front=2 at=1900,300 facing=0,1 order=defend "
        "zone=1900,400 radius=100\n" FAR_ENEMY);
    for (int k = 0; k < 5; k++)
        wgp_choose(g, "movement marker");
    wgp_choose(g, "Z: none marker");
    /* a squadron of manoeuvre A on its own turns freely: a quarter-turn in place (LA-MOVE-18) */
    WGA_ASSERT_DECISION(g, "commits the move of Sq");
    ck_assert_int_eq(wga_wheel_to(g, 0, 1000, 0), WG_OK); /* LA-MOVE-18 */
    /* a regiment of two squadrons wheels about a fixed figure: 90 degrees is 247 paces for its outer
       figure, more than its 110 */
    WGA_ASSERT_DECISION(g, "commits the move of Rg");
    WGA_ASSERT_REFUSED(wga_wheel_to(g, 0, 1000, 0), g, "a wheel of 247 paces for the outer figure exceeds the 110 paces left");
    wgp_choose(g, "Rg: advance half");
    /* echelon moves at its own speed with a front of 8, not at line speed (LA-FORM-21, LA-MOVE-03) */
    WGA_ASSERT_DECISION(g, "commits the move of Ec");
    WGA_ASSERT_REFUSED(wga_move_to(g, 1100 * 100, 441 * 100), g, "141 paces exceeds the 140 paces left",
                   "the echelon speed is 280 a period"); /* LA-FORM-21 */
    ck_assert_int_eq(wga_move_to(g, 1100 * 100, 440 * 100), WG_OK);
    /* irregulars are exempt from the line-speed threshold (LA-UNIT-23) */
    WGA_ASSERT_DECISION(g, "commits the move of Ck");
    WGA_ASSERT_REFUSED(wga_move_to(g, 1500 * 100, 451 * 100), g, "151 paces exceeds the 150 paces left",
                   "the irregular speed is 300 a period"); /* LA-UNIT-23 */
    ck_assert_int_eq(wga_move_to(g, 1500 * 100, 450 * 100), WG_OK);
    /* engineers are infantry: they enter a house at half speed (LA-UNIT-07, LA-TERRAIN-25) */
    WGA_ASSERT_DECISION(g, "commits the move of Sp");
    WGA_ASSERT_REFUSED(wga_move_to(g, 1900 * 100, 359 * 100), g, "59 paces costs 98 with the terrain", "the 75 paces left");
    ck_assert_int_eq(wga_move_to(g, 1900 * 100, 340 * 100), WG_OK); /* LA-UNIT-07 */
    WGA_ASSERT_DECISION(g, "half-period 2");
    ck_assert_int_eq(wga_attr(g, 0, "facing_x"), 1000); /* LA-MOVE-18 */
    ck_assert_int_eq(wga_attr(g, 0, "facing_y"), 0);
    ck_assert_int_eq(wga_attr(g, 0, "x"), 300);
    ck_assert_int_eq(wga_attr(g, 0, "y"), 300);
    ck_assert_int_eq(wga_attr(g, 2, "y"), 440); /* LA-FORM-21 */
    ck_assert_int_eq(wga_attr(g, 3, "y"), 450); /* LA-UNIT-23 */
    ck_assert_int_eq(wga_attr(g, 4, "y"), 340); /* LA-UNIT-07 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- terrain */

START_TEST(test_terrain_on_the_way)
{
    wg_ctx *ctx = wga_ctx();
    const char *features = "area hill name=Hill level=1 100,400 300,400 300,700 100,700\n"
                           "area hill name=Knoll level=1 400,400 600,400 600,700 400,700\n"
                           "line river name=Rhine 700,400 1400,400\n"
                           "line road name=Road 1200,0 1200,1200\n"
                           "line wall name=Wall 1450,400 1750,400\n"
                           "area field name=Wheat 1900,400 2100,400 2100,600 1900,600\n"
                           "area rocky name=Scree 2250,400 2450,400 2450,600 2250,600\n";
    wg_game *g = battle(
        ctx, features,
        "unit French Hi type=line-fusiliers companies=4x3 formation=division front=4 at=200,380 facing=0,1 "
        "order=hold\n"
        "unit French Ar type=foot-battery companies=3x2 formation=limbered front=2 at=500,380 facing=0,1 "
        "order=support target=Hi\n"
        "unit French Rv type=line-fusiliers companies=4x3 formation=division front=4 at=800,380 facing=0,1 "
        "order=hold\n"
        "unit French Br type=line-fusiliers companies=4x3 formation=division front=4 at=1200,380 facing=0,1 "
        "order=hold\n"
        "unit French Sk type=voltigeurs companies=2x3 formation=skirmish front=6 at=1600,380 facing=0,1 "
        "order=hold\n"
        "unit French Fd type=line-fusiliers companies=4x3 formation=division front=4 at=2000,380 facing=0,1 "
        "order=hold\n"
        "unit French Rk type=line-fusiliers companies=4x3 formation=division front=4 at=2350,380 facing=0,1 "
        "order=hold\n"
        "unit Austrians Z type=line-fusiliers companies=4x3 formation=line front=12 at=1000,1150 facing=0,-1 "
        "order=hold\n");
    for (int k = 0; k < 7; k++)
        wgp_choose(g, "movement marker");
    wgp_choose(g, "Z: none marker");
    /* a hill does not slow infantry (LA-TERRAIN-02) */
    WGA_ASSERT_DECISION(g, "commits the move of Hi");
    ck_assert_int_eq(wga_move_to(g, 200 * 100, 440 * 100), WG_OK); /* LA-TERRAIN-02: 60 paces, 40 uphill */
    /* artillery goes uphill at half speed: 20 paces and 31 on the slope cost 82 of its 75
       (LA-TERRAIN-02) */
    WGA_ASSERT_DECISION(g, "commits the move of Ar");
    WGA_ASSERT_REFUSED(wga_move_to(g, 500 * 100, 431 * 100), g, "an advance of 51 paces costs 82 with the terrain",
                   "the 75 paces left"); /* LA-TERRAIN-02 */
    ck_assert_int_eq(wga_move_to(g, 500 * 100, 420 * 100), WG_OK);
    /* a river is crossed at a bridge only (LA-TERRAIN-16) */
    WGA_ASSERT_DECISION(g, "commits the move of Rv");
    WGA_ASSERT_REFUSED(wga_move_to(g, 800 * 100, 420 * 100), g, "the river 'Rhine'", "LA-TERRAIN-16"); /* LA-TERRAIN-16 */
    WGA_ASSERT_NO_OPTION(g, "Rv: advance");
    wgp_choose(g, "Rv: wheel left");
    WGA_ASSERT_DECISION(g, "commits the move of Br");
    ck_assert_int_eq(wga_move_to(g, 1200 * 100, 420 * 100), WG_OK); /* LA-TERRAIN-16: where the road crosses */
    /* skirmishers cross a wall for 20 paces (LA-TERRAIN-23) */
    WGA_ASSERT_DECISION(g, "commits the move of Sk");
    WGA_ASSERT_REFUSED(wga_move_to(g, 1600 * 100, 471 * 100), g, "an advance of 91 paces costs 111 with the terrain",
                   "the 90 paces left"); /* LA-TERRAIN-23 */
    ck_assert_int_eq(wga_move_to(g, 1600 * 100, 450 * 100), WG_OK);
    /* a field is entered at full speed (LA-TERRAIN-35) */
    WGA_ASSERT_DECISION(g, "commits the move of Fd");
    ck_assert_int_eq(wga_move_to(g, 2000 * 100, 440 * 100), WG_OK); /* LA-TERRAIN-35 */
    /* rocky ground: close infantry at half speed (LA-TERRAIN-34) */
    WGA_ASSERT_DECISION(g, "commits the move of Rk");
    WGA_ASSERT_REFUSED(wga_move_to(g, 2350 * 100, 421 * 100), g, "an advance of 41 paces costs 62 with the terrain",
                   "the 60 paces left"); /* LA-TERRAIN-34 */
    ck_assert_int_eq(wga_move_to(g, 2350 * 100, 420 * 100), WG_OK);
    WGA_ASSERT_DECISION(g, "half-period 2");
    ck_assert_int_eq(wga_attr(g, 0, "y"), 440); /* LA-TERRAIN-02 */
    ck_assert_str_eq(wga_text(g, 0, "cohesion"), "formed");
    ck_assert_int_eq(wga_attr(g, 1, "y"), 420);
    ck_assert_int_eq(wga_attr(g, 2, "y"), 380); /* LA-TERRAIN-16 */
    ck_assert_int_eq(wga_attr(g, 3, "y"), 420); /* LA-TERRAIN-16 */
    ck_assert_int_eq(wga_attr(g, 4, "y"), 450); /* LA-TERRAIN-23 */
    ck_assert_str_eq(wga_text(g, 4, "cohesion"), "formed");
    ck_assert_int_eq(wga_attr(g, 5, "y"), 440);
    ck_assert_str_eq(wga_text(g, 5, "cohesion"), "disorganised"); /* LA-TERRAIN-35, LA-DISORG-09 */
    ck_assert_int_eq(wga_attr(g, 6, "y"), 420);
    ck_assert_str_eq(wga_text(g, 6, "cohesion"), "disorganised"); /* LA-TERRAIN-34, LA-DISORG-09 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- cohesion */

START_TEST(test_reform_and_reorganise)
{
    wg_ctx *ctx = wga_ctx();
    const char *features = "area rocky name=Scree 100,310 1700,310 1700,500 100,500\n"
                           "line stream name=Brook 1750,320 2300,320\n";
    wg_game *g = battle(
        ctx, features,
        "unit French Ft type=foot-battery companies=3x2 formation=limbered front=2 at=200,300 facing=0,1 "
        "order=deny zone=1000,1000 radius=100\n"
        "unit French Hs type=horse-battery companies=3x2 formation=limbered front=2 at=450,300 facing=0,1 "
        "order=deny zone=1000,1000 radius=100\n"
        "unit French Sq type=hussars companies=1x2 formation=line front=2 at=700,300 facing=0,1 order=hold\n"
        "unit French Rg type=hussars companies=2x4 formation=line front=8 at=950,300 facing=0,1 order=hold\n"
        "unit French Dg type=dragoons companies=3x4 formation=march front=2 at=1250,300 facing=0,1 order=hold\n"
        "unit French Ri type=line-fusiliers companies=4x3 formation=division front=4 at=1450,300 facing=0,1 "
        "order=hold\n"
        "unit French Rs type=voltigeurs companies=2x3 formation=skirmish front=6 at=1610,300 facing=0,1 "
        "order=hold\n"
        "unit French St type=line-fusiliers companies=4x3 formation=division front=4 at=1850,300 facing=0,1 "
        "order=hold\n"
        "unit French S2 type=line-fusiliers companies=4x3 formation=division front=4 at=2100,300 facing=0,1 "
        "order=hold\n" FAR_ENEMY);
    /* period 1: into the scree and across the brook */
    for (int k = 0; k < 9; k++)
        wgp_choose(g, "movement marker");
    wgp_choose(g, "Z: none marker");
    static const char *const names[] = {"Ft", "Hs", "Sq", "Rg", "Dg", "Ri", "Rs", "St", "S2"};
    static const int xs[] = {200, 450, 700, 950, 1250, 1450, 1610, 1850, 2100};
    for (int k = 0; k < 9; k++) {
        char d[64];
        snprintf(d, sizeof d, "commits the move of %s", names[k]);
        WGA_ASSERT_DECISION(g, d);
        ck_assert_int_eq(wga_move_to(g, xs[k] * 100, (k >= 7 ? 330 : 320) * 100), WG_OK);
    }
    wga_halt_all(g);
    WGA_ASSERT_DECISION(g, "period 2, phase 1");
    /* rocky ground: cavalry and artillery without formation, close infantry disorganised, skirmishers
       untouched (LA-TERRAIN-34, LA-DISORG-09); the brook disorganises (LA-DISORG-09) */
    for (int k = 0; k < 5; k++)
        ck_assert_str_eq(wga_text(g, (size_t)k, "cohesion"), "without formation"); /* LA-TERRAIN-34 */
    ck_assert_str_eq(wga_text(g, 5, "cohesion"), "disorganised"); /* LA-TERRAIN-34, LA-DISORG-09 */
    ck_assert_str_eq(wga_text(g, 6, "cohesion"), "formed");       /* LA-TERRAIN-34 */
    ck_assert_str_eq(wga_text(g, 7, "cohesion"), "disorganised"); /* LA-DISORG-09 */
    ck_assert_str_eq(wga_text(g, 8, "cohesion"), "disorganised");
    /* period 2: the remedies of the cohesion ladder, as changes of formation (LA-DISORG-01) */
    for (int k = 0; k < 5; k++)
        wgp_choose(g, "change of formation marker");
    wgp_choose(g, "Ri: none marker");
    wgp_choose(g, "Rs: none marker");
    wgp_choose(g, "St: change of formation marker");
    wgp_choose(g, "S2: change of formation marker");
    wgp_choose(g, "Z: none marker");
    size_t e = wgp_event_count(g);
    WGA_ASSERT_DECISION(g, "commits the move of Ft");
    WGA_ASSERT_OPTION(g, "Ft: change formation to limbered"); /* LA-DISORG-01: re-form in its own formation */
    WGA_ASSERT_OPTION(g, "Ft: change formation to in-battery");
    wgp_choose(g, "Ft: change formation to limbered");
    wgp_choose(g, "Hs: change formation to limbered");
    wgp_choose(g, "Sq: change formation to line");
    wgp_choose(g, "Rg: change formation to line");
    wgp_choose(g, "Dg: change formation to line");
    WGA_ASSERT_DECISION(g, "commits the move of St");
    WGA_ASSERT_OPTION(g, "St: change formation to division"); /* LA-DISORG-01: reorganise in its own formation */
    wgp_choose(g, "St: change formation to division");
    wgp_choose(g, "S2: change formation to attack");
    WGA_ASSERT_DECISION(g, "half-period 2");
    /* re-forming: T5's last row, foot 1 period, horse 1/2 (LA-FORMTIME-07) */
    (size_t)wga_event(g, e, "Ft begins to form limbered (2 half-periods)"); /* LA-FORMTIME-07 */
    (size_t)wga_event(g, e, "Hs begins to form limbered (1 half-period)");  /* LA-FORMTIME-07 */
    /* a squadron of 2 figures re-forms in one period whatever its manoeuvre (LA-FORMTIME-08); the
       regiment in the 1/2 period of the sample T4 */
    (size_t)wga_event(g, e, "Sq begins to form line (2 half-periods)"); /* LA-FORMTIME-08 */
    (size_t)wga_event(g, e, "Rg begins to form line (1 half-period)");
    /* re-forming with a change: the longer time, 1 1/2 for march to line at B, not the sum
       (LA-FORMTIME-19) */
    (size_t)wga_event(g, e, "Dg begins to form line (3 half-periods)"); /* LA-FORMTIME-19 */
    /* reorganising takes a half-period (LA-DISORG-02) */
    (size_t)wga_event(g, e, "St begins to form division (1 half-period)"); /* LA-DISORG-02 */
    (size_t)wga_event(g, e, "S2 begins to form attack (2 half-periods)");
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "formed"); /* LA-FORMTIME-07 */
    ck_assert_str_eq(wga_text(g, 3, "cohesion"), "formed");
    ck_assert_str_eq(wga_text(g, 2, "cohesion"), "without formation"); /* LA-FORMTIME-08 */
    ck_assert_str_eq(wga_text(g, 0, "cohesion"), "without formation"); /* LA-FORMTIME-07 */
    size_t r = (size_t)wga_event(g, e, "St stands in division");
    ck_assert_str_eq(wga_rule(g, r), "LA-DISORG-02");
    ck_assert_str_eq(wga_text(g, 7, "cohesion"), "formed"); /* LA-DISORG-02 */
    ck_assert_str_eq(wga_text(g, 8, "cohesion"), "disorganised");
    wga_halt_all(g);
    WGA_ASSERT_DECISION(g, "period 3, phase 1");
    ck_assert_str_eq(wga_text(g, 0, "cohesion"), "formed"); /* LA-FORMTIME-07 */
    ck_assert_str_eq(wga_text(g, 2, "cohesion"), "formed"); /* LA-FORMTIME-08 */
    /* a change of formation reorganises (LA-DISORG-02) */
    ck_assert_str_eq(wga_text(g, 8, "formation"), "attack");
    ck_assert_str_eq(wga_text(g, 8, "cohesion"), "formed"); /* LA-DISORG-02 */
    /* the dragoons form line in the first half of period 3 */
    ck_assert_str_eq(wga_text(g, 4, "formation"), "march"); /* LA-FORMTIME-19 */
    ck_assert_str_eq(wga_text(g, 4, "cohesion"), "without formation");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* French charger A (`charger`) and Austrian C (`target`) 320 paces apart: in period 1 C begins a change
   of formation to line (`change` none: it stays), in period 2 A charges it; returns the game at the
   first decision after the contact. */
static wg_game *charged_while_changing(wg_ctx *ctx, const char *charger, const char *target, int change)
{
    char units[1024];
    snprintf(units, sizeof units, "%s%s", charger, target);
    wg_game *g = battle(ctx, NULL, units);
    wgp_choose(g, "A: none marker");
    wgp_choose(g, change ? "C: change of formation marker" : "C: none marker");
    if (change)
        wgp_choose(g, "C: change formation to line");
    wga_halt_all(g);
    WGA_ASSERT_DECISION(g, "period 2, phase 1: French places the marker of A");
    wgp_choose(g, "A: charge marker");
    if (!change)
        wgp_choose(g, "C: none marker");
    wgp_choose(g, "A charges C");
    wga_obey(g);
    if (wga_has_decision(g, "its reaction"))
        wgp_choose(g, "C stands");
    wga_halt_all(g);
    return g;
}

START_TEST(test_contact_out_of_formation)
{
    wg_ctx *ctx = wga_ctx();
    const char *hussars = "unit French A type=hussars companies=2x4 formation=line front=8 at=600,380 facing=0,1 "
                          "order=attack toward=600,900\n";
    const char *column = "unit Austrians C type=line-fusiliers companies=4x3 formation=march front=2 at=600,700 "
                         "facing=0,-1 order=hold\n";
    /* contacted by an effective cavalry charge during its change of formation, the column fights in
       disorder (LA-DISORG-03) */
    wg_game *g = charged_while_changing(ctx, hussars, column, 1);
    size_t c = (size_t)wga_event(g, 0, "A contacts C on its front: an effective charge");
    ck_assert_str_eq(wga_rule(g, c), "LA-DISORG-03"); /* LA-DISORG-03 */
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "in disorder"); /* LA-DISORG-03 */
    wg_game_free(g);
    /* formed infantry meeting charging cavalry enters the melee in disorder too (LA-DISORG-04) */
    g = charged_while_changing(ctx, hussars, column, 0);
    c = (size_t)wga_event(g, 0, "A contacts C on its front: an effective charge");
    ck_assert_str_eq(wga_rule(g, c), "LA-DISORG-04"); /* LA-DISORG-04 */
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "in disorder"); /* LA-DISORG-04 */
    ck_assert_str_eq(wga_text(g, 0, "cohesion"), "formed");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("aigles_table");
    TCase *tc = tcase_create("table");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_bases_at_both_scales);
    tcase_add_test(tc, test_scale_distances);
    tcase_add_test(tc, test_formations_refused);
    tcase_add_test(tc, test_formations_offered);
    tcase_add_test(tc, test_formation_times);
    tcase_add_test(tc, test_sight_over_terrain);
    tcase_add_test(tc, test_sight_masking);
    tcase_add_test(tc, test_sight_from_a_slope);
    tcase_add_test(tc, test_fire_arcs_and_formations);
    tcase_add_test(tc, test_turns_and_speeds);
    tcase_add_test(tc, test_terrain_on_the_way);
    tcase_add_test(tc, test_reform_and_reorganise);
    tcase_add_test(tc, test_contact_out_of_formation);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    int rc = wgt_run(suite());
    free(army);
    return rc;
}

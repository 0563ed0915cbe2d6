/* Les Aigles tactical factors proven by play through the public API: the fire factors of T12-T14, the
   melee factors of T15-T19 and the morale factors of T20-T26 with the order bonuses of G-58, each read
   from the odds (wg_game_odds: verbs fire, melee, morale) as a modifier named by its table, with its
   row and printed value, present in the position that has the circumstance and absent in the control
   position without it; where a fire, a melee or a test is then played, its losses or total are the
   ones those factors imply.  Every position is built from host documents written here (a table with
   the terrain needed, a battle of a few units of the sample army list), and every circumstance that
   depends on play (a charge, a melee lost or won, fatigue, a rout, losses this period) is reached by
   playing it: markers, charges into contact and dice "die N".  The loss table's cells are the sample
   completion's: floor((3 n f + 5) / 10) losses for a factor f > 0 and n figures.  Checklist items are
   cited next to the assertions that prove them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgaigles.h"
#include "wgplay.h"

/* ---------------------------------------------------------------- positions */

/* A 1600 x 1000 pace table of open ground with, side by side along y = 600..900, an orchard in light
   cover, a walled farm in hard cover, a village and a redoubt (hard cover both), none blocking
   sight; and a wood that blocks sight at x = 1100..1300, y = 150..250. */
static const char *const TABLE = "wgdata 1 map\n"
                                 "grid table 1600 1000\n"
                                 "terrain open wood village field redoubt\n"
                                 "flag blocks-sight light-cover hard-cover\n"
                                 "linetype road stream crest hedge\n"
                                 "area open name=Open 0,0 1600,0 1600,1000 0,1000\n"
                                 "area open name=Orchard light-cover 0,600 300,600 300,900 0,900\n"
                                 "area open name=Farm hard-cover 350,600 650,600 650,900 350,900\n"
                                 "area village name=Hamlet hard-cover 700,600 1000,600 1000,900 700,900\n"
                                 "area redoubt name=Fort hard-cover 1050,600 1350,600 1350,900 1050,900\n"
                                 "area wood name=Wood blocks-sight light-cover 1100,150 1300,150 1300,250 1100,250\n";

static char *army;

static int try_position(wg_game **out, wg_ctx *ctx, const char *options, const char *body, int periods)
{
    char battle[8192];
    snprintf(battle, sizeof battle,
             "wgdata 1 aigles-battle\ntitle \"test position\"\nscale 25\nperiods %d\nside French\nside Austrians\n%s",
             periods ? periods : 4, body);
    if (!army)
        army = wgp_read_source("data/aigles/sample-army.wgd", NULL);
    wgp_doc docs[] = {{"army", army}, {"table", TABLE}, {"battle", battle}, {NULL, NULL}};
    return wgp_try_new(out, ctx, "aigles", "crossroads", options, 1, docs);
}

static wg_game *position(wg_ctx *ctx, const char *options, const char *body)
{
    wg_game *g = NULL;
    int rc = try_position(&g, ctx, options, body, 0);
    ck_assert_msg(rc == WG_OK, "set-up: %s: %s", wg_status_str(rc), wg_ctx_errmsg(ctx));
    return g;
}

/* The die for the morale test asked now that gives the best result short of an uncontrolled advance
   (which would move the unit out of the position): read from the odds of the test, the results
   growing with the die. The test of piece 1 or 2 is caused by the other. */
static int calm_die(wg_game *g)
{
    static const char *const occ[] = {"before charging", "to receive a charge", "for a melee lost", "below 60%",
                                      "at the sight of a rout", "", "", "under fire for the first time", "for heavy fire",
                                      "to stop its rout", "", "at its third period"};
    const char *d = wgp_decision(g), *a = strstr(d, "the die of "), *b = strstr(d, "'s morale test ");
    if (!a || !b)
        return 6;
    char name[64];
    snprintf(name, sizeof name, "%.*s", (int)(b - a - 11), a + 11);
    int o = 3;
    for (int k = 0; k < 12; k++)
        if (occ[k][0] && strstr(b, occ[k]))
            o = k + 1;
    int p = wga_piece(g, name);
    ck_assert_int_ge(p, 0);
    int64_t id = 0;
    ck_assert_int_eq(wg_game_attr_int(&id, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, (size_t)p, "id"), WG_OK);
    char act[96];
    if (id == 1 || id == 2)
        snprintf(act, sizeof act, "morale unit=%lld occasion=%d from=%d", (long long)id, o, id == 1 ? 2 : 1);
    else
        snprintf(act, sizeof act, "morale unit=%lld occasion=%d", (long long)id, o);
    ck_assert_int_eq(wga_odds(g, act), WG_OK);
    const char *u = strstr(wga_odds_buf, "{\"label\":\"in uncontrolled advance\",\"weight\":");
    int w = u ? atoi(u + strlen("{\"label\":\"in uncontrolled advance\",\"weight\":")) : 0;
    return w >= 6 ? 1 : 6 - w;
}

/* Plays on with `prefs`, every morale test rolled `d` (0: the calm die), until the dice of a melee
   (phase 5) or of a fire are asked for, or the game ends. */
static void play_to_roll(wg_game *g, const char *const *prefs, int d)
{
    for (int guard = 0; guard < 40; guard++) {
        wga_drive(g, prefs, NULL);
        if (wga_over(g) || !strstr(wgp_decision(g), "morale test"))
            return;
        wga_die(g, d ? d : calm_die(g));
    }
    ck_abort_msg("play_to_roll: no roll reached");
}

/* The modifier of table `table`, row `row`, with the printed value `value`, is in the odds. */
static void mod_has(const char *table, int value, const char *row)
{
    char want[256];
    snprintf(want, sizeof want, "{\"name\":\"%s\",\"value\":%d,\"text\":\"%s\"", table, value, row);
    ck_assert_msg(strstr(wga_odds_buf, want) != NULL, "odds without %s: %s", want, wga_odds_buf);
}

/* No modifier of that table and row, whatever its value, is in the odds. */
static void mod_lacks(const char *table, const char *row)
{
    char want[256];
    const char *p = wga_odds_buf;
    snprintf(want, sizeof want, "\"text\":\"%s\"", row);
    while ((p = strstr(p, want)) != NULL) {
        const char *q = p;
        while (q > wga_odds_buf && *q != '{')
            q--;
        char name[128];
        snprintf(name, sizeof name, "{\"name\":\"%s\"", table);
        ck_assert_msg(strncmp(q, name, strlen(name)) != 0, "odds with %s %s: %s", table, row, wga_odds_buf);
        p += strlen(want);
    }
}

/* ---------------------------------------------------------------- tests */

/* The odds of `action` in a new position of `body`. */
static void position_odds(wg_ctx *ctx, const char *options, const char *body, const char *action)
{
    wg_game *g = position(ctx, options, body);
    wga_odds_ok(g, action);
    wg_game_free(g);
}

/* Red (piece 2) in a line of 12 at (X, 640) facing the French edge, Blue (piece 1) 60 paces before it. */
#define BLUE_AT(x) "unit French Blue type=line-fusiliers companies=4x3 formation=line front=12 at=" #x ",540 facing=0,1 order=hold\n"
#define RED_AT(x) "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=" #x ",640 facing=0,-1 order=hold\n"

/* T20: cover, formation and the arm faced, read from the table's area flags and terrain and from the
   unit that causes the test. */
START_TEST(test_morale_formation_and_cover)
{
    wg_ctx *ctx = wga_ctx();
    const char *t = "T20-morale-formation";
    /* in the open: no cover factor */
    position_odds(ctx, NULL, BLUE_AT(500) "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=500,340 facing=0,-1 order=hold\n",
                  "morale unit=2");
    mod_lacks(t, "light-cover-or-stream");
    mod_lacks(t, "hard-cover");
    mod_lacks(t, "construction");
    /* the orchard, light cover: +1 */
    position_odds(ctx, NULL, BLUE_AT(150) RED_AT(150), "morale unit=2");
    mod_has(t, 1, "light-cover-or-stream"); /* LA-MORALEFACT-01 */
    mod_lacks(t, "hard-cover");
    /* the walled farm, hard cover: +2 */
    position_odds(ctx, NULL, BLUE_AT(500) RED_AT(500), "morale unit=2");
    mod_has(t, 2, "hard-cover"); /* LA-MORALEFACT-02 */
    mod_lacks(t, "light-cover-or-stream");
    mod_lacks(t, "construction");
    /* the village and the redoubt, constructions: +3 and no more for their hard cover */
    position_odds(ctx, NULL, BLUE_AT(850) RED_AT(850), "morale unit=2");
    mod_has(t, 3, "construction"); /* LA-MORALEFACT-03 */
    mod_lacks(t, "hard-cover");
    position_odds(ctx, NULL, BLUE_AT(1200) RED_AT(1200), "morale unit=2");
    mod_has(t, 3, "construction"); /* LA-MORALEFACT-03 */
    mod_lacks(t, "hard-cover");
    wg_ctx_free(ctx);
}
END_TEST

#define HUSSARS "unit French Blue type=hussars companies=2x4 formation=line front=8 at=500,300 facing=0,1 order=hold\n"
#define FUSILIERS "unit French Blue type=line-fusiliers companies=4x3 formation=line front=12 at=500,300 facing=0,1 order=hold\n"

/* Red's formation against the cavalry or the infantry that causes the test. */
static void formation_odds(wg_ctx *ctx, const char *blue, const char *formation, int front)
{
    char body[1024];
    snprintf(body, sizeof body,
             "%sunit Austrians Red type=line-fusiliers companies=4x3 formation=%s front=%d at=500,450 facing=0,-1 order=hold\n", blue,
             formation, front);
    position_odds(ctx, NULL, body, "morale unit=2 occasion=2 from=1");
}

START_TEST(test_morale_formation_against_cavalry)
{
    wg_ctx *ctx = wga_ctx();
    const char *t = "T20-morale-formation";
    formation_odds(ctx, HUSSARS, "hollow-square", 6);
    mod_has(t, 2, "hollow-square-against-cavalry"); /* LA-MORALEFACT-04 */
    mod_lacks(t, "in-mass");
    formation_odds(ctx, FUSILIERS, "hollow-square", 6);
    mod_lacks(t, "hollow-square-against-cavalry"); /* LA-MORALEFACT-04: against infantry, nothing */
    formation_odds(ctx, HUSSARS, "solid-square", 4);
    mod_has(t, 1, "solid-square-against-cavalry"); /* LA-MORALEFACT-05 */
    formation_odds(ctx, FUSILIERS, "solid-square", 4);
    mod_lacks(t, "solid-square-against-cavalry");
    formation_odds(ctx, FUSILIERS, "mass", 4);
    mod_has(t, 1, "in-mass"); /* LA-MORALEFACT-06 */
    formation_odds(ctx, FUSILIERS, "division", 4);
    mod_lacks(t, "in-mass");
    formation_odds(ctx, HUSSARS, "line", 12);
    mod_has(t, -2, "line-against-cavalry"); /* LA-MORALEFACT-07 */
    formation_odds(ctx, FUSILIERS, "line", 12);
    mod_lacks(t, "line-against-cavalry");
    /* a unit wholly in dispersed order counts as a line */
    position_odds(ctx, NULL,
                  HUSSARS "unit Austrians Red type=voltigeurs companies=2x4 formation=skirmish front=8 at=500,450 facing=0,-1 order=hold\n",
                  "morale unit=2 occasion=2 from=1");
    mod_has(t, -2, "line-against-cavalry"); /* LA-MORALEFACT-07 */
    /* cavalry before a square -1; before a line nothing */
    position_odds(ctx, NULL,
                  HUSSARS "unit Austrians Red type=line-fusiliers companies=4x3 formation=hollow-square front=6 at=500,450 facing=0,-1 order=hold\n",
                  "morale unit=1 occasion=1 from=2");
    mod_has(t, -1, "cavalry-against-square"); /* LA-MORALEFACT-08 */
    position_odds(ctx, NULL, HUSSARS "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=500,450 facing=0,-1 order=hold\n",
                  "morale unit=1 occasion=1 from=2");
    mod_lacks(t, "cavalry-against-square");
    wg_ctx_free(ctx);
}
END_TEST

/* T21's charging rows (occasion 1) and the order bonuses of G-58. */
START_TEST(test_morale_charging_and_orders)
{
    wg_ctx *ctx = wga_ctx();
    const char *t = "T21-morale-circumstances";
    const char *red = "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=500,450 facing=0,-1 order=hold\n";
    char body[1024];
    snprintf(body, sizeof body, "%s%s", FUSILIERS, red);
    position_odds(ctx, NULL, body, "morale unit=1 occasion=1 from=2");
    mod_has(t, 1, "infantry-charging"); /* LA-MORALEFACT-12 */
    mod_lacks(t, "cavalry-charging");
    position_odds(ctx, NULL, body, "morale unit=1 occasion=3 from=2");
    mod_lacks(t, "infantry-charging");
    snprintf(body, sizeof body, "%s%s", HUSSARS, red);
    position_odds(ctx, NULL, body, "morale unit=1 occasion=1 from=2");
    mod_has(t, 2, "cavalry-charging"); /* LA-MORALEFACT-13 */
    mod_lacks(t, "infantry-charging");
    /* G-58: Hold, neither moved nor changed formation +1; Attack and charging +1 */
    position_odds(ctx, NULL, body, "morale unit=1 occasion=1 from=2");
    mod_has("orders", 1, "hold, neither moved nor changed formation (LA-ORDERS-07)"); /* LA-MORALEFACT-33 */
    mod_lacks("orders", "attack, charging (LA-ORDERS-04)");
    snprintf(body, sizeof body,
             "unit French Blue type=hussars companies=2x4 formation=line front=8 at=500,300 facing=0,1 order=attack toward=500,900\n%s",
             red);
    position_odds(ctx, NULL, body, "morale unit=1 occasion=1 from=2");
    mod_has("orders", 1, "attack, charging (LA-ORDERS-04)"); /* LA-MORALEFACT-33 */
    mod_lacks("orders", "hold, neither moved nor changed formation (LA-ORDERS-07)");
    position_odds(ctx, NULL, body, "morale unit=1 occasion=2 from=2");
    mod_lacks("orders", "attack, charging (LA-ORDERS-04)"); /* LA-MORALEFACT-33: only when charging */
    wg_ctx_free(ctx);
}
END_TEST

/* T22: the units counted within 300 paces, in sight. */
START_TEST(test_morale_friends_and_enemies)
{
    wg_ctx *ctx = wga_ctx();
    const char *t = "T22-morale-environment";
#define RED_C "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=500,450 facing=0,-1 order=hold\n"
    /* one enemy, no friend: -2 */
    position_odds(ctx, NULL, FUSILIERS RED_C, "morale unit=2");
    mod_has(t, -2, "more-enemies-than-friends"); /* LA-MORALEFACT-15 */
    mod_lacks(t, "more-friends-than-enemies");
    /* one friend, one enemy: nothing */
    position_odds(ctx, NULL,
                  FUSILIERS RED_C "unit Austrians Red2 type=line-fusiliers companies=4x3 formation=line front=12 at=500,600 facing=0,-1 order=hold\n",
                  "morale unit=2");
    mod_lacks(t, "more-enemies-than-friends");
    mod_lacks(t, "more-friends-than-enemies");
    /* two friends, one enemy: +2 */
    position_odds(ctx, NULL,
                  FUSILIERS RED_C "unit Austrians Red2 type=line-fusiliers companies=4x3 formation=line front=12 at=500,600 facing=0,-1 order=hold\n"
                  "unit Austrians Red3 type=line-fusiliers companies=4x3 formation=line front=12 at=150,500 facing=0,-1 order=hold\n",
                  "morale unit=2");
    mod_has(t, 2, "more-friends-than-enemies"); /* LA-MORALEFACT-14 */
    mod_lacks(t, "more-enemies-than-friends");
    /* a friend beyond 300 paces does not count */
    position_odds(ctx, NULL,
                  FUSILIERS RED_C "unit Austrians Red2 type=line-fusiliers companies=4x3 formation=line front=12 at=500,800 facing=0,-1 order=hold\n",
                  "morale unit=2");
    mod_has(t, -2, "more-enemies-than-friends"); /* LA-MORALEFACT-30: within 300 paces */
    /* an enemy 230 paces away behind the wood is not in sight and does not count; the same enemy in
       the open does */
    position_odds(ctx, NULL,
                  "unit French Blue type=line-fusiliers companies=4x3 formation=line front=12 at=1200,330 facing=0,-1 order=hold\n"
                  "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=1200,100 facing=0,1 order=hold\n",
                  "morale unit=2");
    mod_lacks(t, "more-enemies-than-friends"); /* LA-MORALEFACT-30: in sight */
    position_odds(ctx, NULL,
                  "unit French Blue type=line-fusiliers companies=4x3 formation=line front=12 at=800,330 facing=0,-1 order=hold\n"
                  "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=800,100 facing=0,1 order=hold\n",
                  "morale unit=2");
    mod_has(t, -2, "more-enemies-than-friends");
#undef RED_C
    wg_ctx_free(ctx);
}
END_TEST

/* Plays Blue's charge on Red (its owner's preferences `prefs`, every test the calm die) to the melee's
   dice. */
static wg_game *charge_position(wg_ctx *ctx, const char *options, const char *body, const char *const *prefs)
{
    static const char *const pc[] = {"Blue: charge marker", "Blue charges Red", NULL};
    wg_game *g = position(ctx, options, body);
    play_to_roll(g, prefs ? prefs : pc, 0);
    ck_assert_msg(strstr(wgp_decision(g), "phase 5: the die of") != NULL, "no melee: %s\n%s", wgp_decision(g),
                  wgp_events_dump(g, 0, WG_VIEW_REFEREE));
    return g;
}

/* The melee odds of Blue (1 at 2) or of Red (2 at 1) after Blue's charge in the position of body. */
static void melee_odds(wg_ctx *ctx, const char *body, const char *action)
{
    wg_game *g = charge_position(ctx, NULL, body, NULL);
    wga_odds_ok(g, action);
    wg_game_free(g);
}

#define CAV_AT(x) "unit French Blue type=hussars companies=2x4 formation=line front=8 at=" #x ",540 facing=0,1 order=hold\n"
#define RED_IN(x) "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=" #x ",610 facing=0,-1 order=hold\n"

/* T19: the opponent's position, read from the area under it; cavalry reads its own column. */
START_TEST(test_melee_opponent_position)
{
    wg_ctx *ctx = wga_ctx();
    const char *t = "T19-melee-opponent";
    melee_odds(ctx, BLUE_AT(1450) RED_IN(1450), "melee from=1 at=2");
    mod_lacks(t, "light-cover");
    mod_lacks(t, "hard-cover");
    melee_odds(ctx, BLUE_AT(150) RED_IN(150), "melee from=1 at=2");
    mod_has(t, -2, "light-cover"); /* LA-MELEEFACT-25 */
    melee_odds(ctx, CAV_AT(150) RED_IN(150), "melee from=1 at=2");
    mod_has(t, -4, "light-cover"); /* LA-MELEEFACT-25: cavalry */
    melee_odds(ctx, BLUE_AT(500) RED_IN(500), "melee from=1 at=2");
    mod_has(t, -3, "hard-cover"); /* LA-MELEEFACT-26 */
    melee_odds(ctx, CAV_AT(500) RED_IN(500), "melee from=1 at=2");
    mod_has(t, -6, "hard-cover"); /* LA-MELEEFACT-26: cavalry */
    melee_odds(ctx, BLUE_AT(850) RED_IN(850), "melee from=1 at=2");
    mod_has(t, -4, "village"); /* LA-MELEEFACT-27 */
    mod_lacks(t, "hard-cover");
    melee_odds(ctx, BLUE_AT(1200) RED_IN(1200), "melee from=1 at=2");
    mod_has(t, -5, "redoubt-or-fortified-village"); /* LA-MELEEFACT-27 */
    mod_lacks(t, "hard-cover");
    /* the side in the cover takes nothing for it */
    melee_odds(ctx, BLUE_AT(850) RED_IN(850), "melee from=2 at=1");
    mod_lacks(t, "village");
    /* cuirassiers: -1 to those who fight them */
    melee_odds(ctx, BLUE_AT(1450) "unit Austrians Red type=cuirassiers companies=2x4 formation=line front=8 at=1450,610 facing=0,-1 order=hold\n",
               "melee from=1 at=2");
    mod_has(t, -1, "cuirass-caparison-shield"); /* LA-MELEEFACT-29 */
    melee_odds(ctx, BLUE_AT(1450) "unit Austrians Red type=dragoons companies=2x4 formation=line front=8 at=1450,610 facing=0,-1 order=hold\n",
               "melee from=1 at=2");
    mod_lacks(t, "cuirass-caparison-shield");
    wg_ctx_free(ctx);
}
END_TEST

/* T16-T18: the formation and arm of each side at the first melee turn. */
START_TEST(test_melee_formations)
{
    wg_ctx *ctx = wga_ctx();
    const char *t16 = "T16-melee-infantry", *t17 = "T17-melee-cavalry";
#define OPEN_RED(f, front) "unit Austrians Red type=line-fusiliers companies=4x3 formation=" f " front=" #front " at=1450,610 facing=0,-1 order=hold\n"
    /* an infantry charge in column: +1 a rank beyond the first, at most 2 */
    melee_odds(ctx, "unit French Blue type=line-fusiliers companies=4x3 formation=division front=4 at=1450,540 facing=0,1 order=hold\n"
               OPEN_RED("line", 12), "melee from=1 at=2");
    mod_has(t16, 2, "per-rank-beyond-first"); /* LA-MELEEFACT-09 */
    /* 9 figures on a front of 4: a third rank of 1 figure is less than half the front, not a rank */
    melee_odds(ctx, "unit French Blue type=line-fusiliers companies=3x3 formation=division front=4 at=1450,540 facing=0,1 order=hold\n"
               OPEN_RED("line", 12), "melee from=1 at=2");
    mod_has(t16, 1, "per-rank-beyond-first"); /* LA-MELEEFACT-09, LA-MELEE-16 */
    /* 10 figures: a third rank of 2, half the front, counts */
    melee_odds(ctx, "unit French Blue type=line-fusiliers companies=2x5 formation=division front=4 at=1450,540 facing=0,1 order=hold\n"
               OPEN_RED("line", 12), "melee from=1 at=2");
    mod_has(t16, 2, "per-rank-beyond-first"); /* LA-MELEE-16 */
    /* a line charging, and the unit charged: nothing */
    melee_odds(ctx, BLUE_AT(1450) OPEN_RED("division", 4), "melee from=1 at=2");
    mod_lacks(t16, "per-rank-beyond-first");
    melee_odds(ctx, BLUE_AT(1450) OPEN_RED("division", 4), "melee from=2 at=1");
    mod_lacks(t16, "per-rank-beyond-first"); /* LA-MELEEFACT-09: ranks in the charge */
    /* infantry charged by cavalry, by its formation */
    melee_odds(ctx, CAV_AT(1450) OPEN_RED("line", 12), "melee from=2 at=1");
    mod_has(t16, -1, "line-against-cavalry"); /* LA-MELEEFACT-10 */
    melee_odds(ctx, BLUE_AT(1450) OPEN_RED("line", 12), "melee from=2 at=1");
    mod_lacks(t16, "line-against-cavalry");
    melee_odds(ctx, CAV_AT(1450) OPEN_RED("mass", 4), "melee from=2 at=1");
    mod_has(t16, 1, "massed-column-against-cavalry"); /* LA-MELEEFACT-11 */
    melee_odds(ctx, CAV_AT(1450) OPEN_RED("hollow-square", 6), "melee from=2 at=1");
    mod_has(t16, 2, "hollow-square-against-cavalry"); /* LA-MELEEFACT-12 */
    mod_lacks(t16, "solid-square-against-cavalry");
    melee_odds(ctx, CAV_AT(1450) OPEN_RED("solid-square", 4), "melee from=2 at=1");
    mod_has(t16, 1, "solid-square-against-cavalry"); /* LA-MELEEFACT-13 */
    mod_lacks(t16, "hollow-square-against-cavalry");
    /* the first turn against a square: no penalty yet for the cavalry */
    melee_odds(ctx, CAV_AT(1450) OPEN_RED("hollow-square", 6), "melee from=1 at=2");
    mod_lacks(t17, "light-against-unbroken-square");
    /* artillery: gunners in battery -2 and their opponent -1; limbered -4 */
    melee_odds(ctx, BLUE_AT(1450) "unit Austrians Red type=foot-battery companies=3x2 formation=in-battery front=6 at=1450,610 facing=0,-1 order=deny zone=1450,300 radius=100\n",
               "melee from=2 at=1");
    mod_has("T18-melee-artillery", -2, "gunners-in-battery"); /* LA-MELEEFACT-23 */
    melee_odds(ctx, BLUE_AT(1450) "unit Austrians Red type=foot-battery companies=3x2 formation=in-battery front=6 at=1450,610 facing=0,-1 order=deny zone=1450,300 radius=100\n",
               "melee from=1 at=2");
    mod_has("T15-melee-common", -1, "opposing-artillery-close-order"); /* LA-MELEEFACT-08 */
    melee_odds(ctx, BLUE_AT(1450) "unit Austrians Red type=foot-battery companies=3x2 formation=limbered front=2 at=1450,610 facing=0,-1 order=deny zone=1450,300 radius=100\n",
               "melee from=2 at=1");
    mod_has("T18-melee-artillery", -4, "gunners-limbered"); /* LA-MELEEFACT-24 */
    mod_lacks("T18-melee-artillery", "gunners-in-battery");
    melee_odds(ctx, BLUE_AT(1450) "unit Austrians Red type=foot-battery companies=3x2 formation=limbered front=2 at=1450,610 facing=0,-1 order=deny zone=1450,300 radius=100\n",
               "melee from=1 at=2");
    mod_lacks("T15-melee-common", "opposing-artillery-close-order");
    melee_odds(ctx, BLUE_AT(1450) OPEN_RED("line", 12), "melee from=1 at=2");
    mod_lacks("T15-melee-common", "opposing-artillery-close-order");
#undef OPEN_RED
    wg_ctx_free(ctx);
}
END_TEST

/* A charge into the flank or the rear: the attacker's bonus (T16, T17) and the threat in the morale of
   the unit attacked (T22). */
START_TEST(test_melee_flank_and_rear)
{
    wg_ctx *ctx = wga_ctx();
    /* Red faces east, its left flank toward Blue */
    const char *flank = "unit Austrians Red type=line-fusiliers companies=4x3 formation=division front=4 at=1450,620 facing=1,0 order=hold\n";
    const char *rear = "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=1450,600 facing=0,1 order=hold\n";
    char body[1024];
    snprintf(body, sizeof body, "%s%s", BLUE_AT(1450), flank);
    wg_game *g = charge_position(ctx, NULL, body, NULL);
    wga_odds_ok(g, "melee from=1 at=2");
    mod_has("T16-melee-infantry", 2, "attacking-flank-or-rear"); /* LA-MELEEFACT-15 */
    wga_odds_ok(g, "morale unit=2");
    mod_has("T22-morale-environment", -2, "enemy-on-the-flank"); /* LA-MORALEFACT-17 */
    mod_lacks("T22-morale-environment", "enemy-to-the-rear");
    wga_odds_ok(g, "morale unit=1");
    mod_lacks("T22-morale-environment", "enemy-on-the-flank");
    wg_game_free(g);
    snprintf(body, sizeof body, "%s%s", BLUE_AT(1450), rear);
    g = charge_position(ctx, NULL, body, NULL);
    wga_odds_ok(g, "melee from=1 at=2");
    mod_has("T16-melee-infantry", 2, "attacking-flank-or-rear"); /* LA-MELEEFACT-15 */
    wga_odds_ok(g, "morale unit=2");
    mod_has("T22-morale-environment", -3, "enemy-to-the-rear"); /* LA-MORALEFACT-16 */
    mod_lacks("T22-morale-environment", "enemy-on-the-flank");
    wg_game_free(g);
    snprintf(body, sizeof body, "%s%s", CAV_AT(1450), flank);
    g = charge_position(ctx, NULL, body, NULL);
    wga_odds_ok(g, "melee from=1 at=2");
    mod_has("T17-melee-cavalry", 3, "flank-or-rear-first-turn"); /* LA-MELEEFACT-20 */
    wg_game_free(g);
    /* a frontal charge: no bonus */
    g = charge_position(ctx, NULL, CAV_AT(1450) RED_IN(1450), NULL);
    wga_odds_ok(g, "melee from=1 at=2");
    mod_lacks("T17-melee-cavalry", "flank-or-rear-first-turn");
    wga_odds_ok(g, "morale unit=2");
    mod_lacks("T22-morale-environment", "enemy-on-the-flank");
    mod_lacks("T22-morale-environment", "enemy-to-the-rear");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

#define SECOND_LINE                                                                                                      \
    "unit French Blue2 type=line-fusiliers companies=4x3 formation=line front=12 at=1250,440 facing=0,1 order=hold\n"      \
    "unit Austrians Red2 type=line-fusiliers companies=4x3 formation=line front=12 at=1450,800 facing=0,-1 order=hold\n"   \
    "unit Austrians Red3 type=line-fusiliers companies=4x3 formation=line front=12 at=1450,900 facing=0,-1 order=hold\n"

/* Hussars reach a grenadier line without the run of an effective charge: infantry meeting cavalry
   fights without formation (LA-DISORG-04), in its fire, melee and morale. */
START_TEST(test_without_formation)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = position(ctx, NULL,
                          "unit French Blue type=hussars companies=1x4 formation=line front=4 at=1500,540 facing=0,1 order=hold\n"
                          "unit Austrians Red type=grenadiers companies=4x3 formation=line front=12 at=1450,610 facing=0,-1 order=hold\n" SECOND_LINE);
    /* formed before the contact */
    wga_odds_ok(g, "fire from=2 at=3");
    mod_lacks("T13-fire-light-arms", "firer-without-formation");
    wga_odds_ok(g, "morale unit=2");
    mod_lacks("T21-morale-circumstances", "retreat-or-without-formation");
    static const char *const pc[] = {"Blue: charge marker", "Blue charges Red", NULL};
    play_to_roll(g, pc, 0);
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "without formation");
    wga_odds_ok(g, "melee from=2 at=1");
    mod_has("T15-melee-common", -3, "without-formation"); /* LA-MELEEFACT-06 */
    mod_lacks("T15-melee-common", "in-disorder");
    wga_odds_ok(g, "melee from=1 at=2");
    mod_lacks("T15-melee-common", "without-formation");
    wga_odds_ok(g, "fire from=2 at=3");
    mod_has("T13-fire-light-arms", -2, "firer-without-formation"); /* LA-FIREFACT-09 */
    mod_lacks("T13-fire-light-arms", "firer-in-disorder");
    wga_odds_ok(g, "morale unit=2");
    mod_has("T21-morale-circumstances", -1, "retreat-or-without-formation"); /* LA-MORALEFACT-10 */
    mod_lacks("T21-morale-circumstances", "rout-or-disorder");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Hussars charge a grenadier line from 170 paces: an effective charge puts the infantry in disorder
   (LA-DISORG-04), in its melee, fire and morale; fatigue after the melee; the beaten line retreats
   and tests again at its third period of retreat. */
START_TEST(test_disorder_and_fatigue)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = position(ctx, NULL,
                          "unit French Blue type=hussars companies=1x4 formation=line front=4 at=1500,440 facing=0,1 order=hold\n"
                          "unit Austrians Red type=grenadiers companies=4x3 formation=line front=12 at=1450,610 facing=0,-1 order=hold\n" SECOND_LINE);
    wga_odds_ok(g, "fire from=2 at=3");
    mod_lacks("T13-fire-light-arms", "firer-in-disorder");
    mod_lacks("T12-fire-common", "per-fatigue-point");
    wga_odds_ok(g, "fire from=2 at=1");
    mod_lacks("T12-fire-common", "target-cavalry-charging-the-firer");
    static const char *const pc[] = {"Blue: charge marker", "Blue charges Red", NULL};
    wga_drive(g, pc, NULL);
    /* the hussars' charge declared on Red: Red's fire at them -1 */
    ck_assert_str_eq(wgp_decision(g), "period 1, the die of Red's morale test to receive a charge");
    wga_odds_ok(g, "fire from=2 at=1");
    mod_has("T12-fire-common", -1, "target-cavalry-charging-the-firer"); /* LA-FIREFACT-05 */
    wga_odds_ok(g, "fire from=2 at=3");
    mod_lacks("T12-fire-common", "target-cavalry-charging-the-firer"); /* LA-FIREFACT-05: only at the charged unit */
    play_to_roll(g, pc, 0);
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "in disorder");
    wga_odds_ok(g, "melee from=2 at=1");
    mod_has("T15-melee-common", -5, "in-disorder"); /* LA-MELEEFACT-07 */
    mod_lacks("T15-melee-common", "without-formation");
    /* 5 + 1 fresh - 5 - 1 (a line against cavalry) = 0, and the die: 0, 0, 1, 1, 2, 2 on 8 figures: the
       4 hussars' front equals 6 infantry figures (T2, G-08: ceil(4 x 22.5 / 15)), and one more at each end
       for the wider front (LA-MELEE-02, LA-MELEE-18, LA-SCALE-11) */
    wga_odds_has("{\"label\":\"0 inflicted, 10 suffered: lost\",\"weight\":4}");
    wga_odds_ok(g, "fire from=2 at=3");
    mod_has("T13-fire-light-arms", -4, "firer-in-disorder"); /* LA-FIREFACT-10 */
    wga_odds_ok(g, "morale unit=2");
    mod_has("T21-morale-circumstances", -4, "rout-or-disorder"); /* LA-MORALEFACT-09 */
    mod_lacks("T21-morale-circumstances", "retreat-or-without-formation");
    size_t e0 = wgp_event_count(g);
    wga_die(g, 1);
    wga_die(g, 6);
    wga_event(g, e0, "Red fights Blue: die 6, row 2, 8 figures: 5 losses"); /* LA-MELEEFACT-07, LA-MELEE-18 */
    /* a turn of melee: one fatigue point, -1 to the fire */
    ck_assert_int_eq(wga_attr(g, 1, "fatigue"), 1);
    wga_odds_ok(g, "fire from=2 at=3");
    mod_has("T12-fire-common", -1, "per-fatigue-point"); /* LA-FIREFACT-06 */
    mod_has("T13-fire-light-arms", -4, "firer-in-disorder");
    /* 3 + 6 - 4 (disorder) - 1 (lost) - 2 (a line against cavalry) + 1 (Hold): retreat */
    play_to_roll(g, NULL, 6);
    wga_event(g, e0, "Red tests for a melee lost: die 6, total 3: retreating");
    /* the third period of retreat ends with a test (LA-MORALE-20) */
    wga_event(g, e0, "Red tests at its third period of retreat: die 6"); /* LA-MORALE-20 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Blue's charge beats Red; Blue, under an Attack order, follows the beaten line and the melee's second
   turn is fought with all the figures, tired and no longer fresh; the winner's morale counts its
   win. */
START_TEST(test_melee_second_turn)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = charge_position(ctx, NULL,
                                 "unit French Blue type=line-fusiliers companies=2x3 formation=line front=6 at=1500,540 facing=0,1 order=attack toward=1500,990\n"
                                 "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=1450,610 facing=0,-1 order=hold\n",
                                 NULL);
    /* the first turn: Red's 6 figures before Blue and one more at each end */
    wga_odds_ok(g, "melee from=2 at=1");
    wga_odds_has("\"name\":\"figures\",\"value\":8");
    mod_has("T15-melee-common", 1, "fresh-troops");
    mod_lacks("T15-melee-common", "per-fatigue-point");
    wga_odds_ok(g, "morale unit=1");
    mod_lacks("T24-morale-melee", "just-won-melee");
    size_t e0 = wgp_event_count(g);
    wga_die(g, 6); /* Blue 3 + 1 + 1 + 2 = 7 on 6 figures */
    wga_die(g, 1); /* Red 3 + 1 + 0 = 4 on 8 figures */
    char want[96];
    snprintf(want, sizeof want, "Blue fights Red: die 6, row 7, 6 figures: %d losses", wga_t28(7, 6));
    wga_event(g, e0, want);
    wga_event(g, e0, "Blue wins the melee; Red falls back");
    wga_odds_ok(g, "morale unit=1");
    mod_has("T24-morale-melee", 1, "just-won-melee"); /* LA-MORALEFACT-23 */
    wga_odds_ok(g, "morale unit=2");
    mod_lacks("T24-morale-melee", "just-won-melee");
    play_to_roll(g, NULL, 0);
    ck_assert_msg(strstr(wgp_decision(g), "period 2, phase 5: the die of") != NULL, "%s\n%s", wgp_decision(g),
                  wgp_events_dump(g, e0, WG_VIEW_REFEREE));
    /* the second turn: all the figures, one fatigue point each, neither fresh nor charging */
    wga_odds_ok(g, "melee from=2 at=1");
    wga_odds_has("\"name\":\"figures\",\"value\":12");          /* LA-MELEE-03 */
    mod_has("T15-melee-common", -1, "per-fatigue-point"); /* LA-MELEEFACT-04 */
    mod_lacks("T15-melee-common", "fresh-troops");
    wga_odds_ok(g, "melee from=1 at=2");
    wga_odds_has("\"name\":\"figures\",\"value\":6");           /* LA-MELEE-03 */
    wga_odds_has("\"name\":\"charge\",\"value\":0");
    mod_has("T15-melee-common", -1, "per-fatigue-point"); /* LA-MELEEFACT-04 */
    mod_lacks("T15-melee-common", "fresh-troops");
    mod_has("T15-melee-common", 2, "followed-up"); /* Blue followed Red falling back */
    /* both disorganised from the period after their first melee turn (LA-DISORG-08) */
    mod_has("T15-melee-common", -1, "disorganised");
    /* Blue 3 - 1 + 2 - 1 and the die 0, 0, 1, 1, 2, 2 on 6 figures; Red 3 - 1 - 1 on 12 */
    snprintf(want, sizeof want, "{\"label\":\"%d inflicted, %d suffered: ", wga_t28(3, 6), wga_t28(1, 12));
    wga_odds_has(want); /* LA-MELEEFACT-04 */
    snprintf(want, sizeof want, "{\"label\":\"%d inflicted, %d suffered: ", wga_t28(5, 6), wga_t28(3, 12));
    wga_odds_has(want);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("aigles_factors");
    TCase *tc = tcase_create("factors");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_morale_formation_and_cover);
    tcase_add_test(tc, test_morale_formation_against_cavalry);
    tcase_add_test(tc, test_morale_charging_and_orders);
    tcase_add_test(tc, test_morale_friends_and_enemies);
    tcase_add_test(tc, test_melee_opponent_position);
    tcase_add_test(tc, test_melee_formations);
    tcase_add_test(tc, test_melee_flank_and_rear);
    tcase_add_test(tc, test_without_formation);
    tcase_add_test(tc, test_disorder_and_fatigue);
    tcase_add_test(tc, test_melee_second_turn);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    int rc = wgt_run(suite());
    free(army);
    return rc;
}

/* Les Aigles movement and contact rules proven by play through the public API: cavalry rallies
   toward its own edge (out of combat and breaking off a melee), forced marches, the slope in melee
   and cavalry charging over a slope, the figures of the first melee turn, the Support order and the
   charge, and the refusals of bad decisions (fire and charge targets, precise moves) with the
   measured distance or angle and the rule.  Every position is built from host documents written
   here (a table, a battle of a few units; the bundled sample army list), every decision is taken by
   its label, with the parameters of a precise move, or by the action code of an option; every
   result is read from option labels, piece attributes, events and their rule tags, odds and the
   describe text.  Checklist items are cited next to the assertions that prove them.  Lengths: piece
   attributes are in paces (mm at 25 mm), precise-move parameters in table units (1/100 mm).
   Sample army list: hussars (V, manoeuvre A) move 220 a period in line, 300 in column of march,
   charge bonus 120; line fusiliers (R, B) 90 in line, 150 in column of march, 120 in column of
   division, charge bonus 40, fusil range 200. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wargame.h"
#include <check.h>
#include "testutil.h"
#include "wgaigles.h"
#include "wgplay.h"

/* ---------------------------------------------------------------- positions */

/* ---------------------------------------------------------------- deciding */

/* ---------------------------------------------------------------- rallies */

/* Hussars H (line of 8) and fusiliers K (column of march) with Movement markers; the Austrians far
   off.  The French edge is the near one (y = 0). */
static const char *RALLY_UNITS =
    "unit French H type=hussars companies=2x4 formation=line front=8 at=600,600 facing=0,1 order=hold\n"
    "unit French K type=line-fusiliers companies=4x3 formation=march front=2 at=1200,300 facing=0,1 order=hold\n"
    "unit Austrians C type=line-fusiliers companies=4x3 formation=line front=12 at=1800,1000 facing=0,-1 "
    "order=hold\n";

START_TEST(test_cavalry_rally)
{
    wg_ctx *ctx = wga_ctx();
    for (int back = 0; back < 2; back++) {
        wg_game *g = wga_battle(ctx, NULL, RALLY_UNITS, NULL);
        wgp_choose(g, "H: movement marker");
        wgp_choose(g, "K: movement marker");
        wgp_choose(g, "C: none marker");
        /* cavalry may always rally, out of combat too: two moves of its menu (LA-MOVE-08) */
        WGA_ASSERT_DECISION(g, "half-period 1: French commits the move of H");
        ck_assert_int_ge(wgp_find(g, "H: rally, facing the enemy"), 0); /* LA-MOVE-08 */
        ck_assert_int_ge(wgp_find(g, "H: rally, back to the enemy"), 0);
        uint64_t rally = wga_action(g, back ? "H: rally, back to the enemy" : "H: rally, facing the enemy");
        size_t e = wgp_event_count(g);
        wgp_choose(g, back ? "H: rally, back to the enemy" : "H: rally, facing the enemy");
        /* infantry does not rally: the cavalry's move is not in the column's menu (LA-MOVE-08) */
        WGA_ASSERT_DECISION(g, "half-period 1: French commits the move of K");
        ck_assert_int_lt(wgp_find(g, "rally"), 0); /* LA-MOVE-08 */
        ck_assert_int_ne(wgp_refused(g, rally), WG_OK);
        wgp_choose(g, "K: advance");
        /* toward its own edge (y = 0) at the column of march's speed, 300 a period: 150 paces in the
           half-period, not the line's 110 and no charge bonus (LA-MOVE-06, -08); the half-turn costs
           nothing (LA-MOVE-06) */
        size_t r = (size_t)wga_event(g, e, back ? "H: rally, back to the enemy from (600, 600) to (600, 410), without formation"
                                         : "H: rally, facing the enemy from (600, 600) to (600, 450), without formation");
        ck_assert_str_eq(wga_rule(g, r), "LA-MOVE-08");
        /* LA-MOVE-06: 150 paces; with its back to the enemy the front edge is the old rear, 40 paces
           of depth further back: the unit stands on y 410..450 either way */
        ck_assert_int_eq(wga_attr(g, 0, "y"), back ? 410 : 450);
        ck_assert_int_eq(wga_attr(g, 0, "x"), 600);
        /* ending facing the enemy or with its back to it, the player's choice (LA-MOVE-08) */
        if (back)
            ck_assert_int_lt(wga_attr(g, 0, "facing_y"), 0); /* LA-MOVE-08 */
        else
            ck_assert_int_gt(wga_attr(g, 0, "facing_y"), 0); /* LA-MOVE-08 */
        ck_assert_int_eq(wga_attr(g, 0, "facing_x"), 0);
        /* without formation on arrival (LA-MOVE-08) */
        ck_assert_str_eq(wga_text(g, 0, "cohesion"), "without formation"); /* LA-MOVE-08 */
        ck_assert_ptr_nonnull(strstr(wgp_describe(g, WG_VIEW_REFEREE), "obeys, without formation"));
        /* the column of march advanced 75 paces: formed still */
        ck_assert_str_eq(wga_text(g, 1, "cohesion"), "formed");
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* Hussars H charge dragoons D; dice 3 and 3: H wins, D falls back 30 paces and H follows into the
   same melee, which goes on into the second period. */
START_TEST(test_rally_breaks_off_melee)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = wga_battle(ctx, NULL,
                        "unit French H type=hussars companies=2x4 formation=line front=8 at=600,300 facing=0,1 "
                        "order=attack toward=600,900\n"
                        "unit Austrians D type=dragoons companies=2x4 formation=line front=8 at=600,600 facing=0,-1 "
                        "order=hold\n",
                        NULL);
    static const char *const pc[] = {"H: charge marker", "H charges D", NULL};
    for (int k = 0; k < 4; k++) {
        wga_drive(g, pc, NULL);
        wga_obey(g);
    }
    WGA_ASSERT_DECISION(g, "phase 5: the die of H in its melee with D");
    wga_die(g, 3);
    wga_die(g, 3);
    for (int k = 0; k < 4 && !wga_has_decision(g, "period 2, phase 3"); k++) {
        wga_drive(g, NULL, "period 2, phase 3");
        if (wgp_decider(g) == WG_PLAYER_CHANCE)
            wga_die(g, 6);
    }
    WGA_ASSERT_DECISION(g, "period 2, phase 3, half-period 1: French commits the move of H");
    ck_assert_int_eq(wga_attr(g, 0, "melee_with"), 2);
    ck_assert_int_eq(wga_attr(g, 1, "melee_with"), 1);
    ck_assert_int_eq(wga_attr(g, 0, "y"), 629);
    /* in the melee the cavalry fights on or breaks off and rallies: no other move (LA-MELEERES-15) */
    ck_assert_int_eq(wgp_option_count(g), 3);
    ck_assert_int_ge(wgp_find(g, "H: halt"), 0);
    ck_assert_int_ge(wgp_find(g, "H: rally, facing the enemy"), 0); /* LA-MELEERES-15 */
    ck_assert_int_ge(wgp_find(g, "H: rally, back to the enemy"), 0);
    ck_assert_int_lt(wgp_find(g, "H: advance"), 0);
    size_t e = wgp_event_count(g);
    wgp_choose(g, "H: rally, facing the enemy");
    wga_drive(g, NULL, "phase 5");
    /* away from the enemy toward its own edge, 150 paces at column speed; out of the melee, for both
       (LA-MELEERES-15, LA-MOVE-06) */
    size_t r = (size_t)wga_event(g, e, "H: rally, facing the enemy from (600, 629) to (600, 479), without formation");
    ck_assert_str_eq(wga_rule(g, r), "LA-MELEERES-15"); /* LA-MELEERES-15 */
    int64_t v = 0;
    ck_assert_int_eq(wg_game_attr_int(&v, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, 0, "melee_with"), WG_ENOTFOUND);
    ck_assert_int_eq(wg_game_attr_int(&v, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, 1, "melee_with"), WG_ENOTFOUND);
    ck_assert_int_gt(wga_attr(g, 0, "facing_y"), 0); /* LA-MOVE-08: facing the enemy */
    ck_assert_str_eq(wga_text(g, 0, "cohesion"), "without formation"); /* LA-MOVE-08 */
    ck_assert_int_lt(wgp_find_event(g, r, "fights", WG_VIEW_REFEREE), 0); /* no melee that period */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- forced marches */

/* K (column of march) in the open, L (line), J (column of march) 120 paces behind an Austrian line
   E, M (column of march) in a field. */
static const char *FORCED_UNITS =
    "unit French K type=line-fusiliers companies=4x3 formation=march front=2 at=300,300 facing=0,1 order=hold\n"
    "unit French L type=line-fusiliers companies=4x3 formation=line front=12 at=700,300 facing=0,1 order=hold\n"
    "unit French J type=line-fusiliers companies=4x3 formation=march front=2 at=1200,300 facing=0,1 order=hold\n"
    "unit French M type=line-fusiliers companies=4x3 formation=march front=2 at=2000,300 facing=0,1 order=hold\n"
    "unit Austrians E type=line-fusiliers companies=4x3 formation=line front=12 at=1200,420 facing=0,-1 "
    "order=hold\n";

START_TEST(test_forced_march)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = wga_battle(ctx, "area field name=Wheat 1900,330 2100,330 2100,500 1900,500\n", FORCED_UNITS, NULL);
    wgp_choose(g, "K: movement marker");
    wgp_choose(g, "L: movement marker");
    wgp_choose(g, "J: movement marker");
    wgp_choose(g, "M: movement marker");
    wgp_choose(g, "E: none marker");
    WGA_ASSERT_DECISION(g, "half-period 1: French commits the move of K");
    uint64_t forced = wga_action(g, "K: forced march");
    size_t e = wgp_event_count(g);
    wgp_choose(g, "K: forced march");
    /* a line does not force-march: only a column of march, or limbered (LA-MOVE-20) */
    WGA_ASSERT_DECISION(g, "commits the move of L");
    ck_assert_int_lt(wgp_find(g, "forced march"), 0);
    WGA_ASSERT_REFUSED(wgp_refused(g, forced), g, "a forced march is made in column of march, or limbered (LA-MOVE-20)");
    wgp_choose(g, "L: advance");
    /* J forced-marches at E, 120 paces ahead: it stops short of it, no contact (LA-MOVE-21) */
    WGA_ASSERT_DECISION(g, "commits the move of J");
    wgp_choose(g, "J: forced march");
    /* M advances into the field: disorganised (LA-TERRAIN-35) */
    WGA_ASSERT_DECISION(g, "commits the move of M");
    /* its forced march would cross the field: not offered, refused (LA-MOVE-22) */
    ck_assert_int_lt(wgp_find(g, "M: forced march"), 0);
    WGA_ASSERT_REFUSED(wgp_refused(g, forced), g, "a forced march is forbidden in fields (LA-MOVE-22)"); /* LA-MOVE-22 */
    wgp_choose(g, "M: advance");
    /* double the column of march's 150 a period: 150 paces in the half-period, not 75 (LA-MOVE-20) */
    size_t f = (size_t)wga_event(g, e, "K: forced march from (300, 300) to (300, 449), without formation");
    ck_assert_str_eq(wga_rule(g, f), "LA-MOVE-20");
    ck_assert_int_eq(wga_attr(g, 0, "y"), 449); /* LA-MOVE-20: 150 paces less 1/100 mm */
    ck_assert_str_eq(wga_text(g, 0, "cohesion"), "without formation"); /* LA-MOVE-20 */
    ck_assert_int_eq(wga_attr(g, 1, "y"), 344); /* the line: 45 paces */
    /* never into contact with an enemy (LA-MOVE-21) */
    ck_assert_int_lt(wga_attr(g, 2, "y"), 420); /* LA-MOVE-21 */
    ck_assert_int_lt(wgp_find_event(g, e, "J contacts", WG_VIEW_REFEREE), 0);
    int64_t v = 0;
    ck_assert_int_eq(wg_game_attr_int(&v, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, 2, "melee_with"), WG_ENOTFOUND);
    ck_assert_int_eq(wg_game_attr_int(&v, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, 4, "melee_with"), WG_ENOTFOUND);
    ck_assert_str_eq(wga_text(g, 3, "cohesion"), "disorganised");
    /* the second half-period: M, disorganised, may not force-march (LA-MOVE-22) */
    for (int k = 0; k < 8 && !wga_has_decision(g, "commits the move of M"); k++)
        wgp_choose(g, ": halt");
    WGA_ASSERT_DECISION(g, "half-period 2: French commits the move of M");
    ck_assert_int_lt(wgp_find(g, "forced march"), 0);
    WGA_ASSERT_REFUSED(wgp_refused(g, forced), g, "a disorganised unit may not force-march (LA-MOVE-22)"); /* LA-MOVE-22 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- slopes and the first melee turn */

/* Blue (line fusiliers) 40 paces from Red, which stands on the hill (`hill`) or not. */
static wg_game *infantry_melee(wg_ctx *ctx, const char *features, const char *red)
{
    char units[1024];
    snprintf(units, sizeof units,
             "unit French Blue type=line-fusiliers companies=4x3 formation=line front=12 at=600,560 facing=0,1 "
             "order=attack toward=600,900\n%s",
             red);
    wg_game *g = wga_battle(ctx, features, units, NULL);
    static const char *const pc[] = {"Blue: charge marker", "Blue charges Red", NULL};
    for (int k = 0; k < 4; k++) {
        wga_drive(g, pc, NULL);
        wga_obey(g);
    }
    WGA_ASSERT_DECISION(g, "phase 5: the die of Blue in its melee with Red");
    return g;
}

static const char *RED_LINE = "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 "
                              "at=600,600 facing=0,-1 order=hold\n";

START_TEST(test_slope_in_melee)
{
    wg_ctx *ctx = wga_ctx();
    /* Red's front on the hill (level 1), Blue's on the plain: Red fights from above (LA-TERRAIN-03) */
    wg_game *g = infantry_melee(ctx, "area hill name=Hill level=1 0,600 2600,600 2600,1200 0,1200\n", RED_LINE);
    wga_odds_ok(g, "melee from=2 at=1");
    wga_odds_has("\"name\":\"T16-melee-infantry\",\"value\":1,\"text\":\"above-on-slope\""); /* LA-TERRAIN-03 */
    wga_odds_ok(g, "melee from=1 at=2");
    wga_odds_lacks("above-on-slope"); /* LA-TERRAIN-03: the unit below has nothing */
    wg_game_free(g);
    /* on the plain: nobody */
    g = infantry_melee(ctx, NULL, RED_LINE);
    wga_odds_ok(g, "melee from=2 at=1");
    wga_odds_lacks("above-on-slope"); /* LA-TERRAIN-03 */
    wg_game_free(g);

    /* cavalry charging down the slope is disorganised when it leaves the hill (LA-TERRAIN-04); the
       same charge on the plain stays formed */
    for (int hill = 1; hill >= 0; hill--) {
        g = wga_battle(ctx, hill ? "area hill name=Hill level=1 0,0 2600,0 2600,520 0,520\n" : NULL,
                   "unit French H type=hussars companies=2x4 formation=line front=8 at=600,300 facing=0,1 "
                   "order=attack toward=600,900\n"
                   "unit Austrians D type=dragoons companies=2x4 formation=line front=8 at=600,600 facing=0,-1 "
                   "order=hold\n",
                   NULL);
        static const char *const pc[] = {"H: charge marker", "H charges D", NULL};
        for (int k = 0; k < 4; k++) {
            wga_drive(g, pc, NULL);
            wga_obey(g);
        }
        (size_t)wga_event(g, 0, "H: charge from (600, 300) to (600, 409), formed"); /* still on the hill */
        size_t c = (size_t)wga_event(g, 0, hill ? "H: charge from (600, 409) to (600, 599), disorganised"
                                         : "H: charge from (600, 409) to (600, 599), formed");
        ck_assert_str_eq(wga_rule(g, c), "LA-CHARGE-10");
        ck_assert_str_eq(wga_text(g, 0, "cohesion"), hill ? "disorganised" : "formed"); /* LA-TERRAIN-04 */
        ck_assert_int_eq(wga_attr(g, 0, "melee_with"), 2);
        wga_odds_ok(g, "melee from=1 at=2");
        if (hill)
            wga_odds_has("\"value\":-1,\"text\":\"disorganised\""); /* LA-TERRAIN-04 */
        else
            wga_odds_lacks("disorganised");
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

START_TEST(test_melee_overlap_figures)
{
    wg_ctx *ctx = wga_ctx();
    /* a line of 12 against a column of 4 figures' front: the line fights with the 4 figures facing
       it and an overlap figure at each end, 6; the column with its 4 (LA-MELEE-02) */
    wg_game *g = infantry_melee(ctx, NULL,
                                "unit Austrians Red type=line-fusiliers companies=4x3 formation=division front=4 "
                                "at=600,600 facing=0,-1 order=hold\n");
    wga_odds_ok(g, "melee from=1 at=2");
    wga_odds_has("\"name\":\"figures\",\"value\":6,"); /* LA-MELEE-02 */
    wga_odds_ok(g, "melee from=2 at=1");
    wga_odds_has("\"name\":\"figures\",\"value\":4,"); /* LA-MELEE-02 */
    wg_game_free(g);
    /* against the outside of a square of 6 figures' front: no overlap figure, 6 (LA-MELEE-02) */
    g = infantry_melee(ctx, NULL,
                       "unit Austrians Red type=line-fusiliers companies=4x3 formation=hollow-square front=6 "
                       "at=600,600 facing=0,-1 order=hold\n");
    wga_odds_ok(g, "melee from=1 at=2");
    wga_odds_has("\"name\":\"figures\",\"value\":6,"); /* LA-MELEE-02: not 8 */
    wg_game_free(g);
    /* equal fronts: 12 against 12, no overlap */
    g = infantry_melee(ctx, NULL, RED_LINE);
    wga_odds_ok(g, "melee from=1 at=2");
    wga_odds_has("\"name\":\"figures\",\"value\":12,"); /* LA-MELEE-02 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- orders */

START_TEST(test_support_does_not_charge)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = wga_battle(ctx, NULL,
                        "unit French K type=line-fusiliers companies=4x3 formation=division front=4 at=1000,300 "
                        "facing=0,1 order=attack toward=1000,900\n"
                        "unit French S type=line-fusiliers companies=4x3 formation=division front=4 at=600,300 "
                        "facing=0,1 order=support target=K\n"
                        "unit Austrians E type=line-fusiliers companies=4x3 formation=division front=4 at=600,400 "
                        "facing=0,-1 order=attack toward=600,100\n"
                        "unit Austrians F type=line-fusiliers companies=4x3 formation=division front=4 at=1000,400 "
                        "facing=0,-1 order=hold\n",
                        NULL);
    WGA_ASSERT_DECISION(g, "marker of K");
    uint64_t charge = wga_action(g, "K: charge marker");
    wgp_choose(g, "K: none marker");
    /* a Support order fights by fire: no Charge marker (LA-ORDERS-05) */
    WGA_ASSERT_DECISION(g, "marker of S");
    ck_assert_str_eq(wga_text(g, 1, "order"), "support");
    ck_assert_int_lt(wgp_find(g, "charge marker"), 0); /* LA-ORDERS-05 */
    ck_assert_int_ge(wgp_find(g, "S: fire marker"), 0);
    WGA_ASSERT_REFUSED(wgp_refused(g, charge), g, "a Support order fights by fire and charges only to answer a charge",
                   "(LA-ORDERS-05)");
    wgp_choose(g, "S: none marker");
    /* charged itself, it may counter-charge (LA-ORDERS-05, LA-COUNTER-07) */
    wgp_choose(g, "E: charge marker");
    wgp_choose(g, "F: none marker");
    wgp_choose(g, "E charges S");
    wga_obey(g);
    WGA_ASSERT_DECISION(g, "S is charged by E: its reaction");
    ck_assert_int_ge(wgp_find(g, "S counter-charges"), 0); /* LA-ORDERS-05 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- refusals */

/* Precise moves refused with the measured distance or angle and the rule: a line L of 12 (R) with
   a friend F 25 paces beyond its front (F's column stands on y 325..400), a column Dv before a
   marsh. */
START_TEST(test_precise_move_refusals)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = wga_battle(ctx, "area marsh name=Bog 450,330 750,330 750,420 450,420\n",
                        "unit French L type=line-fusiliers companies=4x3 formation=line front=12 at=1400,300 "
                        "facing=0,1 order=hold\n"
                        "unit French Dv type=line-fusiliers companies=4x3 formation=division front=4 at=600,300 "
                        "facing=0,1 order=hold\n"
                        "unit French F type=line-fusiliers companies=4x3 formation=division front=4 at=1400,400 "
                        "facing=0,1 order=hold\n"
                        "unit Austrians C type=line-fusiliers companies=4x3 formation=line front=12 at=1800,1000 "
                        "facing=0,-1 order=hold\n",
                        NULL);
    wgp_choose(g, "L: movement marker");
    wgp_choose(g, "Dv: movement marker");
    wgp_choose(g, "F: none marker");
    wgp_choose(g, "C: none marker");
    WGA_ASSERT_DECISION(g, "commits the move of L");
    /* a wheel of 90 degrees about the end figure: the outer figure, 11 bases of 15 paces away, runs
       a quarter circle of 259 paces, more than the 45 the line has in a half-period (LA-MOVE-14) */
    WGA_ASSERT_REFUSED(wga_wheel_to(g, 0, 1, 0), g, "a wheel of 259 paces for the outer figure exceeds the 45 paces left",
                   "(LA-MOVE-14)"); /* LA-MOVE-14 */
    /* 22.5 degrees: 64 paces, still too far; the menu's wheel left is the same and is not offered */
    WGA_ASSERT_REFUSED(wga_wheel_to(g, 0, 1000, 2414), g, "exceeds the 45 paces left", "(LA-MOVE-14)");
    ck_assert_int_lt(wgp_find(g, "L: wheel left"), 0);
    /* beyond the half-period's allowance straight ahead: 46 paces of 45 (LA-MOVE-03) */
    WGA_ASSERT_REFUSED(wga_move_to(g, 1400 * 100, 346 * 100), g, "46 paces exceeds the 45 paces left", "(LA-MOVE-03)");
    ck_assert_int_eq(wga_attr(g, 0, "y"), 300);
    /* 30 paces on: the line would stand on F (LA-MOVE-01: no interpenetration) */
    WGA_ASSERT_REFUSED(wga_move_to(g, 1400 * 100, 330 * 100), g, "the unit would stand on F");
    ck_assert_int_eq(wgp_count(g, "L: advance"), 1); /* the full advance ends on F: only the half */
    wgp_choose(g, "L: advance half");
    WGA_ASSERT_DECISION(g, "commits the move of Dv");
    /* into the marsh: impassable (LA-TERRAIN-18) */
    WGA_ASSERT_REFUSED(wga_move_to(g, 600 * 100, 350 * 100), g, "the move crosses the marsh 'Bog'", "(LA-TERRAIN-18)");
    ck_assert_int_eq(wgp_count(g, "Dv: advance"), 1); /* the full advance crosses the marsh */
    ck_assert_int_lt(wgp_find(g, "oblique"), 0);
    wgp_choose(g, "Dv: wheel left");
    wga_halt_all(g);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Fire targets refused, chosen by the action code of another unit's target option: A and N face each
   other 150 paces apart, B and F too, 800 paces to the right. */
START_TEST(test_fire_target_refusals)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = wga_battle(ctx, NULL,
                        "unit French A type=line-fusiliers companies=4x3 formation=line front=12 at=600,300 "
                        "facing=0,1 order=hold\n"
                        "unit French B type=line-fusiliers companies=4x3 formation=line front=12 at=1400,300 "
                        "facing=0,1 order=hold\n"
                        "unit Austrians N type=line-fusiliers companies=4x3 formation=line front=12 at=600,450 "
                        "facing=0,-1 order=hold\n"
                        "unit Austrians F type=line-fusiliers companies=4x3 formation=line front=12 at=1400,450 "
                        "facing=0,-1 order=hold\n",
                        NULL);
    wgp_choose(g, "A: fire marker");
    wgp_choose(g, "B: fire marker");
    wgp_choose(g, "N: fire marker");
    wgp_choose(g, "F: fire marker");
    wga_drive(g, NULL, "phase 4");
    WGA_ASSERT_DECISION(g, "phase 4");
    WGA_ASSERT_DECISION(g, "A");
    ck_assert_int_ge(wgp_find(g, "A fires at N (150 paces)"), 0);
    ck_assert_int_lt(wgp_find(g, "fires at F"), 0);
    uint64_t at_n = wga_action(g, "A fires at N");
    /* the Austrians' option at A, read ahead on a clone */
    wg_game *c = NULL;
    ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
    for (int k = 0; k < 8 && !wga_has_decision(c, "of N"); k++) {
        if (wgp_decider(c) == WG_PLAYER_CHANCE)
            wga_die(c, 1);
        else
            wgp_choose(c, "holds its fire");
    }
    uint64_t at_a = wga_action(c, "N fires at A");
    wg_game_free(c);
    wgp_choose(g, "A holds its fire");
    WGA_ASSERT_DECISION(g, "B");
    ck_assert_int_ge(wgp_find(g, "B fires at F (150 paces)"), 0);
    /* N, 800 paces to the left: the measured distance beyond the fusil's 200 (LA-FIRE-01) */
    WGA_ASSERT_REFUSED(wgp_refused(g, at_n), g, "N is 637 paces away, beyond the range of 200 paces (LA-FIRE-01)"); /* LA-FIRE-01 */
    /* A is a friend */
    WGA_ASSERT_REFUSED(wgp_refused(g, at_a), g, "A is a friendly unit");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("aigles_moves");
    TCase *tc = tcase_create("moves");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_cavalry_rally);
    tcase_add_test(tc, test_rally_breaks_off_melee);
    tcase_add_test(tc, test_forced_march);
    tcase_add_test(tc, test_slope_in_melee);
    tcase_add_test(tc, test_melee_overlap_figures);
    tcase_add_test(tc, test_support_does_not_charge);
    tcase_add_test(tc, test_precise_move_refusals);
    tcase_add_test(tc, test_fire_target_refusals);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    int rc = wgt_run(suite());
    return rc;
}

/* Les Aigles melee proven by play through the public API: the elite rule and its two printed examples,
   melee losses removed from the front rank then in proportion, the follow-up bonus, the last fire's
   penalty, flank and rear bonuses shrinking turn by turn, the unit taken in the rear that does not
   reply, the unit taken in the rear after its retreat, a square or a column of mass beaten by a
   column, the square that wins against cavalry without fatigue, a melee entered without a charge and
   the disorganised unit's penalty.  Every position is built from host documents (the bundled sample
   army list, a small open table, a battle written here); every decision is taken by its label and
   every die by "die N"; what is checked is what the public getters say: piece attributes, events and
   their rule tags, and the odds of a melee (`melee from=ID at=ID`: its modifiers by table and row).
   Checklist items are cited next to the assertions that prove them. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wargame.h"
#include "wgaigles.h"
#include "wgplay.h"

/* ---------------------------------------------------------------- helpers */

static wg_game *game(wg_ctx *ctx, const char *options, int periods, const char *units)
{
    wga_setup s = {0};
    s.options = options ? options : "break=none";
    s.periods = periods ? periods : 4;
    return wga_game(ctx, &s, units);
}

/* ---------------------------------------------------------------- the elite rule */

/* EXAMPLE 1: a French line battalion whose grenadier company leads (4 grenadiers, then 2 + 3 + 3
   fusiliers, a column of five figures' front) and a Russian grenadier battalion (a grenadier company
   of 4 leading 3 fusilier companies of 4, four figures' front) charge each other. */
static const char *const EXAMPLE1 =
    "unit French Blue companies=grenadiers:4,line-fusiliers:2,line-fusiliers:3,line-fusiliers:3 formation=division front=5 at=1300,500 facing=0,1 order=attack toward=1300,1000\n"
    "unit Austrians Red companies=grenadiers:4,line-fusiliers:4,line-fusiliers:4,line-fusiliers:4 formation=division front=4 at=1300,580 facing=0,-1 order=attack toward=1300,0\n";

START_TEST(test_elite_example_1)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = game(ctx, "break=none,figure=6", 4, EXAMPLE1);
    static const char *const prefs[] = {"Blue: charge marker", "Blue charges Red", "Red counter-charges", NULL};
    wga_to_melee(g, prefs);
    wga_expect(g, 0, "Red counter-charges", NULL);
    /* turn 1: the French fight with the 5 figures in contact, 4 grenadiers among them: the
       fusiliers' characteristics and +1 on the die */
    wga_melee_odds(g, 1, 2);
    wga_mod("figures", 5, "figures fighting");
    wga_mod("combat", 3, "combat value");                   /* LA-MELEE-11: fusilier characteristics */
    wga_mod("elite", 1, "enough elites: +1 on the die");    /* LA-MELEE-10, LA-MELEE-11: +1 */
    /* the Russians' 4 figures in contact are all grenadiers: their characteristics, no +1 */
    wga_melee_odds(g, 2, 1);
    wga_mod("figures", 4, "figures fighting");
    wga_mod("combat", 5, "combat value"); /* LA-MELEE-10, LA-MELEE-11: elite characteristics */
    wga_no_mod("elite", NULL);            /* LA-MELEE-10, LA-MELEE-11: no +1 */
    wga_no_mod("silent", NULL);           /* a frontal contact: both reply (LA-MELEE-17) */
    ck_assert_int_eq(wga_attr_of(g, "Blue", "elite"), 4);
    ck_assert_int_eq(wga_attr_of(g, "Red", "elite"), 4);
    /* dice 1 and 1: the French inflict 9 losses and suffer 7, a figure each (one per 6 losses) */
    size_t e0 = wgp_event_count(g);
    wga_die(g, 1);
    wga_die(g, 1);
    wga_expect(g, e0, "Blue fights Red: die 1, row 6, 5 figures: 9 losses", "LA-MELEE-13");
    wga_expect(g, e0, "Red fights Blue: die 1, row 6, 4 figures: 7 losses", "LA-MELEE-13");
    wga_expect(g, e0, "Red loses 1 figure", NULL);
    wga_expect(g, e0, "Blue loses 1 figure", NULL);
    wga_expect(g, e0, "Blue wins the melee; Red falls back", "LA-MELEERES-01");
    /* the losses of the first turn come off the front rank, regulars first: the French lose a
       fusilier though the grenadiers are the largest company; the Russians, whose front rank is all
       grenadiers, a grenadier though every company is as large */
    ck_assert_int_eq(wga_attr_of(g, "Blue", "figures"), 11);
    ck_assert_int_eq(wga_attr_of(g, "Blue", "elite"), 4); /* LA-MELEE-14 */
    ck_assert_int_eq(wga_attr_of(g, "Red", "figures"), 15);
    ck_assert_int_eq(wga_attr_of(g, "Red", "elite"), 3); /* LA-MELEE-14 */
    /* turn 2: the whole units fight */
    wga_to_melee(g, NULL);
    ck_assert_int_eq(wga_attr_of(g, "Blue", "melee_with"), 2);
    wga_melee_odds(g, 1, 2);
    wga_mod("figures", 11, "figures fighting");
    wga_mod("combat", 3, "combat value");                /* LA-MELEE-11: the French unchanged */
    wga_mod("elite", 1, "enough elites: +1 on the die"); /* LA-MELEE-11: +1 */
    /* the Russians: 3 grenadiers to 12 fusiliers, not all elite: the fusiliers' characteristics and
       +1 */
    wga_melee_odds(g, 2, 1);
    wga_mod("figures", 15, "figures fighting");
    wga_mod("combat", 3, "combat value");                /* LA-MELEE-10, LA-MELEE-11 */
    wga_mod("elite", 1, "enough elites: +1 on the die"); /* LA-MELEE-10, LA-MELEE-11 */
    /* the follow-up: the French followed the Russians falling back */
    wga_melee_odds(g, 1, 2);
    wga_mod("T15-melee-common", 2, "followed-up"); /* LA-MELEEFACT-02 */
    wga_melee_odds(g, 2, 1);
    wga_no_mod("T15-melee-common", "followed-up"); /* LA-MELEEFACT-02 */
    /* both disorganised from the period after their first melee turn (LA-DISORG-08) */
    wga_mod("T15-melee-common", -1, "disorganised");
    /* the losses of the second turn come off in proportion to the elites: 3 figures of a unit of 3
       grenadiers to 12 fusiliers, one grenadier (the largest companies are fusiliers') */
    ck_assert_int_eq(wga_attr_of(g, "Red", "elite"), 3);
    ck_assert_int_eq(wga_attr_of(g, "Red", "figures"), 15);
    e0 = wgp_event_count(g);
    wga_die(g, 6);
    wga_die(g, 1);
    wga_expect(g, e0, "Blue fights Red: die 6, row 5, 11 figures: 17 losses", "LA-MELEE-13");
    wga_expect(g, e0, "Red loses 3 figures (remainder 2): 12 left", "LA-MELEE-13");
    ck_assert_int_eq(wga_attr_of(g, "Red", "elite"), 2); /* LA-MELEE-14 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* EXAMPLE 2: the Russian battalion in line (fusiliers 4 and 3, grenadiers 3, fusiliers 4: fourteen
   figures' front) charged by a French column of six figures' front whose grenadiers (3) lead. */
static const char *const EXAMPLE2 =
    "unit French Blue companies=grenadiers:3,line-fusiliers:5,line-fusiliers:5,line-fusiliers:5 formation=division front=6 at=1300,500 facing=0,1 order=attack toward=1300,1000\n"
    "unit Austrians Red companies=line-fusiliers:4,line-fusiliers:3,grenadiers:3,line-fusiliers:4 formation=line front=14 at=1300,580 facing=0,-1 order=hold\n";

START_TEST(test_elite_example_2)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = game(ctx, "break=none,figure=6", 4, EXAMPLE2);
    static const char *const prefs[] = {"Blue: charge marker", "Blue charges Red", "Red stands", NULL};
    wga_to_melee(g, prefs);
    /* turn 1: 6 Russian figures in contact and one overlapping at each end, 7 fusiliers and 1
       grenadier: 1 elite to 7 is less than 1 to 4, the fusiliers' characteristics and no +1 */
    wga_melee_odds(g, 2, 1);
    wga_mod("figures", 8, "figures fighting");
    wga_mod("combat", 3, "combat value"); /* LA-MELEE-12 */
    wga_no_mod("elite", NULL);            /* LA-MELEE-10, LA-MELEE-12 */
    /* the French get +1 */
    wga_melee_odds(g, 1, 2);
    wga_mod("figures", 6, "figures fighting");
    wga_mod("elite", 1, "enough elites: +1 on the die"); /* LA-MELEE-12 */
    wga_roll_for(g, "Blue wins the melee; Red falls back", NULL, NULL);
    wga_to_melee(g, NULL);
    /* turn 2: the whole Russian unit, 3 grenadiers to 11 fusiliers or fewer: +1 */
    ck_assert_int_eq(wga_attr_of(g, "Red", "elite"), 3);
    wga_melee_odds(g, 2, 1);
    wga_mod("figures", (int)wga_attr_of(g, "Red", "figures"), "figures fighting");
    wga_mod("combat", 3, "combat value");
    wga_mod("elite", 1, "enough elites: +1 on the die"); /* LA-MELEE-10, LA-MELEE-12 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- flank and rear */

/* Rolls the melee's dice so that it goes on: a tie when the dice allow one, else Blue's win (tried on
   clones), then every test obeyed. */
static void fight_on(wg_game *g)
{
    for (int want = 0; want < 2; want++)
        for (int a = 1; a <= 6; a++)
            for (int b = 1; b <= 6; b++) {
                wg_game *c = NULL;
                ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
                size_t e = wgp_event_count(c);
                wga_die(c, a);
                wga_die(c, b);
                int ok = wgp_find_event(c, e, want ? "Blue wins the melee" : "the melee is a tie", WG_VIEW_REFEREE) >= 0;
                wg_game_free(c);
                if (ok) {
                    wga_die(g, a);
                    wga_die(g, b);
                    return;
                }
            }
    wga_melee_odds(g, 1, 2);
    ck_abort_msg("no dice keep the melee: %s\n%s", wgp_decision(g), wga_odds_buf);
}

/* Blue's cavalry charges the rear of Red's cuirassiers, which face away from it. */
static const char *const CAV_REAR =
    "unit French Blue type=chasseurs companies=2x4 formation=line front=8 at=1300,500 facing=0,1 order=attack toward=1300,1000\n"
    "unit Austrians Red type=cuirassiers companies=2x4 formation=line front=8 at=1300,570 facing=0,1 order=hold\n";

START_TEST(test_rear_bonus_shrinks)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = game(ctx, NULL, 5, CAV_REAR);
    static const char *const prefs[] = {"Blue: charge marker", "Blue charges Red", "Red stands", NULL};
    wga_to_melee(g, prefs);
    wga_expect(g, 0, "Blue contacts Red on its rear", NULL);
    static const int bonus[4] = {3, 2, 1, 0};
    for (int turn = 0; turn < 4; turn++) {
        ck_assert_int_eq(wga_attr_of(g, "Blue", "melee_with"), 2);
        wga_melee_odds(g, 1, 2);
        if (bonus[turn])
            wga_mod("T17-melee-cavalry", bonus[turn], "flank-or-rear-first-turn"); /* LA-MELEEFACT-30 */
        else
            wga_no_mod("T17-melee-cavalry", "flank-or-rear-first-turn"); /* LA-MELEEFACT-30 */
        wga_no_mod("T17-melee-cavalry", "flank-or-rear-in-melee");       /* LA-MELEEFACT-30: no stacking */
        /* taken in the rear without the time to turn, Red does not reply on the first turn; it
           does from the second */
        wga_melee_odds(g, 2, 1);
        if (turn == 0)
            wga_mod("silent", 1, "taken in the rear: no reply"); /* LA-MELEE-17 */
        else
            wga_no_mod("silent", NULL); /* LA-MELEE-17 */
        size_t e0 = wgp_event_count(g);
        fight_on(g);
        long k = wga_expect(g, e0, "Red fights Blue: die ", "LA-MELEE-13");
        const char *t = wgp_event(g, (size_t)k, WG_VIEW_REFEREE);
        if (turn == 0)
            ck_assert_msg(strstr(t, " figures: 0 losses") != NULL, "%s", t); /* LA-MELEE-17 */
        else if (turn == 1)
            ck_assert_msg(strstr(t, " figures: 0 losses") == NULL, "%s", t); /* LA-MELEE-17 */
        if (turn < 3)
            wga_to_melee(g, NULL);
    }
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Cavalry on the flank of a battalion in column of mass: +1 in place of the flank bonus; on the flank
   of a column of division: the flank bonus, +3. */
START_TEST(test_flank_of_massed_battalion)
{
    wg_ctx *ctx = wga_ctx();
    for (int massed = 1; massed >= 0; massed--) {
        char units[1024];
        snprintf(units, sizeof units,
                 "unit French Blue type=chasseurs companies=2x4 formation=line front=8 at=1300,500 facing=0,1 order=attack toward=1300,1000\n"
                 "unit Austrians Red type=line-fusiliers companies=4x4 formation=%s front=4 at=1300,580 facing=1,0 order=hold\n",
                 massed ? "mass" : "division");
        wg_game *g = game(ctx, NULL, 3, units);
        static const char *const prefs[] = {"Blue: charge marker", "Blue charges Red", "Red stands", NULL};
        wga_to_melee(g, prefs);
        wga_expect(g, 0, "Blue contacts Red on its flank", NULL);
        wga_melee_odds(g, 1, 2);
        if (massed) {
            wga_mod("T17-melee-cavalry", 1, "flank-of-massed-battalion"); /* LA-MELEEFACT-22 */
            wga_no_mod("T17-melee-cavalry", "flank-or-rear-first-turn");  /* LA-MELEEFACT-22, -30: no stacking */
        } else {
            wga_mod("T17-melee-cavalry", 3, "flank-or-rear-first-turn");
            wga_no_mod("T17-melee-cavalry", "flank-of-massed-battalion"); /* LA-MELEEFACT-22 */
        }
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- results */

/* A column of division beats a battalion in column of mass or in square: it stands without formation,
   and the winner, which does not follow, has no follow-up bonus on the next turn. */
START_TEST(test_mass_beaten_by_column)
{
    wg_ctx *ctx = wga_ctx();
    static const char *const forms[] = {"mass", "hollow-square"};
    for (int f = 0; f < 2; f++) {
        char units[1024];
        snprintf(units, sizeof units,
                 "unit French Blue type=line-fusiliers companies=4x3 formation=division front=4 at=1300,500 facing=0,1 order=attack toward=1300,1000\n"
                 "unit Austrians Red type=line-fusiliers companies=4x4 formation=%s front=4 at=1300,580 facing=0,-1 order=hold\n",
                 forms[f]);
        wg_game *g = game(ctx, NULL, 3, units);
        static const char *const prefs[] = {"Blue: charge marker", "Blue charges Red", "Red stands", NULL};
        wga_to_melee(g, prefs);
        ck_assert_str_eq(wga_text(g, 1, "cohesion"), "formed");
        int64_t ry = wga_attr_of(g, "Red", "y");
        size_t e0 = wgp_event_count(g);
        wga_roll_for(g, "Blue wins the melee", NULL, NULL);
        wga_expect(g, e0, "Blue wins the melee; Red stands", "LA-MELEERES-12"); /* LA-MELEERES-12 */
        wga_no_event(g, e0, "Red: fall back");
        wga_no_event(g, e0, "Blue: advance on the enemy");
        ck_assert_int_eq(wga_attr_of(g, "Red", "y"), ry);                        /* LA-MELEERES-12: no fall back */
        ck_assert_str_eq(wga_text(g, 1, "cohesion"), "without formation");       /* LA-MELEERES-12 */
        ck_assert_str_eq(wga_text(g, 1, "formation"), forms[f]);
        wga_to_melee(g, NULL);
        ck_assert_int_eq(wga_attr_of(g, "Blue", "melee_with"), 2);
        wga_melee_odds(g, 1, 2);
        wga_no_mod("T15-melee-common", "followed-up"); /* LA-MELEERES-12: no follow-up bonus */
        wga_melee_odds(g, 2, 1);
        wga_mod("T15-melee-common", -3, "without-formation"); /* LA-MELEERES-12: in the following turns */
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* A square that wins its first turn against cavalry takes no fatigue; one that loses takes its
   point, as the cavalry does either way. */
START_TEST(test_square_wins_without_fatigue)
{
    wg_ctx *ctx = wga_ctx();
    static const char *const want[] = {"Red wins the melee", "Blue wins the melee"};
    static const char *const cav[] = {"chasseurs", "cuirassiers"};
    for (int k = 0; k < 2; k++) {
        char units[1024];
        snprintf(units, sizeof units,
                          "unit French Blue type=%s companies=2x4 formation=line front=8 at=1300,500 facing=0,1 order=hold\n"
                          "unit Austrians Red type=line-fusiliers companies=4x4 formation=hollow-square front=4 at=1300,580 facing=0,-1 order=hold\n", cav[k]);
        wg_game *g = game(ctx, NULL, 3, units);
        static const char *const prefs[] = {"Blue: charge marker", "Blue charges Red", "Red stands", NULL};
        wga_to_melee(g, prefs);
        ck_assert_int_eq(wga_attr_of(g, "Red", "fatigue"), 0);
        size_t e0 = wgp_event_count(g);
        wga_roll_for(g, want[k], NULL, NULL);
        wga_expect(g, e0, want[k], NULL);
        ck_assert_int_eq(wga_attr_of(g, "Blue", "fatigue"), 1);
        ck_assert_int_eq(wga_attr_of(g, "Red", "fatigue"), k ? 1 : 0); /* LA-MELEE-09 */
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* A unit with a movement marker that advances into contact fights a melee without a charge. */
START_TEST(test_melee_without_charge)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = game(ctx, NULL, 3,
                      "unit French Blue type=line-fusiliers companies=4x3 formation=division front=4 at=1300,500 facing=0,1 order=attack toward=1300,1000\n"
                      "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=1300,540 facing=0,-1 order=hold\n");
    static const char *const prefs[] = {"Blue: movement marker", "Blue: advance", NULL};
    wga_to_melee(g, prefs);
    wga_no_event(g, 0, "declares a charge");
    long k = wga_expect(g, 0, "Blue contacts Red on its front", "LA-MOVE-05"); /* LA-MELEE-06 */
    ck_assert_ptr_null(strstr(wgp_event(g, (size_t)k, WG_VIEW_REFEREE), "charge"));
    ck_assert_int_eq(wga_attr_of(g, "Blue", "melee_with"), 2); /* LA-MELEE-06 */
    ck_assert(!wga_has_attr(g, 0, "charging"));
    wga_melee_odds(g, 1, 2);
    wga_mod("charge", 0, "charge bonus");
    size_t e0 = wgp_event_count(g);
    wga_die(g, 4);
    wga_die(g, 4);
    wga_expect(g, e0, "Blue fights Red: die 4", "LA-MELEE-13"); /* LA-MELEE-06 */
    wga_expect(g, e0, "Red fights Blue: die 4", "LA-MELEE-13");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* The last fire: Red's fire in the period before the melee costs Blue -1 per 15 losses when Blue did
   not fire back; nothing when it did. */
START_TEST(test_last_fire_penalty)
{
    wg_ctx *ctx = wga_ctx();
    for (int back = 0; back < 2; back++) {
        wg_game *g = game(ctx, "break=none", 3,
                          "unit French Blue type=line-fusiliers companies=4x3 formation=division front=4 at=1300,500 facing=0,1 order=attack toward=1300,1000\n"
                          "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=1300,580 facing=0,-1 order=hold\n");
        static const char *const both[] = {"Blue: fire marker", "Red: fire marker", "Blue fires at Red", "Red fires at Blue", NULL};
        static const char *const red[] = {"Red: fire marker", "Red fires at Blue", NULL};
        size_t e0 = wgp_event_count(g);
        /* period 1: the fire dice, a 6 each */
        for (int guard = 0; guard < 10; guard++) {
            wga_drive(g, back ? both : red, "period 2,");
            if (wga_has_decision(g, "period 2,") || wga_over(g))
                break;
            if (wga_has_decision(g, "morale test"))
                wga_obey(g);
            else
                wga_die(g, 6);
        }
        long k = wga_expect(g, e0, "Red's fire (die 6", NULL);
        const char *t = strstr(wgp_event(g, (size_t)k, WG_VIEW_REFEREE), "): ");
        ck_assert_ptr_nonnull(t);
        int losses = atoi(t + 3);
        ck_assert_int_ge(losses, 15);
        /* on to period 2: Blue charges Red */
        static const char *const charge[] = {"Blue: charge marker", "Blue charges Red", "Red stands", NULL};
        wga_to_melee(g, charge);
        ck_assert_msg(wga_has_decision(g, "period 2, phase 5"), "%s\n%s", wgp_decision(g), wgp_events_dump(g, 0, WG_VIEW_REFEREE));
        wga_melee_odds(g, 1, 2);
        if (back)
            wga_no_mod("T15-melee-common", "per-15-losses-last-fire"); /* LA-MELEEFACT-03 */
        else
            wga_mod("T15-melee-common", -(losses / 15), "per-15-losses-last-fire"); /* LA-MELEEFACT-03 */
        wga_melee_odds(g, 2, 1);
        wga_no_mod("T15-melee-common", "per-15-losses-last-fire");
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* Rolls the morale test now asked for with the first die whose result holds `want` (tried on clones). */
static void test_result(wg_game *g, const char *want)
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

/* Blue's column beats Red's line, which retreats after its test; the period after, Blue advances on it
   and takes it in the rear: Red, disorganised by its retreat, fights with half its figures, Blue with all
   of its and the follow-up bonus. */
START_TEST(test_taken_in_rear_after_retreat)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = game(ctx, NULL, 4,
                      "unit French Blue type=line-fusiliers companies=4x3 formation=division front=4 at=1300,500 facing=0,1 order=attack toward=1300,1000\n"
                      "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=1300,580 facing=0,-1 order=hold\n");
    static const char *const prefs[] = {"Blue: charge marker", "Blue charges Red", "Red stands", NULL};
    wga_to_melee(g, prefs);
    wga_roll_for(g, "Blue wins the melee; Red falls back", NULL, NULL);
    wga_drive(g, NULL, NULL);
    test_result(g, ": retreating");
    ck_assert_str_eq(wga_text(g, 1, "morale"), "retreating");
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "disorganised");
    ck_assert(!wga_has_attr(g, 1, "melee_with"));
    size_t e0 = wgp_event_count(g);
    /* Blue, disorganised after its first melee turn (LA-DISORG-08), charges no more (LA-DISORG-07):
       it advances into contact (a melee needs no charge, LA-MELEE-06) */
    static const char *const advance[] = {"Blue: movement marker", "Blue: advance", NULL};
    wga_to_melee(g, advance);
    ck_assert_msg(wga_has_decision(g, "period 2, phase 5"), "%s", wgp_decision(g));
    wga_expect(g, e0, "Blue contacts Red on its rear", NULL);
    ck_assert_str_eq(wga_text(g, 1, "morale"), "retreating");
    int rf = (int)wga_attr_of(g, "Red", "figures"), bf = (int)wga_attr_of(g, "Blue", "figures");
    wga_melee_odds(g, 2, 1);
    wga_mod("figures", rf / 2, "figures fighting"); /* LA-MELEERES-06: half its figures */
    wga_no_mod("silent", NULL);                     /* LA-MELEERES-06: it replies */
    wga_mod("T15-melee-common", -1, "disorganised"); /* LA-MELEEFACT-05 */
    wga_no_mod("T15-melee-common", "followed-up");
    wga_melee_odds(g, 1, 2);
    wga_mod("figures", bf, "figures fighting");    /* LA-MELEERES-06: all its figures */
    wga_mod("T15-melee-common", 2, "followed-up"); /* LA-MELEERES-06, LA-MELEEFACT-02 */
    wga_mod("T15-melee-common", -1, "disorganised"); /* LA-MELEEFACT-05 */
    e0 = wgp_event_count(g);
    wga_die(g, 3);
    wga_die(g, 3);
    char want[96];
    snprintf(want, sizeof want, "Red fights Blue: die 3, row ");
    long k = wga_expect(g, e0, want, "LA-MELEE-13");
    snprintf(want, sizeof want, ", %d figures: ", rf / 2);
    ck_assert_ptr_nonnull(strstr(wgp_event(g, (size_t)k, WG_VIEW_REFEREE), want)); /* LA-MELEERES-06 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- figures in contact */

/* The figures each side fights with on the first two turns of Blue's melee with Red in `units` on
   `table` (NULL: open ground), the melee kept going by a tie or Blue's win. */
static void two_turns(wg_ctx *ctx, const char *table, const char *units, const char *const *prefs, int figs[2][2],
                      int all[2])
{
    wga_setup su = {0};
    su.options = "break=none";
    su.periods = 4;
    su.table = table;
    wg_game *g = wga_game(ctx, &su, units);
    wga_to_melee(g, prefs);
    for (int turn = 0; turn < 2; turn++) {
        ck_assert_msg(wga_has_attr(g, 0, "melee_with"), "%s", wgp_events_dump(g, 0, WG_VIEW_REFEREE));
        for (int k = 0; k < 2; k++) {
            wga_melee_odds(g, k ? 2 : 1, k ? 1 : 2);
            const char *p = strstr(wga_odds_buf, "{\"name\":\"figures\",\"value\":");
            ck_assert_ptr_nonnull(p);
            figs[turn][k] = atoi(p + strlen("{\"name\":\"figures\",\"value\":"));
            all[k] = (int)wga_attr_of(g, k ? "Red" : "Blue", "figures");
        }
        if (turn == 0) {
            fight_on(g);
            wga_to_melee(g, NULL);
        }
    }
    wg_game_free(g);
}

/* Against an unbroken square, and across cover, the second turn counts the figures in base contact
   only; in the open, all of them. */
START_TEST(test_contact_figures_square_and_cover)
{
    wg_ctx *ctx = wga_ctx();
    int figs[2][2], all[2];
    static const char *const charge[] = {"Blue: charge marker", "Blue charges Red", "Red stands", NULL};
    static const char *const advance[] = {"Blue: movement marker", "Blue: advance", NULL};
    /* cuirassiers against a square */
    two_turns(ctx, NULL,
              "unit French Blue type=cuirassiers companies=2x4 formation=line front=8 at=1300,500 facing=0,1 order=hold\n"
              "unit Austrians Red type=grenadiers companies=4x4 formation=hollow-square front=4 at=1300,580 facing=0,-1 order=hold\n",
              charge, figs, all);
    ck_assert_int_lt(figs[0][0], all[0]);
    ck_assert_int_eq(figs[1][0], figs[0][0]); /* LA-MELEE-04 */
    ck_assert_int_eq(figs[1][1], figs[0][1]); /* LA-MELEE-04 */
    ck_assert_int_lt(figs[1][1], all[1]);
    /* a line of 6 advancing into contact with a Landwehr line of 12 in an orchard (light cover) */
    char *orchard = wga_table(2600, 1200, "area field name=Orchard light-cover 1000,585 1600,585 1600,800 1000,800\n");
    static const char *const lines =
        "unit French Blue type=line-fusiliers companies=2x3 formation=line front=6 at=1300,560 facing=0,1 order=attack toward=1300,1000\n"
        "unit Austrians Red type=landwehr companies=4x3 formation=line front=12 at=1300,590 facing=0,-1 order=hold\n";
    two_turns(ctx, orchard, lines, advance, figs, all);
    ck_assert_int_eq(figs[0][1], 8);  /* the 6 figures in contact and an overlap at each end */
    ck_assert_int_eq(figs[1][1], 6);  /* LA-MELEE-04: in base contact only */
    ck_assert_int_eq(figs[1][0], 6);
    ck_assert_int_eq(all[1], 12);
    free(orchard);
    /* the same lines in the open: all the figures from the second turn */
    two_turns(ctx, NULL, lines, advance, figs, all);
    ck_assert_int_eq(figs[0][1], 8);
    ck_assert_int_eq(figs[1][1], all[1]); /* LA-MELEE-04: only across cover */
    wg_ctx_free(ctx);
}
END_TEST

/* Cavalry in a melee leaves it by a rally at the start of the first half-period after the melee turn:
   the rally is offered then, and nothing in the second half-period; taken, it ends the melee. */
START_TEST(test_cavalry_rallies_out_of_melee)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = game(ctx, NULL, 4, CAV_REAR);
    static const char *const prefs[] = {"Blue: charge marker", "Blue charges Red", "Red stands", NULL};
    wga_to_melee(g, prefs);
    fight_on(g);
    int seen[2] = {0, 0};
    for (int guard = 0; guard < 40; guard++) {
        wga_drive(g, NULL, "commits the move of Blue");
        if (wga_has_decision(g, "morale test")) {
            wga_obey(g);
            continue;
        }
        if (!wga_has_decision(g, "commits the move of Blue"))
            break;
        int h = wga_has_decision(g, "half-period 2") ? 1 : 0;
        seen[h]++;
        ck_assert_int_eq(h, 0); /* LA-MOVE-07: nothing to commit in the second half-period */
        ck_assert_int_ge(wgp_find(g, "Blue: rally, facing the enemy"), 0); /* LA-MOVE-07 */
        ck_assert_int_ge(wgp_find(g, "Blue: halt"), 0);
        ck_assert_int_lt(wgp_find(g, "Blue: advance"), 0);
        /* on a clone: the rally breaks the melee off */
        wg_game *c = NULL;
        ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
        size_t e0 = wgp_event_count(c);
        wgp_choose(c, "Blue: rally, facing the enemy");
        wga_drive(c, NULL, "period 2, phase 4");
        wga_drive(c, NULL, "period 2, phase 5");
        wga_expect(c, e0, "Blue: rally, facing the enemy from", "LA-MELEERES-15"); /* LA-MOVE-07 */
        ck_assert(!wga_has_attr(c, 0, "melee_with"));                             /* LA-MOVE-07 */
        wg_game_free(c);
        wgp_choose(g, "Blue: halt");
    }
    ck_assert_int_eq(seen[0], 1);
    ck_assert_int_eq(seen[1], 0);
    ck_assert(wga_has_decision(g, "period 2, phase 5"));
    ck_assert_int_eq(wga_attr_of(g, "Blue", "melee_with"), 2);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("aigles_fights");
    TCase *tc = tcase_create("rules");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_elite_example_1);
    tcase_add_test(tc, test_elite_example_2);
    tcase_add_test(tc, test_rear_bonus_shrinks);
    tcase_add_test(tc, test_flank_of_massed_battalion);
    tcase_add_test(tc, test_mass_beaten_by_column);
    tcase_add_test(tc, test_square_wins_without_fatigue);
    tcase_add_test(tc, test_melee_without_charge);
    tcase_add_test(tc, test_last_fire_penalty);
    tcase_add_test(tc, test_taken_in_rear_after_retreat);
    tcase_add_test(tc, test_contact_figures_square_and_cover);
    tcase_add_test(tc, test_cavalry_rallies_out_of_melee);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

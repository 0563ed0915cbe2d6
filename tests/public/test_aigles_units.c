/* Les Aigles unit model proven by play through the public API: tactical units and their companies,
   typical strengths and guns per figure, the men a figure stands for, distances at both scales,
   turns on the spot (quarter-turns and half-turns with their times), changes of formation by a
   quarter-turn, irregulars widening and narrowing their front, the Guard that never routs, forced
   marches in column of march only, cavalry columns of division.  Every position is built from host
   documents (the bundled sample army list, with a few unit types appended where a test needs them);
   every result is read from piece attributes, option labels, events and their rule tags, and
   refusals.  Checklist items are cited next to the assertions that prove them.
   Sample army list: line fusiliers (R, B) 90 a period in line, 150 in column of march; landwehr (M,
   C); hussars (V, A, light) 220 a period in line (145 at 15 mm); cuirassiers (E, B, heavy); cossacks
   (I, irregular cavalry, A) 300 a period massed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wargame.h"
#include <check.h>
#include "testutil.h"
#include "wgaigles.h"
#include "wgplay.h"

/* The far Austrian line every position has. */
#define FAR_ENEMY                                                                                                      \
    "unit Austrians Z type=line-fusiliers companies=4x3 formation=line front=12 at=2400,1150 facing=0,-1 order=hold\n"

/* The sample army list with `extra` records appended; malloc'd. */
static char *army_with(const char *extra)
{
    char *sample = wgp_read_source("data/aigles/sample-army.wgd", NULL);
    size_t cap = strlen(sample) + strlen(extra) + 2;
    char *a = malloc(cap);
    ck_assert_ptr_nonnull(a);
    snprintf(a, cap, "%s\n%s", sample, extra);
    free(sample);
    return a;
}

/* Unit types the sample list lacks: the Old Guard; irregular infantry (Vendéens) below semi-regular
   and an irregular band rated regular; a very shaky line battalion. */
static const char *const EXTRA_TYPES =
    "unittype old-guard arm=infantry status=G manoeuvre=A fire=3 combat=6 charge=1 morale=-10 weapon=fusil points=20\n"
    "unittype shaky-line arm=infantry status=R manoeuvre=B fire=3 combat=3 charge=1 morale=-10 weapon=fusil points=10\n"
    "unittype vendeens arm=infantry status=I manoeuvre=C fire=2 combat=2 charge=1 morale=1 weapon=mousquet points=6 irregular\n"
    "unittype chouans arm=infantry status=R manoeuvre=C fire=2 combat=2 charge=1 morale=2 weapon=mousquet points=8 irregular\n"
    "move infantry irregular-mass C d25=100 d15=65\n";

static wg_game *position(wg_ctx *ctx, const char *options, const char *units)
{
    char *army = army_with(EXTRA_TYPES);
    wga_setup s = {army, NULL, options, 25, 3, NULL, NULL};
    wg_game *g = wga_game(ctx, &s, units);
    free(army);
    return g;
}

/* Drives until the decision holds `stop`: markers and moves by `prefs`, else the quiet defaults. */
static void drive_to(wg_game *g, const char *const *prefs, const char *stop)
{
    wga_drive(g, prefs, stop);
    ck_assert_msg(wga_has_decision(g, stop), "decision '%s' expected, not '%s':\n%s", stop, wgp_decision(g),
                  wgp_options_dump(g));
}

static int has_option(wg_game *g, const char *label) { return wgp_find(g, label) >= 0; }

/* The event text from `from` on holding needle, which must exist. */
static const char *event_text(wg_game *g, size_t from, const char *needle)
{
    long k = wga_event(g, from, needle);
    return wgp_event(g, (size_t)k, WG_VIEW_REFEREE);
}

/* ---------------------------------------------------------------- tactical units and strengths */

START_TEST(test_tactical_units)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = position(
        ctx, NULL,
        /* a mixed battalion of six companies, grenadiers and voltigeurs with the fusiliers */
        "unit French Mixed companies=grenadiers:3,line-fusiliers:3,line-fusiliers:3,line-fusiliers:3,line-fusiliers:3,"
        "voltigeurs:3 formation=line front=18 at=200,200 facing=0,1 order=hold\n"
        /* the same brigade's specialised battalions of four companies */
        "unit French Fusiliers type=line-fusiliers companies=4x4 formation=line front=16 at=600,200 facing=0,1 order=hold\n"
        "unit French Grenadiers type=grenadiers companies=4x4 formation=line front=16 at=1000,200 facing=0,1 order=hold\n"
        "unit French Late type=line-fusiliers companies=6x2 formation=line front=12 at=1400,200 facing=0,1 order=hold\n"
        /* engineers by the company */
        "unit French Sappers type=sappers companies=1x3 formation=line front=3 at=1700,200 facing=0,1 order=support "
        "target=Fusiliers\n"
        /* a regiment of four squadrons, a squadron on its own */
        "unit French Hussars type=hussars companies=4x4 formation=line front=16 at=400,500 facing=0,1 order=hold\n"
        "unit French Squadron type=chasseurs companies=1x4 formation=line front=4 at=1000,500 facing=0,1 order=hold\n"
        /* a battery of six guns in three sections, a half-battery, a regimental pair of guns */
        "unit French Battery type=foot-battery companies=3x2 formation=in-battery front=6 at=1400,500 facing=0,1 "
        "order=support target=Fusiliers\n"
        "unit French Half type=foot-battery companies=2x2 formation=in-battery front=4 at=1800,500 facing=0,1 "
        "order=support target=Fusiliers\n"
        "unit French Regimental type=foot-battery companies=1x2 formation=in-battery front=2 at=2200,500 facing=0,1 "
        "order=support target=Fusiliers\n" FAR_ENEMY);
    /* LA-UNIT-01, LA-UNIT-02, LA-SCALE-02: a battalion of companies, six of 3 figures: 18 figures;
       its status is its lowest company's (grenadiers E, voltigeurs V, fusiliers R) */
    ck_assert_int_eq(wga_attr_of(g, "Mixed", "figures"), 18); /* LA-SCALE-02 */
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "Mixed"), "status"), "R"); /* LA-UNIT-02 */
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "Mixed"), "kind"), "unit"); /* LA-UNIT-01 */
    /* LA-UNIT-02: the specialised battalions of four companies; a grenadier battalion is elite */
    ck_assert_int_eq(wga_attr_of(g, "Fusiliers", "figures"), 16); /* LA-SCALE-02: 4 companies, 16 figures */
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "Grenadiers"), "status"), "E"); /* LA-UNIT-02 */
    ck_assert_int_eq(wga_attr_of(g, "Late", "figures"), 12); /* LA-SCALE-02: a 6-company battalion of 1813, 12 */
    /* LA-UNIT-01: engineers stand as a company, a tactical unit with its own order */
    ck_assert_int_eq(wga_attr_of(g, "Sappers", "figures"), 3);
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "Sappers"), "arm"), "engineers"); /* LA-UNIT-01 */
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "Sappers"), "order"), "support"); /* LA-UNIT-01 */
    /* LA-SCALE-02: a cavalry regiment of 16 figures */
    ck_assert_int_eq(wga_attr_of(g, "Hussars", "figures"), 16);
    /* LA-UNIT-05, LA-SCALE-03: a battery, a half-battery and regimental guns, a figure a gun: the
       battery in line is six guns' bases wide, three times the pair of regimental guns */
    ck_assert_int_eq(wga_attr_of(g, "Battery", "figures"), 6);     /* LA-SCALE-03 */
    ck_assert_int_eq(wga_attr_of(g, "Battery", "front"), 6);       /* LA-SCALE-03 */
    ck_assert_int_eq(wga_attr_of(g, "Half", "figures"), 4);        /* LA-UNIT-05 */
    ck_assert_int_eq(wga_attr_of(g, "Regimental", "figures"), 2);  /* LA-UNIT-05 */
    ck_assert_int_eq(wga_attr_of(g, "Battery", "width"), 3 * wga_attr_of(g, "Regimental", "width")); /* LA-SCALE-03 */
    ck_assert_int_eq(wga_attr_of(g, "Half", "width"), 2 * wga_attr_of(g, "Regimental", "width"));   /* LA-SCALE-03 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- the men a figure stands for */

/* Three French battalions fire at Red (each die d) with the option `options`: the losses of the
   fires and the figures Red loses. */
static void fire_case(wg_ctx *ctx, const char *options, int d, int *losses, int *lost)
{
    wg_game *g = position(ctx, options,
                          "unit French Blue1 type=line-fusiliers companies=6x3 formation=line front=18 at=700,300 "
                          "facing=0,1 order=hold\n"
                          "unit French Blue2 type=line-fusiliers companies=6x3 formation=line front=18 at=1000,300 "
                          "facing=0,1 order=hold\n"
                          "unit French Blue3 type=line-fusiliers companies=6x3 formation=line front=18 at=1300,300 "
                          "facing=0,1 order=hold\n"
                          "unit Austrians Red type=line-fusiliers companies=8x3 formation=line front=24 at=1000,420 "
                          "facing=0,-1 order=hold\n");
    const char *pf[] = {": fire marker", "fires at Red", NULL};
    size_t e0 = wgp_event_count(g);
    for (int guard = 0; guard < 40 && !wga_has_decision(g, "period 2,"); guard++) {
        if (wga_has_decision(g, "fire at Red"))
            wga_die(g, d);
        else if (wgp_decider(g) == WG_PLAYER_CHANCE)
            wga_die(g, 6);
        else
            wga_drive(g, pf, "period 2,");
    }
    *losses = 0;
    for (size_t k = e0; k < wgp_event_count(g); k++) {
        const char *t = wgp_event(g, k, WG_VIEW_REFEREE);
        const char *p = strstr(t, " losses to Red");
        int l = 0;
        if (strstr(t, "'s fire (die") && p && sscanf(strstr(t, "): ") + 3, "%d", &l) == 1)
            *losses += l;
    }
    *lost = (int)(24 - wga_attr_of(g, "Red", "figures"));
    wg_game_free(g);
}

START_TEST(test_men_per_figure)
{
    wg_ctx *ctx = wga_ctx();
    /* the option's values: 40 men a figure (the default), 30 (the smaller scale), 6 */
    wg_game *g = NULL;
    char *army = army_with(EXTRA_TYPES);
    wga_setup s = {army, NULL, "figure=25", 25, 3, NULL, NULL};
    ck_assert_int_eq(wga_try(&g, ctx, &s, FAR_ENEMY "unit French A type=hussars companies=1x4 formation=line front=4 "
                                                    "at=500,300 facing=0,1 order=hold\n"),
                     WG_EINVAL);
    ck_assert_msg(strstr(wg_ctx_errmsg(ctx), "the values are 40, 6 and 30"), "%s", wg_ctx_errmsg(ctx)); /* LA-SCALE-01 */
    free(army);
    /* the same fire: a figure per 40 losses, or per 30 at the smaller scale */
    int found = 0;
    for (int d = 1; d <= 6; d++) {
        int l40 = 0, f40 = 0, l30 = 0, f30 = 0;
        fire_case(ctx, NULL, d, &l40, &f40);
        fire_case(ctx, "figure=30", d, &l30, &f30);
        ck_assert_int_eq(l40, l30);
        ck_assert_int_eq(f40, l40 / 40); /* LA-SCALE-01: 1 figure = 40 men */
        ck_assert_int_eq(f30, l30 / 30); /* LA-SCALE-01: 1 figure = 30 men */
        found |= f30 > f40;
    }
    ck_assert_msg(found, "no die of the fire tells 30 men a figure from 40"); /* LA-SCALE-01 */
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- distances at both scales */

/* Hussars advance a half-period in line at the scale given: the paces they cover. */
static int64_t advance_at(wg_ctx *ctx, int scale)
{
    char *army = army_with(EXTRA_TYPES);
    wga_setup s = {army, NULL, NULL, scale, 3, NULL, NULL};
    wg_game *g = wga_game(ctx, &s,
                          "unit French H type=hussars companies=1x4 formation=line front=4 at=500,200 facing=0,1 "
                          "order=hold\n" FAR_ENEMY);
    free(army);
    const char *pf[] = {"H: movement marker", NULL};
    drive_to(g, pf, "commits the move of H");
    int64_t y0 = wga_attr_of(g, "H", "y");
    wgp_choose(g, "H: advance");
    drive_to(g, NULL, "half-period 2");
    int64_t dy = wga_attr_of(g, "H", "y") - y0;
    wg_game_free(g);
    return dy;
}

START_TEST(test_both_scales)
{
    wg_ctx *ctx = wga_ctx();
    /* the list's record 'move cavalry line A d25=220 d15=145' ("22025" / "14515" in the source's
       notation): half of each in a half-period, the one of the battle's scale (the last pace lost
       to the integer approach of a move) */
    int64_t d25 = advance_at(ctx, 25), d15 = advance_at(ctx, 15);
    ck_assert_msg(d25 >= 109 && d25 <= 110, "25 mm: %lld", (long long)d25); /* LA-SCALE-06 */
    ck_assert_msg(d15 >= 71 && d15 <= 72, "15 mm: %lld", (long long)d15);   /* LA-SCALE-06 */
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- turns on the spot */

START_TEST(test_quarter_and_half_turns)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = position(
        ctx, NULL,
        "unit French L type=line-fusiliers companies=4x3 formation=line front=12 at=250,300 facing=0,1 order=hold\n"
        "unit French S type=voltigeurs companies=2x3 formation=skirmish front=6 at=650,300 facing=0,1 order=hold\n"
        "unit French D type=line-fusiliers companies=4x3 formation=double-line front=6 at=1000,300 facing=0,1 "
        "order=hold\n"
        "unit French W type=landwehr companies=3x4 formation=line front=12 at=1400,300 facing=0,1 order=hold\n"
        "unit French H type=hussars companies=2x4 formation=line front=8 at=1900,300 facing=0,1 order=hold\n"
        "unit French C type=cuirassiers companies=2x4 formation=line front=8 at=400,650 facing=0,1 order=hold\n"
        "unit French V type=vendeens companies=3x3 formation=irregular-mass front=3 at=900,650 facing=0,1 order=hold\n"
        "unit French K type=cossacks companies=2x4 formation=irregular-mass front=4 at=1400,650 facing=0,1 "
        "order=hold\n" FAR_ENEMY);
    const char *marks[] = {"L: movement marker", "S: movement marker", "D: movement marker", "W: movement marker",
                           "H: movement marker", "C: movement marker", "V: movement marker", "K: movement marker",
                           NULL};
    drive_to(g, marks, "commits the move of L");
    /* LA-MOVE-12: a line makes no quarter-turn on the spot; it may turn about */
    ck_assert(!has_option(g, "L: quarter-turn left")); /* LA-MOVE-12 */
    ck_assert(has_option(g, "L: half-turn"));          /* LA-MOVE-13 */
    size_t e0 = wgp_event_count(g);
    wgp_choose(g, "L: half-turn");
    ck_assert_msg(wga_has_decision(g, "commits the move of S"), "%s", wgp_decision(g));
    /* LA-MOVE-12: skirmishers, a double line turn a quarter on the spot */
    ck_assert(has_option(g, "S: quarter-turn left"));  /* LA-MOVE-12 */
    ck_assert(has_option(g, "S: quarter-turn right")); /* LA-MOVE-12 */
    wgp_choose(g, "S: quarter-turn left");
    ck_assert(has_option(g, "D: quarter-turn right")); /* LA-MOVE-12 */
    wgp_choose(g, "D: quarter-turn right");
    /* militia in line: a half-turn takes a whole period, begun in the first half-period */
    ck_assert(!has_option(g, "W: quarter-turn left")); /* LA-MOVE-12 */
    wgp_choose(g, "W: half-turn");
    wgp_choose(g, "H: half-turn");
    wgp_choose(g, "C: half-turn");
    /* LA-UNIT-26: irregulars turn in any direction: a quarter-turn, a half-turn in half a period */
    ck_assert(has_option(g, "V: quarter-turn left")); /* LA-UNIT-26 */
    ck_assert(has_option(g, "V: half-turn"));         /* LA-UNIT-26 */
    wgp_choose(g, "V: half-turn");
    ck_assert(has_option(g, "K: quarter-turn right")); /* LA-UNIT-26 */
    wgp_choose(g, "K: quarter-turn right");
    drive_to(g, NULL, "half-period 2");
    /* LA-MOVE-13: half a period for regular infantry and light cavalry, a period for militia and
       heavy cavalry (G-47) */
    ck_assert_ptr_nonnull(strstr(event_text(g, e0, "L begins a half-turn"), "(1 half-period)")); /* LA-MOVE-13 */
    ck_assert_ptr_nonnull(strstr(event_text(g, e0, "H begins a half-turn"), "(1 half-period)")); /* LA-MOVE-13 */
    ck_assert_ptr_nonnull(strstr(event_text(g, e0, "W begins a half-turn"), "(2 half-periods)")); /* LA-MOVE-13 */
    ck_assert_ptr_nonnull(strstr(event_text(g, e0, "C begins a half-turn"), "(2 half-periods)")); /* LA-MOVE-13 */
    ck_assert_ptr_nonnull(strstr(event_text(g, e0, "S begins a quarter-turn left"), "(1 half-period)")); /* LA-MOVE-12 */
    /* LA-UNIT-26: irregular infantry below semi-regular turns about in half a period all the same */
    ck_assert_ptr_nonnull(strstr(event_text(g, e0, "V begins a half-turn"), "(1 half-period)")); /* LA-UNIT-26 */
    wga_expect(g, e0, "L has made a half-turn", "LA-MOVE-13");
    wga_expect(g, e0, "S has made a quarter-turn left", "LA-MOVE-12");
    wga_expect(g, e0, "K has made a quarter-turn right", "LA-MOVE-12");
    wga_no_event(g, e0, "W has made");
    wga_no_event(g, e0, "C has made");
    /* the facings: about, left (from (0, 1) to (-1, 0)), right */
    ck_assert_int_eq(wga_attr_of(g, "L", "facing_y"), -1); /* LA-MOVE-13 */
    ck_assert_int_eq(wga_attr_of(g, "S", "facing_x"), -1); /* LA-MOVE-12 */
    ck_assert_int_eq(wga_attr_of(g, "S", "facing_y"), 0);
    ck_assert_int_eq(wga_attr_of(g, "D", "facing_x"), 1); /* LA-MOVE-12 */
    ck_assert_int_eq(wga_attr_of(g, "K", "facing_x"), 1); /* LA-UNIT-26 */
    ck_assert_int_eq(wga_attr_of(g, "V", "facing_y"), -1); /* LA-UNIT-26 */
    ck_assert_int_eq(wga_attr_of(g, "W", "facing_y"), 1); /* LA-MOVE-13: still turning */
    ck_assert_int_eq(wga_attr_of(g, "C", "facing_y"), 1);
    /* the second half-period: the militia and the cuirassiers, busy turning, only halt */
    ck_assert_msg(wga_has_decision(g, "commits the move of W") || wga_has_decision(g, "commits the move of L"), "%s",
                  wgp_decision(g));
    e0 = wgp_event_count(g);
    for (int guard = 0; guard < 20 && wga_has_decision(g, "half-period 2"); guard++) {
        if (wga_has_decision(g, "commits the move of W") || wga_has_decision(g, "commits the move of C")) {
            ck_assert_int_eq(wgp_option_count(g), 1); /* LA-MOVE-13 */
            ck_assert(has_option(g, ": halt"));
        }
        wga_drive(g, NULL, "commits the move of");
        if (wga_has_decision(g, "commits the move of"))
            wgp_choose(g, ": halt");
    }
    wga_expect(g, e0, "W has made a half-turn", "LA-MOVE-13"); /* LA-MOVE-13 */
    wga_expect(g, e0, "C has made a half-turn", "LA-MOVE-13"); /* LA-MOVE-13 */
    ck_assert_int_eq(wga_attr_of(g, "W", "facing_y"), -1);     /* LA-MOVE-13 */
    ck_assert_int_eq(wga_attr_of(g, "C", "facing_y"), -1);     /* LA-MOVE-13 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- changes by a quarter-turn */

START_TEST(test_quarter_turn_changes)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = position(
        ctx, NULL,
        "unit French M type=line-fusiliers companies=4x3 formation=march front=2 at=600,400 facing=0,1 order=hold\n"
        "unit French N type=line-fusiliers companies=4x3 formation=line front=12 at=1500,400 facing=0,1 order=hold\n"
        "unit French Q type=hussars companies=2x3 formation=march front=2 at=2100,400 facing=0,1 order=hold\n"
        FAR_ENEMY);
    const char *marks[] = {"M: change of formation marker", "N: change of formation marker",
                           "Q: change of formation marker", NULL};
    drive_to(g, marks, "commits the move of M");
    /* LA-FORMTIME-11: any column of march to line by a quarter-turn left or right */
    ck_assert(has_option(g, "M: change formation to line by a quarter-turn left"));  /* LA-FORMTIME-11 */
    ck_assert(has_option(g, "M: change formation to line by a quarter-turn right")); /* LA-FORMTIME-11 */
    ck_assert(!has_option(g, "M: change formation to attack by a quarter-turn"));
    size_t e0 = wgp_event_count(g);
    wgp_choose(g, "M: change formation to line by a quarter-turn left");
    /* and back: a line to column of march */
    ck_assert(has_option(g, "N: change formation to march by a quarter-turn right")); /* LA-FORMTIME-11 */
    wgp_choose(g, "N: change formation to march by a quarter-turn right");
    ck_assert(has_option(g, "Q: change formation to line by a quarter-turn left")); /* LA-FORMTIME-11: cavalry too */
    wgp_choose(g, "Q: change formation to line by a quarter-turn left");
    drive_to(g, NULL, "half-period 2");
    /* half a period, where T4 gives more for the change by the front */
    wga_expect(g, e0, "M begins to form line by a quarter-turn left (1 half-period)", "LA-FORMTIME-11");
    wga_expect(g, e0, "N begins to form march by a quarter-turn right (1 half-period)", "LA-FORMTIME-11");
    wga_expect(g, e0, "Q begins to form line by a quarter-turn left (1 half-period)", "LA-FORMTIME-11");
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "M"), "formation"), "line");  /* LA-FORMTIME-11 */
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "N"), "formation"), "march"); /* LA-FORMTIME-11 */
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "Q"), "formation"), "line");  /* LA-FORMTIME-11 */
    /* the column faced (0, 1): its line faces left, (-1, 0); the line's column faces right */
    ck_assert_int_eq(wga_attr_of(g, "M", "facing_x"), -1); /* LA-FORMTIME-11 */
    ck_assert_int_eq(wga_attr_of(g, "M", "facing_y"), 0);
    ck_assert_int_eq(wga_attr_of(g, "M", "front"), 12);
    ck_assert_int_eq(wga_attr_of(g, "N", "facing_x"), 1); /* LA-FORMTIME-11 */
    ck_assert_int_eq(wga_attr_of(g, "Q", "facing_x"), -1);
    wg_game_free(g);

    /* the same column changing by the front takes T4's time, more than half a period */
    g = position(ctx, NULL,
                 "unit French M type=line-fusiliers companies=4x3 formation=march front=2 at=600,400 facing=0,1 "
                 "order=hold\n" FAR_ENEMY);
    const char *m2[] = {"M: change of formation marker", NULL};
    drive_to(g, m2, "commits the move of M");
    e0 = wgp_event_count(g);
    wgp_choose(g, "M: change formation to line");
    const char *t = event_text(g, e0, "M begins to form line (");
    int n = 0;
    ck_assert_int_eq(sscanf(strchr(t, '('), "(%d half-period", &n), 1);
    ck_assert_int_gt(n, 1); /* LA-FORMTIME-11: the quarter-turn is the quicker */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- irregulars' fronts */

START_TEST(test_irregular_fronts)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = position(
        ctx, NULL,
        "unit French V type=vendeens companies=6x6 formation=irregular-mass front=6 at=400,400 facing=0,1 order=hold\n"
        "unit French R type=chouans companies=6x6 formation=irregular-mass front=6 at=1000,400 facing=0,1 order=hold\n"
        "unit French K type=cossacks companies=2x4 formation=irregular-mass front=4 at=1600,400 facing=0,1 order=hold\n"
        FAR_ENEMY);
    const char *marks[] = {"V: change of formation marker", "R: change of formation marker",
                           "K: change of formation marker", NULL};
    drive_to(g, marks, "commits the move of V");
    /* LA-UNIT-26: widen or narrow the front */
    ck_assert(has_option(g, "V: widen the front"));  /* LA-UNIT-26 */
    ck_assert(has_option(g, "V: narrow the front")); /* LA-UNIT-26 */
    size_t e0 = wgp_event_count(g);
    wgp_choose(g, "V: widen the front");
    wgp_choose(g, "R: widen the front");
    ck_assert(has_option(g, "K: narrow the front")); /* LA-UNIT-26 */
    wgp_choose(g, "K: narrow the front");
    /* LA-UNIT-26: half a period; LA-UNIT-24: half a period more below semi-regular (Vendéens and
       cossacks are irregular, I), once (G-48) */
    wga_expect(g, e0, "R begins to form irregular-mass (1 half-period)", "LA-UNIT-26"); /* LA-UNIT-26 */
    wga_expect(g, e0, "V begins to form irregular-mass (2 half-periods)", "LA-UNIT-26"); /* LA-UNIT-24 */
    wga_expect(g, e0, "K begins to form irregular-mass (2 half-periods)", "LA-UNIT-26"); /* LA-UNIT-24 */
    drive_to(g, NULL, "half-period 2");
    ck_assert_int_eq(wga_attr_of(g, "R", "front"), 12); /* LA-UNIT-26: twice the front */
    ck_assert_int_eq(wga_attr_of(g, "V", "front"), 6);  /* LA-UNIT-24: still changing */
    drive_to(g, NULL, "period 2,");
    ck_assert_int_eq(wga_attr_of(g, "V", "front"), 12); /* LA-UNIT-26 */
    ck_assert_int_eq(wga_attr_of(g, "K", "front"), 2); /* LA-UNIT-26: half the front */
    /* LA-UNIT-26: at most twice the initial front: R at 12 (twice 6) widens no more, its one change
       is to narrow the front, taken without a decision */
    size_t e1 = wgp_event_count(g);
    const char *m2[] = {"R: change of formation marker", NULL};
    wga_drive(g, m2, "period 3,");
    wga_expect(g, e1, "R begins to form irregular-mass (1 half-period)", "LA-UNIT-26"); /* LA-UNIT-26 */
    ck_assert_int_eq(wga_attr_of(g, "R", "front"), 6);  /* LA-UNIT-26 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- the Guard */

/* Blue charges Red (type `type`, morale -10): Red's test to receive the charge with die 1. */
static const char *guard_case(wg_ctx *ctx, const char *type, char *out, size_t cap)
{
    char units[1024];
    snprintf(units, sizeof units,
             "unit French Blue type=line-fusiliers companies=4x3 formation=line front=12 at=500,300 facing=0,1 "
             "order=hold\n"
             "unit Austrians Red type=%s companies=4x3 formation=line front=12 at=500,380 facing=0,-1 order=hold\n",
             type);
    wg_game *g = position(ctx, "break=none", units);
    const char *pc[] = {"Blue: charge marker", "Blue charges Red", NULL};
    wga_drive(g, pc, NULL);
    ck_assert_msg(wga_has_decision(g, "Red's morale test"), "%s", wgp_decision(g));
    size_t e0 = wgp_event_count(g);
    wga_die(g, 1);
    snprintf(out, cap, "%s", event_text(g, e0, "Red tests"));
    /* the state it takes */
    snprintf(out + strlen(out), cap - strlen(out), " | %s", wga_text(g, (size_t)wga_piece(g, "Red"), "morale"));
    wg_game_free(g);
    return out;
}

START_TEST(test_guard_never_routs)
{
    wg_ctx *ctx = wga_ctx();
    char line[256], guard[256];
    guard_case(ctx, "shaky-line", line, sizeof line);
    guard_case(ctx, "old-guard", guard, sizeof guard);
    /* the same test, the same total: the line routs or flees, the Guard retreats */
    ck_assert_msg(strstr(line, "routing") || strstr(line, "fleeing"), "%s", line);
    ck_assert_msg(!strstr(guard, "routing") && !strstr(guard, "fleeing"), "%s", guard); /* LA-UNIT-14 */
    ck_assert_msg(strstr(guard, ": retreating | retreating"), "%s", guard);             /* LA-UNIT-14 */
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- columns */

START_TEST(test_columns)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = position(
        ctx, NULL,
        "unit French M type=line-fusiliers companies=4x3 formation=march front=2 at=400,300 facing=0,1 order=hold\n"
        "unit French L type=line-fusiliers companies=4x3 formation=line front=12 at=900,300 facing=0,1 order=hold\n"
        "unit French A type=line-fusiliers companies=4x3 formation=attack front=4 at=1400,300 facing=0,1 order=hold\n"
        /* LA-FORM-24: a cavalry column of division, two squadrons in front */
        "unit French H type=hussars companies=6x4 formation=division front=8 at=2000,300 facing=0,1 order=hold\n"
        FAR_ENEMY);
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "H"), "formation"), "division"); /* LA-FORM-24 */
    ck_assert_int_eq(wga_attr_of(g, "H", "front"), 8);                                 /* LA-FORM-24 */
    const char *marks[] = {"M: movement marker", "L: movement marker", "A: movement marker", "H: movement marker", NULL};
    drive_to(g, marks, "commits the move of M");
    /* LA-FORM-16: the column of march alone marches forced */
    ck_assert(has_option(g, "M: forced march")); /* LA-FORM-16 */
    wgp_choose(g, "M: advance");
    ck_assert(!has_option(g, "L: forced march")); /* LA-FORM-16 */
    wgp_choose(g, "L: advance");
    ck_assert(!has_option(g, "A: forced march")); /* LA-FORM-16 */
    wgp_choose(g, "A: advance");
    ck_assert(!has_option(g, "H: forced march")); /* LA-FORM-16 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST


/* ---------------------------------------------------------------- ranges and equivalence */

/* Whether French Blue (type `type`) may fire at Red whose front stands `gap` paces before its own:
   the fire odds answer only for a target in sight, range and arc. */
static int in_range(wg_ctx *ctx, const char *type, int gap, int scale)
{
    char units[1024];
    snprintf(units, sizeof units,
             "unit French Blue type=%s companies=2x3 formation=line front=6 at=1000,300 facing=0,1 order=hold\n"
             "unit Austrians Red type=line-fusiliers companies=2x3 formation=line front=6 at=1000,%d facing=0,-1 "
             "order=hold\n",
             type, 300 + gap);
    char *army = army_with(EXTRA_TYPES);
    wga_setup s = {army, NULL, NULL, scale, 3, NULL, NULL};
    wg_game *g = wga_game(ctx, &s, units);
    free(army);
    int rc = wga_odds(g, "fire from=1 at=2");
    wg_game_free(g);
    return rc == WG_OK;
}

START_TEST(test_weapon_ranges)
{
    wg_ctx *ctx = wga_ctx();
    /* the musket (fusil) at 200 paces as first printed, 150 at 15 mm (the fire section's set, the
       list's choice, G-07); the mousquet 150 */
    ck_assert(in_range(ctx, "line-fusiliers", 195, 25));  /* LA-UNIT-18 */
    ck_assert(!in_range(ctx, "line-fusiliers", 205, 25)); /* LA-UNIT-18 */
    ck_assert(in_range(ctx, "line-fusiliers", 145, 15));  /* LA-UNIT-18 */
    ck_assert(!in_range(ctx, "line-fusiliers", 155, 15)); /* LA-UNIT-18 */
    ck_assert(in_range(ctx, "landwehr", 145, 25));        /* LA-UNIT-18 */
    ck_assert(!in_range(ctx, "landwehr", 155, 25));       /* LA-UNIT-18 */
    wg_ctx_free(ctx);
}
END_TEST

START_TEST(test_cavalry_against_irregulars)
{
    wg_ctx *ctx = wga_ctx();
    /* the printed example: a cavalry front of 6 figures against irregular cavalry with a front of 12 */
    wg_game *g = position(ctx, "break=none",
                          "unit French Blue type=hussars companies=2x3 formation=line front=6 at=1000,560 facing=0,1 "
                          "order=attack toward=1000,900\n"
                          "unit Austrians Red type=cossacks companies=3x4 formation=irregular-mass front=12 at=1000,600 "
                          "facing=0,-1 order=hold\n");
    const char *pc[] = {"Blue: charge marker", "Blue charges Red", NULL};
    for (int k = 0; k < 6 && !wga_has_decision(g, "in its melee with"); k++) {
        wga_drive(g, pc, "in its melee with");
        wga_obey(g);
    }
    ck_assert_msg(wga_has_decision(g, "in its melee with"), "%s", wgp_decision(g));
    /* the cavalry has the smaller front: all 6 of its figures fight */
    wga_odds_ok(g, "melee from=1 at=2");
    wga_odds_has("\"name\":\"figures\",\"value\":6,"); /* LA-SCALE-14 */
    /* it equals 5 irregular figures, and the irregulars add an overlap figure at each end: 7 */
    wga_odds_ok(g, "melee from=2 at=1");
    wga_odds_has("\"name\":\"figures\",\"value\":7,"); /* LA-SCALE-14 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- massed order */

/* Drives a French unit's change of formation: unit `u` takes a Change of formation marker and the
   change labelled `label`; the game is driven to the period after the change is done.  The
   half-periods the change takes (from its event) are returned. */
static int change(wg_game *g, const char *u, const char *label)
{
    char mark[64], commit[64], lab[96], begun[96];
    snprintf(mark, sizeof mark, "%s: change of formation marker", u);
    snprintf(commit, sizeof commit, "commits the move of %s", u);
    snprintf(lab, sizeof lab, "%s: %s", u, label);
    snprintf(begun, sizeof begun, "%s begins to form", u);
    const char *pm[] = {mark, NULL};
    drive_to(g, pm, commit);
    size_t e0 = wgp_event_count(g);
    wgp_choose(g, lab);
    const char *stop = wgp_decision(g);
    int period = 0;
    ck_assert_int_eq(sscanf(stop, "period %d", &period), 1);
    char next[32];
    snprintf(next, sizeof next, "period %d,", period + 1);
    const char *t = event_text(g, e0, begun);
    int n = 0;
    ck_assert_int_eq(sscanf(strchr(t, '('), "(%d half-period", &n), 1);
    /* the periods it lasts */
    for (int p = 0; p < (n + 1) / 2; p++) {
        snprintf(next, sizeof next, "period %d,", period + 1 + p);
        wga_drive(g, NULL, next);
    }
    return n;
}

START_TEST(test_massed_order)
{
    wg_ctx *ctx = wga_ctx();
    char *army = army_with(EXTRA_TYPES);
    wga_setup s = {army, NULL, NULL, 25, 12, NULL, NULL};
    wg_game *g = wga_game(
        ctx, &s,
        "unit French A type=line-fusiliers companies=4x3 formation=attack front=4 at=400,300 facing=0,1 order=hold\n"
        "unit French L type=line-fusiliers companies=4x3 formation=line front=12 at=1000,300 facing=0,1 order=hold\n"
        "unit French X type=line-fusiliers companies=6x3 formation=extended-division front=6 at=1600,300 facing=0,1 "
        "order=hold\n"
        "unit French B type=line-fusiliers companies=4x4 formation=division front=4 at=2100,300 facing=0,1 order=hold\n"
        FAR_ENEMY);
    free(army);
    const char *marks[] = {"A: change of formation marker", "L: change of formation marker",
                           "X: change of formation marker", NULL};
    drive_to(g, marks, "commits the move of A");
    /* LA-FORM-04, LA-FORM-17: only a column of attack or of division masses; not a line, not an
       extended column of division */
    ck_assert(has_option(g, "A: change formation to mass")); /* LA-FORM-17 */
    wgp_choose(g, "A: change formation to line");
    ck_assert(!has_option(g, "L: change formation to mass")); /* LA-FORM-04 */
    wgp_choose(g, "L: change formation to march");
    ck_assert(!has_option(g, "X: change formation to mass")); /* LA-FORM-17 */
    wg_game_free(g);

    army = army_with(EXTRA_TYPES);
    s.army = army;
    g = wga_game(ctx, &s,
                 "unit French A type=line-fusiliers companies=4x3 formation=attack front=4 at=400,300 facing=0,1 "
                 "order=hold\n"
                 "unit French B type=line-fusiliers companies=4x4 formation=division front=4 at=1000,300 facing=0,1 "
                 "order=hold\n" FAR_ENEMY);
    free(army);
    int64_t depth3 = wga_attr_of(g, "A", "depth"), depth4 = wga_attr_of(g, "B", "depth");
    ck_assert_int_eq(depth3 * 4, depth4 * 3);
    ck_assert(!wga_has_attr(g, (size_t)wga_piece(g, "A"), "off_table"));
    change(g, "A", "change formation to mass");
    change(g, "B", "change formation to mass");
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "A"), "formation"), "mass");
    /* 3 ranks of 4 keep 2 (half, rounded up), the same front: 4 figures leave the table */
    ck_assert_int_eq(wga_attr_of(g, "A", "front"), 4);                /* LA-FORM-04 */
    ck_assert_int_eq(wga_attr_of(g, "A", "off_table"), 4);            /* LA-FORM-04, G-22 */
    ck_assert_int_eq(wga_attr_of(g, "A", "depth") * 3, depth3 * 2);   /* LA-FORM-17 */
    ck_assert_int_eq(wga_attr_of(g, "A", "figures"), 12);             /* off the table, not lost */
    /* 4 ranks keep 2: half the figures */
    ck_assert_int_eq(wga_attr_of(g, "B", "off_table"), 8);            /* LA-FORM-17 */
    ck_assert_int_eq(wga_attr_of(g, "B", "depth") * 2, depth4);       /* LA-FORM-17 */
    /* LA-FORM-05: halted, the column of mass forms a solid square in half a period, and back */
    ck_assert_int_eq(change(g, "A", "change formation to solid-square"), 1); /* LA-FORM-05 */
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "A"), "formation"), "solid-square");
    ck_assert_int_eq(wga_attr_of(g, "A", "off_table"), 4);
    /* the solid square does not move: under a Movement marker, no advance */
    const char *mm[] = {"A: movement marker", NULL};
    drive_to(g, mm, "commits the move of A");
    ck_assert(!has_option(g, "A: advance"));
    ck_assert(!has_option(g, "A: move to a point"));
    ck_assert(has_option(g, "A: quarter-turn left")); /* LA-MOVE-12: a solid square turns a quarter */
    wgp_choose(g, "A: quarter-turn left");
    ck_assert_int_eq(change(g, "A", "change formation to mass"), 1); /* LA-FORM-05 */
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "A"), "formation"), "mass");
    /* unmassing: the figures come back */
    change(g, "A", "change formation to attack");
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "A"), "formation"), "attack");
    ck_assert(!wga_has_attr(g, (size_t)wga_piece(g, "A"), "off_table")); /* G-22 */
    ck_assert_int_eq(wga_attr_of(g, "A", "depth"), depth3);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Blue's cavalry charges Red's infantry, in mass or in column of attack; the melee's first turn with dice (da,
   db) on a clone: the losses each inflicts, whether Blue wins, Red's cohesion after, the rule of the
   change. */
typedef struct melee_out {
    int blue_losses, red_losses, blue_wins;
    char cohesion[32], rule[32];
} melee_out;

static wg_game *charge_on(wg_ctx *ctx, const char *cavalry, const char *infantry, const char *formation)
{
    char units[1024];
    snprintf(units, sizeof units,
             "unit French Blue type=%s formation=line front=12 at=1000,560 facing=0,1 "
             "order=attack toward=1000,900\n"
             "unit Austrians Red type=%s companies=4x4 formation=%s front=4 at=1000,600 facing=0,-1 "
             "order=hold\n",
             cavalry, infantry, formation);
    wg_game *g = position(ctx, "break=none", units);
    const char *pc[] = {"Blue: charge marker", "Blue charges Red", NULL};
    for (int k = 0; k < 6 && !wga_has_decision(g, "in its melee with"); k++) {
        wga_drive(g, pc, "in its melee with");
        wga_obey(g);
    }
    ck_assert_msg(wga_has_decision(g, "in its melee with"), "%s", wgp_decision(g));
    return g;
}

static melee_out melee_turn(wg_game *src, int da, int db)
{
    melee_out o;
    memset(&o, 0, sizeof o);
    wg_game *g = NULL;
    ck_assert_int_eq(wg_game_clone(&g, src), WG_OK);
    size_t e0 = wgp_event_count(g);
    wga_die(g, da);
    wga_die(g, db);
    const char *t = event_text(g, e0, "Blue fights Red");
    ck_assert_int_eq(sscanf(strstr(t, "figures: ") + 9, "%d", &o.blue_losses), 1);
    t = event_text(g, e0, "Red fights Blue");
    ck_assert_int_eq(sscanf(strstr(t, "figures: ") + 9, "%d", &o.red_losses), 1);
    o.blue_wins = wgp_find_event(g, e0, "Blue wins the melee", WG_VIEW_REFEREE) >= 0;
    snprintf(o.cohesion, sizeof o.cohesion, "%s", wga_text(g, (size_t)wga_piece(g, "Red"), "cohesion"));
    long m = wgp_find_event(g, e0, "wins the melee", WG_VIEW_REFEREE);
    if (m >= 0)
        snprintf(o.rule, sizeof o.rule, "%s", wga_rule(g, m));
    wg_game_free(g);
    return o;
}

START_TEST(test_mass_breaks_like_a_square)
{
    wg_ctx *ctx = wga_ctx();
    /* heavy cavalry against militia, light cavalry against line infantry: the mass beaten by more and
       by less than twice what it inflicts */
    static const char *const match[2][2] = {{"cuirassiers companies=3x4", "landwehr"},
                                            {"hussars companies=3x4", "line-fusiliers"}};
    int broken = 0, held = 0;
    for (int mt = 0; mt < 2; mt++) {
        wg_game *mass = charge_on(ctx, match[mt][0], match[mt][1], "mass");
        wg_game *column = charge_on(ctx, match[mt][0], match[mt][1], "attack");
        /* the cavalry's contact leaves the mass formed, not the column (LA-DISORG-04) */
        ck_assert_str_eq(wga_text(mass, (size_t)wga_piece(mass, "Red"), "cohesion"), "formed"); /* LA-FORM-04 */
        ck_assert_str_ne(wga_text(column, (size_t)wga_piece(column, "Red"), "cohesion"), "formed");
        for (int da = 1; da <= 6; da++)
            for (int db = 1; db <= 6; db++) {
                melee_out o = melee_turn(mass, da, db);
                if (!o.blue_wins)
                    continue;
                if (o.red_losses * 2 <= o.blue_losses) {
                    /* twice the losses it inflicts: broken, in disorder */
                    ck_assert_msg(strcmp(o.cohesion, "in disorder") == 0, "%d/%d: %s", da, db, o.cohesion); /* LA-FORM-04 */
                    ck_assert_str_eq(o.rule, "LA-FORM-04"); /* LA-FORM-17 */
                    broken++;
                } else {
                    /* beaten by less: not broken */
                    ck_assert_msg(strcmp(o.cohesion, "in disorder") != 0, "%d/%d: %s", da, db, o.cohesion); /* LA-FORM-04 */
                    held++;
                }
            }
        wg_game_free(mass);
        wg_game_free(column);
    }
    ck_assert_int_gt(broken, 0);
    ck_assert_int_gt(held, 0);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- limbered artillery */

START_TEST(test_limbered_in_line)
{
    wg_ctx *ctx = wga_ctx();
    /* a battery limbered on a section's front (2 figures), and one limbered in line (6) */
    wg_game *g = position(ctx, NULL,
                          "unit French C type=foot-battery companies=3x2 formation=limbered front=2 at=500,300 facing=0,1 "
                          "order=deny zone=500,800 radius=100\n"
                          "unit French W type=foot-battery companies=3x2 formation=limbered front=6 at=1200,300 "
                          "facing=0,1 order=support target=C\n" FAR_ENEMY);
    const char *marks[] = {"C: movement marker", "W: movement marker", NULL};
    drive_to(g, marks, "commits the move of C");
    int64_t c0 = wga_attr_of(g, "C", "y"), w0 = wga_attr_of(g, "W", "y");
    /* LA-UNIT-17: a forced march on a section's front only */
    ck_assert(has_option(g, "C: forced march")); /* LA-UNIT-17 */
    wgp_choose(g, "C: advance");
    ck_assert(!has_option(g, "W: forced march")); /* LA-UNIT-17 */
    wgp_choose(g, "W: advance");
    drive_to(g, NULL, "half-period 2");
    /* foot artillery limbered, manoeuvre B: 150 a period, 75 a half-period; in line 20 paces less a
       period, 65 (the last pace lost to the integer approach of a move) */
    int64_t dc = wga_attr_of(g, "C", "y") - c0, dw = wga_attr_of(g, "W", "y") - w0;
    ck_assert_msg(dc >= 74 && dc <= 75, "%lld", (long long)dc); /* LA-UNIT-17 */
    ck_assert_msg(dw >= 64 && dw <= 65, "%lld", (long long)dw); /* LA-UNIT-17: the penalty of 20 paces */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("aigles_units");
    TCase *tc = tcase_create("units");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_tactical_units);
    tcase_add_test(tc, test_men_per_figure);
    tcase_add_test(tc, test_both_scales);
    tcase_add_test(tc, test_quarter_and_half_turns);
    tcase_add_test(tc, test_quarter_turn_changes);
    tcase_add_test(tc, test_irregular_fronts);
    tcase_add_test(tc, test_guard_never_routs);
    tcase_add_test(tc, test_columns);
    tcase_add_test(tc, test_weapon_ranges);
    tcase_add_test(tc, test_cavalry_against_irregulars);
    tcase_add_test(tc, test_massed_order);
    tcase_add_test(tc, test_mass_breaks_like_a_square);
    tcase_add_test(tc, test_limbered_in_line);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return wgt_run(suite()); }

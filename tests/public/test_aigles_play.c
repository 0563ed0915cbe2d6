/* Les Aigles rules proven by play through the public API: the sequence of a period, the secret
   markers, movement (advances, obliques, backward moves, wheels, precise moves and their
   refusals), the terrain's costs, changes of formation, charges, counter-charges and dodges.
   Every position is built from host documents written here (a table, a battle of a few units;
   the bundled sample army list), every decision is taken by its label or with the parameters of
   a precise move, and every result is read from option labels, piece attributes, events and the
   describe text.  Checklist items are cited next to the assertions that prove them.  Lengths:
   piece attributes are in paces (mm at 25 mm), precise-move parameters in table units (1/100 mm). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgaigles.h"
#include "wgplay.h"

/* ---------------------------------------------------------------- positions */

/* ---------------------------------------------------------------- deciding */

static int64_t isqrt(int64_t v)
{
    int64_t r = 0;
    while ((r + 1) * (r + 1) <= v)
        r++;
    return r;
}

/* ---------------------------------------------------------------- the period */

/* French A (line) and B (division), Austrian C (line), 700 paces apart: nobody in reach. */
static const char *THREE =
    "unit French A type=line-fusiliers companies=4x3 formation=line front=12 at=600,300 facing=0,1 order=hold\n"
    "unit French B type=line-fusiliers companies=4x3 formation=division front=4 at=300,300 facing=0,1 order=hold\n"
    "unit Austrians C type=line-fusiliers companies=4x3 formation=line front=12 at=600,1000 facing=0,-1 "
    "order=hold\n";

START_TEST(test_sequence_of_play)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = wga_battle(ctx, NULL, THREE, NULL);
    ck_assert_int_eq(wgp_find_event(g, 0, "period 1 begins", 0), 0);
    ck_assert_str_eq(wga_rule(g, 0), "LA-SEQ-01");
    /* phase 1: every unit receives its marker, the French first, then the Austrians (LA-MARKERS-01) */
    WGA_ASSERT_DECISION(g, "period 1, phase 1: French places the marker of A"); /* LA-SEQ-01 */
    wgp_choose(g, "A: movement marker");
    WGA_ASSERT_DECISION(g, "phase 1: French places the marker of B");
    wgp_choose(g, "B: fire marker");
    WGA_ASSERT_DECISION(g, "phase 1: Austrians places the marker of C"); /* LA-MARKERS-01 */
    size_t before = wgp_event_count(g);
    wgp_choose(g, "C: none marker");
    /* phase 2: the markers turned over together, after the last one is placed (LA-MARKERS-09) */
    size_t ra = (size_t)wga_event(g, before, "A's marker turned over: movement");
    size_t rb = (size_t)wga_event(g, before, "B's marker turned over: fire");
    size_t rc = (size_t)wga_event(g, before, "C's marker turned over: none");
    ck_assert_str_eq(wga_rule(g, ra), "LA-MARKERS-09");
    ck_assert_str_eq(wga_rule(g, rb), "LA-MARKERS-09");
    ck_assert_str_eq(wga_rule(g, rc), "LA-MARKERS-09");
    ck_assert_int_lt(wgp_find_event(g, before, "marker placed", WG_VIEW_REFEREE), (long)ra); /* LA-SEQ-01 */
    ck_assert_int_lt(wgp_find_event(g, ra, "marker placed", WG_VIEW_REFEREE), 0);
    /* phase 3, the first half-period: B (Fire) and C (none) follow their markers and stay: only A
       decides (LA-SEQ-03, LA-MARKERS-04, -05) */
    WGA_ASSERT_DECISION(g, "phase 3, half-period 1: French commits the move of A"); /* LA-SEQ-01 */
    wgp_choose(g, "A: advance");
    /* the second half-period: A moved 45 paces (line speed 90 a period), B and C stayed */
    WGA_ASSERT_DECISION(g, "phase 3, half-period 2: French commits the move of A"); /* LA-SEQ-03 */
    ck_assert_int_eq(wga_attr(g, 0, "y"), 344);                                    /* 45 paces less 1/100 mm */
    ck_assert_int_eq(wga_attr(g, 1, "y"), 300);
    ck_assert_int_eq(wga_attr(g, 2, "y"), 1000);                                   /* LA-MARKERS-04 */
    wgp_choose(g, "A: halt");
    /* B obeyed its Fire marker in the first half-period; in the second it may move (LA-MARKERS-05) */
    WGA_ASSERT_DECISION(g, "half-period 2: French commits the move of B"); /* LA-MARKERS-05 */
    wgp_choose(g, "B: halt");
    /* C without a marker moves in the second half-period (LA-MARKERS-04) */
    WGA_ASSERT_DECISION(g, "half-period 2: Austrians commits the move of C");
    ck_assert_int_ge(wgp_find(g, "C: halt"), 0);
    before = wgp_event_count(g);
    wgp_choose(g, "C: advance");
    size_t mv = (size_t)wga_event(g, before, "C: advance from (600, 1000) to (600, 955)"); /* LA-MARKERS-04 */
    ck_assert_int_eq(wga_attr(g, 2, "y"), 955);
    /* nothing to fire at, no melee: the next period */
    size_t p2 = (size_t)wga_event(g, mv, "period 2 begins");
    ck_assert_str_eq(wga_rule(g, p2), "LA-SEQ-01");
    WGA_ASSERT_DECISION(g, "period 2, phase 1: French places the marker of A"); /* LA-SEQ-01 */
    int turn = 0;
    ck_assert_int_eq(wg_game_turn(&turn, g), WG_OK);
    ck_assert_int_eq(turn, 2);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

START_TEST(test_markers_hidden)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = wga_battle(ctx, NULL, THREE, NULL);
    size_t e = wgp_event_count(g);
    wgp_choose(g, "A: fire marker");
    /* the French see their marker, the Austrians a marker face down (LA-MARKERS-01) */
    ck_assert_ptr_nonnull(strstr(wgp_event(g, e, 0), "A: fire marker placed"));
    ck_assert_ptr_nonnull(strstr(wgp_event(g, e, 1), "A: a marker placed face down"));
    ck_assert_ptr_null(strstr(wgp_event(g, e, 1), "fire"));
    const char *tag = NULL;
    ck_assert_int_eq(wg_game_event_rule_for(&tag, g, e, 1), WG_OK);
    ck_assert_str_eq(tag, "LA-MARKERS-01");
    int rc = 0;
    ck_assert_str_eq(wga_text_for(g, 0, 0, "marker", &rc), "fire");
    wga_text_for(g, 1, 0, "marker", &rc);
    ck_assert_int_eq(rc, WG_ENOTFOUND); /* LA-MARKERS-09: not before the turn-over */
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 0), "[fire]"));
    ck_assert_ptr_null(strstr(wgp_describe(g, 1), "[fire]"));
    wgp_choose(g, "B: movement marker");
    /* the Austrians place theirs still without knowing */
    WGA_ASSERT_DECISION(g, "Austrians places the marker of C");
    wga_text_for(g, 1, 0, "marker", &rc);
    ck_assert_int_eq(rc, WG_ENOTFOUND); /* LA-MARKERS-09 */
    ck_assert_ptr_null(strstr(wgp_describe(g, 1), "[fire]"));
    e = wgp_event_count(g);
    wgp_choose(g, "C: movement marker");
    ck_assert_ptr_nonnull(strstr(wgp_event(g, e, 0), "C: a marker placed face down"));
    /* turned over: every side reads every marker (LA-MARKERS-09) */
    ck_assert_str_eq(wga_text_for(g, 1, 0, "marker", &rc), "fire");
    ck_assert_str_eq(wga_text_for(g, 0, 2, "marker", &rc), "movement");
    ck_assert_int_ge(wgp_find_event(g, e, "A's marker turned over: fire", 1), 0);
    ck_assert_ptr_nonnull(strstr(wgp_describe(g, 1), "[fire]"));
    /* moves are committed sealed and resolved together (LA-MOVE-01) */
    WGA_ASSERT_DECISION(g, "half-period 1: French commits the move of B");
    e = wgp_event_count(g);
    wgp_choose(g, "B: advance");
    WGA_ASSERT_DECISION(g, "half-period 1: Austrians commits the move of C");
    ck_assert_ptr_nonnull(strstr(wgp_event(g, e, 0), "B: committed: advance"));
    ck_assert_ptr_nonnull(strstr(wgp_event(g, e, 1), "B: a move committed, sealed")); /* LA-MOVE-01 */
    ck_assert_ptr_null(strstr(wgp_event(g, e, 1), "advance"));
    ck_assert_str_eq(wga_text_for(g, 0, 1, "committed", &rc), "advance");
    wga_text_for(g, 1, 1, "committed", &rc);
    ck_assert_int_eq(rc, WG_ENOTFOUND); /* LA-MOVE-01 */
    ck_assert_int_eq(wga_attr(g, 1, "y"), 300); /* not moved before the other side commits */
    wgp_choose(g, "C: advance");
    ck_assert_int_eq(wga_attr(g, 1, "y"), 359); /* both moved together: 60 paces */
    ck_assert_int_eq(wga_attr(g, 2, "y"), 955);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- markers */

/* French facing an Austrian line 100 paces off: a line (L), a column (K), skirmishers (S), a square
   (Q), a battery in battery (Bat), a limbered battery (Lim), hussars (Hus). */
static const char *MARKER_UNITS =
    "unit French L type=line-fusiliers companies=4x3 formation=line front=12 at=900,400 facing=0,1 order=hold\n"
    "unit French K type=line-fusiliers companies=4x3 formation=division front=4 at=1060,400 facing=0,1 order=hold\n"
    "unit French S type=voltigeurs companies=2x3 formation=skirmish front=6 at=1260,400 facing=0,1 order=hold\n"
    "unit French Q type=grenadiers companies=4x3 formation=hollow-square front=3 at=1450,400 facing=0,1 order=hold\n"
    "unit French Bat type=foot-battery companies=3x2 formation=in-battery front=6 at=300,200 facing=0,1 "
    "order=support target=L\n"
    "unit French Lim type=foot-battery companies=2x1 formation=limbered front=1 at=300,900 facing=0,1 "
    "order=support target=L\n"
    "unit French Hus type=hussars companies=2x4 formation=line front=8 at=2200,300 facing=0,1 order=hold\n"
    "unit Austrians E type=line-fusiliers companies=8x6 formation=line front=48 at=1200,500 facing=0,-1 "
    "order=hold\n";

START_TEST(test_marker_choices)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = wga_battle(ctx, NULL, MARKER_UNITS, NULL);
    /* the markers of the rulebook (LA-MARKERS-02): none, Movement, Change of formation, Withdrawal,
       Fire, Charge, Dodge (Rest needs fatigue, LA-MARKERS-08) */
    WGA_ASSERT_DECISION(g, "marker of L");
    ck_assert_int_eq(wgp_option_count(g), 7);
    ck_assert_int_ge(wgp_find(g, "L: none marker"), 0);
    ck_assert_int_ge(wgp_find(g, "L: movement marker"), 0);
    ck_assert_int_ge(wgp_find(g, "L: change of formation marker"), 0);
    ck_assert_int_ge(wgp_find(g, "L: withdrawal marker"), 0); /* LA-MARKERS-03: infantry in line */
    ck_assert_int_ge(wgp_find(g, "L: fire marker"), 0);
    ck_assert_int_ge(wgp_find(g, "L: charge marker"), 0);
    ck_assert_int_ge(wgp_find(g, "L: dodge marker"), 0);
    ck_assert_int_lt(wgp_find(g, "rest marker"), 0); /* LA-MARKERS-08 */
    uint64_t withdraw = wga_action(g, "withdrawal marker"), charge = wga_action(g, "charge marker"),
             dodge = wga_action(g, "dodge marker");
    wgp_choose(g, "L: none marker");

    /* a column: no Withdrawal marker (LA-MARKERS-03); it may charge the line in reach */
    WGA_ASSERT_DECISION(g, "marker of K");
    ck_assert_int_lt(wgp_find(g, "withdrawal"), 0);
    ck_assert_int_ge(wgp_find(g, "K: charge marker"), 0);
    WGA_ASSERT_REFUSED(wgp_refused(g, withdraw), g, "LA-MARKERS-03"); /* LA-MARKERS-03 */
    wgp_choose(g, "K: none marker");

    /* skirmishers, a square and artillery do not charge (LA-CHARGE-12) */
    WGA_ASSERT_DECISION(g, "marker of S");
    ck_assert_int_lt(wgp_find(g, "charge"), 0);
    ck_assert_int_lt(wgp_find(g, "withdrawal"), 0);
    WGA_ASSERT_REFUSED(wgp_refused(g, charge), g, "skirmishers do not charge", "LA-CHARGE-12");
    wgp_choose(g, "S: none marker");
    WGA_ASSERT_DECISION(g, "marker of Q");
    ck_assert_int_lt(wgp_find(g, "charge"), 0);
    WGA_ASSERT_REFUSED(wgp_refused(g, charge), g, "square does not charge", "LA-CHARGE-12");
    wgp_choose(g, "Q: none marker");
    WGA_ASSERT_DECISION(g, "marker of Bat");
    ck_assert_int_ge(wgp_find(g, "Bat: withdrawal marker"), 0); /* LA-MARKERS-03: artillery in battery */
    ck_assert_int_lt(wgp_find(g, "charge"), 0);
    WGA_ASSERT_REFUSED(wgp_refused(g, charge), g, "artillery does not charge", "LA-CHARGE-12");
    ck_assert_int_lt(wgp_find(g, "dodge"), 0);
    WGA_ASSERT_REFUSED(wgp_refused(g, dodge), g, "LA-DODGE-08"); /* LA-DODGE-08: gunners abandon their guns */
    wgp_choose(g, "Bat: none marker");
    WGA_ASSERT_DECISION(g, "marker of Lim");
    ck_assert_int_lt(wgp_find(g, "withdrawal"), 0); /* LA-MARKERS-03: limbered, not in battery */
    WGA_ASSERT_REFUSED(wgp_refused(g, withdraw), g, "LA-MARKERS-03");
    wgp_choose(g, "Lim: none marker");
    WGA_ASSERT_DECISION(g, "marker of Hus");
    ck_assert_int_lt(wgp_find(g, "withdrawal"), 0); /* LA-MARKERS-03: cavalry */
    WGA_ASSERT_REFUSED(wgp_refused(g, withdraw), g, "LA-MARKERS-03");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* French N (no marker), F (Fire), M (Movement); the Austrians far off. */
START_TEST(test_first_half_period)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = wga_battle(
        ctx, NULL,
        "unit French N type=line-fusiliers companies=4x3 formation=division front=4 at=300,300 facing=0,1 order=hold\n"
        "unit French F type=line-fusiliers companies=4x3 formation=division front=4 at=600,300 facing=0,1 order=hold\n"
        "unit French M type=line-fusiliers companies=4x3 formation=division front=4 at=900,300 facing=0,1 order=hold\n"
        "unit Austrians C type=line-fusiliers companies=4x3 formation=line front=12 at=600,1100 facing=0,-1 "
        "order=hold\n",
        NULL);
    wgp_choose(g, "N: none marker");
    wgp_choose(g, "F: fire marker");
    wgp_choose(g, "M: movement marker");
    wgp_choose(g, "C: none marker");
    /* the reaction half-period: N and F follow their markers and stay; M must advance or turn: no
       halt, and a precise move to where it stands is refused (LA-MARKERS-05, -07, LA-SEQ-03) */
    WGA_ASSERT_DECISION(g, "half-period 1: French commits the move of M"); /* LA-MARKERS-04 */
    ck_assert_int_lt(wgp_find(g, ": halt"), 0);                       /* LA-MARKERS-07 */
    WGA_ASSERT_REFUSED(wga_move_to(g, 900 * 100, 300 * 100), g, "LA-MARKERS-07");
    wgp_choose(g, "M: advance");
    ck_assert_int_eq(wga_attr(g, 0, "y"), 300); /* LA-MARKERS-04 */
    ck_assert_int_eq(wga_attr(g, 1, "y"), 300);
    ck_assert_int_eq(wga_attr(g, 2, "y"), 359);
    /* the second half-period: N moves now; F, its Fire marker obeyed, may move too; M may halt */
    WGA_ASSERT_DECISION(g, "half-period 2: French commits the move of N"); /* LA-MARKERS-04 */
    ck_assert_int_ge(wgp_find(g, "N: advance"), 0);
    wgp_choose(g, "N: advance");
    WGA_ASSERT_DECISION(g, "half-period 2: French commits the move of F"); /* LA-MARKERS-05 */
    wgp_choose(g, "F: halt");
    WGA_ASSERT_DECISION(g, "half-period 2: French commits the move of M");
    ck_assert_int_ge(wgp_find(g, "M: halt"), 0); /* LA-MARKERS-07: only the first half-period */
    wgp_choose(g, "M: halt");
    wgp_choose(g, "C: halt");
    ck_assert_int_eq(wga_attr(g, 0, "y"), 359); /* LA-MARKERS-04 */
    ck_assert_int_eq(wga_attr(g, 1, "y"), 300);
    ck_assert_int_eq(wga_attr(g, 2, "y"), 359);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- movement */

START_TEST(test_line_speed)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = wga_battle(
        ctx, NULL,
        "unit French Ln type=line-fusiliers companies=4x3 formation=line front=12 at=200,300 facing=0,1 order=hold\n"
        "unit French Dv type=line-fusiliers companies=4x3 formation=division front=4 at=500,300 facing=0,1 order=hold\n"
        "unit French Xd type=line-fusiliers companies=4x6 formation=extended-division front=8 at=800,300 facing=0,1 "
        "order=hold\n"
        "unit French Mx companies=grenadiers:3,line-fusiliers:3,line-fusiliers:3,line-fusiliers:3 formation=division "
        "front=4 at=1100,300 facing=0,1 order=hold\n"
        "unit French Gr type=grenadiers companies=4x3 formation=division front=4 at=1400,300 facing=0,1 order=hold\n"
        "unit Austrians C type=line-fusiliers companies=4x3 formation=line front=12 at=800,1100 facing=0,-1 "
        "order=hold\n",
        NULL);
    for (int k = 0; k < 5; k++)
        wgp_choose(g, "movement marker");
    wgp_choose(g, "C: none marker");
    /* a line of 12 figures moves at line speed, 90 a period: 45 paces a half-period (LA-MOVE-03) */
    WGA_ASSERT_DECISION(g, "commits the move of Ln");
    WGA_ASSERT_REFUSED(wga_move_to(g, 200 * 100, 346 * 100), g, "an advance of 46 paces exceeds the 45 paces left",
                   "the line speed is 90 a period", "LA-MOVE-03");
    ck_assert_int_eq(wga_attr(g, 0, "y"), 300);
    ck_assert_int_eq(wga_move_to(g, 200 * 100, 345 * 100), WG_OK);
    /* a column of division of 4 figures' front moves at its own speed, 60 a half-period */
    WGA_ASSERT_DECISION(g, "commits the move of Dv");
    WGA_ASSERT_REFUSED(wga_move_to(g, 500 * 100, 361 * 100), g, "61 paces exceeds the 60 paces left", "division-column speed");
    wgp_choose(g, "Dv: advance");
    /* an extended column of division of 8 figures' front moves as a line (LA-MOVE-03, LA-MOVE-25) */
    WGA_ASSERT_DECISION(g, "commits the move of Xd");
    WGA_ASSERT_REFUSED(wga_move_to(g, 800 * 100, 346 * 100), g, "46 paces exceeds the 45 paces left", "line speed");
    wgp_choose(g, "Xd: advance");
    /* grenadiers (A) with fusiliers (B) move at B (LA-UNIT-12): 60, not the grenadiers' 65 */
    WGA_ASSERT_DECISION(g, "commits the move of Mx");
    ck_assert_str_eq(wga_text(g, 3, "status"), "R"); /* LA-UNIT-13: E with R is R */
    WGA_ASSERT_REFUSED(wga_move_to(g, 1100 * 100, 365 * 100), g, "65 paces exceeds the 60 paces left");
    wgp_choose(g, "Mx: advance");
    WGA_ASSERT_DECISION(g, "commits the move of Gr");
    ck_assert_str_eq(wga_text(g, 4, "status"), "E");
    wgp_choose(g, "Gr: advance");
    /* executed together at the end of the half-period */
    WGA_ASSERT_DECISION(g, "half-period 2");
    ck_assert_int_eq(wga_attr(g, 0, "y"), 345); /* LA-MOVE-03 */
    ck_assert_int_eq(wga_attr(g, 1, "y"), 359);
    ck_assert_int_eq(wga_attr(g, 2, "y"), 344); /* LA-MOVE-25 */
    ck_assert_int_eq(wga_attr(g, 3, "y"), 359); /* LA-UNIT-12 */
    ck_assert_int_eq(wga_attr(g, 4, "y"), 364); /* manoeuvre A alone: 65 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

START_TEST(test_oblique_and_backward)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = wga_battle(
        ctx, NULL,
        "unit French R type=line-fusiliers companies=4x3 formation=division front=4 at=300,300 facing=0,1 order=hold\n"
        "unit French R2 type=line-fusiliers companies=4x3 formation=division front=4 at=600,300 facing=0,1 order=hold\n"
        "unit French Mi type=landwehr companies=4x3 formation=division front=4 at=900,300 facing=0,1 order=hold\n"
        "unit French W type=line-fusiliers companies=4x3 formation=line front=12 at=1300,300 facing=0,1 order=hold\n"
        "unit French WM type=landwehr companies=4x3 formation=line front=12 at=1700,300 facing=0,1 order=hold\n"
        "unit Austrians C type=line-fusiliers companies=4x3 formation=line front=12 at=800,1100 facing=0,-1 "
        "order=hold\n",
        NULL);
    wgp_choose(g, "R: movement marker");
    wgp_choose(g, "R2: movement marker");
    wgp_choose(g, "Mi: movement marker");
    wgp_choose(g, "W: withdrawal marker");
    wgp_choose(g, "WM: withdrawal marker"); /* LA-MARKERS-03: militia in line takes it too */
    wgp_choose(g, "C: none marker");
    /* a regular: 30 degrees off its front costs double; more than 45 is refused (LA-MOVE-17) */
    WGA_ASSERT_DECISION(g, "commits the move of R");
    WGA_ASSERT_REFUSED(wga_move_to(g, 300 * 100 + 766 * 4, 300 * 100 + 643 * 4), g, "more than 45 degrees (LA-MOVE-17)");
    WGA_ASSERT_REFUSED(wga_move_to(g, 300 * 100 + 1750, 300 * 100 + 3032), g, "beyond 22.5 degrees, at half speed",
                   "35 paces takes 70 of the 60 paces left", "LA-MOVE-17");
    ck_assert_int_eq(wga_move_to(g, 300 * 100 + 1500, 300 * 100 + 2598), WG_OK); /* 30 paces: 60 */
    /* within 22.5 degrees a regular goes at full speed */
    WGA_ASSERT_DECISION(g, "commits the move of R2");
    wgp_choose(g, "R2: oblique right");
    /* militia: only within 22.5 degrees, at half speed (LA-MOVE-17) */
    WGA_ASSERT_DECISION(g, "commits the move of Mi");
    WGA_ASSERT_REFUSED(wga_move_to(g, 900 * 100 + 1000, 300 * 100 + 1732), g, "22.5 degrees only (LA-MOVE-17)");
    wgp_choose(g, "Mi: oblique left");
    /* W and WM follow their Withdrawal markers: nothing to decide */
    WGA_ASSERT_DECISION(g, "half-period 2");
    ck_assert_int_eq(wga_attr(g, 0, "x"), 315); /* LA-MOVE-17 */
    ck_assert_int_eq(wga_attr(g, 0, "y"), 325);
    int64_t dx = wga_attr(g, 1, "x") - 600, dy = wga_attr(g, 1, "y") - 300;
    ck_assert_int_gt(dx, 15); /* to the right (facing +y: toward -x is left) */
    int64_t d = isqrt(dx * dx + dy * dy);
    ck_assert_msg(d >= 58 && d <= 60, "R2 moved %lld paces", (long long)d); /* LA-MOVE-17: full speed, 60 */
    dx = wga_attr(g, 2, "x") - 900, dy = wga_attr(g, 2, "y") - 300;
    d = isqrt(dx * dx + dy * dy);
    ck_assert_msg(d >= 25 && d <= 27, "Mi moved %lld paces", (long long)d); /* LA-MOVE-17: half of 55 */
    /* backward: a regular line at half speed, 22 of its 45 paces; militia does not (LA-MOVE-19) */
    ck_assert_int_eq(wga_attr(g, 3, "y"), 277); /* LA-MOVE-19 */
    ck_assert_int_eq(wga_attr(g, 3, "facing_y"), 1);
    ck_assert_int_eq(wga_attr(g, 4, "y"), 300); /* LA-MOVE-19 */
    ck_assert_int_ge(wgp_find_event(g, 0, "W: back from (1300, 300) to (1300, 277)", WG_VIEW_REFEREE), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

START_TEST(test_wheels)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = wga_battle(
        ctx, NULL,
        "unit French Ln type=line-fusiliers companies=4x3 formation=line front=12 at=300,300 facing=0,1 order=hold\n"
        "unit French Col type=line-fusiliers companies=4x3 formation=division front=4 at=800,300 facing=0,1 "
        "order=hold\n"
        "unit French Lw type=landwehr companies=4x3 formation=line front=12 at=1300,300 facing=0,1 order=hold\n"
        "unit Austrians C type=line-fusiliers companies=4x3 formation=line front=12 at=800,1100 facing=0,-1 "
        "order=hold\n",
        NULL);
    wgp_choose(g, "Ln: movement marker");
    wgp_choose(g, "Col: movement marker");
    wgp_choose(g, "Lw: movement marker");
    wgp_choose(g, "C: none marker");
    /* a line of 12 wheels 22.5 degrees about its end: the outer figure goes 64 paces, more than its
       45: not in the menu, refused as a precise wheel; 11 degrees about the end or 22.5 about the
       middle is in reach (LA-MOVE-14) */
    WGA_ASSERT_DECISION(g, "commits the move of Ln");
    ck_assert_int_lt(wgp_find(g, "wheel left"), 0);
    ck_assert_int_lt(wgp_find(g, "wheel right"), 0);
    WGA_ASSERT_REFUSED(wga_wheel_to(g, 0, 383, 924), g, "a wheel of 64 paces for the outer figure exceeds the 45 paces left",
                   "LA-MOVE-14");
    ck_assert_int_eq(wga_wheel_to(g, 0, 200, 1000), WG_OK);
    /* a column of 4 figures' front turns freely (LA-MOVE-15) */
    WGA_ASSERT_DECISION(g, "commits the move of Col");
    wgp_choose(g, "Col: wheel left");
    /* militia wheel at half speed (LA-MOVE-11): 11 degrees about the end is 65 of its 40 paces; about
       the middle 35 */
    WGA_ASSERT_DECISION(g, "commits the move of Lw");
    WGA_ASSERT_REFUSED(wga_wheel_to(g, 0, 200, 1000), g, "at half speed exceeds the 40 paces left (LA-MOVE-11)");
    ck_assert_int_eq(wga_wheel_to(g, 6, 200, 1000), WG_OK);
    WGA_ASSERT_DECISION(g, "half-period 2");
    ck_assert_int_eq(wga_attr(g, 0, "facing_x"), 200); /* LA-MOVE-14 */
    ck_assert_int_eq(wga_attr(g, 0, "facing_y"), 1000);
    ck_assert_int_ne(wga_attr(g, 0, "x"), 300); /* the front's centre swung about the end figure */
    ck_assert_int_lt(wga_attr(g, 1, "facing_x"), 0);    /* LA-MOVE-15: turned left, */
    ck_assert_int_eq(wga_attr(g, 1, "x"), 800);         /* in place */
    ck_assert_int_eq(wga_attr(g, 1, "y"), 300);
    ck_assert_int_eq(wga_attr(g, 2, "facing_x"), 200); /* LA-MOVE-11 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- terrain */

START_TEST(test_terrain_costs)
{
    wg_ctx *ctx = wga_ctx();
    const char *features = "area wood name=Wood 100,400 500,400 500,800 100,800\n"
                           "line stream name=Brook 600,340 1000,340\n"
                           "line hedge name=Hedge 1100,340 1500,340\n"
                           "area village name=Hamlet blocks-sight hard-cover 1600,360 1800,360 1800,500 1600,500\n"
                           "area marsh name=Bog 1950,340 2150,340 2150,500 1950,500\n";
    wg_game *g = wga_battle(
        ctx, features,
        "unit French Wd type=line-fusiliers companies=4x3 formation=division front=4 at=300,380 facing=0,1 "
        "order=hold\n"
        "unit French St type=line-fusiliers companies=4x3 formation=division front=4 at=800,320 facing=0,1 "
        "order=hold\n"
        "unit French Hd type=line-fusiliers companies=4x3 formation=division front=4 at=1300,320 facing=0,1 "
        "order=hold\n"
        "unit French Hus type=hussars companies=2x4 formation=line front=8 at=1700,300 facing=0,1 order=hold\n"
        "unit French Bg type=line-fusiliers companies=4x3 formation=division front=4 at=2050,300 facing=0,1 "
        "order=hold\n"
        "unit Austrians E type=line-fusiliers companies=4x3 formation=line front=12 at=800,460 facing=0,-1 "
        "order=hold\n",
        NULL);
    wgp_choose(g, "Wd: movement marker");
    ck_assert_int_ge(wgp_find(g, "St: charge marker"), 0); /* formed, the Austrians 140 paces off */
    wgp_choose(g, "St: movement marker");
    wgp_choose(g, "Hd: movement marker");
    wgp_choose(g, "Hus: movement marker");
    wgp_choose(g, "Bg: movement marker");
    wgp_choose(g, "E: none marker");
    /* a wood: infantry at half speed, 20 paces outside and 20 in cost 60 (LA-TERRAIN-05) */
    WGA_ASSERT_DECISION(g, "commits the move of Wd");
    WGA_ASSERT_REFUSED(wga_move_to(g, 300 * 100, 421 * 100), g, "an advance of 41 paces costs 62 with the terrain",
                   "more than the 60 paces left");
    ck_assert_int_eq(wga_move_to(g, 300 * 100, 420 * 100), WG_OK);
    /* a stream: half speed (LA-TERRAIN-13) */
    WGA_ASSERT_DECISION(g, "commits the move of St");
    WGA_ASSERT_REFUSED(wga_move_to(g, 800 * 100, 351 * 100), g, "an advance of 31 paces costs 62 with the terrain");
    ck_assert_int_eq(wga_move_to(g, 800 * 100, 350 * 100), WG_OK);
    /* a hedge: 20 paces more (LA-TERRAIN-19) */
    WGA_ASSERT_DECISION(g, "commits the move of Hd");
    WGA_ASSERT_REFUSED(wga_move_to(g, 1300 * 100, 361 * 100), g, "an advance of 41 paces costs 61 with the terrain");
    ck_assert_int_eq(wga_move_to(g, 1300 * 100, 360 * 100), WG_OK);
    /* only infantry enters a village (LA-TERRAIN-25); nobody a marsh (LA-TERRAIN-18) */
    WGA_ASSERT_DECISION(g, "commits the move of Hus");
    WGA_ASSERT_REFUSED(wga_move_to(g, 1700 * 100, 380 * 100), g, "the construction 'Hamlet'", "LA-TERRAIN-25");
    ck_assert_int_eq(wga_move_to(g, 1700 * 100, 350 * 100), WG_OK);
    WGA_ASSERT_DECISION(g, "commits the move of Bg");
    WGA_ASSERT_REFUSED(wga_move_to(g, 2050 * 100, 350 * 100), g, "the marsh 'Bog'", "LA-TERRAIN-18");
    ck_assert_int_eq(wgp_count(g, "Bg: advance"), 1); /* the menu's 60 paces neither (LA-TERRAIN-18) */
    wgp_choose(g, "Bg: advance half");
    WGA_ASSERT_DECISION(g, "half-period 2");
    ck_assert_int_eq(wga_attr(g, 0, "y"), 420);
    ck_assert_str_eq(wga_text(g, 0, "cohesion"), "without formation"); /* LA-TERRAIN-06 */
    ck_assert_int_eq(wga_attr(g, 1, "y"), 350);
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "disorganised"); /* LA-TERRAIN-13 */
    ck_assert_int_eq(wga_attr(g, 2, "y"), 360);
    ck_assert_str_eq(wga_text(g, 2, "cohesion"), "disorganised"); /* LA-TERRAIN-19 */
    ck_assert_int_eq(wga_attr(g, 3, "y"), 350);
    ck_assert_str_eq(wga_text(g, 3, "cohesion"), "formed");
    ck_assert_int_eq(wga_attr(g, 4, "y"), 329);
    wga_halt_all(g);
    /* period 2: the disorganised St may not charge the line 110 paces off (LA-CHARGE-12) */
    WGA_ASSERT_DECISION(g, "period 2, phase 1: French places the marker of Wd");
    wgp_choose(g, "Wd: none marker");
    WGA_ASSERT_DECISION(g, "marker of St");
    ck_assert_int_lt(wgp_find(g, "charge"), 0); /* LA-CHARGE-12 */
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "disorganised");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- formations */

START_TEST(test_formation_changes)
{
    wg_ctx *ctx = wga_ctx();
    const char *units =
        "unit French M type=line-fusiliers companies=4x3 formation=march front=2 at=200,300 facing=0,1 order=hold\n"
        "unit French V type=voltigeurs companies=3x4 formation=march front=2 at=500,300 facing=0,1 order=hold\n"
        "unit French Lw type=landwehr companies=4x3 formation=march front=2 at=800,300 facing=0,1 order=hold\n"
        "unit French L type=line-fusiliers companies=4x3 formation=march front=2 at=1300,300 facing=0,1 order=hold\n"
        "unit Austrians C type=line-fusiliers companies=4x3 formation=division front=4 at=2000,300 facing=0,1 "
        "order=hold\n";
    wg_game *g = wga_battle(ctx, NULL, units, NULL);
    wgp_choose(g, "M: change of formation marker");
    wgp_choose(g, "V: change of formation marker");
    wgp_choose(g, "Lw: change of formation marker");
    wgp_choose(g, "L: change of formation marker");
    wgp_choose(g, "C: movement marker");
    size_t e = wgp_event_count(g);
    wgp_choose(g, "M: change formation to attack");
    wgp_choose(g, "V: change formation to attack");
    wgp_choose(g, "Lw: change formation to attack");
    wgp_choose(g, "L: change formation to line");
    wgp_choose(g, "C: advance");
    /* T4, column of march to column of attack: B 1 period, A 1/2 (LA-FORMTIME-01); militia of C
       1 + 1/2 (LA-FORM-01); to line, B 2 periods (LA-FORMTIME-02) */
    size_t bm = (size_t)wga_event(g, e, "M begins to form attack (2 half-periods)"); /* LA-FORMTIME-01 */
    ck_assert_str_eq(wga_rule(g, bm), "LA-FORMTIME-01");
    (size_t)wga_event(g, e, "V begins to form attack (1 half-period)");     /* LA-FORMTIME-01 */
    (size_t)wga_event(g, e, "Lw begins to form attack (3 half-periods)");   /* LA-FORM-01, LA-FORMTIME-12 */
    (size_t)wga_event(g, e, "L begins to form line (4 half-periods)");      /* LA-FORMTIME-02 */
    /* after the first half-period: V stands in its column of attack, the others still march */
    WGA_ASSERT_DECISION(g, "half-period 2: Austrians commits the move of C");
    ck_assert_str_eq(wga_text(g, 1, "formation"), "attack"); /* LA-FORMTIME-01 */
    ck_assert_int_eq(wga_attr(g, 1, "front"), 4);
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "formed");
    ck_assert_str_eq(wga_text(g, 0, "formation"), "march");
    ck_assert_str_eq(wga_text(g, 2, "formation"), "march");
    wgp_choose(g, "C: halt");
    /* a period: M formed (LA-FORMTIME-01) */
    WGA_ASSERT_DECISION(g, "period 2, phase 1");
    ck_assert_str_eq(wga_text(g, 0, "formation"), "attack"); /* LA-FORMTIME-01 */
    ck_assert_str_eq(wga_text(g, 2, "formation"), "march");  /* LA-FORM-01 */
    ck_assert_str_eq(wga_text(g, 3, "formation"), "march");
    (size_t)wga_event(g, e, "M stands in attack");
    /* markers of period 2: none; the changes under way go on */
    while (wga_has_decision(g, "phase 1"))
        wgp_choose(g, "none marker");
    while (wga_has_decision(g, "French commits"))
        wgp_choose(g, ": halt");
    WGA_ASSERT_DECISION(g, "period 2, phase 3, half-period 2: Austrians commits the move of C");
    ck_assert_str_eq(wga_text(g, 2, "formation"), "attack"); /* LA-FORM-01: 3 half-periods */
    ck_assert_str_eq(wga_text(g, 3, "formation"), "march");  /* LA-FORMTIME-02 */
    wgp_choose(g, "C: halt");
    WGA_ASSERT_DECISION(g, "period 3, phase 1");
    ck_assert_str_eq(wga_text(g, 3, "formation"), "line"); /* LA-FORMTIME-02: 4 half-periods */
    ck_assert_int_eq(wga_attr(g, 3, "front"), 12);
    ck_assert_int_eq(wga_attr(g, 3, "width"), 180); /* 12 figures of 15 paces */
    ck_assert_int_eq(wga_attr(g, 3, "depth"), 25);
    (size_t)wga_event(g, e, "L stands in line");
    wg_game_free(g);

    /* data=printed: T4 prints no column of march to column of division; the change stops on the
       table's gap, and the printed change goes (LA-FORMTIME-04, G-09) */
    g = wga_battle(ctx, NULL, units, "data=printed");
    wgp_choose(g, "M: change of formation marker");
    wgp_choose(g, "V: none marker");
    wgp_choose(g, "Lw: none marker");
    wgp_choose(g, "L: none marker");
    wgp_choose(g, "C: none marker");
    WGA_ASSERT_DECISION(g, "commits the move of M");
    long i = wgp_find(g, "M: change formation to division");
    ck_assert_int_ge(i, 0);
    uint64_t steps = 0, steps2 = 0;
    ck_assert_int_eq(wg_game_step_count(&steps, g), WG_OK);
    int rc = wg_game_choose(g, (size_t)i);
    ck_assert_int_eq(rc, WG_ETABLEGAP);
    ck_assert_msg(strstr(wg_game_errmsg(g), "T4-formation-change") && strstr(wg_game_errmsg(g), "march-to-division"),
                  "message: %s", wg_game_errmsg(g));
    ck_assert_int_eq(wg_game_step_count(&steps2, g), WG_OK);
    ck_assert_int_eq(steps2, steps); /* nothing taken */
    WGA_ASSERT_DECISION(g, "commits the move of M");
    e = wgp_event_count(g);
    wgp_choose(g, "M: change formation to attack");
    (size_t)wga_event(g, e, "M begins to form attack (2 half-periods)"); /* LA-FORMTIME-01 as printed */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- charges */

START_TEST(test_charge)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = wga_battle(
        ctx, "area village name=Hamlet blocks-sight hard-cover 1000,450 1200,450 1200,560 1000,560\n",
        "unit French H type=hussars companies=2x4 formation=line front=8 at=600,300 facing=0,1 order=attack "
        "toward=600,900\n"
        "unit Austrians C type=line-fusiliers companies=4x3 formation=division front=4 at=600,600 facing=0,-1 "
        "order=defend zone=600,600 radius=100\n"
        "unit Austrians D type=line-fusiliers companies=4x3 formation=division front=4 at=400,700 facing=0,-1 "
        "order=hold\n"
        "unit Austrians Hid type=line-fusiliers companies=4x3 formation=division front=4 at=1100,600 facing=0,-1 "
        "order=hold\n",
        NULL);
    wgp_choose(g, "H: charge marker");
    wgp_choose(g, "C: none marker");
    wgp_choose(g, "D: none marker");
    wgp_choose(g, "Hid: none marker");
    /* phase 2: the charge declared on an enemy in sight within the reach of the period, 220 paces
       and the 120 of the charge bonus: C at 300 paces; not D beyond (LA-CHARGE-01) */
    WGA_ASSERT_DECISION(g, "phase 2: the target of H's charge");
    ck_assert_int_ge(wgp_find(g, "H charges C (300 paces)"), 0); /* LA-CHARGE-01 */
    ck_assert_int_lt(wgp_find(g, "charges D"), 0);
    ck_assert_int_lt(wgp_find(g, "charges Hid"), 0); /* behind the hamlet: not in sight */
    ck_assert_int_ge(wgp_find(g, "H: no charge"), 0);
    size_t e = wgp_event_count(g);
    wgp_choose(g, "H charges C");
    size_t dc = (size_t)wga_event(g, e, "H declares a charge on C");
    ck_assert_str_eq(wga_rule(g, dc), "LA-CHARGE-01");
    ck_assert_int_eq(wga_attr(g, 0, "charging"), 2); /* the target's id */
    /* the charged unit tests first, then the charger (LA-CHARGE-22) */
    WGA_ASSERT_DECISION(g, "C's morale test to receive a charge");
    wga_obey(g);
    (size_t)wga_event(g, e, "C tests to receive a charge");
    ck_assert_int_gt((size_t)wga_event(g, e, "H tests before charging"), (size_t)wga_event(g, e, "C tests to receive a charge"));
    /* LA-CHARGE-22 */
    /* infantry does not counter-charge cavalry: C stands or dodges */
    WGA_ASSERT_DECISION(g, "phase 2: C is charged by H: its reaction");
    ck_assert_int_lt(wgp_find(g, "counter-charges"), 0);
    wgp_choose(g, "C stands");
    wga_halt_all(g); /* D and Hid stay */
    /* the charge: 110 paces in the first half-period, the bonus in the half-period of contact: the
       rest of the 300 in the second (LA-CHARGE-10, -11) */
    WGA_ASSERT_DECISION(g, "phase 5");
    size_t h1 = (size_t)wga_event(g, e, "H: charge from (600, 300) to (600, 409)"); /* LA-CHARGE-11: no bonus yet */
    size_t ct = (size_t)wga_event(g, h1, "H contacts C on its front: an effective charge"); /* LA-CHARGE-10, -11 */
    ck_assert_int_ge(wga_attr(g, 0, "y"), 599);
    ck_assert_int_eq(wga_attr(g, 0, "melee_with"), 2);
    ck_assert_int_gt(ct, h1);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Infantry A charges infantry T (order given) 150 paces off, both tests passed; T's reaction next.
   T is the first piece, A the second. */
static wg_game *infantry_charge(wg_ctx *ctx, const char *order, const char *charger)
{
    char units[1024];
    snprintf(units, sizeof units,
             "unit Austrians T type=line-fusiliers companies=4x3 formation=division front=4 at=600,450 facing=0,-1 "
             "order=%s\n%s",
             order, charger);
    wg_game *g = wga_battle(ctx, NULL, units, NULL);
    wgp_choose(g, "charge marker");
    wgp_choose(g, "T: none marker");
    wgp_choose(g, "charges T");
    wga_obey(g);
    return g;
}

static const char *INF_CHARGER = "unit French A type=line-fusiliers companies=4x3 formation=division front=4 "
                                 "at=600,300 facing=0,1 order=attack toward=600,900\n";
static const char *CAV_CHARGER = "unit French A type=hussars companies=2x4 formation=line front=8 "
                                 "at=600,300 facing=0,1 order=attack toward=600,900\n";

START_TEST(test_counter_charge)
{
    wg_ctx *ctx = wga_ctx();
    /* Defend: the counter-charge is allowed (LA-COUNTER-07) */
    wg_game *g = infantry_charge(ctx, "defend zone=600,500 radius=100", INF_CHARGER);
    WGA_ASSERT_DECISION(g, "T is charged by A: its reaction");
    ck_assert_int_ge(wgp_find(g, "T stands"), 0);
    ck_assert_int_ge(wgp_find(g, "T counter-charges"), 0); /* LA-COUNTER-07 */
    ck_assert_int_ge(wgp_find(g, "T dodges"), 0);          /* LA-SEQ-04 */
    uint64_t counter = wga_action(g, "counter-charges");
    size_t e = wgp_event_count(g);
    wgp_choose(g, "T counter-charges");
    ck_assert_str_eq(wga_rule(g, (size_t)wga_event(g, e, "T counter-charges (charged by A)")), "LA-SEQ-04");
    /* the counter-charger waits out the reaction half-period, then charges from where it stood
       (LA-COUNTER-02, -04); the two charges move at once and meet where their movements cross, both
       charging (LA-MOVE-05) */
    size_t a1 = (size_t)wga_event(g, e, "A: charge from (600, 300) to (600, 359)");
    size_t t1 = (size_t)wga_event(g, e, "T: charge from (600, 450) to (600, 405)"); /* LA-COUNTER-04 */
    ck_assert_int_gt(t1, a1);
    ck_assert_str_eq(wga_rule(g, t1), "LA-COUNTER-02");
    ck_assert_int_lt(wgp_find_event(g, t1 + 1, "T: charge", WG_VIEW_REFEREE), 0);
    size_t a2 = (size_t)wga_event(g, t1, "A: charge from (600, 359) to (600, 404)");
    (size_t)wga_event(g, a2, "A contacts T on its front: an effective charge"); /* LA-MOVE-05 */
    ck_assert_int_eq(wga_attr(g, 0, "melee_with"), 2);
    ck_assert_int_eq(wga_attr(g, 1, "melee_with"), 1);
    wg_game_free(g);

    /* Hold: no counter-charge (LA-COUNTER-07, LA-ORDERS-06) */
    g = infantry_charge(ctx, "hold", INF_CHARGER);
    WGA_ASSERT_DECISION(g, "T is charged by A: its reaction");
    ck_assert_str_eq(wga_text(g, 0, "order"), "hold"); /* LA-ORDERS-02 */
    ck_assert_int_lt(wgp_find(g, "counter-charges"), 0);
    WGA_ASSERT_REFUSED(wgp_refused(g, counter), g, "a Hold order forbids the counter-charge (LA-COUNTER-07)");
    ck_assert_int_ge(wgp_find(g, "T stands"), 0);
    wg_game_free(g);

    /* Attack: the counter-charge is compulsory, without a decision (LA-COUNTER-07, LA-ORDERS-03) */
    g = infantry_charge(ctx, "attack toward=600,100", INF_CHARGER);
    ck_assert_str_eq(wga_text(g, 0, "order"), "attack");
    long fc = wgp_find_event(g, 0, "T counter-charges (charged by A)", WG_VIEW_REFEREE);
    ck_assert_int_ge(fc, 0); /* LA-ORDERS-03 */
    ck_assert_str_eq(wga_rule(g, (size_t)fc), "LA-COUNTER-07");
    ck_assert(!wga_has_decision(g, "its reaction"));
    wg_game_free(g);

    /* Attack, but infantry charged by cavalry: not compelled, and not allowed (LA-ORDERS-03) */
    g = infantry_charge(ctx, "attack toward=600,100", CAV_CHARGER);
    ck_assert_int_lt(wgp_find_event(g, 0, "counter-charges", WG_VIEW_REFEREE), 0); /* LA-ORDERS-03 */
    if (wga_has_decision(g, "its reaction")) {
        ck_assert_int_lt(wgp_find(g, "counter-charges"), 0);
        WGA_ASSERT_REFUSED(wgp_refused(g, counter), g, "infantry does not counter-charge cavalry");
    }
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

START_TEST(test_dodge)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = infantry_charge(ctx, "defend zone=600,500 radius=100", INF_CHARGER);
    WGA_ASSERT_DECISION(g, "T is charged by A: its reaction");
    size_t e = wgp_event_count(g);
    wgp_choose(g, "T dodges");
    /* the dodge: a half-turn on the spot in the first half-period (its front where its rear was,
       75 paces back), then straight away from the charger at (march 150 + bonus 40) / 2 = 95 paces
       (LA-DODGE-01, -03); without formation (LA-DODGE-02) */
    size_t d0 = (size_t)wga_event(g, e, "T: dodge from (600, 450) to (600, 525)"); /* LA-DODGE-03 */
    size_t d = (size_t)wga_event(g, d0 + 1, "T: dodge from (600, 525) to (600, 619)"); /* LA-DODGE-01 */
    ck_assert_str_eq(wga_rule(g, d), "LA-DODGE-01");
    ck_assert_int_gt((size_t)wga_event(g, e, "A: charge from (600, 300) to (600, 359)"), d0);
    ck_assert_int_gt(wga_attr(g, 0, "facing_y"), 0); /* it turned its back (LA-DODGE-03) */
    ck_assert_int_eq(wga_attr(g, 0, "y"), 619);
    ck_assert_str_eq(wga_text(g, 0, "cohesion"), "without formation"); /* LA-DODGE-02 */
    /* the charge that reaches nothing ends without formation (LA-CHARGE-15) */
    size_t x = (size_t)wga_event(g, e, "A obeys, without formation");
    ck_assert_str_eq(wga_rule(g, x), "LA-CHARGE-15");
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "without formation");
    ck_assert_int_lt(wgp_find_event(g, e, "contacts", WG_VIEW_REFEREE), 0);
    wg_game_free(g);

    /* Harass: light infantry must dodge a charge (LA-DODGE-07, LA-ORDERS-09) */
    g = wga_battle(ctx, NULL,
               "unit French A type=line-fusiliers companies=4x3 formation=division front=4 at=600,300 facing=0,1 "
               "order=attack toward=600,900\n"
               "unit Austrians T type=voltigeurs companies=4x3 formation=division front=4 at=600,450 facing=0,-1 "
               "order=harass toward=600,100\n",
               NULL);
    wgp_choose(g, "A: charge marker");
    wgp_choose(g, "T: none marker");
    wgp_choose(g, "charges T");
    wga_obey(g);
    ck_assert_str_eq(wga_text(g, 1, "order"), "harass");
    long f = wgp_find_event(g, 0, "T dodges (charged by A)", WG_VIEW_REFEREE);
    ck_assert_int_ge(f, 0); /* LA-DODGE-07 */
    ck_assert_str_eq(wga_rule(g, (size_t)f), "LA-DODGE-07");
    ck_assert_int_ge(wgp_find_event(g, (size_t)f, "T: dodge from (600, 450)", WG_VIEW_REFEREE), 0);
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "without formation");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- units and orders */

START_TEST(test_units_and_orders)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = wga_battle(ctx, NULL, MARKER_UNITS, NULL);
    /* base sizes of T1 at 25 mm: infantry 15 x 25, cavalry 22.5 x 40, artillery 45 x 80,
       skirmishers 30 x 30 */
    ck_assert_int_eq(wga_attr(g, 0, "width"), 180); /* a line of 12 */
    ck_assert_int_eq(wga_attr(g, 0, "depth"), 25);
    ck_assert_int_eq(wga_attr(g, 1, "width"), 60); /* a column of 4 figures' front, 3 ranks */
    ck_assert_int_eq(wga_attr(g, 1, "depth"), 75);
    ck_assert_int_eq(wga_attr(g, 2, "width"), 180); /* 6 skirmishers */
    ck_assert_int_eq(wga_attr(g, 2, "depth"), 30);
    ck_assert_int_eq(wga_attr(g, 4, "width"), 270); /* 6 guns in battery */
    ck_assert_int_eq(wga_attr(g, 4, "depth"), 80);
    ck_assert_int_eq(wga_attr(g, 6, "width"), 180); /* 8 hussars */
    ck_assert_int_eq(wga_attr(g, 6, "depth"), 40);
    ck_assert_str_eq(wga_text(g, 0, "status"), "R");
    ck_assert_str_eq(wga_text(g, 2, "status"), "V");
    /* every battalion, regiment and battery has its tactical order (LA-ORDERS-02) */
    ck_assert_str_eq(wga_text(g, 0, "order"), "hold");    /* LA-ORDERS-02 */
    ck_assert_str_eq(wga_text(g, 4, "order"), "support");
    ck_assert_str_eq(wga_text(g, 7, "order"), "hold");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* The attribute keys the game offers are the ones doc/aigles.md documents, with their types; the
   sample battles play from their bundled documents, with the provenance they report. */
START_TEST(test_documented_keys)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = wgp_new(ctx, "aigles", "crossroads", NULL, 1, NULL);
    wgp_check_documented_keys(g, "doc/aigles.md", "## Attributes, names and option order");
    int prov = 0;
    ck_assert_int_eq(wg_game_provisional(&prov, g), WG_OK);
    ck_assert_int_eq(prov, 1);
    char buf[2048];
    size_t len = 0;
    ck_assert_int_eq(wg_game_provenance(buf, sizeof buf, &len, g), WG_OK);
    ck_assert_ptr_nonnull(strstr(buf, "battle: bundled data/aigles/sample-crossroads.wgd; sample data"));
    ck_assert_ptr_nonnull(strstr(buf, "tables: T1-T37 as printed; rule"));
    const char *name = NULL;
    ck_assert_int_eq(wg_game_player_name(&name, g, 1), WG_OK);
    ck_assert_str_eq(name, "Austrians"); /* the battle's sides */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("aigles_play");
    TCase *tc = tcase_create("play");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_sequence_of_play);
    tcase_add_test(tc, test_markers_hidden);
    tcase_add_test(tc, test_marker_choices);
    tcase_add_test(tc, test_first_half_period);
    tcase_add_test(tc, test_line_speed);
    tcase_add_test(tc, test_oblique_and_backward);
    tcase_add_test(tc, test_wheels);
    tcase_add_test(tc, test_terrain_costs);
    tcase_add_test(tc, test_formation_changes);
    tcase_add_test(tc, test_charge);
    tcase_add_test(tc, test_counter_charge);
    tcase_add_test(tc, test_dodge);
    tcase_add_test(tc, test_units_and_orders);
    tcase_add_test(tc, test_documented_keys);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    int rc = wgt_run(suite());
    return rc;
}

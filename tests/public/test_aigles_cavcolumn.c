/* Les Aigles cavalry columns proven by play through the public API: a cavalry column of march passes
   from column by squadron to column by company and back, in half a period on the spot or free during
   the whole half-period's advance, the larger company of a squadron with an odd number of figures
   leading.  Every position is built from host documents (a table, a battle of a few units, the
   bundled sample army list), every decision is taken by its label; every result is read from option
   labels, piece attributes (`column`, `front`, `lead_company`, `rear_company`, `x`, `y`), events and
   their rule tags.  Checklist items are cited next to the assertions that prove them.
   Sample army list: hussars (V, manoeuvre A) move 300 paces a period in column of march, 150 in a
   half-period. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wargame.h"
#include <check.h>
#include "testutil.h"
#include "wgaigles.h"
#include "wgplay.h"

/* Hussars H: three squadrons of `sq` figures in column of march by squadron (a squadron's front),
   facing the enemy's edge; hussars L in line; the Austrians far off. */
static wg_game *column_position(wg_ctx *ctx, int sq)
{
    char units[1024];
    snprintf(units, sizeof units,
             "unit French H type=hussars companies=3x%d formation=march front=%d at=600,300 facing=0,1 order=hold\n"
             "unit French L type=hussars companies=2x3 formation=line front=6 at=1400,300 facing=0,1 order=hold\n"
             "unit Austrians C type=line-fusiliers companies=4x3 formation=line front=12 at=1800,1000 facing=0,-1 "
             "order=hold\n",
             sq, sq);
    return wga_battle(ctx, NULL, units, NULL);
}

/* The printed example: squadrons of 3 and of 5 figures pass into column by company on the spot, under
   a change of formation marker, in half a period; the larger company (2 of 3, 3 of 5) leads in the
   direction of march. */
START_TEST(test_column_by_company_halted)
{
    wg_ctx *ctx = wga_ctx();
    static const int squadron[2] = {3, 5};
    for (int k = 0; k < 2; k++) {
        int sq = squadron[k];
        wg_game *g = column_position(ctx, sq);
        int h = wga_piece(g, "H"), l = wga_piece(g, "L");
        ck_assert_int_ge(h, 0);
        /* by squadron: a squadron's front, no company ahead of another */
        ck_assert_str_eq(wga_text(g, (size_t)h, "column"), "by squadron");
        ck_assert_int_eq(wga_attr(g, (size_t)h, "front"), sq);
        ck_assert(!wga_has_attr(g, (size_t)h, "lead_company"));
        ck_assert(!wga_has_attr(g, (size_t)h, "rear_company"));
        ck_assert(!wga_has_attr(g, (size_t)l, "column")); /* a line is no column */
        wgp_choose(g, "H: change of formation marker");
        wgp_choose(g, "L: change of formation marker");
        static const char *const none[] = {"C: none marker", NULL};
        wga_drive(g, none, "commits the move of H");
        WGA_ASSERT_DECISION(g, "half-period 1: French commits the move of H");
        WGA_ASSERT_OPTION(g, "H: column by company"); /* LA-FORM-22 */
        WGA_ASSERT_NO_OPTION(g, "H: column by squadron");
        size_t e = wgp_event_count(g);
        wgp_choose(g, "H: column by company");
        /* cavalry in line has no column to pass into column by company */
        WGA_ASSERT_DECISION(g, "commits the move of L");
        WGA_ASSERT_NO_OPTION(g, "L: column by company");
        wgp_choose_index(g, 0);
        wga_drive(g, NULL, "half-period 2");
        /* on the spot: half a period (LA-FORM-22, LA-FORM-23) */
        long b = wga_expect(g, e, "H begins to form column by company (1 half-period)", "LA-FORM-22"); /* LA-FORM-22 */
        ck_assert_int_ge(b, 0);
        char want[128];
        snprintf(want, sizeof want, "H stands in column by company: a leading company of %d figures, %d behind it",
                 (sq + 1) / 2, sq / 2);
        wga_expect(g, e, want, "LA-FORM-22"); /* LA-FORM-22 */
        /* EXAMPLE: 3 figures -> the company of 2 leads, 1 behind; 5 -> 3 leads, 2 behind (LA-FORM-22) */
        ck_assert_str_eq(wga_text(g, (size_t)h, "column"), "by company");             /* LA-FORM-22 */
        ck_assert_int_eq(wga_attr(g, (size_t)h, "lead_company"), sq == 3 ? 2 : 3);    /* LA-FORM-22 */
        ck_assert_int_eq(wga_attr(g, (size_t)h, "rear_company"), sq == 3 ? 1 : 2);    /* LA-FORM-22 */
        ck_assert_int_eq(wga_attr(g, (size_t)h, "front"), sq == 3 ? 2 : 3);           /* LA-FORM-22 */
        ck_assert_str_eq(wga_text(g, (size_t)h, "formation"), "march");
        ck_assert_str_eq(wga_text(g, (size_t)h, "cohesion"), "formed");
        /* on the spot: it did not move */
        ck_assert_int_eq(wga_attr(g, (size_t)h, "x"), 600);
        ck_assert_int_eq(wga_attr(g, (size_t)h, "y"), 300);
        /* the half-period is spent: no other change in the second */
        if (wga_has_decision(g, "commits the move of H")) {
            WGA_ASSERT_NO_OPTION(g, "H: column by squadron");
            WGA_ASSERT_NO_OPTION(g, "H: advance");
        }
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* During the whole half-period's advance (half a period, half the unit's movement) the change costs
   nothing: in one period the column passes into column by company and back, advancing in each
   half-period as far as a plain advance (150 paces; 110 for a front of 5 cavalry, at line speed).  Under a Movement marker there is no change on the spot. */
START_TEST(test_column_by_company_moving)
{
    wg_ctx *ctx = wga_ctx();
    static const int squadron[2] = {3, 5};
    for (int k = 0; k < 2; k++) {
        int sq = squadron[k];
        wg_game *g = column_position(ctx, sq);
        int h = wga_piece(g, "H");
        char want[128];
        wgp_choose(g, "H: movement marker");
        static const char *const none[] = {"L: none marker", "C: none marker", NULL};
        wga_drive(g, none, "commits the move of H");
        WGA_ASSERT_DECISION(g, "half-period 1: French commits the move of H");
        WGA_ASSERT_OPTION(g, "H: advance into column by company"); /* LA-FORM-23 */
        WGA_ASSERT_NO_OPTION(g, "H: advance into column by squadron");
        /* on the spot, or during less than half a period, a change costs half a period: not offered
           under a Movement marker, whose first half-period advances (LA-FORM-23) */
        WGA_ASSERT_NO_OPTION(g, "H: column by company"); /* LA-FORM-23 */
        /* the same advance without the change, on a copy of the game */
        wg_game *plain = NULL;
        ck_assert_int_eq(wg_game_clone(&plain, g), WG_OK);
        wgp_choose(plain, "H: advance");
        wga_drive(plain, NULL, "half-period 2");
        int64_t plain_y = wga_attr(plain, (size_t)h, "y");
        /* 150 paces at column speed for a front of 3; a front of 5 cavalry moves at line speed, 110
           (LA-MOVE-03) */
        ck_assert_int_ge(plain_y, sq == 3 ? 449 : 409);
        wg_game_free(plain);
        size_t e = wgp_event_count(g);
        wgp_choose(g, "H: advance into column by company");
        wga_drive(g, NULL, "half-period 2");
        WGA_ASSERT_DECISION(g, "half-period 2: French commits the move of H");
        snprintf(want, sizeof want, "H: advance into column by company from (600, 300) to (600, %d)", (int)plain_y);
        wga_event(g, e, want);
        snprintf(want, sizeof want, "H stands in column by company: a leading company of %d figures, %d behind it",
                 (sq + 1) / 2, sq / 2);
        wga_expect(g, e, want, "LA-FORM-22"); /* LA-FORM-22 */
        wga_no_event(g, e, "H begins to form");
        /* the whole half-period's distance, as far as the plain advance, and the column by company:
           free (LA-FORM-22, LA-FORM-23) */
        ck_assert_int_eq(wga_attr(g, (size_t)h, "y"), plain_y);                          /* LA-FORM-23 */
        ck_assert_str_eq(wga_text(g, (size_t)h, "column"), "by company");                /* LA-FORM-22 */
        ck_assert_int_eq(wga_attr(g, (size_t)h, "lead_company"), sq == 3 ? 2 : 3);       /* LA-FORM-22 */
        ck_assert_int_eq(wga_attr(g, (size_t)h, "rear_company"), sq == 3 ? 1 : 2);       /* LA-FORM-22 */
        ck_assert_int_eq(wga_attr(g, (size_t)h, "front"), sq == 3 ? 2 : 3);
        ck_assert_str_eq(wga_text(g, (size_t)h, "cohesion"), "formed");
        /* nothing spent: in the second half-period it advances again and widens its front back into
           column by squadron (LA-FORM-23: front contracted and widened in a single movement) */
        WGA_ASSERT_OPTION(g, "H: advance into column by squadron"); /* LA-FORM-22 */
        WGA_ASSERT_NO_OPTION(g, "H: advance into column by company");
        e = wgp_event_count(g);
        wgp_choose(g, "H: advance into column by squadron");
        wga_drive(g, NULL, "phase 4");
        snprintf(want, sizeof want, "H: advance into column by squadron from (600, %d) to (600, ", (int)plain_y);
        long mv = wga_event(g, e, want);
        ck_assert_str_eq(wga_rule(g, mv), "LA-MOVE-17");
        snprintf(want, sizeof want, "H stands in column by squadron: a front of %d figures", sq);
        wga_expect(g, e, want, "LA-FORM-22");
        /* by company its front is 2 or 3: column speed, 150 paces (LA-FORM-23, LA-MOVE-03) */
        ck_assert_int_ge(wga_attr(g, (size_t)h, "y"), plain_y + 149);        /* LA-FORM-23 */
        ck_assert_str_eq(wga_text(g, (size_t)h, "column"), "by squadron");   /* LA-FORM-22 */
        ck_assert_int_eq(wga_attr(g, (size_t)h, "front"), sq);               /* LA-FORM-22 */
        ck_assert(!wga_has_attr(g, (size_t)h, "lead_company"));
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* Back into column by squadron on the spot: half a period too. */
START_TEST(test_column_by_squadron_halted)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = column_position(ctx, 5);
    int h = wga_piece(g, "H");
    wgp_choose(g, "H: movement marker");
    static const char *const first[] = {"L: none marker", "C: none marker", "H: advance into column by company", NULL};
    wga_drive(g, first, "period 2, phase");
    ck_assert_str_eq(wga_text(g, (size_t)h, "column"), "by company");
    static const char *const second[] = {"H: change of formation marker", "L: none marker", "C: none marker", NULL};
    wga_drive(g, second, "commits the move of H");
    WGA_ASSERT_DECISION(g, "period 2, phase 3, half-period 1: French commits the move of H");
    WGA_ASSERT_OPTION(g, "H: column by squadron"); /* LA-FORM-22 */
    WGA_ASSERT_NO_OPTION(g, "H: column by company");
    size_t e = wgp_event_count(g);
    wgp_choose(g, "H: column by squadron");
    wga_drive(g, NULL, "half-period 2");
    wga_expect(g, e, "H begins to form column by squadron (1 half-period)", "LA-FORM-22"); /* LA-FORM-22 */
    wga_expect(g, e, "H stands in column by squadron: a front of 5 figures", "LA-FORM-22");
    ck_assert_str_eq(wga_text(g, (size_t)h, "column"), "by squadron"); /* LA-FORM-22 */
    ck_assert_int_eq(wga_attr(g, (size_t)h, "front"), 5);
    ck_assert(!wga_has_attr(g, (size_t)h, "rear_company"));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("aigles_cavcolumn");
    TCase *tc = tcase_create("cavcolumn");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_column_by_company_halted);
    tcase_add_test(tc, test_column_by_company_moving);
    tcase_add_test(tc, test_column_by_squadron_halted);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    int rc = wgt_run(suite());
    return rc;
}

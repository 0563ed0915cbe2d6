/* Les Aigles: fire and morale resolution on the tables (lib/aigles/la_odds.c): the loss table's row
   from the fire value, the factors and the die bonus of T30, the column from the figures firing, the
   halving of half-period fire (the jager example); morale results from T27 by status, the Guard's
   exception; the exact distributions over the die; and every cell the rulebook does not print an
   explicit WG_ETABLEGAP until the sample completion (or a host) supplies it. */
#include <stdio.h>
#include <string.h>

#include "aigles/la_odds.h"
#include "testutil.h"

static wg_table *tabs[LA_NTABLES];
static wg_ctx *ctx;

static void setup(void)
{
    ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    ck_assert_int_eq(la_tables_build(tabs, ctx), WG_OK);
}

static void teardown(void)
{
    la_tables_free(tabs);
    wg_ctx_free(ctx);
}

static void sample(void)
{
    char err[WG_ERRMSG_CAP] = "";
    int rc = la_tables_supply_sample(tabs, err);
    ck_assert_msg(rc == WG_OK, "%s", err);
}

START_TEST(test_gaps_without_sample)
{
    char err[WG_ERRMSG_CAP] = "";
    la_fire f = {3, 0, 12, 0, 0};
    int l = -1, r = -1;
    ck_assert_int_eq(la_fire_losses(&l, err, tabs, &f, 4), WG_ETABLEGAP);
    ck_assert_ptr_nonnull(strstr(err, "T28-losses"));
    ck_assert_ptr_nonnull(strstr(err, "(4, 12)"));
    /* printed morale cells answer; 7-8 for Militia is not printed (G-02) */
    ck_assert_int_eq(la_morale_result(&r, err, tabs, LA_REGULAR, 11, 1), WG_OK);
    ck_assert_int_eq(r, LA_UNCONTROLLED);
    ck_assert_int_eq(la_morale_result(&r, err, tabs, LA_GUARD, 12, 1), WG_OK);
    ck_assert_int_eq(r, LA_OBEY);
    ck_assert_int_eq(la_morale_result(&r, err, tabs, LA_VETERAN, 9, 1), WG_OK);
    ck_assert_int_eq(r, LA_OBEY);
    ck_assert_int_eq(la_morale_result(&r, err, tabs, LA_SEMI_REGULAR, 7, 1), WG_OK);
    ck_assert_int_eq(r, LA_OBEY);
    ck_assert_int_eq(la_morale_result(&r, err, tabs, LA_MILITIA, 8, 1), WG_ETABLEGAP);
    ck_assert_ptr_nonnull(strstr(err, "7-8"));
    ck_assert_ptr_nonnull(strstr(err, "Militia"));
    ck_assert_int_eq(la_morale_result(&r, err, tabs, LA_REGULAR, 6, 1), WG_ETABLEGAP);
}
END_TEST

START_TEST(test_fire)
{
    sample();
    char err[WG_ERRMSG_CAP] = "";
    /* fire 3, no factor, 12 figures: dice 1-2 add 0, 3-4 add 1, 5-6 add 2 (T30) */
    la_fire f = {3, 0, 12, 0, 0};
    int l = -1;
    ck_assert_int_eq(la_fire_losses(&l, err, tabs, &f, 1), WG_OK);
    ck_assert_int_eq(l, 11); /* sample table: floor((3 x 12 x 3 + 5) / 10) */
    ck_assert_int_eq(la_fire_losses(&l, err, tabs, &f, 4), WG_OK);
    ck_assert_int_eq(l, 14);
    ck_assert_int_eq(la_fire_losses(&l, err, tabs, &f, 6), WG_OK);
    ck_assert_int_eq(l, 18);
    int v[6], n6[6], n = 0;
    ck_assert_int_eq(la_fire_dist(v, n6, &n, err, tabs, &f), WG_OK);
    ck_assert_int_eq(n, 3);
    ck_assert_int_eq(v[0], 11);
    ck_assert_int_eq(n6[0], 2);
    ck_assert_int_eq(v[1], 14);
    ck_assert_int_eq(n6[1], 2);
    ck_assert_int_eq(v[2], 18);
    ck_assert_int_eq(n6[2], 2);
    /* an elite or mixed front rank adds 1 to the die (LA-FIRE-16): 2 -> 3 (+1), 6 -> 7 counts as 6 */
    f.die_plus = 1;
    ck_assert_int_eq(la_fire_losses(&l, err, tabs, &f, 2), WG_OK);
    ck_assert_int_eq(l, 14);
    ck_assert_int_eq(la_fire_losses(&l, err, tabs, &f, 6), WG_OK);
    ck_assert_int_eq(l, 18);
    ck_assert_int_eq(la_fire_dist(v, n6, &n, err, tabs, &f), WG_OK);
    ck_assert_int_eq(n, 3);
    ck_assert_int_eq(n6[0], 1);
    ck_assert_int_eq(n6[1], 2);
    ck_assert_int_eq(n6[2], 3);
    /* factors: a target in skirmish order -3 (T12) brings the row to 0 or less: no loss */
    la_fire g = {3, -3, 12, 0, 0};
    ck_assert_int_eq(la_fire_losses(&l, err, tabs, &g, 1), WG_OK);
    ck_assert_int_eq(l, 0);
    /* beyond the table: explicit */
    la_fire h = {25, 10, 12, 0, 0};
    ck_assert_int_eq(la_fire_losses(&l, err, tabs, &h, 1), WG_ETABLEGAP);
    ck_assert_ptr_nonnull(strstr(err, "no row for a factor of 35"));
    la_fire big = {3, 0, 30, 0, 0};
    ck_assert_int_eq(la_fire_losses(&l, err, tabs, &big, 1), WG_ETABLEGAP);
    ck_assert_ptr_nonnull(strstr(err, "no column for 30 figures"));
    ck_assert_int_eq(la_fire_losses(&l, err, tabs, &f, 0), WG_EINVAL);
}
END_TEST

/* LA-FIRE-13: a jager company that moved half its movement fires; the loss table gives 8: 4 losses.
   The cell is a host's (the rulebook prints no row of the loss table). */
START_TEST(test_jager_example)
{
    static const char host[] = "wgdata 1 table\n"
                               "name T28-losses\n"
                               "cell 5 4 8\n"
                               "cell 6 4 7\n";
    ck_assert_int_eq(wg_table_supply(tabs[LA_T28], host, strlen(host)), WG_OK);
    char err[WG_ERRMSG_CAP] = "";
    la_fire f = {5, 0, 4, 0, 1}; /* die 1 or 2: no bonus, row 5 */
    int l = -1;
    ck_assert_int_eq(la_fire_losses(&l, err, tabs, &f, 1), WG_OK);
    ck_assert_int_eq(l, 4);
    f.half = 0;
    ck_assert_int_eq(la_fire_losses(&l, err, tabs, &f, 1), WG_OK);
    ck_assert_int_eq(l, 8);
    /* halving rounds up: 7 -> 4 (row 6: die 3 or 4 adds 1) */
    f.half = 1;
    ck_assert_int_eq(la_fire_losses(&l, err, tabs, &f, 3), WG_OK);
    ck_assert_int_eq(l, 4);
    /* a supplied cell that is no number */
    static const char odd[] = "wgdata 1 table\nname T28-losses\ncell 7 4 -2\n";
    ck_assert_int_eq(wg_table_supply(tabs[LA_T28], odd, strlen(odd)), WG_OK);
    ck_assert_int_eq(la_fire_losses(&l, err, tabs, &f, 5), WG_EDATA);
    ck_assert_ptr_nonnull(strstr(err, "holds -2 losses"));
}
END_TEST

START_TEST(test_morale)
{
    sample();
    char err[WG_ERRMSG_CAP] = "";
    int r = -1;
    ck_assert_int_eq(la_morale_result(&r, err, tabs, LA_MILITIA, 8, 1), WG_OK);
    ck_assert_int_eq(r, LA_HALT);
    ck_assert_int_eq(la_morale_result(&r, err, tabs, LA_REGULAR, 4, 1), WG_OK);
    ck_assert_int_eq(r, LA_RETREAT);
    ck_assert_int_eq(la_morale_result(&r, err, tabs, LA_REGULAR, -3, 1), WG_OK);
    ck_assert_int_eq(r, LA_FLIGHT);
    /* G-18: the Guard never routs nor flees: its Rout (1-2) is a Retreat, unless the option is off */
    ck_assert_int_eq(la_morale_result(&r, err, tabs, LA_GUARD, 2, 1), WG_OK);
    ck_assert_int_eq(r, LA_RETREAT);
    ck_assert_int_eq(la_morale_result(&r, err, tabs, LA_GUARD, 2, 0), WG_OK);
    ck_assert_int_eq(r, LA_ROUT);
    /* the distribution of morale 3 + d6 for regulars: totals 4..9 */
    int c[LA_PRISONER];
    ck_assert_int_eq(la_morale_dist(c, err, tabs, LA_REGULAR, 3, 1), WG_OK);
    ck_assert_int_eq(c[LA_RETREAT], 1);
    ck_assert_int_eq(c[LA_HALT], 2);
    ck_assert_int_eq(c[LA_OBEY], 2);
    ck_assert_int_eq(c[LA_UNCONTROLLED], 1);
    ck_assert_int_eq(c[LA_ROUT] + c[LA_FLIGHT], 0);
    /* a supplied result outside the vocabulary */
    static const char odd[] = "wgdata 1 table\nname T27-morale-results\ncell 5-6 Militia Panic\n";
    ck_assert_int_eq(wg_table_supply(tabs[LA_T27], odd, strlen(odd)), WG_OK);
    ck_assert_int_eq(la_morale_result(&r, err, tabs, LA_MILITIA, 5, 1), WG_EDATA);
    ck_assert_ptr_nonnull(strstr(err, "'Panic' is not a morale result"));
    ck_assert_int_eq(la_morale_result(&r, err, tabs, LA_NSTATUS, 5, 1), WG_EINVAL);
}
END_TEST

/* The sample fills only cells the rulebook does not print, and fills the loss table whole. */
START_TEST(test_sample_fills_gaps_only)
{
    int before[LA_NTABLES];
    for (int i = 0; i < LA_NTABLES; i++) {
        int rows = 0, cols = 0, src = 0;
        wg_table_size(&rows, &cols, tabs[i]);
        before[i] = 0;
        for (int r = 0; r < rows; r++)
            for (int c2 = 0; c2 < cols; c2++) {
                wg_table_source(&src, tabs[i], r, c2);
                before[i] += src == WG_CELL_PRINTED;
            }
    }
    sample();
    for (int i = 0; i < LA_NTABLES; i++) {
        int rows = 0, cols = 0, src = 0, printed = 0, gaps = 0;
        wg_table_size(&rows, &cols, tabs[i]);
        for (int r = 0; r < rows; r++)
            for (int c2 = 0; c2 < cols; c2++) {
                wg_table_source(&src, tabs[i], r, c2);
                printed += src == WG_CELL_PRINTED;
                gaps += src == WG_CELL_GAP;
            }
        ck_assert_int_eq(printed, before[i]);
        if (i == LA_T27 || i == LA_T28 || i == LA_T26 || i == LA_T29)
            ck_assert_msg(gaps == 0, "%s: %d gaps after the sample", la_printed_tables[i].name, gaps);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("aigles_odds");
    TCase *tc = tcase_create("all");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_gaps_without_sample);
    tcase_add_test(tc, test_fire);
    tcase_add_test(tc, test_jager_example);
    tcase_add_test(tc, test_morale);
    tcase_add_test(tc, test_sample_fills_gaps_only);
    suite_add_tcase(s, tc);
    return wgt_run(s);
}

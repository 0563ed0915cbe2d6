/* Les Aigles: melee resolution (lib/aigles/la_melee.c): the elite rule with the rulebook's two
   examples (LA-MELEE-11, -12), the random factor of T29 by the charisma of an officer in contact, the
   charge bonus only for an effective charge, figures removed with the remainder carried, the loser;
   and the village melee example (T6) as a sum of the printed factors. */
#include <string.h>

#include "aigles/la_melee.h"
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

START_TEST(test_elite_rule)
{
    int plus = -1, chars = -1;
    /* example 1, turn 1: the French front rank holds a grenadier company (3 of 12): +1 */
    la_elite_rule(&plus, &chars, 3, 9);
    ck_assert_int_eq(plus, 1);
    ck_assert_int_eq(chars, 0);
    /* the Russians fight with their grenadier lead company alone: elite characteristics, no +1 */
    la_elite_rule(&plus, &chars, 4, 0);
    ck_assert_int_eq(plus, 0);
    ck_assert_int_eq(chars, 1);
    /* turn 2: the whole Russian battalion (1 grenadier company and 3 of fusiliers): fusiliers' values, +1 */
    la_elite_rule(&plus, &chars, 4, 12);
    ck_assert_int_eq(plus, 1);
    ck_assert_int_eq(chars, 0);
    /* example 2, turn 1: 1 grenadier against 7 fusiliers fighting, below 1 : 4: neither */
    la_elite_rule(&plus, &chars, 1, 7);
    ck_assert_int_eq(plus, 0);
    ck_assert_int_eq(chars, 0);
    la_elite_rule(&plus, &chars, 1, 4); /* exactly 1 : 4 */
    ck_assert_int_eq(plus, 1);
    la_elite_rule(&plus, &chars, 0, 12);
    ck_assert_int_eq(plus, 0);
    ck_assert_int_eq(chars, 0);
}
END_TEST

START_TEST(test_losses)
{
    char err[WG_ERRMSG_CAP] = "";
    /* without a loss table: an explicit gap */
    la_melee_side s = {3, 2, 1, 0, 8, 0, -1, 0};
    int l = -1;
    ck_assert_int_eq(la_melee_losses(&l, err, tabs, &s, 1), WG_ETABLEGAP);
    ck_assert_ptr_nonnull(strstr(err, "T28-losses"));
    ck_assert_int_eq(la_tables_supply_sample(tabs, err), WG_OK);
    /* combat 3 + charge 2, no officer: die 1 gives 0 (T29 row 0), factor 5, 8 figures */
    ck_assert_int_eq(la_melee_losses(&l, err, tabs, &s, 1), WG_OK);
    ck_assert_int_eq(l, (3 * 8 * 5 + 5) / 10); /* the sample loss table */
    /* no effective charge: no bonus (LA-CHARGE-10, LA-MELEE-01) */
    s.charging = 0;
    ck_assert_int_eq(la_melee_losses(&l, err, tabs, &s, 1), WG_OK);
    ck_assert_int_eq(l, (3 * 8 * 3 + 5) / 10);
    /* an officer of charisma 2 in contact: die 3 gives 2 (T29), not 1 */
    s.charisma = 2;
    ck_assert_int_eq(la_melee_losses(&l, err, tabs, &s, 3), WG_OK);
    ck_assert_int_eq(l, (3 * 8 * 5 + 5) / 10);
    s.charisma = -1;
    ck_assert_int_eq(la_melee_losses(&l, err, tabs, &s, 3), WG_OK);
    ck_assert_int_eq(l, (3 * 8 * 4 + 5) / 10);
    /* the elite +1 shifts the die: 2 -> 3 (LA-DICEMOD-04) */
    s.die_plus = 1;
    ck_assert_int_eq(la_melee_losses(&l, err, tabs, &s, 2), WG_OK);
    ck_assert_int_eq(l, (3 * 8 * 4 + 5) / 10);
    ck_assert_int_eq(la_melee_losses(&l, err, tabs, &s, 0), WG_EINVAL);
    /* figures removed, the remainder carried (LA-LOSSES-06, G-03: 40 per figure) */
    int rem = 0;
    ck_assert_int_eq(la_remove_figures(&rem, 35, 40), 0);
    ck_assert_int_eq(rem, 35);
    ck_assert_int_eq(la_remove_figures(&rem, 50, 40), 2);
    ck_assert_int_eq(rem, 5);
    ck_assert_int_eq(la_remove_figures(&rem, 7, 6), 2); /* the other reading: 6 per figure */
    ck_assert_int_eq(rem, 0);
    ck_assert_int_eq(la_remove_figures(&rem, 0, 40), 0);
    /* the loser suffered more; a tie has none (G-30) */
    ck_assert_int_eq(la_melee_loser(18, 10), 0);
    ck_assert_int_eq(la_melee_loser(10, 18), 1);
    ck_assert_int_eq(la_melee_loser(10, 10), -1);
}
END_TEST

/* T6, the village melee: French combat 5 + charge 2 + the house -4 + fresh troops 1 = 4; Prussian
   combat 3 + without formation -3 = 0.  The printed cells sum to the printed totals, and the factors
   are those of the factor tables: the house is T19's village (-4), fresh troops and without formation
   T15's (+1, -3). */
START_TEST(test_village_example)
{
    int totals[2] = {0, 0};
    for (int side = 0; side < 2; side++)
        for (int r = 0; r < 5; r++) {
            int v = 0;
            int rc = la_cell_int(&v, tabs[LA_T6], r, side);
            if (rc == WG_EDATA)
                continue; /* a printed dash: no factor */
            ck_assert_int_eq(rc, WG_OK);
            totals[side] += v;
        }
    int french = -1, prussian = -1;
    ck_assert_int_eq(la_cell_int(&french, tabs[LA_T6], 5, 0), WG_OK);
    ck_assert_int_eq(la_cell_int(&prussian, tabs[LA_T6], 5, 1), WG_OK);
    ck_assert_int_eq(totals[0], french);
    ck_assert_int_eq(totals[1], prussian);
    ck_assert_int_eq(french, 4);
    ck_assert_int_eq(prussian, 0);
    int village = 0, fresh = 0, without = 0;
    ck_assert_int_eq(la_cell_int(&village, tabs[LA_T19], 2, 0), WG_OK);
    ck_assert_int_eq(la_cell_int(&fresh, tabs[LA_T15], 0, 0), WG_OK);
    ck_assert_int_eq(la_cell_int(&without, tabs[LA_T15], 5, 0), WG_OK);
    ck_assert_int_eq(5 + 2 + village + fresh, french);
    ck_assert_int_eq(3 + without, prussian);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("aigles_melee");
    TCase *tc = tcase_create("all");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_elite_rule);
    tcase_add_test(tc, test_losses);
    tcase_add_test(tc, test_village_example);
    suite_add_tcase(s, tc);
    return wgt_run(s);
}

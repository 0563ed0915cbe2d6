/* Les Maréchaux: pure computations, the melee table and the fatigue pool, with the worked example
 * ("Example of Movement and Combat", LM-EXMC-*) as test vectors. */
#include <string.h>

#include "marechaux/marechaux.h"
#include "pool.h"
#include "testutil.h"

/* LM-DICE-02: rounded up; 3.5 -> 4, 1.6 -> 2, 1.4 -> 2. */
START_TEST(test_rounding)
{
    ck_assert_int_eq(mr_ceil_div(7, 2), 4);
    ck_assert_int_eq(mr_ceil_div(8, 5), 2);
    ck_assert_int_eq(mr_ceil_div(7, 5), 2);
    ck_assert_int_eq(mr_ceil_div(10, 5), 2);
    ck_assert_int_eq(mr_ceil_div(5, 0), 0);
    /* LM-CMD-08: half MP rounded up, 5 -> 3, 4 -> 2 */
    ck_assert_int_eq(mr_half_up(5), 3);
    ck_assert_int_eq(mr_half_up(4), 2);
    ck_assert_int_eq(mr_half_up(1), 1);
}
END_TEST

/* LM-CMD-04 LM-CMD-05 LM-CMD-06 LM-CMD-07 LM-CMD-08 LM-CMD-09 and LM-EXMC-02. */
START_TEST(test_command)
{
    int total = 0;
    /* LM-EXMC-02: die 3, Beresford SV 1, clear path to Wellesley -> 5, all MP */
    ck_assert_int_eq(mr_command_result(3, 1, 0, 1, &total), 2);
    ck_assert_int_eq(total, 5);
    /* LM-CMD-07 LM-CMD-08 LM-CMD-09 thresholds */
    ck_assert_int_eq(mr_command_result(4, 0, 0, 0, &total), 1);
    ck_assert_int_eq(mr_command_result(3, 0, 0, 0, &total), 1);
    ck_assert_int_eq(mr_command_result(2, 0, 0, 0, &total), 0);
    ck_assert_int_eq(mr_command_result(1, 0, 0, 0, &total), 0);
    /* LM-CMD-05: +1 all cavalry */
    ck_assert_int_eq(mr_command_result(2, 0, 1, 0, &total), 1);
    ck_assert_int_eq(total, 3);
    /* LM-CMD-06: +1 clear path */
    ck_assert_int_eq(mr_command_result(4, 0, 0, 1, &total), 2);
    ck_assert_int_eq(mr_command_result(4, 0, 1, 1, &total), 2);
    ck_assert_int_eq(total, 6);
}
END_TEST

/* LM-DISENG-02 LM-DISENG-03 LM-DISENG-04 LM-DISENG-05 LM-DISENG-06 and LM-EXMC-08. */
START_TEST(test_disengage)
{
    int total = 0;
    /* LM-EXMC-08: cavalry 1 against 1 -> +1; not all cavalry; die 3 -> 4: failure */
    ck_assert_int_eq(mr_disengage_result(3, 1, 1, 0, &total), 0);
    ck_assert_int_eq(total, 4);
    /* LM-DISENG-03: more cavalry -1 */
    ck_assert_int_eq(mr_disengage_result(4, 2, 1, 0, &total), 1);
    ck_assert_int_eq(total, 3);
    /* fewer cavalry: +1 */
    ck_assert_int_eq(mr_disengage_result(3, 0, 2, 0, &total), 0);
    /* LM-DISENG-04: all cavalry -1 more */
    ck_assert_int_eq(mr_disengage_result(5, 3, 1, 1, &total), 1);
    ck_assert_int_eq(total, 3);
    /* LM-DISENG-05 LM-DISENG-06 boundary */
    ck_assert_int_eq(mr_disengage_result(2, 0, 0, 0, &total), 1);
    ck_assert_int_eq(total, 3);
}
END_TEST

/* LM-FATIGUE-01 LM-FATIGUE-03 LM-FATIGUE-04 LM-FATIGUE-06, LM-EXMC-03. */
START_TEST(test_fatigue_draws)
{
    ck_assert_int_eq(mr_fatigue_size_extra(10), 0);
    ck_assert_int_eq(mr_fatigue_size_extra(11), 1);
    ck_assert_int_eq(mr_fatigue_size_extra(20), 1);
    ck_assert_int_eq(mr_fatigue_size_extra(21), 2);
    ck_assert_int_eq(mr_fatigue_size_extra(31), 3);
    ck_assert_int_eq(mr_fatigue_draws(5, 0, 0), 1);
    ck_assert_int_eq(mr_fatigue_draws(5, 1, 0), 2);
    ck_assert_int_eq(mr_fatigue_draws(25, 1, 1), 5);
    /* LM-EXMC-03: 10 steps, connections 1-3 one marker each, the 4th (enemy zone) two */
    ck_assert_int_eq(mr_fatigue_draws(10, 0, 0), 1);
    ck_assert_int_eq(mr_fatigue_draws(10, 0, 1), 2);
}
END_TEST

/* LM-MELEE-13 LM-MELEE-14 LM-MELEE-15 LM-MELEE-16 and LM-EXMC-12 (GAP-14: both readings give 2). */
START_TEST(test_strength_ratio)
{
    int r[2], a10[2];
    /* LM-MELEE-15: 7 against 2 -> 3.5 -> 4 */
    mr_strength_ratio(r, a10, 7, 2);
    ck_assert_int_eq(r[0], 4);
    ck_assert_int_eq(r[1], 0);
    ck_assert_int_eq(a10[0], 0);
    mr_strength_ratio(r, a10, 2, 7);
    ck_assert_int_eq(r[1], 4);
    ck_assert_int_eq(r[0], 0);
    /* equal: none (GAP-41) */
    mr_strength_ratio(r, a10, 5, 5);
    ck_assert_int_eq(r[0] + r[1], 0);
    /* LM-MELEE-16 / GAP-42: 21/2 = 10.5 -> 11 > 10; 20/2 = 10 not */
    mr_strength_ratio(r, a10, 21, 2);
    ck_assert_int_eq(r[0], 11);
    ck_assert_int_eq(a10[0], 1);
    mr_strength_ratio(r, a10, 20, 2);
    ck_assert_int_eq(a10[0], 0);
    /* zero enemy tally */
    mr_strength_ratio(r, a10, 0, 3);
    ck_assert_int_eq(r[1], 3);
    ck_assert_int_eq(a10[1], 1);

    /* LM-EXMC-12: AA Tilson 2 + Silveira 2 + Lopes 2, cavalry 1, artillery 1 against Heudelet 4 + dragoon 1 */
    mr_side_calc aa = {6, 1, 1, 0}, fr = {4, 1, 0, 0};
    ck_assert_int_eq(mr_tally(&aa, 0), 7); /* note 2: artillery subtracted */
    ck_assert_int_eq(mr_tally(&aa, 1), 8); /* the example's 8 */
    ck_assert_int_eq(mr_tally(&fr, 0), 5);
    mr_strength_ratio(r, a10, mr_tally(&aa, 0), mr_tally(&fr, 0));
    ck_assert_int_eq(r[0], 2);
    mr_strength_ratio(r, a10, mr_tally(&aa, 1), mr_tally(&fr, 1));
    ck_assert_int_eq(r[0], 2);
    /* LM-MELEE-13: cavalry halved (rounded up) in a defensive or town zone */
    mr_side_calc cav = {2, 3, 1, 1};
    ck_assert_int_eq(mr_tally(&cav, 0), 4);
    cav.in_cover = 0;
    ck_assert_int_eq(mr_tally(&cav, 0), 5);
}
END_TEST

/* LM-COMBAT-10, LM-EXMC-10: amplitude 5 + 8 = 13. */
START_TEST(test_amplitude)
{
    mr_side_calc aa = {6, 1, 1, 0}, fr = {4, 1, 0, 0};
    ck_assert_int_eq(mr_amplitude(&aa, &fr), 13);
    ck_assert_int_eq(mr_melee_col(13), 2); /* column 11-15 */
    /* LM-MELEE-27 boundaries */
    ck_assert_int_eq(mr_melee_col(5), 0);
    ck_assert_int_eq(mr_melee_col(6), 1);
    ck_assert_int_eq(mr_melee_col(10), 1);
    ck_assert_int_eq(mr_melee_col(11), 2);
    ck_assert_int_eq(mr_melee_col(15), 2);
    ck_assert_int_eq(mr_melee_col(16), 3);
    ck_assert_int_eq(mr_melee_col(20), 3);
    ck_assert_int_eq(mr_melee_col(21), 4);
    ck_assert_int_eq(mr_melee_col(25), 4);
    ck_assert_int_eq(mr_melee_col(26), 5);
    ck_assert_int_eq(mr_melee_col(30), 5);
    ck_assert_int_eq(mr_melee_col(31), -1);
    ck_assert_int_eq(mr_melee_col(0), -1);
}
END_TEST

/* LM-MELEE-01 LM-MELEE-02 LM-MELEE-03 LM-MELEE-04 LM-MELEE-05 LM-MELEE-06 LM-MELEE-07 LM-MELEE-08 LM-MELEE-09 LM-MELEE-10 LM-MELEE-11 LM-MELEE-12, LM-EXMC-11 LM-EXMC-12: French 9, AA 8. */
START_TEST(test_cp)
{
    mr_cp fr = {0};
    fr.head = 4; /* Heudelet */
    fr.die = 5;
    ck_assert_int_eq(mr_cp_total(&fr), 9);
    mr_cp aa = {0};
    aa.art = 0;   /* artillery die 2: no success (LM-MELEE-03) */
    aa.ratio = 2; /* 8/5 */
    aa.head = 4;  /* Tilson */
    aa.sv = 1;    /* Beresford */
    aa.river = -1;
    aa.die = 2;
    ck_assert_int_eq(mr_cp_total(&aa), 8);
    /* LM-MELEE-08 LM-MELEE-10 LM-MELEE-11 and LM-MELEE-20: CP may be negative */
    mr_cp neg = {0};
    neg.noaxis = -2;
    neg.forced = -2;
    neg.demor = -2;
    neg.die = 1;
    neg.events = 2;
    neg.terrain = 1;
    ck_assert_int_eq(mr_cp_total(&neg), -2);
}
END_TEST

/* LM-DEMOR-01, LM-PURSUIT-01 LM-PURSUIT-02 LM-PURSUIT-03 LM-PURSUIT-04 LM-PURSUIT-05, LM-CDR-01, LM-EXMC-15 LM-EXMC-16 LM-EXMC-17. */
START_TEST(test_after_melee)
{
    /* LM-EXMC-15: die 4 + 1 = 5 > Tilson's 3 */
    ck_assert_int_eq(mr_demoralized(4, 1, 3), 1);
    ck_assert_int_eq(mr_demoralized(2, 1, 3), 0);
    ck_assert_int_eq(mr_demoralized(2, 2, 4), 0); /* equal is not greater */
    /* LM-EXMC-16: cavalry 1 v 1 -> effective; loser 6+1+1 = 8, winner 6+1+2 = 9 -> 1 loss */
    ck_assert_int_eq(mr_pursuit_effective(1, 1, 0), 1);
    ck_assert_int_eq(mr_pursuit_effective(0, 0, 0), 0); /* LM-PURSUIT-02 no cavalry */
    ck_assert_int_eq(mr_pursuit_effective(2, 1, 1), 0); /* defensive zone */
    ck_assert_int_eq(mr_pursuit_effective(1, 2, 0), 0); /* LM-PURSUIT-01 */
    ck_assert_int_eq(mr_pursuit_losses(7, 1, 6, 1, 1), 1);
    ck_assert_int_eq(mr_pursuit_losses(7, 1, 6, 1, 0), 0); /* GAP-48: never negative */
    ck_assert_int_eq(mr_pursuit_losses(2, 0, 6, 3, 1), 9);
    /* LM-EXMC-17, LM-CDR-01 */
    ck_assert_int_eq(mr_commander_eliminated(9), 0);
    ck_assert_int_eq(mr_commander_eliminated(10), 0);
    ck_assert_int_eq(mr_commander_eliminated(11), 1);
    ck_assert_int_eq(mr_commander_eliminated(12), 1);
    int sum = 0;
    for (int s = 2; s <= 12; s++)
        sum += mr_2d6_ways(s);
    ck_assert_int_eq(sum, 36);
    ck_assert_int_eq(mr_2d6_ways(11) + mr_2d6_ways(12), 3); /* LM-DICE-01: 3 of 36 */
    /* GAP-27, LM-OOB-05: Tilson 4 at 2 steps, 3 at 1 */
    int tilson[2] = {3, 4};
    ck_assert_int_eq(mr_box_morale(tilson, 2, 2), 4);
    ck_assert_int_eq(mr_box_morale(tilson, 2, 1), 3);
    ck_assert_int_eq(mr_box_morale(tilson, 2, 0), -1);
}
END_TEST

/* ---- melee table (LM-MELEE-21 LM-MELEE-22 LM-MELEE-23 LM-MELEE-24 LM-MELEE-25 LM-MELEE-26 LM-MELEE-27) ---- */

static void expect(wg_table *t, int diff, int amp, int w, int l, int r)
{
    int a = -1, b = -1, c = -1;
    char err[WG_ERRMSG_CAP] = "";
    int rc = mr_melee_resolve(&a, &b, &c, t, diff, amp, err);
    ck_assert_msg(rc == WG_OK, "diff %d amp %d: %s", diff, amp, err);
    ck_assert_msg(a == w && b == l && c == r, "diff %d amp %d: got %d/%d r%d, want %d/%d r%d", diff, amp, a, b, c,
                  w, l, r);
}

START_TEST(test_melee_printed)
{
    wgt_alloc al = {0};
    wg_ctx *ctx = wgt_ctx(&al);
    wg_table *t = NULL;
    ck_assert_int_eq(mr_melee_table_new(&t, ctx), WG_OK);
    /* LM-MELEE-27 / LM-MELEE-23: row 0 -> 0 1 1 1 2 3, both lose, no retreat */
    static const int row0[6] = {0, 1, 1, 1, 2, 3};
    static const int w12[6] = {0, 0, 1, 1, 1, 2}, l12[6] = {0, 0, 1, 1, 1, 2};
    static const int w34[6] = {0, 0, 0, 0, 1, 1}, l34[6] = {0, 1, 1, 1, 2, 2};
    for (int c = 0; c < 6; c++) {
        int lo = c * 5 + 1, hi = c * 5 + 5;
        expect(t, 0, lo, row0[c], row0[c], 0);
        expect(t, 0, hi, row0[c], row0[c], 0);
        expect(t, 1, lo, w12[c], l12[c], 1); /* LM-RETREAT-01: 1 zone */
        expect(t, 2, hi, w12[c], l12[c], 1);
        expect(t, 3, lo, w34[c], l34[c], 2); /* 2 zones */
        expect(t, -4, hi, w34[c], l34[c], 2);
    }
    /* LM-EXMC-13: difference 1, amplitude 13 -> 1/1, retreat 1 */
    expect(t, 1, 13, 1, 1, 1);
    /* LM-MELEE-25: amplitude above 30 adds the remainder's column: 37 at difference 3 -> 1/2 + 0/1 */
    expect(t, 3, 37, 1, 3, 2);
    /* GAP-40: 67 = 30 + 30 + 7 */
    expect(t, 1, 67, 4, 4, 1);
    expect(t, 0, 60, 6, 6, 0);
    /* printed cells are marked printed */
    int src = -1;
    ck_assert_int_eq(wg_table_source(&src, t, 3, 4), WG_OK);
    ck_assert_int_eq(src, WG_CELL_PRINTED);
    ck_assert_int_eq(wg_table_source(&src, t, 6, 5), WG_OK);
    ck_assert_int_eq(src, WG_CELL_GAP);
    wg_table_free(t);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* LM-MELEE-24 LM-MELEE-26, GAP-05: difference 6 is a gap until supplied; then amplitude 37 -> 2/4. */
START_TEST(test_melee_gap_and_supply)
{
    wgt_alloc al = {0};
    wg_ctx *ctx = wgt_ctx(&al);
    wg_table *t = NULL;
    int a, b, r, code;
    char err[WG_ERRMSG_CAP] = "";
    ck_assert_int_eq(mr_melee_table_new(&t, ctx), WG_OK);
    ck_assert_int_eq(mr_melee_resolve(&a, &b, &r, t, 6, 37, err), WG_ETABLEGAP);
    ck_assert_msg(strstr(err, "CP difference 6") && strstr(err, "26-30") && strstr(err, "GAP-05"), "%s", err);
    ck_assert_int_eq(mr_melee_resolve(&a, &b, &r, t, 40, 10, err), WG_ETABLEGAP);
    ck_assert_msg(strstr(err, "CP difference 40") != NULL, "%s", err);
    ck_assert_int_eq(mr_melee_resolve(&a, &b, &r, t, 100, 10, err), WG_ETABLEGAP);
    ck_assert_msg(strstr(err, "beyond") != NULL, "%s", err);
    ck_assert_int_eq(mr_melee_resolve(&a, &b, &r, t, 1, 0, err), WG_EINVAL);
    /* printed cells cannot be overwritten */
    ck_assert_int_eq(wg_table_code(&code, t, "9/9"), WG_OK);
    ck_assert_int_eq(wg_table_set(t, 1, 2, code), WG_EILLEGAL);
    /* the host supplies the row for a difference of 6 (the two cells the example reveals + retreat) */
    ck_assert_int_eq(wg_table_code(&code, t, "2/3"), WG_OK);
    ck_assert_int_eq(wg_table_set(t, 6, 5, code), WG_OK);
    ck_assert_int_eq(wg_table_code(&code, t, "0/1"), WG_OK);
    ck_assert_int_eq(wg_table_set(t, 6, 1, code), WG_OK);
    /* still a gap: the retreat distance of that row */
    ck_assert_int_eq(mr_melee_resolve(&a, &b, &r, t, 6, 37, err), WG_ETABLEGAP);
    ck_assert_msg(strstr(err, "retreat") != NULL, "%s", err);
    ck_assert_int_eq(wg_table_code(&code, t, "2"), WG_OK);
    ck_assert_int_eq(wg_table_set(t, 6, MR_MELEE_RETREAT_COL, code), WG_OK);
    /* LM-MELEE-26: 37 at difference 6 -> 2/3 + 0/1 = 2/4 */
    ck_assert_int_eq(mr_melee_resolve(&a, &b, &r, t, 6, 37, err), WG_OK);
    ck_assert_int_eq(a, 2);
    ck_assert_int_eq(b, 4);
    /* a malformed supplied cell is a data error */
    ck_assert_int_eq(wg_table_code(&code, t, "x"), WG_OK);
    ck_assert_int_eq(wg_table_set(t, 7, 0, code), WG_OK);
    ck_assert_int_eq(mr_melee_resolve(&a, &b, &r, t, 7, 3, err), WG_EDATA);
    wg_table_free(t);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

START_TEST(test_melee_oom)
{
    for (uint64_t n = 1; n < 1000; n++) {
        wgt_alloc al = {0};
        wg_ctx *ctx = wgt_ctx(&al);
        wg_table *t = NULL;
        al.fail_at = n + 1; /* the context itself took allocation 1 */
        int rc = mr_melee_table_new(&t, ctx);
        if (rc == WG_OK) {
            wg_table_free(t);
            ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
            ck_assert_uint_eq(al.blocks, 0);
            return;
        }
        ck_assert_int_eq(rc, WG_ENOMEM);
        ck_assert_ptr_null(t);
        ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
        ck_assert_uint_eq(al.blocks, 0);
    }
    ck_abort_msg("never succeeded");
}
END_TEST

/* ---- pools (LM-FATIGUE-10 LM-FATIGUE-11, LM-EVT-02 LM-EVT-03 LM-EVT-04) ---- */

START_TEST(test_pool_basic)
{
    wg_pool p;
    wg__pool_init(&p, 3);
    ck_assert_int_eq(wg__pool_add(&p, 0, 4), WG_OK);
    ck_assert_int_eq(wg__pool_add(&p, 2, 2), WG_OK);
    ck_assert_int_eq(wg__pool_add(&p, 3, 1), WG_ERANGE);
    ck_assert_int_eq(wg__pool_add(&p, 1, 70000), WG_EOVERFLOW);
    ck_assert_uint_eq(wg__pool_count(&p), 6);
    uint64_t num, den;
    ck_assert_int_eq(wg__pool_draw_prob(&num, &den, &p, 2), WG_OK);
    ck_assert_uint_eq(num, 2);
    ck_assert_uint_eq(den, 6);
    ck_assert_int_eq(wg__pool_take(&p, 1), WG_EILLEGAL); /* none of type 1 */
    ck_assert_int_eq(wg__pool_take(&p, 2), WG_OK);
    ck_assert_int_eq(wg__pool_take(&p, 2), WG_OK);
    ck_assert_int_eq(wg__pool_take(&p, 2), WG_EILLEGAL); /* without replacement */
    ck_assert_uint_eq(wg__pool_count(&p), 4);
    ck_assert_uint_eq(wg__pool_out_type(&p, 2), 2);
    ck_assert_int_eq(wg__pool_put_back(&p, 2), WG_OK);
    ck_assert_int_eq(wg__pool_discard(&p, 2), WG_OK);
    ck_assert_int_eq(wg__pool_discard(&p, 2), WG_EILLEGAL);
    ck_assert_uint_eq(wg__pool_count_type(&p, 2), 1);
    ck_assert_int_eq(wg__pool_take(&p, 0), WG_OK);
    wg__pool_return_all(&p); /* LM-FATIGUE-11 */
    ck_assert_uint_eq(wg__pool_count(&p), 5);
    ck_assert_uint_eq(wg__pool_out_count(&p), 0);
    ck_assert_int_eq(wg__pool_put_back(&p, 7), WG_ERANGE);
    /* slots of a hidden draw: the markers in type order */
    ck_assert_int_eq(wg__pool_slot_type(&p, 0), 0);
    ck_assert_int_eq(wg__pool_slot_type(&p, 3), 0);
    ck_assert_int_eq(wg__pool_slot_type(&p, 4), 2);
    ck_assert_int_eq(wg__pool_slot_type(&p, 5), -1);
    ck_assert_int_eq(wg__pool_type_slot(&p, 2), 4);
    ck_assert_int_eq(wg__pool_type_slot(&p, 1), -1);
    ck_assert_int_eq(wg__pool_type_slot(&p, 9), -1);
}
END_TEST

START_TEST(test_pool_sum_dist)
{
    /* markers 0,1,1,2,3 (values of types 0..3 with counts 1,2,1,1) */
    wg_pool p;
    int values[4] = {0, 1, 2, 3};
    uint64_t out[16];
    size_t len = 0;
    wg__pool_init(&p, 4);
    wg__pool_add(&p, 0, 1);
    wg__pool_add(&p, 1, 2);
    wg__pool_add(&p, 2, 1);
    wg__pool_add(&p, 3, 1);
    ck_assert_int_eq(wg__pool_sum_dist(out, 16, &len, &p, values, 1), WG_OK);
    ck_assert_uint_eq(len, 4);
    ck_assert_uint_eq(out[0], 1);
    ck_assert_uint_eq(out[1], 2);
    ck_assert_uint_eq(out[2], 1);
    ck_assert_uint_eq(out[3], 1);
    ck_assert_int_eq(wg__pool_sum_dist(out, 16, &len, &p, values, 2), WG_OK);
    /* pairs of {0,1a,1b,2,3}: sums 1(0+1a,0+1b)=2, 2(0+2,1a+1b)=2, 3(0+3,1a+2,1b+2)=3, 4(1a+3,1b+3)=2, 5(2+3)=1 */
    ck_assert_uint_eq(len, 7);
    uint64_t want[7] = {0, 2, 2, 3, 2, 1, 0};
    uint64_t tot = 0;
    for (int i = 0; i < 7; i++) {
        ck_assert_uint_eq(out[i], want[i]);
        tot += out[i];
    }
    ck_assert_uint_eq(tot, 10); /* C(5,2) */
    ck_assert_int_eq(wg__pool_sum_dist(out, 3, &len, &p, values, 2), WG_EBUFSIZE);
    ck_assert_uint_eq(len, 7);
    ck_assert_int_eq(wg__pool_sum_dist(out, 16, &len, &p, values, 6), WG_EINVAL);
    values[0] = -1;
    ck_assert_int_eq(wg__pool_sum_dist(out, 16, &len, &p, values, 1), WG_EINVAL);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("marechaux_calc");
    TCase *tc = tcase_create("calc");
    tcase_add_test(tc, test_rounding);
    tcase_add_test(tc, test_command);
    tcase_add_test(tc, test_disengage);
    tcase_add_test(tc, test_fatigue_draws);
    tcase_add_test(tc, test_strength_ratio);
    tcase_add_test(tc, test_amplitude);
    tcase_add_test(tc, test_cp);
    tcase_add_test(tc, test_after_melee);
    tcase_add_test(tc, test_melee_printed);
    tcase_add_test(tc, test_melee_gap_and_supply);
    tcase_add_test(tc, test_melee_oom);
    tcase_add_test(tc, test_pool_basic);
    tcase_add_test(tc, test_pool_sum_dist);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

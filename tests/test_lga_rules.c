/* La Grande Armée: rules functions on small hand-built boards (tables, movement, ZOC, stacking, combat
   strengths, leaders, terrain, retreats, supply, fortresses, disruption, victory).  Each test cites the
   checklist items it proves. */
#include <check.h>
#include <limits.h>
#include <string.h>

#include "lga/lga_internal.h"
#include "testutil.h"

static lga_board B;
static lga_state S;
static lga_opts O;
static lga_scen SC;
static lga_run R;

static void fresh(int cols, int rows)
{
    lga_board_init(&B, cols, rows);
    lga_state_init(&S);
    lga_opts_default(&O);
    memset(&SC, 0, sizeof SC);
    SC.year = 1805;
    memset(&R, 0, sizeof R);
    R.s = &S;
    R.b = &B;
    R.o = &O;
    R.sc = &SC;
    S.turn = 1;
    S.pturn = LGA_FRENCH;
    S.phase = 0;
}

static int H(int c, int r)
{
    return lga_board_hex(&B, c, r);
}

static int U(int side, int nat, int type, int str, int ma, int c, int r)
{
    int u = lga_unit_add(&S, side, nat, type, str, ma);
    ck_assert_int_ge(u, 0);
    lga_unit_place(&S, u, H(c, r));
    return u;
}

static int step(int u, int from, int to, int *stop)
{
    int st = 0, d = lga_board_dir(&B, from, to);
    ck_assert_int_ge(d, 0);
    int c = lga_step_cost(&R, u, from, to, d, &st, NULL);
    if (stop)
        *stop = st;
    return c;
}

static int in_reach(const lga_reach *rc, int hex, int *cost, int *stop)
{
    for (int i = 0; i < rc->n; i++)
        if (rc->hex[i] == hex) {
            if (cost)
                *cost = rc->cost[i];
            if (stop)
                *stop = rc->stop[i];
            return 1;
        }
    return 0;
}

static int in_list(const lga_rlist *l, int hex)
{
    for (int i = 0; i < l->n; i++)
        if (l->hex[i] == hex)
            return 1;
    return 0;
}

/* Sets up battle 0: attackers (already placed) against `target`. */
static void battle(int target, const int *att, int natt)
{
    memset(&S.battles[0], 0, sizeof S.battles[0]);
    S.battles[0].target[0] = (int16_t)target;
    S.battles[0].ntarget = 1;
    S.nbattles = 1;
    for (int i = 0; i < natt; i++)
        S.u[att[i]].battle = 1;
}

/* ------------------------------------------------------------------ tables */

START_TEST(test_odds_examples)
{
    /* LGA-COMBAT-16: 6 attacking 4 = 150%, 4 attacking 4 = 100%, 8 attacking 4 = 200% */
    ck_assert_int_eq(lga_odds_pct(6, 4), 150);
    ck_assert_int_eq(lga_odds_pct(4, 4), 100);
    ck_assert_int_eq(lga_odds_pct(8, 4), 200);
    /* LGA-COMBAT-15, LGA-CRT-01: the 11 columns */
    ck_assert_int_eq(lga_odds_column(6, 4), 5);  /* 140-159% */
    ck_assert_str_eq(lga_col_label[5], "140-159%");
    ck_assert_int_eq(lga_odds_column(4, 4), 2);  /* 100-109% */
    ck_assert_int_eq(lga_odds_column(8, 4), 8);  /* 200-299% */
    ck_assert_int_eq(lga_odds_column(7, 9), 0);  /* 77%: less than 80% */
    ck_assert_int_eq(lga_odds_column(9, 5), 7);  /* 180% */
    ck_assert_int_eq(lga_odds_column(4, 5), 1);  /* exactly 80% */
    ck_assert_int_eq(lga_odds_column(16, 4), 10); /* 400% or more */
    ck_assert_int_eq(lga_odds_column(3, 0), 10);  /* defender total 0 */
    ck_assert_int_eq(lga_odds_pct(1, 0), INT_MAX);
    ck_assert_str_eq(lga_col_label[0], "<80%");
    ck_assert_str_eq(lga_col_label[10], ">=400%");
}
END_TEST

START_TEST(test_crt_printed_cells)
{
    /* LGA-CRT-02 */
    static const char *const row1[11] = {"Ars", "Ars", "Ars", "Ar1 Drs", "Dr1", "Drs",
                                         "Drs", "Drs", "Drs", "\xc2\xbd" "ex", "De"};
    static const char *const row2[5] = {"Ars", "Ars", "Ar1 Drs", "Ar1 Drs", "Dr2"};
    for (int c = 0; c < 11; c++)
        ck_assert_str_eq(lga_crt_printed(1, c), row1[c]);
    /* LGA-CRT-03: row 2 stops after five cells; rows 3-6 are not printed */
    for (int c = 0; c < 5; c++)
        ck_assert_str_eq(lga_crt_printed(2, c), row2[c]);
    for (int c = 5; c < 11; c++)
        ck_assert_ptr_null(lga_crt_printed(2, c));
    for (int r = 3; r <= 6; r++)
        for (int c = 0; c < 11; c++)
            ck_assert_ptr_null(lga_crt_printed(r, c));
}
END_TEST

START_TEST(test_result_codes)
{
    int res[2];
    /* LGA-CRT-05, LGA-CRT-06: "Ar1 Drs" applies Ar1 first, then Drs */
    ck_assert_int_eq(lga_parse_result("Ar1 Drs", res), 2);
    ck_assert_int_eq(res[0], LGA_R_AR1);
    ck_assert_int_eq(res[1], LGA_R_DRS);
    /* LGA-CRT-04: the capital letter names the side */
    ck_assert_int_eq(lga_parse_result("De", res), 1);
    ck_assert_int_eq(res[0], LGA_R_DE);
    ck_assert_int_eq(lga_parse_result("Ae", res), 1);
    ck_assert_int_eq(res[0], LGA_R_AE);
    ck_assert_int_eq(lga_parse_result("\xc2\xbd" "ex", res), 1);
    ck_assert_int_eq(res[0], LGA_R_HALFEX);
    ck_assert_int_eq(lga_parse_result("1/2ex", res), 1);
    ck_assert_int_eq(res[0], LGA_R_HALFEX);
    ck_assert_int_eq(lga_parse_result("Ar2 Dr2", res), 2);
    ck_assert_int_eq(lga_parse_result("NE", res), 0);
    /* LGA-GAP-72: closed vocabulary */
    ck_assert_int_eq(lga_parse_result("Dx", res), -1);
    ck_assert_int_eq(lga_parse_result("De Ae Ar1", res), -1);
    ck_assert_str_eq(lga_result_name(LGA_R_DRS), "Drs");
}
END_TEST

START_TEST(test_fm_tables)
{
    /* LGA-FMARCH-10 */
    static const int d1[8] = {LGA_FM_OK, LGA_FM_OK, LGA_FM_OK, LGA_FM_OP, LGA_FM_OP, LGA_FM_D, LGA_FM_E, LGA_FM_E};
    /* LGA-FMARCH-12 */
    static const int t1[8] = {LGA_FM_OK, LGA_FM_OP, LGA_FM_OP, LGA_FM_OP, LGA_FM_D, LGA_FM_E, LGA_FM_E, LGA_FM_E};
    for (int i = 0; i < 8; i++) {
        ck_assert_int_eq(lga_fm_first(0, i), d1[i]);
        ck_assert_int_eq(lga_fm_first(1, i), t1[i]);
    }
    /* LGA-FMARCH-11 */
    static const int d3[8] = {LGA_FM_OK, LGA_FM_OK, LGA_FM_D, LGA_FM_D, LGA_FM_D, LGA_FM_D, LGA_FM_E, LGA_FM_E};
    static const int d4[8] = {LGA_FM_OK, LGA_FM_D, LGA_FM_D, LGA_FM_D, LGA_FM_D, LGA_FM_E, LGA_FM_E, LGA_FM_E};
    /* LGA-FMARCH-13 */
    static const int tr[3][8] = {{LGA_FM_OK, LGA_FM_OK, LGA_FM_OK, LGA_FM_D, LGA_FM_D, LGA_FM_D, LGA_FM_E, LGA_FM_E},
                                 {LGA_FM_OK, LGA_FM_OK, LGA_FM_D, LGA_FM_D, LGA_FM_D, LGA_FM_E, LGA_FM_E, LGA_FM_E},
                                 {LGA_FM_OK, LGA_FM_D, LGA_FM_D, LGA_FM_D, LGA_FM_E, LGA_FM_E, LGA_FM_E, LGA_FM_E}};
    for (int i = 0; i < 8; i++) {
        ck_assert_int_eq(lga_fm_second(0, 3, i), d3[i]);
        ck_assert_int_eq(lga_fm_second(0, 4, i), d4[i]);
        for (int f = 1; f <= 3; f++)
            ck_assert_int_eq(lga_fm_second(1, f, i), tr[f - 1][i]);
    }
    /* no 2nd roll row for a 1st roll that is not an Op (LGA-FMARCH-14) */
    ck_assert_int_eq(lga_fm_second(0, 2, 0), 0);
    ck_assert_int_eq(lga_fm_second(1, 4, 0), 0);
}
END_TEST

START_TEST(test_fm_modifiers)
{
    lga_opts o;
    lga_opts_default(&o);
    /* LGA-FMARCH-09: French -1, Austrian and Prussian +1, Russian 0; LGA-GAP-25 Saxon +1 by default */
    ck_assert_int_eq(lga_fm_modifier(&o, LGA_NAT_FR), -1);
    ck_assert_int_eq(lga_fm_modifier(&o, LGA_NAT_AU), 1);
    ck_assert_int_eq(lga_fm_modifier(&o, LGA_NAT_PR), 1);
    ck_assert_int_eq(lga_fm_modifier(&o, LGA_NAT_RU), 0);
    ck_assert_int_eq(lga_fm_modifier(&o, LGA_NAT_SX), 1);
    /* LGA-FMARCH-17: French raw 1 -> 0 -> success on both tables */
    ck_assert_int_eq(lga_fm_first(0, 1 + lga_fm_modifier(&o, LGA_NAT_FR)), LGA_FM_OK);
    ck_assert_int_eq(lga_fm_first(1, 1 + lga_fm_modifier(&o, LGA_NAT_FR)), LGA_FM_OK);
    /* Austrian or Prussian raw 6 -> 7 -> e on both tables */
    ck_assert_int_eq(lga_fm_first(0, 6 + lga_fm_modifier(&o, LGA_NAT_AU)), LGA_FM_E);
    ck_assert_int_eq(lga_fm_first(1, 6 + lga_fm_modifier(&o, LGA_NAT_PR)), LGA_FM_E);
    /* Russian raw 3 on the Double table -> Op */
    ck_assert_int_eq(lga_fm_first(0, 3 + lga_fm_modifier(&o, LGA_NAT_RU)), LGA_FM_OP);
}
END_TEST

START_TEST(test_chart)
{
    const lga_chart_step *st;
    /* LGA-COMBINE-09: French 18-2 = 3 x 5-4; 5-4 = 2 x 2-5 */
    st = lga_chart_breakdown(LGA_ORG_FR, LGA_INF, 18, 2);
    ck_assert_ptr_nonnull(st);
    ck_assert_int_eq(st->n, 3);
    ck_assert_int_eq(st->small_str, 5);
    ck_assert_int_eq(st->small_ma, 4);
    st = lga_chart_breakdown(LGA_ORG_FR, LGA_INF, 5, 4);
    ck_assert_int_eq(st->n, 2);
    ck_assert_int_eq(st->small_str, 2);
    /* LGA-COMBINE-10, LGA-ADDENDA-01: French cavalry 3-7 = 2 x 1-8; not the 1809 Austrians */
    st = lga_chart_breakdown(LGA_ORG_FR, LGA_CAV, 3, 7);
    ck_assert_int_eq(st->n, 2);
    ck_assert_ptr_null(lga_chart_combine_into(LGA_ORG_AU1809, LGA_CAV, 1, 6));
    ck_assert_ptr_nonnull(lga_chart_breakdown(LGA_ORG_AU1809, LGA_INF, 18, 2));
    /* LGA-COMBINE-11 */
    st = lga_chart_breakdown(LGA_ORG_AU1805, LGA_INF, 18, 2);
    ck_assert_int_eq(st->n, 4);
    ck_assert_int_eq(st->small_str, 4);
    st = lga_chart_breakdown(LGA_ORG_AU1805, LGA_INF, 4, 3);
    ck_assert_int_eq(st->n, 3);
    ck_assert_int_eq(st->small_str, 1);
    ck_assert_int_eq(st->small_ma, 5);
    /* LGA-COMBINE-12, LGA-PRUSSIAN-08 */
    st = lga_chart_breakdown(LGA_ORG_PR, LGA_INF, 18, 2);
    ck_assert_int_eq(st->n, 5);
    ck_assert_int_eq(st->small_str, 3);
    /* LGA-COMBINE-13 */
    st = lga_chart_breakdown(LGA_ORG_RU, LGA_INF, 10, 2);
    ck_assert_int_eq(st->n, 2);
    ck_assert_int_eq(st->small_str, 4);
    /* LGA-COMBINE-14: no entry, no combination */
    ck_assert_ptr_null(lga_chart_combine_into(LGA_ORG_PR, LGA_CAV, 1, 8));
    ck_assert_ptr_null(lga_chart_combine_into(LGA_ORG_RU, LGA_CAV, 1, 8));
    ck_assert_ptr_null(lga_chart_combine_into(LGA_ORG_NONE, LGA_INF, 3, 3));
    /* LGA-COMBINE-15, LGA-GAP-18: chart values, not sums */
    st = lga_chart_combine_into(LGA_ORG_FR, LGA_INF, 5, 4);
    ck_assert_int_eq(st->big_str, 18); /* 3 x 5 = 15 -> 18 */
    st = lga_chart_combine_into(LGA_ORG_RU, LGA_INF, 4, 4);
    ck_assert_int_eq(st->big_str, 10); /* 8 -> 10 */
}
END_TEST

START_TEST(test_rs_smallest)
{
    int s, m;
    /* LGA-CRT-10 */
    ck_assert_int_eq(lga_chart_smallest(LGA_ORG_FR, LGA_INF, 18, 2, &s, &m), 6);
    ck_assert_int_eq(s, 2);
    ck_assert_int_eq(m, 5);
    ck_assert_int_eq(lga_chart_smallest(LGA_ORG_FR, LGA_CAV, 3, 7, &s, &m), 2);
    ck_assert_int_eq(s, 1);
    ck_assert_int_eq(m, 8);
    ck_assert_int_eq(lga_chart_smallest(LGA_ORG_AU1805, LGA_INF, 18, 2, &s, &m), 12);
    ck_assert_int_eq(s, 1);
    ck_assert_int_eq(lga_chart_smallest(LGA_ORG_PR, LGA_INF, 18, 2, &s, &m), 5);
    ck_assert_int_eq(s, 3);
    ck_assert_int_eq(lga_chart_smallest(LGA_ORG_RU, LGA_INF, 10, 2, &s, &m), 2);
    ck_assert_int_eq(s, 4);
    ck_assert_int_eq(lga_chart_smallest(LGA_ORG_NONE, LGA_CAV, 1, 6, &s, &m), 1);
    ck_assert_int_eq(s, 1);
    ck_assert_int_eq(m, 6);
}
END_TEST

/* ------------------------------------------------------------------ movement */

START_TEST(test_terrain_costs)
{
    fresh(10, 10);
    int inf = U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 2, 2);
    int cav = U(LGA_FRENCH, LGA_NAT_FR, LGA_CAV, 1, 8, 6, 2);
    int ldr = U(LGA_FRENCH, LGA_NAT_FR, LGA_LEADER, 1, 8, 8, 2);
    /* LGA-TEC-01, LGA-MOVE-06 */
    ck_assert_int_eq(step(inf, H(2, 2), H(2, 3), NULL), 1);
    /* LGA-TEC-02 */
    B.terrain[H(2, 3)] = LGA_T_CITY;
    lga_board_finish(&B);
    ck_assert_int_eq(step(inf, H(2, 2), H(2, 3), NULL), 1);
    /* LGA-TEC-03, LGA-FORT-12 */
    B.terrain[H(2, 3)] = LGA_T_FORTRESS;
    lga_board_finish(&B);
    ck_assert_int_eq(step(inf, H(2, 2), H(2, 3), NULL), 1);
    /* LGA-TEC-06: Mountain 3 MP; LGA-MOVE-08: Cavalry prohibited; LGA-MOVE-09: Leaders as Infantry */
    B.terrain[H(2, 3)] = LGA_T_MOUNTAIN;
    lga_board_finish(&B);
    ck_assert_int_eq(step(inf, H(2, 2), H(2, 3), NULL), 3);
    B.terrain[H(6, 3)] = LGA_T_MOUNTAIN;
    lga_board_finish(&B);
    B.terrain[H(8, 3)] = LGA_T_MOUNTAIN;
    lga_board_finish(&B);
    const char *why = NULL;
    int stop;
    ck_assert_int_lt(lga_step_cost(&R, cav, H(6, 2), H(6, 3), 2, &stop, &why), 0);
    ck_assert_ptr_nonnull(strstr(why, "LGA-MOVE-08"));
    ck_assert_int_eq(step(ldr, H(8, 2), H(8, 3), NULL), 3);
    /* LGA-TEC-04: unbridged river +2; LGA-TEC-05: bridged +0 */
    B.terrain[H(2, 3)] = LGA_T_CLEAR;
    lga_board_finish(&B);
    lga_board_set_side(&B, H(2, 2), 2, LGA_HS_RIVER);
    ck_assert_int_eq(step(inf, H(2, 2), H(2, 3), NULL), 3);
    lga_board_set_side(&B, H(2, 2), 2, LGA_HS_RIVER | LGA_HS_BRIDGE);
    ck_assert_int_eq(step(inf, H(2, 2), H(2, 3), NULL), 1);
    /* LGA-GAP-22: Lake hex-sides cannot be crossed */
    lga_board_set_side(&B, H(2, 2), 2, LGA_HS_LAKE);
    ck_assert_int_lt(step(inf, H(2, 2), H(2, 3), NULL), 0);
    /* LGA-MOVE-13, LGA-SUPPLY-12, LGA-ADDENDA-07: supply never changes a unit's MA or costs */
    S.u[inf].flags |= LGA_UF_SUPPLIED;
    lga_board_set_side(&B, H(2, 2), 2, 0);
    ck_assert_int_eq(step(inf, H(2, 2), H(2, 3), NULL), 1);
    ck_assert_int_eq(S.u[inf].ma, 5);
}
END_TEST

START_TEST(test_six_mp_example)
{
    /* LGA-MOVE-14, LGA-TEC-09, LGA-MOVE-07: river 2 + mountain 3 + stack 1 = 6 */
    fresh(10, 10);
    int inf = U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 2, 2);
    U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 2, 3);
    B.terrain[H(2, 3)] = LGA_T_MOUNTAIN;
    lga_board_finish(&B);
    lga_board_set_side(&B, H(2, 2), 2, LGA_HS_RIVER);
    ck_assert_int_eq(step(inf, H(2, 2), H(2, 3), NULL), 6);
    /* with 5 MP the unit cannot cross there (LGA-MOVE-03); around the river it pays 1 + 3 + 1 = 5 */
    lga_reach rc;
    int cost;
    lga_reach_compute(&R, inf, 5, &rc);
    ck_assert(in_reach(&rc, H(2, 3), &cost, NULL));
    ck_assert_int_eq(cost, 5);
    lga_reach_compute(&R, inf, 4, &rc);
    ck_assert(!in_reach(&rc, H(2, 3), NULL, NULL));
}
END_TEST

START_TEST(test_stacking_costs)
{
    fresh(10, 10);
    int a = U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 2, 2);
    int b = U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 2, 2);
    int l = U(LGA_FRENCH, LGA_NAT_FR, LGA_LEADER, 1, 8, 2, 2);
    (void)b;
    /* LGA-STACK-02: leaving a hex with another Friendly Combat unit +1 */
    ck_assert_int_eq(step(a, H(2, 2), H(2, 3), NULL), 2);
    /* LGA-STACK-06, LGA-LEADER-07: leaders never pay stacking penalties */
    ck_assert_int_eq(step(l, H(2, 2), H(2, 3), NULL), 1);
    /* LGA-STACK-01: entering a hex with Friendly Combat units +1 (one MP whatever their number) */
    int c = U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 4, 2);
    ck_assert_int_eq(step(c, H(4, 2), H(3, 2), NULL) + 0, 1);
    U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 3, 2);
    U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 3, 2);
    ck_assert_int_eq(step(c, H(4, 2), H(3, 2), NULL), 2);
    /* non-combat units in the hex do not count (LGA-STACK-06) */
    int d = U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 6, 2);
    U(LGA_FRENCH, LGA_NAT_FR, LGA_SUPPLY, 0, 4, 6, 3);
    U(LGA_FRENCH, LGA_NAT_FR, LGA_LEADER, 1, 8, 6, 3);
    ck_assert_int_eq(step(d, H(6, 2), H(6, 3), NULL), 1);
}
END_TEST

START_TEST(test_breakdown_example)
{
    /* LGA-COMBINE-08, LGA-COMBINE-05, LGA-TEC-08: a 5-4 breaks down into two 2-5s with 1 MP spent each; the
       first pays 1 MP more to leave the stack (3 MP left), the second, alone, has 4 MP left */
    fresh(10, 10);
    const lga_chart_step *st = lga_chart_breakdown(LGA_ORG_FR, LGA_INF, 5, 4);
    ck_assert_ptr_nonnull(st);
    int u1 = U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, st->small_str, st->small_ma, 2, 2);
    int u2 = U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, st->small_str, st->small_ma, 2, 2);
    S.u[u1].mp = S.u[u2].mp = 1;
    /* remaining MP after the breakdown and the unstacking point, before the terrain cost of the next hex */
    ck_assert_int_eq(S.u[u1].ma - S.u[u1].mp - (step(u1, H(2, 2), H(2, 3), NULL) - 1), 3);
    lga_reach rc;
    int cost;
    lga_reach_compute(&R, u1, S.u[u1].ma - S.u[u1].mp, &rc);
    ck_assert(in_reach(&rc, H(2, 5), &cost, NULL)); /* 2 + 1 + 1 = 4 MP */
    ck_assert(!in_reach(&rc, H(2, 6), NULL, NULL));
    lga_unit_place(&S, u1, H(2, 3));
    ck_assert_int_eq(S.u[u2].ma - S.u[u2].mp - step(u2, H(2, 2), H(2, 1), NULL), 3);
    ck_assert_int_eq(S.u[u2].ma - S.u[u2].mp, 4);
    /* if both stay, the hex needs Stacking Supply (LGA-STACK-03) */
    lga_unit_place(&S, u1, H(2, 2));
    int kind;
    ck_assert(!lga_stack_legal(&R, H(2, 2), LGA_FRENCH, &kind));
    ck_assert_int_eq(kind, 1);
}
END_TEST

START_TEST(test_enemy_hexes)
{
    fresh(10, 10);
    int inf = U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 2, 2);
    int ldr = U(LGA_FRENCH, LGA_NAT_FR, LGA_LEADER, 1, 8, 2, 2);
    int e = U(LGA_ALLIED, LGA_NAT_AU, LGA_DEPOT, 1, 2, 2, 4);
    const char *why = NULL;
    int stop;
    /* LGA-MOVE-05 */
    ck_assert_int_lt(lga_step_cost(&R, inf, H(2, 3), H(2, 4), 2, &stop, &why), 0);
    ck_assert_ptr_nonnull(strstr(why, "LGA-MOVE-05"));
    /* LGA-AUTOELIM-05, LGA-COMBAT-14: a hex holding only Supply units is passable for Combat units */
    lga_unit_remove(&S, e);
    U(LGA_ALLIED, LGA_NAT_AU, LGA_SUPPLY, 0, 3, 2, 4);
    ck_assert_int_ge(lga_step_cost(&R, inf, H(2, 3), H(2, 4), 2, &stop, NULL), 1);
    /* ... but not for a Leader (not a Combat unit) */
    ck_assert_int_lt(lga_step_cost(&R, ldr, H(2, 3), H(2, 4), 2, &stop, NULL), 0);
    /* LGA-AUTOELIM-04: an automatically eliminated Combat unit's hex costs +1 MP to enter */
    int ae = U(LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, 5, 5);
    S.u[ae].flags |= LGA_UF_AE;
    lga_occ_refresh(&S, H(5, 5));
    int f = U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 5, 3);
    ck_assert_int_eq(step(f, H(5, 4), H(5, 5), NULL), 2);
    /* LGA-ZOC-12: it no longer exerts a ZOC */
    ck_assert_int_eq(lga_zoc(&R, H(5, 4), LGA_FRENCH, 0), LGA_ZOC_NONE);
}
END_TEST

START_TEST(test_mountain_pass)
{
    fresh(10, 10);
    int inf = U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 2, 2);
    int cav = U(LGA_FRENCH, LGA_NAT_FR, LGA_CAV, 1, 8, 2, 2);
    /* (2,3) Pass-Entry, (2,4) (2,5) Pass, (2,6) Pass-Entry; (1,4) clear */
    B.hflags[H(2, 3)] |= LGA_HF_PASS_ENTRY;
    B.hflags[H(2, 6)] |= LGA_HF_PASS_ENTRY;
    B.terrain[H(2, 4)] = LGA_T_PASS;
    lga_board_finish(&B);
    B.terrain[H(2, 5)] = LGA_T_PASS;
    lga_board_finish(&B);
    /* LGA-MOVE-10, LGA-TEC-07, LGA-ADDENDA-10: 1 MP per hex through the pass */
    ck_assert_int_eq(step(inf, H(2, 3), H(2, 4), NULL), 1);
    ck_assert_int_eq(step(inf, H(2, 4), H(2, 5), NULL), 1);
    ck_assert_int_eq(step(inf, H(2, 5), H(2, 6), NULL), 1);
    /* LGA-MOVE-11, LGA-GAP-20: from / into a non-Pass-Entry hex costs 3 in all */
    ck_assert_int_eq(step(inf, H(1, 4), H(2, 4), NULL), 3);
    ck_assert_int_eq(step(inf, H(2, 4), H(1, 4), NULL), 3);
    /* LGA-MOVE-12: Cavalry only through Pass-Entry hexes */
    ck_assert_int_eq(step(cav, H(2, 3), H(2, 4), NULL), 1);
    ck_assert_int_lt(step(cav, H(1, 4), H(2, 4), NULL), 0);
    ck_assert_int_lt(step(cav, H(2, 4), H(1, 4), NULL), 0);
    /* LGA-MOVE-08: Cavalry may enter Mountain Pass hexes (not Mountains) */
    ck_assert_int_gt(step(cav, H(2, 3), H(2, 4), NULL), 0);
}
END_TEST

START_TEST(test_reach_budget)
{
    fresh(12, 12);
    int inf = U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 5, 1);
    lga_reach rc;
    int cost;
    /* LGA-MOVE-03, LGA-MOVE-04: within the MA, hex by hex */
    lga_reach_compute(&R, inf, 5, &rc);
    ck_assert(in_reach(&rc, H(5, 6), &cost, NULL));
    ck_assert_int_eq(cost, 5);
    ck_assert(!in_reach(&rc, H(5, 7), NULL, NULL));
    /* LGA-MOVE-02: the path to a destination goes hex by hex */
    int16_t path[16];
    ck_assert_int_eq(lga_reach_path(&R, inf, 5, H(5, 4), path, 16), 3);
    ck_assert_int_eq(path[2], H(5, 4));
    /* LGA-FMARCH-18: a 2-5 on a triple forced march moves 10 MP before the roll, 15 in all; a 1-8 with FM
       Supply 16 */
    lga_reach_compute(&R, inf, 2 * 5, &rc);
    ck_assert(in_reach(&rc, H(5, 11), &cost, NULL));
    ck_assert_int_eq(cost, 10);
    int cav = U(LGA_FRENCH, LGA_NAT_FR, LGA_CAV, 1, 8, 0, 0);
    lga_reach_compute(&R, cav, 2 * 8, &rc);
    ck_assert(in_reach(&rc, H(0, 11), &cost, NULL));
    ck_assert(in_reach(&rc, H(11, 5), &cost, NULL));
}
END_TEST

/* ------------------------------------------------------------------ zones of control */

START_TEST(test_zoc_basic)
{
    fresh(12, 12);
    int e_inf = U(LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, 5, 5);
    /* LGA-ZOC-01, LGA-ZOC-02: a Combat unit extends ZOC into its six neighbours; infantry partial */
    for (int d = 0; d < 6; d++)
        ck_assert_int_eq(lga_zoc(&R, B.nb[H(5, 5)][d], LGA_FRENCH, 0), LGA_ZOC_PARTIAL);
    ck_assert_int_eq(lga_zoc(&R, H(5, 3), LGA_FRENCH, 0), LGA_ZOC_NONE);
    /* own side is not controlled by its own units */
    ck_assert_int_eq(lga_zoc(&R, H(5, 4), LGA_ALLIED, 0), LGA_ZOC_NONE);
    /* non-combat units exert none (LGA-ZOC-01, LGA-LEADER-07) */
    U(LGA_ALLIED, LGA_NAT_AU, LGA_LEADER, 1, 8, 9, 9);
    U(LGA_ALLIED, LGA_NAT_AU, LGA_SUPPLY, 0, 3, 9, 9);
    ck_assert_int_eq(lga_zoc(&R, H(9, 8), LGA_FRENCH, 0), LGA_ZOC_NONE);
    /* LGA-ZOC-02, LGA-ZOC-03: cavalry total; total + partial = total */
    U(LGA_ALLIED, LGA_NAT_AU, LGA_CAV, 1, 6, 5, 3);
    ck_assert_int_eq(lga_zoc(&R, H(5, 4), LGA_FRENCH, 0), LGA_ZOC_TOTAL);
    ck_assert_int_eq(lga_zoc(&R, H(5, 2), LGA_FRENCH, 0), LGA_ZOC_TOTAL);
    /* LGA-ZOC-04: Friendly units negate an Enemy ZOC only in the Combat Phase */
    U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 5, 4);
    ck_assert_int_eq(lga_zoc(&R, H(5, 4), LGA_FRENCH, 0), LGA_ZOC_TOTAL);
    ck_assert_int_eq(lga_zoc(&R, H(5, 4), LGA_FRENCH, 1), LGA_ZOC_NONE);
    (void)e_inf;
}
END_TEST

START_TEST(test_zoc_river_fortress)
{
    fresh(12, 12);
    U(LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, 5, 5);
    /* LGA-ZOC-09: not across unbridged rivers; across bridged ones */
    lga_board_set_side(&B, H(5, 5), 5, LGA_HS_RIVER); /* north side */
    ck_assert_int_eq(lga_zoc(&R, H(5, 4), LGA_FRENCH, 0), LGA_ZOC_NONE);
    lga_board_set_side(&B, H(5, 5), 5, LGA_HS_RIVER | LGA_HS_BRIDGE);
    ck_assert_int_eq(lga_zoc(&R, H(5, 4), LGA_FRENCH, 0), LGA_ZOC_PARTIAL);
    /* LGA-ZOC-10, LGA-FORT-03: never into a Fortress hex ... */
    B.terrain[H(5, 6)] = LGA_T_FORTRESS;
    lga_board_finish(&B);
    ck_assert_int_eq(lga_zoc(&R, H(5, 6), LGA_FRENCH, 0), LGA_ZOC_NONE);
    /* ... nor out of one */
    U(LGA_ALLIED, LGA_NAT_AU, LGA_CAV, 1, 6, 9, 9);
    B.terrain[H(9, 9)] = LGA_T_FORTRESS;
    lga_board_finish(&B);
    ck_assert_int_eq(lga_zoc(&R, H(9, 8), LGA_FRENCH, 0), LGA_ZOC_NONE);
}
END_TEST

START_TEST(test_zoc_movement)
{
    fresh(12, 12);
    U(LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, 5, 6);
    int inf = U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 5, 2);
    int cav = U(LGA_FRENCH, LGA_NAT_FR, LGA_CAV, 1, 8, 5, 2);
    int ldr = U(LGA_FRENCH, LGA_NAT_FR, LGA_LEADER, 1, 8, 5, 2);
    lga_reach rc;
    int cost, stop;
    /* LGA-ZOC-05: infantry and non-combat units stop on entering an Enemy-controlled hex */
    lga_reach_compute(&R, inf, 5, &rc);
    ck_assert(in_reach(&rc, H(5, 5), &cost, &stop));
    ck_assert_int_eq(stop, 1);
    lga_reach_compute(&R, ldr, 8, &rc);
    ck_assert(in_reach(&rc, H(5, 5), &cost, &stop));
    ck_assert_int_eq(stop, 1);
    /* LGA-ZOC-06, LGA-ZOC-08: cavalry moves through partial ZOC, paying +2 to leave */
    lga_reach_compute(&R, cav, 8, &rc);
    ck_assert(in_reach(&rc, H(5, 5), &cost, &stop));
    ck_assert_int_eq(stop, 0);
    ck_assert_int_eq(cost, 4); /* 3 hexes + 1 to leave the stack it started in */
    ck_assert_int_eq(step(cav, H(5, 5), H(4, 5), NULL), 3); /* (4,5) also partial: 1 + 2 to leave */
    /* LGA-ZOC-06: cavalry stops in a totally controlled hex */
    U(LGA_ALLIED, LGA_NAT_AU, LGA_CAV, 1, 6, 9, 6);
    lga_reach_compute(&R, cav, 8, &rc);
    ck_assert(in_reach(&rc, H(9, 5), &cost, &stop));
    ck_assert_int_eq(stop, 1);
}
END_TEST

START_TEST(test_zoc_start)
{
    fresh(12, 12);
    U(LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, 5, 5);
    int inf = U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 5, 4);
    int cav = U(LGA_FRENCH, LGA_NAT_FR, LGA_CAV, 1, 8, 8, 4);
    lga_unit_place(&S, cav, H(5, 4));
    /* LGA-ZOC-07: from a controlled hex, infantry only to an uncontrolled hex ((4,5) is next to (5,5)) */
    const char *why = NULL;
    int stop;
    ck_assert_int_lt(lga_step_cost(&R, inf, H(5, 4), H(4, 5), lga_board_dir(&B, H(5, 4), H(4, 5)), &stop, &why), 0);
    ck_assert_ptr_nonnull(strstr(why, "LGA-ZOC-07"));
    ck_assert_int_eq(step(inf, H(5, 4), H(5, 3), NULL) >= 1, 1);
    /* cavalry also to a partially controlled hex, with no extra cost to leave its start hex (LGA-ZOC-08) */
    ck_assert_int_eq(step(cav, H(5, 4), H(4, 5), NULL), 2); /* 1 + 1 to leave the stack, no ZOC cost */
    U(LGA_ALLIED, LGA_NAT_AU, LGA_CAV, 1, 6, 3, 5);
    ck_assert_int_lt(step(cav, H(5, 4), H(4, 5), NULL), 0); /* now totally controlled */
    /* later in the move it may enter a controlled hex again, and stops there */
    lga_reach rc;
    lga_reach_compute(&R, inf, 5, &rc);
    ck_assert(in_reach(&rc, H(6, 4), NULL, &stop));
    ck_assert_int_eq(stop, 0);
    ck_assert(in_reach(&rc, H(6, 5), NULL, &stop));
    ck_assert_int_eq(stop, 1);
}
END_TEST

/* ------------------------------------------------------------------ combat strengths */

START_TEST(test_halving)
{
    /* LGA-COMBAT-09: 18->9, 10->5, 5->2, 4->2, 3->1, 2->1, 1->1 */
    static const int in[7] = {18, 10, 5, 4, 3, 2, 1}, out[7] = {9, 5, 2, 2, 1, 1, 1};
    for (int i = 0; i < 7; i++)
        ck_assert_int_eq(lga_unsupplied(in[i]), out[i]);
    ck_assert_int_eq(lga_unsupplied(0), 0); /* LGA-COMBAT-14 */
    lga_unit u;
    memset(&u, 0, sizeof u);
    u.type = LGA_INF;
    u.str = 18;
    ck_assert_int_eq(lga_unit_strength(&u, 1, 1), 18);
    ck_assert_int_eq(lga_unit_strength(&u, 0, 1), 9);
    /* LGA-COMBAT-13, LGA-LEADER-05: parenthesised strengths only alone */
    u.type = LGA_LEADER;
    u.str = 1;
    ck_assert_int_eq(lga_unit_strength(&u, 1, 1), 0);
    ck_assert_int_eq(lga_unit_strength(&u, 0, 0), 1);
    u.type = LGA_DEPOT;
    ck_assert_int_eq(lga_unit_strength(&u, 1, 1), 0);
    ck_assert_int_eq(lga_unit_strength(&u, 1, 0), 1);
    u.type = LGA_SUPPLY;
    u.str = 0;
    ck_assert_int_eq(lga_unit_strength(&u, 1, 0), 0); /* LGA-COMBAT-14 */
    /* LGA-LEADER-03 */
    ck_assert_int_eq(lga_leader_total(25, 9), 9);
    ck_assert_int_eq(lga_leader_total(4, 9), 4);
}
END_TEST

START_TEST(test_napoleon_example)
{
    /* LGA-LEADER-04, LGA-LEADER-02, LGA-LEADER-03, LGA-COMBAT-12, LGA-GAP-13: Napoleon with an unsupplied 18-2 on a
       Mountain Pass = (9 + 9) x 2 = 36 */
    fresh(10, 10);
    S.pturn = LGA_ALLIED;
    B.terrain[H(5, 5)] = LGA_T_PASS;
    lga_board_finish(&B);
    U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 18, 2, 5, 5);
    int nap = U(LGA_FRENCH, LGA_NAT_FR, LGA_LEADER, 1, 8, 5, 5);
    S.u[nap].off = 25;
    S.u[nap].def = 25;
    int a = U(LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, 5, 4);
    battle(H(5, 5), &a, 1);
    lga_odds od;
    lga_battle_odds(&R, 0, &od);
    ck_assert_int_eq(od.def_base, 9);
    ck_assert_int_eq(od.def_lead, 9);
    ck_assert_int_eq(od.def_mult, 2);
    ck_assert_int_eq(od.def_total, 36);
    /* attacker unsupplied 4 -> 2 (LGA-COMBAT-11) */
    ck_assert_int_eq(od.att_total, 2);
    /* supplied: 18 + min(25, 18) = 36, x2 = 72 (LGA-COMBAT-10) */
    S.u[0].flags |= LGA_UF_SUPPLIED;
    lga_battle_odds(&R, 0, &od);
    ck_assert_int_eq(od.def_total, 72);
    /* LGA-LEADER-06, LGA-DISRUPT-03: a disrupted leader gives no bonus */
    S.u[nap].dis = 99;
    lga_battle_odds(&R, 0, &od);
    ck_assert_int_eq(od.def_total, 36);
}
END_TEST

START_TEST(test_attack_totals)
{
    fresh(10, 10);
    S.pturn = LGA_FRENCH;
    int a1 = U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 5, 4, 5, 4);
    int a2 = U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 5, 4);
    int l1 = U(LGA_FRENCH, LGA_NAT_FR, LGA_LEADER, 1, 8, 5, 4);
    int l2 = U(LGA_FRENCH, LGA_NAT_FR, LGA_LEADER, 1, 8, 5, 4);
    S.u[l1].off = 9;
    S.u[l2].off = 7;
    U(LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, 5, 5);
    int att[4] = {a1, a2, l1, l2};
    S.u[a1].flags |= LGA_UF_SUPPLIED;
    S.u[a2].flags |= LGA_UF_SUPPLIED;
    battle(H(5, 5), att, 4);
    lga_odds od;
    lga_battle_odds(&R, 0, &od);
    /* LGA-COMBAT-11, LGA-LEADER-01, LGA-LEADER-03, LGA-LEADER-09: 7 + min(16, 7) = 14 */
    ck_assert_int_eq(od.att_base, 7);
    ck_assert_int_eq(od.att_lead, 7);
    ck_assert_int_eq(od.att_total, 14);
    /* defender unsupplied: 4 -> 2 (LGA-COMBAT-12) */
    ck_assert_int_eq(od.def_total, 2);
    /* LGA-ZOC-11, LGA-GAP-16: zones of control change nothing in a battle */
    U(LGA_ALLIED, LGA_NAT_AU, LGA_CAV, 1, 6, 4, 4);
    ck_assert_int_eq(lga_zoc(&R, H(5, 4), LGA_FRENCH, 0), LGA_ZOC_TOTAL);
    lga_odds od2;
    lga_battle_odds(&R, 0, &od2);
    ck_assert_int_eq(od2.att_total, od.att_total);
    ck_assert_int_eq(od2.def_total, od.def_total);
    ck_assert_int_eq(od2.column, od.column);
    /* LGA-COMBAT-13: a lone leader defends with (1) */
    fresh(10, 10);
    int a = U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 5, 4);
    int ld = U(LGA_ALLIED, LGA_NAT_AU, LGA_LEADER, 1, 8, 5, 5);
    S.u[ld].def = 7;
    battle(H(5, 5), &a, 1);
    lga_battle_odds(&R, 0, &od);
    ck_assert_int_eq(od.def_total, 1);
    ck_assert_int_eq(od.def_lead, 0);
}
END_TEST

START_TEST(test_terrain_multipliers)
{
    fresh(10, 10);
    /* LGA-TEC-10, LGA-TEC-11, LGA-ADDENDA-09, LGA-FORT-04: Fortress behind a river: x3, not x6 */
    B.terrain[H(5, 5)] = LGA_T_FORTRESS;
    lga_board_finish(&B);
    ck_assert_int_eq(lga_terrain_mult(&R, H(5, 5), 1), 3);
    ck_assert_int_eq(lga_terrain_mult(&R, H(5, 5), 0), 3);
    /* LGA-TEC-12: Mountain across a river: x2, not x4 */
    B.terrain[H(5, 5)] = LGA_T_MOUNTAIN;
    lga_board_finish(&B);
    ck_assert_int_eq(lga_terrain_mult(&R, H(5, 5), 1), 2);
    /* LGA-TEC-04 LGA-TEC-05: river alone x2; LGA-TEC-01 LGA-TEC-02: clear and city no effect */
    B.terrain[H(5, 5)] = LGA_T_CLEAR;
    lga_board_finish(&B);
    ck_assert_int_eq(lga_terrain_mult(&R, H(5, 5), 1), 2);
    ck_assert_int_eq(lga_terrain_mult(&R, H(5, 5), 0), 1);
    B.terrain[H(5, 5)] = LGA_T_CITY;
    lga_board_finish(&B);
    ck_assert_int_eq(lga_terrain_mult(&R, H(5, 5), 0), 1);
}
END_TEST

START_TEST(test_river_160)
{
    /* LGA-COMBAT-17, LGA-CRT-13, LGA-TEC-04: across an unbridged river below 160% -> Ae */
    fresh(10, 10);
    S.pturn = LGA_FRENCH;
    int a = U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 5, 4, 5, 4);
    S.u[a].flags |= LGA_UF_SUPPLIED;
    int d = U(LGA_ALLIED, LGA_NAT_AU, LGA_INF, 1, 5, 5, 5);
    S.u[d].flags |= LGA_UF_SUPPLIED;
    lga_board_set_side(&B, H(5, 4), 2, LGA_HS_RIVER);
    battle(H(5, 5), &a, 1);
    lga_odds od;
    lga_battle_odds(&R, 0, &od);
    ck_assert_int_eq(od.def_total, 2); /* doubled across the river */
    ck_assert_int_eq(od.pct, 250);
    ck_assert_int_eq(od.forced, 0);
    S.u[d].str = 2; /* 5 vs 4: 125% */
    lga_battle_odds(&R, 0, &od);
    ck_assert_int_eq(od.forced, LGA_R_AE);
    /* LGA-TEC-05, LGA-GAP-12: also across a bridged river by default ... */
    lga_board_set_side(&B, H(5, 4), 2, LGA_HS_RIVER | LGA_HS_BRIDGE);
    lga_battle_odds(&R, 0, &od);
    ck_assert_int_eq(od.forced, LGA_R_AE);
    /* ... unless river160_bridged=0 */
    O.river160_bridged = 0;
    lga_battle_odds(&R, 0, &od);
    ck_assert_int_eq(od.forced, 0);
    ck_assert_int_eq(od.def_total, 4); /* still doubled */
}
END_TEST

START_TEST(test_500_percent)
{
    /* LGA-CRT-15, LGA-GAP-42: 500% or more in a Combat Phase battle eliminates automatically */
    fresh(10, 10);
    S.pturn = LGA_FRENCH;
    int a = U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 18, 2, 5, 4);
    S.u[a].flags |= LGA_UF_SUPPLIED;
    U(LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, 5, 5); /* unsupplied: 2 */
    battle(H(5, 5), &a, 1);
    lga_odds od;
    lga_battle_odds(&R, 0, &od);
    ck_assert_int_eq(od.forced, LGA_R_DE);
    O.ae_in_combat_phase = 0;
    lga_battle_odds(&R, 0, &od);
    ck_assert_int_eq(od.forced, 0);
    ck_assert_int_eq(od.column, 10);
    /* LGA-GAP-43: a defender total of 0 counts as infinite odds */
    fresh(10, 10);
    a = U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 5, 4);
    U(LGA_ALLIED, LGA_NAT_AU, LGA_SUPPLY, 0, 3, 5, 5);
    battle(H(5, 5), &a, 1);
    lga_battle_odds(&R, 0, &od);
    ck_assert_int_eq(od.def_total, 0);
    ck_assert_int_eq(od.column, 10);
    ck_assert_int_eq(od.forced, LGA_R_DE);
}
END_TEST

START_TEST(test_autoelim_odds)
{
    fresh(10, 10);
    S.pturn = LGA_FRENCH;
    U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 18, 2, 5, 4);
    int d = U(LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, 5, 5);
    lga_odds od;
    /* LGA-AUTOELIM-03: attackers without Combat Supply count half: 9 (450%: not enough) */
    lga_autoelim_odds(&R, H(5, 4), H(5, 5), 0, &od);
    ck_assert_int_eq(od.att_total, 9);
    /* LGA-AUTOELIM-02, LGA-ADDENDA-05: no supply possible for the defender: unsupplied value 2 */
    ck_assert_int_eq(od.def_total, 2);
    ck_assert_int_lt(100 * od.att_total, 500 * od.def_total);
    lga_autoelim_odds(&R, H(5, 4), H(5, 5), 1, &od);
    ck_assert_int_eq(od.att_total, 18);
    ck_assert_int_ge(100 * od.att_total, 500 * od.def_total); /* LGA-AUTOELIM-01: 900% */
    /* a defender stacked with or adjacent to a Supply unit counts at its printed value: 4 (450%) */
    U(LGA_ALLIED, LGA_NAT_AU, LGA_SUPPLY, 0, 3, 5, 6);
    lga_autoelim_odds(&R, H(5, 4), H(5, 5), 1, &od);
    ck_assert_int_eq(od.def_total, 4);
    ck_assert_int_lt(100 * od.att_total, 500 * od.def_total);
    ck_assert(lga_supply_possible(&R, H(5, 5), LGA_ALLIED));
    (void)d;
}
END_TEST

/* ------------------------------------------------------------------ retreat before combat */

START_TEST(test_rbc_rules)
{
    fresh(12, 12);
    S.pturn = LGA_FRENCH;
    S.phase = 1;
    int a = U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 5, 4);
    S.u[a].flags |= LGA_UF_SUPPLIED;
    int inf = U(LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, 5, 5);
    int cav = U(LGA_ALLIED, LGA_NAT_AU, LGA_CAV, 1, 6, 5, 5);
    int ld = U(LGA_ALLIED, LGA_NAT_AU, LGA_LEADER, 1, 8, 5, 5);
    battle(H(5, 5), &a, 1);
    const char *why;
    ck_assert(lga_rbc_allowed(&R, inf, 0, &why));
    /* LGA-RBC-05, LGA-DISRUPT-02: disrupted units may not */
    S.u[inf].dis = 50;
    ck_assert(!lga_rbc_allowed(&R, inf, 0, &why));
    ck_assert_ptr_nonnull(strstr(why, "LGA-RBC-05"));
    S.u[inf].dis = 0;
    /* LGA-RBC-03: Infantry at 500% may not; cavalry and leaders may */
    S.u[a].str = 18;
    ck_assert(!lga_rbc_allowed(&R, inf, 0, &why));
    ck_assert_ptr_nonnull(strstr(why, "LGA-RBC-03"));
    ck_assert(lga_rbc_allowed(&R, cav, 0, &why));
    ck_assert(lga_rbc_allowed(&R, ld, 0, &why));
    /* LGA-RBC-04: with a possible supply the defender counts printed: 18 vs 4+1(cav)=5+bonus ... */
    U(LGA_ALLIED, LGA_NAT_AU, LGA_SUPPLY, 0, 3, 6, 6);
    S.u[ld].def = 3;
    /* 18 vs (4 + 1) + 3 = 8: 225% < 500% -> retreat allowed */
    ck_assert(lga_rbc_allowed(&R, inf, 0, &why));
    /* LGA-RBC-11: a 1-0 depot can never retreat */
    int dep = U(LGA_ALLIED, LGA_NAT_PR, LGA_DEPOT, 1, 0, 5, 5);
    ck_assert(!lga_rbc_allowed(&R, dep, 0, &why));
    ck_assert_ptr_nonnull(strstr(why, "LGA-RBC-11"));
}
END_TEST

START_TEST(test_rbc_prussian)
{
    fresh(12, 12);
    S.pturn = LGA_FRENCH;
    S.phase = 1;
    int a = U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 5, 4);
    int pi = U(LGA_ALLIED, LGA_NAT_PR, LGA_INF, 3, 3, 5, 5);
    int pc = U(LGA_ALLIED, LGA_NAT_PR, LGA_CAV, 1, 8, 5, 5);
    int pl = U(LGA_ALLIED, LGA_NAT_PR, LGA_LEADER, 1, 8, 5, 5);
    battle(H(5, 5), &a, 1);
    const char *why;
    /* LGA-PRUSSIAN-04 */
    ck_assert(!lga_rbc_allowed(&R, pi, 0, &why));
    ck_assert_ptr_nonnull(strstr(why, "LGA-PRUSSIAN-04"));
    /* LGA-PRUSSIAN-05, LGA-GAP-39: cavalry only against solely non-cavalry attackers */
    ck_assert(lga_rbc_allowed(&R, pc, 0, &why));
    int ac = U(LGA_FRENCH, LGA_NAT_FR, LGA_CAV, 1, 8, 5, 4);
    S.u[ac].battle = 1;
    ck_assert(!lga_rbc_allowed(&R, pc, 0, &why));
    ck_assert_ptr_nonnull(strstr(why, "LGA-PRUSSIAN-05"));
    /* LGA-PRUSSIAN-06 */
    ck_assert(lga_rbc_allowed(&R, pl, 0, &why));
}
END_TEST

START_TEST(test_rbc_surrounded_and_paths)
{
    fresh(12, 12);
    S.pturn = LGA_FRENCH;
    S.phase = 1;
    int a = U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 5, 4);
    int cav = U(LGA_ALLIED, LGA_NAT_AU, LGA_CAV, 1, 6, 5, 5);
    battle(H(5, 5), &a, 1);
    lga_rlist l;
    /* LGA-RBC-06: full MA, no Mountain, no Enemy hex, no total ZOC */
    lga_retreat_ends(&R, cav, 4, &l);
    ck_assert_int_gt(l.n, 0);
    ck_assert(!in_list(&l, H(5, 4)));
    B.terrain[H(5, 7)] = LGA_T_MOUNTAIN;
    lga_board_finish(&B);
    lga_retreat_ends(&R, cav, 4, &l);
    ck_assert(!in_list(&l, H(5, 7)));
    /* LGA-RBC-02: surrounded by Enemy units / totally controlled hexes */
    for (int d = 0; d < 6; d++) {
        int n = B.nb[H(5, 5)][d];
        if (n != H(5, 4))
            U(LGA_FRENCH, LGA_NAT_FR, LGA_CAV, 1, 8, n % 12, n / 12);
    }
    const char *why;
    ck_assert(!lga_rbc_allowed(&R, cav, 0, &why));
    ck_assert_ptr_nonnull(strstr(why, "LGA-RBC-02"));
    /* LGA-RBC-07: no legal retreat at all -> must defend */
    lga_retreat_ends(&R, cav, 4, &l);
    ck_assert_int_eq(l.n, 0);
}
END_TEST

START_TEST(test_rbc_zoc)
{
    /* LGA-GAP-37: a retreat before combat may enter a partially controlled hex, and ends there; the movement
       rule for units starting in a ZOC (LGA-ZOC-07) does not apply to retreats */
    fresh(12, 12);
    S.pturn = LGA_FRENCH;
    S.phase = 1;
    int a = U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 5, 4);
    int d = U(LGA_ALLIED, LGA_NAT_AU, LGA_INF, 2, 5, 5, 5);
    battle(H(5, 5), &a, 1);
    ck_assert(lga_rbc_allowed(&R, d, 0, NULL));
    ck_assert_int_eq(lga_zoc(&R, H(6, 5), LGA_ALLIED, 1), LGA_ZOC_PARTIAL);
    lga_rlist l;
    lga_retreat_ends(&R, d, 4, &l);
    ck_assert(in_list(&l, H(6, 5)));
    /* and never beyond it */
    ck_assert(!in_list(&l, H(7, 5)) || lga_board_distance(&B, H(5, 5), H(7, 5)) != 2 ||
              lga_zoc(&R, H(7, 5), LGA_ALLIED, 1) == LGA_ZOC_NONE);
    /* LGA-RBC-06: a totally controlled hex (a cavalry neighbour) is closed */
    U(LGA_FRENCH, LGA_NAT_FR, LGA_CAV, 1, 8, 7, 5);
    lga_retreat_ends(&R, d, 4, &l);
    ck_assert(!in_list(&l, H(6, 5)));
}
END_TEST

/* ------------------------------------------------------------------ retreats after combat */

START_TEST(test_retreat_r1_r2)
{
    fresh(12, 12);
    S.pturn = LGA_FRENCH;
    S.phase = 1;
    int d = U(LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, 5, 5);
    lga_rlist l;
    /* LGA-CRT-12: to an adjacent hex */
    lga_retreat_ends(&R, d, 1, &l);
    ck_assert_int_eq(l.n, 6);
    /* LGA-RETREAT-05: never into Enemy units, Mountains, across unbridged rivers or lakes */
    U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 5, 4);
    B.terrain[H(5, 6)] = LGA_T_MOUNTAIN;
    lga_board_finish(&B);
    lga_board_set_side(&B, H(5, 5), 3, LGA_HS_RIVER); /* south-west side */
    lga_board_set_side(&B, H(5, 5), 1, LGA_HS_LAKE);  /* south-east side */
    lga_retreat_ends(&R, d, 1, &l);
    ck_assert(!in_list(&l, H(5, 4)));
    ck_assert(!in_list(&l, H(5, 6)));
    ck_assert(!in_list(&l, B.nb[H(5, 5)][3]));
    ck_assert(!in_list(&l, B.nb[H(5, 5)][1]));
    /* LGA-RETREAT-06, LGA-RETREAT-07: the two hexes left are both controlled by the French 2-5 at (5,4): both allowed */
    ck_assert(in_list(&l, B.nb[H(5, 5)][0]));
    ck_assert(in_list(&l, B.nb[H(5, 5)][5 - 1]));
    ck_assert_int_eq(l.n, 2);
    /* LGA-RETREAT-06: ... but controlled hexes are allowed when nothing better exists */
    fresh(12, 12);
    S.pturn = LGA_FRENCH;
    d = U(LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, 5, 5);
    U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 5, 3);
    lga_retreat_ends(&R, d, 1, &l);
    ck_assert(in_list(&l, H(5, 6)));
    ck_assert(!in_list(&l, H(5, 4))); /* controlled while uncontrolled ones exist */
    for (int k = 0; k < 6; k++) {
        int n = B.nb[H(5, 5)][k];
        if (n != H(5, 4) && lga_zoc(&R, n, LGA_ALLIED, 1) == LGA_ZOC_NONE)
            U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, n % 12, n / 12) ;
    }
    lga_retreat_ends(&R, d, 1, &l);
    ck_assert(in_list(&l, H(5, 4)));
    /* LGA-CRT-11: two hexes */
    fresh(12, 12);
    S.pturn = LGA_FRENCH;
    d = U(LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, 5, 5);
    lga_retreat_ends(&R, d, 2, &l);
    ck_assert(in_list(&l, H(5, 7)));
    ck_assert(!in_list(&l, H(5, 6)));
    ck_assert(!in_list(&l, H(5, 5)));
    /* onto an adjacent Fortress (LGA-CRT-11, LGA-RETREAT-03, LGA-RETREAT-08) */
    B.terrain[H(5, 6)] = LGA_T_FORTRESS;
    lga_board_finish(&B);
    lga_ctl_set(&S, H(5, 6), LGA_ALLIED);
    lga_retreat_ends(&R, d, 2, &l);
    ck_assert_int_eq(l.n, 1);
    ck_assert_int_eq(l.hex[0], H(5, 6));
    /* LGA-RETREAT-04: any number of units may end on it */
    U(LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, 5, 6);
    U(LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, 5, 6);
    lga_retreat_ends(&R, d, 2, &l);
    ck_assert(in_list(&l, H(5, 6)));
}
END_TEST

START_TEST(test_retreat_priorities)
{
    fresh(14, 14);
    S.pturn = LGA_FRENCH;
    int d = U(LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, 5, 5);
    /* LGA-RETREAT-08, LGA-GAP-56: toward the nearest Friendly Fortress */
    B.terrain[H(5, 12)] = LGA_T_FORTRESS;
    lga_board_finish(&B);
    lga_ctl_set(&S, H(5, 12), LGA_ALLIED);
    lga_rlist l;
    lga_retreat_ends(&R, d, 2, &l);
    ck_assert(in_list(&l, H(5, 7)));
    ck_assert(!in_list(&l, H(5, 3)));
    /* LGA-RETREAT-09: remaining ties are the owner's choice: several hexes at distance 5 */
    ck_assert_int_ge(l.n, 1);
    /* an Enemy-controlled Fortress does not attract */
    lga_ctl_set(&S, H(5, 12), LGA_FRENCH);
    lga_retreat_ends(&R, d, 2, &l);
    ck_assert(in_list(&l, H(5, 3)));
    /* LGA-GAP-57: may not end on another Friendly Combat unit */
    U(LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, 5, 3);
    lga_retreat_ends(&R, d, 2, &l);
    ck_assert(!in_list(&l, H(5, 3)));
    O.retreat_no_stack = 0;
    lga_retreat_ends(&R, d, 2, &l);
    ck_assert(in_list(&l, H(5, 3)));
}
END_TEST

START_TEST(test_retreat_rs)
{
    fresh(14, 14);
    S.pturn = LGA_FRENCH;
    int d = U(LGA_ALLIED, LGA_NAT_AU, LGA_INF, 1, 5, 5, 5);
    lga_rlist l;
    /* LGA-CRT-09, LGA-RETREAT-11: full MA with movement penalties; ends unoccupied.  LGA-GAP-36: every
       route that spends the whole MA is complete, so the ends are the hexes 1 to 5 away (a route may
       bend, never entering a hex twice, LGA-RETREAT-05) */
    lga_retreat_ends(&R, d, 3, &l);
    ck_assert_int_eq(l.n, 6 + 12 + 18 + 24 + 30);
    ck_assert(!in_list(&l, H(5, 5)));
    ck_assert(in_list(&l, H(5, 6)));
    for (int i = 0; i < l.n; i++)
        ck_assert_int_le(lga_board_distance(&B, H(5, 5), l.hex[i]), 5);
    /* a river costs 2 more: the retreat beyond it is shorter */
    for (int c = 0; c < 14; c++)
        for (int dd = 0; dd < 6; dd++)
            if (B.nb[H(c, 7)][dd] == H(c, 8))
                lga_board_set_side(&B, H(c, 7), dd, LGA_HS_RIVER | LGA_HS_BRIDGE);
    lga_retreat_ends(&R, d, 3, &l);
    ck_assert(in_list(&l, H(5, 10)));
    /* an occupied end hex is not allowed */
    U(LGA_ALLIED, LGA_NAT_AU, LGA_LEADER, 1, 8, 5, 10);
    lga_retreat_ends(&R, d, 3, &l);
    ck_assert(!in_list(&l, H(5, 10)));
    /* LGA-RETREAT-03: entering a Friendly Fortress stops there */
    B.terrain[H(5, 7)] = LGA_T_FORTRESS;
    lga_board_finish(&B);
    lga_ctl_set(&S, H(5, 7), LGA_ALLIED);
    lga_retreat_ends(&R, d, 3, &l);
    ck_assert_int_eq(l.n, 1);
    ck_assert_int_eq(l.hex[0], H(5, 7));
}
END_TEST

/* LGA-GAP-36, LGA-RETREAT-05, LGA-RETREAT-07, LGA-RETREAT-09: the routes of an rs or a Retreat Before Combat are
   every simple path from the battle hex; an end hex counts the fewest controlled hexes over its complete
   routes, not along its cheapest one */
START_TEST(test_retreat_routes_exact)
{
    fresh(14, 14);
    S.pturn = LGA_FRENCH;
    /* MA 3 on open ground: a route of three 1-MP steps is complete wherever it ends, a shorter one never is
       (a hex not passed through is always next to it) */
    int d = U(LGA_ALLIED, LGA_NAT_AU, LGA_INF, 1, 3, 5, 5);
    lga_rlist l;
    lga_retreat_ends(&R, d, 3, &l);
    ck_assert_int_eq(l.n, 6 + 12 + 18);
    /* a neighbour of the battle hex: its cheapest route (1 MP) leaves 2 MP, but the route around the battle
       hex (three steps) is complete */
    ck_assert(in_list(&l, B.nb[H(5, 5)][0]));
    /* MA 1 leaves no choice: only the neighbours */
    S.u[d].ma = 1;
    lga_retreat_ends(&R, d, 3, &l);
    ck_assert_int_eq(l.n, 6);
    /* a hex with a Friendly unit is not an end (LGA-CRT-09), and entering it costs 2 (LGA-STACK-01): with
       MA 2 nothing lies beyond it, so the hex two steps straight through it is lost too */
    S.u[d].ma = 2;
    int nb0 = B.nb[H(5, 5)][0];
    U(LGA_ALLIED, LGA_NAT_AU, LGA_INF, 2, 3, nb0 % 14, nb0 / 14);
    lga_retreat_ends(&R, d, 3, &l);
    ck_assert(!in_list(&l, nb0));
    ck_assert(!in_list(&l, B.nb[nb0][0]));
    ck_assert_int_eq(l.n, 5 + 11);
    /* LGA-RETREAT-07 over complete routes: a French 2-5 two hexes south controls its neighbours.  The
       neighbour of the battle hex beside it is reached by routes that enter no controlled hex */
    fresh(14, 14);
    S.pturn = LGA_FRENCH;
    d = U(LGA_ALLIED, LGA_NAT_AU, LGA_INF, 1, 3, 5, 5);
    U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 5, 8);
    lga_retreat_ends(&R, d, 3, &l);
    ck_assert_int_gt(l.n, 0);
    for (int i = 0; i < l.n; i++)
        ck_assert_int_eq(lga_zoc(&R, l.hex[i], LGA_ALLIED, 1), LGA_ZOC_NONE);
    ck_assert(in_list(&l, H(5, 4)));
    ck_assert(!in_list(&l, H(5, 7))); /* next to the French unit */
    lga_rlist u;
    lga_retreat_ends_uncut(&R, d, 3, &u);
    ck_assert_int_eq(u.n, l.n);
    /* a retreat before combat ends on entering a controlled hex (LGA-GAP-37): H(5,7) is an end */
    lga_retreat_ends(&R, d, 4, &l);
    ck_assert(in_list(&l, H(5, 7)));
    ck_assert(in_list(&l, H(5, 4)));
}
END_TEST

static int rnd(uint64_t *x, int n)
{
    *x = *x * 6364136223846793005u + 1442695040888963407u;
    return (int)((*x >> 33) % (uint64_t)n);
}

/* The cut of the route search never changes its answer: random boards, terrain, rivers and units, every
   kind of unit and MA, rs and RBC, against the plain walk over every route (LGA-GAP-36). */
START_TEST(test_retreat_routes_cut)
{
    uint64_t x = 0x9e3779b97f4a7c15u;
#define RND(n) rnd(&x, (n))
    int nonempty = 0;
    for (int round = 0; round < 300; round++) {
        fresh(12, 12);
        S.pturn = LGA_FRENCH;
        for (int h = 0; h < B.nhex; h++) {
            int t = RND(10);
            B.terrain[h] = (uint8_t)(t < 6 ? LGA_T_CLEAR : t < 7 ? LGA_T_CITY : t < 8 ? LGA_T_MOUNTAIN
                                    : t < 9 ? LGA_T_PASS : LGA_T_FORTRESS);
        }
        lga_board_finish(&B);
        for (int h = 0; h < B.nhex; h++) {
            if (B.terrain[h] == LGA_T_FORTRESS && RND(2))
                lga_ctl_set(&S, h, RND(2) ? LGA_ALLIED : LGA_FRENCH);
            if (RND(8) == 0)
                lga_board_set_side(&B, h, RND(6), RND(3) ? LGA_HS_RIVER : (LGA_HS_RIVER | LGA_HS_BRIDGE));
        }
        int c0 = 3 + RND(6), r0 = 3 + RND(6);
        B.terrain[H(c0, r0)] = LGA_T_CLEAR;
        lga_board_finish(&B);
        static const int types[] = {LGA_INF, LGA_CAV, LGA_LEADER, LGA_SUPPLY};
        int d = U(LGA_ALLIED, LGA_NAT_AU, types[RND(4)], 1 + RND(3), 1 + RND(8), c0, r0);
        for (int k = RND(6); k > 0; k--) {
            int h = RND(B.nhex);
            if (h != H(c0, r0) && B.terrain[h] != LGA_T_MOUNTAIN)
                U(RND(3) ? LGA_FRENCH : LGA_ALLIED, RND(2) ? LGA_NAT_FR : LGA_NAT_AU, RND(2) ? LGA_INF : LGA_CAV, 2,
                  4, h % 12, h / 12);
        }
        for (int kind = 3; kind <= 4; kind++) {
            lga_rlist a, b;
            lga_retreat_ends(&R, d, kind, &a);
            lga_retreat_ends_uncut(&R, d, kind, &b);
            ck_assert_int_eq(a.n, b.n);
            for (int i = 0; i < a.n; i++)
                ck_assert_int_eq(a.hex[i], b.hex[i]);
            ck_assert_int_eq(lga_retreat_possible(&R, d, kind), a.n > 0);
            nonempty += a.n > 0;
        }
    }
    ck_assert_int_gt(nonempty, 300); /* most of the 600 searches have ends to compare */
#undef RND
}
END_TEST

START_TEST(test_retreat_prussian)
{
    /* LGA-PRUSSIAN-07, LGA-GAP-60: no retreat into a Prussian Fortress; may stop next to it */
    fresh(14, 14);
    SC.prussian = 1;
    S.pturn = LGA_FRENCH;
    int d = U(LGA_ALLIED, LGA_NAT_PR, LGA_INF, 3, 3, 5, 5);
    B.terrain[H(5, 7)] = LGA_T_FORTRESS;
    lga_board_finish(&B);
    B.hflags[H(5, 7)] |= LGA_HF_PRUSSIA;
    lga_ctl_set(&S, H(5, 7), LGA_ALLIED);
    lga_rlist l;
    lga_retreat_ends(&R, d, 2, &l);
    ck_assert(!in_list(&l, H(5, 7)));
    ck_assert(in_list(&l, H(5, 6))); /* adjacent to the Fortress */
    /* an Austrian unit retreats into it */
    int au = U(LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, 9, 5);
    B.terrain[H(9, 6)] = LGA_T_FORTRESS;
    lga_board_finish(&B);
    lga_ctl_set(&S, H(9, 6), LGA_ALLIED);
    lga_retreat_ends(&R, au, 2, &l);
    ck_assert(in_list(&l, H(9, 6)));
}
END_TEST

/* ------------------------------------------------------------------ supply, stacking, fortresses */

START_TEST(test_supply_range)
{
    fresh(12, 12);
    int su = U(LGA_FRENCH, LGA_NAT_FR, LGA_SUPPLY, 0, 4, 5, 5);
    /* LGA-SUPPLY-02, LGA-SUPPLY-14: same or adjacent hex */
    ck_assert(lga_supply_in_range(&R, su, H(5, 5)));
    ck_assert(lga_supply_in_range(&R, su, H(5, 4)));
    ck_assert(!lga_supply_in_range(&R, su, H(5, 3)));
    /* LGA-SUPPLY-13, LGA-DISRUPT-03: a disrupted Supply unit supplies nothing */
    S.u[su].dis = 40;
    ck_assert(!lga_supply_in_range(&R, su, H(5, 5)));
    S.u[su].dis = 0;
    /* LGA-FMARCH-05, LGA-SUPPLY-05: once used for Forced March Supply, never for stacking or combat */
    S.u[su].flags |= LGA_UF_SUP_FM;
    ck_assert(!lga_supply_in_range(&R, su, H(5, 5)));
    ck_assert(!lga_supply_possible(&R, H(5, 5), LGA_FRENCH));
    S.u[su].flags &= (uint16_t)~LGA_UF_SUP_FM;
    ck_assert(lga_supply_possible(&R, H(5, 4), LGA_FRENCH));
    /* LGA-GAP-54: a Fortress is a possible source */
    B.terrain[H(1, 1)] = LGA_T_FORTRESS;
    lga_board_finish(&B);
    ck_assert(lga_supply_possible(&R, H(1, 1), LGA_FRENCH));
}
END_TEST

START_TEST(test_depot_surrounded)
{
    fresh(12, 12);
    int dep = U(LGA_ALLIED, LGA_NAT_AU, LGA_DEPOT, 1, 2, 5, 5);
    ck_assert(!lga_depot_surrounded(&R, dep));
    /* LGA-SUPPLY-09, LGA-ADDENDA-08: all six Enemy-occupied or Enemy-controlled */
    U(LGA_FRENCH, LGA_NAT_FR, LGA_CAV, 1, 8, 5, 3);
    U(LGA_FRENCH, LGA_NAT_FR, LGA_CAV, 1, 8, 5, 7);
    ck_assert(!lga_depot_surrounded(&R, dep));
    U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 3, 5);
    U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 7, 5);
    ck_assert(lga_depot_surrounded(&R, dep));
    /* Friendly units on the adjacent hexes do not change it */
    U(LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, 5, 4);
    ck_assert(lga_depot_surrounded(&R, dep));
    /* in a Fortress too */
    B.terrain[H(5, 5)] = LGA_T_FORTRESS;
    lga_board_finish(&B);
    ck_assert(lga_depot_surrounded(&R, dep));
}
END_TEST

START_TEST(test_stacking_supply)
{
    fresh(12, 12);
    int a = U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 5, 5);
    U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 5, 5);
    int kind;
    /* LGA-STACK-03 */
    ck_assert(!lga_stack_legal(&R, H(5, 5), LGA_FRENCH, &kind));
    ck_assert_int_eq(kind, 1);
    /* LGA-STACK-05, LGA-SUPPLY-04, LGA-SUPPLY-01 (Stacking Supply): one used Supply unit in range makes any
       number legal */
    int su = U(LGA_FRENCH, LGA_NAT_FR, LGA_SUPPLY, 0, 4, 5, 6);
    ck_assert(!lga_stack_legal(&R, H(5, 5), LGA_FRENCH, &kind));
    S.u[su].flags |= LGA_UF_SUP_USED;
    U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 5, 5);
    ck_assert(lga_stack_legal(&R, H(5, 5), LGA_FRENCH, &kind));
    /* LGA-STACK-06: leaders/supply never count */
    fresh(12, 12);
    U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 5, 5);
    U(LGA_FRENCH, LGA_NAT_FR, LGA_LEADER, 1, 8, 5, 5);
    U(LGA_FRENCH, LGA_NAT_FR, LGA_SUPPLY, 0, 4, 5, 5);
    ck_assert(lga_stack_legal(&R, H(5, 5), LGA_FRENCH, &kind));
    (void)a;
}
END_TEST

START_TEST(test_fortress_stacking)
{
    fresh(12, 12);
    B.terrain[H(5, 5)] = LGA_T_FORTRESS;
    lga_board_finish(&B);
    int big = U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 18, 2, 5, 5);
    int kind;
    ck_assert(lga_stack_legal(&R, H(5, 5), LGA_FRENCH, &kind));
    /* LGA-FORT-01, LGA-FORT-15: 18-2 + 2-5 = 20 > 18: remove the minimum, either unit */
    int small = U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 5, 5);
    ck_assert(!lga_stack_legal(&R, H(5, 5), LGA_FRENCH, &kind));
    ck_assert_int_eq(kind, 2);
    ck_assert_int_eq(lga_fort_strength(&S, H(5, 5), LGA_FRENCH), 20);
    lga_unit_remove(&S, small);
    ck_assert(lga_stack_legal(&R, H(5, 5), LGA_FRENCH, &kind));
    /* 18 or less: several units need no Supply unit */
    lga_unit_remove(&S, big);
    U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 5, 4, 5, 5);
    U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 5, 4, 5, 5);
    U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 5, 4, 5, 5);
    ck_assert(lga_stack_legal(&R, H(5, 5), LGA_FRENCH, &kind));
}
END_TEST

START_TEST(test_fortress_combat_supply)
{
    /* LGA-FORT-02, LGA-ADDENDA-04, LGA-COMBAT-10, LGA-SUPPLY-11: up to 18 points in a Fortress are in Combat
       Supply */
    fresh(12, 12);
    S.pturn = LGA_ALLIED;
    B.terrain[H(5, 5)] = LGA_T_FORTRESS;
    lga_board_finish(&B);
    U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 18, 2, 5, 5);
    U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 5, 4, 5, 5);
    int a = U(LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, 5, 4);
    battle(H(5, 5), &a, 1);
    lga_odds od;
    lga_battle_odds(&R, 0, &od);
    /* 18 supplied + 5 halved to 2 = 20, tripled (LGA-FORT-04) = 60 */
    ck_assert_int_eq(od.def_base, 20);
    ck_assert_int_eq(od.def_mult, 3);
    ck_assert_int_eq(od.def_total, 60);
    /* LGA-GAP-53: the best set of 18 points or less: 10 + 9 + 9 -> the two 9s are supplied (9 + 9 + 5) */
    fresh(12, 12);
    S.pturn = LGA_ALLIED;
    B.terrain[H(5, 5)] = LGA_T_FORTRESS;
    lga_board_finish(&B);
    U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 10, 2, 5, 5);
    U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 9, 2, 5, 5);
    U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 9, 2, 5, 5);
    a = U(LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, 5, 4);
    battle(H(5, 5), &a, 1);
    lga_battle_odds(&R, 0, &od);
    ck_assert_int_eq(od.def_base, 9 + 9 + 5);
}
END_TEST

START_TEST(test_siege_control_vp)
{
    fresh(12, 12);
    int v = H(5, 5);
    B.terrain[v] = LGA_T_FORTRESS;
    lga_board_finish(&B);
    SC.nobj = 1;
    SC.obj[0].hex = (int16_t)v;
    SC.obj[0].control_vp = 30;
    SC.obj[0].siege_vp = 15;
    lga_ctl_set(&S, v, LGA_ALLIED);
    ck_assert_int_eq(lga_compute_vp(&R), 0);
    /* LGA-FORT-08: every adjacent hex Enemy-occupied or Enemy-controlled (no Friendly unit) */
    U(LGA_FRENCH, LGA_NAT_FR, LGA_CAV, 1, 8, 5, 3);
    ck_assert(!lga_besieged(&R, v));
    U(LGA_FRENCH, LGA_NAT_FR, LGA_CAV, 1, 8, 5, 7);
    U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 3, 5);
    U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 7, 5);
    ck_assert(lga_besieged(&R, v));
    /* LGA-VP-04, LGA-FORT-10, LGA-FORT-14: the French besiege Vienna: +15 */
    ck_assert_int_eq(lga_compute_vp(&R), 15);
    /* LGA-VP-02, LGA-VP-03: the siege is lifted (an Allied unit next to the fortress): -15 */
    int relief = U(LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, 5, 4);
    ck_assert(!lga_besieged(&R, v));
    ck_assert_int_eq(lga_compute_vp(&R), 0);
    lga_unit_remove(&S, relief);
    ck_assert_int_eq(lga_compute_vp(&R), 15);
    /* LGA-VP-03, LGA-FORT-11: the besieging French enter the empty Fortress and capture it: control +30 in all */
    R.g = NULL;
    lga_control_enter(&R, v, LGA_FRENCH);
    ck_assert_int_eq(lga_ctl(&S, v), LGA_FRENCH);
    ck_assert(!lga_besieged(&R, v));
    ck_assert_int_eq(lga_compute_vp(&R), 30);
    /* LGA-FORT-13, LGA-GAP-62: a City is controlled, never besieged */
    B.terrain[v] = LGA_T_CITY;
    lga_board_finish(&B);
    lga_ctl_set(&S, v, LGA_ALLIED);
    ck_assert(!lga_besieged(&R, v));
    lga_control_enter(&R, v, LGA_FRENCH);
    ck_assert_int_eq(lga_ctl(&S, v), LGA_FRENCH);
    /* LGA-VP-01: one total; LGA-VP-07: it may be negative (permanent points) */
    S.vp_exit = -5;
    lga_ctl_set(&S, v, LGA_ALLIED);
    ck_assert_int_eq(lga_compute_vp(&R), -5);
}
END_TEST

START_TEST(test_vp_record)
{
    /* LGA-VP-06: 27 is shown by markers in the "000", "20" and "7" boxes */
    int h, t, u;
    lga_vp_record(27, &h, &t, &u);
    ck_assert_int_eq(h, 0);
    ck_assert_int_eq(t, 20);
    ck_assert_int_eq(u, 7);
    lga_vp_record(135, &h, &t, &u);
    ck_assert_int_eq(h, 100);
    ck_assert_int_eq(t, 30);
    ck_assert_int_eq(u, 5);
}
END_TEST

START_TEST(test_line_trace)
{
    /* LGA-S1805-28, LGA-GAP-64 */
    fresh(12, 6);
    for (int h = 0; h < B.nhex; h++)
        if (h % 12 >= 8)
            B.hflags[h] |= LGA_HF_LINE_A;
    SC.line_vp_a = 15;
    SC.line_vp_b = 20;
    ck_assert(!lga_line_trace(&R, LGA_HF_LINE_A));
    U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 9, 2);
    ck_assert(lga_line_trace(&R, LGA_HF_LINE_A));
    ck_assert_int_eq(lga_compute_vp(&R), 15);
    /* a wall of Allied ZOC cuts the trace */
    for (int r = 0; r < 6; r += 2)
        U(LGA_ALLIED, LGA_NAT_AU, LGA_CAV, 1, 6, 5, r);
    U(LGA_ALLIED, LGA_NAT_AU, LGA_CAV, 1, 6, 5, 5);
    ck_assert(!lga_line_trace(&R, LGA_HF_LINE_A));
    ck_assert_int_eq(lga_compute_vp(&R), 0);
}
END_TEST

/* ------------------------------------------------------------------ disruption */

START_TEST(test_disruption_timing)
{
    fresh(10, 10);
    int u = U(LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, 5, 5);
    /* LGA-DISRUPT-06: disrupted by an attack in the French Combat Phase of Game-Turn 1 */
    S.turn = 1;
    S.pturn = LGA_FRENCH;
    S.phase = 1;
    ck_assert_int_eq(lga_disrupt(&R, u, "LGA-RBC-08"), 0);
    ck_assert(lga_disrupted(&S, u));
    /* still disrupted through the Allied Player-Turn of Game-Turn 2 and the French Movement Phase */
    for (int ph = 2; ph <= 6 + 3; ph++) {
        S.phase = ph % 3;
        S.pturn = (ph / 3) % 2;
        S.turn = 1 + ph / 6;
        if (lga_phase_index(&S) > 1 * 6 + 3 + 1 + 6)
            break;
    }
    S.turn = 2;
    S.pturn = LGA_FRENCH;
    S.phase = 0;
    lga_recover(&R);
    ck_assert(lga_disrupted(&S, u));
    S.phase = 1; /* LGA-DISRUPT-05: recovers at the end of the same phase of the next Game-Turn */
    ck_assert(lga_disrupted(&S, u));
    lga_recover(&R);
    ck_assert(!lga_disrupted(&S, u));
    /* LGA-DISRUPT-07, LGA-RETREAT-10: disrupted again before recovering: destroyed */
    ck_assert_int_eq(lga_disrupt(&R, u, "x"), 0);
    ck_assert_int_eq(lga_disrupt(&R, u, "x"), 1);
    ck_assert_int_eq(S.u[u].st, LGA_US_ELIM);
}
END_TEST

START_TEST(test_disruption_forced_march)
{
    /* LGA-DISRUPT-08: "d" in the unit's own Movement Phase of Game-Turn n: disrupted until the end of its
       Movement Phase of Game-Turn n+1 */
    fresh(10, 10);
    int u = U(LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, 5, 5);
    S.turn = 3;
    S.pturn = LGA_FRENCH;
    S.phase = 0;
    lga_disrupt(&R, u, "LGA-FMARCH-15");
    S.turn = 4;
    S.pturn = LGA_ALLIED;
    S.phase = 1;
    lga_recover(&R);
    ck_assert(lga_disrupted(&S, u)); /* cannot RBC in the Enemy Player-Turn */
    S.pturn = LGA_FRENCH;
    S.phase = 0;
    lga_recover(&R);
    ck_assert(!lga_disrupted(&S, u));
    /* LGA-DISRUPT-09: Ar1 in its own Combat Phase of Game-Turn n: disrupted until the end of its Combat
       Phase of Game-Turn n+1 */
    S.turn = 4;
    S.phase = 1;
    lga_disrupt(&R, u, "LGA-CRT-12");
    S.turn = 5;
    S.phase = 0;
    lga_recover(&R);
    ck_assert(lga_disrupted(&S, u)); /* cannot move in Game-Turn n+1 */
    S.phase = 1;
    lga_recover(&R);
    ck_assert(!lga_disrupted(&S, u));
}
END_TEST

/* ------------------------------------------------------------------ options */

START_TEST(test_options_parse)
{
    lga_opts o;
    char err[256];
    ck_assert_int_eq(lga_opts_parse(&o, "", err), WG_OK);
    ck_assert_int_eq(o.river160_bridged, 1);
    ck_assert_int_eq(o.ae_in_combat_phase, 1);
    ck_assert_int_eq(o.length1805, 12);
    ck_assert_int_eq(lga_opts_parse(&o, "river160_bridged=0,crt=completion,length_1805=7", err), WG_OK);
    ck_assert_int_eq(o.river160_bridged, 0);
    ck_assert_int_eq(o.crt_completion, 1);
    ck_assert_int_eq(o.length1805, 7);
    ck_assert_int_eq(lga_opts_parse(&o, "bogus=1", err), WG_EINVAL);
    ck_assert_ptr_nonnull(strstr(err, "bogus"));
    ck_assert_int_eq(lga_opts_parse(&o, "crt=made-up", err), WG_EINVAL);
    ck_assert_ptr_nonnull(strstr(err, "LGA-GAP-04"));
    ck_assert_int_eq(lga_opts_parse(&o, "length_1805=99", err), WG_EINVAL);
    ck_assert_int_eq(lga_opts_parse(&o, "river160_bridged", err), WG_EINVAL);
    ck_assert_int_eq(o.length1805, 7); /* unchanged by failures */
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("lga_rules");
    TCase *t = tcase_create("tables");
    tcase_add_test(t, test_odds_examples);
    tcase_add_test(t, test_crt_printed_cells);
    tcase_add_test(t, test_result_codes);
    tcase_add_test(t, test_fm_tables);
    tcase_add_test(t, test_fm_modifiers);
    tcase_add_test(t, test_chart);
    tcase_add_test(t, test_rs_smallest);
    suite_add_tcase(s, t);
    t = tcase_create("movement");
    tcase_add_test(t, test_terrain_costs);
    tcase_add_test(t, test_six_mp_example);
    tcase_add_test(t, test_stacking_costs);
    tcase_add_test(t, test_breakdown_example);
    tcase_add_test(t, test_enemy_hexes);
    tcase_add_test(t, test_mountain_pass);
    tcase_add_test(t, test_reach_budget);
    suite_add_tcase(s, t);
    t = tcase_create("zoc");
    tcase_add_test(t, test_zoc_basic);
    tcase_add_test(t, test_zoc_river_fortress);
    tcase_add_test(t, test_zoc_movement);
    tcase_add_test(t, test_zoc_start);
    suite_add_tcase(s, t);
    t = tcase_create("combat");
    tcase_add_test(t, test_halving);
    tcase_add_test(t, test_napoleon_example);
    tcase_add_test(t, test_attack_totals);
    tcase_add_test(t, test_terrain_multipliers);
    tcase_add_test(t, test_river_160);
    tcase_add_test(t, test_500_percent);
    tcase_add_test(t, test_autoelim_odds);
    suite_add_tcase(s, t);
    t = tcase_create("retreat");
    tcase_add_test(t, test_rbc_rules);
    tcase_add_test(t, test_rbc_prussian);
    tcase_add_test(t, test_rbc_surrounded_and_paths);
    tcase_add_test(t, test_rbc_zoc);
    tcase_add_test(t, test_retreat_r1_r2);
    tcase_add_test(t, test_retreat_priorities);
    tcase_add_test(t, test_retreat_rs);
    tcase_add_test(t, test_retreat_routes_exact);
    tcase_add_test(t, test_retreat_routes_cut);
    tcase_add_test(t, test_retreat_prussian);
    suite_add_tcase(s, t);
    t = tcase_create("supply");
    tcase_add_test(t, test_supply_range);
    tcase_add_test(t, test_depot_surrounded);
    tcase_add_test(t, test_stacking_supply);
    tcase_add_test(t, test_fortress_stacking);
    tcase_add_test(t, test_fortress_combat_supply);
    tcase_add_test(t, test_siege_control_vp);
    tcase_add_test(t, test_line_trace);
    tcase_add_test(t, test_vp_record);
    suite_add_tcase(s, t);
    t = tcase_create("disruption");
    tcase_add_test(t, test_disruption_timing);
    tcase_add_test(t, test_disruption_forced_march);
    tcase_add_test(t, test_options_parse);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

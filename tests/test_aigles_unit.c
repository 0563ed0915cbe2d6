/* Les Aigles: the unit model (lib/aigles/la_unit.c): a unit's status and manoeuvre are the lowest of
   its companies, ranks count by the half-front rule, bases come from T1 at either scale, footprints
   from the exact geometry, formations are checked against their rules, and the time of a change of
   formation follows T4, T5, T36 and the rules printed under them, with the checklist's examples. */
#include <stdio.h>
#include <string.h>

#include "aigles/la_unit.h"
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

/* A unit of `ncomp` companies of `per` figures each, regular, manoeuvre B. */
static la_unit unit(int arm, int ncomp, int per, int formation, int front)
{
    la_unit u;
    memset(&u, 0, sizeof u);
    u.arm = arm;
    u.ncomp = ncomp;
    for (int i = 0; i < ncomp; i++) {
        u.comp[i].figures = per;
        u.comp[i].status = LA_REGULAR;
        u.comp[i].manoeuvre = LA_MAN_B;
    }
    u.formation = formation;
    u.front = front;
    u.ref.x = 100000;
    u.ref.y = 100000;
    u.facing.y = 1;
    return u;
}

static int change(const la_unit *u, int to, int quarter)
{
    int h = -1;
    char err[WG_ERRMSG_CAP] = "";
    int rc = la_change_time_err(&h, err, tabs, u, to, quarter);
    ck_assert_msg(rc == WG_OK, "change %d -> %d: %s (%s)", u->formation, to, wg_status_str(rc), err);
    return h;
}

START_TEST(test_lowest_status_and_manoeuvre)
{
    /* LA-UNIT-12: fusiliers B + grenadiers A -> B; LA-UNIT-13: fusiliers R + grenadiers E -> R */
    la_unit u = unit(LA_INFANTRY, 2, 6, LA_LINE, 12);
    u.comp[1].manoeuvre = LA_MAN_A;
    u.comp[1].status = LA_ELITE;
    ck_assert_int_eq(la_unit_manoeuvre(&u), LA_MAN_B);
    ck_assert_int_eq(la_unit_status(&u), LA_REGULAR);
    ck_assert_int_eq(la_unit_has_low_status(&u), 0);
    u.comp[0].status = LA_MILITIA;
    ck_assert_int_eq(la_unit_status(&u), LA_MILITIA);
    ck_assert_int_eq(la_unit_has_low_status(&u), 1);
    /* a company with no figure left no longer counts */
    u.comp[0].figures = 0;
    ck_assert_int_eq(la_unit_status(&u), LA_ELITE);
    ck_assert_int_eq(la_unit_manoeuvre(&u), LA_MAN_A);
}
END_TEST

START_TEST(test_ranks)
{
    la_unit u = unit(LA_INFANTRY, 3, 6, LA_DIVISION, 6);
    ck_assert_int_eq(la_unit_ranks(&u), 3);
    ck_assert_int_eq(la_unit_counted_ranks(&u), 3);
    u.comp[2].figures = 4; /* 16 figures: a last rank of 4 >= 6 / 2 counts */
    ck_assert_int_eq(la_unit_ranks(&u), 3);
    ck_assert_int_eq(la_unit_counted_ranks(&u), 3);
    u.comp[2].figures = 2; /* 14: a last rank of 2 < 3 does not */
    ck_assert_int_eq(la_unit_ranks(&u), 3);
    ck_assert_int_eq(la_unit_counted_ranks(&u), 2);
    u.comp[2].figures = 3; /* 15: exactly half counts */
    ck_assert_int_eq(la_unit_counted_ranks(&u), 3);
    /* massing keeps half the ranks, rounded up; a unit on two ranks keeps two (G-22) */
    ck_assert_int_eq(la_massed_ranks(6), 3);
    ck_assert_int_eq(la_massed_ranks(5), 3);
    ck_assert_int_eq(la_massed_ranks(3), 2);
    ck_assert_int_eq(la_massed_ranks(2), 2);
    ck_assert_int_eq(la_massed_ranks(1), 1);
    u.comp[2].figures = 6;
    u.removed = 9; /* 18 figures massed to 9 on the table */
    ck_assert_int_eq(la_unit_figures(&u), 9);
}
END_TEST

START_TEST(test_bases_and_footprints)
{
    int32_t f = 0, d = 0;
    ck_assert_int_eq(la_base_size(&f, &d, tabs, LA_CAVALRY, LA_LINE, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(f, 2250);
    ck_assert_int_eq(d, 4000);
    ck_assert_int_eq(la_base_size(&f, &d, tabs, LA_FOOT_ARTILLERY, LA_IN_BATTERY, LA_SCALE_15), WG_OK);
    ck_assert_int_eq(f, 3000);
    ck_assert_int_eq(d, 5000);
    ck_assert_int_eq(la_base_size(&f, &d, tabs, LA_INFANTRY, LA_SKIRMISH, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(f, 3000);
    ck_assert_int_eq(la_base_size(&f, &d, tabs, LA_IRREGULAR_CAVALRY, LA_FORAGING, LA_SCALE_15), WG_OK);
    ck_assert_int_eq(f, 3500);
    ck_assert_int_eq(la_base_size(&f, &d, tabs, LA_NARMS, LA_LINE, LA_SCALE_25), WG_EINVAL);
    /* twelve figures in line facing up the table: 12 x 15 mm wide, 25 mm deep */
    la_unit u = unit(LA_INFANTRY, 2, 6, LA_LINE, 12);
    wg_quad q;
    ck_assert_int_eq(la_unit_footprint(&q, &u, tabs, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(q.p[0].x, 100000 - 9000);
    ck_assert_int_eq(q.p[1].x, 100000 + 9000);
    ck_assert_int_eq(q.p[2].y, 100000 - 2500);
    /* the same in column of division, 4 in front: 6 wide, 3 ranks deep */
    u.formation = LA_DIVISION;
    u.front = 4;
    ck_assert_int_eq(la_unit_footprint(&q, &u, tabs, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(q.p[1].x - q.p[0].x, 6000);
    ck_assert_int_eq(q.p[1].y - q.p[2].y, 7500);
    /* at 15 mm the bases are smaller, read from their own column */
    ck_assert_int_eq(la_unit_footprint(&q, &u, tabs, LA_SCALE_15), WG_OK);
    ck_assert_int_eq(q.p[1].x - q.p[0].x, 4000);
    ck_assert_int_eq(q.p[1].y - q.p[2].y, 4500);
}
END_TEST

START_TEST(test_formations)
{
    char why[160];
    la_unit u = unit(LA_INFANTRY, 3, 6, LA_LINE, 18);
    ck_assert_int_eq(la_formation_check(why, sizeof why, &u, LA_LINE, 18), WG_OK);
    ck_assert_int_eq(la_formation_check(why, sizeof why, &u, LA_LINE, 9), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(why, "one rank, not 2"));
    ck_assert_int_eq(la_formation_check(why, sizeof why, &u, LA_DOUBLE_LINE, 9), WG_OK);
    ck_assert_int_eq(la_formation_check(why, sizeof why, &u, LA_DIVISION, 9), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(why, "more than two ranks"));
    ck_assert_int_eq(la_formation_check(why, sizeof why, &u, LA_DIVISION, 6), WG_OK);
    ck_assert_int_eq(la_formation_check(why, sizeof why, &u, LA_HOLLOW_SQUARE, 3), WG_OK);
    ck_assert_int_eq(la_formation_check(why, sizeof why, &u, LA_SKIRMISH, 18), WG_OK);
    ck_assert_int_eq(la_formation_check(why, sizeof why, &u, LA_FORAGING, 18), WG_EILLEGAL);
    ck_assert_int_eq(la_formation_check(why, sizeof why, &u, LA_IN_BATTERY, 18), WG_EILLEGAL);
    ck_assert_int_eq(la_formation_check(why, sizeof why, &u, LA_LINE, 19), WG_EILLEGAL);
    /* a square needs six figures (LA-FORM-10) */
    la_unit s = unit(LA_INFANTRY, 1, 5, LA_LINE, 5);
    ck_assert_int_eq(la_formation_check(why, sizeof why, &s, LA_SOLID_SQUARE, 2), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(why, "at least six figures, not 5"));
    /* cavalry: no square, no skirmish; foraging and echelon are its own */
    la_unit c = unit(LA_CAVALRY, 4, 3, LA_LINE, 12);
    ck_assert_int_eq(la_formation_check(why, sizeof why, &c, LA_HOLLOW_SQUARE, 3), WG_EILLEGAL);
    ck_assert_int_eq(la_formation_check(why, sizeof why, &c, LA_SKIRMISH, 12), WG_EILLEGAL);
    ck_assert_int_eq(la_formation_check(why, sizeof why, &c, LA_FORAGING, 12), WG_OK);
    ck_assert_int_eq(la_formation_check(why, sizeof why, &c, LA_ECHELON, 6), WG_OK);
    ck_assert_int_eq(la_formation_check(why, sizeof why, &c, LA_ATTACK, 3), WG_OK); /* T4 prints its times */
    ck_assert_int_eq(la_formation_check(why, sizeof why, &c, LA_EXTENDED_DIVISION, 3), WG_EILLEGAL);
    /* irregular infantry: three by three at least; below nine, at most three by three (LA-UNIT-25) */
    la_unit i = unit(LA_INFANTRY, 1, 12, LA_IRREGULAR_MASS, 4);
    i.irregular = 1;
    ck_assert_int_eq(la_formation_check(why, sizeof why, &i, LA_IRREGULAR_MASS, 4), WG_OK);
    ck_assert_int_eq(la_formation_check(why, sizeof why, &i, LA_IRREGULAR_MASS, 2), WG_EILLEGAL);
    ck_assert_int_eq(la_formation_check(why, sizeof why, &i, LA_IRREGULAR_MASS, 6), WG_EILLEGAL);
    ck_assert_int_eq(la_formation_check(why, sizeof why, &i, LA_LINE, 12), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(why, "LA-UNIT-23"));
    i.comp[0].figures = 7;
    ck_assert_int_eq(la_formation_check(why, sizeof why, &i, LA_IRREGULAR_MASS, 3), WG_OK);
    ck_assert_int_eq(la_formation_check(why, sizeof why, &i, LA_IRREGULAR_MASS, 4), WG_EILLEGAL);
    /* artillery: limbered or in battery, side by side */
    la_unit a = unit(LA_FOOT_ARTILLERY, 3, 2, LA_LIMBERED, 2);
    ck_assert_int_eq(la_formation_check(why, sizeof why, &a, LA_IN_BATTERY, 6), WG_OK);
    ck_assert_int_eq(la_formation_check(why, sizeof why, &a, LA_IN_BATTERY, 3), WG_EILLEGAL);
    ck_assert_int_eq(la_formation_check(why, sizeof why, &a, LA_LINE, 6), WG_EILLEGAL);
}
END_TEST

START_TEST(test_change_times)
{
    /* LA-FORMTIME-01..03, infantry A, B, C and cavalry A, B, C, in half-periods */
    static const int to[3] = {LA_ATTACK, LA_LINE, LA_DOUBLE_LINE};
    static const int want[3][6] = {{1, 2, 2, 1, 1, 2}, {3, 4, 5, 2, 3, 4}, {1, 1, 1, 1, 2, 3}};
    for (int k = 0; k < 3; k++)
        for (int col = 0; col < 6; col++) {
            la_unit u = unit(col < 3 ? LA_INFANTRY : LA_CAVALRY, 3, 6, LA_MARCH, 3);
            for (int i = 0; i < 3; i++)
                u.comp[i].manoeuvre = col % 3;
            ck_assert_int_eq(change(&u, to[k], 0), want[k][col]);
        }
    /* LA-FORMTIME-04: march to hollow square, infantry A = 1 period; the other columns are gaps */
    la_unit u = unit(LA_INFANTRY, 3, 6, LA_MARCH, 3);
    for (int i = 0; i < 3; i++)
        u.comp[i].manoeuvre = LA_MAN_A;
    ck_assert_int_eq(change(&u, LA_HOLLOW_SQUARE, 0), 2);
    int h = 0;
    char err[WG_ERRMSG_CAP];
    u.comp[0].manoeuvre = LA_MAN_B;
    ck_assert_int_eq(la_change_time_err(&h, err, tabs, &u, LA_HOLLOW_SQUARE, 0), WG_ETABLEGAP);
    ck_assert_ptr_nonnull(strstr(err, "march-to-hollow-square"));
    ck_assert_ptr_nonnull(strstr(err, "infantry-B"));
    /* a change T4 does not print at all: a gap naming its row */
    u.formation = LA_LINE;
    u.front = 18;
    ck_assert_int_eq(la_change_time_err(&h, err, tabs, &u, LA_MARCH, 0), WG_ETABLEGAP);
    ck_assert_ptr_nonnull(strstr(err, "line-to-march"));
    /* LA-FORMTIME-11: ... unless by a quarter-turn, in half a period */
    ck_assert_int_eq(change(&u, LA_MARCH, 1), 1);
    /* LA-FORMTIME-12 (DERIVED): militia of manoeuvre B, march to line: 2 + 1/2 = 2 1/2 periods */
    la_unit m = unit(LA_INFANTRY, 3, 6, LA_MARCH, 3);
    for (int i = 0; i < 3; i++)
        m.comp[i].status = LA_MILITIA;
    ck_assert_int_eq(change(&m, LA_LINE, 0), 5);
    /* LA-FORMTIME-09: a manoeuvre-A battalion of four companies in column of march is in column of attack */
    la_unit f = unit(LA_INFANTRY, 4, 4, LA_MARCH, 2);
    for (int i = 0; i < 4; i++)
        f.comp[i].manoeuvre = LA_MAN_A;
    ck_assert_int_eq(change(&f, LA_ATTACK, 0), 0);
    ck_assert_int_eq(change(&f, LA_DIVISION, 0), 0);
    f.ncomp = 3;
    ck_assert_int_eq(change(&f, LA_ATTACK, 0), 1);
}
END_TEST

START_TEST(test_reforming)
{
    /* LA-FORMTIME-19: manoeuvre-A infantry without formation after a forced march forms line from
       march: 1 1/2 for the change, 1 to re-form (the infantry reading of T5's row, G-09, supplied
       here as host data) -> in line after 1 1/2 periods, the longer time, not the sum */
    la_unit u = unit(LA_INFANTRY, 3, 6, LA_MARCH, 3);
    for (int i = 0; i < 3; i++)
        u.comp[i].manoeuvre = LA_MAN_A;
    u.cohesion = LA_WITHOUT_FORMATION;
    int h = 0;
    char err[WG_ERRMSG_CAP];
    ck_assert_int_eq(la_change_time_err(&h, err, tabs, &u, LA_LINE, 0), WG_ETABLEGAP);
    ck_assert_ptr_nonnull(strstr(err, "to-formed"));
    static const char variant[] = "wgdata 1 table\n"
                                  "name T4-formation-change\n"
                                  "cell to-formed infantry-A 1\n"
                                  "cell to-formed infantry-B 1\n"
                                  "cell to-formed infantry-C 1\n";
    ck_assert_int_eq(wg_table_supply(tabs[LA_T4], variant, strlen(variant)), WG_OK);
    ck_assert_int_eq(change(&u, LA_LINE, 0), 3);
    /* re-forming in place: the re-forming time */
    ck_assert_int_eq(change(&u, LA_MARCH, 0), 2);
    /* LA-FORMTIME-08: a company of three figures re-forms in one turn whatever its manoeuvre */
    la_unit c = unit(LA_INFANTRY, 1, 3, LA_LINE, 3);
    c.comp[0].manoeuvre = LA_MAN_C;
    c.cohesion = LA_DISORDER;
    ck_assert_int_eq(change(&c, LA_LINE, 0), 2);
    /* artillery re-forms by T5: horse artillery, half a period */
    la_unit a = unit(LA_HORSE_ARTILLERY, 3, 2, LA_IN_BATTERY, 6);
    a.cohesion = LA_WITHOUT_FORMATION;
    ck_assert_int_eq(change(&a, LA_IN_BATTERY, 0), 1);
    /* a formed unit that does not change takes no time */
    a.cohesion = LA_FORMED;
    ck_assert_int_eq(change(&a, LA_IN_BATTERY, 0), 0);
}
END_TEST

START_TEST(test_artillery_times)
{
    /* LA-FORMTIME-05, 06: into battery and limbering, foot B */
    la_unit a = unit(LA_FOOT_ARTILLERY, 2, 2, LA_LIMBERED, 2);
    ck_assert_int_eq(change(&a, LA_IN_BATTERY, 0), 2);
    a.formation = LA_IN_BATTERY;
    a.front = 4;
    ck_assert_int_eq(change(&a, LA_LIMBERED, 0), 2);
    a.comp[0].manoeuvre = a.comp[1].manoeuvre = LA_MAN_C;
    ck_assert_int_eq(change(&a, LA_LIMBERED, 0), 3);
    /* LA-FORMTIME-10: a file of 6 sections takes half a period more into battery, one of 10 a period more */
    la_unit f = unit(LA_FOOT_ARTILLERY, 6, 2, LA_LIMBERED, 2);
    for (int i = 0; i < 6; i++)
        f.comp[i].manoeuvre = LA_MAN_A;
    ck_assert_int_eq(change(&f, LA_IN_BATTERY, 0), 2);
    la_unit g = unit(LA_FOOT_ARTILLERY, 10, 2, LA_LIMBERED, 2);
    for (int i = 0; i < 10; i++)
        g.comp[i].manoeuvre = LA_MAN_A;
    ck_assert_int_eq(change(&g, LA_IN_BATTERY, 0), 3);
    la_unit five = unit(LA_FOOT_ARTILLERY, 5, 2, LA_LIMBERED, 2);
    for (int i = 0; i < 5; i++)
        five.comp[i].manoeuvre = LA_MAN_A;
    ck_assert_int_eq(change(&five, LA_IN_BATTERY, 0), 1);
    /* ... and a single section, half a period for any manoeuvre */
    la_unit one = unit(LA_HORSE_ARTILLERY, 1, 2, LA_LIMBERED, 2);
    one.comp[0].manoeuvre = LA_MAN_C;
    ck_assert_int_eq(change(&one, LA_IN_BATTERY, 0), 1);
    int h = 0;
    ck_assert_int_eq(la_change_time(&h, tabs, &a, LA_LINE, 0), WG_EILLEGAL);
}
END_TEST

START_TEST(test_dispersed_times)
{
    /* LA-FORMTIME-13: skirmishers from a line of 20 figures: 2 periods */
    la_unit u = unit(LA_INFANTRY, 4, 5, LA_LINE, 20);
    ck_assert_int_eq(change(&u, LA_SKIRMISH, 0), 4);
    /* LA-FORMTIME-14: from a column of march 12 ranks deep: 3 1/2 */
    la_unit m = unit(LA_INFANTRY, 4, 6, LA_MARCH, 2);
    ck_assert_int_eq(la_unit_ranks(&m), 12);
    ck_assert_int_eq(change(&m, LA_SKIRMISH, 0), 7);
    /* LA-FORMTIME-15: from a column of division 3 ranks deep: 1 */
    la_unit d = unit(LA_INFANTRY, 3, 6, LA_DIVISION, 6);
    ck_assert_int_eq(change(&d, LA_SKIRMISH, 0), 2);
    /* LA-FORMTIME-16..18, cavalry */
    la_unit c = unit(LA_CAVALRY, 3, 6, LA_LINE, 18);
    ck_assert_int_eq(change(&c, LA_FORAGING, 0), 3);
    la_unit cm = unit(LA_CAVALRY, 4, 3, LA_MARCH, 1);
    ck_assert_int_eq(change(&cm, LA_FORAGING, 0), 7); /* 12 ranks: 12-13 -> 3 1/2 */
    la_unit cd = unit(LA_CAVALRY, 5, 4, LA_DIVISION, 4);
    ck_assert_int_eq(change(&cd, LA_FORAGING, 0), 5); /* 5 ranks -> 2 1/2 (no "2" step) */
    /* with semi-regulars, half a period more */
    cd.comp[0].status = LA_SEMI_REGULAR;
    ck_assert_int_eq(change(&cd, LA_FORAGING, 0), 6);
    /* beyond the last printed band, and from a formation T36 does not start from: explicit gaps */
    int h = 0;
    char err[WG_ERRMSG_CAP];
    la_unit big = unit(LA_INFANTRY, 4, 8, LA_LINE, 32);
    ck_assert_int_eq(la_change_time_err(&h, err, tabs, &big, LA_SKIRMISH, 0), WG_ETABLEGAP);
    ck_assert_ptr_nonnull(strstr(err, "no band is printed for 32"));
    la_unit sq = unit(LA_INFANTRY, 3, 6, LA_HOLLOW_SQUARE, 3);
    ck_assert_int_eq(la_change_time_err(&h, err, tabs, &sq, LA_SKIRMISH, 0), WG_ETABLEGAP);
    ck_assert_ptr_nonnull(strstr(err, "from hollow-square to skirmish"));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("aigles_unit");
    TCase *tc = tcase_create("all");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_lowest_status_and_manoeuvre);
    tcase_add_test(tc, test_ranks);
    tcase_add_test(tc, test_bases_and_footprints);
    tcase_add_test(tc, test_formations);
    tcase_add_test(tc, test_change_times);
    tcase_add_test(tc, test_reforming);
    tcase_add_test(tc, test_artillery_times);
    tcase_add_test(tc, test_dispersed_times);
    suite_add_tcase(s, tc);
    return wgt_run(s);
}

/* Les Aigles: sight, reach and fire arcs (lib/aigles/la_sight.c): the bases of the front rank,
   base-to-base distances, the figures whose arc and range hold a target (LA-FIRE-01, -14, -15), and
   line of sight over woods, hills and crests and past the units that mask (LA-LOS-01, -02, -04, -05,
   -08). */
#include <string.h>

#include "aigles/la_sight.h"
#include "testutil.h"

static wg_table *tabs[LA_NTABLES];
static wg_ctx *ctx;

#define PACE WG_TABLE_UNIT

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

/* A regular unit of n figures in one company, its front centre at (x, y) mm, facing (fx, fy). */
static la_unit unit(int arm, int n, int formation, int front, int x, int y, int fx, int fy)
{
    la_unit u;
    memset(&u, 0, sizeof u);
    u.arm = arm;
    u.ncomp = 1;
    u.comp[0].figures = n;
    u.comp[0].status = LA_REGULAR;
    u.formation = formation;
    u.front = front;
    u.ref.x = x * PACE;
    u.ref.y = y * PACE;
    u.facing.x = fx;
    u.facing.y = fy;
    return u;
}

START_TEST(test_front_and_gaps)
{
    la_unit a = unit(LA_INFANTRY, 4, LA_LINE, 4, 500, 500, 0, 1);
    wg_quad q;
    ck_assert_int_eq(la_front_figure(&q, &a, tabs, LA_SCALE_25, 0), WG_OK);
    ck_assert_int_eq(q.p[0].x, 500 * PACE - 3000); /* the left end of the line */
    ck_assert_int_eq(q.p[1].x, 500 * PACE - 1500);
    ck_assert_int_eq(q.p[2].y, 500 * PACE - 2500);
    ck_assert_int_eq(la_front_figure(&q, &a, tabs, LA_SCALE_25, 3), WG_OK);
    ck_assert_int_eq(q.p[1].x, 500 * PACE + 3000);
    ck_assert_int_eq(la_front_figure(&q, &a, tabs, LA_SCALE_25, 4), WG_ERANGE);
    /* two lines facing each other 100 paces apart, front to front */
    la_unit b = unit(LA_INFANTRY, 4, LA_LINE, 4, 500, 600, 0, -1);
    int32_t d = 0;
    int in = -1;
    ck_assert_int_eq(la_unit_gap(&d, &a, &b, tabs, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(d, 100 * PACE);
    ck_assert_int_eq(la_unit_within(&in, &a, &b, 100 * PACE, tabs, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(in, 1);
    ck_assert_int_eq(la_unit_within(&in, &a, &b, 100 * PACE - 1, tabs, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(in, 0);
    /* at 15 mm the same figures stand on smaller bases */
    ck_assert_int_eq(la_front_figure(&q, &a, tabs, LA_SCALE_15, 0), WG_OK);
    ck_assert_int_eq(q.p[0].x, 500 * PACE - 2000);
}
END_TEST

START_TEST(test_firing_figures)
{
    la_unit a = unit(LA_INFANTRY, 4, LA_LINE, 4, 500, 500, 0, 1);
    la_unit b = unit(LA_INFANTRY, 4, LA_LINE, 4, 500, 600, 0, -1);
    int n = -1;
    ck_assert_int_eq(la_firing_figures(&n, &a, &b, 100 * PACE, tabs, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(n, 4);
    ck_assert_int_eq(la_firing_figures(&n, &a, &b, 100 * PACE - 1, tabs, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(n, 0);
    /* a target well off to the right: only the figures whose 22.5-degree arc reaches it */
    la_unit c = unit(LA_INFANTRY, 2, LA_LINE, 2, 550, 600, 0, -1); /* 50 mm right, 100 ahead: 26.6 deg off the centre */
    ck_assert_int_eq(la_firing_figures(&n, &a, &c, 200 * PACE, tabs, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(n, 3); /* its near corner is 57.5 mm right of the leftmost figure, 125 ahead: out of its arc */
    la_unit e = unit(LA_INFANTRY, 2, LA_LINE, 2, 560, 600, 0, -1); /* left edge 45 mm right */
    ck_assert_int_eq(la_firing_figures(&n, &a, &e, 200 * PACE, tabs, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(n, 2); /* 52.5 / 125 = 0.42 > tan 22.5 = 0.414: the second figure is out too */
    /* skirmishers fire at 45 degrees (LA-FIRE-14) */
    la_unit s = unit(LA_INFANTRY, 4, LA_SKIRMISH, 4, 500, 500, 0, 1);
    la_unit far = unit(LA_INFANTRY, 2, LA_LINE, 2, 650, 600, 0, -1); /* left edge 135 right, 100 ahead */
    ck_assert_int_eq(la_fire_arc(&s), WG__ARC_45);
    ck_assert_int_eq(la_fire_arc(&a), WG__ARC_225);
    ck_assert_int_eq(la_firing_figures(&n, &s, &far, 300 * PACE, tabs, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(n, 2); /* skirmish bases are 30 mm: figures at +15 and +45 reach it at <= 45 degrees */
    ck_assert_int_eq(la_firing_figures(&n, &a, &far, 300 * PACE, tabs, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(n, 0);
    /* behind: nothing */
    la_unit back = unit(LA_INFANTRY, 4, LA_LINE, 4, 500, 300, 0, 1);
    ck_assert_int_eq(la_firing_figures(&n, &a, &back, 500 * PACE, tabs, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(n, 0);
}
END_TEST

START_TEST(test_masking)
{
    la_field f = {NULL, 0, -1, tabs, LA_SCALE_25};
    la_unit obs = unit(LA_INFANTRY, 4, LA_LINE, 4, 500, 500, 0, 1);
    la_unit tgt = unit(LA_INFANTRY, 4, LA_LINE, 4, 500, 700, 0, -1);
    la_unit mask = unit(LA_INFANTRY, 12, LA_LINE, 12, 500, 600, 0, 1); /* a wide line between them */
    const la_unit *others[3] = {&obs, &tgt, &mask};
    int yes = -1;
    ck_assert_int_eq(la_sees(&yes, &f, &obs, &tgt, others, NULL, 2), WG_OK);
    ck_assert_int_eq(yes, 1);
    ck_assert_int_eq(la_sees(&yes, &f, &obs, &tgt, others, NULL, 3), WG_OK);
    ck_assert_int_eq(yes, 0); /* an infantry line masks a unit in line (LA-LOS-05) */
    la_unit col = tgt;
    col.formation = LA_DIVISION;
    col.front = 2;
    ck_assert_int_eq(la_sees(&yes, &f, &obs, &col, others, NULL, 3), WG_OK);
    ck_assert_int_eq(yes, 1); /* ... not one in column */
    la_unit cav = unit(LA_CAVALRY, 4, LA_LINE, 4, 500, 700, 0, -1);
    ck_assert_int_eq(la_sees(&yes, &f, &obs, &cav, others, NULL, 3), WG_OK);
    ck_assert_int_eq(yes, 1); /* infantry never masks cavalry */
    la_unit cmask = unit(LA_CAVALRY, 8, LA_LINE, 8, 500, 600, 0, 1);
    const la_unit *o2[1] = {&cmask};
    ck_assert_int_eq(la_sees(&yes, &f, &obs, &col, o2, NULL, 1), WG_OK);
    ck_assert_int_eq(yes, 0); /* cavalry masks whatever stands behind it */
    la_unit cobs = unit(LA_CAVALRY, 4, LA_LINE, 4, 500, 500, 0, 1);
    ck_assert_int_eq(la_sees(&yes, &f, &cobs, &col, o2, NULL, 1), WG_OK);
    ck_assert_int_eq(yes, 1); /* cavalry sees over infantry and cavalry (LA-LOS-04) */
    la_unit sk = mask;
    sk.formation = LA_SKIRMISH;
    const la_unit *o3[1] = {&sk};
    ck_assert_int_eq(la_sees(&yes, &f, &obs, &tgt, o3, NULL, 1), WG_OK);
    ck_assert_int_eq(yes, 1); /* skirmishers never mask */
    /* a masker to one side leaves the sight clear */
    la_unit aside = unit(LA_INFANTRY, 4, LA_LINE, 4, 800, 600, 0, 1);
    const la_unit *o4[1] = {&aside};
    ck_assert_int_eq(la_sees(&yes, &f, &obs, &tgt, o4, NULL, 1), WG_OK);
    ck_assert_int_eq(yes, 1);
}
END_TEST

START_TEST(test_terrain)
{
    wg_map *m = NULL;
    ck_assert_int_eq(wg_map_new_table(&m, ctx, 1200 * PACE, 1200 * PACE), WG_OK);
    int wood = -1, hill = -1, crest = -1, blocks = -1, s = -1, l = -1;
    ck_assert_int_eq(wg_map_declare_terrain(&wood, m, "wood"), WG_OK);
    ck_assert_int_eq(wg_map_declare_terrain(&hill, m, "hill"), WG_OK);
    ck_assert_int_eq(wg_map_declare_flag(&blocks, m, "blocks"), WG_OK);
    ck_assert_int_eq(wg_map_declare_linetype(&crest, m, "crest"), WG_OK);
    int32_t w[] = {400 * PACE, 590 * PACE, 600 * PACE, 590 * PACE, 600 * PACE, 610 * PACE, 400 * PACE, 610 * PACE};
    ck_assert_int_eq(wg_map_area_add(&s, m, wood, 0, w, 8), WG_OK);
    ck_assert_int_eq(wg_map_set_flags(m, s, 1u << blocks), WG_OK);
    la_field f = {m, 1u << blocks, crest, tabs, LA_SCALE_25};
    la_unit obs = unit(LA_INFANTRY, 4, LA_LINE, 4, 500, 500, 0, 1);
    la_unit tgt = unit(LA_INFANTRY, 4, LA_LINE, 4, 500, 700, 0, -1);
    int yes = -1;
    ck_assert_int_eq(la_sees(&yes, &f, &obs, &tgt, NULL, NULL, 0), WG_OK);
    ck_assert_int_eq(yes, 0); /* a wood between units on its level (LA-LOS-01) */
    la_unit side = unit(LA_INFANTRY, 4, LA_LINE, 4, 700, 700, 0, -1);
    la_unit obs2 = unit(LA_INFANTRY, 4, LA_LINE, 4, 700, 500, 0, 1);
    ck_assert_int_eq(la_sees(&yes, &f, &obs2, &side, NULL, NULL, 0), WG_OK);
    ck_assert_int_eq(yes, 1);
    /* a hill with a crest: the observer on it, 10 paces behind the crest (within a base length of 25
       mm) sees over it; 100 paces behind it does not */
    int32_t h[] = {0, 800 * PACE, 1200 * PACE, 800 * PACE, 1200 * PACE, 1200 * PACE, 0, 1200 * PACE};
    ck_assert_int_eq(wg_map_area_add(&s, m, hill, 1, h, 8), WG_OK);
    int32_t c[] = {0, 800 * PACE, 1200 * PACE, 800 * PACE};
    ck_assert_int_eq(wg_map_line_add(&l, m, crest, 1, "crest", c, 4), WG_OK);
    la_unit top = unit(LA_INFANTRY, 4, LA_LINE, 4, 900, 810, 0, -1);
    la_unit below = unit(LA_INFANTRY, 4, LA_LINE, 4, 900, 600, 0, 1);
    ck_assert_int_eq(la_sees(&yes, &f, &top, &below, NULL, NULL, 0), WG_OK);
    ck_assert_int_eq(yes, 1);
    la_unit back = unit(LA_INFANTRY, 4, LA_LINE, 4, 900, 900, 0, -1);
    ck_assert_int_eq(la_sees(&yes, &f, &back, &below, NULL, NULL, 0), WG_OK);
    ck_assert_int_eq(yes, 0);
    /* LA-LOS-08: from the slope, over a friendly line below 20 paces away or more; not over one closer */
    la_unit near = unit(LA_INFANTRY, 12, LA_LINE, 12, 900, 770, 0, -1); /* 15 paces below the observer's base */
    la_unit low = unit(LA_INFANTRY, 12, LA_LINE, 12, 900, 700, 0, -1);
    const la_unit *o1[1] = {&low};
    ck_assert_int_eq(la_sees(&yes, &f, &top, &below, o1, NULL, 1), WG_OK);
    ck_assert_int_eq(yes, 1);
    const la_unit *o2[1] = {&near};
    ck_assert_int_eq(la_sees(&yes, &f, &top, &below, o2, NULL, 1), WG_OK);
    ck_assert_int_eq(yes, 0);
    wg_map_free(m);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("aigles_sight");
    TCase *tc = tcase_create("all");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_front_and_gaps);
    tcase_add_test(tc, test_firing_figures);
    tcase_add_test(tc, test_masking);
    tcase_add_test(tc, test_terrain);
    suite_add_tcase(s, tc);
    return wgt_run(s);
}

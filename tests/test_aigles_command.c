/* Les Aigles: officers, command, charges and contact (lib/aigles/la_command.c): order-change zones by
   command (T7), charisma in contact and by distance (LA-OFFICER-02, -03), the reaction test (T8,
   LA-REACT-02, -08), who may charge (LA-CHARGE-12), the face a unit is contacted on, zones of action
   (LA-UNIT-19) and the counts of units within a radius (T22). */
#include <string.h>

#include "aigles/la_command.h"
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

static la_officer officer(int charisma, int command, int x, int y)
{
    la_officer o;
    memset(&o, 0, sizeof o);
    o.charisma = charisma;
    o.command = command;
    o.mounted = 1;
    o.at.x = x * PACE;
    o.at.y = y * PACE;
    o.facing.y = 1;
    o.superior = -1;
    return o;
}

START_TEST(test_order_zone)
{
    int32_t r = -1;
    ck_assert_int_eq(la_order_zone(&r, tabs, 3, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(r, 100 * PACE);
    ck_assert_int_eq(la_order_zone(&r, tabs, 3, LA_SCALE_15), WG_OK);
    ck_assert_int_eq(r, 75 * PACE);
    ck_assert_int_eq(la_order_zone(&r, tabs, 5, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(r, 200 * PACE);
    ck_assert_int_eq(la_order_zone(&r, tabs, 1, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(r, 0);
    ck_assert_int_eq(la_order_zone(&r, tabs, 0, LA_SCALE_25), WG_OK); /* G-19 */
    ck_assert_int_eq(r, 0);
    ck_assert_int_eq(la_order_zone(&r, tabs, 6, LA_SCALE_25), WG_EINVAL);
    /* a mounted officer (base 20 x 40) whose front is 100 paces from a unit's front */
    la_officer o = officer(3, 3, 500, 400);
    la_unit u = unit(LA_INFANTRY, 12, LA_LINE, 12, 500, 500, 0, -1);
    int in = -1;
    ck_assert_int_eq(la_in_order_zone(&in, &o, &u, tabs, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(in, 1);
    o.command = 2;
    ck_assert_int_eq(la_in_order_zone(&in, &o, &u, tabs, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(in, 0);
    o.command = 1;
    o.at.y = 500 * PACE; /* in contact: front to front */
    ck_assert_int_eq(la_in_order_zone(&in, &o, &u, tabs, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(in, 1);
}
END_TEST

START_TEST(test_charisma)
{
    la_unit u = unit(LA_INFANTRY, 12, LA_LINE, 12, 500, 500, 0, -1);
    int v = -1, direct = -1;
    la_officer o = officer(3, 3, 500, 500); /* in contact */
    ck_assert_int_eq(la_charisma(&v, &direct, &o, &u, tabs, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(direct, 1);
    ck_assert_int_eq(v, 3); /* LA-OFFICER-02: any of -3 .. +3 */
    static const struct {
        int gap, want;
    } cases[] = {{100, 2}, {150, 2}, {151, 1}, {200, 1}, {201, 0}, {250, 0}, {400, 0}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        o.at.y = (500 - cases[i].gap) * PACE;
        ck_assert_int_eq(la_charisma(&v, &direct, &o, &u, tabs, LA_SCALE_25), WG_OK);
        ck_assert_int_eq(direct, 0);
        ck_assert_msg(v == cases[i].want, "gap %d: %d, want %d", cases[i].gap, v, cases[i].want);
    }
    /* at 15 mm: 100 paces, then bands of 35 */
    o.charisma = 5;
    o.at.y = (500 - 135) * PACE;
    ck_assert_int_eq(la_charisma(&v, &direct, &o, &u, tabs, LA_SCALE_15), WG_OK);
    ck_assert_int_eq(v, 3);
}
END_TEST

START_TEST(test_reaction)
{
    int r = -1;
    ck_assert_int_eq(la_reaction(&r, tabs, LA_GUARD), WG_OK);
    ck_assert_int_eq(r, 4);
    ck_assert_int_eq(la_reaction(&r, tabs, LA_VETERAN), WG_OK);
    ck_assert_int_eq(r, 3);
    ck_assert_int_eq(la_reaction(&r, tabs, LA_SEMI_REGULAR), WG_OK);
    ck_assert_int_eq(r, 2);
    ck_assert_int_eq(la_reaction(&r, tabs, LA_IRREGULAR), WG_OK);
    ck_assert_int_eq(r, 1);
    ck_assert_int_eq(la_reaction(&r, tabs, LA_NSTATUS), WG_EINVAL);
    /* LA-REACT-08: regular (2) + command 3 = 5 passes on 1-4; a sum of 7 always, of 1 never */
    ck_assert_int_eq(la_order_pass_faces(2, 3), 4);
    ck_assert_int_eq(la_order_passes(4, 2, 3), 1);
    ck_assert_int_eq(la_order_passes(5, 2, 3), 0);
    ck_assert_int_eq(la_order_pass_faces(4, 3), 6);
    ck_assert_int_eq(la_order_pass_faces(1, 0), 0);
    /* LA-REACT-04: a command-1 general who explains for a turn tests as command 2 */
    ck_assert_int_eq(la_order_pass_faces(2, 1), 2);
    ck_assert_int_eq(la_order_pass_faces(2, 1 + 1), 3);
}
END_TEST

START_TEST(test_charges_and_contact)
{
    char why[WG_ERRMSG_CAP];
    la_unit inf = unit(LA_INFANTRY, 12, LA_LINE, 12, 500, 500, 0, 1);
    ck_assert_int_eq(la_may_charge(why, &inf), WG_OK);
    la_unit sq = unit(LA_INFANTRY, 12, LA_HOLLOW_SQUARE, 3, 500, 500, 0, 1);
    ck_assert_int_eq(la_may_charge(why, &sq), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(why, "square"));
    la_unit art = unit(LA_FOOT_ARTILLERY, 6, LA_IN_BATTERY, 6, 500, 500, 0, 1);
    ck_assert_int_eq(la_may_charge(why, &art), WG_EILLEGAL);
    la_unit sk = unit(LA_INFANTRY, 8, LA_SKIRMISH, 8, 500, 500, 0, 1);
    ck_assert_int_eq(la_may_charge(why, &sk), WG_EILLEGAL);
    inf.cohesion = LA_DISORGANISED;
    ck_assert_int_eq(la_may_charge(why, &inf), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(why, "LA-CHARGE-12"));
    inf.cohesion = LA_FORMED;
    inf.morale = LA_HALT;
    ck_assert_int_eq(la_may_charge(why, &inf), WG_EILLEGAL);
    /* faces: a target line facing up, 180 mm wide, 25 deep; attackers at its front, right, rear, left */
    la_unit t = unit(LA_INFANTRY, 12, LA_LINE, 12, 500, 500, 0, 1);
    la_unit front = unit(LA_CAVALRY, 4, LA_LINE, 4, 500, 500, 0, -1);
    la_unit right = unit(LA_CAVALRY, 4, LA_LINE, 4, 590, 490, -1, 0);
    la_unit rear = unit(LA_CAVALRY, 4, LA_LINE, 4, 500, 475, 0, 1);
    la_unit left = unit(LA_CAVALRY, 4, LA_LINE, 4, 410, 490, 1, 0);
    int f = -1;
    ck_assert_int_eq(la_contact_face(&f, &front, &t, tabs, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(f, WG__FACE_FRONT);
    ck_assert_int_eq(la_contact_face(&f, &right, &t, tabs, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(f, WG__FACE_RIGHT);
    ck_assert_int_eq(la_contact_face(&f, &rear, &t, tabs, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(f, WG__FACE_REAR);
    ck_assert_int_eq(la_contact_face(&f, &left, &t, tabs, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(f, WG__FACE_LEFT);
    /* zones of action: ahead within reach, not behind, not beyond */
    la_unit x = unit(LA_INFANTRY, 12, LA_LINE, 12, 500, 500, 0, 1);
    la_unit y = unit(LA_INFANTRY, 4, LA_LINE, 4, 500, 650, 0, -1);
    int yes = -1;
    ck_assert_int_eq(la_threatens(&yes, &x, &y, 200 * PACE, tabs, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(yes, 1);
    ck_assert_int_eq(la_threatens(&yes, &x, &y, 149 * PACE, tabs, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(yes, 0);
    la_unit z = unit(LA_INFANTRY, 4, LA_LINE, 4, 500, 300, 0, 1);
    ck_assert_int_eq(la_threatens(&yes, &x, &z, 500 * PACE, tabs, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(yes, 0);
}
END_TEST

START_TEST(test_counts)
{
    static la_battle b;
    memset(&b, 0, sizeof b);
    b.nunit = 4;
    b.unit[0].u = unit(LA_INFANTRY, 12, LA_LINE, 12, 500, 500, 0, 1);
    b.unit[1].u = unit(LA_INFANTRY, 12, LA_LINE, 12, 500, 700, 0, 1); /* a friend 175 mm behind... in front */
    b.unit[2].u = unit(LA_INFANTRY, 12, LA_LINE, 12, 500, 900, 0, -1); /* an enemy 400 away */
    b.unit[3].u = unit(LA_CAVALRY, 4, LA_LINE, 4, 900, 500, 0, -1);     /* an enemy on the side */
    b.unit[2].side = b.unit[3].side = 1;
    int c[2] = {-1, -1};
    ck_assert_int_eq(la_count_within(c, &b, 0, 300 * PACE, tabs, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(c[0], 1);
    ck_assert_int_eq(c[1], 1); /* the cavalry: 900 - 45 - (500 + 90) = 265 */
    ck_assert_int_eq(la_count_within(c, &b, 0, 400 * PACE, tabs, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(c[1], 2);
    b.unit[3].u.comp[0].figures = 0; /* gone */
    ck_assert_int_eq(la_count_within(c, &b, 0, 400 * PACE, tabs, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(c[1], 1);
    ck_assert_int_eq(la_count_within(c, &b, 9, 400 * PACE, tabs, LA_SCALE_25), WG_EINVAL);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("aigles_command");
    TCase *tc = tcase_create("all");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_order_zone);
    tcase_add_test(tc, test_charisma);
    tcase_add_test(tc, test_reaction);
    tcase_add_test(tc, test_charges_and_contact);
    tcase_add_test(tc, test_counts);
    suite_add_tcase(s, tc);
    return wgt_run(s);
}

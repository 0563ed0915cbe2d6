/* Les Aigles: the tactical fire factors (lib/aigles/la_factors.c) that apply to a fire, read from
   T12, T13 and T14: targets in mass, in skirmish order, cuirassiers, on more than one rank; firers in
   skirmish order, without formation, fatigued; canister; round shot by ranks (the calibre-12 example:
   +3 for a division column of three ranks), line, range bands (G-16) and cover. */
#include <string.h>

#include "aigles/la_factors.h"
#include "aigles/la_odds.h"
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

static la_unit unit(int arm, int n, int formation, int front)
{
    la_unit u;
    memset(&u, 0, sizeof u);
    u.arm = arm;
    u.ncomp = 1;
    u.comp[0].figures = n;
    u.comp[0].status = LA_REGULAR;
    u.formation = formation;
    u.front = front;
    u.facing.y = 1;
    return u;
}

static int factors(const la_fire_situation *s, int *n)
{
    int sum = 99, cnt = 0;
    la_applied a[LA_MAX_APPLIED];
    char err[WG_ERRMSG_CAP];
    int rc = la_fire_factors(&sum, a, &cnt, err, tabs, s);
    ck_assert_msg(rc == WG_OK, "%s", err);
    int check = 0;
    for (int i = 0; i < cnt; i++)
        check += a[i].value;
    ck_assert_int_eq(check, sum); /* the applied factors add up */
    if (n)
        *n = cnt;
    return sum;
}

START_TEST(test_light_arms)
{
    la_unit firer = unit(LA_INFANTRY, 12, LA_LINE, 12);
    la_unit line = unit(LA_INFANTRY, 12, LA_LINE, 12);
    la_fire_situation s;
    memset(&s, 0, sizeof s);
    s.kind = LA_FIRE_LIGHT;
    s.firer = &firer;
    s.target = &line;
    int n = -1;
    ck_assert_int_eq(factors(&s, &n), 0);
    ck_assert_int_eq(n, 0);
    la_unit col = unit(LA_INFANTRY, 12, LA_DIVISION, 4);
    s.target = &col;
    ck_assert_int_eq(factors(&s, NULL), 1); /* more than one rank */
    la_unit mass = unit(LA_INFANTRY, 12, LA_MASS, 4);
    s.target = &mass;
    ck_assert_int_eq(factors(&s, NULL), 2); /* in mass +1, ranks +1 */
    la_unit sk = unit(LA_INFANTRY, 8, LA_SKIRMISH, 8);
    s.target = &sk;
    ck_assert_int_eq(factors(&s, NULL), -3);
    la_unit cuir = unit(LA_CAVALRY, 8, LA_LINE, 8);
    cuir.cuirass = 1;
    s.target = &cuir;
    s.target_charging = 1;
    ck_assert_int_eq(factors(&s, NULL), -2); /* cuirass -1, cavalry charging the firer -1 */
    s.target_charging = 0;
    s.target = &line;
    s.cover = LA_COVER_HARD;
    ck_assert_int_eq(factors(&s, NULL), -3);
    s.cover = LA_COVER_LIGHT;
    s.beyond_half_range = 1;
    ck_assert_int_eq(factors(&s, NULL), -2);
    s.cover = LA_COVER_NONE;
    s.beyond_half_range = 0;
    firer.formation = LA_SKIRMISH;
    ck_assert_int_eq(factors(&s, NULL), 1);
    firer.formation = LA_LINE;
    firer.cohesion = LA_WITHOUT_FORMATION;
    firer.fatigue = 2;
    ck_assert_int_eq(factors(&s, NULL), -4);
    firer.cohesion = LA_DISORDER;
    firer.fatigue = 0;
    ck_assert_int_eq(factors(&s, NULL), -4);
    firer.cohesion = LA_FORMED;
    s.isolated = 1;
    ck_assert_int_eq(factors(&s, NULL), -2);
    s.isolated = 0;
    la_unit bat = unit(LA_FOOT_ARTILLERY, 6, LA_IN_BATTERY, 6);
    s.target = &bat;
    ck_assert_int_eq(factors(&s, NULL), -1);
    /* canister: +2 below canister range, with the light-arms factors */
    la_unit gun = unit(LA_FOOT_ARTILLERY, 6, LA_IN_BATTERY, 6);
    s.firer = &gun;
    s.target = &col;
    s.kind = LA_FIRE_CANISTER;
    ck_assert_int_eq(factors(&s, NULL), 3);
}
END_TEST

START_TEST(test_round_shot)
{
    la_unit gun = unit(LA_FOOT_ARTILLERY, 6, LA_IN_BATTERY, 6);
    la_unit col = unit(LA_INFANTRY, 18, LA_DIVISION, 6); /* three ranks */
    la_fire_situation s;
    memset(&s, 0, sizeof s);
    s.kind = LA_FIRE_ROUND_SHOT;
    s.firer = &gun;
    s.target = &col;
    s.canister = 200 * PACE;
    s.rebound = 200 * PACE;
    s.max_range = 900 * PACE;
    s.max_ranks = 6;
    s.distance = 150 * PACE;
    /* the calibre-12 example: a division column of three ranks gives +3 */
    ck_assert_int_eq(factors(&s, NULL), 3);
    s.max_ranks = 2; /* a calibre traversing 2 ranks at most */
    ck_assert_int_eq(factors(&s, NULL), 2);
    s.max_ranks = 6;
    s.distance = 250 * PACE; /* beyond canister, within canister + rebound: mid-range -3 */
    ck_assert_int_eq(factors(&s, NULL), 0);
    s.distance = 401 * PACE; /* long range -6 */
    ck_assert_int_eq(factors(&s, NULL), -3);
    s.distance = 901 * PACE;
    int sum = 0, n = 0;
    la_applied a[LA_MAX_APPLIED];
    char err[WG_ERRMSG_CAP];
    ck_assert_int_eq(la_fire_factors(&sum, a, &n, err, tabs, &s), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(err, "beyond the calibre's range of 900"));
    s.distance = 100 * PACE;
    la_unit line = unit(LA_INFANTRY, 12, LA_LINE, 12);
    s.target = &line;
    ck_assert_int_eq(factors(&s, NULL), -2); /* a line: -2, no rank bonus (G-24) */
    la_unit dl = unit(LA_INFANTRY, 12, LA_DOUBLE_LINE, 6);
    s.target = &dl;
    ck_assert_int_eq(factors(&s, NULL), 1); /* a double line gives only +1 */
    la_unit limb = unit(LA_FOOT_ARTILLERY, 6, LA_LIMBERED, 2);
    s.target = &limb;
    ck_assert_int_eq(factors(&s, NULL), 0); /* limbered artillery: no rank bonus */
    la_unit inbat = unit(LA_FOOT_ARTILLERY, 6, LA_IN_BATTERY, 6);
    s.target = &inbat;
    ck_assert_int_eq(factors(&s, NULL), -1); /* in position -2, one rank +1 */
    s.target = &col;
    s.cover = LA_COVER_HARD;
    ck_assert_int_eq(factors(&s, NULL), 1);
}
END_TEST

static int morale(const la_morale_situation *s)
{
    int sum = 99, cnt = 0;
    la_applied a[LA_MAX_APPLIED];
    char err[WG_ERRMSG_CAP];
    int rc = la_morale_factors(&sum, a, &cnt, err, tabs, s);
    ck_assert_msg(rc == WG_OK, "%s", err);
    int check = 0;
    for (int i = 0; i < cnt; i++)
        check += a[i].value;
    ck_assert_int_eq(check, sum);
    return sum;
}

START_TEST(test_morale_factors)
{
    la_unit u = unit(LA_INFANTRY, 18, LA_LINE, 18);
    la_morale_situation s;
    memset(&s, 0, sizeof s);
    s.unit = &u;
    s.initial_figures = 18;
    ck_assert_int_eq(morale(&s), 0);
    /* formation against cavalry (T20) */
    s.against_cavalry = 1;
    ck_assert_int_eq(morale(&s), -2);
    u.formation = LA_SKIRMISH; /* wholly dispersed counts as line (LA-FORM-03) */
    ck_assert_int_eq(morale(&s), -2);
    u.formation = LA_HOLLOW_SQUARE;
    u.front = 3;
    ck_assert_int_eq(morale(&s), 2);
    u.formation = LA_SOLID_SQUARE;
    ck_assert_int_eq(morale(&s), 1);
    u.formation = LA_MASS;
    ck_assert_int_eq(morale(&s), 1);
    s.formed_square = 1; /* note (10) */
    ck_assert_int_eq(morale(&s), 0);
    s.formed_square = 0;
    s.against_cavalry = 0;
    u.formation = LA_LINE;
    u.front = 18;
    /* cover: a construction +3, hard cover +2, light cover or a stream +1 */
    s.construction = 1;
    ck_assert_int_eq(morale(&s), 3);
    s.construction = 0;
    s.cover = LA_COVER_HARD;
    ck_assert_int_eq(morale(&s), 2);
    s.cover = LA_COVER_NONE;
    s.stream = 1;
    ck_assert_int_eq(morale(&s), 1);
    s.stream = 0;
    /* circumstances (T21) */
    u.morale = LA_ROUT;
    ck_assert_int_eq(morale(&s), -4);
    u.morale = LA_RETREAT;
    ck_assert_int_eq(morale(&s), -1);
    u.morale = LA_OBEY;
    s.has_routed = 1;
    s.charging = 1;
    ck_assert_int_eq(morale(&s), 0); /* -1 and infantry charging +1 */
    s.has_routed = 0;
    s.attack_charging = 1; /* an Attack order and charging +1 more (G-58) */
    ck_assert_int_eq(morale(&s), 2);
    s.charging = s.attack_charging = 0;
    la_unit cav = unit(LA_CAVALRY, 8, LA_LINE, 8);
    la_morale_situation c = s;
    c.unit = &cav;
    c.initial_figures = 8;
    c.charging = 1;
    c.against_square = 1;
    ck_assert_int_eq(morale(&c), 1); /* cavalry charging +2, against a square -1 */
    /* environment (T22) */
    s.friends = 3;
    s.enemies = 1;
    ck_assert_int_eq(morale(&s), 2);
    s.friends = 1;
    s.enemies = 2;
    ck_assert_int_eq(morale(&s), -2);
    s.friends = s.enemies = 0;
    s.enemy_rear = 1;
    s.enemy_flanks = 2; /* LA-MORALEFACT-17: two flanks -4 */
    ck_assert_int_eq(morale(&s), -7);
    s.enemy_rear = s.enemy_flanks = 0;
    s.enemy_routs = 2;
    s.friend_routs = 1;
    s.batteries = 2;
    ck_assert_int_eq(morale(&s), 4);
    s.enemy_routs = s.friend_routs = s.batteries = 0;
    /* officers (T23): the value chosen, and a general killed */
    s.general = 3;
    s.general_killed = 1;
    ck_assert_int_eq(morale(&s), 2);
    s.general = -2;
    ck_assert_int_eq(morale(&s), -3);
    s.general = s.general_killed = 0;
    /* melee (T24): LA-MORALEFACT-25, a battalion losing to two: -1 - 2; the loss difference 45: -2 */
    s.lost_streak = 1;
    s.extra_enemies = 1;
    ck_assert_int_eq(morale(&s), -3);
    s.lost_streak = 3;
    s.extra_enemies = 0;
    ck_assert_int_eq(morale(&s), -8);
    s.lost_streak = 2;
    s.loss_difference = 45;
    ck_assert_int_eq(morale(&s), -6);
    s.lost_streak = 0;
    s.loss_difference = 0;
    s.won_melee = 1;
    ck_assert_int_eq(morale(&s), 1);
    s.impetuous = 1;
    ck_assert_int_eq(morale(&s), 4);
    s.won_melee = s.impetuous = 0;
    /* losses (T25): LA-MORALEFACT-28, 14 figures and 124 losses: -2; two units' fire of 15 or more: -2 */
    u.comp[0].figures = 14;
    s.initial_figures = 14;
    s.losses_this_turn = 124;
    s.heavy_firers = 2;
    ck_assert_int_eq(morale(&s), -4);
    s.losses_this_turn = s.heavy_firers = 0;
    /* strength remaining (T26): 18 down to 15 is 90% (regulars 0, semi-regulars -1), 14 is 80%, 12 is 70% */
    s.initial_figures = 18;
    u.comp[0].figures = 15;
    ck_assert_int_eq(morale(&s), 0);
    u.comp[0].status = LA_SEMI_REGULAR;
    ck_assert_int_eq(morale(&s), -1);
    u.comp[0].status = LA_REGULAR;
    u.comp[0].figures = 14;
    ck_assert_int_eq(morale(&s), -1);
    u.comp[0].figures = 12;
    ck_assert_int_eq(morale(&s), -2);
    /* 10 of 18 is 60%: not printed (G-10) */
    u.comp[0].figures = 10;
    int sum = 0, n = 0;
    la_applied a[LA_MAX_APPLIED];
    char err[WG_ERRMSG_CAP];
    ck_assert_int_eq(la_morale_factors(&sum, a, &n, err, tabs, &s), WG_ETABLEGAP);
    ck_assert_ptr_nonnull(strstr(err, "T26-strength-remaining"));
    ck_assert_int_eq(la_tables_supply_sample(tabs, err), WG_OK);
    ck_assert_int_eq(morale(&s), -3);
    /* the Hold bonus (G-58) */
    u.comp[0].figures = 18;
    s.hold_still = 1;
    ck_assert_int_eq(morale(&s), 1);
}
END_TEST

static int melee(const la_melee_situation *s)
{
    int sum = 99, cnt = 0;
    la_applied a[LA_MAX_APPLIED];
    char err[WG_ERRMSG_CAP];
    int rc = la_melee_factors(&sum, a, &cnt, err, tabs, s);
    ck_assert_msg(rc == WG_OK, "%s", err);
    int check = 0;
    for (int i = 0; i < cnt; i++)
        check += a[i].value;
    ck_assert_int_eq(check, sum);
    return sum;
}

START_TEST(test_melee_factors)
{
    /* T6, the village melee, from the factor tables: the French (fresh, charging the village) -4 + 1;
       the Prussians (without formation) -3; with combat 5 + charge 2 and 3 the printed totals 4 and 0 */
    la_unit fr = unit(LA_INFANTRY, 12, LA_DIVISION, 4), pr = unit(LA_INFANTRY, 12, LA_LINE, 12);
    pr.cohesion = LA_WITHOUT_FORMATION;
    la_melee_situation a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    a.unit = &fr;
    a.opponent = &pr;
    a.turn = 1;
    a.fresh = 1;
    a.opp_position = LA_OPP_VILLAGE;
    b.unit = &pr;
    b.opponent = &fr;
    b.turn = 1;
    ck_assert_int_eq(5 + 2 + melee(&a), 4);
    ck_assert_int_eq(3 + melee(&b), 0);
    /* T15 */
    la_unit u = unit(LA_INFANTRY, 12, LA_LINE, 12), cav = unit(LA_CAVALRY, 8, LA_LINE, 8);
    la_melee_situation s;
    memset(&s, 0, sizeof s);
    s.unit = &u;
    s.opponent = &cav;
    s.turn = 1;
    ck_assert_int_eq(melee(&s), -1); /* an infantry line against cavalry (T16) */
    u.fatigue = 2;
    s.losses_last_fire = 31;
    ck_assert_int_eq(melee(&s), -5);
    u.fatigue = 0;
    s.losses_last_fire = 0;
    u.cohesion = LA_DISORDER;
    ck_assert_int_eq(melee(&s), -6);
    u.cohesion = LA_FORMED;
    u.formation = LA_HOLLOW_SQUARE;
    u.front = 3;
    ck_assert_int_eq(melee(&s), 2);
    u.formation = LA_DIVISION;
    s.opponent = &pr;
    s.charge_ranks = 3; /* at most 2 count */
    s.above_on_slope = 1;
    s.followed_up = 1;
    ck_assert_int_eq(melee(&s), 5);
    s.charge_ranks = s.above_on_slope = s.followed_up = 0;
    s.flank_or_rear = 1;
    ck_assert_int_eq(melee(&s), 2);
    s.turn = 2;
    ck_assert_int_eq(melee(&s), 1);
    s.flank_or_rear = 0;
    /* T19: the opponent in hard cover; cavalry reads its own column */
    s.opp_position = LA_OPP_HARD_COVER;
    ck_assert_int_eq(melee(&s), -3);
    la_melee_situation k = s;
    k.unit = &cav;
    ck_assert_int_eq(melee(&k), -6);
    k.opp_position = LA_OPP_OPEN;
    la_unit cu = pr;
    cu.cuirass = 1;
    cu.cohesion = LA_FORMED;
    k.opponent = &cu;
    ck_assert_int_eq(melee(&k), -1);
    /* T17: cavalry against an unbroken square from the second turn; flank attacks */
    k.opponent = &pr;
    k.square_unbroken = 1;
    k.turn = 2;
    ck_assert_int_eq(melee(&k), -2);
    cav.heavy = 1;
    ck_assert_int_eq(melee(&k), -1);
    cav.heavy = 0;
    cav.lancer = 1;
    ck_assert_int_eq(melee(&k), -1);
    k.square_unbroken = 0;
    k.flank_or_rear = 1;
    k.turn = 1;
    ck_assert_int_eq(melee(&k), 3);
    k.turn = 2;
    ck_assert_int_eq(melee(&k), 2);
    /* T18 */
    la_unit g = unit(LA_FOOT_ARTILLERY, 6, LA_LIMBERED, 2);
    la_melee_situation gs;
    memset(&gs, 0, sizeof gs);
    gs.unit = &g;
    gs.opponent = &cav;
    gs.turn = 1;
    ck_assert_int_eq(melee(&gs), -4);
    g.formation = LA_IN_BATTERY;
    ck_assert_int_eq(melee(&gs), -2);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("aigles_factors");
    TCase *tc = tcase_create("all");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_light_arms);
    tcase_add_test(tc, test_round_shot);
    tcase_add_test(tc, test_morale_factors);
    tcase_add_test(tc, test_melee_factors);
    suite_add_tcase(s, tc);
    return wgt_run(s);
}

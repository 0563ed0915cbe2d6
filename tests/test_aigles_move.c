/* Les Aigles: movements checked exactly (lib/aigles/la_move.c) against the rules of LA-MOVE, with the
   sample army list's allowances: straight and oblique advances, the line-speed rule, backward moves,
   wheels about a pivot figure, half- and quarter-turns, forced marches; each refusal states the
   distances and the rule. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aigles/la_move.h"
#include "embedded.h"
#include "testutil.h"

static wg_table *tabs[LA_NTABLES];
static wg_ctx *ctx;
static la_army *army;
static la_move_env env;

static void setup(void)
{
    ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    ck_assert_int_eq(la_tables_build(tabs, ctx), WG_OK);
    army = calloc(1, sizeof *army);
    char err[WG_ERRMSG_CAP];
    ck_assert_int_eq(la_army_load(army, err, ctx, (const char *)wg__data_aigles_army, wg__data_aigles_army_len), WG_OK);
    env.army = army;
    env.tabs = tabs;
    env.scale = LA_SCALE_25;
    env.map = NULL;
}

static void teardown(void)
{
    free(army);
    la_tables_free(tabs);
    wg_ctx_free(ctx);
}

#define PACE WG_TABLE_UNIT

static la_unit unit(int arm, int ncomp, int per, int status, int formation, int front)
{
    la_unit u;
    memset(&u, 0, sizeof u);
    u.arm = arm;
    u.ncomp = ncomp;
    for (int i = 0; i < ncomp; i++) {
        u.comp[i].figures = per;
        u.comp[i].status = status;
        u.comp[i].manoeuvre = LA_MAN_B;
    }
    u.formation = formation;
    u.front = front;
    u.ref.x = 500 * PACE;
    u.ref.y = 500 * PACE;
    u.facing.y = 1;
    return u;
}

static la_move advance_to(const la_unit *u, int dx, int dy)
{
    la_move m;
    memset(&m, 0, sizeof m);
    m.kind = LA_MV_ADVANCE;
    m.to.x = u->ref.x + dx;
    m.to.y = u->ref.y + dy;
    return m;
}

static int try_move(la_unit *after, int32_t *cost, int *halves, char *why, const la_unit *u, const la_move *m,
                    int32_t budget)
{
    why[0] = 0;
    return la_move_check(after, cost, halves, why, &env, u, m, budget);
}

START_TEST(test_speeds)
{
    int32_t v = 0;
    const char *label = NULL;
    char err[WG_ERRMSG_CAP];
    /* a regular battalion in column of march, 3 in front: the march speed, 150 paces */
    la_unit u = unit(LA_INFANTRY, 3, 6, LA_REGULAR, LA_MARCH, 3);
    ck_assert_int_eq(la_speed(&v, &label, err, &env, &u), WG_OK);
    ck_assert_int_eq(v, 150 * PACE);
    ck_assert_str_eq(label, "march speed");
    /* in line of 18: the line speed, 90 */
    u.formation = LA_LINE;
    u.front = 18;
    ck_assert_int_eq(la_speed(&v, &label, err, &env, &u), WG_OK);
    ck_assert_int_eq(v, 90 * PACE);
    ck_assert_str_eq(label, "line speed");
    /* LA-MOVE-25 (DERIVED): a regular battalion in extended column of division, 7 in front: line speed */
    u.formation = LA_EXTENDED_DIVISION;
    u.front = 7;
    ck_assert_int_eq(la_speed(&v, &label, err, &env, &u), WG_OK);
    ck_assert_str_eq(label, "line speed");
    /* ... 6 in front: its own speed */
    u.front = 6;
    ck_assert_int_eq(la_speed(&v, &label, err, &env, &u), WG_OK);
    ck_assert_str_eq(label, "extended-division speed");
    ck_assert_int_eq(v, 110 * PACE);
    /* the Guard in column of division is exempt (LA-MOVE-03) */
    la_unit g = unit(LA_INFANTRY, 3, 6, LA_GUARD, LA_DIVISION, 8);
    ck_assert_int_eq(la_speed(&v, &label, err, &env, &g), WG_OK);
    ck_assert_str_eq(label, "division-column speed");
    /* cavalry moves at line speed beyond 4 in front */
    la_unit c = unit(LA_CAVALRY, 2, 3, LA_REGULAR, LA_DIVISION, 5);
    ck_assert_int_eq(la_speed(&v, &label, err, &env, &c), WG_OK);
    ck_assert_str_eq(label, "line speed");
    ck_assert_int_eq(v, 200 * PACE);
    /* at 15 mm, the 15 mm allowance (stored, not derived) */
    env.scale = LA_SCALE_15;
    ck_assert_int_eq(la_speed(&v, &label, err, &env, &c), WG_OK);
    ck_assert_int_eq(v, 135 * PACE);
    env.scale = LA_SCALE_25;
    /* an allowance the army list does not give: WG_EDATA naming the record */
    la_unit s = unit(LA_INFANTRY, 1, 8, LA_REGULAR, LA_HOLLOW_SQUARE, 2);
    s.comp[0].manoeuvre = LA_MAN_C;
    ck_assert_int_eq(la_speed(&v, &label, err, &env, &s), WG_EDATA);
    ck_assert_ptr_nonnull(strstr(err, "move infantry hollow-square C"));
}
END_TEST

START_TEST(test_advances)
{
    la_unit u = unit(LA_INFANTRY, 3, 6, LA_REGULAR, LA_MARCH, 3), after;
    int32_t cost = 0;
    int halves = 0;
    char why[WG_ERRMSG_CAP];
    int32_t half = 75 * PACE; /* half a period of the march speed */
    la_move m = advance_to(&u, 0, 70 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &m, half), WG_OK);
    ck_assert_int_eq(cost, 70 * PACE);
    ck_assert_int_eq(after.ref.y, u.ref.y + 70 * PACE);
    ck_assert_int_eq(after.facing.y, 1);
    /* exactly the distance left, and a hundredth of a millimetre more */
    m = advance_to(&u, 0, 75 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &m, half), WG_OK);
    m = advance_to(&u, 0, 75 * PACE + 1);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &m, half), WG_EILLEGAL);
    ck_assert_str_eq(why, "an advance of 75 paces exceeds the 75 paces left (the march speed is 150 a period) "
                          "(LA-MOVE-03)");
    m = advance_to(&u, 0, 212 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &m, half), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(why, "an advance of 212 paces exceeds the 75 paces left"));
    /* oblique within 22.5 degrees: full speed for regulars (3-4-5 at 18.4 degrees off the axis) */
    m = advance_to(&u, 20 * PACE, 60 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &m, half), WG_OK);
    ck_assert_int_eq(cost, 6324); /* floor(sqrt(2000^2 + 6000^2)) */
    /* beyond 22.5 up to 45: half speed; 30 + 30 at 45 degrees is 42.4 paces, 84 at half speed */
    m = advance_to(&u, 30 * PACE, 30 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &m, half), WG_EILLEGAL);
    ck_assert_str_eq(why, "an oblique advance beyond 22.5 degrees, at half speed of 42 paces takes 84 of the 75 "
                          "paces left (the march speed is 150 a period) (LA-MOVE-17)");
    m = advance_to(&u, 25 * PACE, 25 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &m, half), WG_OK);
    ck_assert_int_eq(cost, 2 * 3535);
    /* beyond 45: refused */
    m = advance_to(&u, 31 * PACE, 30 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &m, half), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(why, "more than 45 degrees (LA-MOVE-17)"));
    /* sideways or backwards is no advance */
    m = advance_to(&u, 10 * PACE, 0);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &m, half), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(why, "does not go forward"));
    /* militia: straight ahead at full speed, obliquely at half speed, never beyond 22.5 */
    la_unit mi = unit(LA_INFANTRY, 3, 6, LA_MILITIA, LA_MARCH, 3);
    m = advance_to(&mi, 0, 70 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &mi, &m, half), WG_OK);
    ck_assert_int_eq(cost, 70 * PACE);
    m = advance_to(&mi, 10 * PACE, 30 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &mi, &m, half), WG_OK);
    ck_assert_int_eq(cost, 2 * 3162);
    m = advance_to(&mi, 20 * PACE, 60 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &mi, &m, half), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(why, "at half speed of 63 paces takes 126 of the 75"));
    m = advance_to(&mi, 25 * PACE, 25 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &mi, &m, half), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(why, "up to 22.5 degrees only (LA-MOVE-17)"));
    /* a facing that is not axis-aligned: (3, 4) */
    la_unit d = u;
    d.facing.x = 3;
    d.facing.y = 4;
    m = advance_to(&d, 30 * PACE, 40 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &d, &m, half), WG_OK);
    ck_assert_int_eq(cost, 50 * PACE);
}
END_TEST

START_TEST(test_backward_and_forced)
{
    la_unit u = unit(LA_INFANTRY, 3, 6, LA_REGULAR, LA_LINE, 18), after;
    int32_t cost = 0;
    int halves = 0;
    char why[WG_ERRMSG_CAP];
    la_move m = advance_to(&u, 0, -20 * PACE);
    m.kind = LA_MV_BACKWARD;
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &m, 45 * PACE), WG_OK);
    ck_assert_int_eq(cost, 40 * PACE); /* half speed */
    ck_assert_int_eq(after.facing.y, 1);
    m = advance_to(&u, 0, -23 * PACE);
    m.kind = LA_MV_BACKWARD;
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &m, 45 * PACE), WG_EILLEGAL);
    ck_assert_str_eq(why, "a backward move of 23 paces at half speed takes 46 of the 45 paces left (LA-MOVE-19)");
    m = advance_to(&u, 15 * PACE, -20 * PACE);
    m.kind = LA_MV_BACKWARD;
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &m, 45 * PACE), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(why, "straight back"));
    la_unit mi = unit(LA_INFANTRY, 3, 6, LA_MILITIA, LA_LINE, 18);
    m = advance_to(&mi, 0, -10 * PACE);
    m.kind = LA_MV_BACKWARD;
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &mi, &m, 45 * PACE), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(why, "(LA-MOVE-19)"));
    la_unit col = unit(LA_INFANTRY, 3, 6, LA_REGULAR, LA_MARCH, 3);
    m = advance_to(&col, 0, -10 * PACE);
    m.kind = LA_MV_BACKWARD;
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &col, &m, 75 * PACE), WG_EILLEGAL);
    /* forced march: double speed, in column of march, without formation after it */
    m = advance_to(&col, 0, 140 * PACE);
    m.kind = LA_MV_FORCED;
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &col, &m, 75 * PACE), WG_OK);
    ck_assert_int_eq(after.cohesion, LA_WITHOUT_FORMATION);
    ck_assert_int_eq(cost, 70 * PACE); /* of the half-period's normal distance */
    m = advance_to(&col, 0, 151 * PACE);
    m.kind = LA_MV_FORCED;
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &col, &m, 75 * PACE), WG_EILLEGAL);
    ck_assert_str_eq(why, "a forced march of 151 paces exceeds the 150 paces left (the march speed is 150 a period, "
                          "doubled) (LA-MOVE-20)");
    m = advance_to(&u, 0, 10 * PACE);
    m.kind = LA_MV_FORCED;
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &m, 45 * PACE), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(why, "column of march, or limbered (LA-MOVE-20)"));
    col.cohesion = LA_DISORGANISED;
    m = advance_to(&col, 0, 10 * PACE);
    m.kind = LA_MV_FORCED;
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &col, &m, 75 * PACE), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(why, "(LA-MOVE-22)"));
}
END_TEST

START_TEST(test_wheels)
{
    /* a line of 12 regulars (bases 15 mm wide) wheels about its left-hand figure */
    la_unit u = unit(LA_INFANTRY, 2, 6, LA_REGULAR, LA_LINE, 12), after;
    int32_t cost = 0;
    int halves = 0;
    char why[WG_ERRMSG_CAP];
    la_move m;
    memset(&m, 0, sizeof m);
    m.kind = LA_MV_WHEEL;
    m.pivot = 0;
    m.facing.x = -1; /* a quarter wheel to the left */
    m.facing.y = 0;
    /* the outer figure, 11 bases = 165 mm from the pivot, moves 165 x pi / 2 = 259.2 paces */
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &m, 45 * PACE), WG_EILLEGAL);
    ck_assert_str_eq(why, "a wheel of 259 paces for the outer figure exceeds the 45 paces left (LA-MOVE-14)");
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &m, 260 * PACE), WG_OK);
    ck_assert_int_eq(cost, 25918);
    /* the pivot figure stays: its front centre was 82.5 mm left of the reference point */
    wg_quad before, now;
    ck_assert_int_eq(la_unit_footprint(&before, &u, tabs, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(la_unit_footprint(&now, &after, tabs, LA_SCALE_25), WG_OK);
    int32_t px = before.p[0].x + 750, py = before.p[0].y; /* old pivot front centre */
    /* facing (-1, 0): the front edge runs from front-left (x, y - w/2) to front-right (x, y + w/2); the
       pivot's centre is 1/24 of the way from front-left */
    int32_t nx = now.p[0].x + (now.p[1].x - now.p[0].x) / 24, ny = now.p[0].y + (now.p[1].y - now.p[0].y) / 24;
    ck_assert_int_le(abs(nx - px), 2);
    ck_assert_int_le(abs(ny - py), 2);
    ck_assert_int_eq(after.facing.x, -1);
    /* a small wheel: facing (10, 100) is 5.71 degrees off; the outer figure moves 16.4 paces */
    m.facing.x = -10;
    m.facing.y = 100;
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &m, 45 * PACE), WG_OK);
    ck_assert_int_eq(cost / PACE, 16);
    /* about the middle figure (index 5): the furthest is 6 bases away */
    m.pivot = 5;
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &m, 45 * PACE), WG_OK);
    ck_assert_int_eq(cost / PACE, 8);
    /* militia wheel at half speed (LA-MOVE-11) */
    la_unit mi = unit(LA_INFANTRY, 2, 6, LA_MILITIA, LA_LINE, 12);
    m.pivot = 0;
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &mi, &m, 45 * PACE), WG_OK);
    ck_assert_int_eq(cost / PACE, 32);
    m.facing.x = -1;
    m.facing.y = 1;
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &mi, &m, 45 * PACE), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(why, "at half speed exceeds the 45 paces left (LA-MOVE-11)"));
    /* an infantry column of 6 or less in front turns freely (LA-MOVE-15) */
    la_unit col = unit(LA_INFANTRY, 3, 6, LA_MILITIA, LA_DIVISION, 6);
    m.facing.x = -1;
    m.facing.y = 0;
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &col, &m, 0), WG_OK);
    ck_assert_int_eq(cost, 0);
    ck_assert_int_eq(after.facing.x, -1);
    /* bad pivots and facings */
    m.pivot = 12;
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &m, 45 * PACE), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(why, "pivot is figure 12 of a front of 12"));
    m.pivot = 0;
    m.facing.x = 0;
    m.facing.y = 0;
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &m, 45 * PACE), WG_EILLEGAL);
}
END_TEST

START_TEST(test_turns)
{
    la_unit u = unit(LA_INFANTRY, 2, 6, LA_REGULAR, LA_LINE, 12), after;
    int32_t cost = 0;
    int halves = 0;
    char why[WG_ERRMSG_CAP];
    la_move m;
    memset(&m, 0, sizeof m);
    /* LA-MOVE-13: half-turn, half a period for regulars; the rear rank becomes the front */
    m.kind = LA_MV_HALF_TURN;
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &m, 0), WG_OK);
    ck_assert_int_eq(halves, 1);
    ck_assert_int_eq(after.facing.y, -1);
    ck_assert_int_eq(after.ref.y, u.ref.y - 25 * PACE);
    la_unit mi = unit(LA_INFANTRY, 2, 6, LA_MILITIA, LA_LINE, 12);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &mi, &m, 0), WG_OK);
    ck_assert_int_eq(halves, 2);
    la_unit heavy = unit(LA_CAVALRY, 2, 3, LA_ELITE, LA_LINE, 6);
    heavy.heavy = 1;
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &heavy, &m, 0), WG_OK);
    ck_assert_int_eq(halves, 2);
    heavy.heavy = 0;
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &heavy, &m, 0), WG_OK);
    ck_assert_int_eq(halves, 1);
    /* LA-MOVE-12: a quarter-turn on the spot: skirmishers yes, a line no */
    m.kind = LA_MV_QUARTER_TURN;
    m.left = 1;
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &m, 0), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(why, "(LA-MOVE-12)"));
    la_unit sk = unit(LA_INFANTRY, 2, 6, LA_REGULAR, LA_SKIRMISH, 12);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &sk, &m, 0), WG_OK);
    ck_assert_int_eq(halves, 1);
    ck_assert_int_eq(after.facing.x, -1);
    ck_assert_int_eq(after.facing.y, 0);
    la_unit art = unit(LA_FOOT_ARTILLERY, 3, 2, LA_REGULAR, LA_IN_BATTERY, 6);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &art, &m, 0), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(why, "(LA-SEQ-07"));
    m.kind = 99;
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &m, 0), WG_EILLEGAL);
}
END_TEST

/* Terrain on the way (LA-TERRAIN): a table with a wood, a marsh, a village, rocky ground, a field, a
   stream with a road bridge, a river, a hedge and a wall. */
static wg_map *terrain_table(void)
{
    static const char doc[] = "wgdata 1 map\n"
                              "grid table 2000 2000\n"
                              "terrain open wood marsh village rocky field hill\n"
                              "linetype road stream river hedge wall\n"
                              "area wood name=Bois 0,600 2000,600 2000,700 0,700\n"
                              "area marsh name=Marais 1600,100 1800,100 1800,300 1600,300\n"
                              "area village name=Ham 1200,100 1300,100 1300,200 1200,200\n"
                              "area rocky 800,900 1000,900 1000,1000 800,1000\n"
                              "area field 1200,900 1400,900 1400,1000 1200,1000\n"
                              "line stream name=Ru 0,450 2000,450\n"
                              "line road 300,0 300,2000\n"
                              "line river name=Fleuve 0,1500 2000,1500\n"
                              "line hedge 0,1200 800,1200\n"
                              "line wall 1000,1200 2000,1200\n";
    wg_map *m = NULL;
    ck_assert_int_eq(wg_map_load(&m, ctx, doc, strlen(doc)), WG_OK);
    return m;
}

static la_unit at(la_unit u, int x, int y)
{
    u.ref.x = x * PACE;
    u.ref.y = y * PACE;
    return u;
}

START_TEST(test_terrain)
{
    wg_map *m = terrain_table();
    env.map = m;
    la_unit after;
    int32_t cost = 0;
    int halves = 0;
    char why[WG_ERRMSG_CAP];
    int32_t big = 1000 * PACE;
    la_unit inf = unit(LA_INFANTRY, 3, 6, LA_REGULAR, LA_MARCH, 3);
    /* open ground: the distance */
    la_unit u = at(inf, 500, 100);
    la_move mv = advance_to(&u, 0, 50 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &mv, big), WG_OK);
    ck_assert_int_eq(cost, 50 * PACE);
    /* a stream: half speed, disorganised (LA-TERRAIN-13) */
    u = at(inf, 500, 420);
    mv = advance_to(&u, 0, 60 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &mv, big), WG_OK);
    ck_assert_int_eq(cost, 120 * PACE);
    ck_assert_int_eq(after.cohesion, LA_DISORGANISED);
    mv = advance_to(&u, 0, 60 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &mv, 100 * PACE), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(why, "costs 120 with the terrain, more than the 100 paces left"));
    /* ... on the road's bridge: no penalty, and a column of three along the road goes half as far
       again: 60 paces cost 40 (LA-TERRAIN-17) */
    u = at(inf, 300, 420);
    mv = advance_to(&u, 0, 60 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &mv, big), WG_OK);
    ck_assert_int_eq(cost, 40 * PACE);
    ck_assert_int_eq(after.cohesion, LA_FORMED);
    /* foot artillery crosses a stream only on a bridge */
    la_unit art = unit(LA_FOOT_ARTILLERY, 3, 2, LA_REGULAR, LA_LIMBERED, 2);
    u = at(art, 500, 420);
    mv = advance_to(&u, 0, 60 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &mv, big), WG_EILLEGAL);
    ck_assert_str_eq(why, "the move crosses the stream 'Ru' (foot artillery crosses only on a bridge, LA-TERRAIN-13)");
    u = at(art, 300, 420);
    mv = advance_to(&u, 0, 60 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &mv, big), WG_OK);
    /* a wood: infantry at half speed for the part inside, without formation (LA-TERRAIN-05, -06) */
    u = at(inf, 500, 580);
    mv = advance_to(&u, 0, 60 * PACE); /* 20 outside, 40 inside */
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &mv, big), WG_OK);
    ck_assert_int_le(abs(cost - 100 * PACE), 1);
    ck_assert_int_eq(after.cohesion, LA_WITHOUT_FORMATION);
    /* close-order cavalry at a quarter, foragers at half and keeping their order; artillery never */
    la_unit cav = unit(LA_CAVALRY, 2, 4, LA_REGULAR, LA_MARCH, 1);
    u = at(cav, 500, 610);
    mv = advance_to(&u, 0, 40 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &mv, big), WG_OK);
    ck_assert_int_le(abs(cost - 160 * PACE), 1);
    la_unit forag = unit(LA_CAVALRY, 2, 4, LA_REGULAR, LA_FORAGING, 8);
    u = at(forag, 500, 610);
    mv = advance_to(&u, 0, 40 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &mv, big), WG_OK);
    ck_assert_int_le(abs(cost - 80 * PACE), 1);
    ck_assert_int_eq(after.cohesion, LA_FORMED);
    u = at(art, 500, 580);
    mv = advance_to(&u, 0, 40 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &mv, big), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(why, "the wood 'Bois'"));
    /* a marsh is impassable (LA-TERRAIN-18); a village only for infantry, at half speed */
    u = at(inf, 1700, 50);
    mv = advance_to(&u, 0, 100 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &mv, big), WG_EILLEGAL);
    ck_assert_str_eq(why, "the move crosses the marsh 'Marais' (LA-TERRAIN-18)");
    u = at(inf, 1250, 50);
    mv = advance_to(&u, 0, 100 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &mv, big), WG_OK);
    ck_assert_int_le(abs(cost - 150 * PACE), 1); /* 50 outside, 50 inside at half speed */
    u = at(cav, 1250, 50);
    mv = advance_to(&u, 0, 100 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &mv, big), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(why, "LA-TERRAIN-25"));
    /* rocky ground and a field */
    u = at(inf, 900, 880);
    mv = advance_to(&u, 0, 40 * PACE); /* 20 inside */
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &mv, big), WG_OK);
    ck_assert_int_le(abs(cost - 60 * PACE), 1);
    ck_assert_int_eq(after.cohesion, LA_DISORGANISED);
    u = at(inf, 1300, 880);
    mv = advance_to(&u, 0, 40 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &mv, big), WG_OK);
    ck_assert_int_eq(cost, 40 * PACE);
    ck_assert_int_eq(after.cohesion, LA_DISORGANISED);
    /* a hedge: -20 paces, infantry disorganised, cavalry without formation (LA-TERRAIN-19) */
    u = at(inf, 500, 1180);
    mv = advance_to(&u, 0, 40 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &mv, big), WG_OK);
    ck_assert_int_eq(cost, 60 * PACE);
    ck_assert_int_eq(after.cohesion, LA_DISORGANISED);
    u = at(cav, 500, 1180);
    mv = advance_to(&u, 0, 40 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &mv, big), WG_OK);
    ck_assert_int_eq(after.cohesion, LA_WITHOUT_FORMATION);
    /* a wall: half the movement (march speed 150: 75), infantry without formation, cavalry in disorder */
    u = at(inf, 1500, 1180);
    mv = advance_to(&u, 0, 40 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &mv, big), WG_OK);
    ck_assert_int_eq(cost, 40 * PACE + 75 * PACE);
    ck_assert_int_eq(after.cohesion, LA_WITHOUT_FORMATION);
    u = at(cav, 1500, 1180);
    mv = advance_to(&u, 0, 40 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &mv, big), WG_OK);
    ck_assert_int_eq(after.cohesion, LA_DISORDER);
    /* a river: only at a bridge (LA-TERRAIN-16) */
    u = at(inf, 500, 1480);
    mv = advance_to(&u, 0, 40 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &mv, big), WG_EILLEGAL);
    ck_assert_str_eq(why, "the move crosses the river 'Fleuve' (only at a bridge or a ford, LA-TERRAIN-16)");
    u = at(inf, 300, 1480);
    mv = advance_to(&u, 0, 40 * PACE);
    ck_assert_int_eq(try_move(&after, &cost, &halves, why, &u, &mv, big), WG_OK);
    env.map = NULL;
    wg_map_free(m);
}
END_TEST

START_TEST(test_charge_and_dodge)
{
    int32_t v = 0;
    char err[WG_ERRMSG_CAP];
    /* a regular cavalry line of 8, manoeuvre B: line speed 200 + the cavalry charge bonus 120 */
    la_unit c = unit(LA_CAVALRY, 2, 4, LA_REGULAR, LA_LINE, 8);
    ck_assert_int_eq(la_charge_reach(&v, err, &env, &c), WG_OK);
    ck_assert_int_eq(v, 320 * PACE);
    /* in foraging order: no movement bonus (LA-CHARGE-13) */
    c.formation = LA_FORAGING;
    ck_assert_int_eq(la_charge_reach(&v, err, &env, &c), WG_OK);
    ck_assert_int_eq(v, 280 * PACE);
    /* a dodge per half-period: (march 280 + 120) / 2 = 200 (G-50) */
    ck_assert_int_eq(la_dodge_speed(&v, err, &env, &c), WG_OK);
    ck_assert_int_eq(v, 200 * PACE);
    /* infantry at 15 mm: march B 100 + bonus 25, halved: 62.5 -> 6250 */
    env.scale = LA_SCALE_15;
    la_unit i = unit(LA_INFANTRY, 3, 6, LA_REGULAR, LA_LINE, 18);
    ck_assert_int_eq(la_dodge_speed(&v, err, &env, &i), WG_OK);
    ck_assert_int_eq(v, 6250);
    env.scale = LA_SCALE_25;
    /* engineers: the sample list gives them no charge bonus */
    la_unit e = unit(LA_ENGINEERS, 2, 4, LA_VETERAN, LA_LINE, 8);
    ck_assert_int_eq(la_charge_reach(&v, err, &env, &e), WG_EDATA);
    ck_assert_ptr_nonnull(strstr(err, "charge-bonus engineers"));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("aigles_move");
    TCase *tc = tcase_create("all");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_speeds);
    tcase_add_test(tc, test_advances);
    tcase_add_test(tc, test_backward_and_forced);
    tcase_add_test(tc, test_wheels);
    tcase_add_test(tc, test_turns);
    tcase_add_test(tc, test_terrain);
    tcase_add_test(tc, test_charge_and_dodge);
    suite_add_tcase(s, tc);
    return wgt_run(s);
}

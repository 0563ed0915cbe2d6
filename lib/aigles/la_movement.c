/* Les Aigles: phase 3, the movements (checklist LA-MOVE, LA-CHARGE, LA-COUNTER, LA-DODGE, LA-MARKERS):
   the menu a unit's marker allows for a half-period, the committed moves resolved together in the
   printed priority order (fall-backs, then charges and dodges, then the rest), contacts, changes of
   formation under way. */
#include "aigles.h"
#include "la_terrain.h"

#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- moves (phase 3) */

int lg_mv_budget(const wg_game *g, const la_unit *u)
{
    return lg_half_move(g, u);
}

/* Whether the unit stands wholly on the table. */
int lg_on_table(const wg_game *g, const la_unit *u)
{
    const lg_rdata *rd = LG_RD(g);
    wg_quad q;
    if (lg_unit_footprint(&q, g, u) != WG_OK)
        return 0;
    for (int k = 0; k < 4; k++)
        if (q.p[k].x < 0 || q.p[k].y < 0 || q.p[k].x > rd->width || q.p[k].y > rd->depth)
            return 0;
    return 1;
}

/* The move of kind k for unit u as a la_move, checked against the half-period; the unit after it. */
/* The gunners' evade speed for a half-period: that of infantry of their status, column speed and
   charge bonus (LA-MELEERES-17, G-50). */
static int gunners_speed(const wg_game *g, const la_unit *u, int32_t *sp, char *why)
{
    la_unit v = *u;
    v.arm = LA_INFANTRY;
    la_move_env e = lg_env(g);
    return la_dodge_speed(sp, why, &e, &v);
}

int lg_build_move(const wg_game *g, int i, const la_unit *u, int k, int form, const int32_t *p, la_unit *after,
                      char *why)
{
    la_move_env e = lg_env(g);
    int32_t budget = lg_mv_budget(g, u);
    int escort = lg_engineers_escort(g, i);
    if (escort >= 0) { /* engineers move at the speed of the infantry they touch (LA-UNIT-10) */
        la_unit v;
        lg_unit_of(&v, g, escort);
        budget = lg_mv_budget(g, &v);
    }
    la_move m;
    memset(&m, 0, sizeof m);
    (void)form;
    int32_t cost = 0;
    int halves = 0;
    switch (k) {
    case LG_MV_FULL:
    case LG_MV_FULL_COMPANY:
    case LG_MV_FULL_SQUADRON:
    case LG_MV_HALF: {
        wg_pt d = lg_along(u->facing.x, u->facing.y, k == LG_MV_HALF ? budget / 2 : budget);
        m.kind = LA_MV_ADVANCE;
        m.to.x = u->ref.x + d.x;
        m.to.y = u->ref.y + d.y;
        break;
    }
    case LG_MV_OBL_LEFT:
    case LG_MV_OBL_RIGHT: {
        wg_pt f = lg_rotate(u->facing.x, u->facing.y, k == LG_MV_OBL_LEFT);
        int good = la_unit_status(u) <= LA_REGULAR;
        wg_pt d = lg_along(f.x, f.y, good ? budget : budget / 2); /* LA-MOVE-17 */
        m.kind = LA_MV_ADVANCE;
        m.to.x = u->ref.x + d.x;
        m.to.y = u->ref.y + d.y;
        break;
    }
    case LG_MV_WHEEL_LEFT:
    case LG_MV_WHEEL_RIGHT:
        m.kind = LA_MV_WHEEL;
        m.facing = lg_rotate(u->facing.x, u->facing.y, k == LG_MV_WHEEL_LEFT);
        m.pivot = k == LG_MV_WHEEL_LEFT ? 0 : u->front - 1;
        break;
    case LG_MV_BACK: {
        wg_pt d = lg_along(-u->facing.x, -u->facing.y, budget / 2);
        m.kind = LA_MV_BACKWARD;
        m.to.x = u->ref.x + d.x;
        m.to.y = u->ref.y + d.y;
        break;
    }
    case LG_MV_TO:
        m.kind = LA_MV_ADVANCE;
        m.to.x = p[0];
        m.to.y = p[1];
        break;
    case LG_MV_TURN:
        m.kind = LA_MV_WHEEL;
        m.pivot = p[0];
        m.facing.x = p[1];
        m.facing.y = p[2];
        break;
    case LG_MV_FORCED: { /* double speed, straight ahead (LA-MOVE-20); la_move_check doubles the budget */
        wg_pt d = lg_along(u->facing.x, u->facing.y, 2 * budget);
        m.kind = LA_MV_FORCED;
        m.to.x = u->ref.x + d.x;
        m.to.y = u->ref.y + d.y;
        break;
    }
    case LG_MV_ABANDON: *after = *u; return WG_OK; /* carried out by abandon() */
    case LG_MV_RETURN: {
        /* back to the guns where they were left, intact, within the gunners' evade speed
           (LA-MELEERES-19, LA-MELEERES-17) */
        const lg_unit *x = &LG_ST(g)->u[i];
        if (!lg_is_art(u->arm) || x->guns != LG_G_ABANDONED)
            return wg__seterr(why, WG_EILLEGAL, "no abandoned guns to return to (LA-MELEERES-19)");
        for (int j = 0; j < LG_ST(g)->nunit; j++) {
            int32_t d = 0;
            if (lg_active(LG_ST(g), j) && lg_side(g, j) != lg_side(g, i) && lg_guns_gap(g, i, j, &d) == WG_OK &&
                d <= WG_TABLE_UNIT)
                return wg__seterr(why, WG_EILLEGAL, "%s stands on the guns (LA-MELEERES-19)", lg_name(g, j));
        }
        int32_t sp = 0;
        int rs = gunners_speed(g, u, &sp, why);
        if (rs != WG_OK)
            return rs;
        int32_t gap = 0; /* from the gunners to their guns, base to base */
        la_unit gu;
        lg_guns_of(&gu, g, i);
        if (la_unit_gap(&gap, &gu, u, g->tables, lg_scale_of(g)) != WG_OK || gap > sp)
            return wg__seterr(why, WG_EILLEGAL, "the guns are %ld paces away, the gunners go %ld (LA-MELEERES-19)",
                              (long)(gap / WG_TABLE_UNIT), (long)(sp / WG_TABLE_UNIT));
        *after = *u;
        after->ref.x = x->gx;
        after->ref.y = x->gy;
        after->facing.x = x->gfx;
        after->facing.y = x->gfy;
        after->formation = x->gform;
        int n = la_unit_figures(u);
        after->front = x->gfront < n ? x->gfront : (n > 0 ? n : 1);
        return WG_OK;
    }
    case LG_MV_RALLY_FACE:
    case LG_MV_RALLY_BACK: {
        /* toward its own table edge at column speed, no charge bonus (LA-MOVE-06, -08) */
        int32_t per = 0;
        int rc = la_army_move(&per, why, &LG_RD(g)->army, u->arm, LA_MARCH, la_unit_manoeuvre(u), lg_scale_of(g));
        if (rc != WG_OK)
            return rc;
        int dir = LG_RD(g)->edge[lg_side(g, i)] ? 1 : -1;
        *after = *u;
        wg_pt fe = {0, dir * 1000};
        lg_face_to(g, after, fe);
        after->ref.y += dir * (per / 2);
        if (k == LG_MV_RALLY_FACE) { /* the half-turn back is free (LA-MOVE-06) */
            wg_pt back = {0, -dir * 1000};
            lg_face_to(g, after, back);
        }
        if (after->cohesion < LA_WITHOUT_FORMATION)
            after->cohesion = LA_WITHOUT_FORMATION; /* LA-MOVE-08 */
        return WG_OK;
    }
    case LG_MV_BRICOLE:
    case LG_MV_PROLONGE: {
        /* T9, T10: the battery's row by calibre and arm, the scale's column */
        const la_type *ty = lg_type_of(g, i, 0);
        int row = u->arm == LA_HORSE_ARTILLERY ? 2
                  : ty->calibre >= 0 && strstr(LG_RD(g)->army.calibre[ty->calibre].name, "12") ? 0
                                                                                             : 1;
        int tab = k == LG_MV_BRICOLE ? LA_T9 : LA_T10, v = 0;
        int rc = la_cell_int(&v, g->tables[tab], row, lg_scale_of(g) == LA_SCALE_15);
        if (rc != WG_OK)
            return wg__seterr(why, rc, "%s", wg_table_errmsg(g->tables[tab]));
        int dir = k == LG_MV_BRICOLE ? 1 : -1;
        wg_pt d = lg_along(dir * u->facing.x, dir * u->facing.y, v * WG_TABLE_UNIT + 1);
        *after = *u;
        after->ref.x += d.x;
        after->ref.y += d.y;
        la_path path = {0, u->cohesion, 0};
        if (g->map && la_path_cost(&path, why, g->map, u, u->ref, after->ref, v * WG_TABLE_UNIT, 0, lg_scale_of(g),
                                    &e.terrain) != WG_OK)
            return WG_EILLEGAL;
        if (path.cost > v * WG_TABLE_UNIT)
            return wg__seterr(why, WG_EILLEGAL, "the ground costs more than the %d paces of the %s (%s)", v,
                              k == LG_MV_BRICOLE ? "bricole" : "prolonge",
                              k == LG_MV_BRICOLE ? "LA-ARTMOVE-04" : "LA-ARTMOVE-05");
        return WG_OK;
    }
    case LG_MV_QUARTER_LEFT:
    case LG_MV_QUARTER_RIGHT:
    case LG_MV_HALF_TURN:
        /* a turn on the spot: the rules of la_move, its time counted in half-periods (lg_turn_halves) */
        m.kind = k == LG_MV_HALF_TURN ? LA_MV_HALF_TURN : LA_MV_QUARTER_TURN;
        m.left = k == LG_MV_QUARTER_LEFT;
        return la_move_check(after, &cost, &halves, why, &e, u, &m, budget);
    default: *after = *u; return WG_OK;
    }
    int rc = la_move_check(after, &cost, &halves, why, &e, u, &m, budget);
    if (rc != WG_OK)
        return rc;
    if (halves > 0)
        return wg__seterr(why, WG_EILLEGAL, "the turn takes %d more half-period(s) than the move allows", halves);
    if (k == LG_MV_FORCED && g->map) {
        /* no forced march on rocky ground or through fields (LA-MOVE-22) */
        const wg_map *mp = g->map;
        for (int sp = 0; sp < mp->nspace; sp++) {
            int terr = -1;
            const char *tn = NULL;
            if (wg_map_terrain(&terr, mp, sp) != WG_OK || wg_map_terrain_name(&tn, mp, terr) != WG_OK || !tn ||
                (strcmp(tn, "rocky") != 0 && strcmp(tn, "field") != 0))
                continue;
            if (wg__seg_poly_meets(u->ref, after->ref, mp->areas[sp].pts, mp->areas[sp].n))
                return wg__seterr(why, WG_EILLEGAL, "a forced march is forbidden %s (LA-MOVE-22)",
                                  strcmp(tn, "rocky") == 0 ? "on rocky ground" : "in fields");
        }
    }
    return WG_OK;
}

/* The front a unit takes in a formation (the first the rules accept), or 0. */
static int front_for(const la_unit *u, int f)
{
    int n = la_unit_figures(u);
    int cand[6] = {0};
    switch (f) {
    case LA_LINE: case LA_SKIRMISH: case LA_FORAGING: case LA_IN_BATTERY: case LA_IRREGULAR_MASS:
        cand[0] = n; cand[1] = (n + 1) / 2; break;
    case LA_DOUBLE_LINE: cand[0] = (n + 1) / 2; break;
    case LA_MARCH: cand[0] = 2; cand[1] = 1; cand[2] = 3; break;
    case LA_ATTACK: cand[0] = 4; cand[1] = 3; cand[2] = 2; break;
    case LA_DIVISION: cand[0] = 4; cand[1] = 6; cand[2] = 3; break;
    case LA_EXTENDED_DIVISION: cand[0] = 8; cand[1] = 7; cand[2] = 9; break;
    case LA_MASS: cand[0] = 4; cand[1] = 3; cand[2] = 6; break;
    case LA_HOLLOW_SQUARE: case LA_SOLID_SQUARE: case LA_MASSED_SQUARE: cand[0] = (n + 3) / 4; cand[1] = (n + 1) / 2; break;
    case LA_ECHELON: cand[0] = (n + 1) / 2; cand[1] = n; break;
    case LA_LIMBERED: cand[0] = LA_SECTION_FRONT; cand[1] = 1; break; /* on a section's front (LA-UNIT-17) */
    default: break;
    }
    for (int k = 0; k < 6 && cand[k]; k++)
        if (cand[k] >= 1 && cand[k] <= n && la_formation_check(NULL, 0, u, f, cand[k]) == WG_OK)
            return cand[k];
    return 0;
}

/* The front a column too wide for the road it stands on takes by halving it, or 0 (LA-FORMTIME-21,
   LA-TERRAIN-17). */
static int narrow_front(const wg_game *g, int i, const la_unit *u)
{
    if (!g->map || la_road_narrow(u) || !la_on_road(g->map, u->ref, u->ref, lg_scale_of(g)))
        return 0;
    la_unit v = *u;
    v.front = (u->front + 1) / 2;
    if (v.front < 1 || la_formation_check(NULL, 0, u, u->formation, v.front) != WG_OK || !la_road_narrow(&v) ||
        !lg_on_table(g, &v) || lg_overlaps(g, &v, i, NULL) == 2)
        return 0;
    return v.front;
}

/* The front a cavalry column of march takes when it passes into column by company (to_company) or
   back into column by squadron, or 0 when it cannot (LA-FORM-22, -23).  By squadron its front is a
   squadron of two companies; by company each squadron's companies stand one behind the other, the
   larger in front when the squadron's figures are odd: the front is half the squadron's, rounded up.
   `at` is where it stands for the change (its place after a move). */
static int column_front(const wg_game *g, int i, const la_unit *at, int to_company)
{
    const lg_unit *x = &LG_ST(g)->u[i];
    if (!lg_is_cav(at->arm) || at->irregular || at->formation != LA_MARCH || at->cohesion != LA_FORMED)
        return 0;
    if (to_company ? x->by_company > 0 || at->front < 2 : x->by_company <= 0)
        return 0;
    la_unit v = *at;
    v.front = to_company ? (at->front + 1) / 2 : x->by_company;
    if (v.front < 1 || la_formation_check(NULL, 0, at, LA_MARCH, v.front) != WG_OK || !lg_on_table(g, &v) ||
        lg_overlaps(g, &v, i, NULL) == 2)
        return 0;
    return v.front;
}

int lg_formed_as(const la_unit *u, int f, la_unit *v)
{
    *v = *u;
    int massed = u->formation == LA_MASS || u->formation == LA_SOLID_SQUARE || u->formation == LA_MASSED_SQUARE;
    if (f == LA_MASSED_SQUARE && u->formation == LA_MASSED_SQUARE)
        return v->front; /* re-forming where it stands */
    if (f == LA_MASSED_SQUARE && !massed && lg_is_foot(u->arm)) {
        /* a massed square, like the column of mass, keeps half its ranks, rounded up, on its front (a
           unit on two ranks keeps two); the other figures leave the table until it unmasses
           (LA-FORM-20, G-22) */
        v->formation = f;
        int n = la_unit_figures(u), keep = la_massed_ranks(la_unit_ranks(v)) * u->front;
        v->removed = u->removed + (n > keep ? n - keep : 0);
        return la_formation_check(NULL, 0, v, f, v->front) == WG_OK ? v->front : 0;
    }
    if (f == LA_MASS && (u->formation == LA_ATTACK || u->formation == LA_DIVISION)) {
        /* massing keeps half the ranks, rounded up, on the same front (a unit on two keeps two); the
           other figures leave the table until it unmasses (LA-FORM-04, LA-FORM-17, G-22) */
        int n = la_unit_figures(u), keep = la_massed_ranks(la_unit_ranks(u)) * u->front;
        v->formation = f;
        v->removed = u->removed + (n > keep ? n - keep : 0);
        return v->front;
    }
    if (f == LA_MASS && u->formation == LA_SOLID_SQUARE) {
        v->formation = f;
        return v->front;
    }
    if (f == LA_SOLID_SQUARE && u->formation == LA_MASS) {
        v->formation = f; /* the column of mass closes into a solid square on its front (LA-FORM-05) */
        return la_formation_check(NULL, 0, u, f, u->front) == WG_OK ? v->front : 0;
    }
    if (massed && f != LA_MASS && f != LA_SOLID_SQUARE)
        v->removed = 0; /* unmassing: the figures come back */
    int front = front_for(v, f);
    v->formation = f;
    v->front = front;
    return front;
}

/* The formations the unit may change into (the re-forming of its own formation when it is not formed). */
int lg_formation_choices(const wg_game *g, int i, const la_unit *u, int *out)
{
    int n = 0;
    for (int f = 0; f < LA_NFORMATIONS; f++) {
        if (f == u->formation ? u->cohesion == LA_FORMED : 0)
            continue;
        if (f == LA_IRREGULAR_MASS)
            continue;
        /* only a column of attack or of division passes into massed order: a massed square too
           (LA-FORM-20, LA-FORM-17) */
        if (f == LA_MASSED_SQUARE && f != u->formation && u->formation != LA_ATTACK && u->formation != LA_DIVISION)
            continue;
        /* only a column masses: of attack or of division, not extended (LA-FORM-04, LA-FORM-17); a
           solid square reverts to it (LA-FORM-05) */
        if (f == LA_MASS && f != u->formation && u->formation != LA_ATTACK && u->formation != LA_DIVISION &&
            u->formation != LA_SOLID_SQUARE)
            continue;
        la_unit v;
        int front = lg_formed_as(u, f, &v);
        if (front <= 0)
            continue;
        /* a formation the army list gives no movement for is not in the troops' repertoire (G-04, G-05) */
        /* (a solid or massed square does not move, LA-FORM-20) */
        if (f != LA_IN_BATTERY && f != LA_MASSED_SQUARE && !(f == LA_SOLID_SQUARE && u->formation == LA_MASS) &&
            lg_half_move(g, &v) <= 0)
            continue;
        /* the new formation needs room where the unit stands */
        if (!lg_on_table(g, &v) || lg_overlaps_known(g, &v, i, NULL) == 2)
            continue;
        /* the times the tables print, or could print (a table's gap is the host's to fill) */
        int half = 0;
        int rc = la_change_time(&half, g->tables, u, f, 0);
        if (rc != WG_OK && !(rc == WG_ETABLEGAP && (lg_is_art(u->arm) || (u->formation < LA_T4_FORMATIONS && f < LA_T4_FORMATIONS))))
            continue;
        out[n++] = f;
    }
    return n;
}

/* The unit turned on the spot (turn LG_TURN_*): a quarter-turn faces a flank, its front edge on that
   flank; a half-turn faces the rear, its front edge on the rear edge. */
static int turned(const wg_game *g, const la_unit *u, int turn, la_unit *out)
{
    wg_quad q;
    *out = *u;
    if (turn == LG_TURN_NONE)
        return WG_OK;
    if (lg_unit_footprint(&q, g, u) != WG_OK)
        return WG_ERANGE;
    int a = turn == LG_TURN_LEFT ? 3 : turn == LG_TURN_RIGHT ? 1 : 2, b = turn == LG_TURN_LEFT ? 0 : turn == LG_TURN_RIGHT ? 2 : 3;
    out->ref.x = (int32_t)(((int64_t)q.p[a].x + q.p[b].x) / 2);
    out->ref.y = (int32_t)(((int64_t)q.p[a].y + q.p[b].y) / 2);
    if (turn == LG_TURN_LEFT) {
        out->facing.x = -u->facing.y;
        out->facing.y = u->facing.x;
    } else if (turn == LG_TURN_RIGHT) {
        out->facing.x = u->facing.y;
        out->facing.y = -u->facing.x;
    } else {
        out->facing.x = -u->facing.x;
        out->facing.y = -u->facing.y;
    }
    return WG_OK;
}

/* The half-periods a turn on the spot (move kind k) takes, or 0 when the rules refuse it (why). */
static int turn_halves(const wg_game *g, const la_unit *u, int k, char *why)
{
    la_move_env e = lg_env(g);
    la_move m;
    memset(&m, 0, sizeof m);
    m.kind = k == LG_MV_HALF_TURN ? LA_MV_HALF_TURN : LA_MV_QUARTER_TURN;
    m.left = k == LG_MV_QUARTER_LEFT;
    la_unit after;
    int32_t cost = 0;
    int halves = 0;
    if (la_move_check(&after, &cost, &halves, why, &e, u, &m, lg_mv_budget(g, u)) != WG_OK)
        return 0;
    return halves;
}

/* Whether unit i (as u) may change to formation f by a quarter-turn (turn LG_TURN_LEFT or _RIGHT): any
   column of march to line and back (LA-FORMTIME-11), with room for it where it turns. */
static int quarter_change_ok(const wg_game *g, int i, const la_unit *u, int f, int turn)
{
    if (!((u->formation == LA_MARCH && f == LA_LINE) || (u->formation == LA_LINE && f == LA_MARCH)) ||
        (!lg_is_foot(u->arm) && !lg_is_cav(u->arm)) || u->irregular || u->cohesion != LA_FORMED)
        return 0;
    la_unit v;
    if (turned(g, u, turn, &v) != WG_OK)
        return 0;
    v.formation = f;
    v.front = 0;
    int n = la_unit_figures(u);
    int front = f == LA_LINE ? n : 0;
    if (f == LA_MARCH) {
        la_unit w = *u;
        w.formation = f;
        static const int cand[3] = {2, 1, 3};
        for (int c = 0; c < 3 && !front; c++)
            if (cand[c] <= n && la_formation_check(NULL, 0, &w, f, cand[c]) == WG_OK)
                front = cand[c];
    }
    if (front <= 0 || la_formation_check(NULL, 0, u, f, front) != WG_OK)
        return 0;
    v.front = front;
    if (lg_half_move(g, &v) <= 0 || !lg_on_table(g, &v) || lg_overlaps(g, &v, i, NULL) == 2)
        return 0;
    int half = 0;
    return la_change_time(&half, g->tables, u, f, 1) == WG_OK;
}

/* The front irregulars in an irregular mass take when they widen (wide) or narrow their front: twice
   or half the front, within twice and half the front they began the battle with (LA-UNIT-26); 0 when
   they cannot. */
static int irregular_front(const wg_game *g, int i, const la_unit *u, int wide)
{
    if (!u->irregular || u->formation != LA_IRREGULAR_MASS || u->cohesion != LA_FORMED)
        return 0;
    int f0 = LG_RD(g)->battle.unit[i].u.front, n = la_unit_figures(u);
    int front = wide ? u->front * 2 : u->front / 2;
    if (wide && front > 2 * f0)
        front = 2 * f0;
    if (!wide && front < (f0 + 1) / 2)
        front = (f0 + 1) / 2;
    if (front > n)
        front = n;
    if (front < 1 || front == u->front || la_formation_check(NULL, 0, u, LA_IRREGULAR_MASS, front) != WG_OK)
        return 0;
    la_unit v = *u;
    v.front = front;
    if (!lg_on_table(g, &v) || lg_overlaps(g, &v, i, NULL) == 2)
        return 0;
    return front;
}

static int push_kind(int *kinds, int *forms, int n, int cap, int k, int f)
{
    if (n < cap) {
        kinds[n] = k;
        forms[n] = f;
    }
    return n + 1;
}

/* The friendly units the move of unit i from `from` to `to` passes through: their footprints met by
   the moving footprint on its way (at sixteen points of it), not where it starts; with `elite`, only
   the elite and guard units among them.  Their indices in out, in the order of the units, up to
   cap; the count. */
static int passed_friends(const wg_game *g, int i, const la_unit *from, const la_unit *to, int *out, int cap,
                          int elite)
{
    const lg_state *s = LG_ST(g);
    int n = 0;
    wg_quad q0;
    if (lg_unit_footprint(&q0, g, from) != WG_OK)
        return 0;
    /* the sixteen footprints on the way, once for every friend */
    wg_quad way[17];
    int way_ok[17], way_done = 0;
    for (int j = 0; j < s->nunit && n < cap; j++) {
        if (j == i || !lg_active(s, j) || lg_side(g, j) != lg_side(g, i) || (elite && lg_status(g, j) > LA_ELITE))
            continue;
        wg_quad r;
        if (lg_footprint_of(&r, g, j) != WG_OK || wg__poly_poly(q0.p, 4, r.p, 4) == 2)
            continue;
        if (!way_done) {
            /* the footprint about (0, 0) put at sixteen points of the way (wg__base_at): its corners
               are offsets that depend only on the facing and the size */
            la_unit c = *to;
            c.ref.x = c.ref.y = 0;
            wg_quad origin;
            int origin_ok = lg_unit_footprint(&origin, g, &c) == WG_OK;
            for (int k = 1; k <= 16; k++) {
                wg_pt at = {(int32_t)(from->ref.x + (int64_t)(to->ref.x - from->ref.x) * k / 16),
                            (int32_t)(from->ref.y + (int64_t)(to->ref.y - from->ref.y) * k / 16)};
                way_ok[k] = origin_ok && wg__base_at(&way[k], &origin, at) == 0;
            }
            way_done = 1;
        }
        for (int k = 1; k <= 16; k++) {
            const wg_quad *q = &way[k];
            if (way_ok[k] && wg__poly_poly(q->p, 4, r.p, 4) == 2) {
                out[n++] = j;
                break;
            }
        }
    }
    return n;
}

/* Elite and guard units refuse interpenetration, passing or passed (LA-DISORG-06). */
int lg_interpenetration_ok(const wg_game *g, int i, const la_unit *from, const la_unit *to, char *why)
{
    /* an elite mover refuses the first unit it passes, another the first elite one it passes */
    int p[1], mover = la_unit_status(from) <= LA_ELITE;
    if (passed_friends(g, i, from, to, p, 1, !mover) > 0)
        return wg__seterr(why, WG_EILLEGAL, "the move passes through %s: elite and guard units refuse "
                                            "interpenetration (LA-DISORG-06)", lg_name(g, p[0]));
    return WG_OK;
}

/* Whether a menu move is legal now: the rules of the move, the table's edge and no overlap with a unit
   where it ends (touching is allowed: that is a contact). */
int lg_menu_ok(const wg_game *g, int i, const la_unit *u, int k, char *why)
{
    la_unit after;
    int32_t none[3] = {0, 0, 0};
    /* a solid or massed square does not move: it only turns on the spot (LA-FORM-20, LA-MOVE-12) */
    if ((u->formation == LA_SOLID_SQUARE || u->formation == LA_MASSED_SQUARE) && k != LG_MV_QUARTER_LEFT &&
        k != LG_MV_QUARTER_RIGHT && k != LG_MV_HALF_TURN)
        return wg__seterr(why, WG_EILLEGAL, "a solid or massed square does not move (LA-FORM-20)");
    int rc = lg_build_move(g, i, u, k, -1, none, &after, why);
    if (rc != WG_OK)
        return rc;
    if (!lg_on_table(g, &after))
        return wg__seterr(why, WG_EILLEGAL, "the move leaves the table");
    if (k != LG_MV_WHEEL_LEFT && k != LG_MV_WHEEL_RIGHT && (rc = lg_interpenetration_ok(g, i, u, &after, why)) != WG_OK)
        return rc;
    /* ending on a friend is refused; toward an enemy the move stops at the contact (LA-MELEE-06) */
    const lg_state *s = LG_ST(g);
    wg_quad q, r;
    if (lg_unit_footprint(&q, g, &after) != WG_OK)
        return wg__seterr(why, WG_EILLEGAL, "the unit does not fit its formation");
    for (int j = 0; j < s->nunit; j++) {
        if (j == i || !lg_active(s, j) || lg_side(g, j) != lg_side(g, i))
            continue;
        la_unit o;
        lg_unit_of(&o, g, j);
        if (lg_unit_footprint(&r, g, &o) == WG_OK && wg__poly_poly(q.p, 4, r.p, 4) == 2)
            return wg__seterr(why, WG_EILLEGAL, "the move ends on %s", lg_name(g, j));
    }
    return WG_OK;
}

static int menu_of(const wg_game *g, int i, int *kinds, int *forms, int cap);

/* Cavalry may always rally, in or out of a melee (LA-MOVE-08, LA-MELEERES-15): in the first
   half-period, when it obeys and has room to move at least a base. */
static int may_rally(const wg_game *g, int i)
{
    const lg_state *s = LG_ST(g);
    const lg_unit *x = &s->u[i];
    la_unit u;
    lg_unit_of(&u, g, i);
    if (!lg_is_cav(u.arm) || s->half != 0 || (x->morale != LA_OBEY) || x->change_left > 0 || x->reaction == LG_R_DODGE ||
        (x->marker == LG_M_CHARGE && x->charge_target >= 0) || x->reaction == LG_R_COUNTER)
        return 0;
    return lg_menu_ok(g, i, &u, LG_MV_RALLY_FACE, NULL) == WG_OK;
}

int lg_move_options(const wg_game *g, int i, int *kinds, int *forms, int cap)
{
    const lg_state *s = LG_ST(g);
    int n = 0;
    if (s->u[i].melee_with >= 0) { /* in a melee: fight on, or cavalry breaks off and rallies */
        if (!lg_active(s, i) || !may_rally(g, i))
            return 0;
        n = push_kind(kinds, forms, n, cap, LG_MV_HALT, -1);
    } else {
        n = menu_of(g, i, kinds, forms, cap);
        /* out of a melee, a rally is a movement: under a Movement marker (LA-MARKERS-04, -05) */
        if (n == 0 || s->u[i].marker != LG_M_MOVE || !may_rally(g, i))
            return n;
    }
    n = push_kind(kinds, forms, n, cap, LG_MV_RALLY_FACE, -1);
    return push_kind(kinds, forms, n, cap, LG_MV_RALLY_BACK, -1);
}

int lg_dismount_plan(const wg_game *g, int i, la_unit *foot)
{
    const lg_state *s = LG_ST(g);
    const lg_unit *x = &s->u[i];
    if (!lg_active(s, i) || x->dismounted || x->melee_with >= 0 || x->massed_off > 0 || x->cohesion != LA_FORMED)
        return 0;
    la_unit u;
    lg_unit_of(&u, g, i);
    if (!lg_is_cav(u.arm) || !lg_foot_of(foot, g, i))
        return 0; /* only cavalry with a foot version (LA-UNIT-21) */
    /* the figures deploy on foot in line ahead of the horse park, a pace clear of it */
    int n = la_unit_figures(&u);
    int32_t bf = 0, bd = 0;
    if (n <= 0 || n > 127 || la_base_size(&bf, &bd, g->tables, foot->arm, LA_LINE, lg_scale_of(g)) != WG_OK ||
        la_formation_check(NULL, 0, foot, LA_LINE, n) != WG_OK)
        return 0;
    foot->formation = LA_LINE;
    foot->front = n;
    foot->cohesion = LA_FORMED;
    wg_pt d = lg_along(u.facing.x, u.facing.y, bd + 2 * WG_TABLE_UNIT);
    foot->ref.x = u.ref.x + d.x;
    foot->ref.y = u.ref.y + d.y;
    return lg_half_move(g, foot) > 0 && lg_on_table(g, foot) && lg_overlaps(g, foot, i, NULL) == 0;
}

/* Cavalry dismounts (LA-UNIT-21): its mounted figures stay where they stand as the horse park, and as
   many figures of its foot version deploy in line ahead of it, in the half-period. */
static int dismount(wg_game *g, int i)
{
    lg_state *s = LG_ST(g);
    lg_unit *x = &s->u[i];
    la_unit foot;
    x->changed = 1;
    if (!lg_dismount_plan(g, i, &foot))
        return WG_OK; /* its room was taken by a move before it: it stays mounted */
    x->park = (int16_t)lg_figures(x);
    x->park_form = x->formation;
    x->park_front = x->front;
    x->px = x->x;
    x->py = x->y;
    x->pfx = x->fx;
    x->pfy = x->fy;
    x->dismounted = 1;
    x->formation = LA_LINE;
    x->front = (int8_t)foot.front;
    x->x = foot.ref.x;
    x->y = foot.ref.y;
    LG_EV(g, LG_E_DISMOUNT, "LA-UNIT-21", lg_vis(g, i));
    e_->a[0] = i;
    e_->a[1] = x->park;
    e_->a[2] = lg_figures(x);
    e_->a[3] = x->formation;
    return WG_OK;
}

/* Whether an enemy unit touches the horse park of unit i (within a pace): the enemy, or -1. */
static int park_touched(const wg_game *g, int i)
{
    const lg_state *s = LG_ST(g);
    la_unit p, o;
    lg_park_of(&p, g, i);
    for (int j = 0; j < s->nunit; j++) {
        if (!lg_active(s, j) || lg_side(g, j) == lg_side(g, i))
            continue;
        int32_t d = INT32_MAX;
        lg_unit_of(&o, g, j);
        if (la_unit_gap(&d, &p, &o, g->tables, lg_scale_of(g)) == WG_OK && d <= WG_TABLE_UNIT)
            return j;
    }
    return -1;
}

int lg_park_eliminated(wg_game *g, int i, int by, int how)
{
    lg_unit *x = &LG_ST(g)->u[i];
    int n = x->park;
    x->park_lost = (int16_t)(x->park_lost + n);
    x->park = 0;
    LG_EV(g, LG_E_PARK, "LA-UNIT-22", ~0u);
    e_->a[0] = i;
    e_->a[1] = by;
    e_->a[2] = n;
    e_->a[3] = how;
    return WG_OK;
}

int lg_parks_contacted(wg_game *g)
{
    const lg_state *s = LG_ST(g);
    for (int i = 0; i < s->nunit; i++) {
        if (!lg_has_park(g, i))
            continue;
        int j = park_touched(g, i);
        if (j >= 0) {
            int rc = lg_park_eliminated(g, i, j, 1);
            if (rc != WG_OK)
                return rc;
        }
    }
    return WG_OK;
}

/* The changes of formation of unit i (as u): each formation it may take, then a column of march to
   line or back by a quarter-turn left and right (LA-FORMTIME-11); cavalry with a foot version may
   dismount (LA-UNIT-21). */
static int push_forms(const wg_game *g, int i, const la_unit *u, int *kinds, int *forms, int n, int cap)
{
    int f[LA_NFORMATIONS];
    int nf = lg_formation_choices(g, i, u, f);
    for (int k = 0; k < nf; k++)
        n = push_kind(kinds, forms, n, cap, LG_MV_FORM, f[k]);
    int to = u->formation == LA_MARCH ? LA_LINE : LA_MARCH;
    if (quarter_change_ok(g, i, u, to, LG_TURN_LEFT))
        n = push_kind(kinds, forms, n, cap, LG_MV_FORM_QLEFT, to);
    if (quarter_change_ok(g, i, u, to, LG_TURN_RIGHT))
        n = push_kind(kinds, forms, n, cap, LG_MV_FORM_QRIGHT, to);
    if (irregular_front(g, i, u, 1))
        n = push_kind(kinds, forms, n, cap, LG_MV_WIDEN, LA_IRREGULAR_MASS);
    if (irregular_front(g, i, u, 0))
        n = push_kind(kinds, forms, n, cap, LG_MV_NARROW, LA_IRREGULAR_MASS);
    if (narrow_front(g, i, u) > 0)
        n = push_kind(kinds, forms, n, cap, LG_MV_ROAD_NARROW, -1);
    if (column_front(g, i, u, 1) > 0) /* on the spot: half a period (LA-FORM-22, -23) */
        n = push_kind(kinds, forms, n, cap, LG_MV_BY_COMPANY, -1);
    if (column_front(g, i, u, 0) > 0)
        n = push_kind(kinds, forms, n, cap, LG_MV_BY_SQUADRON, -1);
    la_unit foot;
    if (lg_dismount_plan(g, i, &foot))
        n = push_kind(kinds, forms, n, cap, LG_MV_DISMOUNT, LA_LINE);
    return n;
}

int lg_change_count(const wg_game *g, int i, const la_unit *u)
{
    return push_forms(g, i, u, NULL, NULL, 0, 0);
}

static int menu_of(const wg_game *g, int i, int *kinds, int *forms, int cap)
{
    const lg_state *s = LG_ST(g);
    const lg_unit *x = &s->u[i];
    int n = 0;
    if (!lg_active(s, i) || x->melee_with >= 0)
        return 0;
    la_unit u;
    lg_unit_of(&u, g, i);
    int h = s->half;
    switch (x->morale) {
    case LA_RETREAT:
    case LA_ROUT:
    case LA_FLIGHT: return h == 0 ? push_kind(kinds, forms, n, cap, LG_MV_FALLBACK, -1) : 0; /* LA-SEQ-06 */
    case LA_UNCONTROLLED: /* skirmishers advance for one half-period only (LA-MORALERES-04) */
        return push_kind(kinds, forms, n, cap, h == 1 && u.formation == LA_SKIRMISH ? LG_MV_HALT : LG_MV_ADVANCE_ON, -1);
    case LA_PRISONER: return 0;
    default: break;
    }
    if (x->change_left > 0)
        return push_kind(kinds, forms, n, cap, LG_MV_HALT, -1);
    if (x->reaction == LG_R_DODGE)
        return push_kind(kinds, forms, n, cap, LG_MV_DODGE, -1);
    if (x->reaction == LG_R_ABANDON) /* they fired; they leave in the second half-period (LA-MELEERES-17) */
        return push_kind(kinds, forms, n, cap, h == 0 ? LG_MV_HALT : LG_MV_ABANDON, -1);
    if (lg_is_art(u.arm) && x->guns == LG_G_ABANDONED) {
        /* gunners without their guns stay, or return to them (LA-MELEERES-19) */
        n = push_kind(kinds, forms, n, cap, LG_MV_HALT, -1);
        if (x->morale == LA_OBEY && lg_menu_ok(g, i, &u, LG_MV_RETURN, NULL) == WG_OK)
            n = push_kind(kinds, forms, n, cap, LG_MV_RETURN, -1);
        return n;
    }
    if (x->marker == LG_M_CHARGE && x->charge_target >= 0)
        return push_kind(kinds, forms, n, cap, LG_MV_CHARGE, -1);
    if (x->reaction == LG_R_COUNTER)
        return push_kind(kinds, forms, n, cap, h == 0 ? LG_MV_HALT : LG_MV_CHARGE, -1); /* LA-COUNTER-02, -04 */
    int m = x->marker;
    /* halt in place, or forming after its rout stopped or its return at the table edge, from then to
       the end of the period after: may change formation, not move (LA-MORALERES-07, LA-ROUT-08,
       LA-PRISON-05) */
    if (x->halted || x->forming >= s->period) {
        n = push_kind(kinds, forms, n, cap, LG_MV_HALT, -1);
        if (m == LG_M_FORMATION && !x->changed)
            n = push_forms(g, i, &u, kinds, forms, n, cap);
        return n;
    }
    /* the first half-period obeys the marker (LA-MARKERS-05); in the second a unit with no marker or
       a Fire marker may move (it then fires for half the period, G-15) */
    int moving = m == LG_M_MOVE || ((m == LG_M_NONE || m == LG_M_FIRE) && h == 1);
    if (m == LG_M_FORMATION && !x->changed) {
        if (h == 1)
            n = push_kind(kinds, forms, n, cap, LG_MV_HALT, -1);
        return push_forms(g, i, &u, kinds, forms, n, cap);
    }
    if (lg_is_art(u.arm) && u.formation == LA_IN_BATTERY && (m == LG_M_MOVE || m == LG_M_WITHDRAW)) {
        /* a battery pivoted in phase 2 has moved for the period (LA-ARTMOVE-02); else it may advance
           by bricole or withdraw by prolonge in the first half-period (LA-ARTMOVE-03) */
        n = push_kind(kinds, forms, n, cap, LG_MV_HALT, -1);
        int k = m == LG_M_MOVE ? LG_MV_BRICOLE : LG_MV_PROLONGE;
        if (h == 0 && x->pivoted != 2 && lg_menu_ok(g, i, &u, k, NULL) == WG_OK)
            n = push_kind(kinds, forms, n, cap, k, -1);
        return n;
    }
    if (m == LG_M_WITHDRAW) {
        if (h == 1)
            n = push_kind(kinds, forms, n, cap, LG_MV_HALT, -1);
        if (lg_menu_ok(g, i, &u, LG_MV_BACK, NULL) == WG_OK)
            n = push_kind(kinds, forms, n, cap, LG_MV_BACK, -1);
        return n ? n : push_kind(kinds, forms, n, cap, LG_MV_HALT, -1);
    }
    if (moving) {
        /* the first half-period of a Movement marker advances or turns (LA-MARKERS-07) */
        if (h == 1 || m == LG_M_NONE)
            n = push_kind(kinds, forms, n, cap, LG_MV_HALT, -1);
        static const int menu[] = {LG_MV_FULL,       LG_MV_HALF,        LG_MV_OBL_LEFT, LG_MV_OBL_RIGHT,
                                   LG_MV_WHEEL_LEFT, LG_MV_WHEEL_RIGHT, LG_MV_FORCED};
        int any = 0;
        for (size_t k = 0; k < sizeof menu / sizeof *menu; k++)
            if (lg_menu_ok(g, i, &u, menu[k], NULL) == WG_OK) {
                n = push_kind(kinds, forms, n, cap, menu[k], -1);
                any = 1;
            }
        /* turns on the spot: a quarter-turn (LA-MOVE-12, LA-UNIT-26), a half-turn of half a period, or of
           a whole one begun in the first half-period (LA-MOVE-13) */
        static const int turns[] = {LG_MV_QUARTER_LEFT, LG_MV_QUARTER_RIGHT, LG_MV_HALF_TURN};
        for (size_t k = 0; k < sizeof turns / sizeof *turns; k++) {
            int hv = turn_halves(g, &u, turns[k], NULL);
            if (hv >= 1 && hv <= 2 - h && lg_menu_ok(g, i, &u, turns[k], NULL) == WG_OK)
                n = push_kind(kinds, forms, n, cap, turns[k], -1);
        }
        /* a cavalry column of march passes into column by company, or back, free during the whole
           half-period's advance: a movement of half a period, half its movement (LA-FORM-22, -23) */
        if (lg_menu_ok(g, i, &u, LG_MV_FULL, NULL) == WG_OK) {
            for (int c = 1; c >= 0; c--) {
                int k = c ? LG_MV_FULL_COMPANY : LG_MV_FULL_SQUADRON;
                la_unit after;
                int32_t none[3] = {0, 0, 0};
                if (lg_build_move(g, i, &u, k, -1, none, &after, NULL) == WG_OK && column_front(g, i, &u, c) > 0 &&
                    column_front(g, i, &after, c) > 0)
                    n = push_kind(kinds, forms, n, cap, k, -1);
            }
        }
        if (any) {
            n = push_kind(kinds, forms, n, cap, LG_MV_TO, -1);
            /* a wheel to a facing of the player's; artillery never wheels (a battery pivots in phase 2,
               limbered sections move freely: LA-SEQ-07, LA-FORM-25) */
            if (!lg_is_art(u.arm))
                n = push_kind(kinds, forms, n, cap, LG_MV_TURN, -1);
        } else if (n == 0) {
            n = push_kind(kinds, forms, n, cap, LG_MV_HALT, -1); /* hemmed in: it stays */
        }
        /* infantry in line charged by cavalry under a Movement marker makes its movement for a
           half-period and may then begin forming square (LA-MARKERS-06) */
        int by = x->charged_by;
        if (h == 1 && m == LG_M_MOVE && !x->changed && lg_is_foot(u.arm) && u.formation == LA_LINE && by >= 0 &&
            s->u[by].charge_target == i && lg_is_cav(lg_arm(g, by))) {
            int f[LA_NFORMATIONS];
            int nf = lg_formation_choices(g, i, &u, f);
            for (int k = 0; k < nf; k++)
                if (lg_is_square(f[k]))
                    n = push_kind(kinds, forms, n, cap, LG_MV_FORM, f[k]);
        }
        return n;
    }
    return push_kind(kinds, forms, n, cap, LG_MV_HALT, -1);
}

/* ---------------------------------------------------------------- placing a moved unit */

/* Whether unit i may stand as `c`: on the table (unless it may leave), overlapping no unit but those
   in `pass` (interpenetrated friends of a fall-back). */
static int place_ok(const wg_game *g, int i, const la_unit *c, int leave_ok, int friends_pass, int *blocker)
{
    const lg_state *s = LG_ST(g);
    if (!leave_ok && !lg_on_table(g, c))
        return 0;
    wg_quad q, r;
    if (lg_unit_footprint(&q, g, c) != WG_OK)
        return 0;
    for (int j = 0; j < s->nunit; j++) {
        if (j == i || !lg_active(s, j))
            continue;
        if (friends_pass && lg_side(g, j) == lg_side(g, i))
            continue;
        la_unit o;
        lg_unit_of(&o, g, j);
        if (lg_unit_footprint(&r, g, &o) != WG_OK)
            continue;
        if (wg__poly_poly(q.p, 4, r.p, 4) == 2) {
            if (blocker)
                *blocker = j;
            return 0;
        }
    }
    /* abandoned or spiked guns hinder passage (LA-ROUT-09, LA-FLIGHT-05); skirmishers and foragers
       pass through a battery (LA-MELEERES-18) */
    if (c->formation == LA_SKIRMISH || c->formation == LA_FORAGING)
        return 1;
    for (int j = 0; j < s->nunit; j++) {
        if (j == i || s->u[j].guns == LG_G_CREW)
            continue;
        if (friends_pass && lg_side(g, j) == lg_side(g, i))
            continue;
        la_unit o;
        lg_guns_of(&o, g, j);
        if (lg_unit_footprint(&r, g, &o) != WG_OK)
            continue;
        if (wg__poly_poly(q.p, 4, r.p, 4) == 2) {
            if (blocker)
                *blocker = j;
            return 0;
        }
    }
    return 1;
}

/* Whether unit i stands on (touches) battery j's abandoned or spiked guns. */
static int on_guns(const wg_game *g, int i, int j)
{
    const lg_unit *y = &LG_ST(g)->u[j];
    int32_t d = 0;
    return j >= 0 && y->guns != LG_G_CREW && lg_guns_gap(g, j, i, &d) == WG_OK && d <= WG_TABLE_UNIT;
}

void lg_set_pos(lg_unit *x, const la_unit *u)
{
    x->x = u->ref.x;
    x->y = u->ref.y;
    x->fx = u->facing.x;
    x->fy = u->facing.y;
    x->cohesion = (int8_t)u->cohesion;
}

/* Moves unit i from `from` toward `to` (same facing as `to`) as far as it can go: the largest part of
   the way (in 1/1024ths) where it stands clear.  Returns the part moved (0..1024). */
int lg_slide(const wg_game *g, int i, const la_unit *from, la_unit *to, int leave_ok, int friends_pass,
                 int *blocker)
{
    if (place_ok(g, i, to, leave_ok, friends_pass, blocker))
        return 1024;
    wg_pt a = from->ref, b = to->ref;
    int lo = 0, hi = 1024;
    la_unit c = *to;
    /* the turned unit at its start must stand clear, else it keeps its place */
    c.ref = a;
    if (!place_ok(g, i, &c, leave_ok, friends_pass, NULL)) {
        *to = *from;
        return 0;
    }
    while (hi - lo > 1) {
        int mid = (lo + hi) / 2;
        c.ref.x = (int32_t)(a.x + (int64_t)(b.x - a.x) * mid / 1024);
        c.ref.y = (int32_t)(a.y + (int64_t)(b.y - a.y) * mid / 1024);
        if (place_ok(g, i, &c, leave_ok, friends_pass, NULL))
            lo = mid;
        else
            hi = mid;
    }
    c.ref.x = (int32_t)(a.x + (int64_t)(b.x - a.x) * lo / 1024);
    c.ref.y = (int32_t)(a.y + (int64_t)(b.y - a.y) * lo / 1024);
    *to = c;
    return lo;
}

int lg_ev_moved(wg_game *g, int i, int kind, wg_pt from, const char *rule)
{
    const lg_unit *x = &LG_ST(g)->u[i];
    if (from.x == x->x && from.y == x->y && kind != LG_MV_WHEEL_LEFT && kind != LG_MV_WHEEL_RIGHT && kind != LG_MV_TURN &&
        kind != LG_MV_PIVOT)
        return WG_OK;
    LG_EV(g, LG_E_MOVED, rule, lg_vis(g, i));
    e_->a[0] = i;
    e_->a[1] = kind;
    e_->a[2] = from.x / WG_TABLE_UNIT;
    e_->a[3] = from.y / WG_TABLE_UNIT;
    e_->a[4] = x->x / WG_TABLE_UNIT;
    e_->a[5] = x->y / WG_TABLE_UNIT;
    e_->a[6] = x->cohesion;
    return WG_OK;
}

/* Infantry f enters a melee with cavalry c: an enemy it meets, or a friend fighting z, the enemy f meets
   (`together`: both attack z this turn). It is without formation, in disorder when c is a friend attacking
   with it by an effective charge (LA-DISORG-04), except (LA-DISORG-05) when (a) f and c attack z this turn
   from opposite sides of a column or line, or different sides of a square; (b) c has more than one figure
   for every four of f's (G-26: c's figures x 4 > f's); (c) z is an infantry line and f stands three
   cavalry bases or more from c. A state event of f tells which: a[3] 0, or 1 + the exception. */
static int enters_with_cavalry(wg_game *g, int f, int c, int z, int together)
{
    lg_state *s = LG_ST(g);
    lg_unit *x = &s->u[f];
    const lg_unit *k = &s->u[c];
    int ally = lg_side(g, f) == lg_side(g, c);
    la_unit uf, uc, uz;
    lg_unit_of(&uf, g, f);
    lg_unit_of(&uc, g, c);
    lg_unit_of(&uz, g, z);
    int why = 0;
    if (ally && together) {
        int ff = WG__FACE_FRONT, fc = WG__FACE_FRONT;
        int rc = la_contact_face(&ff, &uf, &uz, g->tables, lg_scale_of(g));
        if (rc == WG_OK)
            rc = la_contact_face(&fc, &uc, &uz, g->tables, lg_scale_of(g));
        if (rc != WG_OK)
            return rc;
        if (lg_is_square(uz.formation) || uz.formation == LA_MASS ? ff != fc : (ff + 2) % 4 == fc)
            why = 1;
    }
    if (!why && lg_figures(k) * 4 > lg_figures(x))
        why = 2;
    if (!why && ally && lg_is_foot(uz.arm) && uz.formation == LA_LINE) {
        int32_t bf = 0, bd = 0;
        int rc = la_base_size(&bf, &bd, g->tables, LA_CAVALRY, LA_LINE, lg_scale_of(g));
        if (rc != WG_OK)
            return rc;
        if (lg_gap(g, f, c) >= 3 * bf)
            why = 3;
    }
    if (!why) {
        int coh = ally && together && k->effective ? LA_DISORDER : LA_WITHOUT_FORMATION;
        if (x->cohesion < coh)
            x->cohesion = (int8_t)coh;
    }
    LG_EV(g, LG_E_STATE, why ? "LA-DISORG-05" : "LA-DISORG-04", ~0u);
    e_->a[0] = f;
    e_->a[1] = x->morale;
    e_->a[2] = x->cohesion;
    e_->a[3] = why;
    e_->a[4] = c;
    return WG_OK;
}

/* Contact of i with enemy j: a melee when neither fights one already (LA-MOVE-05, LA-MELEE-06). */
static int contact(wg_game *g, int i, int j, int effective, const char *why)
{
    lg_state *s = LG_ST(g);
    lg_unit *x = &s->u[i], *y = &s->u[j];
    if (x->melee_with >= 0 || x->off || y->off)
        return WG_OK;
    la_unit ui, uj;
    lg_unit_of(&ui, g, i);
    lg_unit_of(&uj, g, j);
    int face = WG__FACE_FRONT;
    la_contact_face(&face, &ui, &uj, g->tables, lg_scale_of(g));
    /* a unit already in a melee met by another enemy: a melee of its own, fought separately, the
       first opponent staying the one it faces (LA-MORALEFACT-25: units win their melees separately) */
    int joins = y->melee_with >= 0;
    x->melee_with = (int8_t)j;
    x->melee_turns = 0;
    x->effective = (int8_t)effective;
    x->face = WG__FACE_FRONT;
    x->fought = 0;
    x->followed = 0;
    /* it meets an established melee when the other began in an earlier half-period (LA-MOVE-05) */
    x->joined = (int8_t)(joins ? face + 1 : 0);
    x->established = (int8_t)(joins && (y->melee_turns > 0 || y->contact_half - 1 < s->half));
    x->contact_half = (int8_t)(s->half + 1);
    if (!joins) {
        y->joined = y->established = 0;
        y->contact_half = (int8_t)(s->half + 1);
        y->melee_with = (int8_t)i;
        y->melee_turns = 0;
        y->effective = 0;
        y->face = (int8_t)face;
        y->fought = 0;
        y->followed = 0;
    }
    /* a unit contacted while changing formation fights without formation, in disorder against an
       effective cavalry charge (LA-DISORG-03); infantry meeting cavalry likewise (LA-DISORG-04) */
    const char *rule = why ? why : "LA-MOVE-05";
    /* a square stands formed against cavalry (LA-FORM-10), and a massed unit, which breaks like a square
       (LA-FORM-04, G-59) */
    if (y->change_left > 0 ||
        (lg_is_foot(uj.arm) && lg_is_cav(ui.arm) && !lg_is_square(uj.formation) && uj.formation != LA_MASS)) {
        int c = effective && lg_is_cav(ui.arm) ? LA_DISORDER : LA_WITHOUT_FORMATION;
        if (y->cohesion < c)
            y->cohesion = (int8_t)c;
        rule = y->change_left > 0 ? "LA-DISORG-03" : "LA-DISORG-04";
    }
    LG_EV(g, LG_E_CONTACT, rule, ~0u);
    e_->a[0] = i;
    e_->a[1] = j;
    e_->a[2] = effective;
    e_->a[3] = face;
    e_->a[4] = x->established; /* it meets an established melee (LA-MOVE-05) */
    /* infantry entering a melee with or containing cavalry, ally or enemy (LA-DISORG-04, -05) */
    int rc = WG_OK;
    if (lg_is_foot(ui.arm) && lg_is_cav(uj.arm))
        return enters_with_cavalry(g, i, j, j, 0);
    for (int k = 0; k < s->nunit && rc == WG_OK; k++) {
        if (k == i || !lg_active(s, k) || lg_side(g, k) != lg_side(g, i) ||
            (s->u[k].melee_with != j && y->melee_with != k))
            continue;
        la_unit uk;
        lg_unit_of(&uk, g, k);
        if (lg_is_foot(ui.arm) && lg_is_cav(uk.arm)) /* its cavalry already fights that enemy */
            rc = enters_with_cavalry(g, i, k, j, s->u[k].melee_turns == 0);
        else if (lg_is_cav(ui.arm) && lg_is_foot(uk.arm) && s->u[k].melee_turns == 0 && uk.formation != LA_MASS &&
                 !lg_is_square(uk.formation)) /* its infantry entered this turn, with it */
            rc = enters_with_cavalry(g, k, i, j, 1);
    }
    return rc;
}

/* A line that ends a move against the rear of a friendly line engaged in a melee fought for a turn or
   more enters that melee: a melee of its own with the ally's opponent, fought separately, on that
   opponent's front, as in an established melee; a column is not supported (LA-MELEE-07). */
static int support_contact(wg_game *g, int i)
{
    lg_state *s = LG_ST(g);
    lg_unit *x = &s->u[i];
    la_unit ui;
    lg_unit_of(&ui, g, i);
    if (ui.formation != LA_LINE || !(lg_is_foot(ui.arm) || lg_is_cav(ui.arm)))
        return WG_OK;
    for (int j = 0; j < s->nunit; j++) {
        const lg_unit *y = &s->u[j];
        int o = y->melee_with;
        if (j == i || !lg_active(s, j) || lg_side(g, j) != lg_side(g, i) || o < 0 || !lg_active(s, o) ||
            y->melee_turns < 1 || lg_gap(g, i, j) > WG_TABLE_UNIT)
            continue;
        la_unit uj;
        lg_unit_of(&uj, g, j);
        int face = WG__FACE_FRONT;
        la_contact_face(&face, &ui, &uj, g->tables, lg_scale_of(g));
        if (uj.formation != LA_LINE || face != WG__FACE_REAR)
            continue;
        x->melee_with = (int8_t)o;
        x->melee_turns = 0;
        x->effective = 0;
        x->face = WG__FACE_FRONT;
        x->fought = 0;
        x->followed = 0;
        x->joined = (int8_t)(WG__FACE_FRONT + 1);
        x->established = 1;
        x->contact_half = (int8_t)(s->half + 1);
        LG_EV(g, LG_E_CONTACT, "LA-MELEE-07", ~0u);
        e_->a[0] = i;
        e_->a[1] = o;
        e_->a[2] = 0;
        e_->a[3] = WG__FACE_FRONT;
        e_->a[4] = 1;
        e_->a[5] = j + 1; /* the ally it supports */
        return WG_OK;
    }
    return WG_OK;
}

/* After a move: a contact with the enemy it touches (within one pace), else the support of a friendly
   line in a melee (LA-MELEE-07). */
static int check_contact(wg_game *g, int i, int prefer, int effective)
{
    const lg_state *s = LG_ST(g);
    if (s->u[i].off || s->u[i].melee_with >= 0)
        return WG_OK;
    if (prefer >= 0 && lg_active(s, prefer) && lg_side(g, prefer) != lg_side(g, i) &&
        lg_gap(g, i, prefer) <= WG_TABLE_UNIT)
        return contact(g, i, prefer, effective, NULL);
    for (int j = 0; j < s->nunit; j++)
        if (lg_active(s, j) && lg_side(g, j) != lg_side(g, i) && lg_gap(g, i, j) <= WG_TABLE_UNIT)
            return contact(g, i, j, 0, NULL);
    return support_contact(g, i);
}

/* A move toward unit t (a charge, a counter-charge, an uncontrolled advance): straight at its
   footprint's centre, `reach` at most, stopping where it touches. */
static int move_toward(wg_game *g, int i, int t, int32_t reach, int kind, const char *rule, int declared)
{
    lg_state *s = LG_ST(g);
    lg_unit *x = &s->u[i];
    la_unit u, to;
    lg_unit_of(&u, g, i);
    wg_pt from = u.ref;
    wg_pt c = lg_centre_of(g, t);
    wg_pt d = {c.x - u.ref.x, c.y - u.ref.y};
    int64_t dl = lg_isqrt_len(d.x, d.y);
    if (dl == 0)
        return WG_OK;
    if (reach > dl)
        reach = (int32_t)dl;
    wg_pt step = lg_along(d.x, d.y, reach);
    to = u;
    to.ref.x += step.x;
    to.ref.y += step.y;
    int blocker = -1;
    int part = lg_slide(g, i, &u, &to, 0, 0, &blocker);
    int32_t moved = (int32_t)((int64_t)reach * part / 1024);
    /* cavalry charging over a slope is disorganised (LA-TERRAIN-04) */
    if (kind == LG_MV_CHARGE && lg_is_cav(u.arm) &&
        wg__map_table_level_at(g->map, from) != wg__map_table_level_at(g->map, to.ref) && to.cohesion < LA_DISORGANISED)
        to.cohesion = LA_DISORGANISED;
    lg_set_pos(x, &to);
    x->from_stream = (int8_t)la_crosses_water(g->map, from, to.ref, lg_scale_of(g)); /* LA-TERRAIN-14 */
    x->used += moved;
    x->moved = 1;
    if (part < 1024 || moved >= reach)
        x->straight = (int8_t)(x->straight + (moved * 2 >= lg_mv_budget(g, &u) * 1));
    int rc = lg_ev_moved(g, i, kind, from, rule);
    if (rc)
        return rc;
    if (part < 1024 && !(lg_active(s, t) && lg_gap(g, i, t) <= WG_TABLE_UNIT))
        for (int j = 0; j < s->nunit; j++)
            if (j != i && lg_side(g, j) != lg_side(g, i) && on_guns(g, i, j)) {
                /* a charge stops on an abandoned battery, without formation (LA-MELEERES-18) */
                if (x->cohesion >= LA_WITHOUT_FORMATION)
                    return WG_OK;
                x->cohesion = LA_WITHOUT_FORMATION;
                return lg_ev_state(g, i, "LA-MELEERES-18");
            }
    if (lg_active(s, t) && lg_gap(g, i, t) <= WG_TABLE_UNIT) {
        /* LA-CHARGE-10: effective when declared and it moved straight for a half-movement or more; an
           uncontrolled advance is the one charge made undeclared (LA-CHARGE-02) */
        int eff = declared && x->used >= lg_mv_budget(g, &u);
        return contact(g, i, t, eff, kind == LG_MV_ADVANCE_ON ? "LA-CHARGE-02" : NULL);
    }
    if (blocker >= 0 && lg_side(g, blocker) != lg_side(g, i))
        return check_contact(g, i, blocker, 0);
    return WG_OK;
}

/* Retreat, rout or flight: toward the own table edge (LA-ROUT-02, LA-SEQ-06); a unit whose
   footprint leaves the table in rout or flight is gone for good (LA-FLIGHT-04, -06). */
static int fall_back(wg_game *g, int i)
{
    lg_state *s = LG_ST(g);
    const lg_rdata *rd = LG_RD(g);
    lg_unit *x = &s->u[i];
    la_unit u, to;
    lg_unit_of(&u, g, i);
    wg_pt from = u.ref;
    int32_t dist = 0;
    const char *rule = "LA-MORALERES-08";
    if (x->morale == LA_RETREAT) {
        dist = lg_half_move(g, &u) * 2;
    } else {
        int row = lg_is_cav(u.arm) ? (u.heavy ? 1 : 2) : 0;
        int col = (x->morale == LA_FLIGHT ? 2 : 0) + (lg_scale_of(g) == LA_SCALE_15);
        int v = 0;
        int rc = la_cell_int(&v, g->tables[LA_T35], row, col);
        if (rc != WG_OK)
            return wg__seterr(g->err, rc, "%s", wg_table_errmsg(g->tables[LA_T35]));
        dist = v * WG_TABLE_UNIT;
        rule = x->morale == LA_FLIGHT ? "LA-FLIGHT-02" : "LA-ROUT-01";
    }
    int dir = rd->edge[lg_side(g, i)] ? 1 : -1;
    to = u;
    wg_pt fe = {0, dir * 1000};
    lg_face_to(g, &to, fe);
    la_unit turned = to;
    to.ref.y += dir * dist;
    int leave = x->morale != LA_RETREAT;
    if (to.cohesion < (x->morale == LA_RETREAT ? LA_DISORGANISED : LA_DISORDER))
        to.cohesion = x->morale == LA_RETREAT ? LA_DISORGANISED : LA_DISORDER;
    int blocker = -1;
    la_unit want = to;
    int part = lg_slide(g, i, &turned, &to, leave, 1, &blocker);
    lg_set_pos(x, &to);
    x->moved = 1;
    int rc = lg_ev_moved(g, i, LG_MV_FALLBACK, from, rule);
    if (rc)
        return rc;
    if (!leave && !lg_on_table(g, &want)) {
        /* a retreat reaching its own table edge: the test as it leaves, at its exit point (LA-PRISON-05) */
        lg_push_test(s, i, LG_OCC_LEAVE, 0, -1);
        return WG_OK;
    }
    if (leave && !lg_on_table(g, &to)) {
        x->off = 1;
        LG_EV(g, LG_E_LEFT, x->morale == LA_FLIGHT ? "LA-FLIGHT-04" : "LA-FLIGHT-06", ~0u);
        e_->a[0] = i;
        e_->a[1] = 1;
        return WG_OK;
    }
    if (part == 0 && blocker >= 0 && lg_side(g, blocker) != lg_side(g, i) &&
        !lg_refuses_surrender(la_unit_status(&u), x->morale)) {
        /* no way out: taken prisoner (LA-PRISON-01); the Guard refuses whatever its result, the
           Elite on a retreat (LA-PRISON-02) */
        x->off = 3;
        x->morale = LA_PRISONER;
        LG_EV(g, LG_E_LEFT, "LA-PRISON-01", ~0u);
        e_->a[0] = i;
        e_->a[1] = 3;
    }
    return WG_OK;
}

/* A dodge: a half-turn (half a period in close order, none for skirmishers, LA-DODGE-03), then
   straight away from the charger at the dodge speed (LA-DODGE-01); without formation (LA-DODGE-02). */
static int dodge(wg_game *g, int i)
{
    lg_state *s = LG_ST(g);
    lg_unit *x = &s->u[i];
    la_unit u, to;
    lg_unit_of(&u, g, i);
    wg_pt from = u.ref;
    int by = x->charged_by >= 0 ? x->charged_by : lg_nearest_enemy(g, i, NULL);
    if (by < 0 || x->melee_with >= 0)
        return WG_OK; /* caught before it could dodge: it fights */
    wg_pt c = lg_centre_of(g, by);
    wg_pt away = {u.ref.x - c.x, u.ref.y - c.y};
    if (away.x == 0 && away.y == 0)
        away.y = LG_RD(g)->edge[lg_side(g, i)] ? 1 : -1;
    to = u;
    wg_pt fa = lg_along(away.x, away.y, 1000);
    lg_face_to(g, &to, fa.x == 0 && fa.y == 0 ? away : fa);
    if (to.cohesion < LA_WITHOUT_FORMATION)
        to.cohesion = LA_WITHOUT_FORMATION;
    int dispersed = u.formation == LA_SKIRMISH || u.formation == LA_FORAGING;
    if (s->half == 1 || dispersed) {
        la_move_env e = lg_env(g);
        int32_t sp = 0;
        if (la_dodge_speed(&sp, g->err, &e, &u) != WG_OK)
            return WG_EDATA;
        wg_pt d = lg_along(to.facing.x, to.facing.y, sp);
        to.ref.x += d.x;
        to.ref.y += d.y;
    }
    /* the half-turn needs room where the unit stands */
    la_unit turned = u;
    lg_face_to(g, &turned, to.facing);
    turned.cohesion = to.cohesion;
    if (!place_ok(g, i, &turned, 0, 0, NULL))
        return WG_OK;
    lg_slide(g, i, &turned, &to, 0, 0, NULL);
    lg_set_pos(x, &to);
    x->moved = 1;
    return lg_ev_moved(g, i, LG_MV_DODGE, from, "LA-DODGE-01");
}

/* Gunners leave their guns where they stand and go away from their charger at their evade speed
   (LA-MELEERES-17, LA-ARTFIRE-16). */
static int abandon(wg_game *g, int i)
{
    lg_state *s = LG_ST(g);
    lg_unit *x = &s->u[i];
    if (x->melee_with >= 0 || x->guns != LG_G_CREW)
        return WG_OK; /* caught on the guns: they fight */
    lg_leave_guns(x);
    {
        LG_EV(g, LG_E_GUNS, "LA-MELEERES-17", ~0u);
        e_->a[0] = i;
        e_->a[1] = LG_G_ABANDONED;
        e_->a[2] = -1;
    }
    la_unit u, to;
    lg_unit_of(&u, g, i);
    wg_pt from = u.ref;
    int by = x->charged_by >= 0 ? x->charged_by : lg_nearest_enemy(g, i, NULL);
    wg_pt away = {0, LG_RD(g)->edge[lg_side(g, i)] ? 1 : -1};
    if (by >= 0) {
        wg_pt c = lg_centre_of(g, by);
        away.x = u.ref.x - c.x;
        away.y = u.ref.y - c.y;
        if (away.x == 0 && away.y == 0)
            away.y = LG_RD(g)->edge[lg_side(g, i)] ? 1 : -1;
    }
    to = u;
    wg_pt fa = lg_along(away.x, away.y, 1000);
    lg_face_to(g, &to, fa.x == 0 && fa.y == 0 ? away : fa);
    int32_t sp = 0;
    int rc = gunners_speed(g, &u, &sp, g->err);
    if (rc != WG_OK)
        return rc;
    wg_pt d = lg_along(to.facing.x, to.facing.y, sp);
    to.ref.x += d.x;
    to.ref.y += d.y;
    la_unit turned = u;
    lg_face_to(g, &turned, to.facing);
    if (place_ok(g, i, &turned, 0, 1, NULL)) {
        lg_slide(g, i, &turned, &to, 0, 1, NULL);
        lg_set_pos(x, &to);
        x->moved = 1;
    }
    return lg_ev_moved(g, i, LG_MV_ABANDON, from, "LA-MELEERES-17");
}

/* Gunners return to their intact guns and serve them again (LA-MELEERES-19). */
static int return_to_guns(wg_game *g, int i)
{
    lg_state *s = LG_ST(g);
    lg_unit *x = &s->u[i];
    la_unit u, after;
    lg_unit_of(&u, g, i);
    char why[WG_ERRMSG_CAP];
    int32_t none[3] = {0, 0, 0};
    if (lg_build_move(g, i, &u, LG_MV_RETURN, -1, none, &after, why) != WG_OK || !place_ok(g, i, &after, 0, 1, NULL))
        return WG_OK; /* an enemy came onto the guns, or a unit stands there: they stay */
    wg_pt from = u.ref;
    lg_set_pos(x, &after);
    x->formation = (int8_t)after.formation;
    x->front = (int8_t)after.front;
    x->guns = LG_G_CREW;
    x->moved = 1;
    int rc = lg_ev_moved(g, i, LG_MV_RETURN, from, "LA-MELEERES-19");
    if (rc != WG_OK)
        return rc;
    LG_EV(g, LG_E_GUNS, "LA-MELEERES-19", ~0u);
    e_->a[0] = i;
    e_->a[1] = LG_G_CREW;
    e_->a[2] = -1;
    return WG_OK;
}

static int continue_formation(wg_game *g, int i);
static int do_move(wg_game *g, int i, int first);

/* The rule of a turn on the spot or a change by a quarter-turn. */
static const char *turn_rule(int turn, int only)
{
    if (!only)
        return "LA-FORMTIME-11";
    return turn == LG_TURN_ABOUT ? "LA-MOVE-13" : "LA-MOVE-12";
}

/* Begins a change of formation to f, made by `turn` (LG_TURN_*; a change by a quarter-turn,
   LA-FORMTIME-11), or a turn on the spot when `only` (f is then the unit's own formation). */
static int start_formation(wg_game *g, int i, int f, int turn, int only)
{
    lg_state *s = LG_ST(g);
    lg_unit *x = &s->u[i];
    la_unit u;
    lg_unit_of(&u, g, i);
    int half = 1, rc;
    if (x->change_front > 0) {
        /* irregulars widen or narrow their front in half a period (LA-UNIT-26); below semi-regular,
           half a period more (LA-UNIT-24; once, G-48) */
        half = 1 + (la_unit_has_low_status(&u) ? 1 : 0);
    } else if (only) {
        int k = turn == LG_TURN_LEFT ? LG_MV_QUARTER_LEFT : turn == LG_TURN_RIGHT ? LG_MV_QUARTER_RIGHT : LG_MV_HALF_TURN;
        half = turn_halves(g, &u, k, g->err);
        if (half <= 0)
            return WG_OK; /* cannot happen: checked when committed against the same unit */
    } else if ((rc = la_change_time_err(&half, g->err, g->tables, &u, f, turn != LG_TURN_NONE)) != WG_OK) {
        return rc;
    }
    if (half < 1)
        half = 1;
    if (x->forming == s->period && !only)
        half = 2 - s->half; /* after a rout, formed in the formation of its choice by the period's end (LA-ROUT-08) */
    x->change_to = (int8_t)f;
    x->change_left = (int8_t)half;
    x->change_turn = (int8_t)turn;
    if (!only)
        x->changed = 1;
    LG_EV(g, LG_E_FORMATION, x->change_front > 0 ? "LA-UNIT-26" : turn ? turn_rule(turn, only) : "LA-FORMTIME-01", lg_vis(g, i));
    e_->a[0] = i;
    e_->a[1] = f;
    e_->a[2] = half;
    e_->a[3] = 0;
    e_->a[4] = turn;
    e_->a[5] = only;
    return continue_formation(g, i); /* the half-period it begins in is its first */
}

/* A column halves its front for the road: a change of half a period (LA-FORMTIME-21). */
static int start_narrow(wg_game *g, int i)
{
    lg_state *s = LG_ST(g);
    lg_unit *x = &s->u[i];
    la_unit u;
    lg_unit_of(&u, g, i);
    int front = narrow_front(g, i, &u);
    if (front <= 0)
        return WG_OK; /* cannot happen: offered only when it can be done */
    x->change_to = (int8_t)u.formation;
    x->change_front = (int8_t)front;
    x->change_left = 1;
    x->changed = 1;
    LG_EV(g, LG_E_FORMATION, "LA-FORMTIME-21", ~0u);
    e_->a[0] = i;
    e_->a[1] = u.formation;
    e_->a[2] = 1;
    e_->a[3] = 0;
    e_->a[6] = front;
    return continue_formation(g, i);
}

/* A cavalry column of march passes into column by company (to_company) or back into column by
   squadron on the spot: a change of half a period (LA-FORM-22, -23). */
static int start_column(wg_game *g, int i, int to_company)
{
    lg_state *s = LG_ST(g);
    lg_unit *x = &s->u[i];
    la_unit u;
    lg_unit_of(&u, g, i);
    int front = column_front(g, i, &u, to_company);
    if (front <= 0)
        return WG_OK; /* cannot happen: offered only when it can be done */
    x->change_to = (int8_t)u.formation;
    x->change_front = (int8_t)front;
    x->col_change = (int8_t)(to_company ? 1 : 2);
    x->change_left = 1;
    x->changed = 1;
    LG_EV(g, LG_E_FORMATION, "LA-FORM-22", lg_vis(g, i));
    e_->a[0] = i;
    e_->a[1] = u.formation;
    e_->a[2] = 1;
    e_->a[3] = 0;
    e_->a[7] = to_company ? 1 : 2;
    return continue_formation(g, i);
}

/* The column stands by company (to_company) or by squadron from now: its front, and the event. */
static int set_column(wg_game *g, int i, int to_company, int front, int sq_front)
{
    lg_unit *x = &LG_ST(g)->u[i];
    x->front = (int8_t)front;
    x->by_company = (int8_t)(to_company ? sq_front : 0);
    LG_EV(g, LG_E_FORMATION, "LA-FORM-22", lg_vis(g, i));
    e_->a[0] = i;
    e_->a[1] = x->formation;
    e_->a[2] = 0;
    e_->a[3] = 1;
    e_->a[6] = to_company ? sq_front : front;
    e_->a[7] = to_company ? 1 : 2;
    return WG_OK;
}

/* The whole half-period's advance, passing into column by company or back on the way: free when the
   unit made the whole of it (LA-FORM-22, -23); stopped short or in contact, it keeps its column. */
static int column_on_the_move(wg_game *g, int i, int first)
{
    lg_state *s = LG_ST(g);
    lg_unit *x = &s->u[i];
    int to_company = x->pend_kind == LG_MV_FULL_COMPANY;
    la_unit u, after;
    lg_unit_of(&u, g, i);
    int32_t none[3] = {0, 0, 0};
    if (lg_build_move(g, i, &u, x->pend_kind, -1, none, &after, NULL) != WG_OK)
        return WG_OK; /* cannot happen: checked when committed against the same unit */
    int sq = u.front;
    int rc = do_move(g, i, first);
    if (rc != WG_OK || x->melee_with >= 0 || x->x != after.ref.x || x->y != after.ref.y)
        return rc;
    lg_unit_of(&u, g, i);
    int front = column_front(g, i, &u, to_company);
    if (front <= 0)
        return WG_OK;
    return set_column(g, i, to_company, front, sq);
}

/* One half-period of a change of formation under way; done, the unit stands formed in it (a change
   reorganises, LA-DISORG-02). */
static int continue_formation(wg_game *g, int i)
{
    lg_state *s = LG_ST(g);
    lg_unit *x = &s->u[i];
    if (x->change_left <= 0)
        return WG_OK;
    if (--x->change_left > 0)
        return WG_OK;
    la_unit u;
    lg_unit_of(&u, g, i);
    int f = x->change_to, turn = x->change_turn, only = turn != LG_TURN_NONE && f == u.formation;
    x->change_turn = LG_TURN_NONE;
    la_unit formed = u;
    int cf = x->change_front, col = x->col_change, sq = u.front;
    int front = only ? u.front : cf > 0 ? cf : lg_formed_as(&u, f, &formed);
    x->change_front = 0;
    x->col_change = 0;
    la_unit v = u;
    if (turned(g, &u, turn, &v) != WG_OK)
        front = 0;
    if (!only && cf <= 0 && front > 0 && turn == LG_TURN_NONE)
        v.removed = formed.removed;
    v.formation = f;
    v.front = front;
    int with = -1;
    if (front > 0 && lg_on_table(g, &v) && lg_overlaps(g, &v, i, &with) != 2) {
        wg_pt from = u.ref;
        x->formation = (int8_t)f;
        x->front = (int8_t)front;
        if (!only && col == 0)
            x->by_company = 0; /* any other change leaves the column by company */
        x->forced = 0; /* re-formed after a forced march (LA-OFFICER-15) */
        x->massed_off = (int8_t)v.removed;
        if (turn != LG_TURN_NONE) {
            x->x = v.ref.x;
            x->y = v.ref.y;
            x->fx = v.facing.x;
            x->fy = v.facing.y;
            x->moved = 1;
        }
        if (only) { /* a turn on the spot: the unit keeps its formation and cohesion */
            x->change_to = -1;
            int k = turn == LG_TURN_LEFT ? LG_MV_QUARTER_LEFT : turn == LG_TURN_RIGHT ? LG_MV_QUARTER_RIGHT : LG_MV_HALF_TURN;
            LG_EV(g, LG_E_FORMATION, turn_rule(turn, 1), ~0u);
            e_->a[0] = i;
            e_->a[1] = f;
            e_->a[2] = 0;
            e_->a[3] = 1;
            e_->a[4] = turn;
            e_->a[5] = 1;
            return lg_ev_moved(g, i, k, from, turn_rule(turn, 1));
        }
        /* a change reorganises (LA-DISORG-02); a unit contacted during it finishes it and fights without
           formation (LA-DISORG-03) */
        if (x->melee_with < 0 && (x->cohesion < LA_DISORDER || f == u.formation) &&
            x->forming < LG_ST(g)->period) /* forming after a rout: formed at the period's end (LA-ROUT-08) */
            x->cohesion = LA_FORMED;
    } else {
        /* no room for it any more: the unit stays as it was, without formation */
        x->change_to = -1;
        if (x->cohesion < LA_WITHOUT_FORMATION)
            x->cohesion = LA_WITHOUT_FORMATION;
        LG_EV(g, LG_E_BLOCKED, "LA-DISORG-03", lg_vis(g, i));
        e_->a[0] = i;
        e_->a[1] = with;
        return lg_ev_state(g, i, "LA-DISORG-03");
    }
    x->change_to = -1;
    if (col > 0) /* a column by company or by squadron (LA-FORM-22) */
        return set_column(g, i, col == 1, front, sq);
    LG_EV(g, LG_E_FORMATION, "LA-DISORG-02", lg_vis(g, i));
    e_->a[0] = i;
    e_->a[1] = x->formation;
    e_->a[2] = 0;
    e_->a[3] = 1;
    return WG_OK;
}

/* A committed menu or precise move, executed; `first` when it moved first by the right of way
   (LA-MOVE-02). */
static int do_move(wg_game *g, int i, int first)
{
    lg_state *s = LG_ST(g);
    lg_unit *x = &s->u[i];
    int k = x->pend_kind;
    la_unit u, after;
    lg_unit_of(&u, g, i);
    char why[WG_ERRMSG_CAP];
    int rc = lg_build_move(g, i, &u, k, x->pend_form, x->pend, &after, why);
    if (rc == WG_EILLEGAL)
        return WG_OK; /* cannot happen: checked when committed against the same unit */
    if (rc != WG_OK)
        return wg__seterr(g->err, rc, "%s", why);
    wg_pt from = u.ref;
    int rally = k == LG_MV_RALLY_FACE || k == LG_MV_RALLY_BACK, broke_off = 0;
    if (rally && x->melee_with >= 0) { /* cavalry breaks off its melee (LA-MELEERES-15) */
        int o = x->melee_with;
        if (s->u[o].melee_with == i)
            s->u[o].melee_with = -1;
        x->melee_with = -1;
        broke_off = 1;
    }
    int blocker = -1;
    int part = lg_slide(g, i, &u, &after, 0, 0, &blocker);
    /* a unit that passes through a ally puts both in disorder, but a ally of four times its
       figures (LA-DISORG-06, G-60) */
    int passed[LG_MAX];
    int np = k == LG_MV_WHEEL_LEFT || k == LG_MV_WHEEL_RIGHT || k == LG_MV_TURN ? 0
                                                                                 : passed_friends(g, i, &u, &after, passed, LG_MAX, 0);
    if (np > 0 && after.cohesion < LA_DISORDER)
        after.cohesion = LA_DISORDER;
    lg_set_pos(x, &after);
    for (int q = 0; q < np; q++) {
        lg_unit *y = &s->u[passed[q]];
        if (lg_figures(y) < 4 * lg_figures(x) && y->cohesion < LA_DISORDER) {
            y->cohesion = LA_DISORDER;
            if ((rc = lg_ev_state(g, passed[q], "LA-DISORG-06")) != WG_OK)
                return rc;
        }
    }
    if (np > 0 && (rc = lg_ev_state(g, i, "LA-DISORG-06")) != WG_OK)
        return rc;
    if (from.x != after.ref.x || from.y != after.ref.y || u.facing.x != after.facing.x || u.facing.y != after.facing.y)
        x->moved = 1;
    if (from.x != after.ref.x || from.y != after.ref.y)
        x->from_stream = (int8_t)la_crosses_water(g->map, from, after.ref, lg_scale_of(g)); /* LA-TERRAIN-14 */
    if (part < 1024 && blocker >= 0) {
        LG_EV(g, LG_E_BLOCKED, "LA-MOVE-02", lg_vis(g, i));
        e_->a[0] = i;
        e_->a[1] = blocker;
    }
    const char *rule = k == LG_MV_BACK                                    ? "LA-MOVE-19"
                       : rally                                            ? (broke_off ? "LA-MELEERES-15" : "LA-MOVE-08")
                       : k == LG_MV_FORCED                                ? "LA-MOVE-20"
                       : k == LG_MV_BRICOLE                               ? "LA-ARTMOVE-04"
                       : k == LG_MV_PROLONGE                              ? "LA-ARTMOVE-05"
                       : k >= LG_MV_WHEEL_LEFT && k <= LG_MV_WHEEL_RIGHT ? "LA-MOVE-14"
                                                                          : "LA-MOVE-17";
    if (k == LG_MV_FORCED)
        x->forced = 1; /* its officers stay with it until it re-forms (LA-OFFICER-15) */
    rc = lg_ev_moved(g, i, k, from, first ? "LA-MOVE-02" : rule);
    if (rc)
        return rc;
    if (rally || k == LG_MV_FORCED) /* a forced march never makes contact (LA-MOVE-21) */
        return WG_OK;
    return check_contact(g, i, blocker, 0);
}

/* The priority of a committed move (LA-MOVE-01): fall-backs, then charges and what they cause, then
   the rest. */
static int priority(const lg_unit *x)
{
    switch (x->pend_kind) {
    case LG_MV_FALLBACK:
    case LG_MV_RALLY_FACE:
    case LG_MV_RALLY_BACK: return 1; /* retreats, routs, flights and rallies first (LA-MOVE-01) */
    case LG_MV_DODGE:
    case LG_MV_ABANDON: return 2; /* moving together, the dodge is placed before the charge it escapes */
    case LG_MV_CHARGE:
    case LG_MV_ADVANCE_ON: return 3;
    default: return 4;
    }
}

/* The target of a unit's committed charge: its declared target, or its charger for a counter-charge. */
static int charge_at(const lg_state *s, int i)
{
    const lg_unit *x = &s->u[i];
    if (x->pend_kind != LG_MV_CHARGE)
        return -1;
    return x->marker == LG_M_CHARGE ? x->charge_target : x->charged_by >= 0 ? x->charged_by : x->cover_by;
}

/* The distance a charge covers in this half-period: a half-movement, and in the second half-period
   (that of contact) the whole charge bonus with it (LA-CHARGE-11). */
int32_t lg_road_reach(const wg_game *g, int i, int t, int32_t reach)
{
    la_unit u;
    lg_unit_of(&u, g, i);
    if (!g->map || t < 0 || !la_road_narrow(&u) || !la_on_road(g->map, u.ref, lg_centre_of(g, t), lg_scale_of(g)))
        return reach;
    return (int32_t)((int64_t)reach * 3 / 2);
}

/* The distance a charge of unit i at t covers in this half-period: half its movement in the first, the
   rest with the charge bonus in the second; half as far again along a road (LA-TERRAIN-17). */
static int charge_reach(wg_game *g, int i, int t, const la_unit *u, int32_t *reach)
{
    int32_t half = lg_mv_budget(g, u);
    *reach = lg_road_reach(g, i, t, half);
    if (LG_ST(g)->half == 1) {
        la_move_env e = lg_env(g);
        int32_t per = 0;
        if (la_charge_reach(&per, g->err, &e, u) != WG_OK)
            return WG_EDATA;
        *reach = lg_road_reach(g, i, t, per) - *reach;
    }
    return WG_OK;
}

/* A charge and the counter-charge that answers it move at once: they meet where their movements
   cross, both charging (LA-MOVE-05, LA-COUNTER-06). */
static int charge_pair(wg_game *g, int i, int t)
{
    lg_state *s = LG_ST(g);
    la_unit ui, ut;
    lg_unit_of(&ui, g, i);
    lg_unit_of(&ut, g, t);
    int32_t ri = 0, rt = 0, gap = lg_gap(g, i, t);
    int rc;
    if ((rc = charge_reach(g, i, t, &ui, &ri)) != WG_OK || (rc = charge_reach(g, t, i, &ut, &rt)) != WG_OK)
        return rc;
    int32_t part = ri;
    if ((int64_t)ri + rt >= gap && ri + rt > 0)
        part = (int32_t)((int64_t)gap * ri / ((int64_t)ri + rt)); /* i's share of the gap */
    const char *ri_rule = s->u[i].marker == LG_M_CHARGE ? "LA-CHARGE-10" : "LA-COUNTER-02";
    const char *rt_rule = s->u[t].marker == LG_M_CHARGE ? "LA-CHARGE-10" : "LA-COUNTER-02";
    if ((rc = move_toward(g, i, t, part, LG_MV_CHARGE, ri_rule, 1)) != WG_OK)
        return rc;
    if (s->u[i].melee_with < 0 && lg_active(s, t) && (rc = move_toward(g, t, i, rt, LG_MV_CHARGE, rt_rule, 1)) != WG_OK)
        return rc;
    /* both charged: each keeps its own effective charge (LA-CHARGE-10) */
    if (s->u[i].melee_with == t) {
        int32_t bi = lg_mv_budget(g, &ui), bt = lg_mv_budget(g, &ut);
        s->u[i].effective = (int8_t)(s->u[i].used >= bi);
        s->u[t].effective = (int8_t)(s->u[t].used >= bt);
        /* a counter-charge against the charge that stood a half-period before it: both charge when the
           gap left was at least the sum of their normal half-movements, else only the attacker, who has
           covered its half in a straight line (LA-COUNTER-06) */
        int ci = s->u[i].marker == LG_M_CHARGE, ct = s->u[t].marker == LG_M_CHARGE;
        if (ci != ct) {
            int a = ci ? i : t, c = ci ? t : i;
            s->u[c].effective = (int8_t)((int64_t)gap >= (int64_t)bi + bt);
            LG_EV(g, LG_E_COUNTERMET, "LA-COUNTER-06", ~0u);
            e_->a[0] = a;
            e_->a[1] = c;
            e_->a[2] = s->u[c].effective;
        }
    }
    return WG_OK;
}

/* The order of the ordinary moves (priority 4): by the units' order, but when two paths cross, the
   unit on the right of the other moves first (LA-MOVE-02).  first[i] marks a unit moved ahead of an
   earlier one. */
static void right_of_way(const wg_game *g, int *order, uint8_t *first)
{
    const lg_state *s = LG_ST(g);
    wg_pt a[LG_MAX], b[LG_MAX], f[LG_MAX];
    uint8_t left[LG_MAX] = {0};
    int n = 0, m = 0;
    for (int i = 0; i < s->nunit; i++) {
        const lg_unit *x = &s->u[i];
        la_unit u, after;
        lg_unit_of(&u, g, i);
        a[i] = b[i] = u.ref;
        f[i] = u.facing;
        if (!lg_active(s, i) || x->pend_kind < 0 || priority(x) != 4)
            continue;
        left[i] = 1;
        n++;
        int k = x->pend_kind;
        if (k != LG_MV_HALT && k != LG_MV_FORM && k != LG_MV_WHEEL_LEFT && k != LG_MV_WHEEL_RIGHT && k != LG_MV_TURN &&
            lg_build_move(g, i, &u, k, x->pend_form, x->pend, &after, NULL) == WG_OK)
            b[i] = after.ref;
    }
    while (n > 0) {
        int pick = -1, lowest = -1;
        for (int i = 0; i < s->nunit && pick < 0; i++) {
            if (!left[i])
                continue;
            if (lowest < 0)
                lowest = i;
            int yield = 0;
            for (int j = 0; j < s->nunit && !yield; j++) {
                if (j == i || !left[j] || wg__seg_seg(a[i], b[i], a[j], b[j]) != 2)
                    continue;
                /* j stands on i's right: beyond i's facing line on its right-hand side */
                int64_t rx = f[i].y, ry = -(int64_t)f[i].x;
                yield = (int64_t)(a[j].x - a[i].x) * rx + (int64_t)(a[j].y - a[i].y) * ry > 0;
            }
            if (!yield)
                pick = i;
        }
        if (pick < 0)
            pick = lowest; /* paths that cross in a ring: by the units' order */
        first[pick] = (uint8_t)(pick != lowest);
        left[pick] = 0;
        order[m++] = pick;
        n--;
    }
    for (int i = 0; i < s->nunit; i++) {
        const lg_unit *x = &s->u[i];
        if (!lg_active(s, i) || x->pend_kind < 0 || priority(x) != 4)
            order[m++] = i;
    }
}

int lg_resolve_half(wg_game *g)
{
    lg_state *s = LG_ST(g);
    uint8_t done[LG_MAX] = {0}, first[LG_MAX] = {0};
    int order[LG_MAX];
    for (int pr = 1; pr <= 4; pr++) {
        for (int i = 0; i < s->nunit; i++)
            order[i] = i;
        if (pr == 4)
            right_of_way(g, order, first);
        for (int oi = 0; oi < s->nunit; oi++) {
            int i = order[oi];
            lg_unit *x = &s->u[i];
            if (!lg_active(s, i) || x->pend_kind < 0 || priority(x) != pr || done[i])
                continue;
            int rc = WG_OK;
            la_unit u;
            lg_unit_of(&u, g, i);
            switch (x->pend_kind) {
            case LG_MV_FALLBACK: rc = fall_back(g, i); break;
            case LG_MV_DODGE: rc = dodge(g, i); break;
            case LG_MV_ABANDON: rc = abandon(g, i); break;
            case LG_MV_RETURN: rc = return_to_guns(g, i); break;
            case LG_MV_CHARGE: {
                int t = charge_at(s, i);
                if (t < 0 || !lg_active(s, t) || x->melee_with >= 0)
                    break;
                if (x->charge_two) { /* the first period of a two-period charge: no bonus (LA-CHARGE-07) */
                    rc = move_toward(g, i, t, lg_mv_budget(g, &u), LG_MV_CHARGE, "LA-CHARGE-07", 0);
                    break;
                }
                if (charge_at(s, t) == i && s->u[t].melee_with < 0 && !done[t] && !s->u[t].charge_two) {
                    done[t] = 1;
                    rc = charge_pair(g, i, t);
                    break;
                }
                int32_t reach = 0;
                if ((rc = charge_reach(g, i, t, &u, &reach)) != WG_OK)
                    return rc;
                rc = move_toward(g, i, t, reach, LG_MV_CHARGE, x->marker == LG_M_CHARGE ? "LA-CHARGE-10" : "LA-COUNTER-02",
                                 1);
                break;
            }
            case LG_MV_ADVANCE_ON: {
                int32_t d = 0;
                int t = lg_nearest_enemy(g, i, &d);
                if (t < 0 || x->melee_with >= 0)
                    break;
                if (u.formation == LA_SKIRMISH) {
                    /* skirmishers approach for the half-period only and stop 50/35 paces from the enemy
                       (LA-MORALERES-04) */
                    int32_t reach = lg_mv_budget(g, &u), room = d - lg_paces(g, 50, 35);
                    if (room < reach)
                        reach = room;
                    if (reach > 0)
                        rc = move_toward(g, i, t, reach, LG_MV_ADVANCE_ON, "LA-MORALERES-04", 0);
                    break;
                }
                /* close order charges the nearest enemy, undeclared (LA-MORALERES-03, LA-CHARGE-02) */
                rc = move_toward(g, i, t, lg_mv_budget(g, &u), LG_MV_ADVANCE_ON, "LA-MORALERES-03", 1);
                break;
            }
            case LG_MV_HALT: rc = continue_formation(g, i); break;
            case LG_MV_FORM: rc = start_formation(g, i, x->pend_form, LG_TURN_NONE, 0); break;
            case LG_MV_FORM_QLEFT:
            case LG_MV_FORM_QRIGHT:
                rc = start_formation(g, i, x->pend_form, x->pend_kind == LG_MV_FORM_QLEFT ? LG_TURN_LEFT : LG_TURN_RIGHT, 0);
                break;
            case LG_MV_QUARTER_LEFT: rc = start_formation(g, i, u.formation, LG_TURN_LEFT, 1); break;
            case LG_MV_QUARTER_RIGHT: rc = start_formation(g, i, u.formation, LG_TURN_RIGHT, 1); break;
            case LG_MV_HALF_TURN: rc = start_formation(g, i, u.formation, LG_TURN_ABOUT, 1); break;
            case LG_MV_WIDEN:
            case LG_MV_NARROW:
                x->change_front = (int8_t)irregular_front(g, i, &u, x->pend_kind == LG_MV_WIDEN);
                if (x->change_front > 0)
                    rc = start_formation(g, i, LA_IRREGULAR_MASS, LG_TURN_NONE, 0);
                break;
            case LG_MV_ROAD_NARROW: rc = start_narrow(g, i); break;
            case LG_MV_BY_COMPANY:
            case LG_MV_BY_SQUADRON: rc = start_column(g, i, x->pend_kind == LG_MV_BY_COMPANY); break;
            case LG_MV_FULL_COMPANY:
            case LG_MV_FULL_SQUADRON: rc = column_on_the_move(g, i, pr == 4 && first[i]); break;
            case LG_MV_DISMOUNT: rc = dismount(g, i); break;
            default: rc = do_move(g, i, pr == 4 && first[i]); break;
            }
            if (rc != WG_OK)
                return rc;
        }
    }
    /* a declared charge that reached nothing by the end of its second half-period is ineffective:
       without formation (LA-CHARGE-15) */
    if (s->half == 1)
        for (int i = 0; i < s->nunit; i++) {
            lg_unit *x = &s->u[i];
            if (lg_active(s, i) && x->pend_kind == LG_MV_CHARGE && x->melee_with < 0 && x->charge_two) {
                x->charge_next = x->charge_target; /* the charge goes on next period (LA-CHARGE-07) */
                continue;
            }
            if (lg_active(s, i) && x->pend_kind == LG_MV_CHARGE && x->melee_with < 0) {
                if (x->cohesion < LA_WITHOUT_FORMATION)
                    x->cohesion = LA_WITHOUT_FORMATION;
                int rc = lg_ev_state(g, i, "LA-CHARGE-15");
                if (rc)
                    return rc;
            }
        }
    /* a horse park an enemy touches is eliminated with its horses (LA-UNIT-22) */
    int rc = lg_parks_contacted(g);
    if (rc != WG_OK)
        return rc;
    for (int i = 0; i < s->nunit; i++)
        s->u[i].pend_kind = -1;
    return WG_OK;
}

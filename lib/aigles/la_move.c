/* Les Aigles: movement checks. */
#include "la_move.h"

#include "la_terrain.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int refuse(char *why, const char *fmt, ...) WG__PRINTF(2, 3);
static int refuse(char *why, const char *fmt, ...)
{
    if (why) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, WG_ERRMSG_CAP, fmt, ap);
        va_end(ap);
    }
    return WG_EILLEGAL;
}

static int is_cav(int arm) { return arm == LA_CAVALRY || arm == LA_IRREGULAR_CAVALRY; }
static int is_art(int arm) { return arm == LA_FOOT_ARTILLERY || arm == LA_HORSE_ARTILLERY; }
static int is_column(int f) { return f == LA_MARCH || f == LA_ATTACK || f == LA_DIVISION || f == LA_MASS; }

/* Guard, elite, veteran or regular (Veteran counts with them, G-27). */
static int good_status(const la_unit *u) { return la_unit_status(u) <= LA_REGULAR; }

int la_speed(int32_t *per_period, const char **label, char *err, const la_move_env *e, const la_unit *u)
{
    static const char *const labels[LA_NFORMATIONS] = {
        "line speed", "double-line speed", "march speed", "attack-column speed", "division-column speed",
        "extended-division speed", "mass speed", "hollow-square speed", "solid-square speed", "massed-square speed",
        "echelon speed", "skirmish speed", "foraging speed", "irregular speed", "limbered speed", "battery speed"};
    int f = u->formation;
    if (f == LA_SOLID_SQUARE || f == LA_MASSED_SQUARE) {
        *per_period = 0; /* a solid or massed square does not move (LA-FORM-20) */
        *label = labels[f];
        return WG_OK;
    }
    int wide = (u->arm == LA_INFANTRY || u->arm == LA_ENGINEERS) ? u->front > 6 : is_cav(u->arm) ? u->front > 4 : 0;
    int guard = la_unit_status(u) == LA_GUARD && (f == LA_DIVISION || f == LA_EXTENDED_DIVISION);
    if (wide && !guard && !u->irregular && f != LA_SKIRMISH && f != LA_FORAGING && f != LA_ECHELON)
        f = LA_LINE; /* LA-MOVE-03 */
    *label = labels[f];
    int rc = la_army_move(per_period, err, e->army, u->arm, f, la_unit_manoeuvre(u), e->scale);
    int section = 1; /* the figures of a section: its largest */
    for (int c = 0; c < u->ncomp; c++)
        if (u->comp[c].figures > section)
            section = u->comp[c].figures;
    if (rc == WG_OK && is_art(u->arm) && f == LA_LIMBERED && u->front > section) {
        /* limbered sections moving in line, more than one abreast: 20/15 paces less over the period
           (LA-ARTMOVE-08, LA-UNIT-17) */
        int32_t cut = (e->scale == LA_SCALE_25 ? 20 : 15) * WG_TABLE_UNIT;
        *per_period = *per_period > cut ? *per_period - cut : 0;
        *label = "limbered speed in line";
    }
    return rc;
}

/* Paces at the scale for a length in table units, rounded down. */
static long paces(int64_t v) { return (long)(v / WG_TABLE_UNIT); }

/* Whether k * |d| fits in budget, exactly. */
static int fits(wg_pt d, int k, int32_t budget)
{
    wg_pt o = {0, 0};
    int64_t d2 = wg__dist2(o, d);
    return wg__w_cmp(wg__w_mul(d2, (int64_t)k * k), wg__w_mul(budget, budget)) <= 0;
}

static int64_t length(wg_pt d)
{
    wg_pt o = {0, 0};
    return (int64_t)wg__isqrt64((uint64_t)wg__dist2(o, d));
}

static int advance(la_unit *after, int32_t *cost, char *why, const la_move_env *e, const la_unit *u,
                   const la_move *m, int32_t budget, int forced)
{
    int32_t allow = 0;
    const char *label = "";
    char err[WG_ERRMSG_CAP];
    int rc = la_speed(&allow, &label, err, e, u);
    if (rc != WG_OK) {
        if (why)
            snprintf(why, WG_ERRMSG_CAP, "%s", err);
        return rc;
    }
    if (!wg__geom_pts_ok(&m->to, 1))
        return refuse(why, "the destination is beyond the table's coordinates");
    wg_pt d = {m->to.x - u->ref.x, m->to.y - u->ref.y};
    int64_t len = length(d);
    if (d.x == 0 && d.y == 0) {
        *after = *u;
        *cost = 0;
        return WG_OK;
    }
    int64_t dot = (int64_t)u->facing.x * d.x + (int64_t)u->facing.y * d.y;
    if (dot <= 0)
        return refuse(why, "a move of %ld paces that does not go forward (LA-MOVE-19 for backward moves, LA-MOVE-14 "
                           "for wheels)", paces(len));
    int k = 1;
    const char *how = "an advance";
    int64_t cr = (int64_t)u->facing.x * d.y - (int64_t)u->facing.y * d.x;
    if (cr == 0) {
        /* straight ahead */
    } else if (wg__in_arc(u->ref, u->facing, WG__ARC_225, 0, 1, m->to)) {
        if (!good_status(u)) {
            k = 2; /* LA-MOVE-17: semi-regulars, militia and irregulars march obliquely at half speed */
            how = "an oblique advance at half speed";
        }
    } else if (wg__in_arc(u->ref, u->facing, WG__ARC_45, 0, 1, m->to)) {
        if (!good_status(u))
            return refuse(why, "semi-regular, militia and irregular troops march obliquely up to 22.5 degrees only "
                               "(LA-MOVE-17)");
        k = 2;
        how = "an oblique advance beyond 22.5 degrees, at half speed";
    } else {
        return refuse(why, "an oblique march of more than 45 degrees (LA-MOVE-17)");
    }
    if (forced) {
        if (!(is_art(u->arm) ? u->formation == LA_LIMBERED : u->formation == LA_MARCH))
            return refuse(why, "a forced march is made in column of march, or limbered (LA-MOVE-20)");
        if (is_art(u->arm) && u->front > LA_SECTION_FRONT)
            return refuse(why, "limbered artillery marches forced on a section's front, not %d figures (LA-UNIT-17)",
                          u->front);
        if (u->cohesion >= LA_DISORGANISED)
            return refuse(why, "a disorganised unit may not force-march (LA-MOVE-22)");
        budget = budget > INT32_MAX / 2 ? INT32_MAX : budget * 2; /* double speed */
        how = k == 1 ? "a forced march" : "an oblique forced march at half speed";
    }
    la_path path = {(int32_t)(k * len), u->cohesion, 0};
    if (e->map) {
        char twhy[WG_ERRMSG_CAP];
        int rc2 = la_path_cost(&path, twhy, e->map, u, u->ref, m->to, (int32_t)(k * len), allow, e->scale, &e->terrain);
        if (rc2 != WG_OK) {
            if (why)
                snprintf(why, WG_ERRMSG_CAP, "%s", twhy);
            return rc2;
        }
    }
    /* along a road a narrow column goes half as far again: the distance costs two thirds of itself
       (LA-TERRAIN-17, LA-ARTMOVE-07) */
    int on_road = e->map && la_on_road(e->map, u->ref, m->to, e->scale);
    int road = on_road && la_road_narrow(u);
    const char *wide = on_road && !road ? "; no road bonus, the column's front is too wide (LA-TERRAIN-17)" : "";
    if (road) {
        if ((int64_t)path.cost * 2 > (int64_t)budget * 3)
            return refuse(why, "%s of %ld paces along the road exceeds the %ld paces left there (the %ld left, half as "
                               "far again for a narrow column; the %s is %ld a period) (LA-TERRAIN-17)", how,
                          paces(path.cost), paces((int64_t)budget * 3 / 2), paces(budget), label, paces(allow));
        path.cost = (int32_t)(((int64_t)path.cost * 2 + 2) / 3);
    } else if (path.cost > k * len) {
        if (path.cost > budget)
            return refuse(why, "%s of %ld paces costs %ld with the terrain, more than the %ld paces left (the %s is %ld "
                               "a period%s) (LA-TERRAIN)", how, paces(len), paces(path.cost), paces(budget), label,
                          paces(allow), wide);
    } else if (!fits(d, k, budget)) {
        if (k == 1)
            return refuse(why, "%s of %ld paces exceeds the %ld paces left (the %s is %ld a period%s%s) (%s)", how,
                          paces(len), paces(budget), label, paces(allow), forced ? ", doubled" : "", wide,
                          forced ? "LA-MOVE-20" : "LA-MOVE-03");
        return refuse(why, "%s of %ld paces takes %ld of the %ld paces left (the %s is %ld a period) (LA-MOVE-17)",
                      how, paces(len), paces(2 * len), paces(budget), label, paces(allow));
    }
    *after = *u;
    after->ref = m->to;
    after->cohesion = path.cohesion;
    if (forced)
        after->cohesion = after->cohesion > LA_WITHOUT_FORMATION ? after->cohesion : LA_WITHOUT_FORMATION; /* LA-MOVE-20 */
    *cost = (int32_t)(path.cost / (forced ? 2 : 1));
    return WG_OK;
}

static int backward(la_unit *after, int32_t *cost, char *why, const la_move_env *e, const la_unit *u,
                    const la_move *m, int32_t budget)
{
    if (!(u->arm == LA_INFANTRY || u->arm == LA_ENGINEERS) || !good_status(u) ||
        (u->formation != LA_LINE && u->formation != LA_SKIRMISH))
        return refuse(why, "only guard, elite, veteran or regular infantry in line or skirmish order moves backward "
                           "(LA-MOVE-19)");
    if (!wg__geom_pts_ok(&m->to, 1))
        return refuse(why, "the destination is beyond the table's coordinates");
    wg_pt d = {m->to.x - u->ref.x, m->to.y - u->ref.y}, back = {-u->facing.x, -u->facing.y};
    if (d.x == 0 && d.y == 0) {
        *after = *u;
        *cost = 0;
        return WG_OK;
    }
    if (!wg__in_arc(u->ref, back, WG__ARC_225, 0, 1, m->to))
        return refuse(why, "a backward move goes straight back, within 22.5 degrees (LA-MOVE-19)");
    int64_t len = length(d);
    la_path path = {(int32_t)(2 * len), u->cohesion, 0};
    if (e->map) {
        char twhy[WG_ERRMSG_CAP];
        int rc2 = la_path_cost(&path, twhy, e->map, u, u->ref, m->to, (int32_t)(2 * len), 0, e->scale, &e->terrain);
        if (rc2 != WG_OK) {
            if (why)
                snprintf(why, WG_ERRMSG_CAP, "%s", twhy);
            return rc2;
        }
    }
    if (path.cost > 2 * len ? path.cost > budget : !fits(d, 2, budget))
        return refuse(why, "a backward move of %ld paces at half speed takes %ld of the %ld paces left (LA-MOVE-19)",
                      paces(len), paces(path.cost), paces(budget));
    *after = *u;
    after->ref = m->to;
    after->cohesion = path.cohesion;
    *cost = path.cost;
    return WG_OK;
}

/* The front-left and front-right corners of the unit with facing f and reference point c. */
static int front_edge(wg_pt *fl, wg_pt *fr, wg_pt c, wg_pt f, int32_t width)
{
    wg_quad q;
    if (wg__base_quad(&q, c, f, width, 0) != 0)
        return -1;
    *fl = q.p[0];
    *fr = q.p[1];
    return 0;
}

static int wheel(la_unit *after, int32_t *cost, char *why, const la_move_env *e, const la_unit *u,
                 const la_move *m, int32_t budget)
{
    if (is_art(u->arm))
        return refuse(why, "a battery pivots in phase 2, limbered sections move freely (LA-SEQ-07, LA-FORM-25)");
    wg_pt g = m->facing;
    if ((g.x == 0 && g.y == 0) || !wg__geom_pts_ok(&g, 1))
        return refuse(why, "a wheel needs a new facing (a non-zero vector within the coordinate bounds)");
    if (m->pivot < 0 || m->pivot >= u->front)
        return refuse(why, "the pivot is figure %d of a front of %d (0..%d)", m->pivot, u->front, u->front - 1);
    int32_t bf = 0, bd = 0;
    int rc = la_base_size(&bf, &bd, e->tabs, u->arm, u->formation, e->scale);
    if (rc != WG_OK)
        return rc;
    int64_t width = (int64_t)u->front * bf;
    if (width > WG__GEOM_MAX_SIZE)
        return refuse(why, "the unit's front is too wide");
    int64_t theta = wg__angle_q32(u->facing, g);
    /* LA-MOVE-15, LA-MOVE-18: an infantry column of six figures' front or less, and a separated
       squadron, turn freely: no fixed pivot, no half speed */
    int free_turn = ((u->arm == LA_INFANTRY || u->arm == LA_ENGINEERS) && is_column(u->formation) && u->front <= 6) ||
                    (is_cav(u->arm) && u->ncomp == 1 &&
                     (la_unit_manoeuvre(u) == LA_MAN_A || la_unit_figures(u) <= 3));
    *after = *u;
    after->facing = g;
    if (free_turn) {
        *cost = 0;
        return WG_OK;
    }
    int far = m->pivot > u->front - 1 - m->pivot ? m->pivot : u->front - 1 - m->pivot;
    int64_t r = (int64_t)far * bf; /* centre of the pivot figure to centre of the furthest one */
    int64_t arc = (r * theta) >> 32;
    int k = good_status(u) ? 1 : 2; /* LA-MOVE-11, LA-MOVE-14 */
    if (k * arc > budget)
        return refuse(why, "a wheel of %ld paces for the outer figure%s exceeds the %ld paces left (LA-MOVE-%s)",
                      paces(arc), k == 2 ? " at half speed" : "", paces(budget), k == 2 ? "11" : "14");
    /* the pivot figure's front centre stays where it is */
    wg_pt fl, fr, gl, gr;
    if (front_edge(&fl, &fr, u->ref, u->facing, (int32_t)width) != 0)
        return refuse(why, "the unit lies beyond the table's coordinates");
    int64_t num = 2 * m->pivot + 1, den = 2 * (int64_t)u->front;
    wg_pt piv = {(int32_t)(fl.x + ((int64_t)fr.x - fl.x) * num / den), (int32_t)(fl.y + ((int64_t)fr.y - fl.y) * num / den)};
    wg_pt o = {0, 0};
    if (front_edge(&gl, &gr, o, g, (int32_t)width) != 0)
        return refuse(why, "the unit lies beyond the table's coordinates");
    wg_pt off = {(int32_t)(gl.x + ((int64_t)gr.x - gl.x) * num / den), (int32_t)(gl.y + ((int64_t)gr.y - gl.y) * num / den)};
    wg_pt nref = {piv.x - off.x, piv.y - off.y};
    if (!wg__geom_pts_ok(&nref, 1))
        return refuse(why, "the unit would leave the table's coordinates");
    after->ref = nref;
    *cost = (int32_t)(k * arc);
    return WG_OK;
}

static int turn(la_unit *after, int *halves, char *why, const la_move_env *e, const la_unit *u, const la_move *m, int half)
{
    if (is_art(u->arm))
        return refuse(why, "a battery pivots in phase 2, limbered sections move freely (LA-SEQ-07, LA-FORM-25)");
    wg_quad q;
    if (la_unit_footprint(&q, u, e->tabs, e->scale) != WG_OK)
        return refuse(why, "the unit lies beyond the table's coordinates");
    *after = *u;
    if (half) {
        /* LA-MOVE-13: half a period for good infantry and light cavalry, a period for semi-regular,
           militia and irregular infantry and for heavy cavalry (G-47) */
        if (is_cav(u->arm))
            *halves = u->heavy ? 2 : 1;
        else
            *halves = good_status(u) ? 1 : 2;
        if (u->irregular)
            *halves = 1; /* irregulars turn in any direction in half a period (LA-UNIT-26) */
        after->facing.x = -u->facing.x;
        after->facing.y = -u->facing.y;
        after->ref.x = (int32_t)(((int64_t)q.p[2].x + q.p[3].x) / 2);
        after->ref.y = (int32_t)(((int64_t)q.p[2].y + q.p[3].y) / 2);
        return WG_OK;
    }
    /* LA-MOVE-12: skirmishers, a halted massed battalion, a solid square, a double line */
    if (u->formation != LA_SKIRMISH && u->formation != LA_MASS && u->formation != LA_SOLID_SQUARE &&
        u->formation != LA_MASSED_SQUARE && u->formation != LA_DOUBLE_LINE && !u->irregular)
        return refuse(why, "a quarter-turn on the spot is for skirmishers, a halted massed battalion, a solid square "
                           "or a double line (LA-MOVE-12)");
    *halves = 1;
    if (m->left) {
        after->facing.x = -u->facing.y;
        after->facing.y = u->facing.x;
        after->ref.x = (int32_t)(((int64_t)q.p[3].x + q.p[0].x) / 2);
        after->ref.y = (int32_t)(((int64_t)q.p[3].y + q.p[0].y) / 2);
    } else {
        after->facing.x = u->facing.y;
        after->facing.y = -u->facing.x;
        after->ref.x = (int32_t)(((int64_t)q.p[1].x + q.p[2].x) / 2);
        after->ref.y = (int32_t)(((int64_t)q.p[1].y + q.p[2].y) / 2);
    }
    return WG_OK;
}

int la_move_check(la_unit *after, int32_t *cost, int *halves, char *why, const la_move_env *e, const la_unit *u,
                  const la_move *m, int32_t budget)
{
    *cost = 0;
    *halves = 0;
    if (budget < 0)
        budget = 0;
    switch (m->kind) {
    case LA_MV_ADVANCE: return advance(after, cost, why, e, u, m, budget, 0);
    case LA_MV_FORCED: return advance(after, cost, why, e, u, m, budget, 1);
    case LA_MV_BACKWARD: return backward(after, cost, why, e, u, m, budget);
    case LA_MV_WHEEL: return wheel(after, cost, why, e, u, m, budget);
    case LA_MV_HALF_TURN: return turn(after, halves, why, e, u, m, 1);
    case LA_MV_QUARTER_TURN: return turn(after, halves, why, e, u, m, 0);
    default: return refuse(why, "no move of kind %d", m->kind);
    }
}

static int charge_bonus(int32_t *out, char *err, const la_move_env *e, int arm)
{
    if (!e->army->has_charge_bonus[arm]) {
        if (err)
            snprintf(err, WG_ERRMSG_CAP, "the army list gives no charge bonus for %s (record 'charge-bonus %s d25= "
                                         "d15=')", la_arm_name[arm], la_arm_name[arm]);
        return WG_EDATA;
    }
    *out = (int32_t)e->army->charge_bonus[arm].v[e->scale == LA_SCALE_15 ? 1 : 0] * WG_TABLE_UNIT;
    return WG_OK;
}

int la_charge_reach(int32_t *per_period, char *err, const la_move_env *e, const la_unit *u)
{
    int32_t v = 0, b = 0;
    const char *label = NULL;
    int rc = la_speed(&v, &label, err, e, u);
    if (rc != WG_OK)
        return rc;
    if (u->formation != LA_FORAGING && (rc = charge_bonus(&b, err, e, u->arm)) != WG_OK)
        return rc;
    *per_period = v + b;
    return WG_OK;
}

int la_dodge_speed(int32_t *per_half, char *err, const la_move_env *e, const la_unit *u)
{
    int32_t v = 0, b = 0;
    int rc = la_army_move(&v, err, e->army, u->arm, LA_MARCH, la_unit_manoeuvre(u), e->scale);
    if (rc == WG_OK)
        rc = charge_bonus(&b, err, e, u->arm);
    if (rc != WG_OK)
        return rc;
    *per_half = (v + b) / 2;
    return WG_OK;
}

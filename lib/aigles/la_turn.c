/* Les Aigles: the period as decisions (LA-SEQ-01): markers placed in secret (phase 1), turned over
   with the charges declared and the charged units' reactions (phase 2), moves committed sealed by
   each side and resolved together in the printed priority order for each half-period (phase 3),
   fire (phase 4), melee (phase 5), and the morale tests, during play and at the end of the period
   (phase 6, LA-SEQ-02). */
#include "aigles.h"

#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- small helpers */

static int is_cav(int arm) { return arm == LA_CAVALRY || arm == LA_IRREGULAR_CAVALRY; }
static int is_art(int arm) { return arm == LA_FOOT_ARTILLERY || arm == LA_HORSE_ARTILLERY; }
static int is_foot(int arm) { return arm == LA_INFANTRY || arm == LA_ENGINEERS; }
static int is_square(int f) { return f == LA_HOLLOW_SQUARE || f == LA_SOLID_SQUARE || f == LA_MASSED_SQUARE; }

static int scale_of(const wg_game *g) { return LG_RD(g)->battle.scale; }

/* A pace pair of the rulebook at the game's scale, in table units (G-46: both are stored). */
static int32_t paces(const wg_game *g, int p25, int p15)
{
    return (int32_t)((scale_of(g) == LA_SCALE_25 ? p25 : p15) * WG_TABLE_UNIT);
}

static int64_t isqrt_len(int64_t x, int64_t y)
{
    return (int64_t)wg__isqrt64((uint64_t)(x * x + y * y));
}

/* A vector along (fx, fy) of length strictly below len (table units). */
static wg_pt along(int32_t fx, int32_t fy, int32_t len)
{
    /* a short facing such as (0, 1) is scaled up first, so that the +1 keeping the length below
       len costs a negligible part of it */
    int64_t x = fx, y = fy;
    while ((x || y) && x > -(INT64_C(1) << 20) && x < (INT64_C(1) << 20) && y > -(INT64_C(1) << 20) &&
           y < (INT64_C(1) << 20)) {
        x *= 2;
        y *= 2;
    }
    int64_t l = isqrt_len(x, y) + 1;
    wg_pt d = {(int32_t)(x * len / l), (int32_t)(y * len / l)};
    return d;
}

/* The facing turned by about 22.4 degrees (tan 380/924, inside the 22.5-degree arc): left is
   counter-clockwise seen from above. */
static wg_pt rotate(int32_t fx, int32_t fy, int left)
{
    wg_pt n = along(fx, fy, 10000);
    int64_t x = n.x, y = n.y;
    wg_pt r;
    if (left) {
        r.x = (int32_t)((x * 924 - y * 380) / 1000);
        r.y = (int32_t)((x * 380 + y * 924) / 1000);
    } else {
        r.x = (int32_t)((x * 924 + y * 380) / 1000);
        r.y = (int32_t)((-x * 380 + y * 924) / 1000);
    }
    return r;
}

static wg_pt centre_of(const wg_game *g, int i)
{
    la_unit u;
    wg_quad q;
    lg_unit_of(&u, g, i);
    if (la_unit_footprint(&q, &u, g->tables, scale_of(g)) != WG_OK)
        return u.ref;
    wg_pt c = {(int32_t)(((int64_t)q.p[0].x + q.p[1].x + q.p[2].x + q.p[3].x) / 4),
               (int32_t)(((int64_t)q.p[0].y + q.p[1].y + q.p[2].y + q.p[3].y) / 4)};
    return c;
}

/* The unit turned to face f: a turn of more than 90 degrees is a half-turn about its middle, so the
   new front edge stands where its rear edge was (the figures stay where they were). */
static void face_to(const wg_game *g, la_unit *u, wg_pt f)
{
    int64_t dot = (int64_t)u->facing.x * f.x + (int64_t)u->facing.y * f.y;
    wg_quad q;
    if (dot < 0 && la_unit_footprint(&q, u, g->tables, LG_RD(g)->battle.scale) == WG_OK) {
        u->ref.x = (int32_t)(((int64_t)q.p[2].x + q.p[3].x) / 2);
        u->ref.y = (int32_t)(((int64_t)q.p[2].y + q.p[3].y) / 2);
    }
    u->facing = f;
}

static const la_type *type_of(const wg_game *g, int i, int c)
{
    const lg_rdata *rd = LG_RD(g);
    return &rd->army.type[rd->battle.unit[i].type[c]];
}

/* The unit's half-period distance (table units): half its speed; 0 when the army list lacks it. */
static int32_t half_move(const wg_game *g, const la_unit *u)
{
    la_move_env e = lg_env(g);
    int32_t per = 0;
    const char *label = NULL;
    if (la_speed(&per, &label, NULL, &e, u) != WG_OK)
        return 0;
    return per / 2;
}

/* The range of the unit's fire: its weapon's, or its calibre's longest (table units); 0 for none. */
static int32_t fire_range(const wg_game *g, int i, const la_unit *u)
{
    const lg_rdata *rd = LG_RD(g);
    int sc = scale_of(g);
    int32_t best = 0;
    for (int c = 0; c < u->ncomp; c++) {
        if (u->comp[c].figures <= 0)
            continue;
        const la_type *t = type_of(g, i, c);
        int32_t r = 0;
        if (is_art(t->arm) && t->calibre >= 0)
            r = (int32_t)rd->army.calibre[t->calibre].max.v[sc] * WG_TABLE_UNIT;
        else if (t->weapon >= 0)
            r = (int32_t)rd->army.weapon[t->weapon].range.v[sc] * WG_TABLE_UNIT;
        if (r > best)
            best = r;
    }
    return best;
}

static int area_flags_at(const wg_game *g, wg_pt p, uint32_t *flags)
{
    int a = wg__map_table_area_at(g->map, p);
    *flags = 0;
    if (a >= 0)
        wg_map_flags(flags, g->map, a);
    return a;
}

/* The nearest active enemy of unit i (base to base), -1 for none. */
static int nearest_enemy(const wg_game *g, int i, int32_t *dist)
{
    const lg_state *s = LG_ST(g);
    int best = -1;
    int32_t bd = INT32_MAX;
    for (int j = 0; j < s->nunit; j++) {
        if (!lg_active(s, j) || lg_side(g, j) == lg_side(g, i))
            continue;
        int32_t d = lg_gap(g, i, j);
        if (d < bd) {
            bd = d;
            best = j;
        }
    }
    if (dist)
        *dist = bd;
    return best;
}

/* ---------------------------------------------------------------- events */

static wg_event *ev(wg_game *g, int kind, const char *rule, uint32_t visible)
{
    return wg__event(g, kind, rule, visible);
}

#define EV(g, kind, rule, vis)                                                                                         \
    wg_event *e_ = ev(g, kind, rule, vis);                                                                             \
    if (!e_)                                                                                                           \
        return WG_ENOMEM;

static int ev_state(wg_game *g, int i, const char *rule)
{
    const lg_unit *x = &LG_ST(g)->u[i];
    EV(g, LG_E_STATE, rule, ~0u);
    e_->a[0] = i;
    e_->a[1] = x->morale;
    e_->a[2] = x->cohesion;
    return WG_OK;
}

/* Removes figures for `losses` with the carried remainder (LA-LOSSES-06): from the company with the
   most figures, the centre one on a tie (LA-LOSSES-03). */
static int take_losses(wg_game *g, int i, int losses, const char *rule)
{
    lg_state *s = LG_ST(g);
    lg_unit *x = &s->u[i];
    if (losses <= 0)
        return WG_OK;
    int rem = x->remainder;
    int figs = la_remove_figures(&rem, losses, lg_per_figure(g));
    x->remainder = (int16_t)rem;
    x->losses_turn = (int16_t)(x->losses_turn + losses);
    x->lost_men = (int16_t)(x->lost_men + losses);
    int ncomp = LG_RD(g)->battle.unit[i].u.ncomp;
    int removed = 0;
    for (int k = 0; k < figs; k++) {
        int best = -1;
        for (int c = 0; c < ncomp; c++) {
            if (x->fig[c] <= 0)
                continue;
            int dc = 2 * c - (ncomp - 1), db = best < 0 ? 0 : 2 * best - (ncomp - 1);
            dc = dc < 0 ? -dc : dc;
            db = db < 0 ? -db : db;
            if (best < 0 || x->fig[c] > x->fig[best] || (x->fig[c] == x->fig[best] && dc < db))
                best = c;
        }
        if (best < 0)
            break;
        x->fig[best]--;
        removed++;
    }
    int left = lg_figures(x);
    if (x->front > left)
        x->front = (int8_t)(left > 0 ? left : 1);
    {
        EV(g, LG_E_REMOVED, rule, ~0u);
        e_->a[0] = i;
        e_->a[1] = removed;
        e_->a[2] = x->remainder;
        e_->a[3] = left;
    }
    if (left <= 0) {
        x->off = 2;
        int o = x->melee_with;
        if (o >= 0) {
            s->u[o].melee_with = -1;
            x->melee_with = -1;
        }
        EV(g, LG_E_LEFT, "LA-LOSSES-06", ~0u);
        e_->a[0] = i;
        e_->a[1] = 2;
    }
    return WG_OK;
}

/* ---------------------------------------------------------------- markers (phase 1) */

static int formation_choices(const wg_game *g, int i, const la_unit *u, int *out);

int lg_marker_ok(const wg_game *g, int i, int m, char *why)
{
    const lg_state *s = LG_ST(g);
    la_unit u;
    lg_unit_of(&u, g, i);
    switch (m) {
    case LG_M_NONE: return WG_OK;
    case LG_M_MOVE:
        if (is_art(u.arm) && u.formation == LA_IN_BATTERY)
            return wg__seterr(why, WG_EILLEGAL, "a battery in battery limbers before it moves (LA-ARTMOVE-01)");
        if (half_move(g, &u) <= 0)
            return wg__seterr(why, WG_EILLEGAL, "the army list gives this unit no movement in its formation");
        return WG_OK;
    case LG_M_FORMATION: {
        if (s->u[i].change_left > 0)
            return wg__seterr(why, WG_EILLEGAL, "the unit is still changing formation (LA-FORMTIME)");
        int forms[LA_NFORMATIONS];
        if (formation_choices(g, i, &u, forms) <= 0)
            return wg__seterr(why, WG_EILLEGAL, "the unit has no other formation to take (LA-FORM)");
        return WG_OK;
    }
    case LG_M_WITHDRAW:
        if ((is_foot(u.arm) && u.formation == LA_LINE) || (is_art(u.arm) && u.formation == LA_IN_BATTERY))
            return WG_OK;
        return wg__seterr(why, WG_EILLEGAL, "a Withdrawal marker is for infantry in line or artillery in battery "
                                            "(LA-MARKERS-03)");
    case LG_M_FIRE:
        if (is_art(u.arm) && u.formation != LA_IN_BATTERY)
            return wg__seterr(why, WG_EILLEGAL, "limbered artillery does not fire (LA-ARTFIRE)");
        if (fire_range(g, i, &u) <= 0)
            return wg__seterr(why, WG_EILLEGAL, "the unit has no fire weapon in the army list");
        return WG_OK;
    case LG_M_CHARGE: {
        char w[WG_ERRMSG_CAP];
        if (la_may_charge(w, &u) != WG_OK)
            return wg__seterr(why, WG_EILLEGAL, "%s", w);
        int t[LG_MAX];
        if (lg_charge_targets(g, i, t, LG_MAX) <= 0)
            return wg__seterr(why, WG_EILLEGAL, "no enemy in sight within the charge's reach (LA-CHARGE-01)");
        return WG_OK;
    }
    case LG_M_DODGE:
        if (is_art(u.arm))
            return wg__seterr(why, WG_EILLEGAL, "guns do not dodge; gunners abandon them (LA-DODGE-08)");
        return WG_OK;
    case LG_M_REST:
        if (s->u[i].fatigue <= 0)
            return wg__seterr(why, WG_EILLEGAL, "a Rest marker removes fatigue, and the unit has none (LA-MARKERS-08)");
        return WG_OK;
    default: return wg__seterr(why, WG_EILLEGAL, "no marker %d", m);
    }
}

/* A unit receives a marker when it obeys its orders and is not in a melee (LA-MARKERS-01, -04). */
static int needs_marker(const wg_game *g, int i)
{
    const lg_state *s = LG_ST(g);
    const lg_unit *x = &s->u[i];
    if (!lg_active(s, i) || x->melee_with >= 0 || (x->morale != LA_OBEY && x->morale != LA_HALT) ||
        x->change_left > 0)
        return 0; /* a unit part-way through a change of formation goes on with it (LA-MARKERS-04) */
    int n = 0;
    for (int m = 0; m < LG_NMARKERS; m++)
        n += lg_marker_ok(g, i, m, NULL) == WG_OK;
    return n > 1;
}

/* ---------------------------------------------------------------- charges (phase 2) */

/* Enemies the unit sees within the reach of its charge over the period, in its front arc (the enemy
   directly in front, LA-CHARGE-01, -03, G-05). */
int lg_charge_targets(const wg_game *g, int i, int *targets, int cap)
{
    const lg_state *s = LG_ST(g);
    la_unit u;
    lg_unit_of(&u, g, i);
    la_move_env e = lg_env(g);
    int32_t reach = 0;
    if (la_charge_reach(&reach, NULL, &e, &u) != WG_OK)
        return 0;
    int n = 0;
    for (int j = 0; j < s->nunit && n < cap; j++) {
        if (!lg_active(s, j) || lg_side(g, j) == lg_side(g, i) || s->u[j].off)
            continue;
        la_unit t;
        lg_unit_of(&t, g, j);
        int yes = 0;
        if (la_threatens(&yes, &u, &t, reach, g->tables, scale_of(g)) != WG_OK || !yes)
            continue;
        if (!lg_sees(g, i, j))
            continue;
        /* cavalry does not charge into a wood or a construction (LA-CHARGE-13) */
        if (is_cav(u.arm)) {
            uint32_t fl = 0;
            area_flags_at(g, centre_of(g, j), &fl);
            if (fl & (LG_RD(g)->block_flags))
                continue;
        }
        targets[n++] = j;
    }
    return n;
}

int lg_react_ok(const wg_game *g, int i, int r, char *why)
{
    const lg_state *s = LG_ST(g);
    const lg_unit *x = &s->u[i];
    const la_order *o = &LG_RD(g)->battle.unit[i].order;
    la_unit u;
    lg_unit_of(&u, g, i);
    int by = x->charged_by;
    if (by < 0)
        return wg__seterr(why, WG_EILLEGAL, "the unit is not charged");
    la_unit c;
    lg_unit_of(&c, g, by);
    switch (r) {
    case LG_R_STAND: return WG_OK;
    case LG_R_COUNTER: {
        char w[WG_ERRMSG_CAP];
        if (o->kind == LA_ORD_HOLD)
            return wg__seterr(why, WG_EILLEGAL, "a Hold order forbids the counter-charge (LA-COUNTER-07)");
        if (o->kind == LA_ORD_HARASS)
            return wg__seterr(why, WG_EILLEGAL, "a Harass order dodges a charge (LA-DODGE-07)");
        if (la_may_charge(w, &u) != WG_OK)
            return wg__seterr(why, WG_EILLEGAL, "%s", w);
        if (is_foot(u.arm) && is_cav(c.arm))
            return wg__seterr(why, WG_EILLEGAL, "infantry does not counter-charge cavalry (LA-ORDERS-03)");
        if (!lg_sees(g, i, by))
            return wg__seterr(why, WG_EILLEGAL, "the unit does not see its charger (LA-COUNTER-02)");
        return WG_OK;
    }
    case LG_R_DODGE:
        if (is_art(u.arm))
            return wg__seterr(why, WG_EILLEGAL, "guns do not dodge (LA-DODGE-08)");
        if (x->melee_with >= 0)
            return wg__seterr(why, WG_EILLEGAL, "a unit in melee does not dodge");
        return WG_OK;
    default: return wg__seterr(why, WG_EILLEGAL, "no reaction %d", r);
    }
}

/* Whether the reaction is forced: Attack counter-charges, Harass dodges (LA-COUNTER-07, LA-DODGE-07). */
static int forced_reaction(const wg_game *g, int i)
{
    const la_order *o = &LG_RD(g)->battle.unit[i].order;
    if (o->kind == LA_ORD_ATTACK && lg_react_ok(g, i, LG_R_COUNTER, NULL) == WG_OK)
        return LG_R_COUNTER;
    if (o->kind == LA_ORD_HARASS && lg_react_ok(g, i, LG_R_DODGE, NULL) == WG_OK)
        return LG_R_DODGE;
    return -1;
}

/* ---------------------------------------------------------------- moves (phase 3) */

static int mv_budget(const wg_game *g, const la_unit *u)
{
    return half_move(g, u);
}

/* Whether the unit stands wholly on the table. */
static int on_table(const wg_game *g, const la_unit *u)
{
    const lg_rdata *rd = LG_RD(g);
    wg_quad q;
    if (la_unit_footprint(&q, u, g->tables, scale_of(g)) != WG_OK)
        return 0;
    for (int k = 0; k < 4; k++)
        if (q.p[k].x < 0 || q.p[k].y < 0 || q.p[k].x > rd->width || q.p[k].y > rd->depth)
            return 0;
    return 1;
}

/* The move of kind k for unit u as a la_move, checked against the half-period; the unit after it. */
static int build_move(const wg_game *g, int i, const la_unit *u, int k, int form, const int32_t *p, la_unit *after,
                      char *why)
{
    la_move_env e = lg_env(g);
    int32_t budget = mv_budget(g, u);
    la_move m;
    memset(&m, 0, sizeof m);
    (void)form;
    (void)i;
    int32_t cost = 0;
    int halves = 0;
    switch (k) {
    case LG_MV_FULL:
    case LG_MV_HALF: {
        wg_pt d = along(u->facing.x, u->facing.y, k == LG_MV_FULL ? budget : budget / 2);
        m.kind = LA_MV_ADVANCE;
        m.to.x = u->ref.x + d.x;
        m.to.y = u->ref.y + d.y;
        break;
    }
    case LG_MV_OBL_LEFT:
    case LG_MV_OBL_RIGHT: {
        wg_pt f = rotate(u->facing.x, u->facing.y, k == LG_MV_OBL_LEFT);
        int good = la_unit_status(u) <= LA_REGULAR;
        wg_pt d = along(f.x, f.y, good ? budget : budget / 2); /* LA-MOVE-17 */
        m.kind = LA_MV_ADVANCE;
        m.to.x = u->ref.x + d.x;
        m.to.y = u->ref.y + d.y;
        break;
    }
    case LG_MV_WHEEL_LEFT:
    case LG_MV_WHEEL_RIGHT:
        m.kind = LA_MV_WHEEL;
        m.facing = rotate(u->facing.x, u->facing.y, k == LG_MV_WHEEL_LEFT);
        m.pivot = k == LG_MV_WHEEL_LEFT ? 0 : u->front - 1;
        break;
    case LG_MV_BACK: {
        wg_pt d = along(-u->facing.x, -u->facing.y, budget / 2);
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
    default: *after = *u; return WG_OK;
    }
    int rc = la_move_check(after, &cost, &halves, why, &e, u, &m, budget);
    if (rc != WG_OK)
        return rc;
    if (halves > 0)
        return wg__seterr(why, WG_EILLEGAL, "the turn takes %d more half-period(s) than the move allows", halves);
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
    case LA_LIMBERED: cand[0] = (n + 1) / 2; cand[1] = n; cand[2] = 1; break;
    default: break;
    }
    for (int k = 0; k < 6 && cand[k]; k++)
        if (cand[k] >= 1 && cand[k] <= n && la_formation_check(NULL, 0, u, f, cand[k]) == WG_OK)
            return cand[k];
    return 0;
}

/* The formations the unit may change into (the re-forming of its own formation when it is not formed). */
static int formation_choices(const wg_game *g, int i, const la_unit *u, int *out)
{
    int n = 0;
    for (int f = 0; f < LA_NFORMATIONS; f++) {
        if (f == u->formation ? u->cohesion == LA_FORMED : 0)
            continue;
        if (f == LA_MASSED_SQUARE || f == LA_IRREGULAR_MASS)
            continue;
        int front = front_for(u, f);
        if (front <= 0)
            continue;
        /* a formation the army list gives no movement for is not in the troops' repertoire (G-04, G-05) */
        la_unit v = *u;
        v.formation = f;
        v.front = front;
        if (f != LA_IN_BATTERY && half_move(g, &v) <= 0)
            continue;
        /* the new formation needs room where the unit stands */
        if (!on_table(g, &v) || lg_overlaps(g, &v, i, NULL) == 2)
            continue;
        /* the times the tables print, or could print (a table's gap is the host's to fill) */
        int half = 0;
        int rc = la_change_time(&half, g->tables, u, f, 0);
        if (rc != WG_OK && !(rc == WG_ETABLEGAP && (is_art(u->arm) || (u->formation < LA_T4_FORMATIONS && f < LA_T4_FORMATIONS))))
            continue;
        out[n++] = f;
    }
    return n;
}

static int push_kind(int *kinds, int *forms, int n, int cap, int k, int f)
{
    if (n < cap) {
        kinds[n] = k;
        forms[n] = f;
    }
    return n + 1;
}

/* Whether a menu move is legal now: the rules of the move, the table's edge and no overlap with a unit
   where it ends (touching is allowed: that is a contact). */
static int menu_ok(const wg_game *g, int i, const la_unit *u, int k, char *why)
{
    la_unit after;
    int32_t none[3] = {0, 0, 0};
    int rc = build_move(g, i, u, k, -1, none, &after, why);
    if (rc != WG_OK)
        return rc;
    if (!on_table(g, &after))
        return wg__seterr(why, WG_EILLEGAL, "the move leaves the table");
    int with = -1;
    if (lg_overlaps(g, &after, i, &with) == 2)
        return wg__seterr(why, WG_EILLEGAL, "the move ends on %s", lg_name(g, with));
    return WG_OK;
}

int lg_move_options(const wg_game *g, int i, int *kinds, int *forms, int cap)
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
    case LA_UNCONTROLLED: return push_kind(kinds, forms, n, cap, LG_MV_ADVANCE_ON, -1);
    case LA_PRISONER: return 0;
    default: break;
    }
    if (x->change_left > 0)
        return push_kind(kinds, forms, n, cap, LG_MV_HALT, -1);
    if (x->reaction == LG_R_DODGE)
        return push_kind(kinds, forms, n, cap, LG_MV_DODGE, -1);
    if (x->marker == LG_M_CHARGE && x->charge_target >= 0)
        return push_kind(kinds, forms, n, cap, LG_MV_CHARGE, -1);
    if (x->reaction == LG_R_COUNTER)
        return push_kind(kinds, forms, n, cap, h == 0 ? LG_MV_HALT : LG_MV_CHARGE, -1); /* LA-COUNTER-02, -04 */
    int m = x->marker;
    if (x->halted) { /* halt in place: may change formation, not move (LA-MORALERES-07) */
        n = push_kind(kinds, forms, n, cap, LG_MV_HALT, -1);
        if (m == LG_M_FORMATION && !x->changed) {
            int f[LA_NFORMATIONS];
            int nf = formation_choices(g, i, &u, f);
            for (int k = 0; k < nf; k++)
                n = push_kind(kinds, forms, n, cap, LG_MV_FORM, f[k]);
        }
        return n;
    }
    /* the first half-period obeys the marker (LA-MARKERS-05); in the second a unit with no marker or
       a Fire marker may move (it then fires for half the period, G-15) */
    int moving = m == LG_M_MOVE || ((m == LG_M_NONE || m == LG_M_FIRE) && h == 1);
    if (m == LG_M_FORMATION && !x->changed) {
        if (h == 1)
            n = push_kind(kinds, forms, n, cap, LG_MV_HALT, -1);
        int f[LA_NFORMATIONS];
        int nf = formation_choices(g, i, &u, f);
        for (int k = 0; k < nf; k++)
            n = push_kind(kinds, forms, n, cap, LG_MV_FORM, f[k]);
        return n;
    }
    if (m == LG_M_WITHDRAW) {
        if (h == 1)
            n = push_kind(kinds, forms, n, cap, LG_MV_HALT, -1);
        if (menu_ok(g, i, &u, LG_MV_BACK, NULL) == WG_OK)
            n = push_kind(kinds, forms, n, cap, LG_MV_BACK, -1);
        return n ? n : push_kind(kinds, forms, n, cap, LG_MV_HALT, -1);
    }
    if (moving) {
        /* the first half-period of a Movement marker advances or turns (LA-MARKERS-07) */
        if (h == 1 || m == LG_M_NONE)
            n = push_kind(kinds, forms, n, cap, LG_MV_HALT, -1);
        static const int menu[] = {LG_MV_FULL, LG_MV_HALF, LG_MV_OBL_LEFT, LG_MV_OBL_RIGHT, LG_MV_WHEEL_LEFT,
                                   LG_MV_WHEEL_RIGHT};
        int any = 0;
        for (size_t k = 0; k < sizeof menu / sizeof *menu; k++)
            if (menu_ok(g, i, &u, menu[k], NULL) == WG_OK) {
                n = push_kind(kinds, forms, n, cap, menu[k], -1);
                any = 1;
            }
        if (any) {
            n = push_kind(kinds, forms, n, cap, LG_MV_TO, -1);
            n = push_kind(kinds, forms, n, cap, LG_MV_TURN, -1);
        } else if (n == 0) {
            n = push_kind(kinds, forms, n, cap, LG_MV_HALT, -1); /* hemmed in: it stays */
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
    if (!leave_ok && !on_table(g, c))
        return 0;
    wg_quad q, r;
    if (la_unit_footprint(&q, c, g->tables, scale_of(g)) != WG_OK)
        return 0;
    for (int j = 0; j < s->nunit; j++) {
        if (j == i || !lg_active(s, j))
            continue;
        if (friends_pass && lg_side(g, j) == lg_side(g, i))
            continue;
        la_unit o;
        lg_unit_of(&o, g, j);
        if (la_unit_footprint(&r, &o, g->tables, scale_of(g)) != WG_OK)
            continue;
        if (wg__poly_poly(q.p, 4, r.p, 4) == 2) {
            if (blocker)
                *blocker = j;
            return 0;
        }
    }
    return 1;
}

static void set_pos(lg_unit *x, const la_unit *u)
{
    x->x = u->ref.x;
    x->y = u->ref.y;
    x->fx = u->facing.x;
    x->fy = u->facing.y;
    x->cohesion = (int8_t)u->cohesion;
}

/* Moves unit i from `from` toward `to` (same facing as `to`) as far as it can go: the largest part of
   the way (in 1/1024ths) where it stands clear.  Returns the part moved (0..1024). */
static int slide(const wg_game *g, int i, const la_unit *from, la_unit *to, int leave_ok, int friends_pass,
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

static int ev_moved(wg_game *g, int i, int kind, wg_pt from, const char *rule)
{
    const lg_unit *x = &LG_ST(g)->u[i];
    if (from.x == x->x && from.y == x->y && kind != LG_MV_WHEEL_LEFT && kind != LG_MV_WHEEL_RIGHT && kind != LG_MV_TURN)
        return WG_OK;
    EV(g, LG_E_MOVED, rule, ~0u);
    e_->a[0] = i;
    e_->a[1] = kind;
    e_->a[2] = from.x / WG_TABLE_UNIT;
    e_->a[3] = from.y / WG_TABLE_UNIT;
    e_->a[4] = x->x / WG_TABLE_UNIT;
    e_->a[5] = x->y / WG_TABLE_UNIT;
    e_->a[6] = x->cohesion;
    return WG_OK;
}

/* Contact of i with enemy j: a melee when neither fights one already (LA-MOVE-05, LA-MELEE-06). */
static int contact(wg_game *g, int i, int j, int effective)
{
    lg_state *s = LG_ST(g);
    lg_unit *x = &s->u[i], *y = &s->u[j];
    if (x->melee_with >= 0 || y->melee_with >= 0 || x->off || y->off)
        return WG_OK;
    la_unit ui, uj;
    lg_unit_of(&ui, g, i);
    lg_unit_of(&uj, g, j);
    int face = WG__FACE_FRONT;
    la_contact_face(&face, &ui, &uj, g->tables, scale_of(g));
    x->melee_with = (int8_t)j;
    y->melee_with = (int8_t)i;
    x->melee_turns = y->melee_turns = 0;
    x->effective = (int8_t)effective;
    y->effective = 0;
    y->face = (int8_t)face;
    x->face = WG__FACE_FRONT;
    x->fought = y->fought = 0;
    /* a unit contacted while changing formation fights without formation, in disorder against an
       effective cavalry charge (LA-DISORG-03); infantry meeting cavalry likewise (LA-DISORG-04) */
    const char *rule = "LA-MOVE-05";
    if (y->change_left > 0 || (is_foot(uj.arm) && is_cav(ui.arm))) {
        int c = effective && is_cav(ui.arm) ? LA_DISORDER : LA_WITHOUT_FORMATION;
        if (y->cohesion < c)
            y->cohesion = (int8_t)c;
        rule = y->change_left > 0 ? "LA-DISORG-03" : "LA-DISORG-04";
    }
    if (is_foot(ui.arm) && is_cav(uj.arm) && x->cohesion < LA_WITHOUT_FORMATION)
        x->cohesion = LA_WITHOUT_FORMATION;
    EV(g, LG_E_CONTACT, rule, ~0u);
    e_->a[0] = i;
    e_->a[1] = j;
    e_->a[2] = effective;
    e_->a[3] = face;
    return WG_OK;
}

/* After a move: a contact with the enemy it touches (within one pace). */
static int check_contact(wg_game *g, int i, int prefer, int effective)
{
    const lg_state *s = LG_ST(g);
    if (s->u[i].off || s->u[i].melee_with >= 0)
        return WG_OK;
    if (prefer >= 0 && lg_active(s, prefer) && lg_gap(g, i, prefer) <= WG_TABLE_UNIT)
        return contact(g, i, prefer, effective);
    for (int j = 0; j < s->nunit; j++)
        if (lg_active(s, j) && lg_side(g, j) != lg_side(g, i) && lg_gap(g, i, j) <= WG_TABLE_UNIT)
            return contact(g, i, j, 0);
    return WG_OK;
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
    wg_pt c = centre_of(g, t);
    wg_pt d = {c.x - u.ref.x, c.y - u.ref.y};
    int64_t dl = isqrt_len(d.x, d.y);
    if (dl == 0)
        return WG_OK;
    if (reach > dl)
        reach = (int32_t)dl;
    wg_pt step = along(d.x, d.y, reach);
    to = u;
    to.ref.x += step.x;
    to.ref.y += step.y;
    int blocker = -1;
    int part = slide(g, i, &u, &to, 0, 0, &blocker);
    int32_t moved = (int32_t)((int64_t)reach * part / 1024);
    set_pos(x, &to);
    x->used += moved;
    x->moved = 1;
    if (part < 1024 || moved >= reach)
        x->straight = (int8_t)(x->straight + (moved * 2 >= mv_budget(g, &u) * 1));
    int rc = ev_moved(g, i, kind, from, rule);
    if (rc)
        return rc;
    if (lg_active(s, t) && lg_gap(g, i, t) <= WG_TABLE_UNIT) {
        /* LA-CHARGE-10: effective when declared and it moved straight for a half-movement or more */
        int eff = declared && x->used >= mv_budget(g, &u);
        return contact(g, i, t, eff);
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
        dist = half_move(g, &u) * 2;
    } else {
        int row = is_cav(u.arm) ? (u.heavy ? 1 : 2) : 0;
        int col = (x->morale == LA_FLIGHT ? 2 : 0) + (scale_of(g) == LA_SCALE_15);
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
    face_to(g, &to, fe);
    la_unit turned = to;
    to.ref.y += dir * dist;
    int leave = x->morale != LA_RETREAT;
    if (to.cohesion < (x->morale == LA_RETREAT ? LA_DISORGANISED : LA_DISORDER))
        to.cohesion = x->morale == LA_RETREAT ? LA_DISORGANISED : LA_DISORDER;
    int blocker = -1;
    int part = slide(g, i, &turned, &to, leave, 1, &blocker);
    set_pos(x, &to);
    x->moved = 1;
    int rc = ev_moved(g, i, LG_MV_FALLBACK, from, rule);
    if (rc)
        return rc;
    if (leave && !on_table(g, &to)) {
        x->off = 1;
        EV(g, LG_E_LEFT, x->morale == LA_FLIGHT ? "LA-FLIGHT-04" : "LA-FLIGHT-06", ~0u);
        e_->a[0] = i;
        e_->a[1] = 1;
        return WG_OK;
    }
    if (part == 0 && blocker >= 0 && lg_side(g, blocker) != lg_side(g, i) && x->morale != LA_RETREAT) {
        /* no way out: taken prisoner (LA-PRISON-01) */
        x->off = 3;
        x->morale = LA_PRISONER;
        EV(g, LG_E_LEFT, "LA-PRISON-01", ~0u);
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
    int by = x->charged_by >= 0 ? x->charged_by : nearest_enemy(g, i, NULL);
    if (by < 0 || x->melee_with >= 0)
        return WG_OK; /* caught before it could dodge: it fights */
    wg_pt c = centre_of(g, by);
    wg_pt away = {u.ref.x - c.x, u.ref.y - c.y};
    if (away.x == 0 && away.y == 0)
        away.y = LG_RD(g)->edge[lg_side(g, i)] ? 1 : -1;
    to = u;
    wg_pt fa = along(away.x, away.y, 1000);
    face_to(g, &to, fa.x == 0 && fa.y == 0 ? away : fa);
    if (to.cohesion < LA_WITHOUT_FORMATION)
        to.cohesion = LA_WITHOUT_FORMATION;
    int dispersed = u.formation == LA_SKIRMISH || u.formation == LA_FORAGING;
    if (s->half == 1 || dispersed) {
        la_move_env e = lg_env(g);
        int32_t sp = 0;
        if (la_dodge_speed(&sp, g->err, &e, &u) != WG_OK)
            return WG_EDATA;
        wg_pt d = along(to.facing.x, to.facing.y, sp);
        to.ref.x += d.x;
        to.ref.y += d.y;
    }
    /* the half-turn needs room where the unit stands */
    la_unit turned = u;
    face_to(g, &turned, to.facing);
    turned.cohesion = to.cohesion;
    if (!place_ok(g, i, &turned, 0, 0, NULL))
        return WG_OK;
    slide(g, i, &turned, &to, 0, 0, NULL);
    set_pos(x, &to);
    x->moved = 1;
    return ev_moved(g, i, LG_MV_DODGE, from, "LA-DODGE-01");
}

static int continue_formation(wg_game *g, int i);

static int start_formation(wg_game *g, int i, int f)
{
    lg_state *s = LG_ST(g);
    lg_unit *x = &s->u[i];
    la_unit u;
    lg_unit_of(&u, g, i);
    int half = 1;
    int rc = la_change_time_err(&half, g->err, g->tables, &u, f, 0);
    if (rc != WG_OK)
        return rc;
    if (half < 1)
        half = 1;
    x->change_to = (int8_t)f;
    x->change_left = (int8_t)half;
    x->changed = 1;
    EV(g, LG_E_FORMATION, "LA-FORMTIME-01", ~0u);
    e_->a[0] = i;
    e_->a[1] = f;
    e_->a[2] = half;
    e_->a[3] = 0;
    return continue_formation(g, i); /* the half-period it begins in is its first */
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
    int f = x->change_to;
    int front = front_for(&u, f);
    la_unit v = u;
    v.formation = f;
    v.front = front;
    int with = -1;
    if (front > 0 && on_table(g, &v) && lg_overlaps(g, &v, i, &with) != 2) {
        x->formation = (int8_t)f;
        x->front = (int8_t)front;
        if (x->cohesion < LA_DISORDER || f == u.formation)
            x->cohesion = LA_FORMED;
    } else {
        /* no room for it any more: the unit stays as it was, without formation */
        x->change_to = -1;
        if (x->cohesion < LA_WITHOUT_FORMATION)
            x->cohesion = LA_WITHOUT_FORMATION;
        EV(g, LG_E_BLOCKED, "LA-DISORG-03", ~0u);
        e_->a[0] = i;
        e_->a[1] = with;
        return ev_state(g, i, "LA-DISORG-03");
    }
    x->change_to = -1;
    EV(g, LG_E_FORMATION, "LA-DISORG-02", ~0u);
    e_->a[0] = i;
    e_->a[1] = x->formation;
    e_->a[2] = 0;
    e_->a[3] = 1;
    return WG_OK;
}

/* A committed menu or precise move, executed. */
static int do_move(wg_game *g, int i)
{
    lg_state *s = LG_ST(g);
    lg_unit *x = &s->u[i];
    int k = x->pend_kind;
    la_unit u, after;
    lg_unit_of(&u, g, i);
    char why[WG_ERRMSG_CAP];
    int rc = build_move(g, i, &u, k, x->pend_form, x->pend, &after, why);
    if (rc == WG_EILLEGAL)
        return WG_OK; /* cannot happen: checked when committed against the same unit */
    if (rc != WG_OK)
        return wg__seterr(g->err, rc, "%s", why);
    wg_pt from = u.ref;
    int blocker = -1;
    int part = slide(g, i, &u, &after, 0, 0, &blocker);
    set_pos(x, &after);
    if (from.x != after.ref.x || from.y != after.ref.y || u.facing.x != after.facing.x || u.facing.y != after.facing.y)
        x->moved = 1;
    if (part < 1024 && blocker >= 0) {
        EV(g, LG_E_BLOCKED, "LA-MOVE-02", ~0u);
        e_->a[0] = i;
        e_->a[1] = blocker;
    }
    rc = ev_moved(g, i, k, from, k == LG_MV_BACK ? "LA-MOVE-19" : k >= LG_MV_WHEEL_LEFT && k <= LG_MV_WHEEL_RIGHT ? "LA-MOVE-14" : "LA-MOVE-17");
    if (rc)
        return rc;
    return check_contact(g, i, blocker, 0);
}

/* The priority of a committed move (LA-MOVE-01): fall-backs, then charges and what they cause, then
   the rest. */
static int priority(const lg_unit *x)
{
    switch (x->pend_kind) {
    case LG_MV_FALLBACK: return 1;
    case LG_MV_DODGE: return 2; /* moving together, the dodge is placed before the charge it escapes */
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
    return x->marker == LG_M_CHARGE ? x->charge_target : x->charged_by;
}

/* The distance a charge covers in this half-period: a half-movement, and in the second half-period
   (that of contact) the whole charge bonus with it (LA-CHARGE-11). */
static int charge_reach(wg_game *g, const la_unit *u, int32_t *reach)
{
    *reach = mv_budget(g, u);
    if (LG_ST(g)->half == 1) {
        la_move_env e = lg_env(g);
        int32_t per = 0;
        if (la_charge_reach(&per, g->err, &e, u) != WG_OK)
            return WG_EDATA;
        *reach = per - *reach;
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
    if ((rc = charge_reach(g, &ui, &ri)) != WG_OK || (rc = charge_reach(g, &ut, &rt)) != WG_OK)
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
        s->u[i].effective = (int8_t)(s->u[i].used >= mv_budget(g, &ui));
        s->u[t].effective = (int8_t)(s->u[t].used >= mv_budget(g, &ut));
    }
    return WG_OK;
}

static int resolve_half(wg_game *g)
{
    lg_state *s = LG_ST(g);
    uint8_t done[LG_MAX] = {0};
    for (int pr = 1; pr <= 4; pr++) {
        for (int i = 0; i < s->nunit; i++) {
            lg_unit *x = &s->u[i];
            if (!lg_active(s, i) || x->pend_kind < 0 || priority(x) != pr || done[i])
                continue;
            int rc = WG_OK;
            la_unit u;
            lg_unit_of(&u, g, i);
            switch (x->pend_kind) {
            case LG_MV_FALLBACK: rc = fall_back(g, i); break;
            case LG_MV_DODGE: rc = dodge(g, i); break;
            case LG_MV_CHARGE: {
                int t = charge_at(s, i);
                if (t < 0 || !lg_active(s, t) || x->melee_with >= 0)
                    break;
                if (charge_at(s, t) == i && s->u[t].melee_with < 0 && !done[t]) {
                    done[t] = 1;
                    rc = charge_pair(g, i, t);
                    break;
                }
                int32_t reach = 0;
                if ((rc = charge_reach(g, &u, &reach)) != WG_OK)
                    return rc;
                rc = move_toward(g, i, t, reach, LG_MV_CHARGE, x->marker == LG_M_CHARGE ? "LA-CHARGE-10" : "LA-COUNTER-02",
                                 1);
                break;
            }
            case LG_MV_ADVANCE_ON: {
                int t = nearest_enemy(g, i, NULL);
                if (t >= 0 && x->melee_with < 0)
                    rc = move_toward(g, i, t, mv_budget(g, &u), LG_MV_ADVANCE_ON, "LA-MORALERES-03", 0);
                break;
            }
            case LG_MV_HALT: rc = continue_formation(g, i); break;
            case LG_MV_FORM: rc = start_formation(g, i, x->pend_form); break;
            default: rc = do_move(g, i); break;
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
            if (lg_active(s, i) && x->pend_kind == LG_MV_CHARGE && x->melee_with < 0) {
                if (x->cohesion < LA_WITHOUT_FORMATION)
                    x->cohesion = LA_WITHOUT_FORMATION;
                int rc = ev_state(g, i, "LA-CHARGE-15");
                if (rc)
                    return rc;
            }
        }
    for (int i = 0; i < s->nunit; i++)
        s->u[i].pend_kind = -1;
    return WG_OK;
}

/* ---------------------------------------------------------------- fire (phase 4) */

/* Enemies in sight and in range of some figure's arc; none in a melee (G-42). */
int lg_fire_targets(const wg_game *g, int i, int *targets, int cap)
{
    const lg_state *s = LG_ST(g);
    la_unit u;
    lg_unit_of(&u, g, i);
    int32_t range = fire_range(g, i, &u);
    if (range <= 0)
        return 0;
    int n = 0;
    for (int j = 0; j < s->nunit && n < cap; j++) {
        if (!lg_active(s, j) || lg_side(g, j) == lg_side(g, i) || s->u[j].melee_with >= 0)
            continue;
        la_unit t;
        lg_unit_of(&t, g, j);
        int figs = 0;
        if (la_firing_figures(&figs, &u, &t, range, g->tables, scale_of(g)) != WG_OK || figs <= 0)
            continue;
        if (!lg_sees(g, i, j))
            continue;
        targets[n++] = j;
    }
    return n;
}

static int may_fire(const wg_game *g, int i)
{
    const lg_state *s = LG_ST(g);
    const lg_unit *x = &s->u[i];
    if (!lg_active(s, i) || x->marker != LG_M_FIRE || x->melee_with >= 0 || x->change_left > 0)
        return 0;
    if (x->morale != LA_OBEY && x->morale != LA_HALT)
        return 0;
    int t[LG_MAX];
    return lg_fire_targets(g, i, t, LG_MAX) > 0;
}

/* The elite rule over the unit's figures (LA-MELEE-10, G-41): the value of the characteristics used
   and the die bonus. */
static void characteristics(const wg_game *g, int i, const la_unit *u, int melee, int *value, int *die_plus,
                            int *charge)
{
    int nel = 0, noth = 0;
    for (int c = 0; c < u->ncomp; c++) {
        if (u->comp[c].elite)
            nel += u->comp[c].figures;
        else
            noth += u->comp[c].figures;
    }
    int elite_chars = 0;
    la_elite_rule(die_plus, &elite_chars, nel, noth);
    int best = -1, bfig = -1;
    for (int c = 0; c < u->ncomp; c++) {
        if (u->comp[c].figures <= 0 || (!elite_chars && u->comp[c].elite && noth > 0))
            continue;
        if (u->comp[c].figures > bfig) {
            bfig = u->comp[c].figures;
            best = c;
        }
    }
    if (best < 0)
        best = 0;
    (void)g;
    (void)i;
    *value = melee ? u->comp[best].combat : u->comp[best].fire;
    if (charge)
        *charge = u->comp[best].charge;
}

int lg_fire_setup(const wg_game *g, int firer, int target, la_fire *f, int *kind, la_applied *ap, int *nap, char *err)
{
    const lg_rdata *rd = LG_RD(g);
    la_unit u, t;
    lg_unit_of(&u, g, firer);
    lg_unit_of(&t, g, target);
    int32_t range = fire_range(g, firer, &u);
    int figs = 0;
    la_firing_figures(&figs, &u, &t, range, g->tables, scale_of(g));
    if (figs > 29)
        figs = 29; /* the loss table's last column */
    int32_t dist = lg_gap(g, firer, target);
    la_fire_situation fs;
    memset(&fs, 0, sizeof fs);
    fs.firer = &u;
    fs.target = &t;
    fs.kind = LA_FIRE_LIGHT;
    fs.distance = dist;
    const la_type *ty = type_of(g, firer, 0);
    if (is_art(u.arm) && ty->calibre >= 0) {
        const la_calibre *c = &rd->army.calibre[ty->calibre];
        int sc = scale_of(g);
        fs.canister = c->canister.v[sc] * WG_TABLE_UNIT;
        fs.rebound = c->rebound.v[sc] * WG_TABLE_UNIT;
        fs.max_range = c->max.v[sc] * WG_TABLE_UNIT;
        fs.max_ranks = c->ranks;
        fs.kind = dist <= fs.canister ? LA_FIRE_CANISTER : LA_FIRE_ROUND_SHOT;
    } else {
        fs.beyond_half_range = dist * 2 > range;
    }
    uint32_t fl = 0;
    area_flags_at(g, centre_of(g, target), &fl);
    fs.cover = (fl & rd->hard_flag) ? LA_COVER_HARD : (fl & rd->light_flag) ? LA_COVER_LIGHT : LA_COVER_NONE;
    fs.target_charging = LG_ST(g)->u[target].marker == LG_M_CHARGE && LG_ST(g)->u[target].charge_target == firer;
    int sum = 0;
    int rc = la_fire_factors(&sum, ap, nap, err, g->tables, &fs);
    if (rc != WG_OK)
        return rc;
    int value = 0, dp = 0;
    characteristics(g, firer, &u, 0, &value, &dp, NULL);
    f->value = value;
    f->factors = sum;
    f->figures = figs;
    f->die_plus = dp;
    f->half = LG_ST(g)->u[firer].moved; /* a unit that moved fires for half the period (G-15) */
    *kind = fs.kind;
    return WG_OK;
}

/* ---------------------------------------------------------------- melee (phase 5) */

/* The charisma of the best officer of the unit's side whose base touches the unit, -1 for none. */
static int contact_charisma(const wg_game *g, int unit, const la_unit *u)
{
    const lg_rdata *rd = LG_RD(g);
    wg_quad q, o;
    if (la_unit_footprint(&q, u, g->tables, rd->battle.scale) != WG_OK)
        return -1;
    int best = -1;
    for (int k = 0; k < rd->battle.nofficer; k++) {
        const la_officer *of = &rd->battle.officer[k];
        if (of->side != lg_side(g, unit) || la_officer_base(&o, of, g->tables, rd->battle.scale) != WG_OK)
            continue;
        if (wg__poly_within(o.p, 4, q.p, 4, WG_TABLE_UNIT) && of->charisma > best)
            best = of->charisma;
    }
    return best;
}

int lg_melee_setup(const wg_game *g, int a, int b, la_melee_side *ms, la_applied *ap, int *nap, char *err)
{
    const lg_state *s = LG_ST(g);
    const lg_unit *x = &s->u[a], *y = &s->u[b];
    la_unit ua, ub;
    lg_unit_of(&ua, g, a);
    lg_unit_of(&ub, g, b);
    la_melee_situation m;
    memset(&m, 0, sizeof m);
    m.unit = &ua;
    m.opponent = &ub;
    m.turn = x->melee_turns + 1;
    m.fresh = x->melee_turns == 0 && x->lost_men == 0;
    m.losses_last_fire = x->losses_turn;
    if (is_foot(ua.arm) && x->effective && ua.formation != LA_LINE) {
        int r = la_unit_counted_ranks(&ua) - 1;
        m.charge_ranks = r > 2 ? 2 : r;
    }
    m.flank_or_rear = y->face != WG__FACE_FRONT && x->melee_turns == 0;
    m.square_unbroken = is_cav(ua.arm) && is_square(ub.formation) && x->melee_turns > 0;
    uint32_t fl = 0;
    int area = area_flags_at(g, centre_of(g, b), &fl);
    const lg_rdata *rd = LG_RD(g);
    m.opp_position = LA_OPP_OPEN;
    if (area >= 0) {
        int terr = -1;
        const char *tn = NULL;
        wg_map_terrain(&terr, g->map, area);
        wg_map_terrain_name(&tn, g->map, terr);
        if (tn && strcmp(tn, "village") == 0)
            m.opp_position = LA_OPP_VILLAGE;
        else if (tn && strcmp(tn, "redoubt") == 0)
            m.opp_position = LA_OPP_REDOUBT;
        else if (fl & rd->hard_flag)
            m.opp_position = LA_OPP_HARD_COVER;
        else if (fl & rd->light_flag)
            m.opp_position = LA_OPP_LIGHT_COVER;
    }
    m.opp_artillery_close = is_art(ub.arm) && ub.formation == LA_IN_BATTERY;
    int sum = 0;
    int rc = la_melee_factors(&sum, ap, nap, err, g->tables, &m);
    if (rc != WG_OK)
        return rc;
    int value = 0, dp = 0, charge = 0;
    characteristics(g, a, &ua, 1, &value, &dp, &charge);
    /* the figures fighting: those in contact, one more at the end for the wider front (LA-MELEE-02),
       all of them from the second turn (LA-MELEE-03) */
    int figs = la_unit_figures(&ua);
    if (x->melee_turns == 0) {
        int fa = ua.front, fb = ub.front;
        figs = fa < fb ? fa : fb;
        if (fa > fb)
            figs++;
    }
    if (figs > 29)
        figs = 29;
    if (figs < 1)
        figs = 1;
    memset(ms, 0, sizeof *ms);
    ms->combat = value;
    ms->charging = x->effective && x->melee_turns == 0;
    ms->charge = ms->charging ? charge : 0;
    ms->factors = sum;
    ms->figures = figs;
    ms->die_plus = dp;
    ms->charisma = contact_charisma(g, a, &ua); /* T29's row (LA-DICEMOD-01, -02) */
    return WG_OK;
}

static int push_test(lg_state *s, int unit, int occ, int mod, int from)
{
    if (s->ntest >= LG_MAX_TESTS)
        return WG_OK; /* bounded: a test beyond is not taken (64 in one step cannot happen with 64 units) */
    for (int k = s->nfirst; k < s->ntest; k++)
        if (s->test[k].unit == unit && s->test[k].occ == occ)
            return WG_OK;
    s->test[s->ntest].unit = (int8_t)unit;
    s->test[s->ntest].occ = (int8_t)occ;
    s->test[s->ntest].mod = (int8_t)mod;
    s->test[s->ntest].from = (int8_t)from;
    s->ntest++;
    return WG_OK;
}

static int end_melee(wg_game *g, int a, int b)
{
    lg_state *s = LG_ST(g);
    if (a >= 0 && s->u[a].melee_with == b)
        s->u[a].melee_with = -1;
    if (b >= 0 && s->u[b].melee_with == a)
        s->u[b].melee_with = -1;
    return WG_OK;
}

/* Both dice rolled: the losses each side inflicts (T29, T28), figures removed, the loser falls back
   30/20 paces and tests at the end of the period (LA-MELEE-13, LA-MELEERES-01, LA-MORALE-03). */
static int fight(wg_game *g, int a, int b, int die_a, int die_b)
{
    lg_state *s = LG_ST(g);
    la_melee_side sa, sb;
    la_applied ap[LA_MAX_APPLIED];
    int nap = 0;
    int rc = lg_melee_setup(g, a, b, &sa, ap, &nap, g->err);
    if (rc == WG_OK)
        rc = lg_melee_setup(g, b, a, &sb, ap, &nap, g->err);
    if (rc != WG_OK)
        return rc;
    int la = 0, lb = 0; /* losses inflicted by a, by b */
    if ((rc = la_melee_losses(&la, g->err, g->tables, &sa, die_a)) != WG_OK)
        return rc;
    if ((rc = la_melee_losses(&lb, g->err, g->tables, &sb, die_b)) != WG_OK)
        return rc;
    for (int k = 0; k < 2; k++) {
        const la_melee_side *ms = k ? &sb : &sa;
        int d = (k ? die_b : die_a) + (ms->die_plus > 0), random = 0;
        la_cell_int(&random, g->tables[LA_T29], ms->charisma < 0 ? 0 : ms->charisma, (d > 6 ? 6 : d) - 1);
        EV(g, LG_E_MELEE, "LA-MELEE-13", ~0u);
        e_->a[0] = k ? b : a;
        e_->a[1] = k ? a : b;
        e_->a[2] = k ? die_b : die_a;
        e_->a[3] = k ? lb : la;
        e_->a[4] = ms->combat + ms->charge + ms->factors + random; /* the loss table's row */
        e_->a[5] = ms->figures;
        e_->a[6] = ms->charisma;
    }
    lg_unit *x = &s->u[a], *y = &s->u[b];
    x->last_melee_loss = (int16_t)lb;
    y->last_melee_loss = (int16_t)la;
    x->last_melee_inflicted = (int16_t)la;
    y->last_melee_inflicted = (int16_t)lb;
    x->fought = y->fought = 1;
    if ((rc = take_losses(g, b, la, "LA-MELEE-13")) != WG_OK)
        return rc;
    if ((rc = take_losses(g, a, lb, "LA-MELEE-13")) != WG_OK)
        return rc;
    x->melee_turns++;
    y->melee_turns++;
    if (x->fatigue < 9)
        x->fatigue++; /* LA-MELEE-08 */
    if (y->fatigue < 9)
        y->fatigue++;
    int lose = la_melee_loser(lb, la); /* 0: a suffered more */
    int loser = lose == 0 ? a : lose == 1 ? b : -1;
    int winner = lose == 0 ? b : lose == 1 ? a : -1;
    int fell = 0;
    const char *rule = "LA-MELEERES-01";
    if (loser >= 0) {
        lg_unit *l = &s->u[loser], *w = &s->u[winner];
        la_unit ul, uw;
        lg_unit_of(&ul, g, loser);
        lg_unit_of(&uw, g, winner);
        w->wins++;
        w->lost_streak = 0;
        l->lost_streak++;
        l->wins = 0;
        int suffered = loser == a ? lb : la, inflicted = loser == a ? la : lb;
        /* special cases (LA-MELEERES-07, -08, -10, -11) */
        if (is_cav(ul.arm) && is_cav(uw.arm) && suffered * 2 >= inflicted * 3 && l->cohesion < LA_WITHOUT_FORMATION) {
            l->cohesion = LA_WITHOUT_FORMATION;
            rule = "LA-MELEERES-10";
        } else if (is_foot(ul.arm) && is_square(ul.formation) && is_cav(uw.arm) && suffered >= 2 * inflicted) {
            l->cohesion = LA_DISORDER;
            rule = "LA-MELEERES-11";
        } else if (is_cav(uw.arm) && is_foot(ul.arm) && (ul.formation == LA_LINE || ul.formation == LA_SKIRMISH ||
                                                           (ul.formation >= LA_MARCH && ul.formation <= LA_MASS))) {
            l->cohesion = LA_DISORDER;
            rule = "LA-MELEERES-08";
        } else if (is_foot(uw.arm) && is_foot(ul.arm) && ul.formation == LA_LINE && uw.formation >= LA_MARCH &&
                   uw.formation <= LA_MASS && inflicted >= 2 * suffered && l->cohesion < LA_WITHOUT_FORMATION) {
            l->cohesion = LA_WITHOUT_FORMATION;
            rule = "LA-MELEERES-07";
        }
        /* the loser falls back 30/20 paces, except squares and batteries; elite and guard, or a unit
           that cannot, stand without formation (LA-MELEERES-01, -09) */
        int status = la_unit_status(&ul);
        if (!is_square(ul.formation) && !is_art(ul.arm) && status > LA_ELITE && !l->off) {
            la_unit to = ul;
            wg_pt d = along(-ul.facing.x, -ul.facing.y, paces(g, 30, 20));
            to.ref.x += d.x;
            to.ref.y += d.y;
            wg_pt from = ul.ref;
            int part = slide(g, loser, &ul, &to, 0, 1, NULL);
            if (part > 0) {
                set_pos(l, &to);
                fell = paces(g, 30, 20) / WG_TABLE_UNIT;
                end_melee(g, a, b);
                if ((rc = ev_moved(g, loser, LG_MV_FALLBACK, from, "LA-MELEERES-01")) != WG_OK)
                    return rc;
                /* the winner follows (LA-MELEERES-05): an Attack order must, Support, Cover and Defend
                   follow one that merely falls back (G-36), Hold does not; the combat goes on unless
                   the loser's test makes it leave (LA-MELEERES-02) */
                int ord = LG_RD(g)->battle.unit[winner].order.kind;
                if (ord != LA_ORD_HOLD && !is_art(uw.arm) && lg_controlled(s, winner) && !w->off) {
                    la_unit uw2, wt;
                    lg_unit_of(&uw2, g, winner);
                    wt = uw2;
                    wt.ref.x += d.x;
                    wt.ref.y += d.y;
                    wg_pt wf = uw2.ref;
                    slide(g, winner, &uw2, &wt, 0, 0, NULL);
                    set_pos(w, &wt);
                    if ((rc = ev_moved(g, winner, LG_MV_ADVANCE_ON, wf, "LA-MELEERES-05")) != WG_OK)
                        return rc;
                    if (lg_gap(g, winner, loser) <= WG_TABLE_UNIT && !l->off) {
                        l->melee_with = (int8_t)winner;
                        w->melee_with = (int8_t)loser;
                    }
                }
            } else if (l->cohesion < LA_WITHOUT_FORMATION) {
                l->cohesion = LA_WITHOUT_FORMATION;
                rule = "LA-MELEERES-09";
            }
        } else if (status <= LA_ELITE && !is_square(ul.formation) && !is_art(ul.arm) && l->cohesion < LA_WITHOUT_FORMATION) {
            l->cohesion = LA_WITHOUT_FORMATION;
            rule = "LA-MELEERES-09";
        }
        if (!l->off)
            push_test(s, loser, LG_OCC_MELEE, 0, winner);
    }
    EV(g, LG_E_MELEEEND, rule, ~0u);
    e_->a[0] = winner;
    e_->a[1] = loser;
    e_->a[2] = fell;
    return WG_OK;
}

/* ---------------------------------------------------------------- morale tests */

/* The best charisma an officer of the unit's side brings to it (LA-OFFICER-02, -03, -04: one only). */
int lg_charisma_of(const wg_game *g, int unit)
{
    const lg_rdata *rd = LG_RD(g);
    la_unit u;
    lg_unit_of(&u, g, unit);
    int best = 0;
    for (int o = 0; o < rd->battle.nofficer; o++) {
        const la_officer *of = &rd->battle.officer[o];
        if (of->side != lg_side(g, unit))
            continue;
        int v = 0, direct = 0;
        if (la_charisma(&v, &direct, of, &u, g->tables, scale_of(g)) == WG_OK && v > best)
            best = v;
    }
    return best;
}

static int count_near(const wg_game *g, int i, int32_t radius, int side_of_i_same)
{
    const lg_state *s = LG_ST(g);
    int n = 0;
    for (int j = 0; j < s->nunit; j++) {
        if (j == i || !lg_active(s, j) || (lg_side(g, j) == lg_side(g, i)) != side_of_i_same)
            continue;
        if (lg_gap(g, i, j) <= radius && lg_sees(g, i, j))
            n++;
    }
    return n;
}

/* The base of a test: the morale value of its troops and the factors of T20-T26 and G-58; the die
   and the charisma come after. */
int lg_test_value(const wg_game *g, int unit, int occ, int mod, int from, int *base, la_applied *ap, int *nap,
                  char *err)
{
    const lg_state *s = LG_ST(g);
    const lg_rdata *rd = LG_RD(g);
    const lg_unit *x = &s->u[unit];
    la_unit u;
    lg_unit_of(&u, g, unit);
    la_morale_situation m;
    memset(&m, 0, sizeof m);
    m.unit = &u;
    uint32_t fl = 0;
    int area = area_flags_at(g, centre_of(g, unit), &fl);
    m.cover = (fl & rd->hard_flag) ? LA_COVER_HARD : (fl & rd->light_flag) ? LA_COVER_LIGHT : LA_COVER_NONE;
    if (area >= 0) {
        int terr = -1;
        const char *tn = NULL;
        wg_map_terrain(&terr, g->map, area);
        wg_map_terrain_name(&tn, g->map, terr);
        m.construction = tn && (strcmp(tn, "village") == 0 || strcmp(tn, "redoubt") == 0);
    }
    if (from >= 0 && from < s->nunit) {
        la_unit f;
        lg_unit_of(&f, g, from);
        m.against_cavalry = is_cav(f.arm);
        m.against_square = is_cav(u.arm) && is_square(f.formation);
    }
    m.retreating = x->morale == LA_RETREAT;
    m.has_routed = x->has_routed;
    m.charging = occ == LG_OCC_CHARGE;
    int32_t r300 = paces(g, 300, 200);
    m.friends = count_near(g, unit, r300, 1);
    m.enemies = count_near(g, unit, r300, 0);
    /* routs in sight within 300/200 paces, enemy and friendly (T22) */
    for (int j = 0; j < s->nunit; j++) {
        const lg_unit *y = &s->u[j];
        if (j == unit || !lg_active(s, j) || (y->morale != LA_ROUT && y->morale != LA_FLIGHT))
            continue;
        if (lg_gap(g, unit, j) <= r300 && lg_sees(g, unit, j)) {
            if (lg_side(g, j) == lg_side(g, unit))
                m.friend_routs++;
            else
                m.enemy_routs++;
        }
    }
    /* an enemy fighting it on a flank or in the rear (T22) */
    if (x->melee_with >= 0) {
        if (x->face == WG__FACE_REAR)
            m.enemy_rear = 1;
        else if (x->face == WG__FACE_LEFT || x->face == WG__FACE_RIGHT)
            m.enemy_flanks = 1;
    }
    if (occ == LG_OCC_MELEE && x->last_melee_loss > x->last_melee_inflicted)
        m.loss_difference = x->last_melee_loss - x->last_melee_inflicted; /* T24 */
    m.heavy_firers = x->heavy_fire; /* T25 */
    m.won_melee = x->wins > 0;
    m.lost_streak = x->lost_streak;
    m.losses_this_turn = x->losses_turn;
    m.initial_figures = x->initial;
    m.hold_still = rd->battle.unit[unit].order.kind == LA_ORD_HOLD && !x->moved && !x->changed;
    m.attack_charging = rd->battle.unit[unit].order.kind == LA_ORD_ATTACK && occ == LG_OCC_CHARGE;
    int sum = 0;
    int rc = la_morale_factors(&sum, ap, nap, err, g->tables, &m);
    if (rc != WG_OK)
        return rc;
    /* the base morale of the troops: of the company type with the most figures */
    int best = 0, bf = -1;
    for (int c = 0; c < u.ncomp; c++)
        if (u.comp[c].figures > bf) {
            bf = u.comp[c].figures;
            best = c;
        }
    *base = u.comp[best].morale + sum + mod;
    return WG_OK;
}

/* The die of a test as it counts: raw (G-14, default) or through T30. */
int lg_test_die(wg_game *g, int die, int *out)
{
    if (!LG_RD(g)->opt[LG_O_MORALEDIE]) {
        *out = die;
        return WG_OK;
    }
    int rc = la_cell_int(out, g->tables[LA_T30], 0, die - 1);
    if (rc != WG_OK)
        return wg__seterr(g->err, rc, "%s", wg_table_errmsg(g->tables[LA_T30]));
    return WG_OK;
}

static int better_than_halt(int r) { return r == LA_OBEY || r == LA_UNCONTROLLED; }

/* Occasion 5: friends of equal or higher status that see a rout within 300/200 paces (LA-MORALE-05). */
static int rout_seen(wg_game *g, int i)
{
    lg_state *s = LG_ST(g);
    la_unit u;
    lg_unit_of(&u, g, i);
    int min = is_cav(u.arm) ? 3 : 5;
    if (la_unit_figures(&u) < min)
        return WG_OK;
    int st = la_unit_status(&u);
    for (int j = 0; j < s->nunit; j++) {
        if (j == i || !lg_controlled(s, j) || lg_side(g, j) != lg_side(g, i))
            continue;
        la_unit f;
        lg_unit_of(&f, g, j);
        if (la_unit_status(&f) <= st && lg_gap(g, i, j) <= paces(g, 300, 200) && lg_sees(g, j, i))
            push_test(s, j, LG_OCC_ROUT_SEEN, 0, i);
    }
    return WG_OK;
}

/* Applies a morale result (LA-MORALERES, LA-ROUT, LA-FLIGHT). */
static int apply_result(wg_game *g, int i, int occ, int res, int from)
{
    lg_state *s = LG_ST(g);
    lg_unit *x = &s->u[i];
    const char *rule = "LA-MORALERES-02";
    int rc;
    if (occ == LG_OCC_RALLY && x->morale == LA_ROUT) {
        if (better_than_halt(res)) { /* the rout stops; a period to form (LA-ROUT-06, -08) */
            x->morale = LA_OBEY;
            x->cohesion = LA_WITHOUT_FORMATION;
            return ev_state(g, i, "LA-ROUT-06");
        }
        if (res == LA_FLIGHT) {
            x->morale = LA_FLIGHT;
            return ev_state(g, i, "LA-ROUT-07");
        }
        return WG_OK;
    }
    if (occ == LG_OCC_RETREAT3 && x->morale == LA_RETREAT) {
        if (better_than_halt(res)) {
            x->morale = LA_OBEY;
            x->retreat_periods = 0;
            return ev_state(g, i, "LA-MORALE-20");
        }
    }
    switch (res) {
    case LA_UNCONTROLLED:
        if (is_art(LG_RD(g)->battle.unit[i].u.arm))
            return WG_OK;
        x->morale = LA_UNCONTROLLED;
        /* the rest of this period, or the following one for a test at the end of the period
           (LA-MORALERES-03) */
        x->ua_periods = LG_ST(g)->ret == LG_S_NEXT ? 2 : 1;
        rule = "LA-MORALERES-03";
        break;
    case LA_OBEY:
        return WG_OK;
    case LA_HALT:
        if (x->morale == LA_OBEY || x->morale == LA_UNCONTROLLED) {
            x->morale = LA_HALT;
            x->halted = LG_ST(g)->ret == LG_S_NEXT ? 2 : 1; /* this period, or the next (LA-MORALERES-07) */
        }
        rule = "LA-MORALERES-07";
        break;
    case LA_RETREAT:
        if (x->morale == LA_ROUT || x->morale == LA_FLIGHT)
            return WG_OK;
        x->morale = LA_RETREAT;
        if (x->cohesion < LA_DISORGANISED)
            x->cohesion = LA_DISORGANISED;
        rule = "LA-MORALERES-08";
        break;
    case LA_ROUT:
    case LA_FLIGHT:
        if (x->morale == LA_FLIGHT)
            return WG_OK;
        x->morale = (int8_t)res;
        x->cohesion = LA_DISORDER;
        x->has_routed = 1;
        rule = res == LA_ROUT ? "LA-ROUT-02" : "LA-FLIGHT-01";
        break;
    default: return WG_OK;
    }
    x->fall_from = (int8_t)from;
    if ((rc = ev_state(g, i, rule)) != WG_OK)
        return rc;
    if (res == LA_RETREAT || res == LA_ROUT || res == LA_FLIGHT) {
        int o = x->melee_with;
        if (o >= 0)
            end_melee(g, i, o);
        /* a charge it had declared ends (LA-MORALE-14 for the charged, the charger's own test) */
        if (x->marker == LG_M_CHARGE)
            x->charge_target = -1;
        if (occ == LG_OCC_MELEE && res != LA_RETREAT && x->last_melee_loss > 0) {
            /* the melee losses once more (LA-MELEERES-03) */
            if ((rc = take_losses(g, i, x->last_melee_loss, "LA-MELEERES-03")) != WG_OK)
                return rc;
        }
        if (res != LA_RETREAT)
            return rout_seen(g, i);
    }
    if (res == LA_HALT && occ == LG_OCC_CHARGE && x->marker == LG_M_CHARGE && x->charge_target >= 0) {
        /* a charger that halts does not charge */
        EV(g, LG_E_ABANDON, "LA-MORALE-01", ~0u);
        e_->a[0] = i;
        e_->a[1] = x->charge_target;
        x->charge_target = -1;
    }
    return WG_OK;
}

/* Whether the pending test k is still to be taken. */
static int test_due(const wg_game *g, int k)
{
    const lg_state *s = LG_ST(g);
    const lg_test *t = &s->test[k];
    const lg_unit *x = &s->u[t->unit];
    if (!lg_active(s, t->unit) || x->morale == LA_FLIGHT)
        return 0; /* LA-FLIGHT-03 */
    int arm = LG_RD(g)->battle.unit[t->unit].u.arm;
    if (is_art(arm) && t->occ != LG_OCC_CHARGED && t->occ != LG_OCC_MELEE && t->occ != LG_OCC_ROUT_SEEN)
        return 0; /* LA-MORALE-15 */
    if (t->occ == LG_OCC_CHARGE) {
        /* the charged unit tested first: a result of halt in place or worse exempts the charger
           (LA-MORALE-14, G-32) */
        if (x->charge_target < 0)
            return 0;
        const lg_unit *y = &s->u[x->charge_target];
        if (y->morale == LA_HALT || y->morale == LA_RETREAT || y->morale == LA_ROUT || y->morale == LA_FLIGHT ||
            y->off)
            return 0;
    }
    if (t->occ == LG_OCC_ROUT_SEEN && !lg_controlled(s, t->unit))
        return 0;
    if (t->occ == LG_OCC_RALLY && x->morale != LA_ROUT)
        return 0;
    return 1;
}

static int finish_test(wg_game *g, int die, int charisma)
{
    lg_state *s = LG_ST(g);
    lg_test *t = &s->test[s->nfirst];
    int base = 0, nap = 0;
    la_applied ap[LA_MAX_APPLIED];
    int rc = lg_test_value(g, t->unit, t->occ, t->mod, t->from, &base, ap, &nap, g->err);
    if (rc != WG_OK)
        return rc;
    int d = 0;
    if ((rc = lg_test_die(g, die, &d)) != WG_OK)
        return rc;
    int total = base + d + charisma;
    la_unit u;
    lg_unit_of(&u, g, t->unit);
    int res = LA_OBEY;
    if ((rc = la_morale_result(&res, g->err, g->tables, la_unit_status(&u), total, 1)) != WG_OK)
        return rc;
    {
        EV(g, LG_E_TEST, "LA-MORALE-16", ~0u);
        e_->a[0] = t->unit;
        e_->a[1] = t->occ;
        e_->a[2] = die;
        e_->a[3] = total;
        e_->a[4] = res;
        e_->a[5] = charisma;
    }
    int unit = t->unit, occ = t->occ, from = t->from;
    s->nfirst++;
    return apply_result(g, unit, occ, res, from);
}

/* ---------------------------------------------------------------- the period's flow */

static int begin_period(wg_game *g)
{
    lg_state *s = LG_ST(g);
    for (int i = 0; i < s->nunit; i++) {
        lg_unit *x = &s->u[i];
        x->marker = -1;
        x->charge_target = x->charged_by = -1;
        x->reaction = -1;
        x->moved = x->changed = x->effective = x->straight = x->fought = 0;
        x->used = 0;
        x->losses_turn = 0;
        x->heavy_fire = 0;
        x->pend_kind = -1;
    }
    s->stage = LG_S_MARK;
    s->side = 0;
    s->cur = 0;
    s->half = 0;
    EV(g, LG_E_PERIOD, "LA-SEQ-01", ~0u);
    e_->a[0] = s->period;
    return WG_OK;
}

/* The end of the period's tests (LA-MORALE-13, -20, LA-ROUT-06, G-57). */
static int end_tests(wg_game *g)
{
    lg_state *s = LG_ST(g);
    for (int i = 0; i < s->nunit; i++) {
        lg_unit *x = &s->u[i];
        if (!lg_active(s, i))
            continue;
        int arm = LG_RD(g)->battle.unit[i].u.arm;
        int now = lg_figures(x);
        int before = now + 0;
        (void)before;
        /* occasion 4: below 60% of the initial strength (not in a construction, not artillery) */
        if (!is_art(arm) && x->losses_turn > 0 && now * 10 < x->initial * 6 && lg_controlled(s, i))
            push_test(s, i, LG_OCC_STRENGTH, 0, -1);
        if (x->morale == LA_ROUT) {
            /* a friendly formed unit facing the enemy within 150/100 paces (LA-ROUT-06) */
            for (int j = 0; j < s->nunit; j++)
                if (j != i && lg_controlled(s, j) && lg_side(g, j) == lg_side(g, i) &&
                    s->u[j].cohesion == LA_FORMED && s->u[j].formation != LA_SKIRMISH &&
                    lg_gap(g, i, j) <= paces(g, 150, 100)) {
                    push_test(s, i, LG_OCC_RALLY, 0, -1);
                    break;
                }
        }
        if (x->morale == LA_RETREAT) {
            x->retreat_periods++;
            if (x->retreat_periods >= 3)
                push_test(s, i, LG_OCC_RETREAT3, 0, -1);
        }
    }
    return WG_OK;
}

static int side_broken(const wg_game *g, int p)
{
    const lg_state *s = LG_ST(g);
    int n = 0, gone = 0;
    for (int i = 0; i < s->nunit; i++) {
        if (lg_side(g, i) != p)
            continue;
        n++;
        const lg_unit *x = &s->u[i];
        if (x->off || x->morale == LA_ROUT || x->morale == LA_FLIGHT)
            gone++;
    }
    return n > 0 && gone * 2 >= n;
}

static int finish_period(wg_game *g)
{
    lg_state *s = LG_ST(g);
    for (int i = 0; i < s->nunit; i++) {
        lg_unit *x = &s->u[i];
        if (!lg_active(s, i))
            continue;
        if (x->marker == LG_M_REST && x->fatigue > 0) { /* LA-MARKERS-08 */
            x->fatigue--;
            EV(g, LG_E_REST, "LA-MARKERS-08", ~0u);
            e_->a[0] = i;
            e_->a[1] = x->fatigue;
        }
        if (x->morale == LA_HALT && --x->halted <= 0) { /* for the period it is taken in (LA-MORALERES-07) */
            x->morale = LA_OBEY;
            x->halted = 0;
        }
        if (x->morale == LA_UNCONTROLLED && --x->ua_periods <= 0)
            x->morale = LA_OBEY;
        if (x->morale == LA_RETREAT) {
            int32_t d = INT32_MAX;
            nearest_enemy(g, i, &d);
            if (d > paces(g, 300, 230)) { /* out of light-arms range: it stops (LA-MORALERES-08) */
                x->morale = LA_OBEY;
                x->retreat_periods = 0;
                int rc = ev_state(g, i, "LA-MORALERES-08");
                if (rc)
                    return rc;
            }
        }
    }
    int brk[2] = {0, 0};
    if (!LG_RD(g)->opt[LG_O_BREAK])
        for (int p = 0; p < 2; p++)
            brk[p] = side_broken(g, p);
    int last = s->period >= LG_RD(g)->battle.periods;
    if (brk[0] || brk[1] || last) {
        int64_t sc = g->ops->score(g);
        int winner = -1, band = 0;
        if (brk[0] != brk[1]) {
            winner = brk[0] ? 1 : 0;
            s->decisive = 1;
        } else {
            int64_t a = sc < 0 ? -sc : sc;
            band = a >= 15 ? 3 : a >= 10 ? 2 : a >= 5 ? 1 : 0; /* LA-VICTORY-01, G-38 */
            winner = band ? (sc > 0 ? 0 : 1) : -1;
        }
        s->winner = (int8_t)winner;
        s->stage = LG_S_OVER;
        EV(g, LG_E_END, brk[0] || brk[1] ? "LA-VICTORY-01" : "LA-VICTORY-01", ~0u);
        e_->a[0] = winner;
        e_->a[1] = s->decisive;
        e_->a[2] = (int32_t)sc;
        e_->a[3] = band;
        return WG_OK;
    }
    s->period++;
    return begin_period(g);
}

/* Phase 2 begins: the markers turned over (LA-MARKERS-09), charges to declare. */
static int turn_over(wg_game *g)
{
    lg_state *s = LG_ST(g);
    for (int i = 0; i < s->nunit; i++) {
        lg_unit *x = &s->u[i];
        if (x->marker < 0)
            continue;
        EV(g, LG_E_REVEAL, "LA-MARKERS-09", ~0u);
        e_->a[0] = i;
        e_->a[1] = x->marker;
        if (x->marker == LG_M_CHARGE)
            x->charge_target = -2; /* to declare */
    }
    s->stage = LG_S_CHARGE;
    s->cur = 0;
    return WG_OK;
}

/* Moves on to the next decision, doing what needs nobody's choice on the way. */
static int next(wg_game *g)
{
    lg_state *s = LG_ST(g);
    for (int guard = 0; guard < 100000; guard++) {
        int rc = WG_OK;
        switch (s->stage) {
        case LG_S_OVER: return WG_OK;
        case LG_S_MARK:
            for (; s->cur < s->nunit; s->cur++) {
                if (lg_side(g, s->cur) != s->side)
                    continue;
                if (needs_marker(g, s->cur))
                    return WG_OK;
                if (s->u[s->cur].marker < 0 && lg_active(s, s->cur) && s->u[s->cur].melee_with < 0 &&
                    (s->u[s->cur].morale == LA_OBEY || s->u[s->cur].morale == LA_HALT))
                    s->u[s->cur].marker = LG_M_NONE;
            }
            if (s->side == 0) {
                s->side = 1;
                s->cur = 0;
            } else {
                rc = turn_over(g);
            }
            break;
        case LG_S_CHARGE:
            for (; s->cur < s->nunit; s->cur++)
                if (s->u[s->cur].charge_target == -2)
                    return WG_OK;
            /* the charged units test first, then the chargers (LA-CHARGE-22, LA-MORALE-14) */
            for (int i = 0; i < s->nunit; i++)
                if (s->u[i].marker == LG_M_CHARGE && s->u[i].charge_target >= 0)
                    push_test(s, s->u[i].charge_target, LG_OCC_CHARGED, 0, i);
            for (int i = 0; i < s->nunit; i++)
                if (s->u[i].marker == LG_M_CHARGE && s->u[i].charge_target >= 0)
                    push_test(s, i, LG_OCC_CHARGE, 0, s->u[i].charge_target);
            s->stage = LG_S_TEST;
            s->ret = LG_S_REACT;
            s->cur = 0;
            break;
        case LG_S_REACT:
            for (; s->cur < s->nunit; s->cur++) {
                lg_unit *x = &s->u[s->cur];
                if (x->charged_by < 0 || x->reaction >= 0)
                    continue;
                int by = x->charged_by;
                if (!lg_controlled(s, s->cur) || s->u[by].charge_target != s->cur || x->morale == LA_HALT) {
                    x->reaction = LG_R_STAND;
                    continue;
                }
                int f = forced_reaction(g, s->cur);
                if (f >= 0) {
                    x->reaction = (int8_t)f;
                    EV(g, LG_E_REACT, f == LG_R_COUNTER ? "LA-COUNTER-07" : "LA-DODGE-07", ~0u);
                    e_->a[0] = s->cur;
                    e_->a[1] = f;
                    e_->a[2] = by;
                    continue;
                }
                int n = 0;
                for (int r = 0; r < 3; r++)
                    n += lg_react_ok(g, s->cur, r, NULL) == WG_OK;
                if (n > 1)
                    return WG_OK;
                x->reaction = LG_R_STAND;
            }
            s->stage = LG_S_COMMIT;
            s->half = 0;
            s->side = 0;
            s->cur = 0;
            break;
        case LG_S_COMMIT:
            for (; s->cur < s->nunit; s->cur++) {
                if (lg_side(g, s->cur) != s->side || s->u[s->cur].pend_kind >= 0)
                    continue;
                int kinds[40], forms[40];
                int n = lg_move_options(g, s->cur, kinds, forms, 40);
                if (n > 1)
                    return WG_OK;
                if (n == 1) {
                    s->u[s->cur].pend_kind = (int8_t)kinds[0];
                    s->u[s->cur].pend_form = (int8_t)forms[0];
                }
            }
            if (s->side == 0) {
                s->side = 1;
                s->cur = 0;
                break;
            }
            if ((rc = resolve_half(g)) != WG_OK)
                return rc;
            if (s->half == 0) {
                s->half = 1;
                s->side = 0;
                s->cur = 0;
            } else {
                s->stage = LG_S_FIRE;
                s->cur = 0;
            }
            break;
        case LG_S_FIRE:
            for (; s->cur < s->nunit; s->cur++)
                if (may_fire(g, s->cur) && !s->u[s->cur].fired_at)
                    return WG_OK;
            /* fire losses come off before the melees (LA-SEQ-05); the tests of occasions 8 and 9 */
            for (int i = 0; i < s->nunit; i++) {
                lg_unit *x = &s->u[i];
                x->fired_at = 0;
                if (x->pending_loss <= 0 || !lg_active(s, i))
                    continue;
                int loss = x->pending_loss, figs = lg_figures(x);
                x->pending_loss = 0;
                la_unit u;
                lg_unit_of(&u, g, i);
                int st = la_unit_status(&u);
                int thr = st <= LA_VETERAN ? 4 : st <= LA_SEMI_REGULAR ? 3 : 2; /* LA-MORALE-09, G-45 */
                if ((rc = take_losses(g, i, loss, "LA-FIRE-19")) != WG_OK)
                    return rc;
                if (figs > 0 && loss >= thr * figs)
                    push_test(s, i, LG_OCC_FIRE, 0, -1);
                else if (st >= LA_SEMI_REGULAR && !x->has_routed && x->lost_men == loss)
                    push_test(s, i, LG_OCC_FIRST_FIRE, 0, -1); /* LA-MORALE-08 */
            }
            s->stage = LG_S_TEST;
            s->ret = LG_S_MELEE;
            s->cur = 0;
            break;
        case LG_S_MELEE:
            for (; s->cur < s->nunit; s->cur++) {
                lg_unit *x = &s->u[s->cur];
                int o = x->melee_with;
                if (lg_active(s, s->cur) && o >= 0 && !x->fought && lg_active(s, o)) {
                    s->melee_a = s->cur;
                    s->melee_b = (int8_t)o;
                    s->melee_die_a = 0;
                    s->stage = LG_S_MELEEROLL;
                    return WG_OK;
                }
            }
            if ((rc = end_tests(g)) != WG_OK)
                return rc;
            s->stage = LG_S_TEST;
            s->ret = LG_S_NEXT;
            break;
        case LG_S_TEST:
            while (s->nfirst < s->ntest && !test_due(g, s->nfirst))
                s->nfirst++;
            if (s->nfirst < s->ntest)
                return WG_OK;
            s->ntest = s->nfirst = 0;
            s->stage = s->ret;
            break;
        case LG_S_NEXT: rc = finish_period(g); break;
        case LG_S_ENDP: s->stage = LG_S_NEXT; break;
        default: return WG_OK; /* a decision stage */
        }
        if (rc != WG_OK)
            return rc;
    }
    return wg__seterr(g->err, WG_ESTATE, "aigles: no decision reached (a loop)");
}

int lg_begin(wg_game *g)
{
    int rc = begin_period(g);
    if (rc == WG_OK)
        rc = next(g);
    return rc;
}

void lg_decision(const wg_game *g, int *player, int *kind)
{
    const lg_state *s = LG_ST(g);
    switch (s->stage) {
    case LG_S_MARK: *player = s->side; *kind = WG_DEC_OTHER; return;
    case LG_S_CHARGE: *player = lg_side(g, s->cur); *kind = WG_DEC_ATTACK; return;
    case LG_S_REACT: *player = lg_side(g, s->cur); *kind = WG_DEC_OTHER; return;
    case LG_S_COMMIT: *player = s->side; *kind = WG_DEC_MOVE; return;
    case LG_S_FIRE: *player = lg_side(g, s->cur); *kind = WG_DEC_ATTACK; return;
    case LG_S_FIREROLL:
    case LG_S_MELEEROLL:
    case LG_S_TEST: *player = WG_PLAYER_CHANCE; *kind = WG_DEC_ROLL; return;
    case LG_S_CHARISMA: *player = lg_side(g, s->test[s->nfirst].unit); *kind = WG_DEC_OTHER; return;
    default: *player = WG_PLAYER_NONE; *kind = WG_DEC_NONE; return;
    }
}

int lg_options(wg_game *g)
{
    lg_state *s = LG_ST(g);
    int rc = WG_OK;
    switch (s->stage) {
    case LG_S_MARK:
        for (int m = 0; m < LG_NMARKERS && rc == WG_OK; m++)
            if (lg_marker_ok(g, s->cur, m, NULL) == WG_OK)
                rc = wg__opt_push(g, LG_ACT(LG_A_MARK, m), 1);
        return rc;
    case LG_S_CHARGE: {
        int t[LG_MAX];
        int n = lg_charge_targets(g, s->cur, t, LG_MAX);
        for (int k = 0; k < n && rc == WG_OK; k++)
            rc = wg__opt_push(g, LG_ACT(LG_A_TARGET, t[k]), 1);
        if (rc == WG_OK)
            rc = wg__opt_push(g, LG_ACT(LG_A_TARGET, 0xff), 1); /* no charge after all */
        return rc;
    }
    case LG_S_REACT:
        for (int r = 0; r < 3 && rc == WG_OK; r++)
            if (lg_react_ok(g, s->cur, r, NULL) == WG_OK)
                rc = wg__opt_push(g, LG_ACT(LG_A_REACT, r), 1);
        return rc;
    case LG_S_COMMIT: {
        int kinds[40], forms[40];
        int n = lg_move_options(g, s->cur, kinds, forms, 40);
        for (int k = 0; k < n && k < 40 && rc == WG_OK; k++)
            rc = wg__opt_push(g, LG_ACT(LG_A_MOVE, kinds[k] | ((forms[k] + 1) << 8)), 1);
        return rc;
    }
    case LG_S_FIRE: {
        int t[LG_MAX];
        int n = lg_fire_targets(g, s->cur, t, LG_MAX);
        for (int k = 0; k < n && rc == WG_OK; k++)
            rc = wg__opt_push(g, LG_ACT(LG_A_FIRE, t[k]), 1);
        if (rc == WG_OK)
            rc = wg__opt_push(g, LG_ACT(LG_A_FIRE, 0xff), 1); /* hold fire */
        return rc;
    }
    case LG_S_FIREROLL:
    case LG_S_MELEEROLL:
    case LG_S_TEST:
        for (int d = 1; d <= 6 && rc == WG_OK; d++)
            rc = wg__opt_push(g, LG_ACT(LG_A_DIE, d), 1);
        return rc;
    case LG_S_CHARISMA: {
        int v = lg_charisma_of(g, s->test[s->nfirst].unit);
        for (int m = -v; m <= v && rc == WG_OK; m++)
            rc = wg__opt_push(g, LG_ACT(LG_A_CHARISMA, m), 1);
        return rc;
    }
    default: return WG_OK;
    }
}

int lg_apply(wg_game *g, uint64_t a)
{
    lg_state *s = LG_ST(g);
    int arg = LG_AA(a);
    int rc = WG_OK;
    switch (LG_AK(a)) {
    case LG_A_MARK: {
        int i = s->cur;
        s->u[i].marker = (int8_t)arg;
        EV(g, LG_E_MARK, "LA-MARKERS-01", 1u << lg_side(g, i));
        e_->a[0] = i;
        e_->a[1] = arg;
        s->cur++;
        break;
    }
    case LG_A_TARGET: {
        int i = s->cur;
        int t = arg == 0xff ? -1 : arg;
        s->u[i].charge_target = (int8_t)t;
        if (t < 0)
            s->u[i].marker = LG_M_NONE;
        else if (s->u[t].charged_by < 0)
            s->u[t].charged_by = (int8_t)i;
        EV(g, LG_E_CHARGE, "LA-CHARGE-01", ~0u);
        e_->a[0] = i;
        e_->a[1] = t;
        s->cur++;
        break;
    }
    case LG_A_REACT: {
        int i = s->cur;
        s->u[i].reaction = (int8_t)arg;
        EV(g, LG_E_REACT, "LA-SEQ-04", ~0u);
        e_->a[0] = i;
        e_->a[1] = arg;
        e_->a[2] = s->u[i].charged_by;
        s->cur++;
        break;
    }
    case LG_A_MOVE: {
        int i = s->cur;
        if ((arg & 0xff) == LG_MV_FORM) { /* the time of the change, read now (a table's gap stops here) */
            la_unit u;
            int half = 0;
            lg_unit_of(&u, g, i);
            if ((rc = la_change_time_err(&half, g->err, g->tables, &u, (arg >> 8) - 1, 0)) != WG_OK)
                return rc;
        }
        s->u[i].pend_kind = (int8_t)(arg & 0xff);
        s->u[i].pend_form = (int8_t)((arg >> 8) - 1);
        EV(g, LG_E_COMMIT, "LA-MOVE-01", 1u << lg_side(g, i));
        e_->a[0] = i;
        e_->a[1] = arg & 0xff;
        e_->a[2] = (arg >> 8) - 1;
        e_->a[3] = s->half;
        s->cur++;
        break;
    }
    case LG_A_FIRE: {
        int i = s->cur;
        s->u[i].fired_at = 1;
        if (arg == 0xff) {
            EV(g, LG_E_FIRE, "LA-FIRE-01", ~0u);
            e_->a[0] = i;
            e_->a[1] = -1;
            s->cur++;
            break;
        }
        la_fire f;
        la_applied ap[LA_MAX_APPLIED];
        int nap = 0, kind = 0;
        if ((rc = lg_fire_setup(g, i, arg, &f, &kind, ap, &nap, g->err)) != WG_OK)
            return rc;
        s->fire_target = (int8_t)arg;
        s->fire_kind = (int8_t)kind;
        s->stage = LG_S_FIREROLL;
        EV(g, LG_E_FIRE, "LA-FIRE-01", ~0u);
        e_->a[0] = i;
        e_->a[1] = arg;
        e_->a[2] = f.figures;
        e_->a[3] = f.factors;
        e_->a[4] = kind;
        break;
    }
    case LG_A_DIE:
        if (s->stage == LG_S_FIREROLL) {
            int i = s->cur, t = s->fire_target;
            la_fire f;
            la_applied ap[LA_MAX_APPLIED];
            int nap = 0, kind = 0, losses = 0;
            if ((rc = lg_fire_setup(g, i, t, &f, &kind, ap, &nap, g->err)) != WG_OK)
                return rc;
            if ((rc = la_fire_losses(&losses, g->err, g->tables, &f, arg)) != WG_OK)
                return rc;
            s->u[t].pending_loss = (int16_t)(s->u[t].pending_loss + losses);
            if (losses >= 15 && s->u[t].heavy_fire < 9)
                s->u[t].heavy_fire++;
            int d = arg + (f.die_plus > 0), bonus = 0;
            la_cell_int(&bonus, g->tables[LA_T30], 0, (d > 6 ? 6 : d) - 1); /* read by la_fire_losses above */
            EV(g, LG_E_FIRELOSS, "LA-FIRE-19", ~0u);
            e_->a[0] = i;
            e_->a[1] = t;
            e_->a[2] = arg;
            e_->a[3] = losses;
            e_->a[4] = f.value + f.factors + bonus; /* the loss table's row */
            s->stage = LG_S_FIRE;
            s->cur++;
        } else if (s->stage == LG_S_MELEEROLL) {
            if (s->melee_die_a == 0) {
                s->melee_die_a = (int8_t)arg;
                return WG_OK; /* the other side's die next */
            }
            if ((rc = fight(g, s->melee_a, s->melee_b, s->melee_die_a, arg)) != WG_OK)
                return rc;
            s->stage = LG_S_MELEE;
        } else if (s->stage == LG_S_TEST) {
            int v = lg_charisma_of(g, s->test[s->nfirst].unit);
            if (v > 0) { /* the modifier is chosen after the die (LA-OFFICER-02, G-14) */
                s->test_die = (int8_t)arg;
                s->stage = LG_S_CHARISMA;
                return WG_OK;
            }
            if ((rc = finish_test(g, arg, 0)) != WG_OK)
                return rc;
        }
        break;
    case LG_A_CHARISMA:
        s->stage = LG_S_TEST;
        if ((rc = finish_test(g, s->test_die, arg)) != WG_OK)
            return rc;
        break;
    default: return wg__seterr(g->err, WG_EILLEGAL, "aigles: no such action");
    }
    return next(g);
}

/* ---------------------------------------------------------------- parameters: precise moves */

int lg_option_params(const wg_game *g, uint64_t a, wg_param *p, int *required)
{
    const lg_rdata *rd = LG_RD(g);
    *required = 0;
    if (LG_AK(a) != LG_A_MOVE)
        return 0;
    int k = LG_AA(a) & 0xff;
    if (k == LG_MV_TO) {
        p[0] = (wg_param){"x", 0, rd->width};
        p[1] = (wg_param){"y", 0, rd->depth};
        *required = 1;
        return 2;
    }
    if (k == LG_MV_TURN) {
        la_unit u;
        lg_unit_of(&u, g, LG_ST(g)->cur);
        p[0] = (wg_param){"pivot", 0, u.front - 1};
        p[1] = (wg_param){"facing x", -100000, 100000};
        p[2] = (wg_param){"facing y", -100000, 100000};
        *required = 1;
        return 3;
    }
    return 0;
}

int lg_check_params(const wg_game *g, uint64_t a, const int64_t *v, size_t n, char *err)
{
    const lg_state *s = LG_ST(g);
    int k = LG_AA(a) & 0xff;
    if (LG_AK(a) != LG_A_MOVE || n == 0)
        return WG_OK;
    la_unit u, after;
    lg_unit_of(&u, g, s->cur);
    int32_t p[3] = {(int32_t)v[0], (int32_t)v[1], n > 2 ? (int32_t)v[2] : 0};
    if (k == LG_MV_TURN && p[1] == 0 && p[2] == 0)
        return wg__seterr(err, WG_EILLEGAL, "a facing of (0, 0) has no direction");
    int rc = build_move(g, s->cur, &u, k, -1, p, &after, err);
    if (rc != WG_OK)
        return rc;
    if (!on_table(g, &after))
        return wg__seterr(err, WG_EILLEGAL, "the unit would stand off the table");
    int with = -1;
    if (lg_overlaps(g, &after, s->cur, &with) == 2)
        return wg__seterr(err, WG_EILLEGAL, "the unit would stand on %s", lg_name(g, with));
    if (s->u[s->cur].marker == LG_M_MOVE && s->half == 0 && u.ref.x == after.ref.x && u.ref.y == after.ref.y &&
        u.facing.x == after.facing.x && u.facing.y == after.facing.y)
        return wg__seterr(err, WG_EILLEGAL, "a Movement marker advances or turns in the first half-period "
                                            "(LA-MARKERS-07)");
    return WG_OK;
}

int lg_apply_params(wg_game *g, uint64_t a, const int64_t *v, size_t n)
{
    lg_state *s = LG_ST(g);
    if (LG_AK(a) == LG_A_MOVE && n > 0) {
        lg_unit *x = &s->u[s->cur];
        for (size_t k = 0; k < 3; k++)
            x->pend[k] = k < n ? (int32_t)v[k] : 0;
    }
    return lg_apply(g, a);
}

/* The bot's precise moves: a point within the half-period straight ahead (a part of the full move), or
   a wheel to one of the menu's facings; always legal. */
void lg_draw_params(const wg_game *g, uint64_t a, wg_pcg *rng, int64_t *v)
{
    const lg_state *s = LG_ST(g);
    la_unit u;
    lg_unit_of(&u, g, s->cur);
    int k = LG_AA(a) & 0xff;
    int32_t budget = mv_budget(g, &u);
    for (int tries = 0; tries < 16; tries++) {
        if (k == LG_MV_TO) {
            int32_t part = (int32_t)(1 + wg__pcg_below(rng, 8));
            wg_pt d = along(u.facing.x, u.facing.y, budget * part / 8);
            v[0] = u.ref.x + d.x;
            v[1] = u.ref.y + d.y;
        } else {
            int left = (int)wg__pcg_below(rng, 2);
            wg_pt f = rotate(u.facing.x, u.facing.y, left);
            v[0] = left ? 0 : u.front - 1;
            v[1] = f.x;
            v[2] = f.y;
        }
        if (lg_check_params(g, a, v, k == LG_MV_TO ? 2 : 3, NULL) == WG_OK)
            return;
    }
    /* the menu's smallest step, which the option's listing found legal */
    if (k == LG_MV_TO) {
        wg_pt d = along(u.facing.x, u.facing.y, budget / 2);
        v[0] = u.ref.x + d.x;
        v[1] = u.ref.y + d.y;
    }
}

void lg_why_not(const wg_game *g, uint64_t a, char *err)
{
    const lg_state *s = LG_ST(g);
    switch (LG_AK(a)) {
    case LG_A_MARK:
        if (s->stage == LG_S_MARK && lg_marker_ok(g, s->cur, LG_AA(a), err) != WG_OK)
            return;
        break;
    case LG_A_REACT:
        if (s->stage == LG_S_REACT && lg_react_ok(g, s->cur, LG_AA(a), err) != WG_OK)
            return;
        break;
    case LG_A_MOVE:
        if (s->stage == LG_S_COMMIT) {
            la_unit u;
            lg_unit_of(&u, g, s->cur);
            if (menu_ok(g, s->cur, &u, LG_AA(a) & 0xff, err) != WG_OK)
                return;
        }
        break;
    default: break;
    }
    wg__seterr(err, WG_EILLEGAL, "that is not a decision of this moment");
}

/* Les Aigles: the period as decisions (LA-SEQ-01): markers placed in secret (phase 1), turned over
   with the charges declared and the charged units' reactions (phase 2), moves committed sealed by
   each side and resolved together in the printed priority order for each half-period (phase 3),
   fire (phase 4), melee (phase 5), and the morale tests, during play and at the end of the period
   (phase 6, LA-SEQ-02). */
#include "aigles.h"

#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- markers (phase 1) */

int lg_marker_ok(const wg_game *g, int i, int m, char *why)
{
    const lg_state *s = LG_ST(g);
    la_unit u;
    lg_unit_of(&u, g, i);
    /* a unit part-way through a change of formation goes on with it (LA-MARKERS-04); with half a
       period of it left it may declare a charge (LA-FORMTIME-20) */
    if (s->u[i].change_left > 0 && m != LG_M_NONE && m != LG_M_CHARGE)
        return wg__seterr(why, WG_EILLEGAL, "the unit goes on with its change of formation (LA-MARKERS-04)");
    if (s->u[i].change_left > 1 && m == LG_M_CHARGE)
        return wg__seterr(why, WG_EILLEGAL, "%d half-periods of its change of formation are left: a charge needs "
                                            "half a period at most (LA-FORMTIME-20)", s->u[i].change_left);
    switch (m) {
    case LG_M_NONE: return WG_OK;
    case LG_M_MOVE:
        if (lg_is_art(u.arm) && u.formation == LA_IN_BATTERY)
            return WG_OK; /* a pivot in phase 2, or a move by bricole (LA-ARTMOVE-02, -03) */
        if (lg_half_move(g, &u) <= 0)
            return wg__seterr(why, WG_EILLEGAL, "the army list gives this unit no movement in its formation");
        return WG_OK;
    case LG_M_FORMATION: {
        if (s->u[i].change_left > 0)
            return wg__seterr(why, WG_EILLEGAL, "the unit is still changing formation (LA-FORMTIME)");
        if (lg_change_count(g, i, &u) <= 0)
            return wg__seterr(why, WG_EILLEGAL, "the unit has no other formation to take (LA-FORM)");
        return WG_OK;
    }
    case LG_M_WITHDRAW:
        if ((lg_is_foot(u.arm) && u.formation == LA_LINE) || (lg_is_art(u.arm) && u.formation == LA_IN_BATTERY))
            return WG_OK;
        return wg__seterr(why, WG_EILLEGAL, "a Withdrawal marker is for infantry in line or artillery in battery "
                                            "(LA-MARKERS-03)");
    case LG_M_FIRE:
        if (lg_is_art(u.arm) && u.formation != LA_IN_BATTERY)
            return wg__seterr(why, WG_EILLEGAL, "limbered artillery does not fire (LA-ARTFIRE)");
        if (lg_is_art(u.arm) && (u.cohesion >= LA_WITHOUT_FORMATION || s->u[i].guns != LG_G_CREW))
            return wg__seterr(why, WG_EILLEGAL, "artillery without formation does not fire (LA-ARTFIRE-08)");
        if (lg_fire_range(g, i, &u) <= 0)
            return wg__seterr(why, WG_EILLEGAL, "the unit has no fire weapon in the army list");
        return WG_OK;
    case LG_M_CHARGE: {
        char w[WG_ERRMSG_CAP];
        if (la_may_charge(w, &u) != WG_OK)
            return wg__seterr(why, WG_EILLEGAL, "%s", w);
        if (s->u[i].order == LA_ORD_SUPPORT && !LG_RD(g)->opt[LG_O_UNFORESEEN])
            return wg__seterr(why, WG_EILLEGAL, "a Support order fights by fire and charges only to answer a charge "
                                                "(LA-ORDERS-05)");
        int t[LG_MAX];
        if (lg_charge_targets(g, i, t, LG_MAX) <= 0 && lg_two_period_targets(g, i, t, LG_MAX) <= 0)
            return wg__seterr(why, WG_EILLEGAL, "no enemy in sight within the charge's reach, or within a period's "
                                                "movement more (LA-CHARGE-01, -07)");
        return WG_OK;
    }
    case LG_M_DODGE:
        if (lg_is_art(u.arm))
            return wg__seterr(why, WG_EILLEGAL, "guns do not dodge; gunners abandon them (LA-DODGE-08)");
        return WG_OK;
    case LG_M_REST:
        if (s->u[i].fatigue <= 0)
            return wg__seterr(why, WG_EILLEGAL, "a Rest marker removes fatigue, and the unit has none (LA-MARKERS-08)");
        return WG_OK;
    default: return wg__seterr(why, WG_EILLEGAL, "no marker %d", m);
    }
}

/* Whether unit i may complete the two-period charge it began last period: it obeys, fights no melee,
   and its target is now among the enemies within its charge's reach (LA-CHARGE-07). */
static int completes_charge(const wg_game *g, int i)
{
    const lg_state *s = LG_ST(g);
    const lg_unit *x = &s->u[i];
    if (!lg_active(s, i) || x->melee_with >= 0 || x->morale != LA_OBEY || x->change_left > 0 ||
        !lg_active(s, x->charge_next) || lg_marker_ok(g, i, LG_M_CHARGE, NULL) != WG_OK)
        return 0;
    int t[LG_MAX];
    int n = lg_charge_targets(g, i, t, LG_MAX);
    for (int k = 0; k < n; k++)
        if (t[k] == x->charge_next)
            return 1;
    return 0;
}

/* A unit receives a marker when it obeys its orders and is not in a melee (LA-MARKERS-01, -04). */
static int needs_marker(const wg_game *g, int i)
{
    const lg_state *s = LG_ST(g);
    const lg_unit *x = &s->u[i];
    if (!lg_active(s, i) || x->melee_with >= 0 || (x->morale != LA_OBEY && x->morale != LA_HALT) ||
        x->change_left > 1 || x->charge_next >= 0)
        return 0; /* a unit part-way through a change of formation goes on with it (LA-MARKERS-04) */
    int n = 0;
    for (int m = 0; m < LG_NMARKERS; m++)
        n += lg_marker_ok(g, i, m, NULL) == WG_OK;
    return n > 1;
}

/* ---------------------------------------------------------------- charges (phase 2) */

/* Of the enemies the unit may charge, the one directly in front must be charged (LA-CHARGE-03): when an
   enemy's footprint overlaps the strip the unit's front sweeps straight ahead over the charge's reach,
   the nearest such enemy is the only target, unless the order says otherwise: an Attack order whose
   point lies inside another target's footprint names that target.  Returns the targets kept. */
static int directly_in_front(const wg_game *g, int i, int32_t reach, int *targets, int n)
{
    const lg_state *s = LG_ST(g);
    la_unit u;
    lg_unit_of(&u, g, i);
    wg_quad a;
    if (n <= 1 || lg_unit_footprint(&a, g, &u) != WG_OK)
        return n;
    wg_pt d = lg_along(u.facing.x, u.facing.y, reach);
    wg_pt strip[4] = {a.p[0], a.p[1], {a.p[1].x + d.x, a.p[1].y + d.y}, {a.p[0].x + d.x, a.p[0].y + d.y}};
    int front = -1;
    int32_t best = INT32_MAX;
    for (int k = 0; k < n; k++) {
        la_unit t;
        wg_quad b;
        lg_unit_of(&t, g, targets[k]);
        if (lg_unit_footprint(&b, g, &t) != WG_OK || wg__poly_poly(strip, 4, b.p, 4) != 2)
            continue;
        int32_t gap = lg_gap(g, i, targets[k]);
        if (gap < best) {
            best = gap;
            front = targets[k];
        }
    }
    if (front < 0)
        return n;
    /* through skirmishers the charge may go on to the enemy behind them (LA-CHARGE-08) */
    int behind = -1;
    int f = s->u[front].formation;
    if (f == LA_SKIRMISH || f == LA_FORAGING) {
        int32_t next = INT32_MAX;
        for (int k = 0; k < n; k++) {
            la_unit t;
            wg_quad b;
            int32_t gap = lg_gap(g, i, targets[k]);
            lg_unit_of(&t, g, targets[k]);
            if (targets[k] != front && gap < next && lg_unit_footprint(&b, g, &t) == WG_OK &&
                wg__poly_poly(strip, 4, b.p, 4) == 2) {
                next = gap;
                behind = targets[k];
            }
        }
    }
    int m = 0;
    for (int k = 0; k < n; k++) {
        int keep = targets[k] == front || targets[k] == behind;
        if (!keep && s->u[i].order == LA_ORD_ATTACK) {
            la_unit t;
            wg_quad b;
            wg_pt p = {s->u[i].order_x, s->u[i].order_y};
            lg_unit_of(&t, g, targets[k]);
            keep = lg_unit_footprint(&b, g, &t) == WG_OK && wg__pt_poly(p, b.p, 4) == 1;
        }
        if (keep)
            targets[m++] = targets[k];
    }
    return m;
}

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
        /* la_threatens asks the footprints to be within the reach: the gap kept for the step says
           whether they are (the floor of a distance is at most a whole reach exactly when it is) */
        int32_t r = lg_road_reach(g, i, j, reach);
        if (lg_gap(g, i, j) > r)
            continue;
        la_unit t;
        lg_unit_of(&t, g, j);
        int yes = 0;
        if (la_threatens(&yes, &u, &t, r, g->tables, lg_scale_of(g)) != WG_OK || !yes)
            continue;
        if (!lg_sees(g, i, j))
            continue;
        /* cavalry does not charge into a wood or a construction (LA-CHARGE-13), and from a wood only
           from its edge (LA-TERRAIN-12) */
        if (lg_is_cav(u.arm)) {
            if (!lg_wood_charge_ok(g, i))
                continue;
            uint32_t fl = 0;
            lg_area_flags_at(g, lg_centre_of(g, j), &fl);
            if (fl & (LG_RD(g)->block_flags))
                continue;
        }
        targets[n++] = j;
    }
    return directly_in_front(g, i, reach, targets, n);
}

/* Enemies beyond the reach of the unit's charge but within a period's movement and the charge's reach,
   in sight in its front arc, and not behind the enemy it must charge: a two-period charge, first a
   movement without the charge bonus, then the charge next period (LA-CHARGE-07). */
int lg_two_period_targets(const wg_game *g, int i, int *targets, int cap)
{
    const lg_state *s = LG_ST(g);
    la_unit u;
    lg_unit_of(&u, g, i);
    la_move_env e = lg_env(g);
    int32_t reach = 0;
    if (la_charge_reach(&reach, NULL, &e, &u) != WG_OK)
        return 0;
    int32_t far = reach + 2 * lg_mv_budget(g, &u);
    int near[LG_MAX];
    int nn = lg_charge_targets(g, i, near, LG_MAX), n = 0;
    for (int j = 0; j < s->nunit && n < cap; j++) {
        if (!lg_active(s, j) || lg_side(g, j) == lg_side(g, i) || s->u[j].off)
            continue;
        int32_t gap = lg_gap(g, i, j);
        if (gap <= reach || gap > far) /* near, or beyond the threat's reach (la_threatens) */
            continue;
        la_unit t;
        lg_unit_of(&t, g, j);
        int yes = 0;
        if (la_threatens(&yes, &u, &t, far, g->tables, lg_scale_of(g)) != WG_OK || !yes || !lg_sees(g, i, j))
            continue;
        if (lg_is_cav(u.arm)) { /* LA-CHARGE-13 */
            uint32_t fl = 0;
            lg_area_flags_at(g, lg_centre_of(g, j), &fl);
            if (fl & (LG_RD(g)->block_flags))
                continue;
        }
        targets[n++] = j;
    }
    /* the enemy directly in front is charged first (LA-CHARGE-03) */
    int all[2 * LG_MAX], m = 0;
    for (int k = 0; k < nn; k++)
        all[m++] = near[k];
    for (int k = 0; k < n; k++)
        all[m++] = targets[k];
    int kept = directly_in_front(g, i, far, all, m), out = 0;
    for (int k = 0; k < kept; k++)
        for (int q = 0; q < n; q++)
            if (all[k] == targets[q])
                targets[out++] = all[k];
    return out;
}

int lg_react_ok(const wg_game *g, int i, int r, char *why)
{
    const lg_state *s = LG_ST(g);
    const lg_unit *x = &s->u[i];
    la_order ord;
    lg_order_of(&ord, g, i);
    const la_order *o = &ord;
    la_unit u;
    lg_unit_of(&u, g, i);
    int by = x->charged_by >= 0 ? x->charged_by : x->cover_by >= 0 ? x->cover_by : x->screen_by;
    if (by < 0)
        return wg__seterr(why, WG_EILLEGAL, "the unit is not charged: only a unit genuinely charged, or covering "
                                            "one, counter-charges (LA-COUNTER-01, -03)");
    la_unit c;
    lg_unit_of(&c, g, by);
    switch (r) {
    case LG_R_STAND: return WG_OK;
    case LG_R_ABANDON:
        if (!lg_is_art(u.arm) || u.formation != LA_IN_BATTERY || x->guns != LG_G_CREW)
            return wg__seterr(why, WG_EILLEGAL, "only gunners of a battery in battery abandon their guns (LA-MELEERES-17)");
        if (x->melee_with >= 0)
            return wg__seterr(why, WG_EILLEGAL, "a unit in melee does not leave it");
        return WG_OK;
    case LG_R_COUNTER: {
        char w[WG_ERRMSG_CAP];
        if (o->kind == LA_ORD_HOLD)
            return wg__seterr(why, WG_EILLEGAL, "a Hold order forbids the counter-charge (LA-COUNTER-07)");
        if (o->kind == LA_ORD_HARASS)
            return wg__seterr(why, WG_EILLEGAL, "a Harass order dodges a charge (LA-DODGE-07)");
        if (la_may_charge(w, &u) != WG_OK)
            return wg__seterr(why, WG_EILLEGAL, "%s", w);
        if (lg_is_foot(u.arm) && lg_is_cav(c.arm))
            return wg__seterr(why, WG_EILLEGAL, "infantry does not counter-charge cavalry (LA-ORDERS-03)");
        if (!lg_sees(g, i, by))
            return wg__seterr(why, WG_EILLEGAL, "the unit does not see its charger (LA-COUNTER-02)");
        return WG_OK;
    }
    case LG_R_DODGE:
        if (x->charged_by < 0 && x->screen_by < 0)
            return wg__seterr(why, WG_EILLEGAL, "only a charged unit dodges (LA-DODGE-01)");
        if (lg_is_art(u.arm))
            return wg__seterr(why, WG_EILLEGAL, "guns do not dodge (LA-DODGE-08)");
        if (x->melee_with >= 0)
            return wg__seterr(why, WG_EILLEGAL, "a unit in melee does not dodge");
        return WG_OK;
    default: return wg__seterr(why, WG_EILLEGAL, "no reaction %d", r);
    }
}

/* Whether units i and j are battalions or squadrons of the same regiment (LA-COUNTER-03). */
static int same_regiment(const wg_game *g, int i, int j)
{
    const la_bunit *a = &LG_RD(g)->battle.unit[i], *b = &LG_RD(g)->battle.unit[j];
    return a->side == b->side && a->regiment[0] && strcmp(a->regiment, b->regiment) == 0;
}

/* The units covering a charged unit: those whose Cover order names it, and the battalions or
   squadrons of its regiment; each may counter-charge its charger after a half-period of reaction
   (LA-COUNTER-03).  A unit charged itself, charging, or in a melee covers nobody. */
static void covers(wg_game *g)
{
    lg_state *s = LG_ST(g);
    for (int j = 0; j < s->nunit; j++) {
        lg_unit *y = &s->u[j];
        y->cover_by = -1;
        if (!lg_controlled(s, j) || y->charged_by >= 0 || y->melee_with >= 0 ||
            (y->marker == LG_M_CHARGE && y->charge_target >= 0))
            continue;
        for (int t = 0; t < s->nunit && y->cover_by < 0; t++) {
            int by = s->u[t].charged_by;
            if (t == j || by < 0 || s->u[by].charge_target != t || lg_side(g, t) != lg_side(g, j))
                continue;
            if ((y->order == LA_ORD_COVER && y->order_target == t) || same_regiment(g, j, t))
                y->cover_by = (int8_t)by;
        }
    }
}

/* Whether the unit is skirmishing or foraging in a wood or behind light or hard cover (the area at its
   centre): its dodge is not compulsory (LA-DODGE-05). */
static int sheltered(const wg_game *g, int i)
{
    const lg_state *s = LG_ST(g);
    const lg_rdata *rd = LG_RD(g);
    int f = s->u[i].formation;
    if ((f != LA_SKIRMISH && f != LA_FORAGING) || !g->map)
        return 0;
    uint32_t fl = 0;
    int a = lg_area_flags_at(g, lg_centre_of(g, i), &fl);
    if (a < 0)
        return 0;
    if (fl & (rd->light_flag | rd->hard_flag))
        return 1;
    int terr = -1;
    const char *tn = NULL;
    return wg_map_terrain(&terr, g->map, a) == WG_OK && wg_map_terrain_name(&tn, g->map, terr) == WG_OK && tn &&
           strcmp(tn, "wood") == 0;
}

/* The enemy skirmishers a declared charge goes through to reach its target: the nearest skirmishing or
   foraging unit of the target's side directly in front of the charger and nearer than its target
   (LA-CHARGE-08). */
static void screens(wg_game *g)
{
    lg_state *s = LG_ST(g);
    for (int i = 0; i < s->nunit; i++) {
        const lg_unit *x = &s->u[i];
        int t = x->charge_target;
        if (x->marker != LG_M_CHARGE || t < 0 || x->charge_two)
            continue;
        int c[LG_MAX];
        int n = lg_charge_targets(g, i, c, LG_MAX), best = -1;
        for (int k = 0; k < n; k++) {
            const lg_unit *y = &s->u[c[k]];
            if (c[k] != t && (y->formation == LA_SKIRMISH || y->formation == LA_FORAGING) && y->charged_by < 0 &&
                y->screen_by < 0 && lg_gap(g, i, c[k]) < lg_gap(g, i, t) &&
                (best < 0 || lg_gap(g, i, c[k]) < lg_gap(g, i, best)))
                best = c[k];
        }
        if (best >= 0)
            s->u[best].screen_by = (int8_t)i;
    }
}

/* Skirmishers that do not dodge become the charged unit (LA-CHARGE-08). */
static int screen_stands(wg_game *g, int k)
{
    lg_state *s = LG_ST(g);
    int i = s->u[k].screen_by, t = s->u[i].charge_target;
    if (t >= 0 && s->u[t].charged_by == i)
        s->u[t].charged_by = -1;
    s->u[i].charge_target = (int8_t)k;
    s->u[k].charged_by = (int8_t)i;
    s->u[k].screen_by = -1;
    LG_EV(g, LG_E_CHARGE, "LA-CHARGE-08", ~0u);
    e_->a[0] = i;
    e_->a[1] = k;
    e_->a[2] = 3; /* falls on the skirmishers */
    return WG_OK;
}

/* Whether the reaction is forced: Attack counter-charges, Harass dodges (LA-COUNTER-07, LA-DODGE-07). */
static int forced_reaction(const wg_game *g, int i)
{
    int kind = LG_ST(g)->u[i].order;
    if (kind == LA_ORD_ATTACK && lg_react_ok(g, i, LG_R_COUNTER, NULL) == WG_OK)
        return LG_R_COUNTER;
    if (kind == LA_ORD_HARASS && lg_react_ok(g, i, LG_R_DODGE, NULL) == WG_OK && !sheltered(g, i))
        return LG_R_DODGE;
    return -1;
}

/* A battery in battery with a Movement marker decides its pivot in phase 2 (LA-ARTMOVE-02). */
static int pivot_due(const wg_game *g, int i)
{
    const lg_state *s = LG_ST(g);
    const lg_unit *x = &s->u[i];
    return lg_controlled(s, i) && x->marker == LG_M_MOVE && x->pivoted == 0 && x->melee_with < 0 &&
           lg_is_art(LG_RD(g)->battle.unit[i].u.arm) && x->formation == LA_IN_BATTERY;
}

/* Battery i turned by pivot p (1, 2: 22.5 degrees left, right; 3, 4: 45 degrees) about the centre of
   its front, if it has room there: 1 and the battery after it in *after (may be NULL). */
static int pivot_to(const wg_game *g, int i, int p, la_unit *after)
{
    la_unit u;
    lg_unit_of(&u, g, i);
    int left = p == 1 || p == 3;
    wg_pt f = lg_rotate(u.facing.x, u.facing.y, left);
    if (p >= 3)
        f = lg_rotate(f.x, f.y, left);
    u.facing = f;
    if (!lg_on_table(g, &u) || lg_overlaps_known(g, &u, i, NULL) == 2)
        return 0;
    if (after)
        *after = u;
    return 1;
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
        x->fire_prev = x->fire_turn;
        x->fire_turn = 0;
        x->fired_prev = x->fired;
        x->fired = 0;
        x->heavy_fire = 0;
        x->pivoted = 0;
        x->pend_kind = -1;
        x->beaten_by = x->won_now = 0;
        x->fired_on = -1;
        x->x0 = x->x;
        x->y0 = x->y;
        x->fail_seen = 0;
        x->cover_by = -1;
        x->screen_by = -1;
        x->charge_two = 0;
        /* a unit that fought a melee turn is disorganised from the next period, whether it fights on
           or not (LA-DISORG-08) */
        if (x->melee_disorg) {
            x->melee_disorg = 0;
            if (lg_active(s, i) && x->cohesion < LA_DISORGANISED) {
                x->cohesion = LA_DISORGANISED;
                int rc = lg_ev_state(g, i, "LA-DISORG-08");
                if (rc != WG_OK)
                    return rc;
            }
        }
        x->fire_on_prev = x->fire_on; /* what it fired on last period (LA-FIRE-10) */
        x->fire_on = -1;
    }
    s->stage = LG_S_MARK;
    s->side = 0;
    s->cur = 0;
    s->half = 0;
    {
        LG_EV(g, LG_E_PERIOD, "LA-SEQ-01", ~0u);
        e_->a[0] = s->period;
    }
    int rc = lg_burn_units(g); /* a unit still in a village burning since the period before (LA-TERRAIN-30) */
    if (rc != WG_OK)
        return rc;
    return lg_orders_apply(g); /* the orders accepted last period (LA-ORDERS-16) */
}

/* Whether friendly unit j faces the enemy: the nearest enemy it knows of stands before the line of its
   front edge (the centre of that enemy's front edge ahead of it). */
static int faces_enemy(const wg_game *g, int j)
{
    int e = lg_nearest_enemy(g, j, NULL);
    if (e < 0)
        return 0;
    la_unit ue, uj;
    lg_unit_of(&ue, g, e);
    lg_unit_of(&uj, g, j);
    int64_t dx = (int64_t)ue.ref.x - uj.ref.x, dy = (int64_t)ue.ref.y - uj.ref.y;
    return dx * uj.facing.x + dy * uj.facing.y > 0;
}

/* Whether routing unit i came within 150/100 paces of friendly unit j during the period: the closest
   approach along its straight path since the start of the period (LA-ROUT-06). */
static int came_within(const wg_game *g, int i, int j, int32_t reach)
{
    const lg_unit *x = &LG_ST(g)->u[i];
    if (lg_gap(g, i, j) <= reach)
        return 1;
    la_unit ui, uj;
    lg_unit_of(&ui, g, i);
    lg_unit_of(&uj, g, j);
    wg_pt now = ui.ref;
    for (int k = 0; k < 8; k++) {
        ui.ref.x = (int32_t)(x->x0 + (int64_t)(now.x - x->x0) * k / 8);
        ui.ref.y = (int32_t)(x->y0 + (int64_t)(now.y - x->y0) * k / 8);
        int32_t d = INT32_MAX;
        if (la_unit_gap(&d, &ui, &uj, g->tables, LG_RD(g)->battle.scale) == WG_OK && d <= reach)
            return 1;
    }
    return 0;
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
        if (!lg_is_art(arm) && x->losses_turn > 0 && now * 10 < x->initial * 6 && lg_controlled(s, i))
            lg_push_test(s, i, LG_OCC_STRENGTH, 0, -1);
        if (x->morale == LA_ROUT) {
            /* it came within 150/100 paces of a friendly formed unit (not skirmishers) facing the
               enemy during the period (LA-ROUT-06) */
            for (int j = 0; j < s->nunit; j++)
                if (j != i && lg_controlled(s, j) && lg_side(g, j) == lg_side(g, i) &&
                    s->u[j].cohesion == LA_FORMED && s->u[j].formation != LA_SKIRMISH &&
                    came_within(g, i, j, lg_paces(g, 150, 100)) && faces_enemy(g, j)) {
                    lg_push_test(s, i, LG_OCC_RALLY, 0, -1);
                    break;
                }
        }
        if (x->morale == LA_RETREAT) {
            x->retreat_periods++;
            if (x->retreat_periods >= 3)
                lg_push_test(s, i, LG_OCC_RETREAT3, 0, -1);
        }
    }
    return WG_OK;
}

int lg_gone(const lg_state *s, int i)
{
    const lg_unit *x = &s->u[i];
    return x->off || x->morale == LA_ROUT || x->morale == LA_FLIGHT;
}

static int side_broken(const wg_game *g, int p)
{
    const lg_state *s = LG_ST(g);
    int n = 0, gone = 0;
    for (int i = 0; i < s->nunit; i++) {
        if (lg_side(g, i) != p)
            continue;
        n++;
        gone += lg_gone(s, i);
    }
    return n > 0 && gone * 2 >= n;
}

/* An infantry, cavalry or engineer unit that stayed a period on an enemy battery's abandoned guns
   spikes them: the sections are removed (LA-UNIT-06, LA-MELEERES-19, LA-LOSSES-05). */
static int spike_guns(wg_game *g)
{
    lg_state *s = LG_ST(g);
    for (int i = 0; i < s->nunit; i++) {
        lg_unit *x = &s->u[i];
        int on = -1;
        if (lg_controlled(s, i) && !lg_is_art(LG_RD(g)->battle.unit[i].u.arm))
            for (int j = 0; j < s->nunit && on < 0; j++) {
                const lg_unit *y = &s->u[j];
                int32_t d = 0;
                if (lg_side(g, j) != lg_side(g, i) && y->guns == LG_G_ABANDONED && lg_guns_gap(g, j, i, &d) == WG_OK &&
                    d <= WG_TABLE_UNIT)
                    on = j;
            }
        if (on >= 0 && x->on_guns == on) {
            s->u[on].guns = LG_G_SPIKED;
            LG_EV(g, LG_E_GUNS, "LA-UNIT-06", ~0u);
            e_->a[0] = on;
            e_->a[1] = LG_G_SPIKED;
            e_->a[2] = i;
            on = -1;
        }
        x->on_guns = (int8_t)on;
    }
    return WG_OK;
}

static int finish_period(wg_game *g)
{
    lg_state *s = LG_ST(g);
    int rc0 = spike_guns(g);
    if (rc0 != WG_OK)
        return rc0;
    for (int i = 0; i < s->nunit; i++) {
        lg_unit *x = &s->u[i];
        if (!lg_active(s, i))
            continue;
        if (x->marker == LG_M_REST && x->fatigue > 0) { /* LA-MARKERS-08 */
            x->fatigue--;
            LG_EV(g, LG_E_REST, "LA-MARKERS-08", lg_vis(g, i));
            e_->a[0] = i;
            e_->a[1] = x->fatigue;
        }
        if (x->morale == LA_HALT && --x->halted <= 0) { /* for the period it is taken in (LA-MORALERES-07) */
            x->morale = LA_OBEY;
            x->halted = 0;
        }
        if (x->morale == LA_UNCONTROLLED && --x->ua_periods <= 0)
            x->morale = LA_OBEY;
        if (x->forming && x->forming <= s->period) { /* a full period formed it (LA-ROUT-08, LA-PRISON-05) */
            x->forming = 0;
            if (x->morale == LA_OBEY && x->cohesion >= LA_DISORGANISED && x->cohesion <= LA_WITHOUT_FORMATION &&
                x->melee_with < 0) {
                x->cohesion = LA_FORMED;
                int rc = lg_ev_state(g, i, "LA-ROUT-08");
                if (rc)
                    return rc;
            }
        }
        if (x->morale == LA_RETREAT) {
            int32_t d = INT32_MAX;
            lg_nearest_enemy(g, i, &d);
            if (d > lg_paces(g, 300, 230)) { /* out of light-arms range: it stops (LA-MORALERES-08) */
                x->morale = LA_OBEY;
                x->retreat_periods = 0;
                int rc = lg_ev_state(g, i, "LA-MORALERES-08");
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
        LG_EV(g, LG_E_END, brk[0] || brk[1] ? "LA-VICTORY-01" : "LA-VICTORY-01", ~0u);
        e_->a[0] = winner;
        e_->a[1] = s->decisive;
        e_->a[2] = (int32_t)sc;
        e_->a[3] = band;
        return WG_OK;
    }
    s->period++;
    return begin_period(g);
}

/* The second period of a two-period charge announced with the markers (LA-CHARGE-07). */
static int ev_completes(wg_game *g, int i, int t)
{
    LG_EV(g, LG_E_CHARGE, "LA-CHARGE-07", ~0u);
    e_->a[0] = i;
    e_->a[1] = t;
    e_->a[2] = 2; /* completed */
    return WG_OK;
}

/* Phase 2 begins: the markers turned over (LA-MARKERS-09), charges to declare. */
static int turn_over(wg_game *g)
{
    lg_state *s = LG_ST(g);
    for (int i = 0; i < s->nunit; i++) {
        lg_unit *x = &s->u[i];
        if (x->charge_next >= 0) /* the second period of a two-period charge (LA-CHARGE-07) */
            x->marker = LG_M_CHARGE;
        if (x->marker < 0)
            continue;
        LG_EV(g, LG_E_REVEAL, "LA-MARKERS-09", lg_vis(g, i));
        e_->a[0] = i;
        e_->a[1] = x->marker;
        if (x->marker == LG_M_CHARGE)
            x->charge_target = -2; /* to declare */
        if (x->charge_next >= 0) {
            int t = x->charge_next;
            x->charge_next = -1;
            x->charge_target = (int8_t)t;
            if (s->u[t].charged_by < 0)
                s->u[t].charged_by = (int8_t)i;
            int rc = ev_completes(g, i, t);
            if (rc != WG_OK)
                return rc;
        }
    }
    s->stage = LG_S_CHARGE;
    s->cur = 0;
    return WG_OK;
}

/* Whether unit i's declared charge is an action its orders do not provide for (LA-ORDERS-05, -19): a
   charge under a Support order, offered by the option unforeseen=test; each period of a two-period
   charge, the test holding for the period only. */
static int unforeseen_charge(const wg_game *g, int i)
{
    const lg_unit *x = &LG_ST(g)->u[i];
    return lg_active(LG_ST(g), i) && x->marker == LG_M_CHARGE && x->charge_target >= 0 &&
           x->order == LA_ORD_SUPPORT;
}

/* Pushes the test of occasion 11 of each such charger not yet tested this period, taken before it
   acts (LA-MORALE-11); whether any was pushed. */
static int unforeseen_tests(wg_game *g)
{
    lg_state *s = LG_ST(g);
    int any = 0;
    for (int i = 0; i < s->nunit; i++) {
        lg_unit *x = &s->u[i];
        if (!unforeseen_charge(g, i) || x->uf_period == s->period)
            continue;
        x->uf_period = (int8_t)s->period;
        x->uf_ok = 0;
        lg_push_test(s, i, LG_OCC_UNFORESEEN, 0, x->charge_target);
        any = 1;
    }
    return any;
}

/* A charger whose test of occasion 11 did not allow the charge does not charge (LA-ORDERS-19). */
static int unforeseen_results(wg_game *g)
{
    lg_state *s = LG_ST(g);
    for (int i = 0; i < s->nunit; i++) {
        lg_unit *x = &s->u[i];
        if (!unforeseen_charge(g, i) || (x->uf_period == s->period && x->uf_ok))
            continue;
        int t = x->charge_target;
        LG_EV(g, LG_E_ABANDON, "LA-ORDERS-19", ~0u);
        e_->a[0] = i;
        e_->a[1] = t;
        x->charge_target = -1;
        x->charge_two = 0;
        if (s->u[t].charged_by == i)
            s->u[t].charged_by = -1;
    }
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
                if (s->u[s->cur].charge_next >= 0 && !completes_charge(g, s->cur))
                    s->u[s->cur].charge_next = -1;
                if (s->u[s->cur].charge_next >= 0)
                    continue; /* it completes its two-period charge: its Charge marker at the turn-over */
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
            if (unforeseen_tests(g)) {
                s->stage = LG_S_TEST; /* then back here, the charges declared */
                s->ret = LG_S_CHARGE;
                break;
            }
            if ((rc = unforeseen_results(g)) != WG_OK)
                return rc;
            screens(g);
            s->stage = LG_S_SCREEN;
            s->cur = 0;
            break;
        case LG_S_SCREEN:
            for (; s->cur < s->nunit; s->cur++) {
                lg_unit *x = &s->u[s->cur];
                if (x->screen_by < 0 || x->reaction >= 0)
                    continue;
                if (lg_controlled(s, s->cur) && x->melee_with < 0 && lg_react_ok(g, s->cur, LG_R_DODGE, NULL) == WG_OK)
                    return WG_OK; /* dodge, or stand and be charged */
                x->reaction = LG_R_STAND;
                if ((rc = screen_stands(g, s->cur)) != WG_OK)
                    return rc;
            }
            covers(g);
            /* the charged units test first, then the chargers (LA-CHARGE-22, LA-MORALE-14) */
            for (int i = 0; i < s->nunit; i++)
                if (s->u[i].marker == LG_M_CHARGE && s->u[i].charge_target >= 0 && !s->u[i].charge_two)
                    lg_push_test(s, s->u[i].charge_target, LG_OCC_CHARGED, 0, i);
            for (int i = 0; i < s->nunit; i++)
                if (s->u[i].marker == LG_M_CHARGE && s->u[i].charge_target >= 0 && !s->u[i].charge_two)
                    lg_push_test(s, i, LG_OCC_CHARGE, 0, s->u[i].charge_target);
            s->stage = LG_S_TEST;
            s->ret = LG_S_REACT;
            s->cur = 0;
            break;
        case LG_S_REACT:
            for (; s->cur < s->nunit; s->cur++) {
                lg_unit *x = &s->u[s->cur];
                if ((x->charged_by < 0 && x->cover_by < 0) || x->reaction >= 0)
                    continue;
                int cover = x->charged_by < 0;
                int by = cover ? x->cover_by : x->charged_by;
                int aim = s->u[by].charge_target;
                /* a unit halted or in uncontrolled advance does as its result says (LA-MORALE-19) */
                if (!lg_controlled(s, s->cur) || (cover ? aim < 0 : aim != s->cur) || x->morale == LA_HALT ||
                    x->morale == LA_UNCONTROLLED) {
                    x->reaction = LG_R_STAND;
                    continue;
                }
                if (cover) { /* a covering unit may counter-charge, never must (LA-COUNTER-03) */
                    if (lg_react_ok(g, s->cur, LG_R_COUNTER, NULL) == WG_OK)
                        return WG_OK;
                    x->reaction = LG_R_STAND;
                    continue;
                }
                int f = forced_reaction(g, s->cur);
                if (f >= 0) {
                    x->reaction = (int8_t)f;
                    LG_EV(g, LG_E_REACT, f == LG_R_COUNTER ? "LA-COUNTER-07" : "LA-DODGE-07", ~0u);
                    e_->a[0] = s->cur;
                    e_->a[1] = f;
                    e_->a[2] = by;
                    continue;
                }
                int n = 0;
                for (int r = 0; r < LG_NREACT; r++)
                    n += lg_react_ok(g, s->cur, r, NULL) == WG_OK;
                if (n > 1)
                    return WG_OK;
                x->reaction = LG_R_STAND;
            }
            s->stage = LG_S_PIVOT;
            s->cur = 0;
            break;
        case LG_S_PIVOT: /* battery pivots, announced in phase 2 (LA-SEQ-07, LA-ARTMOVE-02) */
            for (; s->cur < s->nunit; s->cur++)
                if (pivot_due(g, s->cur))
                    return WG_OK;
            s->stage = LG_S_COMMIT;
            s->half = 0;
            s->side = 0;
            s->cur = 0;
            lg_note_targets(g, 0); /* LA-ARTFIRE-03 */
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
            /* the officers' moves are committed with the second half-period's (they move last) */
            for (; s->half == 1 && s->cur < s->nunit + s->noff; s->cur++) {
                int k = s->cur - s->nunit;
                if (LG_RD(g)->battle.officer[k].side == s->side && !s->o[k].off && s->o[k].pend_kind < 0)
                    return WG_OK;
            }
            if (s->side == 0) {
                s->side = 1;
                s->cur = 0;
                break;
            }
            if ((rc = lg_resolve_half(g)) != WG_OK)
                return rc;
            if ((rc = s->half == 1 ? lg_officers_move(g) : lg_officers_follow(g)) != WG_OK)
                return rc;
            if ((rc = lg_update_hidden(g)) != WG_OK) /* LA-TERRAIN-07, LA-LOS-09 */
                return rc;
            if (s->half == 0) {
                lg_note_targets(g, 1); /* LA-ARTFIRE-03 */
                s->half = 1;
                s->side = 0;
                s->cur = 0;
            } else {
                s->stage = LG_S_FIRE;
                s->cur = 0;
                if (s->ntest > s->nfirst) { /* the tests of the officers' arrival, then the fire */
                    s->stage = LG_S_TEST;
                    s->ret = LG_S_FIRE;
                }
            }
            for (int k = s->nfirst; k < s->ntest; k++)
                if (s->test[k].occ == LG_OCC_SIGHT) { /* the sight of an enemy hidden until then, now (LA-MORALE-07) */
                    s->ret = s->stage;
                    s->stage = LG_S_TEST;
                    break;
                }
            break;
        case LG_S_FIRE:
            for (; s->cur < s->nunit; s->cur++)
                if (lg_may_fire(g, s->cur) && !s->u[s->cur].fired_at)
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
                lg_officers_hit(g, i, loss, figs, 0); /* LA-OFFLOSS-01 */
                if ((rc = lg_take_losses(g, i, loss, "LA-FIRE-19")) != WG_OK)
                    return rc;
                x->fire_turn = (int16_t)(x->fire_turn + loss); /* before the melee phase (LA-SEQ-05) */
                if (figs > 0 && loss >= thr * figs)
                    lg_push_test(s, i, LG_OCC_FIRE, 0, -1);
                else if (st >= LA_SEMI_REGULAR && !x->has_routed && x->lost_men == loss)
                    lg_push_test(s, i, LG_OCC_FIRST_FIRE, 0, -1); /* LA-MORALE-08 */
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
            if ((rc = lg_officers_follow(g)) != WG_OK)
                return rc;
            if (lg_next_fate(g) >= 0) { /* the officers his unit's losses put at risk */
                s->stage = LG_S_OFFROLL;
                return WG_OK;
            }
            if ((rc = end_tests(g)) != WG_OK)
                return rc;
            s->stage = LG_S_TEST;
            s->ret = LG_S_ORDERS; /* the end-of-period tests, then the order changes */
            s->cur = 0;
            break;
        case LG_S_TEST:
            while (s->nfirst < s->ntest && !lg_test_due(g, s->nfirst))
                s->nfirst++;
            if (s->nfirst < s->ntest)
                return WG_OK;
            s->ntest = s->nfirst = 0;
            s->stage = s->ret;
            break;
        case LG_S_ORDERS: {
            int k = lg_next_orderer(g, s->cur);
            if (k >= 0) {
                s->cur = (int8_t)k;
                return WG_OK;
            }
            s->stage = LG_S_NEXT;
            break;
        }
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
    case LG_S_REACT:
    case LG_S_SCREEN: *player = lg_side(g, s->cur); *kind = WG_DEC_OTHER; return;
    case LG_S_PIVOT: *player = lg_side(g, s->cur); *kind = WG_DEC_OTHER; return;
    case LG_S_COMMIT: *player = s->side; *kind = WG_DEC_MOVE; return;
    case LG_S_FIRE: *player = lg_side(g, s->cur); *kind = WG_DEC_ATTACK; return;
    case LG_S_FIREROLL:
    case LG_S_MELEEROLL:
    case LG_S_TEST: *player = WG_PLAYER_CHANCE; *kind = WG_DEC_ROLL; return;
    case LG_S_CHARISMA: *player = lg_side(g, s->test[s->nfirst].unit); *kind = WG_DEC_OTHER; return;
    case LG_S_ORDERS: *player = s->cur / LG_MAX_OFF; *kind = WG_DEC_OTHER; return;
    case LG_S_REACTROLL:
    case LG_S_FLAGROLL:
    case LG_S_OFFROLL: *player = WG_PLAYER_CHANCE; *kind = WG_DEC_ROLL; return;
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
        n = lg_two_period_targets(g, s->cur, t, LG_MAX);
        for (int k = 0; k < n && rc == WG_OK; k++)
            rc = wg__opt_push(g, LG_ACT(LG_A_TARGET, t[k] | LG_TWO_PERIODS), 1);
        if (rc == WG_OK)
            rc = wg__opt_push(g, LG_ACT(LG_A_TARGET, 0xff), 1); /* no charge after all */
        return rc;
    }
    case LG_S_PIVOT:
        for (int p = 0; p < 5 && rc == WG_OK; p++)
            if (p == 0 || pivot_to(g, s->cur, p, NULL))
                rc = wg__opt_push(g, LG_ACT(LG_A_PIVOT, p), 1);
        return rc;
    case LG_S_SCREEN:
        rc = wg__opt_push(g, LG_ACT(LG_A_REACT, LG_R_STAND), 1);
        if (rc == WG_OK)
            rc = wg__opt_push(g, LG_ACT(LG_A_REACT, LG_R_DODGE), 1);
        return rc;
    case LG_S_REACT:
        for (int r = 0; r < LG_NREACT && rc == WG_OK; r++)
            if (lg_react_ok(g, s->cur, r, NULL) == WG_OK)
                rc = wg__opt_push(g, LG_ACT(LG_A_REACT, r), 1);
        return rc;
    case LG_S_COMMIT: {
        if (s->cur >= s->nunit) { /* an officer's move */
            int opts[2 * LG_MAX + 2];
            int n = lg_officer_moves(g, s->cur - s->nunit, opts, 2 * LG_MAX + 2);
            for (int k = 0; k < n && k < 2 * LG_MAX + 2 && rc == WG_OK; k++)
                rc = wg__opt_push(g, LG_ACT(LG_A_OFFMOVE, opts[k]), 1);
            return rc;
        }
        int kinds[40], forms[40];
        int n = lg_move_options(g, s->cur, kinds, forms, 40);
        for (int k = 0; k < n && k < 40 && rc == WG_OK; k++)
            rc = wg__opt_push(g, LG_ACT(LG_A_MOVE, kinds[k] | ((forms[k] + 1) << 8)), 1);
        return rc;
    }
    case LG_S_FIRE: {
        int t[LG_NTARGETS];
        int n = lg_fire_targets(g, s->cur, t, LG_NTARGETS);
        for (int k = 0; k < n && rc == WG_OK; k++)
            rc = wg__opt_push(g, LG_ACT(LG_A_FIRE, t[k]), 1);
        int w[LG_MAX_WORKS];
        int nw = lg_work_targets(g, s->cur, w, LG_MAX_WORKS);
        for (int k = 0; k < nw && rc == WG_OK; k++)
            rc = wg__opt_push(g, LG_ACT(LG_A_WORK, w[k]), 1); /* LA-ARTFIRE-17, LA-TERRAIN-22 */
        int pk[LG_MAX];
        int np = lg_park_targets(g, s->cur, pk, LG_MAX);
        for (int k = 0; k < np && rc == WG_OK; k++)
            rc = wg__opt_push(g, LG_ACT(LG_A_FIRE, LG_FIRE_PARK | pk[k]), 1); /* LA-UNIT-22 */
        nw = lg_burn_targets(g, s->cur, w, LG_MAX_WORKS);
        for (int k = 0; k < nw && rc == WG_OK; k++)
            rc = wg__opt_push(g, LG_ACT(LG_A_WORK, LG_W_FIRE | w[k]), 1); /* LA-ARTFIRE-17, LA-TERRAIN-30 */
        if (rc == WG_OK)
            rc = wg__opt_push(g, LG_ACT(LG_A_FIRE, 0xff), 1); /* hold fire */
        return rc;
    }
    case LG_S_ORDERS: {
        int menu[LG_MAX * LA_NORDERS];
        int n = lg_order_menu(g, s->cur % LG_MAX_OFF, menu, LG_MAX * LA_NORDERS);
        for (int k = 0; k < n && rc == WG_OK; k++)
            rc = wg__opt_push(g, LG_ACT(LG_A_ORDER, menu[k]), 1);
        if (rc == WG_OK)
            rc = wg__opt_push(g, LG_ACT(LG_A_ORDER, 0xffff), 1); /* no more orders */
        return rc;
    }
    case LG_S_REACTROLL:
    case LG_S_OFFROLL:
    case LG_S_FLAGROLL:
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

/* The reaction test of an order: accepted when the die is below the unit's reaction (T8) plus the
   officer's command (LA-REACT-01, -02); the order then applies from the next period (LA-ORDERS-16). */
static int order_test(wg_game *g, int die)
{
    lg_state *s = LG_ST(g);
    int k = s->cur % LG_MAX_OFF, u = s->order_unit, kind = s->order_kind;
    la_officer of;
    la_unit lu;
    lg_officer_of(&of, g, k);
    lg_unit_of(&lu, g, u);
    int react = 0;
    int rc = la_reaction(&react, g->tables, la_unit_status(&lu));
    if (rc != WG_OK)
        return wg__seterr(g->err, rc, "%s", wg_table_errmsg(g->tables[LA_T8]));
    /* the bonuses of one attempt (LA-REACT-04..06): +1 command a period this officer spent explaining,
       +1 reaction for two periods of failed tests; both spent by the attempt */
    lg_unit *xu = &s->u[u];
    int explain = xu->explain_by == k ? xu->explain : 0;
    int rbonus = xu->fails / 2;
    if (explain > 0) {
        xu->explain = 0;
        xu->explain_by = -1;
    }
    if (rbonus > 0)
        xu->fails = 0;
    int ok = la_order_passes(die, react + rbonus, of.command + explain);
    if (!ok && !xu->fail_seen && xu->fails < INT8_MAX) {
        xu->fails++;
        xu->fail_seen = 1;
    }
    if (ok) {
        lg_set_next_order(g, u, kind);
        s->u[u].alt_done = 1; /* an order change replaces the written alternative (LA-ORDERS-17) */
    }
    LG_EV(g, LG_E_ORDER, explain > 0 ? "LA-REACT-04" : rbonus > 0 ? "LA-REACT-05" : "LA-REACT-02", ~0u);
    e_->a[0] = k;
    e_->a[1] = u;
    e_->a[2] = kind;
    e_->a[3] = die;
    e_->a[4] = react + rbonus + of.command + explain;
    e_->a[5] = ok;
    e_->a[6] = explain;
    e_->a[7] = rbonus;
    return WG_OK;
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
        LG_EV(g, LG_E_MARK, "LA-MARKERS-01", 1u << lg_side(g, i));
        e_->a[0] = i;
        e_->a[1] = arg;
        s->cur++;
        break;
    }
    case LG_A_TARGET: {
        int i = s->cur;
        int two = arg != 0xff && (arg & LG_TWO_PERIODS);
        int t = arg == 0xff ? -1 : arg & 0xff;
        s->u[i].charge_target = (int8_t)t;
        s->u[i].charge_two = (int8_t)two;
        if (t < 0)
            s->u[i].marker = LG_M_NONE;
        else if (s->u[t].charged_by < 0 && !two) /* a two-period charge charges next period */
            s->u[t].charged_by = (int8_t)i;
        if (t >= 0 && (rc = lg_reveal(g, i, LG_DISC_CHARGED, -1)) != WG_OK) /* a charge gives it away */
            return rc;
        LG_EV(g, LG_E_CHARGE, two ? "LA-CHARGE-07" : "LA-CHARGE-01", lg_vis(g, i));
        e_->a[0] = i;
        e_->a[1] = t;
        e_->a[2] = two;
        s->cur++;
        break;
    }
    case LG_A_REACT: {
        int i = s->cur;
        if (s->stage == LG_S_SCREEN) { /* skirmishers in the way of a charge (LA-CHARGE-08) */
            s->u[i].reaction = (int8_t)arg;
            int by = s->u[i].screen_by;
            LG_EV(g, LG_E_REACT, "LA-CHARGE-08", ~0u);
            e_->a[0] = i;
            e_->a[1] = arg;
            e_->a[2] = by;
            e_->a[3] = 2;
            if (arg == LG_R_STAND && (rc = screen_stands(g, i)) != WG_OK)
                return rc;
            s->cur++;
            break;
        }
        int cover = s->u[i].charged_by < 0, by = s->u[i].charged_by;
        s->u[i].reaction = (int8_t)arg;
        {
            LG_EV(g, LG_E_REACT, cover ? "LA-COUNTER-03" : arg == LG_R_ABANDON ? "LA-MELEERES-17" : "LA-SEQ-04", ~0u);
            e_->a[0] = i;
            e_->a[1] = arg;
            e_->a[2] = cover ? s->u[i].cover_by : by;
            e_->a[3] = cover;
        }
        if (arg == LG_R_ABANDON && s->u[i].marker == LG_M_FIRE && s->u[i].cohesion < LA_WITHOUT_FORMATION) {
            /* the gunners fire at their charger in the first half-period, halved, before they leave
               (LA-ARTFIRE-16, LA-MELEERES-17) */
            int t[LG_MAX], n = lg_fire_targets(g, i, t, LG_MAX), ok = 0;
            for (int k = 0; k < n; k++)
                ok |= t[k] == by;
            if (ok) {
                la_fire f;
                la_applied ap[LA_MAX_APPLIED];
                int nap = 0, kind = 0;
                s->fire_ret = 1;
                if ((rc = lg_fire_setup(g, i, by, &f, &kind, ap, &nap, g->err)) != WG_OK)
                    return rc;
                s->fire_target = (int8_t)by;
                s->fire_kind = (int8_t)kind;
                s->stage = LG_S_FIREROLL;
                LG_EV(g, LG_E_FIRE, "LA-ARTFIRE-16", ~0u);
                e_->a[0] = i;
                e_->a[1] = by;
                e_->a[2] = f.figures;
                e_->a[3] = f.factors;
                e_->a[4] = kind;
                break;
            }
        }
        s->cur++;
        break;
    }
    case LG_A_MOVE: {
        int i = s->cur;
        int mk = arg & 0xff;
        if (mk == LG_MV_FORM || mk == LG_MV_FORM_QLEFT || mk == LG_MV_FORM_QRIGHT) {
            /* the time of the change, read now (a table's gap stops here) */
            la_unit u;
            int half = 0;
            lg_unit_of(&u, g, i);
            if ((rc = la_change_time_err(&half, g->err, g->tables, &u, (arg >> 8) - 1, mk != LG_MV_FORM)) != WG_OK)
                return rc;
        }
        s->u[i].pend_kind = (int8_t)(arg & 0xff);
        s->u[i].pend_form = (int8_t)((arg >> 8) - 1);
        LG_EV(g, LG_E_COMMIT, "LA-MOVE-01", 1u << lg_side(g, i));
        e_->a[0] = i;
        e_->a[1] = arg & 0xff;
        e_->a[2] = (arg >> 8) - 1;
        e_->a[3] = s->half;
        s->cur++;
        break;
    }
    case LG_A_WORK: { /* the fire spent on a cover feature (LA-ARTFIRE-17) or the engineers' work */
        int i = s->cur;
        s->u[i].fired_at = 1;
        if (arg & LG_W_FIRE) { /* the attempt to set a village on fire: a die (LA-TERRAIN-30) */
            s->fire_target = (int8_t)(-2 - (arg & 0xff));
            s->stage = LG_S_FIREROLL;
            break;
        }
        if ((rc = lg_work_do(g, i, arg)) != WG_OK)
            return rc;
        s->cur++;
        break;
    }
    case LG_A_FIRE: {
        int i = s->cur;
        s->u[i].fired_at = 1;
        if (arg == 0xff) {
            LG_EV(g, LG_E_FIRE, "LA-FIRE-01", ~0u);
            e_->a[0] = i;
            e_->a[1] = -1;
            s->cur++;
            break;
        }
        if (arg & LG_FIRE_PARK) { /* a horse park contacted by fire is eliminated with its horses (LA-UNIT-22) */
            s->u[i].fired = 1;
            if ((rc = lg_reveal(g, i, LG_DISC_FIRED, -1)) != WG_OK || (rc = lg_park_eliminated(g, arg & 0xff, i, 2)) != WG_OK)
                return rc;
            s->cur++;
            break;
        }
        la_fire f;
        la_applied ap[LA_MAX_APPLIED];
        int nap = 0, kind = 0;
        if ((rc = lg_fire_setup(g, i, arg, &f, &kind, ap, &nap, g->err)) != WG_OK)
            return rc;
        s->u[i].fired = 1;
        s->fire_target = (int8_t)arg;
        s->u[i].fired_on = (int8_t)arg;
        s->fire_kind = (int8_t)kind;
        s->stage = LG_S_FIREROLL;
        if ((rc = lg_reveal(g, i, LG_DISC_FIRED, -1)) != WG_OK) /* firing gives it away (LA-FIRE-21) */
            return rc;
        LG_EV(g, LG_E_FIRE, "LA-FIRE-01", ~0u);
        e_->a[0] = i;
        e_->a[1] = arg;
        e_->a[2] = f.figures;
        e_->a[3] = f.factors;
        e_->a[4] = kind;
        break;
    }
    case LG_A_DIE:
        if (s->stage == LG_S_FIREROLL && s->fire_target <= -2) {
            if ((rc = lg_burn_die(g, s->cur, -2 - s->fire_target, arg)) != WG_OK)
                return rc;
            s->stage = LG_S_FIRE;
            s->cur++;
        } else if (s->stage == LG_S_FIREROLL) {
            int i = s->cur, t = s->fire_target;
            la_fire f;
            la_applied ap[LA_MAX_APPLIED];
            int nap = 0, kind = 0, losses = 0;
            if ((rc = lg_fire_setup(g, i, t, &f, &kind, ap, &nap, g->err)) != WG_OK)
                return rc;
            if ((rc = la_fire_losses(&losses, g->err, g->tables, &f, arg)) != WG_OK)
                return rc;
            if (t < LG_MAX) {
                s->u[i].fire_on = (int8_t)t;
                s->u[t].pending_loss = (int16_t)(s->u[t].pending_loss + losses);
                if (losses >= 15 && s->u[t].heavy_fire < 9)
                    s->u[t].heavy_fire++;
            }
            int d = arg + (f.die_plus > 0), bonus = 0;
            la_cell_int(&bonus, g->tables[LA_T30], 0, (d > 6 ? 6 : d) - 1); /* read by la_fire_losses above */
            LG_EV(g, LG_E_FIRELOSS, "LA-FIRE-19", ~0u);
            e_->a[0] = i;
            e_->a[1] = t;
            e_->a[2] = arg;
            e_->a[3] = losses;
            e_->a[4] = f.value + f.factors + bonus; /* the loss table's row */
            if (t >= LG_MAX) { /* an isolated officer falls to 40 losses at least (LA-OFFICER-13) */
                int k = t - LG_MAX, out = losses >= 40;
                if (out) {
                    s->o[k].off = 2;
                    s->o[k].attached = -1;
                }
                wg_event *ev = wg__event(g, LG_E_OFFSHOT, "LA-OFFICER-13", ~0u);
                if (!ev)
                    return WG_ENOMEM;
                ev->a[0] = k;
                ev->a[1] = i;
                ev->a[2] = losses;
                ev->a[3] = out;
            }
            if (t < LG_MAX && (rc = lg_fire_penetration(g, i, t, kind, losses, arg)) != WG_OK)
                return rc;
            s->stage = s->fire_ret ? LG_S_REACT : LG_S_FIRE; /* a charged battery's fire: back to the reactions */
            s->fire_ret = 0;
            s->cur++;
        } else if (s->stage == LG_S_MELEEROLL) {
            if (s->melee_die_a == 0) {
                s->melee_die_a = (int8_t)arg;
                return WG_OK; /* the other side's die next */
            }
            if ((rc = lg_fight(g, s->melee_a, s->melee_b, s->melee_die_a, arg)) != WG_OK)
                return rc;
            s->stage = s->flag_w >= 0 ? LG_S_FLAGROLL : LG_S_MELEE; /* the flag test (option flags) */
        } else if (s->stage == LG_S_FLAGROLL) {
            if ((rc = lg_flag_test(g, arg)) != WG_OK)
                return rc;
            s->stage = LG_S_MELEE;
        } else if (s->stage == LG_S_OFFROLL) {
            if ((rc = lg_officer_fate(g, lg_next_fate(g), arg)) != WG_OK)
                return rc;
            s->stage = LG_S_MELEE; /* the next fate, then the end of the period */
        } else if (s->stage == LG_S_REACTROLL) {
            if ((rc = order_test(g, arg)) != WG_OK)
                return rc;
            s->stage = LG_S_ORDERS;
        } else if (s->stage == LG_S_TEST) {
            int v = lg_charisma_of(g, s->test[s->nfirst].unit);
            if (v > 0) { /* the modifier is chosen after the die (LA-OFFICER-02, G-14) */
                s->test_die = (int8_t)arg;
                s->stage = LG_S_CHARISMA;
                return WG_OK;
            }
            if ((rc = lg_finish_test(g, arg, 0)) != WG_OK)
                return rc;
        }
        break;
    case LG_A_PIVOT: {
        int i = s->cur;
        lg_unit *x = &s->u[i];
        la_unit after;
        x->pivoted = 1;
        if (arg > 0 && pivot_to(g, i, arg, &after)) {
            wg_pt from = {x->x, x->y};
            lg_set_pos(x, &after);
            x->pivoted = 2;
            x->moved = 1;
            if ((rc = lg_ev_moved(g, i, LG_MV_PIVOT, from, "LA-ARTMOVE-02")) != WG_OK)
                return rc;
        }
        s->cur++;
        break;
    }
    case LG_A_OFFMOVE: {
        int k = s->cur - s->nunit;
        lg_off *o = &s->o[k];
        o->pend_kind = (int8_t)(arg == 0 ? 0 : arg == LG_OFF_POINT ? 2 : (arg & LG_OFF_TEST) ? 3 : 1);
        o->pend_unit = (int8_t)(arg == 0 || arg == LG_OFF_POINT ? -1 : (arg & 0xff) - 1);
        LG_EV(g, LG_E_COMMIT, "LA-OFFICER-10", 1u << LG_RD(g)->battle.officer[k].side);
        e_->a[0] = k;
        e_->a[1] = arg;
        e_->a[2] = -1;
        e_->a[3] = s->half;
        e_->a[4] = 1; /* an officer */
        s->cur++;
        break;
    }
    case LG_A_ORDER:
        if (arg == 0xffff) { /* this officer gives no more orders: the next one */
            s->cur++;
            break;
        }
        s->o[s->cur % LG_MAX_OFF].points++; /* LA-OFFICER-05 */
        if ((arg >> 8) == LG_REPLACE) { /* an aide-de-camp takes a fallen general's place (LA-OFFICER-14) */
            int k = s->cur % LG_MAX_OFF;
            s->o[k].replaces = (int8_t)(arg & 0xff);
            LG_EV(g, LG_E_REPLACE, "LA-OFFICER-14", ~0u);
            e_->a[0] = k;
            e_->a[1] = arg & 0xff;
            break;
        }
        if ((arg >> 8) == LG_EXPLAIN) { /* a period spent explaining (LA-REACT-04) */
            int k = s->cur % LG_MAX_OFF;
            lg_unit *x = &s->u[arg & 0xff];
            if (x->explain_by != k)
                x->explain = 0;
            x->explain_by = (int8_t)k;
            if (x->explain < INT8_MAX)
                x->explain++;
            LG_EV(g, LG_E_EXPLAIN, "LA-REACT-04", ~0u);
            e_->a[0] = k;
            e_->a[1] = arg & 0xff;
            e_->a[2] = x->explain;
            break;
        }
        s->order_unit = (int8_t)(arg & 0xff);
        s->order_kind = (int8_t)(arg >> 8);
        s->stage = LG_S_REACTROLL;
        return WG_OK;
    case LG_A_CHARISMA:
        s->stage = LG_S_TEST;
        if ((rc = lg_finish_test(g, s->test_die, arg)) != WG_OK)
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
    if (LG_AK(a) == LG_A_OFFMOVE && LG_AA(a) == LG_OFF_POINT) {
        p[0] = (wg_param){"x", 0, rd->width};
        p[1] = (wg_param){"y", 0, rd->depth};
        *required = 1;
        return 2;
    }
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
    if (LG_AK(a) == LG_A_OFFMOVE && n == 2)
        return lg_officer_move_ok(g, s->cur - s->nunit, (int32_t)v[0], (int32_t)v[1], err);
    if (LG_AK(a) != LG_A_MOVE || n == 0)
        return WG_OK;
    la_unit u, after;
    lg_unit_of(&u, g, s->cur);
    int32_t p[3] = {(int32_t)v[0], (int32_t)v[1], n > 2 ? (int32_t)v[2] : 0};
    if (k == LG_MV_TURN && p[1] == 0 && p[2] == 0)
        return wg__seterr(err, WG_EILLEGAL, "a facing of (0, 0) has no direction");
    int rc = lg_build_move(g, s->cur, &u, k, -1, p, &after, err);
    if (rc != WG_OK)
        return rc;
    if (!lg_on_table(g, &after))
        return wg__seterr(err, WG_EILLEGAL, "the unit would stand off the table");
    int with = -1;
    if (lg_overlaps_known(g, &after, s->cur, &with) == 2)
        return wg__seterr(err, WG_EILLEGAL, "the unit would stand on %s", lg_name(g, with));
    if (k != LG_MV_TURN && (rc = lg_interpenetration_ok(g, s->cur, &u, &after, err)) != WG_OK)
        return rc;
    if (s->u[s->cur].marker == LG_M_MOVE && s->half == 0 && u.ref.x == after.ref.x && u.ref.y == after.ref.y &&
        u.facing.x == after.facing.x && u.facing.y == after.facing.y)
        return wg__seterr(err, WG_EILLEGAL, "a Movement marker advances or turns in the first half-period "
                                            "(LA-MARKERS-07)");
    return WG_OK;
}

int lg_apply_params(wg_game *g, uint64_t a, const int64_t *v, size_t n)
{
    lg_state *s = LG_ST(g);
    if (LG_AK(a) == LG_A_OFFMOVE && n == 2) {
        lg_off *o = &s->o[s->cur - s->nunit];
        o->px = (int32_t)v[0];
        o->py = (int32_t)v[1];
    }
    if (LG_AK(a) == LG_A_MOVE && n > 0) {
        lg_unit *x = &s->u[s->cur];
        for (size_t k = 0; k < 3; k++)
            x->pend[k] = k < n ? (int32_t)v[k] : 0;
    }
    return lg_apply(g, a);
}

/* The bot's precise moves: a point within the half-period straight ahead (a part of the full move), or
   a wheel to one of the menu's facings, else a smaller wheel (45, 27, 14, 7, 4 degrees) that fits. */
void lg_draw_params(const wg_game *g, uint64_t a, wg_pcg *rng, int64_t *v)
{
    const lg_state *s = LG_ST(g);
    if (LG_AK(a) == LG_A_OFFMOVE) { /* a point within his reach: tried at random, else where he stands */
        const lg_off *o = &s->o[s->cur - s->nunit];
        int32_t r = lg_paces(g, 240, 185);
        for (int tries = 0; tries < 16; tries++) {
            v[0] = o->x - r + (int64_t)wg__pcg_below(rng, (uint32_t)(2 * r + 1));
            v[1] = o->y - r + (int64_t)wg__pcg_below(rng, (uint32_t)(2 * r + 1));
            if (lg_officer_move_ok(g, s->cur - s->nunit, (int32_t)v[0], (int32_t)v[1], NULL) == WG_OK)
                return;
        }
        v[0] = o->x;
        v[1] = o->y;
        return;
    }
    la_unit u;
    lg_unit_of(&u, g, s->cur);
    int k = LG_AA(a) & 0xff;
    int32_t budget = lg_mv_budget(g, &u);
    for (int tries = 0; tries < 16; tries++) {
        if (k == LG_MV_TO) {
            int32_t part = (int32_t)(1 + wg__pcg_below(rng, 8));
            wg_pt d = lg_along(u.facing.x, u.facing.y, budget * part / 8);
            v[0] = u.ref.x + d.x;
            v[1] = u.ref.y + d.y;
        } else {
            int left = (int)wg__pcg_below(rng, 2);
            wg_pt f = lg_rotate(u.facing.x, u.facing.y, left);
            v[0] = left ? 0 : u.front - 1;
            v[1] = f.x;
            v[2] = f.y;
        }
        if (lg_check_params(g, a, v, k == LG_MV_TO ? 2 : 3, NULL) == WG_OK)
            return;
    }
    if (k == LG_MV_TURN) /* the facing plus 1/1 .. 1/16 of the quarter-turn, to either side */
        for (int64_t t = 16; t >= 1; t /= 2)
            for (int left = 1; left >= 0; left--) {
                wg_pt q = lg_rotate(u.facing.x, u.facing.y, left);
                v[0] = left ? 0 : u.front - 1;
                v[1] = 16 * (int64_t)u.facing.x + t * q.x;
                v[2] = 16 * (int64_t)u.facing.y + t * q.y;
                if (v[1] < -100000 || v[1] > 100000 || v[2] < -100000 || v[2] > 100000)
                    continue;
                if (lg_check_params(g, a, v, 3, NULL) == WG_OK)
                    return;
            }
    /* the menu's smallest step, which the option's listing found legal */
    if (k == LG_MV_TO) {
        wg_pt d = lg_along(u.facing.x, u.facing.y, budget / 2);
        v[0] = u.ref.x + d.x;
        v[1] = u.ref.y + d.y;
    }
}

/* Why unit t is no target of unit i's fire (fire) or charge: with the measured distance, the arc or
   the sight, and the rule. */
static int target_why(const wg_game *g, int i, int t, int fire, char *err)
{
    const lg_state *s = LG_ST(g);
    if (!lg_active(s, t) || lg_hidden_to(g, t, i))
        return wg__seterr(err, WG_EILLEGAL, "unit %d is not on the table in sight of %s", t + 1,
                          LG_RD(g)->battle.side[lg_side(g, i)]);
    if (lg_side(g, t) == lg_side(g, i))
        return wg__seterr(err, WG_EILLEGAL, "%s is a friendly unit", lg_name(g, t));
    if (fire && s->u[t].melee_with >= 0)
        return wg__seterr(err, WG_EILLEGAL, "%s is in a melee: no fire into it (G-42)", lg_name(g, t));
    la_unit u, v;
    lg_unit_of(&u, g, i);
    lg_unit_of(&v, g, t);
    int32_t d = lg_gap(g, i, t), reach = 0;
    if (fire)
        reach = lg_fire_range(g, i, &u);
    else {
        la_move_env e = lg_env(g);
        if (la_charge_reach(&reach, NULL, &e, &u) != WG_OK)
            reach = 0;
        reach = lg_road_reach(g, i, t, reach); /* LA-TERRAIN-17 */
    }
    if (d > reach && !lg_may_measure(g, i)) /* premeasure=no: no distance before the declaration */
        return wg__seterr(err, WG_EILLEGAL, "%s is beyond the %s of %s (%s)", lg_name(g, t),
                          fire ? "range" : "charge's reach", lg_name(g, i), fire ? "LA-FIRE-01" : "LA-CHARGE-01");
    if (d > reach)
        return wg__seterr(err, WG_EILLEGAL, "%s is %ld paces away, beyond the %s of %ld paces (%s)", lg_name(g, t),
                          (long)(d / WG_TABLE_UNIT), fire ? "range" : "charge's reach", (long)(reach / WG_TABLE_UNIT),
                          fire ? "LA-FIRE-01" : "LA-CHARGE-01");
    if (fire) {
        int figs = 0;
        la_firing_figures(&figs, &u, &v, reach, g->tables, lg_scale_of(g));
        if (figs <= 0)
            return wg__seterr(err, WG_EILLEGAL, "no figure of %s has %s in its arc of fire (LA-FIRE-14)", lg_name(g, i),
                              lg_name(g, t));
    } else {
        int yes = 0;
        la_threatens(&yes, &u, &v, reach, g->tables, lg_scale_of(g));
        if (!yes)
            return wg__seterr(err, WG_EILLEGAL, "%s is not in front of %s (LA-CHARGE-03)", lg_name(g, t), lg_name(g, i));
    }
    if (!lg_sees(g, i, t))
        return wg__seterr(err, WG_EILLEGAL, "%s does not see %s (%s)", lg_name(g, i), lg_name(g, t),
                          fire ? "LA-FIRE-01" : "LA-CHARGE-01");
    if (fire && lg_wood_fire_ok(g, i, t, err) != WG_OK)
        return WG_EILLEGAL;
    if (fire && !lg_battery_crest_ok(g, i, t))
        return wg__seterr(err, WG_EILLEGAL, "%s fires downhill only with its front over the crest line (LA-LOS-03)",
                          lg_name(g, i));
    if (!fire && lg_is_cav(u.arm) && !lg_wood_charge_ok(g, i))
        return wg__seterr(err, WG_EILLEGAL, "%s charges out of a wood only from within %ld paces of its edge "
                                            "(LA-TERRAIN-12)",
                          lg_name(g, i), (long)(lg_paces(g, 20, 15) / WG_TABLE_UNIT));
    if (!fire) {
        int c[LG_MAX];
        int n = lg_charge_targets(g, i, c, LG_MAX), in = 0;
        for (int k = 0; k < n; k++)
            in |= c[k] == t;
        if (!in && n == 1)
            return wg__seterr(err, WG_EILLEGAL, "%s must charge %s, the enemy directly in front (LA-CHARGE-03)",
                              lg_name(g, i), lg_name(g, c[0]));
    }
    return WG_OK;
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
        if ((s->stage == LG_S_REACT || s->stage == LG_S_SCREEN) && lg_react_ok(g, s->cur, LG_AA(a), err) != WG_OK)
            return;
        break;
    case LG_A_MOVE:
        if (s->stage == LG_S_COMMIT) {
            la_unit u;
            lg_unit_of(&u, g, s->cur);
            if (lg_menu_ok(g, s->cur, &u, LG_AA(a) & 0xff, err) != WG_OK)
                return;
        }
        break;
    case LG_A_FIRE:
    case LG_A_TARGET: {
        int t = LG_AA(a);
        int fire = LG_AK(a) == LG_A_FIRE;
        if (s->stage != (fire ? LG_S_FIRE : LG_S_CHARGE) || t < 0 || t >= s->nunit)
            break;
        if (target_why(g, s->cur, t, fire, err) != WG_OK)
            return;
        break;
    }
    default: break;
    }
    wg__seterr(err, WG_EILLEGAL, "that is not a decision of this moment");
}

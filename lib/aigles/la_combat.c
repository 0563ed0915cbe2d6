/* Les Aigles: phase 4 fire, phase 5 melee and the morale tests (checklist LA-FIRE, LA-MELEE,
   LA-MELEERES, LA-MORALE, LA-MORALERES, LA-ROUT, LA-FLIGHT, LA-PRISON): the situations the factor
   tables read, the losses and their figures, the results and what they make the units do. */
#include "aigles.h"

#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- fire (phase 4) */

/* An isolated officer k as a target of unit i's light arms (LA-OFFICER-13): his base in *base, and for
   sight and the fire factors a formed one-figure line of the firer's kind on his point, neither
   irregular nor cuirassed.  0 when he is no target: wounded, killed, captured, with a unit or in
   contact with one of his own, or the firer is artillery. */
static int officer_target(const wg_game *g, int i, int k, la_unit *t, wg_quad *base)
{
    const lg_state *s = LG_ST(g);
    const lg_rdata *rd = LG_RD(g);
    if (k < 0 || k >= s->noff || s->o[k].off || s->o[k].attached >= 0 || rd->battle.officer[k].side == lg_side(g, i))
        return 0;
    lg_unit_of(t, g, i);
    if (lg_is_art(t->arm))
        return 0;
    for (int u = 0; u < s->nunit; u++)
        if (lg_active(s, u) && lg_side(g, u) == rd->battle.officer[k].side && lg_officer_touches(g, k, u))
            return 0; /* with his own troops: their losses are his risk (LA-OFFLOSS-01) */
    la_officer of;
    lg_officer_of(&of, g, k);
    if (la_officer_base(base, &of, g->tables, rd->battle.scale) != WG_OK)
        return 0;
    t->ncomp = 1;
    t->comp[0].figures = 1;
    t->formation = LA_LINE;
    t->front = 1;
    t->removed = 0;
    t->ref = of.at;
    t->facing = of.facing;
    t->irregular = t->heavy = t->cuirass = t->lancer = 0;
    t->cohesion = LA_FORMED;
    t->morale = LA_OBEY;
    t->retreat_periods = t->fatigue = 0;
    return 1;
}

/* Whether unit i sees the officer's one-figure stand-in t past the other units. */
static int sees_officer(const wg_game *g, int i, const la_unit *t)
{
    const lg_state *s = LG_ST(g);
    la_unit ua, others[LG_MAX];
    const la_unit *op[LG_MAX];
    int n = 0;
    lg_unit_of(&ua, g, i);
    for (int j = 0; j < s->nunit; j++)
        if (j != i && lg_active(s, j)) {
            lg_unit_of(&others[n], g, j);
            op[n] = &others[n];
            n++;
        }
    la_field f = lg_field(g);
    int yes = 0;
    return la_sees(&yes, &f, &ua, t, op, NULL, n) == WG_OK && yes;
}

int32_t lg_fire_gap(const wg_game *g, int i, int t)
{
    if (t < LG_MAX)
        return lg_gap(g, i, t);
    la_unit u, o;
    wg_quad base;
    int32_t d = 0;
    lg_unit_of(&u, g, i);
    if (!officer_target(g, i, t - LG_MAX, &o, &base) || la_unit_gap(&d, &u, &o, g->tables, lg_scale_of(g)) != WG_OK)
        return 0;
    return d;
}

/* The line of fire of unit i at unit t: from the centre of i's front to the centre of t's footprint,
   and on beyond t for `beyond` table units past its footprint (its depth added). */
static void fire_line(const wg_game *g, int i, int t, int32_t beyond, wg_pt *from, wg_pt *at, wg_pt *end)
{
    const lg_unit *x = &LG_ST(g)->u[i];
    from->x = x->x;
    from->y = x->y;
    *at = lg_centre_of(g, t);
    la_unit ut;
    lg_unit_of(&ut, g, t);
    int32_t bf = 0, bd = 0;
    la_base_size(&bf, &bd, g->tables, ut.arm, ut.formation, lg_scale_of(g));
    int32_t depth = bd * la_unit_ranks(&ut);
    int32_t len = beyond + depth;
    wg_pt d = {at->x - from->x, at->y - from->y};
    if ((d.x == 0 && d.y == 0) || len <= 0) {
        *end = *at;
        return;
    }
    wg_pt step = lg_along(d.x, d.y, len);
    end->x = at->x + step.x;
    end->y = at->y + step.y;
}

/* Whether the segment a-b meets unit j's footprint (the guns' for a battery left on the table). */
static int line_meets(const wg_game *g, int j, wg_pt a, wg_pt b)
{
    la_unit u;
    lg_unit_of(&u, g, j);
    wg_quad q;
    if (lg_unit_footprint(&q, g, &u) != WG_OK)
        return 0;
    return wg__seg_poly_meets(a, b, q.p, 4);
}

/* Whether a battery may fire at t past its friends (LA-ARTFIRE-05, -06): no canister when a friendly
   unit stands between the gun and the target, even from a hill; no friend within the ricochet of the
   round shot behind the target, nor alongside it within 100/70 paces. */
static int past_friends_ok(const wg_game *g, int i, int t)
{
    const lg_state *s = LG_ST(g);
    const lg_rdata *rd = LG_RD(g);
    const la_type *ty = lg_type_of(g, i, 0);
    if (ty->calibre < 0)
        return 1;
    const la_calibre *c = &rd->army.calibre[ty->calibre];
    int sc = lg_scale_of(g);
    int32_t canister = c->canister.v[sc] * WG_TABLE_UNIT, rebound = c->rebound.v[sc] * WG_TABLE_UNIT;
    int32_t dist = lg_gap(g, i, t);
    wg_pt from, at, end;
    fire_line(g, i, t, rebound, &from, &at, &end);
    for (int k = 0; k < s->nunit; k++) {
        if (k == i || !lg_active(s, k) || lg_side(g, k) != lg_side(g, i))
            continue;
        int32_t dk = lg_gap(g, i, k), dt = lg_gap(g, t, k);
        if (dist <= canister && dk < dist && line_meets(g, k, from, at))
            return 0; /* LA-ARTFIRE-06 */
        if (dk > dist && dt <= rebound && line_meets(g, k, at, end))
            return 0; /* within the ricochet (LA-ARTFIRE-05) */
        if (dt <= lg_paces(g, 100, 70))
            return 0; /* alongside (LA-ARTFIRE-05) */
    }
    return 1;
}

static int targets_now(const wg_game *g, int i, int *targets, int cap);

static int fire_stage(const lg_state *s) { return s->stage == LG_S_FIRE || s->stage == LG_S_FIREROLL; }

static void fire_line(const wg_game *g, int i, int t, int32_t beyond, wg_pt *from, wg_pt *at, wg_pt *end);
static int line_meets(const wg_game *g, int j, wg_pt a, wg_pt b);

/* Whether enemy j masks from unit i, in the second half-period, a target i had after the first
   (LA-FIRE-09): that target is no longer one and j stands on the line of fire to it, nearer.  Not
   for artillery on a hill when the gap between the target and j is a tenth of the distance or more. */
static int masker(const wg_game *g, int i, int j, const int *now, int nnow)
{
    const lg_state *s = LG_ST(g);
    uint64_t was = s->sight_half[i];
    for (int t = 0; t < s->nunit; t++) {
        if (!(was >> t & 1u) || t == j || !lg_active(s, t))
            continue;
        int still = 0;
        for (int k = 0; k < nnow; k++)
            still |= now[k] == t;
        int32_t dt = lg_gap(g, i, t);
        if (still || lg_gap(g, i, j) >= dt)
            continue;
        wg_pt from, at, end;
        fire_line(g, i, t, 0, &from, &at, &end);
        if (!line_meets(g, j, from, at))
            continue;
        wg_pt ft = {s->u[i].x, s->u[i].y};
        if (lg_is_art(LG_RD(g)->battle.unit[i].u.arm) &&
            wg__map_table_level_at(g->map, ft) > wg__map_table_level_at(g->map, lg_centre_of(g, t)) &&
            (int64_t)lg_gap(g, t, j) * 10 >= dt)
            continue;
        return 1;
    }
    return 0;
}

/* Whether j masked a target of i in the second half-period (the fire phase only). */
static int masked_by(const wg_game *g, int i, int j)
{
    if (!fire_stage(LG_ST(g)))
        return 0;
    int now[LG_MAX];
    int n = targets_now(g, i, now, LG_MAX);
    return masker(g, i, j, now, n);
}

/* Enemies in sight and in range of some figure's arc; none in a melee (G-42).  In the fire phase a
   battery's target must have been in its arc and range for the second half-period at least
   (LA-ARTFIRE-03). */
/* Whether enemy j could charge unit i now: it may charge and i is within its reach in its front arc,
   in its sight. */
static int able_to_charge(const wg_game *g, int j, int i)
{
    const lg_state *s = LG_ST(g);
    la_unit t;
    lg_unit_of(&t, g, j);
    if (!lg_controlled(s, j) || la_may_charge(NULL, &t) != WG_OK)
        return 0;
    int c[LG_MAX];
    int n = lg_charge_targets(g, j, c, LG_MAX);
    for (int k = 0; k < n; k++)
        if (c[k] == i)
            return 1;
    return 0;
}

/* The target priority of enemy j for unit i (LA-FIRE-10): 1 it charges i or touches it; 2 it could
   charge it; 3 it touches or fired on the unit i's order names (support, cover), or stands within the
   zone its order defends or denies; 4 it fired on i (this period or the last); 5 any other. */
static int priority_of(const wg_game *g, int i, int j)
{
    const lg_state *s = LG_ST(g);
    const lg_unit *x = &s->u[i], *y = &s->u[j];
    if ((y->marker == LG_M_CHARGE && y->charge_target == i) || lg_gap(g, i, j) <= WG_TABLE_UNIT)
        return 1;
    if (able_to_charge(g, j, i))
        return 2;
    int f = x->order_target;
    if ((x->order == LA_ORD_SUPPORT || x->order == LA_ORD_COVER) && f >= 0 && lg_active(s, f) &&
        (lg_gap(g, j, f) <= WG_TABLE_UNIT || y->fire_on == f || y->fire_on_prev == f))
        return 3;
    if ((x->order == LA_ORD_DEFEND || x->order == LA_ORD_DENY) && x->order_r > 0) {
        wg_pt c = lg_centre_of(g, j), o = {x->order_x, x->order_y};
        if (wg__w_cmp(wg__w_of(wg__dist2(c, o)), wg__w_mul(x->order_r, x->order_r)) <= 0)
            return 3;
    }
    if (y->fire_on == i || y->fire_on_prev == i)
        return 4;
    return 5;
}

/* Whether a general (or an aide-de-camp replacing one) is in base contact with unit i (LA-FIRE-11). */
static int general_touches(const wg_game *g, int i)
{
    const lg_state *s = LG_ST(g);
    int general = 0;
    for (int k = 0; k < s->noff && !general; k++)
        general = !s->o[k].off && (!LG_RD(g)->battle.officer[k].adc || s->o[k].replaces >= 0) &&
                  LG_RD(g)->battle.officer[k].side == lg_side(g, i) && lg_officer_touches(g, k, i);
    return general;
}

/* Keeps the targets unit i may fire at over the enemies nearer to it on the line of fire (LA-FIRE-11):
   none, but from a hill with a general in base contact (a battery without one, as LA-FIRE-09 lets it
   fire over a masking unit), when every such enemy, on lower ground, stands from the target a tenth
   of the firing distance or more. */
static int over_the_nearest(const wg_game *g, int i, int *t, int n)
{
    const lg_state *s = LG_ST(g);
    int general = -1, m = 0;
    wg_pt ft = {s->u[i].x, s->u[i].y};
    int level = wg__map_table_level_at(g->map, ft);
    for (int k = 0; k < n; k++) {
        int ok = 1;
        if (t[k] < LG_MAX) {
            int32_t dt = lg_gap(g, i, t[k]);
            wg_pt from, at, end;
            fire_line(g, i, t[k], 0, &from, &at, &end);
            for (int j = 0; j < s->nunit && ok; j++) {
                if (j == t[k] || !lg_active(s, j) || lg_side(g, j) == lg_side(g, i) || lg_hidden_to(g, j, i) ||
                    lg_gap(g, i, j) >= dt || !line_meets(g, j, from, at))
                    continue;
                if (general < 0) /* a battery as its fire over a masking unit (LA-FIRE-09) */
                    general = lg_is_art(LG_RD(g)->battle.unit[i].u.arm) || general_touches(g, i);
                ok = general && level > wg__map_table_level_at(g->map, lg_centre_of(g, j)) &&
                     (int64_t)lg_gap(g, j, t[k]) * 10 >= dt;
            }
        }
        if (ok)
            t[m++] = t[k];
    }
    return m;
}

/* Keeps the targets the priorities allow (LA-FIRE-10): those of the best class; in class 5 the nearest.
   A unit in base contact with a general need not respect classes 2 to 5 (Guard, Elite) or 3 to 5 (the
   others, LA-FIRE-11): then every target below the binding classes is allowed. */
static int by_priority(const wg_game *g, int i, int *t, int n)
{
    if (n <= 1)
        return n;
    int general = general_touches(g, i);
    la_unit u;
    lg_unit_of(&u, g, i);
    int binding = !general ? 5 : la_unit_status(&u) <= LA_ELITE ? 1 : 2;
    int pr[LG_NTARGETS], best = 6;
    int32_t near = INT32_MAX;
    for (int k = 0; k < n; k++) {
        pr[k] = t[k] >= LG_MAX ? 5 : priority_of(g, i, t[k]);
        if (pr[k] < best)
            best = pr[k];
    }
    if (best > binding)
        return n; /* nothing binds him: any target */
    if (best == 5)
        for (int k = 0; k < n; k++) {
            int32_t d = lg_fire_gap(g, i, t[k]);
            if (d < near)
                near = d;
        }
    int m = 0;
    for (int k = 0; k < n; k++)
        if (pr[k] == best && (best < 5 || lg_fire_gap(g, i, t[k]) == near))
            t[m++] = t[k];
    return m;
}

int lg_fire_targets(const wg_game *g, int i, int *targets, int cap)
{
    return by_priority(g, i, targets, over_the_nearest(g, i, targets, lg_fire_reachable(g, i, targets, cap)));
}

int lg_fire_reachable(const wg_game *g, int i, int *targets, int cap)
{
    const lg_state *s = LG_ST(g);
    int n = targets_now(g, i, targets, cap);
    if (!fire_stage(s) || !lg_is_art(LG_RD(g)->battle.unit[i].u.arm))
        return n;
    int m = 0, all[LG_NTARGETS];
    if (n > LG_NTARGETS)
        n = LG_NTARGETS;
    memcpy(all, targets, sizeof(int) * (size_t)n);
    for (int k = 0; k < n; k++)
        if ((all[k] < LG_MAX && (s->sight_half[i] >> all[k] & 1u)) || masker(g, i, all[k], all, n))
            targets[m++] = all[k];
    return m;
}

void lg_note_targets(wg_game *g, int half)
{
    lg_state *s = LG_ST(g);
    for (int i = 0; i < s->nunit; i++) {
        uint64_t mask = 0;
        if (lg_active(s, i) && s->u[i].marker == LG_M_FIRE) {
            int t[LG_MAX];
            int n = targets_now(g, i, t, LG_MAX);
            for (int k = 0; k < n; k++)
                if (t[k] < LG_MAX) /* units only: an isolated officer is no bit of the mask */
                    mask |= (uint64_t)1 << t[k];
        }
        if (half)
            s->sight_half[i] = mask;
        else
            s->sight_start[i] = mask;
    }
}

static int targets_now(const wg_game *g, int i, int *targets, int cap)
{
    const lg_state *s = LG_ST(g);
    la_unit u;
    lg_unit_of(&u, g, i);
    int32_t range = lg_fire_range(g, i, &u);
    if (range <= 0)
        return 0;
    int n = 0;
    for (int j = 0; j < s->nunit && n < cap; j++) {
        if (!lg_active(s, j) || lg_side(g, j) == lg_side(g, i) || s->u[j].melee_with >= 0)
            continue;
        la_unit t;
        lg_unit_of(&t, g, j);
        int figs = 0;
        if (la_firing_figures(&figs, &u, &t, range, g->tables, lg_scale_of(g)) != WG_OK || figs <= 0)
            continue;
        if (lg_gap(g, i, j) > range)
            continue; /* the fire's distance is the units' gap: a target beyond it is out of range */
        if (!lg_sees(g, i, j) || lg_wood_fire_ok(g, i, j, NULL) != WG_OK || !lg_battery_crest_ok(g, i, j))
            continue;
        if (lg_is_art(u.arm) && !past_friends_ok(g, i, j))
            continue;
        targets[n++] = j;
    }
    for (int k = 0; k < s->noff && n < cap; k++) { /* isolated officers (LA-OFFICER-13) */
        la_unit t;
        wg_quad base;
        int figs = 0;
        if (!officer_target(g, i, k, &t, &base) ||
            la_firing_figures_at(&figs, &u, &base, range, g->tables, lg_scale_of(g)) != WG_OK || figs <= 0 ||
            !sees_officer(g, i, &t))
            continue;
        targets[n++] = LG_MAX + k;
    }
    return n;
}

int lg_park_targets(const wg_game *g, int i, int *out, int cap)
{
    const lg_state *s = LG_ST(g);
    la_unit u, p;
    lg_unit_of(&u, g, i);
    int32_t range = lg_fire_range(g, i, &u);
    int n = 0, sc = lg_scale_of(g);
    if (range <= 0)
        return 0;
    for (int j = 0; j < s->nunit && n < cap; j++) {
        if (!lg_has_park(g, j) || !lg_active(s, j) || lg_side(g, j) == lg_side(g, i) || lg_hidden_to(g, j, i))
            continue;
        lg_park_of(&p, g, j);
        int figs = 0;
        int32_t d = INT32_MAX;
        if (la_firing_figures(&figs, &u, &p, range, g->tables, sc) != WG_OK || figs <= 0 ||
            la_unit_gap(&d, &u, &p, g->tables, sc) != WG_OK || d > range || !sees_officer(g, i, &p))
            continue;
        out[n++] = j;
    }
    return n;
}

int32_t lg_park_gap(const wg_game *g, int i, int j)
{
    la_unit u, p;
    int32_t d = INT32_MAX;
    lg_unit_of(&u, g, i);
    lg_park_of(&p, g, j);
    if (la_unit_gap(&d, &u, &p, g->tables, lg_scale_of(g)) != WG_OK)
        return INT32_MAX;
    return d;
}

int lg_may_fire(const wg_game *g, int i)
{
    const lg_state *s = LG_ST(g);
    const lg_unit *x = &s->u[i];
    if (!lg_active(s, i) || x->marker != LG_M_FIRE || x->melee_with >= 0 || x->change_left > 0)
        return 0;
    if (x->morale != LA_OBEY && x->morale != LA_HALT)
        return 0;
    if (lg_is_art(LG_RD(g)->battle.unit[i].u.arm) && (x->cohesion >= LA_WITHOUT_FORMATION || x->guns != LG_G_CREW))
        return 0; /* artillery without formation does not fire (LA-ARTFIRE-08) */
    int t[LG_NTARGETS > LG_MAX_WORKS ? LG_NTARGETS : LG_MAX_WORKS];
    return lg_fire_targets(g, i, t, LG_NTARGETS) > 0 || lg_work_targets(g, i, t, LG_MAX_WORKS) > 0 ||
           lg_park_targets(g, i, t, LG_MAX) > 0;
}

/* The elite rule over the unit's figures (LA-MELEE-10, G-41): the value of the characteristics used
   and the die bonus. */
/* The elite rule over the figures that fight (LA-MELEE-10, LA-FIRE-16, G-41): the first `fighting`
   figures of the unit in the order of its companies (the leading companies stand in the front rank),
   all of them when `fighting` is 0 or more than the unit holds. */
static void characteristics(const wg_game *g, int i, const la_unit *u, int melee, int fighting, int *value,
                            int *die_plus, int *charge)
{
    int nel = 0, noth = 0, left = fighting > 0 ? fighting : la_unit_figures(u);
    for (int c = 0; c < u->ncomp && left > 0; c++) {
        int f = u->comp[c].figures < left ? u->comp[c].figures : left;
        left -= f;
        if (u->comp[c].elite)
            nel += f;
        else
            noth += f;
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

static int fire_setup(const wg_game *g, int firer, int target, int ranks, la_fire *f, int *kind, la_applied *ap,
                      int *nap, char *err);

int lg_fire_setup(const wg_game *g, int firer, int target, la_fire *f, int *kind, la_applied *ap, int *nap, char *err)
{
    return fire_setup(g, firer, target, -1, f, kind, ap, nap, err);
}

/* The ranks a round shot traverses in unit u (LA-ARTFIRE-12): infantry in close or massed order,
   cavalry in close order and artillery count theirs; skirmishers and foragers none (LA-ARTFIRE-11). */
static int shot_ranks(const la_unit *u)
{
    if (u->formation == LA_SKIRMISH || u->formation == LA_FORAGING)
        return 0;
    if (lg_is_square(u->formation))
        return 1;
    return la_unit_counted_ranks(u);
}

/* The depth of unit j's zone of action (LA-UNIT-19): infantry and engineers, their fire range;
   cavalry, the reach of its charge (G-05); artillery, its flat-trajectory range, the calibre's
   canister range (LA-UNIT-18, LA-ARTFIRE-15).  0: no zone. */
static int32_t zone_reach(const wg_game *g, int j, const la_unit *e)
{
    if (lg_is_art(e->arm)) {
        const la_type *ty = lg_type_of(g, j, 0);
        if (ty->calibre < 0)
            return 0;
        return (int32_t)LG_RD(g)->army.calibre[ty->calibre].canister.v[lg_scale_of(g)] * WG_TABLE_UNIT;
    }
    if (e->arm == LA_CAVALRY || e->arm == LA_IRREGULAR_CAVALRY) {
        la_move_env env = lg_env(g);
        int32_t cr = 0;
        return la_charge_reach(&cr, NULL, &env, e) == WG_OK ? cr : 0;
    }
    return lg_fire_range(g, j, e);
}

int lg_fire_penetration(wg_game *g, int firer, int target, int kind, int losses, int die)
{
    lg_state *s = LG_ST(g);
    const lg_rdata *rd = LG_RD(g);
    la_unit uf, ut;
    lg_unit_of(&uf, g, firer);
    lg_unit_of(&ut, g, target);
    const la_type *ty = lg_type_of(g, firer, 0);
    if (!lg_is_art(uf.arm) || ty->calibre < 0)
        return WG_OK;
    const la_calibre *c = &rd->army.calibre[ty->calibre];
    int sc = lg_scale_of(g);
    int screen = ut.formation == LA_SKIRMISH || ut.formation == LA_FORAGING;
    int32_t reach;
    int left = 0;
    const char *rule;
    if (kind == LA_FIRE_ROUND_SHOT) {
        /* the shot traverses the calibre's ranks, then bounces on for the rebound distance
           (LA-ARTFIRE-09, -10); skirmishers count no rank and protect nothing (LA-ARTFIRE-11) */
        reach = c->rebound.v[sc] * WG_TABLE_UNIT;
        left = c->ranks - shot_ranks(&ut);
        rule = screen ? "LA-ARTFIRE-11" : "LA-ARTFIRE-09";
        if (left <= 0)
            return WG_OK;
    } else {
        /* canister: close order and lines protect what stands behind; skirmishers and foragers only
           beyond a quarter of the canister distance, the losses behind less theirs (LA-ARTFIRE-14, G-44) */
        if (!screen)
            return WG_OK;
        reach = c->canister.v[sc] * WG_TABLE_UNIT / 4;
        rule = "LA-ARTFIRE-14";
    }
    wg_pt from, at, end;
    fire_line(g, firer, target, reach, &from, &at, &end);
    int32_t dtarget = lg_gap(g, firer, target);
    int32_t range = lg_fire_range(g, firer, &uf); /* no shot lands beyond the calibre's range */
    int done[LG_MAX] = {0};
    done[firer] = done[target] = 1;
    for (;;) {
        /* the nearest unit behind the target on the line of fire, within the reach */
        int best = -1;
        int32_t bd = 0;
        for (int j = 0; j < s->nunit; j++) {
            if (done[j] || !lg_active(s, j))
                continue;
            int32_t dj = lg_gap(g, firer, j), dt = lg_gap(g, target, j);
            if (dj <= dtarget || dj > range || (kind == LA_FIRE_ROUND_SHOT ? dt > reach : dt >= reach) ||
                !line_meets(g, j, at, end))
                continue;
            if (best < 0 || dj < bd) {
                best = j;
                bd = dj;
            }
        }
        if (best < 0)
            return WG_OK;
        done[best] = 1;
        la_fire f;
        la_applied ap[LA_MAX_APPLIED];
        int nap = 0, k2 = 0, l2 = 0, main_figs = 0;
        la_fire fm;
        int rc = fire_setup(g, firer, target, -1, &fm, &k2, ap, &nap, g->err);
        if (rc == WG_OK)
            rc = fire_setup(g, firer, best, kind == LA_FIRE_ROUND_SHOT ? left : -1, &f, &k2, ap, &nap, g->err);
        if (rc != WG_OK)
            return rc;
        main_figs = fm.figures;
        f.figures = main_figs; /* the shot of the same guns, with the factors of where it lands */
        f.half = fm.half;
        if ((rc = la_fire_losses(&l2, g->err, g->tables, &f, die)) != WG_OK)
            return rc;
        if (kind != LA_FIRE_ROUND_SHOT)
            l2 = l2 > losses ? l2 - losses : 0;
        s->u[best].pending_loss = (int16_t)(s->u[best].pending_loss + l2);
        if (l2 >= 15 && s->u[best].heavy_fire < 9)
            s->u[best].heavy_fire++;
        int d = die + (f.die_plus > 0), bonus = 0;
        la_cell_int(&bonus, g->tables[LA_T30], 0, (d > 6 ? 6 : d) - 1);
        {
            LG_EV(g, LG_E_FIRELOSS, rule, ~0u);
            e_->a[0] = firer;
            e_->a[1] = best;
            e_->a[2] = die;
            e_->a[3] = l2;
            e_->a[4] = f.value + f.factors + bonus;
            e_->a[5] = kind == LA_FIRE_ROUND_SHOT ? 1 : 2;
        }
        if (kind != LA_FIRE_ROUND_SHOT)
            continue;
        la_unit ub;
        lg_unit_of(&ub, g, best);
        left -= shot_ranks(&ub);
        if (left <= 0)
            return WG_OK; /* the ranks used up, the shot stops (LA-ARTFIRE-10) */
    }
}

static int fire_setup(const wg_game *g, int firer, int target, int ranks, la_fire *f, int *kind, la_applied *ap,
                      int *nap, char *err)
{
    const lg_rdata *rd = LG_RD(g);
    la_unit u, t;
    lg_unit_of(&u, g, firer);
    int32_t range = lg_fire_range(g, firer, &u);
    int figs = 0, officer = target >= LG_MAX;
    int32_t dist = 0;
    wg_pt tc;
    if (officer) { /* an isolated officer: his base, at -2 (LA-OFFICER-13, LA-FIREFACT-16) */
        wg_quad base;
        if (!officer_target(g, firer, target - LG_MAX, &t, &base))
            return wg__seterr(err, WG_ESTATE, "%s is no isolated officer %s may fire at (LA-OFFICER-13)",
                              lg_name(g, target), lg_name(g, firer));
        la_firing_figures_at(&figs, &u, &base, range, g->tables, lg_scale_of(g));
        la_unit_gap(&dist, &u, &t, g->tables, lg_scale_of(g));
        tc = t.ref;
    } else {
        lg_unit_of(&t, g, target);
        la_firing_figures(&figs, &u, &t, range, g->tables, lg_scale_of(g));
        dist = lg_gap(g, firer, target);
        tc = lg_centre_of(g, target);
    }
    if (figs > 29)
        figs = 29; /* the loss table's last column */
    la_fire_situation fs;
    memset(&fs, 0, sizeof fs);
    /* the factors read the formation the target is forming, whatever it presents (LA-FIRE-20) */
    la_unit tf = t;
    if (!officer) {
        const lg_unit *tx = &LG_ST(g)->u[target];
        if (tx->change_left > 0 && tx->change_to >= 0)
            tf.formation = tx->change_to;
    }
    fs.isolated = officer;
    fs.firer = &u;
    fs.target = &tf;
    fs.kind = LA_FIRE_LIGHT;
    fs.distance = dist;
    const la_type *ty = lg_type_of(g, firer, 0);
    if (lg_is_art(u.arm) && ty->calibre >= 0) {
        const la_calibre *c = &rd->army.calibre[ty->calibre];
        int sc = lg_scale_of(g);
        fs.canister = c->canister.v[sc] * WG_TABLE_UNIT;
        fs.rebound = c->rebound.v[sc] * WG_TABLE_UNIT;
        fs.max_range = c->max.v[sc] * WG_TABLE_UNIT;
        fs.max_ranks = ranks >= 0 ? ranks : c->ranks;
        fs.kind = dist <= fs.canister ? LA_FIRE_CANISTER : LA_FIRE_ROUND_SHOT;
    } else {
        fs.beyond_half_range = dist * 2 > range;
    }
    if (officer) {
        uint32_t fl = 0;
        int area = lg_area_flags_at(g, tc, &fl);
        fs.cover = lg_area_cover(g, area, fl);
    } else
        fs.cover = lg_fire_cover(g, firer, target); /* LA-FIRE-04, LA-TERRAIN-08, -09, -20 */
    fs.target_charging =
        !officer && LG_ST(g)->u[target].marker == LG_M_CHARGE && LG_ST(g)->u[target].charge_target == firer;
    int sum = 0;
    int rc = la_fire_factors(&sum, ap, nap, err, g->tables, &fs);
    if (rc != WG_OK)
        return rc;
    int value = 0, dp = 0;
    characteristics(g, firer, &u, 0, u.front, &value, &dp, NULL); /* the first rank fires (LA-FIRE-15) */
    f->value = value;
    f->factors = sum;
    f->figures = figs;
    f->die_plus = dp;
    f->half = LG_ST(g)->u[firer].moved; /* a unit that moved fires for half the period (G-15) */
    /* a battery whose target was in its arc and range for the second half-period only fires at half
       effect (LA-ARTFIRE-03) */
    if (lg_is_art(u.arm) && fire_stage(LG_ST(g)) && target < LG_MAX && !(LG_ST(g)->sight_start[firer] >> target & 1u))
        f->half = 1;
    if (LG_ST(g)->fire_ret)
        f->half = 1; /* gunners about to be charged fire halved (LA-ARTFIRE-16) */
    if (!f->half && masked_by(g, firer, target))
        f->half = 1; /* the masking unit takes the second half-period's losses (LA-FIRE-09) */
    *kind = fs.kind;
    return WG_OK;
}

/* ---------------------------------------------------------------- melee (phase 5) */

/* The charisma of the best officer of the unit's side whose base touches the unit, -1 for none. */
static int contact_charisma(const wg_game *g, int unit, const la_unit *u)
{
    const lg_rdata *rd = LG_RD(g);
    wg_quad q, o;
    if (lg_unit_footprint(&q, g, u) != WG_OK)
        return -1;
    int best = -1;
    for (int k = 0; k < rd->battle.nofficer; k++) {
        la_officer of;
        lg_officer_of(&of, g, k);
        if (LG_ST(g)->o[k].off || of.side != lg_side(g, unit) ||
            la_officer_base(&o, &of, g->tables, rd->battle.scale) != WG_OK)
            continue;
        if (wg__poly_within(o.p, 4, q.p, 4, WG_TABLE_UNIT) && of.charisma > best)
            best = of.charisma;
    }
    return best;
}

/* The unit's troop type in the equivalence table (T2/T3). */
static int eq_type(const la_unit *u)
{
    if (u->formation == LA_SKIRMISH)
        return LA_EQ_SKIRMISH;
    if (u->formation == LA_FORAGING)
        return LA_EQ_FORAGING;
    if (u->arm == LA_IRREGULAR_CAVALRY)
        return LA_EQ_SKIRMISH; /* with skirmishers (LA-SCALE-11) */
    return lg_is_cav(u->arm) || lg_is_art(u->arm) ? LA_EQ_CAVALRY : LA_EQ_CLOSE;
}

/* Where unit i stands, read at its centre: LA_OPP_* (open, light or hard cover, village, redoubt), and
   the area (-1 for none). */
static int stand_of(const wg_game *g, int i, int *area_out)
{
    uint32_t fl = 0;
    int area = lg_area_flags_at(g, lg_centre_of(g, i), &fl);
    const lg_rdata *rd = LG_RD(g);
    int pos = LA_OPP_OPEN;
    if (area >= 0) {
        int terr = -1;
        const char *tn = NULL;
        wg_map_terrain(&terr, g->map, area);
        wg_map_terrain_name(&tn, g->map, terr);
        if (tn && strcmp(tn, "village") == 0)
            pos = LA_OPP_VILLAGE;
        else if (tn && strcmp(tn, "redoubt") == 0)
            pos = LA_OPP_REDOUBT;
        else if (fl & rd->hard_flag)
            pos = LA_OPP_HARD_COVER;
        else if ((fl & rd->light_flag) && !(tn && strcmp(tn, "wood") == 0))
            pos = LA_OPP_LIGHT_COVER; /* none in a wood's melee (LA-TERRAIN-11) */
        /* converted by engineers before the battle: a fortified village, a redoubt (LA-UNIT-08) */
        if (area < LG_MAX_WORKS && rd->fort[area])
            pos = LA_OPP_REDOUBT;
        /* demolished: a construction down to hard cover, light cover or nothing (LA-TERRAIN-29, -24, -21) */
        int lv = lg_work_level(g, lg_work_of_area(g, area));
        if (lv >= 0 && lv < rd->work_base[area])
            pos = lv == LG_W_HARD ? LA_OPP_HARD_COVER : lv == LG_W_LIGHT ? LA_OPP_LIGHT_COVER : LA_OPP_OPEN;
    }
    if (area_out)
        *area_out = area;
    return pos;
}

int lg_engineers_of(const wg_game *g, int i)
{
    const lg_state *s = LG_ST(g);
    la_unit u;
    wg_quad q, o;
    lg_unit_of(&u, g, i);
    if (u.arm != LA_INFANTRY || lg_unit_footprint(&q, g, &u) != WG_OK)
        return -1;
    for (int j = 0; j < s->nunit; j++) {
        if (j == i || !lg_active(s, j) || lg_side(g, j) != lg_side(g, i) || s->u[j].melee_with >= 0)
            continue;
        la_unit e;
        lg_unit_of(&e, g, j);
        if (e.arm != LA_ENGINEERS || lg_unit_footprint(&o, g, &e) != WG_OK)
            continue;
        if (wg__poly_within(o.p, 4, q.p, 4, WG_TABLE_UNIT))
            return j;
    }
    return -1;
}

int lg_engineers_escort(const wg_game *g, int i)
{
    const lg_state *s = LG_ST(g);
    la_unit e;
    wg_quad q, o;
    lg_unit_of(&e, g, i);
    if (e.arm != LA_ENGINEERS || lg_unit_footprint(&o, g, &e) != WG_OK)
        return -1;
    for (int j = 0; j < s->nunit; j++) {
        if (j == i || !lg_active(s, j) || lg_side(g, j) != lg_side(g, i))
            continue;
        la_unit u;
        lg_unit_of(&u, g, j);
        if (u.arm != LA_INFANTRY || lg_unit_footprint(&q, g, &u) != WG_OK)
            continue;
        if (wg__poly_within(o.p, 4, q.p, 4, WG_TABLE_UNIT))
            return j;
    }
    return -1;
}

int lg_engineers_defending(const wg_game *g, int i)
{
    return stand_of(g, i, NULL) >= LA_OPP_HARD_COVER ? lg_engineers_of(g, i) : -1;
}

/* Cavalry, or infantry in close order (LA-UNIT-20). */
static int close_order(const la_unit *u)
{
    if (lg_is_cav(u->arm))
        return u->formation != LA_FORAGING;
    return lg_is_foot(u->arm) && u->formation != LA_SKIRMISH;
}

/* Whether a friendly unit of cavalry or close-order infantry stands closer to unit i than two of i's
   base fronts (LA-UNIT-20): the nearest interval counts. */
static int crowded(const wg_game *g, int i, const la_unit *u)
{
    const lg_state *s = LG_ST(g);
    int sc = lg_scale_of(g);
    int32_t bf = 0, bd = 0;
    wg_quad q, r;
    if (la_base_size(&bf, &bd, g->tables, u->arm, u->formation, sc) != WG_OK || bf <= 0 ||
        lg_unit_footprint(&q, g, u) != WG_OK)
        return 0;
    for (int j = 0; j < s->nunit; j++) {
        if (j == i || !lg_active(s, j) || lg_side(g, j) != lg_side(g, i))
            continue;
        la_unit o;
        lg_unit_of(&o, g, j);
        if (!close_order(&o) || lg_unit_footprint(&r, g, &o) != WG_OK)
            continue;
        if (wg__poly_within(q.p, 4, r.p, 4, 2 * (int64_t)bf - 1))
            return 1;
    }
    return 0;
}

/* Whether a unit in formation f has its last rank faced about: a solid or massed square, whose rear is
   a front; a massed battalion has its bonus to the rear, and replies, only once it has formed its solid
   square (LA-FORM-20, LA-FORM-06). */
static int rear_faced(int f) { return f == LA_SOLID_SQUARE || f == LA_MASSED_SQUARE; }

/* Whether unit a, on the first turn of its melee with b, is taken in the rear by b, the opponent of
   the melee it left by a retreat or rout in the period before (LA-MELEERES-06, G-55). */
static int pursued_by(const lg_state *s, int a, int b)
{
    const lg_unit *x = &s->u[a];
    return x->left_from == b && s->period == x->left_period + 1 && x->face == WG__FACE_REAR && x->melee_turns == 0 &&
           x->melee_with == b;
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
    /* the last fire (note (4), G-29): this period's before the melee, and the previous period's when
       the unit did not fire back then */
    m.losses_last_fire = x->fire_turn + (x->fired_prev ? 0 : x->fire_prev);
    int pursued = pursued_by(s, a, b), pursuing = pursued_by(s, b, a);
    /* it followed its beaten opponent, or takes it in the rear after its retreat or rout (note (3),
       LA-MELEERES-06) */
    m.followed_up = x->followed || pursuing;
    if (lg_is_foot(ua.arm) && x->effective && ua.formation != LA_LINE) {
        int r = la_unit_counted_ranks(&ua) - 1;
        m.charge_ranks = r > 2 ? 2 : r;
    }
    /* on the opponent's flank or rear: T16/T17's first-turn row, then the established melee's (G-28);
       a unit that met an opponent already in a melee with another enemy reads the face it met itself,
       and the rows of an established melee when that melee began in an earlier half-period: infantry
       +1, cavalry +2 (LA-MELEEFACT-16, -21, LA-MOVE-05) */
    int yface = x->joined ? x->joined - 1 : y->face;
    m.flank_or_rear = yface != WG__FACE_FRONT && !(yface == WG__FACE_REAR && rear_faced(ub.formation)); /* a solid or massed square faces about (LA-FORM-20) */
    m.flank_established = x->established != 0;
    m.flank_of_massed = lg_is_cav(ua.arm) && lg_is_foot(ub.arm) && ub.formation == LA_MASS &&
                        (yface == WG__FACE_LEFT || yface == WG__FACE_RIGHT);
    m.square_unbroken = lg_is_cav(ua.arm) && lg_is_square(ub.formation) && x->melee_turns > 0;
    int area_a = -1, area_b = -1;
    int pos_a = stand_of(g, a, &area_a);
    int pos_b = stand_of(g, b, &area_b);
    m.opp_position = pos_b;
    /* two units inside the same house: no house penalty, both without formation (LA-TERRAIN-32,
       LA-MELEERES-13) */
    int same_house = m.opp_position >= LA_OPP_VILLAGE && pos_a >= LA_OPP_VILLAGE && area_a == area_b;
    if (same_house) {
        m.opp_position = LA_OPP_OPEN;
        if (ua.cohesion < LA_WITHOUT_FORMATION)
            ua.cohesion = LA_WITHOUT_FORMATION;
    }
    /* spacing: a unit of cavalry or close-order infantry closer than two bases to a friendly one fights
       the second turn without formation, but infantry inside a construction (LA-UNIT-20) */
    if (x->melee_turns == 1 && !(lg_is_foot(ua.arm) && pos_a >= LA_OPP_VILLAGE) && close_order(&ua) &&
        crowded(g, a, &ua) && ua.cohesion < LA_WITHOUT_FORMATION)
        ua.cohesion = LA_WITHOUT_FORMATION;
    /* in a redoubt a unit counts as in line in combat (LA-TERRAIN-27) */
    int redoubt_a = pos_a == LA_OPP_REDOUBT && lg_is_redoubt_area(g, area_a);
    if (redoubt_a && lg_is_foot(ua.arm))
        ua.formation = LA_LINE;
    /* infantry supported by engineers in contact, attacking a construction or hard cover: +1 (T16,
       LA-UNIT-10); the opponent supported by engineers there: -1 (T19) */
    m.engineers_attacking = m.opp_position >= LA_OPP_HARD_COVER && lg_engineers_of(g, a) >= 0;
    m.opp_engineers = lg_engineers_defending(g, b) >= 0;
    m.opp_artillery_close = lg_is_art(ub.arm) && ub.formation == LA_IN_BATTERY;
    /* above the opponent on a slope: the ground under its front higher than under the opponent's
       (LA-TERRAIN-03) */
    m.above_on_slope = wg__map_table_level_at(g->map, ua.ref) > wg__map_table_level_at(g->map, ub.ref);
    /* a unit in a redoubt keeps the slope bonus while it is not pushed out (LA-TERRAIN-27); at a
       stream's edge the unit coming out of the stream fights below (LA-TERRAIN-14) */
    if (redoubt_a && !same_house)
        m.above_on_slope = 1;
    if (y->from_stream && !x->from_stream)
        m.above_on_slope = 1;
    if (x->from_stream)
        m.above_on_slope = 0;
    int sum = 0;
    int rc = la_melee_factors(&sum, ap, nap, err, g->tables, &m);
    if (rc != WG_OK)
        return rc;
    /* the figures fighting: those in contact, one more at the end for the wider front (LA-MELEE-02),
       all of them from the second turn (LA-MELEE-03) */
    int figs = la_unit_figures(&ua);
    /* against an unbroken square, or across cover neither has crossed, the turns after the first are
       fought with the fronts extended but only the figures in base contact count (LA-MELEE-04) */
    const lg_rdata *rd = LG_RD(g);
    uint32_t own = 0, fl = 0, cover = rd->hard_flag | rd->light_flag;
    lg_area_flags_at(g, lg_centre_of(g, a), &own);
    lg_area_flags_at(g, lg_centre_of(g, b), &fl);
    int sq_a = lg_is_square(ua.formation) && x->cohesion < LA_DISORDER;
    int sq_b = lg_is_square(ub.formation) && y->cohesion < LA_DISORDER;
    int contact_only = x->melee_turns > 0 && (sq_a || sq_b || ((own & cover) != 0) != ((fl & cover) != 0));
    if (x->melee_turns == 0 || contact_only) {
        /* the opponent's front counted in this unit's figures by the equivalence of the bases
           (LA-SCALE-11..15, LA-MELEE-18; G-08's computed reading of T2/T3) */
        int fa = ua.front, ta = eq_type(&ua), tb = eq_type(&ub);
        /* in or at the edge of a wood, a unit without formation facing skirmishers or foragers
           fights as if on their bases, its penalty kept (LA-TERRAIN-10) */
        if (lg_wood_of(g, a) >= 0 || lg_wood_of(g, b) >= 0) {
            if (ua.cohesion == LA_WITHOUT_FORMATION && (tb == LA_EQ_SKIRMISH || tb == LA_EQ_FORAGING) &&
                ta != LA_EQ_SKIRMISH && ta != LA_EQ_FORAGING)
                ta = lg_is_cav(ua.arm) ? LA_EQ_FORAGING : LA_EQ_SKIRMISH;
            if (ub.cohesion == LA_WITHOUT_FORMATION && (ta == LA_EQ_SKIRMISH || ta == LA_EQ_FORAGING) &&
                eq_type(&ub) != LA_EQ_SKIRMISH && eq_type(&ub) != LA_EQ_FORAGING)
                tb = lg_is_cav(ub.arm) ? LA_EQ_FORAGING : LA_EQ_SKIRMISH;
        }
        if (la_equivalence(fa, ta, tb) <= ub.front) {
            figs = fa; /* the smaller front: all of it in contact (LA-SCALE-12) */
        } else {
            /* the wider: the figures the opponent's front equals, and an overlap figure at each end
               where its strength allows, none against a square (LA-MELEE-02, LA-SCALE-12, -14) */
            figs = la_equivalence(ub.front, tb, ta);
            if (!lg_is_square(ub.formation) && !contact_only)
                figs += 2;
            if (figs > fa)
                figs = fa;
        }
        /* the first turn in a house: both units occupy its full width when they have the figures for
           it, else the general case (LA-TERRAIN-31) */
        int house = pos_b == LA_OPP_VILLAGE ? area_b : pos_a == LA_OPP_VILLAGE ? area_a : -1;
        int32_t bf = 0, bd = 0;
        if (house >= 0 && (ua.facing.x || ua.facing.y) &&
            la_base_size(&bf, &bd, g->tables, ua.arm, ua.formation, lg_scale_of(g)) == WG_OK && bf > 0) {
            const wg__map_area_t *ar = &g->map->areas[house];
            int64_t px = -(int64_t)ua.facing.y, py = ua.facing.x, lo = INT64_MAX, hi = INT64_MIN;
            for (size_t k = 0; k < ar->n; k++) {
                int64_t d = px * ar->pts[k].x + py * ar->pts[k].y;
                lo = d < lo ? d : lo;
                hi = d > hi ? d : hi;
            }
            int64_t width = (hi - lo) / lg_isqrt_len(px, py);
            int64_t hf = width / bf;
            if (hf >= 1 && la_unit_figures(&ua) >= hf)
                figs = (int)(hf > 29 ? 29 : hf);
        }
    }
    /* taken in the rear after its retreat or rout: half its figures, rounded down; the opponent all of
       its (LA-MELEERES-06, G-55) */
    if (pursued)
        figs = la_unit_figures(&ua) / 2;
    else if (pursuing)
        figs = la_unit_figures(&ua);
    /* a battery taken in the flank fights with all its gunners, 8 at most (LA-MELEERES-20) */
    if (lg_is_art(ua.arm) && ua.formation == LA_IN_BATTERY && (x->face == WG__FACE_LEFT || x->face == WG__FACE_RIGHT))
        figs = la_unit_figures(&ua) < 8 ? la_unit_figures(&ua) : 8;
    if (figs > 29)
        figs = 29;
    if (figs < 1 && !pursued)
        figs = 1;
    /* the elite rule over those figures: the first turn's in contact, the whole unit's after
       (LA-MELEE-10 .. -12) */
    int value = 0, dp = 0, charge = 0;
    characteristics(g, a, &ua, 1, x->melee_turns == 0 || contact_only ? figs : 0, &value, &dp, &charge);
    memset(ms, 0, sizeof *ms);
    ms->combat = value;
    /* a charge into an established melee gets no charge bonus (LA-CHARGE-05) */
    ms->charging = x->effective && x->melee_turns == 0 && !x->established;
    ms->charge = ms->charging ? charge : 0;
    ms->factors = sum;
    ms->figures = figs;
    ms->die_plus = dp;
    ms->charisma = contact_charisma(g, a, &ua); /* T29's row (LA-DICEMOD-01, -02) */
    /* taken in the rear without the time to turn: no reply on the first turn (LA-MELEE-17, G-55) */
    ms->silent = x->face == WG__FACE_REAR && x->melee_turns == 0 && !pursued && !rear_faced(ua.formation);
    return WG_OK;
}

int lg_push_test(lg_state *s, int unit, int occ, int mod, int from)
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
    if (a >= 0)
        s->u[a].followed = 0;
    if (b >= 0)
        s->u[b].followed = 0;
    if (a >= 0 && s->u[a].melee_with == b)
        s->u[a].melee_with = -1;
    if (b >= 0 && s->u[b].melee_with == a)
        s->u[b].melee_with = -1;
    return WG_OK;
}

/* Both dice rolled: the losses each side inflicts (T29, T28), figures removed, the loser falls back
   30/20 paces and tests at the end of the period (LA-MELEE-13, LA-MELEERES-01, LA-MORALE-03). */
int lg_fight(wg_game *g, int a, int b, int die_a, int die_b)
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
        LG_EV(g, LG_E_MELEE, "LA-MELEE-13", ~0u);
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
    lg_officers_hit(g, b, la, lg_figures(y), 1); /* LA-OFFLOSS-02 */
    lg_officers_hit(g, a, lb, lg_figures(x), 1);
    /* a defender supported by engineers: when its opponent's die is a 6 and knocks out two figures
       or more, one of them is an engineer (LA-UNIT-11) */
    int eng_a = die_b == 6 ? lg_engineers_defending(g, a) : -1, eng_b = die_a == 6 ? lg_engineers_defending(g, b) : -1;
    int pf = lg_per_figure(g);
    int la_eng = 0, lb_eng = 0;
    if (eng_b >= 0) {
        int rem = y->remainder;
        if (la_remove_figures(&rem, la, pf) >= 2)
            la_eng = pf;
    }
    if (eng_a >= 0) {
        int rem = x->remainder;
        if (la_remove_figures(&rem, lb, pf) >= 2)
            lb_eng = pf;
    }
    if ((rc = lg_take_melee_losses(g, b, la - la_eng, y->melee_turns == 0)) != WG_OK)
        return rc;
    if (la_eng && (rc = lg_take_losses(g, eng_b, la_eng, "LA-UNIT-11")) != WG_OK)
        return rc;
    if ((rc = lg_take_melee_losses(g, a, lb - lb_eng, x->melee_turns == 0)) != WG_OK)
        return rc;
    if (lb_eng && (rc = lg_take_losses(g, eng_a, lb_eng, "LA-UNIT-11")) != WG_OK)
        return rc;
    x->followed = y->followed = 0; /* the follow-up bonus counts for one turn */
    int lose = la_melee_loser(lb, la); /* 0: a suffered more */
    /* a fatigue point a melee turn (LA-MELEE-08), but for a square that wins its first turn against
       cavalry: it inflicts more losses than it suffers (LA-MELEE-09, G-25) */
    for (int k = 0; k < 2; k++) {
        lg_unit *z = k ? y : x;
        la_unit uz, uo;
        lg_unit_of(&uz, g, k ? b : a);
        lg_unit_of(&uo, g, k ? a : b);
        int won = lose == (k ? 0 : 1);
        if (z->melee_turns == 0 && lg_is_square(uz.formation) && lg_is_cav(uo.arm) && won)
            continue;
        if (z->fatigue < 9)
            z->fatigue++;
    }
    x->melee_turns++;
    y->melee_turns++;
    x->melee_disorg = y->melee_disorg = 1; /* LA-DISORG-08 */
    int loser = lose == 0 ? a : lose == 1 ? b : -1;
    int winner = lose == 0 ? b : lose == 1 ? a : -1;
    int fell = 0, stand = 0;
    const char *rule = "LA-MELEERES-01";
    if (loser >= 0) {
        lg_unit *l = &s->u[loser], *w = &s->u[winner];
        la_unit ul, uw;
        lg_unit_of(&ul, g, loser);
        lg_unit_of(&uw, g, winner);
        w->wins++;
        w->won_now = 1;
        w->lost_streak = 0;
        /* beaten by several enemies in one period: one loss more for the streak, and -2 for each
           enemy beyond the first (LA-MORALEFACT-24, -25) */
        if (l->beaten_by == 0)
            l->lost_streak++;
        if (l->beaten_by < 9)
            l->beaten_by++;
        l->wins = 0;
        /* the optional capture of flags: an infantry battalion's or a cavalry regiment's (LA-FLAGS-01) */
        if (LG_RD(g)->opt[LG_O_FLAGS] && (ul.arm == LA_INFANTRY || lg_is_cav(ul.arm)) && !l->flag_lost) {
            s->flag_w = (int8_t)winner;
            s->flag_l = (int8_t)loser;
        }
        int suffered = loser == a ? lb : la, inflicted = loser == a ? la : lb;
        if (lg_is_art(ul.arm) && ul.formation == LA_LIMBERED && !l->off) {
            /* beaten limbered artillery abandons its guns and routs; elite gunners stay in place with
               their losses increased by half (LA-MELEERES-21) */
            if (la_unit_status(&ul) <= LA_ELITE) {
                if ((rc = lg_take_losses(g, loser, (suffered + 1) / 2, "LA-MELEERES-21")) != WG_OK)
                    return rc;
            } else {
                lg_leave_guns(l);
                l->morale = LA_ROUT;
                l->cohesion = LA_DISORDER;
                l->has_routed = 1;
                l->fall_from = (int8_t)winner;
                end_melee(g, a, b);
                if ((rc = lg_ev_state(g, loser, "LA-MELEERES-21")) != WG_OK)
                    return rc;
            }
            LG_EV(g, LG_E_MELEEEND, "LA-MELEERES-21", ~0u);
            e_->a[0] = winner;
            e_->a[1] = loser;
            e_->a[2] = 0;
            return WG_OK;
        }
        /* special cases (LA-MELEERES-07, -08, -10, -11) */
        if (lg_is_cav(ul.arm) && lg_is_cav(uw.arm) && suffered * 2 >= inflicted * 3 && l->cohesion < LA_WITHOUT_FORMATION) {
            l->cohesion = LA_WITHOUT_FORMATION;
            rule = "LA-MELEERES-10";
        } else if (lg_is_foot(ul.arm) && (lg_is_square(ul.formation) || ul.formation == LA_MASS) && lg_is_cav(uw.arm) &&
                   suffered >= 2 * inflicted) {
            /* a massed unit breaks like a square: in disorder when it suffers twice what it inflicts
               on cavalry (LA-FORM-04, LA-FORM-17, G-59) */
            l->cohesion = LA_DISORDER;
            rule = ul.formation == LA_MASS ? "LA-FORM-04" : "LA-MELEERES-11";
        } else if (lg_is_foot(uw.arm) && lg_is_foot(ul.arm) && (lg_is_square(ul.formation) || ul.formation == LA_MASS) &&
                   uw.formation >= LA_MARCH && uw.formation <= LA_MASS) {
            /* a square or a column of mass beaten by a column: without formation, and it stands
               (LA-MELEERES-12) */
            if (l->cohesion < LA_WITHOUT_FORMATION)
                l->cohesion = LA_WITHOUT_FORMATION;
            rule = "LA-MELEERES-12";
            stand = 1;
        } else if (lg_is_cav(uw.arm) && lg_is_foot(ul.arm) && (ul.formation == LA_LINE || ul.formation == LA_SKIRMISH ||
                                                           (ul.formation >= LA_MARCH && ul.formation < LA_MASS))) {
            l->cohesion = LA_DISORDER;
            rule = "LA-MELEERES-08";
        } else if (lg_is_foot(uw.arm) && lg_is_foot(ul.arm) && ul.formation == LA_LINE && uw.formation >= LA_MARCH &&
                   uw.formation <= LA_MASS && suffered >= 2 * inflicted && l->cohesion < LA_WITHOUT_FORMATION) {
            l->cohesion = LA_WITHOUT_FORMATION;
            rule = "LA-MELEERES-07";
        }
        /* the loser falls back 30/20 paces, except squares and batteries; elite and guard, or a unit
           that cannot, stand without formation (LA-MELEERES-01, -09) */
        int status = la_unit_status(&ul);
        if (stand) {
            /* no fall back, no follow-up */
        } else if (!lg_is_square(ul.formation) && !lg_is_art(ul.arm) && status > LA_ELITE && !l->off) {
            la_unit to = ul;
            to.cohesion = l->cohesion; /* with the special result of the melee */
            wg_pt d = lg_along(-ul.facing.x, -ul.facing.y, lg_paces(g, 30, 20));
            to.ref.x += d.x;
            to.ref.y += d.y;
            wg_pt from = ul.ref;
            int house = -1, in_house = stand_of(g, loser, &house) >= LA_OPP_VILLAGE;
            int part = lg_slide(g, loser, &ul, &to, 0, 1, NULL);
            if (part > 0) {
                lg_set_pos(l, &to);
                fell = lg_paces(g, 30, 20) / WG_TABLE_UNIT;
                end_melee(g, a, b);
                if ((rc = lg_ev_moved(g, loser, LG_MV_FALLBACK, from, "LA-MELEERES-01")) != WG_OK)
                    return rc;
                /* the winner follows (LA-MELEERES-05): an Attack order must, Support, Cover and Defend
                   follow one that merely falls back (G-36), Hold does not; the combat goes on unless
                   the loser's test makes it leave (LA-MELEERES-02) */
                int ord = s->u[winner].order;
                if (ord != LA_ORD_HOLD && !lg_is_art(uw.arm) && lg_controlled(s, winner) && !w->off) {
                    la_unit uw2, wt;
                    lg_unit_of(&uw2, g, winner);
                    wt = uw2;
                    wt.ref.x += d.x;
                    wt.ref.y += d.y;
                    wg_pt wf = uw2.ref;
                    lg_slide(g, winner, &uw2, &wt, 0, 0, NULL);
                    lg_set_pos(w, &wt);
                    if ((rc = lg_ev_moved(g, winner, LG_MV_ADVANCE_ON, wf, "LA-MELEERES-05")) != WG_OK)
                        return rc;
                    /* withdrawn within the house: the follower is without formation, and both are
                       (LA-MELEERES-13) */
                    int now = -1;
                    if (in_house && stand_of(g, loser, &now) >= LA_OPP_VILLAGE && now == house) {
                        for (int k = 0; k < 2; k++) {
                            lg_unit *z = k ? l : w;
                            if (z->cohesion < LA_WITHOUT_FORMATION)
                                z->cohesion = LA_WITHOUT_FORMATION;
                            if ((rc = lg_ev_state(g, k ? loser : winner, "LA-MELEERES-13")) != WG_OK)
                                return rc;
                        }
                        rule = "LA-MELEERES-13";
                    }
                    if (lg_gap(g, winner, loser) <= WG_TABLE_UNIT && !l->off) {
                        l->melee_with = (int8_t)winner;
                        w->melee_with = (int8_t)loser;
                        l->joined = w->joined = l->established = w->established = 0; /* a melee of their own now */
                        w->followed = 1; /* +2 on the next turn (T15, note (3)) */
                    }
                }
            } else if (l->cohesion < LA_WITHOUT_FORMATION) {
                l->cohesion = LA_WITHOUT_FORMATION;
                rule = "LA-MELEERES-09";
            }
        } else if (status <= LA_ELITE && !lg_is_square(ul.formation) && !lg_is_art(ul.arm) && l->cohesion < LA_WITHOUT_FORMATION) {
            l->cohesion = LA_WITHOUT_FORMATION;
            rule = "LA-MELEERES-09";
        }
        if (!l->off)
            lg_push_test(s, loser, LG_OCC_MELEE, 0, winner);
    }
    {
        LG_EV(g, LG_E_MELEEEND, rule, ~0u);
        e_->a[0] = winner;
        e_->a[1] = loser;
        e_->a[2] = fell;
    }
    return loser >= 0 ? lg_officers_freed(g, winner, loser) : WG_OK;
}

/* ---------------------------------------------------------------- flags (optional) */

/* T32's value of a row, or 0 with *known 0 when the cell is a gap ("unit charging", G-40: host data). */
static int t32(const wg_game *g, int row, int *known, char *err)
{
    int v = 0;
    int rc = la_cell_int(&v, g->tables[LA_T32], row, 0);
    *known = rc == WG_OK;
    if (rc == WG_ETABLEGAP)
        return 0;
    if (rc != WG_OK) {
        wg__seterr(err, rc, "%s", wg_table_errmsg(g->tables[LA_T32]));
        return 0;
    }
    return v;
}

/* The modifiers of T32 (LA-FLAGS-03..05, G-40): +2 per other unit of the winner's side in contact with
   the loser; +1, +3, +5 for the first, second, third consecutive melee won; the opponent without
   formation +1 or in disorder +2, in rout +1 or in flight +2; +1 per block of 15 losses inflicted in
   the melee and -1 per block of 15 suffered (at most 3 each); -2 when the winner was charged; the
   charging row when the host supplies its value; the charisma footnote ignored. */
int lg_flag_mods(const wg_game *g, int w, int l, int *sum, int *rows, int *counts, char *err)
{
    const lg_state *s = LG_ST(g);
    const lg_unit *x = &s->u[w], *y = &s->u[l];
    int extra = 0;
    for (int j = 0; j < s->nunit; j++)
        if (j != w && j != l && lg_active(s, j) && lg_side(g, j) == lg_side(g, w) && lg_gap(g, j, l) <= WG_TABLE_UNIT)
            extra++;
    int inf = x->last_melee_inflicted / 15, suf = x->last_melee_loss / 15;
    if (inf > 3)
        inf = 3;
    if (suf > 3)
        suf = 3;
    int mult[12] = {0};
    mult[0] = extra;
    mult[x->wins >= 3 ? 3 : x->wins == 2 ? 2 : 1] = x->wins > 0;
    mult[4] = y->cohesion == LA_WITHOUT_FORMATION;
    mult[6] = y->cohesion == LA_DISORDER;
    mult[5] = y->morale == LA_ROUT;
    mult[7] = y->morale == LA_FLIGHT;
    mult[8] = inf;
    mult[9] = suf;
    mult[10] = x->charged_by >= 0 && x->melee_turns == 1;
    mult[11] = x->effective && x->melee_turns == 1;
    *sum = 0;
    *rows = 0;
    if (err)
        err[0] = '\0';
    for (int r = 0; r < 12; r++) {
        if (!mult[r])
            continue;
        int known = 0, v = t32(g, r, &known, err);
        if (err && err[0])
            return WG_EDATA;
        if (!known)
            continue;
        *sum += v * mult[r];
        *rows |= 1 << r;
    }
    *counts = extra | inf << 4 | suf << 8;
    return WG_OK;
}

int lg_flag_test(wg_game *g, int die)
{
    lg_state *s = LG_ST(g);
    int w = s->flag_w, l = s->flag_l;
    s->flag_w = s->flag_l = -1;
    if (w < 0 || l < 0)
        return WG_OK;
    int sum = 0, rows = 0, counts = 0;
    int rc = lg_flag_mods(g, w, l, &sum, &rows, &counts, g->err);
    if (rc != WG_OK)
        return rc;
    int total = die + sum, taken = total > 7; /* a d6 with the modifiers, above 7 (LA-FLAGS-02, G-40) */
    if (taken)
        s->u[l].flag_lost = 1; /* one morale point less for good (LA-FLAGS-06) */
    LG_EV(g, LG_E_FLAG, "LA-FLAGS-02", ~0u);
    e_->a[0] = w;
    e_->a[1] = l;
    e_->a[2] = die;
    e_->a[3] = sum;
    e_->a[4] = total;
    e_->a[5] = taken;
    e_->a[6] = rows;
    e_->a[7] = counts;
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
        la_officer of;
        lg_officer_of(&of, g, o);
        if (LG_ST(g)->o[o].off || of.side != lg_side(g, unit))
            continue;
        int v = 0, direct = 0;
        if (la_charisma(&v, &direct, &of, &u, g->tables, lg_scale_of(g)) == WG_OK && v > best)
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
        const lg_unit *y = &s->u[j];
        /* units that count (note (1), G-34): not retreating, routing or fleeing, not without formation or
           in disorder; an enemy in a melee counts, a friend only in the testing unit's own melee */
        if (y->morale == LA_RETREAT || y->morale == LA_ROUT || y->morale == LA_FLIGHT || y->cohesion >= LA_WITHOUT_FORMATION)
            continue;
        if (side_of_i_same && y->melee_with >= 0 && y->melee_with != s->u[i].melee_with)
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
    int area = lg_area_flags_at(g, lg_centre_of(g, unit), &fl);
    m.cover = lg_area_cover(g, area, fl); /* a reduced construction keeps its morale bonus below (note 7) */
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
        m.against_cavalry = lg_is_cav(f.arm);
        m.against_square = lg_is_cav(u.arm) && lg_is_square(f.formation);
    }
    /* facing several opponents in melee, cavalry among them: a square keeps its bonus against the
       cavalry, a unit not in square takes its penalty, whichever of them the test comes from (LA-FORM-11) */
    for (int j = 0; j < s->nunit && !m.against_cavalry; j++)
        if (j != unit && lg_active(s, j) && lg_side(g, j) != lg_side(g, unit) &&
            (x->melee_with == j || s->u[j].melee_with == unit) && lg_is_cav(lg_arm(g, j)))
            m.against_cavalry = 1;
    m.retreating = x->morale == LA_RETREAT;
    m.has_routed = x->has_routed;
    m.charging = occ == LG_OCC_CHARGE;
    int32_t r300 = lg_paces(g, 300, 200);
    m.friends = count_near(g, unit, r300, 1);
    m.enemies = count_near(g, unit, r300, 0);
    /* routs and flights in sight that passed within 300/200 paces during the period, enemy and
       friendly (T22, note (4)): none of 2 figures or fewer (cavalry, artillery) or 4 or fewer
       (infantry); a friendly one only of equal or higher status (LA-MORALEFACT-31) */
    for (int j = 0; j < s->nunit; j++) {
        const lg_unit *y = &s->u[j];
        if (j == unit || !lg_active(s, j) || (y->morale != LA_ROUT && y->morale != LA_FLIGHT))
            continue;
        la_unit r;
        lg_unit_of(&r, g, j);
        if (lg_figures(y) <= (lg_is_foot(r.arm) ? 4 : 2))
            continue;
        if (lg_side(g, j) == lg_side(g, unit) && la_unit_status(&r) > la_unit_status(&u))
            continue;
        /* the closest approach along its straight path since the start of the period */
        int32_t best = lg_gap(g, unit, j);
        wg_pt now = r.ref;
        for (int k = 0; k < 8 && best > r300; k++) {
            r.ref.x = (int32_t)(y->x0 + (int64_t)(now.x - y->x0) * k / 8);
            r.ref.y = (int32_t)(y->y0 + (int64_t)(now.y - y->y0) * k / 8);
            int32_t d = INT32_MAX;
            if (la_unit_gap(&d, &u, &r, g->tables, rd->battle.scale) == WG_OK && d < best)
                best = d;
        }
        if (best <= r300 && lg_sees(g, unit, j)) {
            if (lg_side(g, j) == lg_side(g, unit))
                m.friend_routs++;
            else
                m.enemy_routs++;
        }
    }
    /* an enemy fighting it on a flank or in the rear (T22) */
    int flank[2] = {0, 0};
    if (x->melee_with >= 0) {
        if (x->face == WG__FACE_REAR)
            m.enemy_rear = 1;
        else if (x->face == WG__FACE_LEFT || x->face == WG__FACE_RIGHT)
            flank[x->face == WG__FACE_RIGHT] = 1;
    }
    /* threats (note (5)): an enemy neither retreating, routing nor fleeing whose zone of action holds
       the unit's flank or rear (LA-MORALEFACT-32); each friendly battery that fired this period at a
       threatening enemy +1 (LA-MORALEFACT-20) */
    uint8_t threat[LG_MAX] = {0};
    for (int j = 0; j < s->nunit; j++) {
        const lg_unit *y = &s->u[j];
        if (!lg_active(s, j) || lg_side(g, j) == lg_side(g, unit) || y->morale == LA_RETREAT || y->morale == LA_ROUT ||
            y->morale == LA_FLIGHT)
            continue;
        la_unit e;
        lg_unit_of(&e, g, j);
        int32_t reach = zone_reach(g, j, &e);
        int yes = 0, face = WG__FACE_FRONT;
        if (reach <= 0 || la_threatens(&yes, &e, &u, reach, g->tables, rd->battle.scale) != WG_OK || !yes)
            continue;
        if (la_contact_face(&face, &e, &u, g->tables, rd->battle.scale) != WG_OK || face == WG__FACE_FRONT)
            continue;
        threat[j] = 1;
        if (face == WG__FACE_REAR)
            m.enemy_rear = 1;
        else
            flank[face == WG__FACE_RIGHT] = 1;
    }
    m.enemy_flanks = flank[0] + flank[1];
    for (int j = 0; j < s->nunit; j++) {
        const lg_unit *y = &s->u[j];
        if (lg_active(s, j) && lg_side(g, j) == lg_side(g, unit) && lg_is_art(rd->battle.unit[j].u.arm) &&
            y->fired_on >= 0 && threat[y->fired_on])
            m.batteries++;
    }
    if (occ == LG_OCC_MELEE && x->last_melee_loss > x->last_melee_inflicted)
        m.loss_difference = x->last_melee_loss - x->last_melee_inflicted; /* T24 */
    m.heavy_firers = x->heavy_fire; /* T25 */
    /* a general of its side killed, and no aide-de-camp replaces him (T23, LA-OFFICER-14) */
    for (int k = 0; k < s->noff; k++)
        if (s->o[k].off == 2 && LG_RD(g)->battle.officer[k].side == lg_side(g, unit) &&
            !LG_RD(g)->battle.officer[k].adc && !lg_general_replaced(g, k))
            m.general_killed = 1;
    /* beaten by several enemy units in this period's melees, none beaten by it (LA-MORALEFACT-25) */
    if (x->beaten_by > 1 && !x->won_now)
        m.extra_enemies = x->beaten_by - 1;
    m.won_melee = x->wins > 0;
    m.lost_streak = x->lost_streak;
    m.losses_this_turn = x->losses_turn;
    m.initial_figures = x->initial;
    m.hold_still = x->order == LA_ORD_HOLD && !x->moved && !x->changed;
    m.attack_charging = x->order == LA_ORD_ATTACK && occ == LG_OCC_CHARGE;
    int sum = 0;
    int rc = la_morale_factors(&sum, ap, nap, err, g->tables, &m);
    if (rc != WG_OK)
        return rc;
    /* the base morale: that of the base troops (the morale the most figures have, the lower one on a
       tie), +1 when troops of a superior morale number a quarter of them or more (LA-MORALE-17) */
    int figs[16] = {0}, vals[16] = {0}, nv = 0;
    for (int c = 0; c < u.ncomp; c++) {
        int k = 0;
        while (k < nv && vals[k] != u.comp[c].morale)
            k++;
        if (k == nv && nv < 16)
            vals[nv++] = u.comp[c].morale;
        if (k < 16)
            figs[k] += u.comp[c].figures;
    }
    int b = 0;
    for (int k = 1; k < nv; k++)
        if (figs[k] > figs[b] || (figs[k] == figs[b] && vals[k] < vals[b]))
            b = k;
    int superior = 0;
    for (int k = 0; k < nv; k++)
        if (vals[k] > vals[b])
            superior += figs[k];
    /* a unit that lost its flag has one morale point less (LA-FLAGS-06) */
    *base = vals[b] + (figs[b] > 0 && superior * 4 >= figs[b] ? 1 : 0) + sum + mod - x->flag_lost;
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
    int min = lg_is_cav(u.arm) ? 3 : 5;
    if (la_unit_figures(&u) < min)
        return WG_OK;
    int st = la_unit_status(&u);
    for (int j = 0; j < s->nunit; j++) {
        if (j == i || !lg_controlled(s, j) || lg_side(g, j) != lg_side(g, i))
            continue;
        la_unit f;
        lg_unit_of(&f, g, j);
        /* the routing unit of equal or higher status than the friend that sees it */
        if (st <= la_unit_status(&f) && lg_gap(g, i, j) <= lg_paces(g, 300, 200) && lg_sees(g, j, i))
            lg_push_test(s, j, LG_OCC_ROUT_SEEN, 0, i);
    }
    return WG_OK;
}

/* Whether the unit stands in a construction (a village or a redoubt). */
static int in_construction(const wg_game *g, int i)
{
    uint32_t fl = 0;
    int area = lg_area_flags_at(g, lg_centre_of(g, i), &fl);
    if (area < 0)
        return 0;
    int terr = -1;
    const char *tn = NULL;
    wg_map_terrain(&terr, g->map, area);
    wg_map_terrain_name(&tn, g->map, terr);
    return tn && (strcmp(tn, "village") == 0 || strcmp(tn, "redoubt") == 0);
}

int lg_refuses_surrender(int status, int res)
{
    return status == LA_GUARD || (status == LA_ELITE && res == LA_RETREAT);
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
            /* the whole next period, even when stopped by a test taken during this one (LA-ROUT-08) */
            x->forming = (int16_t)(s->period + 1);
            return lg_ev_state(g, i, "LA-ROUT-06");
        }
        if (res == LA_FLIGHT) {
            x->morale = LA_FLIGHT;
            return lg_ev_state(g, i, "LA-ROUT-07");
        }
        return WG_OK;
    }
    if (occ == LG_OCC_LEAVE) {
        if (x->morale != LA_RETREAT)
            return WG_OK;
        if (better_than_halt(res)) {
            /* it reorganises the following period at its exit point, then is fully operational */
            x->morale = LA_OBEY;
            x->retreat_periods = 0;
            x->forming = (int16_t)(s->period + 1);
            return lg_ev_state(g, i, "LA-PRISON-05");
        }
        if (x->melee_with >= 0)
            end_melee(g, i, x->melee_with);
        x->off = 1; /* it leaves for good */
        LG_EV(g, LG_E_LEFT, "LA-PRISON-05", ~0u);
        e_->a[0] = i;
        e_->a[1] = 1;
        return WG_OK;
    }
    if (occ == LG_OCC_VOLUNTARY && (x->morale == LA_HALT || x->morale == LA_RETREAT) && better_than_halt(res)) {
        x->morale = LA_OBEY; /* the officer's arrival restores it (LA-MORALE-06) */
        x->halted = 0;
        x->retreat_periods = 0;
        return lg_ev_state(g, i, "LA-MORALE-06");
    }
    if (occ == LG_OCC_UNFORESEEN && x->uf_period == s->period)
        x->uf_ok = (int8_t)better_than_halt(res); /* the action allowed for the period (LA-ORDERS-19) */
    if (occ == LG_OCC_RETREAT3 && x->morale == LA_RETREAT) {
        if (better_than_halt(res)) {
            x->morale = LA_OBEY;
            x->retreat_periods = 0;
            return lg_ev_state(g, i, "LA-MORALE-20");
        }
    }
    switch (res) {
    case LA_UNCONTROLLED:
        if (lg_is_art(LG_RD(g)->battle.unit[i].u.arm))
            return WG_OK;
        x->morale = LA_UNCONTROLLED;
        /* the rest of this period, or the following one for a test at the end of the period
           (LA-MORALERES-03) */
        x->ua_periods = LG_ST(g)->ret == LG_S_ORDERS ? 2 : 1;
        rule = "LA-MORALERES-03";
        break;
    case LA_OBEY:
        return WG_OK;
    case LA_HALT:
        if (x->morale == LA_OBEY || x->morale == LA_UNCONTROLLED) {
            x->morale = LA_HALT;
            x->halted = LG_ST(g)->ret == LG_S_ORDERS ? 2 : 1; /* this period, or the next (LA-MORALERES-07) */
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
        if (res == LA_ROUT && x->melee_with >= 0 && x->morale != LA_ROUT && x->front > 1)
            x->front = (int8_t)(x->front * 2 / 3); /* the rout's front: 2/3 of the melee's, rounded down (LA-ROUT-04) */
        x->morale = (int8_t)res;
        x->cohesion = LA_DISORDER;
        x->has_routed = 1;
        rule = res == LA_ROUT ? "LA-ROUT-02" : "LA-FLIGHT-01";
        if (lg_is_art(LG_RD(g)->battle.unit[i].u.arm) && x->guns == LG_G_CREW) {
            /* the gunners abandon their guns (LA-ROUT-09, LA-FLIGHT-05) */
            lg_leave_guns(x);
            rule = res == LA_ROUT ? "LA-ROUT-09" : "LA-FLIGHT-05";
        }
        break;
    default: return WG_OK;
    }
    x->fall_from = (int8_t)from;
    if ((rc = lg_ev_state(g, i, rule)) != WG_OK)
        return rc;
    if ((res == LA_RETREAT || res == LA_ROUT || res == LA_FLIGHT) && in_construction(g, i)) {
        /* in a construction a retreat, rout or flight surrenders (LA-PRISON-04), but the Guard refuses
           whatever the result and the Elite on a retreat (LA-PRISON-02) */
        la_unit u;
        lg_unit_of(&u, g, i);
        if (!lg_refuses_surrender(la_unit_status(&u), res)) {
            if (x->melee_with >= 0)
                end_melee(g, i, x->melee_with);
            x->off = 3;
            x->morale = LA_PRISONER;
            LG_EV(g, LG_E_LEFT, "LA-PRISON-04", ~0u);
            e_->a[0] = i;
            e_->a[1] = 3;
            return WG_OK;
        }
    }
    if (res == LA_RETREAT || res == LA_ROUT || res == LA_FLIGHT) {
        int o = x->melee_with;
        if (o >= 0) {
            end_melee(g, i, o);
            x->left_from = (int8_t)o; /* it may be taken in the rear next period (LA-MELEERES-06) */
            x->left_period = s->period;
        }
        /* a charge it had declared ends (LA-MORALE-14 for the charged, the charger's own test) */
        if (x->marker == LG_M_CHARGE)
            x->charge_target = -1;
        if (occ == LG_OCC_MELEE && res != LA_RETREAT && x->last_melee_loss > 0) {
            /* the melee losses once more (LA-MELEERES-03) */
            if ((rc = lg_take_losses(g, i, x->last_melee_loss, "LA-MELEERES-03")) != WG_OK)
                return rc;
        }
        if (res != LA_RETREAT)
            return rout_seen(g, i);
    }
    if (res == LA_HALT && occ == LG_OCC_CHARGE && x->marker == LG_M_CHARGE && x->charge_target >= 0) {
        /* a charger that halts does not charge */
        LG_EV(g, LG_E_ABANDON, "LA-MORALE-01", ~0u);
        e_->a[0] = i;
        e_->a[1] = x->charge_target;
        x->charge_target = -1;
    }
    return WG_OK;
}

/* Whether the pending test k is still to be taken. */
int lg_test_due(const wg_game *g, int k)
{
    const lg_state *s = LG_ST(g);
    const lg_test *t = &s->test[k];
    const lg_unit *x = &s->u[t->unit];
    if (!lg_active(s, t->unit) || x->morale == LA_FLIGHT)
        return 0; /* LA-FLIGHT-03 */
    int arm = LG_RD(g)->battle.unit[t->unit].u.arm;
    if (lg_is_art(arm) && t->occ != LG_OCC_CHARGED && t->occ != LG_OCC_MELEE && t->occ != LG_OCC_ROUT_SEEN)
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
    if (t->occ == LG_OCC_LEAVE && x->morale != LA_RETREAT)
        return 0;
    return 1;
}

int lg_finish_test(wg_game *g, int die, int charisma)
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
        LG_EV(g, LG_E_TEST, "LA-MORALE-16", ~0u);
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

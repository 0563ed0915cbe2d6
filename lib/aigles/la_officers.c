/* Les Aigles: officers in play (checklist LA-OFFICER, LA-REACT, LA-ORDERS): their moves, committed with
   the second half-period's and made last (240/185 paces, straight through everything but rivers,
   lakes and marshes), the unit each may stay with, capture on contact, and the order changes of
   phase 6 within the order-change zone and the command points, each accepted by a reaction test and
   applied from the next period. */
#include "aigles.h"

#include <stdio.h>
#include <string.h>

void lg_officer_of(la_officer *out, const wg_game *g, int k)
{
    const lg_off *o = &LG_ST(g)->o[k];
    *out = LG_RD(g)->battle.officer[k];
    out->at.x = o->x;
    out->at.y = o->y;
    out->facing.x = o->fx;
    out->facing.y = o->fy;
    if (o->replaces >= 0)
        out->adc = 0; /* an aide-de-camp who replaced a general commands as one (LA-OFFICER-14) */
}

int lg_general_replaced(const wg_game *g, int k)
{
    const lg_state *s = LG_ST(g);
    for (int a = 0; a < s->noff; a++)
        if (s->o[a].replaces == k && !s->o[a].off)
            return 1;
    return 0;
}

/* Whether aide-de-camp a may replace officer k now: k a general (not an aide-de-camp) wounded or killed,
   not replaced, subordinate to a's own general (LA-OFFICER-14). */
static int may_replace(const wg_game *g, int a, int k)
{
    const lg_state *s = LG_ST(g);
    const la_officer *oa = &LG_RD(g)->battle.officer[a], *ok = &LG_RD(g)->battle.officer[k];
    return oa->adc && s->o[a].replaces < 0 && !s->o[a].off && k != a && (s->o[k].off == 1 || s->o[k].off == 2) &&
           !ok->adc && ok->side == oa->side && ok->superior >= 0 && ok->superior == oa->superior &&
           !lg_general_replaced(g, k);
}

void lg_order_of(la_order *out, const wg_game *g, int i)
{
    const lg_unit *x = &LG_ST(g)->u[i];
    memset(out, 0, sizeof *out);
    out->kind = x->order;
    out->target = x->order_target;
    out->point.x = x->order_x;
    out->point.y = x->order_y;
    out->has_point = x->order == LA_ORD_ATTACK || x->order == LA_ORD_DEFEND || x->order == LA_ORD_DENY ||
                     x->order == LA_ORD_HARASS;
    out->radius = x->order_r;
}

static int active_officer(const lg_state *s, int k)
{
    return k >= 0 && k < s->noff && !s->o[k].off;
}

/* The officer's base and the unit's footprint within r (table units). */
static int officer_within(const wg_game *g, int k, int unit, int32_t r)
{
    la_officer of;
    la_unit u;
    wg_quad a, b;
    lg_officer_of(&of, g, k);
    lg_unit_of(&u, g, unit);
    int sc = LG_RD(g)->battle.scale;
    if (la_officer_base(&a, &of, g->tables, sc) != WG_OK || lg_unit_footprint(&b, g, &u) != WG_OK)
        return 0;
    return wg__poly_within(a.p, 4, b.p, 4, r);
}

int lg_officer_touches(const wg_game *g, int k, int unit) { return officer_within(g, k, unit, WG_TABLE_UNIT); }

/* ---------------------------------------------------------------- moves */

static int32_t officer_reach(const wg_game *g)
{
    return lg_paces(g, 240, 185); /* LA-OFFICER-10 */
}

int lg_officer_moves(const wg_game *g, int k, int *opts, int cap)
{
    const lg_state *s = LG_ST(g);
    int n = 0;
    if (!active_officer(s, k))
        return 0;
    int side = LG_RD(g)->battle.officer[k].side;
    if (n < cap)
        opts[n] = 0; /* stays (with his unit, if he has one) */
    n++;
    int with = s->o[k].attached;
    if (with >= 0 && lg_active(s, with) && s->u[with].forced)
        return n; /* he goes with a unit on forced march until it has re-formed (LA-OFFICER-15) */
    for (int u = 0; u < s->nunit; u++) {
        if (!lg_active(s, u) || lg_side(g, u) != side || u == s->o[k].attached)
            continue;
        if (officer_within(g, k, u, officer_reach(g))) {
            if (n < cap)
                opts[n] = 1 + u;
            n++;
            /* a unit a morale result holds (halted, retreating) may test as he arrives (LA-MORALE-06) */
            int m = s->u[u].morale;
            if (m == LA_HALT || m == LA_RETREAT) {
                if (n < cap)
                    opts[n] = LG_OFF_TEST | (1 + u);
                n++;
            }
        }
    }
    if (n < cap)
        opts[n] = LG_OFF_POINT;
    n++;
    return n;
}

/* The name of the line type or terrain of a map code. */
static const char *linetype(const wg_map *m, int code)
{
    const char *n = NULL;
    return wg_map_linetype_name(&n, m, code) == WG_OK && n ? n : "";
}

int lg_officer_move_ok(const wg_game *g, int k, int32_t x, int32_t y, char *why)
{
    const lg_state *s = LG_ST(g);
    const lg_rdata *rd = LG_RD(g);
    const lg_off *o = &s->o[k];
    if (x < 0 || y < 0 || x > rd->width || y > rd->depth)
        return wg__seterr(why, WG_EILLEGAL, "the point is off the table");
    if (o->attached >= 0 && lg_active(s, o->attached) && s->u[o->attached].forced)
        return wg__seterr(why, WG_EILLEGAL,
                          "%s made a forced march and has not re-formed: the officer stays with it (LA-OFFICER-15)",
                          lg_name(g, o->attached));
    wg_pt a = {o->x, o->y}, b = {x, y};
    int32_t r = officer_reach(g);
    int64_t d2 = wg__dist2(a, b);
    if (wg__w_cmp(wg__w_of(d2), wg__w_mul(r, r)) > 0)
        return wg__seterr(why, WG_EILLEGAL, "a move of %ld paces, more than an officer's %ld (LA-OFFICER-10)",
                          (long)(lg_isqrt_len(x - o->x, y - o->y) / WG_TABLE_UNIT), (long)(r / WG_TABLE_UNIT));
    /* straight through everything but rivers, lakes and marshes (LA-OFFICER-10) */
    const wg_map *m = g->map;
    for (int l = 0; l < m->nline; l++) {
        const char *t = linetype(m, m->lines[l].type);
        if (strcmp(t, "river") == 0 && wg__seg_polyline(a, b, m->lines[l].pts, m->lines[l].n))
            return wg__seterr(why, WG_EILLEGAL, "an officer does not cross the river %s (LA-OFFICER-10)",
                              m->lines[l].name ? m->lines[l].name : "");
    }
    for (int sp = 0; sp < m->nspace; sp++) {
        int terr = -1;
        const char *tn = NULL;
        if (wg_map_terrain(&terr, m, sp) != WG_OK || wg_map_terrain_name(&tn, m, terr) != WG_OK || !tn)
            continue;
        if ((strcmp(tn, "marsh") == 0 || strcmp(tn, "lake") == 0) &&
            wg__seg_poly_interior(a, b, m->areas[sp].pts, m->areas[sp].n))
            return wg__seterr(why, WG_EILLEGAL, "an officer does not go through a %s (LA-OFFICER-10)", tn);
    }
    return WG_OK;
}

/* The officer placed at the rear of his unit, facing as it does: in contact with it. */
static void place_with(wg_game *g, int k, int unit)
{
    lg_state *s = LG_ST(g);
    la_unit u;
    wg_quad q;
    lg_unit_of(&u, g, unit);
    lg_off *o = &s->o[k];
    if (lg_unit_footprint(&q, g, &u) != WG_OK)
        return;
    o->x = (int32_t)(((int64_t)q.p[2].x + q.p[3].x) / 2);
    o->y = (int32_t)(((int64_t)q.p[2].y + q.p[3].y) / 2);
    o->fx = u.facing.x;
    o->fy = u.facing.y;
}

/* An officer an enemy unit touches, on his own, is captured (LA-OFFICER-11). */
static int captures(wg_game *g)
{
    lg_state *s = LG_ST(g);
    for (int k = 0; k < s->noff; k++) {
        if (!active_officer(s, k) || s->o[k].attached >= 0)
            continue;
        int side = LG_RD(g)->battle.officer[k].side;
        for (int u = 0; u < s->nunit; u++) {
            if (!lg_active(s, u) || lg_side(g, u) == side || !officer_within(g, k, u, WG_TABLE_UNIT))
                continue;
            s->o[k].off = 3;
            s->o[k].attached = (int8_t)u; /* he goes with the unit holding him (LA-OFFICER-12) */
            int rc = lg_reveal(g, u, LG_DISC_NEAR, -1); /* the capture gives the unit away (LA-LOS-09) */
            if (rc != WG_OK)
                return rc;
            LG_EV(g, LG_E_CAPTURED, "LA-OFFICER-11", ~0u);
            e_->a[0] = k;
            e_->a[1] = u;
            break;
        }
    }
    return WG_OK;
}

int lg_officers_freed(wg_game *g, int winner, int loser)
{
    lg_state *s = LG_ST(g);
    for (int k = 0; k < s->noff; k++) {
        lg_off *o = &s->o[k];
        if (o->off != 3 || o->attached != loser || LG_RD(g)->battle.officer[k].side != lg_side(g, winner))
            continue;
        o->off = 0; /* operational again, with the unit that freed him (LA-OFFICER-12) */
        o->attached = (int8_t)winner;
        o->pend_kind = -1;
        place_with(g, k, winner);
        LG_EV(g, LG_E_FREED, "LA-OFFICER-12", ~0u);
        e_->a[0] = k;
        e_->a[1] = winner;
        e_->a[2] = loser;
    }
    return WG_OK;
}

int lg_officers_follow(wg_game *g)
{
    lg_state *s = LG_ST(g);
    for (int k = 0; k < s->noff; k++) {
        lg_off *o = &s->o[k];
        if (o->off == 3 && o->attached >= 0) { /* a prisoner goes with the unit holding him (LA-OFFICER-12) */
            if (lg_active(s, o->attached))
                place_with(g, k, o->attached);
            continue;
        }
        if (!active_officer(s, k) || o->attached < 0)
            continue;
        if (!lg_active(s, o->attached))
            o->attached = -1; /* his unit is gone: he stays where he is */
        else
            place_with(g, k, o->attached);
    }
    return captures(g);
}

int lg_officers_move(wg_game *g)
{
    lg_state *s = LG_ST(g);
    for (int k = 0; k < s->noff; k++) {
        lg_off *o = &s->o[k];
        int kind = o->pend_kind;
        o->pend_kind = -1;
        if (!active_officer(s, k) || kind <= 0)
            continue;
        int32_t fx = o->x, fy = o->y;
        if ((kind == 1 || kind == 3) && lg_active(s, o->pend_unit)) {
            int u = o->pend_unit;
            o->attached = (int8_t)u;
            place_with(g, k, o->attached);
            if (s->u[u].morale == LA_ROUT) /* joining a routing unit: a test to stop its rout (LA-OFFICER-16) */
                lg_push_test(s, u, LG_OCC_RALLY, 0, -1);
            else if (kind == 3 && (s->u[u].morale == LA_HALT || s->u[u].morale == LA_RETREAT))
                lg_push_test(s, u, LG_OCC_VOLUNTARY, 0, -1); /* the voluntary test (LA-MORALE-06) */
        } else if (kind == 2) {
            o->attached = -1;
            o->x = o->px;
            o->y = o->py;
        }
        LG_EV(g, LG_E_OFFMOVED, "LA-OFFICER-10", ~0u);
        e_->a[0] = k;
        e_->a[1] = o->attached;
        e_->a[2] = fx / WG_TABLE_UNIT;
        e_->a[3] = fy / WG_TABLE_UNIT;
        e_->a[4] = o->x / WG_TABLE_UNIT;
        e_->a[5] = o->y / WG_TABLE_UNIT;
    }
    return lg_officers_follow(g);
}

/* ---------------------------------------------------------------- orders (phase 6) */

/* The orders an arm may receive (LA-ORDERS-03..12). */
static int order_fits(const wg_game *g, int unit, const la_unit *u, int kind)
{
    if (lg_is_art(u->arm))
        return kind == LA_ORD_SUPPORT || kind == LA_ORD_DENY || kind == LA_ORD_NEUTRALISE; /* LA-ORDERS-11 */
    if (u->arm == LA_ENGINEERS)
        return kind == LA_ORD_ATTACK || kind == LA_ORD_SUPPORT || kind == LA_ORD_DEFEND; /* LA-ORDERS-12 */
    switch (kind) {
    case LA_ORD_ATTACK:
    case LA_ORD_SUPPORT:
    case LA_ORD_HOLD:
    case LA_ORD_COVER: return 1;
    case LA_ORD_DEFEND: return lg_is_foot(u->arm);
    case LA_ORD_HARASS: /* light infantry, light cavalry (LA-ORDERS-09) */
        return (lg_is_foot(u->arm) && u->formation == LA_SKIRMISH) ||
               (lg_is_cav(u->arm) && lg_type_of(g, unit, 0)->cavalry == LA_CAV_LIGHT);
    case LA_ORD_EXPLOIT: return lg_is_cav(u->arm); /* LA-ORDERS-10 */
    default: return 0;
    }
}

int lg_order_menu(const wg_game *g, int k, int *out, int cap)
{
    const lg_state *s = LG_ST(g);
    if (!active_officer(s, k))
        return 0;
    la_officer of;
    lg_officer_of(&of, g, k);
    int points = of.command > 0 ? of.command : 1; /* G-19: command 0 as 1 */
    if (s->o[k].points >= points)
        return 0; /* LA-OFFICER-05 */
    int n = 0;
    for (int j = 0; j < s->noff; j++) /* an aide-de-camp replaces a fallen general (LA-OFFICER-14) */
        if (may_replace(g, k, j)) {
            if (n < cap)
                out[n] = j | LG_REPLACE << 8;
            n++;
        }
    for (int u = 0; u < s->nunit; u++) {
        const lg_unit *x = &s->u[u];
        if (!lg_controlled(s, u) || lg_side(g, u) != of.side || x->melee_with >= 0 || x->next_order >= 0)
            continue; /* a unit in melee takes no new order (LA-OFFICER-09) */
        la_unit lu;
        lg_unit_of(&lu, g, u);
        int yes = 0;
        if (of.adc) /* an aide-de-camp commands by word of mouth, in contact (LA-ORDERS-14) */
            yes = officer_within(g, k, u, WG_TABLE_UNIT);
        else if (la_in_order_zone(&yes, &of, &lu, g->tables, LG_RD(g)->battle.scale) != WG_OK)
            yes = 0;
        if (!yes)
            continue; /* LA-OFFICER-07, -08 */
        for (int kind = 0; kind < LA_NORDERS; kind++)
            if (kind != x->order && order_fits(g, u, &lu, kind)) {
                if (n < cap)
                    out[n] = u | kind << 8;
                n++;
            }
        /* or, in contact with it, he spends the point explaining, to test later with +1 command a period
           (LA-REACT-04: the rulebook's example explains in contact) */
        if (officer_within(g, k, u, WG_TABLE_UNIT)) {
            if (n < cap)
                out[n] = u | LG_EXPLAIN << 8;
            n++;
        }
    }
    return n;
}

int lg_next_orderer(const wg_game *g, int from)
{
    const lg_state *s = LG_ST(g);
    int menu[8];
    for (int side = 0; side < 2; side++)
        for (int k = 0; k < s->noff; k++) {
            if (LG_RD(g)->battle.officer[k].side != side)
                continue;
            int idx = side * LG_MAX_OFF + k; /* the French officers first, then the other side's */
            if (idx >= from && lg_order_menu(g, k, menu, 8) > 0)
                return idx;
        }
    return -1;
}

/* ---------------------------------------------------------------- losses of officers */

void lg_officers_hit(wg_game *g, int i, int losses, int figures, int melee)
{
    lg_state *s = LG_ST(g);
    if (losses <= 0 || figures <= 0)
        return;
    for (int k = 0; k < s->noff; k++) {
        lg_off *o = &s->o[k];
        if (!active_officer(s, k) || (o->attached != i && !officer_within(g, k, i, WG_TABLE_UNIT)))
            continue;
        if (losses > o->hit_losses) {
            o->hit_losses = (int16_t)(losses > INT16_MAX ? INT16_MAX : losses);
            o->hit_figures = (int16_t)figures;
            o->hit_melee = (int8_t)melee;
        }
    }
}

int lg_next_fate(const wg_game *g)
{
    const lg_state *s = LG_ST(g);
    for (int k = 0; k < s->noff; k++)
        if (active_officer(s, k) && s->o[k].hit_losses > 0)
            return k;
    return -1;
}

/* The fate by T33's reading G-06 (LA-OFFLOSS-04..06): wounded when 12 F <= L d < 18 F, killed from
   18 F, for L losses over F figures; a wounded officer leaves the game and counts for nothing, a
   killed general's unit tests with his charisma against it (LA-MORALE-18). */
int lg_officer_fate(wg_game *g, int k, int die)
{
    lg_state *s = LG_ST(g);
    lg_off *o = &s->o[k];
    int fate = la_officer_fate(o->hit_losses, o->hit_figures, die);
    int unit = o->attached;
    {
        LG_EV(g, LG_E_OFFFATE, o->hit_melee ? "LA-OFFLOSS-02" : "LA-OFFLOSS-01", ~0u);
        e_->a[0] = k;
        e_->a[1] = fate;
        e_->a[2] = die;
        e_->a[3] = o->hit_losses;
        e_->a[4] = o->hit_figures;
        e_->a[5] = unit;
    }
    o->hit_losses = o->hit_figures = 0;
    if (fate == LA_OFFICER_UNHARMED)
        return WG_OK;
    o->off = (int8_t)(fate == LA_OFFICER_KILLED ? 2 : 1);
    o->attached = -1;
    if (fate == LA_OFFICER_KILLED && unit >= 0 && lg_controlled(s, unit)) {
        int ch = LG_RD(g)->battle.officer[k].charisma;
        lg_push_test(s, unit, LG_OCC_GENERAL, -ch, -1);
    }
    return WG_OK;
}

void lg_set_next_order(wg_game *g, int u, int kind)
{
    lg_state *s = LG_ST(g);
    lg_unit *x = &s->u[u];
    la_unit lu;
    lg_unit_of(&lu, g, u);
    x->next_order = (int8_t)kind;
    x->next_target = -1;
    x->next_x = x->x;
    x->next_y = x->y;
    x->next_r = 0;
    int32_t d = 0;
    int enemy = lg_nearest_enemy(g, u, &d), friend = -1;
    int32_t fd = INT32_MAX;
    for (int j = 0; j < s->nunit; j++)
        if (j != u && lg_active(s, j) && lg_side(g, j) == lg_side(g, u) && lg_gap(g, u, j) < fd) {
            fd = lg_gap(g, u, j);
            friend = j;
        }
    wg_pt c = enemy >= 0 ? lg_centre_of(g, enemy) : lu.ref;
    switch (kind) {
    case LA_ORD_ATTACK: /* toward the nearest enemy */
    case LA_ORD_HARASS:
        x->next_x = c.x;
        x->next_y = c.y;
        break;
    case LA_ORD_DEFEND: /* where it stands */
        x->next_r = lg_paces(g, 150, 100);
        break;
    case LA_ORD_DENY: /* the ground before the nearest enemy */
        x->next_x = c.x;
        x->next_y = c.y;
        x->next_r = lg_paces(g, 200, 135);
        break;
    case LA_ORD_NEUTRALISE: x->next_target = (int8_t)enemy; break;
    case LA_ORD_SUPPORT:
    case LA_ORD_COVER: x->next_target = (int8_t)friend; break;
    default: break;
    }
}

/* The alternative orders whose event came (LA-ORDERS-17): a unit that obeys takes it from this period;
   one a morale result holds waits until it obeys again (LA-ORDERS-18). */
static int alt_orders(wg_game *g)
{
    lg_state *s = LG_ST(g);
    for (int i = 0; i < s->nunit; i++) {
        const la_alt *a = &LG_RD(g)->battle.unit[i].alt;
        lg_unit *x = &s->u[i];
        if (a->trigger == LA_ALT_NONE || x->alt_done || !lg_active(s, i) || x->morale != LA_OBEY || x->next_order >= 0)
            continue;
        int due = 0;
        if (a->trigger == LA_ALT_AFTER)
            due = s->period > a->periods;
        else if (lg_active(s, a->unit)) {
            wg_pt c = lg_centre_of(g, a->unit);
            due = wg__w_cmp(wg__w_of(wg__dist2(c, a->place)), wg__w_mul(a->within, a->within)) <= 0;
        }
        if (!due)
            continue;
        lg_set_next_order(g, i, a->kind);
        x->alt_done = 1;
        LG_EV(g, LG_E_ALTORDER, "LA-ORDERS-17", ~0u);
        e_->a[0] = i;
        e_->a[1] = a->kind;
        e_->a[2] = a->trigger;
            e_->a[3] = a->trigger == LA_ALT_ARRIVES ? a->unit : a->periods;
    }
    return WG_OK;
}

int lg_orders_apply(wg_game *g)
{
    lg_state *s = LG_ST(g);
    int rc = alt_orders(g);
    if (rc != WG_OK)
        return rc;
    for (int k = 0; k < s->noff; k++)
        s->o[k].points = 0;
    for (int i = 0; i < s->nunit; i++) {
        lg_unit *x = &s->u[i];
        if (x->next_order < 0)
            continue;
        x->order = x->next_order;
        x->order_target = x->next_target;
        x->order_x = x->next_x;
        x->order_y = x->next_y;
        x->order_r = x->next_r;
        x->next_order = -1;
        if (!lg_active(s, i))
            continue;
        LG_EV(g, LG_E_ORDERNOW, "LA-ORDERS-16", ~0u);
        e_->a[0] = i;
        e_->a[1] = x->order;
    }
    return WG_OK;
}

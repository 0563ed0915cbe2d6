/* Les Aigles as a game: the helpers the period's files share (distances at the game's scale, facings,
   footprints, the units' speeds and ranges, events, losses taken with the carried remainder). */
#include "aigles.h"

#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- small helpers */

int lg_scale_of(const wg_game *g) { return LG_RD(g)->battle.scale; }

/* A pace pair of the rulebook at the game's scale, in table units (G-46: both are stored). */
int32_t lg_paces(const wg_game *g, int p25, int p15)
{
    return (int32_t)((lg_scale_of(g) == LA_SCALE_25 ? p25 : p15) * WG_TABLE_UNIT);
}

int64_t lg_isqrt_len(int64_t x, int64_t y)
{
    return (int64_t)wg__isqrt64((uint64_t)(x * x + y * y));
}

/* A vector along (fx, fy) of length strictly below len (table units). */
wg_pt lg_along(int32_t fx, int32_t fy, int32_t len)
{
    /* a short facing such as (0, 1) is scaled up first, so that the +1 keeping the length below
       len costs a negligible part of it */
    int64_t x = fx, y = fy;
    while ((x || y) && x > -(INT64_C(1) << 20) && x < (INT64_C(1) << 20) && y > -(INT64_C(1) << 20) &&
           y < (INT64_C(1) << 20)) {
        x *= 2;
        y *= 2;
    }
    int64_t l = lg_isqrt_len(x, y) + 1;
    wg_pt d = {(int32_t)(x * len / l), (int32_t)(y * len / l)};
    return d;
}

/* The facing turned by about 22.4 degrees (tan 380/924, inside the 22.5-degree arc): left is
   counter-clockwise seen from above. */
wg_pt lg_rotate(int32_t fx, int32_t fy, int left)
{
    wg_pt n = lg_along(fx, fy, 10000);
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

wg_pt lg_centre_of(const wg_game *g, int i)
{
    la_unit u;
    wg_quad q;
    lg_unit_of(&u, g, i);
    if (lg_unit_footprint(&q, g, &u) != WG_OK)
        return u.ref;
    wg_pt c = {(int32_t)(((int64_t)q.p[0].x + q.p[1].x + q.p[2].x + q.p[3].x) / 4),
               (int32_t)(((int64_t)q.p[0].y + q.p[1].y + q.p[2].y + q.p[3].y) / 4)};
    return c;
}

/* The unit turned to face f: a turn of more than 90 degrees is a half-turn about its middle, so the
   new front edge stands where its rear edge was (the figures stay where they were). */
void lg_face_to(const wg_game *g, la_unit *u, wg_pt f)
{
    int64_t dot = (int64_t)u->facing.x * f.x + (int64_t)u->facing.y * f.y;
    wg_quad q;
    if (dot < 0 && lg_unit_footprint(&q, g, u) == WG_OK) {
        u->ref.x = (int32_t)(((int64_t)q.p[2].x + q.p[3].x) / 2);
        u->ref.y = (int32_t)(((int64_t)q.p[2].y + q.p[3].y) / 2);
    }
    u->facing = f;
}

const la_type *lg_type_of(const wg_game *g, int i, int c)
{
    const lg_rdata *rd = LG_RD(g);
    const la_type *t = &rd->army.type[rd->battle.unit[i].type[c]];
    if (LG_ST(g)->u[i].dismounted && t->foot >= 0)
        return &rd->army.type[t->foot]; /* on foot: its foot version (LA-UNIT-21) */
    return t;
}

/* The unit's half-period distance (table units): half its speed; 0 when the army list lacks it. */
int32_t lg_half_move(const wg_game *g, const la_unit *u)
{
    la_move_env e = lg_env(g);
    int32_t per = 0;
    const char *label = NULL;
    if (la_speed(&per, &label, NULL, &e, u) != WG_OK)
        return 0;
    return per / 2;
}

/* The range of the unit's fire: its weapon's, or its calibre's longest (table units); 0 for none. */
int32_t lg_fire_range(const wg_game *g, int i, const la_unit *u)
{
    const lg_rdata *rd = LG_RD(g);
    int sc = lg_scale_of(g);
    int32_t best = 0;
    for (int c = 0; c < u->ncomp; c++) {
        if (u->comp[c].figures <= 0)
            continue;
        const la_type *t = lg_type_of(g, i, c);
        int32_t r = 0;
        if (lg_is_art(t->arm) && t->calibre >= 0)
            r = (int32_t)rd->army.calibre[t->calibre].max.v[sc] * WG_TABLE_UNIT;
        else if (t->weapon >= 0)
            r = (int32_t)rd->army.weapon[t->weapon].range.v[sc] * WG_TABLE_UNIT;
        if (r > best)
            best = r;
    }
    return best;
}

int lg_area_flags_at(const wg_game *g, wg_pt p, uint32_t *flags)
{
    int a = wg__map_table_area_at(g->map, p);
    *flags = 0;
    if (a >= 0)
        wg_map_flags(flags, g->map, a);
    return a;
}

/* The nearest active enemy of unit i (base to base), -1 for none. */
int lg_nearest_enemy(const wg_game *g, int i, int32_t *dist)
{
    const lg_state *s = LG_ST(g);
    int best = -1;
    int32_t bd = INT32_MAX;
    for (int j = 0; j < s->nunit; j++) {
        if (!lg_active(s, j) || lg_side(g, j) == lg_side(g, i) || lg_hidden_to(g, j, i))
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

int lg_ev_state(wg_game *g, int i, const char *rule)
{
    const lg_unit *x = &LG_ST(g)->u[i];
    LG_EV(g, LG_E_STATE, rule, ~0u);
    e_->a[0] = i;
    e_->a[1] = x->morale;
    e_->a[2] = x->cohesion;
    return WG_OK;
}

/* Removes figures for `losses` with the carried remainder (LA-LOSSES-06): from the company with the
   most figures, the centre one on a tie (LA-LOSSES-03). */
/* The company that loses the next figure: the one with the most figures, the centre one on a tie
   (LA-LOSSES-03), among those with `mask` (bit c: company c may lose one); -1 for none. */
static int largest_company(const lg_unit *x, int ncomp, uint32_t mask)
{
    int best = -1;
    for (int c = 0; c < ncomp; c++) {
        if (x->fig[c] <= 0 || !(mask & (1u << c)))
            continue;
        int dc = 2 * c - (ncomp - 1), db = best < 0 ? 0 : 2 * best - (ncomp - 1);
        dc = dc < 0 ? -dc : dc;
        db = db < 0 ? -db : db;
        if (best < 0 || x->fig[c] > x->fig[best] || (x->fig[c] == x->fig[best] && dc < db))
            best = c;
    }
    return best;
}

static int take_losses(wg_game *g, int i, int losses, const char *rule, int mode);

int lg_take_losses(wg_game *g, int i, int losses, const char *rule)
{
    return take_losses(g, i, losses, rule, 0);
}

int lg_take_melee_losses(wg_game *g, int i, int losses, int first_turn)
{
    return take_losses(g, i, losses, "LA-MELEE-13", first_turn ? 1 : 2);
}

/* mode 0: the largest company; 1: the front rank (the leading companies' first `front` figures),
   regulars first; 2: elite and regular figures in proportion (LA-MELEE-14). */
static int take_losses(wg_game *g, int i, int losses, const char *rule, int mode)
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
    const la_unit *bu = &LG_RD(g)->battle.unit[i].u;
    int ncomp = bu->ncomp;
    uint32_t elite = 0, all = ncomp >= 32 ? ~0u : (1u << ncomp) - 1;
    int nel = 0, nreg = 0;
    for (int c = 0; c < ncomp; c++) {
        if (bu->comp[c].elite) {
            elite |= 1u << c;
            nel += x->fig[c];
        } else {
            nreg += x->fig[c];
        }
    }
    /* in proportion: the elite's share of the figures removed, rounded to the nearest */
    int elite_share = nel + nreg > 0 ? (figs * nel * 2 + nel + nreg) / (2 * (nel + nreg)) : 0;
    int removed = 0;
    for (int k = 0; k < figs; k++) {
        int best = -1;
        if (mode == 1) {
            uint32_t front = 0;
            for (int c = 0, left = x->front; c < ncomp && left > 0; c++)
                if (x->fig[c] > 0) {
                    front |= 1u << c;
                    left -= x->fig[c];
                }
            best = largest_company(x, ncomp, front & ~elite);
            if (best < 0)
                best = largest_company(x, ncomp, front);
        } else if (mode == 2) {
            best = largest_company(x, ncomp, k < elite_share ? elite : all & ~elite);
        }
        if (best < 0)
            best = largest_company(x, ncomp, all);
        if (best < 0)
            break;
        x->fig[best]--;
        removed++;
    }
    int left = lg_figures(x);
    int8_t front0 = x->front;
    if (x->front > left)
        x->front = (int8_t)(left > 0 ? left : 1);
    {
        LG_EV(g, LG_E_REMOVED, rule, ~0u);
        e_->a[0] = i;
        e_->a[1] = removed;
        e_->a[2] = x->remainder;
        e_->a[3] = left;
    }
    if (left <= 0) {
        /* a battery whose gunners are all lost leaves its guns in place, out of action (LA-ARTFIRE-04) */
        int guns = lg_is_art(LG_RD(g)->battle.unit[i].u.arm) && x->guns == LG_G_CREW;
        x->off = guns ? LG_OFF_GUNS : 2;
        if (guns) {
            lg_leave_guns(x);
            x->gfront = front0; /* the guns keep the battery's front */
        }
        int o = x->melee_with;
        if (o >= 0) {
            s->u[o].melee_with = -1;
            x->melee_with = -1;
        }
        LG_EV(g, LG_E_LEFT, guns ? "LA-ARTFIRE-04" : "LA-LOSSES-06", ~0u);
        e_->a[0] = i;
        e_->a[1] = guns ? LG_OFF_GUNS : 2;
    }
    return WG_OK;
}

void lg_leave_guns(lg_unit *x)
{
    x->guns = LG_G_ABANDONED;
    x->gx = x->x;
    x->gy = x->y;
    x->gfx = x->fx;
    x->gfy = x->fy;
    x->gform = x->formation;
    x->gfront = x->front;
}

int lg_sections(const wg_game *g, int i)
{
    const lg_unit *x = &LG_ST(g)->u[i];
    const la_unit *u = &LG_RD(g)->battle.unit[i].u;
    if (!lg_is_art(u->arm) || x->guns == LG_G_SPIKED)
        return 0;
    int n = 0;
    for (int c = 0; c < u->ncomp; c++)
        n += u->comp[c].figures > 0;
    n -= (x->initial - lg_figures(x)) / 2; /* every 2 figures lost remove a section (LA-LOSSES-04) */
    return n > 0 ? n : 0;
}

void lg_guns_of(la_unit *out, const wg_game *g, int i)
{
    const lg_unit *x = &LG_ST(g)->u[i];
    *out = LG_RD(g)->battle.unit[i].u;
    out->formation = x->gform;
    out->front = x->gfront;
    /* every section of the battery stays with the guns */
    for (int c = 0; c < out->ncomp; c++)
        if (out->comp[c].figures <= 0)
            out->comp[c].figures = 1;
    out->ref.x = x->gx;
    out->ref.y = x->gy;
    out->facing.x = x->gfx;
    out->facing.y = x->gfy;
    out->removed = 0;
}

int lg_guns_gap(const wg_game *g, int battery, int j, int32_t *d)
{
    la_unit gu, uj;
    lg_guns_of(&gu, g, battery);
    lg_unit_of(&uj, g, j);
    return la_unit_gap(d, &gu, &uj, g->tables, LG_RD(g)->battle.scale);
}

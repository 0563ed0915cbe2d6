/* La Grande Armée: retreats after combat (r1, r2, rs) and Retreat Before Combat destinations. */
#include "lga_internal.h"

#include <string.h>

static int friendly_fort(const lga_run *r, int hex, int side)
{
    return r->b->terrain[hex] == LGA_T_FORTRESS && lga_ctl(r->s, hex) == side;
}

static int prussian_fort(const lga_run *r, int hex)
{
    return r->b->terrain[hex] == LGA_T_FORTRESS && (r->b->hflags[hex] & LGA_HF_PRUSSIA);
}

/* Hex-side and hex restrictions common to every retreat (LGA-RETREAT-05, LGA-RBC-06). */
static int may_enter(const lga_run *r, int ui, int from, int dir, int to)
{
    const lga_unit *u = &r->s->u[ui];
    uint8_t hs = r->b->side[from][dir];
    if (to < 0)
        return 0; /* LGA-GAP-32 */
    if (hs & LGA_HS_LAKE)
        return 0;
    if ((hs & LGA_HS_RIVER) && !(hs & LGA_HS_BRIDGE))
        return 0;
    if (r->b->terrain[to] == LGA_T_MOUNTAIN)
        return 0;
    if (r->b->terrain[to] == LGA_T_PASS && r->o->pass_is_mountain)
        return 0; /* LGA-GAP-21 */
    if (r->sc && r->sc->austria_closed && (r->b->hflags[to] & LGA_HF_AUSTRIA))
        return 0; /* LGA-GAP-33 */
    if (lga_hex_side_units(r->s, to, !u->side) > 0)
        return 0;
    if (u->nat == LGA_NAT_PR && prussian_fort(r, to) && r->sc && r->sc->prussian)
        return 0; /* LGA-PRUSSIAN-07, LGA-GAP-60 */
    return 1;
}

/* A hex holding another Friendly Combat unit (LGA-GAP-57). */
static int stacked_end(const lga_run *r, int ui, int hex)
{
    const lga_state *s = r->s;
    const lga_unit *u = &s->u[ui];
    if (!lga_is_combat(u) || !r->o->retreat_no_stack)
        return 0;
    if (friendly_fort(r, hex, u->side))
        return 0;
    for (int k = s->head[hex]; k >= 0; k = s->u[k].next)
        if (k != ui && s->u[k].side == u->side && lga_is_combat(&s->u[k]))
            return 1;
    return 0;
}

/* Friendly-controlled Fortress hexes (LGA-RETREAT-08). */
static int friendly_forts(const lga_run *r, int side, int16_t *out, int cap)
{
    int n = 0;
    for (int h = 0; h < r->b->nhex && n < cap; h++)
        if (r->b->terrain[h] == LGA_T_FORTRESS && lga_ctl(r->s, h) == side)
            out[n++] = (int16_t)h;
    return n;
}

static int nearest_fort_dist(const lga_run *r, int hex, const int16_t *forts, int nf)
{
    int best = -1;
    for (int i = 0; i < nf; i++) {
        int d = lga_board_distance(r->b, hex, forts[i]);
        if (best < 0 || d < best)
            best = d;
    }
    return best;
}

typedef struct cand {
    int hex, zoc, fort, dist;
} cand;

static void add_cand(cand *c, int *n, int hex, int zoc)
{
    for (int i = 0; i < *n; i++)
        if (c[i].hex == hex) {
            if (zoc < c[i].zoc)
                c[i].zoc = zoc;
            return;
        }
    if (*n >= 64)
        return;
    c[*n].hex = hex;
    c[*n].zoc = zoc;
    (*n)++;
}

/* LGA-RETREAT-07/08, LGA-GAP-56: filter by fewest Enemy-controlled hexes, then onto a Friendly Fortress,
   then toward the nearest one. */
static void filter(const lga_run *r, int side, cand *c, int n, lga_rlist *out)
{
    int minz = 1 << 30, anyfort = 0, mind = 1 << 30;
    int16_t forts[128];
    int nf = -1;
    out->n = 0;
    for (int i = 0; i < n; i++)
        if (c[i].zoc < minz)
            minz = c[i].zoc;
    for (int i = 0; i < n; i++) {
        if (c[i].zoc != minz)
            continue;
        c[i].fort = friendly_fort(r, c[i].hex, side);
        anyfort |= c[i].fort;
    }
    for (int i = 0; i < n; i++) {
        if (c[i].zoc != minz)
            continue;
        if (anyfort) {
            if (c[i].fort)
                out->hex[out->n++] = (int16_t)c[i].hex;
            continue;
        }
        if (nf < 0)
            nf = friendly_forts(r, side, forts, 128);
        c[i].dist = nearest_fort_dist(r, c[i].hex, forts, nf);
        if (c[i].dist >= 0 && c[i].dist < mind)
            mind = c[i].dist;
    }
    if (anyfort)
        return;
    for (int i = 0; i < n; i++)
        if (c[i].zoc == minz && (mind == 1 << 30 || c[i].dist == mind))
            out->hex[out->n++] = (int16_t)c[i].hex;
}

static int ctl(const lga_run *r, int hex, int side)
{
    return lga_zoc(r, hex, side, 1) != LGA_ZOC_NONE;
}

/* Prussian units may end a retreat early next to a Friendly Prussian Fortress (LGA-PRUSSIAN-07, LGA-GAP-60). */
static int next_to_prussian_fort(const lga_run *r, int ui, int hex)
{
    const lga_unit *u = &r->s->u[ui];
    if (u->nat != LGA_NAT_PR || !r->sc || !r->sc->prussian)
        return 0;
    for (int d = 0; d < 6; d++) {
        int n = r->b->nb[hex][d];
        if (n >= 0 && prussian_fort(r, n) && lga_ctl(r->s, n) == u->side)
            return 1;
    }
    return 0;
}

static void retreat_hexes(const lga_run *r, int ui, int kind, lga_rlist *out)
{
    const lga_unit *u = &r->s->u[ui];
    int start = u->hex, side = u->side;
    cand c[64];
    int n = 0;
    for (int d = 0; d < 6; d++) {
        int h1 = r->b->nb[start][d];
        if (!may_enter(r, ui, start, d, h1))
            continue;
        int z1 = ctl(r, h1, side);
        /* LGA-RETREAT-03: entering a Friendly Fortress ends the retreat */
        if (kind == 1 || friendly_fort(r, h1, side) || next_to_prussian_fort(r, ui, h1)) {
            if (!stacked_end(r, ui, h1))
                add_cand(c, &n, h1, z1);
            if (kind == 1 || friendly_fort(r, h1, side))
                continue;
        }
        for (int d2 = 0; d2 < 6; d2++) {
            int h2 = r->b->nb[h1][d2];
            if (h2 == start || !may_enter(r, ui, h1, d2, h2) || lga_board_distance(r->b, start, h2) != 2)
                continue; /* two hexes away from the battle hex */
            if (!stacked_end(r, ui, h2))
                add_cand(c, &n, h2, z1 + ctl(r, h2, side));
        }
    }
    filter(r, side, c, n, out);
}

/* rs and RBC: full Movement Allowance with movement costs (LGA-CRT-09, LGA-RETREAT-11, LGA-RBC-06). */
static void retreat_ma(const lga_run *r, int ui, int rbc, lga_rlist *out)
{
    const lga_unit *u = &r->s->u[ui];
    int start = u->hex, side = u->side, budget = u->ma;
    uint8_t best[LGA_MAX_HEX];
    uint8_t zc[LGA_MAX_HEX];
    int16_t list[LGA_MAX_LIST];
    int nl = 0;
    cand c[64];
    int nc = 0;
    memset(best, 0xff, (size_t)r->b->nhex);
    best[start] = 0;
    zc[start] = 0;
    list[nl++] = (int16_t)start;
    /* label-correcting search (small budgets): repeat passes until no cost improves */
    for (int changed = 1, pass = 0; changed && pass < 64; pass++) {
    changed = 0;
    for (int it = 0; it < nl; it++) {
        int h = list[it];
        int cst = best[h];
        if (h != start) {
            if (friendly_fort(r, h, side) && !rbc)
                continue; /* LGA-RETREAT-03 */
            if (rbc && lga_zoc(r, h, side, 1) != LGA_ZOC_NONE)
                continue; /* LGA-GAP-37: entering a controlled hex ends the RBC */
        }
        for (int d = 0; d < 6; d++) {
            int n = r->b->nb[h][d];
            if (n == start || !may_enter(r, ui, h, d, n))
                continue;
            if (rbc && lga_zoc(r, n, side, 1) == LGA_ZOC_TOTAL)
                continue; /* LGA-RBC-06 */
            int sc = lga_step_cost_retreat(r, ui, h, n, d);
            if (sc < 0)
                continue;
            if (cst + sc > budget || cst + sc >= best[n])
                continue;
            if (best[n] == 0xff && nl < LGA_MAX_LIST)
                list[nl++] = (int16_t)n;
            best[n] = (uint8_t)(cst + sc);
            zc[n] = (uint8_t)(zc[h] + ctl(r, n, side));
            changed = 1;
        }
    }
    }
    /* end hexes: complete paths (LGA-GAP-36) */
    for (int i = 1; i < nl; i++) {
        int h = list[i];
        if (best[h] == 0xff)
            continue;
        int complete = 0;
        if (friendly_fort(r, h, side) || (rbc && lga_zoc(r, h, side, 1) != LGA_ZOC_NONE))
            complete = 1;
        else {
            complete = 1;
            for (int d = 0; d < 6 && complete; d++) {
                int n = r->b->nb[h][d];
                if (n == start || !may_enter(r, ui, h, d, n))
                    continue;
                if (rbc && lga_zoc(r, n, side, 1) == LGA_ZOC_TOTAL)
                    continue;
                int sc = lga_step_cost_retreat(r, ui, h, n, d);
                if (sc >= 0 && best[h] + sc <= budget)
                    complete = 0;
            }
        }
        if (!complete)
            continue;
        if (!rbc) {
            /* LGA-CRT-09: end on an unoccupied hex or a Friendly Fortress */
            if (!friendly_fort(r, h, side) && r->s->head[h] >= 0)
                continue;
        }
        add_cand(c, &nc, h, zc[h]);
    }
    if (rbc) {
        out->n = 0;
        for (int i = 0; i < nc; i++)
            out->hex[out->n++] = (int16_t)c[i].hex;
        return;
    }
    filter(r, side, c, nc, out);
}

void lga_retreat_ends(const lga_run *r, int ui, int kind, lga_rlist *out)
{
    out->n = 0;
    if (r->s->u[ui].hex < 0)
        return;
    if (kind == 1 || kind == 2)
        retreat_hexes(r, ui, kind, out);
    else
        retreat_ma(r, ui, kind == 4, out);
}

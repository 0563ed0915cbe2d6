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

/* Hex-side and hex restrictions common to every retreat (LGA-RETREAT-05, LGA-RBC-06); rbc: a Retreat
   Before Combat, which the Prussian Fortress restriction of Retreat After Combat does not bind. */
static int may_enter(const lga_run *r, int ui, int from, int dir, int to, int rbc)
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
    if (!rbc && u->nat == LGA_NAT_PR && prussian_fort(r, to) && r->sc && r->sc->prussian)
        return 0; /* LGA-PRUSSIAN-07 (Retreat After Combat only), LGA-GAP-60 */
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
        if (!may_enter(r, ui, start, d, h1, 0))
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
            if (h2 == start || !may_enter(r, ui, h1, d2, h2, 0) || lga_board_distance(r->b, start, h2) != 2)
                continue; /* two hexes away from the battle hex */
            if (!stacked_end(r, ui, h2))
                add_cand(c, &n, h2, z1 + ctl(r, h2, side));
        }
    }
    filter(r, side, c, n, out);
}

/* rs and RBC: full Movement Allowance with movement costs (LGA-CRT-09, LGA-RETREAT-11, LGA-RBC-06), over
   every route the owner may take (LGA-RETREAT-01): a route never enters a hex already passed through,
   the battle hex included (LGA-RETREAT-05, Combat F), so the routes are the simple paths from the battle
   hex.  A route is complete (LGA-GAP-36) when it has entered a Friendly Fortress (rs, LGA-RETREAT-03) or a
   controlled hex (RBC, LGA-GAP-37), or when no hex it has not passed through can be entered with the MP
   left.  Every complete route's last hex is an end hex, with the fewest Enemy-controlled hexes over its
   complete routes (LGA-RETREAT-07).

   The search runs on a local copy of the hexes within MA of the battle hex: per hex its six step costs
   (255: closed), whether a route stops there and whether it may end there.  The depth-first walk over
   simple paths is exact; a branch is cut only when it cannot give any hex a lower count (every hex it
   can still reach already has its lower bound, the fewest controlled hexes over any walk). */
#define RMA_MAXMA 8  /* the largest Movement Allowance a unit can have (the unit data allow 0..8) */
#define RMA_MAXN 256 /* hexes within 8 of a hex: 217 */
typedef struct rma_graph {
    int n;
    int16_t hex[RMA_MAXN];
    int16_t nb[RMA_MAXN][6];
    uint8_t cost[RMA_MAXN][6];
    uint8_t stops[RMA_MAXN], endok[RMA_MAXN], ctl[RMA_MAXN];
    uint8_t lb[RMA_MAXN];   /* fewest controlled hexes over any walk (a lower bound) */
    uint8_t best[RMA_MAXN]; /* fewest over the complete routes found so far; 0xff none */
    uint64_t seen[(RMA_MAXN + 63) / 64];
    uint64_t imp[RMA_MAXMA + 2][(RMA_MAXN + 63) / 64];
    const uint64_t *r; /* NULL: no cut */
    int budget, zmax;
    int first;      /* stop at the first end found */
    int unresolved; /* hexes that may still improve */
} rma_graph;

/* R[i][m]: the local hexes reachable from i with m MP (any walk); I[z]: the hexes a route with z controlled
   hexes so far could still improve (z < best and lb < best) */
#define RMA_RWORDS 8192 /* 217 hexes x 9 MP levels x 4 words = 7812: the cut is always available */
#define RMA_W(g) (((g)->n + 63) >> 6)

static void rma_settle(rma_graph *g, int i, int z)
{
    /* best[i] drops to z: i leaves I[z'] for every z' >= z, and every I when z is its lower bound */
    int from = z == g->lb[i] ? 0 : z;
    for (int k = from; k <= g->zmax; k++)
        g->imp[k][i >> 6] &= ~((uint64_t)1 << (i & 63));
    if (g->best[i] > g->lb[i] && z == g->lb[i])
        g->unresolved--;
    g->best[i] = (uint8_t)z;
}

static int rma_useful(const rma_graph *g, int i, int m, int z)
{
    if (!g->r)
        return 1;
    const uint64_t *rr = g->r + ((size_t)i * (size_t)(g->budget + 1) + (size_t)m) * (size_t)RMA_W(g);
    const uint64_t *im = g->imp[z > g->zmax ? g->zmax : z];
    for (int w = 0; w < RMA_W(g); w++)
        if (rr[w] & im[w])
            return 1;
    return 0;
}

static void rma_walk(rma_graph *g, int i, int m, int z)
{
    if (g->unresolved == 0 || !rma_useful(g, i, m, z))
        return;
    int more = 0;
    if (!g->stops[i] || i == 0) {
        for (int d = 0; d < 6; d++) {
            int n = g->nb[i][d];
            if (n < 0 || g->cost[i][d] > m || (g->seen[n >> 6] >> (n & 63) & 1u))
                continue;
            more = 1;
            g->seen[n >> 6] |= (uint64_t)1 << (n & 63);
            rma_walk(g, n, m - g->cost[i][d], z + g->ctl[n]);
            g->seen[n >> 6] &= ~((uint64_t)1 << (n & 63));
        }
    }
    if (!more && i != 0 && g->endok[i] && z < g->best[i]) {
        rma_settle(g, i, z);
        if (g->first)
            g->unresolved = 0;
    }
}

static void retreat_ma(const lga_run *r, int ui, int rbc, int cut, int first, lga_rlist *out)
{
    const lga_unit *u = &r->s->u[ui];
    const lga_board *b = r->b;
    int start = u->hex, side = u->side, budget = u->ma;
    out->n = 0;
    if (budget <= 0)
        return;
    if (budget > RMA_MAXMA)
        budget = RMA_MAXMA;
    rma_graph g;
    int16_t local[LGA_MAX_HEX];
    /* the hexes within MA, in the order of a breadth-first walk (local index 0 is the battle hex) */
    memset(local, 0xff, sizeof local[0] * (size_t)b->nhex);
    g.n = 1;
    g.hex[0] = (int16_t)start;
    local[start] = 0;
    for (int i = 0; i < g.n; i++) {
        int h = g.hex[i];
        if (lga_board_distance(b, start, h) >= budget)
            continue;
        for (int d = 0; d < 6; d++) {
            int n = b->nb[h][d];
            if (n >= 0 && local[n] < 0 && g.n < RMA_MAXN) {
                local[n] = (int16_t)g.n;
                g.hex[g.n++] = (int16_t)n;
            }
        }
    }
    uint8_t zl[RMA_MAXN]; /* the Enemy ZOC on each hex (Combat Phase) */
    for (int i = 0; i < g.n; i++)
        zl[i] = (uint8_t)lga_zoc(r, g.hex[i], side, 1);
    for (int i = 0; i < g.n; i++) {
        int h = g.hex[i];
        g.ctl[i] = (uint8_t)(i && zl[i] != LGA_ZOC_NONE);
        g.stops[i] = (uint8_t)(i && (rbc ? zl[i] != LGA_ZOC_NONE /* LGA-GAP-37 */
                                         : friendly_fort(r, h, side))); /* LGA-RETREAT-03 */
        /* LGA-CRT-09: rs ends on an unoccupied hex or a Friendly Fortress */
        g.endok[i] = (uint8_t)(rbc || friendly_fort(r, h, side) || r->s->head[h] < 0);
        g.best[i] = 0xff;
        for (int d = 0; d < 6; d++) {
            int n = b->nb[h][d];
            g.nb[i][d] = -1;
            g.cost[i][d] = 0xff;
            if (n < 0 || local[n] <= 0 || !may_enter(r, ui, h, d, n, rbc))
                continue;
            if (rbc && zl[local[n]] == LGA_ZOC_TOTAL)
                continue; /* LGA-RBC-06 */
            int sc = lga_step_cost_retreat(r, ui, h, n, d);
            if (sc < 0 || sc > budget)
                continue;
            if (sc == 0)
                cut = 0; /* the reach sets are built level by level of at least 1 MP */
            g.nb[i][d] = local[n];
            g.cost[i][d] = (uint8_t)sc;
        }
    }
    /* lower bounds: fewest controlled hexes over any walk within the MA (Bellman-Ford on a small graph) */
    uint8_t dist[RMA_MAXN];
    for (int i = 0; i < g.n; i++)
        g.lb[i] = dist[i] = 0xff;
    g.lb[0] = 0;
    dist[0] = 0;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < g.n; i++) {
            if (dist[i] == 0xff || (i && g.stops[i]))
                continue;
            for (int d = 0; d < 6; d++) {
                int n = g.nb[i][d];
                if (n < 0 || dist[i] + g.cost[i][d] > budget)
                    continue;
                int nd = dist[i] + g.cost[i][d], nz = g.lb[i] + g.ctl[n];
                if (nd < dist[n] || nz < g.lb[n]) {
                    if (nd < dist[n])
                        dist[n] = (uint8_t)nd;
                    if (nz < g.lb[n])
                        g.lb[n] = (uint8_t)nz;
                    changed = 1;
                }
            }
        }
    }
    g.unresolved = 0;
    for (int i = 1; i < g.n; i++)
        g.unresolved += dist[i] != 0xff && g.endok[i];
    /* the cut's sets (when they fit on the stack) */
    uint64_t rbuf[RMA_RWORDS];
    int W = RMA_W(&g);
    g.budget = budget;
    g.first = first;
    g.zmax = budget + 1;
    g.r = NULL;
    memset(g.imp, 0, sizeof g.imp);
    for (int i = 1; i < g.n; i++)
        if (dist[i] != 0xff && g.endok[i])
            for (int z = 0; z <= g.zmax; z++)
                g.imp[z][i >> 6] |= (uint64_t)1 << (i & 63);
    if (cut && (size_t)g.n * (size_t)(budget + 1) * (size_t)W <= RMA_RWORDS) {
        for (int m = 0; m <= budget; m++)
            for (int i = 0; i < g.n; i++) {
                uint64_t *rr = rbuf + ((size_t)i * (size_t)(budget + 1) + (size_t)m) * (size_t)W;
                memset(rr, 0, sizeof *rr * (size_t)W);
                rr[i >> 6] |= (uint64_t)1 << (i & 63);
                if (i && g.stops[i])
                    continue;
                for (int d = 0; d < 6; d++) {
                    int n = g.nb[i][d];
                    if (n < 0 || g.cost[i][d] > m)
                        continue;
                    const uint64_t *rn = rbuf + ((size_t)n * (size_t)(budget + 1) + (size_t)(m - g.cost[i][d])) * (size_t)W;
                    for (int w = 0; w < W; w++)
                        rr[w] |= rn[w];
                }
            }
        g.r = rbuf;
    }
    memset(g.seen, 0, sizeof g.seen);
    g.seen[0] = 1;
    rma_walk(&g, 0, budget, 0);
    /* candidates in hex order */
    cand c[RMA_MAXN];
    int nc = 0;
    for (int h = 0; h < b->nhex; h++)
        if (local[h] > 0 && g.best[local[h]] != 0xff) {
            c[nc].hex = h;
            c[nc++].zoc = g.best[local[h]];
        }
    if (rbc) {
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
        retreat_ma(r, ui, kind == 4, 1, 0, out);
}

int lga_retreat_possible(const lga_run *r, int ui, int kind)
{
    lga_rlist l;
    l.n = 0;
    if (r->s->u[ui].hex < 0)
        return 0;
    if (kind == 1 || kind == 2)
        retreat_hexes(r, ui, kind, &l);
    else
        retreat_ma(r, ui, kind == 4, 1, 1, &l);
    return l.n > 0;
}

void lga_retreat_ends_uncut(const lga_run *r, int ui, int kind, lga_rlist *out)
{
    out->n = 0;
    if (r->s->u[ui].hex >= 0 && (kind == 3 || kind == 4))
        retreat_ma(r, ui, kind == 4, 0, 0, out);
}

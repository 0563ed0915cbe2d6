/* La Grande Armée: movement costs and reachability (Dijkstra over the hexes; A* for a chosen path). */
#include "lga_internal.h"

#include <string.h>

static int enemy_blocks(const lga_run *r, int u, int hex, int *ae_extra)
{
    const lga_state *s = r->s;
    const lga_unit *mu = &s->u[u];
    int any = 0, nonsup = 0, ae = 0;
    *ae_extra = 0;
    if (s->head[hex] < 0)
        return 0;
    for (int k = s->head[hex]; k >= 0; k = s->u[k].next) {
        const lga_unit *e = &s->u[k];
        if (e->side == mu->side)
            continue;
        if (e->flags & LGA_UF_AE) {
            if (lga_is_combat(e))
                ae = 1;
            continue;
        }
        any = 1;
        if (e->type != LGA_SUPPLY)
            nonsup = 1;
    }
    *ae_extra = ae;
    if (!any)
        return 0;
    /* LGA-AUTOELIM-05: Infantry or Cavalry move through a hex holding only Supply units */
    if (!nonsup && lga_is_combat(mu))
        return 0;
    return 1;
}

static int zoc_c(const lga_run *r, int hex, int side, uint8_t *zc)
{
    if (!zc)
        return lga_zoc(r, hex, side, 0);
    if (zc[hex] == 0xff)
        zc[hex] = (uint8_t)lga_zoc(r, hex, side, 0);
    return zc[hex];
}

static int step_cost(const lga_run *r, int ui, int start, int from, int to, int dir, int *stop, const char **why,
                     uint8_t *zc, int no_zoc);

int lga_step_cost(const lga_run *r, int ui, int from, int to, int dir, int *stop, const char **why)
{
    return step_cost(r, ui, r->s->u[ui].hex, from, to, dir, stop, why, NULL, 0);
}

int lga_step_cost_move(const lga_run *r, int ui, int start, int from, int to, int dir, int *stop)
{
    return step_cost(r, ui, start, from, to, dir, stop, NULL, NULL, 0);
}

/* Retreats pay terrain, hex-side, stacking and unstacking costs; their ZOC rules are their own (LGA-GAP-37,
   LGA-GAP-58, LGA-RETREAT-06). */
int lga_step_cost_retreat(const lga_run *r, int ui, int from, int to, int dir)
{
    int stop;
    return step_cost(r, ui, r->s->u[ui].hex, from, to, dir, &stop, NULL, NULL, 1);
}

/* The cost of the step from -> to of unit ui in a move that began on hex start (the ZOC rules read the
   start: LGA-ZOC-07/08). */
static int step_cost(const lga_run *r, int ui, int start, int from, int to, int dir, int *stop, const char **why,
                     uint8_t *zc, int no_zoc)
{
    const lga_board *b = r->b;
    const lga_state *s = r->s;
    const lga_unit *u = &s->u[ui];
    int cav = u->type == LGA_CAV;
    int cost, ae = 0;
    uint8_t hs = b->side[from][dir];
    const char *w = NULL;
    *stop = 0;
    if (to < 0) {
        w = "units may not leave the map (LGA-GAP-32)";
        goto forbid;
    }
    if (hs & LGA_HS_LAKE) {
        w = "a Lake hex-side cannot be crossed (LGA-GAP-22)";
        goto forbid;
    }
    if (r->sc && r->sc->austria_closed && (b->hflags[to] & LGA_HF_AUSTRIA)) {
        w = "Austria is neutral in 1806: no unit may enter it (LGA-S1806-01)";
        goto forbid;
    }
    if (enemy_blocks(r, ui, to, &ae)) {
        w = "units may never enter a hex containing Enemy units (LGA-MOVE-05)";
        goto forbid;
    }
    /* terrain (LGA-MOVE-06, LGA-TEC-01..07) */
    switch (b->terrain[to]) {
    case LGA_T_MOUNTAIN:
        if (cav) {
            w = "Cavalry may never enter Mountain hexes (LGA-MOVE-08)";
            goto forbid;
        }
        cost = 3; /* LGA-TEC-06, LGA-MOVE-09 */
        break;
    case LGA_T_PASS:
        if (b->terrain[from] == LGA_T_PASS || (b->hflags[from] & LGA_HF_PASS_ENTRY)) {
            cost = 1; /* LGA-MOVE-10 */
        } else {
            if (cav) {
                w = "Cavalry may enter a Mountain Pass only from a Pass-Entry hex (LGA-MOVE-12)";
                goto forbid;
            }
            cost = 3; /* LGA-MOVE-11 */
        }
        break;
    default: cost = 1; /* LGA-TEC-01/02/03, LGA-FORT-12 */
    }
    if (b->terrain[from] == LGA_T_PASS && b->terrain[to] != LGA_T_PASS && !(b->hflags[to] & LGA_HF_PASS_ENTRY)) {
        if (cav) {
            w = "Cavalry may leave a Mountain Pass only into a Pass-Entry hex (LGA-MOVE-12)";
            goto forbid;
        }
        cost += 2; /* LGA-MOVE-11, LGA-GAP-20 */
    }
    /* hex-side (LGA-TEC-04/05) */
    if ((hs & LGA_HS_RIVER) && !(hs & LGA_HS_BRIDGE))
        cost += 2;
    /* automatic elimination hex (LGA-AUTOELIM-04) */
    if (ae)
        cost += 1;
    /* stacking (LGA-STACK-01/02, LGA-STACK-06) */
    if (lga_is_combat(u)) {
        int n_to = 0, n_from = 0;
        for (int k = s->head[to]; k >= 0; k = s->u[k].next)
            if (k != ui && s->u[k].side == u->side && lga_is_combat(&s->u[k]) && !(s->u[k].flags & LGA_UF_AE))
                n_to++;
        for (int k = s->head[from]; k >= 0; k = s->u[k].next)
            if (k != ui && s->u[k].side == u->side && lga_is_combat(&s->u[k]) && !(s->u[k].flags & LGA_UF_AE))
                n_from++;
        if (n_to)
            cost += 1;
        if (n_from)
            cost += 1;
    }
    /* zones of control (LGA-ZOC-05..08) */
    if (!no_zoc) {
        int zt = zoc_c(r, to, u->side, zc);
        if (from == start) {
            int zs = zoc_c(r, start, u->side, zc);
            if (zs != LGA_ZOC_NONE) {
                if (!cav && zt != LGA_ZOC_NONE) {
                    w = "a unit starting in an Enemy ZOC may only move to an uncontrolled hex (LGA-ZOC-07)";
                    goto forbid;
                }
                if (cav && zt == LGA_ZOC_TOTAL) {
                    w = "cavalry starting in an Enemy ZOC may not move straight into a totally controlled hex "
                        "(LGA-ZOC-07)";
                    goto forbid;
                }
            }
        } else if (cav && zoc_c(r, from, u->side, zc) == LGA_ZOC_PARTIAL) {
            cost += 2; /* LGA-ZOC-08 */
        }
        if (zt == LGA_ZOC_TOTAL || (zt == LGA_ZOC_PARTIAL && !cav))
            *stop = 1; /* LGA-ZOC-05/06 */
    }
    if (why)
        *why = NULL;
    return cost;
forbid:
    if (why)
        *why = w;
    return -1;
}

/* The searches below ask the same questions of a hex many times (from each neighbour, as origin and as
   destination): what an enemy stack there does to the mover, whether a friendly combat unit other than the
   mover stands there, and its Enemy ZOC. The answers depend on the state only, which does not change during
   a search, so each is computed once per hex and search (info[]): on first use (hex_info_slow), or for the
   whole search window at once from the units on the map (search_window, the same values). */
enum { HI_KNOWN = 0x80, HI_BLOCK = 1, HI_AE = 2, HI_FRIEND = 4, HI_ZOC_SHIFT = 3 };

static unsigned hex_info_slow(const lga_run *r, int ui, int h, uint8_t *info)
{
    const lga_state *s = r->s;
    unsigned v = HI_KNOWN | (unsigned)lga_zoc(r, h, s->u[ui].side, 0) << HI_ZOC_SHIFT;
    if (s->head[h] >= 0) {
        int side = s->u[ui].side, ae = 0;
        if (enemy_blocks(r, ui, h, &ae))
            v |= HI_BLOCK;
        if (ae)
            v |= HI_AE;
        for (int k = s->head[h]; k >= 0; k = s->u[k].next)
            if (k != ui && s->u[k].side == side && lga_is_combat(&s->u[k]) && !(s->u[k].flags & LGA_UF_AE)) {
                v |= HI_FRIEND;
                break;
            }
    }
    info[h] = (uint8_t)v;
    return v;
}

static inline unsigned hex_info(const lga_run *r, int ui, int h, uint8_t *info)
{
    unsigned v = info[h];
    return v ? v : hex_info_slow(r, ui, h, info);
}

/* Search scratch on the C stack. The reachable set is a Dijkstra search with a bucket queue: every step
   costs 1 to 12 MP (LGA-MOVE-*, LGA-TEC-*, LGA-ZOC-08), so a cost level is complete before it is expanded,
   and a ring of 16 levels, each a bit set of hexes, holds the queue; within a level hexes are taken in
   increasing index.  prev[] is the search tree: the route of a chosen move follows it. */
#define REACH_QCAP (LGA_MAX_LIST * 6)
#define REACH_RING 16
#define REACH_WORDS ((LGA_MAX_HEX + 63) / 64)
typedef struct reach_scratch {
    uint8_t best[LGA_MAX_HEX];
    int16_t prev[LGA_MAX_HEX];
    uint8_t info[LGA_MAX_HEX];
    uint64_t lvl[REACH_RING][REACH_WORDS];
    int nheap;  /* entries queued and not yet taken */
    int lo, hi; /* the initialised window of best[] and info[] */
} reach_scratch;

static int lowest_bit(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(x);
#else
    int n = 0;
    while (!(x & 1u)) {
        x >>= 1;
        n++;
    }
    return n;
#endif
}

static void bpush(reach_scratch *w, int cost, int h)
{
    if (w->nheap >= REACH_QCAP)
        return;
    w->nheap++;
    w->lvl[cost & (REACH_RING - 1)][h >> 6] |= (uint64_t)1 << (h & 63);
}

/* bulk: every hex answer of the window at once (searches that visit most of it); otherwise per visited hex */
static void search_window(const lga_run *r, int ui, int start, int budget, reach_scratch *w, int bulk)
{
    const lga_board *b = r->b;
    /* every step costs at least 1 MP and changes the row by at most 1: only rows within `budget` of the
       start can be reached, so only they are initialised */
    int row = start / b->cols, r0 = row - budget, r1 = row + budget + 1;
    if (r0 < 0)
        r0 = 0;
    if (r1 > b->rows)
        r1 = b->rows;
    w->lo = r0 * b->cols;
    w->hi = r1 * b->cols;
    if (w->hi > b->nhex)
        w->hi = b->nhex;
    memset(w->best + w->lo, 0xff, (size_t)(w->hi - w->lo));
    if (!b->nbsym || !bulk) {
        memset(w->info + w->lo, 0, (size_t)(w->hi - w->lo)); /* hex_info_slow on first use */
        return;
    }
    /* every answer of hex_info_slow for the whole window at once, from the units on the map */
    const lga_state *s = r->s;
    int side = s->u[ui].side, mover_combat = lga_is_combat(&s->u[ui]);
    unsigned shift = side ? 0u : 4u;
    memset(w->info + w->lo, HI_KNOWN, (size_t)(w->hi - w->lo));
    for (int k = 0; k < s->nunits; k++) {
        const lga_unit *u = &s->u[k];
        int e = u->hex;
        if (e < 0)
            continue;
        if (e >= w->lo && e < w->hi) {
            /* enemy_blocks and the friendly combat unit of hex_info_slow */
            if (u->side != side) {
                if (u->flags & LGA_UF_AE)
                    w->info[e] |= lga_is_combat(u) ? HI_AE : 0;
                else if (u->type != LGA_SUPPLY || !mover_combat)
                    w->info[e] |= HI_BLOCK; /* LGA-MOVE-05; LGA-AUTOELIM-05: Supply units alone do not stop */
            } else if (k != ui && lga_is_combat(u) && !(u->flags & LGA_UF_AE)) {
                w->info[e] |= HI_FRIEND;
            }
        }
        if (u->side == side || e < w->lo - b->cols || e >= w->hi + b->cols)
            continue; /* a neighbour is at most one row away: units farther off exert no ZOC in the window */
        /* the Enemy ZOC (lga_zoc, LGA-ZOC-01..03, LGA-ZOC-09/10): from every hex holding enemy Infantry or
           Cavalry into each neighbour that can receive it */
        unsigned oc = ((unsigned)s->occ[e] >> shift) & (LGA_OC_INF | LGA_OC_CAV);
        if (!oc)
            continue;
        unsigned z = (oc & LGA_OC_CAV) ? LGA_ZOC_TOTAL : LGA_ZOC_PARTIAL;
        for (int d = 0; d < 6; d++) {
            int h = b->nb[e][d];
            if (h < w->lo || h >= w->hi || (b->zmask[h] & LGA_ZM_FORT) || !(b->zmask[h] & (1u << ((d + 3) % 6))))
                continue;
            if (z > ((w->info[h] >> HI_ZOC_SHIFT) & 3u))
                w->info[h] = (uint8_t)((w->info[h] & ~(3u << HI_ZOC_SHIFT)) | z << HI_ZOC_SHIFT);
        }
    }
}

/* The reachable set within budget, in order of discovery. */
static void dijkstra(const lga_run *r, int ui, int budget, reach_scratch *w, lga_reach *out)
{
    const lga_board *b = r->b;
    int start = r->s->u[ui].hex;
    /* a move traced step by step goes on from where it stands; the ZOC rules read where it began */
    int pstart = (r->s->cur == ui && r->s->mstart >= 0) ? r->s->mstart : start;
    int cav = r->s->u[ui].type == LGA_CAV, combat = lga_is_combat(&r->s->u[ui]);
    w->nheap = 0;
    w->lo = w->hi = 0;
    out->n = 0;
    if (start < 0 || budget <= 0)
        return;
    if (budget > 250)
        budget = 250;
    search_window(r, ui, start, budget, w, 1);
    /* the row above and the row below the window read as reached at cost 0: a neighbour there is never
       entered (it lies farther than the budget), so the relaxation needs no window test; a neighbour off
       the map has the fixed cost LGA_MC_NO, above any budget */
    if (w->lo > 0)
        memset(w->best + w->lo - b->cols, 0, (size_t)b->cols);
    if (w->hi < b->nhex)
        memset(w->best + w->hi, 0, (size_t)(w->hi + b->cols <= b->nhex ? b->cols : b->nhex - w->hi));
    int w0 = w->lo >> 6, w1 = (w->hi + 63) >> 6;
    for (int k = 0; k < REACH_RING; k++)
        memset(&w->lvl[k][w0], 0, (size_t)(w1 - w0) * sizeof w->lvl[k][0]);
    w->best[start] = 0;
    w->prev[start] = -1;
    bpush(w, 0, start);
    uint8_t *info = w->info;
    uint16_t amask = (r->sc && r->sc->austria_closed) ? LGA_HF_AUSTRIA : 0; /* LGA-S1806-01 */
    /* a hex reached with the whole budget spent leads nowhere (every step costs at least 1): the last
       level is not expanded */
    for (int c = 0; c < budget && w->nheap > 0; c++) {
        uint64_t *lv = w->lvl[c & (REACH_RING - 1)];
        for (int wi = w0; wi < w1; wi++) {
            uint64_t x = lv[wi];
            if (!x)
                continue;
            lv[wi] = 0; /* steps cost 1 to 12: nothing is queued at this level while it is expanded */
            while (x) {
                int h = wi * 64 + lowest_bit(x);
                x &= x - 1;
                w->nheap--;
                if (w->best[h] != c)
                    continue;
                /* the step cost of step_fast, with the origin's part computed once */
                unsigned fi = hex_info(r, ui, h, info);
                int fz = (int)(fi >> HI_ZOC_SHIFT) & 3;
                if ((h != start || start != pstart) && (fz == LGA_ZOC_TOTAL || (fz == LGA_ZOC_PARTIAL && !cav)))
                    continue; /* LGA-ZOC-05/06: a move stops there */
                int base = (combat && (fi & HI_FRIEND)) ? 1 : 0; /* LGA-STACK-01/02 */
                int zs = 0;
                if (h == start && start == pstart)
                    zs = fz != LGA_ZOC_NONE; /* LGA-ZOC-07 */
                else if (cav && fz == LGA_ZOC_PARTIAL)
                    base += 2; /* LGA-ZOC-08 */
                const struct lga_step *st = b->step[h];
                for (int d = 0; d < 6; d++) {
                    /* the fixed part first (LGA_MC_NO = 255 exceeds any budget, and off the map) */
                    int n = st[d].n, nc = c + st[d].cost[cav];
                    if (nc > budget)
                        continue; /* too far (off the map: LGA_MC_NO) */
                    /* a step costs at least 1: a hex already reached at c + 1 or less (the start: 0) is left */
                    int bn = w->best[n];
                    if (nc >= bn || (b->hflags[n] & amask))
                        continue; /* the rest of the cost only adds to the fixed part */
                    unsigned it = hex_info(r, ui, n, info);
                    if (it & HI_BLOCK)
                        continue; /* LGA-MOVE-05 */
                    int zt = (int)(it >> HI_ZOC_SHIFT) & 3;
                    if (zs && (cav ? zt == LGA_ZOC_TOTAL : zt != LGA_ZOC_NONE))
                        continue; /* LGA-ZOC-07 */
                    nc += base + ((it & HI_AE) ? 1 : 0) + ((combat && (it & HI_FRIEND)) ? 1 : 0);
                    if (nc > budget || nc >= bn)
                        continue;
                    if (bn == 0xff) {
                        if (out->n >= LGA_MAX_LIST)
                            continue;
                        out->hex[out->n++] = (int16_t)n;
                    }
                    w->best[n] = (uint8_t)nc;
                    w->prev[n] = (int16_t)h;
                    bpush(w, nc, n);
                }
            }
        }
    }
}

static int ends_ok(const lga_run *r, int ui, int h)
{
    /* may not end on a hex holding Enemy units; the hex of automatically eliminated Combat units may be
       entered and ended in (LGA-AUTOELIM-04: "entered or crossed ... for +1 MP on entry") */
    const lga_state *s = r->s;
    for (int k = s->head[h]; k >= 0; k = s->u[k].next)
        if (s->u[k].side != s->u[ui].side && s->u[k].type != LGA_SUPPLY && !(s->u[k].flags & LGA_UF_AE))
            return 0;
    return 1;
}

void lga_reach_compute_tree(const lga_run *r, int ui, int budget, lga_reach *out, lga_pathcache *pc)
{
    reach_scratch w;
    lga_reach tmp;
    dijkstra(r, ui, budget, &w, &tmp);
    out->n = 0;
    /* Dijkstra discovery order: deterministic for a given state */
    int n = 0, cav = r->s->u[ui].type == LGA_CAV;
    for (int i = 0; i < tmp.n; i++) {
        int h = tmp.hex[i];
        if (pc)
            pc->prev[h] = w.prev[h];
        if (!ends_ok(r, ui, h))
            continue;
        int z = (int)(w.info[h] >> HI_ZOC_SHIFT) & 3;
        out->hex[n] = (int16_t)h;
        out->cost[n] = w.best[h];
        out->stop[n] = (uint8_t)(z == LGA_ZOC_TOTAL || (z == LGA_ZOC_PARTIAL && !cav)); /* LGA-ZOC-05/06 */
        n++;
    }
    out->n = n;
    if (pc) {
        pc->valid = 1;
        pc->unit = ui;
        pc->start = r->s->u[ui].hex;
        pc->budget = budget;
    }
}

void lga_reach_compute(const lga_run *r, int ui, int budget, lga_reach *out)
{
    lga_reach_compute_tree(r, ui, budget, out, NULL);
}

/* The route from the tree: dest back to the start; -1 when dest was not reached. */
static int tree_path(const int16_t *prev, int start, int dest, int16_t *path, int cap)
{
    int len = 0;
    for (int h = dest; h != start; h = prev[h])
        if (h < 0 || ++len > cap)
            return -1;
    int i = len;
    for (int h = dest; h != start; h = prev[h])
        path[--i] = (int16_t)h;
    return len;
}

int lga_reach_path(const lga_run *r, int ui, int budget, int dest, int16_t *path, int cap)
{
    int start = r->s->u[ui].hex;
    if (dest < 0 || start < 0 || dest == start)
        return -1;
    /* the tree of the destination decision just enumerated, when it is that search */
    const lga_pathcache *pc = r->g ? (const lga_pathcache *)r->g->scratch : NULL;
    if (pc && pc->valid && pc->unit == ui && pc->start == start && pc->budget == budget)
        return tree_path(pc->prev, start, dest, path, cap);
    reach_scratch w;
    lga_reach tmp;
    dijkstra(r, ui, budget, &w, &tmp);
    if (dest < w.lo || dest >= w.hi || w.best[dest] == 0xff)
        return -1;
    return tree_path(w.prev, start, dest, path, cap);
}

const char *lga_why_cannot_enter(const lga_run *r, int ui, int from, int to)
{
    const char *why = NULL;
    int stop, d = lga_board_dir(r->b, from, to);
    if (d < 0)
        return "the hexes are not adjacent (LGA-MOVE-02)";
    if (lga_step_cost(r, ui, from, to, d, &stop, &why) < 0)
        return why;
    return NULL;
}

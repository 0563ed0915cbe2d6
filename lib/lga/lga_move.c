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

static int step_cost(const lga_run *r, int ui, int from, int to, int dir, int *stop, const char **why, uint8_t *zc,
                     int no_zoc);

int lga_step_cost(const lga_run *r, int ui, int from, int to, int dir, int *stop, const char **why)
{
    return step_cost(r, ui, from, to, dir, stop, why, NULL, 0);
}

/* Retreats pay terrain, hex-side, stacking and unstacking costs; their ZOC rules are their own (LGA-GAP-37,
   LGA-GAP-58, LGA-RETREAT-06). */
int lga_step_cost_retreat(const lga_run *r, int ui, int from, int to, int dir)
{
    int stop;
    return step_cost(r, ui, from, to, dir, &stop, NULL, NULL, 1);
}

static int step_cost(const lga_run *r, int ui, int from, int to, int dir, int *stop, const char **why, uint8_t *zc,
                     int no_zoc)
{
    const lga_board *b = r->b;
    const lga_state *s = r->s;
    const lga_unit *u = &s->u[ui];
    int start = u->hex;
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

/* Dijkstra over the hex grid with a binary heap on the C stack. */
typedef struct reach_scratch {
    uint8_t best[LGA_MAX_HEX];
    int16_t prev[LGA_MAX_HEX];
    uint8_t stop[LGA_MAX_HEX];
    uint8_t zc[LGA_MAX_HEX];
    int heap[LGA_MAX_LIST * 6];
    int nheap;
    int lo, hi; /* the initialised window of best[] and zc[] */
} reach_scratch;

static void hpush(reach_scratch *w, int v)
{
    if (w->nheap >= (int)(sizeof w->heap / sizeof w->heap[0]))
        return;
    int i = w->nheap++;
    while (i > 0) {
        int p = (i - 1) / 2;
        if (w->heap[p] <= v)
            break;
        w->heap[i] = w->heap[p];
        i = p;
    }
    w->heap[i] = v;
}

static int hpop(reach_scratch *w)
{
    int top = w->heap[0], v = w->heap[--w->nheap], i = 0;
    for (;;) {
        int c = 2 * i + 1;
        if (c >= w->nheap)
            break;
        if (c + 1 < w->nheap && w->heap[c + 1] < w->heap[c])
            c++;
        if (w->heap[c] >= v)
            break;
        w->heap[i] = w->heap[c];
        i = c;
    }
    if (w->nheap > 0)
        w->heap[i] = v;
    return top;
}

/* Dijkstra over the reachable set, or A* toward `dest` (hex distance is a consistent heuristic: every step
   costs at least 1 MP) when dest >= 0. */
static void dijkstra(const lga_run *r, int ui, int budget, reach_scratch *w, lga_reach *out, int dest)
{
    const lga_board *b = r->b;
    int start = r->s->u[ui].hex;
    w->nheap = 0;
    w->lo = w->hi = 0;
    if (out)
        out->n = 0;
    if (start < 0 || budget <= 0)
        return;
    if (budget > 250)
        budget = 250;
    /* every step costs at least 1 MP and changes the row by at most 1: only rows within `budget` of the
       start can be reached, so only they are initialised */
    {
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
        memset(w->zc + w->lo, 0xff, (size_t)(w->hi - w->lo));
    }
    w->best[start] = 0;
    w->prev[start] = -1;
    hpush(w, ((dest >= 0 ? lga_board_distance(b, start, dest) : 0) << 16) | start);
    while (w->nheap > 0) {
        int v = hpop(w);
        int f = v >> 16, h = v & 0xffff;
        int c = w->best[h];
        if (f != c + (dest >= 0 ? lga_board_distance(b, h, dest) : 0))
            continue;
        if (h == dest)
            return;
        if (h != start && w->stop[h])
            continue;
        for (int d = 0; d < 6; d++) {
            int n = b->nb[h][d], stop;
            if (n < w->lo || n >= w->hi || n == start)
                continue;
            if (w->best[n] != 0xff && w->best[n] <= c + 1)
                continue; /* every step costs at least 1 */
            int sc = step_cost(r, ui, h, n, d, &stop, NULL, w->zc, 0);
            if (sc < 0 || c + sc > budget)
                continue;
            if (c + sc < w->best[n]) {
                if (w->best[n] == 0xff && out) {
                    if (out->n >= LGA_MAX_LIST)
                        continue;
                    out->hex[out->n++] = (int16_t)n;
                }
                w->best[n] = (uint8_t)(c + sc);
                w->prev[n] = (int16_t)h;
                w->stop[n] = (uint8_t)stop;
                hpush(w, ((c + sc + (dest >= 0 ? lga_board_distance(b, n, dest) : 0)) << 16) | n);
            }
        }
    }
}

static int ends_ok(const lga_run *r, int ui, int h)
{
    /* may not end on a hex holding Enemy units (automatic elimination hexes are only passed) */
    const lga_state *s = r->s;
    for (int k = s->head[h]; k >= 0; k = s->u[k].next)
        if (s->u[k].side != s->u[ui].side && (s->u[k].type != LGA_SUPPLY || (s->u[k].flags & LGA_UF_AE)))
            return 0;
    return 1;
}

void lga_reach_compute(const lga_run *r, int ui, int budget, lga_reach *out)
{
    reach_scratch w;
    lga_reach tmp;
    dijkstra(r, ui, budget, &w, &tmp, -1);
    out->n = 0;
    /* Dijkstra discovery order: deterministic for a given state */
    int n = 0;
    for (int i = 0; i < tmp.n; i++) {
        int h = tmp.hex[i];
        if (!ends_ok(r, ui, h))
            continue;
        out->hex[n] = (int16_t)h;
        out->cost[n] = w.best[h];
        out->stop[n] = w.stop[h];
        n++;
    }
    out->n = n;
}

int lga_reach_path(const lga_run *r, int ui, int budget, int dest, int16_t *path, int cap)
{
    reach_scratch w;
    if (dest < 0)
        return -1;
    dijkstra(r, ui, budget, &w, NULL, dest);
    if (dest < w.lo || dest >= w.hi || w.best[dest] == 0xff)
        return -1;
    int len = 0;
    for (int h = dest; h != r->s->u[ui].hex; h = w.prev[h])
        len++;
    if (len > cap)
        return -1;
    int i = len;
    for (int h = dest; h != r->s->u[ui].hex; h = w.prev[h])
        path[--i] = (int16_t)h;
    return len;
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

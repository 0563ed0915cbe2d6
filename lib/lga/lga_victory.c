/* La Grande Armée: victory points (objectives, 1805 exits and Lines A/B) and the VP record. */
#include "lga_internal.h"

#include <string.h>

/* LGA-S1805-28, LGA-GAP-64: a French unit on or east of the line tracing to the west edge through hexes
   free of Allied units and Allied ZOC.  The answer is whether the set of hexes reachable from the French
   units on the line (crossing no Lake hex-side, entering no hex that holds an Allied unit or lies in an
   Allied ZOC) holds a west-edge hex; the blocked hexes are marked first from the Allied units when the
   board's adjacency is symmetric (the same hexes as lga_hex_side_units and lga_zoc). */
int lga_line_trace(const lga_run *r, int line_flag)
{
    const lga_board *b = r->b;
    const lga_state *s = r->s;
    uint8_t seen[LGA_MAX_HEX], blk[LGA_MAX_HEX];
    int16_t q[LGA_MAX_HEX];
    int nq = 0;
    memset(seen, 0, (size_t)b->nhex);
    if (b->nbsym) {
        memset(blk, 0, (size_t)b->nhex);
        for (int k = 0; k < s->nunits; k++) {
            int e = s->u[k].hex;
            if (e < 0 || s->u[k].side != LGA_ALLIED)
                continue;
            blk[e] = 1;
            if (!(s->occ[e] & (LGA_OC_INF | LGA_OC_CAV))) /* the Allied bits */
                continue;
            for (int d = 0; d < 6; d++) {
                int h = b->nb[e][d];
                if (h >= 0 && !(b->zmask[h] & LGA_ZM_FORT) && (b->zmask[h] & (1u << ((d + 3) % 6))))
                    blk[h] = 1; /* LGA-ZOC-01..03, LGA-ZOC-09/10 */
            }
        }
    }
    for (int k = 0; k < s->nunits; k++) {
        int h = s->u[k].hex;
        if (h >= 0 && s->u[k].side == LGA_FRENCH && (b->hflags[h] & line_flag) && !seen[h]) {
            seen[h] = 1;
            q[nq++] = (int16_t)h;
        }
    }
    for (int i = 0; i < nq; i++) {
        int h = q[i];
        if (b->hflags[h] & LGA_HF_EDGE_W)
            return 1;
        for (int d = 0; d < 6; d++) {
            int n = b->nb[h][d];
            if (n < 0 || seen[n])
                continue;
            if (b->side[h][d] & LGA_HS_LAKE)
                continue;
            seen[n] = 1;
            if (b->nbsym ? blk[n]
                         : (lga_hex_side_units(s, n, LGA_ALLIED) > 0 || lga_zoc(r, n, LGA_FRENCH, 0) != LGA_ZOC_NONE))
                continue;
            q[nq++] = (int16_t)n;
        }
    }
    return 0;
}

/* LGA-VP-01..03, LGA-FORT-10, LGA-FORT-14, LGA-GAP-63: VP as a function of the state plus permanent points. */
int lga_compute_vp(const lga_run *r)
{
    const lga_scen *sc = r->sc;
    int vp = r->s->vp_exit;
    if (!sc)
        return vp;
    for (int i = 0; i < sc->nobj; i++) {
        int h = sc->obj[i].hex;
        if (h < 0)
            continue;
        int owner = lga_ctl(r->s, h);
        int sieged = lga_besieged(r, h);
        if (owner == LGA_FRENCH && !sieged)
            vp += sc->obj[i].control_vp;
        else if (owner == LGA_ALLIED && sieged && sc->obj[i].siege_vp > 0)
            vp += sc->obj[i].siege_vp;
    }
    if (sc->line_vp_b && lga_line_trace(r, LGA_HF_LINE_B))
        vp += sc->line_vp_b;
    else if (sc->line_vp_a && lga_line_trace(r, LGA_HF_LINE_A))
        vp += sc->line_vp_a;
    return vp;
}


/* LGA-VP-06: the Victory Point Record shows a total with three markers: hundreds ("000" box), tens and units
   (27 -> 000, 20, 7).  Negative totals show the markers of the absolute value. */
void lga_vp_record(int vp, int *hundreds, int *tens, int *units)
{
    int a = vp < 0 ? -vp : vp;
    *hundreds = (a / 100) * 100;
    *tens = ((a / 10) % 10) * 10;
    *units = a % 10;
}

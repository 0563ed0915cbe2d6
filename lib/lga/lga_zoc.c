/* La Grande Armée: zones of control (LGA-ZOC-01..12). */
#include "lga_internal.h"

static unsigned side_occ(const lga_state *s, int hex, int side)
{
    return side ? (unsigned)s->occ[hex] >> 4 : (unsigned)s->occ[hex] & 15u;
}

/* LGA-ZOC-01..04, LGA-ZOC-09/10, LGA-ZOC-12 (the hex-side and Fortress tests are in b->zmask) */
int lga_zoc(const lga_run *r, int hex, int side, int combat_phase)
{
    const lga_board *b = r->b;
    unsigned m = b->zmask[hex];
    if (m & LGA_ZM_FORT)
        return LGA_ZOC_NONE; /* LGA-ZOC-10: never into a Fortress */
    if (combat_phase && (side_occ(r->s, hex, side) & LGA_OC_ANY))
        return LGA_ZOC_NONE; /* LGA-ZOC-04 */
    unsigned shift = side ? 0u : 4u; /* the enemies' bits */
    int z = LGA_ZOC_NONE;
    for (int d = 0; m; d++, m >>= 1) {
        if (!(m & 1u))
            continue;
        unsigned e = ((unsigned)r->s->occ[b->nb[hex][d]] >> shift) & (LGA_OC_INF | LGA_OC_CAV);
        if (e & LGA_OC_CAV)
            return LGA_ZOC_TOTAL; /* LGA-ZOC-02, LGA-ZOC-03 */
        if (e)
            z = LGA_ZOC_PARTIAL;
    }
    return z;
}

/* La Grande Armée: zones of control (LGA-ZOC-01..12). */
#include "lga_internal.h"

static unsigned side_occ(const lga_state *s, int hex, int side)
{
    return side ? (unsigned)s->occ[hex] >> 4 : (unsigned)s->occ[hex] & 15u;
}

/* LGA-ZOC-01..04, LGA-ZOC-09/10, LGA-ZOC-12 */
int lga_zoc(const lga_run *r, int hex, int side, int combat_phase)
{
    const lga_board *b = r->b;
    int z = LGA_ZOC_NONE;
    if (b->terrain[hex] == LGA_T_FORTRESS)
        return LGA_ZOC_NONE; /* LGA-ZOC-10: never into a Fortress */
    if (combat_phase && (side_occ(r->s, hex, side) & LGA_OC_ANY))
        return LGA_ZOC_NONE; /* LGA-ZOC-04 */
    unsigned shift = side ? 0u : 4u; /* the enemies' bits */
    for (int d = 0; d < 6; d++) {
        int n = b->nb[hex][d];
        if (n < 0)
            continue;
        unsigned e = ((unsigned)r->s->occ[n] >> shift) & (LGA_OC_INF | LGA_OC_CAV);
        if (!e)
            continue;
        uint8_t hs = b->side[hex][d];
        if ((hs & LGA_HS_LAKE) || ((hs & LGA_HS_RIVER) && !(hs & LGA_HS_BRIDGE)))
            continue; /* LGA-ZOC-09 (and lakes, LGA-GAP-22) */
        if (b->terrain[n] == LGA_T_FORTRESS)
            continue; /* LGA-ZOC-10: never out of a Fortress */
        if (e & LGA_OC_CAV)
            return LGA_ZOC_TOTAL; /* LGA-ZOC-02, LGA-ZOC-03 */
        z = LGA_ZOC_PARTIAL;
    }
    return z;
}

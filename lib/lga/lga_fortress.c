/* La Grande Armée: fortress and city control, sieges (LGA-FORT-08..13). */
#include "lga_internal.h"

/* LGA-FORT-08, LGA-GAP-61: every on-map adjacent hex Enemy-occupied, or Enemy-controlled with no Friendly unit. */
int lga_besieged(const lga_run *r, int hex)
{
    int owner = lga_ctl(r->s, hex);
    if (r->b->terrain[hex] != LGA_T_FORTRESS || owner < 0)
        return 0; /* LGA-FORT-13: cities are never besieged */
    int any = 0;
    for (int d = 0; d < 6; d++) {
        int n = r->b->nb[hex][d];
        if (n < 0)
            continue;
        any = 1;
        if (lga_hex_side_units(r->s, n, !owner) > 0)
            continue;
        if (lga_hex_side_units(r->s, n, owner) == 0 && lga_zoc(r, n, owner, 0) != LGA_ZOC_NONE)
            continue;
        return 0;
    }
    return any;
}

/* LGA-FORT-11, LGA-GAP-59, LGA-GAP-62: the last side to move a unit onto or through controls it.  A
   Fortress besieged by the entering side is captured by it (LGA-VP-03: "if the French at first besiege a
   hex, and then finally control (capture) it, the total must be adjusted upwards"): the siege denies
   control only to its holder, and the holder never changes a hex it already controls. */
void lga_control_enter(lga_run *r, int hex, int side)
{
    int t = r->b->terrain[hex];
    if (t != LGA_T_FORTRESS && t != LGA_T_CITY)
        return;
    if (lga_ctl(r->s, hex) == side)
        return;
    int captured = lga_besieged(r, hex);
    lga_ctl_set(r->s, hex, side);
    lga_emit(r, LGA_EV_CONTROL, captured ? "LGA-VP-03" : "LGA-FORT-11", hex, side, 0, 0);
}

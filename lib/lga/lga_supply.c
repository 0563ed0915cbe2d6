/* La Grande Armée: supply units, depots, stacking supply and fortress supply. */
#include "lga_internal.h"

/* LGA-SUPPLY-02, LGA-SUPPLY-13, LGA-SUPPLY-14, LGA-FMARCH-05 */
int lga_supply_in_range(const lga_run *r, int su, int hex)
{
    const lga_unit *s = &r->s->u[su];
    if (s->st != LGA_US_MAP || s->type != LGA_SUPPLY || s->dis || (s->flags & (LGA_UF_SUP_FM | LGA_UF_AE)))
        return 0;
    if (s->hex == hex)
        return 1;
    return lga_board_dir(r->b, s->hex, hex) >= 0;
}

/* LGA-SUPPLY-09: all six adjacent hexes Enemy-occupied or Enemy-controlled; Friendly units do not matter. */
int lga_depot_surrounded(const lga_run *r, int depot)
{
    const lga_unit *d = &r->s->u[depot];
    for (int k = 0; k < 6; k++) {
        int n = r->b->nb[d->hex][k];
        if (n < 0)
            return 0;
        if (lga_hex_side_units(r->s, n, !d->side) > 0)
            continue;
        if (lga_zoc(r, n, d->side, 0) != LGA_ZOC_NONE)
            continue;
        return 0;
    }
    return 1;
}

/* Printed Combat Strength of a side's Combat units on a hex (LGA-FORT-01, LGA-GAP-53). */
int lga_fort_strength(const lga_state *s, int hex, int side)
{
    int t = 0;
    for (int k = s->head[hex]; k >= 0; k = s->u[k].next)
        if (s->u[k].side == side && lga_is_combat(&s->u[k]))
            t += s->u[k].str;
    return t;
}

static int stacking_supplied(const lga_run *r, int hex, int side)
{
    const lga_state *s = r->s;
    for (int i = 0; i < s->nunits; i++) {
        const lga_unit *u = &s->u[i];
        if (u->side == side && u->type == LGA_SUPPLY && (u->flags & LGA_UF_SUP_USED) && u->st == LGA_US_MAP &&
            (u->hex == hex || lga_board_dir(r->b, u->hex, hex) >= 0))
            return 1;
    }
    return 0;
}

/* Stacking legality of a hex for `side` after supply allocation (LGA-STACK-03..07, LGA-FORT-01).
   Returns 1 when legal; otherwise *excess_kind = 1 (reduce to one Combat unit, LGA-GAP-29) or 2 (Fortress:
   reduce to 18 points). */
int lga_stack_legal(const lga_run *r, int hex, int side, int *excess_kind)
{
    int n = lga_count_combat(r->s, hex, side);
    *excess_kind = 0;
    if (n <= 1)
        return 1;
    if (stacking_supplied(r, hex, side))
        return 1;
    if (r->b->terrain[hex] == LGA_T_FORTRESS) {
        if (lga_fort_strength(r->s, hex, side) <= 18)
            return 1;
        *excess_kind = 2;
        return 0;
    }
    *excess_kind = 1;
    return 0;
}

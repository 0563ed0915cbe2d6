/* La Grande Armée: the pieces on the map for front ends (nothing is hidden in this game). */
#include "lga.h"
#include "lga_seq.h"

int wg__lga_piece(const wg_game *g, int viewer, size_t i, size_t *count, int *side, int *space, wg_sb *label)
{
    (void)viewer;
    const lga_state *s = lga_st(g);
    size_t k = 0;
    int found = 0;
    for (int u = 0; u < s->nunits; u++) {
        if (s->u[u].st != LGA_US_MAP || s->u[u].hex < 0)
            continue;
        if (k++ == i) {
            found = 1;
            *side = s->u[u].side;
            *space = s->u[u].hex;
            if (label)
                lga_unit_text(g, u, label);
        }
    }
    *count = k;
    return found ? WG_OK : WG_ERANGE;
}

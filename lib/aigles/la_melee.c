/* Les Aigles: melee resolution. */
#include "la_melee.h"

#include <stdio.h>

void la_elite_rule(int *die_plus, int *elite_chars, int nelite, int nother)
{
    *die_plus = 0;
    *elite_chars = 0;
    if (nelite <= 0)
        return;
    if (nother <= 0) {
        *elite_chars = 1; /* all elite: their characteristics, no +1 */
        return;
    }
    if (4 * nelite >= nother)
        *die_plus = 1;
}

int la_melee_losses(int *losses, char *err, wg_table *const *tabs, const la_melee_side *s, int die)
{
    if (die < 1 || die > 6 || s->charisma < -1 || s->charisma > 5)
        return WG_EINVAL;
    if (s->silent || s->figures <= 0) {
        *losses = 0;
        return WG_OK;
    }
    int d = die + (s->die_plus > 0 ? 1 : 0);
    if (d > 6)
        d = 6; /* G-41 */
    int row = s->charisma < 0 ? 0 : s->charisma;
    int random = 0;
    int rc = la_cell_int(&random, tabs[LA_T29], row, d - 1);
    if (rc != WG_OK) {
        if (err)
            snprintf(err, WG_ERRMSG_CAP, "%s", wg_table_errmsg(tabs[LA_T29]));
        return rc;
    }
    /* the loss table is read as for fire with the combat value in place of the fire value (G-15);
       the random factor of T29 takes the place of T30's die bonus */
    return la_loss_lookup(losses, err, tabs, s->combat + (s->charging ? s->charge : 0) + s->factors + random,
                          s->figures, 0);
}

int la_remove_figures(int *remainder, int losses, int per_figure)
{
    if (per_figure <= 0 || losses <= 0)
        return 0;
    int total = *remainder + losses;
    *remainder = total % per_figure;
    return total / per_figure;
}

int la_melee_loser(int losses_suffered0, int losses_suffered1)
{
    if (losses_suffered0 == losses_suffered1)
        return -1;
    return losses_suffered0 > losses_suffered1 ? 0 : 1;
}

/* Les Aigles: melee resolution (checklist LA-MELEE-01, -10, -13, LA-LOSSES-06, LA-DICEMOD-01, -02,
   G-03, G-15, G-30, G-41). */
#ifndef LA_MELEE_H
#define LA_MELEE_H

#include "la_odds.h"

/* The elite rule (LA-MELEE-10, LA-FIRE-16, G-41): among the fighting figures, all elite -> the elite
   characteristics and no +1; at least one elite per four others -> +1 on the die; else neither. */
void la_elite_rule(int *die_plus, int *elite_chars, int nelite, int nother);

typedef struct la_melee_side {
    int combat;    /* the combat value of the characteristics used */
    int charge;    /* the charge bonus */
    int charging;  /* an effective charge this turn (LA-CHARGE-10) */
    int factors;   /* the sum of the tactical factors (T15-T19) */
    int figures;   /* the figures fighting */
    int die_plus;  /* the elite +1 */
    int charisma;  /* of an officer in contact, -1 for none (row 0, LA-DICEMOD-02) */
    int silent;    /* it does not reply: taken in the rear without time to turn (LA-MELEE-17, G-55) */
} la_melee_side;

/* The losses one side inflicts for a die (the random factor of T29, the die raised by die_plus and
   capped at 6), read on the loss table (T28): WG_ETABLEGAP for a missing cell. */
int la_melee_losses(int *losses, char *err, wg_table *const *tabs, const la_melee_side *s, int die);

/* Figures removed for losses with the carried remainder (LA-LOSSES-06): *remainder is updated; the
   figures removed are returned.  per_figure is the ruleset's losses per figure (40, or 6, G-03). */
int la_remove_figures(int *remainder, int losses, int per_figure);

/* The loser of a melee: 0 or 1 for the side that suffered more losses, -1 for a tie (G-30). */
int la_melee_loser(int losses_suffered0, int losses_suffered1);

#endif

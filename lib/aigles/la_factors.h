/* Les Aigles: the tactical fire factors that apply to a fire (T12, T13, T14; checklist LA-FIREFACT,
   G-16, G-24, G-53), each read from its printed table and reported with its table and row. */
#ifndef LA_FACTORS_H
#define LA_FACTORS_H

#include "la_unit.h"

enum { LA_FIRE_LIGHT = 0, LA_FIRE_CANISTER = 1, LA_FIRE_ROUND_SHOT = 2 };
enum { LA_COVER_NONE = 0, LA_COVER_LIGHT = 1, LA_COVER_HARD = 2 };

typedef struct la_fire_situation {
    int kind;                 /* LA_FIRE_* */
    const la_unit *firer, *target;
    int cover;                /* the target entirely in cover (LA-FIRE-04) */
    int beyond_half_range;    /* at the end of the target's movement (G-53) */
    int target_charging;      /* cavalry charging the firer */
    int isolated;             /* an isolated figure (an aide-de-camp) */
    int32_t distance;         /* base to base, round shot */
    int32_t canister, rebound, max_range; /* the calibre's, round shot and canister */
    int max_ranks;            /* the calibre's, round shot */
} la_fire_situation;

typedef struct la_applied {
    int table, row, value;
} la_applied;

#define LA_MAX_APPLIED 16

/* The sum of the factors in *sum, each applied factor in applied[0..*n-1].  WG_EILLEGAL when the
   round shot is beyond the calibre's range. */
int la_fire_factors(int *sum, la_applied *applied, int *n, char *err, wg_table *const *tabs,
                    const la_fire_situation *s);

#endif

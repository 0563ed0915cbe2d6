/* Les Aigles: resolving fire and morale tests on the tables, and their exact distributions over the
   die (checklist G-14, G-15, LA-FIRE-19, LA-MORALE, LA-LOSSES, T27, T28, T30). */
#ifndef LA_ODDS_H
#define LA_ODDS_H

#include "la_unit.h"

/* Supplies the sample completions (data/aigles/sample-*.wgd: T4, T26, T27, T28, T29) to printed tables.
   NOT THE RULES: opt-in sample data. */
int la_tables_supply_sample(wg_table **tabs, char *err);

/* One fire (or melee) resolution (G-15): the loss table's row is value + factors + the die bonus of
   T30 (the die raised by die_plus, a die of 7 counting as 6, G-41), its column the figures firing;
   the result is halved, rounded up, when `half`. */
typedef struct la_fire {
    int value, factors, figures, die_plus, half;
} la_fire;

int la_fire_losses(int *losses, char *err, wg_table *const *tabs, const la_fire *f, int die);

/* The loss table's cell for a factor (a factor below -10 reads the -10 row) and a number of figures,
   halved (rounded up) when `half`:
   WG_ETABLEGAP for a missing row, column or cell, WG_EDATA for a cell that is no count of losses. */
int la_loss_lookup(int *losses, char *err, wg_table *const *tabs, int factor, int figures, int half);

/* The distribution over the six faces: up to 6 distinct loss values in increasing order with their
   number of faces; *n receives the count of values. */
int la_fire_dist(int *values, int *faces, int *n, char *err, wg_table *const *tabs, const la_fire *f);

/* A morale result (LA_OBEY, LA_HALT, LA_RETREAT, LA_ROUT, LA_FLIGHT, LA_UNCONTROLLED) for a status and a
   total (morale value + factors + die, the raw die by default, G-14), read from T27; the Guard's rout
   and flight become a retreat (G-18) when `guard_holds`. */
int la_morale_result(int *result, char *err, wg_table *const *tabs, int status, int total, int guard_holds);

/* The distribution over the six faces of morale + factors + d6: counts[result] for the six results. */
int la_morale_dist(int counts[LA_PRISONER], char *err, wg_table *const *tabs, int status, int base,
                   int guard_holds);

#endif

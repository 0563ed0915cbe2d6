/* Les Aigles: movements checked exactly (checklist LA-MOVE): advances with their oblique limits,
   backward moves, wheels about a pivot figure, half- and quarter-turns, forced marches.  A move is
   validated against the distance left to the unit in the half-period; a refusal says the distances
   and the rule. */
#ifndef LA_MOVE_H
#define LA_MOVE_H

#include "la_data.h"
#include "la_terrain.h"

enum { LA_MV_ADVANCE = 0, LA_MV_BACKWARD, LA_MV_WHEEL, LA_MV_HALF_TURN, LA_MV_QUARTER_TURN, LA_MV_FORCED };

/* The front of one section of guns: limbered artillery wider than it moves in line (LA-UNIT-17). */
#define LA_SECTION_FRONT 2

typedef struct la_move {
    int kind;
    wg_pt to;     /* ADVANCE, BACKWARD, FORCED: the new centre of the front edge (facing unchanged) */
    wg_pt facing; /* WHEEL: the new facing */
    int pivot;    /* WHEEL: the pivot figure of the front rank, 0 (left end) .. front - 1 */
    int left;     /* QUARTER_TURN: 1 to the left, 0 to the right */
} la_move;

typedef struct la_move_env {
    const la_army *army;
    wg_table *const *tabs;
    int scale;
    const wg_map *map; /* the table, or NULL for open ground (la_terrain.c) */
    la_terrain_env terrain; /* the battle's terrain rules and the demolished lines (la_path_cost) */
} la_move_env;

/* The unit's movement per period in table units, and the name of the speed ("line speed", "march
   speed", ...): the line speed as soon as the front is more than 6 figures of infantry or 4 of cavalry,
   except the Guard in column of division and irregulars (LA-MOVE-03, LA-MOVE-25); limbered artillery
   with more than one section abreast (a front wider than its largest company) 20/15 paces less
   (LA-ARTMOVE-08).  WG_EDATA when the
   army list does not give it (the message names the record). */
int la_speed(int32_t *per_period, const char **label, char *err, const la_move_env *e, const la_unit *u);

/* Checks a move against `budget`, the distance (table units) the unit has left in the half-period.
   On success writes the unit after the move to `after`, the distance it used to `cost` and the
   half-periods it takes beyond its distance to `halves` (the turns).  WG_EILLEGAL with the distances
   and the rule in `why` (WG_ERRMSG_CAP bytes), WG_EDATA for a missing army-list record. */
int la_move_check(la_unit *after, int32_t *cost, int *halves, char *why, const la_move_env *e, const la_unit *u,
                  const la_move *m, int32_t budget);

/* A charge's movement per period: the unit's speed plus its arm's charge bonus (LA-CHARGE-10, G-05);
   cavalry charging in foraging order gets no movement bonus (LA-CHARGE-13).  And a dodge's movement
   per half-period: the column (march) speed plus the charge bonus, halved (LA-DODGE-01, G-50).
   WG_EDATA naming the army-list record that is missing. */
int la_charge_reach(int32_t *per_period, char *err, const la_move_env *e, const la_unit *u);
int la_dodge_speed(int32_t *per_half, char *err, const la_move_env *e, const la_unit *u);

#endif

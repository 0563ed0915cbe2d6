/* Les Aigles: what the table's terrain does to a straight move (checklist LA-TERRAIN-02, -05, -06,
   -13, -16, -18, -19, -23, -25, -34, -35).  The map names its terrain and line types with the
   ruleset's vocabulary (doc/aigles.md): areas wood, village, redoubt, marsh, rocky, field, hill;
   lines stream, river, road, hedge, wall.  A road crossing a stream or a river is a bridge. */
#ifndef LA_TERRAIN_H
#define LA_TERRAIN_H

#include "la_unit.h"

typedef struct la_path {
    int32_t cost;  /* the distance the move uses, in table units, penalties included */
    int cohesion;  /* the unit's cohesion after it (at least its cohesion before) */
} la_path;

/* The cost of moving the unit's reference point straight from a to b (length `len`, already
   multiplied by the move's own factor, e.g. 2 for half speed) over the map; `allowance` is its
   movement per period (a wall costs half of it).  WG_EILLEGAL with the feature and the rule in `why`
   for impassable terrain. */
int la_path_cost(la_path *out, char *why, const wg_map *map, const la_unit *u, wg_pt a, wg_pt b, int32_t len,
                 int32_t allowance, int scale);

#endif

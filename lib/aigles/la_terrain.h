/* Les Aigles: what the table's terrain does to a straight move (checklist LA-TERRAIN-02, -05, -06,
   -13, -16, -18, -19, -23, -25, -34, -35).  The map names its terrain and line types with the
   ruleset's vocabulary (doc/aigles.md): areas wood, village, redoubt, marsh, rocky, field, hill;
   lines stream, river, road, hedge, wall.  A road crossing a stream or a river is a bridge. */
#ifndef LA_TERRAIN_H
#define LA_TERRAIN_H

#include "la_unit.h"

/* A terrain's characteristics changed by the battle (LA-TERRAIN-01): the arms that may enter it (bit
   1 << LA_* arm), the speed divisor inside (1 normal .. 4 a quarter) and the cohesion a unit has after
   crossing it (at least). */
#define LA_MAX_TERRAIN_RULES 8
typedef struct la_terrain_rule {
    char name[32];
    unsigned arms;
    int speed, cohesion;
} la_terrain_rule;

/* What the battle changes on the table: the rules above and what is left of each demolished line
   (line_level: for each of the first LA_MAX_LINE_LEVELS lines -1 intact, 0 nothing, 1 light (a wall
   reduced to a hedge), 2 hard). */
#define LA_MAX_LINE_LEVELS 48
typedef struct la_terrain_env {
    const signed char *line_level;
    const la_terrain_rule *rule;
    int nrule;
} la_terrain_env;

typedef struct la_path {
    int32_t cost;  /* the distance the move uses, in table units, penalties included */
    int cohesion;  /* the unit's cohesion after it (at least its cohesion before) */
    int stream;    /* it crossed a stream, or a river at a ford (not at a bridge) */
} la_path;

/* The cost of moving the unit's reference point straight from a to b (length `len`, already
   multiplied by the move's own factor, e.g. 2 for half speed) over the map; `allowance` is its
   movement per period (a wall costs half of it).  WG_EILLEGAL with the feature and the rule in `why`
   for impassable terrain. */
int la_path_cost(la_path *out, char *why, const wg_map *map, const la_unit *u, wg_pt a, wg_pt b, int32_t len,
                 int32_t allowance, int scale, const la_terrain_env *te);

/* Whether segment ab crosses a stream, or a river at a ford, away from a bridge: the unit comes out of
   the water (LA-TERRAIN-14).  A ford is a line of type `ford` marking the fordable stretch of the
   watercourse; a crossing within a pace of it is at the ford (LA-TERRAIN-15). */
int la_crosses_water(const wg_map *map, wg_pt a, wg_pt b, int scale);

/* Whether segment ab follows a road: its ends and its middle within a base depth (25/15 paces) of the
   same road line (LA-TERRAIN-17). */
int la_on_road(const wg_map *map, wg_pt a, wg_pt b, int scale);

/* Whether the unit's column is narrow enough for the road bonus: infantry in column with at most 3
   figures in front, cavalry at most 2, artillery limbered on one section (LA-TERRAIN-17, LA-UNIT-17). */
int la_road_narrow(const la_unit *u);

#endif

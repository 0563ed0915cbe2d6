/* Les Aigles: what units see and reach on the table (checklist LA-LOS, LA-FIRE-01, -14, -15): the
   bases of the front rank, base-to-base distances, the figures whose fire arc holds a target within
   range, and line of sight over the table's terrain and past other units (masking). */
#ifndef LA_SIGHT_H
#define LA_SIGHT_H

#include "la_unit.h"

typedef struct la_field {
    const wg_map *map;    /* a table, or NULL for open ground */
    uint32_t block_flags; /* area flags that block sight (woods, houses, redoubts) */
    int crest_type;       /* the line type of crests, -1 for none */
    wg_table *const *tabs;
    int scale;
} la_field;

/* The base of figure i (0 = left end) of the front rank. */
int la_front_figure(wg_quad *q, const la_unit *u, wg_table *const *tabs, int scale, int i);

/* The front rank's bases one after another: la_front_init measures the unit once, la_front_at(i) is
   la_front_figure(i) (the same base, the same status). */
typedef struct la_front {
    const la_unit *u;
    int rc;       /* the status every figure gets (WG_OK: each its own) */
    wg_quad all;  /* the front edge */
    wg_quad off;  /* a figure's base about the point (0, 0) */
} la_front;
void la_front_init(la_front *fr, const la_unit *u, wg_table *const *tabs, int scale);
int la_front_at(wg_quad *q, const la_front *fr, int i);

/* The distance between two units' footprints, base to base, rounded down (0 when they touch), and
   whether it is within r exactly. */
int la_unit_gap(int32_t *d, const la_unit *a, const la_unit *b, wg_table *const *tabs, int scale);
int la_unit_within(int *yes, const la_unit *a, const la_unit *b, int32_t r, wg_table *const *tabs, int scale);

/* The fire arc of a unit: 22.5 degrees about the front's normal, 45 for skirmishers and squares
   (LA-FIRE-14, LA-FORM-19): WG__ARC_225 or WG__ARC_45. */
int la_fire_arc(const la_unit *u);

/* The figures of the first rank (LA-FIRE-15) whose arc holds part of the target's footprint and whose
   base is within `range` of it. */
int la_firing_figures(int *n, const la_unit *u, const la_unit *target, int32_t range, wg_table *const *tabs,
                      int scale);
/* The same for a target's footprint given as a quad (an officer's base). */
int la_firing_figures_at(int *n, const la_unit *u, const wg_quad *target, int32_t range, wg_table *const *tabs,
                         int scale);

/* Whether `obs` sees `target`: a clear line from the front centre of one of its front figures to a
   corner or the centre of the target's footprint, over the terrain (blocking areas by level, crests
   with one base length of margin, LA-LOS-01, -02) and past the other units that mask (LA-LOS-04, -05,
   -08).  `fps` holds the others' footprints (la_unit_footprint) when the caller has them, or is NULL;
   at most 256 of the others may lie near the sight lines (WG_ERANGE beyond). */
int la_sees(int *yes, const la_field *f, const la_unit *obs, const la_unit *target, const la_unit *const *others,
            const wg_quad *fps, int nothers);

#endif

/* Les Aigles: the printed tables (la_tables_printed.c, la_tables.c) and the computed readings the
   checklist proposes for the truncated ones (la_calc.c).  Integers only. */
#ifndef LA_TABLES_H
#define LA_TABLES_H

#include "internal.h"

/* The printed tables, in this order (checklist section 3). */
enum {
    LA_T1 = 0,     /* bases */
    LA_T2,         /* equivalence (T2 and T3 in one table, fronts 1..32) */
    LA_T4,         /* formation change, infantry and cavalry */
    LA_T5,         /* formation change, artillery */
    LA_T6,         /* the village melee example */
    LA_T7,         /* order-change zone */
    LA_T8,         /* reaction */
    LA_T9,         /* bricole */
    LA_T10,        /* prolonge */
    LA_T11,        /* light-arms range, fire section */
    LA_T11B,       /* light-arms range, prose */
    LA_T12,        /* fire factors, common */
    LA_T13,        /* fire factors, light arms and canister */
    LA_T14,        /* fire factors, round shot */
    LA_T15,        /* melee factors, common */
    LA_T16,        /* melee factors, infantry */
    LA_T17,        /* melee factors, cavalry */
    LA_T18,        /* melee factors, artillery */
    LA_T19,        /* melee factors, the opponent */
    LA_T20,        /* morale factors, formation and cover */
    LA_T21,        /* morale factors, circumstances */
    LA_T22,        /* morale factors, environment */
    LA_T23,        /* morale factors, officers */
    LA_T24,        /* morale factors, melee */
    LA_T25,        /* morale factors, losses */
    LA_T26,        /* strength remaining */
    LA_T27,        /* morale results */
    LA_T28,        /* losses */
    LA_T29,        /* melee dice modifiers */
    LA_T30,        /* die bonus, morale and fire */
    LA_T31,        /* strength ratios */
    LA_T32,        /* capture of flags */
    LA_T33,        /* officer losses */
    LA_T34,        /* the per-figure aid */
    LA_T35,        /* rout and flight */
    LA_T36A,       /* skirmish from line */
    LA_T36B,       /* skirmish from column of march */
    LA_T36C,       /* skirmish from column of division */
    LA_T36D,       /* foraging from line */
    LA_T36E,       /* foraging from column of march */
    LA_T36F,       /* foraging from column of division */
    LA_T37,        /* scenario index */
    LA_NTABLES
};

typedef struct la_table_doc {
    const char *name;
    const char *doc; /* a `wgdata 1 table` document of the printed cells */
} la_table_doc;

extern const la_table_doc la_printed_tables[LA_NTABLES];

/* Builds every printed table (cells WG_CELL_PRINTED) into out[0..LA_NTABLES-1]; all or nothing
   (WG_ENOMEM leaves nothing allocated). */
int la_tables_build(wg_table **out, wg_ctx *ctx);
void la_tables_free(wg_table **t);

/* Reading a cell (WG_ETABLEGAP for a gap, naming the table, the row and the column; WG_EDATA for a
   supplied cell that does not read as the kind asked for, with a message on the table):
   - la_cell_int: a signed integer ("+2", "-3", "0", "14");
   - la_cell_mm: a length in millimetres with up to two decimals, in table units ("22.5" -> 2250);
   - la_cell_half: a time in periods as printed ("½", "1", "1½", "2½") in half-periods;
   - la_cell_range: a range "LO-HI" (both integers, LO <= HI). */
int la_cell_int(int *out, wg_table *t, int row, int col);
int la_cell_mm(int32_t *out, wg_table *t, int row, int col);
int la_cell_half(int *out, wg_table *t, int row, int col);
int la_cell_range(int *lo, int *hi, wg_table *t, int row, int col);

/* ---- the computed readings (options; each is tested against every printed cell) ---- */

/* Troop types of the equivalence table (T2/T3), with their base fronts at 25 mm. */
enum { LA_EQ_CLOSE = 0, LA_EQ_CAVALRY = 1, LA_EQ_SKIRMISH = 2, LA_EQ_FORAGING = 3 };

/* G-08: how many figures of type `other` a front of n figures of type `self` equals in contact:
   ceil(n * W(self) / W(other)) with W = 15, 22.5, 30, 100 mm (LA-SCALE-15). */
int la_equivalence(int n, int self, int other);

/* G-11: the number of figures standing for `percent` (10..90) of an initial strength:
   floor(percent * initial / 100); and the bracket of a remaining strength: the lowest of 90, 80, ...,
   10 whose figure is at least `remaining` (100 when remaining is above the 90% figure, 0 when it is
   below the 10% one) (LA-ANNEX-02). */
int la_strength_figures(int initial, int percent);
int la_strength_bracket(int initial, int remaining);

/* G-12: the penalty (a positive count k for -k) for L losses this turn over F figures: L / (5 F)
   rounded half up (LA-MORALEFACT, the -1 per 5 losses per figure); and the losses of its band
   (lo..hi inclusive) for a penalty k >= 1. */
int la_per_figure_penalty(int losses, int figures);
void la_per_figure_band(int *lo, int *hi, int figures, int k);

/* G-06: an officer's fate for L losses over F figures with die d (1..6): 0 unharmed, 1 wounded,
   2 killed — wounded when 12 F <= L d < 18 F, killed from 18 F (LA-OFFLOSS-06); and the wounded range
   of losses (T33's cell) for F figures and die d. */
enum { LA_OFFICER_UNHARMED = 0, LA_OFFICER_WOUNDED = 1, LA_OFFICER_KILLED = 2 };
int la_officer_fate(int losses, int figures, int die);
void la_officer_wounded_range(int *lo, int *hi, int figures, int die);

#endif

/* Les Aigles: the unit model (checklist section 1.2-1.5, LA-UNIT, LA-FORM, LA-FORMTIME).  A unit is an
   ordered set of companies (squadrons, sections) of figure bases, standing in ranks of `front`
   figures behind the centre of its front edge `ref`, facing along `facing`.  Integers only: lengths
   in table units (1/100 mm), times in half-periods. */
#ifndef LA_UNIT_H
#define LA_UNIT_H

#include "la_tables.h"

enum { LA_SCALE_25 = 0, LA_SCALE_15 = 1 };

/* Arms. */
enum { LA_INFANTRY = 0, LA_CAVALRY, LA_IRREGULAR_CAVALRY, LA_FOOT_ARTILLERY, LA_HORSE_ARTILLERY, LA_ENGINEERS,
       LA_MOUNTED_GENERAL, LA_FOOT_GENERAL, LA_NARMS };

/* Statuses from high to low (LA-UNIT-13, seven of them, G-21). */
enum { LA_GUARD = 0, LA_ELITE, LA_VETERAN, LA_REGULAR, LA_SEMI_REGULAR, LA_MILITIA, LA_IRREGULAR, LA_NSTATUS };

/* Manoeuvre ratings, fastest first (LA-UNIT-12). */
enum { LA_MAN_A = 0, LA_MAN_B, LA_MAN_C };

/* Formations.  The first eleven are the infantry and cavalry formations of T4, in its order. */
enum {
    LA_LINE = 0,
    LA_DOUBLE_LINE,
    LA_MARCH,             /* column of march */
    LA_ATTACK,            /* column of attack */
    LA_DIVISION,          /* column of division */
    LA_EXTENDED_DIVISION, /* extended column of division */
    LA_MASS,              /* column of mass (massed order) */
    LA_HOLLOW_SQUARE,
    LA_SOLID_SQUARE,
    LA_MASSED_SQUARE,
    LA_ECHELON,           /* cavalry echelon or chequerboard */
    LA_SKIRMISH,          /* infantry in dispersed order */
    LA_FORAGING,          /* cavalry in dispersed order */
    LA_IRREGULAR_MASS,    /* irregulars: massed, no companies */
    LA_LIMBERED,
    LA_IN_BATTERY,
    LA_NFORMATIONS
};
/* Formation names, as documents spell them. */
extern const char *const la_formation_name[LA_NFORMATIONS];
#define LA_T4_FORMATIONS 11
/* T4's last row: without formation or in disorder to formed. */
#define LA_T4_REFORM_ROW (4 + LA_T4_FORMATIONS * (LA_T4_FORMATIONS - 1) - 4)

/* The cohesion ladder (LA-DISORG), best first. */
enum { LA_FORMED = 0, LA_DISORGANISED, LA_WITHOUT_FORMATION, LA_DISORDER };

/* Morale states. */
enum { LA_OBEY = 0, LA_HALT, LA_RETREAT, LA_ROUT, LA_FLIGHT, LA_UNCONTROLLED, LA_PRISONER };

#define LA_MAX_COMPANIES 16

typedef struct la_company {
    int figures;
    int status, manoeuvre;
    int fire, combat, charge, morale;
    int elite;
} la_company;

typedef struct la_unit {
    int arm;
    int irregular; /* of irregular formation (LA-UNIT-23) */
    int heavy;     /* heavy cavalry (G-47) */
    int cuirass;   /* cuirass, barded horse or shield (T13, T19) */
    int lancer;    /* lancers (T17) */
    int ncomp;
    la_company comp[LA_MAX_COMPANIES];
    int formation;
    int front;   /* figures in the front rank */
    int removed; /* figures off the table while massed (G-22), restored on unmassing */
    wg_pt ref;   /* the centre of the front edge */
    wg_pt facing;
    int cohesion, morale, retreat_periods, fatigue;
} la_unit;

/* Figures on the table. */
int la_unit_figures(const la_unit *u);
/* The lowest status and the lowest manoeuvre of its companies (LA-UNIT-12, LA-UNIT-13). */
int la_unit_status(const la_unit *u);
int la_unit_manoeuvre(const la_unit *u);
/* Whether it holds semi-regular, militia or irregular figures (LA-FORM-01). */
int la_unit_has_low_status(const la_unit *u);
/* Ranks standing: every rank of `front` figures, and the last one however short; and the ranks that
   count: the last one only when it holds at least half the front rank's figures (LA-MOVE rank rule). */
int la_unit_ranks(const la_unit *u);
int la_unit_counted_ranks(const la_unit *u);

/* The base a figure of the unit stands on in its formation (T1): front and depth in table units. */
int la_base_size(int32_t *front, int32_t *depth, wg_table *const *tabs, int arm, int formation, int scale);

/* The unit's footprint: front x base front wide, ranks x base depth deep, behind `ref`. */
int la_unit_footprint(wg_quad *q, const la_unit *u, wg_table *const *tabs, int scale);
/* The same with the base size (la_base_size of its arm and formation) given. */
int la_footprint_sized(wg_quad *q, const la_unit *u, int32_t bf, int32_t bd);
/* The width and depth of that footprint (WG_ERANGE when either exceeds WG__GEOM_MAX_SIZE): the base
   la_footprint_sized puts behind `ref`. */
int la_footprint_dims(int32_t *w, int32_t *d, const la_unit *u, int32_t bf, int32_t bd);

/* Whether the unit may stand in `formation` with `front` figures in the front rank: 0, or WG_EILLEGAL
   with the rule in `why` (a line is one rank, a double line two, a column more than two, a square
   needs six figures of infantry, skirmish is infantry's, foraging cavalry's, irregular infantry is at
   least three by three, ...). */
int la_formation_check(char *why, size_t cap, const la_unit *u, int formation, int front);

/* The ranks a column keeps when it masses: half of them rounded up, two for a unit on two (G-22). */
int la_massed_ranks(int ranks);

/* The time of a change of formation in half-periods (T4, T5, T36 and the rules under them):
   WG_ETABLEGAP (naming the table cell) where the time is not printed and not supplied.
   `quarter_turn`: a column of march going to line (or back) by a quarter-turn (LA-FORMTIME-11). */
int la_change_time(int *half, wg_table *const *tabs, const la_unit *u, int to, int quarter_turn);
/* The same with the reason of a failure in err (WG_ERRMSG_CAP bytes; may be NULL). */
int la_change_time_err(int *half, char *err, wg_table *const *tabs, const la_unit *u, int to, int quarter_turn);

#endif

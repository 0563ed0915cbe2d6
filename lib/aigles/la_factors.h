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

/* A morale test's situation (T20-T25, LA-MORALEFACT-01..33).  Counts are the caller's, made by the
   rules of notes (1) and (4) (sight, size, regiments, status). */
typedef struct la_morale_situation {
    const la_unit *unit;
    int cover;                /* LA_COVER_*; */
    int construction;         /* in a construction (note 7: even reduced) */
    int stream;               /* bordering a stream */
    int against_cavalry;      /* the test faces cavalry */
    int against_square;       /* cavalry facing a square */
    int formed_square;        /* a massed unit that had time to form square (note 10) */
    int retreating;           /* morale state retreat */
    int has_routed;           /* LA-MORALEFACT-11 */
    int charging;             /* the unit charges this turn */
    int friends, enemies;     /* units counted within 300/200 paces */
    int enemy_rear, enemy_flanks; /* threats to the rear, flanks threatened (0..2) */
    int enemy_routs, friend_routs;
    int batteries;            /* friendly batteries that fired on a threatening enemy */
    int general;              /* the general's modifier chosen, -C..+C (direct) or within the indirect value */
    int general_with_unit;    /* the general is with the unit (T23's second row) */
    int general_killed;
    int won_melee, impetuous; /* won a melee this period or the previous one */
    int lost_streak;          /* consecutive melee losses, 0 for none */
    int extra_enemies;        /* additional enemy units engaged causing the loss */
    int loss_difference;      /* losses more than the opponent in the melee (>= 0) */
    int heavy_firers;         /* enemy units whose fire caused at least 15 losses */
    int losses_this_turn;     /* fire and combat */
    int initial_figures;      /* for the strength remaining */
    int hold_still;           /* Hold order, neither moved nor changed formation (G-58) */
    int attack_charging;      /* Attack order and charging (G-58) */
} la_morale_situation;

/* The sum of the morale factors; applied lists them by table and row (T20-T26; the order bonuses as
   table -1, row 0 hold, row 1 attack).  The strength remaining reads T26 at the bracket of la_strength_bracket
   (WG_ETABLEGAP below 70% unless supplied). */
int la_morale_factors(int *sum, la_applied *applied, int *n, char *err, wg_table *const *tabs,
                      const la_morale_situation *s);

/* One side of a melee turn (T15-T19, LA-MELEEFACT). */
enum { LA_OPP_OPEN = 0, LA_OPP_LIGHT_COVER, LA_OPP_HARD_COVER, LA_OPP_VILLAGE, LA_OPP_REDOUBT };
typedef struct la_melee_situation {
    const la_unit *unit, *opponent;
    int turn;                  /* 1 for the first melee turn */
    int fresh;                 /* fresh troops (note 1) */
    int followed_up;           /* followed up an opponent falling back (note 3) */
    int losses_last_fire;      /* note 4 */
    int charge_ranks;          /* ranks in the charge beyond the first (infantry, at most 2 count) */
    int above_on_slope;
    int flank_or_rear;         /* attacking the opponent's flank or rear */
    int flank_established;     /* ... of an opponent already in a melee (the in-melee rows) */
    int flank_of_massed;       /* cavalry taking the flank of a massed battalion */
    int engineers_attacking;   /* with engineers, attacking a construction */
    int square_unbroken;       /* cavalry against an unbroken square, from the second turn */
    int opp_position;          /* LA_OPP_*: where the opponent stands */
    int opp_engineers;         /* the opponent supported by engineers in a construction */
    int opp_artillery_close;   /* opposing artillery in close order */
} la_melee_situation;

int la_melee_factors(int *sum, la_applied *applied, int *n, char *err, wg_table *const *tabs,
                     const la_melee_situation *s);

#endif

/* Les Aigles as a game (ruleset `aigles`): the battle's documents shared by clones (rdata), the
   state of a period (one POD block), and the functions the game's files share.  The rules
   themselves live in the modules beside this file (la_move.c, la_sight.c, la_factors.c, ...); the
   game strings them into the period of the rulebook, as decisions. */
#ifndef AIGLES_H
#define AIGLES_H

#include "la_battle.h"
#include "la_command.h"
#include "la_factors.h"
#include "la_melee.h"
#include "la_move.h"
#include "la_odds.h"
#include "la_sight.h"
#include "la_terrain.h"

/* The most units and officers a game holds (a battle document may list more: set-up refuses it). */
#define LG_MAX 64
#define LG_MAX_OFF 16
#define LG_MAX_TESTS 64

/* Markers (LA-MARKERS-02). */
enum { LG_M_NONE = 0, LG_M_MOVE, LG_M_FORMATION, LG_M_WITHDRAW, LG_M_FIRE, LG_M_CHARGE, LG_M_DODGE, LG_M_REST,
       LG_NMARKERS };
extern const char *const lg_marker_name[LG_NMARKERS];

/* Reactions of a charged unit (LA-SEQ-04). */
enum { LG_R_STAND = 0, LG_R_COUNTER, LG_R_DODGE };

/* Morale results and states, best first for comparisons (G-17): uncontrolled advance counts above
   obey.  The state of a unit is one of these (LA_OBEY etc. from la_unit.h). */

/* Stages of the period. */
enum {
    LG_S_MARK = 0,  /* phase 1: a side places the marker of a unit (hidden) */
    LG_S_CHARGE,    /* phase 2: the target of a Charge marker */
    LG_S_PIVOT,     /* phase 2: a battery's pivot */
    LG_S_REACT,     /* phase 2: a charged unit's reaction */
    LG_S_COMMIT,    /* phase 3: a side commits a unit's move for the half-period (sealed) */
    LG_S_FIRE,      /* phase 4: a firing unit's target */
    LG_S_FIREROLL,  /* phase 4: the die of a fire */
    LG_S_MELEEROLL, /* phase 5: the die of a side of a melee */
    LG_S_TEST,      /* a morale test's die */
    LG_S_CHARISMA,  /* the charisma modifier after the die (LA-OFFICER-02) */
    LG_S_ENDP,      /* the end of the period: its tests, then the next period */
    LG_S_NEXT,      /* the period's tests are done: victory, then the next period */
    LG_S_MELEE,     /* phase 5: the next melee */
    LG_S_ORDERS,    /* phase 6: an officer's order change, or done */
    LG_S_REACTROLL, /* phase 6: the die of the reaction test of an order */
    LG_S_OFFROLL,   /* the die of an officer's fate after his unit's losses (LA-OFFLOSS) */
    LG_S_OVER
};

/* Occasions of morale tests (LA-MORALE-01..11). */
enum { LG_OCC_CHARGE = 1, LG_OCC_CHARGED = 2, LG_OCC_MELEE = 3, LG_OCC_STRENGTH = 4, LG_OCC_ROUT_SEEN = 5,
       LG_OCC_FIRST_FIRE = 8, LG_OCC_FIRE = 9, LG_OCC_RALLY = 10, LG_OCC_RETREAT3 = 12,
       LG_OCC_GENERAL = 13 /* a general killed with the unit (LA-MORALE-18) */ };

/* Move kinds a unit commits for a half-period. */
enum {
    LG_MV_HALT = 0,
    LG_MV_FULL,      /* straight ahead, the whole half-period's distance */
    LG_MV_HALF,      /* straight ahead, half of it */
    LG_MV_OBL_LEFT,  /* oblique 22.5 degrees, the distance its status allows */
    LG_MV_OBL_RIGHT,
    LG_MV_WHEEL_LEFT,  /* 22.5 degrees about the left end figure (the front swings left) */
    LG_MV_WHEEL_RIGHT, /* about the right end figure */
    LG_MV_BACK,      /* backward at half speed (LA-MOVE-19) or by prolonge (T10) */
    LG_MV_FORM,      /* begin a change of formation: param the formation */
    LG_MV_TO,        /* a precise advance to a point (parameters x, y) */
    LG_MV_TURN,      /* a precise wheel (parameters pivot, facing x, facing y) */
    LG_MV_CHARGE,    /* toward the charge's target */
    LG_MV_DODGE,     /* away from the charger */
    LG_MV_FALLBACK,  /* retreat, rout or flight, toward the own table edge */
    LG_MV_ADVANCE_ON, /* uncontrolled advance on the nearest enemy */
    LG_MV_BRICOLE,   /* a battery in battery advances by bricole (T9) */
    LG_MV_PROLONGE,  /* a battery in battery withdraws by prolonge (T10) */
    LG_MV_PIVOT,     /* a battery's pivot in phase 2 (events only) */
    LG_MV_FORCED,    /* a forced march: straight ahead at double speed (LA-MOVE-20) */
    LG_MV_RALLY_FACE, /* cavalry rallies toward its own edge, ending facing the enemy (LA-MOVE-08) */
    LG_MV_RALLY_BACK, /* ... ending with its back to the enemy */
    LG_MV_QUARTER_LEFT,  /* a quarter-turn on the spot (LA-MOVE-12, LA-UNIT-26) */
    LG_MV_QUARTER_RIGHT,
    LG_MV_HALF_TURN,     /* a half-turn, half a period or a whole one (LA-MOVE-13, G-47) */
    LG_MV_FORM_QLEFT,    /* a column of march to line or back by a quarter-turn left (LA-FORMTIME-11) */
    LG_MV_FORM_QRIGHT,   /* ... right */
    LG_MV_WIDEN,         /* irregulars widen their front (LA-UNIT-26) */
    LG_MV_NARROW,        /* ... or narrow it */
    LG_NMV
};
extern const char *const lg_move_name[LG_NMV];

typedef struct lg_unit {
    int16_t fig[LA_MAX_COMPANIES]; /* figures of each company */
    int16_t initial;               /* figures at the start */
    int8_t formation, front, cohesion, morale;
    int8_t marker, charge_target, reaction, charged_by; /* unit indices, -1 for none */
    int8_t change_to, change_left;  /* a change of formation under way: the formation, half-periods left */
    int8_t fatigue, retreat_periods;
    int8_t melee_with, melee_turns, wins, lost_streak;
    int8_t off;       /* 1 left the table, 2 eliminated, 3 prisoner */
    int8_t moved, changed, fired_at, has_routed, effective, straight, halted, contact_half;
    int8_t pend_kind, pend_form; /* the committed move (LG_MV_*) and its formation */
    int8_t fall_from; /* the unit a retreat, rout or flight runs from, -1 for the nearest enemy */
    int8_t ua_periods; /* periods of uncontrolled advance left */
    int8_t fought;     /* its melee was fought this period */
    int8_t face;       /* the face its melee opponent met (WG__FACE_*) */
    int16_t last_melee_loss; /* the melee losses it suffered last (LA-MELEERES-03) */
    int16_t last_melee_inflicted; /* and those it inflicted (T24's loss difference) */
    int8_t heavy_fire; /* enemy fires of 15 losses or more this period (T25) */
    int8_t pivoted;    /* phase 2 of a battery: 0 to decide, 1 no pivot, 2 pivoted (LA-ARTMOVE-02) */
    int8_t order;      /* its tactical order (LA_ORD_*), and the one accepted for the next period (-1: none) */
    int8_t order_target, next_order, next_target;
    int8_t change_turn; /* the turn a change under way makes (LG_TURN_*), 0 for none */
    int8_t change_front; /* the front an irregular's change of front takes, 0 for none (LA-UNIT-26) */
    int8_t massed_off;   /* figures off the table while massed (G-22), restored when it unmasses */
    int8_t pad3[3];
    int32_t order_x, order_y, next_x, next_y; /* the order's point (direction or zone centre) */
    int32_t order_r, next_r;                  /* a zone's radius */
    int16_t remainder;     /* losses below a figure (LA-LOSSES-06) */
    int16_t losses_turn;   /* losses this period, fire and melee */
    int16_t pending_loss;  /* fire losses of this fire phase, removed at its end (LA-SEQ-05) */
    int16_t lost_men;      /* every loss so far, for the victory count */
    int32_t x, y, fx, fy;  /* the centre of the front edge, and the facing */
    int32_t pend[3];       /* the committed move's parameters */
    int32_t used;          /* distance used this period (table units) */
} lg_unit;

/* Turns made by a change under way (lg_unit.change_turn). */
enum { LG_TURN_NONE = 0, LG_TURN_LEFT, LG_TURN_RIGHT, LG_TURN_ABOUT };

/* An officer as the period changes him (LA-OFFICER): where he stands, the unit he stays with, the
   command points he spent this period, his committed move. */
typedef struct lg_off {
    int32_t x, y, fx, fy;
    int32_t px, py;    /* a committed move to a point */
    int8_t off;        /* 1 wounded, 2 killed, 3 captured */
    int8_t points;     /* command points spent this period (LA-OFFICER-05) */
    int8_t attached;   /* the unit he stays with, -1 for none */
    int8_t pend_kind;  /* committed move: -1 none, 0 stays, 1 joins pend_unit, 2 to (px, py) */
    int8_t pend_unit;
    int8_t hit_melee;  /* the losses that put him at risk came in a melee (else in a fire) */
    int8_t pad[2];
    int16_t hit_losses, hit_figures; /* the heaviest losses of his unit this period, and its figures */
} lg_off;

typedef struct lg_test {
    int8_t unit, occ, mod, from; /* the unit, the occasion, an extra modifier, the unit that caused it */
} lg_test;

typedef struct lg_state {
    int16_t period;     /* 1 .. periods */
    int8_t stage, half, side, cur; /* the stage, the half-period (0, 1), the side deciding, the unit */
    int8_t nunit, winner, decisive, fire_kind;
    int8_t melee_a, melee_b, melee_die_a; /* the melee being fought and its first die */
    int8_t test_die;    /* the die of the test awaiting its charisma */
    int8_t ntest, nfirst; /* the pending tests and how many are resolved */
    int8_t fire_target;
    int8_t ret;         /* the stage after the pending tests */
    int8_t pad[3];
    lg_test test[LG_MAX_TESTS];
    int16_t fire_loss;
    int8_t noff, order_unit, order_kind, pad4; /* officers; the order awaiting its reaction test */
    lg_off o[LG_MAX_OFF];
    lg_unit u[LG_MAX];
} lg_state;

/* Game options (doc/aigles.md "Options"). */
enum { LG_O_DATA = 0, LG_O_FIGURE, LG_O_MORALEDIE, LG_O_BREAK, LG_NOPT };

typedef struct lg_rdata {
    wg_refcount refs;
    wg_ctx *ctx;
    la_army army;
    la_battle battle;
    int edge[2];          /* the own table edge of each side: 0 the near edge (y = 0), 1 the far one */
    int32_t width, depth; /* the table */
    uint8_t opt[LG_NOPT];
    uint8_t prov_army, prov_table, prov_battle; /* bundled sample documents */
    uint32_t block_flags; /* area flags that block sight */
    uint32_t light_flag, hard_flag;
    int crest_type;
    int points[2];        /* each side's budget: figures x points per figure */
} lg_rdata;

#define LG_ST(g) ((lg_state *)(g)->state)
#define LG_RD(g) ((const lg_rdata *)(g)->rdata)

/* Actions: kind in the high byte, argument below. */
enum { LG_A_MARK = 1, LG_A_TARGET, LG_A_PIVOT, LG_A_REACT, LG_A_MOVE, LG_A_FIRE, LG_A_DIE, LG_A_CHARISMA, LG_A_OFFMOVE,
       LG_A_ORDER };
#define LG_ACT(k, a) (((uint64_t)(k) << 32) | (uint32_t)(a))
#define LG_AK(a) ((int)((a) >> 32))
#define LG_AA(a) ((int32_t)(uint32_t)((a)&0xffffffffu))

/* Events. */
enum {
    LG_E_MARK = 1,   /* a[0] unit, a[1] marker (its side only) */
    LG_E_REVEAL,     /* a[0] unit, a[1] marker */
    LG_E_CHARGE,     /* a[0] charger, a[1] target (-1: abandoned) */
    LG_E_REACT,      /* a[0] unit, a[1] reaction, a[2] charger */
    LG_E_COMMIT,     /* a[0] unit, a[1] move kind, a[2] formation (its side only) */
    LG_E_MOVED,      /* a[0] unit, a[1] kind, a[2..3] from (paces), a[4..5] to, a[6] cohesion */
    LG_E_BLOCKED,    /* a[0] unit, a[1] blocking unit (its move stopped short) */
    LG_E_CONTACT,    /* a[0] unit, a[1] opponent, a[2] effective charge, a[3] face */
    LG_E_FORMATION,  /* a[0] unit, a[1] formation, a[2] half-periods, a[3] done */
    LG_E_FIRE,       /* a[0] firer, a[1] target (-1 holds), a[2] figures, a[3] factors, a[4] kind */
    LG_E_FIRELOSS,   /* a[0] firer, a[1] target, a[2] die, a[3] losses, a[4] row */
    LG_E_REMOVED,    /* a[0] unit, a[1] figures removed, a[2] remainder, a[3] figures left */
    LG_E_MELEE,      /* a[0] unit, a[1] opponent, a[2] die, a[3] losses inflicted, a[4] row, a[5] figures */
    LG_E_MELEEEND,   /* a[0] winner (-1 tie), a[1] loser, a[2] fell back (paces) */
    LG_E_TEST,       /* a[0] unit, a[1] occasion, a[2] die, a[3] total, a[4] result, a[5] charisma */
    LG_E_STATE,      /* a[0] unit, a[1] morale state, a[2] cohesion */
    LG_E_LEFT,       /* a[0] unit, a[1] how (1 left the table, 2 eliminated, 3 prisoner) */
    LG_E_PERIOD,     /* a[0] period */
    LG_E_REST,       /* a[0] unit, a[1] fatigue */
    LG_E_END,        /* a[0] winner (-1 draw), a[1] decisive, a[2] percent, a[3] band */
    LG_E_ABANDON,    /* a[0] charger, a[1] target: the charge ends (a morale result) */
    LG_E_OFFMOVED,   /* a[0] officer, a[1] joined unit (-1), a[2..3] from, a[4..5] to (paces) */
    LG_E_ORDER,      /* a[0] officer, a[1] unit, a[2] order, a[3] die, a[4] needed (die below), a[5] accepted */
    LG_E_ORDERNOW,   /* a[0] unit, a[1] order: an accepted order applies (LA-ORDERS-16) */
    LG_E_CAPTURED,   /* a[0] officer, a[1] enemy unit */
    LG_E_OFFFATE     /* a[0] officer, a[1] fate (LA_OFFICER_*), a[2] die, a[3] losses, a[4] figures, a[5] unit */
};

/* ---- la_game.c ---- */
extern const wg_ruleset_ops wg__aigles_ops;
/* The unit as the rule modules see it (the battle's companies with the state's figures). */
void lg_unit_of(la_unit *out, const wg_game *g, int i);
int lg_figures(const lg_unit *x);
int lg_active(const lg_state *s, int i);      /* on the table, not a prisoner */
int lg_controlled(const lg_state *s, int i);  /* obeys its orders: obey or halt, or uncontrolled */
int lg_side(const wg_game *g, int i);
la_move_env lg_env(const wg_game *g);
la_field lg_field(const wg_game *g);
wg_table *const *lg_tabs(const wg_game *g);
const char *lg_name(const wg_game *g, int i);
int lg_sees(const wg_game *g, int a, int b);
int32_t lg_gap(const wg_game *g, int a, int b);
int lg_overlaps(const wg_game *g, const la_unit *u, int self, int *with);
int lg_per_figure(const wg_game *g);

/* ---- la_turn.c ---- */
void lg_decision(const wg_game *g, int *player, int *kind);
int lg_options(wg_game *g);
int lg_apply(wg_game *g, uint64_t a);
int lg_begin(wg_game *g); /* the first decision after set-up */
int lg_marker_ok(const wg_game *g, int i, int m, char *why);
int lg_move_options(const wg_game *g, int i, int *kinds, int *forms, int cap);
int lg_fire_targets(const wg_game *g, int i, int *targets, int cap);
int lg_charge_targets(const wg_game *g, int i, int *targets, int cap);
int lg_react_ok(const wg_game *g, int i, int r, char *why);
/* The base of a morale test of `unit` on occasion `occ` caused by unit `from` (-1: none): the troops'
   morale value, `mod` and the factors of T20-T26 (each in ap); the die and the charisma come after. */
int lg_test_value(const wg_game *g, int unit, int occ, int mod, int from, int *base, la_applied *ap, int *nap,
                  char *err);
/* The die of a test as it counts: raw (G-14, the default) or through T30 (option morale-die=mapped). */
int lg_test_die(wg_game *g, int die, int *out);
int lg_charisma_of(const wg_game *g, int unit);
int lg_fire_setup(const wg_game *g, int firer, int target, la_fire *f, int *kind, la_applied *ap, int *nap,
                  char *err);
int lg_melee_setup(const wg_game *g, int a, int b, la_melee_side *ms, la_applied *ap, int *nap, char *err);
int lg_option_params(const wg_game *g, uint64_t a, wg_param *p, int *required);
int lg_check_params(const wg_game *g, uint64_t a, const int64_t *v, size_t n, char *err);
int lg_apply_params(wg_game *g, uint64_t a, const int64_t *v, size_t n);
void lg_draw_params(const wg_game *g, uint64_t a, wg_pcg *rng, int64_t *v);
void lg_why_not(const wg_game *g, uint64_t a, char *err);
int lg_odds(wg_game *g, int viewer, wg_odds_req *req, wg_odds_out *out);

/* ---- shared by the game's files (la_common.c, la_turn.c, la_movement.c, la_combat.c) ---- */
static inline int lg_is_cav(int arm) { return arm == LA_CAVALRY || arm == LA_IRREGULAR_CAVALRY; }
static inline int lg_is_art(int arm) { return arm == LA_FOOT_ARTILLERY || arm == LA_HORSE_ARTILLERY; }
static inline int lg_is_foot(int arm) { return arm == LA_INFANTRY || arm == LA_ENGINEERS; }
static inline int lg_is_square(int f) { return f == LA_HOLLOW_SQUARE || f == LA_SOLID_SQUARE || f == LA_MASSED_SQUARE; }

/* Records an event into e_ (its a[] to fill), or returns WG_ENOMEM from the calling function. */
#define LG_EV(g, kind, rule, vis)                                                                                      \
    wg_event *e_ = wg__event(g, kind, rule, vis);                                                                      \
    if (!e_)                                                                                                           \
        return WG_ENOMEM;

/* A vector along (fx, fy) of length just below len (table units). */
wg_pt lg_along(int32_t fx, int32_t fy, int32_t len);
/* The topmost area at p (-1 for none) and its flags in *flags. */
int lg_area_flags_at(const wg_game *g, wg_pt p, uint32_t *flags);
/* Menu or precise move k of unit i (as u) for the half-period, checked: the unit after it. */
int lg_build_move(const wg_game *g, int i, const la_unit *u, int k, int form, const int32_t *p, la_unit *after, char *why);
/* The centre of unit i's footprint. */
wg_pt lg_centre_of(const wg_game *g, int i);
/* Records that unit i moved (kind LG_MV_*) from `from` to where it stands. */
int lg_ev_moved(wg_game *g, int i, int kind, wg_pt from, const char *rule);
/* Records unit i's morale state and cohesion. */
int lg_ev_state(wg_game *g, int i, const char *rule);
/* Turns u to face f: beyond 90 degrees a half-turn about its middle (the rear edge becomes the front). */
void lg_face_to(const wg_game *g, la_unit *u, wg_pt f);
/* A melee turn of a and b with their dice: losses, figures, the loser falling back, its test. */
int lg_fight(wg_game *g, int a, int b, int die_a, int die_b);
/* The pending test taken with its die and charisma; its result applied. */
int lg_finish_test(wg_game *g, int die, int charisma);
/* The range of unit i's fire (weapon or calibre, table units); 0 for none. */
int32_t lg_fire_range(const wg_game *g, int i, const la_unit *u);
/* The formations unit i (as u) may change into now: their number, written to out. */
int lg_formation_choices(const wg_game *g, int i, const la_unit *u, int *out);
/* The unit u formed as f (the front a change gives it, the figures massing takes off the table, G-22)
   in v: the front, or 0 when it cannot. */
int lg_formed_as(const la_unit *u, int f, la_unit *v);
/* The changes unit i (as u) may begin now: the formations, by a quarter-turn, an irregular's front. */
int lg_change_count(const wg_game *g, int i, const la_unit *u);
/* The unit's distance for a half-period (table units); 0 when the army list lacks it. */
int32_t lg_half_move(const wg_game *g, const la_unit *u);
/* floor(sqrt(x*x + y*y)). */
int64_t lg_isqrt_len(int64_t x, int64_t y);
/* Whether unit i fires in this fire phase (its marker, its state, a target). */
int lg_may_fire(const wg_game *g, int i);
/* Whether menu move k of unit i is legal now; the rule in why when not. */
int lg_menu_ok(const wg_game *g, int i, const la_unit *u, int k, char *why);
/* The unit's half-period distance (table units). */
int lg_mv_budget(const wg_game *g, const la_unit *u);
/* The nearest active enemy of unit i (base to base), -1 for none; the distance in *dist. */
int lg_nearest_enemy(const wg_game *g, int i, int32_t *dist);
/* Whether the unit stands wholly on the table. */
int lg_on_table(const wg_game *g, const la_unit *u);
/* A pace pair of the rulebook at the game's scale, in table units (G-46: both are stored). */
int32_t lg_paces(const wg_game *g, int p25, int p15);
/* Queues a morale test (once per unit and occasion among the pending ones). */
int lg_push_test(lg_state *s, int unit, int occ, int mod, int from);
/* Carries out the committed moves of the half-period in priority order (LA-MOVE-01). */
int lg_resolve_half(wg_game *g);
/* The facing turned by about 22.4 degrees, left (counter-clockwise) or right. */
wg_pt lg_rotate(int32_t fx, int32_t fy, int left);
/* The battle's scale (LA_SCALE_25, LA_SCALE_15). */
int lg_scale_of(const wg_game *g);
/* Writes u's position, facing and cohesion into the state's unit. */
void lg_set_pos(lg_unit *x, const la_unit *u);
/* Moves unit i from `from` toward `to` as far as it stands clear; the part moved in 1/1024ths. */
int lg_slide(const wg_game *g, int i, const la_unit *from, la_unit *to, int leave_ok, int friends_pass, int *blocker);
/* Unit i takes losses: figures removed with the carried remainder (LA-LOSSES-06). */
int lg_take_losses(wg_game *g, int i, int losses, const char *rule);
/* Whether pending test k is still to be taken. */
int lg_test_due(const wg_game *g, int k);
/* The army-list type of company c of unit i. */
const la_type *lg_type_of(const wg_game *g, int i, int c);

/* ---- la_officers.c ---- */
/* Officer k as the rule modules see him (the battle's officer where the state puts him). */
void lg_officer_of(la_officer *out, const wg_game *g, int k);
/* The unit's tactical order as it stands now (the battle's, or one accepted since). */
void lg_order_of(la_order *out, const wg_game *g, int i);
/* The officer's committed-move options for the half-period: 0 stays, 1 + u joins unit u, and the
   precise move (LG_OFF_POINT); their number. */
#define LG_OFF_POINT 0xff
int lg_officer_moves(const wg_game *g, int k, int *opts, int cap);
int lg_officer_move_ok(const wg_game *g, int k, int32_t x, int32_t y, char *why);
/* The officers' committed moves carried out, last (LA-MOVE-01, LA-OFFICER-10); officers with a unit
   follow it; an officer an enemy touches is captured (LA-OFFICER-11). */
int lg_officers_move(wg_game *g);
int lg_officers_follow(wg_game *g);
/* The order changes officer k may give now: unit | kind << 8 in out; their number. */
int lg_order_menu(const wg_game *g, int k, int *out, int cap);
/* The officer deciding order changes now (-1 for none left), from officer `from` on. */
int lg_next_orderer(const wg_game *g, int from);
/* The accepted orders take effect (the start of a period, LA-ORDERS-16). */
int lg_orders_apply(wg_game *g);
/* Losses of unit i put the officers with it at risk (LA-OFFLOSS-01, -02): the heaviest of the period. */
void lg_officers_hit(wg_game *g, int i, int losses, int figures, int melee);
/* The next officer whose fate is to be rolled, -1 for none; his fate for a die, applied. */
int lg_next_fate(const wg_game *g);
int lg_officer_fate(wg_game *g, int k, int die);

/* ---- la_view.c ---- */
int lg_option_label(const wg_game *g, uint64_t a, wg_sb *sb);
void lg_decision_text(const wg_game *g, wg_sb *sb);
void lg_event_text(const wg_game *g, const wg_event *e, int viewer, wg_sb *sb);
const char *lg_event_rule(const wg_game *g, const wg_event *e, int viewer);
void lg_describe(const wg_game *g, int viewer, wg_sb *sb);
void lg_result_text(const wg_game *g, wg_sb *sb);
int lg_piece(const wg_game *g, int viewer, size_t i, size_t *count, int *side, int *space, wg_sb *label);
int lg_attr(const wg_game *g, int viewer, int of, size_t i, int key, int64_t *iv, wg_sb *sb);
extern const wg_attr_key lg_piece_keys[];
extern const wg_attr_key lg_option_keys[];
extern const wg_attr_key lg_space_keys[];
extern const char *const lg_state_name[LA_PRISONER + 1];
extern const char *const lg_cohesion_name[4];

#endif

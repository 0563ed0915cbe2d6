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
#define LG_MAX_WORKS 48 /* cover features that batteries demolish and engineers rebuild: areas first, then lines */

/* Markers (LA-MARKERS-02). */
enum { LG_M_NONE = 0, LG_M_MOVE, LG_M_FORMATION, LG_M_WITHDRAW, LG_M_FIRE, LG_M_CHARGE, LG_M_DODGE, LG_M_REST,
       LG_NMARKERS };
extern const char *const lg_marker_name[LG_NMARKERS];

/* Reactions of a charged unit (LA-SEQ-04). */
enum { LG_R_STAND = 0, LG_R_COUNTER, LG_R_DODGE,
       LG_R_ABANDON, /* a battery's gunners fire, halved, and leave their guns (LA-MELEERES-17) */
       LG_NREACT };

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
    LG_S_FLAGROLL,  /* phase 5: the die of the test for the beaten unit's flag (option flags, LA-FLAGS-02) */
    LG_S_SCREEN,    /* phase 2: skirmishers a charge goes through: dodge, or be charged (LA-CHARGE-08) */
    LG_S_OVER
};

/* Occasions of morale tests (LA-MORALE-01..11). */
enum { LG_OCC_CHARGE = 1, LG_OCC_CHARGED = 2, LG_OCC_MELEE = 3, LG_OCC_STRENGTH = 4, LG_OCC_ROUT_SEEN = 5,
       LG_OCC_VOLUNTARY = 6 /* an officer arrives with the unit (LA-MORALE-06) */,
       LG_OCC_SIGHT = 7 /* an enemy hidden until then seen within 150/100 paces (LA-MORALE-07) */,
       LG_OCC_FIRST_FIRE = 8, LG_OCC_FIRE = 9, LG_OCC_RALLY = 10,
       LG_OCC_UNFORESEEN = 11 /* before an action the orders did not provide for (LA-MORALE-11) */, LG_OCC_RETREAT3 = 12,
       LG_OCC_GENERAL = 13 /* a general killed with the unit (LA-MORALE-18) */,
       LG_OCC_LEAVE = 14 /* a retreat reaching the own table edge (LA-PRISON-05) */ };

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
    LG_MV_ROAD_NARROW, /* a column too wide for the road halves its front in a half-period (LA-FORMTIME-21) */
    LG_MV_QUARTER_LEFT,  /* a quarter-turn on the spot (LA-MOVE-12, LA-UNIT-26) */
    LG_MV_QUARTER_RIGHT,
    LG_MV_HALF_TURN,     /* a half-turn, half a period or a whole one (LA-MOVE-13, G-47) */
    LG_MV_FORM_QLEFT,    /* a column of march to line or back by a quarter-turn left (LA-FORMTIME-11) */
    LG_MV_FORM_QRIGHT,   /* ... right */
    LG_MV_WIDEN,         /* irregulars widen their front (LA-UNIT-26) */
    LG_MV_NARROW,        /* ... or narrow it */
    LG_MV_ABANDON,   /* a charged battery's gunners leave their guns (LA-MELEERES-17, LA-ARTFIRE-16) */
    LG_MV_RETURN,    /* gunners return to their intact guns (LA-MELEERES-19) */
    LG_MV_BY_COMPANY,  /* a cavalry column of march passes into column by company on the spot: half a period (LA-FORM-22) */
    LG_MV_BY_SQUADRON, /* ... or back into column by squadron */
    LG_MV_FULL_COMPANY,  /* the whole half-period's advance, passing into column by company on the way: free (LA-FORM-22, -23) */
    LG_MV_FULL_SQUADRON, /* ... or back into column by squadron */
    LG_MV_DISMOUNT,  /* cavalry dismounts: the horse park stays, the foot version deploys (LA-UNIT-21) */
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
    int8_t moved, changed, fired_at, has_routed, effective, straight, halted;
    int8_t contact_half; /* 1 + the half-period of the contact that began its melee, 0 for none (LA-MOVE-05) */
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
    int8_t flag_lost;  /* its flag was taken (option flags): one morale point less (LA-FLAGS-06) */
    int8_t beaten_by;  /* enemy units that beat it in melee this period (LA-MORALEFACT-25) */
    int8_t won_now;    /* it won a melee this period */
    int8_t fired_on;   /* the unit its fire targeted this period, -1 for none (LA-MORALEFACT-20) */
    int8_t fails;      /* periods in which an order test of it failed, since its last bonus (LA-REACT-05) */
    int8_t fail_seen;  /* an order test of it failed this period */
    int8_t explain;    /* periods an officer spent explaining an order to it (LA-REACT-04) */
    int8_t explain_by; /* that officer, -1 for none */
    int8_t forced;     /* it made a forced march and has not re-formed since (LA-OFFICER-15) */
    int8_t from_stream; /* its last move came out of a stream (not at a bridge): it fights below (LA-TERRAIN-14) */
    int8_t change_front; /* the front a change under way takes (0: the formation's own) */
    int8_t guns;       /* artillery: LG_G_CREW, LG_G_ABANDONED (left at gx, gy), LG_G_SPIKED */
    int8_t on_guns;    /* the abandoned battery this unit stood on at the end of the last period, -1 */
    int8_t gform, gfront; /* artillery: the formation and front its guns were left in */
    int8_t change_turn; /* the turn a change under way makes (LG_TURN_*), 0 for none */
    int8_t hidden;     /* hidden from the other side by the ground it stands on (LA-LOS-09) */
    int8_t melee_disorg; /* fought a melee turn: disorganised from the next period (LA-DISORG-08) */
    int8_t cover_by;     /* covering a charged unit (its Cover order or its regiment): the charger, -1 (LA-COUNTER-03) */
    int8_t charge_two;   /* this period's charge is the first movement of a two-period charge (LA-CHARGE-07) */
    int8_t charge_next;  /* the target of a two-period charge to complete next period, -1 for none */
    int8_t screen_by;    /* enemy skirmishers a charge on a unit behind them goes through: the charger, -1 */
    int8_t fire_on, fire_on_prev; /* the unit it fired on this period and last period, -1 none (LA-FIRE-10) */
    int8_t alt_done;   /* its alternative order was triggered, or an order change replaced it (LA-ORDERS-17) */
    int8_t massed_off;   /* figures off the table while massed (G-22), restored when it unmasses */
    int8_t uf_period;  /* the period of its last test before an action its orders did not provide for (LA-MORALE-11) */
    int8_t uf_ok;      /* that test allows the action for the period (LA-ORDERS-19) */
    int8_t joined;      /* it met an enemy already in a melee with another: 1 + the face of that enemy it met
                           (WG__FACE_*), 0 for none (a melee of its own, LA-MORALEFACT-25) */
    int8_t established; /* ... and that melee was established: it began in an earlier half-period (LA-MOVE-05;
                           T16/T17's in-melee rows, LA-MELEEFACT-16, -21; no charge bonus, LA-CHARGE-05) */
    int8_t by_company; /* a cavalry column of march by company: the front of its column by squadron; 0 by squadron
                          (LA-FORM-22) */
    int8_t col_change; /* the change under way is one of those: 1 into column by company, 2 back by squadron */
    int32_t order_x, order_y, next_x, next_y; /* the order's point (direction or zone centre) */
    int32_t order_r, next_r;                  /* a zone's radius */
    int16_t remainder;     /* losses below a figure (LA-LOSSES-06) */
    int16_t losses_turn;   /* losses this period, fire and melee */
    int16_t pending_loss;  /* fire losses of this fire phase, removed at its end (LA-SEQ-05) */
    int16_t lost_men;      /* every loss so far, for the victory count */
    int16_t fire_turn, fire_prev; /* fire losses suffered this period and the previous one (T15 note (4)) */
    int16_t left_period;   /* the period it left a melee by a retreat or rout result */
    int16_t forming;       /* the period it spends forming after its rout stopped, 0 for none (LA-ROUT-08) */
    int8_t fired, fired_prev; /* it fired this period, the previous one */
    int8_t followed;       /* it followed its beaten opponent: +2 on the next melee turn (T15) */
    int8_t left_from;      /* the opponent of the melee it left by a retreat or rout, -1 for none */
    int32_t x, y, fx, fy;  /* the centre of the front edge, and the facing */
    int32_t pend[3];       /* the committed move's parameters */
    int32_t used;          /* distance used this period (table units) */
    int32_t x0, y0;        /* where it stood at the start of the period (the path of a rout, note (4)) */
    int32_t gx, gy, gfx, gfy; /* artillery: where its guns stand, and their facing, when abandoned */
    /* dismounted cavalry (LA-UNIT-21, -22): on foot as its types' foot version, its mounted figures left as
       the horse park where it dismounted (park figures, 0 once the park is eliminated) */
    int8_t dismounted, park_form, park_front, pad3;
    int16_t park, park_lost; /* figures of the horse park now; and lost with it (eliminated) */
    int32_t px, py, pfx, pfy; /* the park: the centre of its front edge, its facing */
} lg_unit;

/* The guns of a battery (LA-UNIT-05, LA-ARTFIRE-04, LA-MELEERES-17..21). */
enum { LG_G_CREW = 0, LG_G_ABANDONED, LG_G_SPIKED };
/* lg_unit.off: 4 for a battery whose gunners are all lost, its guns left in place (LA-ARTFIRE-04). */
#define LG_OFF_GUNS 4
/* Turns made by a change under way (lg_unit.change_turn). */
enum { LG_TURN_NONE = 0, LG_TURN_LEFT, LG_TURN_RIGHT, LG_TURN_ABOUT };

/* An officer as the period changes him (LA-OFFICER): where he stands, the unit he stays with, the
   command points he spent this period, his committed move. */
typedef struct lg_off {
    int32_t x, y, fx, fy;
    int32_t px, py;    /* a committed move to a point */
    int8_t off;        /* 1 wounded, 2 killed, 3 captured */
    int8_t points;     /* command points spent this period (LA-OFFICER-05) */
    int8_t attached;   /* the unit he stays with (captured: the unit holding him), -1 for none */
    int8_t pend_kind;  /* committed move: -1 none, 0 stays, 1 joins pend_unit, 2 to (px, py), 3 joins pend_unit
                          and offers it a voluntary test (LA-MORALE-06) */
    int8_t pend_unit;
    int8_t hit_melee;  /* the losses that put him at risk came in a melee (else in a fire) */
    int8_t replaces;   /* an aide-de-camp who replaced the general of that index, -1 for none (LA-OFFICER-14) */
    int8_t pad[1];
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
    int8_t flag_w, flag_l; /* the winner and loser of the flag test to roll (LA-FLAGS-02) */
    int8_t fire_ret;    /* the fire being rolled is a charged battery's before it leaves its guns */
    lg_test test[LG_MAX_TESTS];
    int16_t fire_loss;
    int8_t noff, order_unit, order_kind, pad4; /* officers; the order awaiting its reaction test */
    lg_off o[LG_MAX_OFF];
    lg_unit u[LG_MAX];
    int32_t works[LG_MAX_WORKS]; /* table units of each cover feature demolished (LA-TERRAIN-21, -24, -29) */
    signed char line_level[LA_MAX_LINE_LEVELS]; /* what is left of each line: -1 intact (la_path_cost) */
    /* the targets of a unit with a Fire marker (bit j: unit j) at the start of phase 3 and after its
       first half-period (LA-ARTFIRE-03, LA-FIRE-09) */
    uint64_t sight_start[LG_MAX], sight_half[LG_MAX];
    int16_t burning[LG_MAX_WORKS]; /* the period a village caught fire, 0 when it does not burn (LA-TERRAIN-30) */
} lg_state;

/* Game options (doc/aigles.md "Options"). */
enum { LG_O_DATA = 0, LG_O_FIGURE, LG_O_MORALEDIE, LG_O_BREAK, LG_O_FLAGS, LG_O_PREMEASURE, LG_O_UNFORESEEN, LG_NOPT };

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
    /* the cover features (feature k: area k, then line k - nspace): what each is intact (LG_W_*, 0 for
       none) and the length of a side, the step of its demolition (table units) */
    int8_t work_base[LG_MAX_WORKS];
    int8_t fort[LG_MAX_WORKS]; /* areas converted by engineers before the battle: 1 a fortified village, 2 a redoubt (LA-UNIT-08) */
    int32_t work_side[LG_MAX_WORKS];
    int nwork;
} lg_rdata;

/* What a cover feature still is: none, light cover (a hedge), hard cover (a wall), a construction. */
enum { LG_W_NONE = 0, LG_W_LIGHT, LG_W_HARD, LG_W_BUILT };

#define LG_ST(g) ((lg_state *)(g)->state)
#define LG_RD(g) ((const lg_rdata *)(g)->rdata)

/* Actions: kind in the high byte, argument below. */
enum { LG_A_MARK = 1, LG_A_TARGET, LG_A_PIVOT, LG_A_REACT, LG_A_MOVE, LG_A_FIRE, LG_A_DIE, LG_A_CHARISMA, LG_A_OFFMOVE,
       LG_A_ORDER, LG_A_WORK };
#define LG_TWO_PERIODS 0x100 /* a charge target's flag: a two-period charge (LA-CHARGE-07) */
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
    LG_E_ORDER,      /* a[0] officer, a[1] unit, a[2] order, a[3] die, a[4] needed (die below), a[5] accepted,
                        a[6] command bonus of explanation (LA-REACT-04), a[7] reaction bonus of failures (-05) */
    LG_E_ORDERNOW,   /* a[0] unit, a[1] order: an accepted order applies (LA-ORDERS-16) */
    LG_E_CAPTURED,   /* a[0] officer, a[1] enemy unit */
    LG_E_OFFFATE,    /* a[0] officer, a[1] fate (LA_OFFICER_*), a[2] die, a[3] losses, a[4] figures, a[5] unit */
    LG_E_FLAG,       /* a[0] winner, a[1] loser, a[2] die, a[3] modifiers, a[4] total, a[5] taken, a[6] T32 rows
                        applied (bits), a[7] extra units | 15-loss blocks inflicted << 4 | suffered << 8 */
    LG_E_EXPLAIN,    /* a[0] officer, a[1] unit, a[2] periods of explanation so far (LA-REACT-04) */
    LG_E_FREED,      /* a[0] officer, a[1] the unit that freed him, a[2] the captor (LA-OFFICER-12) */
    LG_E_OFFSHOT,    /* a[0] officer, a[1] firer, a[2] losses, a[3] eliminated (LA-OFFICER-13) */
    LG_E_WORK,       /* a[0] unit, a[1] feature, a[2] 1 demolishes / 2 rebuilds, a[3] paces, a[4..5] level before, after, a[6] intact */
    LG_E_GUNS,       /* a[0] battery, a[1] its guns now (LG_G_*), a[2] the enemy unit on them (-1) */
    LG_E_DISCOVER,   /* a[0] unit, a[1] how (LG_DISC_*), a[2] the enemy that came near (-1), a[3..4] where (paces) */
    LG_E_COUNTERMET, /* a[0] charger, a[1] counter-charger, a[2] both charging (else the charger alone) */
    LG_E_BURN,       /* a[0] battery (-1: the fire destroys a[2]), a[1] feature, a[2] die or unit, a[3] caught fire */
    LG_E_REPLACE,    /* a[0] aide-de-camp, a[1] the general he replaces (LA-OFFICER-14) */
    LG_E_ALTORDER,   /* a[0] unit, a[1] order, a[2] trigger (LA_ALT_*), a[3] period (LA-ORDERS-17) */
    LG_E_DISMOUNT,   /* a[0] unit, a[1] park figures, a[2] foot figures, a[3] formation on foot (LA-UNIT-21) */
    LG_E_PARK        /* a[0] unit, a[1] the enemy that contacted its park, a[2] figures eliminated, a[3] 1 combat, 2 fire
                        (LA-UNIT-22) */
};
/* The order-menu entry of an explanation instead of an order (LA-REACT-04): unit | LG_EXPLAIN << 8. */
#define LG_EXPLAIN 0x7f
/* The order-menu entry of an aide-de-camp replacing a general (LA-OFFICER-14): general | LG_REPLACE << 8. */
#define LG_REPLACE 0x7e

/* How a hidden unit is discovered (LA-TERRAIN-07, LA-LOS-09, LA-FIRE-21). */
enum { LG_DISC_FIRED = 0, LG_DISC_NEAR, LG_DISC_LEFT, LG_DISC_CHARGED };

/* ---- la_game.c ---- */
extern const wg_ruleset_ops wg__aigles_ops;
/* The unit as the rule modules see it (the battle's companies with the state's figures). */
void lg_unit_of(la_unit *out, const wg_game *g, int i);
/* la_unit_status of lg_unit_of(g, i), without the copy: the worst status of its companies with
   figures left, on foot when dismounted. */
int lg_status(const wg_game *g, int i);
/* The footprint of unit i as the state has it (la_unit_footprint of lg_unit_of).  Inside a step of the
   game (options, apply) it is kept in the game's scratch for the rest of the step, keyed by what it
   depends on; elsewhere computed. */
int lg_footprint_of(wg_quad *q, const wg_game *g, int i);
/* la_unit_footprint of u at the game's scale from the game's tables (the base sizes kept for the step). */
int lg_unit_footprint(wg_quad *q, const wg_game *g, const la_unit *u);
int lg_figures(const lg_unit *x);
int lg_active(const lg_state *s, int i);      /* on the table, not a prisoner */
int lg_controlled(const lg_state *s, int i);  /* obeys its orders: obey or halt, or uncontrolled */
int lg_gone(const lg_state *s, int i);        /* off the table, in rout or in flight: counts to break its side (LA-VICTORY-01) */
int lg_side(const wg_game *g, int i);
la_move_env lg_env(const wg_game *g);
la_field lg_field(const wg_game *g);
wg_table *const *lg_tabs(const wg_game *g);
const char *lg_name(const wg_game *g, int i);
int lg_sees(const wg_game *g, int a, int b);
int32_t lg_gap(const wg_game *g, int a, int b);
int lg_overlaps(const wg_game *g, const la_unit *u, int self, int *with);
int lg_per_figure(const wg_game *g);
/* The arm unit i fights as: its foot version's (infantry) when dismounted (LA-UNIT-21). */
int lg_arm(const wg_game *g, int i);
/* The horse park of dismounted unit i as a unit standing where it dismounted (LA-UNIT-21); and whether
   unit i has a park on the table. */
void lg_park_of(la_unit *out, const wg_game *g, int i);
int lg_has_park(const wg_game *g, int i);
/* Unit i as its foot version with its figures where it stands (0 when a company has no foot type). */
int lg_foot_of(la_unit *out, const wg_game *g, int i);
/* Where cavalry unit i would deploy on foot if it dismounted now (LA-UNIT-21): 0 when it may not. */
int lg_dismount_plan(const wg_game *g, int i, la_unit *foot);
/* The horse parks that enemy units touch are eliminated with their horses (LA-UNIT-22). */
int lg_parks_contacted(wg_game *g);
/* Eliminates the horse park of unit i, contacted by unit `by` in combat (how 1) or by fire (2). */
int lg_park_eliminated(wg_game *g, int i, int by, int how);
/* The enemy units whose horse park unit i may fire at (in range, arc and sight, LA-UNIT-22): the fire
   option LG_FIRE_PARK | unit; and the distance to a park (table units). */
#define LG_FIRE_PARK 0x200
int lg_park_targets(const wg_game *g, int i, int *out, int cap);
int32_t lg_park_gap(const wg_game *g, int i, int j);

/* ---- la_turn.c ---- */
void lg_decision(const wg_game *g, int *player, int *kind);
int lg_options(wg_game *g);
int lg_apply(wg_game *g, uint64_t a);
int lg_begin(wg_game *g); /* the first decision after set-up */
int lg_marker_ok(const wg_game *g, int i, int m, char *why);
int lg_move_options(const wg_game *g, int i, int *kinds, int *forms, int cap);
/* The targets of unit i's fire: units, and isolated officers as LG_MAX + officer (LA-OFFICER-13). */
int lg_fire_targets(const wg_game *g, int i, int *targets, int cap);
/* The same before the target priorities (LA-FIRE-10): sight, range, arc (the odds of any such fire). */
int lg_fire_reachable(const wg_game *g, int i, int *targets, int cap);
#define LG_NTARGETS (LG_MAX + LG_MAX_OFF)
/* The distance from unit i to fire target t (a unit or LG_MAX + officer), table units. */
int32_t lg_fire_gap(const wg_game *g, int i, int t);
int lg_charge_targets(const wg_game *g, int i, int *targets, int cap);
int lg_two_period_targets(const wg_game *g, int i, int *targets, int cap);
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
/* After a battery's fire at target (losses on it, the die): the round shot's penetration and rebound
   onto the units behind, or canister through a skirmish screen (LA-ARTFIRE-09..14). */
/* Records the targets of each unit with a Fire marker now: at the start of phase 3 (half 0) or after
   its first half (1). */
void lg_note_targets(wg_game *g, int half);
int lg_fire_penetration(wg_game *g, int firer, int target, int kind, int losses, int die);
int lg_melee_setup(const wg_game *g, int a, int b, la_melee_side *ms, la_applied *ap, int *nap, char *err);
/* An engineer unit of the same side in base contact with infantry unit i, -1 for none (LA-UNIT-10); the same
   when i stands in a construction or hard cover (the defender's support, T19). */
int lg_engineers_of(const wg_game *g, int i);
/* A charge's reach from unit i at t, half as far again when i is a narrow column on a road running to
   t (LA-TERRAIN-17). */
int32_t lg_road_reach(const wg_game *g, int i, int t, int32_t reach);
/* Cover features (la_works.c): set-up, the level a feature stands at now, the feature of an area or a
   line (-1 when it is none), the features a battery may demolish and an engineer unit rebuild. */
void lg_works_setup(const wg_game *g, lg_rdata *rd);
/* The battle's conversions by engineer companies (LA-UNIT-08): WG_EDATA naming the record's fault. */
int lg_fortify_setup(const wg_game *g, lg_rdata *rd, char *err);
/* Whether the area is a redoubt (built or converted): a unit in it counts as in line on a slope. */
int lg_is_redoubt_area(const wg_game *g, int area);
int lg_work_level(const wg_game *g, int k);
int lg_work_of_area(const wg_game *g, int area);
int lg_work_of_line(const wg_game *g, int line);
int lg_work_targets(const wg_game *g, int i, int *out, int cap);
int lg_work_do(wg_game *g, int i, int k);
const char *lg_work_name(const wg_game *g, int k);
/* The cover (LA_COVER_*) an area gives now, from its flags and what is left of it. */
int lg_area_cover(const wg_game *g, int area, uint32_t flags);
/* Villages a battery with a howitzer may try to set on fire (option arg LG_W_FIRE | k), the die of the
   attempt, and the units destroyed in a village that burns since the period before (LA-TERRAIN-30). */
#define LG_W_FIRE 0x100
int lg_burn_targets(const wg_game *g, int i, int *out, int cap);
int lg_burn_die(wg_game *g, int i, int k, int die);
int lg_burn_units(wg_game *g);
int lg_engineers_defending(const wg_game *g, int i);
/* The infantry unit of its side engineer unit i is in base contact with, -1 for none: the engineers move
   at its speed (LA-UNIT-10). */
int lg_engineers_escort(const wg_game *g, int i);
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
/* The flag test of the melee just won (option flags, LA-FLAGS-02..06), with its die. */
int lg_flag_test(wg_game *g, int die);
/* The T32 modifiers of unit w's test for the flag of unit l: their sum, the rows (bits) and counts. */
int lg_flag_mods(const wg_game *g, int w, int l, int *sum, int *rows, int *counts, char *err);
/* Whether a unit of this status refuses to surrender on morale result res (LA-PRISON-02). */
int lg_refuses_surrender(int status, int res);
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
int lg_interpenetration_ok(const wg_game *g, int i, const la_unit *from, const la_unit *to, char *why);
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
/* The same for melee losses (LA-MELEE-14): on the first turn from the front rank, regulars first;
   after it from elite and regular companies in proportion to their figures. */
int lg_take_melee_losses(wg_game *g, int i, int losses, int first_turn);
/* A battery's gunners leave their guns where they stand (LA-ARTFIRE-04, LA-ROUT-09, LA-FLIGHT-05). */
void lg_leave_guns(lg_unit *x);
/* The sections of battery i still on the table (LA-LOSSES-04); 0 for other arms and spiked guns. */
int lg_sections(const wg_game *g, int i);
/* The guns of battery i as a unit in battery where they stand (all its sections), and their gap to
   unit j's footprint (table units). */
void lg_guns_of(la_unit *out, const wg_game *g, int i);
int lg_guns_gap(const wg_game *g, int battery, int j, int32_t *d);
/* Whether pending test k is still to be taken. */
int lg_test_due(const wg_game *g, int k);
/* The army-list type of company c of unit i. */
const la_type *lg_type_of(const wg_game *g, int i, int c);

/* ---- la_officers.c ---- */
/* Officer k as the rule modules see him (the battle's officer where the state puts him). */
void lg_officer_of(la_officer *out, const wg_game *g, int k);
/* Whether officer k's base touches the unit's footprint. */
int lg_officer_touches(const wg_game *g, int k, int unit);
/* Whether an aide-de-camp replaced general k (LA-OFFICER-14). */
int lg_general_replaced(const wg_game *g, int k);
/* The unit's tactical order as it stands now (the battle's, or one accepted since). */
void lg_order_of(la_order *out, const wg_game *g, int i);
/* The officer's committed-move options for the half-period: 0 stays, 1 + u joins unit u, and the
   precise move (LG_OFF_POINT); their number. */
#define LG_OFF_POINT 0xff
/* joins unit u and offers it a voluntary test (LA-MORALE-06): LG_OFF_TEST | (1 + u) */
#define LG_OFF_TEST 0x100
int lg_officer_moves(const wg_game *g, int k, int *opts, int cap);
int lg_officer_move_ok(const wg_game *g, int k, int32_t x, int32_t y, char *why);
/* The officers' committed moves carried out, last (LA-MOVE-01, LA-OFFICER-10); officers with a unit
   follow it; an officer an enemy touches is captured (LA-OFFICER-11). */
int lg_officers_move(wg_game *g);
int lg_officers_follow(wg_game *g);
/* The officers unit `loser` held prisoner, freed when `winner` is of their side (LA-OFFICER-12). */
int lg_officers_freed(wg_game *g, int winner, int loser);
/* The order changes officer k may give now: unit | kind << 8 in out; their number. */
int lg_order_menu(const wg_game *g, int k, int *out, int cap);
/* The officer deciding order changes now (-1 for none left), from officer `from` on. */
int lg_next_orderer(const wg_game *g, int from);
/* Unit u accepts order `kind` for the next period, its parameters drawn from the position: attack and
   harass toward the nearest enemy, defend where it stands, deny before the nearest enemy, neutralise
   the nearest enemy, support and cover the nearest friend. */
void lg_set_next_order(wg_game *g, int u, int kind);
/* The accepted orders take effect (the start of a period, LA-ORDERS-16), after the alternative orders
   their events trigger (LA-ORDERS-17). */
int lg_orders_apply(wg_game *g);
/* Losses of unit i put the officers with it at risk (LA-OFFLOSS-01, -02): the heaviest of the period. */
void lg_officers_hit(wg_game *g, int i, int losses, int figures, int melee);
/* The next officer whose fate is to be rolled, -1 for none; his fate for a die, applied. */
int lg_next_fate(const wg_game *g);
int lg_officer_fate(wg_game *g, int k, int die);

/* ---- la_hidden.c: units hidden by the ground (LA-TERRAIN-07..12, LA-LOS-09, LA-FIRE-21) ---- */
/* The ground that hides: the topmost area's terrain at p. */
enum { LG_G_OPEN = 0, LG_G_WOOD, LG_G_FIELD, LG_G_ROCKY };
int lg_ground_at(const wg_game *g, wg_pt p, int *area);
/* The wood unit i stands in (its footprint's centre), -1 for none. */
int lg_wood_of(const wg_game *g, int i);
/* The distance from unit i's footprint to the edge of area `area` (table units; 0 across it). */
int32_t lg_edge_gap(const wg_game *g, int i, int area);
/* Whether unit i stands where the ground hides it: any unit in a wood, infantry in line in a field,
   skirmishing infantry on rocky ground. */
int lg_concealed(const wg_game *g, int i);
/* Whether unit i is hidden from viewer (a player; the referee and its own side see it). */
int lg_hidden_from(const wg_game *g, int i, int viewer);
/* Whether unit i is hidden from unit j's side. */
int lg_hidden_to(const wg_game *g, int i, int j);
/* The units hidden at the start: concealed, no enemy within 20/15 paces. */
void lg_hide_setup(wg_game *g);
/* Unit i discovered (how LG_DISC_*, by the enemy that came near or -1): the event, and the tests of
   the enemies that now see it within 150/100 paces (LA-MORALE-07). */
int lg_reveal(wg_game *g, int i, int how, int by);
/* After the moves of a half-period: hidden units that left their cover or that an enemy came within
   20/15 paces of are discovered. */
int lg_update_hidden(wg_game *g);
/* The visibility of an event about unit i's own doings: its side only while it is hidden. */
uint32_t lg_vis(const wg_game *g, int i);
/* Woods and fire (LA-TERRAIN-08, -09): whether unit i may fire at unit j; the rule in why when not. */
int lg_wood_fire_ok(const wg_game *g, int i, int j, char *why);
/* A battery fires downhill only with its front over the crest line between it and the target (a
   crest higher than the target's ground), LA-LOS-03; on a plateau, at the same level, it may. */
int lg_battery_crest_ok(const wg_game *g, int i, int j);
/* Woods and charges (LA-TERRAIN-12): whether cavalry unit i may declare a charge from where it stands. */
int lg_wood_charge_ok(const wg_game *g, int i);
/* The cover the target's ground gives against fire: the least cover under its footprint's corners and
   centre (LA-FIRE-04), light in a wood (LA-TERRAIN-08), and that of a hedge or wall within a base depth
   between firer and target (LA-TERRAIN-20); LA_COVER_*. */
int lg_fire_cover(const wg_game *g, int firer, int target);
/* Whether the other side may read distances involving unit i now (option premeasure=no: only once its
   fire or charge is declared, LA-SCALE-07, LA-ARTFIRE-07). */
int lg_may_measure(const wg_game *g, int i);
/* The hidden units of the other side of viewer drawn anew where the ground would hide them. */
void lg_redraw_hidden(wg_game *g, int viewer, wg_pcg *rng);
/* Whether u (the unit `self`) overlaps a unit its side knows of (lg_overlaps without the hidden). */
int lg_overlaps_known(const wg_game *g, const la_unit *u, int self, int *with);

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

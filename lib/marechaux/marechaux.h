/* Les Maréchaux (Junot 1808, Soult 1809): internal interfaces of the ruleset.
 *
 * Files, one phase each:
 *   mr_calc.c     pure computations (command, disengagement, fatigue draws, strength ratio,
 *                 amplitude, combat potential, demoralization, pursuit, commander test)
 *   mr_melee.c    the melee table (printed cells built in, other rows supplied or gaps)
 *   mr_data.c     the data pack loader (units, zones, connections, events, fatigue mix)
 *   mr_query.c    questions about the state (stacks, enemies, paths, morale)
 *   mr_turn.c     set-up placement and the initiative phase (A)
 *   mr_events.c  the events phase (B)
 *   mr_admin.c    VP and eliminations, the administrative phase (D), the end of the game
 *   mr_odds.c     exact odds
 *   mr_ops.c      operations: choice, stack forming, command test, disengagement, decoys, events
 *   mr_move.c     movement, fatigue draws, axes of retreat, forced passage
 *   mr_combat.c   the combat procedure
 *   mr_view.c     per-viewer texts: describe, events, labels; pieces, ids and typed attributes
 *   mr_ruleset.c  the ops table
 */
#ifndef WG_MARECHAUX_H
#define WG_MARECHAUX_H

#include "internal.h"
#include "pool.h"

extern const wg_ruleset_ops wg__marechaux_ops;

/* The bundled data packs (lib/embeds.cmake). */
#include "embedded.h"

/* ---------------------------------------------------------------- sizes */
#define MR_MAXU 80   /* counters: units, commanders, decoys, garrisons, fleet */
#define MR_MAXZ 64   /* zones */
#define MR_MAXC 128  /* connections */
#define MR_MAXEVT 24 /* event kinds */
#define MR_MAXBOX 10 /* strength boxes of an infantry unit */
#define MR_NAMELEN 32

/* ---------------------------------------------------------------- ranges of the pack's numbers
   (doc/marechaux.md, "Data"): every real pack satisfies them with a wide margin, and every sum the
   rules compute from them fits the state's fields (CP totals and differences in int8_t, fatigue in
   uint8_t, MP in uint8_t, VP in int16_t). */
#define MR_MAX_TURNS 60          /* scenario TURNS, FIRST_EXIT_VP_TURN */
#define MR_MAX_SMALL_VALUE 9     /* morale, box morale, SV, defensive values, event values, fatigue values */
#define MR_MAX_VP 99             /* scenario OBJECTIVE_VP */
#define MR_MAX_DECOYS 10         /* decoys per side */
#define MR_MAX_MP 99             /* unit MP */
#define MR_MAX_COST 9999         /* connection cost (as the core map format) */
#define MR_MAX_COUNT 99          /* markers of one fatigue value */
#define MR_MAX_FATIGUE_TOTAL 255 /* sum of VALUE x COUNT over the fatigue mix */
#define MR_MAX_GARRISONS 20      /* garrison counters of one record */
#define MR_MAX_EVENT_COUNT 50    /* counters of one event kind per side (container and hand together) */
#define MR_MAX_EVENT_CP 99       /* CP a side gains from events in one combat (saturates) */

enum { MR_AA = 0, MR_FR = 1 };

/* Unit kinds. */
enum {
    MR_K_INF = 0,
    MR_K_CAV = 1,
    MR_K_ART = 2,
    MR_K_BAG = 3,
    MR_K_CDR = 4,
    MR_K_GAR = 5,
    MR_K_DECOY = 6,
    MR_K_FLEET = 7
};

/* Zone terrain (LM-MAP-01). */
enum { MR_T_CLEAR = 0, MR_T_DEFENSIVE = 1, MR_T_TOWN = 2 };

/* Zone flags. */
#define MR_ZF_PORT 0x01u
#define MR_ZF_SOUTH 0x02u    /* south of the Douro (1809 VP) */
#define MR_ZF_OFFMAP 0x04u   /* the off-map box reached by "Vers Espagne" exits */
#define MR_ZF_LOC_AA 0x08u   /* an AA line of communication */
#define MR_ZF_LOC_FR 0x10u   /* a French line of communication */
#define MR_ZF_OBJ 0x20u      /* the control objective (Lisbon, Oporto) */
#define MR_ZF_SETUP 0x40u    /* a free placement zone (1809 A, B, C) */

/* Connection type = base | flags (stored as the map connection type). */
#define MR_C_BASE(t) ((t)&7)
enum { MR_C_ROUTE = 0, MR_C_ROAD = 1, MR_C_PATH = 2, MR_C_BOAT = 3, MR_C_FERRY = 4, MR_C_EXIT = 5 };
#define MR_CF_STREAM 0x08  /* crosses a stream or a river */
#define MR_CF_BRIDGE 0x10  /* the crossing is a bridge */
#define MR_CF_IMPASS 0x20  /* impassable */

/* Event effects (the data pack names one per event kind). */
enum {
    MR_E_NONE = 0,    /* no engine effect (held, then discarded when played) */
    MR_E_CP = 1,      /* combat: add the event's value to CP (window after amplitude) */
    MR_E_BURRARD = 2, /* the game ends at the end of this turn */
    MR_E_CANICULE = 3,
    MR_E_CHARGE = 4,  /* Charge Incontrôlée */
    MR_E_COUNTER = 5, /* Counter Battery */
    MR_E_LANDING = 6, /* Débarquement */
    MR_E_ARGENTON = 7
};

/* ---------------------------------------------------------------- shared read-only data */
typedef struct mr_unitdef {
    char name[MR_NAMELEN];
    int side, kind;
    int mp;
    int nbox;
    int box[MR_MAXBOX]; /* morale printed in each box, left to right (infantry) */
    int morale;         /* cavalry, garrison */
    int sv;             /* commanders */
    int cic;            /* commander in chief */
    int british;        /* British (not Portuguese) cavalry, for Charge Incontrôlée */
    int setup_zone;     /* zone at set-up, -1: none (pool / reinforcement / free placement) */
    int freeplace;      /* 1809 free placement in zones A, B, C */
    int landing;        /* arrives with Débarquement */
} mr_unitdef;

typedef struct mr_evdef {
    char name[MR_NAMELEN];
    int effect;
    int value; /* CP value for MR_E_CP */
    int star;
} mr_evdef;

typedef struct mr_rdata {
    wg_refcount refs;
    wg_ctx *ctx; /* the context that allocated it (clones in other contexts share it) */
    int scen; /* 0 = 1808, 1 = 1809 */
    int nunit;
    mr_unitdef unit[MR_MAXU];
    int nzone;
    int terrain[MR_MAXZ];
    int defval[MR_MAXZ];
    uint32_t zflags[MR_MAXZ];
    int nconn;
    int ca[MR_MAXC], cb[MR_MAXC], ctype[MR_MAXC], ccost[MR_MAXC];
    int nft;
    int ftval[WG_POOL_MAXTYPES];
    int ftcount[WG_POOL_MAXTYPES];
    int nevt;
    mr_evdef evt[MR_MAXEVT];
    int container[2][MR_MAXEVT];
    int hand[2][MR_MAXEVT];
    int turns;
    int may18_turn; /* 1809: first turn whose exits score */
    int decoys[2];
    int obj_vp;
    int first_turn_init; /* -1 or the side that has the initiative on turn 1 */
    int cic[2];          /* unit index of each side's commander in chief, -1 none */
    int fleet;           /* unit index of the fleet, -1 none */
    char melee[100][7][8]; /* supplied melee cells ("" = not supplied), rows 0..99 (MR_MELEE_ROWS) */
    char date0[16];      /* first date, e.g. "August 16" */
    int day0;
} mr_rdata;

/* ---------------------------------------------------------------- game state (POD) */

/* Unit zone values besides a zone id. */
#define MR_Z_POOL (-1) /* not on the map: a decoy or garrison counter not in use, a reinforcement */
#define MR_Z_ELIM (-2)
#define MR_Z_EXIT (-3) /* left the map toward Spain */

/* Unit flags. */
#define MR_UF_ACT 0x01u    /* activated this turn */
#define MR_UF_DEMOR 0x02u  /* demoralized */
#define MR_UF_RIVER 0x04u  /* "Dos à la rivière" */
#define MR_UF_SEL 0x08u    /* in the acting stack */
#define MR_UF_STOP 0x10u   /* stopped by fatigue this movement */
#define MR_UF_HADAC 0x20u  /* had "A combattu" at the end of phase C (recuperation) */
#define MR_UF_REVEAL 0x40u /* turned over (combat, Argenton) */
#define MR_UF_FTLOSS 0x80u /* lost a step to fatigue this movement */

typedef struct mr_ustate {
    int8_t zone;
    uint8_t steps;
    uint8_t gar_loss; /* losses taken to create garrisons (not recoverable) */
    uint8_t flags;
    uint8_t acomb; /* "A combattu" markers */
    uint8_t mp;    /* MP left this movement */
    uint8_t fought; /* combats fought this turn (GAP-54 bookkeeping) */
    uint8_t follow; /* MR_FOLLOWS: a decoy going with the acting stack this operation (LM-DECOY-03);
                       MR_TOGGLE1/2: toggled once / twice in this forming (no endless toggling) */
} mr_ustate;

#define MR_FOLLOWS 0x01u
#define MR_TOGGLE1 0x02u /* toggled once in this forming */
#define MR_TOGGLE2 0x04u /* toggled twice: back as it was, no more toggles (no endless toggling) */
#define MR_TOGGLED(f) ((f) & MR_TOGGLE1 ? (uint8_t)(((f) & ~MR_TOGGLE1) | MR_TOGGLE2) : (uint8_t)((f) | MR_TOGGLE1))

/* Stages: what the game waits for. */
enum {
    MR_S_PLACE = 1,
    MR_S_INIT = 2,      /* chance: initiative dice */
    MR_S_EVDRAW = 3,    /* chance: event draw of side `who` */
    MR_S_EVKEEP = 4,    /* keep / tempt fate */
    MR_S_OPS = 5,       /* choose an operation */
    MR_S_FORM = 6,      /* form the acting stack */
    MR_S_CMDROLL = 7,   /* chance: command test */
    MR_S_DISROLL = 8,   /* chance: disengagement */
    MR_S_MOVE = 9,      /* next connection / stop / drop */
    MR_S_FDRAW = 10,    /* chance: fatigue marker */
    MR_S_FRETURN = 11,  /* give a drawn marker back */
    MR_S_AXIS = 12,     /* the other side places its Retraite marker */
    MR_S_FORCE = 13,    /* stop or force the passage */
    MR_S_CDRROLL = 14,  /* chance: commander elimination 2d6 */
    MR_S_CDRMOVE = 15,  /* surviving lone commander: where to */
    MR_S_WITHDRAW = 16, /* cavalry withdrawal: yes / no */
    MR_S_CBEVENT = 17,  /* play combat events */
    MR_S_ARTROLL = 18,  /* chance: artillery successes */
    MR_S_HEAD = 19,     /* name the head unit */
    MR_S_CPROLL = 20,   /* chance: CP die */
    MR_S_LOSS = 21,     /* allocate a loss */
    MR_S_RETREAT = 22,  /* choose the next retreat zone */
    MR_S_DEMROLL = 23,  /* chance: demoralization */
    MR_S_PURSUIT = 24,  /* chance: pursuit dice */
    MR_S_RECUP = 25,    /* chance: recuperation / rally die of unit `cur` */
    MR_S_OVER = 26,
    MR_S_DECLARE = 27   /* declare cavalry steps for a disengagement (non-phasing first) */
};

/* The acting movement. */
typedef struct mr_move {
    int8_t zone;       /* current zone */
    int8_t from;       /* zone before the last connection, -1 at the start */
    int16_t conn;      /* last connection crossed, -1 none */
    uint8_t fatigue;   /* accumulated fatigue */
    uint8_t pending;   /* fatigue markers still to draw for this connection */
    uint8_t bag_ret;   /* baggage return still available */
    uint8_t cdr_ret;   /* commander return still available */
    uint8_t after_dis; /* this movement follows a disengagement */
    uint8_t nconn;     /* connections crossed */
    uint8_t canicule;  /* drawn marker(s) that cannot be returned */
    uint8_t drawn[WG_POOL_MAXTYPES]; /* markers drawn and kept this movement */
    uint8_t forced;    /* the stack is forcing a passage */
    uint8_t started;   /* at least one step taken (pre-move draws done) */
    uint8_t half;      /* command test gave half MP */
    uint8_t boat;      /* crossed a small-boat/ferry connection: movement ends */
    int8_t start;      /* zone where the movement started */
    int8_t lonecdr;    /* lone enemy commander under test, -1 none */
    uint8_t garr;      /* a garrison was created or recovered in this movement */
} mr_move;

/* The combat in progress. */
typedef struct mr_combat {
    int8_t zone;
    int8_t att;        /* attacking side */
    int8_t forced;     /* forced passage */
    int8_t step;       /* position in the procedure */
    int8_t head[2];    /* head unit per side */
    int8_t wdside;     /* side attempting a cavalry withdrawal */
    int8_t winner;     /* -1 draw */
    int8_t evcp[2];    /* CP from events */
    int8_t art[2];     /* artillery successes counted */
    int8_t counter[2]; /* Counter Battery played by side */
    int8_t charge;     /* Charge Incontrôlée played */
    int8_t ratio[2];
    int8_t cp[2];
    int8_t die[2];
    int8_t diff;
    int8_t amplitude;
    int8_t loss[2];     /* losses still to allocate */
    int8_t lossfirst[2];/* the next loss is the forced first loss */
    int8_t losskind[2]; /* 0 free, 1 baggage/artillery first (pursuit) */
    int8_t lost[2];     /* steps lost in this combat */
    int8_t retreat;     /* zones to retreat */
    int8_t retreated;   /* zones retreated */
    int8_t rzone;       /* loser's current zone during retreat */
    int8_t ratio10[2];  /* ratio above ten */
    int8_t prdie[2];    /* pursuit dice */
    int8_t cdr;         /* commander being tested */
    int8_t wdok;        /* withdrawal succeeded */
    int8_t newhead;     /* bit per side: the head unit was gone and the best eligible unit stands in (GAP-12) */
    int8_t pad[4];
} mr_combat;

typedef struct mr_state {
    uint8_t stage;
    int8_t who;       /* the side that decides (or whose chance) */
    uint8_t turn;     /* 1-based */
    int8_t first;     /* initiative winner */
    int8_t phasing;   /* side conducting the current operation */
    uint8_t passes;   /* consecutive passes */
    uint8_t over;
    uint8_t burrard;
    uint8_t canicule;
    uint8_t combat_turn;   /* a combat was declared this turn */
    uint8_t fleet_done;    /* the fleet decision of this turn was taken */
    uint8_t decoy_done;    /* in this decision: 1 a decoy was added, 2 one was removed (LM-DECOY-03) */
    uint8_t evdrawn[2];    /* event kind drawn this phase B + 1, 0 none */
    int8_t cur;            /* unit under test (administrative phase) */
    uint8_t admin_pass;    /* 0 recuperation, 1 rally */
    int16_t vp[2];         /* VP scored so far by each side */
    int8_t init_die[2];
    int8_t axis[MR_MAXZ][2]; /* per zone, per side: connection of the Retraite marker, -1 none, -2 none possible */
    int8_t decl[2]; /* disengagement: cavalry steps declared (-1 not asked yet, 0 declined, 1 declared) */
    int8_t hand[2][MR_MAXEVT]; /* events held */
    uint8_t boat_used[MR_MAXC];
    uint8_t reveal_aa[MR_MAXZ]; /* Argenton: zones turned over for AA until the end of the operation or phase */
    uint8_t zfought[MR_MAXZ];   /* GAP-54, per zone this turn: MR_ZFOUGHT, MR_ZNEW(side) */
    wg_pool fatigue;
    wg_pool container[2];
    mr_move mv;
    mr_combat cb;
    mr_ustate u[MR_MAXU];
    /* per unit: the enemy's candidates for the counter holding it, a bit per unit (mr_know.c) */
    uint8_t amb[MR_MAXU][(MR_MAXU + 7) / 8];
    /* per counter on the map: the id the enemy knows it by (its sighting, MR_SID0 and up, never
       reused), 0 none yet; per side, the next fresh sighting id of its counters (mr_know.c) */
    uint32_t sid[MR_MAXU];
    uint32_t next_sid[2];
} mr_state;

#define MR_SID0 1001u

/* zfought: a combat was fought in the zone this turn; a stack of side entered the zone since. */
#define MR_ZFOUGHT 1u
#define MR_ZNEW(side) (2u << (side))

#define MR_ST(g) ((mr_state *)(g)->state)
#define MR_RD(g) ((const mr_rdata *)(g)->rdata)

/* ---------------------------------------------------------------- actions */
#define MR_ACT(t, arg) (((uint64_t)(t) << 32) | (uint64_t)(uint32_t)(arg))
#define MR_ATYPE(a) ((int)((a) >> 32))
#define MR_AARG(a) ((int)(uint32_t)(a))
enum {
    MR_A_ROLL = 1,     /* a die value, a sum, or an outcome index */
    MR_A_DRAW = 2,     /* a pool type */
    MR_A_PLACE = 3,    /* zone for the next unit to place */
    MR_A_HISTORIC = 4, /* 1809 historical placement */
    MR_A_KEEP = 5,
    MR_A_TEMPT = 6,
    MR_A_PASS = 7,
    MR_A_MOVE = 8,     /* zone: form a stack to move */
    MR_A_DISENG = 9,   /* zone: form a stack to disengage */
    MR_A_COMBAT = 10,  /* zone: form a stack to attack */
    MR_A_FLEET = 11,   /* port zone */
    MR_A_LANDING = 12,
    MR_A_ARGENTON = 13, /* z1 * 256 + z2 */
    MR_A_DECOY_ADD = 14,
    MR_A_DECOY_DEL = 15,
    MR_A_TOGGLE = 16,   /* unit */
    MR_A_DONE = 17,
    MR_A_CONN = 18,     /* connection */
    MR_A_STOP = 19,
    MR_A_DROP = 20,     /* unit */
    MR_A_GARRISON = 21, /* unit */
    MR_A_RECOVER = 22,  /* unit */
    MR_A_FRETURN = 23,  /* pool type */
    MR_A_NORETURN = 24,
    MR_A_AXIS = 25,     /* connection */
    MR_A_FORCE = 26,
    MR_A_WITHDRAW = 27,
    MR_A_STAY = 28,
    MR_A_EVENT = 29,    /* event kind */
    MR_A_NOEVENT = 30,
    MR_A_HEAD = 31,     /* unit */
    MR_A_LOSS = 32,     /* unit */
    MR_A_RETREAT = 33,  /* connection */
    MR_A_CDRZONE = 34,  /* zone */
    MR_A_DECLARE = 35   /* 1 declare, 0 decline */
};

/* Event kinds (wg_event.kind). */
enum {
    MR_EV_TURN = 1,
    MR_EV_INIT,
    MR_EV_EVDRAW,
    MR_EV_EVKEEP,
    MR_EV_EVTEMPT,
    MR_EV_EVPLAY,
    MR_EV_PASS,
    MR_EV_PHASE_END,
    MR_EV_CMD,
    MR_EV_DISENG,
    MR_EV_CONN,
    MR_EV_FDRAW,
    MR_EV_FRETURN,
    MR_EV_FLOSS,
    MR_EV_AXIS,
    MR_EV_AXIS_LOST,
    MR_EV_COMBAT,
    MR_EV_REVEAL,
    MR_EV_DECOY_GONE,
    MR_EV_WITHDRAW,
    MR_EV_ART,
    MR_EV_CP,
    MR_EV_MELEE,
    MR_EV_LOSS,
    MR_EV_RETREAT,
    MR_EV_DEMOR,
    MR_EV_PURSUIT,
    MR_EV_CDR,
    MR_EV_ACOMB,
    MR_EV_ELIM,
    MR_EV_RECUP,
    MR_EV_RALLY,
    MR_EV_VP,
    MR_EV_END,
    MR_EV_PLACE,
    MR_EV_FLEET,
    MR_EV_LANDING,
    MR_EV_DECOY,
    MR_EV_GARRISON,
    MR_EV_STOP,
    MR_EV_EXIT,
    MR_EV_BAGELIM,
    MR_EV_ARGENTON,
    MR_EV_ACTIVATE,
    MR_EV_DECLARE,
    MR_EV_ARGENTON_UNIT, /* a French counter turned over by Argenton: read in full by AA and the referee */
    MR_EV_AXIS_GONE,     /* the Retraite markers of a zone removed: one side is left (LM-RETREATAXIS-07) */
    MR_EV_LONECDR,       /* a lone commander meets an enemy stack and is to test (LM-CDR-04): his counters show */
    MR_EV_NOFIGHT,       /* an attack on counters that hold no unit that fights: no combat (LM-COMBAT-01) */
    MR_EV_ADMIN          /* the administrative phase: how many counters each side rolls for (LM-ADMIN-01) */
};

/* ---------------------------------------------------------------- knowledge (mr_know.c) */

/* What a step may change in the enemy's knowledge: each counter's zone, front and whether the enemy
   saw it, before the step. */
typedef struct mr_know_snap {
    int8_t zone[MR_MAXU];
    unsigned front[MR_MAXU];
    uint8_t hidden[MR_MAXU];
} mr_know_snap;

void mr_know_init(wg_game *g);
void mr_know_before(const wg_game *g, mr_know_snap *k);
int mr_know_after(wg_game *g, const mr_know_snap *k);
/* Gives a fresh sighting id to every counter the enemy sees on the map without one (after set-up and
   after each step); the order depends only on what the enemy sees. */
void mr_know_ids(wg_game *g);
/* The piece id of unit u for viewer (doc/marechaux.md): u + 1 for its side and the referee, its
   sighting id for the enemy. */
uint32_t mr_piece_id(const wg_game *g, int viewer, int u);
/* Is unit u on the map for the viewer (the 1809 free placement hides them from the French)? */
int mr_shown(const wg_game *g, int viewer, int u);
/* The unit of piece i for viewer, in the order of mr_piece; -1 when out of range. */
int mr_piece_unit(const wg_game *g, int viewer, size_t i, size_t *count);
/* ops->attr_keys and ops->attr (mr_view.c) */
extern const wg_attr_key mr_piece_keys[], mr_option_keys[], mr_space_keys[];
int mr_attr(const wg_game *g, int viewer, int of, size_t i, int key, int64_t *iv, wg_sb *sb);
/* The enemy now knows what the counters of `side` in zone z are (a lone commander's test). */
void mr_know_identify_zone(wg_game *g, int z, int side);
/* The enemy knows what counter u is (a stack entering an enemy zone showed it is no lone commander). */
void mr_know_identify_unit(wg_game *g, int u);
/* ops->determinize and ops->event_reveals */
/* The matching of hidden counters to identities mr_determinize works in (its scratch). */
typedef struct mr_match {
    int n;
    int id[MR_MAXU];             /* the candidate counters (unit indices) */
    uint8_t ok[MR_MAXU][MR_MAXU]; /* ok[i][j]: identity id[i] may sit where id[j] is */
    int pos_of[MR_MAXU];         /* identity i -> position j */
    int id_at[MR_MAXU];          /* position j -> identity i */
    int seen[MR_MAXU];
    int stamp;
} mr_match;
/* Re-samples what `viewer` cannot see (wg_game_determinize), in scratch: an mr_match. */
int mr_determinize(wg_game *g, int viewer, wg_pcg *rng, void *scratch);
int mr_event_reveals(const wg_game *g, const wg_event *e, int viewer);
/* May the viewer identify unit u (mr_view.c)? */
int mr_sees(const wg_game *g, int viewer, int u);

/* LM-RETREATAXIS-07: removes the Retraite markers of every zone where one side at most is left. */
int mr_axes_clear(wg_game *g);

/* ---------------------------------------------------------------- pure computations (mr_calc.c) */

/* Ceiling of num/den for num >= 0, den > 0 (§1.4 "rounded up"). */
int mr_ceil_div(int num, int den);
/* Half, rounded up (§1.4, LM-CMD-08). */
int mr_half_up(int x);

/* Command test (LM-CMD-04..09): returns 0 (activated, does nothing), 1 (half MP) or 2 (all MP). */
int mr_command_result(int die, int sv, int only_cav, int clear_path, int *total);
/* Disengagement (LM-DISENG-02..06): returns 1 on success. */
int mr_disengage_result(int die, int own_cav, int enemy_cav, int only_cav, int *total);
/* Disengagement with declarations (LM-DISENG-07/08, GAP-30): the modifiers count only when declared;
   an undeclared enemy count is 0; an undeclared disengaging stack takes +1. */
int mr_disengage_declared(int die, int own_decl, int own_cav, int enemy_decl, int enemy_cav, int only_cav, int *total);
/* Fatigue markers for one connection (LM-FATIGUE-01/03/04/06). */
int mr_fatigue_draws(int steps, int cut_off, int enters_enemy);
/* Extra markers for the size of the stack (LM-FATIGUE-03, GAP-36). */
int mr_fatigue_size_extra(int steps);

/* One stack's composition for combat computations. */
typedef struct mr_side_calc {
    int inf;      /* infantry steps (garrisons included, 1 each) */
    int cav;      /* cavalry counters */
    int art;      /* artillery counters */
    int in_cover; /* the combat zone is defensive or town (cavalry halved) */
} mr_side_calc;

/* Amplitude (LM-COMBAT-10, GAP-40). */
int mr_amplitude(const mr_side_calc *a, const mr_side_calc *b);
/* Strength tally of note 2 (LM-MELEE-13, GAP-41). raw: the §Ex reading (all steps). */
int mr_tally(const mr_side_calc *s, int raw);
/* Strength ratios (LM-MELEE-14/15/16, GAP-41/42): ratio[i] for the stronger side, 0 for the other;
   above10[i] set when that side's ratio is greater than ten. */
void mr_strength_ratio(int ratio[2], int above10[2], int tally0, int tally1);

/* CP breakdown (LM-MELEE-01..12). */
typedef struct mr_cp {
    int events, art, ratio, head, sv, terrain, noaxis, river, forced, demor, die;
} mr_cp;
int mr_cp_total(const mr_cp *c);

/* Demoralization (LM-DEMOR-01): 1 when demoralized. */
int mr_demoralized(int die, int retreat, int head_morale);
/* Pursuit (LM-PURSUIT-01..05): effective? and losses. */
int mr_pursuit_effective(int win_cav, int lose_cav, int defensive_zone);
int mr_pursuit_losses(int lose_2d6, int lose_cav, int win_1d6, int win_cav, int lose_demor);
/* Commander elimination (LM-CDR-01): 1 when eliminated. */
int mr_commander_eliminated(int sum2d6);
/* Number of the 36 outcomes of 2d6 with sum s. */
int mr_2d6_ways(int s);
/* Current morale of an infantry unit with `steps` boxes left (GAP-27): box[steps-1]. */
int mr_box_morale(const int *box, int nbox, int steps);

/* ---------------------------------------------------------------- melee table (mr_melee.c) */
#define MR_MELEE_ROWS 100 /* CP differences 0..99 */
#define MR_MELEE_COLS 7  /* 6 amplitude columns + retreat */
#define MR_MELEE_RETREAT_COL 6

/* Builds the melee table: the 18 printed cells and the printed retreat column. */
int mr_melee_table_new(wg_table **out, wg_ctx *ctx);
/* A melee cell as a pack may supply it: "W/L", "N" or "-", each number 0..MR_MELEE_MAX_LOSS. */
#define MR_MELEE_MAX_LOSS 99
int mr_melee_cell_ok(const char *s);
/* Amplitude column (0..5) for an amplitude 1..30, -1 otherwise. */
int mr_melee_col(int amplitude);
/* Resolves a melee: winner loss, loser loss (equal for difference 0), retreat zones.
   Amplitudes above 30 add the 26-30 column once per full 30 and the remainder's column (LM-MELEE-25).
   WG_ETABLEGAP (message names the cell) when a needed cell is not printed nor supplied. */
int mr_melee_resolve(int *win_loss, int *lose_loss, int *retreat, wg_table *t, int diff, int amplitude, char *err);

/* ---------------------------------------------------------------- data (mr_data.c) */
/* Loads a data pack; the zone graph comes from the map document mapbuf (kind map) or, when mapbuf is
   NULL, from the pack's own zone and conn records (small test graphs). */
int mr_data_load(mr_rdata **out, wg_map **map, wg_ctx *ctx, const char *mapbuf, size_t maplen, const char *buf,
                 size_t len, char *err);
void mr_data_free(wg_ctx *ctx, mr_rdata *rd);
int mr_zone_find(const wg_map *map, const char *name);

/* ---------------------------------------------------------------- queries (mr_query.c) */
int mr_on_map(const mr_state *s, int u);
int mr_is_real(const mr_rdata *rd, int u); /* infantry, cavalry, artillery, baggage, garrison */
int mr_is_troop(const mr_rdata *rd, int u); /* infantry, cavalry, garrison: protect baggage */
int mr_unit_steps(const mr_rdata *rd, const mr_state *s, int u); /* steps for amplitude/size */
int mr_unit_morale(const mr_rdata *rd, const mr_state *s, int u); /* current morale, -1 none */
/* A side has an enemy stack in the zone (units other than decoys; lone commanders count when lonecdr). */
int mr_enemy_in(const mr_rdata *rd, const mr_state *s, int zone, int side, int lonecdr);
int mr_side_in(const mr_rdata *rd, const mr_state *s, int zone, int side); /* real units or commanders */
int mr_other_zone(const mr_rdata *rd, int conn, int zone);
int mr_conn_usable(const mr_rdata *rd, const mr_state *s, int conn, int side, int u);
/* Path from zone a to any zone of mask (flag) free of enemies over passable connections. */
int mr_clear_path(const mr_rdata *rd, const mr_state *s, int from, int to_zone, uint32_t to_flag, int side);
int mr_cut_off(const mr_rdata *rd, const mr_state *s, int zone, int side);
int mr_command_path(const mr_rdata *rd, const mr_state *s, int cic_zone, int stack_zone, int side);
void mr_stack_calc(const mr_rdata *rd, const mr_state *s, int zone, int side, int sel_only, mr_side_calc *out);
int mr_stack_cav(const mr_rdata *rd, const mr_state *s, int zone, int side, int sel_only);
int mr_stack_only_cav(const mr_rdata *rd, const mr_state *s, int zone, int side, int sel_only);
/* Least MP distance from a zone to one of the side's lines of communication (-1: none). */
int mr_loc_distance(const mr_rdata *rd, const mr_state *s, int zone, int side);
int mr_best_sv(const mr_rdata *rd, const mr_state *s, int zone, int side, int sel_only, int *has_cdr);
int mr_zone_count(const mr_rdata *rd, const mr_state *s, int zone, int side); /* visible counters */

/* ---------------------------------------------------------------- phases */
int mr_turn_options(wg_game *g); /* mr_turn.c: placement, initiative; dispatches B and D */
int mr_turn_apply(wg_game *g, uint64_t a);
int mr_begin_events(wg_game *g); /* mr_events.c */
int mr_events_options(wg_game *g);
int mr_events_apply(wg_game *g, uint64_t a);
int mr_admin_options(wg_game *g); /* mr_admin.c */
int mr_admin_apply(wg_game *g, uint64_t a);
int mr_begin_turn(wg_game *g);
int mr_begin_ops(wg_game *g);
int mr_begin_admin(wg_game *g);
int mr_end_game(wg_game *g);
int mr_objective_control(const mr_rdata *rd, const mr_state *s, int z);
int mr_south_path(const mr_rdata *rd, const mr_state *s);
int mr_score_vp(wg_game *g, int side, int vp, const char *rule, int what);
int mr_eliminate(wg_game *g, int u, const char *rule);
/* LM-DECOY-02: removes every decoy left alone in a zone (after each step of the game). */
int mr_decoys_alone(wg_game *g);

int mr_ops_options(wg_game *g);
int mr_ops_apply(wg_game *g, uint64_t a);
int mr_next_operation(wg_game *g);
int mr_end_operation(wg_game *g);
void mr_ops_why(const wg_game *g, uint64_t a, char *err);
/* The operation whose test is pending: 1 a move (forming it, or its command die), 2 a disengagement
   (forming it, the declarations, its die; its move's command test follows), 0 none. */
int mr_ops_pending(const mr_state *s);
/* Marks as the acting stack (MR_UF_SEL) exactly the units of side in zone that may still be activated;
   returns their number. */
int mr_ops_select_available(const mr_rdata *rd, mr_state *s, int zone, int side);
/* Argenton (LM-EVENTS-01, GAP-56): may the Anglo-Allied player play it at the current decision (he
   decides and holds it, in any phase of the turn)?  Legality of z1 * 256 + z2 (reason into err), its
   options, and its effect (free: the same decision follows).  mr_argenton_hide turns the counters
   back at the end of the operation, or of a phase without operations (GAP-56). */
int mr_argenton_window(const wg_game *g);
/* LM-DECOY-03: the side whose decision may add or remove a decoy now (-1: none), and the actions */
int mr_decoy_side(const wg_game *g);
int mr_decoy_legal(const wg_game *g, int side, int t, int z, char *err);
int mr_decoy_options(wg_game *g);
int mr_decoy_apply(wg_game *g, int side, int t, int z);
/* The decoys going with the acting stack take its markers (activation, Dos a la riviere). */
void mr_decoys_follow_marks(mr_state *s, const mr_rdata *rd, int side, uint8_t flags);
void mr_argenton_hide(mr_state *s);
int mr_argenton_legal(const wg_game *g, int arg, char *err);
int mr_argenton_options(wg_game *g);
int mr_argenton_apply(wg_game *g, int arg);

int mr_move_options(wg_game *g);
int mr_move_apply(wg_game *g, uint64_t a);
int mr_move_begin(wg_game *g, int half, int after_dis);
int mr_move_end(wg_game *g);
void mr_move_why(const wg_game *g, uint64_t a, char *err);

int mr_combat_options(wg_game *g);
int mr_combat_apply(wg_game *g, uint64_t a);
int mr_combat_begin(wg_game *g, int zone, int att, int forced);
/* The combat's stacks and CP (dice and artillery as currently recorded in the combat state). */
void mr_combat_side(const mr_rdata *rd, const mr_state *s, int side, mr_side_calc *c);
int mr_combat_head_ok(const mr_rdata *rd, const mr_state *s, int u, int side);
void mr_combat_cp(const wg_game *g, int side, mr_cp *cp);
/* Combat steps (mr_combat.c). */
enum { MR_CB_HEAD_ATT = 9, MR_CB_DIE_ATT = 11, MR_CB_DIE_DEF = 12, MR_CB_CHARGE = 13, MR_CB_LOSS = 14, MR_CB_DEMOR = 17 };

/* ---------------------------------------------------------------- exact odds (mr_odds.c) */
/* Faces of 1d6 (out of 6) giving each command result 0 (nothing), 1 (half MP), 2 (all MP). */
void mr_odds_command(int out[3], int sv, int only_cav, int clear_path);
/* Faces of 1d6 (out of 6) for which the disengagement succeeds. */
int mr_odds_disengage(int own_cav, int enemy_cav, int only_cav);
/* Faces of 1d6 (out of 6) for which the stack becomes demoralized. */
int mr_odds_demoralized(int retreat, int head_morale);
/* Outcomes (out of 36) of 2d6 that eliminate a commander. */
int mr_odds_commander(void);

#define MR_ODDS_MAXD 40
#define MR_ODDS_MAXRES 160 /* distinct results: two per CP difference at most, a draw, a gap */
#define MR_RES_DRAW (-1)
#define MR_RES_GAP (-2)
typedef struct mr_combat_odds {
    uint64_t total;                       /* equally likely outcomes (artillery dice x CP dice) */
    uint64_t diff[2 * MR_ODDS_MAXD + 1];  /* attacker CP - defender CP, offset by MR_ODDS_MAXD */
    uint64_t att_win, def_win, draw, gap; /* gap: outcomes whose melee cell is not printed nor supplied */
    uint64_t loss[2][16];                 /* per side (0 AA, 1 F): outcomes with that many melee losses */
    uint64_t retreat[8];                  /* outcomes with that retreat distance for the loser */
    mr_cp base[2];                        /* the modifiers without the dice and artillery shots */
    int art_dice[2];
    /* the distinct results, each with its outcomes: winner (a side, MR_RES_DRAW, MR_RES_GAP), the
       winner's and the loser's losses (a draw: the attacker's and the defender's), the retreat */
    struct mr_result {
        int8_t winner, win_loss, lose_loss, retreat;
        uint64_t w;
    } res[MR_ODDS_MAXRES];
    int nres;
} mr_combat_odds;
/* Counts w outcomes of CP difference diff (attacker - defender) in o: the melee table cell for the
   amplitude (LM-MELEE-20..25), no loss for a winner of ratio > 10 (LM-MELEE-16, GAP-22). */
void mr_odds_tally(mr_combat_odds *o, wg_table *t, int att, int amplitude, const int8_t ratio10[2], int diff,
                   uint64_t w);
/* Exact distribution of the melee of the combat in progress (after the strength ratio is known),
   enumerating the artillery dice not yet rolled and both CP dice.  Head units not yet named count
   with the best eligible morale.  WG_ESTATE when no combat has reached that point. */
int mr_combat_odds_get(mr_combat_odds *out, wg_game *g);

/* ---------------------------------------------------------------- views (mr_view.c) */
void mr_describe(const wg_game *g, int viewer, wg_sb *sb);
int mr_piece(const wg_game *g, int viewer, size_t i, size_t *count, int *side, int *space, wg_sb *label);
uint32_t mr_chance_viewers(const wg_game *g);
void mr_event_text(const wg_game *g, const wg_event *e, int viewer, wg_sb *sb);
const char *mr_event_rule(const wg_game *g, const wg_event *e, int viewer);
int mr_option_label(const wg_game *g, uint64_t action, wg_sb *sb);
void mr_decision_text(const wg_game *g, wg_sb *sb);
void mr_decision(const wg_game *g, int *player, int *kind);
const char *mr_side_name(int side);

/* Event helper: records an event with up to 4 arguments. NULL on ENOMEM. */
wg_event *mr_ev(wg_game *g, int kind, const char *rule, uint32_t visible, int a0, int a1, int a2, int a3);
#define MR_VIS_ALL 0xFFFFFFFFu
#define MR_VIS(side) (1u << (side))

#endif

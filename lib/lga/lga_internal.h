/* La Grande Armée: internal types and rules functions shared by the lib/lga sources.
   The game state (lga_state) is one flat POD block: clone = memcpy, hash = hash of bytes.
   The board (lga_board) and the scenario data are read-only and shared by clones. */
#ifndef WG_LGA_INTERNAL_H
#define WG_LGA_INTERNAL_H

#include "internal.h"
#include "scenario.h"

#include <stdbool.h>
#include <stdint.h>

#define LGA_MAX_HEX 3584 /* 70 x 51 schematic map: 3570 */
#define LGA_MAX_UNITS 384
#define LGA_MAX_BATTLES 48
#define LGA_MAX_OBJ 16
#define LGA_MAX_NAMES 96
#define LGA_MAX_LIST 2048
#define LGA_MAX_GH 32768 /* options lists (reachable hexes...) */

/* ---- map vocabulary: lib/lga/scenario.h (LGA_T_*, LGA_F_*, LGA_S_*) ---- */
#define LGA_HF_PASS_ENTRY LGA_F_PASSENTRY
#define LGA_HF_AUSTRIA LGA_F_AUSTRIA
#define LGA_HF_PRUSSIA LGA_F_PRUSSIA
#define LGA_HF_SAXONY LGA_F_SAXONY
#define LGA_HF_EDGE_N LGA_F_EDGE_N
#define LGA_HF_EDGE_S LGA_F_EDGE_S
#define LGA_HF_EDGE_E LGA_F_EDGE_E
#define LGA_HF_EDGE_W LGA_F_EDGE_W
#define LGA_HF_LINE_A LGA_F_EASTA /* on or east of Line A */
#define LGA_HF_LINE_B LGA_F_EASTB /* on or east of Line B */
#define LGA_HS_RIVER LGA_S_RIVER
#define LGA_HS_BRIDGE LGA_S_BRIDGE
#define LGA_HS_LAKE LGA_S_LAKE

/* ---- units ---- */
/* sides LGA_ALLIED / LGA_FRENCH come from scenario.h */
enum { LGA_INF = LGA_U_INFANTRY, LGA_CAV = LGA_U_CAVALRY, LGA_LEADER = LGA_U_LEADER, LGA_SUPPLY = LGA_U_SUPPLY,
       LGA_DEPOT = LGA_U_DEPOT };
enum { LGA_NAT_FR = LGA_NAT_FRENCH, LGA_NAT_AU = LGA_NAT_AUSTRIAN, LGA_NAT_PR = LGA_NAT_PRUSSIAN,
       LGA_NAT_SX = LGA_NAT_SAXON, LGA_NAT_RU = LGA_NAT_RUSSIAN };
/* organisations of the Combine/Breakdown Chart */
enum { LGA_ORG_NONE = 0, LGA_ORG_FR = 1, LGA_ORG_AU1805 = 2, LGA_ORG_AU1809 = 3, LGA_ORG_PR = 4, LGA_ORG_RU = 5 };
/* unit status */
enum { LGA_US_FREE = 0, LGA_US_MAP = 1, LGA_US_PENDING = 2, LGA_US_ELIM = 3, LGA_US_EXITED = 4, LGA_US_FUTURE = 5 };
/* unit flags */
enum {
    LGA_UF_MOVED = 1u << 0,     /* has moved (or been selected to move) this phase */
    LGA_UF_ATTACKED = 1u << 1,  /* attacked this Combat Phase */
    LGA_UF_SUP_FM = 1u << 2,    /* supply unit used for Forced March Supply this phase */
    LGA_UF_SUP_USED = 1u << 3,  /* supply unit used for stacking/combat supply this phase */
    LGA_UF_AE = 1u << 4,        /* automatically eliminated, removed at the start of the Combat Phase */
    LGA_UF_ARRIVED = 1u << 5,   /* entered the map this phase */
    LGA_UF_FMSUP_OK = 1u << 6,  /* started the phase stacked with / adjacent to a usable supply unit */
    LGA_UF_DEPOT_MOVED = 1u << 7,
    LGA_UF_SUPPLIED = 1u << 8,  /* in combat supply for the current combat phase */
    LGA_UF_FREE_FM = 1u << 9,   /* 1805 Game-Turn 3 free forced march */
    LGA_UF_BUILT = 1u << 10,    /* combined/broken down this phase (start of phase) */
    LGA_UF_PERM = 1u << 11,     /* permanently destroyed (Prussian fortress rule) */
    LGA_UF_FORTSUP = 1u << 12,  /* chosen by its owner for the 18 points of Fortress supply (LGA-GAP-53) */
    LGA_UF_BROKEN = 1u << 13,   /* made by a start-of-phase breakdown this phase: may break down again (LGA-GAP-30) */
    LGA_UF_DEFERRED = 1u << 14  /* a reinforcement "not placed now": offered again once something else happened */
};

typedef struct lga_unit {
    int16_t hex;    /* -1 when off the map */
    int16_t next;   /* next unit on the same hex, -1 */
    uint8_t st;     /* LGA_US_* */
    uint8_t side;   /* LGA_ALLIED / LGA_FRENCH */
    uint8_t nat;    /* LGA_NAT_* */
    uint8_t type;   /* LGA_INF ... */
    uint8_t str;    /* printed combat strength (parenthesised for leaders/depots) */
    uint8_t ma;     /* movement allowance */
    uint8_t off, def; /* leader bonuses */
    uint8_t org;    /* LGA_ORG_* */
    uint8_t letter; /* leader letter */
    uint16_t flags; /* LGA_UF_* */
    uint8_t mp;     /* movement points spent in the current leg / before moving (combine, breakdown) */
    uint8_t battle; /* 1 + battle index when attacking, 0 otherwise */
    uint16_t dis;   /* disrupted through the end of this absolute phase index; 0 = not disrupted */
    uint16_t name;  /* index into the scenario name table, 0xffff none */
    uint16_t group; /* placement group (scenario), 0xffff none */
    uint8_t left;   /* MP left when its move ended (end-of-phase combination) */
    uint8_t size;   /* LGA_SZ_* */
    int16_t hex0;   /* hex at the start of the current Movement Phase (-1: not on the map then) */
    int16_t arr;    /* hex where it entered the map in the current Movement Phase (-1: none) */
    uint32_t id;    /* the piece's id: given by lga_unit_add from lga_state.next_id, never reused */
} lga_unit;

/* ---- battles ---- */
enum {
    LGA_BF_RIVER = 1u << 0,      /* some attacker attacks across a river hex-side */
    LGA_BF_RIVER_UNBR = 1u << 1, /* across an unbridged river hex-side */
    LGA_BF_VS_FORT = 1u << 2,    /* the target is a Fortress hex */
    LGA_BF_FROM_FORT = 1u << 3,  /* attack out of a Fortress (Fortress F) */
    LGA_BF_DONE = 1u << 4,
    LGA_BF_ADV = 1u << 5,        /* advance allowed into target[0] */
    LGA_BF_ALL_RBC = 1u << 6,
    LGA_BF_COMBINED = 1u << 7    /* Fortress E combined attack from several hexes */
};
typedef struct lga_battle {
    int16_t target[6];
    uint8_t ntarget;
    uint8_t flags;
    int16_t src; /* the attackers' hex (-1 for a combined attack) */
    int16_t pad;
} lga_battle;

/* ---- options (gaps): parsed from the options string ---- */
typedef struct lga_opts {
    int crt_completion;         /* crt=completion */
    int river160_bridged;       /* LGA-GAP-12 */
    int retreat_no_stack;       /* LGA-GAP-57 */
    int ae_mixed_hex_immune;    /* LGA-GAP-41 */
    int ae_in_combat_phase;     /* LGA-GAP-42 */
    int prussian_fort_all;      /* LGA-GAP-66 */
    int saxon_fm_mod;           /* LGA-GAP-25 */
    int length1805;             /* LGA-GAP-05 */
    int ap_carry;               /* LGA-GAP-05 */
    int pass_is_mountain;       /* LGA-GAP-21 */
    int max_steps_per_phase;    /* bound on repetitions (termination) */
    int reinforce_optional;     /* LGA-GAP-31: 1 = the phase may end with placeable reinforcements unplaced */
    int ask_empty;              /* 1 = ask the decisions with nothing to decide too (LGA_EV_NOTHING otherwise) */
} lga_opts;

void lga_opts_default(lga_opts *o);
/* Parses "key=value,..."; unknown keys or bad values fail with a message in err. */
int lga_opts_parse(lga_opts *o, const char *s, char *err);

/* ---- board (read-only) ---- */
typedef struct lga_board {
    int nhex, cols, rows;
    int16_t nb[LGA_MAX_HEX][6];
    uint8_t terrain[LGA_MAX_HEX];
    uint16_t hflags[LGA_MAX_HEX];
    uint8_t side[LGA_MAX_HEX][6];
    int32_t q[LGA_MAX_HEX], r[LGA_MAX_HEX]; /* axial coordinates (distances) */
    /* derived by lga_board_finish: bit d set when a unit on nb[h][d] would exert its ZOC into h
       (LGA-ZOC-09/10, lakes LGA-GAP-22); LGA_ZM_FORT when h is a Fortress (no ZOC into it) */
    uint8_t zmask[LGA_MAX_HEX];
    /* derived: the steps out of hex h, one per direction d: the neighbour (nb[h][d]) and the fixed part of
       the step's cost, [0] Infantry and the other units, [1] Cavalry: terrain, Mountain Pass and river
       hex-side (LGA-TEC-*, LGA-MOVE-06..12); LGA_MC_NO when the step is never allowed (off the map, Lake
       hex-side, Mountain or Pass rules for Cavalry) */
    struct lga_step {
        int16_t n;
        uint8_t cost[2];
    } step[LGA_MAX_HEX][6];
    int nbsym; /* derived: every adjacency is listed by both hexes, in opposite directions, and joins hexes
                  at most one row apart (hex = row * cols + col) */
} lga_board;
#define LGA_MC_NO 0xff
#define LGA_ZM_FORT 0x40

/* Builds a board of cols x rows flat-topped odd-q hexes, all clear (test maps and the builder). */
void lga_board_init(lga_board *b, int cols, int rows);
/* The number printed in a hex, the players' name of it: "CCRR", column then row counted from 1, two
   digits each (hex = row * cols + col).  Writes it to out (at least 8 bytes; "off-map" for a hex off
   the board) and returns it as an integer (CC * 100 + RR; -1 off the board): hexes sort by it. */
int lga_hex_number(const lga_board *b, int hex, char out[8]);
int lga_board_hex(const lga_board *b, int col, int row); /* -1 off the map */
void lga_board_set_side(lga_board *b, int hex, int dir, uint8_t flags);
/* Recomputes the derived per-hex data (zmask) after terrain or hex-sides changed; lga_board_init,
   lga_board_from_map and lga_board_set_side call it. */
void lga_board_finish(lga_board *b);
int lga_board_dir(const lga_board *b, int from, int to); /* -1 when not adjacent */
int lga_board_distance(const lga_board *b, int a, int b2);
/* Fills the board from a hex map: terrain/flags copied as the lga vocabulary (doc/lga-data.md). */
int lga_board_from_map(lga_board *b, const wg_map *map, char *err);

/* ---- scenario-level data derived from lga_scenario (read-only) ---- */
typedef struct lga_obj {
    int16_t hex;
    int16_t control_vp, siege_vp; /* siege_vp < 0: none */
} lga_obj;

typedef struct lga_scen {
    int year;           /* 1805, 1806, 1809 */
    int length;         /* Game-Turns */
    int austria_closed; /* LGA-S1806-01 */
    int prussian;       /* LGA-PRUSSIAN-01 */
    int nobj;
    lga_obj obj[LGA_MAX_OBJ];
    int line_vp_a, line_vp_b; /* 1805: 15 / 20 */
    int exit_vp;              /* 1805: points per strength point off the south edge */
    const lga_scenario *src;  /* the loaded scenario (groups, specials, track, levels) */
} lga_scen;

/* Shared read-only data of a game. */
typedef struct lga_rdata {
    wg_refcount refs;
    wg_ctx *ctx; /* the context that allocated it (clones in other contexts share it) */
    lga_opts opts;
    lga_board board;
    lga_scen scen;
    int crt_index, fmd_index, fmt_index; /* table indices in g->tables */
    lga_scenario *scen_block;            /* owned: freed with wg__lga_scenario_free */
    int gfirst[LGA_MAX_GROUPS + 1];      /* legal hexes of each placement group: gh[gfirst[g]..gfirst[g+1]) */
    int16_t gh[LGA_MAX_GH];
} lga_rdata;

/* ---- state (POD) ---- */
enum {
    LGA_M_SETUP = 1,      /* place the current setup unit */
    LGA_M_SELECT,         /* movement: choose a unit / reinforcement / combine / breakdown / end */
    LGA_M_FMDECL,         /* forced march declaration */
    LGA_M_DEST,           /* destination of the current leg */
    LGA_M_FMROLL,         /* chance: forced march 1st roll */
    LGA_M_FMOP,           /* Op: halt or roll again */
    LGA_M_FMROLL2,        /* chance: 2nd roll */
    LGA_M_PLACE,          /* place the selected reinforcement */
    LGA_M_ENDCOMBINE,     /* end-of-movement combinations */
    LGA_M_PRUSSFORT,      /* Allied: choose Prussian units to eliminate in a Prussian Fortress */
    LGA_M_DECLARE,        /* combat (a): declare attacks */
    LGA_M_MEMBERS,        /* combat (a): edit the attackers of the last declaration */
    LGA_M_ASUPPLY,        /* combat (a): attacker supply allocation */
    LGA_M_STACKELIM,      /* non-phasing player eliminates units of an illegal stack */
    LGA_M_RBC,            /* (b) choose a unit to retreat before combat, or done */
    LGA_M_RBCDEST,        /* (b) destination */
    LGA_M_DSUPPLY,        /* (c) defender supply */
    LGA_M_ORDER,          /* (d) choose the next battle */
    LGA_M_CRTROLL,        /* chance: the CRT die */
    LGA_M_HALFEX,         /* ½ex: the attacker chooses losses */
    LGA_M_RETREAT,        /* a retreat destination for the current retreating unit */
    LGA_M_ADVANCE,        /* (e) advance after combat */
    LGA_M_CREATE,         /* supply creation */
    LGA_M_SPECIAL,        /* place a special reinforcement group hex (one-hex groups) */
    LGA_M_OVER
};

typedef struct lga_state {
    uint32_t magic;
    int32_t mode;
    int32_t turn;      /* Game-Turn, 1-based */
    int32_t pturn;     /* 0 Allied player-turn, 1 French */
    int32_t phase;     /* 0 movement, 1 combat, 2 supply creation */
    int32_t vp;        /* current total (recomputed) */
    int32_t vp_exit;   /* permanent points (1805 south edge exits) */
    int32_t cur;       /* current unit (moving, retreating, placing) */
    int32_t cur2;      /* second argument (battle index, leg) */
    int32_t leg;       /* movement leg: 0 first, 1 second */
    int32_t fmkind;    /* 0 none, 1 double supplied, 2 double table, 3 triple table, 4 free */
    int32_t fmroll1;   /* modified 1st roll */
    int32_t budget;    /* MP budget of the current leg */
    int32_t steps;     /* decisions taken in the current phase (bound) */
    int32_t battle;    /* battle being resolved */
    int32_t halfex_need;
    int32_t retreat_kind; /* 1 r1, 2 r2, 3 rs, 4 rbc */
    int32_t retreat_side;
    int32_t pending_res;  /* second half of a two-part result, packed */
    int32_t crt_source;   /* source of the last CRT cell */
    int32_t setup_side;
    uint32_t trig;        /* special reinforcement triggers (bits LGA_SP_* ) */
    uint32_t arrived;     /* special groups arrived (bits) */
    int32_t ctrl[LGA_MAX_OBJ];  /* control of each objective: -1 none, 0 Allied, 1 French */
    int32_t nbattles;
    lga_battle battles[LGA_MAX_BATTLES];
    int32_t nunits;
    lga_unit u[LGA_MAX_UNITS];
    int16_t head[LGA_MAX_HEX];    /* first unit on a hex, -1 */
    uint8_t occ[LGA_MAX_HEX];     /* occupancy bits (LGA_OC_*), kept in step with the unit lists */
    uint8_t ctl[LGA_MAX_HEX / 4]; /* control of City/Fortress hexes, 2 bits each: lga_ctl / lga_ctl_set */
    int32_t started;      /* a unit has moved this phase (no more start-of-phase breakdowns) */
    int32_t fm_d;         /* the moving unit is disrupted at the end of its move */
    int32_t rq_n, rq_i;   /* retreat queue */
    int16_t rq[64];
    int32_t res2;         /* second result of the current CRT cell (LGA_R_*), 0 none */
    int32_t res1;         /* first result */
    int32_t prev_vp;
    int32_t over;
    int32_t mstart;       /* hex where the moving unit began its move, -1 none (the ZOC rules read it) */
    int32_t next_id;      /* ids given so far: the next unit made gets id next_id + 1 (ids are never reused) */
} lga_state;

#define LGA_MAGIC 0x4c474131u

/* ---- rules context ---- */
typedef struct lga_tev {
    int kind;
    const char *rule;
    int a[4];
} lga_tev;

typedef struct lga_run {
    wg_game *g;        /* NULL in unit tests */
    lga_state *s;
    const lga_board *b;
    const lga_opts *o;
    const lga_scen *sc; /* may be NULL in unit tests */
    int nomem;
    int nev;
    lga_tev ev[64];    /* events recorded when g is NULL */
} lga_run;

void lga_emit(lga_run *r, int kind, const char *rule, int a0, int a1, int a2, int a3);

/* event kinds */
enum {
    LGA_EV_MOVE = 1, LGA_EV_ELIM, LGA_EV_DISRUPT, LGA_EV_RECOVER, LGA_EV_FMROLL, LGA_EV_FMRESULT, LGA_EV_COMBINE,
    LGA_EV_BREAKDOWN, LGA_EV_ATTACK, LGA_EV_RBC, LGA_EV_SUPPLY_USED, LGA_EV_CRT, LGA_EV_RETREAT, LGA_EV_ADVANCE,
    LGA_EV_CREATE, LGA_EV_ARRIVE, LGA_EV_LOST, LGA_EV_VP, LGA_EV_CONTROL, LGA_EV_TRIGGER, LGA_EV_AUTOELIM,
    LGA_EV_PHASE, LGA_EV_GAMEEND, LGA_EV_EXIT, LGA_EV_FORCED, LGA_EV_NOEFFECT, LGA_EV_HALFEX, LGA_EV_PLACE,
    LGA_EV_STEPCAP,
    LGA_EV_NOTHING /* a decision with nothing to decide, not asked (a[0] side, a[1] mode) */
};

/* ---- state helpers (lga_units.c) ---- */
void lga_state_init(lga_state *s);
int lga_unit_add(lga_state *s, int side, int nat, int type, int str, int ma); /* returns index, -1 full */
int lga_free_slots(const lga_state *s); /* unit slots lga_unit_add can still use */
void lga_unit_place(lga_state *s, int u, int hex);
void lga_unit_remove(lga_state *s, int u); /* off the map (keeps status) */
/* occupancy bits of a hex for a side: shift 4 for the French; units flagged LGA_UF_AE do not count */
enum { LGA_OC_ANY = 1, LGA_OC_INF = 2, LGA_OC_CAV = 4, LGA_OC_NONSUP = 8 };
void lga_occ_refresh(lga_state *s, int hex);
/* Control of a hex: -1 none, LGA_ALLIED, LGA_FRENCH (LGA-FORT-11). */
int lga_ctl(const lga_state *s, int hex);
void lga_ctl_set(lga_state *s, int hex, int side);
void lga_unit_eliminate(lga_run *r, int u, const char *rule);
static inline int lga_is_combat(const lga_unit *u)
{
    return u->type == LGA_INF || u->type == LGA_CAV;
}
int lga_phase_index(const lga_state *s); /* absolute index of the current phase */
int lga_disrupted(const lga_state *s, int u);
/* Disrupts a unit; destroys it when already disrupted (LGA-DISRUPT-07). Returns 1 when destroyed. */
int lga_disrupt(lga_run *r, int u, const char *rule);
void lga_recover(lga_run *r);
int lga_count_combat(const lga_state *s, int hex, int side);
int lga_hex_side_units(const lga_state *s, int hex, int side); /* any unit of side (not AE) */
int lga_fm_modifier(const lga_opts *o, int nat);

/* ---- tables (lga_tables.c) ---- */
enum { LGA_R_NONE = 0, LGA_R_AE, LGA_R_ARS, LGA_R_AR2, LGA_R_AR1, LGA_R_DE, LGA_R_DRS, LGA_R_DR2, LGA_R_DR1, LGA_R_HALFEX };
extern const int lga_col_threshold[10];
extern const char *const lga_col_label[11];
int lga_odds_column(int att, int def);
int lga_odds_pct(int att, int def); /* floor(100*att/def); INT_MAX-ish when def = 0 */
/* Printed CRT cell: code string or NULL (gap). row 1..6, col 0..10 */
const char *lga_crt_printed(int row, int col);
/* Parses a result code ("Ar1 Drs", "½ex", "De") into up to two results; returns count, -1 on error */
int lga_parse_result(const char *name, int res[2]);
const char *lga_result_name(int res);
enum { LGA_FM_OK = 1, LGA_FM_OP = 2, LGA_FM_D = 3, LGA_FM_E = 4 };
int lga_fm_first(int triple, int roll);            /* roll 0..7 */
int lga_fm_second(int triple, int first, int second);
int lga_tables_build(wg_game *g, lga_rdata *rd);   /* CRT + both forced-march tables as wg_table */
/* Combine/Breakdown chart */
typedef struct lga_chart_step {
    uint8_t org, type, big_str, big_ma, n, small_str, small_ma;
} lga_chart_step;
const lga_chart_step *lga_chart_breakdown(int org, int type, int str, int ma); /* NULL when none */
const lga_chart_step *lga_chart_combine_into(int org, int type, int small_str, int small_ma);
int lga_chart_smallest(int org, int type, int str, int ma, int *sstr, int *sma); /* count of smallest units */

/* ---- movement (lga_move.c) ---- */
enum { LGA_ZOC_NONE = 0, LGA_ZOC_PARTIAL = 1, LGA_ZOC_TOTAL = 2 };
/* ZOC of the enemies of `side` on hex h. combat_phase: friendly units negate it. */
int lga_zoc(const lga_run *r, int hex, int side, int combat_phase);
/* Cost of a unit stepping from -> to (dir), given its starting hex; negative = forbidden.
   *stop set when movement must end there. why (may be NULL) receives the rule text. */
int lga_step_cost(const lga_run *r, int u, int from, int to, int dir, int *stop, const char **why);
int lga_step_cost_retreat(const lga_run *r, int u, int from, int to, int dir);
/* The same step within a move that began on hex start (the unit has already walked to `from`). */
int lga_step_cost_move(const lga_run *r, int u, int start, int from, int to, int dir, int *stop);
typedef struct lga_reach {
    int n;
    int16_t hex[LGA_MAX_LIST];
    uint8_t cost[LGA_MAX_LIST];
    uint8_t stop[LGA_MAX_LIST];
} lga_reach;
/* Hexes reachable by unit u from its hex within budget MP (start not included). */
void lga_reach_compute(const lga_run *r, int u, int budget, lga_reach *out);
/* The search tree of the last destination decision, kept in the game's scratch (never in the state):
   the chosen move follows it without a second search.  A move without it searches again and gets the
   same tree. */
typedef struct lga_pathcache {
    int valid, unit, start, budget;
    int16_t prev[LGA_MAX_HEX];
} lga_pathcache;
/* lga_reach_compute that also keeps the search tree in pc (pc may be NULL). */
void lga_reach_compute_tree(const lga_run *r, int u, int budget, lga_reach *out, lga_pathcache *pc);
/* The path (hexes, start excluded) to dest along the tree of the reachable-hex search (from the game's
   scratch when it holds that search); returns its length or -1. */
int lga_reach_path(const lga_run *r, int u, int budget, int dest, int16_t *path, int cap);
const char *lga_why_cannot_enter(const lga_run *r, int u, int from, int to);

/* ---- combat (lga_combat.c) ---- */
typedef struct lga_odds {
    int att_base, att_supplied_pts, att_lead, att_total;
    int def_base, def_lead, def_mult, def_total;
    int pct, column;
    int forced; /* LGA_R_AE (river < 160%), LGA_R_DE (auto elimination at >= 500%), 0 none */
} lga_odds;
int lga_unsupplied(int str);
/* Strength of a unit in a battle: supplied flag, whether the hex holds combat units (for parentheses). */
int lga_unit_strength(const lga_unit *u, int supplied, int with_combat);
int lga_leader_total(int bonus_sum, int strength_total);
int lga_terrain_mult(const lga_run *r, int target, int river);
/* Computes the odds of battle b with the current supply flags. */
void lga_battle_odds(const lga_run *r, int b, lga_odds *out);
int lga_battle_river(const lga_run *r, int b, int *unbridged);
/* Exact distribution of CRT results for battle b: counts per face in res_of_face[6] (LGA result pair packed:
   first*16+second, -1 gap); returns the number of gap faces. */
int lga_battle_faces(const lga_run *r, int b, wg_table *crt, int face_code[6], int face_src[6], lga_odds *od);
/* defender supply possible (Addendum E(2)/L): any usable supply unit on or adjacent, or a Fortress */
/* Fortress free supply, the owner's choice (LGA-FORT-02, LGA-GAP-53; lga_combat.c) */
int lga_fortsup_eligible(const lga_state *s, int hex, int side, int attacking, int *ids, int cap, int *total);
int lga_fortsup_chosen(const lga_state *s, int hex, int side);
void lga_fortsup_auto(lga_run *r, int hex, int side, int attacking);
int lga_supply_possible(const lga_run *r, int hex, int side);
int lga_rbc_allowed(const lga_run *r, int u, int b, const char **why);
/* Automatic Elimination odds of the units on src against target during movement (LGA-AUTOELIM-01..03). */
void lga_autoelim_odds(const lga_run *r, int src, int target, int att_supplied, lga_odds *od);

/* ---- retreats (lga_retreat.c) ---- */
typedef struct lga_rlist {
    int n;
    int16_t hex[LGA_MAX_LIST];
} lga_rlist;
/* Legal end hexes of a retreat of kind (1 r1, 2 r2, 3 rs, 4 rbc) with the priorities applied. */
void lga_retreat_ends(const lga_run *r, int u, int kind, lga_rlist *out);
/* Whether a retreat of that kind has an end hex at all (the search stops at the first). */
int lga_retreat_possible(const lga_run *r, int u, int kind);
/* The same for rs (3) and RBC (4) by the plain walk over every route, without the search's cut (tests). */
void lga_retreat_ends_uncut(const lga_run *r, int u, int kind, lga_rlist *out);

/* ---- supply, fortress, victory (lga_supply.c, lga_victory.c) ---- */
int lga_supply_in_range(const lga_run *r, int supply_unit, int hex);
int lga_depot_surrounded(const lga_run *r, int depot);
int lga_fort_strength(const lga_state *s, int hex, int side);
int lga_stack_legal(const lga_run *r, int hex, int side, int *excess_kind);
int lga_besieged(const lga_run *r, int hex);
int lga_compute_vp(const lga_run *r);
int lga_line_trace(const lga_run *r, int line_flag);
void lga_control_enter(lga_run *r, int hex, int side);
void lga_vp_record(int vp, int *hundreds, int *tens, int *units);

#endif

/* La Grande Armée: the bundled map and scenario data as plain C structs (see doc/lga-data.md).
 *
 * The scenario files data/lga/{1805,1806,1809}.wgd and the schematic map data/lga/europe-schematic.wgd
 * are embedded in the library (lib/embeds.cmake).  wg__lga_scenario_load turns a scenario document into
 * an lga_scenario: one block allocated through the context, fixed-capacity arrays, no pointers inside,
 * every place already resolved to a space id of the map it was loaded against.  The rules engine reads
 * it and never parses text itself. */
#ifndef WG_LGA_SCENARIO_H
#define WG_LGA_SCENARIO_H

#include "internal.h"

/* ---- map vocabulary (fixed order of the `terrain`, `flag` and `sideflag` declarations) ---- */

/* Terrain codes: the index of the name in the map's `terrain` record. */
enum {
    LGA_T_CLEAR = 0,    /* LGA-TEC-01 */
    LGA_T_CITY = 1,     /* LGA-TEC-02 */
    LGA_T_FORTRESS = 2, /* LGA-TEC-03, LGA-FORT-* */
    LGA_T_MOUNTAIN = 3, /* LGA-TEC-06 */
    LGA_T_PASS = 4,     /* LGA-TEC-07 (Mountain Pass) */
    LGA_T_COUNT = 5
};

/* Hex flag bits: bit i is the i-th name of the map's `flag` record. */
enum {
    LGA_F_AUSTRIA = 1u << 0,   /* region Austria (1805 setup, 1806 forbidden, special arrivals) */
    LGA_F_PRUSSIA = 1u << 1,   /* region Prussia (1805 trigger, Prussian fortresses LGA-GAP-66) */
    LGA_F_SAXONY = 1u << 2,    /* region Saxony (1805 trigger) */
    LGA_F_PASSENTRY = 1u << 3, /* Pass-Entry hex (LGA-MOVE-10..12) */
    LGA_F_LINEA = 1u << 4,     /* a hex Line A runs through (1805, drawing only) */
    LGA_F_LINEB = 1u << 5,     /* a hex Line B runs through */
    LGA_F_EASTA = 1u << 6,     /* on or east of Line A (LGA-S1805-28) */
    LGA_F_EASTB = 1u << 7,     /* on or east of Line B */
    LGA_F_EDGE_N = 1u << 8,    /* north map-edge hex */
    LGA_F_EDGE_S = 1u << 9,    /* south map-edge hex (1805 exits, special arrivals) */
    LGA_F_EDGE_E = 1u << 10,   /* east map-edge hex (Russian arrivals) */
    LGA_F_EDGE_W = 1u << 11,   /* west map-edge hex (French arrivals, Line A/B trace) */
    LGA_F_COUNT = 12
};

/* Hex-side flag bits: bit i is the i-th name of the map's `sideflag` record. */
enum {
    LGA_S_RIVER = 1u << 0,  /* River hex-side (LGA-TEC-04) */
    LGA_S_BRIDGE = 1u << 1, /* the River hex-side is bridged (LGA-TEC-05); always with LGA_S_RIVER */
    LGA_S_LAKE = 1u << 2,   /* Lake hex-side (retreats may not cross; LGA-GAP-22) */
    LGA_S_COUNT = 3
};

/* The names, in declaration order (static strings). */
extern const char *const wg__lga_terrain_names[LGA_T_COUNT];
extern const char *const wg__lga_flag_names[LGA_F_COUNT];
extern const char *const wg__lga_sideflag_names[LGA_S_COUNT];

/* ---- unit vocabulary ---- */

enum { LGA_ALLIED = 0, LGA_FRENCH = 1, LGA_NSIDES = 2 }; /* player numbers: Allied moves first (LGA-SEQ-01) */

enum {
    LGA_NAT_FRENCH = 0,
    LGA_NAT_AUSTRIAN = 1,
    LGA_NAT_PRUSSIAN = 2,
    LGA_NAT_SAXON = 3,
    LGA_NAT_RUSSIAN = 4,
    LGA_NAT_COUNT = 5
};

enum { /* LGA-UNIT-06 */
    LGA_U_INFANTRY = 0,
    LGA_U_CAVALRY = 1,
    LGA_U_LEADER = 2,
    LGA_U_SUPPLY = 3,
    LGA_U_DEPOT = 4,
    LGA_U_COUNT = 5
};

enum { /* LGA-UNIT-05 */
    LGA_SZ_NONE = 0, /* leaders, supply, depots */
    LGA_SZ_BRIGADE = 1,
    LGA_SZ_DIVISION = 2,
    LGA_SZ_CORPS = 3,
    LGA_SZ_ARMY = 4
};

/* ---- capacities ---- */

#define LGA_NAME_CAP 32      /* names and dates, NUL included */
#define LGA_MAX_TURNS 16
#define LGA_MAX_GROUPS 64
#define LGA_MAX_SPECS 256
#define LGA_MAX_SPECIALS 8
#define LGA_MAX_VP 16
#define LGA_MAX_LEVELS 8
#define LGA_MAX_PLACES 4     /* named places of one placement rule */
#define LGA_MAX_CONTROL 24

#define LGA_UNPRINTED INT32_MIN /* a value the chart does not print */

/* One line of a group: `count` identical units (a leader always has count 1). */
typedef struct lga_unit_spec {
    int32_t nat;      /* LGA_NAT_* */
    int32_t type;     /* LGA_U_* */
    int32_t size;     /* LGA_SZ_* */
    int32_t strength; /* printed Combat Strength (leaders and depots: the parenthesised value) */
    int32_t ma;       /* Movement Allowance */
    int32_t count;    /* xN multiplier (LGA-SCEN-01) */
    int32_t off, def; /* leaders: Offensive / Defensive Leadership Bonus; 0 otherwise */
    char letter;      /* leaders: ID letter (Addenda applied: Mack is 'Z'); 0 otherwise */
    char name[LGA_NAME_CAP]; /* leaders: name; others: "" */
    int32_t line;     /* source line in the scenario file */
} lga_unit_spec;

/* Where a group may be placed (initial placement or arrival).  A hex is legal when
 *   (nplace > 0 and it lies within `radius` hexes of one of place[]) or (nplace == 0),
 *   and it has every bit of flags_all, and none of flags_none.
 * Examples: "Vienna" = {place={Vienna}, radius 0}; "within three hexes of Nuremburg and/or Bamberg" =
 * {place={Nuremburg,Bamberg}, radius 3}; "any hex in Austria" = {nplace 0, flags_all AUSTRIA};
 * "any one hex of the south edge in Austria" = {flags_all EDGE_S|AUSTRIA, one_hex 1};
 * "south edge not in Austria" = {flags_all EDGE_S, flags_none AUSTRIA}; "Prague or Vienna" = two places. */
typedef struct lga_place {
    int32_t nplace;
    int32_t place[LGA_MAX_PLACES]; /* space ids */
    int32_t radius;                /* 0 = on the hex itself */
    uint32_t flags_all;
    uint32_t flags_none;
    int32_t one_hex;               /* 1: every unit of the group on one single hex */
} lga_place;

enum { /* when a group enters play */
    LGA_W_SETUP = 0,   /* initial placement (Allied first, then French: LGA-SCEN-03) */
    LGA_W_TURN = 1,    /* regular reinforcement on game-turn `turn` (LGA-SCEN-07/08) */
    LGA_W_SPECIAL = 2  /* part of special reinforcement `special` */
};

enum { /* group flags */
    LGA_GF_FM_SUPPLY = 1u << 0,    /* units are in Forced March Supply on their arrival game-turn (LGA-S1805-06) */
    LGA_GF_FREE_TRIPLE = 1u << 1   /* infantry and supply may Triple Forced March without rolling (LGA-S1805-06) */
};

typedef struct lga_group {
    char id[LGA_NAME_CAP]; /* e.g. "allied-setup-austria" */
    int32_t side;          /* LGA_ALLIED / LGA_FRENCH */
    int32_t when;          /* LGA_W_* */
    int32_t turn;          /* LGA_W_TURN: 1..turns */
    int32_t special;       /* LGA_W_SPECIAL: index into specials[] */
    uint32_t flags;        /* LGA_GF_* */
    lga_place place;
    int32_t first_spec, nspec; /* specs[first_spec .. first_spec+nspec-1] */
    int32_t line;
} lga_group;

enum { /* special reinforcement triggers (bits; any one fires the special, once only: LGA-SCEN-09) */
    LGA_TR_VP_BELOW = 1u << 0,   /* VP total < track threshold `track` (A or P) after a French Player-Turn */
    LGA_TR_ENTER = 1u << 1,      /* a French unit enters a hex with any of `enter_flags` (LGA-GAP-69) */
    LGA_TR_NEAR = 1u << 2,       /* a French unit moves through/ends within `near_radius` of `near_hex` (LGA-S1809-15) */
    LGA_TR_AFTER = 1u << 3       /* special `after` has arrived */
};

enum { /* when a triggered special arrives */
    LGA_AR_NEXT_PLAYER_TURN = 0, /* the owner's next Movement Phase (LGA-S1805-16/19) */
    LGA_AR_IMMEDIATE = 1,        /* at once, during the triggering French Movement Phase (LGA-S1809-15) */
    LGA_AR_AFTER_FRENCH = 2      /* the French Player-Turn after `after` appears (LGA-S1805-18) */
};

enum { LGA_TRACK_A = 0, LGA_TRACK_P = 1, LGA_NTRACKS = 2 };

typedef struct lga_special {
    char id[LGA_NAME_CAP];
    int32_t side;
    uint32_t trig;        /* LGA_TR_* */
    int32_t track;        /* LGA_TR_VP_BELOW: LGA_TRACK_A or LGA_TRACK_P */
    uint32_t enter_flags; /* LGA_TR_ENTER */
    int32_t near_hex, near_radius; /* LGA_TR_NEAR */
    int32_t after;        /* LGA_TR_AFTER: index of the special */
    int32_t arrive;       /* LGA_AR_* */
    int32_t line;
} lga_special;

typedef struct lga_turn {
    char date[LGA_NAME_CAP];          /* "Early September" */
    int32_t thr[LGA_NTRACKS];         /* A and P thresholds in force (after the documented default) */
    int32_t thr_printed[LGA_NTRACKS]; /* 1 when the chart prints the value */
} lga_turn;

enum { /* VP award kinds */
    LGA_VP_PLACE = 0,     /* French control / siege of hex `hex` */
    LGA_VP_EXIT_SOUTH = 1,/* per French Combat Strength point moved off the south edge (LGA-S1805-27) */
    LGA_VP_LINE_A = 2,    /* French units on/east of Line A with a clear trace to the west edge */
    LGA_VP_LINE_B = 3     /* the same for Line B (instead of Line A, never both) */
};

typedef struct lga_vp {
    int32_t kind;    /* LGA_VP_* */
    int32_t hex;     /* LGA_VP_PLACE: space id */
    int32_t control; /* points for French control (or the per-point / line award) */
    int32_t siege;   /* points for a French siege; LGA_UNPRINTED when the chart prints "-" or nothing */
    int32_t line;
} lga_vp;

enum { /* victory levels */
    LGA_LV_ALLIED_DECISIVE = -3,
    LGA_LV_ALLIED_SUBSTANTIVE = -2,
    LGA_LV_ALLIED_MARGINAL = -1,
    LGA_LV_DRAW = 0,
    LGA_LV_FRENCH_MARGINAL = 1,
    LGA_LV_FRENCH_SUBSTANTIVE = 2,
    LGA_LV_FRENCH_DECISIVE = 3
};

typedef struct lga_level {
    int32_t min, max; /* inclusive; INT32_MIN / INT32_MAX for open ends */
    int32_t level;    /* LGA_LV_* */
} lga_level;

typedef struct lga_control {
    int32_t hex;
    int32_t side; /* initial controller (LGA-GAP-09) */
} lga_control;

/* Scenario-wide rule switches. */
enum {
    LGA_R_PRUSSIAN = 1u << 0,        /* the Prussian special rules apply (LGA-PRUSSIAN-01, LGA-S1806-32) */
    LGA_R_AUSTRIA_CLOSED = 1u << 1,  /* no unit may enter Austria (LGA-S1806-01) */
    LGA_R_AUSTRIAN_1809 = 1u << 2,   /* Austrian infantry uses the French combine chart (LGA-ADDENDA-01) */
    LGA_R_AUSTRIAN_1805 = 1u << 3    /* Austrian 1805 combine chart (4-3 corps, 1-5 brigades) */
};

typedef struct lga_scenario {
    char id[LGA_NAME_CAP];    /* "1805" */
    char title[64];
    int32_t turns;            /* game length (1805: 12, LGA-GAP-05) */
    int32_t turns_printed;    /* 1 when the chart prints the length */
    uint32_t rules;           /* LGA_R_* */
    int32_t french_setup_radius; /* informational: radius the Addendum gives named French setups (LGA-SCEN-04) */

    lga_turn turn[LGA_MAX_TURNS + 1]; /* turn[1..turns]; turn[0] unused */

    int32_t ngroup;
    lga_group group[LGA_MAX_GROUPS];
    int32_t nspec;
    lga_unit_spec spec[LGA_MAX_SPECS];
    int32_t nspecial;
    lga_special special[LGA_MAX_SPECIALS];

    int32_t nvp;
    lga_vp vp[LGA_MAX_VP];
    int32_t nlevel;
    lga_level level[LGA_MAX_LEVELS]; /* sorted from the highest minimum down; cover every integer */

    int32_t ncontrol;
    lga_control control[LGA_MAX_CONTROL];
} lga_scenario;

/* ---- loading ---- */

/* Loads a map document and checks that it declares the lga vocabulary (terrain, flag and sideflag names
   above, in that order, possibly followed by more names).  `file` names the document in messages.
   Errors are stored on ctx ("europe-schematic.wgd:12: ...").  Returns WG_OK, WG_EINVAL, WG_ENOMEM,
   WG_EPARSE, WG_EDATA. */
int wg__lga_map_load(wg_map **out, wg_ctx *ctx, const char *buf, size_t len, const char *file);

/* Loads the bundled schematic map of central Europe (data/lga/europe-schematic.wgd). */
int wg__lga_map_builtin(wg_map **out, wg_ctx *ctx);

/* Loads a scenario document against `map` (every named place must exist on it).  *out is allocated
   through ctx; free it with wg__lga_scenario_free.  Nothing is allocated on failure. */
int wg__lga_scenario_load(lga_scenario **out, wg_ctx *ctx, const wg_map *map, const char *buf, size_t len,
                          const char *file);

/* Loads bundled scenario "1805", "1806" or "1809" against `map`. WG_ENOTFOUND for another id. */
int wg__lga_scenario_builtin(lga_scenario **out, wg_ctx *ctx, const wg_map *map, const char *id);

void wg__lga_scenario_free(wg_ctx *ctx, lga_scenario *s);

/* The bundled opt-in CRT completion (data/lga/crt-completion.wgd), a `table` document for
   wg_table_supply: only cells the rulebook does not print. */
void wg__lga_crt_completion(const char **buf, size_t *len);

/* ---- helpers for the engine ---- */

/* Number of units of a group / of a whole scenario (counts expanded). */
int wg__lga_group_units(const lga_scenario *s, int group);

/* Non-zero when `hex` is a legal hex for placement rule `p` on `map` (ignores one_hex and occupancy). */
int wg__lga_place_ok(const wg_map *map, const lga_place *p, int hex);

/* The victory level of a VP total (LGA-SCEN-10); LGA_LV_DRAW if no row matches (never for bundled data). */
int wg__lga_level_of(const lga_scenario *s, int32_t vp);

/* Static English names. */
const char *wg__lga_level_name(int level);
const char *wg__lga_nat_name(int nat);
const char *wg__lga_utype_name(int type);

#endif

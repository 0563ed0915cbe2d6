/* Les Aigles: battles (kind `aigles-battle`, doc/aigles-data.md): the sides, the officers with their
   charisma and command, the units with their companies of army-list types, formation, position,
   facing and tactical order, checked against the army list, the table and the rules of formation.
   No battle set-up is printed in the rulebook (G-52); the sample battles are ours. */
#ifndef LA_BATTLE_H
#define LA_BATTLE_H

#include "la_data.h"
#include "la_terrain.h"

#define LA_MAX_UNITS 256
#define LA_MAX_OFFICERS 64
#define LA_MAX_OBJECTIVES 16

/* Tactical orders (LA-ORDERS-03..12), a closed vocabulary. */
enum { LA_ORD_ATTACK = 0, LA_ORD_SUPPORT, LA_ORD_HOLD, LA_ORD_COVER, LA_ORD_DEFEND, LA_ORD_HARASS, LA_ORD_EXPLOIT,
       LA_ORD_DENY, LA_ORD_NEUTRALISE, LA_NORDERS };
extern const char *const la_order_name[LA_NORDERS];

typedef struct la_order {
    int kind;
    int target;  /* a unit (support, cover, neutralise), -1 for none */
    wg_pt point; /* a direction (attack: toward) or a position (defend, deny) */
    int has_point;
    int32_t radius; /* deny, defend: the zone's radius in table units (0 for none) */
} la_order;

/* An alternative order written into the initial orders (LA-ORDERS-17): an order kind and the event that
   triggers it, from a closed vocabulary: after a number of periods, or when a named unit of its side
   stands within a radius of a point. */
enum { LA_ALT_NONE = 0, LA_ALT_AFTER, LA_ALT_ARRIVES };
typedef struct la_alt {
    int trigger;    /* LA_ALT_* */
    int kind;       /* the order (LA_ORD_*) */
    int periods;    /* after: the periods the first order lasts */
    int unit;       /* arrives: the unit awaited */
    wg_pt place;    /* arrives: the point */
    int32_t within; /* arrives: the radius, table units */
} la_alt;

typedef struct la_bunit {
    char name[LA_NAME_MAX];
    int side;
    int type[LA_MAX_COMPANIES]; /* the army-list type of each company */
    la_unit u;
    la_order order;
    char regiment[LA_NAME_MAX]; /* its regiment (battalions or squadrons that cover one another), "" for none */
    la_alt alt;
} la_bunit;

typedef struct la_officer {
    char name[LA_NAME_MAX];
    int side;
    int charisma, command;
    int mounted;
    int adc;      /* an aide-de-camp */
    int superior; /* the officer he answers to, -1 for the commander-in-chief */
    wg_pt at, facing;
} la_officer;

typedef struct la_objective {
    char name[LA_NAME_MAX];
    wg_pt at;
    int points;
} la_objective;

typedef struct la_battle {
    char title[96];
    int provisional; /* provenance sample */
    int scale;
    int periods;
    int nside;
    char side[2][LA_NAME_MAX];
    int nunit, nofficer, nobjective;
    la_bunit unit[LA_MAX_UNITS];
    la_officer officer[LA_MAX_OFFICERS];
    la_objective objective[LA_MAX_OBJECTIVES];
    int nfortify; /* record `fortify SIDE AREA` (LA-UNIT-08) */
    int fortify_side[LA_MAX_OBJECTIVES];
    char fortify[LA_MAX_OBJECTIVES][LA_NAME_MAX];
    int nterrain_rule;
    la_terrain_rule terrain_rule[LA_MAX_TERRAIN_RULES]; /* record `terrain` (LA-TERRAIN-01) */
} la_battle;

/* Loads a battle against an army list, the printed tables (bases) and its table map; `err` names the
   line and the first missing or bad field.  WG_EPARSE, WG_EDATA, WG_ENOMEM; *out unchanged on failure. */
int la_battle_load(la_battle *out, char *err, wg_ctx *ctx, const char *buf, size_t len, const la_army *army,
                   wg_table *const *tabs, const wg_map *map);

#endif

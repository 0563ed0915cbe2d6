/* Les Aigles: the host-supplied army lists (kind `aigles-army`, doc/aigles-data.md): unit types,
   weapons, artillery calibres, movement allowances and charge bonuses (checklist G-04, G-05, G-07,
   G-16, G-35, G-47), none of which the rulebook prints.  Every value is validated; a missing field
   fails with WG_EDATA naming it. */
#ifndef LA_DATA_H
#define LA_DATA_H

#include "la_unit.h"

#define LA_NAME_MAX 32
#define LA_MAX_TYPES 64
#define LA_MAX_WEAPONS 16
#define LA_MAX_CALIBRES 16

/* A length at both scales, in paces (= mm at its scale), never derived one from the other (G-46). */
typedef struct la_pair {
    int v[2]; /* LA_SCALE_25, LA_SCALE_15 */
} la_pair;

typedef struct la_weapon {
    char name[LA_NAME_MAX];
    la_pair range;
} la_weapon;

typedef struct la_calibre {
    char name[LA_NAME_MAX];
    la_pair canister, rebound, max;
    int ranks; /* the most ranks a round shot traverses */
    int pounds; /* the calibre in pounds, 0 when not given: 6 or more demolishes cover (LA-TERRAIN-21) */
} la_calibre;

enum { LA_CAV_NONE = 0, LA_CAV_LIGHT = 1, LA_CAV_HEAVY = 2 };

typedef struct la_type {
    char name[LA_NAME_MAX];
    int arm, status, manoeuvre;
    int fire, combat, charge, morale;
    int elite, irregular, lancer, cuirass, impetuous;
    int howitzer; /* a battery that includes a howitzer (O): it may set a village on fire (LA-TERRAIN-30) */
    int cavalry; /* LA_CAV_* (mandatory for cavalry, G-47) */
    int weapon;  /* index into weapons, -1 for none */
    int calibre; /* artillery: index into calibres */
    int points;  /* per figure, for victory (G-38) */
    int foot;    /* cavalry: the infantry type of its foot version, -1 for none: it may dismount (LA-UNIT-21) */
} la_type;

typedef struct la_army {
    char title[96];
    int provisional; /* the document says `provenance sample` */
    int ntype, nweapon, ncalibre;
    la_type type[LA_MAX_TYPES];
    la_weapon weapon[LA_MAX_WEAPONS];
    la_calibre calibre[LA_MAX_CALIBRES];
    /* movement per period by arm, formation and manoeuvre; present[] says which are given */
    la_pair move[LA_NARMS][LA_NFORMATIONS][3];
    unsigned char has_move[LA_NARMS][LA_NFORMATIONS][3];
    la_pair charge_bonus[LA_NARMS];
    unsigned char has_charge_bonus[LA_NARMS];
} la_army;

/* Loads an army list; on failure `err` (WG_ERRMSG_CAP bytes) names the line and the field, and *out is
   unchanged.  WG_EPARSE (the line format), WG_EDATA (a value missing, unknown or out of range),
   WG_ENOMEM. */
int la_army_load(la_army *out, char *err, wg_ctx *ctx, const char *buf, size_t len);

/* The index of a named type, weapon or calibre, or -1. */
int la_army_type(const la_army *a, const char *name);

/* The movement allowance of an arm in a formation at a manoeuvre, in table units at the scale:
   WG_EDATA naming the missing record when the army list does not give it. */
int la_army_move(int32_t *out, char *err, const la_army *a, int arm, int formation, int manoeuvre, int scale);

/* Names, for messages and documents. */
extern const char *const la_arm_name[LA_NARMS];
extern const char *const la_status_name[LA_NSTATUS];

#endif

/* Les Aigles: officers and command (checklist LA-OFFICER, LA-REACT, T7, T8), charges and contact
   (LA-CHARGE-01, -10, -12, LA-DODGE-01, LA-UNIT-19, LA-MELEE faces, T22 radius counts). */
#ifndef LA_COMMAND_H
#define LA_COMMAND_H

#include "la_battle.h"

/* The order-change zone of a command (T7; command 0 is as 1, G-19): 0 for contact, else its radius in
   table units at the scale. */
int la_order_zone(int32_t *radius, wg_table *const *tabs, int command, int scale);

/* An officer's base (T1: mounted or foot general) standing at `at`, facing `facing`. */
int la_officer_base(wg_quad *q, const la_officer *o, wg_table *const *tabs, int scale);

/* Whether the unit lies in the officer's order-change zone (contact for command 0 and 1). */
int la_in_order_zone(int *yes, const la_officer *o, const la_unit *u, wg_table *const *tabs, int scale);

/* Charisma (LA-OFFICER-02, -03, G-20): in contact the player picks any modifier in [-C, +C]; beyond, a
   unit within 150/100 paces gets C - 1, each further band of 50/35 paces one less, never below 0.
   *direct is 1 in contact; *value the largest modifier allowed. */
int la_charisma(int *value, int *direct, const la_officer *o, const la_unit *u, wg_table *const *tabs, int scale);

/* The reaction value of a status (T8) and the test of an order (LA-REACT-02, -03): it passes when the
   die is strictly below reaction + command; *faces receives how many of the six faces pass. */
int la_reaction(int *value, wg_table *const *tabs, int status);
int la_order_passes(int die, int reaction, int command);
int la_order_pass_faces(int reaction, int command);

/* Whether a unit may declare a charge (LA-CHARGE-12, -13): 0, or WG_EILLEGAL with the rule in why. */
int la_may_charge(char *why, const la_unit *u);

/* The face of `target` that `attacker` meets (WG__FACE_FRONT, _RIGHT, _REAR, _LEFT): flank or rear
   attacks by the nearest face, ties to the face the attacker stands farther out of. */
int la_contact_face(int *face, const la_unit *attacker, const la_unit *target, wg_table *const *tabs, int scale);

/* Whether `x` threatens `y` (LA-UNIT-19): y lies in x's zone of action, its arc (22.5 degrees, 45 for
   units with that fire arc) to `reach` (the fire range, the charge range or the flat-trajectory range). */
int la_threatens(int *yes, const la_unit *x, const la_unit *y, int32_t reach, wg_table *const *tabs, int scale);

/* The units of each side within a radius of a unit (T22: 300/200 paces): counts[side]. */
int la_count_within(int counts[2], const la_battle *b, int unit, int32_t radius, wg_table *const *tabs, int scale);

#endif

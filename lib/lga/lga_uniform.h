/* La Grande Armée: the hooks of the uniform doors kept apart from the rest of the ruleset (odds of
   a described action: lga_uodds.c). */
#ifndef LGA_UNIFORM_H
#define LGA_UNIFORM_H

#include "lga_internal.h"

int lga_uniform_odds(wg_game *g, int viewer, wg_odds_req *r, wg_odds_out *o);
/* The unit (index into the state's units) a piece id names, -1 when none. */
int lga_unit_of_id(const wg_game *g, int64_t id);

#endif

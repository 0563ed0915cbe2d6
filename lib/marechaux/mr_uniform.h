/* Les Maréchaux: the hooks of the uniform doors kept apart from the rest of the ruleset (odds of a
   described action: mr_uodds.c; dice entered from the table: mr_params.c). */
#ifndef MR_UNIFORM_H
#define MR_UNIFORM_H

#include "marechaux.h"

int mr_uniform_odds(wg_game *g, int viewer, wg_odds_req *r, wg_odds_out *o);
int mr_option_params(const wg_game *g, uint64_t a, wg_param *p, int *required);
int mr_check_params(const wg_game *g, uint64_t a, const int64_t *v, size_t n, char *err);
int mr_apply_params(wg_game *g, uint64_t a, const int64_t *v, size_t n);

#endif

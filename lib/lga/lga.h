/* La Grande Armée ruleset: the ops table listed by lib/registry.c. */
#ifndef WG_LGA_H
#define WG_LGA_H

#include "internal.h"

extern const wg_ruleset_ops wg__lga_ops;

/* Pieces on the map for wg_game_piece* (lga_pieces.c). */
int wg__lga_piece(const wg_game *g, int viewer, size_t i, size_t *count, int *side, int *space, wg_sb *label);

#endif

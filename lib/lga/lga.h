/* La Grande Armée ruleset: the ops table listed by lib/registry.c. */
#ifndef WG_LGA_H
#define WG_LGA_H

#include "internal.h"

extern const wg_ruleset_ops wg__lga_ops;

/* Pieces on the map for wg_game_piece* (lga_pieces.c). */
void wg__lga_space_name(const wg_game *g, int space, wg_sb *sb);
int wg__lga_attr(const wg_game *g, int viewer, int of, size_t i, int key, int64_t *iv, wg_sb *sb);
extern const wg_attr_key wg__lga_piece_keys[], wg__lga_option_keys[], wg__lga_space_keys[];
int wg__lga_piece(const wg_game *g, int viewer, size_t i, size_t *count, int *side, int *space, wg_sb *label);

#endif

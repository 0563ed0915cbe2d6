/* La Grande Armée: the sequence of play as decisions (shared by lga_ops.c, lga_seq_*.c, lga_text.c). */
#ifndef WG_LGA_SEQ_H
#define WG_LGA_SEQ_H

#include "lga_internal.h"

/* Action codes: kind in bits 48..63, three 16-bit arguments. */
#define LGA_ACT(k, a, b, c)                                                                                   \
    (((uint64_t)(k) << 48) | ((uint64_t)(uint16_t)(a) << 32) | ((uint64_t)(uint16_t)(b) << 16) |               \
     (uint64_t)(uint16_t)(c))
#define LGA_AK(x) ((int)((x) >> 48))
#define LGA_AA(x) ((int)(int16_t)(((x) >> 32) & 0xffff))
#define LGA_AB(x) ((int)(int16_t)(((x) >> 16) & 0xffff))
#define LGA_AC(x) ((int)(int16_t)((x)&0xffff))

enum {
    LGA_A_END = 1,      /* end the phase / segment, or "done" */
    LGA_A_SELECT,       /* a: unit to move */
    LGA_A_FM,           /* a: 0 none, 1 double with FM Supply (b: supply unit), 2 double table, 3 triple table, 4 free */
    LGA_A_DEST,         /* a: hex */
    LGA_A_STOP,         /* end the unit's move where it is */
    LGA_A_FACE,         /* a: die face 1..6 */
    LGA_A_HALT,         /* Op: halt the forced march */
    LGA_A_AGAIN,        /* Op: roll again */
    LGA_A_PLACESEL,     /* a: reinforcement to place */
    LGA_A_PLACE,        /* a: hex */
    LGA_A_BREAKDOWN,    /* a: unit */
    LGA_A_COMBINE,      /* a: hex, b: unit type, c: strength of the units combined */
    LGA_A_ELIM,         /* a: unit */
    LGA_A_DECLARE,      /* a: source hex (or the Fortress for a combined attack), b: target, c: flags */
    LGA_A_DROP,         /* a: unit left out of the attack */
    LGA_A_SUPPLY,       /* a: supply unit */
    LGA_A_RBC,          /* a: unit */
    LGA_A_BATTLE,       /* a: battle */
    LGA_A_RETREAT,      /* a: hex */
    LGA_A_ADVANCE,      /* a: unit, b: hex */
    LGA_A_CREATE,       /* a: depot */
    LGA_A_AUTOPLACE,    /* place the rest of the side's setup automatically */
    LGA_A_AUTOELIM,     /* a: source hex, b: target hex */
    LGA_A_EXIT,         /* 1805: move the unit off the south edge */
    LGA_A_FORTSUP,      /* a: unit given Fortress supply (LGA-GAP-53) */
    LGA_A_STEP          /* a: adjacent hex: the moving unit steps there and may go on (the player traces the route) */
};
enum { LGA_DF_COMBINED = 1, LGA_DF_RIVER_HEXES = 2 };

lga_rdata *lga_rd(const wg_game *g);
lga_state *lga_st(const wg_game *g);
void lga_run_init(lga_run *r, wg_game *g);
void lga_run_init_const(lga_run *r, const wg_game *g);

/* movement phase (lga_seq_move.c) */
int lga_opts_move(wg_game *g, lga_run *r);
int lga_apply_move(wg_game *g, lga_run *r, uint64_t a);
void lga_start_movement(lga_run *r);
int lga_group_hex_ok(const lga_run *r, int ui, int hex);
int lga_group_anchor(const lga_run *r, int ui);
int lga_group_hex_ok2(const lga_run *r, int ui, int hex, int anchor);
int lga_unit_budget(const lga_run *r);
void lga_after_place(lga_run *r, int ui, int hex);
int lga_opts_build(wg_game *g, const lga_run *r);
/* Special reinforcement triggers of a French unit entering `hex` (LGA-S1805-19, LGA-S1809-15, LGA-GAP-69). */
void lga_check_triggers(lga_run *r, int ui, int hex);
int lga_apply_build(lga_run *r, uint64_t a);

/* combat phase (lga_seq_combat.c) */
int lga_opts_combat(wg_game *g, lga_run *r);
int lga_apply_combat(wg_game *g, lga_run *r, uint64_t a);
void lga_start_combat(lga_run *r);

/* supply creation and turn end (lga_ops.c) */
void lga_end_player_turn(lga_run *r);
void lga_end_phase(lga_run *r);
void lga_enter_supply_phase(lga_run *r);
void lga_fire_special(lga_run *r, int sp);
void lga_release_specials(lga_run *r);

/* option order and attributes (lga_pieces.c; doc/lga.md) */
/* Sorts the options as built, in place: each run of options of one kind is sorted (units by id,
   hexes by number...: doc/lga.md); the kinds stay in the order they are built.  WG_OK. */
int lga_opts_order(wg_game *g);
/* Sorts reachable hexes by cost in MP, then by hex number. */
void lga_reach_sort(const lga_board *b, lga_reach *rc);

/* texts (lga_text.c) */
void lga_unit_text(const wg_game *g, int u, wg_sb *sb);
void lga_hex_text(const wg_game *g, int hex, wg_sb *sb);
int lga_label(const wg_game *g, uint64_t a, wg_sb *sb);
void lga_decision_text(const wg_game *g, wg_sb *sb);
void lga_event_text(const wg_game *g, const wg_event *e, int viewer, wg_sb *sb);
void lga_describe(const wg_game *g, int viewer, wg_sb *sb);
void lga_result_text(const wg_game *g, wg_sb *sb);
void lga_why_not(const wg_game *g, uint64_t a, char *err);

#endif

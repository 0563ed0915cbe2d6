/* Pools of markers drawn at random without replacement (fatigue markers, event containers).
 *
 * A pool is a plain value (POD, fixed capacity, no pointers) so that it can live inside a
 * ruleset's flat game state and be hashed, cloned and saved with it.  Each marker has a type
 * 0..ntypes-1; the pool counts the markers of each type that are in the container ("in") and
 * the markers drawn and held out ("out") that may still be put back.  Draws are chance decisions:
 * wg__pool_push_draw pushes one option per type with weight = the number of that type left, so
 * the engine's generator or the host (naming the marker drawn from a physical cup) picks one. */
#ifndef WG_POOL_H
#define WG_POOL_H

#include "internal.h"

#define WG_POOL_MAXTYPES 24

typedef struct wg_pool {
    uint16_t in[WG_POOL_MAXTYPES];  /* markers of each type in the container */
    uint16_t out[WG_POOL_MAXTYPES]; /* markers drawn and held out (returnable) */
    uint16_t ntypes;
    uint16_t pad;
} wg_pool;

/* Empties the pool and sets its number of types (clamped to 0..WG_POOL_MAXTYPES). */
void wg__pool_init(wg_pool *p, int ntypes);
/* Adds n markers of a type to the container. WG_ERANGE (bad type), WG_EOVERFLOW (count > 65535). */
int wg__pool_add(wg_pool *p, int type, unsigned n);
/* Markers in the container (all types). */
unsigned wg__pool_count(const wg_pool *p);
/* Markers of one type in the container (0 for a bad type). */
unsigned wg__pool_count_type(const wg_pool *p, int type);
/* Markers of one type drawn and held out (0 for a bad type). */
unsigned wg__pool_out_type(const wg_pool *p, int type);
/* Markers held out (all types). */
unsigned wg__pool_out_count(const wg_pool *p);
/* Draws one marker of the given type (container -> held out). WG_ERANGE, WG_EILLEGAL (none left). */
int wg__pool_take(wg_pool *p, int type);
/* Puts one held-out marker of a type back into the container. WG_ERANGE, WG_EILLEGAL (none held). */
int wg__pool_put_back(wg_pool *p, int type);
/* Removes one held-out marker of a type from the game (a played event). WG_ERANGE, WG_EILLEGAL. */
int wg__pool_discard(wg_pool *p, int type);
/* Returns every held-out marker to the container. */
void wg__pool_return_all(wg_pool *p);
/* Pushes the options of a draw: action base + type, weight = markers of that type left.
   Types with none left are skipped. Returns WG_OK, WG_ENOMEM, or WG_ESTATE for an empty pool. */
int wg__pool_push_draw(wg_game *g, const wg_pool *p, uint64_t base);
/* Pushes the options of a draw from a hidden pool: one option per marker in the container, weight 1,
   action base + slot (slot in [0, count)), so the options do not reveal the mix.  Slots are the
   markers in type order; wg__pool_slot_type maps a slot back to its type. WG_ESTATE for an empty pool. */
int wg__pool_push_draw_hidden(wg_game *g, const wg_pool *p, uint64_t base);
/* The type of the marker in a slot (see wg__pool_push_draw_hidden), -1 when out of range. */
int wg__pool_slot_type(const wg_pool *p, unsigned slot);
/* The first slot holding a marker of a type, -1 when none is left. */
int wg__pool_type_slot(const wg_pool *p, int type);
/* The exact probability num/den that the next draw is of the given type (0/0 for an empty pool). */
int wg__pool_draw_prob(uint64_t *num, uint64_t *den, const wg_pool *p, int type);
/* Exact distribution of the sum of the values of k markers drawn together without replacement.
   values[type] >= 0 is the value printed on each type.  out[s] receives the number of k-subsets
   of the (distinguishable) markers in the container whose values sum to s, for s in [0, *len);
   their total is C(count, k).  Returns WG_OK, WG_EINVAL (k > count, negative value, NULL),
   WG_EBUFSIZE (cap too small; *len set), WG_EOVERFLOW. */
int wg__pool_sum_dist(uint64_t *out, size_t cap, size_t *len, const wg_pool *p, const int *values, unsigned k);

#endif

/* The twin-game leak harness: a game and a copy of it in which every fact hidden from player P is
   sampled anew (wg_game_determinize) are stepped side by side; after every step, everything P can
   read through the public API must be byte for byte the same in both.  Public API only: this
   header and wgleak.c include nothing but wargame.h and libc.

   The steps: P's decisions and the public chance results (dice) are the same in both games; a draw P
   may not look into is drawn in each game on its own; the other player takes, at random, an option
   whose label he reads in both games (when there is none, the twin is sampled again).  What P reads:
   wg_game_describe, the pieces, who decides and the decision text for P, the options when P may read
   them (count and labels), the new events' texts and rule tags, the score and the result.  A
   difference is allowed only after an event that reveals something to P by the rules
   (wg_game_event_reveals); then, and at every such event, the twin is sampled anew from the game. */
#ifndef WG_WGLEAK_H
#define WG_WGLEAK_H

#include <stddef.h>
#include <stdint.h>

#include "wargame.h"

typedef struct wgl_stats {
    long twins;     /* twins sampled */
    long differ;    /* twins whose referee view differs from the game's: hidden facts really re-sampled */
    long steps;     /* steps taken in both games */
    long reveals;   /* events that revealed something to P (the twin was sampled again) */
    long resampled; /* twins sampled again because the other player had no option in common */
} wgl_stats;

/* Runs the harness from g's current position for P = viewer during at most `steps` steps (g is
   stepped).  Returns 0 when P read the same in both games throughout; 1 on a leak, with msg naming
   the step and the first difference; -1 on an API error (msg says which). */
int wgl_run(wg_game *g, int viewer, uint64_t seed, long steps, wgl_stats *st, char *msg, size_t cap);

/* Everything viewer may read of game g now, as one text (malloc; events from event index ev0 on). */
char *wgl_view(wg_game *g, int viewer, size_t ev0);

#endif

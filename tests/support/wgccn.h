/* Helpers of the Commands & Colors public-API tests (tests/public/test_ccn_*.c): the standard
   board as a host map document, dice entered as physical faces, an option's integer attribute.  This
   header and wgccn.c include nothing but wargame.h, wgplay.h and Check. */
#ifndef WG_WGCCN_H
#define WG_WGCCN_H

#include <stddef.h>
#include <stdint.h>

#include "wargame.h"

/* A 13x9 board every hex clear (sections as on the standard board, doc/ccn-data.md) except those
   named in `terrain` ("E5=orchard F5=forest"; NULL: none); malloc'd. */
char *wgc_board(const char *terrain);
/* Takes the roll option the faces give (1, 2 infantry; 3 cavalry; 4 artillery; 5 saber; 6 flag):
   exactly one option accepts them; a reaction window before the roll is passed. */
void wgc_roll(wg_game *g, const int64_t *faces, size_t n);
/* The integer attribute `key` of option i (which must exist), as the referee reads it. */
int64_t wgc_option_int(wg_game *g, long i, const char *key);

#endif

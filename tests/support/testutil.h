/* Helpers shared by the Check suites. */
#ifndef WG_TESTUTIL_H
#define WG_TESTUTIL_H

#include <check.h>
#include <stddef.h>
#include <stdint.h>

#include "wargame.h"

/* A test allocator: counts allocations, fails the N-th one (1-based; 0 = never) and every one after
   it when `fail_all_after` is set. Tracks bytes so leaks show. */
typedef struct wgt_alloc {
    uint64_t calls;      /* allocation or growth calls so far */
    uint64_t fail_at;    /* fail this call (1-based), 0 = never */
    int fail_all_after;  /* non-zero: keep failing once the first failure happened */
    int failed;          /* a failure happened */
    size_t bytes;        /* bytes live */
    size_t blocks;       /* blocks live */
} wgt_alloc;

void *wgt_alloc_fn(void *ud, void *ptr, size_t osize, size_t nsize);

/* A context with the test allocator. */
wg_ctx *wgt_ctx(wgt_alloc *a);

/* Reads a file under the source tree into a NUL-terminated buffer from malloc (abort the test on error). */
char *wgt_read_source_file(const char *relpath, size_t *len);

/* Every scenario of every ruleset in the registry, numbered 0..wgt_scenario_count()-1 (a ruleset
   added later is covered by the tests that loop over them): wgt_scenario sets its ruleset id and
   scenario id and returns the scenario's index within its ruleset (wgt_scenario_count may be
   called outside a test, when a suite is built). */
int wgt_scenario_count(void);
int wgt_scenario(int k, const char **ruleset, const char **scenario);

/* The options under which a ruleset's games play to the end with the random bot ("crt=completion"
   for La Grande Armée, whose printed CRT has gaps; "" otherwise). */
const char *wgt_playable_options(const char *ruleset);

/* CRC-32 (IEEE) of n bytes, as saved games carry it. */
uint32_t wgt_crc32(const unsigned char *p, size_t n);

/* Rewrites the CRC-32 trailer of a saved game of len bytes (the last four bytes, little-endian, the
   CRC-32 of everything before them) after the save was edited. */
void wgt_save_reseal(unsigned char *save, size_t len);

/* Runs a suite and returns the process exit code. */
int wgt_run(Suite *s);

#endif

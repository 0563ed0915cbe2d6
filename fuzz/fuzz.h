/* Shared declarations of the fuzz harnesses (fuzz/README.md).
 *
 * Each harness defines its entry point with WGFUZZ_TARGET(name): under libFuzzer it is
 * LLVMFuzzerTestOneInput, in the corpus replay program (WGFUZZ_REPLAY) it is wgfuzz_<name>, so
 * one replay program holds every harness.  Invariant violations end in __builtin_trap(). */
#ifndef WGFUZZ_H
#define WGFUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "wargame.h"

#ifdef WGFUZZ_REPLAY
#define WGFUZZ_TARGET(name) int wgfuzz_##name(const uint8_t *data, size_t size)
int wgfuzz_data(const uint8_t *data, size_t size);
int wgfuzz_map(const uint8_t *data, size_t size);
int wgfuzz_table(const uint8_t *data, size_t size);
int wgfuzz_oob(const uint8_t *data, size_t size);
int wgfuzz_load(const uint8_t *data, size_t size);
int wgfuzz_game(const uint8_t *data, size_t size);
int wgfuzz_setup(const uint8_t *data, size_t size);
int wgfuzz_aigles(const uint8_t *data, size_t size);
#else
#define WGFUZZ_TARGET(name) int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
#endif

/** Traps (a crash the fuzzer reports) when @p cond is false. */
#define FZ_CHECK(cond)                                                                                                 \
    do {                                                                                                               \
        if (!(cond))                                                                                                   \
            __builtin_trap();                                                                                          \
    } while (0)

/** A counting allocator that can fail one chosen allocation. */
typedef struct fz_alloc {
    uint64_t calls;   /**< allocations and resizes requested so far */
    uint64_t fail_at; /**< 0 = never fail, otherwise fail call number fail_at */
    uint64_t failed;  /**< number of failed calls */
    size_t bytes;     /**< bytes held */
} fz_alloc;

/** The allocator function (wg_alloc_fn). */
void *fz_alloc_fn(void *ud, void *ptr, size_t osize, size_t nsize);

/** A new context on @p a (traps on failure). */
wg_ctx *fz_ctx(fz_alloc *a);

/** Frees a context, trapping unless it owns no handle and no byte. */
void fz_ctx_done(wg_ctx *ctx, const fz_alloc *a);

/** FNV-1a of the input: picks which allocation to fail, deterministically per input. */
uint64_t fz_hash(const uint8_t *data, size_t size);

/** Checks a text getter's contract on its status and *lenp (NUL-terminated, len < cap). */
void fz_check_text(int rc, const char *buf, size_t cap, const size_t *lenp);

#endif

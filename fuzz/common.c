/* Helpers shared by the fuzz harnesses. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

void *fz_alloc_fn(void *ud, void *ptr, size_t osize, size_t nsize)
{
    fz_alloc *a = ud;
    if (nsize == 0) {
        if (ptr)
            a->bytes -= osize;
        free(ptr);
        return NULL;
    }
    a->calls++;
    if (a->fail_at && a->calls == a->fail_at) {
        a->failed++;
        return NULL;
    }
    void *p = realloc(ptr, nsize);
    if (!p)
        return NULL;
    if (ptr)
        a->bytes -= osize;
    a->bytes += nsize;
    return p;
}

wg_ctx *fz_ctx(fz_alloc *a)
{
    wg_ctx *ctx = NULL;
    memset(a, 0, sizeof *a);
    FZ_CHECK(wg_ctx_new(&ctx, fz_alloc_fn, a) == WG_OK && ctx);
    return ctx;
}

void fz_ctx_done(wg_ctx *ctx, const fz_alloc *a)
{
    size_t live = 1, inuse = 1;
    FZ_CHECK(wg_ctx_live_handles(&live, ctx) == WG_OK);
    FZ_CHECK(live == 0);
    FZ_CHECK(wg_ctx_memory_in_use(&inuse, ctx) == WG_OK);
    FZ_CHECK(wg_ctx_free(ctx) == WG_OK);
    FZ_CHECK(a->bytes == 0);
    (void)inuse;
}

uint64_t fz_hash(const uint8_t *data, size_t size)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < size; i++) {
        h ^= data[i];
        h *= 1099511628211ull;
    }
    return h;
}

void fz_check_text(int rc, const char *buf, size_t cap, const size_t *lenp)
{
    size_t len = *lenp; /* read after the getter ran (argument order is unspecified) */
    if (rc == WG_OK) {
        FZ_CHECK(len < cap);
        FZ_CHECK(buf[len] == '\0');
        FZ_CHECK(strlen(buf) == len);
    } else if (rc == WG_EBUFSIZE) {
        FZ_CHECK(len >= cap);
        FZ_CHECK(cap == 0 || strlen(buf) < cap);
    }
}

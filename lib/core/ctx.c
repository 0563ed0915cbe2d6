/* Contexts: the allocator, the memory limit and statistics, constructor errors. */
#include <string.h>

#include "internal.h"

int wg_ctx_new(wg_ctx **out, wg_alloc_fn alloc, void *ud)
{
    if (!out)
        return WG_EINVAL;
    *out = NULL;
    if (!alloc) {
        alloc = wg__default_alloc;
        ud = NULL;
    }
    wg_ctx *ctx = alloc(ud, NULL, 0, sizeof *ctx);
    if (!ctx)
        return WG_ENOMEM;
    memset(ctx, 0, sizeof *ctx);
    ctx->alloc = alloc;
    ctx->ud = ud;
    atomic_init(&ctx->in_use, sizeof *ctx);
    atomic_init(&ctx->peak, sizeof *ctx);
    atomic_init(&ctx->nalloc, 1);
    atomic_init(&ctx->live, 0);
    *out = ctx;
    return WG_OK;
}

int wg_ctx_free(wg_ctx *ctx)
{
    if (!ctx)
        return WG_OK;
    size_t live = atomic_load(&ctx->live);
    if (live) {
        return wg__ctx_err(ctx, WG_EBUSY,
                           "context still owns %zu live handle(s) (or data shared with clones in other "
                           "contexts); free them first",
                           live);
    }
    ctx->alloc(ctx->ud, ctx, sizeof *ctx, 0);
    return WG_OK;
}

int wg_ctx_set_memory_limit(wg_ctx *ctx, size_t limit)
{
    if (!ctx)
        return WG_EINVAL;
    ctx->limit = limit;
    return WG_OK;
}

int wg_ctx_memory_in_use(size_t *out, const wg_ctx *ctx)
{
    if (!out || !ctx)
        return WG_EINVAL;
    *out = atomic_load_explicit(&ctx->in_use, memory_order_relaxed);
    return WG_OK;
}

int wg_ctx_memory_peak(size_t *out, const wg_ctx *ctx)
{
    if (!out || !ctx)
        return WG_EINVAL;
    *out = atomic_load_explicit(&ctx->peak, memory_order_relaxed);
    return WG_OK;
}

int wg_ctx_alloc_count(uint64_t *out, const wg_ctx *ctx)
{
    if (!out || !ctx)
        return WG_EINVAL;
    *out = atomic_load_explicit(&ctx->nalloc, memory_order_relaxed);
    return WG_OK;
}

int wg_ctx_live_handles(size_t *out, const wg_ctx *ctx)
{
    if (!out || !ctx)
        return WG_EINVAL;
    *out = atomic_load_explicit(&ctx->live, memory_order_relaxed);
    return WG_OK;
}

const char *wg_ctx_errmsg(const wg_ctx *ctx)
{
    if (!ctx)
        return "NULL context";
    return ctx->err;
}

void wg__ctx_retain(wg_ctx *ctx)
{
    atomic_fetch_add_explicit(&ctx->live, 1, memory_order_relaxed);
}

void wg__ctx_release(wg_ctx *ctx)
{
    atomic_fetch_sub_explicit(&ctx->live, 1, memory_order_release);
}

void *wg__realloc(wg_ctx *ctx, void *ptr, size_t osize, size_t nsize)
{
    if (nsize == 0) {
        if (ptr) {
            ctx->alloc(ctx->ud, ptr, osize, 0);
            atomic_fetch_sub_explicit(&ctx->in_use, osize, memory_order_relaxed);
        }
        return NULL;
    }
    if (!ptr)
        osize = 0;
    if (nsize > osize) {
        size_t grow = nsize - osize, cur = atomic_load_explicit(&ctx->in_use, memory_order_relaxed);
        if (ctx->limit && (cur + grow > ctx->limit || cur + grow < cur)) {
            wg__ctx_err(ctx, WG_ENOMEM, "memory limit of %zu bytes reached (%zu in use, %zu more asked)",
                        ctx->limit, cur, grow);
            return NULL;
        }
    }
    void *p = ctx->alloc(ctx->ud, ptr, osize, nsize);
    if (!p) {
        wg__ctx_err(ctx, WG_ENOMEM, "allocator failed to provide %zu bytes", nsize);
        return NULL;
    }
    /* allocations run on the context's own thread only: the peak has one writer */
    size_t now;
    if (nsize >= osize)
        now = atomic_fetch_add_explicit(&ctx->in_use, nsize - osize, memory_order_relaxed) + (nsize - osize);
    else
        now = atomic_fetch_sub_explicit(&ctx->in_use, osize - nsize, memory_order_relaxed) - (osize - nsize);
    if (now > atomic_load_explicit(&ctx->peak, memory_order_relaxed))
        atomic_store_explicit(&ctx->peak, now, memory_order_relaxed);
    atomic_fetch_add_explicit(&ctx->nalloc, 1, memory_order_relaxed);
    return p;
}

void *wg__alloc(wg_ctx *ctx, size_t size)
{
    if (size == 0)
        size = 1;
    void *p = wg__realloc(ctx, NULL, 0, size);
    if (p)
        memset(p, 0, size);
    return p;
}

void wg__free(wg_ctx *ctx, void *ptr, size_t size)
{
    if (ptr)
        wg__realloc(ctx, ptr, size ? size : 1, 0);
}

char *wg__strdup(wg_ctx *ctx, const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = wg__realloc(ctx, NULL, 0, n);
    if (p)
        memcpy(p, s, n);
    return p;
}

void wg__strfree(wg_ctx *ctx, char *s)
{
    if (s)
        wg__realloc(ctx, s, strlen(s) + 1, 0);
}

int wg__grow(wg_ctx *ctx, void **arr, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return WG_OK;
    size_t ncap = *cap ? *cap : 8;
    while (ncap < need) {
        if (ncap > SIZE_MAX / 2 / elem)
            return WG_ENOMEM;
        ncap *= 2;
    }
    if (ncap > SIZE_MAX / elem)
        return WG_ENOMEM;
    void *p = wg__realloc(ctx, *arr, *cap * elem, ncap * elem);
    if (!p)
        return WG_ENOMEM;
    memset((char *)p + *cap * elem, 0, (ncap - *cap) * elem);
    *arr = p;
    *cap = ncap;
    return WG_OK;
}

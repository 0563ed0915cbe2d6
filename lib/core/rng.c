/* PCG32 (O'Neill, pcg-random.org: XSH RR output of a 64-bit LCG) and exact dice distributions. */
#include <string.h>

#include "internal.h"

#define PCG_MULT 6364136223846793005ULL

void wg__pcg_seed(wg_pcg *r, uint64_t seed, uint64_t stream)
{
    r->state = 0;
    r->inc = (stream << 1u) | 1u;
    wg__pcg_next(r);
    r->state += seed;
    wg__pcg_next(r);
}

uint32_t wg__pcg_next(wg_pcg *r)
{
    uint64_t old = r->state;
    r->state = old * PCG_MULT + r->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
}

/* Lemire's nearly divisionless method: exact uniform in [0, bound). */
uint32_t wg__pcg_below(wg_pcg *r, uint32_t bound)
{
    uint64_t m = (uint64_t)wg__pcg_next(r) * bound;
    uint32_t low = (uint32_t)m;
    if (low < bound) {
        uint32_t threshold = (uint32_t)(-bound) % bound;
        while (low < threshold) {
            m = (uint64_t)wg__pcg_next(r) * bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

struct wg_rng {
    wg_ctx *ctx;
    wg_pcg pcg;
};

int wg_rng_new(wg_rng **out, wg_ctx *ctx, uint64_t seed, uint64_t stream)
{
    if (out)
        *out = NULL;
    if (!out || !ctx)
        return WG_EINVAL;
    wg_rng *r = wg__alloc(ctx, sizeof *r);
    if (!r)
        return WG_ENOMEM; /* the context's message says why (the allocator or the memory limit) */
    r->ctx = ctx;
    wg__pcg_seed(&r->pcg, seed, stream);
    wg__ctx_retain(ctx);
    *out = r;
    return WG_OK;
}

void wg_rng_free(wg_rng *rng)
{
    if (!rng)
        return;
    wg_ctx *ctx = rng->ctx;
    wg__free(ctx, rng, sizeof *rng);
    wg__ctx_release(ctx);
}

int wg_rng_u32(uint32_t *out, wg_rng *rng)
{
    if (!out || !rng)
        return WG_EINVAL;
    *out = wg__pcg_next(&rng->pcg);
    return WG_OK;
}

int wg_rng_below(uint32_t *out, wg_rng *rng, uint32_t bound)
{
    if (!out || !rng || bound == 0)
        return WG_EINVAL;
    *out = wg__pcg_below(&rng->pcg, bound);
    return WG_OK;
}

int wg_dice_outcomes(uint64_t *out, unsigned ndice, unsigned sides)
{
    if (!out || sides < 1)
        return WG_EINVAL;
    uint64_t t = 1;
    for (unsigned i = 0; i < ndice; i++) {
        if (t > UINT64_MAX / sides)
            return WG_EOVERFLOW;
        t *= sides;
    }
    *out = t;
    return WG_OK;
}

int wg_dice_sum_dist(uint64_t *out, size_t cap, size_t *len, unsigned ndice, unsigned sides)
{
    if (!len || sides < 1 || ndice < 1 || (!out && cap))
        return WG_EINVAL;
    uint64_t total;
    int rc = wg_dice_outcomes(&total, ndice, sides);
    if (rc)
        return rc;
    if ((uint64_t)ndice * (sides - 1) + 1 > SIZE_MAX / 2)
        return WG_EOVERFLOW;
    size_t n = (size_t)ndice * (sides - 1) + 1;
    *len = n;
    if (cap < n)
        return out ? WG_EBUFSIZE : WG_OK;
    /* Dynamic programming in place: out[k] for the first d dice, updated from the top down. */
    memset(out, 0, n * sizeof *out);
    out[0] = 1;
    size_t cur = 1; /* entries in use */
    for (unsigned d = 1; d < ndice + 1; d++) {
        if (d == 1) {
            for (size_t k = 0; k < sides; k++)
                out[k] = 1;
            cur = sides;
            continue;
        }
        size_t next = cur + sides - 1;
        for (size_t k = next; k-- > 0;) {
            uint64_t s = 0;
            for (unsigned f = 0; f < sides; f++)
                if (k >= f && k - f < cur)
                    s += out[k - f];
            out[k] = s;
        }
        cur = next;
    }
    return WG_OK;
}

int wg_dice_count_dist(uint64_t *out, size_t cap, size_t *len, unsigned ndice, unsigned sides, unsigned hit_faces)
{
    if (!len || sides < 1 || hit_faces > sides || (!out && cap))
        return WG_EINVAL;
    uint64_t total;
    int rc = wg_dice_outcomes(&total, ndice, sides);
    if (rc)
        return rc;
    size_t n = (size_t)ndice + 1;
    *len = n;
    if (cap < n)
        return out ? WG_EBUFSIZE : WG_OK;
    /* out[k] = C(n,k) * hit^k * miss^(n-k), by dynamic programming (no overflow since the sum is total). */
    memset(out, 0, n * sizeof *out);
    out[0] = 1;
    unsigned miss = sides - hit_faces;
    for (unsigned d = 1; d <= ndice; d++) {
        for (size_t k = d + 1; k-- > 0;) {
            uint64_t v = out[k] * miss;
            if (k > 0)
                v += out[k - 1] * hit_faces;
            out[k] = v;
        }
    }
    return WG_OK;
}

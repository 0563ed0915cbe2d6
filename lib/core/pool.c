/* Pools of markers drawn without replacement (see pool.h). */
#include "pool.h"

#include <string.h>

void wg__pool_init(wg_pool *p, int ntypes)
{
    if (!p)
        return;
    memset(p, 0, sizeof *p);
    if (ntypes < 0)
        ntypes = 0;
    if (ntypes > WG_POOL_MAXTYPES)
        ntypes = WG_POOL_MAXTYPES;
    p->ntypes = (uint16_t)ntypes;
}

static int bad_type(const wg_pool *p, int type)
{
    return !p || type < 0 || type >= (int)p->ntypes;
}

int wg__pool_add(wg_pool *p, int type, unsigned n)
{
    if (bad_type(p, type))
        return WG_ERANGE;
    if ((unsigned)p->in[type] + n > 65535u)
        return WG_EOVERFLOW;
    p->in[type] = (uint16_t)(p->in[type] + n);
    return WG_OK;
}

unsigned wg__pool_count(const wg_pool *p)
{
    unsigned n = 0;
    if (!p)
        return 0;
    for (int i = 0; i < (int)p->ntypes; i++)
        n += p->in[i];
    return n;
}

unsigned wg__pool_out_count(const wg_pool *p)
{
    unsigned n = 0;
    if (!p)
        return 0;
    for (int i = 0; i < (int)p->ntypes; i++)
        n += p->out[i];
    return n;
}

unsigned wg__pool_count_type(const wg_pool *p, int type)
{
    return bad_type(p, type) ? 0u : p->in[type];
}

unsigned wg__pool_out_type(const wg_pool *p, int type)
{
    return bad_type(p, type) ? 0u : p->out[type];
}

int wg__pool_take(wg_pool *p, int type)
{
    if (bad_type(p, type))
        return WG_ERANGE;
    if (p->in[type] == 0 || p->out[type] == 65535u)
        return WG_EILLEGAL;
    p->in[type]--;
    p->out[type]++;
    return WG_OK;
}

int wg__pool_put_back(wg_pool *p, int type)
{
    if (bad_type(p, type))
        return WG_ERANGE;
    if (p->out[type] == 0)
        return WG_EILLEGAL;
    p->out[type]--;
    p->in[type]++;
    return WG_OK;
}

int wg__pool_discard(wg_pool *p, int type)
{
    if (bad_type(p, type))
        return WG_ERANGE;
    if (p->out[type] == 0)
        return WG_EILLEGAL;
    p->out[type]--;
    return WG_OK;
}

void wg__pool_return_all(wg_pool *p)
{
    if (!p)
        return;
    for (int i = 0; i < (int)p->ntypes; i++) {
        p->in[i] = (uint16_t)(p->in[i] + p->out[i]);
        p->out[i] = 0;
    }
}

int wg__pool_push_draw(wg_game *g, const wg_pool *p, uint64_t base)
{
    if (!g || !p)
        return WG_EINVAL;
    if (wg__pool_count(p) == 0)
        return WG_ESTATE;
    for (int i = 0; i < (int)p->ntypes; i++) {
        if (p->in[i] == 0)
            continue;
        int rc = wg__opt_push(g, base + (uint64_t)i, p->in[i]);
        if (rc != WG_OK)
            return rc;
    }
    return WG_OK;
}

int wg__pool_push_draw_hidden(wg_game *g, const wg_pool *p, uint64_t base)
{
    if (!g || !p)
        return WG_EINVAL;
    unsigned n = wg__pool_count(p);
    if (n == 0)
        return WG_ESTATE;
    for (unsigned i = 0; i < n; i++) {
        int rc = wg__opt_push(g, base + i, 1);
        if (rc != WG_OK)
            return rc;
    }
    return WG_OK;
}

int wg__pool_slot_type(const wg_pool *p, unsigned slot)
{
    if (!p)
        return -1;
    for (int i = 0; i < (int)p->ntypes; i++) {
        if (slot < p->in[i])
            return i;
        slot -= p->in[i];
    }
    return -1;
}

int wg__pool_type_slot(const wg_pool *p, int type)
{
    unsigned slot = 0;
    if (bad_type(p, type) || p->in[type] == 0)
        return -1;
    for (int i = 0; i < type; i++)
        slot += p->in[i];
    return (int)slot;
}

int wg__pool_draw_prob(uint64_t *num, uint64_t *den, const wg_pool *p, int type)
{
    if (!num || !den || bad_type(p, type))
        return WG_EINVAL;
    *num = p->in[type];
    *den = wg__pool_count(p);
    return WG_OK;
}

/* Binomial coefficient C(n, c) for small n; 0 on overflow is impossible for n <= 65535, c <= 12. */
static int binom(uint64_t *out, unsigned n, unsigned c)
{
    uint64_t r = 1;
    if (c > n) {
        *out = 0;
        return WG_OK;
    }
    for (unsigned i = 1; i <= c; i++) {
        uint64_t f = n - c + i;
        if (r > UINT64_MAX / f)
            return WG_EOVERFLOW;
        r = r * f / i; /* exact: r*f is C(n-c+i, i) * i */
    }
    *out = r;
    return WG_OK;
}

#define SUM_MAXK 12
#define SUM_MAXS 192

int wg__pool_sum_dist(uint64_t *out, size_t cap, size_t *len, const wg_pool *p, const int *values, unsigned k)
{
    uint64_t dp[SUM_MAXK + 1][SUM_MAXS + 1];
    int maxv = 0;
    if (!len || !p || !values || (cap > 0 && !out))
        return WG_EINVAL;
    if (k > wg__pool_count(p))
        return WG_EINVAL;
    for (int i = 0; i < (int)p->ntypes; i++) {
        if (values[i] < 0)
            return WG_EINVAL;
        if (values[i] > maxv && p->in[i] > 0)
            maxv = values[i];
    }
    if (k > SUM_MAXK || (size_t)maxv * k > SUM_MAXS)
        return WG_EOVERFLOW;
    size_t smax = (size_t)maxv * k;
    *len = smax + 1;
    if (cap < smax + 1)
        return WG_EBUFSIZE;
    memset(dp, 0, sizeof dp);
    dp[0][0] = 1;
    for (int t = 0; t < (int)p->ntypes; t++) {
        unsigned n = p->in[t];
        size_t v = (size_t)values[t];
        if (n == 0)
            continue;
        for (int j = (int)k; j >= 1; j--) {
            for (size_t s = smax + 1; s-- > 0;) {
                uint64_t add = 0;
                for (unsigned c = 1; c <= n && c <= (unsigned)j; c++) {
                    uint64_t b, term;
                    if (c * v > s)
                        break;
                    if (binom(&b, n, c) != WG_OK)
                        return WG_EOVERFLOW;
                    term = dp[j - (int)c][s - c * v];
                    if (term && b > UINT64_MAX / term)
                        return WG_EOVERFLOW;
                    term *= b;
                    if (add > UINT64_MAX - term)
                        return WG_EOVERFLOW;
                    add += term;
                }
                if (dp[j][s] > UINT64_MAX - add)
                    return WG_EOVERFLOW;
                dp[j][s] += add;
            }
        }
    }
    for (size_t s = 0; s <= smax; s++)
        out[s] = dp[k][s];
    return WG_OK;
}

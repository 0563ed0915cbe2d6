/* Hex geometry: axial and offset coordinates, distances, rings, lines, hex-side keys.
 *
 * Axial (q, r), cube s = -q - r.  Every coordinate given to these functions must lie within
 * +-WG__HEX_LIMIT so that no intermediate result overflows; larger values are rejected with
 * WG_EINVAL. */
#include "internal.h"

#include <limits.h>

/* Directions 0..5 going round the hex clockwise (flat-topped: NE, SE, S, SW, NW, N). */
const int wg__hex_dq[6] = {+1, +1, 0, -1, -1, 0};
const int wg__hex_dr[6] = {-1, 0, +1, +1, 0, -1};

static int in_lim(long long v)
{
    return v >= -(long long)WG__HEX_LIMIT && v <= (long long)WG__HEX_LIMIT;
}

static int is_odd(int v)
{
    return (v % 2) != 0;
}

int wg_hex_offset_to_axial(int *q, int *r, int col, int row, int layout)
{
    if (!q || !r || !in_lim(col) || !in_lim(row))
        return WG_EINVAL;
    int oq, orr;
    switch (layout) {
    case WG_HEX_ODD_Q:
        oq = col;
        orr = row - (col - is_odd(col)) / 2;
        break;
    case WG_HEX_EVEN_Q:
        oq = col;
        orr = row - (col + is_odd(col)) / 2;
        break;
    case WG_HEX_ODD_R:
        oq = col - (row - is_odd(row)) / 2;
        orr = row;
        break;
    case WG_HEX_EVEN_R:
        oq = col - (row + is_odd(row)) / 2;
        orr = row;
        break;
    default:
        return WG_EINVAL;
    }
    *q = oq;
    *r = orr;
    return WG_OK;
}

int wg_hex_axial_to_offset(int *col, int *row, int q, int r, int layout)
{
    if (!col || !row || !in_lim(q) || !in_lim(r))
        return WG_EINVAL;
    int oc, orow;
    switch (layout) {
    case WG_HEX_ODD_Q:
        oc = q;
        orow = r + (q - is_odd(q)) / 2;
        break;
    case WG_HEX_EVEN_Q:
        oc = q;
        orow = r + (q + is_odd(q)) / 2;
        break;
    case WG_HEX_ODD_R:
        oc = q + (r - is_odd(r)) / 2;
        orow = r;
        break;
    case WG_HEX_EVEN_R:
        oc = q + (r + is_odd(r)) / 2;
        orow = r;
        break;
    default:
        return WG_EINVAL;
    }
    *col = oc;
    *row = orow;
    return WG_OK;
}

static long long llabs_(long long v)
{
    return v < 0 ? -v : v;
}

int wg_hex_distance(int q1, int r1, int q2, int r2)
{
    long long dq = (long long)q1 - q2, dr = (long long)r1 - r2, ds = -dq - dr;
    long long d = llabs_(dq);
    if (llabs_(dr) > d)
        d = llabs_(dr);
    if (llabs_(ds) > d)
        d = llabs_(ds);
    return d > INT_MAX ? INT_MAX : (int)d;
}

int wg_hex_neighbor(int *q, int *r, int q0, int r0, int dir)
{
    if (!q || !r || dir < 0 || dir > 5 || !in_lim(q0) || !in_lim(r0))
        return WG_EINVAL;
    *q = q0 + wg__hex_dq[dir];
    *r = r0 + wg__hex_dr[dir];
    return WG_OK;
}

/* Writes hex number `i` of a ring or range if it fits. */
static void put(int *qs, int *rs, size_t cap, size_t i, int q, int r)
{
    if (i < cap) {
        qs[i] = q;
        rs[i] = r;
    }
}

/* Ring of `radius` >= 1 starting at position `base` of the output. */
static void ring_into(int *qs, int *rs, size_t cap, size_t base, int q, int r, int radius)
{
    int cq = q + wg__hex_dq[5] * radius, cr = r + wg__hex_dr[5] * radius;
    size_t k = base;
    for (int side = 0; side < 6; side++) {
        int d = (side + 1) % 6;
        for (int j = 0; j < radius; j++) {
            if (k >= cap)
                return;
            put(qs, rs, cap, k++, cq, cr);
            cq += wg__hex_dq[d];
            cr += wg__hex_dr[d];
        }
    }
}

static int ring_args_ok(const int *qs, const int *rs, size_t cap, const size_t *count, int q, int r, int radius)
{
    if (!count || (cap > 0 && (!qs || !rs)))
        return 0;
    if (radius < 0 || radius > WG__HEX_LIMIT || !in_lim(q) || !in_lim(r))
        return 0;
    return 1;
}

int wg_hex_ring(int *qs, int *rs, size_t cap, size_t *count, int q, int r, int radius)
{
    if (!ring_args_ok(qs, rs, cap, count, q, r, radius))
        return WG_EINVAL;
    size_t n = radius == 0 ? 1 : 6 * (size_t)radius;
    if (radius == 0)
        put(qs, rs, cap, 0, q, r);
    else
        ring_into(qs, rs, cap, 0, q, r, radius);
    *count = n;
    return n > cap ? WG_EBUFSIZE : WG_OK;
}

int wg_hex_range(int *qs, int *rs, size_t cap, size_t *count, int q, int r, int radius)
{
    if (!ring_args_ok(qs, rs, cap, count, q, r, radius))
        return WG_EINVAL;
    size_t n = 1 + 3 * (size_t)radius * ((size_t)radius + 1);
    put(qs, rs, cap, 0, q, r);
    size_t base = 1;
    for (int k = 1; k <= radius && base < cap; k++) {
        ring_into(qs, rs, cap, base, q, r, k);
        base += 6 * (size_t)k;
    }
    *count = n;
    return n > cap ? WG_EBUFSIZE : WG_OK;
}

/* floor(a / b) for b > 0. */
static long long floordiv(long long a, long long b)
{
    long long d = a / b;
    if ((a % b) != 0 && a < 0)
        d--;
    return d;
}

/* Rounds the cube point (x, y, z)/den (x + y + z == 0, no exact ties) to a hex. */
static void cube_round(int *q, int *r, long long x, long long y, long long z, long long den)
{
    long long rx = floordiv(2 * x + den, 2 * den);
    long long ry = floordiv(2 * y + den, 2 * den);
    long long rz = floordiv(2 * z + den, 2 * den);
    long long ex = llabs_(rx * den - x), ey = llabs_(ry * den - y), ez = llabs_(rz * den - z);
    if (ex > ey && ex > ez)
        rx = -ry - rz;
    else if (ey > ez)
        ry = -rx - rz;
    *q = (int)rx;
    *r = (int)ry;
}

/* The scale that makes room for the tie-breaking nudge (see wg__hex_line_point). */
#define WG__LINE_SCALE 16

void wg__hex_line_point(int *q, int *r, int *alt_q, int *alt_r, int q1, int r1, int q2, int r2, int n, int i)
{
    if (n == 0) {
        *q = *alt_q = q1;
        *r = *alt_r = r1;
        return;
    }
    /* The point (a*(n-i) + b*i) / n in cube coordinates, exactly, scaled by WG__LINE_SCALE; a nudge of
       (+1, +2, -3) / (n * WG__LINE_SCALE) one way or the other picks either hex where the point lies on
       a hex-side.  The nudge is smaller than any difference that decides a rounding otherwise. */
    long long s1 = -(long long)q1 - r1, s2 = -(long long)q2 - r2;
    long long x = ((long long)q1 * (n - i) + (long long)q2 * i) * WG__LINE_SCALE;
    long long y = ((long long)r1 * (n - i) + (long long)r2 * i) * WG__LINE_SCALE;
    long long z = (s1 * (n - i) + s2 * i) * WG__LINE_SCALE;
    long long den = (long long)n * WG__LINE_SCALE;
    cube_round(q, r, x + 1, y + 2, z - 3, den);
    cube_round(alt_q, alt_r, x - 1, y - 2, z + 3, den);
}

int wg_hex_line(int *qs, int *rs, int *alt_qs, int *alt_rs, size_t cap, size_t *count, int q1, int r1, int q2,
                int r2)
{
    if (!count || (cap > 0 && (!qs || !rs)) || (!alt_qs) != (!alt_rs))
        return WG_EINVAL;
    if (!in_lim(q1) || !in_lim(r1) || !in_lim(q2) || !in_lim(r2))
        return WG_EINVAL;
    int n = wg_hex_distance(q1, r1, q2, r2);
    size_t total = (size_t)n + 1;
    for (int i = 0; i <= n && (size_t)i < cap; i++) {
        int q, r, aq, ar;
        wg__hex_line_point(&q, &r, &aq, &ar, q1, r1, q2, r2, n, i);
        qs[i] = q;
        rs[i] = r;
        if (alt_qs) {
            alt_qs[i] = aq;
            alt_rs[i] = ar;
        }
    }
    *count = total;
    return total > cap ? WG_EBUFSIZE : WG_OK;
}

int wg_hexside_key(uint64_t *key, int q, int r, int dir)
{
    if (!key || dir < 0 || dir > 5 || !in_lim(q) || !in_lim(r))
        return WG_EINVAL;
    if (dir >= 3) {
        q += wg__hex_dq[dir];
        r += wg__hex_dr[dir];
        dir -= 3;
    }
    /* q and r fit in 30 bits once offset by 2^29; dir in 2 bits. */
    uint64_t uq = (uint64_t)((long long)q + (1LL << 29));
    uint64_t ur = (uint64_t)((long long)r + (1LL << 29));
    *key = (uq << 32) | (ur << 2) | (uint64_t)dir;
    return WG_OK;
}

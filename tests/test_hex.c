/* Hex geometry (lib/core/hex.c): layouts, distances, rings, ranges, lines, hex-side keys. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "testutil.h"

static const int layouts[4] = {WG_HEX_ODD_Q, WG_HEX_EVEN_Q, WG_HEX_ODD_R, WG_HEX_EVEN_R};

START_TEST(test_offset_roundtrip)
{
    for (int l = 0; l < 4; l++) {
        for (int col = -13; col <= 13; col++) {
            for (int row = -13; row <= 13; row++) {
                int q = 99, r = 99, c = 99, rw = 99;
                ck_assert_int_eq(wg_hex_offset_to_axial(&q, &r, col, row, layouts[l]), WG_OK);
                ck_assert_int_eq(wg_hex_axial_to_offset(&c, &rw, q, r, layouts[l]), WG_OK);
                ck_assert_int_eq(c, col);
                ck_assert_int_eq(rw, row);
                /* axial -> offset -> axial too, taking the offset numbers as axial ones */
                ck_assert_int_eq(wg_hex_axial_to_offset(&c, &rw, col, row, layouts[l]), WG_OK);
                ck_assert_int_eq(wg_hex_offset_to_axial(&q, &r, c, rw, layouts[l]), WG_OK);
                ck_assert_int_eq(q, col);
                ck_assert_int_eq(r, row);
            }
        }
    }
}
END_TEST

/* Known conversions, and offset neighbours lie in the adjacent columns and rows. */
START_TEST(test_offset_known_values)
{
    int q, r;
    ck_assert_int_eq(wg_hex_offset_to_axial(&q, &r, 1, 0, WG_HEX_ODD_Q), WG_OK);
    ck_assert_int_eq(q, 1);
    ck_assert_int_eq(r, 0);
    ck_assert_int_eq(wg_hex_offset_to_axial(&q, &r, 1, 0, WG_HEX_EVEN_Q), WG_OK);
    ck_assert_int_eq(q, 1);
    ck_assert_int_eq(r, -1);
    ck_assert_int_eq(wg_hex_offset_to_axial(&q, &r, 0, 1, WG_HEX_ODD_R), WG_OK);
    ck_assert_int_eq(q, 0);
    ck_assert_int_eq(r, 1);
    ck_assert_int_eq(wg_hex_offset_to_axial(&q, &r, 0, 1, WG_HEX_EVEN_R), WG_OK);
    ck_assert_int_eq(q, -1);
    ck_assert_int_eq(r, 1);
    ck_assert_int_eq(wg_hex_offset_to_axial(&q, &r, 4, 7, WG_HEX_ODD_Q), WG_OK);
    ck_assert_int_eq(q, 4);
    ck_assert_int_eq(r, 5);
    ck_assert_int_eq(wg_hex_offset_to_axial(&q, &r, -3, 2, WG_HEX_ODD_Q), WG_OK);
    ck_assert_int_eq(q, -3);
    ck_assert_int_eq(r, 4); /* -3 is odd: r = 2 - (-3 - 1)/2 = 4 */
    /* every hex of an odd-q grid is adjacent to its six offset neighbours */
    for (int l = 0; l < 4; l++) {
        for (int col = -4; col <= 4; col++) {
            for (int row = -4; row <= 4; row++) {
                int q0, r0, nq, nr;
                ck_assert_int_eq(wg_hex_offset_to_axial(&q0, &r0, col, row, layouts[l]), WG_OK);
                int same_col_below = 0;
                for (int d = 0; d < 6; d++) {
                    int c, rw;
                    ck_assert_int_eq(wg_hex_neighbor(&nq, &nr, q0, r0, d), WG_OK);
                    ck_assert_int_eq(wg_hex_axial_to_offset(&c, &rw, nq, nr, layouts[l]), WG_OK);
                    ck_assert_int_le(abs(c - col), 1);
                    ck_assert_int_le(abs(rw - row), 1);
                    if (c == col && rw == row + 1)
                        same_col_below++;
                }
                if (l < 2)
                    ck_assert_int_eq(same_col_below, 1); /* flat-topped: one neighbour straight south */
            }
        }
    }
}
END_TEST

START_TEST(test_offset_errors)
{
    int q, r;
    ck_assert_int_eq(wg_hex_offset_to_axial(NULL, &r, 0, 0, 0), WG_EINVAL);
    ck_assert_int_eq(wg_hex_offset_to_axial(&q, NULL, 0, 0, 0), WG_EINVAL);
    ck_assert_int_eq(wg_hex_offset_to_axial(&q, &r, 0, 0, 4), WG_EINVAL);
    ck_assert_int_eq(wg_hex_offset_to_axial(&q, &r, 0, 0, -1), WG_EINVAL);
    ck_assert_int_eq(wg_hex_offset_to_axial(&q, &r, WG__HEX_LIMIT + 1, 0, 0), WG_EINVAL);
    ck_assert_int_eq(wg_hex_axial_to_offset(&q, &r, 0, -WG__HEX_LIMIT - 1, 0), WG_EINVAL);
    ck_assert_int_eq(wg_hex_axial_to_offset(NULL, &r, 0, 0, 0), WG_EINVAL);
    ck_assert_int_eq(wg_hex_axial_to_offset(&q, &r, 0, 0, 7), WG_EINVAL);
    ck_assert_int_eq(wg_hex_axial_to_offset(&q, &r, WG__HEX_LIMIT, -WG__HEX_LIMIT, 3), WG_OK);
}
END_TEST

START_TEST(test_distance)
{
    ck_assert_int_eq(wg_hex_distance(0, 0, 0, 0), 0);
    ck_assert_int_eq(wg_hex_distance(0, 0, 3, 0), 3);
    ck_assert_int_eq(wg_hex_distance(0, 0, 3, -3), 3);
    ck_assert_int_eq(wg_hex_distance(0, 0, 2, 1), 3);
    ck_assert_int_eq(wg_hex_distance(-2, 5, 3, -1), 6);
    ck_assert_int_eq(wg_hex_distance(INT_MIN, 0, INT_MAX, 0), INT_MAX); /* clamps, never overflows */
    for (int q = -6; q <= 6; q++)
        for (int r = -6; r <= 6; r++) {
            ck_assert_int_eq(wg_hex_distance(q, r, 1, 2), wg_hex_distance(1, 2, q, r));
            for (int d = 0; d < 6; d++) {
                int nq, nr;
                ck_assert_int_eq(wg_hex_neighbor(&nq, &nr, q, r, d), WG_OK);
                ck_assert_int_eq(wg_hex_distance(q, r, nq, nr), 1);
                /* the opposite direction comes back */
                int bq, br;
                ck_assert_int_eq(wg_hex_neighbor(&bq, &br, nq, nr, (d + 3) % 6), WG_OK);
                ck_assert_int_eq(bq, q);
                ck_assert_int_eq(br, r);
            }
        }
}
END_TEST

START_TEST(test_neighbor_dirs)
{
    /* the header's table: (+1,-1) (+1,0) (0,+1) (-1,+1) (-1,0) (0,-1) */
    static const int want[6][2] = {{1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}};
    for (int d = 0; d < 6; d++) {
        int q, r;
        ck_assert_int_eq(wg_hex_neighbor(&q, &r, 10, 20, d), WG_OK);
        ck_assert_int_eq(q - 10, want[d][0]);
        ck_assert_int_eq(r - 20, want[d][1]);
        ck_assert_int_eq(wg__hex_dq[d], want[d][0]);
        ck_assert_int_eq(wg__hex_dr[d], want[d][1]);
    }
    int q, r;
    ck_assert_int_eq(wg_hex_neighbor(&q, &r, 0, 0, 6), WG_EINVAL);
    ck_assert_int_eq(wg_hex_neighbor(&q, &r, 0, 0, -1), WG_EINVAL);
    ck_assert_int_eq(wg_hex_neighbor(NULL, &r, 0, 0, 0), WG_EINVAL);
    ck_assert_int_eq(wg_hex_neighbor(&q, &r, INT_MAX, 0, 0), WG_EINVAL);
}
END_TEST

START_TEST(test_rings)
{
    int qs[64], rs[64];
    for (int radius = 0; radius <= 5; radius++) {
        size_t n = 0;
        ck_assert_int_eq(wg_hex_ring(qs, rs, 64, &n, 3, -2, radius), WG_OK);
        ck_assert_uint_eq(n, radius == 0 ? 1 : 6 * (size_t)radius);
        for (size_t i = 0; i < n; i++) {
            ck_assert_int_eq(wg_hex_distance(3, -2, qs[i], rs[i]), radius);
            for (size_t j = 0; j < i; j++)
                ck_assert(qs[i] != qs[j] || rs[i] != rs[j]);
            /* ring order: consecutive hexes are adjacent, and so are the last and the first */
            if (radius > 0) {
                size_t k = (i + 1) % n;
                ck_assert_int_eq(wg_hex_distance(qs[i], rs[i], qs[k], rs[k]), 1);
            }
        }
        if (radius > 0) { /* starts at the hex `radius` steps in direction 5 (north) */
            ck_assert_int_eq(qs[0], 3);
            ck_assert_int_eq(rs[0], -2 - radius);
            ck_assert_int_eq(qs[1], 4); /* then goes clockwise (south-east) */
        }
    }
    /* a ring holds every hex at that distance: count them in a square of axial coordinates */
    for (int radius = 1; radius <= 5; radius++) {
        int at = 0;
        for (int q = -6; q <= 6; q++)
            for (int r = -6; r <= 6; r++)
                at += wg_hex_distance(0, 0, q, r) == radius;
        ck_assert_int_eq(at, 6 * radius);
    }
}
END_TEST

START_TEST(test_ring_buffer)
{
    int qs[64], rs[64], q2[64], r2[64];
    size_t n = 0;
    ck_assert_int_eq(wg_hex_ring(NULL, NULL, 0, &n, 0, 0, 4), WG_EBUFSIZE);
    ck_assert_uint_eq(n, 24);
    ck_assert_int_eq(wg_hex_ring(NULL, NULL, 0, &n, 0, 0, 0), WG_EBUFSIZE);
    ck_assert_uint_eq(n, 1);
    ck_assert_int_eq(wg_hex_ring(qs, rs, 64, &n, 0, 0, 4), WG_OK);
    for (int i = 0; i < 64; i++)
        q2[i] = r2[i] = -777;
    ck_assert_int_eq(wg_hex_ring(q2, r2, 10, &n, 0, 0, 4), WG_EBUFSIZE);
    ck_assert_uint_eq(n, 24);
    for (int i = 0; i < 10; i++) {
        ck_assert_int_eq(q2[i], qs[i]);
        ck_assert_int_eq(r2[i], rs[i]);
    }
    ck_assert_int_eq(q2[10], -777); /* nothing written past cap */
    ck_assert_int_eq(wg_hex_ring(qs, rs, 24, &n, 0, 0, 4), WG_OK);
    ck_assert_int_eq(wg_hex_ring(qs, rs, 24, NULL, 0, 0, 4), WG_EINVAL);
    ck_assert_int_eq(wg_hex_ring(NULL, rs, 24, &n, 0, 0, 4), WG_EINVAL);
    ck_assert_int_eq(wg_hex_ring(qs, rs, 24, &n, 0, 0, -1), WG_EINVAL);
    ck_assert_int_eq(wg_hex_ring(qs, rs, 24, &n, WG__HEX_LIMIT + 1, 0, 1), WG_EINVAL);
}
END_TEST

START_TEST(test_range)
{
    int qs[128], rs[128];
    for (int radius = 0; radius <= 5; radius++) {
        size_t n = 0;
        ck_assert_int_eq(wg_hex_range(qs, rs, 128, &n, -1, 4, radius), WG_OK);
        ck_assert_uint_eq(n, 1 + 3 * (size_t)radius * (size_t)(radius + 1));
        ck_assert_int_eq(qs[0], -1);
        ck_assert_int_eq(rs[0], 4);
        int last = 0;
        for (size_t i = 0; i < n; i++) {
            int d = wg_hex_distance(-1, 4, qs[i], rs[i]);
            ck_assert_int_le(d, radius);
            ck_assert_int_ge(d, last); /* ring by ring */
            last = d;
            for (size_t j = 0; j < i; j++)
                ck_assert(qs[i] != qs[j] || rs[i] != rs[j]);
        }
    }
    size_t n = 0;
    ck_assert_int_eq(wg_hex_range(qs, rs, 7, &n, 0, 0, 2), WG_EBUFSIZE);
    ck_assert_uint_eq(n, 19);
    ck_assert_int_eq(wg_hex_range(NULL, NULL, 0, &n, 0, 0, 3), WG_EBUFSIZE);
    ck_assert_uint_eq(n, 37);
    ck_assert_int_eq(wg_hex_range(qs, rs, 7, &n, 0, 0, -2), WG_EINVAL);
    ck_assert_int_eq(wg_hex_range(qs, NULL, 7, &n, 0, 0, 1), WG_EINVAL);
}
END_TEST

/* The line from a to b: main and alternate hexes. */
static size_t line(int *qs, int *rs, int *aq, int *ar, int q1, int r1, int q2, int r2)
{
    size_t n = 0;
    ck_assert_int_eq(wg_hex_line(qs, rs, aq, ar, 64, &n, q1, r1, q2, r2), WG_OK);
    return n;
}

START_TEST(test_line_straight)
{
    int qs[64], rs[64], aq[64], ar[64];
    /* along each axis direction: every hex in turn, no alternates */
    for (int d = 0; d < 6; d++) {
        size_t n = line(qs, rs, aq, ar, 2, 3, 2 + 5 * wg__hex_dq[d], 3 + 5 * wg__hex_dr[d]);
        ck_assert_uint_eq(n, 6);
        for (int i = 0; i < 6; i++) {
            ck_assert_int_eq(qs[i], 2 + i * wg__hex_dq[d]);
            ck_assert_int_eq(rs[i], 3 + i * wg__hex_dr[d]);
            ck_assert_int_eq(aq[i], qs[i]);
            ck_assert_int_eq(ar[i], rs[i]);
        }
    }
    size_t n = line(qs, rs, aq, ar, 4, 4, 4, 4);
    ck_assert_uint_eq(n, 1);
    ck_assert_int_eq(qs[0], 4);
    ck_assert_int_eq(aq[0], 4);
}
END_TEST

START_TEST(test_line_hexside)
{
    int qs[64], rs[64], aq[64], ar[64];
    /* (0,0) -> (2,-1): the middle point lies on the side between (1,-1) and (1,0) */
    size_t n = line(qs, rs, aq, ar, 0, 0, 2, -1);
    ck_assert_uint_eq(n, 3);
    ck_assert_int_eq(qs[1] + aq[1], 2);
    ck_assert_int_eq(rs[1] + ar[1], -1);
    ck_assert(qs[1] != aq[1] || rs[1] != ar[1]);
    ck_assert_int_eq(qs[1], 1);
    ck_assert(rs[1] == -1 || rs[1] == 0);
    ck_assert(ar[1] == -1 || ar[1] == 0);
    /* (0,0) -> (4,-2): the hex-side points are steps 1 and 3; step 2 is the hex (2,-1) itself */
    n = line(qs, rs, aq, ar, 0, 0, 4, -2);
    ck_assert_uint_eq(n, 5);
    ck_assert_int_eq(qs[2], 2);
    ck_assert_int_eq(rs[2], -1);
    ck_assert_int_eq(aq[2], 2);
    ck_assert_int_eq(ar[2], -1);
    ck_assert(qs[1] != aq[1] || rs[1] != ar[1]);
    ck_assert(qs[3] != aq[3] || rs[3] != ar[3]);
    /* the main line takes one side consistently: its hexes are a connected chain */
    for (size_t i = 0; i + 1 < n; i++) {
        ck_assert_int_eq(wg_hex_distance(qs[i], rs[i], qs[i + 1], rs[i + 1]), 1);
        ck_assert_int_eq(wg_hex_distance(aq[i], ar[i], aq[i + 1], ar[i + 1]), 1);
    }
    /* a line that never runs along a side: (0,0) -> (3,-1) has no alternates */
    n = line(qs, rs, aq, ar, 0, 0, 3, -1);
    ck_assert_uint_eq(n, 4);
    for (size_t i = 0; i < n; i++) {
        ck_assert_int_eq(aq[i], qs[i]);
        ck_assert_int_eq(ar[i], rs[i]);
    }
}
END_TEST

/* The unordered pair {main, alt} at step i of a->b equals that at step n-1-i of b->a. */
START_TEST(test_line_symmetric)
{
    int qs[64], rs[64], aq[64], ar[64], qs2[64], rs2[64], aq2[64], ar2[64];
    for (int q = -7; q <= 7; q++) {
        for (int r = -7; r <= 7; r++) {
            size_t n = line(qs, rs, aq, ar, 1, -1, q, r);
            size_t n2 = line(qs2, rs2, aq2, ar2, q, r, 1, -1);
            ck_assert_uint_eq(n, n2);
            ck_assert_uint_eq(n, (size_t)wg_hex_distance(1, -1, q, r) + 1);
            ck_assert_int_eq(qs[0], 1);
            ck_assert_int_eq(rs[0], -1);
            ck_assert_int_eq(qs[n - 1], q);
            ck_assert_int_eq(rs[n - 1], r);
            for (size_t i = 0; i < n; i++) {
                size_t j = n - 1 - i;
                int same = qs[i] == qs2[j] && rs[i] == rs2[j] && aq[i] == aq2[j] && ar[i] == ar2[j];
                int swapped = qs[i] == aq2[j] && rs[i] == ar2[j] && aq[i] == qs2[j] && ar[i] == rs2[j];
                ck_assert_msg(same || swapped, "line (1,-1)-(%d,%d) step %zu differs from its reverse", q, r, i);
                /* each step is one hex further from the start, and both candidates are */
                ck_assert_int_eq(wg_hex_distance(1, -1, qs[i], rs[i]), (int)i);
                ck_assert_int_eq(wg_hex_distance(1, -1, aq[i], ar[i]), (int)i);
                if (i > 0)
                    ck_assert_int_eq(wg_hex_distance(qs[i - 1], rs[i - 1], qs[i], rs[i]), 1);
            }
        }
    }
}
END_TEST

START_TEST(test_line_errors)
{
    int qs[4], rs[4], aq[4], ar[4];
    size_t n = 0;
    ck_assert_int_eq(wg_hex_line(qs, rs, NULL, NULL, 4, &n, 0, 0, 6, 0), WG_EBUFSIZE);
    ck_assert_uint_eq(n, 7);
    ck_assert_int_eq(qs[3], 3);
    ck_assert_int_eq(wg_hex_line(NULL, NULL, NULL, NULL, 0, &n, 0, 0, 0, 9), WG_EBUFSIZE);
    ck_assert_uint_eq(n, 10);
    ck_assert_int_eq(wg_hex_line(qs, rs, aq, NULL, 4, &n, 0, 0, 1, 0), WG_EINVAL);
    ck_assert_int_eq(wg_hex_line(qs, rs, aq, ar, 4, NULL, 0, 0, 1, 0), WG_EINVAL);
    ck_assert_int_eq(wg_hex_line(NULL, rs, aq, ar, 4, &n, 0, 0, 1, 0), WG_EINVAL);
    ck_assert_int_eq(wg_hex_line(qs, rs, aq, ar, 4, &n, 0, 0, WG__HEX_LIMIT + 1, 0), WG_EINVAL);
    /* far apart within the limit: exact arithmetic still holds */
    ck_assert_int_eq(wg_hex_line(qs, rs, aq, ar, 4, &n, -WG__HEX_LIMIT, WG__HEX_LIMIT, WG__HEX_LIMIT,
                                 -WG__HEX_LIMIT),
                     WG_EBUFSIZE);
    ck_assert_uint_eq(n, 2 * (size_t)WG__HEX_LIMIT + 1);
    ck_assert_int_eq(qs[1], -WG__HEX_LIMIT + 1);
    ck_assert_int_eq(rs[1], WG__HEX_LIMIT - 1);
}
END_TEST

START_TEST(test_hexside_keys)
{
    /* both hexes sharing a side get the same key */
    for (int q = -3; q <= 3; q++)
        for (int r = -3; r <= 3; r++)
            for (int d = 0; d < 6; d++) {
                uint64_t k1 = 0, k2 = 1;
                int nq, nr;
                ck_assert_int_eq(wg_hexside_key(&k1, q, r, d), WG_OK);
                ck_assert_int_eq(wg_hex_neighbor(&nq, &nr, q, r, d), WG_OK);
                ck_assert_int_eq(wg_hexside_key(&k2, nq, nr, (d + 3) % 6), WG_OK);
                ck_assert_uint_eq(k1, k2);
            }
    /* and distinct sides get distinct keys: a 9x9 patch has (sides counted once) all different */
    static uint64_t keys[9 * 9 * 6];
    size_t n = 0;
    for (int q = -4; q <= 4; q++)
        for (int r = -4; r <= 4; r++)
            for (int d = 0; d < 6; d++) {
                uint64_t k;
                ck_assert_int_eq(wg_hexside_key(&k, q, r, d), WG_OK);
                keys[n++] = k;
            }
    size_t distinct = 0;
    for (size_t i = 0; i < n; i++) {
        size_t seen = 0, same = 0;
        for (size_t j = 0; j < n; j++) {
            same += keys[j] == keys[i];
            seen += j < i && keys[j] == keys[i];
        }
        ck_assert_uint_le(same, 2); /* a side is seen from at most two hexes */
        distinct += seen == 0;
    }
    /* interior sides are seen twice in the patch, edge sides once */
    size_t shared = 0;
    for (int q = -4; q <= 4; q++)
        for (int r = -4; r <= 4; r++)
            for (int d = 0; d < 6; d++) {
                int nq = q + wg__hex_dq[d], nr = r + wg__hex_dr[d];
                shared += nq >= -4 && nq <= 4 && nr >= -4 && nr <= 4;
            }
    ck_assert_uint_eq(distinct, n - shared / 2);
    /* negative and large coordinates do not collide */
    uint64_t a, b;
    ck_assert_int_eq(wg_hexside_key(&a, -WG__HEX_LIMIT, WG__HEX_LIMIT, 0), WG_OK);
    ck_assert_int_eq(wg_hexside_key(&b, WG__HEX_LIMIT, -WG__HEX_LIMIT, 0), WG_OK);
    ck_assert_uint_ne(a, b);
    ck_assert_int_eq(wg_hexside_key(&a, 0, -1, 2), WG_OK);
    ck_assert_int_eq(wg_hexside_key(&b, 0, 0, 5), WG_OK);
    ck_assert_uint_eq(a, b);
    ck_assert_int_eq(wg_hexside_key(&b, 0, 0, 2), WG_OK);
    ck_assert_uint_ne(a, b);
    ck_assert_int_eq(wg_hexside_key(NULL, 0, 0, 0), WG_EINVAL);
    ck_assert_int_eq(wg_hexside_key(&a, 0, 0, 6), WG_EINVAL);
    ck_assert_int_eq(wg_hexside_key(&a, 0, 0, -1), WG_EINVAL);
    ck_assert_int_eq(wg_hexside_key(&a, WG__HEX_LIMIT + 1, 0, 0), WG_EINVAL);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("hex");
    TCase *tc = tcase_create("hex");
    tcase_add_test(tc, test_offset_roundtrip);
    tcase_add_test(tc, test_offset_known_values);
    tcase_add_test(tc, test_offset_errors);
    tcase_add_test(tc, test_distance);
    tcase_add_test(tc, test_neighbor_dirs);
    tcase_add_test(tc, test_rings);
    tcase_add_test(tc, test_ring_buffer);
    tcase_add_test(tc, test_range);
    tcase_add_test(tc, test_line_straight);
    tcase_add_test(tc, test_line_hexside);
    tcase_add_test(tc, test_line_symmetric);
    tcase_add_test(tc, test_line_errors);
    tcase_add_test(tc, test_hexside_keys);
    suite_add_tcase(s, tc);
    return wgt_run(s);
}

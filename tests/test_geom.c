/* Exact integer geometry (lib/core/geom.c): every predicate on ordinary, degenerate (touching,
   collinear, zero-length) and extreme (coordinates at +-2^24) cases.  The suite depends on geom.c
   alone, so that it is also built with the portable 128-bit arithmetic (WG_GEOM_NO_INT128), whose
   results are then compared with the compiler's 128-bit type where there is one. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>

#include "geom.h"

#define M WG__GEOM_MAX

static wg_pt P(int32_t x, int32_t y)
{
    wg_pt p = {x, y};
    return p;
}

/* ---------------------------------------------------------------- 128-bit arithmetic */

START_TEST(test_wide)
{
    /* products at the edges of the domain compare as the mathematics says */
    int64_t big = INT64_C(1) << 52;
    ck_assert_int_eq(wg__w_cmp(wg__w_mul(big, big), wg__w_mul(big / 2, big * 2)), 0);
    ck_assert_int_eq(wg__w_cmp(wg__w_mul(big, big + 1), wg__w_mul(big, big)), 1);
    ck_assert_int_eq(wg__w_cmp(wg__w_mul(-big, big), wg__w_mul(big, big)), -1);
    ck_assert_int_eq(wg__w_cmp(wg__w_mul(-big, -big), wg__w_mul(big, big)), 0);
    ck_assert_int_eq(wg__w_cmp(wg__w_add(wg__w_mul(big, big), wg__w_of(-1)), wg__w_mul(big, big)), -1);
    ck_assert_int_eq(wg__w_cmp(wg__w_sub(wg__w_of(0), wg__w_mul(big, 3)), wg__w_mul(-3, big)), 0);
    ck_assert_int_eq(wg__w_cmp(wg__w_of(-1), wg__w_of(0)), -1);
    ck_assert_int_eq(wg__w_cmp(wg__w_of(INT64_MIN + 1), wg__w_of(INT64_MAX)), -1);
#if defined(__SIZEOF_INT128__) && !WG_WIDE_NATIVE
    /* the portable halves against the compiler's type, over a deterministic spread of operands */
    __extension__ typedef __int128 native;
    __extension__ typedef unsigned __int128 unative;
    uint64_t s = 88172645463325252u;
    for (int i = 0; i < 20000; i++) {
        s ^= s << 13, s ^= s >> 7, s ^= s << 17;
        int64_t a = (int64_t)(s >> 10) - (INT64_C(1) << 53);
        s ^= s << 13, s ^= s >> 7, s ^= s << 17;
        int64_t b = (int64_t)(s >> 10) - (INT64_C(1) << 53);
        native n = (native)a * b;
        wg_wide w = wg__w_mul(a, b);
        ck_assert_uint_eq(w.lo, (uint64_t)n);
        ck_assert_uint_eq(w.hi, (uint64_t)((unative)n >> 64));
        native m = (native)b * 7 - n;
        wg_wide v = wg__w_sub(wg__w_mul(b, 7), w);
        ck_assert_uint_eq(v.lo, (uint64_t)m);
        ck_assert_int_eq(wg__w_cmp(w, v), (n > m) - (n < m));
        wg_wide u = wg__w_add(w, v);
        ck_assert_uint_eq(u.lo, (uint64_t)(n + m));
        ck_assert_uint_eq(u.hi, (uint64_t)((unative)(n + m) >> 64));
    }
#endif
}
END_TEST

START_TEST(test_isqrt)
{
    ck_assert_uint_eq(wg__isqrt64(0), 0);
    ck_assert_uint_eq(wg__isqrt64(1), 1);
    ck_assert_uint_eq(wg__isqrt64(3), 1);
    ck_assert_uint_eq(wg__isqrt64(4), 2);
    for (uint64_t r = 1; r < 5000000000u; r = r * 3 + 1) {
        ck_assert_uint_eq(wg__isqrt64(r * r), r);
        ck_assert_uint_eq(wg__isqrt64(r * r - 1), r - 1);
        ck_assert_uint_eq(wg__isqrt64(r * r + 2 * r), r);
    }
    ck_assert_uint_eq(wg__isqrt64(UINT64_MAX), 4294967295u);
    ck_assert_uint_eq(wg__isqrt64((uint64_t)4294967295u * 4294967295u), 4294967295u);
    ck_assert_uint_eq(wg__isqrt64((uint64_t)4294967295u * 4294967295u - 1), 4294967294u);
    /* against the digit-by-digit root, at every magnitude */
    uint64_t x = 88172645463325252u;
    for (int i = 0; i < 200000; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        uint64_t v = x >> (i % 64), rem = v, r = 0, bit = (uint64_t)1 << 62;
        while (bit > rem)
            bit >>= 2;
        while (bit) {
            if (rem >= r + bit) {
                rem -= r + bit;
                r = (r >> 1) + bit;
            } else
                r >>= 1;
            bit >>= 2;
        }
        ck_assert_uint_eq(wg__isqrt64(v), r);
    }
}
END_TEST

/* ---------------------------------------------------------------- segments */

START_TEST(test_seg_seg)
{
    /* crossing inside both */
    ck_assert_int_eq(wg__seg_seg(P(0, 0), P(10, 10), P(0, 10), P(10, 0)), 2);
    /* an end on the other: touching */
    ck_assert_int_eq(wg__seg_seg(P(0, 0), P(10, 0), P(5, 0), P(5, 7)), 1);
    ck_assert_int_eq(wg__seg_seg(P(0, 0), P(10, 0), P(10, 0), P(20, 5)), 1);
    /* collinear: overlapping, end to end, apart */
    ck_assert_int_eq(wg__seg_seg(P(0, 0), P(10, 0), P(5, 0), P(15, 0)), 1);
    ck_assert_int_eq(wg__seg_seg(P(0, 0), P(10, 0), P(10, 0), P(15, 0)), 1);
    ck_assert_int_eq(wg__seg_seg(P(0, 0), P(10, 0), P(11, 0), P(15, 0)), 0);
    /* parallel, apart */
    ck_assert_int_eq(wg__seg_seg(P(0, 0), P(10, 0), P(0, 1), P(10, 1)), 0);
    /* the lines cross outside one segment */
    ck_assert_int_eq(wg__seg_seg(P(0, 0), P(10, 10), P(20, 0), P(11, 9)), 0);
    /* zero-length segments are points */
    ck_assert_int_eq(wg__seg_seg(P(3, 3), P(3, 3), P(0, 0), P(6, 6)), 1);
    ck_assert_int_eq(wg__seg_seg(P(3, 4), P(3, 4), P(0, 0), P(6, 6)), 0);
    ck_assert_int_eq(wg__seg_seg(P(3, 3), P(3, 3), P(3, 3), P(3, 3)), 1);
    ck_assert_int_eq(wg__seg_seg(P(3, 3), P(3, 3), P(3, 4), P(3, 4)), 0);
    /* orientation */
    ck_assert_int_eq(wg__orient(P(0, 0), P(10, 0), P(5, 1)), 1);
    ck_assert_int_eq(wg__orient(P(0, 0), P(10, 0), P(5, -1)), -1);
    ck_assert_int_eq(wg__orient(P(0, 0), P(10, 0), P(50, 0)), 0);
    /* polylines */
    wg_pt line[] = {P(0, 0), P(10, 0), P(10, 10)};
    ck_assert_int_eq(wg__seg_polyline(P(5, -5), P(5, 5), line, 3), 2);
    ck_assert_int_eq(wg__seg_polyline(P(10, 5), P(20, 5), line, 3), 1);
    ck_assert_int_eq(wg__seg_polyline(P(0, 5), P(9, 5), line, 3), 0);
}
END_TEST

/* ---------------------------------------------------------------- polygons */

/* an L-shaped (concave) polygon: the square 0..20 without its upper-right quarter */
static const wg_pt ell[6] = {{0, 0}, {20, 0}, {20, 10}, {10, 10}, {10, 20}, {0, 20}};
static const wg_pt sq[4] = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};

START_TEST(test_pt_poly)
{
    ck_assert_int_eq(wg__pt_poly(P(5, 5), sq, 4), 1);
    ck_assert_int_eq(wg__pt_poly(P(10, 5), sq, 4), 0); /* on an edge */
    ck_assert_int_eq(wg__pt_poly(P(10, 10), sq, 4), 0); /* on a corner */
    ck_assert_int_eq(wg__pt_poly(P(11, 5), sq, 4), -1);
    ck_assert_int_eq(wg__pt_poly(P(-1, 10), sq, 4), -1); /* level with an edge, outside */
    ck_assert_int_eq(wg__pt_poly(P(15, 15), ell, 6), -1); /* in the notch */
    ck_assert_int_eq(wg__pt_poly(P(15, 5), ell, 6), 1);
    ck_assert_int_eq(wg__pt_poly(P(15, 10), ell, 6), 0);
    ck_assert_int_eq(wg__pt_poly(P(10, 15), ell, 6), 0);
    /* the orientation of the polygon does not matter */
    wg_pt cw[4] = {{0, 0}, {0, 10}, {10, 10}, {10, 0}};
    ck_assert_int_eq(wg__pt_poly(P(5, 5), cw, 4), 1);
    ck_assert_int_eq(wg__pt_poly(P(0, 5), cw, 4), 0);
}
END_TEST

START_TEST(test_seg_poly)
{
    /* through the interior */
    ck_assert_int_eq(wg__seg_poly_interior(P(-5, 5), P(15, 5), sq, 4), 1);
    /* along an edge, and beyond it: not the interior */
    ck_assert_int_eq(wg__seg_poly_interior(P(-5, 0), P(15, 0), sq, 4), 0);
    ck_assert_int_eq(wg__seg_poly_meets(P(-5, 0), P(15, 0), sq, 4), 1);
    /* touching a corner only */
    ck_assert_int_eq(wg__seg_poly_interior(P(-5, 5), P(5, -5), sq, 4), 0);
    ck_assert_int_eq(wg__seg_poly_meets(P(-5, 5), P(5, -5), sq, 4), 1);
    ck_assert_int_eq(wg__seg_poly_interior(P(5, 15), P(15, 5), sq, 4), 0);
    ck_assert_int_eq(wg__seg_poly_meets(P(5, 15), P(15, 5), sq, 4), 1);
    /* corner to corner: no edge crossed, yet through the interior */
    ck_assert_int_eq(wg__seg_poly_interior(P(0, 0), P(10, 10), sq, 4), 1);
    /* across the notch of the L from corner to corner: outside */
    ck_assert_int_eq(wg__seg_poly_interior(P(20, 10), P(10, 20), ell, 6), 0);
    ck_assert_int_eq(wg__seg_poly_meets(P(20, 10), P(10, 20), ell, 6), 1);
    /* from a corner through the notch's corner and on into the interior */
    ck_assert_int_eq(wg__seg_poly_interior(P(20, 0), P(0, 20), ell, 6), 1);
    /* grazing the reflex corner from outside along the line x = 10 above it */
    ck_assert_int_eq(wg__seg_poly_interior(P(10, 25), P(10, 10), ell, 6), 0);
    /* zero-length segments */
    ck_assert_int_eq(wg__seg_poly_interior(P(5, 5), P(5, 5), sq, 4), 1);
    ck_assert_int_eq(wg__seg_poly_interior(P(0, 5), P(0, 5), sq, 4), 0);
    ck_assert_int_eq(wg__seg_poly_meets(P(0, 5), P(0, 5), sq, 4), 1);
    ck_assert_int_eq(wg__seg_poly_meets(P(-1, 5), P(-1, 5), sq, 4), 0);
    /* apart */
    ck_assert_int_eq(wg__seg_poly_meets(P(-5, 11), P(15, 11), sq, 4), 0);
}
END_TEST

START_TEST(test_poly_poly)
{
    wg_pt far[4] = {{20, 0}, {30, 0}, {30, 10}, {20, 10}};
    wg_pt edge[4] = {{10, 0}, {20, 0}, {20, 10}, {10, 10}};
    wg_pt corner[4] = {{10, 10}, {20, 10}, {20, 20}, {10, 20}};
    wg_pt over[4] = {{5, 5}, {15, 5}, {15, 15}, {5, 15}};
    wg_pt inner[4] = {{2, 2}, {8, 2}, {8, 8}, {2, 8}};
    wg_pt same[4] = {{10, 10}, {0, 10}, {0, 0}, {10, 0}};
    wg_pt half[4] = {{0, 0}, {10, 0}, {10, 5}, {0, 5}}; /* inside, sharing three edges' worth */
    ck_assert_int_eq(wg__poly_poly(sq, 4, far, 4), 0);
    ck_assert_int_eq(wg__poly_poly(sq, 4, edge, 4), 1);
    ck_assert_int_eq(wg__poly_poly(sq, 4, corner, 4), 1);
    ck_assert_int_eq(wg__poly_poly(sq, 4, over, 4), 2);
    ck_assert_int_eq(wg__poly_poly(sq, 4, inner, 4), 2);
    ck_assert_int_eq(wg__poly_poly(inner, 4, sq, 4), 2);
    ck_assert_int_eq(wg__poly_poly(sq, 4, same, 4), 2);
    ck_assert_int_eq(wg__poly_poly(sq, 4, half, 4), 2);
    ck_assert_int_eq(wg__poly_poly(half, 4, sq, 4), 2);
    /* the square fits the notch of the L: touching along two edges */
    ck_assert_int_eq(wg__poly_poly(ell, 6, corner, 4), 1);
}
END_TEST

/* ---------------------------------------------------------------- distances */

START_TEST(test_distance)
{
    ck_assert_int_eq(wg__dist2(P(0, 0), P(3, 4)), 25);
    /* point to segment: perpendicular foot inside, and beyond either end */
    ck_assert_int_eq(wg__dist_pt_seg_floor(P(5, 7), P(0, 0), P(10, 0)), 7);
    ck_assert_int_eq(wg__dist_pt_seg_floor(P(13, 4), P(0, 0), P(10, 0)), 5);
    ck_assert_int_eq(wg__dist_pt_seg_floor(P(-3, -4), P(0, 0), P(10, 0)), 5);
    ck_assert_int_eq(wg__dist_pt_seg_floor(P(1, 1), P(0, 0), P(0, 0)), 1); /* zero-length: sqrt 2 */
    /* exact comparison against r on the boundary */
    ck_assert_int_eq(wg__dist_pt_seg_cmp(P(5, 7), P(0, 0), P(10, 0), 7), 0);
    ck_assert_int_eq(wg__dist_pt_seg_cmp(P(5, 7), P(0, 0), P(10, 0), 6), 1);
    ck_assert_int_eq(wg__dist_pt_seg_cmp(P(5, 7), P(0, 0), P(10, 0), 8), -1);
    /* a slanted segment: the distance from (0, 10) to the line x = y is 10/sqrt 2 = 7.07 */
    ck_assert_int_eq(wg__dist_pt_seg_floor(P(0, 10), P(0, 0), P(20, 20)), 7);
    ck_assert_int_eq(wg__dist_pt_seg_cmp(P(0, 10), P(0, 0), P(20, 20), 7), 1);
    ck_assert_int_eq(wg__dist_pt_seg_cmp(P(0, 10), P(0, 0), P(20, 20), 8), -1);
    /* polygons: 3-4-5 apart corner to corner, touching, overlapping */
    wg_pt b[4] = {{13, 14}, {20, 14}, {20, 20}, {13, 20}};
    ck_assert_int_eq(wg__poly_dist_floor(sq, 4, b, 4), 5);
    ck_assert_int_eq(wg__poly_within(sq, 4, b, 4, 5), 1);
    ck_assert_int_eq(wg__poly_within(sq, 4, b, 4, 4), 0);
    wg_pt t[4] = {{10, 3}, {12, 3}, {12, 6}, {10, 6}};
    ck_assert_int_eq(wg__poly_dist_floor(sq, 4, t, 4), 0);
    ck_assert_int_eq(wg__poly_within(sq, 4, t, 4, 0), 1);
    /* a segment against a polygon: across, beside, and inside it */
    ck_assert_int_eq(wg__seg_poly_dist_floor(P(-5, 5), P(15, 5), sq, 4), 0);
    ck_assert_int_eq(wg__seg_poly_dist_floor(P(-5, 13), P(15, 13), sq, 4), 3);
    ck_assert_int_eq(wg__seg_poly_within(P(-5, 13), P(15, 13), sq, 4, 3), 1);
    ck_assert_int_eq(wg__seg_poly_within(P(-5, 13), P(15, 13), sq, 4, 2), 0);
    ck_assert_int_eq(wg__seg_poly_dist_floor(P(3, 3), P(4, 4), sq, 4), 0);
    /* a polygon vertex nearest to the segment's interior */
    wg_pt dia[4] = {{5, 12}, {8, 15}, {5, 18}, {2, 15}};
    ck_assert_int_eq(wg__seg_poly_dist_floor(P(0, 10), P(10, 10), dia, 4), 2);
}
END_TEST

/* The polygon distance skips the vertex-edge pairs whose boxes are no nearer than the best so far:
   against every pair measured, over rotated quadrilaterals at every gap (touching and overlapping
   included), and a segment's box test against the segment itself. */
START_TEST(test_distance_pruned)
{
    uint64_t r = 88172645463325252u;
    for (int n = 0; n < 20000; n++) {
        wg_pt q[2][4];
        for (int k = 0; k < 2; k++) {
            r ^= r << 13, r ^= r >> 7, r ^= r << 17;
            wg_pt c = P((int32_t)(r % 2001) - 1000, (int32_t)((r >> 11) % 2001) - 1000);
            wg_pt f = P((int32_t)((r >> 22) % 201) - 100, (int32_t)((r >> 30) % 201) - 100);
            if (f.x == 0 && f.y == 0)
                f.x = 1;
            wg_quad b;
            ck_assert_int_eq(wg__base_quad(&b, c, f, (int32_t)((r >> 38) % 400), (int32_t)((r >> 47) % 200)), 0);
            for (int i = 0; i < 4; i++)
                q[k][i] = b.p[i];
        }
        int64_t want = INT64_MAX;
        if (wg__poly_poly(q[0], 4, q[1], 4))
            want = 0;
        for (int a = 0; a < 2 && want; a++)
            for (int i = 0; i < 4; i++)
                for (int j = 0; j < 4; j++) {
                    int64_t d = wg__dist_pt_seg_floor(q[a][i], q[!a][j], q[!a][(j + 1) % 4]);
                    want = d < want ? d : want;
                }
        ck_assert_int_eq(wg__poly_dist_floor(q[0], 4, q[1], 4), want);
        /* the box of the first quadrilateral's first edge: apart only when the segment misses it */
        wg_pt lo = q[1][0], hi = q[1][0];
        for (int i = 1; i < 4; i++) {
            lo = P(q[1][i].x < lo.x ? q[1][i].x : lo.x, q[1][i].y < lo.y ? q[1][i].y : lo.y);
            hi = P(q[1][i].x > hi.x ? q[1][i].x : hi.x, q[1][i].y > hi.y ? q[1][i].y : hi.y);
        }
        if (wg__seg_box_apart(q[0][0], q[0][1], lo, hi))
            ck_assert_int_eq(wg__seg_poly_meets(q[0][0], q[0][1], q[1], 4), 0);
    }
    ck_assert_int_eq(wg__seg_box_apart(P(0, 0), P(10, 0), P(10, 0), P(20, 5)), 0); /* touching */
    ck_assert_int_eq(wg__seg_box_apart(P(0, 0), P(9, 0), P(10, 0), P(20, 5)), 1);
    ck_assert_int_eq(wg__seg_box_apart(P(15, 9), P(15, 6), P(10, 0), P(20, 5)), 1);
}
END_TEST

/* ---------------------------------------------------------------- arcs */

START_TEST(test_arcs)
{
    wg_pt o = P(0, 0), up = P(0, 1);
    /* 45 degrees: the boundary is in, a hair beyond it is out */
    ck_assert_int_eq(wg__in_arc(o, up, WG__ARC_45, 0, 0, P(100, 100)), 1);
    ck_assert_int_eq(wg__in_arc(o, up, WG__ARC_45, 0, 0, P(-100, 100)), 1);
    ck_assert_int_eq(wg__in_arc(o, up, WG__ARC_45, 0, 0, P(101, 100)), 0);
    ck_assert_int_eq(wg__in_arc(o, up, WG__ARC_45, 0, 0, P(0, -5)), 0);
    /* 22.5 degrees: tan 22.5 = 0.41421356..., so 414213 across a million ahead is in, 414214 out */
    ck_assert_int_eq(wg__in_arc(o, up, WG__ARC_225, 0, 0, P(414213, 1000000)), 1);
    ck_assert_int_eq(wg__in_arc(o, up, WG__ARC_225, 0, 0, P(414214, 1000000)), 0);
    ck_assert_int_eq(wg__in_arc(o, up, WG__ARC_225, 0, 0, P(-414213, 1000000)), 1);
    ck_assert_int_eq(wg__in_arc(o, up, WG__ARC_225, 0, 0, P(0, -1)), 0);
    /* the same with a facing that is not of unit length or axis-aligned: (3, 4) */
    wg_pt f = P(3, 4);
    ck_assert_int_eq(wg__in_arc(o, f, WG__ARC_45, 0, 0, P(-100, 700)), 1); /* (3, 4) turned 45 degrees is along (-1, 7) */
    ck_assert_int_eq(wg__in_arc(o, f, WG__ARC_45, 0, 0, P(-101, 700)), 0);
    /* 90 degrees: the half-plane ahead, its boundary line included */
    ck_assert_int_eq(wg__in_arc(o, up, WG__ARC_90, 0, 0, P(1000, 0)), 1);
    ck_assert_int_eq(wg__in_arc(o, up, WG__ARC_90, 0, 0, P(1000, -1)), 0);
    /* any tan p/q: 1/2 */
    ck_assert_int_eq(wg__in_arc(o, up, WG__ARC_TAN, 1, 2, P(50, 100)), 1);
    ck_assert_int_eq(wg__in_arc(o, up, WG__ARC_TAN, 1, 2, P(51, 100)), 0);
    ck_assert_int_eq(wg__in_arc(o, up, WG__ARC_TAN, 0, 1, P(0, 100)), 1); /* a ray */
    ck_assert_int_eq(wg__in_arc(o, up, WG__ARC_TAN, 0, 1, P(1, 100)), 0);
    /* the apex itself */
    ck_assert_int_eq(wg__in_arc(o, up, WG__ARC_225, 0, 0, o), 1);
    /* a polygon with no vertex inside that straddles the arc */
    wg_pt wide[4] = {{-1000, 100}, {1000, 100}, {1000, 110}, {-1000, 110}};
    ck_assert_int_eq(wg__poly_in_arc(o, up, WG__ARC_225, 0, 0, wide, 4), 1);
    ck_assert_int_eq(wg__poly_in_arc(o, up, WG__ARC_TAN, 0, 1, wide, 4), 1);
    /* ... and one beside it */
    wg_pt side[4] = {{1000, 100}, {2000, 100}, {2000, 110}, {1000, 110}};
    ck_assert_int_eq(wg__poly_in_arc(o, up, WG__ARC_225, 0, 0, side, 4), 0);
    ck_assert_int_eq(wg__poly_in_arc(o, up, WG__ARC_90, 0, 0, side, 4), 1);
    /* a polygon holding the apex */
    wg_pt around[4] = {{-10, -10}, {10, -10}, {10, -5}, {-10, -5}};
    ck_assert_int_eq(wg__poly_in_arc(P(0, -7), up, WG__ARC_225, 0, 0, around, 4), 1);
    /* a segment behind */
    wg_pt behind[2] = {{-1000, -1}, {1000, -1}};
    ck_assert_int_eq(wg__poly_in_arc(o, up, WG__ARC_45, 0, 0, behind, 2), 0);
}
END_TEST

/* ---------------------------------------------------------------- bases */

START_TEST(test_base)
{
    wg_quad q;
    ck_assert_int_eq(wg__base_quad(&q, P(0, 0), P(0, 1), 200, 100), 0);
    ck_assert_int_eq(q.p[0].x, -100); /* front-left */
    ck_assert_int_eq(q.p[0].y, 0);
    ck_assert_int_eq(q.p[1].x, 100); /* front-right */
    ck_assert_int_eq(q.p[2].x, 100); /* rear-right */
    ck_assert_int_eq(q.p[2].y, -100);
    ck_assert_int_eq(q.p[3].x, -100);
    ck_assert_int_eq(q.p[3].y, -100);
    /* any positive multiple of a facing is the same facing */
    wg_quad r;
    ck_assert_int_eq(wg__base_quad(&r, P(0, 0), P(0, 7), 200, 100), 0);
    for (int i = 0; i < 4; i++)
        ck_assert(r.p[i].x == q.p[i].x && r.p[i].y == q.p[i].y);
    /* a diagonal facing: half of 200 across at 45 degrees is 70.71 -> 71 */
    ck_assert_int_eq(wg__base_quad(&q, P(1000, 1000), P(1, 1), 200, 100), 0);
    ck_assert_int_eq(q.p[0].x, 1000 - 71);
    ck_assert_int_eq(q.p[0].y, 1000 + 71);
    ck_assert_int_eq(q.p[1].x, 1000 + 71);
    ck_assert_int_eq(q.p[1].y, 1000 - 71);
    /* a zero-width base is a segment; a zero facing and sizes beyond the bound are refused */
    ck_assert_int_eq(wg__base_quad(&q, P(0, 0), P(1, 0), 0, 50), 0);
    ck_assert_int_eq(q.p[0].x, q.p[1].x);
    ck_assert_int_eq(wg__base_quad(&q, P(0, 0), P(0, 0), 10, 10), -1);
    ck_assert_int_eq(wg__base_quad(&q, P(0, 0), P(1, 0), -1, 10), -1);
    ck_assert_int_eq(wg__base_quad(&q, P(0, 0), P(1, 0), 10, WG__GEOM_MAX_SIZE + 1), -1);
    ck_assert_int_eq(wg__base_quad(&q, P(M, 0), P(0, 1), 10, 0), -1); /* a corner beyond the bound */
    ck_assert_int_eq(wg__base_quad(&q, P(M, 0), P(1, 0), 0, 10), 0);  /* the depth goes backwards */
    /* a base about (0, 0) moved to c is wg__base_quad at c, corner for corner, refused where it is */
    const wg_pt facings[4] = {{0, 1}, {3798, -9239}, {-9200, 3893}, {1, 1}};
    const wg_pt at[5] = {{0, 0}, {1234, -567}, {-M + 40, 7}, {M, M}, {M + 1, 0}};
    for (int f = 0; f < 4; f++)
        for (int c = 0; c < 5; c++) {
            wg_quad o, moved, direct;
            ck_assert_int_eq(wg__base_quad(&o, P(0, 0), facings[f], 201, 77), 0);
            int a = wg__base_at(&moved, &o, at[c]), b = wg__base_quad(&direct, at[c], facings[f], 201, 77);
            ck_assert_int_eq(a, b);
            for (int i = 0; a == 0 && i < 4; i++)
                ck_assert(moved.p[i].x == direct.p[i].x && moved.p[i].y == direct.p[i].y);
        }
}
END_TEST

START_TEST(test_face)
{
    wg_quad q;
    ck_assert_int_eq(wg__base_quad(&q, P(0, 0), P(0, 1), 200, 100), 0);
    wg_pt ahead[1] = {{0, 50}}, right[1] = {{150, -50}}, behind[1] = {{0, -150}}, left[1] = {{-150, -50}};
    ck_assert_int_eq(wg__face_toward(&q, ahead, 1), WG__FACE_FRONT);
    ck_assert_int_eq(wg__face_toward(&q, right, 1), WG__FACE_RIGHT);
    ck_assert_int_eq(wg__face_toward(&q, behind, 1), WG__FACE_REAR);
    ck_assert_int_eq(wg__face_toward(&q, left, 1), WG__FACE_LEFT);
    /* off a front corner: equidistant from front and flank; the side it stands farther out of wins */
    wg_pt fr_more_front[1] = {{110, 30}}, fr_more_side[1] = {{130, 10}};
    ck_assert_int_eq(wg__face_toward(&q, fr_more_front, 1), WG__FACE_FRONT);
    ck_assert_int_eq(wg__face_toward(&q, fr_more_side, 1), WG__FACE_RIGHT);
    /* exactly on the diagonal: the lower face number */
    wg_pt diag[1] = {{120, 20}};
    ck_assert_int_eq(wg__face_toward(&q, diag, 1), WG__FACE_FRONT);
    /* a base touching the rear edge */
    wg_quad b;
    ck_assert_int_eq(wg__base_quad(&b, P(0, -100), P(0, 1), 200, 100), 0);
    ck_assert_int_eq(wg__face_toward(&q, b.p, 4), WG__FACE_REAR);
}
END_TEST

START_TEST(test_hull)
{
    wg_pt pts[7] = {{0, 0}, {10, 0}, {5, 5}, {10, 10}, {0, 10}, {5, 0}, {10, 10}};
    wg_pt h[32];
    size_t n = wg__hull(h, pts, 7);
    ck_assert_uint_eq(n, 4); /* the collinear (5, 0), the inner point and the duplicate are dropped */
    ck_assert_int_eq(h[0].x, 0);
    ck_assert_int_eq(h[0].y, 0);
    ck_assert_int_eq(h[1].x, 10);
    ck_assert_int_eq(h[1].y, 0);
    wg_pt two[3] = {{1, 1}, {1, 1}, {4, 5}};
    ck_assert_uint_eq(wg__hull(h, two, 3), 2);
    ck_assert_uint_eq(wg__hull(h, two, 1), 1);
}
END_TEST

/* ---------------------------------------------------------------- angles */

static void near_angle(wg_pt f, wg_pt g, int64_t want)
{
    int64_t a = wg__angle_q32(f, g);
    ck_assert_msg(a - want <= 8 && want - a <= 8, "angle (%d,%d)-(%d,%d): %lld, want %lld", f.x, f.y, g.x, g.y,
                  (long long)a, (long long)want);
}

START_TEST(test_angles)
{
    const int64_t pi = WG__ANGLE_PI;
    near_angle(P(1, 0), P(0, 1), pi / 2);
    near_angle(P(1, 0), P(0, -1), pi / 2);
    near_angle(P(1, 0), P(1, 1), pi / 4);
    near_angle(P(1, 0), P(-1, 0), pi);
    near_angle(P(0, 5), P(0, 7), 0);
    near_angle(P(3, 4), P(-4, 3), pi / 2);
    near_angle(P(1, 0), P(-1, 1), 3 * pi / 4);
    /* near 22.5 degrees: atan(0.414214) = 1686631317 units (pi / 8 is 1686629713) */
    near_angle(P(1000000, 0), P(1000000, 414214), INT64_C(1686631317));
    /* a small angle: atan(1 / 10^6) = 10^-6 radian = 4295 units */
    near_angle(P(1000000, 0), P(1000000, 1), 4295);
    /* the extremes */
    near_angle(P(M, M), P(-M, -M), pi);
    near_angle(P(M, -M), P(M, M), pi / 2);
    near_angle(P(1, 0), P(M, 1), 256); /* atan(2^-24) */
    ck_assert_int_eq(wg__angle_q32(P(0, 0), P(1, 0)), 0);
    /* symmetric */
    ck_assert_int_eq(wg__angle_q32(P(3, 7), P(-5, 2)), wg__angle_q32(P(-5, 2), P(3, 7)));
}
END_TEST

/* ---------------------------------------------------------------- the extremes of the domain */

START_TEST(test_extremes)
{
    wg_pt a = P(-M, -M), b = P(M, M), c = P(-M, M), d = P(M, -M);
    ck_assert_int_eq(wg__geom_pts_ok(&a, 1), 1);
    wg_pt beyond = P(M + 1, 0);
    ck_assert_int_eq(wg__geom_pts_ok(&beyond, 1), 0);
    ck_assert_int_eq(wg__orient(a, b, c), 1);
    ck_assert_int_eq(wg__orient(a, b, d), -1);
    ck_assert_int_eq(wg__orient(a, b, P(0, 0)), 0);
    ck_assert_int_eq(wg__dist2(a, b), INT64_C(2) * (INT64_C(2) * M) * (INT64_C(2) * M));
    ck_assert_int_eq(wg__seg_seg(a, b, c, d), 2);
    wg_pt table[4] = {a, d, b, c};
    ck_assert_int_eq(wg__pt_poly(P(0, 0), table, 4), 1);
    ck_assert_int_eq(wg__pt_poly(P(M, 0), table, 4), 0);
    ck_assert_int_eq(wg__seg_poly_interior(a, b, table, 4), 1);
    /* the diagonal of the whole domain: floor(2^25 * sqrt 2) = 47453132 */
    ck_assert_int_eq(wg__dist_pt_seg_floor(a, b, b), 47453132);
    ck_assert_int_eq(wg__dist_pt_seg_cmp(a, b, b, 47453132), 1);
    ck_assert_int_eq(wg__dist_pt_seg_cmp(a, b, b, 47453133), -1);
    /* a corner to the other diagonal: half of it, 2^24 * sqrt 2 */
    ck_assert_int_eq(wg__dist_pt_seg_floor(c, a, b), 23726566);
    ck_assert_int_eq(wg__dist_pt_seg_cmp(c, a, b, INT64_C(1) << 26), -1);
    wg_pt left[4] = {P(-M, -M), P(-M + 1, -M), P(-M + 1, M), P(-M, M)};
    wg_pt right[4] = {P(M - 1, -M), P(M, -M), P(M, M), P(M - 1, M)};
    ck_assert_int_eq(wg__poly_dist_floor(left, 4, right, 4), 2 * M - 2);
    ck_assert_int_eq(wg__poly_within(left, 4, right, 4, 2 * M - 2), 1);
    ck_assert_int_eq(wg__poly_within(left, 4, right, 4, 2 * M - 3), 0);
    /* arcs at the edge of the domain: facing components at +-2^24 */
    ck_assert_int_eq(wg__in_arc(a, P(M, M), WG__ARC_225, 0, 0, b), 1);
    ck_assert_int_eq(wg__in_arc(a, P(M, M), WG__ARC_45, 0, 0, c), 1);
    ck_assert_int_eq(wg__in_arc(a, P(M, M), WG__ARC_225, 0, 0, c), 0);
    ck_assert_int_eq(wg__in_arc(a, P(M, -M), WG__ARC_90, 0, 0, c), 0);
    ck_assert_int_eq(wg__in_arc(a, P(M, -M), WG__ARC_TAN, 1024, 1, P(0, -M)), 1);
    ck_assert_int_eq(wg__in_arc(a, P(M, -M), WG__ARC_TAN, 1024, 1, b), 0); /* square to the facing */
    ck_assert_int_eq(wg__in_arc(a, P(-M, -M), WG__ARC_225, 0, 0, b), 0);
    wg_pt strip[4] = {P(-M, M - 1), P(M, M - 1), P(M, M), P(-M, M)};
    ck_assert_int_eq(wg__poly_in_arc(P(0, -M), P(0, M), WG__ARC_225, 0, 0, strip, 4), 1);
    ck_assert_int_eq(wg__poly_in_arc(P(0, -M), P(1, -M), WG__ARC_225, 0, 0, strip, 4), 0);
    /* bases: the largest size at the edge, a facing of the largest components */
    wg_quad q;
    ck_assert_int_eq(wg__base_quad(&q, P(0, 0), P(M, -M), WG__GEOM_MAX_SIZE, WG__GEOM_MAX_SIZE), 0);
    ck_assert_int_eq(wg__base_quad(&q, P(M, M), P(-M, -M), 0, 0), 0);
    ck_assert_int_eq(wg__base_quad(&q, P(M, M), P(M, M), 0, 10), 0);
    ck_assert_int_eq(wg__base_quad(&q, P(M, M), P(-M, -M), 0, 10), -1);
    ck_assert_int_eq(wg__base_quad(&q, P(M, M), P(M + 1, 0), 0, 0), -1);
    ck_assert_int_eq(wg__base_quad(&q, P(-M, -M), P(1, M), 2, 2), -1);
    ck_assert_int_eq(wg__face_toward(&q, strip, 4) >= 0, 1);
}
END_TEST

int main(void)
{
    Suite *s = suite_create(WG_WIDE_NATIVE ? "geom" : "geom (portable 128-bit)");
    TCase *tc = tcase_create("all");
    tcase_add_test(tc, test_wide);
    tcase_add_test(tc, test_isqrt);
    tcase_add_test(tc, test_seg_seg);
    tcase_add_test(tc, test_pt_poly);
    tcase_add_test(tc, test_seg_poly);
    tcase_add_test(tc, test_poly_poly);
    tcase_add_test(tc, test_distance);
    tcase_add_test(tc, test_distance_pruned);
    tcase_add_test(tc, test_arcs);
    tcase_add_test(tc, test_base);
    tcase_add_test(tc, test_face);
    tcase_add_test(tc, test_hull);
    tcase_add_test(tc, test_angles);
    tcase_add_test(tc, test_extremes);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

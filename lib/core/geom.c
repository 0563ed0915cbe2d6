/* Exact integer geometry on a continuous table: see geom.h.  Every computation is integer; the
   bounds of geom.h keep each product inside int64 or, where a product of products is needed,
   inside the 128-bit wg_wide. */
#include "geom.h"

#include <string.h>

/* ---------------------------------------------------------------- 128-bit fallback */

#if !WG_WIDE_NATIVE
static wg_wide w_neg(wg_wide a)
{
    wg_wide r;
    r.lo = ~a.lo + 1u;
    r.hi = ~a.hi + (r.lo == 0 ? 1u : 0u);
    return r;
}

wg_wide wg__w_of(int64_t a)
{
    wg_wide r;
    r.lo = (uint64_t)a;
    r.hi = a < 0 ? ~(uint64_t)0 : 0;
    return r;
}

wg_wide wg__w_mul(int64_t a, int64_t b)
{
    /* |a|, |b| < 2^63 by the bounds of geom.h */
    int neg = (a < 0) != (b < 0);
    uint64_t ua = a < 0 ? (uint64_t)0 - (uint64_t)a : (uint64_t)a;
    uint64_t ub = b < 0 ? (uint64_t)0 - (uint64_t)b : (uint64_t)b;
    uint64_t a0 = ua & 0xffffffffu, a1 = ua >> 32, b0 = ub & 0xffffffffu, b1 = ub >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    wg_wide r;
    r.lo = (p00 & 0xffffffffu) | (mid << 32);
    r.hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    return neg ? w_neg(r) : r;
}

wg_wide wg__w_add(wg_wide a, wg_wide b)
{
    wg_wide r;
    r.lo = a.lo + b.lo;
    r.hi = a.hi + b.hi + (r.lo < a.lo ? 1u : 0u);
    return r;
}

wg_wide wg__w_sub(wg_wide a, wg_wide b)
{
    wg_wide r;
    r.lo = a.lo - b.lo;
    r.hi = a.hi - b.hi - (a.lo < b.lo ? 1u : 0u);
    return r;
}

int wg__w_cmp(wg_wide a, wg_wide b)
{
    uint64_t ah = a.hi ^ ((uint64_t)1 << 63), bh = b.hi ^ ((uint64_t)1 << 63);
    if (ah != bh)
        return ah > bh ? 1 : -1;
    if (a.lo != b.lo)
        return a.lo > b.lo ? 1 : -1;
    return 0;
}
#endif

/* ---------------------------------------------------------------- basics */

int wg__geom_pts_ok(const wg_pt *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i].x < -WG__GEOM_MAX || p[i].x > WG__GEOM_MAX || p[i].y < -WG__GEOM_MAX || p[i].y > WG__GEOM_MAX)
            return 0;
    return 1;
}

uint64_t wg__isqrt64(uint64_t v)
{
#if defined(__GNUC__)
    /* Newton's iteration from a power of two at or above the root: it decreases to floor(sqrt(v)) */
    if (v < 2)
        return v;
    int bits = 64 - __builtin_clzll(v);
    uint64_t x = (uint64_t)1 << ((bits + 1) / 2);
    for (;;) {
        uint64_t y = (x + v / x) >> 1;
        if (y >= x)
            return x;
        x = y;
    }
#endif
    uint64_t r = 0, bit = (uint64_t)1 << 62;
    while (bit > v)
        bit >>= 2;
    while (bit) {
        if (v >= r + bit) {
            v -= r + bit;
            r = (r >> 1) + bit;
        } else {
            r >>= 1;
        }
        bit >>= 2;
    }
    return r;
}

static int64_t cross3(wg_pt a, wg_pt b, wg_pt c)
{
    return ((int64_t)b.x - a.x) * ((int64_t)c.y - a.y) - ((int64_t)b.y - a.y) * ((int64_t)c.x - a.x);
}

static int sgn64(int64_t v) { return (v > 0) - (v < 0); }

int wg__orient(wg_pt a, wg_pt b, wg_pt c) { return sgn64(cross3(a, b, c)); }

int64_t wg__dist2(wg_pt a, wg_pt b)
{
    int64_t dx = (int64_t)a.x - b.x, dy = (int64_t)a.y - b.y;
    return dx * dx + dy * dy;
}

static int pt_eq(wg_pt a, wg_pt b) { return a.x == b.x && a.y == b.y; }

/* r is collinear with pq: is it within the segment's box? */
static int within_box(wg_pt p, wg_pt q, wg_pt r)
{
    return (r.x >= (p.x < q.x ? p.x : q.x)) && (r.x <= (p.x > q.x ? p.x : q.x)) &&
           (r.y >= (p.y < q.y ? p.y : q.y)) && (r.y <= (p.y > q.y ? p.y : q.y));
}

static int on_seg(wg_pt p, wg_pt q, wg_pt r) { return cross3(p, q, r) == 0 && within_box(p, q, r); }

int wg__seg_seg(wg_pt a, wg_pt b, wg_pt c, wg_pt d)
{
    if (pt_eq(a, b))
        return on_seg(c, d, a) ? 1 : 0;
    if (pt_eq(c, d))
        return on_seg(a, b, c) ? 1 : 0;
    int d1 = wg__orient(c, d, a), d2 = wg__orient(c, d, b), d3 = wg__orient(a, b, c), d4 = wg__orient(a, b, d);
    if (d1 * d2 < 0 && d3 * d4 < 0)
        return 2;
    if ((d1 == 0 && within_box(c, d, a)) || (d2 == 0 && within_box(c, d, b)) || (d3 == 0 && within_box(a, b, c)) ||
        (d4 == 0 && within_box(a, b, d)))
        return 1;
    return 0;
}

/* Point (px, py) against the polygon whose coordinates are multiplied by s (1, 2 or 3): the
   scaled point may then stand for a half- or third-integer point. */
static int pip_scaled(int64_t px, int64_t py, const wg_pt *poly, size_t n, int64_t s)
{
    int inside = 0;
    for (size_t i = 0, j = n - 1; i < n; j = i++) {
        int64_t ux = poly[j].x * s, uy = poly[j].y * s, vx = poly[i].x * s, vy = poly[i].y * s;
        int64_t cr = (vx - ux) * (py - uy) - (vy - uy) * (px - ux);
        if (cr == 0 && px >= (ux < vx ? ux : vx) && px <= (ux > vx ? ux : vx) && py >= (uy < vy ? uy : vy) &&
            py <= (uy > vy ? uy : vy))
            return 0;
        if ((uy > py) != (vy > py)) {
            if ((cr > 0) == (vy > uy))
                inside = !inside;
        }
    }
    return inside ? 1 : -1;
}

int wg__pt_poly(wg_pt p, const wg_pt *poly, size_t n) { return pip_scaled(p.x, p.y, poly, n, 1); }

int wg__seg_poly_meets(wg_pt a, wg_pt b, const wg_pt *poly, size_t n)
{
    if (wg__pt_poly(a, poly, n) >= 0)
        return 1;
    for (size_t i = 0, j = n - 1; i < n; j = i++)
        if (wg__seg_seg(a, b, poly[j], poly[i]))
            return 1;
    return 0;
}

int wg__seg_poly_interior(wg_pt a, wg_pt b, const wg_pt *poly, size_t n)
{
    if (wg__pt_poly(a, poly, n) == 1 || wg__pt_poly(b, poly, n) == 1)
        return 1;
    if (pt_eq(a, b))
        return 0;
    for (size_t i = 0, j = n - 1; i < n; j = i++)
        if (wg__seg_seg(a, b, poly[j], poly[i]) == 2)
            return 1;
    /* No crossing and no end strictly inside: the boundary meets the open segment only at
       polygon vertices lying on it (or along edges between such vertices).  Between two
       consecutive such points the segment is wholly inside or wholly outside; its midpoint says
       which. */
    int64_t ex = (int64_t)b.x - a.x, ey = (int64_t)b.y - a.y;
    int64_t tend = ex * ex + ey * ey;
    int64_t tcur = 0;
    wg_pt cur = a;
    for (;;) {
        int64_t tnext = tend;
        wg_pt next = b;
        for (size_t i = 0; i < n; i++) {
            if (!on_seg(a, b, poly[i]))
                continue;
            int64_t t = ((int64_t)poly[i].x - a.x) * ex + ((int64_t)poly[i].y - a.y) * ey;
            if (t > tcur && t < tnext) {
                tnext = t;
                next = poly[i];
            }
        }
        if (pip_scaled((int64_t)cur.x + next.x, (int64_t)cur.y + next.y, poly, n, 2) == 1)
            return 1;
        if (tnext == tend)
            return 0;
        tcur = tnext;
        cur = next;
    }
}

int wg__seg_polyline(wg_pt a, wg_pt b, const wg_pt *line, size_t n)
{
    int best = 0;
    for (size_t i = 1; i < n && best < 2; i++) {
        int r = wg__seg_seg(a, b, line[i - 1], line[i]);
        if (r > best)
            best = r;
    }
    return best;
}

/* Twice the signed area. */
static int64_t area2(const wg_pt *p, size_t n)
{
    int64_t s = 0;
    for (size_t i = 0, j = n - 1; i < n; j = i++)
        s += (int64_t)p[j].x * p[i].y - (int64_t)p[i].x * p[j].y;
    return s;
}

/* A point strictly inside the polygon, three times its coordinates: the centroid of an ear.
   Returns 0 when the polygon has no interior. */
static int interior_point3(int64_t *x3, int64_t *y3, const wg_pt *p, size_t n)
{
    int64_t ar = area2(p, n);
    if (ar == 0)
        return 0;
    int dir = ar > 0 ? 1 : -1;
    for (size_t i = 0; i < n; i++) {
        wg_pt u = p[(i + n - 1) % n], v = p[i], w = p[(i + 1) % n];
        if (wg__orient(u, v, w) != dir)
            continue;
        wg_pt tri[3] = {u, v, w};
        int ear = 1;
        for (size_t k = 0; k < n && ear; k++) {
            if (k == i || k == (i + n - 1) % n || k == (i + 1) % n)
                continue;
            if (wg__pt_poly(p[k], tri, 3) >= 0 && !pt_eq(p[k], u) && !pt_eq(p[k], v) && !pt_eq(p[k], w))
                ear = 0;
        }
        if (ear) {
            *x3 = (int64_t)u.x + v.x + w.x;
            *y3 = (int64_t)u.y + v.y + w.y;
            return 1;
        }
    }
    return 0;
}

/* The gap between the bounding boxes of two point sets along x or y, whichever is larger (0 when the
   boxes meet): a lower bound of the distance between the polygons. */
static int64_t bbox_gap(const wg_pt *a, size_t na, const wg_pt *b, size_t nb)
{
    int32_t ax0 = a[0].x, ax1 = a[0].x, ay0 = a[0].y, ay1 = a[0].y;
    for (size_t i = 1; i < na; i++) {
        ax0 = a[i].x < ax0 ? a[i].x : ax0;
        ax1 = a[i].x > ax1 ? a[i].x : ax1;
        ay0 = a[i].y < ay0 ? a[i].y : ay0;
        ay1 = a[i].y > ay1 ? a[i].y : ay1;
    }
    int32_t bx0 = b[0].x, bx1 = b[0].x, by0 = b[0].y, by1 = b[0].y;
    for (size_t i = 1; i < nb; i++) {
        bx0 = b[i].x < bx0 ? b[i].x : bx0;
        bx1 = b[i].x > bx1 ? b[i].x : bx1;
        by0 = b[i].y < by0 ? b[i].y : by0;
        by1 = b[i].y > by1 ? b[i].y : by1;
    }
    int64_t gx = (int64_t)bx0 - ax1, gy = (int64_t)by0 - ay1;
    if ((int64_t)ax0 - bx1 > gx)
        gx = (int64_t)ax0 - bx1;
    if ((int64_t)ay0 - by1 > gy)
        gy = (int64_t)ay0 - by1;
    int64_t g = gx > gy ? gx : gy;
    return g > 0 ? g : 0;
}

int wg__seg_box_apart(wg_pt a, wg_pt b, wg_pt lo, wg_pt hi)
{
    return (a.x > b.x ? a.x : b.x) < lo.x || (a.x < b.x ? a.x : b.x) > hi.x || (a.y > b.y ? a.y : b.y) < lo.y ||
           (a.y < b.y ? a.y : b.y) > hi.y;
}

int wg__poly_poly(const wg_pt *a, size_t na, const wg_pt *b, size_t nb)
{
    if (na && nb && bbox_gap(a, na, b, nb) > 0)
        return 0; /* boxes apart: so are the polygons */
    int touch = 0;
    for (size_t i = 0, j = na - 1; i < na; j = i++)
        for (size_t k = 0, l = nb - 1; k < nb; l = k++) {
            int r = wg__seg_seg(a[j], a[i], b[l], b[k]);
            if (r == 2)
                return 2;
            if (r)
                touch = 1;
        }
    for (size_t i = 0; i < na; i++) {
        int r = wg__pt_poly(a[i], b, nb);
        if (r == 1)
            return 2;
        if (r == 0)
            touch = 1;
    }
    for (size_t i = 0; i < nb; i++) {
        int r = wg__pt_poly(b[i], a, na);
        if (r == 1)
            return 2;
        if (r == 0)
            touch = 1;
    }
    if (!touch)
        return 0;
    for (size_t i = 0, j = na - 1; i < na; j = i++)
        if (wg__seg_poly_interior(a[j], a[i], b, nb))
            return 2;
    for (size_t i = 0, j = nb - 1; i < nb; j = i++)
        if (wg__seg_poly_interior(b[j], b[i], a, na))
            return 2;
    /* the boundaries meet but enter neither interior: the interiors overlap only when the two
       polygons are the same region */
    int64_t x3, y3;
    if (area2(b, nb) != 0 && interior_point3(&x3, &y3, a, na) && pip_scaled(x3, y3, b, nb, 3) == 1)
        return 2;
    return 1;
}

/* ---------------------------------------------------------------- distances */

static int64_t seg_param(wg_pt p, wg_pt a, wg_pt b, int64_t *len2, int64_t *cr)
{
    int64_t ex = (int64_t)b.x - a.x, ey = (int64_t)b.y - a.y;
    int64_t px = (int64_t)p.x - a.x, py = (int64_t)p.y - a.y;
    *len2 = ex * ex + ey * ey;
    *cr = ex * py - ey * px;
    return ex * px + ey * py;
}

int wg__dist_pt_seg_cmp(wg_pt p, wg_pt a, wg_pt b, int64_t r)
{
    int64_t len2, cr;
    int64_t t = seg_param(p, a, b, &len2, &cr);
    int64_t r2 = r * r;
    if (len2 == 0 || t <= 0)
        return sgn64(wg__dist2(p, a) - r2);
    if (t >= len2)
        return sgn64(wg__dist2(p, b) - r2);
    return wg__w_cmp(wg__w_mul(cr, cr), wg__w_mul(r2, len2));
}

/* floor(|cr| / sqrt(len2)), len2 > 0: the largest q with q^2 len2 <= cr^2. */
static int64_t floor_ratio(int64_t cr, int64_t len2)
{
    if (cr < 0)
        cr = -cr;
    wg_wide c2 = wg__w_mul(cr, cr);
    int64_t lo = 0, hi = (int64_t)1 << 27;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo + 1) / 2;
        if (wg__w_cmp(wg__w_mul(mid * mid, len2), c2) <= 0)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

int64_t wg__dist_pt_seg_floor(wg_pt p, wg_pt a, wg_pt b)
{
    int64_t len2, cr;
    int64_t t = seg_param(p, a, b, &len2, &cr);
    if (len2 == 0 || t <= 0)
        return (int64_t)wg__isqrt64((uint64_t)wg__dist2(p, a));
    if (t >= len2)
        return (int64_t)wg__isqrt64((uint64_t)wg__dist2(p, b));
    return floor_ratio(cr, len2);
}

int wg__poly_within(const wg_pt *a, size_t na, const wg_pt *b, size_t nb, int64_t r)
{
    if (na && nb && bbox_gap(a, na, b, nb) > r)
        return 0; /* the boxes are farther apart than r: so are the polygons */
    if (wg__poly_poly(a, na, b, nb))
        return 1;
    for (size_t i = 0; i < na; i++)
        for (size_t k = 0, l = nb - 1; k < nb; l = k++)
            if (wg__dist_pt_seg_cmp(a[i], b[l], b[k], r) <= 0)
                return 1;
    for (size_t i = 0; i < nb; i++)
        for (size_t k = 0, l = na - 1; k < na; l = k++)
            if (wg__dist_pt_seg_cmp(b[i], a[l], a[k], r) <= 0)
                return 1;
    return 0;
}

/* The floor of the distance from p to the segment ab when it is below best, else best: the gap
   between p and the segment's box is a whole lower bound of the distance (so of its floor), and a
   segment that cannot do better is not measured. */
static int64_t pt_seg_floor_below(wg_pt p, wg_pt a, wg_pt b, int64_t best)
{
    wg_pt s[2] = {a, b};
    if (bbox_gap(&p, 1, s, 2) >= best)
        return best;
    int64_t d = wg__dist_pt_seg_floor(p, a, b);
    return d < best ? d : best;
}

int64_t wg__poly_dist_floor(const wg_pt *a, size_t na, const wg_pt *b, size_t nb)
{
    if (wg__poly_poly(a, na, b, nb))
        return 0;
    int64_t best = INT64_MAX;
    for (size_t i = 0; i < na; i++)
        for (size_t k = 0, l = nb - 1; k < nb; l = k++)
            best = pt_seg_floor_below(a[i], b[l], b[k], best);
    for (size_t i = 0; i < nb; i++)
        for (size_t k = 0, l = na - 1; k < na; l = k++)
            best = pt_seg_floor_below(b[i], a[l], a[k], best);
    return best;
}

int wg__seg_poly_within(wg_pt a, wg_pt b, const wg_pt *poly, size_t n, int64_t r)
{
    if (wg__seg_poly_meets(a, b, poly, n))
        return 1;
    for (size_t k = 0, l = n - 1; k < n; l = k++)
        if (wg__dist_pt_seg_cmp(a, poly[l], poly[k], r) <= 0 || wg__dist_pt_seg_cmp(b, poly[l], poly[k], r) <= 0)
            return 1;
    for (size_t i = 0; i < n; i++)
        if (wg__dist_pt_seg_cmp(poly[i], a, b, r) <= 0)
            return 1;
    return 0;
}

int64_t wg__seg_poly_dist_floor(wg_pt a, wg_pt b, const wg_pt *poly, size_t n)
{
    if (wg__seg_poly_meets(a, b, poly, n))
        return 0;
    int64_t best = INT64_MAX;
    for (size_t k = 0, l = n - 1; k < n; l = k++) {
        int64_t d = wg__dist_pt_seg_floor(a, poly[l], poly[k]);
        int64_t e = wg__dist_pt_seg_floor(b, poly[l], poly[k]);
        if (d < best)
            best = d;
        if (e < best)
            best = e;
    }
    for (size_t i = 0; i < n; i++) {
        int64_t d = wg__dist_pt_seg_floor(poly[i], a, b);
        if (d < best)
            best = d;
    }
    return best;
}

/* ---------------------------------------------------------------- arcs */

int wg__in_arc(wg_pt o, wg_pt f, int arc, int tp, int tq, wg_pt p)
{
    int64_t vx = (int64_t)p.x - o.x, vy = (int64_t)p.y - o.y;
    if (vx == 0 && vy == 0)
        return 1;
    int64_t dot = (int64_t)f.x * vx + (int64_t)f.y * vy;
    int64_t cr = (int64_t)f.x * vy - (int64_t)f.y * vx;
    int64_t acr = cr < 0 ? -cr : cr;
    switch (arc) {
    case WG__ARC_90:
        return dot >= 0;
    case WG__ARC_45:
        return acr <= dot;
    case WG__ARC_TAN:
        return dot > 0 && (int64_t)tq * acr <= (int64_t)tp * dot;
    case WG__ARC_225:
        /* tan 22.5 = sqrt 2 - 1:  |cr| <= (sqrt 2 - 1) dot  <=>  cr^2 + 2 dot |cr| <= dot^2 */
        if (dot <= 0)
            return 0;
        return wg__w_cmp(wg__w_add(wg__w_mul(acr, acr), wg__w_mul(2 * dot, acr)), wg__w_mul(dot, dot)) <= 0;
    default:
        return 0;
    }
}

/* Does segment ab meet the ray from o along f? */
static int ray_meets_seg(wg_pt o, wg_pt f, wg_pt a, wg_pt b)
{
    int64_t ax = (int64_t)a.x - o.x, ay = (int64_t)a.y - o.y, bx = (int64_t)b.x - o.x, by = (int64_t)b.y - o.y;
    int64_t sa = (int64_t)f.x * ay - (int64_t)f.y * ax, sb = (int64_t)f.x * by - (int64_t)f.y * bx;
    if ((sa > 0 && sb > 0) || (sa < 0 && sb < 0))
        return 0;
    int64_t da = (int64_t)f.x * ax + (int64_t)f.y * ay, db = (int64_t)f.x * bx + (int64_t)f.y * by;
    if (sa == 0 && sb == 0)
        return da >= 0 || db >= 0;
    int64_t den = sa - sb;
    wg_wide num = wg__w_add(wg__w_mul(da, den), wg__w_mul(sa, db - da));
    int s = wg__w_cmp(num, wg__w_of(0));
    return den > 0 ? s >= 0 : s <= 0;
}

int wg__poly_in_arc(wg_pt o, wg_pt f, int arc, int tp, int tq, const wg_pt *poly, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (wg__in_arc(o, f, arc, tp, tq, poly[i]))
            return 1;
    if (n >= 3 && wg__pt_poly(o, poly, n) >= 0)
        return 1;
    if (arc == WG__ARC_90)
        return 0; /* a half-plane: a segment meets it only through an end */
    if (arc == WG__ARC_TAN && tp == 0) {
        for (size_t i = 0, j = n - 1; i < n; j = i++)
            if (ray_meets_seg(o, f, poly[j], poly[i]))
                return 1;
        return 0;
    }
    /* An arc narrower than a half-plane is convex: an edge that enters it without an end inside
       crosses both of its sides, and so its axis. */
    for (size_t i = 0, j = n - 1; i < n; j = i++)
        if (ray_meets_seg(o, f, poly[j], poly[i]))
            return 1;
    return 0;
}

/* ---------------------------------------------------------------- bases */

static int64_t round_div(int64_t n, int64_t d)
{
    return n >= 0 ? (n + d / 2) / d : -((-n + d / 2) / d);
}

int wg__base_quad(wg_quad *out, wg_pt c, wg_pt f, int32_t w, int32_t d)
{
    if ((f.x == 0 && f.y == 0) || !wg__geom_pts_ok(&c, 1) || !wg__geom_pts_ok(&f, 1) || w < 0 || d < 0 ||
        w > WG__GEOM_MAX_SIZE || d > WG__GEOM_MAX_SIZE)
        return -1;
    int64_t fx = f.x, fy = f.y;
    int64_t m = (fx < 0 ? -fx : fx) > (fy < 0 ? -fy : fy) ? (fx < 0 ? -fx : fx) : (fy < 0 ? -fy : fy);
    int64_t k = WG__GEOM_MAX / m;
    fx *= k;
    fy *= k;
    int64_t len = (int64_t)wg__isqrt64((uint64_t)(fx * fx + fy * fy));
    /* right-hand perpendicular of the facing, scaled to half the width; the facing scaled to the depth */
    int64_t hx = round_div(fy * w, 2 * len), hy = round_div(-fx * w, 2 * len);
    int64_t dx = round_div(fx * d, len), dy = round_div(fy * d, len);
    int64_t px[4] = {c.x - hx, c.x + hx, c.x + hx - dx, c.x - hx - dx};
    int64_t py[4] = {c.y - hy, c.y + hy, c.y + hy - dy, c.y - hy - dy};
    for (int i = 0; i < 4; i++) {
        if (px[i] < -WG__GEOM_MAX || px[i] > WG__GEOM_MAX || py[i] < -WG__GEOM_MAX || py[i] > WG__GEOM_MAX)
            return -1;
    }
    for (int i = 0; i < 4; i++) {
        out->p[i].x = (int32_t)px[i];
        out->p[i].y = (int32_t)py[i];
    }
    return 0;
}

int wg__base_at(wg_quad *out, const wg_quad *origin, wg_pt c)
{
    if (!wg__geom_pts_ok(&c, 1))
        return -1;
    wg_quad r;
    for (int i = 0; i < 4; i++) {
        int64_t x = (int64_t)c.x + origin->p[i].x, y = (int64_t)c.y + origin->p[i].y;
        if (x < -WG__GEOM_MAX || x > WG__GEOM_MAX || y < -WG__GEOM_MAX || y > WG__GEOM_MAX)
            return -1;
        r.p[i].x = (int32_t)x;
        r.p[i].y = (int32_t)y;
    }
    *out = r;
    return 0;
}

int wg__face_toward(const wg_quad *q, const wg_pt *b, size_t nb)
{
    int64_t dist[4];
    int64_t best = INT64_MAX;
    for (int i = 0; i < 4; i++) {
        dist[i] = wg__seg_poly_dist_floor(q->p[i], q->p[(i + 1) % 4], b, nb);
        if (dist[i] < best)
            best = dist[i];
    }
    /* the vertex centroid of b, rounded to the unit */
    int64_t sx = 0, sy = 0;
    for (size_t i = 0; i < nb; i++) {
        sx += b[i].x;
        sy += b[i].y;
    }
    wg_pt g = {(int32_t)round_div(sx, (int64_t)nb), (int32_t)round_div(sy, (int64_t)nb)};
    /* outward is the side away from the base's centre */
    int64_t cx = 0, cy = 0;
    for (int i = 0; i < 4; i++) {
        cx += q->p[i].x;
        cy += q->p[i].y;
    }
    wg_pt qc = {(int32_t)round_div(cx, 4), (int32_t)round_div(cy, 4)};
    int face = -1;
    int64_t far = INT64_MIN;
    for (int i = 0; i < 4; i++) {
        if (dist[i] != best)
            continue;
        wg_pt u = q->p[i], v = q->p[(i + 1) % 4];
        int64_t len2 = wg__dist2(u, v);
        int64_t out = 0;
        if (len2 > 0) {
            int64_t cr = cross3(u, v, g);
            int inward = sgn64(cross3(u, v, qc));
            int64_t mag = floor_ratio(cr, len2);
            out = (sgn64(cr) == -inward || inward == 0) ? mag : -mag;
        }
        if (face < 0 || out > far) {
            face = i;
            far = out;
        }
    }
    return face;
}

/* ---------------------------------------------------------------- angles */

/* atan(2^-i) in units of 2^-32 radian */
static const int64_t atan_q32[33] = {
    INT64_C(3373259426), INT64_C(1991351318), INT64_C(1052175346), INT64_C(534100635), INT64_C(268086748),
    INT64_C(134174063),  INT64_C(67103403),   INT64_C(33553749),   INT64_C(16777131),  INT64_C(8388597),
    INT64_C(4194303),    INT64_C(2097152),    INT64_C(1048576),    INT64_C(524288),    INT64_C(262144),
    INT64_C(131072),     INT64_C(65536),      INT64_C(32768),      INT64_C(16384),     INT64_C(8192),
    INT64_C(4096),       INT64_C(2048),       INT64_C(1024),       INT64_C(512),       INT64_C(256),
    INT64_C(128),        INT64_C(64),         INT64_C(32),         INT64_C(16),        INT64_C(8),
    INT64_C(4),          INT64_C(2),          INT64_C(1)};

int64_t wg__angle_q32(wg_pt f, wg_pt g)
{
    int64_t x = (int64_t)f.x * g.x + (int64_t)f.y * g.y;
    int64_t y = (int64_t)f.x * g.y - (int64_t)f.y * g.x;
    if (y < 0)
        y = -y;
    if (x == 0 && y == 0)
        return 0;
    int64_t z = 0;
    if (x < 0) { /* turn by a right angle: (x, y) -> (y, -x), both now >= 0 */
        int64_t t = x;
        x = y;
        y = -t;
        z = WG__ANGLE_PI / 2;
    }
    /* |x|, |y| < 2^50 by the coordinate bounds; bring them to about 2^40 so that the growth of the
       iterations (a factor below 1.65) stays far inside int64 */
    while (x >= (INT64_C(1) << 41) || y >= (INT64_C(1) << 41)) {
        x /= 2;
        y /= 2;
    }
    /* and small ones up, for precision */
    while (x < (INT64_C(1) << 39) && y < (INT64_C(1) << 39)) {
        x *= 2;
        y *= 2;
    }
    for (int i = 0; i < 33; i++) {
        int64_t d = INT64_C(1) << i;
        int64_t xs = x / d, ys = y / d;
        if (y > 0) {
            x += ys;
            y -= xs;
            z += atan_q32[i];
        } else if (y < 0) {
            x -= ys;
            y += xs;
            z -= atan_q32[i];
        }
    }
    return z < 0 ? 0 : z > WG__ANGLE_PI ? WG__ANGLE_PI : z;
}

/* ---------------------------------------------------------------- hull */

static int pt_less(wg_pt a, wg_pt b) { return a.x < b.x || (a.x == b.x && a.y < b.y); }

size_t wg__hull(wg_pt *out, const wg_pt *pts, size_t n)
{
    wg_pt s[32];
    if (n > 32)
        n = 32;
    memcpy(s, pts, n * sizeof *s);
    for (size_t i = 1; i < n; i++) { /* insertion sort: n is small */
        wg_pt v = s[i];
        size_t j = i;
        while (j > 0 && pt_less(v, s[j - 1])) {
            s[j] = s[j - 1];
            j--;
        }
        s[j] = v;
    }
    size_t m = 0;
    for (size_t i = 0; i < n; i++) /* drop duplicates */
        if (m == 0 || !pt_eq(s[m - 1], s[i]))
            s[m++] = s[i];
    n = m;
    if (n <= 2) {
        memcpy(out, s, n * sizeof *s);
        return n;
    }
    wg_pt h[64];
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        while (k >= 2 && cross3(h[k - 2], h[k - 1], s[i]) <= 0)
            k--;
        h[k++] = s[i];
    }
    for (size_t i = n - 1, t = k + 1; i-- > 0;) {
        while (k >= t && cross3(h[k - 2], h[k - 1], s[i]) <= 0)
            k--;
        h[k++] = s[i];
    }
    k--; /* the first point is repeated last */
    memcpy(out, h, k * sizeof *h);
    return k;
}

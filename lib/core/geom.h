/* Exact integer geometry on a continuous table (lib/core/geom.c).  Knows no ruleset.

   Coordinates are int32 in hundredths of a millimetre of table (WG_TABLE_UNIT), bounded by
   |c| <= WG__GEOM_MAX = 2^24.  Differences of coordinates then fit 26 bits, products of two
   differences 52 bits, so every orientation, dot and cross product is an exact int64; the few
   predicates that multiply such products (squared distances against squared distances, the
   22.5-degree arc) use the 128-bit type below.  No floating point: every result is the same on
   every machine.

   Conventions: x along the table's width, y along its depth, counter-clockwise positive.  A
   facing is any non-zero integer vector (components within +-WG__GEOM_MAX); it need not be of
   unit length.  A base (a rectangle standing for a figure base or a unit's footprint) is given by
   the centre of its front edge, its facing, its front width and its depth; its corners, in the
   order front-left, front-right, rear-right, rear-left, are computed with deterministic integer
   rounding, and every predicate then works exactly on those integer corners. */
#ifndef WG_GEOM_H
#define WG_GEOM_H

#include <stddef.h>
#include <stdint.h>

#define WG__GEOM_MAX (1 << 24)      /* bound of every coordinate and facing component */
#define WG__GEOM_MAX_SIZE (1 << 22) /* bound of a base's front width and depth */

/* ---- the 128-bit integer: the compiler's where it has one, two 64-bit halves otherwise ---- */

#if defined(__SIZEOF_INT128__) && !defined(WG_GEOM_NO_INT128)
__extension__ typedef __int128 wg_wide;
#define WG_WIDE_NATIVE 1
static inline wg_wide wg__w_mul(int64_t a, int64_t b) { return (wg_wide)a * b; }
static inline wg_wide wg__w_add(wg_wide a, wg_wide b) { return a + b; }
static inline wg_wide wg__w_sub(wg_wide a, wg_wide b) { return a - b; }
static inline int wg__w_cmp(wg_wide a, wg_wide b) { return (a > b) - (a < b); }
static inline wg_wide wg__w_of(int64_t a) { return (wg_wide)a; }
#else
typedef struct wg_wide {
    uint64_t hi, lo; /* two's complement */
} wg_wide;
#define WG_WIDE_NATIVE 0
wg_wide wg__w_mul(int64_t a, int64_t b);
wg_wide wg__w_add(wg_wide a, wg_wide b);
wg_wide wg__w_sub(wg_wide a, wg_wide b);
int wg__w_cmp(wg_wide a, wg_wide b);
wg_wide wg__w_of(int64_t a);
#endif

/* ---- points, polygons, bases ---- */

typedef struct wg_pt {
    int32_t x, y;
} wg_pt;

/* The four corners of a base: front-left, front-right, rear-right, rear-left (clockwise seen from
   above when the facing points up the table). */
typedef struct wg_quad {
    wg_pt p[4];
} wg_quad;

/* Faces of a base, in the order of its edges p[i]..p[i+1]. */
enum { WG__FACE_FRONT = 0, WG__FACE_RIGHT = 1, WG__FACE_REAR = 2, WG__FACE_LEFT = 3 };

/* Arcs about a facing (half-angles, boundary included).  WG__ARC_TAN takes tan = p/q. */
enum { WG__ARC_225 = 1, WG__ARC_45 = 2, WG__ARC_90 = 3, WG__ARC_TAN = 4 };

/* Whether every coordinate of the points is within +-WG__GEOM_MAX. */
int wg__geom_pts_ok(const wg_pt *p, size_t n);

/* floor(sqrt(v)) for v >= 0. */
uint64_t wg__isqrt64(uint64_t v);

/* Orientation of c against the directed line a->b: 1 left (counter-clockwise), -1 right, 0 on it. */
int wg__orient(wg_pt a, wg_pt b, wg_pt c);

/* Squared distance between two points (exact, < 2^51). */
int64_t wg__dist2(wg_pt a, wg_pt b);

/* Segments ab and cd: 0 disjoint, 1 touching (an endpoint on the other, or collinear overlap),
   2 crossing at one point inside both.  Zero-length segments are points. */
int wg__seg_seg(wg_pt a, wg_pt b, wg_pt c, wg_pt d);

/* Point against a simple polygon of n >= 3 vertices (either orientation): 1 strictly inside,
   0 on its boundary, -1 outside. */
int wg__pt_poly(wg_pt p, const wg_pt *poly, size_t n);

/* Does segment ab pass through the interior of the simple polygon (running along its boundary or
   touching a vertex does not count)?  A zero-length segment: is the point strictly inside? */
int wg__seg_poly_interior(wg_pt a, wg_pt b, const wg_pt *poly, size_t n);

/* Does segment ab meet the closed polygon (boundary included)? */
int wg__seg_poly_meets(wg_pt a, wg_pt b, const wg_pt *poly, size_t n);

/* Segment ab against a polyline of n >= 2 points: the highest wg__seg_seg result over its pieces. */
int wg__seg_polyline(wg_pt a, wg_pt b, const wg_pt *line, size_t n);

/* Are segment ab and the box lo..hi (a feature's bounding box) apart?  Then the segment meets
   nothing inside the box. */
int wg__seg_box_apart(wg_pt a, wg_pt b, wg_pt lo, wg_pt hi);

/* Do two closed simple polygons share a point?  2 when their interiors overlap, 1 when they only
   touch, 0 when they are apart. */
int wg__poly_poly(const wg_pt *a, size_t na, const wg_pt *b, size_t nb);

/* sign(distance(p, segment ab) - r) for r >= 0, exact (r up to 2^26). */
int wg__dist_pt_seg_cmp(wg_pt p, wg_pt a, wg_pt b, int64_t r);

/* floor(distance(p, segment ab)). */
int64_t wg__dist_pt_seg_floor(wg_pt p, wg_pt a, wg_pt b);

/* Minimum distance between two closed polygons (0 when they meet): whether it is <= r (exact),
   and its floor. */
int wg__poly_within(const wg_pt *a, size_t na, const wg_pt *b, size_t nb, int64_t r);
int64_t wg__poly_dist_floor(const wg_pt *a, size_t na, const wg_pt *b, size_t nb);

/* Minimum distance between segment ab and a closed polygon: <= r (exact) and its floor. */
int wg__seg_poly_within(wg_pt a, wg_pt b, const wg_pt *poly, size_t n, int64_t r);
int64_t wg__seg_poly_dist_floor(wg_pt a, wg_pt b, const wg_pt *poly, size_t n);

/* Is point p within the arc of the given kind about facing f from apex o (the apex itself is)?
   tp/tq: tan of the half-angle for WG__ARC_TAN (0 <= tp, 0 < tq, both <= 2^10). */
int wg__in_arc(wg_pt o, wg_pt f, int arc, int tp, int tq, wg_pt p);

/* Does any point of the closed polygon lie within the arc? */
int wg__poly_in_arc(wg_pt o, wg_pt f, int arc, int tp, int tq, const wg_pt *poly, size_t n);

/* The corners of a base: front-edge centre c, facing f (non-zero), front width w, depth d
   (0 <= w, d <= WG__GEOM_MAX_SIZE).  Returns 0, or -1 when a corner would leave +-WG__GEOM_MAX or an
   argument is outside its domain. */
int wg__base_quad(wg_quad *out, wg_pt c, wg_pt f, int32_t w, int32_t d);
/* A base about (0, 0) (wg__base_quad with c = (0, 0)) put at front-edge centre c: its corners are
   offsets from the centre that depend only on the facing and the size, so this is wg__base_quad(c)
   corner for corner, and -1 exactly where that is. */
int wg__base_at(wg_quad *out, const wg_quad *origin, wg_pt c);

/* The face of base q nearest to polygon b (WG__FACE_*); ties go to the face whose outward side holds
   b's vertex centroid farthest, then to the lower face number. */
int wg__face_toward(const wg_quad *q, const wg_pt *b, size_t nb);

/* The angle between two non-zero vectors, in [0, pi], in units of 2^-32 radian (pi is 13493037705):
   a deterministic integer CORDIC of 33 steps, within 2^-29 radian of the true angle, the same on every
   machine.  Used where a rule measures along an arc (a wheel's outer figure); 0 for a zero vector. */
#define WG__ANGLE_PI INT64_C(13493037705)
int64_t wg__angle_q32(wg_pt f, wg_pt g);

/* Convex hull of n points (n <= cap of out), counter-clockwise, collinear points dropped.  Returns
   the number of hull vertices (1 or 2 for degenerate sets). */
size_t wg__hull(wg_pt *out, const wg_pt *pts, size_t n);

#endif

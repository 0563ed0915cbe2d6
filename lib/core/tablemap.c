/* Tables: continuous maps of areas, lines and places, and the public exact-geometry calls.
   The geometry itself is lib/core/geom.c; this file checks arguments and walks the features. */
#include "internal.h"

#include <limits.h>
#include <string.h>

_Static_assert(WG_GEOM_MAX == WG__GEOM_MAX, "the public and internal coordinate bounds agree");
_Static_assert(WG_TABLE_MAX_SIZE < WG__GEOM_MAX, "a table fits the coordinate bound");

#define EB(m) _Generic((m), wg_map *: (m)->err, default: (char *)NULL)
#define MERR(map, st, ...) wg__seterr(EB(map), (st), __VA_ARGS__)
#define LEVEL_MIN (-100)
#define LEVEL_MAX 100
#define RANGE_MAX ((int32_t)1 << 26)

/* ---------------------------------------------------------------- life cycle */

void wg__map_table_free(wg_map *m)
{
    wg_ctx *ctx = m->ctx;
    if (m->areas) {
        for (int i = 0; i < m->nspace; i++)
            wg__free(ctx, m->areas[i].pts, m->areas[i].n * sizeof(wg_pt));
        wg__free(ctx, m->areas, m->capspace * sizeof *m->areas);
    }
    for (int i = 0; i < m->nline; i++) {
        wg__free(ctx, m->lines[i].pts, m->lines[i].n * sizeof(wg_pt));
        wg__strfree(ctx, m->lines[i].name);
    }
    wg__free(ctx, m->lines, m->capline * sizeof *m->lines);
    for (int i = 0; i < m->nplace; i++)
        wg__strfree(ctx, m->places[i].name);
    wg__free(ctx, m->places, m->capplace * sizeof *m->places);
    m->areas = NULL;
    m->lines = NULL;
    m->places = NULL;
}

int wg_map_new_table(wg_map **out, wg_ctx *ctx, int32_t width, int32_t depth)
{
    if (out)
        *out = NULL;
    if (!ctx)
        return WG_EINVAL;
    if (!out)
        return wg__ctx_err(ctx, WG_EINVAL, "wg_map_new_table: out is NULL");
    if (width < 1 || width > WG_TABLE_MAX_SIZE || depth < 1 || depth > WG_TABLE_MAX_SIZE)
        return wg__ctx_err(ctx, WG_ERANGE, "wg_map_new_table: a table of %ld x %ld is out of range (1..%d each way)",
                           (long)width, (long)depth, WG_TABLE_MAX_SIZE);
    wg_map *m = wg__map_alloc(ctx, WG_MAP_TABLE);
    if (!m)
        return wg__ctx_err(ctx, WG_ENOMEM, "wg_map_new_table: out of memory");
    m->width = width;
    m->depth = depth;
    *out = m;
    return WG_OK;
}

#define NULLOUT(m, fn, p)                                                                                        \
    do {                                                                                                         \
        if (!(p))                                                                                                \
            return MERR((m), WG_EINVAL, "%s: %s is NULL", (fn), #p);                                             \
    } while (0)

static int table_args(char *eb, const wg_map *m, const char *fn)
{
    return wg__map_check_kind(eb, m, fn, WG_MAP_TABLE);
}

int wg_map_table_size(int32_t *width, int32_t *depth, const wg_map *map)
{
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, "wg_map_table_size", width);
    NULLOUT(map, "wg_map_table_size", depth);
    int rc = table_args(EB(map), map, "wg_map_table_size");
    if (rc != WG_OK)
        return rc;
    *width = map->width;
    *depth = map->depth;
    return WG_OK;
}

/* ---------------------------------------------------------------- shapes */

/* Reads nxy values as points: an even count of 2*min..2*WG_GEOM_MAX_POINTS, each coordinate
   within +-WG_GEOM_MAX (or on the table when m is given). */
static int read_points(char *eb, const char *fn, wg_pt *out, const int32_t *xy, size_t nxy, size_t min,
                       const wg_map *m)
{
    if (!xy)
        return wg__seterr(eb, WG_EINVAL, "%s: xy is NULL", fn);
    if (nxy % 2)
        return wg__seterr(eb, WG_EINVAL, "%s: %zu values are not x, y pairs (an even count)", fn, nxy);
    size_t n = nxy / 2;
    if (n < min || n > WG_GEOM_MAX_POINTS)
        return wg__seterr(eb, WG_ERANGE, "%s: %zu points (%zu..%d)", fn, n, min, WG_GEOM_MAX_POINTS);
    for (size_t i = 0; i < n; i++) {
        int32_t x = xy[2 * i], y = xy[2 * i + 1];
        if (m) {
            if (x < 0 || x > m->width || y < 0 || y > m->depth)
                return wg__seterr(eb, WG_ERANGE, "%s: point %zu (%ld, %ld) is off the %ld x %ld table", fn, i,
                                  (long)x, (long)y, (long)m->width, (long)m->depth);
        } else if (x < -WG_GEOM_MAX || x > WG_GEOM_MAX || y < -WG_GEOM_MAX || y > WG_GEOM_MAX) {
            return wg__seterr(eb, WG_ERANGE, "%s: point %zu (%ld, %ld) is beyond +-%d", fn, i, (long)x, (long)y,
                              WG_GEOM_MAX);
        }
        out[i].x = x;
        out[i].y = y;
    }
    return WG_OK;
}

/* Whether the closed polyline (or the open one, closed = 0) is simple: no zero-length piece, no
   two pieces meeting except consecutive ones at their shared point. */
static int check_simple(char *eb, const char *fn, const wg_pt *p, size_t n, int closed)
{
    size_t ne = closed ? n : n - 1;
    for (size_t i = 0; i < ne; i++) {
        wg_pt a = p[i], b = p[(i + 1) % n];
        if (a.x == b.x && a.y == b.y)
            return wg__seterr(eb, WG_EINVAL, "%s: edge %zu has no length (points %zu and %zu are the same)", fn, i,
                              i, (i + 1) % n);
    }
    for (size_t i = 0; i < ne; i++)
        for (size_t j = i + 1; j < ne; j++) {
            wg_pt a = p[i], b = p[(i + 1) % n], c = p[j], d = p[(j + 1) % n];
            int adjacent = j == i + 1 || (closed && i == 0 && j == ne - 1);
            int r = wg__seg_seg(a, b, c, d);
            if (!adjacent && r)
                return wg__seterr(eb, WG_EINVAL, "%s: edges %zu and %zu meet (the outline crosses itself)", fn, i, j);
            if (adjacent) {
                /* consecutive edges share one point; folding back over each other is not simple */
                wg_pt s = j == i + 1 ? b : a;               /* the shared point */
                wg_pt u = j == i + 1 ? a : b, v = j == i + 1 ? d : c; /* the far ends */
                if (ne > 2 && wg__orient(u, s, v) == 0 &&
                    (((int64_t)u.x - s.x) * ((int64_t)v.x - s.x) + ((int64_t)u.y - s.y) * ((int64_t)v.y - s.y)) > 0)
                    return wg__seterr(eb, WG_EINVAL, "%s: edges %zu and %zu fold back over each other", fn, i, j);
            }
        }
    if (closed) {
        int64_t s = 0;
        for (size_t i = 0, j = n - 1; i < n; j = i++)
            s += (int64_t)p[j].x * p[i].y - (int64_t)p[i].x * p[j].y;
        if (s == 0)
            return wg__seterr(eb, WG_EINVAL, "%s: the polygon has no area", fn);
    }
    return WG_OK;
}

static void bbox(wg_pt *lo, wg_pt *hi, const wg_pt *p, size_t n)
{
    *lo = *hi = p[0];
    for (size_t i = 1; i < n; i++) {
        if (p[i].x < lo->x)
            lo->x = p[i].x;
        if (p[i].y < lo->y)
            lo->y = p[i].y;
        if (p[i].x > hi->x)
            hi->x = p[i].x;
        if (p[i].y > hi->y)
            hi->y = p[i].y;
    }
}

static int box_apart(wg_pt alo, wg_pt ahi, wg_pt blo, wg_pt bhi)
{
    return ahi.x < blo.x || bhi.x < alo.x || ahi.y < blo.y || bhi.y < alo.y;
}

static int check_level(char *eb, const char *fn, int level)
{
    if (level < LEVEL_MIN || level > LEVEL_MAX)
        return wg__seterr(eb, WG_ERANGE, "%s: level %d is out of range (%d..%d)", fn, level, LEVEL_MIN, LEVEL_MAX);
    return WG_OK;
}

/* The checks an added area or line shares: a table, a declared code of vocabulary v, a level, room
   for one more of the `count` there are. */
static int feature_args(wg_map *map, const char *fn, int v, int code, const char *what, int level, int count)
{
    int rc = table_args(map->err, map, fn);
    if (rc != WG_OK)
        return rc;
    if (code < 0 || code >= map->vocab[v].count)
        return MERR(map, WG_EINVAL, "%s: %s %d is not declared (%d are)", fn, what, code, map->vocab[v].count);
    if ((rc = check_level(map->err, fn, level)) != WG_OK)
        return rc;
    if (count == INT_MAX)
        return MERR(map, WG_EOVERFLOW, "%s: too many %ss", fn, what);
    return WG_OK;
}

/* ---------------------------------------------------------------- areas */

int wg_map_area_add(int *out, wg_map *map, int terrain, int level, const int32_t *xy, size_t nxy)
{
    static const char fn[] = "wg_map_area_add";
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, fn, out);
    int rc = feature_args(map, fn, WG__MAP_TERRAIN, terrain, "terrain", level, map->nspace);
    if (rc != WG_OK)
        return rc;
    wg_pt tmp[WG_GEOM_MAX_POINTS];
    if ((rc = read_points(map->err, fn, tmp, xy, nxy, 3, map)) != WG_OK ||
        (rc = check_simple(map->err, fn, tmp, nxy / 2, 1)) != WG_OK)
        return rc;
    size_t n = nxy / 2;
    wg_pt *pts = wg__alloc(map->ctx, n * sizeof *pts);
    if (!pts)
        return MERR(map, WG_ENOMEM, "%s: out of memory", fn);
    if ((size_t)map->nspace == map->capspace) {
        size_t ncap = map->capspace ? map->capspace * 2 : 8;
        void **arrs[4] = {(void **)&map->terrain, (void **)&map->flags, (void **)&map->names, (void **)&map->areas};
        size_t elem[4] = {sizeof(int), sizeof(uint32_t), sizeof(char *), sizeof(wg__map_area_t)};
        if (wg__map_grow_parallel(map->ctx, arrs, elem, 4, map->capspace, ncap) != WG_OK) {
            wg__free(map->ctx, pts, n * sizeof *pts);
            return MERR(map, WG_ENOMEM, "%s: out of memory", fn);
        }
        map->capspace = ncap;
    }
    memcpy(pts, tmp, n * sizeof *pts);
    int s = map->nspace++;
    map->terrain[s] = terrain;
    map->flags[s] = 0;
    map->names[s] = NULL;
    wg__map_area_t *a = &map->areas[s];
    a->pts = pts;
    a->n = n;
    a->level = level;
    bbox(&a->lo, &a->hi, pts, n);
    *out = s;
    return WG_OK;
}

static int area_args(char *eb, const wg_map *m, const char *fn, int space)
{
    int rc = table_args(eb, m, fn);
    if (rc == WG_OK)
        rc = wg__map_check_space(eb, m, fn, space);
    return rc;
}

int wg_map_area_level(int *out, const wg_map *map, int space)
{
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, "wg_map_area_level", out);
    int rc = area_args(EB(map), map, "wg_map_area_level", space);
    if (rc != WG_OK)
        return rc;
    *out = map->areas[space].level;
    return WG_OK;
}

static int points_out(int32_t *xy, size_t cap, size_t *count, const wg_pt *p, size_t n)
{
    *count = 2 * n;
    if (cap < 2 * n)
        return WG_EBUFSIZE;
    for (size_t i = 0; i < n; i++) {
        xy[2 * i] = p[i].x;
        xy[2 * i + 1] = p[i].y;
    }
    return WG_OK;
}

int wg_map_area_points(int32_t *xy, size_t cap, size_t *count, const wg_map *map, int space)
{
    static const char fn[] = "wg_map_area_points";
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, fn, count);
    if (!xy && cap)
        return MERR(map, WG_EINVAL, "%s: xy is NULL with cap %zu", fn, cap);
    int rc = area_args(EB(map), map, fn, space);
    if (rc != WG_OK)
        return rc;
    return points_out(xy, cap, count, map->areas[space].pts, map->areas[space].n);
}

/* ---------------------------------------------------------------- lines */

int wg_map_line_add(int *out, wg_map *map, int type, int level, const char *name, const int32_t *xy, size_t nxy)
{
    static const char fn[] = "wg_map_line_add";
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, fn, out);
    int rc = feature_args(map, fn, WG__MAP_LINETYPE, type, "line type", level, map->nline);
    if (rc != WG_OK)
        return rc;
    wg_pt tmp[WG_GEOM_MAX_POINTS];
    if ((rc = read_points(map->err, fn, tmp, xy, nxy, 2, map)) != WG_OK)
        return rc;
    size_t n = nxy / 2;
    for (size_t i = 1; i < n; i++)
        if (tmp[i].x == tmp[i - 1].x && tmp[i].y == tmp[i - 1].y)
            return MERR(map, WG_EINVAL, "%s: piece %zu has no length (points %zu and %zu are the same)", fn, i - 1,
                        i - 1, i);
    char *copy = NULL;
    if (name && name[0] && !(copy = wg__strdup(map->ctx, name)))
        return MERR(map, WG_ENOMEM, "%s: out of memory", fn);
    wg_pt *pts = wg__alloc(map->ctx, n * sizeof *pts);
    void *arr = map->lines;
    size_t cap = map->capline;
    if (!pts || wg__grow(map->ctx, &arr, &cap, (size_t)map->nline + 1, sizeof(wg__map_line_t)) != WG_OK) {
        wg__free(map->ctx, pts, n * sizeof *pts);
        wg__strfree(map->ctx, copy);
        return MERR(map, WG_ENOMEM, "%s: out of memory", fn);
    }
    map->lines = arr;
    map->capline = cap;
    memcpy(pts, tmp, n * sizeof *pts);
    wg__map_line_t *l = &map->lines[map->nline];
    l->pts = pts;
    l->n = n;
    l->type = type;
    l->level = level;
    l->name = copy;
    bbox(&l->lo, &l->hi, pts, n);
    *out = map->nline++;
    return WG_OK;
}

int wg_map_line_count(int *out, const wg_map *map)
{
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, "wg_map_line_count", out);
    int rc = table_args(EB(map), map, "wg_map_line_count");
    if (rc != WG_OK)
        return rc;
    *out = map->nline;
    return WG_OK;
}

static int line_args(char *eb, const wg_map *m, const char *fn, int line)
{
    int rc = table_args(eb, m, fn);
    if (rc == WG_OK && (line < 0 || line >= m->nline))
        rc = wg__seterr(eb, WG_ERANGE, "%s: line %d is out of range (the table has %d)", fn, line, m->nline);
    return rc;
}

int wg_map_line_info(int *type, int *level, const wg_map *map, int line)
{
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, "wg_map_line_info", type);
    NULLOUT(map, "wg_map_line_info", level);
    int rc = line_args(EB(map), map, "wg_map_line_info", line);
    if (rc != WG_OK)
        return rc;
    *type = map->lines[line].type;
    *level = map->lines[line].level;
    return WG_OK;
}

int wg_map_line_name(const char **out, const wg_map *map, int line)
{
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, "wg_map_line_name", out);
    int rc = line_args(EB(map), map, "wg_map_line_name", line);
    if (rc != WG_OK)
        return rc;
    *out = map->lines[line].name ? map->lines[line].name : "";
    return WG_OK;
}

int wg_map_line_points(int32_t *xy, size_t cap, size_t *count, const wg_map *map, int line)
{
    static const char fn[] = "wg_map_line_points";
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, fn, count);
    if (!xy && cap)
        return MERR(map, WG_EINVAL, "%s: xy is NULL with cap %zu", fn, cap);
    int rc = line_args(EB(map), map, fn, line);
    if (rc != WG_OK)
        return rc;
    return points_out(xy, cap, count, map->lines[line].pts, map->lines[line].n);
}

/* ---------------------------------------------------------------- places */

static int place_find(const wg_map *m, const char *name)
{
    for (int i = 0; i < m->nplace; i++)
        if (strcmp(m->places[i].name, name) == 0)
            return i;
    return -1;
}

int wg_map_place_add(int *out, wg_map *map, const char *name, int32_t x, int32_t y)
{
    static const char fn[] = "wg_map_place_add";
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, fn, out);
    NULLOUT(map, fn, name);
    int rc = table_args(map->err, map, fn);
    if (rc != WG_OK)
        return rc;
    if (!name[0])
        return MERR(map, WG_EINVAL, "%s: a place needs a name", fn);
    if (place_find(map, name) >= 0)
        return MERR(map, WG_EINVAL, "%s: place '%.60s' exists already", fn, name);
    if (x < 0 || x > map->width || y < 0 || y > map->depth)
        return MERR(map, WG_ERANGE, "%s: (%ld, %ld) is off the %ld x %ld table", fn, (long)x, (long)y,
                    (long)map->width, (long)map->depth);
    if (map->nplace == INT_MAX)
        return MERR(map, WG_EOVERFLOW, "%s: too many places", fn);
    char *copy = wg__strdup(map->ctx, name);
    void *arr = map->places;
    size_t cap = map->capplace;
    if (!copy || wg__grow(map->ctx, &arr, &cap, (size_t)map->nplace + 1, sizeof(wg__map_place_t)) != WG_OK) {
        wg__strfree(map->ctx, copy);
        return MERR(map, WG_ENOMEM, "%s: out of memory", fn);
    }
    map->places = arr;
    map->capplace = cap;
    map->places[map->nplace].name = copy;
    map->places[map->nplace].p.x = x;
    map->places[map->nplace].p.y = y;
    *out = map->nplace++;
    return WG_OK;
}

int wg_map_place_count(int *out, const wg_map *map)
{
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, "wg_map_place_count", out);
    int rc = table_args(EB(map), map, "wg_map_place_count");
    if (rc != WG_OK)
        return rc;
    *out = map->nplace;
    return WG_OK;
}

int wg_map_place(int32_t *x, int32_t *y, const char **name, const wg_map *map, int place)
{
    static const char fn[] = "wg_map_place";
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, fn, x);
    NULLOUT(map, fn, y);
    NULLOUT(map, fn, name);
    int rc = table_args(EB(map), map, fn);
    if (rc != WG_OK)
        return rc;
    if (place < 0 || place >= map->nplace)
        return MERR(map, WG_ERANGE, "%s: place %d is out of range (the table has %d)", fn, place, map->nplace);
    *x = map->places[place].p.x;
    *y = map->places[place].p.y;
    *name = map->places[place].name;
    return WG_OK;
}

int wg_map_place_find(int *out, const wg_map *map, const char *name)
{
    static const char fn[] = "wg_map_place_find";
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, fn, out);
    NULLOUT(map, fn, name);
    int rc = table_args(EB(map), map, fn);
    if (rc != WG_OK)
        return rc;
    int i = place_find(map, name);
    if (i < 0)
        return MERR(map, WG_ENOTFOUND, "%s: no place is named '%.60s'", fn, name);
    *out = i;
    return WG_OK;
}

/* ---------------------------------------------------------------- queries */

static int coord_ok(int32_t v) { return v >= -WG_GEOM_MAX && v <= WG_GEOM_MAX; }

static int query_args(char *eb, const wg_map *m, const char *fn, int32_t ax, int32_t ay, int32_t bx, int32_t by)
{
    int rc = table_args(eb, m, fn);
    if (rc != WG_OK)
        return rc;
    if (!coord_ok(ax) || !coord_ok(ay) || !coord_ok(bx) || !coord_ok(by))
        return wg__seterr(eb, WG_ERANGE, "%s: a coordinate is beyond +-%d", fn, WG_GEOM_MAX);
    return WG_OK;
}

int wg__map_table_area_at(const wg_map *m, wg_pt p)
{
    for (int i = m->nspace - 1; i >= 0; i--) {
        const wg__map_area_t *a = &m->areas[i];
        if (!box_apart(p, p, a->lo, a->hi) && wg__pt_poly(p, a->pts, a->n) >= 0)
            return i;
    }
    return -1;
}

int wg__map_table_level_at(const wg_map *m, wg_pt p)
{
    int level = 0, any = 0;
    for (int i = 0; i < m->nspace; i++) {
        const wg__map_area_t *a = &m->areas[i];
        if (!box_apart(p, p, a->lo, a->hi) && wg__pt_poly(p, a->pts, a->n) >= 0 && (!any || a->level > level)) {
            level = a->level;
            any = 1;
        }
    }
    return level;
}

int wg_map_table_area_at(int *out, const wg_map *map, int32_t x, int32_t y)
{
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, "wg_map_table_area_at", out);
    int rc = query_args(EB(map), map, "wg_map_table_area_at", x, y, x, y);
    if (rc != WG_OK)
        return rc;
    wg_pt p = {x, y};
    *out = wg__map_table_area_at(map, p);
    return WG_OK;
}

int wg_map_table_level_at(int *out, const wg_map *map, int32_t x, int32_t y)
{
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, "wg_map_table_level_at", out);
    int rc = query_args(EB(map), map, "wg_map_table_level_at", x, y, x, y);
    if (rc != WG_OK)
        return rc;
    wg_pt p = {x, y};
    *out = wg__map_table_level_at(map, p);
    return WG_OK;
}

static void seg_box(wg_pt *lo, wg_pt *hi, wg_pt a, wg_pt b)
{
    wg_pt p[2] = {a, b};
    bbox(lo, hi, p, 2);
}

/* Does the segment cross feature i (an area's interior, or a line)? */
static int area_crossed(const wg_map *m, int i, wg_pt a, wg_pt b, wg_pt lo, wg_pt hi)
{
    const wg__map_area_t *ar = &m->areas[i];
    return !box_apart(lo, hi, ar->lo, ar->hi) && wg__seg_poly_interior(a, b, ar->pts, ar->n);
}

static int line_crossed(const wg_map *m, int i, wg_pt a, wg_pt b, wg_pt lo, wg_pt hi)
{
    const wg__map_line_t *l = &m->lines[i];
    return !box_apart(lo, hi, l->lo, l->hi) && wg__seg_polyline(a, b, l->pts, l->n) != 0;
}

/* The features of 0..n-1 the segment crosses, in id order: the count first, then the ids when they fit. */
static int crossed(int *ids, size_t cap, size_t *count, const wg_map *map, const char *fn, const char *arr,
                   int32_t ax, int32_t ay, int32_t bx, int32_t by, int n,
                   int (*hit)(const wg_map *, int, wg_pt, wg_pt, wg_pt, wg_pt))
{
    if (!map)
        return WG_EINVAL;
    if (!count)
        return MERR(map, WG_EINVAL, "%s: count is NULL", fn);
    if (!ids && cap)
        return MERR(map, WG_EINVAL, "%s: %s is NULL with cap %zu", fn, arr, cap);
    int rc = query_args(EB(map), map, fn, ax, ay, bx, by);
    if (rc != WG_OK)
        return rc;
    wg_pt a = {ax, ay}, b = {bx, by}, lo, hi;
    seg_box(&lo, &hi, a, b);
    size_t k = 0;
    for (int i = 0; i < n; i++)
        k += hit(map, i, a, b, lo, hi) != 0;
    *count = k;
    if (k > cap)
        return WG_EBUFSIZE;
    k = 0;
    for (int i = 0; i < n; i++)
        if (hit(map, i, a, b, lo, hi))
            ids[k++] = i;
    return WG_OK;
}

int wg_map_table_areas_crossed(int *spaces, size_t cap, size_t *count, const wg_map *map, int32_t ax, int32_t ay,
                               int32_t bx, int32_t by)
{
    return crossed(spaces, cap, count, map, "wg_map_table_areas_crossed", "spaces", ax, ay, bx, by,
                   map ? map->nspace : 0, area_crossed);
}

int wg_map_table_lines_crossed(int *lines, size_t cap, size_t *count, const wg_map *map, int32_t ax, int32_t ay,
                               int32_t bx, int32_t by)
{
    return crossed(lines, cap, count, map, "wg_map_table_lines_crossed", "lines", ax, ay, bx, by,
                   map ? map->nline : 0, line_crossed);
}

/* Is p within r of the polyline? */
static int near_line(wg_pt p, const wg__map_line_t *l, int64_t r)
{
    for (size_t i = 1; i < l->n; i++)
        if (wg__dist_pt_seg_cmp(p, l->pts[i - 1], l->pts[i], r) <= 0)
            return 1;
    return 0;
}

int wg_map_table_los(int *visible, int *area, int *line, const wg_map *map, int32_t ax, int32_t ay, int32_t bx,
                     int32_t by, uint32_t block_flags, int crest_type, int32_t margin_a, int32_t margin_b)
{
    static const char fn[] = "wg_map_table_los";
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, fn, visible);
    int rc = query_args(EB(map), map, fn, ax, ay, bx, by);
    if (rc != WG_OK)
        return rc;
    if (margin_a < 0 || margin_b < 0)
        return MERR(map, WG_EINVAL, "%s: a margin is negative (%ld, %ld)", fn, (long)margin_a, (long)margin_b);
    if (crest_type < -1 || crest_type >= map->vocab[WG__MAP_LINETYPE].count)
        return MERR(map, WG_ERANGE, "%s: line type %d is not declared (-1 or 0..%d)", fn, crest_type,
                    map->vocab[WG__MAP_LINETYPE].count - 1);
    wg_pt a = {ax, ay}, b = {bx, by}, lo, hi;
    seg_box(&lo, &hi, a, b);
    int la = wg__map_table_level_at(map, a), lb = wg__map_table_level_at(map, b);
    int top = la > lb ? la : lb, low = la < lb ? la : lb;
    int barea = -1, bline = -1;
    for (int i = 0; i < map->nspace && barea < 0; i++) {
        const wg__map_area_t *ar = &map->areas[i];
        if (!(map->flags[i] & block_flags) || ar->level < top || box_apart(lo, hi, ar->lo, ar->hi))
            continue;
        if (wg__pt_poly(a, ar->pts, ar->n) >= 0 || wg__pt_poly(b, ar->pts, ar->n) >= 0)
            continue;
        if (wg__seg_poly_interior(a, b, ar->pts, ar->n))
            barea = i;
    }
    for (int i = 0; crest_type >= 0 && i < map->nline && bline < 0; i++) {
        const wg__map_line_t *l = &map->lines[i];
        if (l->type != crest_type || l->level <= low || box_apart(lo, hi, l->lo, l->hi))
            continue;
        if (!wg__seg_polyline(a, b, l->pts, l->n))
            continue;
        if (near_line(a, l, margin_a) || near_line(b, l, margin_b))
            continue;
        bline = i;
    }
    *visible = barea < 0 && bline < 0;
    if (area)
        *area = barea;
    if (line)
        *line = bline;
    return WG_OK;
}

/* ---------------------------------------------------------------- wg_geom_* */

typedef struct shape {
    wg_pt p[WG_GEOM_MAX_POINTS];
    size_t n;
} shape;

static int read_shape(wg_ctx *ctx, const char *fn, const char *what, shape *s, const int32_t *xy, size_t nxy)
{
    if (!xy)
        return wg__ctx_err(ctx, WG_EINVAL, "%s: %s is NULL", fn, what);
    if (nxy != 2 && nxy != 4 && (nxy < 6 || nxy % 2 || nxy > 2 * WG_GEOM_MAX_POINTS))
        return wg__ctx_err(ctx, WG_EINVAL,
                           "%s: %s has %zu values (2 for a point, 4 for a segment, an even 6..%d for a polygon)", fn,
                           what, nxy, 2 * WG_GEOM_MAX_POINTS);
    int rc = read_points(ctx->err, fn, s->p, xy, nxy, 1, NULL);
    if (rc != WG_OK)
        return rc;
    s->n = nxy / 2;
    if (s->n >= 3 && (rc = check_simple(ctx->err, fn, s->p, s->n, 1)) != WG_OK)
        return rc;
    return WG_OK;
}

static int64_t shape_dist(const shape *a, const shape *b)
{
    if (a->n >= 3 && b->n >= 3)
        return wg__poly_dist_floor(a->p, a->n, b->p, b->n);
    if (a->n >= 3)
        return wg__seg_poly_dist_floor(b->p[0], b->p[b->n - 1], a->p, a->n);
    if (b->n >= 3)
        return wg__seg_poly_dist_floor(a->p[0], a->p[a->n - 1], b->p, b->n);
    wg_pt a0 = a->p[0], a1 = a->p[a->n - 1], b0 = b->p[0], b1 = b->p[b->n - 1];
    if (wg__seg_seg(a0, a1, b0, b1))
        return 0;
    int64_t d[4] = {wg__dist_pt_seg_floor(a0, b0, b1), wg__dist_pt_seg_floor(a1, b0, b1),
                    wg__dist_pt_seg_floor(b0, a0, a1), wg__dist_pt_seg_floor(b1, a0, a1)};
    int64_t m = d[0];
    for (int i = 1; i < 4; i++)
        if (d[i] < m)
            m = d[i];
    return m;
}

static int shape_within(const shape *a, const shape *b, int64_t r)
{
    if (a->n >= 3 && b->n >= 3)
        return wg__poly_within(a->p, a->n, b->p, b->n, r);
    if (a->n >= 3)
        return wg__seg_poly_within(b->p[0], b->p[b->n - 1], a->p, a->n, r);
    if (b->n >= 3)
        return wg__seg_poly_within(a->p[0], a->p[a->n - 1], b->p, b->n, r);
    wg_pt a0 = a->p[0], a1 = a->p[a->n - 1], b0 = b->p[0], b1 = b->p[b->n - 1];
    return wg__seg_seg(a0, a1, b0, b1) || wg__dist_pt_seg_cmp(a0, b0, b1, r) <= 0 ||
           wg__dist_pt_seg_cmp(a1, b0, b1, r) <= 0 || wg__dist_pt_seg_cmp(b0, a0, a1, r) <= 0 ||
           wg__dist_pt_seg_cmp(b1, a0, a1, r) <= 0;
}

static int shape_overlap(const shape *a, const shape *b)
{
    if (a->n >= 3 && b->n >= 3)
        return wg__poly_poly(a->p, a->n, b->p, b->n);
    if (a->n < 3 && b->n < 3)
        return wg__seg_seg(a->p[0], a->p[a->n - 1], b->p[0], b->p[b->n - 1]) ? 1 : 0;
    const shape *poly = a->n >= 3 ? a : b, *s = a->n >= 3 ? b : a;
    wg_pt s0 = s->p[0], s1 = s->p[s->n - 1];
    if (wg__seg_poly_interior(s0, s1, poly->p, poly->n))
        return 2;
    return wg__seg_poly_meets(s0, s1, poly->p, poly->n) ? 1 : 0;
}

/* Two shapes for a wg_geom_* call: on the heap of none, two blocks of the stack. */
#define GEOM_ARGS(fn, out)                                                                                       \
    if (!ctx)                                                                                                    \
        return WG_EINVAL;                                                                                        \
    if (!(out))                                                                                                  \
        return wg__ctx_err(ctx, WG_EINVAL, "%s: out is NULL", fn);                                               \
    shape sa, sb;                                                                                                \
    int rc = read_shape(ctx, fn, "a", &sa, a, na);                                                               \
    if (rc == WG_OK)                                                                                             \
        rc = read_shape(ctx, fn, "b", &sb, b, nb);                                                               \
    if (rc != WG_OK)                                                                                             \
        return rc

int wg_geom_distance(int32_t *out, wg_ctx *ctx, const int32_t *a, size_t na, const int32_t *b, size_t nb)
{
    GEOM_ARGS("wg_geom_distance", out);
    *out = (int32_t)shape_dist(&sa, &sb); /* below 2^26 by the coordinate bound */
    return WG_OK;
}

int wg_geom_within(int *out, wg_ctx *ctx, const int32_t *a, size_t na, const int32_t *b, size_t nb, int32_t r)
{
    GEOM_ARGS("wg_geom_within", out);
    if (r < 0)
        return wg__ctx_err(ctx, WG_EINVAL, "wg_geom_within: r %ld is negative", (long)r);
    if (r > RANGE_MAX)
        return wg__ctx_err(ctx, WG_ERANGE, "wg_geom_within: r %ld is above %ld", (long)r, (long)RANGE_MAX);
    *out = shape_within(&sa, &sb, r);
    return WG_OK;
}

int wg_geom_overlap(int *out, wg_ctx *ctx, const int32_t *a, size_t na, const int32_t *b, size_t nb)
{
    GEOM_ARGS("wg_geom_overlap", out);
    *out = shape_overlap(&sa, &sb);
    return WG_OK;
}

int wg_geom_in_arc(int *out, wg_ctx *ctx, int32_t x, int32_t y, int32_t fx, int32_t fy, int half_angle,
                   const int32_t *b, size_t nb)
{
    static const char fn[] = "wg_geom_in_arc";
    if (!ctx)
        return WG_EINVAL;
    if (!out)
        return wg__ctx_err(ctx, WG_EINVAL, "%s: out is NULL", fn);
    int arc = half_angle == 225 ? WG__ARC_225 : half_angle == 450 ? WG__ARC_45 : half_angle == 900 ? WG__ARC_90 : 0;
    if (!arc)
        return wg__ctx_err(ctx, WG_EINVAL, "%s: half-angle %d is not 225, 450 or 900 (tenths of a degree)", fn,
                           half_angle);
    if (fx == 0 && fy == 0)
        return wg__ctx_err(ctx, WG_EINVAL, "%s: the facing (0, 0) has no direction", fn);
    if (!coord_ok(x) || !coord_ok(y) || !coord_ok(fx) || !coord_ok(fy))
        return wg__ctx_err(ctx, WG_ERANGE, "%s: the apex or the facing is beyond +-%d", fn, WG_GEOM_MAX);
    shape sb;
    int rc = read_shape(ctx, fn, "b", &sb, b, nb);
    if (rc != WG_OK)
        return rc;
    wg_pt o = {x, y}, f = {fx, fy};
    *out = wg__poly_in_arc(o, f, arc, 0, 1, sb.p, sb.n);
    return WG_OK;
}

int wg_geom_base_corners(int32_t *xy, size_t cap, size_t *count, wg_ctx *ctx, int32_t x, int32_t y, int32_t fx,
                         int32_t fy, int32_t front, int32_t depth)
{
    static const char fn[] = "wg_geom_base_corners";
    if (!ctx)
        return WG_EINVAL;
    if (!count)
        return wg__ctx_err(ctx, WG_EINVAL, "%s: count is NULL", fn);
    if (!xy && cap)
        return wg__ctx_err(ctx, WG_EINVAL, "%s: xy is NULL with cap %zu", fn, cap);
    if (fx == 0 && fy == 0)
        return wg__ctx_err(ctx, WG_EINVAL, "%s: the facing (0, 0) has no direction", fn);
    if (front < 0 || depth < 0)
        return wg__ctx_err(ctx, WG_EINVAL, "%s: a negative size (%ld x %ld)", fn, (long)front, (long)depth);
    if (!coord_ok(x) || !coord_ok(y) || !coord_ok(fx) || !coord_ok(fy))
        return wg__ctx_err(ctx, WG_ERANGE, "%s: the point or the facing is beyond +-%d", fn, WG_GEOM_MAX);
    if (front > WG__GEOM_MAX_SIZE || depth > WG__GEOM_MAX_SIZE)
        return wg__ctx_err(ctx, WG_ERANGE, "%s: a size of %ld x %ld is above %d", fn, (long)front, (long)depth,
                           WG__GEOM_MAX_SIZE);
    wg_quad q;
    wg_pt c = {x, y}, f = {fx, fy};
    if (wg__base_quad(&q, c, f, front, depth) != 0)
        return wg__ctx_err(ctx, WG_ERANGE, "%s: a corner of the base is beyond +-%d", fn, WG_GEOM_MAX);
    return points_out(xy, cap, count, q.p, 4) == WG_OK
               ? WG_OK
               : wg__ctx_err(ctx, WG_EBUFSIZE, "%s: 8 values do not fit in %zu", fn, cap);
}

int wg_geom_face(int *out, wg_ctx *ctx, const int32_t *base, size_t nbase, const int32_t *b, size_t nb)
{
    static const char fn[] = "wg_geom_face";
    if (!ctx)
        return WG_EINVAL;
    if (!out)
        return wg__ctx_err(ctx, WG_EINVAL, "%s: out is NULL", fn);
    if (!base || nbase != 8)
        return wg__ctx_err(ctx, WG_EINVAL, "%s: the base is not 8 values (its 4 corners)", fn);
    shape sq, sb;
    int rc = read_shape(ctx, fn, "base", &sq, base, nbase);
    if (rc == WG_OK)
        rc = read_shape(ctx, fn, "b", &sb, b, nb);
    if (rc != WG_OK)
        return rc;
    int o0 = wg__orient(sq.p[0], sq.p[1], sq.p[2]);
    for (int i = 1; i < 4; i++)
        if (wg__orient(sq.p[i], sq.p[(i + 1) % 4], sq.p[(i + 2) % 4]) != o0)
            return wg__ctx_err(ctx, WG_EINVAL, "%s: the base is not a convex quadrilateral", fn);
    wg_quad q;
    memcpy(q.p, sq.p, sizeof q.p);
    *out = wg__face_toward(&q, sb.p, sb.n);
    return WG_OK;
}

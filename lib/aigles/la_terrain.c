/* Les Aigles: terrain effects on movement. */
#include "la_terrain.h"

#include <stdio.h>
#include <string.h>

static const char *const la_arm_label[] = {"infantry", "cavalry", "irregular cavalry", "foot artillery",
                                           "horse artillery", "engineers", "generals", "generals"};

static int is_cav(int arm) { return arm == LA_CAVALRY || arm == LA_IRREGULAR_CAVALRY; }
static int is_art(int arm) { return arm == LA_FOOT_ARTILLERY || arm == LA_HORSE_ARTILLERY; }
static int is_foot(int arm) { return arm == LA_INFANTRY || arm == LA_ENGINEERS; }

/* The parameter (0..2^31) along ab where it crosses the line of edge pq: num / den scaled. */
static int64_t cross_t(wg_pt a, wg_pt b, wg_pt p, wg_pt q)
{
    int64_t dx = (int64_t)b.x - a.x, dy = (int64_t)b.y - a.y, ex = (int64_t)q.x - p.x, ey = (int64_t)q.y - p.y;
    int64_t den = dx * ey - dy * ex;
    int64_t num = ((int64_t)p.x - a.x) * ey - ((int64_t)p.y - a.y) * ex;
    if (den < 0) {
        den = -den;
        num = -num;
    }
    while (den >= (INT64_C(1) << 31)) {
        den /= 2;
        num /= 2;
    }
    if (den == 0)
        return -1;
    if (num < 0)
        num = 0;
    if (num > den)
        num = den;
    return (num << 31) / den;
}

/* The fraction of segment ab (in 2^-31) lying inside the simple polygon: the crossings sorted, each
   piece tested by its midpoint. */
static int64_t inside_fraction(wg_pt a, wg_pt b, const wg_pt *poly, size_t n)
{
    int64_t ts[66];
    int nt = 0;
    ts[nt++] = 0;
    for (size_t i = 0, j = n - 1; i < n && nt < 65; j = i++)
        if (wg__seg_seg(a, b, poly[j], poly[i]) == 2)
            ts[nt++] = cross_t(a, b, poly[j], poly[i]);
    ts[nt++] = INT64_C(1) << 31;
    for (int i = 1; i < nt; i++) /* insertion sort */
        for (int k = i; k > 0 && ts[k] < ts[k - 1]; k--) {
            int64_t t = ts[k];
            ts[k] = ts[k - 1];
            ts[k - 1] = t;
        }
    int64_t in = 0;
    for (int i = 1; i < nt; i++) {
        int64_t tm = (ts[i - 1] + ts[i]) / 2;
        wg_pt m = {(int32_t)(a.x + (((int64_t)b.x - a.x) * tm >> 31)), (int32_t)(a.y + (((int64_t)b.y - a.y) * tm >> 31))};
        if (ts[i] > ts[i - 1] && wg__pt_poly(m, poly, n) >= 0)
            in += ts[i] - ts[i - 1];
    }
    return in;
}

static int refuse(char *why, const char *what, const char *name, const char *rule)
{
    if (why)
        snprintf(why, WG_ERRMSG_CAP, "the move crosses %s%s%s%s (%s)", what, name && name[0] ? " '" : "",
                 name ? name : "", name && name[0] ? "'" : "", rule);
    return WG_EILLEGAL;
}

static int worse(int a, int b) { return a > b ? a : b; }

/* Whether a line of type `type` passes within `near` of the point p (a road: a bridge at the crossing;
   a ford: the crossing within the ford's marked limits). */
static int bridged(const wg_map *m, int type, wg_pt p, int64_t near)
{
    if (type < 0)
        return 0;
    for (int i = 0; i < m->nline; i++) {
        const wg__map_line_t *l = &m->lines[i];
        if (l->type != type)
            continue;
        if (l->n == 1 && wg__dist_pt_seg_cmp(p, l->pts[0], l->pts[0], near) <= 0)
            return 1;
        for (size_t k = 1; k < l->n; k++)
            if (wg__dist_pt_seg_cmp(p, l->pts[k - 1], l->pts[k], near) <= 0)
                return 1;
    }
    return 0;
}

static int line_type(const wg_map *map, const char *name)
{
    const wg_map_names *lv = &map->vocab[WG__MAP_LINETYPE];
    for (int t = 0; t < lv->count; t++)
        if (strcmp(lv->name[t], name) == 0)
            return t;
    return -1;
}

/* Where segment ab first meets the line (a, when it does not). */
static wg_pt meets(wg_pt a, wg_pt b, const wg__map_line_t *l)
{
    wg_pt at = a;
    for (size_t k = 1; k < l->n; k++)
        if (wg__seg_seg(a, b, l->pts[k - 1], l->pts[k])) {
            int64_t t = cross_t(a, b, l->pts[k - 1], l->pts[k]);
            if (t >= 0) {
                at.x = (int32_t)(a.x + (((int64_t)b.x - a.x) * t >> 31));
                at.y = (int32_t)(a.y + (((int64_t)b.y - a.y) * t >> 31));
            }
            break;
        }
    return at;
}

int la_crosses_water(const wg_map *map, wg_pt a, wg_pt b, int scale)
{
    if (!map || (a.x == b.x && a.y == b.y))
        return 0;
    const wg_map_names *lv = &map->vocab[WG__MAP_LINETYPE];
    int road = line_type(map, "road"), ford = line_type(map, "ford");
    int64_t near = (int64_t)(scale == LA_SCALE_15 ? 15 : 25) * WG_TABLE_UNIT;
    for (int i = 0; i < map->nline; i++) {
        const wg__map_line_t *l = &map->lines[i];
        const char *ln = l->type >= 0 && l->type < lv->count ? lv->name[l->type] : "";
        if ((strcmp(ln, "stream") != 0 && strcmp(ln, "river") != 0) || !wg__seg_polyline(a, b, l->pts, l->n))
            continue;
        wg_pt at = meets(a, b, l);
        if (bridged(map, road, at, near))
            continue;
        if (strcmp(ln, "stream") == 0 || bridged(map, ford, at, WG_TABLE_UNIT))
            return 1;
    }
    return 0;
}

int la_on_road(const wg_map *map, wg_pt a, wg_pt b, int scale)
{
    int road = map ? line_type(map, "road") : -1;
    if (road < 0)
        return 0;
    int64_t near = (int64_t)(scale == LA_SCALE_15 ? 15 : 25) * WG_TABLE_UNIT;
    wg_pt m = {(int32_t)(((int64_t)a.x + b.x) / 2), (int32_t)(((int64_t)a.y + b.y) / 2)};
    for (int i = 0; i < map->nline; i++) {
        const wg__map_line_t *l = &map->lines[i];
        if (l->type != road || l->n < 2)
            continue;
        int ok = 1;
        const wg_pt pts[3] = {a, m, b};
        for (int p = 0; p < 3 && ok; p++) {
            int hit = 0;
            for (size_t k = 1; k < l->n && !hit; k++)
                hit = wg__dist_pt_seg_cmp(pts[p], l->pts[k - 1], l->pts[k], near) <= 0;
            ok = hit;
        }
        if (ok)
            return 1;
    }
    return 0;
}

int la_road_narrow(const la_unit *u)
{
    int f = u->formation;
    if (is_foot(u->arm))
        return (f == LA_MARCH || f == LA_ATTACK || f == LA_DIVISION || f == LA_MASS) && u->front <= 3;
    if (is_cav(u->arm))
        return f != LA_LINE && f != LA_FORAGING && u->front <= 2;
    if (is_art(u->arm)) /* one section: the figures of a company */
        return f == LA_LIMBERED && u->ncomp > 0 && u->front <= u->comp[0].figures;
    return 0;
}

int la_path_cost(la_path *out, char *why, const wg_map *map, const la_unit *u, wg_pt a, wg_pt b, int32_t len,
                 int32_t allowance, int scale, const la_terrain_env *te)
{
    out->cost = len;
    out->cohesion = u->cohesion;
    out->stream = 0;
    if (!map || (a.x == b.x && a.y == b.y))
        return WG_OK;
    const wg_map_names *tv = &map->vocab[WG__MAP_TERRAIN], *lv = &map->vocab[WG__MAP_LINETYPE];
    int64_t extra = 0;
    /* for crossing terrain, a unit without formation (or in disorder) counts as in dispersed order
       (LA-FORM-27): cavalry as foraging, infantry as skirmishers */
    int loose = u->cohesion >= LA_WITHOUT_FORMATION;
    int dispersed = u->formation == LA_SKIRMISH || u->formation == LA_FORAGING || loose;
    for (int i = 0; i < map->nspace; i++) {
        const wg__map_area_t *ar = &map->areas[i];
        if (wg__seg_box_apart(a, b, ar->lo, ar->hi) || !wg__seg_poly_interior(a, b, ar->pts, ar->n))
            continue;
        int t = map->terrain[i];
        const char *tn = t >= 0 && t < tv->count ? tv->name[t] : "";
        const char *nm = map->names[i] ? map->names[i] : "";
        int k = 1; /* the speed divisor inside */
        const la_terrain_rule *rule = NULL;
        for (int r = 0; te && r < te->nrule; r++)
            if (strcmp(te->rule[r].name, tn) == 0)
                rule = &te->rule[r];
        if (rule) { /* the battle's own characteristics for this terrain (LA-TERRAIN-01) */
            if (!(rule->arms & (1u << u->arm))) {
                if (why)
                    snprintf(why, WG_ERRMSG_CAP, "the move crosses the %s%s%s%s (impassable to %s in this battle, LA-TERRAIN-01)",
                             tn, nm[0] ? " '" : "", nm, nm[0] ? "'" : "", la_arm_label[u->arm]);
                return WG_EILLEGAL;
            }
            k = rule->speed;
            out->cohesion = worse(out->cohesion, rule->cohesion);
        } else if (strcmp(tn, "marsh") == 0)
            return refuse(why, "the marsh", nm, "LA-TERRAIN-18");
        if (strcmp(tn, "wood") == 0) {
            if (is_art(u->arm))
                return refuse(why, "the wood", nm, "no artillery enters a wood, LA-TERRAIN-05");
            k = is_cav(u->arm) && !dispersed ? 4 : 2;
            if (!dispersed)
                out->cohesion = worse(out->cohesion, LA_WITHOUT_FORMATION); /* LA-TERRAIN-06 */
        } else if (strcmp(tn, "village") == 0 || strcmp(tn, "redoubt") == 0) {
            if (!is_foot(u->arm))
                return refuse(why, "the construction", nm, "only infantry enters a house or a redoubt, LA-TERRAIN-25");
            k = 2;
        } else if (strcmp(tn, "rocky") == 0) {
            if (!(is_foot(u->arm) && (u->formation == LA_SKIRMISH || loose))) {
                k = 2;
                out->cohesion = worse(out->cohesion, is_foot(u->arm) ? LA_DISORGANISED : LA_WITHOUT_FORMATION);
            }
        } else if (strcmp(tn, "field") == 0) {
            out->cohesion = worse(out->cohesion, LA_DISORGANISED); /* LA-TERRAIN-35 */
        } else if (strcmp(tn, "hill") == 0) {
            if (is_art(u->arm) && wg__map_table_level_at(map, b) > wg__map_table_level_at(map, a))
                k = 2; /* LA-TERRAIN-02: artillery halved uphill */
        }
        if (k > 1)
            extra += ((int64_t)len * inside_fraction(a, b, ar->pts, ar->n) >> 31) * (k - 1);
    }
    int road = line_type(map, "road"), ford = line_type(map, "ford");
    int64_t near = (int64_t)(scale == LA_SCALE_15 ? 15 : 25) * WG_TABLE_UNIT;
    int stream_half = 0;
    for (int i = 0; i < map->nline; i++) {
        const wg__map_line_t *l = &map->lines[i];
        if (wg__seg_box_apart(a, b, l->lo, l->hi) || !wg__seg_polyline(a, b, l->pts, l->n))
            continue;
        const char *ln = l->type >= 0 && l->type < lv->count ? lv->name[l->type] : "";
        const char *nm = l->name ? l->name : "";
        /* where the path meets it: a bridge within a base depth of the crossing, a ford within a pace */
        wg_pt at = meets(a, b, l);
        int bridge = road >= 0 && l->type != road && bridged(map, road, at, near);
        int is_river = strcmp(ln, "river") == 0;
        if (is_river || strcmp(ln, "stream") == 0) {
            if (bridge)
                continue;
            int at_ford = bridged(map, ford, at, WG_TABLE_UNIT);
            if (is_river && !at_ford)
                return refuse(why, "the river", nm, "only at a bridge or a ford, LA-TERRAIN-16");
            if (u->arm == LA_FOOT_ARTILLERY)
                return refuse(why, is_river ? "the ford of the river" : "the stream", nm,
                              "foot artillery crosses only on a bridge, LA-TERRAIN-13");
            if (u->arm == LA_HORSE_ARTILLERY && !at_ford)
                return refuse(why, "the stream", nm, "horse artillery crosses at a ford or a bridge, LA-ARTMOVE-06");
            /* LA-TERRAIN-13, -15: half speed, disorganised; horse artillery at half its movement at a
               ford (LA-ARTMOVE-06) */
            stream_half = 1;
            out->stream = 1;
            if (!is_art(u->arm))
                out->cohesion = worse(out->cohesion, LA_DISORGANISED);
            continue;
        }
        /* a demolished hedge or wall: nothing left, or a wall down to a hedge (LA-TERRAIN-21, -24) */
        int left = te && te->line_level && i < LA_MAX_LINE_LEVELS ? te->line_level[i] : -1;
        if (left == 0)
            continue;
        if (strcmp(ln, "wall") == 0 && left == 1)
            ln = "hedge";
        if (strcmp(ln, "hedge") == 0) {
            if (is_art(u->arm)) {
                stream_half = 1; /* artillery crosses a light obstacle at half speed */
            } else {
                extra += (scale == LA_SCALE_15 ? 15 : 20) * WG_TABLE_UNIT; /* LA-TERRAIN-19 */
                out->cohesion = worse(out->cohesion, is_cav(u->arm) ? LA_WITHOUT_FORMATION : LA_DISORGANISED);
            }
        } else if (strcmp(ln, "wall") == 0) {
            if (is_art(u->arm))
                return refuse(why, "the wall", nm, "no rule lets artillery cross a hard obstacle, LA-TERRAIN-23");
            if (u->formation == LA_SKIRMISH) {
                extra += (scale == LA_SCALE_15 ? 15 : 20) * WG_TABLE_UNIT;
            } else {
                extra += allowance / 2; /* LA-TERRAIN-23 */
                out->cohesion = worse(out->cohesion, is_cav(u->arm) ? LA_DISORDER : LA_WITHOUT_FORMATION);
            }
        }
    }
    int64_t cost = (int64_t)len + extra;
    if (stream_half)
        cost *= 2;
    out->cost = cost > INT32_MAX ? INT32_MAX : (int32_t)cost;
    return WG_OK;
}

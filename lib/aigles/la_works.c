/* Les Aigles: cover that batteries demolish and engineers rebuild (checklist LA-TERRAIN-21, -22, -24,
   -28, -29, LA-ARTFIRE-17).  The table's cover features are its hedges (light cover), walls (hard
   cover), villages and redoubts (constructions) and the other areas flagged light-cover or
   hard-cover (woods excepted).  Each stands at a level: a construction, hard cover, light cover,
   nothing.  A battery of 6 pounds or more (the calibre's `pounds=`) with a Fire marker may spend its
   fire on a feature within its maximum range: 15/10 paces (25/15 mm) per figure per turn; each side's
   length demolished takes the feature down one level (a line's side is its length, an area's its
   longest edge), and the demolition goes on past the first side (the deterioration).  An engineer
   unit with a Fire marker touching the feature (within a base depth) rebuilds at the same rate
   instead of firing.  A unit in a reduced construction keeps its morale bonus (T20 note 7). */
#include "aigles.h"
#include "la_terrain.h"

#include <stdio.h>
#include <string.h>

static int32_t rate(const wg_game *g) { return lg_paces(g, 15, 10); }

static int64_t seg_len(wg_pt a, wg_pt b) { return (int64_t)wg__isqrt64((uint64_t)wg__dist2(a, b)); }

void lg_works_setup(const wg_game *g, lg_rdata *rd)
{
    const wg_map *m = g->map;
    memset(rd->work_base, 0, sizeof rd->work_base);
    memset(rd->work_side, 0, sizeof rd->work_side);
    rd->nwork = 0;
    if (!m)
        return;
    const wg_map_names *tv = &m->vocab[WG__MAP_TERRAIN], *lv = &m->vocab[WG__MAP_LINETYPE];
    int n = m->nspace + m->nline;
    rd->nwork = n < LG_MAX_WORKS ? n : LG_MAX_WORKS;
    for (int k = 0; k < rd->nwork; k++) {
        int64_t side = 0;
        int base = LG_W_NONE;
        if (k < m->nspace) {
            const wg__map_area_t *ar = &m->areas[k];
            int t = m->terrain[k];
            const char *tn = t >= 0 && t < tv->count ? tv->name[t] : "";
            uint32_t fl = m->flags[k];
            if (strcmp(tn, "village") == 0 || strcmp(tn, "redoubt") == 0)
                base = LG_W_BUILT;
            else if (strcmp(tn, "wood") == 0)
                base = LG_W_NONE;
            else if (fl & rd->hard_flag)
                base = LG_W_HARD;
            else if (fl & rd->light_flag)
                base = LG_W_LIGHT;
            for (size_t i = 0, j = ar->n - 1; i < ar->n; j = i++) {
                int64_t l = seg_len(ar->pts[j], ar->pts[i]);
                if (l > side)
                    side = l;
            }
        } else {
            const wg__map_line_t *l = &m->lines[k - m->nspace];
            const char *ln = l->type >= 0 && l->type < lv->count ? lv->name[l->type] : "";
            if (strcmp(ln, "hedge") == 0)
                base = LG_W_LIGHT;
            else if (strcmp(ln, "wall") == 0)
                base = LG_W_HARD;
            for (size_t i = 1; i < l->n; i++)
                side += seg_len(l->pts[i - 1], l->pts[i]);
        }
        if (side <= 0)
            base = LG_W_NONE;
        rd->work_base[k] = (int8_t)base;
        rd->work_side[k] = side > INT32_MAX ? INT32_MAX : (int32_t)side;
    }
}

int lg_work_level(const wg_game *g, int k)
{
    const lg_rdata *rd = LG_RD(g);
    if (k < 0 || k >= rd->nwork || rd->work_base[k] == LG_W_NONE)
        return -1;
    int32_t done = LG_ST(g)->works[k], side = rd->work_side[k];
    int down = (int)(done / side);
    int lv = rd->work_base[k] - down;
    return lv < LG_W_NONE ? LG_W_NONE : lv;
}

int lg_area_cover(const wg_game *g, int area, uint32_t fl)
{
    const lg_rdata *rd = LG_RD(g);
    int cover = (fl & rd->hard_flag) ? LA_COVER_HARD : (fl & rd->light_flag) ? LA_COVER_LIGHT : LA_COVER_NONE;
    int lv = lg_work_level(g, lg_work_of_area(g, area));
    if (lv < 0 || lv == rd->work_base[area])
        return cover;
    int left = lv == LG_W_HARD ? LA_COVER_HARD : lv == LG_W_LIGHT ? LA_COVER_LIGHT : LA_COVER_NONE;
    if (cover == LA_COVER_NONE && rd->work_base[area] == LG_W_BUILT)
        return left; /* a construction without a cover flag protects by itself */
    return left < cover ? left : cover;
}

int lg_work_of_area(const wg_game *g, int area)
{
    return area >= 0 && area < LG_RD(g)->nwork && LG_RD(g)->work_base[area] != LG_W_NONE ? area : -1;
}

int lg_work_of_line(const wg_game *g, int line)
{
    return line >= 0 ? lg_work_of_area(g, g->map->nspace + line) : -1;
}

const char *lg_work_name(const wg_game *g, int k)
{
    const wg_map *m = g->map;
    const char *nm = NULL;
    if (k >= 0 && k < m->nspace)
        nm = m->names[k];
    else if (k >= m->nspace && k < m->nspace + m->nline)
        nm = m->lines[k - m->nspace].name;
    return nm ? nm : "";
}

/* The distance from the unit's front edge to the feature, within `r` (table units). */
static int within(const wg_game *g, int i, int k, int64_t r)
{
    const wg_map *m = g->map;
    la_unit u;
    wg_quad q;
    lg_unit_of(&u, g, i);
    if (lg_unit_footprint(&q, g, &u) != WG_OK)
        return 0;
    if (k < m->nspace)
        return wg__poly_within(q.p, 4, m->areas[k].pts, m->areas[k].n, r);
    const wg__map_line_t *l = &m->lines[k - m->nspace];
    for (size_t s = 1; s < l->n; s++)
        if (wg__seg_poly_within(l->pts[s - 1], l->pts[s], q.p, 4, r))
            return 1;
    return 0;
}

/* A battery of 6 pounds or more demolishes; an engineer unit rebuilds (0: neither). */
static int worker(const wg_game *g, int i, int64_t *reach)
{
    const lg_rdata *rd = LG_RD(g);
    la_unit u;
    lg_unit_of(&u, g, i);
    const la_type *ty = lg_type_of(g, i, 0);
    if (lg_is_art(u.arm) && u.formation == LA_IN_BATTERY && ty->calibre >= 0 &&
        rd->army.calibre[ty->calibre].pounds >= 6) {
        *reach = (int64_t)rd->army.calibre[ty->calibre].max.v[lg_scale_of(g)] * WG_TABLE_UNIT;
        return 1;
    }
    if (u.arm == LA_ENGINEERS) {
        *reach = lg_paces(g, 25, 15); /* in contact: within a base depth */
        return 2;
    }
    return 0;
}

int lg_work_targets(const wg_game *g, int i, int *out, int cap)
{
    const lg_rdata *rd = LG_RD(g);
    int64_t reach = 0;
    int w = worker(g, i, &reach), n = 0;
    if (!w || !g->map)
        return 0;
    for (int k = 0; k < rd->nwork && n < cap; k++) {
        if (rd->work_base[k] == LG_W_NONE)
            continue;
        int32_t done = LG_ST(g)->works[k];
        /* demolished down to nothing there is no more to do; nothing demolished, nothing to rebuild */
        if (w == 1 ? lg_work_level(g, k) == LG_W_NONE : done <= 0)
            continue;
        if (within(g, i, k, reach))
            out[n++] = k;
    }
    return n;
}

int lg_work_do(wg_game *g, int i, int k)
{
    lg_state *s = LG_ST(g);
    const lg_rdata *rd = LG_RD(g);
    int64_t reach = 0;
    int w = worker(g, i, &reach);
    int figs = lg_figures(&s->u[i]);
    int64_t amount = (int64_t)rate(g) * figs;
    int before = lg_work_level(g, k);
    int64_t done = s->works[k];
    int64_t top = (int64_t)rd->work_side[k] * rd->work_base[k];
    done = w == 1 ? done + amount : done - amount;
    if (done < 0)
        done = 0;
    if (done > top)
        done = top;
    s->works[k] = (int32_t)done;
    int li = k - g->map->nspace, now = lg_work_level(g, k);
    if (li >= 0 && li < LA_MAX_LINE_LEVELS)
        s->line_level[li] = (signed char)(now == rd->work_base[k] ? -1 : now);
    /* the rule of what the feature was built as: a construction's deterioration goes on under its own */
    const char *rule = w == 2                             ? "LA-TERRAIN-22"
                       : rd->work_base[k] == LG_W_BUILT   ? "LA-TERRAIN-29"
                       : rd->work_base[k] == LG_W_HARD    ? "LA-TERRAIN-24"
                                                          : "LA-TERRAIN-21";
    LG_EV(g, LG_E_WORK, rule, ~0u);
    e_->a[0] = i;
    e_->a[1] = k;
    e_->a[2] = w;
    e_->a[3] = (int32_t)(amount / WG_TABLE_UNIT);
    e_->a[4] = before;
    e_->a[5] = lg_work_level(g, k);
    e_->a[6] = rd->work_base[k];
    return WG_OK;
}

int lg_burn_targets(const wg_game *g, int i, int *out, int cap)
{
    const lg_rdata *rd = LG_RD(g);
    const la_type *ty = lg_type_of(g, i, 0);
    la_unit u;
    lg_unit_of(&u, g, i);
    if (!g->map || !lg_is_art(u.arm) || u.formation != LA_IN_BATTERY || !ty->howitzer || ty->calibre < 0)
        return 0;
    int64_t reach = (int64_t)rd->army.calibre[ty->calibre].max.v[lg_scale_of(g)] * WG_TABLE_UNIT;
    const wg_map_names *tv = &g->map->vocab[WG__MAP_TERRAIN];
    int n = 0;
    for (int k = 0; k < rd->nwork && k < g->map->nspace && n < cap; k++) {
        int t = g->map->terrain[k];
        if (t < 0 || t >= tv->count || strcmp(tv->name[t], "village") != 0 || LG_ST(g)->burning[k])
            continue;
        if (within(g, i, k, reach))
            out[n++] = k;
    }
    return n;
}

int lg_burn_die(wg_game *g, int i, int k, int die)
{
    lg_state *s = LG_ST(g);
    if (die == 6)
        s->burning[k] = s->period;
    LG_EV(g, LG_E_BURN, "LA-TERRAIN-30", ~0u);
    e_->a[0] = i;
    e_->a[1] = k;
    e_->a[2] = die;
    e_->a[3] = die == 6;
    return WG_OK;
}

int lg_burn_units(wg_game *g)
{
    lg_state *s = LG_ST(g);
    const lg_rdata *rd = LG_RD(g);
    for (int k = 0; k < rd->nwork && k < g->map->nspace; k++) {
        if (!s->burning[k] || s->burning[k] > s->period - 2)
            continue;
        for (int i = 0; i < s->nunit; i++) {
            if (!lg_active(s, i))
                continue;
            uint32_t fl = 0;
            if (lg_area_flags_at(g, lg_centre_of(g, i), &fl) != k)
                continue;
            lg_unit *x = &s->u[i];
            x->off = 2;
            int o = x->melee_with;
            if (o >= 0) {
                s->u[o].melee_with = -1;
                x->melee_with = -1;
            }
            {
                LG_EV(g, LG_E_BURN, "LA-TERRAIN-30", ~0u);
                e_->a[0] = -1;
                e_->a[1] = k;
                e_->a[2] = i;
            }
            {
                LG_EV(g, LG_E_LEFT, "LA-TERRAIN-30", ~0u);
                e_->a[0] = i;
                e_->a[1] = 2;
            }
        }
    }
    return WG_OK;
}

int lg_fortify_setup(const wg_game *g, lg_rdata *rd, char *err)
{
    const wg_map *m = g->map;
    memset(rd->fort, 0, sizeof rd->fort);
    int used[2] = {0, 0}, have[2] = {0, 0};
    for (int i = 0; i < rd->battle.nunit; i++) {
        const la_bunit *b = &rd->battle.unit[i];
        if (b->u.arm == LA_ENGINEERS)
            have[b->side] += b->u.ncomp;
    }
    for (int f = 0; f < rd->battle.nfortify; f++) {
        const char *name = rd->battle.fortify[f];
        int side = rd->battle.fortify_side[f], area = -1;
        for (int k = 0; m && k < m->nspace && k < LG_MAX_WORKS; k++)
            if (m->names[k] && strcmp(m->names[k], name) == 0)
                area = k;
        if (area < 0)
            return wg__seterr(err, WG_EDATA, "aigles battle: fortify: no area '%s' on the table", name);
        const wg_map_names *tv = &m->vocab[WG__MAP_TERRAIN];
        int t = m->terrain[area];
        int village = t >= 0 && t < tv->count && strcmp(tv->name[t], "village") == 0;
        int hard = !village && (m->flags[area] & rd->hard_flag) && !(t >= 0 && t < tv->count && strcmp(tv->name[t], "redoubt") == 0);
        if (!village && !hard)
            return wg__seterr(err, WG_EDATA, "aigles battle: fortify '%s': only a village or a zone of hard cover is "
                                             "converted (LA-UNIT-08)", name);
        if (rd->fort[area])
            return wg__seterr(err, WG_EDATA, "aigles battle: fortify '%s': converted twice", name);
        if (++used[side] > have[side])
            return wg__seterr(err, WG_EDATA, "aigles battle: fortify '%s': side '%s' has %d engineer compan%s, one a "
                                             "conversion (LA-UNIT-08)", name, rd->battle.side[side], have[side],
                              have[side] == 1 ? "y" : "ies");
        /* in the side's own deployment zone: the half of the table on its edge, the area's vertices' mean */
        const wg__map_area_t *ar = &m->areas[area];
        int64_t sy = 0;
        for (size_t k = 0; k < ar->n; k++)
            sy += ar->pts[k].y;
        int far = sy * 2 > (int64_t)ar->n * rd->depth;
        if (far != rd->edge[side])
            return wg__seterr(err, WG_EDATA, "aigles battle: fortify '%s': not in side '%s''s own half of the table, "
                                             "its deployment zone (LA-UNIT-08)", name, rd->battle.side[side]);
        rd->fort[area] = (int8_t)(village ? 1 : 2);
    }
    return WG_OK;
}

int lg_is_redoubt_area(const wg_game *g, int area)
{
    if (area < 0 || !g->map || area >= g->map->nspace)
        return 0;
    if (area < LG_MAX_WORKS && LG_RD(g)->fort[area] == 2)
        return 1;
    int terr = -1;
    const char *tn = NULL;
    wg_map_terrain(&terr, g->map, area);
    wg_map_terrain_name(&tn, g->map, terr);
    return tn && strcmp(tn, "redoubt") == 0;
}

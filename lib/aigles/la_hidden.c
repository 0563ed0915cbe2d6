/* Les Aigles: units the ground hides (§Woods, §Fields, §Rocky ground; LA-TERRAIN-07, LA-LOS-09):
   a unit in a wood, infantry in line in a field, skirmishing infantry on rocky ground is hidden from
   the other side until it fires, declares a charge, leaves that ground, or an enemy comes within
   20/15 paces of it.  A hidden unit is no piece, no target and no obstacle the other side knows of;
   its doings are its own side's events.  Also here: the woods' rules of fire and charge
   (LA-TERRAIN-08, -09, -12), the cover a target claims (LA-FIRE-04, LA-TERRAIN-20) and the option
   premeasure=no (LA-SCALE-07, LA-ARTFIRE-07). */
#include "aigles.h"

#include <string.h>

int lg_ground_at(const wg_game *g, wg_pt p, int *area)
{
    uint32_t fl = 0;
    int a = lg_area_flags_at(g, p, &fl);
    if (area)
        *area = a;
    if (a < 0)
        return LG_G_OPEN;
    int terr = -1;
    const char *tn = NULL;
    if (wg_map_terrain(&terr, g->map, a) != WG_OK || wg_map_terrain_name(&tn, g->map, terr) != WG_OK || !tn)
        return LG_G_OPEN;
    if (strcmp(tn, "wood") == 0)
        return LG_G_WOOD;
    if (strcmp(tn, "field") == 0)
        return LG_G_FIELD;
    if (strcmp(tn, "rocky") == 0)
        return LG_G_ROCKY;
    return LG_G_OPEN;
}

int lg_wood_of(const wg_game *g, int i)
{
    int a = -1;
    return lg_ground_at(g, lg_centre_of(g, i), &a) == LG_G_WOOD ? a : -1;
}

int32_t lg_edge_gap(const wg_game *g, int i, int area)
{
    la_unit u;
    lg_unit_of(&u, g, i);
    wg_quad q;
    if (area < 0 || area >= g->map->nspace || lg_unit_footprint(&q, g, &u) != WG_OK)
        return 0;
    const wg__map_area_t *ar = &g->map->areas[area];
    int64_t best = INT32_MAX;
    for (size_t k = 0; k < ar->n; k++) {
        int64_t d = wg__seg_poly_dist_floor(ar->pts[k], ar->pts[(k + 1) % ar->n], q.p, 4);
        if (d < best)
            best = d;
    }
    return (int32_t)best;
}

int lg_concealed(const wg_game *g, int i)
{
    const lg_state *s = LG_ST(g);
    if (!lg_active(s, i))
        return 0;
    int arm = lg_arm(g, i), f = s->u[i].formation;
    switch (lg_ground_at(g, lg_centre_of(g, i), NULL)) {
    case LG_G_WOOD: return 1;                                        /* §Woods */
    case LG_G_FIELD: return lg_is_foot(arm) && f == LA_LINE;         /* §Fields */
    case LG_G_ROCKY: return lg_is_foot(arm) && f == LA_SKIRMISH;     /* §Rocky ground */
    default: return 0;
    }
}

int lg_hidden_from(const wg_game *g, int i, int viewer)
{
    const lg_state *s = LG_ST(g);
    return viewer >= 0 && i >= 0 && i < s->nunit && s->u[i].hidden && lg_side(g, i) != viewer;
}

int lg_hidden_to(const wg_game *g, int i, int j)
{
    return lg_hidden_from(g, i, lg_side(g, j));
}

uint32_t lg_vis(const wg_game *g, int i)
{
    return LG_ST(g)->u[i].hidden ? 1u << lg_side(g, i) : ~0u;
}

/* The nearest active enemy of unit i within 20/15 paces, -1 for none. */
static int near_enemy(const wg_game *g, int i)
{
    const lg_state *s = LG_ST(g);
    int32_t r = lg_paces(g, 20, 15);
    for (int j = 0; j < s->nunit; j++)
        if (lg_active(s, j) && lg_side(g, j) != lg_side(g, i) && lg_gap(g, i, j) <= r)
            return j;
    return -1;
}

void lg_hide_setup(wg_game *g)
{
    lg_state *s = LG_ST(g);
    for (int i = 0; i < s->nunit; i++)
        s->u[i].hidden = (int8_t)(lg_concealed(g, i) && near_enemy(g, i) < 0);
}

int lg_reveal(wg_game *g, int i, int how, int by)
{
    lg_state *s = LG_ST(g);
    if (!s->u[i].hidden)
        return WG_OK;
    s->u[i].hidden = 0;
    static const char *const rule[4] = {"LA-FIRE-21", "LA-TERRAIN-07", "LA-LOS-09", "LA-LOS-09"};
    LG_EV(g, LG_E_DISCOVER, rule[how & 3], ~0u);
    e_->a[0] = i;
    e_->a[1] = how;
    e_->a[2] = by;
    e_->a[3] = s->u[i].x / WG_TABLE_UNIT;
    e_->a[4] = s->u[i].y / WG_TABLE_UNIT;
    /* the enemies that now see it within 150/100 paces test (occasion 7, LA-MORALE-07) */
    int32_t r = lg_paces(g, 150, 100);
    for (int j = 0; j < s->nunit; j++)
        if (lg_active(s, j) && lg_side(g, j) != lg_side(g, i) && lg_gap(g, i, j) <= r && lg_sees(g, j, i))
            lg_push_test(s, j, LG_OCC_SIGHT, 0, i);
    return WG_OK;
}

int lg_update_hidden(wg_game *g)
{
    lg_state *s = LG_ST(g);
    for (int i = 0; i < s->nunit; i++) {
        if (!s->u[i].hidden)
            continue;
        int rc = WG_OK;
        if (!lg_active(s, i))
            s->u[i].hidden = 0;
        else if (!lg_concealed(g, i))
            rc = lg_reveal(g, i, LG_DISC_LEFT, -1);
        else {
            int j = near_enemy(g, i);
            if (j >= 0)
                rc = lg_reveal(g, i, LG_DISC_NEAR, j);
        }
        if (rc != WG_OK)
            return rc;
    }
    return WG_OK;
}

int lg_wood_fire_ok(const wg_game *g, int i, int j, char *why)
{
    int wi = lg_wood_of(g, i), wj = lg_wood_of(g, j);
    int32_t e20 = lg_paces(g, 20, 15), e80 = lg_paces(g, 80, 55);
    if (wi >= 0) {
        int32_t d = lg_gap(g, i, j);
        if (d > e80)
            return wg__seterr(why, WG_EILLEGAL, "%s fires from a wood only within %ld paces (LA-TERRAIN-09)",
                              lg_name(g, i), (long)(e80 / WG_TABLE_UNIT));
        if (wj != wi && lg_edge_gap(g, i, wi) > e20)
            return wg__seterr(why, WG_EILLEGAL,
                              "%s stands more than %ld paces inside the wood: no target outside it (LA-TERRAIN-08)",
                              lg_name(g, i), (long)(e20 / WG_TABLE_UNIT));
    }
    if (wj >= 0 && wj != wi && lg_edge_gap(g, j, wj) > e20)
        return wg__seterr(why, WG_EILLEGAL,
                          "%s stands more than %ld paces inside the wood: no target from outside it (LA-TERRAIN-08)",
                          lg_name(g, j), (long)(e20 / WG_TABLE_UNIT));
    return WG_OK;
}

int lg_battery_crest_ok(const wg_game *g, int i, int j)
{
    const lg_rdata *rd = LG_RD(g);
    la_unit u;
    lg_unit_of(&u, g, i);
    if (!lg_is_art(u.arm) || rd->crest_type < 0)
        return 1;
    wg_pt a = u.ref, b = lg_centre_of(g, j);
    int low = wg__map_table_level_at(g->map, b);
    if (wg__map_table_level_at(g->map, a) <= low)
        return 1; /* not downhill */
    for (int k = 0; k < g->map->nline; k++) {
        const wg__map_line_t *l = &g->map->lines[k];
        if (l->type == rd->crest_type && l->level > low && wg__seg_polyline(a, b, l->pts, l->n))
            return 0;
    }
    return 1;
}

int lg_wood_charge_ok(const wg_game *g, int i)
{
    int w = lg_wood_of(g, i);
    return w < 0 || lg_edge_gap(g, i, w) <= lg_paces(g, 20, 15);
}

/* The cover of the ground at p: hard, light (a light-cover area, or a wood), none. */
static int cover_at(const wg_game *g, wg_pt p)
{
    uint32_t fl = 0;
    int area = lg_area_flags_at(g, p, &fl);
    int c = lg_area_cover(g, area, fl); /* what demolition left (LA-TERRAIN-21..29) */
    if (c == LA_COVER_NONE && lg_ground_at(g, p, NULL) == LG_G_WOOD)
        return LA_COVER_LIGHT;
    return c;
}

int lg_fire_cover(const wg_game *g, int firer, int target)
{
    la_unit t, f;
    lg_unit_of(&t, g, target);
    lg_unit_of(&f, g, firer);
    wg_quad q;
    int scale = lg_scale_of(g);
    if (lg_unit_footprint(&q, g, &t) != WG_OK)
        return LA_COVER_NONE;
    /* the ground: entirely in cover, or the exposed figures are fired at without it (LA-FIRE-04) */
    int cover = cover_at(g, lg_centre_of(g, target));
    for (int k = 0; k < 4 && cover > LA_COVER_NONE; k++) {
        int c = cover_at(g, q.p[k]);
        if (c < cover)
            cover = c;
    }
    /* an obstacle between them, within one base depth of the target (LA-TERRAIN-20) */
    int32_t bf = 0, bd = 0;
    if (la_base_size(&bf, &bd, g->tables, t.arm, t.formation, scale) != WG_OK)
        return cover;
    wg_pt a = f.ref, b = lg_centre_of(g, target);
    for (int k = 0; k < g->map->nline && cover < LA_COVER_HARD; k++) {
        const wg__map_line_t *l = &g->map->lines[k];
        const char *ln = NULL;
        if (wg_map_linetype_name(&ln, g->map, l->type) != WG_OK || !ln)
            continue;
        int c = strcmp(ln, "wall") == 0 ? LA_COVER_HARD : strcmp(ln, "hedge") == 0 ? LA_COVER_LIGHT : LA_COVER_NONE;
        if (c <= cover || !wg__seg_polyline(a, b, l->pts, l->n))
            continue;
        for (size_t s = 1; s < l->n; s++)
            if (wg__seg_poly_dist_floor(l->pts[s - 1], l->pts[s], q.p, 4) <= bd) {
                cover = c;
                break;
            }
    }
    return cover;
}

int lg_may_measure(const wg_game *g, int i)
{
    const lg_state *s = LG_ST(g);
    if (!LG_RD(g)->opt[LG_O_PREMEASURE])
        return 1;
    return s->stage == LG_S_FIREROLL && s->cur == i;
}

static int overlaps(const wg_game *g, const la_unit *u, int self, int *with, int known)
{
    const lg_state *s = LG_ST(g);
    wg_quad q, r;
    if (lg_unit_footprint(&q, g, u) != WG_OK)
        return 2;
    int best = 0;
    for (int i = 0; i < s->nunit; i++) {
        if (i == self || !lg_active(s, i) || (known && lg_hidden_to(g, i, self)))
            continue;
        if (lg_footprint_of(&r, g, i) != WG_OK)
            continue;
        int k = wg__poly_poly(q.p, 4, r.p, 4);
        if (k > best) {
            best = k;
            if (with)
                *with = i;
            if (k == 2)
                break;
        }
    }
    return best;
}

int lg_overlaps(const wg_game *g, const la_unit *u, int self, int *with)
{
    return overlaps(g, u, self, with, 0);
}

int lg_overlaps_known(const wg_game *g, const la_unit *u, int self, int *with)
{
    return overlaps(g, u, self, with, 1);
}

void lg_redraw_hidden(wg_game *g, int viewer, wg_pcg *rng)
{
    lg_state *s = LG_ST(g);
    const lg_rdata *rd = LG_RD(g);
    if (rd->width <= 0 || rd->depth <= 0)
        return;
    for (int i = 0; i < s->nunit; i++) {
        lg_unit *x = &s->u[i];
        if (!lg_hidden_from(g, i, viewer) || !lg_active(s, i))
            continue;
        int32_t ox = x->x, oy = x->y;
        int placed = 0;
        for (int tries = 0; tries < 512 && !placed; tries++) {
            x->x = (int32_t)wg__pcg_below(rng, (uint32_t)rd->width);
            x->y = (int32_t)wg__pcg_below(rng, (uint32_t)rd->depth);
            if (!lg_concealed(g, i) || near_enemy(g, i) >= 0)
                continue;
            la_unit u;
            lg_unit_of(&u, g, i);
            placed = lg_on_table(g, &u) && lg_overlaps(g, &u, i, NULL) == 0;
        }
        if (!placed) { /* nowhere else: where it stands */
            x->x = ox;
            x->y = oy;
        }
    }
}

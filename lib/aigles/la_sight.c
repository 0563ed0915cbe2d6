/* Les Aigles: sight, reach and fire arcs on the table. */
#include "la_sight.h"

static int is_cav(int arm) { return arm == LA_CAVALRY || arm == LA_IRREGULAR_CAVALRY; }
static int is_art(int arm) { return arm == LA_FOOT_ARTILLERY || arm == LA_HORSE_ARTILLERY; }

void la_front_init(la_front *fr, const la_unit *u, wg_table *const *tabs, int scale)
{
    fr->u = u;
    int32_t bf = 0, bd = 0;
    fr->rc = la_base_size(&bf, &bd, tabs, u->arm, u->formation, scale);
    if (fr->rc != WG_OK)
        return;
    int64_t w = (int64_t)u->front * bf;
    /* a base about (0, 0): wg__base_quad puts the corners at offsets from the centre that depend only
       on the facing and the size, so a figure's base is these offsets about its centre */
    wg_pt o = {0, 0};
    if (w > WG__GEOM_MAX_SIZE || wg__base_quad(&fr->all, u->ref, u->facing, (int32_t)w, 0) != 0 ||
        wg__base_quad(&fr->off, o, u->facing, bf, bd) != 0)
        fr->rc = WG_ERANGE;
}

int la_front_at(wg_quad *q, const la_front *fr, int i)
{
    const la_unit *u = fr->u;
    if (i < 0 || i >= u->front)
        return WG_ERANGE;
    if (fr->rc != WG_OK)
        return fr->rc;
    /* the figure's front centre lies (2i + 1) / (2 front) of the way along the front edge */
    const wg_quad *all = &fr->all;
    int64_t num = 2 * (int64_t)i + 1, den = 2 * (int64_t)u->front;
    wg_pt c = {(int32_t)(all->p[0].x + ((int64_t)all->p[1].x - all->p[0].x) * num / den),
               (int32_t)(all->p[0].y + ((int64_t)all->p[1].y - all->p[0].y) * num / den)};
    return wg__base_at(q, &fr->off, c) == 0 ? WG_OK : WG_ERANGE;
}

int la_front_figure(wg_quad *q, const la_unit *u, wg_table *const *tabs, int scale, int i)
{
    if (i < 0 || i >= u->front)
        return WG_ERANGE;
    la_front fr;
    la_front_init(&fr, u, tabs, scale);
    return la_front_at(q, &fr, i);
}

int la_unit_gap(int32_t *d, const la_unit *a, const la_unit *b, wg_table *const *tabs, int scale)
{
    wg_quad qa, qb;
    int rc = la_unit_footprint(&qa, a, tabs, scale);
    if (rc == WG_OK)
        rc = la_unit_footprint(&qb, b, tabs, scale);
    if (rc != WG_OK)
        return rc;
    *d = (int32_t)wg__poly_dist_floor(qa.p, 4, qb.p, 4);
    return WG_OK;
}

int la_unit_within(int *yes, const la_unit *a, const la_unit *b, int32_t r, wg_table *const *tabs, int scale)
{
    wg_quad qa, qb;
    int rc = la_unit_footprint(&qa, a, tabs, scale);
    if (rc == WG_OK)
        rc = la_unit_footprint(&qb, b, tabs, scale);
    if (rc != WG_OK)
        return rc;
    *yes = wg__poly_within(qa.p, 4, qb.p, 4, r);
    return WG_OK;
}

int la_fire_arc(const la_unit *u)
{
    int f = u->formation;
    return f == LA_SKIRMISH || f == LA_HOLLOW_SQUARE || f == LA_SOLID_SQUARE || f == LA_MASSED_SQUARE ? WG__ARC_45
                                                                                                       : WG__ARC_225;
}

int la_firing_figures(int *n, const la_unit *u, const la_unit *target, int32_t range, wg_table *const *tabs,
                      int scale)
{
    wg_quad t;
    int rc = la_unit_footprint(&t, target, tabs, scale);
    if (rc != WG_OK)
        return rc;
    return la_firing_figures_at(n, u, &t, range, tabs, scale);
}

int la_firing_figures_at(int *n, const la_unit *u, const wg_quad *target, int32_t range, wg_table *const *tabs,
                         int scale)
{
    wg_quad t = *target;
    int rc = WG_OK;
    int arc = la_fire_arc(u), count = 0;
    la_front fr;
    la_front_init(&fr, u, tabs, scale);
    for (int i = 0; i < u->front; i++) {
        wg_quad q;
        if ((rc = la_front_at(&q, &fr, i)) != WG_OK)
            return rc;
        wg_pt apex = {(int32_t)(((int64_t)q.p[0].x + q.p[1].x) / 2), (int32_t)(((int64_t)q.p[0].y + q.p[1].y) / 2)};
        if (wg__poly_in_arc(apex, u->facing, arc, 0, 1, t.p, 4) && wg__poly_within(q.p, 4, t.p, 4, range))
            count++;
    }
    *n = count;
    return WG_OK;
}

/* Does masker m hide target t from observer o (LA-LOS-04, LA-LOS-05)? */
static int masks(const la_unit *o, const la_unit *m, const la_unit *t)
{
    if (m->formation == LA_SKIRMISH || m->formation == LA_FORAGING)
        return 0; /* dispersed order never masks */
    if (is_cav(o->arm))
        return 0; /* cavalry sees over infantry and cavalry (and the rest does not stand higher) */
    if (is_cav(m->arm))
        return 1; /* cavalry masks whatever stands behind it */
    if (is_cav(t->arm))
        return 0; /* infantry never masks cavalry */
    /* an infantry line (or a battery in line) masks a unit in line, not one in column or square */
    int mline = m->formation == LA_LINE || m->formation == LA_IN_BATTERY || is_art(m->arm);
    int tline = t->formation == LA_LINE || t->formation == LA_IN_BATTERY || t->formation == LA_SKIRMISH ||
                t->formation == LA_FORAGING;
    return mline && tline;
}

static wg_pt mid(wg_pt a, wg_pt b)
{
    wg_pt r = {(int32_t)(((int64_t)a.x + b.x) / 2), (int32_t)(((int64_t)a.y + b.y) / 2)};
    return r;
}

static void box_of(wg_pt *lo, wg_pt *hi, const wg_quad *q)
{
    *lo = *hi = q->p[0];
    for (int i = 1; i < 4; i++) {
        if (q->p[i].x < lo->x)
            lo->x = q->p[i].x;
        if (q->p[i].y < lo->y)
            lo->y = q->p[i].y;
        if (q->p[i].x > hi->x)
            hi->x = q->p[i].x;
        if (q->p[i].y > hi->y)
            hi->y = q->p[i].y;
    }
}

#define LA_SIGHT_CACHE 256

int la_sees(int *yes, const la_field *f, const la_unit *obs, const la_unit *target, const la_unit *const *others,
            const wg_quad *fps, int nothers)
{
    wg_quad t, oq;
    int rc = la_unit_footprint(&t, target, f->tabs, f->scale);
    if (rc == WG_OK)
        rc = la_unit_footprint(&oq, obs, f->tabs, f->scale);
    if (rc != WG_OK)
        return rc;
    int32_t obf = 0, obd = 0, tbf = 0, tbd = 0;
    if ((rc = la_base_size(&obf, &obd, f->tabs, obs->arm, obs->formation, f->scale)) != WG_OK ||
        (rc = la_base_size(&tbf, &tbd, f->tabs, target->arm, target->formation, f->scale)) != WG_OK)
        return rc;
    wg_pt aims[5] = {t.p[0], t.p[1], t.p[2], t.p[3], mid(mid(t.p[0], t.p[1]), mid(t.p[2], t.p[3]))};
    /* the units that may mask, near the observer and the target: their footprints once */
    wg_pt lo, hi, tlo, thi;
    box_of(&lo, &hi, &oq);
    box_of(&tlo, &thi, &t);
    if (tlo.x < lo.x)
        lo.x = tlo.x;
    if (tlo.y < lo.y)
        lo.y = tlo.y;
    if (thi.x > hi.x)
        hi.x = thi.x;
    if (thi.y > hi.y)
        hi.y = thi.y;
    wg_quad mq[LA_SIGHT_CACHE];
    int nm = 0;
    int32_t r20 = (f->scale == LA_SCALE_15 ? 15 : 20) * WG_TABLE_UNIT; /* LA-LOS-08 */
    for (int k = 0; k < nothers; k++) {
        if (others[k] == obs || others[k] == target || !masks(obs, others[k], target))
            continue;
        wg_quad q;
        if (fps)
            q = fps[k];
        else if ((rc = la_unit_footprint(&q, others[k], f->tabs, f->scale)) != WG_OK)
            return rc;
        wg_pt mlo, mhi;
        box_of(&mlo, &mhi, &q);
        if (mhi.x < lo.x || mlo.x > hi.x || mhi.y < lo.y || mlo.y > hi.y)
            continue; /* nowhere near the sight lines */
        if (f->map) {
            /* a unit on a slope fires over the units below it 20 paces away or more */
            wg_pt oc = mid(oq.p[0], oq.p[1]), mc = mid(mid(q.p[0], q.p[1]), mid(q.p[2], q.p[3]));
            if (wg__map_table_level_at(f->map, oc) > wg__map_table_level_at(f->map, mc) &&
                !wg__poly_within(oq.p, 4, q.p, 4, r20 > 0 ? r20 - 1 : 0))
                continue;
        }
        if (nm == LA_SIGHT_CACHE)
            return WG_ERANGE; /* more than a battle holds */
        mq[nm++] = q;
    }
    la_front fr;
    la_front_init(&fr, obs, f->tabs, f->scale);
    for (int i = 0; i < obs->front; i++) {
        wg_quad q;
        if ((rc = la_front_at(&q, &fr, i)) != WG_OK)
            return rc;
        wg_pt a = mid(q.p[0], q.p[1]);
        for (int j = 0; j < 5; j++) {
            wg_pt b = aims[j];
            int clear = 1;
            for (int k = 0; k < nm && clear; k++)
                clear = !wg__seg_poly_interior(a, b, mq[k].p, 4);
            if (!clear)
                continue;
            if (f->map) {
                int vis = 0;
                if (wg_map_table_los(&vis, NULL, NULL, f->map, a.x, a.y, b.x, b.y, f->block_flags, f->crest_type, obd,
                                     tbd) != WG_OK)
                    return WG_EINVAL;
                if (!vis)
                    continue;
            }
            *yes = 1;
            return WG_OK;
        }
    }
    *yes = 0;
    return WG_OK;
}

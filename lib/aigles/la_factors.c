/* Les Aigles: tactical fire factors. */
#include "la_factors.h"

#include <stdio.h>

typedef struct acc {
    int sum, n;
    la_applied *a;
    char *err;
    wg_table *const *tabs;
    int rc;
} acc;

/* Adds the printed value of (table, row), `times` times. */
static void add(acc *c, int table, int row, int times)
{
    if (c->rc != WG_OK || times == 0)
        return;
    int v = 0;
    int rc = la_cell_int(&v, c->tabs[table], row, 0);
    if (rc != WG_OK) {
        if (c->err)
            snprintf(c->err, WG_ERRMSG_CAP, "%s", wg_table_errmsg(c->tabs[table]));
        c->rc = rc;
        return;
    }
    c->sum += v * times;
    if (c->n < LA_MAX_APPLIED) {
        c->a[c->n].table = table;
        c->a[c->n].row = row;
        c->a[c->n].value = v * times;
        c->n++;
    }
}

static int is_square(int f) { return f == LA_HOLLOW_SQUARE || f == LA_SOLID_SQUARE || f == LA_MASSED_SQUARE; }

int la_fire_factors(int *sum, la_applied *applied, int *n, char *err, wg_table *const *tabs,
                    const la_fire_situation *s)
{
    acc c = {0, 0, applied, err, tabs, WG_OK};
    const la_unit *f = s->firer, *t = s->target;
    int tf = t->formation;
    /* T12, every fire */
    add(&c, LA_T12, 0, tf == LA_MASS || tf == LA_MASSED_SQUARE);
    add(&c, LA_T12, 1, t->irregular);
    add(&c, LA_T12, 2, tf == LA_SKIRMISH);
    add(&c, LA_T12, 3, tf == LA_FORAGING);
    add(&c, LA_T12, 4, s->target_charging && (t->arm == LA_CAVALRY || t->arm == LA_IRREGULAR_CAVALRY));
    add(&c, LA_T12, 5, f->fatigue);
    if (s->kind == LA_FIRE_LIGHT || s->kind == LA_FIRE_CANISTER) {
        /* T13 */
        add(&c, LA_T13, 0, f->formation == LA_SKIRMISH);
        add(&c, LA_T13, 1, s->beyond_half_range);
        add(&c, LA_T13, 2, f->cohesion == LA_WITHOUT_FORMATION);
        add(&c, LA_T13, 3, f->cohesion == LA_DISORDER);
        add(&c, LA_T13, 4, t->cuirass);
        add(&c, LA_T13, 5, tf == LA_IN_BATTERY);
        add(&c, LA_T13, 6, la_unit_counted_ranks(t) > 1 || is_square(tf));
        add(&c, LA_T13, 7, s->cover == LA_COVER_LIGHT);
        add(&c, LA_T13, 8, s->cover == LA_COVER_HARD);
        add(&c, LA_T13, 9, s->isolated);
        add(&c, LA_T13, 10, s->kind == LA_FIRE_CANISTER); /* G-53: canister only */
    } else {
        if (s->distance > s->max_range) {
            if (err)
                snprintf(err, WG_ERRMSG_CAP, "a round shot at %ld paces is beyond the calibre's range of %ld",
                         (long)(s->distance / WG_TABLE_UNIT), (long)(s->max_range / WG_TABLE_UNIT));
            return WG_EILLEGAL;
        }
        /* T14 */
        int line = (t->arm == LA_INFANTRY || t->arm == LA_ENGINEERS || t->arm == LA_CAVALRY ||
                    t->arm == LA_IRREGULAR_CAVALRY) && la_unit_counted_ranks(t) <= 1 && !is_square(tf);
        add(&c, LA_T14, 0, line);
        /* limbered artillery counts its ranks but gives no rank bonus (LA-ARTFIRE) */
        int limbered = (t->arm == LA_FOOT_ARTILLERY || t->arm == LA_HORSE_ARTILLERY) && tf == LA_LIMBERED;
        if (!line && !limbered) {
            /* G-24: +1 per rank including the first, to the calibre's maximum; a double line +1 only */
            int ranks = la_unit_counted_ranks(t);
            if (tf == LA_DOUBLE_LINE)
                ranks = 1;
            if (ranks > s->max_ranks)
                ranks = s->max_ranks;
            add(&c, LA_T14, 1, ranks);
        }
        /* G-16: within canister range nothing, to canister + rebound mid-range, beyond it long range */
        int64_t mid = (int64_t)s->canister + s->rebound;
        add(&c, LA_T14, 2, s->distance > s->canister && s->distance <= mid);
        add(&c, LA_T14, 3, s->distance > mid);
        add(&c, LA_T14, 4, s->cover == LA_COVER_HARD);
        add(&c, LA_T14, 5, tf == LA_IN_BATTERY);
    }
    if (c.rc != WG_OK)
        return c.rc;
    *sum = c.sum;
    *n = c.n;
    return WG_OK;
}

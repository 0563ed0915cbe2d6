/* Les Aigles: tactical fire factors. */
#include "la_factors.h"

#include <stdio.h>

#include "la_tables.h"

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

/* A factor whose value is not the printed cell (a chosen value, note (8), T26's -X) or that no table
   prints (table -1: the order bonuses, G-58). */
static void add_value(acc *c, int table, int row, int v)
{
    if (c->rc != WG_OK || v == 0)
        return;
    c->sum += v;
    if (c->n < LA_MAX_APPLIED) {
        c->a[c->n].table = table;
        c->a[c->n].row = row;
        c->a[c->n].value = v;
        c->n++;
    }
}

int la_morale_factors(int *sum, la_applied *applied, int *n, char *err, wg_table *const *tabs,
                      const la_morale_situation *s)
{
    acc c = {0, 0, applied, err, tabs, WG_OK};
    const la_unit *u = s->unit;
    int f = u->formation;
    int inf = u->arm == LA_INFANTRY || u->arm == LA_ENGINEERS;
    int cav = u->arm == LA_CAVALRY || u->arm == LA_IRREGULAR_CAVALRY;
    /* T20: formation and cover */
    if (s->construction)
        add(&c, LA_T20, 2, 1);
    else if (s->cover == LA_COVER_HARD)
        add(&c, LA_T20, 1, 1);
    else if (s->cover == LA_COVER_LIGHT || s->stream)
        add(&c, LA_T20, 0, 1);
    add(&c, LA_T20, 3, inf && s->against_cavalry && f == LA_HOLLOW_SQUARE);
    add(&c, LA_T20, 4, inf && s->against_cavalry && (f == LA_SOLID_SQUARE || f == LA_MASSED_SQUARE));
    add(&c, LA_T20, 5, (f == LA_MASS || f == LA_MASSED_SQUARE) && !s->formed_square);
    /* a unit wholly in dispersed order counts as in line (LA-FORM-03) */
    add(&c, LA_T20, 6, inf && s->against_cavalry && (f == LA_LINE || f == LA_SKIRMISH));
    add(&c, LA_T20, 7, cav && s->against_square);
    /* T21: circumstances */
    int rout = u->morale == LA_ROUT || u->cohesion == LA_DISORDER;
    add(&c, LA_T21, 0, rout);
    add(&c, LA_T21, 1, !rout && (s->retreating || u->morale == LA_RETREAT || u->cohesion == LA_WITHOUT_FORMATION));
    add(&c, LA_T21, 2, s->has_routed);
    add(&c, LA_T21, 3, s->charging && inf);
    add(&c, LA_T21, 4, s->charging && cav);
    /* T22: environment */
    add(&c, LA_T22, 0, s->friends > s->enemies);
    add(&c, LA_T22, 1, s->enemies > s->friends);
    add(&c, LA_T22, 2, s->enemy_rear > 0);
    add(&c, LA_T22, 3, s->enemy_flanks > 2 ? 2 : s->enemy_flanks);
    add(&c, LA_T22, 4, s->enemy_routs);
    add(&c, LA_T22, 5, s->friend_routs);
    add(&c, LA_T22, 6, s->batteries);
    /* T23: officers (the modifier chosen; X is not a number of the table) */
    if (s->general)
        add_value(&c, LA_T23, s->general_with_unit ? 1 : 0, s->general);
    add(&c, LA_T23, 2, s->general_killed);
    /* T24: melee */
    if (s->won_melee)
        add_value(&c, LA_T24, 0, s->impetuous ? 4 : 1); /* note (8): an impetuous unit +4 (G-35) */
    add(&c, LA_T24, 1, s->lost_streak == 1);
    add(&c, LA_T24, 2, s->lost_streak == 2);
    add(&c, LA_T24, 3, s->lost_streak >= 3);
    add(&c, LA_T24, 4, s->extra_enemies);
    add(&c, LA_T24, 5, s->loss_difference / 20);
    /* T25: losses */
    add(&c, LA_T25, 0, s->heavy_firers);
    add(&c, LA_T25, 1, la_per_figure_penalty(s->losses_this_turn, la_unit_figures(u)));
    int bracket = la_strength_bracket(s->initial_figures, la_unit_figures(u));
    if (c.rc == WG_OK && bracket < 100 && s->initial_figures > 0) {
        int v = 0;
        int rc = la_cell_int(&v, tabs[LA_T26], (90 - bracket) / 10, la_unit_status(u));
        if (rc != WG_OK) {
            if (err)
                snprintf(err, WG_ERRMSG_CAP, "%s", wg_table_errmsg(tabs[LA_T26]));
            return rc;
        }
        add_value(&c, LA_T26, (90 - bracket) / 10, v);
    }
    /* G-58: the order bonuses */
    add_value(&c, -1, 0, s->hold_still ? 1 : 0);
    add_value(&c, -1, 1, s->attack_charging ? 1 : 0);
    if (c.rc != WG_OK)
        return c.rc;
    *sum = c.sum;
    *n = c.n;
    return WG_OK;
}

/* A flank or rear bonus: the printed value of (table, row) on the attack's first turn, one less each
   turn after, down to 0 (note (2) and its example +3, +2, +1, 0; LA-MELEEFACT-30, G-28). */
static void flank_bonus(acc *c, int table, int row, int turn)
{
    if (c->rc != WG_OK)
        return;
    int v = 0;
    int rc = la_cell_int(&v, c->tabs[table], row, 0);
    if (rc != WG_OK) {
        if (c->err)
            snprintf(c->err, WG_ERRMSG_CAP, "%s", wg_table_errmsg(c->tabs[table]));
        c->rc = rc;
        return;
    }
    v -= turn > 1 ? turn - 1 : 0;
    if (v > 0)
        add_value(c, table, row, v);
}

int la_melee_factors(int *sum, la_applied *applied, int *n, char *err, wg_table *const *tabs,
                     const la_melee_situation *s)
{
    acc c = {0, 0, applied, err, tabs, WG_OK};
    const la_unit *u = s->unit, *o = s->opponent;
    int f = u->formation;
    int inf = u->arm == LA_INFANTRY || u->arm == LA_ENGINEERS;
    int cav = u->arm == LA_CAVALRY || u->arm == LA_IRREGULAR_CAVALRY;
    int art = u->arm == LA_FOOT_ARTILLERY || u->arm == LA_HORSE_ARTILLERY;
    int ocav = o->arm == LA_CAVALRY || o->arm == LA_IRREGULAR_CAVALRY;
    /* T15, common */
    add(&c, LA_T15, 0, s->fresh && (inf || cav));
    add(&c, LA_T15, 1, s->followed_up);
    add(&c, LA_T15, 2, s->losses_last_fire / 15);
    add(&c, LA_T15, 3, u->fatigue);
    add(&c, LA_T15, 4, u->cohesion == LA_DISORGANISED);
    add(&c, LA_T15, 5, u->cohesion == LA_WITHOUT_FORMATION);
    add(&c, LA_T15, 6, u->cohesion == LA_DISORDER);
    add(&c, LA_T15, 7, s->opp_artillery_close);
    if (inf) {
        /* T16 */
        add(&c, LA_T16, 0, s->charge_ranks > 2 ? 2 : s->charge_ranks);
        add(&c, LA_T16, 1, f == LA_LINE && ocav);
        add(&c, LA_T16, 2, f == LA_MASS && ocav);
        add(&c, LA_T16, 3, f == LA_HOLLOW_SQUARE && ocav);
        add(&c, LA_T16, 4, (f == LA_SOLID_SQUARE || f == LA_MASSED_SQUARE) && ocav);
        add(&c, LA_T16, 5, s->above_on_slope);
        if (s->flank_or_rear)
            flank_bonus(&c, LA_T16, s->flank_established ? 7 : 6, s->turn);
        add(&c, LA_T16, 8, s->engineers_attacking);
    } else if (cav) {
        /* T17 */
        add(&c, LA_T17, 0, s->square_unbroken && s->turn > 1 && (u->heavy || u->lancer));
        add(&c, LA_T17, 1, s->square_unbroken && s->turn > 1 && !u->heavy && !u->lancer);
        /* the flank of a massed battalion gives +1 in place of the flank bonus: the bonuses do not
           stack (note (2), LA-MELEEFACT-22, -30) */
        if (s->flank_of_massed)
            flank_bonus(&c, LA_T17, 4, s->turn);
        else if (s->flank_or_rear)
            flank_bonus(&c, LA_T17, s->flank_established ? 3 : 2, s->turn);
    } else if (art) {
        /* T18 */
        add(&c, LA_T18, 0, f == LA_IN_BATTERY);
        add(&c, LA_T18, 1, f == LA_LIMBERED);
    }
    /* T19, the opponent: cavalry reads its own column */
    if (c.rc == WG_OK) {
        static const int row[5] = {-1, 0, 1, 2, 3};
        int col = cav ? 1 : 0;
        int r = s->opp_position >= 0 && s->opp_position < 5 ? row[s->opp_position] : -1;
        int v = 0, rc;
        if (r >= 0) {
            if ((rc = la_cell_int(&v, tabs[LA_T19], r, col)) != WG_OK) {
                if (err)
                    snprintf(err, WG_ERRMSG_CAP, "%s", wg_table_errmsg(tabs[LA_T19]));
                return rc;
            }
            add_value(&c, LA_T19, r, v);
        }
        int e = 0;
        if (s->opp_engineers && (rc = la_cell_int(&e, tabs[LA_T19], 4, col)) == WG_OK)
            add_value(&c, LA_T19, 4, e);
        if (o->cuirass && (rc = la_cell_int(&e, tabs[LA_T19], 5, col)) == WG_OK)
            add_value(&c, LA_T19, 5, e);
    }
    if (c.rc != WG_OK)
        return c.rc;
    *sum = c.sum;
    *n = c.n;
    return WG_OK;
}

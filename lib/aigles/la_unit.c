/* Les Aigles: the unit model: derived characteristics, footprints, formations and the time of a
   change of formation. */
#include "la_unit.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int la_unit_figures(const la_unit *u)
{
    int n = 0;
    for (int i = 0; i < u->ncomp; i++)
        n += u->comp[i].figures;
    return n - u->removed;
}

int la_unit_status(const la_unit *u)
{
    int s = LA_GUARD;
    for (int i = 0; i < u->ncomp; i++)
        if (u->comp[i].figures > 0 && u->comp[i].status > s)
            s = u->comp[i].status;
    return s;
}

int la_unit_manoeuvre(const la_unit *u)
{
    int m = LA_MAN_A;
    for (int i = 0; i < u->ncomp; i++)
        if (u->comp[i].figures > 0 && u->comp[i].manoeuvre > m)
            m = u->comp[i].manoeuvre;
    return m;
}

int la_unit_has_low_status(const la_unit *u) { return la_unit_status(u) >= LA_SEMI_REGULAR; }

int la_unit_ranks(const la_unit *u)
{
    int n = la_unit_figures(u);
    if (n <= 0 || u->front <= 0)
        return 0;
    if (u->formation == LA_HOLLOW_SQUARE)
        return (n + 4 * u->front - 1) / (4 * u->front);
    return (n + u->front - 1) / u->front;
}

int la_unit_counted_ranks(const la_unit *u)
{
    int n = la_unit_figures(u);
    if (n <= 0 || u->front <= 0)
        return 0;
    int per = u->formation == LA_HOLLOW_SQUARE ? 4 * u->front : u->front;
    int full = n / per, rest = n % per;
    return full + (2 * rest >= per && rest > 0 ? 1 : 0);
}

static int is_artillery(int arm) { return arm == LA_FOOT_ARTILLERY || arm == LA_HORSE_ARTILLERY; }
static int is_cavalry(int arm) { return arm == LA_CAVALRY || arm == LA_IRREGULAR_CAVALRY; }
static int is_foot(int arm) { return arm == LA_INFANTRY || arm == LA_ENGINEERS; }

int la_base_size(int32_t *front, int32_t *depth, wg_table *const *tabs, int arm, int formation, int scale)
{
    int row;
    switch (arm) {
    case LA_INFANTRY:
    case LA_ENGINEERS: row = formation == LA_SKIRMISH ? 6 : 0; break;
    case LA_CAVALRY: row = formation == LA_FORAGING ? 7 : 1; break;
    case LA_IRREGULAR_CAVALRY: row = formation == LA_FORAGING ? 7 : 2; break;
    case LA_FOOT_ARTILLERY:
    case LA_HORSE_ARTILLERY: row = 3; break;
    case LA_MOUNTED_GENERAL: row = 4; break;
    case LA_FOOT_GENERAL: row = 5; break;
    default: return WG_EINVAL;
    }
    int c = scale == LA_SCALE_15 ? 1 : 0;
    int rc = la_cell_mm(front, tabs[LA_T1], row, c);
    if (rc == WG_OK)
        rc = la_cell_mm(depth, tabs[LA_T1], row, 2 + c);
    return rc;
}

int la_unit_footprint(wg_quad *q, const la_unit *u, wg_table *const *tabs, int scale)
{
    int32_t bf = 0, bd = 0;
    int rc = la_base_size(&bf, &bd, tabs, u->arm, u->formation, scale);
    if (rc != WG_OK)
        return rc;
    return la_footprint_sized(q, u, bf, bd);
}

int la_footprint_dims(int32_t *w, int32_t *d, const la_unit *u, int32_t bf, int32_t bd)
{
    int64_t ww = (int64_t)u->front * bf, dd;
    if (u->formation == LA_HOLLOW_SQUARE)
        dd = ww; /* four faces of `front` figures: a square of the front's width */
    else
        dd = (int64_t)la_unit_ranks(u) * bd;
    if (ww > WG__GEOM_MAX_SIZE || dd > WG__GEOM_MAX_SIZE)
        return WG_ERANGE;
    *w = (int32_t)ww;
    *d = (int32_t)dd;
    return WG_OK;
}

int la_footprint_sized(wg_quad *q, const la_unit *u, int32_t bf, int32_t bd)
{
    int32_t w = 0, d = 0;
    int rc = la_footprint_dims(&w, &d, u, bf, bd);
    if (rc != WG_OK)
        return rc;
    return wg__base_quad(q, u->ref, u->facing, w, d) == 0 ? WG_OK : WG_ERANGE;
}

static int refuse(char *why, size_t cap, const char *fmt, ...) WG__PRINTF(3, 4);
static int refuse(char *why, size_t cap, const char *fmt, ...)
{
    if (why && cap) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, cap, fmt, ap);
        va_end(ap);
    }
    return WG_EILLEGAL;
}

const char *const la_formation_name[LA_NFORMATIONS] = {
    "line", "double-line", "march", "attack", "division", "extended-division", "mass", "hollow-square",
    "solid-square", "massed-square", "echelon", "skirmish", "foraging", "irregular-mass", "limbered", "in-battery"};

int la_formation_check(char *why, size_t cap, const la_unit *u, int f, int front)
{
    int n = la_unit_figures(u);
    if (f < 0 || f >= LA_NFORMATIONS)
        return refuse(why, cap, "no formation %d", f);
    const char *fn = la_formation_name[f];
    if (front < 1 || front > n)
        return refuse(why, cap, "%s: a front of %d figures does not fit the unit", fn, front);
    int ranks = f == LA_HOLLOW_SQUARE ? (n + 4 * front - 1) / (4 * front) : (n + front - 1) / front;
    int arm = u->arm;
    if (arm == LA_MOUNTED_GENERAL || arm == LA_FOOT_GENERAL)
        return refuse(why, cap, "%s: an officer stands on his own base, in no formation", fn);
    if (u->irregular && f != LA_IRREGULAR_MASS && f != LA_SKIRMISH && f != LA_FORAGING && !is_artillery(arm))
        return refuse(why, cap, "%s: irregulars fight massed, with no line or column (LA-UNIT-23)", fn);
    switch (f) {
    case LA_LINE:
        if (is_artillery(arm))
            return refuse(why, cap, "%s: artillery is limbered or in battery (LA-FORM-12)", fn);
        if (ranks != 1)
            return refuse(why, cap, "%s: a line stands on one rank, not %d (LA-FORM-08)", fn, ranks);
        return WG_OK;
    case LA_DOUBLE_LINE:
        if (is_artillery(arm))
            return refuse(why, cap, "%s: artillery is limbered or in battery (LA-FORM-12)", fn);
        if (ranks != 2)
            return refuse(why, cap, "%s: a double line stands on two ranks, not %d (LA-FORM-09)", fn, ranks);
        return WG_OK;
    case LA_MARCH:
    case LA_ATTACK:
    case LA_DIVISION:
    case LA_EXTENDED_DIVISION:
    case LA_MASS:
        if (!is_foot(arm) && !is_cavalry(arm))
            return refuse(why, cap, "%s: a column is infantry's or cavalry's", fn);
        if (f == LA_EXTENDED_DIVISION && !is_foot(arm))
            return refuse(why, cap, "%s: elite companies on the flanks, an infantry formation (LA-FORM-15)", fn);
        if (ranks <= 2 && f != LA_MASS)
            return refuse(why, cap, "%s: a column is more than two ranks deep, not %d (LA-FORM-09)", fn, ranks);
        return WG_OK;
    case LA_HOLLOW_SQUARE:
    case LA_SOLID_SQUARE:
    case LA_MASSED_SQUARE:
        if (!is_foot(arm))
            return refuse(why, cap, "%s: squares are infantry's (LA-FORM-10)", fn);
        if (n < 6)
            return refuse(why, cap, "%s: a square needs at least six figures, not %d (LA-FORM-10)", fn, n);
        return WG_OK;
    case LA_ECHELON:
        if (!is_cavalry(arm))
            return refuse(why, cap, "%s: echelon is a cavalry formation (LA-FORM-21)", fn);
        return WG_OK;
    case LA_SKIRMISH:
        if (!is_foot(arm))
            return refuse(why, cap, "%s: skirmish order is infantry's (LA-UNIT-16)", fn);
        if (ranks != 1)
            return refuse(why, cap, "%s: skirmishers stand side by side, on one rank, not %d (LA-FORM-29)", fn, ranks);
        return WG_OK;
    case LA_FORAGING:
        if (!is_cavalry(arm))
            return refuse(why, cap, "%s: foraging order is cavalry's (LA-UNIT-16)", fn);
        if (ranks != 1)
            return refuse(why, cap, "%s: foragers stand side by side, on one rank, not %d", fn, ranks);
        return WG_OK;
    case LA_IRREGULAR_MASS:
        if (!u->irregular)
            return refuse(why, cap, "%s: only irregulars fight as an irregular mass (LA-UNIT-23)", fn);
        if (is_foot(arm)) {
            if (n >= 9 && (front < 3 || ranks < 3))
                return refuse(why, cap, "%s: irregular infantry stands at least three in front and three deep, "
                                        "not %d in front (LA-UNIT-25)", fn, front);
            if (n < 9 && (front > 3 || ranks > 3))
                return refuse(why, cap, "%s: below nine figures, at most three in front and three deep, not %d in "
                                        "front (LA-UNIT-25)", fn, front);
        }
        return WG_OK;
    case LA_LIMBERED:
    case LA_IN_BATTERY:
        if (!is_artillery(arm))
            return refuse(why, cap, "%s: an artillery formation (LA-FORM-12)", fn);
        if (f == LA_IN_BATTERY && ranks != 1)
            return refuse(why, cap, "%s: a battery deploys in line, sections side by side, not on %d ranks", fn,
                          ranks);
        return WG_OK;
    default: return WG_EILLEGAL;
    }
}

int la_massed_ranks(int ranks)
{
    if (ranks <= 2)
        return ranks;
    return (ranks + 1) / 2;
}

/* Copies the failure of a lookup on table t into err. */
static int table_fail(char *err, wg_table *t, int rc)
{
    if (err)
        snprintf(err, WG_ERRMSG_CAP, "%s", wg_table_errmsg(t));
    return rc;
}

/* The T36 band holding count (row labels "1-8", "6", ...), its time in half-periods. */
static int band_time(int *half, char *err, wg_table *t, int count)
{
    int rows = 0, cols = 0;
    wg_table_size(&rows, &cols, t);
    for (int r = 0; r < rows; r++) {
        const char *l = NULL;
        wg_table_row_label(&l, t, r);
        int lo = 0, hi = 0;
        const char *dash = strchr(l, '-');
        for (const char *p = l; *p >= '0' && *p <= '9'; p++)
            lo = lo * 10 + (*p - '0');
        hi = lo;
        if (dash) {
            hi = 0;
            for (const char *p = dash + 1; *p >= '0' && *p <= '9'; p++)
                hi = hi * 10 + (*p - '0');
        }
        if (count >= lo && count <= hi) {
            int rc = la_cell_half(half, t, r, 0);
            return rc == WG_OK ? WG_OK : table_fail(err, t, rc);
        }
    }
    if (err)
        snprintf(err, WG_ERRMSG_CAP, "%s: no band is printed for %d", wg_table_name(t), count);
    return WG_ETABLEGAP;
}

/* The time to re-form (without formation or in disorder to formed), in half-periods. */
static int reform_time(int *half, char *err, wg_table *const *tabs, const la_unit *u)
{
    int n = la_unit_figures(u), man = la_unit_manoeuvre(u);
    /* LA-FORMTIME-08: a small company, squadron or half-section re-forms in one turn */
    if ((is_foot(u->arm) && u->ncomp == 1 && n <= 3) || (is_cavalry(u->arm) && u->ncomp == 1 && n <= 2) ||
        (is_artillery(u->arm) && n == 1)) {
        *half = 2;
        return WG_OK;
    }
    int rc;
    if (is_artillery(u->arm))
        rc = la_cell_half(half, tabs[LA_T5], 2, (u->arm == LA_HORSE_ARTILLERY ? 3 : 0) + man);
    else
        rc = la_cell_half(half, tabs[LA_T4], LA_T4_REFORM_ROW, (is_cavalry(u->arm) ? 3 : 0) + man);
    if (rc != WG_OK)
        return table_fail(err, is_artillery(u->arm) ? tabs[LA_T5] : tabs[LA_T4], rc);
    return WG_OK;
}

/* T4's row for a change between two of its formations. */
static int t4_row(int from, int to)
{
    static const int first[4][2] = {{LA_MARCH, LA_ATTACK}, {LA_MARCH, LA_LINE}, {LA_MARCH, LA_DOUBLE_LINE},
                                    {LA_MARCH, LA_HOLLOW_SQUARE}};
    for (int i = 0; i < 4; i++)
        if (first[i][0] == from && first[i][1] == to)
            return i;
    int row = 4;
    for (int a = 0; a < LA_T4_FORMATIONS; a++)
        for (int b = 0; b < LA_T4_FORMATIONS; b++) {
            if (a == b)
                continue;
            int printed = 0;
            for (int i = 0; i < 4; i++)
                printed |= first[i][0] == a && first[i][1] == b;
            if (printed)
                continue;
            if (a == from && b == to)
                return row;
            row++;
        }
    return -1;
}


int la_change_time(int *half, wg_table *const *tabs, const la_unit *u, int to, int quarter_turn)
{
    return la_change_time_err(half, NULL, tabs, u, to, quarter_turn);
}

int la_change_time_err(int *half, char *err, wg_table *const *tabs, const la_unit *u, int to, int quarter_turn)
{
    int from = u->formation, man = la_unit_manoeuvre(u), n = la_unit_figures(u);
    int t = 0, rc = WG_OK;
    if (to < 0 || to >= LA_NFORMATIONS || from < 0 || from >= LA_NFORMATIONS)
        return WG_EINVAL;
    if (to == from) {
        t = 0;
    } else if (is_artillery(u->arm)) {
        int sections = (n + 1) / 2;
        if (sections <= 1) {
            t = 1; /* LA-FORMTIME-10: one or half a section, half a period for any manoeuvre */
        } else {
            int row = from == LA_LIMBERED && to == LA_IN_BATTERY ? 0 : from == LA_IN_BATTERY && to == LA_LIMBERED ? 1 : -1;
            if (row < 0)
                return WG_EILLEGAL;
            rc = la_cell_half(&t, tabs[LA_T5], row, (u->arm == LA_HORSE_ARTILLERY ? 3 : 0) + man);
            if (rc != WG_OK)
                return table_fail(err, tabs[LA_T5], rc);
            if (row == 0) { /* LA-FORMTIME-10: a file deeper than 5 sections, +1/2; beyond 9, +1 */
                int fs = u->front / 2 > 0 ? u->front / 2 : 1;
                int deep = (sections + fs - 1) / fs;
                t += deep > 9 ? 2 : deep > 5 ? 1 : 0;
            }
        }
    } else if (quarter_turn && ((from == LA_MARCH && to == LA_LINE) || (from == LA_LINE && to == LA_MARCH))) {
        t = 1; /* LA-FORMTIME-11 */
    } else if (is_foot(u->arm) && ((from == LA_MASS && to == LA_SOLID_SQUARE) || (from == LA_SOLID_SQUARE && to == LA_MASS))) {
        t = 1; /* LA-FORM-05: a halted column of mass forms a solid square in half a period, and back */
    } else if (is_foot(u->arm) && man == LA_MAN_A && u->ncomp == 4 && from == LA_MARCH &&
               (to == LA_ATTACK || to == LA_DIVISION)) {
        t = 0; /* LA-FORMTIME-09: already counts as a column of attack or division */
    } else if (to == LA_SKIRMISH || to == LA_FORAGING) {
        int base = to == LA_SKIRMISH ? LA_T36A : LA_T36D;
        int k = from == LA_LINE ? 0 : from == LA_MARCH ? 1 : from == LA_DIVISION ? 2 : -1;
        if (k < 0) {
            if (err)
                snprintf(err, WG_ERRMSG_CAP, "no time is printed to pass from %s to %s (T36 starts from a line, a "
                                             "column of march or a column of division)", la_formation_name[from], la_formation_name[to]);
            return WG_ETABLEGAP;
        }
        rc = band_time(&t, err, tabs[base + k], k == 0 ? n : la_unit_ranks(u));
        if (rc != WG_OK)
            return rc;
    } else if (from < LA_T4_FORMATIONS && to < LA_T4_FORMATIONS) {
        int row = t4_row(from, to);
        rc = la_cell_half(&t, tabs[LA_T4], row, (is_cavalry(u->arm) ? 3 : 0) + man);
        if (rc != WG_OK)
            return table_fail(err, tabs[LA_T4], rc);
    } else {
        if (err)
            snprintf(err, WG_ERRMSG_CAP, "no time is printed to pass from %s to %s", la_formation_name[from], la_formation_name[to]);
        return WG_ETABLEGAP;
    }
    /* LA-FORMTIME-19: a unit out of formation re-forms with the change, in the longer of the two */
    if (u->cohesion >= LA_WITHOUT_FORMATION) {
        int r = 0;
        rc = reform_time(&r, err, tabs, u);
        if (rc != WG_OK)
            return rc;
        if (r > t)
            t = r;
    }
    /* LA-FORM-01, G-48: semi-regular, militia or irregular figures add half a period, once */
    if (t > 0 && la_unit_has_low_status(u))
        t += 1;
    *half = t;
    return WG_OK;
}

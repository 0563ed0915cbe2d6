/* Les Aigles: officers, command, charges and contact. */
#include "la_command.h"

#include "la_sight.h"

#include <stdio.h>

int la_order_zone(int32_t *radius, wg_table *const *tabs, int command, int scale)
{
    if (command < 0 || command > 5)
        return WG_EINVAL;
    if (command <= 1) {
        *radius = 0; /* contact (G-19: command 0 as command 1) */
        return WG_OK;
    }
    int v = 0;
    int rc = la_cell_int(&v, tabs[LA_T7], command - 1, scale == LA_SCALE_15 ? 1 : 0);
    if (rc != WG_OK)
        return rc;
    *radius = v * WG_TABLE_UNIT;
    return WG_OK;
}

int la_officer_base(wg_quad *q, const la_officer *o, wg_table *const *tabs, int scale)
{
    int32_t f = 0, d = 0;
    int rc = la_base_size(&f, &d, tabs, o->mounted ? LA_MOUNTED_GENERAL : LA_FOOT_GENERAL, LA_LINE, scale);
    if (rc != WG_OK)
        return rc;
    return wg__base_quad(q, o->at, o->facing, f, d) == 0 ? WG_OK : WG_ERANGE;
}

int la_in_order_zone(int *yes, const la_officer *o, const la_unit *u, wg_table *const *tabs, int scale)
{
    int32_t r = 0;
    wg_quad a, b;
    int rc = la_order_zone(&r, tabs, o->command, scale);
    if (rc == WG_OK)
        rc = la_officer_base(&a, o, tabs, scale);
    if (rc == WG_OK)
        rc = la_unit_footprint(&b, u, tabs, scale);
    if (rc != WG_OK)
        return rc;
    *yes = wg__poly_within(a.p, 4, b.p, 4, r);
    return WG_OK;
}

int la_charisma(int *value, int *direct, const la_officer *o, const la_unit *u, wg_table *const *tabs, int scale)
{
    wg_quad a, b;
    int rc = la_officer_base(&a, o, tabs, scale);
    if (rc == WG_OK)
        rc = la_unit_footprint(&b, u, tabs, scale);
    if (rc != WG_OK)
        return rc;
    if (wg__poly_poly(a.p, 4, b.p, 4)) {
        *direct = 1;
        *value = o->charisma;
        return WG_OK;
    }
    *direct = 0;
    int64_t first = (scale == LA_SCALE_15 ? 100 : 150) * WG_TABLE_UNIT;
    int64_t band = (scale == LA_SCALE_15 ? 35 : 50) * WG_TABLE_UNIT;
    int k = 1;
    /* the smallest k with the unit within first + (k - 1) band */
    while (k <= o->charisma && !wg__poly_within(a.p, 4, b.p, 4, first + (k - 1) * band))
        k++;
    *value = o->charisma - k > 0 ? o->charisma - k : 0;
    return WG_OK;
}

int la_reaction(int *value, wg_table *const *tabs, int status)
{
    static const int row[LA_NSTATUS] = {0, 1, 1, 2, 2, 3, 3};
    if (status < 0 || status >= LA_NSTATUS)
        return WG_EINVAL;
    return la_cell_int(value, tabs[LA_T8], row[status], 0);
}

int la_order_passes(int die, int reaction, int command) { return die < reaction + command; }

int la_order_pass_faces(int reaction, int command)
{
    int n = 0;
    for (int d = 1; d <= 6; d++)
        n += la_order_passes(d, reaction, command);
    return n;
}

int la_may_charge(char *why, const la_unit *u)
{
    const char *r = NULL;
    int f = u->formation;
    if (u->arm == LA_FOOT_ARTILLERY || u->arm == LA_HORSE_ARTILLERY)
        r = "artillery does not charge (LA-CHARGE-12)";
    else if (f == LA_HOLLOW_SQUARE || f == LA_SOLID_SQUARE || f == LA_MASSED_SQUARE)
        r = "infantry in square does not charge (LA-CHARGE-12)";
    else if (f == LA_SKIRMISH)
        r = "skirmishers do not charge (LA-CHARGE-12)";
    else if (u->cohesion >= LA_DISORGANISED)
        r = "a disorganised unit does not charge (LA-CHARGE-12)";
    else if (u->morale != LA_OBEY && u->morale != LA_UNCONTROLLED)
        r = "a unit that does not obey does not charge";
    if (r) {
        if (why)
            snprintf(why, WG_ERRMSG_CAP, "%s", r);
        return WG_EILLEGAL;
    }
    return WG_OK;
}

int la_contact_face(int *face, const la_unit *attacker, const la_unit *target, wg_table *const *tabs, int scale)
{
    wg_quad a, t;
    int rc = la_unit_footprint(&a, attacker, tabs, scale);
    if (rc == WG_OK)
        rc = la_unit_footprint(&t, target, tabs, scale);
    if (rc != WG_OK)
        return rc;
    *face = wg__face_toward(&t, a.p, 4);
    return WG_OK;
}

int la_threatens(int *yes, const la_unit *x, const la_unit *y, int32_t reach, wg_table *const *tabs, int scale)
{
    wg_quad a, b;
    int rc = la_unit_footprint(&a, x, tabs, scale);
    if (rc == WG_OK)
        rc = la_unit_footprint(&b, y, tabs, scale);
    if (rc != WG_OK)
        return rc;
    /* the arc of any figure of the front rank */
    int in = 0;
    la_front fr;
    la_front_init(&fr, x, tabs, scale);
    for (int i = 0; i < x->front && !in; i++) {
        wg_quad q;
        if ((rc = la_front_at(&q, &fr, i)) != WG_OK)
            return rc;
        wg_pt c = {(int32_t)(((int64_t)q.p[0].x + q.p[1].x) / 2), (int32_t)(((int64_t)q.p[0].y + q.p[1].y) / 2)};
        in = wg__poly_in_arc(c, x->facing, la_fire_arc(x), 0, 1, b.p, 4);
    }
    *yes = in && wg__poly_within(a.p, 4, b.p, 4, reach);
    return WG_OK;
}

int la_count_within(int counts[2], const la_battle *b, int unit, int32_t radius, wg_table *const *tabs, int scale)
{
    counts[0] = counts[1] = 0;
    if (unit < 0 || unit >= b->nunit)
        return WG_EINVAL;
    for (int i = 0; i < b->nunit; i++) {
        if (i == unit || la_unit_figures(&b->unit[i].u) <= 0)
            continue;
        int in = 0;
        int rc = la_unit_within(&in, &b->unit[unit].u, &b->unit[i].u, radius, tabs, scale);
        if (rc != WG_OK)
            return rc;
        counts[b->unit[i].side] += in;
    }
    return WG_OK;
}

/* Les Aigles: fire and morale resolution on the tables. */
#include "la_odds.h"

#include "embedded.h"

#include <stdio.h>
#include <string.h>

int la_tables_supply_sample(wg_table **tabs, char *err)
{
    static const struct {
        int table;
        const unsigned char *doc;
        const size_t *len;
    } docs[] = {{LA_T26, wg__data_aigles_strength, &wg__data_aigles_strength_len},
                {LA_T27, wg__data_aigles_morale, &wg__data_aigles_morale_len},
                {LA_T28, wg__data_aigles_losses, &wg__data_aigles_losses_len},
                {LA_T29, wg__data_aigles_dice, &wg__data_aigles_dice_len},
                {LA_T4, wg__data_aigles_formation, &wg__data_aigles_formation_len}};
    for (size_t i = 0; i < sizeof docs / sizeof *docs; i++) {
        wg_table *t = tabs[docs[i].table];
        int rc = wg_table_supply(t, (const char *)docs[i].doc, *docs[i].len);
        if (rc != WG_OK) {
            if (err)
                snprintf(err, WG_ERRMSG_CAP, "%s", wg_table_errmsg(t));
            return rc;
        }
    }
    return WG_OK;
}

static int fail(char *err, wg_table *t, int rc)
{
    if (err)
        snprintf(err, WG_ERRMSG_CAP, "%s", wg_table_errmsg(t));
    return rc;
}

int la_fire_losses(int *losses, char *err, wg_table *const *tabs, const la_fire *f, int die)
{
    if (die < 1 || die > 6)
        return WG_EINVAL;
    int d = die + (f->die_plus > 0 ? 1 : 0);
    if (d > 6)
        d = 6; /* G-41: a die of 7 counts as 6 */
    int bonus = 0;
    int rc = la_cell_int(&bonus, tabs[LA_T30], 0, d - 1);
    if (rc != WG_OK)
        return fail(err, tabs[LA_T30], rc);
    return la_loss_lookup(losses, err, tabs, f->value + f->factors + bonus, f->figures, f->half);
}

int la_loss_lookup(int *losses, char *err, wg_table *const *tabs, int factor, int figures, int half)
{
    char lab[16];
    int row = -1, col = -1, rc;
    /* the table's lowest row stands for every factor below it: a fire or a combat cannot do less than
       the worst the table lists (the upper end stays a gap beyond 30) */
    if (factor < -10)
        factor = -10;
    snprintf(lab, sizeof lab, "%d", factor);
    if (wg_table_find_row(&row, tabs[LA_T28], lab) != WG_OK) {
        if (err)
            snprintf(err, WG_ERRMSG_CAP, "T28-losses: no row for a factor of %d (the rows run from -10 to 30)", factor);
        return WG_ETABLEGAP;
    }
    if (figures <= 0) {
        *losses = 0;
        return WG_OK;
    }
    snprintf(lab, sizeof lab, "%d", figures);
    if (wg_table_find_col(&col, tabs[LA_T28], lab) != WG_OK) {
        if (err)
            snprintf(err, WG_ERRMSG_CAP, "T28-losses: no column for %d figures (1 to 29; the rulebook does not go "
                                         "beyond, G-01)", figures);
        return WG_ETABLEGAP;
    }
    int v = 0;
    if ((rc = la_cell_int(&v, tabs[LA_T28], row, col)) != WG_OK)
        return fail(err, tabs[LA_T28], rc);
    if (v < 0) {
        if (err)
            snprintf(err, WG_ERRMSG_CAP, "T28-losses: cell (%d, %d) holds %d losses", factor, figures, v);
        return WG_EDATA;
    }
    *losses = half ? (v + 1) / 2 : v;
    return WG_OK;
}

int la_fire_dist(int *values, int *faces, int *n, char *err, wg_table *const *tabs, const la_fire *f)
{
    int got = 0;
    for (int die = 1; die <= 6; die++) {
        int l = 0;
        int rc = la_fire_losses(&l, err, tabs, f, die);
        if (rc != WG_OK)
            return rc;
        int k = 0;
        while (k < got && values[k] < l)
            k++;
        if (k < got && values[k] == l) {
            faces[k]++;
            continue;
        }
        memmove(values + k + 1, values + k, (size_t)(got - k) * sizeof *values);
        memmove(faces + k + 1, faces + k, (size_t)(got - k) * sizeof *faces);
        values[k] = l;
        faces[k] = 1;
        got++;
    }
    *n = got;
    return WG_OK;
}

int la_morale_result(int *result, char *err, wg_table *const *tabs, int status, int total, int guard_holds)
{
    static const struct {
        const char *name;
        int result;
    } names[] = {{"Obey", LA_OBEY},   {"Uncontrolled advance", LA_UNCONTROLLED}, {"Halt in place", LA_HALT},
                 {"Retreat", LA_RETREAT}, {"Rout", LA_ROUT},                     {"Flight", LA_FLIGHT}};
    if (status < 0 || status >= LA_NSTATUS)
        return WG_EINVAL;
    int row = total >= 11 ? 0 : total >= 9 ? 1 : total >= 7 ? 2 : total >= 5 ? 3 : total >= 3 ? 4 : total >= 1 ? 5 : 6;
    int code = 0;
    const char *s = NULL;
    int rc = wg_table_lookup(&code, tabs[LA_T27], row, status);
    if (rc == WG_OK)
        rc = wg_table_code_name(&s, tabs[LA_T27], code);
    if (rc != WG_OK)
        return fail(err, tabs[LA_T27], rc);
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strcmp(s, names[i].name) == 0) {
            int r = names[i].result;
            if (guard_holds && status == LA_GUARD && (r == LA_ROUT || r == LA_FLIGHT))
                r = LA_RETREAT; /* G-18: the Guard never routs nor flees */
            *result = r;
            return WG_OK;
        }
    if (err)
        snprintf(err, WG_ERRMSG_CAP, "T27-morale-results: '%.40s' is not a morale result (Uncontrolled advance, Obey, "
                                     "Halt in place, Retreat, Rout, Flight)", s);
    return WG_EDATA;
}

int la_morale_dist(int counts[LA_PRISONER], char *err, wg_table *const *tabs, int status, int base, int guard_holds)
{
    for (int i = 0; i < LA_PRISONER; i++)
        counts[i] = 0;
    for (int die = 1; die <= 6; die++) {
        int r = 0;
        int rc = la_morale_result(&r, err, tabs, status, base + die, guard_holds);
        if (rc != WG_OK)
            return rc;
        counts[r]++;
    }
    return WG_OK;
}

/* Les Maréchaux: the melee table of §10.1 (LM-MELEE-21..27).
 *
 * Rows are CP differences 0..99 one by one (the printed rows 1-2 and 3-4 fill two rows each);
 * columns are the six amplitude columns and the retreat column.  Only the printed cells are
 * built in (marked printed); every other cell is a gap the host may supply ("2/3", "1", "-"). */
#include "marechaux.h"

#include <stdio.h>
#include <string.h>

static const char *const col_label[MR_MELEE_COLS] = {"1-5", "6-10", "11-15", "16-20", "21-25", "26-30", "retreat"};

/* The printed cells, as printed (LM-MELEE-27). */
static const char *const printed[3][MR_MELEE_COLS] = {
    {"0", "1", "1", "1", "2", "3", "-"},
    {"0/0", "0/0", "1/1", "1/1", "1/1", "2/2", "1"},
    {"0/0", "0/1", "0/1", "0/1", "1/2", "1/2", "2"},
};

int mr_melee_table_new(wg_table **out, wg_ctx *ctx)
{
    wg_table *t = NULL;
    int rc;
    char lab[16];
    if (!out || !ctx)
        return WG_EINVAL;
    rc = wg_table_new(&t, ctx, "melee", MR_MELEE_ROWS, MR_MELEE_COLS);
    if (rc != WG_OK)
        return rc;
    for (int c = 0; c < MR_MELEE_COLS && rc == WG_OK; c++)
        rc = wg_table_set_col_label(t, c, col_label[c]);
    for (int r = 0; r < MR_MELEE_ROWS && rc == WG_OK; r++) {
        snprintf(lab, sizeof lab, "%d", r);
        rc = wg_table_set_row_label(t, r, lab);
    }
    for (int r = 0; r <= 4 && rc == WG_OK; r++) {
        int pr = r == 0 ? 0 : (r <= 2 ? 1 : 2);
        for (int c = 0; c < MR_MELEE_COLS && rc == WG_OK; c++) {
            int code;
            rc = wg_table_code(&code, t, printed[pr][c]);
            if (rc == WG_OK)
                rc = wg__table_set_printed(t, r, c, code);
        }
    }
    if (rc != WG_OK) {
        wg_table_free(t);
        if (rc != WG_ENOMEM)
            return wg__ctx_err(ctx, rc, "melee table: cannot build the printed cells");
        return rc;
    }
    *out = t;
    return WG_OK;
}

int mr_melee_col(int amplitude)
{
    if (amplitude < 1 || amplitude > 30)
        return -1;
    return (amplitude - 1) / 5;
}

/* Parses "a/b" or "n" (n/n) or "-" (0). Returns 0 on success. */
static int parse_cell(const char *s, int *a, int *b)
{
    int x = 0, y = 0, n = 0;
    if (strcmp(s, "-") == 0 || strcmp(s, "–") == 0) {
        *a = *b = 0;
        return 0;
    }
    if (sscanf(s, "%d/%d%n", &x, &y, &n) == 2 && s[n] == '\0' && x >= 0 && y >= 0) {
        *a = x;
        *b = y;
        return 0;
    }
    if (sscanf(s, "%d%n", &x, &n) == 1 && s[n] == '\0' && x >= 0) {
        *a = *b = x;
        return 0;
    }
    return -1;
}

int mr_melee_cell_ok(const char *s)
{
    int a = 0, b = 0;
    return s && parse_cell(s, &a, &b) == 0 && a <= MR_MELEE_MAX_LOSS && b <= MR_MELEE_MAX_LOSS;
}

static int cell(int *a, int *b, wg_table *t, int row, int col, char *err)
{
    int code;
    const char *name;
    int rc = wg_table_lookup(&code, t, row, col);
    if (rc == WG_ETABLEGAP)
        return wg__seterr(err, rc,
                          "melee table: no value for CP difference %d, column %s (not printed in §10.1 and not "
                          "supplied by the host; LM-MELEE-24, GAP-05)",
                          row, col_label[col]);
    if (rc != WG_OK)
        return wg__seterr(err, rc, "melee table: lookup of CP difference %d, column %s failed", row,
                          col_label[col]);
    rc = wg_table_code_name(&name, t, code);
    if (rc != WG_OK || parse_cell(name, a, b) != 0)
        return wg__seterr(err, WG_EDATA, "melee table: cell CP difference %d, column %s holds '%s', not 'W/L' or 'N'",
                          row, col_label[col], rc == WG_OK ? name : "?");
    return WG_OK;
}

int mr_melee_resolve(int *win_loss, int *lose_loss, int *retreat, wg_table *t, int diff, int amplitude, char *err)
{
    int w = 0, l = 0, a, b, rc;
    if (!win_loss || !lose_loss || !retreat || !t || !err)
        return WG_EINVAL;
    if (diff < 0)
        diff = -diff;
    if (amplitude < 1)
        return wg__seterr(err, WG_EINVAL, "melee: amplitude %d, combat needs at least 1 strength step (GAP-40)",
                          amplitude);
    if (diff >= MR_MELEE_ROWS)
        return wg__seterr(err, WG_ETABLEGAP,
                          "melee table: CP difference %d is beyond the table's rows 0-%d (LM-MELEE-24, GAP-05)", diff,
                          MR_MELEE_ROWS - 1);
    while (amplitude > 30) { /* LM-MELEE-25, GAP-40 */
        rc = cell(&a, &b, t, diff, 5, err);
        if (rc != WG_OK)
            return rc;
        w += a;
        l += b;
        amplitude -= 30;
    }
    if (amplitude > 0) {
        rc = cell(&a, &b, t, diff, mr_melee_col(amplitude), err);
        if (rc != WG_OK)
            return rc;
        w += a;
        l += b;
    }
    *retreat = 0;
    if (diff > 0) { /* LM-RETREAT-01 */
        rc = cell(&a, &b, t, diff, MR_MELEE_RETREAT_COL, err);
        if (rc != WG_OK)
            return rc;
        *retreat = a;
    }
    *win_loss = w;
    *lose_loss = l;
    return WG_OK;
}

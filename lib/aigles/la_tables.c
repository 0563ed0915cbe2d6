/* Les Aigles: building the printed tables and reading their cells. */
#include "la_tables.h"

#include <string.h>

void la_tables_free(wg_table **t)
{
    for (int i = 0; i < LA_NTABLES; i++) {
        wg_table_free(t[i]);
        t[i] = NULL;
    }
}

int la_tables_build(wg_table **out, wg_ctx *ctx)
{
    for (int i = 0; i < LA_NTABLES; i++)
        out[i] = NULL;
    for (int i = 0; i < LA_NTABLES; i++) {
        const char *doc = la_printed_tables[i].doc;
        int rc = wg__table_load_as(&out[i], ctx, doc, strlen(doc), WG_CELL_PRINTED);
        if (rc != WG_OK) {
            la_tables_free(out);
            return rc;
        }
    }
    return WG_OK;
}

/* The code name of a cell, or the lookup's failure (WG_ETABLEGAP names the cell). */
static int cell_text(const char **text, wg_table *t, int row, int col)
{
    int code = 0;
    int rc = wg_table_lookup(&code, t, row, col);
    if (rc != WG_OK)
        return rc;
    return wg_table_code_name(text, t, code);
}

static int bad_cell(wg_table *t, int row, int col, const char *text, const char *what)
{
    const char *rl = "", *cl = "";
    wg_table_row_label(&rl, t, row);
    wg_table_col_label(&cl, t, col);
    return wg__seterr(t->err, WG_EDATA, "%s: cell (%s, %s) '%.40s' is not %s", wg_table_name(t), rl, cl, text, what);
}

/* A decimal integer with an optional sign; 0 on success. */
static int parse_int(const char *s, int *out)
{
    int neg = 0;
    if (*s == '+' || *s == '-')
        neg = *s++ == '-';
    if (!*s)
        return -1;
    long v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || v > 100000000)
            return -1;
        v = v * 10 + (*s - '0');
    }
    *out = (int)(neg ? -v : v);
    return 0;
}

int la_cell_int(int *out, wg_table *t, int row, int col)
{
    const char *s;
    int rc = cell_text(&s, t, row, col);
    if (rc != WG_OK)
        return rc;
    if (parse_int(s, out) != 0)
        return bad_cell(t, row, col, s, "an integer");
    return WG_OK;
}

int la_cell_mm(int32_t *out, wg_table *t, int row, int col)
{
    const char *s;
    int rc = cell_text(&s, t, row, col);
    if (rc != WG_OK)
        return rc;
    const char *p = s;
    long v = 0;
    int digits = 0, dec = -1;
    for (; *p; p++) {
        if (*p == '.' && dec < 0) {
            dec = 0;
            continue;
        }
        if (*p < '0' || *p > '9' || v > 10000000 || dec == 2)
            return bad_cell(t, row, col, s, "a length in mm");
        v = v * 10 + (*p - '0');
        digits++;
        if (dec >= 0)
            dec++;
    }
    if (!digits || dec == 0)
        return bad_cell(t, row, col, s, "a length in mm");
    for (int d = dec < 0 ? 0 : dec; d < 2; d++)
        v *= 10;
    *out = (int32_t)v;
    return WG_OK;
}

int la_cell_half(int *out, wg_table *t, int row, int col)
{
    static const char half[] = "\xc2\xbd"; /* ½ */
    const char *s;
    int rc = cell_text(&s, t, row, col);
    if (rc != WG_OK)
        return rc;
    const char *p = s;
    int whole = 0, digits = 0;
    for (; *p >= '0' && *p <= '9' && digits < 4; p++, digits++)
        whole = whole * 10 + (*p - '0');
    int h = 0;
    if (strcmp(p, half) == 0)
        h = 1;
    else if (*p)
        return bad_cell(t, row, col, s, "a time in periods");
    if (!digits && !h)
        return bad_cell(t, row, col, s, "a time in periods");
    *out = 2 * whole + h;
    return WG_OK;
}

int la_cell_range(int *lo, int *hi, wg_table *t, int row, int col)
{
    const char *s;
    int rc = cell_text(&s, t, row, col);
    if (rc != WG_OK)
        return rc;
    const char *dash = strchr(s, '-');
    char a[16];
    size_t n = dash ? (size_t)(dash - s) : 0;
    int x, y;
    if (!dash || n == 0 || n >= sizeof a)
        return bad_cell(t, row, col, s, "a range LO-HI");
    memcpy(a, s, n);
    a[n] = 0;
    if (a[0] == '+' || dash[1] == '+' || dash[1] == '-' || parse_int(a, &x) != 0 || parse_int(dash + 1, &y) != 0 ||
        x > y)
        return bad_cell(t, row, col, s, "a range LO-HI");
    *lo = x;
    *hi = y;
    return WG_OK;
}

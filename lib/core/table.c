/* Lookup tables: labelled rows and columns of result codes, printed, supplied or missing. */
#include "internal.h"

#include <string.h>

#define WG_TABLE_MAX_DIM 65535
#define WG_TABLE_MAX_CELLS (1 << 22)
#define WG_TABLE_MAX_CODES 32767
#define WG_TABLE_NAME_MAX 127 /* bytes of a table or result code name: saves carry them */

/* ---- construction and destruction ---- */

static size_t ncell(const wg_table *t)
{
    return (size_t)t->rows * (size_t)t->cols;
}

static void free_labels(wg_ctx *ctx, char **labels, int n)
{
    if (!labels)
        return;
    for (int i = 0; i < n; i++)
        wg__strfree(ctx, labels[i]);
    wg__free(ctx, labels, (size_t)n * sizeof *labels);
}

static void table_destroy(wg_table *t)
{
    if (!t)
        return;
    wg_ctx *ctx = t->ctx;
    wg__strfree(ctx, t->name);
    wg__free(ctx, t->cell, ncell(t) * sizeof *t->cell);
    wg__free(ctx, t->source, ncell(t) * sizeof *t->source);
    free_labels(ctx, t->row_label, t->rows);
    free_labels(ctx, t->col_label, t->cols);
    if (t->code_name) {
        for (int i = 0; i < t->ncode; i++)
            wg__strfree(ctx, t->code_name[i]);
        wg__free(ctx, t->code_name, t->capcode * sizeof *t->code_name);
    }
    wg__free(ctx, t, sizeof *t);
}

static int check_dims(char *err, int rows, int cols)
{
    if (rows < 1 || rows > WG_TABLE_MAX_DIM)
        return wg__seterr(err, WG_EINVAL, "a table needs 1 to %d rows, not %d", WG_TABLE_MAX_DIM, rows);
    if (cols < 1 || cols > WG_TABLE_MAX_DIM)
        return wg__seterr(err, WG_EINVAL, "a table needs 1 to %d columns, not %d", WG_TABLE_MAX_DIM, cols);
    if ((long long)rows * cols > WG_TABLE_MAX_CELLS)
        return wg__seterr(err, WG_EINVAL, "a table of %d x %d cells is larger than the limit of %d cells", rows,
                          cols, WG_TABLE_MAX_CELLS);
    return WG_OK;
}

/* Allocates a table with every cell a gap; does not count it as a live handle yet. */
static wg_table *table_create(wg_ctx *ctx, const char *name, int rows, int cols)
{
    wg_table *t = wg__alloc(ctx, sizeof *t);
    if (!t)
        return NULL;
    t->ctx = ctx;
    t->rows = rows;
    t->cols = cols;
    size_t n = ncell(t);
    t->name = wg__strdup(ctx, name);
    t->cell = wg__alloc(ctx, n * sizeof *t->cell);
    t->source = wg__alloc(ctx, n * sizeof *t->source);
    t->row_label = wg__alloc(ctx, (size_t)rows * sizeof *t->row_label);
    t->col_label = wg__alloc(ctx, (size_t)cols * sizeof *t->col_label);
    if (!t->name || !t->cell || !t->source || !t->row_label || !t->col_label) {
        table_destroy(t);
        return NULL;
    }
    for (size_t i = 0; i < n; i++)
        t->cell[i] = -1;
    return t;
}

int wg_table_new(wg_table **out, wg_ctx *ctx, const char *name, int rows, int cols)
{
    if (out)
        *out = NULL;
    if (!ctx)
        return WG_EINVAL;
    if (!out)
        return wg__ctx_err(ctx, WG_EINVAL, "wg_table_new: out is NULL");
    if (!name || !name[0])
        return wg__ctx_err(ctx, WG_EINVAL, "wg_table_new: the table needs a non-empty name");
    if (strlen(name) > WG_TABLE_NAME_MAX)
        return wg__ctx_err(ctx, WG_EINVAL, "wg_table_new: a table name is %d bytes at most (saves carry it)",
                           WG_TABLE_NAME_MAX);
    int rc = check_dims(ctx->err, rows, cols);
    if (rc != WG_OK)
        return rc;
    wg_table *t = table_create(ctx, name, rows, cols);
    if (!t)
        return wg__ctx_err(ctx, WG_ENOMEM, "out of memory creating table '%.60s'", name);
    wg__ctx_retain(ctx);
    *out = t;
    return WG_OK;
}

void wg_table_free(wg_table *table)
{
    if (!table)
        return;
    wg_ctx *ctx = table->ctx;
    table_destroy(table);
    wg__ctx_release(ctx);
}

const char *wg_table_errmsg(const wg_table *table)
{
    return table ? table->err : "";
}

const char *wg_table_name(const wg_table *table)
{
    return table ? table->name : NULL;
}

int wg_table_size(int *rows, int *cols, const wg_table *table)
{
    if (!table || (!rows && !cols))
        return WG_EINVAL;
    if (rows)
        *rows = table->rows;
    if (cols)
        *cols = table->cols;
    return WG_OK;
}

/* The error buffer is the handle's mutable "last error", even through a const handle. */
/* The message buffer of a handle, NULL for a const handle: calls on a const handle never write it
   (the header's thread contract), they return the status and leave the last message unchanged. */
#define errbuf(h) _Generic((h), wg_table *: (h)->err, default: (char *)NULL)

/* ---- labels ---- */

static bool is_index_ref(const char *s)
{
    return s[0] == '#' && s[1] >= '0' && s[1] <= '9';
}

static int find_label(char *const *labels, int n, const char *label)
{
    for (int i = 0; i < n; i++)
        if (labels[i] && strcmp(labels[i], label) == 0)
            return i;
    return -1;
}

static int set_label(wg_table *t, bool row, int i, const char *label)
{
    const char *what = row ? "row" : "column";
    int n = row ? t->rows : t->cols;
    char **labels = row ? t->row_label : t->col_label;
    if (!label)
        return wg__seterr(t->err, WG_EINVAL, "%s: the %s label is NULL", t->name, what);
    if (i < 0 || i >= n)
        return wg__seterr(t->err, WG_ERANGE, "%s: %s %d is out of range (0..%d)", t->name, what, i, n - 1);
    if (is_index_ref(label))
        return wg__seterr(t->err, WG_EINVAL, "%s: the label '%.60s' is reserved ('#' and a digit name an index)",
                          t->name, label);
    int other = label[0] ? find_label(labels, n, label) : -1;
    if (other >= 0 && other != i)
        return wg__seterr(t->err, WG_EINVAL, "%s: %s %d already has the label '%.60s'", t->name, what, other, label);
    char *copy = NULL;
    if (label[0]) {
        copy = wg__strdup(t->ctx, label);
        if (!copy)
            return wg__seterr(t->err, WG_ENOMEM, "%s: out of memory setting a label", t->name);
    }
    wg__strfree(t->ctx, labels[i]);
    labels[i] = copy;
    return WG_OK;
}

int wg_table_set_row_label(wg_table *table, int row, const char *label)
{
    if (!table)
        return WG_EINVAL;
    return set_label(table, true, row, label);
}

int wg_table_set_col_label(wg_table *table, int col, const char *label)
{
    if (!table)
        return WG_EINVAL;
    return set_label(table, false, col, label);
}

static int get_label(const char **out, const wg_table *t, bool row, int i)
{
    if (!out || !t)
        return WG_EINVAL;
    int n = row ? t->rows : t->cols;
    if (i < 0 || i >= n)
        return wg__seterr(errbuf(t), WG_ERANGE, "%s: %s %d is out of range (0..%d)", t->name,
                          row ? "row" : "column", i, n - 1);
    const char *l = row ? t->row_label[i] : t->col_label[i];
    *out = l ? l : "";
    return WG_OK;
}

int wg_table_row_label(const char **out, const wg_table *table, int row)
{
    return get_label(out, table, true, row);
}

int wg_table_col_label(const char **out, const wg_table *table, int col)
{
    return get_label(out, table, false, col);
}

/* Resolves a label, or "#N" for index N. Returns the index or -1. */
static int resolve(const wg_table *t, bool row, const char *ref)
{
    int n = row ? t->rows : t->cols;
    int i = find_label(row ? t->row_label : t->col_label, n, ref);
    if (i >= 0)
        return i;
    if (is_index_ref(ref)) {
        long long v;
        if (wg__parse_int(ref + 1, &v) == 0 && ref[1] != '+' && v >= 0 && v < n)
            return (int)v;
    }
    return -1;
}

static int find_ref(int *out, const wg_table *t, bool row, const char *label)
{
    if (!out || !t || !label)
        return WG_EINVAL;
    int i = resolve(t, row, label);
    if (i < 0)
        return wg__seterr(errbuf(t), WG_ENOTFOUND, "%s: no %s labelled '%.60s'", t->name, row ? "row" : "column",
                          label);
    *out = i;
    return WG_OK;
}

int wg_table_find_row(int *out, const wg_table *table, const char *label)
{
    return find_ref(out, table, true, label);
}

int wg_table_find_col(int *out, const wg_table *table, const char *label)
{
    return find_ref(out, table, false, label);
}

/* Writes "label" or "#i" for messages. */
static const char *label_or_index(char *tmp, size_t cap, char *const *labels, int i)
{
    if (labels[i])
        return labels[i];
    wg_sb sb;
    wg__sb_init(&sb, tmp, cap);
    wg__sb_printf(&sb, "#%d", i);
    return tmp;
}

/* Sets err to "<prefix>cell (ROW, COL)<suffix>". */
static int cell_err(char *err, int status, const wg_table *t, int row, int col, const char *fmt_tail, int code)
{
    char rbuf[16], cbuf[16], tail[160];
    const char *rl = label_or_index(rbuf, sizeof rbuf, t->row_label, row);
    const char *cl = label_or_index(cbuf, sizeof cbuf, t->col_label, col);
    wg_sb sb;
    wg__sb_init(&sb, tail, sizeof tail);
    if (code >= 0 && code < t->ncode)
        wg__sb_printf(&sb, fmt_tail, t->code_name[code]);
    else
        wg__sb_printf(&sb, "%s", fmt_tail);
    return wg__seterr(err, status, "%.40s: cell (%.40s, %.40s) %s", t->name, rl, cl, tail);
}

/* ---- result codes ---- */

static int find_code(const wg_table *t, const char *name)
{
    for (int i = 0; i < t->ncode; i++)
        if (strcmp(t->code_name[i], name) == 0)
            return i;
    return -1;
}

int wg_table_code(int *out, wg_table *table, const char *name)
{
    if (!out || !table)
        return WG_EINVAL;
    if (!name || !name[0])
        return wg__seterr(table->err, WG_EINVAL, "%s: a result code needs a non-empty name", table->name);
    if (strlen(name) > WG_TABLE_NAME_MAX)
        return wg__seterr(table->err, WG_EINVAL, "%s: a result code name is %d bytes at most (saves carry it)",
                          table->name, WG_TABLE_NAME_MAX);
    int c = find_code(table, name);
    if (c >= 0) {
        *out = c;
        return WG_OK;
    }
    if (table->ncode >= WG_TABLE_MAX_CODES)
        return wg__seterr(table->err, WG_ERANGE, "%s: a table holds at most %d result codes", table->name,
                          WG_TABLE_MAX_CODES);
    /* the copy first: a failure leaves the table as it was, memory in use included */
    char *copy = wg__strdup(table->ctx, name);
    if (!copy)
        return wg__seterr(table->err, WG_ENOMEM, "%s: out of memory defining a result code", table->name);
    if ((size_t)table->ncode + 1 > table->capcode) {
        void *arr = table->code_name;
        if (wg__grow(table->ctx, &arr, &table->capcode, (size_t)table->ncode + 1, sizeof *table->code_name) != WG_OK) {
            wg__strfree(table->ctx, copy);
            return wg__seterr(table->err, WG_ENOMEM, "%s: out of memory defining a result code", table->name);
        }
        table->code_name = arr;
    }
    table->code_name[table->ncode] = copy;
    *out = table->ncode++;
    return WG_OK;
}

int wg_table_code_count(int *out, const wg_table *table)
{
    if (!out || !table)
        return WG_EINVAL;
    *out = table->ncode;
    return WG_OK;
}

int wg_table_code_name(const char **out, const wg_table *table, int code)
{
    if (!out || !table)
        return WG_EINVAL;
    if (code < 0 || code >= table->ncode)
        return wg__seterr(errbuf(table), WG_ERANGE, "%s: result code %d is not defined (%d codes)", table->name,
                          code, table->ncode);
    *out = table->code_name[code];
    return WG_OK;
}

/* ---- cells ---- */

static int check_cell(char *eb, const wg_table *t, int row, int col)
{
    if (row < 0 || row >= t->rows)
        return wg__seterr(eb, WG_ERANGE, "%s: row %d is out of range (0..%d)", t->name, row, t->rows - 1);
    if (col < 0 || col >= t->cols)
        return wg__seterr(eb, WG_ERANGE, "%s: column %d is out of range (0..%d)", t->name, col,
                          t->cols - 1);
    return WG_OK;
}

static size_t at(const wg_table *t, int row, int col)
{
    return (size_t)row * (size_t)t->cols + (size_t)col;
}

int wg_table_set(wg_table *table, int row, int col, int code)
{
    if (!table)
        return WG_EINVAL;
    int rc = check_cell(errbuf(table), table, row, col);
    if (rc != WG_OK)
        return rc;
    if (code < 0 || code >= table->ncode)
        return wg__seterr(table->err, WG_ERANGE, "%s: result code %d is not defined (%d codes)", table->name, code,
                          table->ncode);
    size_t k = at(table, row, col);
    if (table->source[k] == WG_CELL_PRINTED) {
        if (table->cell[k] == code)
            return WG_OK; /* the printed value itself: nothing changes */
        return cell_err(table->err, WG_EILLEGAL, table, row, col,
                        "is printed in the rulebook (%s) and cannot be changed", table->cell[k]);
    }
    if (table->fill_only && table->source[k] == WG_CELL_SUPPLIED && table->cell[k] != code)
        return cell_err(table->err, WG_EILLEGAL, table, row, col,
                        "is already supplied (%s) and the game's decisions depend on it: a game's gaps can be "
                        "filled, not changed",
                        table->cell[k]);
    table->cell[k] = (int16_t)code;
    table->source[k] = WG_CELL_SUPPLIED;
    return WG_OK;
}

int wg_table_clear(wg_table *table, int row, int col)
{
    if (!table)
        return WG_EINVAL;
    int rc = check_cell(errbuf(table), table, row, col);
    if (rc != WG_OK)
        return rc;
    size_t k = at(table, row, col);
    if (table->source[k] == WG_CELL_PRINTED)
        return cell_err(table->err, WG_EILLEGAL, table, row, col, "is printed in the rulebook and cannot be cleared",
                        -1);
    if (table->fill_only && table->source[k] == WG_CELL_SUPPLIED)
        return cell_err(table->err, WG_EILLEGAL, table, row, col,
                        "belongs to a game whose decisions may depend on it and cannot be cleared", -1);
    table->cell[k] = -1;
    table->source[k] = WG_CELL_GAP;
    return WG_OK;
}

int wg_table_source(int *out, const wg_table *table, int row, int col)
{
    if (!out || !table)
        return WG_EINVAL;
    int rc = check_cell(errbuf(table), table, row, col);
    if (rc != WG_OK)
        return rc;
    *out = table->source[at(table, row, col)];
    return WG_OK;
}

int wg_table_lookup(int *out, wg_table *table, int row, int col)
{
    if (!out || !table)
        return WG_EINVAL;
    int rc = check_cell(errbuf(table), table, row, col);
    if (rc != WG_OK)
        return rc;
    size_t k = at(table, row, col);
    if (table->cell[k] < 0)
        return cell_err(table->err, WG_ETABLEGAP, table, row, col,
                        "is not printed in the rulebook and was not supplied; supply it with wg_table_set or "
                        "wg_table_supply",
                        -1);
    *out = table->cell[k];
    return WG_OK;
}

int wg_table_column_dist(uint64_t *counts, size_t cap, uint64_t *gaps, const wg_table *table, int col)
{
    if (!table || (!counts && cap > 0))
        return WG_EINVAL;
    if (col < 0 || col >= table->cols)
        return wg__seterr(errbuf(table), WG_ERANGE, "%s: column %d is out of range (0..%d)", table->name, col,
                          table->cols - 1);
    for (size_t c = 0; c < cap; c++)
        counts[c] = 0;
    uint64_t g = 0;
    for (int r = 0; r < table->rows; r++) {
        int v = table->cell[at(table, r, col)];
        if (v < 0)
            g++;
        else if ((size_t)v < cap)
            counts[v]++;
    }
    if (gaps)
        *gaps = g;
    return WG_OK;
}

int wg__table_set_printed(wg_table *t, int row, int col, int code)
{
    if (!t)
        return WG_EINVAL;
    int rc = check_cell(errbuf(t), t, row, col);
    if (rc != WG_OK)
        return rc;
    if (code < 0 || code >= t->ncode)
        return wg__seterr(t->err, WG_ERANGE, "%s: result code %d is not defined (%d codes)", t->name, code,
                          t->ncode);
    size_t k = at(t, row, col);
    t->cell[k] = (int16_t)code;
    t->source[k] = WG_CELL_PRINTED;
    return WG_OK;
}

/* ---- copies ---- */

static int copy_labels(wg_ctx *ctx, char **dst, char *const *src, int n)
{
    for (int i = 0; i < n; i++) {
        if (src[i]) {
            dst[i] = wg__strdup(ctx, src[i]);
            if (!dst[i])
                return WG_ENOMEM;
        }
    }
    return WG_OK;
}

int wg__table_copy(wg_table **out, wg_ctx *ctx, const wg_table *src)
{
    if (!out || !ctx || !src)
        return WG_EINVAL;
    wg_table *t = table_create(ctx, src->name, src->rows, src->cols);
    if (!t)
        return wg__ctx_err(ctx, WG_ENOMEM, "out of memory copying table '%.60s'", src->name);
    size_t n = ncell(src);
    memcpy(t->cell, src->cell, n * sizeof *t->cell);
    memcpy(t->source, src->source, n * sizeof *t->source);
    t->fill_only = src->fill_only;
    int rc = copy_labels(ctx, t->row_label, src->row_label, src->rows);
    if (rc == WG_OK)
        rc = copy_labels(ctx, t->col_label, src->col_label, src->cols);
    if (rc == WG_OK && src->ncode > 0) {
        void *arr = NULL;
        rc = wg__grow(ctx, &arr, &t->capcode, (size_t)src->ncode, sizeof *t->code_name);
        t->code_name = arr;
        for (int i = 0; rc == WG_OK && i < src->ncode; i++) {
            t->code_name[i] = wg__strdup(ctx, src->code_name[i]);
            if (!t->code_name[i])
                rc = WG_ENOMEM;
            else
                t->ncode = i + 1;
        }
    }
    if (rc != WG_OK) {
        table_destroy(t);
        return wg__ctx_err(ctx, WG_ENOMEM, "out of memory copying table '%.60s'", src->name);
    }
    wg__ctx_retain(ctx);
    *out = t;
    return WG_OK;
}

/* ---- documents of kind `table` ---- */

/* What the `name`, `rows` and `cols` records of a document say. */
typedef struct table_head {
    const char *name;
    size_t rows_rec, cols_rec; /* record index + 1; 0 when absent */
    int rows, cols;
} table_head;

static int doc_line(const wg_data *d, size_t rec)
{
    return (int)(d->rec_line[rec] > (size_t)0x7fffffff ? 0x7fffffff : d->rec_line[rec]);
}

/* A `rows`/`cols` record with one field of decimal digits gives a count, not a label. */
static bool is_count(const wg_data *d, size_t rec)
{
    if (wg__data_nfield(d, rec) != 2)
        return false;
    const char *f = wg__data_get(d, rec, 1);
    if (!f[0])
        return false;
    for (; *f; f++)
        if (*f < '0' || *f > '9')
            return false;
    return true;
}

/* Reads the extent of a `rows` or `cols` record: a count, or a list of labels. */
static int head_extent(char *err, const wg_data *d, size_t rec, int *n)
{
    size_t nf = wg__data_nfield(d, rec);
    const char *kw = wg__data_get(d, rec, 0);
    if (nf < 2)
        return wg__seterr(err, WG_EPARSE, "table line %d: '%s' needs a count or labels", doc_line(d, rec), kw);
    if (is_count(d, rec)) {
        long long v = 0;
        if (wg__parse_int(wg__data_get(d, rec, 1), &v) != 0 || v < 1 || v > WG_TABLE_MAX_DIM)
            return wg__seterr(err, WG_EPARSE, "table line %d: %s count %.20s is not in 1..%d", doc_line(d, rec), kw,
                              wg__data_get(d, rec, 1), WG_TABLE_MAX_DIM);
        *n = (int)v;
        return WG_OK;
    }
    if (nf - 1 > WG_TABLE_MAX_DIM)
        return wg__seterr(err, WG_EPARSE, "table line %d: more than %d %s", doc_line(d, rec), WG_TABLE_MAX_DIM, kw);
    for (size_t i = 1; i < nf; i++) {
        const char *l = wg__data_get(d, rec, i);
        if (!l[0] || is_index_ref(l))
            return wg__seterr(err, WG_EPARSE, "table line %d: bad label '%.40s' (labels are non-empty and do not "
                              "start with '#' and a digit)", doc_line(d, rec), l);
        for (size_t j = 1; j < i; j++)
            if (strcmp(l, wg__data_get(d, rec, j)) == 0)
                return wg__seterr(err, WG_EPARSE, "table line %d: label '%.40s' is given twice", doc_line(d, rec),
                                  l);
    }
    *n = (int)(nf - 1);
    return WG_OK;
}

static int read_head(char *err, const wg_data *d, table_head *h)
{
    memset(h, 0, sizeof *h);
    for (size_t r = 0; r < d->nrec; r++) {
        const char *kw = wg__data_get(d, r, 0);
        size_t nf = wg__data_nfield(d, r);
        if (strcmp(kw, "name") == 0) {
            if (h->name)
                return wg__seterr(err, WG_EPARSE, "table line %d: a second 'name' record", doc_line(d, r));
            if (nf != 2 || !wg__data_get(d, r, 1)[0])
                return wg__seterr(err, WG_EPARSE, "table line %d: expected 'name NAME'", doc_line(d, r));
            h->name = wg__data_get(d, r, 1);
        } else if (strcmp(kw, "rows") == 0 || strcmp(kw, "cols") == 0) {
            bool row = kw[0] == 'r';
            size_t *slot = row ? &h->rows_rec : &h->cols_rec;
            if (*slot)
                return wg__seterr(err, WG_EPARSE, "table line %d: a second '%s' record", doc_line(d, r), kw);
            int rc = head_extent(err, d, r, row ? &h->rows : &h->cols);
            if (rc != WG_OK)
                return rc;
            *slot = r + 1;
        } else if (strcmp(kw, "codes") != 0 && strcmp(kw, "cell") != 0) {
            return wg__seterr(err, WG_EPARSE, "table line %d: unknown record '%.40s' (expected name, rows, cols, "
                              "codes or cell)", doc_line(d, r), kw);
        }
    }
    return WG_OK;
}

/* One pending cell change. */
typedef struct cell_change {
    int row, col, code;
    size_t rec;
} cell_change;

/* Applies the `codes` and `cell` records of a document to t, all or nothing.  Cells get `source`;
   a printed cell may be given again only with its printed value.  Errors go to err. */
static int apply_doc(wg_table *t, const wg_data *d, int source, char *err)
{
    wg_ctx *ctx = t->ctx;
    const char **newcode = NULL; /* names of codes to define, borrowed from the document */
    size_t nnew = 0, capnew = 0;
    cell_change *ch = NULL;
    size_t nch = 0, capch = 0;
    char **dup = NULL;
    size_t ndup = 0;
    uint8_t *seen = NULL;
    size_t n = ncell(t);
    int rc = WG_OK;

    seen = wg__alloc(ctx, n);
    if (!seen) {
        rc = wg__seterr(err, WG_ENOMEM, "%s: out of memory reading table cells", t->name);
        goto done;
    }
    for (size_t r = 0; r < d->nrec && rc == WG_OK; r++) {
        const char *kw = wg__data_get(d, r, 0);
        size_t nf = wg__data_nfield(d, r);
        bool is_codes = strcmp(kw, "codes") == 0;
        if (!is_codes && strcmp(kw, "cell") != 0)
            continue;
        if (!is_codes && nf != 4) {
            rc = wg__seterr(err, WG_EPARSE, "table line %d: expected 'cell ROW COL CODE'", doc_line(d, r));
            break;
        }
        if (is_codes && nf < 2) {
            rc = wg__seterr(err, WG_EPARSE, "table line %d: expected 'codes NAME ...'", doc_line(d, r));
            break;
        }
        /* result codes: defined by a `codes` record, or on first use in a `cell` */
        size_t from = is_codes ? 1 : 3;
        int code = -1;
        for (size_t f = from; f < nf && rc == WG_OK; f++) {
            const char *name = wg__data_get(d, r, f);
            if (!name[0]) {
                rc = wg__seterr(err, WG_EPARSE, "table line %d: empty result code name", doc_line(d, r));
                break;
            }
            code = find_code(t, name);
            if (code < 0) {
                for (size_t j = 0; j < nnew; j++)
                    if (strcmp(newcode[j], name) == 0)
                        code = t->ncode + (int)j;
            }
            if (code < 0) {
                if ((size_t)t->ncode + nnew >= WG_TABLE_MAX_CODES) {
                    rc = wg__seterr(err, WG_EPARSE, "table line %d: more than %d result codes", doc_line(d, r),
                                    WG_TABLE_MAX_CODES);
                    break;
                }
                void *arr = newcode;
                if (wg__grow(ctx, &arr, &capnew, nnew + 1, sizeof *newcode) != WG_OK) {
                    rc = wg__seterr(err, WG_ENOMEM, "%s: out of memory reading table cells", t->name);
                    break;
                }
                newcode = arr;
                newcode[nnew] = name;
                code = t->ncode + (int)nnew++;
            }
        }
        if (rc != WG_OK || is_codes)
            continue;
        const char *rref = wg__data_get(d, r, 1), *cref = wg__data_get(d, r, 2);
        int row = resolve(t, true, rref), col = resolve(t, false, cref);
        if (row < 0) {
            rc = wg__seterr(err, WG_EPARSE, "table line %d: %.40s has no row '%.40s'", doc_line(d, r), t->name, rref);
            break;
        }
        if (col < 0) {
            rc = wg__seterr(err, WG_EPARSE, "table line %d: %.40s has no column '%.40s'", doc_line(d, r), t->name,
                            cref);
            break;
        }
        size_t k = at(t, row, col);
        if (seen[k]) {
            rc = wg__seterr(err, WG_EPARSE, "table line %d: cell (%.40s, %.40s) is given twice", doc_line(d, r), rref,
                            cref);
            break;
        }
        seen[k] = 1;
        if (t->fill_only && t->source[k] == WG_CELL_SUPPLIED && t->cell[k] != code) {
            rc = cell_err(err, WG_EILLEGAL, t, row, col,
                          "is already supplied (%s) and the game's decisions depend on it: a game's gaps can be "
                          "filled, not changed",
                          t->cell[k]);
            break;
        }
        if (t->source[k] == WG_CELL_PRINTED && t->cell[k] != code) {
            char line[40];
            wg_sb sb;
            wg__sb_init(&sb, line, sizeof line);
            wg__sb_printf(&sb, "(line %d)", doc_line(d, r));
            rc = cell_err(err, WG_EILLEGAL, t, row, col, "is printed in the rulebook (%s) and cannot be changed",
                          t->cell[k]);
            size_t len = strlen(err);
            if (len + 1 + strlen(line) < WG_ERRMSG_CAP) {
                err[len] = ' ';
                memcpy(err + len + 1, line, strlen(line) + 1);
            }
            break;
        }
        void *arr = ch;
        if (wg__grow(ctx, &arr, &capch, nch + 1, sizeof *ch) != WG_OK) {
            rc = wg__seterr(err, WG_ENOMEM, "%s: out of memory reading table cells", t->name);
            break;
        }
        ch = arr;
        ch[nch].row = row;
        ch[nch].col = col;
        ch[nch].code = code;
        ch[nch].rec = r;
        nch++;
    }
    if (rc != WG_OK)
        goto done;

    /* everything that can fail happens before the table changes; the table's own code array grows
       last, so that a failure leaves its capacity (the memory in use) as it was */
    if (nnew > 0) {
        dup = wg__alloc(ctx, nnew * sizeof *dup);
        if (!dup) {
            rc = wg__seterr(err, WG_ENOMEM, "%s: out of memory defining result codes", t->name);
            goto done;
        }
        for (; ndup < nnew; ndup++) {
            dup[ndup] = wg__strdup(ctx, newcode[ndup]);
            if (!dup[ndup]) {
                rc = wg__seterr(err, WG_ENOMEM, "%s: out of memory defining result codes", t->name);
                goto done;
            }
        }
        void *arr = t->code_name;
        if (wg__grow(ctx, &arr, &t->capcode, (size_t)t->ncode + nnew, sizeof *t->code_name) != WG_OK) {
            rc = wg__seterr(err, WG_ENOMEM, "%s: out of memory defining result codes", t->name);
            goto done;
        }
        t->code_name = arr;
    }
    /* commit */
    for (size_t j = 0; j < nnew; j++)
        t->code_name[t->ncode + (int)j] = dup[j];
    t->ncode += (int)nnew;
    ndup = 0;
    for (size_t j = 0; j < nch; j++) {
        size_t k = at(t, ch[j].row, ch[j].col);
        if (t->source[k] == WG_CELL_PRINTED)
            continue; /* given again with its printed value */
        t->cell[k] = (int16_t)ch[j].code;
        t->source[k] = (uint8_t)source;
    }

done:
    if (dup) {
        for (size_t j = 0; j < ndup; j++)
            wg__strfree(ctx, dup[j]);
        wg__free(ctx, dup, nnew * sizeof *dup);
    }
    wg__free(ctx, ch, capch * sizeof *ch);
    wg__free(ctx, (void *)newcode, capnew * sizeof *newcode);
    wg__free(ctx, seen, n);
    return rc;
}

/* Applies the labels of a `rows`/`cols` record to a new table (labels are unique and valid). */
static int head_labels(wg_table *t, const wg_data *d, size_t rec, bool row)
{
    int n = row ? t->rows : t->cols;
    if (is_count(d, rec))
        return WG_OK;
    char **labels = row ? t->row_label : t->col_label;
    for (int i = 0; i < n; i++) {
        labels[i] = wg__strdup(t->ctx, wg__data_get(d, rec, (size_t)i + 1));
        if (!labels[i])
            return WG_ENOMEM;
    }
    return WG_OK;
}

int wg__table_load_as(wg_table **out, wg_ctx *ctx, const char *buf, size_t len, int source)
{
    if (out)
        *out = NULL;
    if (!ctx)
        return WG_EINVAL;
    if (!out)
        return wg__ctx_err(ctx, WG_EINVAL, "wg_table_load: out is NULL");
    if (source != WG_CELL_PRINTED && source != WG_CELL_SUPPLIED)
        return wg__ctx_err(ctx, WG_EINVAL, "wg_table_load: bad cell source %d", source);
    wg_data *d = NULL;
    int rc = wg__data_open(&d, ctx, buf, len, "table");
    if (rc != WG_OK)
        return rc;
    table_head h;
    rc = read_head(ctx->err, d, &h);
    if (rc == WG_OK && !h.name)
        rc = wg__ctx_err(ctx, WG_EPARSE, "table: missing record 'name NAME'");
    if (rc == WG_OK && !h.rows_rec)
        rc = wg__ctx_err(ctx, WG_EPARSE, "table %.60s: missing record 'rows COUNT' or 'rows LABEL ...'", h.name);
    if (rc == WG_OK && !h.cols_rec)
        rc = wg__ctx_err(ctx, WG_EPARSE, "table %.60s: missing record 'cols COUNT' or 'cols LABEL ...'", h.name);
    if (rc == WG_OK && check_dims(ctx->err, h.rows, h.cols) != WG_OK)
        rc = WG_EPARSE; /* check_dims set the message */
    if (rc != WG_OK) {
        wg_data_free(d);
        return rc;
    }
    wg_table *t = table_create(ctx, h.name, h.rows, h.cols);
    if (!t || head_labels(t, d, h.rows_rec - 1, true) != WG_OK || head_labels(t, d, h.cols_rec - 1, false) != WG_OK) {
        table_destroy(t);
        rc = wg__ctx_err(ctx, WG_ENOMEM, "out of memory loading table '%.60s'", h.name);
        wg_data_free(d);
        return rc;
    }
    rc = apply_doc(t, d, source, ctx->err);
    wg_data_free(d);
    if (rc != WG_OK) {
        table_destroy(t);
        return rc;
    }
    wg__ctx_retain(ctx);
    *out = t;
    return WG_OK;
}

int wg_table_load(wg_table **out, wg_ctx *ctx, const char *buf, size_t len)
{
    return wg__table_load_as(out, ctx, buf, len, WG_CELL_SUPPLIED);
}

/* Checks that a `rows`/`cols` record of a supplied document describes the table's rows/cols. */
static int head_matches(wg_table *t, const wg_data *d, size_t rec, bool row, int n)
{
    int tn = row ? t->rows : t->cols;
    const char *what = row ? "rows" : "cols";
    if (n != tn)
        return wg__seterr(t->err, WG_EPARSE, "table line %d: %s has %d %s, not %d", doc_line(d, rec), t->name, tn,
                          what, n);
    char *const *labels = row ? t->row_label : t->col_label;
    if (is_count(d, rec))
        return WG_OK;
    for (int i = 0; i < n; i++) {
        const char *l = wg__data_get(d, rec, (size_t)i + 1);
        if (!labels[i] || strcmp(labels[i], l) != 0)
            return wg__seterr(t->err, WG_EPARSE, "table line %d: %s %d of %.40s is labelled '%.40s', not '%.40s'",
                              doc_line(d, rec), row ? "row" : "column", i, t->name, labels[i] ? labels[i] : "",
                              l);
    }
    return WG_OK;
}

int wg_table_supply(wg_table *table, const char *buf, size_t len)
{
    if (!table)
        return WG_EINVAL;
    wg_ctx *ctx = table->ctx;
    if (!buf)
        return wg__seterr(table->err, WG_EINVAL, "wg_table_supply: buf is NULL");
    char saved[WG_ERRMSG_CAP];
    memcpy(saved, ctx->err, sizeof saved);
    wg_data *d = NULL;
    int rc = wg__data_open(&d, ctx, buf, len, "table");
    if (rc != WG_OK) {
        memcpy(table->err, ctx->err, sizeof table->err);
        memcpy(ctx->err, saved, sizeof saved);
        return rc;
    }
    table_head h;
    rc = read_head(table->err, d, &h);
    if (rc == WG_OK && h.name && strcmp(h.name, table->name) != 0)
        rc = wg__seterr(table->err, WG_EPARSE, "table: the document is for table '%.60s', not '%.60s'", h.name,
                        table->name);
    if (rc == WG_OK && h.rows_rec)
        rc = head_matches(table, d, h.rows_rec - 1, true, h.rows);
    if (rc == WG_OK && h.cols_rec)
        rc = head_matches(table, d, h.cols_rec - 1, false, h.cols);
    if (rc == WG_OK)
        rc = apply_doc(table, d, WG_CELL_SUPPLIED, table->err);
    wg_data_free(d);
    memcpy(ctx->err, saved, sizeof saved); /* not a constructor: the context's message stays */
    return rc;
}

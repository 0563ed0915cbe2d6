/* Lookup tables (lib/core/table.c): build, labels, codes, gaps, supply, printed cells, distributions. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "testutil.h"

static const char crt_text[] = "wgdata 1 table\n"
                               "name crt\n"
                               "rows \"die 1\" \"die 2\" \"die 3\" # die results\n"
                               "cols 50% 100% 150%\n"
                               "codes AE AR EX\n"
                               "cell \"die 1\" 50% AE\n"
                               "cell \"die 2\" 100% DR   # a new code, defined on first use\n"
                               "cell #2 #0 AR\n";

static wg_table *load(wg_ctx *ctx, const char *text)
{
    wg_table *t = NULL;
    int rc = wg_table_load(&t, ctx, text, strlen(text));
    ck_assert_msg(rc == WG_OK, "load failed: %d %s", rc, wg_ctx_errmsg(ctx));
    return t;
}

static int code_of(wg_table *t, const char *name)
{
    int c = -1;
    ck_assert_int_eq(wg_table_code(&c, t, name), WG_OK);
    return c;
}

static int lookup(wg_table *t, int row, int col)
{
    int v = -7;
    ck_assert_int_eq(wg_table_lookup(&v, t, row, col), WG_OK);
    return v;
}

static int source(const wg_table *t, int row, int col)
{
    int s = -7;
    ck_assert_int_eq(wg_table_source(&s, t, row, col), WG_OK);
    return s;
}

/* Snapshot of everything visible about a table, to prove failed calls change nothing. */
static void snapshot(char *buf, size_t cap, const wg_table *t)
{
    wg_sb sb;
    wg__sb_init(&sb, buf, cap);
    int rows, cols, ncode;
    ck_assert_int_eq(wg_table_size(&rows, &cols, t), WG_OK);
    ck_assert_int_eq(wg_table_code_count(&ncode, t), WG_OK);
    wg__sb_printf(&sb, "%s %dx%d codes:", wg_table_name(t), rows, cols);
    for (int c = 0; c < ncode; c++) {
        const char *n;
        ck_assert_int_eq(wg_table_code_name(&n, t, c), WG_OK);
        wg__sb_printf(&sb, " %s", n);
    }
    for (int r = 0; r < rows; r++) {
        const char *l;
        ck_assert_int_eq(wg_table_row_label(&l, t, r), WG_OK);
        wg__sb_printf(&sb, "|%s:", l);
        for (int c = 0; c < cols; c++)
            wg__sb_printf(&sb, " %d/%d", t->cell[r * cols + c], source(t, r, c));
    }
    for (int c = 0; c < cols; c++) {
        const char *l;
        ck_assert_int_eq(wg_table_col_label(&l, t, c), WG_OK);
        wg__sb_printf(&sb, "|%s", l);
    }
    ck_assert_uint_lt(sb.len, cap);
}

START_TEST(test_new_and_set)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_table *t = NULL;
    ck_assert_int_eq(wg_table_new(&t, ctx, "fm", 8, 2), WG_OK);
    ck_assert_str_eq(wg_table_name(t), "fm");
    int rows = 0, cols = 0;
    ck_assert_int_eq(wg_table_size(&rows, &cols, t), WG_OK);
    ck_assert_int_eq(rows, 8);
    ck_assert_int_eq(cols, 2);
    ck_assert_int_eq(wg_table_size(&rows, NULL, t), WG_OK);
    ck_assert_int_eq(wg_table_size(NULL, NULL, t), WG_EINVAL);
    ck_assert_int_eq(wg_table_size(&rows, &cols, NULL), WG_EINVAL);
    int n = -1;
    ck_assert_int_eq(wg_table_code_count(&n, t), WG_OK);
    ck_assert_int_eq(n, 0);
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 2; c++)
            ck_assert_int_eq(source(t, r, c), WG_CELL_GAP);
    int ok = code_of(t, "ok"), op = code_of(t, "Op");
    ck_assert_int_eq(ok, 0);
    ck_assert_int_eq(op, 1);
    ck_assert_int_eq(code_of(t, "ok"), 0); /* found, not defined again */
    ck_assert_int_eq(wg_table_code_count(&n, t), WG_OK);
    ck_assert_int_eq(n, 2);
    const char *name;
    ck_assert_int_eq(wg_table_code_name(&name, t, 1), WG_OK);
    ck_assert_str_eq(name, "Op");
    ck_assert_int_eq(wg_table_set(t, 3, 1, op), WG_OK);
    ck_assert_int_eq(source(t, 3, 1), WG_CELL_SUPPLIED);
    ck_assert_int_eq(lookup(t, 3, 1), op);
    ck_assert_int_eq(wg_table_set(t, 3, 1, ok), WG_OK); /* a supplied cell may be supplied again */
    ck_assert_int_eq(lookup(t, 3, 1), ok);
    ck_assert_int_eq(wg_table_clear(t, 3, 1), WG_OK);
    ck_assert_int_eq(source(t, 3, 1), WG_CELL_GAP);
    ck_assert_int_eq(wg_table_clear(t, 3, 1), WG_OK); /* clearing a gap changes nothing */
    int v = 42;
    ck_assert_int_eq(wg_table_lookup(&v, t, 3, 1), WG_ETABLEGAP);
    ck_assert_int_eq(v, 42);
    wg_table_free(t);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
}
END_TEST

START_TEST(test_gap_message)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_table *t = NULL;
    ck_assert_int_eq(wg_table_new(&t, ctx, "crt", 6, 4), WG_OK);
    ck_assert_int_eq(wg_table_set_row_label(t, 2, "die 3"), WG_OK);
    ck_assert_int_eq(wg_table_set_col_label(t, 2, "150%"), WG_OK);
    int v;
    ck_assert_int_eq(wg_table_lookup(&v, t, 2, 2), WG_ETABLEGAP);
    ck_assert_str_eq(wg_table_errmsg(t), "crt: cell (die 3, 150%) is not printed in the rulebook and was not "
                                         "supplied; supply it with wg_table_set or wg_table_supply");
    /* unlabelled rows and columns are named by index */
    ck_assert_int_eq(wg_table_lookup(&v, t, 5, 3), WG_ETABLEGAP);
    ck_assert_ptr_nonnull(strstr(wg_table_errmsg(t), "crt: cell (#5, #3) is not printed"));
    wg_table_free(t);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

START_TEST(test_printed_protection)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_table *t = NULL;
    ck_assert_int_eq(wg_table_new(&t, ctx, "crt", 2, 2), WG_OK);
    int ae = code_of(t, "AE"), de = code_of(t, "DE");
    ck_assert_int_eq(wg_table_set_col_label(t, 1, "1:1"), WG_OK);
    ck_assert_int_eq(wg__table_set_printed(t, 0, 1, ae), WG_OK);
    ck_assert_int_eq(source(t, 0, 1), WG_CELL_PRINTED);
    ck_assert_int_eq(lookup(t, 0, 1), ae);
    ck_assert_int_eq(wg_table_set(t, 0, 1, de), WG_EILLEGAL);
    ck_assert_str_eq(wg_table_errmsg(t), "crt: cell (#0, 1:1) is printed in the rulebook (AE) and cannot be changed");
    ck_assert_int_eq(lookup(t, 0, 1), ae);
    ck_assert_int_eq(wg_table_set(t, 0, 1, ae), WG_OK); /* the printed value itself is no change */
    ck_assert_int_eq(source(t, 0, 1), WG_CELL_PRINTED);
    ck_assert_int_eq(wg_table_clear(t, 0, 1), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(wg_table_errmsg(t), "cannot be cleared"));
    ck_assert_int_eq(source(t, 0, 1), WG_CELL_PRINTED);
    /* errors of the internal setter */
    ck_assert_int_eq(wg__table_set_printed(NULL, 0, 0, ae), WG_EINVAL);
    ck_assert_int_eq(wg__table_set_printed(t, 2, 0, ae), WG_ERANGE);
    ck_assert_int_eq(wg__table_set_printed(t, 0, -1, ae), WG_ERANGE);
    ck_assert_int_eq(wg__table_set_printed(t, 0, 0, 2), WG_ERANGE);
    ck_assert_int_eq(wg__table_set_printed(t, 0, 0, -1), WG_ERANGE);
    ck_assert_int_eq(source(t, 0, 0), WG_CELL_GAP);
    wg_table_free(t);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

START_TEST(test_labels)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_table *t = NULL;
    ck_assert_int_eq(wg_table_new(&t, ctx, "crt", 3, 2), WG_OK);
    const char *l = NULL;
    ck_assert_int_eq(wg_table_row_label(&l, t, 0), WG_OK);
    ck_assert_str_eq(l, "");
    ck_assert_int_eq(wg_table_set_row_label(t, 0, "1"), WG_OK);
    ck_assert_int_eq(wg_table_set_row_label(t, 1, "2"), WG_OK);
    ck_assert_int_eq(wg_table_set_col_label(t, 1, "2"), WG_OK); /* rows and columns are separate */
    ck_assert_int_eq(wg_table_row_label(&l, t, 1), WG_OK);
    ck_assert_str_eq(l, "2");
    ck_assert_int_eq(wg_table_col_label(&l, t, 1), WG_OK);
    ck_assert_str_eq(l, "2");
    int i = -1;
    ck_assert_int_eq(wg_table_find_row(&i, t, "2"), WG_OK);
    ck_assert_int_eq(i, 1);
    ck_assert_int_eq(wg_table_find_col(&i, t, "2"), WG_OK);
    ck_assert_int_eq(i, 1);
    ck_assert_int_eq(wg_table_find_row(&i, t, "#2"), WG_OK); /* an index */
    ck_assert_int_eq(i, 2);
    i = -1;
    ck_assert_int_eq(wg_table_find_row(&i, t, "#3"), WG_ENOTFOUND);
    ck_assert_int_eq(wg_table_find_row(&i, t, "#-1"), WG_ENOTFOUND);
    ck_assert_int_eq(wg_table_find_row(&i, t, "#1x"), WG_ENOTFOUND);
    ck_assert_int_eq(wg_table_find_row(&i, t, "9"), WG_ENOTFOUND);
    ck_assert_str_eq(wg_table_errmsg(t), ""); /* a call on a const table writes no message */
    ck_assert_int_eq(wg_table_find_col(&i, t, "1"), WG_ENOTFOUND);
    ck_assert_str_eq(wg_table_errmsg(t), "");
    ck_assert_int_eq(i, -1);
    /* duplicates, reserved spellings, ranges, NULLs */
    ck_assert_int_eq(wg_table_set_row_label(t, 2, "1"), WG_EINVAL);
    ck_assert_str_eq(wg_table_errmsg(t), "crt: row 0 already has the label '1'");
    ck_assert_int_eq(wg_table_set_row_label(t, 0, "1"), WG_OK); /* relabelling with the same label */
    ck_assert_int_eq(wg_table_set_row_label(t, 2, "#4"), WG_EINVAL);
    ck_assert_int_eq(wg_table_set_row_label(t, 2, "#a"), WG_OK); /* '#' without a digit is a label */
    ck_assert_int_eq(wg_table_find_row(&i, t, "#a"), WG_OK);
    ck_assert_int_eq(i, 2);
    ck_assert_int_eq(wg_table_set_row_label(t, 3, "x"), WG_ERANGE);
    ck_assert_int_eq(wg_table_set_row_label(t, -1, "x"), WG_ERANGE);
    ck_assert_int_eq(wg_table_set_col_label(t, 2, "x"), WG_ERANGE);
    ck_assert_int_eq(wg_table_set_col_label(t, 0, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_table_set_row_label(NULL, 0, "x"), WG_EINVAL);
    ck_assert_int_eq(wg_table_set_col_label(NULL, 0, "x"), WG_EINVAL);
    ck_assert_int_eq(wg_table_row_label(NULL, t, 0), WG_EINVAL);
    ck_assert_int_eq(wg_table_row_label(&l, NULL, 0), WG_EINVAL);
    ck_assert_int_eq(wg_table_row_label(&l, t, 3), WG_ERANGE);
    ck_assert_int_eq(wg_table_col_label(&l, t, -1), WG_ERANGE);
    ck_assert_int_eq(wg_table_find_row(NULL, t, "1"), WG_EINVAL);
    ck_assert_int_eq(wg_table_find_row(&i, NULL, "1"), WG_EINVAL);
    ck_assert_int_eq(wg_table_find_col(&i, t, NULL), WG_EINVAL);
    /* the empty label removes a label */
    ck_assert_int_eq(wg_table_set_row_label(t, 0, ""), WG_OK);
    ck_assert_int_eq(wg_table_row_label(&l, t, 0), WG_OK);
    ck_assert_str_eq(l, "");
    ck_assert_int_eq(wg_table_find_row(&i, t, "1"), WG_ENOTFOUND);
    wg_table_free(t);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
}
END_TEST

START_TEST(test_argument_errors)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_table *t = (wg_table *)&a;
    ck_assert_int_eq(wg_table_new(&t, NULL, "x", 1, 1), WG_EINVAL);
    ck_assert_int_eq(wg_table_new(NULL, ctx, "x", 1, 1), WG_EINVAL);
    ck_assert_int_eq(wg_table_new(&t, ctx, NULL, 1, 1), WG_EINVAL);
    ck_assert_int_eq(wg_table_new(&t, ctx, "", 1, 1), WG_EINVAL);
    ck_assert_int_eq(wg_table_new(&t, ctx, "x", 0, 1), WG_EINVAL);
    ck_assert_str_eq(wg_ctx_errmsg(ctx), "a table needs 1 to 65535 rows, not 0");
    ck_assert_int_eq(wg_table_new(&t, ctx, "x", 1, -3), WG_EINVAL);
    ck_assert_int_eq(wg_table_new(&t, ctx, "x", 65536, 1), WG_EINVAL);
    ck_assert_int_eq(wg_table_new(&t, ctx, "x", 4096, 4096), WG_EINVAL);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "larger than the limit"));
    ck_assert_ptr_null(t); /* a failed constructor sets *out to NULL */
    char longname[200];
    memset(longname, 'n', sizeof longname - 1);
    longname[sizeof longname - 1] = '\0';
    t = (wg_table *)&a;
    ck_assert_int_eq(wg_table_new(&t, ctx, longname, 1, 1), WG_EINVAL); /* saves carry the name: 127 bytes */
    ck_assert_ptr_null(t);
    ck_assert_uint_eq(a.blocks, 1); /* only the context */

    ck_assert_int_eq(wg_table_new(&t, ctx, "x", 2, 3), WG_OK);
    int v = 0, c = 0;
    ck_assert_int_eq(wg_table_code(&c, t, "hit"), WG_OK);
    ck_assert_int_eq(wg_table_code(NULL, t, "hit"), WG_EINVAL);
    ck_assert_int_eq(wg_table_code(&c, NULL, "hit"), WG_EINVAL);
    ck_assert_int_eq(wg_table_code(&c, t, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_table_code(&c, t, ""), WG_EINVAL);
    ck_assert_int_eq(wg_table_code_count(NULL, t), WG_EINVAL);
    ck_assert_int_eq(wg_table_code_count(&v, NULL), WG_EINVAL);
    const char *s;
    ck_assert_int_eq(wg_table_code_name(&s, t, 1), WG_ERANGE);
    ck_assert_str_eq(wg_table_errmsg(t), "x: a result code needs a non-empty name"); /* const call: unchanged */
    ck_assert_int_eq(wg_table_code_name(&s, t, -1), WG_ERANGE);
    ck_assert_int_eq(wg_table_code_name(NULL, t, 0), WG_EINVAL);
    ck_assert_int_eq(wg_table_code_name(&s, NULL, 0), WG_EINVAL);

    ck_assert_int_eq(wg_table_set(NULL, 0, 0, 0), WG_EINVAL);
    ck_assert_int_eq(wg_table_set(t, 2, 0, 0), WG_ERANGE);
    ck_assert_str_eq(wg_table_errmsg(t), "x: row 2 is out of range (0..1)");
    ck_assert_int_eq(wg_table_set(t, 0, 3, 0), WG_ERANGE);
    ck_assert_str_eq(wg_table_errmsg(t), "x: column 3 is out of range (0..2)");
    ck_assert_int_eq(wg_table_set(t, -1, 0, 0), WG_ERANGE);
    ck_assert_int_eq(wg_table_set(t, 0, -1, 0), WG_ERANGE);
    ck_assert_int_eq(wg_table_set(t, 0, 0, 1), WG_ERANGE);
    ck_assert_int_eq(wg_table_set(t, 0, 0, -1), WG_ERANGE);
    ck_assert_int_eq(wg_table_clear(NULL, 0, 0), WG_EINVAL);
    ck_assert_int_eq(wg_table_clear(t, 0, 9), WG_ERANGE);
    ck_assert_int_eq(wg_table_source(NULL, t, 0, 0), WG_EINVAL);
    ck_assert_int_eq(wg_table_source(&v, NULL, 0, 0), WG_EINVAL);
    ck_assert_int_eq(wg_table_source(&v, t, 9, 0), WG_ERANGE);
    ck_assert_int_eq(wg_table_lookup(NULL, t, 0, 0), WG_EINVAL);
    ck_assert_int_eq(wg_table_lookup(&v, NULL, 0, 0), WG_EINVAL);
    ck_assert_int_eq(wg_table_lookup(&v, t, 0, 3), WG_ERANGE);
    ck_assert_int_eq(wg_table_lookup(&v, t, -1, 0), WG_ERANGE);
    uint64_t counts[2], gaps;
    ck_assert_int_eq(wg_table_column_dist(counts, 2, &gaps, NULL, 0), WG_EINVAL);
    ck_assert_int_eq(wg_table_column_dist(NULL, 2, &gaps, t, 0), WG_EINVAL);
    ck_assert_int_eq(wg_table_column_dist(counts, 2, &gaps, t, 3), WG_ERANGE);
    ck_assert_int_eq(wg_table_column_dist(counts, 2, &gaps, t, -1), WG_ERANGE);
    ck_assert_int_eq(wg_table_supply(NULL, "wgdata 1 table", 14), WG_EINVAL);
    ck_assert_int_eq(wg_table_supply(t, NULL, 0), WG_EINVAL);
    ck_assert_ptr_null(wg_table_name(NULL));
    ck_assert_str_eq(wg_table_errmsg(NULL), "");
    wg_table_free(NULL);
    wg_table_free(t);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
}
END_TEST

START_TEST(test_column_dist)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_table *t = NULL;
    ck_assert_int_eq(wg_table_new(&t, ctx, "double", 6, 2), WG_OK);
    int ok = code_of(t, "ok"), op = code_of(t, "Op"), d = code_of(t, "d");
    /* column 0: ok ok Op Op d (gap) */
    ck_assert_int_eq(wg__table_set_printed(t, 0, 0, ok), WG_OK);
    ck_assert_int_eq(wg__table_set_printed(t, 1, 0, ok), WG_OK);
    ck_assert_int_eq(wg__table_set_printed(t, 2, 0, op), WG_OK);
    ck_assert_int_eq(wg_table_set(t, 3, 0, op), WG_OK);
    ck_assert_int_eq(wg_table_set(t, 4, 0, d), WG_OK);
    uint64_t counts[4] = {9, 9, 9, 9}, gaps = 9;
    ck_assert_int_eq(wg_table_column_dist(counts, 4, &gaps, t, 0), WG_OK);
    ck_assert_uint_eq(counts[0], 2);
    ck_assert_uint_eq(counts[1], 2);
    ck_assert_uint_eq(counts[2], 1);
    ck_assert_uint_eq(counts[3], 0);
    ck_assert_uint_eq(gaps, 1);
    /* a short buffer gets the first codes only; gaps may be omitted */
    counts[1] = 9;
    ck_assert_int_eq(wg_table_column_dist(counts, 1, NULL, t, 0), WG_OK);
    ck_assert_uint_eq(counts[0], 2);
    ck_assert_uint_eq(counts[1], 9);
    ck_assert_int_eq(wg_table_column_dist(NULL, 0, &gaps, t, 1), WG_OK);
    ck_assert_uint_eq(gaps, 6);
    wg_table_free(t);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

START_TEST(test_load)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_table *t = load(ctx, crt_text);
    ck_assert_str_eq(wg_table_name(t), "crt");
    int rows, cols, n;
    ck_assert_int_eq(wg_table_size(&rows, &cols, t), WG_OK);
    ck_assert_int_eq(rows, 3);
    ck_assert_int_eq(cols, 3);
    ck_assert_int_eq(wg_table_code_count(&n, t), WG_OK);
    ck_assert_int_eq(n, 4);
    const char *s;
    ck_assert_int_eq(wg_table_code_name(&s, t, 3), WG_OK);
    ck_assert_str_eq(s, "DR");
    ck_assert_int_eq(wg_table_row_label(&s, t, 1), WG_OK);
    ck_assert_str_eq(s, "die 2");
    ck_assert_int_eq(wg_table_col_label(&s, t, 2), WG_OK);
    ck_assert_str_eq(s, "150%");
    ck_assert_int_eq(lookup(t, 0, 0), 0);
    ck_assert_int_eq(lookup(t, 1, 1), 3);
    ck_assert_int_eq(lookup(t, 2, 0), 1);
    ck_assert_int_eq(source(t, 0, 0), WG_CELL_SUPPLIED);
    ck_assert_int_eq(source(t, 0, 1), WG_CELL_GAP);
    int v;
    ck_assert_int_eq(wg_table_lookup(&v, t, 2, 2), WG_ETABLEGAP);
    ck_assert_ptr_nonnull(strstr(wg_table_errmsg(t), "crt: cell (die 3, 150%) is not printed"));
    wg_table_free(t);

    /* counts instead of labels, and CRLF line ends */
    t = load(ctx, "wgdata 1 table\r\nname fm\r\nrows 8\r\ncols 2\r\ncell #7 #1 e\r\n");
    ck_assert_int_eq(wg_table_size(&rows, &cols, t), WG_OK);
    ck_assert_int_eq(rows, 8);
    ck_assert_int_eq(cols, 2);
    ck_assert_int_eq(lookup(t, 7, 1), 0);
    ck_assert_int_eq(wg_table_row_label(&s, t, 0), WG_OK);
    ck_assert_str_eq(s, "");
    wg_table_free(t);

    /* a single non-numeric field is one label; records may come in any order */
    t = load(ctx, "wgdata 1 table\ncell only x hit\ncols x y\nrows only\nname t1\n");
    ck_assert_int_eq(wg_table_size(&rows, &cols, t), WG_OK);
    ck_assert_int_eq(rows, 1);
    ck_assert_int_eq(cols, 2);
    ck_assert_int_eq(wg_table_row_label(&s, t, 0), WG_OK);
    ck_assert_str_eq(s, "only");
    ck_assert_int_eq(lookup(t, 0, 0), 0);
    wg_table_free(t);

    /* printed cells through the internal loader */
    t = NULL;
    ck_assert_int_eq(wg__table_load_as(&t, ctx, crt_text, strlen(crt_text), WG_CELL_PRINTED), WG_OK);
    ck_assert_int_eq(source(t, 0, 0), WG_CELL_PRINTED);
    ck_assert_int_eq(source(t, 1, 0), WG_CELL_GAP);
    wg_table_free(t);
    t = (wg_table *)&a;
    ck_assert_int_eq(wg__table_load_as(&t, ctx, crt_text, strlen(crt_text), WG_CELL_GAP), WG_EINVAL);
    ck_assert_int_eq(wg_table_load(NULL, ctx, crt_text, strlen(crt_text)), WG_EINVAL);
    ck_assert_int_eq(wg_table_load(&t, NULL, crt_text, strlen(crt_text)), WG_EINVAL);
    ck_assert_int_eq(wg_table_load(&t, ctx, NULL, 5), WG_EINVAL);
    ck_assert_ptr_null(t); /* a failed constructor sets *out to NULL */
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
}
END_TEST

static void expect_load_error(const char *text, int status, const char *msg)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_table *t = (wg_table *)&a;
    ck_assert_int_eq(wg_table_load(&t, ctx, text, strlen(text)), status);
    ck_assert_ptr_null(t); /* a failed constructor sets *out to NULL */
    ck_assert_msg(strstr(wg_ctx_errmsg(ctx), msg) != NULL, "message '%s' lacks '%s'", wg_ctx_errmsg(ctx), msg);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
}

START_TEST(test_load_errors)
{
    expect_load_error("wgdata 1 oob\n", WG_EPARSE, "expected a document of kind 'table', not 'oob'");
    expect_load_error("wgdata 1 table\nname \"x\n", WG_EPARSE, "data line 2, column 6: unterminated quoted string");
    expect_load_error("wgdata 1 table\nrows 2\ncols 2\n", WG_EPARSE, "missing record 'name NAME'");
    expect_load_error("wgdata 1 table\nname x\ncols 2\n", WG_EPARSE, "x: missing record 'rows");
    expect_load_error("wgdata 1 table\nname x\nrows 2\n", WG_EPARSE, "x: missing record 'cols");
    expect_load_error("wgdata 1 table\nname x\nname y\n", WG_EPARSE, "table line 3: a second 'name' record");
    expect_load_error("wgdata 1 table\nname x y\n", WG_EPARSE, "table line 2: expected 'name NAME'");
    expect_load_error("wgdata 1 table\nname x\nrows 2\nrows 3\n", WG_EPARSE, "table line 4: a second 'rows'");
    expect_load_error("wgdata 1 table\nname x\nrows\n", WG_EPARSE, "table line 3: 'rows' needs a count or labels");
    expect_load_error("wgdata 1 table\nname x\nrows 0\ncols 1\n", WG_EPARSE, "table line 3: rows count 0 is not");
    expect_load_error("wgdata 1 table\nname x\nrows 99999999999999999999\ncols 1\n", WG_EPARSE, "is not in 1..65535");
    expect_load_error("wgdata 1 table\nname x\nrows 5000\ncols 5000\n", WG_EPARSE, "larger than the limit");
    expect_load_error("wgdata 1 table\nname x\nrows a b a\n", WG_EPARSE, "table line 3: label 'a' is given twice");
    expect_load_error("wgdata 1 table\nname x\ncols a #1\n", WG_EPARSE, "table line 3: bad label '#1'");
    expect_load_error("wgdata 1 table\nname x\ncols a \"\"\n", WG_EPARSE, "table line 3: bad label ''");
    expect_load_error("wgdata 1 table\nname x\nrow 2\n", WG_EPARSE, "table line 3: unknown record 'row'");
    expect_load_error("wgdata 1 table\nname x\nrows 2\ncols 2\ncell #0 #0\n", WG_EPARSE,
                      "table line 5: expected 'cell ROW COL CODE'");
    expect_load_error("wgdata 1 table\nname x\nrows 2\ncols 2\ncell #0 #2 A\n", WG_EPARSE,
                      "table line 5: x has no column '#2'");
    expect_load_error("wgdata 1 table\nname x\nrows a b\ncols 2\ncell c #1 A\n", WG_EPARSE,
                      "table line 5: x has no row 'c'");
    expect_load_error("wgdata 1 table\nname x\nrows 2\ncols 2\ncell #0 #0 A\ncell #0 #0 B\n", WG_EPARSE,
                      "table line 6: cell (#0, #0) is given twice");
    expect_load_error("wgdata 1 table\nname x\nrows 2\ncols 2\ncell #0 #0 \"\"\n", WG_EPARSE,
                      "table line 5: empty result code name");
    expect_load_error("wgdata 1 table\nname x\nrows 2\ncols 2\ncodes\n", WG_EPARSE,
                      "table line 5: expected 'codes NAME ...'");
}
END_TEST

START_TEST(test_supply)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_table *t = NULL;
    ck_assert_int_eq(wg__table_load_as(&t, ctx, crt_text, strlen(crt_text), WG_CELL_PRINTED), WG_OK);
    static const char sup[] = "wgdata 1 table\n"
                              "name crt            # optional, must match\n"
                              "cols 50% 100% 150%  # optional, must match\n"
                              "cell \"die 3\" 150% EX\n"
                              "cell \"die 1\" 50% AE   # the printed value again: allowed\n"
                              "cell #0 #2 NEW\n";
    ck_assert_int_eq(wg_table_supply(t, sup, strlen(sup)), WG_OK);
    ck_assert_int_eq(lookup(t, 2, 2), 2);
    ck_assert_int_eq(source(t, 2, 2), WG_CELL_SUPPLIED);
    ck_assert_int_eq(source(t, 0, 0), WG_CELL_PRINTED);
    ck_assert_int_eq(lookup(t, 0, 2), 4);
    int n;
    ck_assert_int_eq(wg_table_code_count(&n, t), WG_OK);
    ck_assert_int_eq(n, 5);
    /* a supplied cell may be supplied again */
    static const char again[] = "wgdata 1 table\ncell #2 #2 AE\n";
    ck_assert_int_eq(wg_table_supply(t, again, strlen(again)), WG_OK);
    ck_assert_int_eq(lookup(t, 2, 2), 0);
    wg_table_free(t);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
}
END_TEST

static void expect_supply_error(wg_table *t, const char *text, int status, const char *msg)
{
    char before[4096], after[4096];
    snapshot(before, sizeof before, t);
    ck_assert_int_eq(wg_table_supply(t, text, strlen(text)), status);
    ck_assert_msg(strstr(wg_table_errmsg(t), msg) != NULL, "message '%s' lacks '%s'", wg_table_errmsg(t), msg);
    snapshot(after, sizeof after, t);
    ck_assert_str_eq(before, after);
}

START_TEST(test_supply_all_or_nothing)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_table *t = NULL;
    ck_assert_int_eq(wg__table_load_as(&t, ctx, crt_text, strlen(crt_text), WG_CELL_PRINTED), WG_OK);
    /* the last record changes a printed cell: nothing before it is applied */
    expect_supply_error(t, "wgdata 1 table\ncodes Z1 Z2\ncell #0 #1 NEWCODE\ncell \"die 2\" 100% AE\n", WG_EILLEGAL,
                        "crt: cell (die 2, 100%) is printed in the rulebook (DR) and cannot be changed (line 4)");
    expect_supply_error(t, "wgdata 1 table\ncell #0 #1 AE\ncell #0 #9 AE\n", WG_EPARSE,
                        "table line 3: crt has no column '#9'");
    expect_supply_error(t, "wgdata 1 table\nname lga-crt\ncell #0 #1 AE\n", WG_EPARSE,
                        "the document is for table 'lga-crt', not 'crt'");
    expect_supply_error(t, "wgdata 1 table\nrows 4\n", WG_EPARSE, "table line 2: crt has 3 rows, not 4");
    expect_supply_error(t, "wgdata 1 table\nrows 3\ncols 3\ncell #0 #1 AE\nbogus\n", WG_EPARSE,
                        "table line 5: unknown record 'bogus'");
    expect_supply_error(t, "wgdata 1 table\ncols 50% 100% 200%\n", WG_EPARSE,
                        "table line 2: column 2 of crt is labelled '150%', not '200%'");
    expect_supply_error(t, "wgdata 1 map\n", WG_EPARSE, "expected a document of kind 'table'");
    expect_supply_error(t, "wgdata 1 table\ncell #0 #1 \"AE\n", WG_EPARSE, "data line 2, column 12: unterminated");
    expect_supply_error(t, "wgdata 1 table\ncell #0 #1 AE\ncell #0 #1 AR\n", WG_EPARSE, "is given twice");
    /* the counted form matches too */
    static const char ok[] = "wgdata 1 table\nrows 3\ncols 3\ncell #0 #1 AE\n";
    ck_assert_int_eq(wg_table_supply(t, ok, strlen(ok)), WG_OK);
    ck_assert_int_eq(lookup(t, 0, 1), 0);
    wg_table_free(t);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
}
END_TEST

START_TEST(test_copy)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_table *t = NULL, *c = NULL;
    ck_assert_int_eq(wg__table_load_as(&t, ctx, crt_text, strlen(crt_text), WG_CELL_PRINTED), WG_OK);
    ck_assert_int_eq(wg_table_set(t, 2, 2, 1), WG_OK);
    ck_assert_int_eq(wg__table_copy(&c, ctx, t), WG_OK);
    char s1[4096], s2[4096];
    snapshot(s1, sizeof s1, t);
    snapshot(s2, sizeof s2, c);
    ck_assert_str_eq(s1, s2);
    ck_assert_int_eq(wg_table_set(c, 2, 2, 2), WG_OK); /* independent */
    ck_assert_int_eq(lookup(t, 2, 2), 1);
    size_t live;
    ck_assert_int_eq(wg_ctx_live_handles(&live, ctx), WG_OK);
    ck_assert_uint_eq(live, 2);
    wg_table_free(c);
    ck_assert_int_eq(wg__table_copy(NULL, ctx, t), WG_EINVAL);
    ck_assert_int_eq(wg__table_copy(&c, NULL, t), WG_EINVAL);
    ck_assert_int_eq(wg__table_copy(&c, ctx, NULL), WG_EINVAL);

    /* OOM injection: every failure leaves nothing behind */
    int done = 0;
    for (uint64_t n = 1; n < 100 && !done; n++) {
        a.fail_at = a.calls + n;
        c = NULL;
        int rc = wg__table_copy(&c, ctx, t);
        a.fail_at = 0;
        if (rc == WG_OK) {
            snapshot(s2, sizeof s2, c);
            ck_assert_str_eq(s1, s2);
            wg_table_free(c);
            done = 1;
        } else {
            ck_assert_int_eq(rc, WG_ENOMEM);
            ck_assert_ptr_null(c);
        }
        ck_assert_int_eq(wg_ctx_live_handles(&live, ctx), WG_OK);
        ck_assert_uint_eq(live, 1);
    }
    ck_assert_int_eq(done, 1);
    wg_table_free(t);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
}
END_TEST

START_TEST(test_oom_new_code_label)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    int done = 0;
    for (uint64_t n = 1; n < 50 && !done; n++) {
        a.fail_at = a.calls + n;
        wg_table *t = NULL;
        int rc = wg_table_new(&t, ctx, "crt", 6, 6);
        a.fail_at = 0;
        if (rc == WG_OK) {
            done = 1;
            wg_table_free(t);
        } else {
            ck_assert_int_eq(rc, WG_ENOMEM);
            ck_assert_ptr_null(t);
        }
    }
    ck_assert_int_eq(done, 1);
    wg_table *t = NULL;
    ck_assert_int_eq(wg_table_new(&t, ctx, "crt", 2, 2), WG_OK);
    char before[1024], after[1024];
    /* codes: the first one allocates the array and the name */
    for (int k = 1; k <= 2; k++) {
        snapshot(before, sizeof before, t);
        a.fail_at = a.calls + (uint64_t)k;
        int c = -1;
        ck_assert_int_eq(wg_table_code(&c, t, "AE"), WG_ENOMEM);
        a.fail_at = 0;
        ck_assert_int_eq(c, -1);
        snapshot(after, sizeof after, t);
        ck_assert_str_eq(before, after);
    }
    a.fail_at = a.calls + 1;
    ck_assert_int_eq(wg_table_set_row_label(t, 0, "one"), WG_ENOMEM);
    a.fail_at = 0;
    snapshot(after, sizeof after, t);
    ck_assert_str_eq(before, after);
    wg_table_free(t);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
}
END_TEST

START_TEST(test_oom_load)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    int done = 0;
    for (uint64_t n = 1; n < 500 && !done; n++) {
        a.fail_at = a.calls + n;
        wg_table *t = (wg_table *)&a;
        int rc = wg_table_load(&t, ctx, crt_text, strlen(crt_text));
        a.fail_at = 0;
        size_t live = 9;
        ck_assert_int_eq(wg_ctx_live_handles(&live, ctx), WG_OK);
        if (rc == WG_OK) {
            done = 1;
            ck_assert_uint_eq(live, 1);
            ck_assert_int_eq(lookup(t, 1, 1), 3);
            wg_table_free(t);
        } else {
            ck_assert_int_eq(rc, WG_ENOMEM);
            ck_assert_ptr_null(t); /* a failed constructor sets *out to NULL */
            ck_assert_uint_eq(live, 0);
            ck_assert_uint_eq(a.blocks, 1); /* only the context */
        }
    }
    ck_assert_int_eq(done, 1);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
}
END_TEST

START_TEST(test_oom_supply)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_table *t = NULL;
    ck_assert_int_eq(wg__table_load_as(&t, ctx, crt_text, strlen(crt_text), WG_CELL_PRINTED), WG_OK);
    static const char sup[] = "wgdata 1 table\ncodes N1 N2 N3 N4 N5 N6 N7 N8 N9\n"
                              "cell #0 #1 X1\ncell #0 #2 X2\ncell #1 #0 X3\ncell #1 #2 X4\ncell #2 #1 X5\n";
    char before[4096], after[4096];
    snapshot(before, sizeof before, t);
    size_t base_blocks = a.blocks;
    char ctxmsg[WG_ERRMSG_CAP];
    ck_assert_int_eq(wg_table_new(NULL, ctx, "x", 1, 1), WG_EINVAL); /* a known context message */
    memcpy(ctxmsg, wg_ctx_errmsg(ctx), sizeof ctxmsg);
    int done = 0;
    for (uint64_t n = 1; n < 500 && !done; n++) {
        a.fail_at = a.calls + n;
        int rc = wg_table_supply(t, sup, strlen(sup));
        a.fail_at = 0;
        if (rc == WG_OK) {
            done = 1;
        } else {
            ck_assert_int_eq(rc, WG_ENOMEM);
            ck_assert_ptr_nonnull(strstr(wg_table_errmsg(t), "out of memory"));
            ck_assert_str_eq(wg_ctx_errmsg(ctx), ctxmsg); /* supply reports on the table only */
            snapshot(after, sizeof after, t);
            ck_assert_str_eq(before, after);
            /* the code-name array may have grown its capacity, but no block is left over */
            ck_assert_uint_eq(a.blocks, base_blocks);
        }
    }
    ck_assert_int_eq(done, 1);
    int n;
    ck_assert_int_eq(wg_table_code_count(&n, t), WG_OK);
    ck_assert_int_eq(n, 4 + 9 + 5);
    ck_assert_int_eq(lookup(t, 2, 1), 4 + 9 + 4);
    ck_assert_int_eq(source(t, 2, 1), WG_CELL_SUPPLIED);
    wg_table_free(t);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
}
END_TEST

static Suite *table_suite(void)
{
    Suite *s = suite_create("table");
    TCase *tc = tcase_create("table");
    tcase_add_test(tc, test_new_and_set);
    tcase_add_test(tc, test_gap_message);
    tcase_add_test(tc, test_printed_protection);
    tcase_add_test(tc, test_labels);
    tcase_add_test(tc, test_argument_errors);
    tcase_add_test(tc, test_column_dist);
    tcase_add_test(tc, test_load);
    tcase_add_test(tc, test_load_errors);
    tcase_add_test(tc, test_supply);
    tcase_add_test(tc, test_supply_all_or_nothing);
    tcase_add_test(tc, test_copy);
    tcase_add_test(tc, test_oom_new_code_label);
    tcase_add_test(tc, test_oom_load);
    tcase_add_test(tc, test_oom_supply);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(table_suite());
}

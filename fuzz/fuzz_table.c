/* Fuzz target: wg_table_load and wg_table_supply.
 *
 * The input is one document, or two separated by a line "%%": the first is loaded as a table and
 * the second supplied to it; the second (or the only) document is also supplied to a base table
 * with printed cells.  A failed supply must leave the table exactly as it was (all or nothing). */
#include "fuzz.h"
#include "internal.h"

#include <string.h>

static const char BASE[] = "wgdata 1 table\n"
                           "name crt\n"
                           "rows 1 2 3 4 5 6\n"
                           "cols 1:2 1:1 2:1 3:1 \"4:1\" 5:1\n"
                           "codes AE AR EX DR DE\n"
                           "cell 1 1:2 AR\n"
                           "cell 1 1:1 EX\n"
                           "cell #0 #5 DE\n"
                           "cell 6 3:1 DR\n";

enum { CELL_LIMIT = 1 << 16 };

static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h;
}

static uint64_t mix_str(uint64_t h, const char *s)
{
    return mix(h, fz_hash((const uint8_t *)s, strlen(s)));
}

/* Walks every accessor and returns a fingerprint of the table's contents. */
static uint64_t walk(wg_table *t)
{
    int rows = 0, cols = 0, ncode = -1;
    uint64_t h = 0;
    const char *name = wg_table_name(t);
    FZ_CHECK(name != NULL);
    h = mix_str(h, name);
    FZ_CHECK(wg_table_size(&rows, &cols, t) == WG_OK && rows > 0 && cols > 0);
    FZ_CHECK(wg_table_code_count(&ncode, t) == WG_OK && ncode >= 0);
    h = mix(mix(mix(h, (uint64_t)rows), (uint64_t)cols), (uint64_t)ncode);
    for (int c = 0; c < ncode; c++) {
        const char *cn = NULL;
        FZ_CHECK(wg_table_code_name(&cn, t, c) == WG_OK && cn);
        h = mix_str(h, cn);
    }
    for (int r = 0; r < rows && r < 256; r++) {
        const char *l = NULL;
        int back = -1;
        FZ_CHECK(wg_table_row_label(&l, t, r) == WG_OK && l);
        h = mix_str(h, l);
        if (l[0])
            FZ_CHECK(wg_table_find_row(&back, t, l) == WG_OK && back == r);
    }
    for (int c = 0; c < cols && c < 256; c++) {
        const char *l = NULL;
        int back = -1;
        FZ_CHECK(wg_table_col_label(&l, t, c) == WG_OK && l);
        h = mix_str(h, l);
        if (l[0])
            FZ_CHECK(wg_table_find_col(&back, t, l) == WG_OK && back == c);
    }
    if ((long)rows * cols <= CELL_LIMIT) {
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++) {
                int src = -1, code = -1;
                FZ_CHECK(wg_table_source(&src, t, r, c) == WG_OK);
                FZ_CHECK(src == WG_CELL_GAP || src == WG_CELL_PRINTED || src == WG_CELL_SUPPLIED);
                int rc = wg_table_lookup(&code, t, r, c);
                FZ_CHECK(rc == (src == WG_CELL_GAP ? WG_ETABLEGAP : WG_OK));
                if (rc == WG_OK)
                    FZ_CHECK(code >= 0 && code < ncode);
                h = mix(mix(h, (uint64_t)src), (uint64_t)code);
            }
        for (int c = 0; c < cols && c < 64; c++) {
            uint64_t counts[64], gaps = 0, sum = 0;
            int rc = wg_table_column_dist(counts, 64, &gaps, t, c);
            if (rc == WG_OK && ncode <= 64) {
                for (int k = 0; k < ncode; k++)
                    sum += counts[k];
                FZ_CHECK(sum + gaps == (uint64_t)rows);
            }
        }
    }
    return h;
}

/* Supplies doc to t; on failure t must be unchanged. */
static int supply(wg_table *t, const char *doc, size_t len)
{
    uint64_t before = walk(t);
    int rc = wg_table_supply(t, doc, len);
    uint64_t after = walk(t);
    if (rc != WG_OK) {
        FZ_CHECK(rc == WG_EPARSE || rc == WG_EILLEGAL || rc == WG_ENOMEM);
        FZ_CHECK(after == before);
        const char *msg = wg_table_errmsg(t);
        FZ_CHECK(msg && msg[0]);
    }
    return rc;
}

static void run(const char *a, size_t alen, const char *b, size_t blen, uint64_t fail_at, uint64_t *calls)
{
    fz_alloc al;
    wg_ctx *ctx = fz_ctx(&al);
    wg_table *t = NULL;
    /* set up the base table before the failure point is armed */
    wg_table *base = NULL;
    FZ_CHECK(wg__table_load_as(&base, ctx, BASE, sizeof BASE - 1, WG_CELL_PRINTED) == WG_OK);
    uint64_t start = al.calls;
    al.fail_at = fail_at ? start + fail_at : 0;
    int rc = wg_table_load(&t, ctx, a, alen);
    if (rc == WG_OK) {
        walk(t);
        if (b)
            supply(t, b, blen);
        wg_table_free(t);
    } else {
        FZ_CHECK(rc == WG_EPARSE || rc == WG_ENOMEM);
        FZ_CHECK(t == NULL);
        const char *msg = wg_ctx_errmsg(ctx);
        FZ_CHECK(msg && msg[0]);
    }
    supply(base, b ? b : a, b ? blen : alen);
    wg_table_free(base);
    *calls = al.calls - start;
    fz_ctx_done(ctx, &al);
}

WGFUZZ_TARGET(table)
{
    const char *a = (const char *)data, *b = NULL;
    size_t alen = size, blen = 0;
    for (size_t i = 0; i + 3 <= size; i++) {
        if (data[i] == '%' && data[i + 1] == '%' && (i == 0 || data[i - 1] == '\n') &&
            (i + 2 == size || data[i + 2] == '\n')) {
            alen = i;
            b = (const char *)data + i + 3 > (const char *)data + size ? (const char *)data + size
                                                                         : (const char *)data + i + 3;
            blen = size - (size_t)(b - (const char *)data);
            break;
        }
    }
    uint64_t calls = 0, calls2 = 0;
    run(a, alen, b, blen, 0, &calls);
    if (calls > 0)
        run(a, alen, b, blen, 1 + fz_hash(data, size) % calls, &calls2);
    return 0;
}

/* Fuzz target: wg_data_parse and the record accessors, with one failed allocation per input. */
#include "fuzz.h"

#include <string.h>

static int parse_once(const uint8_t *data, size_t size, uint64_t fail_at, uint64_t *calls)
{
    fz_alloc a;
    wg_ctx *ctx = fz_ctx(&a);
    a.fail_at = fail_at;
    wg_data *doc = NULL;
    int rc = wg_data_parse(&doc, ctx, (const char *)data, size);
    if (rc == WG_OK) {
        FZ_CHECK(doc != NULL);
        const char *kind = wg_data_kind(doc);
        FZ_CHECK(kind && kind[0]);
        size_t nrec = 0;
        FZ_CHECK(wg_data_record_count(&nrec, doc) == WG_OK);
        for (size_t r = 0; r < nrec; r++) {
            size_t nf = 0, line = 0;
            FZ_CHECK(wg_data_field_count(&nf, doc, r) == WG_OK && nf >= 1);
            FZ_CHECK(wg_data_line(&line, doc, r) == WG_OK && line >= 1);
            for (size_t f = 0; f < nf; f++) {
                const char *field = NULL;
                FZ_CHECK(wg_data_field(&field, doc, r, f) == WG_OK && field);
                FZ_CHECK(strlen(field) <= size);
            }
            const char *field = NULL;
            FZ_CHECK(wg_data_field(&field, doc, r, nf) != WG_OK);
        }
        size_t nf = 0;
        FZ_CHECK(wg_data_field_count(&nf, doc, nrec) != WG_OK);
        wg_data_free(doc);
    } else {
        FZ_CHECK(doc == NULL);
        const char *msg = wg_ctx_errmsg(ctx);
        FZ_CHECK(msg && msg[0]);
    }
    *calls = a.calls;
    fz_ctx_done(ctx, &a);
    return rc;
}

WGFUZZ_TARGET(data)
{
    uint64_t calls = 0, calls2 = 0;
    int rc = parse_once(data, size, 0, &calls);
    FZ_CHECK(rc == WG_OK || rc == WG_EPARSE);
    if (calls > 0) {
        uint64_t fail_at = 1 + fz_hash(data, size) % calls;
        int rc2 = parse_once(data, size, fail_at, &calls2);
        FZ_CHECK(rc2 == WG_ENOMEM || rc2 == rc);
    }
    return 0;
}

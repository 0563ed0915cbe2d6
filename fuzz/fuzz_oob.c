/* Fuzz target: wg_oob_load and the unit accessors, with one failed allocation per input. */
#include "fuzz.h"

#include <string.h>

static int load_once(const uint8_t *data, size_t size, uint64_t fail_at, uint64_t *calls)
{
    fz_alloc a;
    wg_ctx *ctx = fz_ctx(&a);
    a.fail_at = fail_at;
    wg_oob *oob = NULL;
    int rc = wg_oob_load(&oob, ctx, (const char *)data, size);
    if (rc == WG_OK) {
        int n = -1;
        FZ_CHECK(wg_oob_count(&n, oob) == WG_OK && n >= 0);
        for (int u = 0; u < n; u++) {
            int side = -1;
            const char *name = NULL;
            int64_t v = 0;
            FZ_CHECK(wg_oob_side(&side, oob, u) == WG_OK && side >= 0);
            FZ_CHECK(wg_oob_name(&name, oob, u) == WG_OK && name && name[0]);
            int arc = wg_oob_attr(&v, oob, u, "strength");
            FZ_CHECK(arc == WG_OK || arc == WG_ENOTFOUND);
        }
        const char *name = NULL;
        FZ_CHECK(wg_oob_name(&name, oob, n) != WG_OK);
        /* adding to a loaded order of battle works or fails cleanly */
        int u = -1;
        int arc = wg_oob_add(&u, oob, 0, "fuzz unit");
        FZ_CHECK(arc == WG_OK || arc == WG_ENOMEM);
        if (arc == WG_OK) {
            FZ_CHECK(u == n);
            int rc2 = wg_oob_set_attr(oob, u, "k", -1);
            FZ_CHECK(rc2 == WG_OK || rc2 == WG_ENOMEM);
        }
        wg_oob_free(oob);
    } else {
        FZ_CHECK(oob == NULL);
        const char *msg = wg_ctx_errmsg(ctx);
        FZ_CHECK(msg && msg[0]);
    }
    *calls = a.calls;
    fz_ctx_done(ctx, &a);
    return rc;
}

WGFUZZ_TARGET(oob)
{
    uint64_t calls = 0, calls2 = 0;
    int rc = load_once(data, size, 0, &calls);
    FZ_CHECK(rc == WG_OK || rc == WG_EPARSE);
    if (calls > 0) {
        uint64_t fail_at = 1 + fz_hash(data, size) % calls;
        int rc2 = load_once(data, size, fail_at, &calls2);
        FZ_CHECK(rc2 == WG_ENOMEM || rc2 == rc);
    }
    return 0;
}

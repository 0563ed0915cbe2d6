#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *wgt_alloc_fn(void *ud, void *ptr, size_t osize, size_t nsize)
{
    wgt_alloc *a = ud;
    if (nsize == 0) {
        if (ptr) {
            a->bytes -= osize;
            a->blocks--;
        }
        free(ptr);
        return NULL;
    }
    a->calls++;
    if ((a->fail_at && a->calls == a->fail_at) || (a->fail_all_after && a->failed)) {
        a->failed = 1;
        return NULL;
    }
    void *p = realloc(ptr, nsize);
    if (!p)
        return NULL;
    if (ptr) {
        a->bytes -= osize;
    } else {
        a->blocks++;
    }
    a->bytes += nsize;
    return p;
}

wg_ctx *wgt_ctx(wgt_alloc *a)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, wgt_alloc_fn, a), WG_OK);
    return ctx;
}

char *wgt_read_source_file(const char *relpath, size_t *len)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", WG_SOURCE_DIR, relpath);
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    ck_assert_ptr_nonnull(buf);
    size_t got = fread(buf, 1, (size_t)n, f);
    fclose(f);
    ck_assert_uint_eq(got, (size_t)n);
    buf[n] = '\0';
    if (len)
        *len = (size_t)n;
    return buf;
}

int wgt_run(Suite *s)
{
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

uint32_t wgt_crc32(const unsigned char *p, size_t n)
{
    uint32_t c = 0xffffffffu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
    }
    return c ^ 0xffffffffu;
}

void wgt_save_reseal(unsigned char *save, size_t len)
{
    if (len < 4)
        return;
    uint32_t crc = wgt_crc32(save, len - 4);
    for (int k = 0; k < 4; k++)
        save[len - 4 + (size_t)k] = (unsigned char)(crc >> (8 * k));
}

int wgt_scenario_count(void)
{
    /* no Check assertion here: suites call it while they are built, outside any test */
    int total = 0;
    for (int r = 0; r < wg_ruleset_count(); r++) {
        int n = 0;
        if (wg_ruleset_scenario_count(&n, wg_ruleset_id(r)) == WG_OK)
            total += n;
    }
    return total;
}

int wgt_scenario(int k, const char **ruleset, const char **scenario)
{
    for (int r = 0; r < wg_ruleset_count(); r++) {
        const char *rs = wg_ruleset_id(r);
        int n = 0;
        ck_assert_int_eq(wg_ruleset_scenario_count(&n, rs), WG_OK);
        if (k < n) {
            *ruleset = rs;
            ck_assert_int_eq(wg_ruleset_scenario_id(scenario, rs, k), WG_OK);
            return k;
        }
        k -= n;
    }
    ck_abort_msg("no scenario %d", k);
    return -1;
}

const char *wgt_playable_options(const char *ruleset)
{
    return strcmp(ruleset, "lga") == 0 ? "crt=completion" : "";
}

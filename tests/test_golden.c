/* Replays the golden decision logs in tests/golden/: the same actions must give the same state hash
   after every step (the Python and Lua bindings replay the same files). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static const char *golden_file;

static const char *field(const wg_data *d, size_t rec, size_t f)
{
    const char *s = NULL;
    ck_assert_int_eq(wg_data_field(&s, d, rec, f), WG_OK);
    return s;
}

START_TEST(test_replay_golden)
{
    size_t len;
    char *text = wgt_read_source_file(golden_file, &len);
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_data *d = NULL;
    ck_assert_msg(wg_data_parse(&d, ctx, text, len) == WG_OK, "%s", wg_ctx_errmsg(ctx));
    ck_assert_str_eq(wg_data_kind(d), "golden");
    size_t nrec;
    wg_data_record_count(&nrec, d);
    const char *ruleset = NULL, *scenario = NULL, *options = "";
    uint64_t seed = 0, start = 0;
    wg_game *g = NULL;
    size_t steps = 0;
    for (size_t r = 0; r < nrec; r++) {
        const char *kw = field(d, r, 0);
        if (!strcmp(kw, "ruleset"))
            ruleset = field(d, r, 1);
        else if (!strcmp(kw, "scenario"))
            scenario = field(d, r, 1);
        else if (!strcmp(kw, "options"))
            options = field(d, r, 1);
        else if (!strcmp(kw, "seed"))
            seed = strtoull(field(d, r, 1), NULL, 10);
        else if (!strcmp(kw, "start")) {
            start = strtoull(field(d, r, 1), NULL, 16);
            ck_assert_int_eq(wg_game_new(&g, ctx, ruleset, scenario, options, seed), WG_OK);
            uint64_t h;
            wg_game_hash(&h, g);
            ck_assert_msg(h == start, "%s: start hash differs", golden_file);
        } else if (!strcmp(kw, "step")) {
            ck_assert_ptr_nonnull(g);
            uint64_t action = strtoull(field(d, r, 2), NULL, 16);
            uint64_t want = strtoull(field(d, r, 3), NULL, 16);
            int rc = wg_game_choose_action(g, action);
            ck_assert_msg(rc == WG_OK, "%s step %s: %s", golden_file, field(d, r, 1), wg_game_errmsg(g));
            uint64_t h;
            wg_game_hash(&h, g);
            ck_assert_msg(h == want, "%s step %s: hash 0x%016llx, the log says 0x%016llx", golden_file,
                          field(d, r, 1), (unsigned long long)h, (unsigned long long)want);
            steps++;
        }
    }
    ck_assert_uint_gt(steps, 0);
    wg_game_free(g);
    wg_data_free(d);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    free(text);
}
END_TEST

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_golden tests/golden/FILE.wgd\n");
        return 2;
    }
    golden_file = argv[1];
    Suite *s = suite_create("golden");
    TCase *tc = tcase_create("golden");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_replay_golden);
    suite_add_tcase(s, tc);
    return wgt_run(s);
}

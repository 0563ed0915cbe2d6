/* Set-up parameters and host-supplied data documents (wg_setup_*), on the marechaux ruleset whose
   data pack and zone graph a host may replace. */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static char *replace_once(const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    ck_assert_ptr_nonnull(at);
    size_t n = strlen(text) - strlen(from) + strlen(to);
    char *out = malloc(n + 1);
    size_t head = (size_t)(at - text);
    memcpy(out, text, head);
    strcpy(out + head, to);
    strcat(out, at + strlen(from));
    return out;
}

static uint64_t hash_of(wg_game *g)
{
    uint64_t h;
    ck_assert_int_eq(wg_game_hash(&h, g), WG_OK);
    return h;
}

START_TEST(test_slots_listed)
{
    const char *slot;
    ck_assert_int_eq(wg_ruleset_data_slot(&slot, "marechaux", 0), WG_OK);
    ck_assert_str_eq(slot, "map");
    ck_assert_int_eq(wg_ruleset_data_slot(&slot, "marechaux", 1), WG_OK);
    ck_assert_str_eq(slot, "pack");
    ck_assert_int_eq(wg_ruleset_data_slot(&slot, "marechaux", 2), WG_ERANGE);
    ck_assert_int_eq(wg_ruleset_data_slot(&slot, "marechaux", -1), WG_ERANGE);
    ck_assert_int_eq(wg_ruleset_data_slot(&slot, "nope", 0), WG_ENOTFOUND);
    ck_assert_int_eq(wg_ruleset_data_slot(NULL, "marechaux", 0), WG_EINVAL);
}
END_TEST

START_TEST(test_setup_equals_new)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_setup *s = NULL;
    ck_assert_int_eq(wg_setup_new(&s, ctx, "marechaux", "1808"), WG_OK);
    ck_assert_int_eq(wg_setup_set_seed(s, 12), WG_OK);
    ck_assert_int_eq(wg_setup_set_options(s, NULL), WG_OK);
    wg_game *a = NULL, *b = NULL;
    ck_assert_int_eq(wg_game_new_setup(&a, s), WG_OK);
    ck_assert_int_eq(wg_game_new(&b, ctx, "marechaux", "1808", NULL, 12), WG_OK);
    ck_assert_uint_eq(hash_of(a), hash_of(b));
    /* the same pack supplied by the host plays the same game */
    size_t len;
    char *pack = wgt_read_source_file("data/marechaux/1808.wgd", &len);
    ck_assert_int_eq(wg_setup_add_data(s, "pack", pack, len), WG_OK);
    wg_game *c = NULL;
    ck_assert_int_eq(wg_game_new_setup(&c, s), WG_OK);
    wg_setup_free(s); /* games do not depend on their set-up parameters */
    ck_assert_uint_eq(hash_of(a), hash_of(c));
    ck_assert_int_eq(wg_game_playout(NULL, a, 400), WG_OK);
    ck_assert_int_eq(wg_game_playout(NULL, c, 400), WG_OK);
    ck_assert_uint_eq(hash_of(a), hash_of(c));
    free(pack);
    wg_game_free(a);
    wg_game_free(b);
    wg_game_free(c);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

START_TEST(test_supplied_pack_changes_game_and_is_saved)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    size_t len;
    char *pack = wgt_read_source_file("data/marechaux/1808.wgd", &len);
    char *mine = replace_once(pack, "fatigue 0 6", "fatigue 0 1");
    wg_setup *s = NULL;
    ck_assert_int_eq(wg_setup_new(&s, ctx, "marechaux", "1808"), WG_OK);
    ck_assert_int_eq(wg_setup_set_seed(s, 5), WG_OK);
    ck_assert_int_eq(wg_setup_add_data(s, "pack", mine, strlen(mine)), WG_OK);
    wg_game *g = NULL, *bundled = NULL;
    ck_assert_int_eq(wg_game_new_setup(&g, s), WG_OK);
    ck_assert_int_eq(wg_game_new(&bundled, ctx, "marechaux", "1808", NULL, 5), WG_OK);
    ck_assert_int_eq(wg_game_playout(NULL, g, 300), WG_OK);
    /* the save carries the supplied pack: the loaded game is the same game */
    size_t n;
    ck_assert_int_eq(wg_game_save(NULL, 0, &n, g), WG_OK);
    unsigned char *buf = malloc(n);
    ck_assert_int_eq(wg_game_save(buf, n, &n, g), WG_OK);
    ck_assert_uint_gt(n, strlen(mine));
    wg_game *l = NULL;
    ck_assert_int_eq(wg_game_load(&l, ctx, buf, n), WG_OK);
    ck_assert_uint_eq(hash_of(g), hash_of(l));
    ck_assert_int_eq(wg_game_playout(NULL, g, 1000000), WG_OK);
    ck_assert_int_eq(wg_game_playout(NULL, l, 1000000), WG_OK);
    ck_assert_uint_eq(hash_of(g), hash_of(l));
    /* a pool with fewer no-fatigue markers changes the seeded game */
    ck_assert_int_eq(wg_game_playout(NULL, bundled, 1000000), WG_OK);
    ck_assert_uint_ne(hash_of(g), hash_of(bundled));
    /* a clone shares the document */
    wg_game *c = NULL;
    ck_assert_int_eq(wg_game_clone(&c, l), WG_OK);
    wg_game_free(l);
    ck_assert_uint_eq(hash_of(c), hash_of(g));
    free(buf);
    free(pack);
    free(mine);
    wg_game_free(c);
    wg_game_free(g);
    wg_game_free(bundled);
    wg_setup_free(s);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

START_TEST(test_bad_input)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_setup *s = (wg_setup *)1;
    ck_assert_int_eq(wg_setup_new(&s, ctx, "nope", "1808"), WG_ENOTFOUND);
    ck_assert_ptr_null(s);
    ck_assert_int_eq(wg_setup_new(&s, ctx, "marechaux", "1999"), WG_ENOTFOUND);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "1808 1809"));
    ck_assert_int_eq(wg_setup_new(&s, ctx, NULL, "1808"), WG_EINVAL);
    ck_assert_int_eq(wg_setup_new(NULL, ctx, "marechaux", "1808"), WG_EINVAL);
    ck_assert_int_eq(wg_setup_new(&s, ctx, "marechaux", "1809"), WG_OK);
    ck_assert_int_eq(wg_setup_add_data(s, "rules", "x", 1), WG_ENOTFOUND);
    ck_assert_ptr_nonnull(strstr(wg_setup_errmsg(s), "slots: map pack"));
    ck_assert_int_eq(wg_setup_add_data(s, NULL, "x", 1), WG_EINVAL);
    ck_assert_int_eq(wg_setup_add_data(s, "pack", NULL, 3), WG_EINVAL);
    ck_assert_int_eq(wg_setup_set_seed(NULL, 1), WG_EINVAL);
    ck_assert_int_eq(wg_setup_set_options(NULL, ""), WG_EINVAL);
    ck_assert_str_eq(wg_setup_errmsg(NULL), "NULL set-up parameters");
    /* a broken supplied document: the context message names the slot and the line */
    const char *broken = "wgdata 1 marechaux\nscenario 1809 8\nunit XX bogus\n";
    ck_assert_int_eq(wg_setup_add_data(s, "pack", broken, strlen(broken)), WG_OK);
    wg_game *g = (wg_game *)1;
    int rc = wg_game_new_setup(&g, s);
    ck_assert_int_ne(rc, WG_OK);
    ck_assert_ptr_null(g);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "host-supplied pack"));
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "line"));
    /* replacing the document for the slot mends it */
    size_t len;
    char *pack = wgt_read_source_file("data/marechaux/1809.wgd", &len);
    ck_assert_int_eq(wg_setup_add_data(s, "pack", pack, len), WG_OK);
    ck_assert_int_eq(wg_game_new_setup(&g, s), WG_OK);
    wg_game_free(g);
    ck_assert_int_eq(wg_game_new_setup(NULL, s), WG_EINVAL);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_EBUSY);
    wg_setup_free(s);
    free(pack);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

START_TEST(test_oom)
{
    size_t len;
    char *pack = wgt_read_source_file("data/marechaux/1808.wgd", &len);
    for (uint64_t n = 1;; n++) {
        wgt_alloc a = {0};
        wg_ctx *ctx = wgt_ctx(&a);
        a.fail_at = a.calls + n;
        wg_setup *s = NULL;
        wg_game *g = NULL;
        int rc = wg_setup_new(&s, ctx, "marechaux", "1808");
        if (rc == WG_OK)
            rc = wg_setup_set_options(s, "");
        if (rc == WG_OK)
            rc = wg_setup_add_data(s, "pack", pack, len);
        if (rc == WG_OK)
            rc = wg_setup_add_data(s, "pack", pack, len); /* replacing */
        if (rc == WG_OK)
            rc = wg_game_new_setup(&g, s);
        int failed = a.failed;
        a.fail_at = 0;
        if (!failed) {
            ck_assert_int_eq(rc, WG_OK);
        } else {
            ck_assert_msg(rc == WG_ENOMEM, "n %llu: %d", (unsigned long long)n, rc);
            ck_assert_ptr_null(g);
        }
        wg_game_free(g);
        wg_setup_free(s);
        ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
        ck_assert_uint_eq(a.blocks, 0);
        if (!failed)
            break;
    }
    free(pack);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("setup");
    TCase *tc = tcase_create("setup");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_slots_listed);
    tcase_add_test(tc, test_setup_equals_new);
    tcase_add_test(tc, test_supplied_pack_changes_game_and_is_saved);
    tcase_add_test(tc, test_bad_input);
    tcase_add_test(tc, test_oom);
    suite_add_tcase(s, tc);
    return wgt_run(s);
}

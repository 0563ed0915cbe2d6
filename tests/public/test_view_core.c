/* The uniform doors every ruleset has (doc/view.md), in every scenario of every ruleset: spaces by
   the players' names both ways, the attribute keys and their values for each viewer, the JSON
   view; and their statuses for bad arguments, small buffers and exhausted memory, each leaving the
   game as it was. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgplay.h"

static wg_game *game_k(wg_ctx *ctx, int k, uint64_t seed, int steps)
{
    const char *rs = NULL, *sc = NULL;
    wgt_scenario(k, &rs, &sc);
    wg_game *g = wgp_new(ctx, rs, sc, wgt_playable_options(rs), seed, NULL);
    for (int i = 0; i < steps; i++) {
        size_t c = 0;
        ck_assert_int_eq(wg_game_bot_step(&c, g), WG_OK);
    }
    return g;
}

/* Every space's players' name finds the space again, and names are unique. */
START_TEST(test_space_names_both_ways)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = game_k(ctx, _i, 1, 0);
    int n = 0;
    ck_assert_int_eq(wg_game_space_count(&n, g), WG_OK);
    ck_assert_int_gt(n, 0);
    char name[128];
    size_t len = 0;
    for (int s = 0; s < n; s++) {
        ck_assert_int_eq(wg_game_space_name(name, sizeof name, &len, g, s), WG_OK);
        ck_assert_uint_gt(len, 0);
        int back = -1;
        ck_assert_int_eq(wg_game_space_find(&back, g, name), WG_OK);
        ck_assert_int_eq(back, s);
    }
    int x = 7;
    ck_assert_int_eq(wg_game_space_find(&x, g, "no such place"), WG_ENOTFOUND);
    ck_assert_int_eq(x, 7);
    ck_assert_int_eq(wg_game_space_find(NULL, g, "x"), WG_EINVAL);
    ck_assert_int_eq(wg_game_space_find(&x, g, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_game_space_count(NULL, g), WG_EINVAL);
    ck_assert_int_eq(wg_game_space_name(name, sizeof name, &len, g, n), WG_ERANGE);
    ck_assert_int_eq(wg_game_space_name(name, sizeof name, &len, g, -1), WG_ERANGE);
    ck_assert_int_eq(wg_game_space_name(NULL, 4, &len, g, 0), WG_EINVAL);
    char tiny[1];
    ck_assert_int_eq(wg_game_space_name(tiny, sizeof tiny, &len, g, 0), WG_EBUFSIZE);
    ck_assert_uint_gt(len, 0);
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* Keys: the core's come first with their types, names are unique, and every piece, option and
   space the viewer may see answers every key with a value or WG_ENOTFOUND, never another status. */
START_TEST(test_attributes_for_every_viewer)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = game_k(ctx, _i, 2, 40);
    static const char *const core[3][3] = {{"side", "space", "label"}, {"label", "action", "weight"},
                                           {"name", "kind", "terrain"}};
    int np = 0;
    ck_assert_int_eq(wg_game_player_count(&np, g), WG_OK);
    for (int of = 0; of < 3; of++) {
        int nk = 0;
        ck_assert_int_eq(wg_game_attr_key_count(&nk, g, of), WG_OK);
        ck_assert_int_ge(nk, 3);
        for (int c = 0; c < 3; c++) {
            int found = 0;
            for (int k = 0; k < nk; k++) {
                const char *name = NULL;
                ck_assert_int_eq(wg_game_attr_key(&name, NULL, g, of, k), WG_OK);
                found |= strcmp(name, core[of][c]) == 0;
            }
            ck_assert_msg(found, "core key %s missing", core[of][c]);
        }
        for (int a = 0; a < nk; a++)
            for (int b = a + 1; b < nk; b++) {
                const char *x = NULL, *y = NULL;
                wg_game_attr_key(&x, NULL, g, of, a);
                wg_game_attr_key(&y, NULL, g, of, b);
                ck_assert_str_ne(x, y);
            }
        for (int v = -1; v < np; v++) {
            int viewer = v < 0 ? WG_VIEW_REFEREE : v;
            size_t count = 0;
            if (of == WG_ATTR_PIECE) {
                ck_assert_int_eq(wg_game_piece_count(&count, g, viewer), WG_OK);
            } else if (of == WG_ATTR_SPACE) {
                int ns = 0;
                wg_game_space_count(&ns, g);
                count = (size_t)ns;
            } else {
                if (wg_game_option_count_for(&count, g, viewer) != WG_OK)
                    count = 0;
            }
            for (size_t i = 0; i < count; i += (of == WG_ATTR_SPACE ? 37 : 1)) {
                for (int k = 0; k < nk; k++) {
                    const char *name = NULL;
                    int type = -1;
                    ck_assert_int_eq(wg_game_attr_key(&name, &type, g, of, k), WG_OK);
                    int rc;
                    if (type == WG_ATTR_INT) {
                        int64_t val = 0;
                        rc = wg_game_attr_int(&val, g, viewer, of, i, name);
                        ck_assert_int_eq(wg_game_attr_text(NULL, 0, NULL, g, viewer, of, i, name), WG_EINVAL);
                    } else {
                        char buf[512];
                        size_t len = 0;
                        rc = wg_game_attr_text(buf, sizeof buf, &len, g, viewer, of, i, name);
                        int64_t val = 0;
                        ck_assert_int_eq(wg_game_attr_int(&val, g, viewer, of, i, name), WG_EINVAL);
                    }
                    ck_assert_msg(rc == WG_OK || rc == WG_ENOTFOUND, "%s %zu key %s viewer %d: %s",
                                  of == 0 ? "piece" : of == 1 ? "option" : "space", i, name, viewer,
                                  wg_status_str(rc));
                }
            }
        }
    }
    /* the side and space of a piece are those wg_game_piece gives */
    size_t n = 0;
    ck_assert_int_eq(wg_game_piece_count(&n, g, WG_VIEW_REFEREE), WG_OK);
    for (size_t i = 0; i < n; i++) {
        int side = -1, space = -1;
        int64_t s2 = -9, sp2 = -9;
        ck_assert_int_eq(wg_game_piece(&side, &space, g, WG_VIEW_REFEREE, i), WG_OK);
        ck_assert_int_eq(wg_game_attr_int(&s2, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, i, "side"), WG_OK);
        ck_assert_int_eq(s2, side);
        if (space >= 0) {
            ck_assert_int_eq(wg_game_attr_int(&sp2, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, i, "space"), WG_OK);
            ck_assert_int_eq(sp2, space);
        }
    }
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* Bad input: a status, a message naming the key, and nothing changed. */
START_TEST(test_attribute_errors)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = game_k(ctx, _i, 3, 5);
    uint64_t h0 = 0, h1 = 0;
    wg_game_hash(&h0, g);
    int64_t v = 5;
    char buf[64];
    size_t len = 0;
    ck_assert_int_eq(wg_game_attr_int(&v, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, 0, "no-such-key"), WG_ENOTFOUND);
    ck_assert_ptr_nonnull(strstr(wg_game_errmsg(g), "no-such-key"));
    ck_assert_int_eq(wg_game_attr_int(&v, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, 100000, "side"), WG_ERANGE);
    ck_assert_int_eq(wg_game_attr_int(&v, g, WG_VIEW_REFEREE, WG_ATTR_SPACE, 1000000, "col"), WG_ERANGE);
    ck_assert_int_eq(wg_game_attr_int(&v, g, WG_VIEW_REFEREE, WG_ATTR_OPTION, 100000, "action"), WG_ERANGE);
    ck_assert_int_eq(wg_game_attr_int(&v, g, 99, WG_ATTR_PIECE, 0, "side"), WG_ERANGE);
    ck_assert_int_eq(wg_game_attr_int(&v, g, WG_VIEW_REFEREE, 3, 0, "side"), WG_EINVAL);
    ck_assert_int_eq(wg_game_attr_int(&v, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, 0, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_game_attr_int(NULL, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, 0, "side"), WG_EINVAL);
    ck_assert_int_eq(wg_game_attr_int(&v, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, 0, "label"), WG_EINVAL);
    ck_assert_ptr_nonnull(strstr(wg_game_errmsg(g), "label"));
    ck_assert_int_eq(wg_game_attr_text(buf, sizeof buf, &len, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, 0, "side"),
                     WG_EINVAL);
    ck_assert_int_eq(wg_game_attr_text(buf, sizeof buf, &len, NULL, 0, 0, 0, "side"), WG_EINVAL);
    ck_assert_int_eq(wg_game_attr_text(buf, sizeof buf, &len, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, 9999, "label"),
                     WG_ERANGE);
    ck_assert_int_eq(wg_game_attr_text(buf, sizeof buf, &len, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, 0, "nope"),
                     WG_ENOTFOUND);
    char tiny[2];
    ck_assert_int_eq(wg_game_attr_text(tiny, sizeof tiny, &len, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, 0, "label"),
                     WG_EBUFSIZE);
    ck_assert_uint_gt(len, 1);
    ck_assert_int_eq(v, 5);
    /* the options of another player's decision are not his to read */
    int player = 0, kind = 0, np = 0;
    wg_game_decision(&player, &kind, g);
    wg_game_player_count(&np, g);
    for (int p = 0; p < np; p++)
        if (player >= 0 && p != player) {
            ck_assert_int_eq(wg_game_attr_int(&v, g, p, WG_ATTR_OPTION, 0, "action"), WG_ESTATE);
            ck_assert_int_eq(wg_game_attr_text(buf, sizeof buf, &len, g, p, WG_ATTR_OPTION, 0, "label"), WG_ESTATE);
        }
    const char *kn = NULL;
    int cnt = 0;
    ck_assert_int_eq(wg_game_attr_key_count(&cnt, g, 5), WG_EINVAL);
    ck_assert_int_eq(wg_game_attr_key_count(NULL, g, 0), WG_EINVAL);
    ck_assert_int_eq(wg_game_attr_key(&kn, NULL, g, 0, 1000), WG_ERANGE);
    ck_assert_int_eq(wg_game_attr_key(&kn, NULL, g, 0, -1), WG_ERANGE);
    ck_assert_int_eq(wg_game_attr_key(NULL, NULL, g, 0, 0), WG_EINVAL);
    wg_game_hash(&h1, g);
    ck_assert_uint_eq(h0, h1);
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* Out of memory listing the options, or writing the view: the status, memory in use as it was. */
START_TEST(test_out_of_memory)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = game_k(ctx, _i, 4, 0);
    size_t in = 0, after = 0;
    ck_assert_int_eq(wg_ctx_memory_in_use(&in, ctx), WG_OK);
    ck_assert_int_eq(wg_ctx_set_memory_limit(ctx, in), WG_OK);
    int64_t v = 0;
    char buf[64];
    size_t len = 0;
    ck_assert_int_eq(wg_game_attr_int(&v, g, WG_VIEW_REFEREE, WG_ATTR_OPTION, 0, "action"), WG_ENOMEM);
    ck_assert_int_eq(wg_game_attr_text(buf, sizeof buf, &len, g, WG_VIEW_REFEREE, WG_ATTR_OPTION, 0, "label"),
                     WG_ENOMEM);
    ck_assert_int_eq(wg_game_view_json(NULL, 0, &len, g, WG_VIEW_REFEREE, 0), WG_ENOMEM);
    ck_assert_int_eq(wg_ctx_memory_in_use(&after, ctx), WG_OK);
    ck_assert_uint_eq(after, in);
    ck_assert_int_eq(wg_ctx_set_memory_limit(ctx, 0), WG_OK);
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* The JSON view: its length is the same asked with no buffer and written; a small buffer is
   WG_EBUFSIZE with the full length; bad viewers and event indexes are refused. */
START_TEST(test_view_json)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = game_k(ctx, _i, 5, 30);
    int np = 0;
    wg_game_player_count(&np, g);
    size_t nev = 0;
    wg_game_event_count(&nev, g);
    for (int v = -1; v < np; v++) {
        int viewer = v < 0 ? WG_VIEW_REFEREE : v;
        size_t need = 0, len = 0;
        ck_assert_int_eq(wg_game_view_json(NULL, 0, &need, g, viewer, 0), WG_OK);
        char *buf = malloc(need + 1);
        ck_assert_ptr_nonnull(buf);
        ck_assert_int_eq(wg_game_view_json(buf, need + 1, &len, g, viewer, 0), WG_OK);
        ck_assert_uint_eq(len, need);
        ck_assert_uint_eq(strlen(buf), need);
        ck_assert_int_eq(buf[0], '{');
        ck_assert_int_eq(buf[need - 1], '}');
        ck_assert_ptr_nonnull(strstr(buf, "\"pieces\":["));
        ck_assert_int_eq(wg_game_view_json(buf, need, &len, g, viewer, 0), WG_EBUFSIZE);
        ck_assert_uint_eq(len, need);
        free(buf);
        /* events from the end: none */
        ck_assert_int_eq(wg_game_view_json(NULL, 0, &len, g, viewer, nev), WG_OK);
        ck_assert_uint_lt(len, need);
    }
    size_t len = 0;
    ck_assert_int_eq(wg_game_view_json(NULL, 0, &len, g, 99, 0), WG_ERANGE);
    ck_assert_int_eq(wg_game_view_json(NULL, 0, &len, g, WG_VIEW_REFEREE, nev + 1), WG_ERANGE);
    ck_assert_int_eq(wg_game_view_json(NULL, 4, &len, g, WG_VIEW_REFEREE, 0), WG_EINVAL);
    ck_assert_int_eq(wg_game_view_json(NULL, 0, &len, NULL, WG_VIEW_REFEREE, 0), WG_EINVAL);
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("view_core");
    TCase *tc = tcase_create("view");
    tcase_set_timeout(tc, 600);
    int n = wgt_scenario_count();
    tcase_add_loop_test(tc, test_space_names_both_ways, 0, n);
    tcase_add_loop_test(tc, test_attributes_for_every_viewer, 0, n);
    tcase_add_loop_test(tc, test_attribute_errors, 0, n);
    tcase_add_loop_test(tc, test_out_of_memory, 0, n);
    tcase_add_loop_test(tc, test_view_json, 0, n);
    suite_add_tcase(s, tc);
    return wgt_run(s);
}

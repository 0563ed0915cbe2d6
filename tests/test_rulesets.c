/* Every registered ruleset and scenario through the public API: random bot games end; same seed gives
   the same game; undo, clone and save/load at random points continue identically; bad input is refused
   without change; allocation failures while deciding leave the game exactly as it was. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define MAX_STEPS 3000000u

/* Options that let random games run to the end (the LGA CRT is only partly printed: the opt-in
   completion fills the rest). */
static const char *options_for(const char *ruleset)
{
    if (strcmp(ruleset, "lga") == 0)
        return "crt=completion";
    return NULL;
}

typedef struct scen {
    const char *ruleset, *scenario;
} scen;

static scen all[64];
static int nall;

static void collect(void)
{
    nall = 0;
    for (int r = 0; r < wg_ruleset_count(); r++) {
        const char *id = wg_ruleset_id(r);
        int n = 0;
        if (wg_ruleset_scenario_count(&n, id) != WG_OK)
            continue;
        for (int s = 0; s < n && nall < 64; s++) {
            all[nall].ruleset = id;
            if (wg_ruleset_scenario_id(&all[nall].scenario, id, s) == WG_OK)
                nall++;
        }
    }
}

static wg_game *make(wg_ctx *ctx, const scen *sc, uint64_t seed)
{
    wg_game *g = NULL;
    int rc = wg_game_new(&g, ctx, sc->ruleset, sc->scenario, options_for(sc->ruleset), seed);
    ck_assert_msg(rc == WG_OK, "%s/%s: %s", sc->ruleset, sc->scenario, wg_ctx_errmsg(ctx));
    return g;
}

static unsigned char *save(wg_game *g, size_t *len)
{
    ck_assert_int_eq(wg_game_save(NULL, 0, len, g), WG_OK);
    unsigned char *b = malloc(*len);
    ck_assert_int_eq(wg_game_save(b, *len, len, g), WG_OK);
    return b;
}

static uint64_t hash(const wg_game *g)
{
    uint64_t h;
    ck_assert_int_eq(wg_game_hash(&h, g), WG_OK);
    return h;
}

START_TEST(test_registry)
{
    collect();
    ck_assert_int_ge(wg_ruleset_count(), 1);
    ck_assert_ptr_null(wg_ruleset_id(-1));
    ck_assert_ptr_null(wg_ruleset_id(wg_ruleset_count()));
    const char *s;
    int n;
    ck_assert_int_eq(wg_ruleset_name(&s, "nope"), WG_ENOTFOUND);
    ck_assert_int_eq(wg_ruleset_scenario_count(&n, "nope"), WG_ENOTFOUND);
    ck_assert_int_eq(wg_ruleset_scenario_id(&s, wg_ruleset_id(0), -1), WG_ERANGE);
    ck_assert_int_eq(wg_ruleset_scenario_id(&s, wg_ruleset_id(0), 1000), WG_ERANGE);
    for (int i = 0; i < wg_ruleset_count(); i++) {
        ck_assert_int_eq(wg_ruleset_name(&s, wg_ruleset_id(i)), WG_OK);
        ck_assert_uint_gt(strlen(s), 0);
    }
}
END_TEST

/* Random games end, and the same seed plays the same game. */
START_TEST(test_random_games_end)
{
    collect();
    const scen *sc = &all[_i];
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    for (uint64_t seed = 1; seed <= 3; seed++) {
        wg_game *a = make(ctx, sc, seed), *b = make(ctx, sc, seed);
        uint64_t na = 0, nb = 0;
        int rc = wg_game_playout(&na, a, MAX_STEPS);
        ck_assert_msg(rc == WG_OK, "%s/%s seed %llu: %s", sc->ruleset, sc->scenario, (unsigned long long)seed,
                      wg_game_errmsg(a));
        int over = 0;
        wg_game_is_over(&over, a);
        ck_assert_msg(over, "%s/%s seed %llu: not over after %llu steps", sc->ruleset, sc->scenario,
                      (unsigned long long)seed, (unsigned long long)na);
        ck_assert_int_eq(wg_game_playout(&nb, b, MAX_STEPS), WG_OK);
        ck_assert_uint_eq(na, nb);
        ck_assert_uint_eq(hash(a), hash(b));
        size_t ea, eb;
        wg_game_event_count(&ea, a);
        wg_game_event_count(&eb, b);
        ck_assert_uint_eq(ea, eb);
        ck_assert_uint_gt(ea, 0);
        for (size_t i = 0; i < ea; i += 1 + ea / 50) {
            char ta[512], tb[512];
            size_t l;
            const char *rule;
            int ra = wg_game_event_text(ta, sizeof ta, &l, a, i, WG_VIEW_REFEREE);
            ck_assert(ra == WG_OK || ra == WG_EBUFSIZE);
            ck_assert_uint_gt(l, 0);
            wg_game_event_text(tb, sizeof tb, &l, b, i, WG_VIEW_REFEREE);
            ck_assert_str_eq(ta, tb);
            ck_assert_int_eq(wg_game_event_rule(&rule, a, i), WG_OK);
        }
        char res[1024];
        size_t l;
        ck_assert_int_eq(wg_game_result_text(res, sizeof res, &l, a), WG_OK);
        ck_assert_uint_gt(l, 0);
        size_t nopt = 9;
        ck_assert_int_eq(wg_game_option_count(&nopt, a), WG_OK);
        ck_assert_uint_eq(nopt, 0);
        ck_assert_int_eq(wg_game_bot_step(NULL, a), WG_ESTATE);
        ck_assert_int_eq(wg_game_choose(a, 0), WG_ESTATE);
        wg_game_free(a);
        wg_game_free(b);
    }
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* Undo, clone and save/load at random points, then continue: identical to the uninterrupted game. */
START_TEST(test_undo_clone_save_continue)
{
    collect();
    const scen *sc = &all[_i];
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *ref = make(ctx, sc, 77);
    uint64_t total = 0;
    ck_assert_int_eq(wg_game_playout(&total, ref, MAX_STEPS), WG_OK);
    uint64_t href = hash(ref);
    uint64_t cuts[3] = {total / 7, total / 2, total - total / 5};
    for (int k = 0; k < 3; k++) {
        wg_game *g = make(ctx, sc, 77);
        ck_assert_int_eq(wg_game_playout(NULL, g, cuts[k]), WG_OK);
        /* go on a bit, then undo back to the cut */
        ck_assert_int_eq(wg_game_playout(NULL, g, 25), WG_OK);
        ck_assert_int_eq(wg_game_undo_to(g, cuts[k]), WG_OK);
        wg_game *c = NULL, *l = NULL;
        ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
        size_t len;
        unsigned char *b = save(g, &len);
        ck_assert_int_eq(wg_game_load(&l, ctx, b, len), WG_OK);
        free(b);
        ck_assert_uint_eq(hash(g), hash(c));
        ck_assert_uint_eq(hash(g), hash(l));
        ck_assert_int_eq(wg_game_playout(NULL, g, MAX_STEPS), WG_OK);
        ck_assert_int_eq(wg_game_playout(NULL, c, MAX_STEPS), WG_OK);
        ck_assert_int_eq(wg_game_playout(NULL, l, MAX_STEPS), WG_OK);
        ck_assert_uint_eq(hash(g), href);
        ck_assert_uint_eq(hash(c), href);
        ck_assert_uint_eq(hash(l), href);
        wg_game_free(g);
        wg_game_free(c);
        wg_game_free(l);
    }
    wg_game_free(ref);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* Bad input changes nothing. */
START_TEST(test_bad_input_changes_nothing)
{
    collect();
    const scen *sc = &all[_i];
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = make(ctx, sc, 5);
    ck_assert_int_eq(wg_game_playout(NULL, g, 40), WG_OK);
    size_t lb;
    unsigned char *before = save(g, &lb);
    uint64_t hb = hash(g);
    size_t n;
    ck_assert_int_eq(wg_game_option_count(&n, g), WG_OK);
    ck_assert_int_eq(wg_game_choose(g, n), WG_ERANGE);
    ck_assert_uint_gt(strlen(wg_game_errmsg(g)), 0);
    ck_assert_int_eq(wg_game_choose(g, (size_t)-1), WG_ERANGE);
    /* an action code that is not an option */
    uint64_t bogus = 0xfedcba9876543210ULL;
    for (size_t i = 0; i < n; i++) {
        uint64_t a;
        wg_game_option_action(&a, g, i);
        ck_assert(a != bogus);
    }
    ck_assert_int_eq(wg_game_choose_action(g, bogus), WG_EILLEGAL);
    ck_assert_uint_gt(strlen(wg_game_errmsg(g)), 0);
    char buf[64];
    size_t len;
    ck_assert_int_eq(wg_game_describe(buf, sizeof buf, &len, g, 99), WG_ERANGE);
    ck_assert_int_eq(wg_game_describe(NULL, 5, &len, g, 0), WG_EINVAL);
    ck_assert_int_eq(wg_game_event_text(buf, sizeof buf, &len, g, (size_t)-1, 0), WG_ERANGE);
    ck_assert_int_eq(wg_game_undo_to(g, 1u << 30), WG_ERANGE);
    ck_assert_int_eq(wg_game_table(NULL, g, 0), WG_EINVAL);
    wg_table *t;
    ck_assert_int_eq(wg_game_table(&t, g, -1), WG_ERANGE);
    ck_assert_int_eq(wg_game_table_find(&t, g, "no-such-table"), WG_ENOTFOUND);
    int p, k;
    wg_game_decision(&p, &k, g);
    if (p >= 0)
        ck_assert_int_eq(wg_game_roll(NULL, g), WG_ESTATE);
    size_t la;
    unsigned char *after = save(g, &la);
    ck_assert_uint_eq(la, lb);
    ck_assert_mem_eq(after, before, lb);
    ck_assert_uint_eq(hash(g), hb);
    free(before);
    free(after);
    /* corrupt saves */
    unsigned char *s = save(g, &lb);
    wg_game *l = NULL;
    for (size_t cut = 0; cut < lb; cut += 1 + lb / 97) {
        ck_assert_int_eq(wg_game_load(&l, ctx, s, cut), WG_ECORRUPT);
        ck_assert_ptr_null(l);
    }
    s[lb / 2] ^= 0x11;
    ck_assert_int_eq(wg_game_load(&l, ctx, s, lb), WG_ECORRUPT);
    free(s);
    wg_game_free(g);
    size_t live;
    wg_ctx_live_handles(&live, ctx);
    ck_assert_uint_eq(live, 0);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* Option labels and decision texts as a viewer may see them: full for the decider and the referee,
   reduced to "option N" and "X decides (kind)" for the other players; chance labels are public. */
START_TEST(test_views_of_decisions)
{
    collect();
    const scen *sc = &all[_i];
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = make(ctx, sc, 9);
    int nplayers;
    wg_game_player_count(&nplayers, g);
    int seen_player = 0, seen_chance = 0;
    for (int step = 0; step < 600; step++) {
        int p, k;
        wg_game_decision(&p, &k, g);
        if (p == WG_PLAYER_NONE)
            break;
        size_t n;
        ck_assert_int_eq(wg_game_option_count(&n, g), WG_OK);
        char full[512], as[512], dt[512], dtf[512];
        size_t l;
        wg_game_decision_text(dt, sizeof dt, &l, g);
        for (int v = 0; v < nplayers; v++) {
            ck_assert_int_ne(wg_game_decision_text_for(dtf, sizeof dtf, &l, g, v), WG_ERANGE);
            size_t nv = 0;
            int crc = wg_game_option_count_for(&nv, g, v);
            if (p == v) {
                ck_assert_int_eq(crc, WG_OK);
                ck_assert_uint_eq(nv, n);
            } else if (p == WG_PLAYER_CHANCE) {
                /* public (a die), or hidden from a player who may not look into the pool */
                ck_assert(crc == WG_OK || crc == WG_ESTATE);
                if (crc == WG_OK)
                    ck_assert_uint_eq(nv, n);
            } else {
                /* the options are the decider's: another player learns not even their number */
                ck_assert_int_eq(crc, WG_ESTATE);
                ck_assert_ptr_nonnull(strstr(wg_game_errmsg(g), "does not decide"));
            }
            for (size_t i = 0; i < n && i < 4; i++) {
                uint64_t act = 0, actv = 0;
                wg_game_option_label(full, sizeof full, &l, g, i);
                wg_game_option_action(&act, g, i);
                int lrc = wg_game_option_label_for(as, sizeof as, &l, g, i, v);
                int arc = wg_game_option_action_for(&actv, g, i, v);
                ck_assert_int_eq(lrc, crc);
                ck_assert_int_eq(arc, crc);
                if (crc == WG_OK) {
                    ck_assert_str_eq(as, full);
                    ck_assert_uint_eq(actv, act);
                }
            }
            if (p == WG_PLAYER_CHANCE || p == v) {
                ck_assert_str_eq(dtf, dt);
            } else {
                const char *pname;
                wg_game_player_name(&pname, g, p);
                ck_assert_ptr_nonnull(strstr(dtf, pname));
                ck_assert_ptr_nonnull(strstr(dtf, "decides"));
            }
        }
        wg_game_option_label_for(as, sizeof as, &l, g, 0, WG_VIEW_REFEREE);
        wg_game_option_label(full, sizeof full, &l, g, 0);
        ck_assert_str_eq(as, full);
        ck_assert_int_eq(wg_game_option_label_for(as, sizeof as, &l, g, n, WG_VIEW_REFEREE), WG_ERANGE);
        if (p != 0 && p != WG_PLAYER_CHANCE) /* no range answer either: it would tell the count */
            ck_assert_int_eq(wg_game_option_label_for(as, sizeof as, &l, g, n, 0), WG_ESTATE);
        ck_assert_int_eq(wg_game_option_label_for(as, sizeof as, &l, g, 0, 42), WG_ERANGE);
        ck_assert_int_eq(wg_game_decision_text_for(dtf, sizeof dtf, &l, g, -42), WG_ERANGE);
        seen_player += p >= 0;
        seen_chance += p == WG_PLAYER_CHANCE;
        ck_assert_int_eq(wg_game_bot_step(NULL, g), WG_OK);
    }
    ck_assert_int_gt(seen_player, 0);
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* Pieces on the map: every viewer sees the same number of pieces at the same places (hidden counters
   included as anonymous pieces), with valid sides, spaces and labels. */
static int cmp_pair(const void *a, const void *b)
{
    const int *x = a, *y = b;
    return x[0] != y[0] ? x[0] - y[0] : x[1] - y[1];
}

START_TEST(test_pieces)
{
    collect();
    const scen *sc = &all[_i];
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = make(ctx, sc, 13);
    int nplayers, nspace;
    wg_game_player_count(&nplayers, g);
    const wg_map *map;
    ck_assert_int_eq(wg_game_map(&map, g), WG_OK);
    wg_map_space_count(&nspace, map);
    int checked = 0;
    for (int round = 0; round < 6; round++) {
        ck_assert_int_eq(wg_game_playout(NULL, g, 150), WG_OK);
        size_t nref;
        ck_assert_int_eq(wg_game_piece_count(&nref, g, WG_VIEW_REFEREE), WG_OK);
        int (*ref)[2] = malloc((nref + 1) * sizeof *ref);
        int (*mine)[2] = malloc((nref + 1) * sizeof *mine);
        for (size_t i = 0; i < nref; i++) {
            ck_assert_int_eq(wg_game_piece(&ref[i][0], &ref[i][1], g, WG_VIEW_REFEREE, i), WG_OK);
            ck_assert_int_ge(ref[i][0], 0);
            ck_assert_int_lt(ref[i][0], nplayers);
            ck_assert_int_ge(ref[i][1], 0);
            ck_assert_int_lt(ref[i][1], nspace);
            char label[256];
            size_t l;
            int rc = wg_game_piece_label(label, sizeof label, &l, g, WG_VIEW_REFEREE, i);
            ck_assert(rc == WG_OK || rc == WG_EBUFSIZE);
            ck_assert_uint_gt(l, 0);
            checked++;
        }
        qsort(ref, nref, sizeof *ref, cmp_pair);
        int side, space;
        ck_assert_int_eq(wg_game_piece(&side, &space, g, WG_VIEW_REFEREE, nref), WG_ERANGE);
        for (int v = 0; v < nplayers; v++) {
            size_t n;
            ck_assert_int_eq(wg_game_piece_count(&n, g, v), WG_OK);
            ck_assert_uint_eq(n, nref);
            for (size_t i = 0; i < n; i++)
                ck_assert_int_eq(wg_game_piece(&mine[i][0], &mine[i][1], g, v, i), WG_OK);
            qsort(mine, n, sizeof *mine, cmp_pair);
            ck_assert_mem_eq(mine, ref, n * sizeof *ref);
        }
        ck_assert_int_eq(wg_game_piece_count(&nref, g, 77), WG_ERANGE);
        ck_assert_int_eq(wg_game_piece(NULL, &space, g, 0, 0), WG_EINVAL);
        free(ref);
        free(mine);
    }
    ck_assert_int_gt(checked, 0);
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* Allocation failures while deciding: WG_ENOMEM, the game exactly as before, nothing leaked. */
START_TEST(test_oom_deciding)
{
    collect();
    const scen *sc = &all[_i];
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_game *g = make(ctx, sc, 3);
    uint64_t failures = 0;
    for (int step = 0; step < 400; step++) {
        int over;
        wg_game_is_over(&over, g);
        if (over)
            break;
        size_t lb;
        unsigned char *before = save(g, &lb);
        uint64_t hb = hash(g);
        size_t evb;
        wg_game_event_count(&evb, g);
        /* fail the first allocation the step makes, if it makes any */
        a.fail_at = a.calls + 1;
        int rc = wg_game_bot_step(NULL, g);
        int failed = a.failed;
        a.fail_at = 0;
        a.failed = 0;
        if (failed) {
            failures++;
            ck_assert_int_eq(rc, WG_ENOMEM);
            size_t la;
            unsigned char *after = save(g, &la);
            ck_assert_uint_eq(la, lb);
            ck_assert_mem_eq(after, before, lb);
            ck_assert_uint_eq(hash(g), hb);
            size_t eva;
            wg_game_event_count(&eva, g);
            ck_assert_uint_eq(eva, evb);
            free(after);
            ck_assert_int_eq(wg_game_bot_step(NULL, g), WG_OK);
        } else {
            ck_assert_int_eq(rc, WG_OK);
        }
        free(before);
    }
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.blocks, 0);
    ck_assert_uint_eq(a.bytes, 0);
}
END_TEST

/* Allocation failures while creating, cloning and loading: WG_ENOMEM, nothing leaked.  Creation of a
   big scenario makes thousands of allocations, so the failure point walks with a stride plus the
   first 64 points exactly. */
START_TEST(test_oom_create_clone_load)
{
    collect();
    const scen *sc = &all[_i];
    wgt_alloc probe = {0};
    wg_ctx *pctx = wgt_ctx(&probe);
    uint64_t c0 = probe.calls;
    wg_game *pg = make(pctx, sc, 4);
    uint64_t ncreate = probe.calls - c0;
    ck_assert_int_eq(wg_game_playout(NULL, pg, 60), WG_OK);
    size_t len;
    unsigned char *saved = save(pg, &len);
    wg_game_free(pg);
    ck_assert_int_eq(wg_ctx_free(pctx), WG_OK);
    uint64_t stride = ncreate / 200 + 1;
    for (int op = 0; op < 3; op++) {
        for (uint64_t n = 1;; n += (n < 64 ? 1 : stride)) {
            wgt_alloc a = {0};
            wg_ctx *ctx = wgt_ctx(&a);
            wg_game *base = NULL, *out = NULL;
            if (op == 1) {
                ck_assert_int_eq(wg_game_load(&base, ctx, saved, len), WG_OK);
            }
            a.fail_at = a.calls + n;
            int rc;
            if (op == 0)
                rc = wg_game_new(&out, ctx, sc->ruleset, sc->scenario, options_for(sc->ruleset), 4);
            else if (op == 1)
                rc = wg_game_clone(&out, base);
            else
                rc = wg_game_load(&out, ctx, saved, len);
            int failed = a.failed;
            a.fail_at = 0;
            if (!failed) {
                ck_assert_int_eq(rc, WG_OK);
                wg_game_free(out);
                wg_game_free(base);
                ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
                ck_assert_uint_eq(a.blocks, 0);
                break;
            }
            ck_assert_msg(rc == WG_ENOMEM, "%s/%s op %d fail at %llu: %d %s", sc->ruleset, sc->scenario, op,
                          (unsigned long long)n, rc, wg_ctx_errmsg(ctx));
            ck_assert_ptr_null(out);
            wg_game_free(base);
            size_t live;
            wg_ctx_live_handles(&live, ctx);
            ck_assert_uint_eq(live, 0);
            ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
            ck_assert_uint_eq(a.blocks, 0);
        }
    }
    free(saved);
}
END_TEST

int main(void)
{
    collect();
    Suite *s = suite_create("rulesets");
    TCase *tc = tcase_create("rulesets");
    tcase_set_timeout(tc, 1200);
    tcase_add_test(tc, test_registry);
    if (nall > 0) {
        tcase_add_loop_test(tc, test_random_games_end, 0, nall);
        tcase_add_loop_test(tc, test_undo_clone_save_continue, 0, nall);
        tcase_add_loop_test(tc, test_bad_input_changes_nothing, 0, nall);
        tcase_add_loop_test(tc, test_views_of_decisions, 0, nall);
        tcase_add_loop_test(tc, test_pieces, 0, nall);
        tcase_add_loop_test(tc, test_oom_deciding, 0, nall);
        tcase_add_loop_test(tc, test_oom_create_clone_load, 0, nall);
    }
    suite_add_tcase(s, tc);
    return wgt_run(s);
}

/* Les Maréchaux: the turn as decisions, views that cannot leak, random playouts, determinism,
 * save/load and undo, through the game API. */
#include <stdlib.h>
#include <string.h>

#include "marechaux/marechaux.h"
#include "testutil.h"

static wg_game *new_game(wg_ctx *ctx, const char *scen, uint64_t seed)
{
    wg_game *g = NULL;
    int rc = wg__game_new_ops(&g, ctx, &wg__marechaux_ops, scen, NULL, seed);
    ck_assert_msg(rc == WG_OK, "new %s: %s", scen, wg_ctx_errmsg(ctx));
    return g;
}

static char *describe(wg_game *g, int viewer)
{
    size_t len = 0;
    wg_game_describe(NULL, 0, &len, g, viewer);
    char *buf = malloc(len + 1);
    ck_assert_int_eq(wg_game_describe(buf, len + 1, &len, g, viewer), WG_OK);
    return buf;
}

static char *event_text(wg_game *g, size_t i, int viewer)
{
    size_t len = 0;
    wg_game_event_text(NULL, 0, &len, g, i, viewer);
    char *buf = malloc(len + 1);
    ck_assert_int_eq(wg_game_event_text(buf, len + 1, &len, g, i, viewer), WG_OK);
    return buf;
}

/* LM-SEQ-01, LM-SEQ-09, LM-SCEN1808-01, LM-SCEN1809-01: random games of both scenarios always end. */
START_TEST(test_playouts_end)
{
    const char *scen = _i % 2 ? "1809" : "1808";
    wgt_alloc al = {0};
    wg_ctx *ctx = wgt_ctx(&al);
    wg_game *g = new_game(ctx, scen, 1000 + (uint64_t)_i);
    uint64_t steps = 0;
    int rc = wg_game_playout(&steps, g, 200000);
    ck_assert_msg(rc == WG_OK, "%s seed %d: %s", scen, _i, wg_game_errmsg(g));
    int over = 0;
    ck_assert_int_eq(wg_game_is_over(&over, g), WG_OK);
    ck_assert_msg(over, "%s seed %d did not end after %llu steps", scen, _i, (unsigned long long)steps);
    int turn = 0;
    wg_game_turn(&turn, g);
    ck_assert_int_le(turn, strcmp(scen, "1808") == 0 ? 8 : 12);
    char res[256];
    size_t len;
    ck_assert_int_eq(wg_game_result_text(res, sizeof res, &len, g), WG_OK);
    ck_assert_ptr_nonnull(strstr(res, "VP"));
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(al.blocks, 0);
}
END_TEST

/* Determinism, save/load and undo. */
START_TEST(test_determinism_save_undo)
{
    wgt_alloc al = {0};
    wg_ctx *ctx = wgt_ctx(&al);
    wg_game *a = new_game(ctx, "1809", 77), *b = new_game(ctx, "1809", 77);
    uint64_t sa, sb, ha, hb;
    ck_assert_int_eq(wg_game_playout(&sa, a, 3000), WG_OK);
    ck_assert_int_eq(wg_game_playout(&sb, b, 3000), WG_OK);
    ck_assert_uint_eq(sa, sb);
    wg_game_hash(&ha, a);
    wg_game_hash(&hb, b);
    ck_assert_uint_eq(ha, hb);
    size_t len = 0;
    ck_assert_int_eq(wg_game_save(NULL, 0, &len, a), WG_OK);
    void *buf = malloc(len);
    ck_assert_int_eq(wg_game_save(buf, len, &len, a), WG_OK);
    wg_game *c = NULL;
    ck_assert_msg(wg__game_load_ops(&c, ctx, buf, len, &wg__marechaux_ops) == WG_OK, "%s", wg_ctx_errmsg(ctx));
    wg_game_hash(&hb, c);
    ck_assert_uint_eq(ha, hb);
    /* undo to half-way and replay the same decisions: same state */
    uint64_t n = 0;
    wg_game_step_count(&n, a);
    ck_assert_int_eq(wg_game_undo_to(c, n / 2), WG_OK);
    uint64_t h2;
    wg_game_hash(&h2, c);
    ck_assert_uint_ne(h2, ha);
    wg_game_free(c);
    free(buf);
    wg_game_free(a);
    wg_game_free(b);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* LM-FOG-01 LM-FOG-03, LM-COMP-02, GAP-62: side A's view is identical for two games that differ only in
 * what A cannot see (which French event was drawn and kept, and the French units' hidden strength). */
START_TEST(test_views_do_not_leak)
{
    wgt_alloc al = {0};
    wg_ctx *ctx = wgt_ctx(&al);
    wg_game *g1 = new_game(ctx, "1808", 5), *g2 = new_game(ctx, "1808", 5);
    /* initiative: the same untied dice in both */
    ck_assert_int_eq(wg_game_choose(g1, 0), WG_OK);
    ck_assert_int_eq(wg_game_choose(g2, 0), WG_OK);
    /* AA draws the same event in both games and keeps it */
    ck_assert_int_eq(wg_game_choose(g1, 0), WG_OK);
    ck_assert_int_eq(wg_game_choose(g2, 0), WG_OK);
    ck_assert_int_eq(wg_game_choose_action(g1, MR_ACT(MR_A_KEEP, 0)), WG_OK);
    ck_assert_int_eq(wg_game_choose_action(g2, MR_ACT(MR_A_KEEP, 0)), WG_OK);
    /* the French draw different non-starred events (Lisbonne in one, Kellermann in the other) */
    const mr_rdata *rd = MR_RD(g1);
    int lis = -1, kel = -1;
    for (int e = 0; e < rd->nevt; e++) {
        if (strcmp(rd->evt[e].name, "Lisbonne") == 0)
            lis = e;
        if (strcmp(rd->evt[e].name, "Kellermann") == 0)
            kel = e;
    }
    ck_assert_int_ge(lis, 0);
    ck_assert_int_ge(kel, 0);
    ck_assert_int_eq(wg_game_choose_action(g1, MR_ACT(MR_A_DRAW, wg__pool_type_slot(&MR_ST(g1)->container[MR_FR], lis))),
                     WG_OK);
    ck_assert_int_eq(wg_game_choose_action(g2, MR_ACT(MR_A_DRAW, wg__pool_type_slot(&MR_ST(g2)->container[MR_FR], kel))),
                     WG_OK);
    ck_assert_int_eq(wg_game_choose_action(g1, MR_ACT(MR_A_KEEP, 0)), WG_OK);
    ck_assert_int_eq(wg_game_choose_action(g2, MR_ACT(MR_A_KEEP, 0)), WG_OK);
    /* and a hidden French unit has a different strength */
    for (int u = 0; u < rd->nunit; u++)
        if (strcmp(rd->unit[u].name, "Charlot") == 0)
            MR_ST(g2)->u[u].steps = 1;
    char *a1 = describe(g1, MR_AA), *a2 = describe(g2, MR_AA);
    ck_assert_str_eq(a1, a2);
    ck_assert_ptr_null(strstr(a1, "Charlot"));
    ck_assert_ptr_null(strstr(a1, "Lisbonne x"));
    ck_assert_ptr_nonnull(strstr(a1, "hidden counter"));
    char *f1 = describe(g1, MR_FR), *f2 = describe(g2, MR_FR);
    ck_assert_str_ne(f1, f2); /* the French see their own held event and strength */
    ck_assert_ptr_nonnull(strstr(f1, "Charlot"));
    char *r1 = describe(g1, WG_VIEW_REFEREE);
    ck_assert_ptr_nonnull(strstr(r1, "Lisbonne x1"));
    /* LM-FOG-01: the pieces the AA player may see: the same list, order and labels in both games */
    size_t np1 = 0, np2 = 0;
    ck_assert_int_eq(wg_game_piece_count(&np1, g1, MR_AA), WG_OK);
    ck_assert_int_eq(wg_game_piece_count(&np2, g2, MR_AA), WG_OK);
    ck_assert_uint_eq(np1, np2);
    ck_assert_uint_gt(np1, 0);
    int hidden_pieces = 0;
    for (size_t i = 0; i < np1; i++) {
        int s1, z1, s2, z2;
        char l1[256], l2[256];
        size_t ll;
        ck_assert_int_eq(wg_game_piece(&s1, &z1, g1, MR_AA, i), WG_OK);
        ck_assert_int_eq(wg_game_piece(&s2, &z2, g2, MR_AA, i), WG_OK);
        ck_assert_int_eq(s1, s2);
        ck_assert_int_eq(z1, z2);
        ck_assert_int_eq(wg_game_piece_label(l1, sizeof l1, &ll, g1, MR_AA, i), WG_OK);
        ck_assert_int_eq(wg_game_piece_label(l2, sizeof l2, &ll, g2, MR_AA, i), WG_OK);
        ck_assert_str_eq(l1, l2);
        ck_assert_ptr_null(strstr(l1, "Charlot"));
        hidden_pieces += strstr(l1, "hidden counter") != NULL;
    }
    ck_assert_int_gt(hidden_pieces, 0);
    size_t n1 = 0, n2 = 0;
    wg_game_event_count(&n1, g1);
    wg_game_event_count(&n2, g2);
    ck_assert_uint_eq(n1, n2);
    for (size_t i = 0; i < n1; i++) {
        char *e1 = event_text(g1, i, MR_AA), *e2 = event_text(g2, i, MR_AA);
        ck_assert_str_eq(e1, e2);
        free(e1);
        free(e2);
    }
    /* the French see their own draw */
    int seen = 0;
    for (size_t i = 0; i < n1; i++) {
        char *e = event_text(g1, i, MR_FR);
        seen |= strstr(e, "draws the event Lisbonne") != NULL;
        free(e);
    }
    ck_assert(seen);
    /* turn 2: the French draw again; the chance options (labels, weights) do not reveal which event
       each game's French player kept (the container mix is hidden) */
    for (int k = 0; k < 2; k++) {
        wg_game *gg = k ? g2 : g1;
        ck_assert_int_eq(wg_game_choose_action(gg, MR_ACT(MR_A_PASS, 0)), WG_OK);
        ck_assert_int_eq(wg_game_choose_action(gg, MR_ACT(MR_A_PASS, 0)), WG_OK);
        while (MR_ST(gg)->stage == MR_S_RECUP) /* g2's weakened Charlot tests recuperation */
            ck_assert_int_eq(wg_game_choose_action(gg, MR_ACT(MR_A_ROLL, 6)), WG_OK);
        ck_assert_int_eq(wg_game_choose_action(gg, MR_ACT(MR_A_ROLL, 6 * 8 + 1)), WG_OK);
        ck_assert_int_eq(wg_game_choose(gg, 0), WG_OK);
        ck_assert_int_eq(wg_game_choose_action(gg, MR_ACT(MR_A_KEEP, 0)), WG_OK);
    }
    size_t o1 = 0, o2 = 0;
    wg_game_option_count(&o1, g1);
    wg_game_option_count(&o2, g2);
    ck_assert_uint_eq(o1, 8);
    ck_assert_uint_eq(o1, o2);
    for (size_t i = 0; i < o1; i++) {
        char l1[128], l2[128];
        size_t len;
        uint64_t w1, t1, w2, t2;
        /* the other side reads nothing of the pool: neither the slots nor their number */
        ck_assert_int_eq(wg_game_option_label_for(l1, sizeof l1, &len, g1, i, MR_AA), WG_ESTATE);
        ck_assert_int_eq(wg_game_option_label_for(l2, sizeof l2, &len, g2, i, MR_AA), WG_ESTATE);
        ck_assert_int_eq(wg_game_option_count_for(&len, g1, MR_AA), WG_ESTATE);
        ck_assert_int_eq(wg_game_option_count_for(&len, g1, MR_FR), WG_OK);
        ck_assert_uint_eq(len, o1);
        /* the drawing French side (and the referee) read which marker lies in each slot, so a host
           drawing from a real cup can name the marker it drew */
        ck_assert_int_eq(wg_game_option_label_for(l1, sizeof l1, &len, g1, i, MR_FR), WG_OK);
        ck_assert_ptr_nonnull(strstr(l1, "draw event marker"));
        ck_assert_ptr_nonnull(strchr(l1, ':'));
        ck_assert_int_eq(wg_game_option_label_for(l2, sizeof l2, &len, g1, i, WG_VIEW_REFEREE), WG_OK);
        ck_assert_str_eq(l1, l2);
        wg_game_option_weight(&w1, &t1, g1, i);
        wg_game_option_weight(&w2, &t2, g2, i);
        ck_assert_uint_eq(w1, w2);
    }
    free(a1);
    free(a2);
    free(f1);
    free(f2);
    free(r1);
    wg_game_free(g1);
    wg_game_free(g2);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* LM-INIT-01 LM-INIT-02 (ties re-rolled: 30 untied outcomes), LM-EVT-03 draw weights, LM-SEQ-02 LM-SEQ-03 passing. */
START_TEST(test_turn_start)
{
    wgt_alloc al = {0};
    wg_ctx *ctx = wgt_ctx(&al);
    wg_game *g = new_game(ctx, "1808", 9);
    int p, k;
    size_t n;
    ck_assert_int_eq(wg_game_decision(&p, &k, g), WG_OK);
    ck_assert_int_eq(p, WG_PLAYER_CHANCE);
    ck_assert_int_eq(wg_game_option_count(&n, g), WG_OK);
    ck_assert_uint_eq(n, 30); /* Wellesley SV 2 = Junot SV 2: the 6 doubles tie */
    /* AA 6, F 1 */
    ck_assert_int_eq(wg_game_choose_action(g, MR_ACT(MR_A_ROLL, 6 * 8 + 1)), WG_OK);
    ck_assert_int_eq(MR_ST(g)->first, MR_AA);
    /* event draw: 9 markers, weight 1 each */
    ck_assert_int_eq(wg_game_option_count(&n, g), WG_OK);
    ck_assert_uint_eq(n, 9);
    uint64_t w, tot;
    ck_assert_int_eq(wg_game_option_weight(&w, &tot, g, 0), WG_OK);
    ck_assert_uint_eq(tot, 9);
    /* a tie cannot be chosen */
    ck_assert_int_ne(wg_game_choose_action(g, MR_ACT(MR_A_ROLL, 3 * 8 + 3)), WG_OK);
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST


/* Undo to any step reproduces the state of that step; clones are equal and independent. */
START_TEST(test_undo_every_step)
{
    wgt_alloc al = {0};
    wg_ctx *ctx = wgt_ctx(&al);
    wg_game *g = new_game(ctx, _i ? "1809" : "1808", 31);
    enum { N = 400 };
    static uint64_t h[N + 1];
    wg_game_hash(&h[0], g);
    size_t steps = 0;
    for (; steps < N; steps++) {
        int over = 0;
        wg_game_is_over(&over, g);
        if (over)
            break;
        ck_assert_int_eq(wg_game_bot_step(NULL, g), WG_OK);
        wg_game_hash(&h[steps + 1], g);
    }
    wg_game *c = NULL;
    ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
    uint64_t hc;
    wg_game_hash(&hc, c);
    ck_assert_uint_eq(hc, h[steps]);
    for (size_t k = steps; k-- > 0;) {
        if (k % 37 != 0)
            continue;
        ck_assert_int_eq(wg_game_undo_to(g, k), WG_OK);
        uint64_t hk;
        wg_game_hash(&hk, g);
        ck_assert_uint_eq(hk, h[k]);
    }
    wg_game_hash(&hc, c); /* the clone did not move */
    ck_assert_uint_eq(hc, h[steps]);
    wg_game_free(c);
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* Bad input: random actions that are not options are rejected, with a message, and change nothing. */
START_TEST(test_fuzz_rejections)
{
    wgt_alloc al = {0};
    wg_ctx *ctx = wgt_ctx(&al);
    wg_game *g = new_game(ctx, _i ? "1809" : "1808", 77);
    uint64_t x = 88172645463325252ull;
    for (int step = 0; step < 600; step++) {
        int over = 0;
        wg_game_is_over(&over, g);
        if (over)
            break;
        size_t n = 0;
        ck_assert_int_eq(wg_game_option_count(&n, g), WG_OK);
        for (int t = 0; t < 8; t++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            uint64_t a = MR_ACT((int)(x % 37), (int)((x >> 8) % 300));
            int legal = 0;
            for (size_t i = 0; i < n && !legal; i++) {
                uint64_t o;
                wg_game_option_action(&o, g, i);
                legal = o == a;
            }
            if (legal)
                continue;
            uint64_t h0, h1;
            wg_game_hash(&h0, g);
            ck_assert_int_eq(wg_game_choose_action(g, a), WG_EILLEGAL);
            ck_assert(strlen(wg_game_errmsg(g)) > 0);
            wg_game_hash(&h1, g);
            ck_assert_uint_eq(h0, h1);
        }
        ck_assert_int_eq(wg_game_bot_step(NULL, g), WG_OK);
    }
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* Allocation failure during play: the step fails with WG_ENOMEM, the game is unchanged, and play goes on. */
START_TEST(test_oom_during_play)
{
    wgt_alloc al = {0};
    wg_ctx *ctx = wgt_ctx(&al);
    wg_game *g = new_game(ctx, "1809", 5);
    int failures = 0;
    for (int step = 0; step < 300; step++) {
        int over = 0;
        wg_game_is_over(&over, g);
        if (over)
            break;
        uint64_t h0, h1;
        wg_game_hash(&h0, g);
        al.fail_at = al.calls + 1;
        int rc = wg_game_bot_step(NULL, g);
        al.fail_at = 0;
        if (rc == WG_ENOMEM) {
            failures++;
            wg_game_hash(&h1, g);
            ck_assert_uint_eq(h0, h1);
            rc = wg_game_bot_step(NULL, g);
        }
        ck_assert_msg(rc == WG_OK, "step %d: %s", step, wg_game_errmsg(g));
    }
    ck_assert_int_gt(failures, 0);
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(al.blocks, 0);
}
END_TEST


/* The registry lists the ruleset; games are created and loaded through the public API. */
START_TEST(test_public_api)
{
    wgt_alloc al = {0};
    wg_ctx *ctx = wgt_ctx(&al);
    const char *name = NULL, *sid = NULL;
    int n = 0;
    ck_assert_int_eq(wg_ruleset_name(&name, "marechaux"), WG_OK);
    ck_assert_ptr_nonnull(strstr(name, "Marechaux"));
    ck_assert_int_eq(wg_ruleset_scenario_count(&n, "marechaux"), WG_OK);
    ck_assert_int_eq(n, 2);
    ck_assert_int_eq(wg_ruleset_scenario_id(&sid, "marechaux", 1), WG_OK);
    ck_assert_str_eq(sid, "1809");
    wg_game *g = NULL;
    wg_game *bad = NULL;
    ck_assert_int_eq(wg_game_new(&bad, ctx, "marechaux", "1810", NULL, 4), WG_ENOTFOUND);
    ck_assert_ptr_null(bad);
    ck_assert_int_eq(wg_game_new(&g, ctx, "marechaux", "1808", NULL, 4), WG_OK);
    uint64_t steps = 0, h1, h2;
    ck_assert_int_eq(wg_game_playout(&steps, g, 250), WG_OK);
    wg_game_hash(&h1, g);
    size_t len = 0;
    wg_game_save(NULL, 0, &len, g);
    void *buf = malloc(len);
    ck_assert_int_eq(wg_game_save(buf, len, &len, g), WG_OK);
    wg_game *c = NULL;
    ck_assert_int_eq(wg_game_load(&c, ctx, buf, len), WG_OK);
    wg_game_hash(&h2, c);
    ck_assert_uint_eq(h1, h2);
    ((unsigned char *)buf)[len / 2] ^= 0x5a; /* a corrupt save is refused */
    wg_game *d = NULL;
    ck_assert_int_ne(wg_game_load(&d, ctx, buf, len), WG_OK);
    ck_assert_ptr_null(d);
    free(buf);
    char txt[256];
    /* the odds need a combat at the melee: refused otherwise, with a message */
    int64_t v[WG_MR_ODDS_COUNT];
    if (MR_ST(g)->stage == MR_S_OPS) {
        ck_assert_int_eq(wg_marechaux_combat_odds(v, WG_MR_ODDS_COUNT, &len, g), WG_ESTATE);
        ck_assert_ptr_nonnull(strstr(wg_game_errmsg(g), "combat odds"));
    }
    ck_assert_int_eq(wg_marechaux_combat_odds(v, WG_MR_ODDS_COUNT, &len, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_game_decision_text(txt, sizeof txt, &len, g), WG_OK);
    ck_assert(len > 0);
    wg_game_free(c);
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST


/* LM-FOG-01 LM-FOG-03, GAP-62: for many completions of what the AA player cannot see (the French units' hidden
 * strengths, which events the French hold, what the French drew from their container), the AA view and
 * the AA event texts do not change. */
START_TEST(test_views_random_completions)
{
    wgt_alloc al = {0};
    wg_ctx *ctx = wgt_ctx(&al);
    wg_game *g = new_game(ctx, _i ? "1809" : "1808", 900 + (uint64_t)_i);
    uint64_t steps;
    ck_assert_int_eq(wg_game_playout(&steps, g, 250), WG_OK);
    char *base = describe(g, MR_AA);
    size_t nev = 0;
    wg_game_event_count(&nev, g);
    uint64_t x = 0x9E3779B97F4A7C15ull + (uint64_t)_i;
    for (int k = 0; k < 20; k++) {
        wg_game *c = NULL;
        ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
        mr_state *s = MR_ST(c);
        const mr_rdata *rd = MR_RD(c);
        for (int u = 0; u < rd->nunit; u++) {
            if (rd->unit[u].side != MR_FR || rd->unit[u].kind != MR_K_INF || s->u[u].zone < 0 ||
                (s->u[u].flags & MR_UF_REVEAL))
                continue;
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            s->u[u].steps = (uint8_t)(1 + x % (uint64_t)rd->unit[u].nbox);
        }
        /* move the French held events around (same count), and swap them with the container's */
        int held = 0;
        for (int e = 0; e < rd->nevt; e++) {
            held += s->hand[MR_FR][e];
            s->hand[MR_FR][e] = 0;
        }
        for (int h = 0; h < held; h++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            s->hand[MR_FR][x % (uint64_t)rd->nevt]++;
        }
        char *v = describe(c, MR_AA);
        ck_assert_str_eq(v, base);
        free(v);
        for (size_t i = 0; i < nev; i++) {
            char *e1 = event_text(g, i, MR_AA), *e2 = event_text(c, i, MR_AA);
            ck_assert_str_eq(e1, e2);
            free(e1);
            free(e2);
        }
        wg_game_free(c);
    }
    free(base);
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("marechaux_game");
    TCase *tc = tcase_create("game");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_turn_start);
    tcase_add_test(tc, test_views_do_not_leak);
    tcase_add_test(tc, test_determinism_save_undo);
    tcase_add_loop_test(tc, test_playouts_end, 0, 10);
    tcase_add_loop_test(tc, test_undo_every_step, 0, 2);
    tcase_add_loop_test(tc, test_fuzz_rejections, 0, 2);
    tcase_add_test(tc, test_oom_during_play);
    tcase_add_test(tc, test_public_api);
    tcase_add_loop_test(tc, test_views_random_completions, 0, 2);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

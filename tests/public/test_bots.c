/* Bots and forks through the public API (doc/bots.md): bad input with status and message and
   nothing changed, determinism from the seed, forks with chance outcomes, Information-Set MCTS that
   chooses the same in twin games differing only in what it cannot see, and MCTS against random. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgplay.h"

/* Under valgrind (memcheck_pub_test_bots) the searches are sampled more thinly. */
static int light(void)
{
    return getenv("WG_MEMCHECK") != NULL;
}

static wg_ctx *new_ctx(void)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    return ctx;
}

/* Random steps until a player (not chance) decides with two or more options, at most n steps. */
static void advance(wg_game *g, long n)
{
    for (long i = 0; i < n; i++) {
        int over = 0;
        wg_game_is_over(&over, g);
        if (over)
            return;
        ck_assert_int_eq(wg_game_bot_step(NULL, g), WG_OK);
    }
    for (int k = 0; k < 2000; k++) {
        int p, kind, over = 0;
        size_t n2 = 0;
        wg_game_is_over(&over, g);
        if (over)
            return;
        wg_game_decision(&p, &kind, g);
        wg_game_option_count(&n2, g);
        if (p >= 0 && n2 >= 2)
            return;
        ck_assert_int_eq(wg_game_bot_step(NULL, g), WG_OK);
    }
}

START_TEST(test_bad_spec)
{
    wg_ctx *ctx = new_ctx();
    static const char *const bad[] = {"", "minimax", "mcts:0", "mcts:x", "mcts iterations=", "mcts depth=-1",
                                      "mcts c=abc", "mcts rollout=smart", "mcts colour=red", "random iterations=5",
                                      "mcts iterations", "random:3"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        wg_bot *b = (wg_bot *)1;
        size_t in0 = 0, in1 = 0;
        wg_ctx_memory_in_use(&in0, ctx);
        ck_assert_int_eq(wg_bot_new(&b, ctx, bad[i], 1), WG_EINVAL);
        ck_assert_ptr_null(b);
        wg_ctx_memory_in_use(&in1, ctx);
        ck_assert_uint_eq(in0, in1);
        ck_assert_msg(strstr(wg_ctx_errmsg(ctx), "bot spec") != NULL, "spec '%s': %s", bad[i], wg_ctx_errmsg(ctx));
    }
    static const char *const good[] = {"random", "mcts", "ismcts", "mcts:2000",
                                       "mcts iterations=2000 depth=40 c=1.4 rollout=greedy",
                                       "mcts,iterations=10,rollout=uniform,attack=2,determinizations=4,scale=3"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        wg_bot *b = NULL;
        ck_assert_msg(wg_bot_new(&b, ctx, good[i], 1) == WG_OK, "%s: %s", good[i], wg_ctx_errmsg(ctx));
        char spec[256];
        size_t len = 0;
        ck_assert_int_eq(wg_bot_spec(spec, sizeof spec, &len, b), WG_OK);
        wg_bot_free(b);
        /* the canonical form reads back to itself */
        b = NULL;
        ck_assert_msg(wg_bot_new(&b, ctx, spec, 1) == WG_OK, "%s: %s", spec, wg_ctx_errmsg(ctx));
        char again[256];
        ck_assert_int_eq(wg_bot_spec(again, sizeof again, &len, b), WG_OK);
        ck_assert_str_eq(again, spec);
        wg_bot_free(b);
    }
    {
        /* the default budget is the ruleset's (iterations=auto, doc/bots.md) */
        wg_bot *b = NULL;
        ck_assert_int_eq(wg_bot_new(&b, ctx, "mcts", 1), WG_OK);
        char spec[256];
        size_t len = 0;
        ck_assert_int_eq(wg_bot_spec(spec, sizeof spec, &len, b), WG_OK);
        ck_assert_str_eq(spec, "mcts iterations=auto depth=auto c=1.400 rollout=greedy attack=4 determinizations=0 "
                               "scale=auto");
        wg_bot_free(b);
        static const struct {
            const char *ruleset, *scenario;
            uint64_t iterations;
        } budget[] = {{"lga", "1805", 500}, {"marechaux", "1808", 500}};
        for (size_t i = 0; i < 2; i++) {
            wg_game *g = wgp_new(ctx, budget[i].ruleset, budget[i].scenario,
                                 !strcmp(budget[i].ruleset, "lga") ? "crt=completion" : NULL, 5, NULL);
            advance(g, 3);
            b = NULL;
            ck_assert_int_eq(wg_bot_new(&b, ctx, "mcts", 2), WG_OK);
            size_t c = 0;
            ck_assert_int_eq(wg_bot_choose(&c, b, g), WG_OK);
            uint64_t it = 0;
            ck_assert_int_eq(wg_bot_stat(&it, b, WG_BOT_ITERATIONS), WG_OK);
            ck_assert_uint_eq(it, budget[i].iterations);
            wg_bot_free(b);
            wg_game_free(g);
        }
    }
    wg_bot *b = NULL;
    ck_assert_int_eq(wg_bot_new(&b, ctx, "mcts iterations=2000 depth=40 c=1.4 rollout=greedy", 1), WG_OK);
    char spec[256];
    size_t len = 0;
    ck_assert_int_eq(wg_bot_spec(spec, sizeof spec, &len, b), WG_OK);
    ck_assert_str_eq(spec, "mcts iterations=2000 depth=40 c=1.400 rollout=greedy attack=4 determinizations=0 "
                           "scale=auto");
    wg_bot_free(b);
    size_t live = 1;
    wg_ctx_live_handles(&live, ctx);
    ck_assert_uint_eq(live, 0);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

START_TEST(test_bad_state)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = wgp_new(ctx, "ccn", "S01", NULL, 3, NULL);
    wg_bot *b = NULL;
    ck_assert_int_eq(wg_bot_new(&b, ctx, "mcts:20", 7), WG_OK);
    advance(g, 5);
    int p, kind;
    wg_game_decision(&p, &kind, g);
    ck_assert_int_ge(p, 0);
    uint64_t h0 = 0, h1 = 0;
    size_t in0 = 0, in1 = 0, opt = 99;
    wg_game_hash(&h0, g);
    wg_ctx_memory_in_use(&in0, ctx);
    /* the wrong player */
    ck_assert_int_eq(wg_bot_choose_for(&opt, b, g, 1 - p), WG_ESTATE);
    ck_assert_msg(strstr(wg_bot_errmsg(b), "does not decide now") != NULL, "%s", wg_bot_errmsg(b));
    ck_assert_int_eq(wg_bot_choose_for(&opt, b, g, 5), WG_ERANGE);
    ck_assert_msg(strstr(wg_bot_errmsg(b), "not a player") != NULL, "%s", wg_bot_errmsg(b));
    ck_assert_uint_eq(opt, 99);
    wg_game_hash(&h1, g);
    wg_ctx_memory_in_use(&in1, ctx);
    ck_assert_uint_eq(h0, h1);
    ck_assert_uint_eq(in0, in1);
    /* the right one: the game does not change */
    ck_assert_int_eq(wg_bot_choose_for(&opt, b, g, p), WG_OK);
    size_t opt2 = 0;
    ck_assert_int_eq(wg_bot_choose(&opt2, b, g), WG_OK);
    size_t n = 0;
    wg_game_option_count(&n, g);
    ck_assert_uint_lt(opt, n);
    wg_game_hash(&h1, g);
    ck_assert_uint_eq(h0, h1);
    /* a chance decision */
    for (int k = 0; k < 5000; k++) {
        wg_game_decision(&p, &kind, g);
        if (p == WG_PLAYER_CHANCE || p == WG_PLAYER_NONE)
            break;
        ck_assert_int_eq(wg_game_bot_step(NULL, g), WG_OK);
    }
    if (p == WG_PLAYER_CHANCE) {
        ck_assert_int_eq(wg_bot_choose(&opt, b, g), WG_ESTATE);
        ck_assert_msg(strstr(wg_bot_errmsg(b), "chance") != NULL, "%s", wg_bot_errmsg(b));
    }
    /* game over */
    uint64_t steps = 0;
    ck_assert_int_eq(wg_game_playout(&steps, g, 1000000), WG_OK);
    int over = 0;
    wg_game_is_over(&over, g);
    ck_assert_int_eq(over, 1);
    wg_game_hash(&h0, g);
    wg_ctx_memory_in_use(&in0, ctx);
    ck_assert_int_eq(wg_bot_choose(&opt, b, g), WG_ESTATE);
    ck_assert_msg(strstr(wg_bot_errmsg(b), "over") != NULL, "%s", wg_bot_errmsg(b));
    ck_assert_int_eq(wg_bot_play(NULL, b, g), WG_ESTATE);
    wg_game_hash(&h1, g);
    wg_ctx_memory_in_use(&in1, ctx);
    ck_assert_uint_eq(h0, h1);
    ck_assert_uint_eq(in0, in1);
    ck_assert_int_eq(wg_bot_choose(NULL, b, g), WG_EINVAL);
    wg_bot_free(b);
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* A fork: same options, same score, stepping it leaves the game alone; chance outcomes by index. */
START_TEST(test_fork)
{
    wg_ctx *ctx = new_ctx(), *fctx = new_ctx();
    wg_game *g = wgp_new(ctx, "marechaux", "1808", NULL, 5, NULL);
    advance(g, 30);
    uint64_t h0 = 0, hf = 0;
    wg_game_hash(&h0, g);
    wg_game *f = NULL;
    ck_assert_int_eq(wg_game_fork(&f, fctx, g), WG_OK);
    size_t n = 0, nf = 0;
    wg_game_option_count(&n, g);
    wg_game_option_count(&nf, f);
    ck_assert_uint_eq(n, nf);
    for (size_t i = 0; i < n; i++) {
        uint64_t a = 0, af = 1;
        wg_game_option_action(&a, g, i);
        wg_game_option_action(&af, f, i);
        ck_assert_uint_eq(a, af);
    }
    uint64_t steps = 0, cnt = 7;
    size_t ev = 9;
    wg_game_step_count(&cnt, f);
    ck_assert_uint_eq(cnt, 0);
    ck_assert_int_eq(wg_game_playout(&steps, f, 400), WG_OK);
    ck_assert_uint_gt(steps, 0);
    wg_game_event_count(&ev, f);
    ck_assert_uint_eq(ev, 0);
    wg_game_step_count(&cnt, f);
    ck_assert_uint_eq(cnt, 0);
    char buf[64];
    size_t len = 0;
    ck_assert_int_eq(wg_game_save(buf, sizeof buf, &len, f), WG_ESTATE);
    wg_game_hash(&hf, g);
    ck_assert_uint_eq(h0, hf);
    /* fork_into: back to the game's position, without allocating */
    uint64_t a0 = 0, a1 = 0;
    wg_ctx_alloc_count(&a0, fctx);
    ck_assert_int_eq(wg_game_fork_into(f, g), WG_OK);
    wg_ctx_alloc_count(&a1, fctx);
    ck_assert_uint_eq(a0, a1);
    /* the fork and a clone step alike */
    wg_game *c = NULL;
    ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
    for (int k = 0; k < 300; k++) {
        int p, kind, over = 0;
        wg_game_is_over(&over, c);
        if (over)
            break;
        wg_game_decision(&p, &kind, c);
        size_t nc = 0;
        wg_game_option_count(&nc, c);
        wg_game_option_count(&nf, f);
        ck_assert_uint_eq(nc, nf);
        size_t pick = (size_t)k % nc;
        if (p == WG_PLAYER_CHANCE) { /* a given outcome, its exact weight */
            uint64_t w = 0, t = 0, wf = 0, tf = 0;
            ck_assert_int_eq(wg_game_option_weight(&w, &t, c, pick), WG_OK);
            ck_assert_int_eq(wg_game_option_weight(&wf, &tf, f, pick), WG_OK);
            ck_assert_uint_eq(w, wf);
            ck_assert_uint_eq(t, tf);
        }
        size_t np = 0;
        int req = 0;
        wg_game_option_param_count(&np, &req, c, pick);
        if (req)
            pick = 0;
        wg_game_option_param_count(&np, &req, c, pick);
        if (req)
            break;
        ck_assert_int_eq(wg_game_choose(c, pick), WG_OK);
        ck_assert_int_eq(wg_game_choose(f, pick), WG_OK);
        int64_t s1 = 0, s2 = 0;
        wg_game_score(&s1, c);
        wg_game_score(&s2, f);
        ck_assert_int_eq(s1, s2);
    }
    /* a fork of another ruleset is refused */
    wg_game *l = wgp_new(ctx, "ccn", "S01", NULL, 1, NULL);
    ck_assert_int_eq(wg_game_fork_into(f, l), WG_EINVAL);
    ck_assert_int_eq(wg_game_fork_into(c, l), WG_EINVAL);
    wg_game_free(l);
    wg_game_free(c);
    wg_game_free(f);
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(fctx), WG_OK);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

static void play_choices(const char *rs, const char *sc, const char *spec, uint64_t seed, size_t *out, int n)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = wgp_new(ctx, rs, sc, wgt_playable_options(rs), 11, NULL);
    wg_bot *b = NULL;
    ck_assert_int_eq(wg_bot_new(&b, ctx, spec, seed), WG_OK);
    for (int i = 0; i < n; i++) {
        int p, kind;
        wg_game_decision(&p, &kind, g);
        if (p == WG_PLAYER_NONE) {
            out[i] = (size_t)-1;
            continue;
        }
        size_t c = 0;
        ck_assert_msg(wg_bot_play(&c, b, g) == WG_OK, "%s", wg_bot_errmsg(b));
        out[i] = c;
    }
    uint64_t dec = 0;
    ck_assert_int_eq(wg_bot_stat(&dec, b, WG_BOT_DECISIONS), WG_OK);
    ck_assert_uint_gt(dec, 0);
    wg_bot_free(b);
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}

START_TEST(test_determinism)
{
    static const char *const rs[] = {"lga", "marechaux", "ccn", "aigles"};
    static const char *const sc[] = {"1805", "1808", "S01", "crossroads"};
    for (int r = 0; r < 4; r++) {
        size_t a[24], b[24];
        play_choices(rs[r], sc[r], "mcts iterations=30 depth=20", 9, a, 24);
        play_choices(rs[r], sc[r], "mcts iterations=30 depth=20", 9, b, 24);
        ck_assert_msg(memcmp(a, b, sizeof a) == 0, "%s: two runs from one seed differ", rs[r]);
    }
}
END_TEST

/* ISMCTS reads nothing hidden: in a game and its twin determinized for the bot's player (all he
   cannot see sampled anew), bots with one seed choose the same option. */
START_TEST(test_ismcts_twins)
{
    /* Les Maréchaux's positions are cheap and many of them hide identities that a determinization
       could read (which counter holds which unit, whether an infantry unit stands south of the
       Douro): forty positions a scenario */
    static const char *const rs[] = {"marechaux", "ccn", "ccn", "aigles", "marechaux"};
    static const char *const sc[] = {"1808", "S01", "S05", "crossroads", "1809"};
    static const int seeds[] = {40, 3, 3, 3, 40};
    long compared = 0, differ = 0;
    for (int r = 0; r < 5; r++) {
        int nseed = light() ? (seeds[r] > 3 ? 6 : 1) : seeds[r];
        for (int seed = 1; seed <= nseed; seed++) {
            wg_ctx *ctx = new_ctx();
            wg_game *g = wgp_new(ctx, rs[r], sc[r], NULL, (uint64_t)seed, NULL);
            advance(g, 20 + 13 * seed);
            int p, kind;
            wg_game_decision(&p, &kind, g);
            if (p < 0) {
                wg_game_free(g);
                wg_ctx_free(ctx);
                continue;
            }
            wg_game *twin = NULL;
            ck_assert_int_eq(wg_game_determinize(&twin, g, p, (uint64_t)seed * 101), WG_OK);
            uint64_t h1 = 0, h2 = 0;
            wg_game_hash(&h1, g);
            wg_game_hash(&h2, twin);
            differ += h1 != h2;
            wg_bot *b1 = NULL, *b2 = NULL;
            ck_assert_int_eq(wg_bot_new(&b1, ctx, "ismcts iterations=60 depth=30", 77), WG_OK);
            ck_assert_int_eq(wg_bot_new(&b2, ctx, "ismcts iterations=60 depth=30", 77), WG_OK);
            for (int k = 0; k < 3; k++) {
                size_t c1 = 0, c2 = 1;
                ck_assert_msg(wg_bot_choose_for(&c1, b1, g, p) == WG_OK, "%s", wg_bot_errmsg(b1));
                ck_assert_msg(wg_bot_choose_for(&c2, b2, twin, p) == WG_OK, "%s", wg_bot_errmsg(b2));
                ck_assert_msg(c1 == c2, "%s %s seed %d: the bot chose %zu in the game, %zu in the twin", rs[r], sc[r],
                              seed, c1, c2);
                compared++;
            }
            wg_bot_free(b1);
            wg_bot_free(b2);
            wg_game_free(twin);
            wg_game_free(g);
            ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
        }
    }
    printf("ismcts twins: %ld choices compared, %ld of the twins differ from their game\n", compared, differ);
    ck_assert_int_gt(compared, light() ? 20 : 200);
    ck_assert_int_gt(differ, light() ? 2 : 20); /* the twins hide something else: the test can fail */
}
END_TEST

/* MCTS against the random bot in a short sample of Commands & Colors games: it wins more. */
START_TEST(test_mcts_beats_random)
{
    int wins = 0, losses = 0, games = light() ? 2 : 6;
    for (int game = 0; game < games; game++) {
        wg_ctx *ctx = new_ctx();
        wg_game *g = wgp_new(ctx, "ccn", "S01", NULL, (uint64_t)game + 100, NULL);
        wg_bot *m = NULL, *r = NULL;
        ck_assert_int_eq(wg_bot_new(&m, ctx, "mcts iterations=60 depth=60", (uint64_t)game), WG_OK);
        ck_assert_int_eq(wg_bot_new(&r, ctx, "random", (uint64_t)game), WG_OK);
        int side = game % 2;
        for (int k = 0; k < 20000; k++) {
            int p, kind;
            wg_game_decision(&p, &kind, g);
            if (p == WG_PLAYER_NONE)
                break;
            ck_assert_int_eq(wg_bot_play(NULL, p == side ? m : r, g), WG_OK);
        }
        int64_t s = 0;
        wg_game_score(&s, g);
        if (side == 1)
            s = -s;
        wins += s > 0;
        losses += s < 0;
        wg_bot_free(m);
        wg_bot_free(r);
        wg_game_free(g);
        ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    }
    printf("mcts vs random, ccn S01: %d wins, %d losses of %d\n", wins, losses, games);
    ck_assert_int_gt(wins, losses);
}
END_TEST

/* La Grande Armée's default budget (doc/bots.md): four times the default iterations to declare an
   attack, the default elsewhere; an explicit count is that count everywhere. */
START_TEST(test_budget_of_declarations)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = wgp_new(ctx, "lga", "1806", "crt=completion", 3, NULL);
    int found = 0;
    for (long k = 0; k < 40000 && !found; k++) {
        int p, kind, over = 0;
        size_t n = 0;
        char text[200];
        wg_game_is_over(&over, g);
        ck_assert(!over);
        wg_game_decision(&p, &kind, g);
        wg_game_option_count(&n, g);
        ck_assert_int_eq(wg_game_decision_text(text, sizeof text, NULL, g), WG_OK);
        found = p >= 0 && n >= 2 && strstr(text, "declare attacks") != NULL;
        if (!found)
            ck_assert_int_eq(wg_game_bot_step(NULL, g), WG_OK);
    }
    ck_assert(found);
    const struct {
        const char *spec;
        uint64_t iterations;
    } want[] = {{"mcts", 2000}, {"mcts iterations=auto", 2000}, {"mcts:300", 300}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        wg_bot *b = NULL;
        size_t c = 0;
        uint64_t it = 0;
        ck_assert_int_eq(wg_bot_new(&b, ctx, want[i].spec, 7), WG_OK);
        ck_assert_int_eq(wg_bot_choose(&c, b, g), WG_OK);
        ck_assert_int_eq(wg_bot_stat(&it, b, WG_BOT_ITERATIONS), WG_OK);
        ck_assert_msg(it == want[i].iterations, "%s: %llu iterations", want[i].spec, (unsigned long long)it);
        wg_bot_free(b);
    }
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* The option a new bot of `spec` (seeded `seed`) chooses in g; the game is unchanged by the choice. */
static size_t bot_choice(wg_ctx *ctx, wg_game *g, const char *spec, uint64_t seed)
{
    uint64_t h0 = 0, h1 = 0;
    wg_game_hash(&h0, g);
    wg_bot *b = NULL;
    ck_assert_int_eq(wg_bot_new(&b, ctx, spec, seed), WG_OK);
    size_t c = SIZE_MAX;
    ck_assert_int_eq(wg_bot_choose(&c, b, g), WG_OK);
    wg_game_hash(&h1, g);
    ck_assert_uint_eq(h0, h1);
    wg_bot_free(b);
    return c;
}

/* The options of the decision in g that end the game at once with its player the winner: sets
   win[i] (1 or 0) for each option and returns how many win; *others: the options that do not. */
static int winning_options(wg_game *g, int p, size_t n, int *win, int *others)
{
    int wins = 0;
    *others = 0;
    for (size_t i = 0; i < n; i++) {
        wg_game *c = NULL;
        ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
        win[i] = 0;
        if (wg_game_choose(c, i) == WG_OK) {
            int over = 0, w = WG_PLAYER_NONE;
            wg_game_is_over(&over, c);
            if (over && wg_game_winner(&w, c) == WG_OK && w == p)
                win[i] = 1;
        }
        wins += win[i];
        *others += !win[i];
        wg_game_free(c);
    }
    return wins;
}

/* A win on the board: in positions of Commands & Colors games where one of many options ends the game
   with a victory for the player who decides (found by playing random games and trying every option
   on a clone) and others do not, MCTS takes a winning option, each time. */
START_TEST(test_mcts_takes_the_win)
{
    wg_ctx *ctx = new_ctx();
    int want = light() ? 1 : 4, found = 0;
    char scen[8];
    for (uint64_t seed = 0; found < want && seed < 90; seed++) {
        snprintf(scen, sizeof scen, "S%02d", (int)(seed % 18) + 1);
        wg_game *g = wgp_new(ctx, "ccn", scen, NULL, seed, NULL);
        for (int k = 0; k < 20000; k++) {
            int p, kind, over = 0;
            wg_game_is_over(&over, g);
            if (over)
                break;
            wg_game_decision(&p, &kind, g);
            size_t n = 0;
            wg_game_option_count(&n, g);
            if (p >= 0 && n >= 2) {
                int win[512], others = 0;
                ck_assert_uint_le(n, 512);
                if (winning_options(g, p, n, win, &others) > 0 && others > 0) {
                    size_t c = bot_choice(ctx, g, "mcts iterations=100", seed);
                    ck_assert_msg(c < n && win[c], "ccn %s seed %llu: of %zu options (%d winning), MCTS chose %zu",
                                  scen, (unsigned long long)seed, n, (int)n - others, c);
                    found++;
                    break; /* one position per game */
                }
            }
            ck_assert_int_eq(wg_game_bot_step(NULL, g), WG_OK);
        }
        wg_game_free(g);
    }
    ck_assert_int_eq(found, want);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* Plays the first option of every decision of g until it ends (the chance decisions too). */
static void play_firsts(wg_game *g)
{
    for (int k = 0; k < 100; k++) {
        int over = 0;
        ck_assert_int_eq(wg_game_is_over(&over, g), WG_OK);
        if (over)
            return;
        ck_assert_int_eq(wg_game_choose(g, 0), WG_OK);
    }
    ck_abort_msg("the game did not end");
}

/* La Grande Armée 1806, the French Combat Phase of the last Game-Turn (tests/positions/README.md):
   55 victory points, a Draw (LGA-S1806-31), Magdeburg besieged (10 VP, LGA-FORT-10) and held by a
   lone Prussian Depot.  Declaring no attack ends the game in a Draw; the combined attack on the
   Fortress (LGA-FORT-06, 5 against 3 tripled) eliminates the Depot on a 5 or a 6 (De), and the
   French advance into Magdeburg: control instead of the siege, 65 VP, a French Substantive Victory;
   no other roll costs the siege.  MCTS at its default budget takes the chance: the search plays the
   last Combat and Supply Creation Phases to the end of the game, not to the heuristic evaluation. */
START_TEST(test_mcts_attacks_to_win_at_the_end)
{
    wg_ctx *ctx = new_ctx();
    size_t len = 0;
    char *save = wgt_read_source_file("tests/positions/lga-1806-last-attack.wgs", &len);
    wg_game *g = NULL;
    ck_assert_int_eq(wg_game_load(&g, ctx, save, len), WG_OK);
    free(save);
    char text[200];
    int p = -1, kind = 0, w = 0;
    ck_assert_int_eq(wg_game_decision_text(text, sizeof text, NULL, g), WG_OK);
    ck_assert_str_eq(text, "Game-Turn 9, French Player-Turn: Combat Phase (a): declare attacks");
    ck_assert_int_eq(wg_game_decision(&p, &kind, g), WG_OK);
    ck_assert_int_eq(p, 1);
    long none = wgp_find(g, "no more attacks"), fort = wgp_find(g, "combined attack on the Fortress 3113 Magdeburg");
    ck_assert_msg(none >= 0 && fort >= 0, "%s", wgp_options_dump(g));
    /* no attack: a Draw */
    wg_game *c = NULL;
    ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
    ck_assert_int_eq(wg_game_choose(c, (size_t)none), WG_OK);
    play_firsts(c);
    ck_assert_int_eq(wg_game_winner(&w, c), WG_OK);
    ck_assert_int_eq(w, WG_PLAYER_NONE);
    wg_game_free(c);
    /* the combined attack, each die: a win on 5 and 6 (advancing), a Draw otherwise */
    for (int die = 1; die <= 6; die++) {
        ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
        ck_assert_int_eq(wg_game_choose(c, (size_t)fort), WG_OK);
        wgp_choose(c, "done");
        wgp_choose(c, "no more attacks");
        wgp_choose(c, "resolve the attack on 3113 Magdeburg");
        snprintf(text, sizeof text, "die roll %d", die);
        wgp_choose(c, text);
        if (die >= 5)
            wgp_choose(c, "into 3113 Magdeburg");
        play_firsts(c);
        ck_assert_int_eq(wg_game_winner(&w, c), WG_OK);
        ck_assert_msg(w == (die >= 5 ? 1 : WG_PLAYER_NONE), "die %d: winner %d", die, w);
        wg_game_free(c);
    }
    for (uint64_t seed = 1; seed <= (light() ? 1u : 3u); seed++) {
        size_t choice = bot_choice(ctx, g, "mcts", seed);
        ck_assert_int_eq(wg_game_option_label(text, sizeof text, NULL, g, choice), WG_OK);
        ck_assert_msg(strstr(text, "3113 Magdeburg") != NULL, "seed %llu: MCTS chose \"%s\"", (unsigned long long)seed, text);
    }
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* Les Maréchaux 1808: Burrard ends the game at the end of the turn it is played in (LM-EVENTS-02,
   LM-SEQ-09); the Anglo-Allies who draw it while the French hold Lisbon (6 VP at the end,
   LM-VP-02/03) and lead them by fewer than 6 VP would lose by playing it: MCTS at its default budget
   tempts fate instead (LM-EVT-06: the marker goes back, 2 VP to the French) and plays on. */
START_TEST(test_mcts_declines_burrard_when_behind)
{
    wg_ctx *ctx = new_ctx();
    int want = light() ? 1 : 3, found = 0;
    char buf[512];
    size_t len;
    for (uint64_t seed = 0; found < want && seed < 400; seed++) {
        wg_game *g = wgp_new(ctx, "marechaux", "1808", NULL, seed, NULL);
        int lisbon = -1, nspace = 0;
        wg_game_space_count(&nspace, g);
        for (int z = 0; z < nspace; z++) {
            int64_t obj = 0;
            ck_assert_int_eq(wg_game_attr_int(&obj, g, WG_VIEW_REFEREE, WG_ATTR_SPACE, (size_t)z, "objective"), WG_OK);
            if (obj)
                lisbon = z;
        }
        ck_assert_int_ge(lisbon, 0);
        size_t seen = 0;
        for (int k = 0; k < 5000; k++) {
            int p, kind, over = 0;
            wg_game_is_over(&over, g);
            if (over)
                break;
            size_t ne = 0;
            int drawn = 0;
            wg_game_event_count(&ne, g);
            for (; seen < ne; seen++) {
                ck_assert_int_eq(wg_game_event_text(buf, sizeof buf, &len, g, seen, WG_VIEW_REFEREE), WG_OK);
                drawn = strstr(buf, "Anglo-Allied draws the event Burrard") != NULL;
            }
            wg_game_decision(&p, &kind, g);
            if (drawn && p == 0) {
                int64_t score = 0, aa = -1, fr = -1;
                wg_game_score(&score, g);
                ck_assert_int_eq(wg_game_attr_int(&aa, g, WG_VIEW_REFEREE, WG_ATTR_SPACE, (size_t)lisbon, "counters_aa"), WG_OK);
                ck_assert_int_eq(wg_game_attr_int(&fr, g, WG_VIEW_REFEREE, WG_ATTR_SPACE, (size_t)lisbon, "counters_fr"), WG_OK);
                if (aa == 0 && fr > 0 && score < 6) {
                    size_t n = 0, c = bot_choice(ctx, g, "mcts", seed);
                    wg_game_option_count(&n, g);
                    ck_assert_uint_lt(c, n);
                    ck_assert_int_eq(wg_game_option_label(buf, sizeof buf, &len, g, c), WG_OK);
                    ck_assert_msg(strstr(buf, "tempt fate") != NULL,
                                  "1808 seed %llu: behind by %lld VP with Lisbon French, MCTS chose \"%s\"",
                                  (unsigned long long)seed, (long long)(score - 6), buf);
                    found++;
                }
                break; /* one drawing of Burrard per game */
            }
            ck_assert_int_eq(wg_game_bot_step(NULL, g), WG_OK);
        }
        wg_game_free(g);
    }
    ck_assert_int_eq(found, want);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* Les Maréchaux: a stack that enters a zone held by the enemy stops or forces the passage, and a
   forced passage is a melee (LM-MOVE-05/06).  MCTS at its default budget, whose search plays a
   combat to its end before it evaluates (the quiet positions), does not force the passage with a
   stack of a third or less of the steps the enemy holds there (random play finds the positions; the
   steps as the referee reads them). */
START_TEST(test_mcts_does_not_force_against_odds)
{
    wg_ctx *ctx = new_ctx();
    int want = light() ? 2 : 12, found = 0;
    char buf[512];
    size_t len;
    for (uint64_t seed = 0; found < want && seed < 400; seed++) {
        wg_game *g = wgp_new(ctx, "marechaux", seed % 2 ? "1809" : "1808", NULL, seed, NULL);
        for (int k = 0; k < 6000; k++) {
            int p, kind, over = 0;
            wg_game_is_over(&over, g);
            if (over)
                break;
            wg_game_decision(&p, &kind, g);
            if (p >= 0 && wg_game_decision_text(buf, sizeof buf, &len, g) == WG_OK &&
                strstr(buf, "stop or force the passage")) {
                size_t np = 0;
                int zone = -1;
                long mine = 0, theirs = 0;
                wg_game_piece_count(&np, g, WG_VIEW_REFEREE);
                for (int pass = 0; pass < 2; pass++)
                    for (size_t i = 0; i < np; i++) {
                        int side = -1, sp = -1;
                        int64_t in = 0, st = 0;
                        ck_assert_int_eq(wg_game_piece(&side, &sp, g, WG_VIEW_REFEREE, i), WG_OK);
                        /* a piece without steps (a decoy, the fleet) has none to read */
                        int rs = wg_game_attr_int(&st, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, i, "steps");
                        ck_assert(rs == WG_OK || rs == WG_ENOTFOUND);
                        if (rs != WG_OK)
                            st = 0;
                        int ri = wg_game_attr_int(&in, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, i, "in_stack");
                        ck_assert(ri == WG_OK || ri == WG_ENOTFOUND);
                        if (pass == 0 && in && side == p) {
                            zone = sp;
                            mine += st;
                        } else if (pass == 1 && side == 1 - p && sp == zone)
                            theirs += st;
                    }
                if (mine > 0 && theirs >= 3 * mine) {
                    size_t c = bot_choice(ctx, g, "mcts", seed);
                    ck_assert_int_eq(wg_game_option_label(buf, sizeof buf, &len, g, c), WG_OK);
                    ck_assert_msg(strstr(buf, "force the passage") == NULL,
                                  "seed %llu: %ld steps against %ld, MCTS forced the passage", (unsigned long long)seed,
                                  mine, theirs);
                    found++;
                    break; /* one position per game */
                }
            }
            ck_assert_int_eq(wg_game_bot_step(NULL, g), WG_OK);
        }
        wg_game_free(g);
    }
    ck_assert_int_eq(found, want);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* The French-controlled objectives of a La Grande Armée game among the n spaces in obj[]. */
static int french_objectives(wg_game *g, const int *obj, int n)
{
    int c = 0;
    for (int i = 0; i < n; i++) {
        int64_t ctl = -1;
        ck_assert_int_eq(wg_game_attr_int(&ctl, g, WG_VIEW_REFEREE, WG_ATTR_SPACE, (size_t)obj[i], "control"), WG_OK);
        c += ctl == 1;
    }
    return c;
}

/* At a forced-march declaration of La Grande Armée, declare none (the option so labelled): 1 when
   declared. */
static int forced_march_declared_none(wg_game *g, size_t n)
{
    char text[256], lab[160];
    size_t len = 0;
    ck_assert_int_eq(wg_game_decision_text(text, sizeof text, &len, g), WG_OK);
    if (!strstr(text, "declare the forced march"))
        return 0;
    for (size_t i = 0; i < n; i++) {
        ck_assert_int_eq(wg_game_option_label(lab, sizeof lab, &len, g, i), WG_OK);
        if (!strcmp(lab, "no forced march")) {
            ck_assert_int_eq(wg_game_choose(g, i), WG_OK);
            return 1;
        }
    }
    return 0;
}

/* An objective taken on the march: in La Grande Armée 1806 games played at random, except that no
   unit declares a forced march (its die roll may eliminate the unit, LGA-FMARCH-*: a risk the
   search weighs), positions where a French unit's destinations include an objective the French do
   not control and can take by moving there (tried on a clone: the space's control turns French)
   while others do not take one; MCTS at its default budget takes it, each time.  (Its evaluation
   counts the victory points of the position as they stand, not the total recorded at the end of
   the Player-Turn.) */
START_TEST(test_mcts_takes_objectives)
{
    wg_ctx *ctx = new_ctx();
    int want = light() ? 1 : 3, found = 0;
    for (uint64_t seed = 0; found < want && seed < 20; seed++) {
        wg_game *g = wgp_new(ctx, "lga", "1806", "crt=completion", seed, NULL);
        int nspace = 0, obj[32], nobj = 0;
        char place[32][64];
        ck_assert_int_eq(wg_game_space_count(&nspace, g), WG_OK);
        for (int h = 0; h < nspace; h++) {
            int64_t vp = 0;
            size_t len = 0;
            if (wg_game_attr_int(&vp, g, WG_VIEW_REFEREE, WG_ATTR_SPACE, (size_t)h, "vp") == WG_OK && vp > 0) {
                ck_assert_int_lt(nobj, 32);
                ck_assert_int_eq(wg_game_attr_text(place[nobj], sizeof place[0], &len, g, WG_VIEW_REFEREE,
                                                   WG_ATTR_SPACE, (size_t)h, "place"), WG_OK);
                obj[nobj++] = h;
            }
        }
        ck_assert_int_eq(nobj, 8); /* LGA-S1806-30 */
        for (int k = 0; k < 40000; k++) {
            int p, kind, over = 0;
            wg_game_is_over(&over, g);
            if (over)
                break;
            wg_game_decision(&p, &kind, g);
            size_t n = 0;
            wg_game_option_count(&n, g);
            if (p == 1 && n >= 2 && n <= 1024) {
                static int takes[1024];
                int ntake = 0, before = french_objectives(g, obj, nobj);
                for (size_t i = 0; i < n; i++) {
                    char lab[160];
                    size_t len = 0;
                    takes[i] = 0;
                    ck_assert_int_eq(wg_game_option_label(lab, sizeof lab, &len, g, i), WG_OK);
                    int named = 0;
                    for (int o = 0; o < nobj && !named; o++)
                        named = strncmp(lab, "move ", 5) == 0 && strstr(lab, place[o]) != NULL;
                    if (!named)
                        continue;
                    wg_game *c = NULL;
                    ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
                    if (wg_game_choose(c, i) == WG_OK && french_objectives(c, obj, nobj) > before)
                        takes[i] = 1;
                    ntake += takes[i];
                    wg_game_free(c);
                }
                if (ntake > 0 && ntake < (int)n) {
                    size_t c = bot_choice(ctx, g, "mcts", seed);
                    char lab[160];
                    size_t len = 0;
                    wg_game_option_label(lab, sizeof lab, &len, g, c < n ? c : 0);
                    ck_assert_msg(c < n && takes[c], "lga 1806 seed %llu: of %zu options (%d take an objective), MCTS chose %zu (%s)",
                                  (unsigned long long)seed, n, ntake, c, lab);
                    found++;
                    break; /* one position per game */
                }
            }
            if (forced_march_declared_none(g, n))
                continue;
            ck_assert_int_eq(wg_game_bot_step(NULL, g), WG_OK);
        }
        wg_game_free(g);
    }
    ck_assert_int_eq(found, want);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* Out of memory at the k-th allocation of a bot's decision, k = 1, 2, ... until the decision
   succeeds: each failure is WG_ENOMEM with a message, and the bot's memory and the game are as they
   were.  `vary`: the calls take turns (wg_bot_choose, wg_bot_play, wg_bot_choose_for), else
   wg_bot_choose only. */
static void fail_each_allocation(wgt_alloc *a, wg_bot *b, wg_game *g, int vary)
{
    int made = 0;
    for (uint64_t k = 1; k < 400 && !made; k++) {
        uint64_t bytes0 = 0, bytes1 = 0, h0 = 0, h1 = 0;
        wg_bot_stat(&bytes0, b, WG_BOT_BYTES);
        wg_game_hash(&h0, g);
        size_t c = 0;
        int dp, dk;
        wg_game_decision(&dp, &dk, g);
        a->fail_at = a->calls + k;
        a->fail_all_after = 1;
        a->failed = 0;
        int rc = !vary || k % 3 == 0 ? wg_bot_choose(&c, b, g)
                 : k % 3 == 1        ? wg_bot_play(&c, b, g)
                                     : wg_bot_choose_for(&c, b, g, dp);
        a->fail_at = 0;
        a->fail_all_after = 0;
        a->failed = 0;
        if (rc == WG_OK) {
            made = 1;
            break;
        }
        ck_assert_int_eq(rc, WG_ENOMEM);
        ck_assert_msg(strstr(wg_bot_errmsg(b), "memory") != NULL, "%s", wg_bot_errmsg(b));
        wg_bot_stat(&bytes1, b, WG_BOT_BYTES);
        wg_game_hash(&h1, g);
        ck_assert_uint_eq(bytes0, bytes1);
        ck_assert_uint_eq(h0, h1);
    }
    ck_assert(made);
}

/* The bot's memory is under the limit its creator's context had when it was made: a search that
   needs more fails with WG_ENOMEM and a message, keeps nothing, and leaves the game as it was; out
   of memory at each allocation of a Les Maréchaux search (its determinization's scratch among them)
   does the same. */
START_TEST(test_memory_limit)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = wgp_new(ctx, "marechaux", "1808", NULL, 9, NULL);
    advance(g, 30);
    size_t used = 0;
    wg_ctx_memory_in_use(&used, ctx);
    ck_assert_int_eq(wg_ctx_set_memory_limit(ctx, used + 4096), WG_OK);
    wg_bot *b = NULL;
    ck_assert_int_eq(wg_bot_new(&b, ctx, "mcts:20", 1), WG_OK);
    ck_assert_int_eq(wg_ctx_set_memory_limit(ctx, 0), WG_OK); /* the bot keeps the limit it was made under */
    uint64_t h0 = 0, h1 = 0, bytes = 1, bytes_new = 0;
    wg_game_hash(&h0, g);
    ck_assert_int_eq(wg_bot_stat(&bytes_new, b, WG_BOT_BYTES), WG_OK);
    size_t c = 0;
    ck_assert_int_eq(wg_bot_choose(&c, b, g), WG_ENOMEM);
    ck_assert_msg(strstr(wg_bot_errmsg(b), "memory") != NULL, "%s", wg_bot_errmsg(b));
    wg_game_hash(&h1, g);
    ck_assert_uint_eq(h0, h1);
    ck_assert_int_eq(wg_bot_stat(&bytes, b, WG_BOT_BYTES), WG_OK);
    ck_assert_uint_eq(bytes, bytes_new);
    wg_bot_free(b);
    ck_assert_int_eq(wg_bot_new(&b, ctx, "mcts:20", 1), WG_OK); /* made without a limit */
    ck_assert_int_eq(wg_bot_choose(&c, b, g), WG_OK);
    wg_bot_free(b);
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);

    wgt_alloc a = {0};
    ctx = wgt_ctx(&a);
    g = wgp_new(ctx, "marechaux", "1808", NULL, 9, NULL);
    advance(g, 30);
    ck_assert_int_eq(wg_bot_new(&b, ctx, "mcts iterations=30", 1), WG_OK);
    fail_each_allocation(&a, b, g, 0);
    /* and in steady state a decision allocates nothing */
    uint64_t n0 = 0, n1 = 0;
    wg_bot_stat(&n0, b, WG_BOT_ALLOCATIONS);
    ck_assert_int_eq(wg_bot_choose(&c, b, g), WG_OK);
    wg_bot_stat(&n1, b, WG_BOT_ALLOCATIONS);
    ck_assert_uint_eq(n0, n1);
    wg_bot_free(b);
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* Out of memory at each allocation in turn: a status and a message, and the bot, the fork and the
   game hold what they held before. */
START_TEST(test_out_of_memory)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_game *g = wgp_new(ctx, "ccn", "S01", NULL, 3, NULL);
    advance(g, 5);
    size_t nopt = 0;
    wg_game_option_count(&nopt, g);
    int made = 0;
    for (uint64_t k = 1; k < 40 && !made; k++) { /* wg_bot_new */
        wg_bot *b = (wg_bot *)1;
        size_t in0 = 0, in1 = 0;
        wg_ctx_memory_in_use(&in0, ctx);
        a.fail_at = a.calls + k;
        a.fail_all_after = 1;
        a.failed = 0;
        int rc = wg_bot_new(&b, ctx, "mcts:20", 1);
        a.fail_at = 0;
        a.fail_all_after = 0;
        a.failed = 0;
        if (rc == WG_OK) {
            made = 1;
            wg_bot_free(b);
            break;
        }
        ck_assert_int_eq(rc, WG_ENOMEM);
        ck_assert_ptr_null(b);
        wg_ctx_memory_in_use(&in1, ctx);
        ck_assert_uint_eq(in0, in1);
    }
    ck_assert(made);
    wg_bot *b = NULL;
    ck_assert_int_eq(wg_bot_new(&b, ctx, "mcts iterations=50 depth=20", 1), WG_OK);
    fail_each_allocation(&a, b, g, 1); /* wg_bot_choose, wg_bot_play and wg_bot_choose_for */
    /* forks */
    wgt_alloc fa = {0};
    wg_ctx *fctx = wgt_ctx(&fa);
    wg_game *f = NULL;
    fa.fail_at = fa.calls + 2;
    ck_assert_int_eq(wg_game_fork(&f, fctx, g), WG_ENOMEM);
    ck_assert_ptr_null(f);
    fa.fail_at = 0;
    ck_assert_int_eq(wg_game_fork(&f, NULL, g), WG_EINVAL);
    ck_assert_int_eq(wg_game_fork(&f, fctx, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_game_fork(NULL, fctx, g), WG_EINVAL);
    wg_game *e = wgp_new(ctx, "ccn", "S01", NULL, 3, NULL); /* a position with no option listed yet */
    ck_assert_int_eq(wg_game_fork(&f, fctx, e), WG_OK);
    ck_assert_int_eq(wg_game_fork_into(f, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_game_fork_into(NULL, g), WG_EINVAL);
    fa.fail_at = fa.calls + 1;
    int rc = wg_game_fork_into(f, g); /* the fork must grow its option list */
    fa.fail_at = 0;
    ck_assert_int_eq(rc, WG_ENOMEM); /* the fork of a fresh game holds no option list */
    ck_assert_uint_gt(nopt, 0);
    ck_assert_int_eq(wg_game_fork_into(f, g), WG_OK);
    wg_game_free(f);
    wg_game_free(e);
    ck_assert_int_eq(wg_ctx_free(fctx), WG_OK);
    /* the other calls' bad input */
    char spec[8];
    size_t len = 0;
    uint64_t v = 0;
    ck_assert_int_eq(wg_bot_spec(spec, sizeof spec, &len, b), WG_EBUFSIZE);
    ck_assert_uint_gt(len, sizeof spec);
    ck_assert_int_eq(wg_bot_spec(NULL, 4, &len, b), WG_EINVAL);
    ck_assert_int_eq(wg_bot_stat(&v, b, 99), WG_ERANGE);
    ck_assert_int_eq(wg_bot_stat(NULL, b, WG_BOT_NODES), WG_EINVAL);
    ck_assert_int_eq(wg_bot_play(NULL, b, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_bot_choose_for(NULL, b, g, 0), WG_EINVAL);
    ck_assert_int_eq(wg_bot_new(NULL, ctx, "random", 1), WG_EINVAL);
    ck_assert_int_eq(wg_bot_stat(&v, b, WG_BOT_ALLOCATIONS), WG_OK);
    ck_assert_uint_gt(v, 0);
    wg_bot_free(b);
    wg_bot_free(NULL);
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
    ck_assert_uint_eq(fa.bytes, 0);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("bots");
    TCase *tc = tcase_create("bots");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_bad_spec);
    tcase_add_test(tc, test_bad_state);
    tcase_add_test(tc, test_fork);
    tcase_add_test(tc, test_determinism);
    tcase_add_test(tc, test_ismcts_twins);
    tcase_add_test(tc, test_mcts_beats_random);
    tcase_add_test(tc, test_mcts_takes_the_win);
    tcase_add_test(tc, test_mcts_takes_objectives);
    tcase_add_test(tc, test_budget_of_declarations);
    tcase_add_test(tc, test_mcts_attacks_to_win_at_the_end);
    tcase_add_test(tc, test_mcts_declines_burrard_when_behind);
    tcase_add_test(tc, test_mcts_does_not_force_against_odds);
    tcase_add_test(tc, test_out_of_memory);
    tcase_add_test(tc, test_memory_limit);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}

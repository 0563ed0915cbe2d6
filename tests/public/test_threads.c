/* The thread contract of the header (issue hardening, item 5): games of different contexts play at
   the same time on different threads, also when they share the map, the order of battle, the
   supplied documents and the ruleset data of one source (wg_game_clone_to); calls on a const handle
   read it only, so several threads may make them on one game at once; the source's context cannot
   be freed while clones elsewhere hold its data.  Run under ThreadSanitizer by tools/test.sh. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgplay.h"

#define NTHREADS 4
#define PLAYOUT_STEPS 1200

/* Game gi of the tests: the first scenario of ruleset gi of the registry (a ruleset added later is
   covered), with the options under which it plays to the end. */
static wg_game *game_of(wg_ctx *ctx, int gi, uint64_t seed)
{
    const char *rs = wg_ruleset_id(gi), *sc = NULL;
    ck_assert_ptr_nonnull(rs);
    ck_assert_int_eq(wg_ruleset_scenario_id(&sc, rs, 0), WG_OK);
    return wgp_new(ctx, rs, sc, wgt_playable_options(rs), seed, NULL);
}

typedef struct outcome {
    uint64_t hash, save, steps;
    size_t events;
} outcome;

typedef struct job {
    const wg_game *src;
    int k; /* which line of play: the first choices differ between jobs */
    outcome out;
    int rc;  /* first failing status, WG_OK when everything worked */
    char msg[256];
} job;

#define JOB_TRY(j, call)                                                                                         \
    do {                                                                                                         \
        int rc_ = (call);                                                                                        \
        if (rc_ != WG_OK && rc_ != WG_EBUFSIZE) {                                                                \
            (j)->rc = rc_;                                                                                       \
            snprintf((j)->msg, sizeof (j)->msg, "%s: %s", #call, wg_status_str(rc_));                            \
            goto done;                                                                                           \
        }                                                                                                        \
    } while (0)

/* One line of play on a clone in a context of its own: a few choices that depend on k, then the
   random bot.  Only the job's own handles are written; the source is only read. */
static void *play(void *arg)
{
    job *j = arg;
    wg_ctx *ctx = NULL;
    wg_game *g = NULL;
    j->rc = WG_OK;
    JOB_TRY(j, wg_ctx_new(&ctx, NULL, NULL));
    JOB_TRY(j, wg_game_clone_to(&g, ctx, j->src));
    for (int i = 0; i < 3; i++) {
        int over = 0;
        JOB_TRY(j, wg_game_is_over(&over, g));
        if (over)
            break;
        int player = 0, kind = 0;
        JOB_TRY(j, wg_game_decision(&player, &kind, g));
        if (player == WG_PLAYER_CHANCE) {
            size_t c = 0;
            JOB_TRY(j, wg_game_roll(&c, g));
            continue;
        }
        size_t n = 0;
        JOB_TRY(j, wg_game_option_count(&n, g));
        /* the option of index k * 7 + i, or the next one that takes no required parameters */
        size_t c = (size_t)(j->k * 7 + i) % n;
        for (size_t t = 0; t < n; t++, c = (c + 1) % n) {
            size_t np = 0;
            int req = 0;
            JOB_TRY(j, wg_game_option_param_count(&np, &req, g, c));
            if (!req)
                break;
        }
        JOB_TRY(j, wg_game_choose(g, c));
    }
    uint64_t steps = 0;
    JOB_TRY(j, wg_game_playout(&steps, g, PLAYOUT_STEPS));
    JOB_TRY(j, wg_game_hash(&j->out.hash, g));
    JOB_TRY(j, wg_game_step_count(&j->out.steps, g));
    JOB_TRY(j, wg_game_event_count(&j->out.events, g));
    {
        size_t len = 0;
        JOB_TRY(j, wg_game_save(NULL, 0, &len, g));
        unsigned char *buf = malloc(len);
        if (!buf) {
            j->rc = WG_ENOMEM;
            goto done;
        }
        int rc = wg_game_save(buf, len, &len, g);
        uint64_t h = 1469598103934665603u;
        for (size_t i = 0; i < len; i++)
            h = (h ^ buf[i]) * 1099511628211u;
        free(buf);
        JOB_TRY(j, rc);
        j->out.save = h;
    }
done:
    wg_game_free(g);
    if (ctx && wg_ctx_free(ctx) != WG_OK && j->rc == WG_OK) {
        j->rc = WG_EBUSY;
        snprintf(j->msg, sizeof j->msg, "the clone's context still holds memory after the clone was freed");
    }
    return NULL;
}

static wg_game *source(wg_ctx *ctx, int gi)
{
    wg_game *g = game_of(ctx, gi, 11);
    for (int i = 0; i < 25; i++) {
        size_t c = 0;
        ck_assert_int_eq(wg_game_bot_step(&c, g), WG_OK);
    }
    return g;
}

/* Clones of one source play on NTHREADS threads in NTHREADS contexts, the source's read-only data
   shared: the results are those of the same lines played one after the other. */
START_TEST(test_clones_play_in_parallel_as_in_series)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *src = source(ctx, _i);
    uint64_t h0 = 0;
    ck_assert_int_eq(wg_game_hash(&h0, src), WG_OK);
    size_t mem0 = 0;
    ck_assert_int_eq(wg_ctx_memory_in_use(&mem0, ctx), WG_OK);

    job serial[NTHREADS], par[NTHREADS];
    memset(serial, 0, sizeof serial);
    memset(par, 0, sizeof par);
    for (int k = 0; k < NTHREADS; k++) {
        serial[k].src = src;
        serial[k].k = k;
        play(&serial[k]);
        ck_assert_msg(serial[k].rc == WG_OK, "serial line %d: %s", k, serial[k].msg);
    }
    /* the lines differ (the test would prove little otherwise) */
    ck_assert_uint_ne(serial[0].out.hash, serial[1].out.hash);

    pthread_t th[NTHREADS];
    for (int k = 0; k < NTHREADS; k++) {
        par[k].src = src;
        par[k].k = k;
        ck_assert_int_eq(pthread_create(&th[k], NULL, play, &par[k]), 0);
    }
    for (int k = 0; k < NTHREADS; k++)
        ck_assert_int_eq(pthread_join(th[k], NULL), 0);
    for (int k = 0; k < NTHREADS; k++) {
        ck_assert_msg(par[k].rc == WG_OK, "thread %d: %s", k, par[k].msg);
        ck_assert_uint_eq(par[k].out.hash, serial[k].out.hash);
        ck_assert_uint_eq(par[k].out.save, serial[k].out.save);
        ck_assert_uint_eq(par[k].out.steps, serial[k].out.steps);
        ck_assert_uint_eq(par[k].out.events, serial[k].out.events);
    }
    /* the source is as it was, and so is its context's memory */
    uint64_t h1 = 0;
    ck_assert_int_eq(wg_game_hash(&h1, src), WG_OK);
    ck_assert_uint_eq(h0, h1);
    size_t mem1 = 0;
    ck_assert_int_eq(wg_ctx_memory_in_use(&mem1, ctx), WG_OK);
    ck_assert_uint_eq(mem0, mem1);
    wg_game_free(src);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

typedef struct reader {
    const wg_game *g;
    int nplayers;
    uint64_t sum; /* a digest of everything read */
    int rc;
    wg_ctx *ctx; /* the reader's own context for a clone */
} reader;

static uint64_t mix(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 1099511628211u;
    return h;
}

/* Every call on the const game the contract lets several threads make at once. */
static void *read_all(void *arg)
{
    reader *r = arg;
    uint64_t h = 1469598103934665603u;
    char *text = malloc(1 << 16);
    if (!text) {
        r->rc = WG_ENOMEM;
        return NULL;
    }
    size_t len = 0;
    r->rc = WG_OK;
    for (int v = -1; v < r->nplayers; v++) {
        int viewer = v < 0 ? WG_VIEW_REFEREE : v;
        if (wg_game_describe(text, 1 << 16, &len, r->g, viewer) != WG_OK)
            r->rc = WG_EINVAL;
        h = mix(h, text, len);
        size_t np = 0;
        if (wg_game_piece_count(&np, r->g, viewer) != WG_OK)
            r->rc = WG_EINVAL;
        for (size_t i = 0; i < np; i++) {
            int side = 0, space = 0;
            if (wg_game_piece(&side, &space, r->g, viewer, i) != WG_OK ||
                wg_game_piece_label(text, 1 << 16, &len, r->g, viewer, i) != WG_OK)
                r->rc = WG_EINVAL;
            h = mix(h, &side, sizeof side);
            h = mix(h, &space, sizeof space);
            h = mix(h, text, len);
        }
        size_t ne = 0;
        wg_game_event_count(&ne, r->g);
        for (size_t i = 0; i < ne; i++) {
            if (wg_game_event_text(text, 1 << 16, &len, r->g, i, viewer) != WG_OK)
                r->rc = WG_EINVAL;
            h = mix(h, text, len);
        }
        if (wg_game_decision_text_for(text, 1 << 16, &len, r->g, viewer) != WG_OK)
            r->rc = WG_EINVAL;
        h = mix(h, text, len);
    }
    /* failing calls on the const game: the status, nothing written */
    if (wg_game_event_text(text, 1 << 16, &len, r->g, (size_t)-1, 0) != WG_ERANGE)
        r->rc = WG_EINVAL;
    if (wg_game_piece(NULL, NULL, r->g, 99, 0) == WG_OK)
        r->rc = WG_EINVAL;
    uint64_t gh = 0, steps = 0;
    wg_game_hash(&gh, r->g);
    wg_game_step_count(&steps, r->g);
    h = mix(h, &gh, sizeof gh);
    h = mix(h, &steps, sizeof steps);
    if (wg_game_save(NULL, 0, &len, r->g) == WG_OK) {
        unsigned char *s = malloc(len);
        if (s && wg_game_save(s, len, &len, r->g) == WG_OK)
            h = mix(h, s, len);
        free(s);
    }
    /* a clone into the reader's own context reads the source only */
    wg_game *c = NULL;
    if (wg_game_clone_to(&c, r->ctx, r->g) != WG_OK)
        r->rc = WG_ENOMEM;
    uint64_t ch = 0;
    wg_game_hash(&ch, c);
    if (ch != gh)
        r->rc = WG_ECORRUPT;
    wg_game_free(c);
    free(text);
    r->sum = h;
    return NULL;
}

/* Several threads make every const call on one game at once, while none writes it; they read the
   same as one thread alone, and the game's last message is the one it had. */
START_TEST(test_readers_share_a_game)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *src = source(ctx, _i);
    ck_assert_int_eq(wg_game_choose(src, (size_t)1 << 40), WG_ERANGE);
    char before[256];
    snprintf(before, sizeof before, "%s", wg_game_errmsg(src));
    ck_assert_str_ne(before, "");
    int np = 0;
    ck_assert_int_eq(wg_game_player_count(&np, src), WG_OK);

    reader one = {src, np, 0, 0, NULL};
    ck_assert_int_eq(wg_ctx_new(&one.ctx, NULL, NULL), WG_OK);
    read_all(&one);
    ck_assert_int_eq(one.rc, WG_OK);

    reader rs[NTHREADS];
    pthread_t th[NTHREADS];
    for (int k = 0; k < NTHREADS; k++) {
        rs[k] = (reader){src, np, 0, 0, NULL};
        ck_assert_int_eq(wg_ctx_new(&rs[k].ctx, NULL, NULL), WG_OK);
        ck_assert_int_eq(pthread_create(&th[k], NULL, read_all, &rs[k]), 0);
    }
    for (int k = 0; k < NTHREADS; k++)
        ck_assert_int_eq(pthread_join(th[k], NULL), 0);
    for (int k = 0; k < NTHREADS; k++) {
        ck_assert_int_eq(rs[k].rc, WG_OK);
        ck_assert_uint_eq(rs[k].sum, one.sum);
        ck_assert_int_eq(wg_ctx_free(rs[k].ctx), WG_OK);
    }
    ck_assert_str_eq(wg_game_errmsg(src), before);
    ck_assert_int_eq(wg_ctx_free(one.ctx), WG_OK);
    wg_game_free(src);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* The source's context owns the shared data: it cannot be freed while a clone in another context
   holds it, even after the source game is gone; the last clone's free gives the memory back to it. */
START_TEST(test_shared_data_stays_with_its_context)
{
    wg_ctx *a = NULL, *b = NULL;
    ck_assert_int_eq(wg_ctx_new(&a, NULL, NULL), WG_OK);
    ck_assert_int_eq(wg_ctx_new(&b, NULL, NULL), WG_OK);
    size_t a0 = 0, b0 = 0, live = 0;
    ck_assert_int_eq(wg_ctx_memory_in_use(&a0, a), WG_OK);
    ck_assert_int_eq(wg_ctx_memory_in_use(&b0, b), WG_OK);
    wg_game *src = game_of(a, _i, 3);
    size_t a1 = 0;
    ck_assert_int_eq(wg_ctx_memory_in_use(&a1, a), WG_OK);
    wg_game *c = NULL;
    ck_assert_int_eq(wg_game_clone_to(&c, b, src), WG_OK);
    size_t a2 = 0, b1 = 0;
    ck_assert_int_eq(wg_ctx_memory_in_use(&a2, a), WG_OK);
    ck_assert_int_eq(wg_ctx_memory_in_use(&b1, b), WG_OK);
    ck_assert_uint_eq(a2, a1); /* nothing of the clone is in the source's context */
    ck_assert_uint_gt(b1, b0);
    uint64_t hs = 0, hc = 0;
    wg_game_hash(&hs, src);
    wg_game_hash(&hc, c);
    ck_assert_uint_eq(hs, hc);

    wg_game_free(src);
    ck_assert_int_eq(wg_ctx_live_handles(&live, a), WG_OK);
    ck_assert_uint_gt(live, 0);
    ck_assert_int_eq(wg_ctx_free(a), WG_EBUSY);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(a), "live handle"));
    /* the clone still plays on the shared data */
    uint64_t steps = 0;
    ck_assert_int_eq(wg_game_playout(&steps, c, 50), WG_OK);
    ck_assert_uint_gt(steps, 0);
    wg_game_free(c);
    size_t b2 = 0, a3 = 0;
    ck_assert_int_eq(wg_ctx_memory_in_use(&b2, b), WG_OK);
    ck_assert_int_eq(wg_ctx_memory_in_use(&a3, a), WG_OK);
    ck_assert_uint_eq(b2, b0);
    ck_assert_uint_eq(a3, a0);
    ck_assert_int_eq(wg_ctx_free(a), WG_OK);
    ck_assert_int_eq(wg_ctx_free(b), WG_OK);

    /* arguments */
    wg_game *x = (wg_game *)&x;
    ck_assert_int_eq(wg_game_clone_to(&x, NULL, NULL), WG_EINVAL);
}
END_TEST

/* A clone into another context fails cleanly when that context has no memory: nothing is kept in
   it, and the source is unchanged. */
START_TEST(test_clone_to_out_of_memory)
{
    wg_ctx *a = NULL, *b = NULL;
    ck_assert_int_eq(wg_ctx_new(&a, NULL, NULL), WG_OK);
    ck_assert_int_eq(wg_ctx_new(&b, NULL, NULL), WG_OK);
    wg_game *src = source(a, _i);
    uint64_t h0 = 0;
    wg_game_hash(&h0, src);
    size_t b0 = 0, a0 = 0;
    wg_ctx_memory_in_use(&b0, b);
    wg_ctx_memory_in_use(&a0, a);
    int failures = 0;
    for (size_t limit = b0 + 1;; limit += 64) {
        ck_assert_int_eq(wg_ctx_set_memory_limit(b, limit), WG_OK);
        wg_game *c = (wg_game *)&c;
        int rc = wg_game_clone_to(&c, b, src);
        if (rc == WG_OK) {
            wg_game_free(c);
            break;
        }
        ck_assert_int_eq(rc, WG_ENOMEM);
        ck_assert_ptr_null(c);
        size_t b1 = 0, a1 = 0, live = 0;
        wg_ctx_memory_in_use(&b1, b);
        wg_ctx_memory_in_use(&a1, a);
        wg_ctx_live_handles(&live, b);
        ck_assert_uint_eq(b1, b0);
        ck_assert_uint_eq(a1, a0);
        ck_assert_uint_eq(live, 0);
        failures++;
    }
    ck_assert_int_gt(failures, 3);
    uint64_t h1 = 0;
    wg_game_hash(&h1, src);
    ck_assert_uint_eq(h0, h1);
    wg_game_free(src);
    ck_assert_int_eq(wg_ctx_free(b), WG_OK);
    ck_assert_int_eq(wg_ctx_free(a), WG_OK);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("threads");
    TCase *tc = tcase_create("contract");
    tcase_set_timeout(tc, 600);
    int n = wg_ruleset_count();
    tcase_add_loop_test(tc, test_clones_play_in_parallel_as_in_series, 0, n);
    tcase_add_loop_test(tc, test_readers_share_a_game, 0, n);
    tcase_add_loop_test(tc, test_shared_data_stays_with_its_context, 0, n);
    tcase_add_loop_test(tc, test_clone_to_out_of_memory, 0, n);
    suite_add_tcase(s, tc);
    return wgt_run(s);
}

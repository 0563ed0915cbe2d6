/* wg-bench-bots — what search costs, and how well the bots play (doc/bots.md).
 *
 *   wg-bench-bots [-r RULESET] [-s SCENARIO] [-b SPEC] [-n N]
 *       Per scenario: the cost of a fork (wg_game_fork_into) against a memcpy of the state's bytes,
 *       of a full clone, and of one bot decision (time, iterations/s, steps/s, allocations in the
 *       bot's context per decision in steady state).  N positions (default 5).
 *
 *   wg-bench-bots --match [-r RULESET] [-s SCENARIO] [-b SPEC] [-v OPPONENT] [-g GAMES] [-m MAXSTEPS]
 *                 [-j THREADS] [-S SEEDSET] [-l]
 *       The measured run (opt-in, not in the test suite): SPEC (default "mcts", its default budget)
 *       against OPPONENT (default "random") in GAMES games per scenario of every ruleset (default
 *       10), SPEC playing each side in half of them, every game of every scenario shared by THREADS
 *       threads (default 2; the figures do not depend on it); game k of seed set S (default 0) is
 *       played from the seeds 100000 S + 1000 + k (the game), + 2000 + k (SPEC) and + 3000 + k
 *       (OPPONENT), so another set is another sample of games, to measure the noise; wins (per
 *       side), draws and losses of SPEC by the winner the rules declare (wg_game_winner), the games
 *       cut at MAXSTEPS decisions (default 100000) apart, and the 95% Wilson interval of the win
 *       rate (draws and cut games count as non-wins); -l lists every game first.
 *
 * Figures only; nothing is asserted.  Links the library's objects for the state size (internal). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <pthread.h>
#include <stdatomic.h>

#include "internal.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static const char *options_of(const char *ruleset)
{
    return !strcmp(ruleset, "lga") ? "crt=completion" : NULL;
}

/* Random steps to a position where a player decides among two or more options. */
static int advance(wg_game *g, long n)
{
    for (long i = 0; i < n; i++) {
        int over = 0;
        wg_game_is_over(&over, g);
        if (over)
            return 1;
        if (wg_game_bot_step(NULL, g) != WG_OK)
            return -1;
    }
    for (int k = 0; k < 5000; k++) {
        int p, kind, over = 0;
        size_t no = 0;
        wg_game_is_over(&over, g);
        if (over)
            return 1;
        wg_game_decision(&p, &kind, g);
        wg_game_option_count(&no, g);
        if (p >= 0 && no >= 2)
            return 0;
        if (wg_game_bot_step(NULL, g) != WG_OK)
            return -1;
    }
    return 1;
}

static volatile unsigned char sink;

static void cost(const char *rs, const char *sc, const char *spec, int npos)
{
    wg_ctx *ctx = NULL, *fctx = NULL;
    wg_ctx_new(&ctx, NULL, NULL);
    wg_ctx_new(&fctx, NULL, NULL);
    double t_fork = 0, t_memcpy = 0, t_clone = 0, t_dec = 0;
    long nf = 0, nm = 0, nc = 0;
    uint64_t iters = 0, steps = 0, decs = 0, allocs = 0;
    size_t ss = 0;
    for (int pos = 0; pos < npos; pos++) {
        wg_game *g = NULL;
        if (wg_game_new(&g, ctx, rs, sc, options_of(rs), (uint64_t)pos + 1) != WG_OK) {
            printf("%-10s %-10s cannot create: %s\n", rs, sc, wg_ctx_errmsg(ctx));
            return;
        }
        if (advance(g, 40 + 30 * pos) != 0) {
            wg_game_free(g);
            continue;
        }
        ss = g->ops->state_size;
        unsigned char *buf = malloc(ss);
        wg_game *f = NULL;
        wg_game_fork(&f, fctx, g);
        const int reps = 2000;
        double t0 = now();
        for (int i = 0; i < reps; i++) {
            memcpy(buf, g->state, ss);
            sink = buf[i % ss];
        }
        t_memcpy += now() - t0;
        nm += reps;
        t0 = now();
        for (int i = 0; i < reps; i++)
            wg_game_fork_into(f, g);
        t_fork += now() - t0;
        nf += reps;
        t0 = now();
        for (int i = 0; i < 50; i++) {
            wg_game *c = NULL;
            wg_game_clone(&c, g);
            wg_game_free(c);
        }
        t_clone += now() - t0;
        nc += 50;
        wg_game_free(f);
        free(buf);
        /* one decision, then a second one for the steady-state allocations */
        wg_bot *b = NULL;
        if (wg_bot_new(&b, ctx, spec, (uint64_t)pos) != WG_OK) {
            printf("bad spec: %s\n", wg_ctx_errmsg(ctx));
            exit(2);
        }
        size_t opt = 0;
        wg_bot_choose(&opt, b, g);
        uint64_t a0 = 0, a1 = 0, i0 = 0, i1 = 0, s0 = 0, s1 = 0;
        wg_bot_stat(&a0, b, WG_BOT_ALLOCATIONS);
        wg_bot_stat(&i0, b, WG_BOT_ITERATIONS);
        wg_bot_stat(&s0, b, WG_BOT_STEPS);
        t0 = now();
        int rc = wg_bot_choose(&opt, b, g);
        t_dec += now() - t0;
        if (rc != WG_OK)
            printf("%s %s: %s\n", rs, sc, wg_bot_errmsg(b));
        wg_bot_stat(&a1, b, WG_BOT_ALLOCATIONS);
        wg_bot_stat(&i1, b, WG_BOT_ITERATIONS);
        wg_bot_stat(&s1, b, WG_BOT_STEPS);
        allocs += a1 - a0;
        iters += i1 - i0;
        steps += s1 - s0;
        decs++;
        wg_bot_free(b);
        wg_game_free(g);
    }
    if (!nf) {
        printf("%-10s %-10s no position reached\n", rs, sc);
    } else {
        double fk = t_fork / nf * 1e9, mc = t_memcpy / nm * 1e9;
        printf("%-10s %-10s state %7zu B  memcpy %7.0f ns  fork_into %7.0f ns (%.2fx)  clone %8.0f ns  "
               "decision %7.3f s  %8.0f iter/s  %9.0f steps/s  allocs/decision %.1f\n",
               rs, sc, ss, mc, fk, fk / (mc > 0 ? mc : 1), t_clone / nc * 1e9, t_dec / (double)decs,
               (double)iters / t_dec, (double)steps / t_dec, (double)allocs / (double)decs);
    }
    wg_ctx_free(fctx);
    wg_ctx_free(ctx);
}

static void wilson(double w, double n, double *lo, double *hi)
{
    if (n <= 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    double z = 1.959964, p = w / n, d = 1 + z * z / n;
    double c = (p + z * z / (2 * n)) / d, h = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d;
    *lo = c - h;
    *hi = c + h;
}

/* ---- the measured run: every game of every scenario in one queue shared by the threads (no
   scenario waits for the last game of the one before); each game's outcome is stored by its
   scenario and number, and a scenario's line is printed, in order, once its games are all over, so
   the figures do not depend on the number of threads */

typedef struct game_out {
    int outcome; /* 1 SPEC won, 0 draw, -1 SPEC lost, 2 cut (not over at MAXSTEPS), 3 error */
    long decisions;
    int64_t score; /* the game's score at its end, in player 0's favour */
    int turn;
    double cpu;
} game_out;

typedef struct match_scen {
    const char *rs, *sc;
    game_out *out; /* games outcomes */
    int left;      /* games not over yet (under the run's lock) */
} match_scen;

typedef struct match_run {
    const char *spec, *opp;
    int games, nscen;
    int player;  /* -p: only the games in which SPEC plays this player, -1 for all */
    int played;  /* games played per scenario */
    long maxsteps;
    int list;
    uint64_t seedbase; /* 100000 x the seed set (-S) */
    match_scen *scen;
    atomic_int next;
    pthread_mutex_t lock;
    int printed; /* scenarios printed (under the lock) */
    double t0;
} match_run;

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void play_one(const match_run *m, const match_scen *s, int k)
{
    game_out *o = &s->out[k];
    double c0 = cpu_now();
    wg_ctx *ctx = NULL;
    wg_game *g = NULL;
    wg_bot *a = NULL, *b = NULL;
    o->outcome = 3;
    if (wg_ctx_new(&ctx, NULL, NULL) != WG_OK)
        return;
    if (wg_game_new(&g, ctx, s->rs, s->sc, options_of(s->rs), m->seedbase + 1000 + (uint64_t)k) != WG_OK ||
        wg_bot_new(&a, ctx, m->spec, m->seedbase + 2000 + (uint64_t)k) != WG_OK ||
        wg_bot_new(&b, ctx, m->opp, m->seedbase + 3000 + (uint64_t)k) != WG_OK) {
        fprintf(stderr, "%s %s: %s\n", s->rs, s->sc, wg_ctx_errmsg(ctx));
        goto done;
    }
    int side = k % 2; /* the side SPEC plays */
    long n = 0;
    int over = 0, err = 0;
    for (; n < m->maxsteps; n++) {
        int p, kind;
        wg_game_decision(&p, &kind, g);
        if (p == WG_PLAYER_NONE) {
            over = 1;
            break;
        }
        if (wg_bot_play(NULL, p == side ? a : b, g) != WG_OK) {
            fprintf(stderr, "  %s %s game %d: %s / %s\n", s->rs, s->sc, k, wg_bot_errmsg(p == side ? a : b),
                    wg_game_errmsg(g));
            err = 1;
            break;
        }
    }
    o->decisions = n;
    wg_game_score(&o->score, g);
    wg_game_turn(&o->turn, g);
    if (err)
        o->outcome = 3;
    else if (!over)
        o->outcome = 2;
    else {
        int w = WG_PLAYER_NONE;
        wg_game_winner(&w, g);
        o->outcome = w == WG_PLAYER_NONE ? 0 : w == side ? 1 : -1;
    }
done:
    wg_bot_free(a);
    wg_bot_free(b);
    wg_game_free(g);
    wg_ctx_free(ctx);
    o->cpu = cpu_now() - c0;
}

static void report(const match_run *m, const match_scen *s)
{
    int w = 0, d = 0, l = 0, cut = 0, err = 0, ws[2] = {0, 0}, ns[2] = {0, 0};
    long decisions = 0;
    double cpu = 0;
    for (int k = 0; k < m->games; k++) {
        const game_out *o = &s->out[k];
        if (m->player >= 0 && k % 2 != m->player)
            continue;
        w += o->outcome == 1;
        d += o->outcome == 0;
        l += o->outcome == -1;
        cut += o->outcome == 2;
        err += o->outcome == 3;
        ns[k % 2]++;
        ws[k % 2] += o->outcome == 1;
        decisions += o->decisions;
        cpu += o->cpu;
        if (m->list) {
            static const char *const what[] = {"loss", "draw", "win", "cut", "error"};
            printf("  %s %s game %d (seed %llu): '%s' as player %d: %s, score %lld, turn %d, %ld decisions\n",
                   s->rs, s->sc, k, (unsigned long long)(m->seedbase + 1000 + (uint64_t)k), m->spec, k % 2,
                   what[o->outcome + 1], (long long)o->score, o->turn, o->decisions);
        }
    }
    double lo, hi;
    wilson(w, m->played, &lo, &hi);
    printf("%-7s %-10s %d games: W %3d (as player 0 %d/%d, as player 1 %d/%d)  D %2d  L %2d  cut %d  errors %d  "
           "win rate %.3f  Wilson 95%% [%.3f, %.3f]  %.0f decisions/game  %.1f s/game (CPU)  done at %.0f s\n",
           s->rs, s->sc, m->played, w, ws[0], ns[0], ws[1], ns[1], d, l, cut, err, (double)w / m->played, lo, hi,
           (double)decisions / m->played, cpu / m->played, now() - m->t0);
    fflush(stdout);
}

static void *match_thread(void *arg)
{
    match_run *m = arg;
    for (;;) {
        int j = atomic_fetch_add(&m->next, 1);
        if (j >= m->played * m->nscen)
            break;
        match_scen *s = &m->scen[j / m->played];
        int k = j % m->played;
        play_one(m, s, m->player < 0 ? k : 2 * k + m->player); /* the game's number in the set */
        pthread_mutex_lock(&m->lock);
        s->left--;
        while (m->printed < m->nscen && m->scen[m->printed].left == 0)
            report(m, &m->scen[m->printed++]);
        pthread_mutex_unlock(&m->lock);
    }
    return NULL;
}

static void match(match_scen *scen, int nscen, const char *spec, const char *opp, int games, int player,
                  long maxsteps, int threads, int list, int seedset)
{
    match_run m = {.spec = spec, .opp = opp, .games = games, .nscen = nscen, .maxsteps = maxsteps, .list = list,
                   .player = player, .played = player < 0 ? games : (games - player + 1) / 2,
                   .seedbase = 100000u * (uint64_t)seedset, .scen = scen, .t0 = now()};
    atomic_init(&m.next, 0);
    if (pthread_mutex_init(&m.lock, NULL) != 0)
        exit(2);
    for (int i = 0; i < nscen; i++) {
        scen[i].left = m.played;
        if (!(scen[i].out = calloc((size_t)games, sizeof *scen[i].out)))
            exit(2);
    }
    pthread_t th[16];
    int started = 0;
    for (int t = 0; t < threads && t < 16; t++)
        if (pthread_create(&th[t], NULL, match_thread, &m) == 0)
            started++;
    if (!started)
        match_thread(&m);
    for (int t = 0; t < started; t++)
        pthread_join(th[t], NULL);
    printf("%d scenarios, %d games in %.0f s\n", nscen, nscen * m.played, now() - m.t0);
    pthread_mutex_destroy(&m.lock);
    for (int i = 0; i < nscen; i++)
        free(scen[i].out);
}

int main(int argc, char **argv)
{
    const char *rsel = NULL, *ssel = NULL, *spec = NULL, *opp = "random";
    int n = 5, games = 10, domatch = 0, threads = 2, list = 0, seedset = 0, player = -1;
    long maxsteps = 100000;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--match"))
            domatch = 1;
        else if (!strcmp(argv[i], "-r") && i + 1 < argc)
            rsel = argv[++i];
        else if (!strcmp(argv[i], "-s") && i + 1 < argc)
            ssel = argv[++i];
        else if (!strcmp(argv[i], "-b") && i + 1 < argc)
            spec = argv[++i];
        else if (!strcmp(argv[i], "-v") && i + 1 < argc)
            opp = argv[++i];
        else if (!strcmp(argv[i], "-n") && i + 1 < argc)
            n = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-g") && i + 1 < argc)
            games = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-j") && i + 1 < argc)
            threads = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-m") && i + 1 < argc)
            maxsteps = atol(argv[++i]);
        else if (!strcmp(argv[i], "-S") && i + 1 < argc)
            seedset = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-p") && i + 1 < argc)
            player = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-l"))
            list = 1;
        else {
            fprintf(stderr, "usage: wg-bench-bots [--match] [-r RULESET] [-s SCENARIO] [-b SPEC] [-v OPPONENT] "
                            "[-n POSITIONS] [-g GAMES] [-p PLAYER] [-m MAXSTEPS] [-j THREADS] [-S SEEDSET] [-l]\n");
            return 2;
        }
    }
    if (games < 1 || threads < 1 || seedset < 0 || seedset > 1000000 || maxsteps < 1 || player < -1 || player > 1 ||
        (player == 1 && games < 2)) {
        fprintf(stderr, "wg-bench-bots: GAMES, THREADS and MAXSTEPS must be at least 1, SEEDSET 0 to 1000000, "
                        "PLAYER 0 or 1 (and GAMES at least 2 with -p 1)\n");
        return 2;
    }
    if (!spec)
        spec = "mcts";
    if (domatch) {
        if (player < 0)
            printf("'%s' against '%s': %d games per scenario, each side in half of them, %d threads, seed set %d\n",
                   spec, opp, games, threads, seedset);
        else
            printf("'%s' against '%s': the games of %d in which it plays player %d, per scenario, %d threads, seed "
                   "set %d\n",
                   spec, opp, games, player, threads, seedset);
    } else
        printf("fork cost and one decision of '%s' (%d positions per scenario)\n", spec, n);
    match_scen scen[256];
    int nscen = 0;
    for (int r = 0; r < wg_ruleset_count(); r++) {
        const char *rs = wg_ruleset_id(r);
        if (rsel && strcmp(rsel, rs))
            continue;
        int ns = 0;
        wg_ruleset_scenario_count(&ns, rs);
        for (int s = 0; s < ns; s++) {
            const char *sc = NULL;
            wg_ruleset_scenario_id(&sc, rs, s);
            if (ssel && strcmp(ssel, sc))
                continue;
            if (!domatch)
                cost(rs, sc, spec, n);
            else if (nscen < (int)(sizeof scen / sizeof *scen))
                scen[nscen++] = (match_scen){.rs = rs, .sc = sc};
        }
    }
    if (domatch && nscen)
        match(scen, nscen, spec, opp, games, player, maxsteps, threads, list, seedset);
    return 0;
}

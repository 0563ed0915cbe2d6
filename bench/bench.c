/* wg-bench — figures for every bundled scenario: random playouts per second, decisions per second
 * split into decisions with two or more options, single-option decisions (such as pass windows) and
 * chance decisions, heap allocations per decision (the first play of each game, and the steady state:
 * the same game played again after wg_game_undo_to(0), its buffers grown), bytes per game, clone,
 * save and load times, and playouts/s on 1 and 2 threads (the same list of games, about a second's
 * worth, played by one thread and then shared by two, each game in the context of the thread that
 * plays it) so that the scaling shows.
 *
 *   wg-bench [-r RULESET] [-s SCENARIO] [-n GAMES] [-o OPTIONS] [-t 0|1] [-p 0|1] [-d 0|1]
 *
 * Figures only; nothing is asserted.  The LGA games use the opt-in CRT completion (crt=completion)
 * so that random games do not stop at unprinted cells.  Every ruleset compiled in is measured, each
 * of its scenarios in turn (Les Aigles: both sample battles).  -t 0 skips the thread runs; -p 1 only
 * plays the games (for a profiler: perf record -g wg-bench -p 1 -r lga -n 30); -d 1 prints a digest
 * of GAMES random games per scenario (the option counts of every decision, the final state hashes and
 * event counts): two builds whose digests agree took the same decisions (doc/speed.md).
 * Times are the CPU time of the thread that plays (wall-clock time for the thread runs).
 * The playouts are timed with wg_game_playout; the kinds of decision are counted in a second,
 * untimed play of the same games (same seeds, the same decisions), and their rates are the counts
 * over the timed playouts' time.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "wargame.h"

/* Wall-clock time (the thread runs) and the calling thread's CPU time (everything else: on a machine
   shared with other work the CPU time of the thread varies less than the wall clock). */
static double wall(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static const char *default_options(const char *ruleset)
{
    if (!strcmp(ruleset, "lga"))
        return "crt=completion";
    return NULL;
}

#define MAX_STEPS 50000000u

/* ---- thread runs: the same list of games (seeds 5000, 5001, ...) played by 1 thread, then shared by
   2 threads through an atomic counter (each game in the context of the thread that plays it), so both
   runs do exactly the same work and the ratio of their wall-clock times is the scaling.  The threads
   are released together once all have started, and the list is long enough to last about a second
   on one thread, so thread start-up and the last game's imbalance weigh little. */

typedef struct thread_run {
    const char *ruleset, *scenario, *options;
    int games;             /* the list: seeds 5000 .. 5000 + games - 1 */
    atomic_int next;       /* the next game of the list to play */
    atomic_int ready;      /* threads started */
    int nthreads;
} thread_run;

typedef struct thread_job {
    thread_run *run;
    int played;
    double cpu; /* the thread's CPU time */
    int rc;
} thread_job;

static void *thread_main(void *arg)
{
    thread_job *j = arg;
    thread_run *r = j->run;
    atomic_fetch_add(&r->ready, 1);
    while (atomic_load(&r->ready) < r->nthreads)
        ; /* the start barrier: spin until every thread runs */
    double c0 = now();
    wg_ctx *ctx = NULL;
    j->rc = wg_ctx_new(&ctx, NULL, NULL);
    while (!j->rc) {
        int i = atomic_fetch_add(&r->next, 1);
        if (i >= r->games)
            break;
        wg_game *g = NULL;
        j->rc = wg_game_new(&g, ctx, r->ruleset, r->scenario, r->options, 5000u + (uint64_t)i);
        if (j->rc)
            break;
        uint64_t steps = 0;
        j->rc = wg_game_playout(&steps, g, MAX_STEPS);
        j->played++;
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
    j->cpu = now() - c0;
    return NULL;
}

/* The wall-clock seconds `nthreads` threads take to play the list of `games` games; 0 on failure.
   *per_cpu: the playouts per second of CPU time of one thread, averaged over the threads (what each
   thread gets done when it runs: equal for 1 and 2 threads when nothing is shared). */
static double threads_time(const char *ruleset, const char *scenario, const char *options, int nthreads, int games,
                           double *per_cpu)
{
    pthread_t th[8];
    thread_job job[8];
    thread_run run = {ruleset, scenario, options, games, 0, 0, nthreads};
    int started = 0;
    double s = wall();
    for (int t = 0; t < nthreads && t < 8; t++) {
        job[t] = (thread_job){&run, 0, 0.0, 0};
        if (pthread_create(&th[t], NULL, thread_main, &job[t]) != 0)
            break;
        started++;
    }
    if (started != nthreads)
        atomic_store(&run.ready, nthreads); /* release the threads that did start */
    int bad = started != nthreads;
    double rate = 0;
    for (int t = 0; t < started; t++) {
        pthread_join(th[t], NULL);
        bad |= job[t].rc != WG_OK;
        rate += job[t].cpu > 0 ? job[t].played / job[t].cpu : 0.0;
    }
    double w = wall() - s;
    *per_cpu = started ? rate / started : 0.0;
    return bad ? 0.0 : w;
}

/* ---- one scenario */

typedef struct counts {
    uint64_t multi, single, chance, pass_windows, pass_only;
} counts;

/* Plays game g to its end with the random bot, one step at a time, counting the kinds of decision. */
static int count_decisions(counts *c, wg_game *g)
{
    for (uint64_t n = 0; n < MAX_STEPS; n++) {
        int player = 0, kind = 0;
        size_t nopt = 0;
        if (wg_game_option_count(&nopt, g) != WG_OK || wg_game_decision(&player, &kind, g) != WG_OK)
            return 1;
        if (player == WG_PLAYER_NONE)
            return 0;
        if (player == WG_PLAYER_CHANCE) {
            c->chance++;
        } else {
            if (nopt >= 2)
                c->multi++;
            else
                c->single++;
            int has_pass = 0;
            for (size_t i = 0; i < nopt && !has_pass; i++) {
                char k[32];
                size_t kl = 0;
                has_pass = wg_game_attr_text(k, sizeof k, &kl, g, player, WG_ATTR_OPTION, i, "kind") == WG_OK &&
                           strcmp(k, "pass") == 0;
            }
            c->pass_windows += (uint64_t)has_pass;
            c->pass_only += (uint64_t)(has_pass && nopt == 1);
        }
        if (wg_game_bot_step(NULL, g) != WG_OK)
            return 1;
    }
    return 0;
}

static void rate_line(const char *what, uint64_t n, double t, const char *note)
{
    printf("    %-30s %12.0f /s   (%llu%s)\n", what, t > 0 ? (double)n / t : 0.0, (unsigned long long)n, note);
}

/* -d 1: a digest of the random games of a scenario (seeds 77..): what a change of speed must keep. */
static int digest(const char *ruleset, const char *scenario, const char *options, int ngames)
{
    wg_ctx *ctx = NULL;
    if (wg_ctx_new(&ctx, NULL, NULL) != WG_OK)
        return 1;
    uint64_t dig = 1469598103934665603u, total = 0;
    int rc = WG_OK;
    for (int i = 0; i < ngames && rc == WG_OK; i++) {
        wg_game *g = NULL;
        rc = wg_game_new(&g, ctx, ruleset, scenario, options, 77u + (uint64_t)i);
        if (rc)
            break;
        for (;;) {
            int over = 0;
            size_t nopt = 0;
            wg_game_is_over(&over, g);
            if (over)
                break;
            if ((rc = wg_game_option_count(&nopt, g)) != WG_OK || (rc = wg_game_bot_step(NULL, g)) != WG_OK)
                break;
            dig = (dig ^ nopt) * 1099511628211u;
            total++;
        }
        uint64_t h = 0;
        size_t nev = 0;
        wg_game_hash(&h, g);
        wg_game_event_count(&nev, g);
        dig = (dig ^ h) * 1099511628211u;
        dig = (dig ^ nev) * 1099511628211u;
        wg_game_free(g);
    }
    printf("%-10s %-10s %llu decisions, digest %016llx%s\n", ruleset, scenario, (unsigned long long)total,
           (unsigned long long)dig, rc ? " (a game failed)" : "");
    wg_ctx_free(ctx);
    return rc != WG_OK;
}

/* -p 1: the playouts alone, for a profiler. */
static int play_only(const char *ruleset, const char *scenario, const char *options, int ngames)
{
    wg_ctx *ctx = NULL;
    if (wg_ctx_new(&ctx, NULL, NULL) != WG_OK)
        return 1;
    uint64_t decisions = 0;
    double t = 0;
    int rc = WG_OK;
    for (int i = 0; i < ngames && rc == WG_OK; i++) {
        wg_game *g = NULL;
        rc = wg_game_new(&g, ctx, ruleset, scenario, options, 1000u + (uint64_t)i);
        if (rc)
            break;
        uint64_t steps = 0;
        double s = now();
        rc = wg_game_playout(&steps, g, MAX_STEPS);
        t += now() - s;
        decisions += steps;
        wg_game_free(g);
    }
    printf("%-10s %-8s %d playouts: %.1f /s, %.0f decisions/s\n", ruleset, scenario, ngames, t > 0 ? ngames / t : 0.0,
           t > 0 ? (double)decisions / t : 0.0);
    wg_ctx_free(ctx);
    return rc != WG_OK;
}

static int bench_scenario(const char *ruleset, const char *scenario, const char *options, int ngames, int threads)
{
    wg_ctx *ctx = NULL;
    if (wg_ctx_new(&ctx, NULL, NULL) != WG_OK)
        return 1;
    int rc = WG_OK;
    /* creation */
    double t0 = now();
    int made = 0;
    for (int i = 0; i < 20; i++) {
        wg_game *g = NULL;
        rc = wg_game_new(&g, ctx, ruleset, scenario, options, (uint64_t)i + 1);
        if (rc) {
            printf("%-10s %-8s cannot create: %s: %s\n", ruleset, scenario, wg_status_str(rc), wg_ctx_errmsg(ctx));
            wg_ctx_free(ctx);
            return 1;
        }
        made++;
        wg_game_free(g);
    }
    double t_new = (now() - t0) / made;

    /* timed playouts; then the steady state: the same game again after undo_to(0) */
    uint64_t decisions = 0, allocs = 0, ended = 0, stopped = 0, steady_dec = 0, steady_allocs = 0;
    double t_play = 0;
    size_t bytes_game = 0, peak = 0;
    for (int i = 0; i < ngames; i++) {
        wg_game *g = NULL;
        size_t before = 0, after = 0;
        wg_ctx_memory_in_use(&before, ctx);
        rc = wg_game_new(&g, ctx, ruleset, scenario, options, 1000u + (uint64_t)i);
        if (rc)
            break;
        uint64_t a0 = 0, a1 = 0, a2 = 0, steps = 0, again = 0;
        wg_ctx_alloc_count(&a0, ctx);
        double s = now();
        rc = wg_game_playout(&steps, g, MAX_STEPS);
        t_play += now() - s;
        wg_ctx_alloc_count(&a1, ctx);
        wg_ctx_memory_in_use(&after, ctx);
        if (after - before > bytes_game)
            bytes_game = after - before;
        decisions += steps;
        allocs += a1 - a0;
        int over = 0;
        wg_game_is_over(&over, g);
        if (over)
            ended++;
        else
            stopped++;
        if (rc && i == 0)
            printf("%-10s %-8s game stopped: %s: %s\n", ruleset, scenario, wg_status_str(rc), wg_game_errmsg(g));
        if (rc == WG_OK && wg_game_undo_to(g, 0) == WG_OK) {
            wg_ctx_alloc_count(&a1, ctx);
            if (wg_game_playout(&again, g, MAX_STEPS) == WG_OK) {
                wg_ctx_alloc_count(&a2, ctx);
                steady_dec += again;
                steady_allocs += a2 - a1;
            }
        }
        wg_game_free(g);
    }
    wg_ctx_memory_peak(&peak, ctx);

    /* the kinds of decision: the same games again, one step at a time (untimed) */
    counts c = {0, 0, 0, 0, 0};
    int counted = 1;
    for (int i = 0; i < ngames && counted; i++) {
        wg_game *g = NULL;
        if (wg_game_new(&g, ctx, ruleset, scenario, options, 1000u + (uint64_t)i) != WG_OK ||
            count_decisions(&c, g) != 0)
            counted = 0;
        wg_game_free(g);
    }
    if (c.multi + c.single + c.chance != decisions)
        counted = 0;

    /* clone, save, load of a game half-way */
    wg_game *g = NULL;
    double t_clone = 0, t_save = 0, t_load = 0;
    size_t save_len = 0, clone_bytes = 0, state_steps = 0;
    if (wg_game_new(&g, ctx, ruleset, scenario, options, 7) == WG_OK) {
        uint64_t steps = 0;
        wg_game_playout(&steps, g, decisions / (ngames ? (uint64_t)ngames : 1) / 2);
        state_steps = (size_t)steps;
        int reps = 500;
        size_t m0 = 0, m1 = 0;
        double s = now();
        for (int i = 0; i < reps; i++) {
            wg_game *cl = NULL;
            wg_ctx_memory_in_use(&m0, ctx);
            if (wg_game_clone(&cl, g) == WG_OK) {
                wg_ctx_memory_in_use(&m1, ctx);
                clone_bytes = m1 - m0;
                wg_game_free(cl);
            }
        }
        t_clone = (now() - s) / reps;
        wg_game_save(NULL, 0, &save_len, g);
        unsigned char *buf = malloc(save_len ? save_len : 1);
        s = now();
        for (int i = 0; i < reps; i++)
            wg_game_save(buf, save_len, &save_len, g);
        t_save = (now() - s) / reps;
        int lreps = 20;
        s = now();
        for (int i = 0; i < lreps; i++) {
            wg_game *l = NULL;
            if (wg_game_load(&l, ctx, buf, save_len) == WG_OK)
                wg_game_free(l);
        }
        t_load = (now() - s) / lreps;
        free(buf);
        wg_game_free(g);
    }

    printf("%-10s %-8s games %d (ended %llu, stopped %llu)\n", ruleset, scenario, ngames, (unsigned long long)ended,
           (unsigned long long)stopped);
    printf("    %-30s %12.1f /s\n", "playouts", t_play > 0 ? ngames / t_play : 0.0);
    rate_line("decisions (all)", decisions, t_play, "");
    if (counted) {
        char note[96];
        snprintf(note, sizeof note, "; %.1f per game", ngames ? (double)c.multi / ngames : 0.0);
        rate_line("  with 2+ options", c.multi, t_play, note);
        rate_line("  single-option", c.single, t_play, "");
        rate_line("  chance", c.chance, t_play, "");
        printf("    %-30s %12llu      (%llu with nothing but pass)\n", "  offering pass (windows)",
               (unsigned long long)c.pass_windows, (unsigned long long)c.pass_only);
    } else {
        printf("    %-30s (the counting play did not replay the timed one)\n", "  kinds of decision");
    }
    printf("    %-30s %12.5f\n", "heap allocations/decision", decisions ? (double)allocs / (double)decisions : 0.0);
    printf("    %-30s %12.5f      (%llu in %llu decisions: the same games after undo_to(0))\n", "  ... steady state",
           steady_dec ? (double)steady_allocs / (double)steady_dec : 0.0, (unsigned long long)steady_allocs,
           (unsigned long long)steady_dec);
    printf("    %-30s %12.1f us\n", "game creation", t_new * 1e6);
    printf("    %-30s %12.2f us   (after %zu decisions; %zu bytes)\n", "clone", t_clone * 1e6, state_steps,
           clone_bytes);
    printf("    %-30s %12.2f us   (%zu bytes)\n", "save", t_save * 1e6, save_len);
    printf("    %-30s %12.2f us\n", "load (replays the log)", t_load * 1e6);
    printf("    %-30s %12zu bytes   (context peak %zu)\n", "bytes per game (max)", bytes_game, peak);
    if (threads) {
        /* about a second of games on one thread (at the rate measured above), at least ngames */
        double rate = t_play > 0 ? (double)ngames / t_play : 0.0;
        int list = rate > ngames ? (int)(rate + 0.5) : ngames;
        if (list < 4)
            list = 4;
        double c1 = 0, c2 = 0;
        double w1 = threads_time(ruleset, scenario, options, 1, list, &c1);
        double w2 = threads_time(ruleset, scenario, options, 2, list, &c2);
        printf("    %-30s %12.1f /s   (%d games; wall clock %.2f s)\n", "playouts, 1 thread", w1 > 0 ? list / w1 : 0.0,
               list, w1);
        printf("    %-30s %12.1f /s   (the same %d games shared; %.2fx)\n", "playouts, 2 threads",
               w2 > 0 ? list / w2 : 0.0, list, w2 > 0 ? w1 / w2 : 0.0);
        printf("    %-30s %12.1f /s   (1 thread %.1f /s: %.2f; 2x that is the scaling on two idle cores)\n",
               "  per thread, CPU time", c2, c1, c1 > 0 ? c2 / c1 : 0.0);
    }
    wg_ctx_free(ctx);
    return 0;
}

int main(int argc, char **argv)
{
    const char *only = NULL, *only_sc = NULL, *options = NULL;
    int ngames = 50, threads = 1, profile = 0, dig = 0;
    int have_options = 0;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "-r"))
            only = argv[i + 1];
        else if (!strcmp(argv[i], "-s"))
            only_sc = argv[i + 1];
        else if (!strcmp(argv[i], "-n"))
            ngames = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "-d"))
            dig = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "-p"))
            profile = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "-t"))
            threads = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "-o")) {
            options = argv[i + 1];
            have_options = 1;
        } else {
            fprintf(stderr, "usage: wg-bench [-r RULESET] [-s SCENARIO] [-n GAMES] [-o OPTIONS] [-t 0|1] [-p 0|1] [-d 0|1]\n");
            return 2;
        }
    }
    if (ngames < 1)
        ngames = 1;
    printf("libwargame %s benchmark\n", wg_version());
    int bad = 0;
    for (int r = 0; r < wg_ruleset_count(); r++) {
        const char *id = wg_ruleset_id(r);
        if (only && strcmp(only, id))
            continue;
        int ns = 0;
        wg_ruleset_scenario_count(&ns, id);
        for (int s = 0; s < ns; s++) {
            const char *sc = NULL;
            wg_ruleset_scenario_id(&sc, id, s);
            if (only_sc && strcmp(only_sc, sc))
                continue;
            const char *o = have_options ? options : default_options(id);
            bad |= dig       ? digest(id, sc, o, ngames)
                   : profile ? play_only(id, sc, o, ngames)
                             : bench_scenario(id, sc, o, ngames, threads);
        }
    }
    return bad;
}

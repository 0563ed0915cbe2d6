/* wg-bench — figures for every bundled scenario: random-playout decisions/s and games/s, heap
 * allocations per decision, bytes per game, clone, save and load times, the windows a host may
 * answer with "pass" (Tactician reaction windows; those with nothing but pass may be auto-passed).
 *
 *   wg-bench [-r RULESET] [-n GAMES] [-o OPTIONS]
 *
 * Figures only; nothing is asserted.  The LGA games use the opt-in CRT completion (crt=completion)
 * so that random games do not stop at unprinted cells.  Every ruleset compiled in is measured, each
 * of its scenarios in turn (Les Aigles: both sample battles); where every game ends within its first
 * 500 decisions the allocations after decision 500 are shown as "-".
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "wargame.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static const char *default_options(const char *ruleset)
{
    if (!strcmp(ruleset, "lga"))
        return "crt=completion";
    return NULL;
}

static int bench_scenario(const char *ruleset, const char *scenario, const char *options, int ngames)
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

    /* playouts */
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
        uint64_t a0 = 0, a1 = 0, am = 0, steps = 0, warm = 0;
        wg_ctx_alloc_count(&a0, ctx);
        double s = now();
        rc = wg_game_playout(&warm, g, 500); /* the first 500 decisions: the buffers grow to size */
        wg_ctx_alloc_count(&am, ctx);
        int over0 = 0;
        wg_game_is_over(&over0, g);
        if (rc == WG_OK && !over0)
            rc = wg_game_playout(&steps, g, 50000000);
        t_play += now() - s;
        wg_ctx_alloc_count(&a1, ctx);
        steady_dec += steps;
        steady_allocs += a1 - am;
        steps += warm;
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
        wg_game_free(g);
    }
    wg_ctx_memory_peak(&peak, ctx);

    /* clone, save, load of a game half-way */
    wg_game *g = NULL;
    double t_clone = 0, t_save = 0, t_load = 0;
    size_t save_len = 0, clone_bytes = 0;
    if (wg_game_new(&g, ctx, ruleset, scenario, options, 7) == WG_OK) {
        uint64_t steps = 0;
        wg_game_playout(&steps, g, decisions / (ngames ? (uint64_t)ngames : 1) / 2);
        int reps = 200;
        size_t m0 = 0, m1 = 0;
        double s = now();
        for (int i = 0; i < reps; i++) {
            wg_game *c = NULL;
            wg_ctx_memory_in_use(&m0, ctx);
            if (wg_game_clone(&c, g) == WG_OK) {
                wg_ctx_memory_in_use(&m1, ctx);
                clone_bytes = m1 - m0;
                wg_game_free(c);
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
    /* windows a host may answer with "pass": decisions of a player offering a `pass` option (reaction
       and end-of-turn windows), and those where pass is the only option (a host may auto-pass them) */
    uint64_t win_steps = 0, windows = 0, pass_only = 0;
    if (wg_game_new(&g, ctx, ruleset, scenario, options, 11) == WG_OK) {
        for (; win_steps < 2000000; win_steps++) {
            int player = 0, kind = 0, over = 0;
            wg_game_is_over(&over, g);
            if (over || wg_game_decision(&player, &kind, g) != WG_OK)
                break;
            size_t n = 0;
            if (player >= 0 && wg_game_option_count(&n, g) == WG_OK) {
                int has_pass = 0;
                for (size_t i = 0; i < n && !has_pass; i++) {
                    char k[32];
                    size_t kl = 0;
                    has_pass = wg_game_attr_text(k, sizeof k, &kl, g, player, WG_ATTR_OPTION, i, "kind") == WG_OK &&
                               strcmp(k, "pass") == 0;
                }
                windows += (uint64_t)has_pass;
                pass_only += (uint64_t)(has_pass && n == 1);
            }
            if (wg_game_bot_step(NULL, g) != WG_OK)
                break;
        }
        wg_game_free(g);
    }
    printf("%-10s %-8s games %d (ended %llu, stopped %llu)\n", ruleset, scenario, ngames, (unsigned long long)ended,
           (unsigned long long)stopped);
    printf("    random-playout decisions/s  %12.0f   (%llu decisions, %.1f per game)\n",
           t_play > 0 ? (double)decisions / t_play : 0.0, (unsigned long long)decisions,
           ngames ? (double)decisions / ngames : 0.0);
    printf("    games/s (playout only)      %12.1f\n", t_play > 0 ? ngames / t_play : 0.0);
    printf("    game creation               %12.1f us\n", t_new * 1e6);
    printf("    heap allocations/decision   %12.5f\n", decisions ? (double)allocs / (double)decisions : 0.0);
    if (steady_dec)
        printf("    ... after decision 500      %12.5f   (%llu in %llu decisions: the history's geometric growth)\n",
               (double)steady_allocs / (double)steady_dec, (unsigned long long)steady_allocs,
               (unsigned long long)steady_dec);
    else
        printf("    ... after decision 500      %12s   (every game ended within 500 decisions)\n", "-");
    printf("    bytes per game (max)        %12zu   (clone of a mid-game: %zu bytes)\n", bytes_game, clone_bytes);
    printf("    clone                       %12.2f us\n", t_clone * 1e6);
    printf("    save                        %12.2f us   (%zu bytes)\n", t_save * 1e6, save_len);
    printf("    load (replays the log)      %12.2f us\n", t_load * 1e6);
    printf("    context peak memory         %12zu bytes\n", peak);
    printf("    pass windows                %12llu   (of %llu decisions of one game; %llu with nothing but pass)\n",
           (unsigned long long)windows, (unsigned long long)win_steps, (unsigned long long)pass_only);
    wg_ctx_free(ctx);
    return 0;
}

int main(int argc, char **argv)
{
    const char *only = NULL, *options = NULL;
    int ngames = 50;
    int have_options = 0;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "-r"))
            only = argv[i + 1];
        else if (!strcmp(argv[i], "-n"))
            ngames = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "-o")) {
            options = argv[i + 1];
            have_options = 1;
        } else {
            fprintf(stderr, "usage: wg-bench [-r RULESET] [-n GAMES] [-o OPTIONS]\n");
            return 2;
        }
    }
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
            bad |= bench_scenario(id, sc, have_options ? options : default_options(id), ngames);
        }
    }
    return bad;
}

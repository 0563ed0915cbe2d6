/*
 * Binding-overhead baseline in C: random playouts driven one decision at a time, exactly as
 * bindings/bench/step.py and step.lua drive them, so the figures compare the cost of the calls.
 *
 *   wg-bind-step RULESET SCENARIO [GAMES] [MODE] [OPTIONS]
 *
 * MODE "bot" calls wg_game_bot_step until the game ends; MODE "host" also reads the decision
 * and the option count before each step (what an interactive host does).  A game that fails a call
 * stops there (every driver does the same).  Prints one line:
 *   c MODE RULESET SCENARIO decisions=N seconds=S decisions_per_s=R
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "wargame.h"

static double now(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: wg-bind-step RULESET SCENARIO [GAMES] [bot|host] [OPTIONS]\n");
        return 2;
    }
    const char *ruleset = argv[1], *scenario = argv[2];
    int ngames = argc > 3 ? atoi(argv[3]) : 5;
    int host = argc > 4 && strcmp(argv[4], "host") == 0;
    const char *options = argc > 5 ? argv[5] : NULL;
    wg_ctx *ctx = NULL;
    if (wg_ctx_new(&ctx, NULL, NULL) != WG_OK)
        return 1;
    unsigned long long decisions = 0;
    double t = 0;
    for (int i = 0; i < ngames; i++) {
        wg_game *g = NULL;
        int rc = wg_game_new(&g, ctx, ruleset, scenario, options, 1000u + (uint64_t)i);
        if (rc) {
            fprintf(stderr, "wg_game_new: %s: %s\n", wg_status_str(rc), wg_ctx_errmsg(ctx));
            wg_ctx_free(ctx);
            return 1;
        }
        double s = now();
        for (;;) {
            int over = 0;
            wg_game_is_over(&over, g);
            if (over)
                break;
            if (host) {
                int player = 0, kind = 0;
                size_t n = 0;
                if (wg_game_decision(&player, &kind, g) != WG_OK || wg_game_option_count(&n, g) != WG_OK)
                    break;
            }
            size_t chosen = 0;
            if (wg_game_bot_step(&chosen, g) != WG_OK)
                break;
            decisions++;
        }
        t += now() - s;
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
    printf("c %s %s %s decisions=%llu seconds=%.4f decisions_per_s=%.0f\n", host ? "host" : "bot", ruleset, scenario,
           decisions, t, t > 0 ? (double)decisions / t : 0.0);
    return 0;
}

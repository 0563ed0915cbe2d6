/* wg-golden — records a golden decision log: a seeded random game whose every decision is taken by
 * action code, with the state hash after every step, in the core data format (kind `golden`).
 *
 *   wg-golden RULESET SCENARIO SEED MAXSTEPS [OPTIONS] > FILE
 *
 * Every step is applied with wg_game_choose_action (chance outcomes too, drawn here by weight), so a
 * replay in any language applies the same actions and must see the same hashes.  An action code
 * carries no parameters, so the choice is made only among the options whose parameters are not
 * required (wg_game_option_param_count): a player's option is drawn uniformly from those, a chance
 * outcome by weight among those.  Options with optional parameters are taken without them.  Where
 * every option has required parameters the recording stops with an error.  In a ruleset without
 * required parameters every option is a candidate and the draws are those of a plain random game.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "wargame.h"

int main(int argc, char **argv)
{
    if (argc < 5) {
        fprintf(stderr, "usage: wg-golden RULESET SCENARIO SEED MAXSTEPS [OPTIONS]\n");
        return 2;
    }
    const char *ruleset = argv[1], *scenario = argv[2], *options = argc > 5 ? argv[5] : "";
    uint64_t seed = strtoull(argv[3], NULL, 10), maxsteps = strtoull(argv[4], NULL, 10);
    wg_ctx *ctx = NULL;
    wg_game *g = NULL;
    wg_rng *pick = NULL;
    if (wg_ctx_new(&ctx, NULL, NULL) || wg_rng_new(&pick, ctx, seed, 0x676f6c64u))
        return 1;
    int rc = wg_game_new(&g, ctx, ruleset, scenario, options, seed);
    if (rc) {
        fprintf(stderr, "wg-golden: %s\n", wg_ctx_errmsg(ctx));
        return 1;
    }
    uint64_t h;
    wg_game_hash(&h, g);
    printf("wgdata 1 golden\n# Recorded by wg-golden: replay every step with wg_game_choose_action and\n"
           "# compare wg_game_hash after it.\n");
    printf("version %s\nruleset %s\nscenario %s\noptions \"%s\"\nseed %llu\nstart 0x%016llx\n", wg_version(), ruleset,
           scenario, options, (unsigned long long)seed, (unsigned long long)h);
    for (uint64_t s = 0; s < maxsteps; s++) {
        int p, k;
        wg_game_decision(&p, &k, g);
        if (p == WG_PLAYER_NONE)
            break;
        size_t n = 0;
        if (wg_game_option_count(&n, g) || n == 0)
            break;
        size_t *cand = malloc(n * sizeof *cand);
        if (!cand) {
            fprintf(stderr, "wg-golden: out of memory\n");
            return 1;
        }
        size_t ncand = 0;
        uint64_t total = 0;
        for (size_t i = 0; i < n; i++) {
            size_t np = 0;
            int required = 0;
            uint64_t w = 0, all;
            if (wg_game_option_param_count(&np, &required, g, i) != WG_OK ||
                wg_game_option_weight(&w, &all, g, i) != WG_OK) {
                fprintf(stderr, "wg-golden: step %llu: %s\n", (unsigned long long)s, wg_game_errmsg(g));
                free(cand);
                return 1;
            }
            if (np > 0 && required)
                continue;
            cand[ncand++] = i;
            total += w;
        }
        if (ncand == 0 || (p == WG_PLAYER_CHANCE && (total == 0 || total > UINT32_MAX))) {
            fprintf(stderr, "wg-golden: step %llu: no option can be taken without parameters\n",
                    (unsigned long long)s);
            free(cand);
            return 1;
        }
        size_t idx = 0;
        uint32_t x;
        if (p == WG_PLAYER_CHANCE) {
            wg_rng_below(&x, pick, (uint32_t)total);
            for (size_t c = 0; c < ncand; c++) {
                uint64_t w, all;
                idx = cand[c];
                wg_game_option_weight(&w, &all, g, idx);
                if (x < w)
                    break;
                x -= (uint32_t)w;
            }
        } else {
            wg_rng_below(&x, pick, (uint32_t)ncand);
            idx = cand[x];
        }
        free(cand);
        uint64_t action;
        wg_game_option_action(&action, g, idx);
        rc = wg_game_choose_action(g, action);
        if (rc) {
            fprintf(stderr, "wg-golden: step %llu: %s\n", (unsigned long long)s, wg_game_errmsg(g));
            return 1;
        }
        wg_game_hash(&h, g);
        printf("step %llu 0x%llx 0x%016llx\n", (unsigned long long)s, (unsigned long long)action,
               (unsigned long long)h);
    }
    wg_game_free(g);
    wg_rng_free(pick);
    return wg_ctx_free(ctx) ? 1 : 0;
}

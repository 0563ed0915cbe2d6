/* The leak harness's self-test: linked against a library built with WG_INJECT_LEAK (every side's
   held events shown to everyone), the harness must report a leak in Les Maréchaux.  Exit status 0
   when it does, 1 when the harness missed the leak. */
#include <stdio.h>

#include "wgleak.h"

int main(void)
{
    wg_ctx *ctx = NULL;
    if (wg_ctx_new(&ctx, NULL, NULL) != WG_OK)
        return 2;
    const char *sc[2] = {"1808", "1809"};
    int caught = 0;
    for (int k = 0; k < 2; k++) {
        for (uint64_t seed = 1; seed <= 3; seed++) {
            wg_game *g = NULL;
            if (wg_game_new(&g, ctx, "marechaux", sc[k], NULL, seed) != WG_OK)
                return 2;
            wgl_stats st = {0};
            char msg[1200];
            int r = wgl_run(g, 0, seed, 400, &st, msg, sizeof msg);
            if (r < 0) {
                fprintf(stderr, "harness error: %s\n", msg);
                return 2;
            }
            if (r == 1) {
                printf("%s seed %llu: caught: %s\n", sc[k], (unsigned long long)seed, msg);
                caught++;
            }
            wg_game_free(g);
            if (r == 1)
                break;
        }
    }
    wg_ctx_free(ctx);
    if (caught == 2) {
        printf("the harness caught the injected leak in both scenarios\n");
        return 0;
    }
    printf("the harness missed the injected leak (%d of 2 scenarios)\n", caught);
    return 1;
}

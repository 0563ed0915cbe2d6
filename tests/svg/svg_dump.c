/* Writes, for the first scenario of every ruleset, the picture of the board as player 0 sees it
   (wg_game_svg) after random play has put pieces on the board, and the ids of the pieces he sees:
   DIR/RULESET.svg and DIR/RULESET.ids (one id a line).  Used by tests/svg/check_raster.py.
   Usage: svg_dump DIR */
#include <stdio.h>
#include <stdlib.h>

#include "wargame.h"

static int dump(wg_ctx *ctx, const char *rs, const char *dir)
{
    const char *sc = NULL;
    wg_game *g = NULL;
    if (wg_ruleset_scenario_id(&sc, rs, 0) != WG_OK || wg_game_new(&g, ctx, rs, sc, NULL, 5) != WG_OK) {
        fprintf(stderr, "svg_dump: %s: %s\n", rs, wg_ctx_errmsg(ctx));
        return 1;
    }
    /* random play until player 0 sees pieces on the board, and some more */
    size_t np = 0;
    for (int i = 0, extra = 0; i < 600 && extra < 10; i++) {
        int over = 0;
        wg_game_is_over(&over, g);
        if (over || wg_game_bot_step(NULL, g) != WG_OK)
            break;
        wg_game_piece_count(&np, g, 0);
        extra += np > 0;
    }
    size_t len = 0;
    char path[4096];
    int rc = wg_game_svg(NULL, 0, &len, g, 0);
    char *buf = rc == WG_OK ? malloc(len + 1) : NULL;
    if (!buf || wg_game_svg(buf, len + 1, &len, g, 0) != WG_OK) {
        fprintf(stderr, "svg_dump: %s: %s\n", rs, wg_game_errmsg(g));
        free(buf);
        wg_game_free(g);
        return 1;
    }
    snprintf(path, sizeof path, "%s/%s.svg", dir, rs);
    FILE *f = fopen(path, "wb");
    int bad = !f || fwrite(buf, 1, len, f) != len;
    if (f)
        bad |= fclose(f) != 0;
    free(buf);
    snprintf(path, sizeof path, "%s/%s.ids", dir, rs);
    f = fopen(path, "w");
    bad |= !f;
    wg_game_piece_count(&np, g, 0);
    for (size_t i = 0; f && i < np; i++) {
        int64_t id = 0;
        bad |= wg_game_attr_int(&id, g, 0, WG_ATTR_PIECE, i, "id") != WG_OK;
        fprintf(f, "%lld\n", (long long)id);
    }
    if (f)
        bad |= fclose(f) != 0;
    if (bad)
        fprintf(stderr, "svg_dump: %s: cannot write %s\n", rs, path);
    wg_game_free(g);
    return bad;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: svg_dump DIR\n");
        return 2;
    }
    wg_ctx *ctx = NULL;
    if (wg_ctx_new(&ctx, NULL, NULL) != WG_OK)
        return 1;
    int n = wg_ruleset_count(), bad = 0;
    for (int r = 0; r < n; r++)
        bad |= dump(ctx, wg_ruleset_id(r), argv[1]);
    wg_ctx_free(ctx);
    return bad;
}

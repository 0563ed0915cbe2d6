/* Writes the generated part of the seed corpus:
 *   OUT/load/<ruleset>-<scenario>-<options>-s<seed>-n<steps>.wgs  saved games of random bot games
 *   OUT/game/<ruleset>-<scenario>-<n>.bin                          decision-sequence inputs
 * for every bundled scenario of every ruleset.  Usage: wgfuzz_gen_corpus OUT_DIR */
#include "wargame.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int write_file(const char *path, const void *buf, size_t len)
{
    FILE *fp = fopen(path, "wb");
    if (!fp || fwrite(buf, 1, len, fp) != len) {
        fprintf(stderr, "cannot write %s\n", path);
        if (fp)
            fclose(fp);
        return 1;
    }
    return fclose(fp) != 0;
}

static int save_game(const char *out, wg_ctx *ctx, const char *rs, const char *sc, const char *opts,
                     uint64_t seed, uint64_t steps)
{
    wg_game *g = NULL;
    if (wg_game_new(&g, ctx, rs, sc, opts, seed) != WG_OK) {
        fprintf(stderr, "%s/%s: %s\n", rs, sc, wg_ctx_errmsg(ctx));
        return 1;
    }
    uint64_t taken = 0;
    int rc = wg_game_playout(&taken, g, steps);
    if (rc != WG_OK)
        fprintf(stderr, "%s/%s seed %llu: playout stopped after %llu steps: %s\n", rs, sc,
                (unsigned long long)seed, (unsigned long long)taken, wg_game_errmsg(g));
    size_t len = 0;
    int bad = wg_game_save(NULL, 0, &len, g) != WG_OK;
    unsigned char *buf = bad ? NULL : malloc(len);
    bad = bad || !buf || wg_game_save(buf, len, &len, g) != WG_OK;
    if (!bad) {
        char path[4096];
        snprintf(path, sizeof path, "%s/load/%s-%s-%s-s%llu-n%llu.wgs", out, rs, sc, opts[0] ? "crt" : "plain",
                 (unsigned long long)seed, (unsigned long long)taken);
        bad = write_file(path, buf, len);
    }
    free(buf);
    wg_game_free(g);
    return bad;
}

/* A decision-sequence input: ruleset, scenario, options, seed, then operation bytes from a
   small fixed generator (mostly option picks and bot steps, some of every other operation). */
static int game_input(const char *out, int r, int s, int n, const char *rs, const char *sc)
{
    unsigned char buf[512];
    uint64_t x = 0x9e3779b97f4a7c15ull * (uint64_t)(r * 64 + s * 8 + n + 1);
    size_t len = 0;
    buf[len++] = (unsigned char)r;
    buf[len++] = (unsigned char)s;
    buf[len++] = (unsigned char)(n == 1 ? 2 : n == 2 ? 4 : 0); /* options: "", crt=completion, wg_setup */
    for (int i = 0; i < 4; i++)
        buf[len++] = (unsigned char)(n * 17 + i);
    size_t ops = 64 + (size_t)n * 96;
    while (len < ops && len < sizeof buf) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        buf[len++] = (unsigned char)(x >> 24);
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/game/%s-%s-%d.bin", out, rs, sc, n);
    return write_file(path, buf, len);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s OUT_DIR\n", argv[0]);
        return 2;
    }
    wg_ctx *ctx = NULL;
    if (wg_ctx_new(&ctx, NULL, NULL) != WG_OK)
        return 1;
    static const uint64_t steps[] = {0, 40, 400, 100000};
    int bad = 0;
    for (int r = 0; r < wg_ruleset_count(); r++) {
        const char *rs = wg_ruleset_id(r);
        int nsc = 0;
        if (wg_ruleset_scenario_count(&nsc, rs) != WG_OK)
            return 1;
        for (int s = 0; s < nsc; s++) {
            const char *sc = NULL;
            if (wg_ruleset_scenario_id(&sc, rs, s) != WG_OK)
                return 1;
            for (int k = 0; k < 4; k++) {
                const char *opts = strcmp(rs, "lga") == 0 && k % 2 ? "crt=completion" : "";
                bad |= save_game(argv[1], ctx, rs, sc, opts, (uint64_t)(k + 1), steps[k]);
            }
            for (int n = 0; n < 3; n++)
                bad |= game_input(argv[1], r, s, n, rs, sc);
        }
    }
    wg_ctx_free(ctx);
    return bad;
}

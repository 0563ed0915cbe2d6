/* wg-bench-geometry: the cost of the Les Aigles geometry as the number of units grows.  Generated
   battles of 10, 50 and 200 units (two lines of regular battalions facing each other, 200 mm of
   table per pair, with a wood between them and a crest behind) and, for each, the time of the queries one
   decision of the game makes for a unit: line of sight to every enemy past every other unit, the
   firing figures against every enemy (range 250 paces; the lines stand 220 apart), the radius
   counts, and a movement check.  The footprints are computed once per decision, as a game caches them.
   Then the same kind of generated battles, of 10, 30 and 60 units (a game holds 64 at most), played
   to the end by the random bot through the public API: decisions per second and the time of a decision
   as the number of units grows.  Prints figures; asserts nothing. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "aigles/la_command.h"
#include "aigles/la_move.h"
#include "aigles/la_sight.h"
#include "embedded.h"

#define PACE WG_TABLE_UNIT

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* A generated battle of n units for the game: two lines of regular battalions facing each other 220
   paces apart, a battery and a cavalry regiment every tenth place, one general a side. */
static char *battle_doc(int n, int32_t width)
{
    size_t cap = 512 + (size_t)n * 200;
    char *d = malloc(cap);
    if (!d)
        return NULL;
    size_t len = (size_t)snprintf(d, cap,
                                  "wgdata 1 aigles-battle\ntitle \"generated benchmark battle\"\nscale 25\nperiods 6\n"
                                  "side French\nside Austrians\n"
                                  "officer French \"General A\" charisma=2 command=3 at=%d,200 facing=0,1\n"
                                  "officer Austrians \"General B\" charisma=2 command=3 at=%d,640 facing=0,-1\n",
                                  (int)(width / PACE / 2), (int)(width / PACE / 2));
    for (int i = 0; i < n && len < cap; i++) {
        int side = i % 2, x = (i / 2) * 200 + 150;
        const char *type = (i / 2) % 10 == 4 ? "type=foot-battery companies=2x2 formation=in-battery front=4"
                           : (i / 2) % 10 == 9 ? "type=dragoons companies=2x3 formation=line front=6"
                                               : "type=line-fusiliers companies=3x4 formation=line front=12";
        int battery = (i / 2) % 10 == 4;
        len += (size_t)snprintf(d + len, cap - len, "unit %s U%d %s at=%d,%d facing=0,%d order=%s\n",
                                side ? "Austrians" : "French", i, type, x, side ? 520 : 300, side ? -1 : 1,
                                battery ? "deny zone=0,410 radius=200" : side ? "hold" : "attack toward=0,900");
    }
    return d;
}

static void played(wg_ctx *ctx)
{
    static const int sizes[3] = {10, 30, 60};
    printf("\n%-6s %10s %12s %14s %12s\n", "units", "games", "decisions", "decisions/s", "decision");
    for (int k = 0; k < 3; k++) {
        int n = sizes[k];
        int32_t width = (int32_t)(n / 2 * 200 + 200) * PACE;
        char table[256];
        snprintf(table, sizeof table,
                 "wgdata 1 map\ngrid table %d 1200\nterrain open wood\nflag blocks-sight\nlinetype crest\n"
                 "area open 0,0 %d,0 %d,1200 0,1200\n",
                 (int)(width / PACE), (int)(width / PACE), (int)(width / PACE));
        char *doc = battle_doc(n, width);
        if (!doc)
            return;
        long decisions = 0;
        int games = n <= 10 ? 20 : n <= 30 ? 6 : 3;
        double t0 = now();
        for (int gi = 0; gi < games; gi++) {
            wg_setup *su = NULL;
            wg_game *g = NULL;
            if (wg_setup_new(&su, ctx, "aigles", "crossroads") != WG_OK ||
                wg_setup_set_seed(su, (uint64_t)gi + 1) != WG_OK ||
                wg_setup_add_data(su, "table", table, strlen(table)) != WG_OK ||
                wg_setup_add_data(su, "battle", doc, strlen(doc)) != WG_OK || wg_game_new_setup(&g, su) != WG_OK) {
                fprintf(stderr, "wg-bench-geometry: %d units: %s\n", n, wg_ctx_errmsg(ctx));
                wg_setup_free(su);
                break;
            }
            wg_setup_free(su);
            int over = 0;
            while (!over && wg_game_bot_step(NULL, g) == WG_OK) {
                decisions++;
                wg_game_is_over(&over, g);
            }
            wg_game_free(g);
        }
        double t = now() - t0;
        printf("%-6d %10d %12ld %14.0f %9.1f us\n", n, games, decisions, t > 0 ? decisions / t : 0.0,
               decisions ? t / decisions * 1e6 : 0.0);
        free(doc);
    }
}

int main(void)
{
    wg_ctx *ctx = NULL;
    wg_table *tabs[LA_NTABLES];
    static la_army army;
    static la_battle b;
    char err[WG_ERRMSG_CAP];
    if (wg_ctx_new(&ctx, NULL, NULL) != WG_OK || la_tables_build(tabs, ctx) != WG_OK ||
        la_army_load(&army, err, ctx, (const char *)wg__data_aigles_army, wg__data_aigles_army_len) != WG_OK) {
        fprintf(stderr, "wg-bench-geometry: set-up failed\n");
        return 1;
    }
    static const int sizes[3] = {10, 50, 200};
    printf("%-6s %14s %14s %14s %14s %14s\n", "units", "sight/unit", "fire/unit", "counts/unit", "move/check",
           "decision");
    for (int k = 0; k < 3; k++) {
        int n = sizes[k];
        int32_t width = (int32_t)(n / 2 * 200 + 200) * PACE;
        wg_map *m = NULL;
        wg_map_new_table(&m, ctx, width, 1200 * PACE);
        int wood = 0, blocks = 0, crest = 0, s = 0, l = 0;
        wg_map_declare_terrain(&wood, m, "wood");
        wg_map_declare_flag(&blocks, m, "blocks-sight");
        wg_map_declare_linetype(&crest, m, "crest");
        int32_t w[] = {width / 3, 380 * PACE, width / 3 + 300 * PACE, 390 * PACE, width / 3 + 280 * PACE, 450 * PACE,
                       width / 3 + 20 * PACE, 460 * PACE};
        wg_map_area_add(&s, m, wood, 0, w, 8);
        wg_map_set_flags(m, s, 1u << blocks);
        int32_t c[] = {0, 1000 * PACE, width, 1020 * PACE};
        wg_map_line_add(&l, m, crest, 1, NULL, c, 4);
        memset(&b, 0, sizeof b);
        b.nunit = n;
        for (int i = 0; i < n; i++) {
            la_bunit *bu = &b.unit[i];
            bu->side = i % 2;
            la_unit *u = &bu->u;
            u->arm = LA_INFANTRY;
            u->ncomp = 3;
            for (int j = 0; j < 3; j++) {
                u->comp[j].figures = 4;
                u->comp[j].status = LA_REGULAR;
                u->comp[j].manoeuvre = LA_MAN_B;
            }
            u->formation = LA_LINE;
            u->front = 12;
            u->ref.x = (int32_t)((i / 2) * 200 + 150) * PACE;
            u->ref.y = bu->side ? 520 * PACE : 300 * PACE;
            u->facing.y = bu->side ? -1 : 1;
        }
        const la_unit *others[LA_MAX_UNITS];
        static wg_quad fps[LA_MAX_UNITS];
        for (int i = 0; i < n; i++) {
            others[i] = &b.unit[i].u;
            la_unit_footprint(&fps[i], others[i], tabs, LA_SCALE_25);
        }
        la_field field = {m, 1u << blocks, crest, tabs, LA_SCALE_25};
        la_move_env env = {.army = &army, .tabs = tabs, .scale = LA_SCALE_25, .map = m};
        int reps = n <= 10 ? 200 : n <= 50 ? 20 : 2;
        double t0 = now();
        long seen = 0;
        for (int r = 0; r < reps; r++)
            for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++) {
                    if (b.unit[j].side == b.unit[i].side)
                        continue;
                    int yes = 0;
                    la_sees(&yes, &field, others[i], others[j], others, fps, n);
                    seen += yes;
                }
        double t1 = now();
        long firing = 0;
        for (int r = 0; r < reps; r++)
            for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++) {
                    if (b.unit[j].side == b.unit[i].side)
                        continue;
                    int f = 0;
                    la_firing_figures(&f, others[i], others[j], 250 * PACE, tabs, LA_SCALE_25);
                    firing += f;
                }
        double t2 = now();
        for (int r = 0; r < reps; r++)
            for (int i = 0; i < n; i++) {
                int cnt[2];
                la_count_within(cnt, &b, i, 300 * PACE, tabs, LA_SCALE_25);
            }
        double t3 = now();
        int mreps = reps * 50;
        for (int r = 0; r < mreps; r++)
            for (int i = 0; i < n; i++) {
                la_move mv;
                memset(&mv, 0, sizeof mv);
                mv.kind = LA_MV_ADVANCE;
                mv.to = others[i]->ref;
                mv.to.y += others[i]->facing.y * 40 * PACE;
                la_unit after;
                int32_t cost = 0;
                int halves = 0;
                la_move_check(&after, &cost, &halves, NULL, &env, others[i], &mv, 45 * PACE);
            }
        double t4 = now();
        double per_sight = (t1 - t0) / ((double)reps * n), per_fire = (t2 - t1) / ((double)reps * n);
        double per_count = (t3 - t2) / ((double)reps * n), per_move = (t4 - t3) / ((double)mreps * n);
        printf("%-6d %11.1f us %11.1f us %11.1f us %11.2f us %11.1f us   (%ld sightings, %ld firing figures)\n", n,
               per_sight * 1e6, per_fire * 1e6, per_count * 1e6, per_move * 1e6,
               (per_sight + per_fire + per_count + per_move) * 1e6, seen / reps, firing / reps);
        wg_map_free(m);
    }
    la_tables_free(tabs);
    played(ctx);
    wg_ctx_free(ctx);
    return 0;
}

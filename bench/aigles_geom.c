/* wg-bench-geometry: the cost of the Les Aigles geometry as the number of units grows.  Generated
   battles of 10, 50 and 200 units (two lines of regular battalions facing each other, 200 mm of
   table per pair, with a wood between them and a crest behind) and, for each, the time of the queries one
   decision of the game makes for a unit: line of sight to every enemy past every other unit, the
   firing figures against every enemy (range 250 paces; the lines stand 220 apart), the radius
   counts, and a movement check.  The footprints are computed once per decision, as a game caches them.  Prints figures;
   asserts nothing. */
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
        la_move_env env = {&army, tabs, LA_SCALE_25, m};
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
    wg_ctx_free(ctx);
    return 0;
}

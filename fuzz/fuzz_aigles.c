/* Fuzz target: the Les Aigles documents.  An input of kind aigles-army is read as an army list; any
   other is read as a battle against the sample army list, the printed tables and the sample table.
   One allocation chosen by the input's hash fails.  A failure must say why and keep nothing; a
   battle that loads must stand where the rules allow. */
#include "fuzz.h"
#include "internal.h"

#include "aigles/la_battle.h"
#include "embedded.h"

#include <stdlib.h>
#include <string.h>

WGFUZZ_TARGET(aigles)
{
    fz_alloc a;
    wg_ctx *ctx = fz_ctx(&a);
    char err[WG_ERRMSG_CAP];
    wg_table *tabs[LA_NTABLES];
    la_army *army = malloc(sizeof *army);
    la_battle *b = malloc(sizeof *b);
    wg_map *map = NULL;
    FZ_CHECK(army && b);
    FZ_CHECK(la_tables_build(tabs, ctx) == WG_OK);
    FZ_CHECK(la_army_load(army, err, ctx, (const char *)wg__data_aigles_army, wg__data_aigles_army_len) == WG_OK);
    FZ_CHECK(wg_map_load(&map, ctx, (const char *)wg__data_aigles_table, wg__data_aigles_table_len) == WG_OK);
    int is_army = size >= 20 && memcmp(data, "wgdata 1 aigles-army", 20) == 0;
    a.fail_at = a.calls + 1 + fz_hash(data, size) % 64;
    err[0] = 0;
    int rc;
    if (is_army) {
        rc = la_army_load(army, err, ctx, (const char *)data, size);
        if (rc == WG_OK) {
            FZ_CHECK(army->ntype >= 1 && army->ntype <= LA_MAX_TYPES);
            for (int i = 0; i < army->ntype; i++) {
                const la_type *t = &army->type[i];
                FZ_CHECK(t->arm >= 0 && t->arm < LA_NARMS && t->status >= 0 && t->status < LA_NSTATUS);
                FZ_CHECK(t->weapon < army->nweapon && t->calibre < army->ncalibre);
            }
        }
    } else {
        rc = la_battle_load(b, err, ctx, (const char *)data, size, army, tabs, map);
        if (rc == WG_OK) {
            FZ_CHECK(b->nside == 2 && b->nunit >= 2 && b->periods >= 1);
            int32_t w = 0, d = 0;
            FZ_CHECK(wg_map_table_size(&w, &d, map) == WG_OK);
            for (int i = 0; i < b->nunit; i++) {
                const la_unit *u = &b->unit[i].u;
                wg_quad q;
                FZ_CHECK(la_unit_figures(u) >= 1 && u->front >= 1 && u->front <= la_unit_figures(u));
                FZ_CHECK(la_formation_check(NULL, 0, u, u->formation, u->front) == WG_OK);
                FZ_CHECK(la_unit_footprint(&q, u, tabs, b->scale) == WG_OK);
                for (int k = 0; k < 4; k++)
                    FZ_CHECK(q.p[k].x >= 0 && q.p[k].x <= w && q.p[k].y >= 0 && q.p[k].y <= d);
                FZ_CHECK(b->unit[i].order.kind >= 0 && b->unit[i].order.kind < LA_NORDERS);
                FZ_CHECK(b->unit[i].order.target < b->nunit);
            }
        }
    }
    FZ_CHECK(rc == WG_OK || rc == WG_EPARSE || rc == WG_EDATA || rc == WG_ENOMEM);
    FZ_CHECK(rc == WG_OK || err[0]);
    a.fail_at = 0;
    wg_map_free(map);
    la_tables_free(tabs);
    free(army);
    free(b);
    fz_ctx_done(ctx, &a);
    return 0;
}

/* Fuzz target: wg_map_load and the map queries and searches, with one failed allocation per input. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

enum { SPACE_LIMIT = 2048, BUF = 64 };

static void walk_hex(wg_map *map, int n)
{
    int cols = 0, rows = 0, layout = 0;
    FZ_CHECK(wg_map_hex_size(&cols, &rows, &layout, map) == WG_OK);
    FZ_CHECK(cols > 0 && rows > 0 && (long)cols * rows == n);
    int lim = n < SPACE_LIMIT ? n : SPACE_LIMIT;
    for (int s = 0; s < lim; s++) {
        int col = -1, row = -1, back = -1;
        FZ_CHECK(wg_map_hex_coords(&col, &row, map, s) == WG_OK);
        FZ_CHECK(wg_map_hex_at(&back, map, col, row) == WG_OK && back == s);
        for (int d = 0; d < 6; d++) {
            int nb = -1, dist = -1;
            uint32_t side = 0, side2 = 0;
            int rc = wg_map_hex_neighbor(&nb, map, s, d);
            FZ_CHECK(rc == WG_OK || rc == WG_ENOTFOUND);
            FZ_CHECK(wg_map_hexside(&side, map, s, d) == WG_OK);
            if (rc == WG_OK) {
                FZ_CHECK(nb >= 0 && nb < n);
                FZ_CHECK(wg_map_hex_distance(&dist, map, s, nb) == WG_OK && dist == 1);
                FZ_CHECK(wg_map_hexside(&side2, map, nb, (d + 3) % 6) == WG_OK && side2 == side);
            }
        }
    }
    int spaces[BUF], costs[BUF];
    size_t count = 0;
    int rc = wg_map_hex_reach(spaces, costs, BUF, &count, map, 0, 4, NULL, NULL);
    FZ_CHECK(rc == WG_OK || rc == WG_EBUFSIZE || rc == WG_ENOMEM);
    if (rc == WG_OK) {
        FZ_CHECK(count >= 1 && count <= BUF && spaces[0] == 0 && costs[0] == 0);
        for (size_t i = 1; i < count; i++)
            FZ_CHECK(costs[i] >= costs[i - 1] && costs[i] <= 4);
    }
    int vis = -1;
    rc = wg_map_hex_los(&vis, map, 0, n - 1, NULL, NULL);
    FZ_CHECK(rc != WG_OK || vis == 0 || vis == 1);
}

static void walk_graph(wg_map *map, int n)
{
    int nconn = -1;
    FZ_CHECK(wg_map_conn_count(&nconn, map) == WG_OK && nconn >= 0);
    int clim = nconn < SPACE_LIMIT ? nconn : SPACE_LIMIT;
    for (int c = 0; c < clim; c++) {
        int a = -1, b = -1, type = -1, cost = -1;
        FZ_CHECK(wg_map_conn_info(&a, &b, &type, &cost, map, c) == WG_OK);
        FZ_CHECK(a >= 0 && a < n && b >= 0 && b < n && a != b && type >= 0 && cost >= 0);
    }
    int lim = n < SPACE_LIMIT ? n : SPACE_LIMIT;
    for (int z = 0; z < lim; z++) {
        int deg = -1;
        FZ_CHECK(wg_map_zone_degree(&deg, map, z) == WG_OK && deg >= 0 && deg <= nconn);
        for (int i = 0; i < deg && i < 64; i++) {
            int c = -1, a = -1, b = -1, type = 0, cost = 0;
            FZ_CHECK(wg_map_zone_conn(&c, map, z, i) == WG_OK && c >= 0 && c < nconn);
            FZ_CHECK(wg_map_conn_info(&a, &b, &type, &cost, map, c) == WG_OK && (a == z || b == z));
        }
    }
    if (n > 0) {
        int zones[BUF], costs[BUF], total = -1;
        size_t count = 0;
        int rc = wg_map_zone_reach(zones, costs, BUF, &count, map, 0, 6, NULL, NULL);
        FZ_CHECK(rc == WG_OK || rc == WG_EBUFSIZE || rc == WG_ENOMEM);
        if (rc == WG_OK)
            FZ_CHECK(count >= 1 && zones[0] == 0 && costs[0] == 0);
        rc = wg_map_zone_path(zones, BUF, &count, &total, map, 0, n - 1, NULL, NULL);
        FZ_CHECK(rc == WG_OK || rc == WG_EBUFSIZE || rc == WG_ENOMEM || rc == WG_ENOTFOUND);
        if (rc == WG_OK)
            FZ_CHECK(count >= 1 && zones[0] == 0 && zones[count - 1] == n - 1 && total >= 0);
    }
}

static void walk_table(wg_map *map, int n)
{
    int32_t w = 0, d = 0;
    FZ_CHECK(wg_map_table_size(&w, &d, map) == WG_OK && w >= 1 && d >= 1);
    int lim = n < SPACE_LIMIT ? n : SPACE_LIMIT;
    int32_t xy[2 * WG_GEOM_MAX_POINTS];
    for (int s = 0; s < lim; s++) {
        int level = -999, at = -2;
        size_t count = 0;
        FZ_CHECK(wg_map_area_level(&level, map, s) == WG_OK && level >= -100 && level <= 100);
        FZ_CHECK(wg_map_area_points(xy, sizeof xy / sizeof *xy, &count, map, s) == WG_OK);
        FZ_CHECK(count >= 6 && count % 2 == 0);
        FZ_CHECK(wg_map_table_area_at(&at, map, xy[0], xy[1]) == WG_OK && at >= s && at < n);
    }
    int nl = -1, np = -1, nt = -1;
    FZ_CHECK(wg_map_line_count(&nl, map) == WG_OK && nl >= 0);
    FZ_CHECK(wg_map_linetype_count(&nt, map) == WG_OK && nt >= 0);
    for (int l = 0; l < nl && l < SPACE_LIMIT; l++) {
        int type = -1, level = 0;
        size_t count = 0;
        const char *name = NULL;
        FZ_CHECK(wg_map_line_info(&type, &level, map, l) == WG_OK && type >= 0 && type < nt);
        FZ_CHECK(wg_map_line_name(&name, map, l) == WG_OK && name);
        FZ_CHECK(wg_map_line_points(xy, sizeof xy / sizeof *xy, &count, map, l) == WG_OK && count >= 4);
    }
    FZ_CHECK(wg_map_place_count(&np, map) == WG_OK && np >= 0);
    for (int p = 0; p < np && p < SPACE_LIMIT; p++) {
        int32_t x = -1, y = -1;
        const char *name = NULL;
        int back = -1;
        FZ_CHECK(wg_map_place(&x, &y, &name, map, p) == WG_OK && x >= 0 && x <= w && y >= 0 && y <= d);
        FZ_CHECK(wg_map_place_find(&back, map, name) == WG_OK && back == p);
    }
    int ids[BUF], vis = -1, area = -2, line = -2, level = 0;
    size_t count = 0;
    int rc = wg_map_table_areas_crossed(ids, BUF, &count, map, 0, 0, w, d);
    FZ_CHECK(rc == WG_OK || rc == WG_EBUFSIZE);
    rc = wg_map_table_lines_crossed(ids, BUF, &count, map, 0, d, w, 0);
    FZ_CHECK(rc == WG_OK || rc == WG_EBUFSIZE);
    FZ_CHECK(wg_map_table_level_at(&level, map, w / 2, d / 2) == WG_OK);
    FZ_CHECK(wg_map_table_los(&vis, &area, &line, map, 0, 0, w, d, ~0u, nt > 0 ? 0 : -1, 100, 100) == WG_OK);
    FZ_CHECK((vis == 1) == (area < 0 && line < 0));
}

static void walk_vocab(const wg_map *map)
{
    int nt = -1, nf = -1, ns = -1, nc = -1;
    FZ_CHECK(wg_map_terrain_count(&nt, map) == WG_OK && nt >= 0);
    FZ_CHECK(wg_map_flag_count(&nf, map) == WG_OK && nf >= 0);
    FZ_CHECK(wg_map_sideflag_count(&ns, map) == WG_OK && ns >= 0);
    FZ_CHECK(wg_map_conntype_count(&nc, map) == WG_OK && nc >= 0);
    for (int i = 0; i < nt; i++) {
        const char *name = NULL;
        int code = -1;
        FZ_CHECK(wg_map_terrain_name(&name, map, i) == WG_OK && name);
        FZ_CHECK(wg_map_terrain_code(&code, map, name) == WG_OK && code == i);
    }
    for (int i = 0; i < nc; i++) {
        const char *name = NULL;
        int code = -1;
        FZ_CHECK(wg_map_conntype_name(&name, map, i) == WG_OK && name);
        FZ_CHECK(wg_map_conntype_code(&code, map, name) == WG_OK && code == i);
    }
    for (int i = 0; i < nf; i++) {
        const char *name = NULL;
        int bit = -1;
        int rc = wg_map_flag_name(&name, map, i);
        if (rc == WG_OK && name)
            FZ_CHECK(wg_map_flag_bit(&bit, map, name) == WG_OK && bit == i);
    }
}

static int load_once(const uint8_t *data, size_t size, uint64_t fail_at, uint64_t *calls)
{
    fz_alloc a;
    wg_ctx *ctx = fz_ctx(&a);
    a.fail_at = fail_at;
    wg_map *map = NULL;
    int rc = wg_map_load(&map, ctx, (const char *)data, size);
    if (rc == WG_OK) {
        int kind = 0, n = -1;
        const char *title = NULL;
        FZ_CHECK(wg_map_kind_of(&kind, map) == WG_OK);
        FZ_CHECK(wg_map_space_count(&n, map) == WG_OK && n >= 0);
        FZ_CHECK(wg_map_title(&title, map) == WG_OK && title);
        int lim = n < SPACE_LIMIT ? n : SPACE_LIMIT;
        for (int s = 0; s < lim; s++) {
            int t = -1, found = -1;
            uint32_t flags = 0;
            const char *name = NULL;
            FZ_CHECK(wg_map_terrain(&t, map, s) == WG_OK);
            FZ_CHECK(wg_map_flags(&flags, map, s) == WG_OK);
            FZ_CHECK(wg_map_name(&name, map, s) == WG_OK && name);
            if (name[0])
                FZ_CHECK(wg_map_find(&found, map, name) == WG_OK && found >= 0 && found <= s); /* the lowest */
        }
        int tt = 0;
        FZ_CHECK(wg_map_terrain(&tt, map, n) == WG_ERANGE);
        walk_vocab(map);
        if (kind == WG_MAP_HEX)
            walk_hex(map, n);
        else if (kind == WG_MAP_TABLE)
            walk_table(map, n);
        else {
            FZ_CHECK(kind == WG_MAP_GRAPH);
            walk_graph(map, n);
        }
        wg_map_free(map);
    } else {
        FZ_CHECK(map == NULL);
        const char *msg = wg_ctx_errmsg(ctx);
        FZ_CHECK(msg && msg[0]);
    }
    *calls = a.calls;
    fz_ctx_done(ctx, &a);
    return rc;
}

WGFUZZ_TARGET(map)
{
    uint64_t calls = 0, calls2 = 0;
    int rc = load_once(data, size, 0, &calls);
    FZ_CHECK(rc == WG_OK || rc == WG_EPARSE || rc == WG_ENOMEM);
    if (calls > 0) {
        uint64_t fail_at = 1 + fz_hash(data, size) % calls;
        int rc2 = load_once(data, size, fail_at, &calls2);
        FZ_CHECK(rc2 == WG_ENOMEM || rc2 == rc);
    }
    return 0;
}

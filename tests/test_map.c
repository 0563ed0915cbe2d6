/* Maps (lib/core/map.c): hex grids, hex-sides, zone graphs, searches, line of sight, map documents. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "testutil.h"

static const int layouts[4] = {WG_HEX_ODD_Q, WG_HEX_EVEN_Q, WG_HEX_ODD_R, WG_HEX_EVEN_R};

#define OK(x) ck_assert_int_eq((x), WG_OK)

static void has(const char *msg, const char *part)
{
    ck_assert_msg(strstr(msg, part) != NULL, "message '%s' lacks '%s'", msg, part);
}

/* A call on a const map that fails leaves the map's last message as it was (it writes nothing). */
static void lacks(const char *msg, const char *part)
{
    ck_assert_msg(strstr(msg, part) == NULL, "message '%s' has '%s'", msg, part);
}

static wg_map *hexmap(wg_ctx *ctx, int cols, int rows, int layout)
{
    wg_map *m = NULL;
    OK(wg_map_new_hex(&m, ctx, cols, rows, layout));
    return m;
}

static int at(const wg_map *m, int col, int row)
{
    int s = -1;
    OK(wg_map_hex_at(&s, m, col, row));
    return s;
}

static void finish(wg_ctx *ctx, wgt_alloc *a)
{
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a->bytes, 0);
    ck_assert_uint_eq(a->blocks, 0);
}

/* ------------------------------------------------------------------ building */

START_TEST(test_new_hex)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_map *m = (wg_map *)&a;
    ck_assert_int_eq(wg_map_new_hex(&m, NULL, 3, 3, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_new_hex(NULL, ctx, 3, 3, 0), WG_EINVAL);
    has(wg_ctx_errmsg(ctx), "out is NULL");
    ck_assert_int_eq(wg_map_new_hex(&m, ctx, 3, 3, 4), WG_EINVAL);
    has(wg_ctx_errmsg(ctx), "layout 4");
    ck_assert_int_eq(wg_map_new_hex(&m, ctx, 0, 3, 0), WG_ERANGE);
    ck_assert_int_eq(wg_map_new_hex(&m, ctx, 3, 4097, 0), WG_ERANGE);
    has(wg_ctx_errmsg(ctx), "3x4097");
    ck_assert_ptr_null(m); /* *out is cleared on failure */
    size_t live = 9;
    OK(wg_ctx_live_handles(&live, ctx));
    ck_assert_uint_eq(live, 0);

    m = hexmap(ctx, 7, 5, WG_HEX_EVEN_R);
    OK(wg_ctx_live_handles(&live, ctx));
    ck_assert_uint_eq(live, 1);
    int k = 0, n = 0, cols = 0, rows = 0, layout = -1;
    OK(wg_map_kind_of(&k, m));
    ck_assert_int_eq(k, WG_MAP_HEX);
    OK(wg_map_space_count(&n, m));
    ck_assert_int_eq(n, 35);
    OK(wg_map_hex_size(&cols, &rows, &layout, m));
    ck_assert_int_eq(cols, 7);
    ck_assert_int_eq(rows, 5);
    ck_assert_int_eq(layout, WG_HEX_EVEN_R);
    for (int row = 0; row < 5; row++)
        for (int col = 0; col < 7; col++) {
            int s = at(m, col, row), c = -1, r = -1;
            ck_assert_int_eq(s, row * 7 + col);
            OK(wg_map_hex_coords(&c, &r, m, s));
            ck_assert_int_eq(c, col);
            ck_assert_int_eq(r, row);
            int t = -1;
            OK(wg_map_terrain(&t, m, s));
            ck_assert_int_eq(t, 0);
        }
    int s;
    ck_assert_int_eq(wg_map_hex_at(&s, m, 7, 0), WG_ERANGE);
    lacks(wg_map_errmsg(m), "hex 7 0 is off the 7x5 grid");
    ck_assert_int_eq(wg_map_hex_at(&s, m, 0, -1), WG_ERANGE);
    ck_assert_int_eq(wg_map_hex_at(NULL, m, 0, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_hex_coords(&cols, &rows, m, 35), WG_ERANGE);
    ck_assert_int_eq(wg_map_hex_coords(&cols, &rows, m, -1), WG_ERANGE);
    ck_assert_int_eq(wg_map_hex_coords(NULL, &rows, m, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_hex_size(&cols, &rows, NULL, m), WG_EINVAL);
    ck_assert_int_eq(wg_map_kind_of(NULL, m), WG_EINVAL);
    ck_assert_int_eq(wg_map_kind_of(&k, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_map_space_count(&n, NULL), WG_EINVAL);
    ck_assert_str_eq(wg_map_errmsg(NULL), "");
    ck_assert_int_eq(wg_ctx_free(ctx), WG_EBUSY);
    wg_map_free(m);
    wg_map_free(NULL);
    finish(ctx, &a);
}
END_TEST

START_TEST(test_new_oom)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    size_t base = 0, now = 0;
    OK(wg_ctx_memory_in_use(&base, ctx));
    for (int kind = 0; kind < 2; kind++) {
        int failures = 0;
        for (uint64_t k = 1;; k++) {
            wg_map *m = (wg_map *)&a;
            a.fail_at = a.calls + k;
            int rc = kind == 0 ? wg_map_new_hex(&m, ctx, 9, 7, WG_HEX_EVEN_Q) : wg_map_new_graph(&m, ctx);
            a.fail_at = 0;
            if (rc == WG_OK) {
                wg_map_free(m);
                break;
            }
            ck_assert_int_eq(rc, WG_ENOMEM);
            has(wg_ctx_errmsg(ctx), "out of memory");
            if (kind == 0)
                ck_assert_ptr_null(m); /* wg_map_new_hex clears *out on every failure */
            OK(wg_ctx_memory_in_use(&now, ctx));
            ck_assert_uint_eq(now, base);
            failures++;
        }
        ck_assert_int_ge(failures, 1);
    }
    finish(ctx, &a);
}
END_TEST

/* wg_map_new_hex sets *out to NULL on every failure: bad arguments and out of memory. */
START_TEST(test_new_hex_clears_out)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_map *m = (wg_map *)&a;
    ck_assert_int_eq(wg_map_new_hex(&m, ctx, 0, 5, WG_HEX_ODD_Q), WG_ERANGE);
    ck_assert_ptr_null(m);
    m = (wg_map *)&a;
    ck_assert_int_eq(wg_map_new_hex(&m, ctx, 5, 4097, WG_HEX_ODD_Q), WG_ERANGE);
    ck_assert_ptr_null(m);
    m = (wg_map *)&a;
    ck_assert_int_eq(wg_map_new_hex(&m, ctx, 5, 5, 9), WG_EINVAL);
    ck_assert_ptr_null(m);
    m = (wg_map *)&a;
    a.fail_at = a.calls + 1;
    ck_assert_int_eq(wg_map_new_hex(&m, ctx, 5, 5, WG_HEX_ODD_Q), WG_ENOMEM);
    a.fail_at = 0;
    ck_assert_ptr_null(m);
    OK(wg_map_new_hex(&m, ctx, 4096, 1, WG_HEX_ODD_R));
    wg_map_free(m);
    finish(ctx, &a);
}
END_TEST

/* wg_map_conn_add under a failing allocator, at every allocation point of every add that grows an
   array (the connection arrays and both adjacency lists): the memory in use, the connection count and
   the degrees are exactly as before the failing call. */
START_TEST(test_conn_add_oom_memory)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_map *g = NULL;
    OK(wg_map_new_graph(&g, ctx));
    int z;
    for (int i = 0; i < 6; i++)
        OK(wg_map_zone_add(&z, g, NULL));
    int failing_points = 0;
    for (int i = 0; i < 60; i++) {
        int za = i % 3, zb = 3 + (i * 7) % 3; /* degrees grow past 8 and 16: adjacency regrowth */
        for (uint64_t k = 1;; k++) {
            size_t before = 0, after = 0;
            int n0, n1, da0, da1, db0, db1;
            OK(wg_ctx_memory_in_use(&before, ctx));
            OK(wg_map_conn_count(&n0, g));
            OK(wg_map_zone_degree(&da0, g, za));
            OK(wg_map_zone_degree(&db0, g, zb));
            a.fail_at = a.calls + k;
            int c = -7, rc = wg_map_conn_add(&c, g, za, zb, 0, i);
            a.fail_at = 0;
            OK(wg_ctx_memory_in_use(&after, ctx));
            OK(wg_map_conn_count(&n1, g));
            OK(wg_map_zone_degree(&da1, g, za));
            OK(wg_map_zone_degree(&db1, g, zb));
            if (rc == WG_OK) {
                ck_assert_int_eq(c, n0);
                ck_assert_int_eq(n1, n0 + 1);
                ck_assert_int_eq(da1, da0 + 1);
                ck_assert_int_eq(db1, db0 + 1);
                break;
            }
            ck_assert_int_eq(rc, WG_ENOMEM);
            has(wg_map_errmsg(g), "out of memory");
            ck_assert_int_eq(c, -7);
            ck_assert_uint_eq(after, before);
            ck_assert_int_eq(n1, n0);
            ck_assert_int_eq(da1, da0);
            ck_assert_int_eq(db1, db0);
            failing_points++;
        }
    }
    ck_assert_int_ge(failing_points, 10); /* the sweep reached the growth points */
    int cost = -1;
    OK(wg_map_conn_info(NULL, NULL, NULL, &cost, g, 59));
    ck_assert_int_eq(cost, 59);
    /* the cost range 0..9999: refused with nothing changed */
    size_t before = 0, after = 0;
    int n0, n1;
    OK(wg_ctx_memory_in_use(&before, ctx));
    OK(wg_map_conn_count(&n0, g));
    ck_assert_int_eq(wg_map_conn_add(NULL, g, 0, 1, 0, 10000), WG_ERANGE);
    has(wg_map_errmsg(g), "cost 10000 is out of range (0..9999)");
    ck_assert_int_eq(wg_map_conn_add(NULL, g, 0, 1, 0, 2147483647), WG_ERANGE);
    ck_assert_int_eq(wg_map_conn_add(NULL, g, 0, 1, 0, -1), WG_EINVAL);
    OK(wg_ctx_memory_in_use(&after, ctx));
    OK(wg_map_conn_count(&n1, g));
    ck_assert_uint_eq(after, before);
    ck_assert_int_eq(n1, n0);
    OK(wg_map_conn_add(NULL, g, 0, 1, 0, 9999));
    wg_map_free(g);
    finish(ctx, &a);
}
END_TEST

/* A filter may return any cost: a search never overflows, a zone beyond INT_MAX is unreachable. */
static int huge_cost(int *cost, int conn, int from, int to, void *payload)
{
    (void)conn;
    (void)from;
    (void)to;
    (void)payload;
    *cost = 2147483647 - 5;
    return WG_OK;
}

START_TEST(test_search_huge_filter_costs)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_map *g = NULL;
    OK(wg_map_new_graph(&g, ctx));
    int z;
    for (int i = 0; i < 3; i++)
        OK(wg_map_zone_add(&z, g, NULL));
    OK(wg_map_conn_add(NULL, g, 0, 1, 0, 1));
    OK(wg_map_conn_add(NULL, g, 1, 2, 0, 1));
    int zs[4], costs[4], total = 0;
    size_t cnt = 0;
    OK(wg_map_zone_path(zs, 4, &cnt, &total, g, 0, 1, huge_cost, NULL));
    ck_assert_int_eq(total, 2147483647 - 5);
    ck_assert_int_eq(wg_map_zone_path(zs, 4, &cnt, &total, g, 0, 2, huge_cost, NULL), WG_ENOTFOUND);
    OK(wg_map_zone_reach(zs, costs, 4, &cnt, g, 0, 2147483647, huge_cost, NULL));
    ck_assert_uint_eq(cnt, 2);
    wg_map_free(g);
    finish(ctx, &a);
}
END_TEST

START_TEST(test_refcount)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_map *m = hexmap(ctx, 2, 2, 0);
    wg__map_retain(m);
    wg_map_free(m); /* the game's reference keeps it alive */
    int n = 0;
    OK(wg_map_space_count(&n, m));
    ck_assert_int_eq(n, 4);
    size_t live = 0;
    OK(wg_ctx_live_handles(&live, ctx));
    ck_assert_uint_eq(live, 1);
    wg_map_free(m);
    OK(wg_ctx_live_handles(&live, ctx));
    ck_assert_uint_eq(live, 0);
    finish(ctx, &a);
}
END_TEST

START_TEST(test_spaces)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_map *m = hexmap(ctx, 4, 4, WG_HEX_ODD_Q);
    OK(wg_map_set_terrain(m, 5, 3));
    OK(wg_map_set_flags(m, 5, 0x80000001u));
    int t = 0;
    uint32_t f = 0;
    OK(wg_map_terrain(&t, m, 5));
    ck_assert_int_eq(t, 3);
    OK(wg_map_flags(&f, m, 5));
    ck_assert_uint_eq(f, 0x80000001u);
    ck_assert_int_eq(wg_map_set_terrain(m, 16, 1), WG_ERANGE);
    has(wg_map_errmsg(m), "space 16 is out of range");
    ck_assert_int_eq(wg_map_set_terrain(m, 1, -1), WG_EINVAL);
    ck_assert_int_eq(wg_map_set_terrain(NULL, 1, 1), WG_EINVAL);
    ck_assert_int_eq(wg_map_set_flags(m, -1, 1), WG_ERANGE);
    ck_assert_int_eq(wg_map_terrain(NULL, m, 1), WG_EINVAL);
    ck_assert_int_eq(wg_map_terrain(&t, m, 99), WG_ERANGE);
    ck_assert_int_eq(wg_map_flags(&f, m, 99), WG_ERANGE);
    ck_assert_int_eq(wg_map_flags(NULL, m, 0), WG_EINVAL);
    OK(wg_map_terrain(&t, m, 5));
    ck_assert_int_eq(t, 3); /* unchanged by the failed calls */

    const char *name = NULL;
    OK(wg_map_name(&name, m, 2));
    ck_assert_str_eq(name, "");
    OK(wg_map_set_name(m, 2, "Ulm"));
    OK(wg_map_set_name(m, 9, "Ulm")); /* hex names need not be unique */
    OK(wg_map_set_name(m, 3, "Wien"));
    OK(wg_map_name(&name, m, 2));
    ck_assert_str_eq(name, "Ulm");
    int s = -1;
    OK(wg_map_find(&s, m, "Ulm"));
    ck_assert_int_eq(s, 2);
    OK(wg_map_find(&s, m, "Wien"));
    ck_assert_int_eq(s, 3);
    ck_assert_int_eq(wg_map_find(&s, m, "Paris"), WG_ENOTFOUND);
    lacks(wg_map_errmsg(m), "'Paris'");
    ck_assert_int_eq(wg_map_find(&s, m, ""), WG_ENOTFOUND);
    ck_assert_int_eq(wg_map_find(&s, m, NULL), WG_EINVAL);
    OK(wg_map_set_name(m, 2, NULL));
    OK(wg_map_find(&s, m, "Ulm"));
    ck_assert_int_eq(s, 9);
    ck_assert_int_eq(wg_map_set_name(m, 16, "x"), WG_ERANGE);
    ck_assert_int_eq(wg_map_name(&name, m, 16), WG_ERANGE);
    ck_assert_int_eq(wg_map_name(NULL, m, 1), WG_EINVAL);
    OK(wg_map_title(&name, m));
    ck_assert_str_eq(name, "");
    ck_assert_int_eq(wg_map_title(NULL, m), WG_EINVAL);
    wg_map_free(m);
    finish(ctx, &a);
}
END_TEST

START_TEST(test_set_name_oom)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_map *m = hexmap(ctx, 2, 2, 0);
    OK(wg_map_set_name(m, 1, "old"));
    a.fail_at = a.calls + 1;
    ck_assert_int_eq(wg_map_set_name(m, 1, "new"), WG_ENOMEM);
    a.fail_at = 0;
    const char *name;
    OK(wg_map_name(&name, m, 1));
    ck_assert_str_eq(name, "old");
    wg_map_free(m);
    finish(ctx, &a);
}
END_TEST

/* ------------------------------------------------------------------ neighbours and hex-sides */

START_TEST(test_neighbors_all_layouts)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    for (int l = 0; l < 4; l++) {
        wg_map *m = hexmap(ctx, 6, 5, layouts[l]);
        int edges = 0;
        for (int s = 0; s < 30; s++) {
            int col = s % 6, row = s / 6, q, r;
            OK(wg_hex_offset_to_axial(&q, &r, col, row, layouts[l]));
            for (int d = 0; d < 6; d++) {
                int nc, nr, n = -5;
                OK(wg_hex_axial_to_offset(&nc, &nr, q + wg__hex_dq[d], r + wg__hex_dr[d], layouts[l]));
                int on = nc >= 0 && nc < 6 && nr >= 0 && nr < 5;
                int rc = wg_map_hex_neighbor(&n, m, s, d);
                if (on) {
                    ck_assert_int_eq(rc, WG_OK);
                    ck_assert_int_eq(n, nr * 6 + nc);
                    ck_assert_int_eq(wg__map_hex_neighbor(m, s, d), n);
                    int back = -1;
                    OK(wg_map_hex_neighbor(&back, m, n, (d + 3) % 6));
                    ck_assert_int_eq(back, s);
                    int dist = 0;
                    OK(wg_map_hex_distance(&dist, m, s, n));
                    ck_assert_int_eq(dist, 1);
                } else {
                    ck_assert_int_eq(rc, WG_ENOTFOUND);
                    ck_assert_int_eq(n, -5);
                    ck_assert_int_eq(wg__map_hex_neighbor(m, s, d), -1);
                    edges++;
                }
            }
        }
        ck_assert_int_gt(edges, 0);
        wg_map_free(m);
    }
    /* odd-q corner (0,0): only south-east and south are on the map */
    wg_map *m = hexmap(ctx, 3, 3, WG_HEX_ODD_Q);
    int n;
    OK(wg_map_hex_neighbor(&n, m, 0, 1));
    ck_assert_int_eq(n, at(m, 1, 0));
    OK(wg_map_hex_neighbor(&n, m, 0, 2));
    ck_assert_int_eq(n, at(m, 0, 1));
    ck_assert_int_eq(wg_map_hex_neighbor(&n, m, 0, 0), WG_ENOTFOUND);
    lacks(wg_map_errmsg(m), "hex 0 0 has no neighbour in direction 0");
    ck_assert_int_eq(wg_map_hex_neighbor(&n, m, 0, 3), WG_ENOTFOUND);
    ck_assert_int_eq(wg_map_hex_neighbor(&n, m, 0, 4), WG_ENOTFOUND);
    ck_assert_int_eq(wg_map_hex_neighbor(&n, m, 0, 5), WG_ENOTFOUND);
    /* odd column 1 is shoved down: (1,0)'s south-west neighbour is (0,1) */
    OK(wg_map_hex_neighbor(&n, m, at(m, 1, 0), 3));
    ck_assert_int_eq(n, at(m, 0, 1));
    ck_assert_int_eq(wg_map_hex_neighbor(&n, m, 0, 6), WG_EINVAL);
    ck_assert_int_eq(wg_map_hex_neighbor(&n, m, 9, 0), WG_ERANGE);
    ck_assert_int_eq(wg_map_hex_neighbor(NULL, m, 0, 0), WG_EINVAL);
    int d;
    OK(wg_map_hex_distance(&d, m, 0, 8));
    ck_assert_int_eq(d, 3); /* (0,0) to (2,2) in odd-q */
    ck_assert_int_eq(wg__map_hex_distance(m, 0, 8), 3);
    ck_assert_int_eq(wg_map_hex_distance(&d, m, 0, 9), WG_ERANGE);
    wg_map_free(m);
    finish(ctx, &a);
}
END_TEST

START_TEST(test_hexsides)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    for (int l = 0; l < 4; l++) {
        wg_map *m = hexmap(ctx, 5, 4, layouts[l]);
        uint32_t bit = 1;
        for (int s = 0; s < 20; s++)
            for (int d = 0; d < 3; d++) {
                int n = wg__map_hex_neighbor(m, s, d);
                if (n < 0)
                    continue;
                OK(wg_map_set_hexside(m, s, d, bit * 0x10001u));
                uint32_t f = 0;
                OK(wg_map_hexside(&f, m, n, (d + 3) % 6));
                ck_assert_uint_eq(f, bit * 0x10001u);
                ck_assert_uint_eq(wg__map_hexside(m, n, (d + 3) % 6), f);
                /* the key of the side is the same from both hexes */
                uint64_t k1, k2;
                OK(wg_hexside_key(&k1, m->hq[s], m->hr[s], d));
                OK(wg_hexside_key(&k2, m->hq[n], m->hr[n], (d + 3) % 6));
                ck_assert_uint_eq(k1, k2);
                bit = bit == 0x8000u ? 1 : bit << 1;
            }
        /* every side reads the same from both hexes, and the other sides of a hex are independent */
        for (int s = 0; s < 20; s++)
            for (int d = 0; d < 6; d++) {
                int n = wg__map_hex_neighbor(m, s, d);
                if (n >= 0)
                    ck_assert_uint_eq(wg__map_hexside(m, s, d), wg__map_hexside(m, n, (d + 3) % 6));
            }
        /* a side on the map edge is kept on the one hex */
        OK(wg_map_set_hexside(m, 0, 5, 7));
        uint32_t f = 0;
        OK(wg_map_hexside(&f, m, 0, 5));
        ck_assert_uint_eq(f, 7);
        /* setting replaces, both ways */
        int n = wg__map_hex_neighbor(m, 6, 2);
        ck_assert_int_ge(n, 0);
        OK(wg_map_set_hexside(m, n, 5, 0));
        OK(wg_map_hexside(&f, m, 6, 2));
        ck_assert_uint_eq(f, 0);
        ck_assert_int_eq(wg_map_set_hexside(m, 20, 0, 1), WG_ERANGE);
        ck_assert_int_eq(wg_map_set_hexside(m, 0, 6, 1), WG_EINVAL);
        has(wg_map_errmsg(m), "direction 6");
        ck_assert_int_eq(wg_map_hexside(&f, m, 0, -1), WG_EINVAL);
        ck_assert_int_eq(wg_map_hexside(NULL, m, 0, 0), WG_EINVAL);
        ck_assert_int_eq(wg_map_hexside(&f, m, -1, 0), WG_ERANGE);
        wg_map_free(m);
    }
    finish(ctx, &a);
}
END_TEST

/* ------------------------------------------------------------------ vocabularies */

START_TEST(test_vocab)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_map *m = hexmap(ctx, 2, 2, 0);
    int c = -1, n = -1;
    OK(wg_map_terrain_count(&n, m));
    ck_assert_int_eq(n, 0);
    OK(wg_map_declare_terrain(&c, m, "clear"));
    ck_assert_int_eq(c, 0);
    OK(wg_map_declare_terrain(&c, m, "forest"));
    ck_assert_int_eq(c, 1);
    OK(wg_map_declare_terrain(&c, m, "clear")); /* finds the existing one */
    ck_assert_int_eq(c, 0);
    OK(wg_map_terrain_count(&n, m));
    ck_assert_int_eq(n, 2);
    OK(wg_map_terrain_code(&c, m, "forest"));
    ck_assert_int_eq(c, 1);
    const char *name = NULL;
    OK(wg_map_terrain_name(&name, m, 1));
    ck_assert_str_eq(name, "forest");
    ck_assert_int_eq(wg_map_terrain_code(&c, m, "swamp"), WG_ENOTFOUND);
    lacks(wg_map_errmsg(m), "no terrain is named 'swamp'");
    ck_assert_int_eq(wg_map_terrain_name(&name, m, 2), WG_ENOTFOUND);
    ck_assert_int_eq(wg_map_terrain_name(&name, m, -1), WG_ENOTFOUND);
    ck_assert_int_eq(wg_map_declare_terrain(&c, m, ""), WG_EINVAL);
    ck_assert_int_eq(wg_map_declare_terrain(&c, m, "a b"), WG_EINVAL);
    ck_assert_int_eq(wg_map_declare_terrain(&c, m, "name=x"), WG_EINVAL);
    has(wg_map_errmsg(m), "not a valid terrain name");
    ck_assert_int_eq(wg_map_declare_terrain(&c, m, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_map_declare_terrain(NULL, m, "x"), WG_EINVAL);
    ck_assert_int_eq(wg_map_declare_terrain(&c, NULL, "x"), WG_EINVAL);
    OK(wg_map_terrain_count(&n, m));
    ck_assert_int_eq(n, 2);

    /* 32 flag bits at most; side flags and connection types are separate lists */
    char buf[16];
    for (int i = 0; i < 32; i++) {
        snprintf(buf, sizeof buf, "f%d", i);
        OK(wg_map_declare_flag(&c, m, buf));
        ck_assert_int_eq(c, i);
    }
    ck_assert_int_eq(wg_map_declare_flag(&c, m, "f32"), WG_EOVERFLOW);
    has(wg_map_errmsg(m), "32 flags");
    OK(wg_map_declare_flag(&c, m, "f31"));
    ck_assert_int_eq(c, 31);
    OK(wg_map_flag_count(&n, m));
    ck_assert_int_eq(n, 32);
    OK(wg_map_flag_bit(&c, m, "f17"));
    ck_assert_int_eq(c, 17);
    OK(wg_map_flag_name(&name, m, 17));
    ck_assert_str_eq(name, "f17");
    ck_assert_int_eq(wg_map_flag_bit(&c, m, "clear"), WG_ENOTFOUND);
    ck_assert_int_eq(wg_map_flag_name(&name, m, 32), WG_ENOTFOUND);

    OK(wg_map_declare_sideflag(&c, m, "river"));
    ck_assert_int_eq(c, 0);
    OK(wg_map_declare_sideflag(&c, m, "f0"));
    ck_assert_int_eq(c, 1);
    OK(wg_map_sideflag_bit(&c, m, "river"));
    ck_assert_int_eq(c, 0);
    OK(wg_map_sideflag_name(&name, m, 1));
    ck_assert_str_eq(name, "f0");
    OK(wg_map_sideflag_count(&n, m));
    ck_assert_int_eq(n, 2);
    ck_assert_int_eq(wg_map_sideflag_bit(&c, m, "lake"), WG_ENOTFOUND);
    for (int i = 2; i < 32; i++) {
        snprintf(buf, sizeof buf, "s%d", i);
        OK(wg_map_declare_sideflag(&c, m, buf));
    }
    ck_assert_int_eq(wg_map_declare_sideflag(&c, m, "one-more"), WG_EOVERFLOW);

    OK(wg_map_declare_conntype(&c, m, "road"));
    ck_assert_int_eq(c, 0);
    OK(wg_map_conntype_code(&c, m, "road"));
    ck_assert_int_eq(c, 0);
    OK(wg_map_conntype_name(&name, m, 0));
    ck_assert_str_eq(name, "road");
    OK(wg_map_conntype_count(&n, m));
    ck_assert_int_eq(n, 1);
    ck_assert_int_eq(wg_map_conntype_code(&c, m, "track"), WG_ENOTFOUND);
    ck_assert_int_eq(wg_map_conntype_code(&c, m, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_map_conntype_code(NULL, m, "road"), WG_EINVAL);
    ck_assert_int_eq(wg_map_conntype_name(NULL, m, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_conntype_count(NULL, m), WG_EINVAL);
    ck_assert_int_eq(wg_map_conntype_count(&n, NULL), WG_EINVAL);

    /* out of memory while declaring changes nothing */
    for (uint64_t k = 1;; k++) {
        a.fail_at = a.calls + k;
        int rc = wg_map_declare_conntype(&c, m, "track");
        a.fail_at = 0;
        if (rc == WG_OK)
            break;
        ck_assert_int_eq(rc, WG_ENOMEM);
        OK(wg_map_conntype_count(&n, m));
        ck_assert_int_eq(n, 1);
    }
    OK(wg_map_conntype_code(&c, m, "track"));
    ck_assert_int_eq(c, 1);
    wg_map_free(m);
    finish(ctx, &a);
}
END_TEST

/* ------------------------------------------------------------------ hex reachability */

enum { T_CLEAR = 0, T_FOREST = 1, T_MOUNTAIN = 2, T_MARSH = 3 };
enum { SIDE_RIVER = 1, SIDE_WALL = 2 };

typedef struct stepper {
    const wg_map *m;
    int calls;
    int fail_at; /* return WG_EILLEGAL on this call (1-based), 0 = never */
    wg_map *reenter;
} stepper;

/* Clear 1, forest 2, mountain impassable, marsh 1 and stops; river sides +2; walls impassable. */
static int step_cost(int *cost, int *stop, int from, int to, int dir, void *payload)
{
    stepper *st = payload;
    st->calls++;
    if (st->fail_at && st->calls == st->fail_at)
        return WG_EILLEGAL;
    if (st->reenter) {
        size_t n;
        int sp[4];
        int rc = wg_map_hex_reach(sp, NULL, 4, &n, st->reenter, 0, 1, NULL, NULL);
        if (rc != WG_ESTATE)
            return WG_EINVAL;
    }
    static const int tcost[4] = {1, 2, -1, 1};
    int t = st->m->terrain[to];
    uint32_t side = wg__map_hexside(st->m, from, dir);
    ck_assert_int_eq(wg__map_hex_neighbor(st->m, from, dir), to);
    if (tcost[t] < 0 || (side & SIDE_WALL)) {
        *cost = -1;
        return WG_OK;
    }
    *cost = tcost[t] + ((side & SIDE_RIVER) ? 2 : 0);
    *stop = t == T_MARSH;
    return WG_OK;
}

/* Reference: Bellman-Ford over (space, stopped) states, the same rules. */
static void reach_reference(int *best, const wg_map *m, int start, int budget)
{
    int n = m->nspace;
    int *d = malloc(sizeof(int) * 2 * (size_t)n);
    for (int i = 0; i < 2 * n; i++)
        d[i] = INT_MAX;
    d[2 * start] = 0;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int s = 0; s < n; s++) {
            if (d[2 * s] == INT_MAX)
                continue;
            for (int dir = 0; dir < 6; dir++) {
                int t = wg__map_hex_neighbor(m, s, dir);
                if (t < 0)
                    continue;
                int c = 0, stop = 0;
                stepper st = {m, 0, 0, NULL};
                step_cost(&c, &stop, s, t, dir, &st);
                if (c < 0 || d[2 * s] + c > budget)
                    continue;
                int ns = 2 * t + (stop ? 1 : 0);
                if (d[2 * s] + c < d[ns]) {
                    d[ns] = d[2 * s] + c;
                    changed = 1;
                }
            }
        }
    }
    for (int s = 0; s < n; s++)
        best[s] = d[2 * s] < d[2 * s + 1] ? d[2 * s] : d[2 * s + 1];
    free(d);
}

/* A 7x6 odd-q map:  forest in column 2, a mountain at (3,2), marsh at (4,3), a river along the
   south-east sides of column 1, a wall north of (0,3). */
static wg_map *terrain_map(wg_ctx *ctx)
{
    wg_map *m = hexmap(ctx, 7, 6, WG_HEX_ODD_Q);
    for (int row = 0; row < 6; row++)
        OK(wg_map_set_terrain(m, at(m, 2, row), T_FOREST));
    OK(wg_map_set_terrain(m, at(m, 3, 2), T_MOUNTAIN));
    OK(wg_map_set_terrain(m, at(m, 4, 3), T_MARSH));
    for (int row = 0; row < 6; row++)
        OK(wg_map_set_hexside(m, at(m, 1, row), 1, SIDE_RIVER));
    OK(wg_map_set_hexside(m, at(m, 0, 3), 5, SIDE_WALL));
    return m;
}

START_TEST(test_reach_hand)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_map *m = hexmap(ctx, 5, 5, WG_HEX_ODD_Q);
    int sp[64], co[64];
    size_t n = 0;
    /* NULL step: one point per hex; budget 1 from the centre = the centre and its 6 neighbours */
    OK(wg_map_hex_reach(sp, co, 64, &n, m, at(m, 2, 2), 1, NULL, NULL));
    ck_assert_uint_eq(n, 7);
    ck_assert_int_eq(sp[0], at(m, 2, 2));
    ck_assert_int_eq(co[0], 0);
    for (size_t i = 1; i < n; i++) {
        ck_assert_int_eq(co[i], 1);
        ck_assert_int_eq(wg__map_hex_distance(m, sp[0], sp[i]), 1);
    }
    /* budget 0: the start only */
    OK(wg_map_hex_reach(sp, co, 64, &n, m, 3, 0, NULL, NULL));
    ck_assert_uint_eq(n, 1);
    ck_assert_int_eq(sp[0], 3);
    /* budget 2 from the corner: costs are the distances */
    OK(wg_map_hex_reach(sp, co, 64, &n, m, 0, 2, NULL, NULL));
    for (size_t i = 0; i < n; i++)
        ck_assert_int_eq(co[i], wg__map_hex_distance(m, 0, sp[i]));
    int within = 0;
    for (int s = 0; s < 25; s++)
        within += wg__map_hex_distance(m, 0, s) <= 2;
    ck_assert_uint_eq(n, (size_t)within);
    for (size_t i = 1; i < n; i++)
        ck_assert_int_ge(co[i], co[i - 1]); /* nondecreasing cost */
    wg_map_free(m);

    /* the terrain map by hand: from (0,0) with 3 MP */
    m = terrain_map(ctx);
    stepper st = {m, 0, 0, NULL};
    OK(wg_map_hex_reach(sp, co, 64, &n, m, at(m, 0, 0), 3, step_cost, &st));
    int cost_of[42];
    for (int s = 0; s < 42; s++)
        cost_of[s] = -1;
    for (size_t i = 0; i < n; i++)
        cost_of[sp[i]] = co[i];
    ck_assert_int_eq(cost_of[at(m, 1, 0)], 1);
    ck_assert_int_eq(cost_of[at(m, 0, 2)], 2);
    ck_assert_int_eq(cost_of[at(m, 0, 3)], -1); /* wall north of (0,3); (1,2) -> (0,3) costs 3+1 = 4 > 3 */
    /* (1,0) -> (2,0): (2,0) is (1,0)'s north-east neighbour: forest 2, total 3 */
    ck_assert_int_eq(cost_of[at(m, 2, 0)], 3);
    /* (1,0) south-east side is a river: (2,1) costs 1 + 2 + 2 = 5, out of reach */
    ck_assert_int_eq(cost_of[at(m, 2, 1)], -1);
    ck_assert_int_gt(st.calls, 0);
    wg_map_free(m);
    finish(ctx, &a);
}
END_TEST

START_TEST(test_reach_reference)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_map *m = terrain_map(ctx);
    int sp[64], co[64], best[42];
    for (int start = 0; start < 42; start++) {
        if (m->terrain[start] == T_MOUNTAIN)
            continue;
        for (int budget = 0; budget <= 9; budget += 3) {
            size_t n = 0;
            stepper st = {m, 0, 0, NULL};
            OK(wg_map_hex_reach(sp, co, 64, &n, m, start, budget, step_cost, &st));
            reach_reference(best, m, start, budget);
            size_t want = 0;
            for (int s = 0; s < 42; s++)
                want += best[s] != INT_MAX;
            ck_assert_uint_eq(n, want);
            ck_assert_int_eq(sp[0], start);
            ck_assert_int_eq(co[0], 0);
            for (size_t i = 0; i < n; i++) {
                ck_assert_int_eq(co[i], best[sp[i]]);
                ck_assert_int_ne(m->terrain[sp[i]], T_MOUNTAIN);
                for (size_t j = 0; j < i; j++)
                    ck_assert_int_ne(sp[i], sp[j]);
            }
        }
    }
    /* the marsh stops movement: from (4,2) with a large budget, hexes beyond the marsh are reached
       around it, never through it at the marsh's price */
    size_t n;
    stepper st = {m, 0, 0, NULL};
    OK(wg_map_hex_reach(sp, co, 64, &n, m, at(m, 4, 3), 2, step_cost, &st));
    ck_assert_uint_gt(n, 1); /* starting in a marsh does not stop the mover */
    wg_map_free(m);

    /* a stopping hex is not a stepping stone: a corridor clear-marsh-clear */
    m = hexmap(ctx, 3, 1, WG_HEX_ODD_R);
    OK(wg_map_set_terrain(m, 1, T_MARSH));
    st.m = m;
    OK(wg_map_hex_reach(sp, co, 64, &n, m, 0, 10, step_cost, &st));
    ck_assert_uint_eq(n, 2);
    ck_assert_int_eq(sp[1], 1);
    ck_assert_int_eq(co[1], 1);
    wg_map_free(m);
    finish(ctx, &a);
}
END_TEST

START_TEST(test_reach_errors)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_map *m = terrain_map(ctx);
    int sp[64], co[64];
    size_t n = 99;
    stepper st = {m, 0, 0, NULL};
    /* EBUFSIZE: the first cap entries, the full count */
    OK(wg_map_hex_reach(sp, co, 64, &n, m, 0, 4, step_cost, &st));
    size_t full = n;
    int sp2[64], co2[64];
    for (int i = 0; i < 64; i++)
        sp2[i] = co2[i] = -9;
    ck_assert_int_eq(wg_map_hex_reach(sp2, co2, 3, &n, m, 0, 4, step_cost, &st), WG_EBUFSIZE);
    ck_assert_uint_eq(n, full);
    has(wg_map_errmsg(m), "the buffer holds 3");
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(sp2[i], sp[i]);
        ck_assert_int_eq(co2[i], co[i]);
    }
    ck_assert_int_eq(sp2[3], -9);
    ck_assert_int_eq(wg_map_hex_reach(NULL, NULL, 0, &n, m, 0, 4, step_cost, &st), WG_EBUFSIZE);
    ck_assert_uint_eq(n, full);
    OK(wg_map_hex_reach(sp2, NULL, 64, &n, m, 0, 4, step_cost, &st)); /* costs may be NULL */
    ck_assert_int_eq(memcmp(sp, sp2, full * sizeof(int)), 0);
    /* argument errors */
    ck_assert_int_eq(wg_map_hex_reach(sp, co, 64, NULL, m, 0, 4, NULL, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_map_hex_reach(NULL, co, 64, &n, m, 0, 4, NULL, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_map_hex_reach(sp, co, 64, &n, NULL, 0, 4, NULL, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_map_hex_reach(sp, co, 64, &n, m, 42, 4, NULL, NULL), WG_ERANGE);
    ck_assert_int_eq(wg_map_hex_reach(sp, co, 64, &n, m, -1, 4, NULL, NULL), WG_ERANGE);
    ck_assert_int_eq(wg_map_hex_reach(sp, co, 64, &n, m, 0, -1, NULL, NULL), WG_EINVAL);
    has(wg_map_errmsg(m), "budget -1");
    /* the callback's status aborts the search and is returned; outputs untouched */
    for (int i = 0; i < 64; i++)
        sp2[i] = -9;
    n = 1234;
    st.calls = 0;
    st.fail_at = 5;
    ck_assert_int_eq(wg_map_hex_reach(sp2, co2, 64, &n, m, 0, 4, step_cost, &st), WG_EILLEGAL);
    has(wg_map_errmsg(m), "step callback failed");
    ck_assert_int_eq(st.calls, 5);
    ck_assert_int_eq(sp2[0], -9);
    ck_assert_uint_eq(n, 1234);
    /* a callback may not start a search on the same map */
    st.fail_at = 0;
    st.reenter = m;
    OK(wg_map_hex_reach(sp2, co2, 64, &n, m, 0, 4, step_cost, &st));
    ck_assert_uint_eq(n, full);
    /* a graph is the wrong kind */
    wg_map *g = NULL;
    OK(wg_map_new_graph(&g, ctx));
    int z;
    OK(wg_map_zone_add(&z, g, "a"));
    ck_assert_int_eq(wg_map_hex_reach(sp, co, 64, &n, g, 0, 4, NULL, NULL), WG_ERULESET);
    has(wg_map_errmsg(g), "not a hex grid");
    wg_map_free(g);
    wg_map_free(m);
    finish(ctx, &a);
}
END_TEST

START_TEST(test_reach_oom)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_map *m = terrain_map(ctx);
    int sp[64], co[64];
    size_t n = 0, in_use0 = 0, in_use = 0;
    OK(wg_ctx_memory_in_use(&in_use0, ctx));
    int failures = 0;
    for (uint64_t k = 1;; k++) {
        a.fail_at = a.calls + k;
        stepper st = {m, 0, 0, NULL};
        int rc = wg_map_hex_reach(sp, co, 64, &n, m, 0, 6, step_cost, &st);
        a.fail_at = 0;
        if (rc == WG_OK)
            break;
        ck_assert_int_eq(rc, WG_ENOMEM);
        has(wg_map_errmsg(m), "out of memory");
        OK(wg_ctx_memory_in_use(&in_use, ctx));
        ck_assert_uint_eq(in_use, in_use0);
        failures++;
    }
    ck_assert_int_ge(failures, 1);
    /* once the scratch is grown, searches do not allocate at all */
    uint64_t before = 0, after = 0;
    OK(wg_ctx_alloc_count(&before, ctx));
    for (int start = 0; start < 42; start += 5) {
        stepper st = {m, 0, 0, NULL};
        if (m->terrain[start] != T_MOUNTAIN)
            OK(wg_map_hex_reach(sp, co, 64, &n, m, start, 6, step_cost, &st));
    }
    OK(wg_ctx_alloc_count(&after, ctx));
    ck_assert_uint_eq(after, before);
    wg_map_free(m);
    finish(ctx, &a);
}
END_TEST

/* ------------------------------------------------------------------ line of sight */

typedef struct blockset {
    int block[64];
    int calls;
    int fail;
} blockset;

static int blocks_fn(int *blocks, int space, void *payload)
{
    blockset *b = payload;
    b->calls++;
    if (b->fail)
        return WG_EDATA;
    *blocks = b->block[space];
    return WG_OK;
}

START_TEST(test_los)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_map *m = hexmap(ctx, 8, 8, WG_HEX_ODD_Q);
    blockset b = {{0}, 0, 0};
    int vis = -1;
    /* open ground: everything sees everything */
    for (int s = 0; s < 64; s += 7)
        for (int t = 0; t < 64; t += 5) {
            OK(wg_map_hex_los(&vis, m, s, t, blocks_fn, &b));
            ck_assert_int_eq(vis, 1);
        }
    /* straight down column 3: (3,1) -> (3,5), a wood at (3,3) blocks */
    b.block[at(m, 3, 3)] = 1;
    OK(wg_map_hex_los(&vis, m, at(m, 3, 1), at(m, 3, 5), blocks_fn, &b));
    ck_assert_int_eq(vis, 0);
    OK(wg_map_hex_los(&vis, m, at(m, 3, 5), at(m, 3, 1), blocks_fn, &b));
    ck_assert_int_eq(vis, 0);
    /* the blocking hex's own occupant is seen, and sees out: endpoints never block */
    OK(wg_map_hex_los(&vis, m, at(m, 3, 1), at(m, 3, 3), blocks_fn, &b));
    ck_assert_int_eq(vis, 1);
    OK(wg_map_hex_los(&vis, m, at(m, 3, 3), at(m, 3, 6), blocks_fn, &b));
    ck_assert_int_eq(vis, 1);
    /* adjacent and same hex: always */
    OK(wg_map_hex_los(&vis, m, at(m, 3, 3), at(m, 3, 4), blocks_fn, &b));
    ck_assert_int_eq(vis, 1);
    OK(wg_map_hex_los(&vis, m, at(m, 3, 3), at(m, 3, 3), blocks_fn, &b));
    ck_assert_int_eq(vis, 1);
    b.block[at(m, 3, 3)] = 0;

    /* along a hex-side: odd-q (2,2) -> (4,2) is axial (2,1) -> (4,0), the middle point lies on the
       side between axial (3,0) and (3,1), i.e. hexes (3,1) and (3,2) */
    int s = at(m, 2, 2), t = at(m, 4, 2), h1 = at(m, 3, 1), h2 = at(m, 3, 2);
    ck_assert_int_eq(m->hq[h1], 3);
    ck_assert_int_eq(m->hr[h1], 0);
    ck_assert_int_eq(m->hq[h2], 3);
    ck_assert_int_eq(m->hr[h2], 1);
    b.block[h1] = 1; /* only one of the two blocks: sight passes */
    OK(wg_map_hex_los(&vis, m, s, t, blocks_fn, &b));
    ck_assert_int_eq(vis, 1);
    OK(wg_map_hex_los(&vis, m, t, s, blocks_fn, &b));
    ck_assert_int_eq(vis, 1);
    b.block[h1] = 0;
    b.block[h2] = 1;
    OK(wg_map_hex_los(&vis, m, s, t, blocks_fn, &b));
    ck_assert_int_eq(vis, 1);
    b.block[h1] = 1; /* both block: sight is blocked */
    OK(wg_map_hex_los(&vis, m, s, t, blocks_fn, &b));
    ck_assert_int_eq(vis, 0);
    OK(wg_map_hex_los(&vis, m, t, s, blocks_fn, &b));
    ck_assert_int_eq(vis, 0);
    /* a longer straight line: (1,1) -> (5,3) is axial (1,1) -> (5,1), along the q axis */
    memset(b.block, 0, sizeof b.block);
    int u = at(m, 1, 1), v = at(m, 5, 3);
    ck_assert_int_eq(m->hq[u], 1);
    ck_assert_int_eq(m->hr[u], 1);
    ck_assert_int_eq(m->hq[v], 5);
    ck_assert_int_eq(m->hr[v], 1); /* (5,3): r = 3 - (5-1)/2 = 1 */
    /* straight along the axis q: (2,1) (3,1) (4,1) */
    b.block[at(m, 3, 2)] = 1; /* axial (3,1): r = row - 1 -> row 2 */
    OK(wg_map_hex_los(&vis, m, u, v, blocks_fn, &b));
    ck_assert_int_eq(vis, 0);
    /* failing callback */
    b.fail = 1;
    ck_assert_int_eq(wg_map_hex_los(&vis, m, u, v, blocks_fn, &b), WG_EDATA);
    has(wg_map_errmsg(m), "blocks callback failed");
    b.fail = 0;
    ck_assert_int_eq(wg_map_hex_los(&vis, m, u, v, NULL, &b), WG_EINVAL);
    ck_assert_int_eq(wg_map_hex_los(NULL, m, u, v, blocks_fn, &b), WG_EINVAL);
    ck_assert_int_eq(wg_map_hex_los(&vis, m, u, 64, blocks_fn, &b), WG_ERANGE);
    ck_assert_int_eq(wg_map_hex_los(&vis, m, -1, v, blocks_fn, &b), WG_ERANGE);
    ck_assert_int_eq(wg_map_hex_los(&vis, NULL, u, v, blocks_fn, &b), WG_EINVAL);
    wg_map_free(m);
    finish(ctx, &a);
}
END_TEST

/* Exhaustive: LOS agrees with the line: blocked iff some intermediate step has its hex blocking and
   (where the step has two candidates) the other one too. */
START_TEST(test_los_matches_line)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    for (int l = 0; l < 4; l++) {
        wg_map *m = hexmap(ctx, 8, 8, layouts[l]);
        blockset b = {{0}, 0, 0};
        for (int i = 0; i < 64; i++)
            b.block[i] = (i * 37 + l) % 5 == 0;
        for (int s = 0; s < 64; s++)
            for (int t = 0; t < 64; t++) {
                int vis = -1;
                OK(wg_map_hex_los(&vis, m, s, t, blocks_fn, &b));
                int qs[32], rs[32], aq[32], ar[32];
                size_t n;
                OK(wg_hex_line(qs, rs, aq, ar, 32, &n, m->hq[s], m->hr[s], m->hq[t], m->hr[t]));
                int want = 1;
                for (size_t i = 1; i + 1 < n; i++) {
                    int c, r, hb = 0, ab = 0;
                    OK(wg_hex_axial_to_offset(&c, &r, qs[i], rs[i], layouts[l]));
                    if (c >= 0 && c < 8 && r >= 0 && r < 8)
                        hb = b.block[r * 8 + c];
                    OK(wg_hex_axial_to_offset(&c, &r, aq[i], ar[i], layouts[l]));
                    if (c >= 0 && c < 8 && r >= 0 && r < 8)
                        ab = b.block[r * 8 + c];
                    if (hb && ab)
                        want = 0;
                }
                ck_assert_int_eq(vis, want);
            }
        wg_map_free(m);
    }
    finish(ctx, &a);
}
END_TEST

/* ------------------------------------------------------------------ zone graphs */

/*  A --road 2-- B --road 2-- C
 *  |                        |
 *  track 5               track 1
 *  |                        |
 *  D ---------river 1------ E        F (isolated)                                 */
static wg_map *graph(wg_ctx *ctx)
{
    wg_map *g = NULL;
    OK(wg_map_new_graph(&g, ctx));
    const char *names[6] = {"A", "B", "C", "D", "E", "F"};
    for (int i = 0; i < 6; i++) {
        int z = -1;
        OK(wg_map_zone_add(&z, g, names[i]));
        ck_assert_int_eq(z, i);
    }
    int c;
    OK(wg_map_conn_add(&c, g, 0, 1, 0, 2));
    ck_assert_int_eq(c, 0);
    OK(wg_map_conn_add(&c, g, 1, 2, 0, 2));
    OK(wg_map_conn_add(&c, g, 0, 3, 1, 5));
    OK(wg_map_conn_add(&c, g, 2, 4, 1, 1));
    OK(wg_map_conn_add(&c, g, 3, 4, 2, 1));
    ck_assert_int_eq(c, 4);
    return g;
}

START_TEST(test_graph_build)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_map *g = graph(ctx);
    int n = 0, k = 0;
    OK(wg_map_kind_of(&k, g));
    ck_assert_int_eq(k, WG_MAP_GRAPH);
    OK(wg_map_space_count(&n, g));
    ck_assert_int_eq(n, 6);
    OK(wg_map_conn_count(&n, g));
    ck_assert_int_eq(n, 5);
    int za, zb, type, cost;
    OK(wg_map_conn_info(&za, &zb, &type, &cost, g, 3));
    ck_assert_int_eq(za, 2);
    ck_assert_int_eq(zb, 4);
    ck_assert_int_eq(type, 1);
    ck_assert_int_eq(cost, 1);
    OK(wg_map_conn_info(NULL, NULL, NULL, &cost, g, 2));
    ck_assert_int_eq(cost, 5);
    OK(wg_map_zone_degree(&n, g, 0));
    ck_assert_int_eq(n, 2);
    OK(wg_map_zone_degree(&n, g, 5));
    ck_assert_int_eq(n, 0);
    int c = -1;
    OK(wg_map_zone_conn(&c, g, 4, 0));
    ck_assert_int_eq(c, 3);
    OK(wg_map_zone_conn(&c, g, 4, 1));
    ck_assert_int_eq(c, 4);
    ck_assert_int_eq(wg_map_zone_conn(&c, g, 4, 2), WG_ERANGE);
    ck_assert_int_eq(wg_map_zone_conn(&c, g, 4, -1), WG_ERANGE);
    ck_assert_int_eq(wg_map_zone_conn(&c, g, 6, 0), WG_ERANGE);
    ck_assert_int_eq(wg_map_zone_conn(NULL, g, 4, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_zone_degree(&n, g, -1), WG_ERANGE);
    ck_assert_int_eq(wg_map_zone_degree(NULL, g, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_conn_info(&za, &zb, &type, &cost, g, 5), WG_ERANGE);
    lacks(wg_map_errmsg(g), "connection 5 is out of range");
    ck_assert_int_eq(wg_map_conn_count(NULL, g), WG_EINVAL);
    int z;
    OK(wg_map_find(&z, g, "E"));
    ck_assert_int_eq(z, 4);
    /* zone names are unique */
    ck_assert_int_eq(wg_map_zone_add(&z, g, "C"), WG_EINVAL);
    has(wg_map_errmsg(g), "zone 2 is already named 'C'");
    ck_assert_int_eq(wg_map_set_name(g, 0, "C"), WG_EINVAL);
    OK(wg_map_set_name(g, 2, "C")); /* its own name again is fine */
    OK(wg_map_zone_add(&z, g, NULL)); /* unnamed zones are allowed */
    ck_assert_int_eq(z, 6);
    ck_assert_int_eq(wg_map_zone_add(NULL, g, "G"), WG_EINVAL);
    /* connection errors */
    ck_assert_int_eq(wg_map_conn_add(&c, g, 0, 0, 0, 1), WG_EINVAL);
    has(wg_map_errmsg(g), "two different zones");
    ck_assert_int_eq(wg_map_conn_add(&c, g, 0, 7, 0, 1), WG_ERANGE);
    ck_assert_int_eq(wg_map_conn_add(&c, g, 0, 1, -1, 1), WG_EINVAL);
    ck_assert_int_eq(wg_map_conn_add(&c, g, 0, 1, 0, -1), WG_EINVAL);
    ck_assert_int_eq(wg_map_conn_add(&c, NULL, 0, 1, 0, 1), WG_EINVAL);
    OK(wg_map_conn_count(&n, g));
    ck_assert_int_eq(n, 5);
    /* wrong kind both ways */
    wg_map *h = hexmap(ctx, 2, 2, 0);
    ck_assert_int_eq(wg_map_zone_add(&z, h, "x"), WG_ERULESET);
    has(wg_map_errmsg(h), "the map is a hex grid, not a zone graph");
    ck_assert_int_eq(wg_map_conn_add(&c, h, 0, 1, 0, 1), WG_ERULESET);
    ck_assert_int_eq(wg_map_conn_count(&n, h), WG_ERULESET);
    ck_assert_int_eq(wg_map_conn_info(&za, &zb, &type, &cost, h, 0), WG_ERULESET);
    ck_assert_int_eq(wg_map_zone_degree(&n, h, 0), WG_ERULESET);
    ck_assert_int_eq(wg_map_zone_conn(&c, h, 0, 0), WG_ERULESET);
    int zs[8], co[8], total;
    size_t cnt;
    ck_assert_int_eq(wg_map_zone_path(zs, 8, &cnt, &total, h, 0, 1, NULL, NULL), WG_ERULESET);
    ck_assert_int_eq(wg_map_zone_reach(zs, co, 8, &cnt, h, 0, 1, NULL, NULL), WG_ERULESET);
    int cols, rows, layout, vis;
    uint32_t f;
    ck_assert_int_eq(wg_map_hex_size(&cols, &rows, &layout, g), WG_ERULESET);
    ck_assert_int_eq(wg_map_hex_at(&z, g, 0, 0), WG_ERULESET);
    ck_assert_int_eq(wg_map_hex_coords(&cols, &rows, g, 0), WG_ERULESET);
    ck_assert_int_eq(wg_map_hex_neighbor(&z, g, 0, 0), WG_ERULESET);
    ck_assert_int_eq(wg_map_hex_distance(&z, g, 0, 1), WG_ERULESET);
    ck_assert_int_eq(wg_map_set_hexside(g, 0, 0, 1), WG_ERULESET);
    ck_assert_int_eq(wg_map_hexside(&f, g, 0, 0), WG_ERULESET);
    ck_assert_int_eq(wg_map_hex_los(&vis, g, 0, 1, blocks_fn, NULL), WG_ERULESET);
    /* spaces of a graph carry terrain, flags and names like hexes */
    OK(wg_map_set_terrain(g, 3, 2));
    OK(wg_map_terrain(&n, g, 3));
    ck_assert_int_eq(n, 2);
    wg_map_free(h);
    wg_map_free(g);
    finish(ctx, &a);
}
END_TEST

START_TEST(test_graph_grow_oom)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_map *g = NULL;
    OK(wg_map_new_graph(&g, ctx));
    char name[16];
    /* zone and connection adds under allocation failure: each failure leaves the graph as it was */
    for (int i = 0; i < 40; i++) {
        snprintf(name, sizeof name, "z%d", i);
        for (uint64_t k = 1;; k++) {
            a.fail_at = a.calls + k;
            int z, rc = wg_map_zone_add(&z, g, name);
            a.fail_at = 0;
            int n;
            OK(wg_map_space_count(&n, g));
            if (rc == WG_OK) {
                ck_assert_int_eq(n, i + 1);
                break;
            }
            ck_assert_int_eq(rc, WG_ENOMEM);
            ck_assert_int_eq(n, i);
        }
        if (i == 0)
            continue;
        for (uint64_t k = 1;; k++) {
            a.fail_at = a.calls + k;
            int c, rc = wg_map_conn_add(&c, g, i - 1, i, 0, i);
            a.fail_at = 0;
            int n, d;
            OK(wg_map_conn_count(&n, g));
            OK(wg_map_zone_degree(&d, g, i));
            if (rc == WG_OK) {
                ck_assert_int_eq(n, i);
                ck_assert_int_eq(d, 1);
                break;
            }
            ck_assert_int_eq(rc, WG_ENOMEM);
            ck_assert_int_eq(n, i - 1);
            ck_assert_int_eq(d, 0);
        }
    }
    int zs[64], total;
    size_t cnt;
    OK(wg_map_zone_path(zs, 64, &cnt, &total, g, 0, 39, NULL, NULL));
    ck_assert_uint_eq(cnt, 40);
    ck_assert_int_eq(total, 39 * 40 / 2);
    wg_map_free(g);
    finish(ctx, &a);
}
END_TEST

typedef struct filt {
    int forbid_type; /* -1 none */
    int type_extra;  /* added to connections of type 0 */
    int calls;
    int fail;
    const wg_map *g;
} filt;

static int filter_fn(int *cost, int conn, int from, int to, void *payload)
{
    filt *f = payload;
    f->calls++;
    if (f->fail)
        return WG_EDATA;
    int a, b, type, c;
    OK(wg_map_conn_info(&a, &b, &type, &c, f->g, conn));
    ck_assert_int_eq(*cost, c); /* starts as the connection's own cost */
    ck_assert((a == from && b == to) || (a == to && b == from));
    if (type == f->forbid_type)
        *cost = -1;
    else if (type == 0)
        *cost += f->type_extra;
    return WG_OK;
}

START_TEST(test_graph_paths)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_map *g = graph(ctx);
    int zs[8], co[8], total = -1;
    size_t n = 0;
    /* A -> E: roads A-B-C then track C-E: 2+2+1 = 5, ties with A-D-E (5+1 = 6)? no: 6 > 5 */
    OK(wg_map_zone_path(zs, 8, &n, &total, g, 0, 4, NULL, NULL));
    ck_assert_uint_eq(n, 4);
    ck_assert_int_eq(total, 5);
    ck_assert_int_eq(zs[0], 0);
    ck_assert_int_eq(zs[1], 1);
    ck_assert_int_eq(zs[2], 2);
    ck_assert_int_eq(zs[3], 4);
    /* roads cost 2 more each: A-D-E (6) beats 4+4+1 = 9 */
    filt f = {-1, 2, 0, 0, g};
    OK(wg_map_zone_path(zs, 8, &n, &total, g, 0, 4, filter_fn, &f));
    ck_assert_uint_eq(n, 3);
    ck_assert_int_eq(total, 6);
    ck_assert_int_eq(zs[1], 3);
    ck_assert_int_gt(f.calls, 0);
    /* tracks forbidden: A-B-C then no way to E except through D ... which needs a track */
    f.forbid_type = 1;
    f.type_extra = 0;
    ck_assert_int_eq(wg_map_zone_path(zs, 8, &n, &total, g, 0, 4, filter_fn, &f), WG_ENOTFOUND);
    has(wg_map_errmsg(g), "no path from zone 0 'A' to zone 4 'E'");
    /* isolated zone */
    ck_assert_int_eq(wg_map_zone_path(zs, 8, &n, &total, g, 0, 5, NULL, NULL), WG_ENOTFOUND);
    /* from == to */
    OK(wg_map_zone_path(zs, 8, &n, &total, g, 3, 3, NULL, NULL));
    ck_assert_uint_eq(n, 1);
    ck_assert_int_eq(zs[0], 3);
    ck_assert_int_eq(total, 0);
    /* EBUFSIZE: first cap zones, the full count and the total */
    int small[2] = {-9, -9};
    ck_assert_int_eq(wg_map_zone_path(small, 1, &n, &total, g, 0, 4, NULL, NULL), WG_EBUFSIZE);
    ck_assert_uint_eq(n, 4);
    ck_assert_int_eq(total, 5);
    ck_assert_int_eq(small[0], 0);
    ck_assert_int_eq(small[1], -9);
    ck_assert_int_eq(wg_map_zone_path(NULL, 0, &n, &total, g, 0, 4, NULL, NULL), WG_EBUFSIZE);
    ck_assert_uint_eq(n, 4);
    /* errors */
    ck_assert_int_eq(wg_map_zone_path(zs, 8, &n, NULL, g, 0, 4, NULL, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_map_zone_path(zs, 8, NULL, &total, g, 0, 4, NULL, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_map_zone_path(NULL, 8, &n, &total, g, 0, 4, NULL, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_map_zone_path(zs, 8, &n, &total, g, 0, 6, NULL, NULL), WG_ERANGE);
    ck_assert_int_eq(wg_map_zone_path(zs, 8, &n, &total, g, -1, 4, NULL, NULL), WG_ERANGE);
    ck_assert_int_eq(wg_map_zone_path(zs, 8, &n, &total, NULL, 0, 4, NULL, NULL), WG_EINVAL);
    f.fail = 1;
    ck_assert_int_eq(wg_map_zone_path(zs, 8, &n, &total, g, 0, 4, filter_fn, &f), WG_EDATA);
    has(wg_map_errmsg(g), "filter callback failed");
    f.fail = 0;

    /* reach: budget 4 from A: A 0, B 2, C 4 */
    OK(wg_map_zone_reach(zs, co, 8, &n, g, 0, 4, NULL, NULL));
    ck_assert_uint_eq(n, 3);
    ck_assert_int_eq(zs[0], 0);
    ck_assert_int_eq(co[0], 0);
    ck_assert_int_eq(zs[1], 1);
    ck_assert_int_eq(co[1], 2);
    ck_assert_int_eq(zs[2], 2);
    ck_assert_int_eq(co[2], 4);
    OK(wg_map_zone_reach(zs, co, 8, &n, g, 0, 100, NULL, NULL));
    ck_assert_uint_eq(n, 5); /* all but F */
    /* D (through A, 5) and E (through C, 5) tie: the lower zone id comes first */
    ck_assert_int_eq(zs[3], 3);
    ck_assert_int_eq(co[3], 5);
    ck_assert_int_eq(zs[4], 4);
    ck_assert_int_eq(co[4], 5);
    f.forbid_type = 0; /* no roads */
    OK(wg_map_zone_reach(zs, co, 8, &n, g, 0, 100, filter_fn, &f));
    ck_assert_uint_eq(n, 4); /* A D E C */
    ck_assert_int_eq(zs[3], 2);
    ck_assert_int_eq(co[3], 7);
    ck_assert_int_eq(wg_map_zone_reach(zs, co, 2, &n, g, 0, 100, NULL, NULL), WG_EBUFSIZE);
    ck_assert_uint_eq(n, 5);
    OK(wg_map_zone_reach(zs, NULL, 8, &n, g, 0, 0, NULL, NULL));
    ck_assert_uint_eq(n, 1);
    ck_assert_int_eq(wg_map_zone_reach(zs, co, 8, &n, g, 0, -1, NULL, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_map_zone_reach(zs, co, 8, NULL, g, 0, 1, NULL, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_map_zone_reach(zs, co, 8, &n, g, 9, 1, NULL, NULL), WG_ERANGE);
    f.fail = 1;
    ck_assert_int_eq(wg_map_zone_reach(zs, co, 8, &n, g, 0, 9, filter_fn, &f), WG_EDATA);

    /* OOM on the first search of a fresh graph */
    wg_map_free(g);
    g = graph(ctx);
    for (uint64_t k = 1;; k++) {
        a.fail_at = a.calls + k;
        int rc = wg_map_zone_path(zs, 8, &n, &total, g, 0, 4, NULL, NULL);
        a.fail_at = 0;
        if (rc == WG_OK)
            break;
        ck_assert_int_eq(rc, WG_ENOMEM);
    }
    ck_assert_int_eq(total, 5);
    wg_map_free(g);
    finish(ctx, &a);
}
END_TEST

/* ------------------------------------------------------------------ map documents */

static int load(wg_map **m, wg_ctx *ctx, const char *text)
{
    *m = NULL;
    return wg_map_load(m, ctx, text, strlen(text));
}

static const char hex_doc[] = "wgdata 1 map\n"
                              "title \"Two valleys\"\n"
                              "grid hex 4 3 odd-q\n"
                              "terrain clear forest mountain\n"
                              "flag city fortress\n"
                              "sideflag river bridge\n"
                              "hex 1 1 forest\n"
                              "hex 2 0 clear city \"name=Bad Kissingen\"\n"
                              "hex 3 2 mountain fortress\n"
                              "side 1 1 se river\n"
                              "side 2 1 nw river bridge\n"
                              "side 0 0 4 bridge   # the map edge\n";

START_TEST(test_load_hex)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_map *m;
    OK(load(&m, ctx, hex_doc));
    const char *s = NULL;
    OK(wg_map_title(&s, m));
    ck_assert_str_eq(s, "Two valleys");
    int cols, rows, layout, t, sp;
    OK(wg_map_hex_size(&cols, &rows, &layout, m));
    ck_assert_int_eq(cols, 4);
    ck_assert_int_eq(rows, 3);
    ck_assert_int_eq(layout, WG_HEX_ODD_Q);
    OK(wg_map_terrain(&t, m, at(m, 1, 1)));
    ck_assert_int_eq(t, 1);
    OK(wg_map_terrain(&t, m, at(m, 0, 0)));
    ck_assert_int_eq(t, 0);
    OK(wg_map_terrain(&t, m, at(m, 3, 2)));
    ck_assert_int_eq(t, 2);
    uint32_t f;
    OK(wg_map_flags(&f, m, at(m, 2, 0)));
    ck_assert_uint_eq(f, 1u);
    OK(wg_map_flags(&f, m, at(m, 3, 2)));
    ck_assert_uint_eq(f, 2u);
    OK(wg_map_flags(&f, m, at(m, 1, 1)));
    ck_assert_uint_eq(f, 0u);
    OK(wg_map_find(&sp, m, "Bad Kissingen"));
    ck_assert_int_eq(sp, at(m, 2, 0));
    /* se of (1,1) is the side shared with (2,2) in odd-q */
    int n;
    OK(wg_map_hex_neighbor(&n, m, at(m, 1, 1), 1));
    ck_assert_int_eq(n, at(m, 2, 2));
    OK(wg_map_hexside(&f, m, at(m, 2, 2), 4));
    ck_assert_uint_eq(f, 1u);
    OK(wg_map_hex_neighbor(&n, m, at(m, 2, 1), 4));
    OK(wg_map_hexside(&f, m, n, 1));
    ck_assert_uint_eq(f, 3u);
    OK(wg_map_hexside(&f, m, 0, 4));
    ck_assert_uint_eq(f, 2u);
    int code;
    OK(wg_map_terrain_code(&code, m, "mountain"));
    ck_assert_int_eq(code, 2);
    OK(wg_map_flag_bit(&code, m, "fortress"));
    ck_assert_int_eq(code, 1);
    OK(wg_map_sideflag_bit(&code, m, "bridge"));
    ck_assert_int_eq(code, 1);
    ck_assert_int_eq(wg_map_conntype_code(&code, m, "road"), WG_ENOTFOUND);
    OK(wg_map_terrain_name(&s, m, 1));
    ck_assert_str_eq(s, "forest");
    wg_map_free(m);

    /* pointy layouts name e and w; numbers work everywhere; several vocabulary lines append */
    OK(load(&m, ctx, "wgdata 1 map\ngrid hex 3 3 even-r\nterrain a\nterrain b\nsideflag wall\n"
                     "side 1 1 e wall\nside 1 1 3 wall\nside 1 1 nw wall\nhex 1 1 b\n"));
    OK(wg_map_hexside(&f, m, at(m, 1, 1), 1));
    ck_assert_uint_eq(f, 1u);
    OK(wg_map_hexside(&f, m, at(m, 2, 1), 4)); /* east neighbour sees it on its west */
    ck_assert_uint_eq(f, 1u);
    OK(wg_map_hexside(&f, m, at(m, 1, 1), 3));
    ck_assert_uint_eq(f, 1u);
    OK(wg_map_hexside(&f, m, at(m, 1, 1), 5));
    ck_assert_uint_eq(f, 1u);
    OK(wg_map_hexside(&f, m, at(m, 1, 1), 0));
    ck_assert_uint_eq(f, 0u);
    OK(wg_map_terrain(&t, m, at(m, 1, 1)));
    ck_assert_int_eq(t, 1);
    OK(wg_map_title(&s, m));
    ck_assert_str_eq(s, "");
    wg_map_free(m);
    finish(ctx, &a);
}
END_TEST

START_TEST(test_load_graph)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_map *m;
    OK(load(&m, ctx,
            "wgdata 1 map\ngrid graph\nterrain plain hills\nflag town port\nconntype road track\n"
            "zone Burgos plain town\nzone \"Aranda de Duero\" hills\nzone Lerma plain port town\n"
            "conn Burgos \"Aranda de Duero\" road 2\nconn Lerma Burgos track 0\n"));
    int k, n, z, t;
    OK(wg_map_kind_of(&k, m));
    ck_assert_int_eq(k, WG_MAP_GRAPH);
    OK(wg_map_space_count(&n, m));
    ck_assert_int_eq(n, 3);
    OK(wg_map_find(&z, m, "Aranda de Duero"));
    ck_assert_int_eq(z, 1);
    OK(wg_map_terrain(&t, m, 1));
    ck_assert_int_eq(t, 1);
    uint32_t f;
    OK(wg_map_flags(&f, m, 2));
    ck_assert_uint_eq(f, 3u);
    int za, zb, type, cost;
    OK(wg_map_conn_info(&za, &zb, &type, &cost, m, 1));
    ck_assert_int_eq(za, 2);
    ck_assert_int_eq(zb, 0);
    ck_assert_int_eq(type, 1);
    ck_assert_int_eq(cost, 0);
    int zs[4], total;
    size_t cnt;
    OK(wg_map_zone_path(zs, 4, &cnt, &total, m, 1, 2, NULL, NULL));
    ck_assert_uint_eq(cnt, 3);
    ck_assert_int_eq(total, 2);
    wg_map_free(m);
    finish(ctx, &a);
}
END_TEST

static void load_fails(const char *text, int status, const char *part)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_map *m = (wg_map *)&a;
    int rc = wg_map_load(&m, ctx, text, strlen(text));
    ck_assert_msg(rc == status, "status %d, expected %d for: %s (message '%s')", rc, status, text,
                  wg_ctx_errmsg(ctx));
    ck_assert_ptr_null(m); /* set to NULL on failure */
    has(wg_ctx_errmsg(ctx), part);
    size_t live = 9;
    OK(wg_ctx_live_handles(&live, ctx));
    ck_assert_uint_eq(live, 0);
    finish(ctx, &a);
}

#define HDR "wgdata 1 map\n"
#define HEXG HDR "grid hex 70 50 odd-q\nterrain clear forest\nflag city\nsideflag river\n"
#define GRAPHG HDR "grid graph\nterrain plain\nflag town\nconntype road\nzone A plain\nzone B plain\n"

START_TEST(test_load_errors)
{
    load_fails(HEXG "hex 71 3 clear\n", WG_EPARSE, "line 6: hex 71 3 is off the 70x50 grid");
    load_fails(HEXG "hex 0 -1 clear\n", WG_EPARSE, "line 6: hex 0 -1 is off the 70x50 grid");
    load_fails(HEXG "hex 1 1 swamp\n", WG_EPARSE, "line 6: unknown terrain 'swamp'");
    load_fails(HEXG "hex 1 1 clear town\n", WG_EPARSE, "line 6: unknown flag 'town'");
    load_fails(HEXG "hex 1 1 clear\n\n# c\nhex 1 1 forest\n", WG_EPARSE,
               "line 9: hex 1 1 is already described on line 6");
    load_fails(HEXG "hex 1 1 clear name=a name=b\n", WG_EPARSE, "line 6: hex 1 1 has two names");
    load_fails(HEXG "hex 1 1 clear name=\n", WG_EPARSE, "line 6: hex 1 1 has an empty name");
    load_fails(HEXG "hex x 1 clear\n", WG_EPARSE, "line 6: 'hex' field COL 'x' is not an integer (range 0..69)");
    load_fails(HEXG "hex 1 99999999999 clear\n", WG_EPARSE, "line 6: hex 1 99999999999 is off the 70x50 grid (COL 0..69, ROW 0..49)");
    load_fails(HEXG "hex 1 99999999999999999999 clear\n", WG_EPARSE,
               "line 6: 'hex' field ROW '99999999999999999999' is not an integer (range 0..49)");
    load_fails(HEXG "hex 1 1\n", WG_EPARSE, "line 6: 'hex' takes COL ROW TERRAIN");
    load_fails(HEXG "side 1 1 e river\n", WG_EPARSE, "line 6: direction 'e' is not 0..5 or one of ne se s sw nw n");
    load_fails(HEXG "side 1 1 6 river\n", WG_EPARSE, "line 6: direction '6'");
    load_fails(HEXG "side 1 1 n lake\n", WG_EPARSE, "line 6: unknown sideflag 'lake'");
    load_fails(HEXG "side 1 1 n\n", WG_EPARSE, "line 6: 'side' takes COL ROW DIR SIDEFLAG");
    load_fails(HEXG "side 70 0 n river\n", WG_EPARSE, "line 6: hex 70 0 is off the 70x50 grid");
    load_fails(HEXG "zone A clear\n", WG_EPARSE, "line 6: 'zone' record in a hex map");
    load_fails(HEXG "conn A B road 1\n", WG_EPARSE, "line 6: 'conn' record in a hex map");
    load_fails(HEXG "grid hex 3 3 odd-q\n", WG_EPARSE, "line 6: a second 'grid' record");
    load_fails(HEXG "hexx 1 1 clear\n", WG_EPARSE, "line 6: unknown keyword 'hexx'");
    load_fails(HEXG "terrain forest\n", WG_EPARSE, "line 6: terrain 'forest' is declared twice");
    load_fails(HEXG "terrain\n", WG_EPARSE, "line 6: 'terrain' takes one or more names");
    load_fails(HEXG "flag a=b\n", WG_EPARSE, "line 6: ");
    load_fails(HEXG "title a\ntitle b\n", WG_EPARSE, "line 7: a second 'title' record");
    load_fails(HEXG "title a b\n", WG_EPARSE, "line 6: 'title' takes one text field");
    load_fails(HDR "flag a b c d e f g h i j k l m n o p q r s t u v w x y z aa bb cc dd ee ff gg\n", WG_EPARSE,
               "line 2: ");
    load_fails(HDR "hex 1 1 clear\n", WG_EPARSE, "line 2: 'hex' before the 'grid' record");
    load_fails(HDR "grid hex 0 5 odd-q\n", WG_EPARSE, "line 2: 'grid' field COLS 0 is out of range (1..4096)");
    load_fails(HDR "grid hex 5 5 odd\n", WG_EPARSE, "line 2: unknown layout 'odd'");
    load_fails(HDR "grid hex 5 5\n", WG_EPARSE, "line 2: 'grid hex' takes COLS ROWS LAYOUT");
    load_fails(HDR "grid square 5 5 odd-q\n", WG_EPARSE, "line 2: unknown grid kind 'square'");
    load_fails(HDR "grid graph x\n", WG_EPARSE, "line 2: 'grid graph' takes no more fields");
    load_fails(HDR "grid\n", WG_EPARSE, "line 2: 'grid' takes");
    load_fails(HDR "terrain a\n", WG_EPARSE, "line 1: the map has no 'grid' record");
    load_fails(HDR, WG_EPARSE, "the map has no 'grid' record");
    load_fails("wgdata 1 table\ngrid graph\n", WG_EPARSE, "expected a document of kind 'map'");
    load_fails("grid graph\n", WG_EPARSE, "line 1");
    load_fails(GRAPHG "hex 1 1 plain\n", WG_EPARSE, "line 8: 'hex' record in a graph map");
    load_fails(GRAPHG "side 1 1 n x\n", WG_EPARSE, "line 8: 'side' record in a graph map");
    load_fails(GRAPHG "zone A plain\n", WG_EPARSE, "line 8: zone 'A' is declared twice");
    load_fails(GRAPHG "zone C hills\n", WG_EPARSE, "line 8: unknown terrain 'hills'");
    load_fails(GRAPHG "zone C plain city\n", WG_EPARSE, "line 8: unknown flag 'city'");
    load_fails(GRAPHG "zone \"\" plain\n", WG_EPARSE, "line 8: a zone needs a name");
    load_fails(GRAPHG "zone C\n", WG_EPARSE, "line 8: 'zone' takes NAME TERRAIN");
    load_fails(GRAPHG "conn A C road 1\n", WG_EPARSE, "line 8: unknown zone 'C'");
    load_fails(GRAPHG "conn A B rail 1\n", WG_EPARSE, "line 8: unknown conntype 'rail'");
    load_fails(GRAPHG "conn A B road -1\n", WG_EPARSE, "line 8: 'conn' field COST -1 is out of range (0..9999)");
    load_fails(GRAPHG "conn A B road x\n", WG_EPARSE, "line 8: 'conn' field COST 'x' is not an integer (range 0..9999)");
    load_fails(GRAPHG "conn A A road 1\n", WG_EPARSE, "line 8: zone 'A' is connected to itself");
    load_fails(GRAPHG "conn A B road 10000\n", WG_EPARSE, "line 8: 'conn' field COST 10000 is out of range (0..9999)");
    load_fails(GRAPHG "conn A B road 2147483647\n", WG_EPARSE, "line 8: 'conn' field COST 2147483647 is out of range");
    load_fails(GRAPHG "conn A B road 9223372036854775808\n", WG_EPARSE, "line 8: 'conn' field COST");
    load_fails(HDR "grid hex 4097 5 odd-q\n", WG_EPARSE, "line 2: 'grid' field COLS 4097 is out of range (1..4096)");
    load_fails(HDR "grid hex 5 -1 odd-q\n", WG_EPARSE, "line 2: 'grid' field ROWS -1 is out of range (1..4096)");
    load_fails(HEXG "hex 70 49 clear\n", WG_EPARSE, "line 6: hex 70 49 is off the 70x50 grid (COL 0..69, ROW 0..49)");
    load_fails(GRAPHG "conn A B road\n", WG_EPARSE, "line 8: 'conn' takes ZONE ZONE CONNTYPE COST");

    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_map *m = NULL;
    ck_assert_int_eq(wg_map_load(NULL, ctx, "x", 1), WG_EINVAL);
    ck_assert_int_eq(wg_map_load(&m, ctx, NULL, 1), WG_EINVAL);
    ck_assert_int_eq(wg_map_load(&m, NULL, "x", 1), WG_EINVAL);
    ck_assert_ptr_null(m);
    finish(ctx, &a);
}
END_TEST

static void load_oom(const char *text)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    size_t base = 0, now = 0;
    OK(wg_ctx_memory_in_use(&base, ctx));
    int failures = 0;
    for (uint64_t k = 1;; k++) {
        wg_map *m = (wg_map *)&a;
        a.fail_at = a.calls + k;
        int rc = wg_map_load(&m, ctx, text, strlen(text));
        a.fail_at = 0;
        if (rc == WG_OK) {
            wg_map_free(m);
            break;
        }
        ck_assert_msg(rc == WG_ENOMEM, "allocation %llu: status %d (%s)", (unsigned long long)k, rc,
                      wg_ctx_errmsg(ctx));
        ck_assert_ptr_null(m); /* set to NULL on failure */
        OK(wg_ctx_memory_in_use(&now, ctx));
        ck_assert_uint_eq(now, base);
        size_t live = 9;
        OK(wg_ctx_live_handles(&live, ctx));
        ck_assert_uint_eq(live, 0);
        failures++;
    }
    ck_assert_int_gt(failures, 3);
    finish(ctx, &a);
}

START_TEST(test_load_oom)
{
    load_oom(hex_doc);
    load_oom("wgdata 1 map\ngrid graph\nterrain plain hills\nflag town port\nconntype road track\n"
             "zone Burgos plain town\nzone \"Aranda de Duero\" hills\nzone Lerma plain port town\n"
             "zone Z1 plain\nzone Z2 plain\nzone Z3 plain\nzone Z4 plain\nzone Z5 plain\nzone Z6 plain\n"
             "zone Z7 plain\nzone Z8 plain\nzone Z9 plain\nzone Z10 plain\nzone Z11 plain\nzone Z12 plain\n"
             "zone Z13 plain\nzone Z14 plain\nzone Z15 plain\nzone Z16 plain\nzone Z17 plain\n"
             "conn Burgos \"Aranda de Duero\" road 2\nconn Lerma Burgos track 0\nconn Z1 Z17 road 1\n");
}
END_TEST

/* The La Grande Armee schematic map shipped in data/ loads as a map document. */
START_TEST(test_load_lga_file)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    size_t len = 0;
    char *text = wgt_read_source_file("data/lga/europe-schematic.wgd", &len);
    wg_map *m = NULL;
    int rc = wg_map_load(&m, ctx, text, len);
    ck_assert_msg(rc == WG_OK, "%s", wg_ctx_errmsg(ctx));
    int cols, rows, layout, code;
    OK(wg_map_hex_size(&cols, &rows, &layout, m));
    ck_assert_int_eq(layout, WG_HEX_ODD_Q);
    ck_assert_int_gt(cols * rows, 1000);
    OK(wg_map_sideflag_bit(&code, m, "river"));
    /* hex-sides read the same from both hexes */
    for (int s = 0; s < cols * rows; s++)
        for (int d = 0; d < 6; d++) {
            int n = wg__map_hex_neighbor(m, s, d);
            if (n >= 0)
                ck_assert_uint_eq(wg__map_hexside(m, s, d), wg__map_hexside(m, n, (d + 3) % 6));
        }
    wg_map_free(m);
    free(text);
    finish(ctx, &a);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("map");
    TCase *tc = tcase_create("map");
    tcase_add_test(tc, test_new_hex);
    tcase_add_test(tc, test_new_oom);
    tcase_add_test(tc, test_new_hex_clears_out);
    tcase_add_test(tc, test_conn_add_oom_memory);
    tcase_add_test(tc, test_search_huge_filter_costs);
    tcase_add_test(tc, test_refcount);
    tcase_add_test(tc, test_spaces);
    tcase_add_test(tc, test_set_name_oom);
    tcase_add_test(tc, test_neighbors_all_layouts);
    tcase_add_test(tc, test_hexsides);
    tcase_add_test(tc, test_vocab);
    tcase_add_test(tc, test_reach_hand);
    tcase_add_test(tc, test_reach_reference);
    tcase_add_test(tc, test_reach_errors);
    tcase_add_test(tc, test_reach_oom);
    tcase_add_test(tc, test_los);
    tcase_add_test(tc, test_los_matches_line);
    tcase_add_test(tc, test_graph_build);
    tcase_add_test(tc, test_graph_grow_oom);
    tcase_add_test(tc, test_graph_paths);
    tcase_add_test(tc, test_load_hex);
    tcase_add_test(tc, test_load_graph);
    tcase_add_test(tc, test_load_errors);
    tcase_add_test(tc, test_load_oom);
    tcase_add_test(tc, test_load_lga_file);
    suite_add_tcase(s, tc);
    return wgt_run(s);
}

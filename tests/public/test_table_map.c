/* Table maps and the exact geometry calls, through the public API (doc/data-format-map.md "Tables",
   the tabletop group of wargame.h): a table document loads with its areas, lines and places; the
   queries a front end needs (what is at a point, what a path crosses, line of sight over woods,
   villages, hills and crests, distances, arcs, faces of a base) answer exactly; every bad argument
   and every bad document is refused with its status and a message naming the field or the line; a
   failed allocation anywhere leaves the map and the memory in use as they were. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define MM(v) ((int32_t)((v) * WG_TABLE_UNIT))

static const char table_doc[] = "wgdata 1 map\n"
                                "title \"A test table\"\n"
                                "grid table 1200 800\n"
                                "terrain open wood village hill\n"
                                "flag blocks\n"
                                "linetype road stream crest\n"
                                "area hill name=Ridge level=1 600,0 1200,0 1200,300 600,300\n"
                                "area wood name=Bois blocks 200,300 400,300 400,500 200,500\n"
                                "area village name=Hameau blocks 800,500 900,500 900,600 800,600\n"
                                "line crest name=Crete level=1 600,300 1200,300\n"
                                "line stream name=Ruisseau 0,650 1200,650\n"
                                "line road 100,0 100,400 500,800\n"
                                "place Church 850,550\n"
                                "place Mill 50.25,700.5\n";

enum { HILL = 0, WOOD = 1, VILLAGE = 2 };
enum { CREST = 0, STREAM = 1, ROAD = 2 };

static wg_map *load(wg_ctx *ctx)
{
    wg_map *m = NULL;
    int rc = wg_map_load(&m, ctx, table_doc, strlen(table_doc));
    ck_assert_msg(rc == WG_OK, "load: %s: %s", wg_status_str(rc), wg_ctx_errmsg(ctx));
    return m;
}

static wg_ctx *plain_ctx(void)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    return ctx;
}

/* ---------------------------------------------------------------- the document */

START_TEST(test_document)
{
    wg_ctx *ctx = plain_ctx();
    wg_map *m = load(ctx);
    int kind = 0, n = 0, code = -1, level = 99, type = -1;
    ck_assert_int_eq(wg_map_kind_of(&kind, m), WG_OK);
    ck_assert_int_eq(kind, WG_MAP_TABLE);
    int32_t w = 0, d = 0;
    ck_assert_int_eq(wg_map_table_size(&w, &d, m), WG_OK);
    ck_assert_int_eq(w, MM(1200));
    ck_assert_int_eq(d, MM(800));
    ck_assert_int_eq(wg_map_space_count(&n, m), WG_OK);
    ck_assert_int_eq(n, 3);
    const char *s = NULL;
    ck_assert_int_eq(wg_map_name(&s, m, WOOD), WG_OK);
    ck_assert_str_eq(s, "Bois");
    int t = -1;
    ck_assert_int_eq(wg_map_terrain(&t, m, VILLAGE), WG_OK);
    ck_assert_int_eq(wg_map_terrain_name(&s, m, t), WG_OK);
    ck_assert_str_eq(s, "village");
    uint32_t fl = 0;
    int blocks = -1;
    ck_assert_int_eq(wg_map_flag_bit(&blocks, m, "blocks"), WG_OK);
    ck_assert_int_eq(wg_map_flags(&fl, m, WOOD), WG_OK);
    ck_assert_uint_eq(fl, 1u << blocks);
    ck_assert_int_eq(wg_map_flags(&fl, m, HILL), WG_OK);
    ck_assert_uint_eq(fl, 0);
    ck_assert_int_eq(wg_map_area_level(&level, m, HILL), WG_OK);
    ck_assert_int_eq(level, 1);
    ck_assert_int_eq(wg_map_area_level(&level, m, WOOD), WG_OK);
    ck_assert_int_eq(level, 0);
    int32_t xy[16];
    size_t cnt = 0;
    ck_assert_int_eq(wg_map_area_points(xy, 16, &cnt, m, WOOD), WG_OK);
    ck_assert_uint_eq(cnt, 8);
    ck_assert_int_eq(xy[0], MM(200));
    ck_assert_int_eq(xy[1], MM(300));
    ck_assert_int_eq(xy[7], MM(500));
    /* too small a buffer: the count, and nothing written */
    xy[0] = -7;
    ck_assert_int_eq(wg_map_area_points(xy, 7, &cnt, m, WOOD), WG_EBUFSIZE);
    ck_assert_uint_eq(cnt, 8);
    ck_assert_int_eq(xy[0], -7);
    ck_assert_int_eq(wg_map_area_points(NULL, 0, &cnt, m, HILL), WG_EBUFSIZE);
    ck_assert_uint_eq(cnt, 8);
    /* line types and lines */
    ck_assert_int_eq(wg_map_linetype_count(&n, m), WG_OK);
    ck_assert_int_eq(n, 3);
    ck_assert_int_eq(wg_map_linetype_code(&code, m, "stream"), WG_OK);
    ck_assert_int_eq(code, 1);
    ck_assert_int_eq(wg_map_linetype_name(&s, m, 2), WG_OK);
    ck_assert_str_eq(s, "crest");
    ck_assert_int_eq(wg_map_line_count(&n, m), WG_OK);
    ck_assert_int_eq(n, 3);
    ck_assert_int_eq(wg_map_line_info(&type, &level, m, CREST), WG_OK);
    ck_assert_int_eq(type, 2);
    ck_assert_int_eq(level, 1);
    ck_assert_int_eq(wg_map_line_name(&s, m, STREAM), WG_OK);
    ck_assert_str_eq(s, "Ruisseau");
    ck_assert_int_eq(wg_map_line_name(&s, m, ROAD), WG_OK);
    ck_assert_str_eq(s, "");
    ck_assert_int_eq(wg_map_line_points(xy, 16, &cnt, m, ROAD), WG_OK);
    ck_assert_uint_eq(cnt, 6);
    ck_assert_int_eq(xy[4], MM(500));
    ck_assert_int_eq(xy[5], MM(800));
    ck_assert_int_eq(wg_map_line_points(xy, 5, &cnt, m, ROAD), WG_EBUFSIZE);
    ck_assert_uint_eq(cnt, 6);
    /* places: two decimals of a millimetre are kept exactly */
    ck_assert_int_eq(wg_map_place_count(&n, m), WG_OK);
    ck_assert_int_eq(n, 2);
    int p = -1;
    ck_assert_int_eq(wg_map_place_find(&p, m, "Mill"), WG_OK);
    ck_assert_int_eq(p, 1);
    int32_t x = 0, y = 0;
    ck_assert_int_eq(wg_map_place(&x, &y, &s, m, p), WG_OK);
    ck_assert_int_eq(x, 5025);
    ck_assert_int_eq(y, 70050);
    ck_assert_str_eq(s, "Mill");
    ck_assert_int_eq(wg_map_place_find(&p, m, "Abbey"), WG_ENOTFOUND);
    ck_assert_int_eq(wg_map_title(&s, m), WG_OK);
    ck_assert_str_eq(s, "A test table");
    wg_map_free(m);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- queries */

START_TEST(test_points_and_paths)
{
    wg_ctx *ctx = plain_ctx();
    wg_map *m = load(ctx);
    int a = -2, lv = -2;
    ck_assert_int_eq(wg_map_table_area_at(&a, m, MM(300), MM(400)), WG_OK);
    ck_assert_int_eq(a, WOOD);
    ck_assert_int_eq(wg_map_table_area_at(&a, m, MM(400), MM(400)), WG_OK); /* its edge */
    ck_assert_int_eq(a, WOOD);
    ck_assert_int_eq(wg_map_table_area_at(&a, m, MM(401), MM(400)), WG_OK);
    ck_assert_int_eq(a, -1);
    ck_assert_int_eq(wg_map_table_area_at(&a, m, MM(700), MM(100)), WG_OK);
    ck_assert_int_eq(a, HILL);
    ck_assert_int_eq(wg_map_table_level_at(&lv, m, MM(700), MM(100)), WG_OK);
    ck_assert_int_eq(lv, 1);
    ck_assert_int_eq(wg_map_table_level_at(&lv, m, MM(700), MM(301)), WG_OK);
    ck_assert_int_eq(lv, 0);
    ck_assert_int_eq(wg_map_table_level_at(&lv, m, -5, -5), WG_OK); /* off the table: open ground */
    ck_assert_int_eq(lv, 0);
    /* a path across the wood and the village */
    int ids[4] = {-1, -1, -1, -1};
    size_t n = 0;
    ck_assert_int_eq(wg_map_table_areas_crossed(ids, 4, &n, m, MM(100), MM(450), MM(1000), MM(550)), WG_OK);
    ck_assert_uint_eq(n, 2);
    ck_assert_int_eq(ids[0], WOOD);
    ck_assert_int_eq(ids[1], VILLAGE);
    ck_assert_int_eq(wg_map_table_areas_crossed(ids, 1, &n, m, MM(100), MM(450), MM(1000), MM(550)), WG_EBUFSIZE);
    ck_assert_uint_eq(n, 2);
    /* along the wood's edge: not through it */
    ck_assert_int_eq(wg_map_table_areas_crossed(ids, 4, &n, m, MM(100), MM(300), MM(500), MM(300)), WG_OK);
    ck_assert_uint_eq(n, 0);
    /* corner to corner through it */
    ck_assert_int_eq(wg_map_table_areas_crossed(ids, 4, &n, m, MM(200), MM(300), MM(400), MM(500)), WG_OK);
    ck_assert_uint_eq(n, 1);
    /* lines: the stream, then the road where it bends, then a path touching the crest's end */
    ck_assert_int_eq(wg_map_table_lines_crossed(ids, 4, &n, m, MM(50), MM(600), MM(50), MM(700)), WG_OK);
    ck_assert_uint_eq(n, 1);
    ck_assert_int_eq(ids[0], STREAM);
    ck_assert_int_eq(wg_map_table_lines_crossed(ids, 4, &n, m, MM(0), MM(400), MM(200), MM(400)), WG_OK);
    ck_assert_uint_eq(n, 1);
    ck_assert_int_eq(ids[0], ROAD);
    ck_assert_int_eq(wg_map_table_lines_crossed(ids, 4, &n, m, MM(500), MM(300), MM(600), MM(300)), WG_OK);
    ck_assert_uint_eq(n, 1);
    ck_assert_int_eq(ids[0], CREST);
    ck_assert_int_eq(wg_map_table_lines_crossed(NULL, 0, &n, m, MM(100), MM(0), MM(100), MM(800)), WG_EBUFSIZE);
    ck_assert_uint_eq(n, 2); /* along the road, and across the stream */
    wg_map_free(m);
    wg_ctx_free(ctx);
}
END_TEST

START_TEST(test_line_of_sight)
{
    wg_ctx *ctx = plain_ctx();
    wg_map *m = load(ctx);
    int bit = -1, crest = -1;
    ck_assert_int_eq(wg_map_flag_bit(&bit, m, "blocks"), WG_OK);
    ck_assert_int_eq(wg_map_linetype_code(&crest, m, "crest"), WG_OK);
    uint32_t bl = 1u << bit;
    int vis = -1, area = -9, line = -9;
    /* across the wood on level ground: blocked by it */
    ck_assert_int_eq(wg_map_table_los(&vis, &area, &line, m, MM(100), MM(400), MM(500), MM(400), bl, crest, 0, 0),
                     WG_OK);
    ck_assert_int_eq(vis, 0);
    ck_assert_int_eq(area, WOOD);
    ck_assert_int_eq(line, -1);
    /* the same with no blocking flag */
    ck_assert_int_eq(wg_map_table_los(&vis, &area, &line, m, MM(100), MM(400), MM(500), MM(400), 0, crest, 0, 0),
                     WG_OK);
    ck_assert_int_eq(vis, 1);
    ck_assert_int_eq(area, -1);
    /* from inside the wood out of it: the wood holding the observer does not block */
    ck_assert_int_eq(wg_map_table_los(&vis, NULL, NULL, m, MM(300), MM(400), MM(500), MM(400), bl, crest, 0, 0),
                     WG_OK);
    ck_assert_int_eq(vis, 1);
    /* over the wood from the hill (level 1), and the same path from level ground (level 0) */
    ck_assert_int_eq(wg_map_table_los(&vis, &area, NULL, m, MM(700), MM(100), MM(100), MM(600), bl, crest, 0, 0),
                     WG_OK);
    ck_assert_int_eq(vis, 1);
    ck_assert_int_eq(wg_map_table_los(&vis, &area, NULL, m, MM(450), MM(100), MM(100), MM(600), bl, crest, 0, 0),
                     WG_OK);
    ck_assert_int_eq(vis, 0);
    ck_assert_int_eq(area, WOOD);
    /* through the village */
    ck_assert_int_eq(wg_map_table_los(&vis, &area, NULL, m, MM(850), MM(450), MM(850), MM(700), bl, -1, 0, 0),
                     WG_OK);
    ck_assert_int_eq(vis, 0);
    ck_assert_int_eq(area, VILLAGE);
    /* over the crest from the hill 200 mm behind it: hidden unless the observer is within its margin */
    ck_assert_int_eq(wg_map_table_los(&vis, &area, &line, m, MM(1000), MM(100), MM(1000), MM(700), bl, crest,
                                      MM(100), 0),
                     WG_OK);
    ck_assert_int_eq(vis, 0);
    ck_assert_int_eq(line, CREST);
    ck_assert_int_eq(area, -1);
    ck_assert_int_eq(wg_map_table_los(&vis, &area, &line, m, MM(1000), MM(100), MM(1000), MM(700), bl, crest,
                                      MM(200), 0),
                     WG_OK);
    ck_assert_int_eq(vis, 1);
    ck_assert_int_eq(line, -1);
    /* the margin of the other end: b stands 400 mm beyond it */
    ck_assert_int_eq(wg_map_table_los(&vis, NULL, NULL, m, MM(1000), MM(100), MM(1000), MM(700), bl, crest, 0,
                                      MM(399)),
                     WG_OK);
    ck_assert_int_eq(vis, 0);
    ck_assert_int_eq(wg_map_table_los(&vis, NULL, NULL, m, MM(1000), MM(100), MM(1000), MM(700), bl, crest, 0,
                                      MM(400)),
                     WG_OK);
    ck_assert_int_eq(vis, 1);
    /* no crest type: crests are ignored; two points on the hill see each other */
    ck_assert_int_eq(wg_map_table_los(&vis, NULL, NULL, m, MM(1000), MM(100), MM(1000), MM(700), bl, -1, 0, 0),
                     WG_OK);
    ck_assert_int_eq(vis, 1);
    ck_assert_int_eq(wg_map_table_los(&vis, NULL, NULL, m, MM(700), MM(100), MM(1100), MM(250), bl, crest, 0, 0),
                     WG_OK);
    ck_assert_int_eq(vis, 1);
    /* a stream is not a crest */
    int stream = -1;
    ck_assert_int_eq(wg_map_linetype_code(&stream, m, "stream"), WG_OK);
    ck_assert_int_eq(wg_map_table_los(&vis, NULL, &line, m, MM(50), MM(600), MM(50), MM(700), bl, stream, 0, 0),
                     WG_OK);
    ck_assert_int_eq(vis, 1); /* its level, 0, is not above the ground's */
    wg_map_free(m);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- building a table by calls */

START_TEST(test_build_calls)
{
    wg_ctx *ctx = plain_ctx();
    wg_map *m = NULL;
    ck_assert_int_eq(wg_map_new_table(&m, ctx, MM(600), MM(400)), WG_OK);
    int wood = -1, road = -1, s = -1, l = -1, p = -1, n = -1;
    ck_assert_int_eq(wg_map_declare_terrain(&wood, m, "wood"), WG_OK);
    ck_assert_int_eq(wg_map_declare_linetype(&road, m, "road"), WG_OK);
    int again = -1;
    ck_assert_int_eq(wg_map_declare_linetype(&again, m, "road"), WG_OK);
    ck_assert_int_eq(again, road);
    int32_t tri[] = {0, 0, MM(100), 0, 0, MM(100)};
    ck_assert_int_eq(wg_map_area_add(&s, m, wood, -3, tri, 6), WG_OK);
    ck_assert_int_eq(s, 0);
    ck_assert_int_eq(wg_map_set_name(m, s, "Copse"), WG_OK);
    int found = -1;
    ck_assert_int_eq(wg_map_find(&found, m, "Copse"), WG_OK);
    ck_assert_int_eq(found, 0);
    int lv = 0;
    ck_assert_int_eq(wg_map_table_level_at(&lv, m, MM(10), MM(10)), WG_OK);
    ck_assert_int_eq(lv, -3);
    int32_t pl[] = {0, MM(200), MM(600), MM(200)};
    ck_assert_int_eq(wg_map_line_add(&l, m, road, 0, "Chaussee", pl, 4), WG_OK);
    ck_assert_int_eq(wg_map_line_add(&l, m, road, 0, NULL, pl, 4), WG_OK);
    ck_assert_int_eq(l, 1);
    ck_assert_int_eq(wg_map_place_add(&p, m, "Windmill", MM(600), MM(400)), WG_OK); /* the far corner */
    ck_assert_int_eq(wg_map_place_count(&n, m), WG_OK);
    ck_assert_int_eq(n, 1);
    /* refusals, each with its status and a message, nothing changed */
    int32_t bow[] = {0, 0, MM(100), MM(100), MM(100), 0, 0, MM(100)};
    ck_assert_int_eq(wg_map_area_add(&s, m, wood, 0, bow, 8), WG_EINVAL);
    ck_assert_ptr_nonnull(strstr(wg_map_errmsg(m), "edges 0 and 2 meet"));
    int32_t dup[] = {0, 0, 0, 0, MM(100), 0, 0, MM(100)};
    ck_assert_int_eq(wg_map_area_add(&s, m, wood, 0, dup, 8), WG_EINVAL);
    ck_assert_ptr_nonnull(strstr(wg_map_errmsg(m), "no length"));
    int32_t flat[] = {0, 0, MM(50), 0, MM(100), 0};
    ck_assert_int_eq(wg_map_area_add(&s, m, wood, 0, flat, 6), WG_EINVAL);
    int32_t fold[] = {0, 0, MM(100), 0, MM(50), 0, MM(50), MM(50)};
    ck_assert_int_eq(wg_map_area_add(&s, m, wood, 0, fold, 8), WG_EINVAL);
    ck_assert_int_eq(wg_map_area_add(&s, m, wood, 0, tri, 5), WG_EINVAL);
    ck_assert_ptr_nonnull(strstr(wg_map_errmsg(m), "even count"));
    ck_assert_int_eq(wg_map_area_add(&s, m, wood, 0, tri, 4), WG_ERANGE);
    ck_assert_int_eq(wg_map_area_add(&s, m, wood, 0, NULL, 6), WG_EINVAL);
    ck_assert_int_eq(wg_map_area_add(&s, m, 7, 0, tri, 6), WG_EINVAL);
    ck_assert_ptr_nonnull(strstr(wg_map_errmsg(m), "terrain 7 is not declared"));
    ck_assert_int_eq(wg_map_area_add(&s, m, wood, 101, tri, 6), WG_ERANGE);
    ck_assert_ptr_nonnull(strstr(wg_map_errmsg(m), "level 101"));
    int32_t off[] = {0, 0, MM(601), 0, 0, MM(100)};
    ck_assert_int_eq(wg_map_area_add(&s, m, wood, 0, off, 6), WG_ERANGE);
    ck_assert_ptr_nonnull(strstr(wg_map_errmsg(m), "off the"));
    ck_assert_int_eq(wg_map_area_add(NULL, m, wood, 0, tri, 6), WG_EINVAL);
    ck_assert_int_eq(wg_map_area_add(&s, NULL, wood, 0, tri, 6), WG_EINVAL);
    int32_t *many = calloc(2 * (WG_GEOM_MAX_POINTS + 1), sizeof *many);
    ck_assert_int_eq(wg_map_area_add(&s, m, wood, 0, many, 2 * (WG_GEOM_MAX_POINTS + 1)), WG_ERANGE);
    ck_assert_int_eq(wg_map_space_count(&n, m), WG_OK);
    ck_assert_int_eq(n, 1);
    ck_assert_int_eq(wg_map_line_add(&l, m, road, 0, NULL, pl, 2), WG_ERANGE);
    ck_assert_int_eq(wg_map_line_add(&l, m, road, 0, NULL, pl, 3), WG_EINVAL);
    ck_assert_int_eq(wg_map_line_add(&l, m, road, 0, NULL, NULL, 4), WG_EINVAL);
    ck_assert_int_eq(wg_map_line_add(&l, m, 5, 0, NULL, pl, 4), WG_EINVAL);
    ck_assert_int_eq(wg_map_line_add(&l, m, road, -101, NULL, pl, 4), WG_ERANGE);
    int32_t zero[] = {0, 0, 0, 0};
    ck_assert_int_eq(wg_map_line_add(&l, m, road, 0, NULL, zero, 4), WG_EINVAL);
    ck_assert_ptr_nonnull(strstr(wg_map_errmsg(m), "piece 0 has no length"));
    ck_assert_int_eq(wg_map_line_add(NULL, m, road, 0, NULL, pl, 4), WG_EINVAL);
    ck_assert_int_eq(wg_map_line_add(&l, NULL, road, 0, NULL, pl, 4), WG_EINVAL);
    ck_assert_int_eq(wg_map_line_count(&n, m), WG_OK);
    ck_assert_int_eq(n, 2);
    ck_assert_int_eq(wg_map_place_add(&p, m, "Windmill", 0, 0), WG_EINVAL);
    ck_assert_ptr_nonnull(strstr(wg_map_errmsg(m), "exists already"));
    ck_assert_int_eq(wg_map_place_add(&p, m, "", 0, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_place_add(&p, m, NULL, 0, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_place_add(NULL, m, "Farm", 0, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_place_add(&p, NULL, "Farm", 0, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_place_add(&p, m, "Farm", -1, 0), WG_ERANGE);
    ck_assert_int_eq(wg_map_place_add(&p, m, "Farm", 0, MM(400) + 1), WG_ERANGE);
    ck_assert_int_eq(wg_map_declare_linetype(&l, m, "two words"), WG_EINVAL);
    ck_assert_int_eq(wg_map_declare_linetype(&l, m, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_map_declare_linetype(NULL, m, "x"), WG_EINVAL);
    ck_assert_int_eq(wg_map_declare_linetype(&l, NULL, "x"), WG_EINVAL);
    ck_assert_int_eq(wg_map_linetype_code(&l, m, "hedge"), WG_ENOTFOUND);
    ck_assert_int_eq(wg_map_linetype_code(NULL, m, "hedge"), WG_EINVAL);
    ck_assert_int_eq(wg_map_linetype_code(&l, NULL, "hedge"), WG_EINVAL);
    const char *name = NULL;
    ck_assert_int_eq(wg_map_linetype_name(&name, m, 1), WG_ENOTFOUND);
    ck_assert_int_eq(wg_map_linetype_name(NULL, m, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_linetype_name(&name, NULL, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_linetype_count(NULL, m), WG_EINVAL);
    ck_assert_int_eq(wg_map_linetype_count(&n, NULL), WG_EINVAL);
    /* sizes of a new table */
    wg_map *t = (wg_map *)&n;
    ck_assert_int_eq(wg_map_new_table(&t, ctx, 0, 10), WG_ERANGE);
    ck_assert_ptr_null(t);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "out of range"));
    ck_assert_int_eq(wg_map_new_table(&t, ctx, 10, WG_TABLE_MAX_SIZE + 1), WG_ERANGE);
    ck_assert_int_eq(wg_map_new_table(&t, ctx, WG_TABLE_MAX_SIZE, WG_TABLE_MAX_SIZE), WG_OK);
    wg_map_free(t);
    ck_assert_int_eq(wg_map_new_table(NULL, ctx, 10, 10), WG_EINVAL);
    ck_assert_int_eq(wg_map_new_table(&t, NULL, 10, 10), WG_EINVAL);
    free(many);
    wg_map_free(m);
    wg_ctx_free(ctx);
}
END_TEST

/* Every table call on a hex map and a zone graph: WG_ERULESET; with a NULL map or output: WG_EINVAL;
   out of range ids: WG_ERANGE.  (Calls on a const map leave no message: readers may run on several
   threads at once and write nothing.) */
START_TEST(test_wrong_map_and_arguments)
{
    wg_ctx *ctx = plain_ctx();
    wg_map *hex = NULL, *graph = NULL, *m = load(ctx);
    ck_assert_int_eq(wg_map_new_hex(&hex, ctx, 3, 3, WG_HEX_ODD_Q), WG_OK);
    ck_assert_int_eq(wg_map_new_graph(&graph, ctx), WG_OK);
    wg_map *other[2] = {hex, graph};
    int i = 0;
    int32_t x = 0, y = 0, xy[8];
    size_t n = 0;
    const char *s = NULL;
    int32_t tri[] = {0, 0, 100, 0, 0, 100};
    for (int k = 0; k < 2; k++) {
        wg_map *o = other[k];
        ck_assert_int_eq(wg_map_table_size(&x, &y, o), WG_ERULESET);
        ck_assert_int_eq(wg_map_area_add(&i, o, 0, 0, tri, 6), WG_ERULESET);
        ck_assert_int_eq(wg_map_area_level(&i, o, 0), WG_ERULESET);
        ck_assert_int_eq(wg_map_area_points(xy, 8, &n, o, 0), WG_ERULESET);
        ck_assert_int_eq(wg_map_line_add(&i, o, 0, 0, NULL, tri, 4), WG_ERULESET);
        ck_assert_int_eq(wg_map_line_count(&i, o), WG_ERULESET);
        ck_assert_int_eq(wg_map_line_info(&i, &i, o, 0), WG_ERULESET);
        ck_assert_int_eq(wg_map_line_name(&s, o, 0), WG_ERULESET);
        ck_assert_int_eq(wg_map_line_points(xy, 8, &n, o, 0), WG_ERULESET);
        ck_assert_int_eq(wg_map_place_add(&i, o, "P", 0, 0), WG_ERULESET);
        ck_assert_int_eq(wg_map_place_count(&i, o), WG_ERULESET);
        ck_assert_int_eq(wg_map_place(&x, &y, &s, o, 0), WG_ERULESET);
        ck_assert_int_eq(wg_map_place_find(&i, o, "P"), WG_ERULESET);
        ck_assert_int_eq(wg_map_table_area_at(&i, o, 0, 0), WG_ERULESET);
        ck_assert_int_eq(wg_map_table_level_at(&i, o, 0, 0), WG_ERULESET);
        ck_assert_int_eq(wg_map_table_areas_crossed(&i, 1, &n, o, 0, 0, 1, 1), WG_ERULESET);
        ck_assert_int_eq(wg_map_table_lines_crossed(&i, 1, &n, o, 0, 0, 1, 1), WG_ERULESET);
        ck_assert_int_eq(wg_map_table_los(&i, NULL, NULL, o, 0, 0, 1, 1, 0, -1, 0, 0), WG_ERULESET);
    }
    /* NULL maps */
    ck_assert_int_eq(wg_map_table_size(&x, &y, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_map_area_level(&i, NULL, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_area_points(xy, 8, &n, NULL, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_line_count(&i, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_map_line_info(&i, &i, NULL, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_line_name(&s, NULL, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_line_points(xy, 8, &n, NULL, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_place_count(&i, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_map_place(&x, &y, &s, NULL, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_place_find(&i, NULL, "P"), WG_EINVAL);
    ck_assert_int_eq(wg_map_table_area_at(&i, NULL, 0, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_table_level_at(&i, NULL, 0, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_table_areas_crossed(&i, 1, &n, NULL, 0, 0, 1, 1), WG_EINVAL);
    ck_assert_int_eq(wg_map_table_lines_crossed(&i, 1, &n, NULL, 0, 0, 1, 1), WG_EINVAL);
    ck_assert_int_eq(wg_map_table_los(&i, NULL, NULL, NULL, 0, 0, 1, 1, 0, -1, 0, 0), WG_EINVAL);
    /* NULL outputs: a message on the map */
    ck_assert_int_eq(wg_map_table_size(NULL, &y, m), WG_EINVAL);
    ck_assert_int_eq(wg_map_table_size(&x, NULL, m), WG_EINVAL);
    ck_assert_int_eq(wg_map_area_level(NULL, m, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_area_points(xy, 8, NULL, m, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_area_points(NULL, 8, &n, m, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_line_count(NULL, m), WG_EINVAL);
    ck_assert_int_eq(wg_map_line_info(NULL, &i, m, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_line_info(&i, NULL, m, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_line_name(NULL, m, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_line_points(xy, 8, NULL, m, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_line_points(NULL, 8, &n, m, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_place_count(NULL, m), WG_EINVAL);
    ck_assert_int_eq(wg_map_place(NULL, &y, &s, m, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_place(&x, NULL, &s, m, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_place(&x, &y, NULL, m, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_place_find(NULL, m, "Mill"), WG_EINVAL);
    ck_assert_int_eq(wg_map_place_find(&i, m, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_map_table_area_at(NULL, m, 0, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_table_level_at(NULL, m, 0, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_table_areas_crossed(&i, 1, NULL, m, 0, 0, 1, 1), WG_EINVAL);
    ck_assert_int_eq(wg_map_table_areas_crossed(NULL, 1, &n, m, 0, 0, 1, 1), WG_EINVAL);
    ck_assert_int_eq(wg_map_table_lines_crossed(&i, 1, NULL, m, 0, 0, 1, 1), WG_EINVAL);
    ck_assert_int_eq(wg_map_table_lines_crossed(NULL, 1, &n, m, 0, 0, 1, 1), WG_EINVAL);
    ck_assert_int_eq(wg_map_table_los(NULL, NULL, NULL, m, 0, 0, 1, 1, 0, -1, 0, 0), WG_EINVAL);
    ck_assert_int_eq(wg_map_table_los(&i, NULL, NULL, m, 0, 0, 1, 1, 0, -1, -1, 0), WG_EINVAL);
    /* out of range */
    ck_assert_int_eq(wg_map_area_level(&i, m, 3), WG_ERANGE);
    ck_assert_int_eq(wg_map_area_points(xy, 8, &n, m, -1), WG_ERANGE);
    ck_assert_int_eq(wg_map_line_info(&i, &i, m, 3), WG_ERANGE);
    ck_assert_int_eq(wg_map_line_name(&s, m, -1), WG_ERANGE);
    ck_assert_int_eq(wg_map_line_points(xy, 8, &n, m, 3), WG_ERANGE);
    ck_assert_int_eq(wg_map_place(&x, &y, &s, m, 2), WG_ERANGE);
    ck_assert_int_eq(wg_map_table_area_at(&i, m, WG_GEOM_MAX + 1, 0), WG_ERANGE);
    ck_assert_int_eq(wg_map_table_level_at(&i, m, 0, -WG_GEOM_MAX - 1), WG_ERANGE);
    ck_assert_int_eq(wg_map_table_areas_crossed(&i, 1, &n, m, 0, 0, 1, WG_GEOM_MAX + 1), WG_ERANGE);
    ck_assert_int_eq(wg_map_table_lines_crossed(&i, 1, &n, m, 0, 0, WG_GEOM_MAX + 1, 0), WG_ERANGE);
    ck_assert_int_eq(wg_map_table_los(&i, NULL, NULL, m, WG_GEOM_MAX + 1, 0, 1, 1, 0, -1, 0, 0), WG_ERANGE);
    ck_assert_int_eq(wg_map_table_los(&i, NULL, NULL, m, 0, 0, 1, 1, 0, 3, 0, 0), WG_ERANGE);
    wg_map_free(m);
    wg_map_free(hex);
    wg_map_free(graph);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- bad documents */

typedef struct bad_doc {
    const char *line; /* the record replacing the "place Mill" line (line 14) */
    int status;
    const char *msg;
} bad_doc;

START_TEST(test_bad_documents)
{
    static const bad_doc bad[] = {
        {"area wood 0,0 10,0", WG_EPARSE, "takes TERRAIN"},
        {"area wood 0,0 10,0 20,0 30,0", WG_EPARSE, "fold back"},
        {"area forest 0,0 10,0 0,10", WG_EPARSE, "forest"},
        {"area wood 0,0 10,0 0,1300", WG_EPARSE, "off the 1200 x 800 mm table"},
        {"area wood 0,0 10,0 0,10.125", WG_EPARSE, "up to two decimals"},
        {"area wood 0,0 10,0 0,10 level=101", WG_EPARSE, "level '101'"},
        {"area wood level=1 level=2 0,0 10,0 0,10", WG_EPARSE, "two levels"},
        {"area wood name=A name=B 0,0 10,0 0,10", WG_EPARSE, "two names"},
        {"area wood marsh 0,0 10,0 0,10", WG_EPARSE, "marsh"},
        {"area wood 0,0 10,0 10,0 0,10", WG_EPARSE, "no length"},
        {"area wood 0,0 10,10 10,0 0,10", WG_EPARSE, "edges 0 and 2 meet"},
        {"line crest 0,0", WG_EPARSE, "takes LINETYPE"},
        {"line crest 0,0 0,0", WG_EPARSE, "piece 0 has no length"},
        {"line hedge 0,0 10,0", WG_EPARSE, "hedge"},
        {"line crest level=x 0,0 10,0", WG_EPARSE, "level 'x'"},
        {"line crest blocks 0,0 10,0", WG_EPARSE, "is not name=, level= or a point"},
        {"place Church 10,10", WG_EPARSE, "exists already"},
        {"place Farm 10;10", WG_EPARSE, "is not X,Y"},
        {"place Farm -1,10", WG_EPARSE, "off the"},
        {"place Farm", WG_EPARSE, "takes NAME X,Y"},
        {"hex 0 0 clear", WG_EPARSE, "'hex' record in a table map"},
        {"zone Z", WG_EPARSE, "'zone' record in a table map"},
        {"grid table 100 100", WG_EPARSE, "a second 'grid' record"},
        {"linetype road", WG_EPARSE, "declared twice"},
    };
    wg_ctx *ctx = plain_ctx();
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        char doc[2048];
        const char *mill = strstr(table_doc, "place Mill");
        snprintf(doc, sizeof doc, "%.*s%s\n", (int)(mill - table_doc), table_doc, bad[k].line);
        wg_map *m = (wg_map *)ctx;
        int rc = wg_map_load(&m, ctx, doc, strlen(doc));
        ck_assert_msg(rc == bad[k].status, "'%s': %s (%s)", bad[k].line, wg_status_str(rc), wg_ctx_errmsg(ctx));
        ck_assert_ptr_null(m);
        ck_assert_msg(strstr(wg_ctx_errmsg(ctx), "line 14") && strstr(wg_ctx_errmsg(ctx), bad[k].msg),
                      "'%s': the message '%s' should name line 14 and say '%s'", bad[k].line, wg_ctx_errmsg(ctx),
                      bad[k].msg);
    }
    /* the grid record itself */
    static const char *const grids[][2] = {
        {"grid table 0 800\n", "out of range"},
        {"grid table 1200\n", "takes WIDTH DEPTH"},
        {"grid table 1200 100001\n", "out of range"},
        {"grid table 1200 8x0\n", "not a length"},
        {"area wood 0,0 10,0 0,10\n", "before the 'grid' record"},
    };
    for (size_t k = 0; k < sizeof grids / sizeof *grids; k++) {
        char doc[256];
        snprintf(doc, sizeof doc, "wgdata 1 map\nterrain wood\n%s", grids[k][0]);
        wg_map *m = NULL;
        ck_assert_int_eq(wg_map_load(&m, ctx, doc, strlen(doc)), WG_EPARSE);
        ck_assert_msg(strstr(wg_ctx_errmsg(ctx), "line 3") && strstr(wg_ctx_errmsg(ctx), grids[k][1]),
                      "'%s': %s", grids[k][0], wg_ctx_errmsg(ctx));
    }
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- exhausted memory */

START_TEST(test_out_of_memory)
{
    /* the load: every allocation failing in turn gives WG_ENOMEM and gives back everything */
    uint64_t k;
    for (k = 1;; k++) {
        wgt_alloc a = {0};
        wg_ctx *ctx = wgt_ctx(&a);
        size_t base = a.bytes;
        a.fail_at = a.calls + k;
        wg_map *m = NULL;
        int rc = wg_map_load(&m, ctx, table_doc, strlen(table_doc));
        if (rc == WG_OK) {
            ck_assert(!a.failed);
            wg_map_free(m);
            ck_assert_uint_eq(a.bytes, base);
            wg_ctx_free(ctx);
            break;
        }
        ck_assert_msg(rc == WG_ENOMEM, "allocation %llu: %s (%s)", (unsigned long long)k, wg_status_str(rc),
                      wg_ctx_errmsg(ctx));
        ck_assert_ptr_null(m);
        ck_assert_uint_eq(a.bytes, base);
        wg_ctx_free(ctx);
    }
    ck_assert_uint_ge(k, 20);
    /* each call that allocates: a failure changes nothing, the same call then succeeds */
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_map *m = NULL;
    for (int what = 0; what < 4; what++) {
        for (k = 1;; k++) {
            if (!m) {
                ck_assert_int_eq(wg_map_new_table(&m, ctx, MM(100), MM(100)), WG_OK);
            }
            size_t bytes = a.bytes, blocks = a.blocks;
            int n0 = 0, l0 = 0, p0 = 0, t0 = 0, out = -1;
            wg_map_space_count(&n0, m);
            wg_map_line_count(&l0, m);
            wg_map_place_count(&p0, m);
            wg_map_linetype_count(&t0, m);
            a.fail_at = a.calls + k;
            a.failed = 0;
            int32_t tri[] = {0, 0, MM(10), 0, 0, MM(10)};
            char name[16];
            snprintf(name, sizeof name, "n%d", n0 + l0 + p0 + t0);
            int rc;
            if (what == 0)
                rc = wg_map_declare_linetype(&out, m, name);
            else if (what == 1)
                rc = wg_map_line_add(&out, m, 0, 0, name, tri, 4);
            else if (what == 2)
                rc = wg_map_place_add(&out, m, name, 0, 0);
            else {
                int wood = -1;
                a.fail_at = 0;
                ck_assert_int_eq(wg_map_declare_terrain(&wood, m, "wood"), WG_OK);
                bytes = a.bytes;
                blocks = a.blocks;
                a.fail_at = a.calls + k;
                rc = wg_map_area_add(&out, m, wood, 0, tri, 6);
            }
            a.fail_at = 0;
            int n1 = 0, l1 = 0, p1 = 0, t1 = 0;
            wg_map_space_count(&n1, m);
            wg_map_line_count(&l1, m);
            wg_map_place_count(&p1, m);
            wg_map_linetype_count(&t1, m);
            if (rc == WG_OK && !a.failed) {
                if (what == 3 && k < 3 && n1 < 9)
                    continue; /* grow the areas past their first capacity too */
                break;
            }
            ck_assert_msg(rc == WG_ENOMEM, "call %d, allocation %llu: %s", what, (unsigned long long)k,
                          wg_status_str(rc));
            ck_assert_ptr_nonnull(strstr(wg_map_errmsg(m), "out of memory"));
            ck_assert_uint_eq(a.bytes, bytes);
            ck_assert_uint_eq(a.blocks, blocks);
            ck_assert_int_eq(n1, n0);
            ck_assert_int_eq(l1, l0);
            ck_assert_int_eq(p1, p0);
            ck_assert_int_eq(t1, t0);
        }
    }
    /* areas past their first capacity (8): the growth of the parallel arrays fails cleanly */
    int wood = -1;
    ck_assert_int_eq(wg_map_declare_terrain(&wood, m, "wood"), WG_OK);
    int n = 0;
    int32_t tri[] = {0, 0, MM(10), 0, 0, MM(10)};
    for (wg_map_space_count(&n, m); n < 8; wg_map_space_count(&n, m)) {
        int s;
        ck_assert_int_eq(wg_map_area_add(&s, m, wood, 0, tri, 6), WG_OK);
    }
    for (k = 1;; k++) {
        size_t bytes = a.bytes;
        a.fail_at = a.calls + k;
        a.failed = 0;
        int s = -1;
        int rc = wg_map_area_add(&s, m, wood, 0, tri, 6);
        a.fail_at = 0;
        if (rc == WG_OK)
            break;
        ck_assert_int_eq(rc, WG_ENOMEM);
        ck_assert_uint_eq(a.bytes, bytes);
        wg_map_space_count(&n, m);
        ck_assert_int_eq(n, 8);
    }
    ck_assert_uint_ge(k, 3);
    wg_map_free(m);
    /* a new table */
    a.fail_at = a.calls + 1;
    wg_map *t = NULL;
    ck_assert_int_eq(wg_map_new_table(&t, ctx, 10, 10), WG_ENOMEM);
    ck_assert_ptr_null(t);
    a.fail_at = 0;
    wg_ctx_free(ctx);
    ck_assert_uint_eq(a.bytes, 0);
}
END_TEST

/* ---------------------------------------------------------------- wg_geom_* */

START_TEST(test_geom_calls)
{
    wg_ctx *ctx = plain_ctx();
    int32_t q[8];
    size_t n = 0;
    /* a base 20 mm wide and 10 deep, facing up the table from the centre of its front edge */
    ck_assert_int_eq(wg_geom_base_corners(q, 8, &n, ctx, 0, 0, 0, 100, MM(20), MM(10)), WG_OK);
    ck_assert_uint_eq(n, 8);
    static const int32_t want[8] = {-1000, 0, 1000, 0, 1000, -1000, -1000, -1000};
    for (int i = 0; i < 8; i++)
        ck_assert_int_eq(q[i], want[i]);
    /* facing to the right: front-left is up */
    int32_t r[8];
    ck_assert_int_eq(wg_geom_base_corners(r, 8, &n, ctx, 0, 0, 5, 0, MM(20), MM(10)), WG_OK);
    ck_assert_int_eq(r[0], 0);
    ck_assert_int_eq(r[1], 1000);
    ck_assert_int_eq(r[4], -1000);
    ck_assert_int_eq(r[5], -1000);
    ck_assert_int_eq(wg_geom_base_corners(r, 7, &n, ctx, 0, 0, 5, 0, MM(20), MM(10)), WG_EBUFSIZE);
    ck_assert_uint_eq(n, 8);
    ck_assert_int_eq(wg_geom_base_corners(r, 8, &n, ctx, 0, 0, 0, 0, 10, 10), WG_EINVAL);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "no direction"));
    ck_assert_int_eq(wg_geom_base_corners(r, 8, &n, ctx, 0, 0, 1, 0, -1, 10), WG_EINVAL);
    ck_assert_int_eq(wg_geom_base_corners(r, 8, NULL, ctx, 0, 0, 1, 0, 1, 10), WG_EINVAL);
    ck_assert_int_eq(wg_geom_base_corners(NULL, 8, &n, ctx, 0, 0, 1, 0, 1, 10), WG_EINVAL);
    ck_assert_int_eq(wg_geom_base_corners(r, 8, &n, NULL, 0, 0, 1, 0, 1, 10), WG_EINVAL);
    ck_assert_int_eq(wg_geom_base_corners(r, 8, &n, ctx, WG_GEOM_MAX + 1, 0, 1, 0, 1, 10), WG_ERANGE);
    ck_assert_int_eq(wg_geom_base_corners(r, 8, &n, ctx, 0, 0, 1, 0, 4194305, 10), WG_ERANGE);
    ck_assert_int_eq(wg_geom_base_corners(r, 8, &n, ctx, WG_GEOM_MAX, 0, -1, 0, 0, 10), WG_ERANGE);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "corner"));
    /* distances: a point 30 mm ahead of the base's front, one 3-4-5 off its corner */
    int32_t d = -1;
    int32_t ahead[2] = {0, MM(30)}, corner[2] = {1000 + 300, 400};
    ck_assert_int_eq(wg_geom_distance(&d, ctx, q, 8, ahead, 2), WG_OK);
    ck_assert_int_eq(d, MM(30));
    ck_assert_int_eq(wg_geom_distance(&d, ctx, corner, 2, q, 8), WG_OK);
    ck_assert_int_eq(d, 500);
    int32_t seg[4] = {-5000, 2000, 5000, 2000};
    ck_assert_int_eq(wg_geom_distance(&d, ctx, seg, 4, q, 8), WG_OK);
    ck_assert_int_eq(d, 2000);
    ck_assert_int_eq(wg_geom_distance(&d, ctx, seg, 4, ahead, 2), WG_OK);
    ck_assert_int_eq(d, 1000);
    int32_t p1[2] = {0, 0}, p2[2] = {1, 1};
    ck_assert_int_eq(wg_geom_distance(&d, ctx, p1, 2, p2, 2), WG_OK);
    ck_assert_int_eq(d, 1); /* sqrt 2, rounded down */
    int w = -1;
    ck_assert_int_eq(wg_geom_within(&w, ctx, corner, 2, q, 8, 500), WG_OK);
    ck_assert_int_eq(w, 1);
    ck_assert_int_eq(wg_geom_within(&w, ctx, corner, 2, q, 8, 499), WG_OK);
    ck_assert_int_eq(w, 0);
    ck_assert_int_eq(wg_geom_within(&w, ctx, p1, 2, p2, 2, 1), WG_OK);
    ck_assert_int_eq(w, 0); /* sqrt 2 > 1 exactly */
    ck_assert_int_eq(wg_geom_within(&w, ctx, seg, 4, ahead, 2, 1000), WG_OK);
    ck_assert_int_eq(w, 1);
    ck_assert_int_eq(wg_geom_within(&w, ctx, seg, 4, q, 8, 1999), WG_OK);
    ck_assert_int_eq(w, 0);
    ck_assert_int_eq(wg_geom_within(&w, ctx, q, 8, q, 8, 0), WG_OK);
    ck_assert_int_eq(w, 1);
    ck_assert_int_eq(wg_geom_within(&w, ctx, q, 8, ahead, 2, -1), WG_EINVAL);
    ck_assert_int_eq(wg_geom_within(&w, ctx, q, 8, ahead, 2, (1 << 26) + 1), WG_ERANGE);
    ck_assert_int_eq(wg_geom_within(NULL, ctx, q, 8, ahead, 2, 1), WG_EINVAL);
    ck_assert_int_eq(wg_geom_within(&w, NULL, q, 8, ahead, 2, 1), WG_EINVAL);
    ck_assert_int_eq(wg_geom_within(&w, ctx, q, 8, ahead, 3, 1), WG_EINVAL);
    int32_t far[2] = {0, WG_GEOM_MAX + 1};
    ck_assert_int_eq(wg_geom_within(&w, ctx, q, 8, far, 2, 1), WG_ERANGE);
    /* overlaps: apart, edge to edge, one over the other; a segment through a base */
    int32_t behind[8], over[8];
    ck_assert_int_eq(wg_geom_base_corners(behind, 8, &n, ctx, 0, -1000, 0, 1, MM(20), MM(10)), WG_OK);
    ck_assert_int_eq(wg_geom_base_corners(over, 8, &n, ctx, 500, -500, 0, 1, MM(20), MM(10)), WG_OK);
    int o = -1;
    ck_assert_int_eq(wg_geom_overlap(&o, ctx, q, 8, behind, 8), WG_OK);
    ck_assert_int_eq(o, 1);
    ck_assert_int_eq(wg_geom_overlap(&o, ctx, q, 8, over, 8), WG_OK);
    ck_assert_int_eq(o, 2);
    ck_assert_int_eq(wg_geom_overlap(&o, ctx, q, 8, ahead, 2), WG_OK);
    ck_assert_int_eq(o, 0);
    int32_t through[4] = {-2000, -500, 2000, -500}, along[4] = {-2000, 0, 2000, 0};
    ck_assert_int_eq(wg_geom_overlap(&o, ctx, through, 4, q, 8), WG_OK);
    ck_assert_int_eq(o, 2);
    ck_assert_int_eq(wg_geom_overlap(&o, ctx, along, 4, q, 8), WG_OK);
    ck_assert_int_eq(o, 1);
    ck_assert_int_eq(wg_geom_overlap(&o, ctx, along, 4, through, 4), WG_OK);
    ck_assert_int_eq(o, 0);
    int32_t cross[4] = {0, -3000, 0, 3000};
    ck_assert_int_eq(wg_geom_overlap(&o, ctx, along, 4, cross, 4), WG_OK);
    ck_assert_int_eq(o, 1);
    int32_t bow[8] = {0, 0, 10, 10, 10, 0, 0, 10};
    ck_assert_int_eq(wg_geom_overlap(&o, ctx, q, 8, bow, 8), WG_EINVAL);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "crosses itself"));
    ck_assert_int_eq(wg_geom_overlap(&o, ctx, q, 8, NULL, 8), WG_EINVAL);
    ck_assert_int_eq(wg_geom_overlap(&o, ctx, q, 7, q, 8), WG_EINVAL);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "7 values"));
    ck_assert_int_eq(wg_geom_overlap(&o, ctx, far, 2, q, 8), WG_ERANGE);
    ck_assert_int_eq(wg_geom_overlap(NULL, ctx, q, 8, q, 8), WG_EINVAL);
    ck_assert_int_eq(wg_geom_overlap(&o, NULL, q, 8, q, 8), WG_EINVAL);
    ck_assert_int_eq(wg_geom_distance(&d, ctx, q, 8, q, 0), WG_EINVAL);
    ck_assert_int_eq(wg_geom_distance(&d, ctx, far, 2, q, 8), WG_ERANGE);
    ck_assert_int_eq(wg_geom_distance(NULL, ctx, q, 8, q, 8), WG_EINVAL);
    ck_assert_int_eq(wg_geom_distance(&d, NULL, q, 8, q, 8), WG_EINVAL);
    /* arcs: 22.5 degrees exactly (tan = 0.41421356...), 45 and 90 */
    int in = -1;
    int32_t edge_in[2] = {414213, 1000000}, edge_out[2] = {414214, 1000000};
    ck_assert_int_eq(wg_geom_in_arc(&in, ctx, 0, 0, 0, 1, 225, edge_in, 2), WG_OK);
    ck_assert_int_eq(in, 1);
    ck_assert_int_eq(wg_geom_in_arc(&in, ctx, 0, 0, 0, 1, 225, edge_out, 2), WG_OK);
    ck_assert_int_eq(in, 0);
    ck_assert_int_eq(wg_geom_in_arc(&in, ctx, 0, 0, 0, 1, 450, edge_out, 2), WG_OK);
    ck_assert_int_eq(in, 1);
    int32_t side[2] = {1000000, 0}, back[2] = {0, -1};
    ck_assert_int_eq(wg_geom_in_arc(&in, ctx, 0, 0, 0, 1, 900, side, 2), WG_OK);
    ck_assert_int_eq(in, 1);
    ck_assert_int_eq(wg_geom_in_arc(&in, ctx, 0, 0, 0, 1, 900, back, 2), WG_OK);
    ck_assert_int_eq(in, 0);
    /* a base straddling the arc with no corner inside it */
    int32_t wide[8];
    ck_assert_int_eq(wg_geom_base_corners(wide, 8, &n, ctx, 0, 1000000, 0, 1, 4000000, 100), WG_OK);
    ck_assert_int_eq(wg_geom_in_arc(&in, ctx, 0, 0, 0, 1, 225, wide, 8), WG_OK);
    ck_assert_int_eq(in, 1);
    ck_assert_int_eq(wg_geom_in_arc(&in, ctx, 0, 0, 0, 1, 300, wide, 8), WG_EINVAL);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "half-angle 300"));
    ck_assert_int_eq(wg_geom_in_arc(&in, ctx, 0, 0, 0, 0, 225, wide, 8), WG_EINVAL);
    ck_assert_int_eq(wg_geom_in_arc(&in, ctx, 0, 0, 0, 1, 225, NULL, 8), WG_EINVAL);
    ck_assert_int_eq(wg_geom_in_arc(NULL, ctx, 0, 0, 0, 1, 225, wide, 8), WG_EINVAL);
    ck_assert_int_eq(wg_geom_in_arc(&in, NULL, 0, 0, 0, 1, 225, wide, 8), WG_EINVAL);
    ck_assert_int_eq(wg_geom_in_arc(&in, ctx, 0, 0, WG_GEOM_MAX + 1, 1, 225, wide, 8), WG_ERANGE);
    ck_assert_int_eq(wg_geom_in_arc(&in, ctx, 0, 0, 0, 1, 225, far, 2), WG_ERANGE);
    /* faces: what stands ahead, beside, behind */
    int f = -1;
    ck_assert_int_eq(wg_geom_face(&f, ctx, q, 8, ahead, 2), WG_OK);
    ck_assert_int_eq(f, WG_FACE_FRONT);
    ck_assert_int_eq(wg_geom_face(&f, ctx, q, 8, behind, 8), WG_OK);
    ck_assert_int_eq(f, WG_FACE_REAR);
    int32_t right_of[2] = {3000, -500}, left_of[2] = {-3000, -500};
    ck_assert_int_eq(wg_geom_face(&f, ctx, q, 8, right_of, 2), WG_OK);
    ck_assert_int_eq(f, WG_FACE_RIGHT);
    ck_assert_int_eq(wg_geom_face(&f, ctx, q, 8, left_of, 2), WG_OK);
    ck_assert_int_eq(f, WG_FACE_LEFT);
    ck_assert_int_eq(wg_geom_face(&f, ctx, ahead, 2, q, 8), WG_EINVAL);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "not 8 values"));
    int32_t dart[8] = {0, 0, 100, 100, 0, 30, -100, 100};
    ck_assert_int_eq(wg_geom_face(&f, ctx, dart, 8, ahead, 2), WG_EINVAL);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "convex"));
    ck_assert_int_eq(wg_geom_face(&f, ctx, q, 8, ahead, 1), WG_EINVAL);
    ck_assert_int_eq(wg_geom_face(NULL, ctx, q, 8, ahead, 2), WG_EINVAL);
    ck_assert_int_eq(wg_geom_face(&f, NULL, q, 8, ahead, 2), WG_EINVAL);
    ck_assert_int_eq(wg_geom_face(&f, ctx, q, 8, far, 2), WG_ERANGE);
    wg_ctx_free(ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("table_map");
    TCase *tc = tcase_create("all");
    tcase_add_test(tc, test_document);
    tcase_add_test(tc, test_points_and_paths);
    tcase_add_test(tc, test_line_of_sight);
    tcase_add_test(tc, test_build_calls);
    tcase_add_test(tc, test_wrong_map_and_arguments);
    tcase_add_test(tc, test_bad_documents);
    tcase_add_test(tc, test_out_of_memory);
    tcase_add_test(tc, test_geom_calls);
    suite_add_tcase(s, tc);
    return wgt_run(s);
}

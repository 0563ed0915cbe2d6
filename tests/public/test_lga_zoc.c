/* La Grande Armée zones of control in executed Cavalry moves, through the public API: the move
   offered and the move made agree step by step, with the MP the rule charges (LGA-ZOC-06,
   LGA-ZOC-08, LGA-MOVE-03). */
#include <stdio.h>
#include <string.h>

#include "testutil.h"
#include "wgplay.h"

static wg_ctx *CTX;

static void setup(void)
{
    ck_assert_int_eq(wg_ctx_new(&CTX, NULL, NULL), WG_OK);
}

static void teardown(void)
{
    wg_ctx_free(CTX);
    CTX = NULL;
}

/* A 6 x 4 board of Mountains (which Cavalry may never enter) but for a corridor along row 1:
   Start 0102, then 0202, 0302, 0402, 0502, 0602.  An Austrian infantry Division on the Mountain at
   0303 puts a partial ZOC on 0202, 0302 and 0402 (LGA-ZOC-02). */
static wg_game *corridor(void)
{
    char map[4096];
    size_t n = (size_t)snprintf(map, sizeof map,
                                "wgdata 1 map\n"
                                "grid hex 6 4 odd-q\n"
                                "terrain clear city fortress mountain pass\n"
                                "flag austria prussia saxony passentry linea lineb easta eastb edge-n edge-s edge-e "
                                "edge-w\n"
                                "sideflag river bridge lake\n"
                                "hex 0 1 clear \"name=Start\"\n"
                                "hex 2 2 mountain \"name=Foe\"\n");
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 6; c++)
            if (r != 1 && !(c == 2 && r == 2))
                n += (size_t)snprintf(map + n, sizeof map - n, "hex %d %d mountain\n", c, r);
    ck_assert_uint_lt(n, sizeof map);
    wg_game *g = wgp_lga_position(CTX, map, 2, "",
                                  "group a1 allied setup at=Foe one-hex\n"
                                  "unit austrian infantry division 2-4 x1\n"
                                  "group f1 french setup at=Start one-hex\n"
                                  "unit french cavalry division 2-7 x1\n");
    wgp_lga_to_french_movement(g);
    return g;
}

/* Where the French Cavalry Division stands (CCRR), from the pieces. */
static void cavalry_at(wg_game *g, char *out, size_t cap)
{
    size_t n = 0;
    const wg_map *map = NULL;
    ck_assert_int_eq(wg_game_map(&map, g), WG_OK);
    ck_assert_int_eq(wg_game_piece_count(&n, g, WG_VIEW_REFEREE), WG_OK);
    out[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        char pl[128];
        size_t len;
        int side, space, c, r;
        wg_game_piece(&side, &space, g, WG_VIEW_REFEREE, i);
        wg_game_piece_label(pl, sizeof pl, &len, g, WG_VIEW_REFEREE, i);
        if (!strstr(pl, "Fr Cav"))
            continue;
        wg_map_hex_coords(&c, &r, map, space);
        snprintf(out, cap, "%02d%02d", (c + 1) % 100, (r + 1) % 100);
    }
}

/* LGA-ZOC-08: entering a partially controlled hex costs nothing extra, leaving one costs +2 MP;
   LGA-ZOC-06: Cavalry move into, through and out of partially controlled hexes.  With 7 MP the
   Division reaches 0202 (1), 0302 (1 + 3) and 0402 (4 + 3) and no farther; the move made to 0402
   ends there and is charged 7 MP, as offered. */
START_TEST(test_cavalry_pays_to_leave_partial_zoc)
{
    wg_game *g = corridor();
    wgp_choose(g, "move Fr Cav");
    if (wgp_find(g, "no forced march") >= 0)
        wgp_choose(g, "no forced march");
    ck_assert_msg(wgp_find(g, "-> 0202") >= 0, "%s", wgp_options_dump(g));
    ck_assert_msg(wgp_find(g, "-> 0302") >= 0, "%s", wgp_options_dump(g));
    ck_assert_msg(wgp_find(g, "-> 0402") >= 0, "%s", wgp_options_dump(g));
    ck_assert_msg(wgp_find(g, "-> 0502") < 0, "0502 needs 8 MP: %s", wgp_options_dump(g));
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "-> 0402");
    long e = wgp_find_event(g, ev, "moves to 0402", WG_VIEW_REFEREE);
    ck_assert_msg(e >= 0, "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_ptr_nonnull(strstr(wgp_event(g, (size_t)e, WG_VIEW_REFEREE), "(7 MP)"));
    char at[32];
    cavalry_at(g, at, sizeof at);
    ck_assert_str_eq(at, "0402");
    wg_game_free(g);
}
END_TEST

/* The same corridor, a shorter move: to 0302 is 1 + 3 = 4 MP, charged as such. */
START_TEST(test_cavalry_move_through_one_partial_hex)
{
    wg_game *g = corridor();
    wgp_choose(g, "move Fr Cav");
    if (wgp_find(g, "no forced march") >= 0)
        wgp_choose(g, "no forced march");
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "-> 0302");
    long e = wgp_find_event(g, ev, "moves to 0302", WG_VIEW_REFEREE);
    ck_assert_msg(e >= 0, "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_ptr_nonnull(strstr(wgp_event(g, (size_t)e, WG_VIEW_REFEREE), "(4 MP)"));
    char at[32];
    cavalry_at(g, at, sizeof at);
    ck_assert_str_eq(at, "0302");
    wg_game_free(g);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("lga_zoc");
    TCase *t = tcase_create("cavalry");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_cavalry_pays_to_leave_partial_zoc);
    tcase_add_test(t, test_cavalry_move_through_one_partial_hex);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

/* La Grande Armée Terrain Effects on movement played through the public API: a French Division
   leaves a hex of a tiny host map in each direction, and the executed move's event says what it
   cost (LGA-TEC-01..09, LGA-MOVE-04). */
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

/* Start at 0303 (col 2, row 2); around it: n a mountain, s a city across a bridged River, the
   ne and se hex-sides unbridged River, sw and nw clear.  A move takes the cheapest route, so a
   neighbour across the river costs the crossing (1 + 2) or the way round, whichever is less. */
static const char MAP[] = "wgdata 1 map\n"
                          "grid hex 8 6 odd-q\n"
                          "terrain clear city fortress mountain pass\n"
                          "flag austria prussia saxony passentry linea lineb easta eastb edge-n edge-s edge-e edge-w\n"
                          "sideflag river bridge lake\n"
                          "hex 2 2 clear \"name=Start\"\n"
                          "hex 2 1 mountain \"name=Hill\"\n"
                          "hex 2 3 city \"name=Town\"\n"
                          "hex 7 5 city \"name=Far\"\n"
                          "side 2 2 ne river\n"
                          "side 2 2 se river\n"
                          "side 2 2 s river bridge\n";

static wg_game *game_with(const char *french)
{
    char body[1024];
    snprintf(body, sizeof body,
             "group a1 allied setup at=Far one-hex\n"
             "unit austrian cavalry division 1-6 x1\n"
             "group f1 french setup at=Start one-hex\n"
             "%s",
             french);
    wg_game *g = wgp_lga_position(CTX, MAP, 2, "", body);
    wgp_lga_to_french_movement(g);
    return g;
}

/* The label CCRR of Start's neighbour in direction dir. */
static void neighbour_label(wg_game *g, int dir, char *out, size_t cap)
{
    const wg_map *map = NULL;
    ck_assert_int_eq(wg_game_map(&map, g), WG_OK);
    int start = -1, nb = -1, c = 0, r = 0;
    ck_assert_int_eq(wg_map_hex_at(&start, map, 2, 2), WG_OK);
    ck_assert_int_eq(wg_map_hex_neighbor(&nb, map, start, dir), WG_OK);
    ck_assert_int_eq(wg_map_hex_coords(&c, &r, map, nb), WG_OK);
    snprintf(out, cap, "%02d%02d", c + 1, r + 1);
}

/* Moves the first French Division from Start to its neighbour in dir and returns the MP the move
   event reports (-1 when the hex is not offered). */
static int move_cost(wg_game *g, int dir)
{
    char lab[32], want[64];
    neighbour_label(g, dir, lab, sizeof lab);
    uint64_t before = 0;
    ck_assert_int_eq(wg_game_step_count(&before, g), WG_OK);
    wgp_choose(g, "move Fr Inf 2-5");
    if (wgp_find(g, "no forced march") >= 0)
        wgp_choose(g, "no forced march");
    snprintf(want, sizeof want, "-> %s", lab);
    int cost = -1;
    if (wgp_find(g, want) >= 0) {
        size_t ev = wgp_event_count(g);
        wgp_choose(g, want);
        snprintf(want, sizeof want, "moves to %s", lab);
        long e = wgp_find_event(g, ev, want, WG_VIEW_REFEREE);
        ck_assert_msg(e >= 0, "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
        const char *t = strstr(wgp_event(g, (size_t)e, WG_VIEW_REFEREE), "(");
        ck_assert_ptr_nonnull(t);
        ck_assert_int_eq(sscanf(t, "(%d MP)", &cost), 1);
        /* the unit stands where the option said */
        size_t n = 0;
        int found = 0;
        ck_assert_int_eq(wg_game_piece_count(&n, g, WG_VIEW_REFEREE), WG_OK);
        for (size_t i = 0; i < n; i++) {
            char pl[128];
            size_t len;
            int side, space, c, r;
            const wg_map *map;
            wg_game_map(&map, g);
            wg_game_piece(&side, &space, g, WG_VIEW_REFEREE, i);
            wg_game_piece_label(pl, sizeof pl, &len, g, WG_VIEW_REFEREE, i);
            wg_map_hex_coords(&c, &r, map, space);
            char at[32];
            snprintf(at, sizeof at, "%02d%02d", c + 1, r + 1);
            found |= strstr(pl, "Fr Inf 2-5") && strcmp(at, lab) == 0;
        }
        ck_assert_msg(found, "no French Division on %s", lab);
    }
    ck_assert_int_eq(wg_game_undo_to(g, before), WG_OK);
    return cost;
}

/* the directions of a flat-topped map (odd-q), as wg_map_hex_neighbor numbers them */
enum { NE = 0, SE = 1, S = 2, SW = 3, NW = 4, N = 5 };

START_TEST(test_terrain_costs_of_a_lone_unit)
{
    wg_game *g = game_with("unit french infantry division 2-5 x1\n");
    ck_assert_int_eq(move_cost(g, NW), 1); /* LGA-TEC-01: clear, 1 MP */
    ck_assert_int_eq(move_cost(g, S), 1);  /* LGA-TEC-02, LGA-TEC-05: a city across a bridge, 1 MP */
    ck_assert_int_eq(move_cost(g, N), 3);  /* LGA-TEC-06: mountain, 3 MP */
    ck_assert_int_eq(move_cost(g, NE), 3); /* LGA-TEC-04: across the River 1 + 2; round by N 3 + 1 */
    ck_assert_int_eq(move_cost(g, SE), 2); /* across the River 3; round by the bridge 1 + 1 */
    wg_game_free(g);
}
END_TEST

/* LGA-TEC-08, LGA-STACK-02, LGA-TEC-09: leaving a hex with another Friendly Combat unit costs +1,
   added to the terrain: 1 + 1 into clear, 3 + 1 into the mountain. */
START_TEST(test_unstacking_adds_one)
{
    wg_game *g = game_with("unit french infantry division 2-5 x2\n");
    ck_assert_int_eq(move_cost(g, NW), 2);
    ck_assert_int_eq(move_cost(g, N), 4);
    ck_assert_int_eq(move_cost(g, NE), 4); /* 1 + 2 + 1 */
    ck_assert_int_eq(move_cost(g, SE), 3); /* round by the bridge: 1 + 1 + 1 */
    wg_game_free(g);
}
END_TEST

/* LGA-TEC-06: Cavalry may not enter a mountain hex. */
START_TEST(test_cavalry_kept_off_mountains)
{
    wg_game *g = game_with("unit french cavalry division 1-8 x1\n");
    char lab[32], want[48];
    neighbour_label(g, N, lab, sizeof lab);
    wgp_choose(g, "move Fr Cav");
    if (wgp_find(g, "no forced march") >= 0)
        wgp_choose(g, "no forced march");
    snprintf(want, sizeof want, "-> %s", lab);
    ck_assert_msg(wgp_find(g, want) < 0, "%s", wgp_options_dump(g));
    neighbour_label(g, NW, lab, sizeof lab);
    snprintf(want, sizeof want, "-> %s", lab);
    ck_assert_msg(wgp_find(g, want) >= 0, "%s", wgp_options_dump(g));
    wg_game_free(g);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("lga_terrain");
    TCase *t = tcase_create("terrain");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_terrain_costs_of_a_lone_unit);
    tcase_add_test(t, test_unstacking_adds_one);
    tcase_add_test(t, test_cavalry_kept_off_mountains);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

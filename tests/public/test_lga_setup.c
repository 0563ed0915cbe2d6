/* La Grande Armée set-up through the public API: "place the rest of the set-up automatically"
   places units where the scenario allows (LGA-SCEN-03, LGA-SCEN-04) and where they keep their
   supply: at the first stacking check of Game-Turn 1 no automatically placed Combat unit stands in
   a stack without Stacking Supply (LGA-STACK-03, LGA-STACK-05: a Fortress, or a Friendly Supply
   unit on or next to the hex, LGA-SUPPLY-02), and the units are spread over the allowed zone. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgplay.h"

enum { MAXP = 1024 };

typedef struct piece {
    int side, space, combat, supply;
} piece;

static size_t read_pieces(wg_game *g, piece *p)
{
    size_t n = 0;
    ck_assert_int_eq(wg_game_piece_count(&n, g, WG_VIEW_REFEREE), WG_OK);
    ck_assert_uint_le(n, MAXP);
    for (size_t i = 0; i < n; i++) {
        char lab[256];
        size_t len;
        ck_assert_int_eq(wg_game_piece(&p[i].side, &p[i].space, g, WG_VIEW_REFEREE, i), WG_OK);
        ck_assert_int_eq(wg_game_piece_label(lab, sizeof lab, &len, g, WG_VIEW_REFEREE, i), WG_OK);
        p[i].combat = strstr(lab, " Inf ") || strstr(lab, " Cav ");
        p[i].supply = strstr(lab, " Sup ") != NULL;
    }
    return n;
}

static void check_scenario(const char *sc, uint64_t seeds)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    static piece p[MAXP];
    uint64_t stacks_ok = 0, placed_total = 0, hexes_total = 0;
    for (uint64_t seed = 1; seed <= seeds; seed++) {
        wg_game *g = wgp_new(ctx, "lga", sc, NULL, seed, NULL);
        int autos = 0;
        while (wgp_find(g, "place the rest of the set-up automatically") >= 0) {
            wgp_choose(g, "place the rest of the set-up automatically");
            autos++;
        }
        ck_assert_int_eq(autos, 2); /* the Allied, then the French set-up */
        const wg_map *map = NULL;
        ck_assert_int_eq(wg_game_map(&map, g), WG_OK);
        int fortress = -1;
        ck_assert_int_eq(wg_map_terrain_code(&fortress, map, "fortress"), WG_OK);
        size_t n = read_pieces(g, p);
        ck_assert_uint_gt(n, 0);
        for (size_t i = 0; i < n; i++) {
            if (!p[i].combat)
                continue;
            placed_total++;
            int first = 1, stacked = 0;
            for (size_t j = 0; j < n; j++) {
                if (j != i && p[j].combat && p[j].side == p[i].side && p[j].space == p[i].space) {
                    stacked = 1;
                    first &= j > i;
                }
            }
            if (first)
                hexes_total++;
            if (!stacked)
                continue;
            int t = -1;
            ck_assert_int_eq(wg_map_terrain(&t, map, p[i].space), WG_OK);
            int supplied = t == fortress;
            for (size_t j = 0; j < n && !supplied; j++) {
                int d = 99;
                if (!p[j].supply || p[j].side != p[i].side)
                    continue;
                ck_assert_int_eq(wg_map_hex_distance(&d, map, p[j].space, p[i].space), WG_OK);
                supplied = d <= 1;
            }
            ck_assert_msg(supplied, "%s seed %llu: a stack at space %d without Stacking Supply\n%s", sc,
                          (unsigned long long)seed, p[i].space, wgp_describe(g, WG_VIEW_REFEREE));
            stacks_ok++;
        }
        wg_game_free(g);
    }
    /* spread: most Combat units stand on a hex of their own */
    ck_assert_msg(hexes_total * 10 >= placed_total * 8, "%s: %llu Combat units on %llu hexes", sc,
                  (unsigned long long)placed_total, (unsigned long long)hexes_total);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}

START_TEST(test_automatic_set_up_keeps_supply)
{
    static const char *const sc[] = {"1805", "1806", "1809"};
    check_scenario(sc[_i], 100);
}
END_TEST

/* The placement is spread by the seed: two seeds place some unit differently. */
START_TEST(test_automatic_set_up_depends_on_the_seed)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    static piece a[MAXP], b[MAXP];
    wg_game *g1 = wgp_new(ctx, "lga", "1805", NULL, 1, NULL), *g2 = wgp_new(ctx, "lga", "1805", NULL, 2, NULL);
    while (wgp_find(g1, "place the rest of the set-up automatically") >= 0)
        wgp_choose(g1, "place the rest of the set-up automatically");
    while (wgp_find(g2, "place the rest of the set-up automatically") >= 0)
        wgp_choose(g2, "place the rest of the set-up automatically");
    size_t n1 = read_pieces(g1, a), n2 = read_pieces(g2, b);
    int differ = n1 != n2;
    for (size_t i = 0; i < n1 && i < n2 && !differ; i++)
        differ = a[i].space != b[i].space;
    ck_assert(differ);
    wg_game_free(g1);
    wg_game_free(g2);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* Section 5 of the proving rules: a position the rules forbid is refused when the game is set up,
   naming the line and the rule.  Two Prussian corps in a one-hex group on Glogau, a Prussian
   Fortress, break the one-unit limit (LGA-PRUSSIAN-02/03); one corps, or two outside the Prussian
   rules, set up fine. */
static const char PMAP[] = "wgdata 1 map\n"
                           "grid hex 8 6 odd-q\n"
                           "terrain clear city fortress mountain pass\n"
                           "flag austria prussia saxony passentry linea lineb easta eastb edge-n edge-s edge-e edge-w\n"
                           "sideflag river bridge lake\n"
                           "hex 3 2 fortress prussia \"name=Glogau\"\n"
                           "hex 6 2 clear \"name=There\"\n";

static int prussian_setup(wg_ctx *ctx, const char *rules, int corps)
{
    char scen[2048];
    snprintf(scen, sizeof scen,
             "wgdata 1 lga-scenario\n"
             "scenario t \"test position\"\n"
             "turns 1\n"
             "%s"
             "track 1 \"One\"\n"
             "group a1 allied setup at=Glogau one-hex\n"
             "unit prussian infantry corps 4-3 x%d\n"
             "group f1 french setup at=There one-hex\n"
             "unit french infantry corps 5-4 x1\n"
             "level 1 - french-decisive\n"
             "level - 0 draw\n",
             rules, corps);
    wgp_doc docs[] = {{"map", PMAP}, {"scenario", scen}, {NULL, NULL}};
    wg_game *g = NULL;
    int rc = wgp_try_new(&g, ctx, "lga", "1806", NULL, 1, docs);
    wg_game_free(g);
    return rc;
}

START_TEST(test_forbidden_position_refused_at_setup)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    int rc = prussian_setup(ctx, "rules prussian\n", 2);
    ck_assert_int_lt(rc, 0);
    const char *msg = wg_ctx_errmsg(ctx);
    ck_assert_msg(strstr(msg, ":6: group 'a1' puts 2 Prussian Combat units on the Prussian Fortress Glogau") != NULL,
                  "%s", msg);
    ck_assert_ptr_nonnull(strstr(msg, "LGA-PRUSSIAN-02"));
    wgp_trace_message(msg);
    ck_assert_int_eq(prussian_setup(ctx, "rules prussian\n", 1), WG_OK);
    ck_assert_int_eq(prussian_setup(ctx, "", 2), WG_OK);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* Section 5: Cavalry may never stand on a Mountain hex (LGA-MOVE-08): a one-hex set-up group that
   can stand only on a Mountain and holds Cavalry is refused at set-up, naming the line and the rule;
   infantry may stand there. */
static int mountain_setup(wg_ctx *ctx, const char *unit)
{
    static const char map[] = "wgdata 1 map\n"
                              "grid hex 8 6 odd-q\n"
                              "terrain clear city fortress mountain pass\n"
                              "flag austria prussia saxony passentry linea lineb easta eastb edge-n edge-s edge-e "
                              "edge-w\n"
                              "sideflag river bridge lake\n"
                              "hex 3 2 mountain \"name=Peak\"\n"
                              "hex 6 2 clear \"name=There\"\n";
    char scen[2048];
    snprintf(scen, sizeof scen,
             "wgdata 1 lga-scenario\n"
             "scenario t \"test position\"\n"
             "turns 1\n"
             "track 1 \"One\"\n"
             "group a1 allied setup at=Peak one-hex\n"
             "%s\n"
             "group f1 french setup at=There one-hex\n"
             "unit french infantry corps 5-4 x1\n"
             "level 1 - french-decisive\n"
             "level - 0 draw\n",
             unit);
    wgp_doc docs[] = {{"map", map}, {"scenario", scen}, {NULL, NULL}};
    wg_game *g = NULL;
    int rc = wgp_try_new(&g, ctx, "lga", "1806", NULL, 1, docs);
    wg_game_free(g);
    return rc;
}

START_TEST(test_cavalry_on_a_mountain_refused_at_setup)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    int rc = mountain_setup(ctx, "unit austrian cavalry division 1-6 x1");
    ck_assert_int_lt(rc, 0);
    const char *msg = wg_ctx_errmsg(ctx);
    ck_assert_msg(strstr(msg, ":5:") != NULL && strstr(msg, "LGA-MOVE-08") != NULL, "%s", msg);
    ck_assert_int_eq(mountain_setup(ctx, "unit austrian infantry corps 4-3 x1"), WG_OK);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("lga_setup");
    TCase *t = tcase_create("setup");
    tcase_set_timeout(t, 900);
    tcase_add_loop_test(t, test_automatic_set_up_keeps_supply, 0, 3);
    tcase_add_test(t, test_automatic_set_up_depends_on_the_seed);
    tcase_add_test(t, test_cavalry_on_a_mountain_refused_at_setup);
    tcase_add_test(t, test_forbidden_position_refused_at_setup);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

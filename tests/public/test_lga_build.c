/* La Grande Armée combinations and breakdowns played through the public API on a tiny host
   position (a host "map" and a host "lga-scenario" document, doc/lga-data.md). */
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

/* An 8 x 6 board (labels are 1-based CCRR): Here at 0503, There at 0703. */
static const char MAP[] = "wgdata 1 map\n"
                          "grid hex 8 6 odd-q\n"
                          "terrain clear city fortress mountain pass\n"
                          "flag austria prussia saxony passentry linea lineb easta eastb edge-n edge-s edge-e edge-w\n"
                          "sideflag river bridge lake\n"
                          "hex 4 2 clear \"name=Here\"\n"
                          "hex 6 2 clear \"name=There\"\n"
                          "hex 0 5 city \"name=Paris\"\n";

/* Counts the French pieces on the board whose label contains needle (as the referee sees them). */
static int french_pieces(wg_game *g, const char *needle)
{
    size_t n = 0;
    int k = 0;
    ck_assert_int_eq(wg_game_piece_count(&n, g, WG_VIEW_REFEREE), WG_OK);
    for (size_t i = 0; i < n; i++) {
        char lab[256];
        size_t len;
        int side, space;
        ck_assert_int_eq(wg_game_piece(&side, &space, g, WG_VIEW_REFEREE, i), WG_OK);
        ck_assert_int_eq(wg_game_piece_label(lab, sizeof lab, &len, g, WG_VIEW_REFEREE, i), WG_OK);
        if (strstr(lab, needle))
            k++;
    }
    return k;
}

/* LGA-GAP-30 (proposal: one Chart step per action; an Army -> Divisions breakdown at the start of
   the phase is two actions, costing 1 MP in total), LGA-COMBINE-05: the 18-2 Army breaks down into
   three 5-4 Corps, and each of these may break down again in the same phase into two 2-5
   Divisions.  They never combine again in that phase.  One MP is spent for the whole breakdown. */
START_TEST(test_army_breaks_down_to_divisions_in_one_phase)
{
    wg_game *g = wgp_lga_position(CTX, MAP, 2, "", "group a1 allied setup at=Paris one-hex\n"
                           "unit austrian cavalry division 1-6 x1\n"
                           "group f1 french setup at=There one-hex\n"
                           "unit french infantry army 18-2 x1\n");
    wgp_lga_to_french_movement(g);
    ck_assert_int_eq(french_pieces(g, "18-2"), 1);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "break down Fr Inf 18-2");
    ck_assert_int_eq(french_pieces(g, "18-2"), 0);
    ck_assert_int_eq(french_pieces(g, "5-4"), 3);
    ck_assert_msg(wgp_find_event(g, ev, "formed by breakdown", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    /* each 5-4 may break down again; none may combine back into the Army */
    ck_assert_msg(wgp_count(g, "break down Fr Inf 5-4") == 3, "%s", wgp_options_dump(g));
    ck_assert_msg(wgp_find(g, "combine") < 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "break down Fr Inf 5-4");
    ck_assert_int_eq(french_pieces(g, "5-4"), 2);
    ck_assert_int_eq(french_pieces(g, "2-5"), 2);
    ck_assert_msg(wgp_count(g, "break down Fr Inf 5-4") == 2, "%s", wgp_options_dump(g));
    ck_assert_msg(wgp_find(g, "break down Fr Inf 2-5") < 0, "%s", wgp_options_dump(g)); /* the smallest */
    /* a Division made in two steps has spent one MP: 4 MP of its 5 left (LGA-COMBINE-05) */
    wgp_choose(g, "move Fr Inf 2-5");
    wgp_skip_forced(g);
    if (wgp_find(g, "no forced march") >= 0)
        wgp_choose(g, "no forced march");
    /* 5 MA - 1 MP for the breakdown - 1 MP for leaving a hex with other Friendly Combat units
       (LGA-STACK-02) = 3 hexes of clear terrain: 0403 is 3 hexes from 0703, 0303 is 4 */
    ck_assert_msg(wgp_find(g, "-> 0403") >= 0, "%s", wgp_options_dump(g));
    ck_assert_msg(wgp_find(g, "-> 03") < 0, "%s", wgp_options_dump(g));
    size_t ev2 = wgp_event_count(g);
    wgp_choose(g, "-> 0403");
    ck_assert_msg(wgp_find_event(g, ev2, "0403", WG_VIEW_REFEREE) >= 0, "%s", wgp_events_dump(g, ev2, WG_VIEW_REFEREE));
    wg_game_free(g);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("lga_build");
    TCase *t = tcase_create("breakdown");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_army_breaks_down_to_divisions_in_one_phase);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

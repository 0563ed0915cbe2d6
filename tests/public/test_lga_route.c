/* La Grande Armée: the player traces the route of a move, through the public API.  "Step to a hex
   and go on" takes the route hex by hex; what entering a hex does happens on the route the player
   traced (LGA-MOVE-02, LGA-FORT-11). */
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

/* From Start 0203 to Goal 0403 two routes of two clear hexes run by 0303 (an empty Allied Fortress,
   "Fort") and by 0304. */
static const char MAP[] = "wgdata 1 map\n"
                          "grid hex 8 6 odd-q\n"
                          "terrain clear city fortress mountain pass\n"
                          "flag austria prussia saxony passentry linea lineb easta eastb edge-n edge-s edge-e edge-w\n"
                          "sideflag river bridge lake\n"
                          "hex 1 2 clear \"name=Start\"\n"
                          "hex 2 2 fortress \"name=Fort\"\n"
                          "hex 3 2 clear \"name=Goal\"\n"
                          "hex 7 5 city \"name=Far\"\n";

static wg_game *position(void)
{
    wg_game *g = wgp_lga_position(CTX, MAP, 2, "",
                                  "group a1 allied setup at=Far one-hex\n"
                                  "unit austrian cavalry division 1-6 x1\n"
                                  "group f1 french setup at=Start one-hex\n"
                                  "unit french infantry division 2-5 x1\n"
                                  "vp place Fort 10 5\n"
                                  "control Fort allied\n");
    wgp_lga_to_french_movement(g);
    wgp_choose(g, "move Fr Inf 2-5");
    if (wgp_find(g, "no forced march") >= 0)
        wgp_choose(g, "no forced march");
    return g;
}

static long control_event(wg_game *g, size_t from)
{
    return wgp_find_event(g, from, "Fort is now controlled by the French", WG_VIEW_REFEREE);
}

/* LGA-MOVE-02, LGA-FORT-11: traced through the empty Fortress, the move captures it on the way, and
   goes on to Goal with the MP left (2 in all). */
START_TEST(test_route_through_the_fortress_captures_it)
{
    wg_game *g = position();
    ck_assert_msg(wgp_find(g, "to 0303 Fort and go on") >= 0, "%s", wgp_options_dump(g));
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "to 0303 Fort and go on");
    ck_assert_msg(control_event(g, ev) >= 0, "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    /* the move goes on: the destinations from 0303, with the MP left */
    ck_assert_msg(strstr(wgp_decision(g), "destination") || wgp_find(g, "-> 0403") >= 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "-> 0403");
    long e = wgp_find_event(g, ev, "moves to 0403", WG_VIEW_REFEREE);
    ck_assert_msg(e >= 0, "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_ptr_nonnull(strstr(wgp_event(g, (size_t)e, WG_VIEW_REFEREE), "(1 MP)"));
    wg_game_free(g);
}
END_TEST

/* LGA-MOVE-02: traced round by 0304, the same move to Goal leaves the Fortress Allied. */
START_TEST(test_route_round_the_fortress_leaves_it)
{
    wg_game *g = position();
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "to 0304 and go on");
    wgp_choose(g, "-> 0403");
    ck_assert_int_ge(wgp_find_event(g, ev, "moves to 0403", WG_VIEW_REFEREE), 0);
    ck_assert_msg(control_event(g, ev) < 0, "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    wg_game_free(g);
}
END_TEST

/* A step is offered only where the unit may go on: not onto a hex it must stop in, not with its last
   MP; "stop here" ends a traced move where it stands. */
START_TEST(test_route_steps_and_stop)
{
    wg_game *g = position();
    wgp_choose(g, "to 0304 and go on");
    wgp_choose(g, "to 0403 Goal and go on");
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "stop here");
    ck_assert_ptr_nonnull(strstr(wgp_decision(g), "French"));
    ck_assert_int_lt(wgp_find(g, "and go on"), 0);
    ck_assert_msg(strstr(wgp_describe(g, WG_VIEW_REFEREE), "0403"), "%s", wgp_describe(g, WG_VIEW_REFEREE));
    (void)ev;
    wg_game_free(g);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("lga_route");
    TCase *t = tcase_create("route");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_route_through_the_fortress_captures_it);
    tcase_add_test(t, test_route_round_the_fortress_leaves_it);
    tcase_add_test(t, test_route_steps_and_stop);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

/* La Grande Armée rules played through the public API on tiny host-supplied positions
   (a host "map" and a host "lga-scenario" document, doc/lga-data.md). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wargame.h"
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

/* An 8 x 6 board (0-based coordinates; labels are 1-based CCRR): Glogau, a Prussian Fortress, at
   0403; Here at 0503 next to it; Close at 0603, between Here and There (0703); Fort, a Fortress in
   the corner 0101 whose only neighbours are Near (0102) and Other (0201). */
static const char MAP[] = "wgdata 1 map\n"
                          "grid hex 8 6 odd-q\n"
                          "terrain clear city fortress mountain pass\n"
                          "flag austria prussia saxony passentry linea lineb easta eastb edge-n edge-s edge-e edge-w\n"
                          "sideflag river bridge lake\n"
                          "hex 0 0 fortress \"name=Fort\"\n"
                          "hex 0 1 clear \"name=Near\"\n"
                          "hex 1 0 clear \"name=Other\"\n"
                          "hex 3 2 fortress prussia \"name=Glogau\"\n"
                          "hex 4 2 clear \"name=Here\"\n"
                          "hex 5 2 clear \"name=Close\"\n"
                          "hex 6 2 clear \"name=There\"\n"
                          "hex 0 5 city \"name=Paris\"\n";

/* LGA-PRUSSIAN-07 applies to Retreat After Combat only; LGA-PRUSSIAN-05/06: a Prussian cavalry unit
   attacked by infantry alone may Retreat Before Combat, and its destinations follow LGA-RBC-06 with no
   Prussian Fortress restriction: it may retreat into Glogau. */
START_TEST(test_rbc_into_prussian_fortress)
{
    wg_game *g = wgp_lga_position(CTX, MAP, 2, "rules prussian\n", "group a1 allied setup at=Here one-hex\n"
                           "unit prussian cavalry division 1-8 x1\n"
                           "group f1 french setup at=There one-hex\n"
                           "unit french infantry division 5-5 x1\n"
                           "control Glogau allied\n");
    wgp_lga_to_french_movement(g);
    wgp_choose(g, "move Fr Inf");
    wgp_choose(g, "no forced march");
    wgp_choose(g, "-> 0603");
    wgp_skip_forced(g);
    wgp_choose(g, "attack from 0603 Close on 0503 Here");
    wgp_skip_forced(g);
    wgp_choose(g, "retreat before combat Pr Cav");
    ck_assert_msg(wgp_find(g, "to 0403 Glogau") >= 0, "%s", wgp_options_dump(g));
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "to 0403 Glogau");
    ck_assert_msg(wgp_find_event(g, ev, "0403 Glogau", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    wg_game_free(g);
}
END_TEST

/* Index of the first event at or after from whose rule tag contains tag (-1 when none). */
static long find_rule(wg_game *g, size_t from, const char *tag)
{
    size_t n = wgp_event_count(g);
    for (size_t i = from; i < n; i++) {
        const char *rule = NULL;
        if (wg_game_event_rule(&rule, g, i) == WG_OK && rule && strstr(rule, tag))
            return (long)i;
    }
    return -1;
}

/* LGA-PRUSSIAN-02/03, LGA-GAP-66: the one-unit limit holds in every Prussian Fortress, here Glogau,
   which scores no Victory Points (the scenario has no vp record): at the end of the Allied Movement
   Phase the Allied player eliminates the excess unit, permanently. */
START_TEST(test_prussian_fortress_limit_without_vp)
{
    /* two Prussian units in Glogau at set-up are refused (tests/public/test_lga_setup.c); the second
       one marches in from Here */
    wg_game *g = wgp_lga_position(CTX, MAP, 2, "rules prussian\n", "group a1 allied setup at=Glogau one-hex\n"
                           "unit prussian infantry division 3-3 x1\n"
                           "group a2 allied setup at=Here one-hex\n"
                           "unit prussian infantry division 3-3 x1\n"
                           "group f1 french setup at=There one-hex\n"
                           "unit french infantry division 5-5 x1\n"
                           "control Glogau allied\n");
    while (wgp_find(g, "end the Movement Phase") < 0)
        wgp_choose(g, " on ");
    wgp_choose(g, "move Pr Inf 3-3 #2 from 0503 Here");
    if (wgp_find(g, "no forced march") >= 0)
        wgp_choose(g, "no forced march");
    wgp_choose(g, "-> 0403 Glogau");
    wgp_skip_forced(g);
    wgp_choose(g, "end the Movement Phase");
    wgp_skip_forced(g);
    ck_assert_msg(wgp_count(g, "eliminate Pr Inf 3-3") == 2, "%s", wgp_options_dump(g));
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "eliminate Pr Inf 3-3 #2");
    ck_assert_msg(find_rule(g, ev, "LGA-PRUSSIAN-03") >= 0, "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_msg(wgp_find(g, "eliminate Pr Inf") < 0, "%s", wgp_options_dump(g));
    wg_game_free(g);
}
END_TEST

/* LGA-VP-03/04, LGA-FORT-08/10/11: the French besiege the empty Allied Fortress (one unit on Near,
   whose Zone of Control covers Other): siege value 15.  A French unit then enters it from Other and
   captures it (the siege goes on around it): control value 30, "adjusted upwards". */
START_TEST(test_capture_after_siege)
{
    wg_game *g = wgp_lga_position(CTX, MAP, 2, "rules prussian\n", "group a1 allied setup at=There one-hex\n"
                           "unit austrian infantry division 3-3 x1\n"
                           "group f1 french setup at=Near one-hex\n"
                           "unit french cavalry division 1-8 x1\n"
                           "group f2 french setup at=Other one-hex\n"
                           "unit french cavalry division 1-8 x1\n"
                           "vp place Fort 30 15\n"
                           "control Fort allied\n");
    wgp_lga_to_french_movement(g);
    int64_t vp = -1;
    ck_assert_int_eq(wg_game_score(&vp, g), WG_OK);
    ck_assert_msg(vp == 15, "siege VP %lld\n%s", (long long)vp, wgp_events_dump(g, 0, WG_VIEW_REFEREE));
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "move Fr Cav 1-8 #3 from 0201 Other");
    wgp_choose(g, "no forced march");
    wgp_choose(g, "-> 0101 Fort");
    long c = wgp_find_event(g, ev, "0101 Fort is now controlled by the French", WG_VIEW_REFEREE);
    ck_assert_msg(c >= 0, "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    const char *rule = NULL;
    ck_assert_int_eq(wg_game_event_rule(&rule, g, (size_t)c), WG_OK);
    ck_assert_str_eq(rule, "LGA-VP-03");
    /* the total is adjusted upwards at the end of the Player-Turn (LGA-VP-02) */
    wgp_choose(g, "end the Movement Phase");
    wgp_skip_forced(g);
    ck_assert_msg(wgp_find_event(g, ev, "victory points now 30 (+15)", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_int_eq(wg_game_score(&vp, g), WG_OK);
    ck_assert_msg(vp == 30, "VP after the capture %lld\n%s", (long long)vp, wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    wg_game_free(g);
}
END_TEST

/* LGA-AUTOELIM-04, LGA-DEC-09: a French corps on Close automatically eliminates the Austrian division
   on Here (12 at half strength, 6 against 1); a French cavalry unit may then move into that hex and
   end its move there, for +1 MP on entry (There -> 0602 -> Here: 1 + 1 + 1 = 3 MP), and the
   eliminated unit is removed at the start of the Combat Phase. */
START_TEST(test_autoelim_hex_may_be_ended_in)
{
    wg_game *g = wgp_lga_position(CTX, MAP, 2, "rules prussian\n", "group a1 allied setup at=Here one-hex\n"
                           "unit austrian infantry division 1-3 x1\n"
                           "group f1 french setup at=Close one-hex\n"
                           "unit french infantry corps 12-4 x1\n"
                           "group f2 french setup at=There one-hex\n"
                           "unit french cavalry division 1-8 x1\n");
    while (wgp_find(g, "end the Movement Phase") < 0)
        wgp_choose(g, " on ");
    wgp_choose(g, "end the Movement Phase");
    wgp_skip_forced(g);
    wgp_choose(g, "no more attacks");
    wgp_skip_forced(g);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "automatic elimination from 0603 Close of 0503 Here");
    wgp_choose(g, "move Fr Cav 1-8");
    wgp_choose(g, "no forced march");
    ck_assert_msg(wgp_find(g, "-> 0503 Here") >= 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "-> 0503 Here");
    ck_assert_msg(wgp_find_event(g, ev, "Fr Cav 1-8 #3 moves to 0503 Here (3 MP)", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    wgp_choose(g, "end the Movement Phase");
    wgp_skip_forced(g);
    ck_assert_msg(wgp_find_event(g, ev, "Au Inf 1-3 #1 is eliminated at 0503 Here", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    wg_game_free(g);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("lga_play");
    TCase *t = tcase_create("prussian");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_rbc_into_prussian_fortress);
    tcase_add_test(t, test_prussian_fortress_limit_without_vp);
    suite_add_tcase(s, t);
    t = tcase_create("victory");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_capture_after_siege);
    suite_add_tcase(s, t);
    t = tcase_create("autoelim");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_autoelim_hex_may_be_ended_in);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

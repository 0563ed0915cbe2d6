/* La Grande Armée Automatic Elimination played through the public API on a tiny host position:
   expending Combat Supply for the attack is the attacker's choice (LGA-AUTOELIM-03, LGA-DEC-09). */
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

/* An 8 x 6 board (labels are 1-based CCRR): Next at 0603 is adjacent to There at 0703. */
static const char MAP[] = "wgdata 1 map\n"
                          "grid hex 8 6 odd-q\n"
                          "terrain clear city fortress mountain pass\n"
                          "flag austria prussia saxony passentry linea lineb easta eastb edge-n edge-s edge-e edge-w\n"
                          "sideflag river bridge lake\n"
                          "hex 5 2 clear \"name=Next\"\n"
                          "hex 6 2 clear \"name=There\"\n"
                          "hex 0 5 city \"name=Paris\"\n";

/* 10 against 2: 500% with or without Combat Supply; the attacker may keep his Supply unit. */
START_TEST(test_supply_is_the_attackers_choice)
{
    wg_game *g = wgp_lga_position(CTX, MAP, 2, "", "group a1 allied setup at=Next one-hex\n"
                           "unit austrian infantry division 2-3 x1\n"
                           "group f1 french setup at=There one-hex\n"
                           "unit french infantry corps 10-5 x1\n"
                           "unit french supply - 0-3 x1\n");
    wgp_lga_to_french_movement(g);
    ck_assert_msg(wgp_count(g, "automatic elimination from 0703 There of 0603 Next") == 2, "%s", wgp_options_dump(g));
    ck_assert_int_ge(wgp_find(g, "of 0603 Next, without Combat Supply (half strength)"), 0);
    ck_assert_int_ge(wgp_find(g, "of 0603 Next, expending the Combat Supply of Fr Sup"), 0);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "without Combat Supply");
    ck_assert_msg(wgp_find_event(g, ev, "Automatic", WG_VIEW_REFEREE) >= 0 ||
                      wgp_find_event(g, ev, "automatic", WG_VIEW_REFEREE) >= 0,
                  "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    for (size_t i = ev; i < wgp_event_count(g); i++) {
        const char *rule = NULL;
        ck_assert_int_eq(wg_game_event_rule(&rule, g, i), WG_OK);
        ck_assert_msg(strcmp(rule, "LGA-AUTOELIM-09") != 0, "supply expended:\n%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    }
    wg_game_free(g);
}
END_TEST

/* The same attack expending the Supply unit records its use (LGA-AUTOELIM-09). */
START_TEST(test_supply_expended_when_chosen)
{
    wg_game *g = wgp_lga_position(CTX, MAP, 2, "", "group a1 allied setup at=Next one-hex\n"
                           "unit austrian infantry division 2-3 x1\n"
                           "group f1 french setup at=There one-hex\n"
                           "unit french infantry corps 10-5 x1\n"
                           "unit french supply - 0-3 x1\n");
    wgp_lga_to_french_movement(g);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "expending the Combat Supply of Fr Sup");
    int used = 0;
    for (size_t i = ev; i < wgp_event_count(g); i++) {
        const char *rule = NULL;
        ck_assert_int_eq(wg_game_event_rule(&rule, g, i), WG_OK);
        used += strcmp(rule, "LGA-AUTOELIM-09") == 0;
    }
    ck_assert_msg(used == 1, "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    wg_game_free(g);
}
END_TEST

/* 5 against 2 needs the supply: half strength would be 125%; only the supplied attack is offered. */
START_TEST(test_half_strength_attack_not_offered_below_500)
{
    wg_game *g = wgp_lga_position(CTX, MAP, 2, "", "group a1 allied setup at=Next one-hex\n"
                           "unit austrian infantry division 1-3 x1\n"
                           "group f1 french setup at=There one-hex\n"
                           "unit french infantry corps 5-5 x1\n"
                           "unit french supply - 0-3 x1\n");
    wgp_lga_to_french_movement(g);
    ck_assert_msg(wgp_count(g, "automatic elimination from 0703 There of 0603 Next") == 1, "%s", wgp_options_dump(g));
    ck_assert_int_ge(wgp_find(g, "expending the Combat Supply of Fr Sup"), 0);
    ck_assert_int_lt(wgp_find(g, "without Combat Supply"), 0);
    wg_game_free(g);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("lga_autoelim");
    TCase *t = tcase_create("autoelim");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_supply_is_the_attackers_choice);
    tcase_add_test(t, test_supply_expended_when_chosen);
    tcase_add_test(t, test_half_strength_attack_not_offered_below_500);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

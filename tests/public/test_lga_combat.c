/* La Grande Armée combat played through the public API on a small host map and host scenarios. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgplay.h"
#include "lga_board.h"


/* A French infantry unit of strength att with a Supply unit on Close attacking a Russian corps of
   strength def with a Supply unit on Here, clear terrain: the game at segment (d) or the die roll,
   both sides in Combat Supply. */
static wg_game *supplied_battle(int att, int def)
{
    char body[1024];
    snprintf(body, sizeof body,
             "group a1 allied setup at=Here one-hex\nunit russian infantry corps %d-4 x1\nunit austrian supply - 0-3 x1\n"
             "group f1 french setup at=Close one-hex\nunit french infantry corps %d-5 x1\nunit french supply - 0-3 x1\n",
             def, att);
    wg_game *g = pos(clear_map(), NULL, "", body);
    to_french_combat(g);
    wgp_choose(g, "attack from 0603 Close on 0503 Here");
    to_battles(g);
    return g;
}

/* LGA-COMBAT-16, LGA-COMBAT-15, LGA-COMBAT-11, LGA-COMBAT-12 (CRT "How to Use the Combat Results
   Table"): 6 attacking 4 = 150%; 4 attacking 4 = 100%; 8 attacking 4 = 800 / 4 = 200%, each with the
   column the odds fall in. */
START_TEST(test_odds_examples)
{
    static const struct {
        int att, def, pct;
        const char *text;
    } ex[] = {{6, 4, 150, "battle 1: 6 against 4, odds column 140-159%"},
              {4, 4, 100, "battle 1: 4 against 4, odds column 100-109%"},
              {8, 4, 200, "battle 1: 8 against 4, odds column 200-299%"}};
    for (size_t i = 0; i < sizeof ex / sizeof ex[0]; i++) {
        wg_game *g = supplied_battle(ex[i].att, ex[i].def);
        ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_ATT_TOTAL), ex[i].att);
        ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_DEF_TOTAL), ex[i].def);
        ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_PERCENT), ex[i].pct);
        size_t ev = wgp_event_count(g);
        roll(g, "0503 Here", 1);
        HAS_EVENT(g, ev, ex[i].text);
        wg_game_free(g);
    }
}
END_TEST

/* LGA-CRT-01, LGA-CRT-02 (CRT): the eleven odds columns, each at its lower bound where the units
   allow it, and the printed result of die roll 1 in each. */
START_TEST(test_crt_columns_and_die_roll_1)
{
    static const struct {
        int att, def, col;
        const char *label, *result;
    } c[] = {{3, 4, 0, "<80%", "Ars"},           {4, 5, 1, "80-99%", "Ars"},       {5, 5, 2, "100-109%", "Ars"},
             {11, 10, 3, "110-119%", "Ar1 Drs"}, {6, 5, 4, "120-139%", "Dr1"},     {7, 5, 5, "140-159%", "Drs"},
             {8, 5, 6, "160-179%", "Drs"},       {9, 5, 7, "180-199%", "Drs"},     {10, 5, 8, "200-299%", "Drs"},
             {15, 5, 9, "300-399%", "\xc2\xbd" "ex"}, {8, 2, 10, ">=400%", "De"}, {9, 10, 1, "80-99%", "Ars"}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        wg_game *g = supplied_battle(c[i].att, c[i].def);
        ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_COLUMN), c[i].col);
        ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_FORCED), 0);
        size_t ev = wgp_event_count(g);
        roll(g, "0503 Here", 1);
        char want[128];
        snprintf(want, sizeof want, "battle 1: die 1 at %s: %s (printed cell)", c[i].label, c[i].result);
        long e = wgp_find_event(g, ev, want, WG_VIEW_REFEREE);
        ck_assert_msg(e >= 0, "%d against %d: no \"%s\"\n%s", c[i].att, c[i].def, want, EVENTS(g, ev));
        const char *rule = NULL;
        ck_assert_int_eq(wg_game_event_rule(&rule, g, (size_t)e), WG_OK);
        ck_assert_str_eq(rule, "LGA-CRT-02");
        wg_game_free(g);
    }
}
END_TEST

/* LGA-CRT-03 (CRT): die roll 2 as printed in the first five columns; the sixth cell of row 2 is not
   printed, and the roll is refused with WG_ETABLEGAP, the game unchanged. */
START_TEST(test_crt_die_roll_2)
{
    static const struct {
        int att, def;
        const char *label, *result;
    } c[] = {{3, 4, "<80%", "Ars"},
             {4, 5, "80-99%", "Ars"},
             {4, 4, "100-109%", "Ar1 Drs"},
             {11, 10, "110-119%", "Ar1 Drs"},
             {6, 5, "120-139%", "Dr2"}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        wg_game *g = supplied_battle(c[i].att, c[i].def);
        size_t ev = wgp_event_count(g);
        roll(g, "0503 Here", 2);
        char want[128];
        snprintf(want, sizeof want, "battle 1: die 2 at %s: %s (printed cell)", c[i].label, c[i].result);
        HAS_EVENT(g, ev, want);
        wg_game_free(g);
    }
    wg_game *g = supplied_battle(7, 5); /* 140%: row 2 not printed */
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_GAP_FACES), 5);
    to_die(g, "0503 Here");
    long i = wgp_find(g, "die roll 2");
    ck_assert_int_ge(i, 0);
    size_t ev = wgp_event_count(g);
    ck_assert_int_eq(wg_game_choose(g, (size_t)i), WG_ETABLEGAP);
    ck_assert_uint_eq(wgp_event_count(g), ev);
    ck_assert_int_ge(wgp_find(g, "die roll 1"), 0);
    wg_game_free(g);
}
END_TEST

/* LGA-COMBAT-09 (Combat D): without Combat Supply a unit's strength is halved, fractions dropped,
   never below 1: 18 -> 9, 10 -> 5, 5 -> 2, 4 -> 2, 3 -> 1, 2 -> 1, 1 -> 1; a defender without supply
   is halved too (5 -> 2). */
START_TEST(test_unsupplied_strength_halved)
{
    static const int s[][2] = {{18, 9}, {10, 5}, {5, 2}, {4, 2}, {3, 1}, {2, 1}, {1, 1}};
    for (size_t i = 0; i < sizeof s / sizeof s[0]; i++) {
        char body[1024];
        snprintf(body, sizeof body,
                 "group a1 allied setup at=Here one-hex\nunit russian infantry corps 5-4 x1\n"
                 "group f1 french setup at=Close one-hex\nunit french infantry %s %d-%d x1\n",
                 s[i][0] == 18 ? "army" : "corps", s[i][0], s[i][0] == 18 ? 2 : 5);
        wg_game *g = pos(clear_map(), NULL, "", body);
        to_french_combat(g);
        wgp_choose(g, "attack from 0603 Close on 0503 Here");
        to_battles(g);
        ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_ATT_SUPPLIED), 0);
        ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_ATT_BASE), s[i][1]);
        ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_DEF_BASE), 2);
        wg_game_free(g);
    }
}
END_TEST


/* LGA-COMBAT-10 (Combat D; Supply B): a Supply unit on a hex adjacent to the attacking unit gives
   it Combat Supply (full strength, 6); one two hexes away does not (halved, 3). */
START_TEST(test_combat_supply_from_adjacent_hex)
{
    wg_game *g = pos(clear_map(), NULL, "", "group a1 allied setup at=Here one-hex\nunit russian infantry corps 4-4 x1\n"
                                         "group f1 french setup at=Close one-hex\nunit french infantry corps 6-5 x1\n"
                                         "group f2 french setup at=There one-hex\nunit french supply - 0-3 x1\n");
    to_french_combat(g);
    wgp_choose(g, "attack from 0603 Close on 0503 Here");
    wgp_choose(g, "no more attacks");
    ck_assert_msg(wgp_find(g, "use supply Fr Sup 0-3 #3 at 0703 There") >= 0, "%s", OPTS(g));
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "use supply Fr Sup 0-3 #3 at 0703 There");
    HAS_EVENT(g, ev, "Fr Sup 0-3 #3 is used for supply");
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_ATT_SUPPLIED), 6);
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_ATT_BASE), 6);
    wg_game_free(g);

    g = pos(clear_map(), NULL, "", "group a1 allied setup at=Here one-hex\nunit russian infantry corps 4-4 x1\n"
                                "group f1 french setup at=Close one-hex\nunit french infantry corps 6-5 x1\n"
                                "group f2 french setup at=Beyond one-hex\nunit french supply - 0-3 x1\n");
    to_french_combat(g);
    wgp_choose(g, "attack from 0603 Close on 0503 Here");
    wgp_choose(g, "no more attacks");
    ck_assert_msg(wgp_find(g, "use supply") < 0, "%s", OPTS(g));
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_ATT_BASE), 3);
    wg_game_free(g);
}
END_TEST

/* LGA-COMBAT-13 (Combat H; Leaders C): a Leader's strength in parentheses counts when it defends
   alone (1), and is zero with a Friendly Combat unit on its hex, where only its Defensive Leadership
   Bonus is added.  LGA-COMBAT-14 (Combat N): the Supply unit on the defending hex adds 0. */
START_TEST(test_parenthesised_and_supply_strengths)
{
    wg_game *g = pos(clear_map(), NULL, "", "group a1 allied setup at=Here one-hex\nleader russian K \"Kutusov\" 2/2 (1)-8\n"
                                         "group f1 french setup at=Close one-hex\nunit french infantry corps 6-5 x1\n");
    to_french_combat(g);
    wgp_choose(g, "attack from 0603 Close on 0503 Here");
    to_battles(g);
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_DEF_BASE), 1);
    wg_game_free(g);

    g = pos(clear_map(), NULL, "", "group a1 allied setup at=Here one-hex\nunit russian infantry corps 4-4 x1\n"
                                "unit austrian supply - 0-3 x1\nleader russian K \"Kutusov\" 2/2 (1)-8\n"
                                "group f1 french setup at=Close one-hex\nunit french infantry corps 6-5 x1\n");
    to_french_combat(g);
    wgp_choose(g, "attack from 0603 Close on 0503 Here");
    to_battles(g);
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_DEF_BASE), 4);
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_DEF_LEADERS), 2);
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_DEF_TOTAL), 6);
    wg_game_free(g);
}
END_TEST

/* LGA-COMBAT-01, LGA-COMBAT-03, LGA-COMBAT-04, LGA-COMBAT-07 (Combat A-C): attacks are offered only
   against the Enemy hexes adjacent to Friendly units (not Far) and are voluntary; a stack that has
   attacked one hex is offered no other attack; the two units on Here defend together (2 + 1 after
   halving: their Supply unit was used up for Stacking Supply in the Allied Player-Turn). */
START_TEST(test_attacks_adjacent_voluntary_once)
{
    ALLIED_STACK_SUPPLY = 1;
    wg_game *g = pos(clear_map(), NULL, "", "group a1 allied setup at=Here one-hex\nunit russian infantry corps 4-4 x1\n"
                                         "unit russian infantry corps 3-4 x1\nunit austrian supply - 0-3 x1\n"
                                         "group a2 allied setup at=NE one-hex\nunit russian infantry corps 2-4 x1\n"
                                         "group a3 allied setup at=Far one-hex\nunit russian infantry corps 2-4 x1\n"
                                         "group f1 french setup at=Close one-hex\nunit french infantry corps 6-5 x1\n");
    to_french_combat(g);
    ck_assert_msg(wgp_option_count(g) == 3, "%s", OPTS(g));
    ck_assert_int_ge(wgp_find(g, "no more attacks"), 0);
    ck_assert_int_ge(wgp_find(g, "attack from 0603 Close on 0503 Here"), 0);
    ck_assert_int_ge(wgp_find(g, "attack from 0603 Close on 0602 NE"), 0);
    ck_assert_int_lt(wgp_find(g, "0205 Far"), 0);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "attack from 0603 Close on 0503 Here");
    HAS_EVENT(g, ev, "attack 1 declared on 0503 Here");
    ck_assert_msg(wgp_find(g, "attack from") < 0, "%s", OPTS(g));
    to_battles(g);
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_DEF_BASE), 3);
    wg_game_free(g);

    /* declining every attack: no battle is fought */
    g = pos(clear_map(), NULL, "", "group a1 allied setup at=Here one-hex\nunit russian infantry corps 4-4 x1\n"
                                "group f1 french setup at=Close one-hex\nunit french infantry corps 6-5 x1\n");
    to_french_combat(g);
    ev = wgp_event_count(g);
    wgp_choose(g, "no more attacks");
    wgp_skip_forced(g);
    ck_assert_msg(wgp_find_event(g, ev, "battle", WG_VIEW_REFEREE) < 0, "%s", EVENTS(g, ev));
    HAS_EVENT(g, ev, "French Supply Creation Phase");
    wg_game_free(g);
}
END_TEST

/* LGA-COMBAT-02 (Combat B): part of the stack on Close attacks Here, the unit left out attacks NE;
   each battle counts only its own units (6 and 5, the Supply unit on Close covering both). */
START_TEST(test_stack_splits_between_attacks)
{
    wg_game *g = pos(clear_map(), NULL, "", "group a1 allied setup at=Here one-hex\nunit russian infantry corps 4-4 x1\n"
                                         "group a2 allied setup at=NE one-hex\nunit russian infantry corps 2-4 x1\n"
                                         "group f1 french setup at=Close one-hex\nunit french infantry corps 6-5 x1\n"
                                         "unit french infantry corps 5-5 x1\nunit french supply - 0-3 x1\n");
    to_french_combat(g);
    wgp_choose(g, "attack from 0603 Close on 0503 Here");
    wgp_choose(g, "leave Fr Inf 5-5");
    wgp_choose(g, "done");
    wgp_choose(g, "attack from 0603 Close on 0602 NE");
    to_battles(g);
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_ATT_BASE), 6);
    ck_assert_int_eq(odds(g, 1, WG_LGA_ODDS_ATT_BASE), 5);
    wg_game_free(g);
}
END_TEST

/* LGA-COMBAT-06, LGA-COMBAT-05, LGA-COMBAT-07 (Addendum: Combat Case C): Here is attacked six times,
   once from each adjacent French hex; the strengths of the six hexes are never added together (each
   battle is 1 against 2), and the Russian corps defends in each of the six battles. */
START_TEST(test_six_attacks_on_one_hex)
{
    static const char *const from[6] = {"0502 North", "0504 South", "0602 NE", "0603 Close", "0402 NW", "0403 SW"};
    wg_game *g = pos(clear_map(), NULL, "",
                     "group a1 allied setup at=Here one-hex\nunit russian infantry corps 4-4 x1\n"
                     "group f1 french setup at=North one-hex\nunit french infantry division 2-5 x1\n"
                     "group f2 french setup at=South one-hex\nunit french infantry division 2-5 x1\n"
                     "group f3 french setup at=NE one-hex\nunit french infantry division 2-5 x1\n"
                     "group f4 french setup at=Close one-hex\nunit french infantry division 2-5 x1\n"
                     "group f5 french setup at=NW one-hex\nunit french infantry division 2-5 x1\n"
                     "group f6 french setup at=SW one-hex\nunit french infantry division 2-5 x1\n");
    to_french_combat(g);
    size_t ev = wgp_event_count(g);
    for (int i = 0; i < 6; i++) {
        char lab[96];
        snprintf(lab, sizeof lab, "attack from %s on 0503 Here", from[i]);
        ck_assert_msg(wgp_count(g, "attack from") == (size_t)(6 - i), "%s", OPTS(g));
        wgp_choose(g, lab);
        snprintf(lab, sizeof lab, "attack %d declared on 0503 Here", i + 1);
        HAS_EVENT(g, ev, lab);
    }
    to_battles(g);
    for (int b = 0; b < 6; b++) {
        ck_assert_int_eq(odds(g, b, WG_LGA_ODDS_ATT_TOTAL), 1);
        ck_assert_int_eq(odds(g, b, WG_LGA_ODDS_DEF_TOTAL), 2);
    }
    ck_assert_msg(wgp_count(g, "resolve the attack on 0503 Here") == 6, "%s", OPTS(g));
    wg_game_free(g);
}
END_TEST

/* LGA-COMBAT-18 (Combat Procedure): the Attacker chooses the order of the battles: the second attack
   declared (on NE) is resolved first. */
START_TEST(test_attacker_orders_battles)
{
    wg_game *g = pos(clear_map(), NULL, "", "group a1 allied setup at=Here one-hex\nunit russian infantry corps 4-4 x1\n"
                                         "group a2 allied setup at=NE one-hex\nunit russian infantry corps 4-4 x1\n"
                                         "group f1 french setup at=Close one-hex\nunit french infantry corps 6-5 x1\n"
                                         "unit french infantry corps 5-5 x1\nunit french supply - 0-3 x1\n");
    to_french_combat(g);
    wgp_choose(g, "attack from 0603 Close on 0503 Here");
    wgp_choose(g, "leave Fr Inf 5-5");
    wgp_choose(g, "done");
    wgp_choose(g, "attack from 0603 Close on 0602 NE");
    to_battles(g);
    ck_assert_msg(deciding(g, "choose the next battle"), "%s", OPTS(g));
    ck_assert_int_ge(wgp_find(g, "resolve the attack on 0503 Here"), 0);
    size_t ev = wgp_event_count(g);
    roll(g, "0602 NE", 1);
    long second = wgp_find_event(g, ev, "battle 2: die 1", WG_VIEW_REFEREE);
    ck_assert_msg(second >= 0, "%s", EVENTS(g, ev));
    ck_assert_msg(wgp_find_event(g, ev, "battle 1:", WG_VIEW_REFEREE) < 0, "%s", EVENTS(g, ev));
    wg_game_free(g);
}
END_TEST

/* A French 6-5 and a Russian 4-4 across a River hex-side between Close and Here (both supplied). */
static wg_game *river_battle(int att, int def, const char *side)
{
    char extra[256], body[1024];
    snprintf(extra, sizeof extra, "side 5 2 nw %s\n", side);
    snprintf(body, sizeof body,
             "group a1 allied setup at=Here one-hex\nunit russian infantry corps %d-4 x1\nunit austrian supply - 0-3 x1\n"
             "group f1 french setup at=Close one-hex\nunit french infantry corps %d-5 x1\nunit french supply - 0-3 x1\n",
             def, att);
    wg_game *g = pos(map_of("clear", "clear", "clear", "clear", "clear", "clear", extra), NULL, "", body);
    to_french_combat(g);
    wgp_choose(g, "attack from 0603 Close on 0503 Here");
    to_battles(g);
    return g;
}

/* LGA-COMBAT-17, LGA-CRT-13 (Combat J; TEC): 6 against 4 doubled by the unbridged River hex-side is
   75%, below 160%: the result is Ae whatever the die, and the attacking unit is eliminated; 7 against
   2 x 2 (175%) is rolled on the table (die 1: Drs). */
START_TEST(test_river_attack_below_160)
{
    wg_game *g = river_battle(6, 4, "river");
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_PERCENT), 75);
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_FORCED), WG_LGA_R_AE);
    size_t ev = wgp_event_count(g);
    if (deciding(g, "choose the next battle"))
        wgp_choose(g, "resolve the attack on 0503 Here");
    ck_assert_msg(!deciding(g, "die roll"), "%s", OPTS(g)); /* no die is rolled */
    HAS_EVENT(g, ev, "battle 1: river attack below 160%: Ae");
    HAS_EVENT(g, ev, "Fr Inf 6-5 #3 is eliminated at 0603 Close");
    ck_assert_int_eq(pieces(g, "Fr Inf"), 0);
    ck_assert_int_eq(piece_hex(g, "Ru Inf 4-4", 0, NULL), 503);
    wg_game_free(g);

    g = river_battle(7, 2, "river");
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_PERCENT), 175);
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_FORCED), 0);
    ev = wgp_event_count(g);
    roll(g, "0503 Here", 1);
    HAS_EVENT(g, ev, "battle 1: die 1 at 160-179%: Drs (printed cell)");
    ck_assert_int_eq(piece_hex(g, "Fr Inf 7-5", 0, NULL), 603);
    wg_game_free(g);
}
END_TEST

/* LGA-COMBAT-22, LGA-COMBAT-19 (Combat K): 9 against 2 (450%), die 1: De.  On clear terrain the
   vacated hex may not be entered by an advance; across a River hex-side (9 against 1 x 2, 450%) it
   may, and the Attacker advances any of the attacking units, here one of the two (LGA-COMBAT-21). */
START_TEST(test_advance_after_de)
{
    wg_game *g = pos(clear_map(), NULL, "", "group a1 allied setup at=Here one-hex\nunit russian infantry corps 2-4 x1\n"
                                         "unit austrian supply - 0-3 x1\n"
                                         "group f1 french setup at=Close one-hex\nunit french infantry corps 5-5 x1\n"
                                         "unit french infantry corps 4-5 x1\nunit french supply - 0-3 x1\n");
    to_french_combat(g);
    wgp_choose(g, "attack from 0603 Close on 0503 Here");
    wgp_choose(g, "done");
    to_battles(g);
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_PERCENT), 450);
    size_t ev = wgp_event_count(g);
    roll(g, "0503 Here", 1);
    HAS_EVENT(g, ev, "battle 1: die 1 at >=400%: De (printed cell)");
    HAS_EVENT(g, ev, "Ru Inf 2-4 #1 is eliminated at 0503 Here");
    ck_assert_msg(wgp_find(g, "advance") < 0, "%s", OPTS(g));
    ck_assert_int_eq(piece_hex(g, "Fr Inf 5-5", 0, NULL), 603);
    wg_game_free(g);

    g = pos(map_of("clear", "clear", "clear", "clear", "clear", "clear", "side 5 2 nw river\n"), NULL, "",
            "group a1 allied setup at=Here one-hex\nunit russian infantry corps 1-4 x1\nunit austrian supply - 0-3 x1\n"
            "group f1 french setup at=Close one-hex\nunit french infantry corps 5-5 x1\n"
            "unit french infantry corps 4-5 x1\nunit french supply - 0-3 x1\n");
    to_french_combat(g);
    wgp_choose(g, "attack from 0603 Close on 0503 Here");
    wgp_choose(g, "done");
    to_battles(g);
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_PERCENT), 450);
    ev = wgp_event_count(g);
    roll(g, "0503 Here", 1);
    HAS_EVENT(g, ev, "De (printed cell)");
    ck_assert_msg(deciding(g, "advance after combat"), "%s", OPTS(g));
    ck_assert_int_ge(wgp_find(g, "advance Fr Inf 4-5 #4 into 0503 Here"), 0);
    wgp_choose(g, "advance Fr Inf 5-5 #3 into 0503 Here");
    HAS_EVENT(g, ev, "Fr Inf 5-5 #3 advances into 0503 Here");
    ck_assert_msg(wgp_find(g, "advance Fr Inf 4-5 #4 into 0503 Here") >= 0, "%s", OPTS(g));
    wgp_choose(g, "done");
    ck_assert_int_eq(piece_hex(g, "Fr Inf 5-5", 0, NULL), 503);
    ck_assert_int_eq(piece_hex(g, "Fr Inf 4-5", 0, NULL), 603);
    wg_game_free(g);
}
END_TEST

/* LGA-CRT-06, LGA-CRT-05, LGA-CRT-04, LGA-CRT-12, LGA-RETREAT-01, LGA-RETREAT-07, LGA-RETREAT-09
   (CRT Explanation of Results; Retreat Procedure): die roll 2 at 100% (4 against 4) gives "Ar1 Drs".
   Ar1 comes first: the French player retreats the attacking 4-5 one hex, choosing among the adjacent
   hexes outside the Russian Zone of Control (There, 0604, 0704; not NE or South), and it is then
   disrupted; the 3-5 left out of the attack is not affected.  Then Drs: the Allied player retreats the
   defenders. */
START_TEST(test_ar1_drs_example)
{
    wg_game *g = pos(clear_map(), NULL, "", "group a1 allied setup at=Here one-hex\nunit russian infantry corps 4-4 x1\n"
                                         "group f1 french setup at=Close one-hex\nunit french infantry corps 4-5 x1\n"
                                         "unit french infantry corps 3-5 x1\nunit french supply - 0-3 x1\n"
                                         "group a2 allied setup at=North one-hex\nunit austrian supply - 0-3 x1\n");
    to_french_combat(g);
    wgp_choose(g, "attack from 0603 Close on 0503 Here");
    wgp_choose(g, "leave Fr Inf 3-5");
    wgp_choose(g, "done");
    to_battles(g);
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_PERCENT), 100);
    size_t ev = wgp_event_count(g);
    roll(g, "0503 Here", 2);
    HAS_EVENT(g, ev, "battle 1: die 2 at 100-109%: Ar1 Drs (printed cell)");
    ck_assert_int_eq(wgp_decider(g), 1);
    int h[64];
    int n = retreat_hexes(g, h, 64);
    ck_assert_msg(n == 3 && wgp_find(g, "retreat Fr Inf 4-5 #2 to 0703 There") >= 0 &&
                      wgp_find(g, "retreat Fr Inf 4-5 #2 to 0604") >= 0 && wgp_find(g, "retreat Fr Inf 4-5 #2 to 0704") >= 0,
                  "%s", OPTS(g));
    wgp_choose(g, "to 0704");
    long fr = wgp_find_event(g, ev, "Fr Inf 4-5 #2 retreats 0603 Close -> 0704", WG_VIEW_REFEREE);
    ck_assert_msg(fr >= 0, "%s", EVENTS(g, ev));
    HAS_EVENT(g, ev, "Fr Inf 4-5 #2 is disrupted");
    ck_assert_int_eq(piece_hex(g, "Fr Inf 4-5", 0, NULL), 704);
    ck_assert(disrupted(g, "Fr Inf 4-5"));
    ck_assert_int_eq(piece_hex(g, "Fr Inf 3-5", 0, NULL), 603);
    ck_assert(!disrupted(g, "Fr Inf 3-5"));
    /* then Drs, retreated by the Allied player */
    ck_assert_msg(wgp_decider(g) == 0 && wgp_find(g, "retreat Ru Inf 4-4 #1") >= 0, "%s", OPTS(g));
    wgp_choose(g, "retreat Ru Inf 4-4 #1");
    long ru = wgp_find_event(g, ev, "Ru Inf 4-4 #1 retreats 0503 Here ->", WG_VIEW_REFEREE);
    ck_assert_msg(ru > fr, "%s", EVENTS(g, ev));
    HAS_EVENT(g, ev, "Ru Inf 4-4 #1 is disrupted");
    ck_assert(disrupted(g, "Ru Inf 4-4"));
    wg_game_free(g);
}
END_TEST

/* A Russian 5-4 with a Supply unit on Here attacked by a French 6-5 in supply from Close: 6 against 5,
   120%.  A French 2-5 on NW controls North and SW; the 6-5 controls NE and South.  The die shows face. */
static wg_game *dr_battle(int face)
{
    wg_game *g = pos(clear_map(), NULL, "", "group a1 allied setup at=Here one-hex\nunit russian infantry corps 5-4 x1\n"
                                         "unit austrian supply - 0-3 x1\n"
                                         "group f1 french setup at=Close one-hex\nunit french infantry corps 6-5 x1\n"
                                         "unit french supply - 0-3 x1\n"
                                         "group f2 french setup at=NW one-hex\nunit french infantry division 2-5 x1\n");
    to_french_combat(g);
    wgp_choose(g, "attack from 0603 Close on 0503 Here");
    to_battles(g);
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_PERCENT), 120);
    roll(g, "0503 Here", face);
    return g;
}

/* LGA-CRT-12, LGA-RETREAT-06, LGA-DISRUPT-01 (CRT; Retreat Procedure): die 1 at 120-139% is Dr1: the
   Russian corps retreats to an adjacent hex, although every free one (North, South, NE, SW) is
   French-controlled, and is then disrupted. */
START_TEST(test_dr1_into_enemy_zoc)
{
    wg_game *g = dr_battle(1);
    HAS_EVENT(g, 0, "battle 1: die 1 at 120-139%: Dr1 (printed cell)");
    ck_assert_int_eq(wgp_decider(g), 0);
    int h[64];
    int n = retreat_hexes(g, h, 64);
    ck_assert_msg(wgp_count(g, "retreat Ru Inf 5-4") == 4, "%s", OPTS(g));
    for (int i = 0; i < n; i++)
        ck_assert_msg(hex_dist(h[i], 503) == 1 && h[i] != 402 && h[i] != 603, "%s", OPTS(g));
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "retreat Ru Inf 5-4 #1 to 0502 North");
    HAS_EVENT(g, ev, "Ru Inf 5-4 #1 retreats 0503 Here -> 0502 North");
    HAS_EVENT(g, ev, "Ru Inf 5-4 #1 is disrupted");
    ck_assert_int_eq(piece_hex(g, "Ru Inf 5-4", 0, NULL), 502);
    ck_assert(disrupted(g, "Ru Inf 5-4"));
    wg_game_free(g);
}
END_TEST

/* LGA-CRT-11 (CRT): die 2 at 120-139% is Dr2: every retreat hex offered is two hexes from Here; the
   corps ends there disrupted. */
START_TEST(test_dr2_two_hexes)
{
    wg_game *g = dr_battle(2);
    HAS_EVENT(g, 0, "battle 1: die 2 at 120-139%: Dr2 (printed cell)");
    int h[64];
    int n = retreat_hexes(g, h, 64);
    ck_assert_msg(n > 0 && wgp_count(g, "retreat Ru Inf 5-4") == (size_t)n, "%s", OPTS(g));
    for (int i = 0; i < n; i++)
        ck_assert_msg(hex_dist(h[i], 503) == 2, "%d\n%s", h[i], OPTS(g));
    size_t ev = wgp_event_count(g);
    char lab[64];
    snprintf(lab, sizeof lab, "to %04d", h[0]);
    wgp_choose(g, lab);
    HAS_EVENT(g, ev, "Ru Inf 5-4 #1 is disrupted");
    ck_assert_int_eq(piece_hex(g, "Ru Inf 5-4", 0, NULL), h[0]);
    wg_game_free(g);
}
END_TEST

/* LGA-CRT-07 (CRT Explanation): De eliminates every involved defending unit: both Russian corps (8
   against 1 + 1, 400%, die 1; their Supply unit was used up for Stacking Supply in the Allied
   Player-Turn, and each 1 stays 1 unsupplied). */
START_TEST(test_de_eliminates_all_defenders)
{
    ALLIED_STACK_SUPPLY = 1;
    wg_game *g = pos(clear_map(), NULL, "", "group a1 allied setup at=Here one-hex\nunit russian infantry corps 1-4 x2\n"
                                         "unit austrian supply - 0-3 x1\n"
                                         "group f1 french setup at=Close one-hex\nunit french infantry corps 8-5 x1\n"
                                         "unit french supply - 0-3 x1\n");
    to_french_combat(g);
    wgp_choose(g, "attack from 0603 Close on 0503 Here");
    to_battles(g);
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_PERCENT), 400);
    size_t ev = wgp_event_count(g);
    roll(g, "0503 Here", 1);
    HAS_EVENT(g, ev, "battle 1: die 1 at >=400%: De (printed cell)");
    HAS_EVENT(g, ev, "Ru Inf 1-4 #1 is eliminated at 0503 Here");
    HAS_EVENT(g, ev, "Ru Inf 1-4 #2 is eliminated at 0503 Here");
    ck_assert_int_eq(pieces(g, "Ru "), 0);
    ck_assert_int_eq(piece_hex(g, "Fr Inf 8-5", 0, NULL), 603);
    wg_game_free(g);
}
END_TEST

/* LGA-CRT-08 (CRT Explanation): 9 + 3 against 4 is 300%, die 1: half exchange.  The defending corps is
   eliminated; the French player chooses attacking units totalling at least half its face value (2):
   the 3-5 is lost, the 9-5 stays. */
START_TEST(test_half_exchange)
{
    wg_game *g = pos(clear_map(), NULL, "", "group a1 allied setup at=Here one-hex\nunit russian infantry corps 4-4 x1\n"
                                         "unit austrian supply - 0-3 x1\n"
                                         "group f1 french setup at=Close one-hex\nunit french infantry corps 9-5 x1\n"
                                         "unit french infantry corps 3-5 x1\nunit french supply - 0-3 x1\n");
    to_french_combat(g);
    wgp_choose(g, "attack from 0603 Close on 0503 Here");
    wgp_choose(g, "done");
    to_battles(g);
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_PERCENT), 300);
    size_t ev = wgp_event_count(g);
    roll(g, "0503 Here", 1);
    HAS_EVENT(g, ev, "battle 1: half exchange, defenders 4, attacker must lose 2");
    HAS_EVENT(g, ev, "Ru Inf 4-4 #1 is eliminated at 0503 Here");
    ck_assert_msg(deciding(g, "half exchange") && wgp_decider(g) == 1, "%s", OPTS(g));
    ck_assert_msg(wgp_find(g, "Fr Inf 3-5") >= 0 && wgp_find(g, "Fr Inf 9-5") >= 0, "%s", OPTS(g));
    wgp_choose(g, "Fr Inf 3-5");
    if (deciding(g, "half exchange"))
        wgp_choose(g, "done");
    HAS_EVENT(g, ev, "Fr Inf 3-5 #4 is eliminated at 0603 Close");
    ck_assert_int_eq(pieces(g, "Fr Inf 3-5"), 0);
    ck_assert_int_eq(piece_hex(g, "Fr Inf 9-5", 0, NULL), 603);
    wg_game_free(g);
}
END_TEST

/* A Russian corps of strength def on the Fortress Here (Allied), attacked from Close by a French
   infantry unit of strength att with a Supply unit. */
static wg_game *fortress_battle(int att, int def, int face)
{
    char body[1024];
    snprintf(body, sizeof body,
             "group a1 allied setup at=Here one-hex\nunit russian infantry corps %d-4 x1\n"
             "group f1 french setup at=Close one-hex\nunit french infantry %s %d-%d x1\nunit french supply - 0-3 x1\n"
             "control Here allied\n",
             def, att == 18 ? "army" : "corps", att, att == 18 ? 2 : 5);
    wg_game *g = pos(map_of("clear", "clear", "clear", "clear", "clear", "fortress", ""), NULL, "", body);
    to_french_combat(g);
    wgp_choose(g, "attack from 0603 Close on 0503 Here");
    to_battles(g);
    roll(g, "0503 Here", face);
    return g;
}

/* LGA-CRT-14 (Fortress D; TEC Fortress row): on a Fortress the defender is tripled.  9 against 2 x 3
   (150%), die 1: Drs has no effect, the corps stays.  18 against 2 x 3 (300%), die 1: half exchange
   costs only the attacker (the army is lost, the corps stays).  12 against 1 x 3 (400%), die 1: De
   eliminates the corps. */
START_TEST(test_fortress_results)
{
    wg_game *g = fortress_battle(9, 2, 1);
    HAS_EVENT(g, 0, "battle 1: die 1 at 140-159%: Drs (printed cell)");
    HAS_EVENT(g, 0, "battle 1: Drs has no effect on a Fortress");
    ck_assert_int_eq(piece_hex(g, "Ru Inf 2-4", 0, NULL), 503);
    ck_assert(!disrupted(g, "Ru Inf 2-4"));
    wg_game_free(g);

    g = fortress_battle(18, 2, 1);
    HAS_EVENT(g, 0, "battle 1: die 1 at 300-399%");
    wgp_skip_forced(g);
    if (deciding(g, "half exchange"))
        wgp_choose(g, "Fr Inf 18-2");
    HAS_EVENT(g, 0, "Fr Inf 18-2 #2 is eliminated");
    ck_assert_int_eq(piece_hex(g, "Ru Inf 2-4", 0, NULL), 503);
    wg_game_free(g);

    g = fortress_battle(12, 1, 1);
    HAS_EVENT(g, 0, "battle 1: die 1 at >=400%: De (printed cell)");
    HAS_EVENT(g, 0, "Ru Inf 1-4 #1 is eliminated at 0503 Here");
    wg_game_free(g);
}
END_TEST

/* LGA-RBC-01, LGA-COMBAT-08, LGA-RBC-08, LGA-RBC-09, LGA-RBC-10, LGA-COMBAT-19, LGA-DISRUPT-01
   (Combat E, F, K; Procedure): after the attack is named and the French player has allocated his
   supply, the Allied player may retreat the attacked corps before combat (or keep it to defend).  It
   retreats and is disrupted; the Austrian Supply unit on North then has no unit left to supply
   (segment c offers nothing); no combat takes place, the attacking unit may advance into the vacated
   hex, and the French Supply unit allocated to the attack is not expended. */
START_TEST(test_rbc_all_defenders)
{
    wg_game *g = pos(clear_map(), NULL, "", "group a1 allied setup at=Here one-hex\nunit russian infantry corps 4-4 x1\n"
                                         "group a2 allied setup at=North one-hex\nunit austrian supply - 0-3 x1\n"
                                         "group f1 french setup at=Close one-hex\nunit french infantry corps 6-5 x1\n"
                                         "unit french supply - 0-3 x1\n");
    to_french_combat(g);
    wgp_choose(g, "attack from 0603 Close on 0503 Here");
    wgp_choose(g, "no more attacks");
    ck_assert_msg(deciding(g, "allocate attacker supply") && wgp_decider(g) == 1, "%s", OPTS(g));
    size_t ev = wgp_event_count(g);
    use_all_supply(g);
    ck_assert_msg(deciding(g, "Retreat Before Combat") && wgp_decider(g) == 0, "%s", OPTS(g));
    ck_assert_int_ge(wgp_find(g, "done"), 0);
    wgp_choose(g, "retreat before combat Ru Inf 4-4 #1");
    ck_assert_msg(deciding(g, "destination of the retreat before combat"), "%s", OPTS(g));
    wgp_choose(g, "to 0401");
    HAS_EVENT(g, ev, "Ru Inf 4-4 #1 is disrupted");
    ck_assert_int_eq(piece_hex(g, "Ru Inf 4-4", 0, NULL), 401);
    ck_assert(disrupted(g, "Ru Inf 4-4"));
    if (deciding(g, "Retreat Before Combat"))
        wgp_choose(g, "done");
    ck_assert_msg(!deciding(g, "allocate defender supply") || wgp_find(g, "use supply") < 0, "%s", OPTS(g));
    wgp_skip_forced(g);
    HAS_EVENT(g, ev, "battle 1: no combat (the defenders retreated or are gone)");
    ck_assert_msg(wgp_find_event(g, ev, "die", WG_VIEW_REFEREE) < 0, "%s", EVENTS(g, ev));
    ck_assert_msg(deciding(g, "advance after combat"), "%s", OPTS(g));
    wgp_choose(g, "advance Fr Inf 6-5 #3 into 0503 Here");
    wgp_skip_forced(g);
    ck_assert_int_eq(piece_hex(g, "Fr Inf 6-5", 0, NULL), 503);
    ck_assert_msg(wgp_find_event(g, ev, "Fr Sup 0-3 #4 is used up and removed", WG_VIEW_REFEREE) < 0, "%s", EVENTS(g, ev));
    ck_assert_int_eq(piece_hex(g, "Fr Sup", 0, NULL), 603);
    wg_game_free(g);
}
END_TEST

/* The same corps defending: the Supply unit on North is offered in segment (c) (LGA-RBC-09). */
START_TEST(test_defender_supply_offered_when_no_rbc)
{
    wg_game *g = pos(clear_map(), NULL, "", "group a1 allied setup at=Here one-hex\nunit russian infantry corps 4-4 x1\n"
                                         "group a2 allied setup at=North one-hex\nunit austrian supply - 0-3 x1\n"
                                         "group f1 french setup at=Close one-hex\nunit french infantry corps 6-5 x1\n"
                                         "unit french supply - 0-3 x1\n");
    to_french_combat(g);
    wgp_choose(g, "attack from 0603 Close on 0503 Here");
    wgp_choose(g, "no more attacks");
    use_all_supply(g);
    wgp_choose(g, "done");
    ck_assert_msg(deciding(g, "allocate defender supply") && wgp_find(g, "use supply Au Sup 0-3 #2 at 0502 North") >= 0,
                  "%s", OPTS(g));
    wg_game_free(g);
}
END_TEST

/* A Russian unit (spec) on Here attacked from Close; French units (french) on Close; extra groups. */
static wg_game *rbc_position(const char *map, const char *spec, const char *french, const char *extra)
{
    char body[2048];
    snprintf(body, sizeof body, "group a1 allied setup at=Here one-hex\n%sgroup f1 french setup at=Close one-hex\n%s%s", spec,
             french, extra);
    wg_game *g = pos(map, NULL, "", body);
    to_french_combat(g);
    wgp_choose(g, "attack from 0603 Close on 0503 Here");
    wgp_choose(g, "no more attacks");
    if (deciding(g, "allocate attacker supply"))
        use_all_supply(g);
    return g;
}

/* LGA-RBC-03, LGA-RBC-04 (Combat E; Addendum: Combat Case E(2) and L): 10 in supply against a Russian
   2-4 that could be supplied (an Austrian Supply unit on North, not used) is 500%: the infantry may not
   retreat before combat; a Russian cavalry 2-8 may.  Against a 4-4 with a Supply unit in reach the
   odds are 250% and it may retreat; with no Supply unit in reach it counts halved (2): 500%, and it
   may not. */
START_TEST(test_rbc_at_500_percent)
{
    static const char *const sup = "group a2 allied setup at=North one-hex\nunit austrian supply - 0-3 x1\n";
    static const char *const fr = "unit french infantry corps 10-5 x1\nunit french supply - 0-3 x1\n";
    wg_game *g = rbc_position(clear_map(), "unit russian infantry corps 2-4 x1\n", fr, sup);
    ck_assert_msg(wgp_find(g, "retreat before combat Ru Inf") < 0, "%s", OPTS(g));
    wg_game_free(g);

    g = rbc_position(clear_map(), "unit russian cavalry division 2-8 x1\n", fr, sup);
    ck_assert_msg(wgp_find(g, "retreat before combat Ru Cav 2-8") >= 0, "%s", OPTS(g));
    wg_game_free(g);

    g = rbc_position(clear_map(), "unit russian infantry corps 4-4 x1\n", fr, sup);
    ck_assert_msg(wgp_find(g, "retreat before combat Ru Inf 4-4") >= 0, "%s", OPTS(g));
    wg_game_free(g);

    g = rbc_position(clear_map(), "unit russian infantry corps 4-4 x1\n", fr, "");
    ck_assert_msg(wgp_find(g, "retreat before combat Ru Inf") < 0, "%s", OPTS(g));
    wg_game_free(g);
}
END_TEST

/* LGA-RBC-02 (Combat E): French cavalry on Close and NW put North, South, NE and SW in their total
   Zone of Control: the Russian corps on Here is surrounded and may not retreat before combat.  With a
   Russian unit on North, whose presence cancels the French ZOC there, it may. */
START_TEST(test_rbc_surrounded)
{
    static const char *const fr = "unit french cavalry corps 3-7 x1\n";
    static const char *const nw = "group f2 french setup at=NW one-hex\nunit french cavalry corps 3-7 x1\n";
    wg_game *g = rbc_position(clear_map(), "unit russian infantry corps 4-4 x1\n", fr, nw);
    ck_assert_msg(wgp_find(g, "retreat before combat") < 0, "%s", OPTS(g));
    wg_game_free(g);

    char extra[256];
    snprintf(extra, sizeof extra, "%sgroup a2 allied setup at=North one-hex\nunit russian infantry corps 1-4 x1\n", nw);
    g = rbc_position(clear_map(), "unit russian infantry corps 4-4 x1\n", fr, extra);
    ck_assert_msg(wgp_find(g, "retreat before combat Ru Inf 4-4") >= 0, "%s", OPTS(g));
    wg_game_free(g);
}
END_TEST

/* LGA-RBC-06, LGA-RBC-07 (Combat F): Here's free neighbours are Mountain hexes (North, South, NE, NW)
   and SW across an unbridged River hex-side: no legal retreat exists and the corps must defend.  With
   the River bridged it may retreat, through SW. */
START_TEST(test_rbc_no_legal_retreat)
{
    const char *m = map_of("mountain", "mountain", "mountain", "mountain", "clear", "clear", "side 4 2 sw river\n");
    char map[4096];
    snprintf(map, sizeof map, "%s", m);
    wg_game *g = rbc_position(map, "unit russian infantry corps 4-4 x1\n", "unit french infantry corps 6-5 x1\n", "");
    ck_assert_msg(wgp_find(g, "retreat before combat") < 0, "%s", OPTS(g));
    wg_game_free(g);

    m = map_of("mountain", "mountain", "mountain", "mountain", "clear", "clear", "side 4 2 sw river bridge\n");
    snprintf(map, sizeof map, "%s", m);
    g = rbc_position(map, "unit russian infantry corps 4-4 x1\n", "unit french infantry corps 6-5 x1\n", "");
    wgp_choose(g, "retreat before combat Ru Inf 4-4");
    ck_assert_msg(wgp_find(g, "to 0503") < 0 && wgp_find(g, "to 0502") < 0 && wgp_find(g, "to 0402") < 0, "%s", OPTS(g));
    size_t ev = wgp_event_count(g);
    wgp_choose_index(g, 0);
    ck_assert_msg(wgp_find_event(g, ev, "Ru Inf 4-4 #1 is disrupted", WG_VIEW_REFEREE) >= 0, "%s", EVENTS(g, ev));
    ck_assert_int_ne(piece_hex(g, "Ru Inf 4-4", 0, NULL), 503);
    wg_game_free(g);
}
END_TEST

/* LGA-RBC-11 (Combat F): a Prussian Depot 1-0 (MA 0) attacked is never offered a Retreat Before
   Combat; a Prussian cavalry unit on the same hex is. */
START_TEST(test_depot_cannot_retreat)
{
    wg_game *g = rbc_position(clear_map(), "unit prussian depot - 1-0 x1\nunit prussian cavalry division 1-8 x1\n",
                              "unit french infantry division 2-5 x1\n", "");
    ck_assert_msg(wgp_find(g, "retreat before combat Pr Cav") >= 0, "%s", OPTS(g));
    ck_assert_msg(wgp_find(g, "retreat before combat Pr Dep") < 0, "%s", OPTS(g));
    wg_game_free(g);
}
END_TEST

/* Takes the "end"/"done" choices of every decision until the decision text contains text. */
static void pass_until(wg_game *g, const char *text)
{
    static const char *const end[] = {"end the Movement Phase", "no more attacks", "done", "end the Player-Turn"};
    for (int k = 0; k < 100 && !deciding(g, text); k++) {
        size_t i = 0;
        while (i < 4 && wgp_find(g, end[i]) < 0)
            i++;
        if (i < 4)
            wgp_choose(g, end[i]);
        else
            wgp_choose_index(g, 0);
    }
    ck_assert_msg(deciding(g, text), "%s", OPTS(g));
}

/* LGA-AUTOELIM-02 (Combat L; Addendum: Combat Case E(2) and L): a French 5-5 in supply on Close
   against a Russian 2-4 on Here with no Allied Supply unit in reach counts it halved (1): 500%, and
   the Automatic Elimination is offered.  With an Austrian Supply unit on North the corps could be
   supplied and counts 2 (250%): no Automatic Elimination. */
START_TEST(test_autoelim_defender_possible_supply)
{
    wg_game *g = pos(clear_map(), NULL, "", "group a1 allied setup at=Here one-hex\nunit russian infantry corps 2-4 x1\n"
                                         "group f1 french setup at=Close one-hex\nunit french infantry corps 5-5 x1\n"
                                         "unit french supply - 0-3 x1\n");
    to_french_movement(g);
    ck_assert_msg(wgp_find(g, "automatic elimination from 0603 Close of 0503 Here, expending the Combat Supply") >= 0, "%s",
                  OPTS(g));
    wg_game_free(g);

    g = pos(clear_map(), NULL, "", "group a1 allied setup at=Here one-hex\nunit russian infantry corps 2-4 x1\n"
                                "group a2 allied setup at=North one-hex\nunit austrian supply - 0-3 x1\n"
                                "group f1 french setup at=Close one-hex\nunit french infantry corps 5-5 x1\n"
                                "unit french supply - 0-3 x1\n");
    to_french_movement(g);
    ck_assert_msg(wgp_find(g, "automatic elimination") < 0, "%s", OPTS(g));
    wg_game_free(g);
}
END_TEST

/* LGA-AUTOELIM-07 (Combat Q): a Russian cavalry division 1-8 on Here is never offered for Automatic
   Elimination, against 10 in supply; an infantry 1-4 there is. */
START_TEST(test_autoelim_never_cavalry)
{
    wg_game *g = pos(clear_map(), NULL, "", "group a1 allied setup at=Here one-hex\nunit russian cavalry division 1-8 x1\n"
                                         "group f1 french setup at=Close one-hex\nunit french infantry corps 10-5 x1\n"
                                         "unit french supply - 0-3 x1\n");
    to_french_movement(g);
    ck_assert_msg(wgp_find(g, "automatic elimination") < 0, "%s", OPTS(g));
    wg_game_free(g);

    g = pos(clear_map(), NULL, "", "group a1 allied setup at=Here one-hex\nunit russian infantry corps 1-4 x1\n"
                                "group f1 french setup at=Close one-hex\nunit french infantry corps 10-5 x1\n"
                                "unit french supply - 0-3 x1\n");
    to_french_movement(g);
    ck_assert_msg(wgp_find(g, "automatic elimination from 0603 Close of 0503 Here") >= 0, "%s", OPTS(g));
    wg_game_free(g);
}
END_TEST

/* LGA-AUTOELIM-01, LGA-CRT-15 (Combat L; CRT "Automatic Elimination"): 10 in supply against the
   Russian 2-4 on Here (1, no Allied supply in reach): 1000%, it is Automatically Eliminated in the
   Movement Phase, with no Retreat Before Combat; it is removed at the start of the Combat Phase,
   before the battle against NE is declared and fought. */
START_TEST(test_autoelim_removed_before_battles)
{
    wg_game *g = pos(clear_map(), NULL, "", "group a1 allied setup at=Here one-hex\nunit russian infantry corps 2-4 x1\n"
                                         "group a2 allied setup at=NE one-hex\nunit russian infantry corps 4-4 x1\n"
                                         "group f1 french setup at=Close one-hex\nunit french infantry corps 10-5 x1\n"
                                         "unit french supply - 0-3 x1\n");
    to_french_movement(g);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "automatic elimination from 0603 Close of 0503 Here, expending");
    HAS_EVENT(g, ev, "automatic elimination from 0603 Close of 0503 Here (10 against 1)");
    ck_assert_int_eq(piece_hex(g, "Ru Inf 2-4", 0, NULL), 503);
    wgp_choose(g, "end the Movement Phase");
    if (deciding(g, "combine units"))
        wgp_choose(g, "done");
    ck_assert_int_eq(pieces(g, "Ru Inf 2-4"), 0);
    long phase = wgp_find_event(g, ev, "Game-Turn 1, French Combat Phase", WG_VIEW_REFEREE);
    long gone = wgp_find_event(g, ev, "Ru Inf 2-4 #1 is eliminated at 0503 Here", WG_VIEW_REFEREE);
    ck_assert_msg(phase >= 0 && gone > phase, "%s", EVENTS(g, ev));
    ck_assert_msg(wgp_find_event(g, ev, "retreat", WG_VIEW_REFEREE) < 0, "%s", EVENTS(g, ev));
    wgp_choose(g, "attack from 0603 Close on 0602 NE");
    to_battles(g);
    roll(g, "0602 NE", 1);
    long battle = wgp_find_event(g, ev, "battle 1: die 1", WG_VIEW_REFEREE);
    ck_assert_msg(battle > gone, "%s", EVENTS(g, ev));
    wg_game_free(g);
}
END_TEST

/* LGA-AUTOELIM-05, LGA-AUTOELIM-06 (Combat N, O): a hex holding only an Austrian Supply unit is at
   500% for any French Combat unit, even a cavalry 1-8 out of supply; the cavalry moves through it as
   if it were not there (Close -> Here -> NW, 2 MP), and the Supply unit is removed from the game at
   once, during the Movement Phase. */
START_TEST(test_supply_alone_overrun)
{
    wg_game *g = pos(clear_map(), NULL, "", "group a1 allied setup at=Here one-hex\nunit austrian supply - 0-3 x1\n"
                                         "group f1 french setup at=Close one-hex\nunit french cavalry division 1-8 x1\n");
    to_french_movement(g);
    ck_assert_msg(wgp_find(g, "automatic elimination from 0603 Close of 0503 Here") >= 0, "%s", OPTS(g));
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "move Fr Cav 1-8");
    wgp_choose(g, "no forced march");
    wgp_choose(g, "-> 0402 NW");
    HAS_EVENT(g, ev, "Fr Cav 1-8 #2 moves to 0402 NW (2 MP)");
    HAS_EVENT(g, ev, "Au Sup 0-3 #1 is eliminated at 0503 Here");
    ck_assert_msg(deciding(g, "Movement Phase"), "%s", OPTS(g));
    ck_assert_int_eq(pieces(g, "Au Sup"), 0);
    ck_assert_int_eq(piece_hex(g, "Fr Cav", 0, NULL), 402);
    wg_game_free(g);
}
END_TEST

/* A Russian 4-4 on Far makes a Double Forced March on the table in the Allied Movement Phase of
   Game-Turn 1 (first leg to 0305, die face, then to South next to the French 6-5 on Close). */
static wg_game *forced_march(int face)
{
    wg_game *g = pos(clear_map(), NULL, "", "group a1 allied setup at=Far one-hex\nunit russian infantry corps 4-4 x1\n"
                                         "group f1 french setup at=Close one-hex\nunit french infantry corps 6-5 x1\n");
    while (wgp_find(g, "place ") >= 0 && wgp_find(g, "end the Movement Phase") < 0)
        wgp_choose(g, " on ");
    wgp_choose(g, "move Ru Inf 4-4");
    wgp_choose(g, "double forced march (roll on the table)");
    wgp_choose(g, "-> 0305");
    char lab[32];
    snprintf(lab, sizeof lab, "die roll %d", face);
    wgp_choose(g, lab);
    wgp_choose(g, "-> 0504 South");
    return g;
}

/* LGA-DISRUPT-08, LGA-DISRUPT-01, LGA-DISRUPT-02, LGA-RBC-05, LGA-DISRUPT-07, LGA-RETREAT-10
   (Forced March Explanation; Disruption A-C): die 5 gives "d": the corps is disrupted at the end of
   its move.  It may not attack in that Game-Turn (no attack from South is offered, while a corps that
   marched with die 1 may attack), may not Retreat Before Combat when the French attack it, defends
   normally (4 halved to 2 out of supply), and when Drs makes it retreat (3 against 2, die 1) it is
   destroyed as a unit already disrupted. */
START_TEST(test_forced_march_disruption)
{
    wg_game *g = forced_march(1);
    pass_until(g, "declare attacks");
    ck_assert_msg(wgp_find(g, "attack from 0504 South on 0603 Close") >= 0, "%s", OPTS(g));
    wg_game_free(g);

    g = forced_march(5);
    HAS_EVENT(g, 0, "forced march: die 5, modified 5: d (disrupted)");
    long moved = wgp_find_event(g, 0, "Ru Inf 4-4 #1 moves to 0504 South", WG_VIEW_REFEREE);
    long dis = wgp_find_event(g, 0, "Ru Inf 4-4 #1 is disrupted", WG_VIEW_REFEREE);
    ck_assert_msg(moved >= 0 && dis > moved, "%s", EVENTS(g, 0));
    ck_assert(disrupted(g, "Ru Inf 4-4"));
    wgp_choose(g, "end the Movement Phase");
    if (deciding(g, "combine units"))
        wgp_choose(g, "done");
    ck_assert_msg(!deciding(g, "declare attacks") || wgp_find(g, "attack from") < 0, "%s", OPTS(g));
    pass_until(g, "French Player-Turn: Movement Phase");
    wgp_choose(g, "end the Movement Phase");
    if (deciding(g, "combine units"))
        wgp_choose(g, "done");
    wgp_choose(g, "attack from 0603 Close on 0504 South");
    wgp_choose(g, "no more attacks");
    if (deciding(g, "allocate attacker supply"))
        wgp_choose(g, "done");
    ck_assert_msg(!deciding(g, "Retreat Before Combat") || wgp_find(g, "retreat before combat") < 0, "%s", OPTS(g));
    if (deciding(g, "Retreat Before Combat"))
        wgp_choose(g, "done");
    if (deciding(g, "allocate defender supply"))
        wgp_choose(g, "done");
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_DEF_BASE), 2);
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_PERCENT), 150);
    size_t ev = wgp_event_count(g);
    roll(g, "0504 South", 1);
    HAS_EVENT(g, ev, "battle 1: die 1 at 140-159%: Drs (printed cell)");
    wgp_skip_forced(g);
    HAS_EVENT(g, ev, "Ru Inf 4-4 #1 is eliminated");
    ck_assert_int_eq(pieces(g, "Ru Inf"), 0);
    wg_game_free(g);
}
END_TEST

/* LGA-DISRUPT-08, LGA-DISRUPT-05 (Disruption B): disrupted by its forced march in the Allied Movement
   Phase of Game-Turn 1, the corps may not move in the Allied Movement Phase of Game-Turn 2 and
   recovers at the end of that phase. */
START_TEST(test_forced_march_disruption_lasts_six_phases)
{
    wg_game *g = forced_march(5);
    pass_until(g, "Game-Turn 2, Allied Player-Turn: Movement Phase");
    ck_assert_msg(disrupted(g, "Ru Inf 4-4"), "%s", EVENTS(g, 0));
    ck_assert_msg(wgp_find(g, "move Ru Inf 4-4") < 0, "%s", OPTS(g));
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "end the Movement Phase");
    if (deciding(g, "combine units"))
        wgp_choose(g, "done");
    long rec = wgp_find_event(g, ev, "Ru Inf 4-4 #1 recovers from disruption", WG_VIEW_REFEREE);
    long combat = wgp_find_event(g, ev, "Game-Turn 2, Allied Combat Phase", WG_VIEW_REFEREE);
    ck_assert_msg(rec >= 0 && (combat < 0 || rec < combat), "%s", EVENTS(g, ev));
    ck_assert(!disrupted(g, "Ru Inf 4-4"));
    wg_game_free(g);
}
END_TEST

/* LGA-DISRUPT-06, LGA-DISRUPT-05 (Disruption B): the Russian corps disrupted by Dr1 in the French
   Combat Phase of Game-Turn 1 stays disrupted through the Allied Player-Turn of Game-Turn 2 (it may
   not move), the French Movement and Combat Phases of Game-Turn 2, and recovers at the end of that
   French Combat Phase. */
START_TEST(test_disruption_example)
{
    wg_game *g = dr_battle(1);
    wgp_choose(g, "retreat Ru Inf 5-4 #1 to 0502 North");
    pass_until(g, "Game-Turn 2, Allied Player-Turn: Movement Phase");
    ck_assert(disrupted(g, "Ru Inf 5-4"));
    ck_assert_msg(wgp_find(g, "move Ru Inf 5-4") < 0, "%s", OPTS(g));
    pass_until(g, "Game-Turn 2, French Player-Turn: Movement Phase");
    ck_assert(disrupted(g, "Ru Inf 5-4"));
    pass_until(g, "Game-Turn 2, French Player-Turn: Combat Phase (a)");
    ck_assert(disrupted(g, "Ru Inf 5-4"));
    size_t ev = wgp_event_count(g);
    pass_until(g, "Supply Creation Phase");
    long rec = wgp_find_event(g, ev, "Ru Inf 5-4 #1 recovers from disruption", WG_VIEW_REFEREE);
    long sup = wgp_find_event(g, ev, "Game-Turn 2, French Supply Creation Phase", WG_VIEW_REFEREE);
    ck_assert_msg(rec >= 0 && sup > rec, "%s", EVENTS(g, ev));
    ck_assert(!disrupted(g, "Ru Inf 5-4"));
    wg_game_free(g);
}
END_TEST

/* LGA-DISRUPT-09 (Disruption B): the French 4-5 given Ar1 in its own Combat Phase of Game-Turn 1 may
   not move in the French Movement Phase of Game-Turn 2 (the 3-5 may), is still disrupted when that
   Combat Phase opens (it may not attack), and recovers at the end of it. */
START_TEST(test_ar1_disruption_lasts_to_next_combat_phase)
{
    wg_game *g = pos(clear_map(), NULL, "", "group a1 allied setup at=Here one-hex\nunit russian infantry corps 4-4 x1\n"
                                         "group f1 french setup at=Close one-hex\nunit french infantry corps 4-5 x1\n"
                                         "unit french infantry corps 3-5 x1\nunit french supply - 0-3 x1\n"
                                         "group a2 allied setup at=North one-hex\nunit austrian supply - 0-3 x1\n");
    to_french_combat(g);
    wgp_choose(g, "attack from 0603 Close on 0503 Here");
    wgp_choose(g, "leave Fr Inf 3-5");
    wgp_choose(g, "done");
    to_battles(g);
    roll(g, "0503 Here", 2);
    wgp_choose(g, "to 0704");
    pass_until(g, "Game-Turn 2, French Player-Turn: Movement Phase");
    ck_assert(disrupted(g, "Fr Inf 4-5"));
    ck_assert_msg(wgp_find(g, "move Fr Inf 4-5") < 0 && wgp_find(g, "move Fr Inf 3-5") >= 0, "%s", OPTS(g));
    pass_until(g, "Game-Turn 2, French Player-Turn: Combat Phase (a)");
    ck_assert(disrupted(g, "Fr Inf 4-5"));
    size_t ev = wgp_event_count(g);
    pass_until(g, "Supply Creation Phase");
    long rec = wgp_find_event(g, ev, "Fr Inf 4-5 #2 recovers from disruption", WG_VIEW_REFEREE);
    long sup = wgp_find_event(g, ev, "Game-Turn 2, French Supply Creation Phase", WG_VIEW_REFEREE);
    ck_assert_msg(rec >= 0 && sup > rec, "%s", EVENTS(g, ev));
    wg_game_free(g);
}
END_TEST

/* LGA-RETREAT-05, LGA-RETREAT-02 (Retreat Procedure): Dr1 (6 against 5, die 1) with North behind an
   unbridged River hex-side, South behind a Lake hex-side, NE and SW Mountain hexes and NW held by a
   French unit: the Russian corps cannot retreat and is eliminated.  With the River bridged it
   retreats to North, the only hex offered. */
START_TEST(test_retreat_blocked)
{
    static const char *const body = "group a1 allied setup at=Here one-hex\nunit russian infantry corps 5-4 x1\n"
                                    "unit austrian supply - 0-3 x1\n"
                                    "group f1 french setup at=Close one-hex\nunit french infantry corps 6-5 x1\n"
                                    "unit french supply - 0-3 x1\n"
                                    "group f2 french setup at=NW one-hex\nunit french infantry division 2-5 x1\n";
    char map[4096];
    snprintf(map, sizeof map, "%s", map_of("clear", "clear", "mountain", "clear", "mountain", "clear",
                                           "side 4 2 n river\nside 4 2 s lake\n"));
    wg_game *g = pos(map, NULL, "", body);
    to_french_combat(g);
    wgp_choose(g, "attack from 0603 Close on 0503 Here");
    to_battles(g);
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_PERCENT), 120);
    size_t ev = wgp_event_count(g);
    roll(g, "0503 Here", 1);
    wgp_skip_forced(g);
    HAS_EVENT(g, ev, "Dr1 (printed cell)");
    HAS_EVENT(g, ev, "Ru Inf 5-4 #1 is eliminated at 0503 Here");
    ck_assert_int_eq(pieces(g, "Ru Inf"), 0);
    wg_game_free(g);

    snprintf(map, sizeof map, "%s", map_of("clear", "clear", "mountain", "clear", "mountain", "clear",
                                           "side 4 2 n river bridge\nside 4 2 s lake\n"));
    g = pos(map, NULL, "", body);
    to_french_combat(g);
    wgp_choose(g, "attack from 0603 Close on 0503 Here");
    to_battles(g);
    roll(g, "0503 Here", 1);
    ck_assert_msg(wgp_count(g, "retreat Ru Inf 5-4") == 1 && wgp_find(g, "retreat Ru Inf 5-4 #1 to 0502 North") >= 0,
                  "%s", OPTS(g));
    wgp_choose(g, "retreat Ru Inf 5-4 #1 to 0502 North");
    ck_assert_int_eq(piece_hex(g, "Ru Inf 5-4", 0, NULL), 502);
    wg_game_free(g);
}
END_TEST

/* LGA-CRT-11, LGA-RETREAT-03, LGA-RETREAT-04, LGA-RETREAT-08 (CRT; Retreat Procedure): Dr2 (4 against
   2 + 1, 133%, die 2) next to North, a Fortress under Allied control: each Russian corps is offered
   only the Fortress, stops there, and both end on it. */
START_TEST(test_retreat_onto_friendly_fortress)
{
    ALLIED_STACK_SUPPLY = 1;
    wg_game *g = pos(map_of("fortress", "clear", "clear", "clear", "clear", "clear", ""), NULL, "",
                     "group a1 allied setup at=Here one-hex\nunit russian infantry corps 5-4 x1\n"
                     "unit russian infantry corps 3-4 x1\nunit austrian supply - 0-3 x1\n"
                     "group f1 french setup at=Close one-hex\nunit french infantry corps 4-5 x1\n"
                     "unit french supply - 0-3 x1\ncontrol North allied\n");
    to_french_combat(g);
    wgp_choose(g, "attack from 0603 Close on 0503 Here");
    to_battles(g);
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_PERCENT), 133);
    size_t ev = wgp_event_count(g);
    roll(g, "0503 Here", 2);
    HAS_EVENT(g, ev, "battle 1: die 2 at 120-139%: Dr2 (printed cell)");
    for (int k = 0; k < 2; k++) {
        ck_assert_msg(wgp_count(g, "retreat Ru Inf") == 1 && wgp_find(g, " to 0502 North") >= 0, "%s", OPTS(g));
        wgp_choose(g, " to 0502 North");
    }
    ck_assert_int_eq(piece_hex(g, "Ru Inf 5-4", 0, NULL), 502);
    ck_assert_int_eq(piece_hex(g, "Ru Inf 3-4", 0, NULL), 502);
    HAS_EVENT(g, ev, "Ru Inf 5-4 #1 retreats 0503 Here -> 0502 North");
    HAS_EVENT(g, ev, "Ru Inf 3-4 #2 retreats 0503 Here -> 0502 North");
    wg_game_free(g);
}
END_TEST

/* Plays every retreat decision open now, each unit to the first hex offered; returns how many. */
static int retreat_all(wg_game *g)
{
    int n = 0;
    while (deciding(g, "choose the retreat hex") && n < 40) {
        wgp_choose(g, "retreat ");
        n++;
    }
    return n;
}

/* A French corps of strength att with a Supply unit on Close attacks the Russian 5-4 with a Supply
   unit on Here across a bridged River hex-side, with the 160% minimum for unbridged rivers only
   (option river160_bridged=0); the die shows 1. */
static wg_game *bridged_battle(int att)
{
    char body[1024];
    snprintf(body, sizeof body,
             "group a1 allied setup at=Here one-hex\nunit russian infantry corps 5-4 x1\nunit austrian supply - 0-3 x1\n"
             "group f1 french setup at=Close one-hex\nunit french infantry corps %d-5 x1\nunit french supply - 0-3 x1\n",
             att);
    wg_game *g = pos(map_of("clear", "clear", "clear", "clear", "clear", "clear", "side 5 2 nw river bridge\n"),
                     "river160_bridged=0", "", body);
    to_french_combat(g);
    wgp_choose(g, "attack from 0603 Close on 0503 Here");
    to_battles(g);
    roll(g, "0503 Here", 1);
    return g;
}

/* LGA-COMBAT-20, LGA-COMBAT-19 (Combat K): across a River hex-side, after "Ar1 Drs" the defenders
   vacate the hex but the attacker, retreated, may not advance; after "Drs" alone the attacker may
   advance into the vacated hex. */
START_TEST(test_no_advance_after_ar1)
{
    wg_game *g = bridged_battle(11);
    HAS_EVENT(g, 0, "Ar1 Drs (printed cell)");
    ck_assert_int_eq(retreat_all(g) >= 2, 1);
    wgp_skip_forced(g);
    ck_assert_msg(!deciding(g, "advance after combat") || wgp_find(g, "advance Fr") < 0, "%s", OPTS(g));
    ck_assert_int_eq(pieces(g, "Ru Inf 5-4"), 1);
    ck_assert_int_ne(piece_hex(g, "Ru Inf 5-4", 0, NULL), 503);
    wg_game_free(g);

    g = bridged_battle(18);
    HAS_EVENT(g, 0, ": Drs (printed cell)");
    retreat_all(g);
    ck_assert_msg(deciding(g, "advance after combat") && wgp_find(g, "advance Fr Inf 18-5") >= 0, "%s", OPTS(g));
    wg_game_free(g);
}
END_TEST

/* LGA-DISRUPT-03 (Disruption A): a Russian 6-4, the Leader Kutusov (1/1) and an Austrian Supply unit,
   not used, on Here are attacked by a French 5-5 in supply (5 against 3 + 1, 125%), die 1: Dr1.  All
   retreat to North, the only hex outside the French Zone of Control once the corps is there, and are
   disrupted.  In the French Combat Phase of Game-Turn 2 they are still disrupted when the corps is
   attacked from NW: the Supply unit is not offered for defender supply, the corps defends out of
   supply (6 halved to 3) and the Leader adds no bonus. */
START_TEST(test_disrupted_supply_cannot_supply)
{
    wg_game *g = pos(clear_map(), NULL, "", "group a1 allied setup at=Here one-hex\nunit russian infantry corps 6-4 x1\n"
                                         "unit austrian supply - 0-3 x1\nleader russian K \"Kutusov\" 1/1 (1)-8\n"
                                         "group f1 french setup at=Close one-hex\nunit french infantry corps 5-5 x1\n"
                                         "unit french supply - 0-3 x1\n"
                                         "group f2 french setup at=NW one-hex\nunit french infantry division 2-5 x1\n");
    to_french_combat(g);
    wgp_choose(g, "attack from 0603 Close on 0503 Here");
    wgp_choose(g, "no more attacks");
    use_all_supply(g);
    wgp_choose(g, "done");
    ck_assert_msg(deciding(g, "allocate defender supply"), "%s", OPTS(g));
    wgp_choose(g, "done");
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_DEF_LEADERS), 1);
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_PERCENT), 125);
    roll(g, "0503 Here", 1);
    wgp_choose(g, "retreat Ru Inf 6-4 #1 to 0502 North");
    retreat_all(g);
    ck_assert(disrupted(g, "Au Sup"));
    HAS_EVENT(g, 0, "Ru Kutusov (K 1/1) is disrupted");
    ck_assert_int_eq(piece_hex(g, "Kutusov", 0, NULL), 502);
    pass_until(g, "Game-Turn 2, French Player-Turn: Combat Phase (a)");
    ck_assert(disrupted(g, "Au Sup"));
    ck_assert_int_eq(piece_hex(g, "Au Sup", 0, NULL), 502);
    wgp_choose(g, "attack from 0402 NW on 0502 North");
    wgp_choose(g, "no more attacks");
    for (int k = 0; k < 4 && !deciding(g, "choose the next battle") && !deciding(g, "die roll"); k++) {
        ck_assert_msg(wgp_find(g, "use supply Au Sup") < 0, "%s", OPTS(g));
        wgp_choose(g, "done");
    }
    ck_assert_msg(wgp_find_event(g, 0, "Kutusov (K 1/1) recovers", WG_VIEW_REFEREE) < 0, "%s", EVENTS(g, 0));
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_DEF_BASE), 3);
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_DEF_LEADERS), 0);
    wg_game_free(g);
}
END_TEST

/* LGA-RETREAT-02, LGA-CRT-11 (Retreat Procedure): North is the only hex a retreat from Here may enter
   (South behind a Lake hex-side, NE and SW Mountain, NW French), and every hex beyond North is a
   Mountain hex or French-held.  Dr1 (6 against 5, die 1) retreats the corps to North; Dr2 (die 2)
   cannot be carried out in full and eliminates it. */
START_TEST(test_retreat_full_amount)
{
    static const char *const body = "group a1 allied setup at=Here one-hex\nunit russian infantry corps 5-4 x1\n"
                                    "unit austrian supply - 0-3 x1\n"
                                    "group f1 french setup at=Close one-hex\nunit french infantry corps 6-5 x1\n"
                                    "unit french supply - 0-3 x1\n"
                                    "group f2 french setup at=NW one-hex\nunit french infantry division 2-5 x1\n";
    char map[4096];
    for (int face = 1; face <= 2; face++) {
        snprintf(map, sizeof map, "%s", map_of("clear", "clear", "mountain", "clear", "mountain", "clear",
                                               "hex 3 0 mountain\nhex 4 0 mountain\nhex 5 0 mountain\nside 4 2 s lake\n"));
        wg_game *g = pos(map, NULL, "", body);
        to_french_combat(g);
        wgp_choose(g, "attack from 0603 Close on 0503 Here");
        to_battles(g);
        ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_PERCENT), 120);
        size_t ev = wgp_event_count(g);
        roll(g, "0503 Here", face);
        if (face == 1) {
            HAS_EVENT(g, ev, "Dr1 (printed cell)");
            ck_assert_msg(wgp_count(g, "retreat Ru Inf 5-4") == 1 && wgp_find(g, "retreat Ru Inf 5-4 #1 to 0502 North") >= 0,
                          "%s", OPTS(g));
            wgp_choose(g, "retreat Ru Inf 5-4 #1 to 0502 North");
            ck_assert_int_eq(piece_hex(g, "Ru Inf 5-4", 0, NULL), 502);
        } else {
            HAS_EVENT(g, ev, "Dr2 (printed cell)");
            wgp_skip_forced(g);
            HAS_EVENT(g, ev, "Ru Inf 5-4 #1 is eliminated at 0503 Here");
            ck_assert_int_eq(pieces(g, "Ru Inf"), 0);
        }
        wg_game_free(g);
    }
}
END_TEST

/* LGA-DISRUPT-03: a disrupted named Leader shows the mark in its piece label, as every other unit. */
START_TEST(test_disrupted_leader_label)
{
    wg_game *g = pos(clear_map(), NULL, "", "group a1 allied setup at=Here one-hex\nunit russian infantry corps 6-4 x1\n"
                                         "unit austrian supply - 0-3 x1\nleader russian K \"Kutusov\" 1/1 (1)-8\n"
                                         "group f1 french setup at=Close one-hex\nunit french infantry corps 5-5 x1\n"
                                         "unit french supply - 0-3 x1\n"
                                         "group f2 french setup at=NW one-hex\nunit french infantry division 2-5 x1\n");
    to_french_combat(g);
    wgp_choose(g, "attack from 0603 Close on 0503 Here");
    wgp_choose(g, "no more attacks");
    use_all_supply(g);
    wgp_choose(g, "done");
    wgp_choose(g, "done");
    roll(g, "0503 Here", 1); /* 5 against 3 + 1: Dr1 */
    wgp_choose(g, "retreat Ru Inf 6-4 #1 to 0502 North");
    retreat_all(g);
    HAS_EVENT(g, 0, "Ru Kutusov (K 1/1) is disrupted");
    ck_assert_int_eq(piece_hex(g, "Kutusov", 0, NULL), 502);
    ck_assert_msg(disrupted(g, "Kutusov"), "%s", wgp_describe(g, WG_VIEW_REFEREE)); /* fails: no mark */
    wg_game_free(g);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("lga_combat");
    TCase *t = tcase_create("odds");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_odds_examples);
    tcase_add_test(t, test_disrupted_leader_label);
    tcase_add_test(t, test_crt_columns_and_die_roll_1);
    tcase_add_test(t, test_crt_die_roll_2);
    tcase_add_test(t, test_unsupplied_strength_halved);
    suite_add_tcase(s, t);
    t = tcase_create("attacks");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_combat_supply_from_adjacent_hex);
    tcase_add_test(t, test_parenthesised_and_supply_strengths);
    tcase_add_test(t, test_attacks_adjacent_voluntary_once);
    tcase_add_test(t, test_stack_splits_between_attacks);
    tcase_add_test(t, test_six_attacks_on_one_hex);
    tcase_add_test(t, test_attacker_orders_battles);
    tcase_add_test(t, test_river_attack_below_160);
    tcase_add_test(t, test_advance_after_de);
    tcase_add_test(t, test_no_advance_after_ar1);
    suite_add_tcase(s, t);
    t = tcase_create("results");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_ar1_drs_example);
    tcase_add_test(t, test_dr1_into_enemy_zoc);
    tcase_add_test(t, test_dr2_two_hexes);
    tcase_add_test(t, test_de_eliminates_all_defenders);
    tcase_add_test(t, test_half_exchange);
    tcase_add_test(t, test_fortress_results);
    suite_add_tcase(s, t);
    t = tcase_create("rbc");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_rbc_all_defenders);
    tcase_add_test(t, test_defender_supply_offered_when_no_rbc);
    tcase_add_test(t, test_rbc_at_500_percent);
    tcase_add_test(t, test_rbc_surrounded);
    tcase_add_test(t, test_rbc_no_legal_retreat);
    tcase_add_test(t, test_depot_cannot_retreat);
    suite_add_tcase(s, t);
    t = tcase_create("autoelim");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_autoelim_defender_possible_supply);
    tcase_add_test(t, test_autoelim_never_cavalry);
    tcase_add_test(t, test_autoelim_removed_before_battles);
    tcase_add_test(t, test_supply_alone_overrun);
    suite_add_tcase(s, t);
    t = tcase_create("disruption");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_forced_march_disruption);
    tcase_add_test(t, test_forced_march_disruption_lasts_six_phases);
    tcase_add_test(t, test_disruption_example);
    tcase_add_test(t, test_ar1_disruption_lasts_to_next_combat_phase);
    tcase_add_test(t, test_disrupted_supply_cannot_supply);
    suite_add_tcase(s, t);
    t = tcase_create("retreat");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_retreat_blocked);
    tcase_add_test(t, test_retreat_full_amount);
    tcase_add_test(t, test_retreat_onto_friendly_fortress);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

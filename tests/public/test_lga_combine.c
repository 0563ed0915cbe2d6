/* La Grande Armée combinations and breakdowns (the Combine/Breakdown Chart, rs results) played through
   the public API on a small host map and host scenarios. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgplay.h"
#include "lga_board.h"


/* The largest hex distance from hex `from` among the destination options ("-> CCRR"). */
static int max_reach(wg_game *g, int from)
{
    int best = 0;
    for (size_t i = 0; i < wgp_option_count(g); i++) {
        const char *at = strstr(wgp_label(g, i), "-> ");
        if (at) {
            int d = hex_dist(from, atoi(at + 3));
            best = d > best ? d : best;
        }
    }
    return best;
}

/* Selects the first unit whose label contains needle, without forced march; returns at its destinations. */
static void select_unit(wg_game *g, const char *needle)
{
    char lab[96];
    snprintf(lab, sizeof lab, "move %s", needle);
    wgp_choose(g, lab);
    if (wgp_find(g, "no forced march") >= 0)
        wgp_choose(g, "no forced march");
}

/* Every piece's label ends with "#<id>" (before its state marks), <id> its attribute "id"; no two
   pieces share an id.  Returns the largest id. */
static int64_t label_ids(wg_game *g)
{
    size_t n = 0;
    int64_t ids[64], top = 0;
    ck_assert_int_eq(wg_game_piece_count(&n, g, WG_VIEW_REFEREE), WG_OK);
    ck_assert_uint_le(n, 64);
    for (size_t i = 0; i < n; i++) {
        char lab[96], want[24];
        ck_assert_int_eq(wg_game_attr_int(&ids[i], g, WG_VIEW_REFEREE, WG_ATTR_PIECE, i, "id"), WG_OK);
        ck_assert_int_eq(wg_game_piece_label(lab, sizeof lab, NULL, g, WG_VIEW_REFEREE, i), WG_OK);
        snprintf(want, sizeof want, "#%lld", (long long)ids[i]);
        char *at = strstr(lab, want);
        ck_assert_msg(at && (at[strlen(want)] == 0 || at[strlen(want)] == ' '), "%s has id %lld", lab,
                      (long long)ids[i]);
        for (size_t j = 0; j < i; j++)
            ck_assert_msg(ids[j] != ids[i], "two pieces with id %lld", (long long)ids[i]);
        top = ids[i] > top ? ids[i] : top;
    }
    return top;
}

/* LGA-COMBINE-08, LGA-COMBINE-05, LGA-COMBINE-01, LGA-COMBINE-09 (Movement R, U): a French 5-4 alone
   on There breaks down at the start of the Movement Phase into two 2-5s.  The first 2-5 has 3 MP left
   (5 - 1 for the breakdown - 1 for leaving the stack): it reaches 3 hexes of clear terrain, not 4.
   The second, alone once the first has gone, has 4 MP (5 - 1): it reaches 4 hexes, not 5.  Once a unit
   has moved, no breakdown is offered. */
START_TEST(test_breakdown_example)
{
    wg_game *g = pos(clear_map(), NULL, "", "group a1 allied setup at=Paris one-hex\nunit russian cavalry division 1-8 x1\n"
                                         "group f1 french setup at=There one-hex\nunit french infantry corps 5-4 x1\n"
                                         "group f2 french setup at=Far one-hex\nunit french infantry corps 5-4 x1\n");
    to_french_movement(g);
    size_t ev = wgp_event_count(g);
    ck_assert_int_eq(label_ids(g), 3);
    wgp_choose(g, "break down Fr Inf 5-4 #2");
    ck_assert_int_eq(pieces(g, "Fr Inf 5-4"), 1);
    ck_assert_int_eq(pieces(g, "Fr Inf 2-5"), 2);
    /* the two 2-5s are new pieces with new ids, although one takes the place of the 5-4 */
    ck_assert_int_eq(label_ids(g), 5);
    ck_assert_int_eq(pieces(g, "Fr Inf 2-5 #4"), 1);
    ck_assert_int_eq(pieces(g, "Fr Inf 2-5 #5"), 1);
    HAS_EVENT(g, ev, "Fr Inf 2-5 #4 formed by breakdown");
    HAS_EVENT(g, ev, "Fr Inf 2-5 #5 formed by breakdown");
    ck_assert_int_eq(piece_hex(g, "Fr Inf 2-5", 0, NULL), 703);
    ck_assert_int_eq(piece_hex(g, "Fr Inf 2-5", 1, NULL), 703);
    HAS_EVENT(g, ev, "formed by breakdown");
    select_unit(g, "Fr Inf 2-5");
    ck_assert_int_eq(max_reach(g, 703), 3);
    wgp_choose(g, "-> 0403 SW");
    HAS_EVENT(g, ev, "moves to 0403 SW (4 MP)"); /* 3 hexes + 1 for leaving the stack */
    ck_assert_msg(wgp_find(g, "break down") < 0, "%s", OPTS(g));
    select_unit(g, "Fr Inf 2-5");
    ck_assert_int_eq(max_reach(g, 703), 4);
    wgp_choose(g, "-> 0303");
    HAS_EVENT(g, ev, "moves to 0303 Mid (4 MP)");
    wg_game_free(g);
}
END_TEST

/* LGA-COMBINE-08 (Movement U): if both 2-5s stay on the hex, Stacking Supply is needed: without it the
   stack is illegal at the end of the Combat Phase and one 2-5 is eliminated; with a Supply unit used
   in the Combat Phase both stay. */
START_TEST(test_breakdown_example_stacking_supply)
{
    for (int supplied = 0; supplied < 2; supplied++) {
        char body[512];
        snprintf(body, sizeof body,
                 "group a1 allied setup at=Paris one-hex\nunit russian cavalry division 1-8 x1\n"
                 "group f1 french setup at=There one-hex\nunit french infantry corps 5-4 x1\n%s",
                 supplied ? "unit french supply - 0-3 x1\n" : "");
        wg_game *g = pos(clear_map(), NULL, "", body);
        to_french_movement(g);
        wgp_choose(g, "break down Fr Inf 5-4");
        wgp_choose(g, "end the Movement Phase");
        if (deciding(g, "combine units"))
            wgp_choose(g, "done");
        if (deciding(g, "declare attacks"))
            wgp_choose(g, "no more attacks");
        if (deciding(g, "allocate attacker supply")) {
            if (supplied)
                wgp_choose(g, "use supply");
            wgp_choose(g, "done");
        }
        if (supplied) {
            ck_assert_msg(wgp_find(g, "eliminate Fr Inf 2-5") < 0, "%s", OPTS(g));
            wgp_skip_forced(g);
            ck_assert_int_eq(pieces(g, "Fr Inf 2-5"), 2);
        } else {
            ck_assert_msg(deciding(g, "illegal stack") && wgp_count(g, "eliminate Fr Inf 2-5") == 2, "%s", OPTS(g));
            wgp_choose(g, "eliminate Fr Inf 2-5");
            ck_assert_int_eq(pieces(g, "Fr Inf 2-5"), 1);
        }
        wg_game_free(g);
    }
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

/* Number of events from `from` on whose text contains needle. */
static int count_events(wg_game *g, size_t from, const char *needle)
{
    int k = 0;
    for (size_t i = from; i < wgp_event_count(g); i++)
        k += strstr(wgp_event(g, i, WG_VIEW_REFEREE), needle) != NULL;
    return k;
}

/* Breaks down the first unit whose label contains unit and checks that `count` pieces labelled
   result now stand on hex (CCRR). */
static void breaks_into(wg_game *g, const char *unit, const char *result, int count, int hex)
{
    char lab[96];
    snprintf(lab, sizeof lab, "break down %s", unit);
    int before = pieces(g, result);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, lab);
    ck_assert_msg(pieces(g, result) - before == count, "%s -> %d x %s\n%s", unit, count, result,
                  wgp_describe(g, WG_VIEW_REFEREE));
    ck_assert_int_eq(count_events(g, ev, "formed by breakdown"), count);
    for (int k = 0; k < count; k++)
        ck_assert_int_eq(piece_hex(g, result, before + k, NULL), hex);
}

/* LGA-COMBINE-11, LGA-COMBINE-12, LGA-COMBINE-13, LGA-COMBINE-14, LGA-COMBINE-15, LGA-COMBINE-04,
   LGA-COMBINE-01 (Combine/Breakdown Chart; Movement Q): at the start of the Allied Movement Phase
   the Austrian (1805) 18-2 breaks down into four 4-3 and a 4-3 into three 1-5, the Prussian 18-2 into
   five 3-3, the Russian 10-2 into two 4-4 (the values of the Chart: 8 points from 10).  The Austrian
   cavalry 1-6, the Prussian and Russian cavalry 1-8, the Saxon 3-3, Leaders, Supply units and Depots
   have no Chart entry: no breakdown is offered for them. */
START_TEST(test_allied_chart)
{
    wg_game *g = pos(clear_map(), NULL, "rules austrian-1805\n",
                     "group a1 allied setup at=Here one-hex\nunit russian infantry army 10-2 x1\n"
                     "group a2 allied setup at=North one-hex\nunit prussian infantry army 18-2 x1\n"
                     "group a3 allied setup at=Far one-hex\nunit austrian infantry army 18-2 x1\n"
                     "group a4 allied setup at=Paris one-hex\nunit austrian cavalry division 1-6 x1\n"
                     "group a5 allied setup at=West one-hex\nunit prussian cavalry division 1-8 x1\n"
                     "group a6 allied setup at=Edge one-hex\nunit russian cavalry division 1-8 x1\n"
                     "group a7 allied setup at=SW one-hex\nunit saxon infantry corps 3-3 x1\n"
                     "group a8 allied setup at=NW one-hex\nleader russian K \"Kutusov\" 2/2 (1)-8\n"
                     "unit austrian supply - 0-3 x1\nunit prussian depot - 1-0 x1\n"
                     "group f1 french setup at=Beyond one-hex\nunit french infantry corps 5-4 x1\n");
    while (wgp_find(g, "place ") >= 0 && wgp_find(g, "end the Movement Phase") < 0)
        wgp_choose(g, " on ");
    ck_assert_msg(deciding(g, "Allied Player-Turn: Movement Phase"), "%s", OPTS(g));
    ck_assert_msg(wgp_count(g, "break down") == 3, "%s", OPTS(g));
    breaks_into(g, "Ru Inf 10-2", "Ru Inf 4-4", 2, 503);
    breaks_into(g, "Pr Inf 18-2", "Pr Inf 3-3", 5, 502);
    breaks_into(g, "Au Inf 18-2", "Au Inf 4-3", 4, 205);
    breaks_into(g, "Au Inf 4-3", "Au Inf 1-5", 3, 205);
    ck_assert_msg(wgp_find(g, "break down Ru Inf 4-4") < 0 && wgp_find(g, "break down Pr Inf 3-3") < 0 &&
                      wgp_find(g, "break down Au Inf 1-5") < 0 && wgp_find(g, "break down Au Cav") < 0 &&
                      wgp_find(g, "break down Pr Cav") < 0 && wgp_find(g, "break down Ru Cav") < 0 &&
                      wgp_find(g, "break down Sx") < 0 && wgp_find(g, "break down Ru Kutusov") < 0 && wgp_find(g, "break down Au Sup") < 0 &&
                      wgp_find(g, "break down Pr Dep") < 0,
                  "%s", OPTS(g));
    wg_game_free(g);
}
END_TEST

/* LGA-COMBINE-09, LGA-COMBINE-10 (Chart; Addendum: Combine/Breakdown Chart): the 1809 Austrian
   infantry follows the French organisation (18-2 = three 5-4), while its cavalry 1-6 stays off the
   Chart; the French cavalry corps 3-7 is two 1-8 divisions. */
START_TEST(test_chart_1809_and_cavalry)
{
    wg_game *g = pos(clear_map(), NULL, "rules austrian-1809\n",
                     "group a1 allied setup at=Far one-hex\nunit austrian infantry army 18-2 x1\n"
                     "group a2 allied setup at=Paris one-hex\nunit austrian cavalry division 1-6 x1\n"
                     "group f1 french setup at=Beyond one-hex\nunit french cavalry corps 3-7 x1\n");
    while (wgp_find(g, "place ") >= 0 && wgp_find(g, "end the Movement Phase") < 0)
        wgp_choose(g, " on ");
    ck_assert_msg(wgp_find(g, "break down Au Cav") < 0, "%s", OPTS(g));
    breaks_into(g, "Au Inf 18-2", "Au Inf 5-4", 3, 205);
    breaks_into(g, "Au Inf 5-4", "Au Inf 2-5", 2, 205);
    to_french_movement(g);
    breaks_into(g, "Fr Cav 3-7", "Fr Cav 1-8", 2, 803);
    wg_game_free(g);
}
END_TEST

/* LGA-COMBINE-15, LGA-COMBINE-09, LGA-COMBINE-10, LGA-COMBINE-04 (Chart): at the start of the French
   Movement Phase three 5-4s (15 points) combine into one 18-2, two 2-5s into a 5-4 and two cavalry
   1-8s into a 3-7; the original units are replaced. */
START_TEST(test_french_combinations)
{
    wg_game *g = pos(clear_map(), NULL, "",
                     "group a1 allied setup at=Paris one-hex\nunit russian cavalry division 1-8 x1\n"
                     "group f1 french setup at=Close one-hex\nunit french infantry corps 5-4 x3\n"
                     "group f2 french setup at=Beyond one-hex\nunit french infantry division 2-5 x2\n"
                     "group f3 french setup at=North one-hex\nunit french cavalry division 1-8 x2\n");
    to_french_movement(g);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "combine Inf 5-4 units on 0603 Close");
    HAS_EVENT(g, ev, "formed by combining 3 units");
    ck_assert_int_eq(pieces(g, "Fr Inf 5-4"), 0);
    ck_assert_int_eq(piece_hex(g, "Fr Inf 18-2", 0, NULL), 603);
    wgp_choose(g, "combine Inf 2-5 units on 0803 Beyond");
    HAS_EVENT(g, ev, "formed by combining 2 units");
    ck_assert_int_eq(pieces(g, "Fr Inf 2-5"), 0);
    ck_assert_int_eq(piece_hex(g, "Fr Inf 5-4", 0, NULL), 803);
    wgp_choose(g, "combine Cav 1-8 units on 0502 North");
    ck_assert_int_eq(pieces(g, "Fr Cav 1-8"), 0);
    ck_assert_int_eq(piece_hex(g, "Fr Cav 3-7", 0, NULL), 502);
    wg_game_free(g);
}
END_TEST

/* A French 2-5 with a Supply unit on Close; a second 2-5 starts on start (with a third 2-5 there when
   stacked) and moves to Close; returns at the end-of-movement decision. */
static wg_game *combine_at_end(const char *start, int stacked, const char *dest)
{
    char body[1024];
    snprintf(body, sizeof body,
             "group a1 allied setup at=Paris one-hex\nunit russian cavalry division 1-8 x1\n"
             "group f1 french setup at=Close one-hex\nunit french infantry division 2-5 x1\nunit french supply - 0-3 x1\n"
             "group f2 french setup at=%s one-hex\nunit french infantry division 2-5 x%d\n",
             start, stacked ? 2 : 1);
    wg_game *g = pos(clear_map(), NULL, "", body);
    to_french_movement(g);
    char lab[64];
    snprintf(lab, sizeof lab, "from %s", dest);
    wgp_choose(g, lab);
    if (wgp_find(g, "no forced march") >= 0)
        wgp_choose(g, "no forced march");
    wgp_choose(g, "-> 0603 Close");
    wgp_choose(g, "end the Movement Phase");
    ck_assert_msg(deciding(g, "combine units"), "%s", OPTS(g));
    return g;
}

/* LGA-COMBINE-02, LGA-COMBINE-06 (Movement Q, S; Addendum: Movement, Case S): at the end of the
   Movement Phase a 2-5 that came 3 hexes from Mid (+1 MP for entering the hex of the other 2-5: 4
   spent, 1 left) combines with the 2-5 on Close into a 5-4; no breakdown is offered then.  One that
   came 4 hexes from West (4 + 1 = 5 spent) has no MP left after the stacking MP and may not; nor one
   that came from Mid but left a stack there (3 + 1 + 1 = 5). */
START_TEST(test_combine_at_end_of_movement)
{
    wg_game *g = combine_at_end("Mid", 0, "0303 Mid");
    ck_assert_msg(wgp_find(g, "combine Inf 2-5 units on 0603 Close") >= 0, "%s", OPTS(g));
    ck_assert_msg(wgp_find(g, "break down") < 0, "%s", OPTS(g));
    size_t ev = wgp_event_count(g);
    int64_t top = label_ids(g);
    wgp_choose(g, "combine Inf 2-5 units on 0603 Close");
    HAS_EVENT(g, ev, "formed by combining 2 units");
    ck_assert_int_eq(label_ids(g), top + 1); /* the 5-4 is a new piece */
    HAS_EVENT(g, 0, "moves to 0603 Close (4 MP)");
    ck_assert_int_eq(piece_hex(g, "Fr Inf 5-4", 0, NULL), 603);
    ck_assert_int_eq(pieces(g, "Fr Inf 2-5"), 0);
    wg_game_free(g);

    g = combine_at_end("West", 0, "0203 West");
    ck_assert_msg(wgp_find(g, "combine") < 0, "%s", OPTS(g));
    wg_game_free(g);

    g = combine_at_end("Mid", 1, "0303 Mid");
    ck_assert_msg(wgp_find(g, "combine") < 0, "%s", OPTS(g));
    wg_game_free(g);
}
END_TEST

/* The label of the first piece on hex (CCRR) whose label contains needle, without its
   " [disrupted]" mark. */
static void label_at(wg_game *g, int hex, const char *needle, char *out)
{
    for (int k = 0; piece_hex(g, needle, k, out) >= 0; k++)
        if (piece_hex(g, needle, k, out) == hex) {
            char *mark = strstr(out, " [");
            if (mark)
                *mark = 0;
            return;
        }
    ck_abort_msg("no %s on %04d\n%s", needle, hex, wgp_describe(g, WG_VIEW_REFEREE));
}

/* LGA-COMBINE-07, LGA-DISRUPT-04 (Movement T; Disruption A): the French 5-4 disrupted by Ar1 (5
   against 5, die 2) is offered no breakdown in the next French Movement Phase; the 5-4 left out of
   the attack is. */
START_TEST(test_disrupted_unit_no_breakdown)
{
    wg_game *g = pos(clear_map(), NULL, "", "group a1 allied setup at=Here one-hex\nunit russian infantry corps 5-4 x1\n"
                                         "unit austrian supply - 0-3 x1\n"
                                         "group f1 french setup at=Close one-hex\nunit french infantry corps 5-4 x2\n"
                                         "unit french supply - 0-3 x1\n");
    to_french_combat(g);
    wgp_choose(g, "attack from 0603 Close on 0503 Here");
    wgp_choose(g, "leave Fr Inf 5-4");
    wgp_choose(g, "done");
    to_battles(g);
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_PERCENT), 100);
    roll(g, "0503 Here", 2);
    wgp_choose(g, "to 0704");
    char hit[256], out[256], lab[300];
    label_at(g, 704, "Fr Inf 5-4", hit);
    label_at(g, 603, "Fr Inf 5-4", out);
    ck_assert(disrupted(g, hit));
    pass_until(g, "Game-Turn 2, French Player-Turn: Movement Phase");
    snprintf(lab, sizeof lab, "break down %s", hit);
    ck_assert_msg(wgp_find(g, lab) < 0, "%s", OPTS(g));
    snprintf(lab, sizeof lab, "break down %s", out);
    ck_assert_msg(wgp_find(g, lab) >= 0, "%s", OPTS(g));
    wg_game_free(g);
}
END_TEST

/* LGA-COMBINE-17 (Unit Placement): during the set-up, a placed Russian 10-2 may be broken down at
   once (two 4-4 on Here), and two French 2-5 placed on Close may be combined into a 5-4. */
START_TEST(test_build_at_setup)
{
    wg_game *g = pos(clear_map(), NULL, "", "group a1 allied setup at=Here one-hex\nunit russian infantry army 10-2 x1\n"
                                         "group a2 allied setup at=Far one-hex\nunit russian cavalry division 1-8 x1\n"
                                         "group f1 french setup at=Close one-hex\nunit french infantry division 2-5 x2\n"
                                         "group f2 french setup at=Beyond one-hex\nunit french cavalry division 1-8 x1\n");
    wgp_choose(g, "place Ru Inf 10-2");
    ck_assert_msg(deciding(g, "initial placement"), "%s", OPTS(g));
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "break down Ru Inf 10-2");
    HAS_EVENT(g, ev, "formed by breakdown");
    ck_assert_int_eq(pieces(g, "Ru Inf 4-4"), 2);
    ck_assert_int_eq(piece_hex(g, "Ru Inf 4-4", 1, NULL), 503);
    wgp_choose(g, "place Ru Cav");
    wgp_choose(g, "place Fr Inf 2-5");
    wgp_choose(g, "place Fr Inf 2-5");
    ck_assert_msg(deciding(g, "initial placement"), "%s", OPTS(g));
    int64_t top = label_ids(g);
    wgp_choose(g, "combine Inf 2-5 units on 0603 Close");
    HAS_EVENT(g, ev, "formed by combining 2 units");
    ck_assert_int_eq(label_ids(g), top + 1); /* the 5-4 is a new piece */
    ck_assert_int_eq(piece_hex(g, "Fr Inf 5-4", 0, NULL), 603);
    ck_assert_int_eq(pieces(g, "Fr Inf 2-5"), 0);
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

/* A defender (spec, out of supply on Here) attacked by a French unit with a Supply unit on Close at
   200%, die 1: Drs.  Checks that the defender is replaced by count units labelled result, each
   retreating separately and disrupted. */
static void drs_breakdown(const char *rules, const char *spec, const char *french, const char *result, int count)
{
    char body[1024];
    snprintf(body, sizeof body,
             "group a1 allied setup at=Here one-hex\n%sgroup f1 french setup at=Close one-hex\n%sunit french supply - 0-3 x1\n",
             spec, french);
    wg_game *g = pos(clear_map(), NULL, rules, body);
    to_french_combat(g);
    wgp_choose(g, "attack from 0603 Close on 0503 Here");
    to_battles(g);
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_PERCENT), 200);
    size_t ev = wgp_event_count(g);
    roll(g, "0503 Here", 1);
    HAS_EVENT(g, ev, "battle 1: die 1 at 200-299%: Drs (printed cell)");
    ck_assert_msg(count_events(g, ev, "formed by breakdown") == (count > 1 ? count : 0), "%s", EVENTS(g, ev));
    ck_assert_int_eq(pieces(g, result), count);
    ck_assert_int_eq(retreat_all(g), count);
    ck_assert_int_eq(count_events(g, ev, "retreats 0503 Here ->"), count);
    for (int k = 0; k < count; k++) {
        char lab[256];
        int h = piece_hex(g, result, k, lab);
        ck_assert_msg(h != 503 && strstr(lab, "[disrupted]"), "%s\n%s", lab, EVENTS(g, ev));
        for (int j = 0; j < k; j++)
            ck_assert_msg(piece_hex(g, result, j, NULL) != h, "two units end on %04d\n%s", h, EVENTS(g, ev));
    }
    wg_game_free(g);
}

/* LGA-CRT-10, LGA-CRT-09, LGA-COMBINE-03 (Explanation rs; Chart): under Drs the Prussian 18-2 becomes
   five 3-3, the Austrian 1805 18-2 twelve 1-5 (via four 4-3), the Russian 10-2 two 4-4, and the
   Austrian cavalry 1-6 retreats unchanged; every resulting unit retreats on its own to a hex of its
   own and is disrupted. */
START_TEST(test_rs_breakdowns_of_defenders)
{
    drs_breakdown("", "unit prussian infantry army 18-2 x1\n", "unit french infantry army 18-2 x1\n", "Pr Inf 3-3", 5);
    drs_breakdown("rules austrian-1805\n", "unit austrian infantry army 18-2 x1\n", "unit french infantry army 18-2 x1\n",
                  "Au Inf 1-5", 12);
    drs_breakdown("", "unit russian infantry army 10-2 x1\n", "unit french infantry corps 10-5 x1\n", "Ru Inf 4-4", 2);
    drs_breakdown("", "unit austrian cavalry division 1-6 x1\n", "unit french infantry division 2-5 x1\n", "Au Cav 1-6", 1);
}
END_TEST

/* A French unit (spec, out of supply on Close) attacking the Russian 10-2 with a Supply unit on Here,
   die 1: Ars; returns at the first retreat decision. */
static wg_game *ars_battle(const char *spec, int pct)
{
    char body[1024];
    snprintf(body, sizeof body,
             "group a1 allied setup at=Here one-hex\nunit russian infantry army 10-2 x1\nunit austrian supply - 0-3 x1\n"
             "group f1 french setup at=Close one-hex\n%s",
             spec);
    wg_game *g = pos(clear_map(), NULL, "", body);
    to_french_combat(g);
    wgp_choose(g, "attack from 0603 Close on 0503 Here");
    to_battles(g);
    ck_assert_int_eq(odds(g, 0, WG_LGA_ODDS_PERCENT), pct);
    roll(g, "0503 Here", 1);
    HAS_EVENT(g, 0, "Ars (printed cell)");
    return g;
}

/* LGA-CRT-10, LGA-CRT-09, LGA-RETREAT-11, LGA-RETREAT-01, LGA-COMBINE-03 (Explanation rs): under Ars (9
   against 10, 90%) the French 18-2 becomes six 2-5 (via three 5-4), retreated by the French player
   one at a time with every movement penalty: the first leaves a stack (+1 MP) and reaches at most 4
   hexes with its MA of 5, the last, alone, 5 hexes.  Each ends on a hex of its own, disrupted.  The
   French 3-7 under Ars (1 against 10) becomes two 1-8. */
START_TEST(test_rs_breakdowns_of_attackers)
{
    wg_game *g = ars_battle("unit french infantry army 18-2 x1\n", 90);
    ck_assert_int_eq(pieces(g, "Fr Inf 2-5"), 6);
    ck_assert_int_eq(pieces(g, "Fr Inf 18-2"), 0);
    ck_assert_msg(deciding(g, "choose the retreat hex") && wgp_decider(g) == 1, "%s", OPTS(g));
    int h[64], far = 0;
    int n = retreat_hexes(g, h, 64);
    for (int i = 0; i < n; i++)
        far = hex_dist(603, h[i]) > far ? hex_dist(603, h[i]) : far;
    ck_assert_msg(far == 4, "first 2-5 reaches %d hexes\n%s", far, OPTS(g));
    for (int k = 0; k < 5; k++) {
        /* each to the northernmost hex (then westernmost) offered: the ones retreated first stay
           out of the last one's way (the option order does not decide it) */
        n = retreat_hexes(g, h, 64);
        int best = -1;
        for (int i = 0; i < n; i++)
            best = best < 0 || h[i] % 100 < h[best] % 100 || (h[i] % 100 == h[best] % 100 && h[i] < h[best]) ? i
                                                                                                             : best;
        ck_assert_int_ge(best, 0);
        char to[16];
        snprintf(to, sizeof to, " to %04d", h[best]);
        wgp_choose(g, to);
    }
    n = retreat_hexes(g, h, 64);
    far = 0;
    for (int i = 0; i < n; i++)
        far = hex_dist(603, h[i]) > far ? hex_dist(603, h[i]) : far;
    ck_assert_msg(far == 5, "last 2-5 reaches %d hexes\n%s", far, OPTS(g));
    wgp_choose(g, "retreat ");
    for (int k = 0; k < 6; k++) {
        char lab[256];
        int at = piece_hex(g, "Fr Inf 2-5", k, lab);
        ck_assert_msg(at != 603 && strstr(lab, "[disrupted]"), "%s", lab);
        for (int j = 0; j < k; j++)
            ck_assert_int_ne(piece_hex(g, "Fr Inf 2-5", j, NULL), at);
    }
    wg_game_free(g);

    g = ars_battle("unit french cavalry corps 3-7 x1\n", 10);
    ck_assert_int_eq(pieces(g, "Fr Cav 1-8"), 2);
    ck_assert_int_eq(retreat_all(g), 2);
    ck_assert(disrupted(g, "Fr Cav 1-8"));
    wg_game_free(g);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("lga_combine");
    TCase *t = tcase_create("movement");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_breakdown_example);
    tcase_add_test(t, test_breakdown_example_stacking_supply);
    suite_add_tcase(s, t);
    t = tcase_create("chart");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_allied_chart);
    tcase_add_test(t, test_chart_1809_and_cavalry);
    tcase_add_test(t, test_french_combinations);
    tcase_add_test(t, test_combine_at_end_of_movement);
    tcase_add_test(t, test_disrupted_unit_no_breakdown);
    suite_add_tcase(s, t);
    t = tcase_create("rs");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_build_at_setup);
    tcase_add_test(t, test_rs_breakdowns_of_defenders);
    tcase_add_test(t, test_rs_breakdowns_of_attackers);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

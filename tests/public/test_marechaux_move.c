/* Les Maréchaux movement played through the public API: command tests, stacks, MP, fatigue,
   baggage and artillery, commanders and streams, on small zone graphs supplied by the host (a
   `map` document of kind map holding the zones and connections, and a `pack` whose units stand
   `at=ZONE`).  Decisions go through wg_game_choose*, die faces and fatigue markers are chosen by
   their labels, and the results are read back from event texts, option labels and
   wg_game_describe. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgplay.h"
#include "mr_board.h"

/* The pack of these suites holds the event Genie in each container. */
static wg_game *position(wg_ctx *ctx, const char *graph, const char *units)
{
    return position_with(ctx, graph, "container AA Genie 1\ncontainer F Genie 1\n", units);
}

/* ---- command test ---- */

/* A chain L - X - B - C - E - F - G - H of roads (1 MP), with the French line of communication D
   off C by a path.  Wellesley (CiC) stands in L, the Anglo-Allied line of communication. */
static const char CHAIN[] = "zone L clear loc-aa\nzone X clear\nzone B clear\nzone C clear\nzone E clear\n"
                            "zone F clear\nzone G clear\nzone H clear\nzone D town loc-f\n"
                            "conn L X road 1\nconn X B road 1\nconn B C road 1\nconn C E road 1\n"
                            "conn E F road 1\nconn F G road 1\nconn G H road 1\nconn C D path 2\n";

/* CHAIN with Wellesley in L, the units of `aa` and the French CiC Junot in D with Heudelet in
   `heudelet`: the first operation. */
static wg_game *chain_game(wg_ctx *ctx, const char *aa, const char *heudelet)
{
    char units[1024];
    snprintf(units, sizeof units,
             "scenario 1808 8 August 16 6 0 0 AA 0\n"
             "unit AA cdr Wellesley sv=2 cic at=L\n%s"
             "unit F cdr Junot sv=2 cic at=D\nunit F inf Heudelet mp=6 boxes=2,3,3,4 at=%s\n",
             aa, heudelet);
    wg_game *g = position(ctx, CHAIN, units);
    to_operations(g);
    return g;
}

/* Moves the stack formed in B along C, E, F, ... drawing the fatigue markers of `per` at each
   connection, as far as its MP allow; returns the number of connections crossed. */
static int walk_chain_drawing(wg_game *g, const char *per)
{
    static const char *const next[] = {"C", "E", "F", "G", "H"};
    int n = 0;
    for (; n < 5; n++) {
        char needle[32];
        snprintf(needle, sizeof needle, "go to %s (1 MP)", next[n]);
        if (!has_option(g, needle))
            break;
        go(g, next[n], per);
    }
    return n;
}

static int walk_chain(wg_game *g)
{
    return walk_chain_drawing(g, "0");
}

/* LM-CMD-07, LM-CMD-08, LM-CMD-06 (§5.1, §10.3): an infantry stack without commander, with a
   clear path to the commander in chief (+1).  Die 4: total 5, all its 5 MP (five connections);
   die 2: total 3, half MP rounded up, 5 MP -> 3 and 4 MP -> 2; the moves end there. */
START_TEST(test_command_total_gives_mp)
{
    wg_ctx *ctx = new_ctx();
    static const struct {
        int mp, die;
        const char *text;
        int conns;
    } cases[] = {{5, 4, "die 4, total 5: all MP", 5},
                 {5, 3, "die 3, total 4: half MP", 3},
                 {5, 2, "die 2, total 3: half MP", 3},
                 {4, 2, "die 2, total 3: half MP", 2},
                 {4, 4, "die 4, total 5: all MP", 4}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char aa[128], roll[16];
        snprintf(aa, sizeof aa, "unit AA inf Tilson mp=%d boxes=3,4 at=B\n", cases[k].mp);
        wg_game *g = chain_game(ctx, aa, "D");
        size_t n0 = wgp_event_count(g);
        wgp_choose(g, "move a stack from B");
        wgp_choose(g, "stack formed");
        ck_assert_msg(strstr(wgp_decision(g), "command test die"), "%s", wgp_options_dump(g));
        snprintf(roll, sizeof roll, "roll %d", cases[k].die);
        wgp_choose(g, roll);
        assert_event(g, n0, cases[k].text);
        ck_assert_int_eq(walk_chain(g), cases[k].conns);
        char pm[32];
        snprintf(pm, sizeof pm, "PM %d MP spent", cases[k].conns);
        assert_line(g, "moving stack: PM", pm);
        ck_assert_int_ge(wgp_find(g, "stop"), 0);
        wgp_choose(g, "stop");
        ck_assert_int_eq(wgp_decider(g), 1);
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* LM-CMD-08 (§5.1, GAP-28): half MP is counted per unit: with total 3, Tilson (5 MP) has 3 and the
   Hussars (7 MP) 4; the stack stops being able to move on with Tilson after three connections, and
   the Hussars, once Tilson is left there, go one connection further. */
START_TEST(test_command_half_mp_per_unit)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = chain_game(ctx, "unit AA inf Tilson mp=5 boxes=3,4 at=B\nunit AA cav Hussars mp=7 morale=5 at=B\n", "D");
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "move a stack from B");
    wgp_choose(g, "stack formed");
    wgp_choose(g, "roll 2");
    assert_event(g, n0, "die 2, total 3: half MP");
    ck_assert_int_eq(walk_chain(g), 3);
    assert_line(g, "F:", "Tilson");
    wgp_choose(g, "leave Tilson here");
    ck_assert_msg(has_option(g, "go to G (1 MP)"), "%s", wgp_options_dump(g));
    go(g, "G", "0");
    ck_assert_msg(!has_option(g, "go to H"), "%s", wgp_options_dump(g));
    wgp_choose(g, "stop");
    assert_line(g, "F:", "Tilson");
    assert_line(g, "G:", "Hussars");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-CMD-09, LM-CMD-01 (§5.1): die 1 + 1 (clear path) = 2: the stack is activated without
   moving and the French player takes the next operation; moving needs the test, passing none. */
START_TEST(test_command_failure_and_pass)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = chain_game(ctx, "unit AA inf Tilson mp=5 boxes=3,4 at=B\n", "D");
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "move a stack from B");
    wgp_choose(g, "stack formed");
    ck_assert_int_eq(wgp_decider(g), WG_PLAYER_CHANCE);
    ck_assert_msg(strstr(wgp_decision(g), "command test die"), "%s", wgp_options_dump(g));
    wgp_choose(g, "roll 1");
    assert_event(g, n0, "die 1, total 2");
    ck_assert_int_eq(wgp_decider(g), 1);
    ck_assert_msg(strstr(wgp_decision(g), "choose an operation"), "%s", wgp_options_dump(g));
    assert_line(g, "B:", "Tilson (infantry 2/2, activated)");
    /* the French pass: no die; the Anglo-Allied player's Tilson is spent */
    wgp_choose(g, "pass");
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_msg(strstr(wgp_decision(g), "choose an operation"), "%s", wgp_options_dump(g));
    ck_assert_int_lt(wgp_find(g, "move a stack from B"), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-CMD-06 (§5.1, GAP-19): Heudelet in X cuts the only path from Wellesley in L to B: die 3
   gives total 3 (half MP) instead of 4 with the path clear.  LM-FATIGUE-04 (§5.5, GAP-37): the
   stack is then cut off from its line of communication L too, and draws two markers at each
   connection instead of one. */
START_TEST(test_command_clear_path)
{
    wg_ctx *ctx = new_ctx();
    const char *where[2] = {"D", "X"};
    const char *want[2] = {"die 3, total 4: half MP", "die 3, total 3: half MP"};
    for (int k = 0; k < 2; k++) {
        wg_game *g = chain_game(ctx, "unit AA inf Tilson mp=5 boxes=3,4 at=B\n", where[k]);
        size_t n0 = wgp_event_count(g);
        wgp_choose(g, "move a stack from B");
        wgp_choose(g, "stack formed");
        wgp_choose(g, "roll 3");
        assert_event(g, n0, want[k]);
        wg_game_free(g);
    }
    /* die 4 with the path cut: total 4, half MP; with it clear: 5, all MP */
    wg_game *g = chain_game(ctx, "unit AA inf Tilson mp=5 boxes=3,4 at=B\n", "X");
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "move a stack from B");
    wgp_choose(g, "stack formed");
    wgp_choose(g, "roll 4");
    assert_event(g, n0, "die 4, total 4: half MP");
    ck_assert_int_eq(walk_chain_drawing(g, "01"), 3);
    ck_assert_int_ge(wgp_find_event(g, n0, "must draw 2 fatigue markers", WG_VIEW_REFEREE), 0);
    assert_no_event(g, n0, "must draw 1 fatigue marker");
    wg_game_free(g);
    g = chain_game(ctx, "unit AA inf Tilson mp=5 boxes=3,4 at=B\n", "D");
    n0 = wgp_event_count(g);
    wgp_choose(g, "move a stack from B");
    wgp_choose(g, "stack formed");
    wgp_choose(g, "roll 4");
    assert_event(g, n0, "die 4, total 5: all MP");
    ck_assert_int_eq(walk_chain(g), 5);
    assert_event(g, n0, "must draw 1 fatigue marker");
    assert_no_event(g, n0, "must draw 2 fatigue markers");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-CMD-05 (§5.1): a stack of cavalry only adds 1: die 3 gives total 5 (die, all-cavalry, clear
   path) and all 8 MP, where the infantry of test_command_total_gives_mp reads total 4. */
START_TEST(test_command_cavalry_only)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = chain_game(ctx, "unit AA cav Hussars mp=4 morale=4 at=B\n", "D");
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "move a stack from B");
    wgp_choose(g, "stack formed");
    wgp_choose(g, "roll 3");
    assert_event(g, n0, "die 3, total 5: all MP");
    ck_assert_int_eq(walk_chain(g), 4);
    wg_game_free(g);
    /* with an infantry unit in the stack the bonus goes */
    g = chain_game(ctx, "unit AA cav Hussars mp=4 morale=4 at=B\nunit AA inf Tilson mp=4 boxes=3,4 at=B\n", "D");
    n0 = wgp_event_count(g);
    wgp_choose(g, "move a stack from B");
    wgp_choose(g, "stack formed");
    wgp_choose(g, "roll 3");
    assert_event(g, n0, "die 3, total 4: half MP");
    ck_assert_int_eq(walk_chain(g), 2);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-CDR-05, LM-COMP-05 (§7.1, §1.1.2, PD-20): the commanders' SV shows on their faces (the CiC
   with his star) and counts in the command test; with two subordinate commanders and no CiC the
   best SV is used: die 1 + SV 2 + path 1 = 4, where Beresford alone (SV 1) gives 3. */
START_TEST(test_command_several_commanders)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = chain_game(ctx,
                            "unit AA cdr Beresford sv=1 at=B\nunit AA cdr Hill sv=2 at=B\n"
                            "unit AA inf Tilson mp=5 boxes=3,4 at=B\n",
                            "D");
    assert_line(g, "L:", "Wellesley (commander SV 2 CiC)");
    assert_line(g, "B:", "Beresford (commander SV 1)");
    assert_line_lacks(g, "B:", "SV 1 CiC");
    assert_line(g, "B:", "Hill (commander SV 2)");
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "move a stack from B");
    wgp_choose(g, "stack formed");
    wgp_choose(g, "roll 1");
    assert_event(g, n0, "die 1, total 4: half MP");
    wg_game_free(g);
    g = chain_game(ctx,
                   "unit AA cdr Beresford sv=1 at=B\nunit AA cdr Hill sv=2 at=B\n"
                   "unit AA inf Tilson mp=5 boxes=3,4 at=B\n",
                   "D");
    n0 = wgp_event_count(g);
    wgp_choose(g, "move a stack from B");
    wgp_choose(g, "leave out Hill");
    wgp_choose(g, "stack formed");
    wgp_choose(g, "roll 1");
    assert_event(g, n0, "die 1, total 3: half MP");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-CMD-02, LM-CMD-03, LM-STACK-03 (§5.1, §5.2): Wellesley and Tilson (5 MP) in B.  With the
   CiC in the stack there is no command die and Tilson has all 5 MP; a stack formed without him in
   his zone needs no die either, and Wellesley, left out, moves in a later operation. */
START_TEST(test_command_cic)
{
    wg_ctx *ctx = new_ctx();
    const char *units = "unit AA inf Tilson mp=5 boxes=3,4 at=B\n";
    char pack[512];
    snprintf(pack, sizeof pack,
             "scenario 1808 8 August 16 6 0 0 AA 0\nunit AA cdr Wellesley sv=2 cic at=B\n%s"
             "unit F cdr Junot sv=2 cic at=D\nunit F inf Heudelet mp=6 boxes=2,3,3,4 at=D\n",
             units);
    wg_game *g = position(ctx, CHAIN, pack);
    to_operations(g);
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "move a stack from B");
    wgp_choose(g, "stack formed");
    ck_assert_msg(strstr(wgp_decision(g), "move:"), "%s", wgp_options_dump(g));
    assert_event(g, n0, "stack activated without a command test");
    assert_no_event(g, n0, "die ");
    ck_assert_int_eq(walk_chain(g), 5);
    wg_game_free(g);

    g = position(ctx, CHAIN, pack);
    to_operations(g);
    n0 = wgp_event_count(g);
    wgp_choose(g, "move a stack from B");
    wgp_choose(g, "leave out Wellesley");
    wgp_choose(g, "stack formed");
    ck_assert_msg(strstr(wgp_decision(g), "move:"), "%s", wgp_options_dump(g));
    assert_event(g, n0, "stack activated without a command test");
    assert_no_event(g, n0, "die ");
    ck_assert_int_eq(walk_chain(g), 5);
    wgp_choose(g, "stop");
    assert_line(g, "H:", "Tilson");
    assert_line_lacks(g, "H:", "Wellesley");
    /* the French pass; Wellesley, left out, is still available in B */
    wgp_choose(g, "pass");
    ck_assert_int_ge(wgp_find(g, "move a stack from B"), 0);
    wgp_choose(g, "move a stack from B");
    ck_assert_int_lt(wgp_find(g, "leave out Tilson"), 0);
    wgp_choose(g, "stack formed");
    go(g, "C", "0");
    assert_line(g, "C:", "Wellesley");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---- movement ---- */

/* A - B by road, B - C by path (2 MP), C - E over a stream, E - D (the French line of
   communication) and A - E by road. */
static const char WEB[] = "zone A clear loc-aa\nzone B clear\nzone C clear\nzone E clear\nzone D town loc-f\n"
                          "conn A B road 1\nconn B C path 2\nconn C E road-stream 1\nconn E D road 1\n"
                          "conn A E road 1\n";

static wg_game *web_game(wg_ctx *ctx, const char *aa, const char *french)
{
    char units[1024];
    snprintf(units, sizeof units, "scenario 1808 8 August 16 6 0 0 AA 0\n%s%s", aa,
             french ? french : "unit F cdr Junot sv=2 cic at=D\nunit F inf Heudelet mp=6 boxes=2,3,3,4 at=D\n");
    wg_game *g = position(ctx, WEB, units);
    to_operations(g);
    return g;
}

static int container_count(wg_game *g)
{
    char buf[256];
    int n = -1;
    line_of(g, "fatigue markers in the container:", buf, sizeof buf);
    ck_assert_int_eq(sscanf(buf, "fatigue markers in the container: %d", &n), 1);
    return n;
}

/* LM-MOVE-01, LM-MOVE-02, LM-MOVE-03, LM-MOVE-04, LM-MOVE-09, LM-FATIGUE-01, LM-FATIGUE-10,
   LM-FATIGUE-11 (§5.4, §5.5): Wellesley and Tilson (4 MP) leave A.  Only the zones linked to the
   stack's zone are offered; a road costs 1 MP, the path 2, and the PM marker advances by the
   cost; one fatigue marker is drawn after each connection, road or path, and the stack's fatigue
   is the sum of the markers kept; the drawn markers stay out of the container until the move
   ends.  With 1 MP left Tilson may not take the path back; the player stops with 3 of his 4 MP
   spent, and the markers go back. */
START_TEST(test_move_costs_and_pm)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = web_game(ctx, "unit AA cdr Wellesley sv=2 cic at=A\nunit AA inf Tilson mp=4 boxes=3,4 at=A\n", NULL);
    ck_assert_int_eq(container_count(g), 20);
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "move a stack from A");
    wgp_choose(g, "stack formed");
    ck_assert(has_option(g, "go to B (1 MP)"));
    ck_assert(has_option(g, "go to E (1 MP)"));
    ck_assert(!has_option(g, "go to C"));
    ck_assert(!has_option(g, "go to D"));
    go(g, "B", "1");
    assert_event(g, n0, "stack moves A -> B");
    assert_line(g, "moving stack: PM", "PM 1 MP spent");
    assert_line(g, "moving stack fatigue:", "fatigue: 1");
    ck_assert_int_eq(container_count(g), 19);
    assert_line(g, "B:", "Tilson");
    ck_assert(has_option(g, "go to C (2 MP)"));
    ck_assert(!has_option(g, "go to E"));
    size_t n1 = wgp_event_count(g);
    go(g, "C", "2");
    assert_event(g, n1, "stack moves B -> C");
    assert_event(g, n1, "must draw 1 fatigue marker");
    assert_line(g, "moving stack: PM", "PM 3 MP spent");
    assert_line(g, "moving stack fatigue:", "fatigue: 3");
    ck_assert_int_eq(container_count(g), 18);
    ck_assert(has_option(g, "go to E (1 MP)"));
    ck_assert(!has_option(g, "go to B"));
    /* Wellesley (10 MP) could go back alone: the connection needs every unit still moving */
    wgp_choose(g, "leave Tilson here");
    ck_assert(has_option(g, "go to B (2 MP)"));
    wgp_choose(g, "stop");
    assert_event(g, n1, "stack ends its movement in C");
    ck_assert_int_eq(container_count(g), 20);
    assert_line(g, "C:", "Tilson (infantry 2/2, activated)");
    assert_line(g, "C:", "Wellesley");
    ck_assert_int_eq(wgp_decider(g), 1);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-CDR-02, LM-CDR-03, LM-MOVE-03 (§7.1, §5.4): Wellesley alone has 10 MP: ten road connections
   (A - B and back), then no connection is offered; fatigue 18 does not stop him. */
START_TEST(test_commander_ten_mp)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = web_game(ctx, "unit AA cdr Wellesley sv=2 cic at=A\nunit AA inf Tilson mp=4 boxes=3,4 at=E\n", NULL);
    wgp_choose(g, "move a stack from A");
    wgp_choose(g, "stack formed");
    const char *vals = "3322221111";
    size_t n0 = wgp_event_count(g);
    for (int k = 0; k < 10; k++) {
        char v[2] = {vals[k], '\0'};
        go(g, k % 2 == 0 ? "B" : "A", v);
    }
    assert_line(g, "moving stack: PM", "PM 10 MP spent");
    assert_line(g, "moving stack fatigue:", "fatigue: 18");
    assert_no_event(g, n0, "stops");
    ck_assert_msg(wgp_find(g, "go to") < 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "stop");
    assert_line(g, "A:", "Wellesley");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-FATIGUE-12, LM-FATIGUE-13, LM-BAGGAGE-01, LM-COMP-04 (§5.5, §7.1, §7.2, §1.1.1): a stack of
   Wellesley, Tilson (morale 4), the Hussars (morale 3), the Guns and the Baggage.  At fatigue 4 the
   Hussars stop in the zone reached, without loss; Tilson (4 is not more than 4) goes on and stops
   at 5, losing a step; the commander, the artillery and the baggage are not tested and go on. */
START_TEST(test_fatigue_stops_units)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = web_game(ctx,
                          "unit AA cdr Wellesley sv=2 cic at=A\nunit AA inf Tilson mp=4 boxes=3,4 at=A\n"
                          "unit AA cav Hussars mp=8 morale=3 at=A\nunit AA art Guns mp=8 at=A\n"
                          "unit AA bag Baggage mp=8 at=A\n",
                          NULL);
    wgp_choose(g, "move a stack from A");
    wgp_choose(g, "stack formed");
    size_t n0 = wgp_event_count(g);
    go(g, "B", "3");
    assert_no_event(g, n0, "stops");
    go(g, "A", "1");
    assert_event(g, n0, "Hussars stops: fatigue 4 exceeds morale 3");
    assert_no_event(g, n0, "Tilson stops");
    ck_assert(!has_option(g, "leave Hussars here"));
    ck_assert(has_option(g, "leave Tilson here"));
    go(g, "E", "1");
    assert_event(g, n0, "Tilson stops: fatigue 5 exceeds morale 4, loses 1 step");
    ck_assert(!has_option(g, "leave Tilson here"));
    ck_assert(has_option(g, "leave Guns here"));
    ck_assert(has_option(g, "leave Baggage here"));
    ck_assert(has_option(g, "leave Wellesley here"));
    go(g, "C", "3");
    assert_line(g, "moving stack fatigue:", "fatigue: 8");
    assert_no_event(g, n0, "Guns stops");
    assert_no_event(g, n0, "Baggage stops");
    assert_no_event(g, n0, "Wellesley stops");
    wgp_choose(g, "stop");
    assert_line(g, "A:", "Hussars (cavalry");
    assert_line(g, "E:", "Tilson (infantry 1/2");
    assert_line(g, "C:", "Guns");
    assert_line(g, "C:", "Baggage");
    assert_line(g, "C:", "Wellesley");
    assert_line_lacks(g, "C:", "Tilson");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-BAGGAGE-02, LM-MOVE-03 (§7.2, §5.4): baggage and artillery may not take the path B - C;
   the stack takes it once both are left behind in B.  The garrison in A is immobile: it is no
   part of the stack formed there and stays. */
START_TEST(test_baggage_no_path)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = web_game(ctx,
                          "unit AA cdr Wellesley sv=2 cic at=A\nunit AA inf Tilson mp=6 boxes=3,4 at=A\n"
                          "unit AA art Guns mp=8 at=A\nunit AA bag Baggage mp=8 at=A\ngarrison AA 1 3 A\n",
                          NULL);
    assert_line(g, "A:", "garrison");
    wgp_choose(g, "move a stack from A");
    ck_assert_msg(wgp_find(g, "garrison") < 0, "%s", wgp_options_dump(g)); /* immobile: not in the stack */
    wgp_choose(g, "stack formed");
    go(g, "B", "0");
    assert_line(g, "A:", "garrison");
    ck_assert_msg(!has_option(g, "go to C"), "%s", wgp_options_dump(g));
    wgp_choose(g, "leave Baggage here");
    ck_assert_msg(!has_option(g, "go to C"), "%s", wgp_options_dump(g));
    wgp_choose(g, "leave Guns here");
    ck_assert_msg(has_option(g, "go to C (2 MP)"), "%s", wgp_options_dump(g));
    go(g, "C", "0");
    wgp_choose(g, "stop");
    assert_line(g, "B:", "Guns");
    assert_line(g, "B:", "Baggage");
    assert_line(g, "C:", "Tilson");
    wg_game_free(g);
    /* the same with the artillery alone in the stack */
    g = web_game(ctx, "unit AA cdr Wellesley sv=2 cic at=A\nunit AA art Guns mp=8 at=A\n", NULL);
    wgp_choose(g, "move a stack from A");
    wgp_choose(g, "stack formed");
    go(g, "B", "0");
    ck_assert_msg(!has_option(g, "go to C"), "%s", wgp_options_dump(g));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-FATIGUE-03, LM-STACK-01 (§5.5, §10.3, GAP-36, §5.2): the markers drawn per connection by a
   stack of 10, 11, 20, 21 and 31 steps (infantry steps, one per cavalry or artillery counter, no
   baggage, no commander): 1, 2, 2, 3, 4.  The 31-step stack enters B, which already holds a
   unit: no stacking limit. */
START_TEST(test_fatigue_size)
{
    wg_ctx *ctx = new_ctx();
    static const char units[] = "unit AA cdr Wellesley sv=2 cic at=A\n"
                                "unit AA inf I1 mp=6 boxes=1,1,1,1,1,1,1,1,1,1 at=A\n"
                                "unit AA inf I2 mp=6 boxes=1,1,1,1,1,1,1,1,1,1 at=A\n"
                                "unit AA inf I3 mp=6 boxes=1,1,1,1,1,1,1,1,1,1 at=A\n"
                                "unit AA cav Hussars mp=8 morale=4 at=A\nunit AA art Guns mp=8 at=A\n"
                                "unit AA bag Baggage mp=8 at=A\nunit AA inf Trant mp=6 boxes=2,2,3 at=B\n";
    static const struct {
        const char *out[5];
        const char *draws, *text;
    } cases[] = {
        {{"I2", "I3", "Hussars", "Guns", NULL}, "0", "must draw 1 fatigue marker"},       /* 10 + baggage */
        {{"I2", "I3", "Guns", "Baggage", NULL}, "00", "must draw 2 fatigue markers"},     /* 11 */
        {{"I3", "Hussars", "Guns", "Baggage", NULL}, "00", "must draw 2 fatigue markers"}, /* 20 */
        {{"I3", "Hussars", "Baggage", NULL}, "000", "must draw 3 fatigue markers"},       /* 21 */
        {{"Guns", NULL}, "0000", "must draw 4 fatigue markers"},                          /* 31 + baggage */
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        wg_game *g = web_game(ctx, units, NULL);
        wgp_choose(g, "move a stack from A");
        for (int i = 0; cases[k].out[i]; i++) {
            char needle[32];
            snprintf(needle, sizeof needle, "leave out %s", cases[k].out[i]);
            wgp_choose(g, needle);
        }
        wgp_choose(g, "stack formed");
        size_t n0 = wgp_event_count(g);
        go(g, "B", cases[k].draws);
        assert_event(g, n0, cases[k].text);
        if (k == 4) {
            wgp_choose(g, "stop");
            static const char *const all[] = {"Wellesley", "I1", "I2", "I3", "Hussars", "Baggage", "Trant"};
            for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
                assert_line(g, "B:", all[i]);
        }
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* LM-FATIGUE-06, LM-FATIGUE-02, LM-STACK-04 (§5.5, §5.2): entering E, where Heudelet stands, costs
   one more marker (2); with a stack of 12 steps the size marker adds to it (3); the opposing stacks
   then share E.  An enemy commander alone in E adds none. */
START_TEST(test_fatigue_enemy_zone)
{
    wg_ctx *ctx = new_ctx();
    static const char french[] = "unit F cdr Junot sv=2 cic at=D\nunit F inf Heudelet mp=6 boxes=2,3,3,4 at=E\n";
    wg_game *g = web_game(ctx, "unit AA cdr Wellesley sv=2 cic at=A\nunit AA inf Tilson mp=4 boxes=3,4 at=A\n", french);
    wgp_choose(g, "move a stack from A");
    wgp_choose(g, "stack formed");
    size_t n0 = wgp_event_count(g);
    go(g, "E", "00");
    assert_event(g, n0, "must draw 2 fatigue markers");
    assert_line(g, "E:", "Anglo-Allied: Wellesley");
    assert_line(g, "E:", "Tilson");
    assert_line(g, "E:", "French: Heudelet");
    wg_game_free(g);

    g = web_game(ctx,
                 "unit AA cdr Wellesley sv=2 cic at=A\nunit AA inf Tilson mp=4 boxes=3,4 at=A\n"
                 "unit AA inf I1 mp=6 boxes=1,1,1,1,1,1,1,1,1,1 at=A\n",
                 french);
    wgp_choose(g, "move a stack from A");
    wgp_choose(g, "stack formed");
    n0 = wgp_event_count(g);
    go(g, "E", "000");
    assert_event(g, n0, "must draw 3 fatigue markers");
    wg_game_free(g);

    /* Junot alone in E: he tests and escapes; the stack draws its one marker */
    g = web_game(ctx, "unit AA cdr Wellesley sv=2 cic at=A\nunit AA inf Tilson mp=4 boxes=3,4 at=A\n",
                 "unit F cdr Junot sv=2 cic at=E\nunit F inf Heudelet mp=6 boxes=2,3,3,4 at=D\n");
    wgp_choose(g, "move a stack from A");
    wgp_choose(g, "stack formed");
    n0 = wgp_event_count(g);
    wgp_choose(g, "go to E (");
    wgp_choose(g, "roll 7");
    wgp_choose(g, "escapes toward");
    draws(g, "0");
    assert_event(g, n0, "must draw 1 fatigue marker");
    assert_no_event(g, n0, "must draw 2");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-RIVER-01, LM-RIVER-03 (§7.6, §6, GAP-16): the stack that crosses the stream C - E gets the
   "Dos a la riviere" marker, with no enemy there; the road A - E gives none.  The marker still in
   place is removed in phase D. */
START_TEST(test_river_marker)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = web_game(ctx,
                          "unit AA cdr Wellesley sv=2 cic at=A\nunit AA inf Tilson mp=6 boxes=3,4 at=A\n"
                          "unit AA inf Trant mp=6 boxes=2,2,3 at=C\n",
                          NULL);
    wgp_choose(g, "move a stack from A");
    wgp_choose(g, "stack formed");
    go(g, "E", "0");
    assert_line_lacks(g, "E:", "riviere");
    wgp_choose(g, "stop");
    assert_line_lacks(g, "E:", "riviere");
    wgp_choose(g, "pass");
    wgp_choose(g, "move a stack from C");
    wgp_choose(g, "stack formed");
    wgp_choose(g, "roll 6");
    go(g, "E", "0");
    wgp_choose(g, "stop");
    assert_line(g, "E:", "Trant (infantry 3/3, activated, dos a la riviere)");
    /* LM-RIVER-03: both pass, phase D removes the marker */
    wgp_choose(g, "pass");
    wgp_choose(g, "pass");
    for (int k = 0; k < 8 && !strstr(wgp_decision(g), "initiative"); k++)
        wgp_choose_index(g, 0);
    assert_event(g, 0, "turn 2 begins");
    assert_line(g, "E:", "Trant");
    assert_line_lacks(g, "E:", "riviere");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-BAGGAGE-03 (§7.2, GAP-51): the Anglo-Allied baggage and artillery alone in E are eliminated
   the moment Heudelet enters; the French stack moves on. */
START_TEST(test_baggage_caught_alone)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = web_game(ctx,
                          "unit AA cdr Wellesley sv=2 cic at=A\nunit AA bag Baggage mp=4 at=E\n"
                          "unit AA art Guns mp=5 at=E\n",
                          NULL);
    wgp_choose(g, "pass");
    wgp_choose(g, "move a stack from D");
    wgp_choose(g, "stack formed");
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "go to E (");
    assert_event(g, n0, "Baggage eliminated");
    assert_event(g, n0, "Guns eliminated");
    ck_assert_msg(strstr(wgp_events_dump(g, n0, WG_VIEW_REFEREE), "[LM-BAGGAGE-03]"), "%s",
                  wgp_events_dump(g, n0, WG_VIEW_REFEREE));
    ck_assert_int_ge(draws_any(g), 1);
    assert_line_lacks(g, "E:", "Anglo-Allied");
    ck_assert_msg(has_option(g, "go to C") || has_option(g, "go to A"), "%s", wgp_options_dump(g));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---- back to the river in combat ---- */

static const char RIVER[] = "zone A clear loc-aa\nzone B clear\nzone C clear\nzone D town loc-f\n"
                            "conn A B road 1\nconn B C road-stream 1\nconn C D road 1\n";

static int deciding_events(wg_game *g)
{
    return strstr(wgp_decision(g), "play combat events") != NULL;
}

static void pass_windows(wg_game *g)
{
    for (int k = 0; k < 8 && deciding_events(g) && wgp_find(g, "play ") < 0; k++)
        wgp_choose(g, "no (more) events");
}

static int64_t odds_field(wg_game *g, int field)
{
    int64_t out[WG_MR_ODDS_COUNT];
    size_t len = 0;
    ck_assert_int_eq(wg_marechaux_combat_odds(out, WG_MR_ODDS_COUNT, &len, g), WG_OK);
    return out[field];
}

/* LM-RIVER-02, LM-RIVER-03 (§7.6, §5.6.3): Beresford, Tilson and Hill cross the stream B - C
   into Heudelet's zone and stop; they attack: their CP breakdown carries -1 for the river, the
   French none.  They win (dice 6 against 1), the French retreat, and the marker is removed
   although the stack stays in C. */
START_TEST(test_river_in_combat)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = position(ctx, RIVER,
                          "scenario 1808 8 August 16 6 0 0 AA 0\nunit AA cdr Wellesley sv=2 cic at=A\n"
                          "unit AA cdr Beresford sv=1 at=B\nunit AA inf Tilson mp=6 boxes=3,4 at=B\n"
                          "unit AA inf Hill mp=6 boxes=2,3,3,4 at=B\n"
                          "unit F cdr Junot sv=2 cic at=D\nunit F inf Heudelet mp=6 boxes=2,3,3,4 at=C\n");
    to_operations(g);
    wgp_choose(g, "move a stack from B");
    wgp_choose(g, "stack formed");
    wgp_choose(g, "roll 6");
    wgp_choose(g, "go to C (");
    draws_any(g);
    /* the French Retraite marker, then the end of the move */
    for (int k = 0; k < 6 && wgp_decider(g) != WG_PLAYER_CHANCE && !strstr(wgp_decision(g), "choose an operation");
         k++) {
        if (wgp_find(g, "Retraite toward") >= 0)
            wgp_choose(g, "Retraite toward");
        else
            wgp_choose(g, "stop");
    }
    assert_line(g, "C:", "Tilson (infantry 2/2, activated, dos a la riviere)");
    ck_assert_int_eq(wgp_decider(g), 1);
    wgp_choose(g, "pass");
    wgp_choose(g, "attack in C");
    wgp_choose(g, "stack formed");
    pass_windows(g);
    wgp_choose(g, "head unit Tilson");
    ck_assert_int_eq(odds_field(g, WG_MR_ODDS_ATTACKER), 0);
    ck_assert_int_eq(odds_field(g, WG_MR_ODDS_ATT_CP + 7), -1);
    ck_assert_int_eq(odds_field(g, WG_MR_ODDS_DEF_CP + 7), 0);
    pass_windows(g);
    wgp_choose(g, "head unit Heudelet");
    pass_windows(g);
    wgp_choose(g, "roll 6");
    wgp_choose(g, "roll 1");
    assert_event(g, 0, "Anglo-Allied wins");
    for (int k = 0; k < 30 && !strstr(wgp_decision(g), "choose an operation"); k++)
        wgp_choose_index(g, 0);
    assert_event(g, 0, "combat in C ends");
    assert_line(g, "C:", "Tilson");
    assert_line_lacks(g, "C:", "French");
    assert_line_lacks(g, "C:", "riviere");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---- a demoralized stack ---- */

/* A (the Anglo-Allied line of communication) - B by road, B - C over a stream, C - D (French), E
   off B and G off E, each farther from A. */
static const char DEMOR[] = "zone A clear loc-aa\nzone B clear\nzone C clear\nzone D town loc-f\nzone E clear\n"
                            "zone G clear\nconn A B road 1\nconn B C road-stream 1\nconn C D road 1\n"
                            "conn B E road 1\nconn E G road 1\n";

/* Takes the decisions of phase D: rally dice 6 (the stack stays demoralized), other dice 1. */
static void phase_d(wg_game *g)
{
    for (int k = 0; k < 12 && !strstr(wgp_decision(g), "initiative"); k++) {
        if (strstr(wgp_decision(g), "rally"))
            wgp_choose(g, "roll 6");
        else
            wgp_choose_index(g, 0);
    }
    ck_assert_msg(strstr(wgp_decision(g), "initiative"), "%s", wgp_options_dump(g));
}

/* LM-MOVE-10, LM-STACK-06, LM-COMP-06, LM-COMP-07 (§7.7, §5.2, §1.1.3, GAP-47): Tilson and Hill
   cross the stream into Heudelet's zone C ("Dos a la riviere", "Retraite" markers, the "PM"
   marker while they move); the French attack ("Bataille"), win, and the Anglo-Allied stack
   retreats by B to E, fails its test and is demoralized; the French stack has fought ("A
   combattu").  In turn 2 ("Tour") the demoralized units may not be split: leaving one out leaves
   both, taking one back takes both, and neither may be dropped on the way; it may move from E to B, nearer its line of communication A, but not to G, farther. */
START_TEST(test_demoralized_stack)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = position(ctx, DEMOR,
                          "scenario 1808 8 August 16 6 0 0 AA 0\nunit AA cdr Wellesley sv=2 cic at=A\n"
                          "unit AA inf Tilson mp=6 boxes=3,4 at=B\nunit AA inf Hill mp=6 boxes=2,3,3,4 at=B\n"
                          "unit F cdr Junot sv=2 cic at=D\nunit F inf Heudelet mp=6 boxes=2,3,3,4,4 at=C\n");
    ck_assert_msg(strstr(wgp_describe(g, WG_VIEW_REFEREE), "turn 1 of 8"), "%s", wgp_describe(g, WG_VIEW_REFEREE));
    assert_line(g, "Anglo-Allied events:", "in the container");
    assert_line(g, "fatigue markers in the container:", "20");
    to_operations(g);
    wgp_choose(g, "move a stack from B");
    wgp_choose(g, "stack formed");
    wgp_choose(g, "roll 6");
    wgp_choose(g, "go to C (");
    assert_line(g, "moving stack: PM", "PM 1 MP spent");
    draws_any(g);
    for (int k = 0; k < 6 && wgp_decider(g) != WG_PLAYER_CHANCE && !strstr(wgp_decision(g), "choose an operation");
         k++) {
        if (wgp_find(g, "Retraite toward") >= 0)
            wgp_choose(g, "Retraite toward");
        else
            wgp_choose(g, "stop");
    }
    assert_line(g, "C:", "dos a la riviere");
    assert_line(g, "C:", "retraite toward B");
    assert_line(g, "C:", "retraite toward D");
    ck_assert_int_eq(wgp_decider(g), 1);
    wgp_choose(g, "attack in C");
    wgp_choose(g, "stack formed");
    assert_line(g, "bataille:", "French attacks in C");
    pass_windows(g);
    wgp_choose(g, "head unit Heudelet");
    pass_windows(g);
    wgp_choose(g, "head unit");
    pass_windows(g);
    wgp_choose(g, "roll 6");
    wgp_choose(g, "roll 1");
    assert_event(g, 0, "French wins");
    for (int k = 0; k < 20 && !strstr(wgp_decision(g), "demoralization die"); k++)
        wgp_choose_index(g, wgp_find(g, "retreat toward E") >= 0 ? (size_t)wgp_find(g, "retreat toward E") : 0);
    ck_assert_msg(strstr(wgp_decision(g), "demoralization die"), "%s", wgp_options_dump(g));
    wgp_choose(g, "roll 6");
    for (int k = 0; k < 20 && !strstr(wgp_decision(g), "choose an operation"); k++)
        wgp_choose_index(g, 0);
    assert_event(g, 0, "combat in C ends");
    assert_line(g, "E:", "Tilson (infantry 1/2, activated, demoralized)");
    assert_line(g, "E:", "Hill (infantry 4/4, activated, demoralized)");
    assert_line(g, "C:", "a combattu");
    assert_line_lacks(g, "E:", "riviere");
    /* to turn 2 */
    for (int k = 0; k < 6 && strstr(wgp_decision(g), "choose an operation"); k++)
        wgp_choose(g, "pass");
    phase_d(g);
    assert_line(g, "E:", "demoralized");
    wgp_choose(g, "dice AA 6, F 1");
    ck_assert_msg(strstr(wgp_describe(g, WG_VIEW_REFEREE), "turn 2 of 8"), "%s", wgp_describe(g, WG_VIEW_REFEREE));
    for (int k = 0; k < 6 && !strstr(wgp_decision(g), "choose an operation"); k++)
        wgp_choose_index(g, 0);
    ck_assert_int_eq(wgp_decider(g), 0);
    wgp_choose(g, "move a stack from E");
    wgp_choose(g, "leave out Tilson"); /* Hill, demoralized with him, is left out too */
    ck_assert_msg(has_option(g, "include Tilson") && has_option(g, "include Hill"), "%s", wgp_options_dump(g));
    wgp_choose(g, "include Hill");
    /* both back in; a counter is toggled twice a forming at most, so the decision cannot loop */
    ck_assert_msg(!has_option(g, "leave out Tilson") && !has_option(g, "leave out Hill"), "%s", wgp_options_dump(g));
    wgp_choose(g, "stack formed");
    wgp_choose(g, "roll 6");
    ck_assert_msg(has_option(g, "go to B ("), "%s", wgp_options_dump(g));
    ck_assert_msg(!has_option(g, "go to G"), "%s", wgp_options_dump(g));
    ck_assert_msg(!has_option(g, "leave Tilson here") && !has_option(g, "leave Hill here"), "%s",
                  wgp_options_dump(g));
    go(g, "B", "0");
    wgp_choose(g, "stop");
    assert_line(g, "B:", "Tilson");
    assert_line(g, "B:", "Hill");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---- a forced passage ---- */

/* LM-MOVE-07, LM-MOVE-08 (§5.4, GAP-33, GAP-34): Wellesley, Hill and Tilson enter C, held by
   Trant, and force the passage; they win (dice 6 against 1) and Trant retreats.  The winner's
   "A combattu" marker is converted at once into one fatigue marker; then the stack moves on with
   the MP and the fatigue it had: PM 1 before the combat, 2 after the next connection, fatigue
   0 + 0 + 1 + 0. */
START_TEST(test_forced_passage_won)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = position(ctx,
                          "zone A clear loc-aa\nzone B clear\nzone C clear\nzone E clear\nzone D town loc-f\n"
                          "zone F clear\nconn A B road 1\nconn B C road 1\nconn C E road 1\nconn C F road 1\n"
                          "conn E D road 1\n",
                          "scenario 1808 8 August 16 6 0 0 AA 0\nunit AA cdr Wellesley sv=2 cic at=B\n"
                          "unit AA inf Hill mp=6 boxes=2,3,3,4 at=B\nunit AA inf Tilson mp=6 boxes=3,4 at=B\n"
                          "unit F cdr Junot sv=2 cic at=D\nunit F inf Trant mp=6 boxes=2,2,3 at=C\n");
    to_operations(g);
    wgp_choose(g, "move a stack from B");
    wgp_choose(g, "stack formed");
    go(g, "C", "00");
    for (int k = 0; k < 4 && wgp_find(g, "force the passage") < 0; k++)
        wgp_choose(g, "Retraite toward");
    assert_line(g, "moving stack: PM", "PM 1 MP spent");
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "force the passage");
    pass_windows(g);
    wgp_choose(g, "head unit Hill");
    pass_windows(g);
    wgp_choose(g, "head unit Trant");
    pass_windows(g);
    wgp_choose(g, "roll 6");
    wgp_choose(g, "roll 1");
    assert_event(g, n0, "Anglo-Allied wins");
    for (int k = 0; k < 30 && !(wgp_decider(g) == WG_PLAYER_CHANCE && deciding_fatigue_draw(g)); k++)
        wgp_choose_index(g, 0);
    assert_event(g, n0, "combat in C ends");
    ck_assert_msg(deciding_fatigue_draw(g), "%s", wgp_options_dump(g));
    draws(g, "1");
    ck_assert_msg(strstr(wgp_decision(g), "Anglo-Allied: move:"), "%s", wgp_options_dump(g));
    assert_line(g, "moving stack: PM", "PM 1 MP spent");
    assert_line(g, "moving stack fatigue:", "fatigue: 1");
    assert_line_lacks(g, "C:", "a combattu");
    assert_line_lacks(g, "C:", "French");
    go(g, "F", "0");
    assert_line(g, "moving stack: PM", "PM 2 MP spent");
    assert_line(g, "moving stack fatigue:", "fatigue: 1");
    wgp_choose(g, "stop");
    assert_line(g, "F:", "Hill");
    assert_line(g, "F:", "Tilson");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-MOVE-05, LM-MOVE-06 (§5.4, §5.5): a unit stopped by fatigue stays in its zone and takes no
   part in a forced passage a zone further on.  Wellesley, Hill and Weak (morale 1) leave B; a
   fatigue 2 on the way to X stops Weak there.  Hill and Wellesley go on into C, held by Trant, and
   force the passage: only they fight (Weak is no head unit, his steps count not in the amplitude:
   Hill 4 + Trant 3 = 7, column 6-10); they lose (dice 1 against 6) and retreat out of C, by their
   Retraite marker, to X, where Weak stands. */
START_TEST(test_fatigue_stopped_unit_not_in_forced_passage)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = position(ctx,
                          "zone A clear loc-aa\nzone B clear\nzone X clear\nzone C clear\nzone E clear\n"
                          "zone D town loc-f\nzone F clear\nconn A B road 1\nconn B X road 1\nconn X C road 1\n"
                          "conn C E road 1\nconn C F road 1\nconn E D road 1\n",
                          "scenario 1808 8 August 16 6 0 0 AA 0\nunit AA cdr Wellesley sv=2 cic at=B\n"
                          "unit AA inf Hill mp=6 boxes=2,3,3,4 at=B\nunit AA inf Weak mp=6 boxes=1,1 at=B\n"
                          "unit F cdr Junot sv=2 cic at=D\nunit F inf Trant mp=6 boxes=2,2,3 at=C\n");
    to_operations(g);
    wgp_choose(g, "move a stack from B");
    wgp_choose(g, "stack formed");
    size_t n0 = wgp_event_count(g);
    go(g, "X", "2");
    assert_event(g, n0, "stops"); /* LM-MOVE-05: fatigue 2 above Weak's morale 1 */
    go(g, "C", "00");
    for (int k = 0; k < 4 && wgp_find(g, "force the passage") < 0; k++)
        wgp_choose(g, "Retraite toward");
    /* LM-MOVE-05: entering an enemy zone, the stack stops or forces the passage */
    ck_assert_int_eq(wgp_option_count(g) - wgp_count(g, "decoy"), 2);
    size_t n1 = wgp_event_count(g);
    wgp_choose(g, "force the passage");
    pass_windows(g);
    ck_assert_msg(wgp_find(g, "head unit Hill") >= 0, "%s", wgp_options_dump(g));
    ck_assert_msg(wgp_find(g, "head unit Weak") < 0, "Weak stopped in X: %s", wgp_options_dump(g));
    wgp_choose(g, "head unit Hill");
    pass_windows(g);
    wgp_choose(g, "head unit Trant");
    pass_windows(g);
    /* LM-MOVE-06: the moving stack, the attacker, has -2 CP for the forced passage */
    ck_assert_int_eq(odds_field(g, WG_MR_ODDS_ATTACKER), 0);
    ck_assert_int_eq(odds_field(g, WG_MR_ODDS_ATT_CP + 8), -2);
    ck_assert_int_eq(odds_field(g, WG_MR_ODDS_DEF_CP + 8), 0);
    wgp_choose(g, "roll 1");
    wgp_choose(g, "roll 6");
    assert_event(g, n1, "French wins");
    assert_event(g, n1, "amplitude 7"); /* Hill 4 + Trant 3 */
    for (int k = 0; k < 40 && wgp_find_event(g, n1, "combat in C ends", WG_VIEW_REFEREE) < 0; k++)
        wgp_choose_index(g, 0);
    assert_event(g, n1, "combat in C ends");
    assert_line(g, "X:", "Weak");
    assert_line(g, "X:", "Hill");
    assert_line_lacks(g, "C:", "Anglo-Allied");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-FATIGUE-05, LM-FATIGUE-07, LM-FATIGUE-08, LM-FATIGUE-09 (§5.5, §10.3): Trant (1 step) attacks the
   Anglo-Allied stack in B (Wellesley, Hill, the baggage), which has not moved this turn: it gets an
   "A combattu" marker.  When it moves, it draws one fatigue marker before the first connection; the
   commander's return may give that one back (the pre-move draw is a draw of the movement), and the
   baggage's return a second one later: both returns in one movement, fatigue 0. */
START_TEST(test_fatigue_returns_a_combattu_draw)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = position(ctx,
                          "zone A clear loc-aa\nzone B clear\nzone C clear\nzone D town loc-f\n"
                          "conn A B road 1\nconn B C road 1\nconn C D road 1\n",
                          "scenario 1808 8 August 16 6 0 0 AA 0\nunit AA cdr Wellesley sv=2 cic at=B\n"
                          "unit AA inf Hill mp=6 boxes=2,3,3,4 at=B\nunit AA bag Baggage mp=6 at=B\n"
                          "unit F cdr Junot sv=2 cic at=D\nunit F inf Trant mp=6 boxes=3 at=B\n");
    to_operations(g);
    wgp_choose(g, "pass");
    wgp_choose(g, "attack in B");
    wgp_choose(g, "stack formed");
    size_t n0 = wgp_event_count(g);
    for (int k = 0; k < 60 && wgp_find_event(g, n0, "combat in B ends", WG_VIEW_REFEREE) < 0; k++) {
        if (strstr(wgp_decision(g), "CP die") || wgp_find(g, "roll 6") >= 0) {
            /* the attacker's die first: Trant 1, the Anglo-Allied 6 */
            wgp_choose(g, wgp_find_event(g, n0, "CP die", WG_VIEW_REFEREE) < 0 && !strstr(wgp_options_dump(g), "2d6")
                              ? "roll 1" : "roll 6");
            continue;
        }
        wgp_choose_index(g, 0);
    }
    assert_event(g, n0, "combat in B ends");
    assert_event(g, n0, "Trant eliminated");
    assert_line(g, "B:", "a combattu x1");
    while (!strstr(wgp_decision(g), "Anglo-Allied: choose an operation"))
        wgp_choose_index(g, 0);
    wgp_choose(g, "move a stack from B");
    wgp_choose(g, "stack formed");
    /* LM-FATIGUE-05: one marker before the first connection */
    ck_assert_msg(deciding_fatigue_draw(g), "%s", wgp_options_dump(g));
    wgp_choose(g, ": fatigue 2");
    ck_assert_msg(deciding_fatigue_return(g), "%s", wgp_options_dump(g));
    size_t n1 = wgp_event_count(g);
    wgp_choose(g, "return a fatigue marker of 2");
    assert_event(g, n1, "LM-FATIGUE-08");
    assert_line(g, "moving stack fatigue:", "fatigue: 0");
    /* the baggage's return is still open: the decision stays, with nothing drawn to give back */
    ck_assert_msg(deciding_fatigue_return(g), "%s", wgp_options_dump(g));
    ck_assert_int_lt(wgp_find(g, "return a fatigue marker"), 0);
    wgp_choose(g, "keep the markers");
    ck_assert_msg(strstr(wgp_decision(g), "Anglo-Allied: move:"), "%s", wgp_options_dump(g));
    wgp_choose(g, "go to A (");
    ck_assert_msg(deciding_fatigue_draw(g), "%s", wgp_options_dump(g));
    wgp_choose(g, ": fatigue 3");
    size_t n2 = wgp_event_count(g);
    wgp_choose(g, "return a fatigue marker of 3");
    assert_event(g, n2, "LM-FATIGUE-07");
    assert_line(g, "moving stack fatigue:", "fatigue: 0");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---- stacks and faces ---- */

/* LM-STACK-02, LM-COMP-02 (§5.2, §1.1.1): in C, where both sides stand, the Anglo-Allied stack
   (for an attack) is formed from his own units only; a commander alone is a stack too.  The French read the
   Anglo-Allied counters as hidden counters, without names; their owner and the referee read the
   names. */
START_TEST(test_stack_one_side)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = position(ctx, RIVER,
                          "scenario 1808 8 August 16 6 0 0 AA 0\nunit AA cdr Wellesley sv=2 cic at=A\n"
                          "unit AA inf Tilson mp=6 boxes=3,4 at=C\nunit AA inf Hill mp=6 boxes=2,3,3,4 at=C\n"
                          "unit F cdr Junot sv=2 cic at=D\nunit F inf Heudelet mp=6 boxes=2,3,3,4 at=C\n");
    to_operations(g);
    const char *d1 = wgp_describe(g, 1);
    ck_assert_msg(strstr(d1, "hidden counter") && !strstr(d1, "Tilson") && !strstr(d1, "Hill"), "%s", d1);
    const char *d0 = wgp_describe(g, 0);
    ck_assert_msg(strstr(d0, "Tilson") && strstr(d0, "Hill") && !strstr(d0, "Heudelet"), "%s", d0);
    wgp_choose(g, "attack in C");
    ck_assert_int_ge(wgp_find(g, "leave out Tilson"), 0);
    ck_assert_int_ge(wgp_find(g, "leave out Hill"), 0);
    ck_assert_msg(wgp_find(g, "Heudelet") < 0 && wgp_find(g, "Junot") < 0, "%s", wgp_options_dump(g));
    ck_assert_uint_eq(wgp_option_count(g), 3);
    wg_game_free(g);

    /* Wellesley alone moves as a stack */
    g = position(ctx, RIVER,
                 "scenario 1808 8 August 16 6 0 0 AA 0\nunit AA cdr Wellesley sv=2 cic at=A\n"
                 "unit AA inf Tilson mp=6 boxes=3,4 at=C\n"
                 "unit F cdr Junot sv=2 cic at=D\nunit F inf Heudelet mp=6 boxes=2,3,3,4 at=D\n");
    to_operations(g);
    wgp_choose(g, "move a stack from A");
    wgp_choose(g, "stack formed");
    go(g, "B", "0");
    wgp_choose(g, "stop");
    assert_line(g, "B:", "Wellesley");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-BAGGAGE-03, GAP-51: the stack entering a zone where baggage and artillery stand alone draws the
   enemy-zone fatigue marker, though they are eliminated at once. */
START_TEST(test_baggage_caught_alone_enemy_zone_marker)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = web_game(ctx,
                          "unit AA cdr Wellesley sv=2 cic at=A\nunit AA bag Baggage mp=4 at=E\n"
                          "unit AA art Guns mp=5 at=E\n",
                          NULL);
    wgp_choose(g, "pass");
    wgp_choose(g, "move a stack from D");
    wgp_choose(g, "stack formed"); /* Junot (CiC) and Heudelet: no command test */
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "go to E (");
    assert_event(g, n0, "Baggage");
    assert_event(g, n0, "must draw 2 fatigue markers"); /* base + enemy zone (GAP-51); engine: 1 */
    draws(g, "00");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("marechaux_move");
    TCase *tc = tcase_create("move");
    tcase_add_test(tc, test_command_total_gives_mp);
    tcase_add_test(tc, test_baggage_caught_alone_enemy_zone_marker);
    tcase_add_test(tc, test_command_half_mp_per_unit);
    tcase_add_test(tc, test_command_failure_and_pass);
    tcase_add_test(tc, test_command_clear_path);
    tcase_add_test(tc, test_command_cavalry_only);
    tcase_add_test(tc, test_command_several_commanders);
    tcase_add_test(tc, test_command_cic);
    tcase_add_test(tc, test_move_costs_and_pm);
    tcase_add_test(tc, test_commander_ten_mp);
    tcase_add_test(tc, test_fatigue_stops_units);
    tcase_add_test(tc, test_baggage_no_path);
    tcase_add_test(tc, test_fatigue_size);
    tcase_add_test(tc, test_fatigue_enemy_zone);
    tcase_add_test(tc, test_river_marker);
    tcase_add_test(tc, test_baggage_caught_alone);
    tcase_add_test(tc, test_river_in_combat);
    tcase_add_test(tc, test_demoralized_stack);
    tcase_add_test(tc, test_forced_passage_won);
    tcase_add_test(tc, test_fatigue_stopped_unit_not_in_forced_passage);
    tcase_add_test(tc, test_fatigue_returns_a_combattu_draw);
    tcase_add_test(tc, test_stack_one_side);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

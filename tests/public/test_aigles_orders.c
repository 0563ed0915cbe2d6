/* Les Aigles orders, officers and fire targets proven by play through the public API: the bonuses of
   an order's reaction test (periods of explanation, two periods of failed tests) spent by one attempt;
   officers going with a unit on forced march until it has re-formed; a captured officer taken along by
   the unit holding him and freed by a won melee; the voluntary test of a unit an officer joins, and the
   rout-stop test of a routing one; an aide-de-camp replacing a fallen general of his own general; fire
   at an isolated officer (-2, 40 losses to kill him) and at an officer sheltered in a hollow square
   (the officers' fire rule); the fire factors read from the formation a target is forming; the target
   priorities of fire.  Every position is built from host documents (the bundled sample army list, with
   a few host unit types added, on open tables); every decision is taken by its label, every die by
   "die N"; results are read from events and their rule tags, piece attributes, option lists, odds and
   the referee's description.  Checklist items are cited next to the assertions that prove them.  Piece
   attributes are in paces. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wargame.h"

#include "testutil.h"
#include "wgaigles.h"
#include "wgplay.h"

/* An Austrian line far away, so that nothing happens but what a test does. */
#define FAR_ENEMY                                                                                                      \
    "unit Austrians Far type=line-fusiliers companies=1x4 formation=line front=4 at=200,1150 facing=0,-1 order=hold\n"

static size_t nevents(wg_game *g) { return wgp_event_count(g); }

/* ---------------------------------------------------------------- reaction bonuses */

/* The officers stay where they are. */
static const char *const STAY[] = {"G stays", "H stays", "no more orders", NULL};

/* A general of command 1 in contact with a regular battalion (reaction 2, T8). */
static const char *const EXPLAIN_POS =
    "officer French G charisma=1 command=1 at=1200,640 facing=0,1\n"
    "unit French A type=line-fusiliers companies=4x3 formation=line front=12 at=1200,600 facing=0,1 order=hold\n" FAR_ENEMY;

/* The text of event k for the referee. */
static const char *ev(wg_game *g, long k) { return wgp_event(g, (size_t)k, WG_VIEW_REFEREE); }

START_TEST(test_explanation_delay)
{
    wg_ctx *ctx = wga_ctx();
    wga_setup su = {.periods = 4};
    wg_game *g = wga_game(ctx, &su, EXPLAIN_POS);
    wga_drive(g, STAY, "phase 6: the order changes of G");
    /* the general may give the order now, or spend his point explaining it */
    ck_assert_int_ge(wgp_find(g, "G orders A: attack"), 0);
    ck_assert_int_ge(wgp_find(g, "G explains an order to A"), 0); /* LA-REACT-04 */
    /* without explanation: 2 + 1 = 3, a die 3 refuses */
    wg_game *c = NULL;
    ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
    size_t c0 = nevents(c);
    wgp_choose(c, "G orders A: attack");
    wga_die(c, 3);
    long k = wga_expect(c, c0, "G orders A: attack; reaction die 3, below 3 needed: refused", "LA-REACT-02");
    ck_assert_ptr_null(strstr(ev(c, k), "explanation"));
    wg_game_free(c);
    /* the EXAMPLE: a command-1 general in contact waits one period ... */
    size_t e0 = nevents(g);
    wgp_choose(g, "G explains an order to A");
    wga_expect(g, e0, "G explains an order to A (1 period: +1 command at his next order to it)",
               "LA-REACT-04"); /* LA-REACT-04 */
    /* his one command point is spent: no order in this period */
    ck_assert(!wga_has_decision(g, "order changes of G"));
    wga_drive(g, STAY, "phase 6: the order changes of G");
    int turn = 0;
    ck_assert_int_eq(wg_game_turn(&turn, g), WG_OK);
    ck_assert_int_eq(turn, 2);
    /* ... then tests as command 2: 2 + 2 = 4, a die 3 accepts */
    e0 = nevents(g);
    wgp_choose(g, "G orders A: attack");
    wga_die(g, 3);
    k = wga_expect(g, e0, "G orders A: attack; reaction die 3, below 4 needed: accepted", "LA-REACT-04"); /* LA-REACT-04 */
    ck_assert_msg(strstr(ev(g, k), "+1 command for 1 period of explanation"), "%s", ev(g, k)); /* LA-REACT-04 */
    wg_game_free(g);

    /* the bonus serves one attempt: explained, refused once with it, the next attempt is command 1 again */
    g = wga_game(ctx, &su, EXPLAIN_POS);
    wga_drive(g, STAY, "phase 6: the order changes of G");
    wgp_choose(g, "G explains an order to A");
    wga_drive(g, STAY, "phase 6: the order changes of G");
    e0 = nevents(g);
    wgp_choose(g, "G orders A: attack");
    wga_die(g, 4);
    wga_expect(g, e0, "reaction die 4, below 4 needed: refused; +1 command for 1 period of explanation",
               "LA-REACT-04"); /* LA-REACT-04 */
    wga_drive(g, STAY, "phase 6: the order changes of G");
    e0 = nevents(g);
    wgp_choose(g, "G orders A: attack");
    wga_die(g, 2);
    k = wga_expect(g, e0, "G orders A: attack; reaction die 2, below 3 needed: accepted", "LA-REACT-02"); /* LA-REACT-06 */
    ck_assert_msg(!strstr(ev(g, k), "explanation"), "%s", ev(g, k)); /* LA-REACT-06 */
    wg_game_free(g);

    /* two periods of explanation: +2 */
    g = wga_game(ctx, &su, EXPLAIN_POS);
    wga_drive(g, STAY, "phase 6: the order changes of G");
    wgp_choose(g, "G explains an order to A");
    wga_drive(g, STAY, "phase 6: the order changes of G");
    e0 = nevents(g);
    wgp_choose(g, "G explains an order to A");
    wga_expect(g, e0, "G explains an order to A (2 periods: +2 command at his next order to it)", "LA-REACT-04");
    wga_drive(g, STAY, "phase 6: the order changes of G");
    e0 = nevents(g);
    wgp_choose(g, "G orders A: attack");
    wga_die(g, 4);
    wga_expect(g, e0, "reaction die 4, below 5 needed: accepted, from the next period; +2 command for 2 periods",
               "LA-REACT-04"); /* LA-REACT-04: +1 a period */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* The reaction test of G's order "attack" to A in phase 6 with die d; the event's text. */
static const char *order_with(wg_game *g, int d, const char *rule)
{
    wga_drive(g, STAY, "phase 6: the order changes of G");
    size_t e0 = nevents(g);
    wgp_choose(g, "G orders A: attack");
    wga_die(g, d);
    return ev(g, wga_expect(g, e0, "G orders A: attack; reaction die", rule));
}

START_TEST(test_failed_test_turns)
{
    wg_ctx *ctx = wga_ctx();
    wga_setup su = {.periods = 5};
    wg_game *g = wga_game(ctx, &su, EXPLAIN_POS);
    const char *t = order_with(g, 6, "LA-REACT-02");
    ck_assert_msg(strstr(t, "below 3 needed: refused"), "%s", t);
    /* one failed period: no bonus yet */
    t = order_with(g, 6, "LA-REACT-02");
    ck_assert_msg(strstr(t, "below 3 needed: refused"), "%s", t); /* LA-REACT-05 */
    /* two failed periods: +1 reaction, 3 + 1 = 4 */
    t = order_with(g, 6, "LA-REACT-05");
    ck_assert_msg(strstr(t, "below 4 needed: refused; +1 reaction for 2 periods of failed tests"), "%s",
                  t); /* LA-REACT-05 */
    /* the bonus is spent by that attempt: 3 again */
    t = order_with(g, 3, "LA-REACT-02");
    ck_assert_msg(strstr(t, "below 3 needed: refused"), "%s", t); /* LA-REACT-06 */
    ck_assert_msg(!strstr(t, "failed tests"), "%s", t);           /* LA-REACT-06 */
    wg_game_free(g);

    /* the bonus passes a die the plain test refuses: die 3 below 4 */
    g = wga_game(ctx, &su, EXPLAIN_POS);
    order_with(g, 6, "LA-REACT-02");
    order_with(g, 6, "LA-REACT-02");
    t = order_with(g, 3, "LA-REACT-05");
    ck_assert_msg(strstr(t, "reaction die 3, below 4 needed: accepted"), "%s", t); /* LA-REACT-05 */
    wg_game_free(g);

    /* two failures in one period count as one failed period (a general of command 2) */
    g = wga_game(ctx, &su,
                 "officer French G charisma=1 command=2 at=1200,640 facing=0,1\n"
                 "unit French A type=line-fusiliers companies=4x3 formation=line front=12 at=1200,600 facing=0,1 "
                 "order=hold\n" FAR_ENEMY);
    t = order_with(g, 6, "LA-REACT-02");
    ck_assert_msg(strstr(t, "below 4 needed: refused"), "%s", t);
    size_t e0 = nevents(g);
    wgp_choose(g, "G orders A: attack"); /* his second point, the same period */
    wga_die(g, 6);
    wga_expect(g, e0, "G orders A: attack; reaction die 6, below 4 needed: refused", "LA-REACT-02");
    t = order_with(g, 6, "LA-REACT-02");
    ck_assert_msg(strstr(t, "below 4 needed: refused") && !strstr(t, "failed tests"), "%s", t); /* LA-REACT-05 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- officers on forced march */

START_TEST(test_officer_forced_march)
{
    wg_ctx *ctx = wga_ctx();
    wga_setup su = {.periods = 4};
    /* G behind the column of march K, H behind the line L */
    wg_game *g = wga_game(ctx, &su,
                          "officer French G charisma=1 command=1 at=1200,240 facing=0,1\n"
                          "officer French H charisma=1 command=1 at=400,240 facing=0,1\n"
                          "unit French K type=line-fusiliers companies=4x3 formation=march front=2 at=1200,300 "
                          "facing=0,1 order=hold\n"
                          "unit French L type=line-fusiliers companies=4x3 formation=line front=12 at=400,300 "
                          "facing=0,1 order=hold\n" FAR_ENEMY);
    /* period 1: the officers join their units; K force-marches */
    static const char *const p1[] = {"G joins K", "H joins L", "K: movement marker", "K: forced march",
                                     "no more orders", NULL};
    size_t e0 = nevents(g);
    wga_drive(g, p1, "period 2, phase 1");
    wga_expect(g, e0, "K: forced march from (1200, 300) to", "LA-MOVE-20");
    int64_t k_id = wga_attr_of(g, "K", "id");
    ck_assert_int_eq(wga_attr_of(g, "G", "attached"), k_id); /* LA-OFFICER-15: he goes with it */
    ck_assert_int_eq(wga_attr_of(g, "G", "y"), wga_attr_of(g, "K", "y") - wga_attr_of(g, "K", "depth"));
    /* period 2: K begins to re-form in line; G may only stay with it, H leaves L as he likes */
    static const char *const p2[] = {"K: change of formation marker", "K: change formation to line", NULL};
    wga_drive(g, p2, "commits the move of G");
    ck_assert_uint_eq(wgp_option_count(g), 1); /* LA-OFFICER-15 */
    ck_assert_int_ge(wgp_find(g, "G stays"), 0);
    ck_assert_int_lt(wgp_find(g, "G: move to a point"), 0); /* LA-OFFICER-15 */
    wgp_choose(g, "G stays");
    ck_assert(wga_has_decision(g, "commits the move of H"));
    ck_assert_int_ge(wgp_find(g, "H: move to a point"), 0); /* L made no forced march */
    /* period 3: the change is under way until the second half-period: G still stays */
    e0 = nevents(g);
    wga_drive(g, STAY, "period 3, phase 3, half-period 2: French commits the move of G");
    ck_assert_uint_eq(wgp_option_count(g), 1); /* LA-OFFICER-15 */
    wga_drive(g, STAY, "period 4, phase 1");
    wga_expect(g, e0, "K stands in line", "LA-DISORG-02");
    /* re-formed: G may leave it */
    wga_drive(g, STAY, "period 4, phase 3, half-period 2: French commits the move of G");
    ck_assert_int_ge(wgp_find(g, "G: move to a point"), 0); /* LA-OFFICER-15: once it has re-formed */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- a prisoner */

START_TEST(test_prisoner_freed)
{
    wg_ctx *ctx = wga_ctx();
    wga_setup su = {.periods = 3};
    /* G alone before the Austrian line E, which advances on him and on the French line F */
    wg_game *g = wga_game(ctx, &su,
                          "officer French G charisma=1 command=1 at=1000,640 facing=0,1\n"
                          "unit French F type=line-fusiliers companies=4x3 formation=line front=12 at=1000,600 "
                          "facing=0,1 order=hold\n"
                          "unit Austrians E type=line-fusiliers companies=4x3 formation=line front=12 at=1000,700 "
                          "facing=0,-1 order=hold\n");
    static const char *const adv[] = {"E: movement marker", "E: advance", "G stays", NULL};
    size_t n0 = 0;
    ck_assert_int_eq(wg_game_piece_count(&n0, g, WG_VIEW_REFEREE), WG_OK);
    wga_drive(g, adv, "phase 5: the die of F in its melee with E");
    wga_expect(g, 0, "G is captured by E", "LA-OFFICER-11");
    ck_assert_int_lt(wga_piece(g, "G"), 0);
    wga_expect(g, 0, "E contacts F", NULL);
    /* E stands where its advance ended; its prisoner behind it */
    int64_t ex = wga_attr_of(g, "E", "x"), ey = wga_attr_of(g, "E", "y"), ed = wga_attr_of(g, "E", "depth");
    ck_assert_int_lt(ey, 640);
    /* the prisoner went along with E: behind it, not where he was taken (LA-OFFICER-12) */
    char held[96];
    snprintf(held, sizeof held, "captured, held by E at (%4lld,%4lld)", (long long)ex, (long long)(ey + ed));
    ck_assert_msg(strstr(wgp_describe(g, WG_VIEW_REFEREE), held), "%s lacks %s", wgp_describe(g, WG_VIEW_REFEREE),
                  held); /* LA-OFFICER-12 */
    /* a lost melee of the holder's enemy frees nobody: a clone where E wins */
    wg_game *c = NULL;
    ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
    size_t c0 = nevents(c);
    wga_die(c, 1);
    wga_die(c, 6);
    wga_expect(c, c0, "melee", NULL);
    wga_no_event(c, c0, "is freed");
    ck_assert_int_lt(wga_piece(c, "G"), 0); /* LA-OFFICER-12: only a friendly unit's win frees him */
    wg_game_free(c);
    /* F wins the melee against E: G is freed */
    size_t e0 = nevents(g);
    wga_die(g, 6);
    wga_die(g, 1);
    wga_expect(g, e0, "G is freed: F won the melee against E, who held him", "LA-OFFICER-12"); /* LA-OFFICER-12 */
    int gp = wga_piece(g, "G");
    ck_assert_int_ge(gp, 0); /* LA-OFFICER-12: operational again */
    size_t n1 = 0;
    ck_assert_int_eq(wg_game_piece_count(&n1, g, WG_VIEW_REFEREE), WG_OK);
    ck_assert_uint_eq(n1, n0);
    /* with the unit that freed him */
    ck_assert_int_eq(wga_attr(g, (size_t)gp, "attached"), wga_attr_of(g, "F", "id")); /* LA-OFFICER-12 */
    /* and he commands again: in phase 6 he may order F */
    wga_obey(g);
    wga_drive(g, STAY, "phase 6: the order changes of G");
    ck_assert_int_ge(wgp_find(g, "G orders F:"), 0); /* LA-OFFICER-12 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- the target's formation */

START_TEST(test_fire_at_forming_target)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = wga_game(ctx, NULL,
                          "unit French Blue type=line-fusiliers companies=4x3 formation=line front=12 at=500,300 "
                          "facing=0,1 order=hold\n"
                          "unit Austrians Red type=landwehr companies=4x3 formation=division front=4 at=500,420 "
                          "facing=0,-1 order=hold\n");
    /* landwehr in column of division (their changes are slow): Red takes no factor of skirmishers */
    wga_odds_ok(g, "fire from=1 at=2");
    wga_odds_lacks("target-skirmish");
    static const char *const p1[] = {"Blue: fire marker", "Red: change of formation marker", "Red: change formation to skirmish",
                                     NULL};
    size_t e0 = nevents(g);
    wga_drive(g, p1, "phase 4");
    wga_expect(g, e0, "Red begins to form skirmish (3 half-periods)", "LA-FORMTIME-01");
    /* Red still stands in column, the fire reads the skirmish order it is forming */
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "Red"), "formation"), "division");
    ck_assert_int_ge(wgp_find(g, "Blue fires at Red"), 0);
    wga_odds_ok(g, "fire from=1 at=2");
    wga_odds_has("\"value\":-3,\"text\":\"target-skirmish\""); /* LA-FIRE-20 */
    /* and the fire made: -3 on skirmishers, -1 beyond half range, +1 for the ranks of the column it
       still stands in */
    e0 = nevents(g);
    wgp_choose(g, "Blue fires at Red");
    wga_die(g, 1);
    wga_expect(g, e0, "Blue fires light arms at Red: 12 figures, factors -3", "LA-FIRE-01"); /* LA-FIRE-20 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- an officer arriving */

/* The militia battalion L under the fire of E; the general G 200 paces behind it. */
static const char *const ARRIVE_POS =
    "officer French G charisma=1 command=1 at=1200,380 facing=0,1\n"
    "unit French L type=conscripts companies=4x3 formation=line front=12 at=1200,600 facing=0,1 order=hold\n"
    "unit Austrians E type=line-fusiliers companies=4x3 formation=line front=12 at=1200,720 facing=0,-1 order=hold\n";

/* The sample army list with semi-regular conscripts of morale 6 (host data). */
static char *arrive_army(void)
{
    char *base = wgp_read_source("data/aigles/sample-army.wgd", NULL);
    ck_assert_ptr_nonnull(base);
    const char *extra = "unittype conscripts arm=infantry status=S-R manoeuvre=B fire=3 combat=3 charge=1 morale=6 "
                        "weapon=fusil points=8\n";
    char *a = malloc(strlen(base) + strlen(extra) + 2);
    ck_assert_ptr_nonnull(a);
    strcpy(a, base);
    strcat(a, extra);
    free(base);
    return a;
}

START_TEST(test_voluntary_test)
{
    wg_ctx *ctx = wga_ctx();
    char *army = arrive_army();
    wga_setup su = {.periods = 4, .army = army, .options = "break=none"};
    wg_game *g = wga_game(ctx, &su, ARRIVE_POS);
    static const char *const p1[] = {"E: fire marker", "E fires at L", "G stays", NULL};
    wga_drive(g, p1, NULL);
    wga_die(g, 6);
    ck_assert(wga_has_decision(g, "the die of L's morale test under fire for the first time"));
    /* a unit that obeys: G may join it, no voluntary test is offered */
    wg_game *c = NULL;
    ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
    wga_die(c, 3);
    wga_drive(c, STAY, "period 2, phase 3, half-period 2: French commits the move of G");
    ck_assert_str_eq(wga_text(c, (size_t)wga_piece(c, "L"), "morale"), "obeys");
    ck_assert_int_ge(wgp_find(c, "G joins L"), 0);
    ck_assert_int_lt(wgp_find(c, "G joins L: a voluntary test"), 0);
    wg_game_free(c);
    /* die 1: L retreats; in period 2 G may join it with a voluntary test */
    wga_die(g, 1);
    wga_drive(g, STAY, "period 2, phase 3, half-period 2: French commits the move of G");
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "L"), "morale"), "retreating");
    /* the retreat suspends its order: in period 2 no marker of its own, a fall back though it holds */
    long p2 = wga_expect(g, 0, "period 2 begins", "LA-SEQ-01");
    wga_no_event(g, (size_t)p2, "L: none marker");
    wga_no_event(g, (size_t)p2, "L: movement marker");
    wga_expect(g, (size_t)p2, "L: fall back from (1200, 600)", "LA-MORALERES-08"); /* LA-ORDERS-18 */
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "L"), "order"), "hold");  /* LA-ORDERS-18 */
    ck_assert_int_ge(wgp_find(g, "G joins L: a voluntary test"), 0); /* LA-MORALE-06, LA-OFFICER-16 */
    /* voluntary: joining without it leaves L retreating */
    ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
    size_t c0 = nevents(c);
    wgp_choose(c, "G joins L");
    wga_drive(c, STAY, "phase 4");
    wga_no_event(c, c0, "tests voluntarily");
    ck_assert_str_eq(wga_text(c, (size_t)wga_piece(c, "L"), "morale"), "retreating"); /* LA-MORALE-06: voluntary */
    wg_game_free(c);
    /* with it: the test as he arrives, before the fire */
    size_t e0 = nevents(g);
    wgp_choose(g, "G joins L: a voluntary test");
    wga_drive(g, STAY, NULL);
    ck_assert_msg(wga_has_decision(g, "the die of L's morale test voluntarily, an officer arriving"), "%s",
                  wgp_decision(g)); /* LA-MORALE-06 */
    wga_expect(g, e0, "G: from", "LA-OFFICER-10");
    /* a bad die keeps it retreating (a clone), a good one restores it */
    ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
    c0 = nevents(c);
    wga_die(c, 1);
    if (wgp_find(c, "charisma ") >= 0)
        wgp_choose(c, "charisma +0");
    wga_expect(c, c0, "L tests voluntarily, an officer arriving: die 1", "LA-MORALE-16");
    ck_assert_str_ne(wga_text(c, (size_t)wga_piece(c, "L"), "morale"), "obeys");
    wg_game_free(c);
    wga_die(g, 5);
    if (wgp_find(g, "charisma ") >= 0)
        wgp_choose(g, "charisma +0");
    long k = wga_expect(g, e0, "L tests voluntarily, an officer arriving: die 5", "LA-MORALE-16"); /* LA-MORALE-06 */
    ck_assert_msg(strstr(ev(g, k), ": obeys"), "%s", ev(g, k));
    wga_expect(g, e0, "L obeys", "LA-MORALE-06"); /* LA-MORALE-06, LA-OFFICER-16 */
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "L"), "morale"), "obeys");
    /* obeying again, it returns to its initial order: its markers in period 3, its order hold */
    wga_drive(g, STAY, "period 3, phase 1");
    ck_assert_msg(wga_has_decision(g, "places the marker of L"), "%s", wgp_decision(g)); /* LA-ORDERS-18 */
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "L"), "order"), "hold");           /* LA-ORDERS-18 */
    wg_game_free(g);
    free(army);
    wg_ctx_free(ctx);
}
END_TEST

/* A general joining a routing unit: a test to stop the rout as he arrives. */
START_TEST(test_officer_joins_rout)
{
    wg_ctx *ctx = wga_ctx();
    wga_setup su = {.periods = 4, .options = "break=none"};
    char *pos = wgp_replace(ARRIVE_POS, "type=conscripts", "type=landwehr");
    wg_game *g = wga_game(ctx, &su, pos);
    static const char *const p1[] = {"E: fire marker", "E fires at L", "G stays", NULL};
    wga_drive(g, p1, NULL);
    wga_die(g, 6);
    wga_die(g, 5);
    wga_drive(g, STAY, "period 2, phase 3, half-period 2: French commits the move of G");
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "L"), "morale"), "routing");
    size_t e0 = nevents(g);
    wgp_choose(g, "G joins L");
    wga_drive(g, STAY, NULL);
    ck_assert_msg(wga_has_decision(g, "the die of L's morale test to stop its rout"), "%s", wgp_decision(g)); /* LA-OFFICER-16 */
    wga_expect(g, e0, "G: from", "LA-OFFICER-10");
    wg_game_free(g);
    free(pos);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- fire at an officer */

/* The sample army list with marksmen: carabines, fire 20 (host data, to reach 40 losses). */
static char *marksmen_army(void)
{
    char *base = wgp_read_source("data/aigles/sample-army.wgd", NULL);
    ck_assert_ptr_nonnull(base);
    const char *extra = "unittype marksmen arm=infantry status=V manoeuvre=B fire=18 combat=3 charge=1 morale=6 "
                        "weapon=carabine points=12\n";
    char *a = malloc(strlen(base) + strlen(extra) + 2);
    ck_assert_ptr_nonnull(a);
    strcpy(a, base);
    strcat(a, extra);
    free(base);
    return a;
}

START_TEST(test_fire_at_isolated_officer)
{
    wg_ctx *ctx = wga_ctx();
    char *army = marksmen_army();
    wga_setup su = {.periods = 3, .army = army, .options = "break=none"};
    /* G alone 200 paces before the marksmen E; the French battalion A far away */
    wg_game *g = wga_game(ctx, &su,
                          "officer French G charisma=1 command=1 at=1200,400 facing=0,1\n"
                          "unit French A type=line-fusiliers companies=4x3 formation=line front=12 at=200,100 "
                          "facing=0,1 order=hold\n"
                          "unit Austrians E type=marksmen companies=1x8 formation=line front=8 at=1200,600 "
                          "facing=0,-1 order=hold\n");
    static const char *const p1[] = {"E: fire marker", "G stays", NULL};
    wga_drive(g, p1, "phase 4");
    /* the isolated officer is a target (LA-OFFICER-13), his piece id after the units' */
    ck_assert_int_ge(wgp_find(g, "E fires at G (200 paces)"), 0); /* LA-OFFICER-13 */
    ck_assert_int_eq(wga_attr_of(g, "G", "id"), 3);
    wga_odds_ok(g, "fire from=2 at=3");
    wga_odds_has("\"value\":-2,\"text\":\"isolated-figure\""); /* LA-FIREFACT-16, LA-OFFICER-13 */
    wga_odds_has("{\"label\":\"38 losses\",\"weight\":2}");
    wga_odds_has("{\"label\":\"41 losses\",\"weight\":2}");
    /* 38 losses: he stands (40 are needed) */
    wg_game *c = NULL;
    ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
    size_t c0 = nevents(c);
    wgp_choose(c, "E fires at G");
    wga_expect(c, c0, "E fires light arms at G: 8 figures, factors -3", "LA-FIRE-01");
    wga_die(c, 3);
    wga_expect(c, c0, "E's fire (die 3, row 16): 38 losses to G", "LA-FIRE-19");
    wga_expect(c, c0, "G, alone under the fire of E, 38 losses: unharmed (40 needed)", "LA-OFFICER-13"); /* LA-OFFICER-13 */
    ck_assert_int_ge(wga_piece(c, "G"), 0); /* LA-OFFICER-13 */
    wg_game_free(c);
    /* 41 losses: he is eliminated */
    size_t e0 = nevents(g);
    wgp_choose(g, "E fires at G");
    wga_die(g, 5);
    wga_expect(g, e0, "G, alone under the fire of E, 41 losses: killed", "LA-OFFICER-13"); /* LA-OFFICER-13 */
    ck_assert_int_lt(wga_piece(g, "G"), 0);                                            /* LA-OFFICER-13 */
    wg_game_free(g);

    /* with his own troops he is no target of his own: B is */
    g = wga_game(ctx, &su,
                 "officer French G charisma=1 command=1 at=1200,395 facing=0,1\n"
                 "unit French B type=line-fusiliers companies=4x3 formation=line front=12 at=1200,400 facing=0,1 "
                 "order=hold\n"
                 "unit Austrians E type=marksmen companies=1x8 formation=line front=8 at=1200,600 facing=0,-1 "
                 "order=hold\n");
    wga_drive(g, p1, "phase 4");
    ck_assert_int_ge(wgp_find(g, "E fires at B"), 0);
    ck_assert_int_lt(wgp_find(g, "E fires at G"), 0); /* LA-OFFICER-13: an isolated officer only */
    wg_game_free(g);
    free(army);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- target priorities */

/* Blue before two Austrian battalions: N at 120 paces, F2 farther and to the right. */
#define PRIO_BLUE                                                                                                      \
    "unit French Blue type=line-fusiliers companies=4x3 formation=line front=12 at=1200,300 facing=0,1 order=hold\n"
#define PRIO_N "unit Austrians N type=line-fusiliers companies=1x4 formation=line front=4 at=1200,450 facing=0,-1 order=hold\n"
#define PRIO_F2                                                                                                        \
    "unit Austrians F2 type=line-fusiliers companies=1x4 formation=line front=4 at=1320,490 facing=0,-1 order=hold\n"

START_TEST(test_target_priorities)
{
    wg_ctx *ctx = wga_ctx();
    wga_setup su = {.periods = 3, .options = "break=none"};
    wg_game *g = wga_game(ctx, &su, PRIO_BLUE PRIO_N PRIO_F2);
    static const char *const p1[] = {"Blue: fire marker", "F2: fire marker", NULL};
    wga_drive(g, p1, "phase 4: the target of Blue's fire");
    /* (5) the nearest enemy: N, not F2, though F2 is in sight, range and arc (its odds are valid) */
    ck_assert_int_ge(wgp_find(g, "Blue fires at N"), 0);
    ck_assert_int_lt(wgp_find(g, "Blue fires at F2"), 0); /* LA-FIRE-10 */
    wga_odds_ok(g, "fire from=1 at=3");
    wgp_choose(g, "Blue fires at N");
    wga_die(g, 1);
    /* F2 fires at Blue, its nearest */
    wga_drive(g, NULL, "phase 4: the target of F2's fire");
    wgp_choose(g, "F2 fires at Blue");
    wga_die(g, 1);
    /* (4) next period, the enemy that fired on it comes before the nearest */
    wga_obey(g);
    static const char *const p2[] = {"Blue: fire marker", NULL};
    wga_drive(g, p2, "phase 4: the target of Blue's fire");
    ck_assert_msg(wgp_find(g, "Blue fires at F2") >= 0, "%s", wgp_options_dump(g)); /* LA-FIRE-10 */
    ck_assert_int_lt(wgp_find(g, "Blue fires at N"), 0);  /* LA-FIRE-10 */
    wg_game_free(g);

    /* (2) hussars able to charge it come before the nearest battalion */
    const char *hus =
        "unit Austrians H type=hussars companies=1x4 formation=line front=4 at=1320,480 facing=0,-1 order=hold\n";
    char body[2048];
    snprintf(body, sizeof body, "%s%s%s", PRIO_BLUE, PRIO_N, hus);
    g = wga_game(ctx, &su, body);
    static const char *const pb[] = {"Blue: fire marker", NULL};
    wga_drive(g, pb, "phase 4: the target of Blue's fire");
    ck_assert_int_ge(wgp_find(g, "Blue fires at H"), 0); /* LA-FIRE-10 */
    ck_assert_int_lt(wgp_find(g, "Blue fires at N"), 0); /* LA-FIRE-10 */
    wg_game_free(g);

    /* a general in base contact: a regular battalion still owes priorities 1 and 2 */
    snprintf(body, sizeof body, "officer French G charisma=1 command=1 at=1200,290 facing=0,1\n%s%s%s", PRIO_BLUE,
             PRIO_N, hus);
    g = wga_game(ctx, &su, body);
    static const char *const pg[] = {"Blue: fire marker", "G stays", NULL};
    wga_drive(g, pg, "phase 4: the target of Blue's fire");
    ck_assert_int_lt(wgp_find(g, "Blue fires at N"), 0);
    ck_assert_int_ge(wgp_find(g, "Blue fires at H"), 0);
    wg_game_free(g);
    /* an elite battalion with him may choose */
    char *elite = wgp_replace(body, "unit French Blue type=line-fusiliers", "unit French Blue type=grenadiers");
    g = wga_game(ctx, &su, elite);
    wga_drive(g, pg, "phase 4: the target of Blue's fire");
    ck_assert_int_ge(wgp_find(g, "Blue fires at N"), 0);
    ck_assert_int_ge(wgp_find(g, "Blue fires at H"), 0);
    wg_game_free(g);
    free(elite);
    /* and without him it may not */
    elite = wgp_replace(body, "unit French Blue type=line-fusiliers", "unit French Blue type=grenadiers");
    char *alone = wgp_replace(elite, "officer French G charisma=1 command=1 at=1200,290",
                              "officer French G charisma=1 command=1 at=200,100");
    g = wga_game(ctx, &su, alone);
    wga_drive(g, pg, "phase 4: the target of Blue's fire");
    ck_assert_int_lt(wgp_find(g, "Blue fires at N"), 0); /* LA-FIRE-10 */
    wg_game_free(g);
    free(alone);
    free(elite);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- an aide-de-camp replacing a general */

START_TEST(test_adc_replaces_general)
{
    wg_ctx *ctx = wga_ctx();
    char *army = marksmen_army();
    wga_setup su = {.periods = 3, .army = army, .options = "break=none"};
    /* Ney commands Morand; Roux is Ney's aide-de-camp, Bis Morand's; Morand alone before the marksmen */
    wg_game *g = wga_game(ctx, &su,
                          "officer French Ney charisma=1 command=1 at=2400,100 facing=0,1\n"
                          "officer French Morand charisma=1 command=1 at=1200,400 facing=0,1 superior=Ney\n"
                          "officer French Roux charisma=1 command=1 at=1800,100 facing=0,1 adc superior=Ney\n"
                          "officer French Bis charisma=1 command=1 at=200,95 facing=0,1 adc superior=Morand\n"
                          "unit French A type=line-fusiliers companies=4x3 formation=line front=12 at=200,100 "
                          "facing=0,1 order=hold\n"
                          "unit Austrians E type=marksmen companies=1x8 formation=line front=8 at=1200,600 "
                          "facing=0,-1 order=hold\n");
    static const char *const p1[] = {"E: fire marker", "Ney stays", "Morand stays", "Roux stays", "Bis stays",
                                     "E fires at Morand", NULL};
    wga_drive(g, p1, NULL);
    wga_die(g, 5);
    wga_expect(g, 0, "Morand, alone under the fire of E, 41 losses: killed", "LA-OFFICER-13");
    /* a general killed and not replaced: -1 to the French units' morale (T23) */
    wga_odds_ok(g, "morale unit=1");
    wga_odds_has("general-killed-not-replaced");
    wga_drive(g, p1, "phase 6: the order changes of Roux");
    /* Roux, aide-de-camp of Ney, may replace Ney's subordinate Morand */
    ck_assert_int_ge(wgp_find(g, "Roux replaces Morand"), 0); /* LA-OFFICER-14 */
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "Roux"), "kind"), "aide-de-camp");
    size_t e0 = nevents(g);
    wgp_choose(g, "Roux replaces Morand");
    wga_expect(g, e0, "Roux replaces Morand and commands as a general", "LA-OFFICER-14"); /* LA-OFFICER-14 */
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "Roux"), "kind"), "general"); /* LA-OFFICER-14 */
    wga_odds_ok(g, "morale unit=1");
    wga_odds_lacks("general-killed-not-replaced"); /* LA-OFFICER-14 */
    wg_game_free(g);

    /* without Roux, Bis, Morand's own aide-de-camp, may not replace him */
    g = wga_game(ctx, &su,
                 "officer French Ney charisma=1 command=1 at=2400,100 facing=0,1\n"
                 "officer French Morand charisma=1 command=1 at=1200,400 facing=0,1 superior=Ney\n"
                 "officer French Bis charisma=1 command=1 at=200,95 facing=0,1 adc superior=Morand\n"
                 "unit French A type=line-fusiliers companies=4x3 formation=line front=12 at=200,100 "
                 "facing=0,1 order=hold\n"
                 "unit Austrians E type=marksmen companies=1x8 formation=line front=8 at=1200,600 "
                 "facing=0,-1 order=hold\n");
    wga_drive(g, p1, NULL);
    wga_die(g, 5);
    wga_expect(g, 0, "Morand, alone under the fire of E, 41 losses: killed", "LA-OFFICER-13");
    wga_drive(g, p1, "phase 6: the order changes of Bis");
    ck_assert_int_ge(wgp_find(g, "Bis orders A:"), 0);
    ck_assert_int_lt(wgp_find(g, "replaces"), 0); /* LA-OFFICER-14 */
    wg_game_free(g);
    free(army);
    wg_ctx_free(ctx);
}
END_TEST

/* An officer sheltered in a hollow square: the fire rule of officers, on the square's whole losses. */
START_TEST(test_officer_in_hollow_square)
{
    wg_ctx *ctx = wga_ctx();
    char *army = marksmen_army();
    wga_setup su = {.periods = 3, .army = army, .options = "break=none"};
    wg_game *g = wga_game(ctx, &su,
                          "officer French G charisma=1 command=1 at=1200,380 facing=0,1\n"
                          "unit French S type=line-fusiliers companies=4x3 formation=hollow-square front=6 at=1200,400 "
                          "facing=0,1 order=hold\n"
                          "unit Austrians E type=marksmen companies=1x8 formation=line front=8 at=1200,550 "
                          "facing=0,-1 order=hold\n");
    static const char *const p1[] = {"E: fire marker", "G stays", "E fires at S", NULL};
    wga_drive(g, p1, NULL);
    /* E fires at the square */
    size_t e0 = nevents(g);
    wga_die(g, 3);
    wga_expect(g, e0, "E's fire (die 3, row 20): 48 losses to S", "LA-FIRE-19");
    wga_die(g, 6);
    wgp_choose(g, "charisma +0"); /* his charisma reaches the square: he is with it */
    wga_drive(g, p1, NULL);
    ck_assert(wga_has_decision(g, "the die of G's fate"));
    /* the officers' fire rule on the square's 48 losses over its 12 figures (G-06: 12 F <= L d < 18 F
       wounded, from 18 F killed), not a tenth of them */
    wg_game *c = NULL;
    ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
    size_t c0 = nevents(c);
    wga_die(c, 3);
    wga_expect(c, c0, "G, with 48 losses over 12 figures, die 3: wounded", "LA-OFFLOSS-01"); /* LA-OFFLOSS-07 */
    wg_game_free(c);
    e0 = nevents(g);
    wga_die(g, 5);
    wga_expect(g, e0, "G, with 48 losses over 12 figures, die 5: killed", "LA-OFFLOSS-01"); /* LA-OFFLOSS-07 */
    wg_game_free(g);
    free(army);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- alternative orders */

START_TEST(test_alternative_orders)
{
    wg_ctx *ctx = wga_ctx();
    wga_setup su = {.periods = 4};
    /* A holds for two periods, then attacks; B holds until Light stands on the knoll (1200, 560) */
    wg_game *g = wga_game(ctx, &su,
                          "unit French A type=line-fusiliers companies=4x3 formation=line front=12 at=400,300 "
                          "facing=0,1 order=hold then=attack after=2\n"
                          "unit French Light type=line-fusiliers companies=4x3 formation=line front=12 at=1200,500 "
                          "facing=0,1 order=hold\n"
                          "unit French B type=line-fusiliers companies=4x3 formation=line front=12 at=1800,300 "
                          "facing=0,1 order=hold then=attack when=Light place=1200,560 within=60\n" FAR_ENEMY);
    wga_no_event(g, 0, "alternative order");
    static const char *const adv[] = {"Light: movement marker", "Light: advance", NULL};
    wga_drive(g, adv, "period 2, phase 1");
    /* Light crowned the knoll: B attacks from period 2 */
    long p2 = wga_expect(g, 0, "period 2 begins", "LA-SEQ-01");
    long k = wga_expect(g, (size_t)p2, "B takes its alternative order attack: Light has arrived", "LA-ORDERS-17"); /* LA-ORDERS-17 */
    ck_assert_int_gt(wga_expect(g, (size_t)k, "B now follows the order attack", "LA-ORDERS-16"), k);
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "B"), "order"), "attack"); /* LA-ORDERS-17 */
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "A"), "order"), "hold");
    wga_no_event(g, 0, "A takes its alternative order");
    /* A after its two periods */
    wga_drive(g, NULL, "period 3, phase 1");
    long p3 = wga_expect(g, 0, "period 3 begins", "LA-SEQ-01");
    wga_expect(g, (size_t)p3, "A takes its alternative order attack after 2 periods", "LA-ORDERS-17"); /* LA-ORDERS-17 */
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "A"), "order"), "attack"); /* LA-ORDERS-17 */
    wg_game_free(g);

    /* a closed vocabulary: an order kind and its trigger */
    wg_game *bad = NULL;
    ck_assert_int_eq(wga_try(&bad, ctx, &su,
                             "unit French A type=line-fusiliers companies=4x3 formation=line front=12 at=400,300 "
                             "facing=0,1 order=hold then=attack\n" FAR_ENEMY),
                     WG_EDATA);
    ck_assert_msg(strstr(wg_ctx_errmsg(ctx), "LA-ORDERS-17"), "%s", wg_ctx_errmsg(ctx)); /* LA-ORDERS-17 */
    ck_assert_int_eq(wga_try(&bad, ctx, &su,
                             "unit French A type=line-fusiliers companies=4x3 formation=line front=12 at=400,300 "
                             "facing=0,1 order=hold then=charge after=1\n" FAR_ENEMY),
                     WG_EDATA); /* LA-ORDERS-17 */
    ck_assert_int_eq(wga_try(&bad, ctx, &su,
                             "unit French A type=line-fusiliers companies=4x3 formation=line front=12 at=400,300 "
                             "facing=0,1 order=hold then=attack when=Nobody place=1,1 within=5\n" FAR_ENEMY),
                     WG_EDATA); /* LA-ORDERS-17 */
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("aigles_orders");
    TCase *tc = tcase_create("orders");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_explanation_delay);
    tcase_add_test(tc, test_failed_test_turns);
    tcase_add_test(tc, test_officer_forced_march);
    tcase_add_test(tc, test_prisoner_freed);
    tcase_add_test(tc, test_fire_at_forming_target);
    tcase_add_test(tc, test_voluntary_test);
    tcase_add_test(tc, test_officer_joins_rout);
    tcase_add_test(tc, test_fire_at_isolated_officer);
    tcase_add_test(tc, test_target_priorities);
    tcase_add_test(tc, test_adc_replaces_general);
    tcase_add_test(tc, test_officer_in_hollow_square);
    tcase_add_test(tc, test_alternative_orders);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return wgt_run(suite()); }

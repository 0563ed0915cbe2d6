/* Les Maréchaux events played through the public API: the events phase (draws, keeping, starred
   events, tempting fate), the events of §9 and the events played in a combat, on small zone
   graphs supplied by the host (a `map` document of kind map holding the zones and connections,
   and a `pack` whose units stand `at=ZONE` and whose `hand` records give the scenario's
   allocation).  Decisions go through wg_game_choose*, die faces and markers are chosen by their
   labels, and the results are read back from event texts, option labels, the score,
   wg_game_describe and the combat odds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgplay.h"
#include "mr_board.h"

/* The events of each test come in its own records. */
static wg_game *position(wg_ctx *ctx, const char *graph, const char *units)
{
    return position_with(ctx, graph, "", units);
}

static const char GRAPH[] = "zone A clear loc-aa port\nzone B clear\nzone C clear\nzone D town loc-f\n"
                            "conn A B road 1\nconn B C road-stream 1\nconn C D road 1\n";

/* Wellesley in A, Tilson in B, Junot and Heudelet in D, and the event records of `events`. */
static wg_game *events_game(wg_ctx *ctx, const char *scenario, const char *events)
{
    char units[2048];
    snprintf(units, sizeof units,
             "%s\nunit AA cdr Wellesley sv=2 cic at=A\nunit AA inf Tilson mp=6 boxes=3,4 at=B\n"
             "unit F cdr Junot sv=2 cic at=D\nunit F inf Heudelet mp=6 boxes=2,3,3,4 at=D\n%s",
             scenario, events);
    return position(ctx, GRAPH, units);
}

static const char SCEN_AA[] = "scenario 1808 8 August 16 6 0 0 AA 0";

/* The events line of a side in describe(viewer). */
static const char *events_line(wg_game *g, const char *side, int viewer, char *buf, size_t cap)
{
    const char *d = wgp_describe(g, viewer);
    const char *l = strstr(d, side);
    while (l && !(l == d || l[-1] == '\n'))
        l = strstr(l + 1, side);
    for (; l; l = strstr(l + 1, side)) {
        if ((l == d || l[-1] == '\n') && strncmp(l + strlen(side), " events:", 8) == 0)
            break;
    }
    ck_assert_msg(l != NULL, "no %s events line in:\n%s", side, d);
    const char *e = strchr(l, '\n');
    snprintf(buf, cap, "%.*s", (int)(e ? (size_t)(e - l) : strlen(l)), l);
    return buf;
}

static void assert_events_line(wg_game *g, const char *side, int viewer, const char *needle)
{
    char buf[512];
    events_line(g, side, viewer, buf, sizeof buf);
    ck_assert_msg(strstr(buf, needle) != NULL, "\"%s\" lacks \"%s\"", buf, needle);
}

static void assert_events_line_lacks(wg_game *g, const char *side, int viewer, const char *needle)
{
    char buf[512];
    events_line(g, side, viewer, buf, sizeof buf);
    ck_assert_msg(strstr(buf, needle) == NULL, "\"%s\" has \"%s\"", buf, needle);
}

/* ---- the events phase ---- */

/* LM-EVT-01, LM-COMP-08, LM-EVT-02, LM-EVT-03, LM-EVT-05 (§4, §9, §1.1.3): the scenario gives the
   Anglo-Allied player Rifles at the start (a `hand` record); in phase B each side draws exactly one
   marker from its own container (the options are the markers of that container only), then the
   operations begin; a marker without a star is kept, secretly: the other side reads a count. */
START_TEST(test_events_phase)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = events_game(ctx, SCEN_AA,
                             "event Rifles cp 1 0\nevent Feu cp 1 0\nevent Lisbonne none 0 0\n"
                             "hand AA Rifles 1\ncontainer AA Genie 1\ncontainer AA Feu 1\n"
                             "container F Lisbonne 1\ncontainer F Genie 1\n");
    assert_events_line(g, "Anglo-Allied", WG_VIEW_REFEREE, "2 in the container, held: Rifles x1");
    assert_events_line(g, "French", WG_VIEW_REFEREE, "2 in the container");
    ck_assert_int_eq(wgp_decider(g), WG_PLAYER_CHANCE);
    ck_assert_msg(strstr(wgp_decision(g), "Anglo-Allied: event draw"), "%s", wgp_options_dump(g));
    ck_assert_uint_eq(wgp_option_count(g), 2);
    ck_assert_int_ge(wgp_find(g, ": Genie"), 0);
    ck_assert_int_ge(wgp_find(g, ": Feu"), 0);
    ck_assert_int_lt(wgp_find(g, "Lisbonne"), 0);
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, ": Feu");
    assert_event(g, n0, "Anglo-Allied draws the event Feu");
    wgp_choose(g, "keep");
    assert_event(g, n0, "Anglo-Allied keeps Feu");
    ck_assert_msg(strstr(wgp_decision(g), "French: event draw"), "%s", wgp_options_dump(g));
    ck_assert_uint_eq(wgp_option_count(g), 2);
    ck_assert_int_ge(wgp_find(g, ": Lisbonne"), 0);
    ck_assert_int_lt(wgp_find(g, "Feu"), 0);
    wgp_choose(g, ": Lisbonne");
    wgp_choose(g, "keep");
    ck_assert_msg(strstr(wgp_decision(g), "choose an operation"), "%s", wgp_options_dump(g));
    ck_assert_int_eq(wgp_decider(g), 0);
    assert_events_line(g, "Anglo-Allied", WG_VIEW_REFEREE, "1 in the container");
    assert_events_line(g, "Anglo-Allied", WG_VIEW_REFEREE, "Rifles x1");
    assert_events_line(g, "Anglo-Allied", WG_VIEW_REFEREE, "Feu x1");
    assert_events_line(g, "French", WG_VIEW_REFEREE, "1 in the container, held: Lisbonne x1");
    /* secret: each side reads its own held events, the other's as a count */
    assert_events_line(g, "Anglo-Allied", 0, "Feu x1");
    assert_events_line_lacks(g, "Anglo-Allied", 1, "Feu");
    assert_events_line_lacks(g, "Anglo-Allied", 1, "Rifles");
    assert_events_line_lacks(g, "French", 0, "Lisbonne");
    ck_assert_int_lt(wgp_find_event(g, n0, "Feu", 1), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-EVT-04 (§4): the Anglo-Allied container is empty: phase B begins with the French draw; in
   turn 2 both containers are empty and the operations follow the initiative at once. */
START_TEST(test_empty_container)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = events_game(ctx, SCEN_AA, "container F Genie 1\n");
    ck_assert_msg(strstr(wgp_decision(g), "French: event draw"), "%s", wgp_options_dump(g));
    wgp_choose(g, ": Genie");
    wgp_choose(g, "keep");
    ck_assert_msg(strstr(wgp_decision(g), "Anglo-Allied: choose an operation"), "%s", wgp_options_dump(g));
    wgp_choose(g, "pass");
    wgp_choose(g, "pass");
    ck_assert_msg(strstr(wgp_decision(g), "initiative"), "%s", wgp_options_dump(g));
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "dice AA 6, F 1");
    ck_assert_msg(strstr(wgp_decision(g), "Anglo-Allied: choose an operation"), "%s", wgp_options_dump(g));
    assert_no_event(g, n0, "draws");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-EVT-06 (§4, GAP-56): tempting fate: the Anglo-Allied player puts Feu back in his container,
   the French score 2 VP and he holds nothing this turn. */
START_TEST(test_tempt_fate)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = events_game(ctx, SCEN_AA,
                             "event Feu cp 1 0\ncontainer AA Genie 1\ncontainer AA Feu 1\n"
                             "container F Genie 1\n");
    wgp_choose(g, ": Feu");
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "tempt fate");
    ck_assert_msg(strstr(wgp_describe(g, WG_VIEW_REFEREE), "VP: Anglo-Allied 0, French 2"), "%s",
                  wgp_describe(g, WG_VIEW_REFEREE));
    assert_events_line(g, "Anglo-Allied", WG_VIEW_REFEREE, "2 in the container");
    assert_events_line_lacks(g, "Anglo-Allied", WG_VIEW_REFEREE, "Feu x");
    ck_assert_msg(wgp_event_count(g) > n0, "no event");
    /* the French draw follows: no second Anglo-Allied draw */
    ck_assert_msg(strstr(wgp_decision(g), "French: event draw"), "%s", wgp_options_dump(g));
    wgp_choose(g, ": Genie");
    wgp_choose(g, "keep");
    ck_assert_msg(strstr(wgp_decision(g), "choose an operation"), "%s", wgp_options_dump(g));
    assert_events_line(g, "Anglo-Allied", WG_VIEW_REFEREE, "2 in the container, held:");
    assert_events_line_lacks(g, "Anglo-Allied", WG_VIEW_REFEREE, " x1");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-EVT-06 (§4, GAP-56): a starred marker may be put back too, before it is played: Burrard
   returns to the container, the French score 2 VP, and the game goes on into turn 2. */
START_TEST(test_tempt_fate_starred)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = events_game(ctx, SCEN_AA,
                             "event Burrard burrard 0 1\ncontainer AA Burrard 1\ncontainer AA Genie 1\n"
                             "container F Genie 1\n");
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, ": Burrard");
    wgp_choose(g, "tempt fate");
    assert_no_event(g, n0, "plays Burrard");
    ck_assert_msg(strstr(wgp_describe(g, WG_VIEW_REFEREE), "VP: Anglo-Allied 0, French 2"), "%s",
                  wgp_describe(g, WG_VIEW_REFEREE));
    assert_events_line(g, "Anglo-Allied", WG_VIEW_REFEREE, "2 in the container");
    wgp_choose(g, ": Genie");
    wgp_choose(g, "keep");
    wgp_choose(g, "pass");
    wgp_choose(g, "pass");
    for (int k = 0; k < 20 && !strstr(wgp_decision(g), "initiative"); k++)
        wgp_choose_index(g, 0);
    assert_event(g, n0, "turn 2 begins");
    int over = 1;
    ck_assert_int_eq(wg_game_is_over(&over, g), WG_OK);
    ck_assert_int_eq(over, 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-EVT-05, LM-EVENTS-02 (§4, §9, §8.1.1): Burrard has a star: kept, it is played at once and
   is not held; the game ends at the end of that turn (turn 1 of 8). */
START_TEST(test_burrard)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = events_game(ctx, SCEN_AA,
                             "event Burrard burrard 0 1\ncontainer AA Burrard 1\ncontainer AA Genie 1\n"
                             "container F Genie 1\n");
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, ": Burrard");
    wgp_choose(g, "keep");
    assert_event(g, n0, "Anglo-Allied plays Burrard");
    assert_events_line_lacks(g, "Anglo-Allied", WG_VIEW_REFEREE, "Burrard x");
    wgp_choose(g, ": Genie");
    wgp_choose(g, "keep");
    int over = 1;
    ck_assert_int_eq(wg_game_is_over(&over, g), WG_OK);
    ck_assert_int_eq(over, 0);
    wgp_choose(g, "pass");
    wgp_choose(g, "pass");
    for (int k = 0; k < 20 && wgp_decider(g) != WG_PLAYER_NONE; k++)
        wgp_choose_index(g, 0); /* phase D, if any decision */
    ck_assert_int_eq(wg_game_is_over(&over, g), WG_OK);
    ck_assert_int_eq(over, 1);
    assert_no_event(g, n0, "turn 2 begins");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---- Canicule ---- */

/* LM-EVENTS-03, LM-EVENTS-04, LM-EVENTS-05 (§9, GAP-56): both players draw Canicule (starred:
   played at once; both markers are discarded).  A stack then draws one marker, not two, at the
   start of its movement, before its first connection; Beresford may return the marker of the
   connection but not the Canicule one. */
START_TEST(test_canicule)
{
    wg_ctx *ctx = new_ctx();
    static const char ev[] = "event Canicule canicule 0 1\ncontainer AA Canicule 1\ncontainer AA Genie 1\n"
                             "container F Canicule 1\ncontainer F Genie 1\n"
                             "unit AA cdr Beresford sv=1 at=B\n";
    wg_game *g = events_game(ctx, SCEN_AA, ev);
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, ": Canicule");
    wgp_choose(g, "keep");
    assert_event(g, n0, "Anglo-Allied plays Canicule");
    wgp_choose(g, ": Canicule");
    wgp_choose(g, "keep");
    assert_event(g, n0, "French plays Canicule");
    assert_events_line(g, "Anglo-Allied", WG_VIEW_REFEREE, "1 in the container");
    assert_events_line(g, "French", WG_VIEW_REFEREE, "1 in the container");
    assert_events_line_lacks(g, "Anglo-Allied", WG_VIEW_REFEREE, "Canicule x");
    assert_events_line_lacks(g, "French", WG_VIEW_REFEREE, "Canicule x");
    wgp_choose(g, "move a stack from B");
    wgp_choose(g, "stack formed");
    wgp_choose(g, "roll 6");
    /* one Canicule marker before the first connection */
    ck_assert_msg(deciding_fatigue_draw(g), "%s", wgp_options_dump(g));
    wgp_choose(g, ": fatigue 3");
    ck_assert_msg(!deciding_fatigue_draw(g), "a second Canicule marker:\\n%s", wgp_options_dump(g));
    if (deciding_fatigue_return(g)) /* the Canicule marker may not be returned */
        ck_assert_msg(wgp_find(g, "return a fatigue marker") < 0, "%s", wgp_options_dump(g));
    draws(g, "");
    assert_line(g, "moving stack fatigue:", "fatigue: 3");
    wgp_choose(g, "go to C (");
    wgp_choose(g, ": fatigue 1");
    ck_assert_msg(deciding_fatigue_return(g), "%s", wgp_options_dump(g));
    ck_assert_int_ge(wgp_find(g, "return a fatigue marker of 1"), 0);
    ck_assert_msg(wgp_find(g, "return a fatigue marker of 3") < 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "return a fatigue marker of 1");
    draws(g, "");
    assert_line(g, "moving stack fatigue:", "fatigue: 3");
    wg_game_free(g);

    /* drawn by the Anglo-Allied player only, it holds for the French stacks too */
    g = events_game(ctx, SCEN_AA, ev);
    wgp_choose(g, ": Canicule");
    wgp_choose(g, "keep");
    wgp_choose(g, ": Genie");
    wgp_choose(g, "keep");
    wgp_choose(g, "pass");
    wgp_choose(g, "move a stack from D");
    wgp_choose(g, "stack formed");
    ck_assert_msg(deciding_fatigue_draw(g), "%s", wgp_options_dump(g));
    draws(g, "0");
    ck_assert_msg(has_option(g, "go to C ("), "%s", wgp_options_dump(g));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-EVENTS-03 (§9, GAP-56): Canicule lasts for the rest of the turn it is drawn in: in turn 2 a
   stack moves without the extra marker. */
START_TEST(test_canicule_one_turn)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = events_game(ctx, SCEN_AA,
                             "event Canicule canicule 0 1\ncontainer AA Canicule 1\ncontainer AA Genie 1\n"
                             "container F Genie 2\n");
    wgp_choose(g, ": Canicule");
    wgp_choose(g, "keep");
    wgp_choose(g, ": Genie");
    wgp_choose(g, "keep");
    wgp_choose(g, "pass");
    wgp_choose(g, "pass");
    for (int k = 0; k < 8 && !strstr(wgp_decision(g), "initiative"); k++)
        wgp_choose_index(g, 0);
    wgp_choose(g, "dice AA 6, F 1");
    for (int k = 0; k < 6 && !strstr(wgp_decision(g), "choose an operation"); k++) {
        if (strstr(wgp_decision(g), "event draw"))
            wgp_choose(g, ": Genie");
        else
            wgp_choose(g, "keep");
    }
    ck_assert_int_eq(wgp_decider(g), 0);
    wgp_choose(g, "move a stack from B");
    wgp_choose(g, "stack formed");
    wgp_choose(g, "roll 6");
    ck_assert_msg(strstr(wgp_decision(g), "Anglo-Allied: move:"), "%s", wgp_options_dump(g));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---- Debarquement ---- */

/* LM-EVENTS-08 (§9, GAP-25): the Anglo-Allied player plays Debarquement at the start of an
   operation: the 7th/8th lands, activated, in A, the port of the fleet; that is his operation
   (the French take the next).  With a French stack in A it is not offered. */
START_TEST(test_debarquement)
{
    wg_ctx *ctx = new_ctx();
    static const char ev[] = "event Debarquement landing 0 0\nhand AA Debarquement 1\n"
                             "unit AA fleet Flotte at=A\nunit AA inf 7th/8th mp=6 boxes=2,3,3,4 landing\n";
    wg_game *g = events_game(ctx, "scenario 1808 8 August 16 6 0 0 AA 0", ev);
    ck_assert_msg(strstr(wgp_decision(g), "Anglo-Allied: choose an operation"), "%s", wgp_options_dump(g));
    assert_line_lacks(g, "A:", "7th/8th");
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "play Debarquement");
    assert_event(g, n0, "7th/8th lands at A");
    assert_line(g, "A:", "7th/8th (infantry 4/4, activated)");
    ck_assert_int_eq(wgp_decider(g), 1);
    ck_assert_msg(strstr(wgp_decision(g), "French: choose an operation"), "%s", wgp_options_dump(g));
    assert_events_line_lacks(g, "Anglo-Allied", WG_VIEW_REFEREE, "Debarquement");
    wg_game_free(g);

    char pack[1024];
    snprintf(pack, sizeof pack,
             "scenario 1808 8 August 16 6 0 0 AA 0\nunit AA cdr Wellesley sv=2 cic at=B\n"
             "unit AA inf Tilson mp=6 boxes=3,4 at=B\nunit F cdr Junot sv=2 cic at=D\n"
             "unit F inf Heudelet mp=6 boxes=2,3,3,4 at=A\n%s",
             ev);
    g = position(ctx, GRAPH, pack);
    ck_assert_msg(strstr(wgp_decision(g), "Anglo-Allied: choose an operation"), "%s", wgp_options_dump(g));
    ck_assert_msg(!has_option(g, "Debarquement"), "%s", wgp_options_dump(g));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---- events in combat ---- */

/* C holds Beresford, Tilson, the 20th dragoons (British) and the Guns, and the French Laborde,
   Heudelet and the Canons; Wellesley in A, Junot in D.  `events` are the hand records.  The
   Anglo-Allied player attacks in C with everything. */
static wg_game *combat_game(wg_ctx *ctx, const char *events)
{
    char pack[2048];
    snprintf(pack, sizeof pack,
             "scenario 1808 8 August 16 6 0 0 AA 0\n"
             "unit AA cdr Wellesley sv=2 cic at=A\nunit AA cdr Beresford sv=1 at=C\n"
             "unit AA inf Tilson mp=6 boxes=3,4 at=C\nunit AA cav \"20th dragon\" mp=8 morale=4 british at=C\n"
             "unit AA art Guns mp=5 at=C\n"
             "unit F cdr Junot sv=2 cic at=D\nunit F cdr Laborde sv=1 at=C\n"
             "unit F inf Heudelet mp=6 boxes=2,3,3,4 at=C\nunit F art Canons mp=5 at=C\n"
             "event Rifles cp 1 0\nevent Feu cp 1 0\nevent Elan cp 1 0\nevent CB counter 0 0\n"
             "event \"Charge Incontrolee\" charge 0 0\n%s",
             events);
    wg_game *g = position(ctx, GRAPH, pack);
    ck_assert_msg(strstr(wgp_decision(g), "Anglo-Allied: choose an operation"), "%s", wgp_options_dump(g));
    wgp_choose(g, "attack in C");
    wgp_choose(g, "stack formed");
    return g;
}

static int64_t odds_field(wg_game *g, int field)
{
    int64_t out[WG_MR_ODDS_COUNT];
    size_t len = 0;
    ck_assert_int_eq(wg_marechaux_combat_odds(out, WG_MR_ODDS_COUNT, &len, g), WG_OK);
    return out[field];
}

static int deciding_events(wg_game *g)
{
    return strstr(wgp_decision(g), "play combat events") != NULL;
}

/* Passes the combat-event windows in which no held event is playable (they open whenever the side
   holds an event, LM-FOG-03). */
static void pass_windows(wg_game *g)
{
    for (int k = 0; k < 8 && deciding_events(g) && wgp_find(g, "play ") < 0; k++)
        wgp_choose(g, "no (more) events");
}

/* LM-EVT-10, LM-EVT-08, LM-EVT-07, LM-EVENTS-07, LM-CMD-01 (§5.6.3, §9, §10.2, §5.1): the attack
   needs no command test.  After the amplitude the attacker plays Rifles and Feu, then the
   defender Elan, before the artillery shots; the modifiers add up (+2 and +1 in the CP
   breakdown).  After the shots the French Counter Battery cancels the one Anglo-Allied success.
   The markers played are discarded: neither held nor back in a container. */
START_TEST(test_combat_events)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = combat_game(ctx, "hand AA Rifles 1\nhand AA Feu 1\nhand F Elan 1\nhand F CB 1\n");
    ck_assert_msg(!strstr(wgp_decision(g), "command test"), "%s", wgp_options_dump(g));
    long amp = wgp_find_event(g, 0, "amplitude", WG_VIEW_REFEREE);
    ck_assert_int_ge(amp, 0);
    ck_assert_msg(deciding_events(g) && wgp_decider(g) == 0, "%s", wgp_options_dump(g));
    ck_assert_msg(!has_option(g, "play CB"), "%s", wgp_options_dump(g));
    wgp_choose(g, "play Rifles");
    wgp_choose(g, "play Feu");
    wgp_choose(g, "no (more) events");
    ck_assert_msg(deciding_events(g) && wgp_decider(g) == 1, "%s", wgp_options_dump(g));
    ck_assert_msg(!has_option(g, "play CB"), "%s", wgp_options_dump(g));
    wgp_choose(g, "play Elan");
    wgp_choose(g, "no (more) events");
    ck_assert_msg(strstr(wgp_decision(g), "artillery dice"), "%s", wgp_options_dump(g));
    long rifles = wgp_find_event(g, 0, "Anglo-Allied plays Rifles", WG_VIEW_REFEREE);
    long feu = wgp_find_event(g, 0, "Anglo-Allied plays Feu", WG_VIEW_REFEREE);
    long elan = wgp_find_event(g, 0, "French plays Elan", WG_VIEW_REFEREE);
    ck_assert_int_lt(amp, rifles);
    ck_assert_int_lt(rifles, feu);
    ck_assert_int_lt(feu, elan);
    wgp_choose(g, "1 artillery success");
    wgp_choose(g, "1 artillery success");
    long shots = wgp_find_event(g, 0, "artillery: 1 success", WG_VIEW_REFEREE);
    ck_assert_int_gt(shots, elan);
    ck_assert_msg(deciding_events(g) && wgp_decider(g) == 1, "%s", wgp_options_dump(g));
    wgp_choose(g, "play CB");
    for (int k = 0; k < 4 && deciding_events(g); k++)
        wgp_choose(g, "no (more) events");
    ck_assert_msg(strstr(wgp_decision(g), "head unit"), "%s", wgp_options_dump(g));
    ck_assert_int_eq(odds_field(g, WG_MR_ODDS_ATTACKER), 0);
    ck_assert_int_eq(odds_field(g, WG_MR_ODDS_ATT_CP + 0), 2); /* Rifles + Feu */
    ck_assert_int_eq(odds_field(g, WG_MR_ODDS_DEF_CP + 0), 1); /* Elan */
    ck_assert_int_eq(odds_field(g, WG_MR_ODDS_ATT_CP + 1), 0); /* the success cancelled */
    ck_assert_int_eq(odds_field(g, WG_MR_ODDS_DEF_CP + 1), 1);
    assert_events_line(g, "Anglo-Allied", WG_VIEW_REFEREE, "0 in the container, held:");
    assert_events_line_lacks(g, "Anglo-Allied", WG_VIEW_REFEREE, "Rifles");
    assert_events_line_lacks(g, "Anglo-Allied", WG_VIEW_REFEREE, "Feu");
    assert_events_line(g, "French", WG_VIEW_REFEREE, "0 in the container, held:");
    assert_events_line_lacks(g, "French", WG_VIEW_REFEREE, "Elan");
    assert_events_line_lacks(g, "French", WG_VIEW_REFEREE, "CB");
    wg_game_free(g);

    /* LM-EVENTS-07: two successes and one Counter Battery: one still counts */
    g = combat_game(ctx, "hand F CB 1\nunit AA art Guns2 mp=5 at=C\n");
    pass_windows(g);
    wgp_choose(g, "2 artillery success");
    pass_windows(g);
    wgp_choose(g, "0 artillery success");
    ck_assert_msg(deciding_events(g) && wgp_decider(g) == 1, "%s", wgp_options_dump(g));
    wgp_choose(g, "play CB");
    pass_windows(g);
    ck_assert_msg(strstr(wgp_decision(g), "head unit"), "%s", wgp_options_dump(g));
    ck_assert_int_eq(odds_field(g, WG_MR_ODDS_ATT_CP + 1), 1);
    wg_game_free(g);

    /* without Counter Battery the Anglo-Allied success counts */
    g = combat_game(ctx, "hand AA Rifles 1\n");
    wgp_choose(g, "play Rifles");
    for (int k = 0; k < 4 && deciding_events(g); k++)
        wgp_choose(g, "no (more) events");
    wgp_choose(g, "1 artillery success");
    wgp_choose(g, "1 artillery success");
    for (int k = 0; k < 4 && deciding_events(g); k++)
        wgp_choose(g, "no (more) events");
    ck_assert_msg(strstr(wgp_decision(g), "head unit"), "%s", wgp_options_dump(g));
    ck_assert_int_eq(odds_field(g, WG_MR_ODDS_ATT_CP + 0), 1);
    ck_assert_int_eq(odds_field(g, WG_MR_ODDS_ATT_CP + 1), 1);
    ck_assert_int_eq(odds_field(g, WG_MR_ODDS_DEF_CP + 0), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Plays the allocation of the Anglo-Allied melee losses: the first option each time. */
static void take_losses(wg_game *g)
{
    for (int k = 0; k < 8 && strstr(wgp_decision(g), "allocate a loss"); k++)
        wgp_choose_index(g, 0);
}

/* LM-EVENTS-06, LM-CDR-01 (§9, §7.1, GAP-50): the French win the melee by 7 (losses AA 2).  With
   Charge Incontrolee played before the losses the first one must go to the British 20th dragoons,
   not to the head unit Tilson; without it, to Tilson.  At the end of the combat Beresford, whose
   stack lost steps, tests 2d6: 11 eliminates him, 10 not; Laborde, whose stack lost none, does not
   test. */
START_TEST(test_charge_incontrolee)
{
    wg_ctx *ctx = new_ctx();
    for (int played = 1; played >= 0; played--) {
        wg_game *g = combat_game(ctx, "hand F \"Charge Incontrolee\" 1\n");
        size_t n0 = wgp_event_count(g);
        static const char *const steps[] = {"0 artillery success", "0 artillery success", "head unit Tilson",
                                            "head unit Heudelet", "roll 1", "roll 6", NULL};
        for (const char *const *st = steps; *st; st++) {
            pass_windows(g);
            ck_assert_msg(!deciding_events(g), "%s", wgp_options_dump(g));
            wgp_choose(g, *st);
        }
        assert_event(g, n0, "French wins by 7");
        assert_event(g, n0, "losses AA 2");
        ck_assert_msg(deciding_events(g) && wgp_decider(g) == 1, "%s", wgp_options_dump(g));
        if (played) {
            wgp_choose(g, "play Charge Incontrolee");
            assert_event(g, n0, "French plays Charge Incontrolee");
        }
        for (int k = 0; k < 4 && deciding_events(g); k++)
            wgp_choose(g, "no (more) events");
        ck_assert_msg(strstr(wgp_decision(g), "allocate a loss"), "%s", wgp_options_dump(g));
        ck_assert_uint_eq(wgp_option_count(g), 1);
        ck_assert_int_ge(wgp_find(g, played ? "loss on 20th dragon" : "loss on Tilson"), 0);
        take_losses(g);
        for (int k = 0; k < 8 && !strstr(wgp_decision(g), "commander elimination"); k++)
            wgp_choose_index(g, 0);
        ck_assert_msg(strstr(wgp_decision(g), "commander elimination"), "%s", wgp_options_dump(g));
        size_t n1 = wgp_event_count(g);
        wgp_choose(g, played ? "roll 11" : "roll 10");
        if (played) {
            assert_event(g, n1, "Beresford elimination test: 2d6 11");
            assert_event(g, n1, "Beresford eliminated");
        } else {
            assert_event(g, n1, "Beresford elimination test: 2d6 10: survives");
            assert_line(g, "C:", "Beresford");
        }
        assert_no_event(g, n0, "Laborde elimination test");
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* ---- the events of the bundled scenarios ---- */

/* The options of the current draw (one per marker) hold `name`. */
static int draw_offers(wg_game *g, const char *name)
{
    char needle[64];
    snprintf(needle, sizeof needle, ": %s", name);
    return wgp_find(g, needle) >= 0;
}

/* LM-EVT-09 (§9): the owners and scenarios of the events §9 describes, as the bundled scenarios
   deal them: in 1808 the Anglo-Allied container holds Burrard and Debarquement (AA), Canicule and
   Contre Batterie (AA and F), not the French Charge Incontrolee nor Argenton (1809); the French one
   holds Charge Incontrolee, Canicule and Contre Batterie, not Burrard nor Debarquement.  In 1809
   the Anglo-Allied player is given Argenton at the start and draws from a container without
   Burrard, Canicule or Debarquement (1808 only); the French container holds Charge Incontrolee and
   Contre Batterie. */
START_TEST(test_bundled_event_owners)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = wgp_new(ctx, "marechaux", "1808", NULL, 1, NULL);
    wgp_choose(g, "dice AA 6, F 1");
    ck_assert_msg(strstr(wgp_decision(g), "Anglo-Allied: event draw"), "%s", wgp_options_dump(g));
    static const char *const aa_yes[] = {"Burrard", "Debarquement", "Canicule", "Contre Batterie", NULL};
    static const char *const aa_no[] = {"Charge Incontrolee", "Argenton", NULL};
    for (const char *const *e = aa_yes; *e; e++)
        ck_assert_msg(draw_offers(g, *e), "%s: %s", *e, wgp_options_dump(g));
    for (const char *const *e = aa_no; *e; e++)
        ck_assert_msg(!draw_offers(g, *e), "%s: %s", *e, wgp_options_dump(g));
    wgp_choose(g, ": Genie");
    wgp_choose(g, "keep");
    ck_assert_msg(strstr(wgp_decision(g), "French: event draw"), "%s", wgp_options_dump(g));
    static const char *const f_yes[] = {"Charge Incontrolee", "Canicule", "Contre Batterie", NULL};
    static const char *const f_no[] = {"Burrard", "Debarquement", "Argenton", NULL};
    for (const char *const *e = f_yes; *e; e++)
        ck_assert_msg(draw_offers(g, *e), "%s: %s", *e, wgp_options_dump(g));
    for (const char *const *e = f_no; *e; e++)
        ck_assert_msg(!draw_offers(g, *e), "%s: %s", *e, wgp_options_dump(g));
    wg_game_free(g);

    g = wgp_new(ctx, "marechaux", "1809", NULL, 1, NULL);
    wgp_choose(g, "historical");
    assert_events_line(g, "Anglo-Allied", WG_VIEW_REFEREE, "Argenton x1");
    ck_assert_msg(strstr(wgp_decision(g), "Anglo-Allied: event draw"), "%s", wgp_options_dump(g));
    static const char *const aa9_no[] = {"Burrard", "Debarquement", "Canicule", "Charge Incontrolee", NULL};
    for (const char *const *e = aa9_no; *e; e++)
        ck_assert_msg(!draw_offers(g, *e), "%s: %s", *e, wgp_options_dump(g));
    ck_assert_msg(draw_offers(g, "Contre Batterie"), "%s", wgp_options_dump(g));
    wgp_choose(g, ": Genie");
    wgp_choose(g, "keep");
    ck_assert_msg(strstr(wgp_decision(g), "French: event draw"), "%s", wgp_options_dump(g));
    ck_assert_msg(draw_offers(g, "Charge Incontrolee"), "%s", wgp_options_dump(g));
    ck_assert_msg(draw_offers(g, "Contre Batterie"), "%s", wgp_options_dump(g));
    ck_assert_msg(!draw_offers(g, "Canicule") && !draw_offers(g, "Argenton"), "%s", wgp_options_dump(g));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---- Argenton ---- */

/* LM-EVENTS-01 (§9, GAP-56): in 1809 the Anglo-Allied player plays Argenton, free, at his
   operation choice, on two zones holding French counters (B and C): the counters there are
   turned over for him (the French read that "a French counter" is turned over), not those of D;
   he still chooses his operation; when that operation ends they are hidden again. */
START_TEST(test_argenton)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = position(ctx, GRAPH,
                          "scenario 1809 12 May 8 2 0 0 AA 11\nunit AA cdr Wellesley sv=2 cic at=A\n"
                          "unit AA inf Hill mp=6 boxes=2,3,3,4 at=A\nunit F cdr Soult sv=2 cic at=D\n"
                          "unit F inf Mermet mp=6 boxes=2,3,3,4 at=C\nunit F cav \"8th dragon\" mp=8 morale=4 at=D\n"
                          "unit F inf Heudelet mp=6 boxes=2,3,3,4 at=B\n"
                          "event Argenton argenton 0 0\nhand AA Argenton 1\n");
    ck_assert_msg(strstr(wgp_decision(g), "Anglo-Allied: choose an operation"), "%s", wgp_options_dump(g));
    ck_assert_int_ge(wgp_find(g, "play Argenton on B and C"), 0);
    ck_assert_int_ge(wgp_find(g, "play Argenton on C and D"), 0);
    ck_assert_msg(wgp_find(g, "play Argenton on A") < 0, "%s", wgp_options_dump(g));
    const char *d = wgp_describe(g, 0);
    ck_assert_msg(!strstr(d, "Heudelet") && !strstr(d, "Mermet"), "%s", d);
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "play Argenton on B and C");
    assert_event(g, n0, "Argenton: the French counters in B and C are turned over");
    ck_assert_int_ge(wgp_find_event(g, n0, "Heudelet (infantry 4/4) in B is turned over", 0), 0);
    ck_assert_int_lt(wgp_find_event(g, n0, "Heudelet", 1), 0);
    ck_assert_int_ge(wgp_find_event(g, n0, "a French counter in B is turned over", 1), 0);
    d = wgp_describe(g, 0);
    ck_assert_msg(strstr(d, "B: [French: Heudelet (infantry 4/4)]") && strstr(d, "C: [French: Mermet (infantry 4/4)]"),
                  "%s", d);
    ck_assert_msg(strstr(d, "D: [French: 2 hidden counters]"), "%s", d);
    assert_events_line_lacks(g, "Anglo-Allied", WG_VIEW_REFEREE, "Argenton");
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_msg(strstr(wgp_decision(g), "Anglo-Allied: choose an operation"), "%s", wgp_options_dump(g));
    ck_assert_int_lt(wgp_find(g, "Argenton"), 0);
    wgp_choose(g, "pass");
    d = wgp_describe(g, 0);
    ck_assert_msg(!strstr(d, "Heudelet") && !strstr(d, "Mermet") && strstr(d, "B: [French: 1 hidden counter]"), "%s",
                  d);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("marechaux_events");
    TCase *tc = tcase_create("events");
    tcase_add_test(tc, test_events_phase);
    tcase_add_test(tc, test_empty_container);
    tcase_add_test(tc, test_tempt_fate);
    tcase_add_test(tc, test_tempt_fate_starred);
    tcase_add_test(tc, test_burrard);
    tcase_add_test(tc, test_canicule);
    tcase_add_test(tc, test_canicule_one_turn);
    tcase_add_test(tc, test_debarquement);
    tcase_add_test(tc, test_combat_events);
    tcase_add_test(tc, test_charge_incontrolee);
    tcase_add_test(tc, test_bundled_event_owners);
    tcase_add_test(tc, test_argenton);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

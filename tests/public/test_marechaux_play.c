/* Les Maréchaux played through the public API: positions from the bundled host documents (edited
   where a test needs another position), decided through wg_game_choose*, read back through event
   texts, rule tags, option labels and wg_game_describe. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgplay.h"

static wg_ctx *new_ctx(void)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    return ctx;
}

/* A game of scenario sc from its bundled map and the given pack text. */
static wg_game *game_from(wg_ctx *ctx, const char *sc, const char *pack)
{
    char path[64];
    snprintf(path, sizeof path, "data/marechaux/%s-map.wgd", sc);
    char *map = wgp_read_source(path, NULL);
    wgp_doc docs[] = {{"map", map}, {"pack", pack}, {NULL, NULL}};
    wg_game *g = wgp_new(ctx, "marechaux", sc, NULL, 1, docs);
    free(map);
    return g;
}

static void assert_event(wg_game *g, size_t from, const char *needle)
{
    ck_assert_msg(wgp_find_event(g, from, needle, WG_VIEW_REFEREE) >= 0, "no event \"%s\" in:\n%s", needle,
                  wgp_events_dump(g, from, WG_VIEW_REFEREE));
}

/* ---- initiative ---- */

/* LM-INIT-01: the initiative message gives the winner's total first, whoever wins. */
START_TEST(test_initiative_winner_total_first)
{
    wg_ctx *ctx = new_ctx();
    const char *rolls[2] = {"dice AA 1, F 6", "dice AA 6, F 1"}; /* AA's die, then the French die */
    const char *want[2] = {"French wins the initiative (", "Anglo-Allied wins the initiative ("};
    for (int k = 0; k < 2; k++) {
        wg_game *g = wgp_new(ctx, "marechaux", "1808", NULL, 1, NULL);
        ck_assert_int_eq(wgp_decider(g), WG_PLAYER_CHANCE);
        size_t n0 = wgp_event_count(g);
        wgp_choose(g, rolls[k]);
        long i = wgp_find_event(g, n0, want[k], WG_VIEW_REFEREE);
        ck_assert_msg(i >= 0, "%s", wgp_events_dump(g, n0, WG_VIEW_REFEREE));
        const char *t = strstr(wgp_event(g, (size_t)i, WG_VIEW_REFEREE), "(");
        int won = 0, lost = 0;
        ck_assert_int_eq(sscanf(t, "(%d against %d)", &won, &lost), 2);
        ck_assert_msg(won > lost, "%s", t);
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* LM-INIT-04, LM-SEQ-01: a pack that gives turn 1's initiative to a side is honoured without a
   set-up placement (1808) as with one (1809): turn 1 begins, the side named wins without a roll,
   and the first decision is the events phase's. */
START_TEST(test_pack_turn1_initiative)
{
    wg_ctx *ctx = new_ctx();
    char *src = wgp_read_source("data/marechaux/1808.wgd", NULL);
    char *pack = wgp_replace(src, "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 8 August 16 6 3 2 F 0");
    wg_game *g = game_from(ctx, "1808", pack);
    assert_event(g, 0, "turn 1 begins");
    assert_event(g, 0, "French wins the initiative");
    ck_assert_int_lt(wgp_find_event(g, 0, "against", WG_VIEW_REFEREE), 0);
    ck_assert_int_lt(wgp_find(g, "dice AA"), 0);
    ck_assert_int_ge(wgp_find(g, "draw event marker"), 0);
    wg_game_free(g);
    free(pack);
    free(src);

    /* the bundled 1808 pack rolls: turn 1 begins, then the dice */
    g = wgp_new(ctx, "marechaux", "1808", NULL, 1, NULL);
    assert_event(g, 0, "turn 1 begins");
    ck_assert_int_ge(wgp_find(g, "dice AA"), 0);
    wg_game_free(g);

    /* 1809 with its free placement and a pack giving turn 1 to the French */
    src = wgp_read_source("data/marechaux/1809.wgd", NULL);
    pack = wgp_replace(src, "scenario 1809 12 May 8 2 3 2 AA 11", "scenario 1809 12 May 8 2 3 2 F 11");
    g = game_from(ctx, "1809", pack);
    ck_assert_int_lt(wgp_find_event(g, 0, "turn 1 begins", WG_VIEW_REFEREE), 0);
    wgp_choose(g, "historical");
    assert_event(g, 0, "turn 1 begins");
    assert_event(g, 0, "French wins the initiative");
    ck_assert_int_lt(wgp_find(g, "dice AA"), 0);
    wg_game_free(g);
    free(pack);
    free(src);
    wg_ctx_free(ctx);
}
END_TEST

/* ---- lone commanders ---- */

/* 1808 with turn 1's initiative to `first` and Loison (chef) alone in Caldas, next to the
   Anglo-Allied army in Obidos; phase B played (both keep Genie): the first operation's decision. */
static wg_game *lone_loison(wg_ctx *ctx, const char *first)
{
    char *src = wgp_read_source("data/marechaux/1808.wgd", NULL);
    char line[64];
    snprintf(line, sizeof line, "scenario 1808 8 August 16 6 3 2 %s 0", first);
    char *p1 = wgp_replace(src, "scenario 1808 8 August 16 6 3 2 roll 0", line);
    char *pack = wgp_replace(p1, "unit F cdr \"Loison (chef)\" sv=1 at=\"Zone B\"", "unit F cdr \"Loison (chef)\" sv=1 at=Caldas");
    wg_game *g = game_from(ctx, "1808", pack);
    free(pack);
    free(p1);
    free(src);
    wgp_choose(g, "Genie");
    wgp_choose(g, "keep");
    wgp_choose(g, "Genie");
    wgp_choose(g, "keep");
    return g;
}

/* LM-CDR-04 (§7.1, PD-23): a commander who walks alone into a zone held by an enemy stack tests
   elimination (2d6, 11-12) and, surviving, escapes to an adjacent zone of his owner's choice; his
   move ends there. */
START_TEST(test_lone_commander_walks_in)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = lone_loison(ctx, "F");
    wgp_choose(g, "move a stack from Caldas");
    wgp_choose(g, "stack formed");
    wgp_choose(g, "roll 6");
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "go to Obidos");
    ck_assert_int_eq(wgp_decider(g), WG_PLAYER_CHANCE);
    ck_assert_int_ge(wgp_find(g, "roll 12"), 0);
    ck_assert_int_lt(wgp_find(g, "fatigue marker"), 0);
    wgp_choose(g, "roll 7");
    assert_event(g, n0, "Loison (chef) elimination test: 2d6 7: survives");
    ck_assert_int_eq(wgp_decider(g), 1);
    ck_assert_int_lt(wgp_find(g, "toward Obidos"), 0);
    wgp_choose(g, "escapes toward Lourinha");
    ck_assert_int_ge(wgp_find_event(g, n0, "Lourinha", WG_VIEW_REFEREE), 0);
    /* the move is over: the Anglo-Allied player chooses his operation, Loison is in Lourinha */
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_int_ge(wgp_find(g, "pass"), 0);
    const char *d = wgp_describe(g, 1);
    const char *at = strstr(d, "Lourinha");
    ck_assert_msg(at && strstr(at, "Loison (chef)"), "%s", d);
    wg_game_free(g);

    /* 11 eliminates him */
    g = lone_loison(ctx, "F");
    wgp_choose(g, "move a stack from Caldas");
    wgp_choose(g, "stack formed");
    wgp_choose(g, "roll 6");
    n0 = wgp_event_count(g);
    wgp_choose(g, "go to Obidos");
    wgp_choose(g, "roll 11");
    assert_event(g, n0, "Loison (chef) elimination test: 2d6 11");
    assert_event(g, n0, "eliminated");
    ck_assert_int_eq(wgp_decider(g), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-CDR-04: the same test when the enemy stack enters the lone commander's zone. */
START_TEST(test_lone_commander_entered)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = lone_loison(ctx, "AA");
    wgp_choose(g, "move a stack from Obidos");
    wgp_choose(g, "stack formed"); /* with Wellesley, the commander in chief: no command test */
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "go to Caldas");
    wgp_choose(g, "roll 8");
    assert_event(g, n0, "Loison (chef) elimination test: 2d6 8: survives");
    ck_assert_int_eq(wgp_decider(g), 1);
    wgp_choose(g, "escapes toward");
    ck_assert_int_eq(wgp_decider(g), WG_PLAYER_CHANCE); /* the Anglo-Allied fatigue draws follow */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---- combat again ---- */

/* A combat-event window opens whenever the side holds an event (LM-FOG-03); one in which no held
   event is playable is passed. */
static void pass_event_windows(wg_game *g)
{
    for (int k = 0; k < 8 && strstr(wgp_decision(g), "play combat events") && wgp_find(g, "play ") < 0; k++)
        wgp_choose(g, "no (more) events");
}

/* The fatigue-return decision opens after every draw (LM-FATIGUE-07/08, LM-FOG-01): keeps the
   markers when the next label is not one of its options. */
static void pass_fatigue_return(wg_game *g, const char *next)
{
    if (strstr(wgp_decision(g), "return a fatigue marker") && wgp_find(g, next) < 0)
        wgp_choose(g, "keep the markers");
}

static void choose_all(wg_game *g, const char *const *labels)
{
    for (; *labels; labels++) {
        pass_fatigue_return(g, *labels);
        if (strncmp(*labels, "play ", 5) != 0 && strcmp(*labels, "no (more) events") != 0)
            pass_event_windows(g);
        wgp_choose(g, *labels);
    }
}

/* LM-SEQ-06, GAP-54: in 1808 with Delaborde and the Chasseurs in Obidos with the Anglo-Allied
   army, AA attacks with part of his units; the CP are equal, so both stacks stay.  The same stacks
   may not fight again (neither side: the units AA left out make no new stack); once a new French
   stack has entered Obidos, AA may attack again. */
START_TEST(test_combat_again_needs_new_stack)
{
    wg_ctx *ctx = new_ctx();
    char *src = wgp_read_source("data/marechaux/1808.wgd", NULL);
    char *p1 = wgp_replace(src, "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 8 August 16 6 3 2 AA 0");
    char *p2 = wgp_replace(p1, "unit F inf Delaborde mp=6 boxes=2,3,3,4 at=\"Zone A\"",
                           "unit F inf Delaborde mp=6 boxes=2,3,3,4 at=Obidos");
    char *pack = wgp_replace(p2, "unit F cav Chasseurs mp=8 morale=4 at=\"Zone A\"",
                             "unit F cav Chasseurs mp=8 morale=4 at=Obidos");
    wg_game *g = game_from(ctx, "1808", pack);
    free(pack);
    free(p2);
    free(p1);
    free(src);
    static const char *const first[] = {"Genie", "keep", "Genie", "keep", "attack in Obidos", "leave out Trant",
                                        "leave out 20th dragon", "leave out Portuguese cavalry",
                                        "leave out Artillery 1", "leave out Artillery 2", "leave out Artillery 3",
                                        "stack formed", "head unit 1st/2nd", "head unit Delaborde",
                                        "roll 1", /* AA CP 8 */
                                        "roll 5", /* French CP 8 */
                                        "loss on 1st/2nd", "loss on Delaborde", "roll 7", NULL};
    /* the code of "attack in Obidos", read at AA's first operation (Genie kept by both first) */
    choose_all(g, (const char *const[]){"Genie", "keep", "Genie", "keep", NULL});
    long ai = wgp_find(g, "attack in Obidos");
    ck_assert_int_ge(ai, 0);
    uint64_t attack = 0;
    ck_assert_int_eq(wg_game_option_action(&attack, g, (size_t)ai), WG_OK);
    choose_all(g, first + 4);
    assert_event(g, 0, "CP difference 0");
    assert_event(g, 0, "combat in Obidos ends");
    /* the French operation: both sides still in Obidos, no new stack: no combat there */
    ck_assert_int_eq(wgp_decider(g), 1);
    ck_assert_int_ge(wgp_find(g, "disengage a stack from Obidos"), 0);
    ck_assert_msg(wgp_find(g, "attack in Obidos") < 0, "%s", wgp_options_dump(g));
    ck_assert_int_eq(wgp_refused(g, attack), WG_EILLEGAL);
    ck_assert_msg(strstr(wg_game_errmsg(g), "LM-SEQ-06") != NULL, "%s", wg_game_errmsg(g));
    /* the Artillerie A enters Obidos from Zone A: a new French stack */
    static const char *const enter[] = {"move a stack from Zone A", "stack formed", "roll 6", "go to Obidos",
                                        "marker 1 of 20", "marker 1 of 19", "Retraite toward Peniche", "stop",
                                        NULL};
    choose_all(g, enter);
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_msg(wgp_find(g, "attack in Obidos") >= 0, "%s", wgp_options_dump(g));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---- axes of retreat ---- */

/* The line of wg_game_describe (referee) for zone z, in buf. */
static const char *zone_line(wg_game *g, const char *z, char *buf, size_t cap)
{
    const char *d = wgp_describe(g, WG_VIEW_REFEREE);
    size_t n = strlen(z);
    for (const char *l = d; *l;) {
        const char *e = strchr(l, '\n');
        size_t len = e ? (size_t)(e - l) : strlen(l);
        if (len > n && strncmp(l, z, n) == 0 && (l[n] == ' ' || l[n] == ':' || l[n] == '(')) {
            snprintf(buf, cap, "%.*s", (int)len, l);
            return buf;
        }
        l += len + (e ? 1 : 0);
    }
    ck_abort_msg("no line for %s in:\n%s", z, d);
    return NULL;
}

/* The position of test_combat_again_needs_new_stack with Loison (chef) alone in Caldas, played to
   the entry of the Artillerie A in Obidos: the Anglo-Allied player places his Retraite marker. */
static wg_game *axis_position(wg_ctx *ctx)
{
    char *src = wgp_read_source("data/marechaux/1808.wgd", NULL);
    char *p1 = wgp_replace(src, "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 8 August 16 6 3 2 AA 0");
    char *p2 = wgp_replace(p1, "unit F inf Delaborde mp=6 boxes=2,3,3,4 at=\"Zone A\"",
                           "unit F inf Delaborde mp=6 boxes=2,3,3,4 at=Obidos");
    char *p3 = wgp_replace(p2, "unit F cav Chasseurs mp=8 morale=4 at=\"Zone A\"",
                           "unit F cav Chasseurs mp=8 morale=4 at=Obidos");
    char *pack = wgp_replace(p3, "unit F cdr \"Loison (chef)\" sv=1 at=\"Zone B\"", "unit F cdr \"Loison (chef)\" sv=1 at=Caldas");
    wg_game *g = game_from(ctx, "1808", pack);
    free(pack);
    free(p3);
    free(p2);
    free(p1);
    free(src);
    static const char *const play[] = {"Genie", "keep", "Genie", "keep", "attack in Obidos", "leave out Trant",
                                       "leave out 20th dragon", "leave out Portuguese cavalry",
                                       "leave out Artillery 1", "leave out Artillery 2", "leave out Artillery 3",
                                       "stack formed", "head unit 1st/2nd", "head unit Delaborde", "roll 1",
                                       "roll 5", "loss on 1st/2nd", "loss on Delaborde", "roll 7",
                                       "move a stack from Zone A", "stack formed", "roll 6", "go to Obidos",
                                       "marker 1 of 20", "marker 1 of 19", NULL};
    choose_all(g, play);
    pass_fatigue_return(g, "Retraite");
    return g;
}

/* LM-RETREATAXIS-04: a zone that holds an enemy commander alone holds an enemy stack: Caldas, where
   Loison (chef) stands alone, is no axis for the Anglo-Allied Retraite marker. */
START_TEST(test_axis_not_toward_lone_commander)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = axis_position(ctx);
    assert_event(g, 0, "French places its Retraite marker in Obidos toward Zone A"); /* LM-RETREATAXIS-02 */
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_msg(wgp_find(g, "Retraite toward Peniche") >= 0, "%s", wgp_options_dump(g));
    ck_assert_msg(wgp_find(g, "Retraite toward Lourinha") >= 0, "%s", wgp_options_dump(g));
    ck_assert_msg(wgp_find(g, "Retraite toward Caldas") < 0, "%s", wgp_options_dump(g));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-RETREATAXIS-07: the Retraite markers of Obidos go as soon as the Anglo-Allied army has left it
   (here by a disengagement, no combat); LM-RETREATAXIS-02: when it comes back, it places its
   marker by the connection it crossed and the French player places his anew. */
START_TEST(test_axis_removed_when_one_side_left)
{
    wg_ctx *ctx = new_ctx();
    char buf[1024];
    wg_game *g = axis_position(ctx);
    wgp_choose(g, "Retraite toward Lourinha");
    wgp_choose(g, "stop");
    ck_assert_msg(strstr(zone_line(g, "Obidos", buf, sizeof buf), "retraite toward Zone A"), "%s", buf);
    ck_assert_msg(strstr(buf, "retraite toward Lourinha"), "%s", buf);
    static const char *const leave[] = {"disengage a stack from Obidos", "stack formed", "keep them secret",
                                        "keep them secret", "roll 1", "fatigue 0", "go to Peniche", "fatigue 0",
                                        "fatigue 0", NULL};
    choose_all(g, leave);
    assert_event(g, 0, "disengagement: die 1");
    ck_assert_msg(!strstr(zone_line(g, "Obidos", buf, sizeof buf), "retraite"), "%s", buf);
    assert_event(g, 0, "the Retraite markers in Obidos are removed");
    size_t n0 = wgp_event_count(g);
    static const char *const back[] = {"go to Obidos", "fatigue 0", "fatigue 0", "fatigue 1", "keep the markers",
                                       NULL};
    choose_all(g, back);
    assert_event(g, n0, "Anglo-Allied places its Retraite marker in Obidos toward Peniche");
    ck_assert_int_eq(wgp_decider(g), 1);
    ck_assert_msg(wgp_find(g, "Retraite toward Zone A") >= 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "Retraite toward Lourinha");
    assert_event(g, n0, "French places its Retraite marker in Obidos toward Lourinha");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---- suite ---- */

static Suite *suite(void)
{
    Suite *s = suite_create("marechaux_play");
    TCase *tc = tcase_create("play");
    tcase_add_test(tc, test_initiative_winner_total_first);
    tcase_add_test(tc, test_pack_turn1_initiative);
    tcase_add_test(tc, test_lone_commander_walks_in);
    tcase_add_test(tc, test_lone_commander_entered);
    tcase_add_test(tc, test_combat_again_needs_new_stack);
    tcase_add_test(tc, test_axis_not_toward_lone_commander);
    tcase_add_test(tc, test_axis_removed_when_one_side_left);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

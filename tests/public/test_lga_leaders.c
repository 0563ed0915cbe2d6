/* La Grande Armée Leaders, stacks in combat and terrain multipliers played through the public API:
   attacks declared on small host positions, read back with wg_lga_attack_odds (the strength
   breakdown the engine resolves the battle with); and the unit values of the bundled scenario charts
   read from the state picture after their set-up. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgplay.h"

#define REF WG_VIEW_REFEREE
#define ALLIED 0
#define FRENCH 1

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

#define MAP_HEAD                                                                                                   \
    "wgdata 1 map\n"                                                                                               \
    "grid hex 8 6 odd-q\n"                                                                                         \
    "terrain clear city fortress mountain pass\n"                                                                  \
    "flag austria prussia saxony passentry linea lineb easta eastb edge-n edge-s edge-e edge-w\n"                 \
    "sideflag river bridge lake\n"

/* Start 0303; Two 0304 (south of Start) whose terrain the test chooses, and optionally the kind of
   the Start-Two hex-side; Hq 0302 (north of Start); West 0204 next to Two; Fsup 0203 next to Start,
   Two and West; Low 0305 next to Two. */
static char *board(const char *two_terrain, const char *start_two_side)
{
    static char buf[2048];
    snprintf(buf, sizeof buf,
             MAP_HEAD "hex 2 2 clear \"name=Start\"\n"
                      "hex 2 3 %s \"name=Two\"\n"
                      "hex 2 1 clear \"name=Hq\"\n"
                      "hex 1 3 clear \"name=West\"\n"
                      "hex 1 2 clear \"name=Fsup\"\n"
                      "hex 2 4 clear \"name=Low\"\n"
                      "hex 7 5 city \"name=Far\"\n"
                      "%s%s%s",
             two_terrain, start_two_side[0] ? "side 2 2 s " : "", start_two_side, start_two_side[0] ? "\n" : "");
    return buf;
}

/* Places the set-up units and ends the Allied Movement Phase; when allied_attacks is 0 also the
   Allied Combat Phase (no attack; the Allied Supply units used for Stacking Supply when
   allied_supply) and Supply Creation Phase. */
static void begin_with(wg_game *g, int allied_attacks, int allied_supply)
{
    while (wgp_find(g, "end the Movement Phase") < 0)
        wgp_choose(g, " on ");
    wgp_choose(g, "end the Movement Phase");
    if (allied_attacks)
        return;
    for (int k = 0; k < 30 && !strstr(wgp_decision(g), "French Player-Turn: Movement Phase"); k++) {
        if (wgp_find(g, "no more attacks") >= 0)
            wgp_choose(g, "no more attacks");
        else if (wgp_find(g, "end the Player-Turn") >= 0)
            wgp_choose(g, "end the Player-Turn");
        else if (allied_supply && wgp_find(g, "use supply Au Sup") >= 0)
            wgp_choose(g, "use supply Au Sup");
        else
            wgp_choose_index(g, 0);
    }
    ck_assert_msg(wgp_find(g, "move Fr") >= 0, "%s", wgp_options_dump(g));
}

static void begin(wg_game *g, int allied_attacks)
{
    begin_with(g, allied_attacks, 0);
}

/* From the phasing player's Movement Phase (French) or the end-of-movement decisions to the
   declaration of attacks. */
static void to_declare(wg_game *g)
{
    if (wgp_find(g, "end the Movement Phase") >= 0)
        wgp_choose(g, "end the Movement Phase");
    for (int k = 0; k < 10 && !strstr(wgp_decision(g), "declare attacks"); k++)
        wgp_choose_index(g, 0);
    ck_assert_msg(strstr(wgp_decision(g), "declare attacks"), "%s", wgp_options_dump(g));
}

/* The odds breakdown of battle b. */
static void odds(wg_game *g, int b, int64_t o[WG_LGA_ODDS_COUNT])
{
    size_t len = 0;
    int rc = wg_lga_attack_odds(o, WG_LGA_ODDS_COUNT, &len, g, b);
    ck_assert_msg(rc == WG_OK, "odds: %s: %s", wg_status_str(rc), wg_game_errmsg(g));
    ck_assert_uint_eq(len, WG_LGA_ODDS_COUNT);
}

static const char *odds_text(wg_game *g, int b)
{
    static char buf[4096];
    size_t len = 0;
    ck_assert_int_eq(wg_lga_attack_odds_text(buf, sizeof buf, &len, g, b), WG_OK);
    return buf;
}

static uint64_t step_now(wg_game *g)
{
    uint64_t s = 0;
    ck_assert_int_eq(wg_game_step_count(&s, g), WG_OK);
    return s;
}

/* Leaves the attacking-units decision, declares no more attacks and, at the attacker supply
   decision, allocates the Supply unit whose label contains `supply` (NULL: none). */
static void close_declarations(wg_game *g, const char *supply)
{
    for (int k = 0; k < 10 && !strstr(wgp_decision(g), "allocate attacker supply"); k++) {
        if (wgp_find(g, "no more attacks") >= 0)
            wgp_choose(g, "no more attacks");
        else
            wgp_choose(g, "done");
    }
    ck_assert_msg(strstr(wgp_decision(g), "allocate attacker supply"), "%s", wgp_options_dump(g));
    if (supply)
        wgp_choose(g, supply);
}

/* LGA-LEADER-01, LGA-LEADER-09, LGA-LEADER-03, LGA-LEADER-02, LGA-LEADER-05 (Leaders General Rule,
   A, B, C; Combat G): a French 5-4 with Napoleon (25/25) and Davout (2/3) attacks an Austrian 4-3 with
   Mack (4/7) on the Mountain hex Two.
   - The Offensive Bonus "may be added": Napoleon may be left out of the attack; with Combat Supply the
     attack is then 5 + 2 (Davout) = 7; with both Leaders 5 + 5 (27 capped at the strength 5) = 10.
   - The Defensive Bonus is added, after supply and before terrain: unsupplied, the 4-3 counts 2, Mack
     adds 2 (7 capped), and (2 + 2) x 2 = 8; with the Austrian Supply unit on Low allocated, 4 + 4 = 8,
     x 2 = 16.  Mack's own (1) is never counted beside a Combat unit. */
START_TEST(test_leader_bonuses)
{
    wg_game *g = wgp_lga_position(CTX, board("mountain", ""), 2, "",
                                  "group a1 allied setup at=Two one-hex\n"
                                  "unit austrian infantry corps 4-3 x1\n"
                                  "leader austrian Z \"Mack\" 4/7 (1)-8\n"
                                  "group a2 allied setup at=Low one-hex\n"
                                  "unit austrian supply - 0-3 x1\n"
                                  "group f1 french setup at=Start one-hex\n"
                                  "unit french infantry corps 5-4 x1\n"
                                  "leader french A \"Napoleon\" 25/25 (1)-8\n"
                                  "leader french B \"Davout\" 2/3 (1)-8\n"
                                  "group f2 french setup at=Hq one-hex\n"
                                  "unit french supply - 0-4 x1\n");
    begin(g, 0);
    to_declare(g);
    wgp_choose(g, "attack from 0303 Start on 0304 Two");
    ck_assert_msg(wgp_find(g, "leave Fr Napoleon (A 25/25) out of the attack") >= 0, "%s", wgp_options_dump(g));
    uint64_t s0 = step_now(g);
    int64_t o[WG_LGA_ODDS_COUNT];
    /* Napoleon left out */
    wgp_choose(g, "leave Fr Napoleon (A 25/25) out of the attack");
    close_declarations(g, "use supply Fr Sup 0-4");
    odds(g, 0, o);
    ck_assert_int_eq(o[WG_LGA_ODDS_ATT_BASE], 5);
    ck_assert_int_eq(o[WG_LGA_ODDS_ATT_LEADERS], 2);
    ck_assert_int_eq(o[WG_LGA_ODDS_ATT_TOTAL], 7);
    ck_assert_int_eq(wg_game_undo_to(g, s0), WG_OK);
    /* both Leaders */
    close_declarations(g, "use supply Fr Sup 0-4");
    odds(g, 0, o);
    ck_assert_msg(o[WG_LGA_ODDS_ATT_BASE] == 5 && o[WG_LGA_ODDS_ATT_LEADERS] == 5 && o[WG_LGA_ODDS_ATT_TOTAL] == 10,
                  "%s", odds_text(g, 0));
    ck_assert_int_eq(o[WG_LGA_ODDS_DEF_BASE], 2);
    ck_assert_int_eq(o[WG_LGA_ODDS_DEF_LEADERS], 2);
    ck_assert_int_eq(o[WG_LGA_ODDS_DEF_MULT], 2);
    ck_assert_int_eq(o[WG_LGA_ODDS_DEF_TOTAL], 8);
    /* the defender's supply segment: the Austrian Supply unit; no way to leave Mack out */
    for (int k = 0; k < 10 && !strstr(wgp_decision(g), "allocate defender supply"); k++)
        wgp_choose_index(g, 0);
    ck_assert_msg(strstr(wgp_decision(g), "allocate defender supply"), "%s", wgp_options_dump(g));
    ck_assert_int_eq(wgp_decider(g), ALLIED);
    ck_assert_int_lt(wgp_find(g, "out of"), 0);
    wgp_choose(g, "use supply Au Sup 0-3");
    odds(g, 0, o);
    ck_assert_msg(o[WG_LGA_ODDS_DEF_BASE] == 4 && o[WG_LGA_ODDS_DEF_LEADERS] == 4 && o[WG_LGA_ODDS_DEF_TOTAL] == 16,
                  "%s", odds_text(g, 0));
    ck_assert_int_eq(o[WG_LGA_ODDS_PERCENT], 62); /* 10 / 16 */
    wg_game_free(g);
}
END_TEST

/* LGA-LEADER-04 (Leaders B, the printed example): Napoleon (Defensive Bonus 25) and a French 18-2
   without Combat Supply defend the Mountain Pass hex Two against an Austrian 18-2 in the Allied
   Combat Phase: the 18-2 counts 9, Napoleon's bonus is capped at 9, (9 + 9) x 2 = 36. */
START_TEST(test_napoleon_example)
{
    wg_game *g = wgp_lga_position(CTX, board("pass", ""), 2, "",
                                  "group a1 allied setup at=Start one-hex\n"
                                  "unit austrian infantry army 18-2 x1\n"
                                  "group f1 french setup at=Two one-hex\n"
                                  "unit french infantry army 18-2 x1\n"
                                  "leader french A \"Napoleon\" 25/25 (1)-8\n");
    begin(g, 1);
    to_declare(g);
    wgp_choose(g, "attack from 0303 Start on 0304 Two");
    for (int k = 0; k < 20 && !strstr(wgp_decision(g), "choose the next battle"); k++) {
        if (wgp_find(g, "no more attacks") >= 0)
            wgp_choose(g, "no more attacks");
        else
            wgp_choose_index(g, 0); /* done: no supply, no retreat, no defender supply */
    }
    ck_assert_msg(strstr(wgp_decision(g), "choose the next battle"), "%s", wgp_options_dump(g));
    int64_t o[WG_LGA_ODDS_COUNT];
    odds(g, 0, o);
    ck_assert_msg(o[WG_LGA_ODDS_DEF_BASE] == 9 && o[WG_LGA_ODDS_DEF_LEADERS] == 9 && o[WG_LGA_ODDS_DEF_MULT] == 2 &&
                      o[WG_LGA_ODDS_DEF_TOTAL] == 36,
                  "%s", odds_text(g, 0));
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "resolve the attack on 0304 Two");
    ck_assert_msg(wgp_find_event(g, ev, "9 against 36", REF) >= 0, "%s", wgp_events_dump(g, ev, REF));
    wg_game_free(g);
}
END_TEST

/* LGA-LEADER-05, LGA-UNIT-08 (Leaders C; Combat H): a Leader may not attack alone: Napoleon alone on
   West, next to Two, has no attack of his own; Mack alone on Two defends with the (1) of his record,
   and the bonus added to it never exceeds that strength (LGA-LEADER-03). */
START_TEST(test_leaders_alone)
{
    wg_game *g = wgp_lga_position(CTX, board("clear", ""), 2, "",
                                  "group a1 allied setup at=Two one-hex\n"
                                  "leader austrian Z \"Mack\" 4/7 (1)-8\n"
                                  "group a2 allied setup at=Far one-hex\n"
                                  "unit austrian infantry corps 4-3 x1\n"
                                  "group f1 french setup at=Start one-hex\n"
                                  "unit french infantry corps 5-4 x1\n"
                                  "group f2 french setup at=West one-hex\n"
                                  "leader french A \"Napoleon\" 25/25 (1)-8\n");
    begin(g, 0);
    ck_assert(strstr(wgp_describe(g, REF), "Fr Napoleon (A 25/25) at 0204 West"));
    to_declare(g);
    ck_assert_int_lt(wgp_find(g, "attack from 0204 West"), 0);
    wgp_choose(g, "attack from 0303 Start on 0304 Two");
    close_declarations(g, NULL);
    int64_t o[WG_LGA_ODDS_COUNT];
    odds(g, 0, o);
    ck_assert_msg(o[WG_LGA_ODDS_DEF_BASE] == 1, "%s", odds_text(g, 0));
    ck_assert_msg(o[WG_LGA_ODDS_DEF_LEADERS] <= 1, "%s", odds_text(g, 0));
    ck_assert_int_eq(o[WG_LGA_ODDS_DEF_TOTAL], o[WG_LGA_ODDS_DEF_BASE] + o[WG_LGA_ODDS_DEF_LEADERS]);
    wg_game_free(g);
}
END_TEST

/* LGA-LEADER-06 (Disruption A): Davout (2/3) force-marches on the table from Hq to 0301, rolls a d
   (raw 6, modified 5), goes on to Start and is disrupted at the end of his move; the supplied 5-4 on Start then attacks
   Two with no Leadership Bonus (5 + 0), where an undisrupted Davout adds 2. */
START_TEST(test_disrupted_leader_gives_no_bonus)
{
    for (int disrupted = 0; disrupted < 2; disrupted++) {
        wg_game *g = wgp_lga_position(CTX, board("clear", ""), 2, "",
                                      "group a1 allied setup at=Two one-hex\n"
                                      "unit austrian infantry corps 4-3 x1\n"
                                      "group f1 french setup at=Start one-hex\n"
                                      "unit french infantry corps 5-4 x1\n"
                                      "group f2 french setup at=Hq one-hex\n"
                                      "leader french B \"Davout\" 2/3 (1)-8\n"
                                      "group f3 french setup at=Fsup one-hex\n"
                                      "unit french supply - 0-4 x1\n");
        begin(g, 0);
        wgp_choose(g, "move Fr Davout");
        if (disrupted) {
            wgp_choose(g, "double forced march (roll on the table)");
            wgp_choose(g, "-> 0301"); /* the first 8 MP end on 0301, out of any ZOC */
            wgp_choose(g, "die roll 6");
            wgp_choose(g, "-> 0303 Start");
            ck_assert_msg(strstr(wgp_describe(g, REF), "Fr Davout (B 2/3) at 0303 Start") ||
                              strstr(wgp_describe(g, REF), "Davout (B 2/3) [disrupted] at 0303"),
                          "%s", wgp_describe(g, REF));
            ck_assert_msg(wgp_find_event(g, 0, "Fr Davout (B 2/3) is disrupted", REF) >= 0, "%s",
                          wgp_events_dump(g, 0, REF));
        } else {
            wgp_choose(g, "no forced march");
            wgp_choose(g, "-> 0303 Start");
        }
        to_declare(g);
        wgp_choose(g, "attack from 0303 Start on 0304 Two");
        close_declarations(g, "use supply Fr Sup 0-4");
        int64_t o[WG_LGA_ODDS_COUNT];
        odds(g, 0, o);
        ck_assert_int_eq(o[WG_LGA_ODDS_ATT_BASE], 5);
        ck_assert_msg(o[WG_LGA_ODDS_ATT_LEADERS] == (disrupted ? 0 : 2), "%s", odds_text(g, 0));
        wg_game_free(g);
    }
}
END_TEST

/* LGA-LEADER-08, LGA-TEC-03 (Fortress E; TEC): the Austrian 4-3 in the Fortress Two is attacked by a
   combined attack from Start (a 2-5 with Napoleon) and West (a 5-4), supplied by the Supply unit on
   Fsup: the strengths are added first (7), then Napoleon's bonus within that total (7 of 25): 14;
   capped on Start's 2 alone it would be 9.  The defender is tripled. */
START_TEST(test_fortress_combined_attack)
{
    wg_game *g = wgp_lga_position(CTX, board("fortress", ""), 2, "",
                                  "group a1 allied setup at=Two one-hex\n"
                                  "unit austrian infantry corps 4-3 x1\n"
                                  "group f1 french setup at=Start one-hex\n"
                                  "unit french infantry division 2-5 x1\n"
                                  "leader french A \"Napoleon\" 25/25 (1)-8\n"
                                  "group f2 french setup at=West one-hex\n"
                                  "unit french infantry corps 5-4 x1\n"
                                  "group f3 french setup at=Fsup one-hex\n"
                                  "unit french supply - 0-4 x1\n");
    begin(g, 0);
    to_declare(g);
    wgp_choose(g, "combined attack on the Fortress 0304 Two");
    close_declarations(g, "use supply Fr Sup 0-4");
    int64_t o[WG_LGA_ODDS_COUNT];
    odds(g, 0, o);
    ck_assert_msg(o[WG_LGA_ODDS_ATT_BASE] == 7 && o[WG_LGA_ODDS_ATT_LEADERS] == 7 && o[WG_LGA_ODDS_ATT_TOTAL] == 14,
                  "%s", odds_text(g, 0));
    ck_assert_int_eq(o[WG_LGA_ODDS_DEF_MULT], 3);
    ck_assert_int_eq(o[WG_LGA_ODDS_DEF_TOTAL], (o[WG_LGA_ODDS_DEF_BASE] + o[WG_LGA_ODDS_DEF_LEADERS]) * 3);
    wg_game_free(g);
}
END_TEST

/* LGA-TEC-12, LGA-TEC-10 (TEC Notes; Addendum: TEC General): an Austrian 4-3 (unsupplied: 2) on the
   Mountain hex Two attacked across the unbridged River hex-side Start-Two is doubled, not
   quadrupled: 4.  A supplied 5-4 attacks at 125%, below 160%: every face is Ae; a supplied 18-2 at
   450%: no forced result. */
START_TEST(test_mountain_behind_a_river)
{
    const char *attacker[2] = {"unit french infantry corps 5-4 x1\n", "unit french infantry army 18-2 x1\n"};
    for (int i = 0; i < 2; i++) {
        char body[512];
        snprintf(body, sizeof body,
                 "group a1 allied setup at=Two one-hex\n"
                 "unit austrian infantry corps 4-3 x1\n"
                 "group f1 french setup at=Start one-hex\n"
                 "%s"
                 "group f2 french setup at=Hq one-hex\n"
                 "unit french supply - 0-4 x1\n",
                 attacker[i]);
        wg_game *g = wgp_lga_position(CTX, board("mountain", "river"), 2, "", body);
        begin(g, 0);
        to_declare(g);
        wgp_choose(g, "attack from 0303 Start on 0304 Two");
        close_declarations(g, "use supply Fr Sup 0-4");
        int64_t o[WG_LGA_ODDS_COUNT];
        odds(g, 0, o);
        ck_assert_int_eq(o[WG_LGA_ODDS_DEF_MULT], 2);
        ck_assert_int_eq(o[WG_LGA_ODDS_DEF_TOTAL], 4);
        if (i == 0) {
            ck_assert_int_eq(o[WG_LGA_ODDS_PERCENT], 125);
            ck_assert_msg(o[WG_LGA_ODDS_FORCED] == WG_LGA_R_AE, "%s", odds_text(g, 0));
            for (int f = 0; f < 6; f++)
                ck_assert_int_eq(o[WG_LGA_ODDS_FACES + 3 * f], WG_LGA_R_AE);
        } else {
            ck_assert_int_eq(o[WG_LGA_ODDS_PERCENT], 450);
            ck_assert_msg(o[WG_LGA_ODDS_FORCED] == 0, "%s", odds_text(g, 0));
        }
        wg_game_free(g);
    }
}
END_TEST

/* LGA-STACK-08, LGA-ZOC-11 (Movement P; Combat B, C; ZOC F): the Austrian 4-3 and 1-6 stacked on Two
   defend together (2 + 1 unsupplied); the French stack on Start splits: the 5-4 attacks Two, the 2-5
   attacks the Austrian 1-6 on Hq.  The Austrian Cavalry on Hq controls Start totally, which changes
   nothing in the attack on Two: its breakdown is the same as in a position without the unit on Hq. */
START_TEST(test_stacks_in_combat)
{
    int64_t with_hq[WG_LGA_ODDS_COUNT], alone[WG_LGA_ODDS_COUNT];
    for (int i = 0; i < 2; i++) {
        char body[768];
        snprintf(body, sizeof body,
                 "group a1 allied setup at=Two one-hex\n"
                 "unit austrian infantry corps 4-3 x1\n"
                 "unit austrian cavalry division 1-6 x1\n"
                 "group a3 allied setup at=Low one-hex\n"
                 "unit austrian supply - 0-3 x1\n"
                 "%s"
                 "group f1 french setup at=Start one-hex\n"
                 "unit french infantry corps 5-4 x1\n"
                 "unit french infantry division 2-5 x1\n"
                 "group f2 french setup at=Fsup one-hex\n"
                 "unit french supply - 0-4 x1\n",
                 i == 0 ? "group a2 allied setup at=Hq one-hex\nunit austrian cavalry division 1-6 x1\n" : "");
        wg_game *g = wgp_lga_position(CTX, board("clear", ""), 2, "", body);
        begin_with(g, 0, 1); /* the Allied stack keeps its Stacking Supply in its own Player-Turn */
        ck_assert_msg(wgp_find_event(g, 0, "is eliminated", REF) < 0, "%s", wgp_events_dump(g, 0, REF));
        to_declare(g);
        wgp_choose(g, "attack from 0303 Start on 0304 Two");
        if (i == 0) {
            wgp_choose(g, "leave Fr Inf 2-5");
            wgp_choose(g, "done");
            wgp_choose(g, "attack from 0303 Start on 0302 Hq");
            ck_assert_int_lt(wgp_find(g, "leave Fr Inf 5-4"), 0); /* the 5-4 is in the first attack */
        } else {
            wgp_choose(g, "leave Fr Inf 2-5");
        }
        close_declarations(g, "use supply Fr Sup 0-4");
        int64_t *o = i == 0 ? with_hq : alone;
        odds(g, 0, o);
        ck_assert_int_eq(o[WG_LGA_ODDS_ATT_BASE], 5);
        ck_assert_int_eq(o[WG_LGA_ODDS_DEF_BASE], 3);
        if (i == 0) {
            int64_t b[WG_LGA_ODDS_COUNT];
            odds(g, 1, b);
            ck_assert_int_eq(b[WG_LGA_ODDS_ATT_BASE], 2);
        }
        wg_game_free(g);
    }
    for (int k = 0; k < WG_LGA_ODDS_COUNT; k++)
        ck_assert_int_eq(with_hq[k], alone[k]);
}
END_TEST

/* LGA-LEADER-07 (Combat E, L, Q): Mack alone on Two next to a supplied French 18-2: a Leader can never
   be Automatically Eliminated (no such option in the French Movement Phase, at any odds), and he may
   Retreat Before Combat whatever the odds of the attack (18 against 1). */
START_TEST(test_leader_never_autoeliminated)
{
    wg_game *g = wgp_lga_position(CTX, board("clear", ""), 2, "",
                                  "group a1 allied setup at=Two one-hex\n"
                                  "leader austrian Z \"Mack\" 4/7 (1)-8\n"
                                  "group a2 allied setup at=Far one-hex\n"
                                  "unit austrian infantry corps 4-3 x1\n"
                                  "group f1 french setup at=Start one-hex\n"
                                  "unit french infantry army 18-2 x1\n"
                                  "group f2 french setup at=Hq one-hex\n"
                                  "unit french supply - 0-4 x1\n");
    begin(g, 0);
    ck_assert_msg(wgp_find(g, "automatic elimination") < 0, "%s", wgp_options_dump(g));
    to_declare(g);
    wgp_choose(g, "attack from 0303 Start on 0304 Two");
    close_declarations(g, "use supply Fr Sup 0-4");
    int64_t o[WG_LGA_ODDS_COUNT];
    odds(g, 0, o);
    ck_assert_int_ge(o[WG_LGA_ODDS_PERCENT] < 0 ? 1000 : o[WG_LGA_ODDS_PERCENT], 500);
    for (int k = 0; k < 10 && !strstr(wgp_decision(g), "Retreat Before Combat"); k++)
        wgp_choose_index(g, 0);
    ck_assert_int_eq(wgp_decider(g), ALLIED);
    ck_assert_msg(wgp_find(g, "retreat before combat Au Mack (Z 4/7)") >= 0, "%s", wgp_options_dump(g));
    wg_game_free(g);
}
END_TEST

/* LGA-LEADER-10 (Addendum: Scenario Sheet): Bennigsen, who arrives with the Russians of Game-Turn 6 in
   1806, is 3/3: the bundled game is played by the bot until his arrival is offered or recorded. */
START_TEST(test_bennigsen_values)
{
    wg_game *g = NULL;
    ck_assert_int_eq(wg_game_new(&g, CTX, "lga", "1806", "crt=completion", 7), WG_OK);
    int seen = 0, over = 0;
    for (int k = 0; k < 200000 && !seen && !over; k++) {
        size_t n = wgp_option_count(g);
        for (size_t i = 0; i < n && !seen; i++)
            seen = strstr(wgp_label(g, i), "Bennigsen") != NULL;
        if (!seen)
            seen = strstr(wgp_describe(g, REF), "Bennigsen") != NULL;
        if (seen)
            break;
        ck_assert_int_eq(wg_game_bot_step(NULL, g), WG_OK);
        ck_assert_int_eq(wg_game_is_over(&over, g), WG_OK);
    }
    ck_assert_msg(seen, "Bennigsen never arrived\n%s", wgp_describe(g, REF));
    const char *pic = wgp_describe(g, REF);
    int in_pic = strstr(pic, "Ru Bennigsen (K 3/3)") != NULL;
    int in_opt = wgp_find(g, "Ru Bennigsen (K 3/3)") >= 0;
    ck_assert_msg(in_pic || in_opt, "%s\n%s", pic, wgp_options_dump(g));
    ck_assert(!strstr(pic, "Bennigsen (K 1/3)"));
    wg_game_free(g);
}
END_TEST

/* ---- the bundled scenario charts ---- */

/* The set-up of a bundled scenario placed automatically by both players; returns the state picture. */
static char *bundled_setup(const char *scenario)
{
    wg_game *g = NULL;
    ck_assert_int_eq(wg_game_new(&g, CTX, "lga", scenario, NULL, 1), WG_OK);
    for (int k = 0; k < 4 && wgp_find(g, "place the rest of the set-up automatically") >= 0; k++)
        wgp_choose(g, "place the rest of the set-up automatically");
    const char *pic = wgp_describe(g, REF);
    char *d = malloc(strlen(pic) + 1);
    ck_assert_ptr_nonnull(d);
    strcpy(d, pic);
    int n = 0;
    ck_assert_int_eq(wg_game_player_count(&n, g), WG_OK);
    ck_assert_int_eq(n, 2);
    const char *name = NULL;
    ck_assert_int_eq(wg_game_player_name(&name, g, ALLIED), WG_OK);
    ck_assert_str_eq(name, "Allied");
    ck_assert_int_eq(wg_game_player_name(&name, g, FRENCH), WG_OK);
    ck_assert_str_eq(name, "French");
    wg_game_free(g);
    return d;
}

/* Every unit line of the picture ("  Au Inf 4-3 #13 at ...") carries one of the values listed for
   its nationality (a space-separated list of "Type S-M" words joined by '_'), leaders excepted;
   counts the units of each nationality prefix. */
static void check_values(const char *pic, const char *scen, const char *const nat[5], const char *const ok[5],
                         int count[5])
{
    const char *line = pic;
    while ((line = strstr(line, "\n  ")) != NULL) {
        line += 3;
        char type[8] = "", val[16] = "", na[8] = "";
        if (sscanf(line, "%7s %7s %15s", na, type, val) != 3)
            continue;
        if (strcmp(type, "Inf") && strcmp(type, "Cav") && strcmp(type, "Sup") && strcmp(type, "Dep"))
            continue; /* a Leader: "Au Mack (Z 4/7)" */
        int i = 0;
        while (i < 5 && strcmp(nat[i], na) != 0)
            i++;
        ck_assert_msg(i < 5, "%s: unknown nationality in \"%.40s\"", scen, line);
        char want[32];
        snprintf(want, sizeof want, " %s_%s ", type, val);
        ck_assert_msg(strstr(ok[i], want), "%s: \"%.40s\" is not a printed value (%s)", scen, line, ok[i]);
        count[i]++;
    }
}

/* LGA-UNIT-10, LGA-UNIT-09, LGA-UNIT-03, LGA-LEADER-10 (Combine/Breakdown Chart; Addendum; scenario
   charts; Combat H, N): two players, Allied and French; every unit the 1805, 1806 and 1809 charts set
   up carries its nationality's printed values (Supply "0-x", Depots "(1)-x"); the Allied nationalities
   Austrian and Russian (1805), Prussian, Saxon and Russian (1806), Austrian (1809) appear; Mack is
   "Z" and Bennigsen 3/3 (Addendum: Scenario Sheet). */
START_TEST(test_bundled_unit_values)
{
    static const char *const nat[5] = {"Fr", "Au", "Pr", "Sx", "Ru"};
    static const char *const fr = " Inf_2-5 Inf_5-4 Inf_18-2 Cav_1-8 Cav_3-7 Sup_0-4 Dep_(1)-2 ";
    static const char *const pr = " Inf_3-3 Inf_18-2 Cav_1-8 Sup_0-2 Dep_(1)-0 ";
    static const char *const sx = " Inf_3-3 ";
    static const char *const ru = " Inf_4-4 Inf_10-2 Cav_1-8 Sup_0-3 Dep_(1)-2 ";
    const char *ok1805[5] = {fr, " Inf_1-5 Inf_4-3 Inf_18-2 Cav_1-6 Sup_0-3 Dep_(1)-2 ", pr, sx, ru};
    const char *ok1809[5] = {fr, " Inf_2-5 Inf_5-4 Inf_18-2 Cav_1-6 Sup_0-3 Dep_(1)-2 ", pr, sx, ru};
    int c5[5] = {0}, c6[5] = {0}, c9[5] = {0};
    char *p5 = bundled_setup("1805"), *p6 = bundled_setup("1806"), *p9 = bundled_setup("1809");
    check_values(p5, "1805", nat, ok1805, c5);
    check_values(p6, "1806", nat, ok1805, c6);
    check_values(p9, "1809", nat, ok1809, c9);
    ck_assert_msg(c5[0] > 0 && c5[1] > 0, "1805 set-up\n%s", p5);
    ck_assert_msg(c6[0] > 0 && c6[2] > 0, "1806 set-up\n%s", p6);
    ck_assert_msg(c9[0] > 0 && c9[1] > 0, "1809 set-up\n%s", p9);
    ck_assert_msg(strstr(p5, "Au Mack (Z ") != NULL, "%s", p5);
    ck_assert_msg(strstr(p5, "(M ") == NULL, "%s", p5);
    free(p5);
    free(p6);
    free(p9);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("lga_leaders");
    TCase *t = tcase_create("leaders");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_leader_bonuses);
    tcase_add_test(t, test_napoleon_example);
    tcase_add_test(t, test_leaders_alone);
    tcase_add_test(t, test_disrupted_leader_gives_no_bonus);
    tcase_add_test(t, test_fortress_combined_attack);
    tcase_add_test(t, test_leader_never_autoeliminated);
    suite_add_tcase(s, t);
    t = tcase_create("combat");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_mountain_behind_a_river);
    tcase_add_test(t, test_stacks_in_combat);
    suite_add_tcase(s, t);
    t = tcase_create("data");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_bundled_unit_values);
    tcase_add_test(t, test_bennigsen_values);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

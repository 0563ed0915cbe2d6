/* Les Maréchaux: the rulebook's "Example of Movement and Combat" (§Ex) played through the public API
   with its printed dice and draws.  The position is one host pack document holding its own zone
   graph (the example's zones: Zone F -> Zone B -> Zone A -> Lamego -> Regua, four 1-MP connections,
   the last a bridge over the Douro; Regua connects to Amarante and Vila Real; the defensive value 0
   of the clear Regua) and the example's units with the values the example reveals (Beresford SV 1;
   Tilson 2 steps, morale 4 then 3; Silveira and Lopes de Sousa 3 steps, morale 3 then 2; Heudelet 4
   steps, morale 4; one-step cavalry), no events and no decoys. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgplay.h"

static const char *const pack_doc =
    "wgdata 1 marechaux\n"
    "scenario 1809 12 May 8 2 0 0 AA 11\n"
    "zone \"Zone F\" clear 0 south\n"
    "zone \"Zone B\" town 1 south loc-aa\n"
    "zone \"Zone A\" town 1 south loc-aa\n"
    "zone Lamego town 1 south\n"
    "zone Regua clear 0\n"
    "zone Amarante town 1\n"
    "zone \"Vila Real\" town 1\n"
    "zone Oporto town 1 objective\n"
    "zone Espagne clear 0 offmap loc-f\n"
    "conn \"Zone F\" \"Zone B\" road 1\n"
    "conn \"Zone B\" \"Zone A\" road 1\n"
    "conn \"Zone A\" Lamego road 1\n"
    "conn Lamego Regua road 1 bridge\n"
    "conn Regua Amarante road 1\n"
    "conn Regua \"Vila Real\" road 1\n"
    "conn Amarante Oporto road 1\n"
    "conn Amarante Espagne exit 1\n"
    "fatigue 0 6\n"
    "fatigue 1 8\n"
    "fatigue 2 4\n"
    "fatigue 3 2\n"
    "unit AA cdr Wellesley sv=2 cic at=\"Zone B\"\n"
    "unit AA cdr Beresford sv=1 at=\"Zone F\"\n"
    "unit AA inf Tilson mp=6 boxes=3,4 at=\"Zone F\"\n"
    "unit AA inf Silveira mp=6 boxes=2,2,3 at=\"Zone F\"\n"
    "unit AA inf \"Lopes de Sousa\" mp=6 boxes=2,2,3 at=\"Zone F\"\n"
    "unit AA cav \"Portuguese cavalry\" mp=8 morale=4 at=\"Zone F\"\n"
    "unit AA art \"Portuguese artillery\" mp=5 at=\"Zone F\"\n"
    "unit F cdr Soult sv=2 cic at=Oporto\n"
    "unit F inf Heudelet mp=6 boxes=2,3,3,4 at=Regua\n"
    "unit F cav \"17th/18th dragon\" mp=8 morale=4 at=Regua\n";

static wg_game *example_game(wg_ctx **ctx)
{
    ck_assert_int_eq(wg_ctx_new(ctx, NULL, NULL), WG_OK);
    wgp_doc docs[] = {{"pack", pack_doc}, {NULL, NULL}};
    return wgp_new(*ctx, "marechaux", "1809", NULL, 1, docs);
}

static void assert_event(wg_game *g, size_t from, const char *needle)
{
    ck_assert_msg(wgp_find_event(g, from, needle, WG_VIEW_REFEREE) >= 0, "no event \"%s\" in:\n%s", needle,
                  wgp_events_dump(g, from, WG_VIEW_REFEREE));
}

static void assert_no_event(wg_game *g, size_t from, const char *needle)
{
    ck_assert_msg(wgp_find_event(g, from, needle, WG_VIEW_REFEREE) < 0, "unexpected event \"%s\" in:\n%s", needle,
                  wgp_events_dump(g, from, WG_VIEW_REFEREE));
}

/* Number of events from `from` on whose referee text contains needle. */
static int count_events(wg_game *g, size_t from, const char *needle)
{
    int k = 0;
    for (long i = wgp_find_event(g, from, needle, WG_VIEW_REFEREE); i >= 0;
         i = wgp_find_event(g, (size_t)i + 1, needle, WG_VIEW_REFEREE))
        k++;
    return k;
}

/* The line of wg_game_describe (referee) for zone z, in buf ("" when the zone holds nothing). */
static const char *zone_line(wg_game *g, const char *z, char *buf, size_t cap)
{
    const char *d = wgp_describe(g, WG_VIEW_REFEREE);
    size_t n = strlen(z);
    buf[0] = '\0';
    for (const char *l = d; *l;) {
        const char *e = strchr(l, '\n');
        size_t len = e ? (size_t)(e - l) : strlen(l);
        if (len > n && strncmp(l, z, n) == 0 && l[n] == ':') {
            snprintf(buf, cap, "%.*s", (int)len, l);
            break;
        }
        l += len + (e ? 1 : 0);
    }
    return buf;
}

/* The strength steps of `side` ("Anglo-Allied" or "French") in zone z as wg_game_describe shows them
   to the referee: infantry "N/M" counts N, each cavalry and artillery counter 1. */
static int zone_steps(wg_game *g, const char *z, const char *side)
{
    char buf[2048], key[64];
    zone_line(g, z, buf, sizeof buf);
    snprintf(key, sizeof key, "[%s:", side);
    const char *p = strstr(buf, key);
    if (!p)
        return 0;
    const char *end = strchr(p, ']');
    int steps = 0;
    for (const char *q = p; q && q < end; q++) {
        int a = 0, b = 0;
        if (strncmp(q, "(infantry ", 10) == 0 && sscanf(q + 10, "%d/%d", &a, &b) == 2)
            steps += a;
        else if (strncmp(q, "(cavalry", 8) == 0 || strncmp(q, "(artillery", 10) == 0)
            steps++;
    }
    return steps;
}

/* The description of counter `name` in the referee's wg_game_describe: the text between the
   parentheses after its name (in buf, "" when it is not on the map). */
static const char *unit_desc(wg_game *g, const char *name, char *buf, size_t cap)
{
    char key[80];
    snprintf(key, sizeof key, " %s (", name);
    const char *d = wgp_describe(g, WG_VIEW_REFEREE);
    const char *p = strstr(d, key);
    buf[0] = '\0';
    if (p) {
        p += strlen(key);
        const char *e = strchr(p, ')');
        snprintf(buf, cap, "%.*s", (int)(e ? e - p : 0), p);
    }
    return buf;
}

static void assert_unit(wg_game *g, const char *name, const char *needle)
{
    char buf[256];
    ck_assert_msg(strstr(unit_desc(g, name, buf, sizeof buf), needle) != NULL, "%s: \"%s\" has no \"%s\"", name, buf,
                  needle);
}

/* The zone whose describe line lists counter `name` (in buf). */
static const char *unit_zone(wg_game *g, const char *name, char *buf, size_t cap)
{
    char key[80];
    snprintf(key, sizeof key, " %s (", name);
    const char *d = wgp_describe(g, WG_VIEW_REFEREE);
    const char *p = strstr(d, key);
    buf[0] = '\0';
    if (p) {
        const char *l = p;
        while (l > d && l[-1] != '\n')
            l--;
        const char *c = strchr(l, ':');
        snprintf(buf, cap, "%.*s", (int)(c ? c - l : 0), l);
    }
    return buf;
}

/* After a draw of fatigue markers the owner may return one (baggage, commander); the decision that
   follows a draw is kept ("keep the markers") unless the step taken is a return. */
static void keep_markers(wg_game *g)
{
    if (strstr(wgp_decision(g), "return a fatigue marker") && wgp_find(g, "keep the markers") >= 0)
        wgp_choose(g, "keep the markers");
}

/* Takes each option named in turn; "keep the markers" in the list is taken when that decision is
   open, and a fatigue-return decision the list does not address is kept. */
static void play(wg_game *g, const char *const *labels)
{
    for (; *labels; labels++) {
        ck_assert_msg(wgp_find(g, "withdraw") < 0, "%s", wgp_options_dump(g));
        if (strcmp(*labels, "keep the markers") == 0) {
            keep_markers(g);
            continue;
        }
        if (strncmp(*labels, "return a fatigue marker", 23) != 0)
            keep_markers(g);
        wgp_choose(g, *labels);
    }
    keep_markers(g);
}

/* The example's move: command die 3, fatigue markers 1, 1 and 3 (returned with the commander's bonus),
   then the two markers of the last connection. */
static const char *const move_steps[] = {"move a stack from Zone F", "stack formed", "roll 3", "go to Zone B",
                                         "fatigue 1", "keep the markers", "go to Zone A", "fatigue 1",
                                         "keep the markers", "go to Lamego", "fatigue 3",
                                         "return a fatigue marker of 3", "go to Regua", "fatigue 1", "fatigue 1",
                                         "keep the markers", NULL};
/* The axis of the French, no forced passage, the French disengagement (both declare, die 3). */
static const char *const diseng_steps[] = {"Retraite toward Amarante", "stop", "disengage a stack from Regua",
                                           "stack formed", "declare the cavalry steps", "declare the cavalry steps",
                                           "roll 3", NULL};
/* The combat to the CP dice: the whole AA stack, the artillery die 2 (no success), head units. */
static const char *const combat_steps[] = {"attack in Regua", "stack formed", "0 artillery success",
                                           "head unit Tilson", "head unit Heudelet", NULL};

/* LM-EXMC-01, LM-EXMC-02, LM-EXMC-03, LM-EXMC-04, LM-EXMC-05, LM-EXMC-06, LM-EXMC-07 (§Ex, the move):
   the ten-step stack of Beresford tests its command with +2 and a 3, moves with all its MP, draws
   1, 1, 3 (returned with the commander) and two markers into Regua: fatigue 4 costs Silveira and Lopes
   de Sousa a step each; AA places its Retraite marker toward Lamego, the French theirs toward
   Amarante; the stack is back to the river, declines the forced passage and is activated. */
START_TEST(test_example_move)
{
    wg_ctx *ctx = NULL;
    wg_game *g = example_game(&ctx);
    char buf[2048];
    /* LM-EXMC-01: the fixture: 10 strength steps; the Anglo-Allied player conducts the operation */
    ck_assert_int_eq(zone_steps(g, "Zone F", "Anglo-Allied"), 10);
    ck_assert_int_eq(zone_steps(g, "Regua", "French"), 5);
    ck_assert_int_eq(wgp_decider(g), 0);
    assert_unit(g, "Beresford", "SV 1");
    assert_unit(g, "Tilson", "infantry 2/2");
    assert_unit(g, "Silveira", "infantry 3/3");
    assert_unit(g, "Lopes de Sousa", "infantry 3/3");
    assert_unit(g, "Heudelet", "infantry 4/4");

    /* LM-EXMC-02: +1 Beresford, +1 the clear path to Wellesley; a 3 makes 5: all MP */
    wgp_choose(g, "move a stack from Zone F");
    wgp_choose(g, "stack formed");
    int64_t c[WG_MR_CMD_COUNT];
    size_t n = 0;
    ck_assert_int_eq(wg_marechaux_command_odds(c, WG_MR_CMD_COUNT, &n, g, 0, 0, -1), WG_OK);
    ck_assert_int_eq(c[WG_MR_CMD_EXEMPT], 0);
    ck_assert_int_eq(c[WG_MR_CMD_SV], 1);
    ck_assert_int_eq(c[WG_MR_CMD_PATH], 1);
    ck_assert_int_eq(c[WG_MR_CMD_ONLY_CAV], 0);
    ck_assert_int_eq(c[WG_MR_CMD_ALL], 4);     /* faces 3..6 make 5 or more */
    ck_assert_int_eq(c[WG_MR_CMD_HALF], 2);    /* faces 1, 2 make 3, 4 */
    ck_assert_int_eq(c[WG_MR_CMD_NOTHING], 0);
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "roll 3");
    assert_event(g, n0, "command test: die 3, total 5: all MP");
    ck_assert_msg(wgp_find(g, "go to Zone B (1 MP)") >= 0, "%s", wgp_options_dump(g));

    /* LM-EXMC-03: one marker a connection (10 steps is not more than 10), two into the enemy zone */
    n0 = wgp_event_count(g);
    play(g, move_steps + 3);
    ck_assert_int_eq(count_events(g, n0, "must draw 1 fatigue marker"), 3);
    ck_assert_int_eq(count_events(g, n0, "must draw 2 fatigue markers"), 1);
    assert_event(g, n0, "draws a fatigue marker of 1 (fatigue 1)");
    assert_event(g, n0, "draws a fatigue marker of 1 (fatigue 2)");
    assert_event(g, n0, "draws a fatigue marker of 3 (fatigue 5)");
    assert_event(g, n0, "returns a fatigue marker of 3 (fatigue 2)");
    assert_event(g, n0, "draws a fatigue marker of 1 (fatigue 3)");
    assert_event(g, n0, "draws a fatigue marker of 1 (fatigue 4)");
    ck_assert_msg(strstr(wgp_describe(g, WG_VIEW_REFEREE), "moving stack fatigue: 4"), "%s",
                  wgp_describe(g, WG_VIEW_REFEREE));
    ck_assert_msg(strstr(wgp_describe(g, WG_VIEW_REFEREE), "PM 4 MP spent in Regua"), "%s",
                  wgp_describe(g, WG_VIEW_REFEREE));

    /* LM-EXMC-04: fatigue 4 exceeds morale 3 of Silveira and Lopes de Sousa, not Tilson's 4 */
    assert_event(g, n0, "Silveira stops: fatigue 4 exceeds morale 3, loses 1 step");
    assert_event(g, n0, "Lopes de Sousa stops: fatigue 4 exceeds morale 3, loses 1 step");
    assert_no_event(g, n0, "Tilson stops");
    assert_unit(g, "Tilson", "infantry 2/2");
    assert_unit(g, "Silveira", "infantry 2/3");
    assert_unit(g, "Lopes de Sousa", "infantry 2/3");
    ck_assert_int_eq(zone_steps(g, "Regua", "Anglo-Allied"), 8);

    /* LM-EXMC-05: AA first, by the connection crossed; the French may not take it, and choose Amarante */
    assert_event(g, n0, "Anglo-Allied places its Retraite marker in Regua toward Lamego");
    ck_assert_int_eq(wgp_decider(g), 1);
    ck_assert_msg(wgp_find(g, "Retraite toward Amarante") >= 0, "%s", wgp_options_dump(g));
    ck_assert_msg(wgp_find(g, "Retraite toward Vila Real") >= 0, "%s", wgp_options_dump(g));
    ck_assert_msg(wgp_find(g, "Retraite toward Lamego") < 0, "%s", wgp_options_dump(g));
    /* LM-EXMC-06: the bridge crossed into the enemy zone: "Dos a la riviere" */
    assert_unit(g, "Tilson", "dos a la riviere");
    assert_unit(g, "Beresford", "dos a la riviere");
    n0 = wgp_event_count(g);
    wgp_choose(g, "Retraite toward Amarante");
    assert_event(g, n0, "French places its Retraite marker in Regua toward Amarante");
    ck_assert_msg(strstr(zone_line(g, "Regua", buf, sizeof buf), "retraite toward Lamego"), "%s", buf);
    ck_assert_msg(strstr(buf, "retraite toward Amarante"), "%s", buf);

    /* LM-EXMC-07: no forced passage: the move ends, the stack is activated, the French operate */
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_int_ge(wgp_find(g, "force the passage"), 0);
    n0 = wgp_event_count(g);
    wgp_choose(g, "stop");
    assert_event(g, n0, "Anglo-Allied stack ends its movement in Regua");
    assert_no_event(g, n0, "attacks in Regua");
    assert_unit(g, "Beresford", "activated");
    assert_unit(g, "Tilson", "activated");
    ck_assert_int_eq(wgp_decider(g), 1);
    ck_assert_msg(strstr(wgp_decision(g), "choose an operation"), "%s", wgp_decision(g));
    ck_assert_msg(strstr(unit_zone(g, "Tilson", buf, sizeof buf), "Regua"), "%s", buf);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-EXMC-08 (§Ex): the French disengage with the whole stack: cavalry 1 against 1, +1; not all
   cavalry; die 3 makes 4: failure; the French units are activated and AA operates.
   LM-DISENG-03, LM-DISENG-06, LM-DISENG-08 (§5.3): equal cavalry adds +1; the failure leaves the
   stack in place, activated, and the other player operates; the player whose operation it is not
   declares first. */
START_TEST(test_example_disengagement)
{
    wg_ctx *ctx = NULL;
    wg_game *g = example_game(&ctx);
    char buf[256];
    play(g, move_steps);
    play(g, (const char *const[]){"Retraite toward Amarante", "stop", "disengage a stack from Regua",
                                  "stack formed", NULL});
    /* the Anglo-Allied player, whose operation it is not, declares first */
    ck_assert_int_eq(wgp_decider(g), 0);
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "declare the cavalry steps");
    assert_event(g, n0, "Anglo-Allied declares 1 cavalry step(s)");
    ck_assert_int_eq(wgp_decider(g), 1);
    wgp_choose(g, "declare the cavalry steps");
    assert_event(g, n0, "French declares 1 cavalry step(s)");
    int64_t d[WG_MR_DIS_COUNT];
    size_t n = 0;
    ck_assert_int_eq(wg_marechaux_disengage_odds(d, WG_MR_DIS_COUNT, &n, g, 1, 1, -1), WG_OK);
    ck_assert_int_eq(d[WG_MR_DIS_OWN_CAV], 1);
    ck_assert_int_eq(d[WG_MR_DIS_ENEMY_CAV], 1);
    ck_assert_int_eq(d[WG_MR_DIS_CAV_MOD], 1);
    ck_assert_int_eq(d[WG_MR_DIS_ONLY_CAV], 0);
    ck_assert_int_eq(d[WG_MR_DIS_SUCCESS], 2); /* faces 1 and 2 make 3 or less */
    n0 = wgp_event_count(g);
    wgp_choose(g, "roll 3");
    assert_event(g, n0, "French disengagement: die 3, total 4: failure");
    assert_unit(g, "Heudelet", "activated");
    assert_unit(g, "17th/18th dragon", "activated");
    ck_assert_msg(strstr(unit_zone(g, "Heudelet", buf, sizeof buf), "Regua"), "%s", buf);
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_msg(wgp_find(g, "attack in Regua") >= 0, "%s", wgp_options_dump(g));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-EXMC-09, LM-EXMC-10, LM-EXMC-11, LM-EXMC-12 (§Ex, to the CP): AA attacks with its activated
   stack, both stacks are turned over, no cavalry withdrawal is offered (neither stack is all cavalry);
   amplitude 5 + 8 = 13; the CP modifiers of both sides as listed, and the exact odds of the melee
   (AA 6 + 1d6 against the French 4 + 1d6).
   LM-MELEE-09 (§5.6.3, §7.6): AA's "Dos a la riviere" counts -1 in its CP. */
START_TEST(test_example_combat_potentials)
{
    wg_ctx *ctx = NULL;
    wg_game *g = example_game(&ctx);
    play(g, move_steps);
    play(g, diseng_steps);
    size_t n0 = wgp_event_count(g);
    /* LM-EXMC-09 */
    wgp_choose(g, "attack in Regua");
    wgp_choose(g, "stack formed");
    assert_event(g, n0, "Anglo-Allied attacks in Regua");
    assert_event(g, n0, "turned over: Tilson, 2 step(s)");
    assert_event(g, n0, "turned over: Silveira, 2 step(s)");
    assert_event(g, n0, "turned over: Lopes de Sousa, 2 step(s)");
    assert_event(g, n0, "turned over: Portuguese cavalry, 1 step(s)");
    assert_event(g, n0, "turned over: Portuguese artillery, 1 step(s)");
    assert_event(g, n0, "turned over: Heudelet, 4 step(s)");
    assert_event(g, n0, "turned over: 17th/18th dragon, 1 step(s)");
    ck_assert_msg(wgp_find(g, "withdraw") < 0, "%s", wgp_options_dump(g));
    /* LM-EXMC-10 */
    assert_event(g, n0, "amplitude 13");
    /* LM-EXMC-12: one artillery die, a 2: no success (3 faces of 6 fail) */
    ck_assert_int_eq(wgp_decider(g), WG_PLAYER_CHANCE);
    long z = wgp_find(g, "0 artillery success");
    ck_assert_int_ge(z, 0);
    uint64_t w = 0, tot = 0;
    ck_assert_int_eq(wg_game_option_weight(&w, &tot, g, (size_t)z), WG_OK);
    ck_assert_uint_eq(w * 2, tot);
    ck_assert_int_lt(wgp_find(g, "2 artillery success"), 0);
    wgp_choose(g, "0 artillery success");
    assert_event(g, n0, "Anglo-Allied artillery: 0 success(es)");
    assert_no_event(g, n0, "French artillery");
    /* head units, the attacker first */
    ck_assert_int_eq(wgp_decider(g), 0);
    wgp_choose(g, "head unit Tilson");
    ck_assert_int_eq(wgp_decider(g), 1);
    wgp_choose(g, "head unit Heudelet");
    int64_t v[WG_MR_ODDS_COUNT];
    size_t n = 0;
    ck_assert_int_eq(wg_marechaux_combat_odds(v, WG_MR_ODDS_COUNT, &n, g), WG_OK);
    ck_assert_int_eq(v[WG_MR_ODDS_ATTACKER], 0);
    /* events, artillery, ratio, head unit, commander, terrain, no axis, river, forced passage, demoralized */
    static const int aa[10] = {0, 0, 2, 4, 1, 0, 0, -1, 0, 0};
    static const int fr[10] = {0, 0, 0, 4, 0, 0, 0, 0, 0, 0};
    for (int k = 0; k < 10; k++) {
        ck_assert_msg(v[WG_MR_ODDS_ATT_CP + k] == aa[k], "AA modifier %d: %lld", k, (long long)v[WG_MR_ODDS_ATT_CP + k]);
        ck_assert_msg(v[WG_MR_ODDS_DEF_CP + k] == fr[k], "French modifier %d: %lld", k,
                      (long long)v[WG_MR_ODDS_DEF_CP + k]);
    }
    ck_assert_int_eq(v[WG_MR_ODDS_TOTAL], 36);
    /* AA wins when its die is at most one below the French die (26 of 36); the pack supplies no melee
       row beyond the printed 0..4, so its wins by 5 to 7 (6 outcomes) fall on table gaps */
    ck_assert_int_eq(v[WG_MR_ODDS_ATT_WINS] + v[WG_MR_ODDS_GAPS], 26);
    ck_assert_int_eq(v[WG_MR_ODDS_GAPS], 6);
    ck_assert_int_eq(v[WG_MR_ODDS_DRAWS], 4);
    ck_assert_int_eq(v[WG_MR_ODDS_DEF_WINS], 6);
    ck_assert_int_eq(v[WG_MR_ODDS_DIFF + 40 - 1], 3); /* a difference of -1, the printed outcome: 3 of 36 */
    /* LM-EXMC-11, LM-EXMC-12: die 2 for AA, 5 for the French: 8 against 9 */
    n0 = wgp_event_count(g);
    wgp_choose(g, "roll 2");
    wgp_choose(g, "roll 5");
    assert_event(g, n0, "Anglo-Allied CP 8 (ratio 2, head morale 4)");
    assert_event(g, n0, "French CP 9 (ratio 0, head morale 4)");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-EXMC-13 .. LM-EXMC-20 (§Ex, the melee to the end): 9 against 8, 1/1 in column 11-15 with a
   retreat of one zone, first losses on the head units; the retreat over the bridge costs Lopes de
   Sousa a step; die 4 + 1 beats Tilson's 3: demoralized; pursuit 7 + 1 against 6 + 1 + 2: one loss,
   on the artillery; Beresford's 9 survives; no "A combattu"; AA lost 5 steps, the French 1.
   LM-COMBAT-05, LM-COMBAT-06, LM-COMBAT-12, LM-COMBAT-13 (§5.6, §10.2, §7.1): the combat's steps come
   in the strict order (turned over, amplitude, artillery, head units, CP, melee, losses, retreat,
   demoralization, pursuit, commander test, end), and the combat is located in its zone.
   LM-RETREAT-01, LM-RETREAT-05, LM-PURSUIT-01, LM-PURSUIT-03, LM-PURSUIT-05, LM-PURSUIT-06 (§5.6.4,
   §5.6.6, §7.6): a difference of 1 retreats one zone; the first retreat connection is a bridge: one
   more loss placed freely; equal cavalry: pursuit; the loser adds his cavalry step to his 2d6 (8, so
   one loss and not two); the difference is the loss; it goes to the artillery first. */
START_TEST(test_example_melee_to_end)
{
    wg_ctx *ctx = NULL;
    wg_game *g = example_game(&ctx);
    char buf[256];
    play(g, move_steps);
    play(g, diseng_steps);
    size_t c0 = wgp_event_count(g);
    play(g, combat_steps);
    ck_assert_msg(strstr(wgp_describe(g, WG_VIEW_REFEREE), "bataille: Anglo-Allied attacks in Regua"), "%s",
                  wgp_describe(g, WG_VIEW_REFEREE));
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "roll 2");
    wgp_choose(g, "roll 5");
    /* LM-EXMC-13 */
    assert_event(g, n0, "melee: French wins by 1, amplitude 13: losses AA 1, F 1");
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_uint_eq(wgp_count(g, "loss on "), 1);
    ck_assert_int_ge(wgp_find(g, "loss on Tilson"), 0);
    wgp_choose(g, "loss on Tilson");
    ck_assert_int_eq(wgp_decider(g), 1);
    ck_assert_uint_eq(wgp_count(g, "loss on "), 1);
    wgp_choose(g, "loss on Heudelet");
    assert_unit(g, "Tilson", "infantry 1/2");
    assert_unit(g, "Heudelet", "infantry 3/4");
    /* LM-EXMC-14: one zone back over the bridge, one more loss, freely placed */
    assert_event(g, n0, "Anglo-Allied retreats Regua -> Lamego");
    assert_event(g, n0, "Anglo-Allied retreats over a bridge: one more loss");
    ck_assert_msg(strstr(unit_zone(g, "Tilson", buf, sizeof buf), "Lamego"), "%s", buf);
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_int_ge(wgp_find(g, "loss on Silveira"), 0);
    ck_assert_int_ge(wgp_find(g, "loss on Portuguese artillery"), 0);
    wgp_choose(g, "loss on Lopes de Sousa");
    assert_unit(g, "Lopes de Sousa", "infantry 1/3");
    assert_unit(g, "Tilson", "activated");
    /* LM-EXMC-15: 4 + 1 = 5 > 3 (Tilson, one step left) */
    int64_t dm[WG_MR_DEM_COUNT];
    size_t n = 0;
    ck_assert_int_eq(wg_marechaux_demoralization_odds(dm, WG_MR_DEM_COUNT, &n, g), WG_OK);
    ck_assert_int_eq(dm[WG_MR_DEM_SIDE], 0);
    ck_assert_int_eq(dm[WG_MR_DEM_RETREAT], 1);
    ck_assert_int_eq(dm[WG_MR_DEM_HEAD_MORALE], 3);
    ck_assert_int_eq(dm[WG_MR_DEM_DEMORALIZED], 4); /* faces 3..6 */
    n0 = wgp_event_count(g);
    wgp_choose(g, "roll 4");
    assert_event(g, n0, "Anglo-Allied demoralization test: die 4 + 1: demoralized");
    assert_unit(g, "Tilson", "demoralized");
    /* LM-EXMC-16: cavalry 1 and 1: pursuit; 2d6 6 + 1 = 7 for AA, 6 for the French */
    ck_assert_int_eq(wgp_decider(g), WG_PLAYER_CHANCE);
    long i7 = wgp_find(g, "roll 7");
    ck_assert_int_ge(i7, 0);
    uint64_t w = 0, tot = 0;
    ck_assert_int_eq(wg_game_option_weight(&w, &tot, g, (size_t)i7), WG_OK);
    ck_assert_uint_eq(w * 6, tot); /* 6 of the 36 throws of 2d6 */
    wgp_choose(g, "roll 7");
    wgp_choose(g, "roll 6");
    assert_event(g, n0, "pursuit of Anglo-Allied: loser 2d6 7, winner 1d6 6: 1 loss(es)");
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_uint_eq(wgp_count(g, "loss on "), 1);
    wgp_choose(g, "loss on Portuguese artillery");
    assert_event(g, n0, "Portuguese artillery eliminated");
    /* LM-EXMC-17: Beresford alone tests, 9 survives */
    n0 = wgp_event_count(g);
    wgp_choose(g, "roll 9");
    assert_event(g, n0, "Beresford elimination test: 2d6 9: survives");
    ck_assert_int_eq(count_events(g, c0, "elimination test"), 1);
    /* LM-EXMC-18: no "A combattu": both stacks are activated */
    assert_event(g, n0, "combat in Regua ends");
    ck_assert_msg(!strstr(wgp_describe(g, WG_VIEW_REFEREE), "a combattu"), "%s", wgp_describe(g, WG_VIEW_REFEREE));
    /* LM-EXMC-19: AA 10 -> 5 steps (fatigue 2, melee 1, bridge 1, pursuit 1), the French 5 -> 4 */
    ck_assert_int_eq(zone_steps(g, "Lamego", "Anglo-Allied"), 5);
    ck_assert_int_eq(zone_steps(g, "Regua", "French"), 4);
    /* LM-EXMC-20: the final state */
    ck_assert_msg(strstr(unit_zone(g, "Beresford", buf, sizeof buf), "Lamego"), "%s", buf);
    ck_assert_msg(strstr(unit_zone(g, "Portuguese cavalry", buf, sizeof buf), "Lamego"), "%s", buf);
    ck_assert_msg(strstr(unit_zone(g, "Heudelet", buf, sizeof buf), "Regua"), "%s", buf);
    assert_unit(g, "Silveira", "infantry 2/3");
    assert_unit(g, "Silveira", "demoralized");
    ck_assert_msg(!strstr(unit_desc(g, "Tilson", buf, sizeof buf), "dos a la riviere"), "%s", buf);
    ck_assert_msg(!strstr(zone_line(g, "Regua", buf, sizeof buf), "retraite"), "%s", buf);
    ck_assert_msg(strstr(wgp_describe(g, WG_VIEW_REFEREE), "Portuguese artillery(eliminated)"), "%s",
                  wgp_describe(g, WG_VIEW_REFEREE));
    ck_assert_msg(strstr(wgp_describe(g, WG_VIEW_REFEREE), "VP: Anglo-Allied 0, French 1"), "%s",
                  wgp_describe(g, WG_VIEW_REFEREE));
    ck_assert_int_eq(wgp_decider(g), 1);
    ck_assert_msg(strstr(wgp_decision(g), "choose an operation"), "%s", wgp_decision(g));

    /* LM-COMBAT-05, LM-COMBAT-06, LM-COMBAT-12: the order of the steps as the rule tags record it */
    static const char *const order[] = {"LM-COMBAT-01", "LM-COMBAT-04",  "LM-COMBAT-10", "LM-MELEE-03",
                                        "LM-MELEE-17",  "LM-MELEE-20",   "LM-MELEE-21",  "LM-MELEE-22",
                                        "LM-RETREAT-02", "LM-RETREAT-05", "LM-DEMOR-01", "LM-PURSUIT-05",
                                        "LM-CDR-01",    "LM-COMBAT-11"};
    size_t ne = wgp_event_count(g), k = 0;
    for (size_t i = c0; i < ne && k < sizeof order / sizeof order[0]; i++) {
        const char *r = NULL;
        ck_assert_int_eq(wg_game_event_rule(&r, g, i), WG_OK);
        if (r && strcmp(r, order[k]) == 0)
            k++;
    }
    ck_assert_msg(k == sizeof order / sizeof order[0], "order stops at %s:\n%s", order[k < 14 ? k : 13],
                  wgp_events_dump(g, c0, WG_VIEW_REFEREE));
    /* LM-COMBAT-13: the Bataille marker locates the combat: the first event names the zone, and the
       marker is gone once the combat ended */
    ck_assert_msg(strstr(wgp_event(g, c0, 1), "attacks in Regua"), "%s", wgp_event(g, c0, 1));
    ck_assert_msg(!strstr(wgp_describe(g, WG_VIEW_REFEREE), "bataille:"), "%s", wgp_describe(g, WG_VIEW_REFEREE));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("marechaux_example");
    TCase *tc = tcase_create("example");
    tcase_add_test(tc, test_example_move);
    tcase_add_test(tc, test_example_disengagement);
    tcase_add_test(tc, test_example_combat_potentials);
    tcase_add_test(tc, test_example_melee_to_end);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

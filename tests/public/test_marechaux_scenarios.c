/* Les Maréchaux scenarios played through the public API: the 1808 and 1809 set-ups as each viewer
   sees them, the maps, the orders of battle, garrisons and victory points, from the bundled host
   documents or copies of them with values changed. */
#include <stdarg.h>
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

/* The bundled pack of scenario sc with each (from, to) pair replaced, the list ended by NULL. */
static char *pack_edit(const char *sc, ...)
{
    char path[64];
    snprintf(path, sizeof path, "data/marechaux/%s.wgd", sc);
    char *text = wgp_read_source(path, NULL);
    va_list ap;
    va_start(ap, sc);
    for (const char *from; (from = va_arg(ap, const char *)) != NULL;) {
        const char *to = va_arg(ap, const char *);
        char *next = wgp_replace(text, from, to);
        free(text);
        text = next;
    }
    va_end(ap);
    return text;
}

/* A game of scenario sc from its bundled map and the given pack text (freed here). */
static wg_game *game_from(wg_ctx *ctx, const char *sc, char *pack)
{
    char path[64];
    snprintf(path, sizeof path, "data/marechaux/%s-map.wgd", sc);
    char *map = wgp_read_source(path, NULL);
    wgp_doc docs[] = {{"map", map}, {"pack", pack}, {NULL, NULL}};
    wg_game *g = wgp_new(ctx, "marechaux", sc, NULL, 1, docs);
    free(map);
    free(pack);
    return g;
}

/* A game of scenario sc from its bundled map edited by the (from, to) pairs of edits (ended by NULL)
   and the given pack text (freed here). */
static wg_game *game_from_map(wg_ctx *ctx, const char *sc, char *pack, const char *const *edits)
{
    char path[64];
    snprintf(path, sizeof path, "data/marechaux/%s-map.wgd", sc);
    char *map = wgp_read_source(path, NULL);
    for (; *edits; edits += 2) {
        char *next = wgp_replace(map, edits[0], edits[1]);
        free(map);
        map = next;
    }
    wgp_doc docs[] = {{"map", map}, {"pack", pack}, {NULL, NULL}};
    wg_game *g = wgp_new(ctx, "marechaux", sc, NULL, 1, docs);
    free(map);
    free(pack);
    return g;
}

static void assert_event(wg_game *g, size_t from, const char *needle)
{
    ck_assert_msg(wgp_find_event(g, from, needle, WG_VIEW_REFEREE) >= 0, "no event \"%s\" in:\n%s", needle,
                  wgp_events_dump(g, from, WG_VIEW_REFEREE));
}

static const char *conntype_between(const wg_map *map, const char *a, const char *b, int nth);

static void assert_no_event(wg_game *g, size_t from, const char *needle)
{
    ck_assert_msg(wgp_find_event(g, from, needle, WG_VIEW_REFEREE) < 0, "event \"%s\" in:\n%s", needle,
                  wgp_events_dump(g, from, WG_VIEW_REFEREE));
}

/* The line of wg_game_describe for viewer about zone z (NULL when the zone has no line), in buf. */
static const char *zone_line_for(wg_game *g, int viewer, const char *z, char *buf, size_t cap)
{
    const char *d = wgp_describe(g, viewer);
    size_t n = strlen(z);
    for (const char *l = d; *l;) {
        const char *e = strchr(l, '\n');
        size_t len = e ? (size_t)(e - l) : strlen(l);
        if (len > n && strncmp(l, z, n) == 0 && l[n] == ':') {
            snprintf(buf, cap, "%.*s", (int)len, l);
            return buf;
        }
        l += len + (e ? 1 : 0);
    }
    return NULL;
}

static void assert_zone(wg_game *g, int viewer, const char *z, const char *want)
{
    char buf[1024];
    const char *l = zone_line_for(g, viewer, z, buf, sizeof buf);
    ck_assert_msg(l && strcmp(l, want) == 0, "viewer %d, zone %s:\n got  %s\n want %s\n%s", viewer, z,
                  l ? l : "(none)", want, wgp_describe(g, viewer));
}

static void assert_describe_has(wg_game *g, int viewer, const char *needle)
{
    const char *d = wgp_describe(g, viewer);
    ck_assert_msg(strstr(d, needle) != NULL, "viewer %d: no \"%s\" in:\n%s", viewer, needle, d);
}

static void assert_describe_lacks(wg_game *g, int viewer, const char *needle)
{
    const char *d = wgp_describe(g, viewer);
    ck_assert_msg(strstr(d, needle) == NULL, "viewer %d: \"%s\" in:\n%s", viewer, needle, d);
}

static int64_t score(wg_game *g)
{
    int64_t s = 0;
    ck_assert_int_eq(wg_game_score(&s, g), WG_OK);
    return s;
}

static const char *result(wg_game *g)
{
    static char buf[512];
    ck_assert_int_eq(wg_game_result_text(buf, sizeof buf, NULL, g), WG_OK);
    return buf;
}

static int is_over(wg_game *g)
{
    int over = 0;
    ck_assert_int_eq(wg_game_is_over(&over, g), WG_OK);
    return over;
}

/* A combat-event window opens whenever the side holds an event; one in which no held event is
   playable is passed. */
static void pass_event_windows(wg_game *g)
{
    for (int k = 0; k < 8 && strstr(wgp_decision(g), "play combat events") && wgp_find(g, "play ") < 0; k++)
        wgp_choose(g, "no (more) events");
}

/* The fatigue-return decision that follows a draw: the markers are kept. */
static void keep_fatigue(wg_game *g)
{
    if (strstr(wgp_decision(g), "return a fatigue marker") && wgp_find(g, "keep the markers") >= 0)
        wgp_choose(g, "keep the markers");
}

/* Draws fatigue markers of 0 while the stack must draw, keeping them. */
static void draw_zero_fatigue(wg_game *g)
{
    for (int k = 0; k < 12; k++) {
        keep_fatigue(g);
        if (wgp_decider(g) != WG_PLAYER_CHANCE || !strstr(wgp_decision(g), "fatigue"))
            break;
        wgp_choose(g, "fatigue 0");
    }
    keep_fatigue(g);
}

static void choose_all(wg_game *g, const char *const *labels)
{
    for (; *labels; labels++) {
        pass_event_windows(g);
        if (strcmp(*labels, "keep the markers") != 0)
            keep_fatigue(g);
        wgp_choose(g, *labels);
    }
}

/* Plays on with passes until the game is over: chance takes the first option that is not a starred
   event (Burrard, Canicule; Canicule when nothing else is left), an event drawn is kept (or played
   when starred), every operation is a pass. */
static void pass_to_the_end(wg_game *g)
{
    for (int k = 0; k < 2000 && !is_over(g); k++) {
        if (wgp_decider(g) == WG_PLAYER_CHANCE) {
            size_t n = wgp_option_count(g), i = 0;
            while (i < n && (strstr(wgp_label(g, i), "Burrard") || strstr(wgp_label(g, i), "Canicule")))
                i++;
            if (i == n) /* only starred markers left: Canicule, never Burrard */
                for (i = 0; i < n && strstr(wgp_label(g, i), "Burrard"); i++)
                    ;
            ck_assert_msg(i < n, "%s", wgp_options_dump(g));
            wgp_choose_index(g, i);
        } else if (wgp_find(g, "keep") >= 0 && strstr(wgp_decision(g), "event")) {
            wgp_choose(g, "keep");
        } else {
            wgp_choose(g, "pass");
        }
    }
    ck_assert(is_over(g));
}

/* ---- 1808 ---- */

/* LM-SCEN1808-01, LM-SCEN1808-02, LM-SCEN1808-03, LM-SCEN1808-04, LM-SCEN1808-05, LM-SCEN1808-06,
   LM-SCEN1808-09, LM-SCEN1808-10, LM-MAP-02 (§8.1.1, §8.1.2, §8.1.6, §1.2): the bundled 1808 game
   starts on turn 1 of 8, August 16, with the printed set-up zone by zone, every counter in a zone of
   the map, and nine events in each container, each side drawing from its own. */
START_TEST(test_1808_setup)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = wgp_new(ctx, "marechaux", "1808", NULL, 1, NULL);
    assert_describe_has(g, WG_VIEW_REFEREE, "Les Marechaux 1808, turn 1 of 8 (August 16)");
    int turn = 0;
    ck_assert_int_eq(wg_game_turn(&turn, g), WG_OK);
    ck_assert_int_eq(turn, 1);
    assert_zone(g, WG_VIEW_REFEREE, "Obidos",
                "Obidos: [Anglo-Allied: Wellesley (commander SV 2 CiC) 1st/2nd (infantry 4/4) 3rd/4th (infantry 4/4) "
                "5th/6th (infantry 4/4) Trant (infantry 3/3) 20th dragon (cavalry) Portuguese cavalry (cavalry) "
                "Artillery 1 (artillery) Artillery 2 (artillery) Artillery 3 (artillery) Baggage (baggage)]");
    assert_zone(g, WG_VIEW_REFEREE, "Peniche", "Peniche: [Anglo-Allied: Flotte (fleet)]");
    assert_zone(g, WG_VIEW_REFEREE, "Zone A",
                "Zone A: [French: Delaborde (infantry 4/4) Chasseurs (cavalry) Artillerie A (artillery)]");
    assert_zone(g, WG_VIEW_REFEREE, "Zone B",
                "Zone B: [French: Loison (chef) (commander SV 1) Loison (infantry 5/5) 4th dragon (cavalry) "
                "5th dragon (cavalry) Artillerie B (artillery)]");
    assert_zone(g, WG_VIEW_REFEREE, "Lisbonne",
                "Lisbonne: [French: Junot (commander SV 2 CiC) Charlot (infantry 3/3) 3rd dragon (cavalry) "
                "Artillerie Lisbonne (artillery) Horse Artillery (artillery) Bagages (baggage) "
                "F garrison 1 (garrison) F garrison 2 (garrison)]");
    /* no other zone holds a counter */
    char buf[1024];
    const char *empty[] = {"Caldas", "Lourinha", "Vimeiro", "Maceira", "Torres Vedras", "Alcoentre", "Alenquer",
                           "Sobral", "Mafra", "Ericeira", "Sintra", "Loures", "Vila Franca", "Santarem"};
    for (size_t k = 0; k < sizeof empty / sizeof *empty; k++)
        ck_assert_msg(!zone_line_for(g, WG_VIEW_REFEREE, empty[k], buf, sizeof buf), "%s", buf);
    /* LM-MAP-02: every piece stands in a zone of the game's map */
    const wg_map *map = NULL;
    ck_assert_int_eq(wg_game_map(&map, g), WG_OK);
    int nz = 0;
    ck_assert_int_eq(wg_map_space_count(&nz, map), WG_OK);
    size_t np = 0;
    ck_assert_int_eq(wg_game_piece_count(&np, g, WG_VIEW_REFEREE), WG_OK);
    ck_assert_uint_eq(np, 28); /* 12 Anglo-Allied counters, 16 French */
    int per_side[2] = {0, 0};
    for (size_t i = 0; i < np; i++) {
        int side = -1, space = -1;
        ck_assert_int_eq(wg_game_piece(&side, &space, g, WG_VIEW_REFEREE, i), WG_OK);
        ck_assert_int_ge(space, 0);
        ck_assert_int_lt(space, nz);
        ck_assert(side == 0 || side == 1);
        per_side[side]++;
    }
    ck_assert_int_eq(per_side[0], 12);
    ck_assert_int_eq(per_side[1], 16);

    /* the events: nine markers in each container, each drawn by its own side */
    assert_describe_has(g, WG_VIEW_REFEREE, "Anglo-Allied events: 9 in the container");
    assert_describe_has(g, WG_VIEW_REFEREE, "French events: 9 in the container");
    wgp_choose(g, "dice AA 6, F 1"); /* AA 8 against F 3 */
    ck_assert_int_eq(wgp_decider(g), WG_PLAYER_CHANCE);
    ck_assert_msg(strstr(wgp_decision(g), "Anglo-Allied: event draw"), "%s", wgp_decision(g));
    static const char *const aa_events[] = {"Genie", "Burrard", "Rifles", "Initiative", "Contre Batterie",
                                            "Guerilla", "Canicule", "Feu", "Debarquement"};
    ck_assert_uint_eq(wgp_option_count(g), 9);
    for (size_t k = 0; k < 9; k++)
        ck_assert_msg(wgp_count(g, aa_events[k]) == 1, "%s: %s", aa_events[k], wgp_options_dump(g));
    /* the French player reads nothing of the Anglo-Allied container */
    size_t n = 0;
    ck_assert_int_eq(wg_game_option_count_for(&n, g, 1), WG_ESTATE);
    size_t e0 = wgp_event_count(g);
    wgp_choose(g, "Genie");
    wgp_choose(g, "keep");
    /* the French read that a marker was drawn and kept, not which */
    ck_assert_int_ge(wgp_find_event(g, e0, "Anglo-Allied draws the event Genie", 0), 0);
    ck_assert_int_ge(wgp_find_event(g, e0, "Anglo-Allied draws an event", 1), 0);
    ck_assert_int_ge(wgp_find_event(g, e0, "Anglo-Allied keeps the event secretly", 1), 0);
    ck_assert_int_lt(wgp_find_event(g, e0, "Genie", 1), 0);
    ck_assert_msg(strstr(wgp_decision(g), "French: event draw"), "%s", wgp_decision(g));
    static const char *const f_events[] = {"Lisbonne", "Charge Incontrolee", "Genie", "Impetuosite", "Initiative",
                                           "Contre Batterie", "Canicule", "Elan", "Kellermann"};
    ck_assert_uint_eq(wgp_option_count(g), 9);
    for (size_t k = 0; k < 9; k++)
        ck_assert_msg(wgp_count(g, f_events[k]) == 1, "%s: %s", f_events[k], wgp_options_dump(g));
    ck_assert_int_eq(wg_game_option_count_for(&n, g, 0), WG_ESTATE);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-OOB-01, LM-OOB-07 (§1.3): each side's order of battle is its own: the French read the
   Anglo-Allied counters of Obidos as hidden counters, the Anglo-Allied player the French ones, while
   each reads his own infantry with its strength boxes and the referee reads both. */
START_TEST(test_1808_hidden_orders_of_battle)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = wgp_new(ctx, "marechaux", "1808", NULL, 1, NULL);
    assert_zone(g, 1, "Obidos", "Obidos: [Anglo-Allied: 11 hidden counters]");
    assert_zone(g, 1, "Peniche", "Peniche: [Anglo-Allied: Flotte (fleet)]");
    assert_zone(g, 1, "Zone A",
                "Zone A: [French: Delaborde (infantry 4/4) Chasseurs (cavalry) Artillerie A (artillery)]");
    assert_zone(g, 0, "Zone A", "Zone A: [French: 3 hidden counters]");
    assert_zone(g, 0, "Zone B", "Zone B: [French: 5 hidden counters]");
    assert_zone(g, 0, "Lisbonne", "Lisbonne: [French: 8 hidden counters]");
    assert_describe_has(g, 0, "1st/2nd (infantry 4/4)");
    assert_describe_lacks(g, 0, "Delaborde");
    assert_describe_lacks(g, 0, "Junot");
    assert_describe_lacks(g, 1, "Wellesley");
    assert_describe_lacks(g, 1, "Trant");
    /* the pieces: same count for all, a hidden counter's label names no unit */
    size_t n0 = 0, n1 = 0, nr = 0;
    ck_assert_int_eq(wg_game_piece_count(&n0, g, 0), WG_OK);
    ck_assert_int_eq(wg_game_piece_count(&n1, g, 1), WG_OK);
    ck_assert_int_eq(wg_game_piece_count(&nr, g, WG_VIEW_REFEREE), WG_OK);
    ck_assert_uint_eq(n0, nr);
    ck_assert_uint_eq(n1, nr);
    int seen_own = 0;
    for (size_t i = 0; i < n1; i++) {
        char lab[128];
        int side = -1, space = -1;
        ck_assert_int_eq(wg_game_piece(&side, &space, g, 1, i), WG_OK);
        ck_assert_int_eq(wg_game_piece_label(lab, sizeof lab, NULL, g, 1, i), WG_OK);
        ck_assert_msg(!strstr(lab, "Wellesley") && !strstr(lab, "1st/2nd") && !strstr(lab, "Trant"), "%s", lab);
        if (strstr(lab, "Delaborde"))
            seen_own = 1;
    }
    ck_assert(seen_own);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* AA has turn 1's initiative; Delaborde (2 boxes, morale 2 then 3) stands in Obidos with the
   Anglo-Allied army; phase B played (both keep Genie).  Extra replacements come in pairs. */
static wg_game *obidos_fight(wg_ctx *ctx, const char *delaborde_boxes)
{
    char line[96];
    snprintf(line, sizeof line, "unit F inf Delaborde mp=6 boxes=%s at=Obidos", delaborde_boxes);
    char *pack = pack_edit("1808", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 8 August 16 6 3 2 AA 0",
                           "unit F inf Delaborde mp=6 boxes=2,3,3,4 at=\"Zone A\"", line, (const char *)NULL);
    wg_game *g = game_from(ctx, "1808", pack);
    choose_all(g, (const char *const[]){"Genie", "keep", "Genie", "keep", NULL});
    return g;
}

/* LM-OOB-02, LM-OOB-03, LM-OOB-04, LM-OOB-05, LM-OOB-06, LM-VP-04, LM-VP-08 (§1.3, §8.1.5): the
   whole Anglo-Allied army attacks Delaborde (boxes 2,3) in Obidos.  The amplitude counts every
   infantry box as a step and each cavalry and artillery counter as one (4+4+4+3 + 2 + 3 + 2 = 22),
   the baggage and Wellesley none; Delaborde's head morale is his rightmost box, 3.  The French lose
   8: two boxes cross Delaborde out and he is eliminated (AA +2 VP); 1st/2nd loses a box, from the
   right (4/4 -> 3/4).  Wellesley, in a stack that lost a step, tests and is eliminated on 11: the
   French score his SV, 2. */
START_TEST(test_1808_infantry_and_commander_eliminated)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = obidos_fight(ctx, "2,3");
    size_t n0 = wgp_event_count(g);
    choose_all(g, (const char *const[]){"attack in Obidos", "stack formed", "0 artillery", "head unit 1st/2nd",
                                        "head unit Delaborde", "roll 6", "roll 1", NULL});
    assert_event(g, n0, "turned over: Delaborde, 2 step(s)");
    assert_event(g, n0, "turned over: 1st/2nd, 4 step(s)");
    assert_event(g, n0, "turned over: 20th dragon, 1 step(s)");
    assert_event(g, n0, "turned over: Artillery 1, 1 step(s)");
    assert_event(g, n0, "turned over: Baggage, 0 step(s)");
    assert_event(g, n0, "amplitude 22");
    assert_event(g, n0, "French CP 3 (ratio 0, head morale 3)");
    assert_event(g, n0, "Anglo-Allied CP 18 (ratio 8, head morale 4)");
    assert_event(g, n0, "losses AA 1, F 8");
    ck_assert_int_eq(score(g), 0);
    choose_all(g, (const char *const[]){"loss on 1st/2nd", "loss on Delaborde", NULL});
    /* one box crossed out: 1/2 left, morale now the box to its left (2) */
    assert_describe_has(g, WG_VIEW_REFEREE, "Delaborde (infantry 1/2)");
    assert_describe_has(g, WG_VIEW_REFEREE, "1st/2nd (infantry 3/4)");
    size_t n1 = wgp_event_count(g);
    wgp_choose(g, "loss on Delaborde");
    assert_event(g, n1, "Delaborde eliminated");
    assert_event(g, n1, "Anglo-Allied scores 2 VP");
    assert_describe_lacks(g, WG_VIEW_REFEREE, "Delaborde (infantry");
    assert_describe_has(g, WG_VIEW_REFEREE, "VP: Anglo-Allied 2, French 0");
    ck_assert_int_eq(score(g), 2);
    /* Wellesley's test: 11 eliminates him; the French score his SV */
    ck_assert_int_ge(wgp_find(g, "roll 12"), 0);
    n1 = wgp_event_count(g);
    wgp_choose(g, "roll 11");
    assert_event(g, n1, "Wellesley elimination test: 2d6 11: eliminated");
    assert_event(g, n1, "French scores 2 VP");
    assert_describe_has(g, WG_VIEW_REFEREE, "VP: Anglo-Allied 2, French 2");
    ck_assert_int_eq(score(g), 0);
    assert_describe_lacks(g, 0, "Wellesley (commander");
    wg_game_free(g);

    /* the same melee with Delaborde at 3 boxes (2,3,4): head morale 4, the rightmost box */
    g = obidos_fight(ctx, "2,3,4");
    n0 = wgp_event_count(g);
    choose_all(g, (const char *const[]){"attack in Obidos", "stack formed", "0 artillery", "head unit 1st/2nd",
                                        "head unit Delaborde", "roll 6", "roll 1", NULL});
    assert_event(g, n0, "amplitude 23");
    assert_event(g, n0, "head morale 4)");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-VP-06, LM-VP-07 (§8.1.5): the French baggage and an artillery counter stand alone in Caldas;
   the Anglo-Allied army enters: both are eliminated, 2 VP for the baggage and 1 for the artillery. */
START_TEST(test_1808_baggage_and_artillery_eliminated)
{
    wg_ctx *ctx = new_ctx();
    char *pack = pack_edit("1808", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 8 August 16 6 3 2 AA 0",
                           "unit F bag Bagages mp=4 at=Lisbonne", "unit F bag Bagages mp=4 at=Caldas",
                           "unit F art \"Artillerie Lisbonne\" mp=5 at=Lisbonne",
                           "unit F art \"Artillerie Lisbonne\" mp=5 at=Caldas", (const char *)NULL);
    wg_game *g = game_from(ctx, "1808", pack);
    choose_all(g, (const char *const[]){"Genie", "keep", "Genie", "keep", "move a stack from Obidos", "stack formed",
                                        NULL});
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "go to Caldas");
    assert_event(g, n0, "Bagages");
    assert_event(g, n0, "Artillerie Lisbonne");
    ck_assert_int_eq(score(g), 3);
    assert_describe_has(g, WG_VIEW_REFEREE, "VP: Anglo-Allied 3, French 0");
    long vp_bag = -1, vp_art = -1;
    for (size_t i = n0; i < wgp_event_count(g); i++) {
        const char *rule = NULL;
        ck_assert_int_eq(wg_game_event_rule(&rule, g, i), WG_OK);
        if (rule && strcmp(rule, "LM-VP-07") == 0)
            vp_bag = (long)i;
        if (rule && strcmp(rule, "LM-VP-06") == 0)
            vp_art = (long)i;
    }
    ck_assert_msg(vp_bag >= 0 && vp_art >= 0, "%s", wgp_events_dump(g, n0, WG_VIEW_REFEREE));
    ck_assert_msg(strstr(wgp_event(g, (size_t)vp_bag, WG_VIEW_REFEREE), "2 VP"), "%s",
                  wgp_event(g, (size_t)vp_bag, WG_VIEW_REFEREE));
    ck_assert_msg(strstr(wgp_event(g, (size_t)vp_art, WG_VIEW_REFEREE), "1 VP"), "%s",
                  wgp_event(g, (size_t)vp_art, WG_VIEW_REFEREE));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST


/* LM-VP-10, LM-VP-02, LM-VP-03, LM-VP-01, LM-VP-09, LM-SEQ-09 (§8.1.5, §8.1.1, §4): a one-turn 1808 game with
   passes only: AA scores 1 VP for the turn without combat, the French 6 for Lisbon (French units
   only there), the French win; with no French unit left in Lisbon the 6 VP are AA's; with both sides
   in Lisbon nobody scores them; the game ends after the pack's last turn. */
START_TEST(test_1808_end_of_game_points)
{
    wg_ctx *ctx = new_ctx();
    char *pack = pack_edit("1808", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 1 August 16 6 3 2 AA 0",
                           (const char *)NULL);
    wg_game *g = game_from(ctx, "1808", pack);
    assert_describe_has(g, WG_VIEW_REFEREE, "turn 1 of 1 (August 16)");
    size_t n0 = wgp_event_count(g);
    pass_to_the_end(g);
    assert_event(g, n0, "Anglo-Allied scores 1 VP");
    assert_event(g, n0, "French scores 6 VP");
    assert_event(g, n0, "game over: Anglo-Allied 1 VP, French 6 VP");
    ck_assert_int_eq(score(g), -5);
    ck_assert_msg(strstr(result(g), "French victory"), "%s", result(g));
    ck_assert_int_eq(wgp_decider(g), WG_PLAYER_NONE);
    wg_game_free(g);

    /* Lisbon empty of French units (they stand in Sintra): AA controls it */
    pack = pack_edit("1808", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 1 August 16 6 3 2 AA 0",
                     "unit F cdr Junot sv=2 cic at=Lisbonne", "unit F cdr Junot sv=2 cic at=Sintra",
                     "unit F inf Charlot mp=6 boxes=2,3,3 at=Lisbonne", "unit F inf Charlot mp=6 boxes=2,3,3 at=Sintra",
                     "unit F cav \"3rd dragon\" mp=8 morale=4 at=Lisbonne",
                     "unit F cav \"3rd dragon\" mp=8 morale=4 at=Sintra",
                     "unit F art \"Artillerie Lisbonne\" mp=5 at=Lisbonne",
                     "unit F art \"Artillerie Lisbonne\" mp=5 at=Sintra",
                     "unit F art \"Horse Artillery\" mp=8 at=Lisbonne", "unit F art \"Horse Artillery\" mp=8 at=Sintra",
                     "unit F bag Bagages mp=4 at=Lisbonne", "unit F bag Bagages mp=4 at=Sintra",
                     "garrison F 2 3 Lisbonne Lisbonne", "garrison F 2 3", (const char *)NULL);
    g = game_from(ctx, "1808", pack);
    n0 = wgp_event_count(g);
    pass_to_the_end(g);
    assert_event(g, n0, "Anglo-Allied scores 6 VP");
    assert_no_event(g, n0, "French scores");
    ck_assert_int_eq(score(g), 7);
    ck_assert_msg(strstr(result(g), "Anglo-Allied victory"), "%s", result(g));
    wg_game_free(g);

    /* Trant in Lisbon with the French: nobody controls it */
    pack = pack_edit("1808", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 1 August 16 6 3 2 AA 0",
                     "unit AA inf Trant mp=6 boxes=2,2,3 at=Obidos", "unit AA inf Trant mp=6 boxes=2,2,3 at=Lisbonne",
                     (const char *)NULL);
    g = game_from(ctx, "1808", pack);
    n0 = wgp_event_count(g);
    pass_to_the_end(g);
    assert_no_event(g, n0, "6 VP");
    ck_assert_int_eq(score(g), 1);
    wg_game_free(g);

    /* LM-VP-09: two turns, Trant in Lisbon; the Anglo-Allied player tempts fate once (2 VP to the
       French), each turn is without combat (1 VP each): 2 against 2, a tie */
    pack = pack_edit("1808", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 2 August 16 6 3 2 AA 0",
                     "unit AA inf Trant mp=6 boxes=2,2,3 at=Obidos", "unit AA inf Trant mp=6 boxes=2,2,3 at=Lisbonne",
                     (const char *)NULL);
    g = game_from(ctx, "1808", pack);
    wgp_choose(g, "Genie");
    n0 = wgp_event_count(g);
    wgp_choose(g, "tempt fate");
    assert_event(g, n0, "French scores 2 VP");
    ck_assert_int_eq(score(g), -2);
    /* the marker is back in the container: 9 again */
    assert_describe_has(g, WG_VIEW_REFEREE, "Anglo-Allied events: 9 in the container");
    pass_to_the_end(g);
    ck_assert_int_eq(score(g), 0);
    assert_event(g, n0, "game over: Anglo-Allied 2 VP, French 2 VP");
    ck_assert_msg(strstr(result(g), "tie"), "%s", result(g));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST




/* Forms, at the forming decision, a stack of the one unit named: every other unit is left out. */
static void form_only(wg_game *g, const char *unit)
{
    char keep[96];
    snprintf(keep, sizeof keep, "leave out %s", unit);
    for (int k = 0; k < 40 && strstr(wgp_decision(g), "form the stack"); k++) {
        long pick = -1;
        for (size_t i = 0; i < wgp_option_count(g) && pick < 0; i++)
            if (strncmp(wgp_label(g, i), "leave out ", 10) == 0 && strcmp(wgp_label(g, i), keep) != 0)
                pick = (long)i;
        if (pick < 0)
            wgp_choose(g, "stack formed");
        else
            wgp_choose_index(g, (size_t)pick);
    }
}

/* LM-SCEN1808-07, LM-SCEN1808-11, LM-SCEN1808-12, LM-MAP-07 (§8.1.3, §8.1.7, PD-04): at his first
   operation the Anglo-Allied player may sail the fleet from Peniche to another port (Maceira,
   Ericeira, Lisbonne), for free; later operations offer it no more, the first one of turn 2 again.  The fleet's port is his line of
   communication: with Delaborde in Lourinha, the French in Zone A and Zone B, a stack leaving Obidos
   still reaches Peniche (1 fatigue marker), but not Maceira (2 markers).  The French line is
   Lisbonne: Loison leaving Zone B draws 1 marker, 2 when Anglo-Allied units stand in Sintra and
   Loures. */
START_TEST(test_1808_fleet_and_lines_of_communication)
{
    wg_ctx *ctx = new_ctx();
    for (int k = 0; k < 2; k++) {
        char *pack = pack_edit("1808", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 8 August 16 6 3 2 AA 0",
                               "unit F inf Delaborde mp=6 boxes=2,3,3,4 at=\"Zone A\"",
                               "unit F inf Delaborde mp=6 boxes=2,3,3,4 at=Lourinha", (const char *)NULL);
        wg_game *g = game_from(ctx, "1808", pack);
        choose_all(g, (const char *const[]){"Genie", "keep", "Genie", "keep", NULL});
        ck_assert_msg(wgp_count(g, "fleet to") == 3, "%s", wgp_options_dump(g));
        ck_assert_int_ge(wgp_find(g, "fleet to Maceira"), 0);
        ck_assert_int_ge(wgp_find(g, "fleet to Ericeira"), 0);
        ck_assert_int_ge(wgp_find(g, "fleet to Lisbonne"), 0);
        if (k == 1) {
            size_t n0 = wgp_event_count(g);
            wgp_choose(g, "fleet to Maceira");
            assert_event(g, n0, "the British fleet sails to Maceira");
            assert_zone(g, 1, "Maceira", "Maceira: [Anglo-Allied: Flotte (fleet)]");
            ck_assert_int_eq(wgp_decider(g), 0); /* still his operation */
            ck_assert_int_lt(wgp_find(g, "fleet to"), 0);
        }
        wgp_choose(g, "move a stack from Obidos");
        form_only(g, "3rd/4th");
        size_t n0 = wgp_event_count(g);
        wgp_choose(g, "go to Caldas");
        assert_event(g, n0, k == 0 ? "Anglo-Allied stack must draw 1 fatigue marker"
                                   : "Anglo-Allied stack must draw 2 fatigue markers");
        draw_zero_fatigue(g);
        wgp_choose(g, "stop");
        wgp_choose(g, "pass"); /* French */
        /* the second Anglo-Allied operation: no fleet */
        ck_assert_int_eq(wgp_decider(g), 0);
        ck_assert_msg(wgp_find(g, "fleet to") < 0, "%s", wgp_options_dump(g));
        if (k == 1) {
            /* the first operation of turn 2 offers the fleet again, from Maceira */
            choose_all(g, (const char *const[]){"pass", "dice AA 6, F 1", "Rifles", "keep", "Elan", "keep", NULL});
            ck_assert_int_eq(wgp_decider(g), 0);
            ck_assert_msg(wgp_count(g, "fleet to") == 3 && wgp_find(g, "fleet to Peniche") >= 0 &&
                              wgp_find(g, "fleet to Maceira") < 0,
                          "%s", wgp_options_dump(g));
        }
        wg_game_free(g);
    }
    /* the French line of communication */
    for (int k = 0; k < 2; k++) {
        char *pack = k == 0 ? pack_edit("1808", "scenario 1808 8 August 16 6 3 2 roll 0",
                                        "scenario 1808 8 August 16 6 3 2 F 0", (const char *)NULL)
                            : pack_edit("1808", "scenario 1808 8 August 16 6 3 2 roll 0",
                                        "scenario 1808 8 August 16 6 3 2 F 0",
                                        "unit AA inf Trant mp=6 boxes=2,2,3 at=Obidos",
                                        "unit AA inf Trant mp=6 boxes=2,2,3 at=Sintra",
                                        "unit AA cav \"20th dragon\" mp=8 morale=4 british at=Obidos",
                                        "unit AA cav \"20th dragon\" mp=8 morale=4 british at=Loures",
                                        (const char *)NULL);
        wg_game *g = game_from(ctx, "1808", pack);
        choose_all(g, (const char *const[]){"Genie", "keep", "Genie", "keep", "move a stack from Zone B", NULL});
        form_only(g, "Loison");
        wgp_choose(g, "roll 6");
        size_t n0 = wgp_event_count(g);
        wgp_choose(g, "go to Alcoentre");
        assert_event(g, n0,
                     k == 0 ? "French stack must draw 1 fatigue marker" : "French stack must draw 2 fatigue markers");
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* LM-SCEN1808-11 (§8.1.7): the fleet is no stack: Delaborde marches from Vimeiro into Maceira, where
   the fleet lies: one fatigue marker (no enemy zone), no stop or forced passage, no Retraite marker;
   his move goes on and the fleet stays. */
START_TEST(test_1808_fleet_is_no_stack)
{
    wg_ctx *ctx = new_ctx();
    char *pack = pack_edit("1808", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 8 August 16 6 3 2 AA 0",
                           "unit F inf Delaborde mp=6 boxes=2,3,3,4 at=\"Zone A\"",
                           "unit F inf Delaborde mp=6 boxes=2,3,3,4 at=Vimeiro", (const char *)NULL);
    wg_game *g = game_from(ctx, "1808", pack);
    choose_all(g, (const char *const[]){"Genie", "keep", "Genie", "keep", "fleet to Maceira", "pass",
                                        "move a stack from Vimeiro", "stack formed", "roll 6", NULL});
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "go to Maceira");
    assert_event(g, n0, "French stack must draw 1 fatigue marker");
    draw_zero_fatigue(g);
    assert_no_event(g, n0, "Retraite");
    assert_no_event(g, n0, "eliminated");
    ck_assert_msg(strstr(wgp_decision(g), "move: next connection"), "%s", wgp_options_dump(g));
    ck_assert_int_ge(wgp_find(g, "go to Vimeiro"), 0);
    assert_zone(g, WG_VIEW_REFEREE, "Maceira",
                "Maceira: [Anglo-Allied: Flotte (fleet)] [French: Delaborde (infantry 4/4, activated)]");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-SCEN1808-08 (§8.1.4): the Anglo-Allied player has 3 decoys, the French 2: each adds one at an
   operation (the operation goes on: a one-unit move or a pass); once they are all on the map the
   option is gone. */
START_TEST(test_1808_decoys)
{
    wg_ctx *ctx = new_ctx();
    char *pack = pack_edit("1808", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 8 August 16 6 3 2 AA 0",
                           (const char *)NULL);
    wg_game *g = game_from(ctx, "1808", pack);
    choose_all(g, (const char *const[]){"Genie", "keep", "Genie", "keep", NULL});
    static const char *const movers[] = {"1st/2nd", "3rd/4th", "5th/6th"};
    for (int k = 0; k < 3; k++) {
        ck_assert_int_eq(wgp_decider(g), 0);
        wgp_choose(g, "add a decoy in Obidos");
        char want[32];
        snprintf(want, sizeof want, "AA decoy %d (decoy)", k + 1);
        assert_describe_has(g, 0, want);
        wgp_choose(g, "move a stack from Obidos");
        form_only(g, movers[k]);
        wgp_choose(g, "stop");
        ck_assert_int_eq(wgp_decider(g), 1);
        if (k < 2) {
            wgp_choose(g, "add a decoy in Zone A");
            snprintf(want, sizeof want, "F decoy %d (decoy)", k + 1);
            assert_describe_has(g, 1, want);
        } else {
            ck_assert_msg(wgp_find(g, "add a decoy") < 0, "%s", wgp_options_dump(g));
        }
        wgp_choose(g, "pass");
    }
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_msg(wgp_find(g, "add a decoy") < 0, "%s", wgp_options_dump(g));
    assert_describe_lacks(g, WG_VIEW_REFEREE, "AA decoy 4");
    assert_describe_lacks(g, WG_VIEW_REFEREE, "F decoy 3");
    /* a decoy is one more hidden counter for the other side */
    assert_zone(g, 0, "Zone A", "Zone A: [French: 5 hidden counters]");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST


/* LM-VP-05, LM-OOB-06 (§8.1.5, §1.3): the Chasseurs alone in Obidos, attacked by the Anglo-Allied
   army: the cavalry counter is one step (amplitude 20 + 1 = 21); its one loss eliminates it, 1 VP. */
START_TEST(test_1808_cavalry_eliminated)
{
    wg_ctx *ctx = new_ctx();
    char *pack = pack_edit("1808", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 8 August 16 6 3 2 AA 0",
                           "unit F cav Chasseurs mp=8 morale=4 at=\"Zone A\"",
                           "unit F cav Chasseurs mp=8 morale=4 at=Obidos",
                           (const char *)NULL);
    wg_game *g = game_from(ctx, "1808", pack);
    size_t n0 = wgp_event_count(g);
    choose_all(g, (const char *const[]){"Genie", "keep", "Genie", "keep", "attack in Obidos", "stack formed",
                                        "0 artillery", "head unit 1st/2nd", "head unit Chasseurs", "roll 6", "roll 1",
                                        NULL});
    assert_event(g, n0, "turned over: Chasseurs, 1 step(s)");
    assert_event(g, n0, "amplitude 21");
    assert_event(g, n0, "losses AA 0, F 8");
    pass_event_windows(g);
    size_t n1 = wgp_event_count(g);
    wgp_choose(g, "loss on Chasseurs");
    assert_event(g, n1, "Chasseurs eliminated");
    assert_event(g, n1, "Anglo-Allied scores 1 VP");
    ck_assert_int_eq(score(g), 1);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---- the maps ---- */

/* LM-MAP-01, LM-MAP-09 (§1.2, §8.1.2, §8.2.2, §8.2.5): every zone of both maps has one of the three
   types, and the zones named by the scenarios exist, the 1809 ones south of the Douro flagged so; a
   map with another zone type is refused.  The type plays: Delaborde defending in Obidos (a town,
   defensive value 1) has CP 3; the same melee with Obidos made clear gives 2. */
START_TEST(test_map_zone_types)
{
    wg_ctx *ctx = new_ctx();
    static const char *const named[2][8] = {
        {"Obidos", "Peniche", "Lisbonne", "Zone A", "Zone B", NULL},
        {"Lamego", "Zone A", "Zone B", "Zone C", "Zone D", "Oporto", "Amarante", "Braga"}};
    const char *sc[2] = {"1808", "1809"};
    for (int k = 0; k < 2; k++) {
        wg_game *g = wgp_new(ctx, "marechaux", sc[k], NULL, 1, NULL);
        const wg_map *map = NULL;
        ck_assert_int_eq(wg_game_map(&map, g), WG_OK);
        int nz = 0;
        ck_assert_int_eq(wg_map_space_count(&nz, map), WG_OK);
        for (int z = 0; z < nz; z++) {
            int t = -1;
            const char *tn = NULL, *zn = NULL;
            ck_assert_int_eq(wg_map_terrain(&t, map, z), WG_OK);
            ck_assert_int_eq(wg_map_terrain_name(&tn, map, t), WG_OK);
            ck_assert_int_eq(wg_map_name(&zn, map, z), WG_OK);
            ck_assert_msg(!strcmp(tn, "clear") || !strcmp(tn, "defensive") || !strcmp(tn, "town"), "%s: %s", zn, tn);
        }
        for (int i = 0; i < 8 && named[k][i]; i++) {
            int z = -1;
            ck_assert_msg(wg_map_find(&z, map, named[k][i]) == WG_OK, "%s %s", sc[k], named[k][i]);
        }
        if (k == 1) {
            int south = -1;
            ck_assert_int_eq(wg_map_flag_bit(&south, map, "south"), WG_OK);
            static const char *const s_zones[] = {"Lamego", "Zone A", "Zone B", "Zone C", "Zone E", "Zone F", "Zone G"};
            static const char *const n_zones[] = {"Oporto", "Amarante", "Braga", "Zone D"};
            for (size_t i = 0; i < 7; i++) {
                int z = -1;
                uint32_t f = 0;
                ck_assert_int_eq(wg_map_find(&z, map, s_zones[i]), WG_OK);
                ck_assert_int_eq(wg_map_flags(&f, map, z), WG_OK);
                ck_assert_msg(f & (1u << south), "%s", s_zones[i]);
            }
            for (size_t i = 0; i < 4; i++) {
                int z = -1;
                uint32_t f = 0;
                ck_assert_int_eq(wg_map_find(&z, map, n_zones[i]), WG_OK);
                ck_assert_int_eq(wg_map_flags(&f, map, z), WG_OK);
                ck_assert_msg(!(f & (1u << south)), "%s", n_zones[i]);
            }
        }
        wg_game_free(g);
    }
    /* a fourth zone type is no map of this ruleset */
    char *src = wgp_read_source("data/marechaux/1808-map.wgd", NULL);
    char *m1 = wgp_replace(src, "terrain clear defensive town", "terrain clear defensive town swamp");
    char *map = wgp_replace(m1, "zone Caldas clear", "zone Caldas swamp");
    char *pack = wgp_read_source("data/marechaux/1808.wgd", NULL);
    wgp_doc docs[] = {{"map", map}, {"pack", pack}, {NULL, NULL}};
    wg_game *bad = NULL;
    ck_assert_int_ne(wgp_try_new(&bad, ctx, "marechaux", "1808", NULL, 1, docs), WG_OK);
    ck_assert_ptr_null(bad);
    free(pack);
    free(map);
    free(m1);
    free(src);

    /* the defensive value of the zone type in a melee */
    for (int k = 0; k < 2; k++) {
        char *p = pack_edit("1808", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 8 August 16 6 3 2 AA 0",
                            "unit F inf Delaborde mp=6 boxes=2,3,3,4 at=\"Zone A\"",
                            "unit F inf Delaborde mp=6 boxes=2,3 at=Obidos", (const char *)NULL);
        static const char *const clear[] = {"zone Obidos town", "zone Obidos clear", NULL};
        wg_game *g = k == 0 ? game_from(ctx, "1808", p) : game_from_map(ctx, "1808", p, clear);
        size_t n0 = wgp_event_count(g);
        choose_all(g, (const char *const[]){"Genie", "keep", "Genie", "keep", "attack in Obidos", "stack formed",
                                            "0 artillery", "head unit 1st/2nd", "head unit Delaborde", "roll 6",
                                            "roll 1", NULL});
        assert_event(g, n0, k == 0 ? "French CP 3 (ratio 0, head morale 3)" : "French CP 2 (ratio 0, head morale 3)");
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* LM-MAP-04, LM-MAP-02 (§5.4, §1.2): from Obidos the road to Caldas costs 1 MP and the path to
   Lourinha 2 (the terrain table of the pack); 3rd/4th takes the path: 2 MP spent, and he stands in
   Lourinha, no longer in Obidos. */
START_TEST(test_map_connection_costs)
{
    wg_ctx *ctx = new_ctx();
    char *pack = pack_edit("1808", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 8 August 16 6 3 2 AA 0",
                           (const char *)NULL);
    wg_game *g = game_from(ctx, "1808", pack);
    const wg_map *map = NULL;
    ck_assert_int_eq(wg_game_map(&map, g), WG_OK);
    ck_assert_str_eq(conntype_between(map, "Obidos", "Lourinha", 0), "path");
    ck_assert_str_eq(conntype_between(map, "Obidos", "Caldas", 0), "route");
    ck_assert_str_eq(conntype_between(map, "Peniche", "Obidos", 0), "road");
    choose_all(g, (const char *const[]){"Genie", "keep", "Genie", "keep", "move a stack from Obidos", NULL});
    form_only(g, "3rd/4th");
    ck_assert_int_ge(wgp_find(g, "go to Caldas (1 MP)"), 0);
    ck_assert_int_ge(wgp_find(g, "go to Peniche (1 MP)"), 0);
    ck_assert_int_ge(wgp_find(g, "go to Lourinha (2 MP)"), 0);
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "go to Lourinha");
    assert_event(g, n0, "Anglo-Allied stack moves Obidos -> Lourinha");
    assert_describe_has(g, 0, "moving stack: PM 2 MP spent in Lourinha");
    draw_zero_fatigue(g);
    wgp_choose(g, "stop");
    char buf[1024];
    ck_assert_msg(strstr(zone_line_for(g, WG_VIEW_REFEREE, "Lourinha", buf, sizeof buf), "3rd/4th"), "%s", buf);
    ck_assert_msg(!strstr(zone_line_for(g, WG_VIEW_REFEREE, "Obidos", buf, sizeof buf), "3rd/4th"), "%s", buf);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-MAP-05 (§5.4, §5.5): with the Obidos - Caldas connection made impassable (a map edit), no stack
   of Obidos is offered it; with the Peniche - Obidos road impassable, Peniche (the fleet's port) is
   out of reach of Obidos: with the French in Lourinha, Zone A and Zone B, a stack leaving Obidos is
   cut off from its line of communication (2 fatigue markers instead of 1). */
START_TEST(test_map_impassable)
{
    wg_ctx *ctx = new_ctx();
    char *pack = pack_edit("1808", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 8 August 16 6 3 2 AA 0",
                           (const char *)NULL);
    wg_game *g = game_from_map(ctx, "1808", pack,
                              (const char *const[]){"conntype road route path",
                                                    "conntype road route path route-impassable",
                                                    "conn Obidos Caldas route 1",
                                                    "conn Obidos Caldas route-impassable 1", NULL});
    choose_all(g, (const char *const[]){"Genie", "keep", "Genie", "keep", "move a stack from Obidos", NULL});
    form_only(g, "3rd/4th");
    ck_assert_msg(wgp_find(g, "go to Caldas") < 0, "%s", wgp_options_dump(g));
    ck_assert_int_ge(wgp_find(g, "go to Zone A"), 0);
    wg_game_free(g);

    for (int k = 0; k < 2; k++) {
        pack = pack_edit("1808", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 8 August 16 6 3 2 AA 0",
                         "unit F inf Delaborde mp=6 boxes=2,3,3,4 at=\"Zone A\"",
                         "unit F inf Delaborde mp=6 boxes=2,3,3,4 at=Lourinha", (const char *)NULL);
        g = k == 0 ? game_from(ctx, "1808", pack)
                   : game_from_map(ctx, "1808", pack,
                                   (const char *const[]){"conntype road route path",
                                                         "conntype road route path road-impassable",
                                                         "conn Peniche Obidos road 1",
                                                         "conn Peniche Obidos road-impassable 1",
                                                         NULL});
        choose_all(g, (const char *const[]){"Genie", "keep", "Genie", "keep", "move a stack from Obidos", NULL});
        form_only(g, "3rd/4th");
        size_t n0 = wgp_event_count(g);
        wgp_choose(g, "go to Caldas");
        assert_event(g, n0, k == 0 ? "must draw 1 fatigue marker" : "must draw 2 fatigue markers");
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* LM-MAP-06 (§7.6): 3rd/4th crosses the Alcabrichel (Lourinha - Vimeiro, a road over a stream) and
   receives "dos a la riviere"; crossing a plain road (Obidos - Peniche) places none. */
START_TEST(test_map_stream_crossing)
{
    wg_ctx *ctx = new_ctx();
    char *pack = pack_edit("1808", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 8 August 16 6 3 2 AA 0",
                           (const char *)NULL);
    wg_game *g = game_from(ctx, "1808", pack);
    const wg_map *map = NULL;
    ck_assert_int_eq(wg_game_map(&map, g), WG_OK);
    ck_assert_str_eq(conntype_between(map, "Lourinha", "Vimeiro", 0), "road-stream");
    ck_assert_str_eq(conntype_between(map, "Zone A", "Torres Vedras", 0), "road-bridge");
    choose_all(g, (const char *const[]){"Genie", "keep", "Genie", "keep", "move a stack from Obidos", NULL});
    form_only(g, "3rd/4th");
    wgp_choose(g, "go to Lourinha");
    draw_zero_fatigue(g);
    assert_describe_lacks(g, 0, "dos a la riviere");
    wgp_choose(g, "go to Vimeiro");
    draw_zero_fatigue(g);
    assert_describe_has(g, 0, "3rd/4th (infantry 4/4, activated, dos a la riviere)");
    wgp_choose(g, "stop");
    wgp_choose(g, "pass"); /* French */
    wgp_choose(g, "move a stack from Obidos");
    form_only(g, "5th/6th");
    wgp_choose(g, "go to Peniche");
    draw_zero_fatigue(g);
    assert_describe_has(g, 0, "5th/6th (infantry 4/4, activated)");
    assert_describe_lacks(g, 0, "5th/6th (infantry 4/4, activated, dos");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---- garrisons ---- */

static const char *const lone_first_brigade[] = {"move a stack from Obidos", "leave out Wellesley", "leave out 3rd/4th",
                                                  "leave out 5th/6th", "leave out Trant", "leave out 20th dragon",
                                                  "leave out Portuguese cavalry", "leave out Artillery 1",
                                                  "leave out Artillery 2", "leave out Artillery 3",
                                                  "leave out Baggage", "stack formed", NULL};

/* LM-GARRISON-01, LM-GARRISON-02, LM-GARRISON-03 (§7.3, PD-12): 1st/2nd, at the start of its
   move in Obidos (a town free of enemy units), creates a garrison: it loses a step (3/4) and the
   counter stands in Obidos.  In Caldas (clear) no garrison can be made.  The garrison never joins a
   stack: it is not among the units offered when a stack is formed in Obidos.  3rd/4th, without
   losses, cannot take it back; on turn 2 1st/2nd comes back to Obidos and takes it back, erasing its
   loss (4/4), and the counter is gone. */
START_TEST(test_garrison_create_and_recover)
{
    wg_ctx *ctx = new_ctx();
    char *pack = pack_edit("1808", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 8 August 16 6 3 2 AA 0",
                           (const char *)NULL);
    wg_game *g = game_from(ctx, "1808", pack);
    choose_all(g, (const char *const[]){"Genie", "keep", "Genie", "keep", NULL});
    choose_all(g, lone_first_brigade);
    ck_assert_int_lt(wgp_find(g, "recovers"), 0);
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "1st/2nd creates a garrison");
    assert_event(g, n0, "1st/2nd creates a garrison in Obidos");
    assert_describe_has(g, WG_VIEW_REFEREE, "1st/2nd (infantry 3/4, activated)");
    assert_describe_has(g, WG_VIEW_REFEREE, "AA garrison 1 (garrison");
    ck_assert_int_lt(wgp_find(g, "creates a garrison"), 0); /* one per movement */
    wgp_choose(g, "go to Caldas");
    draw_zero_fatigue(g);
    ck_assert_msg(wgp_find(g, "creates a garrison") < 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "stop");
    char buf[1024];
    ck_assert_msg(strstr(zone_line_for(g, WG_VIEW_REFEREE, "Obidos", buf, sizeof buf), "AA garrison 1"), "%s", buf);
    ck_assert_msg(strstr(zone_line_for(g, WG_VIEW_REFEREE, "Caldas", buf, sizeof buf), "1st/2nd"), "%s", buf);
    wgp_choose(g, "pass"); /* French */
    /* a stack formed in Obidos: the garrison is not offered, 3rd/4th cannot take it back */
    wgp_choose(g, "move a stack from Obidos");
    ck_assert_msg(wgp_find(g, "garrison") < 0, "%s", wgp_options_dump(g));
    static const char *const third[] = {"leave out Wellesley", "leave out 5th/6th", "leave out Trant",
                                        "leave out 20th dragon", "leave out Portuguese cavalry",
                                        "leave out Artillery 1", "leave out Artillery 2", "leave out Artillery 3",
                                        "leave out Baggage", "stack formed", NULL};
    choose_all(g, third);
    ck_assert_msg(wgp_find(g, "recovers") < 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "stop");
    ck_assert_msg(strstr(zone_line_for(g, WG_VIEW_REFEREE, "Obidos", buf, sizeof buf), "AA garrison 1"), "%s", buf);
    /* to turn 2 */
    choose_all(g, (const char *const[]){"pass", "pass", "dice AA 6, F 1", "Rifles", "keep", "Elan", "keep",
                                        "move a stack from Caldas", "stack formed", "roll 6", "go to Obidos",
                                        NULL});
    draw_zero_fatigue(g);
    n0 = wgp_event_count(g);
    wgp_choose(g, "1st/2nd recovers the garrison");
    assert_event(g, n0, "1st/2nd");
    assert_describe_has(g, WG_VIEW_REFEREE, "1st/2nd (infantry 4/4, activated)");
    assert_describe_lacks(g, WG_VIEW_REFEREE, "AA garrison 1");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-GARRISON-02, LM-GARRISON-01 (§7.3): the French stack formed in Lisbonne offers Junot, Charlot,
   the dragoons, the artillery and the baggage, never the two garrisons; when the whole stack marches
   away the garrisons stay in Lisbonne.  With both counters on the map Charlot cannot create a
   garrison; with one left in the pool he can. */
START_TEST(test_garrison_immobile)
{
    wg_ctx *ctx = new_ctx();
    char *pack = pack_edit("1808", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 8 August 16 6 3 2 F 0",
                           (const char *)NULL);
    wg_game *g = game_from(ctx, "1808", pack);
    choose_all(g, (const char *const[]){"Genie", "keep", "Genie", "keep", "move a stack from Lisbonne", NULL});
    ck_assert_msg(wgp_count(g, "leave out") == 6, "%s", wgp_options_dump(g));
    ck_assert_msg(wgp_find(g, "garrison") < 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "stack formed");
    /* both French garrison counters are on the map: Charlot cannot make a third */
    ck_assert_msg(wgp_find(g, "creates a garrison") < 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "go to Sintra");
    draw_zero_fatigue(g);
    wgp_choose(g, "stop");
    assert_zone(g, WG_VIEW_REFEREE, "Lisbonne", "Lisbonne: [French: F garrison 1 (garrison) F garrison 2 (garrison)]");
    char buf[1024];
    ck_assert_msg(strstr(zone_line_for(g, WG_VIEW_REFEREE, "Sintra", buf, sizeof buf), "Junot"), "%s", buf);
    wg_game_free(g);

    /* one counter in Lisbonne, one available: Charlot may create it */
    pack = pack_edit("1808", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 8 August 16 6 3 2 F 0",
                     "garrison F 2 3 Lisbonne Lisbonne", "garrison F 2 3 Lisbonne", (const char *)NULL);
    g = game_from(ctx, "1808", pack);
    choose_all(g, (const char *const[]){"Genie", "keep", "Genie", "keep", "move a stack from Lisbonne", NULL});
    ck_assert_msg(wgp_count(g, "leave out") == 6, "%s", wgp_options_dump(g));
    wgp_choose(g, "stack formed");
    ck_assert_msg(wgp_find(g, "Charlot creates a garrison") >= 0, "%s", wgp_options_dump(g));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-GARRISON-04, LM-GARRISON-05, LM-GARRISON-06, LM-VP-04 (§7.3, §8.1.5): Charlot and two French
   garrisons (morale 5 in this pack) in Obidos, attacked by 1st/2nd and 3rd/4th.  A garrison may be
   the head unit and brings its morale (head morale 5); the first loss falls on it and eliminates it;
   the other garrison, which must retreat, is eliminated too; neither scores a VP. */
START_TEST(test_garrison_in_combat)
{
    wg_ctx *ctx = new_ctx();
    char *pack = pack_edit("1808", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 8 August 16 6 3 2 AA 0",
                           "garrison F 2 3 Lisbonne Lisbonne", "garrison F 2 5 Obidos Obidos",
                           "unit F inf Charlot mp=6 boxes=2,3,3 at=Lisbonne",
                           "unit F inf Charlot mp=6 boxes=2,3,3 at=Obidos",
                           (const char *)NULL);
    wg_game *g = game_from(ctx, "1808", pack);
    static const char *const play[] = {"Genie", "keep", "Genie", "keep", "attack in Obidos", "leave out Wellesley",
                                       "leave out 5th/6th", "leave out Trant", "leave out 20th dragon",
                                       "leave out Portuguese cavalry", "leave out Artillery 1", "leave out Artillery 2",
                                       "leave out Artillery 3", "leave out Baggage", "stack formed",
                                       "head unit 1st/2nd", NULL};
    size_t nt = wgp_event_count(g);
    choose_all(g, play);
    assert_event(g, nt, "turned over: F garrison 1, 1 step(s)");
    ck_assert_msg(wgp_find(g, "head unit F garrison 1") >= 0, "%s", wgp_options_dump(g));
    size_t n0 = wgp_event_count(g);
    choose_all(g, (const char *const[]){"head unit F garrison 1", "roll 6", "roll 1", NULL});
    assert_event(g, n0, "French CP 5 (ratio 0, head morale 5)");
    assert_event(g, n0, "losses AA 0, F 1");
    pass_event_windows(g);
    /* the first loss goes to the head unit: the only loss offered */
    ck_assert_msg(wgp_count(g, "loss on ") == 1 && wgp_find(g, "loss on F garrison 1") >= 0, "%s",
                  wgp_options_dump(g));
    n0 = wgp_event_count(g);
    wgp_choose(g, "loss on F garrison 1");
    long e5 = wgp_find_event(g, n0, "F garrison 1 eliminated", WG_VIEW_REFEREE);
    long e6 = wgp_find_event(g, n0, "F garrison 2 eliminated", WG_VIEW_REFEREE);
    ck_assert_msg(e5 >= 0 && e6 > e5, "%s", wgp_events_dump(g, n0, WG_VIEW_REFEREE));
    const char *rule = NULL;
    ck_assert_int_eq(wg_game_event_rule(&rule, g, (size_t)e5), WG_OK);
    ck_assert_str_eq(rule, "LM-GARRISON-05");
    ck_assert_int_eq(wg_game_event_rule(&rule, g, (size_t)e6), WG_OK);
    ck_assert_str_eq(rule, "LM-GARRISON-06");
    assert_describe_lacks(g, WG_VIEW_REFEREE, "F garrison");
    assert_no_event(g, n0, "scores");
    ck_assert_int_eq(score(g), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---- 1809 ---- */

static void assert_draw_mix(wg_game *g, const char *const *names, const size_t *counts, size_t n, size_t total)
{
    ck_assert_msg(wgp_option_count(g) == total, "%s", wgp_options_dump(g));
    for (size_t k = 0; k < n; k++) {
        char needle[64];
        snprintf(needle, sizeof needle, ": %s", names[k]);
        ck_assert_msg(wgp_count(g, needle) == counts[k], "%s: %s", names[k], wgp_options_dump(g));
    }
}

/* LM-SCEN1809-01, LM-SCEN1809-03, LM-SCEN1809-04, LM-SCEN1809-05, LM-SCEN1809-06, LM-SCEN1809-07,
   LM-SCEN1809-10, LM-SCEN1809-11, LM-SCEN1809-12 (§8.2.1, §8.2.2, §8.2.5, §8.2.6): the bundled 1809
   game: turn 1 of 12, May 8; Silveira fixed in Lamego and the French set-up as printed; the
   Anglo-Allied player holds Douro and Argenton and has 13 markers in his container, the French 12;
   the historical placement puts the free units in zones A, B and C as printed (Beresford in Zone A,
   GAP-20); turn 1's initiative is the Anglo-Allied player's without a roll. */
START_TEST(test_1809_setup)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = wgp_new(ctx, "marechaux", "1809", NULL, 1, NULL);
    assert_describe_has(g, WG_VIEW_REFEREE, "Les Marechaux 1809, turn 1 of 12 (May 8), phase set-up");
    assert_zone(g, WG_VIEW_REFEREE, "Lamego", "Lamego: [Anglo-Allied: Silveira (infantry 3/3)]");
    assert_zone(g, WG_VIEW_REFEREE, "Oporto",
                "Oporto: [French: Soult (commander SV 2 CiC) Reynaud (infantry 4/4) Foy (infantry 4/4) Artillerie 1 "
                "(artillery) Artillerie 2 (artillery) Horse Artillery (artillery) Bagages (baggage)]");
    assert_zone(g, WG_VIEW_REFEREE, "Amarante",
                "Amarante: [French: Loison (commander SV 1) Sarrut (infantry 4/4) Heudelet (infantry 4/4) 17th/18th "
                "dragon (cavalry) 19th/27th dragon (cavalry) Artillerie 3 (artillery) Artillerie 4 (artillery)]");
    assert_zone(g, WG_VIEW_REFEREE, "Braga", "Braga: [French: 13th dragon (cavalry) 22th dragon (cavalry)]");
    assert_zone(g, WG_VIEW_REFEREE, "Zone D", "Zone D: [French: Mermet (infantry 4/4) 8th dragon (cavalry)]");
    assert_zone(g, WG_VIEW_REFEREE, "Zone E", "Zone E: [French: Chasseurs (cavalry)]");
    assert_zone(g, WG_VIEW_REFEREE, "Zone F", "Zone F: [French: 1st hussards (cavalry)]");
    assert_zone(g, WG_VIEW_REFEREE, "Zone G", "Zone G: [French: Delaborde (infantry 4/4)]");
    assert_describe_has(g, WG_VIEW_REFEREE, "Anglo-Allied events: 13 in the container, held: Douro x1 Argenton x1");
    assert_describe_has(g, WG_VIEW_REFEREE, "French events: 12 in the container, held:");
    /* the French read only that two events are held */
    assert_describe_has(g, 1, "Anglo-Allied events: 13 in the container, 2 held");
    assert_describe_lacks(g, 1, "Argenton");
    /* the free units are not on the map yet */
    char buf[1024];
    ck_assert(!zone_line_for(g, WG_VIEW_REFEREE, "Zone A", buf, sizeof buf));
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_msg(strstr(wgp_decision(g), "place a unit"), "%s", wgp_decision(g));
    ck_assert_int_lt(wgp_find_event(g, 0, "turn 1 begins", WG_VIEW_REFEREE), 0);

    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "historical placement");
    assert_event(g, n0, "set-up: Hill placed in Zone C");
    assert_event(g, n0, "set-up: Beresford placed in Zone A");
    assert_event(g, n0, "set-up: Wellesley placed in Zone B");
    assert_no_event(g, n0, "Silveira placed");
    /* the French read that counters were placed, not which */
    ck_assert_int_ge(wgp_find_event(g, n0, "set-up: an Anglo-Allied counter placed", 1), 0);
    ck_assert_int_lt(wgp_find_event(g, n0, "Hill", 1), 0);
    ck_assert_int_lt(wgp_find_event(g, n0, "Wellesley", 1), 0);
    assert_zone(g, WG_VIEW_REFEREE, "Zone C", "Zone C: [Anglo-Allied: Hill (infantry 4/4)]");
    assert_zone(g, WG_VIEW_REFEREE, "Zone A",
                "Zone A: [Anglo-Allied: Beresford (commander SV 1) Tilson (infantry 2/2) Lopes de Sousa (infantry "
                "3/3) Portuguese artillery (artillery) Portuguese cavalry (cavalry)]");
    assert_zone(g, WG_VIEW_REFEREE, "Zone B",
                "Zone B: [Anglo-Allied: Wellesley (commander SV 2 CiC) Sheerbrooke (infantry 5/5) Paget (infantry "
                "4/4) Artillery 1 (artillery) Artillery 2 (artillery) Artillery 3 (artillery) 16th dragon (cavalry) "
                "14th dragon (cavalry) 20th dragon (cavalry) Baggage (baggage)]");
    assert_zone(g, WG_VIEW_REFEREE, "Lamego", "Lamego: [Anglo-Allied: Silveira (infantry 3/3)]");
    /* turn 1: the Anglo-Allied initiative without dice */
    assert_event(g, n0, "turn 1 begins");
    long ini = wgp_find_event(g, n0, "Anglo-Allied wins the initiative", WG_VIEW_REFEREE);
    ck_assert_int_ge(ini, 0);
    const char *rule = NULL;
    ck_assert_int_eq(wg_game_event_rule(&rule, g, (size_t)ini), WG_OK);
    ck_assert_str_eq(rule, "LM-SCEN1809-12");
    assert_no_event(g, n0, "against");
    ck_assert_int_lt(wgp_find(g, "dice AA"), 0);
    static const char *const aa[] = {"Genie", "Rifles", "Initiative", "Contre Batterie", "Guerrilla", "Rain", "Fire",
                                     "Desorientes", "Fuite"};
    static const size_t aa_n[] = {3, 1, 1, 1, 3, 1, 1, 1, 1};
    ck_assert_msg(strstr(wgp_decision(g), "Anglo-Allied: event draw"), "%s", wgp_decision(g));
    assert_draw_mix(g, aa, aa_n, 9, 13);
    wgp_choose(g, "Genie");
    wgp_choose(g, "keep");
    static const char *const fr[] = {"Inactivity", "Charge Incontrolee", "Genie", "Major Dulong", "Initiative",
                                     "Contre Batterie", "Rain", "Elan", "Withdrawal"};
    static const size_t fr_n[] = {2, 1, 3, 1, 1, 1, 1, 1, 1};
    ck_assert_msg(strstr(wgp_decision(g), "French: event draw"), "%s", wgp_decision(g));
    assert_draw_mix(g, fr, fr_n, 9, 12);
    wgp_choose(g, "Genie");
    wgp_choose(g, "keep");
    /* phase C: the Anglo-Allied player has the first operation */
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_int_ge(wgp_find(g, "pass"), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-SCEN1809-02 (§8.2.2, PD-01): the free placement offers zones A, B and C only, for every
   Anglo-Allied unit but Silveira, one after the other, and each goes where it is told. */
START_TEST(test_1809_free_placement)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = wgp_new(ctx, "marechaux", "1809", NULL, 1, NULL);
    static const char *const units[] = {"Wellesley", "Beresford", "Sheerbrooke", "Paget", "Hill", "Tilson",
                                        "Lopes de Sousa", "Artillery 1", "Artillery 2", "Artillery 3",
                                        "Portuguese artillery", "16th dragon", "14th dragon", "20th dragon",
                                        "Portuguese cavalry", "Baggage"};
    static const char *const zones[] = {"Zone C", "Zone A", "Zone B"};
    size_t placed = 0;
    for (; strstr(wgp_decision(g), "place a unit"); placed++) {
        ck_assert_int_eq(wgp_decider(g), 0);
        ck_assert_msg(wgp_option_count(g) == (placed == 0 ? 4u : 3u), "%s", wgp_options_dump(g));
        ck_assert_int_ge(wgp_find(g, "place in Zone A"), 0);
        ck_assert_int_ge(wgp_find(g, "place in Zone B"), 0);
        ck_assert_int_ge(wgp_find(g, "place in Zone C"), 0);
        if (placed == 0)
            ck_assert_int_ge(wgp_find(g, "historical placement"), 0);
        size_t n0 = wgp_event_count(g);
        char want[96];
        ck_assert_uint_lt(placed, 16);
        snprintf(want, sizeof want, "set-up: %s placed in %s", units[placed], zones[placed % 3]);
        char opt[32];
        snprintf(opt, sizeof opt, "place in %s", zones[placed % 3]);
        wgp_choose(g, opt);
        assert_event(g, n0, want);
        ck_assert_int_ge(wgp_find_event(g, n0, "set-up: an Anglo-Allied counter placed", 1), 0);
        ck_assert_int_lt(wgp_find_event(g, n0, units[placed], 1), 0);
    }
    ck_assert_uint_eq(placed, 16);
    assert_event(g, 0, "turn 1 begins");
    assert_zone(g, WG_VIEW_REFEREE, "Zone C",
                "Zone C: [Anglo-Allied: Wellesley (commander SV 2 CiC) Paget (infantry 4/4) Lopes de Sousa (infantry "
                "3/3) Artillery 3 (artillery) 14th dragon (cavalry) Baggage (baggage)]");
    assert_zone(g, WG_VIEW_REFEREE, "Lamego", "Lamego: [Anglo-Allied: Silveira (infantry 3/3)]");
    assert_zone(g, 1, "Zone A", "Zone A: [Anglo-Allied: 5 hidden counters]");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* The 1809 game with the pack edited by the (from, to) pairs, historical placement, phase B played
   (both keep Genie): the first operation. */
static wg_game *game_1809(wg_ctx *ctx, const char *const *edits)
{
    char *text = wgp_read_source("data/marechaux/1809.wgd", NULL);
    for (; edits && *edits; edits += 2) {
        char *next = wgp_replace(text, edits[0], edits[1]);
        free(text);
        text = next;
    }
    wg_game *g = game_from(ctx, "1809", text);
    choose_all(g, (const char *const[]){"historical placement", "Genie", "keep", "Genie", "keep", NULL});
    return g;
}

static const char *conntype_between(const wg_map *map, const char *a, const char *b, int nth)
{
    int za = -1, zb = -1, nc = 0;
    ck_assert_int_eq(wg_map_find(&za, map, a), WG_OK);
    ck_assert_int_eq(wg_map_find(&zb, map, b), WG_OK);
    ck_assert_int_eq(wg_map_conn_count(&nc, map), WG_OK);
    for (int c = 0; c < nc; c++) {
        int x, y, type, cost;
        ck_assert_int_eq(wg_map_conn_info(&x, &y, &type, &cost, map, c), WG_OK);
        if (((x == za && y == zb) || (x == zb && y == za)) && nth-- == 0) {
            const char *name = NULL;
            ck_assert_int_eq(wg_map_conntype_name(&name, map, type), WG_OK);
            return name;
        }
    }
    return NULL;
}

/* LM-SCEN1809-14, LM-MAP-08, LM-MAP-06 (§8.2.6 rule 3, §7.6): Paget alone in Zone G (Gaia) takes the
   small boats to Oporto, held by the French: half of his 6 MP (PM 3), a "Dos a la riviere" marker,
   no Anglo-Allied axis of retreat there; the crossing ends his move.  The boats carry one unit a
   turn: Hill, after Paget, is not offered them; nor is a stack of two, nor a French stack. */
START_TEST(test_1809_small_boats)
{
    wg_ctx *ctx = new_ctx();
    static const char *const one[] = {"unit AA inf Paget mp=6 boxes=2,3,3,4 free at=\"Zone B\"",
                                      "unit AA inf Paget mp=6 boxes=2,3,3,4 at=\"Zone G\"",
                                      "unit F inf Delaborde mp=6 boxes=2,3,3,4 at=\"Zone G\"",
                                      "unit F inf Delaborde mp=6 boxes=2,3,3,4 at=Braga", NULL};
    wg_game *g = game_1809(ctx, one);
    const wg_map *map = NULL;
    ck_assert_int_eq(wg_game_map(&map, g), WG_OK);
    const char *t0 = conntype_between(map, "Zone G", "Oporto", 0), *t1 = conntype_between(map, "Zone G", "Oporto", 1);
    ck_assert(t0 && t1);
    ck_assert_msg((!strcmp(t0, "route-bridge") && !strcmp(t1, "boat-river")) ||
                      (!strcmp(t1, "route-bridge") && !strcmp(t0, "boat-river")),
                  "%s %s", t0, t1);
    choose_all(g, (const char *const[]){"move a stack from Zone G", "stack formed", "roll 6", NULL});
    ck_assert_msg(wgp_count(g, "go to Oporto") == 2, "%s", wgp_options_dump(g));
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "go to Oporto (0 MP)");
    assert_event(g, n0, "Anglo-Allied stack moves Zone G -> Oporto");
    assert_describe_has(g, 0, "moving stack: PM 3 MP spent in Oporto");
    assert_describe_has(g, 0, "Paget (infantry 4/4, activated, dos a la riviere)");
    draw_zero_fatigue(g);
    assert_event(g, n0, "Anglo-Allied has no axis of retreat in Oporto");
    ck_assert_int_eq(wgp_decider(g), 1);
    wgp_choose(g, "Retraite toward Braga");
    /* no forced passage after the crossing: the move is over, the French operation follows */
    ck_assert_msg(strstr(wgp_decision(g), "stop or force"), "%s", wgp_options_dump(g));
    ck_assert_int_lt(wgp_find(g, "force"), 0);
    wgp_choose(g, "stop");
    ck_assert_msg(strstr(wgp_decision(g), "French: choose an operation"), "%s", wgp_options_dump(g));
    wg_game_free(g);

    /* one crossing per turn: Paget takes the boats, then Hill, alone in Zone G too, is not offered them */
    static const char *const seq[] = {"unit AA inf Paget mp=6 boxes=2,3,3,4 free at=\"Zone B\"",
                                      "unit AA inf Paget mp=6 boxes=2,3,3,4 at=\"Zone G\"",
                                      "unit AA inf Hill mp=6 boxes=2,3,3,4 free at=\"Zone C\"",
                                      "unit AA inf Hill mp=6 boxes=2,3,3,4 at=\"Zone G\"",
                                      "unit F inf Delaborde mp=6 boxes=2,3,3,4 at=\"Zone G\"",
                                      "unit F inf Delaborde mp=6 boxes=2,3,3,4 at=Braga", NULL};
    g = game_1809(ctx, seq);
    wgp_choose(g, "move a stack from Zone G");
    form_only(g, "Paget");
    wgp_choose(g, "roll 6");
    wgp_choose(g, "go to Oporto (0 MP)");
    draw_zero_fatigue(g);
    wgp_choose(g, "Retraite toward Braga");
    wgp_choose(g, "stop");
    wgp_choose(g, "pass"); /* French */
    wgp_choose(g, "move a stack from Zone G");
    form_only(g, "Hill");
    wgp_choose(g, "roll 6");
    ck_assert_msg(wgp_count(g, "go to Oporto") == 1 && wgp_find(g, "go to Oporto (0 MP)") < 0, "%s",
                  wgp_options_dump(g));
    wg_game_free(g);

    /* two units in Zone G: no boat */
    static const char *const two[] = {"unit AA inf Paget mp=6 boxes=2,3,3,4 free at=\"Zone B\"",
                                      "unit AA inf Paget mp=6 boxes=2,3,3,4 at=\"Zone G\"",
                                      "unit AA inf Hill mp=6 boxes=2,3,3,4 free at=\"Zone C\"",
                                      "unit AA inf Hill mp=6 boxes=2,3,3,4 at=\"Zone G\"",
                                      "unit F inf Delaborde mp=6 boxes=2,3,3,4 at=\"Zone G\"",
                                      "unit F inf Delaborde mp=6 boxes=2,3,3,4 at=Braga", NULL};
    g = game_1809(ctx, two);
    choose_all(g, (const char *const[]){"move a stack from Zone G", "stack formed", "roll 6", NULL});
    ck_assert_msg(wgp_count(g, "go to Oporto") == 1 && wgp_find(g, "go to Oporto (0 MP)") < 0, "%s",
                  wgp_options_dump(g));
    wg_game_free(g);

    /* French: Delaborde in Zone G is offered the bridge only */
    static const char *const fr[] = {"scenario 1809 12 May 8 2 3 2 AA 11", "scenario 1809 12 May 8 2 3 2 F 11", NULL};
    g = game_1809(ctx, fr);
    choose_all(g, (const char *const[]){"move a stack from Zone G", "stack formed", "roll 6", NULL});
    ck_assert_msg(wgp_count(g, "go to Oporto") == 1 && wgp_find(g, "go to Oporto (0 MP)") < 0, "%s",
                  wgp_options_dump(g));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-SCEN1809-15, LM-MAP-08 (§8.2.6 rule 4): Tilson (6 MP) alone in Avintes crosses the Douro by the
   ferry (value 1) to Zone D, held by the French: half his MP plus the value, PM 4; the crossing ends
   his move. */
START_TEST(test_1809_ferry)
{
    wg_ctx *ctx = new_ctx();
    static const char *const ed[] = {"unit AA inf Tilson mp=6 boxes=3,4 free at=\"Zone A\"",
                                     "unit AA inf Tilson mp=6 boxes=3,4 at=Avintes", NULL};
    wg_game *g = game_1809(ctx, ed);
    const wg_map *map = NULL;
    ck_assert_int_eq(wg_game_map(&map, g), WG_OK);
    ck_assert_str_eq(conntype_between(map, "Avintes", "Zone D", 0), "ferry-river");
    choose_all(g, (const char *const[]){"move a stack from Avintes", "stack formed", "roll 6", NULL});
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "go to Zone D");
    assert_event(g, n0, "Anglo-Allied stack moves Avintes -> Zone D");
    assert_describe_has(g, 0, "moving stack: PM 4 MP spent in Zone D");
    assert_describe_has(g, 0, "Tilson (infantry 2/2, activated, dos a la riviere)");
    draw_zero_fatigue(g);
    assert_event(g, n0, "Anglo-Allied has no axis of retreat in Zone D");
    if (wgp_decider(g) == 1 && strstr(wgp_decision(g), "Retraite"))
        wgp_choose(g, "Retraite toward");
    /* no forced passage after the crossing: stopping is the only option */
    ck_assert_msg(strstr(wgp_decision(g), "stop or force"), "%s", wgp_options_dump(g));
    ck_assert_int_lt(wgp_find(g, "force"), 0);
    wgp_choose(g, "stop");
    ck_assert_msg(strstr(wgp_decision(g), "French: choose an operation"), "%s", wgp_options_dump(g));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-SCEN1809-13, LM-VP-13, LM-MAP-08 (§8.2.6 rule 2, §8.2.5): Mermet and the two dragoons of Braga
   leave by the "Vers Espagne" exit.  From the first exit turn of the pack on, the infantry unit
   scores 1 VP (the cavalry none); before it (the bundled turn 11), none. */
START_TEST(test_1809_exit_toward_spain)
{
    wg_ctx *ctx = new_ctx();
    for (int k = 0; k < 2; k++) {
        static const char *const early[] = {"unit F inf Mermet mp=6 boxes=2,3,3,4 at=\"Zone D\"",
                                            "unit F inf Mermet mp=6 boxes=2,3,3,4 at=Braga",
                                            "scenario 1809 12 May 8 2 3 2 AA 11", "scenario 1809 12 May 8 2 3 2 F 1",
                                            NULL};
        static const char *const late[] = {"unit F inf Mermet mp=6 boxes=2,3,3,4 at=\"Zone D\"",
                                           "unit F inf Mermet mp=6 boxes=2,3,3,4 at=Braga",
                                           "scenario 1809 12 May 8 2 3 2 AA 11", "scenario 1809 12 May 8 2 3 2 F 11",
                                           NULL};
        wg_game *g = game_1809(ctx, k == 0 ? early : late);
        const wg_map *map = NULL;
        ck_assert_int_eq(wg_game_map(&map, g), WG_OK);
        ck_assert_str_eq(conntype_between(map, "Braga", "Espagne", 0), "exit");
        choose_all(g, (const char *const[]){"move a stack from Braga", "stack formed", "roll 6", NULL});
        size_t n0 = wgp_event_count(g);
        wgp_choose(g, "go to Espagne");
        for (int d = 0; d < 6; d++) { /* the exit's fatigue marker first (GAP-58) */
            if (strstr(wgp_decision(g), "fatigue marker draw"))
                wgp_choose(g, "fatigue 0");
            else if (strstr(wgp_decision(g), "return a fatigue marker"))
                wgp_choose(g, "keep the markers");
        }
        assert_event(g, n0, "Mermet leaves the map toward Spain");
        assert_event(g, n0, "13th dragon leaves the map toward Spain");
        assert_event(g, n0, "22th dragon leaves the map toward Spain");
        assert_describe_lacks(g, WG_VIEW_REFEREE, "Braga:");
        if (k == 0) {
            assert_event(g, n0, "French scores 1 VP");
            ck_assert_int_eq(score(g), -1);
        } else {
            assert_no_event(g, n0, "French scores");
            ck_assert_int_eq(score(g), 0);
        }
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST


/* LM-SCEN1809-08 (§8.2.3): the lines of communication.  French: every exit toward Spain; Reynaud
   leaving Oporto draws 1 fatigue marker; with Anglo-Allied units in Braga only, the Chaves exit is
   still reached (1); with Anglo-Allied units in Braga and Zone D, Oporto is cut off from every exit
   (2).  Anglo-Allied: zones A and B; Hill leaving Zone C draws 1; with Delaborde in Zone B (next to
   the French in Zone E and Zone F) he is cut off from both (2). */
START_TEST(test_1809_lines_of_communication)
{
    wg_ctx *ctx = new_ctx();
    static const char *const none[] = {NULL};
    static const char *const braga[] = {"unit AA inf Paget mp=6 boxes=2,3,3,4 free at=\"Zone B\"",
                                        "unit AA inf Paget mp=6 boxes=2,3,3,4 at=Braga", NULL};
    static const char *const both[] = {"unit AA inf Paget mp=6 boxes=2,3,3,4 free at=\"Zone B\"",
                                       "unit AA inf Paget mp=6 boxes=2,3,3,4 at=Braga",
                                       "unit AA inf Tilson mp=6 boxes=3,4 free at=\"Zone A\"",
                                       "unit AA inf Tilson mp=6 boxes=3,4 at=\"Zone D\"", NULL};
    const char *const *cases[3] = {none, braga, both};
    for (int k = 0; k < 3; k++) {
        wg_game *g = game_1809(ctx, cases[k]);
        wgp_choose(g, "pass");
        wgp_choose(g, "move a stack from Oporto");
        form_only(g, "Reynaud");
        size_t n0 = wgp_event_count(g);
        wgp_choose(g, "go to Zone G");
        assert_event(g, n0,
                     k < 2 ? "French stack must draw 1 fatigue marker" : "French stack must draw 2 fatigue markers");
        wg_game_free(g);
    }
    static const char *const cut[] = {"unit F inf Delaborde mp=6 boxes=2,3,3,4 at=\"Zone G\"",
                                      "unit F inf Delaborde mp=6 boxes=2,3,3,4 at=\"Zone B\"", NULL};
    for (int k = 0; k < 2; k++) {
        wg_game *g = game_1809(ctx, k == 0 ? none : cut);
        wgp_choose(g, "move a stack from Zone C");
        wgp_choose(g, "stack formed");
        wgp_choose(g, "roll 6");
        size_t n0 = wgp_event_count(g);
        wgp_choose(g, "go to Ovar");
        assert_event(g, n0, k == 0 ? "Anglo-Allied stack must draw 1 fatigue marker"
                                   : "Anglo-Allied stack must draw 2 fatigue markers");
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* LM-SCEN1809-09 (§8.2.4): in 1809 too the Anglo-Allied player has 3 decoys and the French 2. */
START_TEST(test_1809_decoys)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = game_1809(ctx, NULL);
    static const char *const movers[] = {"Sheerbrooke", "Paget", "Artillery 1"};
    for (int k = 0; k < 3; k++) {
        ck_assert_int_eq(wgp_decider(g), 0);
        wgp_choose(g, "add a decoy in Zone B");
        char want[32];
        snprintf(want, sizeof want, "AA decoy %d (decoy)", k + 1);
        assert_describe_has(g, 0, want);
        wgp_choose(g, "move a stack from Zone B");
        form_only(g, movers[k]);
        wgp_choose(g, "stop");
        ck_assert_int_eq(wgp_decider(g), 1);
        if (k < 2) {
            wgp_choose(g, "add a decoy in Oporto");
            snprintf(want, sizeof want, "F decoy %d (decoy)", k + 1);
            assert_describe_has(g, 1, want);
        } else {
            ck_assert_msg(wgp_find(g, "add a decoy") < 0, "%s", wgp_options_dump(g));
        }
        wgp_choose(g, "pass");
    }
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_msg(wgp_find(g, "add a decoy") < 0, "%s", wgp_options_dump(g));
    assert_zone(g, 0, "Oporto", "Oporto: [French: 9 hidden counters]");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-VP-11, LM-VP-12, LM-MAP-09 (§8.2.5): one-turn 1809 games of passes.  Oporto held
   by the French alone: 2 VP; Delaborde in Zone G, south of the Douro, with a clear path to the exits
   toward Spain: 6 VP.  Oporto without French units: the 2 VP are the Anglo-Allied player's.  With
   Anglo-Allied units in Oporto, Avintes and Zone E, Oporto is shared (nobody scores) and every path
   from Zone G to the French lines of communication is closed (no 6 VP). */
START_TEST(test_1809_end_of_game_points)
{
    wg_ctx *ctx = new_ctx();
    static const char *const base[] = {"scenario 1809 12 May 8 2 3 2 AA 11", "scenario 1809 1 May 8 2 3 2 AA 11",
                                       NULL};
    wg_game *g = game_1809(ctx, base);
    size_t n0 = wgp_event_count(g);
    pass_to_the_end(g);
    assert_event(g, n0, "French scores 2 VP");
    assert_event(g, n0, "French scores 6 VP");
    assert_no_event(g, n0, "Anglo-Allied scores");
    ck_assert_int_eq(score(g), -8);
    ck_assert_msg(strstr(result(g), "French victory"), "%s", result(g));
    wg_game_free(g);

    /* Delaborde north of the Douro (Braga): no French infantry south, 2 VP only */
    static const char *const north[] = {"scenario 1809 12 May 8 2 3 2 AA 11", "scenario 1809 1 May 8 2 3 2 AA 11",
                                        "unit F inf Delaborde mp=6 boxes=2,3,3,4 at=\"Zone G\"",
                                        "unit F inf Delaborde mp=6 boxes=2,3,3,4 at=Braga", NULL};
    g = game_1809(ctx, north);
    n0 = wgp_event_count(g);
    pass_to_the_end(g);
    assert_no_event(g, n0, "6 VP");
    ck_assert_int_eq(score(g), -2);
    wg_game_free(g);

    /* Oporto empty: its garrison of the set-up moved to Braga; AA controls it */
    static const char *const empty[] = {"scenario 1809 12 May 8 2 3 2 AA 11", "scenario 1809 1 May 8 2 3 2 AA 11",
                                        "unit F cdr Soult sv=2 cic at=Oporto", "unit F cdr Soult sv=2 cic at=Braga",
                                        "unit F inf Reynaud mp=6 boxes=2,3,3,4 at=Oporto",
                                        "unit F inf Reynaud mp=6 boxes=2,3,3,4 at=Braga",
                                        "unit F inf Foy mp=6 boxes=2,3,3,4 at=Oporto",
                                        "unit F inf Foy mp=6 boxes=2,3,3,4 at=Braga",
                                        "unit F art \"Artillerie 1\" mp=5 at=Oporto",
                                        "unit F art \"Artillerie 1\" mp=5 at=Braga",
                                        "unit F art \"Artillerie 2\" mp=5 at=Oporto",
                                        "unit F art \"Artillerie 2\" mp=5 at=Braga",
                                        "unit F art \"Horse Artillery\" mp=8 at=Oporto",
                                        "unit F art \"Horse Artillery\" mp=8 at=Braga",
                                        "unit F bag Bagages mp=4 at=Oporto", "unit F bag Bagages mp=4 at=Braga", NULL};
    g = game_1809(ctx, empty);
    n0 = wgp_event_count(g);
    pass_to_the_end(g);
    assert_event(g, n0, "Anglo-Allied scores 2 VP");
    assert_event(g, n0, "French scores 6 VP");
    ck_assert_int_eq(score(g), -4);
    wg_game_free(g);

    /* Anglo-Allied units in Oporto, Avintes and Zone E */
    static const char *const cut[] = {"scenario 1809 12 May 8 2 3 2 AA 11", "scenario 1809 1 May 8 2 3 2 AA 11",
                                      "unit AA inf Paget mp=6 boxes=2,3,3,4 free at=\"Zone B\"",
                                      "unit AA inf Paget mp=6 boxes=2,3,3,4 at=Oporto",
                                      "unit AA inf Tilson mp=6 boxes=3,4 free at=\"Zone A\"",
                                      "unit AA inf Tilson mp=6 boxes=3,4 at=Avintes",
                                      "unit AA inf Hill mp=6 boxes=2,3,3,4 free at=\"Zone C\"",
                                      "unit AA inf Hill mp=6 boxes=2,3,3,4 at=\"Zone E\"", NULL};
    g = game_1809(ctx, cut);
    n0 = wgp_event_count(g);
    pass_to_the_end(g);
    assert_no_event(g, n0, "scores");
    ck_assert_int_eq(score(g), 0);
    ck_assert_msg(strstr(result(g), "tie"), "%s", result(g));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---- suite ---- */

/* The 1809 game with Mermet in Braga, the French initiative on turn 1 and exit VP from turn 1,
   historical placement, phase B played. */
static wg_game *exit_position(wg_ctx *ctx)
{
    char *text = wgp_read_source("data/marechaux/1809.wgd", NULL);
    char *p1 = wgp_replace(text, "unit F inf Mermet mp=6 boxes=2,3,3,4 at=\"Zone D\"",
                           "unit F inf Mermet mp=6 boxes=2,3,3,4 at=Braga");
    char *pack = wgp_replace(p1, "scenario 1809 12 May 8 2 3 2 AA 11", "scenario 1809 12 May 8 2 3 2 F 1");
    free(p1);
    free(text);
    wg_game *g = game_from(ctx, "1809", pack); /* frees pack */
    choose_all(g, (const char *const[]){"historical placement", "Genie", "keep", "Genie", "keep", NULL});
    return g;
}

/* LM-SCEN1809-13, LM-FATIGUE-01 (§8.2.6 rule 2, §5.5): crossing a "Vers Espagne" connection draws the
   fatigue marker of that connection before the stack leaves the map. */
START_TEST(test_1809_exit_draws_fatigue)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = exit_position(ctx);
    choose_all(g, (const char *const[]){"move a stack from Braga", "stack formed", "roll 6", NULL});
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "go to Espagne");
    ck_assert_msg(wgp_find_event(g, n0, "French stack must draw 1 fatigue marker", WG_VIEW_REFEREE) >= 0,
                  "no fatigue draw for the exit connection:\n%s", wgp_events_dump(g, n0, WG_VIEW_REFEREE));
    ck_assert_int_eq(wgp_decider(g), WG_PLAYER_CHANCE);
    ck_assert_msg(strstr(wgp_decision(g), "fatigue marker draw") != NULL, "%s", wgp_options_dump(g));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("marechaux_scenarios");
    TCase *tc = tcase_create("scenarios");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_1808_setup);
    tcase_add_test(tc, test_1809_exit_draws_fatigue);
    tcase_add_test(tc, test_1808_hidden_orders_of_battle);
    tcase_add_test(tc, test_1808_infantry_and_commander_eliminated);
    tcase_add_test(tc, test_1808_baggage_and_artillery_eliminated);
    tcase_add_test(tc, test_1808_end_of_game_points);
    tcase_add_test(tc, test_1808_fleet_and_lines_of_communication);
    tcase_add_test(tc, test_1808_fleet_is_no_stack);
    tcase_add_test(tc, test_1808_decoys);
    tcase_add_test(tc, test_1808_cavalry_eliminated);
    tcase_add_test(tc, test_map_zone_types);
    tcase_add_test(tc, test_map_connection_costs);
    tcase_add_test(tc, test_map_impassable);
    tcase_add_test(tc, test_map_stream_crossing);
    tcase_add_test(tc, test_garrison_create_and_recover);
    tcase_add_test(tc, test_garrison_immobile);
    tcase_add_test(tc, test_garrison_in_combat);
    tcase_add_test(tc, test_1809_setup);
    tcase_add_test(tc, test_1809_free_placement);
    tcase_add_test(tc, test_1809_small_boats);
    tcase_add_test(tc, test_1809_ferry);
    tcase_add_test(tc, test_1809_exit_toward_spain);
    tcase_add_test(tc, test_1809_lines_of_communication);
    tcase_add_test(tc, test_1809_decoys);
    tcase_add_test(tc, test_1809_end_of_game_points);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

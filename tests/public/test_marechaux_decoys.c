/* Les Maréchaux decoys and the fog of war played through the public API: the markers the opponent
   reads on the fronts of hidden counters, decoys added and removed at a player's decisions, taken
   along by a moving stack or left behind, removed when alone or turned over in combat, units
   dropped on the way, and the fatigue draws of a lone commander.  Positions are small zone graphs
   supplied by the host (a `map` document of kind map, a `pack` whose units stand `at=ZONE`); what
   each viewer reads comes from wg_game_describe, the pieces, the option labels and the events. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgplay.h"

enum { AA = 0, FR = 1 };

/* The vocabulary the ruleset reads from a map document (doc/marechaux.md, "Data"). */
static const char MAP_HEAD[] = "wgdata 1 map\n"
                               "grid graph\n"
                               "terrain clear defensive town\n"
                               "flag port south offmap loc-aa loc-f objective setup\n"
                               "conntype road route path road-stream road-bridge\n";

/* The pack's common records: the terrain table, the fatigue mix of the bundled packs (0x6, 1x8,
   2x4, 3x2) and the event Genie (no effect) in each container; the melee rows of the bundled pack
   are added. */
static const char PACK_HEAD[] = "wgdata 1 marechaux\n"
                                "terrain clear 0\nterrain defensive 1\nterrain town 1\n"
                                "fatigue 0 6\nfatigue 1 8\nfatigue 2 4\nfatigue 3 2\n"
                                "event Genie none 0 0\n"
                                "container AA Genie 1\ncontainer F Genie 1\n";

/* 1808, 8 turns, the Anglo-Allied player with the initiative of turn 1 and two decoys a side. */
static const char SCEN[] = "scenario 1808 8 August 16 6 2 2 AA 0\n";

static wg_ctx *new_ctx(void)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    return ctx;
}

static char *cat2(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    char *s = malloc(la + lb + 1);
    ck_assert_ptr_nonnull(s);
    memcpy(s, a, la);
    memcpy(s + la, b, lb + 1);
    return s;
}

/* A 1808 game on the zones and connections of `graph` with the scenario record SCEN and the units
   of `units`. */
static wg_game *position(wg_ctx *ctx, const char *graph, const char *units)
{
    char *map = cat2(MAP_HEAD, graph);
    char *src = wgp_read_source("data/marechaux/1808.wgd", NULL);
    char *p0 = cat2(PACK_HEAD, SCEN);
    char *p1 = cat2(p0, units);
    free(p0);
    size_t n = strlen(p1);
    char *pack = malloc(n + strlen(src) + 1);
    ck_assert_ptr_nonnull(pack);
    memcpy(pack, p1, n + 1);
    for (const char *l = src; *l;) { /* the melee rows */
        const char *e = strchr(l, '\n');
        size_t len = e ? (size_t)(e - l) + 1 : strlen(l);
        if (strncmp(l, "melee ", 6) == 0) {
            memcpy(pack + n, l, len);
            n += len;
            pack[n] = '\0';
        }
        l += len;
    }
    free(src);
    free(p1);
    wgp_doc docs[] = {{"map", map}, {"pack", pack}, {NULL, NULL}};
    wg_game *g = wgp_new(ctx, "marechaux", "1808", NULL, 1, docs);
    free(map);
    free(pack);
    return g;
}

/* Phase B: both sides draw and keep their Genie; the first operation (AA's initiative) follows. */
static void to_operations(wg_game *g)
{
    wgp_choose(g, "Genie");
    wgp_choose(g, "keep");
    wgp_choose(g, "Genie");
    wgp_choose(g, "keep");
    ck_assert_msg(strstr(wgp_decision(g), "choose an operation"), "%s", wgp_options_dump(g));
}

static int deciding(wg_game *g, const char *what)
{
    return strstr(wgp_decision(g), what) != NULL;
}

/* Draws the fatigue markers of the values in `vals` one by one, keeping the markers whenever the
   return decision opens; fails unless exactly that many draws are asked. */
static void draws(wg_game *g, const char *vals)
{
    const char *v = vals;
    for (;;) {
        if (deciding(g, "return a fatigue marker")) {
            wgp_choose(g, "keep the markers");
            continue;
        }
        if (!deciding(g, "fatigue marker draw"))
            break;
        ck_assert_msg(*v, "more fatigue draws than %s:\n%s", vals, wgp_options_dump(g));
        char needle[16];
        snprintf(needle, sizeof needle, ": fatigue %c", *v++);
        wgp_choose(g, needle);
    }
    ck_assert_msg(*v == '\0', "fewer fatigue draws than %s; now:\n%s", vals, wgp_options_dump(g));
}

static void go(wg_game *g, const char *z, const char *vals)
{
    char needle[64];
    snprintf(needle, sizeof needle, "go to %s (", z);
    wgp_choose(g, needle);
    draws(g, vals);
}

static int has_option(wg_game *g, const char *needle)
{
    return wgp_find(g, needle) >= 0;
}

static void assert_option(wg_game *g, const char *needle)
{
    ck_assert_msg(has_option(g, needle), "no option \"%s\":\n%s", needle, wgp_options_dump(g));
}

static void assert_no_option(wg_game *g, const char *needle)
{
    ck_assert_msg(!has_option(g, needle), "option \"%s\":\n%s", needle, wgp_options_dump(g));
}

/* No decoy may be added or removed at this decision. */
static void assert_no_decoy_options(wg_game *g)
{
    ck_assert_msg(wgp_count(g, "add a decoy") + wgp_count(g, "remove a decoy") == 0, "decoy options at:\n%s",
                  wgp_options_dump(g));
}

static void assert_event_v(wg_game *g, size_t from, const char *needle, int viewer)
{
    ck_assert_msg(wgp_find_event(g, from, needle, viewer) >= 0, "viewer %d: no event \"%s\" in:\n%s", viewer, needle,
                  wgp_events_dump(g, from, viewer));
}

static void assert_no_event_v(wg_game *g, size_t from, const char *needle, int viewer)
{
    ck_assert_msg(wgp_find_event(g, from, needle, viewer) < 0, "viewer %d: event \"%s\" in:\n%s", viewer, needle,
                  wgp_events_dump(g, from, viewer));
}

/* The line of wg_game_describe for viewer that starts with `start`, in buf ("" when none). */
static const char *line_of(wg_game *g, int viewer, const char *start, char *buf, size_t cap)
{
    const char *d = wgp_describe(g, viewer);
    size_t n = strlen(start);
    for (const char *l = d; *l;) {
        const char *e = strchr(l, '\n');
        size_t len = e ? (size_t)(e - l) : strlen(l);
        if (len >= n && strncmp(l, start, n) == 0) {
            snprintf(buf, cap, "%.*s", (int)len, l);
            return buf;
        }
        l += len + (e ? 1 : 0);
    }
    buf[0] = '\0';
    return buf;
}

/* The zone line "Z: ..." for viewer equals `want` exactly ("" for a zone without counters). */
static void assert_zone(wg_game *g, int viewer, const char *zone, const char *want)
{
    char start[32], buf[1024];
    snprintf(start, sizeof start, "%s:", zone);
    line_of(g, viewer, start, buf, sizeof buf);
    ck_assert_msg(strcmp(buf, want) == 0, "viewer %d, zone %s: \"%s\", want \"%s\" in:\n%s", viewer, zone, buf, want,
                  wgp_describe(g, viewer));
}

static void assert_line(wg_game *g, int viewer, const char *start, const char *needle)
{
    char buf[1024];
    line_of(g, viewer, start, buf, sizeof buf);
    ck_assert_msg(strstr(buf, needle) != NULL, "viewer %d: line \"%s\" lacks \"%s\" in:\n%s", viewer, start, needle,
                  wgp_describe(g, viewer));
}

static void assert_describe_lacks(wg_game *g, int viewer, const char *needle)
{
    const char *d = wgp_describe(g, viewer);
    ck_assert_msg(strstr(d, needle) == NULL, "viewer %d reads \"%s\" in:\n%s", viewer, needle, d);
}

/* The pieces viewer sees in zone (by its map space): their labels, one per line, into buf; returns
   their number. */
static int zone_pieces(wg_game *g, int viewer, const char *zone, char *buf, size_t cap)
{
    const wg_map *map = NULL;
    ck_assert_int_eq(wg_game_map(&map, g), WG_OK);
    size_t n = 0;
    ck_assert_int_eq(wg_game_piece_count(&n, g, viewer), WG_OK);
    int cnt = 0;
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        int side = -1, space = -1;
        ck_assert_int_eq(wg_game_piece(&side, &space, g, viewer, i), WG_OK);
        const char *nm = NULL;
        ck_assert_int_eq(wg_map_name(&nm, map, space), WG_OK);
        if (strcmp(nm, zone) != 0)
            continue;
        char label[256];
        size_t len = 0;
        ck_assert_int_eq(wg_game_piece_label(label, sizeof label, &len, g, viewer, i), WG_OK);
        int w = snprintf(buf + used, cap - used, "%s\n", label);
        ck_assert(w > 0 && (size_t)w < cap - used);
        used += (size_t)w;
        cnt++;
    }
    return cnt;
}

/* Every piece label viewer sees in zone equals `label`; there are `count` of them. */
static void assert_pieces_alike(wg_game *g, int viewer, const char *zone, int count, const char *label)
{
    char buf[4096];
    int n = zone_pieces(g, viewer, zone, buf, sizeof buf);
    ck_assert_msg(n == count, "viewer %d sees %d pieces in %s, want %d:\n%s", viewer, n, zone, count, buf);
    for (const char *l = buf; *l;) {
        const char *e = strchr(l, '\n');
        ck_assert_msg((size_t)(e - l) == strlen(label) && strncmp(l, label, strlen(label)) == 0,
                      "viewer %d, piece in %s: \"%.*s\", want \"%s\"", viewer, zone, (int)(e - l), l, label);
        l = e + 1;
    }
}

/* A (the Anglo-Allied line of communication) - B - C - D (the French one) by road, and S off B
   over a stream. */
static const char LINE[] = "zone A clear loc-aa\nzone B clear\nzone C clear\nzone D town loc-f\nzone S clear\n"
                           "conn A B road 1\nconn B C road 1\nconn C D road 1\nconn B S road-stream 1\n";

/* LM-DECOY-01, LM-DECOY-03, LM-COMP-03 (§7.4, §1.1.1): at his operation choice the Anglo-Allied
   player adds a decoy to Tilson in B, where he has a stack, and nowhere else; the same decision
   follows, without a second decoy action.  He reads it as his decoy; the French read one more
   hidden counter in B, the two pieces alike, and an event that tells no decoy.  At the next
   decision (forming the stack) he adds the second and last decoy to Wellesley, a lone commander,
   in A; then no decoy is left to add.  The decoy taken along goes with Tilson to C and takes his
   activation marker; the French see two activated counters there.  Removing it shows one counter
   fewer; dice of phase D and the initiative hold no decoy action, and in turn 2 the decoy may be
   added again. */
START_TEST(test_decoy_enlarges_stack)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = position(ctx, LINE,
                          "unit AA cdr Wellesley sv=2 cic at=A\nunit AA inf Tilson mp=6 boxes=3,4 at=B\n"
                          "unit F cdr Junot sv=2 cic at=D\nunit F inf Heudelet mp=6 boxes=2,3,3,4 at=D\n");
    to_operations(g);
    assert_option(g, "add a decoy in A");
    assert_option(g, "add a decoy in B");
    assert_no_option(g, "add a decoy in C");
    assert_no_option(g, "add a decoy in D");
    assert_no_option(g, "add a decoy in S");
    assert_no_option(g, "remove a decoy");
    assert_zone(g, FR, "B", "B: [Anglo-Allied: 1 hidden counter]");
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "add a decoy in B");
    ck_assert_int_eq(wgp_decider(g), AA);
    ck_assert_msg(deciding(g, "choose an operation"), "%s", wgp_options_dump(g));
    /* in the same decision, another may be added, none removed (no decision loops) */
    assert_option(g, "add a decoy in B");
    assert_no_option(g, "remove a decoy");
    assert_zone(g, AA, "B", "B: [Anglo-Allied: Tilson (infantry 2/2) AA decoy 1 (decoy)]");
    assert_zone(g, FR, "B", "B: [Anglo-Allied: 2 hidden counters]");
    assert_pieces_alike(g, FR, "B", 2, "Anglo-Allied hidden counter");
    assert_event_v(g, n0, "Anglo-Allied counter added in B (decoy)", AA);
    assert_event_v(g, n0, "Anglo-Allied counter added in B", FR);
    assert_no_event_v(g, n0, "decoy", FR);

    wgp_choose(g, "move a stack from B");
    ck_assert_msg(deciding(g, "form the stack"), "%s", wgp_options_dump(g));
    assert_option(g, "add a decoy in A");
    assert_option(g, "take a decoy along");
    wgp_choose(g, "add a decoy in A"); /* a lone commander may have his decoy */
    assert_zone(g, FR, "A", "A: [Anglo-Allied: 2 hidden counters]");
    assert_no_decoy_options(g);
    wgp_choose(g, "take a decoy along");
    assert_option(g, "leave a decoy behind");
    assert_no_option(g, "add a decoy"); /* both decoys are on the map */
    assert_option(g, "remove a decoy from A");
    assert_option(g, "remove a decoy from B");
    ck_assert_msg(wgp_find(g, "AA decoy") < 0, "a decoy named in:\n%s", wgp_options_dump(g));
    wgp_choose(g, "stack formed");
    ck_assert_msg(deciding(g, "command test die"), "%s", wgp_options_dump(g));
    wgp_choose(g, "roll 6");
    wgp_choose(g, "go to C (");
    ck_assert_msg(deciding(g, "fatigue marker draw"), "%s", wgp_options_dump(g));
    draws(g, "0");
    assert_zone(g, AA, "C", "C: [Anglo-Allied: Tilson (infantry 2/2, activated) AA decoy 1 (decoy, activated)]");
    assert_zone(g, FR, "C", "C: [Anglo-Allied: 2 hidden counters (2 activated)]");
    assert_pieces_alike(g, FR, "C", 2, "Anglo-Allied hidden counter, activated");
    assert_zone(g, FR, "B", "");
    assert_zone(g, WG_VIEW_REFEREE, "B", "");
    wgp_choose(g, "stop");
    /* the French add theirs only where they have a stack */
    ck_assert_int_eq(wgp_decider(g), FR);
    assert_option(g, "add a decoy in D");
    ck_assert_uint_eq(wgp_count(g, "add a decoy"), 1);
    wgp_choose(g, "pass");
    size_t n1 = wgp_event_count(g);
    wgp_choose(g, "remove a decoy from C");
    assert_zone(g, FR, "C", "C: [Anglo-Allied: 1 hidden counter (1 activated)]");
    assert_zone(g, AA, "C", "C: [Anglo-Allied: Tilson (infantry 2/2, activated)]");
    assert_event_v(g, n1, "Anglo-Allied counter removed from C (decoy)", AA);
    assert_event_v(g, n1, "Anglo-Allied counter removed from C", FR);
    assert_no_event_v(g, n1, "decoy", FR);
    /* in the same decision, another may be removed, none added (no decision loops) */
    assert_no_option(g, "add a decoy");
    assert_option(g, "remove a decoy from A");
    wgp_choose(g, "pass"); /* both passed: phase D, dice only */
    for (int k = 0; k < 20 && !deciding(g, "choose an operation"); k++) {
        ck_assert_int_eq(wgp_decider(g), WG_PLAYER_CHANCE);
        assert_no_decoy_options(g);
        if (deciding(g, "initiative"))
            wgp_choose(g, "dice AA 6, F 1");
        else
            wgp_choose_index(g, 0);
    }
    /* back in the pool, the decoy may be added again */
    ck_assert_int_eq(wgp_decider(g), AA);
    assert_option(g, "add a decoy in C");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-DECOY-02, LM-DECOY-03 (§7.4): Tilson and Hill in B with a decoy.  Tilson leaves alone: the
   decoy stays with Hill.  Hill leaves in his turn without taking it along: at the first connection
   the decoy, alone in B, is removed, which everyone reads, and B is empty for every viewer; back
   among the available decoys it may be added again. */
START_TEST(test_decoy_left_alone)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = position(ctx, LINE,
                          "unit AA cdr Wellesley sv=2 cic at=A\nunit AA inf Tilson mp=6 boxes=3,4 at=B\n"
                          "unit AA inf Hill mp=6 boxes=2,3,3,4 at=B\n"
                          "unit F cdr Junot sv=2 cic at=D\nunit F inf Heudelet mp=6 boxes=2,3,3,4 at=D\n");
    to_operations(g);
    wgp_choose(g, "add a decoy in A");
    wgp_choose(g, "move a stack from B");
    wgp_choose(g, "add a decoy in B");
    wgp_choose(g, "leave out Hill");
    wgp_choose(g, "stack formed");
    wgp_choose(g, "roll 6");
    size_t n0 = wgp_event_count(g);
    go(g, "C", "0");
    wgp_choose(g, "stop");
    assert_no_event_v(g, n0, "decoy is removed", WG_VIEW_REFEREE);
    assert_zone(g, AA, "B", "B: [Anglo-Allied: Hill (infantry 4/4) AA decoy 2 (decoy)]");
    assert_zone(g, FR, "B", "B: [Anglo-Allied: 2 hidden counters]");
    wgp_choose(g, "pass");
    ck_assert_int_eq(wgp_decider(g), AA);
    assert_no_option(g, "add a decoy"); /* both on the map */
    wgp_choose(g, "move a stack from B");
    assert_option(g, "take a decoy along");
    wgp_choose(g, "stack formed");
    wgp_choose(g, "roll 6");
    size_t n1 = wgp_event_count(g);
    wgp_choose(g, "go to S (");
    assert_event_v(g, n1, "[LM-DECOY-02] an Anglo-Allied decoy is removed", FR);
    assert_event_v(g, n1, "[LM-DECOY-02] an Anglo-Allied decoy is removed", AA);
    assert_zone(g, FR, "B", "");
    assert_zone(g, AA, "B", "");
    assert_zone(g, WG_VIEW_REFEREE, "B", "");
    draws(g, "0");
    assert_zone(g, FR, "S", "S: [Anglo-Allied: 1 hidden counter (1 activated, dos a la riviere)]");
    assert_option(g, "add a decoy in S");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static void pass_windows(wg_game *g)
{
    for (int k = 0; k < 8 && deciding(g, "play combat events") && wgp_find(g, "play ") < 0; k++)
        wgp_choose(g, "no (more) events");
}

/* LM-DECOY-03 (§7.4, PD-24): "at any moment" is every decision a player takes, of his own
   operation or of the other's: the keep-or-tempt choice of phase B, the operation choice, forming
   the stack, the movement, the return of a fatigue marker, the French Retraite marker when
   Tilson enters Heudelet's zone, stopping or forcing the passage, the combat event windows and the
   head unit.  Dice and draws are no player's decision: the command die, the fatigue draw and the CP
   dice hold none. */
START_TEST(test_decoy_at_each_decision)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = position(ctx, LINE,
                          "unit AA cdr Wellesley sv=2 cic at=A\nunit AA inf Tilson mp=6 boxes=3,4 at=B\n"
                          "unit F cdr Junot sv=2 cic at=D\nunit F inf Heudelet mp=6 boxes=2,3,3,4 at=C\n");
    wgp_choose(g, "Genie");
    ck_assert_msg(deciding(g, "keep the event"), "%s", wgp_options_dump(g));
    assert_option(g, "add a decoy in B");
    wgp_choose(g, "keep");
    wgp_choose(g, "Genie");
    assert_option(g, "add a decoy in C");
    wgp_choose(g, "keep");
    assert_option(g, "add a decoy in B");
    wgp_choose(g, "move a stack from B");
    assert_option(g, "add a decoy in B");
    wgp_choose(g, "stack formed");
    ck_assert_msg(deciding(g, "command test die"), "%s", wgp_options_dump(g));
    assert_no_decoy_options(g);
    wgp_choose(g, "roll 6");
    ck_assert_msg(deciding(g, "move:"), "%s", wgp_options_dump(g));
    assert_option(g, "add a decoy in B");
    wgp_choose(g, "go to C (");
    ck_assert_msg(deciding(g, "fatigue marker draw"), "%s", wgp_options_dump(g));
    assert_no_decoy_options(g);
    wgp_choose(g, ": fatigue 0");
    assert_no_decoy_options(g); /* the second marker, entering an enemy zone */
    wgp_choose(g, ": fatigue 0");
    ck_assert_msg(deciding(g, "return a fatigue marker"), "%s", wgp_options_dump(g));
    ck_assert_int_eq(wgp_decider(g), AA);
    assert_option(g, "add a decoy in C");
    wgp_choose(g, "keep the markers");
    ck_assert_msg(deciding(g, "Retraite"), "%s", wgp_options_dump(g));
    ck_assert_int_eq(wgp_decider(g), FR);
    assert_option(g, "add a decoy in C");
    assert_no_option(g, "add a decoy in B");
    wgp_choose(g, "Retraite toward");
    ck_assert_msg(deciding(g, "force the passage"), "%s", wgp_options_dump(g));
    ck_assert_int_eq(wgp_decider(g), AA);
    assert_option(g, "add a decoy in C");
    wgp_choose(g, "stop");
    ck_assert_int_eq(wgp_decider(g), FR);
    wgp_choose(g, "attack in C");
    assert_option(g, "add a decoy in C");
    wgp_choose(g, "stack formed");
    int windows = 0, heads = 0;
    for (int k = 0; k < 8 && !deciding(g, "CP die"); k++) {
        ck_assert_msg(wgp_decider(g) == AA || wgp_decider(g) == FR, "%s", wgp_options_dump(g));
        if (deciding(g, "play combat events")) {
            windows++;
            assert_option(g, wgp_decider(g) == AA ? "add a decoy in A" : "add a decoy in D");
            wgp_choose(g, "no (more) events");
        } else {
            ck_assert_msg(deciding(g, "head unit"), "%s", wgp_options_dump(g));
            heads++;
            assert_option(g, wgp_decider(g) == AA ? "add a decoy in A" : "add a decoy in D");
            wgp_choose(g, "head unit");
        }
    }
    ck_assert_int_ge(windows, 2);
    ck_assert_int_eq(heads, 2);
    ck_assert_msg(deciding(g, "CP die"), "%s", wgp_options_dump(g));
    assert_no_decoy_options(g);
    wgp_choose(g, "roll 6");
    assert_no_decoy_options(g);
    wg_game_free(g);

    /* the 1809 set-up placement holds none */
    g = wgp_new(ctx, "marechaux", "1809", NULL, 1, NULL);
    ck_assert_msg(deciding(g, "place a unit"), "%s", wgp_options_dump(g));
    assert_no_decoy_options(g);
    wgp_choose(g, "place in");
    ck_assert_msg(deciding(g, "place a unit"), "%s", wgp_options_dump(g));
    assert_no_decoy_options(g);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-DECOY-04, LM-COMBAT-04 (§7.4, §5.6): Tilson and Heudelet share C, each with a decoy.  When
   the French attack, both stacks are turned over: the units are named to everyone, the two decoys
   are removed, and no hidden counter is left in C. */
START_TEST(test_decoys_turned_over_removed)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = position(ctx, LINE,
                          "unit AA cdr Wellesley sv=2 cic at=A\nunit AA inf Tilson mp=6 boxes=3,4 at=C\n"
                          "unit F cdr Junot sv=2 cic at=D\nunit F inf Heudelet mp=6 boxes=2,3,3,4 at=C\n");
    to_operations(g);
    wgp_choose(g, "add a decoy in C");
    wgp_choose(g, "pass");
    wgp_choose(g, "add a decoy in C");
    assert_zone(g, AA, "C", "C: [Anglo-Allied: Tilson (infantry 2/2) AA decoy 1 (decoy)] [French: 2 hidden counters]");
    assert_zone(g, FR, "C", "C: [Anglo-Allied: 2 hidden counters] [French: Heudelet (infantry 4/4) F decoy 1 (decoy)]");
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "attack in C");
    wgp_choose(g, "stack formed");
    assert_event_v(g, n0, "[LM-DECOY-04] an Anglo-Allied decoy is removed", FR);
    assert_event_v(g, n0, "[LM-DECOY-04] a French decoy is removed", AA);
    assert_event_v(g, n0, "turned over: Tilson", FR);
    assert_event_v(g, n0, "turned over: Heudelet", AA);
    assert_zone(g, AA, "C", "C: [Anglo-Allied: Tilson (infantry 2/2)] [French: Heudelet (infantry 4/4)]");
    assert_zone(g, FR, "C", "C: [Anglo-Allied: Tilson (infantry 2/2)] [French: Heudelet (infantry 4/4)]");
    assert_describe_lacks(g, WG_VIEW_REFEREE, "decoy");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-COMBAT-01, LM-DECOY-04 (§5.6, §7.4, GAP-40): the French attack the two Anglo-Allied counters
   in C, which are Beresford, a commander, and a decoy.  Turned over, they hold no unit that
   fights: the decoy is removed, there is no combat, Heudelet is activated and the Anglo-Allied
   player takes the next operation. */
START_TEST(test_attack_on_decoy_and_commander)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = position(ctx, LINE,
                          "unit AA cdr Wellesley sv=2 cic at=A\nunit AA cdr Beresford sv=1 at=C\n"
                          "unit F cdr Junot sv=2 cic at=D\nunit F inf Heudelet mp=6 boxes=2,3,3,4 at=C\n");
    to_operations(g);
    wgp_choose(g, "add a decoy in C");
    wgp_choose(g, "pass");
    assert_zone(g, FR, "C", "C: [Anglo-Allied: 2 hidden counters] [French: Heudelet (infantry 4/4)]");
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "attack in C");
    wgp_choose(g, "stack formed");
    assert_event_v(g, n0, "[LM-DECOY-04] an Anglo-Allied decoy is removed", FR);
    assert_event_v(g, n0, "no combat in C: the Anglo-Allied counters there hold no unit that fights", FR);
    assert_no_event_v(g, n0, "amplitude", WG_VIEW_REFEREE);
    ck_assert_int_eq(wgp_decider(g), AA);
    ck_assert_msg(deciding(g, "choose an operation"), "%s", wgp_options_dump(g));
    assert_line(g, WG_VIEW_REFEREE, "C:", "Beresford");
    assert_line(g, WG_VIEW_REFEREE, "C:", "Heudelet (infantry 4/4, activated)");
    assert_describe_lacks(g, WG_VIEW_REFEREE, "AA decoy 1 (");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-STACK-05, PD-08 (§5.4): Wellesley, Tilson and Hill leave A; in B, where Trant stands, each of
   them may be left there, Trant may not join; Hill is dropped (named to his owner, a counter to
   the French) and the others go on to C.  Trant stays in B, not activated; Hill, dropped, is. */
START_TEST(test_drop_on_the_way)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = position(ctx, LINE,
                          "unit AA cdr Wellesley sv=2 cic at=A\nunit AA inf Tilson mp=6 boxes=3,4 at=A\n"
                          "unit AA inf Hill mp=6 boxes=2,3,3,4 at=A\nunit AA inf Trant mp=6 boxes=2,2,3 at=B\n"
                          "unit F cdr Junot sv=2 cic at=D\nunit F inf Heudelet mp=6 boxes=2,3,3,4 at=D\n");
    to_operations(g);
    wgp_choose(g, "move a stack from A");
    wgp_choose(g, "stack formed");
    go(g, "B", "0");
    assert_option(g, "leave Wellesley here");
    assert_option(g, "leave Tilson here");
    assert_option(g, "leave Hill here");
    ck_assert_msg(wgp_find(g, "Trant") < 0, "%s", wgp_options_dump(g));
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "leave Hill here");
    assert_event_v(g, n0, "[LM-STACK-05] Anglo-Allied drops Hill in B", AA);
    assert_event_v(g, n0, "Anglo-Allied drops an Anglo-Allied counter in B", FR);
    assert_no_event_v(g, n0, "Hill", FR);
    assert_no_option(g, "leave Hill here");
    go(g, "C", "0");
    ck_assert_msg(wgp_find(g, "Trant") < 0 && wgp_find(g, "Hill") < 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "stop");
    assert_zone(g, AA, "B", "B: [Anglo-Allied: Hill (infantry 4/4, activated) Trant (infantry 3/3)]");
    assert_zone(g, AA, "C",
                "C: [Anglo-Allied: Wellesley (commander SV 2 CiC, activated) Tilson (infantry 2/2, activated)]");
    assert_zone(g, FR, "B", "B: [Anglo-Allied: 2 hidden counters (1 activated)]");
    assert_zone(g, AA, "A", "");
    /* Trant, left where he was, is still available */
    wgp_choose(g, "pass");
    assert_option(g, "move a stack from B");
    wgp_choose(g, "move a stack from B");
    assert_option(g, "leave out Trant");
    ck_assert_msg(wgp_find(g, "Hill") < 0, "%s", wgp_options_dump(g));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-FOG-02, LM-FATIGUE-01 (§7.5, §5.5): Wellesley alone, with no unit to tire, draws his fatigue
   marker at each connection like any stack; the French read that he draws, not the value; the
   decoy he takes along makes him two activated counters to them. */
START_TEST(test_lone_commander_draws)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = position(ctx, LINE,
                          "unit AA cdr Wellesley sv=2 cic at=A\nunit AA inf Tilson mp=6 boxes=3,4 at=D\n"
                          "unit F cdr Junot sv=2 cic at=D\nunit F inf Heudelet mp=6 boxes=2,3,3,4 at=D\n");
    to_operations(g);
    wgp_choose(g, "add a decoy in A");
    wgp_choose(g, "move a stack from A");
    wgp_choose(g, "take a decoy along");
    wgp_choose(g, "stack formed");
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "go to B (");
    assert_event_v(g, n0, "Anglo-Allied stack must draw 1 fatigue marker", FR);
    ck_assert_msg(deciding(g, "fatigue marker draw"), "%s", wgp_options_dump(g));
    draws(g, "2");
    assert_event_v(g, n0, "Anglo-Allied draws a fatigue marker of 2 (fatigue 2)", AA);
    assert_event_v(g, n0, "Anglo-Allied draws a fatigue marker", FR);
    assert_no_event_v(g, n0, "of 2", FR);
    assert_line(g, AA, "moving stack fatigue:", "fatigue: 2");
    assert_describe_lacks(g, FR, "moving stack fatigue");
    size_t n1 = wgp_event_count(g);
    go(g, "C", "1");
    assert_event_v(g, n1, "Anglo-Allied stack must draw 1 fatigue marker", FR);
    assert_line(g, AA, "moving stack fatigue:", "fatigue: 3");
    wgp_choose(g, "stop");
    assert_zone(g, FR, "C", "C: [Anglo-Allied: 2 hidden counters (2 activated)]");
    assert_zone(g, AA, "C",
                "C: [Anglo-Allied: Wellesley (commander SV 2 CiC, activated) AA decoy 1 (decoy, activated)]");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* A (the Anglo-Allied line of communication) - B by road, B - C over a stream, C - D (French), E
   off B. */
static const char DEMOR[] = "zone A clear loc-aa\nzone B clear\nzone C clear\nzone D town loc-f\nzone E clear\n"
                            "conn A B road 1\nconn B C road-stream 1\nconn C D road 1\nconn B E road 1\n";

/* LM-COMP-03, LM-COMP-07, LM-DECOY-01 (§1.1.1, §1.1.3, §7.4): the French read the markers on the
   fronts of the Anglo-Allied hidden counters, and nothing else.  Tilson and Hill cross the stream
   into Heudelet's zone: two counters "activated, dos a la riviere".  The French attack and win
   (dice 6 against 1); the two retreat to E and are demoralized: "activated, demoralized"; the
   Anglo-Allied player reads Heudelet's front "a combattu".  Wellesley joins them in E (activated),
   then a decoy: it shows the front of the least marked counter there, so the four pieces read
   two fronts, each twice, and the decoy is not told from Wellesley. */
START_TEST(test_fronts_of_hidden_counters)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = position(ctx, DEMOR,
                          "unit AA cdr Wellesley sv=2 cic at=A\n"
                          "unit AA inf Tilson mp=6 boxes=3,4 at=B\nunit AA inf Hill mp=6 boxes=2,3,3,4 at=B\n"
                          "unit F cdr Junot sv=2 cic at=D\nunit F inf Heudelet mp=6 boxes=2,3,3,4,4 at=C\n");
    to_operations(g);
    wgp_choose(g, "move a stack from B");
    wgp_choose(g, "stack formed");
    wgp_choose(g, "roll 6");
    wgp_choose(g, "go to C (");
    draws(g, "00");
    wgp_choose(g, "Retraite toward D");
    wgp_choose(g, "stop");
    assert_zone(g, FR, "C",
                "C: [Anglo-Allied: 2 hidden counters (2 activated, dos a la riviere); retraite toward B] "
                "[French: Heudelet (infantry 5/5); retraite toward D]");
    char buf[1024];
    ck_assert_int_eq(zone_pieces(g, FR, "C", buf, sizeof buf), 3);
    ck_assert_str_eq(buf, "Anglo-Allied hidden counter, activated, dos a la riviere\n"
                          "Anglo-Allied hidden counter, activated, dos a la riviere\nHeudelet (infantry 5/5)\n");
    ck_assert_int_eq(wgp_decider(g), FR);
    wgp_choose(g, "attack in C");
    wgp_choose(g, "stack formed");
    pass_windows(g);
    wgp_choose(g, "head unit Heudelet");
    pass_windows(g);
    wgp_choose(g, "head unit");
    pass_windows(g);
    wgp_choose(g, "roll 6");
    wgp_choose(g, "roll 1");
    assert_event_v(g, 0, "French wins", WG_VIEW_REFEREE);
    for (int k = 0; k < 20 && !deciding(g, "demoralization die"); k++)
        wgp_choose_index(g, wgp_find(g, "retreat toward E") >= 0 ? (size_t)wgp_find(g, "retreat toward E") : 0);
    wgp_choose(g, "roll 6");
    for (int k = 0; k < 20 && !deciding(g, "choose an operation"); k++)
        wgp_choose_index(g, 0);
    assert_line(g, WG_VIEW_REFEREE, "E:", "Tilson (infantry 1/2, activated, demoralized)");
    assert_zone(g, FR, "E", "E: [Anglo-Allied: 2 hidden counters (2 activated, demoralized)]");
    assert_pieces_alike(g, FR, "E", 2, "Anglo-Allied hidden counter, activated, demoralized");
    assert_zone(g, AA, "C", "C: [French: 1 hidden counter (1 a combattu x1)]");
    assert_pieces_alike(g, AA, "C", 1, "French hidden counter, a combattu x1");
    ck_assert_int_eq(wgp_decider(g), AA);
    wgp_choose(g, "move a stack from A");
    wgp_choose(g, "stack formed");
    go(g, "B", "0");
    go(g, "E", "0");
    wgp_choose(g, "stop");
    assert_zone(g, FR, "E", "E: [Anglo-Allied: 3 hidden counters (1 activated; 2 activated, demoralized)]");
    wgp_choose(g, "pass");
    wgp_choose(g, "add a decoy in E");
    assert_zone(g, AA, "E",
                "E: [Anglo-Allied: Wellesley (commander SV 2 CiC, activated) Tilson (infantry 1/2, activated, "
                "demoralized) Hill (infantry 4/4, activated, demoralized) AA decoy 1 (decoy, activated)]");
    assert_zone(g, FR, "E", "E: [Anglo-Allied: 4 hidden counters (2 activated; 2 activated, demoralized)]");
    ck_assert_int_eq(zone_pieces(g, FR, "E", buf, sizeof buf), 4);
    ck_assert_str_eq(buf, "Anglo-Allied hidden counter, activated\nAnglo-Allied hidden counter, activated\n"
                          "Anglo-Allied hidden counter, activated, demoralized\n"
                          "Anglo-Allied hidden counter, activated, demoralized\n");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-DECOY-03, LM-CDR-04 (§7.4, §7.1): Delaborde, a French commander, stands alone in C with a
   decoy.  Tilson enters C: the French counters there are a lone commander and he tests (2d6 7: he
   survives); he escapes to D and his decoy goes with him, so the Anglo-Allied player reads four
   French counters in D, none left in C, and no decoy removed. */
START_TEST(test_decoy_follows_lone_commander)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = position(ctx, LINE,
                          "unit AA cdr Wellesley sv=2 cic at=A\nunit AA inf Tilson mp=6 boxes=3,4 at=B\n"
                          "unit F cdr Junot sv=2 cic at=D\nunit F inf Heudelet mp=6 boxes=2,3,3,4 at=D\n"
                          "unit F cdr Delaborde sv=1 at=C\n");
    to_operations(g);
    wgp_choose(g, "move a stack from A");
    wgp_choose(g, "stack formed");
    wgp_choose(g, "stop"); /* Wellesley stays */
    ck_assert_int_eq(wgp_decider(g), FR);
    wgp_choose(g, "add a decoy in C");
    assert_zone(g, AA, "C", "C: [French: 2 hidden counters]");
    wgp_choose(g, "pass");
    wgp_choose(g, "move a stack from B");
    wgp_choose(g, "stack formed");
    wgp_choose(g, "roll 6");
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "go to C (");
    assert_event_v(g, n0, "the French counters in C are a lone commander: he tests for elimination", AA);
    wgp_choose(g, "roll 7");
    ck_assert_int_eq(wgp_decider(g), FR);
    wgp_choose(g, "commander escapes toward D");
    draws(g, "0");
    assert_no_event_v(g, n0, "decoy is removed", WG_VIEW_REFEREE);
    assert_zone(g, AA, "C", "C: [Anglo-Allied: Tilson (infantry 2/2, activated)]");
    assert_zone(g, AA, "D", "D: [French: 4 hidden counters]");
    assert_zone(g, FR, "D",
                "D: [French: Junot (commander SV 2 CiC) Heudelet (infantry 4/4) Delaborde (commander SV 1) F decoy 1 "
                "(decoy)]");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-DECOY-03, LM-DISENG-01 (§7.4, §5.3): Tilson and a decoy share C with Heudelet; the stack that
   disengages takes the decoy along: after the die (1: success) and the command test the two go to
   B together, both activated to the French, and none is left in C. */
START_TEST(test_decoy_disengages_with_stack)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = position(ctx, LINE,
                          "unit AA cdr Wellesley sv=2 cic at=A\nunit AA inf Tilson mp=6 boxes=3,4 at=C\n"
                          "unit F cdr Junot sv=2 cic at=D\nunit F inf Heudelet mp=6 boxes=2,3,3,4 at=C\n");
    to_operations(g);
    wgp_choose(g, "add a decoy in C");
    wgp_choose(g, "disengage a stack from C");
    assert_option(g, "take a decoy along");
    wgp_choose(g, "take a decoy along");
    wgp_choose(g, "stack formed");
    for (int k = 0; k < 2 && deciding(g, "declare"); k++)
        wgp_choose(g, "keep them secret");
    ck_assert_msg(deciding(g, "disengagement die"), "%s", wgp_options_dump(g));
    wgp_choose(g, "roll 1");
    wgp_choose(g, "roll 6");
    go(g, "B", "0");
    wgp_choose(g, "stop");
    assert_zone(g, FR, "B", "B: [Anglo-Allied: 2 hidden counters (2 activated)]");
    assert_zone(g, FR, "C", "C: [French: Heudelet (infantry 4/4)]");
    assert_zone(g, AA, "B", "B: [Anglo-Allied: Tilson (infantry 2/2, activated) AA decoy 1 (decoy, activated)]");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-DECOY-01, LM-DECOY-03, LM-COMP-03 (§7.4, §1.1.1): a decoy added during the movement in the moving
   stack's zone goes with the stack and looks like it: activated, as the counters that moved. */
START_TEST(test_decoy_added_during_move_looks_like_the_stack)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = position(ctx, LINE,
                          "unit AA cdr Wellesley sv=2 cic at=A\nunit AA inf Tilson mp=6 boxes=3,4 at=A\n"
                          "unit AA inf Trant mp=6 boxes=2,2,3 at=B\n"
                          "unit F cdr Junot sv=2 cic at=D\nunit F inf Heudelet mp=6 boxes=2,3,3,4 at=D\n");
    to_operations(g);
    wgp_choose(g, "move a stack from A");
    wgp_choose(g, "stack formed");
    go(g, "B", "0");
    wgp_choose(g, "add a decoy in B"); /* it joins the moving stack */
    go(g, "C", "0");
    assert_zone(g, AA, "B", "B: [Anglo-Allied: Trant (infantry 3/3)]");
    assert_zone(g, FR, "B", "B: [Anglo-Allied: 1 hidden counter]");
    /* engine: "C: [Anglo-Allied: 3 hidden counters (2 activated)]" */
    assert_zone(g, FR, "C", "C: [Anglo-Allied: 3 hidden counters (3 activated)]");
    assert_pieces_alike(g, FR, "C", 3, "Anglo-Allied hidden counter, activated");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-DECOY-03 (§7.4: "free to remove or add decoys at any moment"): both French decoys are added to
   a stack in one decision, the same decision following each. */
START_TEST(test_two_decoys_at_one_moment)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = position(ctx, LINE,
                          "unit AA cdr Wellesley sv=2 cic at=A\nunit AA inf Tilson mp=6 boxes=3,4 at=B\n"
                          "unit F cdr Junot sv=2 cic at=D\nunit F inf Heudelet mp=6 boxes=2,3,3,4 at=C\n");
    to_operations(g);
    wgp_choose(g, "move a stack from B");
    wgp_choose(g, "stack formed");
    wgp_choose(g, "roll 6");
    wgp_choose(g, "go to C (");
    draws(g, "00");
    ck_assert_msg(deciding(g, "Retraite"), "%s", wgp_options_dump(g));
    ck_assert_int_eq(wgp_decider(g), FR);
    wgp_choose(g, "add a decoy in C");
    assert_zone(g, AA, "C", "C: [Anglo-Allied: Tilson (infantry 2/2, activated); retraite toward B] [French: 2 hidden counters]");
    ck_assert_msg(deciding(g, "Retraite"), "%s", wgp_options_dump(g));
    /* engine: no decoy option until the Retraite marker is placed */
    assert_option(g, "add a decoy in C");
    wgp_choose(g, "add a decoy in C");
    assert_zone(g, AA, "C", "C: [Anglo-Allied: Tilson (infantry 2/2, activated); retraite toward B] [French: 3 hidden counters]");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("marechaux_decoys");
    TCase *tc = tcase_create("decoys");
    tcase_add_test(tc, test_decoy_enlarges_stack);
    tcase_add_test(tc, test_two_decoys_at_one_moment);
    tcase_add_test(tc, test_decoy_added_during_move_looks_like_the_stack);
    tcase_add_test(tc, test_decoy_left_alone);
    tcase_add_test(tc, test_decoy_at_each_decision);
    tcase_add_test(tc, test_decoys_turned_over_removed);
    tcase_add_test(tc, test_attack_on_decoy_and_commander);
    tcase_add_test(tc, test_drop_on_the_way);
    tcase_add_test(tc, test_lone_commander_draws);
    tcase_add_test(tc, test_fronts_of_hidden_counters);
    tcase_add_test(tc, test_decoy_follows_lone_commander);
    tcase_add_test(tc, test_decoy_disengages_with_stack);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

/* Commands & Colors: Napoleonics: the eighteen scenarios through the public API — the battle notes
   as printed (checklist §4.3: commanders, Order and Tactician cards, Iron Will, who moves first,
   flags to win), and the bundled schematic maps against what is known of the printed ones
   (ccn-scenario-counts.md: terrain tiles and units by type, where given). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgplay.h"

typedef struct notes {
    const char *id;
    const char *items; /* the checklist items this row proves */
    const char *cmd[2];
    int cards[2], tac[2], ironwill, first, victory;
} notes;

/* §4.3 of the checklist (the battle notes as printed); player 0 is the army printed first. */
static const notes NOTES[18] = {
    {"S01", "CCN-S01-01 CCN-S01-02 CCN-S01-03 CCN-S01-04", {"Paget", "Debelle"}, {5, 4}, {2, 2}, 0, 0, 16},
    {"S02", "CCN-S02-01 CCN-S02-02 CCN-S02-03 CCN-S02-04", {"Wellington", "Soult"}, {6, 5}, {6, 4}, 0, 1, 9},
    {"S03", "CCN-S03-01 CCN-S03-02 CCN-S03-03 CCN-S03-04", {"Wellington", "Soult"}, {6, 5}, {6, 4}, 0, 1, 9},
    {"S04", "CCN-S04-01 CCN-S04-03 CCN-S04-04 CCN-S04-05", {"Wallmoden", "Pêcheux"}, {5, 5}, {2, 3}, 0, 0, 8},
    {"S05", "CCN-S05-01 CCN-S05-02 CCN-S05-03 CCN-S05-04 CCN-S05-05", {"Blücher", "Bertrand"}, {5, 4}, {5, 4}, 5, 0, 9},
    {"S06", "CCN-S06-01 CCN-S06-02 CCN-S06-03 CCN-S06-04", {"Bennigsen", "Lobau"}, {5, 5}, {4, 4}, 0, 0, 7},
    {"S07", "CCN-S07-01 CCN-S07-02 CCN-S07-03 CCN-S07-04 CCN-S07-05", {"Wittgenstein", "Murat"}, {5, 5}, {3, 3}, 2, 1, 9},
    {"S08", "CCN-S08-01 CCN-S08-02 CCN-S08-03 CCN-S08-04", {"Klenau", "Murat"}, {5, 5}, {2, 3}, 0, 0, 8},
    {"S09", "CCN-S09-01 CCN-S09-02 CCN-S09-03 CCN-S09-04", {"Gyulai", "Bertrand"}, {4, 5}, {3, 4}, 0, 0, 6},
    {"S10", "CCN-S10-01 CCN-S10-02 CCN-S10-03 CCN-S10-04", {"Langeron", "Marmont"}, {4, 5}, {2, 4}, 0, 0, 10},
    {"S11", "CCN-S11-01 CCN-S11-02 CCN-S11-03 CCN-S11-04 CCN-S11-05", {"Blücher", "Marmont"}, {5, 5}, {5, 4}, 4, 0, 10},
    {"S12", "CCN-S12-01 CCN-S12-02 CCN-S12-03 CCN-S12-04", {"Blücher", "Ney"}, {5, 5}, {5, 4}, 0, 0, 10},
    {"S13", "CCN-S13-01 CCN-S13-02 CCN-S13-03 CCN-S13-04", {"Blücher", "Napoleon"}, {5, 6}, {5, 6}, 0, 1, 9},
    {"S14", "CCN-S14-01 CCN-S14-02 CCN-S14-03 CCN-S14-04 CCN-S14-05", {"Yorck", "Napoleon"}, {5, 6}, {4, 6}, 3, 1, 8},
    {"S15", "CCN-S15-01 CCN-S15-02 CCN-S15-03 CCN-S15-04 CCN-S15-05", {"Blücher", "Napoleon"}, {5, 6}, {3, 6}, 3, 1, 8},
    {"S16", "CCN-S16-01 CCN-S16-02 CCN-S16-03 CCN-S16-04", {"Wellington", "Soult"}, {6, 5}, {6, 5}, 0, 0, 8},
    {"S17", "CCN-S17-01 CCN-S17-02 CCN-S17-03 CCN-S17-04", {"Wellington", "Soult"}, {6, 5}, {6, 5}, 0, 0, 9},
    {"S18", "CCN-S18-01 CCN-S18-03 CCN-S18-04 CCN-S18-05", {"Wellington", "Reille"}, {6, 5}, {6, 4}, 0, 1, 8},
};

/* the deal, and the Mother Russia pre-battle roll and its allocation where a scenario has it */
static void deal(wg_game *g)
{
    while (wgp_decider(g) == WG_PLAYER_CHANCE || strstr(wgp_decision(g), "Mother Russia"))
        wgp_choose_index(g, 0);
}

START_TEST(test_battle_notes)
{
    int i = _i;
    const notes *n = &NOTES[i];
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = wgp_new(ctx, "ccn", n->id, NULL, 7, NULL);
    deal(g); /* CCN-TACTICIAN-01: the starting hands the notes give */
    const char *d = wgp_describe(g, WG_VIEW_REFEREE);
    static const char *const who[2] = {"Coalition", "French"};
    char want[160];
    for (int p = 0; p < 2; p++) {
        snprintf(want, sizeof want, ", %s, %s edge): ", n->cmd[p], p ? "bottom" : "top");
        ck_assert_msg(strstr(d, want), "%s: no '%s' in\n%s", n->id, want, d);
        snprintf(want, sizeof want, "of %d Victory Flags", n->victory);
        ck_assert_msg(strstr(d, want), "%s: victory %d", n->id, n->victory);
        snprintf(want, sizeof want, "\n%s: %d Order card%s (", who[p], n->cards[p], n->cards[p] == 1 ? "" : "s");
        ck_assert_msg(strstr(d, want), "%s: no '%s' in\n%s", n->id, want, d);
        snprintf(want, sizeof want, "%d Tactician card%s (", n->tac[p], n->tac[p] == 1 ? "" : "s");
        ck_assert_msg(strstr(d, want), "%s: no '%s'", n->id, want);
    }
    /* CCN-SCEN-09: Iron Will only where listed, always Coalition */
    snprintf(want, sizeof want, ", %d Iron Will", n->ironwill);
    if (n->ironwill)
        ck_assert_msg(strstr(d, want), "%s: %s", n->id, want);
    else
        ck_assert_ptr_null(strstr(d, "Iron Will"));
    /* who moves first */
    snprintf(want, sizeof want, "turn 1, %s to play", who[n->first]);
    ck_assert_msg(strstr(d, want), "%s: %s", n->id, want);
    ck_assert_int_eq(wgp_decider(g), n->first);
    printf("%s battle notes: %s\n", n->id, n->items);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ccn-scenario-counts.md, CCN-BASE-34: the terrain tiles (hexes of each terrain; River, River Bend, Bridge and Ford
   tiles together as the water hexes river + ford + bridge; Entrenchments as fortified hexes) and the
   units by type where the reference site lists them. */
typedef struct counts {
    const char *id;
    const char *terrain; /* "forest=13 hill=2 ..." */
    const char *units[2]; /* "line=3 light=3 ... leader=3", NULL when not known */
} counts;

static const counts COUNTS[] = {
    {"S05", "forest=13 hill=2 town=3 marsh=4",
     {"line=3 light=3 reserve=2 grenadier=1 militia=4 light-cav=2 militia-lancer=1 foot-art=4 leader=3",
      "line=5 light=4 grenadier=1 light-cav=3 foot-art=1 leader=4"}},
    {"S06", "forest=9 hill=6 water=5 town=5", {NULL, NULL}},
    {"S08", "forest=4 hill=8 town=6 church=1", {NULL, NULL}},
    {"S09", "fortified=2 forest=9 hill=8 water=6 town=8",
     {"line=6 light=1 grenzer=2 light-cav=2 foot-art=2 leader=4 cossack=2",
      "line=5 light=1 heavy-cav=1 foot-art=2 leader=3"}},
    {"S12", "forest=2 hill=9 water=17 fortified=1 town=5",
     {"line=7 light=6 light-cav=3 heavy-cav=1 militia-lancer=2 foot-art=3 horse-art=1 leader=4", NULL}},
    {"S13", "forest=10 hill=2 water=3 town=4 walled-farm=1", {NULL, NULL}},
    {"S14", "forest=4 hill=8 water=14 town=6",
     {"line=4 light=2 reserve=2 grenadier=1 light-cav=1 militia-lancer=1 foot-art=2 horse-art=1 leader=3", NULL}},
    {"S15", "forest=5 hill=6 water=5 town=3",
     {NULL, "line=4 light=2 young-guard=1 old-guard=1 light-cav=1 cuirassier=1 heavy-cav=1 guard-light-cav=1 "
            "guard-heavy-cav=1 foot-art=2 leader=4"}},
    {"S16", "forest=18 hill=5 town=2 church=1", {NULL, NULL}},
    {"S17", "forest=6 hill=9 water=8 town=4", {NULL, NULL}},
    {"S18", "forest=10 hill=15 orchard=4 walled-farm=3 walled-garden=2", {NULL, NULL}},
};

static int want_of(const char *list, const char *key)
{
    char k[48];
    snprintf(k, sizeof k, "%s=", key);
    const char *p = list;
    while ((p = strstr(p, k)) != NULL) {
        if (p == list || p[-1] == ' ')
            return atoi(p + strlen(k));
        p++;
    }
    return -1;
}

static int count_in(const char *list)
{
    int n = 0;
    for (const char *p = list; (p = strchr(p, '=')) != NULL; p++)
        n++;
    return n;
}

START_TEST(test_map_counts)
{
    const counts *c = &COUNTS[_i];
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = wgp_new(ctx, "ccn", c->id, NULL, 1, NULL);
    int ns = 0;
    ck_assert_int_eq(wg_game_space_count(&ns, g), WG_OK);
    static const char *const keys[] = {"forest", "hill", "town", "marsh", "church", "orchard", "walled-farm",
                                       "walled-garden", "water", "fortified"};
    int got[10] = {0};
    for (int s = 0; s < ns; s++) {
        char t[64];
        size_t len = 0;
        int64_t west = 0;
        if (wg_game_attr_int(&west, g, WG_VIEW_REFEREE, WG_ATTR_SPACE, (size_t)s, "west") == WG_ENOTFOUND)
            continue; /* off the board */
        ck_assert_int_eq(wg_game_attr_text(t, sizeof t, &len, g, WG_VIEW_REFEREE, WG_ATTR_SPACE, (size_t)s, "terrain"),
                         WG_OK);
        for (int k = 0; k < 8; k++)
            got[k] += strcmp(t, keys[k]) == 0;
        got[8] += strcmp(t, "river") == 0 || strcmp(t, "ford") == 0 || strcmp(t, "bridge") == 0;
    }
    /* a fortified hex: the scenario's fortified record names it; the hexsides mark both neighbours, so
       count hexes with three or more fortified sides */
    for (int s = 0; s < ns; s++) {
        int64_t f = 0;
        if (wg_game_attr_int(&f, g, WG_VIEW_REFEREE, WG_ATTR_SPACE, (size_t)s, "fortified_sides") != WG_OK)
            continue;
        int bits = 0;
        for (int b = 0; b < 6; b++)
            bits += (int)((f >> b) & 1);
        got[9] += bits >= 3;
    }
    for (int k = 0; k < 10; k++) {
        int w = want_of(c->terrain, keys[k]);
        if (w >= 0)
            ck_assert_msg(got[k] == w, "%s: %d %s hexes, the printed map has %d", c->id, got[k], keys[k], w);
    }
    /* units by type (leaders as leader=) */
    for (int side = 0; side < 2; side++) {
        if (!c->units[side])
            continue;
        size_t np = 0;
        ck_assert_int_eq(wg_game_piece_count(&np, g, WG_VIEW_REFEREE), WG_OK);
        int seen = 0;
        const char *list = c->units[side];
        int nkeys = count_in(list);
        char type[48];
        /* every listed type's count */
        for (const char *p = list; *p;) {
            size_t k = 0;
            while (p[k] && p[k] != '=')
                k++;
            snprintf(type, sizeof type, "%.*s", (int)k, p);
            int want = atoi(p + k + 1);
            int have = 0;
            for (size_t i = 0; i < np; i++) {
                int64_t sd = -1, leader = 0;
                wg_game_attr_int(&sd, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, i, "side");
                wg_game_attr_int(&leader, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, i, "leader");
                if (sd != side)
                    continue;
                char t[48] = "";
                size_t len = 0;
                if (leader)
                    snprintf(t, sizeof t, "leader");
                else
                    wg_game_attr_text(t, sizeof t, &len, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, i, "type");
                have += strcmp(t, type) == 0;
            }
            ck_assert_msg(have == want, "%s side %d: %d %s, the reference lists %d", c->id, side, have, type, want);
            seen += have;
            p += k + 1;
            while (*p && *p != ' ')
                p++;
            while (*p == ' ')
                p++;
        }
        /* nothing but the listed types */
        int total = 0;
        for (size_t i = 0; i < np; i++) {
            int64_t sd = -1;
            wg_game_attr_int(&sd, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, i, "side");
            total += sd == side;
        }
        ck_assert_msg(total == seen, "%s side %d: %d pieces, %d of the listed types (%d types)", c->id, side, total,
                      seen, nkeys);
    }
    printf("%s: the schematic map matches the known counts\n", c->id);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* CCN-S09-10: the stream and the Pleisse River of S09 are fordable: their hexes are fords a unit may
   enter (a ford stops it), none is an impassable river. */
START_TEST(test_s09_fordable)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = wgp_new(ctx, "ccn", "S09", NULL, 1, NULL);
    static const char *const water[] = {"J9", "J8", "K6", "L5", "M5"};
    for (size_t k = 0; k < 5; k++) {
        int h = -1;
        char t[32];
        size_t len = 0;
        ck_assert_int_eq(wg_game_space_find(&h, g, water[k]), WG_OK);
        ck_assert_int_eq(wg_game_attr_text(t, sizeof t, &len, g, WG_VIEW_REFEREE, WG_ATTR_SPACE, (size_t)h, "terrain"),
                         WG_OK);
        ck_assert_msg(strcmp(t, "ford") == 0, "%s is %s", water[k], t);
    }
    int n = 0;
    ck_assert_int_eq(wg_game_space_count(&n, g), WG_OK);
    for (size_t h = 0; h < (size_t)n; h++) {
        char t[32];
        size_t len = 0;
        if (wg_game_attr_text(t, sizeof t, &len, g, WG_VIEW_REFEREE, WG_ATTR_SPACE, h, "terrain") == WG_OK)
            ck_assert_str_ne(t, "river");
    }
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Issue "ccn", item 6: each side wins at least once over a batch of seeded random games of each
   scenario (the batch stops once both have won; at most 150 games). */
START_TEST(test_each_side_wins)
{
    char id[16];
    snprintf(id, sizeof id, "S%02d", (_i + 1) % 100);
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    int wins[2] = {0, 0}, games = 0;
    for (uint64_t seed = 1; seed <= 150 && !(wins[0] && wins[1]); seed++) {
        wg_game *g = wgp_new(ctx, "ccn", id, NULL, seed, NULL);
        uint64_t steps = 0;
        ck_assert_int_eq(wg_game_playout(&steps, g, 2000000), WG_OK);
        int over = 0;
        ck_assert_int_eq(wg_game_is_over(&over, g), WG_OK);
        ck_assert_msg(over, "%s seed %llu: no end after %llu steps", id, (unsigned long long)seed,
                      (unsigned long long)steps);
        char r[200];
        size_t len = 0;
        ck_assert_int_eq(wg_game_result_text(r, sizeof r, &len, g), WG_OK);
        ck_assert(strncmp(r, "Coalition wins", 14) == 0 || strncmp(r, "French wins", 11) == 0);
        wins[r[0] == 'C' ? 0 : 1]++;
        games++;
        wg_game_free(g);
    }
    printf("%s: Coalition %d, French %d wins in %d random games\n", id, wins[0], wins[1], games);
    ck_assert_msg(wins[0] && wins[1], "%s: Coalition %d, French %d wins", id, wins[0], wins[1]);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ccn_scenarios");
    TCase *tc = tcase_create("scenarios");
    tcase_set_timeout(tc, 900);
    tcase_add_loop_test(tc, test_battle_notes, 0, 18);
    tcase_add_loop_test(tc, test_each_side_wins, 0, 18);
    tcase_add_loop_test(tc, test_map_counts, 0, (int)(sizeof COUNTS / sizeof COUNTS[0]));
    tcase_add_test(tc, test_s09_fordable);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

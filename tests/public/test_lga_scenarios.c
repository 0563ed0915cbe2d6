/* La Grande Armée scenario charts (1805, 1806, 1809) played through the public API: the bundled
   scenarios' Initial Placement zones and units, the reinforcements of every Game-Turn with the hexes
   they may be placed on, the special reinforcements and their triggers, the Victory Point values of
   the objectives and the Victory Level tables.  The expected charts below are transcribed from the
   rulebook's scenario sheets (with the Addenda), not from the data files. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wargame.h"
#include "wgplay.h"


enum { MAXS = 4096, MAXU = 32, MAXG = 64 };

/* ---- the expected charts ---- */

/* One chart box group: where it is placed and what it holds.  side 0 Allied, 1 French.  turn 0 is
   the Initial Placement.  Zone: the hexes named by `at` (comma-separated) and those within `within`
   of them, or every hex carrying all the flags of `all` and none of `none`.  units: "Ru Inf 4-4 x2"
   ("xN" the multiplier, none = one), leaders "Au Mack (Z 4/7)".  onehex: the whole group on one hex. */
typedef struct grp {
    int turn, side;
    const char *at;
    int within;
    const char *all, *none;
    int onehex;
    const char *units[MAXU];
} grp;

/* 1805: Allied Initial Placement (Mack's letter Z per the Addendum), French Initial Placement. */
static const grp SETUP_1805[] = {{0,
                                  0,
                                  NULL,
                                  0,
                                  "austria",
                                  NULL,
                                  0,
                                  {"Au Mack (Z 4/7)", "Au Schwarzenburg (N 3/4)", "Au Kienmaier (P 3/7)",
                                   "Au Inf 4-3 x4", "Au Cav 1-6 x3", "Au Sup 0-3 x3", "Au Dep (1)-2 x1"}},
                                 {0, 0, "Prague", 0, NULL, NULL, 0, {"Au Dep (1)-2 x1"}},
                                 {0, 0, "Vienna", 0, NULL, NULL, 0, {"Au Dep (1)-2 x1"}},
                                 {0, 1, "Nuremburg,Bamberg", 3, NULL, NULL, 0, {"Fr Inf 2-5 x3"}},
                                 {-1, 0, NULL, 0, NULL, NULL, 0, {NULL}}};

/* 1806: all Prussian, then the French within one hex of their towns (Addendum). */
static const grp SETUP_1806[] = {
    {0, 0, "Dresden", 0, NULL, NULL, 0, {"Pr Hohenloe (E 1/1)", "Pr Inf 3-3 x5", "Pr Cav 1-8 x3", "Pr Sup 0-2 x2"}},
    {0,
     0,
     "Leipzig",
     3,
     NULL,
     NULL,
     0,
     {"Pr Kalkreuth (G 3/4)", "Pr Brunswick (F 3/1)", "Pr Inf 3-3 x6", "Pr Cav 1-8 x3", "Pr Sup 0-2 x2"}},
    {0,
     0,
     "Gottingen",
     3,
     NULL,
     NULL,
     0,
     {"Pr Blücher (C 4/7)", "Pr Rüchel (B 3/1)", "Pr Inf 3-3 x2", "Pr Cav 1-8 x3", "Pr Sup 0-2 x2"}},
    {0, 0, "Magdeburg", 0, NULL, NULL, 0, {"Pr Dep (1)-0 x1"}},
    {0, 0, "Berlin", 0, NULL, NULL, 0, {"Pr Wurtemburg (D 1/1)", "Pr Inf 3-3 x2", "Pr Dep (1)-0 x1"}},
    {0, 0, "Stettin", 0, NULL, NULL, 0, {"Pr Inf 3-3 x1"}},
    {0, 0, "Glogau", 0, NULL, NULL, 0, {"Pr Inf 3-3 x1"}},
    {0, 0, "Breslau", 0, NULL, NULL, 0, {"Pr Inf 3-3 x1"}},
    {0, 0, "Posen", 0, NULL, NULL, 0, {"Pr Lestocq (A 1/4)", "Pr Inf 3-3 x2", "Pr Cav 1-8 x1", "Pr Sup 0-2 x2"}},
    {0, 0, "Thorn", 0, NULL, NULL, 0, {"Pr Inf 3-3 x1"}},
    {0, 1, "Koln", 1, NULL, NULL, 0, {"Fr Inf 2-5 x1"}},
    {0, 1, "Mainz", 1, NULL, NULL, 0, {"Fr Lefebvre (G 7/9)", "Fr Inf 2-5 x1", "Fr Cav 1-8 x1", "Fr Sup 0-4 x2"}},
    {0, 1, "Frankfurt", 1, NULL, NULL, 0, {"Fr Augureau (B 9/13)", "Fr Inf 2-5 x2", "Fr Cav 1-8 x1", "Fr Sup 0-4 x1"}},
    {0, 1, "Bamberg", 1, NULL, NULL, 0, {"Fr Davout (E 13/16)", "Fr Inf 2-5 x3", "Fr Cav 1-8 x2"}},
    {0,
     1,
     "Wurzburg",
     1,
     NULL,
     NULL,
     0,
     {"Fr Napoleon (A 25/25)", "Fr Lannes (F 13/13)", "Fr Inf 2-5 x2", "Fr Cav 1-8 x1", "Fr Sup 0-4 x3",
      "Fr Dep (1)-2 x2"}},
    {0, 1, "Nuremburg", 1, NULL, NULL, 0, {"Fr Bernadotte (C 4/7)", "Fr Inf 2-5 x1", "Fr Cav 1-8 x1", "Fr Sup 0-4 x1"}},
    {0, 1, "Augsburg", 1, NULL, NULL, 0, {"Fr Inf 2-5 x1", "Fr Cav 1-8 x1"}},
    {0,
     1,
     "Ansbach",
     1,
     NULL,
     NULL,
     0,
     {"Fr Ney (N 9/16)", "Fr Murat (M 7/3)", "Fr Inf 2-5 x2", "Fr Cav 1-8 x2", "Fr Sup 0-4 x1"}},
    {0, 1, "Landshut", 1, NULL, NULL, 0, {"Fr Soult (Q 13/13)", "Fr Inf 2-5 x3", "Fr Cav 1-8 x1", "Fr Sup 0-4 x1"}},
    {-1, 0, NULL, 0, NULL, NULL, 0, {NULL}}};

/* 1809: all Austrian (1809 organisation), then the French within one hex of their towns. */
static const grp SETUP_1809[] = {
    {0,
     0,
     "Salzburg",
     2,
     NULL,
     NULL,
     0,
     {"Au Kienmaier (P 3/7)", "Au Hiller (V 3/5)", "Au Louis (U 1/3)", "Au Inf 2-5 x5", "Au Cav 1-6 x3",
      "Au Sup 0-3 x3"}},
    {0, 0, "Prague", 6, NULL, NULL, 0, {"Au Bellegarde (S 5/2)", "Au Inf 2-5 x5", "Au Cav 1-6 x1", "Au Sup 0-3 x2"}},
    {0,
     0,
     "Linz",
     4,
     NULL,
     NULL,
     0,
     {"Au Charles (R 3/7)", "Au Lichtenstein (Y 3/5)", "Au Hohenzollern (T 1/3)", "Au Rosenburg (X 1/3)",
      "Au Inf 2-5 x5", "Au Cav 1-6 x1", "Au Sup 0-3"}},
    {0, 0, "Austerlitz", 6, NULL, NULL, 0, {"Au Ferdinand (W 1/3)", "Au Inf 2-5 x2", "Au Cav 1-6 x1"}},
    {0, 1, "Stuttgart", 1, NULL, NULL, 0, {"Fr Vandamme (U 4/4)", "Fr Inf 2-5 x1"}},
    {0, 1, "Ulm", 1, NULL, NULL, 0, {"Fr Massena (K 3/7)", "Fr Inf 2-5 x3", "Fr Cav 1-8 x1", "Fr Sup 0-4 x1"}},
    {0, 1, "Donauworth", 1, NULL, NULL, 0, {"Fr Dep (1)-2"}},
    {0, 1, "Augsburg", 1, NULL, NULL, 0, {"Fr Oudinot (R 1/3)", "Fr Inf 2-5 x2", "Fr Cav 1-8 x1", "Fr Sup 0-4 x1"}},
    {0, 1, "Landshut", 1, NULL, NULL, 0, {"Fr Inf 2-5 x1"}},
    {0, 1, "Straubing", 1, NULL, NULL, 0, {"Fr Inf 2-5 x1"}},
    {0, 1, "Munich", 1, NULL, NULL, 0, {"Fr Lefebvre (G 7/9)", "Fr Inf 2-5 x1"}},
    {0,
     1,
     "Ratisbon",
     1,
     NULL,
     NULL,
     0,
     {"Fr Davout (E 13/16)", "Fr Bessières (D 4/4)", "Fr Inf 2-5 x5", "Fr Cav 1-8 x1", "Fr Sup 0-4 x2"}},
    {0, 1, "Posen", 1, NULL, NULL, 0, {"Fr Poniatowski (P 9/13)", "Fr Inf 2-5 x1", "Fr Cav 1-8 x1", "Fr Sup 0-4 x1"}},
    {-1, 0, NULL, 0, NULL, NULL, 0, {NULL}}};

/* 1805 reinforcements, regular and (with no French play: VP 0 below A=15 after Game-Turn 5 and below
   P=15 after Game-Turn 6) special: the Special Austrians on the Allied Player-Turn of Game-Turn 6,
   the Special French on the French Player-Turn of Game-Turn 6, the Special Prussians (with the
   Saxons) on the Allied Player-Turn of Game-Turn 7. */
static const grp REINF_1805[] = {
    {3, 0, "Vienna", 0, NULL, NULL, 0, {"Au Inf 4-3 x1"}},
    {3,
     0,
     NULL,
     0,
     "edge-e",
     NULL,
     0,
     {"Ru Inf 4-4 x2", "Ru Cav 1-8 x1", "Ru Sup 0-3 x1", "Ru Dep (1)-2 x1", "Ru Bagration (M 1/3)",
      "Ru Kutusov (H 3/7)"}},
    {3,
     1,
     NULL,
     0,
     "edge-w",
     NULL,
     0,
     {"Fr Napoleon (A 25/25)", "Fr Davout (E 13/16)", "Fr Ney (N 9/16)", "Fr Bernadotte (C 4/7)", "Fr Murat (M 7/3)",
      "Fr Lannes (F 13/13)", "Fr Marmont (J 9/9)", "Fr Soult (Q 13/13)", "Fr Cav 1-8 x8", "Fr Inf 2-5 x17",
      "Fr Sup 0-4 x6", "Fr Dep (1)-2 x2"}},
    {4, 0, NULL, 0, "edge-e", NULL, 0, {"Ru Inf 4-4 x1"}},
    {5, 0, "Prague", 0, NULL, NULL, 0, {"Au Inf 4-3 x1"}},
    {6, 0, NULL, 0, "edge-s,austria", NULL, 1, {"Au Charles (R 3/7)", "Au Inf 4-3 x5", "Au Cav 1-6 x2"}},
    {6, 0, NULL, 0, "edge-s,austria", NULL, 1, {"Au John (Q 1/1)", "Au Inf 4-3 x1", "Au Cav 1-6 x2", "Au Sup 0-3 x4"}},
    {6, 1, NULL, 0, "edge-s", NULL, 1, {"Fr Massena (K 3/7)", "Fr Inf 2-5 x3", "Fr Cav 1-8 x1", "Fr Sup 0-4 x2"}},
    {7, 0, NULL, 0, "edge-e", NULL, 0, {"Ru Sup 0-3 x1", "Ru Cav 1-8 x1", "Ru Inf 4-4 x2", "Ru Buxhowden (J 1/1)"}},
    {7,
     0,
     "Magdeburg",
     0,
     NULL,
     NULL,
     0,
     {"Pr Blücher (C 4/7)", "Pr Rüchel (B 3/1)", "Pr Brunswick (F 3/1)", "Pr Inf 3-3 x5", "Pr Cav 1-8 x1",
      "Pr Sup 0-2 x2", "Pr Dep (1)-0 x1"}},
    {7, 0, "Berlin", 0, NULL, NULL, 0, {"Pr Inf 3-3 x1", "Pr Sup 0-2 x1", "Pr Dep (1)-0 x1"}},
    {7, 0, "Gottingen", 0, NULL, NULL, 0, {"Pr Inf 3-3 x3", "Pr Cav 1-8 x1", "Pr Sup 0-2 x2", "Pr Dep (1)-0 x1"}},
    {7, 0, "Kustrin", 0, NULL, NULL, 0, {"Pr Wurtemburg (D 1/1)", "Pr Inf 3-3 x1"}},
    {7, 0, "Posen", 0, NULL, NULL, 0, {"Pr Inf 3-3 x1", "Pr Dep (1)-0 x1"}},
    {7, 0, "Dresden", 0, NULL, NULL, 0, {"Sx Inf 3-3 x1"}},
    {7, 0, "Leipzig", 0, NULL, NULL, 0, {"Sx Inf 3-3 x1"}},
    {7, 1, NULL, 0, "edge-w", NULL, 0, {"Fr Augureau (B 9/13)", "Fr Inf 2-5 x1"}},
    {9, 0, "Vienna", 0, NULL, NULL, 0, {"Au Inf 4-3 x1"}},
    {9, 0, NULL, 0, "edge-e", NULL, 0, {"Ru Cav 1-8 x2", "Ru Sup 0-3 x2", "Ru Inf 4-4 x2", "Ru Bennigsen (K 3/3)"}},
    {10, 0, "Vienna", 0, NULL, NULL, 0, {"Au Inf 4-3 x1"}},
    {12, 0, "Vienna", 0, NULL, NULL, 0, {"Au Inf 4-3 x1"}},
    {-1, 0, NULL, 0, NULL, NULL, 0, {NULL}}};

static const grp REINF_1806[] = {
    {2, 0, NULL, 0, "edge-e", "austria", 0, {"Ru Sup 0-3 x1", "Ru Cav 1-8 x2", "Ru Inf 4-4 x2"}},
    {2, 1, "Augsburg", 0, NULL, NULL, 0, {"Fr Jerome (T 3/3)", "Fr Inf 2-5 x2", "Fr Sup 0-4 x2"}},
    {3, 1, NULL, 0, "edge-w", "austria", 0, {"Fr Mortier (L 4/7)", "Fr Inf 2-5 x1", "Fr Cav 1-8 x1", "Fr Sup 0-4 x1"}},
    {5, 1, "Strasburg", 0, NULL, NULL, 0, {"Fr Inf 2-5 x1"}},
    {6,
     0,
     NULL,
     0,
     "edge-e",
     "austria",
     0,
     {"Ru Sup 0-3 x1", "Ru Dep (1)-2 x1", "Ru Cav 1-8 x1", "Ru Inf 4-4 x1", "Ru Bennigsen (K 3/3)"}},
    {6, 1, "Strasburg", 0, NULL, NULL, 0, {"Fr Inf 2-5 x1"}},
    {7, 1, "Strasburg", 0, NULL, NULL, 0, {"Fr Inf 2-5 x1"}},
    {8,
     0,
     NULL,
     0,
     "edge-e",
     "austria",
     0,
     {"Ru Sup 0-3 x1", "Ru Dep (1)-2 x1", "Ru Cav 1-8 x2", "Ru Inf 4-4 x2", "Ru Buxhowden (J 1/1)"}},
    {8, 1, "Strasburg", 0, NULL, NULL, 0, {"Fr Inf 2-5 x1"}},
    {9, 1, "Strasburg", 0, NULL, NULL, 0, {"Fr Inf 2-5 x1"}},
    {-1, 0, NULL, 0, NULL, NULL, 0, {NULL}}};

#define A1809(t)                                                                                                       \
    {                                                                                                                  \
        t, 0, "Prague,Vienna", 0, NULL, NULL, 0,                                                                       \
        {                                                                                                              \
            "Au Sup 0-3 x1", "Au Inf 2-5 x1"                                                                           \
        }                                                                                                              \
    }
static const grp REINF_1809[] = {
    A1809(1),
    A1809(2),
    A1809(3),
    A1809(4),
    A1809(5),
    A1809(6),
    A1809(7),
    A1809(8),
    A1809(9),
    A1809(10),
    A1809(11),
    A1809(12),
    {2, 1, "Donauworth", 0, NULL, NULL, 0, {"Fr Napoleon (A 25/25)", "Fr Mortier (L 4/7)", "Fr Inf 2-5 x2"}},
    {2, 1, "Strasburg", 0, NULL, NULL, 0, {"Fr Inf 2-5 x2", "Fr Cav 1-8 x1"}},
    {3, 1, "Donauworth", 0, NULL, NULL, 0, {"Fr Inf 2-5 x1", "Fr Cav 1-8 x1"}},
    {4, 1, "Strasburg", 0, NULL, NULL, 0, {"Fr Inf 2-5 x2"}},
    {4, 1, "Thorn", 0, NULL, NULL, 0, {"Fr Cav 1-8 x1"}},
    {8, 1, "Mainz", 0, NULL, NULL, 0, {"Fr Junot (V 1/3)", "Fr Inf 2-5 x1"}},
    {8,
     1,
     NULL,
     0,
     "edge-s",
     "austria",
     0,
     {"Fr Marmont (J 9/9)", "Fr Eugène (S 4/9)", "Fr MacDonald (H 4/7)", "Fr Inf 2-5 x3", "Fr Cav 1-8 x1"}},
    {9, 1, NULL, 0, "edge-n", NULL, 0, {"Fr Jerome (T 3/3)", "Fr Inf 2-5 x2"}},
    {11, 1, "Mainz", 0, NULL, NULL, 0, {"Fr Inf 2-5 x2"}},
    {-1, 0, NULL, 0, NULL, NULL, 0, {NULL}}};

/* ---- reading the game ---- */

static wg_ctx *CTX;

static void setup(void)
{
    ck_assert_int_eq(wg_ctx_new(&CTX, NULL, NULL), WG_OK);
}

static void teardown(void)
{
    ck_assert_int_eq(wg_ctx_free(CTX), WG_OK);
    CTX = NULL;
}

/* The kind of a unit label: "Ru Inf 4-4 #21" -> "Ru Inf 4-4"; a leader's label is its kind. */
static void unit_kind(const char *label, char *out, size_t cap)
{
    snprintf(out, cap, "%s", label);
    char *h = strstr(out, " #");
    if (h)
        *h = '\0';
}

/* A chart box entry: its kind and its count. */
static int entry_count(const char *e, char *kind, size_t cap)
{
    snprintf(kind, cap, "%s", e);
    char *x = strrchr(kind, ' ');
    if (x && x[1] == 'x' && x[2] >= '0' && x[2] <= '9') {
        *x = '\0';
        return atoi(x + 2);
    }
    return 1;
}

static int space_named(const wg_map *m, const char *name)
{
    int s = -1;
    ck_assert_msg(wg_map_find(&s, m, name) == WG_OK, "no hex named %s", name);
    return s;
}

static int has_flags(const wg_map *m, int s, const char *list)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s", list);
    uint32_t f = 0;
    ck_assert_int_eq(wg_map_flags(&f, m, s), WG_OK);
    for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
        int bit = -1;
        ck_assert_msg(wg_map_flag_bit(&bit, m, t) == WG_OK, "no flag %s", t);
        if (!(f & (1u << bit)))
            return 0;
    }
    return 1;
}

/* zone[s] = 1 for every hex of the group's zone. */
static void group_zone(const wg_map *m, const grp *gr, unsigned char *zone)
{
    int n = 0;
    ck_assert_int_eq(wg_map_space_count(&n, m), WG_OK);
    ck_assert_int_le(n, MAXS);
    memset(zone, 0, MAXS);
    if (gr->at) {
        char buf[128];
        snprintf(buf, sizeof buf, "%s", gr->at);
        for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
            int c = space_named(m, t);
            for (int s = 0; s < n; s++) {
                int d = 999;
                if (wg_map_hex_distance(&d, m, c, s) == WG_OK && d <= gr->within)
                    zone[s] = 1;
            }
        }
    } else {
        for (int s = 0; s < n; s++)
            zone[s] = has_flags(m, s, gr->all) && !(gr->none && has_flags(m, s, gr->none));
    }
}

/* occ[s] |= 1 << side for every piece on the map. */
static void occupancy(wg_game *g, unsigned char *occ)
{
    size_t n = 0;
    memset(occ, 0, MAXS);
    ck_assert_int_eq(wg_game_piece_count(&n, g, WG_VIEW_REFEREE), WG_OK);
    for (size_t i = 0; i < n; i++) {
        int side = -1, sp = -1;
        ck_assert_int_eq(wg_game_piece(&side, &sp, g, WG_VIEW_REFEREE, i), WG_OK);
        if (sp >= 0 && sp < MAXS && side >= 0 && side < 2)
            occ[sp] |= (unsigned char)(1u << side);
    }
}

/* The hex label "0403 Glogau" / "0403" of a space. */
static void hex_label(const wg_map *m, int s, char *out, size_t cap)
{
    int c = 0, r = 0;
    const char *name = NULL;
    ck_assert_int_eq(wg_map_hex_coords(&c, &r, m, s), WG_OK);
    if (wg_map_name(&name, m, s) == WG_OK && name && *name)
        snprintf(out, cap, "%02d%02d %s", c + 1, r + 1, name);
    else
        snprintf(out, cap, "%02d%02d", c + 1, r + 1);
}

/* The space of a "CCRR[ name]" hex label. */
static int label_space(const wg_map *m, const char *lab)
{
    int c = (lab[0] - '0') * 10 + (lab[1] - '0'), r = (lab[2] - '0') * 10 + (lab[3] - '0'), s = -1;
    ck_assert_int_eq(wg_map_hex_at(&s, m, c - 1, r - 1), WG_OK);
    return s;
}

/* The placement decision: the unit being placed (its label) and the offered hexes; returns the
   number of hexes.  Options read "place <unit> on <hex>". */
static int placement_options(wg_game *g, const wg_map *m, char *unit, size_t cap, unsigned char *offered, int *first)
{
    memset(offered, 0, MAXS);
    int k = 0;
    *first = -1;
    unit[0] = '\0';
    size_t n = wgp_option_count(g);
    for (size_t i = 0; i < n; i++) {
        const char *l = wgp_label(g, i);
        const char *on = strstr(l, " on ");
        if (strncmp(l, "place ", 6) != 0 || !on || strstr(l, "automatically"))
            continue;
        if (!unit[0])
            snprintf(unit, cap, "%.*s", (int)(on - l - 6), l + 6);
        int s = label_space(m, on + 4);
        offered[s] = 1;
        if (*first < 0)
            *first = s;
        k++;
    }
    return k;
}

/* Counts of a group's units still to be seen. */
typedef struct tally {
    int left[MAXG][MAXU];
    int anchor[MAXG];
} tally;

static void tally_init(tally *t, const grp *gs)
{
    for (int gi = 0; gs[gi].turn >= 0; gi++) {
        t->anchor[gi] = -1;
        for (int u = 0; u < MAXU && gs[gi].units[u]; u++) {
            char kind[64];
            t->left[gi][u] = entry_count(gs[gi].units[u], kind, sizeof kind);
        }
    }
}

/* Matches a placed unit (kind, offered hexes) to a group of (turn, side) whose zone, less the hexes
   holding Enemy units, is exactly the offered set (or the group's one hex once it has started);
   returns the group index. */
static int match_unit(const tally *t, const grp *gs, int turn, int side, const char *kind, const unsigned char *offered,
                      const unsigned char *occ, const wg_map *m, int *entry)
{
    static unsigned char zone[MAXS];
    int n = 0;
    ck_assert_int_eq(wg_map_space_count(&n, m), WG_OK);
    for (int gi = 0; gs[gi].turn >= 0; gi++) {
        if (gs[gi].turn != turn || gs[gi].side != side)
            continue;
        for (int u = 0; u < MAXU && gs[gi].units[u]; u++) {
            char k[64];
            entry_count(gs[gi].units[u], k, sizeof k);
            if (strcmp(k, kind) != 0 || t->left[gi][u] <= 0)
                continue;
            if (gs[gi].onehex && t->anchor[gi] >= 0) {
                memset(zone, 0, MAXS);
                zone[t->anchor[gi]] = 1;
            } else {
                group_zone(m, &gs[gi], zone);
                for (int s = 0; s < n; s++)
                    if (occ[s] & (1u << (1 - side)))
                        zone[s] = 0;
            }
            int same = 1;
            for (int s = 0; s < n && same; s++)
                same = (zone[s] != 0) == (offered[s] != 0);
            if (same) {
                *entry = u;
                return gi;
            }
        }
    }
    return -1;
}

/* Offered hexes vs a group's zone, for a failure message. */
static const char *zone_diff(const wg_map *m, const grp *gs, int turn, int side, const unsigned char *offered)
{
    static char out[4096];
    static unsigned char zone[MAXS];
    size_t k = 0;
    int n = 0;
    wg_map_space_count(&n, m);
    out[0] = '\0';
    for (int gi = 0; gs[gi].turn >= 0 && k < sizeof out - 200; gi++) {
        if (gs[gi].turn != turn || gs[gi].side != side)
            continue;
        group_zone(m, &gs[gi], zone);
        int extra = 0, missing = 0;
        char ex[32] = "", mi[32] = "";
        for (int s = 0; s < n; s++) {
            if (offered[s] && !zone[s] && !extra++)
                hex_label(m, s, ex, sizeof ex);
            if (!offered[s] && zone[s] && !missing++)
                hex_label(m, s, mi, sizeof mi);
        }
        k +=
            (size_t)snprintf(out + k, sizeof out - k, "  group %d (%s): %d offered outside (%s), %d not offered (%s)\n",
                             gi, gs[gi].at ? gs[gi].at : gs[gi].all, extra, ex, missing, mi);
    }
    return out;
}

static void place_and_record(wg_game *g, const wg_map *m, const grp *gs, tally *t, int turn, int side, int *rot)
{
    static unsigned char offered[MAXS], occ[MAXS];
    char unit[128], kind[128], want[256];
    int first = -1;
    int k = placement_options(g, m, unit, sizeof unit, offered, &first);
    ck_assert_msg(k > 0, "%s", wgp_options_dump(g));
    unit_kind(unit, kind, sizeof kind);
    occupancy(g, occ);
    int entry = -1;
    int gi = match_unit(t, gs, turn, side, kind, offered, occ, m, &entry);
    ck_assert_msg(gi >= 0, "Game-Turn %d side %d: %s offered on %d hexes matches no chart box\n%s", turn, side, unit, k,
                  zone_diff(m, gs, turn, side, offered));
    t->left[gi][entry]--;
    /* the hex: the group's one hex, else spread over the offered hexes */
    int n = 0, pick = -1, j = 0;
    wg_map_space_count(&n, m);
    int target = (*rot)++ % k;
    for (int s = 0; s < n && pick < 0; s++)
        if (offered[s] && j++ == target)
            pick = s;
    if (gs[gi].onehex && t->anchor[gi] < 0)
        t->anchor[gi] = pick;
    char hl[64];
    hex_label(m, pick, hl, sizeof hl);
    snprintf(want, sizeof want, "place %s on %s", unit, hl);
    long i = -1;
    for (size_t o = 0; o < wgp_option_count(g) && i < 0; o++)
        if (strcmp(wgp_label(g, o), want) == 0)
            i = (long)o;
    ck_assert_msg(i >= 0, "%s\n%s", want, wgp_options_dump(g));
    size_t ev = wgp_event_count(g);
    wgp_choose_index(g, (size_t)i);
    /* the unit stands where it was placed */
    char msg[256];
    snprintf(msg, sizeof msg, "%s is placed on %s", unit, hl);
    ck_assert_msg(wgp_find_event(g, ev, msg, WG_VIEW_REFEREE) >= 0, "%s\n%s", msg,
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
}

static void tally_done(const tally *t, const grp *gs, int turn, int side)
{
    for (int gi = 0; gs[gi].turn >= 0; gi++) {
        if (gs[gi].turn != turn || gs[gi].side != side)
            continue;
        for (int u = 0; u < MAXU && gs[gi].units[u]; u++)
            ck_assert_msg(t->left[gi][u] == 0, "Game-Turn %d: chart box %d (%s) still lacks %d of %s", turn, gi,
                          gs[gi].at ? gs[gi].at : gs[gi].all, t->left[gi][u], gs[gi].units[u]);
    }
}

static int starts_with(const char *s, const char *p)
{
    return strncmp(s, p, strlen(p)) == 0;
}

/* ---- Initial Placement, placed by hand ---- */

/* LGA-SCEN-01, LGA-SCEN-02, LGA-SCEN-03, LGA-SCEN-04, LGA-S1805-01, LGA-S1805-02, LGA-S1805-03,
   LGA-S1806-02, LGA-S1806-03, LGA-S1806-04, LGA-S1806-05, LGA-S1806-06, LGA-S1806-07,
   LGA-S1806-08, LGA-S1806-09, LGA-S1806-10, LGA-S1806-11, LGA-S1806-12, LGA-S1806-13,
   LGA-S1806-14, LGA-S1806-15, LGA-S1806-16, LGA-S1806-17, LGA-S1806-18, LGA-S1806-19,
   LGA-S1806-20, LGA-S1809-02, LGA-S1809-03, LGA-S1809-04, LGA-S1809-05, LGA-S1809-06,
   LGA-S1809-07, LGA-S1809-08, LGA-S1809-09, LGA-S1809-10, LGA-S1809-11, LGA-S1809-12,
   LGA-S1809-13, LGA-S1809-14 (Setting Up; Initial Placement of each scenario; Addendum: Scenario
   Sheet): every unit of the set-up is offered exactly the hexes of its chart box (a named town's hex, within N hexes of
   it, any hex of Austria), less the hexes holding Enemy units; each box brings as many units as its multiplier (the
   1806 Frankfurt box "Infantry Division 2-5 x2" brings two), leaders once with their letter and values; the Allied
   Player places everything first, then the French Player. */
static void walk_setup(const char *sc, const grp *gs)
{
    wg_game *g = wgp_new(CTX, "lga", sc, NULL, 1, NULL);
    const wg_map *m = NULL;
    ck_assert_int_eq(wg_game_map(&m, g), WG_OK);
    static tally t;
    memset(&t, 0, sizeof t);
    tally_init(&t, gs);
    int rot = 0, french_started = 0, placed[2] = {0, 0};
    for (int k = 0; k < 400 && wgp_find(g, "place the rest of the set-up automatically") >= 0; k++) {
        const char *d = wgp_decision(g);
        int side = strstr(d, "French Player-Turn") ? 1 : 0;
        ck_assert_msg(strstr(d, "initial placement") != NULL, "%s", d);
        if (side)
            french_started = 1;
        ck_assert_msg(!(french_started && !side), "an Allied unit is placed after the French began");
        place_and_record(g, m, gs, &t, 0, side, &rot);
        placed[side]++;
    }
    tally_done(&t, gs, 0, 0);
    tally_done(&t, gs, 0, 1);
    ck_assert_int_gt(placed[0], 0);
    ck_assert_int_gt(placed[1], 0);
    /* the set-up is over: Game-Turn 1 begins with the Allied Movement Phase (LGA-SCEN-06) */
    int turn = 0;
    ck_assert_int_eq(wg_game_turn(&turn, g), WG_OK);
    ck_assert_int_eq(turn, 1);
    ck_assert_msg(starts_with(wgp_decision(g), "Game-Turn 1, Allied Player-Turn: Movement Phase"), "%s",
                  wgp_decision(g));
    /* as many pieces on the map as the charts hold */
    size_t np = 0;
    ck_assert_int_eq(wg_game_piece_count(&np, g, WG_VIEW_REFEREE), WG_OK);
    ck_assert_uint_eq(np, (size_t)(placed[0] + placed[1]));
    wg_game_free(g);
}

START_TEST(test_setup_1805)
{
    walk_setup("1805", SETUP_1805);
}
END_TEST

START_TEST(test_setup_1806)
{
    walk_setup("1806", SETUP_1806);
}
END_TEST

START_TEST(test_setup_1809)
{
    walk_setup("1809", SETUP_1809);
}
END_TEST

/* ---- playing the Game-Turns ---- */

/* Takes one decision that lets the game go on without play: the only option, no attack, the end of
   the Player-Turn, an elimination the rules require. */
static void pass_step(wg_game *g)
{
    if (wgp_option_count(g) == 1)
        wgp_choose_index(g, 0);
    else if (wgp_find(g, "no more attacks") >= 0)
        wgp_choose(g, "no more attacks");
    else if (wgp_find(g, "end the Player-Turn") >= 0)
        wgp_choose(g, "end the Player-Turn");
    else if (wgp_find(g, "end the Movement Phase") >= 0)
        wgp_choose(g, "end the Movement Phase");
    else if (wgp_find(g, "eliminate ") >= 0)
        wgp_choose(g, "eliminate ");
    else if (wgp_find(g, "done") >= 0)
        wgp_choose(g, "done");
    else
        ck_abort_msg("no way on:\n%s", wgp_options_dump(g));
}

static int is_over(wg_game *g)
{
    int over = 0;
    ck_assert_int_eq(wg_game_is_over(&over, g), WG_OK);
    return over;
}

/* The Movement Phase of (turn, side) when the decision is one. */
static int movement_phase(wg_game *g, int *turn, int *side)
{
    const char *d = wgp_decision(g);
    char who[16];
    if (!strstr(d, "Player-Turn: Movement Phase") || sscanf(d, "Game-Turn %d, %15s Player-Turn", turn, who) != 2)
        return 0;
    *side = strcmp(who, "French") == 0;
    return 1;
}

static void auto_setup(wg_game *g)
{
    while (wgp_find(g, "place the rest of the set-up automatically") >= 0)
        wgp_choose(g, "place the rest of the set-up automatically");
}

static size_t count_events(wg_game *g, const char *needle)
{
    size_t n = 0;
    for (long i = wgp_find_event(g, 0, needle, WG_VIEW_REFEREE); i >= 0;
         i = wgp_find_event(g, (size_t)i + 1, needle, WG_VIEW_REFEREE))
        n++;
    return n;
}

/* Plays the scenario with no moves: in every Movement Phase each reinforcement offered is placed,
   after checking the hexes offered for it against its chart box; the phase ends once every box of
   that Player-Turn is complete.  Returns the game, over. */
static wg_game *walk_reinforcements(const char *sc, const char *options, const grp *gs, int length)
{
    wg_game *g = wgp_new(CTX, "lga", sc, wgp_ask_all(options), 1, NULL);
    const wg_map *m = NULL;
    ck_assert_int_eq(wg_game_map(&m, g), WG_OK);
    static tally t;
    memset(&t, 0, sizeof t);
    tally_init(&t, gs);
    auto_setup(g);
    int rot = 0, last_turn = 1, seen[2][16] = {{0}};
    for (int k = 0; k < 20000 && !is_over(g); k++) {
        int turn = 0, side = 0;
        if (!movement_phase(g, &turn, &side)) {
            pass_step(g);
            continue;
        }
        /* the Game-Turn marker moves one box at a time (LGA-SCEN-06) */
        int gt = 0;
        ck_assert_int_eq(wg_game_turn(&gt, g), WG_OK);
        ck_assert_int_eq(gt, turn);
        ck_assert_msg(turn == last_turn || turn == last_turn + 1, "Game-Turn %d after %d", turn, last_turn);
        last_turn = turn;
        ck_assert_int_lt(turn, 16);
        ck_assert_msg(!seen[side][turn], "Movement Phase of Game-Turn %d met twice", turn);
        seen[side][turn] = 1;
        while (wgp_find(g, "place reinforcement ") >= 0) {
            wgp_choose(g, "place reinforcement ");
            place_and_record(g, m, gs, &t, turn, side, &rot);
        }
        tally_done(&t, gs, turn, side);
        wgp_choose(g, "end the Movement Phase");
    }
    ck_assert_msg(is_over(g), "%s", wgp_options_dump(g));
    ck_assert_int_eq(last_turn, length);
    for (int tn = 1; tn <= length; tn++)
        ck_assert_msg(seen[0][tn] && seen[1][tn], "Game-Turn %d not played in full", tn);
    for (int gi = 0; gs[gi].turn >= 0; gi++)
        tally_done(&t, gs, gs[gi].turn, gs[gi].side);
    return g;
}

static int64_t score(wg_game *g);
static const char *result(wg_game *g);

/* The game is over with vp points at the given Victory Level: the result text and the game-over
   event (LGA-SCEN-10). */
static void check_final(wg_game *g, int vp, const char *level)
{
    char want[128];
    ck_assert_int_eq(score(g), vp);
    snprintf(want, sizeof want, "%d victory points: %s", vp, level);
    ck_assert_str_eq(result(g), want);
    snprintf(want, sizeof want, "game over: %d victory points, %s", vp, level);
    long e = wgp_find_event(g, 0, want, WG_VIEW_REFEREE);
    ck_assert_msg(e >= 0, "%s", want);
    const char *rule = NULL;
    ck_assert_int_eq(wg_game_event_rule(&rule, g, (size_t)e), WG_OK);
    ck_assert_str_eq(rule, "LGA-SCEN-10");
}

/* LGA-S1805-04, LGA-S1805-05, LGA-S1805-07, LGA-S1805-08, LGA-S1805-09, LGA-S1805-10, LGA-S1805-11,
   LGA-S1805-12, LGA-S1805-13, LGA-S1805-15, LGA-S1805-16, LGA-S1805-17, LGA-S1805-18, LGA-S1805-19,
   LGA-S1805-20, LGA-S1805-21, LGA-S1805-22, LGA-S1805-23, LGA-S1805-24, LGA-S1805-25, LGA-SCEN-06,
   LGA-SCEN-07, LGA-SCEN-09, LGA-SCEN-10 (1805 Reinforcements, Game-Turn Track, Special
   Reinforcements, Victory Levels): the 1805
   game played without moves.  Each Game-Turn's reinforcements are offered in their owner's
   Movement Phase, on the hexes of their box only (Vienna, Prague, the east or west edge).  The VP
   total stays 0: not below A=0 or P=0 on Game-Turns 1-4, below A=15 after the French Player-Turn of
   Game-Turn 5 (the Special Austrians come in the next Allied Movement Phase, each group on one hex
   of the south edge in Austria, and the Special French on the French Player-Turn after them, on one
   hex of the south edge) and below P=15 after Game-Turn 6 (the Special Prussians and the Saxons come
   on Game-Turn 7 at their towns).  The VP stays below A and P afterwards, yet no group comes twice.
   After Game-Turn 12 the game ends: 0 VP, an Allied Marginal Victory. */
START_TEST(test_reinforcements_1805)
{
    wg_game *g = walk_reinforcements("1805", NULL, REINF_1805, 12);
    ck_assert_uint_eq(count_events(g, "are triggered"), 2);
    check_final(g, 0, "Allied Marginal Victory");
    wg_game_free(g);
}
END_TEST

/* LGA-S1806-21, LGA-S1806-22, LGA-S1806-23, LGA-S1806-24, LGA-S1806-25, LGA-S1806-26,
   LGA-S1806-27, LGA-S1806-28, LGA-S1806-01, LGA-SCEN-06, LGA-SCEN-07, LGA-SCEN-10 (1806
   Reinforcements, Game-Turn Track, Austria, Victory Levels): the Russians on the east edge (its
   hexes in neutral Austria excepted) on Game-Turns 2, 6 (Bennigsen 3/3 per the Addendum) and 8, the
   French at Augsburg on 2, on the west edge on 3 and one Infantry Division at Strasburg on each of
   5 to 9; the game ends after Game-Turn 9 with 0 VP, an Allied Decisive Victory. */
START_TEST(test_reinforcements_1806)
{
    wg_game *g = walk_reinforcements("1806", NULL, REINF_1806, 9);
    check_final(g, 0, "Allied Decisive Victory");
    wg_game_free(g);
}
END_TEST

/* LGA-S1809-17, LGA-S1809-18, LGA-S1809-19, LGA-S1809-20, LGA-S1809-21, LGA-S1809-22,
   LGA-S1809-23, LGA-S1809-24, LGA-S1809-01, LGA-SCEN-06, LGA-SCEN-07, LGA-SCEN-10 (1809
   Reinforcements, Game-Turn Track, Victory Levels): an Austrian Supply 0-3 and Infantry 2-5 at
   Prague or Vienna on each of the 12 Game-Turns, the French at Donauworth, Strasburg, Thorn, Mainz,
   on the south edge outside Austria and on the north edge; no Prussian or Russian unit ever comes;
   the game ends after Game-Turn 12 with the 40 VP of the set-up, an Allied Marginal Victory. */
START_TEST(test_reinforcements_1809)
{
    wg_game *g = walk_reinforcements("1809", NULL, REINF_1809, 12);
    ck_assert_uint_eq(count_events(g, "are triggered"), 0);
    check_final(g, 40, "Allied Marginal Victory");
    size_t n = 0;
    ck_assert_int_eq(wg_game_piece_count(&n, g, WG_VIEW_REFEREE), WG_OK);
    for (size_t i = 0; i < n; i++) {
        char lab[128];
        size_t len;
        ck_assert_int_eq(wg_game_piece_label(lab, sizeof lab, &len, g, WG_VIEW_REFEREE, i), WG_OK);
        ck_assert_msg(!starts_with(lab, "Pr ") && !starts_with(lab, "Ru "), "%s", lab);
    }
    wg_game_free(g);
}
END_TEST

/* ---- the bundled scenarios with a chart box moved ---- */

/* The bundled scenario document with each edits[2k] replaced by edits[2k+1] (list ended by NULL),
   on the bundled map. */
static wg_game *bundled(const char *sc, const char *options, const char *const *edits)
{
    char path[64];
    snprintf(path, sizeof path, "data/lga/%s.wgd", sc);
    char *text = wgp_read_source(path, NULL);
    for (int i = 0; edits && edits[i]; i += 2) {
        char *t = wgp_replace(text, edits[i], edits[i + 1]);
        free(text);
        text = t;
    }
    wgp_doc docs[] = {{"scenario", text}, {NULL, NULL}};
    wg_game *g = wgp_new(CTX, "lga", sc, wgp_ask_all(options), 1, docs);
    free(text);
    return g;
}

static int64_t score(wg_game *g)
{
    int64_t vp = -999;
    ck_assert_int_eq(wg_game_score(&vp, g), WG_OK);
    return vp;
}

static const char *result(wg_game *g)
{
    static char buf[256];
    size_t len;
    ck_assert_int_eq(wg_game_result_text(buf, sizeof buf, &len, g), WG_OK);
    return buf;
}

/* Ends Movement Phases (reinforcements may be left unplaced under reinforce_optional=1) and takes
   the other decisions without play until the Movement Phase of (turn, side). */
static void pass_to(wg_game *g, int turn, int side)
{
    for (int k = 0; k < 5000; k++) {
        int t = 0, s = 0;
        if (movement_phase(g, &t, &s) && t == turn && s == side)
            return;
        ck_assert_msg(!is_over(g), "the game ended before Game-Turn %d", turn);
        pass_step(g);
    }
    ck_abort_msg("Game-Turn %d not reached", turn);
}

/* Index of the first event at or after from whose rule tag is tag (-1 when none). */
static long find_rule(wg_game *g, size_t from, const char *tag)
{
    wgp_trace(g);
    size_t n = wgp_event_count(g);
    for (size_t i = from; i < n; i++) {
        const char *rule = NULL;
        if (wg_game_event_rule(&rule, g, i) == WG_OK && rule && strcmp(rule, tag) == 0)
            return (long)i;
    }
    return -1;
}

/* Pieces whose label starts with prefix standing on the hex named name (NULL: anywhere). */
static int pieces_at(wg_game *g, const char *prefix, const char *name)
{
    const wg_map *m = NULL;
    ck_assert_int_eq(wg_game_map(&m, g), WG_OK);
    int want = name ? space_named(m, name) : -1, k = 0;
    size_t n = 0;
    ck_assert_int_eq(wg_game_piece_count(&n, g, WG_VIEW_REFEREE), WG_OK);
    for (size_t i = 0; i < n; i++) {
        char lab[128];
        size_t len;
        int side = 0, sp = -1;
        ck_assert_int_eq(wg_game_piece(&side, &sp, g, WG_VIEW_REFEREE, i), WG_OK);
        ck_assert_int_eq(wg_game_piece_label(lab, sizeof lab, &len, g, WG_VIEW_REFEREE, i), WG_OK);
        if (starts_with(lab, prefix) && (want < 0 || sp == want))
            k++;
    }
    return k;
}

/* The first event at or after from with rule tag tag whose text holds both a and b (-1 when none). */
static long find_tagged(wg_game *g, size_t from, const char *tag, const char *a, const char *b)
{
    for (long i = find_rule(g, from, tag); i >= 0; i = find_rule(g, (size_t)i + 1, tag)) {
        const char *t = wgp_event(g, (size_t)i, WG_VIEW_REFEREE);
        if (strstr(t, a) && strstr(t, b))
            return i;
    }
    return -1;
}

/* LGA-S1805-14 (EXAMPLE), LGA-SCEN-08 (1805 Unit Placement): the Austrian Infantry Corps 4-3 due at
   Vienna on Game-Turn 3 finds the French there (their set-up box moved onto Vienna, the Austrian
   Depot box onto Prague): it cannot be placed, and it is gone for good at the end of the Allied
   Movement Phase. */
START_TEST(test_1805_vienna_occupied)
{
    static const char *const ed[] = {"group a-vienna allied setup at=Vienna", "group a-vienna allied setup at=Prague",
                                     "group f-setup french setup at=Nuremburg,Bamberg within=3",
                                     "group f-setup french setup at=Vienna", NULL};
    wg_game *g = bundled("1805", "reinforce_optional=1", ed);
    auto_setup(g);
    ck_assert_int_eq(pieces_at(g, "Fr Inf 2-5", "Vienna"), 3);
    pass_to(g, 3, 0);
    /* only the Russians are offered: the Vienna corps has no hex */
    ck_assert_msg(wgp_find(g, "place reinforcement Au Inf 4-3") < 0, "%s", wgp_options_dump(g));
    ck_assert_msg(wgp_find(g, "place reinforcement Ru Inf 4-4") >= 0, "%s", wgp_options_dump(g));
    while (wgp_find(g, "place reinforcement ") >= 0) {
        wgp_choose(g, "place reinforcement ");
        wgp_choose(g, " on ");
    }
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "end the Movement Phase");
    ck_assert_msg(find_tagged(g, ev, "LGA-SCEN-08", "Au Inf 4-3", "lost") >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_int_eq(pieces_at(g, "Au Inf 4-3", "Vienna"), 0);
    ck_assert_int_eq(pieces_at(g, "Ru Inf 4-4", NULL), 2);
    pass_to(g, 4, 0);
    ck_assert_msg(wgp_find(g, "place reinforcement Au Inf 4-3") < 0, "%s", wgp_options_dump(g));
    wg_game_free(g);
}
END_TEST

/* LGA-S1806-29 (EXAMPLE), LGA-SCEN-08 (1806 Unit Placement): a Prussian Infantry Division set up
   on Strasburg (the Thorn box moved there) leaves the French Infantry Division due there on
   Game-Turn 5 no hex: it is not offered and is gone at the end of the French Movement Phase; the
   next one, due on Game-Turn 6, meets the same fate. */
START_TEST(test_1806_strasburg_occupied)
{
    static const char *const ed[] = {"group a-thorn allied setup at=Thorn", "group a-thorn allied setup at=Strasburg",
                                     NULL};
    wg_game *g = bundled("1806", "reinforce_optional=1", ed);
    auto_setup(g);
    ck_assert_int_eq(pieces_at(g, "Pr Inf 3-3", "Strasburg"), 1);
    for (int turn = 5; turn <= 6; turn++) {
        pass_to(g, turn, 1);
        ck_assert_msg(wgp_find(g, "place reinforcement Fr Inf 2-5") < 0, "%s", wgp_options_dump(g));
        size_t ev = wgp_event_count(g);
        wgp_choose(g, "end the Movement Phase");
        ck_assert_msg(find_tagged(g, ev, "LGA-SCEN-08", "Fr Inf 2-5", "lost") >= 0, "%s",
                      wgp_events_dump(g, ev, WG_VIEW_REFEREE));
        ck_assert_int_eq(pieces_at(g, "Fr ", "Strasburg"), 0);
    }
    wg_game_free(g);
}
END_TEST

/* Moves the first unit whose "move" option contains who and from to the first destination
   containing to. */
static void move_unit(wg_game *g, const char *who, const char *from, const char *to)
{
    char sel[160];
    snprintf(sel, sizeof sel, "move %s", who);
    long u = -1;
    for (size_t o = 0; o < wgp_option_count(g) && u < 0; o++)
        if (strstr(wgp_label(g, o), sel) && strstr(wgp_label(g, o), from))
            u = (long)o;
    ck_assert_msg(u >= 0, "no %s from %s\n%s", who, from, wgp_options_dump(g));
    wgp_choose_index(g, (size_t)u);
    if (wgp_find(g, "no forced march") >= 0)
        wgp_choose(g, "no forced march");
    long i = -1;
    for (size_t o = 0; o < wgp_option_count(g) && i < 0; o++) {
        const char *l = wgp_label(g, o);
        const char *a = strstr(l, " -> ");
        if (!a)
            a = strstr(l, " off the ");
        if (a && strstr(a, to))
            i = (long)o;
    }
    ck_assert_msg(i >= 0, "no move to %s\n%s", to, wgp_options_dump(g));
    wgp_choose_index(g, (size_t)i);
}

/* LGA-S1809-25 (EXAMPLE), LGA-S1809-15, LGA-S1809-16, LGA-SCEN-08 (1809 Unit Placement, Special
   Reinforcements): Poniatowski's box set up on Vienna.  In the French Movement Phase of Game-Turn 1
   the French cavalry steps off Vienna to a hex next to it, 12 or fewer hexes from Vienna: the Special
   Austrians are triggered and placed at once, in that French Movement Phase.  The six Infantry
   Divisions due at Vienna find the French there and are eliminated; John's group goes on hexes of
   the south edge in Austria; then the French Movement Phase goes on. */
START_TEST(test_1809_special_austrians_vienna_occupied)
{
    static const char *const ed[] = {"group f-posen french setup at=Posen within=1",
                                     "group f-posen french setup at=Vienna", NULL};
    wg_game *g = bundled("1809", "reinforce_optional=1", ed);
    const wg_map *m = NULL;
    ck_assert_int_eq(wg_game_map(&m, g), WG_OK);
    auto_setup(g);
    ck_assert_int_eq(pieces_at(g, "Fr ", "Vienna"), 4);
    pass_to(g, 1, 1);
    ck_assert_uint_eq(count_events(g, "are triggered"), 0);
    size_t ev = wgp_event_count(g);
    move_unit(g, "Fr Cav 1-8", "Vienna", "");
    long mv = wgp_find_event(g, ev, "Fr Cav 1-8", WG_VIEW_REFEREE);
    long tr = wgp_find_event(g, ev, "are triggered", WG_VIEW_REFEREE);
    long ar = find_rule(g, ev, "LGA-S1809-15");
    ck_assert_msg(mv >= 0 && tr >= 0 && ar > tr, "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_msg(strstr(wgp_event(g, (size_t)mv, WG_VIEW_REFEREE), "moves to"), "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    /* the Vienna group: six Infantry Divisions gone */
    size_t lost = 0;
    for (long i = find_rule(g, ev, "LGA-SCEN-08"); i >= 0; i = find_rule(g, (size_t)i + 1, "LGA-SCEN-08"))
        if (strstr(wgp_event(g, (size_t)i, WG_VIEW_REFEREE), "Au Inf 2-5") &&
            strstr(wgp_event(g, (size_t)i, WG_VIEW_REFEREE), "lost"))
            lost++;
    ck_assert_msg(lost == 6, "%zu\n%s", lost, wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    /* John's group: placed now, by the Allied player, on the south edge in Austria */
    static const grp john[] = {
        {1, 0, NULL, 0, "edge-s,austria", NULL, 0, {"Au John (Q 1/1)", "Au Inf 2-5 x4", "Au Cav 1-6 x2"}},
        {-1, 0, NULL, 0, NULL, NULL, 0, {NULL}}};
    static tally t;
    memset(&t, 0, sizeof t);
    tally_init(&t, john);
    int rot = 0, placed = 0;
    while (wgp_decider(g) == 0 && wgp_find(g, "place ") >= 0) {
        ck_assert_msg(strstr(wgp_decision(g), "French Player-Turn") != NULL, "%s", wgp_decision(g));
        place_and_record(g, m, john, &t, 1, 0, &rot);
        placed++;
    }
    tally_done(&t, john, 1, 0);
    ck_assert_int_eq(placed, 7);
    /* back to the French Movement Phase; a second French entry triggers nothing more (LGA-SCEN-09) */
    int turn = 0, side = 0;
    ck_assert_msg(movement_phase(g, &turn, &side) && turn == 1 && side == 1, "%s", wgp_options_dump(g));
    size_t ev2 = wgp_event_count(g);
    move_unit(g, "Fr Inf 2-5", "Vienna", "");
    ck_assert_msg(wgp_find_event(g, ev2, "are triggered", WG_VIEW_REFEREE) < 0, "%s",
                  wgp_events_dump(g, ev2, WG_VIEW_REFEREE));
    wg_game_free(g);
}
END_TEST

/* ---- Victory Points and Levels ---- */

/* A French set-up box of one Infantry Division on each named hex, put before the bundled box
   `before`; the Allied boxes moved off the objectives by the edits.  Returns the VP total once the
   set-up is placed, and the result text in *res. */
static int64_t vp_with_french_on(const char *sc, const char *const *edits, const char *before, const char *targets,
                                 char *res, size_t cap)
{
    char boxes[2048] = "", list[256];
    size_t k = 0;
    int i = 0;
    snprintf(list, sizeof list, "%s", targets);
    for (char *t = strtok(list, ","); t; t = strtok(NULL, ","), i++)
        k += (size_t)snprintf(boxes + k, sizeof boxes - k,
                              "group vp%d french setup at=%s\nunit french infantry division 2-5 x1\n", i, t);
    char ins[2600];
    snprintf(ins, sizeof ins, "%s%s", boxes, before);
    const char *ed[40];
    int n = 0;
    for (int j = 0; edits[j]; j++)
        ed[n++] = edits[j];
    if (*targets) {
        ed[n++] = before;
        ed[n++] = ins;
    }
    ed[n] = NULL;
    wg_game *g = bundled(sc, NULL, ed);
    auto_setup(g);
    /* each objective's control passes to the French when their unit is placed on it */
    snprintf(list, sizeof list, "%s", targets);
    for (char *t = strtok(list, ","); t; t = strtok(NULL, ",")) {
        char want[96];
        snprintf(want, sizeof want, "%s is now controlled by the French", t);
        ck_assert_msg(wgp_find_event(g, 0, want, WG_VIEW_REFEREE) >= 0, "%s\n%s", want,
                      wgp_events_dump(g, 0, WG_VIEW_REFEREE));
    }
    int64_t vp = score(g);
    snprintf(res, cap, "%s", result(g));
    wg_game_free(g);
    return vp;
}

typedef struct vpcase {
    const char *targets;
    int vp;
    const char *level;
} vpcase;

static void check_vp_cases(const char *sc, const char *const *edits, const char *before, const vpcase *cs)
{
    for (int i = 0; cs[i].targets; i++) {
        char res[256];
        int64_t vp = vp_with_french_on(sc, edits, before, cs[i].targets, res, sizeof res);
        ck_assert_msg(vp == cs[i].vp, "%s, French on {%s}: %lld VP, expected %d", sc, cs[i].targets, (long long)vp,
                      cs[i].vp);
        char want[128];
        snprintf(want, sizeof want, "%d victory points: %s (so far)", cs[i].vp, cs[i].level);
        ck_assert_msg(strcmp(res, want) == 0, "%s, French on {%s}: \"%s\", expected \"%s\"", sc, cs[i].targets, res,
                      want);
    }
}

/* LGA-S1805-26, LGA-S1805-28, LGA-S1805-29, LGA-SCEN-10 (1805 Victory Points and Levels): the
   Allied boxes held back around Linz, French Infantry Divisions set up on the Fortresses: Vienna
   +30, Ulm +15, Prague +15, Braunau +10 under French control; a French unit on or east of Line A
   (Braunau's column) tracing a free path to the west edge adds 15, on or east of Line B (Prague's
   and Vienna's) 20 instead, not both.  The totals fall in the printed Victory Levels: 0 Allied
   Marginal, 15 and 25 Draw, 50 French Marginal, 65 French Substantive, 90 French Decisive. */
START_TEST(test_vp_1805)
{
    static const char *const ed[] = {"group a-austria allied setup all=austria",
                                     "group a-austria allied setup at=Linz within=2",
                                     "group a-prague allied setup at=Prague",
                                     "group a-prague allied setup at=Linz",
                                     "group a-vienna allied setup at=Vienna",
                                     "group a-vienna allied setup at=Linz",
                                     NULL};
    static const vpcase cs[] = {{"", 0, "Allied Marginal Victory"},
                                {"Ulm", 15, "Draw"},
                                {"Braunau", 10 + 15, "Draw"},
                                {"Prague", 15 + 20, "Draw"},
                                {"Vienna", 30 + 20, "French Marginal Victory"},
                                {"Vienna,Ulm", 30 + 15 + 20, "French Substantive Victory"},
                                {"Vienna,Ulm,Prague,Braunau", 30 + 15 + 15 + 10 + 20, "French Decisive Victory"},
                                {NULL, 0, NULL}};
    check_vp_cases("1805", ed, "group f-setup french setup", cs);
}
END_TEST

/* LGA-S1806-30, LGA-S1806-31, LGA-SCEN-10 (1806 Victory Points and Levels): the Prussian boxes
   of the Fortresses moved to nearby towns, French Infantry Divisions on the Fortresses: Berlin +25,
   Magdeburg +20, Posen +15, Dresden, Leipzig, Stettin, Breslau +10, Thorn +5; the totals in the
   printed levels: 0 and 25 Allied Decisive, 30 Allied Marginal, 55 Draw, 70 French Substantive, 90
   French Decisive (there is no French Marginal level). */
START_TEST(test_vp_1806)
{
    static const char *const ed[] = {"group a-berlin allied setup at=Berlin",
                                     "group a-berlin allied setup at=Wittenberg",
                                     "group a-magdeburg allied setup at=Magdeburg",
                                     "group a-magdeburg allied setup at=Halle",
                                     "group a-posen allied setup at=Posen",
                                     "group a-posen allied setup at=Hanover",
                                     "group a-dresden allied setup at=Dresden",
                                     "group a-dresden allied setup at=Torgau",
                                     "group a-leipzig allied setup at=Leipzig within=3",
                                     "group a-leipzig allied setup at=Kassel within=3",
                                     "group a-stettin allied setup at=Stettin",
                                     "group a-stettin allied setup at=Hof",
                                     "group a-breslau allied setup at=Breslau",
                                     "group a-breslau allied setup at=Erfurt",
                                     "group a-thorn allied setup at=Thorn",
                                     "group a-thorn allied setup at=Jena",
                                     NULL};
    static const vpcase cs[] = {{"", 0, "Allied Decisive Victory"},
                                {"Berlin", 25, "Allied Decisive Victory"},
                                {"Magdeburg", 20, "Allied Decisive Victory"},
                                {"Posen", 15, "Allied Decisive Victory"},
                                {"Dresden", 10, "Allied Decisive Victory"},
                                {"Leipzig", 10, "Allied Decisive Victory"},
                                {"Stettin", 10, "Allied Decisive Victory"},
                                {"Breslau", 10, "Allied Decisive Victory"},
                                {"Thorn", 5, "Allied Decisive Victory"},
                                {"Berlin,Thorn", 30, "Allied Marginal Victory"},
                                {"Berlin,Magdeburg,Dresden", 55, "Draw"},
                                {"Berlin,Magdeburg,Posen,Dresden", 70, "French Substantive Victory"},
                                {"Berlin,Magdeburg,Posen,Dresden,Leipzig,Stettin", 90, "French Decisive Victory"},
                                {NULL, 0, NULL}};
    check_vp_cases("1806", ed, "group f-koln french setup", cs);
}
END_TEST

/* LGA-S1809-26, LGA-S1809-27, LGA-SCEN-10 (1809 Victory Points and Levels): the set-up alone gives
   40 (Strasburg +15, held from the start, Ratisbon +10, Ulm +10, Munich +5 with the French boxes
   on them); the Austrian boxes moved off Prague, Salzburg and Linz, French Infantry Divisions there
   and on Vienna and Bamberg add Vienna +35, Prague +15, Bamberg, Salzburg and Linz +5 each; Ulm's box
   moved to Stuttgart leaves 30.  Levels: 30 Allied Decisive, 40 Allied Marginal, 55 French Marginal,
   75 French Substantive (no Draw and no French Decisive are printed). */
START_TEST(test_vp_1809)
{
    static const char *const ed[] = {"group a-prague allied setup at=Prague within=6",
                                     "group a-prague allied setup at=Pilsen within=2",
                                     "group a-salzburg allied setup at=Salzburg within=2",
                                     "group a-salzburg allied setup at=Innsbruck within=2",
                                     "group a-linz allied setup at=Linz within=4",
                                     "group a-linz allied setup at=Krems within=2",
                                     NULL};
    static const vpcase cs[] = {{"", 40, "Allied Marginal Victory"},
                                {"Vienna", 40 + 35, "French Substantive Victory"},
                                {"Prague", 40 + 15, "French Marginal Victory"},
                                {"Bamberg", 40 + 5, "Allied Marginal Victory"},
                                {"Salzburg", 40 + 5, "Allied Marginal Victory"},
                                {"Linz", 40 + 5, "Allied Marginal Victory"},
                                {NULL, 0, NULL}};
    check_vp_cases("1809", ed, "group f-posen french setup", cs);
    static const char *const ed2[] = {"group f-ulm french setup at=Ulm within=1",
                                      "group f-ulm french setup at=Stuttgart within=1", NULL};
    static const vpcase cs2[] = {{"", 30, "Allied Decisive Victory"}, {NULL, 0, NULL}};
    check_vp_cases("1809", ed2, "group f-posen french setup", cs2);
}
END_TEST

/* ---- host positions for the triggers ---- */

/* A host scenario on a host map: the scenario records before the groups (turns, rules, track,
   special, ...), then the body, then two Victory Levels. */
static wg_game *host_game(const char *map, const char *head, const char *body, const char *options)
{
    char scen[8192];
    int n = snprintf(scen, sizeof scen,
                     "wgdata 1 lga-scenario\nscenario t \"test position\"\n%s%s"
                     "level 1 - french-decisive\nlevel - 0 draw\n",
                     head, body);
    ck_assert(n > 0 && (size_t)n < sizeof scen);
    wgp_doc docs[] = {{"map", map}, {"scenario", scen}, {NULL, NULL}};
    return wgp_new(CTX, "lga", "1805", wgp_ask_all(options), 1, docs);
}

/* Plays to the end without moves, placing every reinforcement offered on its first hex; the log
   lists "GT<turn> <A|F> <unit kind>;" for each one, in order. */
static void play_log(wg_game *g, char *log, size_t cap)
{
    size_t k = 0;
    log[0] = '\0';
    for (int step = 0; step < 5000 && !is_over(g); step++) {
        int turn = 0, side = 0;
        if (!movement_phase(g, &turn, &side)) {
            pass_step(g);
            continue;
        }
        while (wgp_find(g, "place reinforcement ") >= 0) {
            char kind[128];
            unit_kind(wgp_label(g, (size_t)wgp_find(g, "place reinforcement ")) + strlen("place reinforcement "), kind,
                      sizeof kind);
            k += (size_t)snprintf(log + k, cap - k, "GT%d %c %s;", turn, side ? 'F' : 'A', kind);
            ck_assert_uint_lt(k, cap);
            wgp_choose(g, "place reinforcement ");
            wgp_choose(g, " on ");
        }
        wgp_choose(g, "end the Movement Phase");
    }
    ck_assert(is_over(g));
}

static const char TMAP[] = "wgdata 1 map\n"
                           "grid hex 12 6 odd-q\n"
                           "terrain clear city fortress mountain pass\n"
                           "flag austria prussia saxony passentry linea lineb easta eastb edge-n edge-s edge-e edge-w\n"
                           "sideflag river bridge lake\n"
                           "hex 0 0 fortress \"name=Fort\"\n"
                           "hex 2 2 clear \"name=Camp\"\n"
                           "hex 3 2 clear prussia \"name=Border\"\n"
                           "hex 4 2 clear saxony \"name=March\"\n"
                           "hex 10 0 fortress prussia \"name=Berlin\"\n"
                           "hex 6 5 clear edge-s austria \"name=South\"\n"
                           "hex 8 5 clear edge-s \"name=Coast\"\n"
                           "hex 11 3 clear \"name=East\"\n";

static const char SPECIALS[] = "special austria allied arrive=next vp-below=A\n"
                               "special french french arrive=after-french after=austria\n"
                               "special prussia allied arrive=next vp-below=P enter=prussia,saxony\n";

static const char SPECIAL_GROUPS[] = "group a1 allied setup at=East one-hex\n"
                                     "unit austrian infantry division 3-3 x1\n"
                                     "group sa allied special=austria at=South one-hex\n"
                                     "unit austrian infantry corps 4-3 x1\n"
                                     "group sf french special=french at=Coast one-hex\n"
                                     "unit french infantry division 2-5 x1\n"
                                     "group sp allied special=prussia at=Berlin\n"
                                     "unit prussian infantry division 3-3 x1\n";

/* LGA-S1805-31 (TEST), LGA-S1805-15, LGA-S1805-16, LGA-S1805-18, LGA-S1805-19 (Special
   Reinforcements; 1805 Game-Turn Track): a French unit holds a Fortress worth 14 VP all game, the
   Game-Turn track of 1805 (A/P 0/0 on 1-4, 15/0 on 5, 15/15 on 6).  14 is below A=15 after the
   French Player-Turn of Game-Turn 5: the Special Austrians arrive in the Allied Movement Phase of
   Game-Turn 6 and the Special French in the French Movement Phase of Game-Turn 6; 14 >= P=0, so
   the Special Prussians do not come then. */
START_TEST(test_1805_vp_14_on_turn_5)
{
    char head[1024];
    snprintf(head, sizeof head,
             "turns 6\ntrack 1 \"1\" 0 0\ntrack 2 \"2\" 0 0\ntrack 3 \"3\" 0 0\ntrack 4 \"4\" 0 0\n"
             "track 5 \"5\" 15 0\ntrack 6 \"6\" 15 15\n%s",
             SPECIALS);
    char body[2048];
    snprintf(body, sizeof body,
             "%sgroup f1 french setup at=Fort one-hex\nunit french infantry division 5-5 x1\n"
             "vp place Fort 14 7\ncontrol Fort french\n",
             SPECIAL_GROUPS);
    wg_game *g = host_game(TMAP, head, body, NULL);
    auto_setup(g);
    ck_assert_int_eq(score(g), 14);
    static char log[4096];
    play_log(g, log, sizeof log);
    ck_assert_int_eq(score(g), 14);
    ck_assert_msg(strcmp(log, "GT6 A Au Inf 4-3;GT6 F Fr Inf 2-5;") == 0, "%s", log);
    wg_game_free(g);
}
END_TEST

/* LGA-S1805-19, LGA-SCEN-09 (1805 Special Prussian Reinforcements; LGA-GAP-69): with no VP trigger
   (A and P 0), a French unit moving onto a hex of Prussia (or of Saxony) on Game-Turn 1 triggers
   the Special Prussians, who arrive on the next Allied Player-Turn; further French moves in Prussia
   or Saxony bring nothing more. */
START_TEST(test_1805_prussians_by_entry)
{
    const char *into = _i ? "March" : "Border", *other = _i ? "Border" : "March";
    char head[1024];
    snprintf(head, sizeof head, "turns 3\ntrack 1 \"1\" 0 0\ntrack 2 \"2\" 0 0\ntrack 3 \"3\" 0 0\n%s", SPECIALS);
    char body[2048];
    snprintf(body, sizeof body, "%sgroup f1 french setup at=Camp one-hex\nunit french infantry division 5-5 x1\n",
             SPECIAL_GROUPS);
    wg_game *g = host_game(TMAP, head, body, NULL);
    auto_setup(g);
    pass_to(g, 1, 1);
    size_t ev = wgp_event_count(g);
    move_unit(g, "Fr Inf", "Camp", into);
    ck_assert_msg(wgp_find_event(g, ev, "are triggered", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    pass_to(g, 2, 0);
    ck_assert_msg(wgp_find(g, "place reinforcement Pr Inf 3-3") >= 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "place reinforcement Pr Inf 3-3");
    ck_assert_uint_eq(wgp_option_count(g), 2);
    wgp_choose(g, " on 1101 Berlin");
    pass_to(g, 2, 1);
    move_unit(g, "Fr Inf", into, other);
    static char log[4096];
    play_log(g, log, sizeof log);
    ck_assert_msg(strcmp(log, "") == 0, "%s", log);
    ck_assert_uint_eq(count_events(g, "are triggered"), 1);
    ck_assert_int_eq(pieces_at(g, "Pr Inf 3-3", "Berlin"), 1);
    wg_game_free(g);
}
END_TEST

/* A row of clear hexes: Start at 0302 (15 hexes from Vienna at 1702); 0402 is 13 hexes from
   Vienna, 0502 12. */
static const char VMAP[] = "wgdata 1 map\n"
                           "grid hex 20 3 odd-q\n"
                           "terrain clear city fortress mountain pass\n"
                           "flag austria prussia saxony passentry linea lineb easta eastb edge-n edge-s edge-e edge-w\n"
                           "sideflag river bridge lake\n"
                           "hex 2 1 clear \"name=Start\"\n"
                           "hex 16 1 fortress austria \"name=Vienna\"\n"
                           "hex 19 0 clear \"name=Far\"\n";

/* LGA-S1809-15, LGA-SCEN-09 (1809 Special Reinforcements): a French cavalry unit ending 13 hexes
   from Vienna triggers nothing; the next one, ending 12 hexes from Vienna, brings the Special
   Austrians at once: the Allied Player places them at Vienna during that French Movement Phase,
   which then goes on; a third French move within 12 hexes brings nothing more. */
START_TEST(test_1809_trigger_radius)
{
    wg_game *g = host_game(VMAP,
                           "turns 2\ntrack 1 \"1\"\ntrack 2 \"2\"\nrules austrian-1809\n"
                           "special austria allied arrive=immediate near=Vienna:12\n",
                           "group a1 allied setup at=Far one-hex\nunit austrian infantry division 2-5 x1\n"
                           "group f1 french setup at=Start one-hex\nunit french cavalry division 1-8 x3\n"
                           "group sv allied special=austria at=Vienna\nunit austrian infantry division 2-5 x2\n",
                           NULL);
    const wg_map *m = NULL;
    ck_assert_int_eq(wg_game_map(&m, g), WG_OK);
    int d13 = 0, d12 = 0, v = space_named(m, "Vienna"), h13 = -1, h12 = -1;
    ck_assert_int_eq(wg_map_hex_at(&h13, m, 3, 1), WG_OK);
    ck_assert_int_eq(wg_map_hex_at(&h12, m, 4, 1), WG_OK);
    ck_assert_int_eq(wg_map_hex_distance(&d13, m, h13, v), WG_OK);
    ck_assert_int_eq(wg_map_hex_distance(&d12, m, h12, v), WG_OK);
    ck_assert_int_eq(d13, 13);
    ck_assert_int_eq(d12, 12);
    auto_setup(g);
    pass_to(g, 1, 1);
    size_t ev = wgp_event_count(g);
    move_unit(g, "Fr Cav 1-8", "Start", "-> 0402");
    ck_assert_msg(wgp_find_event(g, ev, "are triggered", WG_VIEW_REFEREE) < 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    int turn = 0, side = 0;
    ck_assert(movement_phase(g, &turn, &side) && side == 1);
    move_unit(g, "Fr Cav 1-8", "Start", "-> 0502");
    ck_assert_msg(find_rule(g, ev, "LGA-S1809-15") >= 0, "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    for (int k = 0; k < 2; k++) {
        ck_assert_int_eq(wgp_decider(g), 0);
        ck_assert_msg(strstr(wgp_decision(g), "Game-Turn 1, French Player-Turn") != NULL, "%s", wgp_decision(g));
        ck_assert_msg(wgp_option_count(g) == 1 && strstr(wgp_label(g, 0), "on 1702 Vienna"), "%s", wgp_options_dump(g));
        wgp_choose_index(g, 0);
    }
    ck_assert_int_eq(pieces_at(g, "Au Inf 2-5", "Vienna"), 2);
    ck_assert(movement_phase(g, &turn, &side) && turn == 1 && side == 1);
    size_t ev2 = wgp_event_count(g);
    move_unit(g, "Fr Cav 1-8", "Start", "-> 0502");
    ck_assert_msg(wgp_find_event(g, ev2, "are triggered", WG_VIEW_REFEREE) < 0, "%s",
                  wgp_events_dump(g, ev2, WG_VIEW_REFEREE));
    ck_assert_int_eq(pieces_at(g, "Au Inf 2-5", NULL), 3);
    wg_game_free(g);
}
END_TEST

/* LGA-S1805-27 (1805 Victory Points): a French Infantry Division 2-5 on a south-edge hex moves off
   the map: +2 VP, one per Combat Strength point; a Supply unit leaving adds nothing; neither comes
   back. */
START_TEST(test_1805_exit_south)
{
    wg_game *g = host_game(TMAP, "turns 2\ntrack 1 \"1\"\ntrack 2 \"2\"\n",
                           "group a1 allied setup at=East one-hex\nunit austrian infantry division 3-3 x1\n"
                           "group f1 french setup at=Coast one-hex\nunit french infantry division 2-5 x1\n"
                           "unit french supply - 0-4 x1\nvp exit-south 1\n",
                           NULL);
    auto_setup(g);
    pass_to(g, 1, 1);
    ck_assert_int_eq(score(g), 0);
    size_t ev = wgp_event_count(g);
    move_unit(g, "Fr Inf 2-5", "Coast", "off the south edge");
    ck_assert_msg(wgp_find_event(g, ev, "Fr Inf 2-5 #2 leaves the map by the south edge", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_int_eq(pieces_at(g, "Fr Inf", NULL), 0);
    move_unit(g, "Fr Sup 0-4", "Coast", "off the south edge");
    ck_assert_int_eq(pieces_at(g, "Fr ", NULL), 0);
    /* the total is brought up to date at the end of the Player-Turn (LGA-VP-02) */
    pass_to(g, 2, 0);
    ck_assert_int_eq(score(g), 2);
    pass_to(g, 2, 1);
    ck_assert_msg(wgp_find(g, "Fr Inf") < 0, "%s", wgp_options_dump(g));
    ck_assert_int_eq(score(g), 2);
    wg_game_free(g);
}
END_TEST

/* A 10 x 3 board: column 0 the west edge, columns 4+ on or east of Line A (drawn on column 4), 7+
   also of Line B (drawn on column 7); the hexes of the middle row are named L0..L9. */
static void line_map(char *out, size_t cap)
{
    size_t k = (size_t)snprintf(out, cap,
                                "wgdata 1 map\ngrid hex 10 3 odd-q\n"
                                "terrain clear city fortress mountain pass\n"
                                "flag austria prussia saxony passentry linea lineb easta eastb edge-n "
                                "edge-s edge-e edge-w\nsideflag river bridge lake\n");
    for (int c = 0; c < 10; c++)
        for (int r = 0; r < 3; r++) {
            k += (size_t)snprintf(out + k, cap - k, "hex %d %d clear%s%s%s%s%s", c, r, c == 0 ? " edge-w" : "",
                                  c == 4 ? " linea" : "", c >= 4 ? " easta" : "", c == 7 ? " lineb" : "",
                                  c >= 7 ? " eastb" : "");
            if (r == 1)
                k += (size_t)snprintf(out + k, cap - k, " name=L%d", c);
            k += (size_t)snprintf(out + k, cap - k, "%s\n", c == 9 && r == 2 ? " name=Far" : "");
        }
    ck_assert_uint_lt(k, cap);
}

static int64_t line_vp(const char *french, const char *allied)
{
    static char map[8192];
    line_map(map, sizeof map);
    char body[1024];
    snprintf(body, sizeof body, "%s%svp line-a 15\nvp line-b 20\n", french, allied);
    wg_game *g = host_game(map, "turns 1\ntrack 1 \"1\"\n", body, NULL);
    auto_setup(g);
    int64_t vp = score(g);
    wg_game_free(g);
    return vp;
}

/* LGA-S1805-28 (1805 Victory Points; LGA-GAP-64): a French unit on Line A with a path to the west
   edge free of Allied units and Allied ZOC: 15; on Line B: 20 instead, not 35 with another unit on
   Line A; west of Line A: nothing; an Allied unit whose ZOC closes
   the whole width of the map between them and the west edge: nothing. */
START_TEST(test_1805_lines)
{
    static const char *const allied_far =
        "group a1 allied setup at=Far one-hex\nunit austrian cavalry division 1-6 x1\n";
    static const char *const allied_wall = "group a1 allied setup at=L2 one-hex\nunit austrian infantry corps 4-3 x1\n";
    ck_assert_int_eq(line_vp("group f1 french setup at=L3 one-hex\nunit french infantry division 2-5 x1\n", allied_far),
                     0);
    ck_assert_int_eq(line_vp("group f1 french setup at=L4 one-hex\nunit french infantry division 2-5 x1\n", allied_far),
                     15);
    ck_assert_int_eq(line_vp("group f1 french setup at=L7 one-hex\nunit french infantry division 2-5 x1\n", allied_far),
                     20);
    ck_assert_int_eq(line_vp("group f1 french setup at=L7 one-hex\nunit french infantry division 2-5 x1\n"
                             "group f2 french setup at=L4 one-hex\nunit french infantry division 2-5 x1\n",
                             allied_far),
                     20);
    ck_assert_int_eq(
        line_vp("group f1 french setup at=L7 one-hex\nunit french infantry division 2-5 x1\n", allied_wall), 0);
}
END_TEST

/* Combat units (Inf, Cav) of side prefix on the space sp. */
static int combat_units_on(wg_game *g, const char *prefix, int sp)
{
    size_t n = 0;
    int k = 0;
    ck_assert_int_eq(wg_game_piece_count(&n, g, WG_VIEW_REFEREE), WG_OK);
    for (size_t i = 0; i < n; i++) {
        char lab[128];
        size_t len;
        int side = 0, s = -1;
        ck_assert_int_eq(wg_game_piece(&side, &s, g, WG_VIEW_REFEREE, i), WG_OK);
        ck_assert_int_eq(wg_game_piece_label(lab, sizeof lab, &len, g, WG_VIEW_REFEREE, i), WG_OK);
        if (s == sp && starts_with(lab, prefix) && (strstr(lab, " Inf ") || strstr(lab, " Cav ")))
            k++;
    }
    return k;
}

/* LGA-S1805-32 (TEST), LGA-S1805-17 (Movement M; 1805 Special Austrian Reinforcements): Charles's
   group (a) arrives on Game-Turn 6 all on one hex of the south edge, with no Supply unit; John's
   group (b), with its four Supply units, on another hex far away.  Left stacked (_i = 0), or with
   four 4-3 corps combined into one 18-2 (_i = 1), group (a)'s Combat units lack Stacking Supply:
   in the Combat Phase all but one of them are eliminated; John's stack, supplied, stays whole. */
START_TEST(test_1805_special_austrians_unsupplied)
{
    wg_game *g = bundled("1805", "reinforce_optional=1", NULL);
    const wg_map *m = NULL;
    ck_assert_int_eq(wg_game_map(&m, g), WG_OK);
    auto_setup(g);
    pass_to(g, 6, 0);
    wgp_choose(g, "place reinforcement Au Charles");
    long first = wgp_find(g, " on ");
    ck_assert(first >= 0);
    char hex[64];
    snprintf(hex, sizeof hex, "%s", strstr(wgp_label(g, (size_t)first), " on ") + 4);
    int ha = label_space(m, hex);
    wgp_choose_index(g, (size_t)first);
    for (int k = 0; k < 7; k++) {
        wgp_choose(g, "place reinforcement Au ");
        ck_assert_msg(wgp_option_count(g) == 2, "%s", wgp_options_dump(g)); /* group (a)'s one hex */
        wgp_choose(g, hex);
    }
    wgp_choose(g, "place reinforcement Au John");
    wgp_choose_index(g, wgp_option_count(g) - 1);
    int hb = -1;
    while (wgp_find(g, "place reinforcement Au ") >= 0) {
        wgp_choose(g, "place reinforcement Au ");
        hb = label_space(m, strstr(wgp_label(g, 1), " on ") + 4);
        wgp_choose_index(g, 1);
    }
    int d = 0;
    ck_assert_int_eq(wg_map_hex_distance(&d, m, ha, hb), WG_OK);
    ck_assert_int_gt(d, 2);
    ck_assert_int_eq(combat_units_on(g, "Au ", ha), 7);
    wgp_choose(g, "end the Movement Phase");
    if (_i == 1) {
        wgp_choose(g, "combine Inf 4-3 units on ");
        ck_assert_int_eq(pieces_at(g, "Au Inf 18-2", NULL), 1);
    }
    int before = combat_units_on(g, "Au ", ha), john = combat_units_on(g, "Au ", hb);
    ck_assert_int_eq(before, _i ? 4 : 7);
    ck_assert_int_eq(john, 3);
    wgp_choose(g, "done");
    wgp_choose(g, "no more attacks");
    size_t ev = wgp_event_count(g);
    /* John's stack takes a Supply unit of its own hex */
    while (wgp_find(g, "use supply Au Sup 0-3") >= 0 && combat_units_on(g, "Au ", hb) == 3 &&
           wgp_find_event(g, ev, "supply", WG_VIEW_REFEREE) < 0)
        wgp_choose(g, "use supply Au Sup 0-3");
    wgp_choose(g, "done");
    int elim = 0;
    while (wgp_find(g, "eliminate Au ") >= 0 && elim < 10) {
        ck_assert_msg(strstr(wgp_decision(g), "illegal stack") != NULL, "%s", wgp_decision(g));
        wgp_choose(g, "eliminate Au ");
        elim++;
    }
    ck_assert_int_eq(elim, before - 1);
    ck_assert_int_eq(combat_units_on(g, "Au ", ha), 1);
    ck_assert_int_eq(combat_units_on(g, "Au ", hb), 3);
    char at[96];
    snprintf(at, sizeof at, "is eliminated at %s", hex);
    int tagged = 0;
    for (long i = find_rule(g, ev, "LGA-STACK-03"); i >= 0; i = find_rule(g, (size_t)i + 1, "LGA-STACK-03"))
        tagged += strstr(wgp_event(g, (size_t)i, WG_VIEW_REFEREE), at) != NULL;
    ck_assert_msg(tagged == before - 1, "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    wg_game_free(g);
}
END_TEST

/* LGA-S1805-06, LGA-S1805-05 (1805 French Reinforcements): on Game-Turn 3 the French reinforcements
   placed on the west edge may Triple Forced March free; the Game-Turn 7 reinforcements may not. */
START_TEST(test_1805_free_triple_forced_march)
{
    wg_game *g = bundled("1805", "reinforce_optional=1", NULL);
    auto_setup(g);
    pass_to(g, 3, 1);
    wgp_choose(g, "place reinforcement Fr Inf 2-5");
    wgp_choose(g, " on ");
    wgp_choose(g, "place reinforcement Fr Sup 0-4");
    wgp_choose(g, " on ");
    wgp_choose(g, "move Fr Inf 2-5 #61");
    ck_assert_msg(wgp_find(g, "free forced march (1805 Game-Turn 3)") >= 0, "%s", wgp_options_dump(g));
    ck_assert_msg(wgp_find(g, "(roll on the table)") < 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "no forced march");
    wgp_choose(g, "stop here");
    wgp_choose(g, "move Fr Sup 0-4");
    ck_assert_msg(wgp_find(g, "free forced march (1805 Game-Turn 3)") >= 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "no forced march");
    wgp_choose(g, "stop here");
    pass_to(g, 7, 1);
    wgp_choose(g, "place reinforcement Fr Inf 2-5");
    wgp_choose(g, " on ");
    wgp_choose(g, "move Fr Inf 2-5");
    ck_assert_msg(wgp_find(g, "free forced march") < 0, "%s", wgp_options_dump(g));
    wg_game_free(g);
}
END_TEST

/* A row of clear hexes, West on the west edge. */
static const char RMAP[] = "wgdata 1 map\n"
                           "grid hex 24 3 odd-q\n"
                           "terrain clear city fortress mountain pass\n"
                           "flag austria prussia saxony passentry linea lineb easta eastb edge-n edge-s edge-e edge-w\n"
                           "sideflag river bridge lake\n"
                           "hex 0 1 clear edge-w \"name=West\"\n"
                           "hex 1 1 clear \"name=Next\"\n"
                           "hex 23 0 clear \"name=Far\"\n";

/* The largest distance from `from` of the destinations offered (-1 when none). */
static int farthest_destination(wg_game *g, const wg_map *m, int from)
{
    int best = -1;
    for (size_t o = 0; o < wgp_option_count(g); o++) {
        const char *a = strstr(wgp_label(g, o), " -> ");
        if (!a)
            continue;
        int d = 0;
        ck_assert_int_eq(wg_map_hex_distance(&d, m, from, label_space(m, a + 4)), WG_OK);
        if (d > best)
            best = d;
    }
    return best;
}

/* LGA-S1805-06, LGA-SCEN-07 (1805 French Reinforcements; Game-Turns & Reinforcements): a box with
   the 1805 Game-Turn 3 provisions (in Forced March Supply, free Triple Forced March) arrives on the
   west edge; placed in its Movement Phase, the Infantry Division 2-5 moves at once: with the free
   Triple Forced March it reaches 15 hexes of clear terrain (5 MP x 3) and no die is rolled; the
   Supply unit 0-4 likewise reaches 12. */
START_TEST(test_free_triple_reach)
{
    wg_game *g = host_game(RMAP, "turns 1\ntrack 1 \"1\"\n",
                           "group a1 allied setup at=Far one-hex\nunit austrian infantry division 3-3 x1\n"
                           "group f1 french turn=1 at=West fm-supply free-triple\n"
                           "unit french infantry division 2-5 x1\nunit french supply - 0-4 x1\n",
                           NULL);
    const wg_map *m = NULL;
    ck_assert_int_eq(wg_game_map(&m, g), WG_OK);
    int west = space_named(m, "West");
    auto_setup(g);
    pass_to(g, 1, 1);
    wgp_choose(g, "place reinforcement Fr Inf 2-5");
    wgp_choose(g, "on 0102 West");
    wgp_choose(g, "place reinforcement Fr Sup 0-4");
    wgp_choose(g, "on 0102 West");
    wgp_choose(g, "move Fr Inf 2-5");
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "free forced march (1805 Game-Turn 3)");
    ck_assert_int_ne(wgp_decider(g), WG_PLAYER_CHANCE);
    ck_assert_int_eq(farthest_destination(g, m, west), 15);
    wgp_choose(g, "-> 1602");
    ck_assert_msg(wgp_find_event(g, ev, "moves to 1602 (15 MP)", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    wgp_skip_forced(g);
    wgp_choose(g, "move Fr Sup 0-4");
    wgp_choose(g, "free forced march (1805 Game-Turn 3)");
    ck_assert_int_eq(farthest_destination(g, m, west), 12);
    wg_game_free(g);
}
END_TEST

/* LGA-SCEN-08, LGA-SCEN-07 (Unit Placement; LGA-GAP-31): with the printed "or they are lost"
   choice (reinforce_optional=1), a reinforcement left unplaced when its owner's Movement Phase ends
   is lost and never offered again; under the default, the phase cannot end while it can still be
   placed. */
START_TEST(test_unplaced_reinforcement_lost)
{
    static const char body[] = "group a1 allied setup at=Far one-hex\nunit austrian infantry division 3-3 x1\n"
                               "group f1 french turn=1 at=West\nunit french infantry division 2-5 x1\n";
    wg_game *g = host_game(RMAP, "turns 2\ntrack 1 \"1\"\ntrack 2 \"2\"\n", body, "reinforce_optional=1");
    auto_setup(g);
    pass_to(g, 1, 1);
    ck_assert_msg(wgp_find(g, "place reinforcement Fr Inf 2-5") >= 0, "%s", wgp_options_dump(g));
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "end the Movement Phase");
    ck_assert_msg(find_tagged(g, ev, "LGA-SCEN-08", "Fr Inf 2-5", "is lost") >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    pass_to(g, 2, 1);
    ck_assert_msg(wgp_find(g, "Fr Inf 2-5") < 0, "%s", wgp_options_dump(g));
    ck_assert_int_eq(pieces_at(g, "Fr ", NULL), 0);
    wg_game_free(g);
    g = host_game(RMAP, "turns 2\ntrack 1 \"1\"\ntrack 2 \"2\"\n", body, NULL);
    auto_setup(g);
    pass_to(g, 1, 1);
    ck_assert_msg(wgp_find(g, "end the Movement Phase") < 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "place reinforcement Fr Inf 2-5");
    wgp_choose(g, "on 0102 West");
    ck_assert_msg(wgp_find(g, "end the Movement Phase") >= 0, "%s", wgp_options_dump(g));
    wg_game_free(g);
}
END_TEST

/* Hex 0302 (Aus) of Austria between Here (0202) and There (0402). */
static const char AMAP[] = "wgdata 1 map\n"
                           "grid hex 8 3 odd-q\n"
                           "terrain clear city fortress mountain pass\n"
                           "flag austria prussia saxony passentry linea lineb easta eastb edge-n edge-s edge-e edge-w\n"
                           "sideflag river bridge lake\n"
                           "hex 1 1 clear \"name=Here\"\n"
                           "hex 2 1 clear austria \"name=Aus\"\n"
                           "hex 3 1 clear \"name=There\"\n"
                           "hex 7 1 clear \"name=Far\"\n";

/* LGA-S1806-01 (1806 Austria): with Austria neutral no unit of either side may enter an Austrian
   hex: neither the French division next to it nor the Prussian one is offered it, though the hexes
   around it are. */
START_TEST(test_1806_austria_closed)
{
    wg_game *g = host_game(AMAP, "turns 1\ntrack 1 \"1\"\nrules austria-closed\n",
                           "group a1 allied setup at=There one-hex\nunit prussian infantry division 3-3 x1\n"
                           "group f1 french setup at=Here one-hex\nunit french infantry division 2-5 x1\n",
                           NULL);
    auto_setup(g);
    wgp_choose(g, "move Pr Inf 3-3");
    if (wgp_find(g, "no forced march") >= 0)
        wgp_choose(g, "no forced march");
    ck_assert_msg(wgp_find(g, "Aus") < 0 && wgp_find(g, "-> ") >= 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "stop here");
    pass_to(g, 1, 1);
    wgp_choose(g, "move Fr Inf 2-5");
    wgp_choose(g, "no forced march");
    ck_assert_msg(wgp_find(g, "Aus") < 0 && wgp_find(g, "-> 0201") >= 0, "%s", wgp_options_dump(g));
    wg_game_free(g);
    /* without the rule the hex is open */
    g = host_game(AMAP, "turns 1\ntrack 1 \"1\"\n",
                  "group a1 allied setup at=There one-hex\nunit prussian infantry division 3-3 x1\n"
                  "group f1 french setup at=Here one-hex\nunit french infantry division 2-5 x1\n",
                  NULL);
    auto_setup(g);
    pass_to(g, 1, 1);
    wgp_choose(g, "move Fr Inf 2-5");
    wgp_choose(g, "no forced march");
    ck_assert_msg(wgp_find(g, "-> 0302 Aus") >= 0, "%s", wgp_options_dump(g));
    wg_game_free(g);
}
END_TEST

/* LGA-S1806-32 (Addendum: Special Rules for Prussian Army): the bundled 1806 set-up puts two
   Prussian Infantry Divisions in Berlin, a Prussian Fortress; left there, the excess one is
   eliminated at the end of the Allied Movement Phase of Game-Turn 1. */
START_TEST(test_1806_prussian_rules)
{
    wg_game *g = wgp_new(CTX, "lga", "1806", NULL, 1, NULL);
    auto_setup(g);
    ck_assert_int_eq(pieces_at(g, "Pr Inf 3-3", "Berlin"), 2);
    size_t ev = wgp_event_count(g);
    wgp_choose(g, "end the Movement Phase");
    for (int k = 0; k < 10 && wgp_find(g, "eliminate Pr Inf 3-3") < 0; k++)
        wgp_choose_index(g, 0);
    ck_assert_msg(strstr(wgp_decision(g), "excess Prussian units in a Prussian Fortress") != NULL, "%s",
                  wgp_options_dump(g));
    while (wgp_find(g, "eliminate Pr Inf 3-3") >= 0 && pieces_at(g, "Pr Inf 3-3", "Berlin") == 2)
        wgp_choose(g, "eliminate Pr Inf 3-3");
    ck_assert_int_eq(pieces_at(g, "Pr Inf 3-3", "Berlin"), 1);
    ck_assert_msg(find_rule(g, ev, "LGA-PRUSSIAN-03") >= 0, "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    wg_game_free(g);
}
END_TEST

/* LGA-S1809-01 (1809 Prussians and Russians): in 1809 Prussia is no special ground: Poniatowski's
   division and cavalry stand together in Posen (a Fortress of the Prussia region) through the
   French Movement Phase of Game-Turn 1 and nothing removes one of them; Poniatowski moving out of
   it triggers nothing. */
START_TEST(test_1809_prussia_open)
{
    static const char *const ed[] = {"group f-posen french setup at=Posen within=1",
                                     "group f-posen french setup at=Posen", NULL};
    wg_game *g = bundled("1809", "reinforce_optional=1", ed);
    const wg_map *m = NULL;
    ck_assert_int_eq(wg_game_map(&m, g), WG_OK);
    ck_assert(has_flags(m, space_named(m, "Posen"), "prussia"));
    auto_setup(g);
    ck_assert_int_eq(combat_units_on(g, "Fr ", space_named(m, "Posen")), 2);
    pass_to(g, 1, 1);
    size_t ev = wgp_event_count(g);
    move_unit(g, "Fr Poniatowski", "Posen", "");
    pass_to(g, 2, 0);
    ck_assert_int_eq(combat_units_on(g, "Fr ", space_named(m, "Posen")), 2);
    ck_assert_msg(wgp_find_event(g, ev, "are triggered", WG_VIEW_REFEREE) < 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_msg(find_rule(g, ev, "LGA-PRUSSIAN-03") < 0, "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    wg_game_free(g);
}
END_TEST

/* LGA-S1809-28 (Addendum: Combine/Breakdown Chart): the 1809 Austrian infantry follows the French
   chart: with Salzburg's box all on Salzburg, two Infantry Divisions 2-5 combine into one Corps 5-4
   at the end of the Allied Movement Phase; the three Cavalry Divisions 1-6 there are never offered
   a combination; the Supply units are 0-3. */
START_TEST(test_1809_austrian_organisation)
{
    static const char *const ed[] = {"group a-salzburg allied setup at=Salzburg within=2",
                                     "group a-salzburg allied setup at=Salzburg", NULL};
    wg_game *g = bundled("1809", "reinforce_optional=1", ed);
    auto_setup(g);
    ck_assert_int_eq(pieces_at(g, "Au Inf 2-5", "Salzburg"), 5);
    ck_assert_int_eq(pieces_at(g, "Au Cav 1-6", "Salzburg"), 3);
    ck_assert_int_eq(pieces_at(g, "Au Sup 0-3", "Salzburg"), 3);
    wgp_choose(g, "end the Movement Phase");
    ck_assert_msg(wgp_find(g, "combine Cav") < 0 && wgp_find(g, "combine Inf 2-5 units on 3845 Salzburg") >= 0, "%s",
                  wgp_options_dump(g));
    wgp_choose(g, "combine Inf 2-5 units on 3845 Salzburg");
    ck_assert_int_eq(pieces_at(g, "Au Inf 5-4", "Salzburg"), 1);
    ck_assert_int_eq(pieces_at(g, "Au Inf 2-5", "Salzburg"), 3);
    ck_assert_int_eq(pieces_at(g, "Au Cav 1-6", "Salzburg"), 3);
    ck_assert_msg(wgp_find(g, "combine Cav") < 0, "%s", wgp_options_dump(g));
    wg_game_free(g);
}
END_TEST

/* The first option starting with prefix and containing needle (-1 when none). */
static long find_option(wg_game *g, const char *prefix, const char *needle)
{
    for (size_t o = 0; o < wgp_option_count(g); o++)
        if (starts_with(wgp_label(g, o), prefix) && strstr(wgp_label(g, o), needle))
            return (long)o;
    return -1;
}

/* LGA-SCEN-05 (Unit Placement 1806): units may be stacked and combined when first placed: the
   Frankfurt box's two Infantry Divisions 2-5 placed on Frankfurt are offered, still during the
   French Initial Placement, their combination into one Corps 5-4, which stands on Frankfurt when
   Game-Turn 1 begins.  In the 1805 Allied Initial Placement an Austrian Infantry Corps 4-3 just
   placed may be broken down into three Brigades 1-5 on its hex. */
START_TEST(test_combine_when_first_placed)
{
    wg_game *g = wgp_new(CTX, "lga", "1806", NULL, 1, NULL);
    wgp_choose(g, "place the rest of the set-up automatically"); /* the Allied set-up */
    int combined = 0, breakdown = 0;
    for (int k = 0; k < 200 && strstr(wgp_decision(g), "initial placement"); k++) {
        ck_assert(strstr(wgp_decision(g), "French Player-Turn") != NULL);
        long c = find_option(g, "combine Inf 2-5 units on ", "Frankfurt");
        if (c >= 0 && !combined) {
            size_t ev = wgp_event_count(g);
            wgp_choose_index(g, (size_t)c);
            ck_assert_msg(strstr(wgp_decision(g), "initial placement") != NULL, "%s", wgp_decision(g));
            ck_assert_msg(wgp_find_event(g, ev, "5-4", WG_VIEW_REFEREE) >= 0, "%s",
                          wgp_events_dump(g, ev, WG_VIEW_REFEREE));
            ck_assert_int_eq(pieces_at(g, "Fr Inf 5-4", "Frankfurt"), 1);
            combined = 1;
            continue;
        }
        long i = find_option(g, "place Fr Inf 2-5", " Frankfurt");
        if (i < 0)
            i = find_option(g, "place ", " on ");
        ck_assert_msg(i >= 0, "%s", wgp_options_dump(g));
        wgp_choose_index(g, (size_t)i);
    }
    ck_assert(combined);
    ck_assert_msg(starts_with(wgp_decision(g), "Game-Turn 1, Allied Player-Turn: Movement Phase"), "%s",
                  wgp_decision(g));
    ck_assert_int_eq(pieces_at(g, "Fr Inf 5-4", "Frankfurt"), 1);
    ck_assert_int_eq(pieces_at(g, "Fr Inf 2-5", "Frankfurt"), 0);
    wg_game_free(g);
    /* 1805: break down a corps as it is placed */
    g = wgp_new(CTX, "lga", "1805", NULL, 1, NULL);
    const wg_map *m = NULL;
    ck_assert_int_eq(wg_game_map(&m, g), WG_OK);
    while (find_option(g, "place Au Inf 4-3", " on ") < 0)
        wgp_choose_index(g, (size_t)find_option(g, "place ", " on "));
    long i = find_option(g, "place Au Inf 4-3", " on ");
    char hex[64];
    snprintf(hex, sizeof hex, "%s", strstr(wgp_label(g, (size_t)i), " on ") + 4);
    wgp_choose_index(g, (size_t)i);
    int sp = label_space(m, hex);
    ck_assert_int_eq(breakdown, 0);
    long b = find_option(g, "break down Au Inf 4-3", "");
    ck_assert_msg(b >= 0, "%s", wgp_options_dump(g));
    wgp_choose_index(g, (size_t)b);
    ck_assert_msg(strstr(wgp_decision(g), "initial placement") != NULL, "%s", wgp_decision(g));
    size_t n = 0;
    ck_assert_int_eq(wg_game_piece_count(&n, g, WG_VIEW_REFEREE), WG_OK);
    for (size_t k = 0; k < n; k++) {
        char lab[128];
        size_t len;
        int side = 0, at = -1;
        ck_assert_int_eq(wg_game_piece(&side, &at, g, WG_VIEW_REFEREE, k), WG_OK);
        ck_assert_int_eq(wg_game_piece_label(lab, sizeof lab, &len, g, WG_VIEW_REFEREE, k), WG_OK);
        if (at == sp && starts_with(lab, "Au Inf 1-5"))
            breakdown++;
        ck_assert_msg(!(at == sp && starts_with(lab, "Au Inf 4-3")), "%s still on %s", lab, hex);
    }
    ck_assert_int_eq(breakdown, 3);
    wg_game_free(g);
}
END_TEST

/* The VP total once the set-up is placed with a French box of six Infantry Divisions 2-5 put before
   the bundled box `before` and placed on the hexes next to the (empty, Allied) Fortress `fort`, one
   on each (the other French boxes on their towns): every hex around it then holds a French unit,
   and it is besieged (LGA-FORT-08). */
static int64_t siege_vp(const char *sc, const char *const *edits, const char *before, const char *fort)
{
    char ins[512];
    snprintf(ins, sizeof ins, "group sg french setup at=%s within=1\nunit french infantry division 2-5 x6\n%s", fort,
             before);
    const char *ed[40];
    int n = 0;
    for (int j = 0; edits[j]; j++)
        ed[n++] = edits[j];
    ed[n++] = before;
    ed[n++] = ins;
    ed[n] = NULL;
    wg_game *g = bundled(sc, NULL, ed);
    const wg_map *m = NULL;
    ck_assert_int_eq(wg_game_map(&m, g), WG_OK);
    int f = space_named(m, fort), around = 0;
    wgp_choose(g, "place the rest of the set-up automatically"); /* the Allied set-up */
    static unsigned char offered[MAXS], occ[MAXS];
    for (int k = 0; k < 400 && strstr(wgp_decision(g), "initial placement"); k++) {
        char unit[128];
        int first = -1, pick = -1;
        placement_options(g, m, unit, sizeof unit, offered, &first);
        occupancy(g, occ);
        ck_assert_int_eq(occ[f], 0);
        if (offered[f]) {
            /* the siege box: the next free hex next to the Fortress */
            for (int s = 0; s < MAXS && pick < 0; s++) {
                int d = 0;
                if (offered[s] && !occ[s] && wg_map_hex_distance(&d, m, f, s) == WG_OK && d == 1)
                    pick = s;
            }
            ck_assert_int_ge(pick, 0);
            around++;
        } else {
            /* other boxes: on their named town */
            pick = first;
            for (int s = 0; s < MAXS; s++) {
                const char *name = NULL;
                if (offered[s] && wg_map_name(&name, m, s) == WG_OK && name && *name) {
                    pick = s;
                    break;
                }
            }
        }
        char hl[64], want[256];
        hex_label(m, pick, hl, sizeof hl);
        snprintf(want, sizeof want, "place %s on %s", unit, hl);
        long i = -1;
        for (size_t o = 0; o < wgp_option_count(g) && i < 0; o++)
            if (strcmp(wgp_label(g, o), want) == 0)
                i = (long)o;
        ck_assert_msg(i >= 0, "%s", want);
        wgp_choose_index(g, (size_t)i);
    }
    ck_assert_int_eq(around, 6);
    /* the Fortress stays empty and Allied */
    char taken[96];
    snprintf(taken, sizeof taken, "%s is now controlled by the French", fort);
    ck_assert_msg(wgp_find_event(g, 0, taken, WG_VIEW_REFEREE) < 0, "%s", taken);
    int64_t vp = score(g);
    wg_game_free(g);
    return vp;
}

/* LGA-S1805-26, LGA-S1806-30, LGA-S1809-26 (Victory Points: French siege): an Allied Fortress
   with a French unit on every hex around it counts its siege value: 1805 Vienna +15, Prague +7,
   Braunau +5 (with Line B's 20 for the units around Vienna and Prague, Line A's 15 around
   Braunau), Ulm +7 (an Allied Fortress at the start by an added control record); 1806 Berlin +12, Magdeburg +10, Posen
   +7, Dresden, Leipzig, Stettin and Breslau +5, Thorn +2; 1809 Vienna +17 and Prague +7 over the 40 of the set-up, Ulm
   +5 (its French box moved to Stuttgart, the Fortress Allied at the start) over the 30 left. */
START_TEST(test_siege_values)
{
    static const char *const e1805[] = {"group a-austria allied setup all=austria",
                                        "group a-austria allied setup at=Linz within=2",
                                        "group a-prague allied setup at=Prague",
                                        "group a-prague allied setup at=Linz",
                                        "group a-vienna allied setup at=Vienna",
                                        "group a-vienna allied setup at=Linz",
                                        NULL};
    ck_assert_int_eq(siege_vp("1805", e1805, "group f-setup french setup", "Vienna"), 15 + 20);
    ck_assert_int_eq(siege_vp("1805", e1805, "group f-setup french setup", "Prague"), 7 + 20);
    ck_assert_int_eq(siege_vp("1805", e1805, "group f-setup french setup", "Braunau"), 5 + 15);
    /* Ulm, given to the Allies at the start */
    static const char *const e1805u[] = {"group a-austria allied setup all=austria",
                                         "group a-austria allied setup at=Linz within=2", "control Braunau allied",
                                         "control Braunau allied\ncontrol Ulm allied", NULL};
    ck_assert_int_eq(siege_vp("1805", e1805u, "group f-setup french setup", "Ulm"), 7);
    static const char *const e1806[] = {"group a-berlin allied setup at=Berlin",
                                        "group a-berlin allied setup at=Wittenberg",
                                        "group a-magdeburg allied setup at=Magdeburg",
                                        "group a-magdeburg allied setup at=Halle",
                                        "group a-posen allied setup at=Posen",
                                        "group a-posen allied setup at=Hanover",
                                        "group a-dresden allied setup at=Dresden",
                                        "group a-dresden allied setup at=Torgau",
                                        "group a-leipzig allied setup at=Leipzig within=3",
                                        "group a-leipzig allied setup at=Kassel within=3",
                                        "group a-stettin allied setup at=Stettin",
                                        "group a-stettin allied setup at=Hof",
                                        "group a-breslau allied setup at=Breslau",
                                        "group a-breslau allied setup at=Erfurt",
                                        "group a-thorn allied setup at=Thorn",
                                        "group a-thorn allied setup at=Jena",
                                        NULL};
    static const struct {
        const char *fort;
        int vp;
    } f1806[] = {{"Berlin", 12}, {"Magdeburg", 10}, {"Posen", 7},   {"Dresden", 5},
                 {"Leipzig", 5}, {"Stettin", 5},    {"Breslau", 5}, {"Thorn", 2}};
    for (size_t i = 0; i < sizeof f1806 / sizeof f1806[0]; i++)
        ck_assert_msg(siege_vp("1806", e1806, "group f-koln french setup", f1806[i].fort) == f1806[i].vp, "%s",
                      f1806[i].fort);
    static const char *const e1809[] = {"group a-prague allied setup at=Prague within=6",
                                        "group a-prague allied setup at=Pilsen within=2", NULL};
    ck_assert_int_eq(siege_vp("1809", e1809, "group f-posen french setup", "Vienna"), 40 + 17);
    ck_assert_int_eq(siege_vp("1809", e1809, "group f-posen french setup", "Prague"), 40 + 7);
    /* Ulm, its French box moved to Stuttgart and the Fortress given to the Allies */
    static const char *const e1809u[] = {"group f-ulm french setup at=Ulm within=1",
                                         "group f-ulm french setup at=Stuttgart within=1", "control Linz allied",
                                         "control Linz allied\ncontrol Ulm allied", NULL};
    ck_assert_int_eq(siege_vp("1809", e1809u, "group f-posen french setup", "Ulm"), 30 + 5);
}
END_TEST

/* LGA-S1809-15 (1809 Special Reinforcements): a French unit passing through hexes 12 or fewer hexes
   from Vienna triggers the Special Austrians even where its move ends farther away: set up 11 hexes
   from Vienna (the set-up triggers nothing), it moves to 0402, 13 hexes away. */
START_TEST(test_1809_trigger_passing_through)
{
    static char map[2048];
    snprintf(map, sizeof map, "%shex 5 1 clear \"name=Inside\"\n", VMAP);
    wg_game *g = host_game(map,
                           "turns 2\ntrack 1 \"1\"\ntrack 2 \"2\"\nrules austrian-1809\n"
                           "special austria allied arrive=immediate near=Vienna:12\n",
                           "group a1 allied setup at=Far one-hex\nunit austrian infantry division 2-5 x1\n"
                           "group f1 french setup at=Inside one-hex\nunit french cavalry division 1-8 x1\n"
                           "group sv allied special=austria at=Vienna\nunit austrian infantry division 2-5 x2\n",
                           NULL);
    const wg_map *m = NULL;
    ck_assert_int_eq(wg_game_map(&m, g), WG_OK);
    int d = 0;
    ck_assert_int_eq(wg_map_hex_distance(&d, m, space_named(m, "Inside"), space_named(m, "Vienna")), WG_OK);
    ck_assert_int_eq(d, 11);
    auto_setup(g);
    pass_to(g, 1, 1);
    ck_assert_uint_eq(count_events(g, "are triggered"), 0);
    size_t ev = wgp_event_count(g);
    move_unit(g, "Fr Cav 1-8", "Inside", "-> 0402");
    ck_assert_msg(wgp_find_event(g, ev, "moves to 0402", WG_VIEW_REFEREE) >= 0, "%s",
                  wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_msg(find_rule(g, ev, "LGA-S1809-15") >= 0, "%s", wgp_events_dump(g, ev, WG_VIEW_REFEREE));
    ck_assert_msg(wgp_find(g, "on 1702 Vienna") >= 0, "%s", wgp_options_dump(g));
    wg_game_free(g);
}
END_TEST

/* LGA-S1805-30, LGA-S1806-21, LGA-S1809-17 (the Game-Turn Tracks): describe gives each Game-Turn's
   printed date, read while random play goes through the game. */
START_TEST(test_game_turn_dates)
{
    static const char *const d1805[] = {"Early September", "Mid September", "Late September", "Early October",
                                        "Mid October",     "Late October",  "Early November"};
    static const char *const d1806[] = {"Early October", "Mid October",  "Late October",  "Early November",
                                        "Mid November",  "Late November", "Early December", "Mid December",
                                        "Late December"};
    static const char *const d1809[] = {"Early April", "Mid April", "Late April", "Early May",
                                        "Mid May",     "Late May",  "Early June", "Mid June",
                                        "Late June",   "Early July", "Mid July",  "Late July"};
    static const char *const *const dates[3] = {d1805, d1806, d1809};
    static const int printed[3] = {7, 9, 12}, length[3] = {12, 9, 12};
    static const char *const sc[3] = {"1805", "1806", "1809"};
    for (int k = 0; k < 3; k++) {
        wg_game *g = wgp_new(CTX, "lga", sc[k], "crt=completion", 2, NULL);
        int seen = 0;
        for (int step = 0; step < 30000; step++) {
            int over = 0, turn = 0;
            wg_game_is_over(&over, g);
            if (over)
                break;
            ck_assert_int_eq(wg_game_turn(&turn, g), WG_OK);
            if (turn > seen && turn <= printed[k]) {
                char want[96];
                snprintf(want, sizeof want, "Date: %s (Game-Turn %d of %d)", dates[k][turn - 1], turn, length[k]);
                ck_assert_msg(strstr(wgp_describe(g, WG_VIEW_REFEREE), want), "%s: no \"%s\" in\n%s", sc[k], want,
                              wgp_describe(g, WG_VIEW_REFEREE));
                seen = turn;
            }
            size_t c = 0;
            ck_assert_int_eq(wg_game_bot_step(&c, g), WG_OK);
        }
        ck_assert_int_ge(seen, 3);
        wg_game_free(g);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("lga_scenarios");
    TCase *t = tcase_create("setup");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_set_timeout(t, 600);
    tcase_add_test(t, test_setup_1805);
    tcase_add_test(t, test_game_turn_dates);
    tcase_add_test(t, test_setup_1806);
    tcase_add_test(t, test_setup_1809);
    tcase_add_test(t, test_combine_when_first_placed);
    suite_add_tcase(s, t);
    t = tcase_create("reinforcements");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_set_timeout(t, 600);
    tcase_add_test(t, test_reinforcements_1805);
    tcase_add_test(t, test_reinforcements_1806);
    tcase_add_test(t, test_reinforcements_1809);
    suite_add_tcase(s, t);
    t = tcase_create("placement");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_set_timeout(t, 600);
    tcase_add_test(t, test_1805_vienna_occupied);
    tcase_add_test(t, test_1806_strasburg_occupied);
    tcase_add_test(t, test_1809_special_austrians_vienna_occupied);
    suite_add_tcase(s, t);
    t = tcase_create("victory");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_set_timeout(t, 600);
    tcase_add_test(t, test_vp_1805);
    tcase_add_test(t, test_vp_1806);
    tcase_add_test(t, test_vp_1809);
    tcase_add_test(t, test_siege_values);
    suite_add_tcase(s, t);
    t = tcase_create("triggers");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_1805_vp_14_on_turn_5);
    tcase_add_loop_test(t, test_1805_prussians_by_entry, 0, 2);
    tcase_add_test(t, test_1809_trigger_radius);
    tcase_add_test(t, test_1809_trigger_passing_through);
    tcase_add_test(t, test_1805_exit_south);
    tcase_add_test(t, test_1805_lines);
    tcase_add_loop_test(t, test_1805_special_austrians_unsupplied, 0, 2);
    tcase_add_test(t, test_1805_free_triple_forced_march);
    tcase_add_test(t, test_free_triple_reach);
    tcase_add_test(t, test_unplaced_reinforcement_lost);
    tcase_add_test(t, test_1806_austria_closed);
    tcase_add_test(t, test_1806_prussian_rules);
    tcase_add_test(t, test_1809_prussia_open);
    tcase_add_test(t, test_1809_austrian_organisation);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

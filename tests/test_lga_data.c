/* La Grande Armée bundled data: the schematic map, the three scenarios, the CRT completion, the loader
   (lib/lga/scenario.c, doc/lga-data.md). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "lga/scenario.h"
#include "testutil.h"

/* ---- helpers ---- */

static wg_ctx *g_ctx;
static wg_map *g_map;

static void setup_map(void)
{
    ck_assert_int_eq(wg_ctx_new(&g_ctx, NULL, NULL), WG_OK);
    int rc = wg__lga_map_builtin(&g_map, g_ctx);
    ck_assert_msg(rc == WG_OK, "map: %s", wg_ctx_errmsg(g_ctx));
}

static void teardown_map(void)
{
    wg_map_free(g_map);
    g_map = NULL;
    ck_assert_int_eq(wg_ctx_free(g_ctx), WG_OK);
    g_ctx = NULL;
}

static int place(const char *name)
{
    int sp = -1;
    int rc = wg_map_find(&sp, g_map, name);
    ck_assert_msg(rc == WG_OK, "place %s is not on the map", name);
    return sp;
}

static int terrain_of(int sp)
{
    int t = -1;
    ck_assert_int_eq(wg_map_terrain(&t, g_map, sp), WG_OK);
    return t;
}

static uint32_t flags_of(int sp)
{
    uint32_t f = 0;
    ck_assert_int_eq(wg_map_flags(&f, g_map, sp), WG_OK);
    return f;
}

static uint32_t side_of(int sp, int dir)
{
    uint32_t f = 0;
    ck_assert_int_eq(wg_map_hexside(&f, g_map, sp, dir), WG_OK);
    return f;
}

static int dist(const char *a, const char *b)
{
    int d = -1;
    ck_assert_int_eq(wg_map_hex_distance(&d, g_map, place(a), place(b)), WG_OK);
    return d;
}

static lga_scenario *load_builtin(const char *id)
{
    lga_scenario *s = NULL;
    int rc = wg__lga_scenario_builtin(&s, g_ctx, g_map, id);
    ck_assert_msg(rc == WG_OK, "scenario %s: %s", id, wg_ctx_errmsg(g_ctx));
    ck_assert_ptr_nonnull(s);
    return s;
}

/* Units of a side that enter play in a way (when), all groups (special: any special). */
static int count_units(const lga_scenario *s, int side, int when)
{
    int n = 0;
    for (int i = 0; i < s->ngroup; i++)
        if (s->group[i].side == side && s->group[i].when == when)
            n += wg__lga_group_units(s, i);
    return n;
}

static int count_turn(const lga_scenario *s, int side, int turn)
{
    int n = 0;
    for (int i = 0; i < s->ngroup; i++)
        if (s->group[i].side == side && s->group[i].when == LGA_W_TURN && s->group[i].turn == turn)
            n += wg__lga_group_units(s, i);
    return n;
}

static int count_special(const lga_scenario *s, const char *special)
{
    int n = 0;
    for (int i = 0; i < s->ngroup; i++)
        if (s->group[i].when == LGA_W_SPECIAL && strcmp(s->special[s->group[i].special].id, special) == 0)
            n += wg__lga_group_units(s, i);
    return n;
}

static const lga_group *group(const lga_scenario *s, const char *id)
{
    for (int i = 0; i < s->ngroup; i++)
        if (strcmp(s->group[i].id, id) == 0)
            return &s->group[i];
    ck_abort_msg("no group %s", id);
    return NULL;
}

static const lga_unit_spec *leader(const lga_scenario *s, const char *name)
{
    for (int i = 0; i < s->nspec; i++)
        if (s->spec[i].type == LGA_U_LEADER && strcmp(s->spec[i].name, name) == 0)
            return &s->spec[i];
    ck_abort_msg("no leader %s in %s", name, s->id);
    return NULL;
}

static const lga_vp *vp_place(const lga_scenario *s, const char *name)
{
    int sp = place(name);
    for (int i = 0; i < s->nvp; i++)
        if (s->vp[i].kind == LGA_VP_PLACE && s->vp[i].hex == sp)
            return &s->vp[i];
    ck_abort_msg("no VP for %s in %s", name, s->id);
    return NULL;
}

static const lga_vp *vp_kind(const lga_scenario *s, int kind)
{
    for (int i = 0; i < s->nvp; i++)
        if (s->vp[i].kind == kind)
            return &s->vp[i];
    return NULL;
}

/* ---- the map ---- */

/* The places every scenario chart names (LGA-GAP-01 list). */
static const char *const named_places[] = {
    "Vienna",   "Prague",    "Ulm",       "Braunau",    "Nuremburg", "Bamberg",  "Magdeburg", "Berlin",
    "Gottingen", "Kustrin",  "Posen",     "Dresden",    "Leipzig",   "Stettin",  "Glogau",    "Breslau",
    "Thorn",    "Koln",      "Mainz",     "Frankfurt",  "Wurzburg",  "Augsburg", "Ansbach",   "Landshut",
    "Strasburg", "Salzburg", "Linz",      "Austerlitz", "Stuttgart", "Donauworth", "Munich",  "Ratisbon",
    "Straubing"};

START_TEST(map_vocabulary_and_size)
{
    int cols = 0, rows = 0, layout = -1, n = 0;
    ck_assert_int_eq(wg_map_hex_size(&cols, &rows, &layout, g_map), WG_OK);
    ck_assert_int_eq(cols, 70);
    ck_assert_int_eq(rows, 51);
    ck_assert_int_eq(layout, WG_HEX_ODD_Q);
    ck_assert_int_eq(wg_map_space_count(&n, g_map), WG_OK);
    ck_assert_int_eq(n, 70 * 51);
    for (int i = 0; i < LGA_T_COUNT; i++) {
        int code = -1;
        ck_assert_int_eq(wg_map_terrain_code(&code, g_map, wg__lga_terrain_names[i]), WG_OK);
        ck_assert_int_eq(code, i);
    }
    for (int i = 0; i < LGA_F_COUNT; i++) {
        int bit = -1;
        ck_assert_int_eq(wg_map_flag_bit(&bit, g_map, wg__lga_flag_names[i]), WG_OK);
        ck_assert_int_eq(bit, i);
    }
    for (int i = 0; i < LGA_S_COUNT; i++) {
        int bit = -1;
        ck_assert_int_eq(wg_map_sideflag_bit(&bit, g_map, wg__lga_sideflag_names[i]), WG_OK);
        ck_assert_int_eq(bit, i);
    }
    const char *title = NULL;
    ck_assert_int_eq(wg_map_title(&title, g_map), WG_OK);
    ck_assert_ptr_nonnull(strstr(title, "schematic"));
}
END_TEST

/* LGA-GAP-01: every place the scenarios name is on the map, on a City or Fortress hex (LGA-SCEN-03). */
START_TEST(map_named_places)
{
    for (size_t i = 0; i < sizeof named_places / sizeof named_places[0]; i++) {
        int t = terrain_of(place(named_places[i]));
        ck_assert_msg(t == LGA_T_CITY || t == LGA_T_FORTRESS, "%s is terrain %d", named_places[i], t);
    }
    /* distinct hexes */
    for (size_t i = 0; i < sizeof named_places / sizeof named_places[0]; i++)
        for (size_t j = i + 1; j < sizeof named_places / sizeof named_places[0]; j++)
            ck_assert_int_ne(place(named_places[i]), place(named_places[j]));
}
END_TEST

/* LGA-GAP-02: the hexes with a printed siege value are Fortresses; the VP hexes with "-" are Cities
   (LGA-FORT-13); Linz is a City (LGA-GAP-06). */
START_TEST(map_fortress_or_city)
{
    static const char *const forts[] = {"Vienna", "Ulm",     "Prague", "Braunau", "Berlin",  "Magdeburg",
                                        "Posen",  "Dresden", "Leipzig", "Stettin", "Breslau", "Thorn"};
    static const char *const cities[] = {"Strasburg", "Ratisbon", "Bamberg", "Munich", "Salzburg", "Linz"};
    for (size_t i = 0; i < sizeof forts / sizeof forts[0]; i++)
        ck_assert_msg(terrain_of(place(forts[i])) == LGA_T_FORTRESS, "%s must be a Fortress", forts[i]);
    for (size_t i = 0; i < sizeof cities / sizeof cities[0]; i++)
        ck_assert_msg(terrain_of(place(cities[i])) == LGA_T_CITY, "%s must be a City", cities[i]);
}
END_TEST

/* LGA-UNIT-01: 15 km per hex.  True great-circle distances (km) of pairs of named places; on the
   flat-topped grid a hex distance lies between km/15 (north-south) and km/15 * 1.155 (east-west), with the
   projection's +-7 % and one hex of rounding at each end. */
static const struct {
    const char *a, *b;
    int km;
} pairs[] = {
    {"Ulm", "Vienna", 472},        {"Vienna", "Prague", 253},    {"Berlin", "Dresden", 165},
    {"Leipzig", "Dresden", 100},   {"Strasburg", "Vienna", 638}, {"Berlin", "Posen", 239},
    {"Munich", "Nuremburg", 151},  {"Magdeburg", "Berlin", 128}, {"Koln", "Thorn", 829},
    {"Salzburg", "Linz", 107},     {"Braunau", "Vienna", 247},   {"Breslau", "Prague", 217},
    {"Austerlitz", "Vienna", 111}, {"Mainz", "Nuremburg", 212},  {"Stettin", "Berlin", 127},
    {"Ratisbon", "Prague", 206},   {"Gottingen", "Leipzig", 172}, {"Koln", "Strasburg", 269},
};

START_TEST(map_distances)
{
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        int d = dist(pairs[i].a, pairs[i].b);
        double h = pairs[i].km / 15.0;
        ck_assert_msg(d >= h * 0.90 - 1.5 && d <= h * 1.25 + 1.5, "%s-%s: %d hexes for %d km", pairs[i].a,
                      pairs[i].b, d, pairs[i].km);
    }
    /* Ulm-Vienna: 472 km, about 31 hexes north-south, up to 36 east-west */
    int uv = dist("Ulm", "Vienna");
    ck_assert_int_ge(uv, 31);
    ck_assert_int_le(uv, 37);
    ck_assert_int_eq(dist("Vienna", "Vienna"), 0);
}
END_TEST

/* Regions (LGA-S1805-01 Austria, LGA-S1805-19 Prussia/Saxony, LGA-GAP-66 Prussian fortresses). */
START_TEST(map_regions)
{
    static const char *const austria[] = {"Vienna", "Prague", "Braunau", "Salzburg", "Linz", "Austerlitz"};
    static const char *const prussia[] = {"Berlin", "Magdeburg", "Posen", "Stettin", "Breslau",
                                          "Thorn",  "Glogau",    "Kustrin"};
    static const char *const saxony[] = {"Dresden", "Leipzig"};
    static const char *const none[] = {"Ulm", "Munich", "Nuremburg", "Strasburg", "Mainz", "Ratisbon",
                                       "Gottingen", "Bamberg", "Augsburg"};
    const uint32_t reg = LGA_F_AUSTRIA | LGA_F_PRUSSIA | LGA_F_SAXONY;
    for (size_t i = 0; i < sizeof austria / sizeof austria[0]; i++)
        ck_assert_msg((flags_of(place(austria[i])) & reg) == LGA_F_AUSTRIA, "%s in Austria", austria[i]);
    for (size_t i = 0; i < sizeof prussia / sizeof prussia[0]; i++)
        ck_assert_msg((flags_of(place(prussia[i])) & reg) == LGA_F_PRUSSIA, "%s in Prussia", prussia[i]);
    for (size_t i = 0; i < sizeof saxony / sizeof saxony[0]; i++)
        ck_assert_msg((flags_of(place(saxony[i])) & reg) == LGA_F_SAXONY, "%s in Saxony", saxony[i]);
    for (size_t i = 0; i < sizeof none / sizeof none[0]; i++)
        ck_assert_msg((flags_of(place(none[i])) & reg) == 0, "%s in no region", none[i]);
    /* regions never overlap */
    int n = 0;
    wg_map_space_count(&n, g_map);
    for (int h = 0; h < n; h++) {
        uint32_t f = flags_of(h) & reg;
        ck_assert_msg((f & (f - 1)) == 0, "hex %d in two regions", h);
    }
}
END_TEST

/* Map edges (LGA-S1805-04 west, LGA-S1805-08 east, LGA-S1805-17 south in Austria, LGA-S1809-22 south not in
   Austria, LGA-S1809-23 north). */
START_TEST(map_edges)
{
    int cols = 0, rows = 0, layout = 0, n = 0;
    wg_map_hex_size(&cols, &rows, &layout, g_map);
    wg_map_space_count(&n, g_map);
    int s_aus_clear = 0, s_not_aus = 0;
    for (int h = 0; h < n; h++) {
        int c = 0, r = 0;
        ck_assert_int_eq(wg_map_hex_coords(&c, &r, g_map, h), WG_OK);
        uint32_t f = flags_of(h);
        ck_assert_int_eq(!!(f & LGA_F_EDGE_N), r == 0);
        ck_assert_int_eq(!!(f & LGA_F_EDGE_S), r == rows - 1);
        ck_assert_int_eq(!!(f & LGA_F_EDGE_W), c == 0);
        ck_assert_int_eq(!!(f & LGA_F_EDGE_E), c == cols - 1);
        if ((f & LGA_F_EDGE_S) && (f & LGA_F_AUSTRIA) && terrain_of(h) == LGA_T_CLEAR)
            s_aus_clear++;
        if ((f & LGA_F_EDGE_S) && !(f & LGA_F_AUSTRIA))
            s_not_aus++;
    }
    /* cavalry (1-6) of the Special Austrians can arrive on a clear south-edge hex in Austria (LGA-TEC-06) */
    ck_assert_int_ge(s_aus_clear, 5);
    ck_assert_int_ge(s_not_aus, 5);
}
END_TEST

/* The 1805 Lines A and B (LGA-S1805-28, LGA-GAP-64): columns, "on or east of". */
START_TEST(map_lines)
{
    int n = 0, cola = -1, colb = -1;
    wg_map_space_count(&n, g_map);
    for (int h = 0; h < n; h++) {
        int c = 0, r = 0;
        wg_map_hex_coords(&c, &r, g_map, h);
        uint32_t f = flags_of(h);
        if (f & LGA_F_LINEA) {
            ck_assert(cola < 0 || cola == c);
            cola = c;
        }
        if (f & LGA_F_LINEB) {
            ck_assert(colb < 0 || colb == c);
            colb = c;
        }
    }
    ck_assert_int_ge(cola, 0);
    ck_assert_int_gt(colb, cola);
    for (int h = 0; h < n; h++) {
        int c = 0, r = 0;
        wg_map_hex_coords(&c, &r, g_map, h);
        uint32_t f = flags_of(h);
        ck_assert_int_eq(!!(f & LGA_F_EASTA), c >= cola);
        ck_assert_int_eq(!!(f & LGA_F_EASTB), c >= colb);
    }
    ck_assert(flags_of(place("Braunau")) & LGA_F_LINEA);
    ck_assert(flags_of(place("Vienna")) & LGA_F_EASTB);
    ck_assert(!(flags_of(place("Ulm")) & LGA_F_EASTA));
    ck_assert(!(flags_of(place("Munich")) & LGA_F_EASTA));
    ck_assert(flags_of(place("Linz")) & LGA_F_EASTA);
    ck_assert(!(flags_of(place("Linz")) & LGA_F_EASTB));
}
END_TEST

static int river_sides(int sp, int *bridged)
{
    int n = 0;
    *bridged = 0;
    for (int d = 0; d < 6; d++) {
        uint32_t f = side_of(sp, d);
        if (f & LGA_S_RIVER) {
            n++;
            if (f & LGA_S_BRIDGE)
                (*bridged)++;
        }
        ck_assert_msg(!(f & LGA_S_BRIDGE) || (f & LGA_S_RIVER), "bridge without river at %d", sp);
    }
    return n;
}

/* Rivers with bridges at the named river towns (LGA-TEC-04, LGA-TEC-05). */
START_TEST(map_river_towns_bridged)
{
    static const char *const towns[] = {
        "Ulm",       "Donauworth", "Ratisbon", "Straubing", "Linz",     "Vienna", /* Danube */
        "Strasburg", "Mainz",      "Koln",                                         /* Rhine */
        "Wurzburg",  "Frankfurt",  "Bamberg",                                      /* Main */
        "Dresden",   "Magdeburg",                                                  /* Elbe */
        "Prague",                                                                  /* Moldau */
        "Breslau",   "Glogau",     "Kustrin",  "Stettin",                          /* Oder */
        "Munich",    "Landshut",                                                   /* Isar */
        "Augsburg",                                                                /* Lech */
        "Braunau",                                                                 /* Inn */
        "Thorn",                                                                   /* Vistula */
        "Posen",                                                                   /* Warthe */
        "Salzburg",                                                                /* Salzach */
        "Stuttgart",                                                               /* Neckar */
    };
    for (size_t i = 0; i < sizeof towns / sizeof towns[0]; i++) {
        int br = 0, n = river_sides(place(towns[i]), &br);
        ck_assert_msg(n >= 1, "%s has no River hex-side", towns[i]);
        ck_assert_msg(br == n, "%s: %d of %d River hex-sides bridged", towns[i], br, n);
    }
    /* most River hex-sides are unbridged; there is a Lake */
    int n = 0, rivers = 0, bridges = 0, lakes = 0;
    wg_map_space_count(&n, g_map);
    for (int h = 0; h < n; h++)
        for (int d = 0; d < 6; d++) {
            uint32_t f = side_of(h, d);
            rivers += !!(f & LGA_S_RIVER);
            bridges += !!(f & LGA_S_BRIDGE);
            lakes += !!(f & LGA_S_LAKE);
        }
    ck_assert_int_gt(rivers, 5 * bridges);
    ck_assert_int_gt(bridges, 40);
    ck_assert_int_gt(lakes, 0);
}
END_TEST

/* Breadth-first search without crossing a River (or Lake) hex-side, inside columns [c0, c1]. */
static int reach_dry(int from, int to, int c0, int c1)
{
    int n = 0;
    wg_map_space_count(&n, g_map);
    int *queue = calloc((size_t)n, sizeof *queue);
    char *seen = calloc((size_t)n, 1);
    ck_assert(queue && seen);
    int head = 0, tail = 0, found = 0;
    queue[tail++] = from;
    seen[from] = 1;
    while (head < tail && !found) {
        int h = queue[head++];
        if (h == to)
            found = 1;
        for (int d = 0; d < 6; d++) {
            int nb = -1, c = 0, r = 0;
            if (wg_map_hex_neighbor(&nb, g_map, h, d) != WG_OK || seen[nb])
                continue;
            if (side_of(h, d) & (LGA_S_RIVER | LGA_S_LAKE))
                continue;
            wg_map_hex_coords(&c, &r, g_map, nb);
            if (c < c0 || c > c1)
                continue;
            seen[nb] = 1;
            queue[tail++] = nb;
        }
    }
    free(queue);
    free(seen);
    return found;
}

static int col_of(const char *name)
{
    int c = 0, r = 0;
    wg_map_hex_coords(&c, &r, g_map, place(name));
    return c;
}

static int hex(int c, int r)
{
    int sp = -1;
    ck_assert_int_eq(wg_map_hex_at(&sp, g_map, c, r), WG_OK);
    return sp;
}

/* Rivers are barriers (LGA-TEC-04): between the columns of Ulm and Passau the Danube separates Munich and
   Augsburg from Nuremburg and Ansbach; the Rhine, Lake Constance and the Alpine Rhine cut the west of the
   map (France) from the rest from the south edge to the west edge. */
START_TEST(map_rivers_are_barriers)
{
    int cols = 0, rows = 0, layout = 0;
    wg_map_hex_size(&cols, &rows, &layout, g_map);
    ck_assert(!reach_dry(place("Munich"), place("Nuremburg"), col_of("Ulm"), col_of("Passau")));
    ck_assert(!reach_dry(place("Augsburg"), place("Ansbach"), col_of("Ulm"), col_of("Passau")));
    ck_assert(reach_dry(place("Nuremburg"), place("Ansbach"), col_of("Ulm"), col_of("Passau"))); /* same bank */
    ck_assert(!reach_dry(hex(0, 40), place("Stuttgart"), 0, cols - 1));
    ck_assert(!reach_dry(hex(0, 40), place("Munich"), 0, cols - 1));
    ck_assert(reach_dry(hex(0, 40), hex(0, 20), 0, cols - 1)); /* same bank */
}
END_TEST

/* Mountains and passes (LGA-TEC-06, LGA-TEC-07, LGA-MOVE-10 LGA-MOVE-11 LGA-MOVE-12). */
START_TEST(map_mountains_and_passes)
{
    int n = 0, mountains = 0, passes = 0, entries = 0;
    wg_map_space_count(&n, g_map);
    for (int h = 0; h < n; h++) {
        int t = terrain_of(h);
        uint32_t f = flags_of(h);
        mountains += t == LGA_T_MOUNTAIN;
        if (t == LGA_T_PASS) {
            passes++;
            /* a pass hex is reached from another pass hex or a Pass-Entry hex */
            int linked = 0;
            for (int d = 0; d < 6; d++) {
                int nb = -1;
                if (wg_map_hex_neighbor(&nb, g_map, h, d) != WG_OK)
                    continue;
                linked |= terrain_of(nb) == LGA_T_PASS || (flags_of(nb) & LGA_F_PASSENTRY);
            }
            ck_assert_msg(linked, "pass hex %d is isolated", h);
        }
        if (f & LGA_F_PASSENTRY) {
            entries++;
            ck_assert_int_ne(t, LGA_T_MOUNTAIN);
            ck_assert_int_ne(t, LGA_T_PASS);
            int adj = 0;
            for (int d = 0; d < 6; d++) {
                int nb = -1;
                if (wg_map_hex_neighbor(&nb, g_map, h, d) == WG_OK)
                    adj |= terrain_of(nb) == LGA_T_PASS;
            }
            ck_assert_msg(adj, "Pass-Entry hex %d has no Mountain Pass next to it", h);
        }
    }
    ck_assert_int_gt(mountains, 200);
    ck_assert_int_gt(passes, 20);
    ck_assert_int_gt(entries, 10);
    /* no named place is on a mountain; the Bohemian Forest lies between Ratisbon and Pilsen */
    for (size_t i = 0; i < sizeof named_places / sizeof named_places[0]; i++)
        ck_assert_int_ne(terrain_of(place(named_places[i])), LGA_T_MOUNTAIN);
    int qs[64], rs[64], alt_q[64], alt_r[64];
    size_t cnt = 0;
    int c1, r1, c2, r2, q1, rr1, q2, rr2;
    wg_map_hex_coords(&c1, &r1, g_map, place("Ratisbon"));
    wg_map_hex_coords(&c2, &r2, g_map, place("Pilsen"));
    wg_hex_offset_to_axial(&q1, &rr1, c1, r1, WG_HEX_ODD_Q);
    wg_hex_offset_to_axial(&q2, &rr2, c2, r2, WG_HEX_ODD_Q);
    ck_assert_int_eq(wg_hex_line(qs, rs, alt_q, alt_r, 64, &cnt, q1, rr1, q2, rr2), WG_OK);
    int hills = 0;
    for (size_t i = 0; i < cnt; i++) {
        int c, r, sp;
        wg_hex_axial_to_offset(&c, &r, qs[i], rs[i], WG_HEX_ODD_Q);
        ck_assert_int_eq(wg_map_hex_at(&sp, g_map, c, r), WG_OK);
        hills += terrain_of(sp) == LGA_T_MOUNTAIN || terrain_of(sp) == LGA_T_PASS;
    }
    ck_assert_int_ge(hills, 1);
}
END_TEST

/* The committed map is the generator's output (tools/gen-lga-map.py) and loads through the public loader. */
START_TEST(map_public_loader_agrees)
{
    size_t len = 0;
    char *buf = wgt_read_source_file("data/lga/europe-schematic.wgd", &len);
    wg_map *m = NULL;
    ck_assert_int_eq(wg_map_load(&m, g_ctx, buf, len), WG_OK);
    int a = 0, b = 0;
    wg_map_space_count(&a, m);
    wg_map_space_count(&b, g_map);
    ck_assert_int_eq(a, b);
    for (int h = 0; h < a; h++) {
        int t1, t2;
        wg_map_terrain(&t1, m, h);
        wg_map_terrain(&t2, g_map, h);
        ck_assert_int_eq(t1, t2);
    }
    ck_assert_ptr_nonnull(strstr(buf, "NOT the printed SPI game board"));
    ck_assert_ptr_nonnull(strstr(buf, "equirectangular"));
    wg_map_free(m);
    free(buf);
}
END_TEST

/* A host map without the lga vocabulary is refused, naming the file. */
START_TEST(map_host_vocabulary_checked)
{
    static const char good[] = "wgdata 1 map\ngrid hex 3 3 odd-q\nterrain clear city fortress mountain pass\n"
                               "flag austria prussia saxony passentry linea lineb easta eastb edge-n edge-s edge-e "
                               "edge-w\nsideflag river bridge lake\nhex 1 1 city name=Vienna\n";
    static const char bad_terrain[] = "wgdata 1 map\ngrid hex 3 3 odd-q\nterrain clear fortress city\n";
    static const char bad_flag[] = "wgdata 1 map\ngrid hex 3 3 odd-q\nterrain clear city fortress mountain pass\n"
                                   "flag prussia austria\n";
    static const char bad_line[] = "wgdata 1 map\ngrid hex 3 3 odd-q\nterrain clear\nhex 9 9 clear\n";
    wg_map *m = NULL;
    ck_assert_int_eq(wg__lga_map_load(&m, g_ctx, good, strlen(good), "host.wgd"), WG_OK);
    wg_map_free(m);
    m = NULL;
    ck_assert_int_eq(wg__lga_map_load(&m, g_ctx, bad_terrain, strlen(bad_terrain), "host.wgd"), WG_EDATA);
    ck_assert_ptr_null(m);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(g_ctx), "host.wgd: terrain 1 must be 'city'"));
    ck_assert_int_eq(wg__lga_map_load(&m, g_ctx, bad_flag, strlen(bad_flag), "host.wgd"), WG_EDATA);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(g_ctx), "flag bit 0 must be 'austria'"));
    ck_assert_int_eq(wg__lga_map_load(&m, g_ctx, bad_line, strlen(bad_line), "host.wgd"), WG_EPARSE);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(g_ctx), "host.wgd: "));
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(g_ctx), "line 4"));
    ck_assert_int_eq(wg__lga_map_load(NULL, g_ctx, good, strlen(good), "x"), WG_EINVAL);
}
END_TEST

/* ---- scenarios ---- */

/* Per-nationality values as printed (LGA-UNIT-08, -09, -10, LGA-ADDENDA-01, LGA-PRUSSIAN-08). */
static int values_ok(const lga_scenario *s, const lga_unit_spec *u)
{
    int y1809 = strcmp(s->id, "1809") == 0;
    int v = u->strength * 100 + u->ma;
    switch (u->type) {
    case LGA_U_LEADER:
        return v == 108;
    case LGA_U_SUPPLY:
        return u->strength == 0 && u->ma == (u->nat == LGA_NAT_FRENCH     ? 4
                                             : u->nat == LGA_NAT_PRUSSIAN ? 2
                                                                          : 3);
    case LGA_U_DEPOT:
        return v == (u->nat == LGA_NAT_PRUSSIAN ? 100 : 102);
    case LGA_U_CAVALRY:
        if (u->nat == LGA_NAT_AUSTRIAN)
            return v == 106;
        return v == 108 || (u->nat == LGA_NAT_FRENCH && v == 307);
    case LGA_U_INFANTRY:
        switch (u->nat) {
        case LGA_NAT_FRENCH:
            return v == 205 || v == 504 || v == 1802;
        case LGA_NAT_AUSTRIAN:
            return y1809 ? (v == 205 || v == 504 || v == 1802) : (v == 105 || v == 403 || v == 1802);
        case LGA_NAT_PRUSSIAN:
        case LGA_NAT_SAXON:
            return v == 303 || (u->nat == LGA_NAT_PRUSSIAN && v == 1802);
        case LGA_NAT_RUSSIAN:
            return v == 404 || v == 1002;
        }
    }
    return 0;
}

static void check_common(const lga_scenario *s)
{
    for (int i = 0; i < s->nspec; i++)
        ck_assert_msg(values_ok(s, &s->spec[i]), "%s line %d: %s %s %d-%d", s->id, (int)s->spec[i].line,
                      wg__lga_nat_name(s->spec[i].nat), wg__lga_utype_name(s->spec[i].type),
                      (int)s->spec[i].strength, (int)s->spec[i].ma);
    /* LGA-SCEN-07: every reinforcement arrives within the game length */
    for (int i = 0; i < s->ngroup; i++) {
        const lga_group *g = &s->group[i];
        ck_assert_int_gt(g->nspec, 0);
        if (g->when == LGA_W_TURN) {
            ck_assert_int_ge(g->turn, 1);
            ck_assert_int_le(g->turn, s->turns);
        }
    }
    /* LGA-SCEN-10: the level table covers every total, once */
    ck_assert_int_eq(s->level[0].max, INT32_MAX);
    ck_assert_int_eq(s->level[s->nlevel - 1].min, INT32_MIN);
    for (int i = 1; i < s->nlevel; i++)
        ck_assert_int_eq(s->level[i].max, s->level[i - 1].min - 1);
    for (int t = 1; t <= s->turns; t++)
        ck_assert_int_gt(strlen(s->turn[t].date), 0);
}

START_TEST(scen_1805)
{
    lga_scenario *s = load_builtin("1805");
    check_common(s);
    ck_assert_str_eq(s->id, "1805");
    /* LGA-GAP-05: 12 game-turns, flagged unprinted */
    ck_assert_int_eq(s->turns, 12);
    ck_assert_int_eq(s->turns_printed, 0);
    ck_assert_int_eq(s->rules, LGA_R_PRUSSIAN | LGA_R_AUSTRIAN_1805);
    /* LGA-S1805-15 track values; GT 7+ not printed, carried forward (LGA-GAP-05) */
    static const int A[7] = {0, 0, 0, 0, 0, 15, 15}, P[7] = {0, 0, 0, 0, 0, 0, 15};
    for (int t = 1; t <= 6; t++) {
        ck_assert_int_eq(s->turn[t].thr[LGA_TRACK_A], A[t]);
        ck_assert_int_eq(s->turn[t].thr[LGA_TRACK_P], P[t]);
        ck_assert_int_eq(s->turn[t].thr_printed[LGA_TRACK_A], 1);
    }
    for (int t = 7; t <= 12; t++) {
        ck_assert_int_eq(s->turn[t].thr_printed[LGA_TRACK_A], 0);
        ck_assert_int_eq(s->turn[t].thr_printed[LGA_TRACK_P], 0);
        ck_assert_int_eq(s->turn[t].thr[LGA_TRACK_A], 15);
        ck_assert_int_eq(s->turn[t].thr[LGA_TRACK_P], 15);
    }
    ck_assert_str_eq(s->turn[1].date, "Early September");
    ck_assert_str_eq(s->turn[7].date, "Early November");
    /* unit counts (LGA-S1805-01 LGA-S1805-02 LGA-S1805-03 LGA-S1805-04 LGA-S1805-05 LGA-S1805-06 LGA-S1805-07 LGA-S1805-08 LGA-S1805-09 LGA-S1805-10 LGA-S1805-11 LGA-S1805-12 LGA-S1805-13, -17, -18, -20..25) */
    ck_assert_int_eq(count_units(s, LGA_ALLIED, LGA_W_SETUP), 16);
    ck_assert_int_eq(count_units(s, LGA_FRENCH, LGA_W_SETUP), 3);
    ck_assert_int_eq(count_units(s, LGA_ALLIED, LGA_W_TURN), 25);
    ck_assert_int_eq(count_units(s, LGA_FRENCH, LGA_W_TURN), 43);
    ck_assert_int_eq(count_turn(s, LGA_ALLIED, 3), 8);
    ck_assert_int_eq(count_turn(s, LGA_ALLIED, 9), 8);
    ck_assert_int_eq(count_turn(s, LGA_FRENCH, 3), 41); /* LGA-S1805-05 */
    ck_assert_int_eq(count_turn(s, LGA_FRENCH, 7), 2);  /* LGA-S1805-07 */
    ck_assert_int_eq(count_special(s, "austria"), 16);  /* LGA-S1805-17 */
    ck_assert_int_eq(count_special(s, "french"), 7);    /* LGA-S1805-18 */
    ck_assert_int_eq(count_special(s, "prussia"), 28);  /* LGA-S1805-20 LGA-S1805-21 LGA-S1805-22 LGA-S1805-23 LGA-S1805-24 LGA-S1805-25 */
    /* LGA-ADDENDA-11 Mack is Z; LGA-ADDENDA-12 / LGA-GAP-14 Bennigsen 3/3 */
    const lga_unit_spec *mack = leader(s, "Mack");
    ck_assert_int_eq(mack->letter, 'Z');
    ck_assert_int_eq(mack->off, 4);
    ck_assert_int_eq(mack->def, 7);
    ck_assert_int_eq(leader(s, "Bennigsen")->off, 3);
    ck_assert_int_eq(leader(s, "Bennigsen")->def, 3);
    ck_assert_int_eq(leader(s, "Napoleon")->off, 25);
    ck_assert_int_eq(leader(s, "Napoleon")->letter, 'A');
    ck_assert_int_eq(leader(s, "Blücher")->nat, LGA_NAT_PRUSSIAN);
    /* LGA-S1805-06: GT3 French in Forced March Supply, free triple */
    ck_assert_uint_eq(group(s, "f3-grande-armee")->flags, LGA_GF_FM_SUPPLY | LGA_GF_FREE_TRIPLE);
    ck_assert_uint_eq(group(s, "f7")->flags, 0);
    /* LGA-S1805-25, LGA-GAP-67: Saxon corps */
    const lga_group *g = group(s, "sp-dresden");
    ck_assert_int_eq(s->spec[g->first_spec].nat, LGA_NAT_SAXON);
    /* specials: LGA-S1805-16, -18, -19 */
    ck_assert_int_eq(s->nspecial, 3);
    ck_assert_uint_eq(s->special[0].trig, LGA_TR_VP_BELOW);
    ck_assert_int_eq(s->special[0].track, LGA_TRACK_A);
    ck_assert_int_eq(s->special[0].arrive, LGA_AR_NEXT_PLAYER_TURN);
    ck_assert_uint_eq(s->special[1].trig, LGA_TR_AFTER);
    ck_assert_int_eq(s->special[1].after, 0);
    ck_assert_int_eq(s->special[1].arrive, LGA_AR_AFTER_FRENCH);
    ck_assert_int_eq(s->special[1].side, LGA_FRENCH);
    ck_assert_uint_eq(s->special[2].trig, LGA_TR_VP_BELOW | LGA_TR_ENTER);
    ck_assert_int_eq(s->special[2].track, LGA_TRACK_P);
    ck_assert_uint_eq(s->special[2].enter_flags, LGA_F_PRUSSIA | LGA_F_SAXONY);
    /* VP (LGA-S1805-26 LGA-S1805-27 LGA-S1805-28) */
    ck_assert_int_eq(vp_place(s, "Vienna")->control, 30);
    ck_assert_int_eq(vp_place(s, "Vienna")->siege, 15);
    ck_assert_int_eq(vp_place(s, "Ulm")->siege, 7);
    ck_assert_int_eq(vp_place(s, "Braunau")->control, 10);
    ck_assert_int_eq(vp_kind(s, LGA_VP_EXIT_SOUTH)->control, 1);
    ck_assert_int_eq(vp_kind(s, LGA_VP_LINE_A)->control, 15);
    ck_assert_int_eq(vp_kind(s, LGA_VP_LINE_B)->control, 20);
    ck_assert_int_eq(s->nvp, 7);
    /* levels (LGA-S1805-29, LGA-VP-07) */
    ck_assert_int_eq(wg__lga_level_of(s, 1000), LGA_LV_FRENCH_DECISIVE);
    ck_assert_int_eq(wg__lga_level_of(s, 80), LGA_LV_FRENCH_DECISIVE);
    ck_assert_int_eq(wg__lga_level_of(s, 79), LGA_LV_FRENCH_SUBSTANTIVE);
    ck_assert_int_eq(wg__lga_level_of(s, 60), LGA_LV_FRENCH_SUBSTANTIVE);
    ck_assert_int_eq(wg__lga_level_of(s, 59), LGA_LV_FRENCH_MARGINAL);
    ck_assert_int_eq(wg__lga_level_of(s, 50), LGA_LV_FRENCH_MARGINAL);
    ck_assert_int_eq(wg__lga_level_of(s, 49), LGA_LV_DRAW);
    ck_assert_int_eq(wg__lga_level_of(s, 10), LGA_LV_DRAW);
    ck_assert_int_eq(wg__lga_level_of(s, 9), LGA_LV_ALLIED_MARGINAL);
    ck_assert_int_eq(wg__lga_level_of(s, 0), LGA_LV_ALLIED_MARGINAL);
    ck_assert_int_eq(wg__lga_level_of(s, -1), LGA_LV_ALLIED_DECISIVE);
    ck_assert_str_eq(wg__lga_level_name(LGA_LV_ALLIED_DECISIVE), "Allied Decisive Victory");
    wg__lga_scenario_free(g_ctx, s);
}
END_TEST

/* Placement rules: LGA-S1805-01 (any hex in Austria), LGA-S1805-03 (within three hexes of Nuremburg and/or
   Bamberg, LGA-GAP-71), LGA-S1805-17 (one hex of the south edge in Austria). */
START_TEST(scen_1805_placement)
{
    lga_scenario *s = load_builtin("1805");
    const lga_group *aus = group(s, "a-austria");
    ck_assert(wg__lga_place_ok(g_map, &aus->place, place("Vienna")));
    ck_assert(wg__lga_place_ok(g_map, &aus->place, place("Prague")));
    ck_assert(!wg__lga_place_ok(g_map, &aus->place, place("Ulm")));
    ck_assert(!wg__lga_place_ok(g_map, &aus->place, place("Munich")));
    const lga_group *f = group(s, "f-setup");
    ck_assert_int_eq(f->place.radius, 3);
    ck_assert_int_eq(f->place.nplace, 2);
    int n = 0, in = 0;
    wg_map_space_count(&n, g_map);
    int nur = place("Nuremburg"), bam = place("Bamberg");
    for (int h = 0; h < n; h++) {
        int d1 = 0, d2 = 0;
        wg_map_hex_distance(&d1, g_map, h, nur);
        wg_map_hex_distance(&d2, g_map, h, bam);
        int ok = wg__lga_place_ok(g_map, &f->place, h);
        ck_assert_int_eq(ok, d1 <= 3 || d2 <= 3);
        in += ok;
    }
    ck_assert_int_gt(in, 37); /* more than one 3-hex circle */
    ck_assert_int_le(in, 74);
    const lga_group *ch = group(s, "sa-charles");
    ck_assert_int_eq(ch->place.one_hex, 1);
    ck_assert_uint_eq(ch->place.flags_all, LGA_F_EDGE_S | LGA_F_AUSTRIA);
    const lga_group *ru = group(s, "a3-russians");
    ck_assert_uint_eq(ru->place.flags_all, LGA_F_EDGE_E);
    ck_assert_int_eq(ru->place.one_hex, 0);
    ck_assert_uint_eq(group(s, "f3-grande-armee")->place.flags_all, LGA_F_EDGE_W); /* LGA-S1805-04 */
    ck_assert_int_eq(group(s, "a3-vienna")->place.place[0], place("Vienna"));
    ck_assert_int_eq(group(s, "a3-vienna")->place.radius, 0);
    wg__lga_scenario_free(g_ctx, s);
}
END_TEST

START_TEST(scen_1806)
{
    lga_scenario *s = load_builtin("1806");
    check_common(s);
    ck_assert_int_eq(s->turns, 9); /* LGA-S1806-21 */
    ck_assert_int_eq(s->turns_printed, 1);
    ck_assert_int_eq(s->rules, LGA_R_PRUSSIAN | LGA_R_AUSTRIA_CLOSED); /* LGA-S1806-01, -32 */
    ck_assert_str_eq(s->turn[9].date, "Late December");
    ck_assert_int_eq(s->nspecial, 0);
    for (int t = 1; t <= 9; t++)
        ck_assert_int_eq(s->turn[t].thr_printed[0], 0);
    ck_assert_int_eq(count_units(s, LGA_ALLIED, LGA_W_SETUP), 48); /* LGA-S1806-03 LGA-S1806-04 LGA-S1806-05 LGA-S1806-06 LGA-S1806-07 LGA-S1806-08 LGA-S1806-09 LGA-S1806-10 */
    ck_assert_int_eq(count_units(s, LGA_FRENCH, LGA_W_SETUP), 46); /* LGA-S1806-11 LGA-S1806-12 LGA-S1806-13 LGA-S1806-14 LGA-S1806-15 LGA-S1806-16 LGA-S1806-17 LGA-S1806-18 LGA-S1806-19 */
    ck_assert_int_eq(count_units(s, LGA_ALLIED, LGA_W_TURN), 17);  /* LGA-S1806-23 LGA-S1806-24 LGA-S1806-25 */
    ck_assert_int_eq(count_units(s, LGA_FRENCH, LGA_W_TURN), 14);  /* LGA-S1806-26 LGA-S1806-27 LGA-S1806-28 */
    ck_assert_int_eq(count_turn(s, LGA_FRENCH, 9), 1);
    ck_assert_int_eq(count_turn(s, LGA_ALLIED, 8), 7);
    /* LGA-S1806-02: all Allied setup units Prussian; LGA-S1806-22: reinforcements Russian */
    for (int i = 0; i < s->ngroup; i++) {
        const lga_group *g = &s->group[i];
        for (int k = 0; k < g->nspec; k++) {
            int nat = s->spec[g->first_spec + k].nat;
            if (g->side == LGA_ALLIED)
                ck_assert_int_eq(nat, g->when == LGA_W_SETUP ? LGA_NAT_PRUSSIAN : LGA_NAT_RUSSIAN);
        }
        /* LGA-S1806-20: named French setups within one hex */
        if (g->side == LGA_FRENCH && g->when == LGA_W_SETUP)
            ck_assert_int_eq(g->place.radius, 1);
    }
    ck_assert_int_eq(group(s, "a-leipzig")->place.radius, 3);
    ck_assert_int_eq(group(s, "a-dresden")->place.radius, 0);
    ck_assert_int_eq(leader(s, "Bennigsen")->off, 3); /* LGA-S1806-24 [amended] */
    ck_assert_int_eq(leader(s, "Lestocq")->letter, 'A');
    /* LGA-S1806-30 */
    ck_assert_int_eq(vp_place(s, "Berlin")->control, 25);
    ck_assert_int_eq(vp_place(s, "Berlin")->siege, 12);
    ck_assert_int_eq(vp_place(s, "Thorn")->siege, 2);
    ck_assert_int_eq(s->nvp, 8);
    /* LGA-S1806-31 */
    ck_assert_int_eq(wg__lga_level_of(s, 80), LGA_LV_FRENCH_DECISIVE);
    ck_assert_int_eq(wg__lga_level_of(s, 65), LGA_LV_FRENCH_SUBSTANTIVE);
    ck_assert_int_eq(wg__lga_level_of(s, 64), LGA_LV_DRAW);
    ck_assert_int_eq(wg__lga_level_of(s, 50), LGA_LV_DRAW);
    ck_assert_int_eq(wg__lga_level_of(s, 49), LGA_LV_ALLIED_MARGINAL);
    ck_assert_int_eq(wg__lga_level_of(s, 30), LGA_LV_ALLIED_MARGINAL);
    ck_assert_int_eq(wg__lga_level_of(s, 29), LGA_LV_ALLIED_DECISIVE);
    ck_assert_int_eq(wg__lga_level_of(s, -50), LGA_LV_ALLIED_DECISIVE);
    /* LGA-GAP-09: Strasburg starts French */
    int found = 0;
    for (int i = 0; i < s->ncontrol; i++)
        if (s->control[i].hex == place("Strasburg"))
            found = s->control[i].side == LGA_FRENCH;
    ck_assert(found);
    /* LGA-PRUSSIAN-09: Berlin and Posen are Prussian Fortresses holding more than one Prussian unit at setup */
    ck_assert_int_eq(terrain_of(place("Berlin")), LGA_T_FORTRESS);
    ck_assert(flags_of(place("Posen")) & LGA_F_PRUSSIA);
    ck_assert_int_eq(wg__lga_group_units(s, (int)(group(s, "a-berlin") - s->group)), 4);
    wg__lga_scenario_free(g_ctx, s);
}
END_TEST

START_TEST(scen_1809)
{
    lga_scenario *s = load_builtin("1809");
    check_common(s);
    ck_assert_int_eq(s->turns, 12); /* LGA-S1809-17 */
    ck_assert_int_eq(s->rules, LGA_R_AUSTRIAN_1809); /* LGA-S1809-01, -28 */
    ck_assert_str_eq(s->turn[12].date, "Late July");
    ck_assert_int_eq(count_units(s, LGA_ALLIED, LGA_W_SETUP), 38); /* LGA-S1809-02 LGA-S1809-03 LGA-S1809-04 LGA-S1809-05, LGA-GAP-07 */
    ck_assert_int_eq(count_units(s, LGA_FRENCH, LGA_W_SETUP), 32); /* LGA-S1809-06 LGA-S1809-07 LGA-S1809-08 LGA-S1809-09 LGA-S1809-10 LGA-S1809-11 LGA-S1809-12 LGA-S1809-13 */
    ck_assert_int_eq(count_units(s, LGA_ALLIED, LGA_W_TURN), 24);  /* LGA-S1809-18 */
    ck_assert_int_eq(count_units(s, LGA_FRENCH, LGA_W_TURN), 26);  /* LGA-S1809-19 LGA-S1809-20 LGA-S1809-21 LGA-S1809-22 LGA-S1809-23 LGA-S1809-24 */
    ck_assert_int_eq(count_special(s, "austria"), 13);             /* LGA-S1809-16 */
    for (int t = 1; t <= 12; t++) {
        ck_assert_int_eq(count_turn(s, LGA_ALLIED, t), 2);
    }
    const lga_group *a1 = group(s, "a1");
    ck_assert_int_eq(a1->place.nplace, 2); /* Prague or Vienna */
    ck_assert(wg__lga_place_ok(g_map, &a1->place, place("Vienna")));
    ck_assert(wg__lga_place_ok(g_map, &a1->place, place("Prague")));
    ck_assert(!wg__lga_place_ok(g_map, &a1->place, place("Linz")));
    /* no Prussians or Russians (LGA-S1809-01) */
    for (int i = 0; i < s->nspec; i++) {
        ck_assert_int_ne(s->spec[i].nat, LGA_NAT_PRUSSIAN);
        ck_assert_int_ne(s->spec[i].nat, LGA_NAT_RUSSIAN);
    }
    /* LGA-S1809-15, LGA-GAP-70 */
    ck_assert_int_eq(s->nspecial, 1);
    ck_assert_uint_eq(s->special[0].trig, LGA_TR_NEAR);
    ck_assert_int_eq(s->special[0].near_hex, place("Vienna"));
    ck_assert_int_eq(s->special[0].near_radius, 12);
    ck_assert_int_eq(s->special[0].arrive, LGA_AR_IMMEDIATE);
    /* LGA-S1809-22: south edge not in Austria */
    const lga_group *f8 = group(s, "f8-south");
    ck_assert_uint_eq(f8->place.flags_all, LGA_F_EDGE_S);
    ck_assert_uint_eq(f8->place.flags_none, LGA_F_AUSTRIA);
    ck_assert(!wg__lga_place_ok(g_map, &f8->place, place("Vienna")));
    ck_assert_uint_eq(group(s, "f9-north")->place.flags_all, LGA_F_EDGE_N); /* LGA-S1809-23 */
    ck_assert_int_eq(group(s, "a-prague")->place.radius, 6);
    ck_assert_int_eq(group(s, "a-linz")->place.radius, 4);
    ck_assert_int_eq(group(s, "a-salzburg")->place.radius, 2);
    ck_assert_int_eq(leader(s, "Bessières")->letter, 'D');
    ck_assert_int_eq(leader(s, "Eugène")->def, 9);
    /* LGA-S1809-26, LGA-GAP-06 */
    ck_assert_int_eq(vp_place(s, "Vienna")->control, 35);
    ck_assert_int_eq(vp_place(s, "Vienna")->siege, 17);
    ck_assert_int_eq(vp_place(s, "Strasburg")->siege, LGA_UNPRINTED);
    ck_assert_int_eq(vp_place(s, "Linz")->siege, LGA_UNPRINTED);
    ck_assert_int_eq(vp_place(s, "Ulm")->siege, 5);
    ck_assert_int_eq(s->nvp, 9);
    /* LGA-S1809-27 */
    ck_assert_int_eq(wg__lga_level_of(s, 75), LGA_LV_FRENCH_SUBSTANTIVE);
    ck_assert_int_eq(wg__lga_level_of(s, 74), LGA_LV_FRENCH_MARGINAL);
    ck_assert_int_eq(wg__lga_level_of(s, 50), LGA_LV_FRENCH_MARGINAL);
    ck_assert_int_eq(wg__lga_level_of(s, 49), LGA_LV_ALLIED_MARGINAL);
    ck_assert_int_eq(wg__lga_level_of(s, 35), LGA_LV_ALLIED_MARGINAL);
    ck_assert_int_eq(wg__lga_level_of(s, 34), LGA_LV_ALLIED_DECISIVE);
    wg__lga_scenario_free(g_ctx, s);
}
END_TEST

/* ---- every chart box, transcribed again from the checklist and compared with the loaded data ---- */

/* "when place | units": units as "NAT TYPE S-M xN" or leaders as "NAME LETTER OFF/DEF" (all leaders (1)-8). */
static void describe_group(const lga_scenario *s, const lga_group *g, char *buf, size_t cap)
{
    size_t n = 0;
#define OUT(...) n += (size_t)snprintf(buf + n, n < cap ? cap - n : 0, __VA_ARGS__)
    if (g->when == LGA_W_SETUP)
        OUT("setup");
    else if (g->when == LGA_W_TURN)
        OUT("turn=%d", (int)g->turn);
    else
        OUT("special=%s", s->special[g->special].id);
    for (int i = 0; i < g->place.nplace; i++) {
        const char *nm = "";
        wg_map_name(&nm, g_map, g->place.place[i]);
        OUT("%s%s", i ? "," : " at=", nm);
    }
    if (g->place.radius)
        OUT(" within=%d", (int)g->place.radius);
    for (int pass = 0; pass < 2; pass++) {
        uint32_t m = pass ? g->place.flags_none : g->place.flags_all;
        int first = 1;
        for (int b = 0; b < LGA_F_COUNT; b++)
            if (m & (1u << b)) {
                OUT("%s%s", first ? (pass ? " none=" : " all=") : ",", wg__lga_flag_names[b]);
                first = 0;
            }
    }
    if (g->place.one_hex)
        OUT(" one-hex");
    OUT(" |");
    for (int i = 0; i < g->nspec; i++) {
        const lga_unit_spec *u = &s->spec[g->first_spec + i];
        if (u->type == LGA_U_LEADER) {
            ck_assert_int_eq(u->strength, 1); /* LGA-UNIT-08: every leader (1)-8 */
            ck_assert_int_eq(u->ma, 8);
            OUT(" %s %c %d/%d;", u->name, u->letter, (int)u->off, (int)u->def);
        } else {
            OUT(" %s %s %d-%d x%d;", wg__lga_nat_name(u->nat), wg__lga_utype_name(u->type), (int)u->strength,
                (int)u->ma, (int)u->count);
        }
    }
#undef OUT
}

static const struct {
    const char *scen, *item, *group, *want;
} boxes[] = {
    /* 1805 */
    {"1805", "LGA-S1805-01", "a-austria",
     "setup all=austria | Mack Z 4/7; Schwarzenburg N 3/4; Kienmaier P 3/7; austrian infantry 4-3 x4; austrian "
     "cavalry 1-6 x3; austrian supply 0-3 x3; austrian depot 1-2 x1;"},
    {"1805", "LGA-S1805-02", "a-prague", "setup at=Prague | austrian depot 1-2 x1;"},
    {"1805", "LGA-S1805-02", "a-vienna", "setup at=Vienna | austrian depot 1-2 x1;"},
    {"1805", "LGA-S1805-03", "f-setup", "setup at=Nuremburg,Bamberg within=3 | french infantry 2-5 x3;"},
    {"1805", "LGA-S1805-05", "f3-grande-armee",
     "turn=3 all=edge-w | Napoleon A 25/25; Davout E 13/16; Ney N 9/16; Bernadotte C 4/7; Murat M 7/3; Lannes F "
     "13/13; Marmont J 9/9; Soult Q 13/13; french cavalry 1-8 x8; french infantry 2-5 x17; french supply 0-4 x6; "
     "french depot 1-2 x2;"},
    {"1805", "LGA-S1805-07", "f7", "turn=7 all=edge-w | Augureau B 9/13; french infantry 2-5 x1;"},
    {"1805", "LGA-S1805-08", "a3-vienna", "turn=3 at=Vienna | austrian infantry 4-3 x1;"},
    {"1805", "LGA-S1805-08", "a3-russians",
     "turn=3 all=edge-e | russian infantry 4-4 x2; russian cavalry 1-8 x1; russian supply 0-3 x1; russian depot "
     "1-2 x1; Bagration M 1/3; Kutusov H 3/7;"},
    {"1805", "LGA-S1805-09", "a4-russians", "turn=4 all=edge-e | russian infantry 4-4 x1;"},
    {"1805", "LGA-S1805-10", "a5-prague", "turn=5 at=Prague | austrian infantry 4-3 x1;"},
    {"1805", "LGA-S1805-11", "a7-russians",
     "turn=7 all=edge-e | russian supply 0-3 x1; russian cavalry 1-8 x1; russian infantry 4-4 x2; Buxhowden J "
     "1/1;"},
    {"1805", "LGA-S1805-12", "a9-vienna", "turn=9 at=Vienna | austrian infantry 4-3 x1;"},
    {"1805", "LGA-S1805-12", "a9-russians",
     "turn=9 all=edge-e | russian cavalry 1-8 x2; russian supply 0-3 x2; russian infantry 4-4 x2; Bennigsen K "
     "3/3;"},
    {"1805", "LGA-S1805-13", "a10-vienna", "turn=10 at=Vienna | austrian infantry 4-3 x1;"},
    {"1805", "LGA-S1805-13", "a12-vienna", "turn=12 at=Vienna | austrian infantry 4-3 x1;"},
    {"1805", "LGA-S1805-17", "sa-charles",
     "special=austria all=austria,edge-s one-hex | Charles R 3/7; austrian infantry 4-3 x5; austrian cavalry 1-6 "
     "x2;"},
    {"1805", "LGA-S1805-17", "sa-john",
     "special=austria all=austria,edge-s one-hex | John Q 1/1; austrian infantry 4-3 x1; austrian cavalry 1-6 x2; "
     "austrian supply 0-3 x4;"},
    {"1805", "LGA-S1805-18", "sf-massena",
     "special=french all=edge-s one-hex | Massena K 3/7; french infantry 2-5 x3; french cavalry 1-8 x1; french "
     "supply 0-4 x2;"},
    {"1805", "LGA-S1805-20", "sp-magdeburg",
     "special=prussia at=Magdeburg | Blücher C 4/7; Rüchel B 3/1; Brunswick F 3/1; prussian infantry 3-3 x5; "
     "prussian cavalry 1-8 x1; prussian supply 0-2 x2; prussian depot 1-0 x1;"},
    {"1805", "LGA-S1805-21", "sp-berlin",
     "special=prussia at=Berlin | prussian infantry 3-3 x1; prussian supply 0-2 x1; prussian depot 1-0 x1;"},
    {"1805", "LGA-S1805-22", "sp-gottingen",
     "special=prussia at=Gottingen | prussian infantry 3-3 x3; prussian cavalry 1-8 x1; prussian supply 0-2 x2; "
     "prussian depot 1-0 x1;"},
    {"1805", "LGA-S1805-23", "sp-kustrin", "special=prussia at=Kustrin | Wurtemburg D 1/1; prussian infantry 3-3 x1;"},
    {"1805", "LGA-S1805-24", "sp-posen", "special=prussia at=Posen | prussian infantry 3-3 x1; prussian depot 1-0 x1;"},
    {"1805", "LGA-S1805-25", "sp-dresden", "special=prussia at=Dresden | saxon infantry 3-3 x1;"},
    {"1805", "LGA-S1805-25", "sp-leipzig", "special=prussia at=Leipzig | saxon infantry 3-3 x1;"},
    /* 1806 */
    {"1806", "LGA-S1806-03", "a-dresden",
     "setup at=Dresden | Hohenloe E 1/1; prussian infantry 3-3 x5; prussian cavalry 1-8 x3; prussian supply 0-2 "
     "x2;"},
    {"1806", "LGA-S1806-04", "a-leipzig",
     "setup at=Leipzig within=3 | Kalkreuth G 3/4; Brunswick F 3/1; prussian infantry 3-3 x6; prussian cavalry "
     "1-8 x3; prussian supply 0-2 x2;"},
    {"1806", "LGA-S1806-05", "a-gottingen",
     "setup at=Gottingen within=3 | Blücher C 4/7; Rüchel B 3/1; prussian infantry 3-3 x2; prussian cavalry 1-8 "
     "x3; prussian supply 0-2 x2;"},
    {"1806", "LGA-S1806-06", "a-magdeburg", "setup at=Magdeburg | prussian depot 1-0 x1;"},
    {"1806", "LGA-S1806-07", "a-berlin",
     "setup at=Berlin | Wurtemburg D 1/1; prussian infantry 3-3 x2; prussian depot 1-0 x1;"},
    {"1806", "LGA-S1806-08", "a-stettin", "setup at=Stettin | prussian infantry 3-3 x1;"},
    {"1806", "LGA-S1806-08", "a-glogau", "setup at=Glogau | prussian infantry 3-3 x1;"},
    {"1806", "LGA-S1806-08", "a-breslau", "setup at=Breslau | prussian infantry 3-3 x1;"},
    {"1806", "LGA-S1806-09", "a-posen",
     "setup at=Posen | Lestocq A 1/4; prussian infantry 3-3 x2; prussian cavalry 1-8 x1; prussian supply 0-2 x2;"},
    {"1806", "LGA-S1806-10", "a-thorn", "setup at=Thorn | prussian infantry 3-3 x1;"},
    {"1806", "LGA-S1806-11", "f-koln", "setup at=Koln within=1 | french infantry 2-5 x1;"},
    {"1806", "LGA-S1806-12", "f-mainz",
     "setup at=Mainz within=1 | Lefebvre G 7/9; french infantry 2-5 x1; french cavalry 1-8 x1; french supply 0-4 "
     "x2;"},
    {"1806", "LGA-S1806-13", "f-frankfurt",
     "setup at=Frankfurt within=1 | Augureau B 9/13; french infantry 2-5 x2; french cavalry 1-8 x1; french supply "
     "0-4 x1;"},
    {"1806", "LGA-S1806-14", "f-bamberg",
     "setup at=Bamberg within=1 | Davout E 13/16; french infantry 2-5 x3; french cavalry 1-8 x2;"},
    {"1806", "LGA-S1806-15", "f-wurzburg",
     "setup at=Wurzburg within=1 | Napoleon A 25/25; Lannes F 13/13; french infantry 2-5 x2; french cavalry 1-8 "
     "x1; french supply 0-4 x3; french depot 1-2 x2;"},
    {"1806", "LGA-S1806-16", "f-nuremburg",
     "setup at=Nuremburg within=1 | Bernadotte C 4/7; french infantry 2-5 x1; french cavalry 1-8 x1; french supply "
     "0-4 x1;"},
    {"1806", "LGA-S1806-17", "f-augsburg",
     "setup at=Augsburg within=1 | french infantry 2-5 x1; french cavalry 1-8 x1;"},
    {"1806", "LGA-S1806-18", "f-ansbach",
     "setup at=Ansbach within=1 | Ney N 9/16; Murat M 7/3; french infantry 2-5 x2; french cavalry 1-8 x2; french "
     "supply 0-4 x1;"},
    {"1806", "LGA-S1806-19", "f-landshut",
     "setup at=Landshut within=1 | Soult Q 13/13; french infantry 2-5 x3; french cavalry 1-8 x1; french supply 0-4 "
     "x1;"},
    {"1806", "LGA-S1806-23", "a2-russians",
     "turn=2 all=edge-e | russian supply 0-3 x1; russian cavalry 1-8 x2; russian infantry 4-4 x2;"},
    {"1806", "LGA-S1806-24", "a6-russians",
     "turn=6 all=edge-e | russian supply 0-3 x1; russian depot 1-2 x1; russian cavalry 1-8 x1; russian infantry "
     "4-4 x1; Bennigsen K 3/3;"},
    {"1806", "LGA-S1806-25", "a8-russians",
     "turn=8 all=edge-e | russian supply 0-3 x1; russian depot 1-2 x1; russian cavalry 1-8 x2; russian infantry "
     "4-4 x2; Buxhowden J 1/1;"},
    {"1806", "LGA-S1806-26", "f2-augsburg",
     "turn=2 at=Augsburg | Jerome T 3/3; french infantry 2-5 x2; french supply 0-4 x2;"},
    {"1806", "LGA-S1806-27", "f3-west",
     "turn=3 all=edge-w | Mortier L 4/7; french infantry 2-5 x1; french cavalry 1-8 x1; french supply 0-4 x1;"},
    {"1806", "LGA-S1806-28", "f5-strasburg", "turn=5 at=Strasburg | french infantry 2-5 x1;"},
    {"1806", "LGA-S1806-28", "f6-strasburg", "turn=6 at=Strasburg | french infantry 2-5 x1;"},
    {"1806", "LGA-S1806-28", "f7-strasburg", "turn=7 at=Strasburg | french infantry 2-5 x1;"},
    {"1806", "LGA-S1806-28", "f8-strasburg", "turn=8 at=Strasburg | french infantry 2-5 x1;"},
    {"1806", "LGA-S1806-28", "f9-strasburg", "turn=9 at=Strasburg | french infantry 2-5 x1;"},
    /* 1809 */
    {"1809", "LGA-S1809-02", "a-salzburg",
     "setup at=Salzburg within=2 | Kienmaier P 3/7; Hiller V 3/5; Louis U 1/3; austrian infantry 2-5 x5; austrian "
     "cavalry 1-6 x3; austrian supply 0-3 x3;"},
    {"1809", "LGA-S1809-03", "a-prague",
     "setup at=Prague within=6 | Bellegarde S 5/2; austrian infantry 2-5 x5; austrian cavalry 1-6 x1; austrian "
     "supply 0-3 x2;"},
    {"1809", "LGA-S1809-04", "a-linz",
     "setup at=Linz within=4 | Charles R 3/7; Lichtenstein Y 3/5; Hohenzollern T 1/3; Rosenburg X 1/3; austrian "
     "infantry 2-5 x5; austrian cavalry 1-6 x1; austrian supply 0-3 x1;"},
    {"1809", "LGA-S1809-05", "a-austerlitz",
     "setup at=Austerlitz within=6 | Ferdinand W 1/3; austrian infantry 2-5 x2; austrian cavalry 1-6 x1;"},
    {"1809", "LGA-S1809-06", "f-stuttgart", "setup at=Stuttgart within=1 | Vandamme U 4/4; french infantry 2-5 x1;"},
    {"1809", "LGA-S1809-07", "f-ulm",
     "setup at=Ulm within=1 | Massena K 3/7; french infantry 2-5 x3; french cavalry 1-8 x1; french supply 0-4 x1;"},
    {"1809", "LGA-S1809-08", "f-donauworth", "setup at=Donauworth within=1 | french depot 1-2 x1;"},
    {"1809", "LGA-S1809-09", "f-augsburg",
     "setup at=Augsburg within=1 | Oudinot R 1/3; french infantry 2-5 x2; french cavalry 1-8 x1; french supply 0-4 "
     "x1;"},
    {"1809", "LGA-S1809-10", "f-landshut", "setup at=Landshut within=1 | french infantry 2-5 x1;"},
    {"1809", "LGA-S1809-10", "f-straubing", "setup at=Straubing within=1 | french infantry 2-5 x1;"},
    {"1809", "LGA-S1809-11", "f-munich", "setup at=Munich within=1 | Lefebvre G 7/9; french infantry 2-5 x1;"},
    {"1809", "LGA-S1809-12", "f-ratisbon",
     "setup at=Ratisbon within=1 | Davout E 13/16; Bessières D 4/4; french infantry 2-5 x5; french cavalry 1-8 x1; "
     "french supply 0-4 x2;"},
    {"1809", "LGA-S1809-13", "f-posen",
     "setup at=Posen within=1 | Poniatowski P 9/13; french infantry 2-5 x1; french cavalry 1-8 x1; french supply "
     "0-4 x1;"},
    {"1809", "LGA-S1809-16", "sa-vienna", "special=austria at=Vienna | austrian infantry 2-5 x6;"},
    {"1809", "LGA-S1809-16", "sa-john",
     "special=austria all=austria,edge-s | John Q 1/1; austrian infantry 2-5 x4; austrian cavalry 1-6 x2;"},
    {"1809", "LGA-S1809-18", "a7", "turn=7 at=Prague,Vienna | austrian supply 0-3 x1; austrian infantry 2-5 x1;"},
    {"1809", "LGA-S1809-19", "f2-donauworth",
     "turn=2 at=Donauworth | Napoleon A 25/25; Mortier L 4/7; french infantry 2-5 x2;"},
    {"1809", "LGA-S1809-19", "f2-strasburg", "turn=2 at=Strasburg | french infantry 2-5 x2; french cavalry 1-8 x1;"},
    {"1809", "LGA-S1809-20", "f3-donauworth",
     "turn=3 at=Donauworth | french infantry 2-5 x1; french cavalry 1-8 x1;"},
    {"1809", "LGA-S1809-21", "f4-strasburg", "turn=4 at=Strasburg | french infantry 2-5 x2;"},
    {"1809", "LGA-S1809-21", "f4-thorn", "turn=4 at=Thorn | french cavalry 1-8 x1;"},
    {"1809", "LGA-S1809-22", "f8-mainz", "turn=8 at=Mainz | Junot V 1/3; french infantry 2-5 x1;"},
    {"1809", "LGA-S1809-22", "f8-south",
     "turn=8 all=edge-s none=austria | Marmont J 9/9; Eugène S 4/9; MacDonald H 4/7; french infantry 2-5 x3; "
     "french cavalry 1-8 x1;"},
    {"1809", "LGA-S1809-23", "f9-north", "turn=9 all=edge-n | Jerome T 3/3; french infantry 2-5 x2;"},
    {"1809", "LGA-S1809-24", "f11-mainz", "turn=11 at=Mainz | french infantry 2-5 x2;"},
};

START_TEST(scen_chart_boxes)
{
    lga_scenario *s = load_builtin(boxes[_i].scen);
    char got[1024];
    describe_group(s, group(s, boxes[_i].group), got, sizeof got);
    ck_assert_msg(strcmp(got, boxes[_i].want) == 0, "%s %s:\n got  '%s'\n want '%s'", boxes[_i].item,
                  boxes[_i].group, got, boxes[_i].want);
    wg__lga_scenario_free(g_ctx, s);
}
END_TEST

/* LGA-SCEN-01, LGA-SCEN-02: an "xN" box gives N units; a leader is unique (count 1); LGA-SCEN-03: the
   Allied side has setup groups (placed first) in every scenario; LGA-SCEN-05 is the engine's. */
START_TEST(scen_multipliers_and_leaders)
{
    static const char *const ids[3] = {"1805", "1806", "1809"};
    for (int k = 0; k < 3; k++) {
        lga_scenario *s = load_builtin(ids[k]);
        int allied_setup = 0, french_setup = 0;
        for (int i = 0; i < s->nspec; i++)
            if (s->spec[i].type == LGA_U_LEADER)
                ck_assert_int_eq(s->spec[i].count, 1);
        for (int i = 0; i < s->ngroup; i++) {
            int n = 0;
            for (int j = 0; j < s->group[i].nspec; j++)
                n += s->spec[s->group[i].first_spec + j].count;
            ck_assert_int_eq(wg__lga_group_units(s, i), n);
            if (s->group[i].when == LGA_W_SETUP && s->group[i].side == LGA_ALLIED)
                allied_setup++;
            if (s->group[i].when == LGA_W_SETUP && s->group[i].side == LGA_FRENCH)
                french_setup++;
        }
        ck_assert_int_gt(allied_setup, 0);
        ck_assert_int_gt(french_setup, 0);
        wg__lga_scenario_free(g_ctx, s);
    }
    /* LGA-SCEN-02: "2-5 x2" gives two units */
    lga_scenario *s = load_builtin("1806");
    const lga_group *g = group(s, "f-frankfurt");
    ck_assert_int_eq(s->spec[g->first_spec + 1].count, 2);
    ck_assert_int_eq(s->spec[g->first_spec + 1].strength, 2);
    ck_assert_int_eq(s->spec[g->first_spec + 1].ma, 5);
    wg__lga_scenario_free(g_ctx, s);
}
END_TEST

/* LGA-UNIT-09 (supply 0-x and depot 1-x by nationality), LGA-UNIT-10 (combat values by nationality and
   scenario), LGA-UNIT-05 LGA-UNIT-06 (sizes, types), LGA-PRUSSIAN-08 (Prussian 3-3, 1-8, 0-2, 1-0),
   LGA-S1809-28 / LGA-ADDENDA-01 (1809 Austrians: infantry 2-5, cavalry 1-6, supply 0-3). */
START_TEST(scen_unit_values)
{
    static const char *const ids[3] = {"1805", "1806", "1809"};
    for (int k = 0; k < 3; k++) {
        lga_scenario *s = load_builtin(ids[k]);
        check_common(s);
        for (int i = 0; i < s->nspec; i++) {
            const lga_unit_spec *u = &s->spec[i];
            int combat = u->type == LGA_U_INFANTRY || u->type == LGA_U_CAVALRY;
            ck_assert_int_eq(combat, u->size != LGA_SZ_NONE);
            if (u->nat == LGA_NAT_PRUSSIAN && u->type == LGA_U_DEPOT)
                ck_assert_int_eq(u->ma, 0);
            if (k == 2 && u->nat == LGA_NAT_AUSTRIAN && u->type == LGA_U_INFANTRY)
                ck_assert_int_eq(u->strength * 10 + u->ma, 25);
            if (k == 0 && u->nat == LGA_NAT_AUSTRIAN && u->type == LGA_U_INFANTRY)
                ck_assert_int_eq(u->strength * 10 + u->ma, 43);
            if (u->nat == LGA_NAT_AUSTRIAN && u->type == LGA_U_CAVALRY)
                ck_assert_int_eq(u->strength * 10 + u->ma, 16);
        }
        wg__lga_scenario_free(g_ctx, s);
    }
}
END_TEST

/* Scenario rule switches: LGA-PRUSSIAN-01 / LGA-ADDENDA-14 (Prussian rules in 1805 and 1806, no Prussians in
   1809), LGA-S1806-32, LGA-S1806-01 (Austria closed in 1806), LGA-SCEN-04 / LGA-ADDENDA-13 / LGA-S1806-20 /
   LGA-S1809-14 (named French setups within one hex; 1805 keeps three, LGA-GAP-71). */
START_TEST(scen_rule_switches)
{
    lga_scenario *a = load_builtin("1805"), *b = load_builtin("1806"), *c = load_builtin("1809");
    ck_assert(a->rules & LGA_R_PRUSSIAN);
    ck_assert(b->rules & LGA_R_PRUSSIAN);
    ck_assert(!(c->rules & LGA_R_PRUSSIAN));
    ck_assert(b->rules & LGA_R_AUSTRIA_CLOSED);
    ck_assert(!(a->rules & LGA_R_AUSTRIA_CLOSED));
    ck_assert(!(c->rules & LGA_R_AUSTRIA_CLOSED));
    ck_assert(c->rules & LGA_R_AUSTRIAN_1809);
    ck_assert(a->rules & LGA_R_AUSTRIAN_1805);
    ck_assert_int_eq(a->french_setup_radius, 1);
    ck_assert_int_eq(b->french_setup_radius, 1);
    ck_assert_int_eq(c->french_setup_radius, 1);
    const lga_scenario *all[2] = {b, c};
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < all[k]->ngroup; i++) {
            const lga_group *g = &all[k]->group[i];
            if (g->side == LGA_FRENCH && g->when == LGA_W_SETUP)
                ck_assert_int_eq(g->place.radius, 1);
        }
    ck_assert_int_eq(group(a, "f-setup")->place.radius, 3);
    /* LGA-S1806-01: no Austrian units in 1806; a French setup hex may not be in Austria there */
    for (int i = 0; i < b->nspec; i++)
        ck_assert_int_ne(b->spec[i].nat, LGA_NAT_AUSTRIAN);
    wg__lga_scenario_free(g_ctx, a);
    wg__lga_scenario_free(g_ctx, b);
    wg__lga_scenario_free(g_ctx, c);
}
END_TEST

/* LGA-VP-04: French besiege Vienna +15, capture it: +15 more to the full +30 (1805 VP table); LGA-S1805-27
   (+1 per strength point off the south edge); LGA-S1805-30 and LGA-SCEN-06 (the track starts at game-turn 1);
   LGA-VP-05 (levels per scenario). */
START_TEST(scen_vp_and_track)
{
    lga_scenario *s = load_builtin("1805");
    const lga_vp *v = vp_place(s, "Vienna");
    ck_assert_int_eq(v->siege, 15);
    ck_assert_int_eq(v->control - v->siege, 15);
    ck_assert_int_eq(vp_kind(s, LGA_VP_EXIT_SOUTH)->control, 1);
    static const char *const dates[8] = {"", "Early September", "Mid September", "Late September", "Early October",
                                         "Mid October", "Late October", "Early November"};
    for (int t = 1; t <= 7; t++)
        ck_assert_str_eq(s->turn[t].date, dates[t]);
    ck_assert_str_eq(s->turn[0].date, "");
    ck_assert_int_eq(s->nlevel, 6);
    wg__lga_scenario_free(g_ctx, s);
    s = load_builtin("1806");
    ck_assert_int_eq(s->nlevel, 5);
    ck_assert_ptr_null(vp_kind(s, LGA_VP_EXIT_SOUTH));
    ck_assert_ptr_null(vp_kind(s, LGA_VP_LINE_A));
    wg__lga_scenario_free(g_ctx, s);
}
END_TEST

START_TEST(scen_unknown_id)
{
    lga_scenario *s = NULL;
    ck_assert_int_eq(wg__lga_scenario_builtin(&s, g_ctx, g_map, "1812"), WG_ENOTFOUND);
    ck_assert_ptr_null(s);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(g_ctx), "1812"));
    ck_assert_int_eq(wg__lga_scenario_builtin(&s, g_ctx, g_map, NULL), WG_EINVAL);
    ck_assert_int_eq(wg__lga_scenario_load(&s, g_ctx, NULL, "x", 1, "f"), WG_EINVAL);
}
END_TEST

/* The scenario files in the source tree are the ones embedded. */
START_TEST(scen_files_match_embedded)
{
    static const char *const ids[3] = {"1805", "1806", "1809"};
    for (int i = 0; i < 3; i++) {
        char path[64];
        snprintf(path, sizeof path, "data/lga/%s.wgd", ids[i]);
        size_t len = 0;
        char *buf = wgt_read_source_file(path, &len);
        lga_scenario *a = NULL, *b = load_builtin(ids[i]);
        ck_assert_int_eq(wg__lga_scenario_load(&a, g_ctx, g_map, buf, len, path), WG_OK);
        ck_assert_int_eq(memcmp(a, b, sizeof *a), 0);
        wg__lga_scenario_free(g_ctx, a);
        wg__lga_scenario_free(g_ctx, b);
        free(buf);
    }
}
END_TEST

/* ---- malformed scenario documents: errors name the file and line, nothing is allocated ---- */

static const char base_head[] = "wgdata 1 lga-scenario\n"
                                "scenario t \"Test\"\n"
                                "turns 2\n"
                                "track 1 \"One\"\n"
                                "track 2 \"Two\"\n"
                                "level - - draw\n";

static const struct {
    const char *body; /* appended to base_head (line 7 onwards) */
    const char *msg;  /* expected substring */
} bad_docs[] = {
    {"group g allied setup at=Vienna\nunit austrian infantry corps 4-3 x1\nbogus 1\n",
     "t.wgd:9: unknown record 'bogus'"},
    {"group g allied setup at=Nowhere\nunit austrian infantry corps 4-3 x1\n",
     "t.wgd:7: unknown place \"Nowhere\" (not on the map)"},
    {"group g allied turn=3 at=Vienna\nunit austrian infantry corps 4-3 x1\n",
     "t.wgd:7: group 'g' arrives on game-turn 3, after the last game-turn 2"},
    {"unit austrian infantry corps 4-3 x1\n", "t.wgd:7: 'unit' before any group"},
    {"group g allied setup at=Vienna\nunit french infantry division 2-5 x1\n",
     "t.wgd:8: a french unit in Allied group 'g'"},
    {"group g allied setup at=Vienna\nunit austrian infantry corps 4-3 y1\n", "t.wgd:8: expected a count 'xN'"},
    {"group g allied setup at=Vienna\nunit austrian infantry corps 4+3 x1\n", "t.wgd:8: expected values 'S-M'"},
    {"group g allied setup at=Vienna\nunit austrian supply - 1-3 x1\n", "t.wgd:8: a Supply unit has Combat Strength 0"},
    {"group g allied setup at=Vienna\nunit austrian infantry - 4-3 x1\n", "t.wgd:8: combat units have a size"},
    {"group g allied setup at=Vienna\nleader austrian z \"Mack\" 4/7 (1)-8\n", "t.wgd:8: a leader's ID letter"},
    {"group g allied setup at=Vienna\nleader austrian Z \"Mack\" 4/7 (1)-8\nleader austrian Z \"Other\" 1/1 (1)-8\n",
     "t.wgd:9: leader Other (Z) clashes with Mack (Z) on line 8"},
    {"group g allied setup at=Vienna\nleader austrian Z \"Mack\" 47 (1)-8\n", "t.wgd:8: expected bonuses 'OFF/DEF'"},
    {"group g allied setup\n", "t.wgd:7: group 'g' has no placement"},
    {"group g allied\n", "t.wgd:7: expected 'group ID SIDE WHEN"},
    {"group g allied setup at=Vienna,\nunit austrian depot - 1-2 x1\n", "t.wgd:7: empty place name"},
    {"group g allied setup at=Vienna,Prague,Linz,Ulm,Munich\nunit austrian depot - 1-2 x1\n",
     "t.wgd:7: more than 4 places in one placement rule"},
    {"group g allied setup at=Vienna within=x\nunit austrian depot - 1-2 x1\n",
     "t.wgd:7: radius must be an integer in 0..100, not 'x'"},
    {"group g allied setup at=Vienna blue\nunit austrian depot - 1-2 x1\n", "t.wgd:7: unknown group field 'blue'"},
    {"group g allied setup at=Vienna\nunit austrian depot - 1-2 x1\ngroup g allied setup at=Vienna\n",
     "t.wgd:9: group 'g' is declared twice (line 7)"},
    {"group g allied setup at=Vienna\nunit austrian depot - 1-2 x1\nspecial s allied arrive=soon vp-below=A\n",
     "t.wgd:9: unknown arrival 'soon'"},
    {"group g allied setup at=Vienna\nunit austrian depot - 1-2 x1\nspecial s allied arrive=next near=Vienna\n",
     "t.wgd:9: near takes PLACE:RADIUS"},
    {"group g allied setup at=Vienna\nunit austrian depot - 1-2 x1\nvp line-c 5\n",
     "t.wgd:9: unknown VP award 'line-c'"},
    {"group g allied setup at=Vienna\nunit austrian depot - 1-2 x1\nvp place Nuremburg 5 -\ncontrol Nuremburg allied\n"
     "control Nuremburg french\n", "t.wgd:11: Nuremburg has two initial controllers"},
    {"group g allied setup at=Vienna\nunit austrian depot - 1-2 x1\nlevel 5 9 victory\n",
     "t.wgd:9: unknown victory level 'victory'"},
    {"group g allied setup at=Vienna\nunit austrian depot - 1-2 x1\nleader austrian Q \"John\" 1/1 1-8\n",
     "t.wgd:9: expected values '(S)-M'"},
    {"group g allied setup at=Vienna\ngroup h allied setup at=Vienna\nunit austrian depot - 1-2 x1\n",
     "t.wgd:8: group 'g' has no units"},
    {"group g allied special=x at=Vienna\nunit austrian depot - 1-2 x1\n",
     "t.wgd:7: special=x names no special declared before"},
    {"group g allied setup all=narnia\nunit austrian depot - 1-2 x1\n", "t.wgd:7: unknown map flag 'narnia'"},
    {"group g allied setup all=edge-n,edge-s\nunit austrian depot - 1-2 x1\n",
     "t.wgd:7: group 'g': no hex of the map satisfies its placement"},
    {"group g allied setup within=2\nunit austrian depot - 1-2 x1\n", "t.wgd:7: group 'g' has no placement"},
    {"group g allied setup at=Vienna\nunit austrian depot - 1-2 x1\nvp place Linz 5 2\n",
     "t.wgd:9: Linz has a siege value but is not a Fortress on the map (LGA-GAP-02)"},
    {"group g allied setup at=Vienna\nunit austrian depot - 1-2 x1\nvp place Vienna 5 2\nvp place Vienna 5 2\n",
     "t.wgd:10: Vienna has VP twice"},
    {"group g allied setup at=Vienna\nunit austrian depot - 1-2 x1\nlevel 10 - draw\n",
     "t.wgd:9: victory levels must run downwards"},
    {"group g allied setup at=Vienna\nunit austrian depot - 1-2 x1\nspecial s allied arrive=next\n",
     "t.wgd:9: special 's' has no trigger"},
    {"group g allied setup at=Vienna\nunit austrian depot - 1-2 x1\nspecial s allied arrive=next vp-below=A\n"
     "group h allied special=s at=Vienna\nunit austrian depot - 1-2 x1\n",
     "t.wgd:9: special 's' triggers on a track value the track never prints"},
    {"group g allied setup at=Vienna\nunit austrian depot - 1-2 x1\nspecial s allied arrive=next near=Vienna:12\n",
     "t.wgd:9: special 's' has no group"},
    {"group g allied setup at=Vienna\nunit austrian depot - 1-2 x1\ntrack 2 \"Again\"\n",
     "t.wgd:9: game-turn 2 is already on the track"},
    {"group g allied setup at=Vienna\nunit austrian depot - 1-2 x1\ntrack 3 \"Three\"\n",
     "t.wgd:9: game-turn 3 is beyond the game length 2"},
    {"group g allied setup at=Vienna\nunit austrian depot - 1-2 x1\ncontrol Vienna prussian\n",
     "t.wgd:9: unknown side 'prussian'"},
    {"group g allied setup at=Vienna\nunit austrian depot - 1-2 x1\nrules austrian-1805 austrian-1809\n",
     "t.wgd:9: austrian-1805 and austrian-1809 exclude each other"},
    {"group g allied setup at=Vienna\nunit austrian depot - 1-2 x1\nturns 3\n", "t.wgd:9: a second 'turns' record"},
    {"group g allied setup at=Vienna\nunit austrian infantry corps 40-3 x1\n",
     "t.wgd:8: Combat Strength must be an integer in 0..18"},
};

START_TEST(scen_malformed)
{
    char doc[1024];
    snprintf(doc, sizeof doc, "%s%s", base_head, bad_docs[_i].body);
    lga_scenario *s = NULL;
    size_t before = 0, after = 0;
    wg_ctx_memory_in_use(&before, g_ctx);
    int rc = wg__lga_scenario_load(&s, g_ctx, g_map, doc, strlen(doc), "t.wgd");
    wg_ctx_memory_in_use(&after, g_ctx);
    ck_assert_int_eq(rc, WG_EPARSE);
    ck_assert_ptr_null(s);
    ck_assert_uint_eq(before, after);
    ck_assert_msg(strstr(wg_ctx_errmsg(g_ctx), bad_docs[_i].msg) != NULL, "case %d: got '%s', want '%s'", _i,
                  wg_ctx_errmsg(g_ctx), bad_docs[_i].msg);
}
END_TEST

/* The smallest valid document, and document-level errors. */
START_TEST(scen_minimal_and_global_errors)
{
    char doc[1024];
    lga_scenario *s = NULL;
    snprintf(doc, sizeof doc, "%sgroup g allied setup at=Vienna\nunit austrian depot - 1-2 x2\n", base_head);
    ck_assert_int_eq(wg__lga_scenario_load(&s, g_ctx, g_map, doc, strlen(doc), "t.wgd"), WG_OK);
    ck_assert_int_eq(s->ngroup, 1);
    ck_assert_int_eq(wg__lga_group_units(s, 0), 2);
    ck_assert_int_eq(wg__lga_group_units(s, 1), 0);
    ck_assert_int_eq(wg__lga_level_of(s, 12345), LGA_LV_DRAW);
    ck_assert_int_eq(s->group[0].place.nplace, 1);
    ck_assert(!wg__lga_place_ok(g_map, &s->group[0].place, -1));
    ck_assert(!wg__lga_place_ok(NULL, &s->group[0].place, 0));
    ck_assert_int_eq(wg__lga_level_of(s, INT32_MIN), LGA_LV_DRAW);
    wg__lga_scenario_free(g_ctx, s);
    s = NULL;
    /* wrong kind, missing records */
    static const char wrong_kind[] = "wgdata 1 map\ngrid hex 2 2 odd-q\n";
    ck_assert_int_eq(wg__lga_scenario_load(&s, g_ctx, g_map, wrong_kind, strlen(wrong_kind), "k.wgd"), WG_EPARSE);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(g_ctx), "k.wgd: "));
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(g_ctx), "lga-scenario"));
    static const char no_track[] = "wgdata 1 lga-scenario\nscenario t T\nturns 2\ntrack 1 One\nlevel - - draw\n"
                                   "group g allied setup at=Vienna\nunit austrian depot - 1-2 x1\n";
    ck_assert_int_eq(wg__lga_scenario_load(&s, g_ctx, g_map, no_track, strlen(no_track), "n.wgd"), WG_EPARSE);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(g_ctx), "game-turn 2 of 2 has no 'track' record"));
    static const char no_scen[] = "wgdata 1 lga-scenario\nturns 1\ntrack 1 One\nlevel - - draw\n"
                                  "group g allied setup at=Vienna\nunit austrian depot - 1-2 x1\n";
    ck_assert_int_eq(wg__lga_scenario_load(&s, g_ctx, g_map, no_scen, strlen(no_scen), "n.wgd"), WG_EPARSE);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(g_ctx), "no 'scenario' record"));
    static const char open_below[] = "wgdata 1 lga-scenario\nscenario t T\nturns 1\ntrack 1 One\nlevel - 5 draw\n"
                                     "group g allied setup at=Vienna\nunit austrian depot - 1-2 x1\n";
    ck_assert_int_eq(wg__lga_scenario_load(&s, g_ctx, g_map, open_below, strlen(open_below), "o.wgd"), WG_EPARSE);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(g_ctx), "o.wgd:5: the first victory level must be open above"));
    static const char syntax[] = "wgdata 1 lga-scenario\nscenario \"t\n";
    ck_assert_int_eq(wg__lga_scenario_load(&s, g_ctx, g_map, syntax, strlen(syntax), "q.wgd"), WG_EPARSE);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(g_ctx), "q.wgd: "));
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(g_ctx), "line 2"));
    ck_assert_ptr_null(s);
}
END_TEST

/* OOM injection: loading a scenario fails cleanly at every allocation, then succeeds. */
START_TEST(scen_oom)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    int ok = 0;
    for (uint64_t n = 1; n < 200 && !ok; n++) {
        size_t bytes = a.bytes;
        lga_scenario *s = NULL;
        a.fail_at = a.calls + n;
        int rc = wg__lga_scenario_builtin(&s, ctx, g_map, "1805");
        a.fail_at = 0;
        if (rc == WG_OK) {
            ok = 1;
            wg__lga_scenario_free(ctx, s);
        } else {
            ck_assert_int_eq(rc, WG_ENOMEM);
            ck_assert_ptr_null(s);
            ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "1805.wgd"));
        }
        ck_assert_uint_eq(a.bytes, bytes);
    }
    ck_assert(ok);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
}
END_TEST

/* OOM injection on the map loader. */
START_TEST(map_oom)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    int ok = 0;
    for (uint64_t n = 1; n < 400 && !ok; n++) {
        size_t bytes = a.bytes;
        wg_map *m = NULL;
        a.fail_at = a.calls + n;
        int rc = wg__lga_map_builtin(&m, ctx);
        a.fail_at = 0;
        if (rc == WG_OK) {
            ok = 1;
            wg_map_free(m);
        } else {
            ck_assert_int_eq(rc, WG_ENOMEM);
            ck_assert_ptr_null(m);
        }
        ck_assert_uint_eq(a.bytes, bytes);
    }
    ck_assert(ok);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* ---- CRT completion (LGA-GAP-04, LGA-CRT-*) ---- */

static int crt_printed(int row, int col) /* checklist 3.2: row 1 complete, row 2 first five columns */
{
    return row == 0 || (row == 1 && col < 5);
}

START_TEST(crt_completion_only_unprinted)
{
    const char *buf = NULL;
    size_t len = 0;
    wg__lga_crt_completion(&buf, &len);
    ck_assert_ptr_nonnull(buf);
    ck_assert_uint_gt(len, 100);
    ck_assert_ptr_nonnull(strstr(buf, "NOT THE PRINTED TABLE"));
    ck_assert_ptr_nonnull(strstr(buf, "Method"));
    /* a table like the built-in one: rows 1..6, the 11 odds columns, row 1 and part of row 2 printed */
    static const char *const cols[11] = {"<80%",     "80-99%",   "100-109%", "110-119%", "120-139%", "140-159%",
                                         "160-179%", "180-199%", "200-299%", "300-399%", ">=400%"};
    static const char *const row1[11] = {"Ars", "Ars", "Ars", "Ar1 Drs", "Dr1", "Drs",
                                         "Drs", "Drs", "Drs", "\xc2\xbd" "ex", "De"};
    static const char *const row2[5] = {"Ars", "Ars", "Ar1 Drs", "Ar1 Drs", "Dr2"};
    wg_table *t = NULL;
    ck_assert_int_eq(wg_table_new(&t, g_ctx, "crt", 6, 11), WG_OK);
    for (int r = 0; r < 6; r++) {
        char lab[2] = {(char)('1' + r), 0};
        ck_assert_int_eq(wg_table_set_row_label(t, r, lab), WG_OK);
    }
    for (int c = 0; c < 11; c++) {
        int code = 0;
        ck_assert_int_eq(wg_table_set_col_label(t, c, cols[c]), WG_OK);
        ck_assert_int_eq(wg_table_code(&code, t, row1[c]), WG_OK);
        ck_assert_int_eq(wg__table_set_printed(t, 0, c, code), WG_OK);
        if (c < 5) {
            ck_assert_int_eq(wg_table_code(&code, t, row2[c]), WG_OK);
            ck_assert_int_eq(wg__table_set_printed(t, 1, c, code), WG_OK);
        }
    }
    int code = 0;
    ck_assert_int_eq(wg_table_lookup(&code, t, 2, 0), WG_ETABLEGAP);
    int rc = wg_table_supply(t, buf, len);
    ck_assert_msg(rc == WG_OK, "supply: %s", wg_table_errmsg(t));
    /* every cell is now filled; printed cells are untouched and still printed */
    for (int r = 0; r < 6; r++)
        for (int c = 0; c < 11; c++) {
            int src = -1;
            ck_assert_int_eq(wg_table_source(&src, t, r, c), WG_OK);
            ck_assert_int_eq(src, crt_printed(r, c) ? WG_CELL_PRINTED : WG_CELL_SUPPLIED);
            ck_assert_int_eq(wg_table_lookup(&code, t, r, c), WG_OK);
        }
    /* monotone for the attacker along rows and down columns */
    static const char *const ladder[10] = {"Ae", "Ars", "Ar2", "Ar1", "Ar1 Drs", "Dr1", "Dr2", "Drs",
                                           "\xc2\xbd" "ex", "De"};
    int rank[6][11];
    for (int r = 0; r < 6; r++)
        for (int c = 0; c < 11; c++) {
            const char *name = NULL;
            wg_table_lookup(&code, t, r, c);
            ck_assert_int_eq(wg_table_code_name(&name, t, code), WG_OK);
            rank[r][c] = -1;
            for (int k = 0; k < 10; k++)
                if (strcmp(ladder[k], name) == 0)
                    rank[r][c] = k;
            ck_assert_msg(rank[r][c] >= 0, "unknown result %s", name);
            if (c > 0)
                ck_assert_int_ge(rank[r][c], rank[r][c - 1]);
            if (r > 0)
                ck_assert_int_ge(rank[r][c], rank[r - 1][c]);
        }
    /* the documented method: die d in column c reads row 1 at column c + d - 1 (De beyond the last) */
    ck_assert_int_eq(rank[2][0], 1);  /* 3, <80%: row 1 at 100-109% = Ars */
    ck_assert_int_eq(rank[5][10], 9); /* 6, >=400%: De */
    ck_assert_int_eq(rank[1][5], 7);  /* 2, 140-159%: Drs */
    wg_table_free(t);
}
END_TEST

/* The completion never overrides a printed cell: a table whose printed cells differ refuses it. */
START_TEST(crt_completion_refuses_printed_cells)
{
    const char *buf = NULL;
    size_t len = 0;
    wg__lga_crt_completion(&buf, &len);
    static const char *const cols[11] = {"<80%",     "80-99%",   "100-109%", "110-119%", "120-139%", "140-159%",
                                         "160-179%", "180-199%", "200-299%", "300-399%", ">=400%"};
    wg_table *t = NULL;
    ck_assert_int_eq(wg_table_new(&t, g_ctx, "crt", 6, 11), WG_OK);
    for (int r = 0; r < 6; r++) {
        char lab[2] = {(char)('1' + r), 0};
        wg_table_set_row_label(t, r, lab);
    }
    for (int c = 0; c < 11; c++)
        wg_table_set_col_label(t, c, cols[c]);
    int code = 0;
    wg_table_code(&code, t, "Ae");
    ck_assert_int_eq(wg__table_set_printed(t, 5, 10, code), WG_OK); /* pretend 6 / >=400% were printed as Ae */
    ck_assert_int_eq(wg_table_supply(t, buf, len), WG_EILLEGAL);
    int src = -1;
    wg_table_source(&src, t, 2, 0);
    ck_assert_int_eq(src, WG_CELL_GAP); /* all or nothing */
    wg_table_free(t);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("lga_data");
    TCase *m = tcase_create("map");
    tcase_add_checked_fixture(m, setup_map, teardown_map);
    tcase_add_test(m, map_vocabulary_and_size);
    tcase_add_test(m, map_named_places);
    tcase_add_test(m, map_fortress_or_city);
    tcase_add_test(m, map_distances);
    tcase_add_test(m, map_regions);
    tcase_add_test(m, map_edges);
    tcase_add_test(m, map_lines);
    tcase_add_test(m, map_river_towns_bridged);
    tcase_add_test(m, map_rivers_are_barriers);
    tcase_add_test(m, map_mountains_and_passes);
    tcase_add_test(m, map_public_loader_agrees);
    tcase_add_test(m, map_host_vocabulary_checked);
    tcase_add_test(m, map_oom);
    suite_add_tcase(s, m);
    TCase *c = tcase_create("scenarios");
    tcase_add_checked_fixture(c, setup_map, teardown_map);
    tcase_add_test(c, scen_1805);
    tcase_add_test(c, scen_1805_placement);
    tcase_add_test(c, scen_1806);
    tcase_add_test(c, scen_1809);
    tcase_add_test(c, scen_unknown_id);
    tcase_add_loop_test(c, scen_chart_boxes, 0, (int)(sizeof boxes / sizeof boxes[0]));
    tcase_add_test(c, scen_multipliers_and_leaders);
    tcase_add_test(c, scen_unit_values);
    tcase_add_test(c, scen_rule_switches);
    tcase_add_test(c, scen_vp_and_track);
    tcase_add_test(c, scen_files_match_embedded);
    tcase_add_loop_test(c, scen_malformed, 0, (int)(sizeof bad_docs / sizeof bad_docs[0]));
    tcase_add_test(c, scen_minimal_and_global_errors);
    tcase_add_test(c, scen_oom);
    suite_add_tcase(s, c);
    TCase *t = tcase_create("crt");
    tcase_add_checked_fixture(t, setup_map, teardown_map);
    tcase_add_test(t, crt_completion_only_unprinted);
    tcase_add_test(t, crt_completion_refuses_printed_cells);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

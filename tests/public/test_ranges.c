/* The documented ranges of every numeric field of every document format (doc/data-format-map.md
   "Ranges", doc/lga-data.md "Ranges of the numeric fields", doc/marechaux.md "Data"), through the
   public API: a document at the edge of a range sets up and plays; one past the edge is refused at
   set-up with the format's status and a message naming the field and the range.  The hostile values
   of the audit (a connection cost of INT_MAX, huge morale values) are refused at set-up, and a save
   cannot smuggle them in: a save of a game with an accepted document, patched to carry the hostile
   value with its CRC-32 recomputed, does not load. */
#include <limits.h>
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

/* Plays random-bot steps on a clone of g: the game must go on without an error. */
static void plays(wg_game *g, uint64_t max_steps)
{
    wg_game *c = NULL;
    ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
    uint64_t steps = 0;
    int rc = wg_game_playout(&steps, c, max_steps);
    ck_assert_msg(rc == WG_OK, "playout: %s: %s", wg_status_str(rc), wg_game_errmsg(c));
    ck_assert_uint_ge(steps, 1);
    wg_game_free(c);
}

/* One edited document: `from` is replaced by `to` in the bundled document of the slot. */
typedef struct edit {
    const char *ruleset, *scenario;
    const char *slot; /* "map", "pack" (marechaux) or "scenario" (lga) */
    const char *from;
    const char *ok;    /* the edge of the range: accepted */
    const char *bad;   /* one past the edge: refused */
    int status;        /* the status of the refusal */
    const char *field; /* the message names it */
    const char *range; /* ... and the range */
} edit;

static char *bundled(const char *ruleset, const char *scenario, const char *slot)
{
    char path[96];
    if (strcmp(ruleset, "marechaux") == 0)
        snprintf(path, sizeof path, "data/marechaux/%s%s.wgd", scenario, strcmp(slot, "map") == 0 ? "-map" : "");
    else
        snprintf(path, sizeof path, "data/lga/%s.wgd", strcmp(slot, "map") == 0 ? "europe-schematic" : scenario);
    return wgp_read_source(path, NULL);
}

/* Sets up a game whose document `slot` is the bundled one with `from` replaced by `to` (the other
   documents of a marechaux game are the bundled ones, supplied too). */
static int try_edit(wg_game **g, wg_ctx *ctx, const edit *e, const char *to)
{
    char *src = bundled(e->ruleset, e->scenario, e->slot);
    char *doc = wgp_replace(src, e->from, to);
    free(src);
    int rc;
    if (strcmp(e->ruleset, "marechaux") == 0) {
        const char *other = strcmp(e->slot, "map") == 0 ? "pack" : "map";
        char *o = bundled(e->ruleset, e->scenario, other);
        wgp_doc docs[] = {{e->slot, doc}, {other, o}, {NULL, NULL}};
        rc = wgp_try_new(g, ctx, e->ruleset, e->scenario, NULL, 7, docs);
        free(o);
    } else {
        wgp_doc docs[] = {{e->slot, doc}, {NULL, NULL}};
        rc = wgp_try_new(g, ctx, e->ruleset, e->scenario, NULL, 7, docs);
    }
    free(doc);
    return rc;
}

static void check_edit(const edit *e)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = NULL;
    int rc = try_edit(&g, ctx, e, e->ok);
    ck_assert_msg(rc == WG_OK, "%s %s: '%s' refused: %s: %s", e->ruleset, e->slot, e->ok, wg_status_str(rc),
                  wg_ctx_errmsg(ctx));
    plays(g, 300);
    wg_game_free(g);
    g = (wg_game *)ctx;
    rc = try_edit(&g, ctx, e, e->bad);
    ck_assert_msg(rc == e->status, "%s %s: '%s' gives %s, not %s: %s", e->ruleset, e->slot, e->bad,
                  wg_status_str(rc), wg_status_str(e->status), wg_ctx_errmsg(ctx));
    ck_assert_ptr_null(g);
    const char *msg = wg_ctx_errmsg(ctx);
    ck_assert_msg(strstr(msg, e->field) && strstr(msg, e->range), "'%s': message '%s' lacks '%s' or '%s'", e->bad,
                  msg, e->field, e->range);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}

#define M1808 "marechaux", "1808"
#define L1805 "lga", "1805"

static const edit marechaux_edits[] = {
    /* the map document (core map format) */
    {M1808, "map", "conn Peniche Obidos road 1", "conn Peniche Obidos road 9999", "conn Peniche Obidos road 10000",
     WG_EPARSE, "COST 10000", "0..9999"},
    {M1808, "map", "conn Peniche Obidos road 1", "conn Peniche Obidos road 0", "conn Peniche Obidos road -1",
     WG_EPARSE, "COST -1", "0..9999"},
    /* the pack: scenario record */
    {M1808, "pack", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 60 August 16 6 3 2 roll 0",
     "scenario 1808 61 August 16 6 3 2 roll 0", WG_EDATA, "number of turns 61", "1..60"},
    {M1808, "pack", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 1 August 16 6 3 2 roll 0",
     "scenario 1808 0 August 16 6 3 2 roll 0", WG_EDATA, "number of turns 0", "1..60"},
    {M1808, "pack", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 8 August 31 6 3 2 roll 0",
     "scenario 1808 8 August 32 6 3 2 roll 0", WG_EDATA, "first day of month 32", "1..31"},
    {M1808, "pack", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 8 August 16 99 3 2 roll 0",
     "scenario 1808 8 August 16 100 3 2 roll 0", WG_EDATA, "objective VP 100", "0..99"},
    {M1808, "pack", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 8 August 16 6 10 10 roll 0",
     "scenario 1808 8 August 16 6 11 2 roll 0", WG_EDATA, "AA decoys 11", "0..10"},
    {M1808, "pack", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 8 August 16 6 0 0 roll 0",
     "scenario 1808 8 August 16 6 3 -1 roll 0", WG_EDATA, "French decoys -1", "0..10"},
    {M1808, "pack", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 8 August 16 6 3 2 roll 60",
     "scenario 1808 8 August 16 6 3 2 roll 61", WG_EDATA, "first scoring exit turn 61", "0..60"},
    /* terrain table, fatigue mix */
    {M1808, "pack", "terrain town 1", "terrain town 9", "terrain town 10", WG_EDATA, "defensive value", "0..9"},
    {M1808, "pack", "fatigue 3 2", "fatigue 9 2", "fatigue 10 2", WG_EDATA, "fatigue marker value 10", "0..9"},
    {M1808, "pack", "fatigue 0 6", "fatigue 0 99", "fatigue 0 100", WG_EDATA, "fatigue marker count 100", "1..99"},
    {M1808, "pack", "fatigue 1 8\nfatigue 2 4\nfatigue 3 2", "fatigue 1 8\nfatigue 9 27\nfatigue 2 2",
     "fatigue 1 9\nfatigue 9 27\nfatigue 2 2", WG_EDATA, "total fatigue (sum of VALUE x COUNT) 256", "above 255"},
    /* units */
    {M1808, "pack", "unit AA inf 1st/2nd mp=6", "unit AA inf 1st/2nd mp=99", "unit AA inf 1st/2nd mp=100", WG_EDATA,
     "mp= 100", "0..99"},
    {M1808, "pack", "\"20th dragon\" mp=8 morale=4", "\"20th dragon\" mp=8 morale=9", "\"20th dragon\" mp=8 morale=10",
     WG_EDATA, "morale= 10", "0..9"},
    {M1808, "pack", "Wellesley sv=2", "Wellesley sv=9", "Wellesley sv=10", WG_EDATA, "sv= 10", "0..9"},
    {M1808, "pack", "Trant mp=6 boxes=2,2,3", "Trant mp=6 boxes=9,0,9", "Trant mp=6 boxes=9,10,9", WG_EDATA,
     "boxes= morale value 10", "0..9"},
    {M1808, "pack", "Trant mp=6 boxes=2,2,3", "Trant mp=6 boxes=1,1,1,1,1,1,1,1,1,1",
     "Trant mp=6 boxes=1,1,1,1,1,1,1,1,1,1,1", WG_EPARSE, "boxes=", "1 to 10"},
    {M1808, "pack", "garrison AA 2 3", "garrison AA 20 9", "garrison AA 21 3", WG_EDATA, "garrison counters 21",
     "0..20"},
    {M1808, "pack", "garrison AA 2 3", "garrison AA 0 0", "garrison AA 2 10", WG_EDATA, "garrison morale 10", "0..9"},
    /* events */
    {M1808, "pack", "event Rifles cp 1 0", "event Rifles cp 9 0", "event Rifles cp 10 0", WG_EDATA, "event value 10",
     "0..9"},
    {M1808, "pack", "event Burrard burrard 0 1", "event Burrard burrard 0 0", "event Burrard burrard 0 2", WG_EDATA,
     "event star 2", "0..1"},
    {M1808, "pack", "container AA Genie 1", "container AA Genie 50", "container AA Genie 51", WG_EDATA, "count 51",
     "1..50"},
    {M1808, "pack", "container AA Genie 1", "container AA Genie 49\nhand AA Genie 1",
     "container AA Genie 49\nhand AA Genie 2", WG_EDATA, "counters of event 'Genie'", "above 50"},
    /* melee rows */
    {M1808, "pack", "melee 99 ", "melee 99 ", "melee 100 ", WG_EDATA, "CP difference", "5..99"},
    {M1808, "pack", "melee 5 ", "melee 5 ", "melee 4 ", WG_EDATA, "CP difference", "5..99"},
};

/* The La Grande Armée scenario document (the map's ranges are the core's, tested below). */
static const edit lga_edits[] = {
    {L1805, "scenario", "setup-radius 1", "setup-radius 10", "setup-radius 11", WG_EPARSE, "setup radius", "0..10"},
    {L1805, "scenario", "unit austrian infantry corps 4-3 x4", "unit austrian infantry corps 18-3 x4",
     "unit austrian infantry corps 19-3 x4", WG_EPARSE, "Combat Strength", "0..18"},
    {L1805, "scenario", "unit austrian infantry corps 4-3 x4", "unit austrian infantry corps 4-8 x4",
     "unit austrian infantry corps 4-9 x4", WG_EPARSE, "Movement Allowance", "0..8"},
    {L1805, "scenario", "unit austrian infantry corps 4-3 x4", "unit austrian infantry corps 4-3 x1",
     "unit austrian infantry corps 4-3 x0", WG_EPARSE, "count", "1..64"},
    {L1805, "scenario", "unit austrian infantry corps 4-3 x4", "unit austrian infantry corps 4-3 x4",
     "unit austrian infantry corps 4-3 x65", WG_EPARSE, "count", "1..64"},
    {L1805, "scenario", "\"Napoleon\" 25/25", "\"Napoleon\" 99/0", "\"Napoleon\" 100/25", WG_EPARSE,
     "Offensive bonus", "0..99"},
    {L1805, "scenario", "\"Napoleon\" 25/25", "\"Napoleon\" 25/99", "\"Napoleon\" 25/100", WG_EPARSE,
     "Defensive bonus", "0..99"},
    {L1805, "scenario", "at=Nuremburg,Bamberg within=3", "at=Nuremburg,Bamberg within=100",
     "at=Nuremburg,Bamberg within=101", WG_EPARSE, "radius", "0..100"},
    {L1805, "scenario", "vp place Vienna 30 15", "vp place Vienna 1000 1000", "vp place Vienna 1001 15", WG_EPARSE,
     "control points", "0..1000"},
    {L1805, "scenario", "vp place Vienna 30 15", "vp place Vienna 0 0", "vp place Vienna 30 -1", WG_EPARSE,
     "siege points", "0..1000"},
    {L1805, "scenario", "vp exit-south 1", "vp exit-south 1000", "vp exit-south 1001", WG_EPARSE, "points",
     "0..1000"},
    {L1805, "scenario", "track 5 \"Mid October\" 15 0", "track 5 \"Mid October\" 1000 -1000",
     "track 5 \"Mid October\" 1001 0", WG_EPARSE, "threshold", "-1000..1000"},
    {L1805, "scenario", "track-default 15 15", "track-default -1000 1000", "track-default 15 -1001", WG_EPARSE,
     "P threshold", "-1000..1000"},
    {L1805, "scenario", "level 80 - french-decisive\nlevel 60 79", "level 100000 - french-decisive\nlevel 60 99999",
     "level 100001 - french-decisive\nlevel 60 100000", WG_EPARSE, "minimum", "-100000..100000"},
    {L1805, "scenario", "turns 12 unprinted", "turns 12 unprinted", "turns 17 unprinted", WG_EPARSE, "game length",
     "1..16"},
    {L1805, "scenario", "turns 12 unprinted", "turns 12 unprinted", "turns 0 unprinted", WG_EPARSE, "game length",
     "1..16"},
};

START_TEST(test_marechaux_ranges)
{
    check_edit(&marechaux_edits[_i]);
}
END_TEST

START_TEST(test_lga_ranges)
{
    check_edit(&lga_edits[_i]);
}
END_TEST

/* The hostile values of the audit are refused when the documents are supplied, with the field named. */
static void refused(const edit *e, const char *bad, int status, const char *field)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = NULL;
    int rc = try_edit(&g, ctx, e, bad);
    ck_assert_msg(rc == status, "'%s': %s: %s", bad, wg_status_str(rc), wg_ctx_errmsg(ctx));
    ck_assert_ptr_null(g);
    ck_assert_msg(strstr(wg_ctx_errmsg(ctx), field), "'%s': '%s' lacks '%s'", bad, wg_ctx_errmsg(ctx), field);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}

START_TEST(test_hostile_values_refused)
{
    const edit cost = marechaux_edits[0];
    refused(&cost, "conn Peniche Obidos road 2147483647", WG_EPARSE, "COST 2147483647");
    refused(&cost, "conn Peniche Obidos road 2147483646", WG_EPARSE, "COST 2147483646");
    refused(&cost, "conn Peniche Obidos road -2147483648", WG_EPARSE, "COST -2147483648");
    refused(&cost, "conn Peniche Obidos road 2147483648", WG_EPARSE, "COST 2147483648");
    refused(&cost, "conn Peniche Obidos road 9223372036854775807", WG_EPARSE, "COST 9223372036854775807");
    refused(&cost, "conn Peniche Obidos road 99999999999999999999999", WG_EPARSE, "is not an integer");
    const edit morale = marechaux_edits[14];
    refused(&morale, "\"20th dragon\" mp=8 morale=2147483647", WG_EDATA, "morale= 2147483647");
    refused(&morale, "\"20th dragon\" mp=8 morale=100000", WG_EDATA, "morale= 100000");
    refused(&morale, "\"20th dragon\" mp=8 morale=-2147483648", WG_EDATA, "out of range (0..9)");
    refused(&morale, "\"20th dragon\" mp=8 morale=999999999999999999999", WG_EPARSE, "not a number: morale=");
    const edit boxes = marechaux_edits[16];
    refused(&boxes, "Trant mp=6 boxes=2,99999999999,3", WG_EDATA, "boxes= morale value 99999999999");
    refused(&boxes, "Trant mp=6 boxes=2,2,", WG_EPARSE, "boxes=");
    refused(&boxes, "Trant mp=6 boxes=2,x,3", WG_EPARSE, "not a number: boxes= morale value 'x'");
    const edit sv = marechaux_edits[15];
    refused(&sv, "Wellesley sv=2147483647", WG_EDATA, "sv= 2147483647");
    const edit turns = lga_edits[14];
    refused(&turns, "turns 2147483647 unprinted", WG_EPARSE, "game length");
    refused(&turns, "turns 9223372036854775808 unprinted", WG_EPARSE, "game length");
}
END_TEST

/* ---- the core map format, through wg_map_load ---- */

static int load_map(wg_ctx *ctx, const char *text)
{
    wg_map *m = NULL;
    int rc = wg_map_load(&m, ctx, text, strlen(text));
    if (rc == WG_OK)
        wg_map_free(m);
    else
        ck_assert_ptr_null(m);
    return rc;
}

START_TEST(test_map_format_ranges)
{
    wg_ctx *ctx = new_ctx();
    const char *G = "wgdata 1 map\ngrid graph\nterrain t\nconntype c\nzone A t\nzone B t\n";
    char buf[512];
    snprintf(buf, sizeof buf, "%sconn A B c 9999\n", G);
    ck_assert_int_eq(load_map(ctx, buf), WG_OK);
    snprintf(buf, sizeof buf, "%sconn A B c 0\n", G);
    ck_assert_int_eq(load_map(ctx, buf), WG_OK);
    const char *bad[] = {"10000", "-1", "2147483647", "-2147483648", "2147483648", "9223372036854775807"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(buf, sizeof buf, "%sconn A B c %s\n", G, bad[i]);
        ck_assert_int_eq(load_map(ctx, buf), WG_EPARSE);
        ck_assert_msg(strstr(wg_ctx_errmsg(ctx), "line 7: 'conn' field COST") &&
                          strstr(wg_ctx_errmsg(ctx), "(0..9999)"),
                      "%s", wg_ctx_errmsg(ctx));
    }
    ck_assert_int_eq(load_map(ctx, "wgdata 1 map\ngrid hex 4096 1 odd-q\nterrain t\nhex 4095 0 t\n"), WG_OK);
    ck_assert_int_eq(load_map(ctx, "wgdata 1 map\ngrid hex 1 4096 odd-r\nterrain t\nhex 0 4095 t\n"), WG_OK);
    ck_assert_int_eq(load_map(ctx, "wgdata 1 map\ngrid hex 4097 1 odd-q\n"), WG_EPARSE);
    ck_assert_msg(strstr(wg_ctx_errmsg(ctx), "COLS 4097 is out of range (1..4096)"), "%s", wg_ctx_errmsg(ctx));
    ck_assert_int_eq(load_map(ctx, "wgdata 1 map\ngrid hex 1 0 odd-q\n"), WG_EPARSE);
    ck_assert_msg(strstr(wg_ctx_errmsg(ctx), "ROWS 0 is out of range (1..4096)"), "%s", wg_ctx_errmsg(ctx));
    ck_assert_int_eq(load_map(ctx, "wgdata 1 map\ngrid hex 2147483647 2147483647 odd-q\n"), WG_EPARSE);
    ck_assert_int_eq(load_map(ctx, "wgdata 1 map\ngrid hex 3 3 odd-q\nterrain t\nhex 3 0 t\n"), WG_EPARSE);
    ck_assert_msg(strstr(wg_ctx_errmsg(ctx), "(COL 0..2, ROW 0..2)"), "%s", wg_ctx_errmsg(ctx));
    ck_assert_int_eq(load_map(ctx, "wgdata 1 map\ngrid hex 3 3 odd-q\nterrain t\nhex 0 -1 t\n"), WG_EPARSE);
    ck_assert_int_eq(load_map(ctx, "wgdata 1 map\ngrid hex 3 3 odd-q\nterrain t\nsideflag r\nside 0 0 5 r\n"), WG_OK);
    ck_assert_int_eq(load_map(ctx, "wgdata 1 map\ngrid hex 3 3 odd-q\nterrain t\nsideflag r\nside 0 0 6 r\n"),
                     WG_EPARSE);
    ck_assert_msg(strstr(wg_ctx_errmsg(ctx), "0..5"), "%s", wg_ctx_errmsg(ctx));

    /* the API has the same bounds */
    wg_map *m = NULL;
    ck_assert_int_eq(wg_map_new_graph(&m, ctx), WG_OK);
    int a, b;
    ck_assert_int_eq(wg_map_zone_add(&a, m, "A"), WG_OK);
    ck_assert_int_eq(wg_map_zone_add(&b, m, "B"), WG_OK);
    ck_assert_int_eq(wg_map_conn_add(NULL, m, a, b, 0, 9999), WG_OK);
    ck_assert_int_eq(wg_map_conn_add(NULL, m, a, b, 0, 10000), WG_ERANGE);
    ck_assert_int_eq(wg_map_conn_add(NULL, m, a, b, 0, INT_MAX), WG_ERANGE);
    ck_assert_int_eq(wg_map_conn_add(NULL, m, a, b, 0, INT_MIN), WG_EINVAL);
    int n = 0;
    ck_assert_int_eq(wg_map_conn_count(&n, m), WG_OK);
    ck_assert_int_eq(n, 1);
    /* a path of the largest costs does not overflow */
    int zones[4], total = 0;
    size_t cnt = 0;
    ck_assert_int_eq(wg_map_zone_path(zones, 4, &cnt, &total, m, a, b, NULL, NULL), WG_OK);
    ck_assert_int_eq(total, 9999);
    wg_map_free(m);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* ---- saves cannot smuggle a hostile value in ---- */

/* Saves g, replaces every occurrence of `from` in the save by `to` (same length), recomputes the
   CRC-32 trailer (little-endian, over everything before it) and loads the result. */
static int load_patched(wg_ctx *ctx, const wg_game *g, const char *from, const char *to, wg_game **out)
{
    size_t n = 0, lf = strlen(from);
    ck_assert_uint_eq(lf, strlen(to));
    ck_assert_int_eq(wg_game_save(NULL, 0, &n, g), WG_OK);
    unsigned char *buf = malloc(n);
    ck_assert_ptr_nonnull(buf);
    ck_assert_int_eq(wg_game_save(buf, n, &n, g), WG_OK);
    int hits = 0;
    for (size_t i = 0; i + lf <= n - 4; i++)
        if (memcmp(buf + i, from, lf) == 0) {
            memcpy(buf + i, to, lf);
            hits++;
        }
    ck_assert_int_ge(hits, 1);
    uint32_t crc = wgt_crc32(buf, n - 4);
    for (int k = 0; k < 4; k++)
        buf[n - 4 + (size_t)k] = (unsigned char)(crc >> (8 * k));
    *out = (wg_game *)ctx;
    int rc = wg_game_load(out, ctx, buf, n);
    free(buf);
    return rc;
}

static void smuggle(const edit *e, const char *ok, const char *hostile, const char *field)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = NULL;
    int rc = try_edit(&g, ctx, e, ok);
    ck_assert_msg(rc == WG_OK, "%s: %s", ok, wg_ctx_errmsg(ctx));
    uint64_t steps = 0;
    ck_assert_int_eq(wg_game_playout(&steps, g, 40), WG_OK);
    /* the unpatched save loads (the patch below is what makes it fail) */
    wg_game *back = NULL;
    ck_assert_int_eq(load_patched(ctx, g, ok, ok, &back), WG_OK);
    wg_game_free(back);
    rc = load_patched(ctx, g, ok, hostile, &back);
    ck_assert_msg(rc != WG_OK, "a save carrying '%s' loaded", hostile);
    ck_assert_ptr_null(back);
    ck_assert_msg(rc == WG_ECORRUPT || rc == WG_EPARSE || rc == WG_EDATA, "%s", wg_status_str(rc));
    ck_assert_msg(strstr(wg_ctx_errmsg(ctx), field), "'%s' lacks '%s'", wg_ctx_errmsg(ctx), field);
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}

START_TEST(test_save_cannot_smuggle)
{
    const edit cost = marechaux_edits[0];
    /* leading zeros give the accepted value the hostile value's length */
    smuggle(&cost, "conn Peniche Obidos road 0000000001", "conn Peniche Obidos road 2147483647", "COST 2147483647");
    smuggle(&cost, "conn Peniche Obidos road 09999", "conn Peniche Obidos road 10000", "COST 10000");
    const edit morale = marechaux_edits[14];
    smuggle(&morale, "\"20th dragon\" mp=8 morale=0000000004", "\"20th dragon\" mp=8 morale=2147483647",
            "morale= 2147483647");
    smuggle(&morale, "\"20th dragon\" mp=8 morale=09", "\"20th dragon\" mp=8 morale=10", "morale= 10");
    const edit strength = lga_edits[1];
    smuggle(&strength, "unit austrian infantry corps 04-3 x4", "unit austrian infantry corps 19-3 x4",
            "Combat Strength");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ranges");
    TCase *tc = tcase_create("ranges");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_marechaux_ranges, 0, (int)(sizeof marechaux_edits / sizeof marechaux_edits[0]));
    tcase_add_loop_test(tc, test_lga_ranges, 0, (int)(sizeof lga_edits / sizeof lga_edits[0]));
    tcase_add_test(tc, test_hostile_values_refused);
    tcase_add_test(tc, test_map_format_ranges);
    tcase_add_test(tc, test_save_cannot_smuggle);
    suite_add_tcase(s, tc);
    return wgt_run(s);
}

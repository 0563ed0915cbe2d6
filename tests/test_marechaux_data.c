/* Les Maréchaux: the data pack loader, the schematic maps and the provisional packs.  Missing data is
 * a WG_EDATA error naming what is missing, never a default (GAP-01..08). */
#include <stdlib.h>
#include <string.h>

#include "marechaux/marechaux.h"
#include "testutil.h"

static const char *base =
    "wgdata 1 marechaux\n"
    "scenario 1808 2 August 16 6 1 1 roll 0\n"
    "zone A town 1 port objective loc-f\n"
    "zone B clear 0\n"
    "zone C defensive 1\n"
    "conn A B road 1\n"
    "conn B C path 2 bridge\n"
    "conn A C road 1 impassable\n"
    "fatigue 0 2\n"
    "fatigue 1 2\n"
    "unit AA cdr W sv=2 cic at=B\n"
    "unit AA inf I1 mp=6 boxes=2,3,4 at=B\n"
    "unit AA cav K1 mp=8 morale=4 british at=B\n"
    "unit AA fleet F at=A\n"
    "unit F cdr J sv=1 cic at=A\n"
    "unit F art R1 mp=5 at=A\n"
    "garrison F 1 3 A\n"
    "event X cp 1 0\n"
    "container AA X 2\n"
    "hand F X 1\n"
    "melee 6 0/0 0/1 0/1 0/1 1/3 2/3 2\n";

static int load(const char *text, char *err, mr_rdata **rd, wg_map **map, wg_ctx *ctx)
{
    *rd = NULL;
    *map = NULL;
    return mr_data_load(rd, map, ctx, NULL, 0, text, strlen(text), err);
}

/* Replaces the first line starting with `prefix` by `repl` (or deletes it when repl is ""). */
static char *edit(const char *prefix, const char *repl)
{
    size_t n = strlen(base) + strlen(repl) + 2;
    char *out = malloc(n);
    const char *p = strstr(base, prefix);
    ck_assert_ptr_nonnull(p);
    const char *eol = strchr(p, '\n') + 1;
    size_t k = (size_t)(p - base);
    memcpy(out, base, k);
    out[k] = 0;
    strcat(out, repl);
    if (repl[0])
        strcat(out, "\n");
    strcat(out, eol);
    return out;
}

/* LM-MAP-01 LM-MAP-04 LM-MAP-05 LM-MAP-06, LM-OOB-02 LM-OOB-05 LM-OOB-06, LM-COMP-04 LM-COMP-05, LM-CDR-02, GAP-08. */
START_TEST(test_load_ok)
{
    wgt_alloc al = {0};
    wg_ctx *ctx = wgt_ctx(&al);
    mr_rdata *rd;
    wg_map *map;
    char err[WG_ERRMSG_CAP] = "";
    ck_assert_msg(load(base, err, &rd, &map, ctx) == WG_OK, "%s", err);
    ck_assert_int_eq(rd->nzone, 3);
    ck_assert_int_eq(rd->terrain[0], MR_T_TOWN);
    ck_assert_int_eq(rd->terrain[2], MR_T_DEFENSIVE);
    ck_assert_int_eq(rd->defval[2], 1);
    ck_assert(rd->zflags[0] & MR_ZF_PORT);
    ck_assert_int_eq(rd->nconn, 3);
    ck_assert_int_eq(MR_C_BASE(rd->ctype[1]), MR_C_PATH);
    ck_assert(rd->ctype[1] & MR_CF_BRIDGE);
    ck_assert(rd->ctype[1] & MR_CF_STREAM);
    ck_assert(rd->ctype[2] & MR_CF_IMPASS);
    ck_assert_int_eq(rd->ccost[1], 2);
    int kind = 0, nz = 0;
    wg_map_kind_of(&kind, map);
    wg_map_space_count(&nz, map);
    ck_assert_int_eq(kind, WG_MAP_GRAPH);
    ck_assert_int_eq(nz, 3);
    ck_assert_int_eq(mr_zone_find(map, "C"), 2);
    /* units (LM-COMP-01: units and commanders are counters; the markers are game state) */
    ck_assert_int_eq(rd->unit[0].kind, MR_K_CDR);
    ck_assert_int_eq(rd->unit[0].mp, 10); /* LM-CDR-02 */
    ck_assert_int_eq(rd->cic[MR_AA], 0);
    ck_assert_int_eq(rd->unit[1].nbox, 3);
    int box[3] = {2, 3, 4};
    ck_assert_int_eq(mr_box_morale(rd->unit[1].box, rd->unit[1].nbox, 3), box[2]); /* LM-OOB-05 */
    ck_assert_int_eq(rd->unit[2].morale, 4);                                       /* LM-COMP-04 */
    ck_assert(rd->unit[2].british);
    ck_assert_int_eq(rd->fleet, 3);
    /* garrison counters and decoys are created from the counts (GAP-08, LM-DECOY-03) */
    int gar = 0, dec = 0;
    for (int u = 0; u < rd->nunit; u++) {
        gar += rd->unit[u].kind == MR_K_GAR;
        dec += rd->unit[u].kind == MR_K_DECOY;
    }
    ck_assert_int_eq(gar, 1);
    ck_assert_int_eq(dec, 2);
    ck_assert_str_eq(rd->melee[6][5], "2/3");
    ck_assert_int_eq(rd->container[MR_AA][0], 2);
    ck_assert_int_eq(rd->hand[MR_FR][0], 1);
    mr_data_free(ctx, rd);
    wg_map_free(map);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(al.blocks, 0);
}
END_TEST

static const struct {
    const char *prefix, *repl;
    int status;
    const char *msg;
} bad[] = {
    {"zone C", "zone C swamp 1", WG_EPARSE, "LM-MAP-01"},
    {"zone C", "zone C clear", WG_EDATA, "GAP-01"},
    {"conn B C", "conn B C path", WG_EDATA, "GAP-01"},
    {"conn B C", "conn B C tunnel 1", WG_EPARSE, "route, road, path"},
    {"conn B C", "conn B Q road 1", WG_EDATA, "unknown zone 'Q'"},
    {"fatigue 0", "", WG_OK, NULL},
    {"unit AA inf", "unit AA inf I1 at=B", WG_EDATA, "no MP"},
    {"unit AA inf", "unit AA inf I1 mp=6 at=B", WG_EDATA, "no strength boxes"},
    {"unit AA cav", "unit AA cav K1 mp=8 at=B", WG_EDATA, "no morale"},
    {"unit AA cdr", "unit AA cdr W at=B", WG_EDATA, "strategic value"},
    {"unit AA cdr", "unit AA cdr W cic at=B", WG_EDATA, "strategic value"},
    {"unit AA cdr", "unit AA cdr W sv=2 at=B", WG_EDATA, "commander in chief"},
    {"unit AA inf", "unit AA inf I1 mp=6 boxes=2,3,4", WG_EDATA, "no set-up zone"},
    {"unit AA inf", "unit AA inf I1 mp=6 boxes=2,x at=B", WG_EPARSE, "boxes"},
    {"unit AA inf", "unit XX inf I1 mp=6 boxes=2 at=B", WG_EPARSE, "side"},
    {"container AA", "container AA Y 2", WG_EDATA, "GAP-06"},
    {"melee 6", "melee 3 0/0 0/1 0/1 0/1 1/3 2/3 2", WG_EDATA, "printed"},
    {"melee 6", "melee 6 0/0 0/1", WG_EDATA, "6 cells"},
    {"scenario", "scenario 1807 2 August 16 6 1 1 roll 0", WG_EPARSE, "1808 or 1809"},
    {"scenario", "", WG_EDATA, "no scenario"},
    {"zone A", "frobnicate 1", WG_EPARSE, "unknown record"},
};

START_TEST(test_load_errors)
{
    wgt_alloc al = {0};
    wg_ctx *ctx = wgt_ctx(&al);
    char *text = edit(bad[_i].prefix, bad[_i].repl);
    mr_rdata *rd;
    wg_map *map;
    char err[WG_ERRMSG_CAP] = "";
    int rc = load(text, err, &rd, &map, ctx);
    if (bad[_i].status == WG_OK) {
        /* one fatigue kind removed: still fine (the other remains) */
        ck_assert_int_eq(rc, WG_OK);
        mr_data_free(ctx, rd);
        wg_map_free(map);
    } else {
        ck_assert_msg(rc == bad[_i].status, "case %d: rc %d (%s)", _i, rc, err);
        ck_assert_msg(strstr(err, bad[_i].msg) != NULL, "case %d: '%s' lacks '%s'", _i, err, bad[_i].msg);
        ck_assert_ptr_null(rd);
        ck_assert_ptr_null(map);
    }
    free(text);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(al.blocks, 0);
}
END_TEST

/* GAP-04: no fatigue markers at all is an error; a wrong document kind too. */
START_TEST(test_load_missing_fatigue)
{
    wgt_alloc al = {0};
    wg_ctx *ctx = wgt_ctx(&al);
    char *t1 = edit("fatigue 0", "");
    char *t2 = malloc(strlen(t1) + 1);
    const char *p = strstr(t1, "fatigue 1");
    size_t k = (size_t)(p - t1);
    memcpy(t2, t1, k);
    strcpy(t2 + k, strchr(p, '\n') + 1);
    mr_rdata *rd;
    wg_map *map;
    char err[WG_ERRMSG_CAP] = "";
    ck_assert_int_eq(load(t2, err, &rd, &map, ctx), WG_EDATA);
    ck_assert_ptr_nonnull(strstr(err, "GAP-04"));
    ck_assert_int_eq(load("wgdata 1 map\n", err, &rd, &map, ctx), WG_EPARSE);
    ck_assert_ptr_nonnull(strstr(err, "kind"));
    free(t1);
    free(t2);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* Allocation failure at every step of loading and of creating a game: WG_ENOMEM, nothing leaks. */
START_TEST(test_oom)
{
    for (int which = 0; which < 2; which++) {
        int ok = 0;
        for (uint64_t n = 1; n < 5000 && !ok; n++) {
            wgt_alloc al = {0};
            wg_ctx *ctx = wgt_ctx(&al);
            al.fail_at = n + 1;
            int rc;
            if (which == 0) {
                mr_rdata *rd;
                wg_map *map;
                char err[WG_ERRMSG_CAP];
                rc = load(base, err, &rd, &map, ctx);
                if (rc == WG_OK) {
                    mr_data_free(ctx, rd);
                    wg_map_free(map);
                }
            } else {
                wg_game *g = NULL;
                rc = wg__game_new_ops(&g, ctx, &wg__marechaux_ops, "1809", NULL, 1);
                if (rc == WG_OK)
                    wg_game_free(g);
                else
                    ck_assert_ptr_null(g);
            }
            ok = rc == WG_OK;
            if (!ok)
                ck_assert_msg(rc == WG_ENOMEM, "which %d n %llu: rc %d", which, (unsigned long long)n, rc);
            ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
            ck_assert_uint_eq(al.blocks, 0);
        }
        ck_assert(ok);
    }
}
END_TEST

/* The bundled packs load; their maps are connected graphs (every zone reachable), every zone has a
 * terrain and defensive value, and the set-up zones exist (LM-MAP-02 LM-MAP-03, GAP-02). */
START_TEST(test_bundled_packs)
{
    const unsigned char *bufs[2] = {wg__data_marechaux_1808, wg__data_marechaux_1809};
    size_t lens[2] = {wg__data_marechaux_1808_len, wg__data_marechaux_1809_len};
    const unsigned char *maps[2] = {wg__data_marechaux_1808_map, wg__data_marechaux_1809_map};
    size_t mlens[2] = {wg__data_marechaux_1808_map_len, wg__data_marechaux_1809_map_len};
    wgt_alloc al = {0};
    wg_ctx *ctx = wgt_ctx(&al);
    for (int i = 0; i < 2; i++) {
        mr_rdata *rd;
        wg_map *map;
        char err[WG_ERRMSG_CAP] = "";
        ck_assert_msg(mr_data_load(&rd, &map, ctx, (const char *)maps[i], mlens[i], (const char *)bufs[i], lens[i],
                                   err) == WG_OK,
                      "%s", err);
        /* the map document alone is a valid core map (wg_map_load) */
        wg_map *m2 = NULL;
        ck_assert_int_eq(wg_map_load(&m2, ctx, (const char *)maps[i], mlens[i]), WG_OK);
        int nz = 0;
        wg_map_space_count(&nz, m2);
        ck_assert_int_eq(nz, rd->nzone);
        wg_map_free(m2);
        ck_assert_int_eq(rd->scen, i);
        int seen[MR_MAXZ] = {0}, q[MR_MAXZ], h = 0, t = 0;
        seen[0] = 1;
        q[t++] = 0;
        while (h < t) {
            int z = q[h++];
            for (int c = 0; c < rd->nconn; c++) {
                int o = rd->ca[c] == z ? rd->cb[c] : rd->cb[c] == z ? rd->ca[c] : -1;
                if (o >= 0 && !seen[o]) {
                    seen[o] = 1;
                    q[t++] = o;
                }
            }
        }
        ck_assert_int_eq(t, rd->nzone);
        for (int u = 0; u < rd->nunit; u++) {
            const mr_unitdef *d = &rd->unit[u];
            if (d->kind == MR_K_INF)
                ck_assert_int_ge(d->nbox, 1);
            if (d->setup_zone >= 0)
                ck_assert_int_lt(d->setup_zone, rd->nzone);
        }
        /* values revealed by the worked example, used as printed (1809) */
        if (i == 1) {
            for (int u = 0; u < rd->nunit; u++) {
                const mr_unitdef *d = &rd->unit[u];
                if (strcmp(d->name, "Beresford") == 0)
                    ck_assert_int_eq(d->sv, 1);
                if (strcmp(d->name, "Tilson") == 0) {
                    ck_assert_int_eq(d->nbox, 2);
                    ck_assert_int_eq(d->box[1], 4);
                    ck_assert_int_eq(d->box[0], 3);
                }
                if (strcmp(d->name, "Heudelet") == 0) {
                    ck_assert_int_eq(d->nbox, 4);
                    ck_assert_int_eq(d->box[3], 4);
                }
                if (strcmp(d->name, "Silveira") == 0 || strcmp(d->name, "Lopes de Sousa") == 0) {
                    ck_assert_int_eq(d->nbox, 3);
                    ck_assert_int_le(d->box[2], 3);
                }
            }
            /* GAP-05: the supplied rows agree with the cells the §10.1 example reveals */
            ck_assert_str_eq(rd->melee[6][5], "2/3");
            ck_assert_str_eq(rd->melee[6][1], "0/1");
        }
        mr_data_free(ctx, rd);
        wg_map_free(map);
    }
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* The game's melee table: printed cells built in, the pack's rows supplied (LM-MELEE-24, GAP-05). */
START_TEST(test_game_table)
{
    wgt_alloc al = {0};
    wg_ctx *ctx = wgt_ctx(&al);
    wg_game *g = NULL;
    ck_assert_int_eq(wg__game_new_ops(&g, ctx, &wg__marechaux_ops, "1808", NULL, 1), WG_OK);
    wg_table *t = NULL;
    ck_assert_int_eq(wg_game_table_find(&t, g, "melee"), WG_OK);
    int src;
    ck_assert_int_eq(wg_table_source(&src, t, 3, 5), WG_OK);
    ck_assert_int_eq(src, WG_CELL_PRINTED);
    ck_assert_int_eq(wg_table_source(&src, t, 6, 5), WG_OK);
    ck_assert_int_eq(src, WG_CELL_SUPPLIED);
    /* the host may remove a supplied row: the lookup becomes a gap again */
    ck_assert_int_eq(wg_table_clear(t, 6, 5), WG_OK);
    int w, l, r;
    char err[WG_ERRMSG_CAP];
    ck_assert_int_eq(mr_melee_resolve(&w, &l, &r, t, 6, 30, err), WG_ETABLEGAP);
    /* options: none are defined */
    wg_game *g2 = NULL;
    ck_assert_int_eq(wg__game_new_ops(&g2, ctx, &wg__marechaux_ops, "1808", "fast=1", 1), WG_EINVAL);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "options"));
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST


/* The zone graph from a map document (kind map): names of terrains, flags and connection types are
 * translated; the terrain table gives the defensive values; errors name what is missing (GAP-01/02). */
static const char *mapdoc =
    "wgdata 1 map\n"
    "grid graph\n"
    "terrain clear defensive town\n"
    "flag port south offmap loc-aa loc-f objective setup\n"
    "conntype road path-bridge ferry-river\n"
    "zone A town port objective loc-f\n"
    "zone B clear south\n"
    "zone C defensive\n"
    "conn A B road 1\n"
    "conn B C path-bridge 2\n"
    "conn A C ferry-river 1\n";

static const char *packdoc =
    "wgdata 1 marechaux\n"
    "scenario 1809 2 May 8 2 1 1 AA 11\n"
    "terrain clear 0\n"
    "terrain defensive 2\n"
    "terrain town 1\n"
    "fatigue 1 3\n"
    "unit AA cdr W sv=2 cic at=B\n"
    "unit F cdr J sv=1 cic at=A\n";

START_TEST(test_map_document)
{
    wgt_alloc al = {0};
    wg_ctx *ctx = wgt_ctx(&al);
    mr_rdata *rd = NULL;
    wg_map *map = NULL;
    char err[WG_ERRMSG_CAP] = "";
    ck_assert_msg(mr_data_load(&rd, &map, ctx, mapdoc, strlen(mapdoc), packdoc, strlen(packdoc), err) == WG_OK, "%s",
                  err);
    ck_assert_int_eq(rd->nzone, 3);
    ck_assert_int_eq(rd->terrain[2], MR_T_DEFENSIVE);
    ck_assert_int_eq(rd->defval[2], 2); /* from the terrain table */
    ck_assert_int_eq(rd->defval[0], 1);
    ck_assert(rd->zflags[0] & MR_ZF_PORT);
    ck_assert(rd->zflags[0] & MR_ZF_LOC_FR);
    ck_assert(rd->zflags[1] & MR_ZF_SOUTH);
    ck_assert_int_eq(MR_C_BASE(rd->ctype[1]), MR_C_PATH);
    ck_assert(rd->ctype[1] & MR_CF_BRIDGE);
    ck_assert_int_eq(MR_C_BASE(rd->ctype[2]), MR_C_FERRY);
    ck_assert(rd->ctype[2] & MR_CF_STREAM);
    ck_assert_int_eq(rd->ccost[1], 2);
    ck_assert_int_eq(rd->unit[0].setup_zone, 1);
    mr_data_free(ctx, rd);
    wg_map_free(map);

    /* a zone type without a defensive value */
    char *p2 = malloc(strlen(packdoc) + 1);
    strcpy(p2, packdoc);
    memcpy(strstr(p2, "terrain defensive 2"), "# errain defensive 2", 19);
    ck_assert_int_eq(mr_data_load(&rd, &map, ctx, mapdoc, strlen(mapdoc), p2, strlen(p2), err), WG_EDATA);
    ck_assert_msg(strstr(err, "defensive") && strstr(err, "GAP-01"), "%s", err);
    free(p2);
    /* zones belong to the map document */
    char *p3 = malloc(strlen(packdoc) + 32);
    strcpy(p3, packdoc);
    strcat(p3, "zone D clear 0\n");
    ck_assert_int_eq(mr_data_load(&rd, &map, ctx, mapdoc, strlen(mapdoc), p3, strlen(p3), err), WG_EPARSE);
    ck_assert_ptr_nonnull(strstr(err, "map document"));
    free(p3);
    /* an unknown connection type */
    char *m4 = malloc(strlen(mapdoc) + 1);
    strcpy(m4, mapdoc);
    memcpy(strstr(m4, "road path-bridge"), "roax", 4);
    memcpy(strstr(m4, "conn A B road"), "conn A B roax", 13);
    ck_assert_int_eq(mr_data_load(&rd, &map, ctx, m4, strlen(m4), packdoc, strlen(packdoc), err), WG_EDATA);
    ck_assert_msg(strstr(err, "roax") != NULL, "%s", err);
    free(m4);
    /* a map that does not parse */
    ck_assert_int_eq(mr_data_load(&rd, &map, ctx, "wgdata 1 map\nzone X\n", 21, packdoc, strlen(packdoc), err),
                     WG_EPARSE);
    ck_assert_ptr_nonnull(strstr(err, "marechaux map"));
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(al.blocks, 0);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("marechaux_data");
    TCase *tc = tcase_create("data");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_load_ok);
    tcase_add_loop_test(tc, test_load_errors, 0, (int)(sizeof bad / sizeof bad[0]));
    tcase_add_test(tc, test_load_missing_fatigue);
    tcase_add_test(tc, test_oom);
    tcase_add_test(tc, test_bundled_packs);
    tcase_add_test(tc, test_game_table);
    tcase_add_test(tc, test_map_document);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

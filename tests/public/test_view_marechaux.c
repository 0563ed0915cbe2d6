/* Les Maréchaux through the uniform doors (doc/marechaux.md, "Attributes, names and option order"):
   the ruleset's attribute keys, their values against the labels, the piece ids (the order of battle
   for the owner and the referee, sighting ids for the enemy, renewed when he loses track of a
   counter), decoys that look like any hidden counter, zones by name, and bad calls that change
   nothing.  Public API only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgplay.h"

static const char *const scen[2] = {"1808", "1809"};

/* The integer attribute, or `absent` when the object has none for the viewer (any other status fails). */
static int64_t ai(wg_game *g, int viewer, int of, size_t i, const char *key, int64_t absent)
{
    int64_t v = 0;
    int rc = wg_game_attr_int(&v, g, viewer, of, i, key);
    if (rc == WG_ENOTFOUND)
        return absent;
    ck_assert_msg(rc == WG_OK, "%s: status %d: %s", key, rc, wg_game_errmsg(g));
    return v;
}

/* The text attribute into buf, or "" (returns 0) when absent. */
static int at(char *buf, size_t cap, wg_game *g, int viewer, int of, size_t i, const char *key)
{
    size_t len = 0;
    int rc = wg_game_attr_text(buf, cap, &len, g, viewer, of, i, key);
    if (rc == WG_ENOTFOUND) {
        buf[0] = '\0';
        return 0;
    }
    ck_assert_msg(rc == WG_OK, "%s: status %d: %s", key, rc, wg_game_errmsg(g));
    return 1;
}

static void piece_label(char *buf, size_t cap, wg_game *g, int viewer, size_t i)
{
    size_t len = 0;
    ck_assert_int_eq(wg_game_piece_label(buf, cap, &len, g, viewer, i), WG_OK);
}

static size_t pieces(wg_game *g, int viewer)
{
    size_t n = 0;
    ck_assert_int_eq(wg_game_piece_count(&n, g, viewer), WG_OK);
    return n;
}

static int step(wg_game *g)
{
    int over = 0;
    wg_game_is_over(&over, g);
    if (over)
        return 0;
    size_t c = 0;
    ck_assert_int_eq(wg_game_bot_step(&c, g), WG_OK);
    return 1;
}

/* The ruleset's keys are there, with their types, after the core's, each name once. */
START_TEST(test_keys)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = wgp_new(ctx, "marechaux", scen[_i], NULL, 1, NULL);
    wgp_check_documented_keys(g, "doc/marechaux.md", "## Attributes, names and option order");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Over a random playout, for every viewer: the attributes agree with the labels; what a hidden
   counter is stays absent; ids are unique in a view, the owner's and the referee's are the order of
   battle (the same unit for the same id, all game long), the enemy's are sighting ids (1001 and up)
   that, once gone from his view, never come back. */
START_TEST(test_pieces_playout)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = wgp_new(ctx, "marechaux", scen[_i], NULL, 11, NULL);
    char (*name_of)[256] = calloc(1000, sizeof *name_of); /* referee: id -> unit name */
    unsigned char *retired[2], *present[2];
    for (int v = 0; v < 2; v++) {
        retired[v] = calloc(200000, 1);
        present[v] = calloc(200000, 1);
    }
    int hidden_seen = 0, revealed_seen = 0, decoys = 0, steps = 0;
    char lab[512], buf[256], typ[64];
    for (int k = 0; k < 1500; k++) {
        if (k % 7 == 0) {
            /* referee: every piece identified, id = order of battle */
            size_t n = pieces(g, WG_VIEW_REFEREE);
            for (size_t i = 0; i < n; i++) {
                int64_t id = ai(g, WG_VIEW_REFEREE, WG_ATTR_PIECE, i, "id", -1);
                ck_assert_int_ge(id, 1);
                ck_assert_int_lt(id, 1000);
                ck_assert_int_eq(ai(g, WG_VIEW_REFEREE, WG_ATTR_PIECE, i, "hidden", -1), 0);
                ck_assert(at(buf, sizeof buf, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, i, "name"));
                ck_assert(at(typ, sizeof typ, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, i, "type"));
                decoys += strcmp(typ, "decoy") == 0;
                if (name_of[id][0])
                    ck_assert_str_eq(name_of[id], buf);
                else
                    snprintf(name_of[id], sizeof name_of[id], "%s", buf);
                piece_label(lab, sizeof lab, g, WG_VIEW_REFEREE, i);
                ck_assert_msg(strncmp(lab, buf, strlen(buf)) == 0, "label %s, name %s", lab, buf);
                ck_assert_ptr_nonnull(strstr(lab, typ));
                int64_t st = ai(g, WG_VIEW_REFEREE, WG_ATTR_PIECE, i, "steps", -1);
                int64_t mx = ai(g, WG_VIEW_REFEREE, WG_ATTR_PIECE, i, "max_steps", -1);
                ck_assert_int_eq(st < 0, strcmp(typ, "infantry") != 0);
                if (st >= 0) {
                    char sm[32];
                    snprintf(sm, sizeof sm, " %lld/%lld", (long long)st, (long long)mx);
                    ck_assert_msg(strstr(lab, sm) != NULL, "%s: %s", lab, sm);
                }
                int64_t sv = ai(g, WG_VIEW_REFEREE, WG_ATTR_PIECE, i, "sv", -1);
                ck_assert_int_eq(sv >= 0, strcmp(typ, "commander") == 0);
                if (sv >= 0) {
                    char sm[32];
                    snprintf(sm, sizeof sm, "SV %lld", (long long)sv);
                    ck_assert_ptr_nonnull(strstr(lab, sm));
                }
                ck_assert_int_eq(ai(g, WG_VIEW_REFEREE, WG_ATTR_PIECE, i, "activated", -1),
                                 strstr(lab, "activated") != NULL);
                ck_assert_int_eq(ai(g, WG_VIEW_REFEREE, WG_ATTR_PIECE, i, "demoralized", -1),
                                 strstr(lab, "demoralized") != NULL);
            }
            for (int v = 0; v < 2; v++) {
                unsigned char now[200000 / 8 + 1];
                memset(now, 0, sizeof now);
                n = pieces(g, v);
                for (size_t i = 0; i < n; i++) {
                    int side = 0, space = 0;
                    ck_assert_int_eq(wg_game_piece(&side, &space, g, v, i), WG_OK);
                    int64_t id = ai(g, v, WG_ATTR_PIECE, i, "id", -1);
                    int64_t hid = ai(g, v, WG_ATTR_PIECE, i, "hidden", -1);
                    piece_label(lab, sizeof lab, g, v, i);
                    ck_assert_int_eq(hid, strstr(lab, "hidden counter") != NULL);
                    if (side == v) {
                        ck_assert_int_lt(id, 1000);
                        ck_assert(at(buf, sizeof buf, g, v, WG_ATTR_PIECE, i, "name"));
                        ck_assert_str_eq(name_of[id][0] ? name_of[id] : buf, buf);
                        ck_assert_int_eq(hid, 0);
                    } else {
                        ck_assert_int_ge(id, 1001); /* never the order of battle's number */
                        ck_assert_int_lt(id, 200000);
                        ck_assert_msg(!retired[v][id], "sighting id %lld came back", (long long)id);
                        if (hid) {
                            hidden_seen++;
                            /* nothing of what the counter is */
                            static const char *const none[] = {"steps", "max_steps", "morale", "mp", "sv",
                                                               "cic", "british", "revealed", "in_stack",
                                                               "mp_left", "fatigue", "stopped"};
                            for (size_t q = 0; q < sizeof none / sizeof none[0]; q++)
                                ck_assert_int_eq(ai(g, v, WG_ATTR_PIECE, i, none[q], -7), -7);
                            ck_assert(!at(buf, sizeof buf, g, v, WG_ATTR_PIECE, i, "name"));
                            ck_assert(!at(buf, sizeof buf, g, v, WG_ATTR_PIECE, i, "type"));
                            ck_assert_int_eq(ai(g, v, WG_ATTR_PIECE, i, "activated", -1),
                                             strstr(lab, "activated") != NULL);
                        } else {
                            revealed_seen++;
                            ck_assert(at(typ, sizeof typ, g, v, WG_ATTR_PIECE, i, "type"));
                            /* a counter turned over (a decoy shows only by Argenton's) */
                            ck_assert(strcmp(typ, "decoy") != 0 || v == 0);
                            ck_assert_int_eq(ai(g, v, WG_ATTR_PIECE, i, "in_stack", -7), -7);
                        }
                    }
                    ck_assert_msg(!(now[id / 8] >> (id % 8) & 1), "id %lld twice in one view", (long long)id);
                    now[id / 8] |= (unsigned char)(1u << (id % 8));
                }
                /* sighting ids gone from the view are retired */
                for (int id = 1001; id < 200000; id++) {
                    int in = now[id / 8] >> (id % 8) & 1;
                    if (present[v][id] && !in)
                        retired[v][id] = 1;
                    present[v][id] = (unsigned char)in;
                }
            }
        }
        if (!step(g))
            break;
        steps++;
    }
    ck_assert_int_gt(steps, 100);
    ck_assert_int_gt(hidden_seen, 100);
    ck_assert_int_gt(decoys, 0);
    (void)revealed_seen;
    for (int v = 0; v < 2; v++) {
        free(retired[v]);
        free(present[v]);
    }
    free(name_of);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* The enemy loses track of counters that looked alike when their group does not stay together:
   then none of the group's ids is left; a counter he follows keeps its id. */
START_TEST(test_ids_renewed)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    int splits = 0, kept = 0;
    for (uint64_t seed = 1; seed <= 2; seed++) {
        wg_game *g = wgp_new(ctx, "marechaux", scen[_i], NULL, seed, NULL);
        for (int k = 0; k < 500; k++) {
            for (int v = 0; v < 2 && k % 2 == 0; v++) {
                /* before: groups of look-alike hidden enemy counters (zone, label) */
                size_t n = pieces(g, v);
                int64_t *id = calloc(n + 1, sizeof *id);
                int *zone = calloc(n + 1, sizeof *zone);
                char (*lab)[128] = calloc(n + 1, sizeof *lab);
                for (size_t i = 0; i < n; i++) {
                    int side = 0;
                    wg_game_piece(&side, &zone[i], g, v, i);
                    id[i] = side != v && ai(g, v, WG_ATTR_PIECE, i, "hidden", 0) ? ai(g, v, WG_ATTR_PIECE, i, "id", 0)
                                                                                 : 0;
                    piece_label(lab[i], sizeof lab[i], g, v, i);
                }
                wg_game *h = NULL;
                ck_assert_int_eq(wg_game_clone(&h, g), WG_OK);
                if (!step(h)) {
                    wg_game_free(h);
                    free(id);
                    free(zone);
                    free(lab);
                    continue;
                }
                size_t m = pieces(h, v);
                for (size_t i = 0; i < n; i++) {
                    if (!id[i])
                        continue;
                    /* the group of piece i, and where its ids are now */
                    int members = 0, left = 0, alike = 1;
                    int lz = -2;
                    char ll[128] = "";
                    for (size_t j = 0; j < n; j++) {
                        if (!id[j] || zone[j] != zone[i] || strcmp(lab[j], lab[i]) != 0)
                            continue;
                        members++;
                        for (size_t q = 0; q < m; q++)
                            if (ai(h, v, WG_ATTR_PIECE, q, "id", 0) == id[j]) {
                                int sd = 0, sp = 0;
                                char l2[128];
                                wg_game_piece(&sd, &sp, h, v, q);
                                piece_label(l2, sizeof l2, h, v, q);
                                left++;
                                if (!ai(h, v, WG_ATTR_PIECE, q, "hidden", 1))
                                    snprintf(l2, sizeof l2, "turned over"); /* identified now */
                                if (lz == -2) {
                                    lz = sp;
                                    snprintf(ll, sizeof ll, "%s", l2);
                                } else if (sp != lz || strcmp(l2, ll) != 0) {
                                    alike = 0;
                                }
                            }
                    }
                    if (members >= 2 && left > 0) {
                        /* ids kept: the whole group is still there, together and alike */
                        ck_assert_msg(left == members && alike, "a group of %d look-alikes split keeping %d ids",
                                      members, left);
                        kept++;
                    }
                    if (members >= 2 && left == 0)
                        splits++;
                }
                wg_game_free(h);
                free(id);
                free(zone);
                free(lab);
            }
            if (!step(g))
                break;
        }
        wg_game_free(g);
    }
    ck_assert_int_gt(kept, 0);
    ck_assert_int_gt(splits, 0);
    wg_ctx_free(ctx);
}
END_TEST

/* For the enemy a decoy is any hidden counter: the same keys present, the same values but its id
   and where it stands. */
START_TEST(test_decoys_alike)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = wgp_new(ctx, "marechaux", scen[_i], NULL, 4, NULL);
    int nk = 0, decoy_hidden = 0, other_hidden = 0;
    ck_assert_int_eq(wg_game_attr_key_count(&nk, g, WG_ATTR_PIECE), WG_OK);
    for (int k = 0; k < 1500; k++) {
        if (k % 5 == 0)
            for (int v = 0; v < 2; v++) {
                /* the enemy's pieces as the referee lists them, for the truth: decoys in each zone */
                int dz[256] = {0}, oz[256] = {0};
                size_t nr = pieces(g, WG_VIEW_REFEREE);
                char typ[64];
                for (size_t i = 0; i < nr; i++) {
                    int side = 0, sp = 0;
                    wg_game_piece(&side, &sp, g, WG_VIEW_REFEREE, i);
                    if (side == v || sp < 0 || sp >= 256)
                        continue;
                    at(typ, sizeof typ, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, i, "type");
                    if (strcmp(typ, "decoy") == 0)
                        dz[sp]++;
                    else
                        oz[sp]++;
                }
                size_t n = pieces(g, v);
                char sig0[4096] = "", sig[4096];
                for (size_t i = 0; i < n; i++) {
                    int side = 0, sp = 0;
                    wg_game_piece(&side, &sp, g, v, i);
                    if (side == v || !ai(g, v, WG_ATTR_PIECE, i, "hidden", 0))
                        continue;
                    if (dz[sp])
                        decoy_hidden++;
                    else
                        other_hidden++;
                    /* the keys present, but for the ones that place it or tell its markers */
                    sig[0] = '\0';
                    for (int q = 0; q < nk; q++) {
                        const char *name = NULL;
                        int type = 0;
                        wg_game_attr_key(&name, &type, g, WG_ATTR_PIECE, q);
                        int rc;
                        if (type == WG_ATTR_INT) {
                            int64_t x = 0;
                            rc = wg_game_attr_int(&x, g, v, WG_ATTR_PIECE, i, name);
                        } else {
                            char b[256];
                            size_t len = 0;
                            rc = wg_game_attr_text(b, sizeof b, &len, g, v, WG_ATTR_PIECE, i, name);
                        }
                        ck_assert(rc == WG_OK || rc == WG_ENOTFOUND);
                        size_t l = strlen(sig);
                        snprintf(sig + l, sizeof sig - l, "%s%c ", name, rc == WG_OK ? '+' : '-');
                    }
                    if (!sig0[0])
                        snprintf(sig0, sizeof sig0, "%s", sig);
                    ck_assert_str_eq(sig, sig0);
                }
                (void)oz;
            }
        if (!step(g))
            break;
    }
    ck_assert_int_gt(decoy_hidden, 0); /* hidden counters in zones where decoys stood */
    ck_assert_int_gt(other_hidden, 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Zones by name both ways; the name attribute is the players' name; the map's facts are there. */
START_TEST(test_zones)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = wgp_new(ctx, "marechaux", scen[_i], NULL, 1, NULL);
    int n = 0, towns = 0, ports = 0, obj = 0, loc_aa = 0, loc_fr = 0, counters = 0;
    ck_assert_int_eq(wg_game_space_count(&n, g), WG_OK);
    ck_assert_int_gt(n, 10);
    char name[128], an[128];
    size_t len = 0;
    for (int s = 0; s < n; s++) {
        ck_assert_int_eq(wg_game_space_name(name, sizeof name, &len, g, s), WG_OK);
        int back = -1;
        ck_assert_int_eq(wg_game_space_find(&back, g, name), WG_OK);
        ck_assert_int_eq(back, s);
        ck_assert(at(an, sizeof an, g, 0, WG_ATTR_SPACE, (size_t)s, "name"));
        ck_assert_str_eq(an, name);
        towns += (int)ai(g, 0, WG_ATTR_SPACE, (size_t)s, "town", -100);
        ports += (int)ai(g, 1, WG_ATTR_SPACE, (size_t)s, "port", -100);
        obj += (int)ai(g, WG_VIEW_REFEREE, WG_ATTR_SPACE, (size_t)s, "objective", -100);
        loc_aa += (int)ai(g, 0, WG_ATTR_SPACE, (size_t)s, "loc_aa", -100);
        loc_fr += (int)ai(g, 0, WG_ATTR_SPACE, (size_t)s, "loc_fr", -100);
        counters += (int)ai(g, WG_VIEW_REFEREE, WG_ATTR_SPACE, (size_t)s, "counters_aa", -100) +
                    (int)ai(g, WG_VIEW_REFEREE, WG_ATTR_SPACE, (size_t)s, "counters_fr", -100);
        ck_assert_int_eq(ai(g, 0, WG_ATTR_SPACE, (size_t)s, "bataille", -1), 0);
        ck_assert_int_eq(ai(g, 0, WG_ATTR_SPACE, (size_t)s, "retraite_aa", -9), -9); /* no marker at the start */
    }
    ck_assert_int_gt(towns, 0);
    ck_assert_int_eq(ports > 0, _i == 0);  /* 1808: the fleet's ports; 1809 has none */
    ck_assert_int_eq(loc_aa > 0, _i == 1); /* 1808: the fleet marks the AA line of communication */
    ck_assert_int_eq(obj, 1);
    ck_assert_int_gt(loc_fr, 0);
    ck_assert_uint_eq((size_t)counters, pieces(g, WG_VIEW_REFEREE));
    int s = -1;
    ck_assert_int_eq(wg_game_space_find(&s, g, "No Such Zone"), WG_ENOTFOUND);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Options' attributes agree with their labels, over a random playout, for the deciding player. */
START_TEST(test_options_playout)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = wgp_new(ctx, "marechaux", scen[_i], NULL, 7, NULL);
    int go = 0, moves = 0, units = 0;
    char kind[64], lab[512], zn[128];
    for (int k = 0; k < 1500; k++) {
        int p = wgp_decider(g);
        if (p >= 0) {
            size_t n = 0;
            ck_assert_int_eq(wg_game_option_count_for(&n, g, p), WG_OK);
            for (size_t i = 0; i < n; i++) {
                size_t len = 0;
                ck_assert_int_eq(wg_game_option_label_for(lab, sizeof lab, &len, g, i, p), WG_OK);
                ck_assert(at(kind, sizeof kind, g, p, WG_ATTR_OPTION, i, "kind"));
                if (strcmp(kind, "go") == 0) {
                    go++;
                    int64_t c = ai(g, p, WG_ATTR_OPTION, i, "cost_mp", -1);
                    char sm[32];
                    snprintf(sm, sizeof sm, "(%lld MP)", (long long)c);
                    ck_assert_msg(strstr(lab, sm) != NULL, "%s: %s", lab, sm);
                    ck_assert(at(zn, sizeof zn, g, p, WG_ATTR_OPTION, i, "to_name"));
                    ck_assert_ptr_nonnull(strstr(lab, zn));
                    int64_t to = ai(g, p, WG_ATTR_OPTION, i, "to", -1);
                    char sname[128];
                    ck_assert_int_eq(wg_game_space_name(sname, sizeof sname, &len, g, (int)to), WG_OK);
                    ck_assert_str_eq(sname, zn);
                    ck_assert_int_ge(ai(g, p, WG_ATTR_OPTION, i, "from", -1), 0);
                } else {
                    ck_assert_int_eq(ai(g, p, WG_ATTR_OPTION, i, "cost_mp", -5), -5);
                }
                if (strcmp(kind, "move") == 0 || strcmp(kind, "disengage") == 0) {
                    moves++;
                    ck_assert(at(zn, sizeof zn, g, p, WG_ATTR_OPTION, i, "from_name"));
                    ck_assert_ptr_nonnull(strstr(lab, zn));
                    ck_assert_int_eq(ai(g, p, WG_ATTR_OPTION, i, "to", -5), -5);
                }
                if (strcmp(kind, "combat") == 0) {
                    ck_assert(at(zn, sizeof zn, g, p, WG_ATTR_OPTION, i, "zone_name"));
                    ck_assert_ptr_nonnull(strstr(lab, zn));
                }
                if (strcmp(kind, "pass") == 0)
                    ck_assert_str_eq(lab, "pass");
                int64_t u = ai(g, p, WG_ATTR_OPTION, i, "unit", -1);
                if (u >= 0) {
                    units++;
                    ck_assert_int_lt(u, 1000); /* his own units: the order of battle */
                    if (at(zn, sizeof zn, g, p, WG_ATTR_OPTION, i, "unit_name") && strstr(lab, "decoy") == NULL)
                        ck_assert_msg(strstr(lab, zn) != NULL, "%s: %s", lab, zn);
                }
            }
        }
        if (!step(g))
            break;
    }
    ck_assert_int_gt(go, 0);
    ck_assert_int_gt(moves, 0);
    ck_assert_int_gt(units, 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Bad calls: the right status, a message naming the key, and the game as it was. */
START_TEST(test_bad_calls)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = wgp_new(ctx, "marechaux", scen[_i], NULL, 3, NULL);
    for (int i = 0; i < 60 && wgp_decider(g) < 0; i++)
        step(g);
    for (int i = 0; i < 400; i++) { /* to a decision of a player */
        if (wgp_decider(g) >= 0 && i > 40)
            break;
        step(g);
    }
    int p = wgp_decider(g);
    ck_assert_int_ge(p, 0);
    uint64_t h0 = 0, h1 = 0;
    ck_assert_int_eq(wg_game_hash(&h0, g), WG_OK);
    int64_t v = 42;
    char buf[64];
    size_t len = 0;
    ck_assert_int_eq(wg_game_attr_int(&v, g, 0, WG_ATTR_PIECE, 0, "no_such_key"), WG_ENOTFOUND);
    ck_assert_ptr_nonnull(strstr(wg_game_errmsg(g), "no_such_key"));
    ck_assert_int_eq(wg_game_attr_int(&v, g, 0, WG_ATTR_PIECE, 0, "name"), WG_EINVAL);     /* a text */
    ck_assert_int_eq(wg_game_attr_text(buf, sizeof buf, &len, g, 0, WG_ATTR_PIECE, 0, "id"), WG_EINVAL);
    ck_assert_int_eq(wg_game_attr_int(&v, g, 0, WG_ATTR_PIECE, pieces(g, 0), "id"), WG_ERANGE);
    ck_assert_int_eq(wg_game_attr_int(&v, g, 0, WG_ATTR_SPACE, 1000, "town"), WG_ERANGE);
    ck_assert_int_eq(wg_game_attr_int(&v, g, 5, WG_ATTR_PIECE, 0, "id"), WG_ERANGE);
    ck_assert_int_eq(wg_game_attr_text(buf, sizeof buf, &len, g, 1 - p, WG_ATTR_OPTION, 0, "kind"), WG_ESTATE);
    ck_assert_int_eq(wg_game_attr_int(&v, g, 1 - p, WG_ATTR_OPTION, 0, "unit"), WG_ESTATE);
    size_t no = 0;
    ck_assert_int_eq(wg_game_option_count_for(&no, g, p), WG_OK);
    ck_assert_int_eq(wg_game_attr_text(buf, sizeof buf, &len, g, p, WG_ATTR_OPTION, no, "kind"), WG_ERANGE);
    ck_assert_int_eq(wg_game_attr_text(buf, sizeof buf, &len, g, p, WG_ATTR_OPTION, 0, "kind"), WG_OK);
    ck_assert_int_eq(v, 42); /* nothing written on failure */
    ck_assert_int_eq(wg_game_hash(&h1, g), WG_OK);
    ck_assert_uint_eq(h0, h1);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("view_marechaux");
    TCase *tc = tcase_create("doors");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_keys, 0, 2);
    tcase_add_loop_test(tc, test_pieces_playout, 0, 2);
    tcase_add_loop_test(tc, test_ids_renewed, 0, 2);
    tcase_add_loop_test(tc, test_decoys_alike, 0, 2);
    tcase_add_loop_test(tc, test_zones, 0, 2);
    tcase_add_loop_test(tc, test_options_playout, 0, 2);
    tcase_add_loop_test(tc, test_bad_calls, 0, 2);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

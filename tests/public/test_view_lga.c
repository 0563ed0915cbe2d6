/* La Grande Armée through the uniform doors (doc/lga.md, "Attributes, names and option order"):
   hexes by their printed numbers both ways, the lga keys of pieces, options and hexes checked
   against what the game does when an option is played, piece ids never reused, the documented
   option order, and bad input refused without changing the game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgplay.h"

static const char *const scen[3] = {"1805", "1806", "1809"};

static wg_game *lga(wg_ctx *ctx, int k, uint64_t seed)
{
    return wgp_new(ctx, "lga", scen[k], wgt_playable_options("lga"), seed, NULL);
}

static int viewer_of(wg_game *g)
{
    int p = 0, kind = 0;
    ck_assert_int_eq(wg_game_decision(&p, &kind, g), WG_OK);
    return p >= 0 ? p : 0;
}

/* Integer key of object i; *ok = 0 when absent (WG_ENOTFOUND), any other status fails the test. */
static int64_t iget(wg_game *g, int of, size_t i, const char *key, int *ok)
{
    int64_t v = -12345;
    int rc = wg_game_attr_int(&v, g, viewer_of(g), of, i, key);
    ck_assert_msg(rc == WG_OK || rc == WG_ENOTFOUND, "%s of %zu: %s", key, i, wg_game_errmsg(g));
    if (ok)
        *ok = rc == WG_OK;
    return rc == WG_OK ? v : -1;
}

static const char *tget(wg_game *g, int of, size_t i, const char *key, char *buf, size_t cap)
{
    size_t len = 0;
    int rc = wg_game_attr_text(buf, cap, &len, g, viewer_of(g), of, i, key);
    ck_assert_msg(rc == WG_OK || rc == WG_ENOTFOUND, "%s of %zu: %s", key, i, wg_game_errmsg(g));
    return rc == WG_OK ? buf : NULL;
}

/* The printed hex number of a space from the core's col and row (counted from 0). */
static void printed(wg_game *g, int s, char out[16])
{
    int64_t col = iget(g, WG_ATTR_SPACE, (size_t)s, "col", NULL), row = iget(g, WG_ATTR_SPACE, (size_t)s, "row", NULL);
    ck_assert(col >= 0 && col < 99 && row >= 0 && row < 99);
    snprintf(out, 16, "%02u%02u", (unsigned)(col + 1) % 100u, (unsigned)(row + 1) % 100u);
}

static void step(wg_game *g)
{
    size_t c = 0;
    ck_assert_int_eq(wg_game_bot_step(&c, g), WG_OK);
}

static int over(wg_game *g)
{
    int o = 0;
    ck_assert_int_eq(wg_game_is_over(&o, g), WG_OK);
    return o;
}

/* Every documented key is enumerated once with its type, and every enumerated key answers for
   every piece, option and space (a value or WG_ENOTFOUND) through a stretch of a game. */
START_TEST(test_keys_enumerable)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = lga(ctx, _i, 3);
    wgp_check_documented_keys(g, "doc/lga.md", "## Attributes, names and option order");
    char buf[256];
    for (int s = 0; s < 400 && !over(g); s++) {
        if (s % 37 == 0)
            for (int of = 0; of < 2; of++) {
                size_t cnt = 0;
                if (of == WG_ATTR_PIECE)
                    ck_assert_int_eq(wg_game_piece_count(&cnt, g, viewer_of(g)), WG_OK);
                else
                    ck_assert_int_eq(wg_game_option_count(&cnt, g), WG_OK);
                int n = 0;
                ck_assert_int_eq(wg_game_attr_key_count(&n, g, of), WG_OK);
                for (size_t i = 0; i < cnt; i++)
                    for (int k = 0; k < n; k++) {
                        const char *name = NULL;
                        int type = 0;
                        ck_assert_int_eq(wg_game_attr_key(&name, &type, g, of, k), WG_OK);
                        if (type == WG_ATTR_INT)
                            iget(g, of, i, name, NULL);
                        else
                            tget(g, of, i, name, buf, sizeof buf);
                    }
            }
        step(g);
    }
    int n = 0, nk = 0;
    ck_assert_int_eq(wg_game_space_count(&n, g), WG_OK);
    ck_assert_int_eq(wg_game_attr_key_count(&nk, g, WG_ATTR_SPACE), WG_OK);
    int fortresses = 0;
    for (int s = 0; s < n; s++) {
        for (int k = 0; k < nk; k++) {
            const char *name = NULL;
            int type = 0;
            ck_assert_int_eq(wg_game_attr_key(&name, &type, g, WG_ATTR_SPACE, k), WG_OK);
            if (type == WG_ATTR_INT)
                iget(g, WG_ATTR_SPACE, (size_t)s, name, NULL);
            else
                tget(g, WG_ATTR_SPACE, (size_t)s, name, buf, sizeof buf);
        }
        /* the lga keys agree with the core's terrain */
        const char *t = tget(g, WG_ATTR_SPACE, (size_t)s, "terrain", buf, sizeof buf);
        int fort = t && strcmp(t, "fortress") == 0, city = t && strcmp(t, "city") == 0;
        ck_assert_int_eq(iget(g, WG_ATTR_SPACE, (size_t)s, "fortress", NULL), fort);
        ck_assert_int_eq(iget(g, WG_ATTR_SPACE, (size_t)s, "city", NULL), city);
        int ok = 0;
        iget(g, WG_ATTR_SPACE, (size_t)s, "besieged", &ok);
        ck_assert_int_eq(ok, fort);
        fortresses += fort;
        int64_t r = iget(g, WG_ATTR_SPACE, (size_t)s, "rivers", NULL);
        ck_assert(r >= 0 && r <= 6);
    }
    ck_assert_int_gt(fortresses, 0);
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* Every hex is named by its printed number (column then row, from 1, two digits each), which finds
   it again; the number key is the same number; the hex of index 3547 is 4851. */
START_TEST(test_hex_names)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = lga(ctx, _i, 1);
    int n = 0;
    ck_assert_int_eq(wg_game_space_count(&n, g), WG_OK);
    ck_assert_int_gt(n, 3547);
    char name[64], want[16], attr[64];
    size_t len = 0;
    for (int s = 0; s < n; s++) {
        ck_assert_int_eq(wg_game_space_name(name, sizeof name, &len, g, s), WG_OK);
        printed(g, s, want);
        ck_assert_str_eq(name, want);
        ck_assert_str_eq(tget(g, WG_ATTR_SPACE, (size_t)s, "name", attr, sizeof attr), want);
        ck_assert_int_eq(iget(g, WG_ATTR_SPACE, (size_t)s, "number", NULL), atoi(want));
        int back = -1;
        ck_assert_int_eq(wg_game_space_find(&back, g, name), WG_OK);
        ck_assert_int_eq(back, s);
    }
    ck_assert_int_eq(wg_game_space_name(name, sizeof name, &len, g, 3547), WG_OK);
    ck_assert_str_eq(name, "4851");
    int back = -1;
    ck_assert_int_eq(wg_game_space_find(&back, g, "4851"), WG_OK);
    ck_assert_int_eq(back, 3547);
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* The piece of id `id`, -1 when it is not on the map. */
static long piece_of(wg_game *g, int64_t id)
{
    size_t cnt = 0;
    ck_assert_int_eq(wg_game_piece_count(&cnt, g, viewer_of(g)), WG_OK);
    for (size_t i = 0; i < cnt; i++)
        if (iget(g, WG_ATTR_PIECE, i, "id", NULL) == id)
            return (long)i;
    return -1;
}

/* Options of one kind in a run, checked in the documented order. */
static void check_order(wg_game *g)
{
    size_t n = 0;
    ck_assert_int_eq(wg_game_option_count(&n, g), WG_OK);
    char kind[64], prev_kind[64] = "";
    int64_t pk1 = 0, pk2 = 0;
    for (size_t i = 0; i < n; i++) {
        if (!tget(g, WG_ATTR_OPTION, i, "kind", kind, sizeof kind))
            ck_abort_msg("option %zu has no kind", i);
        int same = strcmp(kind, prev_kind) == 0, ok = 0;
        int64_t k1 = 0, k2 = 0;
        int keyed = 1;
        if (strcmp(kind, "move") == 0 || strcmp(kind, "step") == 0) {
            k1 = iget(g, WG_ATTR_OPTION, i, "cost_mp", &ok);
            ck_assert(ok);
            k2 = iget(g, WG_ATTR_SPACE, (size_t)iget(g, WG_ATTR_OPTION, i, "to", NULL), "number", NULL);
        } else if (strcmp(kind, "place") == 0 || strcmp(kind, "retreat") == 0) {
            k2 = iget(g, WG_ATTR_SPACE, (size_t)iget(g, WG_ATTR_OPTION, i, "to", NULL), "number", NULL);
        } else if (strcmp(kind, "select") == 0 || strcmp(kind, "breakdown") == 0 || strcmp(kind, "eliminate") == 0 ||
                   strcmp(kind, "drop") == 0 || strcmp(kind, "supply") == 0 ||
                   strcmp(kind, "retreat_before_combat") == 0 || strcmp(kind, "create_supply") == 0) {
            k2 = iget(g, WG_ATTR_OPTION, i, "unit", &ok);
            ck_assert(ok);
        } else if (strcmp(kind, "attack") == 0) {
            int64_t f = iget(g, WG_ATTR_OPTION, i, "from", &ok);
            k1 = iget(g, WG_ATTR_SPACE, (size_t)(ok ? f : iget(g, WG_ATTR_OPTION, i, "target", NULL)), "number", NULL);
            k2 = iget(g, WG_ATTR_SPACE, (size_t)iget(g, WG_ATTR_OPTION, i, "target", NULL), "number", NULL);
        } else if (strcmp(kind, "roll") == 0) {
            k2 = iget(g, WG_ATTR_OPTION, i, "die", NULL);
        } else if (strcmp(kind, "battle") == 0) {
            k2 = iget(g, WG_ATTR_OPTION, i, "battle", NULL);
        } else {
            keyed = 0;
        }
        if (same && keyed)
            ck_assert_msg(pk1 < k1 || (pk1 == k1 && pk2 <= k2), "%s options out of order at %zu: (%lld %lld) then (%lld %lld)\n%s",
                          kind, i, (long long)pk1, (long long)pk2, (long long)k1, (long long)k2, wgp_options_dump(g));
        pk1 = k1;
        pk2 = k2;
        snprintf(prev_kind, sizeof prev_kind, "%s", kind);
    }
}

/* Moves played: the option's to and cost_mp are where the unit stands and what it spent after it;
   from is where it stood; its names are the hex numbers of its label and of the event it makes.
   Every decision's options come in the documented order. */
START_TEST(test_moves_agree)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = lga(ctx, _i, 5);
    int moves = 0, spent_checked = 0;
    char buf[256], lab[256];
    for (int s = 0; s < 3000 && !over(g); s++) {
        check_order(g);
        size_t n = 0;
        ck_assert_int_eq(wg_game_option_count(&n, g), WG_OK);
        long pick = -1;
        for (size_t i = 0; i < n && pick < 0; i++)
            if (tget(g, WG_ATTR_OPTION, i, "kind", buf, sizeof buf) && strcmp(buf, "move") == 0 && (s + i) % 3 == 0)
                pick = (long)i;
        if (pick < 0) {
            step(g);
            continue;
        }
        size_t i = (size_t)pick;
        int ok = 0;
        int64_t id = iget(g, WG_ATTR_OPTION, i, "unit", &ok);
        ck_assert(ok);
        int64_t to = iget(g, WG_ATTR_OPTION, i, "to", &ok), from = iget(g, WG_ATTR_OPTION, i, "from", NULL);
        int64_t cost = iget(g, WG_ATTR_OPTION, i, "cost_mp", &ok);
        ck_assert(ok && cost >= 1);
        long p = piece_of(g, id);
        ck_assert_int_ge(p, 0);
        ck_assert_int_eq(iget(g, WG_ATTR_PIECE, (size_t)p, "space", NULL), from);
        ck_assert_int_eq(iget(g, WG_ATTR_OPTION, i, "piece", NULL), p);
        ck_assert_int_eq(iget(g, WG_ATTR_PIECE, (size_t)p, "moving", NULL), 1);
        int64_t left = iget(g, WG_ATTR_PIECE, (size_t)p, "mp_left", &ok);
        ck_assert(ok && cost <= left);
        int64_t before = iget(g, WG_ATTR_PIECE, (size_t)p, "mp_spent", NULL);
        char to_name[32], from_name[32], want[16];
        tget(g, WG_ATTR_OPTION, i, "to_name", to_name, sizeof to_name);
        tget(g, WG_ATTR_OPTION, i, "from_name", from_name, sizeof from_name);
        printed(g, (int)to, want);
        ck_assert_str_eq(to_name, want);
        tget(g, WG_ATTR_OPTION, i, "label", lab, sizeof lab);
        ck_assert_msg(strstr(lab, to_name) && strstr(lab, from_name), "%s / %s %s", lab, from_name, to_name);
        size_t ev0 = wgp_event_count(g);
        ck_assert_int_eq(wg_game_choose(g, i), WG_OK);
        moves++;
        char ev[64];
        snprintf(ev, sizeof ev, "moves to %s", to_name);
        ck_assert_msg(wgp_find_event(g, ev0, ev, 0) >= 0, "%s", wgp_events_dump(g, ev0, 0));
        p = piece_of(g, id);
        if (p < 0)
            continue; /* eliminated on the way (a forced march) */
        ck_assert_int_eq(iget(g, WG_ATTR_PIECE, (size_t)p, "space", NULL), to);
        ck_assert_str_eq(tget(g, WG_ATTR_PIECE, (size_t)p, "space_name", buf, sizeof buf), to_name);
        int64_t after = iget(g, WG_ATTR_PIECE, (size_t)p, "mp_spent", &ok);
        if (ok) {
            ck_assert_int_eq(after, before + cost);
            spent_checked++;
        }
    }
    ck_assert_int_gt(moves, 5);
    ck_assert_int_gt(spent_checked, 0);
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* Through a whole random game: ids on the map are unique; an id keeps its side, nation and type and
   once gone from the map never comes back; a Supply unit created later gets an id never seen. */
START_TEST(test_ids_stable)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = lga(ctx, _i, 7);
    enum { CAP = 65536 };
    static int8_t state[CAP];            /* 0 never seen, 1 on the map, 2 gone */
    static char what[CAP][24];
    memset(state, 0, sizeof state);
    int64_t max_seen = 0;
    int created = 0;
    char buf[64];
    for (uint64_t s = 0; s < 200000 && !over(g); s++) {
        size_t n = 0;
        ck_assert_int_eq(wg_game_option_count(&n, g), WG_OK);
        long create = -1;
        for (size_t i = 0; i < n && create < 0; i++)
            if (tget(g, WG_ATTR_OPTION, i, "kind", buf, sizeof buf) && strcmp(buf, "create_supply") == 0)
                create = (long)i;
        int check = create >= 0 || s % 25 == 0;
        if (check) {
            static uint8_t now[CAP];
            memset(now, 0, sizeof now);
            size_t cnt = 0;
            ck_assert_int_eq(wg_game_piece_count(&cnt, g, 0), WG_OK);
            for (size_t i = 0; i < cnt; i++) {
                int64_t id = iget(g, WG_ATTR_PIECE, i, "id", NULL);
                ck_assert(id > 0 && id < CAP);
                ck_assert_msg(!now[id], "id %lld twice on the map", (long long)id);
                now[id] = 1;
                char w[24], t[16], nat[16];
                snprintf(w, sizeof w, "%d %s %s", (int)iget(g, WG_ATTR_PIECE, i, "side", NULL),
                         tget(g, WG_ATTR_PIECE, i, "nation", nat, sizeof nat), tget(g, WG_ATTR_PIECE, i, "type", t, sizeof t));
                ck_assert_msg(state[id] != 2, "id %lld came back", (long long)id);
                if (state[id] == 0)
                    snprintf(what[id], sizeof what[id], "%s", w);
                ck_assert_msg(strcmp(what[id], w) == 0, "id %lld was %s, now %s", (long long)id, what[id], w);
                state[id] = 1;
                max_seen = id > max_seen ? id : max_seen;
            }
            for (int id = 0; id < CAP; id++)
                if (state[id] == 1 && !now[id])
                    state[id] = 2;
        }
        if (create >= 0 && s % 2 == 0) {
            size_t before = 0, after = 0;
            ck_assert_int_eq(wg_game_piece_count(&before, g, 0), WG_OK);
            ck_assert_int_eq(wg_game_choose(g, (size_t)create), WG_OK);
            ck_assert_int_eq(wg_game_piece_count(&after, g, 0), WG_OK);
            int fresh = 0;
            for (size_t i = 0; i < after; i++) {
                int64_t id = iget(g, WG_ATTR_PIECE, i, "id", NULL);
                if (id > 0 && id < CAP && state[id] == 0) {
                    ck_assert_int_gt(id, max_seen);
                    ck_assert_str_eq(tget(g, WG_ATTR_PIECE, i, "type", buf, sizeof buf), "supply");
                    fresh++;
                }
            }
            ck_assert_int_eq(fresh, 1);
            created++;
            continue;
        }
        step(g);
    }
    ck_assert(over(g));
    (void)created;
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* Bad input: an unknown key (WG_ENOTFOUND, its name in the message), a key of the other type
   (WG_EINVAL), an index out of range (WG_ERANGE); the game does not change. */
START_TEST(test_bad_input)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = lga(ctx, _i, 2);
    for (int s = 0; s < 150; s++)
        step(g);
    uint64_t h0 = 0, h1 = 0;
    ck_assert_int_eq(wg_game_hash(&h0, g), WG_OK);
    int64_t v = 99;
    char buf[64] = "x";
    size_t len = 0, np = 0, no = 0;
    int ns = 0;
    ck_assert_int_eq(wg_game_piece_count(&np, g, 0), WG_OK);
    ck_assert_int_eq(wg_game_option_count(&no, g), WG_OK);
    ck_assert_int_eq(wg_game_space_count(&ns, g), WG_OK);
    ck_assert_uint_gt(np, 0);
    ck_assert_uint_gt(no, 0);
    const size_t count[3] = {np, no, (size_t)ns};
    const char *intkey[3] = {"id", "cost_mp", "number"}, *textkey[3] = {"type", "kind", "place"};
    int vw = viewer_of(g);
    for (int of = 0; of < 3; of++) {
        ck_assert_int_eq(wg_game_attr_int(&v, g, vw, of, 0, "no_such_key"), WG_ENOTFOUND);
        ck_assert_ptr_nonnull(strstr(wg_game_errmsg(g), "no_such_key"));
        ck_assert_int_eq(wg_game_attr_text(buf, sizeof buf, &len, g, vw, of, 0, "no_such_key"), WG_ENOTFOUND);
        ck_assert_ptr_nonnull(strstr(wg_game_errmsg(g), "no_such_key"));
        ck_assert_int_eq(wg_game_attr_text(buf, sizeof buf, &len, g, vw, of, 0, intkey[of]), WG_EINVAL);
        ck_assert_int_eq(wg_game_attr_int(&v, g, vw, of, 0, textkey[of]), WG_EINVAL);
        ck_assert_int_eq(wg_game_attr_int(&v, g, vw, of, count[of], intkey[of]), WG_ERANGE);
        ck_assert_int_eq(wg_game_attr_text(buf, sizeof buf, &len, g, vw, of, count[of], textkey[of]), WG_ERANGE);
    }
    ck_assert_int_eq(v, 99);
    int back = 5;
    ck_assert_int_eq(wg_game_space_find(&back, g, "9999"), WG_ENOTFOUND);
    ck_assert_int_eq(wg_game_space_find(&back, g, "101"), WG_ENOTFOUND);
    ck_assert_int_eq(back, 5);
    ck_assert_int_eq(wg_game_hash(&h1, g), WG_OK);
    ck_assert_uint_eq(h0, h1);
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("view_lga");
    TCase *t = tcase_create("lga");
    tcase_set_timeout(t, 900);
    tcase_add_loop_test(t, test_keys_enumerable, 0, 3);
    tcase_add_loop_test(t, test_hex_names, 0, 3);
    tcase_add_loop_test(t, test_moves_agree, 0, 3);
    tcase_add_loop_test(t, test_ids_stable, 0, 3);
    tcase_add_loop_test(t, test_bad_input, 0, 3);
    suite_add_tcase(s, t);
    return wgt_run(s);
}

/* Hidden information, proven by twins: from positions reached by random play of both scenarios of
   Les Maréchaux, a copy determinized for one player (wg_game_determinize) and the game are stepped
   side by side; whatever that player reads must be the same in both (tests/support/wgleak.h).
   LM-FOG-01, LM-FOG-03.  The budget (seeds, steps) keeps the suite near a minute under valgrind;
   WGL_SOAK=N multiplies the seeds for a long run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgaigles.h"
#include "wgleak.h"
#include "wgplay.h"

static long soak(void)
{
    const char *s = getenv("WGL_SOAK");
    long n = s ? strtol(s, NULL, 10) : 1;
    return n > 0 ? n : 1;
}

/* Plays `seeds` games of a scenario: random steps to a position, then the harness for each player. */
static void run_scenario_of(const char *rs, const char *sc, int seeds, long warmup_max, long steps)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wgl_stats st = {0};
    for (int seed = 1; seed <= seeds; seed++) {
        wg_game *g = wgp_new(ctx, rs, sc, NULL, (uint64_t)seed, NULL);
        long warm = (seed * 37L) % (warmup_max + 1);
        for (long i = 0; i < warm; i++) {
            int over = 0;
            wg_game_is_over(&over, g);
            if (over)
                break;
            size_t c = 0;
            ck_assert_int_eq(wg_game_bot_step(&c, g), WG_OK);
        }
        for (int viewer = 0; viewer < 2; viewer++) {
            wg_game *h = NULL;
            ck_assert_int_eq(wg_game_clone(&h, g), WG_OK);
            char msg[4000];
            int r = wgl_run(h, viewer, (uint64_t)(seed * 2 + viewer), steps, &st, msg, sizeof msg);
            ck_assert_msg(r == 0, "%s seed %d: %s", sc, seed, msg);
            wg_game_free(h);
        }
        wg_game_free(g);
    }
    printf("leak harness %s: %d seeds, %ld twins (%ld with other hidden facts), %ld steps, %ld reveals, %ld "
           "resampled\n",
           sc, seeds, st.twins, st.differ, st.steps, st.reveals, st.resampled);
    /* the twins really differ: most samples changed something hidden */
    ck_assert_msg(st.differ * 2 > st.twins, "only %ld of %ld twins differ from the game", st.differ, st.twins);
    ck_assert_int_gt(st.steps, 0);
    wg_ctx_free(ctx);
}

static void run_scenario(const char *sc, int seeds, long warmup_max, long steps)
{
    run_scenario_of("marechaux", sc, seeds, warmup_max, steps);
}

START_TEST(test_leak_1808)
{
    run_scenario("1808", (int)(8 * soak()), 600, 90);
}
END_TEST

START_TEST(test_leak_1809)
{
    run_scenario("1809", (int)(8 * soak()), 600, 90);
}
END_TEST

/* Commands & Colors: the hands and the decks' order are the hidden facts (the issue "ccn", item 4):
   twins with the opponent's hands dealt anew read the same, from positions of random play of four
   scenarios (the deal, the first turns, later turns). */
START_TEST(test_leak_ccn)
{
    static const char *const sc[] = {"S01", "S05", "S13", "S18"};
    for (int i = 0; i < 4; i++)
        run_scenario_of("ccn", sc[i], (int)(2 * soak()), 400, 120);
}
END_TEST

/* Les Aigles: the markers of phase 1 and the moves committed for a half-period are the hidden facts
   (LA-MARKERS-01, LA-MOVE-01); they last until the markers are turned over (LA-MARKERS-09) or the
   moves carried out.  From positions of random play where the other side holds markers or moves the
   viewer may not see (an event he reads as "face down" or "sealed", the other side still deciding),
   twins with those drawn anew read the same. */
START_TEST(test_leak_aigles)
{
    static const char *const sc[] = {"crossroads", "ridge"};
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wgl_stats st = {0};
    long runs = 0;
    for (int i = 0; i < 2; i++)
        for (int seed = 1; seed <= (int)(8 * soak()); seed++) {
            wg_game *g = wgp_new(ctx, "aigles", sc[i], NULL, (uint64_t)seed, NULL);
            int viewer = seed % 2, hidden = 0;
            long skip = (seed * 53L) % 120; /* a later period now and then */
            for (long k = 0; k < 2000 && !hidden; k++) {
                int over = 0, p = 0, kind = 0;
                wg_game_is_over(&over, g);
                if (over)
                    break;
                ck_assert_int_eq(wg_game_bot_step(NULL, g), WG_OK);
                wg_game_decision(&p, &kind, g);
                size_t n = wgp_event_count(g);
                const char *last = n ? wgp_event(g, n - 1, viewer) : "";
                hidden = k >= skip && p == 1 - viewer && (strstr(last, "face down") || strstr(last, "sealed"));
            }
            if (hidden) {
                char msg[4000];
                int r = wgl_run(g, viewer, (uint64_t)seed * 7 + 1, 60, &st, msg, sizeof msg);
                ck_assert_msg(r == 0, "%s seed %d: %s", sc[i], seed, msg);
                runs++;
            }
            wg_game_free(g);
        }
    printf("leak harness aigles: %ld runs from hidden positions, %ld twins (%ld with other hidden facts), %ld steps, "
           "%ld reveals\n",
           runs, st.twins, st.differ, st.steps, st.reveals);
    ck_assert_int_ge(runs, 8);
    /* the twin of each run really holds other markers or moves */
    ck_assert_msg(st.differ * 2 > runs, "only %ld twins of %ld runs differ", st.differ, runs);
    wg_ctx_free(ctx);
}
END_TEST

/* ---- the typed doors, by twins: every 16th step (and at once after every new twin) the viewer
   reads the same attributes of every piece and zone (each key's value, or its absence) and the same
   JSON view (but for the step number, which a determinized copy starts afresh) in both games. */

/* Whether option i of g is taken only with parameters (a precise move of Les Aigles: the harnesses
   take the menu's options instead). */
static int req_params(wg_game *g, size_t i)
{
    size_t np = 0;
    int req = 0;
    return wg_game_option_param_count(&np, &req, g, i) == WG_OK && req;
}

static void txt_add(char **p, size_t *len, const char *s)
{
    size_t n = strlen(s);
    char *q = realloc(*p, *len + n + 1);
    if (!q)
        abort();
    memcpy(q + *len, s, n + 1);
    *p = q;
    *len += n;
}

static void attr_line(char **out, size_t *olen, wg_game *g, int viewer, int of, size_t i)
{
    int nk = 0;
    ck_assert_int_eq(wg_game_attr_key_count(&nk, g, of), WG_OK);
    char tmp[600];
    for (int k = 0; k < nk; k++) {
        const char *name = NULL;
        int type = 0;
        ck_assert_int_eq(wg_game_attr_key(&name, &type, g, of, k), WG_OK);
        if (type == WG_ATTR_INT) {
            int64_t v = 0;
            int rc = wg_game_attr_int(&v, g, viewer, of, i, name);
            if (rc == WG_OK)
                snprintf(tmp, sizeof tmp, " %s=%lld", name, (long long)v);
            else
                snprintf(tmp, sizeof tmp, " %s<%d>", name, rc);
        } else {
            char buf[512];
            size_t len = 0;
            int rc = wg_game_attr_text(buf, sizeof buf, &len, g, viewer, of, i, name);
            if (rc == WG_OK)
                snprintf(tmp, sizeof tmp, " %s='%s'", name, buf);
            else
                snprintf(tmp, sizeof tmp, " %s<%d>", name, rc);
        }
        txt_add(out, olen, tmp);
    }
    txt_add(out, olen, "\n");
}

/* Everything the typed doors tell viewer: pieces, zones, the odds he may ask for, the JSON view (malloc). */
static char *typed_view(wg_game *g, int viewer)
{
    char *out = NULL;
    size_t olen = 0;
    txt_add(&out, &olen, "");
    size_t np = 0;
    ck_assert_int_eq(wg_game_piece_count(&np, g, viewer), WG_OK);
    for (size_t i = 0; i < np; i++)
        attr_line(&out, &olen, g, viewer, WG_ATTR_PIECE, i);
    int ns = 0;
    ck_assert_int_eq(wg_game_space_count(&ns, g), WG_OK);
    for (int s = 0; s < ns; s++)
        attr_line(&out, &olen, g, viewer, WG_ATTR_SPACE, (size_t)s);
    /* the odds the viewer may ask for (doc/marechaux.md "Odds"): their answers, or their refusals */
    for (int s = -1; s < ns; s++)
        for (int q = 0; q < (s < 0 ? 3 : 4); q++) {
            static const char *const plain[3] = {"combat", "demoralization", "commander"};
            char zone[128], act[256], odds[4096];
            size_t ol = 0;
            if (s < 0) {
                snprintf(act, sizeof act, "%s", plain[q]);
            } else {
                ck_assert_int_eq(wg_game_space_name(zone, sizeof zone, NULL, g, s), WG_OK);
                snprintf(act, sizeof act, "%s side=%d zone=\"%s\"", q < 2 ? "command" : "disengage", q & 1, zone);
            }
            int rc = wg_game_odds(odds, sizeof odds, &ol, g, viewer, act);
            txt_add(&out, &olen, act);
            txt_add(&out, &olen, rc == WG_OK ? odds : wg_game_errmsg(g));
        }
    /* a prospective combat by the viewer's pieces of each zone (their ids as he sees them) */
    for (int s = 0; s < ns && viewer != WG_VIEW_REFEREE; s++) {
        char act[1024], zone[128], odds[4096];
        ck_assert_int_eq(wg_game_space_name(zone, sizeof zone, NULL, g, s), WG_OK);
        int at = snprintf(act, sizeof act, "combat zone=\"%s\" attackers=", zone), any = 0;
        for (size_t i = 0; i < np; i++) {
            int64_t side = -1, sp = -1, id = 0;
            ck_assert_int_eq(wg_game_attr_int(&side, g, viewer, WG_ATTR_PIECE, i, "side"), WG_OK);
            if (side != viewer || wg_game_attr_int(&sp, g, viewer, WG_ATTR_PIECE, i, "space") != WG_OK || sp != s)
                continue;
            ck_assert_int_eq(wg_game_attr_int(&id, g, viewer, WG_ATTR_PIECE, i, "id"), WG_OK);
            at += snprintf(act + at, sizeof act - (size_t)at, any ? ",%lld" : "%lld", (long long)id);
            any = 1;
        }
        if (!any)
            continue;
        size_t ol = 0;
        int rc = wg_game_odds(odds, sizeof odds, &ol, g, viewer, act);
        txt_add(&out, &olen, act);
        txt_add(&out, &olen, rc == WG_OK ? odds : wg_game_errmsg(g));
    }
    size_t ne = 0, len = 0;
    wg_game_event_count(&ne, g);
    ck_assert_int_eq(wg_game_view_json(NULL, 0, &len, g, viewer, ne), WG_OK);
    char *js = malloc(len + 1);
    ck_assert_ptr_nonnull(js);
    ck_assert_int_eq(wg_game_view_json(js, len + 1, &len, g, viewer, ne), WG_OK);
    char *st = strstr(js, "\"step\":");
    ck_assert_ptr_nonnull(st);
    char *d = st + 7, *e = d;
    while (*e >= '0' && *e <= '9')
        e++;
    *d = '#';
    memmove(d + 1, e, strlen(e) + 1);
    txt_add(&out, &olen, js);
    free(js);
    return out;
}

static uint64_t mix(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int reveals_from(wg_game *g, size_t from, int viewer)
{
    size_t n = 0;
    wg_game_event_count(&n, g);
    for (size_t i = from; i < n; i++) {
        int r = 0;
        if (wg_game_event_reveals(&r, g, i, viewer) == WG_OK && r)
            return 1;
    }
    return 0;
}

static char *option_label_for(wg_game *g, size_t i, int p)
{
    size_t len = 0;
    ck_assert_int_eq(wg_game_option_label_for(NULL, 0, &len, g, i, p), WG_OK);
    char *b = malloc(len + 1);
    ck_assert_ptr_nonnull(b);
    ck_assert_int_eq(wg_game_option_label_for(b, len + 1, &len, g, i, p), WG_OK);
    return b;
}

/* Steps g and a twin determinized for viewer as the harness does (tests/support/wgleak.h); returns
   the comparisons made. */
static long typed_twins(wg_game *g, int viewer, uint64_t seed, long steps, long *differ)
{
    uint64_t rs = seed * 0x2545F4914F6CDD1DULL + 7;
    wg_game *t = NULL;
    size_t eg = 0, et = 0;
    long compared = 0;
    int fresh = 1;
    for (long k = 0; k <= steps; k++) {
        if (!t || reveals_from(g, eg, viewer) || reveals_from(t, et, viewer)) {
            wg_game_free(t);
            t = NULL;
            ck_assert_int_eq(wg_game_determinize(&t, g, viewer, mix(&rs)), WG_OK);
            wg_game_event_count(&eg, g);
            et = 0;
            fresh = 1;
            char *ra = typed_view(g, WG_VIEW_REFEREE), *rb = typed_view(t, WG_VIEW_REFEREE);
            *differ += strcmp(ra, rb) != 0;
            free(ra);
            free(rb);
        } else {
            wg_game_event_count(&eg, g);
            wg_game_event_count(&et, t);
        }
        if (fresh || k % 16 == 0) {
            char *va = typed_view(g, viewer), *vb = typed_view(t, viewer);
            if (strcmp(va, vb) != 0) {
                size_t d = 0;
                while (va[d] && va[d] == vb[d])
                    d++;
                size_t from = d > 200 ? d - 200 : 0;
                ck_abort_msg("typed doors leak for player %d (harness step %ld), at byte %zu:\n game: %.400s\n twin: %.400s",
                             viewer, k, d, va + from, vb + from);
            }
            free(va);
            free(vb);
            compared++;
            fresh = 0;
        }
        int p = 0, kind = 0, over = 0;
        wg_game_decision(&p, &kind, g);
        wg_game_is_over(&over, g);
        if (over || p == WG_PLAYER_NONE)
            break;
        size_t n = 0, chosen = 0;
        if (p == viewer) {
            ck_assert_int_eq(wg_game_option_count_for(&n, g, viewer), WG_OK);
            size_t i = (size_t)(mix(&rs) % n);
            for (size_t tries = 0; tries < n && req_params(g, i); tries++)
                i = (i + 1) % n;
            ck_assert_int_eq(wg_game_choose(g, i), WG_OK);
            ck_assert_int_eq(wg_game_choose(t, i), WG_OK);
        } else if (p == WG_PLAYER_CHANCE) {
            if (wg_game_option_count_for(&n, g, viewer) == WG_OK) {
                size_t i = (size_t)(mix(&rs) % n); /* public dice: the same face in both */
                ck_assert_int_eq(wg_game_choose(g, i), WG_OK);
                ck_assert_int_eq(wg_game_choose(t, i), WG_OK);
            } else {
                ck_assert_int_eq(wg_game_roll(&chosen, g), WG_OK);
                ck_assert_int_eq(wg_game_roll(&chosen, t), WG_OK);
            }
        } else { /* the other player: an option he reads in both games, else a new twin */
            size_t ng = 0, nt = 0;
            ck_assert_int_eq(wg_game_option_count_for(&ng, g, p), WG_OK);
            ck_assert_int_eq(wg_game_option_count_for(&nt, t, p), WG_OK);
            size_t start = (size_t)(mix(&rs) % ng), pick = ng, pickt = 0;
            while (req_params(g, start))
                start = (start + 1) % ng;
            for (size_t q = 0; q < ng && pick == ng; q++) {
                size_t i = (start + q) % ng;
                if (req_params(g, i))
                    continue;
                char *l = option_label_for(g, i, p);
                for (size_t j = 0; j < nt; j++) {
                    char *lt = option_label_for(t, j, p);
                    int same = strcmp(l, lt) == 0;
                    free(lt);
                    if (same) {
                        pick = i;
                        pickt = j;
                        break;
                    }
                }
                free(l);
            }
            if (pick < ng) {
                ck_assert_int_eq(wg_game_choose(g, pick), WG_OK);
                ck_assert_int_eq(wg_game_choose(t, pickt), WG_OK);
            } else {
                ck_assert_int_eq(wg_game_choose(g, start), WG_OK);
                wg_game_free(t);
                t = NULL; /* sampled again at the top */
            }
        }
    }
    wg_game_free(t);
    return compared;
}

static void typed_scenario(const char *sc, int seeds, long warmup_max, long steps)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    long compared = 0, differ = 0;
    for (int seed = 1; seed <= seeds; seed++) {
        wg_game *g = wgp_new(ctx, "marechaux", sc, NULL, (uint64_t)seed + 100, NULL);
        long warm = (seed * 53L) % (warmup_max + 1);
        for (long i = 0; i < warm; i++) {
            int over = 0;
            wg_game_is_over(&over, g);
            if (over)
                break;
            size_t c = 0;
            ck_assert_int_eq(wg_game_bot_step(&c, g), WG_OK);
        }
        for (int viewer = 0; viewer < 2; viewer++) {
            wg_game *h = NULL;
            ck_assert_int_eq(wg_game_clone(&h, g), WG_OK);
            compared += typed_twins(h, viewer, (uint64_t)(seed * 2 + viewer), steps, &differ);
            wg_game_free(h);
        }
        wg_game_free(g);
    }
    printf("typed doors %s: %d seeds, %ld comparisons, %ld twins with other hidden facts\n", sc, seeds, compared,
           differ);
    ck_assert_int_gt(compared, seeds);
    ck_assert_int_gt(differ, 0);
    wg_ctx_free(ctx);
}

START_TEST(test_typed_1808)
{
    typed_scenario("1808", (int)(4 * soak()), 600, 128);
}
END_TEST

START_TEST(test_typed_1809)
{
    typed_scenario("1809", (int)(4 * soak()), 600, 128);
}
END_TEST

/* Les Aigles: the typed doors (a unit's `marker` and `committed` attributes, the JSON view) from
   positions where the other side holds markers or moves the viewer may not see. */
START_TEST(test_typed_aigles)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    long compared = 0, differ = 0, runs = 0;
    for (int seed = 1; seed <= (int)(6 * soak()); seed++) {
        wg_game *g = wgp_new(ctx, "aigles", seed % 2 ? "crossroads" : "ridge", NULL, (uint64_t)seed + 40, NULL);
        int viewer = (seed / 2) % 2, hidden = 0;
        for (long k = 0; k < 2000 && !hidden; k++) {
            int over = 0, p = 0, kind = 0;
            wg_game_is_over(&over, g);
            if (over)
                break;
            ck_assert_int_eq(wg_game_bot_step(NULL, g), WG_OK);
            wg_game_decision(&p, &kind, g);
            size_t n = wgp_event_count(g);
            const char *last = n ? wgp_event(g, n - 1, viewer) : "";
            hidden = k >= seed * 11 && p == 1 - viewer && (strstr(last, "face down") || strstr(last, "sealed"));
        }
        if (hidden) {
            compared += typed_twins(g, viewer, (uint64_t)seed * 3 + 1, 48, &differ);
            runs++;
        }
        wg_game_free(g);
    }
    printf("typed doors aigles: %ld runs, %ld comparisons, %ld twins with other hidden facts\n", runs, compared, differ);
    ck_assert_int_ge(runs, 4);
    ck_assert_int_gt(differ, 0);
    wg_ctx_free(ctx);
}
END_TEST

/* The copy keeps the viewer's view and starts afresh: no events, no steps, no save; bad calls are
   refused. */
START_TEST(test_determinize_contract)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = wgp_new(ctx, "marechaux", "1808", NULL, 5, NULL);
    for (int i = 0; i < 120; i++) {
        size_t c = 0;
        ck_assert_int_eq(wg_game_bot_step(&c, g), WG_OK);
    }
    wg_game *t = NULL;
    ck_assert_int_eq(wg_game_determinize(&t, g, 0, 9), WG_OK);
    size_t ne = 1;
    uint64_t steps = 1;
    ck_assert_int_eq(wg_game_event_count(&ne, t), WG_OK);
    ck_assert_uint_eq(ne, 0);
    ck_assert_int_eq(wg_game_step_count(&steps, t), WG_OK);
    ck_assert_uint_eq(steps, 0);
    char *a = wgl_view(g, 0, 0), *b = wgl_view(t, 0, 0);
    /* the same view but for the events, which the copy does not have */
    char *ea = strstr(a, "new events:"), *eb = strstr(b, "new events:");
    ck_assert_ptr_nonnull(ea);
    ck_assert_ptr_nonnull(eb);
    *ea = *eb = '\0';
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
    size_t len = 0;
    ck_assert_int_eq(wg_game_save(NULL, 0, &len, t), WG_ESTATE);
    ck_assert_ptr_null(strstr(wg_game_errmsg(t), "determinized")); /* save takes a const game: no message */
    wg_game *c = NULL;
    ck_assert_int_eq(wg_game_clone(&c, t), WG_OK);
    ck_assert_int_eq(wg_game_save(NULL, 0, &len, c), WG_ESTATE);
    wg_game_free(c);
    wg_game_free(t);
    t = (wg_game *)1;
    ck_assert_int_eq(wg_game_determinize(&t, g, 2, 9), WG_ERANGE);
    ck_assert_ptr_null(t);
    ck_assert_int_eq(wg_game_determinize(&t, g, WG_VIEW_REFEREE, 9), WG_ERANGE);
    ck_assert_int_eq(wg_game_determinize(NULL, g, 0, 9), WG_EINVAL);
    ck_assert_int_eq(wg_game_determinize(&t, NULL, 0, 9), WG_EINVAL);
    int r = 7;
    ck_assert_int_eq(wg_game_event_reveals(&r, g, 1u << 30, 0), WG_ERANGE);
    ck_assert_int_eq(wg_game_event_reveals(&r, g, 0, 5), WG_ERANGE);
    ck_assert_int_eq(wg_game_event_reveals(&r, g, 0, WG_VIEW_REFEREE), WG_OK);
    ck_assert_int_eq(r, 0);
    wg_game_free(g);

    /* a ruleset without hidden facts: the copy is the same game with other dice */
    g = wgp_new(ctx, "lga", "1806", NULL, 3, NULL);
    ck_assert_int_eq(wg_game_determinize(&t, g, 1, 4), WG_OK);
    a = wgl_view(g, WG_VIEW_REFEREE, 1u << 30);
    b = wgl_view(t, WG_VIEW_REFEREE, 1u << 30);
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
    wg_game_free(t);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* A determinization depends on the viewer's view and the seed only: from a position and from a twin
   of it (a determinized copy, the same view with other hidden facts) the same seed gives the same
   world, in every ruleset that hides facts.  A sample that read where the hidden identities truly
   are (Les Maréchaux once matched them through the candidates of the counter each identity holds)
   would give a search a different world in each twin. */
START_TEST(test_determinize_depends_on_the_view)
{
    static const char *const rs[] = {"marechaux", "marechaux", "ccn", "ccn", "aigles"};
    static const char *const sc[] = {"1808", "1809", "S01", "S10", "crossroads"};
    static const int seeds[] = {40, 40, 10, 10, 3};
    int thin = getenv("WG_MEMCHECK") != NULL; /* under valgrind: a sample of the positions */
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    long compared = 0, hidden = 0;
    for (int r = 0; r < 5; r++)
        for (int seed = 1; seed <= (thin ? (seeds[r] + 7) / 8 : seeds[r]); seed++) {
            wg_game *g = wgp_new(ctx, rs[r], sc[r], NULL, (uint64_t)seed, NULL);
            for (long i = 0; i < 20 + 13L * seed; i++) {
                int over = 0;
                wg_game_is_over(&over, g);
                if (over)
                    break;
                ck_assert_int_eq(wg_game_bot_step(NULL, g), WG_OK);
            }
            for (int viewer = 0; viewer < 2; viewer++) {
                wg_game *twin = NULL;
                ck_assert_int_eq(wg_game_determinize(&twin, g, viewer, (uint64_t)seed * 101), WG_OK);
                uint64_t hg = 0, ht = 0;
                wg_game_hash(&hg, g);
                wg_game_hash(&ht, twin);
                hidden += hg != ht;
                for (uint64_t k = 1; k <= 3; k++) {
                    wg_game *a = NULL, *b = NULL;
                    ck_assert_int_eq(wg_game_determinize(&a, g, viewer, k), WG_OK);
                    ck_assert_int_eq(wg_game_determinize(&b, twin, viewer, k), WG_OK);
                    uint64_t ha = 0, hb = 0;
                    wg_game_hash(&ha, a);
                    wg_game_hash(&hb, b);
                    ck_assert_msg(ha == hb, "%s %s seed %d, viewer %d, sample %llu: the game and its twin give "
                                  "different worlds", rs[r], sc[r], seed, viewer, (unsigned long long)k);
                    compared++;
                    wg_game_free(a);
                    wg_game_free(b);
                }
                wg_game_free(twin);
            }
            wg_game_free(g);
        }
    printf("determinize: %ld samples compared, %ld twins differ from their game\n", compared, hidden);
    ck_assert_int_gt(hidden, thin ? 5 : 50); /* the twins hide something else: the comparison can fail */
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* A held event is re-sampled from the holder's container and hand: the determinized copies of a
   position where the French hold one event hold, between them, several different events, never a
   starred one, and the Anglo-Allied view of each is the same. */
START_TEST(test_determinize_events)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = wgp_new(ctx, "marechaux", "1808", NULL, 2, NULL);
    /* to the first operation: both sides have drawn and kept or played */
    for (int i = 0; i < 20; i++) {
        const char *d = wgp_decision(g);
        if (strstr(d, "operation"))
            break;
        if (wgp_find(g, "keep") >= 0)
            wgp_choose(g, "keep");
        else
            wgp_choose_index(g, 0);
    }
    const char *ref = wgp_describe(g, WG_VIEW_REFEREE);
    const char *fr = strstr(ref, "French events:");
    ck_assert_ptr_nonnull(fr);
    char truth[256];
    snprintf(truth, sizeof truth, "%.*s", (int)strcspn(fr, "\n"), fr);
    int other = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        wg_game *t = NULL;
        ck_assert_int_eq(wg_game_determinize(&t, g, 0 /* Anglo-Allied */, seed), WG_OK);
        const char *tf = strstr(wgp_describe(t, WG_VIEW_REFEREE), "French events:");
        ck_assert_ptr_nonnull(tf);
        if (strncmp(tf, truth, strlen(truth)) != 0)
            other++;
        char *a = wgl_view(g, 0 /* Anglo-Allied */, 1u << 30), *b = wgl_view(t, 0 /* Anglo-Allied */, 1u << 30);
        ck_assert_str_eq(a, b);
        free(a);
        free(b);
        wg_game_free(t);
    }
    ck_assert_msg(other > 0, "40 copies all hold the true French events: %s", truth);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Targeted twins.  Each pair of games differs in one fact the rules hide from one player; after
   every step that player reads the same in both (LM-FOG-01, LM-SCEN1809-02). */

static void assert_same_view(wg_game *a, wg_game *b, int viewer, const char *what)
{
    char *va = wgl_view(a, viewer, 0), *vb = wgl_view(b, viewer, 0);
    ck_assert_msg(strcmp(va, vb) == 0, "%s: player %d reads\n%s\n--- and ---\n%s", what, viewer, va, vb);
    free(va);
    free(vb);
}

/* The 1809 free placement: the French see neither where each Anglo-Allied unit went nor the order,
   only, once the placement is over, how many counters stand in each zone. */
START_TEST(test_twin_1809_placement_order)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *a = wgp_new(ctx, "marechaux", "1809", NULL, 1, NULL);
    wg_game *b = wgp_new(ctx, "marechaux", "1809", NULL, 1, NULL);
    /* a puts the first unit in Zone A and the second in Zone B, b the other way round; the rest
       go to Zone C in both */
    ck_assert_int_ge(wgp_find(a, "Zone A"), 0);
    for (int k = 0; strstr(wgp_decision(a), "set-up") || wgp_find(a, "Zone C") >= 0; k++) {
        if (wgp_find(a, "Zone C") < 0)
            break;
        wgp_choose(a, k == 0 ? "Zone A" : k == 1 ? "Zone B" : "Zone C");
        wgp_choose(b, k == 0 ? "Zone B" : k == 1 ? "Zone A" : "Zone C");
        assert_same_view(a, b, 1, "placement");
    }
    char ra[4096];
    snprintf(ra, sizeof ra, "%s", wgp_describe(a, WG_VIEW_REFEREE));
    ck_assert_str_ne(ra, wgp_describe(b, WG_VIEW_REFEREE));
    wg_game_free(a);
    wg_game_free(b);
    wg_ctx_free(ctx);
}
END_TEST

/* Steps two twins with the same choices (the same index; for the player whose view may differ, the
   option with the same label) while `viewer` reads the same in both; returns the steps taken. */
static int step_twins(wg_game *a, wg_game *b, int viewer, int steps)
{
    int k = 0;
    for (; k < steps; k++) {
        assert_same_view(a, b, viewer, "twins");
        int over = 0;
        wg_game_is_over(&over, a);
        if (over)
            break;
        int p = wgp_decider(a);
        size_t i = (size_t)(k * 7919) % wgp_option_count(a);
        if (p != viewer && p != WG_PLAYER_CHANCE) {
            char l[512];
            snprintf(l, sizeof l, "%s", wgp_label(a, i));
            long j = wgp_find(b, l);
            if (j < 0)
                break;
            wgp_choose_index(a, i);
            wgp_choose_index(b, (size_t)j);
        } else {
            wgp_choose_index(a, i);
            wgp_choose_index(b, i);
        }
    }
    return k;
}

/* The French hold Genie in one game and Kellermann in the other (a set-up hand; neither has an
   effect the engine plays): the Anglo-Allied player reads the same in both, step after step
   (LM-FOG-03). */
START_TEST(test_twin_held_event)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    char *src = wgp_read_source("data/marechaux/1808.wgd", NULL);
    char *pa = wgp_replace(src, "\ncontainer AA Genie 1", "\nhand F Genie 1\ncontainer AA Genie 1");
    char *pb = wgp_replace(src, "\ncontainer AA Genie 1", "\nhand F Kellermann 1\ncontainer AA Genie 1");
    char *map = wgp_read_source("data/marechaux/1808-map.wgd", NULL);
    wgp_doc da[] = {{"map", map}, {"pack", pa}, {NULL, NULL}}, db[] = {{"map", map}, {"pack", pb}, {NULL, NULL}};
    wg_game *a = wgp_new(ctx, "marechaux", "1808", NULL, 3, da);
    wg_game *b = wgp_new(ctx, "marechaux", "1808", NULL, 3, db);
    char ra[256];
    snprintf(ra, sizeof ra, "%s", strstr(wgp_describe(a, 1), "French events:"));
    ck_assert_ptr_nonnull(strstr(ra, "Genie"));
    ck_assert_ptr_nonnull(strstr(wgp_describe(b, 1), "Kellermann"));
    ck_assert_int_ge(step_twins(a, b, 0, 200), 50);
    wg_game_free(a);
    wg_game_free(b);
    free(map);
    free(pa);
    free(pb);
    free(src);
    wg_ctx_free(ctx);
}
END_TEST

/* The command test of a French stack: its commander's SV does not show in the total the
   Anglo-Allied player reads, only the die and the outcome. */
START_TEST(test_twin_command_total)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = wgp_new(ctx, "marechaux", "1808", NULL, 2, NULL);
    int seen = 0;
    for (int i = 0; i < 3000 && !seen; i++) {
        size_t n = 0;
        wg_game_event_count(&n, g);
        size_t c = 0;
        int over = 0;
        wg_game_is_over(&over, g);
        if (over)
            break;
        ck_assert_int_eq(wg_game_bot_step(&c, g), WG_OK);
        long e = wgp_find_event(g, n, "French command test: die", WG_VIEW_REFEREE);
        if (e >= 0) {
            ck_assert_ptr_nonnull(strstr(wgp_event(g, (size_t)e, WG_VIEW_REFEREE), "total"));
            ck_assert_ptr_nonnull(strstr(wgp_event(g, (size_t)e, 1), "total"));
            ck_assert_ptr_null(strstr(wgp_event(g, (size_t)e, 0), "total"));
            seen = 1;
        }
    }
    ck_assert(seen);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Les Aigles: a unit hidden in a wood (LA-TERRAIN-07, LA-LOS-09).  Two battles differ only in where
   the Austrian skirmishers stand in the wood; the French, far from it, read the same in both, step
   after step (the French choose anything, the Austrians place no marker and halt), and a copy
   determinized for the French draws the skirmishers elsewhere in the wood and reads the same too. */
static wg_game *hidden_twin(wg_ctx *ctx, const char *at)
{
    char units[1024];
    snprintf(units, sizeof units,
             "unit French Ligne type=line-fusiliers companies=4x3 formation=line front=12 at=1300,100 facing=0,1 order=hold\n"
             "unit Austrians Jaeger type=voltigeurs companies=2x4 formation=skirmish front=8 at=%s facing=0,-1 order=hold\n"
             "unit Austrians Z type=line-fusiliers companies=4x3 formation=line front=12 at=2400,1150 facing=0,-1 order=hold\n",
             at);
    char *table = wga_table(2600, 1200, "area wood name=Wood blocks-sight light-cover 1000,400 1600,400 1600,800 1000,800\n");
    wga_setup st = {.table = table, .options = "break=none"};
    wg_game *g = wga_game(ctx, &st, units);
    free(table);
    return g;
}

/* The referee's x of the piece named name (-1 when none). */
static int64_t referee_x(wg_game *g, const char *name)
{
    int k = wga_piece(g, name);
    return k < 0 ? -1 : wga_attr(g, (size_t)k, "x");
}

START_TEST(test_twin_hidden_unit)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *a = hidden_twin(ctx, "1200,600"), *b = hidden_twin(ctx, "1450,700");
    ck_assert_int_ne(referee_x(a, "Jaeger"), referee_x(b, "Jaeger"));
    /* the determinized copies for the French: the same view, the skirmishers drawn anew in the wood */
    int moved = 0;
    for (uint64_t seed = 1; seed <= 8; seed++) {
        wg_game *t = NULL;
        ck_assert_int_eq(wg_game_determinize(&t, a, 0, seed), WG_OK);
        size_t ea = wgp_event_count(a), et = wgp_event_count(t); /* a copy starts its events afresh */
        char *va = wgl_view(a, 0, ea), *vt = wgl_view(t, 0, et);
        ck_assert_msg(strcmp(va, vt) == 0, "determinized for the French:\n%s\n--- and ---\n%s", va, vt);
        free(va);
        free(vt);
        int64_t x = referee_x(t, "Jaeger");
        ck_assert(x >= 1000 && x <= 1600); /* in the wood */
        moved += x != referee_x(a, "Jaeger");
        wg_game_free(t);
        /* for the Austrians, who see it, it stays */
        ck_assert_int_eq(wg_game_determinize(&t, a, 1, seed), WG_OK);
        ck_assert_int_eq(referee_x(t, "Jaeger"), referee_x(a, "Jaeger"));
        wg_game_free(t);
    }
    ck_assert_int_gt(moved, 0);
    int steps = 0;
    for (; steps < 400 && !wga_over(a); steps++) {
        assert_same_view(a, b, 0, "a hidden unit");
        int p = wgp_decider(a);
        if (p == 1) {
            long i = wgp_find(a, "none marker");
            if (i < 0)
                i = wgp_find(a, ": halt");
            if (i < 0)
                i = 0;
            char l[512];
            snprintf(l, sizeof l, "%s", wgp_label(a, (size_t)i));
            long j = wgp_find(b, l);
            ck_assert_msg(j >= 0, "no option '%s' in the twin", l);
            wgp_choose_index(a, (size_t)i);
            wgp_choose_index(b, (size_t)j);
        } else {
            size_t n = wgp_option_count(a), i = (size_t)(steps * 7919) % n;
            for (size_t tries = 0; tries < n && req_params(a, i); tries++)
                i = (i + 1) % n;
            wgp_choose_index(a, i);
            wgp_choose_index(b, i);
        }
    }
    ck_assert(wga_over(a));
    ck_assert_int_gt(steps, 10);
    assert_same_view(a, b, 0, "a hidden unit, at the end");
    ck_assert_int_ne(referee_x(a, "Jaeger"), referee_x(b, "Jaeger"));
    wg_game_free(a);
    wg_game_free(b);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("leak");
    TCase *tc = tcase_create("twins");
    tcase_set_timeout(tc, 900);
    tcase_add_test(tc, test_determinize_contract);
    tcase_add_test(tc, test_determinize_events);
    tcase_add_test(tc, test_determinize_depends_on_the_view);
    tcase_add_test(tc, test_twin_1809_placement_order);
    tcase_add_test(tc, test_twin_held_event);
    tcase_add_test(tc, test_twin_command_total);
    tcase_add_test(tc, test_leak_1808);
    tcase_add_test(tc, test_leak_1809);
    tcase_add_test(tc, test_leak_ccn);
    tcase_add_test(tc, test_leak_aigles);
    tcase_add_test(tc, test_typed_1808);
    tcase_add_test(tc, test_typed_1809);
    tcase_add_test(tc, test_typed_aigles);
    tcase_add_test(tc, test_twin_hidden_unit);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

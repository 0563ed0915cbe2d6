/* Helpers of the Les Aigles public-API tests: see wgaigles.h. */
#include "wgaigles.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wgplay.h"

/* ---------------------------------------------------------------- positions */

char *wga_table(int w, int h, const char *features)
{
    size_t cap = 1024 + (features ? strlen(features) : 0);
    char *t = malloc(cap);
    ck_assert_ptr_nonnull(t);
    snprintf(t, cap,
             "wgdata 1 map\ntitle \"test table\"\ngrid table %d %d\n" WGA_TABLE_VOCABULARY
             "area open name=Open 0,0 %d,0 %d,%d 0,%d\n%s",
             w, h, w, w, h, h, features ? features : "");
    return t;
}

const char wga_combat_table[] = "wgdata 1 map\n"
                                "grid table 1000 1000\n"
                                "terrain open wood village field\n"
                                "flag blocks-sight light-cover hard-cover\n"
                                "linetype road stream crest hedge\n"
                                "area open name=Open 0,0 1000,0 1000,1000 0,1000\n"
                                "area open name=Orchard light-cover 700,600 1000,600 1000,900 700,900\n"
                                "area open name=Farm hard-cover 0,600 300,600 300,900 0,900\n"
                                "area wood name=Wood blocks-sight light-cover 400,850 600,850 600,920 400,920\n";

int wga_try(wg_game **out, wg_ctx *ctx, const wga_setup *s, const char *units)
{
    static const wga_setup none;
    if (!s)
        s = &none;
    char *army = NULL;
    if (!s->army || s->army_extra) {
        char *base = s->army ? NULL : wgp_read_source("data/aigles/sample-army.wgd", NULL);
        const char *a = s->army ? s->army : base;
        const char *x = s->army_extra ? s->army_extra : "";
        size_t acap = strlen(a) + strlen(x) + 2;
        army = malloc(acap);
        ck_assert_ptr_nonnull(army);
        snprintf(army, acap, "%s\n%s", a, x);
        free(base);
    }
    char *table = s->table ? NULL : wga_table(2600, 1200, NULL);
    size_t cap = 512 + strlen(units);
    char *battle = malloc(cap);
    ck_assert_ptr_nonnull(battle);
    snprintf(battle, cap,
             "wgdata 1 aigles-battle\ntitle \"%s\"\nscale %d\nperiods %d\nside French\nside Austrians\n%s",
             s->title ? s->title : "test position", s->scale ? s->scale : 25, s->periods ? s->periods : 3, units);
    wgp_doc docs[] = {{"army", army ? army : s->army},
                      {"table", s->table ? s->table : table},
                      {"battle", battle},
                      {NULL, NULL}};
    int rc = wgp_try_new(out, ctx, "aigles", "crossroads", s->options, 1, docs);
    free(army);
    free(table);
    free(battle);
    return rc;
}

wg_game *wga_game(wg_ctx *ctx, const wga_setup *s, const char *units)
{
    wg_game *g = NULL;
    int rc = wga_try(&g, ctx, s, units);
    ck_assert_msg(rc == WG_OK, "set-up: %s: %s", wg_status_str(rc), wg_ctx_errmsg(ctx));
    return g;
}

int wga_try_position(wg_game **out, wg_ctx *ctx, const char *options, const char *units, int periods)
{
    wga_setup s = {.table = wga_combat_table, .options = options, .periods = periods};
    return wga_try(out, ctx, &s, units);
}

wg_game *wga_position(wg_ctx *ctx, const char *options, const char *units)
{
    wga_setup s = {.table = wga_combat_table, .options = options};
    return wga_game(ctx, &s, units);
}

int wga_try_battle(wg_game **out, wg_ctx *ctx, const char *features, const char *units, const char *options)
{
    char *table = wga_table(2600, 1200, features);
    wga_setup s = {.table = table, .options = options};
    int rc = wga_try(out, ctx, &s, units);
    free(table);
    return rc;
}

wg_game *wga_battle(wg_ctx *ctx, const char *features, const char *units, const char *options)
{
    wg_game *g = NULL;
    int rc = wga_try_battle(&g, ctx, features, units, options);
    ck_assert_msg(rc == WG_OK, "set-up: %s: %s", wg_status_str(rc), wg_ctx_errmsg(ctx));
    return g;
}

wg_ctx *wga_ctx(void)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    return ctx;
}

/* ---------------------------------------------------------------- deciding */

int wga_over(wg_game *g)
{
    int over = 0;
    ck_assert_int_eq(wg_game_is_over(&over, g), WG_OK);
    return over;
}

int wga_has_decision(wg_game *g, const char *needle)
{
    return strstr(wgp_decision(g), needle) != NULL;
}

void wga_drive(wg_game *g, const char *const *prefs, const char *stop)
{
    static const char *const quiet[] = {"none marker", "no pivot",      ": halt",           " stays", ": no charge",
                                        " stands",     "holds its fire", ": no more orders", NULL};
    for (int guard = 0; guard < 400; guard++) {
        if (wga_over(g) || wgp_decider(g) == WG_PLAYER_CHANCE || (stop && wga_has_decision(g, stop)))
            return;
        long k = -1;
        for (size_t p = 0; prefs && prefs[p] && k < 0; p++)
            k = wgp_find(g, prefs[p]);
        if (k < 0 && wgp_find(g, "charisma ") >= 0)
            return;
        for (size_t p = 0; quiet[p] && k < 0; p++)
            k = wgp_find(g, quiet[p]);
        ck_assert_msg(k >= 0, "no option to take:\n%s", wgp_options_dump(g));
        wgp_choose_index(g, (size_t)k);
    }
    ck_abort_msg("wga_drive: no stop reached");
}

void wga_die(wg_game *g, int d)
{
    ck_assert_msg(wgp_decider(g) == WG_PLAYER_CHANCE, "not a die: %s", wgp_options_dump(g));
    char lab[16];
    snprintf(lab, sizeof lab, "die %d", d);
    wgp_choose(g, lab);
}

void wga_obey(wg_game *g)
{
    while (wgp_decider(g) == WG_PLAYER_CHANCE && wga_has_decision(g, "morale test")) {
        int pick = 0;
        for (int d = 6; d >= 1 && !pick; d--) {
            wg_game *c = NULL;
            ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
            size_t e = wgp_event_count(c);
            char lab[16];
            snprintf(lab, sizeof lab, "die %d", d);
            wgp_choose(c, lab);
            long t = wgp_find_event(c, e, " tests ", WG_VIEW_REFEREE);
            if (t >= 0 && strstr(wgp_event(c, (size_t)t, WG_VIEW_REFEREE), ": obeys"))
                pick = d;
            wg_game_free(c);
        }
        wga_die(g, pick ? pick : 6);
    }
}

void wga_halt_all(wg_game *g)
{
    while (wga_has_decision(g, "commits the move") && wgp_find(g, ": halt") >= 0)
        wgp_choose(g, ": halt");
}

uint64_t wga_action(wg_game *g, const char *needle)
{
    long i = wgp_find(g, needle);
    ck_assert_msg(i >= 0, "no option '%s':\n%s", needle, wgp_options_dump(g));
    uint64_t a = 0;
    ck_assert_int_eq(wg_game_option_action(&a, g, (size_t)i), WG_OK);
    return a;
}

int wga_move_to(wg_game *g, int64_t x, int64_t y)
{
    long i = wgp_find(g, "move to a point");
    ck_assert_msg(i >= 0, "no precise move:\n%s", wgp_options_dump(g));
    int64_t v[2] = {x, y};
    return wg_game_choose_params(g, (size_t)i, v, 2);
}

int wga_wheel_to(wg_game *g, int64_t pivot, int64_t fx, int64_t fy)
{
    long i = wgp_find(g, "wheel to a facing");
    ck_assert_msg(i >= 0, "no precise wheel:\n%s", wgp_options_dump(g));
    int64_t v[3] = {pivot, fx, fy};
    return wg_game_choose_params(g, (size_t)i, v, 3);
}

/* ---------------------------------------------------------------- reading */

int wga_piece(wg_game *g, const char *name)
{
    size_t n = 0;
    ck_assert_int_eq(wg_game_piece_count(&n, g, WG_VIEW_REFEREE), WG_OK);
    for (size_t i = 0; i < n; i++) {
        char buf[64];
        if (wg_game_attr_text(buf, sizeof buf, NULL, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, i, "name") == WG_OK &&
            strcmp(buf, name) == 0)
            return (int)i;
    }
    return -1;
}

int64_t wga_attr(wg_game *g, size_t piece, const char *key)
{
    int64_t v = 0;
    int rc = wg_game_attr_int(&v, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, piece, key);
    ck_assert_msg(rc == WG_OK, "piece %zu has no %s: %s", piece, key, wg_status_str(rc));
    return v;
}

int64_t wga_attr_of(wg_game *g, const char *name, const char *key)
{
    int p = wga_piece(g, name);
    ck_assert_msg(p >= 0, "no piece %s", name);
    return wga_attr(g, (size_t)p, key);
}

int wga_has_attr(wg_game *g, size_t piece, const char *key)
{
    int64_t v = 0;
    char buf[64];
    if (wg_game_attr_int(&v, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, piece, key) == WG_OK)
        return 1;
    return wg_game_attr_text(buf, sizeof buf, NULL, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, piece, key) == WG_OK;
}

static char text_buf[512];

const char *wga_text_for(wg_game *g, int viewer, size_t piece, const char *key, int *rc)
{
    text_buf[0] = '\0';
    int r = wg_game_attr_text(text_buf, sizeof text_buf, NULL, g, viewer, WG_ATTR_PIECE, piece, key);
    if (rc)
        *rc = r;
    if (r != WG_OK)
        text_buf[0] = '\0';
    return text_buf;
}

const char *wga_text(wg_game *g, size_t piece, const char *key)
{
    int rc = 0;
    const char *t = wga_text_for(g, WG_VIEW_REFEREE, piece, key, &rc);
    ck_assert_msg(rc == WG_OK, "piece %zu has no %s: %s", piece, key, wg_status_str(rc));
    return t;
}

long wga_event(wg_game *g, size_t from, const char *needle)
{
    long k = wgp_find_event(g, from, needle, WG_VIEW_REFEREE);
    ck_assert_msg(k >= 0, "no event '%s' in:\n%s", needle, wgp_events_dump(g, from, WG_VIEW_REFEREE));
    return k;
}

const char *wga_rule(wg_game *g, long k)
{
    const char *r = NULL;
    ck_assert_int_eq(wg_game_event_rule(&r, g, (size_t)k), WG_OK);
    return r ? r : "";
}

long wga_expect(wg_game *g, size_t from, const char *needle, const char *rule)
{
    long k = wga_event(g, from, needle);
    if (rule)
        ck_assert_msg(strcmp(wga_rule(g, k), rule) == 0, "event '%s' is tagged %s, not %s",
                      wgp_event(g, (size_t)k, WG_VIEW_REFEREE), wga_rule(g, k), rule);
    return k;
}

void wga_no_event(wg_game *g, size_t from, const char *needle)
{
    long k = wgp_find_event(g, from, needle, WG_VIEW_REFEREE);
    ck_assert_msg(k < 0, "unexpected event '%s'", k >= 0 ? wgp_event(g, (size_t)k, WG_VIEW_REFEREE) : "");
}

char wga_odds_buf[16384];

int wga_odds(wg_game *g, const char *action)
{
    return wg_game_odds(wga_odds_buf, sizeof wga_odds_buf, NULL, g, WG_VIEW_REFEREE, action);
}

void wga_odds_ok(wg_game *g, const char *action)
{
    int rc = wga_odds(g, action);
    ck_assert_msg(rc == WG_OK, "odds %s: %s %s", action, wg_status_str(rc), wg_game_errmsg(g));
}

void wga_odds_has(const char *needle)
{
    ck_assert_msg(strstr(wga_odds_buf, needle) != NULL, "odds without '%s': %s", needle, wga_odds_buf);
}

void wga_odds_lacks(const char *needle)
{
    ck_assert_msg(strstr(wga_odds_buf, needle) == NULL, "odds with '%s': %s", needle, wga_odds_buf);
}

/* ---------------------------------------------------------------- melees */

void wga_to_melee(wg_game *g, const char *const *prefs)
{
    for (int guard = 0; guard < 40; guard++) {
        wga_drive(g, prefs, NULL);
        if (wga_over(g) || wga_has_decision(g, "phase 5: the die of"))
            return;
        ck_assert_msg(wga_has_decision(g, "morale test"), "not a test: %s", wgp_decision(g));
        wga_obey(g);
    }
    ck_abort_msg("to_melee: no melee reached");
}

void wga_melee_odds(wg_game *g, int a, int b)
{
    char act[64];
    snprintf(act, sizeof act, "melee from=%d at=%d", a, b);
    wga_odds_ok(g, act);
}

void wga_mod(const char *name, int value, const char *text)
{
    char buf[160];
    if (text)
        snprintf(buf, sizeof buf, "{\"name\":\"%s\",\"value\":%d,\"text\":\"%s\"", name, value, text);
    else
        snprintf(buf, sizeof buf, "{\"name\":\"%s\",\"value\":%d,", name, value);
    wga_odds_has(buf);
}

void wga_no_mod(const char *name, const char *text)
{
    char buf[160];
    if (text)
        snprintf(buf, sizeof buf, "\"name\":\"%s\",\"value\":", name);
    else
        snprintf(buf, sizeof buf, "{\"name\":\"%s\",", name);
    if (!text) {
        wga_odds_lacks(buf);
        return;
    }
    char t[96];
    snprintf(t, sizeof t, "\"text\":\"%s\"", text);
    /* the row's text under that table's name */
    const char *p = wga_odds_buf;
    while ((p = strstr(p, buf)) != NULL) {
        const char *e = strchr(p, '}');
        ck_assert_ptr_nonnull(e);
        const char *q = strstr(p, t);
        ck_assert_msg(!q || q > e, "odds with %s %s: %s", name, text, wga_odds_buf);
        p = e;
    }
}

void wga_roll_for(wg_game *g, const char *want, int *da, int *db)
{
    for (int a = 1; a <= 6; a++)
        for (int b = 1; b <= 6; b++) {
            wg_game *c = NULL;
            ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
            size_t e = wgp_event_count(c);
            wga_die(c, a);
            wga_die(c, b);
            int ok = wgp_find_event(c, e, want, WG_VIEW_REFEREE) >= 0;
            wg_game_free(c);
            if (ok) {
                wga_die(g, a);
                wga_die(g, b);
                if (da)
                    *da = a;
                if (db)
                    *db = b;
                return;
            }
        }
    ck_abort_msg("no dice give '%s': %s", want, wgp_decision(g));
}

/* ---------------------------------------------------------------- tables */

int wga_t28(int f, int n)
{
    return f <= 0 ? 0 : (3 * n * f + 5) / 10;
}

int wga_t30(int die)
{
    return (die - 1) / 2;
}

#include "wgplay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WGP_BUF 65536

/* ---- rule-tag trace: every rule tag seen in events and in refusal messages is appended to the
   file named by WGP_RULE_TRACE (one tag a line), for the rule_tag_trace ctest ---- */
static char trace_seen[2048][32];
static size_t trace_n;

static void trace_tag(const char *tag, size_t n)
{
    const char *path = getenv("WGP_RULE_TRACE");
    if (!path || !*path || n == 0 || n >= sizeof trace_seen[0])
        return;
    for (size_t i = 0; i < trace_n; i++)
        if (strlen(trace_seen[i]) == n && memcmp(trace_seen[i], tag, n) == 0)
            return;
    if (trace_n < sizeof trace_seen / sizeof trace_seen[0]) {
        memcpy(trace_seen[trace_n], tag, n);
        trace_seen[trace_n++][n] = '\0';
    }
    FILE *f = fopen(path, "a");
    if (f) {
        fprintf(f, "%.*s\n", (int)n, tag);
        fclose(f);
    }
}

/* Tags in a text: runs of [A-Z0-9-] with at least one '-' that start with a capital, as
   "LGA-CRT-03" or "LM-FATIGUE-08" (a rule tag in a message is written so). */
static void trace_text(const char *t)
{
    while (t && *t) {
        if (*t >= 'A' && *t <= 'Z') {
            size_t n = 0;
            int dash = 0;
            while ((t[n] >= 'A' && t[n] <= 'Z') || (t[n] >= '0' && t[n] <= '9') || t[n] == '-') {
                dash |= t[n] == '-';
                n++;
            }
            if (dash && n > 3 && t[n - 1] != '-')
                trace_tag(t, n);
            t += n;
        } else {
            t++;
        }
    }
}

void wgp_trace(wg_game *g)
{
    if (!getenv("WGP_RULE_TRACE"))
        return;
    size_t n = 0;
    if (wg_game_event_count(&n, g) != WG_OK)
        return;
    for (size_t i = 0; i < n; i++) {
        const char *rule = NULL;
        if (wg_game_event_rule(&rule, g, i) == WG_OK && rule)
            trace_text(rule);
    }
}

void wgp_trace_message(const char *msg)
{
    if (getenv("WGP_RULE_TRACE"))
        trace_text(msg);
}

static char label_buf[4096];
static char text_buf[WGP_BUF];
static char dump_buf[WGP_BUF];

int wgp_try_new(wg_game **out, wg_ctx *ctx, const char *ruleset, const char *scenario, const char *options,
                uint64_t seed, const wgp_doc *docs)
{
    wg_setup *s = NULL;
    *out = NULL;
    int rc = wg_setup_new(&s, ctx, ruleset, scenario);
    if (rc != WG_OK)
        return rc;
    if (rc == WG_OK && options)
        rc = wg_setup_set_options(s, options);
    if (rc == WG_OK)
        rc = wg_setup_set_seed(s, seed);
    for (size_t i = 0; rc == WG_OK && docs && docs[i].slot; i++)
        rc = wg_setup_add_data(s, docs[i].slot, docs[i].text, strlen(docs[i].text));
    if (rc == WG_OK)
        rc = wg_game_new_setup(out, s);
    wg_setup_free(s);
    return rc;
}

wg_game *wgp_new(wg_ctx *ctx, const char *ruleset, const char *scenario, const char *options, uint64_t seed,
                 const wgp_doc *docs)
{
    wg_game *g = NULL;
    int rc = wgp_try_new(&g, ctx, ruleset, scenario, options, seed, docs);
    ck_assert_msg(rc == WG_OK, "game %s/%s: %s: %s", ruleset, scenario, wg_status_str(rc), wg_ctx_errmsg(ctx));
    return g;
}

size_t wgp_option_count(wg_game *g)
{
    size_t n = 0;
    ck_assert_int_eq(wg_game_option_count(&n, g), WG_OK);
    return n;
}

const char *wgp_label(wg_game *g, size_t i)
{
    size_t len;
    int rc = wg_game_option_label(label_buf, sizeof label_buf, &len, g, i);
    ck_assert_msg(rc == WG_OK, "option %zu: %s", i, wg_status_str(rc));
    return label_buf;
}

long wgp_find(wg_game *g, const char *needle)
{
    size_t n = wgp_option_count(g);
    for (size_t i = 0; i < n; i++)
        if (strstr(wgp_label(g, i), needle))
            return (long)i;
    return -1;
}

size_t wgp_count(wg_game *g, const char *needle)
{
    size_t n = wgp_option_count(g), k = 0;
    for (size_t i = 0; i < n; i++)
        if (strstr(wgp_label(g, i), needle))
            k++;
    return k;
}

int wgp_decider(wg_game *g)
{
    int player = 0, kind = 0;
    ck_assert_int_eq(wg_game_decision(&player, &kind, g), WG_OK);
    return player;
}

const char *wgp_decision(wg_game *g)
{
    size_t len;
    text_buf[0] = '\0';
    int rc = wg_game_decision_text(text_buf, sizeof text_buf, &len, g);
    ck_assert_msg(rc == WG_OK, "decision text: %s", wg_status_str(rc));
    return text_buf;
}

const char *wgp_options_dump(wg_game *g)
{
    size_t k = 0, n = 0, len;
    char dec[1024] = "";
    wgp_trace(g);
    if (wg_game_decision_text(dec, sizeof dec, &len, g) != WG_OK)
        strcpy(dec, "(no decision)");
    k += (size_t)snprintf(dump_buf + k, sizeof dump_buf - k, "decision: %s\n", dec);
    if (wg_game_option_count(&n, g) != WG_OK)
        n = 0;
    for (size_t i = 0; i < n && k < sizeof dump_buf - 200; i++) {
        char lab[512];
        if (wg_game_option_label(lab, sizeof lab, &len, g, i) != WG_OK)
            strcpy(lab, "?");
        k += (size_t)snprintf(dump_buf + k, sizeof dump_buf - k, "  [%zu] %s\n", i, lab);
    }
    return dump_buf;
}

void wgp_choose_index(wg_game *g, size_t i)
{
    int rc = wg_game_choose(g, i);
    ck_assert_msg(rc == WG_OK, "choose %zu: %s: %s", i, wg_status_str(rc), wg_game_errmsg(g));
    wgp_trace(g);
}

/* La Grande Armée does not ask a decision with nothing to decide: the step that led there took the
   only option ("done", "no more attacks", "end the Movement Phase", "end the Player-Turn") and said
   so in an event.  A test that names that option finds it taken. */
static int taken_for_nothing(wg_game *g, const char *needle)
{
    static const char *const ends[] = {"done", "no more attacks", "end the Movement Phase", "end the Player-Turn"};
    static const char *const said[] = {"nothing to", "no attack to declare", "no Depot to create"};
    int end = 0;
    for (size_t k = 0; k < sizeof ends / sizeof ends[0]; k++)
        end |= strcmp(needle, ends[k]) == 0;
    uint64_t sc = 0;
    if (!end || wg_game_step_count(&sc, g) != WG_OK || sc == 0)
        return 0;
    size_t n = wgp_event_count(g);
    for (size_t i = n; i-- > 0;) {
        uint64_t st = 0;
        if (wg_game_event_step(&st, g, i) != WG_OK || st + 1 < sc)
            break;
        const char *txt = wgp_event(g, i, WG_VIEW_REFEREE);
        for (size_t k = 0; k < sizeof said / sizeof said[0]; k++)
            if (strstr(txt, said[k]))
                return 1;
    }
    return 0;
}

void wgp_choose(wg_game *g, const char *needle)
{
    long i = wgp_find(g, needle);
    if (i < 0 && taken_for_nothing(g, needle))
        return;
    ck_assert_msg(i >= 0, "no option with \"%s\"\n%s", needle, wgp_options_dump(g));
    wgp_choose_index(g, (size_t)i);
}

size_t wgp_event_count(wg_game *g)
{
    size_t n = 0;
    ck_assert_int_eq(wg_game_event_count(&n, g), WG_OK);
    return n;
}

const char *wgp_event(wg_game *g, size_t i, int viewer)
{
    size_t len;
    int rc = wg_game_event_text(text_buf, sizeof text_buf, &len, g, i, viewer);
    ck_assert_msg(rc == WG_OK, "event %zu: %s", i, wg_status_str(rc));
    return text_buf;
}

long wgp_find_event(wg_game *g, size_t from, const char *needle, int viewer)
{
    wgp_trace(g);
    size_t n = wgp_event_count(g);
    for (size_t i = from; i < n; i++)
        if (strstr(wgp_event(g, i, viewer), needle))
            return (long)i;
    return -1;
}

const char *wgp_events_dump(wg_game *g, size_t from, int viewer)
{
    wgp_trace(g);
    size_t n = wgp_event_count(g), k = 0, len;
    dump_buf[0] = '\0';
    for (size_t i = from; i < n && k < sizeof dump_buf - 600; i++) {
        char t[512];
        const char *rule = "";
        if (wg_game_event_text(t, sizeof t, &len, g, i, viewer) != WG_OK)
            strcpy(t, "?");
        if (wg_game_event_rule(&rule, g, i) != WG_OK || !rule)
            rule = "";
        k += (size_t)snprintf(dump_buf + k, sizeof dump_buf - k, "  #%zu [%s] %s\n", i, rule, t);
    }
    return dump_buf;
}

const char *wgp_describe(wg_game *g, int viewer)
{
    size_t len;
    int rc = wg_game_describe(text_buf, sizeof text_buf, &len, g, viewer);
    ck_assert_msg(rc == WG_OK, "describe: %s", wg_status_str(rc));
    return text_buf;
}

char *wgp_read_source(const char *relpath, size_t *len)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", WG_SOURCE_DIR, relpath);
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    ck_assert_ptr_nonnull(buf);
    ck_assert_uint_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    buf[n] = '\0';
    if (len)
        *len = (size_t)n;
    return buf;
}

/* One documented key. */
typedef struct wgp_dkey {
    char name[32];
    int type;
} wgp_dkey;

/* Splits a table cell into names: the backticked words when there are any, else the words
   separated by commas and blanks. */
static int cell_words(const char *cell, char out[][32], int max)
{
    int n = 0;
    if (strchr(cell, '`')) {
        for (const char *p = strchr(cell, '`'); p && n < max; p = strchr(p, '`')) {
            const char *e = strchr(p + 1, '`');
            if (!e)
                break;
            snprintf(out[n++], 32, "%.*s", (int)(e - p - 1), p + 1);
            p = e + 1;
        }
        return n;
    }
    for (const char *p = cell; *p && n < max;) {
        size_t w = strcspn(p, ", ");
        if (w > 0)
            snprintf(out[n++], 32, "%.*s", (int)w, p);
        p += w;
        p += strspn(p, ", ");
    }
    return n;
}

static int core_key(int of, const char *name)
{
    static const char *const core[3][6] = {{"side", "space", "space_name", "label", NULL},
                                           {"label", "action", "weight", NULL},
                                           {"name", "kind", "terrain", "col", "row", NULL}};
    for (int k = 0; core[of][k]; k++)
        if (strcmp(core[of][k], name) == 0)
            return 1;
    return 0;
}

void wgp_check_documented_keys(wg_game *g, const char *doc, const char *section)
{
    static wgp_dkey docs[3][96];
    int nd[3] = {0, 0, 0};
    char *text = wgp_read_source(doc, NULL);
    char *p = strstr(text, section);
    ck_assert_msg(p != NULL, "%s: no section \"%s\"", doc, section);
    for (int of = 0; of < 3; of++) {
        p = strstr(p, "| key | type |");
        ck_assert_msg(p != NULL, "%s: key table %d missing", doc, of);
        p = strchr(p, '\n');
        ck_assert_ptr_nonnull(p);
        p = strchr(p + 1, '\n'); /* the |---| line */
        ck_assert_ptr_nonnull(p);
        p++;
        while (p[0] == '|') {
            char cells[2][256];
            ck_assert_msg(sscanf(p, "| %255[^|]| %255[^|]|", cells[0], cells[1]) == 2, "%s: row %.40s", doc, p);
            char names[16][32], types[16][32];
            int nn = cell_words(cells[0], names, 16), nt = cell_words(cells[1], types, 16);
            ck_assert_msg(nn > 0 && (nt == 1 || nt == nn), "%s: row of %s: %d names, %d types", doc,
                          nn ? names[0] : "?", nn, nt);
            for (int k = 0; k < nn; k++) {
                const char *t = types[nt == 1 ? 0 : k];
                ck_assert_msg(strcmp(t, "int") == 0 || strcmp(t, "text") == 0, "%s: type '%s' of %s", doc, t,
                              names[k]);
                ck_assert_int_lt(nd[of], 96);
                snprintf(docs[of][nd[of]].name, sizeof docs[of][nd[of]].name, "%s", names[k]);
                docs[of][nd[of]++].type = strcmp(t, "int") == 0 ? WG_ATTR_INT : WG_ATTR_TEXT;
            }
            p = strchr(p, '\n');
            if (!p)
                break;
            p++;
        }
        ck_assert_msg(nd[of] > 0, "%s: key table %d is empty", doc, of);
        if (!p)
            break;
    }
    free(text);
    for (int of = 0; of < 3; of++) {
        int n = 0;
        ck_assert_int_eq(wg_game_attr_key_count(&n, g, of), WG_OK);
        for (int k = 0; k < n; k++) {
            const char *name = NULL;
            int type = -1;
            ck_assert_int_eq(wg_game_attr_key(&name, &type, g, of, k), WG_OK);
            int documented = core_key(of, name);
            for (int d = 0; d < nd[of] && !documented; d++)
                documented = strcmp(docs[of][d].name, name) == 0;
            ck_assert_msg(documented, "key %s of kind %d is not in %s", name, of, doc);
            for (int k2 = 0; k2 < k; k2++) {
                const char *other = NULL;
                ck_assert_int_eq(wg_game_attr_key(&other, NULL, g, of, k2), WG_OK);
                ck_assert_msg(strcmp(other, name) != 0, "key %s of kind %d offered twice", name, of);
            }
        }
        for (int d = 0; d < nd[of]; d++) {
            int found = 0;
            for (int k = 0; k < n; k++) {
                const char *name = NULL;
                int type = -1;
                ck_assert_int_eq(wg_game_attr_key(&name, &type, g, of, k), WG_OK);
                if (strcmp(name, docs[of][d].name) == 0) {
                    found++;
                    ck_assert_msg(type == docs[of][d].type, "%s (kind %d) has type %d, %s says %s", name, of, type,
                                  doc, docs[of][d].type == WG_ATTR_INT ? "int" : "text");
                }
            }
            ck_assert_msg(found == 1, "key %s of kind %d (%s) offered %d times", docs[of][d].name, of, doc, found);
        }
    }
}

char *wgp_replace(const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    ck_assert_msg(at != NULL, "\"%s\" not found", from);
    size_t n = strlen(text) - strlen(from) + strlen(to);
    char *out = malloc(n + 1);
    ck_assert_ptr_nonnull(out);
    size_t head = (size_t)(at - text);
    memcpy(out, text, head);
    strcpy(out + head, to);
    strcat(out, at + strlen(from));
    return out;
}

int wgp_refused(wg_game *g, uint64_t action)
{
    int rc = wg_game_choose_action(g, action);
    if (rc != WG_OK)
        wgp_trace_message(wg_game_errmsg(g));
    return rc;
}

void wgp_skip_forced(wg_game *g)
{
    for (int k = 0; k < 200 && wgp_option_count(g) == 1; k++)
        wgp_choose_index(g, 0);
}

const char *wgp_ask_all(const char *options)
{
    static char buf[1024];
    snprintf(buf, sizeof buf, "%s%sask_empty=1", options ? options : "", options && options[0] ? "," : "");
    return buf;
}

wg_game *wgp_lga_position(wg_ctx *ctx, const char *map, int turns, const char *rules, const char *body)
{
    char scen[8192];
    int n = snprintf(scen, sizeof scen, "wgdata 1 lga-scenario\nscenario t \"test position\"\nturns %d\n%s",
                     turns > 0 ? turns : 2, rules ? rules : "");
    for (int t = 1; t <= (turns > 0 ? turns : 2) && n > 0 && (size_t)n < sizeof scen; t++)
        n += snprintf(scen + n, sizeof scen - (size_t)n, "track %d \"Turn %d\"\n", t, t);
    ck_assert(n > 0 && (size_t)n < sizeof scen);
    n += snprintf(scen + n, sizeof scen - (size_t)n, "%slevel 1 - french-decisive\nlevel - 0 draw\n", body);
    ck_assert_msg(n > 0 && (size_t)n < sizeof scen, "scenario text too long");
    wgp_doc docs[] = {{"map", map}, {"scenario", scen}, {NULL, NULL}};
    return wgp_new(ctx, "lga", "1806", wgp_ask_all(NULL), 1, docs);
}

void wgp_lga_to_french_movement(wg_game *g)
{
    while (wgp_find(g, "place ") >= 0 && wgp_find(g, "end the Movement Phase") < 0) {
        long i = wgp_find(g, " on ");
        ck_assert_msg(i >= 0, "%s", wgp_options_dump(g));
        wgp_choose_index(g, (size_t)i);
    }
    wgp_choose(g, "end the Movement Phase");
    for (int k = 0; k < 50 && wgp_find(g, "move Fr") < 0; k++) {
        wgp_skip_forced(g);
        if (wgp_find(g, "no more attacks") >= 0)
            wgp_choose(g, "no more attacks");
        else if (wgp_find(g, "move Fr") < 0 && wgp_option_count(g) > 1)
            break;
    }
    ck_assert_msg(wgp_find(g, "move Fr") >= 0, "%s", wgp_options_dump(g));
}

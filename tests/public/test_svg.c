/* The picture of the board (wg_game_svg, doc/svg.md), in every scenario of every ruleset, for each
   player and the referee: a well-formed XML document whose element ids are exactly the ids of the
   pieces the viewer sees (each once), the same for twin games that differ only in facts hidden from
   the viewer, escaped text, and the statuses of a small buffer, bad arguments and exhausted memory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgplay.h"

/* ------------------------------------------------------------------ a tiny XML checker */

typedef struct xml_ids {
    char **id;
    size_t n, cap;
} xml_ids;

static void ids_add(xml_ids *ids, const char *s, size_t n)
{
    if (ids->n == ids->cap) {
        ids->cap = ids->cap ? 2 * ids->cap : 64;
        ids->id = realloc(ids->id, ids->cap * sizeof *ids->id);
        ck_assert_ptr_nonnull(ids->id);
    }
    char *c = malloc(n + 1);
    ck_assert_ptr_nonnull(c);
    memcpy(c, s, n);
    c[n] = '\0';
    ids->id[ids->n++] = c;
}

static void ids_free(xml_ids *ids)
{
    for (size_t i = 0; i < ids->n; i++)
        free(ids->id[i]);
    free(ids->id);
    memset(ids, 0, sizeof *ids);
}

static int name_start(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':' || (unsigned char)c >= 0x80;
}

static int name_char(char c)
{
    return name_start(c) || (c >= '0' && c <= '9') || c == '-' || c == '.';
}

/* A reference at s (after '&'): amp, lt, gt, quot, apos or a decimal/hex character; its length
   up to and with ';', 0 when malformed. */
static size_t ref_len(const char *s)
{
    static const char *const names[] = {"amp;", "lt;", "gt;", "quot;", "apos;"};
    for (int k = 0; k < 5; k++)
        if (strncmp(s, names[k], strlen(names[k])) == 0)
            return strlen(names[k]);
    if (s[0] == '#') {
        size_t i = 1;
        int hex = s[1] == 'x';
        if (hex)
            i++;
        size_t d = i;
        while ((s[i] >= '0' && s[i] <= '9') || (hex && ((s[i] >= 'a' && s[i] <= 'f') || (s[i] >= 'A' && s[i] <= 'F'))))
            i++;
        if (i > d && s[i] == ';')
            return i + 1;
    }
    return 0;
}

/* Character data or an attribute value up to `end`: no '<', references well-formed, no control
   characters but tab and newlines.  Returns NULL when bad. */
static const char *check_chars(const char *p, char end, const char **why)
{
    while (*p && *p != end) {
        unsigned char c = (unsigned char)*p;
        if (*p == '<' && end != '<') {
            *why = "'<' in a value";
            return NULL;
        }
        if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
            *why = "a control character";
            return NULL;
        }
        if (*p == '&') {
            size_t n = ref_len(p + 1);
            if (!n) {
                *why = "a bare '&'";
                return NULL;
            }
            p += n + 1;
            continue;
        }
        p++;
    }
    return p;
}

/* Checks that doc is one well-formed XML element (after an optional declaration), collecting the
   values of its `id` attributes.  Returns NULL when well-formed, else what is wrong. */
static const char *xml_check(const char *doc, xml_ids *ids, const char **where)
{
    const char *p = doc, *why = NULL;
    const char *stack[256];
    size_t stlen[256], depth = 0;
    int roots = 0;
    if (strncmp(p, "<?xml", 5) == 0) {
        p = strstr(p, "?>");
        if (!p)
            return "unterminated declaration";
        p += 2;
    }
    while (*p) {
        *where = p;
        if (*p != '<') {
            if (depth == 0 && !(*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r'))
                return "text outside the root";
            p = check_chars(p, '<', &why);
            if (!p)
                return why;
            continue;
        }
        if (p[1] == '/') {
            const char *n = p + 2, *e = n;
            while (name_char(*e))
                e++;
            if (depth == 0 || (size_t)(e - n) != stlen[depth - 1] || strncmp(n, stack[depth - 1], stlen[depth - 1]))
                return "mismatched end tag";
            while (*e == ' ' || *e == '\n')
                e++;
            if (*e != '>')
                return "malformed end tag";
            depth--;
            p = e + 1;
            continue;
        }
        if (p[1] == '!' || p[1] == '?')
            return "comment, CDATA or processing instruction (not expected)";
        const char *n = p + 1, *e = n;
        if (!name_start(*e))
            return "bad element name";
        while (name_char(*e))
            e++;
        if (depth == 0 && roots++)
            return "two root elements";
        const char *attrs[64];
        size_t alen[64], na = 0;
        for (;;) {
            int space = 0;
            while (*e == ' ' || *e == '\n' || *e == '\t') {
                e++;
                space = 1;
            }
            if (*e == '>' || (e[0] == '/' && e[1] == '>'))
                break;
            if (!space || !name_start(*e))
                return "malformed attribute";
            const char *an = e;
            while (name_char(*e))
                e++;
            size_t anl = (size_t)(e - an);
            for (size_t k = 0; k < na; k++)
                if (alen[k] == anl && strncmp(attrs[k], an, anl) == 0)
                    return "an attribute given twice";
            if (na == 64)
                return "too many attributes";
            attrs[na] = an;
            alen[na++] = anl;
            if (*e != '=' || (e[1] != '"' && e[1] != '\''))
                return "attribute without a quoted value";
            char q = e[1];
            const char *v = e + 2;
            e = check_chars(v, q, &why);
            if (!e)
                return why;
            if (*e != q)
                return "unterminated attribute value";
            if (anl == 2 && strncmp(an, "id", 2) == 0)
                ids_add(ids, v, (size_t)(e - v));
            e++;
        }
        if (*e == '/') {
            p = e + 2;
        } else {
            if (depth == 256)
                return "too deep";
            size_t l = 0; /* the name's length */
            while (name_char(n[l]))
                l++;
            stack[depth] = n;
            stlen[depth++] = l;
            p = e + 1;
        }
        if (depth == 0 && roots == 1) {
            while (*p == ' ' || *p == '\n')
                p++;
            if (*p)
                return "content after the root element";
            return NULL;
        }
    }
    return depth ? "unclosed element" : roots ? NULL : "no element";
}

/* ------------------------------------------------------------------ helpers */

static char *svg_of(wg_game *g, int viewer)
{
    size_t need = 0, len = 0;
    ck_assert_int_eq(wg_game_svg(NULL, 0, &need, g, viewer), WG_OK);
    char *buf = malloc(need + 1);
    ck_assert_ptr_nonnull(buf);
    ck_assert_int_eq(wg_game_svg(buf, need + 1, &len, g, viewer), WG_OK);
    ck_assert_uint_eq(len, need);
    ck_assert_uint_eq(strlen(buf), need);
    return buf;
}

/* The `id` attributes of the pieces viewer sees (the JSON view's), as decimal strings. */
static size_t piece_ids(wg_game *g, int viewer, long long *out, size_t cap)
{
    size_t n = 0;
    ck_assert_int_eq(wg_game_piece_count(&n, g, viewer), WG_OK);
    ck_assert_uint_le(n, cap);
    for (size_t i = 0; i < n; i++) {
        int64_t id = 0;
        ck_assert_int_eq(wg_game_attr_int(&id, g, viewer, WG_ATTR_PIECE, i, "id"), WG_OK);
        out[i] = (long long)id;
    }
    return n;
}

static int has_id(const long long *ids, size_t n, long long id)
{
    for (size_t i = 0; i < n; i++)
        if (ids[i] == id)
            return 1;
    return 0;
}

static wg_game *game_k(wg_ctx *ctx, int k, uint64_t seed)
{
    const char *rs = NULL, *sc = NULL;
    wgt_scenario(k, &rs, &sc);
    return wgp_new(ctx, rs, sc, wgt_playable_options(rs), seed, NULL);
}

static int steps_to(wg_game *g, long n)
{
    for (long i = 0; i < n; i++) {
        int over = 0;
        wg_game_is_over(&over, g);
        if (over)
            return 0;
        ck_assert_int_eq(wg_game_bot_step(NULL, g), WG_OK);
    }
    return 1;
}

#define MAXP 4096

/* Checks the picture of g for every viewer: well-formed, the element ids exactly the pieces the
   viewer sees (each once), none of the referee's pieces hidden from him. */
static void check_position(wg_game *g, const char *what)
{
    static long long mine[MAXP], ref[MAXP];
    int np = 0;
    ck_assert_int_eq(wg_game_player_count(&np, g), WG_OK);
    size_t nref = piece_ids(g, WG_VIEW_REFEREE, ref, MAXP);
    for (int v = -1; v < np; v++) {
        int viewer = v < 0 ? WG_VIEW_REFEREE : v;
        char *svg = svg_of(g, viewer);
        xml_ids ids = {0};
        const char *where = svg;
        const char *bad = xml_check(svg, &ids, &where);
        ck_assert_msg(!bad, "%s viewer %d: not well-formed XML: %s at byte %zu: %.80s", what, viewer, bad,
                      (size_t)(where - svg), where);
        ck_assert_msg(strncmp(svg, "<?xml", 5) == 0 && strstr(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\""),
                      "%s: not an SVG document", what);
        size_t n = piece_ids(g, viewer, mine, MAXP);
        /* every element id is a piece id of the viewer, each piece's once */
        for (size_t i = 0; i < ids.n; i++) {
            char *end = NULL;
            long long id = strtoll(ids.id[i], &end, 10);
            ck_assert_msg(*ids.id[i] && !*end && has_id(mine, n, id), "%s viewer %d: element id '%s' is no piece of his",
                          what, viewer, ids.id[i]);
            for (size_t j = 0; j < i; j++)
                ck_assert_msg(strcmp(ids.id[i], ids.id[j]) != 0, "%s viewer %d: id %s twice", what, viewer, ids.id[i]);
            /* a piece hidden from the viewer (the referee's, not his) is never named */
            ck_assert(viewer == WG_VIEW_REFEREE || has_id(mine, n, id) || !has_id(ref, nref, id));
        }
        ck_assert_msg(ids.n == n, "%s viewer %d: %zu element ids for %zu pieces", what, viewer, ids.n, n);
        for (size_t i = 0; i < nref; i++)
            if (!has_id(mine, n, ref[i]))
                for (size_t j = 0; j < ids.n; j++)
                    ck_assert_msg(strtoll(ids.id[j], NULL, 10) != ref[i], "%s viewer %d: hidden piece %lld drawn", what,
                                  viewer, ref[i]);
        ids_free(&ids);
        free(svg);
    }
}

/* ------------------------------------------------------------------ tests */

/* At the start, after a few decisions and later: every viewer's picture. */
START_TEST(test_svg_every_viewer)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = game_k(ctx, _i, 3);
    static const long at[] = {0, 25, 120, 400};
    /* under valgrind (WG_MEMCHECK): the start and one later position */
    size_t nat = 4;
    if (getenv("WG_MEMCHECK"))
        nat = 2;
    long done = 0;
    for (size_t k = 0; k < nat; k++) {
        if (!steps_to(g, at[k] - done))
            break;
        done = at[k];
        char what[64];
        snprintf(what, sizeof what, "scenario %d step %ld", _i, done);
        check_position(g, what);
    }
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* Twins: a copy in which every fact hidden from the player is drawn anew (wg_game_determinize)
   gives him the same picture, byte for byte, at positions of random play. */
START_TEST(test_svg_twins)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    uint64_t seeds = getenv("WG_MEMCHECK") ? 1 : 3;
    for (uint64_t seed = 1; seed <= seeds; seed++) {
        wg_game *g = game_k(ctx, _i, seed);
        int np = 0;
        wg_game_player_count(&np, g);
        long warm = (long)(seed * 47 % 200);
        for (int round = 0; round < 3; round++) {
            if (!steps_to(g, round ? 37 : warm))
                break;
            for (int p = 0; p < np; p++) {
                wg_game *t = NULL;
                ck_assert_int_eq(wg_game_determinize(&t, g, p, seed * 31 + (uint64_t)round), WG_OK);
                char *a = svg_of(g, p), *b = svg_of(t, p);
                if (strcmp(a, b) != 0) {
                    size_t d = 0;
                    while (a[d] == b[d])
                        d++;
                    ck_abort_msg("scenario %d seed %d player %d: the picture tells hidden facts, at byte %zu:\n game: "
                                 "%.200s\n twin: %.200s",
                                 _i, (int)seed, p, d, a + (d > 80 ? d - 80 : 0), b + (d > 80 ? d - 80 : 0));
                }
                free(a);
                free(b);
                wg_game_free(t);
            }
        }
        wg_game_free(g);
    }
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* Some twins really hold other hidden facts the referee's picture shows (the test above proves
   something): Les Maréchaux's hidden counters are drawn where they stand. */
START_TEST(test_svg_twins_differ_for_referee)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    long differ = 0;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        wg_game *g = wgp_new(ctx, "marechaux", "1808", NULL, seed, NULL);
        steps_to(g, 30 + (long)seed * 11);
        wg_game *t = NULL;
        ck_assert_int_eq(wg_game_determinize(&t, g, 0, seed), WG_OK);
        char *ra = svg_of(g, WG_VIEW_REFEREE), *rb = svg_of(t, WG_VIEW_REFEREE);
        char *pa = svg_of(g, 0), *pb = svg_of(t, 0);
        differ += strcmp(ra, rb) != 0;
        ck_assert_str_eq(pa, pb);
        free(ra);
        free(rb);
        free(pa);
        free(pb);
        wg_game_free(t);
        wg_game_free(g);
    }
    ck_assert_int_gt(differ, 0);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* A small buffer: WG_EBUFSIZE with the full length; bad arguments; out of memory leaves the game
   and the memory in use as they were. */
START_TEST(test_svg_statuses)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = game_k(ctx, _i, 9);
    steps_to(g, 20);
    uint64_t h0 = 0, h1 = 0;
    ck_assert_int_eq(wg_game_hash(&h0, g), WG_OK);
    size_t need = 0, len = 0;
    ck_assert_int_eq(wg_game_svg(NULL, 0, &need, g, 0), WG_OK);
    char *buf = malloc(need + 1);
    ck_assert_ptr_nonnull(buf);
    ck_assert_int_eq(wg_game_svg(buf, need, &len, g, 0), WG_EBUFSIZE);
    ck_assert_uint_eq(len, need);
    ck_assert_int_eq(wg_game_svg(buf, 10, &len, g, 0), WG_EBUFSIZE);
    ck_assert_uint_eq(len, need);
    ck_assert_uint_eq(strlen(buf), 9);
    ck_assert_int_eq(wg_game_svg(buf, need + 1, NULL, g, 0), WG_OK);
    ck_assert_int_eq(wg_game_svg(NULL, 4, &len, g, 0), WG_EINVAL);
    ck_assert_int_eq(wg_game_svg(buf, need + 1, &len, NULL, 0), WG_EINVAL);
    ck_assert_int_eq(wg_game_svg(buf, need + 1, &len, g, 99), WG_ERANGE);
    ck_assert_int_eq(wg_game_svg(buf, need + 1, &len, g, -1), WG_ERANGE);
    ck_assert_ptr_nonnull(strstr(wg_game_errmsg(g), "viewer"));
    size_t in = 0, after = 0;
    ck_assert_int_eq(wg_ctx_memory_in_use(&in, ctx), WG_OK);
    ck_assert_int_eq(wg_ctx_set_memory_limit(ctx, in), WG_OK);
    buf[0] = 'x';
    ck_assert_int_eq(wg_game_svg(buf, need + 1, &len, g, WG_VIEW_REFEREE), WG_ENOMEM);
    ck_assert_int_eq(buf[0], '\0');
    ck_assert_ptr_nonnull(strstr(wg_game_errmsg(g), "memory"));
    ck_assert_int_eq(wg_ctx_memory_in_use(&after, ctx), WG_OK);
    ck_assert_uint_eq(after, in);
    ck_assert_int_eq(wg_ctx_set_memory_limit(ctx, 0), WG_OK);
    ck_assert_int_eq(wg_game_hash(&h1, g), WG_OK);
    ck_assert_uint_eq(h0, h1);
    free(buf);
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* Text from the data is escaped: a map whose title and zone name hold markup characters. */
START_TEST(test_svg_escapes_text)
{
    size_t n = 0;
    char *map = wgt_read_source_file("data/marechaux/1808-map.wgd", &n);
    ck_assert_ptr_nonnull(map);
    const char *t = strstr(map, "title \"");
    ck_assert_ptr_nonnull(t);
    const char *eol = strchr(t, '\n');
    const char *title = "title \"Junot <b>&amp; 'Soult' & co</b>\"";
    size_t tl = strlen(title);
    char *doc = malloc(n + tl + 1);
    ck_assert_ptr_nonnull(doc);
    size_t head = (size_t)(t - map);
    memcpy(doc, map, head);
    memcpy(doc + head, title, tl);
    strcpy(doc + head + tl, eol);
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wgp_doc docs[] = {{"map", doc}, {NULL, NULL}};
    wg_game *g = wgp_new(ctx, "marechaux", "1808", NULL, 1, docs);
    check_position(g, "escaped title");
    char *svg = svg_of(g, 0);
    ck_assert_ptr_nonnull(strstr(svg, "<desc>Junot &lt;b&gt;&amp;amp; &#39;Soult&#39; &amp; co&lt;/b&gt;</desc>"));
    free(svg);
    wg_game_free(g);
    free(doc);
    free(map);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* The checker itself rejects what is not well-formed. */
START_TEST(test_checker_rejects)
{
    static const char *const bad[] = {"<a><b></a>", "<a x=\"1\" x=\"2\"/>", "<a>&</a>", "<a x=\"<\"/>",
                                      "<a></a><b/>", "<a>", "<a x=1/>", "text<a/>"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        xml_ids ids = {0};
        const char *where = NULL;
        ck_assert_msg(xml_check(bad[k], &ids, &where) != NULL, "accepted %s", bad[k]);
        ids_free(&ids);
    }
    xml_ids ids = {0};
    const char *where = NULL;
    ck_assert_ptr_null(xml_check("<?xml version=\"1.0\"?>\n<a id=\"7\"><b id='x'>t &amp; &#39;</b><c/></a>\n", &ids, &where));
    ck_assert_uint_eq(ids.n, 2);
    ck_assert_str_eq(ids.id[0], "7");
    ids_free(&ids);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("svg");
    TCase *tc = tcase_create("svg");
    tcase_set_timeout(tc, 900);
    int n = wgt_scenario_count();
    tcase_add_test(tc, test_checker_rejects);
    tcase_add_loop_test(tc, test_svg_every_viewer, 0, n);
    tcase_add_loop_test(tc, test_svg_twins, 0, n);
    tcase_add_test(tc, test_svg_twins_differ_for_referee);
    tcase_add_loop_test(tc, test_svg_statuses, 0, n);
    tcase_add_test(tc, test_svg_escapes_text);
    suite_add_tcase(s, tc);
    return wgt_run(s);
}

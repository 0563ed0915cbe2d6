/* A failed call changes nothing, memory included (the header's conventions).  Every public call that
   can allocate is swept with an allocator that fails its n-th allocation, n = 1, 2, ... until the
   call succeeds; after every failure the status must be the documented one (WG_ENOMEM), the memory
   in use and the live handles of every context must be what they were before the call, the state of
   every handle the call was given must read the same through the public getters, and the
   out-parameter of a constructor must be NULL.  Each context must free (WG_OK) at the end.

   The fixtures are small: a few positions of each scenario of each ruleset, small documents.  The
   summary prints, per call family, how many allocation-failure points the sweeps covered.
   WGF_LONG=1 adds deeper positions (long saves, long logs).

   Also the statuses and out-parameters of issue 10 §8: a save of a ruleset or scenario this library
   lacks loads as WG_ENOTFOUND, and a constructor that fails sets *out to NULL whatever the error. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "testutil.h"
#include "wgplay.h"

/* ------------------------------------------------------------------ the failing allocator */

/* One allocator for every context of the suite: counts allocations and growths while armed and
   fails the fail_at-th one.  Frees and shrinks never fail. */
typedef struct fail_alloc {
    uint64_t calls;
    uint64_t fail_at; /* 0: never */
    int failed;
} fail_alloc;

static fail_alloc FA;

static void *fa_fn(void *ud, void *ptr, size_t osize, size_t nsize)
{
    (void)ud;
    if (nsize == 0) {
        free(ptr);
        return NULL;
    }
    if (!ptr || nsize > osize) {
        FA.calls++;
        if (FA.fail_at && FA.calls == FA.fail_at) {
            FA.failed = 1;
            return NULL;
        }
    }
    return realloc(ptr, nsize);
}

static wg_ctx *new_ctx(void)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, fa_fn, NULL), WG_OK);
    return ctx;
}

static void free_ctx(wg_ctx *ctx)
{
    size_t live = 99;
    ck_assert_int_eq(wg_ctx_live_handles(&live, ctx), WG_OK);
    ck_assert_msg(live == 0, "%zu live handle(s) left", live);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}

/* ------------------------------------------------------------------ call families */

enum {
    F_CTX, F_RNG, F_DATA, F_MAP_NEW, F_MAP_LOAD, F_MAP_BUILD, F_TABLE_NEW, F_TABLE_LOAD, F_TABLE_SUPPLY,
    F_TABLE_CODE, F_TABLE_LABEL, F_OOB_NEW, F_OOB_LOAD, F_OOB_ADD, F_OOB_ATTR, F_GAME_NEW, F_SETUP,
    F_GAME_NEW_SETUP, F_OPTIONS, F_CHOOSE, F_CHOOSE_ACTION, F_ROLL, F_BOT_STEP, F_PLAYOUT, F_UNDO, F_CLONE,
    F_CLONE_TO, F_DETERMINIZE, F_LOAD, F_GAME_TABLE, F_COUNT
};

static const char *const FAMILY[F_COUNT] = {
    "wg_ctx_new", "wg_rng_new", "wg_data_parse", "wg_map_new_hex/new_graph", "wg_map_load",
    "wg_map_zone_add/conn_add/set_name/declare_*", "wg_table_new", "wg_table_load", "wg_table_supply",
    "wg_table_code", "wg_table_set_row_label/set_col_label", "wg_oob_new", "wg_oob_load", "wg_oob_add",
    "wg_oob_set_attr", "wg_game_new", "wg_setup_new/set_options/add_data", "wg_game_new_setup",
    "wg_game_option_*, wg_game_attr_* (options), wg_game_view_json, wg_game_odds", "wg_game_choose(_params)", "wg_game_choose_action",
    "wg_game_roll", "wg_game_bot_step", "wg_game_playout", "wg_game_undo_to", "wg_game_clone",
    "wg_game_clone_to", "wg_game_determinize", "wg_game_load", "wg_game_table + wg_table_set/code/supply"};

static long POINTS[F_COUNT], TOTAL[F_COUNT], SWEEPS[F_COUNT];
static double SECONDS[F_COUNT];

static void summary(const char *what)
{
    for (int f = 0; f < F_COUNT; f++)
        if (SWEEPS[f])
            printf("failed calls (%s): %-46s %6ld of %6ld allocation-failure points in %4ld sweeps (%.2f s)\n", what,
                   FAMILY[f], POINTS[f], TOTAL[f], SWEEPS[f], SECONDS[f]);
    fflush(stdout);
}

static int long_run(void)
{
    const char *s = getenv("WGF_LONG");
    return s && *s && strcmp(s, "0") != 0;
}

/* ------------------------------------------------------------------ digests of the observable state */

typedef struct dg {
    char *p;
    size_t len, cap;
} dg;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void dgf(dg *d, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        size_t room = d->cap - d->len;
        int n = vsnprintf(d->p ? d->p + d->len : NULL, d->p ? room : 0, fmt, ap);
        va_end(ap);
        ck_assert_int_ge(n, 0);
        if (d->p && (size_t)n < room) {
            d->len += (size_t)n;
            return;
        }
        size_t ncap = d->cap ? d->cap * 2 : 4096;
        while (ncap < d->len + (size_t)n + 1)
            ncap *= 2;
        d->p = realloc(d->p, ncap);
        ck_assert_ptr_nonnull(d->p);
        d->cap = ncap;
    }
}

static uint64_t fnv(const void *p, size_t n)
{
    const unsigned char *b = p;
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 1099511628211ULL;
    return h;
}

static void dg_table(dg *d, wg_table *t)
{
    int rows = 0, cols = 0, nc = 0;
    ck_assert_int_eq(wg_table_size(&rows, &cols, t), WG_OK);
    ck_assert_int_eq(wg_table_code_count(&nc, t), WG_OK);
    dgf(d, "table %s %dx%d codes %d:", wg_table_name(t), rows, cols, nc);
    for (int c = 0; c < nc; c++) {
        const char *name = NULL;
        ck_assert_int_eq(wg_table_code_name(&name, t, c), WG_OK);
        dgf(d, " %s", name);
    }
    for (int r = 0; r < rows; r++) {
        const char *l = NULL;
        ck_assert_int_eq(wg_table_row_label(&l, t, r), WG_OK);
        dgf(d, " r%d=%s", r, l);
    }
    for (int c = 0; c < cols; c++) {
        const char *l = NULL;
        ck_assert_int_eq(wg_table_col_label(&l, t, c), WG_OK);
        dgf(d, " c%d=%s", c, l);
    }
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            int src = -1, code = -1;
            ck_assert_int_eq(wg_table_source(&src, t, r, c), WG_OK);
            if (src != WG_CELL_GAP)
                ck_assert_int_eq(wg_table_lookup(&code, t, r, c), WG_OK);
            dgf(d, " %d:%d", src, code);
        }
    dgf(d, "\n");
}

static void dg_game(dg *d, wg_game *g, int light)
{
    uint64_t h = 0, steps = 0;
    size_t nev = 0;
    int player = 0, kind = 0, over = 0, turn = 0, ntab = 0;
    int64_t score = 0;
    ck_assert_int_eq(wg_game_hash(&h, g), WG_OK);
    ck_assert_int_eq(wg_game_step_count(&steps, g), WG_OK);
    ck_assert_int_eq(wg_game_event_count(&nev, g), WG_OK);
    ck_assert_int_eq(wg_game_decision(&player, &kind, g), WG_OK);
    ck_assert_int_eq(wg_game_is_over(&over, g), WG_OK);
    ck_assert_int_eq(wg_game_turn(&turn, g), WG_OK);
    ck_assert_int_eq(wg_game_score(&score, g), WG_OK);
    uint64_t evh = 1;
    for (size_t i = 0; i < nev; i++) {
        int k = 0;
        uint64_t st = 0;
        ck_assert_int_eq(wg_game_event_kind(&k, g, i), WG_OK);
        ck_assert_int_eq(wg_game_event_step(&st, g, i), WG_OK);
        evh = evh * 1000003u + (uint64_t)k * 31u + st;
    }
    size_t slen = 0;
    uint64_t sh = 0;
    int src = wg_game_save(NULL, 0, &slen, g);
    if (src == WG_OK) {
        unsigned char *buf = malloc(slen ? slen : 1);
        ck_assert_ptr_nonnull(buf);
        ck_assert_int_eq(wg_game_save(buf, slen, &slen, g), WG_OK);
        sh = fnv(buf, slen);
        free(buf);
    }
    size_t dlen = 0;
    int drc = wg_game_describe(NULL, 0, &dlen, g, WG_VIEW_REFEREE);
    ck_assert(drc == WG_OK || drc == WG_EBUFSIZE);
    char *desc = malloc(dlen + 1);
    ck_assert_ptr_nonnull(desc);
    ck_assert_int_eq(wg_game_describe(desc, dlen + 1, &dlen, g, WG_VIEW_REFEREE), WG_OK);
    uint64_t dh = fnv(desc, dlen);
    free(desc);
    /* the options, counted on a copy so that the game's own option cache is left as it is */
    size_t nopt = 0;
    int orc = -99;
    if (!light) {
        wg_game *c = NULL;
        ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
        orc = wg_game_option_count(&nopt, c);
        wg_game_free(c);
    }
    dgf(d, "game hash %llx steps %llu events %zu (%llx) decision %d/%d over %d turn %d score %lld save %d %zu %llx "
           "describe %zu %llx options %d %zu\n",
        (unsigned long long)h, (unsigned long long)steps, nev, (unsigned long long)evh, player, kind, over, turn,
        (long long)score, src, slen, (unsigned long long)sh, dlen, (unsigned long long)dh, orc, nopt);
    ck_assert_int_eq(wg_game_table_count(&ntab, g), WG_OK);
    for (int i = 0; i < ntab; i++) {
        wg_table *t = NULL;
        ck_assert_int_eq(wg_game_table(&t, g, i), WG_OK);
        dg_table(d, t);
    }
}

static const char *const OOB_KEYS[] = {"strength", "ma", "morale", "k0", "k1", "k2", "k3", "k4", "k5", "k6",
                                       "k7", "k8", "k9", "k10", NULL};

static void dg_oob(dg *d, const wg_oob *o)
{
    int n = 0;
    ck_assert_int_eq(wg_oob_count(&n, o), WG_OK);
    dgf(d, "oob %d:", n);
    for (int u = 0; u < n; u++) {
        int side = 0;
        const char *name = NULL;
        ck_assert_int_eq(wg_oob_side(&side, o, u), WG_OK);
        ck_assert_int_eq(wg_oob_name(&name, o, u), WG_OK);
        dgf(d, " [%d %s", side, name);
        for (int k = 0; OOB_KEYS[k]; k++) {
            int64_t v = 0;
            if (wg_oob_attr(&v, o, u, OOB_KEYS[k]) == WG_OK)
                dgf(d, " %s=%lld", OOB_KEYS[k], (long long)v);
        }
        dgf(d, "]");
    }
    dgf(d, "\n");
}

static void dg_map(dg *d, const wg_map *m)
{
    int kind = 0, n = 0, nconn = 0;
    const char *title = NULL;
    ck_assert_int_eq(wg_map_kind_of(&kind, m), WG_OK);
    ck_assert_int_eq(wg_map_space_count(&n, m), WG_OK);
    ck_assert_int_eq(wg_map_title(&title, m), WG_OK);
    dgf(d, "map kind %d spaces %d title '%s':", kind, n, title);
    for (int s = 0; s < n; s++) {
        int terrain = 0;
        uint32_t flags = 0;
        const char *name = NULL;
        ck_assert_int_eq(wg_map_terrain(&terrain, m, s), WG_OK);
        ck_assert_int_eq(wg_map_flags(&flags, m, s), WG_OK);
        ck_assert_int_eq(wg_map_name(&name, m, s), WG_OK);
        dgf(d, " %d/%u/%s", terrain, (unsigned)flags, name);
        if (kind == WG_MAP_HEX) {
            for (int dir = 0; dir < 6; dir++) {
                uint32_t f = 0;
                ck_assert_int_eq(wg_map_hexside(&f, m, s, dir), WG_OK);
                dgf(d, ".%u", (unsigned)f);
            }
        } else {
            int deg = 0;
            ck_assert_int_eq(wg_map_zone_degree(&deg, m, s), WG_OK);
            dgf(d, " deg %d", deg);
        }
    }
    if (kind == WG_MAP_GRAPH) {
        ck_assert_int_eq(wg_map_conn_count(&nconn, m), WG_OK);
        dgf(d, " conns %d:", nconn);
        for (int c = 0; c < nconn; c++) {
            int a = 0, b = 0, type = 0, cost = 0;
            ck_assert_int_eq(wg_map_conn_info(&a, &b, &type, &cost, m, c), WG_OK);
            dgf(d, " %d-%d/%d/%d", a, b, type, cost);
        }
    }
    int (*count[4])(int *, const wg_map *) = {wg_map_terrain_count, wg_map_flag_count, wg_map_sideflag_count,
                                              wg_map_conntype_count};
    int (*name[4])(const char **, const wg_map *, int) = {wg_map_terrain_name, wg_map_flag_name,
                                                          wg_map_sideflag_name, wg_map_conntype_name};
    for (int v = 0; v < 4; v++) {
        int k = 0;
        ck_assert_int_eq(count[v](&k, m), WG_OK);
        dgf(d, " vocab%d %d:", v, k);
        for (int i = 0; i < k; i++) {
            const char *s = NULL;
            ck_assert_int_eq(name[v](&s, m, i), WG_OK);
            dgf(d, " %s", s);
        }
    }
    dgf(d, "\n");
}

static void dg_data(dg *d, const wg_data *doc)
{
    size_t nrec = 0;
    ck_assert_int_eq(wg_data_record_count(&nrec, doc), WG_OK);
    dgf(d, "data %s %zu:", wg_data_kind(doc), nrec);
    for (size_t r = 0; r < nrec; r++) {
        size_t nf = 0, line = 0;
        ck_assert_int_eq(wg_data_field_count(&nf, doc, r), WG_OK);
        ck_assert_int_eq(wg_data_line(&line, doc, r), WG_OK);
        dgf(d, " %zu:", line);
        for (size_t f = 0; f < nf; f++) {
            const char *s = NULL;
            ck_assert_int_eq(wg_data_field(&s, doc, r, f), WG_OK);
            dgf(d, " %s", s);
        }
    }
    dgf(d, "\n");
}

/* Set-up parameters have no getters: a game made from them is what they say. */
static void dg_setup(dg *d, const wg_setup *s)
{
    wg_game *g = NULL;
    int rc = wg_game_new_setup(&g, s);
    dgf(d, "setup -> %d\n", rc);
    if (rc == WG_OK) {
        dg_game(d, g, 1);
        wg_game_free(g);
    }
}

/* The handles whose state a call must leave as it was. */
typedef struct world {
    wg_game *game[2];
    wg_table *table;
    wg_oob *oob;
    wg_map *map;
    wg_data *data;
    wg_setup *setup;
} world;

static char *digest(const world *w, int light)
{
    dg d = {0};
    dgf(&d, "world\n");
    for (int i = 0; i < 2; i++)
        if (w->game[i])
            dg_game(&d, w->game[i], light);
    if (w->table)
        dg_table(&d, w->table);
    if (w->oob)
        dg_oob(&d, w->oob);
    if (w->map)
        dg_map(&d, w->map);
    if (w->data)
        dg_data(&d, w->data);
    if (w->setup)
        dg_setup(&d, w->setup);
    return d.p;
}

/* ------------------------------------------------------------------ the sweep */

typedef struct call call;
struct call {
    int fam;
    const char *what;  /* for messages */
    int (*fn)(call *c); /* makes the call; a constructor stores its result in out */
    void **out;         /* a constructor's out-parameter (NULL: not a constructor) */
    void (*destroy)(void *h);
    world w;            /* handles that must not change on failure */
    wg_ctx *ctx[2];     /* contexts whose memory and live handles must not change */
    int expect;         /* the status of a failed allocation (WG_ENOMEM) */
    int expect_ok;      /* the status of the call that succeeds (WG_OK) */
    int light;          /* the call only reads the game: its digest leaves the option count out */
    /* arguments */
    wg_game *g;
    wg_table *t;
    wg_oob *o;
    wg_map *m;
    wg_setup *s;
    wg_ctx *x;
    const char *str, *str2;
    const char *buf;
    size_t len;
    size_t i;
    uint64_t u;
    int a, b, k;
    /* results */
    void *res;
    int ires;
    size_t zres;
    uint64_t ures;
};

static int SENTINEL;

/* A failed check fails the test. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void violation(const call *c, int *reported, const char *fmt, ...)
{
    char msg[8192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    *reported = 1;
    ck_abort_msg("%s: %s", c->what, msg);
}

/* The next allocation to fail after n: every one in a long run and for the first 16, then about one
   in n/6 (the calls that allocate hundreds of times are sampled; the summary says how many points
   were covered). */
static uint64_t next_point(uint64_t n)
{
    if (long_run() || n < 16)
        return n + 1;
    return n + n / 6;
}

/* Runs c with the n-th allocation failing for n = 1, 2, ... until it succeeds; returns the number
   of failure points covered.  On success the constructed handle (if any) is left in c->res. */
static long sweep(call *c)
{
    clock_t t0 = clock();
    char *before = digest(&c->w, c->light);
    int reported = 0;
    long covered = 0;
    for (uint64_t n = 1;; n = next_point(n)) {
        size_t mem0[2] = {0, 0}, live0[2] = {0, 0};
        for (int k = 0; k < 2; k++)
            if (c->ctx[k]) {
                ck_assert_int_eq(wg_ctx_memory_in_use(&mem0[k], c->ctx[k]), WG_OK);
                ck_assert_int_eq(wg_ctx_live_handles(&live0[k], c->ctx[k]), WG_OK);
            }
        c->res = &SENTINEL;
        FA.failed = 0;
        uint64_t calls0 = FA.calls;
        FA.fail_at = FA.calls + n;
        int rc = c->fn(c);
        int failed = FA.failed;
        FA.fail_at = 0;
        FA.failed = 0;
        if (!failed) {
            ck_assert_msg(rc == c->expect_ok, "%s: status %d (%s) without a failed allocation, want %d", c->what, rc,
                          c->g ? wg_game_errmsg(c->g) : "", c->expect_ok);
            if (c->out)
                ck_assert_ptr_ne(c->res, &SENTINEL);
            free(before);
            POINTS[c->fam] += covered;
            TOTAL[c->fam] += (long)(FA.calls - calls0);
            SWEEPS[c->fam]++;
            SECONDS[c->fam] += (double)(clock() - t0) / CLOCKS_PER_SEC;
            return covered;
        }
        covered++;
        if (rc != c->expect)
            violation(c, &reported, "allocation %llu failed, status %d (%s), want %d", (unsigned long long)n, rc,
                      wg_status_str(rc), c->expect);
        if (c->out && c->res != NULL) {
            violation(c, &reported, "allocation %llu failed, the out-parameter is not NULL", (unsigned long long)n);
            c->res = NULL;
        }
        for (int k = 0; k < 2; k++)
            if (c->ctx[k]) {
                size_t mem = 0, live = 0;
                ck_assert_int_eq(wg_ctx_memory_in_use(&mem, c->ctx[k]), WG_OK);
                ck_assert_int_eq(wg_ctx_live_handles(&live, c->ctx[k]), WG_OK);
                if (mem != mem0[k])
                    violation(c, &reported, "allocation %llu failed, memory in use %zu -> %zu (%+lld bytes)",
                              (unsigned long long)n, mem0[k], mem, (long long)mem - (long long)mem0[k]);
                if (live != live0[k])
                    violation(c, &reported, "allocation %llu failed, live handles %zu -> %zu", (unsigned long long)n,
                              live0[k], live);
            }
        char *after = digest(&c->w, c->light);
        if (strcmp(before, after) != 0)
            violation(c, &reported, "allocation %llu failed and the state changed:\n%s\n--- now:\n%s",
                      (unsigned long long)n, before, after);
        free(before);
        before = after;
        ck_assert_msg(n < 200000, "%s: no end to the sweep", c->what);
    }
}

/* ------------------------------------------------------------------ the calls */

static int c_ctx_new(call *c)
{
    wg_ctx *x = NULL;
    int rc = wg_ctx_new(&x, fa_fn, NULL);
    c->res = x;
    return rc;
}
static int c_rng_new(call *c)
{
    wg_rng *r = (wg_rng *)&SENTINEL;
    int rc = wg_rng_new(&r, c->x, 7, 3);
    c->res = r;
    return rc;
}
static int c_data_parse(call *c)
{
    wg_data *d = (wg_data *)&SENTINEL;
    int rc = wg_data_parse(&d, c->x, c->buf, c->len);
    c->res = d;
    return rc;
}
static int c_map_new_hex(call *c)
{
    wg_map *m = (wg_map *)&SENTINEL;
    int rc = wg_map_new_hex(&m, c->x, c->a, c->b, WG_HEX_ODD_Q);
    c->res = m;
    return rc;
}
static int c_map_new_graph(call *c)
{
    wg_map *m = (wg_map *)&SENTINEL;
    int rc = wg_map_new_graph(&m, c->x);
    c->res = m;
    return rc;
}
static int c_map_load(call *c)
{
    wg_map *m = (wg_map *)&SENTINEL;
    int rc = wg_map_load(&m, c->x, c->buf, c->len);
    c->res = m;
    return rc;
}
static int c_zone_add(call *c)
{
    return wg_map_zone_add(&c->ires, c->m, c->str);
}
static int c_conn_add(call *c)
{
    return wg_map_conn_add(&c->ires, c->m, c->a, c->b, c->k, 1);
}
static int c_set_name(call *c)
{
    return wg_map_set_name(c->m, c->a, c->str);
}
static int c_declare(call *c)
{
    switch (c->k) {
    case 0:
        return wg_map_declare_terrain(&c->ires, c->m, c->str);
    case 1:
        return wg_map_declare_flag(&c->ires, c->m, c->str);
    case 2:
        return wg_map_declare_sideflag(&c->ires, c->m, c->str);
    default:
        return wg_map_declare_conntype(&c->ires, c->m, c->str);
    }
}
static int c_table_new(call *c)
{
    wg_table *t = (wg_table *)&SENTINEL;
    int rc = wg_table_new(&t, c->x, c->str, c->a, c->b);
    c->res = t;
    return rc;
}
static int c_table_load(call *c)
{
    wg_table *t = (wg_table *)&SENTINEL;
    int rc = wg_table_load(&t, c->x, c->buf, c->len);
    c->res = t;
    return rc;
}
static int c_table_supply(call *c)
{
    return wg_table_supply(c->t, c->buf, c->len);
}
static int c_table_code(call *c)
{
    return wg_table_code(&c->ires, c->t, c->str);
}
static int c_table_label(call *c)
{
    return c->k ? wg_table_set_col_label(c->t, c->a, c->str) : wg_table_set_row_label(c->t, c->a, c->str);
}
static int c_oob_new(call *c)
{
    wg_oob *o = (wg_oob *)&SENTINEL;
    int rc = wg_oob_new(&o, c->x);
    c->res = o;
    return rc;
}
static int c_oob_load(call *c)
{
    wg_oob *o = (wg_oob *)&SENTINEL;
    int rc = wg_oob_load(&o, c->x, c->buf, c->len);
    c->res = o;
    return rc;
}
static int c_oob_add(call *c)
{
    return wg_oob_add(&c->ires, c->o, c->a, c->str);
}
static int c_oob_attr(call *c)
{
    return wg_oob_set_attr(c->o, c->a, c->str, (int64_t)c->u);
}
static int c_game_new(call *c)
{
    wg_game *g = (wg_game *)&SENTINEL;
    int rc = wg_game_new(&g, c->x, c->str, c->str2, c->buf, c->u); /* buf: the options */
    c->res = g;
    return rc;
}
static int c_setup_new(call *c)
{
    wg_setup *s = (wg_setup *)&SENTINEL;
    int rc = wg_setup_new(&s, c->x, c->str, c->str2);
    c->res = s;
    return rc;
}
static int c_setup_options(call *c)
{
    return wg_setup_set_options(c->s, c->str);
}
static int c_setup_add_data(call *c)
{
    return wg_setup_add_data(c->s, c->str, c->buf, c->len);
}
static int c_game_new_setup(call *c)
{
    wg_game *g = (wg_game *)&SENTINEL;
    int rc = wg_game_new_setup(&g, c->s);
    c->res = g;
    return rc;
}
static int c_options(call *c)
{
    char buf[512];
    size_t len = 0;
    uint64_t w = 0, t = 0;
    switch (c->k) {
    case 0:
        return wg_game_option_count(&c->zres, c->g);
    case 1:
        return wg_game_option_count_for(&c->zres, c->g, WG_VIEW_REFEREE);
    case 2:
        return wg_game_option_label(buf, sizeof buf, &len, c->g, c->i);
    case 3:
        return wg_game_option_action(&c->ures, c->g, c->i);
    case 4:
        return wg_game_option_label_for(buf, sizeof buf, &len, c->g, c->i, WG_VIEW_REFEREE);
    case 5:
        return wg_game_option_action_for(&c->ures, c->g, c->i, WG_VIEW_REFEREE);
    case 6:
        return wg_game_option_weight(&w, &t, c->g, c->i);
    case 7: {
        int64_t v = 0;
        return wg_game_attr_int(&v, c->g, WG_VIEW_REFEREE, WG_ATTR_OPTION, c->i, "action");
    }
    case 8:
        return wg_game_attr_text(buf, sizeof buf, &len, c->g, WG_VIEW_REFEREE, WG_ATTR_OPTION, c->i, "label");
    case 9: {
        int req = 0;
        return wg_game_option_param_count(&c->zres, &req, c->g, c->i);
    }
    case 10: /* odds every position has (the commander's 2d6); other rulesets: the view again */
        if (strcmp(wg_game_ruleset(c->g), "marechaux") == 0)
            return wg_game_odds(NULL, 0, &len, c->g, WG_VIEW_REFEREE, "commander");
        return wg_game_view_json(NULL, 0, &len, c->g, WG_VIEW_REFEREE, 0);
    default:
        return wg_game_view_json(NULL, 0, &len, c->g, WG_VIEW_REFEREE, 0);
    }
}
static int c_choose(call *c)
{
    return c->k ? wg_game_choose_params(c->g, c->i, NULL, 0) : wg_game_choose(c->g, c->i);
}
static int c_choose_action(call *c)
{
    return wg_game_choose_action(c->g, c->u);
}
static int c_roll(call *c)
{
    return wg_game_roll(&c->zres, c->g);
}
static int c_bot_step(call *c)
{
    return wg_game_bot_step(&c->zres, c->g);
}
static int c_playout(call *c)
{
    return wg_game_playout(&c->ures, c->g, c->u);
}
static int c_undo(call *c)
{
    return wg_game_undo_to(c->g, c->u);
}
static int c_clone(call *c)
{
    wg_game *g = (wg_game *)&SENTINEL;
    int rc = wg_game_clone(&g, c->g);
    c->res = g;
    return rc;
}
static int c_clone_to(call *c)
{
    wg_game *g = (wg_game *)&SENTINEL;
    int rc = wg_game_clone_to(&g, c->x, c->g);
    c->res = g;
    return rc;
}
static int c_determinize(call *c)
{
    wg_game *g = (wg_game *)&SENTINEL;
    int rc = wg_game_determinize(&g, c->g, c->a, c->u);
    c->res = g;
    return rc;
}
static int c_load(call *c)
{
    wg_game *g = (wg_game *)&SENTINEL;
    int rc = wg_game_load(&g, c->x, c->buf, c->len);
    c->res = g;
    return rc;
}
static int c_game_table_set(call *c)
{
    wg_table *t = NULL;
    int rc = wg_game_table(&t, c->g, c->a);
    if (rc == WG_OK)
        rc = wg_table_set(t, c->b, c->k, (int)c->i);
    return rc;
}
static int c_game_table_code(call *c)
{
    wg_table *t = NULL;
    int rc = wg_game_table(&t, c->g, c->a);
    if (rc == WG_OK)
        rc = wg_table_code(&c->ires, t, c->str);
    return rc;
}
static int c_game_table_supply(call *c)
{
    wg_table *t = NULL;
    int rc = wg_game_table_find(&t, c->g, c->str);
    if (rc == WG_OK)
        rc = wg_table_supply(t, c->buf, c->len);
    return rc;
}

/* A call on the handles of ctx (the world is set by the caller). */
static call mk(int fam, const char *what, int (*fn)(call *), wg_ctx *ctx)
{
    call c;
    memset(&c, 0, sizeof c);
    c.fam = fam;
    c.what = what;
    c.fn = fn;
    c.ctx[0] = ctx;
    c.x = ctx;
    c.expect = WG_ENOMEM;
    c.expect_ok = WG_OK;
    return c;
}

/* A constructor: *out must be NULL on failure. */
static call mk_ctor(int fam, const char *what, int (*fn)(call *), wg_ctx *ctx)
{
    call c = mk(fam, what, fn, ctx);
    c.out = &c.res;
    return c;
}

/* ------------------------------------------------------------------ documents */

static const char HEXMAP[] = "wgdata 1 map\n"
                             "title \"A small board\"\n"
                             "grid hex 4 3 odd-q\n"
                             "terrain clear city forest\n"
                             "flag north south\n"
                             "sideflag river bridge\n"
                             "hex 1 1 city \"name=Here\" north\n"
                             "hex 2 1 forest \"name=There\"\n";

static const char TABLE_DOC[] = "wgdata 1 table\n"
                                "name crt\n"
                                "rows 1 2 3\n"
                                "cols 1:2 1:1 2:1\n"
                                "codes AE DR EX\n"
                                "cell 1 1:2 AE\n"
                                "cell 2 1:1 EX\n"
                                "cell 3 2:1 \"DE 2\"\n";

static const char SUPPLY_DOC[] = "wgdata 1 table\n"
                                 "name crt\n"
                                 "cell 1 1:1 DR\n"
                                 "cell 2 2:1 \"Ar1 Drs\"\n"
                                 "cell 3 1:2 new-code\n";

static const char OOB_DOC[] = "wgdata 1 oob\n"
                              "unit 0 \"1st Corps\" strength=10 ma=4\n"
                              "unit 1 \"Guard\" strength=12 morale=5\n"
                              "unit 1 Cavalry ma=6\n";

static const char DATA_DOC[] = "wgdata 1 misc\n"
                               "alpha 1 2 3\n"
                               "beta \"two words\" x=y\n"
                               "# a comment\n"
                               "gamma\n";

/* ------------------------------------------------------------------ tests: context, rng, documents */

START_TEST(test_ctx_and_rng)
{
    call c = mk_ctor(F_CTX, "wg_ctx_new", c_ctx_new, NULL);
    c.x = NULL;
    sweep(&c);
    wg_ctx *x = c.res;
    ck_assert_ptr_nonnull(x);
    call r = mk_ctor(F_RNG, "wg_rng_new", c_rng_new, x);
    sweep(&r);
    uint32_t v = 0;
    ck_assert_int_eq(wg_rng_u32(&v, r.res), WG_OK);
    wg_rng_free(r.res);
    free_ctx(x);
    summary("context");
}
END_TEST

START_TEST(test_data_and_maps)
{
    wg_ctx *ctx = new_ctx();
    call c = mk_ctor(F_DATA, "wg_data_parse", c_data_parse, ctx);
    c.buf = DATA_DOC;
    c.len = strlen(DATA_DOC);
    sweep(&c);
    wg_data_free(c.res);

    c = mk_ctor(F_MAP_NEW, "wg_map_new_hex", c_map_new_hex, ctx);
    c.a = 5;
    c.b = 4;
    sweep(&c);
    wg_map *hex = c.res;
    c = mk_ctor(F_MAP_NEW, "wg_map_new_graph", c_map_new_graph, ctx);
    sweep(&c);
    wg_map *graph = c.res;

    size_t mlen = 0;
    char *mdoc = wgp_read_source("data/marechaux/1808-map.wgd", &mlen);
    c = mk_ctor(F_MAP_LOAD, "wg_map_load (zone graph)", c_map_load, ctx);
    c.buf = mdoc;
    c.len = mlen;
    sweep(&c);
    wg_map_free(c.res);
    free(mdoc);
    c = mk_ctor(F_MAP_LOAD, "wg_map_load (hex grid)", c_map_load, ctx);
    c.buf = HEXMAP;
    c.len = strlen(HEXMAP);
    sweep(&c);
    wg_map *loaded = c.res;

    /* builders: many zones and connections, so that the arrays grow several times */
    const int nzone = long_run() ? 40 : 20;
    for (int i = 0; i < nzone; i++) {
        char name[32];
        snprintf(name, sizeof name, "zone %d", i);
        c = mk(F_MAP_BUILD, "wg_map_zone_add", c_zone_add, ctx);
        c.m = graph;
        c.w.map = graph;
        c.str = i % 3 ? name : NULL;
        sweep(&c);
        ck_assert_int_eq(c.ires, i);
    }
    for (int i = 0; i < (long_run() ? 12 : 9); i++) {
        char name[32];
        snprintf(name, sizeof name, "type%d", i);
        static const char *const declare[4] = {"wg_map_declare_terrain", "wg_map_declare_flag",
                                               "wg_map_declare_sideflag", "wg_map_declare_conntype"};
        for (int k = 0; k < 4; k++) {
            c = mk(F_MAP_BUILD, declare[k], c_declare, ctx);
            c.m = k == 3 ? graph : hex;
            c.w.map = c.m;
            c.k = k;
            c.str = name;
            sweep(&c);
        }
    }
    for (int i = 0; i < (long_run() ? 60 : 20); i++) {
        c = mk(F_MAP_BUILD, "wg_map_conn_add", c_conn_add, ctx);
        c.m = graph;
        c.w.map = graph;
        c.a = i % nzone;
        c.b = (i * 7 + 1) % nzone;
        if (c.b == c.a)
            c.b = (c.a + 1) % nzone;
        c.k = i % 5;
        sweep(&c);
        ck_assert_int_eq(c.ires, i);
    }
    for (int i = 0; i < (long_run() ? 20 : 6); i++) {
        char name[40];
        snprintf(name, sizeof name, "a longer name for hex %d", i);
        c = mk(F_MAP_BUILD, "wg_map_set_name", c_set_name, ctx);
        c.m = i % 2 ? hex : loaded;
        c.w.map = c.m;
        c.a = i % 12;
        c.str = name;
        sweep(&c);
    }
    wg_map_free(loaded);
    wg_map_free(hex);
    wg_map_free(graph);
    free_ctx(ctx);
    summary("documents and maps");
}
END_TEST

START_TEST(test_tables)
{
    wg_ctx *ctx = new_ctx();
    call c = mk_ctor(F_TABLE_NEW, "wg_table_new", c_table_new, ctx);
    c.str = "odds";
    c.a = 6;
    c.b = 5;
    sweep(&c);
    wg_table *t = c.res;
    for (int i = 0; i < 11; i++) {
        char label[32];
        snprintf(label, sizeof label, "label %d", i);
        c = mk(F_TABLE_LABEL, "wg_table_set_row/col_label", c_table_label, ctx);
        c.t = t;
        c.w.table = t;
        c.k = i % 2;
        c.a = i / 2;
        c.str = label;
        sweep(&c);
    }
    for (int i = 0; i < 40; i++) {
        char name[32];
        snprintf(name, sizeof name, "code-%d", i);
        c = mk(F_TABLE_CODE, "wg_table_code", c_table_code, ctx);
        c.t = t;
        c.w.table = t;
        c.str = name;
        sweep(&c);
        ck_assert_int_eq(c.ires, i);
        ck_assert_int_eq(wg_table_set(t, i % 6, i % 5, c.ires), WG_OK);
    }
    c = mk_ctor(F_TABLE_LOAD, "wg_table_load", c_table_load, ctx);
    c.buf = TABLE_DOC;
    c.len = strlen(TABLE_DOC);
    sweep(&c);
    wg_table *l = c.res;
    c = mk(F_TABLE_SUPPLY, "wg_table_supply", c_table_supply, ctx);
    c.t = l;
    c.w.table = l;
    c.buf = SUPPLY_DOC;
    c.len = strlen(SUPPLY_DOC);
    sweep(&c);
    int src = 0;
    ck_assert_int_eq(wg_table_source(&src, l, 2, 0), WG_OK);
    ck_assert_int_eq(src, WG_CELL_SUPPLIED);
    wg_table_free(l);
    wg_table_free(t);
    free_ctx(ctx);
    summary("tables");
}
END_TEST

START_TEST(test_oobs)
{
    wg_ctx *ctx = new_ctx();
    call c = mk_ctor(F_OOB_NEW, "wg_oob_new", c_oob_new, ctx);
    sweep(&c);
    wg_oob *o = c.res;
    for (int i = 0; i < 20; i++) {
        char name[32];
        snprintf(name, sizeof name, "unit %d", i);
        c = mk(F_OOB_ADD, "wg_oob_add", c_oob_add, ctx);
        c.o = o;
        c.w.oob = o;
        c.a = i % 2;
        c.str = name;
        sweep(&c);
        ck_assert_int_eq(c.ires, i);
        for (int k = 0; k < (i < 2 ? 11 : 2); k++) {
            c = mk(F_OOB_ATTR, "wg_oob_set_attr", c_oob_attr, ctx);
            c.o = o;
            c.w.oob = o;
            c.a = i;
            c.str = OOB_KEYS[k + 3];
            c.u = (uint64_t)(i * 100 + k);
            sweep(&c);
        }
    }
    c = mk_ctor(F_OOB_LOAD, "wg_oob_load", c_oob_load, ctx);
    c.buf = OOB_DOC;
    c.len = strlen(OOB_DOC);
    sweep(&c);
    wg_oob_free(c.res);
    wg_oob_free(o);
    free_ctx(ctx);
    summary("orders of battle");
}
END_TEST

/* ------------------------------------------------------------------ tests: games */

static wg_game *take_clone(wg_game *g)
{
    wg_game *c = NULL;
    ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
    return c;
}

/* Sweeps the calls that take a decision, on copies of g (g is left as it is). */
static void sweep_decisions(wg_ctx *ctx, wg_game *g, const char *where)
{
    char what[320] = "";
    int player = 0, kind = 0;
    ck_assert_int_eq(wg_game_decision(&player, &kind, g), WG_OK);
    if (player == WG_PLAYER_NONE)
        return;
    size_t nopt = 0;
    ck_assert_int_eq(wg_game_option_count(&nopt, g), WG_OK);
    ck_assert_uint_gt(nopt, 0);

    wg_game *c1 = take_clone(g);
    call c = mk(F_CHOOSE, what, c_choose, ctx);
    snprintf(what, sizeof what, "wg_game_choose at %s", where);
    c.g = c1;
    c.w.game[0] = c1;
    c.i = nopt - 1;
    sweep(&c);
    wg_game_free(c1);

    c1 = take_clone(g); /* the same through wg_game_choose_params without parameters */
    c = mk(F_CHOOSE, what, c_choose, ctx);
    snprintf(what, sizeof what, "wg_game_choose_params at %s", where);
    c.g = c1;
    c.w.game[0] = c1;
    c.i = nopt - 1;
    c.k = 1;
    sweep(&c);
    wg_game_free(c1);

    c1 = take_clone(g);
    uint64_t action = 0;
    ck_assert_int_eq(wg_game_option_action(&action, g, nopt / 2), WG_OK);
    c = mk(F_CHOOSE_ACTION, what, c_choose_action, ctx);
    snprintf(what, sizeof what, "wg_game_choose_action at %s", where);
    c.g = c1;
    c.w.game[0] = c1;
    c.u = action;
    sweep(&c);
    wg_game_free(c1);

    if (player == WG_PLAYER_CHANCE) {
        c1 = take_clone(g);
        c = mk(F_ROLL, what, c_roll, ctx);
        snprintf(what, sizeof what, "wg_game_roll at %s", where);
        c.g = c1;
        c.w.game[0] = c1;
        sweep(&c);
        wg_game_free(c1);
    }

    c1 = take_clone(g);
    c = mk(F_PLAYOUT, what, c_playout, ctx);
    snprintf(what, sizeof what, "wg_game_playout at %s", where);
    c.g = c1;
    c.w.game[0] = c1;
    c.u = 6;
    sweep(&c);
    wg_game_free(c1);
}

/* Sweeps the calls that copy, reload, undo and supply, at g's position. */
static void sweep_copies(wg_ctx *ctx, wg_ctx *other, wg_game *g, const char *where, int nplayers, int first)
{
    char what[320] = "";
    uint64_t steps = 0;
    ck_assert_int_eq(wg_game_step_count(&steps, g), WG_OK);

    int all = long_run(); /* the short run: wg_game_clone at the first position, the others at the last */
    call c;
    if (all || first) {
        c = mk_ctor(F_CLONE, what, c_clone, ctx);
        snprintf(what, sizeof what, "wg_game_clone at %s", where);
        c.g = g;
        c.w.game[0] = g;
        c.light = 1;
        sweep(&c);
        wg_game_free(c.res);
    }
    if (!all && first)
        goto tables;

    c = mk_ctor(F_CLONE_TO, what, c_clone_to, ctx);
    snprintf(what, sizeof what, "wg_game_clone_to at %s", where);
    c.g = g;
    c.x = other;
    c.ctx[1] = other;
    c.w.game[0] = g;
    c.light = 1;
    sweep(&c);
    wg_game *copy = c.res;
    ck_assert_int_eq(wg_game_bot_step(NULL, copy), WG_OK); /* the copy plays on its own */
    wg_game_free(copy);

    for (int viewer = 0; viewer < nplayers; viewer++) {
        if (!long_run() && viewer != (int)(steps % (uint64_t)nplayers))
            continue; /* one viewer a position in the short run */
        c = mk_ctor(F_DETERMINIZE, what, c_determinize, ctx);
        snprintf(what, sizeof what, "wg_game_determinize for %d at %s", viewer, where);
        c.g = g;
        c.w.game[0] = g;
        c.a = viewer;
        c.u = 77 + (uint64_t)viewer;
        c.light = 1;
        sweep(&c);
        wg_game_free(c.res);
    }

    size_t len = 0;
    ck_assert_int_eq(wg_game_save(NULL, 0, &len, g), WG_OK);
    char *save = malloc(len);
    ck_assert_ptr_nonnull(save);
    ck_assert_int_eq(wg_game_save(save, len, &len, g), WG_OK);
    c = mk_ctor(F_LOAD, what, c_load, ctx);
    snprintf(what, sizeof what, "wg_game_load at %s", where);
    c.buf = save;
    c.len = len;
    c.w.game[0] = g;
    c.light = 1;
    sweep(&c);
    uint64_t h1 = 0, h2 = 0;
    wg_game_hash(&h1, g);
    wg_game_hash(&h2, c.res);
    ck_assert_uint_eq(h1, h2);
    wg_game_free(c.res);
    free(save);

    if (steps > 0) {
        wg_game *c1 = take_clone(g);
        c = mk(F_UNDO, what, c_undo, ctx);
        snprintf(what, sizeof what, "wg_game_undo_to at %s", where);
        c.g = c1;
        c.w.game[0] = c1;
        c.u = steps / 2;
        sweep(&c);
        wg_game_free(c1);
    }

tables:;
    int ntab = 0;
    ck_assert_int_eq(wg_game_table_count(&ntab, g), WG_OK);
    for (int i = 0; i < ntab; i++) {
        wg_game *c1 = take_clone(g);
        wg_table *t = NULL;
        ck_assert_int_eq(wg_game_table(&t, c1, i), WG_OK);
        c = mk(F_GAME_TABLE, what, c_game_table_code, ctx);
        snprintf(what, sizeof what, "wg_game_table + wg_table_code at %s", where);
        c.g = c1;
        c.w.game[0] = c1;
        c.a = i;
        c.str = "a host's own code";
        sweep(&c);
        int code = c.ires;
        /* a gap filled with it */
        int rows = 0, cols = 0;
        ck_assert_int_eq(wg_table_size(&rows, &cols, t), WG_OK);
        for (int k = 0; k < rows * cols; k++) {
            int src = 0;
            ck_assert_int_eq(wg_table_source(&src, t, k / cols, k % cols), WG_OK);
            if (src == WG_CELL_GAP) {
                c = mk(F_GAME_TABLE, what, c_game_table_set, ctx);
                snprintf(what, sizeof what, "wg_game_table + wg_table_set at %s", where);
                c.g = c1;
                c.w.game[0] = c1;
                c.a = i;
                c.b = k / cols;
                c.k = k % cols;
                c.i = (size_t)code;
                sweep(&c);
                break;
            }
        }
        wg_game_free(c1);
    }
}

/* Sweeps the option enumeration on g itself (its option cache is not filled when this runs right
   after a step), or, for variant 2, leaves it to the bot step. */
static void sweep_walk_options(wg_ctx *ctx, wg_game *g, const char *where, int variant)
{
    char what[320] = "";
    int player = 0, kind = 0;
    ck_assert_int_eq(wg_game_decision(&player, &kind, g), WG_OK);
    if (player == WG_PLAYER_NONE)
        return;
    if (variant % 3 != 2) {
        call c = mk(F_OPTIONS, what, c_options, ctx);
        snprintf(what, sizeof what, "option enumeration %d at %s", variant % 3, where);
        c.g = g;
        c.w.game[0] = g;
        c.k = variant % 3; /* count, count_for; the others read the filled cache */
        sweep(&c);
        for (int k = 2; k < 12 && (variant == 0 || long_run()); k++) {
            c = mk(F_OPTIONS, what, c_options, ctx);
            snprintf(what, sizeof what, "option getter %d at %s", k, where);
            c.g = g;
            c.w.game[0] = g;
            c.k = k;
            c.light = 1; /* the option count is checked by the sweeps above */
            sweep(&c);
        }
    }
}

/* Takes g's next decision with a swept wg_game_bot_step. */
static void sweep_walk_bot(wg_ctx *ctx, wg_game *g, const char *where)
{
    char what[320] = "";
    int player = 0, kind = 0;
    ck_assert_int_eq(wg_game_decision(&player, &kind, g), WG_OK);
    if (player == WG_PLAYER_NONE)
        return;
    call c = mk(F_BOT_STEP, what, c_bot_step, ctx);
    snprintf(what, sizeof what, "wg_game_bot_step at %s", where);
    c.g = g;
    c.w.game[0] = g;
    sweep(&c);
}

static void sweep_setup(wg_ctx *ctx, const char *rs, const char *sc)
{
    char what[320] = "";
    call c = mk_ctor(F_SETUP, what, c_setup_new, ctx);
    snprintf(what, sizeof what, "wg_setup_new %s/%s", rs, sc);
    c.str = rs;
    c.str2 = sc;
    sweep(&c);
    wg_setup *s = c.res;
    c = mk(F_SETUP, what, c_setup_options, ctx);
    snprintf(what, sizeof what, "wg_setup_set_options %s/%s", rs, sc);
    c.s = s;
    c.w.setup = s;
    c.str = wgt_playable_options(rs);
    sweep(&c);
    ck_assert_int_eq(wg_setup_set_seed(s, 99), WG_OK);
    char path[128];
    const char *slot = NULL;
    if (strcmp(rs, "lga") == 0) {
        snprintf(path, sizeof path, "data/lga/crt-completion.wgd");
        slot = "crt";
    } else if (strcmp(rs, "aigles") == 0) {
        snprintf(path, sizeof path, "data/aigles/sample-%s.wgd", sc); /* the battle document */
        slot = "battle";
    } else {
        char low[16];
        size_t k = 0;
        for (; sc[k] && k + 1 < sizeof low; k++) /* ccn files are named s01-map.wgd for scenario S01 */
            low[k] = (char)(sc[k] >= 'A' && sc[k] <= 'Z' ? sc[k] - 'A' + 'a' : sc[k]);
        low[k] = '\0';
        snprintf(path, sizeof path, "data/%s/%s-map.wgd", rs, low);
        slot = "map";
    }
    size_t len = 0;
    char *doc = wgp_read_source(path, &len);
    for (int twice = 0; twice < 2; twice++) { /* a new slot, then the same slot replaced */
        c = mk(F_SETUP, what, c_setup_add_data, ctx);
        snprintf(what, sizeof what, "wg_setup_add_data %s/%s %s", rs, sc, slot);
        c.s = s;
        c.w.setup = s;
        c.str = slot;
        c.buf = doc;
        c.len = len;
        sweep(&c);
    }
    free(doc);
    c = mk_ctor(F_GAME_NEW_SETUP, what, c_game_new_setup, ctx);
    snprintf(what, sizeof what, "wg_game_new_setup %s/%s", rs, sc);
    c.s = s; /* only read: the memory and handles of the context are checked, not the set-up itself */
    sweep(&c);
    wg_game *g = c.res;
    ck_assert_int_eq(wg_game_bot_step(NULL, g), WG_OK);
    wg_game_free(g);
    wg_setup_free(s);
}

/* all: every family (the first scenario of each ruleset, or every scenario in a long run); else
   creation and decisions only. */
static void sweep_scenario(const char *rs, const char *sc, int all)
{
    wg_ctx *ctx = new_ctx(), *other = new_ctx();
    char what[320], where[160];
    call c = mk_ctor(F_GAME_NEW, what, c_game_new, ctx);
    snprintf(what, sizeof what, "wg_game_new %s/%s", rs, sc);
    c.str = rs;
    c.str2 = sc;
    c.u = 5;
    c.buf = strcmp(rs, "lga") == 0 ? "crt=completion" : NULL; /* long playouts meet no table gap */
    sweep(&c);
    wg_game *g = c.res;
    int nplayers = 0;
    ck_assert_int_eq(wg_game_player_count(&nplayers, g), WG_OK);

    if (all && strcmp(rs, "lga") == 0) {
        /* the host completes the game's CRT */
        size_t len = 0;
        char *doc = wgp_read_source("data/lga/crt-completion.wgd", &len);
        wg_game *c1 = take_clone(g);
        c = mk(F_GAME_TABLE, what, c_game_table_supply, ctx);
        snprintf(what, sizeof what, "wg_game_table_find + wg_table_supply %s/%s", rs, sc);
        c.g = c1;
        c.w.game[0] = c1;
        c.str = "crt";
        c.buf = doc;
        c.len = len;
        sweep(&c);
        wg_game_free(c1);
        free(doc);
    }
    if (all)
        sweep_setup(ctx, rs, sc);

    /* positions: the first steps one by one (each a swept bot step), then deeper ones */
    static const uint64_t at_short[] = {0, 1, 2, 24};
    static const uint64_t at_long[] = {0, 1, 2, 3, 4, 5, 6, 7, 12, 40, 150, 400, 1000, 3000};
    const uint64_t *at = long_run() ? at_long : at_short;
    size_t nat = long_run() ? sizeof at_long / sizeof at_long[0] : sizeof at_short / sizeof at_short[0];
    uint64_t step = 0;
    for (size_t p = 0; p < nat; p++) {
        if (at[p] > step) {
            uint64_t taken = 0;
            ck_assert_int_eq(wg_game_playout(&taken, g, at[p] - step), WG_OK);
            step += taken;
        }
        int over = 0;
        ck_assert_int_eq(wg_game_is_over(&over, g), WG_OK);
        if (over)
            break;
        snprintf(where, sizeof where, "%s/%s step %llu", rs, sc, (unsigned long long)step);
        sweep_walk_options(ctx, g, where, (int)p);
        sweep_decisions(ctx, g, where);
        if (all && (long_run() || p == 0 || p + 1 == nat)) /* the copies cost most: the first and last position */
            sweep_copies(ctx, other, g, where, nplayers, p == 0);
        sweep_walk_bot(ctx, g, where);
        step++;
    }
    wg_game_free(g);
    free_ctx(other);
    free_ctx(ctx);
}

START_TEST(test_games)
{
    int n = wgt_scenario_count();
    ck_assert_int_gt(n, 0);
    for (int k = 0; k < n; k++) {
        const char *rs = NULL, *sc = NULL;
        int s = wgt_scenario(k, &rs, &sc);
        sweep_scenario(rs, sc, s == 0 || long_run());
    }
    summary("games");
}
END_TEST

/* ------------------------------------------------------------------ §8: statuses and out-parameters */

/* A save with the length-prefixed string `from` (the first after the header) replaced by `to`, the
   checksum made right. */
static unsigned char *edit_save(const unsigned char *save, size_t len, const char *from, const char *to,
                                size_t *outlen)
{
    size_t fl = strlen(from), tl = strlen(to);
    size_t at = 0;
    for (size_t i = 8; i + 4 + fl <= len; i++) {
        uint32_t n = (uint32_t)save[i] | (uint32_t)save[i + 1] << 8 | (uint32_t)save[i + 2] << 16 |
                     (uint32_t)save[i + 3] << 24;
        if (n == fl && memcmp(save + i + 4, from, fl) == 0) {
            at = i;
            break;
        }
    }
    ck_assert_uint_gt(at, 0);
    *outlen = len - fl + tl;
    unsigned char *o = malloc(*outlen);
    ck_assert_ptr_nonnull(o);
    memcpy(o, save, at);
    o[at] = (unsigned char)tl;
    o[at + 1] = (unsigned char)(tl >> 8);
    o[at + 2] = o[at + 3] = 0;
    memcpy(o + at + 4, to, tl);
    memcpy(o + at + 4 + tl, save + at + 4 + fl, len - at - 4 - fl);
    wgt_save_reseal(o, *outlen);
    return o;
}

START_TEST(test_load_of_what_the_library_lacks)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = NULL;
    ck_assert_int_eq(wg_game_new(&g, ctx, "lga", "1805", NULL, 3), WG_OK);
    ck_assert_int_eq(wg_game_playout(NULL, g, 5), WG_OK);
    size_t len = 0;
    ck_assert_int_eq(wg_game_save(NULL, 0, &len, g), WG_OK);
    unsigned char *save = malloc(len);
    ck_assert_int_eq(wg_game_save(save, len, &len, g), WG_OK);
    size_t mem0 = 0, mem = 0;
    ck_assert_int_eq(wg_ctx_memory_in_use(&mem0, ctx), WG_OK);
    static const char *const rulesets[] = {"xyz", "a-ruleset-with-a-long-name", "l"};
    for (int k = 0; k < 3; k++) {
        size_t elen = 0;
        unsigned char *e = edit_save(save, len, "lga", rulesets[k], &elen);
        wg_game *h = (wg_game *)&SENTINEL;
        int rc = wg_game_load(&h, ctx, e, elen);
        ck_assert_msg(rc == WG_ENOTFOUND, "ruleset '%s': status %d (%s)", rulesets[k], rc, wg_ctx_errmsg(ctx));
        ck_assert_ptr_null(h);
        ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), rulesets[k]));
        free(e);
    }
    size_t elen = 0;
    unsigned char *e = edit_save(save, len, "1805", "1700", &elen);
    wg_game *h = (wg_game *)&SENTINEL;
    int rc = wg_game_load(&h, ctx, e, elen);
    ck_assert_msg(rc == WG_ENOTFOUND, "scenario 1700: status %d (%s)", rc, wg_ctx_errmsg(ctx));
    ck_assert_ptr_null(h);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "1700"));
    free(e);
    /* a corrupt save stays corrupt */
    save[len - 1] ^= 1;
    h = (wg_game *)&SENTINEL;
    ck_assert_int_eq(wg_game_load(&h, ctx, save, len), WG_ECORRUPT);
    ck_assert_ptr_null(h);
    ck_assert_int_eq(wg_ctx_memory_in_use(&mem, ctx), WG_OK);
    ck_assert_uint_eq(mem, mem0);
    free(save);
    wg_game_free(g);
    free_ctx(ctx);
}
END_TEST

#define OUT_NULL(type, expr, want) OUT_NULL_IN(-1, type, expr, want)
#define OUT_NULL_IN(fam, type, expr, want)                                                                         \
    do {                                                                                                           \
        type *o_ = (type *)&SENTINEL;                                                                              \
        int rc_ = (expr);                                                                                          \
        ck_assert_msg(rc_ == (want), "%s: status %d, want %d", #expr, rc_, (want));                               \
        if (o_ != NULL) {                                                                                          \
            call c_ = mk(fam, #expr, NULL, NULL);                                                                  \
            int rep_ = 0;                                                                                          \
            violation(&c_, &rep_, "*out is not NULL after a failure");                                            \
        }                                                                                                          \
    } while (0)

/* The constructors of the core (contexts, generators, tables, orders of battle, games, set-ups). */
START_TEST(test_constructors_clear_out)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = NULL;
    ck_assert_int_eq(wg_game_new(&g, ctx, "marechaux", "1808", NULL, 1), WG_OK);
    OUT_NULL(wg_rng, wg_rng_new(&o_, NULL, 1, 1), WG_EINVAL);
    OUT_NULL(wg_table, wg_table_new(&o_, NULL, "t", 1, 1), WG_EINVAL);
    OUT_NULL(wg_table, wg_table_new(&o_, ctx, "t", 0, 1), WG_EINVAL);
    OUT_NULL(wg_table, wg_table_new(&o_, ctx, NULL, 1, 1), WG_EINVAL);
    OUT_NULL(wg_table, wg_table_load(&o_, NULL, TABLE_DOC, strlen(TABLE_DOC)), WG_EINVAL);
    OUT_NULL(wg_table, wg_table_load(&o_, ctx, "wgdata 1 table\nname x\n", 22), WG_EPARSE);
    OUT_NULL(wg_table, wg_table_load(&o_, ctx, "not a document", 14), WG_EPARSE);
    OUT_NULL(wg_table, wg_table_load(&o_, ctx, NULL, 3), WG_EINVAL);
    OUT_NULL(wg_oob, wg_oob_new(&o_, NULL), WG_EINVAL);
    OUT_NULL(wg_oob, wg_oob_load(&o_, NULL, OOB_DOC, strlen(OOB_DOC)), WG_EINVAL);
    OUT_NULL(wg_oob, wg_oob_load(&o_, ctx, "wgdata 1 oob\nunit x y\n", 22), WG_EPARSE);
    OUT_NULL(wg_oob, wg_oob_load(&o_, ctx, "wgdata 1 table\n", 15), WG_EPARSE);
    OUT_NULL(wg_game, wg_game_new(&o_, NULL, "lga", "1805", NULL, 1), WG_EINVAL);
    OUT_NULL(wg_game, wg_game_new(&o_, ctx, "nope", "1805", NULL, 1), WG_ENOTFOUND);
    OUT_NULL(wg_game, wg_game_new(&o_, ctx, "lga", "1700", NULL, 1), WG_ENOTFOUND);
    OUT_NULL(wg_game, wg_game_new(&o_, ctx, "lga", "1805", "bogus=1", 1), WG_EINVAL);
    OUT_NULL(wg_game, wg_game_new_setup(&o_, NULL), WG_EINVAL);
    OUT_NULL(wg_game, wg_game_clone(&o_, NULL), WG_EINVAL);
    OUT_NULL(wg_game, wg_game_clone_to(&o_, NULL, g), WG_EINVAL);
    OUT_NULL(wg_game, wg_game_clone_to(&o_, ctx, NULL), WG_EINVAL);
    OUT_NULL(wg_game, wg_game_determinize(&o_, NULL, 0, 1), WG_EINVAL);
    OUT_NULL(wg_game, wg_game_determinize(&o_, g, 5, 1), WG_ERANGE);
    OUT_NULL(wg_game, wg_game_load(&o_, NULL, "WGSV", 4), WG_EINVAL);
    OUT_NULL(wg_game, wg_game_load(&o_, ctx, "WGSV", 4), WG_ECORRUPT);
    OUT_NULL(wg_setup, wg_setup_new(&o_, NULL, "lga", "1805"), WG_EINVAL);
    OUT_NULL(wg_setup, wg_setup_new(&o_, ctx, "lga", "1700"), WG_ENOTFOUND);
    wg_game_free(g);
    free_ctx(ctx);
}
END_TEST

/* The parsers and builders of data documents and maps. */
START_TEST(test_document_constructors_clear_out)
{
    wg_ctx *ctx = new_ctx();
    OUT_NULL_IN(F_DATA, wg_data, wg_data_parse(&o_, NULL, DATA_DOC, strlen(DATA_DOC)), WG_EINVAL);
    OUT_NULL_IN(F_DATA, wg_data, wg_data_parse(&o_, ctx, "wgdata 2 x\n", 11), WG_EPARSE);
    OUT_NULL_IN(F_DATA, wg_data, wg_data_parse(&o_, ctx, NULL, 4), WG_EINVAL);
    OUT_NULL_IN(F_MAP_NEW, wg_map, wg_map_new_hex(&o_, NULL, 2, 2, WG_HEX_ODD_Q), WG_EINVAL);
    OUT_NULL_IN(F_MAP_NEW, wg_map, wg_map_new_hex(&o_, ctx, 0, 2, WG_HEX_ODD_Q), WG_ERANGE);
    OUT_NULL_IN(F_MAP_NEW, wg_map, wg_map_new_hex(&o_, ctx, 2, 2, 9), WG_EINVAL);
    OUT_NULL_IN(F_MAP_NEW, wg_map, wg_map_new_graph(&o_, NULL), WG_EINVAL);
    OUT_NULL_IN(F_MAP_NEW, wg_map, wg_map_load(&o_, NULL, HEXMAP, strlen(HEXMAP)), WG_EINVAL);
    OUT_NULL_IN(F_MAP_NEW, wg_map, wg_map_load(&o_, ctx, "wgdata 1 map\ngrid hex 0 0 odd-q\n", 32), WG_EPARSE);
    free_ctx(ctx);
    summary("document constructors");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("failed_calls");
    TCase *tc = tcase_create("sweeps");
    tcase_set_timeout(tc, 0);
    tcase_add_test(tc, test_ctx_and_rng);
    tcase_add_test(tc, test_data_and_maps);
    tcase_add_test(tc, test_tables);
    tcase_add_test(tc, test_oobs);
    tcase_add_test(tc, test_games);
    suite_add_tcase(s, tc);
    TCase *st = tcase_create("statuses");
    tcase_add_test(st, test_load_of_what_the_library_lacks);
    tcase_add_test(st, test_constructors_clear_out);
    tcase_add_test(st, test_document_constructors_clear_out);
    suite_add_tcase(s, st);
    return wgt_run(s);
}

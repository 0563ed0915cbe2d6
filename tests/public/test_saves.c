/* Saves: whatever the library accepts it saves and loads back, and a save has one form (issue
   hardening, items 2 and 3).  load(save(g)) saves back byte for byte, in every scenario of every
   ruleset, mid-game; values too long for a save are refused where they enter; a save with a
   supplied cell listed twice (its checksum recomputed) is refused as corrupt. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgplay.h"

static void *save_of(wg_game *g, size_t *len)
{
    ck_assert_int_eq(wg_game_save(NULL, 0, len, g), WG_OK);
    void *buf = malloc(*len);
    ck_assert_ptr_nonnull(buf);
    ck_assert_int_eq(wg_game_save(buf, *len, len, g), WG_OK);
    return buf;
}

static void round_trip(wg_ctx *ctx, wg_game *g)
{
    size_t la = 0, lb = 0;
    void *a = save_of(g, &la);
    wg_game *h = NULL;
    ck_assert_int_eq(wg_game_load(&h, ctx, a, la), WG_OK);
    void *b = save_of(h, &lb);
    ck_assert_uint_eq(la, lb);
    ck_assert_int_eq(memcmp(a, b, la), 0);
    wg_game_free(h);
    free(a);
    free(b);
}

/* The first cell of the table that is a gap (neither printed nor supplied). */
static void first_gap(const wg_table *t, int *row, int *col)
{
    int rows = 0, cols = 0;
    ck_assert_int_eq(wg_table_size(&rows, &cols, t), WG_OK);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            int src = -1;
            ck_assert_int_eq(wg_table_source(&src, t, r, c), WG_OK);
            if (src == WG_CELL_GAP) {
                *row = r;
                *col = c;
                return;
            }
        }
    ck_abort_msg("no gap in the table");
}

/* One scenario: a save at the start and every 100 random steps loads and saves back the same bytes. */
static void saves_back(wg_ctx *ctx, const char *rs, const char *sc)
{
    wg_game *g = wgp_new(ctx, rs, sc, wgt_playable_options(rs), 7, NULL);
    round_trip(ctx, g);
    for (int step = 0; step < 300; step++) {
        int over = 0;
        wg_game_is_over(&over, g);
        if (over)
            break;
        size_t c = 0;
        ck_assert_int_eq(wg_game_bot_step(&c, g), WG_OK);
        if (step % 100 == 99)
            round_trip(ctx, g);
    }
    wg_game_free(g);
}

/* Every scenario of every ruleset in the registry: a ruleset added later is covered. */
START_TEST(test_every_scenario_saves_back_the_same)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    const char *rs = NULL, *sc = NULL;
    wgt_scenario(_i, &rs, &sc);
    saves_back(ctx, rs, sc);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* Every damage to a save is refused or yields a game that saves back to the damaged bytes (one
   canonical form): every truncation, one bit flipped in every byte (the checksum catches it), and,
   with the checksum recomputed, a bit flipped at evenly spaced bytes.  A refused load leaves *out
   NULL and the context's memory and handles as they were. */
static long corrupted = 0, accepted = 0;

static void try_load(wg_ctx *ctx, const unsigned char *buf, size_t len, int resealed)
{
    size_t mem0 = 0, live0 = 0;
    ck_assert_int_eq(wg_ctx_memory_in_use(&mem0, ctx), WG_OK);
    ck_assert_int_eq(wg_ctx_live_handles(&live0, ctx), WG_OK);
    wg_game *h = (wg_game *)&h;
    int rc = wg_game_load(&h, ctx, buf, len);
    corrupted++;
    if (rc == WG_OK) {
        ck_assert_msg(resealed, "a damaged save with a wrong checksum loaded");
        /* accepted: it is a save this library writes, byte for byte */
        size_t lb = 0;
        void *b = save_of(h, &lb);
        ck_assert_uint_eq(lb, len);
        if (memcmp(b, buf, len) != 0) {
            size_t at = 0;
            while (((const unsigned char *)b)[at] == buf[at])
                at++;
            ck_abort_msg("a damaged save loaded and saves back to other bytes (from byte %zu of %zu)", at, len);
        }
        free(b);
        wg_game_free(h);
        accepted++;
    } else {
        ck_assert_msg(rc == WG_ECORRUPT || rc == WG_EVERSION || rc == WG_ENOTFOUND || rc == WG_EPARSE ||
                          rc == WG_EDATA || rc == WG_EILLEGAL || rc == WG_EINVAL,
                      "load of a damaged save: status %d (%s)", rc, wg_status_str(rc));
        ck_assert_ptr_null(h);
        ck_assert_str_ne(wg_ctx_errmsg(ctx), "");
    }
    size_t mem1 = 0, live1 = 0;
    ck_assert_int_eq(wg_ctx_memory_in_use(&mem1, ctx), WG_OK);
    ck_assert_int_eq(wg_ctx_live_handles(&live1, ctx), WG_OK);
    ck_assert_uint_eq(mem1, mem0);
    ck_assert_uint_eq(live1, live0);
}

START_TEST(test_damaged_saves)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    const char *rs = wg_ruleset_id(_i), *sc = NULL;
    ck_assert_int_eq(wg_ruleset_scenario_id(&sc, rs, 0), WG_OK);
    wg_game *g = wgp_new(ctx, rs, sc, wgt_playable_options(rs), 5, NULL);
    for (int i = 0; i < 60; i++) {
        size_t c = 0;
        ck_assert_int_eq(wg_game_bot_step(&c, g), WG_OK);
    }
    size_t len = 0;
    unsigned char *save = save_of(g, &len);
    wg_game_free(g);
    unsigned char *d = malloc(len);
    ck_assert_ptr_nonnull(d);
    long before = corrupted;
    for (size_t n = 0; n < len; n++)
        try_load(ctx, save, n, 0);
    for (size_t i = 0; i < len; i++) {
        memcpy(d, save, len);
        d[i] ^= (unsigned char)(1u << (i % 8));
        try_load(ctx, d, len, 0);
    }
    size_t step = len / 400 + 1;
    for (size_t i = 4; i + 4 < len; i += step) {
        memcpy(d, save, len);
        d[i] ^= (unsigned char)(1u << (i % 8));
        wgt_save_reseal(d, len);
        try_load(ctx, d, len, 1);
    }
    printf("damaged saves %s %s (%zu bytes): %ld loads refused or canonical, %ld damaged saves accepted "
           "(each saves back to its own bytes)\n",
           rs, sc, len, corrupted - before, accepted);
    free(d);
    free(save);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* The kept saves of every released format (tests/saves/README.md): each loads to the position
   tests/saves/expected.txt records, and saves back in the current format, or gives the status
   recorded there.  A save of an unknown format version, or of another rules revision, is refused
   with WG_EVERSION, never misread. */
START_TEST(test_kept_saves)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    size_t elen = 0;
    char *exp = wgt_read_source_file("tests/saves/expected.txt", &elen);
    int kept = 0, formats[4] = {0};
    for (char *line = strtok(exp, "\n"); line; line = strtok(NULL, "\n")) {
        char file[128], what[32];
        unsigned long long hash = 0, steps = 0;
        if (line[0] == '#' || sscanf(line, "%127s %31s %llx %llu", file, what, &hash, &steps) < 2)
            continue;
        char path[256];
        snprintf(path, sizeof path, "tests/saves/%s", file);
        size_t len = 0;
        unsigned char *buf = (unsigned char *)wgt_read_source_file(path, &len);
        ck_assert_uint_gt(len, 12);
        unsigned version = buf[4] | (unsigned)buf[5] << 8 | (unsigned)buf[6] << 16 | (unsigned)buf[7] << 24;
        ck_assert_uint_lt(version, 4);
        formats[version]++;
        wg_game *g = (wg_game *)&g;
        int rc = wg_game_load(&g, ctx, buf, len);
        if (strcmp(what, "ok") == 0) {
            ck_assert_msg(rc == WG_OK, "%s: %s (%s)", file, wg_status_str(rc), wg_ctx_errmsg(ctx));
            uint64_t h = 0, n = 0;
            ck_assert_int_eq(wg_game_hash(&h, g), WG_OK);
            ck_assert_int_eq(wg_game_step_count(&n, g), WG_OK);
            ck_assert_msg(h == hash, "%s: hash %llx, expected %llx", file, (unsigned long long)h, hash);
            ck_assert_uint_eq(n, steps);
            /* it saves in the current format, which loads to the same position */
            size_t l2 = 0;
            unsigned char *b2 = save_of(g, &l2);
            unsigned v2 = b2[4] | (unsigned)b2[5] << 8 | (unsigned)b2[6] << 16 | (unsigned)b2[7] << 24;
            ck_assert_uint_eq(v2, 2);
            round_trip(ctx, g);
            /* the same save with another rules revision is refused, never replayed */
            if (v2 == 2 && version == 2) {
                size_t off = 8 + 4 + (size_t)(b2[8] | b2[9] << 8) ; /* after the ruleset id */
                b2[off] ^= 1;
                wgt_save_reseal(b2, l2);
                wg_game *x = (wg_game *)&x;
                ck_assert_int_eq(wg_game_load(&x, ctx, b2, l2), WG_EVERSION);
                ck_assert_ptr_null(x);
                ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "revision"));
            }
            free(b2);
            wg_game_free(g);
        } else {
            /* the status by its name in the header (one word, as the line is read) */
            int want = strcmp(what, "WG_EVERSION") == 0   ? WG_EVERSION
                       : strcmp(what, "WG_ECORRUPT") == 0 ? WG_ECORRUPT
                                                          : WG_OK;
            ck_assert_msg(rc != WG_OK && rc == want, "%s: %s, expected %s", file, wg_status_str(rc), what);
            ck_assert_ptr_null(g);
        }
        /* unknown format versions are refused */
        for (unsigned v = 0; v < 5; v += 3) {
            buf[4] = (unsigned char)v;
            buf[5] = buf[6] = buf[7] = 0;
            wgt_save_reseal(buf, len);
            wg_game *x = (wg_game *)&x;
            ck_assert_int_eq(wg_game_load(&x, ctx, buf, len), WG_EVERSION);
            ck_assert_ptr_null(x);
        }
        free(buf);
        kept++;
    }
    free(exp);
    ck_assert_int_ge(kept, 4);
    ck_assert_int_ge(formats[1], 2); /* format 1: one save per ruleset at least */
    ck_assert_int_ge(formats[2], 2); /* format 2 */
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* Limits where values enter: options of 1023 bytes at most, table and result-code names of 127. A
   supplied cell whose code name has 127 bytes saves and loads back. */
START_TEST(test_limits_where_values_enter)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    char opts[1100];
    memset(opts, 'x', 1024);
    opts[1024] = '\0';
    wg_game *g = (wg_game *)1;
    ck_assert_int_eq(wg_game_new(&g, ctx, "lga", "1806", opts, 1), WG_EINVAL);
    ck_assert_ptr_null(g);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "1023 bytes"));

    g = wgp_new(ctx, "lga", "1806", NULL, 1, NULL);
    wg_table *crt = NULL;
    ck_assert_int_eq(wg_game_table_find(&crt, g, "crt"), WG_OK);
    char name[200];
    memset(name, 'c', 127);
    name[127] = '\0';
    int code = -1, row = 0, col = 0;
    first_gap(crt, &row, &col);
    ck_assert_int_eq(wg_table_code(&code, crt, name), WG_OK);
    ck_assert_int_eq(wg_table_set(crt, row, col, code), WG_OK);
    round_trip(ctx, g);
    name[127] = 'c';
    name[128] = '\0';
    ck_assert_int_eq(wg_table_code(&code, crt, name), WG_EINVAL);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* The CRC-32 a save ends with (IEEE, as the library writes it). */
static uint32_t crc32_of(const unsigned char *p, size_t n)
{
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
    }
    return ~c;
}

/* A save with one supplied cell listed twice, its checksum recomputed: refused as corrupt. */
START_TEST(test_duplicate_cell_refused)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = wgp_new(ctx, "lga", "1806", NULL, 1, NULL);
    wg_table *crt = NULL;
    ck_assert_int_eq(wg_game_table_find(&crt, g, "crt"), WG_OK);
    int code = -1, row = 0, col = 0;
    first_gap(crt, &row, &col);
    ck_assert_int_eq(wg_table_code(&code, crt, "De"), WG_OK);
    ck_assert_int_eq(wg_table_set(crt, row, col, code), WG_OK);
    size_t len = 0;
    unsigned char *a = save_of(g, &len);
    /* find the cell entry: u32 row, u32 col, u32 2, "De" (little-endian) */
    const unsigned char entry[] = {(unsigned char)row, 0, 0, 0, (unsigned char)col, 0, 0, 0, 2, 0, 0, 0, 'D', 'e'};
    size_t at = 0;
    for (at = 0; at + sizeof entry <= len; at++)
        if (memcmp(a + at, entry, sizeof entry) == 0)
            break;
    ck_assert_uint_lt(at + sizeof entry, len);
    /* the count of cells is the u32 just before the entry */
    ck_assert_uint_eq(a[at - 4], 1);
    unsigned char *b = malloc(len + sizeof entry);
    ck_assert_ptr_nonnull(b);
    memcpy(b, a, at + sizeof entry);
    memcpy(b + at + sizeof entry, entry, sizeof entry);
    memcpy(b + at + 2 * sizeof entry, a + at + sizeof entry, len - at - sizeof entry);
    b[at - 4] = 2;
    size_t lb = len + sizeof entry;
    uint32_t crc = crc32_of(b, lb - 4);
    for (int k = 0; k < 4; k++)
        b[lb - 4 + (size_t)k] = (unsigned char)(crc >> (8 * k));
    wg_game *h = (wg_game *)1;
    ck_assert_int_eq(wg_game_load(&h, ctx, b, lb), WG_ECORRUPT);
    ck_assert_ptr_null(h);
    /* the save as written loads */
    ck_assert_int_eq(wg_game_load(&h, ctx, a, len), WG_OK);
    wg_game_free(h);
    free(a);
    free(b);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Documents are checked when they are supplied, not when play reaches them (hardening, item 4): a
   Maréchaux pack with an impossible melee cell is refused at set-up, naming the slot, the line and
   the field. */
START_TEST(test_bad_melee_cell_refused_at_setup)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    char *src = wgp_read_source("data/marechaux/1808.wgd", NULL);
    char *bad = wgp_replace(src, "\nmelee 5 0/0 ", "\nmelee 5 9Z9 ");
    wgp_doc docs[] = {{"pack", bad}, {NULL, NULL}};
    wg_game *g = NULL;
    ck_assert_int_eq(wgp_try_new(&g, ctx, "marechaux", "1808", NULL, 1, docs), WG_EDATA);
    ck_assert_ptr_null(g);
    const char *msg = wg_ctx_errmsg(ctx);
    ck_assert_msg(strstr(msg, "host-supplied pack") && strstr(msg, "line 119") && strstr(msg, "field 2") &&
                      strstr(msg, "9Z9"),
                  "%s", msg);
    wgp_doc good[] = {{"pack", src}, {NULL, NULL}};
    ck_assert_int_eq(wgp_try_new(&g, ctx, "marechaux", "1808", NULL, 1, good), WG_OK);
    wg_game_free(g);
    free(bad);
    free(src);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("saves");
    TCase *tc = tcase_create("saves");
    tcase_set_timeout(tc, 900);
    tcase_add_loop_test(tc, test_every_scenario_saves_back_the_same, 0, wgt_scenario_count());
    tcase_add_loop_test(tc, test_damaged_saves, 0, wg_ruleset_count());
    tcase_add_test(tc, test_kept_saves);
    tcase_add_test(tc, test_limits_where_values_enter);
    tcase_add_test(tc, test_duplicate_cell_refused);
    tcase_add_test(tc, test_bad_melee_cell_refused_at_setup);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

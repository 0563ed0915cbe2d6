/* Fuzz target: hostile numbers in the bundled documents, through set-up and play.
 *
 * The input picks one bundled document (the La Grande Armée map, scenarios and CRT completion, the
 * Les Maréchaux maps and packs, the Commands & Colors base pack, decks, maps and scenarios:
 * lib/embeds.cmake) and up to 16 edits; each edit replaces one numeric
 * token of the document (chosen by index, modulo the number of tokens) by a hostile value: 0, -1,
 * INT_MAX, INT_MIN, 2^31, 2^63-1, 2^64, huge digit strings, and the values at and just past every
 * documented edge (doc/data-format-map.md, doc/lga-data.md, doc/marechaux.md), or by the original
 * value plus a small delta.  The edited document is supplied with wg_setup_add_data (with or without
 * the scenario's other bundled document), the game is set up and played for at most 200 random-bot
 * steps, saved and loaded back.  Set-up returns WG_OK or a documented error (WG_EPARSE, WG_EDATA,
 * WG_EILLEGAL for a CRT document that changes a printed cell, out of memory) with a message; play returns WG_OK or a documented error of the rules data
 * (WG_EDATA, WG_ETABLEGAP) with a message; a crash or a sanitizer report is a failure.
 *
 * Input: byte 0 the document, byte 1 flags (bit 0: also supply the other document, bit 1: lga
 * option crt=completion), then 3 bytes per edit: token index (16 bits, little-endian), value. */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "embedded.h"

typedef struct fz_doc {
    const char *ruleset, *scenario, *slot;
    const unsigned char *text;
    const size_t *len;
    const char *other_slot; /* the scenario's other document, or NULL */
    const unsigned char *other;
    const size_t *other_len;
} fz_doc;

static const fz_doc DOCS[] = {
    {"lga", "1805", "scenario", wg__data_lga_1805, &wg__data_lga_1805_len, "map", wg__data_lga_map,
     &wg__data_lga_map_len},
    {"lga", "1806", "scenario", wg__data_lga_1806, &wg__data_lga_1806_len, "map", wg__data_lga_map,
     &wg__data_lga_map_len},
    {"lga", "1809", "scenario", wg__data_lga_1809, &wg__data_lga_1809_len, "map", wg__data_lga_map,
     &wg__data_lga_map_len},
    {"lga", "1805", "map", wg__data_lga_map, &wg__data_lga_map_len, "scenario", wg__data_lga_1805,
     &wg__data_lga_1805_len},
    {"lga", "1806", "crt", wg__data_lga_crt, &wg__data_lga_crt_len, NULL, NULL, NULL},
    {"marechaux", "1808", "pack", wg__data_marechaux_1808, &wg__data_marechaux_1808_len, "map",
     wg__data_marechaux_1808_map, &wg__data_marechaux_1808_map_len},
    {"marechaux", "1808", "map", wg__data_marechaux_1808_map, &wg__data_marechaux_1808_map_len, "pack",
     wg__data_marechaux_1808, &wg__data_marechaux_1808_len},
    {"marechaux", "1809", "pack", wg__data_marechaux_1809, &wg__data_marechaux_1809_len, "map",
     wg__data_marechaux_1809_map, &wg__data_marechaux_1809_map_len},
    {"marechaux", "1809", "map", wg__data_marechaux_1809_map, &wg__data_marechaux_1809_map_len, "pack",
     wg__data_marechaux_1809, &wg__data_marechaux_1809_len},
    {"ccn", "S05", "base", wg__data_ccn_base, &wg__data_ccn_base_len, NULL, NULL, NULL},
    {"ccn", "S05", "orders", wg__data_ccn_orders90, &wg__data_ccn_orders90_len, NULL, NULL, NULL},
    {"ccn", "S05", "orders", wg__data_ccn_orders75, &wg__data_ccn_orders75_len, NULL, NULL, NULL},
    {"ccn", "S05", "tactician", wg__data_ccn_tactician, &wg__data_ccn_tactician_len, NULL, NULL, NULL},
    {"ccn", "S05", "scenario", wg__data_ccn_s05, &wg__data_ccn_s05_len, "map", wg__data_ccn_s05_map,
     &wg__data_ccn_s05_map_len},
    {"ccn", "S09", "scenario", wg__data_ccn_s09, &wg__data_ccn_s09_len, "map", wg__data_ccn_s09_map,
     &wg__data_ccn_s09_map_len},
    {"ccn", "S18", "map", wg__data_ccn_s18_map, &wg__data_ccn_s18_map_len, "scenario", wg__data_ccn_s18,
     &wg__data_ccn_s18_len},
    {"aigles", "crossroads", "battle", wg__data_aigles_crossroads, &wg__data_aigles_crossroads_len, "table",
     wg__data_aigles_table, &wg__data_aigles_table_len},
    {"aigles", "ridge", "army", wg__data_aigles_army, &wg__data_aigles_army_len, NULL, NULL, NULL},
    {"aigles", "ridge", "table", wg__data_aigles_table, &wg__data_aigles_table_len, "battle", wg__data_aigles_ridge,
     &wg__data_aigles_ridge_len},
};
enum { NDOCS = sizeof DOCS / sizeof DOCS[0] };

/* Hostile values: the int and long long limits and just past them, huge digit strings, and the
   values at and just past the documented edges of every format. */
static const char *const HOSTILE[] = {
    "0", "-1", "1", "2147483647", "-2147483648", "2147483648", "-2147483649", "4294967295", "4294967296",
    "9223372036854775807", "-9223372036854775808", "9223372036854775808", "-9223372036854775809",
    "18446744073709551616", "99999999999999999999999999999999999999", "0000000000000000000000000000000000000001",
    "+5", "-0", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "15", "16", "17", "18", "19", "20",
    "21", "24", "25", "30", "31", "32", "50", "51", "60", "61", "64", "65", "70", "71", "99", "100", "101",
    "127", "128", "255", "256", "1000", "1001", "3584", "3585", "4095", "4096", "4097", "9999", "10000",
    "32767", "32768", "65535", "65536", "100000", "100001", "-1000", "-1001", "-100000", "-100001", "-2"};
enum { NHOSTILE = sizeof HOSTILE / sizeof HOSTILE[0], MAX_EDITS = 16 };

/* A numeric token: a run of digits (with a sign just before it) that starts a field or follows one
   of the separators of the formats' compound fields (key=N, a,b, S-M, (S), xN, PLACE:R, W/L). */
static int token_start(const char *t, size_t i, size_t len, size_t *end)
{
    size_t j = i;
    if (j < len && (t[j] == '-' || t[j] == '+'))
        j++;
    if (j >= len || t[j] < '0' || t[j] > '9')
        return 0;
    if (i > 0) {
        char p = t[i - 1];
        if (!strchr(" \t=,/(x:-\n", p) || (p >= '0' && p <= '9'))
            return 0;
    }
    while (j < len && t[j] >= '0' && t[j] <= '9')
        j++;
    *end = j;
    return 1;
}

/* Builds the edited document: token k (0-based, in order, the header line excluded) becomes repl[k]
   when set. */
static char *edit_doc(const char *t, size_t len, const char *const *repl, size_t ntok, size_t *outlen)
{
    size_t cap = len + (size_t)MAX_EDITS * 48 + 1, n = 0, k = 0;
    char *out = malloc(cap);
    FZ_CHECK(out != NULL);
    int header = 1;
    for (size_t i = 0; i < len;) {
        size_t end;
        if (header && t[i] == '\n')
            header = 0;
        if (!header && token_start(t, i, len, &end)) {
            const char *r = k < ntok ? repl[k] : NULL;
            if (r) {
                size_t rl = strlen(r);
                FZ_CHECK(n + rl < cap);
                memcpy(out + n, r, rl);
                n += rl;
            } else {
                memcpy(out + n, t + i, end - i);
                n += end - i;
            }
            k++;
            i = end;
            continue;
        }
        out[n++] = t[i++];
    }
    out[n] = '\0';
    *outlen = n;
    return out;
}

static size_t count_tokens(const char *t, size_t len)
{
    size_t k = 0, end;
    int header = 1;
    for (size_t i = 0; i < len;) {
        if (header && t[i] == '\n')
            header = 0;
        if (!header && token_start(t, i, len, &end)) {
            k++;
            i = end;
        } else {
            i++;
        }
    }
    return k;
}

/* The original value of token k plus delta, written into buf. */
static const char *delta_of(const char *t, size_t len, size_t k, int delta, char *buf, size_t cap)
{
    size_t idx = 0, end;
    int header = 1;
    for (size_t i = 0; i < len;) {
        if (header && t[i] == '\n')
            header = 0;
        if (!header && token_start(t, i, len, &end)) {
            if (idx++ == k) {
                long long v = 0;
                int neg = t[i] == '-';
                size_t j = (t[i] == '-' || t[i] == '+') ? i + 1 : i;
                for (; j < end && v < 100000000000LL; j++)
                    v = v * 10 + (t[j] - '0');
                if (neg)
                    v = -v;
                snprintf(buf, cap, "%lld", v + delta);
                return buf;
            }
            i = end;
        } else {
            i++;
        }
    }
    return NULL;
}

static void check_msg(const char *msg)
{
    FZ_CHECK(msg && msg[0]);
}

static void play(wg_game *g, wg_ctx *ctx)
{
    uint64_t steps = 0;
    int rc = wg_game_playout(&steps, g, 200);
    FZ_CHECK(steps <= 200);
    if (rc != WG_OK) {
        FZ_CHECK(rc == WG_EDATA || rc == WG_ETABLEGAP || rc == WG_ENOMEM);
        check_msg(wg_game_errmsg(g));
        return;
    }
    /* the save carries the documents: it loads back to the same game */
    size_t n = 0;
    FZ_CHECK(wg_game_save(NULL, 0, &n, g) == WG_OK);
    unsigned char *buf = malloc(n);
    FZ_CHECK(buf != NULL);
    FZ_CHECK(wg_game_save(buf, n, &n, g) == WG_OK);
    wg_game *back = NULL;
    FZ_CHECK(wg_game_load(&back, ctx, buf, n) == WG_OK);
    uint64_t h1 = 0, h2 = 1;
    FZ_CHECK(wg_game_hash(&h1, g) == WG_OK && wg_game_hash(&h2, back) == WG_OK && h1 == h2);
    wg_game_free(back);
    free(buf);
}

WGFUZZ_TARGET(setup)
{
    if (size < 2)
        return 0;
    const fz_doc *d = &DOCS[data[0] % NDOCS];
    const char *text = (const char *)d->text;
    size_t len = *d->len;
    size_t ntok = count_tokens(text, len);
    FZ_CHECK(ntok > 0);
    const char **repl = calloc(ntok, sizeof *repl);
    char deltas[MAX_EDITS][32];
    FZ_CHECK(repl != NULL);
    size_t nedit = 0;
    for (size_t p = 2; p + 3 <= size && nedit < MAX_EDITS; p += 3, nedit++) {
        size_t k = ((size_t)data[p] | (size_t)data[p + 1] << 8) % ntok;
        unsigned v = data[p + 2];
        if (v >= 0xF0) /* the original value plus -8..+7 */
            repl[k] = delta_of(text, len, k, (int)(v & 15u) - 8, deltas[nedit], sizeof deltas[nedit]);
        else
            repl[k] = HOSTILE[v % NHOSTILE];
    }
    size_t elen = 0;
    char *doc = edit_doc(text, len, repl, ntok, &elen);
    free(repl);

    fz_alloc a;
    wg_ctx *ctx = fz_ctx(&a);
    wg_setup *s = NULL;
    FZ_CHECK(wg_setup_new(&s, ctx, d->ruleset, d->scenario) == WG_OK);
    FZ_CHECK(wg_setup_set_seed(s, fz_hash(data, size)) == WG_OK);
    if ((data[1] & 2) && strcmp(d->ruleset, "lga") == 0)
        FZ_CHECK(wg_setup_set_options(s, "crt=completion") == WG_OK);
    FZ_CHECK(wg_setup_add_data(s, d->slot, doc, elen) == WG_OK);
    if ((data[1] & 1) && d->other_slot)
        FZ_CHECK(wg_setup_add_data(s, d->other_slot, (const char *)d->other, *d->other_len) == WG_OK);
    wg_game *g = NULL;
    int rc = wg_game_new_setup(&g, s);
    if (rc == WG_OK) {
        FZ_CHECK(g != NULL);
        play(g, ctx);
        wg_game_free(g);
    } else {
        FZ_CHECK(g == NULL);
        /* WG_EILLEGAL: a supplied CRT document names a printed cell with another value */
        FZ_CHECK(rc == WG_EPARSE || rc == WG_EDATA || rc == WG_EILLEGAL || rc == WG_ENOMEM);
        check_msg(wg_ctx_errmsg(ctx));
    }
    wg_setup_free(s);
    free(doc);
    fz_ctx_done(ctx, &a);
    return 0;
}

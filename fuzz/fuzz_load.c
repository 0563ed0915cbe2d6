/* Fuzz target: wg_game_load.
 *
 * Each input is loaded twice: as given (so the checksum check is exercised) and with its last
 * four bytes replaced by the correct checksum (so mutations reach the header, the documents, the
 * table cells and the decision log).  A loaded game must save and load again to the same hash,
 * and a second save must give the same bytes.  A third load fails one allocation. */
#include "fuzz.h"
#include "internal.h"

#include <stdlib.h>
#include <string.h>

static void texts(wg_game *g)
{
    char buf[16384];
    size_t len = 0, nev = 0, nopt = 0;
    int np = 0;
    fz_check_text(wg_game_decision_text(buf, sizeof buf, &len, g), buf, sizeof buf, &len);
    fz_check_text(wg_game_describe(buf, sizeof buf, &len, g, WG_VIEW_REFEREE), buf, sizeof buf, &len);
    fz_check_text(wg_game_result_text(buf, sizeof buf, &len, g), buf, sizeof buf, &len);
    FZ_CHECK(wg_game_player_count(&np, g) == WG_OK && np > 0);
    FZ_CHECK(wg_game_event_count(&nev, g) == WG_OK);
    for (size_t i = nev > 8 ? nev - 8 : 0; i < nev; i++)
        for (int v = -3; v < np; v++) {
            if (v == -2 || v == -1)
                continue;
            fz_check_text(wg_game_event_text(buf, sizeof buf, &len, g, i, v), buf, sizeof buf, &len);
        }
    int rc = wg_game_option_count(&nopt, g);
    FZ_CHECK(rc == WG_OK || rc == WG_ENOMEM);
    for (size_t i = 0; rc == WG_OK && i < nopt && i < 16; i++)
        fz_check_text(wg_game_option_label(buf, sizeof buf, &len, g, i), buf, sizeof buf, &len);
}

/* Loads; on success checks the save/load round trip. Returns the status. */
static int load_once(const uint8_t *data, size_t size, uint64_t fail_at, uint64_t *calls)
{
    fz_alloc a;
    wg_ctx *ctx = fz_ctx(&a);
    a.fail_at = fail_at;
    wg_game *g = NULL;
    int rc = wg_game_load(&g, ctx, data, size);
    if (rc == WG_OK) {
        a.fail_at = 0;
        uint64_t h1 = 0, h2 = 1;
        size_t n1 = 0, n2 = 0;
        FZ_CHECK(wg_game_hash(&h1, g) == WG_OK);
        FZ_CHECK(wg_game_save(NULL, 0, &n1, g) == WG_OK && n1 >= 12);
        unsigned char *s1 = malloc(n1), *s2 = NULL;
        FZ_CHECK(s1 != NULL);
        FZ_CHECK(wg_game_save(s1, n1, &n1, g) == WG_OK);
        texts(g);
        wg_game *g2 = NULL;
        FZ_CHECK(wg_game_load(&g2, ctx, s1, n1) == WG_OK);
        FZ_CHECK(wg_game_hash(&h2, g2) == WG_OK && h2 == h1);
        FZ_CHECK(wg_game_save(NULL, 0, &n2, g2) == WG_OK && n2 == n1);
        s2 = malloc(n2);
        FZ_CHECK(s2 != NULL);
        FZ_CHECK(wg_game_save(s2, n2, &n2, g2) == WG_OK && memcmp(s1, s2, n1) == 0);
        free(s1);
        free(s2);
        wg_game_free(g2);
        wg_game_free(g);
    } else {
        FZ_CHECK(g == NULL);
        FZ_CHECK(rc == WG_ECORRUPT || rc == WG_EVERSION || rc == WG_ENOTFOUND || rc == WG_ENOMEM);
        const char *msg = wg_ctx_errmsg(ctx);
        FZ_CHECK(msg && msg[0]);
        /* the message of a game that cannot be made is not formatted into itself */
        FZ_CHECK(strstr(msg, "saved game: saved game") == NULL);
    }
    *calls = a.calls;
    fz_ctx_done(ctx, &a);
    return rc;
}

WGFUZZ_TARGET(load)
{
    uint64_t calls = 0, calls2 = 0;
    int raw = load_once(data, size, 0, &calls);
    (void)raw;
    if (size < 12)
        return 0;
    unsigned char *fixed = malloc(size);
    FZ_CHECK(fixed != NULL);
    memcpy(fixed, data, size);
    uint32_t crc = wg__crc32(fixed, size - 4);
    fixed[size - 4] = (unsigned char)crc;
    fixed[size - 3] = (unsigned char)(crc >> 8);
    fixed[size - 2] = (unsigned char)(crc >> 16);
    fixed[size - 1] = (unsigned char)(crc >> 24);
    int rc = load_once(fixed, size, 0, &calls);
    if (calls > 0) {
        int rc2 = load_once(fixed, size, 1 + fz_hash(data, size) % calls, &calls2);
        FZ_CHECK(rc2 == WG_ENOMEM || rc2 == rc);
    }
    free(fixed);
    return 0;
}

/* Fuzz target: random decision sequences.
 *
 * The first bytes pick the ruleset, the scenario, the options and the seed; every further byte is
 * an operation (with argument bytes): take an option by index or by action code, roll, let the
 * bot decide, undo and redo, clone, save and load, read every text for every viewer, fail one
 * allocation during a step, play out a copy.  Invariants (trap on violation):
 *   - the step count equals the steps taken; the hash after step i is remembered, and undo_to(i)
 *     gives that hash back; redoing the same decisions gives the same hashes and the same rolls;
 *   - a clone has the original's hash and save bytes, and stepping it leaves the original alone;
 *   - a save loads to the same hash and saves to the same bytes;
 *   - a failed step (out of memory or any other error) leaves hash, step count and events as they were;
 *   - every text getter returns NUL-terminated text of the reported length. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_OPS = 400, MAX_STEPS = 3000, TEXT = 16384 };
enum { HOW_CHOOSE = 0, HOW_ROLL = 1, HOW_BOT = 2 };

typedef struct fz_step {
    uint8_t how;
    size_t idx;
} fz_step;

typedef struct fz {
    const uint8_t *p;
    size_t n, pos;
    fz_alloc a;
    wg_ctx *ctx;
    wg_game *g;
    fz_step *log;     /* the steps taken */
    uint64_t *hashes; /* hashes[i]: the hash after i steps */
    size_t nlog, cap;
    size_t ev_seen;
} fz;

static unsigned take(fz *f)
{
    return f->pos < f->n ? f->p[f->pos++] : 0;
}

static uint64_t hash_of(const wg_game *g)
{
    uint64_t h = 0;
    FZ_CHECK(wg_game_hash(&h, g) == WG_OK);
    return h;
}

static uint64_t steps_of(const wg_game *g)
{
    uint64_t s = 0;
    FZ_CHECK(wg_game_step_count(&s, g) == WG_OK);
    return s;
}

static size_t events_of(const wg_game *g)
{
    size_t n = 0;
    FZ_CHECK(wg_game_event_count(&n, g) == WG_OK);
    return n;
}

static void record(fz *f, uint8_t how, size_t idx)
{
    if (f->nlog + 1 >= f->cap) {
        size_t cap = f->cap ? f->cap * 2 : 64;
        fz_step *log = realloc(f->log, cap * sizeof *log);
        FZ_CHECK(log != NULL);
        f->log = log;
        uint64_t *hashes = realloc(f->hashes, (cap + 1) * sizeof *hashes);
        FZ_CHECK(hashes != NULL);
        f->hashes = hashes;
        f->cap = cap;
    }
    f->log[f->nlog].how = how;
    f->log[f->nlog].idx = idx;
    f->nlog++;
    f->hashes[f->nlog] = hash_of(f->g);
    FZ_CHECK(steps_of(f->g) == f->nlog);
}

/* Takes one step of kind `how` (idx for HOW_CHOOSE); checks that a failure changes nothing. */
static int step(fz *f, uint8_t how, size_t idx, int by_action)
{
    uint64_t h0 = hash_of(f->g), s0 = steps_of(f->g);
    size_t e0 = events_of(f->g), chosen = (size_t)-1;
    int rc;
    if (how == HOW_CHOOSE && by_action) {
        uint64_t action = 0;
        rc = wg_game_option_action(&action, f->g, idx);
        if (rc == WG_OK)
            rc = wg_game_choose_action(f->g, action);
        chosen = idx;
    } else if (how == HOW_CHOOSE) {
        rc = wg_game_choose(f->g, idx);
        chosen = idx;
    } else if (how == HOW_ROLL) {
        rc = wg_game_roll(&chosen, f->g);
    } else {
        rc = wg_game_bot_step(&chosen, f->g);
    }
    if (rc == WG_OK) {
        record(f, how, chosen);
    } else {
        FZ_CHECK(hash_of(f->g) == h0);
        FZ_CHECK(steps_of(f->g) == s0);
        FZ_CHECK(events_of(f->g) == e0);
        const char *msg = wg_game_errmsg(f->g);
        FZ_CHECK(msg && msg[0]);
    }
    return rc;
}

static size_t option_count(fz *f)
{
    size_t n = 0;
    FZ_CHECK(wg_game_option_count(&n, f->g) == WG_OK);
    return n;
}

static size_t pick(fz *f, size_t n)
{
    size_t v = take(f);
    if (n > 256)
        v |= (size_t)take(f) << 8;
    return n ? v % n : 0;
}

static void op_choose(fz *f, int by_action)
{
    size_t n = option_count(f);
    if (n == 0 || f->nlog >= MAX_STEPS)
        return;
    step(f, HOW_CHOOSE, pick(f, n), by_action);
}

static void op_roll(fz *f)
{
    int player = 0, kind = 0;
    FZ_CHECK(wg_game_decision(&player, &kind, f->g) == WG_OK);
    if (f->nlog >= MAX_STEPS)
        return;
    int rc = step(f, HOW_ROLL, 0, 0);
    if (player != WG_PLAYER_CHANCE)
        FZ_CHECK(rc == WG_ESTATE);
}

static void op_bot(fz *f)
{
    if (f->nlog >= MAX_STEPS)
        return;
    int over = 0;
    FZ_CHECK(wg_game_is_over(&over, f->g) == WG_OK);
    int rc = step(f, HOW_BOT, 0, 0);
    if (over)
        FZ_CHECK(rc != WG_OK);
}

/* Undoes some steps, checks the remembered hash, redoes them the same way. */
static void op_undo(fz *f)
{
    if (f->nlog == 0)
        return;
    size_t back = 1 + take(f) % (f->nlog < 32 ? f->nlog : 32);
    size_t to = f->nlog - back;
    uint64_t end = f->hashes[f->nlog];
    FZ_CHECK(wg_game_undo_to(f->g, f->nlog + 1) == WG_ERANGE);
    FZ_CHECK(hash_of(f->g) == end);
    int rc = wg_game_undo_to(f->g, to);
    FZ_CHECK(rc == WG_OK);
    FZ_CHECK(steps_of(f->g) == to);
    FZ_CHECK(hash_of(f->g) == f->hashes[to]);
    size_t full = f->nlog;
    f->nlog = to;
    if (f->ev_seen > events_of(f->g))
        f->ev_seen = events_of(f->g);
    if (take(f) & 1)
        return; /* keep the undone game and go on from here */
    for (size_t i = to; i < full; i++) {
        fz_step s = f->log[i];
        size_t chosen = (size_t)-1;
        if (s.how == HOW_CHOOSE)
            FZ_CHECK(wg_game_choose(f->g, s.idx) == WG_OK);
        else if (s.how == HOW_ROLL)
            FZ_CHECK(wg_game_roll(&chosen, f->g) == WG_OK && chosen == s.idx);
        else
            FZ_CHECK(wg_game_bot_step(&chosen, f->g) == WG_OK && chosen == s.idx);
        f->nlog++;
        FZ_CHECK(hash_of(f->g) == f->hashes[f->nlog]);
    }
    FZ_CHECK(steps_of(f->g) == full);
}

static unsigned char *save_of(const wg_game *g, size_t *len)
{
    size_t n = 0;
    FZ_CHECK(wg_game_save(NULL, 0, &n, g) == WG_OK && n >= 12);
    unsigned char *buf = malloc(n);
    FZ_CHECK(buf != NULL);
    if (n > 1) {
        size_t need = 0;
        FZ_CHECK(wg_game_save(buf, n - 1, &need, g) == WG_EBUFSIZE && need == n);
    }
    FZ_CHECK(wg_game_save(buf, n, len, g) == WG_OK && *len == n);
    return buf;
}

static void swap_in(fz *f, wg_game *other)
{
    wg_game_free(f->g);
    f->g = other;
}

static void op_clone(fz *f)
{
    wg_game *c = NULL;
    FZ_CHECK(wg_game_clone(&c, f->g) == WG_OK);
    uint64_t h = hash_of(f->g);
    FZ_CHECK(hash_of(c) == h);
    size_t n1 = 0, n2 = 0;
    unsigned char *s1 = save_of(f->g, &n1), *s2 = save_of(c, &n2);
    FZ_CHECK(n1 == n2 && memcmp(s1, s2, n1) == 0);
    free(s1);
    free(s2);
    if (take(f) & 1) {
        swap_in(f, c);
        return;
    }
    size_t chosen = 0;
    (void)wg_game_bot_step(&chosen, c);
    FZ_CHECK(hash_of(f->g) == h);
    wg_game_free(c);
}

static void op_save_load(fz *f)
{
    size_t n1 = 0, n2 = 0;
    unsigned char *s1 = save_of(f->g, &n1);
    wg_game *l = NULL;
    int rc = wg_game_load(&l, f->ctx, s1, n1);
    FZ_CHECK(rc == WG_OK);
    FZ_CHECK(hash_of(l) == hash_of(f->g));
    FZ_CHECK(steps_of(l) == f->nlog);
    FZ_CHECK(events_of(l) == events_of(f->g));
    unsigned char *s2 = save_of(l, &n2);
    FZ_CHECK(n1 == n2 && memcmp(s1, s2, n1) == 0);
    /* a damaged copy is refused */
    s2[n2 / 2] ^= 0x5a;
    wg_game *bad = NULL;
    FZ_CHECK(wg_game_load(&bad, f->ctx, s2, n2) != WG_OK && bad == NULL);
    FZ_CHECK(wg_game_load(&bad, f->ctx, s1, n1 - 1) != WG_OK && bad == NULL);
    free(s1);
    free(s2);
    if (take(f) & 1)
        swap_in(f, l);
    else
        wg_game_free(l);
}

static void texts(fz *f)
{
    wg_game *g = f->g;
    char buf[TEXT];
    size_t len = 0;
    int np = 0, player = 0, kind = 0, turn = 0, over = 0, rc_label = 0;
    int64_t score = 0;
    FZ_CHECK(wg_game_player_count(&np, g) == WG_OK && np > 0 && np < 16);
    for (int p = 0; p < np; p++) {
        const char *name = NULL;
        FZ_CHECK(wg_game_player_name(&name, g, p) == WG_OK && name && name[0]);
    }
    FZ_CHECK(wg_game_decision(&player, &kind, g) == WG_OK);
    FZ_CHECK(player == WG_PLAYER_NONE || player == WG_PLAYER_CHANCE || (player >= 0 && player < np));
    FZ_CHECK(wg_game_is_over(&over, g) == WG_OK);
    FZ_CHECK((player == WG_PLAYER_NONE) == (over != 0));
    FZ_CHECK(wg_game_turn(&turn, g) == WG_OK);
    FZ_CHECK(wg_game_score(&score, g) == WG_OK);
    fz_check_text(wg_game_decision_text(buf, sizeof buf, &len, g), buf, sizeof buf, &len);
    fz_check_text(wg_game_decision_text(buf, 8, &len, g), buf, 8, &len);
    fz_check_text(wg_game_result_text(buf, sizeof buf, &len, g), buf, sizeof buf, &len);
    size_t nev = events_of(g);
    for (int v = -3; v < np; v++) {
        if (v == WG_PLAYER_NONE || v == WG_PLAYER_CHANCE)
            continue;
        fz_check_text(wg_game_describe(buf, sizeof buf, &len, g, v), buf, sizeof buf, &len);
        for (size_t i = f->ev_seen; i < nev; i++)
            fz_check_text(wg_game_event_text(buf, sizeof buf, &len, g, i, v), buf, sizeof buf, &len);
    }
    for (size_t i = f->ev_seen; i < nev; i++) {
        const char *rule = NULL;
        uint64_t st = 0;
        int k = 0;
        FZ_CHECK(wg_game_event_kind(&k, g, i) == WG_OK);
        FZ_CHECK(wg_game_event_rule(&rule, g, i) == WG_OK && rule);
        FZ_CHECK(wg_game_event_step(&st, g, i) == WG_OK && st <= f->nlog);
    }
    FZ_CHECK(wg_game_event_text(buf, sizeof buf, &len, g, nev, WG_VIEW_REFEREE) != WG_OK);
    f->ev_seen = nev;
    size_t nopt = option_count(f);
    FZ_CHECK((nopt == 0) == (over != 0));
    uint64_t sum = 0, total0 = 0;
    for (size_t i = 0; i < nopt && i < 64; i++) {
        uint64_t w = 0, total = 0, action = 0;
        fz_check_text(wg_game_option_label(buf, sizeof buf, &len, g, i), buf, sizeof buf, &len);
        FZ_CHECK(wg_game_option_action(&action, g, i) == WG_OK);
        FZ_CHECK(wg_game_option_weight(&w, &total, g, i) == WG_OK && w <= total);
        if (i == 0)
            total0 = total;
        FZ_CHECK(total == total0);
        sum += w;
    }
    if (nopt > 0 && nopt <= 64)
        FZ_CHECK(sum == total0);
    rc_label = wg_game_option_label(buf, sizeof buf, &len, g, nopt);
    FZ_CHECK(rc_label == WG_ERANGE || (nopt == 0 && rc_label == WG_ESTATE));
}

/* One step with one allocation failing: on WG_ENOMEM nothing may change. */
static void op_oom(fz *f)
{
    size_t n = option_count(f);
    if (n == 0 || f->nlog >= MAX_STEPS)
        return;
    size_t idx = pick(f, n);
    f->a.fail_at = f->a.calls + 1 + take(f) % 64;
    step(f, HOW_CHOOSE, idx, 0);
    f->a.fail_at = 0;
}

/* The host supplies one gap cell of one of the game's tables (never changes a cell a step may
   have read, so undo and redo still agree); saves must carry it. */
static void op_supply(fz *f)
{
    int nt = 0, rows = 0, cols = 0, ncode = 0, src = -1;
    FZ_CHECK(wg_game_table_count(&nt, f->g) == WG_OK && nt >= 0);
    if (nt == 0)
        return;
    wg_table *tb = NULL;
    FZ_CHECK(wg_game_table(&tb, f->g, (int)(take(f) % (unsigned)nt)) == WG_OK && tb);
    FZ_CHECK(wg_table_size(&rows, &cols, tb) == WG_OK && rows > 0 && cols > 0);
    FZ_CHECK(wg_table_code_count(&ncode, tb) == WG_OK);
    int r = (int)(take(f) % (unsigned)rows), c = (int)(take(f) % (unsigned)cols);
    unsigned code = take(f);
    FZ_CHECK(wg_table_source(&src, tb, r, c) == WG_OK);
    if (src != WG_CELL_GAP || ncode == 0)
        return;
    uint64_t h = hash_of(f->g);
    FZ_CHECK(wg_table_set(tb, r, c, (int)(code % (unsigned)ncode)) == WG_OK);
    FZ_CHECK(wg_table_source(&src, tb, r, c) == WG_OK && src == WG_CELL_SUPPLIED);
    FZ_CHECK(hash_of(f->g) == h);
}

static void op_playout(fz *f)
{
    wg_game *c = NULL;
    FZ_CHECK(wg_game_clone(&c, f->g) == WG_OK);
    uint64_t steps = 0, max = take(f) * 4u;
    int rc = wg_game_playout(&steps, c, max);
    if (rc == WG_OK) {
        int over = 0;
        FZ_CHECK(steps <= max);
        FZ_CHECK(wg_game_is_over(&over, c) == WG_OK);
        FZ_CHECK(over || steps == max);
    }
    wg_game_free(c);
}

static const char *const OPTIONS[] = {"", "", "crt=completion", "bogus=1", "", ""};

/* Bundled documents compiled into the library (lib/embeds.cmake), supplied again through a
   wg_setup so that games and saves carry host-supplied documents. */
#include "embedded.h"

/* Options 4 and 5: the game is made through wg_setup with a supplied document (the LGA CRT
   completion; the Marechaux map of the scenario, or for option 5 the other scenario's map). */
static int new_by_setup(wg_game **out, wg_ctx *ctx, const char *rs, const char *sc, int other, uint64_t seed)
{
    wg_setup *setup = NULL;
    int rc = wg_setup_new(&setup, ctx, rs, sc);
    FZ_CHECK(rc == WG_OK);
    FZ_CHECK(wg_setup_set_seed(setup, seed) == WG_OK);
    FZ_CHECK(wg_setup_set_options(setup, "") == WG_OK);
    FZ_CHECK(wg_setup_add_data(setup, "no-such-slot", "x", 1) == WG_ENOTFOUND);
    if (strcmp(rs, "lga") == 0) {
        rc = wg_setup_add_data(setup, "crt", (const char *)wg__data_lga_crt, wg__data_lga_crt_len);
    } else if (strcmp(rs, "marechaux") == 0) {
        int is1809 = (strcmp(sc, "1809") == 0) != other;
        rc = wg_setup_add_data(setup, "map",
                               (const char *)(is1809 ? wg__data_marechaux_1809_map : wg__data_marechaux_1808_map),
                               is1809 ? wg__data_marechaux_1809_map_len : wg__data_marechaux_1808_map_len);
    }
    FZ_CHECK(rc == WG_OK);
    rc = wg_game_new_setup(out, setup);
    wg_setup_free(setup);
    return rc;
}

WGFUZZ_TARGET(game)
{
    fz f;
    memset(&f, 0, sizeof f);
    f.p = data;
    f.n = size;
    int nrs = wg_ruleset_count();
    FZ_CHECK(nrs > 0);
    const char *rs = wg_ruleset_id((int)(take(&f) % (unsigned)nrs));
    FZ_CHECK(rs != NULL);
    int nsc = 0;
    FZ_CHECK(wg_ruleset_scenario_count(&nsc, rs) == WG_OK && nsc > 0);
    const char *sc = NULL;
    FZ_CHECK(wg_ruleset_scenario_id(&sc, rs, (int)(take(&f) % (unsigned)nsc)) == WG_OK && sc);
    unsigned optsel = take(&f) % 6;
    const char *opts = OPTIONS[optsel];
    uint64_t seed = 0;
    for (int i = 0; i < 4; i++)
        seed = seed << 8 | take(&f);
    f.ctx = fz_ctx(&f.a);
    int rc = optsel >= 4 ? new_by_setup(&f.g, f.ctx, rs, sc, optsel == 5, seed)
                         : wg_game_new(&f.g, f.ctx, rs, sc, opts, seed);
    if (rc != WG_OK) {
        FZ_CHECK(f.g == NULL);
        FZ_CHECK(rc != WG_ENOMEM);
        fz_ctx_done(f.ctx, &f.a);
        return 0;
    }
    f.cap = 64;
    f.log = malloc(f.cap * sizeof *f.log);
    f.hashes = malloc((f.cap + 1) * sizeof *f.hashes);
    FZ_CHECK(f.log && f.hashes);
    f.hashes[0] = hash_of(f.g);
    FZ_CHECK(steps_of(f.g) == 0);
    for (int ops = 0; ops < MAX_OPS && f.pos < f.n; ops++) {
        unsigned op = take(&f);
        switch (op % 16) {
        case 0: case 1: case 2: case 3: case 4: case 5:
            op_choose(&f, 0);
            break;
        case 6:
            op_choose(&f, 1);
            break;
        case 7:
            op_roll(&f);
            break;
        case 8: case 9:
            op_bot(&f);
            break;
        case 10:
            op_undo(&f);
            break;
        case 11:
            op_clone(&f);
            break;
        case 12:
            op_save_load(&f);
            break;
        case 13:
            texts(&f);
            break;
        case 14:
            op_oom(&f);
            break;
        default:
            if (op & 16)
                op_supply(&f);
            else
                op_playout(&f);
            break;
        }
        FZ_CHECK(steps_of(f.g) == f.nlog);
        FZ_CHECK(hash_of(f.g) == f.hashes[f.nlog]);
    }
    texts(&f);
    op_save_load(&f);
    wg_game_free(f.g);
    free(f.log);
    free(f.hashes);
    fz_ctx_done(f.ctx, &f.a);
    return 0;
}

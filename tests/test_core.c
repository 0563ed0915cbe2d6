/* Core suite: version, status, context and memory, PRNG and dice, and the game machinery (decisions,
   chance, events, undo, clone, save/load, hashing, OOM atomicity) driven by a small test ruleset. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "testutil.h"

/* ------------------------------------------------------------------ a tiny dice race ruleset */
/* Two players race to 20.  A player either steps 1 or rolls a die (a chance decision) and moves the face;
   a 6 also looks up table "bonus" cell (0, 1), which is a gap until supplied; the looked-up code is added. */

typedef struct race_state {
    int32_t pos[2];
    int32_t player;
    int32_t rolling; /* 1 while a chance decision is pending */
    int32_t turns;
    int32_t winner; /* -1 none */
} race_state;

static const char *const race_players[] = {"Red", "Blue"};
static const wg_scenario_info race_scen[] = {{"short", "Race to 20"}};

enum { EV_STEP = 1, EV_ROLL = 2, EV_WIN = 3 };

static int race_setup(wg_game *g, const char *options)
{
    if (options[0] && strcmp(options, "fast=1") != 0)
        return wg__seterr(g->err, WG_EINVAL, "unknown option '%s'", options);
    race_state *s = g->state;
    s->winner = -1;
    if (options[0])
        s->pos[0] = s->pos[1] = 10;
    wg_table *t = NULL;
    int rc = wg_table_new(&t, g->ctx, "bonus", 1, 2);
    if (rc)
        return rc;
    int c;
    if ((rc = wg_table_code(&c, t, "plus1")) != WG_OK || (rc = wg__table_set_printed(t, 0, 0, c)) != WG_OK) {
        wg_table_free(t);
        return rc;
    }
    return wg__game_add_table(g, t);
}

static void race_decision(const wg_game *g, int *player, int *kind)
{
    const race_state *s = g->state;
    if (s->winner >= 0 || s->turns >= 200) {
        *player = WG_PLAYER_NONE;
        *kind = WG_DEC_NONE;
    } else if (s->rolling) {
        *player = WG_PLAYER_CHANCE;
        *kind = WG_DEC_ROLL;
    } else {
        *player = s->player;
        *kind = WG_DEC_OTHER;
    }
}

static int race_options(wg_game *g)
{
    const race_state *s = g->state;
    if (s->rolling) {
        for (uint64_t f = 1; f <= 6; f++)
            if (wg__opt_push(g, 10 + f, 1))
                return WG_ENOMEM;
        return WG_OK;
    }
    if (wg__opt_push(g, 1, 1) || wg__opt_push(g, 2, 1))
        return WG_ENOMEM;
    return WG_OK;
}

static int race_apply(wg_game *g, uint64_t a)
{
    race_state *s = g->state;
    wg_event *e;
    if (a == 2) {
        s->rolling = 1;
        return WG_OK;
    }
    int move = 1;
    if (a > 10) {
        move = (int)(a - 10);
        s->rolling = 0;
        if (move == 6) {
            int code;
            int rc = wg_table_lookup(&code, g->tables[0], 0, 1);
            if (rc)
                return wg__seterr(g->err, rc, "%s", wg_table_errmsg(g->tables[0]));
            move += code + 1;
        }
        if (!(e = wg__event(g, EV_ROLL, "TEST-ROLL-01", ~0u)))
            return WG_ENOMEM;
        e->a[0] = s->player;
        e->a[1] = (int32_t)(a - 10);
    } else {
        if (!(e = wg__event(g, EV_STEP, "TEST-STEP-01", ~0u)))
            return WG_ENOMEM;
        e->a[0] = s->player;
    }
    s->pos[s->player] += move;
    if (s->pos[s->player] >= 20) {
        s->winner = s->player;
        if (!(e = wg__event(g, EV_WIN, "TEST-WIN-01", ~0u)))
            return WG_ENOMEM;
        e->a[0] = s->player;
    }
    s->player ^= 1;
    s->turns++;
    return WG_OK;
}

static int race_label(const wg_game *g, uint64_t a, wg_sb *sb)
{
    (void)g;
    if (a == 1)
        wg__sb_printf(sb, "step 1");
    else if (a == 2)
        wg__sb_printf(sb, "roll the die");
    else
        wg__sb_printf(sb, "face %d", (int)(a - 10));
    return WG_OK;
}

static void race_why_not(const wg_game *g, uint64_t a, char *err)
{
    (void)g;
    wg__seterr(err, WG_EILLEGAL, "action %llu is not allowed now (TEST-WHY-01)", (unsigned long long)a);
}

static void race_dtext(const wg_game *g, wg_sb *sb)
{
    const race_state *s = g->state;
    wg__sb_printf(sb, s->rolling ? "roll for %s" : "%s to move", race_players[s->player]);
}

static void race_etext(const wg_game *g, const wg_event *e, int viewer, wg_sb *sb)
{
    (void)g;
    (void)viewer;
    if (e->kind == EV_ROLL)
        wg__sb_printf(sb, "%s rolls %d", race_players[e->a[0]], e->a[1]);
    else if (e->kind == EV_STEP)
        wg__sb_printf(sb, "%s steps", race_players[e->a[0]]);
    else
        wg__sb_printf(sb, "%s wins", race_players[e->a[0]]);
}

static void race_describe(const wg_game *g, int viewer, wg_sb *sb)
{
    (void)viewer;
    const race_state *s = g->state;
    wg__sb_printf(sb, "Red %d, Blue %d", s->pos[0], s->pos[1]);
}

static void race_result(const wg_game *g, wg_sb *sb)
{
    const race_state *s = g->state;
    wg__sb_printf(sb, s->winner < 0 ? "no winner yet" : "%s wins", s->winner < 0 ? "" : race_players[s->winner]);
}

static int64_t race_score(const wg_game *g)
{
    const race_state *s = g->state;
    return s->pos[0] - s->pos[1];
}

static int race_turn(const wg_game *g)
{
    const race_state *s = g->state;
    return s->turns / 2 + 1;
}

static const wg_ruleset_ops race_ops = {
    .id = "race",
    .name = "Dice race (core test ruleset)",
    .nplayers = 2,
    .player_names = race_players,
    .scenarios = race_scen,
    .nscenarios = 1,
    .state_size = sizeof(race_state),
    .setup = race_setup,
    .decision = race_decision,
    .options = race_options,
    .apply = race_apply,
    .option_label = race_label,
    .why_not = race_why_not,
    .decision_text = race_dtext,
    .event_text = race_etext,
    .describe = race_describe,
    .result_text = race_result,
    .score = race_score,
    .turn = race_turn,
};

static wg_game *new_race(wg_ctx *ctx, uint64_t seed)
{
    wg_game *g = NULL;
    ck_assert_int_eq(wg__game_new_ops(&g, ctx, &race_ops, "short", NULL, seed), WG_OK);
    return g;
}

/* Supplies the bonus gap so rolls of 6 never stop the game. */
static void supply_bonus(wg_game *g)
{
    wg_table *t = NULL;
    int c;
    ck_assert_int_eq(wg_game_table_find(&t, g, "bonus"), WG_OK);
    ck_assert_int_eq(wg_table_code(&c, t, "plus2"), WG_OK);
    ck_assert_int_eq(wg_table_set(t, 0, 1, c), WG_OK);
}

static size_t save_bytes(wg_game *g, unsigned char **out)
{
    size_t len = 0;
    ck_assert_int_eq(wg_game_save(NULL, 0, &len, g), WG_OK);
    *out = malloc(len);
    ck_assert_int_eq(wg_game_save(*out, len, &len, g), WG_OK);
    return len;
}

/* ------------------------------------------------------------------ version, status, ctx */

START_TEST(test_version)
{
    ck_assert_str_eq(wg_version(), WG_VERSION_STRING);
    ck_assert_uint_eq(wg_version_number(), WG_VERSION_NUMBER);
    ck_assert_uint_eq(WG_VERSION_NUMBER, WG_VERSION_MAJOR * 10000 + WG_VERSION_MINOR * 100 + WG_VERSION_PATCH);
}
END_TEST

START_TEST(test_status_strings)
{
    for (int s = 0; s >= WG_EOVERFLOW; s--)
        ck_assert_str_ne(wg_status_str(s), "unknown status");
    ck_assert_str_eq(wg_status_str(1), "unknown status");
    ck_assert_str_eq(wg_status_str(-999), "unknown status");
    ck_assert_str_eq(wg_status_str(WG_ETABLEGAP), "table cell not printed and not supplied");
}
END_TEST

START_TEST(test_ctx_memory)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    size_t in_use, peak, live;
    ck_assert_int_eq(wg_ctx_memory_in_use(&in_use, ctx), WG_OK);
    ck_assert_uint_eq(in_use, a.bytes);
    wg_rng *r = NULL;
    ck_assert_int_eq(wg_rng_new(&r, ctx, 1, 2), WG_OK);
    ck_assert_int_eq(wg_ctx_live_handles(&live, ctx), WG_OK);
    ck_assert_uint_eq(live, 1);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_EBUSY);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "1 live handle"));
    ck_assert_int_eq(wg_ctx_memory_in_use(&in_use, ctx), WG_OK);
    ck_assert_uint_eq(in_use, a.bytes);
    wg_rng_free(r);
    ck_assert_int_eq(wg_ctx_memory_peak(&peak, ctx), WG_OK);
    ck_assert_uint_gt(peak, in_use - 1);
    ck_assert_int_eq(wg_ctx_memory_in_use(&in_use, ctx), WG_OK);
    ck_assert_uint_lt(in_use, peak);
    /* a limit refuses growth with ENOMEM and a message */
    ck_assert_int_eq(wg_ctx_set_memory_limit(ctx, in_use + 8), WG_OK);
    ck_assert_int_eq(wg_rng_new(&r, ctx, 1, 2), WG_ENOMEM);
    ck_assert_ptr_null(r);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "memory limit"));
    ck_assert_int_eq(wg_ctx_set_memory_limit(ctx, 0), WG_OK);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
    ck_assert_uint_eq(a.blocks, 0);
    /* bad arguments */
    ck_assert_int_eq(wg_ctx_new(NULL, NULL, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_ctx_memory_in_use(NULL, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_ctx_free(NULL), WG_OK);
    ck_assert_str_eq(wg_ctx_errmsg(NULL), "NULL context");
}
END_TEST

START_TEST(test_ctx_oom)
{
    wgt_alloc a = {.fail_at = 1};
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, wgt_alloc_fn, &a), WG_ENOMEM);
    ck_assert_ptr_null(ctx);
    ck_assert_uint_eq(a.blocks, 0);
    wg_ctx *d = NULL;
    ck_assert_int_eq(wg_ctx_new(&d, NULL, NULL), WG_OK); /* default allocator */
    ck_assert_int_eq(wg_ctx_free(d), WG_OK);
}
END_TEST

/* ------------------------------------------------------------------ rng and dice */

START_TEST(test_crc32_reference)
{
    /* the CRC-32 check value of "123456789" */
    ck_assert_uint_eq(wg__crc32("123456789", 9), 0xcbf43926u);
    ck_assert_uint_eq(wg__crc32("", 0), 0);
    ck_assert_uint_ne(wg__hash64("a", 1, 0), wg__hash64("b", 1, 0));
    ck_assert_uint_ne(wg__hash64("a", 1, 0), wg__hash64("a", 1, 1));
}
END_TEST

START_TEST(test_pcg_reference)
{
    /* pcg32 reference output (pcg32-demo, seed 42, stream 54) */
    static const uint32_t want[6] = {0xa15c02b7u, 0x7b47f409u, 0xba1d3330u, 0x83d2f293u, 0xbfa4784bu, 0xcbed606eu};
    wg_pcg r;
    wg__pcg_seed(&r, 42u, 54u);
    for (int i = 0; i < 6; i++)
        ck_assert_uint_eq(wg__pcg_next(&r), want[i]);
}
END_TEST

START_TEST(test_rng_below_uniform)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_rng *r = NULL;
    ck_assert_int_eq(wg_rng_new(&r, ctx, 7, 0), WG_OK);
    int counts[6] = {0};
    for (int i = 0; i < 60000; i++) {
        uint32_t v;
        ck_assert_int_eq(wg_rng_below(&v, r, 6), WG_OK);
        ck_assert_uint_lt(v, 6);
        counts[v]++;
    }
    for (int f = 0; f < 6; f++) /* 10000 expected, sd ~91: 6 sd bounds */
        ck_assert(counts[f] > 9450 && counts[f] < 10550);
    uint32_t v;
    ck_assert_int_eq(wg_rng_below(&v, r, 0), WG_EINVAL);
    ck_assert_int_eq(wg_rng_u32(NULL, r), WG_EINVAL);
    /* same seed and stream, same sequence; other stream, other sequence */
    wg_rng *a = NULL, *b = NULL, *c = NULL;
    ck_assert_int_eq(wg_rng_new(&a, ctx, 99, 1), WG_OK);
    ck_assert_int_eq(wg_rng_new(&b, ctx, 99, 1), WG_OK);
    ck_assert_int_eq(wg_rng_new(&c, ctx, 99, 2), WG_OK);
    int same = 0;
    for (int i = 0; i < 100; i++) {
        uint32_t x, y, z;
        wg_rng_u32(&x, a);
        wg_rng_u32(&y, b);
        wg_rng_u32(&z, c);
        ck_assert_uint_eq(x, y);
        same += x == z;
    }
    ck_assert_int_lt(same, 3);
    wg_rng_free(a);
    wg_rng_free(b);
    wg_rng_free(c);
    wg_rng_free(r);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

START_TEST(test_dice_sum)
{
    uint64_t d[64];
    size_t n;
    ck_assert_int_eq(wg_dice_sum_dist(d, 64, &n, 1, 6), WG_OK);
    ck_assert_uint_eq(n, 6);
    for (int i = 0; i < 6; i++)
        ck_assert_uint_eq(d[i], 1);
    ck_assert_int_eq(wg_dice_sum_dist(d, 64, &n, 2, 6), WG_OK);
    ck_assert_uint_eq(n, 11);
    static const uint64_t two[11] = {1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1};
    for (int i = 0; i < 11; i++)
        ck_assert_uint_eq(d[i], two[i]);
    ck_assert_int_eq(wg_dice_sum_dist(d, 64, &n, 3, 6), WG_OK);
    ck_assert_uint_eq(n, 16);
    ck_assert_uint_eq(d[10 - 3], 27); /* P(3d6 = 10) = 27/216 */
    ck_assert_uint_eq(d[0], 1);
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += d[i];
    ck_assert_uint_eq(sum, 216);
    ck_assert_int_eq(wg_dice_sum_dist(d, 3, &n, 2, 6), WG_EBUFSIZE);
    ck_assert_uint_eq(n, 11);
    ck_assert_int_eq(wg_dice_sum_dist(NULL, 0, &n, 4, 6), WG_OK);
    ck_assert_uint_eq(n, 21);
    ck_assert_int_eq(wg_dice_sum_dist(d, 64, &n, 0, 6), WG_EINVAL);
    ck_assert_int_eq(wg_dice_sum_dist(d, 64, &n, 2, 0), WG_EINVAL);
    ck_assert_int_eq(wg_dice_sum_dist(d, 64, &n, 40, 6), WG_EOVERFLOW);
    uint64_t t;
    ck_assert_int_eq(wg_dice_outcomes(&t, 5, 6), WG_OK);
    ck_assert_uint_eq(t, 7776);
}
END_TEST

START_TEST(test_dice_count)
{
    /* C&C battle die: 6 faces, 2 infantry symbols; 3 dice → P(k hits) ∝ C(3,k) 2^k 4^(3-k) */
    uint64_t d[8];
    size_t n;
    ck_assert_int_eq(wg_dice_count_dist(d, 8, &n, 3, 6, 2), WG_OK);
    ck_assert_uint_eq(n, 4);
    ck_assert_uint_eq(d[0], 64);
    ck_assert_uint_eq(d[1], 96);
    ck_assert_uint_eq(d[2], 48);
    ck_assert_uint_eq(d[3], 8);
    ck_assert_int_eq(wg_dice_count_dist(d, 8, &n, 2, 6, 7), WG_EINVAL);
    ck_assert_int_eq(wg_dice_count_dist(d, 2, &n, 3, 6, 1), WG_EBUFSIZE);
    ck_assert_int_eq(wg_dice_count_dist(d, 8, &n, 0, 6, 1), WG_OK);
    ck_assert_uint_eq(n, 1);
    ck_assert_uint_eq(d[0], 1);
}
END_TEST

/* ------------------------------------------------------------------ games */

START_TEST(test_game_basics)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_game *g = new_race(ctx, 5);
    int p, k;
    ck_assert_int_eq(wg_game_decision(&p, &k, g), WG_OK);
    ck_assert_int_eq(p, 0);
    size_t n;
    ck_assert_int_eq(wg_game_option_count(&n, g), WG_OK);
    ck_assert_uint_eq(n, 2);
    char buf[64];
    size_t len;
    ck_assert_int_eq(wg_game_option_label(buf, sizeof buf, &len, g, 1), WG_OK);
    ck_assert_str_eq(buf, "roll the die");
    ck_assert_uint_eq(len, 12);
    ck_assert_int_eq(wg_game_option_label(buf, 4, &len, g, 1), WG_EBUFSIZE);
    ck_assert_str_eq(buf, "rol");
    ck_assert_int_eq(wg_game_option_label(NULL, 0, &len, g, 1), WG_OK);
    ck_assert_uint_eq(len, 12);
    ck_assert_int_eq(wg_game_option_label(buf, sizeof buf, &len, g, 2), WG_ERANGE);
    ck_assert_ptr_nonnull(strstr(wg_game_errmsg(g), "option 2 out of range"));
    /* a roll is refused while a player decides */
    ck_assert_int_eq(wg_game_roll(NULL, g), WG_ESTATE);
    /* illegal action: the ruleset explains */
    ck_assert_int_eq(wg_game_choose_action(g, 13), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(wg_game_errmsg(g), "TEST-WHY-01"));
    ck_assert_int_eq(wg_game_choose(g, 1), WG_OK);
    ck_assert_int_eq(wg_game_decision(&p, &k, g), WG_OK);
    ck_assert_int_eq(p, WG_PLAYER_CHANCE);
    ck_assert_int_eq(k, WG_DEC_ROLL);
    uint64_t w, tot;
    ck_assert_int_eq(wg_game_option_weight(&w, &tot, g, 3), WG_OK);
    ck_assert_uint_eq(w, 1);
    ck_assert_uint_eq(tot, 6);
    /* the host supplies the face it rolled: 4 */
    ck_assert_int_eq(wg_game_choose_action(g, 14), WG_OK);
    ck_assert_int_eq(wg_game_event_count(&n, g), WG_OK);
    ck_assert_uint_eq(n, 1);
    ck_assert_int_eq(wg_game_event_text(buf, sizeof buf, &len, g, 0, 0), WG_OK);
    ck_assert_str_eq(buf, "Red rolls 4");
    const char *rule;
    ck_assert_int_eq(wg_game_event_rule(&rule, g, 0), WG_OK);
    ck_assert_str_eq(rule, "TEST-ROLL-01");
    uint64_t st;
    ck_assert_int_eq(wg_game_event_step(&st, g, 0), WG_OK);
    ck_assert_uint_eq(st, 1);
    ck_assert_int_eq(wg_game_event_text(buf, sizeof buf, &len, g, 1, 0), WG_ERANGE);
    ck_assert_int_eq(wg_game_event_text(buf, sizeof buf, &len, g, 0, 7), WG_ERANGE);
    ck_assert_int_eq(wg_game_describe(buf, sizeof buf, &len, g, WG_VIEW_REFEREE), WG_OK);
    ck_assert_str_eq(buf, "Red 4, Blue 0");
    ck_assert_str_eq(wg_game_ruleset(g), "race");
    ck_assert_str_eq(wg_game_scenario(g), "short");
    const char *name;
    ck_assert_int_eq(wg_game_player_name(&name, g, 1), WG_OK);
    ck_assert_str_eq(name, "Blue");
    ck_assert_int_eq(wg_game_player_name(&name, g, 2), WG_ERANGE);
    /* bad arguments */
    ck_assert_int_eq(wg_game_choose(NULL, 0), WG_EINVAL);
    ck_assert_int_eq(wg_game_option_count(NULL, g), WG_EINVAL);
    ck_assert_int_eq(wg_game_hash(NULL, g), WG_EINVAL);
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
}
END_TEST

START_TEST(test_game_new_errors)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = (wg_game *)1;
    ck_assert_int_eq(wg_game_new(&g, ctx, "no-such-ruleset", "x", NULL, 1), WG_ENOTFOUND);
    ck_assert_ptr_null(g);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "no-such-ruleset"));
    ck_assert_int_eq(wg__game_new_ops(&g, ctx, &race_ops, "long", NULL, 1), WG_ENOTFOUND);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "scenarios: short"));
    ck_assert_int_eq(wg__game_new_ops(&g, ctx, &race_ops, "short", "bogus=2", 1), WG_EINVAL);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "bogus=2"));
    ck_assert_int_eq(wg_game_new(&g, NULL, "race", "short", NULL, 1), WG_EINVAL);
    ck_assert_int_eq(wg_game_new(&g, ctx, NULL, "short", NULL, 1), WG_EINVAL);
    size_t live;
    wg_ctx_live_handles(&live, ctx);
    ck_assert_uint_eq(live, 0);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

START_TEST(test_table_gap_stops_game_unchanged)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = new_race(ctx, 1);
    ck_assert_int_eq(wg_game_choose_action(g, 2), WG_OK);
    uint64_t h0, h1;
    wg_game_hash(&h0, g);
    unsigned char *s0, *s1;
    size_t l0 = save_bytes(g, &s0);
    ck_assert_int_eq(wg_game_choose_action(g, 16), WG_ETABLEGAP);
    ck_assert_ptr_nonnull(strstr(wg_game_errmsg(g), "bonus"));
    wg_game_hash(&h1, g);
    ck_assert_uint_eq(h0, h1);
    size_t l1 = save_bytes(g, &s1);
    ck_assert_uint_eq(l0, l1);
    ck_assert_mem_eq(s0, s1, l0);
    free(s1);
    /* supply the cell: the same roll now goes through, and the supplied cell is saved */
    supply_bonus(g);
    ck_assert_int_eq(wg_game_choose_action(g, 16), WG_OK);
    size_t len;
    char buf[64];
    wg_game_describe(buf, sizeof buf, &len, g, 0);
    ck_assert_str_eq(buf, "Red 8, Blue 0"); /* 6 + code(plus2) (= 1) + 1 */
    {
        /* a game's supplied cells are fixed once set: replays and saves depend on them */
        wg_table *bt = NULL;
        int c1, c3;
        ck_assert_int_eq(wg_game_table_find(&bt, g, "bonus"), WG_OK);
        ck_assert_int_eq(wg_table_code(&c1, bt, "plus2"), WG_OK);
        ck_assert_int_eq(wg_table_code(&c3, bt, "plus3"), WG_OK);
        ck_assert_int_eq(wg_table_set(bt, 0, 1, c3), WG_EILLEGAL);
        ck_assert_ptr_nonnull(strstr(wg_table_errmsg(bt), "filled, not changed"));
        ck_assert_int_eq(wg_table_clear(bt, 0, 1), WG_EILLEGAL);
        ck_assert_int_eq(wg_table_set(bt, 0, 1, c1), WG_OK); /* the same value: nothing changes */
        const char *doc = "wgdata 1 table\ncell #0 #1 plus3\n";
        ck_assert_int_eq(wg_table_supply(bt, doc, strlen(doc)), WG_EILLEGAL);
        int src;
        ck_assert_int_eq(wg_table_source(&src, bt, 0, 1), WG_OK);
        ck_assert_int_eq(src, WG_CELL_SUPPLIED);
        int got;
        ck_assert_int_eq(wg_table_lookup(&got, bt, 0, 1), WG_OK);
        ck_assert_int_eq(got, c1);
    }
    l1 = save_bytes(g, &s1);
    wg_game *h = NULL;
    ck_assert_int_eq(wg__game_load_ops(&h, ctx, s1, l1, &race_ops), WG_OK);
    wg_game_hash(&h0, g);
    wg_game_hash(&h1, h);
    ck_assert_uint_eq(h0, h1);
    wg_table *t;
    int src;
    ck_assert_int_eq(wg_game_table_find(&t, h, "bonus"), WG_OK);
    ck_assert_int_eq(wg_table_source(&src, t, 0, 1), WG_OK);
    ck_assert_int_eq(src, WG_CELL_SUPPLIED);
    free(s0);
    free(s1);
    wg_game_free(h);
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

START_TEST(test_playout_determinism_undo_clone_save)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    for (uint64_t seed = 1; seed <= 30; seed++) {
        wg_game *a = new_race(ctx, seed), *b = new_race(ctx, seed);
        supply_bonus(a);
        supply_bonus(b);
        uint64_t sa, sb, ha, hb;
        ck_assert_int_eq(wg_game_playout(&sa, a, 100000), WG_OK);
        ck_assert_int_eq(wg_game_playout(&sb, b, 100000), WG_OK);
        ck_assert_uint_eq(sa, sb);
        wg_game_hash(&ha, a);
        wg_game_hash(&hb, b);
        ck_assert_uint_eq(ha, hb);
        int over;
        wg_game_is_over(&over, a);
        ck_assert_int_eq(over, 1);
        ck_assert_int_eq(wg_game_bot_step(NULL, a), WG_ESTATE);
        /* undo to a random point, then continue: identical end */
        uint64_t cut = seed % sa;
        wg_game *c = NULL;
        ck_assert_int_eq(wg_game_undo_to(b, cut), WG_OK);
        uint64_t steps;
        wg_game_step_count(&steps, b);
        ck_assert_uint_eq(steps, cut);
        size_t nev_b;
        wg_game_event_count(&nev_b, b);
        ck_assert_int_eq(wg_game_clone(&c, b), WG_OK);
        unsigned char *buf;
        size_t len = save_bytes(b, &buf);
        wg_game *d = NULL;
        ck_assert_int_eq(wg__game_load_ops(&d, ctx, buf, len, &race_ops), WG_OK);
        free(buf);
        uint64_t hc, hd;
        wg_game_hash(&hb, b);
        wg_game_hash(&hc, c);
        wg_game_hash(&hd, d);
        ck_assert_uint_eq(hb, hc);
        ck_assert_uint_eq(hb, hd);
        ck_assert_int_eq(wg_game_playout(NULL, b, 100000), WG_OK);
        ck_assert_int_eq(wg_game_playout(NULL, c, 100000), WG_OK);
        ck_assert_int_eq(wg_game_playout(NULL, d, 100000), WG_OK);
        wg_game_hash(&hb, b);
        wg_game_hash(&hc, c);
        wg_game_hash(&hd, d);
        ck_assert_uint_eq(ha, hb);
        ck_assert_uint_eq(ha, hc);
        ck_assert_uint_eq(ha, hd);
        size_t na, nd;
        wg_game_event_count(&na, a);
        wg_game_event_count(&nd, d);
        ck_assert_uint_eq(na, nd);
        wg_game_free(a);
        wg_game_free(b);
        wg_game_free(c);
        wg_game_free(d);
    }
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

START_TEST(test_load_corrupt)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = new_race(ctx, 3);
    supply_bonus(g);
    ck_assert_int_eq(wg_game_playout(NULL, g, 15), WG_OK);
    unsigned char *buf;
    size_t len = save_bytes(g, &buf);
    wg_game *h = NULL;
    /* every truncation fails cleanly */
    for (size_t n = 0; n < len; n++) {
        int rc = wg__game_load_ops(&h, ctx, buf, n, &race_ops);
        ck_assert_msg(rc == WG_ECORRUPT, "truncated to %zu: %d", n, rc);
        ck_assert_ptr_null(h);
    }
    /* every single-byte flip is caught (checksum, magic or version) */
    for (size_t i = 0; i < len; i++) {
        buf[i] ^= 0x5a;
        int rc = wg__game_load_ops(&h, ctx, buf, len, &race_ops);
        ck_assert_msg(rc == WG_ECORRUPT || rc == WG_EVERSION, "flip at %zu: %d", i, rc);
        ck_assert_ptr_null(h);
        buf[i] ^= 0x5a;
    }
    /* a wrong recorded action with a valid checksum replays to an error naming the step */
    size_t at = len - 4 - 8; /* the last action's low bytes */
    buf[at] ^= 0x40;
    uint32_t crc = wg__crc32(buf, len - 4);
    buf[len - 4] = (unsigned char)crc;
    buf[len - 3] = (unsigned char)(crc >> 8);
    buf[len - 2] = (unsigned char)(crc >> 16);
    buf[len - 1] = (unsigned char)(crc >> 24);
    ck_assert_int_eq(wg__game_load_ops(&h, ctx, buf, len, &race_ops), WG_ECORRUPT);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "step 14"));
    ck_assert_int_eq(wg_game_load(&h, ctx, NULL, 10), WG_EINVAL);
    free(buf);
    wg_game_free(g);
    size_t live;
    wg_ctx_live_handles(&live, ctx);
    ck_assert_uint_eq(live, 0);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* OOM injection: fail allocation N for N = 1.. until the operation succeeds; every failure must return
   WG_ENOMEM, leak nothing, and leave the game byte-for-byte as before (compared through saves and hashes). */
START_TEST(test_oom_game_operations)
{
    /* creation */
    for (uint64_t n = 1;; n++) {
        wgt_alloc a = {0};
        wg_ctx *ctx = wgt_ctx(&a);
        a.fail_at = a.calls + n;
        wg_game *g = NULL;
        int rc = wg__game_new_ops(&g, ctx, &race_ops, "short", NULL, 9);
        if (rc == WG_OK) {
            wg_game_free(g);
            ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
            ck_assert_uint_eq(a.blocks, 0);
            break;
        }
        ck_assert_int_eq(rc, WG_ENOMEM);
        ck_assert_ptr_null(g);
        size_t live;
        wg_ctx_live_handles(&live, ctx);
        ck_assert_uint_eq(live, 0);
        ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
        ck_assert_uint_eq(a.blocks, 0);
        ck_assert_uint_lt(n, 1000);
    }
    /* deciding, clone, load, undo */
    for (int op = 0; op < 4; op++) {
        for (uint64_t n = 1;; n++) {
            wgt_alloc a = {0};
            wg_ctx *ctx = wgt_ctx(&a);
            wg_game *g = new_race(ctx, 11);
            supply_bonus(g);
            ck_assert_int_eq(wg_game_playout(NULL, g, 7), WG_OK);
            unsigned char *before;
            size_t lb = save_bytes(g, &before);
            uint64_t hb, ha;
            size_t evb, eva, memb, mema;
            wg_game_hash(&hb, g);
            wg_game_event_count(&evb, g);
            wg_ctx_memory_in_use(&memb, ctx);
            a.fail_at = a.calls + n;
            wg_game *other = NULL;
            int rc;
            if (op == 0)
                rc = wg_game_playout(NULL, g, 50);
            else if (op == 1)
                rc = wg_game_clone(&other, g);
            else if (op == 2)
                rc = wg__game_load_ops(&other, ctx, before, lb, &race_ops);
            else
                rc = wg_game_undo_to(g, 3);
            a.fail_at = 0;
            if (rc == WG_OK && !a.failed) {
                wg_game_free(other);
                wg_game_free(g);
                free(before);
                ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
                ck_assert_uint_eq(a.blocks, 0);
                break;
            }
            if (op == 0 && rc == WG_OK) {
                /* the failure hit a step whose memory was already reserved: fine only if nothing failed */
                ck_abort_msg("op %d n %llu: allocation failed but the call succeeded", op, (unsigned long long)n);
            }
            ck_assert_msg(rc == WG_ENOMEM, "op %d n %llu: rc %d", op, (unsigned long long)n, rc);
            ck_assert_ptr_null(other);
            /* every call, the playout included, is all or nothing, memory in use included */
            wg_ctx_memory_in_use(&mema, ctx);
            ck_assert_msg(mema == memb, "op %d n %llu: memory in use %zu -> %zu", op, (unsigned long long)n, memb, mema);
            {
                unsigned char *after;
                size_t la = save_bytes(g, &after);
                ck_assert_uint_eq(la, lb);
                ck_assert_mem_eq(after, before, lb);
                free(after);
                wg_game_hash(&ha, g);
                ck_assert_uint_eq(ha, hb);
                wg_game_event_count(&eva, g);
                ck_assert_uint_eq(eva, evb);
            }
            wg_game_free(g);
            free(before);
            ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
            ck_assert_uint_eq(a.blocks, 0);
            ck_assert_uint_lt(n, 1000);
        }
    }
}
END_TEST

/* A failed step (ENOMEM in the middle of a playout) leaves the game exactly as after the last good step. */
START_TEST(test_oom_single_step_atomic)
{
    for (uint64_t n = 1; n < 40; n++) {
        wgt_alloc a = {0};
        wg_ctx *ctx = wgt_ctx(&a);
        wg_game *g = new_race(ctx, 21);
        supply_bonus(g);
        a.fail_at = a.calls + n;
        int rc = WG_OK;
        unsigned char *before = NULL;
        size_t lb = 0;
        uint64_t hb = 0;
        size_t memb = 0, mema = 0;
        for (int s = 0; s < 60 && rc == WG_OK; s++) {
            a.fail_at = 0;
            free(before);
            lb = save_bytes(g, &before);
            wg_game_hash(&hb, g);
            wg_ctx_memory_in_use(&memb, ctx);
            a.fail_at = a.calls + n;
            int over;
            wg_game_is_over(&over, g);
            if (over)
                break;
            rc = wg_game_bot_step(NULL, g);
            a.fail_at = 0;
        }
        if (rc != WG_OK) {
            ck_assert_int_eq(rc, WG_ENOMEM);
            wg_ctx_memory_in_use(&mema, ctx);
            ck_assert_uint_eq(mema, memb); /* the failed step gave back what it grew */
            unsigned char *after;
            size_t la = save_bytes(g, &after);
            ck_assert_uint_eq(la, lb);
            ck_assert_mem_eq(after, before, lb);
            uint64_t ha;
            wg_game_hash(&ha, g);
            ck_assert_uint_eq(ha, hb);
            free(after);
        }
        free(before);
        wg_game_free(g);
        ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
        ck_assert_uint_eq(a.blocks, 0);
    }
}
END_TEST

static Suite *core_suite(void)
{
    Suite *s = suite_create("core");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_version);
    tcase_add_test(tc, test_status_strings);
    tcase_add_test(tc, test_ctx_memory);
    tcase_add_test(tc, test_ctx_oom);
    tcase_add_test(tc, test_crc32_reference);
    tcase_add_test(tc, test_pcg_reference);
    tcase_add_test(tc, test_rng_below_uniform);
    tcase_add_test(tc, test_dice_sum);
    tcase_add_test(tc, test_dice_count);
    tcase_add_test(tc, test_game_basics);
    tcase_add_test(tc, test_game_new_errors);
    tcase_add_test(tc, test_table_gap_stops_game_unchanged);
    tcase_add_test(tc, test_playout_determinism_undo_clone_save);
    tcase_add_test(tc, test_load_corrupt);
    tcase_add_test(tc, test_oom_game_operations);
    tcase_add_test(tc, test_oom_single_step_atomic);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(core_suite());
}

/* No endless legal loop in any ruleset (issue: hardening, item 6): no decision may lead back to a
   position already seen in the game.  At every player decision of seeded random games of every
   scenario, each option (the first 48, and a sample beyond) is tried on a clone; the position it
   leads to (the ruleset state without its per-phase decision counter) must be new.  A position is
   the whole state: a loop would bring it back exactly.  The number of decisions a phase takes stays
   under each ruleset's bound. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "lga/lga.h"
#include "lga/lga_internal.h"
#include "marechaux/marechaux.h"
#include "testutil.h"

/* The position of a game: its state with the decision counters that every step moves cleared. */
static uint64_t position(const wg_game *g)
{
    static unsigned char buf[1 << 20];
    size_t n = g->ops->state_size;
    ck_assert_uint_le(n, sizeof buf);
    memcpy(buf, g->state, n);
    if (strcmp(g->ops->id, "lga") == 0)
        ((lga_state *)(void *)buf)->steps = 0;
    return wg__hash64(buf, n, 0x706f73ULL);
}

typedef struct seen {
    uint64_t *h;
    size_t cap, n;
} seen;

static int seen_has(const seen *s, uint64_t h)
{
    for (size_t i = h & (s->cap - 1);; i = (i + 1) & (s->cap - 1)) {
        if (s->h[i] == 0)
            return 0;
        if (s->h[i] == h)
            return 1;
    }
}

static void seen_add(seen *s, uint64_t h)
{
    if (h == 0)
        h = 1;
    ck_assert_uint_lt(s->n * 2, s->cap);
    for (size_t i = h & (s->cap - 1);; i = (i + 1) & (s->cap - 1)) {
        if (s->h[i] == h)
            return;
        if (s->h[i] == 0) {
            s->h[i] = h;
            s->n++;
            return;
        }
    }
}

static void no_loops(const char *ruleset, const char *scenario, const char *options, uint64_t seed, int steps)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = NULL;
    ck_assert_int_eq(wg_game_new(&g, ctx, ruleset, scenario, options, seed), WG_OK);
    static uint64_t table[1 << 16];
    memset(table, 0, sizeof table);
    seen s = {table, 1 << 16, 0};
    seen_add(&s, position(g));
    long tried = 0;
    for (int step = 0; step < steps; step++) {
        int p = 0, k = 0, over = 0;
        wg_game_is_over(&over, g);
        if (over)
            break;
        wg_game_decision(&p, &k, g);
        size_t n = 0;
        ck_assert_int_eq(wg_game_option_count(&n, g), WG_OK);
        if (p >= 0) {
            for (size_t i = 0; i < n; i++) {
                if (i >= 48 && (i * 2654435761u + (size_t)step) % 16 != 0)
                    continue;
                wg_game *c = NULL;
                ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
                ck_assert_int_eq(wg_game_choose(c, i), WG_OK);
                uint64_t h = position(c);
                if (seen_has(&s, h)) {
                    char lab[256], dec[256];
                    size_t len = 0;
                    wg_game_option_label(lab, sizeof lab, &len, g, i);
                    wg_game_decision_text(dec, sizeof dec, &len, g);
                    ck_abort_msg("%s %s seed %llu step %d: \"%s\" at \"%s\" leads back to a position already seen",
                                 ruleset, scenario, (unsigned long long)seed, step, lab, dec);
                }
                tried++;
                wg_game_free(c);
            }
        }
        size_t chosen = 0;
        ck_assert_int_eq(wg_game_bot_step(&chosen, g), WG_OK);
        seen_add(&s, position(g));
    }
    ck_assert_int_gt(tried, 100);
    printf("loops %s %s seed %llu: %d decisions, %ld options tried, %zu positions, none seen twice\n", ruleset,
           scenario, (unsigned long long)seed, steps, tried, s.n);
    wg_game_free(g);
    wg_ctx_free(ctx);
}

START_TEST(test_no_loops_marechaux)
{
    for (uint64_t seed = 1; seed <= 3; seed++) {
        no_loops("marechaux", "1808", NULL, seed, 400);
        no_loops("marechaux", "1809", NULL, seed, 400);
    }
}
END_TEST

START_TEST(test_no_loops_lga)
{
    static const char *const sc[3] = {"1805", "1806", "1809"};
    for (int k = 0; k < 3; k++)
        no_loops("lga", sc[k], "crt=completion", 2, 500);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("loops");
    TCase *tc = tcase_create("loops");
    tcase_set_timeout(tc, 900);
    tcase_add_test(tc, test_no_loops_marechaux);
    tcase_add_test(tc, test_no_loops_lga);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

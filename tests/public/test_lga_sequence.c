/* La Grande Armée through the public API: the turn sequence always moves on.  A reinforcement
   that is offered can be placed, one that cannot be placed is lost (LGA-SCEN-08: "or they are
   lost"), and random play of every scenario reaches its end without the per-phase safety net
   (LGA-SEQ-02). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgplay.h"

static const char *const scenarios[] = {"1805", "1806", "1809"};

/* Plays a random game to its end; returns the number of decisions.  Checks at every player
   decision of a reinforcement that the options can be left ("end" or a hex), and counts the
   longest run of decisions that offer only "place reinforcement" / "do not place it now". */
static uint64_t play_to_end(wg_game *g, int *longest_place_run, int *stepcaps)
{
    int run = 0;
    uint64_t steps = 0;
    for (;;) {
        int over = 0;
        ck_assert_int_eq(wg_game_is_over(&over, g), WG_OK);
        if (over)
            break;
        ck_assert_uint_lt(steps, 2000000);
        if (wgp_decider(g) >= 0) {
            size_t n = wgp_option_count(g);
            int only_place = n > 0;
            for (size_t i = 0; i < n && only_place; i++) {
                const char *l = wgp_label(g, i);
                only_place = strncmp(l, "place reinforcement", 19) == 0 || strcmp(l, "do not place it now") == 0;
            }
            run = only_place ? run + 1 : 0;
            if (run > *longest_place_run)
                *longest_place_run = run;
        }
        ck_assert_int_eq(wg_game_bot_step(NULL, g), WG_OK);
        steps++;
    }
    wgp_trace(g);
    size_t ne = wgp_event_count(g);
    for (size_t i = 0; i < ne; i++)
        if (strstr(wgp_event(g, i, WG_VIEW_REFEREE), "max_steps_per_phase"))
            (*stepcaps)++;
    return steps;
}

START_TEST(test_random_play_never_reaches_the_step_cap)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    const char *sc = scenarios[_i % 3];
    int longest = 0, caps = 0;
    uint64_t total = 0;
    for (uint64_t seed = 1 + (uint64_t)(_i / 3) * 10; seed <= 10 + (uint64_t)(_i / 3) * 10; seed++) {
        wg_game *g = wgp_new(ctx, "lga", sc, "crt=completion", seed, NULL);
        total += play_to_end(g, &longest, &caps);
        char res[256];
        size_t len;
        ck_assert_int_eq(wg_game_result_text(res, sizeof res, &len, g), WG_OK);
        ck_assert_ptr_null(strstr(res, "so far"));
        wg_game_free(g);
    }
    ck_assert_msg(caps == 0, "%s: the per-phase step cap ended %d phase(s)", sc, caps);
    /* a reinforcement that is offered can be placed: two decisions (select, place) at most */
    ck_assert_msg(longest <= 2, "%s: %d decisions in a row offered only placing or not placing a reinforcement",
                  sc, longest);
    ck_assert_uint_gt(total, 1000);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* The safety net is real: with a bound of 10 decisions a phase the engine ends phases itself and
   says so, and the game still reaches its end. */
START_TEST(test_step_cap_is_reported)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = wgp_new(ctx, "lga", "1805", "crt=completion,max_steps_per_phase=10", 2, NULL);
    int longest = 0, caps = 0;
    play_to_end(g, &longest, &caps);
    ck_assert_int_gt(caps, 0);
    long at = wgp_find_event(g, 0, "ends the segment: 10 decisions in one phase", WG_VIEW_REFEREE);
    ck_assert_int_ge(at, 0);
    const char *rule = NULL;
    ck_assert_int_eq(wg_game_event_rule(&rule, g, (size_t)at), WG_OK);
    ck_assert_str_eq(rule, "LGA-SEQ-02");
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* A game of open information asks nothing with nothing to decide (issue: empty prompts): in random
   games of the three scenarios no player decision offers only "done", "no more attacks", "end the
   Movement Phase" or "end the Player-Turn"; each such segment shows as an event ("French: no attack
   to declare", LGA-SEQ-01); the log still replays (a save loads to the same state); the option
   ask_empty=1 asks them. */
START_TEST(test_empty_prompts_not_asked)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    static const char *const sc[3] = {"1805", "1806", "1809"};
    static const char *const ends[4] = {"done", "no more attacks", "end the Movement Phase", "end the Player-Turn"};
    long said = 0;
    for (int k = 0; k < 3; k++) {
        wg_game *g = wgp_new(ctx, "lga", sc[k], "crt=completion", 3, NULL);
        for (int step = 0; step < 1500; step++) {
            int over = 0;
            wg_game_is_over(&over, g);
            if (over)
                break;
            if (wgp_decider(g) >= 0 && wgp_option_count(g) == 1)
                for (int e = 0; e < 4; e++)
                    ck_assert_msg(strcmp(wgp_label(g, 0), ends[e]) != 0, "%s: asked with nothing to decide:\n%s",
                                  sc[k], wgp_options_dump(g));
            size_t c = 0;
            ck_assert_int_eq(wg_game_bot_step(&c, g), WG_OK);
        }
        size_t n = wgp_event_count(g);
        for (size_t i = 0; i < n; i++) {
            const char *txt = wgp_event(g, i, WG_VIEW_REFEREE);
            if (strstr(txt, "nothing to") || strstr(txt, "no attack to declare") || strstr(txt, "no Depot to create")) {
                said++;
                const char *rule = NULL;
                ck_assert_int_eq(wg_game_event_rule_for(&rule, g, i, WG_VIEW_REFEREE), WG_OK);
                ck_assert_str_eq(rule, "LGA-SEQ-01");
            }
        }
        /* the log replays: a save loads to the same state */
        size_t len = 0;
        ck_assert_int_eq(wg_game_save(NULL, 0, &len, g), WG_OK);
        void *buf = malloc(len);
        ck_assert_ptr_nonnull(buf);
        ck_assert_int_eq(wg_game_save(buf, len, &len, g), WG_OK);
        wg_game *h = NULL;
        ck_assert_int_eq(wg_game_load(&h, ctx, buf, len), WG_OK);
        uint64_t ha = 0, hb = 0;
        wg_game_hash(&ha, g);
        wg_game_hash(&hb, h);
        ck_assert_uint_eq(ha, hb);
        ck_assert_uint_eq(wgp_event_count(h), n);
        free(buf);
        wg_game_free(h);
        wg_game_free(g);
    }
    ck_assert_int_gt(said, 10);
    /* asked on demand */
    wg_game *g = wgp_new(ctx, "lga", "1806", "crt=completion,ask_empty=1", 3, NULL);
    int asked = 0;
    for (int step = 0; step < 1500 && !asked; step++) {
        if (wgp_decider(g) >= 0 && wgp_option_count(g) == 1 && strcmp(wgp_label(g, 0), "no more attacks") == 0)
            asked = 1;
        size_t c = 0;
        ck_assert_int_eq(wg_game_bot_step(&c, g), WG_OK);
    }
    ck_assert(asked);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("lga sequence");
    TCase *tc = tcase_create("sequence");
    tcase_set_timeout(tc, 900);
    tcase_add_loop_test(tc, test_random_play_never_reaches_the_step_cap, 0, 6);
    tcase_add_test(tc, test_step_cap_is_reported);
    tcase_add_test(tc, test_empty_prompts_not_asked);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

/* The undo policy (wg_game_undo_point): a player takes back his own last decision while nothing
   new came out since — no roll or draw, no reveal to him — and is refused with the reason after.
   Played in every scenario of every ruleset: the expectation is computed from what the public
   calls say about each step (who decided, which events reveal what to whom), the undo itself
   returns to the exact state before the decision (same hash, same decision, same step count). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgplay.h"

enum { MAXP = 8, STEPS = 160 };

typedef struct track {
    long last_own;      /* step index of the player's most recent decision, -1 none */
    int news;           /* something came out since: 1 a roll or draw, 2 a reveal */
    uint64_t hash_before; /* the game's hash before that decision */
} track;

static void undo_in(wg_ctx *ctx, const char *rs, const char *sc)
{
    wg_game *g = wgp_new(ctx, rs, sc, wgt_playable_options(rs), 11, NULL);
    int np = 0;
    ck_assert_int_eq(wg_game_player_count(&np, g), WG_OK);
    ck_assert_int_le(np, MAXP);
    track tr[MAXP];
    for (int p = 0; p < np; p++)
        tr[p] = (track){-1, 0, 0};
    int undone = 0, refused_roll = 0, refused_reveal = 0, none = 0;
    for (int step = 0; step < STEPS; step++) {
        int over = 0;
        ck_assert_int_eq(wg_game_is_over(&over, g), WG_OK);
        if (over)
            break;
        /* what the policy must say for every player now */
        for (int p = 0; p < np; p++) {
            uint64_t at = 0;
            int rc = wg_game_undo_point(&at, g, p);
            if (tr[p].last_own < 0) {
                ck_assert_int_eq(rc, WG_ENOTFOUND);
                none++;
            } else if (tr[p].news) {
                ck_assert_msg(rc == WG_ESTATE, "%s/%s step %d player %d: %s", rs, sc, step, p, wg_status_str(rc));
                ck_assert_ptr_nonnull(strstr(wg_game_errmsg(g), tr[p].news == 1 ? "rolled" : "revealed"));
                if (tr[p].news == 1)
                    refused_roll++;
                else
                    refused_reveal++;
            } else {
                ck_assert_msg(rc == WG_OK, "%s/%s step %d player %d: %s", rs, sc, step, p, wg_game_errmsg(g));
                ck_assert_uint_eq(at, (uint64_t)tr[p].last_own);
            }
        }
        int player = 0, kind = 0;
        ck_assert_int_eq(wg_game_decision(&player, &kind, g), WG_OK);
        uint64_t h0 = 0, s0 = 0;
        size_t ev0 = 0, ev1 = 0;
        ck_assert_int_eq(wg_game_hash(&h0, g), WG_OK);
        ck_assert_int_eq(wg_game_step_count(&s0, g), WG_OK);
        ck_assert_int_eq(wg_game_event_count(&ev0, g), WG_OK);
        size_t c = 0;
        ck_assert_int_eq(wg_game_bot_step(&c, g), WG_OK);
        ck_assert_int_eq(wg_game_event_count(&ev1, g), WG_OK);
        if (player == WG_PLAYER_CHANCE) {
            for (int p = 0; p < np; p++)
                if (tr[p].last_own >= 0 && !tr[p].news)
                    tr[p].news = 1;
        } else {
            ck_assert_int_ge(player, 0);
            tr[player] = (track){(long)s0, 0, h0};
        }
        for (size_t e = ev0; e < ev1; e++)
            for (int p = 0; p < np; p++) {
                int rev = 0;
                ck_assert_int_eq(wg_game_event_reveals(&rev, g, e, p), WG_OK);
                if (rev && tr[p].last_own >= 0 && !tr[p].news)
                    tr[p].news = 2;
            }
        /* now and then take a decision back: the game is as it was before it */
        if (player >= 0 && step % 7 == 3) {
            uint64_t at = 0, h1 = 0, s1 = 0;
            if (wg_game_undo_point(&at, g, player) == WG_OK) {
                ck_assert_uint_eq(at, s0);
                ck_assert_int_eq(wg_game_undo_to(g, at), WG_OK);
                ck_assert_int_eq(wg_game_hash(&h1, g), WG_OK);
                ck_assert_int_eq(wg_game_step_count(&s1, g), WG_OK);
                ck_assert_uint_eq(h1, h0);
                ck_assert_uint_eq(s1, s0);
                int p2 = 0, k2 = 0;
                ck_assert_int_eq(wg_game_decision(&p2, &k2, g), WG_OK);
                ck_assert_int_eq(p2, player);
                undone++;
                /* the same choice again (a bot replays its own draw): the game goes on as before */
                ck_assert_int_eq(wg_game_bot_step(&c, g), WG_OK);
                tr[player] = (track){(long)s0, 0, h0};
                for (size_t e = ev0; e < ev1; e++)
                    for (int p = 0; p < np; p++) {
                        int rev = 0;
                        ck_assert_int_eq(wg_game_event_reveals(&rev, g, e, p), WG_OK);
                        if (rev && tr[p].last_own >= 0 && !tr[p].news)
                            tr[p].news = 2;
                    }
            }
        }
    }
    if (getenv("WG_UNDO_DEBUG"))
        fprintf(stderr, "%s/%s: undone %d, refused after a roll %d, after a reveal %d\n", rs, sc, undone, refused_roll, refused_reveal);
    /* the run saw the policy both allow and refuse */
    ck_assert_int_gt(none, 0);
    ck_assert_int_gt(undone, 0);
    ck_assert_int_gt(refused_roll + refused_reveal, 0);
    wg_game_free(g);
}

START_TEST(test_undo_policy_every_scenario)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    const char *rs = NULL, *sc = NULL;
    wgt_scenario(_i, &rs, &sc);
    undo_in(ctx, rs, sc);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* Bad arguments: a NULL pointer, a viewer who is not a player; nothing changes. */
START_TEST(test_undo_policy_bad_input)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = wgp_new(ctx, "lga", "1805", wgt_playable_options("lga"), 3, NULL);
    uint64_t at = 99, h0 = 0, h1 = 0;
    ck_assert_int_eq(wg_game_hash(&h0, g), WG_OK);
    ck_assert_int_eq(wg_game_undo_point(NULL, g, 0), WG_EINVAL);
    ck_assert_int_eq(wg_game_undo_point(&at, NULL, 0), WG_EINVAL);
    ck_assert_int_eq(wg_game_undo_point(&at, g, WG_VIEW_REFEREE), WG_ERANGE);
    ck_assert_int_eq(wg_game_undo_point(&at, g, 2), WG_ERANGE);
    ck_assert_int_eq(wg_game_undo_point(&at, g, 0), WG_ENOTFOUND);
    ck_assert_ptr_nonnull(strstr(wg_game_errmsg(g), "no decision"));
    ck_assert_uint_eq(at, 99);
    ck_assert_int_eq(wg_game_hash(&h1, g), WG_OK);
    ck_assert_uint_eq(h0, h1);
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("undo_policy");
    TCase *tc = tcase_create("undo_policy");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_undo_policy_every_scenario, 0, wgt_scenario_count());
    tcase_add_test(tc, test_undo_policy_bad_input);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

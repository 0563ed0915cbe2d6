/* wg_game_winner through the public API: every bundled scenario played to its end by random games,
   the winner read against what decides it in each ruleset, computed here from public facts — La
   Grande Armée's victory levels from the scenario document and the final victory points, Les
   Maréchaux's victory points, Commands & Colors' and Les Aigles' end of the game as the result text
   states it (and, in Les Aigles, the margin of the score when no side broke) —, and the statuses
   while the game goes on and for bad pointers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static wg_ctx *new_ctx(void)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    return ctx;
}

/* La Grande Armée: the victory level of `vp` in data/lga/SCENARIO.wgd ("level MIN MAX NAME", "-" for
   an open end): -1 Allied, 1 French, 0 a draw; 2 when no line holds it. */
static int lga_level_side(const char *scenario, long vp)
{
    char path[64];
    snprintf(path, sizeof path, "data/lga/%s.wgd", scenario);
    size_t n = 0;
    char *doc = wgt_read_source_file(path, &n);
    ck_assert_ptr_nonnull(doc);
    int side = 2;
    for (char *line = strtok(doc, "\n"); line; line = strtok(NULL, "\n")) {
        char lo[16], hi[16], name[64];
        if (sscanf(line, "level %15s %15s %63s", lo, hi, name) != 3)
            continue;
        long a = strcmp(lo, "-") ? atol(lo) : -1000000L, b = strcmp(hi, "-") ? atol(hi) : 1000000L;
        if (vp >= a && vp <= b)
            side = !strncmp(name, "allied", 6) ? -1 : !strncmp(name, "french", 6) ? 1 : 0;
    }
    free(doc);
    return side;
}

/* The player whose name the result text declares the winner ("NAME wins"), WG_PLAYER_NONE when none. */
static int named_winner(wg_game *g, const char *text)
{
    int np = 0;
    ck_assert_int_eq(wg_game_player_count(&np, g), WG_OK);
    for (int p = 0; p < np; p++) {
        const char *name = NULL;
        ck_assert_int_eq(wg_game_player_name(&name, g, p), WG_OK);
        char want[96];
        snprintf(want, sizeof want, "%s wins", name);
        if (strstr(text, want))
            return p;
    }
    return WG_PLAYER_NONE;
}

/* What the rules say the winner is, computed from public facts of the finished game g. */
static int expected_winner(wg_game *g, const char *ruleset, const char *scenario)
{
    int64_t score = 0;
    ck_assert_int_eq(wg_game_score(&score, g), WG_OK);
    char text[512];
    size_t len = 0;
    ck_assert_int_eq(wg_game_result_text(text, sizeof text, &len, g), WG_OK);
    if (!strcmp(ruleset, "lga")) {
        int side = lga_level_side(scenario, (long)score); /* the score is the French victory points */
        ck_assert_int_ne(side, 2);
        return side < 0 ? 0 : side > 0 ? 1 : WG_PLAYER_NONE;
    }
    if (!strcmp(ruleset, "marechaux")) /* the score is player 0's victory points minus player 1's */
        return score > 0 ? 0 : score < 0 ? 1 : WG_PLAYER_NONE;
    int w = named_winner(g, text);
    if (!strcmp(ruleset, "ccn")) {
        ck_assert_msg(w != WG_PLAYER_NONE, "a finished C&C game has a winner: %s", text);
        return w;
    }
    /* aigles: a side broke (decisive), or the losses differ by 5 % of the budget or more (LA-VICTORY-01) */
    if (!strstr(text, "the enemy broke")) {
        int64_t a = score < 0 ? -score : score;
        int by_margin = a >= 5 ? (score > 0 ? 0 : 1) : WG_PLAYER_NONE;
        ck_assert_msg(w == by_margin, "the margin decides when no side broke: %s (score %lld)", text,
                      (long long)score);
        if (w == WG_PLAYER_NONE)
            ck_assert_msg(strstr(text, "a draw") != NULL, "no winner is a draw: %s", text);
    }
    return w;
}

START_TEST(test_winner_every_scenario)
{
    const char *ruleset = NULL, *scenario = NULL;
    ck_assert_int_ge(wgt_scenario(_i, &ruleset, &scenario), 0);
    wg_ctx *ctx = new_ctx();
    int seen[3] = {0, 0, 0}; /* wins of player 0, of player 1, draws */
    int games = !strcmp(ruleset, "ccn") ? 6 : 4;
    for (int k = 0; k < games; k++) {
        wg_game *g = NULL;
        ck_assert_int_eq(wg_game_new(&g, ctx, ruleset, scenario, wgt_playable_options(ruleset), 70 + (uint64_t)k),
                         WG_OK);
        int w = 77;
        ck_assert_int_eq(wg_game_winner(&w, g), WG_ESTATE); /* not over yet */
        ck_assert_int_eq(w, WG_PLAYER_NONE);
        uint64_t steps = 0;
        ck_assert_int_eq(wg_game_playout(&steps, g, 50000000u), WG_OK);
        int over = 0;
        ck_assert_int_eq(wg_game_is_over(&over, g), WG_OK);
        ck_assert_int_eq(over, 1);
        w = 77;
        ck_assert_int_eq(wg_game_winner(&w, g), WG_OK);
        int want = expected_winner(g, ruleset, scenario);
        ck_assert_msg(w == want, "%s %s seed %d: wg_game_winner says %d, the rules %d", ruleset, scenario, 70 + k, w,
                      want);
        seen[w == WG_PLAYER_NONE ? 2 : w]++;
        ck_assert_int_eq(wg_game_winner(NULL, g), WG_EINVAL);
        wg_game_free(g);
    }
    ck_assert_int_eq(seen[0] + seen[1] + seen[2], games);
    int w = 77;
    ck_assert_int_eq(wg_game_winner(&w, NULL), WG_EINVAL);
    ck_assert_int_eq(w, WG_PLAYER_NONE);
    wg_ctx_free(ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("winner");
    TCase *tc = tcase_create("every scenario");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_winner_every_scenario, 0, wgt_scenario_count());
    suite_add_tcase(s, tc);
    return wgt_run(s);
}

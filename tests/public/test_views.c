/* The options are the decider's, played through the public API on both rulesets: the decider
   and the referee read the options; another player learns who decides, not how many options
   there are nor what they do (LM-FOG-01, LM-FOG-03: held events and hidden stacks stay secret). */
#include <stdio.h>
#include <string.h>

#include "testutil.h"
#include "wgplay.h"

static void check_views(wg_game *g, int *decided, int *chances)
{
    int player = 0, kind = 0;
    ck_assert_int_eq(wg_game_decision(&player, &kind, g), WG_OK);
    size_t n = wgp_option_count(g), nv = 0;
    for (int v = 0; v < 2; v++) {
        int rc = wg_game_option_count_for(&nv, g, v);
        char lab[512];
        size_t len;
        uint64_t act = 0;
        if (player == v) {
            ck_assert_int_eq(rc, WG_OK);
            ck_assert_uint_eq(nv, n);
            for (size_t i = 0; i < n; i++) {
                ck_assert_int_eq(wg_game_option_label_for(lab, sizeof lab, &len, g, i, v), WG_OK);
                ck_assert_str_eq(lab, wgp_label(g, i));
                ck_assert_int_eq(wg_game_option_action_for(&act, g, i, v), WG_OK);
            }
            decided[v]++;
        } else if (player >= 0) {
            ck_assert_int_eq(rc, WG_ESTATE);
            ck_assert_ptr_nonnull(strstr(wg_game_errmsg(g), "does not decide"));
            /* any index, in range or not: the answer does not tell the count */
            ck_assert_int_eq(wg_game_option_label_for(lab, sizeof lab, &len, g, 0, v), WG_ESTATE);
            ck_assert_int_eq(wg_game_option_label_for(lab, sizeof lab, &len, g, n + 7, v), WG_ESTATE);
            ck_assert_int_eq(wg_game_option_action_for(&act, g, 0, v), WG_ESTATE);
            char dt[512];
            ck_assert_int_eq(wg_game_decision_text_for(dt, sizeof dt, &len, g, v), WG_OK);
            ck_assert_ptr_nonnull(strstr(dt, "decides"));
        } else {
            ck_assert(rc == WG_OK || rc == WG_ESTATE);
            if (rc == WG_OK)
                ck_assert_uint_eq(nv, n);
            (*chances)++;
        }
    }
    ck_assert_int_eq(wg_game_option_count_for(&nv, g, WG_VIEW_REFEREE), WG_OK);
    ck_assert_uint_eq(nv, n);
    ck_assert_int_eq(wg_game_option_count_for(&nv, g, 2), WG_ERANGE);
    ck_assert_int_eq(wg_game_option_count_for(NULL, g, 0), WG_EINVAL);
}

static void play(const char *ruleset, const char *scenario, const char *options, uint64_t seed, int steps)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = wgp_new(ctx, ruleset, scenario, options, seed, NULL);
    int decided[2] = {0, 0}, chances = 0;
    for (int s = 0; s < steps; s++) {
        int over = 0;
        ck_assert_int_eq(wg_game_is_over(&over, g), WG_OK);
        if (over)
            break;
        check_views(g, decided, &chances);
        ck_assert_int_eq(wg_game_bot_step(NULL, g), WG_OK);
        wgp_trace(g);
    }
    ck_assert_int_gt(decided[0], 0);
    ck_assert_int_gt(decided[1], 0);
    ck_assert_int_gt(chances, 0);
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}

START_TEST(test_marechaux_options_are_the_deciders)
{
    play("marechaux", _i % 2 ? "1809" : "1808", NULL, (uint64_t)_i + 1, 600);
}
END_TEST

START_TEST(test_lga_options_are_the_deciders)
{
    play("lga", "1805", "crt=completion", 5, 600);
}
END_TEST

START_TEST(test_over_game_has_no_options_for_anyone)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *g = wgp_new(ctx, "marechaux", "1808", NULL, 4, NULL);
    ck_assert_int_eq(wg_game_playout(NULL, g, 10000000), WG_OK);
    int over = 0;
    ck_assert_int_eq(wg_game_is_over(&over, g), WG_OK);
    ck_assert(over);
    for (int v = -3; v < 2; v++) {
        if (v == -2 || v == -1)
            continue;
        size_t n = 9;
        ck_assert_int_eq(wg_game_option_count_for(&n, g, v), WG_OK);
        ck_assert_uint_eq(n, 0);
        char lab[64];
        size_t len;
        ck_assert_int_eq(wg_game_option_label_for(lab, sizeof lab, &len, g, 0, v), WG_ESTATE);
    }
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* Every event's text for a viewer starts with the tag that viewer reads; the opponent of a stack
   returning a fatigue marker cannot tell whether its baggage or its commander allowed it
   (LM-FATIGUE-07, LM-FATIGUE-08). */
START_TEST(test_event_tags_as_each_viewer_reads_them)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    int returns = 0;
    for (uint64_t seed = 1; seed <= 12; seed++) {
        wg_game *g = wgp_new(ctx, "marechaux", seed % 2 ? "1808" : "1809", NULL, seed, NULL);
        ck_assert_int_eq(wg_game_playout(NULL, g, 3000), WG_OK);
        wgp_trace(g);
        size_t n = wgp_event_count(g);
        for (size_t i = 0; i < n; i++) {
            const char *own = NULL;
            ck_assert_int_eq(wg_game_event_rule(&own, g, i), WG_OK);
            for (int v = -3; v < 2; v++) {
                if (v == -2 || v == -1)
                    continue;
                const char *tag = NULL;
                ck_assert_int_eq(wg_game_event_rule_for(&tag, g, i, v), WG_OK);
                char want[64];
                snprintf(want, sizeof want, "[%s] ", tag);
                const char *text = wgp_event(g, i, v);
                ck_assert_msg(strncmp(text, want, strlen(want)) == 0, "event %zu for %d: \"%s\" does not start with %s",
                              i, v, text, want);
                if (v == WG_VIEW_REFEREE)
                    ck_assert_str_eq(tag, own);
            }
            if (strstr(wgp_event(g, i, WG_VIEW_REFEREE), "returns a fatigue marker")) {
                const char *tag = NULL;
                int owner = strstr(wgp_event(g, i, WG_VIEW_REFEREE), "French") ? 1 : 0;
                ck_assert(strcmp(own, "LM-FATIGUE-07") == 0 || strcmp(own, "LM-FATIGUE-08") == 0);
                ck_assert_int_eq(wg_game_event_rule_for(&tag, g, i, owner), WG_OK);
                ck_assert_str_eq(tag, own);
                ck_assert_int_eq(wg_game_event_rule_for(&tag, g, i, 1 - owner), WG_OK);
                ck_assert_str_eq(tag, "LM-FATIGUE-07/08");
                returns++;
            }
        }
        const char *tag;
        ck_assert_int_eq(wg_game_event_rule_for(&tag, g, n, 0), WG_ERANGE);
        ck_assert_int_eq(wg_game_event_rule_for(&tag, g, 0, 5), WG_ERANGE);
        ck_assert_int_eq(wg_game_event_rule_for(NULL, g, 0, 0), WG_EINVAL);
        wg_game_free(g);
    }
    ck_assert_int_gt(returns, 0);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* LM-FATIGUE-07/08, LM-FOG-01: after every draw of fatigue the mover decides whether to return a
   marker, whether his stack may (baggage, a commander) or not, so the decision's existence tells
   the other side nothing about the hidden stack.  Random play of both scenarios shows both kinds. */
START_TEST(test_fatigue_return_decision_for_every_stack)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    int with_return = 0, without = 0;
    for (uint64_t seed = 1; seed <= 8; seed++) {
        wg_game *g = wgp_new(ctx, "marechaux", seed % 2 ? "1808" : "1809", NULL, seed, NULL);
        for (int step = 0; step < 4000; step++) {
            int over = 0;
            ck_assert_int_eq(wg_game_is_over(&over, g), WG_OK);
            if (over)
                break;
            if (wgp_decider(g) >= 0 && wgp_find(g, "keep the markers") >= 0) {
                if (wgp_find(g, "return a fatigue marker") >= 0)
                    with_return++;
                else
                    without++;
            }
            ck_assert_int_eq(wg_game_bot_step(NULL, g), WG_OK);
        }
        wgp_trace(g);
        wg_game_free(g);
    }
    ck_assert_int_gt(with_return, 0);
    ck_assert_int_gt(without, 0);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

/* LM-FOG-01: eliminations, lone commanders' tests and exits toward Spain name the unit to its own
   side only; the other side reads "a French counter" / "an Anglo-Allied counter". */
START_TEST(test_unit_names_only_to_their_side)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    int seen = 0;
    for (uint64_t seed = 1; seed <= 8; seed++) {
        wg_game *g = wgp_new(ctx, "marechaux", seed % 2 ? "1808" : "1809", NULL, seed, NULL);
        ck_assert_int_eq(wg_game_playout(NULL, g, 100000), WG_OK);
        size_t n = wgp_event_count(g);
        for (size_t i = 0; i < n; i++) {
            char ref[512], v0[512], v1[512];
            snprintf(ref, sizeof ref, "%s", wgp_event(g, i, WG_VIEW_REFEREE));
            if (!strstr(ref, " eliminated") && !strstr(ref, "leaves the map") && !strstr(ref, "elimination test"))
                continue;
            if (strstr(ref, "] ") && strstr(ref, " counter"))
                continue;
            snprintf(v0, sizeof v0, "%s", wgp_event(g, i, 0));
            snprintf(v1, sizeof v1, "%s", wgp_event(g, i, 1));
            int own0 = strcmp(v0, ref) == 0, own1 = strcmp(v1, ref) == 0;
            ck_assert_msg(own0 != own1, "event %zu: \"%s\" / \"%s\" / \"%s\"", i, ref, v0, v1);
            ck_assert_ptr_nonnull(strstr(own0 ? v1 : v0, " counter"));
            seen++;
        }
        wg_game_free(g);
    }
    ck_assert_int_gt(seen, 0);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("public views");
    TCase *tc = tcase_create("views");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_marechaux_options_are_the_deciders, 0, 6);
    tcase_add_test(tc, test_lga_options_are_the_deciders);
    tcase_add_test(tc, test_over_game_has_no_options_for_anyone);
    tcase_add_test(tc, test_event_tags_as_each_viewer_reads_them);
    tcase_add_test(tc, test_fatigue_return_decision_for_every_stack);
    tcase_add_test(tc, test_unit_names_only_to_their_side);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

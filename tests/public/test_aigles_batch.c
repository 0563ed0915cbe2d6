/* Les Aigles played by the random bot: seeded random battles of both sample battles end, and over
   the batch the events of the rulebook occur — changes of formation, charges and counter-charges,
   dodges, fire of every kind, melees, morale results of every kind, routs and flights off the table,
   order changes accepted and refused, officers captured — and some battles end with a side broken,
   others at the last period.  The counts are printed; every kind must occur at least once.  Under
   valgrind (the memcheck twin sets WG_MEMCHECK) the batch is 6 battles of each, which must end
   cleanly; the kinds are asserted over the full batch of the plain and sanitizer runs.  Public API
   only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgaigles.h"
#include "wgplay.h"

static const struct kind {
    const char *name, *needle, *rule; /* an event text holding needle, with that rule tag (NULL: any) */
} kinds[] = {
    {"a change of formation begun", "begins to form", "LA-FORMTIME-01"},
    {"a change of formation done", " stands in ", "LA-DISORG-02"},
    {"a charge declared", "declares a charge on", "LA-CHARGE-01"},
    {"a counter-charge", "counter-charges (charged by", NULL},
    {"a dodge", ": dodge from", "LA-DODGE-01"},
    {"an effective charge", ": an effective charge", NULL},
    {"an ineffective charge", "without formation", "LA-CHARGE-15"},
    {"light-arms fire", "fires light arms at", "LA-FIRE-01"},
    {"canister", "fires canister at", "LA-FIRE-01"},
    {"round shot", "fires round shot at", "LA-FIRE-01"},
    {"a melee", " fights ", "LA-MELEE-13"},
    {"a melee won", "wins the melee", NULL},
    {"a tie", "the melee is a tie", NULL},
    {"uncontrolled advance", ": in uncontrolled advance", "LA-MORALE-16"},
    {"obeys", ": obeys", "LA-MORALE-16"},
    {"halt in place", ": halted", "LA-MORALE-16"},
    {"retreat", ": retreating", "LA-MORALE-16"},
    {"rout", ": routing", "LA-MORALE-16"},
    {"flight", ": fleeing", "LA-MORALE-16"},
    {"a unit off the table", "leaves the table", NULL},
    {"a charisma choice", "with the general", NULL},
    {"an order accepted", "needed: accepted", "LA-REACT-02"},
    {"an order refused", "needed: refused", "LA-REACT-02"},
    {"an order applied", "now follows the order", "LA-ORDERS-16"},
    {"an officer joining a unit", ", at (", "LA-OFFICER-10"},
    {"an officer captured", "is captured by", "LA-OFFICER-11"},
    {"a rest", " rests: fatigue ", "LA-MARKERS-08"},
    {"a side broken", "breaks;", "LA-VICTORY-01"},
};
#define NKINDS (sizeof kinds / sizeof *kinds)

START_TEST(test_random_battles)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    long seen[NKINDS] = {0};
    int games = 0, broken = 0, to_the_end = 0;
    long decisions = 0;
    static const char *const sc[] = {"crossroads", "ridge"};
    const int memcheck = getenv("WG_MEMCHECK") != NULL, per = memcheck ? 6 : 200;
    for (int s = 0; s < 2; s++)
        for (int seed = 1; seed <= per; seed++) {
            wg_game *g = wgp_new(ctx, "aigles", sc[s], NULL, (uint64_t)seed, NULL);
            int over = 0;
            for (long k = 0; k < 20000 && !over; k++) {
                ck_assert_int_eq(wg_game_bot_step(NULL, g), WG_OK);
                decisions++;
                wg_game_is_over(&over, g);
            }
            ck_assert_msg(over, "%s seed %d: no end in 20000 decisions", sc[s], seed); /* LA-SEQ-01 */
            games++;
            size_t n = wgp_event_count(g);
            int b = 0;
            unsigned char hit[NKINDS] = {0};
            for (size_t i = 0; i < n; i++) {
                const char *t = wgp_event(g, i, WG_VIEW_REFEREE);
                for (size_t k = 0; k < NKINDS; k++) {
                    if (hit[k] || !strstr(t, kinds[k].needle))
                        continue;
                    if (kinds[k].rule) {
                        const char *r = NULL;
                        if (wg_game_event_rule_for(&r, g, i, WG_VIEW_REFEREE) != WG_OK || !r ||
                            strcmp(r, kinds[k].rule) != 0)
                            continue;
                    }
                    hit[k] = 1;
                    seen[k]++;
                }
                b |= strstr(t, "breaks;") != NULL;
            }
            broken += b;
            to_the_end += !b;
            wg_game_free(g);
        }
    printf("aigles random battles: %d games, %ld decisions, %d ended with a side broken, %d at the last period\n",
           games, decisions, broken, to_the_end);
    for (size_t k = 0; k < NKINDS; k++)
        printf("  %-28s in %ld games\n", kinds[k].name, seen[k]);
    ck_assert_int_eq(games, 2 * per);
    if (!memcheck) {
        for (size_t k = 0; k < NKINDS; k++)
            ck_assert_msg(seen[k] > 0, "no %s in %d random battles", kinds[k].name, games);
        ck_assert_int_gt(broken, 0);     /* some battles end decisively */
        ck_assert_int_gt(to_the_end, 0); /* others at the turn limit */
    }
    wg_ctx_free(ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("aigles_batch");
    TCase *tc = tcase_create("batch");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_random_battles);
    suite_add_tcase(s, tc);
    return wgt_run(s);
}

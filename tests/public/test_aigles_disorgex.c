/* Les Aigles: infantry entering a melee with cavalry (LA-DISORG-04) and the three exceptions that keep
   it in order (LA-DISORG-05, G-26): (a) infantry and cavalry attack a column or line from opposite
   sides, or a square from different sides, in the same turn; (b) the cavalry has more than one figure
   for every four of the infantry's (cavalry figures x 4 > infantry figures); (c) the charged unit is an
   infantry line and the infantry stands three light-cavalry bases (3 x 22.5 paces at 25 mm) or more
   from the cavalry, the printed example.  Every position is built from host documents (a battle of a
   few units of the bundled sample army on an open table) and played by decision labels and dice: the
   French hussars charge an Austrian infantry unit in the same period as French infantry advances into
   it, and the infantry's cohesion and the rule tag of its state event are read after the contacts.
   Each exception is shown beside a control position that differs only by the circumstance and in which
   the infantry IS put in disorder.  Checklist items are cited next to the assertions that prove them. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "testutil.h"
#include "wargame.h"
#include "wgaigles.h"
#include "wgplay.h"

/* The French hussars (4 figures, 90 paces wide) 320 paces in front of the Austrian unit's front, which
   they charge: an effective charge (declared, half a period straight or more). */
#define HUSSARS "unit French Hus type=hussars companies=1x4 formation=line front=4 at=600,380 facing=0,1 order=attack toward=600,900\n"
/* An Austrian line of 24 figures, 360 paces wide (x 420..780), its front at y = 700. */
#define RED_LINE "unit Austrians Red type=line-fusiliers companies=8x3 formation=line front=24 at=600,700 facing=0,-1 order=hold\n"
/* An Austrian column of attack of 12 figures, 60 paces wide (x 570..630) and 75 deep (y 700..775). */
#define RED_COLUMN "unit Austrians Red type=line-fusiliers companies=4x3 formation=attack front=4 at=600,700 facing=0,-1 order=hold\n"

/* An Austrian hollow square of 12 figures, 45 paces a side (x 577.5..622.5, y 700..745). */
#define RED_SQUARE "unit Austrians Red type=line-fusiliers companies=4x3 formation=hollow-square front=3 at=600,700 facing=0,-1 order=hold\n"

static const char *const PLAY[] = {"Hus: charge marker", "Inf: movement marker", "Hus charges Red", "Inf: advance", NULL};

/* The game of `units` (the French Hus and Inf and the Austrian Red, in that order) played with PLAY,
   each morale test obeyed, to the first melee die; the events of the contacts from *e0. */
static wg_game *contacts(wg_ctx *ctx, const char *units, size_t *e0)
{
    wg_game *g = wga_battle(ctx, NULL, units, NULL);
    ck_assert_int_eq(wga_piece(g, "Inf"), 1);
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "formed");
    *e0 = wgp_event_count(g);
    wga_to_melee(g, PLAY);
    ck_assert_msg(wga_has_decision(g, "phase 5: the die of"), "%s\n%s", wgp_decision(g),
                  wgp_events_dump(g, 0, WG_VIEW_REFEREE));
    return g;
}

/* Both contacts were made this period, the hussars' by an effective charge. */
static void both_contacts(wg_game *g, size_t e0)
{
    wga_event(g, e0, "Inf contacts Red on its ");
    wga_event(g, e0, "Hus contacts Red on its front: an effective charge");
}

/* ---------------------------------------------------------------- (c) and the printed example */

/* French infantry (a column of 16 figures, 60 paces wide) advances into the Austrian line beside the
   hussars' charge: at x = 520 it stands 5 paces from them and enters the melee in disorder; at x = 460,
   65 paces (under three cavalry bases); at x = 450, 75 paces (three bases are 67.5): it is not in
   disorder, the printed example.  Each from 10 paces (it touches before the hussars) and from 100 (after
   them). */
START_TEST(test_line_three_bases)
{
    wg_ctx *ctx = wga_ctx();
    static const int xs[3] = {520, 460, 450};
    for (int r = 0; r < 6; r++) {
        int k = r % 3, y = r < 3 ? 690 : 600;
        char units[1024];
        snprintf(units, sizeof units,
                 HUSSARS "unit French Inf type=line-fusiliers companies=4x4 formation=attack front=4 at=%d,%d facing=0,1 "
                         "order=attack toward=%d,900\n" RED_LINE,
                 xs[k], y, xs[k]);
        size_t e0 = 0;
        wg_game *g = contacts(ctx, units, &e0);
        both_contacts(g, e0);
        /* from 10 paces the infantry touches first, the hussars joining it; from 100 paces the hussars
           touch first and the infantry enters their melee */
        long ci = wga_event(g, e0, "Inf contacts Red"), ch = wga_event(g, e0, "Hus contacts Red");
        ck_assert(r < 3 ? ci < ch : ch < ci);
        if (k < 2) {
            /* control: entering with the charging cavalry, 5 or 65 paces away, puts it in disorder */
            wga_expect(g, e0, "Inf obeys, in disorder", "LA-DISORG-04"); /* LA-DISORG-04 */
            ck_assert_str_eq(wga_text(g, 1, "cohesion"), "in disorder"); /* LA-DISORG-04 */
        } else {
            /* EXAMPLE: separated by three light-cavalry bases or more, the French infantry is not in disorder */
            wga_expect(g, e0, "Inf obeys, formed: three cavalry bases or more from Hus", "LA-DISORG-05"); /* LA-DISORG-05 */
            ck_assert_str_eq(wga_text(g, 1, "cohesion"), "formed"); /* LA-DISORG-05 */
            wga_no_event(g, e0, "Inf obeys, in disorder");
        }
        /* the charged line itself is in disorder from the charge either way (LA-DISORG-04) */
        ck_assert_str_eq(wga_text(g, 2, "cohesion"), "in disorder");
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- (b) */

/* The same contact 5 paces from the hussars: a column of 16 figures (4 x 4 = 16, not more) enters in
   disorder; one of 12 (4 x 4 = 16 > 12: more than one cavalryman for every four infantrymen) does not. */
START_TEST(test_cavalry_proportion)
{
    wg_ctx *ctx = wga_ctx();
    static const char *const comp[2] = {"4x4", "4x3"};
    for (int k = 0; k < 2; k++) {
        char units[1024];
        snprintf(units, sizeof units,
                 HUSSARS "unit French Inf type=line-fusiliers companies=%s formation=attack front=4 at=520,690 facing=0,1 "
                         "order=attack toward=520,900\n" RED_LINE,
                 comp[k]);
        size_t e0 = 0;
        wg_game *g = contacts(ctx, units, &e0);
        both_contacts(g, e0);
        ck_assert_int_eq(wga_attr(g, 1, "figures"), k == 0 ? 16 : 12);
        if (k == 0) {
            wga_expect(g, e0, "Inf obeys, in disorder", "LA-DISORG-04"); /* LA-DISORG-04 */
            ck_assert_str_eq(wga_text(g, 1, "cohesion"), "in disorder");
        } else {
            wga_expect(g, e0, "Inf obeys, formed: fewer than four figures to each of Hus", "LA-DISORG-05"); /* LA-DISORG-05 */
            ck_assert_str_eq(wga_text(g, 1, "cohesion"), "formed"); /* LA-DISORG-05 */
        }
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* Infantry advancing into enemy cavalry (no charge) is without formation (LA-DISORG-04), unless the
   cavalry has more than one figure for every four of its own: French infantry of 12 figures against
   Austrian hussars of 3 (3 x 4 = 12, not more: without formation) and of 4 (16 > 12: formed). */
START_TEST(test_enemy_cavalry_proportion)
{
    wg_ctx *ctx = wga_ctx();
    static const int figs[2] = {3, 4};
    for (int k = 0; k < 2; k++) {
        char units[1024];
        snprintf(units, sizeof units,
                 "unit French Inf type=line-fusiliers companies=4x3 formation=attack front=4 at=600,690 facing=0,1 "
                 "order=attack toward=600,900\n"
                 "unit Austrians Hus type=hussars companies=1x%d formation=line front=%d at=600,700 facing=0,-1 order=hold\n",
                 figs[k], figs[k]);
        wg_game *g = wga_battle(ctx, NULL, units, NULL);
        size_t e0 = wgp_event_count(g);
        static const char *const p[] = {"Inf: movement marker", "Inf: advance", NULL};
        wga_to_melee(g, p);
        wga_event(g, e0, "Inf contacts Hus on its front");
        if (k == 0) {
            wga_expect(g, e0, "Inf obeys, without formation", "LA-DISORG-04"); /* LA-DISORG-04 */
            ck_assert_str_eq(wga_text(g, 0, "cohesion"), "without formation"); /* LA-DISORG-04 */
        } else {
            wga_expect(g, e0, "Inf obeys, formed: fewer than four figures to each of Hus", "LA-DISORG-05"); /* LA-DISORG-05 */
            ck_assert_str_eq(wga_text(g, 0, "cohesion"), "formed"); /* LA-DISORG-05 */
        }
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- (a) */

/* The hussars charge the front of an Austrian column while French infantry of 16 figures advances into
   it: from its flank it enters in disorder; from its rear (the opposite side) it does not; nor from the
   flank of a square (any other side of a square). */
START_TEST(test_column_opposite_sides)
{
    wg_ctx *ctx = wga_ctx();
    static const char *const inf[2] = {
        "unit French Inf type=line-fusiliers companies=4x4 formation=attack front=4 at=640,740 facing=-1,0 order=attack toward=100,740\n",
        "unit French Inf type=line-fusiliers companies=4x4 formation=attack front=4 at=600,785 facing=0,-1 order=attack toward=600,100\n"};
    for (int k = 0; k < 3; k++) {
        char units[1024];
        snprintf(units, sizeof units, HUSSARS "%s%s", inf[k == 1], k < 2 ? RED_COLUMN : RED_SQUARE);
        size_t e0 = 0;
        wg_game *g = contacts(ctx, units, &e0);
        both_contacts(g, e0);
        if (k == 0) {
            wga_event(g, e0, "Inf contacts Red on its flank");
            wga_expect(g, e0, "Inf obeys, in disorder", "LA-DISORG-04"); /* LA-DISORG-04 */
            ck_assert_str_eq(wga_text(g, 1, "cohesion"), "in disorder");
        } else {
            wga_event(g, e0, k == 1 ? "Inf contacts Red on its rear" : "Inf contacts Red on its flank");
            wga_expect(g, e0, "Inf obeys, formed: attacking from another side than Hus", "LA-DISORG-05"); /* LA-DISORG-05 */
            ck_assert_str_eq(wga_text(g, 1, "cohesion"), "formed"); /* LA-DISORG-05 */
        }
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST


static Suite *suite(void)
{
    Suite *s = suite_create("aigles_disorgex");
    TCase *tc = tcase_create("rules");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_line_three_bases);
    tcase_add_test(tc, test_cavalry_proportion);
    tcase_add_test(tc, test_enemy_cavalry_proportion);
    tcase_add_test(tc, test_column_opposite_sides);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

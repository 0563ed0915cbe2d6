/* Les Aigles results of melees and of charges proven by play through the public API: the special
   results of a melee (a column beating a line by two to one, cavalry beating infantry in line or
   column, cavalry breaking a square), the charge that allows no change of formation, and the charge
   whose target dodged.  Every position is built from host documents written here (the battle and a
   small open table; the army is the bundled sample list); every decision is taken by its label, every
   die by "die N", chosen so that the melee's losses are the ones the case needs on the sample loss
   table (data=sample): floor((3 n f + 5) / 10) losses for n figures at row f > 0, the row being the
   units' values and factors (read first with the odds `melee from=ID at=ID`) plus T29's random factor
   with no officer in contact: +0 for dice 1-2, +1 for 3-4, +2 for 5-6.  Checklist items are cited
   next to the assertions that prove them. */
#include <check.h>

#include "testutil.h"
#include "wargame.h"
#include "wgaigles.h"
#include "wgplay.h"

/* ---------------------------------------------------------------- positions */

/* A 1000 x 1000 pace table of open ground. */
static const char *const TABLE = "wgdata 1 map\n"
                                 "grid table 1000 1000\n"
                                 "terrain open wood village field\n"
                                 "flag blocks-sight light-cover hard-cover\n"
                                 "linetype road stream crest hedge\n"
                                 "area open name=Open 0,0 1000,0 1000,1000 0,1000\n";

/* A battle of three periods between the French (side 0, near edge) and the Austrians (far edge):
   the unit records follow it. */
#define BATTLE                                                                                              \
    "wgdata 1 aigles-battle\n"                                                                              \
    "title \"test position\"\n"                                                                             \
    "scale 25\n"                                                                                            \
    "periods 3\n"                                                                                           \
    "side French\n"                                                                                         \
    "side Austrians\n"

/* The game of `battle` (BATTLE and its units) on TABLE with the bundled sample army list. */
static wg_game *position(wg_ctx *ctx, const char *battle)
{
    wgp_doc docs[] = {{"table", TABLE}, {"battle", battle}, {NULL, NULL}};
    wg_game *g = NULL;
    int rc = wgp_try_new(&g, ctx, "aigles", "crossroads", "break=none", 1, docs);
    ck_assert_msg(rc == WG_OK, "set-up: %s: %s", wg_status_str(rc), wg_ctx_errmsg(ctx));
    return g;
}

/* Takes decisions until a die is asked for (or the game ends): at each decision the first option
   matching one of `prefs` (label substrings, NULL-terminated), else the quiet default: no marker,
   halt, no charge, stand, hold the fire.  When `watch` is given, counts in seen[0] the decisions whose
   text holds watch[0] and in seen[1] the options offered whose label holds watch[1]. */
static void drive_watch(wg_game *g, const char *const *prefs, const char *const *watch, int *seen)
{
    static const char *const quiet[] = {"none marker", ": halt", ": no charge", " stands", "holds its fire", NULL};
    for (int guard = 0; guard < 400; guard++) {
        if (wga_over(g) || wgp_decider(g) == WG_PLAYER_CHANCE)
            return;
        if (watch && wga_has_decision(g, watch[0])) {
            seen[0]++;
            seen[1] += (int)wgp_count(g, watch[1]);
        }
        long k = -1;
        for (size_t p = 0; prefs && prefs[p] && k < 0; p++)
            k = wgp_find(g, prefs[p]);
        for (size_t p = 0; quiet[p] && k < 0; p++)
            k = wgp_find(g, quiet[p]);
        ck_assert_msg(k >= 0, "no option to take:\n%s", wgp_options_dump(g));
        wgp_choose_index(g, (size_t)k);
    }
    ck_abort_msg("drive: no die reached");
}

/* Plays `g` with `prefs`, rolling the morale tests met on the way with `dice` (0-terminated), up to
   the first die of Blue's melee with Red. */
static void to_melee(wg_game *g, const char *const *prefs, const int *dice)
{
    wga_drive(g, prefs, NULL);
    for (int k = 0; dice[k]; k++) {
        ck_assert_msg(wga_has_decision(g, "morale test"), "not a test: %s\n%s", wgp_decision(g),
                      wgp_events_dump(g, 0, WG_VIEW_REFEREE));
        wga_die(g, dice[k]);
        wga_drive(g, prefs, NULL);
    }
    ck_assert_msg(wga_has_decision(g, "phase 5: the die of Blue in its melee with Red"), "%s\n%s", wgp_decision(g),
                  wgp_events_dump(g, 0, WG_VIEW_REFEREE));
}

/* Rolls each morale test now asked for with the highest die under which the unit obeys (tried on a
   clone), taking decisions with `prefs` in between. */
static void obey(wg_game *g, const char *const *prefs)
{
    for (int guard = 0; guard < 8 && wgp_decider(g) == WG_PLAYER_CHANCE && wga_has_decision(g, "morale test"); guard++) {
        int pick = 0;
        for (int d = 6; d >= 1 && !pick; d--) {
            wg_game *c = NULL;
            ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
            size_t e = wgp_event_count(c);
            wga_die(c, d);
            long t = wgp_find_event(c, e, " tests ", WG_VIEW_REFEREE);
            if (t >= 0 && strstr(wgp_event(c, (size_t)t, WG_VIEW_REFEREE), ": obeys"))
                pick = d;
            wg_game_free(c);
        }
        ck_assert_msg(pick > 0, "no die passes: %s", wgp_decision(g));
        wga_die(g, pick);
        wga_drive(g, prefs, NULL);
    }
}

static const char *const CHARGE[] = {"Blue: charge marker", "Blue charges Red", NULL};

/* The event of a side's melee losses, "<a> fights <b>: die D, row R, N figures: L losses", whose
   losses are T28's at that row and figures. */
static void fought(wg_game *g, size_t e0, const char *text, int row, int n, int losses)
{
    ck_assert_int_eq(wga_t28(row, n), losses);
    wga_expect(g, e0, text, "LA-MELEE-13");
}

/* ---------------------------------------------------------------- LA-MELEERES-07 */

/* A column of division (line fusiliers, 4 figures, 3 ranks) charges a Landwehr line of 4 figures:
   Blue 3 + charge 1 + fresh 1 + 2 ranks = row 7 with 4 figures, Red 1 + fresh 1 = row 2 with 4. */
static const char *const COLUMN_ON_LINE =
    BATTLE "unit French Blue type=line-fusiliers companies=4x3 formation=division front=4 at=500,300 facing=0,1 order=hold\n"
           "unit Austrians Red type=landwehr companies=1x4 formation=line front=4 at=500,380 facing=0,-1 order=hold\n"
           "unit Austrians Red2 type=line-fusiliers companies=2x3 formation=line front=6 at=850,400 facing=0,-1 order=hold\n";

START_TEST(test_column_beats_line_two_to_one)
{
    wg_ctx *ctx = wga_ctx();
    static const int t[] = {6, 0}; /* Red tests to receive the charge: halted, formed */
    wg_game *g = position(ctx, COLUMN_ON_LINE);
    to_melee(g, CHARGE, t);
    wga_odds_ok(g, "melee from=1 at=2");
    wga_odds_has("{\"label\":\"11 inflicted, 5 suffered: won\"");
    wga_odds_has("{\"name\":\"T16-melee-infantry\",\"value\":2,\"text\":\"per-rank-beyond-first\"");
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "formed");
    int64_t ry = wga_attr(g, 1, "y");
    size_t e0 = wgp_event_count(g);
    wga_die(g, 5);
    wga_die(g, 5);
    fought(g, e0, "Blue fights Red: die 5, row 9, 4 figures: 11 losses", 9, 4, 11);
    fought(g, e0, "Red fights Blue: die 5, row 4, 4 figures: 5 losses", 4, 4, 5);
    /* 11 against 5: more than twice; the line is left without formation */
    wga_expect(g, e0, "Blue wins the melee; Red falls back", "LA-MELEERES-07"); /* LA-MELEERES-07 */
    wga_expect(g, e0, "Red: fall back from (500, 380) to (500, 409), without formation", "LA-MELEERES-01");
    ck_assert_int_eq(wga_attr(g, 1, "y") - ry, 29);
    ck_assert_str_eq(wga_text(g, 1, "formation"), "line");
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "without formation"); /* LA-MELEERES-07 */
    wg_game_free(g);

    /* exactly twice: Blue's die 3 (row 8) 10 losses against 5 */
    g = position(ctx, COLUMN_ON_LINE);
    to_melee(g, CHARGE, t);
    e0 = wgp_event_count(g);
    wga_die(g, 3);
    wga_die(g, 5);
    fought(g, e0, "Blue fights Red: die 3, row 8, 4 figures: 10 losses", 8, 4, 10);
    fought(g, e0, "Red fights Blue: die 5, row 4, 4 figures: 5 losses", 4, 4, 5);
    wga_expect(g, e0, "Blue wins the melee; Red falls back", "LA-MELEERES-07"); /* LA-MELEERES-07: at twice */
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "without formation");          /* LA-MELEERES-07 */
    wg_game_free(g);

    /* less than twice: Blue's die 1 (row 7) 8 losses against 5: the general result, still formed */
    g = position(ctx, COLUMN_ON_LINE);
    to_melee(g, CHARGE, t);
    e0 = wgp_event_count(g);
    wga_die(g, 1);
    wga_die(g, 5);
    fought(g, e0, "Blue fights Red: die 1, row 7, 4 figures: 8 losses", 7, 4, 8);
    fought(g, e0, "Red fights Blue: die 5, row 4, 4 figures: 5 losses", 4, 4, 5);
    wga_expect(g, e0, "Blue wins the melee; Red falls back", "LA-MELEERES-01"); /* LA-MELEERES-07: not below twice */
    wga_expect(g, e0, "Red: fall back from (500, 380) to (500, 409), formed", "LA-MELEERES-01");
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "formed"); /* LA-MELEERES-07 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- LA-MELEERES-08 */

/* Cuirassiers (8 figures: 6 + charge 2 + fresh 1 = row 9) charge infantry of line fusiliers. */
#define CUIRASSIERS "unit French Blue type=cuirassiers companies=cuirassiers:4,cuirassiers:4 formation=line front=8 at=500,300 facing=0,1 order=hold\n"

START_TEST(test_cavalry_beats_infantry)
{
    wg_ctx *ctx = wga_ctx();
    /* a line: Red 3 + fresh 1 - disorder 5 - line against cavalry 1 - cuirass 1 = row -3: no losses */
    wg_game *g = position(ctx, BATTLE CUIRASSIERS
                          "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=500,400 facing=0,-1 order=hold\n");
    static const int t[] = {6, 0};
    to_melee(g, CHARGE, t);
    /* the contact with cavalry has already put it in disorder (LA-DISORG-04) */
    wga_expect(g, 0, "Blue contacts Red on its front: an effective charge", "LA-DISORG-04");
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "in disorder");
    wga_odds_ok(g, "melee from=2 at=1");
    wga_odds_has("{\"name\":\"T16-melee-infantry\",\"value\":-1,\"text\":\"line-against-cavalry\"");
    int64_t ry = wga_attr(g, 1, "y");
    size_t e0 = wgp_event_count(g);
    wga_die(g, 6);
    wga_die(g, 5);
    fought(g, e0, "Blue fights Red: die 6, row 11, 8 figures: 26 losses", 11, 8, 26);
    wga_expect(g, e0, "Red fights Blue: die 5, row -1, 12 figures: 0 losses", "LA-MELEE-13");
    wga_expect(g, e0, "Blue wins the melee; Red falls back", "LA-MELEERES-08"); /* LA-MELEERES-08 */
    ck_assert_int_eq(wga_attr(g, 1, "y") - ry, 29);
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "in disorder"); /* LA-MELEERES-08 */
    wg_game_free(g);

    /* a column of division (4 figures, 3 ranks) */
    g = position(ctx, BATTLE CUIRASSIERS
                 "unit Austrians Red type=line-fusiliers companies=4x3 formation=division front=4 at=500,400 facing=0,-1 order=hold\n");
    static const int t2[] = {6, 6, 0}; /* Red obeys, then Blue tests before charging: obeys */
    to_melee(g, CHARGE, t2);
    wga_expect(g, 0, "Blue tests before charging: die 6", NULL);
    ck_assert_str_eq(wga_text(g, 1, "formation"), "division");
    e0 = wgp_event_count(g);
    wga_die(g, 6);
    wga_die(g, 1);
    long k = wga_expect(g, e0, "Blue fights Red: die 6", "LA-MELEE-13");
    long m = wga_expect(g, e0, "Red fights Blue: die 1", "LA-MELEE-13");
    ck_assert_int_lt(k, m);
    wga_expect(g, e0, "Blue wins the melee; Red falls back", "LA-MELEERES-08"); /* LA-MELEERES-08 */
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "in disorder");                 /* LA-MELEERES-08 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- LA-MELEERES-11 */

/* The cuirassiers charge a hollow square of Landwehr (12 figures, 3 a face): Blue fights with the 2
   figures the square's face equals, no overlap (row 9 before T29), Red with its face's 3: 1 + fresh 1
   + hollow square against cavalry 2 - cuirass 1 = row 3. */
static const char *const ON_SQUARE = BATTLE CUIRASSIERS
    "unit Austrians Red type=landwehr companies=3x4 formation=hollow-square front=3 at=500,400 facing=0,-1 order=hold\n";

START_TEST(test_cavalry_breaks_square)
{
    wg_ctx *ctx = wga_ctx();
    static const int t[] = {6, 0};
    wg_game *g = position(ctx, ON_SQUARE);
    to_melee(g, CHARGE, t);
    /* a square stands formed against cavalry */
    wga_expect(g, 0, "Blue contacts Red on its front: an effective charge", "LA-MOVE-05");
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "formed");
    wga_odds_ok(g, "melee from=1 at=2");
    wga_odds_has("{\"label\":\"7 inflicted, 3 suffered: won\"");
    wga_odds_has("{\"name\":\"figures\",\"value\":2,");
    wga_odds_ok(g, "melee from=2 at=1");
    wga_odds_has("{\"name\":\"T16-melee-infantry\",\"value\":2,\"text\":\"hollow-square-against-cavalry\"");
    int64_t ry = wga_attr(g, 1, "y");
    size_t e0 = wgp_event_count(g);
    wga_die(g, 6);
    wga_die(g, 1);
    fought(g, e0, "Blue fights Red: die 6, row 11, 2 figures: 7 losses", 11, 2, 7);
    fought(g, e0, "Red fights Blue: die 1, row 3, 3 figures: 3 losses", 3, 3, 3);
    /* 7 against 3: more than twice: broken, in disorder, and it does not fall back */
    wga_expect(g, e0, "Blue wins the melee; Red stands", "LA-MELEERES-11"); /* LA-MELEERES-11 */
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "in disorder");           /* LA-MELEERES-11 */
    ck_assert_int_eq(wga_attr(g, 1, "y"), ry);                              /* LA-MELEERES-11: no fall back */
    ck_assert_str_eq(wga_text(g, 1, "formation"), "hollow-square");
    wga_no_event(g, e0, "Red: fall back"); /* LA-MELEERES-11 */
    ck_assert_int_eq(wga_attr(g, 1, "melee_with"), 1);
    wg_game_free(g);

    /* exactly twice: Blue's die 3 (row 10) 6 losses against 3 */
    g = position(ctx, ON_SQUARE);
    to_melee(g, CHARGE, t);
    e0 = wgp_event_count(g);
    wga_die(g, 3);
    wga_die(g, 1);
    fought(g, e0, "Blue fights Red: die 3, row 10, 2 figures: 6 losses", 10, 2, 6);
    fought(g, e0, "Red fights Blue: die 1, row 3, 3 figures: 3 losses", 3, 3, 3);
    wga_expect(g, e0, "Blue wins the melee; Red stands", "LA-MELEERES-11"); /* LA-MELEERES-11: at twice */
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "in disorder");           /* LA-MELEERES-11 */
    wg_game_free(g);

    /* less than twice: 7 against Red's die 3 (row 4) 4 losses: the square wins nothing, but stands
       formed */
    g = position(ctx, ON_SQUARE);
    to_melee(g, CHARGE, t);
    ry = wga_attr(g, 1, "y");
    e0 = wgp_event_count(g);
    wga_die(g, 6);
    wga_die(g, 3);
    fought(g, e0, "Blue fights Red: die 6, row 11, 2 figures: 7 losses", 11, 2, 7);
    fought(g, e0, "Red fights Blue: die 3, row 4, 3 figures: 4 losses", 4, 3, 4);
    wga_expect(g, e0, "Blue wins the melee; Red stands", "LA-MELEERES-01"); /* LA-MELEERES-11: not below twice */
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "formed");                 /* LA-MELEERES-11 */
    ck_assert_int_eq(wga_attr(g, 1, "y"), ry);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- LA-CHARGE-14 */

/* Cuirassiers in line with Red 180 paces away: the charge takes both half-periods. */
static const char *const FAR_CHARGE = BATTLE CUIRASSIERS
    "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=500,480 facing=0,-1 order=hold\n";

START_TEST(test_charge_keeps_formation)
{
    wg_ctx *ctx = wga_ctx();
    static const char *const watch[] = {"commits the move of Blue", "Blue: change formation to"};
    /* with a Change of formation marker, the phase 3 decision offers the changes of formation */
    static const char *const form[] = {"Blue: change of formation marker", "Blue: change formation to", NULL};
    wg_game *g = position(ctx, FAR_CHARGE);
    int seen[2] = {0, 0};
    drive_watch(g, form, watch, seen);
    wga_expect(g, 0, "Blue's marker turned over: change of formation", NULL);
    ck_assert_int_ge(seen[0], 1);
    ck_assert_int_ge(seen[1], 1);
    wg_game_free(g);

    /* with a Charge marker and a target: no decision of its move, only the charge, in its formation */
    g = position(ctx, FAR_CHARGE);
    seen[0] = seen[1] = 0;
    drive_watch(g, CHARGE, watch, seen);
    ck_assert_msg(wga_has_decision(g, "Red's morale test to receive a charge"), "%s", wgp_decision(g));
    wga_die(g, 6);
    drive_watch(g, CHARGE, watch, seen);
    ck_assert_int_eq(seen[0], 0); /* LA-CHARGE-14: no decision of its move */
    ck_assert_int_eq(seen[1], 0); /* LA-CHARGE-14: no change of formation offered */
    long c1 = wga_expect(g, 0, "Blue: charge from (500, 300) to (500, 399), formed", "LA-CHARGE-10"); /* LA-CHARGE-14 */
    long c2 = wga_expect(g, (size_t)c1 + 1, "Blue: charge from (500, 399)", "LA-CHARGE-10");            /* LA-CHARGE-14 */
    ck_assert_int_gt(c2, c1);
    wga_no_event(g, 0, "Blue: committed");                  /* LA-CHARGE-14 */
    wga_no_event(g, 0, "Blue: change formation");           /* LA-CHARGE-14 */
    ck_assert_str_eq(wga_text(g, 0, "formation"), "line"); /* LA-CHARGE-14: it charges in its formation */
    ck_assert_int_eq(wga_attr(g, 0, "melee_with"), 2);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- LA-CHARGE-15, -16 */

/* A column of line fusiliers charges a column that may dodge (Defend). */
static const char *const DODGE = BATTLE
    "unit French Blue type=line-fusiliers companies=4x3 formation=division front=4 at=600,300 facing=0,1 order=attack toward=600,900\n"
    "unit Austrians Red type=line-fusiliers companies=4x3 formation=division front=4 at=600,450 facing=0,-1 "
    "order=defend zone=600,500 radius=100\n";

START_TEST(test_charge_on_dodging_target)
{
    wg_ctx *ctx = wga_ctx();
    static const char *const dodge[] = {"Blue: charge marker", "Blue charges Red", "Red dodges", NULL};
    wg_game *g = position(ctx, DODGE);
    wga_drive(g, dodge, NULL);
    obey(g, dodge); /* the tests to receive the charge and to charge: both obey */
    wga_expect(g, 0, "Blue tests before charging", NULL);
    wga_no_event(g, 0, "uncontrolled advance");
    long dk = wga_expect(g, 0, "Red dodges", NULL);
    wga_expect(g, (size_t)dk, "Red: dodge from (600, 450)", NULL);
    long a = wga_expect(g, 0, "Blue: charge from (600, 300)", "LA-CHARGE-10");
    ck_assert_int_lt(wgp_find_event(g, 0, "contacts", WG_VIEW_REFEREE), 0);
    /* the charge reached nothing: without formation at the end of its second half-period */
    long x = wga_expect(g, (size_t)a, "Blue obeys, without formation", "LA-CHARGE-15"); /* LA-CHARGE-15 */
    ck_assert_int_gt(x, a);
    ck_assert_str_eq(wga_text(g, 0, "cohesion"), "without formation"); /* LA-CHARGE-15, LA-CHARGE-16 */
    ck_assert_str_eq(wga_text(g, 0, "formation"), "division");
    ck_assert_int_eq(wga_has_attr(g, 0, "melee_with"), 0);
    wg_game_free(g);

    /* the same charge with the target standing reaches it, formed */
    static const char *const stand[] = {"Blue: charge marker", "Blue charges Red", "Red stands", NULL};
    g = position(ctx, DODGE);
    wga_drive(g, stand, NULL);
    obey(g, stand);
    wga_expect(g, 0, "Blue contacts Red", NULL);
    wga_no_event(g, 0, "Blue obeys, without formation"); /* LA-CHARGE-15: only when the charge reached nothing */
    ck_assert_str_eq(wga_text(g, 0, "cohesion"), "formed");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("aigles_results");
    TCase *tc = tcase_create("rules");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_column_beats_line_two_to_one);
    tcase_add_test(tc, test_cavalry_beats_infantry);
    tcase_add_test(tc, test_cavalry_breaks_square);
    tcase_add_test(tc, test_charge_keeps_formation);
    tcase_add_test(tc, test_charge_on_dodging_target);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

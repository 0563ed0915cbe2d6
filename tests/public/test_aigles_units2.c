/* Les Aigles: more of the unit model proven by play through the public API.  A unit without
   formation crosses terrain as if in dispersed order; a massed battalion's combat bonus by the face it
   is attacked on, to the rear only once it has formed a solid square; a solid square does not move.
   Every position is built from host documents written here; every decision is taken by its label or
   a precise move, every die by "die N".  Checklist items are cited next to the assertions that prove
   them.  Lengths in paces (mm at 25 mm). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wargame.h"

#include "testutil.h"
#include "wgaigles.h"
#include "wgplay.h"

#define FAR_AUSTRIANS                                                                                                  \
    "unit Austrians Z type=line-fusiliers companies=4x3 formation=line front=12 at=2400,1150 facing=0,-1 order=hold\n"

/* ---------------------------------------------------------------- helpers */

static wg_game *game(wg_ctx *ctx, const char *units)
{
    wga_setup s = {.options = "break=none", .periods = 4};
    return wga_game(ctx, &s, units);
}

/* Whether the last odds hold a modifier of table `name` whose row text is `text`. */
static int has_row(const char *name, const char *text)
{
    char key[96], t[96];
    snprintf(key, sizeof key, "{\"name\":\"%s\",", name);
    snprintf(t, sizeof t, "\"text\":\"%s\"", text);
    for (const char *p = wga_odds_buf; (p = strstr(p, key)) != NULL;) {
        const char *e = strchr(p, '}');
        ck_assert_ptr_nonnull(e);
        const char *q = strstr(p, t);
        if (q && q < e)
            return 1;
        p = e;
    }
    return 0;
}

/* The integer value of the modifier `name` of the last odds, or -1 when absent. */
static int mod_value(const char *name)
{
    char key[96];
    snprintf(key, sizeof key, "{\"name\":\"%s\",\"value\":", name);
    const char *p = strstr(wga_odds_buf, key);
    return p ? atoi(p + strlen(key)) : -1;
}

/* Rolls the two dice of the melee now asked for: the first pair (tried on clones) after which the
   melee goes on to a second turn, which must exist; then plays to that turn's first die. */
static void roll_to_second_turn(wg_game *g)
{
    for (int a = 1; a <= 6; a++)
        for (int b = 1; b <= 6; b++) {
            wg_game *c = NULL;
            ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
            wga_die(c, a);
            wga_die(c, b);
            wga_to_melee(c, NULL);
            int64_t v = 0;
            int ok = !wga_over(c) && wga_has_decision(c, "phase 5: the die of") &&
                     wg_game_attr_int(&v, c, WG_VIEW_REFEREE, WG_ATTR_PIECE, 1, "melee_with") == WG_OK;
            wg_game_free(c);
            if (ok) {
                wga_die(g, a);
                wga_die(g, b);
                wga_to_melee(g, NULL);
                return;
            }
        }
    ck_abort_msg("no dice keep the melee: %s", wgp_decision(g));
}

/* ---------------------------------------------------------------- LA-FORM-27 */

/* A wood from y = 400 to 430 over x 100..500 and rocky ground beyond it, from y = 430 to 700 over x
   100..1000. */
#define WOOD_AND_ROCKS                                                                                                 \
    "area wood name=Copse 100,400 500,400 500,430 100,430\n"                                                           \
    "area rocky name=Scree 100,430 1000,430 1000,700 100,700\n"

START_TEST(test_without_formation_crosses_as_dispersed)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = wga_battle(ctx, WOOD_AND_ROCKS,
                            "unit French Wd type=line-fusiliers companies=4x3 formation=division front=4 at=300,380 facing=0,1 order=hold\n"
                            "unit French Op type=line-fusiliers companies=4x3 formation=division front=4 at=800,390 facing=0,1 order=hold\n" FAR_AUSTRIANS,
                            "break=none");
    /* period 1: Wd enters the wood (without formation, LA-TERRAIN-06); Op comes to the edge of the rocks */
    wgp_choose(g, "Wd: movement marker");
    wgp_choose(g, "Op: movement marker");
    wgp_choose(g, "Z: none marker");
    WGA_ASSERT_DECISION(g, "commits the move of Wd");
    ck_assert_int_eq(wga_move_to(g, 300 * 100, 410 * 100), WG_OK);
    WGA_ASSERT_DECISION(g, "commits the move of Op");
    ck_assert_int_eq(wga_move_to(g, 800 * 100, 410 * 100), WG_OK);
    wga_halt_all(g);
    WGA_ASSERT_DECISION(g, "period 2, phase 1");
    ck_assert_str_eq(wga_text(g, 0, "cohesion"), "without formation");
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "formed");
    /* period 2: both advance into the rocks */
    wgp_choose(g, "Wd: movement marker");
    wgp_choose(g, "Op: movement marker");
    wgp_choose(g, "Z: none marker");
    WGA_ASSERT_DECISION(g, "commits the move of Wd");
    /* 20 paces of wood at half speed, then the rocks at full speed, as skirmishers cross them: 51
       paces cost 70, not 101 (LA-FORM-27) */
    WGA_ASSERT_REFUSED(wga_move_to(g, 300 * 100, 461 * 100), g, "an advance of 51 paces costs 70 with the terrain",
                       "the 60 paces left"); /* LA-FORM-27 */
    ck_assert_int_eq(wga_move_to(g, 300 * 100, 450 * 100), WG_OK); /* LA-FORM-27: 40 + 20 */
    /* the formed column pays the rocks double (LA-TERRAIN-34) */
    WGA_ASSERT_DECISION(g, "commits the move of Op");
    WGA_ASSERT_REFUSED(wga_move_to(g, 800 * 100, 451 * 100), g, "an advance of 41 paces costs 62 with the terrain",
                       "the 60 paces left");
    ck_assert_int_eq(wga_move_to(g, 800 * 100, 440 * 100), WG_OK);
    WGA_ASSERT_DECISION(g, "half-period 2");
    ck_assert_int_eq(wga_attr(g, 0, "y"), 450); /* LA-FORM-27 */
    ck_assert_int_eq(wga_attr(g, 1, "y"), 440);
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "disorganised"); /* LA-TERRAIN-34 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Cavalry left without formation by rocky ground crosses a wood at half speed, as foragers do, not a
   quarter. */
START_TEST(test_cavalry_without_formation_in_wood)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = wga_battle(ctx,
                            "area rocky name=Scree 100,400 500,400 500,430 100,430\n"
                            "area wood name=Copse 100,430 500,430 500,900 100,900\n",
                            "unit French Dg type=dragoons companies=3x4 formation=march front=2 at=300,380 facing=0,1 order=hold\n" FAR_AUSTRIANS,
                            "break=none");
    wgp_choose(g, "Dg: movement marker");
    wgp_choose(g, "Z: none marker");
    WGA_ASSERT_DECISION(g, "commits the move of Dg");
    ck_assert_int_eq(wga_move_to(g, 300 * 100, 420 * 100), WG_OK);
    wga_halt_all(g);
    WGA_ASSERT_DECISION(g, "period 2, phase 1");
    ck_assert_str_eq(wga_text(g, 0, "cohesion"), "without formation"); /* LA-TERRAIN-34 */
    wgp_choose(g, "Dg: movement marker");
    wgp_choose(g, "Z: none marker");
    WGA_ASSERT_DECISION(g, "commits the move of Dg");
    /* 10 paces of rocks at half speed, then 100 of wood at half speed, not a quarter: about 20 + 200,
       not 20 + 400 */
    WGA_ASSERT_REFUSED(wga_move_to(g, 300 * 100, 530 * 100), g, "an advance of 110 paces costs 219 with the terrain",
                       "the 140 paces left"); /* LA-FORM-27 */
    ck_assert_int_eq(wga_move_to(g, 300 * 100, 480 * 100), WG_OK); /* LA-FORM-27: 20 + 100, not 20 + 200 */
    WGA_ASSERT_DECISION(g, "half-period 2");
    ck_assert_int_eq(wga_attr(g, 0, "y"), 480); /* LA-FORM-27 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- LA-FORM-06 */

/* A battalion facing `facing` in `formation` at (1300, 580), charged by chasseurs from (1300, 500). */
static wg_game *charged(wg_ctx *ctx, const char *formation, const char *facing)
{
    char units[1024];
    snprintf(units, sizeof units,
             "unit French Blue type=chasseurs companies=2x4 formation=line front=8 at=1300,500 facing=0,1 order=attack toward=1300,1000\n"
             "unit Austrians Red type=line-fusiliers companies=4x4 formation=%s front=4 at=1300,%d facing=%s order=hold\n",
             formation, strcmp(facing, "0,1") == 0 ? 660 : 580, facing);
    wg_game *g = game(ctx, units);
    static const char *const prefs[] = {"Blue: charge marker", "Blue charges Red", "Red stands", NULL};
    wga_to_melee(g, prefs);
    return g;
}

START_TEST(test_massed_bonus_by_face)
{
    wg_ctx *ctx = wga_ctx();
    /* to the front and to the flank: the massed battalion has its bonus against cavalry, and replies */
    static const char *const faces[2] = {"0,-1", "1,0"};
    static const char *const named[2] = {"front", "flank"};
    for (int k = 0; k < 2; k++) {
        wg_game *g = charged(ctx, "mass", faces[k]);
        char want[64];
        snprintf(want, sizeof want, "Blue contacts Red on its %s", named[k]);
        wga_expect(g, 0, want, NULL);
        wga_melee_odds(g, 2, 1);
        ck_assert_msg(has_row("T16-melee-infantry", "massed-column-against-cavalry"), "%s", wga_odds_buf); /* LA-FORM-06 */
        ck_assert_int_eq(mod_value("silent"), -1);                                                        /* LA-FORM-06 */
        /* and on the second turn */
        roll_to_second_turn(g);
        ck_assert_int_eq(wga_attr_of(g, "Red", "melee_with"), 1);
        wga_melee_odds(g, 2, 1);
        ck_assert_msg(has_row("T16-melee-infantry", "massed-column-against-cavalry"), "%s", wga_odds_buf); /* LA-FORM-06 */
        wg_game_free(g);
    }
    /* to the rear, in column of mass: it has not had the time to form a solid square, and does not
       reply on the first turn */
    wg_game *g = charged(ctx, "mass", "0,1");
    wga_expect(g, 0, "Blue contacts Red on its rear", NULL);
    wga_melee_odds(g, 2, 1);
    ck_assert_int_eq(mod_value("silent"), 1); /* LA-FORM-06: the general rear case */
    wg_game_free(g);
    /* to the rear, in solid or massed square: its last rank faces about, it replies with its bonus,
       and the cavalry has no rear bonus */
    static const char *const sq[2] = {"solid-square", "massed-square"};
    for (int k = 0; k < 2; k++) {
        g = charged(ctx, sq[k], "0,1");
        wga_expect(g, 0, "Blue contacts Red on its rear", NULL);
        wga_melee_odds(g, 2, 1);
        ck_assert_int_eq(mod_value("silent"), -1);                                                       /* LA-FORM-06, LA-FORM-20 */
        ck_assert_msg(has_row("T16-melee-infantry", "solid-square-against-cavalry"), "%s", wga_odds_buf); /* LA-FORM-06 */
        wga_melee_odds(g, 1, 2);
        ck_assert_msg(!has_row("T17-melee-cavalry", "flank-or-rear-first-turn"), "%s", wga_odds_buf); /* LA-FORM-20 */
        size_t e0 = wgp_event_count(g);
        wga_die(g, 3);
        wga_die(g, 3);
        long ev = wga_expect(g, e0, "Red fights Blue: die 3", "LA-MELEE-13");
        const char *t = wgp_event(g, (size_t)ev, WG_VIEW_REFEREE);
        ck_assert_msg(strstr(t, " figures: 0 losses") == NULL, "%s", t); /* LA-FORM-20: the rear rank fights */
        wg_game_free(g);
    }
    /* the column of mass taken in the rear inflicts nothing on the first turn */
    g = charged(ctx, "mass", "0,1");
    size_t e1 = wgp_event_count(g);
    wga_die(g, 3);
    wga_die(g, 3);
    long ev = wga_expect(g, e1, "Red fights Blue: die 3", "LA-MELEE-13");
    const char *t = wgp_event(g, (size_t)ev, WG_VIEW_REFEREE);
    ck_assert_msg(strstr(t, " figures: 0 losses") != NULL, "%s", t); /* LA-FORM-06 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* A column of division masses, then cavalry charges its flank: it has its bonus, and from the second
   turn fights with the figures on the table, not its real number. */
START_TEST(test_massed_flank_counts_table_figures)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = game(ctx, "unit French Blue type=chasseurs companies=2x4 formation=line front=8 at=1300,500 facing=0,1 order=attack toward=1300,1000\n"
                           "unit Austrians Red type=grenadiers companies=4x4 formation=division front=4 at=1300,580 facing=1,0 order=hold\n");
    static const char *const form[] = {"Red: change of formation marker", "Red: change formation to mass", NULL};
    for (int guard = 0; guard < 20 && !wga_has_decision(g, "period 2, phase 1"); guard++) {
        wga_drive(g, form, "period 2, phase 1");
        if (wga_has_decision(g, "morale test"))
            wga_obey(g);
    }
    WGA_ASSERT_DECISION(g, "period 2, phase 1");
    ck_assert_str_eq(wga_text(g, 1, "formation"), "mass");
    ck_assert_int_eq(wga_attr_of(g, "Red", "off_table"), 8);
    static const char *const prefs[] = {"Blue: charge marker", "Blue charges Red", "Red stands", NULL};
    wga_to_melee(g, prefs);
    wga_expect(g, 0, "Blue contacts Red on its flank", NULL);
    wga_melee_odds(g, 2, 1);
    ck_assert_msg(has_row("T16-melee-infantry", "massed-column-against-cavalry"), "%s", wga_odds_buf); /* LA-FORM-06 */
    roll_to_second_turn(g);
    wga_melee_odds(g, 2, 1);
    int on_table = (int)(wga_attr_of(g, "Red", "figures") - wga_attr_of(g, "Red", "off_table"));
    ck_assert_int_lt(on_table, (int)wga_attr_of(g, "Red", "figures"));
    ck_assert_int_eq(mod_value("figures"), on_table); /* LA-FORM-06: the figures on the table */
    ck_assert_msg(has_row("T16-melee-infantry", "massed-column-against-cavalry"), "%s", wga_odds_buf); /* LA-FORM-06 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- LA-UNIT-20 */

#define SPACING_BLUE "unit French Blue type=line-fusiliers companies=4x3 formation=division front=4 at=1300,500 facing=0,1 order=attack toward=1300,1000\n"
#define SPACING_RED "unit Austrians Red type=line-fusiliers companies=4x4 formation=division front=4 at=1300,580 facing=0,-1 order=hold\n"

/* Blue's column charges Red's; a French column like Blue's stands beside it, `gap` paces from its
   flank: 10 paces, less than two bases, or 150. */
START_TEST(test_spacing_second_turn)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *probe = game(ctx, SPACING_BLUE SPACING_RED);
    int width = (int)wga_attr_of(probe, "Blue", "width");
    wg_game_free(probe);
    static const int gaps[2] = {10, 150};
    for (int k = 0; k < 2; k++) {
        char units[1024];
        snprintf(units, sizeof units,
                 SPACING_BLUE SPACING_RED
                 "unit French Nb type=line-fusiliers companies=4x3 formation=division front=4 at=%d,560 facing=0,1 order=hold\n",
                 1300 + width + gaps[k]);
        wg_game *g = game(ctx, units);
        static const char *const prefs[] = {"Blue: charge marker", "Blue charges Red", "Red stands", NULL};
        wga_to_melee(g, prefs);
        ck_assert_int_eq(wga_attr_of(g, "Blue", "melee_with"), 2);
        /* the first turn: formed */
        wga_melee_odds(g, 1, 2);
        ck_assert_msg(!has_row("T15-melee-common", "without-formation"), "%s", wga_odds_buf);
        roll_to_second_turn(g);
        ck_assert_int_eq(wga_attr_of(g, "Blue", "melee_with"), 2);
        wga_melee_odds(g, 1, 2);
        if (k == 0)
            ck_assert_msg(has_row("T15-melee-common", "without-formation"), "%s", wga_odds_buf); /* LA-UNIT-20 */
        else
            ck_assert_msg(!has_row("T15-melee-common", "without-formation"), "%s", wga_odds_buf); /* LA-UNIT-20 */
        /* Red has no friend near it */
        wga_melee_odds(g, 2, 1);
        ck_assert_msg(!has_row("T15-melee-common", "without-formation"), "%s", wga_odds_buf); /* LA-UNIT-20 */
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- squares */

START_TEST(test_solid_square_stands)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = game(ctx, "unit French Sq type=line-fusiliers companies=4x4 formation=solid-square front=4 at=1300,500 facing=0,1 order=hold\n"
                           "unit French Ho type=grenadiers companies=4x4 formation=hollow-square front=2 at=800,500 facing=0,1 order=hold\n"
                           "unit French Hb type=line-fusiliers companies=4x4 formation=hollow-square front=2 at=400,500 facing=0,1 order=hold\n" FAR_AUSTRIANS);
    /* a solid square does not move: no movement marker, no move under any other marker (LA-FORM-20) */
    WGA_ASSERT_NO_OPTION(g, "Sq: movement marker"); /* LA-FORM-20 */
    wgp_choose(g, "Sq: change of formation marker");
    wgp_choose(g, "Ho: movement marker");
    /* nor a hollow square of manoeuvre B (G-54) */
    WGA_ASSERT_NO_OPTION(g, "Hb: movement marker");
    wgp_choose(g, "Hb: none marker");
    wgp_choose(g, "Z: none marker");
    WGA_ASSERT_DECISION(g, "commits the move of Sq");
    WGA_ASSERT_NO_OPTION(g, "Sq: advance"); /* LA-FORM-20 */
    WGA_ASSERT_NO_OPTION(g, "Sq: move to"); /* LA-FORM-20 */
    wgp_choose(g, "Sq: change formation to mass");
    WGA_ASSERT_DECISION(g, "commits the move of Ho");
    WGA_ASSERT_OPTION(g, "Ho: advance");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* A division of grenadiers forms a massed square: half its ranks, rounded up, stay on the table; the
   massed square does not move; it unmasses with all its figures.  A line does not mass. */
START_TEST(test_massed_square)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = game(ctx, "unit French Dv type=grenadiers companies=4x4 formation=division front=4 at=600,500 facing=0,1 order=hold\n"
                           "unit French Dl type=grenadiers companies=4x3 formation=line front=12 at=1100,500 facing=0,1 order=hold\n" FAR_AUSTRIANS);
    ck_assert_int_eq(wga_attr_of(g, "Dv", "figures"), 16);
    wgp_choose(g, "Dv: change of formation marker");
    wgp_choose(g, "Dl: change of formation marker");
    wgp_choose(g, "Z: none marker");
    size_t e0 = wgp_event_count(g);
    WGA_ASSERT_DECISION(g, "commits the move of Dv");
    wgp_choose(g, "Dv: change formation to massed-square");
    WGA_ASSERT_NO_OPTION(g, "Dl: change formation to massed-square"); /* LA-FORM-20 */
    wgp_choose(g, "Dl: change formation to march");
    wga_drive(g, NULL, "period 2, phase 1");
    WGA_ASSERT_DECISION(g, "period 2, phase 1");
    wga_event(g, e0, "Dv begins to form massed-square");
    size_t dv = (size_t)wga_piece(g, "Dv");
    ck_assert_str_eq(wga_text(g, dv, "formation"), "massed-square");
    /* four ranks of 4: two stay, 8 figures off the table (LA-FORM-20) */
    ck_assert_int_eq(wga_attr(g, dv, "front"), 4);
    ck_assert_int_eq(wga_attr(g, dv, "figures"), 16);
    ck_assert_int_eq(wga_attr(g, dv, "off_table"), 8); /* LA-FORM-20 */
    /* it does not move (LA-FORM-20) */
    WGA_ASSERT_NO_OPTION(g, "Dv: movement marker"); /* LA-FORM-20 */
    wgp_choose(g, "Dv: change of formation marker");
    wga_drive(g, NULL, "commits the move of Dv");
    WGA_ASSERT_NO_OPTION(g, "Dv: advance"); /* LA-FORM-20 */
    WGA_ASSERT_NO_OPTION(g, "Dv: move to");
    /* back into a column of division: the figures return */
    wgp_choose(g, "Dv: change formation to division");
    wga_drive(g, NULL, "period 3, phase 1");
    ck_assert_str_eq(wga_text(g, dv, "formation"), "division");
    ck_assert(!wga_has_attr(g, dv, "off_table")); /* LA-FORM-20 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("aigles-units2");
    TCase *t = tcase_create("units2");
    tcase_set_timeout(t, 60);
    tcase_add_test(t, test_without_formation_crosses_as_dispersed);
    tcase_add_test(t, test_cavalry_without_formation_in_wood);
    tcase_add_test(t, test_massed_bonus_by_face);
    tcase_add_test(t, test_solid_square_stands);
    tcase_add_test(t, test_massed_square);
    tcase_add_test(t, test_massed_flank_counts_table_figures);
    tcase_add_test(t, test_spacing_second_turn);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

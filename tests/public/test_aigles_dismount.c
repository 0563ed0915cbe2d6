/* Les Aigles: dismounted cavalry proven by play through the public API.  Cavalry whose army-list type
   has a foot version (`foot=`) may dismount under a change of formation marker: its mounted figures
   stay as the horse park and as many figures of its foot version deploy; the horse park an enemy
   contacts, in combat or by fire, is eliminated with its horses.  Every position is built from host
   documents written here; every decision is taken by its label or a precise move.  Checklist items
   are cited next to the assertions that prove them.  Lengths in paces (mm at 25 mm). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wargame.h"

#include "testutil.h"
#include "wgaigles.h"
#include "wgplay.h"

/* Dragoons with a foot version: the same regiment as infantry (dragoons on foot). */
#define FOOT_DRAGOONS                                                                                                  \
    "unittype dragoons-on-foot arm=infantry status=R manoeuvre=B fire=2 combat=3 charge=1 morale=3 weapon=carabine "   \
    "points=10\n"                                                                                                      \
    "unittype mounted-dragoons arm=cavalry cavalry=heavy status=R manoeuvre=B fire=1 combat=5 charge=2 morale=3 "      \
    "weapon=carabine points=18 foot=dragoons-on-foot\n"

/* The printed example: a dragoon regiment of 16 figures (4 squadrons of 4). */
#define DRAGOONS_16                                                                                                    \
    "unit French Dg type=mounted-dragoons companies=4x4 formation=line front=16 at=1000,300 facing=0,1 order=hold\n"

#define FAR_AUSTRIANS                                                                                                  \
    "unit Austrians Z type=line-fusiliers companies=4x3 formation=line front=12 at=2300,1150 facing=0,-1 order=hold\n"

static wg_game *game(wg_ctx *ctx, const char *units)
{
    wga_setup s = {.options = "break=none", .periods = 4, .army_extra = FOOT_DRAGOONS};
    return wga_game(ctx, &s, units);
}

/* Period 1: Dg dismounts in its first half-period (every other unit without a marker, halting). */
static size_t dismount_dg(wg_game *g)
{
    wgp_choose(g, "Dg: change of formation marker");
    wga_drive(g, NULL, "commits the move of Dg");
    WGA_ASSERT_DECISION(g, "commits the move of Dg");
    WGA_ASSERT_OPTION(g, "Dg: dismount"); /* LA-UNIT-21 */
    size_t from = wgp_event_count(g);
    wgp_choose(g, "Dg: dismount");
    wga_drive(g, NULL, "half-period 2");
    return from;
}

/* ---------------------------------------------------------------- LA-UNIT-21 */

/* The printed example: a dragoon regiment of 16 figures dismounts; the 16 figures on horseback are the
   horse park, and 16 infantry figures deploy. */
START_TEST(test_dragoons_16_dismount)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = game(ctx, DRAGOONS_16 FAR_AUSTRIANS);
    int dg = wga_piece(g, "Dg");
    ck_assert_int_ge(dg, 0);
    ck_assert_str_eq(wga_text(g, (size_t)dg, "arm"), "cavalry");
    ck_assert_int_eq(wga_attr(g, (size_t)dg, "figures"), 16);
    ck_assert(!wga_has_attr(g, (size_t)dg, "park")); /* mounted: no horse park */
    int64_t y0 = wga_attr(g, (size_t)dg, "y");
    size_t from = dismount_dg(g);
    long e = wga_expect(g, from, "Dg dismounts: 16 figures hold the horse park, 16 on foot deploy in line",
                        "LA-UNIT-21"); /* LA-UNIT-21 */
    ck_assert_int_ge(e, 0);
    /* EXAMPLE: 16 mounted figures as the horse park, 16 infantry figures deployed */
    ck_assert_int_eq(wga_attr(g, (size_t)dg, "park"), 16);    /* LA-UNIT-21 */
    ck_assert_int_eq(wga_attr(g, (size_t)dg, "figures"), 16); /* LA-UNIT-21 */
    ck_assert_str_eq(wga_text(g, (size_t)dg, "arm"), "infantry"); /* LA-UNIT-21: its foot version */
    ck_assert_str_eq(wga_text(g, (size_t)dg, "formation"), "line");
    ck_assert_int_eq(wga_attr(g, (size_t)dg, "front"), 16);
    /* the park stands where the regiment dismounted; the infantry deploys ahead of it */
    ck_assert_int_eq(wga_attr(g, (size_t)dg, "park_x"), 1000);
    ck_assert_int_eq(wga_attr(g, (size_t)dg, "park_y"), y0);
    ck_assert_int_gt(wga_attr(g, (size_t)dg, "y"), y0);
    /* on foot it is infantry: its status and fire are its foot type's */
    ck_assert_str_eq(wga_text(g, (size_t)dg, "status"), "R");
    /* it stays on foot: no second dismount in the next period */
    wga_drive(g, NULL, "period 2, phase 1");
    WGA_ASSERT_DECISION(g, "period 2, phase 1");
    wgp_choose(g, "Dg: change of formation marker");
    wga_drive(g, NULL, "commits the move of Dg");
    WGA_ASSERT_DECISION(g, "commits the move of Dg");
    WGA_ASSERT_NO_OPTION(g, "Dg: dismount"); /* LA-UNIT-21 */
    ck_assert_int_eq(wga_attr(g, (size_t)dg, "park"), 16);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Only cavalry with infantry characteristics dismounts: the sample's dragoons, hussars and the rest
   have no foot version and are offered no dismount. */
START_TEST(test_only_cavalry_with_a_foot_version)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = game(ctx, "unit French Hv type=dragoons companies=4x4 formation=line front=16 at=1000,300 "
                           "facing=0,1 order=hold\n" FAR_AUSTRIANS);
    wgp_choose(g, "Hv: change of formation marker");
    wga_drive(g, NULL, "commits the move of Hv");
    WGA_ASSERT_DECISION(g, "commits the move of Hv");
    WGA_ASSERT_NO_OPTION(g, "dismount"); /* LA-UNIT-21 */
    wg_game_free(g);
    /* the army list: a foot version is for cavalry, and is infantry */
    wg_game *bad = NULL;
    wga_setup s1 = {.army_extra = "unittype odd arm=infantry status=R manoeuvre=B fire=1 combat=1 charge=0 morale=1 "
                                  "weapon=fusil points=5 foot=line-fusiliers\n"};
    ck_assert_int_eq(wga_try(&bad, ctx, &s1, FAR_AUSTRIANS), WG_EDATA);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "foot= is for cavalry")); /* LA-UNIT-21 */
    wga_setup s2 = {.army_extra = "unittype odd arm=cavalry cavalry=light status=R manoeuvre=B fire=1 combat=1 charge=0 "
                                  "morale=1 points=5 foot=hussars\n"};
    ck_assert_int_eq(wga_try(&bad, ctx, &s2, FAR_AUSTRIANS), WG_EDATA);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "foot type 'hussars' is not infantry")); /* LA-UNIT-21 */
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- LA-UNIT-22 */

/* Enemy cavalry that reaches the horse park eliminates it with the horses: the dismounted infantry
   alone is left. */
START_TEST(test_park_contacted_in_combat)
{
    wg_ctx *ctx = wga_ctx();
    /* Austrian hussars west of the park, facing it */
    wg_game *g = game(ctx, DRAGOONS_16 "unit Austrians Hu type=hussars companies=2x4 formation=march front=2 "
                                       "at=700,280 facing=1,0 order=hold\n" FAR_AUSTRIANS);
    int dg = wga_piece(g, "Dg");
    size_t from = dismount_dg(g);
    ck_assert_int_eq(wga_attr(g, (size_t)dg, "park"), 16);
    wga_drive(g, NULL, "period 2, phase 1");
    /* period 2: the hussars ride up to the park's flank */
    wga_drive(g, NULL, "marker of Hu");
    wgp_choose(g, "Hu: movement marker");
    wga_drive(g, NULL, "commits the move of Hu");
    /* the park's left end: 16 cavalry figures of 22.5 paces (T1) */
    int64_t west = wga_attr(g, (size_t)dg, "park_x") - 180;
    /* first half-period: 5 paces short of the park, no contact */
    int rc = wga_move_to(g, (west - 5) * 100, 280 * 100);
    ck_assert_msg(rc == WG_OK, "%s", wg_game_errmsg(g));
    wga_drive(g, NULL, "commits the move of Hu");
    WGA_ASSERT_DECISION(g, "half-period 2");
    ck_assert_int_eq(wga_attr(g, (size_t)wga_piece(g, "Hu"), "x"), west - 5);
    ck_assert_int_eq(wga_attr(g, (size_t)dg, "park"), 16); /* LA-UNIT-22: not contacted yet */
    wga_no_event(g, from, "horse park of Dg");
    /* second half-period: to within a pace of it, in contact */
    rc = wga_move_to(g, (west - 1) * 100, 280 * 100);
    ck_assert_msg(rc == WG_OK, "%s", wg_game_errmsg(g));
    wga_drive(g, NULL, "period 3, phase 1");
    wga_expect(g, from, "Hu contacts the horse park of Dg: its 16 figures are eliminated with the horses",
               "LA-UNIT-22"); /* LA-UNIT-22 */
    ck_assert_int_eq(wga_attr(g, (size_t)dg, "park"), 0); /* LA-UNIT-22: the park is gone */
    ck_assert(!wga_has_attr(g, (size_t)dg, "park_x"));
    /* only the dismounted infantry is left */
    ck_assert_int_eq(wga_attr(g, (size_t)dg, "figures"), 16); /* LA-UNIT-22 */
    ck_assert_str_eq(wga_text(g, (size_t)dg, "arm"), "infantry");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Enemy infantry that fires at the horse park eliminates it with the horses: the park is a target of
   fire in its own right, in range, arc and sight of the firer. */
START_TEST(test_park_contacted_by_fire)
{
    wg_ctx *ctx = wga_ctx();
    /* Austrian fusiliers west of the park, facing it, 170 paces from its left end (x 820) */
    wg_game *g = game(ctx, DRAGOONS_16 "unit Austrians Fu type=line-fusiliers companies=4x3 formation=line front=12 "
                                       "at=650,280 facing=1,0 order=hold\n" FAR_AUSTRIANS);
    int dg = wga_piece(g, "Dg"), fu = wga_piece(g, "Fu");
    ck_assert_int_ge(fu, 0);
    size_t from = dismount_dg(g);
    ck_assert_int_eq(wga_attr(g, (size_t)dg, "park"), 16);
    wga_drive(g, NULL, "period 2, phase 1");
    wga_drive(g, NULL, "marker of Fu");
    wgp_choose(g, "Fu: fire marker");
    wga_drive(g, NULL, "target of Fu's fire");
    WGA_ASSERT_DECISION(g, "target of Fu's fire");
    /* the park is a target of its own: 170 paces to its left end */
    WGA_ASSERT_OPTION(g, "Fu fires at the horse park of Dg (170 paces)"); /* LA-UNIT-22 */
    long k = wgp_find(g, "Fu fires at the horse park of Dg");
    int64_t t = 0;
    ck_assert_int_eq(wg_game_attr_int(&t, g, WG_VIEW_REFEREE, WG_ATTR_OPTION, (size_t)k, "target"), WG_OK);
    ck_assert_int_eq(t, wga_attr(g, (size_t)dg, "id"));
    size_t before = wgp_event_count(g);
    wgp_choose(g, "Fu fires at the horse park of Dg");
    wga_expect(g, before, "Fu fires on the horse park of Dg: its 16 figures are eliminated with the horses",
               "LA-UNIT-22"); /* LA-UNIT-22 */
    ck_assert_int_eq(wga_attr(g, (size_t)dg, "park"), 0);     /* LA-UNIT-22 */
    ck_assert_int_eq(wga_attr(g, (size_t)dg, "figures"), 16); /* LA-UNIT-22: the infantry is left */
    ck_assert_str_eq(wga_text(g, (size_t)dg, "arm"), "infantry");
    wga_no_event(g, from, "contacts the horse park");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("aigles_dismount");
    TCase *t = tcase_create("dismount");
    tcase_set_timeout(t, 60);
    tcase_add_test(t, test_dragoons_16_dismount);
    tcase_add_test(t, test_only_cavalry_with_a_foot_version);
    tcase_add_test(t, test_park_contacted_in_combat);
    tcase_add_test(t, test_park_contacted_by_fire);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

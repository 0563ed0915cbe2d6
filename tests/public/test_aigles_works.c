/* Les Aigles terrain works proven by play through the public API: roads (the bonus of a narrow
   column), streams and fords (the limits of a ford, artillery at a ford), the melee at a stream's
   edge, houses and redoubts in melee (the same house, the withdrawal within the house, the redoubt
   counted as a line on its slope), engineers supporting an attack or a defence, and the printed
   village melee example.  Every position is built from host documents written here; every decision
   is taken by its label or as a precise move, every die by "die N".  Checklist items are cited next
   to the assertions that prove them. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgaigles.h"
#include "wgplay.h"

/* A table document of open ground 2600 x 1200 paces with the terrain and line vocabulary of the
   ruleset (redoubts and fords included) and `features`; malloc'd. */
static char *table_of(const char *features)
{
    size_t cap = 2048 + strlen(features);
    char *t = malloc(cap);
    ck_assert_ptr_nonnull(t);
    snprintf(t, cap,
             "wgdata 1 map\ntitle \"works table\"\ngrid table 2600 1200\n"
             "terrain open wood village redoubt hill field marsh rocky\n"
             "flag blocks-sight light-cover hard-cover\n"
             "linetype road stream river crest hedge wall ford\n"
             "area open name=Open 0,0 2600,0 2600,1200 0,1200\n%s",
             features);
    return t;
}

static wg_game *game_on(wg_ctx *ctx, const char *features, const char *options, const char *units)
{
    char *t = table_of(features);
    wga_setup s = {NULL, t, options, 25, 3, NULL, NULL};
    wg_game *g = wga_game(ctx, &s, units);
    free(t);
    return g;
}

#define ASSERT_REFUSED(call, g, ...)                                                                                   \
    do {                                                                                                               \
        int rc_ = (call);                                                                                              \
        ck_assert_msg(rc_ == WG_EILLEGAL, "refusal expected, got %s", wg_status_str(rc_));                            \
        const char *want_[] = {__VA_ARGS__};                                                                           \
        for (size_t k_ = 0; k_ < sizeof want_ / sizeof *want_; k_++)                                                   \
            ck_assert_msg(strstr(wg_game_errmsg(g), want_[k_]), "message '%s' lacks '%s'", wg_game_errmsg(g),         \
                          want_[k_]);                                                                                  \
    } while (0)

#define P(v) ((int64_t)(v) * 100) /* paces in table units at 25 mm */

static void commit_ok(wg_game *g, int64_t x, int64_t y)
{
    int rc = wga_move_to(g, x, y);
    ck_assert_msg(rc == WG_OK, "move refused: %s", wg_game_errmsg(g));
}

/* ---------------------------------------------------------------- roads */

/* Three roads running toward the enemy.  N, a column of march three figures wide (150 paces a
   period: 75 a half-period), W the same four wide, and B a battery limbered on one section (two
   figures; 150 a period).  On the road the narrow ones go half as far again, 112 paces; the wide one
   does not. */
START_TEST(test_road_bonus)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = game_on(ctx,
                         "line road name=North 600,0 600,1200\n"
                         "line road name=Middle 1000,0 1000,1200\n"
                         "line road name=South 1400,0 1400,1200\n"
                         "line road name=East 1800,0 1800,1200\n",
                         NULL,
                         "unit French N type=line-fusiliers companies=4x3 formation=march front=3 at=600,300 facing=0,1 "
                         "order=hold\n"
                         "unit French W type=line-fusiliers companies=4x3 formation=march front=4 at=1000,300 "
                         "facing=0,1 order=hold\n"
                         "unit French B type=foot-battery companies=3x2 formation=limbered front=2 at=1400,300 "
                         "facing=0,1 order=support target=N\n"
                         "unit French V type=line-fusiliers companies=4x3 formation=march front=4 at=1800,300 "
                         "facing=0,1 order=hold\n"
                         "unit Austrians Z type=line-fusiliers companies=4x3 formation=line front=12 at=2200,1100 "
                         "facing=0,-1 order=hold\n");
    const char *mk[] = {"N: movement marker", "W: movement marker", "B: movement marker",
                        "V: change of formation marker", NULL};
    wga_drive(g, mk, "commits the move of N");
    /* 113 paces on the road: more than the 112 a narrow column has there (LA-TERRAIN-17) */
    ASSERT_REFUSED(wga_move_to(g, P(600), P(413)), g, "113 paces along the road exceeds the 112 paces left there",
                   "LA-TERRAIN-17");
    commit_ok(g, P(600), P(412)); /* LA-TERRAIN-17: 112 paces, x1.5 on the road */
    ck_assert(wga_has_decision(g, "commits the move of W"));
    /* four figures in front: no road bonus (LA-TERRAIN-17) */
    ASSERT_REFUSED(wga_move_to(g, P(1000), P(380)), g, "80 paces exceeds the 75 paces left",
                   "no road bonus, the column's front is too wide (LA-TERRAIN-17)"); /* LA-TERRAIN-17 */
    commit_ok(g, P(1000), P(375));
    ck_assert(wga_has_decision(g, "commits the move of B"));
    /* the battery on one section gets the bonus too (LA-ARTMOVE-07) */
    ASSERT_REFUSED(wga_move_to(g, P(1400), P(413)), g, "113 paces along the road exceeds the 112 paces left there",
                   "LA-TERRAIN-17");
    commit_ok(g, P(1400), P(412)); /* LA-ARTMOVE-07 */
    ck_assert(wga_has_decision(g, "commits the move of V"));
    /* V, too wide for the road, may halve its front there; the wide W in the open may not */
    size_t e0 = wgp_event_count(g);
    wgp_choose(g, "V: halve the front for the road"); /* LA-FORMTIME-21 */
    wga_drive(g, NULL, "half-period 2");
    ck_assert_int_eq(wga_attr_of(g, "N", "y"), 412); /* LA-TERRAIN-17 */
    ck_assert_int_eq(wga_attr_of(g, "W", "y"), 375);
    ck_assert_int_eq(wga_attr_of(g, "B", "y"), 412); /* LA-ARTMOVE-07 */
    /* half a period: the column of march stands two figures wide */
    wga_expect(g, e0, "V halves its front for the road: march of 2 figures (1 half-period)", "LA-FORMTIME-21");
    ck_assert_int_eq(wga_attr_of(g, "V", "front"), 2); /* LA-FORMTIME-21 */
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "V"), "formation"), "march");
    /* next period it moves on the road half as far again */
    const char *mk2[] = {"V: movement marker", NULL};
    wga_drive(g, mk2, "period 2, phase 3, half-period 1: French commits the move of V");
    commit_ok(g, P(1800), P(412)); /* LA-FORMTIME-21, LA-TERRAIN-17 */
    wga_drive(g, NULL, "period 2, phase 3, half-period 2");
    ck_assert_int_eq(wga_attr_of(g, "V", "y"), 412); /* LA-FORMTIME-21 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST


/* ---------------------------------------------------------------- streams and fords */

/* A river at y 480 whose ford is marked from x 900 to 1400, and a stream beyond x 1700.  I, a column of
   division (120 paces a period), crosses at the ford at half speed; J, 40 paces past the ford's
   limit, may not; the horse battery H crosses the ford at half its movement (300 a period), the foot
   battery F not at all, and the horse battery S does not cross the stream away from a ford. */
START_TEST(test_fords)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = game_on(ctx,
                         "line river name=Rhin 0,480 1700,480\n"
                         "line stream name=Bach 1700,480 2600,480\n"
                         "line ford name=Gue 900,480 1400,480\n",
                         NULL,
                         "unit French I type=line-fusiliers companies=4x3 formation=division front=4 at=1000,460 "
                         "facing=0,1 order=hold\n"
                         "unit French H type=horse-battery companies=3x2 formation=limbered front=2 at=1150,420 "
                         "facing=0,1 order=support target=I\n"
                         "unit French F type=foot-battery companies=3x2 formation=limbered front=2 at=1300,420 "
                         "facing=0,1 order=support target=I\n"
                         "unit French J type=line-fusiliers companies=4x3 formation=division front=4 at=1440,460 "
                         "facing=0,1 order=hold\n"
                         "unit French S type=horse-battery companies=3x2 formation=limbered front=2 at=2000,400 "
                         "facing=0,1 order=support target=I\n"
                         "unit Austrians Z type=line-fusiliers companies=4x3 formation=line front=12 at=2200,1100 "
                         "facing=0,-1 order=hold\n");
    const char *mk[] = {"I: movement marker", "H: movement marker", "S: movement marker", NULL};
    wga_drive(g, mk, "commits the move of I");
    /* the ford follows the stream's rules: 31 paces cost 62 of the 60 left; 30 are accepted */
    ASSERT_REFUSED(wga_move_to(g, P(1000), P(491)), g, "costs 62 with the terrain, more than the 60 paces left"); /* LA-TERRAIN-15 */
    commit_ok(g, P(1000), P(490)); /* LA-TERRAIN-15 */
    ck_assert(wga_has_decision(g, "commits the move of H"));
    /* horse artillery at the ford: half its movement, 150 of a half-period for 75 paces */
    ASSERT_REFUSED(wga_move_to(g, P(1150), P(496)), g, "costs 152 with the terrain, more than the 150 paces left"); /* LA-ARTMOVE-06 */
    commit_ok(g, P(1150), P(495)); /* LA-TERRAIN-15, LA-ARTMOVE-06 */
    ck_assert_msg(wga_has_decision(g, "commits the move of S"), "%s", wgp_options_dump(g));
    /* horse artillery crosses a stream at a ford or a bridge only */
    ASSERT_REFUSED(wga_move_to(g, P(2000), P(490)), g, "the move crosses the stream 'Bach'",
                   "horse artillery crosses at a ford or a bridge"); /* LA-ARTMOVE-06 */
    wgp_choose(g, "S: advance half");
    /* the others, without a marker, may move in the second half-period */
    wga_drive(g, NULL, "half-period 2: French commits the move of F");
    ck_assert_int_eq(wga_attr_of(g, "I", "y"), 490);
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "I"), "cohesion"), "disorganised"); /* LA-TERRAIN-15 */
    ck_assert_int_eq(wga_attr_of(g, "H", "y"), 495); /* LA-ARTMOVE-06 */
    /* foot artillery crosses on bridges only, not at a ford */
    ASSERT_REFUSED(wga_move_to(g, P(1300), P(490)), g, "the move crosses the ford of the river 'Rhin'",
                   "foot artillery crosses only on a bridge"); /* LA-ARTMOVE-06 */
    wgp_choose(g, "F: halt");
    ck_assert(wga_has_decision(g, "commits the move of J"));
    /* 40 paces past the ford's marked limit the river is not crossed */
    ASSERT_REFUSED(wga_move_to(g, P(1440), P(490)), g, "the move crosses the river 'Rhin'",
                   "only at a bridge or a ford, LA-TERRAIN-16"); /* LA-TERRAIN-15 */
    wgp_choose(g, "J: halt");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* A stream at y 470.  A, a column of division, crosses it and contacts B, a line standing at its edge:
   A comes out of the stream and fights below B. */
START_TEST(test_stream_edge_melee)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = game_on(ctx, "line stream name=Bach 0,470 2600,470\n", NULL,
                         "unit French A type=line-fusiliers companies=4x3 formation=division front=4 at=600,460 "
                         "facing=0,1 order=attack toward=600,900\n"
                         "unit Austrians B type=line-fusiliers companies=4x3 formation=line front=12 at=600,490 "
                         "facing=0,-1 order=hold\n");
    const char *mk[] = {"A: movement marker", NULL};
    wga_drive(g, mk, "commits the move of A");
    commit_ok(g, P(600), P(489) + 50);
    wga_drive(g, NULL, "the die of");
    ck_assert_msg(wga_has_decision(g, "melee"), "%s", wgp_decision(g));
    wga_odds_ok(g, "melee from=2 at=1");
    wga_odds_has("\"name\":\"T16-melee-infantry\",\"value\":1,\"text\":\"above-on-slope\""); /* LA-TERRAIN-14 */
    wga_odds_ok(g, "melee from=1 at=2");
    wga_odds_lacks("above-on-slope"); /* LA-TERRAIN-14 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- engineers */

/* The Austrian line D stands in the village Dorf with the sappers DE at its flank; the French
   grenadiers A wait at the village's edge with the sappers AE at their rear.  D advances into contact.
   A, supported by engineers against a construction, gets +1; D's engineers give A -1; A's die of 6
   knocking out two figures takes one of them from the engineers (figure=6: a figure per 6 losses). */
START_TEST(test_engineers_in_melee)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = game_on(ctx, "area village name=Dorf 400,600 800,600 800,800 400,800\n", "figure=6",
                         "unit French A type=grenadiers companies=4x3 formation=line front=12 at=600,600 facing=0,1 "
                         "order=hold\n"
                         "unit French AE type=sappers companies=1x3 formation=line front=3 at=600,575 facing=0,1 "
                         "order=support target=A\n"
                         "unit Austrians D type=line-fusiliers companies=4x3 formation=line front=12 at=600,604 "
                         "facing=0,-1 order=defend zone=600,700 radius=200\n"
                         "unit Austrians DE type=sappers companies=1x2 formation=line front=2 at=705,604 facing=0,-1 "
                         "order=support target=D\n");
    const char *mk[] = {"D: movement marker", NULL};
    wga_drive(g, mk, "commits the move of D");
    commit_ok(g, P(600), P(600) + 50);
    wga_drive(g, NULL, "the die of");
    ck_assert_msg(wga_has_decision(g, "melee"), "%s", wgp_decision(g));
    wga_odds_ok(g, "melee from=1 at=3");
    wga_odds_has("\"name\":\"T16-melee-infantry\",\"value\":1,\"text\":\"engineers-attacking-construction\""); /* LA-MELEEFACT-17, LA-UNIT-10 */
    wga_odds_has("\"name\":\"T19-melee-opponent\",\"value\":-1,\"text\":\"engineers-in-construction\""); /* LA-MELEEFACT-28, LA-UNIT-10 */
    wga_odds_has("\"name\":\"T19-melee-opponent\",\"value\":-4,\"text\":\"village\"");
    /* D, in the open against A, has neither */
    wga_odds_ok(g, "melee from=3 at=1");
    wga_odds_lacks("engineers"); /* LA-UNIT-10 */
    size_t e0 = wgp_event_count(g);
    ck_assert(wga_has_decision(g, "the die of A in its melee with D"));
    wga_die(g, 6);
    wga_die(g, 1);
    /* A inflicts 14 losses: two figures and 2 over; one of the two figures is a sapper's */
    wga_expect(g, e0, "A fights D: die 6, row 4, 12 figures: 14 losses", "LA-MELEE-13");
    wga_expect(g, e0, "DE loses 1 figure (remainder 0): 1 left", "LA-UNIT-11"); /* LA-UNIT-11 */
    wga_expect(g, e0, "D loses 1 figure (remainder 2): 11 left", "LA-MELEE-13"); /* LA-UNIT-11 */
    ck_assert_int_eq(wga_attr_of(g, "DE", "figures"), 1);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- houses and redoubts */

/* The landwehr D in the village Dorf advances into contact with the grenadiers A at its edge and
   loses: it withdraws within the house, A follows it in, and both are without formation; fighting in
   the same house, neither has the house penalty any more. */
START_TEST(test_withdrawal_within_the_house)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = game_on(ctx, "area village name=Dorf 400,600 800,600 800,900 400,900\n", NULL,
                         "unit French A type=grenadiers companies=4x3 formation=line front=12 at=600,600 facing=0,1 "
                         "order=attack toward=600,1100\n"
                         "unit Austrians D type=landwehr companies=4x3 formation=line front=12 at=600,604 "
                         "facing=0,-1 order=defend zone=600,700 radius=200\n");
    const char *mk[] = {"D: movement marker", NULL};
    wga_drive(g, mk, "commits the move of D");
    commit_ok(g, P(600), P(600) + 50);
    wga_drive(g, NULL, "the die of");
    ck_assert_msg(wga_has_decision(g, "the die of A in its melee with D"), "%s", wgp_decision(g));
    /* A attacks the house: -4 */
    wga_odds_ok(g, "melee from=1 at=2");
    wga_odds_has("\"name\":\"T19-melee-opponent\",\"value\":-4,\"text\":\"village\"");
    size_t e0 = wgp_event_count(g);
    wga_die(g, 6); /* A: 5 + 1 - 4 + 2 = 4: 14 losses */
    wga_die(g, 1); /* D: 1 + 1 + 0 = 2: 7 losses */
    wga_expect(g, e0, "A wins the melee; D falls back", "LA-MELEERES-13"); /* LA-MELEERES-13 */
    int64_t dy = wga_attr_of(g, "D", "y");
    ck_assert_msg(dy >= 629 && dy <= 631, "D at %lld", (long long)dy); /* LA-MELEERES-13: within the house */
    int64_t ay = wga_attr_of(g, "A", "y");
    ck_assert_msg(ay >= 629 && ay <= 630, "A at %lld", (long long)ay); /* the follower enters it */
    wga_expect(g, e0, "A obeys, without formation", "LA-MELEERES-13"); /* LA-MELEERES-13 */
    wga_expect(g, e0, "D obeys, without formation", "LA-MELEERES-13"); /* LA-MELEERES-13 */
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "A"), "cohesion"), "without formation");
    ck_assert_int_eq(wga_attr_of(g, "A", "melee_with"), 2);
    /* in the same house: no house penalty, the without-formation penalty for both */
    wga_odds_ok(g, "melee from=1 at=2");
    wga_odds_lacks("T19-melee-opponent");                                              /* LA-TERRAIN-32 */
    wga_odds_has("\"name\":\"T15-melee-common\",\"value\":-3,\"text\":\"without-formation\""); /* LA-TERRAIN-32 */
    wga_odds_ok(g, "melee from=2 at=1");
    wga_odds_lacks("T19-melee-opponent");                                              /* LA-MELEERES-13 */
    wga_odds_has("\"name\":\"T15-melee-common\",\"value\":-3,\"text\":\"without-formation\""); /* LA-MELEERES-13 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* The column D stands in the redoubt Schanze; the hussars C wait at its edge and D advances into
   contact.  D stays in its column but fights as a line against cavalry, and above the slope. */
START_TEST(test_redoubt_counts_as_line)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = game_on(ctx, "area redoubt name=Schanze 400,600 800,600 800,800 400,800\n", NULL,
                         "unit French C type=hussars companies=2x3 formation=line front=6 at=600,600 facing=0,1 "
                         "order=hold\n"
                         "unit Austrians D type=line-fusiliers companies=4x3 formation=division front=4 at=600,604 "
                         "facing=0,-1 order=defend zone=600,700 radius=200\n");
    const char *mk[] = {"D: movement marker", NULL};
    wga_drive(g, mk, "commits the move of D");
    commit_ok(g, P(600), P(600) + 50);
    wga_drive(g, NULL, "the die of");
    ck_assert_msg(wga_has_decision(g, "melee"), "%s", wgp_decision(g));
    wga_odds_ok(g, "melee from=2 at=1");
    wga_odds_has("\"name\":\"T16-melee-infantry\",\"value\":-1,\"text\":\"line-against-cavalry\""); /* LA-TERRAIN-27 */
    wga_odds_has("\"name\":\"T16-melee-infantry\",\"value\":1,\"text\":\"above-on-slope\"");       /* LA-TERRAIN-27 */
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "D"), "formation"), "division"); /* LA-TERRAIN-27 */
    /* the hussars attack the redoubt: -5 */
    wga_odds_ok(g, "melee from=1 at=2");
    wga_odds_has("\"name\":\"T19-melee-opponent\",\"value\":-5,\"text\":\"redoubt-or-fortified-village\"");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- the village melee example */

/* The printed example (T6): a French veteran battalion (combat 5, charge 2) charges a Prussian
   landwehr battalion (combat 3) in a village.  The landwehr came into the village Dorf through the
   wood behind it (without formation) and under the veterans' fire (no longer fresh); the French are
   fresh and charge it the next period.  French 5 + 2 - 4 (the house) + 1 (fresh) = 4; Prussian 3 - 3
   (without formation) = 0 (G-39: the totals as a factor-sum fixture).  With T29's random factor 0
   (die 1) each melee row is the printed total; the French win. */
START_TEST(test_village_melee_example)
{
    wg_ctx *ctx = wga_ctx();
    char *sample = wgp_read_source("data/aigles/sample-army.wgd", NULL);
    size_t cap = strlen(sample) + 512;
    char *army = malloc(cap);
    ck_assert_ptr_nonnull(army);
    snprintf(army, cap,
             "%s"
             "unittype vet-line arm=infantry status=V manoeuvre=B fire=3 combat=5 charge=2 morale=4 weapon=fusil points=12\n"
             "unittype prussian-landwehr arm=infantry status=M manoeuvre=C fire=2 combat=3 charge=0 morale=2 "
             "weapon=mousquet points=6\n",
             sample);
    char *t = table_of("area village name=Dorf 400,785 800,785 800,800 400,800\n"
                       "area wood name=Forst 400,800 800,800 800,900 400,900\n");
    wga_setup su = {army, t, NULL, 25, 4, NULL, NULL};
    wg_game *g = wga_game(ctx, &su,
                          "unit French French type=vet-line companies=4x3 formation=line front=12 at=600,690 "
                          "facing=0,1 order=attack toward=600,1000\n"
                          "unit Austrians Prussians type=prussian-landwehr companies=4x3 formation=line front=12 "
                          "at=600,805 facing=0,-1 order=defend zone=600,800 radius=200\n");
    free(sample);
    free(army);
    free(t);
    /* period 1: the landwehr leaves the wood for the village, the veterans fire at it */
    const char *p1[] = {"French: fire marker", "Prussians: movement marker", NULL};
    wga_drive(g, p1, "commits the move of Prussians");
    commit_ok(g, P(600), P(786));
    const char *f1[] = {"French fires at Prussians", NULL};
    wga_drive(g, f1, NULL);
    wga_obey(g); /* the French test at the sight of the landwehr leaving the wood (LA-MORALE-07) */
    wga_drive(g, f1, NULL);
    wga_die(g, 6);
    wga_obey(g);
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "without formation");
    /* period 2 goes by: in period 3 the fire of period 1 no longer counts in the melee (LA-MELEEFACT-03),
       and the landwehr, which suffered it, are no fresh troops */
    for (int guard = 0; guard < 20 && !wga_has_decision(g, "period 3"); guard++) {
        wga_drive(g, NULL, "period 3");
        wga_obey(g);
    }
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "without formation");
    /* period 3: the veterans charge */
    const char *p2[] = {"French: charge marker", "French charges Prussians", NULL};
    for (int guard = 0; guard < 20 && !wga_has_decision(g, "in its melee"); guard++) {
        wga_drive(g, p2, "in its melee");
        wga_obey(g);
    }
    ck_assert_msg(wga_has_decision(g, "the die of French in its melee with Prussians"), "%s", wgp_decision(g));
    wga_odds_ok(g, "melee from=1 at=2");
    wga_odds_has("{\"name\":\"combat\",\"value\":5,");                                               /* LA-TERRAIN-33 */
    wga_odds_has("{\"name\":\"charge\",\"value\":2,");                                               /* LA-TERRAIN-33 */
    wga_odds_has("\"name\":\"T19-melee-opponent\",\"value\":-4,\"text\":\"village\"");               /* LA-TERRAIN-33 */
    wga_odds_has("\"name\":\"T15-melee-common\",\"value\":1,\"text\":\"fresh-troops\"");             /* LA-TERRAIN-33 */
    wga_odds_ok(g, "melee from=2 at=1");
    wga_odds_has("{\"name\":\"combat\",\"value\":3,");                                               /* LA-TERRAIN-33 */
    wga_odds_has("\"name\":\"T15-melee-common\",\"value\":-3,\"text\":\"without-formation\"");       /* LA-TERRAIN-33 */
    wga_odds_lacks("fresh-troops");
    size_t e0 = wgp_event_count(g);
    wga_die(g, 1);
    wga_die(g, 1);
    wga_expect(g, e0, "French fights Prussians: die 1, row 4,", "LA-MELEE-13"); /* LA-TERRAIN-33: French 4 */
    wga_expect(g, e0, "Prussians fights French: die 1, row 0,", "LA-MELEE-13"); /* LA-TERRAIN-33: Prussian 0 */
    wga_expect(g, e0, "French wins the melee; Prussians falls back", NULL);     /* LA-TERRAIN-33 */
    wga_expect(g, e0, "French: advance on the enemy from", "LA-MELEERES-05"); /* LA-TERRAIN-33: the French follow */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- demolition and rebuilding */

/* The sample army with a 6-pounder field battery (`pounds=6`). */
static char *army_with(const char *extra)
{
    char *sample = wgp_read_source("data/aigles/sample-army.wgd", NULL);
    size_t cap = strlen(sample) + strlen(extra) + 64;
    char *army = malloc(cap);
    ck_assert_ptr_nonnull(army);
    snprintf(army, cap, "%s%s", sample, extra);
    free(sample);
    return army;
}

#define FIELD_BATTERY                                                                                                  \
    "calibre field6 canister25=150 canister15=100 rebound25=150 rebound15=100 max25=700 max15=470 ranks=4 pounds=6\n"  \
    "unittype field-battery arm=foot-artillery status=R manoeuvre=B fire=3 combat=1 charge=0 morale=3 calibre=field6 "  \
    "points=20\n"

/* Three 6-pounder batteries of 8 figures each spend their fire on the hedge Haie (120 paces), the wall
   Mur (100) and the village Dorf (sides of 100, hard cover), where the Austrian line D stands.  The
   sappers E at the hedge rebuild it; the column I crosses where it stood. */
START_TEST(test_demolition)
{
    wg_ctx *ctx = wga_ctx();
    char *army = army_with(FIELD_BATTERY);
    char *t = table_of("line hedge name=Haie 400,500 520,500\n"
                       "line wall name=Mur 800,500 900,500\n"
                       "area village name=Dorf hard-cover 1200,600 1300,600 1300,700 1200,700\n");
    wga_setup su = {army, t, NULL, 25, 4, NULL, NULL};
    wg_game *g = wga_game(ctx, &su,
                          "unit French G1 type=field-battery companies=4x2 formation=in-battery front=8 at=460,300 "
                          "facing=0,1 order=deny zone=460,700 radius=200\n"
                          "unit French G2 type=field-battery companies=4x2 formation=in-battery front=8 at=850,300 "
                          "facing=0,1 order=deny zone=850,700 radius=200\n"
                          "unit French G3 type=field-battery companies=4x2 formation=in-battery front=8 at=1250,300 "
                          "facing=0,1 order=deny zone=1250,700 radius=200\n"
                          "unit French E type=sappers companies=1x3 formation=line front=3 at=420,480 facing=0,1 "
                          "order=defend zone=420,480 radius=100\n"
                          "unit French I type=line-fusiliers companies=4x3 formation=division front=4 at=490,490 "
                          "facing=0,1 order=hold\n"
                          "unit Austrians D type=line-fusiliers companies=2x3 formation=line front=6 at=1250,640 "
                          "facing=0,-1 order=hold\n");
    free(army);
    free(t);
    /* in the village, intact: hard cover against round shot, the construction's morale bonus */
    wga_odds_ok(g, "fire from=3 at=6");
    wga_odds_has("\"name\":\"T14-fire-round-shot\",\"value\":-2,\"text\":\"target-hard-cover\""); /* LA-TERRAIN-28 */
    wga_odds_ok(g, "morale unit=6");
    wga_odds_has("\"name\":\"T20-morale-formation\",\"value\":3,\"text\":\"construction\""); /* LA-TERRAIN-28 */
    const char *p1[] = {"G1: fire marker", "G2: fire marker", "G3: fire marker", "E: fire marker",
                        "G1 demolishes 'Haie'", "G2 demolishes 'Mur'", "G3 demolishes 'Dorf'", NULL};
    wga_drive(g, p1, "phase 4");
    size_t e0 = wgp_event_count(g);
    ck_assert_msg(wga_has_decision(g, "G1"), "%s", wgp_options_dump(g));
    ck_assert_int_ge(wgp_find(g, "G1 demolishes 'Haie'"), 0); /* LA-ARTFIRE-17 */
    ck_assert_int_ge(wgp_find(g, "G1 holds its fire"), 0);
    wga_drive(g, p1, "period 2");
    /* 15 paces a figure: 8 figures demolish 120 paces in a turn (the printed example) */
    wga_expect(g, e0, "G1 demolishes 120 paces of 'Haie': now nothing", "LA-TERRAIN-21"); /* LA-TERRAIN-21, LA-ARTFIRE-17 */
    wga_expect(g, e0, "G2 demolishes 120 paces of 'Mur': now light cover", "LA-TERRAIN-24"); /* LA-TERRAIN-24 */
    wga_expect(g, e0, "G3 demolishes 120 paces of 'Dorf': now hard cover", "LA-TERRAIN-29"); /* LA-TERRAIN-29 */
    /* the construction reduced to hard cover still protects; its morale bonus stays */
    wga_odds_ok(g, "fire from=3 at=6");
    wga_odds_has("target-hard-cover");
    wga_odds_ok(g, "morale unit=6");
    wga_odds_has("\"value\":3,\"text\":\"construction\""); /* LA-TERRAIN-28 */
    /* period 2: I crosses where the hedge stood and stays formed; the sappers rebuild; G3 goes on */
    const char *p2[] = {"I: movement marker", "E: fire marker", "G3: fire marker", "E rebuilds 'Haie'",
                        "G3 demolishes 'Dorf'", NULL};
    wga_drive(g, p2, "commits the move of I");
    commit_ok(g, P(490), P(520));
    e0 = wgp_event_count(g);
    wga_drive(g, p2, "period 3");
    ck_assert_str_eq(wga_text(g, 4, "cohesion"), "formed"); /* LA-TERRAIN-21: no hedge left to cross */
    wga_expect(g, e0, "E rebuilds 45 paces of 'Haie': now light cover", "LA-TERRAIN-22"); /* LA-TERRAIN-22 */
    /* the whole side destroyed, the battery goes on: the village is down to light cover */
    wga_expect(g, e0, "G3 demolishes 120 paces of 'Dorf': now light cover", "LA-TERRAIN-29"); /* LA-TERRAIN-29 */
    wga_odds_ok(g, "fire from=3 at=6");
    wga_odds_lacks("target-hard-cover");
    wga_odds_ok(g, "morale unit=6");
    wga_odds_has("\"value\":3,\"text\":\"construction\""); /* LA-TERRAIN-28: even destroyed */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* N, an attack column three figures wide (120 paces a period, charge bonus 40), stands on a road 200
   paces from the line Z down the road: beyond the 160 of its charge in the open, within the 240 of a
   charge along the road.  W, four figures wide on another road, does not get the bonus. */
START_TEST(test_road_charge)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = game_on(ctx, "line road name=North 600,0 600,1200\nline road name=South 1400,0 1400,1200\n", NULL,
                         "unit French N type=line-fusiliers companies=4x3 formation=attack front=3 at=600,300 "
                         "facing=0,1 order=attack toward=600,1000\n"
                         "unit French W type=line-fusiliers companies=4x3 formation=attack front=4 at=1400,300 "
                         "facing=0,1 order=attack toward=1400,1000\n"
                         "unit Austrians Z type=line-fusiliers companies=4x3 formation=line front=12 at=600,500 "
                         "facing=0,-1 order=hold\n"
                         "unit Austrians Y type=line-fusiliers companies=4x3 formation=line front=12 at=1400,500 "
                         "facing=0,-1 order=hold\n");
    ck_assert_int_ge(wgp_find(g, "N: charge marker"), 0); /* LA-TERRAIN-17: the charge along the road x1.5 */
    wgp_choose(g, "N: charge marker");
    ck_assert(wga_has_decision(g, "marker of W"));
    {
        /* W, too wide for the road, has no charge on Y this period: only a two-period charge
           (LA-TERRAIN-17, LA-CHARGE-07) */
        wg_game *c = NULL;
        ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
        wgp_choose(c, "W: charge marker");
        wga_drive(c, NULL, "the target of W's charge");
        ck_assert_int_lt(wgp_find(c, "W charges Y"), 0); /* LA-TERRAIN-17: too wide for the road */
        ck_assert_int_ge(wgp_find(c, "W: a two-period charge on Y"), 0);
        wg_game_free(c);
    }
    const char *pc[] = {"N charges Z", NULL};
    size_t e0 = wgp_event_count(g);
    for (int guard = 0; guard < 20 && !wga_has_decision(g, "in its melee"); guard++) {
        wga_drive(g, pc, "in its melee");
        wga_obey(g);
    }
    wga_expect(g, e0, "N contacts Z on its front: an effective charge", NULL); /* LA-TERRAIN-17 */
    wg_game_free(g);
    /* the same column without the road: Z is beyond its charge */
    g = game_on(ctx, "", NULL,
                "unit French N type=line-fusiliers companies=4x3 formation=attack front=3 at=600,300 "
                "facing=0,1 order=attack toward=600,1000\n"
                "unit Austrians Z type=line-fusiliers companies=4x3 formation=line front=12 at=600,500 "
                "facing=0,-1 order=hold\n");
    ck_assert(wga_has_decision(g, "marker of N"));
    wgp_choose(g, "N: charge marker"); /* a two-period charge only (LA-CHARGE-07) */
    wga_drive(g, NULL, "the target of N's charge");
    ck_assert_int_lt(wgp_find(g, "N charges Z"), 0); /* LA-TERRAIN-17 */
    ck_assert_int_ge(wgp_find(g, "N: a two-period charge on Z"), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* The column D (four figures wide) stands in the house Hof, 90 paces wide: six figures of 15 paces.
   The grenadiers' line A waits at its edge and D advances into contact.  In the first turn both fight
   on the house's full width, six figures each (the general case would give D its four); from the
   second turn all their figures fight. */
START_TEST(test_house_melee_widths)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = game_on(ctx, "area village name=Hof 555,600 645,600 645,700 555,700\n", NULL,
                         "unit French A type=grenadiers companies=4x3 formation=line front=12 at=600,600 facing=0,1 "
                         "order=hold\n"
                         "unit Austrians D type=line-fusiliers companies=4x3 formation=division front=4 at=600,604 "
                         "facing=0,-1 order=defend zone=600,650 radius=200\n");
    const char *mk[] = {"D: movement marker", NULL};
    wga_drive(g, mk, "commits the move of D");
    commit_ok(g, P(600), P(600) + 50);
    wga_drive(g, NULL, "the die of");
    ck_assert_msg(wga_has_decision(g, "the die of A in its melee with D"), "%s", wgp_decision(g));
    wga_odds_ok(g, "melee from=2 at=1");
    wga_odds_has("\"name\":\"figures\",\"value\":6,"); /* LA-TERRAIN-31 */
    wga_odds_ok(g, "melee from=1 at=2");
    wga_odds_has("\"name\":\"figures\",\"value\":6,"); /* LA-TERRAIN-31 */
    size_t e0 = wgp_event_count(g);
    wga_die(g, 6); /* A: 5 + 1 - 4 + 2 = 4 */
    wga_die(g, 1); /* D: 3 + 1 + 0 = 4 */
    wga_expect(g, e0, "A fights D: die 6, row 4, 6 figures", "LA-MELEE-13"); /* LA-TERRAIN-31 */
    wga_expect(g, e0, "D fights A: die 1, row 4, 6 figures", "LA-MELEE-13"); /* LA-TERRAIN-31 */
    wga_expect(g, e0, "the melee is a tie: both fight on", NULL);
    /* the second turn: every figure, no limit */
    wga_odds_ok(g, "melee from=2 at=1");
    wga_odds_has("\"name\":\"figures\",\"value\":12,"); /* LA-TERRAIN-31 */
    wga_odds_ok(g, "melee from=1 at=2");
    wga_odds_has("\"name\":\"figures\",\"value\":12,"); /* LA-TERRAIN-31 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* H, a battery with a howitzer, tries to set the village Dorf on fire; G, a field battery without one,
   may not.  On a 6 the village burns: the line D2 leaves it the next period, D stays and is destroyed. */
START_TEST(test_village_on_fire)
{
    wg_ctx *ctx = wga_ctx();
    char *army = army_with(FIELD_BATTERY "unittype howitzer-battery arm=foot-artillery status=R manoeuvre=B fire=3 "
                                         "combat=1 charge=0 morale=3 calibre=6pdr points=20 howitzer\n");
    char *t = table_of("area village name=Dorf 1200,600 1500,600 1500,700 1200,700\n");
    wga_setup su = {army, t, NULL, 25, 5, NULL, NULL};
    wg_game *g = wga_game(ctx, &su,
                          "unit French G type=field-battery companies=4x2 formation=in-battery front=8 at=800,300 "
                          "facing=0,1 order=deny zone=800,700 radius=200\n"
                          "unit French H type=howitzer-battery companies=4x2 formation=in-battery front=8 at=1250,300 "
                          "facing=0,1 order=deny zone=1250,700 radius=200\n"
                          "unit Austrians D type=line-fusiliers companies=2x3 formation=line front=6 at=1250,640 "
                          "facing=0,-1 order=hold\n"
                          "unit Austrians D2 type=line-fusiliers companies=2x3 formation=line front=6 at=1420,605 "
                          "facing=0,-1 order=hold\n");
    free(army);
    free(t);
    const char *p1[] = {"G: fire marker", "H: fire marker", NULL};
    wga_drive(g, p1, "phase 4");
    ck_assert_msg(wga_has_decision(g, "G"), "%s", wgp_decision(g));
    ck_assert_int_lt(wgp_find(g, "set 'Dorf' on fire"), 0); /* LA-ARTFIRE-17: no howitzer */
    wgp_choose(g, "G holds its fire");
    ck_assert(wga_has_decision(g, "H"));
    size_t e0 = wgp_event_count(g);
    wgp_choose(g, "H tries to set 'Dorf' on fire"); /* LA-ARTFIRE-17 */
    ck_assert(wga_has_decision(g, "the die of H's attempt to set 'Dorf' on fire"));
    wga_die(g, 5);
    wga_expect(g, e0, "H tries to set 'Dorf' on fire: die 5, it does not catch", "LA-TERRAIN-30");
    /* period 2: a 6 */
    const char *p2[] = {"H: fire marker", "H tries to set 'Dorf' on fire", NULL};
    wga_drive(g, p2, "attempt to set");
    ck_assert_msg(strstr(wgp_decision(g), "period 2") != NULL, "%s", wgp_decision(g));
    e0 = wgp_event_count(g);
    wga_die(g, 6);
    wga_expect(g, e0, "H tries to set 'Dorf' on fire: die 6, the village burns", "LA-TERRAIN-30"); /* LA-ARTFIRE-17 */
    /* period 3: D2 leaves the village in two half-periods, D stays */
    const char *p3[] = {"D2: movement marker", NULL};
    wga_drive(g, p3, "period 3, phase 3, half-period 1: Austrians commits the move of D2");
    commit_ok(g, P(1420), P(595));
    wga_drive(g, NULL, "period 3, phase 3, half-period 2: Austrians commits the move of D2");
    e0 = wgp_event_count(g);
    commit_ok(g, P(1420), P(580));
    for (int guard = 0; guard < 20 && !wga_has_decision(g, "period 4, phase 1"); guard++) {
        wga_drive(g, NULL, "period 4, phase 1");
        if (!wga_has_decision(g, "period 4, phase 1"))
            wga_die(g, 6);
    }
    /* the next period begins: D, still in the burning village, is destroyed */
    wga_expect(g, e0, "Dorf burns with D in it", "LA-TERRAIN-30");
    wga_expect(g, e0, "D is destroyed", "LA-TERRAIN-30");
    wga_no_event(g, e0, "with D2 in it");
    ck_assert_int_lt(wga_piece(g, "D"), 0);
    ck_assert_int_ge(wga_piece(g, "D2"), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* The sappers E touch the column I (120 paces a period): they move at its speed, 60 paces a
   half-period, more than their own 45 in line; the sappers F alone do not. */
START_TEST(test_engineers_move_with_infantry)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = game_on(ctx, "", NULL,
                         "unit French I type=line-fusiliers companies=4x3 formation=division front=4 at=300,300 "
                         "facing=0,1 order=hold\n"
                         "unit French E type=sappers companies=1x3 formation=line front=3 at=353,300 facing=0,1 "
                         "order=defend zone=353,300 radius=200\n"
                         "unit French F type=sappers companies=1x3 formation=line front=3 at=800,300 facing=0,1 "
                         "order=defend zone=800,300 radius=200\n"
                         "unit Austrians Z type=line-fusiliers companies=4x3 formation=line front=12 at=2200,1100 "
                         "facing=0,-1 order=hold\n");
    const char *mk[] = {"I: movement marker", "E: movement marker", "F: movement marker", NULL};
    wga_drive(g, mk, "commits the move of I");
    commit_ok(g, P(300), P(360));
    ck_assert(wga_has_decision(g, "commits the move of E"));
    commit_ok(g, P(353), P(360)); /* LA-UNIT-10: the column's 60 paces */
    ck_assert(wga_has_decision(g, "commits the move of F"));
    ASSERT_REFUSED(wga_move_to(g, P(800), P(360)), g, "60 paces exceeds the 45 paces left"); /* LA-UNIT-10 */
    commit_ok(g, P(800), P(345));
    wga_drive(g, NULL, "half-period 2");
    ck_assert_int_eq(wga_attr_of(g, "E", "y"), 360); /* LA-UNIT-10 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- scenario terrain */

/* The battle makes the marsh Bog passable to infantry only, at half speed and in disorder: the column I
   crosses it, the hussars H may not.  Without the record the marsh stops everyone. */
START_TEST(test_terrain_override)
{
    wg_ctx *ctx = wga_ctx();
    const char *units = "unit French I type=line-fusiliers companies=4x3 formation=division front=4 at=400,300 "
                        "facing=0,1 order=hold\n"
                        "unit French H type=hussars companies=2x3 formation=line front=6 at=1000,300 facing=0,1 "
                        "order=hold\n"
                        "unit Austrians Z type=line-fusiliers companies=4x3 formation=line front=12 at=2200,1100 "
                        "facing=0,-1 order=hold\n";
    size_t cap = strlen(units) + 128;
    char *with = malloc(cap);
    ck_assert_ptr_nonnull(with);
    snprintf(with, cap, "terrain marsh arms=infantry,engineers speed=2 cohesion=in-disorder\n%s", units);
    wg_game *g = game_on(ctx, "area marsh name=Bog 300,310 1200,310 1200,400 300,400\n", NULL, with);
    free(with);
    const char *mk[] = {"I: movement marker", "H: movement marker", NULL};
    wga_drive(g, mk, "commits the move of I");
    /* 10 paces in the open, 20 in the marsh at half speed: 50 of the 60 left */
    commit_ok(g, P(400), P(330)); /* LA-TERRAIN-01 */
    ck_assert(wga_has_decision(g, "commits the move of H"));
    ASSERT_REFUSED(wga_move_to(g, P(1000), P(330)), g, "the move crosses the marsh 'Bog'",
                   "impassable to cavalry in this battle, LA-TERRAIN-01"); /* LA-TERRAIN-01 */
    wgp_choose(g, "H: wheel left");
    wga_drive(g, NULL, "half-period 2");
    ck_assert_int_eq(wga_attr_of(g, "I", "y"), 330);
    ck_assert_str_eq(wga_text(g, 0, "cohesion"), "in disorder"); /* LA-TERRAIN-01 */
    wg_game_free(g);
    /* the medium marsh: impassable (LA-TERRAIN-18) */
    g = game_on(ctx, "area marsh name=Bog 300,310 1200,310 1200,400 300,400\n", NULL, units);
    wga_drive(g, mk, "commits the move of I");
    ASSERT_REFUSED(wga_move_to(g, P(400), P(330)), g, "the move crosses the marsh 'Bog'", "LA-TERRAIN-18"); /* LA-TERRAIN-01 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Limbered foot batteries (150 paces a period, 75 a half-period) before a wood, a hedge, rocky ground and
   a hill: no wood, half speed over the hedge, on the rocks and uphill, without formation on the rocks
   where the battery may still deploy. */
START_TEST(test_artillery_terrain)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = game_on(ctx,
                         "area wood name=Bois 200,350 400,350 400,500 200,500\n"
                         "line hedge name=Haie 600,330 800,330\n"
                         "area rocky name=Rocs 1000,310 1200,310 1200,500 1000,500\n"
                         "area hill name=Butte level=1 1400,310 1600,310 1600,600 1400,600\n",
                         NULL,
                         "unit French A1 type=foot-battery companies=3x2 formation=limbered front=2 at=300,300 "
                         "facing=0,1 order=deny zone=300,700 radius=200\n"
                         "unit French A2 type=foot-battery companies=3x2 formation=limbered front=2 at=700,300 "
                         "facing=0,1 order=deny zone=700,700 radius=200\n"
                         "unit French A3 type=foot-battery companies=3x2 formation=limbered front=2 at=1100,300 "
                         "facing=0,1 order=deny zone=1100,700 radius=200\n"
                         "unit French A4 type=foot-battery companies=3x2 formation=limbered front=2 at=1500,300 "
                         "facing=0,1 order=deny zone=1500,700 radius=200\n"
                         "unit Austrians Z type=line-fusiliers companies=4x3 formation=line front=12 at=2200,1100 "
                         "facing=0,-1 order=hold\n");
    const char *mk[] = {"A1: movement marker", "A2: movement marker", "A3: movement marker", "A4: movement marker",
                        NULL};
    wga_drive(g, mk, "commits the move of A1");
    ASSERT_REFUSED(wga_move_to(g, P(300), P(360)), g, "the wood 'Bois'", "no artillery enters a wood"); /* LA-ARTMOVE-07 */
    wgp_choose(g, "A1: advance half");
    ck_assert(wga_has_decision(g, "commits the move of A2"));
    /* over the hedge at half speed: 35 paces cost 70, 40 cost 80 */
    ASSERT_REFUSED(wga_move_to(g, P(700), P(340)), g, "costs 80 with the terrain, more than the 75 paces left"); /* LA-ARTMOVE-07 */
    commit_ok(g, P(700), P(335));
    ck_assert(wga_has_decision(g, "commits the move of A3"));
    /* on the rocks: 10 paces in the open and 33 at half speed cost 76 */
    ASSERT_REFUSED(wga_move_to(g, P(1100), P(343)), g, "costs 76 with the terrain, more than the 75 paces left"); /* LA-ARTMOVE-07 */
    commit_ok(g, P(1100), P(340));
    ck_assert(wga_has_decision(g, "commits the move of A4"));
    /* uphill the same */
    ASSERT_REFUSED(wga_move_to(g, P(1500), P(343)), g, "costs 76 with the terrain, more than the 75 paces left"); /* LA-ARTMOVE-07 */
    commit_ok(g, P(1500), P(340));
    wga_drive(g, NULL, "half-period 2");
    ck_assert_int_eq(wga_attr_of(g, "A2", "y"), 335);
    ck_assert_int_eq(wga_attr_of(g, "A3", "y"), 340);
    ck_assert_str_eq(wga_text(g, 2, "cohesion"), "without formation"); /* LA-ARTMOVE-07 */
    ck_assert_int_eq(wga_attr_of(g, "A4", "y"), 340);
    /* on the rocks the battery may still deploy */
    const char *mk2[] = {"A3: change of formation marker", NULL};
    wga_drive(g, mk2, "period 2, phase 3, half-period 1: French commits the move of A3");
    ck_assert_int_ge(wgp_find(g, "A3: change formation to in-battery"), 0); /* LA-ARTMOVE-07 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* The French sappers E convert the village Dorf, in the French half of the table, into a fortified
   village before the battle: the Austrian grenadiers A attacking the French line D there take T19's
   fortified-village row.  A side converts no more places than it has engineer companies, and only in its
   own half. */
START_TEST(test_fortified_village)
{
    wg_ctx *ctx = wga_ctx();
    const char *tab = "area village name=Dorf 400,300 800,300 800,481 400,481\n"
                      "area village name=Far 1400,800 1600,800 1600,1000 1400,1000\n";
    const char *units = "unit French D type=line-fusiliers companies=4x3 formation=line front=12 at=600,480 "
                        "facing=0,1 order=hold\n"
                        "unit French E type=sappers companies=1x3 formation=line front=3 at=1500,200 facing=0,1 "
                        "order=defend zone=1500,200 radius=100\n"
                        "unit Austrians A type=grenadiers companies=4x3 formation=line front=12 at=600,484 "
                        "facing=0,-1 order=attack toward=600,0\n";
    char buf[2048];
    snprintf(buf, sizeof buf, "%sfortify French Dorf\n", units);
    wg_game *g = game_on(ctx, tab, NULL, buf);
    const char *mk[] = {"A: movement marker", NULL};
    wga_drive(g, mk, "commits the move of A");
    commit_ok(g, P(600), P(480) + 50);
    wga_drive(g, NULL, "the die of");
    ck_assert_msg(wga_has_decision(g, "melee"), "%s", wgp_decision(g));
    wga_odds_ok(g, "melee from=3 at=1");
    wga_odds_has("\"name\":\"T19-melee-opponent\",\"value\":-5,\"text\":\"redoubt-or-fortified-village\""); /* LA-UNIT-08 */
    wga_odds_lacks("\"text\":\"village\"");
    wga_odds_ok(g, "melee from=1 at=3");
    wga_odds_lacks("above-on-slope"); /* a fortified village is no redoubt */
    wg_game_free(g);
    /* the same village converted twice */
    snprintf(buf, sizeof buf, "%sfortify French Dorf\nfortify French Dorf\n", units);
    char *t = table_of(tab);
    wga_setup su = {NULL, t, NULL, 25, 3, NULL, NULL};
    g = NULL;
    ck_assert_int_eq(wga_try(&g, ctx, &su, buf), WG_EDATA);
    /* the Austrians have no engineers */
    snprintf(buf, sizeof buf, "%sfortify Austrians Far\n", units);
    ck_assert_int_eq(wga_try(&g, ctx, &su, buf), WG_EDATA);
    ck_assert_msg(strstr(wg_ctx_errmsg(ctx), "side 'Austrians' has 0 engineer companies") != NULL, "%s",
                  wg_ctx_errmsg(ctx)); /* LA-UNIT-08 */
    /* the French may not convert a village in the Austrian half */
    snprintf(buf, sizeof buf, "%sfortify French Far\n", units);
    ck_assert_int_eq(wga_try(&g, ctx, &su, buf), WG_EDATA);
    ck_assert_msg(strstr(wg_ctx_errmsg(ctx), "its deployment zone (LA-UNIT-08)") != NULL, "%s", wg_ctx_errmsg(ctx)); /* LA-UNIT-08 */
    free(t);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("aigles_works");
    TCase *tc = tcase_create("rules");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_road_bonus);
    tcase_add_test(tc, test_road_charge);
    tcase_add_test(tc, test_artillery_terrain);
    tcase_add_test(tc, test_fords);
    tcase_add_test(tc, test_stream_edge_melee);
    tcase_add_test(tc, test_engineers_in_melee);
    tcase_add_test(tc, test_engineers_move_with_infantry);
    tcase_add_test(tc, test_withdrawal_within_the_house);
    tcase_add_test(tc, test_redoubt_counts_as_line);
    tcase_add_test(tc, test_house_melee_widths);
    tcase_add_test(tc, test_village_melee_example);
    tcase_add_test(tc, test_demolition);
    tcase_add_test(tc, test_village_on_fire);
    tcase_add_test(tc, test_terrain_override);
    tcase_add_test(tc, test_fortified_village);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

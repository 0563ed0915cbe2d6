/* Les Aigles combat rules proven by play through the public API: fire, melee, morale tests and
   their results, routs and flights, losses and figures, dice, charisma and victory.  Every position
   is built from host documents written here (a small open table, a few units of the sample army list
   placed where a rule needs them, a general when charisma matters); every decision is taken by its
   label, every die by "die N"; every result is read from events, rule tags, piece attributes, odds
   and the score.  The loss table's cells are the sample completion's (data=sample, the default):
   floor((3 n f + 5) / 10) losses for a factor f > 0 and n figures; with data=printed the host
   supplies the cells itself.  Checklist items are cited next to the assertions that prove them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgplay.h"

/* ---------------------------------------------------------------- positions */

/* A 1000 x 1000 pace table of open ground, with an orchard in light cover and a walled farm in hard
   cover that block no sight, and a wood that does. */
static const char *const TABLE = "wgdata 1 map\n"
                                 "grid table 1000 1000\n"
                                 "terrain open wood village field\n"
                                 "flag blocks-sight light-cover hard-cover\n"
                                 "linetype road stream crest hedge\n"
                                 "area open name=Open 0,0 1000,0 1000,1000 0,1000\n"
                                 "area open name=Orchard light-cover 700,600 1000,600 1000,900 700,900\n"
                                 "area open name=Farm hard-cover 0,600 300,600 300,900 0,900\n"
                                 "area wood name=Wood blocks-sight light-cover 400,850 600,850 600,920 400,920\n";

/* The loss table of the sample completion (T28): floor((3 n f + 5) / 10), nothing at f <= 0. */
static int t28(int f, int n)
{
    return f <= 0 ? 0 : (3 * n * f + 5) / 10;
}

/* T30: the die bonus of fire and morale (printed). */
static int t30(int die)
{
    return (die - 1) / 2;
}

/* A battle of the French (side 0, near edge) and the Austrians (far edge): `body` holds the officer
   and unit records. */
static char *battle_text(const char *body, int periods)
{
    size_t cap = 8192;
    char *b = malloc(cap);
    ck_assert_ptr_nonnull(b);
    snprintf(b, cap,
             "wgdata 1 aigles-battle\n"
             "title \"test position\"\n"
             "scale 25\n"
             "periods %d\n"
             "side French\n"
             "side Austrians\n"
             "%s",
             periods ? periods : 3, body);
    return b;
}

static int try_position(wg_game **out, wg_ctx *ctx, const char *options, const char *body, int periods)
{
    char *army = wgp_read_source("data/aigles/sample-army.wgd", NULL);
    char *battle = battle_text(body, periods);
    wgp_doc docs[] = {{"army", army}, {"table", TABLE}, {"battle", battle}, {NULL, NULL}};
    int rc = wgp_try_new(out, ctx, "aigles", "crossroads", options, 1, docs);
    free(army);
    free(battle);
    return rc;
}

static wg_game *position(wg_ctx *ctx, const char *options, const char *body)
{
    wg_game *g = NULL;
    int rc = try_position(&g, ctx, options, body, 0);
    ck_assert_msg(rc == WG_OK, "set-up: %s: %s", wg_status_str(rc), wg_ctx_errmsg(ctx));
    return g;
}

/* ---------------------------------------------------------------- decisions */

static int game_over(wg_game *g)
{
    int over = 0;
    ck_assert_int_eq(wg_game_is_over(&over, g), WG_OK);
    return over;
}

/* Takes decisions until a die or a charisma modifier is asked for (or the game ends): at each
   decision the first option matching one of `prefs` (label substrings, NULL-terminated, may be
   NULL), else the quiet default: no marker, halt, no charge, stand, hold the fire. */
static void drive(wg_game *g, const char *const *prefs)
{
    static const char *const quiet[] = {"none marker", ": halt", ": no charge", " stands", "holds its fire", NULL};
    for (int guard = 0; guard < 400; guard++) {
        if (game_over(g) || wgp_decider(g) == WG_PLAYER_CHANCE || wgp_find(g, "charisma ") >= 0)
            return;
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

/* The die of the current roll (a chance decision). */
static void die(wg_game *g, int d)
{
    ck_assert_msg(wgp_decider(g) == WG_PLAYER_CHANCE, "not a die: %s", wgp_options_dump(g));
    char lab[16];
    snprintf(lab, sizeof lab, "die %d", d);
    wgp_choose(g, lab);
}

/* ---------------------------------------------------------------- reading */

static int64_t attr_int(wg_game *g, int piece, const char *key)
{
    int64_t v = 0;
    int rc = wg_game_attr_int(&v, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, (size_t)piece, key);
    ck_assert_msg(rc == WG_OK, "piece %d has no %s: %s", piece, key, wg_status_str(rc));
    return v;
}

static int has_attr(wg_game *g, int piece, const char *key)
{
    int64_t v = 0;
    char buf[64];
    if (wg_game_attr_int(&v, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, (size_t)piece, key) == WG_OK)
        return 1;
    return wg_game_attr_text(buf, sizeof buf, NULL, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, (size_t)piece, key) == WG_OK;
}

static const char *attr_text(wg_game *g, int piece, const char *key)
{
    static char buf[128];
    int rc = wg_game_attr_text(buf, sizeof buf, NULL, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, (size_t)piece, key);
    ck_assert_msg(rc == WG_OK, "piece %d has no %s: %s", piece, key, wg_status_str(rc));
    return buf;
}

static size_t nevents(wg_game *g)
{
    return wgp_event_count(g);
}

/* The first event from `from` on whose text holds needle; fails the test when there is none. */
static long event_at(wg_game *g, size_t from, const char *needle)
{
    long k = wgp_find_event(g, from, needle, WG_VIEW_REFEREE);
    ck_assert_msg(k >= 0, "no event '%s' in:\n%s", needle, wgp_events_dump(g, from, WG_VIEW_REFEREE));
    return k;
}

static const char *rule_of(wg_game *g, long k)
{
    const char *r = NULL;
    ck_assert_int_eq(wg_game_event_rule(&r, g, (size_t)k), WG_OK);
    return r ? r : "";
}

/* The event text holding needle, and its rule tag is `rule`. */
static long expect_event(wg_game *g, size_t from, const char *needle, const char *rule)
{
    long k = event_at(g, from, needle);
    if (rule)
        ck_assert_msg(strcmp(rule_of(g, k), rule) == 0, "event '%s' is tagged %s, not %s", wgp_event(g, (size_t)k, WG_VIEW_REFEREE),
                      rule_of(g, k), rule);
    return k;
}

static void no_event(wg_game *g, size_t from, const char *needle)
{
    long k = wgp_find_event(g, from, needle, WG_VIEW_REFEREE);
    ck_assert_msg(k < 0, "unexpected event '%s'", k >= 0 ? wgp_event(g, (size_t)k, WG_VIEW_REFEREE) : "");
}

/* The odds of an action as JSON (a static buffer); the status. */
static char odds_buf[16384];
static int odds(wg_game *g, const char *action)
{
    return wg_game_odds(odds_buf, sizeof odds_buf, NULL, g, WG_VIEW_REFEREE, action);
}

static void odds_has(const char *needle)
{
    ck_assert_msg(strstr(odds_buf, needle) != NULL, "odds without '%s': %s", needle, odds_buf);
}

static void odds_lacks(const char *needle)
{
    ck_assert_msg(strstr(odds_buf, needle) == NULL, "odds with '%s': %s", needle, odds_buf);
}

/* ---------------------------------------------------------------- tests */


/* Unit records: Blue (French, index 0) faces the far edge with its front edge at y = 300, Red
   (Austrians, index 1) faces it at y = 330: 30 paces apart, less than half a line's half-period. */
#define BLUE_LINE "unit French Blue type=line-fusiliers companies=4x3 formation=line front=12 at=500,300 facing=0,1 order=hold\n"
#define RED_LINE "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=500,380 facing=0,-1 order=hold\n"

static wg_ctx *new_ctx(void)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    return ctx;
}

/* Blue fires at Red in each of three periods: the losses are the loss table's cell at the row of the
   fire value, the factors and the die bonus, in the column of the figures firing; a figure comes off
   per 40 losses and the rest is carried. */
START_TEST(test_fire_losses_and_remainder)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = position(ctx, NULL, BLUE_LINE RED_LINE);
    const char *pf[] = {"Blue: fire marker", "Blue fires at Red", NULL};
    drive(g, pf);
    /* the odds over the die: value 3, no factor (80 paces: within half the fusil's 200), the die
       bonus 0, 0, 1, 1, 2, 2 (T30), 12 figures */
    ck_assert_int_eq(odds(g, "fire from=1 at=2"), WG_OK);
    char want[64];
    for (int b = 0; b <= 2; b++) {
        snprintf(want, sizeof want, "{\"label\":\"%d losses\",\"weight\":2}", t28(3 + b, 12));
        odds_has(want); /* LA-FIRE-19, LA-DICEMOD-03, LA-LOSSES-01 */
    }
    odds_has("\"name\":\"value\",\"value\":3");
    odds_has("\"name\":\"figures\",\"value\":12"); /* LA-FIRE-15: a line's one rank, all of it */
    static const int dice[3] = {5, 6, 3};
    int total = 0;
    for (int p = 0; p < 3; p++) {
        size_t e0 = nevents(g);
        die(g, dice[p]);
        int loss = t28(3 + t30(dice[p]), 12);
        total += loss;
        snprintf(want, sizeof want, "Blue's fire (die %d, ", dice[p]);
        long k = expect_event(g, e0, want, "LA-FIRE-19");
        snprintf(want, sizeof want, "): %d losses to Red", loss);
        ck_assert_ptr_nonnull(strstr(wgp_event(g, (size_t)k, WG_VIEW_REFEREE), want)); /* LA-FIRE-19 */
        snprintf(want, sizeof want, "Red loses %d figure%s (remainder %d): %d left", total / 40, total / 40 == 1 ? "" : "s",
                 total % 40, 12 - total / 40);
        if (p == 2) /* 18 + 18 + 14 = 50: one figure, 10 carried */
            snprintf(want, sizeof want, "Red loses 1 figure (remainder 10): 11 left");
        else
            snprintf(want, sizeof want, "Red loses 0 figures (remainder %d): 12 left", total);
        expect_event(g, e0, want, NULL); /* LA-LOSSES-06, LA-LOSSES-02 (40 losses a figure, G-03) */
        ck_assert_int_eq(attr_int(g, 1, "figures"), 12 - total / 40);
        drive(g, pf);
    }
    ck_assert_int_eq(total, 50);
    ck_assert_int_eq(attr_int(g, 1, "figures"), 11);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* figure=6: a figure per six losses (G-03), the rest carried. */
START_TEST(test_fire_six_losses_a_figure)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = position(ctx, "figure=6", BLUE_LINE RED_LINE);
    const char *pf[] = {"Blue: fire marker", "Blue fires at Red", NULL};
    drive(g, pf);
    size_t e0 = nevents(g);
    die(g, 5); /* 18 losses: 3 figures, nothing carried */
    expect_event(g, e0, "Blue's fire (die 5, ", "LA-FIRE-19");
    expect_event(g, e0, "Red loses 3 figures (remainder 0): 9 left", "LA-FIRE-19"); /* LA-LOSSES-02 */
    ck_assert_int_eq(attr_int(g, 1, "figures"), 9);
    drive(g, pf);
    /* 9 figures left in a line of 9: the column is the figures firing, Blue's 12 */
    e0 = nevents(g);
    die(g, 3); /* row 4, 12 figures: 14 losses: 2 figures, 2 carried */
    expect_event(g, e0, "14 losses to Red", "LA-FIRE-19");
    expect_event(g, e0, "Red loses 2 figures (remainder 2): 7 left", NULL); /* LA-LOSSES-06 */
    ck_assert_int_eq(attr_int(g, 1, "figures"), 7);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* The odds of a fire from `firer` (piece 1) at `target` (piece 2) in a new position; the status. */
static int fire_odds(wg_ctx *ctx, const char *firer, const char *target)
{
    char body[1024];
    snprintf(body, sizeof body, "%s%s", firer, target);
    wg_game *g = position(ctx, NULL, body);
    int rc = odds(g, "fire from=1 at=2");
    wg_game_free(g);
    return rc;
}

#define FIRER "unit French Blue type=line-fusiliers companies=4x3 formation=line front=12 at=500,300 facing=0,1 order=hold\n"

/* The tactical fire factors of T12 and T13 for light arms, each reported as a modifier of the odds
   with its table and row; sight, range and arc decide whether a fire is possible at all. */
START_TEST(test_fire_factors_light_arms)
{
    wg_ctx *ctx = new_ctx();
    /* a battalion in mass (three ranks): +1 in mass (T12) and +1 on more than one rank (T13) */
    ck_assert_int_eq(fire_odds(ctx, FIRER, "unit Austrians Red type=line-fusiliers companies=4x3 formation=mass front=4 "
                                           "at=500,380 facing=0,-1 order=hold\n"), WG_OK);
    odds_has("\"name\":\"T12-fire-common\",\"value\":1,\"text\":\"target-in-mass\""); /* LA-FIREFACT-01 */
    odds_has("\"name\":\"T13-fire-light-arms\",\"value\":1,\"text\":\"target-more-than-one-rank-or-square\""); /* LA-FIREFACT-13 */
    odds_has("\"name\":\"figures\",\"value\":12");
    /* 3 + 2 and the die bonus: 18, 22, 25 losses */
    odds_has("{\"label\":\"18 losses\",\"weight\":2}"); /* LA-FIRE-19 */
    odds_has("{\"label\":\"25 losses\",\"weight\":2}");
    /* cossacks foraging: irregular -1, foragers -2 */
    ck_assert_int_eq(fire_odds(ctx, FIRER, "unit Austrians Red type=cossacks companies=2x4 formation=foraging front=8 "
                                           "at=500,380 facing=0,-1 order=hold\n"), WG_OK);
    odds_has("\"value\":-1,\"text\":\"target-irregular\""); /* LA-FIREFACT-02 */
    odds_has("\"value\":-2,\"text\":\"target-foragers\"");  /* LA-FIREFACT-04 */
    /* skirmishers -3 */
    ck_assert_int_eq(fire_odds(ctx, FIRER, "unit Austrians Red type=voltigeurs companies=2x4 formation=skirmish front=8 "
                                           "at=500,380 facing=0,-1 order=hold\n"), WG_OK);
    odds_has("\"value\":-3,\"text\":\"target-skirmish\""); /* LA-FIREFACT-03 */
    /* cuirassiers -1 */
    ck_assert_int_eq(fire_odds(ctx, FIRER, "unit Austrians Red type=cuirassiers companies=2x4 formation=line front=8 "
                                           "at=500,380 facing=0,-1 order=hold\n"), WG_OK);
    odds_has("\"value\":-1,\"text\":\"target-cuirassiers-or-barded\""); /* LA-FIREFACT-11 */
    /* a battery in position -1 */
    ck_assert_int_eq(fire_odds(ctx, FIRER, "unit Austrians Red type=foot-battery companies=3x2 formation=in-battery front=6 "
                                           "at=500,380 facing=0,-1 order=deny zone=500,300 radius=100\n"), WG_OK);
    odds_has("\"value\":-1,\"text\":\"target-artillery-in-position\""); /* LA-FIREFACT-12 */
    /* a line in the orchard (light cover) -1, in the farm (hard cover) -3 */
    ck_assert_int_eq(fire_odds(ctx, "unit French Blue type=line-fusiliers companies=4x3 formation=line front=12 at=850,560 facing=0,1 order=hold\n",
                               "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=850,640 facing=0,-1 order=hold\n"),
                     WG_OK);
    odds_has("\"value\":-1,\"text\":\"target-light-cover\""); /* LA-FIREFACT-14 */
    odds_lacks("target-hard-cover");
    ck_assert_int_eq(fire_odds(ctx, "unit French Blue type=line-fusiliers companies=4x3 formation=line front=12 at=150,560 facing=0,1 order=hold\n",
                               "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=150,640 facing=0,-1 order=hold\n"),
                     WG_OK);
    odds_has("\"value\":-3,\"text\":\"target-hard-cover\""); /* LA-FIREFACT-15 */
    odds_lacks("target-light-cover");
    /* 150 paces: beyond half the fusil's range -1; a line of one rank gives no rank bonus */
    ck_assert_int_eq(fire_odds(ctx, FIRER, "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 "
                                           "at=500,450 facing=0,-1 order=hold\n"), WG_OK);
    odds_has("\"value\":-1,\"text\":\"target-beyond-half-range\""); /* LA-FIREFACT-08 */
    odds_lacks("target-more-than-one-rank");
    odds_lacks("T14-"); /* LA-FIREFACT-25: light arms read T12 and T13, never T14 */
    /* at 100 paces, half the range exactly, no penalty */
    ck_assert_int_eq(fire_odds(ctx, FIRER, "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 "
                                           "at=500,400 facing=0,-1 order=hold\n"), WG_OK);
    odds_lacks("target-beyond-half-range");
    /* the fusil reaches 200 paces, not 210 (T11) */
    ck_assert_int_eq(fire_odds(ctx, FIRER, "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 "
                                           "at=500,500 facing=0,-1 order=hold\n"), WG_OK); /* LA-FIRE-17 */
    ck_assert_int_eq(fire_odds(ctx, FIRER, "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 "
                                           "at=500,510 facing=0,-1 order=hold\n"), WG_ESTATE); /* LA-FIRE-17 */
    /* no sight through the wood (LA-FIRE-01) */
    ck_assert_int_eq(fire_odds(ctx, "unit French Blue type=line-fusiliers companies=4x3 formation=line front=12 at=500,780 facing=0,1 order=hold\n",
                               "unit Austrians Red type=hussars companies=2x4 formation=line front=8 at=500,960 facing=0,-1 order=hold\n"),
                     WG_ESTATE); /* LA-FIRE-01 */
    /* a target beside the line, outside every figure's arc (LA-FIRE-14) */
    ck_assert_int_eq(fire_odds(ctx, FIRER, "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 "
                                           "at=800,240 facing=-1,0 order=hold\n"), WG_ESTATE); /* LA-FIRE-14 */
    /* skirmishers firing +1; a column fires with its front rank only */
    ck_assert_int_eq(fire_odds(ctx, "unit French Blue type=voltigeurs companies=2x4 formation=skirmish front=8 at=500,300 facing=0,1 order=hold\n",
                               RED_LINE), WG_OK);
    odds_has("\"value\":1,\"text\":\"firer-in-skirmish\""); /* LA-FIREFACT-07 */
    ck_assert_int_eq(fire_odds(ctx, "unit French Blue type=line-fusiliers companies=4x3 formation=division front=4 at=500,300 facing=0,1 order=hold\n",
                               RED_LINE), WG_OK);
    odds_has("\"name\":\"figures\",\"value\":4"); /* LA-FIRE-15 */
    odds_has("{\"label\":\"4 losses\",\"weight\":2}"); /* row 3 on 4 figures */
    wg_ctx_free(ctx);
}
END_TEST


/* Artillery: canister within the calibre's canister range, round shot beyond, with T14's factors;
   the figures firing are the crew's. */
START_TEST(test_fire_factors_artillery)
{
    wg_ctx *ctx = new_ctx();
#define GUNS "unit French Guns type=heavy-battery companies=4x2 formation=in-battery front=8 at=500,200 facing=0,1 order=deny zone=500,500 radius=200\n"
    /* 150 paces: canister (200 for a 12-pounder): +2 below canister range, and the rest of T13 */
    ck_assert_int_eq(fire_odds(ctx, GUNS, "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 "
                                          "at=500,350 facing=0,-1 order=hold\n"), WG_OK);
    odds_has("\"value\":2,\"text\":\"target-below-canister-range\""); /* LA-FIREFACT-17 */
    odds_has("\"name\":\"figures\",\"value\":8");                      /* LA-ARTFIRE-02: the crew's figures */
    odds_has("\"name\":\"value\",\"value\":4");
    odds_lacks("T14-");
    /* 300 paces, a division column of three ranks: round shot, +3 for the ranks, -3 beyond the
       canister range (mid-range, G-16) */
    ck_assert_int_eq(fire_odds(ctx, GUNS, "unit Austrians Red type=line-fusiliers companies=4x3 formation=division front=4 "
                                          "at=500,500 facing=0,-1 order=hold\n"), WG_OK);
    odds_has("\"name\":\"T14-fire-round-shot\",\"value\":3,\"text\":\"per-rank\""); /* LA-FIREFACT-19, LA-FIREFACT-24 */
    odds_has("\"value\":-3,\"text\":\"target-beyond-mid-range\"");                 /* LA-FIREFACT-20 */
    odds_lacks("T13-"); /* LA-FIREFACT-25 */
    /* the same column in line: -2, no rank bonus */
    ck_assert_int_eq(fire_odds(ctx, GUNS, "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 "
                                          "at=500,500 facing=0,-1 order=hold\n"), WG_OK);
    odds_has("\"value\":-2,\"text\":\"target-in-line\""); /* LA-FIREFACT-18 */
    odds_lacks("per-rank");
    /* 500 paces, beyond canister + rebound (400): -6 */
    ck_assert_int_eq(fire_odds(ctx, GUNS, "unit Austrians Red type=line-fusiliers companies=4x3 formation=division front=4 "
                                          "at=500,700 facing=0,-1 order=hold\n"), WG_OK);
    odds_has("\"value\":-6,\"text\":\"target-beyond-long-range\""); /* LA-FIREFACT-21 */
    odds_lacks("target-beyond-mid-range");
    /* a battery in position by round shot -2; in the farm (hard cover) -2 */
    ck_assert_int_eq(fire_odds(ctx, GUNS, "unit Austrians Red type=foot-battery companies=3x2 formation=in-battery front=6 "
                                          "at=500,500 facing=0,-1 order=deny zone=500,100 radius=100\n"), WG_OK);
    odds_has("\"name\":\"T14-fire-round-shot\",\"value\":-2,\"text\":\"target-artillery-in-position\""); /* LA-FIREFACT-23 */
    ck_assert_int_eq(fire_odds(ctx, "unit French Guns type=heavy-battery companies=4x2 formation=in-battery front=8 at=200,300 facing=0,1 order=deny zone=200,700 radius=200\n",
                               "unit Austrians Red type=line-fusiliers companies=4x3 formation=division front=4 at=200,650 facing=0,-1 order=hold\n"),
                     WG_OK);
    odds_has("\"name\":\"T14-fire-round-shot\",\"value\":-2,\"text\":\"target-hard-cover\""); /* LA-FIREFACT-22 */
#undef GUNS
    wg_ctx_free(ctx);
}
END_TEST

/* Blue charges Red: Red tests first; its halt exempts the charger; the melee is fought with the
   combat value, the charge bonus and the factors, the die read through T29 and the losses on the
   loss table; the loser falls back and tests at the end of the period; fatigue grows each turn. */
START_TEST(test_melee_charge)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = position(ctx, NULL, BLUE_LINE RED_LINE);
    const char *pc[] = {"Blue: charge marker", "Blue charges Red", NULL};
    drive(g, pc);
    ck_assert_str_eq(wgp_decision(g), "period 1, the die of Red's morale test to receive a charge"); /* LA-MORALE-02, LA-MORALE-14 */
    size_t e0 = nevents(g);
    /* morale 3, more enemies than friends -2, Hold and still +1 (G-58), die 4: 6 -> halt (5-6) */
    die(g, 4);
    expect_event(g, e0, "Red tests to receive a charge: die 4, total 6: halted", "LA-MORALE-16"); /* LA-MORALE-16 */
    drive(g, pc);
    /* the charger is exempt: no test before charging (LA-MORALE-14, G-32) */
    no_event(g, e0, "Blue tests"); /* LA-MORALE-14 */
    ck_assert_msg(strstr(wgp_decision(g), "phase 5: the die of Blue in its melee with Red") != NULL, "%s", wgp_decision(g));
    expect_event(g, e0, "Blue contacts Red on its front: an effective charge", NULL);
    /* the odds: Blue 3 + charge 1 + fresh 1, Red 3 + fresh 1; the T29 row 0: 0, 0, 1, 1, 2, 2 */
    ck_assert_int_eq(odds(g, "melee from=1 at=2"), WG_OK);
    odds_has("\"name\":\"combat\",\"value\":3");                                         /* LA-MELEE-01 */
    odds_has("\"name\":\"charge\",\"value\":1");                                         /* LA-MELEE-01 */
    odds_has("\"name\":\"figures\",\"value\":12");                                       /* LA-MELEE-02 */
    odds_has("\"name\":\"T15-melee-common\",\"value\":1,\"text\":\"fresh-troops\"");     /* LA-MELEEFACT-01 */
    /* inflicted 18 / 22 / 25, suffered 14 / 18 / 22, each on two faces */
    char want[96];
    snprintf(want, sizeof want, "{\"label\":\"%d inflicted, %d suffered: won\",\"weight\":4}", t28(7, 12), t28(4, 12));
    odds_has(want); /* LA-MELEE-13, LA-DICEMOD-01 */
    snprintf(want, sizeof want, "{\"label\":\"%d inflicted, %d suffered: a tie\",\"weight\":4}", t28(5, 12), t28(5, 12));
    odds_has(want); /* G-30 */
    snprintf(want, sizeof want, "{\"label\":\"%d inflicted, %d suffered: lost\",\"weight\":4}", t28(5, 12), t28(6, 12));
    odds_has(want);
    ck_assert_int_eq(odds(g, "melee from=2 at=1"), WG_OK);
    odds_has("\"name\":\"charge\",\"value\":0"); /* LA-MELEE-01: the unit that did not charge */
    int64_t ry = attr_int(g, 1, "y");
    e0 = nevents(g);
    die(g, 4); /* Blue: 5 + 1 = 6: 22 */
    die(g, 4); /* Red: 4 + 1 = 5: 18 */
    expect_event(g, e0, "Blue fights Red: die 4, ", "LA-MELEE-13");
    snprintf(want, sizeof want, "12 figures: %d losses", t28(6, 12));
    event_at(g, e0, want); /* LA-MELEE-13 */
    snprintf(want, sizeof want, "12 figures: %d losses", t28(5, 12));
    event_at(g, e0, want);
    expect_event(g, e0, "Red loses 0 figures (remainder 22): 12 left", "LA-MELEE-13"); /* LA-LOSSES-06 */
    expect_event(g, e0, "Blue loses 0 figures (remainder 18): 12 left", "LA-MELEE-13");
    expect_event(g, e0, "Blue wins the melee; Red falls back", "LA-MELEERES-01"); /* LA-MELEERES-01 */
    int64_t back = attr_int(g, 1, "y") - ry;
    ck_assert_msg(back >= 29 && back <= 30, "fell back %lld paces", (long long)back); /* LA-MELEERES-01: 30 paces */
    ck_assert_str_eq(attr_text(g, 1, "cohesion"), "formed"); /* LA-MELEERES-04: still in formation */
    ck_assert_int_eq(attr_int(g, 0, "fatigue"), 1); /* LA-MELEE-08 */
    ck_assert_int_eq(attr_int(g, 1, "fatigue"), 1);
    /* the test of the melee lost, at the end of the period: 3 - 1 (lost) - 2 + 1 + die */
    ck_assert_str_eq(wgp_decision(g), "period 1, the die of Red's morale test for a melee lost"); /* LA-MORALE-03, LA-MORALE-13 */
    die(g, 6);
    expect_event(g, e0, "Red tests for a melee lost: die 6, total 7: obeys", "LA-MORALE-16"); /* LA-MORALEFACT-24 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* A beaten Militia battalion routs: the melee losses come once more, it is in disorder, a friend of
   higher status in sight tests, and the rout runs 110 paces to its own edge. */
START_TEST(test_rout_after_melee)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = position(ctx, "break=none",
                          BLUE_LINE
                          "unit Austrians Red type=landwehr companies=3x4 formation=line front=12 at=500,380 facing=0,-1 order=hold\n"
                          "unit Austrians Red2 type=landwehr companies=2x3 formation=line front=6 at=850,400 facing=0,-1 order=hold\n");
    const char *pc[] = {"Blue: charge marker", "Blue charges Red", NULL};
    drive(g, pc);
    size_t e0 = nevents(g);
    die(g, 6); /* Red: 1 + 1 (Hold) + 6 = 8: halt (sample, 7-8 Militia) */
    expect_event(g, e0, "Red tests to receive a charge: die 6, total 8: halted", NULL);
    drive(g, pc);
    e0 = nevents(g);
    die(g, 4); /* Blue: 3 + 1 + 1 + 1 = 6: 22 */
    die(g, 1); /* Red: 1 + 1 + 0 = 2: 7 */
    char want[96];
    snprintf(want, sizeof want, "Red fights Blue: die 1, row 2, 12 figures: %d losses", t28(2, 12));
    event_at(g, e0, want); /* LA-MELEE-13 */
    event_at(g, e0, "Blue fights Red: die 4");
    expect_event(g, e0, "Blue wins the melee; Red falls back", "LA-MELEERES-01");
    /* the test: 1 - 1 (lost) + 1 (Hold) + die 5 = 6: rout (sample, 5-6 Militia) */
    ck_assert_str_eq(wgp_decision(g), "period 1, the die of Red's morale test for a melee lost");
    die(g, 5);
    expect_event(g, e0, "Red tests for a melee lost: die 5, total 6: routing", "LA-MORALE-16");
    expect_event(g, e0, "Red routing, in disorder", "LA-ROUT-02"); /* LA-ROUT-02 */
    /* the 22 melee losses once more: 44, one figure and 4 carried */
    expect_event(g, e0, "Red loses 1 figure (remainder 4): 11 left", "LA-MELEERES-03"); /* LA-MELEERES-03, LA-LOSSES-08 */
    ck_assert_int_eq(attr_int(g, 1, "figures"), 11);
    ck_assert_str_eq(attr_text(g, 1, "morale"), "routing");
    ck_assert_str_eq(attr_text(g, 1, "cohesion"), "in disorder");
    ck_assert_int_eq(has_attr(g, 1, "melee_with"), 0); /* LA-MELEERES-02: it leaves the melee */
    /* Red2, Militia, sees a rout of its own status within 300 paces (LA-MORALE-05) */
    ck_assert_str_eq(wgp_decision(g), "period 1, the die of Red2's morale test at the sight of a rout"); /* LA-MORALE-05 */
    die(g, 6);
    /* 1 + 1 (Hold) - 2 (a friendly rout within 300 paces, T22) - 2 (more enemies than friends within
       300 paces: the routing Red no longer counts, Blue in its melee does, note (1), G-34) + 6 = 4: 3-4
       Militia flees (sample completion of T27) */
    expect_event(g, e0, "Red2 tests at the sight of a rout: die 6, total 4: fleeing", "LA-MORALE-16"); /* LA-MORALEFACT-19, LA-MORALEFACT-30 */
    int64_t y0 = attr_int(g, 1, "y");
    e0 = nevents(g);
    drive(g, NULL);
    /* period 2: the rout runs toward the Austrians' edge (y grows): the half-turn puts its front where
       its rear was (25 paces of depth), then 110 paces (T35) */
    long k = expect_event(g, e0, "Red: fall back from", "LA-ROUT-01");
    int x0 = 0, ya = 0, x1 = 0, yb = 0;
    ck_assert_int_eq(sscanf(wgp_event(g, (size_t)k, WG_VIEW_REFEREE), "Red: fall back from (%d, %d) to (%d, %d)", &x0, &ya, &x1, &yb), 4);
    ck_assert_int_eq(ya, y0);
    ck_assert_msg(yb - ya >= 25 + 109 && yb - ya <= 25 + 110, "ran %d paces", yb - ya); /* LA-ROUT-01 */
    /* the next period, 110 more (no half-turn now) */
    k = expect_event(g, (size_t)k + 1, "Red: fall back from", "LA-ROUT-01");
    ck_assert_int_eq(sscanf(wgp_event(g, (size_t)k, WG_VIEW_REFEREE), "Red: fall back from (%d, %d) to (%d, %d)", &x0, &ya, &x1, &yb), 4);
    ck_assert_msg(yb - ya >= 109 && yb - ya <= 110, "ran %d paces", yb - ya); /* LA-ROUT-01 */
    ck_assert_int_eq(attr_int(g, 1, "facing_y") > 0, 1); /* LA-ROUT-02: toward its own edge */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* A flight runs 160 paces; off the table the unit is gone for good. */
START_TEST(test_flight_leaves_the_table)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = position(ctx, "break=none",
                          "unit French Blue type=line-fusiliers companies=4x3 formation=line front=12 at=500,180 facing=0,-1 order=hold\n"
                          "unit Austrians Red type=landwehr companies=3x4 formation=line front=12 at=500,100 facing=0,1 order=hold\n"
                          "unit French Reserve type=line-fusiliers companies=4x3 formation=line front=12 at=150,950 facing=0,-1 order=hold\n");
    const char *pc[] = {"Blue: charge marker", "Blue charges Red", NULL};
    drive(g, pc);
    size_t e0 = nevents(g);
    die(g, 1); /* 1 - 2 (more enemies) + 1 (Hold) + 1 = 1: flight (sample, 1-2 Militia) */
    expect_event(g, e0, "Red tests to receive a charge: die 1, total 1: fleeing", "LA-MORALE-16");
    expect_event(g, e0, "Red fleeing, in disorder", "LA-FLIGHT-01"); /* LA-FLIGHT-01 */
    drive(g, pc);
    /* its first half-period: 25 + 160 paces from y = 100 toward its edge, y = 0, ends off the table */
    expect_event(g, e0, "Red: fall back from (500, 100) to (500, -", "LA-FLIGHT-02"); /* LA-FLIGHT-02 */
    expect_event(g, e0, "Red leaves the table", "LA-FLIGHT-04");                     /* LA-FLIGHT-04 */
    /* gone for good: no longer a piece on the table (LA-FLIGHT-06) */
    ck_assert_str_eq(attr_text(g, 1, "name"), "Reserve"); /* LA-FLIGHT-06 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* A routing unit with an enemy across its only way is taken prisoner; a prisoner counts double
   at the end. */
START_TEST(test_prisoner_and_victory)
{
    wg_ctx *ctx = new_ctx();
    /* Blue2, a column of march of six ranks, stands against Red's rear and over its way back */
    wg_game *g = NULL;
    int rc = try_position(&g, ctx, "break=none",
                          "unit French Blue type=line-fusiliers companies=4x3 formation=line front=12 at=500,300 facing=0,1 order=hold\n"
                          "unit Austrians Red type=landwehr companies=3x4 formation=line front=12 at=500,380 facing=0,-1 order=hold\n"
                          "unit French Blue2 type=line-fusiliers companies=4x3 formation=march front=2 at=500,555 facing=0,1 order=hold\n",
                          1);
    ck_assert_msg(rc == WG_OK, "set-up: %s", wg_ctx_errmsg(ctx));
    const char *pc[] = {"Blue: charge marker", "Blue charges Red", NULL};
    drive(g, pc);
    size_t e0 = nevents(g);
    die(g, 6); /* 1 - 2 + 1 + 6 = 6: rout (sample, 5-6 Militia) */
    expect_event(g, e0, "Red tests to receive a charge: die 6, total 6: routing", NULL);
    drive(g, pc);
    expect_event(g, e0, "Red is taken prisoner", "LA-PRISON-01"); /* LA-PRISON-01 */
    ck_assert_str_eq(attr_text(g, 1, "name"), "Blue2"); /* no longer a piece on the table */
    /* the end of the single period: Red's 12 figures at 6 points, twice, against a budget of
       the mean of the two budgets, (240 + 72) / 2 (G-38): 92%, a major victory (more than 15%) */
    ck_assert_int_eq(game_over(g), 1);
    int64_t sc = 0;
    ck_assert_int_eq(wg_game_score(&sc, g), WG_OK);
    ck_assert_int_eq(sc, 12 * 6 * 2 * 100 / (312 / 2)); /* LA-PRISON-03, LA-VICTORY-02 */
    expect_event(g, e0, "the battle ends: a major victory for French", "LA-VICTORY-01"); /* LA-VICTORY-01 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST


/* The number of charisma modifiers Red's owner may choose after the die of its test to receive
   Blue's charge, with the Austrian officers `officers`; the total after choosing `pick`. */
static size_t charisma_choices(wg_ctx *ctx, const char *officers, const char *pick, char *text, size_t cap)
{
    char body[1024];
    snprintf(body, sizeof body, "%s" BLUE_LINE RED_LINE, officers);
    wg_game *g = position(ctx, NULL, body);
    const char *pc[] = {"Blue: charge marker", "Blue charges Red", NULL};
    drive(g, pc);
    size_t e0 = nevents(g);
    die(g, 4); /* 3 - 2 + 1 + 4 = 6 before the charisma */
    size_t n = wgp_count(g, "charisma ");
    if (n && pick) {
        ck_assert_str_eq(wgp_decision(g), "period 1, Red rolled 4: the general's charisma modifier (up to 3)");
        ck_assert_int_eq(wgp_decider(g), 1); /* the owner chooses (LA-OFFICER-02) */
        wgp_choose(g, pick);
        snprintf(text, cap, "%s", wgp_event(g, (size_t)event_at(g, e0, "Red tests"), WG_VIEW_REFEREE));
    }
    wg_game_free(g);
    return n;
}

START_TEST(test_charisma)
{
    wg_ctx *ctx = new_ctx();
    char text[256] = "";
    /* a general of charisma 3 on the unit: -3 .. +3, chosen after the die, applied last */
    ck_assert_int_eq(charisma_choices(ctx, "officer Austrians Kray charisma=3 command=3 at=500,390 facing=0,-1\n", "charisma +2",
                                      text, sizeof text),
                     7); /* LA-OFFICER-02, LA-MORALEFACT-21 */
    ck_assert_str_eq(text, "Red tests to receive a charge: die 4 with the general, total 8: obeys"); /* LA-MORALE-16 */
    ck_assert_int_eq(charisma_choices(ctx, "officer Austrians Kray charisma=3 command=3 at=500,390 facing=0,-1\n", "charisma -3",
                                      text, sizeof text),
                     7);
    ck_assert_str_eq(text, "Red tests to receive a charge: die 4 held back by the general, total 3: retreating");
    /* 100 paces away, inside 150: C - 1 = 2; 180 paces away, inside 200: C - 2 = 1; 260: nothing */
    ck_assert_int_eq(charisma_choices(ctx, "officer Austrians Kray charisma=3 command=3 at=500,545 facing=0,-1\n", NULL, NULL, 0),
                     5); /* LA-OFFICER-03 */
    ck_assert_int_eq(charisma_choices(ctx, "officer Austrians Kray charisma=3 command=3 at=500,585 facing=0,-1\n", NULL, NULL, 0),
                     3); /* LA-OFFICER-03 */
    ck_assert_int_eq(charisma_choices(ctx, "officer Austrians Kray charisma=3 command=3 at=500,665 facing=0,-1\n", NULL, NULL, 0),
                     0); /* LA-OFFICER-03 */
    /* two generals on the unit: one counts, the better (LA-OFFICER-04) */
    ck_assert_int_eq(charisma_choices(ctx,
                                      "officer Austrians Kray charisma=3 command=3 at=500,390 facing=0,-1\n"
                                      "officer Austrians Vincent charisma=2 command=2 at=560,390 facing=0,-1\n",
                                      NULL, NULL, 0),
                     7); /* LA-OFFICER-04 */
    /* a French general does nothing for an Austrian test */
    ck_assert_int_eq(charisma_choices(ctx, "officer French Morand charisma=3 command=3 at=500,390 facing=0,-1\n", NULL, NULL, 0), 0);
    wg_ctx_free(ctx);
}
END_TEST

/* data=printed: the loss table prints no cell; a fire stops on the gap, naming the table, the row and
   the column, until the host supplies the cell. */
START_TEST(test_printed_loss_table_gap)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = position(ctx, "data=printed", BLUE_LINE RED_LINE);
    const char *pf[] = {"Blue: fire marker", "Blue fires at Red", NULL};
    drive(g, pf);
    long k = wgp_find(g, "die 5");
    ck_assert_int_ge(k, 0);
    ck_assert_int_eq(wg_game_choose(g, (size_t)k), WG_ETABLEGAP); /* LA-LOSSES-01, G-01 */
    const char *msg = wg_game_errmsg(g);
    ck_assert_msg(strstr(msg, "T28-losses: cell (5, 12) is not printed") != NULL, "%s", msg); /* row 3 + 2, 12 figures */
    ck_assert_msg(strstr(wgp_decision(g), "the die of Blue's fire at Red") != NULL, "%s", wgp_decision(g));
    wg_table *t = NULL;
    ck_assert_int_eq(wg_game_table_find(&t, g, "T28-losses"), WG_OK);
    static const char cell[] = "wgdata 1 table\nname T28-losses\ncell 5 12 18\n";
    ck_assert_int_eq(wg_table_supply(t, cell, strlen(cell)), WG_OK);
    size_t e0 = nevents(g);
    die(g, 5);
    expect_event(g, e0, "Blue's fire (die 5, ", "LA-FIRE-19");
    event_at(g, e0, "18 losses to Red"); /* LA-LOSSES-01 */
    /* in another game the same cell supplied, die 3 reads row 4: still a gap */
    wg_game_free(g);
    g = position(ctx, "data=printed", BLUE_LINE RED_LINE);
    drive(g, pf);
    ck_assert_int_eq(wg_game_table_find(&t, g, "T28-losses"), WG_OK);
    ck_assert_int_eq(wg_table_supply(t, cell, strlen(cell)), WG_OK);
    k = wgp_find(g, "die 3");
    ck_assert_int_eq(wg_game_choose(g, (size_t)k), WG_ETABLEGAP);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Occasions 8 and 9: heavy fire (3 losses a figure for a Regular unit, counted on the figures before
   the fire); first fire for Militia; artillery takes neither. */
START_TEST(test_fire_tests)
{
    wg_ctx *ctx = new_ctx();
    const char *pf[] = {"Blue: fire marker", "Blue fires at Red", NULL};
    /* 6 figures, 18 losses: 3 a figure */
    wg_game *g = position(ctx, NULL,
                          BLUE_LINE "unit Austrians Red type=line-fusiliers companies=2x3 formation=line front=6 at=500,380 facing=0,-1 order=hold\n");
    drive(g, pf);
    size_t e0 = nevents(g);
    die(g, 5);
    ck_assert_str_eq(wgp_decision(g), "period 1, the die of Red's morale test for heavy fire"); /* LA-MORALE-09 */
    die(g, 6);
    expect_event(g, e0, "Red tests for heavy fire: die 6", "LA-MORALE-16");
    wg_game_free(g);
    /* 14 losses on 6 figures: no test */
    g = position(ctx, NULL,
                 BLUE_LINE "unit Austrians Red type=line-fusiliers companies=2x3 formation=line front=6 at=500,380 facing=0,-1 order=hold\n");
    drive(g, pf);
    e0 = nevents(g);
    die(g, 3);
    event_at(g, e0, "14 losses to Red");
    drive(g, NULL);
    no_event(g, e0, "Red tests"); /* LA-MORALE-09 */
    wg_game_free(g);
    /* a battery of 6 figures, 18 losses: artillery takes no test of occasion 9 */
    g = position(ctx, NULL,
                 BLUE_LINE "unit Austrians Red type=foot-battery companies=3x2 formation=in-battery front=6 at=500,380 facing=0,-1 order=deny zone=500,300 radius=100\n");
    drive(g, pf);
    e0 = nevents(g);
    die(g, 6);
    drive(g, NULL);
    no_event(g, e0, "Red tests"); /* LA-MORALE-15 */
    wg_game_free(g);
    /* Militia under fire for the first time, 7 losses on 12 figures */
    g = position(ctx, NULL,
                 BLUE_LINE "unit Austrians Red type=landwehr companies=3x4 formation=line front=12 at=500,380 facing=0,-1 order=hold\n");
    drive(g, pf);
    e0 = nevents(g);
    die(g, 1);
    ck_assert_str_eq(wgp_decision(g), "period 1, the die of Red's morale test under fire for the first time"); /* LA-MORALE-08 */
    die(g, 6);
    expect_event(g, e0, "Red tests under fire for the first time: die 6", "LA-MORALE-16");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("aigles_combat");
    TCase *tc = tcase_create("rules");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_fire_losses_and_remainder);
    tcase_add_test(tc, test_fire_six_losses_a_figure);
    tcase_add_test(tc, test_fire_factors_light_arms);
    tcase_add_test(tc, test_fire_factors_artillery);
    tcase_add_test(tc, test_melee_charge);
    tcase_add_test(tc, test_rout_after_melee);
    tcase_add_test(tc, test_flight_leaves_the_table);
    tcase_add_test(tc, test_prisoner_and_victory);
    tcase_add_test(tc, test_charisma);
    tcase_add_test(tc, test_printed_loss_table_gap);
    tcase_add_test(tc, test_fire_tests);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

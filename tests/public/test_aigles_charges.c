/* Les Aigles charges proven by play through the public API: the undeclared charge of an uncontrolled
   advance, the enemy directly in front, counter-charges (their conditions, while moving, by a covering
   unit or a battalion of the same regiment), the dodge of skirmishers under cover, the square formed
   after a half-period of movement, the uncontrolled advance of skirmishers, disorganisation (no
   forced march or charge; after a first melee turn) and a charge declared with half a period of a
   change of formation left.  Every position is built from host documents (the bundled sample army
   list, an open table with the features given, a battle written here); every decision is taken by
   its label or a precise move, every die by "die N".  Checklist items are cited next to the
   assertions that prove them.  Lengths are in paces. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgaigles.h"
#include "wgplay.h"

#define ASSERT_DECISION(g, needle)                                                                                     \
    ck_assert_msg(wga_has_decision(g, needle), "decision '%s' expected:\n%s\n%s", needle, wgp_options_dump(g),          \
                  wgp_events_dump(g, 0, WG_VIEW_REFEREE))

#define ASSERT_REFUSED(call, g, ...)                                                                                   \
    do {                                                                                                               \
        int rc_ = (call);                                                                                              \
        ck_assert_msg(rc_ == WG_EILLEGAL, "refusal expected, got %s", wg_status_str(rc_));                            \
        const char *want_[] = {__VA_ARGS__};                                                                           \
        for (size_t k_ = 0; k_ < sizeof want_ / sizeof *want_; k_++)                                                   \
            ck_assert_msg(strstr(wg_game_errmsg(g), want_[k_]), "message '%s' lacks '%s'", wg_game_errmsg(g),         \
                          want_[k_]);                                                                                  \
    } while (0)

/* A game of `units` on the default open table, or on one with `features`. */
static wg_game *position(wg_ctx *ctx, const char *features, const char *units)
{
    char *table = features ? wga_table(2600, 1200, features) : NULL;
    wga_setup s = {.table = table, .options = "break=none"};
    wg_game *g = wga_game(ctx, &s, units);
    free(table);
    return g;
}

/* The die, then the general's charisma modifier when one is asked for (the option holding
   `charisma`). */
static void roll(wg_game *g, int d, const char *charisma)
{
    wga_die(g, d);
    if (wga_has_decision(g, "charisma modifier"))
        wgp_choose(g, charisma ? charisma : "charisma +0");
}

/* The first die (with the charisma modifier `charisma` when asked) whose morale test of the unit
   named in the current decision gives a result holding `result` (tried on clones, 6 down to 1),
   which must exist: rolled. */
static void roll_for(wg_game *g, const char *result, const char *charisma)
{
    ck_assert_msg(wgp_decider(g) == WG_PLAYER_CHANCE && wga_has_decision(g, "morale test"), "%s", wgp_decision(g));
    char seen[1024] = "";
    for (int d = 6; d >= 1; d--) {
        wg_game *c = NULL;
        ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
        size_t e = wgp_event_count(c);
        roll(c, d, charisma);
        long t = wgp_find_event(c, e, " tests ", WG_VIEW_REFEREE);
        int hit = t >= 0 && strstr(wgp_event(c, (size_t)t, WG_VIEW_REFEREE), result) != NULL;
        if (t >= 0 && strlen(seen) < 700)
            snprintf(seen + strlen(seen), sizeof seen - strlen(seen), "%s\n", wgp_event(c, (size_t)t, WG_VIEW_REFEREE));
        wg_game_free(c);
        if (hit) {
            roll(g, d, charisma);
            return;
        }
    }
    ck_abort_msg("no die gives '%s' in %s:\n%s", result, wgp_decision(g), seen);
}

/* The event text of `needle` from `from` on, with its rule tag checked. */
static size_t expect(wg_game *g, size_t from, const char *needle, const char *rule)
{
    long k = wgp_find_event(g, from, needle, WG_VIEW_REFEREE);
    ck_assert_msg(k >= 0, "no event '%s' in:\n%s", needle, wgp_events_dump(g, from, WG_VIEW_REFEREE));
    if (rule)
        ck_assert_msg(strcmp(wga_rule(g, k), rule) == 0, "event '%s' has rule %s, not %s",
                      wgp_event(g, (size_t)k, WG_VIEW_REFEREE), wga_rule(g, k), rule);
    return (size_t)k;
}

static void no_event(wg_game *g, size_t from, const char *needle)
{
    long k = wgp_find_event(g, from, needle, WG_VIEW_REFEREE);
    ck_assert_msg(k < 0, "unexpected event '%s' in:\n%s", needle, wgp_events_dump(g, from, WG_VIEW_REFEREE));
}

/* Takes the decisions of `prefs` (else the quiet default) until `stop` is in the decision. */
static void drive_to(wg_game *g, const char *const *prefs, const char *stop)
{
    wga_drive(g, prefs, stop);
    ASSERT_DECISION(g, stop);
}

/* ---------------------------------------------------------------- LA-CHARGE-02 */

/* Red (listed first, it moves first) is charged by Blue 150 paces away. */
static const char *const UNDECLARED =
    "officer Austrians Gen charisma=3 command=3 at=600,540 facing=0,-1\n"
    "unit Austrians Red type=line-fusiliers companies=4x3 formation=division front=4 at=600,450 facing=0,-1 order=hold\n"
    "unit French Blue type=line-fusiliers companies=4x3 formation=division front=4 at=600,300 facing=0,1 "
    "order=attack toward=600,900\n";

START_TEST(test_uncontrolled_advance_is_a_charge)
{
    wg_ctx *ctx = wga_ctx();
    static const char *const charge[] = {"Blue: charge marker", "Blue charges Red", "Gen stays", "no more orders", NULL};
    wg_game *g = position(ctx, NULL, UNDECLARED);
    wga_drive(g, charge, NULL);
    ASSERT_DECISION(g, "Red's morale test to receive a charge");
    roll_for(g, "in uncontrolled advance", "charisma +2");
    wga_obey(g); /* the charger */
    wga_drive(g, charge, NULL);
    /* Red advances on Blue uncontrolled, undeclared: 60 paces in the first half-period, the rest in
       the second; having moved straight a half-movement it contacts with an effective charge */
    size_t a = expect(g, 0, "Red: advance on the enemy from (600, 450) to (600, 390)", "LA-MORALERES-03");
    size_t c = expect(g, a, "Red contacts Blue on its front: an effective charge", "LA-CHARGE-02"); /* LA-CHARGE-02 */
    ck_assert_int_gt(c, a);
    no_event(g, 0, "Red declares"); /* LA-CHARGE-02: never declared */
    ck_assert_int_eq(wga_attr_of(g, "Red", "melee_with"), wga_attr_of(g, "Blue", "id"));
    wga_odds_ok(g, "melee from=1 at=2");
    wga_odds_has("{\"name\":\"charge\",\"value\":1"); /* LA-CHARGE-02: its charge bonus */
    wg_game_free(g);

    /* a unit that moves into contact under a Movement marker makes no charge */
    char *closer = wgp_replace(UNDECLARED, "at=600,450", "at=600,400");
    g = position(ctx, NULL, closer);
    free(closer);
    static const char *const walk[] = {"Blue: movement marker", "Blue: advance", "Gen stays", "no more orders", NULL};
    wga_drive(g, walk, "half-period 2: French commits the move of Blue");
    wgp_choose(g, "Blue: advance");
    wga_drive(g, walk, NULL);
    size_t k = expect(g, 0, "Blue contacts Red on its front", "LA-MOVE-05");
    ck_assert_ptr_null(strstr(wgp_event(g, k, WG_VIEW_REFEREE), "effective")); /* LA-CHARGE-02: not a charge */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- LA-CHARGE-03 */

/* Blue sees Near directly in front and Far to its right, both within its charge's reach. */
#define FRONT_UNITS(near_at, toward)                                                                                   \
    "unit French Blue type=line-fusiliers companies=4x3 formation=division front=4 at=600,300 facing=0,1 "             \
    "order=attack toward=" toward "\n"                                                                                 \
    "unit Austrians Near type=line-fusiliers companies=4x3 formation=division front=4 at=" near_at " facing=0,-1 "    \
    "order=hold\n"                                                                                                     \
    "unit Austrians Far type=line-fusiliers companies=4x3 formation=division front=4 at=680,420 facing=0,-1 "         \
    "order=hold\n"

START_TEST(test_enemy_directly_in_front)
{
    wg_ctx *ctx = wga_ctx();
    static const char *const charge[] = {"Blue: charge marker", NULL};
    /* Near away: Blue may charge Far */
    wg_game *g = position(ctx, NULL, FRONT_UNITS("1600,420", "600,900"));
    drive_to(g, charge, "the target of Blue's charge");
    uint64_t far = wga_action(g, "Blue charges Far");
    wg_game_free(g);

    /* Near directly in front: Near is the only target */
    g = position(ctx, NULL, FRONT_UNITS("600,400", "600,900"));
    drive_to(g, charge, "the target of Blue's charge");
    ck_assert_int_ge(wgp_find(g, "Blue charges Near"), 0);
    ck_assert_int_lt(wgp_find(g, "Blue charges Far"), 0); /* LA-CHARGE-03 */
    ASSERT_REFUSED(wgp_refused(g, far), g, "Blue must charge Near, the enemy directly in front (LA-CHARGE-03)");
    size_t front0 = (size_t)wga_attr_of(g, "Blue", "front"), width0 = (size_t)wga_attr_of(g, "Blue", "width");
    wgp_choose(g, "Blue charges Near");
    wga_obey(g);
    /* the charge keeps its front: no change of formation is offered, none is made */
    ck_assert_int_lt(wgp_find(g, "change formation"), 0); /* LA-CHARGE-06 */
    wga_drive(g, NULL, NULL);
    expect(g, 0, "Blue contacts Near", NULL);
    ck_assert_int_eq(wga_attr_of(g, "Blue", "front"), (int64_t)front0); /* LA-CHARGE-06 */
    ck_assert_int_eq(wga_attr_of(g, "Blue", "width"), (int64_t)width0); /* LA-CHARGE-06 */
    wg_game_free(g);

    /* unless the order says otherwise: an Attack order whose point lies in Far names it */
    g = position(ctx, NULL, FRONT_UNITS("600,400", "680,440"));
    drive_to(g, charge, "the target of Blue's charge");
    ck_assert_int_ge(wgp_find(g, "Blue charges Near"), 0);
    ck_assert_int_ge(wgp_find(g, "Blue charges Far"), 0); /* LA-CHARGE-03 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- LA-COUNTER-01, -05 */

/* Blue charges Red, which has a Movement marker; Other stands by, not charged. */
static const char *const COUNTER_UNITS =
    "unit French Blue type=line-fusiliers companies=4x3 formation=division front=4 at=600,300 facing=0,1 "
    "order=attack toward=600,900\n"
    "unit Austrians Red type=line-fusiliers companies=4x3 formation=division front=4 at=600,450 facing=0,-1 "
    "order=defend zone=600,500 radius=100\n"
    "unit Austrians Other type=line-fusiliers companies=4x3 formation=division front=4 at=1200,450 facing=0,-1 "
    "order=defend zone=1200,500 radius=100\n";

START_TEST(test_counter_charge_conditions)
{
    wg_ctx *ctx = wga_ctx();
    static const char *const prefs[] = {"Blue: charge marker", "Red: movement marker", "Blue charges Red", NULL};
    wg_game *g = position(ctx, NULL, COUNTER_UNITS);
    wga_drive(g, prefs, NULL);
    wga_obey(g);
    /* a unit moving may counter-charge (LA-COUNTER-05) */
    expect(g, 0, "Red's marker turned over: movement", NULL);
    ASSERT_DECISION(g, "Red is charged by Blue: its reaction");
    ck_assert_int_ge(wgp_find(g, "Red counter-charges"), 0); /* LA-COUNTER-05 */
    uint64_t counter = wga_action(g, "Red counter-charges");
    size_t e = wgp_event_count(g);
    wgp_choose(g, "Red counter-charges");
    /* only the unit genuinely charged reacts: Other has no reaction to take (LA-COUNTER-01) */
    ck_assert_msg(!wga_has_decision(g, "Other is charged") && !wga_has_decision(g, "Other covers"), "%s",
                  wgp_decision(g));
    wga_drive(g, NULL, NULL);
    no_event(g, 0, "Other counter-charges"); /* LA-COUNTER-01 */
    no_event(g, 0, "Other: charge");
    expect(g, e, "Red counter-charges (charged by Blue)", "LA-SEQ-04"); /* LA-COUNTER-05 */
    expect(g, e, "Red: charge from (600, 450)", "LA-COUNTER-02");      /* LA-COUNTER-05 */
    wg_game_free(g);

    /* a Hold order does not allow it (LA-COUNTER-01) */
    char *held = wgp_replace(COUNTER_UNITS, "order=defend zone=600,500 radius=100", "order=hold");
    g = position(ctx, NULL, held);
    free(held);
    wga_drive(g, prefs, NULL);
    wga_obey(g);
    ck_assert_int_lt(wgp_find(g, "Red counter-charges"), 0);
    ASSERT_REFUSED(wgp_refused(g, counter), g, "a Hold order forbids the counter-charge"); /* LA-COUNTER-01 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- LA-COUNTER-03 */

/* Blue charges Red; Cov covers Red by its order; Bn2 is of Red's regiment; Bn3 of it too, under Hold;
   Stranger of another regiment. */
static const char *const COVER_UNITS =
    "unit French Blue type=line-fusiliers companies=4x3 formation=division front=4 at=600,300 facing=0,1 "
    "order=attack toward=600,900\n"
    "unit Austrians Red type=line-fusiliers companies=4x3 formation=division front=4 at=600,450 facing=0,-1 "
    "order=hold regiment=IR4\n"
    "unit Austrians Cov type=line-fusiliers companies=4x3 formation=division front=4 at=720,460 facing=0,-1 "
    "order=cover target=Red\n"
    "unit Austrians Bn2 type=line-fusiliers companies=4x3 formation=division front=4 at=480,460 facing=0,-1 "
    "order=defend zone=480,500 radius=100 regiment=IR4\n"
    "unit Austrians Bn3 type=line-fusiliers companies=4x3 formation=division front=4 at=360,470 facing=0,-1 "
    "order=hold regiment=IR4\n"
    "unit Austrians Stranger type=line-fusiliers companies=4x3 formation=division front=4 at=840,470 facing=0,-1 "
    "order=defend zone=840,500 radius=100 regiment=IR9\n";

START_TEST(test_cover_counter_charge)
{
    wg_ctx *ctx = wga_ctx();
    static const char *const prefs[] = {"Blue: charge marker", "Blue charges Red", NULL};
    wg_game *g = position(ctx, NULL, COVER_UNITS);
    wga_drive(g, prefs, NULL);
    wga_obey(g);
    ASSERT_DECISION(g, "Red is charged by Blue: its reaction");
    wgp_choose(g, "Red stands");
    /* Cov, whose order covers Red, may counter-charge its charger */
    ASSERT_DECISION(g, "Cov covers against the charge of Blue: its reaction"); /* LA-COUNTER-03 */
    ck_assert_int_ge(wgp_find(g, "Cov stands"), 0);
    ck_assert_int_lt(wgp_find(g, "Cov dodges"), 0);
    size_t e = wgp_event_count(g);
    wgp_choose(g, "Cov counter-charges");
    expect(g, e, "Cov counter-charges (covering against Blue)", "LA-COUNTER-03"); /* LA-COUNTER-03 */
    /* Bn2, of Red's regiment, covers it automatically (LA-COUNTER-03) */
    ASSERT_DECISION(g, "Bn2 covers against the charge of Blue: its reaction"); /* LA-COUNTER-03 */
    wgp_choose(g, "Bn2 stands");
    expect(g, e, "Bn2 stands (covering against Blue)", "LA-COUNTER-03");
    /* Bn3's Hold order does not allow it; Stranger is of another regiment: neither reacts */
    ck_assert_msg(!wga_has_decision(g, "Bn3") && !wga_has_decision(g, "Stranger"), "%s", wgp_decision(g));
    /* the half-period of reaction: Cov stays, then counter-charges in the second */
    wga_drive(g, NULL, NULL);
    no_event(g, 0, "Bn3 counter-charges");
    no_event(g, 0, "Stranger counter-charges");
    size_t h2 = expect(g, e, "Cov: charge from (720, 460)", "LA-COUNTER-02"); /* LA-COUNTER-03 */
    size_t b = expect(g, e, "Blue: charge from (600, 300)", NULL);
    ck_assert_int_gt(h2, b); /* after Blue's first half-period */
    no_event(g, e, "Bn2: charge");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- LA-DODGE-05 */

/* Skirmishers under Harass charged by a column: in the open, or in a wood. */
static const char *const SKIRMISH_UNITS =
    "unit French Blue type=line-fusiliers companies=4x3 formation=division front=4 at=600,300 facing=0,1 "
    "order=attack toward=600,900\n"
    "unit Austrians Sk type=voltigeurs companies=3x4 formation=skirmish front=12 at=600,420 facing=0,-1 "
    "order=harass toward=600,100\n";

START_TEST(test_skirmishers_in_cover_need_not_dodge)
{
    wg_ctx *ctx = wga_ctx();
    static const char *const prefs[] = {"Blue: charge marker", "Blue charges Sk", NULL};
    /* in the open they must dodge */
    wg_game *g = position(ctx, NULL, SKIRMISH_UNITS);
    wga_drive(g, prefs, NULL);
    wga_obey(g);
    size_t f = expect(g, 0, "Sk dodges (charged by Blue)", "LA-DODGE-07");
    (void)f;
    wg_game_free(g);

    /* in a wood, the dodge is not compulsory: they choose (LA-DODGE-05); Blue stands within 20 paces
       of them, so they are not hidden in the wood (LA-TERRAIN-07) */
    g = position(ctx, "area wood name=Copse 300,380 900,380 900,600 300,600\n",
                 "unit French Blue type=line-fusiliers companies=4x3 formation=division front=4 at=600,402 facing=0,1 "
                 "order=attack toward=600,900\n"
                 "unit Austrians Sk type=voltigeurs companies=3x4 formation=skirmish front=12 at=600,420 facing=0,-1 "
                 "order=harass toward=600,100\n");
    wga_drive(g, prefs, NULL);
    wga_obey(g);
    ASSERT_DECISION(g, "Sk is charged by Blue: its reaction"); /* LA-DODGE-05 */
    ck_assert_int_ge(wgp_find(g, "Sk stands"), 0);  /* LA-DODGE-05 */
    ck_assert_int_ge(wgp_find(g, "Sk dodges"), 0);
    wgp_choose(g, "Sk stands");
    no_event(g, 0, "Sk dodges");
    wg_game_free(g);

    /* behind light cover likewise */
    g = position(ctx, "area field name=Orchard light-cover 300,380 900,380 900,600 300,600\n", SKIRMISH_UNITS);
    wga_drive(g, prefs, NULL);
    wga_obey(g);
    ASSERT_DECISION(g, "Sk is charged by Blue: its reaction"); /* LA-DODGE-05 */
    ck_assert_int_ge(wgp_find(g, "Sk stands"), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- LA-MARKERS-06 */

/* Hussars charge grenadiers in line that have a Movement marker. */
#define SQUARE_UNITS(charger)                                                                                          \
    charger "unit Austrians Vlt type=grenadiers companies=3x4 formation=line front=12 at=600,560 facing=0,-1 "        \
            "order=defend zone=600,600 radius=100\n"

START_TEST(test_square_after_a_half_period)
{
    wg_ctx *ctx = wga_ctx();
    static const char *const prefs[] = {"Hus: charge marker", "Vlt: movement marker", "Hus charges Vlt", "Vlt stands",
                                        NULL};
    wg_game *g = position(ctx, NULL,
                          SQUARE_UNITS("unit French Hus type=hussars companies=2x4 formation=line front=8 at=600,300 "
                                       "facing=0,1 order=attack toward=600,900\n"));
    wga_drive(g, prefs, NULL);
    wga_obey(g);
    wga_drive(g, prefs, "half-period 1: Austrians commits the move of Vlt");
    ck_assert_msg(wga_has_decision(g, "half-period 1"), "%s", wgp_events_dump(g, 0, WG_VIEW_REFEREE));
    /* the first half-period: its movement, no square yet (LA-MARKERS-06) */
    ck_assert_int_lt(wgp_find(g, "change formation"), 0); /* LA-MARKERS-06 */
    wgp_choose(g, "Vlt: advance half");
    drive_to(g, NULL, "half-period 2: Austrians commits the move of Vlt");
    /* then it may begin forming square (LA-MARKERS-06) */
    ck_assert_int_ge(wgp_find(g, "Vlt: change formation to hollow-square"), 0); /* LA-MARKERS-06 */
    size_t e = wgp_event_count(g);
    wgp_choose(g, "Vlt: change formation to hollow-square");
    expect(g, e, "Vlt: committed: change formation to hollow-square", NULL);
    wga_drive(g, NULL, NULL);
    expect(g, e, "Vlt begins to form hollow-square", "LA-FORMTIME-01"); /* LA-MARKERS-06 */
    wg_game_free(g);

    /* charged by infantry, the Movement marker allows no square */
    static const char *const inf[] = {"Blue: charge marker", "Vlt: movement marker", "Blue charges Vlt", "Vlt stands",
                                       NULL};
    g = position(ctx, NULL,
                 SQUARE_UNITS("unit French Blue type=line-fusiliers companies=4x3 formation=division front=4 at=600,420 "
                              "facing=0,1 order=attack toward=600,900\n"));
    wga_drive(g, inf, NULL);
    wga_obey(g);
    wga_drive(g, inf, "half-period 1: Austrians commits the move of Vlt");
    wgp_choose(g, "Vlt: advance half");
    drive_to(g, NULL, "half-period 2: Austrians commits the move of Vlt");
    ck_assert_int_lt(wgp_find(g, "change formation"), 0); /* LA-MARKERS-06: only against cavalry */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- LA-MORALERES-04 */

/* Skirmishers with a Fire marker, charged by Blue 160 paces off. */
static const char *const SK_UA_UNITS =
    "officer Austrians Gen charisma=3 command=3 at=600,520 facing=0,-1\n"
    "unit Austrians Sk type=voltigeurs companies=3x4 formation=skirmish front=12 at=600,460 facing=0,-1 "
    "order=hold\n"
    "unit French Blue type=line-fusiliers companies=4x3 formation=division front=4 at=600,300 facing=0,1 "
    "order=attack toward=600,900\n";

START_TEST(test_skirmishers_uncontrolled_advance)
{
    wg_ctx *ctx = wga_ctx();
    static const char *const prefs[] = {"Blue: charge marker", "Sk: fire marker", "Blue charges Sk", "Gen stays", "no more orders", NULL};
    wg_game *g = position(ctx, NULL, SK_UA_UNITS);
    wga_drive(g, prefs, NULL);
    ASSERT_DECISION(g, "Sk's morale test to receive a charge");
    roll_for(g, "in uncontrolled advance", "charisma +2");
    ASSERT_DECISION(g, "Blue's morale test before charging");
    roll_for(g, "halted", NULL); /* the charger stays where it is */
    expect(g, 0, "Blue halts: no charge on Sk", NULL);
    size_t e = wgp_event_count(g);
    drive_to(g, prefs, "period 2, phase 1");
    /* the first half-period: toward Blue, stopping 50 paces from it (160 - 50 = 110 > the 90 of the
       half-period: 90 paces, then 20 more is the rule's stop short of 50) */
    size_t a = expect(g, 0, "Sk: advance on the enemy from (600, 460)", "LA-MORALERES-04"); /* LA-MORALERES-04 */
    const char *t = wgp_event(g, a, WG_VIEW_REFEREE);
    ck_assert_msg(strstr(t, "to (600, 370)") != NULL, "%s", t); /* LA-MORALERES-04: 90 paces, 70 from Blue */
    /* the second half-period: no further advance, and no fire */
    long again = wgp_find_event(g, a + 1, "Sk: advance on the enemy", WG_VIEW_REFEREE);
    ck_assert_msg(again < 0, "%s", wgp_events_dump(g, e, WG_VIEW_REFEREE)); /* LA-MORALERES-04 */
    no_event(g, e, "Sk fires");                                              /* LA-MORALERES-04 */
    /* its Fire marker stands, but the fire phase passes it by */
    expect(g, 0, "Sk's marker turned over: fire", NULL);
    no_event(g, e, "Sk holds its fire"); /* LA-MORALERES-04 */
    wg_game_free(g);

    /* obeying, the same skirmishers fire in phase 4 */
    g = position(ctx, NULL, SK_UA_UNITS);
    wga_drive(g, prefs, NULL);
    roll_for(g, "obeys", "charisma +0");
    roll_for(g, "halted", NULL);
    drive_to(g, prefs, "period 2, phase 1");
    expect(g, 0, "Sk holds its fire", NULL);
    wg_game_free(g);

    /* closer: it stops 50 paces from the enemy */
    char *near = wgp_replace(SK_UA_UNITS, "at=600,460", "at=600,400");
    g = position(ctx, NULL, near);
    free(near);
    wga_drive(g, prefs, NULL);
    roll_for(g, "in uncontrolled advance", "charisma +2");
    roll_for(g, "halted", NULL);
    drive_to(g, prefs, "period 2, phase 1");
    expect(g, 0, "Sk: advance on the enemy from (600, 400) to (600, 350)", "LA-MORALERES-04"); /* LA-MORALERES-04 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- LA-DISORG-07 */

/* Blue in column of march crosses a brook and is disorganised (LA-TERRAIN-13); Red 160 paces ahead. */
static const char *const BROOK = "line stream name=Brook 600,340 1000,340\n";
static const char *const MARCH_UNITS =
    "unit French Blue type=line-fusiliers companies=4x3 formation=march front=2 at=800,320 facing=0,1 "
    "order=attack toward=800,900\n"
    "unit Austrians Red type=line-fusiliers companies=4x3 formation=division front=4 at=800,480 facing=0,-1 "
    "order=hold\n";

START_TEST(test_disorganised_no_forced_march_no_charge)
{
    wg_ctx *ctx = wga_ctx();
    /* formed in the open: a forced march is on the menu */
    wg_game *g = position(ctx, NULL, MARCH_UNITS);
    static const char *const move[] = {"Blue: movement marker", NULL};
    drive_to(g, move, "half-period 1: French commits the move of Blue");
    uint64_t forced = wga_action(g, "Blue: forced march");
    wg_game_free(g);

    g = position(ctx, BROOK, MARCH_UNITS);
    ASSERT_DECISION(g, "marker of Blue");
    uint64_t charge = wga_action(g, "Blue: charge marker");
    drive_to(g, move, "half-period 1: French commits the move of Blue");
    ck_assert_int_eq(wga_move_to(g, 800 * 100, 350 * 100), WG_OK);
    drive_to(g, NULL, "period 2, phase 1: French places the marker of Blue");
    ck_assert_str_eq(wga_text(g, 0, "cohesion"), "disorganised");
    /* disorganised: no charge (LA-DISORG-07) */
    ck_assert_int_lt(wgp_find(g, "charge marker"), 0); /* LA-DISORG-07 */
    ASSERT_REFUSED(wgp_refused(g, charge), g, "a disorganised unit does not charge"); /* LA-DISORG-07 */
    wgp_choose(g, "Blue: movement marker");
    drive_to(g, NULL, "half-period 1: French commits the move of Blue");
    /* and no forced march (LA-DISORG-07) */
    ck_assert_int_lt(wgp_find(g, "forced march"), 0); /* LA-DISORG-07 */
    ASSERT_REFUSED(wgp_refused(g, forced), g, "a disorganised unit may not force-march"); /* LA-DISORG-07 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- LA-DISORG-08 */

static const char *const MELEE_UNITS =
    "unit French Blue type=line-fusiliers companies=4x3 formation=line front=12 at=500,300 facing=0,1 order=hold\n"
    "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=500,380 facing=0,-1 "
    "order=hold\n";

START_TEST(test_disorganised_after_first_melee_turn)
{
    wg_ctx *ctx = wga_ctx();
    static const char *const prefs[] = {"Blue: charge marker", "Blue charges Red", NULL};
    wg_game *g = position(ctx, NULL, MELEE_UNITS);
    wga_drive(g, prefs, NULL);
    wga_obey(g);
    wga_drive(g, prefs, NULL);
    ASSERT_DECISION(g, "phase 5: the die of");
    wga_die(g, 6); /* Blue wins; Red falls back and the melee ends */
    wga_die(g, 1);
    expect(g, 0, "Blue wins the melee; Red falls back", NULL);
    ck_assert_str_eq(wga_text(g, 0, "cohesion"), "formed"); /* not yet in this period */
    size_t e = wgp_event_count(g);
    wga_obey(g);
    wga_drive(g, NULL, "period 2");
    /* from the next period both are disorganised, though they fight no second turn (LA-DISORG-08) */
    size_t p = expect(g, e, "period 2 begins", NULL);
    size_t b = expect(g, e, "Blue obeys, disorganised", "LA-DISORG-08");  /* LA-DISORG-08 */
    size_t r = expect(g, e, "Red obeys, disorganised", "LA-DISORG-08");   /* LA-DISORG-08 */
    ck_assert_int_lt(b, p);
    ck_assert_int_lt(r, p);
    ck_assert_int_eq(wga_has_attr(g, 0, "melee_with"), 0);
    ck_assert_str_eq(wga_text(g, 0, "cohesion"), "disorganised"); /* LA-DISORG-08 */
    ck_assert_str_eq(wga_text(g, 1, "cohesion"), "disorganised"); /* LA-DISORG-08 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- LA-FORMTIME-20 */

/* Voltigeurs (manoeuvre A) and fusiliers (B) in column of march form line: 1½ and 2 periods (T4). */
static const char *const FORMING_UNITS =
    "unit French Vlt type=voltigeurs companies=3x4 formation=march front=2 at=600,300 facing=0,1 "
    "order=attack toward=600,900\n"
    "unit French Fus type=line-fusiliers companies=4x3 formation=march front=2 at=1200,300 facing=0,1 "
    "order=attack toward=1200,900\n"
    "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=600,380 facing=0,-1 order=hold\n"
    "unit Austrians Red2 type=line-fusiliers companies=4x3 formation=line front=12 at=1200,380 facing=0,-1 "
    "order=hold\n";

START_TEST(test_charge_with_half_a_period_of_change_left)
{
    wg_ctx *ctx = wga_ctx();
    static const char *const p1[] = {"Vlt: change of formation marker", "Fus: change of formation marker",
                                     "Vlt: change formation to line", "Fus: change formation to line", NULL};
    wg_game *g = position(ctx, NULL, FORMING_UNITS);
    ASSERT_DECISION(g, "marker of Vlt");
    uint64_t fire = wga_action(g, "Vlt: fire marker");
    wga_drive(g, p1, "period 2, phase 1");
    expect(g, 0, "Vlt begins to form line (3 half-periods)", NULL);
    expect(g, 0, "Fus begins to form line (4 half-periods)", NULL);
    /* period 2: Vlt has half a period of its change left: it may declare a charge (LA-FORMTIME-20) */
    ASSERT_DECISION(g, "period 2, phase 1: French places the marker of Vlt");
    ck_assert_int_ge(wgp_find(g, "Vlt: charge marker"), 0); /* LA-FORMTIME-20 */
    ck_assert_int_ge(wgp_find(g, "Vlt: none marker"), 0);
    ck_assert_int_lt(wgp_find(g, "Vlt: fire marker"), 0);
    ASSERT_REFUSED(wgp_refused(g, fire), g, "goes on with its change of formation (LA-MARKERS-04)");
    size_t e = wgp_event_count(g);
    wgp_choose(g, "Vlt: charge marker");
    /* Fus, with a whole period left, goes on with its change: no marker to choose (LA-FORMTIME-20) */
    ck_assert_msg(!wga_has_decision(g, "marker of Fus"), "%s", wgp_decision(g)); /* LA-FORMTIME-20 */
    static const char *const p2[] = {"Vlt charges Red", NULL};
    wga_drive(g, p2, NULL);
    wga_obey(g);
    wga_drive(g, p2, NULL);
    no_event(g, e, "Fus's marker turned over: charge");
    /* the change ends in the first half-period, the charge follows in the second, in the new formation
       (a charge order allows no other change, LA-FORMTIME-20) */
    size_t s = expect(g, e, "Vlt stands in line", "LA-DISORG-02");     /* LA-FORMTIME-20 */
    size_t c = expect(g, s, "Vlt: charge from (600, 300)", "LA-CHARGE-10"); /* LA-FORMTIME-20 */
    ck_assert_int_gt(c, s);
    no_event(g, e, "Vlt: committed");
    expect(g, c, "Vlt contacts Red", NULL);
    ck_assert_str_eq(wga_text(g, 0, "formation"), "line");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- LA-COUNTER-06 */

/* Hussars (a half-movement of 110 paces, charge reach 220 + 120) charge cuirassiers (100 a half) that
   stand the first half-period and counter-charge in the second. */
#define HALF_DISTANCE_UNITS(cuir_y)                                                                                    \
    "unit French Hus type=hussars companies=2x4 formation=line front=8 at=600,300 facing=0,1 "                       \
    "order=attack toward=600,900\n"                                                                                  \
    "unit Austrians Cuir type=cuirassiers companies=2x4 formation=line front=8 at=600," cuir_y " facing=0,-1 "        \
    "order=defend zone=600,700 radius=150\n"

/* The counter-charge met: the event of the meeting; the odds of the melee read for both. */
static wg_game *meet(wg_ctx *ctx, const char *units, const char *outcome)
{
    static const char *const prefs[] = {"Hus: charge marker", "Hus charges Cuir", "Cuir counter-charges", NULL};
    wg_game *g = position(ctx, NULL, units);
    wga_drive(g, prefs, NULL);
    wga_obey(g);
    wga_drive(g, prefs, NULL);
    expect(g, 0, "Cuir counter-charges (charged by Hus)", NULL);
    size_t h = expect(g, 0, "Hus: charge from (600, 300) to (600, 409)", "LA-CHARGE-10");
    size_t m = expect(g, h, outcome, "LA-COUNTER-06"); /* LA-COUNTER-06 */
    ck_assert_int_gt(m, h);
    ck_assert_int_eq(wga_attr_of(g, "Hus", "melee_with"), wga_attr_of(g, "Cuir", "id"));
    return g;
}

START_TEST(test_counter_charge_half_distance)
{
    wg_ctx *ctx = wga_ctx();
    /* 330 paces: 221 left after the hussars' first half, at least 110 + 100: both charge */
    wg_game *g = meet(ctx, HALF_DISTANCE_UNITS("630"), "Hus meets the counter-charge of Cuir: both charging");
    wga_odds_ok(g, "melee from=2 at=1");
    wga_odds_has("{\"name\":\"charge\",\"value\":2"); /* LA-COUNTER-06 (a): the cuirassiers' bonus */
    wga_odds_ok(g, "melee from=1 at=2");
    wga_odds_has("{\"name\":\"charge\",\"value\":3"); /* LA-COUNTER-06 (a) */
    wg_game_free(g);

    /* 250 paces: 141 left, less than 210: only the hussars charge */
    g = meet(ctx, HALF_DISTANCE_UNITS("550"), "Hus meets the counter-charge of Cuir: only the attacker charging");
    wga_odds_ok(g, "melee from=2 at=1");
    wga_odds_has("{\"name\":\"charge\",\"value\":0"); /* LA-COUNTER-06 (b): no bonus for the cuirassiers */
    wga_odds_ok(g, "melee from=1 at=2");
    wga_odds_has("{\"name\":\"charge\",\"value\":3"); /* LA-COUNTER-06 (b): the attacker keeps its bonus */
    /* the attacker, with its bonus, covers the larger share of the gap */
    size_t h2 = expect(g, 0, "Hus: charge from (600, 409)", NULL);
    size_t c2 = expect(g, 0, "Cuir: charge from (600, 550)", NULL);
    int hy = 0, cy = 0;
    ck_assert_int_eq(sscanf(strstr(wgp_event(g, h2, WG_VIEW_REFEREE), "to (600, ") + 9, "%d", &hy), 1);
    ck_assert_int_eq(sscanf(strstr(wgp_event(g, c2, WG_VIEW_REFEREE), "to (600, ") + 9, "%d", &cy), 1);
    ck_assert_int_gt(hy - 409, 550 - cy); /* LA-COUNTER-06 (b) */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- LA-CHARGE-07 */

/* Blue (60 paces a half-period, a charge's reach of 120 + 40) and Red 250 paces ahead. */
static const char *const TWO_PERIOD_UNITS =
    "unit French Blue type=line-fusiliers companies=4x3 formation=division front=4 at=600,300 facing=0,1 "
    "order=attack toward=600,900\n"
    "unit Austrians Red type=line-fusiliers companies=4x3 formation=division front=4 at=600,550 facing=0,-1 "
    "order=hold\n";

START_TEST(test_two_period_charge)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = position(ctx, NULL, TWO_PERIOD_UNITS);
    /* too far for this period's charge, within a period's movement more: a Charge marker all the same */
    ASSERT_DECISION(g, "marker of Blue");
    ck_assert_int_ge(wgp_find(g, "Blue: charge marker"), 0); /* LA-CHARGE-07 */
    wgp_choose(g, "Blue: charge marker");
    drive_to(g, NULL, "the target of Blue's charge");
    ck_assert_int_lt(wgp_find(g, "Blue charges Red"), 0);
    ck_assert_int_ge(wgp_find(g, "Blue: a two-period charge on Red (250 paces)"), 0); /* LA-CHARGE-07 */
    wgp_choose(g, "Blue: a two-period charge on Red");
    expect(g, 0, "Blue declares a two-period charge on Red", "LA-CHARGE-07");
    ck_assert_int_eq(wga_attr_of(g, "Blue", "charging"), wga_attr_of(g, "Red", "id"));
    drive_to(g, NULL, "period 2, phase 1");
    /* the first period: a movement without the charge bonus, 60 paces a half-period; no test, no
       reaction, and not an ineffective charge */
    size_t a = expect(g, 0, "Blue: charge from (600, 300) to (600, 359)", "LA-CHARGE-07"); /* LA-CHARGE-07 */
    expect(g, a, "Blue: charge from (600, 359) to (600, 419)", "LA-CHARGE-07");           /* LA-CHARGE-07 */
    no_event(g, 0, "tests to receive a charge");
    no_event(g, 0, "(charged by Blue)");
    no_event(g, 0, "Blue obeys, without formation");
    ck_assert_str_eq(wga_text(g, 0, "cohesion"), "formed");
    /* the second period: no marker to choose; the charge completed, with the test and the reaction */
    ck_assert_msg(!wga_has_decision(g, "marker of Blue"), "%s", wgp_decision(g));
    size_t e = wgp_event_count(g);
    wga_drive(g, NULL, NULL);
    no_event(g, e, "Blue: charge marker placed");
    expect(g, e, "Blue's marker turned over: charge", NULL);
    expect(g, e, "Blue completes its charge on Red", "LA-CHARGE-07"); /* LA-CHARGE-07 */
    ASSERT_DECISION(g, "Red's morale test to receive a charge");
    wga_obey(g);
    wga_drive(g, NULL, NULL);
    expect(g, e, "Red stands (charged by Blue)", NULL);
    size_t c = expect(g, e, "Blue: charge from (600, 419)", "LA-CHARGE-10");
    expect(g, c, "Blue contacts Red on its front: an effective charge", NULL); /* LA-CHARGE-07 */
    wga_odds_ok(g, "melee from=1 at=2");
    wga_odds_has("{\"name\":\"charge\",\"value\":1"); /* LA-CHARGE-07: the bonus in the second period */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- LA-DISORG-06 */

/* Blue, hussars of 8 figures (110 paces a half-period), behind a line of friends: Thin (12 figures),
   Big (48) and Gren (grenadiers, elite). */
#define PASS_UNITS(friend)                                                                                             \
    "unit French Blue type=hussars companies=2x4 formation=line front=8 at=600,200 facing=0,1 "                        \
    "order=attack toward=600,900\n" friend                                                                            \
    "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=600,1000 facing=0,-1 order=hold\n"

START_TEST(test_interpenetration)
{
    wg_ctx *ctx = wga_ctx();
    static const char *const prefs[] = {"Blue: movement marker", NULL};
    /* through a line of 12, fewer than four times its 8: both in disorder */
    wg_game *g = position(ctx, NULL,
                          PASS_UNITS("unit French Thin type=line-fusiliers companies=4x3 formation=line front=12 "
                                     "at=600,230 facing=0,1 order=hold\n"));
    drive_to(g, prefs, "half-period 1: French commits the move of Blue");
    uint64_t advance = wga_action(g, "Blue: advance");
    ck_assert_int_eq(wga_move_to(g, 600 * 100, 300 * 100), WG_OK);
    wga_drive(g, NULL, "half-period 2");
    size_t m = expect(g, 0, "Blue: move to a point from (600, 200) to (600, 300), in disorder", "LA-MOVE-17");
    expect(g, 0, "Thin obeys, in disorder", "LA-DISORG-06"); /* LA-DISORG-06 */
    expect(g, 0, "Blue obeys, in disorder", "LA-DISORG-06"); /* LA-DISORG-06 */
    (void)m;
    ck_assert_str_eq(wga_text(g, 0, "cohesion"), "in disorder");                             /* LA-DISORG-06 */
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "Thin"), "cohesion"), "in disorder"); /* LA-DISORG-06 */
    wg_game_free(g);

    /* through a unit of four times its figures: that one is not disordered (G-60) */
    g = position(ctx, NULL,
                 PASS_UNITS("unit French Big type=line-fusiliers companies=4x12 formation=line front=48 at=600,230 "
                            "facing=0,1 order=hold\n"));
    drive_to(g, prefs, "half-period 1: French commits the move of Blue");
    ck_assert_int_eq(wga_move_to(g, 600 * 100, 300 * 100), WG_OK);
    wga_drive(g, NULL, "half-period 2");
    expect(g, 0, "Blue obeys, in disorder", "LA-DISORG-06");
    no_event(g, 0, "Big obeys, in disorder");                                              /* LA-DISORG-06 */
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "Big"), "cohesion"), "formed"); /* LA-DISORG-06 */
    wg_game_free(g);

    /* elite and guard refuse it */
    g = position(ctx, NULL,
                 PASS_UNITS("unit French Gren type=grenadiers companies=4x3 formation=line front=12 at=600,230 "
                            "facing=0,1 order=hold\n"));
    drive_to(g, prefs, "half-period 1: French commits the move of Blue");
    ck_assert_int_lt(wgp_find(g, "Blue: advance"), 0); /* LA-DISORG-06 */
    ck_assert_int_lt(wgp_find(g, "move to a point"), 0);
    ASSERT_REFUSED(wgp_refused(g, advance), g,
                   "the move passes through Gren: elite and guard units refuse interpenetration (LA-DISORG-06)");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- LA-MOVE-02 */

/* A and B, two hussars side by side (B on A's right), each moving obliquely to a point. */
static const char *const CROSS_UNITS =
    "unit French A type=hussars companies=1x2 formation=line front=2 at=400,300 facing=0,1 order=hold\n"
    "unit French B type=hussars companies=1x2 formation=line front=2 at=470,300 facing=0,1 order=hold\n"
    "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=1500,1000 facing=0,-1 "
    "order=hold\n";

/* A moves to (440, 400), B to (bx, 400), in the first half-period. */
static wg_game *cross(wg_ctx *ctx, int bx)
{
    static const char *const prefs[] = {"A: movement marker", "B: movement marker", NULL};
    wg_game *g = position(ctx, NULL, CROSS_UNITS);
    drive_to(g, prefs, "half-period 1: French commits the move of A");
    ck_assert_int_eq(wga_move_to(g, 440 * 100, 400 * 100), WG_OK);
    ASSERT_DECISION(g, "half-period 1: French commits the move of B");
    ck_assert_int_eq(wga_move_to(g, (int64_t)bx * 100, 400 * 100), WG_OK);
    wga_drive(g, NULL, "half-period 2");
    return g;
}

START_TEST(test_right_of_way)
{
    wg_ctx *ctx = wga_ctx();
    /* the paths cross: B, on A's right, moves first; A, listed first, stops short of it */
    wg_game *g = cross(ctx, 430);
    size_t b = expect(g, 0, "B: move to a point from (470, 300) to (430, 400)", "LA-MOVE-02"); /* LA-MOVE-02 */
    size_t a = expect(g, 0, "A: move to a point from (400, 300)", NULL);
    ck_assert_int_lt(b, a); /* LA-MOVE-02 */
    expect(g, 0, "A stops short of B", NULL);
    ck_assert_int_lt(wga_attr_of(g, "A", "y"), 400);
    ck_assert_int_eq(wga_attr_of(g, "B", "y"), 400);
    wg_game_free(g);

    /* paths that do not cross: the units' order */
    g = cross(ctx, 510);
    b = expect(g, 0, "B: move to a point from (470, 300) to (510, 400)", "LA-MOVE-17");
    a = expect(g, 0, "A: move to a point from (400, 300) to (440, 400)", "LA-MOVE-17");
    ck_assert_int_lt(a, b);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- LA-CHARGE-08 */

/* Enemy skirmishers Sk stand before Red, both directly in front of Blue and within its reach. */
static const char *const SCREEN_UNITS =
    "unit French Blue type=line-fusiliers companies=4x3 formation=division front=4 at=600,300 facing=0,1 "
    "order=attack toward=600,900\n"
    "unit Austrians Sk type=voltigeurs companies=3x4 formation=skirmish front=12 at=600,370 facing=0,-1 "
    "order=defend zone=600,400 radius=100\n"
    "unit Austrians Red type=line-fusiliers companies=4x3 formation=division front=4 at=600,450 facing=0,-1 "
    "order=hold\n";

START_TEST(test_charge_through_skirmishers)
{
    wg_ctx *ctx = wga_ctx();
    static const char *const charge[] = {"Blue: charge marker", NULL};
    wg_game *g = position(ctx, NULL, SCREEN_UNITS);
    drive_to(g, charge, "the target of Blue's charge");
    /* the charge may name the unit behind the skirmishers (LA-CHARGE-08) */
    ck_assert_int_ge(wgp_find(g, "Blue charges Sk"), 0);
    ck_assert_int_ge(wgp_find(g, "Blue charges Red"), 0); /* LA-CHARGE-08 */
    wgp_choose(g, "Blue charges Red");
    /* the skirmishers may dodge; if they do not, they become the charged unit (LA-CHARGE-08) */
    ASSERT_DECISION(g, "Sk stands before Blue's charge on Red: dodge, or be charged"); /* LA-CHARGE-08 */
    ck_assert_int_ge(wgp_find(g, "Sk dodges"), 0);
    wg_game *d = NULL;
    ck_assert_int_eq(wg_game_clone(&d, g), WG_OK);
    wgp_choose(g, "Sk stands");
    expect(g, 0, "Sk stands (screening against Blue)", "LA-CHARGE-08");
    expect(g, 0, "Blue's charge falls on Sk, who do not dodge", "LA-CHARGE-08"); /* LA-CHARGE-08 */
    ck_assert_int_eq(wga_attr_of(g, "Blue", "charging"), wga_attr_of(g, "Sk", "id")); /* LA-CHARGE-08 */
    ASSERT_DECISION(g, "Sk's morale test to receive a charge");                    /* LA-CHARGE-08 */
    wga_obey(g);
    no_event(g, 0, "Red tests to receive a charge");
    wga_drive(g, NULL, NULL);
    expect(g, 0, "Blue contacts Sk", NULL);
    wg_game_free(g);

    /* they dodge: the charge goes on to Red */
    wgp_choose(d, "Sk dodges");
    expect(d, 0, "Sk dodges (screening against Blue)", "LA-CHARGE-08"); /* LA-CHARGE-08 */
    ck_assert_int_eq(wga_attr_of(d, "Blue", "charging"), wga_attr_of(d, "Red", "id"));
    ASSERT_DECISION(d, "Red's morale test to receive a charge");
    wga_obey(d);
    wga_drive(d, NULL, NULL);
    expect(d, 0, "Sk: dodge from (600, 370)", "LA-DODGE-01");
    wg_game_free(d);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("aigles_charges");
    TCase *tc = tcase_create("rules");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_uncontrolled_advance_is_a_charge);
    tcase_add_test(tc, test_enemy_directly_in_front);
    tcase_add_test(tc, test_two_period_charge);
    tcase_add_test(tc, test_charge_through_skirmishers);
    tcase_add_test(tc, test_counter_charge_conditions);
    tcase_add_test(tc, test_cover_counter_charge);
    tcase_add_test(tc, test_counter_charge_half_distance);
    tcase_add_test(tc, test_skirmishers_in_cover_need_not_dodge);
    tcase_add_test(tc, test_square_after_a_half_period);
    tcase_add_test(tc, test_skirmishers_uncontrolled_advance);
    tcase_add_test(tc, test_disorganised_no_forced_march_no_charge);
    tcase_add_test(tc, test_interpenetration);
    tcase_add_test(tc, test_right_of_way);
    tcase_add_test(tc, test_disorganised_after_first_melee_turn);
    tcase_add_test(tc, test_charge_with_half_a_period_of_change_left);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

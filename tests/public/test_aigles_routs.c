/* Les Aigles routs, flags, prisoners, flight and the morale factors around them, proven by play
   through the public API: the optional capture of flags (option flags=on, T32 with G-40's d6 above 7),
   units that surrender in a construction (the Guard and the Elite refusing as the rules allow), a
   fleeing unit that takes no more tests, retreats made in the first half-period, the tests of a melee
   lost taken at the end of the period, and the morale factors of several enemies beating one unit, of
   threats on a flank and the batteries that fired at them, of routs by their size and status, and of a
   general killed.  Positions are built from documents (tests/support/wgaigles.h); decisions are taken
   by label and dice by "die N".  Checklist items are cited next to the assertions that prove them. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wargame.h"
#include "wgaigles.h"
#include "wgplay.h"

/* Cuirassiers (8 figures in line) facing a line of fusiliers (12 figures) 100 paces away. */
#define CUIRASSIERS_ON_LINE                                                                                            \
    "unit French Blue type=cuirassiers companies=cuirassiers:4,cuirassiers:4 formation=line front=8 at=500,300 "       \
    "facing=0,1 order=hold\n"                                                                                          \
    "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=500,400 facing=0,-1 order=hold\n"

static const char *const CHARGE[] = {"Blue: charge marker", "Blue charges Red", NULL};

static const wga_setup FLAGS = {.options = "break=none,flags=on"};
static const wga_setup NOFLAGS = {.options = "break=none"};

/* Plays the cuirassiers' charge: Red tests to receive it (die 6), then the melee dice 6 and 5: Blue
   inflicts 26 losses (row 11, 8 figures) and suffers none. */
static wg_game *charge_won(wg_ctx *ctx, const wga_setup *su)
{
    wg_game *g = wga_game(ctx, su, CUIRASSIERS_ON_LINE);
    wga_drive(g, CHARGE, NULL);
    ck_assert_msg(wga_has_decision(g, "morale test to receive a charge"), "%s", wgp_decision(g));
    wga_die(g, 6);
    wga_drive(g, CHARGE, NULL);
    ck_assert_msg(wga_has_decision(g, "phase 5: the die of Blue in its melee with Red"), "%s", wgp_decision(g));
    wga_die(g, 6);
    wga_die(g, 5);
    return g;
}

/* ---------------------------------------------------------------- flags (optional) */

START_TEST(test_flag_option_and_capture)
{
    wg_ctx *ctx = wga_ctx();
    /* without the option no unit carries a flag and no test follows a melee won */
    wg_game *g = charge_won(ctx, &NOFLAGS);
    int red = wga_piece(g, "Red");
    ck_assert(!wga_has_attr(g, (size_t)red, "flag")); /* LA-FLAGS-01: optional */
    ck_assert(!wga_has_decision(g, "test for the flag"));
    wg_game_free(g);

    /* with it, the battalion and the regiment each carry one */
    g = wga_game(ctx, &FLAGS, CUIRASSIERS_ON_LINE);
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "Red"), "flag"), "carried");  /* LA-FLAGS-01 */
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "Blue"), "flag"), "carried"); /* LA-FLAGS-01 */
    wg_game_free(g);

    /* Blue wins the melee: a test for Red's flag.  T32: Red in disorder +2, first melee won +1, one block
       of 15 in 26 losses inflicted +1 = +4; "unit charging" prints no value and the host supplied none:
       not counted (G-40).  A d6: 3 + 4 = 7 is not above 7 */
    g = charge_won(ctx, &FLAGS);
    size_t e0 = wgp_event_count(g);
    ck_assert_msg(wga_has_decision(g, "phase 5: the die of Blue's test for the flag of Red"), "%s", wgp_decision(g));
    ck_assert_int_eq((int)wgp_count(g, "die "), 6); /* LA-FLAGS-02: a d6 (G-40) */
    wga_die(g, 3);
    wga_expect(g, e0,
                        "Blue tests for the flag of Red: die 3, +1 first melee won, +2 opponent in disorder, "
                        "+1 15 losses inflicted: total 7, the flag is kept",
                        "LA-FLAGS-02"); /* LA-FLAGS-02, LA-FLAGS-03, LA-FLAGS-04, LA-FLAGS-05 */
    ck_assert_str_eq(wga_text(g, (size_t)red, "flag"), "carried"); /* LA-FLAGS-02: 7 is not above 7 */
    /* Red's test for the melee lost, end of the period */
    ck_assert_msg(wga_has_decision(g, "Red's morale test for a melee lost"), "%s", wgp_decision(g));
    size_t t0 = wgp_event_count(g);
    wga_die(g, 6);
    long kept = wga_expect(g, t0, "Red tests for a melee lost: die 6", "LA-MORALE-16");
    int total_kept = 0;
    ck_assert(sscanf(strstr(wgp_event(g, (size_t)kept, WG_VIEW_REFEREE), "total ") + 6, "%d", &total_kept) == 1);
    wg_game_free(g);

    /* die 4: 8, above 7: the flag is taken, and Red tests one point lower */
    g = charge_won(ctx, &FLAGS);
    e0 = wgp_event_count(g);
    wga_die(g, 4);
    wga_expect(g, e0, "Blue tests for the flag of Red: die 4", "LA-FLAGS-02");
    wga_expect(g, e0, "total 8, the flag is taken", "LA-FLAGS-02");            /* LA-FLAGS-02 */
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "Red"), "flag"), "lost"); /* LA-FLAGS-02 */
    t0 = wgp_event_count(g);
    wga_die(g, 6);
    long lost = wga_expect(g, t0, "Red tests for a melee lost: die 6", "LA-MORALE-16");
    int total_lost = 0;
    ck_assert(sscanf(strstr(wgp_event(g, (size_t)lost, WG_VIEW_REFEREE), "total ") + 6, "%d", &total_lost) == 1);
    ck_assert_int_eq(total_lost, total_kept - 1); /* LA-FLAGS-06: one morale point less */
    wg_game_free(g);

    /* a host that supplies "unit charging" (G-40 proposes +2): it counts, 2 + 4 + 2 = 8 takes it */
    g = charge_won(ctx, &FLAGS);
    wg_table *t = NULL;
    ck_assert_int_eq(wg_game_table_find(&t, g, "T32-flag-capture"), WG_OK);
    static const char sup[] = "wgdata 1 table\nname T32-flag-capture\ncell unit-charging value +2\n";
    ck_assert_int_eq(wg_table_supply(t, sup, sizeof sup - 1), WG_OK);
    e0 = wgp_event_count(g);
    wga_die(g, 2);
    wga_expect(g, e0, "Blue tests for the flag of Red: die 2, +1 first melee won, +2 opponent in disorder, "
                      "+1 15 losses inflicted, +2 charging: total 8, the flag is taken",
               "LA-FLAGS-02"); /* LA-FLAGS-05 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Hussars charge cuirassiers that stand and win: the winner was charged (-2) and suffered losses
   (-1 per block of 15, G-40). */
START_TEST(test_flag_charged_winner)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = wga_game(ctx, &FLAGS,
                          "unit French Blue type=hussars companies=4x2 formation=line front=8 at=500,160 facing=0,1 "
                          "order=hold\n"
                          "unit Austrians Red type=cuirassiers companies=cuirassiers:4,cuirassiers:4 formation=line "
                          "front=8 at=500,400 facing=0,-1 order=hold\n");
    wga_drive(g, CHARGE, NULL);
    ck_assert_msg(wga_has_decision(g, "Red's morale test to receive a charge"), "%s", wgp_decision(g));
    wga_die(g, 6);
    wga_drive(g, CHARGE, NULL);
    ck_assert_msg(wga_has_decision(g, "Blue's morale test before charging"), "%s", wgp_decision(g));
    wga_die(g, 5); /* total 10: a veteran obeys, and its charge is effective */
    wga_drive(g, CHARGE, NULL);
    ck_assert_msg(wga_has_decision(g, "phase 5: the die of Blue in its melee with Red"), "%s\n%s", wgp_decision(g),
                  wgp_events_dump(g, 0, WG_VIEW_REFEREE));
    wga_die(g, 1);
    wga_die(g, 6);
    /* Blue (row 7) 17 losses, Red (row 9) 22: Red wins, and tests for Blue's flag */
    wga_expect(g, 0, "Red wins the melee; Blue falls back", NULL);
    ck_assert_msg(wga_has_decision(g, "the die of Red's test for the flag of Blue"), "%s", wgp_decision(g));
    size_t e0 = wgp_event_count(g);
    wga_die(g, 6);
    /* +1 first melee won, +1 a block of 15 in 22 inflicted, -1 a block of 15 in 17 suffered (G-40: the
       printed -1 row), -2 the winner was charged: 6 - 1 = 5 */
    wga_expect(g, e0, "Red tests for the flag of Blue: die 6, +1 first melee won, +1 15 losses inflicted, "
                      "-1 15 losses suffered, -2 charged: total 5, the flag is kept",
               "LA-FLAGS-02"); /* LA-FLAGS-03, LA-FLAGS-05 */
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "Blue"), "flag"), "carried");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST


/* ---------------------------------------------------------------- prisoners */

/* The sample army with types of our own (host data): Guard and Elite infantry of morale value 0 (so
   that a test in a village can go badly), `sharp` (fire 8) and `stout` (veteran, morale 10). */
static char *army_with_guard(void)
{
    char *a = wgp_read_source("data/aigles/sample-army.wgd", NULL);
    ck_assert_ptr_nonnull(a);
    static const char extra[] =
        "unittype old-guard arm=infantry status=G manoeuvre=A fire=3 combat=5 charge=1 morale=0 weapon=fusil points=20\n"
        "unittype elite-grenadiers arm=infantry status=E manoeuvre=A fire=3 combat=5 charge=1 morale=0 weapon=fusil "
        "points=14 elite\n"
        "unittype sharp arm=infantry status=R manoeuvre=B fire=8 combat=3 charge=1 morale=3 weapon=fusil points=10\n"
        "unittype stout arm=infantry status=V manoeuvre=B fire=3 combat=3 charge=1 morale=10 weapon=fusil points=10\n";
    size_t n = strlen(a);
    char *b = malloc(n + sizeof extra + 1);
    ck_assert_ptr_nonnull(b);
    memcpy(b, a, n);
    if (n && b[n - 1] != '\n')
        b[n++] = '\n';
    memcpy(b + n, extra, sizeof extra);
    free(a);
    return b;
}

/* Blue's line fusiliers charge Red, a 4-figure line of `type` standing in the village of Hamlet; Red
   tests to receive the charge with `die`.  Returns the game after that die. */
static wg_game *charged_in_village(wg_ctx *ctx, const char *army, const char *type, const char *more, int die,
                                  size_t *e0)
{
    char *table = wga_table(2600, 1200, "area village name=Hamlet 350,380 650,380 650,520 350,520\n");
    wga_setup su = {.army = army, .table = table, .options = "break=none"};
    char units[1024];
    snprintf(units, sizeof units,
             "unit French Blue type=line-fusiliers companies=4x3 formation=division front=4 at=500,300 facing=0,1 "
             "order=hold\n"
             "unit Austrians Red type=%s companies=1x4 formation=line front=4 at=500,420 facing=0,-1 order=hold\n%s",
             type, more ? more : "");
    wg_game *g = wga_game(ctx, &su, units);
    free(table);
    static const char *const charge[] = {"Blue: charge marker", "Blue charges Red", NULL};
    wga_drive(g, charge, NULL);
    ck_assert_msg(wga_has_decision(g, "Red's morale test to receive a charge"), "%s", wgp_decision(g));
    *e0 = wgp_event_count(g);
    wga_die(g, die);
    return g;
}

/* The total of the first test event from e0 holding needle. */
static int test_total(wg_game *g, size_t e0, const char *needle)
{
    long k = wga_expect(g, e0, needle, "LA-MORALE-16");
    const char *t = strstr(wgp_event(g, (size_t)k, WG_VIEW_REFEREE), "total ");
    int v = 0;
    ck_assert(t && sscanf(t + 6, "%d", &v) == 1);
    return v;
}

/* Hussars 150 paces beside Red's flank, facing it (a threat), or facing away (none). */
#define GREEN_THREAT "unit French Green type=hussars companies=4x2 formation=line front=8 at=700,470 facing=-1,0 order=hold\n"
#define GREEN_AWAY "unit French Green type=hussars companies=4x2 formation=line front=8 at=700,470 facing=1,0 order=hold\n"

START_TEST(test_prisoners_in_a_construction)
{
    wg_ctx *ctx = wga_ctx();
    char *army = army_with_guard();
    size_t e0 = 0;
    /* Landwehr (militia) in the village: die 1, flight; in a construction it surrenders */
    wg_game *g = charged_in_village(ctx, army, "landwehr", NULL, 1, &e0);
    wga_expect(g, e0, "Red tests to receive a charge: die 1, total 4: fleeing", "LA-MORALE-16");
    wga_expect(g, e0, "Red is taken prisoner", "LA-PRISON-04"); /* LA-PRISON-04 */
    ck_assert_int_lt(wga_piece(g, "Red"), 0);                   /* LA-PRISON-04: removed */
    wg_game_free(g);

    /* the Guard refuses whatever its result: a retreat here, and it falls back */
    g = charged_in_village(ctx, army, "old-guard", NULL, 1, &e0);
    wga_expect(g, e0, "Red tests to receive a charge: die 1, total 3: retreating", "LA-MORALE-16");
    wga_no_event(g, e0, "taken prisoner");                                      /* LA-PRISON-02 */
    wga_expect(g, e0, "Red: fall back from (500, 420)", "LA-MORALERES-08");     /* LA-PRISON-02 */
    wg_game_free(g);

    /* the Elite refuses on a retreat ... */
    g = charged_in_village(ctx, army, "elite-grenadiers", NULL, 1, &e0);
    wga_expect(g, e0, "Red tests to receive a charge: die 1, total 3: retreating", "LA-MORALE-16");
    wga_no_event(g, e0, "taken prisoner"); /* LA-PRISON-02 */
    wg_game_free(g);

    /* ... but surrenders on a rout: hussars threatening its flank take 2 more (T22, note (5)) */
    g = charged_in_village(ctx, army, "elite-grenadiers", GREEN_THREAT, 1, &e0);
    ck_assert_int_eq(test_total(g, e0, "Red tests to receive a charge: die 1"), 1); /* LA-MORALEFACT-32: 3 - 2 */
    wga_expect(g, e0, "Red tests to receive a charge: die 1, total 1: routing", "LA-MORALE-16");
    wga_expect(g, e0, "Red is taken prisoner", "LA-PRISON-04"); /* LA-PRISON-02: the Elite surrenders on a rout */
    wg_game_free(g);

    /* the same hussars facing away hold no flank of Red in their zone of action: no threat */
    g = charged_in_village(ctx, army, "elite-grenadiers", GREEN_AWAY, 1, &e0);
    ck_assert_int_eq(test_total(g, e0, "Red tests to receive a charge: die 1"), 3); /* LA-MORALEFACT-32 */
    wg_game_free(g);
    free(army);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- several enemies */

/* Grenadiers (Elite: they stand when beaten) charged by cuirassiers in front (Blue), and by
   `flankers` more (Blue2 on the right flank, Blue3 on the left), each a melee of its own; every
   cuirassier rolls 6 and Red 1: Red loses each.  The game at Red's test for the melees lost. */
static wg_game *beaten_by(wg_ctx *ctx, int flankers)
{
    char units[1024];
    snprintf(units, sizeof units,
             "unit French Blue type=cuirassiers companies=cuirassiers:4 formation=line front=4 at=480,340 facing=0,1 "
             "order=hold\n"
             "unit Austrians Red type=grenadiers companies=4x3 formation=line front=12 at=500,400 facing=0,-1 "
             "order=hold\n%s%s",
             flankers >= 1 ? "unit French Blue2 type=cuirassiers companies=cuirassiers:4 formation=line front=4 "
                             "at=690,410 facing=-1,0 order=hold\n"
                           : "",
             flankers >= 2 ? "unit French Blue3 type=cuirassiers companies=cuirassiers:4 formation=line front=4 "
                             "at=310,410 facing=1,0 order=hold\n"
                           : "");
    wg_game *g = wga_game(ctx, &NOFLAGS, units);
    static const char *const all[] = {"Blue: charge marker",  "Blue charges Red",  "Blue2: charge marker",
                                      "Blue2 charges Red",    "Blue3: charge marker", "Blue3 charges Red",
                                      NULL};
    for (int n = 0; n < 40 && !wga_has_decision(g, "Red's morale test for a melee lost"); n++) {
        ck_assert(!wga_over(g));
        if (wgp_decider(g) != WG_PLAYER_CHANCE)
            wga_drive(g, all, NULL);
        else if (wga_has_decision(g, "morale test"))
            wga_die(g, 6);
        else
            wga_die(g, wga_has_decision(g, "the die of Red") ? 1 : 6);
    }
    ck_assert_msg(wga_has_decision(g, "Red's morale test for a melee lost"), "%s", wgp_decision(g));
    return g;
}

START_TEST(test_beaten_by_several)
{
    wg_ctx *ctx = wga_ctx();
    /* one enemy: just lost, -1, nothing more */
    wg_game *g = beaten_by(ctx, 0);
    wga_odds_ok(g, "morale unit=2 occasion=3");
    wga_odds_has("{\"name\":\"T24-morale-melee\",\"value\":-1,\"text\":\"just-lost-melee\"");
    wga_odds_lacks("per-additional-enemy-unit"); /* LA-MORALEFACT-25 */
    wg_game_free(g);

    /* two, in two melees fought separately: the EXAMPLE's -1 (first loss) and -2 */
    g = beaten_by(ctx, 1);
    /* Red lost to Blue first, but tests only at the end of the period, after the second melee: a test
       for a melee lost is taken at the end of the period (LA-SEQ-02) */
    long w1 = wga_expect(g, 0, "Blue wins the melee; Red stands", NULL);
    long w2 = wga_expect(g, 0, "Blue2 wins the melee; Red stands", NULL);
    ck_assert_int_lt(w1, w2);
    wga_no_event(g, (size_t)w1, "Red tests"); /* LA-SEQ-02 */
    ck_assert_msg(wga_has_decision(g, "period 1, the die of Red's morale test for a melee lost"), "%s",
                  wgp_decision(g)); /* LA-SEQ-02 */
    wga_odds_ok(g, "morale unit=2 occasion=3");
    wga_odds_has("{\"name\":\"T24-morale-melee\",\"value\":-1,\"text\":\"just-lost-melee\"");       /* LA-MORALEFACT-25 */
    wga_odds_has("{\"name\":\"T24-morale-melee\",\"value\":-2,\"text\":\"per-additional-enemy-unit\""); /* LA-MORALEFACT-25 */
    wga_odds_lacks("lost-second-consecutive"); /* two losses in one period are one loss for the streak */
    wg_game_free(g);

    /* three: -4 */
    g = beaten_by(ctx, 2);
    wga_expect(g, 0, "Blue3 wins the melee; Red stands", NULL);
    wga_odds_ok(g, "morale unit=2 occasion=3");
    wga_odds_has("{\"name\":\"T24-morale-melee\",\"value\":-1,\"text\":\"just-lost-melee\"");       /* LA-MORALEFACT-25 */
    wga_odds_has("{\"name\":\"T24-morale-melee\",\"value\":-4,\"text\":\"per-additional-enemy-unit\""); /* LA-MORALEFACT-25 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- a general killed */

START_TEST(test_general_killed_not_replaced)
{
    wg_ctx *ctx = wga_ctx();
    char *army = army_with_guard();
    wga_setup su = {.army = army, .options = "break=none"};
    wg_game *g = wga_game(ctx, &su,
                          "officer French G charisma=0 command=3 at=1000,500 facing=0,1\n"
                          "unit French Stout type=stout companies=1x4 formation=line front=4 at=1000,600 facing=0,1 "
                          "order=hold\n"
                          "unit Austrians Sharp type=sharp companies=2x4 formation=line front=8 at=1000,680 "
                          "facing=0,-1 order=hold\n"
                          "unit French Far type=stout companies=1x4 formation=line front=4 at=2000,300 facing=0,1 "
                          "order=hold\n");
    free(army);
    static const char *const p[] = {"G joins Stout", "Sharp: fire marker", "Sharp fires at Stout", NULL};
    wga_drive(g, p, NULL);
    ck_assert_msg(wga_has_decision(g, "the die of Sharp's fire at Stout"), "%s", wgp_decision(g));
    wga_die(g, 6); /* 24 losses on 4 figures */
    for (int n = 0; n < 10 && !wga_has_decision(g, "fate"); n++) {
        if (wgp_decider(g) == WG_PLAYER_CHANCE)
            wga_die(g, 6);
        else
            wga_drive(g, NULL, "fate");
    }
    ck_assert_msg(wga_has_decision(g, "the die of G's fate"), "%s", wgp_decision(g));
    /* G alive: no such factor for Far, a unit of his side away from him */
    wga_odds_ok(g, "morale unit=3");
    wga_odds_lacks("general-killed"); /* LA-MORALEFACT-22 */
    size_t e0 = wgp_event_count(g);
    wga_die(g, 3); /* 24 x 3 = 72 = 18 x 4: killed */
    wga_expect(g, e0, "G, with 24 losses over 4 figures, die 3: killed", "LA-OFFLOSS-01");
    /* killed and not replaced: -1 to every unit of his side, Far as well (T23) */
    wga_odds_ok(g, "morale unit=3");
    wga_odds_has("{\"name\":\"T23-morale-officers\",\"value\":-1,\"text\":\"general-killed-not-replaced\""); /* LA-MORALEFACT-22 */
    wga_odds_ok(g, "morale unit=2");
    wga_odds_lacks("general-killed"); /* LA-MORALEFACT-22: not to the enemy */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- flight */

START_TEST(test_flight)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = wga_game(ctx, &NOFLAGS,
                          "unit French Blue type=cuirassiers companies=cuirassiers:4,cuirassiers:4 formation=line "
                          "front=8 at=500,300 facing=0,1 order=hold\n"
                          "unit Austrians Red type=landwehr companies=3x4 formation=line front=12 at=500,400 "
                          "facing=0,-1 order=hold\n"
                          "unit Austrians Red2 type=line-fusiliers companies=4x3 formation=line front=12 at=500,700 "
                          "facing=0,-1 order=hold\n");
    wga_drive(g, CHARGE, NULL);
    size_t e0 = wgp_event_count(g);
    wga_die(g, 1);
    for (int n = 0; n < 30 && !wga_over(g) && !wga_has_decision(g, "period 2, phase 1"); n++) {
        if (wgp_decider(g) == WG_PLAYER_CHANCE)
            wga_die(g, 6);
        else
            wga_drive(g, CHARGE, "period 2, phase 1");
    }
    ck_assert_msg(wga_has_decision(g, "period 2, phase 1"), "%s", wgp_decision(g));
    /* the test to receive the charge, during the period (phase 2), before any move (LA-SEQ-02) */
    long t = wga_expect(g, e0, "Red tests to receive a charge: die 1, total 1: fleeing", "LA-MORALE-16");
    wga_expect(g, e0, "Red fleeing, in disorder", "LA-FLIGHT-01");
    /* the flight is made in the first half-period, before the charge's first half and away from the
       charger (Blue at y 300, Red from y 400 to 585): its move and the only one (LA-SEQ-06) */
    long f = wga_expect(g, e0, "Red: fall back from (500, 400) to (500, 585)", "LA-FLIGHT-02");
    long c1 = wga_expect(g, e0, "Blue: charge from (500, 300) to (500, 399)", "LA-CHARGE-10");
    long c2 = wga_expect(g, e0, "Blue: charge from (500, 399) to (500, 559)", "LA-CHARGE-10");
    ck_assert_int_lt(t, f);
    ck_assert_int_lt(f, c1); /* LA-SEQ-06 */
    long again = wgp_find_event(g, (size_t)c1, "Red: fall back", WG_VIEW_REFEREE);
    ck_assert(again < 0 || strcmp(wga_rule(g, again), "LA-FLIGHT-02") != 0); /* LA-SEQ-06: none in half 2 */
    ck_assert_int_lt(c1, c2);
    /* caught and beaten in the melee, a fleeing unit takes no test (LA-FLIGHT-03) */
    wga_expect(g, e0, "Blue wins the melee; Red falls back", NULL);
    wga_no_event(g, (size_t)t + 1, "Red tests"); /* LA-FLIGHT-03 */
    /* at the end of the period, 150 paces from Red2 (formed, facing the enemy), no test to rally: a flight
       cannot be stopped (LA-FLIGHT-03) */
    wga_no_event(g, e0, "to stop its rout"); /* LA-FLIGHT-03 */
    ck_assert_str_eq(wga_text(g, (size_t)wga_piece(g, "Red"), "morale"), "fleeing"); /* LA-FLIGHT-03 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- routs around a unit */

/* Blue's cuirassiers charge Red, Landwehr of `companies` in line, which flees at the die 1 (from y 400
   to 585); Red2, regular line fusiliers, stand behind it; Watch, French, stands at `watch` facing
   forward.  The game at the first die of the melee (period 1), when Red has fled. */
static wg_game *flight_seen(wg_ctx *ctx, const char *companies, int front, const char *watch)
{
    char units[1024];
    snprintf(units, sizeof units,
             "unit French Blue type=cuirassiers companies=cuirassiers:4,cuirassiers:4 formation=line front=8 "
             "at=500,300 facing=0,1 order=hold\n"
             "unit Austrians Red type=landwehr companies=%s formation=line front=%d at=500,400 facing=0,-1 "
             "order=hold\n"
             "unit Austrians Red2 type=line-fusiliers companies=4x3 formation=line front=12 at=500,700 "
             "facing=0,-1 order=hold\n"
             "unit French Watch type=line-fusiliers companies=4x1 formation=line front=4 at=%s facing=0,1 "
             "order=hold\n",
             companies, front, watch);
    wg_game *g = wga_game(ctx, &NOFLAGS, units);
    wga_drive(g, CHARGE, NULL);
    wga_die(g, 1);
    for (int n = 0; n < 30 && !wga_has_decision(g, "phase 5"); n++) {
        ck_assert(!wga_over(g));
        if (wgp_decider(g) == WG_PLAYER_CHANCE)
            wga_die(g, 6);
        else
            wga_drive(g, CHARGE, "phase 5");
    }
    ck_assert_msg(wga_has_decision(g, "period 1, phase 5"), "%s", wgp_decision(g));
    wga_expect(g, 0, "Red fleeing", "LA-FLIGHT-01");
    return g;
}

START_TEST(test_routs_around)
{
    wg_ctx *ctx = wga_ctx();
    /* Watch 200 paces beside Red's start: an enemy flight of 12 figures counts +2 */
    wg_game *g = flight_seen(ctx, "3x4", 12, "700,300");
    wga_odds_ok(g, "morale unit=4");
    wga_odds_has("{\"name\":\"T22-morale-environment\",\"value\":2,\"text\":\"each-enemy-rout\""); /* LA-MORALEFACT-31 */
    /* Red2 (regular) does not count the flight of Red (militia, a lower status) */
    wga_odds_ok(g, "morale unit=3");
    wga_odds_lacks("each-friendly-rout"); /* LA-MORALEFACT-31 */
    wg_game_free(g);

    /* a flight of 4 infantry figures is disregarded */
    g = flight_seen(ctx, "1x4", 4, "700,300");
    wga_odds_ok(g, "morale unit=4");
    wga_odds_lacks("each-enemy-rout"); /* LA-MORALEFACT-31 */
    wg_game_free(g);

    /* Watch at (880, 300): Red passed within 300 paces of it (about 280 at its start) though it now
       stands beyond (about 365): it counts for the period */
    g = flight_seen(ctx, "3x4", 12, "880,300");
    ck_assert_int_eq(wga_attr_of(g, "Red", "y"), 585);
    wga_odds_ok(g, "morale unit=4");
    wga_odds_has("{\"name\":\"T22-morale-environment\",\"value\":2,\"text\":\"each-enemy-rout\""); /* LA-MORALEFACT-31 */
    wg_game_free(g);
    /* at (1000, 300) it never came within 300 paces (about 390 at its start) */
    g = flight_seen(ctx, "3x4", 12, "1000,300");
    wga_odds_ok(g, "morale unit=4");
    wga_odds_lacks("each-enemy-rout"); /* LA-MORALEFACT-31 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- batteries */

/* Green's hussars threaten Red's flank; the Austrian battery Guns fires at them (or holds its fire). */
static wg_game *battery_on_threat(wg_ctx *ctx, int fire)
{
    wg_game *g = wga_game(ctx, &NOFLAGS,
                          "unit French Blue type=line-fusiliers companies=4x3 formation=division front=4 at=500,340 "
                          "facing=0,1 order=hold\n"
                          "unit Austrians Red type=line-fusiliers companies=4x1 formation=line front=4 at=500,420 "
                          "facing=0,-1 order=hold\n" GREEN_THREAT
                          "unit Austrians Guns type=foot-battery companies=3x2 formation=in-battery front=6 at=1000,470 "
                          "facing=-1,0 order=neutralise target=Green\n");
    static const char *const fires[] = {"Blue: charge marker", "Blue charges Red", "Guns: fire marker",
                                        "Guns fires at Green", NULL};
    static const char *const holds[] = {"Blue: charge marker", "Blue charges Red", "Guns: fire marker",
                                        "Guns holds its fire", NULL};
    for (int n = 0; n < 30 && !wga_has_decision(g, "phase 5"); n++) {
        ck_assert(!wga_over(g));
        if (wgp_decider(g) == WG_PLAYER_CHANCE)
            wga_die(g, wga_has_decision(g, "Guns's fire") ? 1 : 6);
        else
            wga_drive(g, fire ? fires : holds, "phase 5");
    }
    /* the melee of Blue and Red, after the fire phase of the same period */
    ck_assert_msg(wga_has_decision(g, "period 1, phase 5: the die of Blue in its melee with Red"), "%s\n%s",
                  wgp_decision(g), wgp_events_dump(g, 0, WG_VIEW_REFEREE));
    return g;
}

START_TEST(test_battery_fired_on_threat)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = battery_on_threat(ctx, 1);
    wga_expect(g, 0, "Guns fires round shot at Green", "LA-FIRE-01");
    wga_odds_ok(g, "morale unit=2");
    wga_odds_has("{\"name\":\"T22-morale-environment\",\"value\":-2,\"text\":\"enemy-on-the-flank\""); /* LA-MORALEFACT-32 */
    wga_odds_has("{\"name\":\"T22-morale-environment\",\"value\":1,\"text\":\"per-battery-fired-on-threat\""); /* LA-MORALEFACT-20 */
    wg_game_free(g);
    g = battery_on_threat(ctx, 0);
    wga_expect(g, 0, "Guns holds its fire", "LA-FIRE-01");
    wga_odds_ok(g, "morale unit=2");
    wga_odds_lacks("per-battery-fired-on-threat"); /* LA-MORALEFACT-20 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("aigles_routs");
    TCase *tc = tcase_create("routs");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_flag_option_and_capture);
    tcase_add_test(tc, test_flag_charged_winner);
    tcase_add_test(tc, test_prisoners_in_a_construction);
    tcase_add_test(tc, test_beaten_by_several);
    tcase_add_test(tc, test_general_killed_not_replaced);
    tcase_add_test(tc, test_flight);
    tcase_add_test(tc, test_routs_around);
    tcase_add_test(tc, test_battery_fired_on_threat);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

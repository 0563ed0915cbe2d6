/* Les Aigles: a unit meeting an enemy already in a melee, proven by play through the public API: the
   flank and rear bonuses of an established melee (T16, T17), no charge bonus for a charge into it,
   a square (or a line) facing cavalry and infantry at once, a line supporting a friendly line's melee
   from its rear.  Positions are built from documents
   (tests/support/wgaigles.h); decisions are taken by label and dice by "die N".  Checklist items are
   cited next to the assertions that prove them. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wargame.h"
#include "wgaigles.h"
#include "wgplay.h"

static const wga_setup NOFLAGS = {.options = "break=none"};

static const char *const ALL[] = {"Blue: charge marker", "Blue charges Red", "Blue2: charge marker",
                                  "Blue2 charges Red", NULL};

/* Drives until the die of `who`'s melee (every morale test die 6). */
static void to_melee(wg_game *g, const char *who)
{
    for (int n = 0; n < 60 && !wga_has_decision(g, who); n++) {
        ck_assert_msg(!wga_over(g), "%s", wgp_events_dump(g, 0, WG_VIEW_REFEREE));
        if (wgp_decider(g) != WG_PLAYER_CHANCE)
            wga_drive(g, ALL, who);
        else
            wga_die(g, 6);
    }
    ck_assert_msg(wga_has_decision(g, who), "%s\n%s", wgp_decision(g), wgp_events_dump(g, 0, WG_VIEW_REFEREE));
}

/* Cuirassiers (Blue) charge a line of grenadiers (Red) in front and reach it in the first half-period;
   Blue2 (`second`, a record without name and side) charges Red's right flank from `x2` paces.  The
   game at Blue2's melee die. */
static wg_game *second_on_flank(wg_ctx *ctx, const char *second, int x2)
{
    char units[1024];
    snprintf(units, sizeof units,
             "unit French Blue type=cuirassiers companies=cuirassiers:4 formation=line front=4 at=480,340 "
             "facing=0,1 order=hold\n"
             "unit Austrians Red type=grenadiers companies=4x3 formation=line front=12 at=500,400 facing=0,-1 "
             "order=hold\n"
             "unit French Blue2 %s at=%d,410 facing=-1,0 order=hold\n",
             second, x2);
    wg_game *g = wga_game(ctx, &NOFLAGS, units);
    to_melee(g, "the die of Blue2 in its melee");
    return g;
}

#define CUIRASSIERS2 "type=cuirassiers companies=cuirassiers:4 formation=line front=4"
#define FUSILIERS2 "type=line-fusiliers companies=4x3 formation=line front=12"

/* The contact of Blue2 with Red (its event), which must exist. */
static const char *contact_text(wg_game *g)
{
    long k = wga_event(g, 0, "Blue2 contacts Red");
    return wgp_event(g, (size_t)k, WG_VIEW_REFEREE);
}

START_TEST(test_cavalry_into_established_melee)
{
    wg_ctx *ctx = wga_ctx();
    /* Blue2 reaches Red's flank in the first half-period, with Blue: the contacts are simultaneous,
       two melees begun together; the first turn's flank row (+3) and its charge bonus */
    wg_game *g = second_on_flank(ctx, CUIRASSIERS2, 690);
    wga_expect(g, 0, "Blue2 contacts Red on its flank: an effective charge", NULL);
    ck_assert_msg(strstr(contact_text(g), "established") == NULL, "%s", contact_text(g)); /* LA-MOVE-05 */
    wga_odds_ok(g, "melee from=3 at=2");
    wga_odds_has("{\"name\":\"T17-melee-cavalry\",\"value\":3,\"text\":\"flank-or-rear-first-turn\"");
    wga_odds_lacks("flank-or-rear-established");
    wga_odds_has("{\"name\":\"charge\",\"value\":2"); /* the cuirassiers' charge bonus */
    wg_game_free(g);

    /* Blue2 arrives in the second half-period: Red's melee with Blue is established (LA-MOVE-05) */
    g = second_on_flank(ctx, CUIRASSIERS2, 820);
    wga_expect(g, 0, "Blue2 contacts Red on its flank: an effective charge, into an established melee", NULL); /* LA-MOVE-05 */
    wga_odds_ok(g, "melee from=3 at=2");
    wga_odds_has("{\"name\":\"T17-melee-cavalry\",\"value\":2,\"text\":\"flank-or-rear-established\""); /* LA-MELEEFACT-21 */
    wga_odds_lacks("flank-or-rear-first-turn"); /* LA-MELEEFACT-21: not the first-turn row as well */
    wga_odds_has("{\"name\":\"charge\",\"value\":0"); /* LA-CHARGE-05: an effective charge, no bonus */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

START_TEST(test_infantry_into_established_melee)
{
    wg_ctx *ctx = wga_ctx();
    /* fusiliers in line reaching Red's flank with the cuirassiers, in the first half-period: +2 */
    wg_game *g = second_on_flank(ctx, FUSILIERS2, 635);
    ck_assert_msg(strstr(contact_text(g), "established") == NULL, "%s", contact_text(g)); /* LA-MOVE-05 */
    wga_odds_ok(g, "melee from=3 at=2");
    wga_odds_has("{\"name\":\"T16-melee-infantry\",\"value\":2,\"text\":\"attacking-flank-or-rear\"");
    wga_odds_lacks("attacking-flank-or-rear-in-melee");
    wg_game_free(g);

    /* ... in the second: the existing melee's row, +1 */
    g = second_on_flank(ctx, FUSILIERS2, 700);
    wga_expect(g, 0, "Blue2 contacts Red on its flank: an effective charge, into an established melee", "LA-MOVE-05");
    wga_odds_ok(g, "melee from=3 at=2");
    wga_odds_has("{\"name\":\"T16-melee-infantry\",\"value\":1,\"text\":\"attacking-flank-or-rear-in-melee\""); /* LA-MELEEFACT-16 */
    wga_odds_lacks("\"attacking-flank-or-rear\""); /* LA-MELEEFACT-16 */
    wga_odds_has("{\"name\":\"charge\",\"value\":0"); /* LA-CHARGE-05 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Red (`red_form`, a record without name and side) charged in front by Blue (`first`, a record without name and side) and by fusiliers on
   its right flank (Blue2), two melees fought separately; the dice of Blue's melee `blue` (Blue's, then
   Red's) and of Blue2's `blue2`; every morale test die 6.  The game at Red's test for a melee lost. */
static wg_game *square_two(wg_ctx *ctx, const char *first, const char *red_form, const int blue[2], const int blue2[2])
{
    char units[1024];
    snprintf(units, sizeof units,
             "unit French Blue %s at=480,390 facing=0,1 order=hold\n"
             "unit Austrians Red %s at=500,450 facing=0,-1 order=hold\n"
             "unit French Blue2 type=line-fusiliers companies=4x3 formation=line front=12 at=%d,460 facing=-1,0 "
             "order=hold\n",
             first, red_form, strstr(red_form, "line") ? 650 : 600);
    wg_game *g = wga_game(ctx, &NOFLAGS, units);
    const char *stop = "Red's morale test for a melee lost";
    for (int n = 0; n < 60 && !wga_has_decision(g, stop); n++) {
        ck_assert_msg(!wga_over(g), "%s", wgp_events_dump(g, 0, WG_VIEW_REFEREE));
        if (wgp_decider(g) != WG_PLAYER_CHANCE)
            wga_drive(g, ALL, stop);
        else if (wga_has_decision(g, "the die of Blue in its melee"))
            wga_die(g, blue[0]);
        else if (wga_has_decision(g, "the die of Blue2 in its melee"))
            wga_die(g, blue2[0]);
        else if (wga_has_decision(g, "the die of Red in its melee with Blue2"))
            wga_die(g, blue2[1]);
        else if (wga_has_decision(g, "the die of Red in its melee with Blue"))
            wga_die(g, blue[1]);
        else
            wga_die(g, 6);
    }
    ck_assert_msg(wga_has_decision(g, stop), "%s\n%s", wgp_decision(g), wgp_events_dump(g, 0, WG_VIEW_REFEREE));
    return g;
}

/* The sum of the modifiers of the last odds read (the test's value before the die). */
static int odds_sum(void)
{
    const char *p = strstr(wga_odds_buf, "\"modifiers\":[");
    ck_assert_ptr_nonnull(p);
    int sum = 0;
    while ((p = strstr(p, "\"value\":")) != NULL) {
        p += strlen("\"value\":");
        sum += (int)strtol(p, NULL, 10);
    }
    return sum;
}

/* Red's test for a melee lost, die 3: its total, read from the event. */
static int test_total(wg_game *g)
{
    size_t e0 = wgp_event_count(g);
    wga_die(g, 3);
    long k = wga_expect(g, e0, "Red tests for a melee lost: die 3, total ", "LA-MORALE-16");
    const char *t = strstr(wgp_event(g, (size_t)k, WG_VIEW_REFEREE), "total ");
    ck_assert_ptr_nonnull(t);
    return (int)strtol(t + 6, NULL, 10);
}

static const int LOSE[2] = {6, 1}, WIN[2] = {1, 6}; /* Blue's (Blue2's) die, then Red's */
#define HOLLOW "type=line-fusiliers companies=4x3 formation=hollow-square front=6"

START_TEST(test_square_facing_cavalry_and_infantry)
{
    wg_ctx *ctx = wga_ctx();
    /* the square beats the cuirassiers and is beaten by the fusiliers on its flank: its test comes from
       the fusiliers, and it keeps its square bonus against the cavalry it still faces */
    wg_game *g = square_two(ctx, CUIRASSIERS2, HOLLOW, WIN, LOSE);
    wga_expect(g, 0, "Red wins the melee; Blue stands", NULL);
    wga_expect(g, 0, "Blue2 wins the melee; Red stands", NULL);
    wga_odds_ok(g, "morale unit=2 occasion=3 from=3");
    wga_odds_has("{\"name\":\"T20-morale-formation\",\"value\":2,\"text\":\"hollow-square-against-cavalry\""); /* LA-FORM-11 */
    int value = odds_sum();
    ck_assert_int_eq(test_total(g), value + 3); /* LA-FORM-11: the test played with it */
    wg_game_free(g);

    /* beaten by both: the same bonus, once */
    g = square_two(ctx, CUIRASSIERS2, HOLLOW, LOSE, LOSE);
    wga_expect(g, 0, "Blue wins the melee; Red stands", NULL);
    wga_odds_ok(g, "morale unit=2 occasion=3 from=3");
    wga_odds_has("{\"name\":\"T20-morale-formation\",\"value\":2,\"text\":\"hollow-square-against-cavalry\""); /* LA-FORM-11 */
    wg_game_free(g);

    /* the same square facing two battalions of infantry: no square bonus against infantry */
    g = square_two(ctx, "type=line-fusiliers companies=2x3 formation=line front=6", HOLLOW, WIN, LOSE);
    wga_expect(g, 0, "Blue2 wins the melee; Red stands", NULL);
    wga_odds_ok(g, "morale unit=2 occasion=3 from=3");
    wga_odds_lacks("square-against-cavalry"); /* LA-FORM-11 */
    value = odds_sum();
    ck_assert_int_eq(test_total(g), value + 3);
    wg_game_free(g);

    /* a line facing the cuirassiers and the fusiliers, beaten by the fusiliers: the penalty of a unit
       not in square against cavalry */
    g = square_two(ctx, CUIRASSIERS2, "type=grenadiers companies=4x3 formation=line front=12", WIN, LOSE);
    wga_expect(g, 0, "Blue2 wins the melee; Red", NULL);
    wga_odds_ok(g, "morale unit=2 occasion=3 from=3");
    wga_odds_has("\"text\":\"line-against-cavalry\""); /* LA-FORM-11 */
    value = odds_sum();
    ck_assert_int_eq(test_total(g), value + 3); /* LA-FORM-11 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Cuirassiers (Blue) charge Red (`red`, a record without name and side) in the first period; Red2
   (`red2`), 30 paces behind Red, moves in the second half-period of period `period` to the nearest
   point ahead where it stands (against Red's rear).  The game at the first melee die after that move,
   or at the next period's start. */
static wg_game *support_play(wg_ctx *ctx, const char *red, const char *red2, int period)
{
    char units[1024], commit[128];
    wg_game *g = NULL;
    /* Red2 30 paces behind the nearest place where it stands clear of Red */
    for (int y2 = 400, clear = 0; clear < 2 && y2 < 700; y2 += clear ? 30 : 2) {
        snprintf(units, sizeof units,
                 "unit French Blue type=cuirassiers companies=cuirassiers:4 formation=line front=4 at=480,340 "
                 "facing=0,1 order=hold\n"
                 "unit Austrians Red %s at=500,400 facing=0,-1 order=hold\n"
                 "unit Austrians Red2 %s at=500,%d facing=0,-1 order=hold\n",
                 red, red2, y2);
        wg_game_free(g);
        g = NULL;
        if (wga_try(&g, ctx, &NOFLAGS, units) == WG_OK)
            clear++;
    }
    ck_assert_ptr_nonnull(g);
    snprintf(commit, sizeof commit, "period %d, phase 3, half-period 2: Austrians commits the move of Red2", period);
    static const char *const pre[] = {"Blue: charge marker", "Blue charges Red", NULL};
    for (int n = 0; n < 80 && !wga_has_decision(g, commit); n++) {
        ck_assert_msg(!wga_over(g), "%s", wgp_events_dump(g, 0, WG_VIEW_REFEREE));
        if (wgp_decider(g) != WG_PLAYER_CHANCE)
            wga_drive(g, pre, commit);
        else
            wga_die(g, 6);
    }
    ck_assert_msg(wga_has_decision(g, commit), "%s\n%s", wgp_decision(g), wgp_events_dump(g, 0, WG_VIEW_REFEREE));
    int rc = -1;
    for (int y = 400; y <= 700 && rc != WG_OK; y++)
        rc = wga_move_to(g, 50000, y * 100);
    ck_assert_int_eq(rc, WG_OK);
    char next[64];
    snprintf(next, sizeof next, "period %d, phase 1", period + 1);
    for (int n = 0; n < 20 && !wga_has_decision(g, "the die of") && !wga_has_decision(g, next); n++) {
        ck_assert(!wga_over(g));
        if (wgp_decider(g) != WG_PLAYER_CHANCE)
            wga_drive(g, pre, "the die of");
        else
            wga_die(g, 6);
    }
    return g;
}

#define GRENADIERS_LINE "type=grenadiers companies=4x3 formation=line front=12"
#define FUSILIERS_LINE "type=line-fusiliers companies=4x3 formation=line front=12"

START_TEST(test_support_from_the_rear)
{
    wg_ctx *ctx = wga_ctx();
    /* Red has fought a turn against the cuirassiers: Red2, in line, reaching its rear enters the melee
       against them, a melee of its own */
    wg_game *g = support_play(ctx, GRENADIERS_LINE, FUSILIERS_LINE, 2);
    wga_expect(g, 0, "Blue wins the melee; Red stands", NULL);
    wga_expect(g, 0, "Red2 enters the melee with Blue from the rear of Red", "LA-MELEE-07"); /* LA-MELEE-07 */
    int blue = (int)wga_attr_of(g, "Blue", "id");
    ck_assert_int_eq(wga_attr_of(g, "Red2", "melee_with"), blue); /* LA-MELEE-07 */
    ck_assert_int_eq(wga_attr_of(g, "Red", "melee_with"), blue);
    wga_odds_ok(g, "melee from=3 at=1"); /* LA-MELEE-07: Red2 fights Blue */
    wga_odds_lacks("charge\",\"value\":1");
    for (int n = 0; n < 10 && wgp_find_event(g, 0, "Red2 fights Blue", WG_VIEW_REFEREE) < 0; n++)
        wga_die(g, 4);
    wga_expect(g, 0, "Red2 fights Blue: die 4", "LA-MELEE-13"); /* LA-MELEE-07: the melee fought */
    wg_game_free(g);

    /* before Red has fought a turn (the same period as the cuirassiers' contact): no support */
    g = support_play(ctx, GRENADIERS_LINE, FUSILIERS_LINE, 1);
    wga_no_event(g, 0, "Red2 enters the melee"); /* LA-MELEE-07 */
    ck_assert(!wga_has_attr(g, (size_t)wga_piece(g, "Red2"), "melee_with")); /* LA-MELEE-07 */
    wg_game_free(g);

    /* a column is not supported */
    g = support_play(ctx, "type=grenadiers companies=4x3 formation=attack front=4", FUSILIERS_LINE, 2);
    wga_expect(g, 0, "Blue wins the melee; Red", NULL);
    ck_assert_int_eq(wga_attr_of(g, "Red", "melee_with"), blue);
    wga_no_event(g, 0, "Red2 enters the melee"); /* LA-MELEE-07 */
    ck_assert(!wga_has_attr(g, (size_t)wga_piece(g, "Red2"), "melee_with")); /* LA-MELEE-07 */
    wg_game_free(g);

    /* nor does a column support */
    g = support_play(ctx, GRENADIERS_LINE, "type=line-fusiliers companies=4x3 formation=attack front=4", 2);
    wga_no_event(g, 0, "Red2 enters the melee"); /* LA-MELEE-07 */
    ck_assert(!wga_has_attr(g, (size_t)wga_piece(g, "Red2"), "melee_with")); /* LA-MELEE-07 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("aigles_melee2");
    TCase *tc = tcase_create("melee2");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_cavalry_into_established_melee);
    tcase_add_test(tc, test_infantry_into_established_melee);
    tcase_add_test(tc, test_square_facing_cavalry_and_infantry);
    tcase_add_test(tc, test_support_from_the_rear);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

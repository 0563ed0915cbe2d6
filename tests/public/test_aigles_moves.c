/* Les Aigles movement and contact rules proven by play through the public API: cavalry rallies
   toward its own edge (out of combat and breaking off a melee), forced marches, the slope in melee
   and cavalry charging over a slope, the figures of the first melee turn, the Support order and the
   charge, and the refusals of bad decisions (fire and charge targets, precise moves) with the
   measured distance or angle and the rule.  Every position is built from host documents written
   here (a table, a battle of a few units; the bundled sample army list), every decision is taken by
   its label, with the parameters of a precise move, or by the action code of an option; every
   result is read from option labels, piece attributes, events and their rule tags, odds and the
   describe text.  Checklist items are cited next to the assertions that prove them.  Lengths: piece
   attributes are in paces (mm at 25 mm), precise-move parameters in table units (1/100 mm).
   Sample army list: hussars (V, manoeuvre A) move 220 a period in line, 300 in column of march,
   charge bonus 120; line fusiliers (R, B) 90 in line, 150 in column of march, 120 in column of
   division, charge bonus 40, fusil range 200. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wargame.h"
#include <check.h>
#include "testutil.h"
#include "wgplay.h"

/* ---------------------------------------------------------------- positions */

static char *army;

/* A table 2600 x 1200 paces of open ground, with the features given. */
static const char *TABLE_HEAD = "wgdata 1 map\ntitle \"test table\"\ngrid table 2600 1200\n"
                                "terrain open wood village hill field marsh rocky\n"
                                "flag blocks-sight light-cover hard-cover\n"
                                "linetype road stream crest hedge wall\n"
                                "area open name=Open 0,0 2600,0 2600,1200 0,1200\n";

/* A battle at 25 mm of three periods, French (side 0, near edge) against Austrians (side 1, far
   edge): the units given, on the table with `features`, the sample army list. */
static int try_battle(wg_game **g, wg_ctx *ctx, const char *features, const char *units, const char *options)
{
    char table[4096], bat[8192];
    snprintf(table, sizeof table, "%s%s", TABLE_HEAD, features ? features : "");
    snprintf(bat, sizeof bat,
             "wgdata 1 aigles-battle\ntitle \"test\"\nscale 25\nperiods 3\nside French\nside Austrians\n%s", units);
    if (!army)
        army = wgp_read_source("data/aigles/sample-army.wgd", NULL);
    wgp_doc docs[4] = {{"army", army}, {"table", table}, {"battle", bat}, {NULL, NULL}};
    return wgp_try_new(g, ctx, "aigles", "crossroads", options, 1, docs);
}

static wg_game *battle(wg_ctx *ctx, const char *features, const char *units, const char *options)
{
    wg_game *g = NULL;
    int rc = try_battle(&g, ctx, features, units, options);
    ck_assert_msg(rc == WG_OK, "set-up: %s: %s", wg_status_str(rc), wg_ctx_errmsg(ctx));
    return g;
}

static wg_ctx *new_ctx(void)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    return ctx;
}

/* ---------------------------------------------------------------- reading */

static int64_t attr(wg_game *g, size_t piece, const char *key)
{
    int64_t v = 0;
    int rc = wg_game_attr_int(&v, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, piece, key);
    ck_assert_msg(rc == WG_OK, "piece %zu %s: %s", piece, key, wg_status_str(rc));
    return v;
}

static char text_buf[512];

/* A text attribute as viewer reads it, or "" when absent for him (the status in *rc). */
static const char *attr_text_for(wg_game *g, int viewer, size_t piece, const char *key, int *rc)
{
    size_t len = 0;
    text_buf[0] = '\0';
    int r = wg_game_attr_text(text_buf, sizeof text_buf, &len, g, viewer, WG_ATTR_PIECE, piece, key);
    if (rc)
        *rc = r;
    if (r != WG_OK)
        text_buf[0] = '\0';
    return text_buf;
}

static const char *attr_text(wg_game *g, size_t piece, const char *key)
{
    int rc = 0;
    const char *t = attr_text_for(g, WG_VIEW_REFEREE, piece, key, &rc);
    ck_assert_msg(rc == WG_OK, "piece %zu %s: %s", piece, key, wg_status_str(rc));
    return t;
}

static const char *rule_of(wg_game *g, size_t ev)
{
    const char *r = NULL;
    ck_assert_int_eq(wg_game_event_rule(&r, g, ev), WG_OK);
    return r ? r : "";
}

static int has_decision(wg_game *g, const char *needle)
{
    return strstr(wgp_decision(g), needle) != NULL;
}

#define ASSERT_DECISION(g, needle)                                                                                     \
    ck_assert_msg(has_decision(g, needle), "decision '%s' expected:\n%s", needle, wgp_options_dump(g))

/* The first event from `from` on whose referee text holds needle, which must exist. */
static size_t event_with(wg_game *g, size_t from, const char *needle)
{
    long e = wgp_find_event(g, from, needle, WG_VIEW_REFEREE);
    ck_assert_msg(e >= 0, "no event '%s':\n%s", needle, wgp_events_dump(g, from, WG_VIEW_REFEREE));
    return (size_t)e;
}

/* ---------------------------------------------------------------- deciding */

/* The action code of the first option holding needle. */
static uint64_t action_of(wg_game *g, const char *needle)
{
    long i = wgp_find(g, needle);
    ck_assert_msg(i >= 0, "no option '%s':\n%s", needle, wgp_options_dump(g));
    uint64_t a = 0;
    ck_assert_int_eq(wg_game_option_action(&a, g, (size_t)i), WG_OK);
    return a;
}

/* "move to a point" at (x, y) in table units; returns the status. */
static int move_to(wg_game *g, int64_t x, int64_t y)
{
    long i = wgp_find(g, "move to a point");
    ck_assert_msg(i >= 0, "no precise move:\n%s", wgp_options_dump(g));
    int64_t v[2] = {x, y};
    return wg_game_choose_params(g, (size_t)i, v, 2);
}

/* "wheel to a facing" about figure `pivot` of the front rank; returns the status. */
static int wheel_to(wg_game *g, int64_t pivot, int64_t fx, int64_t fy)
{
    long i = wgp_find(g, "wheel to a facing");
    ck_assert_msg(i >= 0, "no precise wheel:\n%s", wgp_options_dump(g));
    int64_t v[3] = {pivot, fx, fy};
    return wg_game_choose_params(g, (size_t)i, v, 3);
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

/* Each morale test while they come: the highest die whose result is "obeys" (tried on a clone), else
   a 6. */
static void obey(wg_game *g)
{
    while (wgp_decider(g) == WG_PLAYER_CHANCE && has_decision(g, "morale test")) {
        int pick = 0;
        for (int d = 6; d >= 1 && !pick; d--) {
            wg_game *c = NULL;
            ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
            size_t e = wgp_event_count(c);
            char die[16];
            snprintf(die, sizeof die, "die %d", d);
            wgp_choose(c, die);
            long t = wgp_find_event(c, e, " tests ", WG_VIEW_REFEREE);
            if (t >= 0 && strstr(wgp_event(c, (size_t)t, WG_VIEW_REFEREE), ": obeys"))
                pick = d;
            wg_game_free(c);
        }
        if (pick == 0)
            pick = 6; /* none obeys: the best die */
        char die[16];
        snprintf(die, sizeof die, "die %d", pick);
        wgp_choose(g, die);
    }
}

/* Takes "halt" for every commitment until a decision without it. */
static void halt_all(wg_game *g)
{
    while (has_decision(g, "commits the move") && wgp_find(g, ": halt") >= 0)
        wgp_choose(g, ": halt");
}

/* Takes decisions until a die is asked for or `stop` is in the decision (or the game ends): at each
   decision the first option matching one of `prefs` (NULL-terminated, may be NULL), else the quiet
   default: no marker, halt, no charge, stand, hold the fire. */
static void drive(wg_game *g, const char *const *prefs, const char *stop)
{
    static const char *const quiet[] = {"none marker", ": halt", ": no charge", " stands", "holds its fire", NULL};
    for (int guard = 0; guard < 400; guard++) {
        int over = 0;
        ck_assert_int_eq(wg_game_is_over(&over, g), WG_OK);
        if (over || wgp_decider(g) == WG_PLAYER_CHANCE || (stop && has_decision(g, stop)))
            return;
        long k = -1;
        for (size_t p = 0; prefs && prefs[p] && k < 0; p++)
            k = wgp_find(g, prefs[p]);
        for (size_t p = 0; quiet[p] && k < 0; p++)
            k = wgp_find(g, quiet[p]);
        ck_assert_msg(k >= 0, "no option to take:\n%s", wgp_options_dump(g));
        wgp_choose_index(g, (size_t)k);
    }
    ck_abort_msg("drive: no stop reached");
}

static void die(wg_game *g, int d)
{
    ck_assert_msg(wgp_decider(g) == WG_PLAYER_CHANCE, "not a die: %s", wgp_options_dump(g));
    char lab[16];
    snprintf(lab, sizeof lab, "die %d", d);
    wgp_choose(g, lab);
}

/* The odds of an action as JSON (a static buffer). */
static char odds_buf[16384];
static void odds_ok(wg_game *g, const char *action)
{
    int rc = wg_game_odds(odds_buf, sizeof odds_buf, NULL, g, WG_VIEW_REFEREE, action);
    ck_assert_msg(rc == WG_OK, "odds %s: %s %s", action, wg_status_str(rc), wg_game_errmsg(g));
}

#define ODDS_HAS(needle) ck_assert_msg(strstr(odds_buf, needle) != NULL, "odds without '%s': %s", needle, odds_buf)
#define ODDS_LACKS(needle) ck_assert_msg(strstr(odds_buf, needle) == NULL, "odds with '%s': %s", needle, odds_buf)


/* ---------------------------------------------------------------- rallies */

/* Hussars H (line of 8) and fusiliers K (column of march) with Movement markers; the Austrians far
   off.  The French edge is the near one (y = 0). */
static const char *RALLY_UNITS =
    "unit French H type=hussars companies=2x4 formation=line front=8 at=600,600 facing=0,1 order=hold\n"
    "unit French K type=line-fusiliers companies=4x3 formation=march front=2 at=1200,300 facing=0,1 order=hold\n"
    "unit Austrians C type=line-fusiliers companies=4x3 formation=line front=12 at=1800,1000 facing=0,-1 "
    "order=hold\n";

START_TEST(test_cavalry_rally)
{
    wg_ctx *ctx = new_ctx();
    for (int back = 0; back < 2; back++) {
        wg_game *g = battle(ctx, NULL, RALLY_UNITS, NULL);
        wgp_choose(g, "H: movement marker");
        wgp_choose(g, "K: movement marker");
        wgp_choose(g, "C: none marker");
        /* cavalry may always rally, out of combat too: two moves of its menu (LA-MOVE-08) */
        ASSERT_DECISION(g, "half-period 1: French commits the move of H");
        ck_assert_int_ge(wgp_find(g, "H: rally, facing the enemy"), 0); /* LA-MOVE-08 */
        ck_assert_int_ge(wgp_find(g, "H: rally, back to the enemy"), 0);
        uint64_t rally = action_of(g, back ? "H: rally, back to the enemy" : "H: rally, facing the enemy");
        size_t e = wgp_event_count(g);
        wgp_choose(g, back ? "H: rally, back to the enemy" : "H: rally, facing the enemy");
        /* infantry does not rally: the cavalry's move is not in the column's menu (LA-MOVE-08) */
        ASSERT_DECISION(g, "half-period 1: French commits the move of K");
        ck_assert_int_lt(wgp_find(g, "rally"), 0); /* LA-MOVE-08 */
        ck_assert_int_ne(wgp_refused(g, rally), WG_OK);
        wgp_choose(g, "K: advance");
        /* toward its own edge (y = 0) at the column of march's speed, 300 a period: 150 paces in the
           half-period, not the line's 110 and no charge bonus (LA-MOVE-06, -08); the half-turn costs
           nothing (LA-MOVE-06) */
        size_t r = event_with(g, e, back ? "H: rally, back to the enemy from (600, 600) to (600, 410), without formation"
                                         : "H: rally, facing the enemy from (600, 600) to (600, 450), without formation");
        ck_assert_str_eq(rule_of(g, r), "LA-MOVE-08");
        /* LA-MOVE-06: 150 paces; with its back to the enemy the front edge is the old rear, 40 paces
           of depth further back: the unit stands on y 410..450 either way */
        ck_assert_int_eq(attr(g, 0, "y"), back ? 410 : 450);
        ck_assert_int_eq(attr(g, 0, "x"), 600);
        /* ending facing the enemy or with its back to it, the player's choice (LA-MOVE-08) */
        if (back)
            ck_assert_int_lt(attr(g, 0, "facing_y"), 0); /* LA-MOVE-08 */
        else
            ck_assert_int_gt(attr(g, 0, "facing_y"), 0); /* LA-MOVE-08 */
        ck_assert_int_eq(attr(g, 0, "facing_x"), 0);
        /* without formation on arrival (LA-MOVE-08) */
        ck_assert_str_eq(attr_text(g, 0, "cohesion"), "without formation"); /* LA-MOVE-08 */
        ck_assert_ptr_nonnull(strstr(wgp_describe(g, WG_VIEW_REFEREE), "obeys, without formation"));
        /* the column of march advanced 75 paces: formed still */
        ck_assert_str_eq(attr_text(g, 1, "cohesion"), "formed");
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* Hussars H charge dragoons D; dice 3 and 3: H wins, D falls back 30 paces and H follows into the
   same melee, which goes on into the second period. */
START_TEST(test_rally_breaks_off_melee)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = battle(ctx, NULL,
                        "unit French H type=hussars companies=2x4 formation=line front=8 at=600,300 facing=0,1 "
                        "order=attack toward=600,900\n"
                        "unit Austrians D type=dragoons companies=2x4 formation=line front=8 at=600,600 facing=0,-1 "
                        "order=hold\n",
                        NULL);
    static const char *const pc[] = {"H: charge marker", "H charges D", NULL};
    for (int k = 0; k < 4; k++) {
        drive(g, pc, NULL);
        obey(g);
    }
    ASSERT_DECISION(g, "phase 5: the die of H in its melee with D");
    die(g, 3);
    die(g, 3);
    for (int k = 0; k < 4 && !has_decision(g, "period 2, phase 3"); k++) {
        drive(g, NULL, "period 2, phase 3");
        if (wgp_decider(g) == WG_PLAYER_CHANCE)
            die(g, 6);
    }
    ASSERT_DECISION(g, "period 2, phase 3, half-period 1: French commits the move of H");
    ck_assert_int_eq(attr(g, 0, "melee_with"), 2);
    ck_assert_int_eq(attr(g, 1, "melee_with"), 1);
    ck_assert_int_eq(attr(g, 0, "y"), 629);
    /* in the melee the cavalry fights on or breaks off and rallies: no other move (LA-MELEERES-15) */
    ck_assert_int_eq(wgp_option_count(g), 3);
    ck_assert_int_ge(wgp_find(g, "H: halt"), 0);
    ck_assert_int_ge(wgp_find(g, "H: rally, facing the enemy"), 0); /* LA-MELEERES-15 */
    ck_assert_int_ge(wgp_find(g, "H: rally, back to the enemy"), 0);
    ck_assert_int_lt(wgp_find(g, "H: advance"), 0);
    size_t e = wgp_event_count(g);
    wgp_choose(g, "H: rally, facing the enemy");
    drive(g, NULL, "phase 5");
    /* away from the enemy toward its own edge, 150 paces at column speed; out of the melee, for both
       (LA-MELEERES-15, LA-MOVE-06) */
    size_t r = event_with(g, e, "H: rally, facing the enemy from (600, 629) to (600, 479), without formation");
    ck_assert_str_eq(rule_of(g, r), "LA-MELEERES-15"); /* LA-MELEERES-15 */
    int64_t v = 0;
    ck_assert_int_eq(wg_game_attr_int(&v, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, 0, "melee_with"), WG_ENOTFOUND);
    ck_assert_int_eq(wg_game_attr_int(&v, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, 1, "melee_with"), WG_ENOTFOUND);
    ck_assert_int_gt(attr(g, 0, "facing_y"), 0); /* LA-MOVE-08: facing the enemy */
    ck_assert_str_eq(attr_text(g, 0, "cohesion"), "without formation"); /* LA-MOVE-08 */
    ck_assert_int_lt(wgp_find_event(g, r, "fights", WG_VIEW_REFEREE), 0); /* no melee that period */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- forced marches */

/* K (column of march) in the open, L (line), J (column of march) 120 paces behind an Austrian line
   E, M (column of march) in a field. */
static const char *FORCED_UNITS =
    "unit French K type=line-fusiliers companies=4x3 formation=march front=2 at=300,300 facing=0,1 order=hold\n"
    "unit French L type=line-fusiliers companies=4x3 formation=line front=12 at=700,300 facing=0,1 order=hold\n"
    "unit French J type=line-fusiliers companies=4x3 formation=march front=2 at=1200,300 facing=0,1 order=hold\n"
    "unit French M type=line-fusiliers companies=4x3 formation=march front=2 at=2000,300 facing=0,1 order=hold\n"
    "unit Austrians E type=line-fusiliers companies=4x3 formation=line front=12 at=1200,420 facing=0,-1 "
    "order=hold\n";

START_TEST(test_forced_march)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = battle(ctx, "area field name=Wheat 1900,330 2100,330 2100,500 1900,500\n", FORCED_UNITS, NULL);
    wgp_choose(g, "K: movement marker");
    wgp_choose(g, "L: movement marker");
    wgp_choose(g, "J: movement marker");
    wgp_choose(g, "M: movement marker");
    wgp_choose(g, "E: none marker");
    ASSERT_DECISION(g, "half-period 1: French commits the move of K");
    uint64_t forced = action_of(g, "K: forced march");
    size_t e = wgp_event_count(g);
    wgp_choose(g, "K: forced march");
    /* a line does not force-march: only a column of march, or limbered (LA-MOVE-20) */
    ASSERT_DECISION(g, "commits the move of L");
    ck_assert_int_lt(wgp_find(g, "forced march"), 0);
    ASSERT_REFUSED(wgp_refused(g, forced), g, "a forced march is made in column of march, or limbered (LA-MOVE-20)");
    wgp_choose(g, "L: advance");
    /* J forced-marches at E, 120 paces ahead: it stops short of it, no contact (LA-MOVE-21) */
    ASSERT_DECISION(g, "commits the move of J");
    wgp_choose(g, "J: forced march");
    /* M advances into the field: disorganised (LA-TERRAIN-35) */
    ASSERT_DECISION(g, "commits the move of M");
    /* its forced march would cross the field: not offered, refused (LA-MOVE-22) */
    ck_assert_int_lt(wgp_find(g, "M: forced march"), 0);
    ASSERT_REFUSED(wgp_refused(g, forced), g, "a forced march is forbidden in fields (LA-MOVE-22)"); /* LA-MOVE-22 */
    wgp_choose(g, "M: advance");
    /* double the column of march's 150 a period: 150 paces in the half-period, not 75 (LA-MOVE-20) */
    size_t f = event_with(g, e, "K: forced march from (300, 300) to (300, 449), without formation");
    ck_assert_str_eq(rule_of(g, f), "LA-MOVE-20");
    ck_assert_int_eq(attr(g, 0, "y"), 449); /* LA-MOVE-20: 150 paces less 1/100 mm */
    ck_assert_str_eq(attr_text(g, 0, "cohesion"), "without formation"); /* LA-MOVE-20 */
    ck_assert_int_eq(attr(g, 1, "y"), 344); /* the line: 45 paces */
    /* never into contact with an enemy (LA-MOVE-21) */
    ck_assert_int_lt(attr(g, 2, "y"), 420); /* LA-MOVE-21 */
    ck_assert_int_lt(wgp_find_event(g, e, "J contacts", WG_VIEW_REFEREE), 0);
    int64_t v = 0;
    ck_assert_int_eq(wg_game_attr_int(&v, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, 2, "melee_with"), WG_ENOTFOUND);
    ck_assert_int_eq(wg_game_attr_int(&v, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, 4, "melee_with"), WG_ENOTFOUND);
    ck_assert_str_eq(attr_text(g, 3, "cohesion"), "disorganised");
    /* the second half-period: M, disorganised, may not force-march (LA-MOVE-22) */
    for (int k = 0; k < 8 && !has_decision(g, "commits the move of M"); k++)
        wgp_choose(g, ": halt");
    ASSERT_DECISION(g, "half-period 2: French commits the move of M");
    ck_assert_int_lt(wgp_find(g, "forced march"), 0);
    ASSERT_REFUSED(wgp_refused(g, forced), g, "a disorganised unit may not force-march (LA-MOVE-22)"); /* LA-MOVE-22 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- slopes and the first melee turn */

/* Blue (line fusiliers) 40 paces from Red, which stands on the hill (`hill`) or not. */
static wg_game *infantry_melee(wg_ctx *ctx, const char *features, const char *red)
{
    char units[1024];
    snprintf(units, sizeof units,
             "unit French Blue type=line-fusiliers companies=4x3 formation=line front=12 at=600,560 facing=0,1 "
             "order=attack toward=600,900\n%s",
             red);
    wg_game *g = battle(ctx, features, units, NULL);
    static const char *const pc[] = {"Blue: charge marker", "Blue charges Red", NULL};
    for (int k = 0; k < 4; k++) {
        drive(g, pc, NULL);
        obey(g);
    }
    ASSERT_DECISION(g, "phase 5: the die of Blue in its melee with Red");
    return g;
}

static const char *RED_LINE = "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 "
                              "at=600,600 facing=0,-1 order=hold\n";

START_TEST(test_slope_in_melee)
{
    wg_ctx *ctx = new_ctx();
    /* Red's front on the hill (level 1), Blue's on the plain: Red fights from above (LA-TERRAIN-03) */
    wg_game *g = infantry_melee(ctx, "area hill name=Hill level=1 0,600 2600,600 2600,1200 0,1200\n", RED_LINE);
    odds_ok(g, "melee from=2 at=1");
    ODDS_HAS("\"name\":\"T16-melee-infantry\",\"value\":1,\"text\":\"above-on-slope\""); /* LA-TERRAIN-03 */
    odds_ok(g, "melee from=1 at=2");
    ODDS_LACKS("above-on-slope"); /* LA-TERRAIN-03: the unit below has nothing */
    wg_game_free(g);
    /* on the plain: nobody */
    g = infantry_melee(ctx, NULL, RED_LINE);
    odds_ok(g, "melee from=2 at=1");
    ODDS_LACKS("above-on-slope"); /* LA-TERRAIN-03 */
    wg_game_free(g);

    /* cavalry charging down the slope is disorganised when it leaves the hill (LA-TERRAIN-04); the
       same charge on the plain stays formed */
    for (int hill = 1; hill >= 0; hill--) {
        g = battle(ctx, hill ? "area hill name=Hill level=1 0,0 2600,0 2600,520 0,520\n" : NULL,
                   "unit French H type=hussars companies=2x4 formation=line front=8 at=600,300 facing=0,1 "
                   "order=attack toward=600,900\n"
                   "unit Austrians D type=dragoons companies=2x4 formation=line front=8 at=600,600 facing=0,-1 "
                   "order=hold\n",
                   NULL);
        static const char *const pc[] = {"H: charge marker", "H charges D", NULL};
        for (int k = 0; k < 4; k++) {
            drive(g, pc, NULL);
            obey(g);
        }
        event_with(g, 0, "H: charge from (600, 300) to (600, 409), formed"); /* still on the hill */
        size_t c = event_with(g, 0, hill ? "H: charge from (600, 409) to (600, 599), disorganised"
                                         : "H: charge from (600, 409) to (600, 599), formed");
        ck_assert_str_eq(rule_of(g, c), "LA-CHARGE-10");
        ck_assert_str_eq(attr_text(g, 0, "cohesion"), hill ? "disorganised" : "formed"); /* LA-TERRAIN-04 */
        ck_assert_int_eq(attr(g, 0, "melee_with"), 2);
        odds_ok(g, "melee from=1 at=2");
        if (hill)
            ODDS_HAS("\"value\":-1,\"text\":\"disorganised\""); /* LA-TERRAIN-04 */
        else
            ODDS_LACKS("disorganised");
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

START_TEST(test_melee_overlap_figures)
{
    wg_ctx *ctx = new_ctx();
    /* a line of 12 against a column of 4 figures' front: the line fights with the 4 figures facing
       it and an overlap figure at each end, 6; the column with its 4 (LA-MELEE-02) */
    wg_game *g = infantry_melee(ctx, NULL,
                                "unit Austrians Red type=line-fusiliers companies=4x3 formation=division front=4 "
                                "at=600,600 facing=0,-1 order=hold\n");
    odds_ok(g, "melee from=1 at=2");
    ODDS_HAS("\"name\":\"figures\",\"value\":6,"); /* LA-MELEE-02 */
    odds_ok(g, "melee from=2 at=1");
    ODDS_HAS("\"name\":\"figures\",\"value\":4,"); /* LA-MELEE-02 */
    wg_game_free(g);
    /* against the outside of a square of 6 figures' front: no overlap figure, 6 (LA-MELEE-02) */
    g = infantry_melee(ctx, NULL,
                       "unit Austrians Red type=line-fusiliers companies=4x3 formation=hollow-square front=6 "
                       "at=600,600 facing=0,-1 order=hold\n");
    odds_ok(g, "melee from=1 at=2");
    ODDS_HAS("\"name\":\"figures\",\"value\":6,"); /* LA-MELEE-02: not 8 */
    wg_game_free(g);
    /* equal fronts: 12 against 12, no overlap */
    g = infantry_melee(ctx, NULL, RED_LINE);
    odds_ok(g, "melee from=1 at=2");
    ODDS_HAS("\"name\":\"figures\",\"value\":12,"); /* LA-MELEE-02 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- orders */

START_TEST(test_support_does_not_charge)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = battle(ctx, NULL,
                        "unit French K type=line-fusiliers companies=4x3 formation=division front=4 at=1000,300 "
                        "facing=0,1 order=attack toward=1000,900\n"
                        "unit French S type=line-fusiliers companies=4x3 formation=division front=4 at=600,300 "
                        "facing=0,1 order=support target=K\n"
                        "unit Austrians E type=line-fusiliers companies=4x3 formation=division front=4 at=600,400 "
                        "facing=0,-1 order=attack toward=600,100\n"
                        "unit Austrians F type=line-fusiliers companies=4x3 formation=division front=4 at=1000,400 "
                        "facing=0,-1 order=hold\n",
                        NULL);
    ASSERT_DECISION(g, "marker of K");
    uint64_t charge = action_of(g, "K: charge marker");
    wgp_choose(g, "K: none marker");
    /* a Support order fights by fire: no Charge marker (LA-ORDERS-05) */
    ASSERT_DECISION(g, "marker of S");
    ck_assert_str_eq(attr_text(g, 1, "order"), "support");
    ck_assert_int_lt(wgp_find(g, "charge marker"), 0); /* LA-ORDERS-05 */
    ck_assert_int_ge(wgp_find(g, "S: fire marker"), 0);
    ASSERT_REFUSED(wgp_refused(g, charge), g, "a Support order fights by fire and charges only to answer a charge",
                   "(LA-ORDERS-05)");
    wgp_choose(g, "S: none marker");
    /* charged itself, it may counter-charge (LA-ORDERS-05, LA-COUNTER-07) */
    wgp_choose(g, "E: charge marker");
    wgp_choose(g, "F: none marker");
    wgp_choose(g, "E charges S");
    obey(g);
    ASSERT_DECISION(g, "S is charged by E: its reaction");
    ck_assert_int_ge(wgp_find(g, "S counter-charges"), 0); /* LA-ORDERS-05 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- refusals */

/* Precise moves refused with the measured distance or angle and the rule: a line L of 12 (R) with
   a friend F 25 paces beyond its front (F's column stands on y 325..400), a column Dv before a
   marsh. */
START_TEST(test_precise_move_refusals)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = battle(ctx, "area marsh name=Bog 450,330 750,330 750,420 450,420\n",
                        "unit French L type=line-fusiliers companies=4x3 formation=line front=12 at=1400,300 "
                        "facing=0,1 order=hold\n"
                        "unit French Dv type=line-fusiliers companies=4x3 formation=division front=4 at=600,300 "
                        "facing=0,1 order=hold\n"
                        "unit French F type=line-fusiliers companies=4x3 formation=division front=4 at=1400,400 "
                        "facing=0,1 order=hold\n"
                        "unit Austrians C type=line-fusiliers companies=4x3 formation=line front=12 at=1800,1000 "
                        "facing=0,-1 order=hold\n",
                        NULL);
    wgp_choose(g, "L: movement marker");
    wgp_choose(g, "Dv: movement marker");
    wgp_choose(g, "F: none marker");
    wgp_choose(g, "C: none marker");
    ASSERT_DECISION(g, "commits the move of L");
    /* a wheel of 90 degrees about the end figure: the outer figure, 11 bases of 15 paces away, runs
       a quarter circle of 259 paces, more than the 45 the line has in a half-period (LA-MOVE-14) */
    ASSERT_REFUSED(wheel_to(g, 0, 1, 0), g, "a wheel of 259 paces for the outer figure exceeds the 45 paces left",
                   "(LA-MOVE-14)"); /* LA-MOVE-14 */
    /* 22.5 degrees: 64 paces, still too far; the menu's wheel left is the same and is not offered */
    ASSERT_REFUSED(wheel_to(g, 0, 1000, 2414), g, "exceeds the 45 paces left", "(LA-MOVE-14)");
    ck_assert_int_lt(wgp_find(g, "L: wheel left"), 0);
    /* beyond the half-period's allowance straight ahead: 46 paces of 45 (LA-MOVE-03) */
    ASSERT_REFUSED(move_to(g, 1400 * 100, 346 * 100), g, "46 paces exceeds the 45 paces left", "(LA-MOVE-03)");
    ck_assert_int_eq(attr(g, 0, "y"), 300);
    /* 30 paces on: the line would stand on F (LA-MOVE-01: no interpenetration) */
    ASSERT_REFUSED(move_to(g, 1400 * 100, 330 * 100), g, "the unit would stand on F");
    ck_assert_int_eq(wgp_count(g, "L: advance"), 1); /* the full advance ends on F: only the half */
    wgp_choose(g, "L: advance half");
    ASSERT_DECISION(g, "commits the move of Dv");
    /* into the marsh: impassable (LA-TERRAIN-18) */
    ASSERT_REFUSED(move_to(g, 600 * 100, 350 * 100), g, "the move crosses the marsh 'Bog'", "(LA-TERRAIN-18)");
    ck_assert_int_eq(wgp_count(g, "Dv: advance"), 1); /* the full advance crosses the marsh */
    ck_assert_int_lt(wgp_find(g, "oblique"), 0);
    wgp_choose(g, "Dv: wheel left");
    halt_all(g);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Fire targets refused, chosen by the action code of another unit's target option: A and N face each
   other 150 paces apart, B and F too, 800 paces to the right. */
START_TEST(test_fire_target_refusals)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = battle(ctx, NULL,
                        "unit French A type=line-fusiliers companies=4x3 formation=line front=12 at=600,300 "
                        "facing=0,1 order=hold\n"
                        "unit French B type=line-fusiliers companies=4x3 formation=line front=12 at=1400,300 "
                        "facing=0,1 order=hold\n"
                        "unit Austrians N type=line-fusiliers companies=4x3 formation=line front=12 at=600,450 "
                        "facing=0,-1 order=hold\n"
                        "unit Austrians F type=line-fusiliers companies=4x3 formation=line front=12 at=1400,450 "
                        "facing=0,-1 order=hold\n",
                        NULL);
    wgp_choose(g, "A: fire marker");
    wgp_choose(g, "B: fire marker");
    wgp_choose(g, "N: fire marker");
    wgp_choose(g, "F: fire marker");
    drive(g, NULL, "phase 4");
    ASSERT_DECISION(g, "phase 4");
    ASSERT_DECISION(g, "A");
    ck_assert_int_ge(wgp_find(g, "A fires at N (150 paces)"), 0);
    ck_assert_int_lt(wgp_find(g, "fires at F"), 0);
    uint64_t at_n = action_of(g, "A fires at N");
    /* the Austrians' option at A, read ahead on a clone */
    wg_game *c = NULL;
    ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
    for (int k = 0; k < 8 && !has_decision(c, "of N"); k++) {
        if (wgp_decider(c) == WG_PLAYER_CHANCE)
            die(c, 1);
        else
            wgp_choose(c, "holds its fire");
    }
    uint64_t at_a = action_of(c, "N fires at A");
    wg_game_free(c);
    wgp_choose(g, "A holds its fire");
    ASSERT_DECISION(g, "B");
    ck_assert_int_ge(wgp_find(g, "B fires at F (150 paces)"), 0);
    /* N, 800 paces to the left: the measured distance beyond the fusil's 200 (LA-FIRE-01) */
    ASSERT_REFUSED(wgp_refused(g, at_n), g, "N is 637 paces away, beyond the range of 200 paces (LA-FIRE-01)"); /* LA-FIRE-01 */
    /* A is a friend */
    ASSERT_REFUSED(wgp_refused(g, at_a), g, "A is a friendly unit");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("aigles_moves");
    TCase *tc = tcase_create("moves");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_cavalry_rally);
    tcase_add_test(tc, test_rally_breaks_off_melee);
    tcase_add_test(tc, test_forced_march);
    tcase_add_test(tc, test_slope_in_melee);
    tcase_add_test(tc, test_melee_overlap_figures);
    tcase_add_test(tc, test_support_does_not_charge);
    tcase_add_test(tc, test_precise_move_refusals);
    tcase_add_test(tc, test_fire_target_refusals);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    int rc = wgt_run(suite());
    free(army);
    return rc;
}
